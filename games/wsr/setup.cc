// White Star Rising: the setup phase of a scenario game (WSR 2.0), support weapon assignment
// (WSR 1.3.4.1) and the scenario's setup requirements, as decisions in the state before the
// first draw (docs/wsr-play.md).
//
// The side named `setup_first` places all its setup units first, then the other side. A side
// places its next unplaced unit (fixed order: the scenario's forces and counters in file order,
// counts expanded) with `place <unit> <hex>` into its force's setup zone, then assigns each of
// its support weapons (also those of forces arriving later) with `assign <sw> <platoon>` to an
// infantry-type platoon of the same force. `auto-setup` does the rest of the side's setup
// deterministically. After both sides: start_play() (sequence.cc) fills the cup.
#include <algorithm>
#include <string>

#include "games/wsr/emit.h"       // last: defines Emit and Fail
#include "games/wsr/los_cache.h"  // perf: WsrFastPaths
#include "games/wsr/scenario.h"
#include "games/wsr/side_words.h"
#include "games/wsr/state.h"

namespace feldherr::wsr {

namespace {

const Scenario* ScenarioOf(const WsrState& s) {
  return s.wgame().setup().scenario_data.get();
}

int ForceOf(const WsrState& s, int u) {
  return s.wgame().setup().units[static_cast<size_t>(u)].force;
}

// The setup zone of a unit set up in the setup phase (force arriving kSetup), else null
// (WsrGame::setup_zone, looked up once per game).
const Zone* SetupZoneOf(const WsrState& s, int u) {
  return s.wgame().setup_zone(u);
}

// A platoon loaded in a carrier (scenario `loaded`, A-38) is not placed itself: it rides along.
bool IsSetupUnit(const WsrState& s, int u) {
  return s.has(u, kOffMap) && !s.loaded(u) && SetupZoneOf(s, u) != nullptr;
}

int SetupFirstSeat(const WsrState& s) {
  const Scenario* sc = ScenarioOf(s);
  if (sc == nullptr) return 0;
  const int seat = s.wgame().seat_index(sc->setup_first);
  return seat < 0 ? 0 : seat;
}

int SwHolder(const WsrState& s, int k) {
  for (int u = 0; u < s.n_units; ++u)
    if (s.unit(u).sw == k + 1) return u;
  return -1;
}

// Units of `side` on the map in zone z.
int UnitsIn(const WsrState& s, const Zone& z, int side) {
  int n = 0;
  for (int u = 0; u < s.n_units; ++u)
    if (s.on_map(u) && s.side_of(u) == side && z.Contains(s.unit(u).hex)) ++n;
  return n;
}

}  // namespace

// WSR 1.3.2 [Text] "An HQ must always be in a hex containing at least one unit of its own
// formation": an HQ or SHQ is set up after the other units of its force (file order otherwise),
// into a hex already holding a non-HQ unit of its formation (can_place).
int WsrState::setup_next_unit(int side) const {
  int first = -1;
  for (int u = 0; u < n_units && first < 0; ++u)
    if (side_of(u) == side && IsSetupUnit(*this, u)) first = u;
  if (first < 0 || !info(first).hq) return first;
  for (int u = first + 1; u < n_units; ++u)
    if (side_of(u) == side && !info(u).hq && IsSetupUnit(*this, u) &&
        ForceOf(*this, u) == ForceOf(*this, first))
      return u;
  return first;
}

// WSR 1.3.2: a non-HQ unit of u's formation (A-05: attached units count) in `hex`.
bool WsrState::formation_unit_in(int u, int hex) const {
  for (int v = 0; v < n_units; ++v)
    if (v != u && unit(v).hex == hex && !info(v).hq && info(v).formation == info(u).formation)
      return true;
  return false;
}

int WsrState::setup_next_sw(int side) const {
  if (game_->opts().sw_on_first_fire) return -1;  // WSR 11.4: placed on first fire instead
  for (int k = 0; k < game_->num_sws(); ++k) {
    const WsrGame::SwInfo& si = game_->sw_info(k);
    if (si.side == side && si.force >= 0 && SwHolder(*this, k) < 0) return k;
  }
  return -1;
}

// WSR 8.1 (WSR-A2 [Rec] "placed during the setup"): a side's improved positions are placed after
// its units and support weapons. Only one side of a scenario places IPs (the builder checks), so
// those still to place are its count less the IP markers on the map beyond the fixed ones.
int WsrState::setup_ips_left(int side) const {
  const Scenario* sc = ScenarioOf(*this);
  if (sc == nullptr || side < 0 || static_cast<size_t>(side) >= sc->sides.size()) return 0;
  const int own = sc->sides[static_cast<size_t>(side)].improved_positions;
  if (own <= 0) return 0;
  int on_map = 0;
  for (int h = 0; h < game_->layout().size(); ++h)
    on_map += (control[static_cast<size_t>(h)] & kIpBit) != 0 ? 1 : 0;
  const int fixed = static_cast<int>(game_->setup().improved_positions.size());
  return std::max(0, own - (on_map - fixed));
}

// [Decision] an IP goes into a hex where the side could set up (its forces' setup zones; A2
// [Rec] "in any hexes" of its area), occupied or not (so A5 `ip-unoccupied` needs nothing), not
// into a hex with an IP already, nor into terrain the scenario forbids (A5
// `ip-forbidden-terrain`), nor into impassable terrain.
bool WsrState::can_place_ip(int hex, Text* why) const {
  if (steps.empty() || top().kind != kStepSetup)
    return Fail(why,
                Text{"the setup phase is over (WSR 2.0)", "der Spielaufbau ist vorbei (WSR 2.0)"});
  const int side = top().a;
  if (setup_next_unit(side) >= 0 || setup_next_sw(side) >= 0)
    return Fail(why,
                Text{"improved positions are placed after the side's units and support weapons "
                     "(WSR 8.1, 2.0)",
                     "Schützengräben werden nach den Einheiten und Unterstützungswaffen der Seite "
                     "platziert (WSR 8.1, 2.0)"});
  if (setup_ips_left(side) <= 0)
    return Fail(why, Text{Capital(SideWordsOf(*game_, side).en) +
                              " have no improved position left to place (WSR 8.1)",
                          Capital(SideWordsOf(*game_, side).de) +
                              " haben keinen Schützengraben mehr zu platzieren (WSR 8.1)"});
  if (hex < 0 || hex >= game_->layout().size())
    return Fail(why, Text{"no such hex", "kein solches Feld"});
  if ((control[static_cast<size_t>(hex)] & kIpBit) != 0)
    return Fail(why,
                Text{hex_name(hex) + " has an improved position already (WSR 8.1)",
                     std::string(hex_name(hex)) + " hat bereits einen Schützengraben (WSR 8.1)"});
  const Scenario* sc = ScenarioOf(*this);
  bool zone = false;
  for (const Force& f : sc->forces) {
    if (f.arrival != ArrivalKind::kSetup || game_->seat_index(sc->SideOf(f.formation)) != side)
      continue;
    if (const Zone* z = sc->FindZone(f.zone); z != nullptr && z->Contains(hex)) zone = true;
  }
  if (!zone)
    return Fail(why, Text{hex_name(hex) + " is not in a setup zone of " +
                              SideWordsOf(*game_, side).en + " (WSR 8.1, 2.0)",
                          std::string(hex_name(hex)) + " liegt in keiner Aufstellungszone " +
                              SideWordsOf(*game_, side).de_gen + " (WSR 8.1, 2.0)"});
  const Terrain t = game_->terrain(hex);
  if (!game_->data().terrain[t].playable || game_->data().terrain[t].move_soft == kImpassable)
    return Fail(why, Text{hex_name(hex) + " is impassable (WSR 8.1)",
                          std::string(hex_name(hex)) + " ist unpassierbar (WSR 8.1)"});
  if (const SpecialRule* r = sc->FindRule("ip-forbidden-terrain"))
    if (r->Str("terrain") == TerrainId(t))
      return Fail(why, Text{"no improved position in " + std::string(TerrainId(t)) + " hexes (" +
                                r->text.en + ")",
                            std::string("kein Schützengraben in Feldern mit ") +
                                std::string(TerrainId(t)) + " (" + r->text.in(Lang::kDe) + ")"});
  return true;
}

void WsrState::apply_place_ip(int hex, EventList* ev) {
  const int side = top().a;
  control[static_cast<size_t>(hex)] |= kIpBit;
  Emit(ev, "WSR 8.1",
       Text{"An improved position is placed in " + hex_name(hex) + ".",
            std::string("Ein Schützengraben wird in ") + hex_name(hex) + " platziert."},
       side);
  next_setup_step(ev);
}

bool WsrState::begin_setup(EventList* ev) {
  if (ScenarioOf(*this) == nullptr) return false;
  bool work = false;
  for (int side = 0; side < 2; ++side)
    work =
        work || setup_next_unit(side) >= 0 || setup_next_sw(side) >= 0 || setup_ips_left(side) > 0;
  if (!work) return false;
  // WSR 2.0: the markers go into the cup after the counters are placed (start_play).
  cup.fill(0);
  cup_end_turn = 0;
  in_turn = 0;
  const int first = SetupFirstSeat(*this);
  Emit(ev, "WSR 2.0",
       Text{"Setup: " + SideWordsOf(*game_, first).en + " set up first (" +
                ScenarioOf(*this)->code + ").",
            "Spielaufbau: " + Capital(SideWordsOf(*game_, first).de) + " stellen zuerst auf (" +
                ScenarioOf(*this)->code + ")."},
       first);
  push(kStepSetup, 0, first);
  next_setup_step(ev);
  push_dd_rolls();  // special_rules.cc: A7 dd-tanks, rolled before anybody sets up
  return true;
}

void WsrState::next_setup_step(EventList* ev) {
  for (;;) {
    const int side = top().a;
    if (setup_next_unit(side) >= 0 || setup_next_sw(side) >= 0 || setup_ips_left(side) > 0)
      return;  // still deciding
    pop();
    Emit(ev, "WSR 2.0",
         Text{Capital(SideWordsOf(*game_, side).en) + " have set up.",
              Capital(SideWordsOf(*game_, side).de) + " haben ihre Aufstellung beendet."},
         side);
    if (side == SetupFirstSeat(*this)) {
      push(kStepSetup, 0, 1 - side);  // WSR 2.0: then the other side
      continue;
    }
    start_play(ev);  // sequence.cc: markers into the cup, first activations, first draw
    return;
  }
}

bool WsrState::can_place(int u, int hex, bool flip, Text* why) const {
  return can_place(u, hex, flip, why, nullptr);
}

void WsrState::setup_scan(int side, SetupScan& scan) const {
  const size_t n = static_cast<size_t>(game_->layout().size());
  scan.next = setup_next_unit(side);
  scan.enemy.assign(n, 0);
  scan.combat.assign(n, 0);
  scan.hq.assign(n, 0);
  scan.own.assign(n, 0);
  const int u = scan.next;
  for (int v = 0; v < n_units; ++v) {
    const int h = unit(v).hex;
    if (h < 0) continue;
    const size_t k = static_cast<size_t>(h);
    if (side_of(v) != side) {
      scan.enemy[k] = 1;
      continue;
    }
    if (info(v).hq) {
      scan.hq[k] = 1;
    } else {
      ++scan.combat[k];
    }
    // formation_unit_in asks of every unit, of either side
  }
  if (u >= 0)
    for (int v = 0; v < n_units; ++v)
      if (v != u && unit(v).hex >= 0 && !info(v).hq && info(v).formation == info(u).formation)
        scan.own[static_cast<size_t>(unit(v).hex)] = 1;
  scan.zone.assign(n, 0);
  scan.hq_possible = false;
  if (u >= 0) {
    if (const Zone* z = SetupZoneOf(*this, u)) {
      for (int h : z->hexes) scan.zone[static_cast<size_t>(h)] = 1;
      scan.hq_possible = info(u).hq && hq_possible(u, side, *z);
    }
  }
  // The setup requirements: what does not depend on the candidate hex.
  const Scenario* sc = ScenarioOf(*this);
  const size_t nr = sc != nullptr ? sc->setup_requirements.size() : 0;
  scan.req_units.assign(nr, 0);
  scan.req_combat.assign(nr, 0);
  scan.req_hqs.assign(nr, 0);
  for (size_t r = 0; r < nr; ++r) {
    const SetupRequirement& req = sc->setup_requirements[r];
    if (game_->seat_index(req.side) != side) continue;
    const Zone* rz = sc->FindZone(req.zone);
    if (rz == nullptr) continue;
    scan.req_units[r] = UnitsIn(*this, *rz, side);
    setup_reachers(u, side, *rz, scan.req_combat[r], scan.req_hqs[r]);
  }
}

// The side's unplaced setup units other than u whose setup zone reaches into zone rz: combat
// units and HQs (the room check of the setup requirements).
void WsrState::setup_reachers(int u, int side, const Zone& rz, int& combat, int& hqs) const {
  combat = hqs = 0;
  for (int v = 0; v < n_units; ++v) {
    if (v == u || side_of(v) != side || !IsSetupUnit(*this, v)) continue;
    const Zone* vz = SetupZoneOf(*this, v);
    bool reach = false;
    for (int h : rz.hexes) reach = reach || vz->Contains(h);
    if (reach) ++(info(v).hq ? hqs : combat);
  }
}

// perf: "some hex of zone z holds a unit of u's formation and no HQ of the side", found from the
// units (the same as looping the zone hexes with formation_unit_in, without its cost).
bool WsrState::hq_possible(int u, int side, const Zone& z) const {
  for (int v = 0; v < n_units; ++v) {
    const int vh = unit(v).hex;
    if (v != u && vh >= 0 && !info(v).hq && info(v).formation == info(u).formation &&
        z.Contains(vh) && !hq_in(vh, side))
      return true;
  }
  return false;
}

// `scan` (only without `why`): setup_scan of the side setting up, for its next unit.
bool WsrState::can_place(int u, int hex, bool flip, Text* why, const SetupScan* scan) const {
  auto no = [&](Text text) {
    if (why) *why = std::move(text);
    return false;
  };
  // perf: the refusal text is built only when the caller asks why (#undef at the end).
#define no(...) (why ? no(__VA_ARGS__) : false)
  if (steps.empty() || top().kind != kStepSetup)
    return no(Text{"the setup phase is over (WSR 2.0)", "der Spielaufbau ist vorbei (WSR 2.0)"});
  if (u < 0 || u >= n_units) return no(Text{"no such unit", "keine solche Einheit"});
  if (hex < 0 || hex >= game_->layout().size()) return no(Text{"no such hex", "kein solches Feld"});
  const int side = top().a;
  if (side_of(u) != side)
    return no(Text{unit_label(u) + " is not a unit of " + SideWordsOf(*game_, side).en +
                       ", who are setting up (WSR 2.0)",
                   std::string(unit_label(u)) + " ist keine Einheit " +
                       SideWordsOf(*game_, side).de_gen + ", die gerade aufstellen (WSR 2.0)"});
  if (loaded(u))
    return no(Text{unit_label(u) + " rides in " + unit_label(carrier_of(u)) +
                       " and is placed with it (WSR 5.2, A-38)",
                   std::string(unit_label(u)) + " fährt in " + unit_label(carrier_of(u)) +
                       " und wird mit ihm aufgestellt (WSR 5.2, A-38)"});
  const Zone* z = SetupZoneOf(*this, u);
  if (z == nullptr || !has(u, kOffMap))
    return no(Text{
        unit_label(u) + " is not set up now (already placed, or it arrives later; WSR 2.0)",
        std::string(unit_label(u)) +
            " wird jetzt nicht aufgestellt (bereits platziert, oder sie kommt später; WSR 2.0)"});
  const int next = scan != nullptr ? scan->next : setup_next_unit(side);
  if (u != next)
    return no(
        Text{"units are set up in the scenario's order: next is " + unit_label(next) + " (WSR 2.0)",
             std::string(
                 "Einheiten werden in der Reihenfolge des Szenarios aufgestellt: als Nächstes ") +
                 unit_label(next) + " (WSR 2.0)"});
  if (scan != nullptr ? scan->zone[static_cast<size_t>(hex)] == 0 : !z->Contains(hex))
    return no(Text{"WSR 2.0: " + hex_name(hex) + " is not in the setup zone of " + unit_label(u) +
                       " (" + z->text.en + ")",
                   std::string("WSR 2.0: ") + hex_name(hex) +
                       " liegt nicht in der Aufstellungszone von " + unit_label(u) + " (" +
                       z->text.in(Lang::kDe) + ")"});
  // The face it is set up on (WSR 5.2): the scenario's, or the other one of a transport counter.
  const bool mounted = has(u, kMounted) != flip;
  if (flip) {
    if (!info(u).counter->transport)
      return no(Text{
          "WSR 5.2: " + unit_label(u) + " has no mounted face to choose",
          std::string("WSR 5.2: ") + unit_label(u) + " hat keine aufgesessene Seite zur Wahl"});
    if (const Text r = special_flip_refusal(u, mounted); !r.en.empty()) return no(r);
  }
  const bool hard =
      info(u).counter->face_for(mounted, has(u, kReduced)).target_class() == TargetClass::kHard;
  const TerrainType& tt = game_->data().terrain[game_->terrain(hex)];
  if (!tt.playable || tt.move_cost(hard) == kImpassable)
    return no(Text{"WSR 2.0, 5.0: " + hex_name(hex) + " (" + tt.id + ") cannot hold " +
                       unit_label(u) + ": impassable terrain",
                   std::string("WSR 2.0, 5.0: ") + hex_name(hex) + " (" + tt.id + ") kann " +
                       unit_label(u) + " nicht aufnehmen: unpassierbares Gelände"});
  if (scan != nullptr ? scan->enemy[static_cast<size_t>(hex)] != 0 : enemy_in(hex, side))
    return no(
        Text{"WSR 1.4, 2.0: " + hex_name(hex) + " holds enemy units",
             std::string("WSR 1.4, 2.0: ") + hex_name(hex) + " enthält feindliche Einheiten"});
  if (info(u).hq) {
    if (scan != nullptr ? scan->hq[static_cast<size_t>(hex)] != 0 : hq_in(hex, side))
      return no(Text{
          "WSR 1.3.2, 1.4 (A-03): only one HQ/SHQ per hex; " + hex_name(hex) + " already holds one",
          std::string("WSR 1.3.2, 1.4 (A-03): nur ein HQ/SHQ pro Feld; ") + hex_name(hex) +
              " enthält bereits eines"});
    // WSR 1.3.2 [Text]: an HQ must always be with a unit of its own formation. (Only if the
    // zone holds no such hex at all -- not the case in the shipped scenarios -- is it free.)
    if (scan != nullptr ? scan->own[static_cast<size_t>(hex)] == 0 : !formation_unit_in(u, hex)) {
      // perf: "some zone hex holds a unit of the formation and no HQ", found from the units
      // (the same as looping the zone hexes with formation_unit_in, without its cost).
      bool possible = false;
      if (scan != nullptr)
        possible = scan->hq_possible;
      else if (!WsrFastPaths())  // the reference computation (perf_equivalence_test)
        for (int h : z->hexes) possible = possible || (formation_unit_in(u, h) && !hq_in(h, side));
      else
        possible = hq_possible(u, side, *z);
      if (possible)
        return no(Text{
            "WSR 1.3.2: an HQ must always be in a hex with a unit of its own formation; " +
                hex_name(hex) + " holds none of " + game_->formation(info(u).formation).data->id,
            std::string("WSR 1.3.2: ein HQ muss immer in einem Feld mit einer Einheit seiner "
                        "eigenen Formation sein; ") +
                hex_name(hex) + " enthält keine von " +
                game_->formation(info(u).formation).data->id});
    }
  } else if ((scan != nullptr ? scan->combat[static_cast<size_t>(hex)]
                              : combat_units_in(hex, side)) +
                 1 + passengers_of(u) >
             kStackLimit) {
    // WSR 1.4: a carrier and the platoon it carries are two counters
    return no(Text{"WSR 1.4: at most 2 combat units per hex; " + hex_name(hex) + " is full",
                   std::string("WSR 1.4: höchstens 2 Kampfeinheiten pro Feld; ") + hex_name(hex) +
                       " ist voll"});
  }
  // The scenario's setup requirements: refuse a placement after which the requirement can no
  // longer be met by the side's remaining setup units (free room counted per hex, WSR 1.4).
  const Scenario* sc = ScenarioOf(*this);
  for (const SetupRequirement& r : sc->setup_requirements) {
    if (game_->seat_index(r.side) != side) continue;
    const Zone* rz = sc->FindZone(r.zone);
    if (rz == nullptr) continue;
    const size_t ri = static_cast<size_t>(&r - sc->setup_requirements.data());
    const int units_rz = scan != nullptr ? scan->req_units[ri] : UnitsIn(*this, *rz, side);
    const int inside = units_rz + (rz->Contains(hex) ? 1 : 0);
    if (r.at_most >= 0 && inside > r.at_most)
      return no(Text{sc->code + " setup requirement (WSR 2.0): " + r.text.en + " -- " +
                         hex_name(hex) + " would be one too many",
                     std::string("Aufstellungsvorgabe von ") + sc->code + " (WSR 2.0): " +
                         r.text.in(Lang::kDe) + " -- " + hex_name(hex) + " wäre eines zu viel"});
    if (r.count <= inside) continue;
    // Room left in the requirement zone for the side's other unplaced setup units.
    int combat = 0, hqs = 0;
    if (scan != nullptr) {
      combat = scan->req_combat[ri];
      hqs = scan->req_hqs[ri];
    } else {
      setup_reachers(u, side, *rz, combat, hqs);
    }
    int combat_room = 0, hq_room = 0;
    for (int h : rz->hexes) {
      const size_t k = static_cast<size_t>(h);
      if (scan != nullptr ? scan->enemy[k] != 0 : enemy_in(h, side)) continue;
      const bool here = h == hex;
      const int combat_h = scan != nullptr ? scan->combat[k] : combat_units_in(h, side);
      const bool hq_h = scan != nullptr ? scan->hq[k] != 0 : hq_in(h, side);
      combat_room += std::max(0, kStackLimit - combat_h - (here && !info(u).hq ? 1 : 0));
      hq_room += (hq_h || (here && info(u).hq)) ? 0 : 1;
    }
    // WSR 1.3.2: an HQ can count only next to a (non-HQ) unit in the zone, placed or to come.
    const int units_in = units_rz + (rz->Contains(hex) && !info(u).hq ? 1 : 0);
    const bool hq_can = std::min(combat, combat_room) > 0 || units_in > 0;
    const int possible = std::min(combat, combat_room) + (hq_can ? std::min(hqs, hq_room) : 0);
    if (inside + possible < r.count)
      return no(Text{sc->code + " setup requirement (WSR 2.0): " + r.text.en +
                         " -- after placing " + unit_label(u) + " in " + hex_name(hex) +
                         " the remaining units could no longer meet it",
                     std::string("Aufstellungsvorgabe von ") + sc->code +
                         " (WSR 2.0): " + r.text.in(Lang::kDe) + " -- nachdem " + unit_label(u) +
                         " in " + hex_name(hex) +
                         " platziert ist, könnten die übrigen Einheiten sie nicht mehr erfüllen"});
  }
  return true;
#undef no
}

bool WsrState::can_assign(int k, int u, Text* why) const {
  auto no = [&](Text text) {
    if (why) *why = std::move(text);
    return false;
  };
  // perf: the refusal text is built only when the caller asks why (#undef at the end).
#define no(...) (why ? no(__VA_ARGS__) : false)
  if (steps.empty() || top().kind != kStepSetup)
    return no(
        Text{"the setup phase is over (WSR 1.3.4.1)", "der Spielaufbau ist vorbei (WSR 1.3.4.1)"});
  if (k < 0 || k >= game_->num_sws())
    return no(Text{"no such support weapon", "keine solche Unterstützungswaffe"});
  if (u < 0 || u >= n_units) return no(Text{"no such unit", "keine solche Einheit"});
  const int side = top().a;
  const WsrGame::SwInfo& si = game_->sw_info(k);
  if (si.side != side)
    return no(Text{si.label + " does not belong to the side setting up",
                   std::string(si.label) + " gehört nicht zur aufstellenden Seite"});
  if (setup_next_unit(side) >= 0)
    return no(
        Text{"WSR 1.3.4.1: support weapons are assigned after the side's units are placed; next "
             "place " +
                 unit_label(setup_next_unit(side)),
             std::string("WSR 1.3.4.1: Unterstützungswaffen werden zugewiesen, nachdem die "
                         "Einheiten der Seite platziert sind; als Nächstes ") +
                 unit_label(setup_next_unit(side)) + " platzieren"});
  const int next = setup_next_sw(side);
  if (k != next)
    return no(Text{SwHolder(*this, k) >= 0
                       ? si.label + " is already assigned (WSR 1.3.4.1: no transfers)"
                       : "support weapons are assigned in the scenario's order: next is " +
                             game_->sw_info(next).label + " (WSR 1.3.4.1)",
                   SwHolder(*this, k) >= 0
                       ? si.label + " ist bereits zugewiesen (WSR 1.3.4.1: keine Weitergabe)"
                       : "Unterstützungswaffen werden in der Reihenfolge des Szenarios zugewiesen: "
                         "als Nächstes " +
                             game_->sw_info(next).label + " (WSR 1.3.4.1)"});
  if (!info(u).counter->infantry_type())
    return no(
        Text{"WSR 1.3.4.1: only infantry-type platoons (infantry, paratroopers, engineers, mech "
             "infantry) hold support weapons; " +
                 unit_label(u) + " is not one",
             std::string("WSR 1.3.4.1: nur Züge vom Typ Infanterie (Infanterie, Fallschirmjäger, "
                         "Pioniere, mechanisierte Infanterie) tragen Unterstützungswaffen; ") +
                 unit_label(u) + " gehört nicht dazu"});
  if (ForceOf(*this, u) != si.force)
    return no(
        Text{"WSR 1.3.4.1: " + si.label + " goes to a platoon of its own force (" +
                 game_->formation(si.formation).data->id + "); " + unit_label(u) + " is not in it",
             std::string("WSR 1.3.4.1: ") + si.label + " geht an einen Zug ihrer eigenen Truppe (" +
                 game_->formation(si.formation).data->id + "); " + unit_label(u) +
                 " gehört nicht dazu"});
  if (has(u, kGone))
    return no(
        Text{unit_label(u) + " is eliminated", std::string(unit_label(u)) + " ist eliminiert"});
  if (unit(u).sw != 0)
    return no(Text{"WSR 1.3.4.1: " + unit_label(u) + " already holds " + sw(u)->id +
                       " (one support weapon per platoon)",
                   std::string("WSR 1.3.4.1: ") + unit_label(u) + " hat bereits " + sw(u)->id +
                       " (eine Unterstützungswaffe pro Zug)"});
  return true;
#undef no
}

void WsrState::setup_actions(ActionList& out) const {
  const int side = top().a;
  const int u = setup_next_unit(side);
  if (u >= 0) {
    // Transport counters may be set up on either face (the scenarios' "mounted" stand-in).
    const int faces = info(u).counter->transport ? 2 : 1;
    // perf: who stands where, once for all candidate hexes (the reference: per hex).
    SetupScan scan;
    const SetupScan* sp = nullptr;
    if (WsrFastPaths()) {
      setup_scan(side, scan);
      sp = &scan;
    }
    if (const Zone* z = SetupZoneOf(*this, u))
      for (int flip = 0; flip < faces; ++flip)
        for (int h : z->hexes)
          if (can_place(u, h, flip != 0, nullptr, sp)) out.push_back(Action(kPlace, {u, h, flip}));
  } else if (const int k = setup_next_sw(side); k >= 0) {
    for (int v = 0; v < n_units; ++v)
      if (can_assign(k, v, nullptr)) out.push_back(Action(kAssign, {k, v}));
  } else if (setup_ips_left(side) > 0) {  // WSR 8.1
    for (int h = 0; h < game_->layout().size(); ++h)
      if (can_place_ip(h, nullptr)) out.push_back(Action(kPlaceIp, {h}));
  }
  out.push_back(Action(kAutoSetup, {}));
}

void WsrState::apply_place(int u, int hex, bool flip, EventList* ev) {
  Unit& x = unit(u);
  if (flip) x.flags ^= kMounted;  // WSR 5.2: set up on the other face
  x.hex = static_cast<int16_t>(hex);
  x.start_hex = x.hex;
  x.flags &= static_cast<uint16_t>(~kOffMap);
  uint8_t& c = control[static_cast<size_t>(hex)];  // WSR 12.2: an occupied hex is controlled
  c = static_cast<uint8_t>((c & ~3) | (side_of(u) + 1));
  Emit(ev, "WSR 2.0",
       Text{unit_label(u) + " is set up in " + hex_name(hex) +
                (info(u).counter->transport ? (has(u, kMounted) ? ", mounted." : ", dismounted.")
                                            : "."),
            std::string(unit_label(u)) + " wird in " + hex_name(hex) + " aufgestellt" +
                ((info(u).counter->transport
                      ? (has(u, kMounted) ? ", aufgesessen." : ", abgesessen.")
                      : "."))},
       side_of(u));
  next_setup_step(ev);
}

void WsrState::apply_assign(int k, int u, EventList* ev) {
  unit(u).sw = static_cast<uint8_t>(k + 1);
  Emit(ev, "WSR 1.3.4.1",
       Text{game_->sw_info(k).label + " is assigned to " + unit_label(u) + ".",
            std::string(game_->sw_info(k).label) + " wird " + unit_label(u) + " zugewiesen."},
       side_of(u));
  next_setup_step(ev);
}

// Deterministic setup of the rest of the side: each unit in order goes to the legal hex with
// the best score -- a hex of an unmet setup requirement first; then, for a combat unit, a hex
// from which a path leads to an objective (WsrGame::objective_steps); then near the formation's
// HQ (command, WSR 4.2) or, for the HQ, near the nearest objective; then near the objectives;
// then the better defence for the unit's target class; then the lowest hex index. Nearness is
// the straight line, as fire reaches (WSR 6.1). Support weapons go to the first eligible
// platoon, dismounted ones first (A-10: a mounted platoon's SW does not fire).
void WsrState::apply_auto_setup(EventList* ev) {
  const int side = top().a;
  const Scenario* sc = ScenarioOf(*this);
  const HexLayout& L = game_->layout();
  const std::vector<int>& obj = game_->objectives();
  auto obj_dist = [&](int h) {
    int d = 0;
    for (size_t k = 0; k < obj.size(); ++k) {
      const int x = L.Distance(h, obj[k]);
      d = k == 0 ? x : std::min(d, x);
    }
    return d;
  };
  int placed = 0, assigned = 0;
  for (int u = setup_next_unit(side); u >= 0; u = setup_next_unit(side)) {
    const Zone* z = SetupZoneOf(*this, u);
    const FormationInfo& fi = game_->formation(info(u).formation);
    const int hq_hex = fi.hq >= 0 && fi.hq != u && on_map(fi.hq) ? unit(fi.hq).hex : kNoHex;
    const bool hard = hard_target(u);
    std::vector<const Zone*> needs;  // requirement zones still short of units
    for (const SetupRequirement& r : sc->setup_requirements)
      if (game_->seat_index(r.side) == side)
        if (const Zone* rz = sc->FindZone(r.zone); rz && UnitsIn(*this, *rz, side) < r.count)
          needs.push_back(rz);
    SetupScan scan;
    const SetupScan* sp = nullptr;
    if (WsrFastPaths()) {  // perf, as in setup_actions
      setup_scan(side, scan);
      sp = &scan;
    }
    int best = kNoHex;
    long best_score = 0;
    for (int h : z->hexes) {
      if (!can_place(u, h, false, nullptr, sp)) continue;
      long score = 0;
      for (const Zone* rz : needs)
        if (rz->Contains(h)) score -= 100000;
      // WSR 2.0: every hex of the setup zone is legal, but a combat unit (WSR 1.4) is not set up
      // where no path leads to an objective (a strip of the zone cut off by impassable terrain:
      // Bieville's land north of the Vire) while the zone has another hex for it.
      if (!obj.empty() && !info(u).hq && game_->objective_steps(h, hard) >= WsrGame::kNoPath)
        score += 50000;
      score += 100L * (hq_hex >= 0 ? L.Distance(h, hq_hex) : obj_dist(h));
      // WSR 1.3.2: HQs come last and go to a hex of their formation (can_place); among those
      // the one with the most formation units within its command range (WSR 4.2).
      if (info(u).hq) score -= 10000L * units_in_command_range(u, h);
      score += 10L * obj_dist(h);
      score -= game_->data().terrain[game_->terrain(h)].defence(hard);
      if (best == kNoHex || score < best_score) best = h, best_score = score;
    }
    if (best == kNoHex) {  // no room left in the zone (not reached with the shipped data)
      unit(u).flags = static_cast<uint16_t>((unit(u).flags & ~kOffMap) | kGone | kPermanent);
      Emit(ev, "WSR 2.0",
           Text{unit_label(u) + " finds no room in its setup zone and is left out.",
                std::string(unit_label(u)) +
                    " findet keinen Platz in seiner Aufstellungszone und bleibt draußen."},
           side);
      continue;
    }
    Unit& x = unit(u);
    x.hex = static_cast<int16_t>(best);
    x.start_hex = x.hex;
    x.flags &= static_cast<uint16_t>(~kOffMap);
    carry_passengers();  // a loaded platoon stands in the hex before the next placement
    uint8_t& c = control[static_cast<size_t>(best)];
    c = static_cast<uint8_t>((c & ~3) | (side + 1));
    ++placed;
  }
  for (int k = setup_next_sw(side); k >= 0; k = setup_next_sw(side)) {
    int pick = -1;
    for (int pass = 0; pass < 2 && pick < 0; ++pass)
      for (int v = 0; v < n_units && pick < 0; ++v)
        if ((pass == 1 || !has(v, kMounted)) && can_assign(k, v, nullptr)) pick = v;
    if (pick < 0) {  // not reached: the builder checks SWs <= platoons per force
      Emit(ev, "WSR 1.3.4.1",
           Text{game_->sw_info(k).label + " has no platoon to hold it.",
                std::string(game_->sw_info(k).label) + " hat keinen Zug, der sie trägt."},
           side);
      break;
    }
    unit(pick).sw = static_cast<uint8_t>(k + 1);
    ++assigned;
  }
  // WSR 8.1: improved positions on the side's units (lowest unit first), then the first hexes
  // of its zones.
  int ips = 0;
  for (int pass = 0; pass < 2 && setup_ips_left(side) > 0; ++pass) {
    if (pass == 0) {
      for (int v = 0; v < n_units && setup_ips_left(side) > 0; ++v)
        if (on_map(v) && side_of(v) == side && !info(v).hq && can_place_ip(unit(v).hex, nullptr)) {
          control[static_cast<size_t>(unit(v).hex)] |= kIpBit;
          ++ips;
        }
    } else {
      for (int h = 0; h < L.size() && setup_ips_left(side) > 0; ++h)
        if (can_place_ip(h, nullptr)) {
          control[static_cast<size_t>(h)] |= kIpBit;
          ++ips;
        }
    }
  }
  Emit(ev, "WSR 2.0",
       Text{Capital(SideWordsOf(*game_, side).en) +
                " set up automatically: " + std::to_string(placed) + " units placed, " +
                std::to_string(assigned) + " support weapons assigned" +
                (ips > 0 ? ", " + std::to_string(ips) + " improved positions placed." : "."),
            Capital(SideWordsOf(*game_, side).de) +
                " stellen automatisch auf: " + std::to_string(placed) + " Einheiten platziert, " +
                std::to_string(assigned) + " Unterstützungswaffen zugewiesen" +
                ((ips > 0 ? ", " + std::to_string(ips) + " Schützengräben platziert." : "."))},
       side);
  // An unassignable SW would leave the step undecidable: give up on the side's remaining SWs.
  if (setup_next_unit(side) < 0 && (setup_next_sw(side) >= 0 || setup_ips_left(side) > 0)) {
    pop();
    if (side == SetupFirstSeat(*this)) {
      push(kStepSetup, 0, 1 - side);
      next_setup_step(ev);
    } else {
      start_play(ev);
    }
    return;
  }
  next_setup_step(ev);
}

Text WsrState::setup_why_illegal(const Action& a) const {
  if (steps.empty() || top().kind != kStepSetup)
    return {"the setup phase is over (WSR 2.0)", "der Spielaufbau ist vorbei (WSR 2.0)"};
  Text why;
  if (a.verb == kPlace && a.argc >= 2) {
    if (!can_place(a.arg(0), a.arg(1), a.argc > 2 && a.arg(2) != 0, &why)) return why;
  } else if (a.verb == kAssign && a.argc >= 2) {
    if (!can_assign(a.arg(0), a.arg(1), &why)) return why;
  } else if (a.verb == kPlaceIp && a.argc >= 1) {
    if (!can_place_ip(a.arg(0), &why)) return why;
  } else if (a.verb == kAutoSetup) {
    return {};
  }
  if (!why.en.empty()) return why;
  const Text prompt = setup_prompt();
  return {"the setup phase is in progress (WSR 2.0): " + prompt.en,
          "der Spielaufbau läuft (WSR 2.0): " + prompt.de};
}

Text WsrState::setup_prompt() const {
  const int side = top().a;
  const SideWords side_words = SideWordsOf(*game_, side);
  const std::string who = Capital(side_words.en);              // "The Americans set up: ..."
  const std::string wer = "Aufstellung " + side_words.de_gen;  // "Aufstellung der Amerikaner: ..."
  if (const int u = setup_next_unit(side); u >= 0) {
    const Zone* z = SetupZoneOf(*this, u);
    return {who + " set up: place " + unit_label(u) + " in its setup zone (" + z->text.en +
                "), or set up the rest automatically (WSR 2.0).",
            wer + ": " + unit_label(u) + " in der Aufstellungszone (" + z->text.in(Lang::kDe) +
                ") aufstellen, oder den Rest automatisch aufstellen (WSR 2.0)."};
  }
  if (const int k = setup_next_sw(side); k >= 0)
    return {who + " assign " + game_->sw_info(k).label +
                " to an infantry-type platoon of their force, or set up the rest automatically "
                "(WSR 1.3.4.1).",
            wer + ": " + game_->sw_info(k).label +
                " einem Zug vom Typ Infanterie der eigenen Truppe zuweisen, oder den Rest "
                "automatisch aufstellen (WSR 1.3.4.1)."};
  if (const int n = setup_ips_left(side); n > 0)
    return {who + " place " + std::to_string(n) + " more improved position" + (n == 1 ? "" : "s") +
                ", or set up the rest automatically (WSR 8.1).",
            wer + ": noch " + std::to_string(n) + (n == 1 ? " Schützengraben" : " Schützengräben") +
                " platzieren, oder den Rest automatisch aufstellen (WSR 8.1)."};
  return {who + " have set up (WSR 2.0).",
          Capital(side_words.de) + " haben ihre Aufstellung beendet (WSR 2.0)."};
}

std::string WsrState::setup_describe(const Action& a) const {
  auto unit_name = [&](int u) {
    return u >= 0 && u < n_units ? unit_label(u) : "u" + std::to_string(u);
  };
  switch (a.verb) {
    case kPlace: {
      std::string t = "place " + unit_name(a.arg(0)) + " " +
                      hex_name(a.arg(1) < game_->layout().size() ? a.arg(1) : -1);
      if (a.argc > 2 && a.arg(2) != 0 && a.arg(0) < n_units)  // the face it is set up on
        t += has(a.arg(0), kMounted) ? " dismounted" : " mounted";
      return t;
    }
    case kAssign:
      return "assign " +
             (a.arg(0) < game_->num_sws() ? game_->sw_info(a.arg(0)).label
                                          : "sw" + std::to_string(a.arg(0))) +
             " " + unit_name(a.arg(1));
    case kAutoSetup:
      return "auto-setup";
    case kPlaceIp:
      return "place-ip " + hex_name(a.arg(0) < game_->layout().size() ? a.arg(0) : -1);
    default:
      return "?";
  }
}

int WsrState::setup_parse(const std::vector<std::string>& w, Action& out, Text& error) const {
  const std::string& v = w[0];
  if (v == "auto-setup" && w.size() == 1) {
    out = Action(kAutoSetup, {});
    return 1;
  }
  if (v == "place" && w.size() >= 2 && w.size() <= 4) {
    // "place <unit> <hex> [mounted|dismounted]", or "place <hex> [...]" for the next unit of
    // the side setting up.
    std::vector<std::string> x = w;
    int face = -1;  // -1: as it is; 0: dismounted; 1: mounted
    if (x.back() == "mounted" || x.back() == "dismounted") {
      face = x.back() == "mounted" ? 1 : 0;
      x.pop_back();
    }
    if (x.size() < 2 || x.size() > 3) {
      error = {"place <unit> <hex> [mounted|dismounted]",
               "place <Einheit> <Hexfeld> [mounted|dismounted]"};
      return -1;
    }
    int u = -1;
    if (x.size() == 3) {
      if (!parse_unit_arg(x[1], &u, error)) return -1;
    } else {
      if (steps.empty() || top().kind != kStepSetup || setup_next_unit(top().a) < 0) {
        error = {"no unit is waiting to be set up (WSR 2.0)",
                 "keine Einheit wartet auf ihre Aufstellung (WSR 2.0)"};
        return -1;
      }
      u = setup_next_unit(top().a);
    }
    int h = 0;
    if (!parse_hex_arg(x.back(), &h, error)) return -1;
    const int flip = face >= 0 && (face == 1) != has(u, kMounted) ? 1 : 0;
    out = Action(kPlace, {u, h, flip});
    return 1;
  }
  if (v == "place-ip" && w.size() == 2) {  // WSR 8.1
    int h = 0;
    if (!parse_hex_arg(w[1], &h, error)) return -1;
    out = Action(kPlaceIp, {h});
    return 1;
  }
  if (v == "assign" && w.size() == 3) {
    const int k = game_->sw_by_label(w[1]);
    if (k < 0) {
      error = say("no support weapon labelled '{}'", "keine Unterstützungswaffe '{}'", w[1]);
      return -1;
    }
    int u = 0;
    if (!parse_unit_arg(w[2], &u, error)) return -1;
    out = Action(kAssign, {k, u});
    return 1;
  }
  return 0;
}

}  // namespace feldherr::wsr
