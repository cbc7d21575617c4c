// The engine's conformance battery (random games: legal actions, chance outcomes, parse/describe
// round trips, clone, JSON, hash, invariants) on hand-built positions of the four basic
// scenarios, with reinforcements, the B1 random entry, first activations, the M18 and the B4
// ambush Panther in play.
#include "engine/conformance.h"

#include <gtest/gtest.h>

#include "engine/registry.h"
#include "tests/wsr_scenario_rules/scenario_rules_util.h"

namespace feldherr::wsr::testing {
namespace {

void RunScenario(const std::string& id, std::vector<SetupUnit> units, int turns, int games) {
  const auto sc = LoadScen(id);
  GameSetup g = ScenSetup(sc, std::move(units));
  g.turns = turns;
  WsrGame game(ScenData(), sc->layout, g);
  ConformanceOptions o;
  o.games = games;
  o.seed = 11;
  o.odds = all_games().find("wsr")->odds;  // asked as the server asks (engine/view.h)
  o.max_actions = 6000;
  o.invariant = [](const State& s) {
    return static_cast<const WsrState&>(s).invariant_violation();
  };
  ConformanceReport r = run_conformance(game, o);
  for (const auto& f : r.failures) ADD_FAILURE() << id << ": " << f;
  EXPECT_EQ(r.games, games);
  EXPECT_EQ(r.terminated, games) << id;
}

TEST(WsrScenarioConformance, B1NovilleWithTheSecondElementAndTheM18) {
  RunScenario(
      "noville",
      {SU("de.hq-beck", "A-R06", 0), SU("de.panzer-iv", "A-R05", 0), SU("de.panther", "A-Q06", 0),
       SU("de.shq-beck", "", 1), SU("de.tiger-i", "", 1), SU("de.stug-iii", "", 1),
       SU("de.panzergrenadiere", "", 1, true), SU("us.hq-507", "A-K09", 2),
       SU("us.paratroopers", "A-K09", 2), SU("us.m18", "A-J09", 2), SU("us.hq-cca", "A-H06", 3),
       SU("us.m4a1", "A-H06", 3), SU("us.m4a3e8", "A-G06", 3)},
      4, 12);
}

TEST(WsrScenarioConformance, B2LeHauderieWithFirstActivations) {
  RunScenario(
      "le-hauderie",
      {SU("de.hq-dauer", "B-F08", 0), SU("de.panzergrenadiere", "B-F08", 0),
       SU("de.hq-107", "A-G08", 1), SU("de.infantry", "A-G08", 1), SU("us.hq-2-16", "A-R05", 2),
       SU("us.infantry", "A-R05", 2), SU("us.57mm-atg", "A-R04", 2),
       SU("us.hq-73-recon", "B-R05", 3), SU("us.mech-infantry", "B-R05", 3, true)},
      3, 10);
}

TEST(WsrScenarioConformance, B3ViervilleWithReinforcements) {
  std::vector<SetupUnit> u = {SU("us.hq-507", "B-Q05", 0),       SU("us.paratroopers", "B-Q05", 0),
                              SU("us.paratroopers", "B-N06", 0), SU("us.paratroopers", "", 1),
                              SU("us.paratroopers", "", 1),      SU("de.hq-107", "", 2)};
  for (int k = 0; k < 4; ++k) u.push_back(SU("de.infantry", "", 2));
  u.push_back(SU("de.hq-beck", "", 3));
  for (int k = 0; k < 2; ++k) u.push_back(SU("de.panzergrenadiere", "", 3));
  RunScenario("vierville", u, 5, 8);
}

TEST(WsrScenarioConformance, B4KoelnWithTheAmbushAndRubble) {
  RunScenario(
      "koeln",
      {SU("de.hq-beck", "B-N06", 0), SU("de.infantry", "B-N06", 0), SU("de.panther", "B-O06", 0),
       SU("de.panther", "", 1, false, true), SU("us.hq-cca", "D-D06", 2), SU("us.m4a1", "D-C06", 2),
       SU("us.m4a1", "D-D06", 2), SU("us.infantry", "D-E06", 2)},
      4, 12);
}

}  // namespace
}  // namespace feldherr::wsr::testing
