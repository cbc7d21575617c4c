// White Star Rising for the web UI (games/wsr/board.h): the static board description
// (BoardJson) and the exact odds of a fire shown before it is sent (FireOddsJson).
//
// Geometry (docs/hex-geometry.md): flat-topped hexes in straight north-south columns; a hex of
// doubled coordinates (C, Y) has its centre at x = 1.5 * C, y = sqrt(3)/2 * Y in units of the
// hex radius (centre to corner). The UI scales these numbers; hexside directions are N, NE, SE,
// S, SW, NW = 0..5 as in geometry/hex.h.
#include "games/wsr/board.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "games/wsr/combat.h"
#include "games/wsr/data.h"
#include "games/wsr/emit.h"  // DiceCount (last: defines Emit and Fail)
#include "games/wsr/odds.h"
#include "games/wsr/scenario.h"
#include "games/wsr/special_rules.h"
#include "games/wsr/state.h"

namespace feldherr::wsr {

namespace {

using nlohmann::json;

double Round3(double v) {
  return std::round(v * 1000.0) / 1000.0;
}

// The layout index of a sheet hex id (any alias of a merged seam hex), or -1.
int IndexOf(const HexLayout& layout, const HexId& id) {
  return layout.Find(id);
}

bool RoadBetween(const Data& data, const HexLayout& layout, int a, int b) {
  for (const HexId& ia : layout.Aliases(a))
    for (const HexId& ib : layout.Aliases(b))
      if (ia.sheet == ib.sheet && data.sheet(ia.sheet).RoadConnects(ia, ib)) return true;
  return false;
}

bool CrestBetween(const Data& data, const HexLayout& layout, int high, int low) {
  for (const HexId& ia : layout.Aliases(high))
    for (const HexId& ib : layout.Aliases(low))
      if (ia.sheet == ib.sheet && data.sheet(ia.sheet).IsCrest(ia, ib)) return true;
  return false;
}

json WeaponJson(const Weapon& w) {
  if (!w.present()) return nullptr;
  return {{"fp", w.fp},
          {"to_hit", w.to_hit},
          {"range", w.range},
          {"underlined", w.underlined},
          {"enhanced", w.enhanced}};
}

const char* SymbolId(Symbol s) {
  switch (s) {
    case Symbol::kNato:
      return "nato";
    case Symbol::kVehicle:
      return "vehicle";
    case Symbol::kNatoVehicle:
      return "nato-vehicle";
    case Symbol::kAircraft:
      return "aircraft";
  }
  return "nato";
}

const char* TargetId(TargetClass t) {
  switch (t) {
    case TargetClass::kSoft:
      return "soft";
    case TargetClass::kHard:
      return "hard";
    case TargetClass::kAircraft:
      return "aircraft";
  }
  return "soft";
}

}  // namespace

// The printed values of one face (WSR 1.2.1; board.h).
nlohmann::json FaceJson(const Face& f) {
  using nlohmann::json;
  json j = {{"symbol", SymbolId(f.symbol)},
            {"target", TargetId(f.target_class())},
            {"silhouette", f.silhouette},
            {"ap", WeaponJson(f.ap)},
            {"he", WeaponJson(f.he)},
            {"aa", WeaponJson(f.aa)},
            {"air", WeaponJson(f.air)},
            {"armor", f.armor},
            {"save", f.save},
            {"mf", f.mf},
            {"carrier", f.carrier}};
  j["assault"] = f.assault.present() ? json{{"strength", f.assault.strength},
                                            {"to_hit", f.assault.to_hit},
                                            {"star", f.assault.star},
                                            {"enhanced", f.assault.enhanced}}
                                     : json(nullptr);
  if (f.command_range || f.command_value) {
    j["command_range"] = f.command_range;
    j["command_value"] = f.command_value;
  }
  if (f.he_bonus) j["he_bonus"] = f.he_bonus;
  if (f.range_bonus) j["range_bonus"] = f.range_bonus;
  if (f.ap_enhanced) j["ap_enhanced"] = true;
  return j;
}

namespace {

// WeaponJson(w) as text.
void AppendWeaponJson(JsonText& w, const char* key, const Weapon& x) {
  if (!x.present()) {
    w.null(key);
    return;
  }
  w.obj(key)
      .flag("enhanced", x.enhanced)
      .num("fp", x.fp)
      .num("range", x.range)
      .num("to_hit", x.to_hit)
      .flag("underlined", x.underlined)
      .end();
}

}  // namespace

// The members of FaceJson in the order dump() writes them (sorted keys), "name" among them.
void AppendFaceJson(JsonText& w, const Face& f, std::string_view name) {
  w.obj();
  AppendWeaponJson(w, "aa", f.aa);
  AppendWeaponJson(w, "air", f.air);
  AppendWeaponJson(w, "ap", f.ap);
  if (f.ap_enhanced) w.flag("ap_enhanced", true);
  w.num("armor", f.armor);
  if (f.assault.present())
    w.obj("assault")
        .flag("enhanced", f.assault.enhanced)
        .flag("star", f.assault.star)
        .num("strength", f.assault.strength)
        .num("to_hit", f.assault.to_hit)
        .end();
  else
    w.null("assault");
  w.flag("carrier", f.carrier);
  if (f.command_range || f.command_value)
    w.num("command_range", f.command_range).num("command_value", f.command_value);
  AppendWeaponJson(w, "he", f.he);
  if (f.he_bonus) w.num("he_bonus", f.he_bonus);
  w.num("mf", f.mf);
  if (!name.empty()) w.str("name", name);
  if (f.range_bonus) w.num("range_bonus", f.range_bonus);
  w.num("save", f.save)
      .str("silhouette", f.silhouette)
      .str("symbol", SymbolId(f.symbol))
      .str("target", TargetId(f.target_class()))
      .end();
}

namespace {

// A counter type: identity and every face it has, keyed by face name ("full", "reduced",
// "mounted-full", ...).
json CounterJson(const CounterType& c) {
  json faces = json::object();
  for (int k = 0; k < kNumFaces; ++k) {
    const auto id = static_cast<FaceId>(k);
    if (c.has_face(id)) faces[FaceName(id)] = FaceJson(c.face(id));
  }
  return {{"id", c.id},
          {"name", c.name},
          {"name_de", c.name_de},
          {"nation", NationId(c.nation)},
          {"kind", UnitKindId(c.kind)},
          {"recon", c.recon},
          {"aa", c.aa},
          {"transport", c.transport},
          {"steps", c.steps},
          {"wreck_back", c.wreck_back},
          {"faces", faces}};
}

// A list of sheet hex ids as layout indices, split where the path leaves the layout.
json PathsJson(const HexLayout& layout, const std::vector<HexId>& path) {
  json out = json::array(), cur = json::array();
  for (const HexId& h : path) {
    const int i = IndexOf(layout, h);
    if (i < 0) {
      if (cur.size() > 1) out.push_back(cur);
      cur = json::array();
      continue;
    }
    cur.push_back(i);
  }
  if (cur.size() > 1) out.push_back(cur);
  return out;
}

// The map edge (geometry/hex_map.h MapEdge) all hexes of `hexes` lie on, preferring north,
// east, south, west; "" if they share none (then each hex's own edge is used).
const char* EdgeName(uint8_t bits) {
  if (bits & kEdgeNorth) return "north";
  if (bits & kEdgeEast) return "east";
  if (bits & kEdgeSouth) return "south";
  if (bits & kEdgeWest) return "west";
  return "";
}

// G-12 (exit.cc): each seat's exit hexes, from the zones its victory conditions count exits
// from, with the edge the units leave across: [{seat, zone, text, edge, hexes}].
json ExitsJson(const WsrGame& g, const Scenario& sc) {
  json out = json::array();
  for (const auto& [side, zone_id] : ExitZones(sc)) {
    const Zone* z = sc.FindZone(zone_id);
    int seat = -1;
    for (size_t s = 0; s < g.seats().size(); ++s)
      if (g.seats()[s] == side) seat = static_cast<int>(s);
    if (z == nullptr || seat < 0) continue;
    uint8_t common = 0xff;
    json hexes = json::array();
    for (int h : z->hexes) {
      if (!g.exit_hex(seat, h)) continue;
      common &= g.layout().Edges(h);
      hexes.push_back(h);
    }
    if (hexes.empty()) continue;
    json edges = json::array();  // per hex: the edge it leaves across
    for (const json& h : hexes) {
      const uint8_t own = g.layout().Edges(h.get<int>());
      edges.push_back(EdgeName((common & own) != 0 ? common : own));
    }
    out.push_back({{"seat", side},
                   {"zone", z->id},
                   {"text", z->text.en},
                   {"text_de", z->text.in(Lang::kDe)},
                   {"edge", EdgeName(common == 0xff ? 0 : common)},
                   {"hexes", hexes},
                   {"edges", edges}});
  }
  return out;
}

// A6 `boundary-line` (special_rules.h BoundaryMask): the line's hexes, the runs of adjacent
// line hexes to draw it through (west to east), the formations it bounds and the rule's text;
// null without the hook.
json BoundaryJson(const WsrGame& g, const Scenario& sc) {
  for (const SpecialRule& r : sc.special_rules) {
    if (r.id != "boundary-line") continue;
    const Zone* z = sc.FindZone(r.Str("zone"));
    if (z == nullptr) return nullptr;
    const HexLayout& L = g.layout();
    std::vector<int> line = z->hexes;
    std::sort(line.begin(), line.end(), [&](int a, int b) {
      return L.coord(a).c != L.coord(b).c ? L.coord(a).c < L.coord(b).c
                                          : L.coord(a).y < L.coord(b).y;
    });
    json paths = json::array(), cur = json::array();
    int last = -1;
    for (int h : line) {
      if (last >= 0 && !L.Adjacent(last, h)) {
        if (cur.size() > 1) paths.push_back(cur);
        cur = json::array();
      }
      cur.push_back(h);
      last = h;
    }
    if (cur.size() > 1) paths.push_back(cur);
    return {{"zone", z->id},
            {"text", r.text.en},
            {"text_de", r.text.in(Lang::kDe)},
            {"hexes", z->hexes},
            {"paths", paths},
            {"south_formation", r.Str("south_formation")},
            {"north_formation", r.Str("north_formation")}};
  }
  return nullptr;
}

// The scenario's briefing (side panel): the victory conditions and the special rules as the
// scenario data words them (docs/wsr-scenarios.md), in English and German like the title.
json BriefingJson(const Scenario& sc) {
  json rules = json::array();
  for (const SpecialRule& r : sc.special_rules)
    rules.push_back({{"id", r.id}, {"text", r.text.en}, {"text_de", r.text.in(Lang::kDe)}});
  return {{"code", sc.code},
          {"title", sc.title},
          {"title_de", sc.title_in(Lang::kDe)},
          {"date", sc.date},
          {"place", sc.place.en},
          {"place_de", sc.place.in(Lang::kDe)},
          {"turns", sc.turns},
          {"victory", sc.victory.text.en},
          {"victory_de", sc.victory.text.in(Lang::kDe)},
          {"special_rules", rules}};
}

}  // namespace

json BoardJson(const Game& game) {
  const auto* g = dynamic_cast<const WsrGame*>(&game);
  if (g == nullptr) throw std::runtime_error("wsr board: not a White Star Rising game");
  const Data& data = g->data();
  const HexLayout& L = g->layout();
  const TerrainChart& chart = data.terrain;
  const GameSetup& setup = g->setup();
  const Scenario* sc = setup.scenario_data.get();

  json j;
  j["kind"] = "hex";
  j["game"] = "wsr";
  j["scenario"] = setup.scenario;
  j["title"] = sc != nullptr ? sc->code + " " + sc->title : setup.scenario;
  j["title_de"] = sc != nullptr ? sc->code + " " + sc->title_in(Lang::kDe) : setup.scenario;
  j["turns"] = setup.turns;
  j["seats"] = setup.seats;
  j["geometry"] = {{"orientation", "flat"},
                   {"radius", 1},
                   {"x", "1.5 * c"},
                   {"y", "sqrt(3)/2 * y"},
                   {"dirs", {"N", "NE", "SE", "S", "SW", "NW"}}};

  // The terrain chart entries (indexed like the hexes' "t").
  json terrain = json::array();
  for (int t = 0; t < kNumTerrains; ++t) {
    const TerrainType& tt = chart.terrain[static_cast<size_t>(t)];
    terrain.push_back({{"id", tt.id},
                       {"name", tt.name},
                       {"name_de", tt.name_de},
                       {"level", tt.level},
                       {"playable", tt.playable},
                       {"defence_soft", tt.defence_soft},
                       {"defence_hard", tt.defence_hard},
                       {"move_soft", tt.move_soft},
                       {"move_hard", tt.move_hard}});
  }
  j["terrain"] = terrain;

  // Places by sheet hex: the first place naming a hex labels it.
  std::vector<std::string> place_of(static_cast<size_t>(L.size()));
  json places = json::array();
  for (const SheetSlot& slot : L.slots()) {
    const Sheet& sh = data.sheet(slot.sheet);
    for (const Place& p : sh.places) {
      json hexes = json::array();
      for (const HexId& h : p.hexes) {
        const int i = IndexOf(L, h);
        if (i < 0) continue;
        hexes.push_back(i);
        if (place_of[static_cast<size_t>(i)].empty()) place_of[static_cast<size_t>(i)] = p.id;
      }
      if (hexes.empty()) continue;
      places.push_back({{"id", p.id},
                        {"name", p.name},
                        {"name_de", p.name_de},
                        {"kind", PlaceKindId(p.kind)},
                        {"hexes", hexes}});
    }
  }
  j["places"] = places;

  // Hexes without a road in this scenario (as state.cc builds the movement costs): A12
  // destroyed bridges (river hexes now) and A11 no-road hexes; no road is drawn into them.
  std::vector<bool> destroyed_at(static_cast<size_t>(L.size()), false);
  std::vector<bool> roadless(static_cast<size_t>(L.size()), false);
  for (int i = 0; i < L.size(); ++i) {
    const SheetHex* sh = data.sheet(L.id(i).sheet).Find(L.id(i));
    destroyed_at[static_cast<size_t>(i)] =
        sh != nullptr && DestroyedBridge(setup, i, ScenarioTerrain(setup, chart, sh->terrain));
    roadless[static_cast<size_t>(i)] = destroyed_at[static_cast<size_t>(i)] || NoRoadHex(setup, i);
  }

  double min_x = 1e9, min_y = 1e9, max_x = -1e9, max_y = -1e9;
  const double k = std::sqrt(3.0) / 2.0;
  json hexes = json::array(), destroyed = json::array();
  for (int i = 0; i < L.size(); ++i) {
    const HexCoord c = L.coord(i);
    const double x = 1.5 * c.c, y = k * c.y;
    min_x = std::min(min_x, x);
    min_y = std::min(min_y, y);
    max_x = std::max(max_x, x);
    max_y = std::max(max_y, y);
    const Terrain t = g->terrain(i);
    json road = json::array(), crest = json::array(), cost = json::array();
    for (int d = 0; d < kHexDirs; ++d) {
      const int nb = L.Neighbour(i, d);
      // MP to step across hexside d (WSR 5.0, G-1: terrain, roads, crests, scenario rules),
      // [soft, hard]; -1 impassable or off the playable area. Wrecks (state) add to this.
      cost.push_back({g->step_cost(i, d, false), g->step_cost(i, d, true)});
      if (nb < 0) continue;
      if (!roadless[static_cast<size_t>(i)] && !roadless[static_cast<size_t>(nb)] &&
          RoadBetween(data, L, i, nb))
        road.push_back(d);
      // A crest hexside of a level-1 hex toward a level-0 hex (WSR 7, maps doc 2.2).
      if (chart[t].level == 1 && chart[g->terrain(nb)].level == 0 && CrestBetween(data, L, i, nb))
        crest.push_back(d);
    }
    json h = {{"i", i},
              {"id", L.Name(i)},
              {"c", c.c},
              {"y", c.y},
              {"px", Round3(x)},
              {"py", Round3(y)},
              {"t", static_cast<int>(t)},
              {"terrain", TerrainId(t)},
              {"level", chart[t].level},
              {"edges", L.Edges(i)},
              {"cost", cost}};
    if (!road.empty()) h["road"] = road;
    if (!crest.empty()) h["crest"] = crest;
    if (!place_of[static_cast<size_t>(i)].empty()) h["place"] = place_of[static_cast<size_t>(i)];
    // A12 only-bridges-intact: a bridge of the sheet that the scenario destroyed (now a river).
    if (destroyed_at[static_cast<size_t>(i)]) {
      h["destroyed_bridge"] = true;
      destroyed.push_back(i);
    }
    hexes.push_back(h);
  }
  j["hexes"] = hexes;
  j["bounds"] = {{"min_x", Round3(min_x - 1)},
                 {"min_y", Round3(min_y - k)},
                 {"max_x", Round3(max_x + 1)},
                 {"max_y", Round3(max_y + k)}};

  json roads = json::array(), rivers = json::array();
  for (const SheetSlot& slot : L.slots()) {
    const Sheet& sh = data.sheet(slot.sheet);
    for (const Road& r : sh.roads) {
      json p = PathsJson(L, r.path);
      if (!p.empty()) roads.push_back({{"id", r.id}, {"name", r.name}, {"paths", p}});
    }
    for (const River& r : sh.rivers) {
      json p = PathsJson(L, r.hexes);
      if (!p.empty()) rivers.push_back({{"id", r.id}, {"name", r.name}, {"paths", p}});
    }
  }
  j["roads"] = roads;
  j["rivers"] = rivers;
  j["objectives"] = g->objectives();

  json zones = json::array();
  if (sc != nullptr)
    for (const Zone& z : sc->zones)
      zones.push_back({{"id", z.id},
                       {"text", z.text.en},
                       {"text_de", z.text.in(Lang::kDe)},
                       {"hexes", z.hexes}});
  j["zones"] = zones;
  j["destroyed_bridges"] = destroyed;
  j["exits"] = sc != nullptr ? ExitsJson(*g, *sc) : json::array();
  j["boundary"] = sc != nullptr ? BoundaryJson(*g, *sc) : json(nullptr);
  j["briefing"] = sc != nullptr ? BriefingJson(*sc) : json(nullptr);
  if (sc != nullptr) {  // what each objective means, who arrives when (briefing.cc)
    j["briefing"]["objectives"] = BriefingObjectivesJson(*sc);
    j["briefing"]["reinforcements"] = BriefingReinforcementsJson(*sc, data);
  }

  json formations = json::array();
  for (int f = 0; f < g->num_formations(); ++f) {
    const FormationInfo& fi = g->formation(f);
    formations.push_back({{"i", f},
                          {"id", fi.data->id},
                          {"name", fi.data->name},
                          {"name_de", fi.data->name_de},
                          {"side", fi.side},
                          {"seat", setup.seats[fi.side]},
                          {"markers", fi.markers},
                          {"hq", fi.hq},
                          {"shq", fi.shq},
                          {"morale", fi.morale},
                          {"command_range", fi.command_range}});
  }
  j["formations"] = formations;

  // Counter types, once each; units refer to them by id.
  json counters = json::object();
  json units = json::array();
  for (int u = 0; u < g->num_units(); ++u) {
    const UnitInfo& ui = g->unit(u);
    if (!counters.contains(ui.counter->id)) counters[ui.counter->id] = CounterJson(*ui.counter);
    json uj = {{"i", u},
               {"label", ui.label},
               {"side", ui.side},
               {"seat", setup.seats[ui.side]},
               {"formation", ui.formation},
               {"counter", ui.counter->id},
               {"hq", ui.hq},
               {"shq", ui.shq}};
    if (ui.sw != nullptr) uj["sw"] = ui.sw->id;
    units.push_back(uj);
  }
  json sws = json::array();
  for (int s = 0; s < g->num_sws(); ++s) {
    const WsrGame::SwInfo& si = g->sw_info(s);
    if (!counters.contains(si.counter->id)) counters[si.counter->id] = CounterJson(*si.counter);
    sws.push_back({{"i", s},
                   {"label", si.label},
                   {"counter", si.counter->id},
                   {"side", si.side},
                   {"formation", si.formation}});
  }
  for (int u = 0; u < g->num_units(); ++u) {
    const UnitInfo& ui = g->unit(u);
    if (ui.sw != nullptr && !counters.contains(ui.sw->id))
      counters[ui.sw->id] = CounterJson(*ui.sw);
  }
  j["units"] = units;
  j["sws"] = sws;
  j["counters"] = counters;
  return j;
}

}  // namespace feldherr::wsr

namespace feldherr::wsr {

namespace {

// WSR 6.1 mortar fire at a hex (R.2; A-12 as opportunity fire): the net hits on the hex and each
// unit's result; indirect fire first rolls its accuracy die (A-08: 1 = no effect, p = 1/6).
// The targets of a hex attack as the odds see them (disrupted, reduced, single step).
std::vector<UnitState> TargetStates(const WsrState& s, const std::vector<int>& units) {
  std::vector<UnitState> st;
  for (int t : units) {
    UnitState x;
    x.disrupted = s.has(t, kDisrupted);
    x.reduced = s.has(t, kReduced);
    x.single_step = s.info(t).counter->steps <= 1;
    st.push_back(x);
  }
  return st;
}

// A hex attack that happens only when an accuracy die lands (`lands`, else no effect: indirect
// mortar fire A-08, an artillery strike 11.2): `o` mixed with "nothing" in place; returns the
// expected net hits.
double MixAccuracy(HexAttackOdds& o, double lands) {
  for (double& q : o.net_hits) q *= lands;
  if (!o.net_hits.empty()) o.net_hits[0] += 1.0 - lands;
  for (ResultOdds& r : o.unit_result) {
    for (int c = 0; c < kNumCombatResults; ++c) {
      double& q = r[static_cast<size_t>(c)];
      q *= lands;
      if (static_cast<CombatResult>(c) == CombatResult::kNoEffect) q += 1.0 - lands;
    }
  }
  double expected = 0;
  for (size_t k = 0; k < o.net_hits.size(); ++k) expected += static_cast<double>(k) * o.net_hits[k];
  return expected;
}

// Per-unit results by label: {"us.m4a1": {"no-effect": p, ...}, ...}.
nlohmann::json PerUnitJson(const WsrState& s, const std::vector<int>& units,
                           const std::vector<ResultOdds>& results) {
  nlohmann::json per_unit = nlohmann::json::object();
  for (size_t i = 0; i < units.size(); ++i) {
    nlohmann::json r = nlohmann::json::object();
    for (int c = 0; c < kNumCombatResults; ++c)
      r[CombatResultName(static_cast<CombatResult>(c))] = results[i][static_cast<size_t>(c)];
    per_unit[s.unit_label(units[i])] = r;
  }
  return per_unit;
}

nlohmann::json HexFireOddsJson(const WsrState& s, int u, int hex) {
  using nlohmann::json;
  FireParams p;
  if (!s.can_fire_hex(u, hex, nullptr, &p)) return nullptr;
  std::vector<int> units;
  s.hex_targets(hex, 1 - s.side_of(u), units);
  if (units.empty() || units.size() > 4) return nullptr;
  HexAttackOdds o = OddsOfHexAttack(p, TargetStates(s, units));
  const bool indirect = s.indirect_hex_fire(u, hex);
  const double expected = MixAccuracy(o, indirect ? 5.0 / 6.0 : 1.0);
  const json per_unit = PerUnitJson(s, units, o.unit_result);
  const Text summary =
      say("{0}{2} hitting on {4}+ ({5} range) at hex {7}, defence {8} saving on {10}+: no hit "
          "{11:.1f}%, expected net hits {12:.2f} (WSR 6.1{13})",
          "{1}{3} ab {4}+ ({6} Reichweite) auf Feld {7}, Verteidigung {9} ab "
          "{10}+: kein Treffer {11:.1Lf}\u00a0%, erwartete Netto-Treffer {12:.2Lf} (WSR 6.1{13})",
          indirect ? "indirect fire (accuracy 2-6), " : "",
          indirect ? "indirektes Feuer (Treffsicherheit 2-6), " : "", DiceCount(p.dice),
          DiceCountDe(p.dice), p.to_hit, RangeBandName(p.band), RangeBandNameDe(p.band),
          s.hex_name(hex), DiceCount(p.defence_dice), DiceCountDe(p.defence_dice), p.save,
          100 * (o.net_hits.empty() ? 1.0 : o.net_hits[0]), expected, indirect ? ", A-08" : "");
  return {{"kind", "wsr-mortar"},
          {"summary", summary.en},
          {"summary_de", summary.de},
          {"params",
           {{"band", RangeBandName(p.band)},
            {"dice", p.dice},
            {"to_hit", p.to_hit},
            {"defence_dice", p.defence_dice},
            {"save", p.save},
            {"indirect", indirect}}},
          {"net_hits", o.net_hits},
          {"units", per_unit},
          {"expected_net_hits", expected}};
}

// WSR 11.2: a strike's odds before it is called. The accuracy die (2-6 lands) is one die for the
// whole strike; each hex of an HE strike is then attacked separately (11.2.1), so every hex's
// distribution is exact and shares the factor 5/6. Smoke: the accuracy die alone.
// pre: the WSR-A7 pre-game strike (`u` = the HQ seeing the hex).
nlohmann::json CallOddsJson(const WsrState& s, int u, int hex, int k, bool pre = false) {
  using nlohmann::json;
  if (pre ? !s.can_pre_strike(hex, k, nullptr) : !s.can_call(u, hex, k, nullptr)) return nullptr;
  const int side = s.side_of(u);
  const double lands = 5.0 / 6.0;
  const std::string name = s.strike_name(side, k);
  if (s.strike_kind(side, k).smoke) {
    const Text summary =
        say("smoke on {0}: Smoke 2 marker {1:.1f}%, no effect {2:.1f}% (accuracy die, WSR 11.2, "
            "11.2.2)",
            "Rauch auf {0}: Rauch-2-Marker {1:.1Lf}\u00a0%, ohne Wirkung {2:.1Lf}\u00a0% "
            "(Treffsicherheitswurf, WSR 11.2, 11.2.2)",
            s.hex_name(hex), 100 * lands, 100 * (1 - lands));
    return {{"kind", "wsr-smoke"},
            {"summary", summary.en},
            {"summary_de", summary.de},
            {"params", {{"strike", name}, {"hex", s.hex_name(hex)}, {"lands", lands}}},
            {"results", {{"smoke-2", lands}, {"no-effect", 1 - lands}}}};
  }
  WsrState c = s;  // barrage_params reads the strike being resolved
  c.strike = WsrState::StrikeRec{static_cast<int16_t>(hex),
                                 static_cast<int8_t>(u),
                                 static_cast<uint8_t>(side),
                                 static_cast<uint8_t>(k),
                                 1,
                                 0};
  // By hex id (an object, so that generic odds tables read each hex's distributions).
  json hexes = json::object();
  double expected_all = 0;
  std::vector<int> units;
  for (int i = 0; i < 7; ++i) {
    const int h = i == 0 ? hex : s.wgame().layout().Neighbour(hex, i - 1);
    if (h < 0) continue;
    c.barrage_targets(h, units);
    if (units.empty() || units.size() > 4) continue;
    FireParams p;
    if (!c.barrage_params(h, &p)) continue;
    HexAttackOdds o = OddsOfHexAttack(p, TargetStates(s, units));
    const double expected = MixAccuracy(o, lands);
    expected_all += expected;
    const json per_unit = PerUnitJson(s, units, o.unit_result);
    hexes[s.hex_name(h)] = {{"defence_dice", p.defence_dice},
                            {"ip_cancels", p.ip_cancels},
                            {"net_hits", o.net_hits},
                            {"units", per_unit},
                            {"expected_net_hits", expected}};
  }
  const GameSetup::Strike& st = s.strike_kind(side, k);
  const size_t n = hexes.size();
  const Text summary =
      say("{0} strike on {1}: lands {2:.1f}% (accuracy 2-6), then {3} hitting on {5}+ on each "
          "of {6} hex{7} with units; expected net hits {9:.2f} in all (WSR 11.2, 11.2.1)",
          "Artillerieschlag {0} auf {1}: im Ziel {2:.1Lf}\u00a0% (Treffsicherheit 2-6), dann {4} "
          "ab {5}+ auf jedes Feld mit Einheiten ({6} Feld{8}); erwartete Netto-Treffer "
          "insgesamt {9:.2Lf} (WSR 11.2, 11.2.1)",
          s.strike_words(side, k).en, s.hex_name(hex), 100 * lands, DiceCount(st.fp),
          DiceCountDe(st.fp), st.to_hit, n, n == 1 ? "" : "es", n == 1 ? "" : "er", expected_all);
  return {{"kind", "wsr-artillery"},
          {"summary", summary.en},
          {"summary_de", summary.de},
          {"params",
           {{"strike", name},
            {"hex", s.hex_name(hex)},
            {"dice", st.fp},
            {"to_hit", st.to_hit},
            {"lands", lands}}},
          {"hexes", hexes},
          {"expected_net_hits", expected_all}};
}

// WSR 11.3.1: one AA unit's fire at the aircraft over its target hex, its armor dice cancelling
// (G-9); with the net AA hits it already took (A-26: they add up), 2 or more destroy it, 1 makes
// it abort.
nlohmann::json FlakOddsJson(const WsrState& s, int u) {
  FireParams p;
  if (!s.can_flak(u, nullptr, &p)) return nullptr;
  UnitState plane;
  plane.single_step = true;
  const FireOdds o = OddsOfFire(p, plane);
  const int before = s.sortie.aa_hits;
  double attacks = 0, aborts = 0, destroyed = 0;
  for (size_t n = 0; n < o.net_hits.size(); ++n) {
    const int total = before + static_cast<int>(n);
    (total >= 2 ? destroyed : total == 1 ? aborts : attacks) += o.net_hits[n];
  }
  const Text summary = say(
      "{0} hitting on {2}+ ({3} range), armor {5} saving on {7}+: destroyed {8:.1f}%, aborts "
      "{9:.1f}% (with the {10} net hit{11} so far; WSR 11.3.1)",
      "{1} ab {2}+ ({4} Reichweite), Panzerung {6} ab {7}+: zerstört "
      "{8:.1Lf}\u00a0%, bricht ab {9:.1Lf}\u00a0% (mit den {10} Netto-Treffern bisher; WSR 11.3.1)",
      DiceCount(p.dice), DiceCountDe(p.dice), p.to_hit, RangeBandName(p.band),
      RangeBandNameDe(p.band), DiceCount(p.defence_dice), DiceCountDe(p.defence_dice), p.save,
      100 * destroyed, 100 * aborts, before, before == 1 ? "" : "s");
  return {{"kind", "wsr-flak"},
          {"summary", summary.en},
          {"summary_de", summary.de},
          {"params",
           {{"band", RangeBandName(p.band)},
            {"dice", p.dice},
            {"to_hit", p.to_hit},
            {"defence_dice", p.defence_dice},
            {"save", p.save},
            {"aa_hits_before", before}}},
          {"hits", o.hits},
          {"net_hits", o.net_hits},
          {"results", {{"attacks", attacks}, {"aborts", aborts}, {"destroyed", destroyed}}},
          {"expected_net_hits", o.expected_net_hits}};
}

// WSR 11.3.2: the aircraft's attack on `hex` if it survives the AA fire, the accuracy die mixed in
// exactly (1: another hex, 2: one die fewer, 3-6: full gold firepower).
nlohmann::json AirOddsJson(const WsrState& s, int hex) {
  using nlohmann::json;
  if (!s.can_air_target(hex, nullptr)) return nullptr;
  WsrState c = s;  // air_params reads the sortie
  c.sortie.hex = static_cast<int16_t>(hex);
  std::vector<int> units;
  c.air_targets(hex, units);
  if (units.empty() || units.size() > 4) return nullptr;
  const std::vector<UnitState> st = TargetStates(s, units);
  std::vector<double> net(1, 0.0);
  std::vector<ResultOdds> per(units.size(), ResultOdds{});
  double attacked = 0;
  FireParams full;
  for (int partial = 0; partial <= 1; ++partial) {
    const double q = partial ? 1.0 / 6.0 : 4.0 / 6.0;
    c.sortie.partial = static_cast<uint8_t>(partial);
    FireParams p;
    if (!c.air_params(hex, &p) || p.dice <= 0) continue;
    if (!partial) full = p;
    const HexAttackOdds o = OddsOfHexAttack(p, st);
    attacked += q;
    if (net.size() < o.net_hits.size()) net.resize(o.net_hits.size(), 0.0);
    for (size_t n = 0; n < o.net_hits.size(); ++n) net[n] += q * o.net_hits[n];
    for (size_t j = 0; j < units.size(); ++j)
      for (int r = 0; r < kNumCombatResults; ++r)
        per[j][static_cast<size_t>(r)] += q * o.unit_result[j][static_cast<size_t>(r)];
  }
  net[0] += 1.0 - attacked;
  double expected = 0;
  for (size_t n = 0; n < net.size(); ++n) expected += static_cast<double>(n) * net[n];
  for (ResultOdds& r : per) r[static_cast<size_t>(CombatResult::kNoEffect)] += 1.0 - attacked;
  const json per_unit = PerUnitJson(s, units, per);
  const Text summary =
      say("{0} on {1} if it survives the AA fire: {2} hitting on {4}+ (accuracy: 1 another hex, "
          "2 one die fewer), defence {5}; expected net hits {7:.2f} (WSR 11.3.2)",
          "{0} auf {1}, falls es das Flakfeuer übersteht: {3} ab {4}+ (Treffsicherheit: "
          "1 ein anderes Feld, 2 ein Würfel weniger), Verteidigung {6}; erwartete Netto-Treffer "
          "{7:.2Lf} (WSR 11.3.2)",
          s.air_label(s.sortie.k), s.hex_name(hex), DiceCount(full.dice), DiceCountDe(full.dice),
          full.to_hit, DiceCount(full.defence_dice), DiceCountDe(full.defence_dice), expected);
  return {{"kind", "wsr-air"},
          {"summary", summary.en},
          {"summary_de", summary.de},
          {"params",
           {{"aircraft", s.air_label(s.sortie.k)},
            {"hex", s.hex_name(hex)},
            {"dice", full.dice},
            {"to_hit", full.to_hit},
            {"ip_cancels", full.ip_cancels},
            {"defence_dice", full.defence_dice}}},
          {"net_hits", net},
          {"units", per_unit},
          {"expected_net_hits", expected}};
}

}  // namespace

nlohmann::json FireOddsJson(const State& state, const Action& action) {
  using nlohmann::json;
  const auto* s = dynamic_cast<const WsrState*>(&state);
  if (s != nullptr && action.verb == kFireHex && action.argc >= 2 && action.arg(0) >= 0 &&
      action.arg(0) < s->n_units && action.arg(1) >= 0 &&
      action.arg(1) < s->wgame().layout().size())
    return HexFireOddsJson(*s, action.arg(0), action.arg(1));
  if (s != nullptr && (action.verb == kAssault || action.verb == kOverrun) && action.argc >= 1 &&
      action.arg(0) >= 0 && action.arg(0) < s->wgame().layout().size())
    return AssaultOddsJson(*s, action.arg(0), action.verb == kOverrun);
  if (s != nullptr && action.verb == kCall && action.argc >= 3 && action.arg(0) >= 0 &&
      action.arg(0) < s->n_units)  // WSR 11.2
    return CallOddsJson(*s, action.arg(0), action.arg(1), action.arg(2));
  if (s != nullptr && action.verb == kPreStrike && action.argc >= 2 && action.arg(0) >= 0 &&
      action.arg(0) < s->wgame().layout().size() && s->pre_strike_seat() >= 0) {  // WSR-A7
    const int hq = s->pre_strike_observer(s->pre_strike_seat(), action.arg(0));
    return hq < 0 ? nullptr : CallOddsJson(*s, hq, action.arg(0), action.arg(1), true);
  }
  if (s != nullptr && action.verb == kFlak && action.argc >= 1)  // WSR 11.3.1
    return FlakOddsJson(*s, action.arg(0));
  if (s != nullptr && action.verb == kAirTarget && action.argc >= 1)  // WSR 11.3.2
    return AirOddsJson(*s, action.arg(0));
  if (s == nullptr || (action.verb != kFire && action.verb != kOpFire) || action.argc < 2)
    return nullptr;
  // The same parameters as the action's note (WsrState::declared_fire_params: "with-hq" and AA
  // as declared).
  FireParams p;
  if (!s->declared_fire_params(action, &p)) return nullptr;
  const int t = action.arg(1);
  UnitState target;
  target.disrupted = s->has(t, kDisrupted);
  target.reduced = s->has(t, kReduced);
  target.single_step = s->info(t).counter->steps <= 1;
  const FireOdds o = OddsOfFire(p, target);
  json result = json::object();
  for (int r = 0; r < kNumCombatResults; ++r)
    result[CombatResultName(static_cast<CombatResult>(r))] = o.result[static_cast<size_t>(r)];
  const double elim = o.result[static_cast<size_t>(CombatResult::kEliminated)];
  const double none = o.result[static_cast<size_t>(CombatResult::kNoEffect)];
  const Text summary =
      say("{0} hitting on {2}+ ({3} range, at most {5} hit{6}), defence {7} saving on {9}+: no "
          "effect {10:.1f}%, eliminated {11:.1f}%, expected net hits {12:.2f} (WSR 6.1)",
          "{1} ab {2}+ ({4} Reichweite, höchstens {5} Treffer), Verteidigung {8} ab {9}+: "
          "ohne Wirkung {10:.1Lf}\u00a0%, eliminiert {11:.1Lf}\u00a0%, erwartete Netto-Treffer "
          "{12:.2Lf} (WSR 6.1)",
          DiceCount(p.dice), DiceCountDe(p.dice), p.to_hit, RangeBandName(p.band),
          RangeBandNameDe(p.band), p.hit_cap, p.hit_cap == 1 ? "" : "s", DiceCount(p.defence_dice),
          DiceCountDe(p.defence_dice), p.save, 100 * none, 100 * elim, o.expected_net_hits);
  return {{"kind", "wsr-fire"},
          {"summary", summary.en},
          {"summary_de", summary.de},
          {"params",
           {{"band", RangeBandName(p.band)},
            {"dice", p.dice},
            {"to_hit", p.to_hit},
            {"hit_cap", p.hit_cap},
            {"ip_cancels", p.ip_cancels},
            {"defence_dice", p.defence_dice},
            {"save", p.save}}},
          {"hits", o.hits},
          {"net_hits", o.net_hits},
          {"result", result},
          {"expected_net_hits", o.expected_net_hits}};
}

}  // namespace feldherr::wsr
