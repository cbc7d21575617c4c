// The 19 test cases of spec §14 (docs/rules/pocket.md), one test per case, named after its rule.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "tests/pocket/pocket_test_util.h"

namespace feldherr::pocket::testing {
namespace {

using ::testing::HasSubstr;
using ::testing::UnorderedElementsAre;

// Plays a setup through actions (used by the formation tests).
void act_all(Battle& b, std::initializer_list<const char*> texts) {
  for (const char* t : texts) {
    b.act(t);
    if (::testing::Test::HasFatalFailure()) return;
  }
}

// §14.1
TEST(PocketSpec, PB_Aufbau3_MarkerCountIsPointsDividedBy10) {
  for (int pts : {60, 100, 10}) {
    PocketOptions o;
    o.points = pts;
    auto g = make_game(o);
    auto s = g->new_initial_state();
    const auto& ps = static_cast<const PocketState&>(*s);
    EXPECT_EQ(ps.players[0].total, pts / 10);
    EXPECT_EQ(ps.players[1].total, pts / 10);
  }
}

// §14.2
TEST(PocketSpec, PB_Aufbau5_UnitSizeLimitedBySmallestFV) {
  Battle b;
  act_all(
      b, {"pick orcs.orc", "done", "pick elves.fighter", "pick elves.fighter", "pick elves.fighter",
          "pick elves.fighter", "done", "new-unit", "new-unit", "unit e1", "unit e1"});
  ASSERT_FALSE(HasFatalFailure());
  EXPECT_EQ(b.U(1).size, 3);                                // 3 troops with FV 3: valid
  EXPECT_THAT(b.why("unit e1"), HasSubstr("PB Aufbau 5"));  // a 4th would exceed FV 3
  b.act("new-unit");
  EXPECT_EQ(b.state->phase, kRollAB);
}

// §14.3
TEST(PocketSpec, PB_Aufbau5_FV1TroopStaysAlone) {
  Battle b;
  act_all(b,
          {"pick orcs.troll", "pick orcs.orc", "done", "pick elves.fighter", "done", "new-unit"});
  ASSERT_FALSE(HasFatalFailure());
  EXPECT_FALSE(b.legal("unit o1"));  // the orc may not join the troll (FV 1)
  EXPECT_THAT(b.why("unit o1"), HasSubstr("PB Aufbau 5"));
  EXPECT_THAT(b.legal_texts(), UnorderedElementsAre("new-unit", "concede"));
}

// §14.4
TEST(PocketSpec, PB_6_OrderCostDoublesPerOrder) {
  PocketOptions o;
  o.points = 100;
  o.turn = TurnMode::kManyOrders;
  Battle b(o);
  int u = b.unit(kOrcs, {kOrc}, kRear, 0);
  b.unit(kElves, {kFighter}, kRear, 0);
  b.start(kOrcs, kOrcs);
  b.act("move o1 left-front");
  EXPECT_EQ(b.U(u).orders, 1);
  EXPECT_EQ(b.P(kOrcs).pool, 9);
  b.act("move o1 left-rear");
  EXPECT_EQ(b.U(u).orders, 3);
  EXPECT_EQ(b.P(kOrcs).pool, 7);
  b.act("move o1 left-front");
  EXPECT_EQ(b.U(u).orders, 7);
  EXPECT_EQ(b.P(kOrcs).pool, 3);
  EXPECT_EQ(b.state->order_cost(u), 8);
  EXPECT_THAT(b.why("move o1 left-rear"), HasSubstr("PB §6"));
}

// The Elf unit of the rulebook examples: 2 Mounted Guards (LP 2, dice 3,4) + 1 Javelin Throwers
// (LP 1, die 5): combat dice 3,3,4,4,5.
int example_elf_unit(Battle& b, int zone, int abs_col) {
  return b.unit_abs(kElves, {kMountedGuard, kMountedGuard, kJavelin}, zone, abs_col);
}

// §14.5
TEST(PocketSpec, PB_Gefecht2_OneDieHitsPerMatchingCombatDie) {
  Battle b;
  int o = b.unit_abs(kOrcs, {kOrc, kOrc, kOrc}, kFront, 1);
  int e = example_elf_unit(b, kFront, 1);
  b.contact(e, o);
  b.start(kElves, kElves);
  b.state->units[static_cast<size_t>(e)].flags |= kContactAtStart;
  b.state->units[static_cast<size_t>(o)].flags |= kContactAtStart;
  b.act("continue e1 o1");
  b.act("roll 4");
  ASSERT_EQ(b.state->top().kind, kStepAlloc);
  EXPECT_EQ(b.state->top().a, o);
  EXPECT_EQ(b.state->top().n, 2);
  EXPECT_THAT(b.events.back().text, HasSubstr("rolls 4: 2 hits on o1 (combat dice 3,3,4,4,5)"));
}

// §14.6
TEST(PocketSpec, PB_Gefecht1_AttackerRollsTwoDice) {
  Battle b;
  int o = b.unit_abs(kOrcs, {kOrc, kOrc, kOrc}, kFront, 1);
  example_elf_unit(b, kFront, 1);
  b.start(kElves, kElves);
  b.act("attack e1");
  b.act("react wait");
  b.act("target o1");
  EXPECT_EQ(b.state->decision().kind, "roll");
  EXPECT_EQ(b.state->legal_actions().size(), 36u);
  b.act("roll 4 5");
  ASSERT_EQ(b.state->top().kind, kStepAlloc);
  EXPECT_EQ(b.state->top().a, o);
  EXPECT_EQ(b.state->top().n, 3);
  EXPECT_THAT(b.events.back().text,
              HasSubstr("rolls 4 and 5: 3 hits on o1 (combat dice 3,3,4,4,5)"));
}

// One wound from a 1-die orc strike on the example unit.
void one_wound_on_example(Battle& b) {
  int o = b.unit_abs(kOrcs, {kBrute}, kFront, 1);  // dice 1..6: exactly 1 hit per die
  int e = example_elf_unit(b, kFront, 1);
  b.contact(o, e);
  b.start(kOrcs, kOrcs);
  b.state->units[static_cast<size_t>(o)].flags |= kContactAtStart;
  b.act("continue o1 e1");
  b.act("roll 2");
}

// §14.7
TEST(PocketSpec, PB_9_2_WoundChoiceWithLP2Troops) {
  Battle b;
  one_wound_on_example(b);
  ASSERT_FALSE(HasFatalFailure());
  EXPECT_EQ(b.state->decision().kind, "allocate-wound");
  EXPECT_EQ(b.state->current_seat(), kElves);
  EXPECT_THAT(b.legal_texts(),
              UnorderedElementsAre("remove e1.javelin", "remove e1.mounted-guard.1",
                                   "wound e1.mounted-guard.1", "concede"));
}

// §14.8
TEST(PocketSpec, PB_9_2_WoundOnAlreadyWoundedTroop) {
  Battle b;
  one_wound_on_example(b);
  ASSERT_FALSE(HasFatalFailure());
  // Make guard 1 already wounded (its marker from the pool).
  int g1 = b.troop_of(1, kMountedGuard, 0);
  b.state->troops[static_cast<size_t>(g1)].wounds = 1;
  b.state->players[kElves].pool -= 1;
  EXPECT_THAT(b.legal_texts(),
              UnorderedElementsAre("remove e1.mounted-guard.1", "wound e1.mounted-guard.2",
                                   "remove e1.javelin", "remove e1.mounted-guard.2", "concede"));
  EXPECT_THAT(b.why("wound e1.mounted-guard.1"), HasSubstr("A17"));
  int pool = b.P(kElves).pool;
  b.act("remove e1.mounted-guard.1");  // A17: no new marker; the old one is set aside
  EXPECT_EQ(b.P(kElves).pool, pool);
  EXPECT_EQ(b.P(kElves).deferred, 1);
  EXPECT_EQ(b.P(kOrcs).captured_dp, 5);
}

// §14.9
TEST(PocketSpec, PB_Gefecht_Example3_OrcAttackOnElfUnit) {
  Battle b;
  int o = b.unit_abs(kOrcs, {kOrc}, kFront, 1);  // combat dice 4,4
  int e = example_elf_unit(b, kFront, 1);
  b.contact(o, e);
  b.start(kOrcs, kOrcs);
  b.state->units[static_cast<size_t>(o)].flags |= kContactAtStart;
  b.act("continue o1 e1");
  b.act("roll 4");
  EXPECT_EQ(b.state->top().n, 2);
  b.act("remove e1.javelin");
  b.act("wound e1.mounted-guard.1");
  EXPECT_EQ(b.U(e).alive, 2);
  EXPECT_EQ(b.state->troops[static_cast<size_t>(b.troop_of(e, kMountedGuard, 0))].wounds, 1);
  EXPECT_EQ(b.state->troops[static_cast<size_t>(b.troop_of(e, kMountedGuard, 1))].wounds, 0);
  EXPECT_EQ(b.P(kOrcs).captured_dp, 3);  // the Javelin Throwers tile
  // Strike back follows (PB Gefecht, Rückschlag): 1 die for e1 against o1.
  EXPECT_EQ(b.state->top().kind, kStepMeleeRoll);
  EXPECT_EQ(b.state->top().a, e);
  EXPECT_EQ(b.state->top().n, 1);
}

// §14.10
TEST(PocketSpec, PB_9_2_WoundMarkerTakenFromOrderMarkersWhenPoolEmpty) {
  Battle b;
  int o = b.unit_abs(kOrcs, {kBrute}, kFront, 1);
  int e = b.unit_abs(kElves, {kMountedGuard}, kFront, 1);
  int e2 = b.unit_abs(kElves, {kFighter}, kRear, 1);
  b.contact(o, e);
  b.start(kOrcs, kOrcs);
  b.state->players[kElves].pool = 0;
  b.state->players[kElves].passed = 3;
  b.state->units[static_cast<size_t>(e2)].orders = 3;
  b.state->units[static_cast<size_t>(o)].flags |= kContactAtStart;
  b.act("continue o1 e1");
  b.act("roll 5");  // one hit
  EXPECT_EQ(b.state->order_cost(e2), 4);
  b.act("wound e1.mounted-guard");  // one unit with order markers: nothing to choose
  EXPECT_EQ(b.U(e2).orders, 2);
  EXPECT_EQ(b.state->order_cost(e2), 3);
  EXPECT_EQ(b.state->current_seat(), kChance);  // the strike back follows at once
  EXPECT_EQ(b.state->troops[static_cast<size_t>(b.troop_of(e, kMountedGuard))].wounds, 1);
}

// §14.11
TEST(PocketSpec, PB_9_2_NoMarkerLeftRemovesTheTroop) {
  PocketOptions opt;
  opt.points = 10;  // 1 marker each
  Battle b(opt);
  int o = b.unit_abs(kOrcs, {kBrute}, kFront, 1);
  int e = b.unit_abs(kElves, {kMountedGuard, kMountedGuard}, kFront, 1);
  b.contact(o, e);
  b.start(kOrcs, kOrcs);
  // The elves' only marker is a wound marker on guard 1.
  b.state->troops[static_cast<size_t>(b.troop_of(e, kMountedGuard, 0))].wounds = 1;
  b.state->players[kElves].pool = 0;
  b.state->units[static_cast<size_t>(o)].flags |= kContactAtStart;
  b.act("continue o1 e1");
  b.act("roll 6");
  EXPECT_THAT(b.legal_texts(), UnorderedElementsAre("remove e1.mounted-guard.1",
                                                    "remove e1.mounted-guard.2", "concede"));
  EXPECT_THAT(b.why("wound e1.mounted-guard.2"), HasSubstr("removed instead"));
}

// §14.12
TEST(PocketSpec, PB_Aktion7_PassSetsOneMarkerAside) {
  PocketOptions opt;
  opt.points = 20;
  Battle b(opt);
  b.unit_abs(kOrcs, {kOrc}, kFront, 1);
  b.unit_abs(kElves, {kFighter}, kRear, 1);
  b.start(kOrcs, kOrcs);
  EXPECT_EQ(b.P(kOrcs).pool, 2);
  b.pass_turn();
  EXPECT_EQ(b.P(kOrcs).pool, 1);
  EXPECT_EQ(b.P(kOrcs).passed, 1);
  EXPECT_EQ(b.state->active, kElves);
  b.pass_turn();
  b.pass_turn();
  EXPECT_EQ(b.P(kOrcs).passed, 2);
  b.pass_turn();  // both pools empty: round end, passed markers return
  EXPECT_EQ(b.state->round, 2);
  EXPECT_EQ(b.P(kOrcs).pool, 2);
  EXPECT_EQ(b.P(kOrcs).passed, 0);
}

// §14.13
TEST(PocketSpec, PB_Spielablauf_PlayerWithMarkersTakesConsecutiveTurns) {
  PocketOptions opt;
  opt.points = 30;
  Battle b(opt);
  b.unit_abs(kOrcs, {kOrc}, kRear, 1);
  b.unit_abs(kElves, {kFighter}, kRear, 1);
  b.start(kOrcs, kElves);
  b.state->players[kOrcs].pool = 0;  // A has no markers left
  b.state->players[kOrcs].passed = 3;
  for (int i = 0; i < 3; ++i) {
    EXPECT_EQ(b.state->active, kElves);
    EXPECT_EQ(b.state->round, 1);
    b.pass_turn();
  }
  EXPECT_EQ(b.state->round, 2);  // B ran out too: the round ended
  EXPECT_EQ(b.P(kOrcs).pool, 3);
  EXPECT_EQ(b.P(kElves).pool, 3);
}

// §14.14
TEST(PocketSpec, PB_Spielende_TieOnDestroyedDPGoesToPlayerB) {
  // Scaled down from 30 of 60 DP: each side destroys 6 of the other's 12 DP.
  PocketOptions opt;
  opt.points = 10;
  Battle b(opt);
  int brute = b.unit_abs(kOrcs, {kBrute}, kRear, 0);
  b.unit_abs(kOrcs, {kOrc, kOrc}, kRear, 1);
  int j1 = b.unit_abs(kElves, {kJavelin}, kRear, 0);
  int j2 = b.unit_abs(kElves, {kJavelin}, kRear, 1);
  b.unit_abs(kElves, {kFighter, kFighter, kFighter}, kRear, 2);
  b.start(kOrcs, kOrcs);  // orcs are A, elves B
  EXPECT_EQ(b.P(kOrcs).built_dp, 12);
  EXPECT_EQ(b.P(kElves).built_dp, 12);
  for (int u : {brute, j1, j2})
    b.state->remove_troop(
        b.troop_of(u, b.state->troops[static_cast<size_t>(b.state->top_troop(u))].type), true,
        nullptr, "test");
  EXPECT_EQ(b.P(kOrcs).captured_dp, 6);
  EXPECT_EQ(b.P(kElves).captured_dp, 6);
  b.pass_turn();
  b.pass_turn();
  ASSERT_TRUE(b.state->is_terminal());
  EXPECT_EQ(b.state->result().summary, "elves wins");
  EXPECT_THAT(b.state->result().reason, HasSubstr("player B"));
  EXPECT_EQ(b.state->result().returns, (std::vector<double>{-1.0, 1.0}));
}

// §14.15
TEST(PocketSpec, PB_Aktion6_NoSpecialTraitInPlayerAsFirstTurn) {
  Battle b;
  int o = b.unit_abs(kOrcs, {kTroll}, kFront, 1);
  b.unit_abs(kElves, {kFighter}, kRear, 0);
  b.start(kOrcs, kOrcs, false, /*first_turn=*/true);
  b.state->troops[static_cast<size_t>(b.troop_of(o, kTroll))].wounds = 1;
  b.state->players[kOrcs].pool -= 1;
  EXPECT_THAT(b.why("special o1 o1.troll"), HasSubstr("PB Aktion 6"));
  b.pass_turn();
  b.pass_turn();
  // Player A's second turn: the Troll may regenerate.
  if (b.state->stage == kPhase1) b.act("skip");
  EXPECT_EQ(b.why("special o1 o1.troll"), "");
}

// §14.16
TEST(PocketSpec, PB_Phase1_RedeployedUnitMayNotBeOrdered) {
  Battle b;
  b.unit_abs(kOrcs, {kOrc}, kFront, 0);
  b.unit_abs(kElves, {kFighter}, kRear, 0);
  b.start(kOrcs, kOrcs, /*phase1=*/true);
  b.act("redeploy o1 centre-front");
  EXPECT_THAT(b.why("move o1 left-front"), HasSubstr("PB Phase 1"));
  EXPECT_THAT(b.why("attack o1"), HasSubstr("PB Phase 1"));
}

// §14.17
TEST(PocketSpec, PB_Aktion2_RearAttackAllowsOnlyWait) {
  Battle b;
  int o = b.unit_abs(kOrcs, {kOrc}, kFront, 1);
  int e = b.unit_abs(kElves, {kFighter}, kRear, 1);
  b.unit_abs(kElves, {kArcher}, kFront, 0);  // another sector: irrelevant
  b.start(kOrcs, kOrcs);
  EXPECT_FALSE(b.legal("attack o1"));
  b.act("attack o1 e1");
  EXPECT_EQ(b.state->current_seat(), kElves);
  EXPECT_THAT(b.legal_texts(), UnorderedElementsAre("react wait", "concede"));
  b.act("react wait");
  EXPECT_EQ(b.U(e).zone, kCombatZone);  // A5: pulled into the combat zone of the sector
  EXPECT_EQ(b.U(e).combat, b.U(o).combat);
  EXPECT_EQ(b.state->top().kind, kStepMeleeRoll);
  EXPECT_EQ(b.state->top().n, 2);
}

// §14.18
// PB Beschießen, box "In ein Gefecht hineinschießen": "die Treffer werden aber gleichmäßig
// (aufgerundet) auf alle an dem Gefecht beteiligten Einheiten aufgeteilt". A2 [REC], the
// default: each unit of the combat, the shooter's own included, takes its share rounded up.
TEST(PocketSpec, PB_Beschiessen_IntoCombatEachUnitTakesItsRoundedUpShare) {
  {
    Battle b;  // default options
    int o1 = b.unit_abs(kOrcs, {kOrc, kOrc, kOrc}, kFront, 1);
    int e1 = b.unit_abs(kElves, {kFighter, kFighter, kFighter}, kFront, 1);
    b.unit_abs(kElves, {kArcher, kArcher, kArcher}, kFront, 1);  // shooting dice 5,5,5,6,6,6
    b.contact(o1, e1);
    b.start(kElves, kElves);
    b.act("shoot e2 o1");
    b.act("roll 5");  // 3 hits over 2 units: 3/2 = 1.5, rounded up 2 each
    ASSERT_GE(b.state->steps.size(), 2);
    const Step& top = b.state->top();
    const Step& below = b.state->steps[b.state->steps.size() - 2];
    EXPECT_EQ(top.kind, kStepAlloc);
    EXPECT_EQ(top.a, o1);  // the named target allocates first
    EXPECT_EQ(top.n, 2);
    EXPECT_EQ(below.kind, kStepAlloc);
    EXPECT_EQ(below.a, e1);  // the shooter's own unit in the combat
    EXPECT_EQ(below.n, 2);
    EXPECT_EQ(b.events.back().text,
              "Shooting into a combat: 3 hits split among 2 units (2 to o1, 2 to e1).");
    b.act("remove o1.orc.1");
    b.act("remove o1.orc.2");
    EXPECT_EQ(b.state->current_seat(), kElves);  // the elves allocate their 2 wounds
    b.act("remove e1.fighter.1");
    b.act("remove e1.fighter.2");
    EXPECT_EQ(b.P(kOrcs).captured_dp, 4);  // friendly losses are handed to the opponent
  }
  {
    Battle b;  // 1 hit over 2 units: 1/2 rounded up, each unit takes 1
    int o1 = b.unit_abs(kOrcs, {kOrc, kOrc, kOrc}, kFront, 1);
    int e1 = b.unit_abs(kElves, {kFighter, kFighter, kFighter}, kFront, 1);
    b.unit_abs(kElves, {kArcher}, kFront, 1);  // shooting dice 5, 6
    b.contact(o1, e1);
    b.start(kElves, kElves);
    b.act("shoot e2 o1");
    b.act("roll 6");
    ASSERT_GE(b.state->steps.size(), 2);
    EXPECT_EQ(b.state->top().n, 1);
    EXPECT_EQ(b.state->steps[b.state->steps.size() - 2].n, 1);
    EXPECT_EQ(b.events.back().text,
              "Shooting into a combat: 1 hit split among 2 units (1 to o1, 1 to e1).");
  }
}

// §14.19
// PB Wunden: "Wenn es keine mehr gibt, nehmen sie Befehlsmarker, die auf ihren Einheiten liegen,
// und verwenden sie zur Wundenzuteilung." A19 [REC], the default: the owner decides which of his
// units gives up an order marker; with only one such unit there is nothing to ask.
TEST(PocketSpec, PB_9_2_OwnerChoosesWhichUnitGivesUpTheOrderMarker) {
  Battle b;
  int o = b.unit_abs(kOrcs, {kOrc}, kFront, 1);  // combat dice 4, 4
  int e = b.unit_abs(kElves, {kMountedGuard, kMountedGuard}, kFront, 1);
  int e2 = b.unit_abs(kElves, {kFighter}, kRear, 1);
  int e3 = b.unit_abs(kElves, {kFighter}, kRear, 0);
  b.contact(o, e);
  b.start(kOrcs, kOrcs);
  // The elves' 6 markers: none in the pool, 2 passed, 3 on e2 and 1 on e3.
  b.state->players[kElves].pool = 0;
  b.state->players[kElves].passed = 2;
  b.state->units[static_cast<size_t>(e2)].orders = 3;
  b.state->units[static_cast<size_t>(e3)].orders = 1;
  b.state->units[static_cast<size_t>(o)].flags |= kContactAtStart;
  b.act("continue o1 e1");
  b.act("roll 4");  // 2 hits
  b.act("wound e1.mounted-guard.1");
  // The wound waits for the owner's choice of the marker: nothing has moved yet.
  EXPECT_EQ(b.state->current_seat(), kElves);
  EXPECT_EQ(b.state->decision().kind, "wound-marker");
  EXPECT_EQ(b.state->decision().prompt,
            "Elves: no unused marker is left; choose the unit that gives up one of its order "
            "markers to become the wound marker on elves.mounted-guard 1 (e1) (PB Wunden)");
  EXPECT_THAT(b.legal_texts(), UnorderedElementsAre("marker-from e2", "marker-from e3", "concede"));
  Action from_e3;
  std::string err;
  ASSERT_TRUE(b.state->parse("marker-from e3", from_e3, err)) << err;
  EXPECT_EQ(b.state->annotate(from_e3).en,
            "1 order marker on e3, 0 after; its next order costs 1 instead of 2");
  EXPECT_EQ(b.state->annotate(from_e3).in(Lang::kDe),
            "1 Befehlsmarker auf e3, danach 0; ihr nächster Befehl kostet 1 statt 2");
  EXPECT_THAT(b.why("marker-from e1"), HasSubstr("carries no order marker"));
  EXPECT_THAT(b.why("marker-from o1"), HasSubstr("not a unit of elves"));
  EXPECT_EQ(b.state->troops[static_cast<size_t>(b.troop_of(e, kMountedGuard, 0))].wounds, 0);
  b.act("marker-from e3");  // not the unit with the most markers
  EXPECT_EQ(b.U(e3).orders, 0);
  EXPECT_EQ(b.U(e2).orders, 3);
  EXPECT_EQ(b.state->troops[static_cast<size_t>(b.troop_of(e, kMountedGuard, 0))].wounds, 1);
  // The log names the troop as the action's label does, its tile, number and unit.
  EXPECT_EQ(b.events.back().text,
            "The elves place a wound marker on elves.mounted-guard 1 (e1): 1 of 2 LP lost, "
            "marker from the order markers on e3.");
  // The second wound: only e2 still carries order markers, so no question is asked.
  b.act("wound e1.mounted-guard.2");
  EXPECT_EQ(b.U(e2).orders, 2);
  EXPECT_EQ(b.state->current_seat(), kChance);  // the strike back
}

}  // namespace
}  // namespace feldherr::pocket::testing
