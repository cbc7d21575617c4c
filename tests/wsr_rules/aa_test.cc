// WSR 11.1 AA units in the game state (games/wsr/fire.cc, combat.cc): the blue AA firepower
// against hard targets (`fire <unit> <target> aa`: to-hit 6, up to normal range, [REC] A-26 the
// short-range -1 still applies), never against soft targets; single-step AA units are replaced by
// a wreck instead of being reduced.
//
// Map sheet A (stand-in): column I rows 01-06 are clear except the rough A-I05 (one rough hex does
// not block, WSR 7.1); the US M16 MGMC (stand-in: AP 1 dice to-hit 6, AA 4 dice to-hit 5, range 3).
#include <gtest/gtest.h>

#include "games/wsr/combat.h"
#include "tests/wsr_rules/wsr_rules_util.h"

namespace feldherr::wsr::testing {
namespace {

// The M16 in `m16_hex`, a Panther and an infantry platoon at A-I02.
Pos AaPosition(const std::string& m16_hex) {
  return Pos(MakeSetup(
      CcaBeck(), {U("us.hq-cca", "A-S01", "us.cca"), U("us.infantry", "A-S01", "us.cca"),
                  U("us.m16", m16_hex, "us.cca"), U("us.m4a1", "A-S01", "us.cca"),
                  U("de.hq-beck", "A-S10", "de.beck"), U("de.infantry", "A-S10", "de.beck"),
                  U("de.panther", "A-I02", "de.beck"), U("de.infantry", "A-I02", "de.beck")}));
}

TEST(WsrAa, WSR_11_1_AaFirepowerAtAHardTargetHitsOnSix) {
  Pos p = AaPosition("A-I04");  // 2 hexes: normal range of range 3
  Activate(p, "us.cca");
  const int m16 = p.unit("us.m16"), panther = p.unit("de.panther");
  ASSERT_TRUE(p.legal("fire us.m16 de.panther aa")) << p.why("fire us.m16 de.panther aa");
  EXPECT_TRUE(p.legal("fire us.m16 de.panther"));  // its AP firepower stays a choice
  FireParams aa, ap;
  ASSERT_TRUE(p.s().can_fire_aa(m16, panther, false, nullptr, &aa));
  ASSERT_TRUE(p.s().can_fire(m16, panther, false, nullptr, &ap));
  EXPECT_EQ(aa.dice, 4);    // the blue firepower
  EXPECT_EQ(aa.to_hit, 6);  // WSR 11.1: to-hit 6 against hard targets (printed 5)
  EXPECT_EQ(ap.dice, 1);
  CheckContract(p);  // "fire us.m16 de.panther aa" round-trips
  p.act("fire us.m16 de.panther aa");
  ASSERT_EQ(p.state->current_seat(), kChance);
  EXPECT_EQ(p.s().fire_dice_count(), 4);
  p.act("roll 6 5 5 1");                        // one hit: only the 6 (to-hit 6)
  ASSERT_EQ(p.state->current_seat(), kChance);  // the Panther's defence roll
  p.act(p.state->describe(
      FireDiceAction(std::vector<int>(static_cast<size_t>(p.s().fire_dice_count()), 1))));
  EXPECT_TRUE(p.s().has(panther, kDisrupted));
  EXPECT_TRUE(p.s().has(m16, kOpsComplete));
  EXPECT_FALSE(p.s().has(m16, kAaFire));  // the AA firepower was for this attack
}

TEST(WsrAa, WSR_11_1_A26_ShortRangeStillSubtractsOne) {
  Pos p = AaPosition("A-I03");  // adjacent: short range of range 3
  Activate(p, "us.cca");
  FireParams aa;
  ASSERT_TRUE(p.s().can_fire_aa(p.unit("us.m16"), p.unit("de.panther"), false, nullptr, &aa));
  EXPECT_EQ(aa.to_hit, 5);
}

TEST(WsrAa, WSR_11_1_AaFirepowerOnlyUpToNormalRange) {
  Pos p = AaPosition("A-I06");  // 4 hexes: extended range of range 3
  Activate(p, "us.cca");
  const std::string why = p.why("fire us.m16 de.panther aa");
  EXPECT_NE(why.find("WSR 11.1"), std::string::npos) << why;
  EXPECT_NE(why.find("normal range"), std::string::npos) << why;
}

TEST(WsrAa, WSR_11_1_AaFirepowerNotAgainstSoftTargetsNorByOtherUnits) {
  Pos p = AaPosition("A-I04");
  Activate(p, "us.cca");
  std::string why = p.why("fire us.m16 de.infantry-2 aa");
  EXPECT_NE(why.find("WSR 11.1"), std::string::npos) << why;
  EXPECT_TRUE(p.legal("fire us.m16 de.infantry-2"));  // HE (WSR 11.1: AA units also fire HE)
  why = p.why("fire us.m4a1 de.panther aa");
  EXPECT_NE(why.find("not an AA unit"), std::string::npos) << why;
}

TEST(WsrAa, WSR_11_1_SingleStepAaUnitIsWreckedInsteadOfReduced) {
  // A Wirbelwind (hard, one step) and a 20mm Vierling (a soft gun, one step) each take two net
  // hits: disrupted, then replaced by a wreck marker (never a reduced face).
  for (const char* counter : {"de.wirbelwind", "de.20mm-vierling"}) {
    Pos p(MakeSetup(CcaBeck(),
                    {U("us.hq-cca", "A-I05", "us.cca"), U("us.m4a1", "A-I05", "us.cca"),
                     U("us.infantry", "A-I04", "us.cca"), U("de.hq-beck", "A-S10", "de.beck"),
                     U("de.infantry", "A-S10", "de.beck"), U(counter, "A-I02", "de.beck")}));
    Activate(p, "us.cca");
    const int aa = p.game->unit_by_label(counter);
    ASSERT_GE(aa, 0);
    const std::string fire = p.s().hard_target(aa) ? "fire us.m4a1 " : "fire us.infantry ";
    ASSERT_TRUE(p.legal(fire + counter)) << counter << ": " << p.why(fire + counter);
    p.act(fire + counter);
    const int n = p.s().fire_dice_count();
    p.act(p.state->describe(FireDiceAction(std::vector<int>(static_cast<size_t>(n), 6))));
    if (p.state->current_seat() == kChance)  // the defence roll: nothing cancelled
      p.act(p.state->describe(
          FireDiceAction(std::vector<int>(static_cast<size_t>(p.s().fire_dice_count()), 1))));
    ASSERT_GE(n, 2) << counter;
    EXPECT_TRUE(p.s().has(aa, kGone)) << counter;
    EXPECT_FALSE(p.s().has(aa, kReduced)) << counter;
    EXPECT_TRUE(p.s().has_wreck(p.hex("A-I02"))) << counter;
  }
}

}  // namespace
}  // namespace feldherr::wsr::testing
