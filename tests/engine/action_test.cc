// Action ids (engine/action.h): stable, unique per (verb, arguments), invertible.
#include "engine/action.h"

#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include <set>

namespace feldherr {
namespace {

Action random_action() {
  Action a;
  a.verb = static_cast<uint8_t>(*rc::gen::inRange(0, Action::kMaxVerb + 1));
  a.argc = static_cast<uint8_t>(*rc::gen::inRange(0, Action::kMaxArgs + 1));
  for (int i = 0; i < a.argc; ++i)
    a.args[static_cast<size_t>(i)] =
        static_cast<uint16_t>(*rc::gen::inRange(0, Action::kMaxArg + 1));
  return a;
}

RC_GTEST_PROP(ActionProperty, IdRoundTrips, ()) {
  Action a = random_action();
  RC_ASSERT(Action::from_id(a.id()) == a);
}

RC_GTEST_PROP(ActionProperty, DifferentActionsHaveDifferentIds, ()) {
  Action a = random_action();
  Action b = random_action();
  RC_PRE(a != b);
  RC_ASSERT(a.id() != b.id());
}

RC_GTEST_PROP(ActionProperty, IdFitsIn61Bits, ()) {
  RC_ASSERT(random_action().id() < (uint64_t{1} << 61));
}

RC_GTEST_PROP(ActionProperty, OrderFollowsId, ()) {
  Action a = random_action();
  Action b = random_action();
  RC_ASSERT((a < b) == (a.id() < b.id()));
}

TEST(Action, ConstructorSetsVerbArgcAndArgs) {
  Action a(5, {1, 2, 3});
  EXPECT_EQ(a.verb, 5);
  EXPECT_EQ(a.argc, 3);
  EXPECT_EQ(a.arg(0), 1);
  EXPECT_EQ(a.arg(1), 2);
  EXPECT_EQ(a.arg(2), 3);
  EXPECT_EQ(a.arg(3), 0);
}

// The id layout is part of the server protocol and of AI tables: pin it.
TEST(Action, IdLayoutIsStable) {
  EXPECT_EQ(Action(0, {}).id(), 0u);
  EXPECT_EQ(Action(1, {}).id(), uint64_t{1} << 55);               // verb above argc
  EXPECT_EQ(Action(0, {0}).id(), uint64_t{1} << 52);              // argc above the args
  EXPECT_EQ(Action(0, {0, 0, 0, 1}).id() & Action::kMaxArg, 1u);  // last arg lowest
  EXPECT_EQ(Action(2, {7, 9}).id(),
            (uint64_t{2} << 55) | (uint64_t{2} << 52) | (uint64_t{7} << 39) | (uint64_t{9} << 26));
}

// The argument count is part of the identity: "roll 3" is not "roll 3 0".
TEST(Action, ArgcDistinguishesTrailingZeros) {
  Action one(4, {3});
  Action two(4, {3, 0});
  EXPECT_NE(one, two);
  EXPECT_NE(one.id(), two.id());
}

TEST(Action, ExtremeValuesRoundTrip) {
  Action max(Action::kMaxVerb,
             {Action::kMaxArg, Action::kMaxArg, Action::kMaxArg, Action::kMaxArg});
  EXPECT_EQ(Action::from_id(max.id()), max);
  Action zero(0, {0, 0, 0, 0});
  EXPECT_EQ(Action::from_id(zero.id()), zero);
  EXPECT_NE(zero.id(), Action().id());
}

TEST(Action, ExhaustiveSmallRangeIsUnique) {
  std::set<uint64_t> ids;
  int count = 0;
  for (int verb = 0; verb <= Action::kMaxVerb; verb += 7) {
    ids.insert(Action(verb, {}).id());
    ++count;
    for (int x = 0; x < 20; ++x) {
      ids.insert(Action(verb, {x}).id());
      for (int y = 0; y < 20; ++y) ids.insert(Action(verb, {x, y}).id());
      count += 21;
    }
  }
  EXPECT_EQ(static_cast<int>(ids.size()), count);
}

}  // namespace
}  // namespace feldherr
