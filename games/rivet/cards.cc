// Rivet Wars Action! cards (content §6, stand-ins matching the card anatomy of RW §14.3): the
// windows W1-W9 and the effects of the cards played by the active player in W1 (card phase),
// W2 (deployment), W3 (combat activation), W6 (movement activation) and W7 (wrap-up).
// W5 (between activations of the combat phase) and the reaction windows W4 (attacker, after the
// roll), W8 (defender, before the roll) and W9 (defender, after a hit) are offered by rules.cc
// during a pending attack (RivetState::legal_actions) and resolved here.
#include <algorithm>

#include "games/rivet/rivet.h"

namespace feldherr::rivet {

namespace {

// AC-08 Creeping Barrage and AC-09 Satchel Charge attack rows (content §6.4).
constexpr std::array<int, 5> kBarrage = {2, 1, 1, 0, 0};
constexpr std::array<int, 5> kSatchel = {0, 3, 3, 3, 3};

// Argument kinds of a card's play command: u unit, w weapon, s segment, m field placement,
// t terrain (minefield / tank_trap), S secret mission.
std::string Schema(const std::string& id) {
  if (id == "AC-04") return "uw";
  if (id == "AC-05" || id == "AC-16" || id == "AC-17") return "u";
  if (id == "AC-14" || id == "AC-08" || id == "AC-10") return "s";
  if (id == "AC-09") return "uu";
  if (id == "AC-11") return "u";
  if (id == "AC-15") return "st";
  if (id == "AC-20") return "sm";
  if (id == "AC-24") return "S";
  return "";
}

}  // namespace

std::string play_schema(const std::string& card_id) {
  return Schema(card_id);
}

bool RivetState::deploy_segment(int seg) const {
  const Board& b = board();
  if (b.deploy[static_cast<size_t>(seg)][static_cast<size_t>(active)]) return true;
  // AC-22 Forward Depot: own territory with own infantry counts as a deployment segment.
  if (!forward_depot || b.territory[static_cast<size_t>(seg)] != active) return false;
  for (const Unit& u : units)
    if (u.seg == seg && u.owner == active && is_infantry(u)) return true;
  return false;
}

int RivetState::attacks_of(const Unit& u, int weapon) const {
  const auto& ws = weapons(u);
  if (weapon < 0 || weapon >= static_cast<int>(ws.size())) return 0;
  return ws[static_cast<size_t>(weapon)].attacks + (u.card_extra == weapon ? 1 : 0);
}

bool RivetState::is_sniper(const Unit& u) const {
  return u.card_sniper || ability(u, AbilityKind::kSniper) >= 0;
}

// W1 pauses the card phase when the active player could play AC-23 or AC-24 (a secret mission
// in hand to exchange) for all the opponent can tell (may_hold), like W7 (content §6.2 W1).
bool RivetState::has_w1_play() const {
  if (game_->opts().legacy_w1) {  // logs of games played before: a pause for a holder only
    ActionList plays;
    card_plays(plays);
    return !plays.empty();
  }
  return may_hold(active, "AC-23") ||
         (mission().secret_missions && !secrets[active].empty() && may_hold(active, "AC-24"));
}

// W7 pauses the turn when the active player could play AC-16 (a damaged vehicle) or AC-17 (a
// damaged infantry unit) for all the opponent can tell (may_hold): a pause only for a real
// holder would show the opponent the card (content §6.2 W7).
bool RivetState::has_w7_play() const {
  for (const char* id : {"AC-16", "AC-17"}) {
    if (!may_hold(active, id)) continue;
    for (const Unit& u : units)
      if (u.owner == active && u.damage > 0 && (std::string_view(id) == "AC-17") == is_infantry(u))
        return true;
  }
  return false;
}

void RivetState::card_plays(ActionList& out) const {
  const auto& data = game_->data();
  if (pending.active || !retreat.empty()) return;
  std::vector<int> seen;
  for (int c : hands[active]) {
    if (std::find(seen.begin(), seen.end(), c) != seen.end()) continue;
    seen.push_back(c);
    const ActionCard& card = data.actions[static_cast<size_t>(c)];
    const std::string& id = card.id;
    auto add = [&](int a, int b) { out.push_back(Action(kPlay, {c, a, b})); };
    // Active units of the activated segment (W3 / W6).
    std::vector<const Unit*> act;
    for (const Unit& u : units)
      if (u.owner == active && u.seg == activated_seg &&
          ((phase == Phase::kCombat && u.combat == 1) ||
           (phase == Phase::kMovement && u.move == 1)))
        act.push_back(&u);
    bool infantry = false;
    for (const Unit* u : act) infantry = infantry || is_infantry(*u);
    switch (card.window) {
      case 1:
        if (phase != Phase::kCards || card_step != 3) break;
        if (id == "AC-23") add(0, 0);
        if (id == "AC-24" && mission().secret_missions)
          for (int sm : secrets[active]) add(sm, 0);
        break;
      case 2:
        if (phase != Phase::kDeployment || window_used) break;
        if (id == "AC-21") add(0, 0);
        if (id == "AC-22" && !forward_depot) add(0, 0);
        if (id == "AC-20") {
          const int t = data.unit_index(active == kAllies ? "rifleman" : "panzerfaust");
          int n = 0;
          for (const Unit& u : units) n += u.type == t;
          if (n >= data.units[static_cast<size_t>(t)].miniatures) break;
          Unit probe;
          probe.type = t;
          probe.owner = active;
          for (int s = 0; s < board().num_segments(); ++s) {
            if (!deploy_segment(s) || entry_block_kind(t, active, s) != EntryBlock::kNone) continue;
            for (int m : masks_for(probe, s, -1)) add(s, m);
          }
        }
        break;
      case 3:
        if (phase != Phase::kCombat || activated_seg < 0 || !window_open || window_used) break;
        if ((id == "AC-01" || id == "AC-02") && infantry) add(0, 0);
        if (id == "AC-03" || id == "AC-06") {
          if (!act.empty()) add(0, 0);
        }
        if (id == "AC-04")
          for (const Unit* u : act)
            for (int w = 0; w < static_cast<int>(weapons(*u).size()); ++w) add(u->id, w);
        if (id == "AC-05")
          for (const Unit* u : act) add(u->id, 0);
        break;
      case 5: {  // W5: own combat phase, between activations (playing ends the current one)
        if (phase != Phase::kCombat || w5_used) break;
        if (id == "AC-08")
          for (int s = 0; s < board().num_segments(); ++s)
            if (seg_owner(s) != active) add(s, 0);
        if (id == "AC-10")
          for (int s = 0; s < board().num_segments(); ++s) add(s, 0);
        if (id == "AC-09") {
          for (const Unit& u : units) {
            if (u.owner != active || !is_infantry(u) || u.combat != 0) continue;
            for (const Unit& t : units) {
              if (t.owner == active || is_infantry(t)) continue;
              if (!Adjacent8(board().cell(u.seg), board().cell(t.seg))) continue;
              if (kSatchel[static_cast<size_t>(type_of(t).armour)] > 0) add(u.id, t.id);
            }
          }
        }
        if (id == "AC-11") {
          for (const Unit& t : units) {
            if (t.owner == active || is_infantry(t) || t.bogged) continue;
            bool duck = false;
            for (int f = 0; f < 4; ++f)
              if ((t.fields >> f) & 1)
                duck =
                    duck || board().duckboard[static_cast<size_t>(t.seg)][static_cast<size_t>(f)];
            if (!duck) add(t.id, 0);
          }
        }
        break;
      }
      case 6: {
        if (phase != Phase::kMovement || activated_seg < 0 || !window_open || window_used) break;
        if (id == "AC-12" && !act.empty()) add(0, 0);
        if (id == "AC-13" && infantry) add(0, 0);
        bool own_infantry = false;
        for (const Unit& u : units)
          own_infantry =
              own_infantry || (u.owner == active && u.seg == activated_seg && is_infantry(u));
        if (!own_infantry || (id != "AC-14" && id != "AC-15")) break;
        const SquareCell here = board().cell(activated_seg);
        for (int s = 0; s < board().num_segments(); ++s) {
          const bool adjacent = Adjacent8(here, board().cell(s));
          if (id == "AC-14" && adjacent && terrain_in(s, Terrain::kWire)) add(s, 0);
          if (id == "AC-15" && (adjacent || s == activated_seg)) {
            if (terrain_in(s, Terrain::kMinefield)) add(s, static_cast<int>(Terrain::kMinefield));
            if (terrain_in(s, Terrain::kTankTrap)) add(s, static_cast<int>(Terrain::kTankTrap));
          }
        }
        break;
      }
      case 7:
        if (phase != Phase::kWrapUp || window_used) break;
        for (const Unit& u : units) {
          if (u.owner != active || u.damage == 0) continue;
          if ((id == "AC-16" && !is_infantry(u)) || (id == "AC-17" && is_infantry(u))) add(u.id, 0);
        }
        break;
      default:
        break;  // W4, W8, W9: the reaction windows, offered by rules.cc (see the header)
    }
  }
}

Text RivetState::card_why(const Action& a) const {
  const auto& data = game_->data();
  if (a.arg(0) >= static_cast<int>(data.actions.size()))
    return {"no such Action! card", "keine solche Action!-Karte"};
  const ActionCard& card = data.actions[static_cast<size_t>(a.arg(0))];
  const auto& h = hands[active];
  if (std::find(h.begin(), h.end(), a.arg(0)) == h.end())
    return say("content §6.1: {} is not in your hand", "content §6.1: {} ist nicht auf deiner Hand",
               card.id);
  if (!mission().action_cards)
    return {"RW §12: this mission uses no Action! cards",
            "RW §12: diese Mission verwendet keine Action!-Karten"};
  if (card.window == 4 || card.window == 8 || card.window == 9)
    return say("content §6.2 W{0}: {1} is played as a reaction during an attack ({2})",
               "content §6.2 W{0}: {1} wird als Reaktion während eines Angriffs gespielt ({3})",
               card.window, card.name,
               card.window == 4   ? "after your own roll"
               : card.window == 8 ? "before the enemy roll"
                                  : "after an enemy hit",
               card.window == 4   ? "nach dem eigenen Wurf"
               : card.window == 8 ? "vor dem gegnerischen Wurf"
                                  : "nach einem gegnerischen Treffer");
  const Text one{"content §6.1: at most one card per window occurrence",
                 "content §6.1: höchstens eine Karte pro Zeitfenster"};
  if (card.window == 5 && phase == Phase::kCombat && w5_used) return one;
  if (card.window != 5 && window_used) return one;
  if (card.id == "AC-24" && !mission().secret_missions)
    return {"content §6.4 AC-24: only in a mission that uses secret missions",
            "content §6.4 AC-24: nur in einer Mission mit Geheimen Missionen"};
  if ((card.id == "AC-14" || card.id == "AC-15") && phase == Phase::kMovement) {
    bool own_infantry = false;
    for (const Unit& u : units)
      own_infantry =
          own_infantry || (u.owner == active && u.seg == activated_seg && is_infantry(u));
    if (!own_infantry)
      return say(
          "content §6.4 {}: the activated segment needs one of your infantry units",
          "content §6.4 {}: im aktivierten Segment muss eine eigene Infanterieeinheit stehen",
          card.id);
  }
  static const std::array<Text, 10> kWhen = {
      Text{},
      Text{"in your card phase, after drawing", "in deiner Kartenphase nach dem Ziehen"},
      Text{"in your deployment phase", "in deiner Aufstellungsphase"},
      Text{"right after activating a segment in your combat phase, before any unit acts",
           "direkt nach dem Aktivieren eines Segments in deiner Kampfphase, bevor eine Einheit "
           "handelt"},
      Text{},
      Text{"in your combat phase between activations, on a legal target",
           "in deiner Kampfphase zwischen Aktivierungen, auf ein erlaubtes Ziel"},
      Text{"right after activating a segment in your movement phase, before any unit moves",
           "direkt nach dem Aktivieren eines Segments in deiner Bewegungsphase, bevor sich eine "
           "Einheit bewegt"},
      Text{"in your wrap-up phase, before the VP check",
           "in deiner Sammelphase vor der Siegpunkt-Wertung"},
      Text{},
      Text{}};
  const Text& when = kWhen[static_cast<size_t>(card.window)];
  return say("content §6.2 W{0}: {1} is played {2}, on a legal target",
             "content §6.2 W{0}: {1} wird {3} gespielt, auf ein erlaubtes Ziel", card.window,
             card.name, when.en, when.de);
}

void RivetState::apply_card(const Action& a, EventList* ev) {
  const auto& data = game_->data();
  const int c = a.arg(0);
  const ActionCard& card = data.actions[static_cast<size_t>(c)];
  const std::string& id = card.id;
  const int player = current_seat();  // the defender in W8/W9, else the active player
  auto& h = hands[static_cast<size_t>(player)];
  h.erase(std::find(h.begin(), h.end(), c));
  discard.push_back(c);  // content §6.1: a played card goes to the discard pile
  if (card.window == 5) {
    w5_used = true;
    close_activation();  // W5 lies between activations
  } else if (card.window != 4 && card.window != 8 && card.window != 9) {
    window_used = true;
  }
  if (ev)
    ev->push_back(
        Event::said("content §6.4",
                    say("{0} {2} {3}", "Die {1} spielen {2} {3}",
                        faction_does(player, "plays", "play"), faction_de(player), id, card.name),
                    player));
  std::vector<Unit*> act;
  for (Unit& u : units)
    if (u.owner == active && u.seg == activated_seg &&
        ((phase == Phase::kCombat && u.combat == 1) || (phase == Phase::kMovement && u.move == 1)))
      act.push_back(&u);
  if (id == "AC-07") {  // W4: re-roll all dice of the roll just made
    pending.rolled.clear();
    pending.rerolled = true;
    pending.window = 0;
    return;
  }
  if (id == "AC-18") {  // W8: the target gains Bolster Defense (-1) against this resolution
    const Unit& t = *unit(pending.queue.front());
    const int chart = pending.source == 2 ? pending.flat_dice
                                          : pending.chart[static_cast<size_t>(type_of(t).armour)];
    pending.dice = dice_against(t, chart, pending.assault, 1);
    pending.take_cover = true;
    pending.window = 0;
    return;
  }
  if (id == "AC-19") {  // W9: no damage, a miss (a Chain Grid attack stops)
    resolve_hit(false, ev);
    return;
  }
  if (id == "AC-08" || id == "AC-10") {  // the barrage / smoke deviates first (chance)
    pending = Pending{};
    pending.active = true;
    pending.source = id == "AC-08" ? 4 : 5;
    pending.faction = active;
    pending.chart = kBarrage;
    pending.flat = true;
    pending.deviate = true;
    pending.seg = a.arg(1);
    pending.resume = static_cast<int>(phase);
    return;
  }
  if (id == "AC-09") {
    unit_mut(a.arg(1))->combat = 2;  // counts as activated in this combat phase
    pending = Pending{};
    pending.active = true;
    pending.source = 4;
    pending.faction = active;
    pending.chart = kSatchel;
    pending.sniper = true;
    pending.seg = unit(a.arg(2))->seg;
    pending.queue = {a.arg(2)};
    pending.resume = static_cast<int>(phase);
    advance_pending(ev);
    return;
  }
  if (id == "AC-11") {
    unit_mut(a.arg(1))->bogged = true;
    return;
  }
  if (id == "AC-23") {
    rivets[active] += 2;
  } else if (id == "AC-24") {
    auto& sh = secrets[active];
    sh.erase(std::find(sh.begin(), sh.end(), a.arg(1)));
    sm_discard.push_back(a.arg(1));
    if (sm_deck.empty()) {
      sm_deck = sm_discard;
      std::sort(sm_deck.begin(), sm_deck.end());
      sm_discard.clear();
    }
    card_step = 5;  // draw one secret mission (chance)
    return;
  } else if (id == "AC-21") {
    dp[active] += 2;
  } else if (id == "AC-22") {
    forward_depot = true;
  } else if (id == "AC-20") {
    Unit u;
    u.id = next_id++;
    u.type = data.unit_index(active == kAllies ? "rifleman" : "panzerfaust");
    u.owner = active;
    u.seg = a.arg(1);
    u.fields = a.arg(2);
    units.push_back(u);
    window_used = false;  // the deployment opens the next W2 occurrence
    return;
  } else if (id == "AC-01") {
    for (Unit* u : act)
      if (is_infantry(*u)) u->rush_left = std::max(u->rush_left, 1);
  } else if (id == "AC-02") {
    for (Unit* u : act)
      if (is_infantry(*u)) u->card_precision = 1;
  } else if (id == "AC-03") {
    for (Unit* u : act) u->buff_range += 1;  // ground range 0 stays unable to attack
  } else if (id == "AC-06") {
    for (Unit* u : act) u->card_assault = 1;
  } else if (id == "AC-04") {
    unit_mut(a.arg(1))->card_extra = a.arg(2);
  } else if (id == "AC-05") {
    unit_mut(a.arg(1))->card_sniper = true;
  } else if (id == "AC-12") {
    for (Unit* u : act) u->mp_left += 1;
  } else if (id == "AC-13") {
    for (Unit* u : act) {
      const int runner = ability(*u, AbilityKind::kRunner);
      if (!is_infantry(*u) || runner <= 0) continue;
      bool duck = false;
      for (int f = 0; f < 4; ++f)
        if ((u->fields >> f) & 1)
          duck = duck || board().duckboard[static_cast<size_t>(u->seg)][static_cast<size_t>(f)] ||
                 terrain_field(u->seg, Terrain::kObjective) == f ||
                 terrain_field(u->seg, Terrain::kBunker) == f;
      if (!duck) u->mp_left += runner;  // Runner applies wherever it stands
    }
  } else if (id == "AC-14" || id == "AC-15") {
    const Terrain t = id == "AC-14" ? Terrain::kWire : static_cast<Terrain>(a.arg(2));
    for (size_t i = 0; i < terrain.size(); ++i)
      if (terrain[i].type == t && board().seg(terrain[i].col, terrain[i].row) == a.arg(1)) {
        terrain.erase(terrain.begin() + static_cast<long>(i));
        break;
      }
  } else if (id == "AC-16" || id == "AC-17") {
    --unit_mut(a.arg(1))->damage;
  }
  if (phase == Phase::kCards) {
    card_step = 4;  // W1 used: on to the deployment phase
    advance_cards(ev);
  }
}

std::string RivetState::describe_play(const Action& a) const {
  const auto& data = game_->data();
  if (a.arg(0) >= static_cast<int>(data.actions.size())) return "play ?";
  const std::string id = data.actions[static_cast<size_t>(a.arg(0))].id;
  std::string out = "play " + id;
  const std::string sc = Schema(id);
  const std::array<int, 2> args = {a.arg(1), a.arg(2)};
  for (size_t i = 0; i < sc.size(); ++i) {
    const int v = args[i];
    switch (sc[i]) {
      case 'u':
        out += " u" + std::to_string(v);
        break;
      case 'w':
        out += " w" + std::to_string(v + 1);
        break;
      case 's':
        out += " " + seg_name(v);
        break;
      case 'm':
        out += " " + mask_name(v);
        break;
      case 't':
        out += std::string(" ") + terrain_name(static_cast<Terrain>(v));
        break;
      case 'S':
        out += " " + (v < static_cast<int>(data.secrets.size())
                          ? data.secrets[static_cast<size_t>(v)].id
                          : "?");
        break;
    }
  }
  return out;
}

bool RivetState::parse_play(const std::vector<std::string>& w, Action& out, Text& error) const {
  const auto& data = game_->data();
  if (w.size() < 2) {
    error = {"play takes a card, e.g. play AC-21", "play braucht eine Karte, z. B. play AC-21"};
    return false;
  }
  int card = -1;
  for (size_t i = 0; i < data.actions.size(); ++i)
    if (data.actions[i].id == w[1]) card = static_cast<int>(i);
  if (card < 0) {
    error = say("unknown Action! card '{}'", "unbekannte Action!-Karte '{}'", w[1]);
    return false;
  }
  const std::string sc = Schema(w[1]);
  if (w.size() != sc.size() + 2) {
    error = say("play {} takes {} argument(s)", "play {} braucht {} Angabe(n)", w[1], sc.size());
    return false;
  }
  std::array<int, 2> args = {0, 0};
  for (size_t i = 0; i < sc.size(); ++i) {
    const std::string& t = w[i + 2];
    int v = -1;
    switch (sc[i]) {
      case 'u':
        if (t.size() > 1 && t[0] == 'u' && t.size() < 6 &&
            std::all_of(t.begin() + 1, t.end(), ::isdigit))
          v = std::stoi(t.substr(1));
        break;
      case 'w':
        if (t.size() == 2 && t[0] == 'w' && t[1] >= '1' && t[1] <= '9') v = t[1] - '1';
        break;
      case 's':
        v = board().parse_seg(t);
        break;
      case 'm':
        v = mask_from_name(t);
        break;
      case 't':
        if (t == "minefield") v = static_cast<int>(Terrain::kMinefield);
        if (t == "tank_trap") v = static_cast<int>(Terrain::kTankTrap);
        break;
      case 'S':
        for (size_t k = 0; k < data.secrets.size(); ++k)
          if (data.secrets[k].id == t) v = static_cast<int>(k);
        break;
    }
    if (v < 0) {
      error = say("'{}' is not a valid argument of {}", "'{}' ist keine gültige Angabe für {}", t,
                  w[1]);
      return false;
    }
    args[i] = v;
  }
  out = Action(kPlay, {card, args[0], args[1]});
  return true;
}

}  // namespace feldherr::rivet
