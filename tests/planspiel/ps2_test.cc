// Planspiel PS-2 "Dorf und Brücke" in play: the acceptance checks of the situation (S-2) that the
// built rules cover, with injected dice: vehicles in the village, the battery's range, observed
// fire on a pre-detected target, the AT gun's counter-moves, flight at the bridgehead, control and
// the outcome list. (Defiles and dead ground: PlanspielBoard.PS_2_3_Ps2Defiles,
// PlanspielLos.G_08_DeadGroundBehindTheRidge; B-I4: PlanspielTransport.*.)
#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <stdexcept>
#include <string>

#include "games/planspiel/fire.h"
#include "games/planspiel/module.h"
#include "games/planspiel/state.h"
#include "planspiel_test_util.h"

namespace feldherr::planspiel {
namespace {

class PlanspielPs2 : public testing::Ps2Fixture {
 protected:
  // The controller of objective field f (-1: nobody).
  int Controller(Field f) const {
    const auto& all = s_->ps().objective_fields();
    const auto it = std::find(all.begin(), all.end(), f);
    EXPECT_NE(it, all.end());
    return s_->controller(static_cast<int>(it - all.begin()));
  }
};

// Scenarios §4.3-§4.4: the set-up as listed, with the transport states.
TEST_F(PlanspielPs2, S_2_SetUpAsListed) {
  EXPECT_EQ(s_->turn(), 1);
  EXPECT_EQ(s_->active(), kPartyRed);
  EXPECT_EQ(s_->ps().situation().game_turns, 14);
  EXPECT_EQ(s_->ps().situation().start_cycle_turn, 3);
  EXPECT_EQ(s_->field_of(U("B-P1")), (Field{15, 6}));
  EXPECT_TRUE(s_->unit(U("B-P1")).camouflaged);
  EXPECT_TRUE(s_->unit(U("B-M1")).camouflaged);
  EXPECT_TRUE(s_->unit(U("B-H1")).detected_marker);
  EXPECT_TRUE(s_->unit(U("B-I1")).detected_marker);
  EXPECT_TRUE(s_->ps().dug_in({15, 10}));
  EXPECT_EQ(s_->unit(U("R-G2")).aboard, U("R-A2"));
  EXPECT_EQ(s_->unit(U("R-F1")).aboard, -1);  // unlimbered, its tow in its field
  EXPECT_EQ(s_->field_of(U("R-Z1")), (Field{2, 7}));
  EXPECT_EQ(s_->unit(U("B-I4")).status, UnitStatus::kWaiting);
  EXPECT_EQ(s_->unit(U("R-G4")).status, UnitStatus::kWaiting);
  for (Field f : {Field{16, 7}, Field{17, 7}, Field{15, 8}, Field{16, 8}, Field{17, 8},
                  Field{16, 9}, Field{18, 8}})
    EXPECT_EQ(Controller(f), kPartyBlue) << f.x << "," << f.y;
  // Red sees only the two pre-detected units of Blue's (behind the ridge: none at all).
  EXPECT_FALSE(s_->visible_to(U("B-I1"), kPartyRed));
}

// PS-2 §4.4, scenarios §1.5: Red sets up in its zone x 0..4 (the listed fields are the defaults);
// Blue's set-up is fixed, so after Red's FERTIG the first half-turn begins.
TEST(PlanspielPs2SetUp, S_2_RedSetsUpInItsZone) {
  auto game = make_planspiel("ps-2");
  std::unique_ptr<PlanspielState> s(
      dynamic_cast<PlanspielState*>(game->new_initial_state().release()));
  ASSERT_EQ(s->step(), StepKind::kSetUp);
  EXPECT_EQ(s->active(), kPartyRed);
  const auto act = [&](const std::string& text) {
    Action a;
    std::string error;
    EXPECT_TRUE(s->parse(text, a, error)) << error;
    return a;
  };
  EXPECT_EQ(s->why_illegal(act("place R-T1 5,6")),
            "scenarios §1.5: 5,6 is outside Red's set-up zone x 0..4, y 0..15");
  EXPECT_EQ(s->why_illegal(act("place R-G2 3,3")),
            "scenarios §1.5: R-G2 is aboard R-A2 and is set up with it");
  EXPECT_EQ(s->why_illegal(act("place R-A4 0,0")),
            "scenarios §1.6: R-A4 is a reinforcement and enters in play");
  EXPECT_EQ(s->why_illegal(act("place B-I1 0,0")),
            "scenarios §1.5: Red sets up now, not Blue's B-I1");
  s->apply(act("place R-A2 4,12"));
  EXPECT_EQ(s->field_of(game->unit_index("R-G2")), (Field{4, 12}));
  s->apply(Action(kFertig, {}));
  EXPECT_EQ(s->step(), StepKind::kAct);
  EXPECT_EQ(s->active(), kPartyRed);
  EXPECT_EQ(s->turn(), 1);
  EXPECT_EQ(s->field_of(game->unit_index("R-T1")), (Field{4, 6}));  // its default
}

// S-2 "Vehicles in the village": a tank at (14,8) enters (15,8) only along the road and only if no
// Blue unit is in it (G-07); no vehicle enters (17,7) or (16,9).
TEST_F(PlanspielPs2, S_2_VehiclesInTheVillageOnlyAlongTheRoad) {
  s_->place_for_test(U("R-T1"), {14, 8});
  EXPECT_TRUE(s_->visible_to(U("B-I1"), kPartyRed));
  EXPECT_FALSE(Reaches("R-T1", {15, 8}));  // B-I1 is there
  s_->remove_for_test(U("B-I1"));
  EXPECT_TRUE(Reaches("R-T1", {15, 8}));
  EXPECT_NE(CanStep(s_->ps().board(), {14, 7}, {15, 8}, Mover::kVehicle), StepResult::kOk);
  for (const char* id : {"B-I2", "B-I3", "B-M1"}) s_->remove_for_test(U(id));
  s_->place_for_test(U("R-T1"), {16, 8});
  EXPECT_FALSE(Reaches("R-T1", {17, 7}));
  EXPECT_FALSE(Reaches("R-T1", {16, 9}));
  EXPECT_TRUE(Reaches("R-T1", {16, 7}));
}

// S-2 "Indirect fire range": R-F1 at (2,7) reaches (17,8) (15) and (16,9) (14), not (18,8) (16)
// or (19,7) (17).
TEST_F(PlanspielPs2, S_2_IndirectFireRangeOfTheBattery) {
  const int f = U("R-F1");
  const auto rejected = [&](Field t) {
    const auto r =
        CheckFire(s_->ps().fire_data(), s_->weapon_of(f), Firer{}, s_->fire_situation(f, t, true));
    return r.empty() ? std::string() : std::string(rejection_rule(r[0]));
  };
  EXPECT_EQ(rejected({17, 8}), "");
  EXPECT_EQ(rejected({16, 9}), "");
  EXPECT_EQ(rejected({18, 8}), "PS §8.4");
  EXPECT_EQ(rejected({19, 7}), "PS §8.4");
}

// S-2 "Observed fire on a pre-detected target": R-T1 on the crest at (11,8) observes B-I1, which
// is pre-detected; R-F1 fires in phase 2 at net 0 (+1 15 cm, -1 building): 6 gives level 6 and a
// casualty roll, 5 black, 4 grey, 3 red.
TEST_F(PlanspielPs2, S_2_ObservedFireOnThePreDetectedTarget) {
  for (int roll = 3; roll <= 6; ++roll) {
    Restart();
    s_->place_for_test(U("R-T1"), {11, 8});
    EXPECT_TRUE(s_->observed(U("B-I1"), kPartyRed));
    EXPECT_FALSE(s_->observed(U("B-I2"), kPartyRed));
    EXPECT_EQ(Net("R-F1", "B-I1", true), 0);
    Play({"indirect R-F1 15,8", "roll " + std::to_string(roll)}, true);
    EXPECT_EQ(s_->unit(U("B-I1")).suppression, roll) << roll;
    const std::string due =
        roll == 6 ? "Casualty roll of B-I1 (PS §8.12)" : s_->decision_for(kNobody).prompt;
    EXPECT_EQ(s_->decision().prompt, due);
    EXPECT_EQ(s_->step() == StepKind::kCasualty, roll == 6);
  }
}

// S-2 "AT gun counter-move": R-T1 from (12,7) to (13,7) comes within 2 of B-P1 (15,6): a true
// counter-move at 0 (medium gun against medium armour); on to (14,7) it may fire again at +1.
TEST_F(PlanspielPs2, S_2_AtGunCounterMoveAgainstTheTank) {
  s_->place_for_test(U("R-T1"), {12, 7});
  Play({"move R-T1 13,7"}, true);
  ASSERT_EQ(s_->step(), StepKind::kCounterMove);
  ASSERT_TRUE(s_->may_counter(U("B-P1"), nullptr));
  EXPECT_EQ(Net("B-P1", "R-T1"), 0);
  Play({"fire B-P1 13,7", "roll 2"}, true);  // no effect
  EXPECT_EQ(s_->decision().prompt, "Red rolls 4+ to detect the AT gun that fired (PS §7.5)");
  Play({"roll 3"}, true);
  EXPECT_FALSE(s_->may_counter(U("B-P1"), nullptr));  // G-29: once per step
  // The step on to (14,7) (a move of its own here): distance 1, +1.
  Restart();
  s_->place_for_test(U("R-T1"), {13, 7});
  Play({"move R-T1 14,7"}, true);
  ASSERT_EQ(s_->step(), StepKind::kCounterMove);
  ASSERT_TRUE(s_->may_counter(U("B-P1"), nullptr));
  EXPECT_EQ(Net("B-P1", "R-T1"), 1);
}

// S-2 "Flight at the bridgehead": a base in (17,8) beaten from (16,8) may flee only onto the
// bridge; with a Red unit there it is lost.
TEST_F(PlanspielPs2, S_2_FlightAtTheBridgehead) {
  const int b = U("B-I3");
  s_->place_for_test(b, {17, 8});
  EXPECT_EQ(s_->flight_fields(b, {17, 8}, {{16, 8}}), (std::vector<Field>{{18, 8}}));
  s_->place_for_test(U("R-T1"), {18, 8});
  EXPECT_TRUE(s_->flight_fields(b, {17, 8}, {{16, 8}}).empty());
}

// S-2 "Control": a Red PZG alone in (16,8) at the end of Red's half-turn takes it; a Blue INF that
// assaults from (16,7) and wins drives it off and Blue controls (16,8) again.
TEST_F(PlanspielPs2, S_2_ControlOfTheJunction) {
  const int g = U("R-G1");
  Play({"dismount R-G1 3,6"});
  s_->place_for_test(g, {16, 8});
  Play({"fertig"});
  EXPECT_EQ(Controller({16, 8}), kPartyRed);
  ASSERT_EQ(s_->active(), kPartyBlue);
  Play({"assault 16,8 B-I3", "roll 6", "roll 1", "roll 1"});
  EXPECT_NE(s_->field_of(g), (Field{16, 8}));
  EXPECT_EQ(s_->field_of(U("B-I3")), (Field{16, 8}));
  EXPECT_EQ(Controller({16, 8}), kPartyRed);  // until the end of Blue's half-turn
  Play({"fertig"});
  EXPECT_EQ(Controller({16, 8}), kPartyBlue);
}

// S-2 "Victory": the first matching line of the outcome list after Blue's half-turn of turn 14.
TEST_F(PlanspielPs2, S_2_VictoryOutcomeList) {
  const auto finish = [&](std::initializer_list<Field> red, int red_losses, int blue_losses) {
    Restart();
    // Clear the village of Blue's units so that control stays as set.
    for (const char* id : {"B-I1", "B-I2", "B-I3", "B-M1"}) s_->remove_for_test(U(id));
    const auto& all = s_->ps().objective_fields();
    for (Field f : red)
      s_->set_control_for_test(static_cast<int>(std::find(all.begin(), all.end(), f) - all.begin()),
                               kPartyRed);
    s_->set_losses_for_test(kPartyRed, red_losses);
    s_->set_losses_for_test(kPartyBlue, blue_losses);
    s_->set_turn_for_test(14);
    Play({"fertig", "fertig"});
    EXPECT_TRUE(s_->is_terminal());
    return s_->result();
  };
  Result r = finish({{15, 8}, {16, 7}, {16, 8}, {16, 9}}, 0, 0);
  EXPECT_EQ(r.summary, "red wins");
  EXPECT_NE(r.reason.find("Red minor victory"), std::string::npos) << r.reason;
  r = finish({{15, 8}, {16, 7}, {16, 8}, {16, 9}, {17, 8}, {18, 8}}, 0, 0);
  EXPECT_NE(r.reason.find("Red major victory"), std::string::npos) << r.reason;
  r = finish({{15, 8}, {16, 9}}, 5, 4);
  EXPECT_EQ(r.summary, "blue wins");
  EXPECT_NE(r.reason.find("Blue minor victory"), std::string::npos) << r.reason;
  r = finish({{15, 8}, {16, 9}}, 4, 4);
  EXPECT_EQ(r.summary, "draw");
  r = finish({}, 0, 9);
  EXPECT_NE(r.reason.find("Blue major victory"), std::string::npos) << r.reason;
}

// ---------------------------------------------------------------- overrun (PS §10.6, G-37)

class PlanspielOverrun : public PlanspielPs2 {};

// PS §10.6: a tracked vehicle that wins the opposed roll destroys the weapon bases in the field;
// with no enemy unit left it takes the field.
TEST_F(PlanspielOverrun, PS_10_6_VehicleWinsWeaponBaseDestroyedAndFieldTaken) {
  s_->place_for_test(U("R-T1"), {13, 6});
  const ActionList legal = s_->legal_actions();
  EXPECT_NE(std::find(legal.begin(), legal.end(), A("overrun R-T1 14,6")), legal.end());
  Play({"overrun R-T1 14,6"});
  EXPECT_EQ(s_->decision().prompt, "Overrun of 14,6: the vehicle's die (PS §10.6)");
  Play({"roll 5"});
  EXPECT_EQ(s_->decision().prompt, "Overrun of 14,6: the defenders' die (PS §10.6)");
  Play({"roll 3"});  // open field: no bonus
  EXPECT_EQ(s_->unit(U("B-H1")).status, UnitStatus::kLost);
  EXPECT_EQ(s_->losses(kPartyBlue), 1);
  EXPECT_EQ(s_->field_of(U("R-T1")), (Field{14, 6}));
  EXPECT_TRUE(s_->unit(U("R-T1")).has_moved);
  EXPECT_EQ(s_->step(), StepKind::kAct);
}

// PS §10.6, G-37: a figure base stays and takes the level of the vehicle's total (6: a casualty
// roll); the defenders get +1 in a town field; the winning vehicle drives into the field, which
// both parties then share (PS §5.5, G-07: a mixed field).
TEST_F(PlanspielOverrun, PS_10_6_FigureBaseStaysWithTheVehiclesTotal) {
  s_->place_for_test(U("R-T1"), {14, 8});
  Play({"overrun R-T1 15,8", "roll 6", "roll 2"}, true);
  EXPECT_EQ(s_->unit(U("B-I1")).suppression, 6);
  EXPECT_EQ(s_->decision().prompt, "Casualty roll of B-I1 (PS §8.12)");
  Play({"roll 3"});
  EXPECT_EQ(s_->unit(U("B-I1")).status, UnitStatus::kOnBoard);
  EXPECT_EQ(s_->field_of(U("B-I1")), (Field{15, 8}));
  EXPECT_EQ(s_->field_of(U("R-T1")), (Field{15, 8}));
}

// G-07 ("No fire other than close combat, anti-tank close combat or overrun may be directed into a
// field that also holds own units"): after the overrun R-T1 shares 15,8 with B-I1; neither party
// fires into it (direct or indirect), and it stays closed to the moves of other units (G-07).
TEST_F(PlanspielOverrun, G_07_MixedFieldAfterAnOverrun) {
  s_->place_for_test(U("R-T1"), {14, 8});
  Play({"overrun R-T1 15,8", "roll 5", "roll 1"});  // 5 against 1 + 1: black, no casualty roll
  ASSERT_EQ(s_->field_of(U("R-T1")), (Field{15, 8}));
  ASSERT_EQ(s_->field_of(U("B-I1")), (Field{15, 8}));
  EXPECT_EQ(s_->unit(U("B-I1")).suppression, 5);
  // Red: no direct fire at B-I1 in R-T1's field.
  s_->place_for_test(U("R-T2"), {13, 8});
  EXPECT_FALSE(Listed("fire R-T2 15,8"));
  EXPECT_EQ(Why("fire R-T2 15,8"),
            "G-07: 15,8 also holds own units (R-T1): no fire into it, only close combat, "
            "anti-tank close combat or an overrun");
  EXPECT_FALSE(Reaches("R-T2", {15, 8}));
  Play({"fertig"});
  // Blue: no fire, direct or indirect, at R-T1 among its own figures.
  ASSERT_EQ(s_->active(), kPartyBlue);
  EXPECT_FALSE(Listed("fire B-P2 15,8"));
  EXPECT_EQ(Why("fire B-P2 15,8"),
            "G-07: 15,8 also holds own units (B-I1): no fire into it, only close combat, "
            "anti-tank close combat or an overrun");
  EXPECT_FALSE(Listed("indirect B-M1 15,8"));
  EXPECT_EQ(Why("indirect B-M1 15,8"),
            "G-07: 15,8 also holds own units (B-I1): no fire into it, only close combat, "
            "anti-tank close combat or an overrun");
}

// G-36 ("When the figures start their own half-turn in the same field as the vehicle, they make an
// effect roll against it (normal chance, +1 in town or forest)"): B-I1, left in 15,8 with R-T1
// after the overrun, fights it there in Blue's half-turn (its own black marker ignored, PS §10.5):
// natural 5 + 1 in the town field is 6, knocked out; a natural 2 fails. The heuristic takes it.
TEST_F(PlanspielOverrun, G_36_FiguresFightTheVehicleInTheirField) {
  s_->place_for_test(U("R-T1"), {14, 8});
  Play({"overrun R-T1 15,8", "roll 5", "roll 1", "fertig"});
  ASSERT_EQ(s_->active(), kPartyBlue);
  ASSERT_EQ(s_->field_of(U("R-T1")), (Field{15, 8}));
  EXPECT_EQ(s_->unit(U("B-I1")).suppression, 5);
  EXPECT_TRUE(Listed("antitank B-I1 15,8"));
  Rng rng(1);
  EXPECT_GT(HeuristicScore(*s_, A("antitank B-I1 15,8"), rng), 1.0);
  Play({"antitank B-I1 15,8"}, true);
  EXPECT_EQ(s_->decision().prompt,
            "Anti-tank close combat in 15,8: the figures' effect roll (G-36)");
  const EventList ev = Play({"roll 5"});
  EXPECT_TRUE(std::any_of(ev.begin(), ev.end(), [](const Event& e) {
    return e.text ==
           "Anti-tank close combat in 15,8: natural 5 (+1 town or forest) against R-T1: level 6 "
           "(black).";
  }));
  EXPECT_EQ(s_->unit(U("R-T1")).status, UnitStatus::kLost);
  EXPECT_FALSE(Listed("antitank B-I1 15,8"));  // its activity of the half-turn (PS §3.4)
  Restart();
  s_->place_for_test(U("R-T1"), {14, 8});
  Play({"overrun R-T1 15,8", "roll 5", "roll 1", "fertig", "antitank B-I1 15,8", "roll 2"});
  EXPECT_EQ(s_->unit(U("R-T1")).status, UnitStatus::kOnBoard);
  EXPECT_EQ(s_->unit(U("R-T1")).suppression, 0);
}

// PS §10.6, §9.8: the figures win with their total (+1 in town): grey on 4, knocked out on 6; a tie
// is rolled again.
TEST_F(PlanspielOverrun, PS_10_6_DefendersWinTieRolledAgain) {
  s_->place_for_test(U("R-T1"), {14, 8});
  Play({"overrun R-T1 15,8", "roll 3", "roll 2"}, true);  // 3 against 2 + 1: a tie
  EXPECT_EQ(s_->decision().prompt, "Overrun of 15,8: the vehicle's die (PS §10.6)");
  Play({"roll 1", "roll 3"});  // 1 against 4
  EXPECT_EQ(s_->unit(U("R-T1")).suppression, 4);
  EXPECT_EQ(s_->unit(U("B-I1")).suppression, 0);  // only the winner's total (G-37)
  Restart();
  s_->place_for_test(U("R-T1"), {14, 8});
  Play({"overrun R-T1 15,8", "roll 2", "roll 5"});  // 2 against 6
  EXPECT_EQ(s_->unit(U("R-T1")).status, UnitStatus::kLost);
}

// G-37: only tracked combat vehicles with movement left overrun, only weapon and figure bases.
TEST_F(PlanspielOverrun, G_37_WhoMayOverrunWhat) {
  s_->place_for_test(U("R-A1"), {13, 6});
  EXPECT_NE(Why("overrun R-A1 14,6").find("G-37: only tracked combat vehicles"), std::string::npos);
  s_->place_for_test(U("R-T1"), {9, 6});
  Play({"move R-T1 13,6"});  // 4 fields: the terrain allowance
  EXPECT_NE(Why("overrun R-T1 14,6").find("G-37: R-T1 has no movement left to enter 14,6"),
            std::string::npos)
      << Why("overrun R-T1 14,6");
  Restart();
  s_->place_for_test(U("R-T1"), {13, 7});
  s_->place_for_test(U("B-Z1"), {14, 7});
  EXPECT_NE(Why("overrun R-T1 14,7").find("B-Z1 is a vehicle"), std::string::npos);
  EXPECT_NE(Why("overrun R-T1 15,8").find("adjacent"), std::string::npos);
}

// ---------------------------------------------------------------- anti-tank close combat (PS
// §10.5)

class PlanspielAntiTank : public PlanspielPs2 {
 protected:
  // Blue's half-turn with R-T1 in the junction (16,8), next to B-I3 in (16,7).
  void TankInTheJunction() {
    s_->place_for_test(U("R-T1"), {16, 8});
    Play({"fertig"});
    ASSERT_EQ(s_->active(), kPartyBlue);
  }
};

// PS §10.5, G-36: figures win with their total (+1 in a town field): 6 knocks the tank out, and
// with no enemy left the figures take the field.
TEST_F(PlanspielAntiTank, PS_10_5_FiguresKnockOutTheTankAndTakeTheField) {
  TankInTheJunction();
  const ActionList legal = s_->legal_actions();
  EXPECT_NE(std::find(legal.begin(), legal.end(), A("antitank B-I3 16,8")), legal.end());
  Play({"antitank B-I3 16,8"}, true);
  // PS §10.5: Red may first evade with R-T1 (a movement counter-move) or defend (pass).
  EXPECT_EQ(s_->step(), StepKind::kAntiTankEvade);
  Play({"pass"}, true);
  EXPECT_EQ(s_->decision().prompt, "Anti-tank close combat at 16,8: the figures' die (PS §10.5)");
  Play({"roll 5"}, true);
  EXPECT_EQ(s_->decision().prompt, "Anti-tank close combat at 16,8: the vehicle's die (PS §10.5)");
  Play({"roll 2"});
  EXPECT_EQ(s_->unit(U("R-T1")).status, UnitStatus::kLost);
  EXPECT_EQ(s_->losses(kPartyRed), 1);
  EXPECT_EQ(s_->field_of(U("B-I3")), (Field{16, 8}));
}

// PS §10.5, G-36: the close fighters' suppression is ignored; a vehicle that wins applies its total
// to them and they do not flee: they stay in the vehicle's field they moved into (G-07, a mixed
// field); figures that win with less than 6 only suppress the vehicle.
TEST_F(PlanspielAntiTank, PS_10_5_SuppressionIgnoredLosersDoNotFlee) {
  TankInTheJunction();
  s_->set_suppression_for_test(U("B-I3"), 5);
  EXPECT_EQ(Why("antitank B-I3 16,8"), "");
  Play({"antitank B-I3 16,8", "roll 1", "roll 4"});  // 1 + 1 against 4
  EXPECT_EQ(s_->unit(U("B-I3")).suppression, 5);     // level 4 does not lower black
  EXPECT_EQ(s_->field_of(U("B-I3")), (Field{16, 8}));
  EXPECT_EQ(s_->unit(U("R-T1")).suppression, 0);
  Restart();
  TankInTheJunction();
  Play({"antitank B-I3 16,8", "roll 3", "roll 2"});  // 3 + 1 against 2
  EXPECT_EQ(s_->unit(U("R-T1")).suppression, 4);
  EXPECT_EQ(s_->unit(U("R-T1")).status, UnitStatus::kOnBoard);
  EXPECT_EQ(s_->field_of(U("B-I3")), (Field{16, 8}));
}

// PS §10.5, G-36, G-07 ("Mixed fields (after an overrun, a failed mounted attack with an armoured
// vehicle, or anti-tank close combat) are allowed"; "No fire other than close combat, anti-tank
// close combat or overrun may be directed into a field that also holds own units"): B-I3 wins
// with 3 + 1 against 2, grey on R-T1, and stays in the junction beside it. Neither party fires
// into 16,8; its control does not change while both hold it; in Blue's next half-turn B-I3 fights
// R-T1 in its own field with an effect roll (G-36).
TEST_F(PlanspielAntiTank, PS_10_5_G_36_MixedFieldAfterAntiTankCloseCombat) {
  TankInTheJunction();
  const int before = Controller({16, 8});
  Play({"antitank B-I3 16,8", "roll 3", "roll 2"});
  ASSERT_EQ(s_->field_of(U("B-I3")), (Field{16, 8}));
  ASSERT_EQ(s_->field_of(U("R-T1")), (Field{16, 8}));
  EXPECT_EQ(s_->unit(U("R-T1")).suppression, 4);
  EXPECT_EQ(Controller({16, 8}), before);
  EXPECT_FALSE(Listed("fire B-I2 16,8"));
  EXPECT_EQ(Why("fire B-I2 16,8"),
            "G-07: 16,8 also holds own units (B-I3): no fire into it, only close combat, "
            "anti-tank close combat or an overrun");
  EXPECT_FALSE(Listed("antitank B-I3 16,8"));  // its activity of the half-turn (PS §3.4)
  Play({"fertig"});
  ASSERT_EQ(s_->active(), kPartyRed);
  EXPECT_EQ(Controller({16, 8}), before);
  s_->place_for_test(U("R-T2"), {14, 8});
  EXPECT_FALSE(Listed("fire R-T2 16,8"));
  EXPECT_EQ(Why("fire R-T2 16,8"),
            "G-07: 16,8 also holds own units (R-T1): no fire into it, only close combat, "
            "anti-tank close combat or an overrun");
  Play({"fertig"});
  ASSERT_EQ(s_->active(), kPartyBlue);
  EXPECT_TRUE(Listed("antitank B-I3 16,8"));
  Play({"antitank B-I3 16,8", "roll 5"});  // 5 + 1 in the town field: knocked out
  EXPECT_EQ(s_->unit(U("R-T1")).status, UnitStatus::kLost);
}

// PS §10.5 ("Eine angriffsweise Panzernahbekämpfung aus der Bewegung ist zulässig. In diesem Fall
// kann das Ziel einen Bewegungsgegenzug durchführen oder durch Gegenwürfeln wehren"), §9.4, G-48:
// when B-I3 attacks R-T1 from its movement, Red answers before the opposed roll: R-T1 withdraws to
// the nearest field out of B-I3's direct fire (infantry: 1 LE), losing its position marker; with
// no vehicle left there is no close combat and B-I3 moves into the field.
TEST_F(PlanspielAntiTank, PS_10_5_VehicleMayEvadeByAMovementCounterMove) {
  TankInTheJunction();
  Play({"antitank B-I3 16,8"}, true);
  ASSERT_EQ(s_->step(), StepKind::kAntiTankEvade);
  EXPECT_EQ(s_->current_seat(), kPartyRed);
  EXPECT_EQ(s_->decision().prompt,
            "Red: enemy figures attack the vehicles in 16,8 at close quarters from their movement; "
            "answer with a movement counter-move of a vehicle there, or pass to defend by the "
            "opposed roll (PS §10.5, §9.4)");
  const std::vector<Field> to = s_->antitank_evade_fields(U("R-T1"));
  ASSERT_FALSE(to.empty());
  for (Field f : to) EXPECT_FALSE(s_->engages(U("B-I3"), U("R-T1"), f, true)) << f.x << "," << f.y;
  // G-48: only as far as needed.
  EXPECT_EQ(Why("evade R-T1 10,8").rfind("G-48: R-T1 withdraws only as far as needed", 0), 0u)
      << Why("evade R-T1 10,8");
  EXPECT_NE(Why("fire R-T1 16,7").find("PS §10.5"), std::string::npos);
  // The heuristic holds the objective field (the village) and defends.
  Rng rng(1);
  const std::string evade = "evade R-T1 " + std::to_string(to[0].x) + "," + std::to_string(to[0].y);
  EXPECT_LT(HeuristicScore(*s_, A(evade), rng), 0.0);
  const EventList ev = Play({evade});
  EXPECT_EQ(s_->field_of(U("R-T1")), to[0]);
  EXPECT_TRUE(s_->unit(U("R-T1")).evaded);  // no position marker in its next half-turn (PS §9.4)
  EXPECT_EQ(s_->step(), StepKind::kAct);    // no dice
  EXPECT_EQ(s_->active(), kPartyBlue);
  EXPECT_EQ(s_->field_of(U("B-I3")), (Field{16, 8}));
  EXPECT_TRUE(s_->unit(U("B-I3")).has_moved);
  EXPECT_TRUE(std::any_of(ev.begin(), ev.end(), [](const Event& e) {
    return e.text == "The vehicles have evaded: no anti-tank close combat; B-I3 moves into 16,8." &&
           e.text_de ==
               "Die Fahrzeuge sind ausgewichen: keine Panzernahbekämpfung; B-I3 geht nach 16,8.";
  }));
  // A vehicle suppressed black cannot move (PS §8.14): it defends by the opposed roll.
  Restart();
  TankInTheJunction();
  s_->set_suppression_for_test(U("R-T1"), 5);
  Play({"antitank B-I3 16,8"}, true);
  ASSERT_EQ(s_->step(), StepKind::kAntiTankEvade);
  EXPECT_EQ(s_->legal_actions().size(), 1u);  // pass
  EXPECT_NE(Why(evade).find("PS §8.14: R-T1 is suppressed black"), std::string::npos) << Why(evade);
  Play({"pass", "roll 3", "roll 2"});  // 3 + 1 against 2: grey stays under black
  EXPECT_EQ(s_->field_of(U("R-T1")), (Field{16, 8}));
  EXPECT_EQ(s_->field_of(U("B-I3")), (Field{16, 8}));
}

// PS §10.5: only figures fight, only armoured vehicles, and infantry close combat comes first
// against a field with figures.
TEST_F(PlanspielAntiTank, PS_10_5_WhoFightsWhat) {
  s_->place_for_test(U("R-Z1"), {16, 8});
  Play({"fertig"});
  EXPECT_NE(Why("antitank B-I3 16,8").find("R-Z1 is unarmoured"), std::string::npos);
  Restart();
  TankInTheJunction();
  EXPECT_NE(Why("antitank B-M1 16,8").find("fought by figures"), std::string::npos);
  Restart();
  Play({"dismount R-G2 3,8"});
  s_->place_for_test(U("R-G2"), {16, 8});
  Play({"fertig"});
  EXPECT_NE(Why("antitank B-I3 16,8").find("infantry close combat comes first"), std::string::npos);
}

// ---------------------------------------------------------------- mounted attack (PS §10.4)

class PlanspielMountedAttack : public PlanspielPs2 {};

// PS §10.4: the APC drives at (15,8), its grenadiers dismount and attack at once (infantry close
// combat, PS §10.2); winning, they and the APC take the field and B-I1 flees.
TEST_F(PlanspielMountedAttack, PS_10_4_WinningFiguresAndTheirVehicleTakeTheField) {
  s_->place_for_test(U("R-A1"), {14, 8});
  const ActionList legal = s_->legal_actions();
  EXPECT_NE(std::find(legal.begin(), legal.end(), A("mountedattack R-A1 15,8")), legal.end());
  Play({"mountedattack R-A1 15,8"}, true);
  EXPECT_EQ(s_->unit(U("R-G1")).aboard, -1);
  Play({"roll 6", "roll 1"}, true);  // 6 against 1 + 1 (building)
  EXPECT_EQ(s_->decision().prompt, "Casualty roll of B-I1 (PS §8.12)");
  Play({"roll 1"});
  EXPECT_EQ(s_->field_of(U("R-G1")), (Field{15, 8}));
  EXPECT_EQ(s_->field_of(U("R-A1")), (Field{15, 8}));
  EXPECT_NE(s_->field_of(U("B-I1")), (Field{15, 8}));
}

// PS §10.4 ("If the attack fails, the attacking figures must flee. An armoured vehicle stays
// behind (in the field)"), G-07: R-G1 flees away from the village; the armoured APC R-A1 stays in
// the attacked field 15,8 beside B-I1, a mixed field: neither party fires into it, its control
// does not change while both hold it, and in Blue's half-turn B-I1 fights R-A1 in its own field
// with an effect roll (G-36).
TEST_F(PlanspielMountedAttack, PS_10_4_FailedAttackFiguresFleeArmouredVehicleStays) {
  s_->place_for_test(U("R-A1"), {14, 8});
  const int before = Controller({15, 8});
  const EventList ev = Play({"mountedattack R-A1 15,8", "roll 1", "roll 5"}, true);  // 1 : 5 + 1
  EXPECT_EQ(s_->unit(U("R-G1")).suppression, 6);
  EXPECT_EQ(s_->field_of(U("R-G1")).x, 13);  // away from the village
  EXPECT_EQ(s_->unit(U("R-A1")).status, UnitStatus::kOnBoard);
  EXPECT_EQ(s_->field_of(U("R-A1")), (Field{15, 8}));
  EXPECT_EQ(s_->field_of(U("B-I1")), (Field{15, 8}));
  EXPECT_TRUE(std::any_of(ev.begin(), ev.end(), [](const Event& e) {
    return e.text == "R-A1 stays behind in 15,8 beside the enemy (a mixed field, G-07).";
  }));
  EXPECT_EQ(Controller({15, 8}), before);
  Play({"roll 1"});  // R-G1's casualty roll: it stays
  s_->place_for_test(U("R-T2"), {13, 8});
  EXPECT_FALSE(Listed("fire R-T2 15,8"));
  EXPECT_EQ(Why("fire R-T2 15,8"),
            "G-07: 15,8 also holds own units (R-A1): no fire into it, only close combat, "
            "anti-tank close combat or an overrun");
  Play({"fertig"});
  ASSERT_EQ(s_->active(), kPartyBlue);
  EXPECT_EQ(Controller({15, 8}), before);
  EXPECT_FALSE(Listed("fire B-H1 15,8"));
  EXPECT_EQ(Why("fire B-H1 15,8"),
            "G-07: 15,8 also holds own units (B-I1): no fire into it, only close combat, "
            "anti-tank close combat or an overrun");
  EXPECT_TRUE(Listed("antitank B-I1 15,8"));
}

// PS §4.4: after a flight, Panzergrenadiere cannot remount their APC.
TEST_F(PlanspielMountedAttack, PS_4_4_NoRemountingAfterAFlight) {
  s_->place_for_test(U("R-A1"), {14, 8});
  Play({"mountedattack R-A1 15,8", "roll 1", "roll 5", "roll 1", "fertig", "fertig"});
  ASSERT_EQ(s_->active(), kPartyRed);
  ASSERT_EQ(s_->unit(U("R-G1")).status, UnitStatus::kOnBoard);
  // R-A1 drives out of the mixed field 15,8 to its fled grenadiers.
  const Field g = s_->field_of(U("R-G1"));
  const std::string at = std::to_string(g.x) + "," + std::to_string(g.y);
  Play({"move R-A1 " + at});
  ASSERT_EQ(s_->field_of(U("R-A1")), g);
  EXPECT_NE(
      Why("mount R-G1 " + at).find("PS §4.4: after a flight, R-G1 cannot remount its APC R-A1"),
      std::string::npos)
      << Why("mount R-G1 " + at);
}

// PS §10.4: an unarmoured vehicle is lost when its figures' mounted attack fails.
TEST_F(PlanspielMountedAttack, PS_10_4_FailedAttackUnarmouredVehicleIsLost) {
  Play({"dismount R-G1 3,6", "move R-A1 2,5", "fertig"});
  s_->place_for_test(U("B-L4"), {4, 5});
  ASSERT_EQ(s_->field_of(U("B-I4")), (Field{4, 5}));
  Play({"mountedattack B-L4 3,6", "roll 1", "roll 6"}, true);
  EXPECT_EQ(s_->unit(U("B-L4")).status, UnitStatus::kLost);
  EXPECT_EQ(s_->unit(U("B-I4")).status, UnitStatus::kOnBoard);
  EXPECT_GE(s_->field_of(U("B-I4")).x, 4);
}

// PS §10.4, G-13: only a vehicle carrying figures, at half speed, against figures.
TEST_F(PlanspielMountedAttack, PS_10_4_WhoMayAttackMounted) {
  s_->place_for_test(U("R-T1"), {14, 7});
  EXPECT_NE(Why("mountedattack R-T1 15,8").find("carries none"), std::string::npos);
  s_->place_for_test(U("R-A1"), {11, 6});
  Play({"move R-A1 13,6"});  // 2 fields across country: half of 4
  EXPECT_NE(Why("mountedattack R-A1 14,6").find("G-13: R-A1 would move 3 fields"),
            std::string::npos)
      << Why("mountedattack R-A1 14,6");
  Restart();
  s_->place_for_test(U("R-A1"), {13, 7});
  s_->place_for_test(U("B-Z1"), {14, 7});
  EXPECT_NE(Why("mountedattack R-A1 14,7").find("holds the vehicle B-Z1"), std::string::npos);
}

}  // namespace
}  // namespace feldherr::planspiel
