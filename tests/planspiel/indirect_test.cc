// Planspiel indirect fire in play (PS §3.2 phase 2, PS §8.3): observed high-angle fire before any
// other activity of the half-turn, the effect roll with the chance hit against armour, on a
// test situation on the PS-1 board (no standard situation of PS-1 has a high-angle weapon).
#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "engine/conformance.h"
#include "engine/registry.h"
#include "games/planspiel/situation.h"
#include "games/planspiel/state.h"
#include "planspiel_test_util.h"

namespace feldherr::planspiel {
namespace {

const std::string kSituation = testing::TestSituation{
    .id = "test-indirect",
    .title = "Mortar test",
    .board = "ps-1",
    .game_turns = 2,
    .units = {{"R-M1", "red", "GRW8", "5,9"},
              {"R-I1", "red", "INF", "7,7"},
              {"B-I1", "blue", "INF", "7,5"},
              {"B-T1", "blue", "PZII",
               "6,5"}}}.Toml();

class PlanspielIndirect : public testing::SituationTest {
 protected:
  void SetUp() override { Load("situation-test-indirect.toml", kSituation, "ps-1"); }
};

// PS §3.2: high-angle fire comes first; the first other activity begins phase 3.
TEST_F(PlanspielIndirect, PS_3_2_IndirectFireOnlyInPhaseTwo) {
  EXPECT_EQ(state_->phase(), 2);
  EXPECT_EQ(state_->why_illegal(A("indirect R-M1 7,5")), "");
  Do("move R-I1 7,8");
  while (state_->step() == StepKind::kCounterMove) state_->apply(Action(kPass, {}));
  EXPECT_EQ(state_->phase(), 3);
  EXPECT_NE(state_->why_illegal(A("indirect R-M1 7,5")).find("PS §3.2"), std::string::npos);
  Do("fertig");
  EXPECT_EQ(state_->phase(), 2);  // Blue's half-turn begins with its phase 2
}

// PS §8.3: an observation post (a figure base or a combat vehicle) must detect the target; the
// weapon needs no line of sight.
TEST_F(PlanspielIndirect, PS_8_3_NeedsAnObservationPost) {
  EXPECT_TRUE(state_->observed(U("B-I1"), kPartyRed));
  state_->place_for_test(U("R-I1"), {0, 9});
  EXPECT_FALSE(state_->observed(U("B-I1"), kPartyRed));
  EXPECT_TRUE(state_->indirect_targets(U("R-M1")).empty());
  EXPECT_NE(state_->why_illegal(A("indirect R-M1 7,5")).find("PS §8.3"), std::string::npos);
  // Out of the mortar's high-angle range (4 LE).
  state_->place_for_test(U("R-I1"), {7, 7});
  state_->place_for_test(U("R-M1"), {0, 9});
  EXPECT_NE(state_->why_illegal(A("indirect R-M1 7,5")).find("PS §8.4"), std::string::npos);
}

// PS §8.6-§8.7, §8.12: level 6 on figures in the open means a casualty roll; against armour
// high-angle fire hits only by chance (chance-hit roll, a 6 knocks out).
TEST_F(PlanspielIndirect, PS_8_12_CasualtyRollAndChanceHit) {
  Do("indirect R-M1 7,5");
  Do("roll 6");
  EXPECT_EQ(state_->decision().prompt, "Casualty roll of B-I1 (PS §8.12)");
  Do("roll 4");
  EXPECT_EQ(state_->unit(U("B-I1")).status, UnitStatus::kLost);
  Restart();
  Do("indirect R-M1 6,5");
  Do("roll 6");
  EXPECT_EQ(state_->decision().prompt, "Chance-hit roll against B-T1 (PS §8.12)");
  Do("roll 6");
  EXPECT_EQ(state_->unit(U("B-T1")).status, UnitStatus::kLost);
}

// The engine's battery on the test situation, so that phase 2 and indirect fire are played too.
TEST_F(PlanspielIndirect, ConformanceBatteryWithIndirectFire) {
  ConformanceOptions o;
  o.games = 30;
  o.seed = 11;
  o.invariant = all_games().find("planspiel")->invariant;
  const ConformanceReport r = run_conformance(*game_, o);
  for (const auto& f : r.failures) ADD_FAILURE() << f;
  EXPECT_EQ(r.terminated, o.games);
}

}  // namespace
}  // namespace feldherr::planspiel
