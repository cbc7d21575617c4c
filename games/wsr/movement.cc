// White Star Rising: operations (WSR 4.4) and movement (WSR 5.0 movement points and terrain,
// 5.1 stacks moving together and splitting off, 5.2 mounting and dismounting, 1.4 stacking,
// 1.3.2/A-03 HQ movement, 6.1.7/A-13 disrupted movement). Movement is hex by hex: after every
// hex entered a kStepHexEntered record marks where mines and opportunity fire will interrupt.
#include <algorithm>
#include <array>
#include <string>
#include <vector>

#include "games/wsr/emit.h"  // last: defines Emit and Fail
#include "games/wsr/state.h"

namespace feldherr::wsr {

// WSR 5.0: a hex is one step further from the targets than a neighbour it may be left for.
std::vector<int> WsrGame::path_steps(const std::vector<int>& targets, bool hard) const {
  std::vector<int> dist(static_cast<size_t>(layout_.size()), kNoPath);
  std::vector<int> queue;
  for (int t : targets)
    if (t >= 0 && t < layout_.size() && dist[static_cast<size_t>(t)] != 0) {
      dist[static_cast<size_t>(t)] = 0;
      queue.push_back(t);
    }
  for (size_t q = 0; q < queue.size(); ++q) {
    const int x = queue[q];
    for (int d = 0; d < kHexDirs; ++d) {
      const int y = layout_.Neighbour(x, d);
      if (y < 0 || dist[static_cast<size_t>(y)] != kNoPath ||
          step_cost(y, OppositeDir(d), hard) < 0)
        continue;
      dist[static_cast<size_t>(y)] = dist[static_cast<size_t>(x)] + 1;
      queue.push_back(y);
    }
  }
  return dist;
}

bool WsrState::in_group(int u) const {
  for (int k = 0; k < n_group; ++k)
    if (group[static_cast<size_t>(k)] == u) return true;
  return false;
}

// A unit of the active formation that may begin a move (WSR 4.2, 4.4, 5.0).
bool WsrState::can_start_move(int u, Text* why) const {
  if (active_f < 0 || info(u).formation != active_f)
    return Fail(why,
                Text{unit_label(u) + " does not belong to the active formation (WSR 4.4)",
                     std::string(unit_label(u)) + " gehört nicht zur aktiven Formation (WSR 4.4)"});
  if (!on_map(u))
    return Fail(why, Text{unit_label(u) + " is not on the map",
                          std::string(unit_label(u)) + " ist nicht auf dem Spielplan"});
  if (has(u, kOutOfCommand))
    return Fail(why,
                Text{unit_label(u) + " is out of command and may not move (WSR 4.2)",
                     std::string(unit_label(u)) +
                         " ist außer Befehlsreichweite und darf sich nicht bewegen (WSR 4.2)"});
  // special_rules.cc: B1 m18-fire-and-move, the M18 may still move after `fire-move`.
  if (has(u, kOpsComplete) && !may_move_after_fire(u))
    return Fail(why, Text{unit_label(u) + " has Ops complete (WSR 5.0)",
                          std::string(unit_label(u)) + " hat „Operationen beendet“ (WSR 5.0)"});
  if (has(u, kMoving))
    return Fail(why, Text{unit_label(u) + " is already moving",
                          std::string(unit_label(u)) + " bewegt sich bereits"});
  if (loaded(u))  // carrier.cc
    return Fail(why, Text{unit_label(u) + " rides in " + unit_label(carrier_of(u)) +
                              " and moves with it; unload it first (WSR 5.2.2, A-38)",
                          std::string(unit_label(u)) + " fährt auf " + unit_label(carrier_of(u)) +
                              " mit und bewegt sich mit ihm; zuerst abladen (WSR 5.2.2, A-38)"});
  if (info(u).hq)
    return Fail(why,
                Text{"an HQ moves only together with a unit of its formation: select that unit "
                     "first, then the HQ (WSR 1.3.2, A-03)",
                     "ein HQ bewegt sich nur zusammen mit einer Einheit seiner Formation: zuerst "
                     "diese Einheit auswählen, dann das HQ (WSR 1.3.2, A-03)"});
  const bool can_flip_now =
      info(u).counter->transport && (has(u, kMounted) ? true : !has(u, kDisrupted));
  if (mp_left(u) <= 0 && !can_flip_now)
    return Fail(why,
                Text{unit_label(u) + " has no movement points left (WSR 5.0)",
                     std::string(unit_label(u)) + " hat keine Bewegungspunkte mehr (WSR 5.0)"});
  return true;
}

// WSR 5.1: units that began the impulse together in a hex may move together; stack-mates join
// before the stack enters its first hex.
bool WsrState::can_join_group(int u, Text* why) const {
  if (n_group == 0) return Fail(why, Text{"no stack is moving", "kein Stapel bewegt sich"});
  // perf: asked without a reason, the hex test below (WSR 5.1) first: most units stand elsewhere.
  if (!why && (!on_map(u) || unit(u).hex != unit(group[0]).hex)) return false;
  if (in_group(u))
    return Fail(why, Text{unit_label(u) + " is already moving",
                          std::string(unit_label(u)) + " bewegt sich bereits"});
  if (group_steps > 0)
    return Fail(why,
                Text{"units join a stack before it moves; the stack has left its hex (WSR 5.1)",
                     "Einheiten schließen sich einem Stapel an, bevor er sich bewegt; der Stapel "
                     "hat sein Feld verlassen (WSR 5.1)"});
  if (n_group >= kMaxGroup)
    return Fail(why, Text{"the moving stack is full (WSR 1.4)",
                          "der sich bewegende Stapel ist voll (WSR 1.4)"});
  if (loaded(u))  // carrier.cc
    return Fail(why, Text{unit_label(u) + " rides in " + unit_label(carrier_of(u)) +
                              " and moves with it (WSR 5.2, A-38)",
                          std::string(unit_label(u)) + " fährt auf " + unit_label(carrier_of(u)) +
                              " mit und bewegt sich mit ihm (WSR 5.2, A-38)"});
  const int lead = group[0];
  if (active_f < 0 || info(u).formation != active_f)
    return Fail(why,
                Text{unit_label(u) + " does not belong to the active formation (WSR 4.4)",
                     std::string(unit_label(u)) + " gehört nicht zur aktiven Formation (WSR 4.4)"});
  if (!on_map(u) || unit(u).hex != unit(lead).hex)
    return Fail(why, Text{unit_label(u) + " is not in the moving stack's hex (WSR 5.1)",
                          std::string(unit_label(u)) +
                              " ist nicht im Feld des sich bewegenden Stapels (WSR 5.1)"});
  if (unit(u).start_hex != unit(lead).start_hex)
    return Fail(why,
                Text{unit_label(u) + " did not begin the impulse in the same hex as the stack "
                                     "(WSR 5.1)",
                     std::string(unit_label(u)) +
                         " hat den Impuls nicht im selben Feld wie der Stapel begonnen (WSR 5.1)"});
  if (has(u, kOutOfCommand))
    return Fail(why,
                Text{unit_label(u) + " is out of command and may not move (WSR 4.2)",
                     std::string(unit_label(u)) +
                         " ist außer Befehlsreichweite und darf sich nicht bewegen (WSR 4.2)"});
  if (has(u, kOpsComplete))
    return Fail(why, Text{unit_label(u) + " has Ops complete (WSR 5.0)",
                          std::string(unit_label(u)) + " hat „Operationen beendet“ (WSR 5.0)"});
  return true;
}

// WSR 6.1.7, A-13: a disrupted unit may not move closer to, nor adjacent to, an enemy unit in
// its LOS; if it started the move adjacent to an enemy it may withdraw from it.
bool WsrState::disrupted_step_ok(int u, int from, int to, Text* why) const {
  if (!has(u, kDisrupted) || !game_->opts().disrupted_movement_limits) return true;
  const HexLayout& L = game_->layout();
  const int side = side_of(u);
  for (int e : game_->side_units(1 - side)) {  // perf: the units with side_of(e) != side
    if (e >= n_units) break;
    if (!on_map(e)) continue;
    const int eh = unit(e).hex;
    const int d_from = L.Distance(from, eh), d_to = L.Distance(to, eh);
    if (d_to == 1 && !(group_origin >= 0 && L.Distance(group_origin, eh) == 1 && d_to >= d_from))
      return Fail(why, Text{"disrupted " + unit_label(u) + " may not move adjacent to enemy " +
                                unit_label(e) + " (WSR 6.1.7, A-13)",
                            std::string("die zerschlagene Einheit ") + unit_label(u) +
                                " darf nicht angrenzend an die feindliche Einheit " +
                                unit_label(e) + " ziehen (WSR 6.1.7, A-13)"});
    if (d_to < d_from && los_clear(from, eh))
      return Fail(why, Text{"disrupted " + unit_label(u) + " may not move closer to enemy " +
                                unit_label(e) + " in its LOS (WSR 6.1.7, A-13)",
                            std::string("die zerschlagene Einheit ") + unit_label(u) +
                                " darf sich der feindlichen Einheit " + unit_label(e) +
                                " in ihrer Sichtlinie nicht nähern (WSR 6.1.7, A-13)"});
  }
  return true;
}

// WSR 1.3.2 / A-03: an HQ of the active formation staying behind in `from` when the moving
// group leaves it must keep a unit of its formation there (movement and assault).
bool WsrState::hqs_keep_company(int from, Text* why) const {
  if (active_f < 0) return true;
  // Only HQs of the moving formation can be stranded by this move (perf: its units listed).
  const std::vector<int>& mine = game_->formation_units(active_f);
  for (int h : mine) {
    if (h >= n_units) break;
    if (!info(h).hq || unit(h).hex != from || in_group(h)) continue;
    bool kept = false;
    for (size_t k = 0; k < mine.size() && !kept; ++k) {
      const int v = mine[k];
      kept = v < n_units && !info(v).hq && unit(v).hex == from && !moves_with_group(v);
    }
    if (!kept)
      return Fail(why, Text{"the HQ " + unit_label(h) +
                                " would be left without a unit of its formation (WSR 1.3.2, A-03)",
                            std::string("das HQ ") + unit_label(h) +
                                " bliebe ohne eine Einheit seiner Formation (WSR 1.3.2, A-03)"});
  }
  return true;
}

void WsrState::around_group(Around& a) const {
  const HexLayout& L = game_->layout();
  const int from = unit(group[0]).hex;
  const int side = side_of(group[0]);
  for (int d = 0; d < kHexDirs; ++d) a.hex[static_cast<size_t>(d)] = L.Neighbour(from, d);
  a.hex[6] = from;
  a.enemy.fill(0);
  a.combat.fill(0);
  a.hq.fill(0);
  a.keep = -1;
  int lo = from, hi = from;  // the range of the seven hex indices: a cheap first test
  for (int h : a.hex)
    if (h >= 0) lo = std::min(lo, h), hi = std::max(hi, h);
  a.group_combat = 0;
  a.group_hq = a.disrupted = false;
  a.escorted = true;
  for (int k = 0; k < n_group; ++k) {  // as can_enter counts and checks the stack
    const int u = group[static_cast<size_t>(k)];
    if (info(u).hq) {
      a.group_hq = true;
      bool escorted = false;  // WSR 1.3.2 / A-03
      for (int j = 0; j < n_group; ++j) {
        const int v = group[static_cast<size_t>(j)];
        if (!info(v).hq && info(v).formation == info(u).formation) escorted = true;
      }
      a.escorted = a.escorted && escorted;
    } else {
      ++a.group_combat;
    }
    a.group_combat += passengers_of(u);
    a.disrupted = a.disrupted || has(u, kDisrupted);
  }
  for (int u = 0; u < n_units; ++u) {
    const int h = units[static_cast<size_t>(u)].hex;
    // Off the map (kNoHex) or none of the seven: outside [lo, hi] (one unsigned comparison).
    if (static_cast<unsigned>(h - lo) > static_cast<unsigned>(hi - lo)) continue;
    for (size_t k = 0; k < a.hex.size(); ++k) {
      if (a.hex[k] != h) continue;
      if (side_of(u) != side)
        a.enemy[k] = 1;
      else if (info(u).hq)
        a.hq[k] = 1;
      else
        ++a.combat[k];
      break;
    }
  }
}

bool WsrState::can_enter(int to, Text* why, Around* around, int dir) const {
  if (n_group == 0) return Fail(why, Text{"no stack is moving", "kein Stapel bewegt sich"});
  if (around != nullptr && why == nullptr) {
    // perf: the same refusals as below, the stack's own part from around_group (asked once for
    // the six neighbours), the counts of the hex first. The A6 boundary-line refusal is
    // step_cost_dir's (-1 for a unit beyond the line).
    const auto at = static_cast<size_t>(dir);
    if (around->enemy[at] != 0 || !around->escorted) return false;              // WSR 5.1, 1.3.2
    if (around->group_hq && around->hq[at] != 0) return false;                  // WSR 1.3.2, A-03
    if (around->combat[at] + around->group_combat > kStackLimit) return false;  // WSR 1.4
    const int from = unit(group[0]).hex;
    for (int k = 0; k < n_group; ++k) {
      const int u = group[static_cast<size_t>(k)];
      const int c = step_cost_dir(u, from, dir, to);
      if (c < 0 || c > mp_left(u)) return false;  // WSR 5.0
    }
    if (around->disrupted)
      for (int k = 0; k < n_group; ++k)
        if (!disrupted_step_ok(group[static_cast<size_t>(k)], from, to, nullptr)) return false;
    if (around->keep < 0) around->keep = hqs_keep_company(from, nullptr) ? 1 : 0;
    return around->keep != 0;
  }
  const HexLayout& L = game_->layout();
  const int from = unit(group[0]).hex;
  // With `around`, `to` is the neighbour of `from` in direction `dir` (move_actions).
  if (around == nullptr && !L.Adjacent(from, to))
    return Fail(
        why, Text{hex_name(to) + " is not adjacent to " + hex_name(from) + " (WSR 5.0)",
                  std::string(hex_name(to)) + " grenzt nicht an " + hex_name(from) + " (WSR 5.0)"});
  if (around == nullptr) dir = L.DirBetween(from, to);
  for (int k = 0; k < n_group; ++k)  // special_rules.cc: A6 boundary-line
    if (game_->beyond_boundary(info(group[static_cast<size_t>(k)]).formation, to))
      return Fail(why, Text{unit_label(group[static_cast<size_t>(k)]) + " may not cross the red " +
                                "boundary line into " + hex_name(to) + " (WSR-A6 boundary-line)",
                            std::string(unit_label(group[static_cast<size_t>(k)])) +
                                " darf die rote Grenzlinie nach " + hex_name(to) +
                                " nicht überschreiten (WSR-A6 boundary-line)"});
  // perf: the cheap refusals below first (every check here is pure); the step costs are kept for
  // the checks further down.
  std::array<int, kMaxGroup> cost{};
  if (!why)
    for (int k = 0; k < n_group; ++k) {
      const int u = group[static_cast<size_t>(k)];
      const int c = step_cost_dir(u, from, dir, to);
      if (c < 0 || c > mp_left(u)) return false;  // WSR 5.0
      cost[static_cast<size_t>(k)] = c;
    }
  const int side = side_of(group[0]);
  const auto at = static_cast<size_t>(dir);
  if (around != nullptr ? around->enemy[at] != 0 : enemy_in(to, side))
    return Fail(why, Text{hex_name(to) + " is enemy-occupied: enter it with assault " +
                              hex_name(to) + " or overrun " + hex_name(to) + " (WSR 5.1, 6.3, 6.4)",
                          std::string(hex_name(to)) + " ist feindlich besetzt: mit assault " +
                              hex_name(to) + " (Sturmangriff) oder overrun " + hex_name(to) +
                              " (Überrennen) betreten (WSR 5.1, 6.3, 6.4)"});
  int combat = around != nullptr ? around->combat[at] : combat_units_in(to, side);
  bool has_hq = false;
  for (int k = 0; k < n_group; ++k) {
    const int u = group[static_cast<size_t>(k)];
    if (info(u).hq) {
      has_hq = true;
    } else {
      ++combat;
    }
    combat += passengers_of(u);  // carrier.cc: passengers are counters too (1.4, A-38)
  }
  if (combat > kStackLimit)
    return Fail(why, Text{"stacking: more than 2 combat units in " + hex_name(to) + " (WSR 1.4)",
                          std::string("Stapeln: mehr als 2 Kampfeinheiten in ") + hex_name(to) +
                              " (WSR 1.4)"});
  if (has_hq && (around != nullptr ? around->hq[at] != 0 : hq_in(to, side)))
    return Fail(why, Text{"only one HQ or SHQ per hex (WSR 1.3.2, A-03)",
                          "nur ein HQ oder SHQ pro Feld (WSR 1.3.2, A-03)"});
  for (int k = 0; k < n_group; ++k) {
    const int u = group[static_cast<size_t>(k)];
    const int c = why ? step_cost_dir(u, from, dir, to) : cost[static_cast<size_t>(k)];
    if (c < 0)
      return Fail(why,
                  Text{hex_name(to) + " is impassable (WSR 5.0, terrain chart)",
                       std::string(hex_name(to)) + " ist unpassierbar (WSR 5.0, Geländetabelle)"});
    if (why != nullptr && c > mp_left(u))  // without `why`: refused by the first loop
      return Fail(
          why, Text{unit_label(u) + " needs " + std::to_string(c) + " MP to enter " + hex_name(to) +
                        " and has " + std::to_string(mp_left(u)) + " (WSR 5.0)",
                    std::string(unit_label(u)) + " braucht " + std::to_string(c) + " BP, um " +
                        hex_name(to) + " zu betreten, und hat " + std::to_string(mp_left(u)) +
                        " (WSR 5.0)"});
    if (info(u).hq) {
      // WSR 1.3.2 / A-03: an HQ moves only with at least one unit of its formation.
      bool escorted = false;
      for (int j = 0; j < n_group; ++j) {
        const int v = group[static_cast<size_t>(j)];
        if (!info(v).hq && info(v).formation == info(u).formation) escorted = true;
      }
      if (!escorted)
        return Fail(why,
                    Text{"an HQ may move only together with a unit of its formation (WSR 1.3.2)",
                         "ein HQ darf sich nur zusammen mit einer Einheit seiner Formation bewegen "
                         "(WSR 1.3.2)"});
    }
    if (!disrupted_step_ok(u, from, to, why)) return false;
  }
  if (around != nullptr) {  // the same for every neighbour: asked once
    if (around->keep < 0) around->keep = hqs_keep_company(from, nullptr) ? 1 : 0;
    return around->keep != 0;
  }
  if (!hqs_keep_company(from, why)) return false;
  return true;
}

bool WsrState::can_drop(int u, Text* why) const {
  if (!in_group(u))
    return Fail(why, Text{unit_label(u) + " is not in the moving stack",
                          std::string(unit_label(u)) + " ist nicht im sich bewegenden Stapel"});
  if (!why && (group_steps == 0 || n_group < 2)) return false;  // perf: cheap refusals first
  if (in_enemy_hex())
    return Fail(
        why,
        Text{"the overrunning stack must leave the enemy hex together (WSR 6.4)",
             "der überrennende Stapel muss das feindliche Feld gemeinsam verlassen (WSR 6.4)"});
  if (group_steps == 0)
    return Fail(why, Text{"a unit splits off after the stack has moved; to stay, do not select it "
                          "(WSR 5.1)",
                          "eine Einheit löst sich erst, nachdem der Stapel gezogen ist; um zu "
                          "bleiben, sie nicht auswählen (WSR 5.1)"});
  if (n_group < 2)
    return Fail(why, Text{"the last unit ends its move with end-move (WSR 5.0)",
                          "die letzte Einheit beendet ihre Bewegung mit end-move (WSR 5.0)"});
  const int hex = unit(u).hex;
  if (info(u).hq) {
    bool kept = false;
    for (int v = 0; v < n_units && !kept; ++v)
      kept = !info(v).hq && unit(v).hex == hex && !moves_with_group(v) &&
             info(v).formation == info(u).formation;
    if (!kept)
      return Fail(
          why,
          Text{"an HQ must stay in a hex with a unit of its formation (WSR 1.3.2)",
               "ein HQ muss in einem Feld mit einer Einheit seiner Formation bleiben (WSR 1.3.2)"});
  } else {
    for (int k = 0; k < n_group; ++k) {
      const int h = group[static_cast<size_t>(k)];
      if (!info(h).hq || info(h).formation != info(u).formation) continue;
      bool other = false;
      for (int j = 0; j < n_group; ++j) {
        const int v = group[static_cast<size_t>(j)];
        if (v != u && !info(v).hq && info(v).formation == info(h).formation) other = true;
      }
      if (!other)
        return Fail(why,
                    Text{"the HQ " + unit_label(h) +
                             " would move on without a unit of its "
                             "formation (WSR 1.3.2)",
                         std::string("das HQ ") + unit_label(h) +
                             " würde ohne eine Einheit seiner Formation weiterziehen (WSR 1.3.2)"});
    }
  }
  return true;
}

// WSR 5.2.1/5.2.2 with A-29: remaining MP = MF of the new face - MP spent - 3, allowed if >= 0.
bool WsrState::can_flip(int u, bool mount, Text* why) const {
  if (!in_group(u))
    return Fail(why, Text{"select " + unit_label(u) + " first (WSR 5.2)",
                          std::string("zuerst ") + unit_label(u) + " auswählen (WSR 5.2)"});
  // perf: cheap refusals first (the checks are pure): no second face, or already on it.
  if (!why && (!info(u).counter->transport || mount == has(u, kMounted))) return false;
  if (in_enemy_hex())
    return Fail(
        why, Text{"the overrunning stack must leave the enemy hex first (WSR 6.4)",
                  "der überrennende Stapel muss zuerst das feindliche Feld verlassen (WSR 6.4)"});
  if (!info(u).counter->transport)
    return Fail(why, Text{unit_label(u) + " has no mounted and dismounted sides (WSR 5.2)",
                          std::string(unit_label(u)) +
                              " hat keine aufgesessene und abgesessene Seite (WSR 5.2)"});
  if (mount && has(u, kMounted))
    return Fail(why, Text{unit_label(u) + " is already mounted",
                          std::string(unit_label(u)) + " ist bereits aufgesessen"});
  if (!mount && !has(u, kMounted))
    return Fail(why, Text{unit_label(u) + " is already dismounted",
                          std::string(unit_label(u)) + " ist bereits abgesessen"});
  if (mount && has(u, kDisrupted))
    return Fail(why, Text{"disrupted infantry, guns and mortars cannot load (WSR 5.2.1, 6.1.7)",
                          "zerschlagene Infanterie, Geschütze und Granatwerfer können nicht "
                          "aufladen (WSR 5.2.1, 6.1.7)"});
  if (Text r = special_flip_refusal(u, mount); !r.en.empty())  // B3 dismounted-only
    return Fail(why, std::move(r));
  const Face& to = info(u).counter->face_for(mount, has(u, kReduced));
  const int left = to.mf - unit(u).mp_spent - kMountCost;
  if (left < 0)
    return Fail(
        why,
        Text{std::string(mount ? "mounting" : "dismounting") + " costs 3 MP of the " +
                 (mount ? "vehicle" : "NATO") + " face (MF " + std::to_string(to.mf) + "), " +
                 std::to_string(unit(u).mp_spent) + " MP already spent (WSR 5.2, A-29)",
             std::string(std::string(mount ? "Aufsitzen" : "Absitzen")) + " kostet 3 BP der " +
                 ((mount ? "Fahrzeug" : "NATO")) + "-Seite (BP " + std::to_string(to.mf) + "), " +
                 std::to_string(unit(u).mp_spent) + " BP bereits verbraucht (WSR 5.2, A-29)"});
  return true;
}

void WsrState::operations_actions(ActionList& out) const {
  // perf: can_start_move refuses every unit of another formation first.
  if (active_f >= 0)
    for (int u : game_->formation_units(active_f))
      if (u < n_units && can_start_move(u, nullptr)) out.push_back(ActionOf(kSelect, {u}));
  carrier_actions(out);             // carrier.cc: load / unload (WSR 5.2, A-38)
  call_actions(out);                // artillery.cc: call artillery (WSR 11.2)
  fire_actions(out);                // WSR 6.1
  fortification_actions(out);       // fortification.cc: clear-mine (WSR 8.2.2)
  enter_actions(out);               // arrival.cc: reinforcements enter (G-12)
  special_operations_actions(out);  // special_rules.cc: B1 fire-move, B4 ambush
  fate_ops_actions(game_->formation(active_f).side, out);  // WSR 10.0
  out.push_back(Action(kEndImpulse, {}));
}

void WsrState::move_actions(ActionList& out) const {
  const int from = unit(group[0]).hex;
  // perf: the occupants of the stack's hex and its neighbours counted once (around_group).
  Around around;
  Around* occ = nullptr;
  if (WsrFastPaths() && n_group > 0) {
    around_group(around);
    occ = &around;
  }
  for (int d = 0; d < kHexDirs; ++d) {
    const int nb = game_->layout().Neighbour(from, d);
    if (nb >= 0 && can_enter(nb, nullptr, occ, d)) out.push_back(ActionOf(kMoveTo, {nb}));
  }
  if (group_steps == 0 && active_f >= 0)  // perf: can_join_group asks for the active formation
    for (int u : game_->formation_units(active_f))
      if (u < n_units && can_join_group(u, nullptr)) out.push_back(ActionOf(kSelect, {u}));
  for (int k = 0; k < n_group; ++k) {
    const int u = group[static_cast<size_t>(k)];
    if (can_drop(u, nullptr)) out.push_back(ActionOf(kDrop, {u}));
    if (can_flip(u, true, nullptr)) out.push_back(ActionOf(kMount, {u}));
    if (can_flip(u, false, nullptr)) out.push_back(ActionOf(kDismount, {u}));
  }
  carrier_actions(out);            // carrier.cc: load / unload (WSR 5.2, A-38)
  special_move_actions(out);       // special_rules.cc: B1 the M18 fires out of its move
  assault_move_actions(out, occ);  // assault.cc: assault / overrun (WSR 6.3, 6.4)
  exit_actions(out);               // exit.cc: leave the map from an exit hex (G-12)
  // WSR 6.4: the stack leaves the overrun hex (in_enemy_hex).
  if (occ != nullptr ? occ->enemy[6] == 0 : !in_enemy_hex()) out.push_back(ActionOf(kEndMove, {}));
}

void WsrState::apply_select(int u, EventList* ev) {
  if (top().kind == kStepOperations) {
    push(kStepMove, active_f, -1);
    n_group = 0;
    group_origin = unit(u).hex;
    group_steps = 0;
  }
  group[n_group++] = static_cast<int8_t>(u);
  unit(u).flags |= kMoving;
  Emit(
      ev, "WSR 5.1",
      Text{unit_label(u) + (n_group == 1 ? " begins to move from " : " joins the stack in ") +
               hex_name(unit(u).hex) + " (" + std::to_string(mp_left(u)) + " MP left).",
           std::string(unit_label(u)) +
               ((n_group == 1 ? " beginnt die Bewegung in " : " schließt sich dem Stapel an in ")) +
               hex_name(unit(u).hex) + " (noch " + std::to_string(mp_left(u)) + " BP)."},
      side_of(u));
}

void WsrState::apply_move(int to, EventList* ev) {
  const int from = unit(group[0]).hex;
  bool was_empty = true;  // WSR 8.2.1, A-23: no unit of either side in the hex before
  for (int u = 0; u < n_units && was_empty; ++u) was_empty = unit(u).hex != to;
  overrun_passing = kNoHex;  // WSR 6.4: the stack has left the overrun hex
  std::string names, names_de;
  for (int k = 0; k < n_group; ++k) {
    const int u = group[static_cast<size_t>(k)];
    const int c = step_cost(u, from, to);
    Unit& x = unit(u);
    x.mp_spent = static_cast<uint8_t>(x.mp_spent + c);
    x.hex = static_cast<int16_t>(to);
    x.flags |= kMovedThisImpulse;
    if (ev) {  // the event's text only (Emit)
      names += (names.empty() ? "" : ", ") + unit_label(u) + " (" + std::to_string(c) + " MP, " +
               std::to_string(mp_left(u)) + " left)";
      names_de += (names_de.empty() ? "" : ", ") + unit_label(u) + " (" + std::to_string(c) +
                  " BP, noch " + std::to_string(mp_left(u)) + ")";
    }
  }
  carry_passengers();  // carrier.cc: passengers ride along (WSR 5.2, A-38)
  ++group_steps;
  enter_hex(to, side_of(group[0]));  // WSR 12.2: last side to move through the hex
  bridge_cross_check(from, to, side_of(group[0]), ev);  // special_rules.cc: A4 blow-the-bridge
  Emit(ev, "WSR 5.0",
       Text{"Move " + hex_name(from) + " -> " + hex_name(to) + ": " + names + ".",
            std::string("Bewegung ") + hex_name(from) + " -> " + hex_name(to) + ": " + names_de +
                "."},
       side_of(group[0]));
  push(kStepHexEntered, active_f, to);  // seam for mines (8.2.1) and opportunity fire (6.2)
  mines_on_entry(to, was_empty, ev);    // fortification.cc: resolved before OF (8.2.1)
}

void WsrState::apply_drop(int u, EventList* ev) {
  int k = 0;
  while (group[static_cast<size_t>(k)] != u) ++k;
  for (; k + 1 < n_group; ++k) group[static_cast<size_t>(k)] = group[static_cast<size_t>(k + 1)];
  --n_group;
  unit(u).flags &= static_cast<uint16_t>(~kMoving);
  Emit(ev, "WSR 5.1",
       Text{unit_label(u) + " splits off in " + hex_name(unit(u).hex) +
                " and may move on later with " + std::to_string(mp_left(u)) + " MP.",
            std::string(unit_label(u)) + " löst sich in " + hex_name(unit(u).hex) +
                " und darf später mit " + std::to_string(mp_left(u)) + " BP weiterziehen."},
       side_of(u));
}

void WsrState::apply_flip(int u, bool mount, EventList* ev) {
  Unit& x = unit(u);
  x.flags ^= kMounted;
  x.mp_spent = static_cast<uint8_t>(x.mp_spent + kMountCost);
  x.flags |= kMovedThisImpulse;
  Emit(ev, mount ? "WSR 5.2.1" : "WSR 5.2.2",
       Text{unit_label(u) + (mount ? " mounts" : " dismounts") + ": 3 MP of the new face, " +
                std::to_string(mp_left(u)) + " MP left.",
            std::string(unit_label(u)) + ((mount ? " sitzt auf" : " sitzt ab")) +
                ": 3 BP der neuen Seite, noch " + std::to_string(mp_left(u)) + " BP."},
       side_of(u));
}

void WsrState::finish_unit_move(int u) {
  Unit& x = unit(u);
  x.flags = static_cast<uint16_t>((x.flags & ~kMoving) | kOpsComplete);
}

void WsrState::apply_end_move(EventList* ev) {
  std::string names;
  for (int k = 0; k < n_group; ++k) {
    finish_unit_move(group[static_cast<size_t>(k)]);
    names += (names.empty() ? "" : ", ") + unit_label(group[static_cast<size_t>(k)]);
  }
  const bool one = n_group == 1;
  const int side = n_group ? side_of(group[0]) : kNobody;
  n_group = 0;
  group_origin = kNoHex;
  group_steps = 0;
  pop();  // kStepMove
  Emit(ev, "WSR 5.0",
       Text{names + (one ? " ends its movement" : " end their movement") + ": Ops complete.",
            std::string("Bewegung beendet: ") + names + ": „Operationen beendet“."},
       side);
}

}  // namespace feldherr::wsr
