// Planspiel: a unit's work of the half-turn (digging in, PS §12.3; camouflaging, PS §7.6) is its
// own activity state (G-38): the unit does nothing else in that half-turn, each other action
// refused citing G-38, but it has neither moved nor fired, so the rules that ask whether a unit
// fired (PS §5.4: one like troop fires from a congested field) do not count it. Test situation on
// the PS-2 board: Red's T-34/85 R-T1 drives Blue's PzKpfw IV B-T1 by its movement counter-move
// into the field of the second PzKpfw IV, B-T2 (congestion, as in simultaneous_test.cc).
#include <gtest/gtest.h>

#include <string>

#include "games/planspiel/situation.h"
#include "games/planspiel/state.h"
#include "planspiel_test_util.h"

namespace feldherr::planspiel {
namespace {

const std::string kWorkCongestionSituation = testing::TestSituation{
    .id = "test-work",
    .title = "Work test",
    .board = "ps-2",
    .units = {{"R-T1", "red", "T3485", "10,14"},
              {"B-T1", "blue", "PZIV", "10,10"},
              {"B-T2", "blue", "PZIV", "10,9"},
              {"B-I1", "blue", "INF", "4,2"}},
    .objective = "hill",
    .objective_fields = {"10,6"}}.Toml();

class PlanspielWorkState : public testing::SituationTest {
 protected:
  void SetUp() override {
    Load("situation-test-work.toml", kWorkCongestionSituation, "ps-2");
    // Red's move drives B-T1 into B-T2's field (PS §5.4: congested), then Blue's half-turn.
    Do("move R-T1 10,12");
    Do("pass");
    Do("evade B-T1 10,9");
    Do("pass");
    Do("fertig");
  }
};

// G-38, PS §7.6, PS §5.4: B-T1 camouflages in the congested field (moved with B-T2 next to the
// forest at 12,11, out of Red's sight): it is at work, not moved and not fired, so B-T2 may still
// fire from the congested field; B-T1 itself is refused every other action citing G-38.
TEST_F(PlanspielWorkState, G_38_WorkingUnitHasNotFired) {
  ASSERT_EQ(state_->active(), kPartyBlue);
  state_->place_for_test(U("B-T1"), {11, 10});
  state_->place_for_test(U("B-T2"), {11, 10});
  state_->place_for_test(U("R-T1"), {0, 15});
  ASSERT_TRUE(state_->unit(U("B-T1")).congesting);
  ASSERT_TRUE(Listed("camouflage B-T1")) << Why("camouflage B-T1");
  Do("camouflage B-T1");
  const UnitState& s = state_->unit(U("B-T1"));
  EXPECT_EQ(s.work, UnitState::kWorkCamouflage);
  EXPECT_FALSE(s.has_moved);
  EXPECT_FALSE(s.fired);
  // Blue's view carries the work, not "moved" or "fired".
  bool seen = false;
  const json blue_view = state_->observe(kPartyBlue);
  for (const auto& u : blue_view["units"])
    if (u["id"] == "B-T1") {
      seen = true;
      EXPECT_EQ(u.value("work", std::string()), "camouflage");
      EXPECT_FALSE(u["moved"].get<bool>());
      EXPECT_FALSE(u["fired"].get<bool>());
    }
  EXPECT_TRUE(seen);
  // R-T1 comes into the range of both tanks: B-T2 fires from the congested field (PS §5.4: no
  // like troop fired there), B-T1 at work does not (G-38).
  state_->place_for_test(U("R-T1"), {11, 12});
  EXPECT_TRUE(Listed("fire B-T2 11,12")) << Why("fire B-T2 11,12");
  EXPECT_FALSE(Listed("fire B-T1 11,12"));
  const std::string camouflaging =
      "PS §7.6, G-38: B-T1 is camouflaging this half-turn and does nothing else";
  EXPECT_EQ(Why("fire B-T1 11,12"), camouflaging);
  EXPECT_EQ(Why("move B-T1 11,11"), camouflaging);
  EXPECT_NE(state_->why_illegal_text(A("move B-T1 11,11")).de.find("tarnt sich in diesem Teilzug"),
            std::string::npos);
  EXPECT_EQ(Why("overrun B-T1 11,12"), camouflaging);
}

// G-38, PS §12.3: a base that dug in this half-turn has neither moved nor fired, and every other
// action is refused citing G-38 (moving, firing, a second work).
TEST_F(PlanspielWorkState, G_38_DiggingBaseDoesNothingElse) {
  ASSERT_TRUE(Listed("dig B-I1")) << Why("dig B-I1");
  Do("dig B-I1");
  const UnitState& s = state_->unit(U("B-I1"));
  EXPECT_EQ(s.work, UnitState::kWorkDig);
  EXPECT_FALSE(s.has_moved);
  EXPECT_FALSE(s.fired);
  const std::string digging = "G-38: B-I1 is digging in this half-turn and does nothing else";
  EXPECT_EQ(Why("move B-I1 4,3"), digging);
  EXPECT_NE(state_->why_illegal_text(A("move B-I1 4,3")).de.find("gräbt sich in diesem Teilzug"),
            std::string::npos);
  EXPECT_EQ(Why("camouflage B-I1"), digging);
  EXPECT_EQ(Why("dig B-I1"), digging);
  state_->place_for_test(U("R-T1"), {4, 4});
  EXPECT_EQ(Why("fire B-I1 4,4"), digging);
  EXPECT_EQ(Why("antitank B-I1 4,4"), digging);
}

}  // namespace
}  // namespace feldherr::planspiel
