// Random games of the basic scenarios (engine/conformance.h) for two rules of games/wsr/chaos.cc
// and games/wsr/lone_hq.cc: chaos markers in the cup from turn 1 on (WSR 9.0: draws, rolls,
// stored results, picks, turn ends) keep the state contract; and WSR 1.3.2 [Text] "an HQ must
// always be in a hex containing at least one unit of its own formation" holds throughout play
// when the setup phase and the rules keep it (setup, entry, movement, retreat, replacement).
#include <gtest/gtest.h>

#include <algorithm>

#include "engine/conformance.h"
#include "tests/wsr_play/wsr_play_util.h"

namespace feldherr::wsr::testing {
namespace {

class ChaosBattery : public ::testing::TestWithParam<std::string> {};

TEST_P(ChaosBattery, WSR_9_0_RandomGamesWithChaosMarkersKeepTheStateContract) {
  auto sc = LoadShippedScenario(GetParam());
  GameSetup g = ScenarioSetup(ShippedData(), sc, /*chaos_variation=*/true);
  g.chaos.push_back({1, 2});  // two markers from turn 1, one more in turn 2
  g.chaos.push_back({2, 1});
  WsrOptions opts;
  opts.chaos_variation = true;
  auto game = std::make_shared<const WsrGame>(ShippedData(), sc->layout, std::move(g), opts);
  ConformanceOptions o;
  o.games = 12;
  o.seed = 29;
  o.max_actions = 20000;
  o.check_stride = 3;
  o.invariant = [](const State& s) {
    return static_cast<const WsrState&>(s).invariant_violation();
  };
  ConformanceReport r = run_conformance(*game, o);
  for (const auto& f : r.failures) ADD_FAILURE() << f;
  EXPECT_EQ(r.terminated, o.games);
}

TEST_P(ChaosBattery, WSR_1_3_2_HqMustStayWithAUnitOfItsFormation_RandomGames) {
  auto game = ScenarioGame(GetParam());
  ConformanceOptions o;
  o.games = 20;
  o.seed = 5;
  o.max_actions = 20000;
  o.check_stride = 25;  // the contract checks are the other battery's; lone_hq after every action
  o.invariant = [](const State& s) { return static_cast<const WsrState&>(s).lone_hq(); };
  ConformanceReport r = run_conformance(*game, o);
  for (const auto& f : r.failures) ADD_FAILURE() << f;
  EXPECT_EQ(r.terminated, o.games);
}

INSTANTIATE_TEST_SUITE_P(Basic, ChaosBattery,
                         ::testing::Values("noville", "le-hauderie", "vierville", "koeln"),
                         [](const auto& test) {
                           std::string n = test.param;
                           std::replace(n.begin(), n.end(), '-', '_');
                           return n;
                         });

}  // namespace
}  // namespace feldherr::wsr::testing
