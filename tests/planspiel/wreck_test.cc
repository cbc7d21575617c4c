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

constexpr const char* kWreckSituation = R"(
[situation]
id = "test-wreck"
title = "Wreck test"
board = "ps-2"
start_cycle_turn = 1
game_turns = 4
first_mover = "blue"
dug_in = []
provenance = { board = "stand-in", start_cycle_turn = "stand-in", game_turns = "stand-in", first_mover = "stand-in", dug_in = "stand-in" }

[[unit]]
id = "R-T1"
party = "red"
type = "PZIV"
field = "18,8"
provenance = { party = "stand-in", type = "stand-in", field = "stand-in" }

[[unit]]
id = "R-T2"
party = "red"
type = "PZIV"
field = "17,8"
provenance = { party = "stand-in", type = "stand-in", field = "stand-in" }

[[unit]]
id = "R-S1"
party = "red"
type = "STUG"
field = "19,8"
provenance = { party = "stand-in", type = "stand-in", field = "stand-in" }

[[unit]]
id = "R-I1"
party = "red"
type = "INF"
field = "17,8"
provenance = { party = "stand-in", type = "stand-in", field = "stand-in" }

[[unit]]
id = "B-T1"
party = "blue"
type = "PANTHER"
field = "19,9"
provenance = { party = "stand-in", type = "stand-in", field = "stand-in" }

[[objective]]
id = "east"
fields = ["22,8"]
controller = ["none"]
provenance = { fields = "stand-in", controller = "stand-in" }

[[outcome]]
result = "draw"
text = "Draw"
when = []
provenance = { result = "stand-in", when = "stand-in" }
)";

class PlanspielWreck : public testing::SituationTest {
 protected:
  void SetUp() override { Load("situation-test-wreck.toml", kWreckSituation, "ps-2"); }
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
  EXPECT_NE(Why("move R-T2 16,8").find("PS §3.4"), std::string::npos);
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
// brings R-T2 nearer: the river has no other crossing), and not one behind it.
TEST_F(PlanspielWreck, PS_6_10_HeuristicRecoversAWreckBlockingItsRoute) {
  KnockOutOnTheBridge();
  state_->remove_for_test(U("B-T1"));
  Rng rng(3);
  const double recover = HeuristicScore(*state_, A("recover R-T2 18,8"), rng);
  EXPECT_GT(recover, 0.5);
  for (const Action& a : state_->legal_actions()) {
    if (a.verb != kRecover) {
      EXPECT_LT(HeuristicScore(*state_, a, rng), recover) << state_->describe(a);
    }
  }
  // From the far side the wreck lies behind: no recovery.
  state_->remove_for_test(U("R-S1"));
  state_->place_for_test(U("R-T2"), {19, 8});
  ASSERT_TRUE(Listed("recover R-T2 18,8"));
  EXPECT_LT(HeuristicScore(*state_, A("recover R-T2 18,8"), rng), 0.0);
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
