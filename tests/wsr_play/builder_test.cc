// The scenario builder (games/wsr/scenario_game.h): seats, formations, units per force, support
// weapons, start control (WSR 12.2), objectives, and the module registration.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>

#include "engine/errors.h"
#include "engine/registry.h"
#include "games/wsr/scenario_game.h"
#include "tests/wsr_play/wsr_play_util.h"

namespace feldherr::wsr::testing {
namespace {

int CountCounter(const WsrGame& g, const std::string& id) {
  int n = 0;
  for (int u = 0; u < g.num_units(); ++u) n += g.unit(u).counter->id == id ? 1 : 0;
  return n;
}

int UnitsOfSide(const WsrGame& g, int side) {
  int n = 0;
  for (int u = 0; u < g.num_units(); ++u) n += g.unit(u).side == side ? 1 : 0;
  return n;
}

struct Expect {
  const char* id;
  int units_de, units_us, sws;
};

class BuilderCounts : public ::testing::TestWithParam<Expect> {};

// WSR 12.1 forces: one unit per counter (counts expanded), SWs apart (WSR 1.3.4.1).
TEST_P(BuilderCounts, WSR_12_1_EveryCounterOfEveryForceIsAUnitAndSwsAreApart) {
  const Expect e = GetParam();
  auto g = ScenarioGame(e.id);
  ASSERT_EQ(g->seats(), (std::vector<std::string>{"de", "us"}));  // [[side]] order
  EXPECT_EQ(UnitsOfSide(*g, 0), e.units_de);
  EXPECT_EQ(UnitsOfSide(*g, 1), e.units_us);
  EXPECT_EQ(g->num_sws(), e.sws);
  const Scenario& sc = *g->setup().scenario_data;
  EXPECT_EQ(g->setup().turns, sc.turns);
  EXPECT_EQ(g->num_formations(), static_cast<int>(sc.formations.size()));
  for (const FormationSetup& fs : sc.formations) {
    const int f = g->formation_index(fs.id);
    ASSERT_GE(f, 0) << fs.id;
    EXPECT_EQ(g->formation(f).morale, fs.morale) << fs.id;
    EXPECT_EQ(g->formation(f).side, g->seat_index(fs.side)) << fs.id;
  }
  // Every unit starts off the map (set up or arriving), with its force.
  auto s = g->initial();
  for (int u = 0; u < g->num_units(); ++u) {
    EXPECT_TRUE(s.has(u, kOffMap)) << g->unit(u).label;
    EXPECT_GE(g->setup().units[static_cast<size_t>(u)].force, 0);
  }
}

INSTANTIATE_TEST_SUITE_P(Basic, BuilderCounts,
                         ::testing::Values(Expect{"noville", 12, 14, 3},
                                           Expect{"le-hauderie", 13, 17, 4},
                                           Expect{"vierville", 11, 7, 4},
                                           Expect{"koeln", 6, 10, 1}),
                         [](const auto& test) {
                           std::string n = test.param.id;
                           std::replace(n.begin(), n.end(), '-', '_');
                           return n;
                         });

TEST(WsrBuilder, WSR_B1_NovilleForcesAndSupportWeapons) {
  auto g = ScenarioGame("noville");
  EXPECT_EQ(CountCounter(*g, "de.panzergrenadiere"), 4);  // 3 set up + 1 second element
  EXPECT_EQ(CountCounter(*g, "de.panther"), 2);
  EXPECT_EQ(CountCounter(*g, "us.m4a1"), 2);
  EXPECT_NE(g->unit_by_label("us.m4a1-2"), -1);
  EXPECT_NE(g->sw_by_label("de.hmg"), -1);
  EXPECT_NE(g->sw_by_label("us.hmg"), -1);
  EXPECT_NE(g->sw_by_label("us.bazooka"), -1);
  // The panzergrenadiere start mounted (scenario stand-in).
  auto s = g->initial();
  EXPECT_TRUE(s.has(g->unit_by_label("de.panzergrenadiere-1"), kMounted));
  EXPECT_EQ(g->setup().fate_points[0], 1);  // de
  EXPECT_EQ(g->setup().fate_points[1], 4);  // us
}

// WSR 12.2: each side controls every hex where it could set up; entry zones are not controlled
// objectives are the hexes of the victory zones.
TEST(WsrBuilder, WSR_12_2_SetupZonesStartControlled) {
  auto g = ScenarioGame("noville");
  auto s = g->initial();
  const HexLayout& L = g->layout();
  EXPECT_EQ(s.controller(L.Index("A-Q01")), 0);  // beck-setup, columns Q-U
  EXPECT_EQ(s.controller(L.Index("A-U11")), 0);
  EXPECT_EQ(s.controller(L.Index("A-A01")), 1);  // cca-setup, columns A-M
  EXPECT_EQ(s.controller(L.Index("A-M06")), 1);
  EXPECT_EQ(s.controller(L.Index("A-O06")), -1);  // no man's land
  // Ste Jeanne (A-G08 H08 G09 H09) is the only objective.
  std::vector<int> obj = g->objectives();
  std::sort(obj.begin(), obj.end());
  std::vector<int> want = {L.Index("A-G08"), L.Index("A-G09"), L.Index("A-H08"), L.Index("A-H09")};
  std::sort(want.begin(), want.end());
  EXPECT_EQ(obj, want);
  // B3: the Germans enter by the south edge and control nothing at the start.
  auto v = ScenarioGame("vierville");
  auto vs = v->initial();
  const Zone* edge = v->setup().scenario_data->FindZone("south-edge");
  for (int h : edge->hexes) {
    if (!v->setup().scenario_data->FindZone("vslf")->Contains(h)) {
      EXPECT_NE(vs.controller(h), 0) << v->layout().Name(h);
    }
  }
}

TEST(WsrBuilder, WSR_B4_KoelnObjectivesAreTheCathedralAndTheNOCityHexes) {
  auto g = ScenarioGame("koeln");
  const HexLayout& L = g->layout();
  const std::vector<int>& obj = g->objectives();
  EXPECT_EQ(obj.size(), 7u);  // B-Q04 + 6 city hexes in columns N-O
  EXPECT_NE(std::find(obj.begin(), obj.end(), L.Index("B-Q04")), obj.end());
  EXPECT_NE(std::find(obj.begin(), obj.end(), L.Index("B-N05")), obj.end());
}

// Exits (G-12) are not tracked: a scenario with an exit condition is refused at build time.
TEST(WsrBuilder, G_12_ExitConditionsGiveTheSideItsExitHexes) {
  auto sc = std::make_shared<Scenario>(*LoadShippedScenario("noville"));
  Condition exit;
  exit.kind = ConditionKind::kExit;
  exit.zone = "beck-entry-east";
  exit.count = 1;
  sc->victory.outcomes[0].condition = exit;
  auto game = MakeScenarioGame(ShippedData(), sc);
  const int side = game->seat_index(sc->victory.outcomes[0].side);
  const int hex = sc->FindZone("beck-entry-east")->hexes.front();
  EXPECT_TRUE(game->exit_hex(side, hex));
  EXPECT_FALSE(game->exit_hex(1 - side, hex));
}

// WSR 11.2: a side's artillery_he "N x FT" entries and artillery_smoke become its strike kinds;
// equal kinds add up ("1 x 44" twice = "2 x 44").
TEST(WsrBuilder, WSR_11_3_AircraftFromTheScenarioSidesWithTheTurnTheyEnterTheCup) {
  auto sc = std::make_shared<Scenario>(*LoadShippedScenario("noville"));
  Side* us = nullptr;
  for (Side& side : sc->sides)
    if (side.id == "us") us = &side;
  ASSERT_NE(us, nullptr);
  us->air = {{"us.p-47", 2, 3}};
  const GameSetup g = ScenarioSetup(ShippedData(), sc, false);
  const int seat = g.seats[0] == "us" ? 0 : 1;
  ASSERT_EQ(g.air.size(), 2u);  // count 2: two counters
  EXPECT_EQ(g.air[0].side, seat);
  EXPECT_EQ(g.air[0].counter, "us.p-47");
  EXPECT_EQ(g.air[1].turn, 3);
  const WsrGame game(ShippedData(), sc->layout, g);
  const WsrState s = game.initial();
  EXPECT_EQ(s.air_label(1), "us.p-47-2");
  EXPECT_EQ(s.air[0], WsrState::kAirWaiting);  // until the start of turn 3 (WSR 11.3)
  // The shipped Arnhem: a Typhoon from the start of turn 2.
  const GameSetup c = ScenarioSetup(ShippedData(), LoadShippedScenario("arnhem"), false);
  ASSERT_EQ(c.air.size(), 1u);
  EXPECT_EQ(c.air[0].counter, "uk.typhoon");
  EXPECT_EQ(c.air[0].turn, 2);
}

TEST(WsrBuilder, WSR_11_2_ArtillerySupportFromTheScenarioSides) {
  auto sc = std::make_shared<Scenario>(*LoadShippedScenario("noville"));
  Side* us = nullptr;
  for (Side& side : sc->sides)
    if (side.id == "us") us = &side;
  ASSERT_NE(us, nullptr);
  us->artillery_he = {{1, 4, 4}, {2, 3, 4}, {1, 4, 4}};
  us->artillery_smoke = 1;
  const GameSetup g = ScenarioSetup(ShippedData(), sc, false);
  const size_t seat = g.seats[0] == "us" ? 0 : 1;
  const auto& kinds = g.artillery[seat];
  ASSERT_EQ(kinds.size(), 3u);
  EXPECT_FALSE(kinds[0].smoke);
  EXPECT_EQ(kinds[0].fp, 4);
  EXPECT_EQ(kinds[0].to_hit, 4);
  EXPECT_EQ(kinds[0].count, 2);
  EXPECT_EQ(kinds[1].fp, 3);
  EXPECT_EQ(kinds[1].count, 2);
  EXPECT_TRUE(kinds[2].smoke);
  EXPECT_EQ(kinds[2].count, 1);
  EXPECT_TRUE(g.artillery[1 - seat].empty());
  const WsrGame game(ShippedData(), sc->layout, g);
  const WsrState s = game.initial();
  EXPECT_EQ(s.strikes_left[seat][0], 2);
  EXPECT_EQ(s.strike_name(static_cast<int>(seat), 0), "he-44");
  EXPECT_EQ(s.strike_name(static_cast<int>(seat), 2), "smoke");
}

TEST(WsrModule, ListsThePlayableScenariosWithTheirFileTitles) {
  const GameModule* m = all_games().find("wsr");
  ASSERT_NE(m, nullptr);
  ASSERT_EQ(m->scenarios.size(), PlayableScenarioIds().size());
  int basic = 0;
  for (size_t k = 0; k < m->scenarios.size(); ++k) {
    const ScenarioInfo& info = m->scenarios[k];
    EXPECT_EQ(info.id, PlayableScenarioIds()[k]);
    auto sc = LoadShippedScenario(info.id);
    EXPECT_EQ(info.title, sc->code + " " + sc->title + " (" + sc->date + ")");
    EXPECT_EQ(info.title_de, sc->code + " " + sc->title_in(Lang::kDe) + " (" + sc->date + ")");
    basic += sc->type == ScenarioType::kBasic ? 1 : 0;
    auto g = all_games().create("wsr/" + info.id, {});
    EXPECT_EQ(g->scenario(), info.id);
  }
  EXPECT_EQ(basic, 4);
  EXPECT_EQ(m->scenarios.size(), 16u);  // WSR 12.0: all 16 scenarios of the rulebook
}

// A scenario file with a special rule the rules engine does not play is refused naming the rule,
// in English and German (the CLI's --lang de and the server's message_de show the German); the
// builder refuses it too (WSR 12.0: a scenario is played with all its special rules or not at
// all).
TEST(WsrModule, WSR_12_0_AMissingSpecialRuleIsNamedInBothLanguages) {
  auto sc = std::make_shared<Scenario>(*LoadShippedScenario("noville"));
  SpecialRule night;
  night.id = "night-fighting";
  night.text = {"Visibility is 2 hexes.", "Die Sichtweite beträgt 2 Felder."};
  sc->special_rules.push_back(night);
  const Text why = MissingSpecialRulesText(*sc);
  EXPECT_EQ(why.en,
            "WSR-B1 Noville, Belgium needs the special rule 'night-fighting', not implemented "
            "yet (night-fighting: Visibility is 2 hexes.)");
  EXPECT_EQ(why.de,
            "WSR-B1 Noville, Belgien braucht die Sonderregel 'night-fighting', noch nicht "
            "umgesetzt (night-fighting: Die Sichtweite beträgt 2 Felder.)");
  try {
    (void)ScenarioSetup(ShippedData(), sc, false);
    ADD_FAILURE() << "no error";
  } catch (const DataError& e) {
    EXPECT_EQ(std::string(e.what()), sc->file + ": " + why.en);
  }
  EXPECT_EQ(MissingSpecialRulesText(*LoadShippedScenario("noville")), Text{});
}

// Every shipped scenario file is offered (no special rule missing), so the registry has no
// "not playable" answer for any of them; ids without a scenario file (or reaching outside
// data/wsr) stay unknown.
TEST(WsrModule, WSR_12_0_EveryShippedScenarioIsOffered) {
  for (const char* id : {"huertgen", "omaha"}) {
    EXPECT_EQ(UnavailableScenario(id), Text{}) << id;
    EXPECT_NO_THROW((void)all_games().create(std::string("wsr/") + id, {})) << id;
  }
  for (const char* id : {"wsr/atlantis", "wsr/../wsr/scenarios/omaha"}) {
    try {
      (void)all_games().create(id, {});
      FAIL() << id;
    } catch (const UsageError& e) {
      EXPECT_THAT(e.what(), ::testing::HasSubstr("unknown scenario")) << id;
    }
  }
}

// A scenario with a special rule the rules engine does not play is refused, naming the hook (a
// hook id the loader does not know, given directly).
TEST(WsrBuilder, WSR_12_0_UnimplementedSpecialRulesAreRefusedByName) {
  auto sc = std::make_shared<Scenario>(*LoadShippedScenario("omaha"));
  SpecialRule r;
  r.id = "future-hook";
  r.text = {"a rule of a later scenario", "eine Regel eines späteren Szenarios"};
  sc->special_rules.push_back(r);
  ASSERT_EQ(MissingSpecialRules(*sc).size(), 1u);
  try {
    MakeScenarioGame(ShippedData(), sc);
    FAIL() << "no error";
  } catch (const DataError& e) {
    EXPECT_THAT(e.what(), ::testing::HasSubstr("needs the special rule 'future-hook', not "
                                               "implemented yet"));
  }
}

}  // namespace
}  // namespace feldherr::wsr::testing
