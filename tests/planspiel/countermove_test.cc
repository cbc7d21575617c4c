// Planspiel counter-moves beyond the true fire counter-move (PS §9.3 false counter-move, PS §9.4
// movement counter-move, PS §9.8 opposed roll, AE-09), on a test situation on the PS-2 board
// (open fields around 10,10): Blue's medium tank B-T1 is the passive tank A of AE-09 at 10,10,
// Red's tank R-T1 the approaching tank B from 10,14.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "engine/conformance.h"
#include "engine/registry.h"
#include "games/planspiel/module.h"
#include "games/planspiel/situation.h"
#include "games/planspiel/state.h"
#include "planspiel_test_util.h"

namespace feldherr::planspiel {
namespace {

const std::string kCounterSituation = testing::TestSituation{
    .id = "test-counter",
    .title = "Counter-move test",
    .board = "ps-2",
    .units = {{"R-T1", "red", "T3485", "10,14"},
              {"R-L1", "red", "LKW", "12,14"},
              {"B-T1", "blue", "PZIV", "10,10"},
              {"B-I1", "blue", "INF", "11,11"}},
    .objective = "hill",
    .objective_fields = {"10,6"}}.Toml();

class PlanspielCounterMove : public testing::SituationTest {
 protected:
  void SetUp() override { Load("situation-test-counter.toml", kCounterSituation, "ps-2"); }
  // Red and Blue end their half-turns without moving B-T1: it takes a position marker (PS §9.2).
  void GiveTheTankItsMarker() {
    Do("fertig");
    Do("fertig");
    ASSERT_TRUE(state_->unit(U("B-T1")).position_marker);
    ASSERT_EQ(state_->active(), kPartyRed);
  }
};

// AE-09: B enters 10,12, two fields from A (range 2). Without a position marker A may only make
// a false counter-move or a movement counter-move (its speed 4 > 1); a true one is rejected.
TEST_F(PlanspielCounterMove, AE_09_WithoutAPositionMarkerFalseOrMovementCounterMoveOnly) {
  Do("move R-T1 10,12");
  // 10,13: three fields from A, out of both tanks' range; the window opens all the same.
  ASSERT_EQ(state_->step(), StepKind::kCounterMove);
  EXPECT_FALSE(Listed("meet B-T1 10,13"));
  EXPECT_NE(Why("meet B-T1 10,13").find("PS §9.3: the mover is out of range"), std::string::npos);
  EXPECT_NE(Why("evade B-T1 10,9").find("PS §9.4: the mover cannot engage"), std::string::npos);
  Do("pass");
  ASSERT_EQ(state_->field_of(U("R-T1")), (Field{10, 12}));
  ASSERT_EQ(state_->step(), StepKind::kCounterMove);
  EXPECT_FALSE(Listed("fire B-T1 10,12"));
  EXPECT_EQ(Why("fire B-T1 10,12"),
            "PS §9.2: B-T1 has no position marker (only a false counter-move)");
  EXPECT_TRUE(Listed("meet B-T1 10,12"));
  // G-48: the nearest fields out of B's reach (three fields from 10,12).
  EXPECT_EQ(state_->evade_fields(U("B-T1")), (std::vector<Field>{{9, 9}, {10, 9}, {11, 9}}));
  EXPECT_TRUE(Listed("evade B-T1 10,9"));
  EXPECT_NE(Why("evade B-T1 10,8").find("G-48"), std::string::npos);
  // The infantry (speed 1, range 1) can do neither.
  EXPECT_EQ(Why("evade B-I1 12,10"), "PS §9.4: B-I1 is not faster than 1 LE");
  EXPECT_NE(Why("meet B-I1 10,12").find("PS §9.3: only combat vehicles"), std::string::npos);
  // Outside a window neither exists.
  Do("pass");
  EXPECT_NE(Why("meet B-T1 10,12").find("PS §9.1"), std::string::npos);
}

// AE-09: with a position marker A's true counter-move is allowed (a false one is not); it is
// repeated at 10,11; a lateral move 10,12 -> 11,12 (distance stays 2) gives one; a withdrawal
// 10,11 -> 10,12 (1 -> 2) gives none.
TEST_F(PlanspielCounterMove, AE_09_WithAPositionMarkerTrueCounterMoveRepeatedAndLateral) {
  GiveTheTankItsMarker();
  Do("move R-T1 10,11");
  Do("pass");  // three fields away
  // The engine's shortest path: two fields from A now (AE-09 walks 10,12; any such field serves).
  const Field f = state_->field_of(U("R-T1"));
  ASSERT_EQ(Distance(f, {10, 10}), 2);
  const std::string at = fmt::format("{},{}", f.x, f.y);
  EXPECT_TRUE(Listed("fire B-T1 " + at));
  EXPECT_EQ(Why("meet B-T1 " + at),
            "PS §9.3: B-T1 has a position marker and fires a true counter-move");
  Do("pass");
  ASSERT_EQ(state_->field_of(U("R-T1")), (Field{10, 11}));
  EXPECT_TRUE(Listed("fire B-T1 10,11"));
  Do("pass");
  // Lateral move.
  SetUp();
  GiveTheTankItsMarker();
  state_->place_for_test(U("R-T1"), {10, 12});
  Do("move R-T1 11,12");
  EXPECT_TRUE(Listed("fire B-T1 11,12"));
  // Withdrawal.
  SetUp();
  GiveTheTankItsMarker();
  state_->place_for_test(U("R-T1"), {10, 11});
  Do("move R-T1 10,12");
  EXPECT_EQ(Why("fire B-T1 10,12"), "PS §9.2: a withdrawal gives no counter-move");
  EXPECT_EQ(Why("meet B-T1 10,12"), "PS §9.3: a withdrawal gives no counter-move");
  EXPECT_NE(Why("evade B-T1 10,9").find("PS §9.4: the mover withdraws"), std::string::npos);
}

// AE-09, PS §9.4: A evades to the nearest field out of B's reach and loses its position marker,
// which it cannot take again at the end of its next own half-turn.
TEST_F(PlanspielCounterMove, AE_09_MovementCounterMoveLosesThePositionMarker) {
  GiveTheTankItsMarker();
  Do("move R-T1 10,12");
  Do("pass");
  const EventList ev = Do("evade B-T1 10,9");
  const UnitState& a = state_->unit(U("B-T1"));
  EXPECT_EQ(state_->field_of(U("B-T1")), (Field{10, 9}));
  EXPECT_FALSE(a.position_marker);
  EXPECT_FALSE(state_->engages(U("R-T1"), U("B-T1"), {10, 9}, true));
  EXPECT_TRUE(Mentions(ev, "B-T1 makes a movement counter-move to 10,9"));
  EXPECT_TRUE(Mentions(ev, "B-T1 macht einen Bewegungsgegenzug nach 10,9", true));
  // It stays ready for a meeting engagement, but has countered at this step (G-29).
  ASSERT_EQ(state_->step(), StepKind::kCounterMove);
  EXPECT_NE(Why("meet B-T1 10,12").find("G-29"), std::string::npos);
  Do("pass");
  Do("fertig");  // Red
  Do("fertig");  // Blue: B-T1 did not move, but gets no marker (PS §9.4)
  EXPECT_FALSE(state_->unit(U("B-T1")).position_marker);
  Do("fertig");
  Do("fertig");  // its next half-turn without moving: the marker again
  EXPECT_TRUE(state_->unit(U("B-T1")).position_marker);
}

// PS §9.3, §9.8: both roll with their netted modifiers (A: PzKpfw IV 0 against the T-34/85 at 2
// LE; B: +1 superiority); the higher total wins; only the loser is affected at the level of the
// winner's total; the dice are chance steps and stand in the log.
TEST_F(PlanspielCounterMove, PS_9_3_OnlyTheLoserIsAffected) {
  Do("move R-T1 10,12");
  Do("pass");
  const PlanspielState::Meeting m = state_->meeting(U("B-T1"));
  EXPECT_EQ(m.counter_mod, 0);
  EXPECT_EQ(m.mover_mod, 1);
  EXPECT_DOUBLE_EQ(m.counter_wins, 10.0 / 31);  // 10 of the 31 decided throws
  Do("meet B-T1 10,12");
  EXPECT_EQ(state_->decision().prompt,
            "False counter-move at 10,12: the die of B-T1 (PS §9.3, §9.8)");
  Do("roll 5");
  EXPECT_EQ(state_->decision().prompt,
            "False counter-move at 10,12: the die of the mover R-T1 (PS §9.3, §9.8)");
  const EventList ev = Do("roll 3");
  EXPECT_TRUE(Mentions(ev,
                       "False counter-move at 10,12: B-T1 5 +0 = 5 against R-T1 3 +1 = 4: "
                       "B-T1 wins; only R-T1 is affected."));
  EXPECT_TRUE(Mentions(ev, "Unechter Gegenzug bei 10,12", true));
  EXPECT_EQ(state_->unit(U("R-T1")).suppression, 5);  // black: the move stops there
  EXPECT_EQ(state_->unit(U("B-T1")).suppression, 0);
  ASSERT_EQ(state_->step(), StepKind::kCounterMove);  // the window stays open for the others
  Do("pass");
  EXPECT_EQ(state_->step(), StepKind::kAct);
  EXPECT_EQ(state_->field_of(U("R-T1")), (Field{10, 12}));
}

// PS §9.8 item 3: a tie is rolled again; the mover's win knocks A out at total 7 (level 6).
TEST_F(PlanspielCounterMove, PS_9_8_TieRolledAgainThenTheMoverWins) {
  Do("move R-T1 10,12");
  Do("pass");
  Do("meet B-T1 10,12");
  Do("roll 4");
  const EventList tie = Do("roll 3");  // 4 against 3 + 1
  EXPECT_TRUE(Mentions(tie, "a tie, both roll again"));
  EXPECT_EQ(state_->step(), StepKind::kMeetRoll);
  Do("roll 2");
  const EventList ev = Do("roll 6");  // 2 against 7: 1 and 2 count for the comparison
  EXPECT_TRUE(Mentions(ev, "R-T1 wins; only B-T1 is affected."));
  EXPECT_EQ(state_->unit(U("B-T1")).status, UnitStatus::kLost);
  EXPECT_EQ(state_->unit(U("R-T1")).suppression, 0);
}

// PS §9.8 item 2: both with plus points (A +1 for the range, B +2) are reduced until the inferior
// party rolls at normal chance: A 0, B +1.
TEST_F(PlanspielCounterMove, PS_9_8_BothPlusReducedUntilTheInferiorRollsAtNormalChance) {
  state_->place_for_test(U("R-T1"), {10, 12});
  Do("move R-T1 10,11");
  const PlanspielState::Meeting m = state_->meeting(U("B-T1"));
  EXPECT_EQ(m.counter_mod, 0);
  EXPECT_EQ(m.mover_mod, 1);
  EXPECT_DOUBLE_EQ(m.counter_wins, OpposedWinChance(-1));
}

// G-30: an unarmed mover (a truck) can win the roll and so escape, but inflicts nothing; when it
// loses, it takes the tank's total (+2 against an unarmoured vehicle).
TEST_F(PlanspielCounterMove, G_30_AMoverThatCannotHarmOnlyAvoidsTheEffect) {
  Do("move R-L1 11,12");
  while (state_->field_of(U("R-L1")) != Field{11, 12}) Do("pass");
  const PlanspielState::Meeting m = state_->meeting(U("B-T1"));
  EXPECT_EQ(m.counter_mod, 2);
  EXPECT_EQ(m.mover_mod, 0);
  EXPECT_FALSE(m.mover_harms);
  EXPECT_DOUBLE_EQ(m.on_counter[0], 1.0);  // nothing can happen to the tank
  Do("meet B-T1 11,12");
  Do("roll 1");
  const EventList ev = Do("roll 4");  // 3 against 4
  EXPECT_TRUE(Mentions(ev, "R-L1 wins; it cannot harm B-T1 (G-30)."));
  EXPECT_EQ(state_->unit(U("B-T1")).suppression, 0);
  EXPECT_EQ(state_->unit(U("R-L1")).suppression, 0);
  SetUp();
  Do("move R-L1 11,12");
  while (state_->field_of(U("R-L1")) != Field{11, 12}) Do("pass");
  Do("meet B-T1 11,12");
  Do("roll 4");
  Do("roll 3");  // 6 against 3
  EXPECT_EQ(state_->unit(U("R-L1")).status, UnitStatus::kLost);
}

// The odds hook and the note give the opposed roll; the heuristic takes a false counter-move when
// the roll favours it (against the truck) and passes when it does not (the T-34/85 at +1).
TEST_F(PlanspielCounterMove, PS_9_3_OddsAndTheHeuristic) {
  const GameModule* mod = all_games().find("planspiel");
  Do("move R-T1 10,12");
  Do("pass");
  const json odds = mod->odds(*state_, A("meet B-T1 10,12"));
  EXPECT_NE(odds["summary"].get<std::string>().find("B-T1 +0 against R-T1 +1"), std::string::npos)
      << odds.dump();
  EXPECT_NE(odds["summary_de"].get<std::string>().find("B-T1 +0 gegen R-T1 +1"), std::string::npos)
      << odds.dump();
  double total = 0;
  for (const auto& o : odds["outcomes"]) {
    total += o["p"].get<double>();
    EXPECT_FALSE(o.value("text_de", std::string()).empty()) << o.dump();  // the web's German
  }
  EXPECT_NEAR(total, 1.0, 1e-9);
  EXPECT_EQ(state_->annotate(A("meet B-T1 10,12")).en, "+0 against +1: wins 10/31");
  EXPECT_EQ(state_->annotate(A("meet B-T1 10,12")).de, "+0 gegen +1: gewinnt 10/31");
  Rng rng(3);
  EXPECT_LT(HeuristicScore(*state_, A("meet B-T1 10,12"), rng), 0.0);
  SetUp();
  Do("move R-L1 11,12");
  while (state_->field_of(U("R-L1")) != Field{11, 12}) Do("pass");
  EXPECT_GT(HeuristicScore(*state_, A("meet B-T1 11,12"), rng), 1.0);
  EXPECT_LT(HeuristicScore(*state_, A("evade B-T1 10,9"), rng), 0.0);  // a truck threatens nothing
}

// PS §6.7, §9.2: in the open west of the board, R-T1 one field north of A (B-T1, range 2, with its
// marker, at 4,6) orders a withdrawal to 2,4: the engine's path 3,4 (distance 1 -> 2) then 2,4
// (2 -> 2). A plain move along the same path gives A a counter-move at the lateral step (§9.2 (c));
// the ordered withdrawal, which has increased the distance, gives none. The window opens after each
// step all the same, so its opening shows the mover nothing of units it does not see.
TEST_F(PlanspielCounterMove, PS_6_7_OrderedWithdrawalGivesNoCounterMove) {
  const auto Start = [this] {
    SetUp();
    GiveTheTankItsMarker();
    state_->place_for_test(U("B-T1"), {4, 6});  // it keeps its marker
    state_->place_for_test(U("R-T1"), {4, 5});
  };
  Start();
  Do("move R-T1 2,4");
  ASSERT_EQ(state_->field_of(U("R-T1")), (Field{3, 4}));
  EXPECT_EQ(Why("fire B-T1 3,4"), "PS §9.2: a withdrawal gives no counter-move");
  Do("pass");
  ASSERT_EQ(state_->field_of(U("R-T1")), (Field{2, 4}));
  EXPECT_TRUE(Listed("fire B-T1 2,4"));  // the lateral move of a plain move
  // The ordered withdrawal.
  Start();
  EXPECT_TRUE(Listed("withdraw R-T1 2,4"));
  // Blue reads a move, not the order (PS §7.5).
  EXPECT_EQ(state_->describe_for(A("withdraw R-T1 2,4"), kPartyBlue), "move R-T1 (hidden)");
  Do("withdraw R-T1 2,4");
  ASSERT_EQ(state_->step(), StepKind::kCounterMove);
  ASSERT_EQ(state_->field_of(U("R-T1")), (Field{3, 4}));
  EXPECT_EQ(Why("fire B-T1 3,4"), "PS §9.2: a withdrawal gives no counter-move");
  Do("pass");
  ASSERT_EQ(state_->step(), StepKind::kCounterMove);
  ASSERT_EQ(state_->field_of(U("R-T1")), (Field{2, 4}));
  EXPECT_FALSE(Listed("fire B-T1 2,4"));
  EXPECT_EQ(Why("fire B-T1 2,4"),
            "PS §9.2, PS §6.7: the ordered withdrawal has increased the distance: no counter-move");
  EXPECT_EQ(state_->why_illegal_text(A("fire B-T1 2,4")).de,
            "PS §9.2, PS §6.7: das befohlene Absetzen hat den Abstand vergrößert: kein Gegenzug");
  EXPECT_NE(Why("meet B-T1 2,4").find("PS §9.3, PS §6.7"), std::string::npos);
  const EventList ev = Do("pass");
  EXPECT_TRUE(Mentions(ev, "R-T1 withdraws to 2,4 (2 fields)."));
  EXPECT_TRUE(Mentions(ev, "R-T1 setzt sich ab nach 2,4 (2 Felder).", true));
  EXPECT_EQ(state_->step(), StepKind::kAct);
}

// PS §6.7: a withdrawal increases the distance to every enemy unit the mover's party sees that has
// it in flat-fire range, and never comes closer to one on the way; else it is refused, citing the
// rule.
TEST_F(PlanspielCounterMove, PS_6_7_WithdrawalOnlyAwayFromTheEnemyInRange) {
  state_->place_for_test(U("B-I1"), {14, 6});
  state_->place_for_test(U("R-T1"), {10, 11});
  EXPECT_EQ(Why("withdraw R-T1 11,10"),
            "PS §6.7: 11,10 does not increase the distance to B-T1: no withdrawal");
  EXPECT_EQ(state_->why_illegal_text(A("withdraw R-T1 11,10")).de,
            "PS §6.7: 11,10 vergrößert den Abstand zu B-T1 nicht: kein Absetzen");
  EXPECT_TRUE(Listed("withdraw R-T1 10,13"));
  EXPECT_TRUE(Listed("move R-T1 11,10"));  // a plain move all the same
  // Out of every seen enemy's flat-fire range there is nothing to withdraw from.
  state_->place_for_test(U("R-T1"), {10, 14});
  EXPECT_EQ(Why("withdraw R-T1 10,15"),
            "PS §6.7: R-T1 is in the flat-fire range of no enemy unit Red sees");
  EXPECT_FALSE(Listed("withdraw R-T1 10,15"));
}

// PS §6.7, the heuristic: a suppressed tank withdraws out of the reach of the enemy tank once it
// has no target it may fire at (it has fired), not while it may still answer.
TEST_F(PlanspielCounterMove, PS_6_7_HeuristicWithdrawsWhatCannotAnswer) {
  Do("fertig");                                 // Blue's half-turn
  state_->place_for_test(U("R-T1"), {10, 12});  // two fields from B-T1
  state_->set_suppression_for_test(U("B-T1"), 3);
  Rng rng(3);
  ASSERT_TRUE(Listed("withdraw B-T1 10,9"));
  EXPECT_LT(HeuristicScore(*state_, A("withdraw B-T1 10,9"), rng), 0.0);  // it may fire
  Do("fire B-T1 10,12");
  Do("roll 1");  // no effect
  ASSERT_EQ(state_->step(), StepKind::kAct);
  ASSERT_TRUE(Listed("withdraw B-T1 10,9"));
  EXPECT_GT(HeuristicScore(*state_, A("withdraw B-T1 10,9"), rng), 0.8);
  ASSERT_TRUE(Listed("withdraw B-T1 11,9"));
  state_->set_suppression_for_test(U("B-T1"), 0);  // not under fire
  EXPECT_LT(HeuristicScore(*state_, A("withdraw B-T1 10,9"), rng), 0.0);
}

// PS §7.5: the active party reads the withdrawal as far as it sees it; the battery on the test
// situation plays false and movement counter-moves with every view checked.
TEST_F(PlanspielCounterMove, PS_7_5_CounterMovesInTheBattery) {
  Do("move R-T1 10,12");
  Do("pass");
  EXPECT_EQ(state_->describe_for(A("evade B-T1 10,9"), kPartyRed), "evade B-T1 10,9");
  EXPECT_EQ(state_->describe_for(A("meet B-T1 10,12"), kPartyRed), "meet B-T1 10,12");
  ConformanceOptions o;
  o.games = 30;
  o.seed = 5;
  o.invariant = all_games().find("planspiel")->invariant;
  o.odds = all_games().find("planspiel")->odds;
  const ConformanceReport r = run_conformance(*game_, o);
  for (const auto& f : r.failures) ADD_FAILURE() << f;
  EXPECT_EQ(r.terminated, o.games);
}

}  // namespace
}  // namespace feldherr::planspiel
