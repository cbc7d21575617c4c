// Exact combat odds (games/wsr/odds.h): sums, closed forms, and agreement with a brute-force
// enumeration over every face of every die using the resolution functions of combat.h.
#include "games/wsr/odds.h"

#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <numeric>
#include <vector>

#include "games/wsr/data.h"

namespace feldherr::wsr {
namespace {

double Sum(const std::vector<double>& v) {
  return std::accumulate(v.begin(), v.end(), 0.0);
}
template <size_t N>
double Sum(const std::array<double, N>& v) {
  return std::accumulate(v.begin(), v.end(), 0.0);
}

// Calls f(dice) for every assignment of faces 1..6 to n dice (6^n calls).
void ForAllDice(int n, const std::function<void(const std::vector<int>&)>& f) {
  std::vector<int> d(static_cast<size_t>(n), 1);
  while (true) {
    f(d);
    int i = 0;
    while (i < n && d[static_cast<size_t>(i)] == 6) d[static_cast<size_t>(i++)] = 1;
    if (i == n) return;
    ++d[static_cast<size_t>(i)];
  }
}

TEST(WsrOdds, ClosedForm_AtLeastOneHitThreeDiceToHitFour) {
  const double* pmf = BinomialPmf(3, 4);
  EXPECT_NEAR(1.0 - pmf[0], 7.0 / 8.0, 1e-15);
  EXPECT_NEAR(pmf[3], 1.0 / 8.0, 1e-15);
  EXPECT_NEAR(BinomialPmf(2, 6)[2], 1.0 / 36.0, 1e-15);
  EXPECT_NEAR(BinomialPmf(4, 5)[1], 4.0 * (1.0 / 3) * std::pow(2.0 / 3, 3), 1e-15);
  EXPECT_EQ(BinomialPmf(5, 1)[5], 1.0);
  for (int n = 0; n <= kMaxOddsDice; ++n) {
    for (int t = 1; t <= 6; ++t) {
      const double* row = BinomialPmf(n, t);
      EXPECT_NEAR(std::accumulate(row, row + n + 1, 0.0), 1.0, 1e-12);
    }
  }
  EXPECT_THROW(BinomialPmf(kMaxOddsDice + 1, 4), std::invalid_argument);
}

TEST(WsrOdds, WSR_6_1_T1_EasyEightVersusPantherDistribution) {
  FireInput in;
  in.weapon = FireWeapon{3, 4, 6, false, false};
  in.distance = 4;
  in.target = TargetClass::kHard;
  in.armor = 3;
  in.save = 5;
  in.terrain_dice = 1;
  const FireOdds o = OddsOfFire(in, UnitState{});
  EXPECT_NEAR(Sum(o.net_hits), 1.0, 1e-12);
  EXPECT_NEAR(Sum(o.result), 1.0, 1e-12);
  // P(no net hit) = sum_h P(h) P(cancels >= h), h ~ Bin(3, 1/2), cancels ~ Bin(4, 1/3).
  const double* h = BinomialPmf(3, 4);
  const double* c = BinomialPmf(4, 5);
  double none = 0;
  for (int k = 0; k <= 3; ++k) {
    double at_least = 0;
    for (int j = k; j <= 4; ++j) at_least += c[j];
    none += h[k] * at_least;
  }
  EXPECT_NEAR(o.net_hits[0], none, 1e-15);
  EXPECT_NEAR(o.result[static_cast<size_t>(CombatResult::kNoEffect)], none, 1e-15);
  EXPECT_NEAR(o.result[static_cast<size_t>(CombatResult::kDisrupted)], o.net_hits[1], 1e-15);
  EXPECT_NEAR(o.result[static_cast<size_t>(CombatResult::kReduced)], o.net_hits[2], 1e-15);
  EXPECT_NEAR(o.result[static_cast<size_t>(CombatResult::kEliminated)], o.net_hits[3], 1e-15);
}

// Brute force over all attack and defence faces for small fire combats, including "+" caps and
// IPs, compared with OddsOfFire.
TEST(WsrOdds, FireMatchesBruteForceEnumeration) {
  struct Case {
    int fp, to_hit;
    bool enhanced;
    int hq;
    TargetClass target;
    int armor, save, terrain;
    bool concealed, ip;
    UnitState state;
  };
  UnitState disrupted;
  disrupted.disrupted = true;
  const std::vector<Case> cases{
      {3, 4, false, 0, TargetClass::kHard, 3, 5, 1, false, false, UnitState{}},
      {2, 3, true, 0, TargetClass::kSoft, 0, 0, 1, true, false, UnitState{}},
      {2, 5, true, 1, TargetClass::kHard, 1, 4, 2, true, true, disrupted},
      {3, 2, false, 0, TargetClass::kSoft, 0, 0, 2, false, true, UnitState{}},
  };
  for (const Case& c : cases) {
    FireInput in;
    in.weapon = FireWeapon{c.fp, c.to_hit, 6, false, c.enhanced};
    in.distance = 4;
    in.hq_dice = c.hq;
    in.target = c.target;
    in.armor = c.armor;
    in.save = c.save;
    in.terrain_dice = c.terrain;
    in.concealed = c.concealed;
    in.improved_position = c.ip;
    const FireParams p = ComputeFire(in);
    ASSERT_TRUE(p.legality);
    ASSERT_LE(p.dice + p.defence_dice, 7);
    // Integer counts (exact), divided once at the end.
    std::vector<long> net_count(static_cast<size_t>(p.dice + 1), 0);
    std::array<long, kNumCombatResults> res_count{};
    ForAllDice(p.dice, [&](const std::vector<int>& a) {
      ForAllDice(p.defence_dice, [&](const std::vector<int>& d) {
        const FireOutcome o = ResolveFire(p, a, d);
        ++net_count[static_cast<size_t>(o.net_hits)];
        ++res_count[static_cast<size_t>(ApplyHits(c.state, o.net_hits).result)];
      });
    });
    const double total = std::pow(6.0, p.dice + p.defence_dice);
    std::vector<double> net;
    for (long n : net_count) net.push_back(static_cast<double>(n) / total);
    ResultOdds res{};
    for (size_t r = 0; r < res.size(); ++r) res[r] = static_cast<double>(res_count[r]) / total;
    const FireOdds o = OddsOfFire(p, c.state);
    ASSERT_LE(o.net_hits.size(), net.size());
    for (size_t k = 0; k < net.size(); ++k) {
      EXPECT_NEAR(k < o.net_hits.size() ? o.net_hits[k] : 0.0, net[k], 1e-12) << k;
    }
    for (size_t r = 0; r < res.size(); ++r) EXPECT_NEAR(o.result[r], res[r], 1e-12) << r;
  }
}

TEST(WsrOdds, WSR_6_1_T2_MortarHexMatchesBruteForce) {
  FireInput in;
  in.mortar = true;
  in.weapon = FireWeapon{3, 4, 12, false, false};
  in.distance = 10;
  in.terrain_dice = 1;
  in.hex_has_hard_target = true;
  const FireParams p = ComputeFire(in);
  UnitState reduced;
  reduced.reduced = true;
  const std::vector<UnitState> units{UnitState{}, reduced};
  const HexAttackOdds o = OddsOfHexAttack(p, units);
  EXPECT_NEAR(Sum(o.net_hits), 1.0, 1e-12);
  EXPECT_NEAR(Sum(o.joint), 1.0, 1e-12);
  std::vector<double> joint(16, 0.0);
  const double w = std::pow(6.0, -(p.dice + p.defence_dice));
  ForAllDice(p.dice, [&](const std::vector<int>& a) {
    ForAllDice(p.defence_dice, [&](const std::vector<int>& d) {
      const int net = ResolveFire(p, a, d).net_hits;
      // The odd hit: each unit with probability 1/2.
      for (int odd = 0; odd < 2; ++odd) {
        std::vector<int> rec;
        if (net % 2 == 1) rec.push_back(odd);
        const HexAttackOutcome h = ResolveHexAttack(p, a, d, units, rec);
        const size_t idx =
            static_cast<size_t>(h.results[0].result) + 4 * static_cast<size_t>(h.results[1].result);
        joint[idx] += w * 0.5;
      }
    });
  });
  for (size_t i = 0; i < joint.size(); ++i) EXPECT_NEAR(o.joint[i], joint[i], 1e-12) << i;
  for (int u = 0; u < 2; ++u) {
    EXPECT_NEAR(Sum(o.unit_result[static_cast<size_t>(u)]), 1.0, 1e-12);
  }
}

TEST(WsrOdds, WSR_6_3_AssaultMatchesBruteForce) {
  AssaultInput in;
  AssaultUnit a;
  a.strength = 2;
  a.to_hit = 4;
  a.infantry_type = true;
  AssaultUnit b = a;
  b.strength = 1;
  b.enhanced = true;
  AssaultUnit d = a;
  d.to_hit = 5;
  in.attackers = {a, b};
  in.defenders = {d};
  in.improved_position = true;
  for (bool after_ip : {true, false}) {  // A-14 and its alternative
    SCOPED_TRACE(after_ip);
    in.rules.compare_hits_after_ip = after_ip;
    const AssaultOdds o = OddsOfAssault(in);
    EXPECT_NEAR(Sum(o.outcome), 1.0, 1e-12);
    EXPECT_NEAR(Sum(o.hits_by_attackers), 1.0, 1e-12);
    EXPECT_NEAR(Sum(o.defenders_take), 1.0, 1e-12);
    const AssaultParams& p = o.params;
    std::array<double, 5> outcome{};
    std::vector<ResultOdds> att(2, ResultOdds{});
    ResultOdds def{};
    const double w = std::pow(6.0, -6);  // 2 + 2 attack dice, 2 defence dice
    ForAllDice(6, [&](const std::vector<int>& all) {
      const std::vector<std::vector<int>> ad{{all[0], all[1]}, {all[2], all[3]}};
      const std::vector<std::vector<int>> dd{{all[4], all[5]}};
      // Attackers take the defenders' hits: odd hit to either attacker with probability 1/2.
      int dh = 0;
      for (int x : dd[0]) dh += x >= p.defenders[0].to_hit ? 1 : 0;
      const int choices = dh % 2 == 1 ? 2 : 1;
      for (int c = 0; c < choices; ++c) {
        std::vector<int> rec;
        if (dh % 2 == 1) rec.push_back(c);
        const AssaultExchange x = ResolveAssault(in, p, ad, dd, rec, {});
        const double ww = w / choices;
        outcome[static_cast<size_t>(x.outcome)] += ww;
        for (int i = 0; i < 2; ++i) {
          att[static_cast<size_t>(i)]
             [static_cast<size_t>(x.attacker_results[static_cast<size_t>(i)].result)] += ww;
        }
        def[static_cast<size_t>(x.defender_results[0].result)] += ww;
      }
    });
    for (size_t i = 0; i < outcome.size(); ++i) EXPECT_NEAR(o.outcome[i], outcome[i], 1e-12) << i;
    for (int i = 0; i < 2; ++i) {
      for (size_t r = 0; r < 4; ++r) {
        EXPECT_NEAR(o.attacker_result[static_cast<size_t>(i)][r], att[static_cast<size_t>(i)][r],
                    1e-12);
      }
    }
    for (size_t r = 0; r < 4; ++r) EXPECT_NEAR(o.defender_result[0][r], def[r], 1e-12);
  }
}

TEST(WsrOdds, WSR_6_4_OverrunDistributionsSumToOne) {
  AssaultInput in;
  in.overrun = true;
  AssaultUnit tank;
  tank.strength = 2;
  tank.to_hit = 5;
  tank.armored_vehicle = true;
  AssaultUnit inf;
  inf.strength = 2;
  inf.to_hit = 4;
  inf.infantry_type = true;
  in.attackers = {tank, tank};
  in.defenders = {inf, inf};
  const AssaultOdds o = OddsOfAssault(in);
  EXPECT_EQ(o.hits_by_attackers.size(), 13u);  // 2 x 6 dice
  EXPECT_NEAR(Sum(o.outcome), 1.0, 1e-12);
  EXPECT_EQ(o.outcome[static_cast<size_t>(AssaultOutcome::kDefendersRetreat)], 0.0);
  EXPECT_NEAR(o.outcome[static_cast<size_t>(AssaultOutcome::kOverrunContinues)] +
                  o.outcome[static_cast<size_t>(AssaultOutcome::kOverrunReturns)],
              1.0, 1e-12);
  // The vehicles continue exactly when the defenders score no hit: 4 dice at 3 (A-16 bonus).
  EXPECT_NEAR(o.outcome[static_cast<size_t>(AssaultOutcome::kOverrunContinues)],
              std::pow(2.0 / 6.0, 4), 1e-15);
  for (const auto& r : o.defender_result) EXPECT_NEAR(Sum(r), 1.0, 1e-12);
}

TEST(WsrOdds, IllegalFireHasNoEffect) {
  FireInput in;
  in.weapon = FireWeapon{1, 6, 4, false, false};
  in.distance = 6;
  const FireOdds o = OddsOfFire(in, UnitState{});
  EXPECT_FALSE(o.params.legality);
  EXPECT_EQ(o.result[static_cast<size_t>(CombatResult::kNoEffect)], 1.0);
}

TEST(WsrOdds, ShippedDataConvenienceOverload) {
  const Data& d = ShippedData();
  const CounterType* e8 = d.FindCounter("us.m4a3e8");
  const CounterType* panther = d.FindCounter("de.panther");
  ASSERT_NE(e8, nullptr);
  ASSERT_NE(panther, nullptr);
  const FireOdds o = OddsOfFireAtBand(*e8, *panther, d.terrain[Terrain::kWoods], FireSituation{},
                                      RangeBand::kNormal);
  ASSERT_TRUE(o.params.legality);
  EXPECT_NEAR(Sum(o.result), 1.0, 1e-12);
  EXPECT_EQ(o.params.dice, 3);
  EXPECT_EQ(o.params.defence_dice, 4);
  const FireOdds far = OddsOfFireAtBand(*e8, *panther, d.terrain[Terrain::kWoods], FireSituation{},
                                        RangeBand::kExtended);
  EXPECT_EQ(far.params.to_hit, 5);
  EXPECT_LT(far.expected_net_hits, o.expected_net_hits);
}

}  // namespace
}  // namespace feldherr::wsr
