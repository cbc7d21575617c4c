// The Planspiel heuristic's use of transport and of the overrun (module.h HeuristicScore): on
// PS-2, grenadiers ride while the objectives are far and get off close to them; a tank overruns
// where the opposed roll (PS §10.6) does not favour the defenders.
#include <gtest/gtest.h>

#include "games/planspiel/module.h"
#include "planspiel_test_util.h"

namespace feldherr::planspiel {
namespace {

class PlanspielHeuristic : public testing::Ps2Fixture {
 protected:
  double ScoreOf(const std::string& text) {
    Rng rng(7);
    return HeuristicScore(*s_, A(text), rng);
  }
};

TEST_F(PlanspielHeuristic, PS_4_4_GrenadiersRideWhileTheObjectivesAreFar) {
  ASSERT_TRUE(Listed("dismount R-G1 3,6"));  // with the carrier R-A1, 12 fields from 15,8
  EXPECT_LT(ScoreOf("dismount R-G1 3,6"), 0.0);
}

TEST_F(PlanspielHeuristic, PS_4_4_GrenadiersGetOffCloseToTheObjectives) {
  s_->place_for_test(U("R-A1"), {13, 8});  // with its grenadiers aboard, two fields from 15,8
  ASSERT_TRUE(Listed("dismount R-G1 13,8"));
  EXPECT_GE(ScoreOf("dismount R-G1 13,8"), 0.8);
}

TEST_F(PlanspielHeuristic, PS_10_6_OverrunInTheOpenButNotIntoTown) {
  s_->place_for_test(U("R-T1"), {13, 6});
  ASSERT_TRUE(Listed("overrun R-T1 14,6"));  // open field: even odds
  EXPECT_GE(ScoreOf("overrun R-T1 14,6"), 1.0);
  s_->place_for_test(U("R-T1"), {14, 8});
  ASSERT_TRUE(Listed("overrun R-T1 15,8"));  // built-up: the defenders +1
  EXPECT_LT(ScoreOf("overrun R-T1 15,8"), 0.0);
}

}  // namespace
}  // namespace feldherr::planspiel
