// Wrecks in defiles and their recovery (PS §2.3, §6.10, §12.1, G-38) on a test situation on the
// PS-2 board: Red's tank R-T1 stands on the bridge 18,8 (a defile in every direction), Blue's
// Panther B-T1 next to it at 19,9 knocks it out; Red's tank R-T2 and assault gun R-S1 and its
// infantry R-I1 stand on either side of the bridge, Blue's truck B-L1 beside the road.
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

const testing::TestSituation kWreck{.id = "test-wreck",
                                    .title = "Wreck test",
                                    .board = "ps-2",
                                    .first_mover = "blue",
                                    .units = {{"R-T1", "red", "PZIV", "18,8"},
                                              {"R-T2", "red", "PZIV", "17,8"},
                                              {"R-S1", "red", "STUG", "19,8"},
                                              {"R-I1", "red", "INF", "17,8"},
                                              {"B-T1", "blue", "PANTHER", "19,9"}},
                                    .objective = "east",
                                    .objective_fields = {"22,8"}};

class PlanspielWreck : public testing::SituationTest {
 protected:
  void SetUp() override { Load("situation-test-wreck.toml", kWreck.Toml(), "ps-2"); }
  // Applies `text`, then passes the counter-move windows it opens (PS §9.2).
  EventList Do(const std::string& text) {
    EventList events = SituationTest::Do(text);
    while (state_->step() == StepKind::kCounterMove) state_->apply(Action(kPass, {}), &events);
    return events;
  }
  // Blue's Panther knocks out R-T1 on the bridge (a natural 6 at one field), then Blue ends its
  // half-turn.
  void KnockOutOnTheBridge() {
    Do("fire B-T1 18,8");
    Do("roll 6");
    while (state_->step() != StepKind::kAct) Do("roll 1");  // any second roll: no further harm
    ASSERT_EQ(state_->unit(U("R-T1")).status, UnitStatus::kLost);
    Do("fertig");
    ASSERT_EQ(state_->active(), kPartyRed);
  }
};

// PS §2.3: a vehicle knocked out in a defile stays there as an obstacle (public), in the
// observation of both parties.
TEST_F(PlanspielWreck, PS_2_3_VehicleKnockedOutInADefileStaysAsAWreck) {
  Do("fire B-T1 18,8");
  const EventList ev = Do("roll 6");
  ASSERT_EQ(state_->unit(U("R-T1")).status, UnitStatus::kLost);
  EXPECT_TRUE(state_->unit(U("R-T1")).wreck);
  EXPECT_EQ(state_->wreck_at({18, 8}), U("R-T1"));
  EXPECT_TRUE(Mentions(ev, "R-T1 stays in the defile 18,8 as a wreck"));
  EXPECT_TRUE(Mentions(ev, "R-T1 bleibt in der Enge 18,8 als Hindernis stehen", true));
  for (int viewer : {kPartyRed, kPartyBlue}) {
    bool found = false;
    const json obs = state_->observe(viewer);
    for (const auto& u : obs["units"])
      if (u["id"] == "R-T1") found = u.contains("wreck") && u["wreck"].dump() == "[18,8]";
    EXPECT_TRUE(found) << viewer;
  }
}

// PS §2.3, §5.3, §6.10: the wreck closes the defile to vehicles (refusals cite the rule); pure
// figure bases pass.
TEST_F(PlanspielWreck, PS_6_10_WreckBlocksVehiclesButNotFigures) {
  KnockOutOnTheBridge();
  EXPECT_FALSE(Listed("move R-T2 18,8"));
  EXPECT_EQ(Why("move R-T2 18,8"),
            "PS §2.3, §6.10: the wreck of R-T1 in the defile 18,8 blocks the way of R-T2 to 18,8 "
            "until it is recovered");
  EXPECT_FALSE(Listed("move R-S1 18,8"));
  EXPECT_NE(Why("move R-S1 18,8").find("PS §2.3, §6.10: the wreck of R-T1"), std::string::npos);
  EXPECT_TRUE(Listed("move R-I1 18,8"));
}

// PS §6.10: the recovery vehicle must be at least as heavy as the wreck (STUG 24 t against the
// PzKpfw IV's 25 t), stand next to it where it could drive in, not be suppressed, and not have
// acted in its half-turn (G-38).
TEST_F(PlanspielWreck, PS_6_10_WhoMayRecover) {
  KnockOutOnTheBridge();
  EXPECT_FALSE(Listed("recover R-S1 18,8"));
  EXPECT_EQ(Why("recover R-S1 18,8"),
            "PS §6.10: R-S1 (24 t) is lighter than the wreck of R-T1 (25 t)");
  EXPECT_EQ(Why("recover R-I1 18,8"), "PS §6.10: a vehicle model recovers; R-I1 is none");
  EXPECT_EQ(Why("recover R-T2 17,8"), "PS §6.10: there is no wreck in 17,8");
  state_->set_suppression_for_test(U("R-T2"), 3);
  EXPECT_EQ(Why("recover R-T2 18,8"), "PS §6.10, §12.1: R-T2 is suppressed and cannot work");
  state_->set_suppression_for_test(U("R-T2"), 0);
  EXPECT_TRUE(Listed("recover R-T2 18,8"));
  state_->place_for_test(U("R-T2"), {16, 8});
  EXPECT_EQ(Why("recover R-T2 18,8"),
            "PS §6.10, §12.1: R-T2 must stand next to the wreck in 18,8, where it could drive in");
  state_->place_for_test(U("R-T2"), {17, 8});
  EXPECT_TRUE(Listed("recover R-T2 18,8"));
  Do("move R-T2 16,8");
  state_->place_for_test(U("R-T2"), {17, 8});
  EXPECT_EQ(Why("recover R-T2 18,8"),
            "G-38: a recovery occupies R-T2 for its whole half-turn; it has acted already");
}

// PS §6.10, G-38: the recovery roll (a chance step): below 4 the wreck stays and the vehicle has
// spent its half-turn; it tries again in its next half-turn, and on 4+ the wreck is removed and
// the recovery vehicle takes its place in the defile, where it still blocks (PS §5.3).
TEST_F(PlanspielWreck, PS_6_10_RecoveryRollFourPlusRemovesTheWreck) {
  KnockOutOnTheBridge();
  EventList ev = Do("recover R-T2 18,8");
  EXPECT_TRUE(Mentions(ev, "R-T2 tries to tow away the wreck of R-T1 in 18,8 (4+)."));
  ASSERT_EQ(state_->step(), StepKind::kRecoverRoll);
  EXPECT_EQ(state_->decision().prompt, "Recovery roll of R-T2 at the wreck in 18,8, 4+ (PS §6.10)");
  ev = Do("roll 3");
  EXPECT_TRUE(Mentions(ev, "Recovery roll 3: R-T2 does not get the wreck in 18,8 away"));
  EXPECT_EQ(state_->wreck_at({18, 8}), U("R-T1"));
  EXPECT_EQ(state_->field_of(U("R-T2")), (Field{17, 8}));
  EXPECT_EQ(Why("move R-T2 16,8"),
            "PS §6.10, G-38: R-T2 is recovering a wreck this half-turn and does nothing else");
  Do("fertig");
  Do("fertig");  // Blue
  ASSERT_EQ(state_->active(), kPartyRed);
  Do("recover R-T2 18,8");
  ev = Do("roll 4");
  EXPECT_TRUE(Mentions(ev,
                       "Recovery roll 4: R-T2 tows the wreck of R-T1 away and takes its "
                       "place in 18,8."));
  EXPECT_TRUE(Mentions(ev, "Bergewurf 4: R-T2 schleppt das Schadfahrzeug R-T1 weg", true));
  EXPECT_EQ(state_->wreck_at({18, 8}), -1);
  EXPECT_FALSE(state_->unit(U("R-T1")).wreck);
  EXPECT_EQ(state_->unit(U("R-T1")).status, UnitStatus::kLost);
  EXPECT_EQ(state_->field_of(U("R-T2")), (Field{18, 8}));
  EXPECT_FALSE(Listed("move R-T2 19,8"));  // it has worked this half-turn
}

// G-38, PS §6.10: the recovery is the vehicle's work of the half-turn (its work state, as digging
// in): it has neither moved nor fired (so PS §5.4 does not count it as a like troop that fired),
// both parties' views carry `work: "recover"`, and every other action is refused citing G-38;
// having stood still it still takes no position marker (PS §9.2), before or after a failed roll.
TEST_F(PlanspielWreck, G_38_RecoveringVehicleHasNotFired) {
  KnockOutOnTheBridge();
  Do("recover R-T2 18,8");
  ASSERT_EQ(state_->step(), StepKind::kRecoverRoll);
  const UnitState& s = state_->unit(U("R-T2"));
  EXPECT_EQ(s.work, UnitState::kWorkRecover);
  EXPECT_FALSE(s.has_moved);
  EXPECT_FALSE(s.fired);
  Do("roll 2");
  ASSERT_EQ(state_->step(), StepKind::kAct);
  EXPECT_EQ(s.work, UnitState::kWorkRecover);
  EXPECT_FALSE(s.fired);
  for (int viewer : {kPartyRed, kPartyBlue}) {
    bool seen = false;
    const json obs = state_->observe(viewer);
    for (const auto& u : obs["units"])
      if (u["id"] == "R-T2") {
        seen = true;
        EXPECT_EQ(u.value("work", std::string()), "recover") << viewer;
        EXPECT_FALSE(u["moved"].get<bool>()) << viewer;
        EXPECT_FALSE(u["fired"].get<bool>()) << viewer;
      }
    EXPECT_TRUE(seen) << viewer;
  }
  EXPECT_NE(state_->render_text(kPartyBlue).find("working: recovers a wreck"), std::string::npos);
  EXPECT_NE(state_->render_text_in(kPartyRed, Lang::kDe).find("arbeitet: birgt ein Schadfahrzeug"),
            std::string::npos);
  const std::string recovering =
      "PS §6.10, G-38: R-T2 is recovering a wreck this half-turn and does nothing else";
  EXPECT_FALSE(Listed("fire R-T2 19,9"));
  EXPECT_EQ(Why("fire R-T2 19,9"), recovering);
  EXPECT_EQ(Why("move R-T2 16,8"), recovering);
  EXPECT_EQ(Why("recover R-T2 18,8"), recovering);
  EXPECT_EQ(Why("overrun R-T2 16,8"), recovering);
  EXPECT_NE(state_->why_illegal_text(A("move R-T2 16,8")).de.find("birgt in diesem Teilzug"),
            std::string::npos);
  // The other Red units act as ever: R-S1 fires at the Panther.
  EXPECT_TRUE(Listed("fire R-S1 19,9")) << Why("fire R-S1 19,9");
  Do("fertig");
  EXPECT_FALSE(state_->unit(U("R-T2")).position_marker);
  EXPECT_EQ(state_->unit(U("R-T2")).work, 0);
}

// PS §6.10, §9.1: the recovery attempt opens the enemy's counter-move window before the roll: the
// Panther (position marker: it did not move in its half-turn) fires at the wreck's field 18,8, as
// if R-T2 worked there, though R-T2 stands in 17,8; no false or movement counter-move answers a
// recovery. The counter-move suppresses R-T2, which cannot work (§6.10 "not suppressed"): the
// attempt fails without its roll and the wreck stays.
TEST_F(PlanspielWreck, PS_6_10_CounterMoveAgainstTheRecoveryVehicle) {
  KnockOutOnTheBridge();
  ASSERT_TRUE(state_->unit(U("B-T1")).position_marker);
  EventList ev = SituationTest::Do("recover R-T2 18,8");
  ASSERT_EQ(state_->step(), StepKind::kCounterMove);
  EXPECT_EQ(state_->decision().prompt,
            "Blue: a unit of Red tries to recover the wreck in 18,8; answer with a true fire "
            "counter-move at that field or pass (PS §6.10, §9.1)");
  EXPECT_TRUE(Listed("fire B-T1 18,8"));
  EXPECT_FALSE(Listed("fire B-T1 17,8"));
  EXPECT_EQ(Why("fire B-T1 17,8"),
            "PS §6.10, §9.1: a counter-move against the recovery fires at the wreck's field 18,8, "
            "where the vehicle works");
  EXPECT_FALSE(Listed("evade B-T1 20,9"));
  EXPECT_EQ(Why("evade B-T1 20,9"),
            "PS §6.10, §9.4: a recovery attempt is no approach; no movement counter-move");
  // The odds and the note read the fire at R-T2 (the target as if in the wreck's field).
  EXPECT_NE(state_->annotate(A("fire B-T1 18,8")).en.find("R-T2: effect "), std::string::npos);
  ev = SituationTest::Do("fire B-T1 18,8");
  ASSERT_EQ(state_->step(), StepKind::kEffectRoll);
  // Natural 3, +1 heavy gun against medium armour, +1 range reduced to one field (at the wreck's
  // field, not two fields to 17,8): 5, black.
  ev = SituationTest::Do("roll 3");
  EXPECT_TRUE(Mentions(ev,
                       "Natural 3 against R-T2 (+1 gun against armour (PS §8.8 #13, §8.10), +1 "
                       "reduced range (PS §8.8 #14, §8.10); net +2): level 5 (black)."));
  EXPECT_EQ(state_->unit(U("R-T2")).suppression, 5);
  EXPECT_EQ(state_->unit(U("R-T2")).status, UnitStatus::kOnBoard);
  ASSERT_EQ(state_->step(), StepKind::kSelfSmoke);  // PS §8.16: Red's window first
  SituationTest::Do("pass");
  ASSERT_EQ(state_->step(), StepKind::kCounterMove);
  EXPECT_FALSE(Listed("fire B-T1 18,8"));  // G-29: once per window
  ev = SituationTest::Do("pass");
  EXPECT_TRUE(Mentions(ev,
                       "R-T2 is suppressed by the counter-move and cannot recover the wreck in "
                       "18,8 this half-turn."));
  EXPECT_TRUE(Mentions(ev, "R-T2 ist durch den Gegenzug niedergehalten", true));
  EXPECT_EQ(state_->step(), StepKind::kAct);
  EXPECT_EQ(state_->wreck_at({18, 8}), U("R-T1"));
  EXPECT_EQ(state_->field_of(U("R-T2")), (Field{17, 8}));
}

// PS §6.10: only a weapon that has the wreck in its direct-fire range answers; the window still
// opens (that nobody may answer is hidden from the recovering party), and after the pass the
// recovery roll follows.
TEST_F(PlanspielWreck, PS_6_10_NoCounterMoveWhenTheWreckIsOutOfRange) {
  KnockOutOnTheBridge();
  state_->place_for_test(U("B-T1"), {21, 10});
  SituationTest::Do("recover R-T2 18,8");
  ASSERT_EQ(state_->step(), StepKind::kCounterMove);
  EXPECT_FALSE(Listed("fire B-T1 18,8"));
  EXPECT_EQ(Why("fire B-T1 18,8"), "PS §6.10: the wreck in 18,8 is out of range of B-T1");
  SituationTest::Do("pass");
  ASSERT_EQ(state_->step(), StepKind::kRecoverRoll);
  const EventList ev = SituationTest::Do("roll 5");
  EXPECT_TRUE(Mentions(ev, "Recovery roll 5: R-T2 tows the wreck of R-T1 away"));
  EXPECT_EQ(state_->field_of(U("R-T2")), (Field{18, 8}));
}

// PS §9.3: a combat vehicle without a position marker makes no false counter-move against a
// recovery (that answers an approach only), nor a true one without the marker (PS §9.2).
TEST_F(PlanspielWreck, PS_6_10_NoMeetingEngagementAgainstARecovery) {
  KnockOutOnTheBridge();
  Do("fertig");           // Red
  Do("move B-T1 19,10");  // Blue moves: no position marker at the end of its half-turn
  Do("fertig");
  ASSERT_EQ(state_->active(), kPartyRed);
  ASSERT_FALSE(state_->unit(U("B-T1")).position_marker);
  SituationTest::Do("recover R-T2 18,8");
  ASSERT_EQ(state_->step(), StepKind::kCounterMove);
  EXPECT_FALSE(Listed("meet B-T1 18,8"));
  EXPECT_EQ(Why("meet B-T1 18,8"),
            "PS §6.10, §9.1: work from an adjacent field is answered by a true fire counter-move "
            "only; a recovery is no approach for a meeting engagement");
  EXPECT_FALSE(Listed("fire B-T1 18,8"));
  EXPECT_EQ(Why("fire B-T1 18,8"),
            "PS §9.2, §6.10: B-T1 has no position marker: it is not entitled to a counter-move "
            "against the recovery");
}

// PS §2.3 "any other knocked-out unit is removed at once": outside a defile no wreck stays (the
// field 19,8 beside the bridge has open ground to its south).
TEST_F(PlanspielWreck, PS_2_3_NoWreckOutsideADefile) {
  ASSERT_FALSE(IsDefileAnyDirection(game_->board(), {19, 8}));
  Do("fire B-T1 19,8");
  Do("roll 6");
  while (state_->step() != StepKind::kAct) Do("roll 1");
  ASSERT_EQ(state_->unit(U("R-S1")).status, UnitStatus::kLost);
  EXPECT_FALSE(state_->unit(U("R-S1")).wreck);
  EXPECT_EQ(state_->wreck_at({19, 8}), -1);
}

// PS §6.10: the heuristic tows away a wreck that blocks its route to the objective (no move
// brings R-T2 nearer: the river has no other crossing), not under the guns of an enemy weapon
// that may fire a counter-move at the wreck's field (§9.1), and not one behind it.
TEST_F(PlanspielWreck, PS_6_10_HeuristicRecoversAWreckBlockingItsRoute) {
  KnockOutOnTheBridge();
  state_->remove_for_test(U("B-T1"));
  Rng rng(3);
  const double recover = HeuristicScore(*state_, A("recover R-T2 18,8"), rng);
  EXPECT_GT(recover, 0.5);
  // R-T2's other choices and FERTIG score lower (R-S1, across the river, rather takes the
  // objective 22,8 it can reach, G-01).
  for (const Action& a : state_->legal_actions()) {
    if (a.verb != kRecover && (a.argc == 0 || a.arg(0) == U("R-T2"))) {
      EXPECT_LT(HeuristicScore(*state_, a, rng), recover) << state_->describe(a);
    }
  }
  // PS §6.10, §9.1: not under the guns of the Panther (position marker, the wreck in range and
  // sight, R-T2 out of its own range).
  state_->place_for_test(U("B-T1"), {20, 10});
  ASSERT_TRUE(state_->visible_to(U("B-T1"), kPartyRed));
  ASSERT_TRUE(state_->fire_targets(U("R-T2")).empty());
  EXPECT_LT(HeuristicScore(*state_, A("recover R-T2 18,8"), rng), 0.0);
  state_->remove_for_test(U("B-T1"));
  // From the far side the wreck lies behind: no recovery.
  state_->remove_for_test(U("R-S1"));
  state_->place_for_test(U("R-T2"), {19, 8});
  ASSERT_TRUE(Listed("recover R-T2 18,8"));
  EXPECT_LT(HeuristicScore(*state_, A("recover R-T2 18,8"), rng), 0.0);
}

// The wreck situation with Blue's AT gun B-P1 (7.5 cm, not manhandled) unlimbered at 19,10 and
// its tow B-Z1 beside it at 20,10 (PS §4.4: a tow carries its weapon's ammunition).
class PlanspielTowAmmunition : public testing::SituationTest {
 protected:
  void SetUp() override {
    testing::TestSituation with_tow = kWreck;
    with_tow.units.push_back(
        {"B-P1", "blue", "PAK75", "19,10", {{"tow", R"("B-Z1")"}, {"state", R"("unlimbered")"}}});
    with_tow.units.push_back({"B-Z1", "blue", "ZGKW", "20,10", {{"tow_of", R"("B-P1")"}}});
    Load("situation-test-tow.toml", with_tow.Toml(), "ps-2");
  }
  EventList Do(const std::string& text) {
    EventList events = SituationTest::Do(text);
    while (state_->step() == StepKind::kCounterMove) state_->apply(Action(kPass, {}), &events);
    return events;
  }
};

// PS §4.4, §16 ("a tow carries its weapon's ammunition and cannot be used for anything else
// while the weapon exists"): while B-P1 is operational its tow may not recover a wreck; once the
// gun is lost the tow is free (and refused only for its weight: 8 t against the PzKpfw IV's
// 25 t).
TEST_F(PlanspielTowAmmunition, PS_4_4_TowMayNotWorkWhileItsWeaponIsOperational) {
  Do("fire B-T1 18,8");
  Do("roll 6");
  while (state_->step() != StepKind::kAct) Do("roll 1");
  ASSERT_EQ(state_->wreck_at({18, 8}), U("R-T1"));
  Do("fertig");  // Blue
  Do("fertig");  // Red
  ASSERT_EQ(state_->active(), kPartyBlue);
  state_->remove_for_test(U("R-S1"));
  state_->place_for_test(U("B-Z1"), {19, 8});
  EXPECT_FALSE(Listed("recover B-Z1 18,8"));
  EXPECT_EQ(Why("recover B-Z1 18,8"),
            "PS §4.4: B-Z1 carries the ammunition of B-P1 and may not be used for other tasks "
            "while B-P1 is operational");
  state_->remove_for_test(U("B-P1"));
  EXPECT_EQ(Why("recover B-Z1 18,8"),
            "PS §6.10: B-Z1 (8 t) is lighter than the wreck of R-T1 (25 t)");
}

// PS §4.4: a weapon separated from its tow ("Fehlt ein entsprechendes Fahrzeugmodell kann diese
// Waffe nur ortsfest eingesetzt werden"): B-P1, too heavy to be manhandled, can neither limber
// nor move once B-Z1 is lost, and keeps firing where it stands (ammunition is not counted, §16).
TEST_F(PlanspielTowAmmunition, PS_4_4_WeaponWithoutItsTowFightsWhereItStands) {
  state_->remove_for_test(U("B-Z1"));
  EXPECT_FALSE(Listed("limber B-P1 19,10"));
  EXPECT_EQ(Why("limber B-P1 19,10"),
            "PS §4.4: the tow B-Z1 of B-P1 is lost and no suitable vehicle stands in 19,10: a "
            "weapon without a suitable vehicle is used only where it stands");
  EXPECT_EQ(Why("move B-P1 19,11"), "PS §4.4: B-P1 cannot move on its own");
  EXPECT_TRUE(Listed("fire B-P1 19,8"));
}

// PS §7.5: the battery on the test situation plays knock-outs, wrecks and recoveries with every
// view checked.
TEST_F(PlanspielWreck, PS_6_10_WrecksInTheBattery) {
  ConformanceOptions o;
  o.games = 30;
  o.seed = 11;
  o.invariant = all_games().find("planspiel")->invariant;
  o.odds = all_games().find("planspiel")->odds;
  const ConformanceReport r = run_conformance(*game_, o);
  for (const auto& f : r.failures) ADD_FAILURE() << f;
  EXPECT_EQ(r.terminated, o.games);
}

}  // namespace
}  // namespace feldherr::planspiel
