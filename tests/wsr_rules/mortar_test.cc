// WSR 6.1 mortars beyond direct fire: indirect fire through an HQ, SHQ or recon spotter of the
// mortar's formation with the 1-die accuracy roll ([REC] ), no indirect opportunity
// fire, direct mortar opportunity fire at the hex just entered ([REC] A-12), and the HQ that
// loses the last unit of its formation in its hex (games/wsr/fire.cc, D-WSR-HQ1).
//
// Map sheet A (stand-in grid): row 01 reads E . F . G W H . I . (woods at A-G01), so the line
// A-I01 -> A-E01 is blocked by the woods; A-F01 is adjacent to A-E01.
#include <gtest/gtest.h>

#include "tests/wsr_rules/wsr_rules_util.h"

namespace feldherr::wsr::testing {
namespace {

// The 81mm mortar at A-I01, its HQ with an infantry platoon at A-I02, a German infantry platoon
// in the clear hex A-E01 (out of the mortar's LOS); `extra` adds US units (spotters).
Pos IndirectPosition(std::vector<SetupUnit> extra) {
  std::vector<SetupUnit> all = {U("us.hq-cca", "A-I02", "us.cca"),
                                U("us.infantry", "A-I02", "us.cca"),
                                U("us.81mm-mortar", "A-I01", "us.cca")};
  for (auto& u : extra) all.push_back(u);
  all.push_back(U("de.hq-beck", "A-S10", "de.beck"));
  all.push_back(U("de.infantry", "A-S10", "de.beck"));
  all.push_back(U("de.infantry", "A-E01", "de.beck"));
  return Pos(MakeSetup(CcaBeck(), all));
}

TEST(WsrMortar, WSR_6_1_IndirectFireNeedsASpotterOfTheFormation) {
  Pos p = IndirectPosition({});
  Activate(p, "us.cca");
  const int mortar = p.unit("us.81mm-mortar");
  ASSERT_TRUE(p.s().indirect_hex_fire(mortar, p.hex("A-E01")));  // the woods of A-G01
  EXPECT_EQ(p.s().mortar_spotter(mortar, p.hex("A-E01")), -1);   // the HQ does not see it
  const std::string why = p.why("fire us.81mm-mortar A-E01");
  EXPECT_NE(why.find("no LOS"), std::string::npos) << why;
  EXPECT_NE(why.find("spot"), std::string::npos) << why;
  EXPECT_NE(why.find("A-24"), std::string::npos) << why;
}

TEST(WsrMortar, WSR_6_1_A08_IndirectFireAccuracyRollOfOneHasNoEffect) {
  Pos p = IndirectPosition({U("us.m8", "A-F01", "us.cca")});  // recon, adjacent to the target
  Activate(p, "us.cca");
  const int mortar = p.unit("us.81mm-mortar"), target = p.unit("de.infantry-2");
  EXPECT_EQ(p.s().mortar_spotter(mortar, p.hex("A-E01")), p.unit("us.m8"));
  ASSERT_TRUE(p.legal("fire us.81mm-mortar A-E01")) << p.why("fire us.81mm-mortar A-E01");
  p.act("fire us.81mm-mortar A-E01");
  EXPECT_TRUE(p.logged("WSR 6.1"));
  ASSERT_EQ(p.state->current_seat(), kChance);
  EXPECT_EQ(p.s().fire_dice_count(), 1);  // the accuracy die first
  EXPECT_NE(p.state->decision().prompt.find("accuracy"), std::string::npos);
  p.act("roll 1");
  EXPECT_TRUE(p.s().has(mortar, kOpsComplete));  // expended
  EXPECT_FALSE(p.s().has(target, kDisrupted));
  EXPECT_EQ(p.state->decision().kind, "operations");
  EXPECT_FALSE(p.s().has(p.unit("us.m8"), kOpsComplete));  // the spotter operates on
}

TEST(WsrMortar, WSR_6_1_A08_IndirectFireLandsOnTwoToSix) {
  Pos p = IndirectPosition({U("us.m8", "A-F01", "us.cca")});
  Activate(p, "us.cca");
  const int mortar = p.unit("us.81mm-mortar"), target = p.unit("de.infantry-2");
  p.acts({"fire us.81mm-mortar A-E01", "roll 2"});
  ASSERT_EQ(p.state->current_seat(), kChance);
  EXPECT_EQ(p.s().fire_dice_count(), 2);  // then the mortar's HE firepower (6.1)
  p.act("roll 6 1");                      // 1 hit; clear hex, soft target: no defence die
  EXPECT_TRUE(p.s().has(target, kDisrupted));
  EXPECT_TRUE(p.s().has(mortar, kOpsComplete));
  EXPECT_EQ(p.state->decision().kind, "operations");
}

TEST(WsrMortar, WSR_6_1_A24_ADisruptedReconUnitDoesNotSpot) {
  Pos p = IndirectPosition({U("us.m8", "A-F01", "us.cca", /*disrupted=*/true)});
  p.act("draw us.cca");
  // The reorganization roll of the M8 fails (2d6 > morale): it stays disrupted.
  while (p.state->decision().kind == "roll" && !p.s().fire_chance()) p.act("roll 6 6");
  ASSERT_EQ(p.state->decision().kind, "operations");
  ASSERT_TRUE(p.s().has(p.unit("us.m8"), kDisrupted));
  EXPECT_EQ(p.s().mortar_spotter(p.unit("us.81mm-mortar"), p.hex("A-E01")), -1);
  EXPECT_FALSE(p.legal("fire us.81mm-mortar A-E01"));
}

TEST(WsrMortar, WSR_6_1_ASpotterOfAnotherFormationDoesNotSpot) {
  // 6.1: "an HQ, SHQ or recon unit of the same formation": an M8 of 73rd recon does not spot.
  Pos p(MakeSetup(
      {{"us.cca", 0, 1}, {"us.73-recon", 0, 1}, {"de.beck", 1, 1}},
      {U("us.hq-cca", "A-I02", "us.cca"), U("us.infantry", "A-I02", "us.cca"),
       U("us.81mm-mortar", "A-I01", "us.cca"), U("us.hq-73-recon", "A-F01", "us.73-recon"),
       U("us.m8", "A-F01", "us.73-recon"), U("de.hq-beck", "A-S10", "de.beck"),
       U("de.infantry", "A-S10", "de.beck"), U("de.infantry", "A-E01", "de.beck")}));
  Activate(p, "us.cca");
  EXPECT_EQ(p.s().mortar_spotter(p.unit("us.81mm-mortar"), p.hex("A-E01")), -1);
  EXPECT_FALSE(p.legal("fire us.81mm-mortar A-E01"));
}

TEST(WsrMortar, WSR_6_1_A08_IndirectFireKeepsTheMortarsRange) {
  // A 60mm mortar (range below 12) far beyond its range: refused for the range, not the LOS.
  Pos p = IndirectPosition({U("us.m8", "A-F01", "us.cca"), U("us.60mm-mortar", "A-U11", "us.cca")});
  Activate(p, "us.cca");
  ASSERT_GT(p.game->layout().Distance(p.hex("A-U11"), p.hex("A-E01")), 16);  // 2 x range 8
  const std::string why = p.why("fire us.60mm-mortar A-E01");
  EXPECT_NE(why.find("6.1.1"), std::string::npos) << why;
  EXPECT_FALSE(why.empty());
  EXPECT_EQ(why.find("spot"), std::string::npos) << why;
}

// --- opportunity fire: direct only (6.1), at the whole hex just entered (A-12) ---

// The German mortar at A-L01 sees row 01 east of the woods; a US M4A1 moves A-H02 -> A-H01.
Pos OpFirePosition(const std::string& mortar_hex) {
  return Pos(MakeSetup(
      CcaBeck(),
      {U("us.hq-cca", "A-H02", "us.cca"), U("us.m4a1", "A-H02", "us.cca"),
       U("us.infantry", "A-H02", "us.cca"), U("de.hq-beck", "A-S10", "de.beck"),
       U("de.infantry", "A-S10", "de.beck"), U("de.81mm-mortar", mortar_hex, "de.beck")}));
}

TEST(WsrMortar, WSR_6_2_A12_MortarOpportunityFireAtTheHexJustEntered) {
  Pos p = OpFirePosition("A-L01");
  Activate(p, "us.cca");
  const int inf = p.unit("us.infantry"), mortar = p.unit("de.81mm-mortar");
  p.acts({"select us.infantry", "move A-H01"});
  ASSERT_EQ(p.state->decision().kind, "opfire");
  ASSERT_TRUE(p.legal("opfire de.81mm-mortar A-H01")) << p.why("opfire de.81mm-mortar A-H01");
  EXPECT_FALSE(p.legal("opfire de.81mm-mortar A-H02"));  // not the hex entered
  Action a = p.parse("opfire de.81mm-mortar A-H01");
  EXPECT_EQ(p.state->describe(a), "opfire de.81mm-mortar A-H01");  // round trip
  p.act("opfire de.81mm-mortar A-H01");
  ASSERT_EQ(p.state->current_seat(), kChance);
  EXPECT_EQ(p.s().fire_dice_count(), 2);  // no accuracy roll: direct fire
  p.act("roll 6 2");                      // 1 hit, no defence die (clear, soft)
  EXPECT_TRUE(p.s().has(inf, kDisrupted));
  EXPECT_FALSE(p.s().has(inf, kMoving));  // WSR 6.2: the disrupted mover stops
  EXPECT_TRUE(p.s().has(inf, kOpsComplete));
  EXPECT_TRUE(p.s().has(mortar, kOpsComplete));
  EXPECT_EQ(p.state->decision().kind, "operations");
  EXPECT_EQ(p.s().invariant_violation(), "");
}

TEST(WsrMortar, WSR_6_1_MortarsMayNotFireIndirectlyAsOpportunityFire) {
  // The German mortar at A-D01 (behind the woods of A-G01... row 01) has no LOS to A-H01; its
  // HQ could not make it indirect opportunity fire either (6.1).
  Pos p = OpFirePosition("A-E01");
  Activate(p, "us.cca");
  const int mortar = p.unit("de.81mm-mortar");
  ASSERT_TRUE(p.s().indirect_hex_fire(mortar, p.hex("A-H01")));
  p.acts({"select us.infantry", "move A-H01"});
  // No other German unit can fire: no opportunity-fire window at all, the move goes on.
  EXPECT_EQ(p.state->decision().kind, "move");
  const std::string why = p.why("opfire de.81mm-mortar A-H01");
  EXPECT_FALSE(why.empty());
}

// --- D-WSR-HQ1: the HQ goes with the last unit of its formation in its hex (1.3.2, 1.3.2.2) ---

TEST(WsrMortar, WSR_1_3_2_HqEliminatedWithTheLastUnitOfItsFormationInTheHex) {
  // Beck's HQ with a reduced Panther of Beck and an infantry platoon of another formation
  // of Aufklärungsabteilung 4 in A-G01; the Easy Eight eliminates the Panther.
  Pos p(MakeSetup({{"us.cca", 0, 1}, {"de.beck", 1, 1}, {"de.aufkl-4", 1, 1}},
                  {U("us.hq-cca", "A-L02", "us.cca"), U("us.infantry", "A-L02", "us.cca"),
                   U("us.m4a3e8", "A-K01", "us.cca"), U("de.hq-beck", "A-G01", "de.beck"),
                   U("de.panther", "A-G01", "de.beck", false, false, /*reduced=*/true),
                   U("de.infantry", "A-G01", "de.aufkl-4")}));
  Activate(p, "us.cca");
  const int hq = p.unit("de.hq-beck");
  p.acts({"fire us.m4a3e8 de.panther", "roll 6 6 6"});
  std::string ones = "roll";  // the Panther's defence dice all miss
  for (int k = 0; k < p.s().fire_dice_count(); ++k) ones += " 1";
  p.act(ones);
  ASSERT_TRUE(p.s().has(p.unit("de.panther"), kGone));
  EXPECT_TRUE(p.s().on_map(p.unit("de.infantry")));
  EXPECT_TRUE(p.s().has(hq, kGone));  // no roll: it may not stay without its formation
  EXPECT_TRUE(p.logged("WSR 1.3.2"));
  EXPECT_EQ(p.s().lone_hq(), "");
}

}  // namespace
}  // namespace feldherr::wsr::testing
