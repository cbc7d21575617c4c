// White Star Rising: the terminal board (WsrState::render_text; docs/wsr-play.md "The board").
// A header (scenario, turn, the cup, fate points, the decision), a hex map of the playable area
// (one text line per half row, 3 characters per hex), then every occupied hex with its units
// and their state, the objectives with their controller, and the units off the map.
#include <algorithm>
#include <cctype>
#include <map>
#include <set>
#include <sstream>

#include "engine/text.h"
#include "games/wsr/scenario.h"
#include "games/wsr/special_rules.h"
#include "games/wsr/state.h"

namespace feldherr::wsr {

namespace {

char SideLetter(const std::string& side) {
  if (side == "uk") return 'K';
  return side.empty() ? '?' : static_cast<char>(std::toupper(static_cast<unsigned char>(side[0])));
}

// The terminal text with every line longer than 80 characters (UTF-8 counted per character)
// broken at spaces, its continuation lines indented two more than the line.
std::string WrapAt80(const std::string& text) {
  std::string out;
  std::istringstream lines(text);
  std::string line;
  while (std::getline(lines, line)) {
    const size_t indent = line.find_first_not_of(' ');
    out += indent == std::string::npos ? line : wrap_at_spaces(line, 80, indent + 2);
    out += '\n';
  }
  return out;
}

// Where an aircraft is (AirPlaceName), in German.
std::string AirPlaceDe(const std::string& place) {
  if (place == "waiting") return "wartet";
  if (place == "cup") return "im Behältnis";
  if (place == "returning") return "kehrt zurück";
  if (place == "over-map") return "über dem Spielplan";
  if (place == "removed") return "entfernt";
  return place;
}

}  // namespace

std::string WsrState::render_text(int seat) const {
  return render_text_in(seat, Lang::kEn);
}

std::string WsrState::render_text_in(int seat, Lang lang) const {
  (void)seat;  // no hidden information (WSR): everyone sees the same board
  const bool de = lang == Lang::kDe;
  // The text in the reader's language.
  auto T = [de](const char* en, const char* german) { return de ? german : en; };
  std::ostringstream o;
  const WsrGame& g = *game_;
  const auto& seats = g.seats();
  const HexLayout& L = g.layout();
  const Scenario* sc = g.setup().scenario_data.get();
  // A side as the reader names it in the header ("Deutsche 1, US 4").
  auto side_text = [&](int s) { return g.side_name(s).in(lang); };
  const bool setup = !steps.empty() && top().kind == kStepSetup;

  // --- Header ---
  if (sc != nullptr) o << sc->code << " " << sc->title_in(lang) << "  ";
  o << T("Turn ", "Spielrunde ") << turn << "/" << g.setup().turns;
  if (phase == kOver) o << T(" (game over)", " (Spiel zu Ende)");
  if (setup) o << T(" (setup, WSR 2.0)", " (Spielaufbau, WSR 2.0)");
  o << T("\nCup:", "\nBehältnis:");
  int shown = 0;
  for (int f = 0; f < g.num_formations(); ++f)
    if (cup[static_cast<size_t>(f)] > 0) {
      o << (shown ? ", " : " ") << g.formation(f).data->id << " x"
        << int(cup[static_cast<size_t>(f)]);
      ++shown;
    }
  o << (shown ? "," : "") << T(" end-turn x", " Rundenende x") << int(cup_end_turn)
    << T(" (drawn ", " (gezogen ") << int(end_turn_drawn) << ")";
  if (chaos_cup > 0) o << ", chaos x" << int(chaos_cup);  // chaos.cc (WSR 9.0)
  if (designated_cup > 0)
    o << T(", designated x", ", ausgewählte Formation x")
      << int(designated_cup);  // A5 (special_rules.cc)
  if (n_chaos > 0)
    o << "; " << int(n_chaos)
      << T(" chaos result(s) stored (9.0)", " Chaos-Ergebnis(se) gespeichert (9.0)");
  for (int s = 0; s < 2; ++s)
    if (held_end_turn[static_cast<size_t>(s)] > 0)
      o << "; " << side_text(s) << T(" holds ", ": ") << int(held_end_turn[static_cast<size_t>(s)])
        << T(" end-turn (3.2.1)", " Rundenende zurückgehalten (3.2.1)");
  o << T("\nFate points:", "\nSchicksalspunkte:");
  for (int s = 0; s < 2; ++s)
    o << (s ? ", " : " ") << side_text(s) << " " << int(fate_points[static_cast<size_t>(s)]);
  // Artillery (WSR 11.2): the strikes left, the Barrage and smoke markers.
  bool support = false;
  for (const auto& kinds : g.setup().artillery) support = support || !kinds.empty();
  if (support) {
    o << T("\nArtillery (11.2):", "\nArtillerie (11.2):");
    for (size_t s = 0; s < 2; ++s) {
      o << " " << side_text(static_cast<int>(s));
      if (g.setup().artillery[s].empty()) o << T(" none", " keine");
      for (size_t k = 0; k < g.setup().artillery[s].size(); ++k)
        o << " " << strike_words(static_cast<int>(s), static_cast<int>(k)).in(lang) << " x"
          << int(strikes_left[s][k]);
      if (s == 0) o << ";";
    }
  }
  if (strike.hex != kNoHex && strike.landed)
    o << T("\nBarrage marker: ", "\nArtillerieschlag-Marker: ") << hex_name(strike.hex);
  if (!g.setup().air.empty()) {  // air.cc (WSR 11.3): where each aircraft is
    o << T("\nAircraft (11.3):", "\nFlugzeuge (11.3):");
    for (size_t k = 0; k < g.setup().air.size(); ++k) {
      const int ki = static_cast<int>(k);
      o << (k ? "; " : " ") << side_text(air_side(ki)) << " " << air_label(ki) << " "
        << (de ? AirPlaceDe(AirPlaceName(air[k])) : AirPlaceName(air[k]));
      if (air[k] == kAirWaiting && air_entry_turn(ki) > 0)
        o << T(" (turn ", " (Spielrunde ") << air_entry_turn(ki) << ")";
      else if (air[k] == kAirWaiting)
        o << " (air-trigger)";  // special_rules.cc: A4, not yet triggered
      if (sortie.k == ki && sortie.hex != kNoHex)
        o << T(" over ", " über ") << hex_name(sortie.hex) << ", " << int(sortie.aa_hits)
          << T(" AA hit(s)", " Flak-Treffer");
    }
  }
  if (n_smoke > 0) {
    o << T("\nSmoke (11.2.2):", "\nRauch (11.2.2):");
    for (int k = 0; k < n_smoke; ++k)
      o << " " << hex_name(smoke_hex[static_cast<size_t>(k)]) << T(" Smoke ", " Rauch ")
        << int(smoke_level[static_cast<size_t>(k)]);
  }
  // G-12 (exit.cc): where each side leaves the map for its victory conditions, and how many
  // of its units have left.
  const std::vector<std::pair<std::string, std::string>> exits =
      sc != nullptr ? ExitZones(*sc) : std::vector<std::pair<std::string, std::string>>{};
  if (!exits.empty()) {
    o << T("\nExits (G-12):", "\nAusgänge (G-12):");
    const char* sep = " ";
    for (size_t s = 0; s < 2; ++s) {
      std::string zones;
      for (const auto& [side, zone] : exits) {
        if (side != seats[s]) continue;
        const Zone* z = sc->FindZone(zone);
        zones += (zones.empty() ? "" : ", ") +
                 (z != nullptr && !z->text.in(lang).empty() ? z->text.in(lang) : zone);
      }
      if (zones.empty()) continue;
      int n = 0;
      for (int u = 0; u < n_units; ++u) n += has(u, kExited) && side_of(u) == int(s) ? 1 : 0;
      o << sep << side_text(static_cast<int>(s)) << T(" from ", " über ") << zones
        << T(" (marked >), ", " (markiert >), ") << n << T(" exited", " ausgetreten");
      sep = "; ";
    }
  }
  // A6 boundary-line (special_rules.cc BoundaryMask): the red line and whom it bounds.
  const Zone* boundary = nullptr;
  if (sc != nullptr)
    for (const SpecialRule& r : sc->special_rules)
      if (r.id == "boundary-line" && (boundary = sc->FindZone(r.Str("zone"))) != nullptr)
        o << T("\nBoundary (WSR-A6): red line marked - (may be entered, not crossed): ",
               "\nGrenze (WSR-A6): rote Linie markiert - (darf betreten, nicht überquert werden): ")
          << r.Str("south_formation")
          << T(" stays on or south of it, ", " bleibt auf ihr oder südlich, ")
          << r.Str("north_formation") << T(" on or north of it", " auf ihr oder nördlich");
  if (active_f >= 0)
    o << T("\nActive formation: ", "\nAktive Formation: ") << g.formation(active_f).data->id;
  if (phase != kOver && !steps.empty())
    o << T("\nNow: ", "\nJetzt: ") << decision_with_ids().prompt_in(lang);
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
  // The map sheet of each column ('?' where a column has no hex) and the strips printed one
  // below the other: the whole width when it fits 80 characters, else one strip per sheet
  // (or per 24 columns of a wider sheet).
  auto sheet_of_column = [&](int c) {
    for (int y = ymin; y <= ymax; ++y)
      if (const int i = L.Find(HexCoord{c, y}); i >= 0) return L.Name(i)[0];
    return '?';
  };
  constexpr int kLabelWidth = 6, kHexWidth = 3, kMaxColumns = (80 - kLabelWidth) / kHexWidth;
  std::vector<std::pair<int, int>> strips;  // [first, last] column
  if (cmax - cmin + 1 <= kMaxColumns) {
    strips.push_back({cmin, cmax});
  } else {
    for (int c = cmin; c <= cmax; ++c)
      if (strips.empty() || sheet_of_column(c) != sheet_of_column(c - 1) ||
          c - strips.back().first >= kMaxColumns)
        strips.push_back({c, c});
      else
        strips.back().second = c;
  }
  for (const auto& [c0, c1] : strips) {
    // The sheet letters over their first columns, when the map has more than one sheet side by
    // side.
    o << "\n";
    if (sheet_of_column(cmin) != sheet_of_column(cmax)) {
      o << T("Map   ", "Plan  ");
      for (int c = c0; c <= c1; ++c)
        o << " "
          << (c == c0 || sheet_of_column(c) != sheet_of_column(c - 1) ? sheet_of_column(c) : ' ')
          << " ";
      o << "\n";
    }
    o << "      ";
    for (int c = c0; c <= c1; ++c) {
      int any = -1;
      for (int y = ymin; y <= ymax && any < 0; ++y) any = L.Find(HexCoord{c, y});
      const std::string name = any >= 0 ? L.Name(any) : "?-?";
      o << " " << (name.size() > 2 ? name[2] : '?') << " ";
    }
    o << "\n";
    // One line per half row: a hex row takes two lines, every other column half a hex lower.
    // The row's label (sheet and row number) stands on its first line.
    std::string previous;
    for (int y = ymin; y <= ymax; ++y) {
      std::string line;
      std::string label;
      std::set<char> line_sheets;
      for (int c = c0; c <= c1; ++c) {
        const int i = L.Find(HexCoord{c, y});
        if (i < 0) {
          line += "   ";
          continue;
        }
        const std::string name = L.Name(i);
        line_sheets.insert(name[0]);
        if (label.empty()) label = name.substr(name.size() - 2);
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
      if (line.empty()) continue;
      // The sheet with the row number where the line lies on one sheet ("B05"); the number
      // alone where it crosses sheets side by side, which number their rows alike.
      label = (line_sheets.size() == 1 ? std::string(1, *line_sheets.begin()) : " ") + label;
      std::string row_label = label == previous ? "" : label;
      previous = label;
      row_label.resize(kLabelWidth, ' ');
      o << row_label << line << "\n";
    }
  }
  // Key: the terrain tokens present, then the markers.
  std::vector<bool> seen(kNumTerrains, false);
  std::ostringstream key;
  key << T("Key (a hex row takes two lines):", "Legende (eine Feldreihe nimmt zwei Zeilen ein):");
  for (int i = 0; i < L.size(); ++i) {
    const size_t t = static_cast<size_t>(g.terrain(i));
    if (seen[t]) continue;
    seen[t] = true;
    const TerrainType& tt = g.data().terrain[g.terrain(i)];
    std::string name = de ? tt.name_de : tt.name;  // "Wooded hill" reads "wooded hill" here
    if (!de && !name.empty()) name[0] = static_cast<char>(std::tolower(name[0]));
    key << " " << tt.token << " " << (name.empty() ? tt.id : name) << ",";
  }
  key << T(
      " D2/U2 = 2 German/US units (K British), * objective, ! a disrupted unit in the hex, + setup "
      "zone of the next unit",
      " D2/U2 = 2 Einheiten der Deutschen/der US (K Briten), * Ziel, ! eine zerschlagene Einheit "
      "im Feld, "
      "+ Aufstellungszone der nächsten Einheit");
  if (n_smoke > 0 || strike.hex != kNoHex)
    key << T(", s smoke marker, B Barrage marker", ", s Rauch-Marker, B Artillerieschlag-Marker");
  if (sortie.k >= 0 && sortie.hex != kNoHex) key << T(", A aircraft", ", A Flugzeug");  // WSR 11.3
  if (!exits.empty()) key << T(", > exit hex (G-12)", ", > Ausgangsfeld (G-12)");
  if (boundary != nullptr)
    key << T(", - red boundary line (WSR-A6)", ", - rote Grenzlinie (WSR-A6)");
  if (any_destroyed) key << T(", x destroyed bridge (WSR-A12)", ", x zerstörte Brücke (WSR-A12)");
  if (blown)
    key << T(", x bridge destroyed in play (WSR-A4 blow-the-bridge)",
             ", x im Spiel zerstörte Brücke (WSR-A4 blow-the-bridge)");
  o << key.str() << "\n";

  // --- Objectives and their controller (WSR 12.2) ---
  if (!g.objectives().empty()) {
    std::string line = T("Objectives (control, WSR 12.2):", "Ziele (Kontrolle, WSR 12.2):");
    for (int h : g.objectives()) {
      const int c = controller(h);
      line += " " + hex_name(h) + "=" + (c >= 0 ? side_text(c) : std::string(T("none", "keiner")));
    }
    o << "\n" << line << "\n";
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
    o << hex_name(h) << " ["
      << (de ? g.data().terrain[g.terrain(h)].name_de : std::string(TerrainId(g.terrain(h))))
      << "]";
    if (controller(h) >= 0) o << T(" controlled by ", " Kontrolle ") << side_text(controller(h));
    if (objective[static_cast<size_t>(h)]) o << T(" OBJECTIVE", " ZIEL");
    if (has_wreck(h)) o << T(" wreck", " Wrack");
    if (smoke_at(h) > 0) o << T(" smoke-", " Rauch-") << smoke_at(h);               // WSR 11.2.2
    if (strike.hex == h && strike.landed) o << T(" barrage", " Artillerieschlag");  // WSR 11.2.1
    if (sortie.k >= 0 && sortie.hex == h)
      o << T(" aircraft ", " Flugzeug ") << air_label(sortie.k);  // 11.3
    o << ":\n";
    for (int u : us) {
      const Face& fc = face(u);
      const Formation& fm = *g.formation(info(u).formation).data;
      o << "  " << side_text(side_of(u)) << " " << unit_label(u) << " (" << fm.id << ") "
        << (info(u).counter->transport ? (has(u, kMounted) ? T("mounted ", "aufgesessen ")
                                                           : T("dismounted ", "abgesessen "))
                                       : "")
        << (has(u, kReduced) ? T("reduced", "reduziert") : T("full", "volle Stärke")) << " "
        << (fc.target_class() == TargetClass::kHard ? T("hard", "hart") : T("soft", "weich"))
        << T(" MF ", " BP ") << fc.mf;
      // The MP spent count only while the unit moves (WSR 5.0); after its move they are history.
      if (unit(u).mp_spent && has(u, kMoving))
        o << " " << int(unit(u).mp_spent) << T(" MP spent", " BP verbraucht");
      if (has(u, kDisrupted)) o << T(" DISRUPTED", " ZERSCHLAGEN");
      if (has(u, kOutOfCommand)) o << T(" OUT-OF-COMMAND", " AUSSER-BEFEHLSREICHWEITE");
      if (has(u, kOpsComplete)) o << T(" ops-complete", " Operationen-beendet");
      if (has(u, kMoving)) o << T(" moving", " in-Bewegung");
      if (sw(u) != nullptr) o << " +" << g.sw_info(unit(u).sw - 1).label;
      if (loaded(u)) o << T(" in ", " auf ") << unit_label(carrier_of(u));  // carrier.cc
      o << "\n";
    }
  }
  auto list = [&](const char* title, const std::vector<int>& us) {
    if (us.empty()) return;
    std::string line = title;
    for (int u : us) {
      line += (line.size() == std::string_view(title).size() ? " " : ", ") + unit_label(u);
      if (sw(u) != nullptr) line += " + " + g.sw_info(unit(u).sw - 1).label;
    }
    o << line << "\n";
  };
  list(T("Off map (to set up or to arrive):",
         "Außerhalb des Spielplans (aufzustellen oder später):"),
       offmap);
  list(T("Eliminated or removed:", "Eliminiert oder entfernt:"), gone);
  list(T("Exited from the map (G-12):", "Vom Spielplan ausgetreten (G-12):"), exited);
  // Support weapons not yet assigned (WSR 1.3.4.1): only while the setup assigns them; after it
  // a support weapon no unit holds is out of play (gone with its platoon, WSR 1.3.4.2, or never
  // assigned).
  std::string free_sw;
  const bool first_fire = g.opts().sw_on_first_fire;  // WSR 11.4 option
  const bool assigning = setting_up();
  for (int k = 0; k < g.num_sws(); ++k) {
    bool held = false;
    for (int u = 0; u < n_units && !held; ++u) held = unit(u).sw == k + 1;
    if (first_fire ? sw_unplaced(k) : !held)
      free_sw += (free_sw.empty() ? " " : ", ") + g.sw_info(k).label;
  }
  if (!free_sw.empty())
    o << (first_fire  ? T("Support weapons not yet placed (11.4):",
                          "Noch nicht platzierte Unterstützungswaffen (11.4):")
          : assigning ? T("Support weapons to assign (1.3.4.1):",
                          "Zuzuweisende Unterstützungswaffen (1.3.4.1):")
                      : T("Support weapons out of play (1.3.4.2):",
                          "Unterstützungswaffen außer Spiel (1.3.4.2):"))
      << free_sw << "\n";
  if (setup) {
    const int u = setup_next_unit(top().a);
    if (u >= 0 && sc != nullptr) {
      const Force& f =
          sc->forces[static_cast<size_t>(g.setup().units[static_cast<size_t>(u)].force)];
      if (const Zone* z = sc->FindZone(f.zone)) {
        o << T("Setup zone of ", "Aufstellungszone von ") << unit_label(u) << ": "
          << z->text.in(lang) << ", " << z->hexes.size()
          << T(" hexes, marked + on the map\n", " Felder, auf dem Spielplan mit + markiert\n");
      }
    }
  }
  return WrapAt80(g.name_ids(o.str(), lang));  // the ids by name (WsrGame::name_ids)
}

}  // namespace feldherr::wsr
