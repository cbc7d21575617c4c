// The Planspiel heuristic as the attacker (module.h HeuristicScore) on PS-2, Dorf und Brücke
// (scenarios §4.4, §4.5): control of an objective field stays with the last party alone in it
// (G-01), so a Red unit that took a village field sweeps on to the fields Red does not control
// yet, and the units on the way head for those, not for the fields Red already holds.
#include <gtest/gtest.h>

#include "games/planspiel/module.h"
#include "planspiel_test_util.h"

namespace feldherr::planspiel {
namespace {

class PlanspielHeuristicAttack : public testing::Ps2Fixture {
 protected:
  double AttackScore(const std::string& text) {
    Rng rng(11);
    return HeuristicScore(*s_, A(text), rng);
  }
  // Gives objective field `f` to `party` (G-01).
  void Control(Field f, int party) {
    const auto& fields = s_->ps().objective_fields();
    for (size_t k = 0; k < fields.size(); ++k)
      if (fields[k] == f) s_->set_control_for_test(static_cast<int>(k), party);
  }
  // R-T1 stands alone in the village field 15,8 (B-I1 moved off to the far north-east).
  void TankInTheVillage() {
    s_->place_for_test(U("B-I1"), {23, 0});
    s_->place_for_test(U("R-T1"), {15, 8});
  }
};

TEST_F(PlanspielHeuristicAttack, PS2_PS_10_3_GrenadiersStormASeenAntiTankGun) {
  // R-G1 on foot at 14,5 next to B-P1, which it sees in the pre-dug position 15,6 (no objective
  // field). One base against the gun in a position wins with 10/31 (PS §10.2); a crew that loses
  // flees and leaves its weapon (PS §10.3), which fire cannot eliminate there (PS §8.8).
  s_->place_for_test(U("R-A1"), {14, 5});
  s_->place_for_test(U("R-G1"), {14, 5});
  Play({"dismount R-G1 14,5", "fertig", "fertig"});  // Red's next half-turn
  ASSERT_EQ(s_->active(), kPartyRed);
  ASSERT_TRUE(s_->visible_to(U("B-P1"), kPartyRed));
  ASSERT_TRUE(Listed("assault 15,6 R-G1")) << Why("assault 15,6 R-G1");
  EXPECT_NEAR(s_->assault_win_chance(A("assault 15,6 R-G1")), 10.0 / 31.0, 1e-9);
  EXPECT_GT(AttackScore("assault 15,6 R-G1"), AttackScore("fertig"));
}

TEST_F(PlanspielHeuristicAttack, PS2_G_01_AHolderOfAFieldRedControlsSweepsOn) {
  TankInTheVillage();
  Control({15, 8}, kPartyRed);
  ASSERT_TRUE(Listed("move R-T1 16,8"));  // the next village field, on the crossing's road
  EXPECT_GT(AttackScore("move R-T1 16,8"), AttackScore("fertig"));
  EXPECT_GT(AttackScore("move R-T1 16,8"), 0.0);
}

TEST_F(PlanspielHeuristicAttack, PS2_G_01_AHolderOfAFieldRedDoesNotControlYetHolds) {
  TankInTheVillage();  // 15,8 still Blue's until control changes (G-01)
  ASSERT_TRUE(Listed("move R-T1 16,8"));
  EXPECT_LT(AttackScore("move R-T1 16,8"), 0.0);
}

TEST_F(PlanspielHeuristicAttack, PS2_G_01_AnAdvanceHeadsForTheFieldsRedDoesNotControl) {
  // R-T1 next to 15,8, which Red controls: 15,9 brings it no closer to 15,8, but a field closer
  // to 16,8 and 16,9, which Red does not control yet.
  s_->place_for_test(U("B-I1"), {23, 0});
  s_->place_for_test(U("R-T1"), {14, 9});
  Control({15, 8}, kPartyRed);
  ASSERT_TRUE(Listed("move R-T1 15,9"));
  EXPECT_GE(AttackScore("move R-T1 15,9"), 0.2);
}

TEST_F(PlanspielHeuristicAttack, PS2_G_01_EnteringAnEmptyFieldRedDoesNotControlComesFirst) {
  // 15,8 (village west edge) left empty: a tank next to it drives in and takes it; a personnel
  // carrier with its grenadiers aboard does not get that priority (they get off first).
  s_->place_for_test(U("B-I1"), {23, 0});
  s_->place_for_test(U("R-T1"), {14, 8});
  ASSERT_TRUE(Listed("move R-T1 15,8")) << Why("move R-T1 15,8");
  EXPECT_GE(AttackScore("move R-T1 15,8"), 4.0);
  s_->place_for_test(U("R-T1"), {4, 6});
  s_->place_for_test(U("R-A1"), {14, 8});
  s_->place_for_test(U("R-G1"), {14, 8});
  ASSERT_TRUE(Listed("move R-A1 15,8")) << Why("move R-A1 15,8");
  EXPECT_LT(AttackScore("move R-A1 15,8"), 1.0);
}

}  // namespace
}  // namespace feldherr::planspiel
