// White Star Rising: WsrGame (layout, precomputed movement costs, setup) and the State
// interface of WsrState (decisions, chance outcomes, dispatch, text forms, JSON, hash, render).
// The rules themselves are in sequence.cc (WSR 3-4, 12.2) and movement.cc (WSR 5, 6.1.7).
#include "games/wsr/state.h"

#include <algorithm>
#include <nlohmann/json.hpp>
#include <sstream>
#include <stdexcept>

#include "engine/errors.h"
#include "engine/hash.h"
#include "engine/text.h"
#include "engine/verbs.h"
#include "games/wsr/los_cache.h"      // perf: WsrGame::los_cache
#include "games/wsr/scenario.h"       // exit zones (G-12)
#include "games/wsr/side_words.h"     // the sides in texts
#include "games/wsr/special_rules.h"  // scenario terrain hooks (B3 no-rivers, B4 rubble)

namespace feldherr::wsr {

namespace {

// The sheet data of a layout hex (its canonical id).
const SheetHex* SheetHexOf(const Data& data, const HexLayout& layout, int i) {
  const HexId& id = layout.id(i);
  return data.sheet(id.sheet).Find(id);
}

// True if a road path leads from a to b on some sheet holding both (seam hexes have two ids).
bool RoadBetween(const Data& data, const HexLayout& layout, int a, int b) {
  for (const HexId& ia : layout.Aliases(a)) {
    for (const HexId& ib : layout.Aliases(b)) {
      if (ia.sheet == ib.sheet && data.sheet(ia.sheet).RoadConnects(ia, ib)) return true;
    }
  }
  return false;
}

bool CrestBetween(const Data& data, const HexLayout& layout, int high, int low) {
  for (const HexId& ia : layout.Aliases(high)) {
    for (const HexId& ib : layout.Aliases(low)) {
      if (ia.sheet == ib.sheet && data.sheet(ia.sheet).IsCrest(ia, ib)) return true;
    }
  }
  return false;
}

uint8_t LosFlags(const TerrainType& t) {
  uint8_t f = 0;
  if (t.level == 1) f |= kLosLevel1;
  if (t.los_low == LosEffect::kBlocks) f |= kLosBlocks0;
  if (t.los_high == LosEffect::kBlocks) f |= kLosBlocks1;
  if (t.blind_behind) f |= kLosScreen;
  if (t.los_low == LosEffect::kCounts) f |= kLosRough;
  return f;
}

// Labels of units or support weapons: the counter id, with "-N" (the N-th in `items`) when the
// counter appears more than once.
template <typename T>
void LabelByCounter(std::vector<T>& items) {
  for (size_t k = 0; k < items.size(); ++k) {
    int same = 0, ord = 0;
    for (size_t j = 0; j < items.size(); ++j) {
      if (items[j].counter == items[k].counter) {
        ++same;
        if (j <= k) ++ord;
      }
    }
    items[k].label = items[k].counter->id + (same > 1 ? "-" + std::to_string(ord) : "");
  }
}

}  // namespace

// ---------------------------------------------------------------------------------------------
// WsrGame

Text WsrGame::side_name(int seat) const {
  // The nation's short name from the data ([nation] side / side_de, docs/wsr-data.md).
  const std::string& id = setup_.seats.at(static_cast<size_t>(seat));
  Nation n{};
  if (!NationFromId(id, &n)) return {id, id};
  return {data_->nation(n).side, data_->nation(n).side_de};
}

WsrGame::WsrGame(const Data& data, HexLayout layout, GameSetup setup, WsrOptions options)
    : data_(&data),
      layout_(std::move(layout)),
      los_(layout_),
      setup_(std::move(setup)),
      opts_(options) {
  if (setup_.seats.size() != 2) throw DataError("setup: White Star Rising has two sides");
  option_list_ = {
      {"disrupted_movement_limits", opts_.disrupted_movement_limits ? "true" : "false"},
      {"chaos_variation", opts_.chaos_variation ? "true" : "false"}};  // chaos.cc (WSR 9.0)
  // sw_placement.cc (WSR 11.4): listed when on, so that logs of other games keep their header.
  if (opts_.sw_on_first_fire) option_list_.push_back({"sw_on_first_fire", "true"});
  const int n = layout_.size();
  if (n > kMaxHexes) throw DataError("setup: the layout has more hexes than kMaxHexes");
  // Terrain and movement costs per hexside (WSR 5.0, terrain chart G-1).
  const TerrainChart& chart = data_->terrain;
  terrain_.resize(static_cast<size_t>(n));
  // no_road: special_rules.cc A12 destroyed bridges, A11 no-road hexes (no road into or out of).
  std::vector<uint8_t> playable(static_cast<size_t>(n), 1), no_road(static_cast<size_t>(n), 0);
  for (int i = 0; i < n; ++i) {
    const SheetHex* sh = SheetHexOf(*data_, layout_, i);
    if (sh == nullptr) throw DataError("setup: hex " + layout_.Name(i) + " has no sheet data");
    // special_rules.cc: B3 no-rivers (the without_rivers terrain of terrain.toml).
    Terrain tt = ScenarioTerrain(setup_, chart, sh->terrain);
    // A12 only-bridges-intact: a destroyed bridge is a river hex (no road across it).
    if (DestroyedBridge(setup_, i, tt)) {
      tt = Terrain::kRiver;
      no_road[static_cast<size_t>(i)] = 1;
    }
    if (NoRoadHex(setup_, i)) {  // A11 no-road: a clear hex without its road
      tt = Terrain::kClear;
      no_road[static_cast<size_t>(i)] = 1;
    }
    terrain_[static_cast<size_t>(i)] = tt;
    playable[static_cast<size_t>(i)] = chart[tt].playable ? 1 : 0;
    los_.SetTerrain(i, LosFlags(chart[tt]));
  }
  cost_.resize(static_cast<size_t>(n));
  for (int i = 0; i < n; ++i) {
    for (int d = 0; d < kHexDirs; ++d) {
      for (int hard = 0; hard < 2; ++hard) {
        int c = -1;
        const int nb = layout_.Neighbour(i, d);
        if (nb >= 0 && playable[static_cast<size_t>(nb)]) {
          const TerrainType& to = chart[terrain_[static_cast<size_t>(nb)]];
          const TerrainType& from = chart[terrain_[static_cast<size_t>(i)]];
          if (RoadBetween(*data_, layout_, i, nb) && !no_road[static_cast<size_t>(i)] &&
              !no_road[static_cast<size_t>(nb)]) {
            // Moving along a road path costs the road rate instead of the terrain (G-1).
            c = hard ? chart.road_move_hard : chart.road_move_soft;
          } else if (to.move_cost(hard != 0) != kImpassable) {
            c = to.move_cost(hard != 0);
            // Crossing a crest uphill costs extra (terrain chart, stand-in).
            if (to.level == 1 && from.level == 0 && CrestBetween(*data_, layout_, nb, i))
              c += hard ? chart.crest_uphill_hard : chart.crest_uphill_soft;
          }
          // special_rules.cc: B4 rubble replaces the cost of entering its terrain.
          c = RubbleMoveCost(setup_, *data_, layout_, terrain_[static_cast<size_t>(nb)], nb,
                             hard != 0, c);
        }
        cost_[static_cast<size_t>(i)][static_cast<size_t>(d)][static_cast<size_t>(hard)] =
            static_cast<int8_t>(std::min(c, 127));
      }
    }
  }
  for (int i = 0; i < n; ++i) {
    for (int d = 0; d < kHexDirs; ++d) {
      const int nb = layout_.Neighbour(i, d);
      if (nb < 0) continue;
      const TerrainType& a = chart[terrain_[static_cast<size_t>(i)]];
      const TerrainType& b = chart[terrain_[static_cast<size_t>(nb)]];
      if (a.level == 1 && b.level == 0 && CrestBetween(*data_, layout_, i, nb)) los_.SetCrest(i, d);
    }
  }
  los_cache_ = std::make_shared<const LosCache>(los_);  // los_cache.h (perf): after terrain, crests
  // Formations.
  if (setup_.formations.size() > static_cast<size_t>(kMaxFormations))
    throw DataError("setup: more than 16 formations");
  for (const SetupFormation& sf : setup_.formations) {
    FormationInfo fi;
    fi.data = data_->formations.Find(sf.id);
    if (fi.data == nullptr) throw DataError("setup: unknown formation '" + sf.id + "'");
    if (sf.side < 0 || sf.side > 1) throw DataError("setup: formation side must be 0 or 1");
    fi.side = static_cast<uint8_t>(sf.side);
    fi.markers = static_cast<uint8_t>(std::clamp(sf.markers, 0, 4));
    fi.morale = fi.data->morale;  // WSR 1.6: the HQ's morale for every unit (A-05 attached)
    formations_.push_back(fi);
  }
  // Units.
  if (setup_.units.size() > static_cast<size_t>(kMaxUnits))
    throw DataError("setup: more than " + std::to_string(kMaxUnits) + " units");
  for (size_t k = 0; k < setup_.units.size(); ++k) {
    const SetupUnit& su = setup_.units[k];
    const std::string where = "setup unit " + std::to_string(k) + " (" + su.counter + ")";
    UnitInfo ui;
    ui.counter = data_->FindCounter(su.counter);
    if (ui.counter == nullptr) throw DataError(where + ": unknown counter");
    if (ui.counter->is_support_weapon() || ui.counter->kind == UnitKind::kAircraft)
      throw DataError(where +
                      ": support weapons go with their platoon (field sw, WSR 1.3.4.1); "
                      "aircraft are not set up on the map (WSR 11.3)");
    if (!su.sw.empty()) {
      ui.sw = data_->FindCounter(su.sw);
      if (ui.sw == nullptr || !ui.sw->is_support_weapon())
        throw DataError(where + ": '" + su.sw + "' is not a support weapon");
      if (!ui.counter->infantry_type())
        throw DataError(where + ": only infantry may hold support weapons (WSR 1.3.4.1)");
    }
    const int f = formation_index(su.formation);
    if (f < 0) throw DataError(where + ": formation '" + su.formation + "' not in the setup");
    ui.formation = static_cast<uint8_t>(f);
    ui.side = formations_[static_cast<size_t>(f)].side;
    ui.hq = ui.counter->is_hq();
    ui.shq = ui.counter->kind == UnitKind::kShq;
    FormationInfo& fi = formations_[static_cast<size_t>(f)];
    if (ui.hq && ui.counter->formation == fi.data->id) {
      if (ui.shq && fi.shq < 0) fi.shq = static_cast<int>(k);
      if (!ui.shq && fi.hq < 0) {
        fi.hq = static_cast<int>(k);
        ui.formation_hq = true;
        fi.command_range = ui.counter->face(FaceId::kFull).command_range;
      }
    }
    int hex = kNoHex;
    if (!su.hex.empty()) {
      std::string err;
      hex = layout_.TryIndex(su.hex, &err);
      if (hex < 0) throw DataError(where + ": " + err);
    }
    uint16_t flags = 0;
    if (su.reduced && ui.counter->steps == 2) flags |= kReduced;
    if (su.mounted && ui.counter->transport) flags |= kMounted;
    if (su.disrupted && !ui.hq) flags |= kDisrupted;  // HQs are never disrupted (WSR 1.3.2.2)
    // Off the map: to be set up or to arrive (scenario forces), else eliminated.
    if (hex == kNoHex) flags |= su.force >= 0 ? kOffMap : kGone;
    initial_hex_.push_back(static_cast<int16_t>(hex));
    initial_flags_.push_back(flags);
    units_.push_back(ui);
  }
  LabelByCounter(units_);
  for (UnitInfo& ui : units_) {  // carrier.cc (WSR 5.2, A-38)
    ui.separate_carrier =
        !ui.counter->transport && !ui.hq && ui.counter->face_for(false, false).carrier;
    any_separate_carrier_ = any_separate_carrier_ || ui.separate_carrier;
  }
  // carrier.cc (WSR 5.2, [REC] A-38): platoons that start loaded in a separate carrier.
  initial_carrier_.assign(units_.size(), -1);
  std::vector<int> load(units_.size(), 0);
  for (size_t k = 0; k < setup_.units.size(); ++k) {
    const int c = setup_.units[k].carried_by;
    if (c < 0) continue;
    const std::string where =
        "setup unit " + std::to_string(k) + " (" + setup_.units[k].counter + ")";
    if (static_cast<size_t>(c) >= units_.size() || static_cast<size_t>(c) == k)
      throw DataError(where + ": carried_by names no other unit of the setup");
    const UnitInfo& cu = units_[static_cast<size_t>(c)];
    if (cu.counter->transport || cu.hq || !cu.counter->face_for(false, false).carrier)
      throw DataError(where + ": " + cu.counter->id +
                      " is no separate carrier (circled MF, WSR 1.2.1, A-38)");
    if (!WsrState::passenger_kind(units_[k].counter->kind))
      throw DataError(where + ": only infantry platoons ride in carriers (WSR 5.2, A-38)");
    // Both off the map: they arrive or are set up together, as one force (the carrier is placed
    // or enters, the passenger rides along: carry_passengers).
    const bool off_together = initial_hex_[k] == kNoHex &&
                              initial_hex_[static_cast<size_t>(c)] == kNoHex &&
                              setup_.units[k].force >= 0 &&
                              setup_.units[k].force == setup_.units[static_cast<size_t>(c)].force;
    if ((!off_together &&
         (initial_hex_[k] == kNoHex || initial_hex_[k] != initial_hex_[static_cast<size_t>(c)])) ||
        units_[k].formation != cu.formation)
      throw DataError(where +
                      ": a passenger starts in its carrier's hex (or force) and formation (A-38)");
    if (++load[static_cast<size_t>(c)] > kCarrierCapacity)
      throw DataError(where + ": one platoon per carrier (A-38)");
    if (initial_flags_[k] & kDisrupted || initial_flags_[static_cast<size_t>(c)] & kDisrupted)
      throw DataError(where + ": a loaded platoon and its carrier share their state (5.2.4, A-38)");
    initial_carrier_[k] = static_cast<int8_t>(c);
  }
  // setup.cc: support weapons (WSR 1.3.4.1), those to assign in the setup phase first, then the
  // ones SetupUnit::sw gives to a unit directly.
  initial_sw_.assign(units_.size(), 0);
  for (const SetupSw& ss : setup_.support_weapons) {
    SwInfo si;
    si.counter = data_->FindCounter(ss.counter);
    if (si.counter == nullptr || !si.counter->is_support_weapon())
      throw DataError("setup: '" + ss.counter + "' is not a support weapon (WSR 1.3.4)");
    si.formation = formation_index(ss.formation);
    if (si.formation < 0) throw DataError("setup: SW formation '" + ss.formation + "' unknown");
    si.side = formations_[static_cast<size_t>(si.formation)].side;
    si.force = ss.force;
    sws_.push_back(si);
  }
  for (size_t k = 0; k < units_.size(); ++k) {
    if (units_[k].sw == nullptr) continue;
    SwInfo si;
    si.counter = units_[k].sw;
    si.formation = units_[k].formation;
    si.side = units_[k].side;
    sws_.push_back(si);
    initial_sw_[k] = static_cast<uint8_t>(sws_.size());
  }
  if (sws_.size() > 250) throw DataError("setup: too many support weapons");
  LabelByCounter(sws_);
  for (const std::string& h : setup_.objectives) {
    std::string err;
    const int i = layout_.TryIndex(h, &err);
    if (i < 0) throw DataError("setup: objective hex: " + err);
    objectives_.push_back(i);
  }
  for (int hard = 0; hard < 2; ++hard)  // auto-setup (WSR 2.0): the way to the objectives
    objective_steps_[static_cast<size_t>(hard)] = path_steps(objectives_, hard != 0);
  shot_hooks_ = MakeShotHooks(*this);  // special_rules.cc (perf)
  // setup.cc (perf): each unit's setup zone (WSR 2.0), the zone of its force if that force is
  // set up in the setup phase.
  // fire.cc (perf): a bound of fire_reach for every state of each unit.
  int bonus = 0;
  for (const SwInfo& si : sws_)
    bonus = std::max(bonus, si.counter->face_for(false, false).range_bonus);
  max_reach_.assign(units_.size(), 0);
  for (size_t k = 0; k < units_.size(); ++k)
    for (int m = 0; m < 2; ++m)
      for (int r = 0; r < 2; ++r) {
        const Face& f = units_[k].counter->face_for(m != 0, r != 0);
        for (const Weapon* w : {&f.ap, &f.he, &f.aa})
          max_reach_[k] = std::max(max_reach_[k], 2 * (std::max(w->range, 0) + bonus));
      }
  formation_units_.assign(formations_.size(), {});  // movement.cc, fire.cc (perf)
  for (size_t k = 0; k < units_.size(); ++k) {
    formation_units_[units_[k].formation].push_back(static_cast<int>(k));
    side_units_[units_[k].side & 1].push_back(static_cast<int>(k));
    if (units_[k].counter->kind == UnitKind::kMortar)
      side_mortars_[units_[k].side & 1].push_back(static_cast<int>(k));
  }
  spotters_.assign(formations_.size(), {});  // fire.cc (perf): mortar_spotter
  for (size_t k = 0; k < units_.size(); ++k)
    if (units_[k].hq || units_[k].counter->recon)
      spotters_[units_[k].formation].push_back(static_cast<int>(k));
  setup_zone_.assign(units_.size(), nullptr);
  if (const Scenario* sc = setup_.scenario_data.get()) {
    for (size_t k = 0; k < units_.size() && k < setup_.units.size(); ++k) {
      const int f = setup_.units[k].force;
      if (f < 0 || static_cast<size_t>(f) >= sc->forces.size()) continue;
      const Force& force = sc->forces[static_cast<size_t>(f)];
      if (force.arrival == ArrivalKind::kSetup) setup_zone_[k] = sc->FindZone(force.zone);
    }
  }
  // special_rules.cc: A6 boundary-line.
  {
    std::string south, north;
    boundary_ = BoundaryMask(setup_, layout_, &south, &north);
    if (!boundary_.empty()) boundary_f_ = {formation_index(south), formation_index(north)};
  }
  // exit.cc (G-12): the exit hexes of each seat, from the scenario's victory conditions.
  exit_mask_.assign(static_cast<size_t>(layout_.size()), 0);
  if (setup_.scenario_data)
    for (const auto& [side, zone] : ExitZones(*setup_.scenario_data)) {
      const int seat = seat_index(side);
      const Zone* z = setup_.scenario_data->FindZone(zone);
      if (seat < 0 || seat > 1 || z == nullptr) continue;
      for (int h : z->hexes) exit_mask_[static_cast<size_t>(h)] |= static_cast<uint8_t>(1 << seat);
    }
  // artillery.cc (WSR 11.2): the artillery support of each seat.
  int smoke_strikes = 0;
  for (const auto& kinds : setup_.artillery) {
    if (kinds.size() > static_cast<size_t>(kMaxStrikeKinds))
      throw DataError("setup: more than " + std::to_string(kMaxStrikeKinds) +
                      " kinds of artillery strike for a side (WSR 11.2)");
    for (size_t k = 0; k < kinds.size(); ++k) {
      const GameSetup::Strike& st = kinds[k];
      for (size_t j = 0; j < k; ++j)
        if (kinds[j].smoke == st.smoke && kinds[j].fp == st.fp && kinds[j].to_hit == st.to_hit)
          throw DataError("setup: the same kind of artillery strike listed twice for a side");
      if (st.count < 0 || st.count > 99) throw DataError("setup: artillery strikes out of 0-99");
      if (st.smoke) {
        smoke_strikes += st.count;
      } else if (st.fp < 1 || st.fp > 15 || st.to_hit < 1 || st.to_hit > 6) {
        throw DataError("setup: an HE strike needs firepower 1-15 and to-hit 1-6 (WSR 11.2)");
      }
    }
  }
  // air.cc (WSR 11.3): the aircraft counters of the sides.
  if (setup_.air.size() > static_cast<size_t>(kMaxAircraft))
    throw DataError("setup: more than " + std::to_string(kMaxAircraft) + " aircraft (WSR 11.3)");
  for (const GameSetup::Aircraft& a : setup_.air) {
    const CounterType* c = data_->FindCounter(a.counter);
    if (c == nullptr || c->kind != UnitKind::kAircraft)
      throw DataError("setup: air: '" + a.counter + "' is not an aircraft counter (WSR 11.3)");
    if (a.side < 0 || a.side > 1) throw DataError("setup: air: side out of 0-1");
    if (a.turn < 1) throw DataError("setup: air: the turn it enters the cup must be 1 or later");
  }
  if (smoke_strikes > kMaxSmoke)
    throw DataError("setup: more than " + std::to_string(kMaxSmoke) +
                    " smoke strikes (WSR 11.2.2)");
  index_names();  // verbs.cc: the names of the ids in texts
  // Stacking at setup (WSR 1.4).
  WsrState s = initial();
  std::string bad = s.invariant_violation();
  if (!bad.empty()) throw DataError("setup: " + bad);
}

int WsrGame::formation_index(std::string_view id) const {
  for (size_t f = 0; f < formations_.size(); ++f)
    if (formations_[f].data->Matches(id)) return static_cast<int>(f);
  return -1;
}

int WsrGame::unit_by_label(std::string_view label) const {
  for (size_t u = 0; u < units_.size(); ++u)
    if (units_[u].label == label) return static_cast<int>(u);
  return -1;
}

int WsrGame::sw_by_label(std::string_view label) const {
  for (size_t k = 0; k < sws_.size(); ++k)
    if (sws_[k].label == label) return static_cast<int>(k);
  return -1;
}

WsrState WsrGame::initial() const {
  WsrState s(this);
  s.n_units = static_cast<int16_t>(units_.size());
  for (size_t u = 0; u < units_.size(); ++u) {
    s.units[u].hex = initial_hex_[u];
    s.units[u].start_hex = initial_hex_[u];
    s.units[u].flags = initial_flags_[u];
    s.units[u].sw = initial_sw_[u];            // WSR 1.3.4.1
    s.units[u].carrier = initial_carrier_[u];  // carrier.cc
    // sw_placement.cc (WSR 11.4): platoons eliminated before play roll nothing.
    if ((initial_flags_[u] & kGone) && units_[u].counter->infantry_type())
      ++s.inf_lost[units_[u].side];
  }
  // WSR 12.2: each side controls the hexes where it could set up.
  for (int side = 0; side < 2; ++side) {
    for (const std::string& h : setup_.controlled[static_cast<size_t>(side)]) {
      std::string err;
      int i = layout_.TryIndex(h, &err);
      if (i < 0) throw DataError("setup: controlled hex: " + err);
      s.control[static_cast<size_t>(i)] = static_cast<uint8_t>(side + 1);
    }
  }
  for (size_t u = 0; u < units_.size(); ++u)
    if (initial_hex_[u] >= 0)
      s.control[static_cast<size_t>(initial_hex_[u])] = static_cast<uint8_t>(units_[u].side + 1);
  // WSR 2.0: the formation markers and end-turn markers go into the cup.
  for (size_t f = 0; f < formations_.size(); ++f) {
    s.cup[f] = formations_[f].markers;
    if (s.cup[f] > 0) s.in_turn |= static_cast<uint16_t>(1u << f);
  }
  s.cup_end_turn = static_cast<uint8_t>(std::clamp(setup_.end_turn_markers, 0, 8));
  for (size_t side = 0; side < 2; ++side)  // WSR 10.0
    s.fate_points[side] = static_cast<uint8_t>(std::clamp(setup_.fate_points[side], 0, 99));
  for (size_t side = 0; side < 2; ++side)  // artillery.cc (WSR 11.2)
    for (size_t k = 0; k < setup_.artillery[side].size() && k < kMaxStrikeKinds; ++k)
      s.strikes_left[side][k] =
          static_cast<uint8_t>(std::clamp(setup_.artillery[side][k].count, 0, 99));
  s.setup_fortifications();     // fortification.cc: IPs and mine markers (WSR 8.1, 8.2)
  s.chaos_turn_start(nullptr);  // chaos.cc: chaos markers of turn 1 (WSR 9.0, A-35)
  s.air_turn_start(nullptr);    // air.cc: aircraft of turn 1 (WSR 11.3)
  return s;
}

std::unique_ptr<State> WsrGame::new_initial_state() const {
  auto s = std::make_unique<WsrState>(initial());
  s->start_game(nullptr);
  return s;
}

std::unique_ptr<State> WsrGame::state_from_json(const json& j) const {
  auto s = std::make_unique<WsrState>(initial());
  auto need = [&](const char* key) -> const json& {
    if (!j.is_object() || !j.contains(key))
      throw std::runtime_error(std::string("/") + key + ": missing");
    return j.at(key);
  };
  try {
    s->phase = need("phase").get<uint8_t>();
    s->turn = need("turn").get<int16_t>();
    s->active_f = need("active_formation").get<int8_t>();
    s->end_turn_drawn = need("end_turn_drawn").get<uint8_t>();
    s->cup_end_turn = need("cup_end_turn").get<uint8_t>();
    s->held_end_turn = need("held_end_turn").get<std::array<uint8_t, 2>>();
    s->hold_until = need("hold_until").get<std::array<uint16_t, 2>>();
    s->in_turn = need("in_turn").get<uint16_t>();
    s->moves = need("moves").get<int>();
    s->group_origin = need("group_origin").get<int16_t>();
    s->group_steps = need("group_steps").get<uint8_t>();
    const json& cup = need("cup");
    const json& act = need("activated");
    if (cup.size() != static_cast<size_t>(num_formations()) || act.size() != cup.size())
      throw std::runtime_error("/cup: one entry per formation expected");
    for (size_t f = 0; f < cup.size(); ++f) {
      s->cup[f] = cup[f].get<uint8_t>();
      s->activated[f] = act[f].get<uint8_t>();
    }
    const json& g = need("group");
    if (g.size() > static_cast<size_t>(kMaxGroup)) throw std::runtime_error("/group: too long");
    s->n_group = static_cast<uint8_t>(g.size());
    for (size_t k = 0; k < g.size(); ++k) s->group[k] = g[k].get<int8_t>();
    const json& us = need("units");
    if (us.size() != static_cast<size_t>(num_units()))
      throw std::runtime_error("/units: one entry per unit expected");
    for (size_t u = 0; u < us.size(); ++u) {
      s->units[u].hex = us[u].at(0).get<int16_t>();
      s->units[u].start_hex = us[u].at(1).get<int16_t>();
      s->units[u].flags = us[u].at(2).get<uint16_t>();
      s->units[u].mp_spent = us[u].at(3).get<uint8_t>();
      s->units[u].sw = us[u].size() > 4 ? us[u].at(4).get<uint8_t>() : 0;  // WSR 1.3.4.1
      if (s->units[u].sw > num_sws()) throw std::runtime_error("/units: SW out of range");
      s->units[u].carrier = us[u].size() > 5 ? us[u].at(5).get<int8_t>() : int8_t{-1};
      if (s->units[u].carrier >= num_units() || s->units[u].carrier < -1)
        throw std::runtime_error("/units: carrier out of range");
    }
    const json& st = need("steps");
    if (st.size() > static_cast<size_t>(kMaxSteps)) throw std::runtime_error("/steps: too long");
    s->steps.clear();
    for (const json& x : st)
      s->steps.push({x.at(0).get<uint8_t>(), x.at(1).get<int8_t>(), x.at(2).get<int16_t>()});
    const json& c = need("control");
    if (c.size() != static_cast<size_t>(layout_.size()))
      throw std::runtime_error("/control: one entry per hex expected");
    for (size_t i = 0; i < c.size(); ++i) s->control[i] = c[i].get<uint8_t>();
    const json& fate = need("fate");
    s->fate_points = fate.at(0).get<std::array<uint8_t, 2>>();
    s->fate_verb = fate.at(1).get<uint8_t>();
    s->fate_args = fate.at(2).get<std::array<uint16_t, 2>>();
    s->fate_last = fate.at(3).get<int8_t>();
    s->fate_passed = fate.at(4).get<uint8_t>();
    s->scenario_from_json(need("scenario"));                     // arrival.cc
    s->assault_from_json(need("assault"));                       // assault.cc, fortification.cc
    if (j.contains("chaos")) s->chaos_from_json(j.at("chaos"));  // chaos.cc (WSR 9.0)
    // artillery.cc (WSR 11.2): absent = nothing of 11.2 in the state.
    s->strikes_left = {};
    if (j.contains("artillery")) s->artillery_from_json(j.at("artillery"));
    if (j.contains("air")) s->air_from_json(j.at("air"));  // air.cc (WSR 11.3)
    if (j.contains("sw")) {                                // sw_placement.cc (WSR 11.4 option)
      s->sw_out = j.at("sw").at(0).get<uint64_t>();
      s->inf_lost = j.at("sw").at(1).get<std::array<uint8_t, 2>>();
    }
  } catch (const json::exception& e) {
    throw std::runtime_error(std::string("wsr state: ") + e.what());
  }
  // Ranges, so that a malformed state is refused here rather than crashing later.
  const int nh = layout_.size(), nu = num_units(), nf = num_formations();
  auto bad = [](const std::string& what) { throw std::runtime_error("wsr state: " + what); };
  if (s->phase > kOver) bad("/phase out of range");
  if (s->active_f < -1 || s->active_f >= nf) bad("/active_formation out of range");
  for (int u = 0; u < nu; ++u) {
    const Unit& x = s->units[static_cast<size_t>(u)];
    if (x.hex < -1 || x.hex >= nh || x.start_hex < -1 || x.start_hex >= nh)
      bad("/units/" + std::to_string(u) + ": hex out of range");
  }
  for (int k = 0; k < s->n_group; ++k)
    if (s->group[static_cast<size_t>(k)] < 0 || s->group[static_cast<size_t>(k)] >= nu)
      bad("/group: unit out of range");
  if (s->group_origin < -1 || s->group_origin >= nh) bad("/group_origin out of range");
  for (int k = 0; k < s->steps.size(); ++k) {
    const Step& st = s->steps[k];
    if (st.kind == kStepFireAttack || st.kind == kStepFireDefence) {  // f = hits, a = u*128+t
      if (st.f < 0 || st.a < 0 || st.a / 128 >= nu || st.a % 128 >= nu) bad("/steps: bad fire");
      continue;
    }
    if (st.kind == kStepFate) {  // a = the deciding seat, f = the affected seat
      if (st.a < 0 || st.a > 1 || st.f < 0 || st.f > 1 || k == 0) bad("/steps: bad fate window");
      continue;
    }
    if (st.kind == kStepDdRoll) {  // special_rules.cc (A7 dd-tanks)
      if (st.a < 0 || st.a >= nu) bad("/steps: bad dd-tanks roll");
      continue;
    }
    if (st.kind == kStepDesignate || st.kind == kStepPreStrike) {  // special_rules.cc (A5, A7)
      if (st.a < 0 || st.a > 1) bad("/steps: bad scenario step");
      continue;
    }
    if (st.kind == kStepLand) {  // special_rules.cc (A7 place-on-activation)
      if (st.f < 0 || st.f >= nf) bad("/steps: bad scenario step");
      continue;
    }
    if (st.kind == kStepBridgeRoll) {  // special_rules.cc (A4 blow-the-bridge)
      if (st.a < 0 || st.a >= nu || s->hook_bridge_hex() == kNoHex) bad("/steps: bad bridge roll");
      continue;
    }
    if (st.kind == kStepEntryRoll || st.kind == kStepFirstActivation) {  // arrival.cc
      if (!s->scenario_state_ok(st)) bad("/steps: bad scenario step");
      continue;
    }
    if (st.kind == kStepChaosRoll || st.kind == kStepChaosPick) {  // chaos.cc (WSR 9.0)
      if (!s->chaos_state_ok(st)) bad("/steps: bad chaos step");
      continue;
    }
    if (st.kind == kStepSetup) {  // setup.cc: a = the seat setting up (WSR 2.0)
      if (st.a < 0 || st.a > 1 || st.f != 0) bad("/steps: bad setup step");
      continue;
    }
    if (WsrState::assault_step(st.kind)) {  // assault.cc, fortification.cc
      if (!s->assault_state_ok(st)) bad("/steps: bad assault or mine step");
      continue;
    }
    if (WsrState::artillery_step(st.kind)) {  // artillery.cc (WSR 11.2)
      if (!s->artillery_state_ok(st)) bad("/steps: bad artillery step");
      continue;
    }
    if (WsrState::air_step(st.kind)) {  // air.cc (WSR 11.3)
      if (!s->air_state_ok(st)) bad("/steps: bad air step");
      continue;
    }
    if (WsrState::sw_step(st.kind)) {  // sw_placement.cc (WSR 11.4)
      if (!s->sw_state_ok(st)) bad("/steps: bad support weapon step");
      continue;
    }
    if (st.kind == kStepHqLoss) {  // f = 0/1 (a unit eliminated), a = the HQ
      if (st.f < 0 || st.f > 1 || st.a < 0 || st.a >= nu) bad("/steps: bad HQ loss check");
      continue;
    }
    if ((st.kind >= kStepMortarAttack && st.kind <= kStepMortarOdd) ||
        st.kind == kStepMortarAccuracy) {  // f = mortar, a = hex+
      if (st.f < 0 || st.f >= nu || st.a < 0 || st.a % kMaxHexes >= nh) bad("/steps: bad fire");
      continue;
    }
    if (st.kind > kStepPlaceHq || st.f < -1 || st.f >= nf) bad("/steps: bad step");
    if ((st.kind == kStepCommand || st.kind == kStepHexEntered) && (st.a < 0 || st.a >= nh))
      bad("/steps: hex out of range");
    if (st.kind == kStepReorg && st.a != -2 && (st.a < 0 || st.a >= nu))
      bad("/steps: unit out of range");
    if (st.kind != kStepDraw && st.f < 0) bad("/steps: step without formation");
  }
  if (s->phase != kOver && s->steps.empty()) bad("/steps: no decision pending");
  if (!s->steps.empty() && s->top().kind == kStepMove && s->n_group == 0) bad("/group: empty move");
  return s;
}

// ---------------------------------------------------------------------------------------------
// WsrState: accessors

WsrState::WsrState(const WsrGame* game) : game_(game) {
  exit_hex.fill(kNoHex);  // exit.cc (G-12)
}

const Game& WsrState::game() const {
  return *game_;
}
std::string WsrState::unit_label(int u) const {
  return info(u).label;
}
std::string WsrState::hex_name(int hex) const {
  return hex < 0 ? std::string("off-map") : game_->layout().Name(hex);
}

// perf: a seat's units from WsrGame::side_units (sides are 0 and 1).
int WsrState::combat_units_in(int hex, int side) const {
  int n = 0;
  if (side != 0 && side != 1) return 0;
  for (int u : game_->side_units(side))
    if (u < n_units && units[static_cast<size_t>(u)].hex == hex && !info(u).hq) ++n;
  return n;
}
bool WsrState::enemy_in(int hex, int side) const {
  if (side != 0 && side != 1) {
    for (int u = 0; u < n_units; ++u)
      if (units[static_cast<size_t>(u)].hex == hex && side_of(u) != side) return true;
    return false;
  }
  for (int u : game_->side_units(1 - side))
    if (u < n_units && units[static_cast<size_t>(u)].hex == hex) return true;
  return false;
}
bool WsrState::hq_in(int hex, int side) const {
  if (side != 0 && side != 1) return false;
  for (int u : game_->side_units(side))
    if (u < n_units && units[static_cast<size_t>(u)].hex == hex && info(u).hq) return true;
  return false;
}
int WsrState::step_cost(int u, int from, int to) const {
  const int d = game_->layout().DirBetween(from, to);
  if (d < 0) return -1;
  return step_cost_dir(u, from, d, to);
}
int WsrState::cup_formation_markers() const {
  int n = 0;
  for (int f = 0; f < game_->num_formations(); ++f) n += cup[static_cast<size_t>(f)];
  return n;
}

std::string WsrState::invariant_violation() const {
  const int n = game_->layout().size();
  std::vector<std::array<int, 2>> combat(static_cast<size_t>(n)), hqs(static_cast<size_t>(n));
  for (int u = 0; u < n_units; ++u) {
    const int h = unit(u).hex;
    if (h == kNoHex) {
      if (has(u, kGone) == has(u, kOffMap))  // off the map: eliminated or not yet in play
        return unit_label(u) + " is off the map but not marked gone or off-map";
      continue;
    }
    if (h < 0 || h >= n) return unit_label(u) + " has a bad hex";
    if (has(u, kOffMap | kGone)) return unit_label(u) + " is on the map but flagged off-map/gone";
    (info(u).hq ? hqs : combat)[static_cast<size_t>(h)][static_cast<size_t>(side_of(u))]++;
  }
  for (int h = 0; h < n; ++h) {
    for (int s = 0; s < 2; ++s) {
      if (combat[static_cast<size_t>(h)][static_cast<size_t>(s)] > kStackLimit)
        return "more than 2 combat units of one side in " + hex_name(h) + " (WSR 1.4)";
      if (hqs[static_cast<size_t>(h)][static_cast<size_t>(s)] > 1)
        return "more than one HQ/SHQ of one side in " + hex_name(h) + " (WSR 1.3.2, A-03)";
    }
    if ((combat[static_cast<size_t>(h)][0] + hqs[static_cast<size_t>(h)][0]) > 0 &&
        (combat[static_cast<size_t>(h)][1] + hqs[static_cast<size_t>(h)][1]) > 0 &&
        h != assault.hex && h != overrun_passing)  // assault.cc: WSR 6.3, 6.4 in progress
      return "units of both sides in " + hex_name(h) + " outside an assault (WSR 5.1)";
  }
  for (int k = 0; k < n_group; ++k) {
    const int u = group[static_cast<size_t>(k)];
    if (!has(u, kMoving)) return "group member " + unit_label(u) + " not flagged moving";
  }
  if (std::string c = carrier_invariant(); !c.empty()) return c;    // carrier.cc
  if (std::string c = chaos_invariant(); !c.empty()) return c;      // chaos.cc (WSR 9.0)
  if (std::string c = exit_invariant(); !c.empty()) return c;       // exit.cc (G-12)
  if (std::string c = artillery_invariant(); !c.empty()) return c;  // artillery.cc (WSR 11.2)
  if (std::string c = air_invariant(); !c.empty()) return c;        // air.cc (WSR 11.3)
  return "";
}

// ---------------------------------------------------------------------------------------------
// Decisions

// current_seat, chance_outcomes, sample_chance: steps.cc (the step table).

// The rules word the prompt with ids; the player reads names (WsrGame::name_ids).
feldherr::Decision WsrState::decision() const {
  feldherr::Decision d = decision_with_ids();
  d.prompt = game_->name_ids(d.prompt, Lang::kEn);
  d.prompt_de = game_->name_ids(d.prompt_de, Lang::kDe);
  return d;
}

feldherr::Decision WsrState::decision_with_ids() const {
  feldherr::Decision d;
  d.seat = current_seat();
  if (phase == kOver) {
    d.kind = "over";
    d.say({"The game is over.", "Das Spiel ist zu Ende."});
    return d;
  }
  const Step& t = top();
  d.kind = step_spec(t.kind).decision;
  if (assault_step(t.kind)) {  // assault.cc, fortification.cc
    assault_decision(d);
    return d;
  }
  // Steps whose `f` is a formation (fire and fate steps use it for other numbers).
  const bool f_is_formation = t.kind <= kStepPlaceHq;
  const bool named = f_is_formation && t.f >= 0 && t.f < game_->num_formations();
  const std::string fname = named ? game_->formation(t.f).data->name : "";
  const std::string fname_de = named ? game_->formation(t.f).data->name_de : "";
  switch (t.kind) {
    case kStepDraw:
      d.say({"Draw a marker from the cup (WSR 3.1).",
             "Einen Marker aus dem Behältnis ziehen (WSR 3.1)."});
      break;
    case kStepCommand:
      d.say({"Roll 2 dice: command test of " + fname + " in " + hex_name(t.a) + " (WSR 4.2).",
             "2 Würfel werfen: Moraltest für den Befehls-Status von " + fname_de + " in " +
                 hex_name(t.a) + " (WSR 4.2)."});
      break;
    case kStepReorg:
      d.say({"Roll 2 dice: reorganization of " + unit_label(t.a) + " (WSR 4.3).",
             "2 Würfel werfen: Reorganisation von " + unit_label(t.a) + " (WSR 4.3)."});
      break;
    case kStepOperations:
      d.say({"Operate with " + fname + ": select a unit to move, or end the impulse (WSR 4.4).",
             "Operationen mit " + fname_de +
                 ": eine Einheit auswählen oder den Impuls beenden (WSR 4.4)."});
      break;
    case kStepMove:
      d.say({"Move the stack in " + hex_name(unit(group[0]).hex) +
                 ": enter an adjacent hex, drop, mount/dismount" +
                 (can_exit_map(nullptr) ? ", exit the map (G-12)" : "") +
                 " or end the move (WSR 5.0-5.2).",
             "Den Stapel in " + hex_name(unit(group[0]).hex) +
                 " bewegen: ein angrenzendes Feld betreten, eine Einheit zurücklassen, " +
                 "aufsitzen/absitzen" +
                 (can_exit_map(nullptr) ? ", den Spielplan verlassen (G-12)" : "") +
                 " oder die Bewegung beenden (WSR 5.0-5.2)."});
      break;
    case kStepPlaceHq:
      d.say({"Choose the hex where the HQ of " + fname + " returns (WSR 1.3.2.3).",
             "Das Feld wählen, in das das HQ von " + fname_de + " zurückkehrt (WSR 1.3.2.3)."});
      break;
    case kStepFate:
      d.say(fate_prompt());
      d.decline = Action(kFate, {kFatePass});
      d.roll_seat = roll_seat();
      break;
    case kStepSetup:  // setup.cc (WSR 2.0)
      d.say(setup_prompt());
      break;
    case kStepEntryRoll:  // arrival.cc
    case kStepFirstActivation:
      d.say(scenario_prompt());
      break;
    case kStepChaosRoll:  // chaos.cc (WSR 9.0)
      d.say({"Roll 2 dice on the chaos table (WSR 9.0).",
             "2 Würfel auf der Chaostabelle werfen (WSR 9.0)."});
      break;
    case kStepSwPlace:  // sw_placement.cc (WSR 11.4)
      d.say(sw_prompt());
      d.decline = Action(kNoSw, {});
      break;
    case kStepSwLossRoll:
    case kStepSwLossPick:
      d.say(sw_prompt());
      break;
    case kStepBridgeRoll:  // special_rules.cc (A4 blow-the-bridge)
      d.say(bridge_prompt());
      break;
    case kStepDdRoll:  // special_rules.cc (A7 dd-tanks)
      d.say({"Roll 1 die for " + unit_label(t.a) +
                 " before the setup: a low roll and it starts reduced (dd-tanks).",
             "1 Würfel für " + unit_label(t.a) +
                 " vor dem Spielaufbau werfen: bei einem niedrigen Wurf beginnt sie reduziert "
                 "(dd-tanks)."});
      break;
    case kStepDesignate:  // special_rules.cc (A5 designated-formation-marker)
      d.say(
          {"The designated formation marker activates one of your formations not yet "
           "activated this turn: choose the formation (WSR-A5).",
           "Der Marker ausgewählte Formation aktiviert eine eigene Formation, die in dieser "
           "Spielrunde noch nicht aktiviert wurde: die Formation wählen (WSR-A5)."});
      break;
    case kStepPreStrike:  // special_rules.cc (A7 pre-game-strike)
      d.say(
          {"Before all activations of turn 1 you may call your first artillery strike on a "
           "hex in LOS of one of your HQs, or decline (WSR-A7).",
           "Vor allen Aktivierungen in Runde 1 darf der erste eigene Artillerieschlag auf ein "
           "Feld in Sichtlinie eines eigenen HQs angefordert werden, oder verzichten "
           "(WSR-A7)."});
      d.decline = Action(kDecline, {});
      break;
    case kStepLand:  // special_rules.cc (A7 place-on-activation)
      d.say({"Place the units of " + game_->formation(t.f).data->name +
                 " that arrive on activation in the landing hexes (WSR-A7).",
             "Die Einheiten von " + game_->formation(t.f).data->name_de +
                 ", die bei Aktivierung ins Spiel kommen, in den Landungsfeldern aufsetzen "
                 "(WSR-A7)."});
      break;
    case kStepChaosPick:
      d.say(chaos_prompt());
      break;
    case kStepHexEntered:
      d.say({"Enemy units entered " + hex_name(t.a) +
                 ": fire at them with a unit that sees the hex (opportunity fire) or let them "
                 "pass (WSR 6.2).",
             "Feindliche Einheiten haben " + hex_name(t.a) +
                 " betreten: mit einer Einheit, die das Feld sieht, darauf feuern "
                 "(Gelegenheits-Feuer) oder sie ziehen lassen (WSR 6.2)."});
      d.decline = Action(kNoOpFire, {});
      break;
    case kStepFireAttack:
    case kStepFireDefence:
    case kStepMortarAttack:
    case kStepMortarDefence:
    case kStepMortarOdd:
    case kStepMortarAccuracy:  // fire.cc: indirect fire (WSR 6.1, A-08)
    case kStepHqLoss:
      d.say(fire_prompt());
      break;
    case kStepArtyAccuracy:  // artillery.cc (WSR 11.2)
    case kStepBarrage:
    case kStepArtyAttack:
    case kStepArtyDefence:
    case kStepArtyOdd:
      d.say(artillery_prompt());
      break;
    default:
      if (air_step(t.kind)) d.say(air_prompt());  // air.cc (WSR 11.3)
      if (t.kind == kStepAirFlak) d.decline = Action(kNoFlak, {});
      break;
  }
  return d;
}

void WsrState::legal_actions(ActionList& out) const {
  out.clear();
  if (phase == kOver || steps.empty()) return;
  const Step& t = top();
  if (assault_step(t.kind)) {  // assault.cc, fortification.cc
    assault_actions(out);
    return;
  }
  if (step_spec(t.kind).seat == StepSeat::kChance) {
    for (const ChanceOutcome& o : chance_outcomes()) out.push_back(o.action);
    return;
  }
  switch (t.kind) {
    case kStepChaosPick:
      chaos_pick_actions(out);
      return;
    case kStepOperations:
      operations_actions(out);
      return;
    case kStepMove:
      move_actions(out);
      return;
    case kStepHexEntered:
      opfire_actions(out);
      return;
    case kStepFate:
      fate_actions(out);
      return;
    case kStepSetup:  // setup.cc (WSR 2.0, 1.3.4.1)
      setup_actions(out);
      return;
    case kStepFirstActivation:  // arrival.cc
      first_activation_actions(out);
      return;
    case kStepDesignate:  // special_rules.cc (A5, A7)
      designate_actions(out);
      return;
    case kStepPreStrike:
      pre_strike_actions(out);
      return;
    case kStepLand:
      land_actions(out);
      return;
    case kStepSwPlace:  // sw_placement.cc (WSR 11.4)
    case kStepSwLossPick:
      sw_actions(out);
      return;
    case kStepAirTarget:  // air.cc (WSR 11.3)
    case kStepAirFlak:
    case kStepAirDrift:
      air_actions(out);
      return;
    case kStepPlaceHq: {
      std::vector<int> hexes;
      hq_replacement_candidates(t.f, hexes);
      for (int h : hexes) out.push_back(Action(kPlaceHq, {h}));
      return;
    }
    default:
      return;
  }
}

void WsrState::apply(const Action& a, EventList* ev) {
  const size_t first_event = ev != nullptr ? ev->size() : 0;
  ++moves;
  // WSR 10.0: a roll or draw may be held in a fate window before it takes effect (fate.cc).
  if (!fate_intercept(a, ev)) dispatch(a, ev);
  carry_passengers();  // carrier.cc (WSR 5.2.4, A-38): passengers follow their carrier
  sw_loss_check();     // sw_placement.cc (WSR 11.4 option): rolls for eliminated platoons
  advance(ev);
  carry_passengers();
  if (ev == nullptr) return;
  // The rules word the events with ids; the log reads names (WsrGame::name_ids).
  for (size_t k = first_event; k < ev->size(); ++k) {
    Event& e = (*ev)[k];
    e.text = game_->name_ids(e.text, Lang::kEn);
    e.text_de = game_->name_ids(e.text_de, Lang::kDe);
    if (e.others) e.others = game_->name_ids(*e.others, Lang::kEn);
    if (e.others_de) e.others_de = game_->name_ids(*e.others_de, Lang::kDe);
  }
}

void WsrState::dispatch(const Action& a, EventList* ev) {
  // arrival.cc / special_rules.cc: enter, first activations, fire-move, ambush, and the B1 M18
  // firing out of its move or moving after fire-move.
  if (scenario_handles(a)) {
    apply_scenario_action(a, ev);
    return;
  }
  switch (a.verb) {
    case kDraw:
      apply_draw(a.arg(0), ev);
      break;
    case kRoll:
      if (!steps.empty() && top().kind == kStepChaosRoll) {  // chaos.cc (WSR 9.0)
        apply_chaos_roll(a.arg(0), a.arg(1), ev);
        break;
      }
      apply_roll(a.arg(0), a.arg(1), ev);
      break;
    case kChaosPick:  // chaos.cc (WSR 9.0)
      apply_chaos_pick(a.arg(0), ev);
      break;
    case kSelect:
      apply_select(a.arg(0), ev);
      break;
    case kMoveTo:
      apply_move(a.arg(0), ev);
      break;
    case kDrop:
      apply_drop(a.arg(0), ev);
      break;
    case kMount:
    case kDismount:
      apply_flip(a.arg(0), a.verb == kMount, ev);
      break;
    case kEndMove:
      apply_end_move(ev);
      break;
    case kLoad:  // carrier.cc (WSR 5.2.1, A-38)
      apply_load(a.arg(0), a.arg(1), ev);
      break;
    case kUnload:  // carrier.cc (WSR 5.2.2, A-38)
      apply_unload(a.arg(0), ev);
      break;
    case kExitMap:  // exit.cc (G-12)
      apply_exit_map(ev);
      break;
    case kPlaceSw:  // sw_placement.cc (WSR 11.4)
    case kNoSw:
    case kSwLoss:
      apply_sw_action(a, ev);
      break;
    case kEndImpulse:
      end_impulse(ev);
      break;
    case kPlaceHq: {
      const int f = top().f;
      pop();
      place_hq(f, a.arg(0), ev);
      hq_replacements(ev);  // the next formation's HQ, then the rest of the MRP
      break;
    }
    case kFire:
    case kOpFire:
      if (a.argc > 2 && a.arg(2) != 0) use_hq_support(a.arg(0), ev);     // assault.cc, A-02
      if (a.argc > 3 && a.arg(3) != 0) unit(a.arg(0)).flags |= kAaFire;  // WSR 11.1
      apply_fire(a.arg(0), a.arg(1), ev);
      break;
    case kNoOpFire:
      apply_no_opfire(ev);
      break;
    case kFireDice:
    case kOddHit:
      apply_fire_dice(a, ev);
      break;
    case kFireHex:
      apply_fire_hex(a.arg(0), a.arg(1), ev);
      break;
    case kPlace:  // setup.cc (WSR 2.0)
      apply_place(a.arg(0), a.arg(1), a.argc > 2 && a.arg(2) != 0, ev);
      break;
    case kAssign:  // setup.cc (WSR 1.3.4.1)
      apply_assign(a.arg(0), a.arg(1), ev);
      break;
    case kAutoSetup:
      apply_auto_setup(ev);
      break;
    case kPlaceIp:  // setup.cc (WSR 8.1)
      apply_place_ip(a.arg(0), ev);
      break;
    case kCall:  // artillery.cc (WSR 11.2)
      apply_call(a.arg(0), a.arg(1), a.arg(2), ev);
      break;
    case kAirTarget:  // air.cc (WSR 11.3)
    case kFlak:
    case kNoFlak:
    case kAirDrift:
      apply_air_action(a, ev);
      break;
    case kAssault:  // assault.cc, fortification.cc (WSR 6.3, 6.4, 8.2)
    case kOverrun:
    case kSupport:
    case kRetreat:
    case kPlaceMine:
    case kNoMine:
    case kClearMine:
      apply_assault_action(a, ev);
      break;
    default:
      break;
  }
}

std::string WsrState::why_illegal(const Action& a) const {
  return why_illegal_text(a).en;
}

Text WsrState::not_legal_now() const {
  const feldherr::Decision d = decision_with_ids();
  return {"not a legal action now: " + d.prompt, "jetzt nicht erlaubt: " + d.prompt_de};
}

// The rules word the refusal with ids; the player reads names (WsrGame::name_ids).
Text WsrState::why_illegal_text(const Action& a) const {
  return game_->name_ids(refusal_with_ids(a));
}

Text WsrState::refusal_with_ids(const Action& a) const {
  ActionList legal;
  legal_actions(legal);
  if (std::find(legal.begin(), legal.end(), a) != legal.end()) return {};
  if (phase == kOver) return {"the game is over", "das Spiel ist zu Ende"};
  const Step& t = top();
  const bool chance = step_spec(t.kind).seat == StepSeat::kChance;
  if (a.verb == kFate || t.kind == kStepFate) return fate_why_illegal(a);
  if (a.verb == kChaosPick || t.kind == kStepChaosPick) return chaos_why_illegal(a);
  if (t.kind == kStepDesignate || t.kind == kStepPreStrike || t.kind == kStepLand ||
      a.verb == kDesignate || a.verb == kPreStrike)
    return special_why_illegal(a);  // special_rules.cc (A5, A7)
  if (t.kind == kStepSetup || (a.verb >= kPlace && a.verb <= kAutoSetup) || a.verb == kPlaceIp)
    return setup_why_illegal(a);  // setup.cc (WSR 2.0)
  if (scenario_handles(a) || t.kind == kStepFirstActivation)
    return scenario_why_illegal(a);                 // arrival.cc
  if (a.verb == kCall) return call_why_illegal(a);  // artillery.cc (WSR 11.2)
  if ((a.verb >= kPlaceSw && a.verb <= kSwLoss) || (sw_step(t.kind) && !chance))
    return sw_why_illegal(a);  // sw_placement.cc (WSR 11.4)
  if (a.verb == kExitMap) {    // exit.cc (G-12)
    Text why;
    can_exit_map(&why);
    return why.en.empty() ? not_legal_now() : why;
  }
  if (a.verb == kLoad || a.verb == kUnload) {  // carrier.cc (WSR 5.2, A-38)
    Text why = carrier_why_illegal(a);
    return why.en.empty() ? not_legal_now() : why;
  }
  if (a.verb >= kAirTarget && a.verb <= kAirDrift) return air_why_illegal(a);  // air.cc
  if (air_step(t.kind) && !chance) return air_why_illegal(a);
  if (a.verb >= kFire) return fire_why_illegal(a);
  if (chance) {
    if (a.verb == kDraw && t.kind == kStepDraw)
      return {"that marker is not in the cup (WSR 3.1)",
              "dieser Marker ist nicht im Behältnis (WSR 3.1)"};
    if (a.verb == kRoll && t.kind != kStepDraw)
      return {"dice show 1-6, listed low die first",
              "Würfel zeigen 1-6, der niedrigere zuerst genannt"};
    const feldherr::Decision d = decision_with_ids();
    return {"Chance owes this decision: " + d.prompt,
            "diese Entscheidung trifft der Zufall: " + d.prompt_de};
  }
  Text why;
  const int u = a.argc > 0 ? a.arg(0) : -1;
  const bool unit_ok = u >= 0 && u < n_units;
  switch (a.verb) {
    case kSelect:
      if (!unit_ok) return {"no such unit", "keine solche Einheit"};
      if (t.kind == kStepMove) {
        can_join_group(u, &why);
      } else if (t.kind == kStepOperations) {
        can_start_move(u, &why);
      }
      break;
    case kMoveTo:
      if (t.kind != kStepMove)
        return {"select a unit first (WSR 5.0)", "zuerst eine Einheit auswählen (WSR 5.0)"};
      if (a.arg(0) >= game_->layout().size()) return {"no such hex", "kein solches Feld"};
      can_enter(a.arg(0), &why);
      break;
    case kDrop:
      if (t.kind != kStepMove)
        return {"no stack is moving (WSR 5.1)", "kein Stapel bewegt sich (WSR 5.1)"};
      if (!unit_ok) return {"no such unit", "keine solche Einheit"};
      can_drop(u, &why);
      break;
    case kMount:
    case kDismount:
      if (t.kind != kStepMove)
        return {"select the unit first (WSR 5.2)", "zuerst die Einheit auswählen (WSR 5.2)"};
      if (!unit_ok) return {"no such unit", "keine solche Einheit"};
      can_flip(u, a.verb == kMount, &why);
      break;
    case kEndMove:
      return in_enemy_hex()
                 ? Text{"the overrunning stack must first leave the enemy hex (WSR 6.4)",
                        "der überrennende Stapel muss zuerst das feindliche Feld verlassen "
                        "(WSR 6.4)"}
                 : Text{"no stack is moving (WSR 5.0)", "kein Stapel bewegt sich (WSR 5.0)"};
    case kEndImpulse:
      if (t.kind == kStepMove)
        return {"end the move first (end-move, WSR 5.0)",
                "zuerst die Bewegung beenden (end-move, WSR 5.0)"};
      break;
    case kPlaceHq:
      if (t.kind != kStepPlaceHq)
        return {"no HQ is being replaced now (WSR 1.3.2.3)",
                "gerade wird kein HQ ersetzt (WSR 1.3.2.3)"};
      return {
          "the HQ returns in the SHQ's hex or a hex with a unit of its type and formation "
          "(WSR 1.3.2.3)",
          "das HQ kehrt im Feld des SHQ oder in einem Feld mit einer Einheit seines Typs und "
          "seiner Formation zurück (WSR 1.3.2.3)"};
    default:
      break;
  }
  if (!why.en.empty()) return why;
  return not_legal_now();
}

Result WsrState::result() const {
  Result r = result_with_ids();
  r.reason = game_->name_ids(r.reason, Lang::kEn);
  r.reason_de = game_->name_ids(r.reason_de, Lang::kDe);
  r.headline = game_->name_ids(r.headline);
  return r;
}

Result WsrState::result_with_ids() const {
  if (game_->setup().scenario_data) return scenario_result();  // victory.cc (WSR 12.2)
  Result r;
  r.returns = {0.0, 0.0};
  r.summary = "draw";
  r.say_reason({"the last turn ended (turn " + std::to_string(game_->setup().turns) +
                    "); victory conditions belong to the scenario (WSR 12.1)",
                "die letzte Spielrunde ist zu Ende (Runde " + std::to_string(game_->setup().turns) +
                    "); die Siegbedingungen gibt das Szenario (WSR 12.1)"});
  r.headline = {"Draw.", "Unentschieden."};
  return r;
}

std::unique_ptr<State> WsrState::clone() const {
  return std::make_unique<WsrState>(*this);
}

// ---------------------------------------------------------------------------------------------
// Text forms

std::string WsrState::describe(const Action& a) const {
  auto unit_name = [&](int u) { return u < n_units ? unit_label(u) : "u" + std::to_string(u); };
  switch (a.verb) {
    case kDraw:
      if (a.arg(0) == kEndTurnMarker) return "draw end-turn";
      if (a.arg(0) == kChaosMarker) return "draw chaos";            // chaos.cc (WSR 9.0)
      if (a.arg(0) == kDesignatedMarker) return "draw designated";  // special_rules.cc (A5)
      if (a.arg(0) >= kAirMarker) return "draw " + air_label(a.arg(0) - kAirMarker);  // 11.3
      return "draw " + (a.arg(0) < game_->num_formations() ? game_->formation(a.arg(0)).data->id
                                                           : std::to_string(a.arg(0)));
    case kRoll:
      return "roll " + std::to_string(a.arg(0)) + " " + std::to_string(a.arg(1));
    case kSelect:
      return "select " + unit_name(a.arg(0));
    case kMoveTo:
      return "move " + hex_name(a.arg(0) < game_->layout().size() ? a.arg(0) : -1);
    case kDrop:
      return "drop " + unit_name(a.arg(0));
    case kMount:
      return "mount " + unit_name(a.arg(0));
    case kDismount:
      return "dismount " + unit_name(a.arg(0));
    case kLoad:  // carrier.cc
      return "load " + unit_name(a.arg(0)) + " " + unit_name(a.arg(1));
    case kUnload:
      return "unload " + unit_name(a.arg(0));
    case kEndMove:
      return "end-move";
    case kExitMap:  // exit.cc (G-12)
      return "exit";
    case kPlaceSw:  // sw_placement.cc (WSR 11.4)
    case kNoSw:
    case kSwLoss:
      return sw_describe(a);
    case kEndImpulse:
      return "end-impulse";
    case kPlaceHq:
      return "place-hq " + hex_name(a.arg(0) < game_->layout().size() ? a.arg(0) : -1);
    case kFire:
    case kOpFire: {
      // A-02 "with-hq"; WSR 11.1 "aa" (the AA firepower); both: "aa-with-hq".
      const bool hq = a.argc > 2 && a.arg(2) != 0, aa = a.argc > 3 && a.arg(3) != 0;
      return std::string(a.verb == kFire ? "fire " : "opfire ") + unit_name(a.arg(0)) + " " +
             unit_name(a.arg(1)) +
             (aa   ? (hq ? " aa-with-hq" : " aa")
              : hq ? " with-hq"
                   : "");
    }
    case kNoOpFire:
      return "no-opfire";
    case kFireHex:  // "opfire" in an opportunity-fire window
      return std::string(!steps.empty() && top().kind == kStepHexEntered ? "opfire " : "fire ") +
             unit_name(a.arg(0)) + " " +
             hex_name(a.arg(1) < game_->layout().size() ? a.arg(1) : -1);
    case kOddHit:
      return "odd-hit " + unit_name(a.arg(0));
    case kAssault:  // assault.cc, fortification.cc
    case kOverrun:
    case kSupport:
    case kRetreat:
    case kPlaceMine:
    case kNoMine:
    case kClearMine:
      return assault_describe(a);
    case kFireDice: {
      std::string s = "roll";
      for (int d : FireDiceOf(a)) s += " " + std::to_string(d);
      return s;
    }
    case kFate:
      return fate_describe(a);
    case kPlace:
    case kAssign:
    case kAutoSetup:
    case kPlaceIp:
      return setup_describe(a);  // setup.cc (WSR 2.0, 8.1)
    case kEnter:
    case kFirstActivation:
    case kDecline:
    case kFireMove:
    case kAmbush:
    case kBlowBridge:
    case kDesignate:
    case kPreStrike:
      return scenario_describe(a);  // arrival.cc
    case kChaosPick:                // chaos.cc (WSR 9.0)
      return "chaos-pick " + unit_name(a.arg(0));
    case kCall:  // artillery.cc (WSR 11.2)
      return "call " + unit_name(a.arg(0)) + " " +
             hex_name(a.arg(1) < game_->layout().size() ? a.arg(1) : -1) + " " +
             (a.arg(0) < n_units ? strike_name(side_of(a.arg(0)), a.arg(2)) : "?");
    case kAirTarget:  // air.cc (WSR 11.3)
    case kFlak:
    case kNoFlak:
    case kAirDrift:
      return air_describe(a);
    default:
      return "?";
  }
}

// The English names the layout's exact reason (geometry/hex_map.h); the German says the same
// in three cases: no hex id at all, an id that needs its sheet letter, a hex off this map.
bool WsrState::parse_hex_arg(const std::string& s, int* hex, Text& error) const {
  std::string why;
  *hex = game_->layout().TryIndex(s, &why);
  if (*hex >= 0) return true;
  HexId id;
  if (!HexId::TryParse(s, &id))
    error = {why, fmt::format("'{}' ist kein Hexfeld (Form 'A-K08', 'K08' oder 'K8')", s)};
  else if (id.sheet == 0 && game_->layout().slots().size() > 1)
    error = {why, fmt::format("Hexfeld '{}' braucht den Buchstaben seines Kartenblatts (z. B. "
                              "'{}-{}')",
                              s, game_->layout().slots()[0].sheet, id.ToString())};
  else
    error = {why, fmt::format("Hexfeld '{}' liegt nicht im Spielbereich dieses Szenarios", s)};
  return false;
}

bool WsrState::parse_unit_arg(const std::string& s, int* unit, Text& error) const {
  *unit = game_->unit_by_label(s);
  if (*unit < 0) error = say("no unit labelled '{}'", "keine Einheit '{}'", s);
  return *unit >= 0;
}

bool WsrState::parse_text(std::string_view text, Action& out, Text& error) const {
  error = {};  // the readers below say why only where none has yet
  std::istringstream in{std::string(text)};
  std::vector<std::string> w;
  for (std::string s; in >> s;) w.push_back(s);
  if (w.empty()) {
    error = {"empty action", "leere Aktion"};
    return false;
  }
  auto hex_arg = [&](const std::string& s, int* h) { return parse_hex_arg(s, h, error); };
  auto unit_arg = [&](const std::string& s, int* u) { return parse_unit_arg(s, u, error); };
  const std::string& v = w[0];
  int x = 0;
  if (v == "draw" && w.size() == 2) {
    if (w[1] == "end-turn") {
      out = Action(kDraw, {kEndTurnMarker});
      return true;
    }
    if (w[1] == "chaos") {  // chaos.cc (WSR 9.0)
      out = Action(kDraw, {kChaosMarker});
      return true;
    }
    if (w[1] == "designated") {  // special_rules.cc (A5)
      out = Action(kDraw, {kDesignatedMarker});
      return true;
    }
    x = game_->formation_index(w[1]);
    for (int k = 0; x < 0 && k < static_cast<int>(game_->setup().air.size()); ++k)
      if (air_label(k) == w[1]) {  // air.cc (WSR 11.3): an aircraft
        out = Action(kDraw, {kAirMarker + k});
        return true;
      }
    if (x < 0) {
      error = say("no formation '{}' in this game", "keine Formation '{}' in dieser Partie", w[1]);
      return false;
    }
    out = Action(kDraw, {x});
    return true;
  }
  if (v == "roll" && !steps.empty() && fire_chance()) {  // the dice of a fire (WSR 6.1)
    std::vector<int> dice;
    for (size_t k = 1; k < w.size(); ++k) {
      const int d = (w[k].size() == 1 && w[k][0] >= '1' && w[k][0] <= '6') ? w[k][0] - '0' : 0;
      if (d == 0 || dice.size() >= 15) {
        error = {"dice show 1-6", "Würfel zeigen 1-6"};
        return false;
      }
      dice.push_back(d);
    }
    out = FireDiceAction(dice);
    return true;
  }
  if ((v == "fire" || v == "opfire") && w.size() == 3 &&
      game_->unit_by_label(w[2]) < 0) {  // mortar at a hex (6.1; A-12 opportunity fire)
    int h = 0;
    if (!unit_arg(w[1], &x) || !hex_arg(w[2], &h)) return false;
    out = Action(kFireHex, {x, h});
    return true;
  }
  if (v == "odd-hit" && w.size() == 2) {
    if (!unit_arg(w[1], &x)) return false;
    out = Action(kOddHit, {x});
    return true;
  }
  if ((v == "fire" || v == "opfire") &&
      (w.size() == 3 ||
       (w.size() == 4 && (w[3] == "with-hq" || w[3] == "aa" || w[3] == "aa-with-hq")))) {
    int t = 0;
    if (!unit_arg(w[1], &x) || !unit_arg(w[2], &t)) return false;
    const int verb = v == "fire" ? kFire : kOpFire;
    const bool hq = w.size() == 4 && w[3] != "aa";
    const bool aa = w.size() == 4 && w[3].rfind("aa", 0) == 0;  // WSR 11.1
    out = aa   ? Action(verb, {x, t, hq ? 1 : 0, 1})
          : hq ? Action(verb, {x, t, 1})
               : Action(verb, {x, t});
    return true;
  }
  if (v == "call" && w.size() == 4) {  // artillery.cc (WSR 11.2)
    int h = 0;
    if (!unit_arg(w[1], &x) || !hex_arg(w[2], &h)) return false;
    const int side = side_of(x);
    for (int k = 0;
         k < static_cast<int>(game_->setup().artillery[static_cast<size_t>(side)].size()); ++k)
      if (strike_name(side, k) == w[3]) {
        out = Action(kCall, {x, h, k});
        return true;
      }
    const SideWords& words = SideWordsOf(*game_, side);
    error =
        say("no artillery strike '{0}' for {1} (he-FT: firepower F, to-hit T; smoke; WSR 11.2)",
            "kein Artillerieschlag '{0}' für {2} (he-FT: Feuerkraft F, Treffsicherheit T; smoke; "
            "WSR 11.2)",
            w[3], words.en, words.de);
    return false;
  }
  if ((v == "air-target" || v == "air-drift") && w.size() == 2) {  // air.cc (WSR 11.3)
    if (!hex_arg(w[1], &x)) return false;
    out = Action(v == "air-target" ? kAirTarget : kAirDrift, {x});
    return true;
  }
  if (v == "flak" && w.size() == 2) {  // air.cc (WSR 11.3.1)
    if (!unit_arg(w[1], &x)) return false;
    out = Action(kFlak, {x});
    return true;
  }
  if (v == "no-flak" && w.size() == 1) {
    out = Action(kNoFlak, {});
    return true;
  }
  if (v == "no-fate" && w.size() == 1) {  // WSR 10.0
    out = Action(kFate, {kFatePass});
    return true;
  }
  if (v == "fate" && w.size() >= 2) {  // WSR 10.0: fate reroll|raise N|lower N|command|...
    const std::pair<const char*, FateUse> uses[] = {
        {"reroll", kFateReroll},   {"raise", kFateRaise},   {"lower", kFateLower},
        {"command", kFateCommand}, {"redraw", kFateRedraw}, {"ops", kFateOps}};
    for (const auto& [name, use] : uses) {
      if (w[1] != name) continue;
      const bool face = use == kFateRaise || use == kFateLower;
      if (face || use == kFateOps) {
        if (w.size() != 3) break;
        if (use == kFateOps) {
          if (!unit_arg(w[2], &x)) return false;
        } else {
          x = (w[2].size() == 1 && w[2][0] >= '1' && w[2][0] <= '6') ? w[2][0] - '0' : 0;
          if (x == 0) {
            error = {"fate raise/lower takes the face of a die, 1-6",
                     "fate raise/lower braucht ein Würfelauge, 1-6"};
            return false;
          }
        }
        out = Action(kFate, {use, x});
        return true;
      }
      if (w.size() != 2) break;
      out = Action(kFate, {use});
      return true;
    }
    error = {
        "fate reroll | fate raise <face> | fate lower <face> | fate command | fate redraw | "
        "fate ops <unit> | no-fate (WSR 10.0)",
        "fate reroll | fate raise <Augen> | fate lower <Augen> | fate command | fate redraw | "
        "fate ops <Einheit> | no-fate (WSR 10.0)"};
    return false;
  }
  if (v == "no-opfire" && w.size() == 1) {
    out = Action(kNoOpFire, {});
    return true;
  }
  if (v == "roll" && w.size() == 3) {
    int a = 0, b = 0;
    try {
      a = std::stoi(w[1]);
      b = std::stoi(w[2]);
    } catch (...) {
      error = {"roll needs two dice 1-6", "roll braucht zwei Würfel 1-6"};
      return false;
    }
    if (a < 1 || a > 6 || b < 1 || b > 6) {
      error = {"dice show 1-6", "Würfel zeigen 1-6"};
      return false;
    }
    if (a > b) std::swap(a, b);
    out = Action(kRoll, {a, b});
    return true;
  }
  if (v == "move" && (w.size() == 2 || w.size() == 3)) {
    // "move A-K09", or "move A-K08 A-K09" naming the hex the stack is in.
    if (!hex_arg(w.back(), &x)) return false;
    if (w.size() == 3) {
      int from = 0;
      if (!hex_arg(w[1], &from)) return false;
      if (n_group == 0 || unit(group[0]).hex != from) {
        error = say("no stack is moving from {}", "von {} bewegt sich kein Stapel", w[1]);
        return false;
      }
    }
    out = Action(kMoveTo, {x});
    return true;
  }
  if (v == "place-hq" && w.size() == 2) {
    if (!hex_arg(w[1], &x)) return false;
    out = Action(kPlaceHq, {x});
    return true;
  }
  const std::pair<const char*, Verb> unit_verbs[] = {
      {"select", kSelect},
      {"drop", kDrop},
      {"mount", kMount},
      {"dismount", kDismount},
      {"unload", kUnload}};  // unload: carrier.cc
  for (const auto& [name, verb] : unit_verbs) {
    if (v == name && w.size() == 2) {
      if (!unit_arg(w[1], &x)) return false;
      out = Action(verb, {x});
      return true;
    }
  }
  if (v == "load" && w.size() == 3) {  // carrier.cc (WSR 5.2.1, A-38)
    int c = 0;
    if (!unit_arg(w[1], &x) || !unit_arg(w[2], &c)) return false;
    out = Action(kLoad, {x, c});
    return true;
  }
  if (v == "exit" && w.size() == 1) {  // exit.cc (G-12)
    out = Action(kExitMap, {});
    return true;
  }
  if (v == "end-move" && w.size() == 1) {
    out = Action(kEndMove, {});
    return true;
  }
  if (v == "end-impulse" && w.size() == 1) {
    out = Action(kEndImpulse, {});
    return true;
  }
  if (v == "chaos-pick" && w.size() == 2) {  // chaos.cc (WSR 9.0)
    if (!unit_arg(w[1], &x)) return false;
    out = Action(kChaosPick, {x});
    return true;
  }
  if (assault_parse(w, out, error)) return true;  // assault.cc, fortification.cc
  if (!error.en.empty()) return false;
  if (const int r = setup_parse(w, out, error); r != 0) return r > 0;     // setup.cc (WSR 2.0)
  if (const int r = scenario_parse(w, out, error); r != 0) return r > 0;  // arrival.cc
  if (const int r = sw_parse(w, out, error); r != 0) return r > 0;        // sw_placement.cc (11.4)
  if (auto mismatch = verb_mismatch(game_->verbs(), text)) {  // no verb, or a wrong count
    error = *mismatch;
    return false;
  }
  error = say("'{}' is not an action at this point of the game",
              "'{}' ist an dieser Stelle der Partie keine Aktion", clip_text(text, 60));
  return false;
}

// ---------------------------------------------------------------------------------------------
// JSON, hash, determinization

json WsrState::to_json() const {
  json j;
  j["phase"] = phase;
  j["turn"] = turn;
  j["active_formation"] = active_f;
  j["end_turn_drawn"] = end_turn_drawn;
  j["cup_end_turn"] = cup_end_turn;
  j["held_end_turn"] = held_end_turn;
  j["hold_until"] = hold_until;
  j["in_turn"] = in_turn;
  j["moves"] = moves;
  j["group_origin"] = group_origin;
  j["group_steps"] = group_steps;
  json cupj = json::array(), act = json::array();
  for (int f = 0; f < game_->num_formations(); ++f) {
    cupj.push_back(cup[static_cast<size_t>(f)]);
    act.push_back(activated[static_cast<size_t>(f)]);
  }
  j["cup"] = cupj;
  j["activated"] = act;
  json g = json::array();
  for (int k = 0; k < n_group; ++k) g.push_back(group[static_cast<size_t>(k)]);
  j["group"] = g;
  json us = json::array();
  for (int u = 0; u < n_units; ++u) {
    us.push_back({unit(u).hex, unit(u).start_hex, unit(u).flags, unit(u).mp_spent, unit(u).sw});
    if (loaded(u)) us.back().push_back(unit(u).carrier);  // carrier.cc: only when loaded
  }
  j["units"] = us;
  json st = json::array();
  for (const Step& s : steps) st.push_back({s.kind, s.f, s.a});
  j["steps"] = st;
  json c = json::array();
  for (int i = 0; i < game_->layout().size(); ++i) c.push_back(control[static_cast<size_t>(i)]);
  j["control"] = c;
  j["fate"] = {fate_points, fate_verb, fate_args, fate_last, fate_passed};
  j["scenario"] = scenario_to_json();  // arrival.cc
  j["assault"] = assault_to_json();    // assault.cc, fortification.cc
  j["chaos"] = chaos_to_json();        // chaos.cc (WSR 9.0)
  // artillery.cc (WSR 11.2): only in games with artillery or smoke, so that the states of games
  // without them keep their JSON and hash.
  if (!artillery_default()) j["artillery"] = artillery_to_json();
  if (!air_default()) j["air"] = air_to_json();                      // air.cc (WSR 11.3): likewise
  if (game_->opts().sw_on_first_fire) j["sw"] = {sw_out, inf_lost};  // WSR 11.4 option
  return j;
}

uint64_t WsrState::hash() const {
  Hasher h;
  h.add(phase).add_signed(turn).add_signed(active_f).add(end_turn_drawn).add(cup_end_turn);
  h.add(held_end_turn[0]).add(held_end_turn[1]).add(hold_until[0]).add(hold_until[1]);
  h.add(in_turn).add_signed(moves).add_signed(group_origin).add(group_steps);
  for (int f = 0; f < game_->num_formations(); ++f)
    h.add(cup[static_cast<size_t>(f)]).add(activated[static_cast<size_t>(f)]);
  h.add(n_group);
  for (int k = 0; k < n_group; ++k) h.add_signed(group[static_cast<size_t>(k)]);
  for (int u = 0; u < n_units; ++u) {
    const Unit& x = unit(u);
    h.add((static_cast<uint64_t>(static_cast<uint16_t>(x.hex)) << 48) |
          (static_cast<uint64_t>(static_cast<uint16_t>(x.start_hex)) << 32) |
          (static_cast<uint64_t>(x.sw) << 24) | (static_cast<uint64_t>(x.flags) << 8) | x.mp_spent);
    if (x.carrier >= 0) h.add(static_cast<uint64_t>(u) << 8 | static_cast<uint8_t>(x.carrier));
  }
  h.add(static_cast<uint64_t>(steps.size()));
  for (const Step& s : steps) {
    h.add((static_cast<uint64_t>(s.kind) << 32) |
          (static_cast<uint64_t>(static_cast<uint8_t>(s.f)) << 16) | static_cast<uint16_t>(s.a));
  }
  // Control packed 8 hexes per word.
  const int n = game_->layout().size();
  for (int i = 0; i < n; i += 8) {
    uint64_t w = 0;
    for (int k = 0; k < 8 && i + k < n; ++k)
      w |= static_cast<uint64_t>(control[static_cast<size_t>(i + k)]) << (8 * k);
    h.add(w);
  }
  h.add(fate_points[0]).add(fate_points[1]).add(fate_verb).add(fate_args[0]).add(fate_args[1]);
  h.add_signed(fate_last).add(fate_passed);
  h.add(scenario_digest());                             // arrival.cc
  if (exited_count() > 0) h.add(exits_digest());        // exit.cc (G-12)
  h.add(assault_digest());                              // assault.cc, fortification.cc
  h.add(chaos_digest());                                // chaos.cc (WSR 9.0)
  if (!artillery_default()) h.add(artillery_digest());  // artillery.cc (WSR 11.2)
  if (!air_default()) h.add(air_digest());              // air.cc (WSR 11.3)
  if (game_->opts().sw_on_first_fire)                   // sw_placement.cc (WSR 11.4 option)
    h.add(sw_out).add(inf_lost[0]).add(inf_lost[1]);
  return h.value();
}

// observe(): observation.cc. WSR has no hidden information: the cup's contents are public
// (counts), only the draw order is unknown, and draws are chance decisions; so the
// determinization is the state itself.
std::unique_ptr<State> WsrState::determinize(int seat, Rng& rng) const {
  (void)seat;
  (void)rng;
  return clone();
}

// render_text: games/wsr/render.cc

}  // namespace feldherr::wsr
