// WSR 3.1-3.2: the cup, end-turn markers, the marker removal phase and withheld end-turn
// markers (3.2.1), with every draw injected as a chance action.
#include <gtest/gtest.h>

#include "tests/wsr_rules/wsr_rules_util.h"

namespace feldherr::wsr::testing {
namespace {

GameSetup TwoFormations(int turns = 3) {
  return MakeSetup({{"us.cca", 0, 1}, {"de.beck", 1, 1}},
                   {U("us.hq-cca", "A-E02", "us.cca"), U("us.m4a1", "A-E02", "us.cca"),
                    U("de.hq-beck", "A-S10", "de.beck"), U("de.panther", "A-S10", "de.beck")},
                   turns);
}

TEST(WsrSequence, WSR_3_1_DrawIsChanceWithProbabilitiesFromTheCup) {
  GameSetup s = TwoFormations();
  s.formations[1].markers = 2;  // two Beck markers: 2 of 5
  Pos p(s);
  EXPECT_EQ(p.state->current_seat(), kChance);
  auto outs = p.state->chance_outcomes();
  ASSERT_EQ(outs.size(), 3u);
  double pcca = 0, pbeck = 0, pend = 0;
  for (const auto& o : outs) {
    std::string t = p.state->describe(o.action);
    if (t == "draw us.cca") pcca = o.probability;
    if (t == "draw de.beck") pbeck = o.probability;
    if (t == "draw end-turn") pend = o.probability;
  }
  EXPECT_DOUBLE_EQ(pcca, 0.2);
  EXPECT_DOUBLE_EQ(pbeck, 0.4);
  EXPECT_DOUBLE_EQ(pend, 0.4);
}

TEST(WsrSequence, WSR_3_1_FormationMarkerActivatesItsFormation) {
  Pos p(TwoFormations());
  p.act("draw us.cca");
  EXPECT_EQ(p.s().active_formation(), 0);
  EXPECT_EQ(p.state->current_seat(), 0);  // every unit in range: straight to operations
  EXPECT_EQ(p.state->decision().kind, "operations");
  EXPECT_EQ(p.s().cup[0], 0);  // not returned to the cup this turn
  p.act("end-impulse");
  EXPECT_EQ(p.state->current_seat(), kChance);
  EXPECT_FALSE(p.legal("draw us.cca"));
}

TEST(WsrSequence, WSR_3_2_SecondEndTurnMarkerEndsTheTurn) {
  Pos p(TwoFormations());
  p.act("draw end-turn");
  EXPECT_EQ(p.s().turn, 1);
  EXPECT_EQ(p.state->current_seat(), kChance);
  p.act("draw us.cca");
  p.acts({"select us.m4a1", "select us.hq-cca", "move A-E01", "end-move", "end-impulse"});
  EXPECT_TRUE(p.s().has(p.unit("us.m4a1"), kOpsComplete));
  p.act("draw end-turn");
  EXPECT_TRUE(p.logged("WSR 1.7.2"));
  EXPECT_EQ(p.s().turn, 2);
  // MRP: Ops complete removed, all markers back in the cup (WSR 3.2 steps 1 and 4).
  EXPECT_FALSE(p.s().has(p.unit("us.m4a1"), kOpsComplete));
  EXPECT_EQ(p.s().cup_formation_markers(), 2);
}

TEST(WsrSequence, WSR_3_1_NoFormationMarkerLeftEndsOperations) {
  Pos p(TwoFormations());
  p.acts({"draw us.cca", "end-impulse", "draw de.beck", "end-impulse"});
  EXPECT_EQ(p.s().turn, 2);  // the end-turn markers left in the cup do not keep the turn going
  EXPECT_EQ(p.s().cup_end_turn_markers(), 2);
}

TEST(WsrSequence, WSR_3_2_LastTurnEndsTheGame) {
  Pos p(TwoFormations(1));
  p.acts({"draw end-turn", "draw end-turn"});
  EXPECT_TRUE(p.state->is_terminal());
  EXPECT_EQ(p.state->current_seat(), kNobody);
  EXPECT_EQ(p.state->result().summary, "draw");
}

// T-3.2.1-1: the US 2/16 and 4/51 are not activated in turn 1; in turn 2 the US keeps one
// end-turn marker out of the cup until both have been activated.
TEST(WsrSequence, WSR_3_2_1_EndTurnMarkerWithheldUntilFormationsActivate) {
  Pos p(MakeSetup({{"us.2-16", 0, 1}, {"us.4-51", 0, 1}, {"de.107", 1, 1}},
                  {U("us.hq-2-16", "A-E02", "us.2-16"), U("us.infantry", "A-E02", "us.2-16"),
                   U("us.hq-4-51", "A-H02", "us.4-51"), U("us.m4a1", "A-H02", "us.4-51"),
                   U("de.hq-107", "A-S10", "de.107"), U("de.infantry", "A-S10", "de.107")}));
  p.acts({"draw de.107", "end-impulse", "draw end-turn", "draw end-turn"});
  ASSERT_EQ(p.s().turn, 2);
  EXPECT_TRUE(p.logged("WSR 3.2.1"));
  EXPECT_EQ(p.s().held_end_turn[0], 1);
  EXPECT_EQ(p.s().held_end_turn[1], 0);
  EXPECT_EQ(p.s().cup_end_turn_markers(), 1);
  p.acts({"draw us.4-51", "end-impulse"});
  EXPECT_EQ(p.s().cup_end_turn_markers(), 1);  // 2/16 not activated yet
  p.act("draw us.2-16");
  EXPECT_EQ(p.s().cup_end_turn_markers(), 2);  // put into the cup right after the activation
  EXPECT_EQ(p.s().held_end_turn[0], 0);
}

TEST(WsrSequence, WSR_3_2_1_BothSidesWithholdNoEndTurnMarkerInTheCup) {
  Pos p(MakeSetup({{"us.2-16", 0, 1}, {"us.4-51", 0, 1}, {"de.107", 1, 1}, {"de.beck", 1, 1}},
                  {U("us.hq-2-16", "A-E02", "us.2-16"), U("us.infantry", "A-E02", "us.2-16"),
                   U("us.hq-4-51", "A-H02", "us.4-51"), U("us.m4a1", "A-H02", "us.4-51"),
                   U("de.hq-107", "A-S10", "de.107"), U("de.infantry", "A-S10", "de.107"),
                   U("de.hq-beck", "A-S06", "de.beck"), U("de.panther", "A-S06", "de.beck")}));
  p.acts({"draw de.107", "end-impulse", "draw us.4-51", "end-impulse", "draw end-turn",
          "draw end-turn"});
  ASSERT_EQ(p.s().turn, 2);
  EXPECT_EQ(p.s().cup_end_turn_markers(), 0);
  EXPECT_EQ(p.s().held_end_turn[0], 1);
  EXPECT_EQ(p.s().held_end_turn[1], 1);
}

TEST(WsrSequence, WSR_3_2_FormationWithoutUnitsLeavesTheCup) {
  // a formation with no unit on the map has its marker removed.
  GameSetup s = TwoFormations();
  s.formations.push_back({"de.107", 1, 1});
  Pos p(s);
  p.acts({"draw us.cca", "end-impulse", "draw de.beck", "end-impulse", "draw end-turn",
          "draw end-turn"});
  EXPECT_EQ(p.s().turn, 2);
  EXPECT_EQ(p.s().cup[2], 0);
  EXPECT_EQ(p.s().held_end_turn[1], 0);  // and it never counts for WSR 3.2.1
}

}  // namespace
}  // namespace feldherr::wsr::testing
