// Planspiel fire concentration in play (PS §8.3 "Feuerzusammenfassung", §8.6 item 2, §8.8, G-17):
// similar high-angle weapons fire together with one die at +1 per additional weapon; the
// acceptance example AE-07 on a test situation on the PS-1 board (three lFH batteries).
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

const std::string kConcentrationSituation = testing::TestSituation{
    .id = "test-concentration",
    .title = "Concentration test",
    .board = "ps-1",
    .game_turns = 2,
    .dug_in = {"7,5"},
    .units = {{"R-H1", "red", "LFH105", "5,9"},
              {"R-H2", "red", "LFH105", "6,9"},
              {"R-H3", "red", "LFH105", "4,9"},
              {"R-M1", "red", "GRW8", "7,9"},
              {"R-I1", "red", "INF", "7,7"},
              {"B-I1", "blue", "INF", "7,5"}}}.Toml();

class PlanspielConcentration : public testing::SituationTest {
 protected:
  void SetUp() override {
    Load("situation-test-concentration.toml", kConcentrationSituation, "ps-1");
  }
};

// AE-07: three lFH batteries concentrate on an infantry base with a completed dug-in marker: net
// +2 (concentration) -1 (field position) = +1. A natural 5 gives 6 (black and a casualty roll).
TEST_F(PlanspielConcentration, AE_07_ThreeBatteriesOneDieNatural5) {
  ASSERT_TRUE(state_->observed(U("B-I1"), kPartyRed));
  ASSERT_TRUE(Listed("concentrate 7,5 R-H1 R-H2 R-H3"));
  EXPECT_EQ(state_->annotate(A("concentrate 7,5 R-H1 R-H2 R-H3")).en,
            "B-I1: effect 24/36, out 6/36");  // level 6 on 5 and 6, eliminated on 4+
  EXPECT_EQ(state_->annotate(A("concentrate 7,5 R-H1 R-H2 R-H3")).de,
            "B-I1: Wirkung 24/36, außer Gefecht 6/36");
  Do("concentrate 7,5 R-H1 R-H2 R-H3");
  for (const char* h : {"R-H1", "R-H2", "R-H3"}) EXPECT_TRUE(state_->unit(U(h)).fired) << h;
  EXPECT_EQ(state_->step(), StepKind::kEffectRoll);  // PS §8.6 item 2: one die for all three
  Do("roll 5");
  EXPECT_EQ(state_->unit(U("B-I1")).suppression, 6);
  EXPECT_EQ(state_->decision().prompt, "Casualty roll of B-I1 (PS §8.12)");
  Do("roll 3");
  EXPECT_EQ(state_->unit(U("B-I1")).status, UnitStatus::kOnBoard);
  EXPECT_EQ(state_->step(), StepKind::kAct);
  EXPECT_EQ(state_->phase(), 2);  // still indirect fire (PS §3.2)
  // Each weapon fired: none fires again this half-turn (PS §3.4).
  EXPECT_NE(state_->why_illegal(A("indirect R-H1 7,5")).find("PS §3.4"), std::string::npos);
}

// AE-07: a natural 3 gives 4 (grey); a natural 2 has no effect whatever the modifiers.
TEST_F(PlanspielConcentration, AE_07_Natural3GreyNatural2Nothing) {
  Do("concentrate 7,5 R-H1 R-H2 R-H3");
  Do("roll 3");
  EXPECT_EQ(state_->unit(U("B-I1")).suppression, 4);
  Restart();
  Do("concentrate 7,5 R-H1 R-H2 R-H3");
  Do("roll 2");
  EXPECT_EQ(state_->unit(U("B-I1")).suppression, 0);
}

// PS §8.8: +1 per additional weapon: two batteries are +1, so a natural 5 with the cover (-1) is 5.
TEST_F(PlanspielConcentration, PS_8_8_PlusOnePerAdditionalWeapon) {
  ASSERT_TRUE(Listed("concentrate 7,5 R-H1 R-H2"));
  Do("concentrate 7,5 R-H2 R-H1");  // parsed in unit order
  Do("roll 5");
  EXPECT_EQ(state_->unit(U("B-I1")).suppression, 5);
  EXPECT_FALSE(state_->unit(U("R-H3")).fired);
}

// G-17: only similar weapons (the same range-table row) concentrate; each needs an observer and
// must be able to fire alone; a concentration names two or three weapons once each.
TEST_F(PlanspielConcentration, G_17_OnlySimilarWeaponsInRangeConcentrate) {
  EXPECT_FALSE(Listed("concentrate 7,5 R-H1 R-M1"));
  EXPECT_NE(state_->why_illegal(A("concentrate 7,5 R-H1 R-M1")).find("G-17"), std::string::npos);
  EXPECT_NE(state_->why_illegal_text(A("concentrate 7,5 R-H1 R-M1")).de.find("gleichartige"),
            std::string::npos);
  Action one;
  std::string error;
  EXPECT_FALSE(state_->parse("concentrate 7,5 R-H1", one, error));
  EXPECT_NE(error.find("PS §8.3"), std::string::npos) << error;
  EXPECT_NE(state_->why_illegal(Action(kConcentrate, {game_->board().index({7, 5}), U("R-H1")}))
                .find("PS §8.3"),
            std::string::npos);
  // No observation post: refused as the single fire would be (PS §8.3).
  state_->place_for_test(U("R-I1"), {0, 0});
  ASSERT_FALSE(state_->observed(U("B-I1"), kPartyRed));
  EXPECT_NE(state_->why_illegal(A("concentrate 7,5 R-H1 R-H2")).find("PS §8.3"), std::string::npos);
  EXPECT_TRUE(state_->concentrations({7, 5}).empty());
  // One of them suppressed black cannot fire (PS §8.14): refused as its single fire would be.
  state_->place_for_test(U("R-I1"), {7, 7});
  state_->set_suppression_for_test(U("R-H3"), 5);
  EXPECT_NE(state_->why_illegal(A("concentrate 7,5 R-H1 R-H3")).find("PS §8.14"),
            std::string::npos);
  EXPECT_FALSE(Listed("concentrate 7,5 R-H1 R-H2 R-H3"));
  EXPECT_TRUE(Listed("concentrate 7,5 R-H1 R-H2"));
}

// PS §3.2: a concentration is indirect fire: phase 2 only.
TEST_F(PlanspielConcentration, PS_3_2_ConcentrationOnlyInPhaseTwo) {
  Do("move R-I1 7,8");
  while (state_->step() == StepKind::kCounterMove) state_->apply(Action(kPass, {}));
  EXPECT_NE(state_->why_illegal(A("concentrate 7,5 R-H1 R-H2")).find("PS §3.2"), std::string::npos);
}

// PS §7.5: the enemy reads the fire but not the unseen batteries that laid it: a concentration
// of a battery it sees and one it does not reads as the seen battery's indirect fire.
TEST_F(PlanspielConcentration, PS_7_5_TheUnseenBatteriesStayHidden) {
  // Put R-H2 where Blue does not see it, still in range of 7,5.
  const Board& b = game_->board();
  bool found = false;
  for (int i = 0; i < b.width() * b.height() && !found; ++i) {
    state_->place_for_test(U("R-H2"), {i % b.width(), i / b.width()});
    found = !state_->shown_to(U("R-H2"), kPartyBlue) && Listed("concentrate 7,5 R-H1 R-H2");
  }
  ASSERT_TRUE(found);
  const Action a = A("concentrate 7,5 R-H1 R-H2");
  const bool h1 = state_->shown_to(U("R-H1"), kPartyBlue);
  const std::string blue = state_->describe_for(a, kPartyBlue);
  EXPECT_EQ(blue, h1 ? "indirect R-H1 7,5" : "indirect (hidden) 7,5");
  Do("concentrate 7,5 R-H1 R-H2");
  ASSERT_FALSE(events_.empty());
  const std::string told = event_text(events_.back(), kPartyBlue);
  EXPECT_EQ(told.find("R-H2"), std::string::npos) << told;
  EXPECT_NE(event_text(events_.back(), kPartyRed).find("R-H2"), std::string::npos);
  EXPECT_NE(event_text(events_.back(), kPartyBlue, Lang::kDe).find("Steilfeuer"),
            std::string::npos);
}

// The heuristic concentrates when two similar weapons observe the same target.
TEST_F(PlanspielConcentration, PS_8_3_TheHeuristicConcentrates) {
  Rng rng(7);
  const double together = HeuristicScore(*state_, A("concentrate 7,5 R-H1 R-H2 R-H3"), rng);
  EXPECT_GT(together, HeuristicScore(*state_, A("indirect R-H1 7,5"), rng));
  EXPECT_GT(together, HeuristicScore(*state_, A("concentrate 7,5 R-H1 R-H2"), rng));
}

// The engine's battery on the test situation, so that concentrations are played too.
TEST_F(PlanspielConcentration, ConformanceBatteryWithConcentration) {
  ConformanceOptions o;
  o.games = 30;
  o.seed = 13;
  o.invariant = all_games().find("planspiel")->invariant;
  const ConformanceReport r = run_conformance(*game_, o);
  for (const auto& f : r.failures) ADD_FAILURE() << f;
  EXPECT_EQ(r.terminated, o.games);
}

}  // namespace
}  // namespace feldherr::planspiel
