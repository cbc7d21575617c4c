// WSR 12.2 control of hexes and WSR 1.3.2.3 HQ replacement in the marker removal phase.
#include <gtest/gtest.h>

#include "tests/wsr_rules/wsr_rules_util.h"

namespace feldherr::wsr::testing {
namespace {

TEST(WsrControl, WSR_12_2_SetupHexesAndOccupiedHexesStartControlled) {
  GameSetup s = MakeSetup(
      CcaBeck(), {U("us.hq-cca", "A-E02", "us.cca"), U("us.m4a1", "A-E02", "us.cca"),
                  U("de.hq-beck", "A-S10", "de.beck"), U("de.panther", "A-S10", "de.beck")});
  s.controlled[1] = {"A-F01", "A-F02"};
  Pos p(s);
  EXPECT_EQ(p.s().controller(p.hex("A-E02")), 0);
  EXPECT_EQ(p.s().controller(p.hex("A-S10")), 1);
  EXPECT_EQ(p.s().controller(p.hex("A-F01")), 1);
  EXPECT_EQ(p.s().controller(p.hex("A-H08")), -1);
}

TEST(WsrControl, WSR_12_2_LastSideToMoveThroughControlsAtEndOfMrp) {
  GameSetup s =
      MakeSetup(CcaBeck(), {U("us.hq-cca", "A-E02", "us.cca"), U("us.m4a1", "A-E02", "us.cca"),
                            U("us.m4a1", "A-E02", "us.cca"), U("de.hq-beck", "A-S10", "de.beck"),
                            U("de.panther", "A-S10", "de.beck")});
  s.controlled[1] = {"A-F01", "A-F02"};
  Pos p(s);
  p.acts({"draw us.cca", "select us.m4a1-2", "move A-F02", "move A-F01", "end-move"});
  // Control changes only at the end of the marker removal phase.
  EXPECT_EQ(p.s().controller(p.hex("A-F02")), 1);
  p.acts({"end-impulse", "draw end-turn", "draw end-turn"});
  EXPECT_EQ(p.s().controller(p.hex("A-F02")), 0);  // moved through
  EXPECT_EQ(p.s().controller(p.hex("A-F01")), 0);  // occupied
  EXPECT_EQ(p.s().controller(p.hex("A-E02")), 0);
}

TEST(WsrControl, WSR_1_3_2_3_HqReturnsInTheShqHex) {
  Pos p(MakeSetup(CcaBeck(), {U("us.hq-cca", "", "us.cca"), U("us.shq-cca", "A-H02", "us.cca"),
                              U("us.m4a1", "A-H02", "us.cca"), U("de.hq-beck", "A-S10", "de.beck"),
                              U("de.panther", "A-S10", "de.beck")}));
  p.acts({"draw end-turn", "draw end-turn"});
  const int hq = p.unit("us.hq-cca"), shq = p.unit("us.shq-cca");
  EXPECT_EQ(p.s().unit(hq).hex, p.hex("A-H02"));
  EXPECT_TRUE(p.s().has(hq, kReduced));
  EXPECT_FALSE(p.s().on_map(shq));
  EXPECT_TRUE(p.s().has(shq, kPermanent));
  EXPECT_TRUE(p.logged("WSR 1.3.2.3"));
}

TEST(WsrControl, WSR_1_3_2_3_OwnerChoosesAmongHexesWithTheHqType) {
  // No SHQ: the HQ returns in a hex with a CCA M4A1 (hq_type); two hexes: the owner chooses.
  Pos p(MakeSetup(CcaBeck(),
                  {U("us.hq-cca", "", "us.cca"), U("us.m4a1", "A-E02", "us.cca"),
                   U("us.m4a1", "A-H02", "us.cca"), U("us.mech-infantry", "A-J02", "us.cca"),
                   U("de.hq-beck", "A-S10", "de.beck"), U("de.panther", "A-S10", "de.beck")}));
  p.acts({"draw end-turn", "draw end-turn"});
  EXPECT_EQ(p.state->current_seat(), 0);
  EXPECT_EQ(p.state->decision().kind, "place-hq");
  EXPECT_FALSE(p.legal("place-hq A-J02"));
  p.act("place-hq A-H02");
  EXPECT_EQ(p.s().unit(p.unit("us.hq-cca")).hex, p.hex("A-H02"));
  EXPECT_EQ(p.s().turn, 2);
  EXPECT_EQ(p.state->current_seat(), kChance);
}

TEST(WsrControl, WSR_1_3_2_3_HqWithoutCandidatesIsGoneForGood) {
  Pos p(MakeSetup(CcaBeck(),
                  {U("us.hq-cca", "", "us.cca"), U("us.mech-infantry", "A-J02", "us.cca"),
                   U("de.hq-beck", "A-S10", "de.beck"), U("de.panther", "A-S10", "de.beck")}));
  p.acts({"draw end-turn", "draw end-turn"});
  EXPECT_TRUE(p.s().has(p.unit("us.hq-cca"), kPermanent));
  EXPECT_FALSE(p.s().on_map(p.unit("us.hq-cca")));
}

}  // namespace
}  // namespace feldherr::wsr::testing
