// The Planspiel heuristic's attacker against prepared AT guns (module.h HeuristicScore) on PS-2,
// Dorf und Brücke: Blue's medium AT guns wait camouflaged in the pre-dug field positions 15,6 and
// 15,10 (scenarios §4.4; public: scenarios §1.5), seen only from 1 field (PS §7.4, §7.6), with a
// flat range of 2 fields (PS §8.4). Until the last three game turns Red's vehicles do not drive
// into the reach of a position no Red unit has scouted, nor of a gun Red sees unsuppressed; then
// they go for the objectives.
#include <gtest/gtest.h>

#include "games/planspiel/los.h"
#include "games/planspiel/module.h"
#include "planspiel_test_util.h"

namespace feldherr::planspiel {
namespace {

class PlanspielHeuristicGuns : public testing::Ps2Fixture {
 protected:
  double Score(const std::string& text) {
    Rng rng(11);
    return HeuristicScore(*s_, A(text), rng);
  }
  // R-T2 on the main road west of the village, out of the guns' reach (3 fields from 14,6);
  // B-I1 moved off its village field 15,8 to the far north-east.
  void TankBeforeTheVillage() {
    s_->place_for_test(U("B-I1"), {23, 0});
    s_->place_for_test(U("R-T2"), {11, 8});
  }
  // R-T2's listed moves, for a failure's message.
  std::string Moves() const {
    std::string out;
    for (const Action& a : s_->legal_actions())
      if (a.verb == kMove && a.arg(0) == U("R-T2")) out += s_->describe(a) + "; ";
    return out;
  }
};

TEST_F(PlanspielHeuristicGuns, PS2_PS_8_4_NoTankDrivesPastUnscoutedPrePositions) {
  TankBeforeTheVillage();
  // 17,8 itself lies out of sight of 15,6 and 15,10 (the village's houses), but the road there
  // passes 13,8 .. 16,8 within 2 fields of both positions.
  ASSERT_TRUE(Listed("move R-T2 17,8")) << Moves();
  EXPECT_LT(Score("move R-T2 17,8"), Score("fertig"));
  ASSERT_TRUE(Listed("move R-T2 15,8")) << Moves();
  EXPECT_LT(Score("move R-T2 15,8"), Score("fertig"));
}

TEST_F(PlanspielHeuristicGuns, PS2_PS_7_4_ScoutedEmptyPositionsLetTheTanksThrough) {
  TankBeforeTheVillage();
  // Red's grenadiers stand next to every pre-dug position and see no gun there: the guns have
  // gone (a camouflaged gun in a position is seen from 1 field, PS §7.4).
  s_->remove_for_test(U("B-P1"));
  s_->remove_for_test(U("B-P2"));
  s_->place_for_test(U("R-A1"), {14, 5});
  s_->place_for_test(U("R-G1"), {14, 5});
  s_->place_for_test(U("R-A3"), {14, 11});
  s_->place_for_test(U("R-G3"), {14, 11});
  ASSERT_TRUE(Listed("move R-T2 15,8")) << Moves();
  EXPECT_GT(Score("move R-T2 15,8"), Score("fertig"));
}

TEST_F(PlanspielHeuristicGuns, PS2_PS_8_4_ASeenGunKeepsTheTanksOut) {
  TankBeforeTheVillage();
  // The same scouts, but B-P1 is still in 15,6 and Red sees it now: no drive into its reach.
  s_->remove_for_test(U("B-P2"));
  s_->place_for_test(U("R-A1"), {14, 5});
  s_->place_for_test(U("R-G1"), {14, 5});
  s_->place_for_test(U("R-A3"), {14, 11});
  s_->place_for_test(U("R-G3"), {14, 11});
  ASSERT_TRUE(s_->visible_to(U("B-P1"), kPartyRed));
  ASSERT_TRUE(Listed("move R-T2 15,8")) << Moves();
  EXPECT_LT(Score("move R-T2 15,8"), Score("fertig"));
  // Suppressed (PS §8.14), it fires worse: the road is open.
  s_->set_suppression_for_test(U("B-P1"), 3);
  EXPECT_GT(Score("move R-T2 15,8"), Score("fertig"));
}

TEST_F(PlanspielHeuristicGuns, PS2_Scenarios_4_5_InTheLastThreeTurnsTheTanksGoForTheObjectives) {
  TankBeforeTheVillage();
  s_->set_turn_for_test(s_->ps().situation().game_turns - 2);
  ASSERT_TRUE(Listed("move R-T2 15,8")) << Moves();
  EXPECT_GT(Score("move R-T2 15,8"), Score("fertig"));
}

TEST_F(PlanspielHeuristicGuns, PS2_PS_4_2_InTheLastThreeTurnsACarrierStillKeepsOutOfASeenGun) {
  // R-A1 (a personnel carrier, light armour) with R-G1 aboard on the main road at 11,8; 15,8 is
  // empty; Red's scouts at 14,5 see B-P1 in 15,6, unsuppressed; B-P2 is gone from 15,10, where
  // R-A2 stands next to it. In the last three turns the tanks go for the objectives, the carrier
  // does not drive into the seen gun's reach.
  s_->place_for_test(U("B-I1"), {23, 0});
  s_->remove_for_test(U("B-P2"));
  s_->place_for_test(U("R-A1"), {11, 8});
  s_->place_for_test(U("R-A2"), {14, 11});
  s_->place_for_test(U("R-G2"), {14, 11});
  s_->place_for_test(U("R-A3"), {14, 5});
  s_->place_for_test(U("R-G3"), {14, 5});
  s_->set_turn_for_test(s_->ps().situation().game_turns - 2);
  ASSERT_TRUE(s_->visible_to(U("B-P1"), kPartyRed));
  ASSERT_TRUE(Listed("move R-A1 15,8"));
  EXPECT_LT(Score("move R-A1 15,8"), Score("fertig"));
  // Suppressed (PS §8.14), the gun no longer keeps it out.
  s_->set_suppression_for_test(U("B-P1"), 3);
  EXPECT_GT(Score("move R-A1 15,8"), Score("fertig"));
}

TEST_F(PlanspielHeuristicGuns,
       PS2_PS_7_4_InTheLastThreeTurnsACarrierStillKeepsOutOfUnscoutedPositions) {
  // As above, but no Red unit has come near the pre-dug positions 15,6 and 15,10 (PS §7.4: a
  // camouflaged gun there is seen from 1 field only): the carrier keeps out, the tank drives in.
  s_->place_for_test(U("B-I1"), {23, 0});
  s_->place_for_test(U("R-A1"), {11, 8});
  s_->place_for_test(U("R-T2"), {11, 7});
  s_->set_turn_for_test(s_->ps().situation().game_turns - 2);
  ASSERT_TRUE(Listed("move R-A1 15,8"));
  EXPECT_LT(Score("move R-A1 15,8"), Score("fertig"));
  ASSERT_TRUE(Listed("move R-T2 15,8")) << Moves();
  EXPECT_GT(Score("move R-T2 15,8"), Score("fertig"));
}

TEST_F(PlanspielHeuristicGuns, PS2_PS_8_4_InfantryStillAdvancesIntoTheGunsReach) {
  // Figure bases scout: the caution is the vehicles' alone.
  s_->place_for_test(U("R-A2"), {12, 8});
  s_->place_for_test(U("R-G2"), {12, 8});
  Play({"dismount R-G2 12,8"});
  ASSERT_TRUE(Listed("move R-G2 13,8")) << Why("move R-G2 13,8");
  EXPECT_GT(Score("move R-G2 13,8"), Score("fertig"));
}

TEST_F(PlanspielHeuristicGuns, PS2_PS_7_5_APositionWhereRedSeesTheEnemyIsNoLongerSuspected) {
  TankBeforeTheVillage();
  // 15,6 scouted and empty; in 15,10 Red sees B-H1 (detected at start, scenarios §1.5), an HMG
  // that does not pierce armour: what stands in the position is known, so its reach is no gun's.
  s_->remove_for_test(U("B-P1"));
  s_->remove_for_test(U("B-P2"));
  s_->place_for_test(U("R-A1"), {14, 5});
  s_->place_for_test(U("R-G1"), {14, 5});
  s_->place_for_test(U("B-H1"), {15, 10});
  ASSERT_TRUE(s_->visible_to(U("B-H1"), kPartyRed));
  ASSERT_TRUE(Listed("move R-T2 15,8")) << Moves();
  EXPECT_GT(Score("move R-T2 15,8"), Score("fertig"));
}

TEST_F(PlanspielHeuristicGuns, PS2_PS_4_4_GrenadiersRideOnWhileTheCarrierStaysOutOfTheReach) {
  // R-A1 with R-G1 aboard at 11,8, four fields from 15,8 and out of every position's reach: it
  // can still drive closer out of the reach (12,10), so the grenadiers stay aboard.
  s_->place_for_test(U("R-A1"), {11, 8});
  ASSERT_TRUE(Listed("dismount R-G1 11,8"));
  EXPECT_LT(Score("dismount R-G1 11,8"), 0.0);
  // At 13,8 the carrier stands in the reach of both positions: they get off.
  s_->place_for_test(U("R-A1"), {13, 8});
  ASSERT_TRUE(Listed("dismount R-G1 13,8"));
  EXPECT_GT(Score("dismount R-G1 13,8"), Score("fertig"));
}

TEST_F(PlanspielHeuristicGuns, PS2_PS_3_4_AnAttackerAdvancesRatherThanFireWithoutAChanceToKill) {
  // R-G2 on foot at 13,7 next to B-H1 in its pre-dug position 14,6: its fire can only suppress
  // (cover, PS §8.8), and a figure base that fires may not move (PS §3.4): it advances instead.
  s_->place_for_test(U("R-A2"), {13, 7});
  s_->place_for_test(U("R-G2"), {13, 7});
  Play({"dismount R-G2 13,7", "fertig", "fertig"});  // Red's next half-turn
  ASSERT_EQ(s_->active(), kPartyRed);
  ASSERT_TRUE(Listed("fire R-G2 14,6")) << Why("fire R-G2 14,6");
  ASSERT_TRUE(Listed("move R-G2 14,7")) << Why("move R-G2 14,7");
  EXPECT_GT(Score("move R-G2 14,7"), Score("fire R-G2 14,6"));
  EXPECT_GT(Score("fire R-G2 14,6"), Score("fertig"));
}

TEST_F(PlanspielHeuristicGuns, PS2_PS_8_14_TheHowitzerSuppressesWhatPinsTheGrenadiers) {
  // R-G2 on foot at 13,7, within the HMG B-H1's flat range (2 fields) from its position 14,6. In
  // 15,8 B-I1 and B-I2 are suppressed black already (PS §8.14: they fire no more in Blue's next
  // half-turn, G-05); two targets there counted twice before. The highest suppression stands
  // (PS §8.13): the howitzer's fire gains only at B-H1, which would pin R-G2 (PS §10.2).
  s_->place_for_test(U("R-A2"), {13, 7});
  s_->place_for_test(U("R-G2"), {13, 7});
  s_->place_for_test(U("B-I2"), {15, 8});
  Play({"dismount R-G2 13,7", "fertig", "fertig"});  // Red's next half-turn, phase 2
  ASSERT_EQ(s_->active(), kPartyRed);
  s_->set_suppression_for_test(U("B-I1"), 5);
  s_->set_suppression_for_test(U("B-I2"), 5);
  ASSERT_TRUE(Listed("indirect R-F1 15,8")) << Why("indirect R-F1 15,8");
  ASSERT_TRUE(Listed("indirect R-F1 14,6")) << Why("indirect R-F1 14,6");
  EXPECT_GT(Score("indirect R-F1 14,6"), Score("indirect R-F1 15,8"));
}

TEST_F(PlanspielHeuristicGuns, PS2_PS_8_14_TheHowitzerSuppressesTheGunThatKeepsTheTanksOut) {
  // R-G3 at 14,5 sees B-P1 in 15,6 and B-H1 in 14,6, both within 2 fields of it; the HMG also
  // reaches R-G2 at 12,6. Red's tanks wait 3 to 4 fields from the AT gun: suppressed (PS §8.14),
  // it no longer keeps them out (Guns), so the howitzer's fire at it gains more.
  s_->place_for_test(U("R-A3"), {14, 5});
  s_->place_for_test(U("R-G3"), {14, 5});
  s_->place_for_test(U("R-A2"), {12, 6});
  s_->place_for_test(U("R-G2"), {12, 6});
  s_->place_for_test(U("R-T1"), {12, 8});
  s_->place_for_test(U("R-T2"), {12, 9});
  s_->place_for_test(U("R-T3"), {11, 8});
  Play({"dismount R-G3 14,5", "dismount R-G2 12,6", "fertig", "fertig"});
  ASSERT_EQ(s_->active(), kPartyRed);
  ASSERT_TRUE(s_->visible_to(U("B-P1"), kPartyRed));
  ASSERT_TRUE(Listed("indirect R-F1 15,6")) << Why("indirect R-F1 15,6");
  ASSERT_TRUE(Listed("indirect R-F1 14,6")) << Why("indirect R-F1 14,6");
  EXPECT_GT(Score("indirect R-F1 15,6"), Score("indirect R-F1 14,6"));
}

TEST_F(PlanspielHeuristicGuns, PS2_PS_3_2_TheHowitzerFiresInPhase2BeforeAnAssault) {
  // R-G2 on foot at 14,8 next to B-I1 in the village field 15,8, which it may assault (10/31, an
  // objective field Red does not control yet). The assault would begin phase 3 and end the
  // howitzer's chance to fire this half-turn (PS §3.2: high-angle fire only in phase 2).
  s_->place_for_test(U("R-A2"), {14, 8});
  s_->place_for_test(U("R-G2"), {14, 8});
  Play({"dismount R-G2 14,8", "fertig", "fertig"});
  ASSERT_EQ(s_->active(), kPartyRed);
  ASSERT_TRUE(Listed("assault 15,8 R-G2")) << Why("assault 15,8 R-G2");
  ASSERT_TRUE(Listed("indirect R-F1 15,8")) << Why("indirect R-F1 15,8");
  EXPECT_GT(Score("assault 15,8 R-G2"), Score("fertig"));
  EXPECT_GT(Score("indirect R-F1 15,8"), Score("assault 15,8 R-G2"));
}

}  // namespace
}  // namespace feldherr::planspiel

namespace feldherr::planspiel {
namespace {

// PS §6, §9.1: the heuristic judges a vehicle's move by the fields of the path the move takes
// (PlanspielState::move_path), where a counter-move may fire at it, not by the straight line to
// its end field. A test situation on the PS-3 board: Red's tank R-T1 on the north road at 12,3;
// the road bends at Kreuzdorf (12,7, 12,8) to the east; Blue's AT gun B-P1 at 15,5, which Red's
// R-I1 next to it sees (PS §7.4), reaches
// (flat range 2 fields, PS §8.4) the fields between the two roads, not the roads; Blue holds the
// objective field 20,8 (so Red attacks a defence).
const std::string kPathSituation = testing::TestSituation{
    .id = "test-path",
    .title = "Path judgement test",
    .board = "ps-3",
    .game_turns = 10,
    .units = {{"R-T1", "red", "PZIV", "12,3"},
              {"R-I1", "red", "INF", "16,6"},
              {"B-P1", "blue", "PAK75", "15,5", {{"detected", "true"}}},
              {"B-I1", "blue", "INF", "23,15"}},
    .objective = "ostfeld",
    .objective_fields = {"20,8"},
    .controller = {"blue"}}.Toml();

class PlanspielHeuristicPath : public testing::SituationTest {
 protected:
  void SetUp() override { Load("situation-test-path.toml", kPathSituation, "ps-3"); }
  double Score(const std::string& text) {
    Rng rng(11);
    return HeuristicScore(*state_, A(text), rng);
  }
  // Whether B-P1 could fire at field `f` (PS §8.4 range, PS §7.2 sight).
  bool InReach(Field f) const {
    const Field gun = state_->field_of(U("B-P1"));
    return Distance(gun, f) <= 2 && game_->sees(gun, f);
  }
};

TEST_F(PlanspielHeuristicPath, PS_9_1_AVehicleIsJudgedByTheFieldsOfItsPathNotTheStraightLine) {
  const int tank = U("R-T1");
  ASSERT_TRUE(state_->visible_to(U("B-P1"), kPartyRed));
  ASSERT_TRUE(Listed("move R-T1 15,8"));
  // The straight line from 12,3 to 15,8 crosses the gun's reach ...
  bool line_in_reach = false;
  for (const LineCell& c : SupercoverLine({12, 3}, {15, 8}))
    line_in_reach = line_in_reach || InReach(c.field) || (c.corner && InReach(c.other));
  EXPECT_TRUE(line_in_reach);
  // ... the road the tank takes goes round it (5 fields across country exceed the tracked
  // allowance of 4, PS §6.1) ...
  std::vector<Field> path;
  ASSERT_TRUE(state_->move_path(tank, {15, 8}, path));
  ASSERT_GE(path.size(), 8u);
  for (Field f : path) EXPECT_FALSE(InReach(f)) << f.x << "," << f.y;
  // ... so the heuristic drives there, closer to the objective.
  EXPECT_GT(Score("move R-T1 15,8"), Score("fertig"));
}

TEST_F(PlanspielHeuristicPath, PS_9_1_AVehicleDoesNotDrivePastAGunOnItsPath) {
  // The gun moved to 10,6: it reaches the road at 12,4 .. 12,8 but neither 12,3 nor 15,8.
  state_->place_for_test(U("B-P1"), {10, 6});
  ASSERT_TRUE(state_->visible_to(U("B-P1"), kPartyRed));
  ASSERT_FALSE(InReach({12, 3}));
  ASSERT_FALSE(InReach({15, 8}));
  ASSERT_TRUE(Listed("move R-T1 15,8"));
  std::vector<Field> path;
  ASSERT_TRUE(state_->move_path(U("R-T1"), {15, 8}, path));
  bool path_in_reach = false;
  for (Field f : path) path_in_reach = path_in_reach || InReach(f);
  EXPECT_TRUE(path_in_reach);
  EXPECT_LT(Score("move R-T1 15,8"), Score("fertig"));
}

}  // namespace
}  // namespace feldherr::planspiel
