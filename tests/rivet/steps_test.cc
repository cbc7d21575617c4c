// The procedure steps of Rivet Wars (RivetState::step(), games/rivet/steps.cc): concrete
// positions name the step the rules put next, and the seat, decision kind and chance outcomes
// follow the step's row.
#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <vector>

#include "tests/rivet/rivet_test_util.h"

namespace feldherr::rivet::testing {
namespace {

// The verbs of the chance outcomes at `s`, once each, in order of appearance.
std::vector<int> OutcomeVerbs(const RivetState& s) {
  std::vector<int> verbs;
  for (const ChanceOutcome& o : s.chance_outcomes())
    if (std::find(verbs.begin(), verbs.end(), o.action.verb) == verbs.end())
      verbs.push_back(o.action.verb);
  return verbs;
}

std::unique_ptr<RivetState> Initial(const RivetGame& g) {
  return std::unique_ptr<RivetState>(static_cast<RivetState*>(g.new_initial_state().release()));
}

// RW §4.5 R1: a mission whose first player is rolled opens with the initiative dice; RW §5.1:
// in the first turn of mission 4 the first player draws 2 secret missions and no Action! card.
TEST(RivetSteps, RW4_5_TheGameOpensWithTheInitiativeThenTheCardPhase) {
  auto g = MakeGame(4);
  auto s = Initial(*g);
  EXPECT_EQ(s->step(), RivetStep::kInitiative);
  EXPECT_EQ(s->current_seat(), kChance);
  EXPECT_EQ(s->decision().kind, "roll");
  EXPECT_EQ(s->chance_outcomes().size(), 36u);
  EXPECT_EQ(OutcomeVerbs(*s), std::vector<int>{kInitiative});
  Do(*s, "initiative 6 1");
  EXPECT_EQ(s->step(), RivetStep::kSecretDraw);
  EXPECT_EQ(s->current_seat(), kChance);
  EXPECT_EQ(OutcomeVerbs(*s), std::vector<int>{kDrawSecret});
  EXPECT_EQ(s->chance_outcomes().size(), s->sm_deck.size());
}

// RW §8.1 steps 1-7 and content §6.2 W8, W9: Bismark's combat phase, its attack on the Allied
// Rifleman (the Allies may hold Take Cover!: W8), the attack dice, then the Dud Shell window on
// the hit (W9), both windows the defender's.
TEST(RivetSteps, RW8_1_CombatAttackRollAndTheDefendersWindows) {
  auto g = MakeGame(4);
  auto s = Start(*g);
  s->hands[kAllies].clear();
  s->hands[kBismark].clear();  // no W4 window (AC-07) for the attacker
  Put(*s, "rifleman", "d6", "NW");
  const int d = Put(*s, "monowheel_dragoon", "d5", "S");
  Give(*s, kAllies, "AC-19");
  EnterPhase(*s, kBismark, Phase::kCombat);
  EXPECT_EQ(s->step(), RivetStep::kCombat);
  EXPECT_EQ(s->current_seat(), kBismark);
  EXPECT_TRUE(s->chance_outcomes().empty());
  Do(*s, "activate d5");
  Do(*s, "attack u" + std::to_string(d) + " w1 d6");
  EXPECT_EQ(s->step(), RivetStep::kReaction);  // W8
  EXPECT_EQ(s->current_seat(), kAllies);
  EXPECT_EQ(s->pending.window, 8);
  Do(*s, "end");
  EXPECT_EQ(s->step(), RivetStep::kAttackRoll);
  EXPECT_EQ(s->current_seat(), kChance);
  EXPECT_EQ(s->decision().kind, "roll");
  EXPECT_EQ(OutcomeVerbs(*s), std::vector<int>{kDie});
  EXPECT_EQ(s->chance_outcomes().size(), 6u);
  EXPECT_EQ(Why(*s, "end"), "the dice or the deck decide now (chance)");
  Do(*s, "die 6");
  EXPECT_EQ(s->step(), RivetStep::kAttackRoll);  // the second die
  Do(*s, "die 2");
  EXPECT_EQ(s->step(), RivetStep::kReaction);  // W9: the hit may be cancelled
  EXPECT_EQ(s->pending.window, 9);
  EXPECT_EQ(s->current_seat(), kAllies);
  EXPECT_EQ(s->decision().kind, "reaction");
  EXPECT_TRUE(s->chance_outcomes().empty());
  Do(*s, "play AC-19");
  EXPECT_EQ(s->step(), RivetStep::kCombat);
  EXPECT_EQ(s->current_seat(), kBismark);
}

// RW §8.4: a deviating weapon's attack draws its deviation card from the Action! deck first.
TEST(RivetSteps, RW8_4_ADeviatingAttackDrawsItsCardFirst) {
  auto g = MakeGame(4);
  auto s = Start(*g);
  const int h = Put(*s, "hammer_65_pounder", "e8", "S");
  Put(*s, "panzerfaust", "e5", "NW");
  EnterPhase(*s, kAllies, Phase::kCombat);
  Do(*s, "activate e8");
  Do(*s, "attack u" + std::to_string(h) + " w1 e5");
  EXPECT_EQ(s->step(), RivetStep::kDeviationDraw);
  EXPECT_EQ(s->current_seat(), kChance);
  EXPECT_EQ(s->decision().kind, "draw");
  EXPECT_EQ(OutcomeVerbs(*s), std::vector<int>{kDraw});
  EXPECT_EQ(s->chance_outcomes().size(), s->deck.size());
}

// RW §12 mission 9 (R11): the Allied turn opens with the paradrop: the Allies aim it, then the
// Action! deck places the Riflemen.
TEST(RivetSteps, RW12_Mission9_TheParadropIsAimedThenDrawn) {
  auto g = MakeGame(9);
  auto s = Initial(*g);
  Do(*s, "initiative 6 1");
  EXPECT_EQ(s->step(), RivetStep::kParadropAim);
  EXPECT_EQ(s->current_seat(), kAllies);
  EXPECT_EQ(s->decision().kind, "paradrop");
  EXPECT_EQ(static_cast<const State&>(*s).legal_actions().size(),
            static_cast<size_t>(s->board().num_segments()));
  Do(*s, "paradrop a5");
  EXPECT_EQ(s->step(), RivetStep::kParadropDraw);
  EXPECT_EQ(s->current_seat(), kChance);
  EXPECT_EQ(OutcomeVerbs(*s), std::vector<int>{kDraw});
}

// RW §11 Tank Shock: after the shock's dice the defender moves the survivor out, while the
// attacker's movement phase waits.
TEST(RivetSteps, RW11_TheDefenderRetreatsAfterATankShock) {
  auto g = MakeGame(1);
  auto s = Start(*g);
  const int st = Put(*s, "sturmpanzer", "e3", "all");
  Put(*s, "rifleman", "e4", "NW");
  const int r2 = Put(*s, "rifleman", "e4", "NE");
  EnterPhase(*s, kBismark, Phase::kMovement);
  EXPECT_EQ(s->step(), RivetStep::kMovement);
  Do(*s, "activate e3");
  Do(*s, "step u" + std::to_string(st) + " S all");
  EXPECT_EQ(s->step(), RivetStep::kAttackRoll);
  for (const char* die : {"die 6", "die 1", "die 2", "die 3"}) Do(*s, die);
  ASSERT_EQ(s->retreat, std::vector<int>{r2});
  EXPECT_EQ(s->step(), RivetStep::kRetreat);
  EXPECT_EQ(s->current_seat(), kAllies);
  EXPECT_EQ(s->decision().kind, "retreat");
  Do(*s, "retreat u" + std::to_string(r2) + " S NW");
  EXPECT_EQ(s->step(), RivetStep::kMovement);
  EXPECT_EQ(s->current_seat(), kBismark);
}

// The table: each step's row names its decision kind, and Chance decides exactly the steps it
// rolls or draws for (checked at compile time in steps.cc; here the rows the positions above
// rely on).
TEST(RivetSteps, TheTableRowsOfThePlayersSteps) {
  EXPECT_EQ(step_row(RivetStep::kReaction).seat, RivetStepSeat::kReaction);
  EXPECT_EQ(step_row(RivetStep::kRetreat).seat, RivetStepSeat::kOther);
  EXPECT_EQ(step_row(RivetStep::kParadropAim).seat, RivetStepSeat::kAlliedPlayer);
  EXPECT_EQ(step_row(RivetStep::kOver).seat, RivetStepSeat::kNobody);
  EXPECT_EQ(step_row(RivetStep::kInitiative).dice, RivetStepDice::kInitiative);
  EXPECT_EQ(step_row(RivetStep::kSecretDraw).dice, RivetStepDice::kSecretMission);
  for (RivetStep k : {RivetStep::kCards, RivetStep::kDeployment, RivetStep::kCombat,
                      RivetStep::kMovement, RivetStep::kWrapUp}) {
    EXPECT_EQ(step_row(k).seat, RivetStepSeat::kActive);
    EXPECT_EQ(step_row(k).dice, RivetStepDice::kNone);
  }
}

}  // namespace
}  // namespace feldherr::rivet::testing
