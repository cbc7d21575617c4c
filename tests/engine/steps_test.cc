// Procedure steps (engine/steps.h): the fixed-capacity step stack and the compile-time checks of
// a step table.
#include "engine/steps.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

namespace feldherr {
namespace {

struct Item {
  uint8_t kind = 0;
  int16_t a = -1;
};

using Stack4 = StepStack<Item, 4>;
using Stack2 = StepStack<Item, 2>;

TEST(Steps, TheStackIsLastInFirstOutAndIndexedFromTheBottom) {
  Stack4 st;
  EXPECT_TRUE(st.empty());
  EXPECT_EQ(st.size(), 0);
  EXPECT_EQ(Stack4::capacity(), 4);
  st.push({1, 10});
  st.push({2, 20});
  st.push({3, 30});
  EXPECT_FALSE(st.empty());
  EXPECT_EQ(st.size(), 3);
  EXPECT_EQ(st.top().kind, 3);
  EXPECT_EQ(st[0].kind, 1);
  EXPECT_EQ(st[1].a, 20);
  EXPECT_EQ(st[st.size() - 1].kind, st.top().kind);
  st.top().a = 31;  // the top is changed in place
  EXPECT_EQ(st[2].a, 31);
  st.pop();
  EXPECT_EQ(st.size(), 2);
  EXPECT_EQ(st.top().kind, 2);
  std::vector<int> kinds;
  for (const Item& it : st) kinds.push_back(it.kind);
  EXPECT_EQ(kinds, (std::vector<int>{1, 2}));
  st.clear();
  EXPECT_TRUE(st.empty());
  EXPECT_EQ(st.begin(), st.end());
}

TEST(Steps, AStackFillsToItsCapacityAndCopiesByValue) {
  Stack2 st;
  st.push({7, 1});
  st.push({8, 2});
  EXPECT_EQ(st.size(), Stack2::capacity());
  const Stack2 copy = st;  // a state's clone() is a plain copy
  st.pop();
  st.top().a = 5;
  EXPECT_EQ(copy.size(), 2);
  EXPECT_EQ(copy.top().kind, 8);
  EXPECT_EQ(copy[0].a, 1);
}

// A step table of a small game: who decides and what Chance rolls.
enum class Seat : uint8_t { kChance, kActive };
enum class Dice : uint8_t { kNone, kTwoDice };
using Row = StepRow<Seat, Dice>;
enum StepKind : uint8_t { kRollStep, kMoveStep, kNumStepKinds };

constexpr Row kGood[] = {{"roll", Seat::kChance, Dice::kTwoDice},
                         {"move", Seat::kActive, Dice::kNone}};
constexpr Row kSeatRolls[] = {{"roll", Seat::kChance, Dice::kTwoDice},
                              {"move", Seat::kActive, Dice::kTwoDice}};
constexpr Row kChanceWithoutDice[] = {{"roll", Seat::kChance, Dice::kNone},
                                      {"move", Seat::kActive, Dice::kNone}};
constexpr Row kUnnamed[] = {{"roll", Seat::kChance, Dice::kTwoDice},
                            {"", Seat::kActive, Dice::kNone}};
constexpr Row kNull[] = {{nullptr, Seat::kChance, Dice::kTwoDice}};

// The checks hold at compile time; a broken table fails them.
static_assert(one_row_per_kind(kGood, kNumStepKinds));
static_assert(chance_decides_iff_chance_rolls(kGood));
static_assert(every_row_names_its_decision(kGood));
static_assert(!one_row_per_kind(kNull, kNumStepKinds));

TEST(Steps, TheTableChecksFindAMissingRowDiceOnASeatsStepAndAnUnnamedDecision) {
  EXPECT_TRUE(one_row_per_kind(kGood, kNumStepKinds));
  EXPECT_FALSE(one_row_per_kind(kGood, static_cast<size_t>(kNumStepKinds) + 1));
  EXPECT_FALSE(one_row_per_kind(kNull, kNumStepKinds));
  EXPECT_TRUE(chance_decides_iff_chance_rolls(kGood));
  EXPECT_FALSE(chance_decides_iff_chance_rolls(kSeatRolls));
  EXPECT_FALSE(chance_decides_iff_chance_rolls(kChanceWithoutDice));
  EXPECT_TRUE(every_row_names_its_decision(kGood));
  EXPECT_FALSE(every_row_names_its_decision(kUnnamed));
  EXPECT_FALSE(every_row_names_its_decision(kNull));
}

}  // namespace
}  // namespace feldherr
