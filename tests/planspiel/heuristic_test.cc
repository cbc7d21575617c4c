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

namespace feldherr::planspiel {
namespace {

// PS §4.4: a heavy weapon moves with its tow. A test situation on the PS-1 board: Red's 7.5 cm AT
// gun R-P1 stands unlimbered with its tow R-Z1 on the road at 5,9, out of range of the Gutshof
// (5,3 and 6,3, the objective; flat range 2 LE); Blue's B-I1 waits in the far north-east corner.
const std::string kLimberSituation = testing::TestSituation{
    .id = "test-limber",
    .title = "Limbering test",
    .board = "ps-1",
    .game_turns = 6,
    .dug_in = {"4,4"},
    .units = {{"R-P1", "red", "PAK75", "5,9", {{"tow", R"("R-Z1")"}, {"state", R"("unlimbered")"}}},
              {"R-Z1", "red", "ZGKW", "5,9", {{"tow_of", R"("R-P1")"}}},
              {"B-I1", "blue", "INF", "11,0"}},
    .objective = "gutshof",
    .objective_fields = {"5,3", "6,3"},
    .controller = {"blue", "blue"}}.Toml();

class PlanspielHeuristicTow : public testing::SituationTest {
 protected:
  void SetUp() override { Load("situation-test-limber.toml", kLimberSituation, "ps-1"); }
  // The heuristic's choice among the legal actions now (the first of the best).
  Action Best(Rng& rng) {
    Action best;
    double top = -1e9;
    for (const Action& a : state_->legal_actions()) {
      const double v = HeuristicScore(*state_, a, rng);
      if (v > top) top = v, best = a;
    }
    return best;
  }
  // Red plays its half-turn by the heuristic; Blue passes its counter-move windows and ends its
  // half-turns at once; dice are drawn from `rng`.
  void RedHalfTurnByTheHeuristic(Rng& rng) {
    for (int guard = 0; guard < 200 && !state_->is_terminal(); ++guard) {
      if (state_->current_seat() == kChance) {
        state_->apply(state_->sample_chance(rng));
      } else if (state_->step() == StepKind::kCounterMove) {
        state_->apply(Action(kPass, {}));
      } else if (state_->active() == kPartyBlue) {
        state_->apply(Action(kFertig, {}));
        return;
      } else {
        state_->apply(Best(rng));
      }
    }
  }
};

TEST_F(PlanspielHeuristicTow, PS_4_4_AWeaponOutOfRangeOfTheObjectiveLimbers) {
  ASSERT_TRUE(Listed("limber R-P1 5,9"));
  Rng rng(3);
  EXPECT_GT(HeuristicScore(*state_, A("limber R-P1 5,9"), rng), 0.0);
  EXPECT_EQ(state_->describe(Best(rng)), "limber R-P1 5,9");
}

TEST_F(PlanspielHeuristicTow, PS_4_4_TheTowBringsTheWeaponToAFiringPositionWhereItUnlimbers) {
  Rng rng(5);
  for (int half = 0; half < 4 && !state_->is_terminal(); ++half) RedHalfTurnByTheHeuristic(rng);
  const int gun = U("R-P1");
  EXPECT_EQ(state_->unit(gun).aboard, -1) << "set up again";
  // Within its flat range (2 LE) of a Gutshof field, which it sees (PS §7.2, §8.4).
  const Field at = At("R-P1");
  EXPECT_LE(std::min(Distance(at, {5, 3}), Distance(at, {6, 3})), 2) << at.x << "," << at.y;
  EXPECT_TRUE(game_->sees(at, {5, 3}) || game_->sees(at, {6, 3}));
  // The tow stays with its weapon (its ammunition is aboard, PS §4.4).
  EXPECT_EQ(At("R-Z1"), at);
}

TEST_F(PlanspielHeuristicTow, PS_4_4_AWeaponInAFiringPositionStaysSetUp) {
  state_->place_for_test(U("R-P1"), {4, 4});  // the pre-dug position, 1 field from the Gutshof
  state_->place_for_test(U("R-Z1"), {4, 4});
  Rng rng(3);
  ASSERT_TRUE(Listed("limber R-P1 4,4"));
  EXPECT_LT(HeuristicScore(*state_, A("limber R-P1 4,4"), rng), 0.0);
  EXPECT_LT(HeuristicScore(*state_, A("move R-Z1 4,5"), rng), 0.0);  // the tow stays with it
}

}  // namespace
}  // namespace feldherr::planspiel
