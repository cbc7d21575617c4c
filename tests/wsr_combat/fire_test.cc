// WSR 6.1-6.1.6, 8.1 fire combat parameters and resolution (games/wsr/combat.h): every worked
// example of the rulebook (docs/rules/wsr.md), with the dice of the example as inputs.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "games/wsr/combat.h"
#include "games/wsr/data.h"

namespace feldherr::wsr {
namespace {

FireInput Ap(int fp, int to_hit, int range, int distance) {
  FireInput in;
  in.weapon = FireWeapon{fp, to_hit, range, false, false};
  in.distance = distance;
  in.target = TargetClass::kHard;
  in.armor = 0;
  in.save = 6;
  return in;
}

TEST(WsrFire, WSR_6_1_T1_EasyEightVersusPantherInWoods) {
  FireInput in = Ap(3, 4, 6, 4);  // normal range
  in.armor = 3;
  in.save = 5;
  in.terrain_dice = 1;  // woods: +1 die for the Panther; not concealed
  const FireParams p = ComputeFire(in);
  ASSERT_TRUE(p.legality) << p.legality.reason;
  EXPECT_EQ(p.band, RangeBand::kNormal);
  EXPECT_EQ(p.dice, 3);
  EXPECT_EQ(p.to_hit, 4);
  EXPECT_EQ(p.defence_dice, 4);
  EXPECT_EQ(p.save, 5);
  const std::vector<int> attack{6, 4, 3}, defence{3, 2, 4, 6};
  const FireOutcome o = ResolveFire(p, attack, defence);
  EXPECT_EQ(o.hits, 2);
  EXPECT_EQ(o.cancelled, 1);
  EXPECT_EQ(o.net_hits, 1);
  const HitsApplied r = ApplyHits(UnitState{}, o.net_hits);
  EXPECT_EQ(r.result, CombatResult::kDisrupted);
  EXPECT_TRUE(r.after.disrupted);
  EXPECT_FALSE(r.after.reduced);
}

TEST(WsrFire, WSR_6_1_T1_SameExampleFromTheShippedData) {
  const Data& d = ShippedData();
  const CounterType* e8 = d.FindCounter("us.m4a3e8");
  const CounterType* panther = d.FindCounter("de.panther");
  ASSERT_NE(e8, nullptr);
  ASSERT_NE(panther, nullptr);
  FireSituation s;
  s.distance = 2;
  const FireInput in = MakeFireInput(*e8, *panther, d.terrain[Terrain::kWoods], s);
  FireParams p = ComputeFireAtBand(in, RangeBand::kNormal);
  ASSERT_TRUE(p.legality) << p.legality.reason;
  EXPECT_EQ(p.dice, 3);
  EXPECT_EQ(p.to_hit, 4);
  EXPECT_EQ(p.defence_dice, 4);
  EXPECT_EQ(p.save, 5);
  const std::vector<int> attack{6, 4, 3}, defence{3, 2, 4, 6};
  EXPECT_EQ(ResolveFire(p, attack, defence).net_hits, 1);
}

TEST(WsrFire, WSR_6_1_T2_MortarOnTigerAndInfantryInClear) {
  FireInput in;
  in.mortar = true;
  in.weapon = FireWeapon{2, 5, 12, false, false};  // 81mm: a 4 misses, a 6 hits at 10 hexes
  in.distance = 10;
  in.terrain_dice = 0;  // clear
  in.hex_has_hard_target = true;
  const FireParams p = ComputeFire(in);
  ASSERT_TRUE(p.legality) << p.legality.reason;
  EXPECT_EQ(p.dice, 2);
  EXPECT_EQ(p.defence_dice, 1);  // clear 0 + 1 for the Tiger
  EXPECT_EQ(p.save, 5);
  const std::vector<UnitState> units{UnitState{}, UnitState{}};  // 0 = infantry, 1 = Tiger
  const std::vector<int> attack{4, 6}, defence{4};
  // "even = infantry", the German rolls 3: the odd hit goes to the Tiger (index 1).
  const std::vector<int> odd{1};
  const HexAttackOutcome o = ResolveHexAttack(p, attack, defence, units, odd);
  EXPECT_EQ(o.fire.hits, 1);
  EXPECT_EQ(o.fire.cancelled, 0);
  EXPECT_EQ(o.hits_per_unit, (std::vector<int>{0, 1}));
  EXPECT_EQ(o.results[0].result, CombatResult::kNoEffect);
  EXPECT_EQ(o.results[1].result, CombatResult::kDisrupted);
  // With two infantry platoons only, no defence die.
  in.hex_has_hard_target = false;
  EXPECT_EQ(ComputeFire(in).defence_dice, 0);
}

TEST(WsrFire, WSR_6_1_MortarIgnoresConcealment_A08) {
  FireInput in;
  in.mortar = true;
  in.weapon = FireWeapon{2, 5, 12, false, false};
  in.distance = 3;
  in.terrain_dice = 1;
  in.concealed = true;
  EXPECT_EQ(ComputeFire(in).defence_dice, 1);
}

TEST(WsrFire, WSR_6_1_1_T1_ShermanAtExtendedRangeHitsOnSix) {
  for (int r = 6; r <= 10; ++r) {
    const FireParams p = ComputeFire(Ap(2, 5, 5, r));
    ASSERT_TRUE(p.legality) << r;
    EXPECT_EQ(p.band, RangeBand::kExtended);
    EXPECT_EQ(p.to_hit, 6) << r;
    EXPECT_EQ(p.dice, 2);
  }
  const FireParams out = ComputeFire(Ap(2, 5, 5, 11));
  EXPECT_FALSE(out.legality);
  EXPECT_NE(out.legality.reason.find("WSR 6.1.1"), std::string::npos);
}

TEST(WsrFire, WSR_6_1_1_T2_ToHitSixLosesADieAtExtendedRange) {
  const FireParams p = ComputeFire(Ap(3, 6, 4, 7));
  ASSERT_TRUE(p.legality);
  EXPECT_EQ(p.dice, 2);
  EXPECT_EQ(p.to_hit, 6);
  for (int r = 5; r <= 8; ++r) {
    const FireParams q = ComputeFire(Ap(1, 6, 4, r));
    EXPECT_FALSE(q.legality) << r;
    EXPECT_EQ(q.legality.reason,
              "WSR 6.1.1: firepower 1 with to-hit 6 cannot fire at extended range");
  }
  EXPECT_TRUE(ComputeFire(Ap(1, 6, 4, 4)).legality);
}

TEST(WsrFire, WSR_6_1_1_A09_ModifiedToHitAboveSixCostsDice) {
  FireInput in = Ap(3, 5, 5, 8);  // extended: 6, M18 move-and-fire +1 -> 7 -> 6 and -1 die
  in.to_hit_modifier = 1;
  const FireParams p = ComputeFire(in);
  ASSERT_TRUE(p.legality);
  EXPECT_EQ(p.to_hit, 6);
  EXPECT_EQ(p.dice, 2);
  in.weapon.firepower = 1;
  const FireParams q = ComputeFire(in);
  EXPECT_FALSE(q.legality);
  EXPECT_NE(q.legality.reason.find("A-09"), std::string::npos);
}

TEST(WsrFire, WSR_6_1_2_T1_PanzerIvAtShortRange) {
  for (int r = 1; r <= 3; ++r) {
    const FireParams p = ComputeFire(Ap(3, 4, 6, r));
    EXPECT_EQ(p.band, RangeBand::kShort);
    EXPECT_EQ(p.to_hit, 3) << r;
  }
  EXPECT_EQ(ComputeFire(Ap(3, 4, 6, 4)).to_hit, 4);
}

TEST(WsrFire, WSR_6_1_2_T2_RangeOneHasNoShortRange) {
  EXPECT_EQ(BandOf(1, 1, false), RangeBand::kNormal);
  EXPECT_EQ(ComputeFire(Ap(3, 4, 1, 1)).to_hit, 4);
  EXPECT_EQ(BandOf(2, 1, false), RangeBand::kExtended);
  EXPECT_FALSE(ComputeFireAtBand(Ap(3, 4, 1, 1), RangeBand::kShort).legality);
}

TEST(WsrFire, WSR_6_1_3_UnderlinedRangeHasNoModifiers) {
  FireInput in = Ap(3, 4, 6, 2);
  in.weapon.underlined = true;
  EXPECT_EQ(ComputeFire(in).to_hit, 4);
  EXPECT_EQ(ComputeFire(in).band, RangeBand::kNormal);
  in.distance = 7;
  const FireParams p = ComputeFire(in);
  EXPECT_FALSE(p.legality);
  EXPECT_NE(p.legality.reason.find("WSR 6.1.3"), std::string::npos);
}

TEST(WsrFire, WSR_1_3_4_HmgAddsRangeAndFirepower) {
  FireInput in;
  in.weapon = FireWeapon{2, 5, 3, false, false};
  in.sw_dice = 1;
  in.sw_range = 1;
  in.distance = 4;  // normal only thanks to the HMG range
  const FireParams p = ComputeFire(in);
  EXPECT_EQ(p.band, RangeBand::kNormal);
  EXPECT_EQ(p.dice, 3);
  EXPECT_EQ(p.to_hit, 5);
  in.distance = 2;  // half of 4
  EXPECT_EQ(ComputeFire(in).to_hit, 4);
}

TEST(WsrFire, WSR_6_1_4_T1_EnhancedRollsOneMoreAndCountsTheBest) {
  FireInput in = Ap(3, 4, 4, 2);
  in.weapon.enhanced = true;
  in.distance = 3;
  const FireParams p = ComputeFire(in);
  EXPECT_EQ(p.dice, 4);
  EXPECT_EQ(p.hit_cap, 3);
  const std::vector<int> four_hits{6, 5, 4, 4}, defence{};
  EXPECT_EQ(ResolveFire(p, four_hits, defence).hits, 3);
  const std::vector<int> two{6, 1, 2, 4};
  EXPECT_EQ(ResolveFire(p, two, defence).hits, 2);
}

TEST(WsrFire, WSR_6_1_4_A11_ExtraDiceRaiseTheCap) {
  FireInput in = Ap(2, 4, 4, 3);
  in.weapon.enhanced = true;
  in.hq_dice = 2;
  const FireParams p = ComputeFire(in);
  EXPECT_EQ(p.dice, 5);
  EXPECT_EQ(p.hit_cap, 4);
  const std::vector<int> all{6, 6, 6, 6, 6}, defence{};
  EXPECT_EQ(ResolveFire(p, all, defence).hits, 4);
}

TEST(WsrFire, WSR_6_1_HqDiceAddToTheAttack) {
  FireInput in = Ap(3, 4, 6, 4);
  in.hq_dice = 2;
  EXPECT_EQ(ComputeFire(in).dice, 5);
}

TEST(WsrFire, WSR_6_1_5_T1_ConcealedInfantryInCity) {
  FireInput in;
  in.weapon = FireWeapon{3, 4, 6, false, false};
  in.distance = 3;
  in.terrain_dice = 2;  // city
  EXPECT_EQ(ComputeFire(in).defence_dice, 2);
  in.concealed = true;
  EXPECT_EQ(ComputeFire(in).defence_dice, 3);
  EXPECT_EQ(ComputeFire(in).save, 5);
}

TEST(WsrFire, WSR_6_1_5_ConcealmentConditions_A06) {
  ConcealInput c;
  c.infantry_type = true;
  c.terrain_conceals_infantry = true;
  EXPECT_TRUE(Concealed(c));
  ConcealInput tank;  // a Panther in woods: terrain conceals infantry only
  tank.terrain_conceals_infantry = true;
  EXPECT_FALSE(Concealed(tank));
  tank.hex_has_wreck = true;
  EXPECT_TRUE(Concealed(tank));
  ConcealInput ip;
  ip.hex_has_ip = true;
  EXPECT_TRUE(Concealed(ip));
  for (int k = 0; k < 4; ++k) {
    ConcealInput x = c;
    (k == 0   ? x.ops_complete
     : k == 1 ? x.moving
     : k == 2 ? x.adjacent_good_order_enemy
              : x.spotted_by_recon) = true;
    EXPECT_FALSE(Concealed(x)) << k;
  }
  EXPECT_FALSE(Concealed(ConcealInput{}));
}

TEST(WsrFire, WSR_6_1_6_T1_HardTargetBonusCappedAtTwo) {
  FireInput in = Ap(3, 4, 6, 4);
  in.armor = 3;
  in.save = 5;
  in.terrain_dice = 2;
  in.concealed = true;
  EXPECT_EQ(ComputeFire(in).defence_dice, 5);
  // Soft targets have no cap.
  in.target = TargetClass::kSoft;
  in.terrain_dice = 2;
  EXPECT_EQ(ComputeFire(in).defence_dice, 3);
}

TEST(WsrFire, WSR_8_1_T1_IpCancelsTheFirstHitBeforeDefence) {
  FireInput in;  // Tiger HE at infantry in an IP in woods
  in.weapon = FireWeapon{3, 4, 6, false, false};
  in.distance = 4;
  in.terrain_dice = 1;
  in.improved_position = true;
  in.concealed = false;
  const FireParams p = ComputeFire(in);
  EXPECT_EQ(p.ip_cancels, 1);
  EXPECT_EQ(p.defence_dice, 1);
  const std::vector<int> attack{6, 5, 1}, miss{4}, save{5};
  FireOutcome o = ResolveFire(p, attack, miss);
  EXPECT_EQ(o.hits, 2);
  EXPECT_EQ(o.ip_cancelled, 1);
  EXPECT_EQ(o.net_hits, 1);
  o = ResolveFire(p, attack, save);
  EXPECT_EQ(o.net_hits, 0);
}

TEST(WsrFire, WSR_11_2_1_T1_ArtilleryStrikeAsHexAttack) {
  FireInput in;  // "1 x 34": firepower 3, to-hit 4; no range (band normal)
  in.mortar = true;
  in.weapon = FireWeapon{3, 4, 0, false, false};
  in.terrain_dice = 0;  // clear
  const FireParams p = ComputeFireAtBand(in, RangeBand::kNormal);
  ASSERT_TRUE(p.legality) << p.legality.reason;
  EXPECT_EQ(p.dice, 3);
  EXPECT_EQ(p.to_hit, 4);
  EXPECT_EQ(p.defence_dice, 0);
  const std::vector<int> attack{5, 4, 2}, defence{};
  const std::vector<UnitState> units(2);
  const HexAttackOutcome o = ResolveHexAttack(p, attack, defence, units, {});
  EXPECT_EQ(o.fire.net_hits, 2);
  EXPECT_EQ(o.hits_per_unit, (std::vector<int>{1, 1}));
  EXPECT_EQ(o.results[0].result, CombatResult::kDisrupted);
  EXPECT_EQ(o.results[1].result, CombatResult::kDisrupted);
}

TEST(WsrFire, WSR_11_1_AaFireAtHardTargetsToHitSixNormalRangeOnly) {
  FireInput in = Ap(2, 3, 6, 5);  // blue AA firepower 2 (printed to-hit 3 is for aircraft)
  in.aa_at_hard_target = true;
  FireParams p = ComputeFire(in);
  ASSERT_TRUE(p.legality);
  EXPECT_EQ(p.to_hit, 6);
  in.distance = 2;  // short range -1 still applies
  EXPECT_EQ(ComputeFire(in).to_hit, 5);
  in.distance = 7;
  p = ComputeFire(in);
  EXPECT_FALSE(p.legality);
  EXPECT_NE(p.legality.reason.find("WSR 11.1"), std::string::npos);
}

TEST(WsrFire, WSR_6_1_NoFirepowerOfTheTypeIsIllegal) {
  FireInput in = Ap(0, 4, 6, 2);
  const FireParams p = ComputeFire(in);
  EXPECT_FALSE(p.legality);
  EXPECT_NE(p.legality.reason.find("WSR 6.1"), std::string::npos);
  EXPECT_FALSE(ComputeFire(Ap(3, 4, 6, 0)).legality);
}

TEST(WsrFire, WSR_6_1_ResolveRefusesWrongDiceCounts) {
  const FireParams p = ComputeFire(Ap(3, 4, 6, 4));
  const std::vector<int> two{6, 6}, none{}, bad{7, 1, 1};
  EXPECT_THROW(ResolveFire(p, two, none), std::invalid_argument);
  EXPECT_THROW(ResolveFire(p, bad, none), std::invalid_argument);
}

TEST(WsrFire, WSR_11_2_1_T1_EvenDistributionOneHitEach) {
  EXPECT_EQ(AllocateEven(2, 2, {}), (std::vector<int>{1, 1}));
  const std::vector<int> first{0};
  EXPECT_EQ(AllocateEven(3, 2, first), (std::vector<int>{2, 1}));
  EXPECT_EQ(AllocateEven(0, 2, {}), (std::vector<int>{0, 0}));
  EXPECT_THROW(AllocateEven(3, 2, {}), std::invalid_argument);
  const std::vector<int> twice{1, 1};
  EXPECT_THROW(AllocateEven(2, 3, twice), std::invalid_argument);
}

}  // namespace
}  // namespace feldherr::wsr

namespace feldherr::wsr {
namespace {

TEST(WsrFire, WSR_6_1_4_A11_AlternativeCapIgnoresExtraDice) {
  FireInput in;
  in.weapon = FireWeapon{2, 4, 4, false, true};
  in.distance = 3;
  in.target = TargetClass::kHard;
  in.save = 6;
  in.hq_dice = 2;
  in.rules.enhanced_cap_all_dice = false;
  const FireParams p = ComputeFire(in);
  EXPECT_EQ(p.dice, 5);
  EXPECT_EQ(p.hit_cap, 2);
  in.weapon.enhanced = false;  // without "+" every die counts
  EXPECT_EQ(ComputeFire(in).hit_cap, 4);
}

}  // namespace
}  // namespace feldherr::wsr
