// games/pocket/odds_cli.h: exact hit distributions of Pocket Battles rolls (PB Gefecht 1-2,
// PB Beschießen 2), checked against hand counts and brute force over the rolled dice.
#include "games/pocket/odds_cli.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>
#include <stdexcept>

namespace feldherr::pocket {
namespace {

double Sum(const std::vector<double>& p) {
  return std::accumulate(p.begin(), p.end(), 0.0);
}

TEST(PocketOdds, PB_Gefecht2_AttackerTwoDiceOnThreeThreeFourFourFive) {
  // Printed 3,3,4,4,5 (PB Gefecht 2 example unit), attacker rolls 2 dice (PB Gefecht 1).
  // 3 hits: one die shows 3 or 4 (2 matches), the other 5 (1 match): 2 x 2 x 1 = 4 of 36.
  const std::vector<double> p = PocketHits({3, 3, 4, 4, 5}, 2);
  ASSERT_EQ(p.size(), 5u);
  EXPECT_NEAR(Sum(p), 1.0, 1e-12);
  EXPECT_NEAR(p[0], 9.0 / 36, 1e-12);   // both in {1, 2, 6}
  EXPECT_NEAR(p[1], 6.0 / 36, 1e-12);   // a 5 and one of {1, 2, 6}
  EXPECT_NEAR(p[2], 13.0 / 36, 1e-12);  // 5-5, or {3,4} with {1,2,6}
  EXPECT_NEAR(p[3], 4.0 / 36, 1e-12);
  EXPECT_NEAR(p[4], 4.0 / 36, 1e-12);  // both in {3, 4}
}

TEST(PocketOdds, PB_Gefecht2_MatchesBruteForceForOneAndTwoDice) {
  const std::vector<int> printed{1, 1, 2, 6, 6, 6};
  for (int rolled = 1; rolled <= 2; ++rolled) {
    std::vector<double> brute(13, 0.0);
    const int outcomes = rolled == 1 ? 6 : 36;
    for (int o = 0; o < outcomes; ++o) {
      std::vector<int> dice{o % 6 + 1};
      if (rolled == 2) dice.push_back(o / 6 + 1);
      int hits = 0;
      for (int die : dice) {
        for (int f : printed) hits += f == die ? 1 : 0;
      }
      brute[static_cast<size_t>(hits)] += 1.0 / outcomes;
    }
    const std::vector<double> p = PocketHits(printed, rolled);
    EXPECT_EQ(p.size(), static_cast<size_t>(3 * rolled + 1));
    for (size_t k = 0; k < p.size(); ++k) EXPECT_NEAR(p[k], brute[k], 1e-12) << rolled << " " << k;
  }
}

TEST(PocketOdds, PB_Beschiessen2_OneDieAgainstTwoSix) {
  const std::vector<double> p = PocketHits({2, 6}, 1);
  ASSERT_EQ(p.size(), 2u);
  EXPECT_NEAR(p[0], 4.0 / 6, 1e-12);
  EXPECT_NEAR(p[1], 2.0 / 6, 1e-12);
}

TEST(PocketOdds, NoPrintedDiceNeverHits) {
  const std::vector<double> p = PocketHits({}, 2);
  ASSERT_EQ(p.size(), 1u);
  EXPECT_DOUBLE_EQ(p[0], 1.0);
}

TEST(PocketOdds, RejectsBadRollsAndFaces) {
  EXPECT_THROW(PocketHits({3}, 3), std::invalid_argument);
  EXPECT_THROW(PocketHits({3}, 0), std::invalid_argument);
  EXPECT_THROW(PocketHits({7}, 1), std::invalid_argument);
}

TEST(PocketOdds, TroopsByIdOrNameSumTheirPrintedDice) {
  const TroopType* guard = FindPocketTroop("ELVES.MOUNTED-GUARD");
  ASSERT_NE(guard, nullptr);
  EXPECT_EQ(guard->id, "elves.mounted-guard");
  EXPECT_EQ(FindPocketTroop(guard->name), guard);
  const TroopType* spear = FindPocketTroop("elves.spearman");
  ASSERT_NE(spear, nullptr);
  const std::vector<int> dice = PocketUnitDice({guard, guard, spear}, false);
  EXPECT_EQ(dice.size(), 2 * guard->combat_dice.size() + spear->combat_dice.size());
  EXPECT_EQ(PocketUnitDice({spear}, true), spear->shooting_dice);
}

TEST(PocketOdds, UnknownTroopListsCandidates) {
  std::vector<std::string> candidates;
  EXPECT_EQ(FindPocketTroop("guard", &candidates), nullptr);
  EXPECT_NE(std::find(candidates.begin(), candidates.end(), "elves.mounted-guard"),
            candidates.end());
  EXPECT_EQ(FindPocketTroop("no-such-troop", &candidates), nullptr);
  EXPECT_GT(candidates.size(), 10u);  // nothing contains it: every troop id
}

}  // namespace
}  // namespace feldherr::pocket
