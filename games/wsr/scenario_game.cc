// White Star Rising: the GameSetup and WsrGame of a scenario (docs/wsr-play.md).
#include "games/wsr/scenario_game.h"

#include <algorithm>
#include <filesystem>

#include "engine/errors.h"

namespace feldherr::wsr {

namespace {

void CollectZones(const Condition& c, std::vector<std::string>& out) {
  if (!c.zone.empty() && std::find(out.begin(), out.end(), c.zone) == out.end())
    out.push_back(c.zone);
  for (const Condition& k : c.children) CollectZones(k, out);
}

}  // namespace

const std::vector<std::string>& PlayableScenarioIds() {
  static const std::vector<std::string> ids = {"noville",  "le-hauderie", "vierville", "koeln",
                                               "chaumont", "paderborn",   "luneville", "odon",
                                               "carentan", "arnhem",      "elsenborn", "bieville",
                                               "bastogne", "remagen",     "huertgen",  "omaha"};
  return ids;
}

const std::vector<std::string>& ImplementedSpecialRules() {
  static const std::vector<std::string> ids = {"m18-fire-and-move",
                                               "hq-replacement-any-unit",
                                               "no-rivers",
                                               "dismounted-only",
                                               "rubble",
                                               "hq-on-counter",
                                               "panther-ambush",
                                               "artillery-caller",
                                               "artillery-limit",
                                               "only-bridges-intact",
                                               "no-demolition",
                                               "boundary-line",
                                               "no-road",
                                               "air-withdrawn",
                                               "no-hills",
                                               "ip-unoccupied",
                                               "ip-forbidden-terrain",
                                               "air-trigger",
                                               "no-withheld-end-turn",
                                               "blow-the-bridge",
                                               "dd-tanks",
                                               "designated-formation-marker",
                                               "pre-game-strike",
                                               "place-on-activation"};
  return ids;
}

std::vector<const SpecialRule*> MissingSpecialRules(const Scenario& sc) {
  std::vector<const SpecialRule*> missing;
  const auto& done = ImplementedSpecialRules();
  for (const SpecialRule& r : sc.special_rules)
    if (std::find(done.begin(), done.end(), r.id) == done.end()) missing.push_back(&r);
  return missing;
}

Text MissingSpecialRulesText(const Scenario& sc) {
  const auto missing = MissingSpecialRules(sc);
  if (missing.empty()) return {};
  std::string names;
  for (const SpecialRule* r : missing) names += (names.empty() ? "'" : ", '") + r->id + "'";
  const SpecialRule& first = *missing.front();
  return {sc.code + " " + sc.title + " needs the special rule" + (missing.size() > 1 ? "s " : " ") +
              names + ", not implemented yet (" + first.id + ": " + first.text.en + ")",
          sc.code + " " + sc.title_in(Lang::kDe) + " braucht die Sonderregel" +
              (missing.size() > 1 ? "n " : " ") + names + ", noch nicht umgesetzt (" + first.id +
              ": " + first.text.in(Lang::kDe) + ")"};
}

Text UnavailableScenario(std::string_view id) {
  // Only a plain file stem names a shipped scenario (no path may reach outside data/wsr).
  if (id.empty() || !std::all_of(id.begin(), id.end(), [](char c) {
        return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-';
      }))
    return {};
  const std::string path = data_dir() + "/wsr/scenarios/" + std::string(id) + ".toml";
  if (!std::filesystem::exists(path)) return {};
  try {
    return MissingSpecialRulesText(*LoadShippedScenario(id));
  } catch (const std::exception& e) {
    return {e.what(), ""};  // a fault of the data file: FILE:LINE, in English (engine/errors.h)
  }
}

std::shared_ptr<const Scenario> LoadShippedScenario(std::string_view id) {
  return std::make_shared<const Scenario>(
      LoadScenario(data_dir() + "/wsr/scenarios/" + std::string(id) + ".toml", ShippedData()));
}

std::vector<std::string> VictoryZones(const Scenario& sc) {
  std::vector<std::string> zones;
  for (const Outcome& o : sc.victory.outcomes) CollectZones(o.condition, zones);
  for (const ScoreRule& r : sc.victory.scoring)
    if (!r.zone.empty() && std::find(zones.begin(), zones.end(), r.zone) == zones.end())
      zones.push_back(r.zone);
  return zones;
}

GameSetup ScenarioSetup(const Data& data, std::shared_ptr<const Scenario> sc,
                        bool chaos_variation) {
  if (!sc) throw DataError("scenario: none given");
  const std::string where = sc->file + ": " + sc->code + " " + sc->title;
  // Special rules the rules engine does not play yet: refuse the scenario rather than play it
  // without them (docs/wsr-scenarios.md lists the hooks).
  if (const Text missing = MissingSpecialRulesText(*sc); !missing.en.empty())
    throw DataError(sc->file + ": " + missing.en);
  GameSetup g;
  g.scenario = sc->id;
  g.seats.clear();
  for (const Side& s : sc->sides) g.seats.push_back(s.id);  // [[side]] order
  if (g.seats.size() != 2) throw DataError(where + ": two sides expected");
  auto seat_of = [&](const std::string& side) {
    for (size_t k = 0; k < g.seats.size(); ++k)
      if (g.seats[k] == side) return static_cast<int>(k);
    throw DataError(where + ": unknown side '" + side + "'");
  };
  for (size_t k = 0; k < sc->sides.size(); ++k) g.fate_points[k] = sc->sides[k].fate_points;
  // WSR 11.2: the artillery support ("N x FT" HE strikes, smoke strikes) of each side.
  for (size_t k = 0; k < sc->sides.size(); ++k) {
    for (const Artillery& a : sc->sides[k].artillery_he) {
      auto same = std::find_if(g.artillery[k].begin(), g.artillery[k].end(),
                               [&](const auto& s) { return s.fp == a.fp && s.to_hit == a.to_hit; });
      if (same != g.artillery[k].end())
        same->count += a.strikes;  // "1 x 34" twice = "2 x 34"
      else
        g.artillery[k].push_back({false, a.fp, a.to_hit, a.strikes});
    }
    if (sc->sides[k].artillery_smoke > 0)
      g.artillery[k].push_back({true, 0, 0, sc->sides[k].artillery_smoke});
  }
  // WSR 11.3: each side's aircraft counters (`count` of each) with the turn they enter the cup.
  for (size_t k = 0; k < sc->sides.size(); ++k)
    for (const Air& a : sc->sides[k].air)
      for (int n = 0; n < a.count; ++n) g.air.push_back({static_cast<int>(k), a.counter, a.turn});
  // A4 air-trigger: the aircraft of the hook enters the cup when the hook says (special_rules.cc);
  // it belongs to the side of its nation ("de.stuka": de).
  if (const SpecialRule* r = sc->FindRule("air-trigger")) {
    const std::string counter = r->Str("counter");
    const std::string nation = counter.substr(0, counter.find('.'));
    g.air.push_back({seat_of(nation), counter, GameSetup::kAirOnTrigger});
  }
  // WSR 8.2: mine markers per side (placed in play, fortification.cc). WSR 8.1: improved
  // positions placed by the player during setup have no setup decision yet (the basic
  // scenarios have none): refuse such scenarios rather than play them without their IPs.
  for (size_t k = 0; k < sc->sides.size(); ++k) {
    g.mines[k] = sc->sides[k].mines;
  }
  // WSR 8.1: the improved positions a side places during its setup (setup.cc) are counted from
  // the IP markers on the map, which needs that only one side places them (true of all 16).
  if (sc->sides.size() == 2 && sc->sides[0].improved_positions > 0 &&
      sc->sides[1].improved_positions > 0)
    throw DataError(where + ": both sides place improved positions (WSR 8.1): not supported");
  // WSR 9.0 / A-35: chaos markers join the cup at the start of their turn; a `variation`
  // marker ("if both players agree", B1) only with the option chaos_variation.
  for (const ChaosMarkers& c : sc->chaos)
    if (!c.variation || chaos_variation) g.chaos.push_back({c.turn, c.count});
  // Formations (WSR 1.5, 1.7.1): morale is the scenario's, which the loader checks against
  // formations.toml (WSR 13.0), so the FormationInfo morale is the same number.
  for (const FormationSetup& fs : sc->formations) {
    SetupFormation f;
    f.id = fs.id;
    f.side = seat_of(fs.side);
    f.markers = 1;  // WSR 1.7.1: one marker per formation; marker_turn is read by start_play
    g.formations.push_back(f);
  }
  // Units: one per counter, counts expanded, in file order (force by force).
  for (size_t fi = 0; fi < sc->forces.size(); ++fi) {
    const Force& force = sc->forces[fi];
    int platoons = 0, weapons = 0;
    std::vector<int> riders, carriers;  // indices into g.units
    for (const ForceUnit& fu : force.units) {
      const CounterType* c = data.FindCounter(fu.counter);
      if (c == nullptr) throw DataError(where + ": unknown counter '" + fu.counter + "'");
      for (int n = 0; n < fu.count; ++n) {
        if (c->is_support_weapon()) {  // WSR 1.3.4.1: assigned during setup
          g.support_weapons.push_back({fu.counter, force.formation, static_cast<int>(fi)});
          ++weapons;
          continue;
        }
        if (c->infantry_type()) ++platoons;
        SetupUnit u;
        u.counter = fu.counter;
        u.formation = force.formation;
        u.reduced = fu.reduced;
        u.mounted = fu.mounted;
        u.force = static_cast<int>(fi);
        if (fu.loaded) riders.push_back(static_cast<int>(g.units.size()));
        if (!c->transport && !c->is_hq() && c->face_for(false, false).carrier)
          carriers.push_back(static_cast<int>(g.units.size()));
        g.units.push_back(u);
      }
    }
    // WSR 5.2, [REC] A-38: platoons marked `loaded` ride in the force's separate carriers, one
    // each, in file order (the loader checks there are enough).
    if (riders.size() > carriers.size())
      throw DataError(where + ": a force of " + force.formation +
                      " has more loaded platoons than carriers (A-38)");
    for (size_t k = 0; k < riders.size(); ++k)
      g.units[static_cast<size_t>(riders[k])].carried_by = carriers[k];
    if (weapons > platoons)
      throw DataError(where + ": a force of " + force.formation + " has " +
                      std::to_string(weapons) + " support weapons but only " +
                      std::to_string(platoons) +
                      " infantry-type platoons to hold them (WSR 1.3.4.1)");
  }
  g.turns = sc->turns;
  g.end_turn_markers = sc->end_turn_markers;
  // WSR 12.2: at the start each side controls every hex where it could set up (its forces'
  // setup zones; A-34: entry zones are not controlled). A hex in both sides' zones: neither.
  std::vector<int> owner(static_cast<size_t>(sc->layout.size()), -1);
  for (const Force& force : sc->forces) {
    if (force.arrival != ArrivalKind::kSetup) continue;
    const Zone* z = sc->FindZone(force.zone);
    if (z == nullptr) throw DataError(where + ": unknown zone '" + force.zone + "'");
    const int side = seat_of(sc->SideOf(force.formation));
    for (int h : z->hexes) {
      int& o = owner[static_cast<size_t>(h)];
      o = (o == -1 || o == side) ? side : -2;
    }
  }
  for (int h = 0; h < sc->layout.size(); ++h) {
    const int o = owner[static_cast<size_t>(h)];
    if (o >= 0) g.controlled[static_cast<size_t>(o)].push_back(sc->layout.Name(h));
  }
  // Objectives: every hex of the zones the victory conditions name.
  for (const std::string& zid : VictoryZones(*sc)) {
    const Zone* z = sc->FindZone(zid);
    if (z == nullptr) throw DataError(where + ": unknown victory zone '" + zid + "'");
    for (int h : z->hexes) {
      const std::string name = sc->layout.Name(h);
      if (std::find(g.objectives.begin(), g.objectives.end(), name) == g.objectives.end())
        g.objectives.push_back(name);
    }
  }
  g.scenario_data = std::move(sc);
  return g;
}

std::shared_ptr<const WsrGame> MakeScenarioGame(const Data& data,
                                                std::shared_ptr<const Scenario> sc,
                                                WsrOptions options) {
  GameSetup g = ScenarioSetup(data, sc, options.chaos_variation);
  return std::make_shared<const WsrGame>(data, sc->layout, std::move(g), options);
}

}  // namespace feldherr::wsr
