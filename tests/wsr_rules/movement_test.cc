// WSR 5.0-5.2 (movement points, terrain per target class, roads, stacks moving together and
// splitting off, mounting and dismounting), 1.4 stacking, 1.3.2 HQ movement, 6.1.7 disrupted
// movement. Positions on map sheet A (stand-in terrain chart: clear 1, rough 2, woods 2 soft /
// 3 hard, road 1, river impassable).
#include <gtest/gtest.h>

#include "tests/wsr_rules/wsr_rules_util.h"

namespace feldherr::wsr::testing {
namespace {

// The CCA HQ at A-A01 with an escort; `us` units elsewhere; Beck far away.
Pos MovePosition(std::vector<SetupUnit> us, std::vector<SetupUnit> de = {}) {
  std::vector<SetupUnit> all = {U("us.hq-cca", "A-E02", "us.cca"),
                                U("us.infantry", "A-E02", "us.cca")};
  for (auto& u : us) all.push_back(u);
  if (de.empty()) {
    de = {U("de.hq-beck", "A-S10", "de.beck"), U("de.panther", "A-S10", "de.beck")};
  }
  for (auto& u : de) all.push_back(u);
  Pos p(MakeSetup(CcaBeck(), all));
  p.act("draw us.cca");
  return p;
}

TEST(WsrMovement, WSR_5_0_TerrainCostDependsOnTargetClass) {
  Pos p = MovePosition({U("us.m4a1", "A-D03", "us.cca"), U("us.infantry", "A-D03", "us.cca")});
  const int tank = p.unit("us.m4a1"), inf = p.unit("us.infantry-2");
  EXPECT_EQ(p.s().step_cost(tank, p.hex("A-D03"), p.hex("A-C02")), 3);  // woods, hard
  EXPECT_EQ(p.s().step_cost(inf, p.hex("A-D03"), p.hex("A-C02")), 2);   // woods, soft
  EXPECT_EQ(p.s().step_cost(tank, p.hex("A-D03"), p.hex("A-E03")), 2);  // rough
  p.acts({"select us.m4a1", "move A-C02"});
  EXPECT_EQ(p.s().mp_left(tank), 6 - 3);
  EXPECT_TRUE(p.logged("WSR 5.0"));
}

TEST(WsrMovement, WSR_5_0_RoadCostReplacesTerrain) {
  Pos p = MovePosition({U("us.m4a1", "A-J08", "us.cca"), U("us.m4a1", "A-L09", "us.cca")});
  // J08 -> K08 follows road A3 into a woods hex: 1 MP; from L09 (no road) the woods cost 3.
  EXPECT_EQ(p.s().step_cost(p.unit("us.m4a1-1"), p.hex("A-J08"), p.hex("A-K08")), 1);
  EXPECT_EQ(p.s().step_cost(p.unit("us.m4a1-2"), p.hex("A-L09"), p.hex("A-K08")), 3);
}

TEST(WsrMovement, WSR_5_0_NeverMoreThanTheMovementFactor) {
  Pos p = MovePosition({U("us.m4a1", "A-D03", "us.cca")});
  p.acts({"select us.m4a1", "move A-C02", "move A-C03"});  // 3 + 1
  EXPECT_EQ(p.s().mp_left(p.unit("us.m4a1")), 2);
  // C03 -> B03 woods costs 3 > 2.
  EXPECT_NE(p.why("move A-B03").find("WSR 5.0"), std::string::npos);
  p.act("move A-B04");  // clear, 1
  p.act("end-move");
  EXPECT_TRUE(p.s().has(p.unit("us.m4a1"), kOpsComplete));
  EXPECT_FALSE(p.legal("select us.m4a1"));
}

TEST(WsrMovement, WSR_5_0_RiverIsImpassable) {
  Pos p = MovePosition({U("us.m4a1", "A-O04", "us.cca")});
  p.act("roll 1 1");  // command test (out of HQ range)
  p.act("select us.m4a1");
  EXPECT_NE(p.why("move A-P04").find("impassable"), std::string::npos);
}

// T-1.4-1: a tank may not move through a road hex holding two friendly units.
TEST(WsrMovement, WSR_1_4_CannotEnterAFullStack) {
  Pos p = MovePosition({U("us.m4a1", "A-B06", "us.cca"), U("us.infantry", "A-C06", "us.cca"),
                        U("us.infantry", "A-C06", "us.cca")});
  p.acts({"roll 1 1", "roll 1 1"});  // command tests in B06 and C06
  p.act("select us.m4a1");
  EXPECT_NE(p.why("move A-C06").find("WSR 1.4"), std::string::npos);
  EXPECT_TRUE(p.legal("move A-B05"));  // around the stack
}

TEST(WsrMovement, WSR_5_1_StackMovesTogetherAndSplitsOff) {
  Pos p = MovePosition({U("us.m4a1", "A-H02", "us.cca"), U("us.m4a1", "A-H02", "us.cca")});
  const int a = p.unit("us.m4a1-1"), b = p.unit("us.m4a1-2");
  p.acts({"select us.m4a1-1", "select us.m4a1-2", "move A-H03"});
  EXPECT_EQ(p.s().unit(a).hex, p.hex("A-H03"));
  EXPECT_EQ(p.s().unit(b).hex, p.hex("A-H03"));
  p.acts({"drop us.m4a1-2", "move A-H04", "end-move"});
  EXPECT_EQ(p.s().unit(a).hex, p.hex("A-H04"));
  EXPECT_EQ(p.s().unit(b).hex, p.hex("A-H03"));
  EXPECT_TRUE(p.s().has(a, kOpsComplete));
  EXPECT_FALSE(p.s().has(b, kOpsComplete));
  // The dropped unit continues later with its own remaining MP (6 - 1).
  EXPECT_EQ(p.s().mp_left(b), 5);
  p.acts({"select us.m4a1-2", "move A-G03"});
  EXPECT_EQ(p.s().mp_left(b), 4);
}

TEST(WsrMovement, WSR_5_1_OnlyUnitsThatBeganTheImpulseTogetherMoveTogether) {
  Pos p = MovePosition({U("us.m4a1", "A-H02", "us.cca"), U("us.m4a1", "A-H03", "us.cca")});
  p.acts({"select us.m4a1-1", "move A-H03"});
  // Now in the same hex, but it did not begin the impulse there, and the stack has moved.
  EXPECT_NE(p.why("select us.m4a1-2").find("WSR 5.1"), std::string::npos);
}

TEST(WsrMovement, WSR_5_1_EnemyHexOnlyByAssaultOrOverrun) {
  Pos p = MovePosition({U("us.m4a1", "A-H02", "us.cca")},
                       {U("de.hq-beck", "A-S10", "de.beck"), U("de.panther", "A-H03", "de.beck")});
  p.act("select us.m4a1");
  std::string why = p.why("move A-H03");
  EXPECT_NE(why.find("6.3"), std::string::npos) << why;
}

// T-5.2-1 / T-5.2-2 and A-29.
TEST(WsrMovement, WSR_5_2_MountingCostsThreeFromTheVehicleFace) {
  Pos p = MovePosition({U("us.mech-infantry", "A-H02", "us.cca")});
  const int u = p.unit("us.mech-infantry");
  EXPECT_FALSE(p.s().hard_target(u));
  p.acts({"select us.mech-infantry", "mount us.mech-infantry"});
  EXPECT_EQ(p.s().mp_left(u), 2);     // MF 5 (M3 face) - 3
  EXPECT_TRUE(p.s().hard_target(u));  // WSR 1.3: vehicle face up
  EXPECT_TRUE(p.logged("WSR 5.2.1"));
}

TEST(WsrMovement, WSR_5_2_DismountingCostsThreeFromTheNatoFace) {
  Pos p = MovePosition({U("us.mech-infantry", "A-H02", "us.cca", false, true)});
  const int u = p.unit("us.mech-infantry");
  p.acts({"select us.mech-infantry", "dismount us.mech-infantry"});
  EXPECT_EQ(p.s().mp_left(u), 0);  // MF 3 (NATO face) - 3
  EXPECT_FALSE(p.s().hard_target(u));
}

TEST(WsrMovement, WSR_5_2_FlipNeedsMpOfTheNewFace) {
  // mounted, 1 MP spent: dismounting leaves 3 - 1 - 3 < 0: not allowed.
  Pos p = MovePosition({U("us.mech-infantry", "A-H02", "us.cca", false, true)});
  p.acts({"select us.mech-infantry", "move A-H03"});
  EXPECT_NE(p.why("dismount us.mech-infantry").find("A-29"), std::string::npos);
}

TEST(WsrMovement, WSR_5_2_1_DisruptedCannotMountButCanDismount) {
  Pos p = MovePosition({U("us.mech-infantry", "A-H02", "us.cca", true),
                        U("us.mech-infantry", "A-H03", "us.cca", true, true)});
  p.act("roll 6 6");  // reorganization fails
  p.act("roll 6 6");
  p.act("select us.mech-infantry-1");
  EXPECT_NE(p.why("mount us.mech-infantry-1").find("WSR 5.2.1"), std::string::npos);
  p.act("end-move");
  p.act("select us.mech-infantry-2");
  EXPECT_TRUE(p.legal("dismount us.mech-infantry-2"));
}

TEST(WsrMovement, WSR_6_1_7_DisruptedUnitMayNotApproachEnemyInLos) {
  Pos p(MakeSetup(CcaBeck(),
                  {U("us.hq-cca", "A-H02", "us.cca"), U("us.m4a1", "A-H02", "us.cca"),
                   U("us.m4a1", "A-E02", "us.cca", true), U("de.hq-beck", "A-S10", "de.beck"),
                   U("de.panther", "A-E05", "de.beck")}));
  p.acts({"draw us.cca", "roll 6 6"});  // the disrupted Sherman stays disrupted
  p.act("select us.m4a1-2");
  EXPECT_NE(p.why("move A-E03").find("6.1.7"), std::string::npos);  // 3 -> 2 hexes
  EXPECT_TRUE(p.legal("move A-E01"));                               // away
  EXPECT_TRUE(p.legal("move A-D03"));                               // not closer (3 -> 3)
}

TEST(WsrMovement, WSR_6_1_7_GoodOrderUnitMayApproach) {
  Pos p(MakeSetup(CcaBeck(), {U("us.hq-cca", "A-H02", "us.cca"), U("us.m4a1", "A-H02", "us.cca"),
                              U("us.m4a1", "A-E02", "us.cca"), U("de.hq-beck", "A-S10", "de.beck"),
                              U("de.panther", "A-E05", "de.beck")}));
  p.acts({"draw us.cca", "select us.m4a1-2"});
  EXPECT_TRUE(p.legal("move A-E03"));
}

TEST(WsrMovement, WSR_1_3_2_HqMovesOnlyWithAUnitOfItsFormation) {
  Pos p = MovePosition({});
  EXPECT_NE(p.why("select us.hq-cca").find("WSR 1.3.2"), std::string::npos);
  // The escort may not leave the HQ alone.
  p.act("select us.infantry");
  EXPECT_NE(p.why("move A-E01").find("WSR 1.3.2"), std::string::npos);
  p.act("select us.hq-cca");
  p.act("move A-E01");
  EXPECT_EQ(p.s().unit(p.unit("us.hq-cca")).hex, p.hex("A-E01"));
  // Dropping the escort would leave the HQ moving alone.
  EXPECT_FALSE(p.legal("drop us.infantry"));
  EXPECT_FALSE(p.legal("drop us.hq-cca"));  // nothing of its formation would stay with it
}

TEST(WsrMovement, WSR_4_4_OtherFormationsDoNotMove) {
  Pos p = MovePosition({});
  EXPECT_NE(p.why("select de.panther").find("WSR 4.4"), std::string::npos);
}

TEST(WsrMovement, WSR_6_2_HexEnteredSeamLeavesTheMoverInControl) {
  // After the opportunity-fire window (WSR 6.2, fire.cc) the moving side decides again.
  Pos p = MovePosition({U("us.m4a1", "A-H02", "us.cca")},
                       {U("de.hq-beck", "A-S10", "de.beck"), U("de.panther", "A-H05", "de.beck")});
  p.acts({"select us.m4a1", "move A-H03"});
  EXPECT_EQ(p.state->current_seat(), 1);  // the Panther may opportunity-fire
  p.act("no-opfire");
  EXPECT_EQ(p.state->current_seat(), 0);
  EXPECT_EQ(p.state->decision().kind, "move");
}

TEST(WsrMovement, WSR_6_1_7_DisruptedUnitMayWithdrawAlongsideAnAdjacentEnemy) {
  // it began the move adjacent to the Panther and does not get closer.
  Pos p(MakeSetup(CcaBeck(),
                  {U("us.hq-cca", "A-H02", "us.cca"), U("us.m4a1", "A-H02", "us.cca"),
                   U("us.m4a1", "A-E04", "us.cca", true), U("de.hq-beck", "A-S10", "de.beck"),
                   U("de.panther", "A-E05", "de.beck")}));
  p.acts({"draw us.cca", "roll 6 6", "select us.m4a1-2"});
  EXPECT_TRUE(p.legal("move A-D05"));  // adjacent before and after, distance 1 -> 1
  EXPECT_TRUE(p.legal("move A-E03"));  // away
}

TEST(WsrMovement, WSR_5_2_MountedUnitMovesWithTheRemainingMp) {
  Pos p = MovePosition({U("us.mech-infantry", "A-H02", "us.cca")});
  const int u = p.unit("us.mech-infantry");
  p.acts({"select us.mech-infantry", "mount us.mech-infantry", "move A-H03", "move A-H04"});
  EXPECT_EQ(p.s().mp_left(u), 0);
  EXPECT_FALSE(p.legal("move A-H05"));
  p.act("end-move");
  EXPECT_TRUE(p.s().has(u, kOpsComplete));
  EXPECT_TRUE(p.s().has(u, kMovedThisImpulse));
}

TEST(WsrMovement, WSR_1_3_2_AnotherFormationsHqDoesNotHoldUnitsBack) {
  // A 107 HQ stacked with a Beck unit: Beck's impulse may move that unit away.
  Pos p(MakeSetup({{"us.cca", 0, 1}, {"de.beck", 1, 1}, {"de.107", 1, 1}},
                  {U("us.hq-cca", "A-E02", "us.cca"), U("us.m4a1", "A-E02", "us.cca"),
                   U("de.hq-beck", "A-S10", "de.beck"), U("de.panther", "A-S10", "de.beck"),
                   U("de.panther", "A-R08", "de.beck"), U("de.hq-107", "A-R08", "de.107"),
                   U("de.infantry", "A-R08", "de.107")}));
  p.acts({"draw de.beck", "select de.panther-2"});
  EXPECT_TRUE(p.legal("move A-R09"));
}

}  // namespace
}  // namespace feldherr::wsr::testing
