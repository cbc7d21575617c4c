// WSR 6.3 assault and 6.4 overrun exchanges (games/wsr/combat.h).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "games/wsr/combat.h"

namespace feldherr::wsr {
namespace {

AssaultUnit Inf(int strength, int to_hit) {
  AssaultUnit u;
  u.strength = strength;
  u.to_hit = to_hit;
  u.infantry_type = true;
  return u;
}

AssaultUnit Tank(int strength, int to_hit) {
  AssaultUnit u;
  u.strength = strength;
  u.to_hit = to_hit;
  u.armored_vehicle = true;
  return u;
}

using Dice = std::vector<std::vector<int>>;

TEST(WsrAssault, WSR_6_3_T1_SdKfz251WithBeckHqRollsThree) {
  AssaultInput in;
  AssaultUnit sdkfz = Tank(1, 5);
  sdkfz.hq_dice = 2;  // Panzer IV Beck HQ, full strength: command value 2
  in.attackers = {sdkfz};
  in.defenders = {Inf(2, 5)};
  const AssaultParams p = ComputeAssault(in);
  ASSERT_TRUE(p.legality) << p.legality.reason;
  EXPECT_EQ(p.attackers[0].dice, 3);
}

TEST(WsrAssault, WSR_6_3_HqSupportsOneUnitPerSide) {
  AssaultInput in;
  AssaultUnit a = Inf(2, 5), b = Inf(2, 5);
  a.hq_dice = 2;
  b.hq_dice = 2;
  in.attackers = {a, b};
  in.defenders = {Inf(2, 5)};
  const AssaultParams p = ComputeAssault(in);
  EXPECT_FALSE(p.legality);
  EXPECT_NE(p.legality.reason.find("one unit"), std::string::npos);
}

TEST(WsrAssault, WSR_6_3_T2_MoreHitsMeansDefenderRetreats) {
  EXPECT_EQ(DecideAssaultOutcome(false, 3, 2, false, true), AssaultOutcome::kDefendersRetreat);
  EXPECT_EQ(DecideAssaultOutcome(false, 2, 2, false, true), AssaultOutcome::kAttackersReturn);
  EXPECT_EQ(DecideAssaultOutcome(false, 1, 2, false, true), AssaultOutcome::kAttackersReturn);
  EXPECT_EQ(DecideAssaultOutcome(false, 1, 3, true, true), AssaultOutcome::kDefendersEliminated);
}

TEST(WsrAssault, WSR_6_3_T2_ExchangeWithDice) {
  // Two infantry attack two infantry; attackers score 3 hits, defenders 2.
  AssaultInput in;
  in.attackers = {Inf(2, 4), Inf(2, 4)};
  in.defenders = {Inf(2, 4), Inf(1, 4)};
  const AssaultParams p = ComputeAssault(in);
  ASSERT_TRUE(p.legality);
  const Dice att{{6, 5}, {4, 1}}, def{{4, 2}, {5}};
  const std::vector<int> def_odd{1};
  const AssaultExchange x = ResolveAssault(in, p, att, def, {}, def_odd);
  EXPECT_EQ(x.hits_by_attackers, 3);
  EXPECT_EQ(x.hits_by_defenders, 2);
  EXPECT_EQ(x.defender_hits, (std::vector<int>{1, 2}));
  EXPECT_EQ(x.attacker_hits, (std::vector<int>{1, 1}));
  EXPECT_EQ(x.defender_results[0].result, CombatResult::kDisrupted);
  EXPECT_EQ(x.defender_results[1].result, CombatResult::kReduced);
  EXPECT_EQ(x.outcome, AssaultOutcome::kDefendersRetreat);
  EXPECT_EQ(x.defender_must_retreat, (std::vector<bool>{true, true}));
}

TEST(WsrAssault, WSR_6_3_StarUnitsMayNotInitiate) {
  AssaultInput in;
  AssaultUnit gun = Inf(2, 5);
  gun.star = true;
  in.attackers = {gun};
  in.defenders = {Inf(2, 5)};
  const AssaultParams p = ComputeAssault(in);
  EXPECT_FALSE(p.legality);
  EXPECT_NE(p.legality.reason.find("star"), std::string::npos);
  // As a defender it counter-attacks.
  std::swap(in.attackers, in.defenders);
  EXPECT_TRUE(ComputeAssault(in).legality);
}

TEST(WsrAssault, WSR_6_3_NoAssaultStrengthNoRollAndRetreats) {
  AssaultInput in;
  in.attackers = {Inf(2, 4)};
  AssaultUnit truck;
  truck.strength = 0;
  in.defenders = {truck};
  const AssaultParams p = ComputeAssault(in);
  ASSERT_TRUE(p.legality);
  EXPECT_FALSE(p.defenders[0].rolls);
  const Dice att{{5, 1}}, def{{}};
  const AssaultExchange x = ResolveAssault(in, p, att, def, {}, {});
  EXPECT_EQ(x.outcome, AssaultOutcome::kDefendersRetreat);
  EXPECT_TRUE(x.defender_must_retreat[0]);
  // Without strength the unit may not attack.
  std::swap(in.attackers, in.defenders);
  EXPECT_FALSE(ComputeAssault(in).legality);
}

TEST(WsrAssault, WSR_6_3_DisruptedDefendersHitOnSix) {
  AssaultInput in;
  in.attackers = {Inf(2, 4)};
  AssaultUnit d = Inf(3, 4);
  d.disrupted = true;
  d.state.disrupted = true;
  in.defenders = {d};
  const AssaultParams p = ComputeAssault(in);
  EXPECT_EQ(p.defenders[0].to_hit, 6);
  EXPECT_EQ(p.defenders[0].dice, 3);
  // Disrupted units may not assault.
  std::swap(in.attackers, in.defenders);
  EXPECT_FALSE(ComputeAssault(in).legality);
}

TEST(WsrAssault, WSR_6_3_1_InfantryBonusAgainstArmorOnly) {
  AssaultInput in;
  in.attackers = {Inf(3, 4)};
  in.defenders = {Tank(2, 5)};
  AssaultParams p = ComputeAssault(in);
  EXPECT_EQ(p.attackers[0].to_hit, 3);
  EXPECT_EQ(p.attackers[0].dice, 3);
  // Mixed defending stack: no bonus.
  in.defenders = {Tank(2, 5), Inf(2, 4)};
  p = ComputeAssault(in);
  EXPECT_EQ(p.attackers[0].to_hit, 4);
  // Defending infantry against an assault made only by armor.
  in.attackers = {Tank(2, 5)};
  in.defenders = {Inf(2, 4)};
  p = ComputeAssault(in);
  EXPECT_EQ(p.defenders[0].to_hit, 3);
}

TEST(WsrAssault, WSR_6_3_1_1_InfantryBonusInCity) {
  AssaultInput in;
  in.city = true;
  in.attackers = {Inf(3, 4)};
  in.defenders = {Tank(2, 5)};
  AssaultParams p = ComputeAssault(in);
  EXPECT_EQ(p.attackers[0].dice, 4);    // 3 -> 4
  EXPECT_EQ(p.attackers[0].to_hit, 3);  // -1 in total, not -2
  // Disrupted infantry gets no bonus: as a defender in the city it rolls 3 at 6.
  in.attackers = {Tank(2, 5)};
  AssaultUnit d = Inf(3, 4);
  d.disrupted = true;
  in.defenders = {d};
  p = ComputeAssault(in);
  EXPECT_EQ(p.defenders[0].dice, 3);
  EXPECT_EQ(p.defenders[0].to_hit, 6);
}

TEST(WsrAssault, WSR_6_1_4_T1_ParatroopersAssaultThreePlus) {
  AssaultInput in;
  AssaultUnit para = Inf(3, 4);
  para.enhanced = true;
  in.attackers = {para};
  in.defenders = {Inf(2, 4)};
  const AssaultParams p = ComputeAssault(in);
  EXPECT_EQ(p.attackers[0].dice, 4);
  EXPECT_EQ(p.attackers[0].hit_cap, 3);
  const Dice att{{6, 6, 5, 4}}, def{{1, 1}};
  const AssaultExchange x = ResolveAssault(in, p, att, def, {}, {});
  EXPECT_EQ(x.hits_by_attackers, 3);
  EXPECT_EQ(x.outcome, AssaultOutcome::kDefendersEliminated);
}

TEST(WsrAssault, WSR_8_1_T2_IpCancelsFirstHitOnDefenders) {
  AssaultInput in;
  in.improved_position = true;
  in.attackers = {Inf(3, 4)};
  in.defenders = {Inf(2, 4)};
  const AssaultParams p = ComputeAssault(in);
  const Dice att{{6, 5, 1}}, def{{4, 1}};
  const AssaultExchange x = ResolveAssault(in, p, att, def, {}, {});
  EXPECT_EQ(x.hits_by_attackers, 2);
  EXPECT_EQ(x.defenders_take, 1);
  EXPECT_EQ(x.attackers_take, 1);
  EXPECT_EQ(x.defender_results[0].result, CombatResult::kDisrupted);
  // hits compared after the IP: 1 vs 1 -> attackers return.
  EXPECT_EQ(x.outcome, AssaultOutcome::kAttackersReturn);
}

TEST(WsrAssault, WSR_6_4_T1_TankTriplesAgainstInfantry) {
  AssaultInput in;
  in.overrun = true;
  in.attackers = {Tank(2, 5)};
  in.defenders = {Inf(2, 4)};
  const AssaultParams p = ComputeAssault(in);
  ASSERT_TRUE(p.legality) << p.legality.reason;
  EXPECT_EQ(p.attackers[0].dice, 6);
  EXPECT_EQ(p.defenders[0].dice, 2);
  EXPECT_EQ(p.defenders[0].to_hit, 3);  // infantry -1 against armored vehicles applies
  const Dice att{{6, 5, 5, 1, 2, 3}}, def{{1, 2}};
  const AssaultExchange x = ResolveAssault(in, p, att, def, {}, {});
  EXPECT_EQ(x.defender_results[0].result, CombatResult::kEliminated);
  EXPECT_EQ(x.outcome, AssaultOutcome::kOverrunContinues);
  EXPECT_FALSE(x.defender_must_retreat[0]);
}

TEST(WsrAssault, WSR_6_4_HitVehicleReturns) {
  AssaultInput in;
  in.overrun = true;
  in.attackers = {Tank(2, 5)};
  in.defenders = {Inf(2, 4)};
  const AssaultParams p = ComputeAssault(in);
  const Dice att{{1, 1, 1, 1, 1, 1}}, def{{3, 2}};
  const AssaultExchange x = ResolveAssault(in, p, att, def, {}, {});
  EXPECT_EQ(x.attacker_results[0].result, CombatResult::kDisrupted);
  EXPECT_EQ(x.outcome, AssaultOutcome::kOverrunReturns);
}

TEST(WsrAssault, WSR_6_4_OverrunRestrictions) {
  AssaultInput in;
  in.overrun = true;
  in.attackers = {Inf(2, 4)};
  in.defenders = {Inf(2, 4)};
  EXPECT_FALSE(ComputeAssault(in).legality);
  in.attackers = {Tank(2, 5)};
  in.defenders = {Tank(2, 5)};
  EXPECT_FALSE(ComputeAssault(in).legality);
  in.defenders = {Inf(2, 4)};
  in.clear_or_hill = false;
  const AssaultParams p = ComputeAssault(in);
  EXPECT_FALSE(p.legality);
  EXPECT_NE(p.legality.reason.find("WSR 6.4"), std::string::npos);
  // HQ dice are added after tripling.
  in.clear_or_hill = true;
  in.attackers[0].hq_dice = 1;
  EXPECT_EQ(ComputeAssault(in).attackers[0].dice, 7);
}

}  // namespace
}  // namespace feldherr::wsr

namespace feldherr::wsr {
namespace {

TEST(WsrAssault, WSR_6_3_1_1_A15_AlternativeCumulativeCityBonus) {
  AssaultInput in;
  in.city = true;
  in.rules.city_bonus_cumulative = true;
  AssaultUnit inf;
  inf.strength = 3;
  inf.to_hit = 4;
  inf.infantry_type = true;
  AssaultUnit tank;
  tank.strength = 2;
  tank.to_hit = 5;
  tank.armored_vehicle = true;
  in.attackers = {inf};
  in.defenders = {tank};
  const AssaultParams p = ComputeAssault(in);
  EXPECT_EQ(p.attackers[0].to_hit, 2);
  EXPECT_EQ(p.attackers[0].dice, 4);
}

TEST(WsrAssault, WSR_6_3_A14_AlternativeComparesHitsBeforeIp) {
  AssaultInput in;
  in.improved_position = true;
  in.rules.compare_hits_after_ip = false;
  AssaultUnit inf;
  inf.strength = 3;
  inf.to_hit = 4;
  inf.infantry_type = true;
  AssaultUnit def = inf;
  def.strength = 2;
  in.attackers = {inf};
  in.defenders = {def};
  const AssaultParams p = ComputeAssault(in);
  const std::vector<std::vector<int>> att{{6, 5, 1}}, dd{{4, 1}};
  const AssaultExchange x = ResolveAssault(in, p, att, dd, {}, {});
  EXPECT_EQ(x.defenders_take, 1);
  EXPECT_EQ(x.outcome, AssaultOutcome::kDefendersRetreat);  // 2 scored > 1 taken
}

}  // namespace
}  // namespace feldherr::wsr
