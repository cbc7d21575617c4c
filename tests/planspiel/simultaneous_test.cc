// Planspiel simultaneous movement (PS §9.6, G-29) and congestion and displacement by movement
// counter-moves (PS §5.4, §9.5), on test situations on the PS-2 board (open fields around 10,10).
// Simultaneity: Red's tanks R-T1 at 9,14 and R-T2 at 11,14 approach Blue's AT gun B-P1 at 10,10
// (flat range 2), which fires true counter-moves without a position marker (PS §9.2). Congestion:
// Red's T-34/85 R-T1 approaches Blue's PzKpfw IV B-T1 at 10,10 (AE-09) while a second PzKpfw IV,
// B-T2, stands at 10,9, one of B-T1's nearest fields out of the mover's direct fire.
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

// The effect roll of the AT gun's counter-move that leaves a PzKpfw IV two fields away black.
constexpr int kBlackRoll = 5;

const std::string kSimultaneousSituation = testing::TestSituation{
    .id = "test-simultaneous",
    .title = "Simultaneity test",
    .board = "ps-2",
    .units = {{"R-T1", "red", "PZIV", "9,14"},
              {"R-T2", "red", "PZIV", "11,14"},
              {"B-P1", "blue", "PAK75", "10,10"}},
    .objective = "hill",
    .objective_fields = {"10,6"}}.Toml();

const testing::TestSituation kCongestion{.id = "test-congestion",
                                         .title = "Congestion test",
                                         .board = "ps-2",
                                         .units = {{"R-T1", "red", "T3485", "10,14"},
                                                   {"B-T1", "blue", "PZIV", "10,10"},
                                                   {"B-T2", "blue", "PZIV", "10,9"}},
                                         .objective = "hill",
                                         .objective_fields = {"10,6"}};
const std::string kCongestionSituation = kCongestion.Toml();

// The congestion situation with a tow at 11,10 towing its AT gun (class (a), like the tanks).
std::string WithTow() {
  testing::TestSituation with_tow = kCongestion;
  with_tow.units.push_back(
      {"B-P1", "blue", "PAK75", "11,10", {{"tow", R"("B-Z1")"}, {"state", R"("limbered")"}}});
  with_tow.units.push_back({"B-Z1", "blue", "ZGKW", "11,10", {{"tow_of", R"("B-P1")"}}});
  return with_tow.Toml();
}

class PlanspielTogether : public testing::SituationTest {
 protected:
  void Load(const std::string& text) { SituationTest::Load("situation-test.toml", text, "ps-2"); }
  void Battery() {
    ConformanceOptions o;
    o.games = 30;
    o.seed = 11;
    o.invariant = all_games().find("planspiel")->invariant;
    o.odds = all_games().find("planspiel")->odds;
    const ConformanceReport r = run_conformance(*game_, o);
    for (const auto& f : r.failures) ADD_FAILURE() << f;
    EXPECT_EQ(r.terminated, o.games);
  }
};

// PS §9.6: simultaneity is announced naming the units (two or three, reading); each then gets its
// field before any moves; the refusals cite the rule.
TEST_F(PlanspielTogether, PS_9_6_AnnounceThenGiveEachUnitItsField) {
  Load(kSimultaneousSituation);
  Action one;
  std::string error;
  EXPECT_FALSE(state_->parse("together R-T1", one, error));
  EXPECT_NE(error.find("PS §9.6"), std::string::npos);
  EXPECT_TRUE(Listed("together R-T1 R-T2"));
  // Named in either order, the group advances in unit order.
  EXPECT_EQ(A("together R-T2 R-T1"), A("together R-T1 R-T2"));
  const EventList ev = Do("together R-T1 R-T2");
  EXPECT_TRUE(Mentions(ev, "Simultaneity announced: R-T1, R-T2 move together"));
  EXPECT_TRUE(Mentions(ev, "Gleichzeitigkeit angesagt: R-T1, R-T2", true));
  ASSERT_EQ(state_->step(), StepKind::kPlanMove);
  EXPECT_EQ(state_->current_seat(), kPartyRed);
  EXPECT_EQ(state_->decision().prompt, "Simultaneous movement: the field R-T1 moves to (PS §9.6)");
  EXPECT_EQ(Why("move R-T2 11,12"),
            "PS §9.6: the simultaneous movement is announced: give R-T1 its field (move)");
  EXPECT_NE(Why("fertig").find("PS §9.6"), std::string::npos);
  EXPECT_TRUE(Listed("move R-T1 9,11"));
  Do("move R-T1 9,11");
  EXPECT_EQ(At("R-T1"), (Field{9, 14}));  // nobody moves before the last field is given
  ASSERT_EQ(state_->step(), StepKind::kPlanMove);
  Do("move R-T2 11,12");
  // R-T1 steps off first; the window follows its step.
  ASSERT_EQ(state_->step(), StepKind::kCounterMove);
  EXPECT_EQ(state_->moving().unit, U("R-T1"));
  EXPECT_EQ(Distance(At("R-T1"), {9, 14}), 1);
  EXPECT_EQ(At("R-T2"), (Field{11, 14}));
  Do("pass");
  // Then R-T2 one field, then R-T1 again.
  EXPECT_EQ(state_->moving().unit, U("R-T2"));
  EXPECT_EQ(Distance(At("R-T2"), {11, 14}), 1);
  EXPECT_EQ(Distance(At("R-T1"), {9, 14}), 1);
  Do("pass");
  EXPECT_EQ(state_->moving().unit, U("R-T1"));
  EXPECT_EQ(Distance(At("R-T1"), {9, 14}), 2);
  // Moved units cannot be named again (PS §3.4).
  Do("pass");
  Do("pass");
  Do("pass");
  ASSERT_EQ(state_->step(), StepKind::kAct);
  EXPECT_EQ(At("R-T1"), (Field{9, 11}));
  EXPECT_EQ(At("R-T2"), (Field{11, 12}));
  EXPECT_EQ(Why("together R-T1 R-T2"), "PS §3.4: R-T1 has moved this half-turn");
}

// PS §9.6, G-29: during simultaneous movement the AT gun counters one unit of the group per round
// (one field of each); in the next round it may counter again. Moved one after the other, both
// tanks could be countered at the same field.
TEST_F(PlanspielTogether, G_29_OneUnitOfTheGroupPerRound) {
  Load(kSimultaneousSituation);
  Do("together R-T1 R-T2");
  Do("move R-T1 9,11");
  Do("move R-T2 11,12");
  // Round 1: both three fields from the gun, out of its range.
  EXPECT_NE(Why(fmt::format("fire B-P1 {},{}", At("R-T1").x, At("R-T1").y)).find("out of range"),
            std::string::npos);
  Do("pass");
  Do("pass");
  // Round 2: R-T1 two fields from the gun.
  ASSERT_EQ(state_->moving().unit, U("R-T1"));
  const Field t1 = At("R-T1");
  ASSERT_EQ(Distance(t1, {10, 10}), 2);
  const std::string fire1 = fmt::format("fire B-P1 {},{}", t1.x, t1.y);
  ASSERT_TRUE(Listed(fire1));
  Do(fire1);
  Do("roll 1");  // no effect
  ASSERT_EQ(state_->step(), StepKind::kCounterMove);
  Do("pass");
  ASSERT_EQ(state_->moving().unit, U("R-T2"));
  ASSERT_EQ(At("R-T2"), (Field{11, 12}));
  EXPECT_FALSE(Listed("fire B-P1 11,12"));
  EXPECT_EQ(Why("fire B-P1 11,12"),
            "PS §9.6, G-29: B-P1 has countered R-T1 in this round of the simultaneous movement "
            "(one unit of the group at a time)");
  EXPECT_EQ(state_->why_illegal_text(A("fire B-P1 11,12")).de,
            "PS §9.6, G-29: B-P1 hat in dieser Runde der gleichzeitigen Bewegung schon R-T1 "
            "bekämpft (nur eine Einheit der Gruppe auf einmal)");
  Do("pass");  // R-T2 has arrived
  // Round 3: R-T1 comes one field closer; a new round, so the gun may counter again.
  ASSERT_EQ(state_->moving().unit, U("R-T1"));
  ASSERT_EQ(At("R-T1"), (Field{9, 11}));
  EXPECT_TRUE(Listed("fire B-P1 9,11"));
  Do("pass");
  EXPECT_EQ(state_->step(), StepKind::kAct);
  EXPECT_EQ(state_->unit(U("B-P1")).group_target, -1);
  // Sequential (no announcement): the gun counters each tank at its field.
  Load(kSimultaneousSituation);
  state_->place_for_test(U("R-T1"), {9, 12});
  state_->place_for_test(U("R-T2"), {11, 13});
  Do("move R-T1 9,11");
  Do("fire B-P1 9,11");
  Do("roll 1");
  Do("pass");
  Do("move R-T2 11,12");
  EXPECT_TRUE(Listed("fire B-P1 11,12"));
}

// G-29: a later group starts afresh: the unit the gun countered in the last round of an earlier
// group does not bind it.
TEST_F(PlanspielTogether, G_29_ALaterGroupStartsAfresh) {
  Load(kSimultaneousSituation);
  state_->place_for_test(U("R-T1"), {9, 13});
  state_->place_for_test(U("R-T2"), {11, 13});
  Do("together R-T1 R-T2");
  Do("move R-T1 9,12");
  Do("move R-T2 11,12");
  Do("fire B-P1 9,12");
  Do("roll 1");
  Do("pass");
  EXPECT_NE(Why("fire B-P1 11,12").find("PS §9.6, G-29"), std::string::npos);
  Do("pass");
  ASSERT_EQ(state_->step(), StepKind::kAct);
  Do("fertig");
  Do("fertig");  // Red's next half-turn
  Do("together R-T1 R-T2");
  Do("move R-T1 9,14");  // away from the gun: no counter-move
  Do("move R-T2 11,11");
  Do("pass");
  ASSERT_EQ(state_->moving().unit, U("R-T2"));
  ASSERT_EQ(At("R-T2"), (Field{11, 11}));
  EXPECT_TRUE(Listed("fire B-P1 11,11"));
}

// PS §9.6 (PS §8.16: "except when simultaneity was announced"): a combat vehicle of the group
// suppressed black by a counter-move gets no self-smoke window; moving alone it does.
TEST_F(PlanspielTogether, PS_9_6_NoSelfSmokeDuringSimultaneousMovement) {
  const auto BlackOnTheApproach = [this](bool together) {
    Load(kSimultaneousSituation);
    state_->place_for_test(U("R-T1"), {9, 13});
    state_->place_for_test(U("R-T2"), {11, 13});
    if (together) {
      Do("together R-T1 R-T2");
      Do("move R-T1 9,12");
      Do("move R-T2 11,12");
    } else {
      Do("move R-T1 9,12");
    }
    Do("fire B-P1 9,12");
    Do(fmt::format("roll {}", kBlackRoll));
    EXPECT_EQ(state_->unit(U("R-T1")).suppression, 5);
  };
  BlackOnTheApproach(false);
  EXPECT_EQ(state_->step(), StepKind::kSelfSmoke);
  BlackOnTheApproach(true);
  EXPECT_EQ(state_->step(), StepKind::kCounterMove);
  EXPECT_NE(Why("smoke R-T1").find("PS §8.16"), std::string::npos);
  // Black stops R-T1; R-T2 goes on.
  Do("pass");
  EXPECT_EQ(state_->moving().unit, U("R-T2"));
  EXPECT_EQ(At("R-T1"), (Field{9, 12}));
}

// PS §7.5: Blue reads the announcement as far as it sees the units, the fields as hidden moves;
// the battery plays simultaneous movements with every view checked.
TEST_F(PlanspielTogether, PS_9_6_ViewsAndTheBattery) {
  Load(kSimultaneousSituation);
  EXPECT_EQ(state_->describe_for(A("together R-T1 R-T2"), kPartyBlue), "together R-T1 R-T2");
  Do("together R-T1 R-T2");
  EXPECT_EQ(state_->describe_for(A("move R-T1 9,11"), kPartyBlue), "move R-T1 (hidden)");
  Do("move R-T1 9,11");
  Do("move R-T2 11,12");
  const json o = state_->observe(kPartyBlue);
  EXPECT_EQ(o["moving"]["unit"], "R-T1");
  EXPECT_EQ(o["together"], json::array({"R-T1", "R-T2"}));
  Battery();
}

// The heuristic announces simultaneity for two tanks that each come within reach of the gun it
// sees (which may answer with true counter-moves), not for a unit already on an objective.
TEST_F(PlanspielTogether, PS_9_6_HeuristicSplitsTheDefendersFire) {
  Load(kSimultaneousSituation);
  Rng rng(3);
  // From 9,14 and 11,14 Red does not see the gun (detected from two fields): nothing to split.
  EXPECT_LT(HeuristicScore(*state_, A("together R-T1 R-T2"), rng), 0.0);
  state_->place_for_test(U("R-T1"), {9, 12});
  ASSERT_TRUE(state_->visible_to(U("B-P1"), kPartyRed));
  EXPECT_GT(HeuristicScore(*state_, A("together R-T1 R-T2"), rng), 1.0);
  state_->place_for_test(U("R-T2"), {10, 6});  // on the objective
  EXPECT_LT(HeuristicScore(*state_, A("together R-T1 R-T2"), rng), 0.0);
  state_->place_for_test(U("R-T2"), {20, 1});  // beyond the gun's reach
  EXPECT_LT(HeuristicScore(*state_, A("together R-T1 R-T2"), rng), 0.0);
}

// PS §5.4, §9.4, G-48: B-T1's nearest fields out of R-T1's reach include 10,9, where B-T2
// stands; the movement counter-move may end there (congestion: two like models).
TEST_F(PlanspielTogether, PS_5_4_MovementCounterMoveCongestsAField) {
  Load(kCongestionSituation);
  Do("move R-T1 10,12");
  Do("pass");
  ASSERT_EQ(At("R-T1"), (Field{10, 12}));
  EXPECT_EQ(state_->evade_fields(U("B-T1")), (std::vector<Field>{{9, 9}, {10, 9}, {11, 9}}));
  const EventList ev = Do("evade B-T1 10,9");
  EXPECT_EQ(At("B-T1"), (Field{10, 9}));
  EXPECT_TRUE(Mentions(ev, "The field is congested (PS §5.4)"));
  EXPECT_TRUE(Mentions(ev, "Das Feld ist gestaut (PS §5.4)", true));
  EXPECT_TRUE(state_->unit(U("B-T1")).congesting);
  EXPECT_EQ(state_->congested(kPartyBlue), (std::vector<int>{U("B-T1"), U("B-T2")}));
  // The invariant accepts the congested field.
  EXPECT_EQ(all_games().find("planspiel")->invariant(*state_), "");
  // Red reads a movement counter-move, nothing of the congestion.
  for (const Event& e : ev) EXPECT_EQ(event_text(e, kPartyRed).find("congest"), std::string::npos);
}

// PS §5.4: a tow (an unarmed vehicle) evading into the field of a tank congests it through its
// limbered AT gun, a like model of the tank: the field is congested, the tank may be displaced,
// and the tank, not the gun aboard, is the unit that may resolve it.
TEST_F(PlanspielTogether, PS_5_4_ATowCongestsThroughItsGun) {
  Load(WithTow());
  Do("move R-T1 10,12");
  Do("pass");
  ASSERT_TRUE(Listed("evade B-Z1 10,9"));
  const EventList ev = Do("evade B-Z1 10,9");
  EXPECT_TRUE(Mentions(ev, "The field is congested (PS §5.4)"));
  EXPECT_EQ(At("B-P1"), (Field{10, 9}));
  EXPECT_EQ(state_->congested(kPartyBlue), (std::vector<int>{U("B-T2"), U("B-P1")}));
  EXPECT_EQ(all_games().find("planspiel")->invariant(*state_), "");
  EXPECT_FALSE(state_->displace_fields(U("B-T2")).empty());
  EXPECT_EQ(Why("displace B-P1 9,8"), "PS §5.4: B-P1 is not on the board on its own");
}

// PS §5.4: the like model already standing there may be displaced at once and joins the
// withdrawal (the domino effect) to the nearest field within the limit out of the mover's fire; it
// loses its position marker as after a movement counter-move.
TEST_F(PlanspielTogether, PS_5_4_DisplacementJoinsTheWithdrawal) {
  Load(kCongestionSituation);
  Do("fertig");
  Do("fertig");  // both tanks take position markers
  ASSERT_TRUE(state_->unit(U("B-T2")).position_marker);
  Do("move R-T1 10,12");
  Do("pass");
  EXPECT_NE(Why("displace B-T2 9,8").find("PS §5.4: no movement counter-move of this step"),
            std::string::npos);
  Do("evade B-T1 10,9");
  ASSERT_EQ(state_->step(), StepKind::kCounterMove);
  const std::vector<Field> to = state_->displace_fields(U("B-T2"));
  ASSERT_FALSE(to.empty());
  for (Field f : to) EXPECT_EQ(Distance(f, {10, 9}), 1);
  EXPECT_TRUE(Listed(fmt::format("displace B-T2 {},{}", to[0].x, to[0].y)));
  EXPECT_NE(Why("displace B-T2 10,7").find("PS §5.4, G-48"), std::string::npos);
  EXPECT_NE(Why("displace B-T1 9,8").find("PS §5.4"), std::string::npos);
  // Red reads it as a movement counter-move.
  const std::string d = fmt::format("displace B-T2 {},{}", to[0].x, to[0].y);
  EXPECT_EQ(state_->describe_for(A(d), kPartyRed).rfind("evade ", 0), 0u);
  const EventList ev = Do(d);
  EXPECT_TRUE(Mentions(ev, "B-T2 is displaced to"));
  EXPECT_TRUE(Mentions(ev, "wird nach", true));
  EXPECT_EQ(At("B-T2"), to[0]);
  EXPECT_FALSE(state_->unit(U("B-T2")).position_marker);
  EXPECT_TRUE(state_->congested(kPartyBlue).empty());
  // It has answered this step (G-29); once displaced the field is within the limit.
  EXPECT_FALSE(Listed(d));
}

// PS §5.4: until the congestion is resolved only one of the like troops fires from the field;
// the owner resolves it in its next half-turn: FERTIG waits while a unit there can move away.
TEST_F(PlanspielTogether, PS_5_4_OneFiresAndTheOwnerResolvesTheCongestion) {
  Load(kCongestionSituation);
  Do("move R-T1 10,12");
  Do("pass");
  Do("evade B-T1 10,9");
  Do("pass");
  Do("fertig");  // Red
  ASSERT_EQ(state_->active(), kPartyBlue);
  state_->place_for_test(U("R-T1"), {10, 11});  // in range of both
  ASSERT_TRUE(Listed("fire B-T1 10,11"));
  Do("fire B-T1 10,11");
  Do("roll 1");
  EXPECT_FALSE(Listed("fire B-T2 10,11"));
  EXPECT_EQ(Why("fire B-T2 10,11"),
            "PS §5.4: B-T2 stands in a congested field from which a like troop has fired this "
            "half-turn");
  EXPECT_FALSE(Listed("fertig"));
  EXPECT_EQ(Why("fertig"),
            "PS §5.4: the congestion in 10,9 is resolved in this half-turn: B-T1 can still move "
            "away");
  Do("move B-T2 9,8");
  Do("pass");  // Red's window after the step
  EXPECT_TRUE(state_->congested(kPartyBlue).empty());
  EXPECT_TRUE(Listed("fertig"));
  Do("fertig");
  EXPECT_FALSE(state_->unit(U("B-T1")).congesting);
}

// PS §5.4 with the heuristic: of the nearest fields it evades to one it does not congest, and
// the battery plays congestion and displacement with every view checked.
TEST_F(PlanspielTogether, PS_5_4_HeuristicAndTheBattery) {
  Load(kCongestionSituation);
  Do("move R-T1 10,12");
  Do("pass");
  Rng rng(3);
  const double free = HeuristicScore(*state_, A("evade B-T1 9,9"), rng);
  const double congesting = HeuristicScore(*state_, A("evade B-T1 10,9"), rng);
  EXPECT_GT(free, 0.0);
  EXPECT_GT(free, congesting);
  Battery();
}

}  // namespace
}  // namespace feldherr::planspiel
