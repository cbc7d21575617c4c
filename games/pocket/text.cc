// Pocket Battles: text forms of actions (describe/parse), decision prompts and reasons for
// illegal actions (docs/pocket.md lists every form).
#include <fmt/format.h>

#include <algorithm>
#include <sstream>

#include "games/pocket/pocket.h"

namespace feldherr::pocket {

namespace {

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
      return "unit " + U(0);
    case kPlace:
      return "place " + U(0) + " " + seg(a.arg(0), a.arg(1));
    case kRedeploy:
      return "redeploy " + U(0) + " " + seg(a.arg(0), a.arg(1));
    case kSkip:
      return "skip";
    case kMove:
      return "move " + U(0) + " " + seg(a.arg(0), a.arg(1));
    case kAttack:
      return a.argc == 1 ? "attack " + U(0) : "attack " + U(0) + " " + U(1);
    case kReactIntercept:
      return "react intercept " + U(0);
    case kReactShoot:
      return "react shoot " + U(0);
    case kReactWait:
      return "react wait";
    case kTarget:
      return "target " + U(0);
    case kContinue:
      return "continue " + U(0) + " " + U(1);
    case kLeave:
      return "leave " + U(0);
    case kShoot:
      return "shoot " + U(0) + " " + U(1);
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
      return "marker-from " + U(0);
    default:
      return "?";
  }
}

// PB Wunden 2 (A19): what giving up an order marker does to that unit's next order (PB §6).
std::string PocketState::annotate(const Action& a) const {
  if (a.verb != kMarkerFrom || a.arg(0) >= n_units) return "";
  const Unit& un = units[static_cast<size_t>(a.arg(0))];
  if (un.orders == 0) return "";
  return fmt::format("{} order marker{} on {}, {} after; its next order costs {} instead of {}",
                     un.orders, un.orders == 1 ? "" : "s", unit_label(a.arg(0)), un.orders - 1,
                     un.orders, un.orders + 1);
}

bool PocketState::parse(std::string_view text, Action& out, std::string& error) const {
  std::vector<std::string> w = split_words(text);
  if (w.empty()) {
    error = "empty action";
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
    error = "unknown unit '" + s + "'";
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
    error = "unknown troop '" + s + "'";
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
    error = "unknown segment '" + s + "' (e.g. left-front, centre-rear, right-front)";
    return false;
  };
  auto need = [&](size_t n) {
    if (w.size() != n) {
      error = fmt::format("'{}' takes {} word{}", w[0], n, n == 1 ? "" : "s");
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
    error = "unknown troop type '" + w[1] + "'";
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
      error = "no unit number " + w[1];
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
      error = "react takes 'wait', 'intercept <unit>' or 'shoot <unit>'";
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
      error = "roll takes one or two die faces";
      return false;
    }
    int d[2] = {0, 0};
    for (size_t i = 1; i < w.size(); ++i) {
      if (w[i].size() != 1 || w[i][0] < '1' || w[i][0] > '6') {
        error = "a die face is 1..6";
        return false;
      }
      d[i - 1] = w[i][0] - '0';
    }
    out = w.size() == 2 ? Action(kRoll, {d[0]}) : Action(kRoll, {d[0], d[1]});
    return true;
  }
  error = "unknown verb '" + v + "'";
  return false;
}

Decision PocketState::decision() const {
  Decision d;
  d.seat = current_seat();
  const auto& seats = game_->seats();
  auto who = [&](int s) { return s >= 0 ? seats[static_cast<size_t>(s)] : std::string("dice"); };
  switch (phase) {
    case kOver:
      d.kind = "over";
      d.prompt = "the game is over";
      return d;
    case kSelect:
      d.kind = "select";
      d.prompt = fmt::format("{}: pick a troop or say done ({} of {} DP used) (PB Aufbau 4)",
                             who(sel_seat), players[static_cast<size_t>(sel_seat)].picked_dp,
                             game_->opts().points);
      return d;
    case kForm:
      d.kind = "form";
      d.prompt = fmt::format(
          "{}: put {} into a new unit or an existing one (PB Aufbau 5)", who(sel_seat),
          form_troop >= 0
              ? game_->army(sel_seat).troops[troops[static_cast<size_t>(form_troop)].type].id
              : std::string("?"));
      return d;
    case kRollAB:
      d.kind = "roll";
      d.prompt = "each player rolls 1d6 for player A (PB Aufstellung 2)";
      return d;
    case kPlacement:
      d.kind = "place";
      d.prompt = fmt::format(
          "{}: place one unit in an own front or rear segment (PB Aufstellung 3)", who(active));
      return d;
    case kRoundEnd:
      d.kind = "voluntary-removal";
      d.prompt = fmt::format(
          "{}: remove wounded troops to regain their markers, or done (PB "
          "Spielablauf, round end)",
          who(sel_seat));
      return d;
    default:
      break;
  }
  if (!steps.empty()) {
    const Step& s = top();
    switch (s.kind) {
      case kStepReact:
        d.kind = "reaction";
        d.prompt =
            fmt::format("{}: react to the attack of {} (intercept, shoot or wait) (PB Aktion 2)",
                        who(1 - active), unit_label(s.a));
        return d;
      case kStepChooseTarget:
        d.kind = "target";
        d.prompt = fmt::format("{}: choose the enemy unit {} fights (PB Aktion 2 B/C)", who(active),
                               unit_label(s.a));
        return d;
      case kStepMeleeRoll:
        d.kind = "roll";
        d.prompt = fmt::format("{} d6 for {} striking {} (PB Gefecht 1)", s.n, unit_label(s.a),
                               unit_label(s.b));
        return d;
      case kStepShootRoll:
        d.kind = "roll";
        d.prompt = fmt::format("1 d6 for {} shooting at {} (PB Beschießen 2)", unit_label(s.a),
                               unit_label(s.b));
        return d;
      case kStepAlloc:
        d.kind = "allocate-wound";
        d.prompt = fmt::format(
            "{}: allocate 1 of {} wound{} to unit {} (remove a troop or place a "
            "wound marker) (PB Wunden)",
            who(units[static_cast<size_t>(s.a)].owner), s.n, s.n == 1 ? "" : "s", unit_label(s.a));
        return d;
      case kStepMarkerSource:
        d.kind = "wound-marker";
        d.prompt = fmt::format(
            "{}: no unused marker is left; choose the unit that gives up one of its order "
            "markers to become the wound marker on {} (PB Wunden)",
            who(troops[static_cast<size_t>(s.a)].owner), troop_label(s.a));
        return d;
      default:
        break;
    }
  }
  if (stage == kPhase1) {
    d.kind = "redeploy";
    d.prompt = fmt::format("{}: redeploy one unit for free, or skip (PB Phase 1)", who(active));
  } else if (stage == kMoreOrders) {
    d.kind = "order";
    d.prompt = fmt::format("{}: give another order or end the turn (PB Phase 2, many-orders)",
                           who(active));
  } else {
    d.kind = "order";
    d.prompt = fmt::format("{}: give one order or pass ({} markers in the pool) (PB Phase 2)",
                           who(active), players[static_cast<size_t>(active)].pool);
  }
  return d;
}

// The opponent's picks and the troop being formed are secret until the stacks are revealed
// (PB Aufbau 6): the other seat and observers read the selection prompts without them.
Decision PocketState::decision_for(int viewer) const {
  Decision d = decision();
  if (viewer == kNobody || viewer == d.seat) return d;
  const std::string& who = seat_id(std::max<int>(0, sel_seat));
  if (phase == kSelect)
    d.prompt = fmt::format("{}: pick a troop or say done (PB Aufbau 4)", who);
  else if (phase == kForm)
    d.prompt = fmt::format("{}: put a troop into a new unit or an existing one (PB Aufbau 5)", who);
  return d;
}

std::string PocketState::why_illegal(const Action& a) const {
  if (is_terminal()) return "the game is over";
  ActionList legal;
  legal_actions(legal);
  if (std::find(legal.begin(), legal.end(), a) != legal.end()) return "";
  std::string generic = "not a legal action now (" + decision().prompt + ")";
  int seat = current_seat();
  if (a.verb == kConcede && seat == kChance) return "PB Spielende 1: dice cannot concede";
  auto unit_ok = [&](int i) { return a.argc > i && a.arg(i) < n_units; };
  bool order_verb = a.verb == kMove || a.verb == kAttack || a.verb == kContinue ||
                    a.verb == kLeave || a.verb == kShoot || a.verb == kSpecial;
  if (phase == kBattle && steps.empty() && stage != kResolving && order_verb && unit_ok(0)) {
    const Unit& un = units[static_cast<size_t>(a.arg(0))];
    std::string L = unit_label(a.arg(0));
    if (un.owner != active)
      return fmt::format("PB Phase 2: {} is not a unit of {}", L, seat_id(active));
    if (!un.alive) return fmt::format("PB Wunden: {} has been destroyed", L);
    if (stage == kPhase1)
      return "PB Phase 1: first redeploy a unit or skip; orders are given in phase 2";
    if (un.flags & kRedeployed)
      return fmt::format("PB Phase 1: {} was redeployed this turn and may receive no order", L);
    if (un.orders + 1 > players[static_cast<size_t>(active)].pool)
      return fmt::format(
          "PB §6: an order for {} costs {} markers (markers on the unit + 1), the "
          "pool holds {}",
          L, un.orders + 1, players[static_cast<size_t>(active)].pool);
    if (a.verb == kSpecial && a_first_turn && active == seat_a)
      return "PB Aktion 6: special traits cannot be used in player A's first turn of the game";
    if (un.zone == kCombatZone &&
        (a.verb == kMove || a.verb == kAttack || a.verb == kShoot || a.verb == kSpecial))
      return fmt::format("PB §13: {} is in a combat and can only continue or leave it", L);
    if ((a.verb == kContinue || a.verb == kLeave) && un.zone != kCombatZone)
      return fmt::format("PB Aktion {}: {} is not in a combat", a.verb == kContinue ? 3 : 4, L);
    if ((a.verb == kContinue || a.verb == kLeave) && !(un.flags & kContactAtStart))
      return fmt::format("PB Aktion {} (A12): {} was not in contact at the start of this turn",
                         a.verb == kContinue ? 3 : 4, L);
    if (a.verb == kMove)
      return "PB Aktion 1: a tactical move goes to an adjacent own front or rear segment (no "
             "diagonal, never into the combat zone)";
    if (a.verb == kAttack) {
      if (un.zone != kFront)
        return fmt::format("PB Aktion 2: only a unit in its front zone may attack ({} is not)", L);
      if (!un.has_combat()) return fmt::format("PB Aktion 2: {} has no combat dice", L);
      bool primary;
      int n;
      attack_targets(a.arg(0), nullptr, &primary, &n);
      if (primary && a.argc == 1)
        return "PB Aktion 2 (A16): every enemy unit in the front or combat zone of this sector is "
               "alone against two units already; a combat never exceeds 2 vs 1";
      if (primary && a.argc == 2)
        return "PB Aktion 2: enemy units are in the front or combat zone of this sector; attack "
               "without naming a target (it is chosen after the reaction)";
      if (!primary && a.argc == 1)
        return "PB Aktion 2: no enemy unit in the front or combat zone of this sector; name a "
               "rear or flank target";
      if (a.argc == 2 && unit_ok(1) && !valid_target_for(a.arg(0), a.arg(1)))
        return "PB Aktion 2 (A16): a combat never exceeds 2 vs 1";
      return "PB Aktion 2: that unit is not a legal target (rear attack only when the sector's "
             "front and combat zone hold no enemy; flank attack only when the sector holds no "
             "enemy unit at all)";
    }
    if (a.verb == kShoot) {
      if (un.zone != kFront)
        return fmt::format("PB Aktion 5: only a unit in its front zone may shoot ({} is not)", L);
      if (!un.has_shooting()) return fmt::format("PB Aktion 5: {} has no shooting dice", L);
      return "PB Aktion 5: target priority: first the enemy front or combat zone of the sector, "
             "then its enemy rear zone, then (sector empty) front or combat zone of an adjacent "
             "sector";
    }
    if (a.verb == kSpecial)
      return "PB Aktion 6: no special trait of this unit applies to that troop (regenerate: a "
             "wounded troop with the trait; heal: a wounded troop of another unit in the sector)";
  }
  if (phase == kBattle && !steps.empty() && top().kind == kStepAlloc &&
      (a.verb == kWound || a.verb == kRemove) && a.arg(0) < n_troops) {
    const Troop& tr = troops[static_cast<size_t>(a.arg(0))];
    const TypeInfo& ti = type_of(a.arg(0));
    if (tr.unit != top().a)
      return fmt::format("PB Wunden: the wounds go to unit {}", unit_label(top().a));
    if (ti.lp == 0) return "PB §12 (A18): no wound may be assigned to a troop without life points";
    if (a.verb == kWound) {
      if (ti.lp <= 1) return "PB Wunden: wound markers go only on troops with more than 1 LP";
      if (tr.wounds + 1 >= ti.lp)
        return "PB Wunden (A17): this wound removes the troop; choose 'remove'";
      if (!marker_source_available(tr.owner))
        return "PB Wunden: no marker left in the pool or on units; the troop is removed instead "
               "(choose 'remove')";
    }
    return "PB Wunden: an identical troop of the unit is listed first; choose that one";
  }
  if (phase == kBattle && !steps.empty() && top().kind == kStepMarkerSource &&
      a.verb == kMarkerFrom) {
    int owner = troops[static_cast<size_t>(top().a)].owner;
    if (!unit_ok(0)) return "PB Wunden: name one of your units that carries order markers";
    const Unit& un = units[static_cast<size_t>(a.arg(0))];
    if (un.owner != owner)
      return fmt::format("PB Wunden: {} is not a unit of {}", unit_label(a.arg(0)), seat_id(owner));
    return fmt::format("PB Wunden: {} carries no order marker", unit_label(a.arg(0)));
  }
  if (a.verb == kMarkerFrom)
    return "PB Wunden: a unit gives up an order marker only for a wound marker when the pool is "
           "empty and order markers lie on more than one unit";
  if (phase == kBattle && !steps.empty() && top().kind == kStepReact &&
      (a.verb == kReactIntercept || a.verb == kReactShoot)) {
    if (top().b >= 0)
      return "PB Aktion 2: against a rear or flank attack the defender may only wait";
    if (unit_ok(0) && units[static_cast<size_t>(a.arg(0))].orders + 1 >
                          players[static_cast<size_t>(1 - active)].pool)
      return "PB §6 (A10): the reaction is an order and the pool cannot pay its cost";
    return "PB Aktion 2: the reacting unit must be in the defender's front zone of the sector, "
           "with combat dice (intercept) or shooting dice (shoot)";
  }
  if (phase == kBattle && stage == kPhase1 && a.verb == kRedeploy)
    return "PB Phase 1: redeployment goes to an adjacent own front or rear segment, never into or "
           "out of the combat zone";
  if (phase == kForm && (a.verb == kJoinUnit || a.verb == kNewUnit))
    return "PB Aufbau 5 / §12: a unit may not exceed the smallest formation value of its troops, "
           "and every unit needs a troop with life points";
  if (phase == kSelect && a.verb == kPick)
    return "PB Aufbau 4: the troop is not available, exceeds the agreed size, or (PB §12) a "
           "troop without LP has no troop to join";
  return generic;
}

}  // namespace feldherr::pocket
