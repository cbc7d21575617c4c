// White Star Rising scenario special rules of the basic scenarios WSR-B1..B4 as hooks of the
// rules engine (docs/wsr-rules.md "Scenario mechanics"). Every hook reads its parameters from
// the scenario data (SpecialRule::Int / Str; KnownSpecialRules() in scenario.cc), never from
// constants here:
//   B1 m18-fire-and-move (counter, mp, to_hit)   fire then move `mp` MP, or move <= `mp` MP then
//                                                fire, at to-hit +`to_hit` for that attack
//   B2 hq-replacement-any-unit (formation)       WSR 1.3.2.3 with any unit of the formation
//   B3 no-rivers                                 river/bridge hexes use `without_rivers`
//   B3 dismounted-only (counter, formation)      never mounted, no "+" ([Rec A-42]), no wreck
//   B4 rubble (terrain, move_soft, move_hard, road_reduction, defence)   [Rec A-36]
//   B4 hq-on-counter (formation, counter)        the HQ may also return on `counter` units
//   B4 panther-ambush (formation, counter, zone, extra_hits)   place, fire at once, +hits
// and of the advanced scenarios:
//   A3/A8/A9 always_in_command, in_command_until_turn (force fields)   no command test
//   A12 only-bridges-intact (zone)               other bridge hexes are rivers (impassable)
//   A12 no-demolition                            nothing to do: no bridge can be blown in A12
//   A6 boundary-line (zone, south_formation, north_formation)   red line (step_cost)
//   A11 no-road (zone)                           clear hexes without their road
//   A11 air-withdrawn (counter, turn)            the aircraft leaves play at that turn's start
//   A2 no-hills                                  hill hexes use `without_hills` (level 0)
//   A5 ip-unoccupied, ip-forbidden-terrain (terrain)   IP placement at setup (setup.cc)
//   A4 air-trigger (counter, zone, range, delay) the aircraft joins the cup `delay` turns after
//                                                the first enemy unit came within `range`
//   A7 no-withheld-end-turn (formation)          no WSR 3.2.1 withholding for it after turn 1
//   A4 blow-the-bridge (formation, counter, zone, turns, first_roll, later_roll)   demolition
//   A7 dd-tanks (counter, reduced_on)            1 die per such unit before the setup
//   A5 designated-formation-marker (side, count, excluded_formation, excluded_turn)
//                                                a marker activating an unactivated formation
//   A7 pre-game-strike (side)                    the first strike before turn 1's activations
//   A7 place-on-activation (formation, zone, turn)   units placed when the formation activates
#include "games/wsr/special_rules.h"

#include <algorithm>
#include <string>
#include <vector>

#include "games/wsr/combat.h"
#include "games/wsr/emit.h"       // last: defines Emit and Fail
#include "games/wsr/los_cache.h"  // perf: WsrFastPaths
#include "games/wsr/scenario.h"
#include "games/wsr/side_words.h"
#include "games/wsr/state.h"

namespace feldherr::wsr {

namespace {

const SpecialRule* RuleOf(const GameSetup& setup, std::string_view id) {
  return setup.scenario_data ? setup.scenario_data->FindRule(id) : nullptr;
}

// A formation parameter: empty matches every formation.
bool FormationMatches(const Formation* f, const std::string& param) {
  return param.empty() || (f != nullptr && f->Matches(param));
}

struct Rubble {
  bool on = false;
  Terrain terrain = Terrain::kCity;
  int soft = 0, hard = 0, road_reduction = 0, defence = 0;
};

Rubble RubbleOf(const GameSetup& setup) {
  Rubble r;
  const SpecialRule* rule = RuleOf(setup, "rubble");
  if (rule == nullptr || !TerrainFromId(rule->Str("terrain"), &r.terrain)) return r;
  r.on = true;
  r.soft = rule->Int("move_soft", 0);
  r.hard = rule->Int("move_hard", 0);
  r.road_reduction = rule->Int("road_reduction", 0);
  r.defence = rule->Int("defence", 0);
  return r;
}

}  // namespace

// ---------------------------------------------------------------------------------------------
// Map hooks (WsrGame constructor).

Terrain ScenarioTerrain(const GameSetup& setup, const TerrainChart& chart, Terrain t) {
  // B3 no-rivers, WSR-B3 [Rec]: "river hexes do not exist": the other terrain of the hex.
  if (RuleOf(setup, "no-rivers") != nullptr) t = chart[t].without_rivers;
  // A2 no-hills, WSR-A2 [Rec]: "a pure hill hex becomes clear; crest lines vanish" (level 0).
  if (RuleOf(setup, "no-hills") != nullptr) t = chart[t].without_hills;
  return t;
}

int RubbleMoveCost(const GameSetup& setup, const Data& data, const HexLayout& layout, Terrain t,
                   int hex, bool hard, int cost) {
  const Rubble r = RubbleOf(setup);
  if (!r.on || t != r.terrain || cost < 0) return cost;
  // B4 rubble: the rubble cost replaces the terrain (and road) cost of entering the hex; a road
  // running completely through the hex reduces it (reading: whatever side the unit comes from).
  int c = hard ? r.hard : r.soft;
  bool through = false;
  for (const HexId& id : layout.Aliases(hex))
    through = through || data.sheet(id.sheet).RoadThrough(id);
  if (through) c -= r.road_reduction;
  return std::max(c, 0);
}

bool DestroyedBridge(const GameSetup& setup, int hex, Terrain t) {
  // A12 only-bridges-intact, WSR-A12 [Rec]: "all other bridges of maps B and C are destroyed".
  if (t != Terrain::kBridge) return false;
  const SpecialRule* r = RuleOf(setup, "only-bridges-intact");
  if (r == nullptr) return false;
  const Zone* z = setup.scenario_data->FindZone(r->Str("zone"));
  return z == nullptr || !z->Contains(hex);
}

bool NoRoadHex(const GameSetup& setup, int hex) {
  const SpecialRule* r = RuleOf(setup, "no-road");
  if (r == nullptr) return false;
  const Zone* z = setup.scenario_data->FindZone(r->Str("zone"));
  return z != nullptr && z->Contains(hex);
}

std::vector<uint8_t> BoundaryMask(const GameSetup& setup, const HexLayout& layout,
                                  std::string* south, std::string* north) {
  std::vector<uint8_t> mask;
  const SpecialRule* r = RuleOf(setup, "boundary-line");
  if (r == nullptr) return mask;
  const Zone* z = setup.scenario_data->FindZone(r->Str("zone"));
  if (z == nullptr) return mask;
  *south = r->Str("south_formation");
  *north = r->Str("north_formation");
  // WSR-A6: "may not move north (south) of the red line: it may enter the red hexes but not
  // cross them". North of the line = a smaller row than the line hex of the same column.
  mask.assign(static_cast<size_t>(layout.size()), 0);
  for (int h = 0; h < layout.size(); ++h) {
    const HexCoord c = layout.coord(h);
    for (int l : z->hexes) {
      const HexCoord lc = layout.coord(l);
      if (lc.c != c.c) continue;
      if (c.y < lc.y) mask[static_cast<size_t>(h)] |= 1;
      if (c.y > lc.y) mask[static_cast<size_t>(h)] |= 2;
    }
  }
  return mask;
}

// ---------------------------------------------------------------------------------------------
// Fire hooks.

ShotHooks MakeShotHooks(const WsrGame& game) {
  const GameSetup& setup = game.setup();
  ShotHooks h;
  const int n = game.num_units();
  h.m18_unit.assign(static_cast<size_t>(n), 0);
  h.no_wreck_unit.assign(static_cast<size_t>(n), 0);
  if (const SpecialRule* r = RuleOf(setup, "m18-fire-and-move")) {
    h.m18_to_hit = r->Int("to_hit", 0);
    h.m18_mp = r->Int("mp", 0);
    const std::string counter = r->Str("counter");
    for (int u = 0; u < n; ++u)
      h.m18_unit[static_cast<size_t>(u)] = game.unit(u).counter->id == counter ? 1 : 0;
  }
  if (const SpecialRule* r = RuleOf(setup, "dismounted-only")) {
    const std::string counter = r->Str("counter"), formation = r->Str("formation");
    for (int u = 0; u < n; ++u) {
      const UnitInfo& ui = game.unit(u);
      h.no_wreck_unit[static_cast<size_t>(u)] =
          ui.counter->id == counter &&
                  FormationMatches(game.formation(ui.formation).data, formation)
              ? 1
              : 0;
    }
  }
  const Rubble rb = RubbleOf(setup);
  h.rubble = rb.on;
  h.rubble_terrain = rb.terrain;
  h.rubble_defence = rb.defence;
  return h;
}

void WsrState::special_fire_input(int u, int t, FireInput& in) const {
  const GameSetup& setup = game_->setup();
  if (!setup.scenario_data) return;
  const ShotHooks& hooks = game_->shot_hooks();
  // B1 m18-fire-and-move: to-hit + `to_hit` for the attack combined with movement.
  if (hooks.m18_unit[static_cast<size_t>(u)]) {
    const bool combined = (combined_u == u && info(u).formation == active_f &&
                           (combined_mode == 1 || combined_mode == 2)) ||
                          combined_fire_window(u);
    if (combined) in.to_hit_modifier += hooks.m18_to_hit;
  }
  // B3 dismounted-only, [Rec A-42]: no "+" on the unit's own HE and AP firepower (an AT
  // support weapon still makes its AP enhanced, WSR 1.3.4.3).
  if (no_wreck(u)) {
    const CounterType* w = sw(u);
    in.weapon.enhanced = hard_target(t) && w != nullptr && w->face_for(false, false).ap_enhanced;
  }
  // B4 rubble, [Rec A-36]: defence `defence` in rubble hexes for soft and hard targets,
  // replacing the chart value (concealment still adds 1; hard targets stay capped at 2, 6.1.6).
  if (hooks.rubble && game_->terrain(unit(t).hex) == hooks.rubble_terrain)
    in.terrain_dice = hooks.rubble_defence;
}

void WsrState::special_hex_fire_input(int hex, FireInput& in) const {
  const ShotHooks& hooks = game_->shot_hooks();  // B4, A-36
  if (hooks.rubble && game_->terrain(hex) == hooks.rubble_terrain)
    in.terrain_dice = hooks.rubble_defence;
}

// ---------------------------------------------------------------------------------------------
// HQ replacement (WSR 1.3.2.3): a unit of the HQ's type; B2 any unit; B4 also `counter`.

bool WsrState::hq_replacement_unit_ok(int f, int u) const {
  const FormationInfo& fi = game_->formation(f);
  const std::string& type = info(fi.hq).counter->hq_type;
  if (type.empty() || info(u).counter->id == type) return true;
  const GameSetup& setup = game_->setup();
  if (const SpecialRule* r = RuleOf(setup, "hq-replacement-any-unit");
      r != nullptr && FormationMatches(fi.data, r->Str("formation")))
    return true;  // B2: with any unit of its formation
  if (const SpecialRule* r = RuleOf(setup, "hq-on-counter");
      r != nullptr && FormationMatches(fi.data, r->Str("formation")) &&
      info(u).counter->id == r->Str("counter"))
    return true;  // B4: on any Panther counter
  return false;
}

// ---------------------------------------------------------------------------------------------
// Forces in command without a test (WSR 4.2 exception by the scenario): A3 "always in command"
// (Dauer reinforcements), A8 (17 Pdr), A9 "in command in turn 1" (Kruispunten garrison).

bool WsrState::command_exempt(int u) const {
  const Scenario* sc = scenario_data();
  const int fo = unit_force(u);
  if (sc == nullptr || fo < 0 || static_cast<size_t>(fo) >= sc->forces.size()) return false;
  const Force& force = sc->forces[static_cast<size_t>(fo)];
  // A7 place-on-activation: "automatically in command that turn".
  if (landed_turn != 0 && landed_turn == turn && landing_force_unit(u)) return true;
  return force.always_in_command ||
         (force.in_command_until_turn > 0 && turn <= force.in_command_until_turn);
}

// ---------------------------------------------------------------------------------------------
// B3 dismounted-only.

bool WsrState::no_wreck(int u) const {
  // The units of the hook's counter and formation (MakeShotHooks).
  return game_->shot_hooks().no_wreck_unit[static_cast<size_t>(u)] != 0;
}

Text WsrState::special_flip_refusal(int u, bool mount) const {
  if (mount && no_wreck(u))
    return {unit_label(u) +
                " has no vehicles in this scenario: always dismounted "
                "(dismounted-only, [Rec A-42])",
            unit_label(u) +
                " hat in diesem Szenario keine Fahrzeuge: immer abgesessen "
                "(dismounted-only, [Rec A-42])"};
  return {};
}

// ---------------------------------------------------------------------------------------------
// B1 m18-fire-and-move ([Rec] WSR-B1: the M18 may still move its full MF without firing, or fire
// without moving at normal to-hit; the +1 applies only when combining; Ops complete after).

bool WsrState::combined_fire_window(int u) const {
  // perf: the cheap state checks first (all pure), then the scenario rule's lookup.
  if (u < 0 || u >= n_units || steps.empty() || top().kind != kStepMove || !in_group(u))
    return false;
  const ShotHooks& hooks = game_->shot_hooks();  // the hook's counter and `mp`
  if (!hooks.m18_unit[static_cast<size_t>(u)]) return false;
  if (combined_u == u && combined_mode >= 2) return false;  // fired already (fire-move)
  return info(u).formation == active_f && has(u, kMovedThisImpulse) &&
         unit(u).mp_spent <= hooks.m18_mp && !has(u, kOutOfCommand);
}

bool WsrState::may_move_after_fire(int u) const {
  return combined_u == u && combined_mode == 2 && info(u).formation == active_f && !steps.empty() &&
         top().kind == kStepOperations && !has(u, kMovedThisImpulse);
}

void WsrState::special_move_actions(ActionList& out) const {
  for (int k = 0; k < n_group; ++k) {
    const int u = group[static_cast<size_t>(k)];
    if (!combined_fire_window(u)) continue;
    for (int t = 0; t < n_units; ++t)
      if (on_map(t) && side_of(t) != side_of(u) && can_fire(u, t, false, nullptr))
        out.push_back(Action(kFire, {u, t}));
  }
}

void WsrState::special_operations_actions(ActionList& out) const {
  const GameSetup& setup = game_->setup();
  if (!setup.scenario_data || steps.empty() || top().kind != kStepOperations) return;
  if (RuleOf(setup, "m18-fire-and-move") != nullptr) {
    const ShotHooks& hooks = game_->shot_hooks();  // perf: the hook's units, found once a game
    const bool fast = WsrFastPaths();
    const HexLayout& L = game_->layout();
    for (int u : game_->formation_units(active_f)) {  // perf: the active formation's units
      if (u >= n_units) break;
      if (!hooks.m18_unit[static_cast<size_t>(u)]) continue;
      if (combined_u == u || has(u, kMovedThisImpulse)) continue;
      // perf (los_cache.h): as in fire_actions, what can_fire refuses anyway -- a firer off
      // the map, an HQ target, a target beyond the reach, out of LOS -- is not asked.
      if (fast && !on_map(u)) continue;
      int reach[2] = {0, 0};
      if (fast) {
        reach[0] = fire_reach(u, false, has(u, kAaFire));
        reach[1] = fire_reach(u, true, has(u, kAaFire));
      }
      for (int t = 0; t < n_units; ++t) {
        if (!on_map(t) || side_of(t) == side_of(u)) continue;
        if (fast) {
          if (info(t).hq) continue;  // WSR 1.3.2.2
          const int dist = L.Distance(unit(u).hex, unit(t).hex);
          if (dist < 1 || dist > reach[hard_target(t) ? 1 : 0]) continue;  // WSR 6.1.1
          if (!los_clear(unit(u).hex, unit(t).hex, dist)) continue;        // WSR 7.0
        }
        if (can_fire(u, t, false, nullptr)) out.push_back(Action(kFireMove, {u, t}));
      }
    }
  }
  // A4 blow-the-bridge: the engineer's demolition attempt.
  if (const SpecialRule* r = RuleOf(setup, "blow-the-bridge")) {
    const std::string counter = r->Str("counter");
    for (int u = 0; u < n_units; ++u)
      if (info(u).formation == active_f && info(u).counter->id == counter &&
          can_blow_bridge(u, nullptr))
        out.push_back(Action(kBlowBridge, {u}));
  }
  // B4 panther-ambush, option (2): during an impulse of the hook's formation.
  if (const SpecialRule* r = RuleOf(setup, "panther-ambush")) {
    if (!game_->formation(active_f).data->Matches(r->Str("formation"))) return;
    const Zone* z = setup.scenario_data->FindZone(r->Str("zone"));
    if (z == nullptr) return;
    const std::string counter = r->Str("counter");  // perf: once, not per unit
    for (int u = 0; u < n_units; ++u) {
      if (!has(u, kOffMap) || info(u).counter->id != counter) continue;
      for (int h : z->hexes)
        for (int t = 0; t < n_units; ++t)
          if (on_map(t) && side_of(t) != side_of(u) && can_ambush(u, h, t, nullptr))
            out.push_back(Action(kAmbush, {u, h, t}));
    }
  }
}

// ---------------------------------------------------------------------------------------------
// B4 panther-ambush ([Rec] WSR-B4: placed at most once; option (1) = when an enemy unit enters a
// hex in LOS and range of the placement hex, it fires as opportunity fire; Ops complete).

bool WsrState::can_ambush(int u, int hex, int t, Text* why) const {
  const GameSetup& setup = game_->setup();
  const SpecialRule* r = RuleOf(setup, "panther-ambush");
  if (r == nullptr)
    return Fail(why, Text{"ambush is the panther-ambush rule of WSR-B4",
                          "ambush ist die Sonderregel panther-ambush von WSR-B4"});
  if (u < 0 || u >= n_units || t < 0 || t >= n_units)
    return Fail(why, Text{"no such unit", "keine solche Einheit"});
  if (hex < 0 || hex >= game_->layout().size())
    return Fail(why, Text{"no such hex", "kein solches Feld"});
  const int fo = unit_force(u);
  if (info(u).counter->id != r->Str("counter") || fo < 0 ||
      setup.scenario_data->forces[static_cast<size_t>(fo)].arrival != ArrivalKind::kSpecial ||
      setup.scenario_data->forces[static_cast<size_t>(fo)].rule != r->id)
    return Fail(why, Text{unit_label(u) + " is not the ambushing unit (panther-ambush)",
                          std::string(unit_label(u)) +
                              " ist nicht die Einheit im Hinterhalt (panther-ambush)"});
  if (!has(u, kOffMap))
    return Fail(why, Text{unit_label(u) + " has been placed already (panther-ambush)",
                          std::string(unit_label(u)) + " ist bereits platziert (panther-ambush)"});
  const Zone* z = setup.scenario_data->FindZone(r->Str("zone"));
  if (z == nullptr || !z->Contains(hex))
    return Fail(why, Text{hex_name(hex) + " is not a hex of the ambush zone (" +
                              (z ? z->text.en : r->Str("zone")) + ")",
                          std::string(hex_name(hex)) + " ist kein Feld der Hinterhaltzone (" +
                              ((z ? z->text.in(Lang::kDe) : r->Str("zone"))) + ")"});
  const int side = side_of(u);
  if (enemy_in(hex, side))
    return Fail(why, Text{hex_name(hex) + " contains an enemy unit (panther-ambush)",
                          std::string(hex_name(hex)) +
                              " enthält eine feindliche Einheit (panther-ambush)"});
  if (combat_units_in(hex, side) + 1 > kStackLimit)
    return Fail(why, Text{"stacking: more than 2 combat units in " + hex_name(hex) + " (WSR 1.4)",
                          std::string("Stapeln: mehr als 2 Kampfeinheiten in ") + hex_name(hex) +
                              " (WSR 1.4)"});
  if (steps.empty()) return Fail(why, Text{"no ambush now", "jetzt kein Hinterhalt"});
  const Step& st = top();
  const bool opportunity = st.kind == kStepHexEntered;
  if (opportunity) {
    // Option (1): a moment when it could conduct opportunity fire (WSR 6.2).
    if (game_->formation(st.f).side == side)
      return Fail(why, Text{"opportunity fire only at enemy units (WSR 6.2)",
                            "Gelegenheits-Feuer nur auf feindliche Einheiten (WSR 6.2)"});
  } else if (st.kind == kStepOperations) {
    // Option (2): during an impulse of the formation.
    if (active_f < 0 || !game_->formation(active_f).data->Matches(r->Str("formation")))
      return Fail(why,
                  Text{"the ambush comes during an impulse of " + r->Str("formation") +
                           " or as opportunity fire (panther-ambush)",
                       std::string("der Hinterhalt kommt während eines Impulses von ") +
                           r->Str("formation") + " oder als Gelegenheits-Feuer (panther-ambush)"});
  } else {
    return Fail(why,
                Text{"the ambush comes during an impulse of " + r->Str("formation") +
                         " or as opportunity fire (panther-ambush)",
                     std::string("der Hinterhalt kommt während eines Impulses von ") +
                         r->Str("formation") + " oder als Gelegenheits-Feuer (panther-ambush)"});
  }
  // Immediately after placement it must fire: the attack must be legal from the hex.
  WsrState placed = *this;
  Unit& x = placed.unit(u);
  x.hex = static_cast<int16_t>(hex);
  x.start_hex = static_cast<int16_t>(hex);
  x.flags = static_cast<uint16_t>(x.flags & ~(kOffMap | kOutOfCommand | kOpsComplete));
  if (opportunity) return placed.can_fire(u, t, true, why);
  if (info(t).hq)
    return Fail(why, Text{"an HQ is not a target by itself (WSR 1.3.2.2)",
                          "ein HQ ist allein kein Ziel (WSR 1.3.2.2)"});
  if (side_of(t) == side)
    return Fail(why, Text{unit_label(t) + " is not an enemy unit (WSR 6.1)",
                          std::string(unit_label(t)) + " ist keine feindliche Einheit (WSR 6.1)"});
  if (!on_map(t))
    return Fail(why, Text{unit_label(t) + " is not on the map",
                          std::string(unit_label(t)) + " ist nicht auf dem Spielplan"});
  return placed.fire_params(u, t, nullptr, why);
}

void WsrState::ambush_opfire_actions(ActionList& out) const {
  const GameSetup& setup = game_->setup();
  const SpecialRule* r = RuleOf(setup, "panther-ambush");
  if (r == nullptr || steps.empty() || top().kind != kStepHexEntered) return;
  const Zone* z = setup.scenario_data->FindZone(r->Str("zone"));
  if (z == nullptr) return;
  const int side = 1 - game_->formation(top().f).side;
  for (int u = 0; u < n_units; ++u) {
    if (!has(u, kOffMap) || side_of(u) != side || info(u).counter->id != r->Str("counter"))
      continue;
    for (int h : z->hexes)
      for (int k = 0; k < n_group; ++k)
        if (can_ambush(u, h, group[static_cast<size_t>(k)], nullptr))
          out.push_back(Action(kAmbush, {u, h, group[static_cast<size_t>(k)]}));
  }
}

int WsrState::take_extra_hits(int u, EventList* ev) {
  if (ambush_u != u) return 0;
  ambush_u = -1;  // only the first attack (WSR-B4: a later attack gets no extra hit)
  const SpecialRule* r = RuleOf(game_->setup(), "panther-ambush");
  const int extra = r ? r->Int("extra_hits", 0) : 0;
  if (extra > 0)
    Emit(ev, "scenario",
         Text{"Ambush: " + std::to_string(extra) + " extra hit" + (extra == 1 ? "" : "s") +
                  " for " + unit_label(u) + " before the defender rolls (panther-ambush).",
              std::string("Hinterhalt: ") + std::to_string(extra) + " " +
                  ((extra == 1 ? "zusätzlicher Treffer" : "zusätzliche Treffer")) + " für " +
                  unit_label(u) + ", bevor der Verteidiger würfelt (panther-ambush)."},
         side_of(u));
  return extra;
}

// ---------------------------------------------------------------------------------------------
// A4 air-trigger (WSR-A4 "stuka", [Rec]): the aircraft `counter` (GameSetup::Aircraft with turn
// kAirOnTrigger, scenario_game.cc) goes into the cup at the start of the turn `delay` turns after
// the one in which an enemy unit of it first entered a hex at distance <= `range` of a hex of
// `zone` (the bridge). Checked whenever a unit enters a hex (enter_hex: moves, entries,
// advances, retreats).

void WsrState::air_trigger_check(int hex, int side) {
  if (air_trigger_turn != 0 || game_->setup().air.empty()) return;  // perf: the common case
  const SpecialRule* r = RuleOf(game_->setup(), "air-trigger");
  if (r == nullptr) return;
  const auto& list = game_->setup().air;
  bool enemy = false;
  for (const auto& a : list)
    enemy = enemy || (a.turn == GameSetup::kAirOnTrigger && a.counter == r->Str("counter") &&
                      a.side != side);
  const Zone* z = game_->setup().scenario_data->FindZone(r->Str("zone"));
  if (!enemy || z == nullptr) return;
  const int range = r->Int("range", 0);
  for (int b : z->hexes)
    if (game_->layout().Distance(hex, b) <= range) {
      // Turns + 1 = never (the trigger came too late for the aircraft to enter).
      air_trigger_turn =
          static_cast<uint8_t>(std::min(turn + r->Int("delay", 1), game_->setup().turns + 1));
      return;
    }
}

// ---------------------------------------------------------------------------------------------
// A4 blow-the-bridge (WSR-A4 "blow_the_bridge", [Rec] of the scenario): the `counter` engineer of
// `formation`, at the end of `turns` consecutive turns (checked in the MRP) at one end of the
// bridge (the sheet's [[bridge]] ends of the `zone` hex) and not disrupted, has placed the
// charges; from then on, once per turn during an impulse of `formation` and at an end of the
// bridge, it may try: 1 die, destroyed on <= `first_roll` at the first attempt and on
// <= `later_roll` at every later one. A destroyed bridge is impassable (step_cost) and held by
// nobody (determine_control). Once a unit of the other side has moved from the bridge hex into
// its far end it can no longer be destroyed. [Decision] the far end is the end farther from the
// other side's setup zones (A4: A-O07, the US sets up on map C to the east); an attempt is an
// action of the engineer (Ops complete after it), not while any unit stands on the bridge.

int WsrState::hook_bridge_hex() const {
  const SpecialRule* r = RuleOf(game_->setup(), "blow-the-bridge");
  if (r == nullptr) return kNoHex;
  const Zone* z = game_->setup().scenario_data->FindZone(r->Str("zone"));
  return z == nullptr || z->hexes.empty() ? kNoHex : z->hexes.front();
}

std::array<int, 2> WsrState::bridge_ends() const {
  std::array<int, 2> ends = {kNoHex, kNoHex};
  const int h = hook_bridge_hex();
  if (h == kNoHex) return ends;
  const HexLayout& L = game_->layout();
  for (const HexId& id : L.Aliases(h))
    for (const Bridge& b : game_->data().sheet(id.sheet).bridges) {
      if (b.hex.col != id.col || b.hex.row != id.row) continue;
      for (size_t k = 0; k < 2; ++k) {
        HexId e = b.ends[k];
        e.sheet = id.sheet;
        const int i = L.Find(e);
        ends[k] = i < 0 ? kNoHex : i;
      }
      return ends;
    }
  return ends;
}

namespace {

// The end of the bridge farther from the setup zones of the side other than `side`.
int FarEnd(const WsrState& s, const Scenario& sc, const HexLayout& L, const std::string& side_id,
           const std::array<int, 2>& ends) {
  std::array<int, 2> near = {1 << 20, 1 << 20};
  for (const Force& f : sc.forces) {
    if (f.arrival != ArrivalKind::kSetup || sc.SideOf(f.formation) == side_id) continue;
    const Zone* z = sc.FindZone(f.zone);
    if (z == nullptr) continue;
    for (int h : z->hexes)
      for (size_t k = 0; k < 2; ++k)
        if (ends[k] != kNoHex) near[k] = std::min(near[k], L.Distance(h, ends[k]));
  }
  (void)s;
  return near[0] >= near[1] ? ends[0] : ends[1];
}

}  // namespace

bool WsrState::can_blow_bridge(int u, Text* why) const {
  const GameSetup& setup = game_->setup();
  const SpecialRule* r = RuleOf(setup, "blow-the-bridge");
  if (r == nullptr)
    return Fail(why, Text{"blow-bridge is the blow-the-bridge rule of WSR-A4",
                          "blow-bridge ist die Sonderregel blow-the-bridge von WSR-A4"});
  if (u < 0 || u >= n_units) return Fail(why, Text{"no such unit", "keine solche Einheit"});
  const Formation* fd = game_->formation(info(u).formation).data;
  if (info(u).counter->id != r->Str("counter") || !FormationMatches(fd, r->Str("formation")))
    return Fail(why, Text{unit_label(u) + " is not the engineer of " + r->Str("formation") +
                              " (blow-the-bridge, WSR-A4)",
                          std::string(unit_label(u)) + " ist nicht der Pionier von " +
                              r->Str("formation") + " (blow-the-bridge, WSR-A4)"});
  if (bridge == kBridgeBlown)
    return Fail(why, Text{"the bridge is destroyed already (WSR-A4)",
                          "die Brücke ist bereits zerstört (WSR-A4)"});
  if (bridge == kBridgeCrossed)
    return Fail(why,
                Text{"an enemy unit has crossed the bridge: it can no longer be destroyed (WSR-A4)",
                     "eine feindliche Einheit hat die Brücke überquert: sie kann nicht mehr "
                     "zerstört werden (WSR-A4)"});
  if (steps.empty() || top().kind != kStepOperations || active_f != info(u).formation)
    return Fail(
        why, Text{"a demolition attempt is made during an impulse of " + fd->name + " (WSR-A4)",
                  std::string("ein Sprengversuch wird während eines Impulses von ") + fd->name_de +
                      " gemacht (WSR-A4)"});
  const int need = r->Int("turns", 3);
  if (bridge_turns < need)
    return Fail(why,
                Text{"the charges are not placed: the engineer must end " + std::to_string(need) +
                         " consecutive turns at an end of the bridge, not disrupted (" +
                         std::to_string(bridge_turns) + " so far; WSR-A4)",
                     std::string("die Sprengladungen sind nicht angebracht: der Pionier muss ") +
                         std::to_string(need) +
                         " aufeinanderfolgende Spielrunden an einem Ende der Brücke beenden, nicht "
                         "zerschlagen (bisher " +
                         std::to_string(bridge_turns) + "; WSR-A4)"});
  if (bridge_try_turn == turn)
    return Fail(why, Text{"one demolition attempt per turn (WSR-A4)",
                          "ein Sprengversuch pro Spielrunde (WSR-A4)"});
  const std::array<int, 2> ends = bridge_ends();
  const bool at_end = on_map(u) && ((ends[0] != kNoHex && unit(u).hex == ends[0]) ||
                                    (ends[1] != kNoHex && unit(u).hex == ends[1]));
  if (!at_end)
    return Fail(why, Text{unit_label(u) + " is not at an end of the bridge (" + hex_name(ends[0]) +
                              ", " + hex_name(ends[1]) + "; WSR-A4)",
                          std::string(unit_label(u)) + " ist nicht an einem Ende der Brücke (" +
                              hex_name(ends[0]) + ", " + hex_name(ends[1]) + "; WSR-A4)"});
  if (has(u, kOpsComplete))
    return Fail(why, Text{unit_label(u) + " has Ops complete (WSR 4.4)",
                          std::string(unit_label(u)) + " hat „Operationen beendet“ (WSR 4.4)"});
  const int h = hook_bridge_hex();
  for (int v = 0; v < n_units; ++v)
    if (on_map(v) && unit(v).hex == h)
      return Fail(why, Text{"a unit stands on the bridge in " + hex_name(h) +
                                " (blow-the-bridge [Decision])",
                            std::string("eine Einheit steht auf der Brücke in ") + hex_name(h) +
                                " (blow-the-bridge [Decision])"});
  return true;
}

void WsrState::apply_blow_bridge(int u, EventList* ev) {
  const SpecialRule* r = RuleOf(game_->setup(), "blow-the-bridge");
  bridge_try_turn = static_cast<uint8_t>(turn);
  ++bridge_tries;
  unit(u).flags |= kOpsComplete;
  const int need = bridge_tries <= 1 ? r->Int("first_roll", 2) : r->Int("later_roll", 5);
  Emit(ev, "scenario",
       Text{unit_label(u) + " tries to blow the bridge in " + hex_name(hook_bridge_hex()) +
                " (attempt " + std::to_string(bridge_tries) + "): 1 die, destroyed on 1-" +
                std::to_string(need) + " (blow-the-bridge).",
            std::string(unit_label(u)) + " versucht, die Brücke in " + hex_name(hook_bridge_hex()) +
                " zu sprengen (Versuch " + std::to_string(bridge_tries) +
                "): 1 Würfel, zerstört bei 1-" + std::to_string(need) + " (blow-the-bridge)."},
       side_of(u));
  push(kStepBridgeRoll, info(u).formation, static_cast<int16_t>(u));
}

void WsrState::apply_bridge_roll(int u, int die, EventList* ev) {
  const SpecialRule* r = RuleOf(game_->setup(), "blow-the-bridge");
  const int need = bridge_tries <= 1 ? r->Int("first_roll", 2) : r->Int("later_roll", 5);
  const int h = hook_bridge_hex();
  if (die <= need) {
    bridge = kBridgeBlown;
    uint8_t& c = control[static_cast<size_t>(h)];
    c = static_cast<uint8_t>(c & ~3);  // nobody holds a destroyed bridge
  }
  Emit(
      ev, "scenario",
      Text{
          "Demolition roll " + std::to_string(die) +
              (die <= need ? ": the bridge in " + hex_name(h) +
                                 " is destroyed; no unit may cross it any more (blow-the-bridge)."
                           : ": the charges fail (blow-the-bridge)."),
          std::string("Sprengwurf ") + std::to_string(die) +
              ((die <= need
                    ? ": die Brücke in " + hex_name(h) +
                          " ist zerstört; keine Einheit darf sie mehr überqueren (blow-the-bridge)."
                    : ": die Sprengladungen versagen (blow-the-bridge)."))},
      side_of(u));
}

Text WsrState::bridge_prompt() const {
  const SpecialRule* r = RuleOf(game_->setup(), "blow-the-bridge");
  const int need =
      r == nullptr ? 0 : (bridge_tries <= 1 ? r->Int("first_roll", 2) : r->Int("later_roll", 5));
  return {"Roll 1 die: demolition of the bridge in " + hex_name(hook_bridge_hex()) +
              ", destroyed on 1-" + std::to_string(need) + " (blow-the-bridge).",
          "1 Würfel werfen: Sprengung der Brücke in " + hex_name(hook_bridge_hex()) +
              ", zerstört bei 1-" + std::to_string(need) + " (blow-the-bridge)."};
}

void WsrState::bridge_turn_end(EventList* ev) {
  const SpecialRule* r = RuleOf(game_->setup(), "blow-the-bridge");
  if (r == nullptr || bridge != kBridgeIntact || bridge_turns >= r->Int("turns", 3)) return;
  const std::array<int, 2> ends = bridge_ends();
  int at = -1;
  for (int u = 0; u < n_units && at < 0; ++u)
    if (info(u).counter->id == r->Str("counter") && on_map(u) && !has(u, kDisrupted) &&
        FormationMatches(game_->formation(info(u).formation).data, r->Str("formation")) &&
        (unit(u).hex == ends[0] || unit(u).hex == ends[1]))
      at = u;
  if (at < 0) {
    if (bridge_turns > 0)
      Emit(
          ev, "scenario",
          Text{"No undisrupted engineer at an end of the bridge: the demolition count starts again "
               "(blow-the-bridge).",
               "Kein nicht zerschlagener Pionier an einem Ende der Brücke: die Zählung für die "
               "Sprengung beginnt von vorn (blow-the-bridge)."});
    bridge_turns = 0;
    return;
  }
  ++bridge_turns;
  const int need = r->Int("turns", 3);
  Emit(ev, "scenario",
       Text{unit_label(at) + " ends turn " + std::to_string(turn) + " at an end of the bridge (" +
                std::to_string(bridge_turns) + " of " + std::to_string(need) + ")" +
                (bridge_turns >= need ? ": the charges are placed (blow-the-bridge)." : "."),
            std::string(unit_label(at)) + " beendet Spielrunde " + std::to_string(turn) +
                " an einem Ende der Brücke (" + std::to_string(bridge_turns) + " von " +
                std::to_string(need) + ")" +
                ((bridge_turns >= need ? ": die Sprengladungen sind angebracht (blow-the-bridge)."
                                       : "."))},
       side_of(at));
}

void WsrState::bridge_cross_check(int from, int to, int side, EventList* ev) {
  if (bridge != kBridgeIntact || game_->setup().scenario_data == nullptr) return;
  const int h = hook_bridge_hex();
  if (h == kNoHex || from != h) return;
  const SpecialRule* r = RuleOf(game_->setup(), "blow-the-bridge");
  const Scenario& sc = *game_->setup().scenario_data;
  const std::string own = sc.SideOf(r->Str("formation"));
  if (game_->seats()[static_cast<size_t>(side)] == own) return;
  if (to != FarEnd(*this, sc, game_->layout(), own, bridge_ends())) return;
  bridge = kBridgeCrossed;
  Emit(ev, "scenario",
       Text{"An enemy unit has crossed the bridge into " + hex_name(to) +
                ": it can no longer be destroyed (blow-the-bridge).",
            std::string("Eine feindliche Einheit hat die Brücke nach ") + hex_name(to) +
                " überquert: sie kann nicht mehr zerstört werden (blow-the-bridge)."},
       side);
}

// A7 dd-tanks (WSR-A7 "dd_tanks"): "before setup roll 1 die for each M4A1 unit: on 1 or 2 it
// starts at reduced strength; no roll for the HQ" -- one kStepDdRoll per unit of `counter` still
// to be set up, the lowest unit first, on top of the first setup decision.

void WsrState::push_dd_rolls() {
  const SpecialRule* r = RuleOf(game_->setup(), "dd-tanks");
  if (r == nullptr) return;
  const std::string counter = r->Str("counter");
  for (int u = n_units - 1; u >= 0; --u)
    if (info(u).counter->id == counter && has(u, kOffMap) && !info(u).hq)
      push(kStepDdRoll, info(u).formation, static_cast<int16_t>(u));
}

void WsrState::apply_dd_roll(int u, int die, EventList* ev) {
  const SpecialRule* r = RuleOf(game_->setup(), "dd-tanks");
  const bool reduced = r != nullptr && die <= r->Int("reduced_on", 2);
  if (reduced) unit(u).flags |= kReduced;
  Emit(ev, "scenario",
       Text{"DD tank roll for " + unit_label(u) + ": " + std::to_string(die) +
                (reduced ? ": it starts at reduced strength (dd-tanks)."
                         : ": full strength (dd-tanks)."),
            std::string("DD-Panzer-Wurf für ") + unit_label(u) + ": " + std::to_string(die) +
                ((reduced ? ": sie beginnt mit reduzierter Stärke (dd-tanks)."
                          : ": volle Stärke (dd-tanks)."))},
       side_of(u));
}

// A7 no-withheld-end-turn (WSR-A7): "if the 107's marker is not drawn by the end of turn 1, the
// German may not withhold an end-turn marker for turn 2" -- WSR 3.2.1 does not count the
// formation as not activated at the end of turn 1.
bool WsrState::withholding_exempt(int f) const {
  if (turn != 1) return false;
  const SpecialRule* r = RuleOf(game_->setup(), "no-withheld-end-turn");
  return r != nullptr && game_->formation(f).data->Matches(r->Str("formation"));
}

// ---------------------------------------------------------------------------------------------
// A5 designated-formation-marker (WSR-A5 "designated formation marker", WSR 3.1 "other drawn
// markers: designated formation"): `count` markers of `side` go into the cup at the start of every
// turn ([Rec] of WSR-A5). Drawn, one activates a formation of `side` whose marker was in the cup
// this turn and that has not been activated yet (the owner picks among several), but not
// `excluded_formation` in `excluded_turn`; with none left it has no effect. No formation of `side`
// is activated twice in a turn (except `excluded_formation` in `excluded_turn`, which has a first
// activation and its marker): its own marker drawn after it was activated is set aside until the
// marker removal phase. While a formation of `side` may still be activated by it, the designated
// marker counts as a formation marker for the end of the operations phase (WSR 3.1, [Rec]).

int WsrState::designated_markers() const {
  const SpecialRule* r = RuleOf(game_->setup(), "designated-formation-marker");
  return r == nullptr ? 0 : std::clamp(r->Int("count", 1), 0, 4);
}

void WsrState::designated_turn_start() {
  designated_cup = static_cast<uint8_t>(designated_markers());
}

bool WsrState::designated_eligible(int f) const {
  const SpecialRule* r = RuleOf(game_->setup(), "designated-formation-marker");
  if (r == nullptr || f < 0 || f >= game_->num_formations()) return false;
  const FormationInfo& fi = game_->formation(f);
  if (game_->seats()[fi.side] != r->Str("side")) return false;
  if ((in_turn & (1u << f)) == 0 || activated[static_cast<size_t>(f)] > 0) return false;
  if (fi.data->Matches(r->Str("excluded_formation")) && turn == r->Int("excluded_turn", 0))
    return false;
  return formation_on_map(f);
}

bool WsrState::designated_keeps_turn() const {
  if (designated_cup == 0) return false;
  for (int f = 0; f < game_->num_formations(); ++f)
    if (designated_eligible(f)) return true;
  return false;
}

bool WsrState::designated_draw(int marker, EventList* ev) {
  if (marker != kDesignatedMarker) return false;
  --designated_cup;
  const SpecialRule* r = RuleOf(game_->setup(), "designated-formation-marker");
  const int seat = game_->seat_index(r->Str("side"));
  std::vector<int> can;
  for (int f = 0; f < game_->num_formations(); ++f)
    if (designated_eligible(f)) can.push_back(f);
  if (can.empty()) {
    Emit(ev, "WSR-A5",
         Text{"Designated formation marker drawn: every formation it may activate has been "
              "activated this turn; it has no effect (designated-formation-marker).",
              "Marker ausgewählte Formation gezogen: jede Formation, die er aktivieren darf, wurde "
              "in dieser Spielrunde schon aktiviert; er bleibt ohne Wirkung "
              "(designated-formation-marker)."},
         seat);
    return true;
  }
  if (can.size() == 1) {
    Emit(ev, "WSR-A5",
         Text{"Designated formation marker drawn: it activates " +
                  game_->formation(can[0]).data->name +
                  ", the only formation not yet activated that it may activate "
                  "(designated-formation-marker).",
              std::string("Marker ausgewählte Formation gezogen: er aktiviert ") +
                  game_->formation(can[0]).data->name_de +
                  ", die einzige noch nicht aktivierte Formation, die er aktivieren darf "
                  "(designated-formation-marker)."},
         seat);
    begin_impulse(can[0], ev);
    return true;
  }
  Emit(ev, "WSR-A5",
       Text{"Designated formation marker drawn: " + SideWordsOf(*game_, seat).en +
                " choose the formation it activates (designated-formation-marker).",
            std::string("Marker ausgewählte Formation gezogen: ") +
                Capital(SideWordsOf(*game_, seat).de) +
                " wählen die Formation, die er aktiviert (designated-formation-marker)."},
       seat);
  push(kStepDesignate, -1, seat);
  return true;
}

bool WsrState::designated_set_aside(int f, EventList* ev) {
  const SpecialRule* r = RuleOf(game_->setup(), "designated-formation-marker");
  if (r == nullptr || activated[static_cast<size_t>(f)] == 0) return false;
  const FormationInfo& fi = game_->formation(f);
  if (game_->seats()[fi.side] != r->Str("side")) return false;
  if (fi.data->Matches(r->Str("excluded_formation")) && turn == r->Int("excluded_turn", 0))
    return false;  // WSR-A5: the 2/16th may be activated twice in turn 1
  Emit(ev, "WSR-A5",
       Text{"Formation marker " + fi.data->name +
                " drawn, but it has been activated this turn already: set aside until the marker "
                "removal phase (designated-formation-marker).",
            std::string("Formations-Marker ") + fi.data->name_de +
                " gezogen, die Formation wurde in dieser Spielrunde aber schon aktiviert: er wird "
                "bis zur Marker-Entfernungsphase beiseite gelegt (designated-formation-marker)."},
       fi.side);
  return true;
}

void WsrState::designate_actions(ActionList& out) const {
  for (int f = 0; f < game_->num_formations(); ++f)
    if (designated_eligible(f)) out.push_back(Action(kDesignate, {f}));
}

void WsrState::apply_designate(int f, EventList* ev) {
  pop();  // kStepDesignate
  Emit(ev, "WSR-A5",
       Text{"The designated formation marker activates " + game_->formation(f).data->name +
                " (designated-formation-marker).",
            std::string("Der Marker ausgewählte Formation aktiviert ") +
                game_->formation(f).data->name_de + " (designated-formation-marker)."},
       game_->formation(f).side);
  begin_impulse(f, ev);
}

// ---------------------------------------------------------------------------------------------
// A7 pre-game-strike (WSR-A7 "the US may execute its first artillery strike before all
// activations of turn 1"; [Rec]: no calling unit, any hex in LOS of an HQ of the side set up on
// the map, the accuracy roll of WSR 11.2 applies). Offered once, after the setup and before the
// first activation; it is one of the side's strikes and counts for the turn-1 limit of
// artillery-limit. The HQ seeing the hex (the lowest one) is named as the strike's caller; it
// keeps every action (the call gives no Ops complete, WSR 11.2).

int WsrState::pre_strike_observer(int seat, int hex) const {
  for (int u = 0; u < n_units; ++u) {
    if (!info(u).hq || side_of(u) != seat || !on_map(u)) continue;
    const int from = unit(u).hex;
    if (game_->layout().Distance(from, hex) <= 1 || los_clear(from, hex)) return u;
  }
  return -1;
}

int WsrState::pre_strike_seat() const {
  if (!steps.empty() && top().kind == kStepPreStrike) return top().a;
  const SpecialRule* r = RuleOf(game_->setup(), "pre-game-strike");
  return r == nullptr ? -1 : game_->seat_index(r->Str("side"));
}

bool WsrState::pre_strike_step(EventList* ev) {
  if (pre_strike != 0 || turn != 1) return false;
  const SpecialRule* r = RuleOf(game_->setup(), "pre-game-strike");
  if (r == nullptr) return false;
  pre_strike = 1;
  const int seat = game_->seat_index(r->Str("side"));
  if (seat < 0) return false;
  push(kStepPreStrike, -1, seat);
  ActionList acts;
  pre_strike_actions(acts);
  if (acts.size() > 1) return true;  // a strike besides `decline`
  pop();
  Emit(ev, "WSR-A7",
       Text{Capital(SideWordsOf(*game_, seat).en) +
                " have no strike before turn 1: no target in LOS of their HQs (WSR-A7).",
            Capital(SideWordsOf(*game_, seat).de) +
                " haben keinen Artillerieschlag vor Runde 1: kein Ziel in Sichtlinie ihrer HQs "
                "(WSR-A7)."},
       seat);
  return false;
}

bool WsrState::can_pre_strike(int hex, int k, Text* why) const {
  if (steps.empty() || top().kind != kStepPreStrike)
    return Fail(why, Text{"the pre-game strike comes before the activations of turn 1 (WSR-A7)",
                          "der Artillerieschlag vor Spielbeginn kommt vor allen Aktivierungen in "
                          "Runde 1 (WSR-A7)"});
  const int seat = top().a;
  if (!strike_available(seat, hex, k, why)) return false;
  if (pre_strike_observer(seat, hex) < 0)
    return Fail(why,
                Text{hex_name(hex) + " is in LOS of none of the side's HQs (WSR-A7 [Rec], 7.0)",
                     std::string(hex_name(hex)) +
                         " ist in Sichtlinie keines HQs der Seite (WSR-A7 [Rec], 7.0)"});
  const GameSetup::Strike& st = strike_kind(seat, k);
  if (st.smoke) {
    if (n_smoke >= kMaxSmoke && smoke_at(hex) == 0)
      return Fail(why, Text{"all " + std::to_string(kMaxSmoke) +
                                " smoke markers are on the map (WSR 11.2.2)",
                            std::string("alle ") + std::to_string(kMaxSmoke) +
                                " Rauch-Marker sind auf dem Spielplan (WSR 11.2.2)"});
    return true;
  }
  // As a called strike ([Decision] of artillery.cc): a strike with no unit in its seven hexes
  // has no effect and is not offered.
  std::vector<int> listed;
  for (int i = 0; i < 7; ++i) {
    const int h = i == 0 ? hex : game_->layout().Neighbour(hex, i - 1);
    if (h < 0) continue;
    barrage_targets(h, listed);
    if (!listed.empty()) return true;
  }
  return Fail(why, Text{"no unit is in " + hex_name(hex) +
                            " or its six neighbours: an HE strike there has no effect (WSR 11.2.1)",
                        std::string("keine Einheit ist in ") + hex_name(hex) +
                            " oder seinen sechs Nachbarfeldern: ein Artillerieschlag mit "
                            "Sprenggranaten bleibt dort ohne Wirkung (WSR 11.2.1)"});
}

void WsrState::pre_strike_actions(ActionList& out) const {
  const int seat = top().a;
  const int kinds = static_cast<int>(game_->setup().artillery[static_cast<size_t>(seat)].size());
  for (int h = 0; h < game_->layout().size(); ++h)
    for (int k = 0; k < kinds; ++k)
      if (can_pre_strike(h, k, nullptr)) out.push_back(Action(kPreStrike, {h, k}));
  out.push_back(Action(kDecline, {}));
}

void WsrState::apply_pre_strike(const Action& a, EventList* ev) {
  const int seat = top().a;
  pop();  // kStepPreStrike
  if (a.verb == kDecline) {
    Emit(ev, "WSR-A7",
         Text{Capital(SideWordsOf(*game_, seat).en) + " make no strike before turn 1 (WSR-A7).",
              Capital(SideWordsOf(*game_, seat).de) +
                  " führen vor Runde 1 keinen Artillerieschlag aus (WSR-A7)."},
         seat);
    return;
  }
  const int hex = a.arg(0), k = a.arg(1);
  const int caller = pre_strike_observer(seat, hex);
  --strikes_left[static_cast<size_t>(seat)][static_cast<size_t>(k)];
  ++strikes_turn;  // artillery-limit: a strike of turn 1
  strike = StrikeRec{static_cast<int16_t>(hex),
                     static_cast<int8_t>(caller),
                     static_cast<uint8_t>(seat),
                     static_cast<uint8_t>(k),
                     0,
                     0};
  Emit(ev, "WSR-A7",
       Text{"Before all activations of turn 1 " + SideWordsOf(*game_, seat).en + " call a " +
                strike_words(seat, k).en + " strike on " + hex_name(hex) + ", in LOS of " +
                unit_label(caller) + " (" +
                std::to_string(strikes_left[static_cast<size_t>(seat)][static_cast<size_t>(k)]) +
                " left). Accuracy roll: 2-6 on target, 1 no effect (WSR 11.2).",
            std::string("Vor allen Aktivierungen in Runde 1 fordern ") +
                SideWordsOf(*game_, seat).de + " einen Artillerieschlag " +
                strike_words(seat, k).de + " auf " + hex_name(hex) + " an, in Sichtlinie von " +
                unit_label(caller) + " (noch " +
                std::to_string(strikes_left[static_cast<size_t>(seat)][static_cast<size_t>(k)]) +
                "). Treffsicherheitswurf: 2-6 im Ziel, 1 ohne Wirkung "
                "(WSR 11.2)."},
       seat);
  push(kStepArtyAccuracy, seat, hex);
}

// ---------------------------------------------------------------------------------------------
// A7 place-on-activation (WSR-A7: the 57mm ATG and 81mm mortar of the 2/16th, "turn 3; placed in
// any of the landing hexes when the 2/16th marker is drawn; automatically in command that turn").
// [Rec] (docs/wsr-rules.md): from `turn` on, at every activation of `formation` while units of the
// hook's force (arrival `special = "place-on-activation"`) are off the map, its side places each
// of them in a hex of `zone` -- not enemy-occupied, within stacking (WSR 1.4) -- before the
// command tests; a unit with no such hex waits for the next activation. Placing is not moving: no
// MP is spent, no opportunity fire or mine is triggered; the placed units operate in the impulse
// and are in command all that turn (command_exempt).

bool WsrState::landing_force_unit(int u) const {
  const Scenario* sc = scenario_data();
  const int fo = unit_force(u);
  if (sc == nullptr || fo < 0 || static_cast<size_t>(fo) >= sc->forces.size()) return false;
  const Force& force = sc->forces[static_cast<size_t>(fo)];
  return force.arrival == ArrivalKind::kSpecial && force.rule == "place-on-activation";
}

bool WsrState::can_land(int u, int hex, Text* why) const {
  const SpecialRule* r = RuleOf(game_->setup(), "place-on-activation");
  if (r == nullptr)
    return Fail(why, Text{"placing on activation is the place-on-activation rule of WSR-A7",
                          "Aufsetzen bei Aktivierung ist die Sonderregel place-on-activation von "
                          "WSR-A7"});
  if (steps.empty() || top().kind != kStepLand)
    return Fail(why,
                Text{"units are placed on activation when their formation is activated (WSR-A7)",
                     "Einheiten werden bei Aktivierung aufgesetzt, wenn ihre Formation aktiviert "
                     "wird (WSR-A7)"});
  if (u < 0 || u >= n_units) return Fail(why, Text{"no such unit", "keine solche Einheit"});
  if (hex < 0 || hex >= game_->layout().size())
    return Fail(why, Text{"no such hex", "kein solches Feld"});
  if (!landing_force_unit(u) || info(u).formation != top().f)
    return Fail(
        why,
        Text{unit_label(u) + " is not placed on this activation (WSR-A7 place-on-activation)",
             std::string(unit_label(u)) + " wird nicht bei dieser Aktivierung aufgesetzt (WSR-A7 "
                                          "place-on-activation)"});
  if (!has(u, kOffMap))
    return Fail(why, Text{unit_label(u) + " is on the map already",
                          std::string(unit_label(u)) + " ist bereits auf dem Spielplan"});
  const Zone* z = game_->setup().scenario_data->FindZone(r->Str("zone"));
  if (z == nullptr || !z->Contains(hex))
    return Fail(why, Text{hex_name(hex) + " is not one of " + (z ? z->text.en : r->Str("zone")) +
                              " (WSR-A7 place-on-activation)",
                          std::string(hex_name(hex)) + " ist keins von " +
                              ((z ? z->text.in(Lang::kDe) : r->Str("zone"))) +
                              " (WSR-A7 place-on-activation)"});
  const int side = side_of(u);
  if (enemy_in(hex, side))
    return Fail(why, Text{hex_name(hex) + " contains an enemy unit (WSR 5.1, place-on-activation)",
                          std::string(hex_name(hex)) +
                              " enthält eine feindliche Einheit (WSR 5.1, place-on-activation)"});
  if (info(u).hq ? hq_in(hex, side) : combat_units_in(hex, side) + 1 > kStackLimit)
    return Fail(why, info(u).hq ? Text{"only one HQ or SHQ per hex (WSR 1.3.2, A-03)",
                                       "nur ein HQ oder SHQ pro Feld (WSR 1.3.2, A-03)"}
                                : Text{"stacking: more than 2 combat units in " + hex_name(hex) +
                                           " (WSR 1.4)",
                                       std::string("Stapeln: mehr als 2 Kampfeinheiten in ") +
                                           hex_name(hex) + " (WSR 1.4)"});
  return true;
}

void WsrState::land_actions(ActionList& out) const {
  const SpecialRule* r = RuleOf(game_->setup(), "place-on-activation");
  const Zone* z = r ? game_->setup().scenario_data->FindZone(r->Str("zone")) : nullptr;
  if (z == nullptr) return;
  for (int u = 0; u < n_units; ++u) {
    if (!has(u, kOffMap) || !landing_force_unit(u) || info(u).formation != top().f) continue;
    for (int h : z->hexes)
      if (can_land(u, h, nullptr)) out.push_back(Action(kPlace, {u, h, 0}));
  }
}

void WsrState::land_start(int f, EventList* ev) {
  const SpecialRule* r = RuleOf(game_->setup(), "place-on-activation");
  if (r == nullptr || turn < r->Int("turn", 1) ||
      !game_->formation(f).data->Matches(r->Str("formation")))
    return;
  bool waiting = false;
  for (int u = 0; u < n_units && !waiting; ++u)
    waiting = has(u, kOffMap) && landing_force_unit(u) && info(u).formation == f;
  if (!waiting) return;
  push(kStepLand, f, -1);
  ActionList acts;
  land_actions(acts);
  if (!acts.empty()) {
    Emit(ev, "WSR-A7",
         Text{game_->formation(f).data->name +
                  " is activated: its units placed on activation go into the landing hexes now, "
                  "in command this turn (place-on-activation).",
              game_->formation(f).data->name_de +
                  " wird aktiviert: ihre bei Aktivierung aufgesetzten Einheiten kommen jetzt in "
                  "die Landungsfelder, in dieser Spielrunde unter Befehl (place-on-activation)."},
         game_->formation(f).side);
    return;
  }
  pop();
  Emit(ev, "WSR-A7",
       Text{"No hex of the placement zone is free: the units placed on activation wait for the "
            "next activation of " +
                game_->formation(f).data->name + " (place-on-activation).",
            "Kein Feld der Aufstellungszone ist frei: die bei Aktivierung aufgesetzten Einheiten "
            "warten auf die nächste Aktivierung von " +
                game_->formation(f).data->name_de + " (place-on-activation)."},
       game_->formation(f).side);
}

void WsrState::apply_land(int u, int hex, EventList* ev) {
  Unit& x = unit(u);
  x.hex = static_cast<int16_t>(hex);
  x.start_hex = static_cast<int16_t>(hex);
  x.mp_spent = 0;
  x.flags = static_cast<uint16_t>(x.flags & ~(kOffMap | kOutOfCommand | kOpsComplete));
  landed_turn = static_cast<uint8_t>(turn);
  const int side = side_of(u);
  enter_hex(hex, side);  // WSR 12.2: a unit in the hex
  Emit(ev, "WSR-A7",
       Text{unit_label(u) + " is placed in " + hex_name(hex) +
                " (place-on-activation); in command this turn.",
            std::string(unit_label(u)) + " wird in " + hex_name(hex) +
                " aufgesetzt (place-on-activation); in dieser Spielrunde unter Befehl."},
       side);
  ActionList acts;
  land_actions(acts);
  if (acts.empty()) pop();  // kStepLand: every unit placed, or no free hex left
}

Text WsrState::special_why_illegal(const Action& a) const {
  Text why;
  const Step& t = top();
  if (t.kind == kStepDesignate) {
    if (a.verb != kDesignate)
      return {
          "choose the formation the designated marker activates: designate <formation> "
          "(WSR-A5)",
          "die Formation wählen, die der Marker ausgewählte Formation aktiviert: designate "
          "<Formation> (WSR-A5)"};
    const int f = a.arg(0);
    if (f < 0 || f >= game_->num_formations())
      return {"no such formation", "keine solche Formation"};
    if (activated[static_cast<size_t>(f)] > 0)
      return {game_->formation(f).data->name +
                  " has been activated this turn: no formation is activated twice (WSR-A5)",
              game_->formation(f).data->name_de +
                  " wurde in dieser Spielrunde schon aktiviert: keine Formation wird zweimal "
                  "aktiviert (WSR-A5)"};
    return {game_->formation(f).data->name +
                " may not be activated by the designated marker now (WSR-A5 "
                "designated-formation-marker)",
            game_->formation(f).data->name_de +
                " darf jetzt nicht durch den Marker ausgewählte Formation aktiviert werden "
                "(WSR-A5 designated-formation-marker)"};
  }
  if (t.kind == kStepPreStrike) {
    if (a.verb != kPreStrike && a.verb != kDecline)
      return {"call the strike before turn 1 (pre-strike <hex> <strike>) or decline (WSR-A7)",
              "den Artillerieschlag vor Runde 1 anfordern (pre-strike <Feld> <Schlag>) oder "
              "verzichten (decline) (WSR-A7)"};
    if (a.verb == kPreStrike) can_pre_strike(a.arg(0), a.arg(1), &why);
  } else if (t.kind == kStepLand) {
    if (a.verb != kPlace)
      return {
          "place the units of the activated formation (place <unit> <hex>, WSR-A7 "
          "place-on-activation)",
          "die Einheiten der aktivierten Formation aufsetzen (place <Einheit> <Feld>, WSR-A7 "
          "place-on-activation)"};
    can_land(a.arg(0), a.argc > 1 ? a.arg(1) : -1, &why);
    if (why.en.empty() && a.argc > 2 && a.arg(2) != 0)
      why = {"units placed on activation are placed as they are (WSR-A7)",
             "bei Aktivierung aufgesetzte Einheiten werden so aufgesetzt, wie sie sind (WSR-A7)"};
  } else if (a.verb == kDesignate) {
    return {"no designated formation marker has been drawn (WSR-A5)",
            "kein Marker ausgewählte Formation wurde gezogen (WSR-A5)"};
  } else if (a.verb == kPreStrike) {
    return {"the pre-game strike comes before the activations of turn 1 (WSR-A7)",
            "der Artillerieschlag vor Spielbeginn kommt vor allen Aktivierungen in Runde 1 "
            "(WSR-A7)"};
  }
  if (!why.en.empty()) return why;
  return not_legal_now();
}

}  // namespace feldherr::wsr
