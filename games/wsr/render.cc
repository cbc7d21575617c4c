// White Star Rising: the terminal board (WsrState::render_text; docs/wsr-play.md "The board").
// A header (scenario, turn, the cup, fate points, the decision), a hex map of the playable area
// (one text line per half row, 3 characters per hex), then every occupied hex with its units
// and their state, the objectives with their controller, and the units off the map.
#include <algorithm>
#include <map>
#include <sstream>

#include "games/wsr/scenario.h"
#include "games/wsr/special_rules.h"
#include "games/wsr/state.h"

namespace feldherr::wsr {

namespace {

char SideLetter(const std::string& side) {
  if (side == "uk") return 'K';
  return side.empty() ? '?' : static_cast<char>(std::toupper(static_cast<unsigned char>(side[0])));
}

}  // namespace

std::string WsrState::render_text(int seat) const {
  (void)seat;  // no hidden information (WSR): everyone sees the same board
  std::ostringstream o;
  const WsrGame& g = *game_;
  const auto& seats = g.seats();
  const HexLayout& L = g.layout();
  const Scenario* sc = g.setup().scenario_data.get();
  const bool setup = !steps.empty() && top().kind == kStepSetup;

  // --- Header ---
  if (sc != nullptr) o << sc->code << " " << sc->title << "  ";
  o << "Turn " << turn << "/" << g.setup().turns;
  if (phase == kOver) o << " (game over)";
  if (setup) o << " (setup, WSR 2.0)";
  o << "\nCup:";
  int shown = 0;
  for (int f = 0; f < g.num_formations(); ++f)
    if (cup[static_cast<size_t>(f)] > 0) {
      o << (shown ? ", " : " ") << g.formation(f).data->id << " x"
        << int(cup[static_cast<size_t>(f)]);
      ++shown;
    }
  o << (shown ? "," : "") << " end-turn x" << int(cup_end_turn) << " (drawn " << int(end_turn_drawn)
    << ")";
  if (chaos_cup > 0) o << ", chaos x" << int(chaos_cup);                 // chaos.cc (WSR 9.0)
  if (designated_cup > 0) o << ", designated x" << int(designated_cup);  // A5 (special_rules.cc)
  if (n_chaos > 0) o << "; " << int(n_chaos) << " chaos result(s) stored (9.0)";
  for (int s = 0; s < 2; ++s)
    if (held_end_turn[static_cast<size_t>(s)] > 0)
      o << "; " << seats[static_cast<size_t>(s)] << " holds "
        << int(held_end_turn[static_cast<size_t>(s)]) << " end-turn (3.2.1)";
  o << "\nFate points:";
  for (int s = 0; s < 2; ++s)
    o << " " << seats[static_cast<size_t>(s)] << " " << int(fate_points[static_cast<size_t>(s)]);
  // Artillery (WSR 11.2): the strikes left, the Barrage and smoke markers.
  bool support = false;
  for (const auto& kinds : g.setup().artillery) support = support || !kinds.empty();
  if (support) {
    o << "\nArtillery (11.2):";
    for (size_t s = 0; s < 2; ++s) {
      o << " " << seats[s];
      if (g.setup().artillery[s].empty()) o << " none";
      for (size_t k = 0; k < g.setup().artillery[s].size(); ++k)
        o << " " << strike_name(static_cast<int>(s), static_cast<int>(k)) << " x"
          << int(strikes_left[s][k]);
      if (s == 0) o << ";";
    }
  }
  if (strike.hex != kNoHex && strike.landed) o << "\nBarrage marker: " << hex_name(strike.hex);
  if (!g.setup().air.empty()) {  // air.cc (WSR 11.3): where each aircraft is
    o << "\nAircraft (11.3):";
    for (size_t k = 0; k < g.setup().air.size(); ++k) {
      const int ki = static_cast<int>(k);
      o << (k ? "; " : " ") << seats[static_cast<size_t>(air_side(ki))] << " " << air_label(ki)
        << " " << AirPlaceName(air[k]);
      if (air[k] == kAirWaiting && air_entry_turn(ki) > 0)
        o << " (turn " << air_entry_turn(ki) << ")";
      else if (air[k] == kAirWaiting)
        o << " (air-trigger)";  // special_rules.cc: A4, not yet triggered
      if (sortie.k == ki && sortie.hex != kNoHex)
        o << " over " << hex_name(sortie.hex) << ", " << int(sortie.aa_hits) << " AA hit(s)";
    }
  }
  if (n_smoke > 0) {
    o << "\nSmoke (11.2.2):";
    for (int k = 0; k < n_smoke; ++k)
      o << " " << hex_name(smoke_hex[static_cast<size_t>(k)]) << " Smoke "
        << int(smoke_level[static_cast<size_t>(k)]);
  }
  // G-12 (exit.cc): where each side leaves the map for its victory conditions, and how many
  // of its units have left.
  const std::vector<std::pair<std::string, std::string>> exits =
      sc != nullptr ? ExitZones(*sc) : std::vector<std::pair<std::string, std::string>>{};
  if (!exits.empty()) {
    o << "\nExits (G-12):";
    const char* sep = " ";
    for (size_t s = 0; s < 2; ++s) {
      std::string zones;
      for (const auto& [side, zone] : exits)
        if (side == seats[s]) zones += (zones.empty() ? "" : ", ") + zone;
      if (zones.empty()) continue;
      int n = 0;
      for (int u = 0; u < n_units; ++u) n += has(u, kExited) && side_of(u) == int(s) ? 1 : 0;
      o << sep << seats[s] << " from " << zones << " (marked >), " << n << " exited";
      sep = "; ";
    }
  }
  // A6 boundary-line (special_rules.cc BoundaryMask): the red line and whom it bounds.
  const Zone* boundary = nullptr;
  if (sc != nullptr)
    for (const SpecialRule& r : sc->special_rules)
      if (r.id == "boundary-line" && (boundary = sc->FindZone(r.Str("zone"))) != nullptr)
        o << "\nBoundary (WSR-A6): red line marked - (may be entered, not crossed): "
          << r.Str("south_formation") << " stays on or south of it, " << r.Str("north_formation")
          << " on or north of it";
  if (active_f >= 0) o << "\nActive formation: " << g.formation(active_f).data->id;
  if (phase != kOver && !steps.empty()) o << "\nNow: " << decision().prompt;
  o << "\n";

  // During the setup: the zone of the next unit to place (marked '+').
  const Zone* zone = nullptr;
  if (setup && sc != nullptr) {
    const int u = setup_next_unit(top().a);
    if (u >= 0) {
      const int f = g.setup().units[static_cast<size_t>(u)].force;
      zone = sc->FindZone(sc->forces[static_cast<size_t>(f)].zone);
    }
  }
  // --- Map: one line per half row; 3 characters per hex. ---
  std::vector<int> count(static_cast<size_t>(L.size()), 0);
  std::vector<int> side_at(static_cast<size_t>(L.size()), -1);
  std::vector<bool> bad(static_cast<size_t>(L.size()), false);
  for (int u = 0; u < n_units; ++u) {
    if (!on_map(u)) continue;
    const size_t h = static_cast<size_t>(unit(u).hex);
    ++count[h];
    side_at[h] = side_of(u);
    if (has(u, kDisrupted)) bad[h] = true;
  }
  std::vector<bool> objective(static_cast<size_t>(L.size()), false);
  for (int h : g.objectives()) objective[static_cast<size_t>(h)] = true;
  // A12 only-bridges-intact: the sheets' bridges the scenario destroyed (now river hexes).
  std::vector<bool> destroyed(static_cast<size_t>(L.size()), false);
  bool any_destroyed = false;
  for (int i = 0; i < L.size(); ++i) {
    const SheetHex* sh = g.data().sheet(L.id(i).sheet).Find(L.id(i));
    if (sh != nullptr &&
        DestroyedBridge(g.setup(), i, ScenarioTerrain(g.setup(), g.data().terrain, sh->terrain)))
      destroyed[static_cast<size_t>(i)] = any_destroyed = true;
  }
  // A4 blow-the-bridge: the bridge blown in play.
  const bool blown = bridge == kBridgeBlown && hook_bridge_hex() != kNoHex;
  if (blown) destroyed[static_cast<size_t>(hook_bridge_hex())] = true;
  int cmin = 1 << 20, cmax = -(1 << 20), ymin = 1 << 20, ymax = -(1 << 20);
  for (int i = 0; i < L.size(); ++i) {
    const HexCoord c = L.coord(i);
    cmin = std::min(cmin, c.c), cmax = std::max(cmax, c.c);
    ymin = std::min(ymin, c.y), ymax = std::max(ymax, c.y);
  }
  // Column letters (with the sheet at each sheet's first column).
  o << "\n      ";
  for (int c = cmin; c <= cmax; ++c) {
    int any = -1;
    for (int y = ymin; y <= ymax && any < 0; ++y) any = L.Find(HexCoord{c, y});
    const std::string name = any >= 0 ? L.Name(any) : "?-?";
    o << " " << (name.size() > 2 ? name[2] : '?') << " ";
  }
  o << "\n";
  for (int y = ymin; y <= ymax; ++y) {
    std::string line;
    std::string label = "   ";
    for (int c = cmin; c <= cmax; ++c) {
      const int i = L.Find(HexCoord{c, y});
      if (i < 0) {
        line += "   ";
        continue;
      }
      const std::string name = L.Name(i);
      if (label == "   ") label = name.substr(0, 1) + name.substr(name.size() - 2);
      const size_t k = static_cast<size_t>(i);
      char a = ' ', b = g.data().terrain[g.terrain(i)].token, d = ' ';
      if (count[k] > 0) {
        a = SideLetter(seats[static_cast<size_t>(side_at[k])]);
        b = static_cast<char>('0' + std::min(count[k], 9));
        if (bad[k]) d = '!';
      }
      if (objective[k]) d = d == '!' ? '!' : '*';
      if (d == ' ' && smoke_at(i) > 0) d = 's';                   // WSR 11.2.2
      if (d == ' ' && strike.hex == i && strike.landed) d = 'B';  // WSR 11.2.1
      if (d == ' ' && sortie.k >= 0 && sortie.hex == i) d = 'A';  // WSR 11.3: the aircraft
      if (d == ' ' && zone != nullptr && zone->Contains(i)) d = '+';
      // G-12: an exit hex (also over '*': exit zones count for the victory conditions too)
      if ((d == ' ' || d == '*') && (g.exit_hex(0, i) || g.exit_hex(1, i))) d = '>';
      if (d == ' ' && boundary != nullptr && boundary->Contains(i)) d = '-';  // WSR-A6
      // WSR-A12, A4: a destroyed bridge, also over '*' (an objective nobody can hold now).
      if ((d == ' ' || d == '*') && destroyed[k]) d = 'x';
      line += {a, b, d};
    }
    while (!line.empty() && line.back() == ' ') line.pop_back();
    o << label << "   " << line << "\n";
  }
  // Key: the terrain tokens present, then the markers.
  std::vector<bool> seen(kNumTerrains, false);
  o << "Key:";
  for (int i = 0; i < L.size(); ++i) {
    const size_t t = static_cast<size_t>(g.terrain(i));
    if (seen[t]) continue;
    seen[t] = true;
    const TerrainType& tt = g.data().terrain[g.terrain(i)];
    o << " " << tt.token << " " << tt.id << ",";
  }
  o << " D2/U2 = 2 units of de/us (K uk), * objective, ! a disrupted unit in the hex, + setup "
       "zone of the next unit";
  if (n_smoke > 0 || strike.hex != kNoHex) o << ", s smoke marker, B Barrage marker";
  if (sortie.k >= 0 && sortie.hex != kNoHex) o << ", A aircraft";  // WSR 11.3
  if (!exits.empty()) o << ", > exit hex (G-12)";
  if (boundary != nullptr) o << ", - red boundary line (WSR-A6)";
  if (any_destroyed) o << ", x destroyed bridge (WSR-A12)";
  if (blown) o << ", x bridge destroyed in play (WSR-A4 blow-the-bridge)";
  o << "\n";

  // --- Objectives and their controller (WSR 12.2) ---
  if (!g.objectives().empty()) {
    o << "\nObjectives (control, WSR 12.2):";
    for (int h : g.objectives()) {
      const int c = controller(h);
      o << " " << hex_name(h) << "=" << (c >= 0 ? seats[static_cast<size_t>(c)] : "none");
    }
    o << "\n";
  }

  // --- Units by hex ---
  std::map<int, std::vector<int>> by_hex;
  std::vector<int> offmap, gone, exited;
  for (int u = 0; u < n_units; ++u) {
    if (on_map(u)) {
      by_hex[unit(u).hex].push_back(u);
    } else if (has(u, kOffMap)) {
      offmap.push_back(u);
    } else if (has(u, kExited)) {  // exit.cc (G-12)
      exited.push_back(u);
    } else {
      gone.push_back(u);
    }
  }
  o << "\n";
  for (const auto& [h, us] : by_hex) {
    o << hex_name(h) << " [" << TerrainId(g.terrain(h)) << "]";
    if (controller(h) >= 0) o << " ctrl " << seats[static_cast<size_t>(controller(h))];
    if (objective[static_cast<size_t>(h)]) o << " OBJECTIVE";
    if (has_wreck(h)) o << " wreck";
    if (smoke_at(h) > 0) o << " smoke-" << smoke_at(h);                              // WSR 11.2.2
    if (strike.hex == h && strike.landed) o << " barrage";                           // WSR 11.2.1
    if (sortie.k >= 0 && sortie.hex == h) o << " aircraft " << air_label(sortie.k);  // 11.3
    o << ":\n";
    for (int u : us) {
      const Face& fc = face(u);
      o << "  " << seats[static_cast<size_t>(side_of(u))] << " " << unit_label(u) << " ("
        << g.formation(info(u).formation).data->id << ") "
        << (info(u).counter->transport ? (has(u, kMounted) ? "mounted " : "dismounted ") : "")
        << (has(u, kReduced) ? "reduced" : "full") << " "
        << (fc.target_class() == TargetClass::kHard ? "hard" : "soft") << " MF " << fc.mf;
      if (unit(u).mp_spent) o << " spent " << int(unit(u).mp_spent);
      if (has(u, kDisrupted)) o << " DISRUPTED";
      if (has(u, kOutOfCommand)) o << " OUT-OF-COMMAND";
      if (has(u, kOpsComplete)) o << " ops-complete";
      if (has(u, kMoving)) o << " moving";
      if (sw(u) != nullptr) o << " +" << g.sw_info(unit(u).sw - 1).label;
      o << "\n";
    }
  }
  auto list = [&](const char* title, const std::vector<int>& us) {
    if (us.empty()) return;
    o << title;
    for (int u : us) {
      o << " " << unit_label(u);
      if (sw(u) != nullptr) o << "+" << g.sw_info(unit(u).sw - 1).label;
    }
    o << "\n";
  };
  list("Off map (to set up or to arrive):", offmap);
  list("Eliminated or removed:", gone);
  list("Exited from the map (G-12):", exited);
  // Support weapons not yet assigned (WSR 1.3.4.1).
  std::string free_sw;
  const bool first_fire = g.opts().sw_on_first_fire;  // WSR 11.4 option
  for (int k = 0; k < g.num_sws(); ++k) {
    bool held = false;
    for (int u = 0; u < n_units && !held; ++u) held = unit(u).sw == k + 1;
    if (first_fire ? sw_unplaced(k) : !held) free_sw += " " + g.sw_info(k).label;
  }
  if (!free_sw.empty())
    o << (first_fire ? "Support weapons not yet placed (11.4):"
                     : "Support weapons to assign (1.3.4.1):")
      << free_sw << "\n";
  if (setup) {
    const int u = setup_next_unit(top().a);
    if (u >= 0 && sc != nullptr) {
      const Force& f =
          sc->forces[static_cast<size_t>(g.setup().units[static_cast<size_t>(u)].force)];
      if (const Zone* z = sc->FindZone(f.zone)) {
        o << "Setup zone of " << unit_label(u) << ": " << z->id << " (" << z->text << "), "
          << z->hexes.size() << " hexes, marked + on the map\n";
      }
    }
  }
  return o.str();
}

}  // namespace feldherr::wsr
