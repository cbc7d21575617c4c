// Hidden hands in Rivet Wars (RW §5.1; content §6.2 W4, W8, W9): a reaction window opens whenever
// the player could hold the card that answers it, whether or not he does, and the other seat and
// observers are not told which card could answer: otherwise the window's opening, or its prompt,
// shows the opponent the hand.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "tests/rivet/rivet_test_util.h"

namespace feldherr::rivet::testing {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

// Bismark's Monowheel Dragoon hits the Allied Rifleman in d6 (a die of 6); the allies hold `card`
// ("" = an empty hand); with `dud_discarded` the Dud Shell lies in the discard pile, seen by all.
// Returns the state after the two dice.
std::unique_ptr<RivetState> HitWithAlliedHand(const RivetGame& g, const std::string& card,
                                              bool dud_discarded = false) {
  auto s = Start(g);
  s->hands[kAllies].clear();
  s->hands[kBismark].clear();  // no AC-07 window (W4) for the attacker
  Put(*s, "rifleman", "d6", "NW");
  const int d = Put(*s, "monowheel_dragoon", "d5", "S");
  if (!card.empty()) Give(*s, kAllies, card);
  if (dud_discarded) {
    const int dud = Card("AC-19");
    s->deck.erase(std::find(s->deck.begin(), s->deck.end(), dud));
    s->discard.push_back(dud);
  }
  EnterPhase(*s, kBismark, Phase::kCombat);
  s->apply(Action(kActivate, {s->board().parse_seg("d5")}));
  std::string error;
  Action a;
  EXPECT_TRUE(s->parse("attack u" + std::to_string(d) + " w1 d6", a, error)) << error;
  s->apply(a);
  // W8: a non-empty hand could hold Take Cover!; the allies decline it.
  if (s->current_seat() == kAllies) s->apply(Action(kEnd, {}));
  s->apply(Action(kDie, {6}));
  s->apply(Action(kDie, {2}));
  return s;
}

TEST(RivetHiddenHand, Content6_2_W9_TheWindowOpensWhetherOrNotTheDudShellIsHeld) {
  auto g = MakeGame(4);
  auto held = HitWithAlliedHand(*g, "AC-19");
  auto other = HitWithAlliedHand(*g, "AC-01");
  for (const RivetState* s : {held.get(), other.get()}) {
    ASSERT_EQ(s->current_seat(), kAllies);
    EXPECT_EQ(s->decision().kind, "reaction");
  }
  // Only the holder of the card may play it; the other may only end.
  EXPECT_THAT(held->decision_for(kAllies).prompt, HasSubstr("AC-19"));
  EXPECT_EQ(static_cast<const State&>(*other).legal_actions(), (ActionList{Action(kEnd, {})}));
  // Bismark and observers read one prompt in both positions, naming no card.
  for (int viewer : {kBismark, kObserver}) {
    const std::string prompt = held->decision_for(viewer).prompt;
    EXPECT_EQ(prompt, other->decision_for(viewer).prompt);
    EXPECT_THAT(prompt, Not(HasSubstr("AC-")));
    EXPECT_THAT(prompt, HasSubstr("W9"));
  }
}

TEST(RivetHiddenHand, Content6_2_W9_NoWindowForAnEmptyHandOrADiscardedCard) {
  auto g = MakeGame(4);
  EXPECT_NE(HitWithAlliedHand(*g, "")->current_seat(), kAllies);  // the hit is resolved at once
  EXPECT_NE(HitWithAlliedHand(*g, "AC-01", true)->current_seat(), kAllies);
}

}  // namespace
}  // namespace feldherr::rivet::testing
