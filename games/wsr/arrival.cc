// White Star Rising scenario mechanics (docs/wsr-rules.md "Scenario mechanics"): formation
// markers joining the cup by turn (WSR 12.1, [Rec A-33]), reinforcements entering from off the
// map (G-12 [Rec], WSR 4.2 "in command during their first activation", 5.1 stacks, 1.4
// stacking), the die-roll entry table of B1 (Beck's second element), and the scenario first
// activations before the first draw of turn 1 (WSR 3.1; B2, B3, B4). Also the text forms, JSON
// and hash of the state fields these add.
#include <algorithm>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "engine/hash.h"
#include "games/wsr/emit.h"  // last: defines Emit and Fail
#include "games/wsr/los_cache.h"
#include "games/wsr/scenario.h"
#include "games/wsr/special_rules.h"
#include "games/wsr/state.h"

namespace feldherr::wsr {

namespace {

int RandomEntryIndex(const Scenario& sc, std::string_view id) {
  for (size_t k = 0; k < sc.random_entries.size(); ++k)
    if (sc.random_entries[k].id == id) return static_cast<int>(k);
  return -1;
}

}  // namespace

const Scenario* WsrState::scenario_data() const {
  return game_->setup().scenario_data.get();
}

int WsrState::unit_force(int u) const {
  const auto& su = game_->setup().units;
  return u >= 0 && static_cast<size_t>(u) < su.size() ? su[static_cast<size_t>(u)].force : -1;
}

// WSR 12.1 / [Rec A-33]: the marker of a formation goes into the cup at the start of its
// `marker_turn` (0: never); test setups without scenario data: every turn.
int WsrState::scheduled_markers(int f, int t) const {
  const int markers = game_->formation(f).markers;
  const Scenario* sc = scenario_data();
  if (sc == nullptr) return markers;
  const FormationSetup* fs = sc->FindFormation(game_->formation(f).data->id);
  if (fs == nullptr) return markers;
  return fs->marker_turn >= 1 && fs->marker_turn <= t ? markers : 0;
}

// ---------------------------------------------------------------------------------------------
// First activations (WSR 3.1 "scenario first activation rules may activate a formation before
// any draw"): B2 2/16th then 73rd Recon, B3 107, B4 CCA optionally (delays its marker).

bool WsrState::first_activation_step(EventList* ev) {
  const Scenario* sc = scenario_data();
  if (sc == nullptr || turn != 1) return false;
  const FirstActivation& fa = sc->first_activation;
  const int n = static_cast<int>(fa.formations.size());
  if (first_acts >= n) return false;
  if (fa.optional || !fa.chooser.empty()) {
    // The owner decides: take (one of) the activation(s) or, if optional, decline (B4, A10).
    const int f = game_->formation_index(fa.formations[0]);
    if (f < 0) {
      first_acts = static_cast<uint8_t>(n);
      return false;
    }
    push(kStepFirstActivation, f, 0);
    return true;
  }
  const int f = game_->formation_index(fa.formations[static_cast<size_t>(first_acts)]);
  ++first_acts;
  if (f < 0) return true;  // not in this game: try the next one
  Emit(
      ev, "WSR 3.1",
      Text{game_->formation(f).data->name +
               " takes a first activation before the first draw of turn 1 (scenario).",
           std::string(game_->formation(f).data->name_de) +
               " erhält vor dem ersten Ziehen der Spielrunde 1 eine erste Aktivierung (Szenario)."},
      game_->formation(f).side);
  begin_impulse(f, ev);  // counts as activated for WSR 3.2.1 (B2 [Rec])
  return true;
}

void WsrState::first_activation_actions(ActionList& out) const {
  const Scenario* sc = scenario_data();
  if (sc == nullptr) return;
  const FirstActivation& fa = sc->first_activation;
  for (const std::string& id : fa.formations) {
    const int f = game_->formation_index(id);
    if (f >= 0) out.push_back(Action(kFirstActivation, {f}));
  }
  if (fa.optional) out.push_back(Action(kDecline, {}));
}

// ---------------------------------------------------------------------------------------------
// Random entry (B1 "Beck second element"): each time the formation is activated while the
// forces using the table have not entered, one die picks the entry zone; a row without a zone
// means no entry this time. Once a roll has released the forces no further roll is made.

void WsrState::impulse_start_hooks(int f, EventList* ev) {
  (void)ev;
  combined_u = -1;  // B1 m18-fire-and-move: a new impulse
  combined_mode = 0;
  ambush_u = -1;
  const Scenario* sc = scenario_data();
  if (sc == nullptr) return;
  const int nre = std::min(static_cast<int>(sc->random_entries.size()), kMaxRandomEntries);
  for (int k = 0; k < nre; ++k) {
    const RandomEntry& re = sc->random_entries[static_cast<size_t>(k)];
    if (entry_roll[static_cast<size_t>(k)] != 0 || game_->formation_index(re.formation) != f)
      continue;
    bool waiting = false;
    for (int u = 0; u < n_units && !waiting; ++u) {
      const int fo = unit_force(u);
      waiting = fo >= 0 && has(u, kOffMap) &&
                sc->forces[static_cast<size_t>(fo)].arrival == ArrivalKind::kRandom &&
                sc->forces[static_cast<size_t>(fo)].random_entry == re.id;
    }
    // Pushed after the command tests: the roll is resolved first in the impulse.
    if (waiting) push(kStepEntryRoll, f, k);
  }
  land_start(f, ev);  // special_rules.cc: A7 place-on-activation, before the command tests
}

void WsrState::apply_entry_roll(const Step& s, int die, EventList* ev) {
  const Scenario* sc = scenario_data();
  const RandomEntry& re = sc->random_entries[static_cast<size_t>(s.a)];
  const RandomEntry::Row& row = re.ForRoll(die);
  const int side = game_->formation(s.f).side;
  const std::string& formation = game_->formation(s.f).data->id;  // named by name_ids
  if (row.zone.empty()) {
    Emit(ev, "scenario",
         Text{"Entry of the reinforcements, " + formation + ", roll " + std::to_string(die) +
                  ": nothing enters this time; roll again at the formation's next activation.",
              "Eintritt der Verstärkungen, " + formation + ", Wurf " + std::to_string(die) +
                  ": diesmal tritt niemand ein; bei der nächsten Aktivierung der Formation "
                  "erneut würfeln."},
         side);
    return;
  }
  entry_roll[static_cast<size_t>(s.a)] = static_cast<uint8_t>(die);
  const Zone* z = sc->FindZone(row.zone);
  Emit(ev, "scenario",
       Text{"Entry of the reinforcements, " + formation + ", roll " + std::to_string(die) +
                ": the units enter through " + (z ? z->text.en : row.zone) +
                " (in command for this activation, WSR 4.2).",
            "Eintritt der Verstärkungen, " + formation + ", Wurf " + std::to_string(die) +
                ": die Einheiten treten über " + ((z ? z->text.in(Lang::kDe) : row.zone)) +
                " ein (für diese Aktivierung unter Befehl, WSR 4.2)."},
       side);
}

// ---------------------------------------------------------------------------------------------
// Entering from off the map (G-12 [Rec]: the entry hex costs its terrain cost from the full MF;
// WSR 4.2: in command during the first activation -- they enter after the command tests and
// are never tested in this impulse). A unit that does not enter stays available: it may enter
// in a later impulse of its formation (the rules say nothing; docs/wsr-rules.md).

void WsrState::entry_hexes(int u, std::vector<int>& out) const {
  out.clear();
  const Scenario* sc = scenario_data();
  const int fo = unit_force(u);
  if (sc == nullptr || fo < 0 || !has(u, kOffMap)) return;
  const Force& force = sc->forces[static_cast<size_t>(fo)];
  const Zone* z = nullptr;
  if (force.arrival == ArrivalKind::kTurn) {
    if (turn < force.turn) return;  // reinforcements: from their turn on
    z = sc->FindZone(force.zone);
  } else if (force.arrival == ArrivalKind::kRandom) {
    const int k = RandomEntryIndex(*sc, force.random_entry);
    if (k < 0 || k >= kMaxRandomEntries || entry_roll[static_cast<size_t>(k)] == 0) return;
    z = sc->FindZone(sc->random_entries[static_cast<size_t>(k)]
                         .ForRoll(entry_roll[static_cast<size_t>(k)])
                         .zone);
  }
  if (z != nullptr) out = z->hexes;
}

int WsrState::entry_cost(int u, int hex) const {
  // G-12 [Rec]: the terrain cost of the entry hex (no road rate: the unit comes from off the
  // map), after the scenario's terrain hooks (B3 no-rivers in WsrGame::terrain, B4 rubble).
  const bool hard = hard_target(u);
  const int c = game_->data().terrain[game_->terrain(hex)].move_cost(hard);
  return RubbleMoveCost(game_->setup(), game_->data(), game_->layout(), game_->terrain(hex), hex,
                        hard, c);
}

bool WsrState::can_enter_map(const std::vector<int>& us, int hex, Text* why) const {
  return can_enter_map(us, hex, why, nullptr);
}

bool WsrState::can_enter_map(const std::vector<int>& us, int hex, Text* why,
                             const EntryScan* scan) const {
  if (steps.empty() || top().kind != kStepOperations || active_f < 0)
    return Fail(why, Text{"units enter from off the map during their formation's operations (G-12, "
                          "WSR 4.4)",
                          "Einheiten treten während der Operationen ihrer Formation von außerhalb "
                          "des Spielplans ein (G-12, WSR 4.4)"});
  if (us.empty() || us.size() > 3)
    return Fail(why,
                Text{"one to three units (2 combat units and an HQ) enter together (WSR 1.4, 5.1)",
                     "ein bis drei Einheiten (2 Kampfeinheiten und ein HQ) treten gemeinsam ein "
                     "(WSR 1.4, 5.1)"});
  if (hex < 0 || hex >= game_->layout().size())
    return Fail(why, Text{"no such hex", "kein solches Feld"});
  const int side = game_->formation(active_f).side;
  int combat = scan != nullptr ? scan->combat : combat_units_in(hex, side), hqs = 0;
  std::vector<int> own;
  for (size_t k = 0; k < us.size(); ++k) {
    const int u = us[k];
    if (u < 0 || u >= n_units) return Fail(why, Text{"no such unit", "keine solche Einheit"});
    for (size_t j = 0; j < k; ++j)
      if (us[j] == u)
        return Fail(why, Text{unit_label(u) + " is named twice",
                              std::string(unit_label(u)) + " ist doppelt genannt"});
    if (info(u).formation != active_f)
      return Fail(
          why, Text{unit_label(u) + " does not belong to the active formation (WSR 4.4)",
                    std::string(unit_label(u)) + " gehört nicht zur aktiven Formation (WSR 4.4)"});
    if (loaded(u))
      return Fail(why, Text{unit_label(u) + " rides in " + unit_label(carrier_of(u)) +
                                " and enters with it (WSR 5.2, A-38)",
                            std::string(unit_label(u)) + " fährt in " + unit_label(carrier_of(u)) +
                                " und tritt mit ihm ein (WSR 5.2, A-38)"});
    if (!has(u, kOffMap))
      return Fail(why, Text{unit_label(u) + " is not off the map",
                            std::string(unit_label(u)) + " ist nicht außerhalb des Spielplans"});
    const std::vector<int>* found = nullptr;  // scan: the candidate's entry hexes
    if (scan != nullptr)
      for (size_t i = 0; i < scan->cand->size() && found == nullptr; ++i)
        if ((*scan->cand)[i] == u) found = &(*scan->cand_hexes)[i];
    if (found == nullptr) {
      entry_hexes(u, own);
      found = &own;
    }
    const std::vector<int>& hexes = *found;
    if (hexes.empty())
      return Fail(why, Text{unit_label(u) + " may not enter now (its force arrives " +
                                "later, or its entry roll has not succeeded; scenario)",
                            std::string(unit_label(u)) +
                                " darf jetzt nicht eintreten (ihre Truppe kommt später oder ihr "
                                "Eintrittswurf ist noch nicht gelungen; Szenario)"});
    if (!std::binary_search(hexes.begin(), hexes.end(), hex))
      return Fail(why,
                  Text{hex_name(hex) + " is not an entry hex of " + unit_label(u) + " (scenario)",
                       std::string(hex_name(hex)) + " ist kein Eintrittsfeld von " + unit_label(u) +
                           " (Szenario)"});
    const int c = entry_cost(u, hex);
    if (c < 0)
      return Fail(why,
                  Text{hex_name(hex) + " is impassable (WSR 5.0, terrain chart)",
                       std::string(hex_name(hex)) + " ist unpassierbar (WSR 5.0, Geländetabelle)"});
    if (c > mf(u))
      return Fail(why, Text{unit_label(u) + " needs " + std::to_string(c) + " MP to enter " +
                                hex_name(hex) + " and has " + std::to_string(mf(u)) + " (G-12)",
                            std::string(unit_label(u)) + " braucht " + std::to_string(c) +
                                " BP, um " + hex_name(hex) + " zu betreten, und hat " +
                                std::to_string(mf(u)) + " (G-12)"});
    if (info(u).hq) {
      ++hqs;
    } else {
      combat += 1 + passengers_of(u);  // WSR 1.4: a carrier's passenger is a counter too
    }
  }
  if (scan != nullptr ? scan->enemy : enemy_in(hex, side))
    return Fail(why,
                Text{hex_name(hex) + " is enemy-occupied: units do not enter into an enemy hex "
                                     "(WSR 5.1, G-12)",
                     std::string(hex_name(hex)) + " ist feindlich besetzt: Einheiten treten nicht "
                                                  "in ein feindliches Feld ein (WSR 5.1, G-12)"});
  if (combat > kStackLimit)
    return Fail(why, Text{"stacking: more than 2 combat units in " + hex_name(hex) + " (WSR 1.4)",
                          std::string("Stapeln: mehr als 2 Kampfeinheiten in ") + hex_name(hex) +
                              " (WSR 1.4)"});
  if (hqs > 1 || (hqs == 1 && (scan != nullptr ? scan->hq : hq_in(hex, side))))
    return Fail(why, Text{"only one HQ or SHQ per hex (WSR 1.3.2, A-03)",
                          "nur ein HQ oder SHQ pro Feld (WSR 1.3.2, A-03)"});
  for (int u : us) {
    if (!info(u).hq) continue;
    bool escorted = false;
    for (int v : us) escorted = escorted || (!info(v).hq && info(v).formation == info(u).formation);
    if (!escorted)
      return Fail(why, Text{"an HQ enters only together with a unit of its formation (WSR 1.3.2, "
                            "A-03)",
                            "ein HQ tritt nur zusammen mit einer Einheit seiner Formation ein (WSR "
                            "1.3.2, A-03)"});
  }
  // Interchangeable units (same counter, face, flags and support weapon) enter in label order,
  // so that equal choices are one action.
  for (int u : us) {
    for (int w = 0; w < u; ++w) {
      if (!has(w, kOffMap) || std::find(us.begin(), us.end(), w) != us.end()) continue;
      if (info(w).counter == info(u).counter && unit(w).flags == unit(u).flags &&
          unit(w).sw == unit(u).sw && unit_force(w) == unit_force(u) &&
          passengers_of(w) == passengers_of(u) && !loaded(w))
        return Fail(
            why, Text{"identical units enter in label order: " + unit_label(w) + " before " +
                          unit_label(u),
                      std::string(
                          "gleiche Einheiten treten in der Reihenfolge ihrer Bezeichnung ein: ") +
                          unit_label(w) + " vor " + unit_label(u)});
    }
  }
  return true;
}

void WsrState::enter_actions(ActionList& out) const {
  if (scenario_data() == nullptr || steps.empty() || top().kind != kStepOperations) return;
  // perf: the lists below are buffers of the thread, emptied here and kept between calls (no
  // allocation per decision; nothing called from here lists entries again). cand_hexes[i] is
  // the entry hexes of cand[i] (entries past cand.size() are left over from an earlier call).
  thread_local std::vector<int> cand, hexes, all, us;
  thread_local std::vector<std::vector<int>> cand_hexes;
  thread_local std::vector<uint8_t> ok, never;
  thread_local std::vector<uint64_t> lower;
  cand.clear();
  all.clear();
  for (int u : game_->formation_units(active_f)) {  // perf: the active formation's units
    if (u >= n_units) break;
    if (!has(u, kOffMap) || loaded(u)) continue;
    entry_hexes(u, hexes);
    if (hexes.empty()) continue;
    cand.push_back(u);
    all.insert(all.end(), hexes.begin(), hexes.end());
    if (cand_hexes.size() < cand.size()) cand_hexes.emplace_back();
    cand_hexes[cand.size() - 1] = hexes;
  }
  if (cand.empty()) return;
  std::sort(all.begin(), all.end());
  all.erase(std::unique(all.begin(), all.end()), all.end());
  const size_t n = cand.size();
  const bool fast = WsrFastPaths();
  const int side = game_->formation(active_f).side;
  // perf: can_enter_map refuses every group with a unit that may not enter `h` by itself (not
  // its entry hex, or its terrain cost: the per-unit checks, which the candidates pass
  // otherwise), and every group entering an enemy-occupied hex; those are not asked.
  ok.assign(n, 1);
  // perf: interchangeable units enter in label order (can_enter_map): a group with a unit whose
  // identical lower-labelled unit off the map stays behind is refused. lower[i]: those units
  // among the candidates (bit j: cand[j]); never[i]: one of them is no candidate.
  lower.assign(n, 0);
  never.assign(n, 0);
  const bool label_prune = fast && n <= 64;
  if (label_prune)
    for (size_t i = 0; i < n; ++i) {
      const int u = cand[i];
      for (int w = 0; w < u; ++w) {
        if (!has(w, kOffMap) || loaded(w)) continue;
        if (info(w).counter != info(u).counter || unit(w).flags != unit(u).flags ||
            unit(w).sw != unit(u).sw || unit_force(w) != unit_force(u) ||
            passengers_of(w) != passengers_of(u))
          continue;
        const auto it = std::find(cand.begin(), cand.end(), w);
        if (it == cand.end())
          never[i] = 1;
        else
          lower[i] |= uint64_t{1} << static_cast<size_t>(it - cand.begin());
      }
    }
  auto label_ok = [&](std::initializer_list<size_t> set) {
    if (!label_prune) return true;
    uint64_t mask = 0;
    for (size_t i : set) mask |= uint64_t{1} << i;
    for (size_t i : set)
      if (never[i] || (lower[i] & ~mask) != 0) return false;
    return true;
  };
  EntryScan scan;
  scan.cand = &cand;
  scan.cand_hexes = &cand_hexes;
  const EntryScan* sp = nullptr;
  for (int h : all) {
    if (fast) {
      if (enemy_in(h, side)) continue;
      scan.combat = combat_units_in(h, side);
      scan.hq = hq_in(h, side);
      scan.enemy = false;
      sp = &scan;
      for (size_t i = 0; i < n; ++i) {
        const std::vector<int>& eh = cand_hexes[i];
        const int c = std::binary_search(eh.begin(), eh.end(), h) ? entry_cost(cand[i], h) : -1;
        ok[i] = c >= 0 && c <= mf(cand[i]) ? 1 : 0;
      }
    }
    for (size_t i = 0; i < n; ++i) {
      if (!ok[i]) continue;
      us = {cand[i]};
      if (label_ok({i}) && can_enter_map(us, h, nullptr, sp))
        out.push_back(ActionOf(kEnter, {h, cand[i]}));
      for (size_t j = i + 1; j < n; ++j) {
        if (!ok[j]) continue;
        us = {cand[i], cand[j]};
        if (label_ok({i, j}) && can_enter_map(us, h, nullptr, sp))
          out.push_back(ActionOf(kEnter, {h, cand[i], cand[j]}));
        for (size_t k = j + 1; k < n; ++k) {
          if (!ok[k]) continue;
          us = {cand[i], cand[j], cand[k]};
          if (label_ok({i, j, k}) && can_enter_map(us, h, nullptr, sp))
            out.push_back(ActionOf(kEnter, {h, cand[i], cand[j], cand[k]}));
        }
      }
    }
  }
}

void WsrState::apply_enter(const Action& a, EventList* ev) {
  const int hex = a.arg(0);
  bool was_empty = true;  // WSR 8.2.1, A-23: no unit of either side in the hex before the entry
  for (int u = 0; u < n_units && was_empty; ++u) was_empty = unit(u).hex != hex;
  push(kStepMove, active_f, -1);
  n_group = 0;
  group_origin = static_cast<int16_t>(hex);
  group_steps = 1;  // the entry hex is the first hex entered (no stack-mates join now, 5.1)
  std::string names, names_de;
  for (int k = 1; k < a.argc; ++k) {
    const int u = a.arg(k);
    const int c = entry_cost(u, hex);
    Unit& x = unit(u);
    x.hex = static_cast<int16_t>(hex);
    x.start_hex = static_cast<int16_t>(hex);
    x.mp_spent = static_cast<uint8_t>(c);
    x.flags = static_cast<uint16_t>((x.flags & ~(kOffMap | kOutOfCommand | kOpsComplete)) |
                                    kMoving | kMovedThisImpulse);
    group[n_group++] = static_cast<int8_t>(u);
    names += (names.empty() ? "" : ", ") + unit_label(u) + " " + std::to_string(c) + " MP (" +
             std::to_string(mp_left(u)) + " left)";
    names_de += (names_de.empty() ? "" : ", ") + unit_label(u) + " " + std::to_string(c) +
                " BP (noch " + std::to_string(mp_left(u)) + ")";
  }
  const int side = game_->formation(active_f).side;
  enter_hex(hex, side);  // WSR 12.2
  Emit(ev, "G-12",
       Text{"Enter from off the map in " + hex_name(hex) + ": " + names +
                "; in command for this activation (WSR 4.2).",
            std::string("Eintritt von außerhalb des Spielplans in ") + hex_name(hex) + ": " +
                names_de + "; für diese Aktivierung unter Befehl (WSR 4.2)."},
       side);
  push(kStepHexEntered, active_f, hex);  // WSR 6.2: the entry hex is a hex entered
  mines_on_entry(hex, was_empty, ev);    // fortification.cc: WSR 8.2.1, before OF
}

// ---------------------------------------------------------------------------------------------
// Dispatch, refusals, text forms, JSON, hash.

bool WsrState::scenario_verb(int verb) {
  return (verb >= kEnter && verb <= kAmbush) || verb == kBlowBridge || verb == kDesignate ||
         verb == kPreStrike;
}

bool WsrState::scenario_handles(const Action& a) const {
  if (scenario_verb(a.verb)) return true;
  if (steps.empty()) return false;
  if (a.verb == kPlace && top().kind == kStepLand) return true;  // A7 place-on-activation
  // B1 m18-fire-and-move: the M18 fires out of its move, or moves after fire-move.
  if (a.verb == kFire && top().kind == kStepMove) return true;
  return a.verb == kSelect && a.argc > 0 && a.arg(0) == combined_u && combined_mode == 2 &&
         top().kind == kStepOperations;
}

void WsrState::apply_scenario_action(const Action& a, EventList* ev) {
  const Scenario* sc = scenario_data();
  switch (a.verb) {
    case kEnter:
      apply_enter(a, ev);
      return;
    case kDesignate:  // special_rules.cc: A5 designated-formation-marker
      apply_designate(a.arg(0), ev);
      return;
    case kPreStrike:  // special_rules.cc: A7 pre-game-strike
      apply_pre_strike(a, ev);
      return;
    case kPlace:  // special_rules.cc: A7 place-on-activation
      apply_land(a.arg(0), a.arg(1), ev);
      return;
    case kFirstActivation:
    case kDecline: {
      if (top().kind == kStepPreStrike) {  // A7 pre-game-strike declined
        apply_pre_strike(a, ev);
        return;
      }
      pop();  // kStepFirstActivation
      first_acts = static_cast<uint8_t>(sc->first_activation.formations.size());
      if (a.verb == kDecline) {
        Emit(ev, "WSR 3.1",
             Text{"The first activation is declined; the marker stays in the cup.",
                  "Die erste Aktivierung wird abgelehnt; der Marker bleibt im Behältnis."},
             current_seat());
        return;
      }
      const int f = a.arg(0);
      const int side = game_->formation(f).side;
      Emit(
          ev, "WSR 3.1",
          Text{game_->formation(f).data->name + " takes the first activation of turn 1 (scenario).",
               std::string(game_->formation(f).data->name_de) +
                   " erhält die erste Aktivierung der Spielrunde 1 (Szenario)."},
          side);
      if (sc->first_activation.delays_marker && cup[static_cast<size_t>(f)] > 0) {
        // B4: the marker goes into the cup only from turn 2 (no second activation in turn 1).
        cup[static_cast<size_t>(f)] = 0;
        in_turn = static_cast<uint16_t>(in_turn & ~(1u << f));
        Emit(
            ev, "scenario",
            Text{"The marker of " + game_->formation(f).data->name + " enters the cup from turn 2.",
                 std::string("Der Marker von ") + game_->formation(f).data->name_de +
                     " kommt ab Spielrunde 2 in das Behältnis."},
            side);
      }
      begin_impulse(f, ev);
      return;
    }
    case kSelect:  // B1: the M18 moves after fire-move
      combined_mode = 3;
      apply_select(a.arg(0), ev);
      return;
    case kFire: {  // B1: the M18 fires out of its move
      const int u = a.arg(0);
      combined_u = static_cast<int8_t>(u);
      combined_mode = 1;
      Emit(ev, "scenario",
           Text{unit_label(u) + " ends its move to fire (m18-fire-and-move: to-hit +" +
                    std::to_string(sc->FindRule("m18-fire-and-move")->Int("to_hit", 1)) + ").",
                std::string(unit_label(u)) +
                    " beendet seine Bewegung, um zu feuern (m18-fire-and-move: Trefferzahl +" +
                    std::to_string(sc->FindRule("m18-fire-and-move")->Int("to_hit", 1)) + ")."},
           side_of(u));
      leave_group(u);
      finish_unit_move(u);
      apply_fire(u, a.arg(1), ev);
      return;
    }
    case kFireMove: {  // B1: fire now, then move up to `mp` MP
      const int u = a.arg(0);
      const int mp = sc->FindRule("m18-fire-and-move")->Int("mp", 3);
      combined_u = static_cast<int8_t>(u);
      combined_mode = 2;
      unit(u).mp_spent = static_cast<uint8_t>(std::max<int>(unit(u).mp_spent, mf(u) - mp));
      Emit(ev, "scenario",
           Text{unit_label(u) + " fires and may then spend " + std::to_string(mp) +
                    " MP (m18-fire-and-move).",
                std::string(unit_label(u)) + " feuert und darf danach " + std::to_string(mp) +
                    " BP ausgeben (m18-fire-and-move)."},
           side_of(u));
      apply_fire(u, a.arg(1), ev);
      return;
    }
    case kAmbush: {  // B4 panther-ambush: place, then fire at once
      const int u = a.arg(0), hex = a.arg(1);
      Unit& x = unit(u);
      x.hex = static_cast<int16_t>(hex);
      x.start_hex = static_cast<int16_t>(hex);
      x.mp_spent = 0;
      x.flags = static_cast<uint16_t>(x.flags & ~(kOffMap | kOutOfCommand | kOpsComplete));
      ambush_u = static_cast<int8_t>(u);
      Emit(ev, "scenario",
           Text{unit_label(u) + " is placed in " + hex_name(hex) +
                    " (panther-ambush) and fires at once.",
                std::string(unit_label(u)) + " wird in " + hex_name(hex) +
                    " platziert (panther-ambush) und feuert sofort."},
           side_of(u));
      apply_fire(u, a.arg(2), ev);
      return;
    }
    case kBlowBridge:  // special_rules.cc: A4 blow-the-bridge
      apply_blow_bridge(a.arg(0), ev);
      return;
    default:
      return;
  }
}

Text WsrState::scenario_why_illegal(const Action& a) const {
  Text why;
  const Step& t = top();
  if (t.kind == kStepFirstActivation && a.verb != kFirstActivation && a.verb != kDecline)
    return Text{
        "take the first activation (first-activation <formation>) or decline it (scenario)",
        "die erste Aktivierung nehmen (first-activation <Formation>) oder ablehnen (Szenario)"};
  switch (a.verb) {
    case kEnter: {
      std::vector<int> us;
      for (int k = 1; k < a.argc; ++k) us.push_back(a.arg(k));
      can_enter_map(us, a.arg(0), &why);
      break;
    }
    case kFirstActivation:
      if (t.kind != kStepFirstActivation)
        return Text{"no first activation is offered now (scenario)",
                    "gerade wird keine erste Aktivierung angeboten (Szenario)"};
      return Text{"that formation has no first activation in this scenario",
                  "diese Formation hat in diesem Szenario keine erste Aktivierung"};
    case kDecline:
      if (t.kind != kStepFirstActivation)
        return Text{"nothing to decline now", "gerade ist nichts abzulehnen"};
      return Text{"the first activation of this scenario is not optional",
                  "die erste Aktivierung dieses Szenarios ist nicht freiwillig"};
    case kFireMove: {
      const int u = a.arg(0);
      const SpecialRule* r =
          scenario_data() ? scenario_data()->FindRule("m18-fire-and-move") : nullptr;
      if (r == nullptr || u >= n_units || info(u).counter->id != r->Str("counter"))
        return Text{"fire-move is the M18 rule of WSR-B1 (m18-fire-and-move)",
                    "fire-move ist die M18-Regel von WSR-B1 (m18-fire-and-move)"};
      if (has(u, kMovedThisImpulse))
        return Text{
            unit_label(u) + " has moved: it fires out of its move with `fire` (m18-fire-and-move)",
            std::string(unit_label(u)) +
                " hat sich bewegt: er feuert aus seiner Bewegung mit `fire` (m18-fire-and-move)"};
      can_fire(u, a.arg(1), false, &why);
      break;
    }
    case kAmbush:
      can_ambush(a.arg(0), a.arg(1), a.arg(2), &why);
      break;
    case kBlowBridge:
      can_blow_bridge(a.arg(0), &why);
      break;
    case kFire: {  // in a move: only the B1 M18 fires out of its move
      const int u = a.arg(0);
      const SpecialRule* r =
          scenario_data() ? scenario_data()->FindRule("m18-fire-and-move") : nullptr;
      if (r != nullptr && u < n_units && in_group(u) && info(u).counter->id == r->Str("counter") &&
          unit(u).mp_spent > r->Int("mp", 0))
        return Text{unit_label(u) + " has spent " + std::to_string(unit(u).mp_spent) +
                        " MP: it fires out of its move only after at most " +
                        std::to_string(r->Int("mp", 0)) +
                        " MP (m18-fire-and-move); a unit that moved " + "may not fire (WSR 5.0)",
                    std::string(unit_label(u)) + " hat " + std::to_string(unit(u).mp_spent) +
                        " BP ausgegeben: er feuert aus seiner Bewegung nur nach höchstens " +
                        std::to_string(r->Int("mp", 0)) +
                        " BP (m18-fire-and-move); eine Einheit, die sich bewegt hat, darf nicht "
                        "feuern (WSR 5.0)"};
      return fire_why_illegal(a);
    }
    case kSelect:
      can_start_move(a.arg(0), &why);
      break;
    default:
      break;
  }
  if (!why.en.empty()) return why;
  return not_legal_now();
}

int WsrState::scenario_parse(const std::vector<std::string>& w, Action& out, Text& error) const {
  const std::string& v = w[0];
  auto unit_arg = [&](const std::string& s, int* u) { return parse_unit_arg(s, u, error); };
  auto hex_arg = [&](const std::string& s, int* h) { return parse_hex_arg(s, h, error); };
  if (v == "enter") {
    if (w.size() < 3 || w.size() > 5) {
      error = {"enter <unit> [<unit> <unit>] <hex>",
               "enter <Einheit> [<Einheit> <Einheit>] <Hexfeld>"};
      return -1;
    }
    int h = 0;
    if (!hex_arg(w.back(), &h)) return -1;
    std::vector<int> us;
    for (size_t k = 1; k + 1 < w.size(); ++k) {
      int u = 0;
      if (!unit_arg(w[k], &u)) return -1;
      us.push_back(u);
    }
    std::sort(us.begin(), us.end());
    if (us.size() == 1) out = Action(kEnter, {h, us[0]});
    if (us.size() == 2) out = Action(kEnter, {h, us[0], us[1]});
    if (us.size() == 3) out = Action(kEnter, {h, us[0], us[1], us[2]});
    return 1;
  }
  if (v == "first-activation" && w.size() == 2) {
    const int f = game_->formation_index(w[1]);
    if (f < 0) {
      error = say("no formation '{}' in this game", "keine Formation '{}' in dieser Partie", w[1]);
      return -1;
    }
    out = Action(kFirstActivation, {f});
    return 1;
  }
  if (v == "decline" && w.size() == 1) {
    out = Action(kDecline, {});
    return 1;
  }
  if (v == "designate" && w.size() == 2) {  // special_rules.cc: A5
    const int f = game_->formation_index(w[1]);
    if (f < 0) {
      error = say("no formation '{}' in this game", "keine Formation '{}' in dieser Partie", w[1]);
      return -1;
    }
    out = Action(kDesignate, {f});
    return 1;
  }
  if (v == "pre-strike" && w.size() == 3) {  // special_rules.cc: A7 pre-game-strike
    int h = 0;
    if (!hex_arg(w[1], &h)) return -1;
    const int seat = pre_strike_seat();
    for (int k = 0;
         seat >= 0 &&
         k < static_cast<int>(game_->setup().artillery[static_cast<size_t>(seat)].size());
         ++k)
      if (strike_name(seat, k) == w[2]) {
        out = Action(kPreStrike, {h, k});
        return 1;
      }
    error =
        say("no artillery strike '{}' before turn 1 (he-FT: firepower F, to-hit T; WSR 11.2, "
            "WSR-A7)",
            "kein Artillerieschlag '{}' vor Runde 1 (he-FT: Feuerkraft F, Treffsicherheit T; "
            "WSR 11.2, WSR-A7)",
            w[2]);
    return -1;
  }
  if (v == "fire-move" && w.size() == 3) {
    int u = 0, t = 0;
    if (!unit_arg(w[1], &u) || !unit_arg(w[2], &t)) return -1;
    out = Action(kFireMove, {u, t});
    return 1;
  }
  if (v == "blow-bridge" && w.size() == 2) {
    int u = 0;
    if (!unit_arg(w[1], &u)) return -1;
    out = Action(kBlowBridge, {u});
    return 1;
  }
  if (v == "ambush" && w.size() == 4) {
    int u = 0, h = 0, t = 0;
    if (!unit_arg(w[1], &u) || !hex_arg(w[2], &h) || !unit_arg(w[3], &t)) return -1;
    out = Action(kAmbush, {u, h, t});
    return 1;
  }
  return 0;
}

std::string WsrState::scenario_describe(const Action& a) const {
  auto unit_name = [&](int u) { return u < n_units ? unit_label(u) : "u" + std::to_string(u); };
  auto hex = [&](int h) { return hex_name(h < game_->layout().size() ? h : -1); };
  switch (a.verb) {
    case kEnter: {
      std::string s = "enter";
      for (int k = 1; k < a.argc; ++k) s += " " + unit_name(a.arg(k));
      return s + " " + hex(a.arg(0));
    }
    case kFirstActivation:
      return "first-activation " + (a.arg(0) < game_->num_formations()
                                        ? game_->formation(a.arg(0)).data->id
                                        : std::to_string(a.arg(0)));
    case kDecline:
      return "decline";
    case kFireMove:
      return "fire-move " + unit_name(a.arg(0)) + " " + unit_name(a.arg(1));
    case kAmbush:
      return "ambush " + unit_name(a.arg(0)) + " " + hex(a.arg(1)) + " " + unit_name(a.arg(2));
    case kBlowBridge:
      return "blow-bridge " + unit_name(a.arg(0));
    case kDesignate:
      return "designate " + (a.arg(0) < game_->num_formations()
                                 ? game_->formation(a.arg(0)).data->id
                                 : std::to_string(a.arg(0)));
    case kPreStrike:
      return "pre-strike " + hex(a.arg(0)) + " " + strike_name(pre_strike_seat(), a.arg(1));
    default:
      return "?";
  }
}

Text WsrState::scenario_prompt() const {
  const Step& t = top();
  const Formation& fd = *game_->formation(t.f).data;
  if (t.kind == kStepEntryRoll) {
    // Where the formation's reinforcements enter (the random entry's table, by this roll).
    return Text{"Roll 1 die: entry of the reinforcements, " + fd.id + " (scenario).",
                "1 Würfel werfen: Eintritt der Verstärkungen, " + fd.id + " (Szenario)."};
  }
  return Text{
      "First activation of turn 1: choose the formation" +
          std::string(scenario_data()->first_activation.optional ? " or decline" : "") +
          " (scenario).",
      std::string("Erste Aktivierung der Spielrunde 1: die Formation wählen") +
          (std::string(scenario_data()->first_activation.optional ? " oder ablehnen" : "")) +
          " (Szenario)."};
}

bool WsrState::scenario_state_ok(const Step& st) const {
  const Scenario* sc = scenario_data();
  if (sc == nullptr || st.f < 0 || st.f >= game_->num_formations()) return false;
  if (st.kind == kStepEntryRoll)
    return st.a >= 0 && st.a < static_cast<int>(sc->random_entries.size()) &&
           st.a < kMaxRandomEntries;
  return true;
}

json WsrState::scenario_to_json() const {
  json j = {entry_roll, first_acts, combined_u, combined_mode, ambush_u};
  // special_rules.cc: A5 and A7 hooks (element 7), A4 hooks (element 6).
  const bool a57 = designated_cup > 0 || pre_strike > 0 || landed_turn > 0;
  const bool hooks = air_trigger_turn > 0 || bridge_turns > 0 || bridge_tries > 0 ||
                     bridge != kBridgeIntact || a57;
  if (exited_count() > 0 || hooks) j.push_back(exits_to_json());  // exit.cc
  if (hooks)
    j.push_back({{"air_trigger", air_trigger_turn},
                 {"bridge", {bridge_turns, bridge_tries, bridge_try_turn, bridge}}});
  if (a57)
    j.push_back(
        {{"designated", designated_cup}, {"pre_strike", pre_strike}, {"landed_turn", landed_turn}});
  return j;
}

void WsrState::scenario_from_json(const json& j) {
  entry_roll = j.at(0).get<std::array<uint8_t, kMaxRandomEntries>>();
  first_acts = j.at(1).get<uint8_t>();
  combined_u = j.at(2).get<int8_t>();
  combined_mode = j.at(3).get<uint8_t>();
  ambush_u = j.at(4).get<int8_t>();
  exit_hex.fill(kNoHex);  // exit.cc (G-12): present once a unit has exited
  if (j.size() > 5) exits_from_json(j.at(5));
  air_trigger_turn = j.size() > 6 ? j.at(6).at("air_trigger").get<uint8_t>() : 0;  // A4
  if (air_trigger_turn > game_->setup().turns + 1)
    throw std::runtime_error("/scenario: air_trigger out of range");
  bridge_turns = bridge_tries = bridge_try_turn = 0;
  bridge = kBridgeIntact;
  if (j.size() > 6) {
    const json& b = j.at(6).at("bridge");
    bridge_turns = b.at(0).get<uint8_t>();
    bridge_tries = b.at(1).get<uint8_t>();
    bridge_try_turn = b.at(2).get<uint8_t>();
    bridge = b.at(3).get<uint8_t>();
    if (bridge > kBridgeCrossed || bridge_try_turn > game_->setup().turns)
      throw std::runtime_error("/scenario: bad bridge state");
  }
  designated_cup = pre_strike = landed_turn = 0;  // special_rules.cc: A5, A7
  if (j.size() > 7) {
    const json& h = j.at(7);
    designated_cup = h.at("designated").get<uint8_t>();
    pre_strike = h.at("pre_strike").get<uint8_t>();
    landed_turn = h.at("landed_turn").get<uint8_t>();
    if (designated_cup > designated_markers() || pre_strike > 1 ||
        landed_turn > game_->setup().turns)
      throw std::runtime_error("/scenario: bad A5/A7 hook state");
  }
  for (uint8_t r : entry_roll)
    if (r > 6) throw std::runtime_error("/scenario: entry roll out of range");
  if (combined_u < -1 || combined_u >= n_units || ambush_u < -1 || ambush_u >= n_units ||
      combined_mode > 3)
    throw std::runtime_error("/scenario: unit out of range");
}

uint64_t WsrState::scenario_digest() const {
  uint64_t d = 0;
  for (size_t k = 0; k < entry_roll.size(); ++k)
    d |= static_cast<uint64_t>(entry_roll[k]) << (8 * k);
  d |= static_cast<uint64_t>(first_acts) << 32;
  d |= static_cast<uint64_t>(static_cast<uint8_t>(combined_u)) << 40;
  d |= static_cast<uint64_t>(combined_mode) << 48;
  d |= static_cast<uint64_t>(static_cast<uint8_t>(ambush_u)) << 56;
  const uint64_t hooks = air_trigger_turn | (bridge_turns << 8) | (bridge_tries << 16) |
                         (static_cast<uint64_t>(bridge_try_turn) << 24) |
                         (static_cast<uint64_t>(bridge) << 32) |  // special_rules.cc: A4 hooks
                         (static_cast<uint64_t>(designated_cup) << 40) |  // A5, A7 hooks
                         (static_cast<uint64_t>(pre_strike) << 48) |
                         (static_cast<uint64_t>(landed_turn) << 56);
  return d ^ (hooks * 0x9E3779B97F4A7C15ULL);
}

}  // namespace feldherr::wsr
