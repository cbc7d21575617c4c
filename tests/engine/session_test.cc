// Session (engine/session.h): legality checks, history, chance, and the undo window of
// docs/architecture.md ("Undo belongs to the rules": open inside the deciding seat's own window,
// closed by any chance action, any reveal and any change of deciding seat).
#include "engine/session.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "engine/player.h"
#include "tests/engine/toy_game.h"

namespace feldherr::toy {
namespace {

using ::testing::HasSubstr;
using ::testing::StartsWith;

// A session after both cards are dealt (red 3, blue 5): red to move.
Session dealt_session(int target = 20) {
  Session s(make_dice_race(target));
  EXPECT_EQ(s.act_text("deal 3"), "");
  EXPECT_EQ(s.act_text("deal 5"), "");
  return s;
}

const DiceRaceState& race(const Session& s) {
  return dynamic_cast<const DiceRaceState&>(s.state());
}

TEST(Session, ActRefusesIllegalActionWithTheReasonAndChangesNothing) {
  Session s = dealt_session();
  uint64_t hash = s.state().hash();
  json before = s.state().to_json();
  size_t history = s.history().size();
  EXPECT_EQ(s.act(Action(kRoll, {4})), "DR §3: dice and cards come from Chance, not from a seat");
  EXPECT_THAT(s.act(Action(kDice, {3})), StartsWith("DR §2"));
  EXPECT_EQ(s.state().hash(), hash);
  EXPECT_EQ(s.state().to_json(), before);
  EXPECT_EQ(s.history().size(), history);
}

TEST(Session, ActRefusesAfterTheGameEnds) {
  Session s = dealt_session(5);
  ASSERT_EQ(s.act_text("dice 2"), "");
  ASSERT_EQ(s.act_text("roll 3 4"), "");
  ASSERT_TRUE(s.state().is_terminal());
  EXPECT_FALSE(s.act(Action(kPass, {})).empty());
  EXPECT_EQ(s.history().size(), 4u);
}

TEST(Session, ActTextParsesTextAndNumbers) {
  Session s = dealt_session();
  // Legal list: dice 1, dice 2, press, reveal, pass. "3" is press.
  EXPECT_EQ(s.act_text("3"), "");
  EXPECT_TRUE(race(s).pressed());
  EXPECT_THAT(s.act_text("9"), StartsWith("no action numbered 9 (1..4)"));
  EXPECT_THAT(s.act_text("0"), StartsWith("no action numbered 0"));
  EXPECT_THAT(s.act_text("fly away"), HasSubstr("unknown action 'fly'"));
  EXPECT_EQ(s.act_text("press"), "DR §2: already pressed this turn");
}

TEST(Session, HistoryRecordsSeatActionAndText) {
  Session s = dealt_session();
  ASSERT_EQ(s.act_text("dice 2"), "");
  ASSERT_EQ(s.act_text("roll 6 1"), "");
  ASSERT_EQ(s.history().size(), 4u);
  EXPECT_EQ(s.history()[0].seat, kChance);
  EXPECT_EQ(s.history()[0].text, "deal 3");
  EXPECT_EQ(s.history()[2].seat, kRed);
  EXPECT_EQ(s.history()[2].action, Action(kDice, {2}));
  EXPECT_EQ(s.history()[3].text, "roll 1 6");
  EXPECT_EQ(race(s).position(kRed), 7);
}

TEST(Session, EventsAreAppendedWithRuleCitations) {
  Session s = dealt_session();
  EventList events;
  ASSERT_EQ(s.act_text("press", &events), "");
  ASSERT_EQ(s.act_text("dice 2", &events), "");
  ASSERT_EQ(s.act_text("roll 3 4", &events), "");
  ASSERT_EQ(events.size(), 2u);
  EXPECT_EQ(events[0].rule, "DR §2");
  EXPECT_EQ(events[1].rule, "DR §3");
  EXPECT_THAT(events[1].text, HasSubstr("scores 14"));
}

TEST(Session, RollSuppliesChanceFromTheRng) {
  Session a(make_dice_race()), b(make_dice_race());
  Rng ra(9), rb(9);
  a.roll(ra);
  a.roll(ra);
  b.roll(rb);
  b.roll(rb);
  EXPECT_EQ(a.state().current_seat(), kRed);
  EXPECT_EQ(a.state().hash(), b.state().hash());  // same seed, same cards
  EXPECT_EQ(a.history()[1].seat, kChance);
}

TEST(SessionUndo, OpenInsideTheSeatsWindow) {
  Session s = dealt_session();
  uint64_t before = s.state().hash();
  ASSERT_EQ(s.act_text("press"), "");
  ASSERT_TRUE(s.can_undo());
  EXPECT_TRUE(s.undo());
  EXPECT_EQ(s.state().hash(), before);
  EXPECT_FALSE(race(s).pressed());
  EXPECT_EQ(s.history().size(), 2u);
  EXPECT_FALSE(s.can_undo());
  EXPECT_FALSE(s.undo());  // nothing changes
  EXPECT_EQ(s.state().hash(), before);
}

TEST(SessionUndo, ClosedByChance) {
  Session s = dealt_session();
  EXPECT_FALSE(s.can_undo());  // the deal was chance
  ASSERT_EQ(s.act_text("dice 1"), "");
  ASSERT_EQ(s.act_text("roll 4"), "");
  ASSERT_EQ(s.state().current_seat(), kRed);  // red decides again, after a chance action
  EXPECT_FALSE(s.can_undo());
  uint64_t hash = s.state().hash();
  EXPECT_FALSE(s.undo());
  EXPECT_EQ(s.state().hash(), hash);
  EXPECT_EQ(s.history().size(), 4u);
}

TEST(SessionUndo, ClosedByAReveal) {
  Session s = dealt_session();
  ASSERT_EQ(s.act_text("press"), "");
  ASSERT_TRUE(s.can_undo());
  ASSERT_EQ(s.act_text("reveal"), "");
  ASSERT_EQ(s.state().current_seat(), kRed);  // same seat still deciding
  EXPECT_FALSE(s.can_undo());                 // but the reveal closed the window, press too
  EXPECT_FALSE(s.undo());
  EXPECT_TRUE(race(s).revealed(kRed));
  EXPECT_TRUE(race(s).pressed());
}

TEST(SessionUndo, ClosedByAChangeOfSeat) {
  Session s = dealt_session();
  ASSERT_EQ(s.act_text("press"), "");
  ASSERT_EQ(s.act_text("pass"), "");
  ASSERT_EQ(s.state().current_seat(), kBlue);
  EXPECT_FALSE(s.can_undo());  // blue may not take back red's turn
  EXPECT_FALSE(s.undo());
  // Blue's own window opens with blue's first undoable action.
  ASSERT_EQ(s.act_text("press"), "");
  EXPECT_TRUE(s.can_undo());
  EXPECT_TRUE(s.undo());
  EXPECT_EQ(s.state().current_seat(), kBlue);
  EXPECT_FALSE(s.can_undo());
}

TEST(SessionUndo, HandingTheDecisionToChanceCloses) {
  Session s = dealt_session();
  ASSERT_EQ(s.act_text("press"), "");
  ASSERT_EQ(s.act_text("dice 2"), "");
  EXPECT_EQ(s.state().current_seat(), kChance);
  EXPECT_FALSE(s.can_undo());
}

TEST(RandomPlayer, ChoosesLegalActionsReproducibly) {
  auto game = make_dice_race();
  for (uint64_t seed : {1u, 2u, 3u}) {
    Session a(game), b(game);
    RandomPlayer pa(seed), pb(seed);
    Rng ra(seed), rb(seed);
    int n = 0;
    while (!a.state().is_terminal() && n < 2000) {
      if (a.state().current_seat() == kChance) {
        a.roll(ra);
        b.roll(rb);
      } else {
        Action x = pa.choose(a.state());
        ASSERT_EQ(a.act(x), "") << a.state().describe(x);
        ASSERT_EQ(b.act(pb.choose(b.state())), "");
      }
      ASSERT_EQ(a.state().hash(), b.state().hash());
      ++n;
    }
    EXPECT_TRUE(a.state().is_terminal()) << "seed " << seed;
    EXPECT_EQ(pa.name(), "random");
  }
}

}  // namespace
}  // namespace feldherr::toy

namespace feldherr::toy {
namespace {

// Golden playthrough: a seeded game (Rng for chance, RandomPlayer for both seats) is pinned by
// its length, result and final hash. It changes only if Rng, RandomPlayer, Hasher, Session or
// the fixture's rules or field list change: on every platform and compiler it must stay the same.
TEST(Golden, SeededDiceRaceIsPinned) {
  Session s(make_dice_race());
  Rng rng(42);
  RandomPlayer red(1), blue(2);
  while (!s.state().is_terminal()) {
    if (s.state().current_seat() == kChance)
      s.roll(rng);
    else
      ASSERT_EQ(s.act((s.state().current_seat() == kRed ? red : blue).choose(s.state())), "");
  }
  std::string texts;
  for (const auto& h : s.history()) texts += h.text + ";";
  EXPECT_EQ(s.history().size(), 19u) << texts;
  EXPECT_EQ(s.state().result().summary, "blue wins");
  EXPECT_EQ(hash_hex(s.state().hash()), "ba10db7c12080d85");
}

}  // namespace
}  // namespace feldherr::toy
