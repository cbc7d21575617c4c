// Rng (engine/rng.h): PCG32 with our own bounded mapping; the same seed gives the same dice on
// every platform, which replays and seeded tests depend on.
#include "engine/rng.h"

#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <vector>

namespace feldherr {
namespace {

// Reference output of the PCG32 demo program (pcg32-demo.c, pcg32_srandom(42, 54)).
TEST(Rng, MatchesPcg32ReferenceSequence) {
  Rng rng(42, 54);
  const std::array<uint32_t, 6> expected = {0xa15c02b7, 0x7b47f409, 0xba1d3330,
                                            0x83d2f293, 0xbfa4784b, 0xcbed606e};
  for (uint32_t e : expected) EXPECT_EQ(rng.next_u32(), e);
}

// Pinned: a change here breaks every stored seeded game and test.
TEST(Rng, FixedSeedGivesFixedDice) {
  Rng rng(7);
  std::vector<int> dice;
  for (int i = 0; i < 10; ++i) dice.push_back(rng.d6());
  EXPECT_EQ(dice, (std::vector<int>{5, 2, 5, 3, 5, 1, 3, 4, 6, 6}));
  Rng b(1);
  std::vector<uint32_t> below;
  for (int i = 0; i < 8; ++i) below.push_back(b.below(10));
  EXPECT_EQ(below, (std::vector<uint32_t>{9, 6, 9, 6, 3, 7, 1, 5}));
}

TEST(Rng, SameSeedSameSequenceDifferentSeedDifferent) {
  Rng a(123), b(123), c(124);
  int same_ac = 0;
  for (int i = 0; i < 100; ++i) {
    uint64_t x = a.next_u64();
    EXPECT_EQ(x, b.next_u64());
    same_ac += x == c.next_u64();
  }
  EXPECT_EQ(same_ac, 0);
}

TEST(Rng, ReseedRestartsTheSequence) {
  Rng a(99);
  uint32_t first = a.next_u32();
  a.next_u32();
  a.seed_with(99);
  EXPECT_EQ(a.next_u32(), first);
}

TEST(Rng, BelowStaysInBounds) {
  Rng rng(5);
  for (uint32_t bound : {1u, 2u, 3u, 6u, 7u, 100u, 1000003u, 0x80000001u, 0xffffffffu}) {
    for (int i = 0; i < 2000; ++i) EXPECT_LT(rng.below(bound), bound) << "bound " << bound;
  }
  for (int i = 0; i < 100; ++i) EXPECT_EQ(rng.below(1), 0u);
}

TEST(Rng, BetweenAndD6AreInclusive) {
  Rng rng(11);
  std::array<int, 7> seen{};
  for (int i = 0; i < 3000; ++i) {
    int d = rng.d6();
    ASSERT_GE(d, 1);
    ASSERT_LE(d, 6);
    seen[static_cast<size_t>(d)]++;
    int b = rng.between(-3, 3);
    ASSERT_GE(b, -3);
    ASSERT_LE(b, 3);
  }
  for (int f = 1; f <= 6; ++f) EXPECT_GT(seen[static_cast<size_t>(f)], 0) << "face " << f;
}

// Chi-square test of d6 uniformity: 60000 rolls, 5 degrees of freedom. The 99.99th percentile is
// 25.7; a fixed seed makes the test deterministic.
TEST(Rng, D6IsRoughlyUniform) {
  Rng rng(2024);
  constexpr int kRolls = 60000;
  std::array<int, 6> counts{};
  for (int i = 0; i < kRolls; ++i) counts[static_cast<size_t>(rng.d6() - 1)]++;
  double expected = kRolls / 6.0, chi2 = 0;
  for (int c : counts) chi2 += (c - expected) * (c - expected) / expected;
  EXPECT_LT(chi2, 25.7);
}

// A bound that is not a power of two, where a naive modulo would be biased.
TEST(Rng, BelowIsRoughlyUniformForOddBound) {
  Rng rng(77);
  constexpr int kBound = 7, kDraws = 70000;
  std::array<int, kBound> counts{};
  for (int i = 0; i < kDraws; ++i) counts[rng.below(kBound)]++;
  double expected = static_cast<double>(kDraws) / kBound, chi2 = 0;
  for (int c : counts) chi2 += (c - expected) * (c - expected) / expected;
  EXPECT_LT(chi2, 27.9);  // 6 degrees of freedom, 99.99th percentile
}

TEST(Rng, UnitIsInHalfOpenIntervalWithMeanOneHalf) {
  Rng rng(3);
  double sum = 0;
  constexpr int kDraws = 100000;
  for (int i = 0; i < kDraws; ++i) {
    double u = rng.unit();
    ASSERT_GE(u, 0.0);
    ASSERT_LT(u, 1.0);
    sum += u;
  }
  // Standard deviation of the mean: sqrt(1/12 / n) ~ 0.0009.
  EXPECT_NEAR(sum / kDraws, 0.5, 0.005);
}

}  // namespace
}  // namespace feldherr
