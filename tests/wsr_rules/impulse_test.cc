// WSR 4.1-4.3: cleanup, command status (one 2d6 test per hex, HQ/SHQ/recon ranges) and
// reorganization with the HQ's command value; dice injected as chance actions.
#include <gtest/gtest.h>

#include "tests/wsr_rules/wsr_rules_util.h"

namespace feldherr::wsr::testing {
namespace {

std::vector<SetupUnit> WithGermans(std::vector<SetupUnit> us) {
  us.push_back(U("de.hq-beck", "A-S10", "de.beck"));
  us.push_back(U("de.panther", "A-S10", "de.beck"));
  return us;
}
// T-4.2-2: a dismounted infantry platoon and a Sherman platoon of CCA (morale 7) in one hex
// out of command range: a single roll of 8 puts both out of command.
TEST(WsrImpulse, WSR_4_2_OneCommandTestPerHex) {
  Pos p(MakeSetup(CcaBeck(), WithGermans({U("us.hq-cca", "A-E02", "us.cca"),
                                          U("us.mech-infantry", "A-T02", "us.cca"),
                                          U("us.m4a1", "A-T02", "us.cca")})));
  p.act("draw us.cca");
  EXPECT_EQ(p.state->current_seat(), kChance);
  EXPECT_EQ(p.state->decision().kind, "roll");
  p.act("roll 3 5");
  EXPECT_EQ(p.state->current_seat(), 0);  // one test only
  EXPECT_TRUE(p.s().has(p.unit("us.mech-infantry"), kOutOfCommand));
  EXPECT_TRUE(p.s().has(p.unit("us.m4a1"), kOutOfCommand));
  EXPECT_NE(p.why("select us.m4a1").find("WSR 4.2"), std::string::npos);
  EXPECT_FALSE(p.legal("select us.mech-infantry"));
}

// T-4.2-1: a Beck unit (morale 7) out of range is in command on 7 or less.
TEST(WsrImpulse, WSR_4_2_MoraleOrLessPutsTheHexInCommand) {
  Pos p(MakeSetup(CcaBeck(),
                  {U("us.hq-cca", "A-E02", "us.cca"), U("us.m4a1", "A-E02", "us.cca"),
                   U("de.hq-beck", "A-S10", "de.beck"), U("de.panther", "A-J02", "de.beck")}));
  p.act("draw de.beck");
  p.act("roll 3 4");
  EXPECT_FALSE(p.s().has(p.unit("de.panther"), kOutOfCommand));
  EXPECT_TRUE(p.legal("select de.panther"));
}

TEST(WsrImpulse, WSR_4_2_UnitsWithinHqRangeNeedNoTest) {
  Pos p(MakeSetup(CcaBeck(), WithGermans({U("us.hq-cca", "A-E02", "us.cca"),
                                          U("us.m4a1", "A-I02", "us.cca")})));
  ASSERT_EQ(p.game->layout().Distance(p.hex("A-E02"), p.hex("A-I02")), 4);
  p.act("draw us.cca");
  EXPECT_EQ(p.state->current_seat(), 0);
  EXPECT_TRUE(p.legal("select us.m4a1"));
}

TEST(WsrImpulse, WSR_4_2_ShqWithinTwiceHqRangeCommandsItsRange) {
  // HQ range 4; SHQ 6 hexes from the HQ (<= 8), range 3; the Sherman 3 from the SHQ, 9 from
  // the HQ.
  Pos p(MakeSetup(CcaBeck(),
                  WithGermans({U("us.hq-cca", "A-E02", "us.cca"), U("us.m4a1", "A-E02", "us.cca"),
                               U("us.shq-cca", "A-K02", "us.cca"), U("us.m4a1", "A-K02", "us.cca"),
                               U("us.m4a1", "A-N02", "us.cca")})));
  ASSERT_EQ(p.game->layout().Distance(p.hex("A-E02"), p.hex("A-K02")), 6);
  ASSERT_EQ(p.game->layout().Distance(p.hex("A-K02"), p.hex("A-N02")), 3);
  p.act("draw us.cca");
  EXPECT_EQ(p.state->current_seat(), 0);  // no test at all
}

TEST(WsrImpulse, WSR_4_2_ShqBeyondTwiceHqRangeGivesNoCommand) {
  Pos p(MakeSetup(
      CcaBeck(),
      WithGermans({U("us.hq-cca", "A-A02", "us.cca"), U("us.m4a1", "A-A02", "us.cca"),
                   U("us.shq-cca", "A-K02", "us.cca"), U("us.m4a1", "A-K02", "us.cca")})));
  ASSERT_GT(p.game->layout().Distance(p.hex("A-A02"), p.hex("A-K02")), 8);
  p.act("draw us.cca");
  ASSERT_EQ(p.state->current_seat(), kChance);  // the SHQ's hex tests
  p.act("roll 6 6");
  EXPECT_TRUE(p.s().has(p.unit("us.shq-cca"), kOutOfCommand));
  EXPECT_TRUE(p.s().has(p.unit("us.m4a1-2"), kOutOfCommand));
}

TEST(WsrImpulse, WSR_4_2_ReconInCommandWithinTwiceHqRange) {
  Pos p(MakeSetup(CcaBeck(),
                  WithGermans({U("us.hq-cca", "A-E02", "us.cca"), U("us.m4a1", "A-E02", "us.cca"),
                               U("us.m8", "A-L02", "us.cca"), U("us.m4a1", "A-L04", "us.cca")})));
  ASSERT_EQ(p.game->layout().Distance(p.hex("A-E02"), p.hex("A-L02")), 7);
  p.act("draw us.cca");
  ASSERT_EQ(p.state->current_seat(), kChance);  // only the Sherman's hex tests
  p.act("roll 6 6");
  EXPECT_EQ(p.state->current_seat(), 0);
  EXPECT_FALSE(p.s().has(p.unit("us.m8"), kOutOfCommand));
  EXPECT_TRUE(p.s().has(p.unit("us.m4a1-2"), kOutOfCommand));
}

TEST(WsrImpulse, WSR_4_2_WithoutHqEveryHexTests) {
  // A-04 / 1.3.2.3: no HQ on the map: every unit of the formation rolls for command.
  Pos p(MakeSetup(CcaBeck(),
                  WithGermans({U("us.hq-cca", "", "us.cca"), U("us.m4a1", "A-E02", "us.cca"),
                               U("us.m4a1", "A-E04", "us.cca")})));
  p.act("draw us.cca");
  EXPECT_EQ(p.state->decision().prompt.find("A-E02") != std::string::npos, true);
  p.act("roll 1 1");
  EXPECT_EQ(p.state->current_seat(), kChance);
  p.act("roll 5 6");
  EXPECT_FALSE(p.s().has(p.unit("us.m4a1-1"), kOutOfCommand));
  EXPECT_TRUE(p.s().has(p.unit("us.m4a1-2"), kOutOfCommand));
}

TEST(WsrImpulse, WSR_4_3_HqCommandValueHelpsReorganization) {
  // Disrupted Sherman in the HQ's hex: 4+5 = 9 - 2 (CCA HQ command value) = 7 <= 7: rallies.
  // Disrupted Sherman elsewhere in range: 4+5 = 9 > 7: stays disrupted.
  Pos p(MakeSetup(CcaBeck(), WithGermans({U("us.hq-cca", "A-E02", "us.cca"),
                                          U("us.m4a1", "A-E02", "us.cca", true),
                                          U("us.m4a1", "A-F03", "us.cca", true)})));
  p.act("draw us.cca");
  p.act("roll 4 5");
  EXPECT_FALSE(p.s().has(p.unit("us.m4a1-1"), kDisrupted));
  p.act("roll 4 5");
  EXPECT_TRUE(p.s().has(p.unit("us.m4a1-2"), kDisrupted));
  EXPECT_EQ(p.state->current_seat(), 0);
}

TEST(WsrImpulse, WSR_4_3_OutOfCommandAddsOne) {
  Pos p(MakeSetup(CcaBeck(),
                  WithGermans({U("us.hq-cca", "A-E02", "us.cca"), U("us.m4a1", "A-E02", "us.cca"),
                               U("us.m4a1", "A-T02", "us.cca", true)})));
  p.act("draw us.cca");
  p.act("roll 5 5");  // command test fails: out of command
  p.act("roll 3 4");  // 7 + 1 = 8 > 7
  EXPECT_TRUE(p.s().has(p.unit("us.m4a1-2"), kDisrupted));
  EXPECT_TRUE(p.logged("WSR 4.3"));
}

TEST(WsrImpulse, WSR_4_3_ReorganizedUnitMayStillMove) {
  // reorganizing does not use up the unit's operation.
  Pos p(MakeSetup(CcaBeck(), WithGermans({U("us.hq-cca", "A-E02", "us.cca"),
                                          U("us.m4a1", "A-F03", "us.cca", true)})));
  p.act("draw us.cca");
  p.act("roll 1 2");
  EXPECT_TRUE(p.legal("select us.m4a1"));
}

TEST(WsrImpulse, WSR_4_1_CleanupRemovesOutOfCommandMarkers) {
  Pos p(MakeSetup(CcaBeck(),
                  WithGermans({U("us.hq-cca", "A-E02", "us.cca"), U("us.m4a1", "A-E02", "us.cca"),
                               U("us.m4a1", "A-T02", "us.cca")})));
  p.acts({"draw us.cca", "roll 6 6", "end-impulse"});
  EXPECT_TRUE(p.s().has(p.unit("us.m4a1-2"), kOutOfCommand));
  p.acts({"draw end-turn", "draw end-turn"});  // OOC markers stay through the MRP (WSR 3.2)
  EXPECT_TRUE(p.s().has(p.unit("us.m4a1-2"), kOutOfCommand));
  p.acts({"draw us.cca", "roll 1 1"});
  EXPECT_FALSE(p.s().has(p.unit("us.m4a1-2"), kOutOfCommand));
  EXPECT_TRUE(p.logged("WSR 4.1"));
}

}  // namespace
}  // namespace feldherr::wsr::testing
