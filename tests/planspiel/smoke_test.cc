// Planspiel self-smoke in play (PS §8.16 "Selbsteinnebelung", G-28): a combat vehicle just
// suppressed black may at once try to escape by self-smoke (5+); the model is then detected only
// from its own field until the end of the following half-turn. AE-04 on a test situation.
#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <string>

#include "engine/conformance.h"
#include "engine/registry.h"
#include "games/planspiel/module.h"
#include "games/planspiel/situation.h"
#include "games/planspiel/state.h"
#include "planspiel_test_util.h"

namespace feldherr::planspiel {
namespace {

const std::string kSmokeSituation = testing::TestSituation{
    .id = "test-smoke",
    .title = "Self-smoke test",
    .board = "ps-1",
    .game_turns = 3,
    .units = {
        {"R-P1", "red", "PANTHER", "7,7"},
        {"R-I1", "red", "INF", "6,7"},
        {"B-T1", "blue", "PZIV", "7,5"},
        {"B-I1", "blue", "INF", "7,5"}}}.Toml();

class PlanspielSelfSmoke : public testing::SituationTest {
 protected:
  void SetUp() override { Load("situation-test-smoke.toml", kSmokeSituation, "ps-1"); }
  // Red's Panther fires at the field of the PzIV (AE-04: +1 at 2 fields) with natural `n`.
  void PantherFires(int n) {
    Do("fire R-P1 7,5");
    Do("roll " + std::to_string(n));
    while (state_->step() == StepKind::kCasualty) Do("roll 1");  // the infantry base survives
  }
};

// AE-04: a natural 4 (total 5) gives the T-34 (here the PzIV, also medium armour and gun) a black
// marker, after which its owner may attempt self-smoke, succeeding on 5+.
TEST_F(PlanspielSelfSmoke, AE_04_BlackMarkerThenSelfSmokeOn5) {
  ASSERT_TRUE(state_->visible_to(U("B-T1"), kPartyRed));
  PantherFires(4);
  EXPECT_EQ(state_->unit(U("B-T1")).suppression, 5);
  ASSERT_EQ(state_->step(), StepKind::kSelfSmoke);
  EXPECT_EQ(state_->current_seat(), kPartyBlue);  // the owner decides, in Red's half-turn
  EXPECT_EQ(state_->decision().prompt,
            "B-T1 is suppressed black: try self-smoke (5+) or pass (PS §8.16)");
  EXPECT_TRUE(Listed("smoke B-T1"));
  EXPECT_TRUE(Listed("pass"));
  Do("smoke B-T1");
  EXPECT_EQ(state_->decision().prompt, "Self-smoke roll of B-T1 (PS §8.16)");
  Do("roll 5");
  EXPECT_EQ(state_->unit(U("B-T1")).smoke, 2);
  EXPECT_EQ(state_->step(), StepKind::kAct);
  EXPECT_EQ(state_->current_seat(), kPartyRed);
  // Detectable only from its own field: Red sees it no more and cannot fire at it; the
  // infantry in the same field can still be fired at through the smoke.
  EXPECT_FALSE(state_->visible_to(U("B-T1"), kPartyRed));
  EXPECT_FALSE(state_->shown_to(U("B-T1"), kPartyRed));
  const std::vector<int> targets = state_->targets_in(U("R-I1"), {7, 5});
  EXPECT_EQ(targets, std::vector<int>{U("B-I1")});
}

// PS §8.16: a 4 fails; the vehicle stays in sight.
TEST_F(PlanspielSelfSmoke, PS_8_16_SelfSmokeFailsBelow5) {
  PantherFires(4);
  Do("smoke B-T1");
  Do("roll 4");
  EXPECT_EQ(state_->unit(U("B-T1")).smoke, 0);
  EXPECT_TRUE(state_->visible_to(U("B-T1"), kPartyRed));
}

// PS §8.16: the owner may pass; the window comes only at once after a black marker (a grey one or
// a knock-out opens none) and only for combat vehicles.
TEST_F(PlanspielSelfSmoke, PS_8_16_OnlyAtOnceAfterBlack) {
  EXPECT_NE(state_->why_illegal(A("smoke B-T1")).find("PS §8.16"), std::string::npos);
  PantherFires(3);  // total 4: grey
  EXPECT_EQ(state_->unit(U("B-T1")).suppression, 4);
  EXPECT_EQ(state_->step(), StepKind::kAct);
  Restart();
  PantherFires(5);  // total 6: knocked out (AE-04)
  EXPECT_EQ(state_->unit(U("B-T1")).status, UnitStatus::kLost);
  EXPECT_EQ(state_->step(), StepKind::kAct);
  Restart();
  PantherFires(4);
  EXPECT_NE(state_->why_illegal(A("smoke B-I1")).find("PS §8.16"), std::string::npos);
  EXPECT_NE(state_->why_illegal_text(A("fertig")).de.find("Selbsteinnebelung"), std::string::npos);
  Do("pass");
  EXPECT_EQ(state_->step(), StepKind::kAct);
  EXPECT_TRUE(state_->visible_to(U("B-T1"), kPartyRed));
}

// G-28: the smoke lasts through the present half-turn and the following one of the other party.
TEST_F(PlanspielSelfSmoke, G_28_SmokeLastsThroughTheNextHalfTurn) {
  PantherFires(4);
  Do("smoke B-T1");
  Do("roll 6");
  Do("fertig");  // Red's half-turn ends
  EXPECT_EQ(state_->active(), kPartyBlue);
  EXPECT_FALSE(state_->visible_to(U("B-T1"), kPartyRed));
  Do("fertig");  // Blue's half-turn ends: the smoke is gone
  EXPECT_EQ(state_->unit(U("B-T1")).smoke, 0);
  EXPECT_TRUE(state_->visible_to(U("B-T1"), kPartyRed));
}

// The heuristic tries self-smoke; the state round-trips through JSON with the window open.
TEST_F(PlanspielSelfSmoke, PS_8_16_HeuristicSmokesAndTheWindowRoundTrips) {
  PantherFires(4);
  Rng rng(7);
  EXPECT_GT(HeuristicScore(*state_, A("smoke B-T1"), rng), HeuristicScore(*state_, A("pass"), rng));
  const auto back = game_->state_from_json(state_->to_json());
  EXPECT_EQ(back->to_json(), state_->to_json());
  EXPECT_EQ(back->hash(), state_->hash());
}

// The engine's battery on the test situation, so that self-smoke windows are played too.
TEST_F(PlanspielSelfSmoke, ConformanceBatteryWithSelfSmoke) {
  ConformanceOptions o;
  o.games = 30;
  o.seed = 17;
  o.invariant = all_games().find("planspiel")->invariant;
  const ConformanceReport r = run_conformance(*game_, o);
  for (const auto& f : r.failures) ADD_FAILURE() << f;
  EXPECT_EQ(r.terminated, o.games);
}

}  // namespace
}  // namespace feldherr::planspiel
