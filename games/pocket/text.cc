// Pocket Battles: text forms of actions (describe/parse), decision prompts and reasons for
// illegal actions (docs/pocket.md lists every form).
#include <fmt/format.h>

#include <algorithm>
#include <initializer_list>
#include <sstream>

#include "games/pocket/pocket.h"

namespace feldherr::pocket {

namespace {

// The words joined by single spaces, in one allocation (describe runs for every legal action of
// every view).
std::string join_words(std::initializer_list<std::string_view> words) {
  size_t n = 0;
  for (std::string_view w : words) n += w.size() + 1;
  std::string out;
  out.reserve(n);
  for (std::string_view w : words) {
    if (!out.empty()) out += ' ';
    out += w;
  }
  return out;
}

std::vector<std::string> split_words(std::string_view text) {
  std::vector<std::string> w;
  std::string cur;
  for (char c : text) {
    if (c == ' ' || c == '\t' || c == ',') {
      if (!cur.empty()) w.push_back(cur);
      cur.clear();
    } else {
      cur += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    }
  }
  if (!cur.empty()) w.push_back(cur);
  return w;
}

}  // namespace

std::string PocketState::describe(const Action& a) const {
  auto U = [&](int i) { return unit_label(a.arg(i)); };
  auto seg = [&](int u, int s) -> std::string {
    if (u >= n_units || s >= 6) return "?";
    return seg_name(units[static_cast<size_t>(u)].owner, s / 3, s % 3);
  };
  switch (a.verb) {
    case kPick: {
      int seat = phase == kSelect ? sel_seat : 0;
      if (a.arg(0) < game_->num_types(seat))
        return "pick " + game_->army(seat).troops[static_cast<size_t>(a.arg(0))].id;
      return "pick ?";
    }
    case kSelectDone:
      return "done";
    case kNewUnit:
      return "new-unit";
    case kJoinUnit:
      return join_words({"unit", U(0)});
    case kPlace:
      return join_words({"place", U(0), seg(a.arg(0), a.arg(1))});
    case kRedeploy:
      return join_words({"redeploy", U(0), seg(a.arg(0), a.arg(1))});
    case kSkip:
      return "skip";
    case kMove:
      return join_words({"move", U(0), seg(a.arg(0), a.arg(1))});
    case kAttack:
      return a.argc == 1 ? join_words({"attack", U(0)}) : join_words({"attack", U(0), U(1)});
    case kReactIntercept:
      return join_words({"react intercept", U(0)});
    case kReactShoot:
      return join_words({"react shoot", U(0)});
    case kReactWait:
      return "react wait";
    case kTarget:
      return join_words({"target", U(0)});
    case kContinue:
      return join_words({"continue", U(0), U(1)});
    case kLeave:
      return join_words({"leave", U(0)});
    case kShoot:
      return join_words({"shoot", U(0), U(1)});
    case kSpecial:
      return "special " + U(0) + " " + (a.arg(1) < n_troops ? troop_label(a.arg(1)) : "?");
    case kPass:
      return "pass";
    case kWound:
      return "wound " + (a.arg(0) < n_troops ? troop_label(a.arg(0)) : "?");
    case kRemove:
      return "remove " + (a.arg(0) < n_troops ? troop_label(a.arg(0)) : "?");
    case kRoll:
      return a.argc == 2 ? fmt::format("roll {} {}", a.arg(0), a.arg(1))
                         : fmt::format("roll {}", a.arg(0));
    case kConcede:
      return "concede";
    case kEndTurn:
      return "end";
    case kMarkerFrom:
      return join_words({"marker-from", U(0)});
    default:
      return "?";
  }
}

// PB Wunden 2 (A19): what giving up an order marker does to that unit's next order (PB §6).
Text PocketState::annotate(const Action& a) const {
  if (a.verb != kMarkerFrom || a.arg(0) >= n_units) return {};
  const Unit& un = units[static_cast<size_t>(a.arg(0))];
  if (un.orders == 0) return {};
  return say("{0} order marker{1} on {2}, {3} after; its next order costs {4} instead of {5}",
             "{0} Befehlsmarker auf {2}, danach {3}; ihr nächster Befehl kostet {4} statt {5}",
             un.orders, un.orders == 1 ? "" : "s", unit_label(a.arg(0)), un.orders - 1, un.orders,
             un.orders + 1);
}

bool PocketState::parse_text(std::string_view text, Action& out, Text& error) const {
  std::vector<std::string> w = split_words(text);
  if (w.empty()) {
    error = {"empty action", "leere Aktion"};
    return false;
  }
  // A non-negative decimal number below `limit` (no sign, no overflow), else false.
  auto number = [](std::string_view d, int limit, int& value) {
    if (d.empty() || d.size() > 6 || !std::all_of(d.begin(), d.end(), ::isdigit)) return false;
    int v = 0;
    for (char c : d) v = v * 10 + (c - '0');
    if (v >= limit) return false;
    value = v;
    return true;
  };
  auto unit = [&](const std::string& s, int& u) {
    for (int i = 0; i < n_units; ++i)
      if (unit_label(i) == s) {
        u = i;
        return true;
      }
    // "u<index>": raw unit index.
    if (s.size() > 1 && s[0] == 'u' && number(std::string_view(s).substr(1), n_units, u))
      return true;
    error = say("unknown unit '{}'", "unbekannte Einheit '{}'", s);
    return false;
  };
  auto troop = [&](const std::string& s, int& t) {
    for (int i = 0; i < n_troops; ++i)
      if (troops[static_cast<size_t>(i)].unit >= 0 && troop_label(i) == s) {
        t = i;
        return true;
      }
    // "t<index>": raw troop index.
    if (s.size() > 1 && s[0] == 't' && number(std::string_view(s).substr(1), n_troops, t))
      return true;
    error = say("unknown troop '{}'", "unbekannte Truppe '{}'", s);
    return false;
  };
  auto segment = [&](int u, const std::string& s, int& seg) {
    int owner = units[static_cast<size_t>(u)].owner;
    for (int z = 0; z < 2; ++z)
      for (int c = 0; c < 3; ++c)
        if (seg_name(owner, z, c) == s) {
          seg = z * 3 + c;
          return true;
        }
    error = say("unknown sector '{}' (e.g. left-front, centre-rear, right-front)",
                "unbekannter Sektor '{}' (z. B. left-front, centre-rear, right-front)", s);
    return false;
  };
  auto need = [&](size_t n) {
    if (w.size() != n) {
      error = n == 1 ? say("'{}' takes {} word", "'{}' besteht aus {} Wort", w[0], n)
                     : say("'{}' takes {} words", "'{}' besteht aus {} Wörtern", w[0], n);
      return false;
    }
    return true;
  };
  const std::string& v = w[0];
  int u = 0, x = 0;
  if (v == "pick") {
    if (!need(2)) return false;
    int seat = phase == kSelect ? sel_seat : std::max(0, current_seat());
    for (int ty = 0; ty < game_->num_types(seat); ++ty) {
      const TroopType& tt = game_->army(seat).troops[static_cast<size_t>(ty)];
      if (tt.id == w[1] || game_->type(seat, ty).short_id == w[1]) {
        out = Action(kPick, {ty});
        return true;
      }
    }
    error = say("unknown troop type '{}'", "unbekannter Truppentyp '{}'", w[1]);
    return false;
  }
  if (v == "done") return need(1) && (out = Action(kSelectDone, {}), true);
  if (v == "new-unit") return need(1) && (out = Action(kNewUnit, {}), true);
  if (v == "unit") {
    if (!need(2)) return false;
    int num = 0;
    if (number(w[1], 1000, num)) {  // "unit 3": own unit number 3
      int seat = current_seat();
      for (int i = 0; i < n_units; ++i)
        if (units[static_cast<size_t>(i)].owner == seat &&
            units[static_cast<size_t>(i)].number == num) {
          out = Action(kJoinUnit, {i});
          return true;
        }
      error = say("no unit number {}", "keine Einheit mit der Nummer {}", w[1]);
      return false;
    }
    if (!unit(w[1], u)) return false;
    out = Action(kJoinUnit, {u});
    return true;
  }
  if (v == "place" || v == "redeploy" || v == "move") {
    if (!need(3) || !unit(w[1], u) || !segment(u, w[2], x)) return false;
    out = Action(v == "place" ? kPlace : v == "redeploy" ? kRedeploy : kMove, {u, x});
    return true;
  }
  if (v == "skip" || v == "pass-phase1") return need(1) && (out = Action(kSkip, {}), true);
  if (v == "attack") {
    if (w.size() == 2) {
      if (!unit(w[1], u)) return false;
      out = Action(kAttack, {u});
      return true;
    }
    if (!need(3) || !unit(w[1], u) || !unit(w[2], x)) return false;
    out = Action(kAttack, {u, x});
    return true;
  }
  if (v == "react") {
    if (w.size() == 2 && w[1] == "wait") {
      out = Action(kReactWait, {});
      return true;
    }
    if (!need(3) || (w[1] != "intercept" && w[1] != "shoot")) {
      error = {"react takes 'wait', 'intercept <unit>' or 'shoot <unit>'",
               "react braucht 'wait', 'intercept <Einheit>' oder 'shoot <Einheit>'"};
      return false;
    }
    if (!unit(w[2], u)) return false;
    out = Action(w[1] == "intercept" ? kReactIntercept : kReactShoot, {u});
    return true;
  }
  if (v == "wait") return need(1) && (out = Action(kReactWait, {}), true);
  if (v == "target" || v == "leave") {
    if (!need(2) || !unit(w[1], u)) return false;
    out = Action(v == "target" ? kTarget : kLeave, {u});
    return true;
  }
  if (v == "continue" || v == "shoot") {
    if (!need(3) || !unit(w[1], u) || !unit(w[2], x)) return false;
    out = Action(v == "continue" ? kContinue : kShoot, {u, x});
    return true;
  }
  if (v == "special") {
    if (!need(3) || !unit(w[1], u) || !troop(w[2], x)) return false;
    out = Action(kSpecial, {u, x});
    return true;
  }
  if (v == "pass") return need(1) && (out = Action(kPass, {}), true);
  if (v == "end") return need(1) && (out = Action(kEndTurn, {}), true);
  if (v == "concede") return need(1) && (out = Action(kConcede, {}), true);
  if (v == "marker-from" || v == "marker") {
    if (!need(2) || !unit(w[1], u)) return false;
    out = Action(kMarkerFrom, {u});
    return true;
  }
  if (v == "wound" || v == "remove") {
    if (!need(2) || !troop(w[1], x)) return false;
    out = Action(v == "wound" ? kWound : kRemove, {x});
    return true;
  }
  if (v == "roll") {
    if (w.size() != 2 && w.size() != 3) {
      error = {"roll takes one or two die faces", "roll braucht ein oder zwei Würfelaugen"};
      return false;
    }
    int d[2] = {0, 0};
    for (size_t i = 1; i < w.size(); ++i) {
      if (w[i].size() != 1 || w[i][0] < '1' || w[i][0] > '6') {
        error = {"a die face is 1..6", "ein Würfel zeigt 1 bis 6"};
        return false;
      }
      d[i - 1] = w[i][0] - '0';
    }
    out = w.size() == 2 ? Action(kRoll, {d[0]}) : Action(kRoll, {d[0], d[1]});
    return true;
  }
  error = say("unknown verb '{}'", "unbekanntes Verb '{}'", v);
  return false;
}

Decision PocketState::decision() const {
  Decision d;
  d.seat = current_seat();
  // The deciding side as a prompt's first word names it ("Orcs: pick a troop").
  auto who = [&](int s) { return s >= 0 ? game_->side_name(s).en : std::string("Dice"); };
  auto who_de = [&](int s) { return s >= 0 ? seat_de(s) : std::string("Würfel"); };
  switch (phase) {
    case kOver:
      d.kind = "over";
      d.say({"the game is over", "das Spiel ist vorbei"});
      return d;
    case kSelect:
      d.kind = "select";
      d.say(say("{0}: pick a troop or say done ({2} of {3} DP used) (PB Aufbau 4)",
                "{1}: eine Truppe wählen oder fertig ({2} von {3} AP verbraucht) (PB Aufbau 4)",
                who(sel_seat), who_de(sel_seat), players[static_cast<size_t>(sel_seat)].picked_dp,
                game_->opts().points));
      return d;
    case kForm: {
      d.kind = "form";
      const TroopType* tt =
          form_troop >= 0
              ? &game_->army(sel_seat).troops[troops[static_cast<size_t>(form_troop)].type]
              : nullptr;
      const std::string id = tt ? tt->id : std::string("?");
      const std::string name = tt && !tt->name_de.empty() ? tt->name_de : id;
      d.say(say("{0}: put {2} into a new unit or an existing one (PB Aufbau 5)",
                "{1}: {3} in eine neue oder eine bestehende Einheit legen (PB Aufbau 5)",
                who(sel_seat), who_de(sel_seat), id, name));
      return d;
    }
    case kRollAB:
      d.kind = "roll";
      d.say({"each player rolls 1d6 for player A (PB Aufstellung 2)",
             "jeder Spieler wirft 1 Würfel; wer höher würfelt, ist Spieler A (PB Aufstellung 2)"});
      return d;
    case kPlacement:
      d.kind = "place";
      d.say(say("{0}: place one unit in an own front or rear segment (PB Aufstellung 3)",
                "{1}: eine Einheit in ein eigenes Front- oder Rückraumfeld legen (PB Aufstellung "
                "3)",
                who(active), who_de(active)));
      return d;
    case kRoundEnd:
      d.kind = "voluntary-removal";
      d.say(
          say("{0}: remove wounded troops to regain their markers, or done (PB "
              "Spielablauf, round end)",
              "{1}: verwundete Truppen freiwillig entfernen, um ihre Wundenmarker "
              "zurückzuerhalten, oder fertig (PB Spielablauf, Ende der Schlachtrunde)",
              who(sel_seat), who_de(sel_seat)));
      return d;
    default:
      break;
  }
  if (!steps.empty()) {
    const Step& s = top();
    switch (s.kind) {
      case kStepReact:
        d.kind = "reaction";
        d.say(say("{0}: react to the attack of {2} (intercept, shoot or wait) (PB Aktion 2)",
                  "{1}: auf den Angriff von {2} reagieren (abfangen, beschießen oder abwarten) "
                  "(PB Aktion 2)",
                  who(1 - active), who_de(1 - active), unit_label(s.a)));
        return d;
      case kStepChooseTarget:
        d.kind = "target";
        d.say(say("{0}: choose the enemy unit {2} fights (PB Aktion 2 B/C)",
                  "{1}: die gegnerische Einheit wählen, gegen die {2} kämpft (PB Aktion 2 B/C)",
                  who(active), who_de(active), unit_label(s.a)));
        return d;
      case kStepMeleeRoll:
        d.kind = "roll";
        d.say(say("{0} d6 for {1} striking {2} (PB Gefecht 1)",
                  "{0} Würfel: {1} schlägt gegen {2} zu (PB Gefecht 1)", s.n, unit_label(s.a),
                  unit_label(s.b)));
        return d;
      case kStepShootRoll:
        d.kind = "roll";
        d.say(say("1 d6 for {0} shooting at {1} (PB Beschießen 2)",
                  "1 Würfel: {0} beschießt {1} (PB Beschießen 2)", unit_label(s.a),
                  unit_label(s.b)));
        return d;
      case kStepAlloc: {
        d.kind = "allocate-wound";
        const int owner = units[static_cast<size_t>(s.a)].owner;
        d.say(
            say("{0}: allocate 1 of {2} wound{3} to unit {4} (remove a troop or place a "
                "wound marker) (PB Wunden)",
                "{1}: 1 von {2} Wunde{5} der Einheit {4} zuteilen (eine Truppe entfernen oder "
                "einen Wundenmarker legen) (PB Wunden)",
                who(owner), who_de(owner), s.n, s.n == 1 ? "" : "s", unit_label(s.a),
                s.n == 1 ? "" : "n"));
        return d;
      }
      case kStepMarkerSource: {
        d.kind = "wound-marker";
        const int owner = troops[static_cast<size_t>(s.a)].owner;
        d.say(
            say("{0}: no unused marker is left; choose the unit that gives up one of its order "
                "markers to become the wound marker on {2} (PB Wunden)",
                "{1}: kein unbenutzter Marker ist übrig; die Einheit wählen, die einen ihrer "
                "Befehlsmarker als Wundenmarker für {3} abgibt (PB Wunden)",
                who(owner), who_de(owner), troop_name(s.a, Lang::kEn), troop_name(s.a, Lang::kDe)));
        return d;
      }
      default:
        break;
    }
  }
  if (stage == kPhase1) {
    d.kind = "redeploy";
    d.say(say("{0}: redeploy one unit for free, or skip (PB Phase 1)",
              "{1}: eine Einheit kostenlos umstationieren oder auslassen (PB Phase 1)", who(active),
              who_de(active)));
  } else if (stage == kMoreOrders) {
    d.kind = "order";
    d.say(say("{0}: give another order or end the turn (PB Phase 2, many-orders)",
              "{1}: einen weiteren Befehl geben oder den Spielzug beenden (PB Phase 2, "
              "many-orders)",
              who(active), who_de(active)));
  } else {
    d.kind = "order";
    d.say(say("{0}: give one order or pass ({2} markers in the pool) (PB Phase 2)",
              "{1}: einen Befehl geben oder passen ({2} Befehlsmarker im Vorrat) (PB Phase 2)",
              who(active), who_de(active), players[static_cast<size_t>(active)].pool));
  }
  return d;
}

// The opponent's picks and the troop being formed are secret until the stacks are revealed
// (PB Aufbau 6): the other seat and observers read the selection prompts without them.
Decision PocketState::decision_for(int viewer) const {
  Decision d = decision();
  if (viewer == kNobody || viewer == d.seat) return d;
  const int seat = std::max<int>(0, sel_seat);
  const std::string who = game_->side_name(seat).en;
  const std::string who_de = seat_de(seat);
  if (phase == kSelect)
    d.say(say("{0}: pick a troop or say done (PB Aufbau 4)",
              "{1}: eine Truppe wählen oder fertig (PB Aufbau 4)", who, who_de));
  else if (phase == kForm)
    d.say(say("{0}: put a troop into a new unit or an existing one (PB Aufbau 5)",
              "{1}: eine Truppe in eine neue oder eine bestehende Einheit legen (PB Aufbau 5)", who,
              who_de));
  return d;
}

Text PocketState::why_illegal_text(const Action& a) const {
  if (is_terminal()) return {"the game is over", "das Spiel ist vorbei"};
  ActionList legal;
  legal_actions(legal);
  if (std::find(legal.begin(), legal.end(), a) != legal.end()) return {};
  const Decision now = decision();
  const Text generic{"not a legal action now (" + now.prompt + ")",
                     "jetzt keine erlaubte Aktion (" + now.prompt_de + ")"};
  int seat = current_seat();
  if (a.verb == kConcede && seat == kChance)
    return {"PB Spielende 1: dice cannot concede", "PB Spielende 1: Würfel können nicht aufgeben"};
  auto unit_ok = [&](int i) { return a.argc > i && a.arg(i) < n_units; };
  bool order_verb = a.verb == kMove || a.verb == kAttack || a.verb == kContinue ||
                    a.verb == kLeave || a.verb == kShoot || a.verb == kSpecial;
  if (phase == kBattle && steps.empty() && stage != kResolving && order_verb && unit_ok(0)) {
    const Unit& un = units[static_cast<size_t>(a.arg(0))];
    std::string L = unit_label(a.arg(0));
    if (un.owner != active)
      return say("PB Phase 2: {0} is not a unit of {1}",
                 "PB Phase 2: {0} ist keine Einheit der {2}", L, seat_id(active), seat_de(active));
    if (!un.alive)
      return say("PB Wunden: {} has been destroyed", "PB Wunden: {} wurde vernichtet", L);
    if (stage == kPhase1)
      return {"PB Phase 1: first redeploy a unit or skip; orders are given in phase 2",
              "PB Phase 1: zuerst eine Einheit umstationieren oder auslassen; Befehle gibt es in "
              "Phase 2"};
    if (un.flags & kRedeployed)
      return say("PB Phase 1: {} was redeployed this turn and may receive no order",
                 "PB Phase 1: {} wurde in diesem Spielzug umstationiert und darf keinen Befehl "
                 "erhalten",
                 L);
    if (un.orders + 1 > players[static_cast<size_t>(active)].pool)
      return say(
          "PB §6: an order for {} costs {} markers (markers on the unit + 1), the "
          "pool holds {}",
          "PB §6: ein Befehl für {} kostet {} Befehlsmarker (Marker auf der Einheit + 1), der "
          "Vorrat hat {}",
          L, un.orders + 1, players[static_cast<size_t>(active)].pool);
    if (a.verb == kSpecial && a_first_turn && active == seat_a)
      return {"PB Aktion 6: special traits cannot be used in player A's first turn of the game",
              "PB Aktion 6: Sonderfähigkeiten dürfen im ersten Spielzug von Spieler A nicht "
              "eingesetzt werden"};
    if (un.zone == kCombatZone &&
        (a.verb == kMove || a.verb == kAttack || a.verb == kShoot || a.verb == kSpecial))
      return say("PB §13: {} is in a combat and can only continue or leave it",
                 "PB §13: {} ist in einem Gefecht und kann es nur fortführen oder verlassen", L);
    if ((a.verb == kContinue || a.verb == kLeave) && un.zone != kCombatZone)
      return say("PB Aktion {}: {} is not in a combat", "PB Aktion {}: {} ist in keinem Gefecht",
                 a.verb == kContinue ? 3 : 4, L);
    if ((a.verb == kContinue || a.verb == kLeave) && !(un.flags & kContactAtStart))
      return say("PB Aktion {} (A12): {} was not in contact at the start of this turn",
                 "PB Aktion {} (A12): {} war zu Beginn dieses Spielzugs nicht in Kontakt",
                 a.verb == kContinue ? 3 : 4, L);
    if (a.verb == kMove)
      return {
          "PB Aktion 1: a tactical move goes to an adjacent own front or rear segment (no "
          "diagonal, never into the combat zone)",
          "PB Aktion 1: eine taktische Bewegung führt in ein benachbartes eigenes Front- oder "
          "Rückraumfeld (nicht diagonal, nie in die Gefechtszone)"};
    if (a.verb == kAttack) {
      if (un.zone != kFront)
        return say("PB Aktion 2: only a unit in its front zone may attack ({} is not)",
                   "PB Aktion 2: nur eine Einheit in ihrer Frontzone darf angreifen ({} ist es "
                   "nicht)",
                   L);
      if (!un.has_combat())
        return say("PB Aktion 2: {} has no combat dice", "PB Aktion 2: {} hat keine Gefechtswürfel",
                   L);
      bool primary;
      int n;
      attack_targets(a.arg(0), nullptr, &primary, &n);
      if (primary && a.argc == 1)
        return {
            "PB Aktion 2 (A16): every enemy unit in the front or combat zone of this sector is "
            "alone against two units already; a combat never exceeds 2 vs 1",
            "PB Aktion 2 (A16): jede gegnerische Einheit in der Front- oder Gefechtszone "
            "dieses Sektors steht schon allein gegen zwei Einheiten; ein Gefecht ist nie "
            "größer als 2 gegen 1"};
      if (primary && a.argc == 2)
        return {
            "PB Aktion 2: enemy units are in the front or combat zone of this sector; attack "
            "without naming a target (it is chosen after the reaction)",
            "PB Aktion 2: gegnerische Einheiten stehen in der Front- oder Gefechtszone dieses "
            "Sektors; ohne Ziel angreifen (es wird nach der Reaktion gewählt)"};
      if (!primary && a.argc == 1)
        return {
            "PB Aktion 2: no enemy unit in the front or combat zone of this sector; name a "
            "rear or flank target",
            "PB Aktion 2: keine gegnerische Einheit in der Front- oder Gefechtszone dieses "
            "Sektors; ein Ziel im Rückraum oder in der Flanke nennen"};
      if (a.argc == 2 && unit_ok(1) && !valid_target_for(a.arg(0), a.arg(1)))
        return {"PB Aktion 2 (A16): a combat never exceeds 2 vs 1",
                "PB Aktion 2 (A16): ein Gefecht ist nie größer als 2 gegen 1"};
      return {
          "PB Aktion 2: that unit is not a legal target (rear attack only when the sector's "
          "front and combat zone hold no enemy; flank attack only when the sector holds no "
          "enemy unit at all)",
          "PB Aktion 2: diese Einheit ist kein erlaubtes Ziel (Angriff in den Rückraum nur, "
          "wenn Front- und Gefechtszone des Sektors keinen Gegner enthalten; Flankenangriff "
          "nur, wenn im Sektor gar keine gegnerische Einheit steht)"};
    }
    if (a.verb == kShoot) {
      if (un.zone != kFront)
        return say("PB Aktion 5: only a unit in its front zone may shoot ({} is not)",
                   "PB Aktion 5: nur eine Einheit in ihrer Frontzone darf beschießen ({} ist es "
                   "nicht)",
                   L);
      if (!un.has_shooting())
        return say("PB Aktion 5: {} has no shooting dice", "PB Aktion 5: {} hat keine Schusswürfel",
                   L);
      return {
          "PB Aktion 5: target priority: first the enemy front or combat zone of the sector, "
          "then its enemy rear zone, then (sector empty) front or combat zone of an adjacent "
          "sector",
          "PB Aktion 5: Reihenfolge der Ziele: zuerst die gegnerische Front- oder Gefechtszone "
          "des Sektors, dann sein gegnerischer Rückraum, dann (Sektor leer) die Front- oder "
          "Gefechtszone eines benachbarten Sektors"};
    }
    if (a.verb == kSpecial)
      return {
          "PB Aktion 6: no special trait of this unit applies to that troop (regenerate: a "
          "wounded troop with the trait; heal: a wounded troop of another unit in the sector)",
          "PB Aktion 6: keine Sonderfähigkeit dieser Einheit wirkt auf diese Truppe "
          "(Regenerieren: eine verwundete Truppe mit der Fähigkeit; Heilen: eine verwundete "
          "Truppe einer anderen Einheit im Sektor)"};
  }
  if (phase == kBattle && !steps.empty() && top().kind == kStepAlloc &&
      (a.verb == kWound || a.verb == kRemove) && a.arg(0) < n_troops) {
    const Troop& tr = troops[static_cast<size_t>(a.arg(0))];
    const TypeInfo& ti = type_of(a.arg(0));
    if (tr.unit != top().a)
      return say("PB Wunden: the wounds go to unit {}", "PB Wunden: die Wunden gehen an Einheit {}",
                 unit_label(top().a));
    if (ti.lp == 0)
      return {"PB §12 (A18): no wound may be assigned to a troop without life points",
              "PB §12 (A18): einer Truppe ohne Lebenspunkte darf keine Wunde zugeteilt werden"};
    if (a.verb == kWound) {
      if (ti.lp <= 1)
        return {"PB Wunden: wound markers go only on troops with more than 1 LP",
                "PB Wunden: Wundenmarker kommen nur auf Truppen mit mehr als 1 LP"};
      if (tr.wounds + 1 >= ti.lp)
        return {"PB Wunden (A17): this wound removes the troop; choose 'remove'",
                "PB Wunden (A17): diese Wunde entfernt die Truppe; 'remove' wählen"};
      if (!marker_source_available(tr.owner))
        return {
            "PB Wunden: no marker left in the pool or on units; the troop is removed instead "
            "(choose 'remove')",
            "PB Wunden: kein Marker mehr im Vorrat oder auf Einheiten; die Truppe wird "
            "stattdessen entfernt ('remove' wählen)"};
    }
    return {"PB Wunden: an identical troop of the unit is listed first; choose that one",
            "PB Wunden: eine gleiche Truppe der Einheit steht weiter vorn; diese wählen"};
  }
  if (phase == kBattle && !steps.empty() && top().kind == kStepMarkerSource &&
      a.verb == kMarkerFrom) {
    int owner = troops[static_cast<size_t>(top().a)].owner;
    if (!unit_ok(0))
      return {"PB Wunden: name one of your units that carries order markers",
              "PB Wunden: eine eigene Einheit nennen, auf der Befehlsmarker liegen"};
    const Unit& un = units[static_cast<size_t>(a.arg(0))];
    if (un.owner != owner)
      return say("PB Wunden: {0} is not a unit of {1}", "PB Wunden: {0} ist keine Einheit der {2}",
                 unit_label(a.arg(0)), seat_id(owner), seat_de(owner));
    return say("PB Wunden: {} carries no order marker",
               "PB Wunden: auf {} liegt kein Befehlsmarker", unit_label(a.arg(0)));
  }
  if (a.verb == kMarkerFrom)
    return {
        "PB Wunden: a unit gives up an order marker only for a wound marker when the pool is "
        "empty and order markers lie on more than one unit",
        "PB Wunden: eine Einheit gibt nur dann einen Befehlsmarker als Wundenmarker ab, wenn "
        "der Vorrat leer ist und Befehlsmarker auf mehr als einer Einheit liegen"};
  if (phase == kBattle && !steps.empty() && top().kind == kStepReact &&
      (a.verb == kReactIntercept || a.verb == kReactShoot)) {
    if (top().b >= 0)
      return {"PB Aktion 2: against a rear or flank attack the defender may only wait",
              "PB Aktion 2: gegen einen Angriff in Rückraum oder Flanke darf der Verteidiger nur "
              "abwarten"};
    if (unit_ok(0) && units[static_cast<size_t>(a.arg(0))].orders + 1 >
                          players[static_cast<size_t>(1 - active)].pool)
      return {"PB §6 (A10): the reaction is an order and the pool cannot pay its cost",
              "PB §6 (A10): die Reaktion ist ein Befehl, und der Vorrat kann ihn nicht bezahlen"};
    return {
        "PB Aktion 2: the reacting unit must be in the defender's front zone of the sector, "
        "with combat dice (intercept) or shooting dice (shoot)",
        "PB Aktion 2: die reagierende Einheit muss in der Frontzone des Verteidigers in diesem "
        "Sektor stehen, mit Gefechtswürfeln (abfangen) oder Schusswürfeln (beschießen)"};
  }
  if (phase == kBattle && stage == kPhase1 && a.verb == kRedeploy)
    return {
        "PB Phase 1: redeployment goes to an adjacent own front or rear segment, never into or "
        "out of the combat zone",
        "PB Phase 1: eine Umstationierung führt in ein benachbartes eigenes Front- oder "
        "Rückraumfeld, nie in die Gefechtszone hinein oder aus ihr heraus"};
  if (phase == kForm && (a.verb == kJoinUnit || a.verb == kNewUnit))
    return {
        "PB Aufbau 5 / §12: a unit may not exceed the smallest formation value of its troops, "
        "and every unit needs a troop with life points",
        "PB Aufbau 5 / §12: eine Einheit darf nicht größer sein als der kleinste "
        "Formationswert ihrer Truppen, und jede Einheit braucht eine Truppe mit Lebenspunkten"};
  if (phase == kSelect && a.verb == kPick)
    return {
        "PB Aufbau 4: the troop is not available, exceeds the agreed size, or (PB §12) a "
        "troop without LP has no troop to join",
        "PB Aufbau 4: die Truppe ist nicht verfügbar, überschreitet die vereinbarte Größe, "
        "oder (PB §12) eine Truppe ohne LP hat keine Truppe, der sie sich anschließen kann"};
  return generic;
}

}  // namespace feldherr::pocket
