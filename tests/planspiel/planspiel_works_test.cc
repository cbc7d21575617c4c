// Planspiel works in play: field positions dug by figures (PS §12.3, G-38, AE-07) and
// camouflaging (PS §7.6, §7.4, G-54, G-61), on test situations on the PS-1 board, dice injected
// as roll actions; the heuristic's use of both (module.h HeuristicScore).
#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "engine/rng.h"
#include "games/planspiel/module.h"
#include "games/planspiel/situation.h"
#include "games/planspiel/state.h"
#include "planspiel_test_util.h"

namespace feldherr::planspiel {
namespace {

// AE-07 without the pre-dug position: three lFH batteries and an observation post (R-I1) of Red,
// Blue's infantry base B-I1 in the open at 7,5, which digs in during Blue's half-turns; a Red
// tank, a Red heavy-weapon base and a camouflaged Blue base for the refusals.
const std::string kDigSituation =
    testing::TestSituation{.id = "test-dig",
                           .title = "Digging test",
                           .board = "ps-1",
                           .game_turns = 6,
                           .units = {{"R-H1", "red", "LFH105", "5,9"},
                                     {"R-H2", "red", "LFH105", "6,9"},
                                     {"R-H3", "red", "LFH105", "4,9"},
                                     {"R-I1", "red", "INF", "7,7"},
                                     {"R-T1", "red", "PZIV", "10,9"},
                                     {"B-I1", "blue", "INF", "7,5"},
                                     {"B-I2", "blue", "INF", "0,0", {{"camouflaged", "true"}}}}}
        .Toml();

class PlanspielDig : public testing::SituationTest {
 protected:
  void SetUp() override { Load("situation-test-dig.toml", kDigSituation, "ps-1"); }
  // Ends the present half-turn (passing no window: nobody moves in these tests).
  void Fertig() { Do("fertig"); }
};

// AE-07: after the first digging half-turn the dug-in marker lies face down: no cover, so three
// concentrated batteries (+2) with a natural 3 give 5, black.
TEST_F(PlanspielDig, AE_07_FirstDiggingTurnFaceDownNoCover) {
  Fertig();  // Red
  ASSERT_TRUE(Listed("dig B-I1"));
  const EventList ev = Do("dig B-I1");
  EXPECT_TRUE(Mentions(ev, "the dug-in marker lies face down"));
  EXPECT_TRUE(Mentions(ev, "das Eingegrabenzeichen liegt verkehrt", true));
  EXPECT_EQ(ev.back().rule, "PS §12.3");
  EXPECT_EQ(state_->step(), StepKind::kAct);  // no die roll (G-38)
  EXPECT_EQ(state_->dig_stage(U("B-I1")), 1);
  EXPECT_FALSE(state_->dug_in(At("B-I1")));
  // The marker shows on the unit to the enemy that sees it.
  bool face_down = false;
  const json red_view = state_->observe(kPartyRed);
  for (const auto& u : red_view["units"])
    if (u["id"] == "B-I1") face_down = u.value("dug_in", std::string()) == "face_down";
  EXPECT_TRUE(face_down);
  // The work is the unit's activity of the half-turn (G-38).
  EXPECT_NE(Why("move B-I1 7,4").find("G-38"), std::string::npos);
  Fertig();                                    // Blue
  ASSERT_EQ(state_->dig_stage(U("B-I1")), 1);  // the marker stays face down
  Do("concentrate 7,5 R-H1 R-H2 R-H3");
  Do("roll 3");
  EXPECT_EQ(state_->unit(U("B-I1")).suppression, 5);  // 3 + 2 = 5: black, no cover
}

// AE-07: the second digging half-turn turns the marker face up, with no die roll; then the cover
// counts: +2 -1 = +1, a natural 3 gives 4 (grey); +1 to the defender in close combat.
TEST_F(PlanspielDig, AE_07_SecondDiggingTurnFaceUpNoRoll) {
  Fertig();        // Red
  Do("dig B-I1");  // Blue, first
  Fertig();        // Blue
  Fertig();        // Red
  ASSERT_TRUE(Listed("dig B-I1"));
  const EventList ev = Do("dig B-I1");  // second
  EXPECT_TRUE(Mentions(ev, "is turned face up"));
  EXPECT_TRUE(Mentions(ev, "wird umgedreht", true));
  EXPECT_EQ(state_->step(), StepKind::kAct);  // no die roll (G-38)
  EXPECT_EQ(state_->dig_stage(U("B-I1")), 0);
  EXPECT_TRUE(state_->dug_in(At("B-I1")));
  EXPECT_EQ(state_->defence_bonus(At("B-I1"), kPartyRed), 1);
  // The position is in the views of both parties (Red sees B-I1 in it).
  for (int p : {kPartyRed, kPartyBlue}) {
    const auto obs = state_->observe(p);
    ASSERT_TRUE(obs.contains("positions")) << p;
    EXPECT_EQ(obs["positions"][0][0], 7);
    EXPECT_EQ(obs["positions"][0][1], 5);
  }
  // A position in the field: nobody digs there again.
  Fertig();  // Blue
  Fertig();  // Red
  EXPECT_NE(Why("dig B-I1").find("PS §12.3"), std::string::npos);
  Fertig();  // Blue
  Do("concentrate 7,5 R-H1 R-H2 R-H3");
  Do("roll 3");
  EXPECT_EQ(state_->unit(U("B-I1")).suppression, 4);  // 3 + 2 - 1 = 4: grey
}

// PS §12.3: only figures dig in; vehicles and heavy-weapon models do not; the passive party does
// not; each refusal names its rule, in both languages.
TEST_F(PlanspielDig, PS_12_3_WhoMayDig) {
  EXPECT_TRUE(Listed("dig R-I1"));
  EXPECT_FALSE(Listed("dig R-T1"));
  EXPECT_EQ(Why("dig R-T1"),
            "PS §12.3: only figures dig in; vehicles and heavy-weapon models cannot dig in during "
            "a tactical game (R-T1 is no figure base)");
  EXPECT_NE(state_->why_illegal_text(A("dig R-T1"))
                .de.find("PS §12.3: eingraben können sich nur "
                         "Figuren"),
            std::string::npos);
  EXPECT_FALSE(Listed("dig R-H1"));  // a heavy-weapon base
  EXPECT_NE(Why("dig R-H1").find("PS §12.3"), std::string::npos);
  EXPECT_NE(Why("dig B-I1").find("PS §3.1"), std::string::npos);  // Red's half-turn
  // A unit that fired does not dig in the same half-turn (G-38).
  Do("concentrate 7,5 R-H1 R-H2 R-H3");
  Do("roll 1");
  Do("move R-I1 7,8");
  while (state_->step() == StepKind::kCounterMove) Do("pass");
  EXPECT_NE(Why("dig R-I1").find("G-38"), std::string::npos);
}

// G-38 (reading): a unit that moves leaves its face-down marker behind: the next digging half-turn
// starts again face down.
TEST_F(PlanspielDig, G_38_DiggingInterruptedByAMove) {
  Fertig();  // Red
  Do("dig B-I1");
  Fertig();  // Blue
  Fertig();  // Red
  ASSERT_EQ(state_->dig_stage(U("B-I1")), 1);
  Do("move B-I1 8,5");
  while (state_->step() == StepKind::kCounterMove) Do("pass");
  EXPECT_EQ(state_->dig_stage(U("B-I1")), 0);
  Fertig();  // Blue
  Fertig();  // Red
  const EventList ev = Do("dig B-I1");
  EXPECT_TRUE(Mentions(ev, "face down"));
  EXPECT_FALSE(state_->dug_in(At("B-I1")));
}

// G-52: the two digging half-turns are consecutive own half-turns: a unit that does something else
// (or nothing) in its next half-turn loses its face-down marker at that half-turn's end.
TEST_F(PlanspielDig, G_52_DiggingHalfTurnsAreConsecutive) {
  Fertig();  // Red
  Do("dig B-I1");
  Fertig();  // Blue
  EXPECT_EQ(state_->dig_stage(U("B-I1")), 1);
  Fertig();  // Red
  EXPECT_EQ(state_->dig_stage(U("B-I1")), 1);
  Fertig();  // Blue: B-I1 did not dig
  EXPECT_EQ(state_->dig_stage(U("B-I1")), 0);
  Fertig();  // Red
  EXPECT_TRUE(Mentions(Do("dig B-I1"), "face down"));
}

// PS §7.6, §12.3: camouflaged troops cannot dig in (digging comes first).
TEST_F(PlanspielDig, PS_7_6_CamouflagedTroopsCannotDig) {
  Fertig();  // Red
  ASSERT_TRUE(state_->unit(U("B-I2")).camouflaged);
  EXPECT_FALSE(Listed("dig B-I2"));
  EXPECT_EQ(Why("dig B-I2"),
            "PS §7.6, §12.3: B-I2 is camouflaged; camouflaged troops cannot dig in (digging comes "
            "before camouflage)");
  EXPECT_FALSE(Listed("camouflage B-I2"));  // camouflaged already
}

// PS §12.3: a captured position serves its captor at once, but not during counter-moves: R-I1
// moving into Blue's position at 7,5 has no cover there against Blue's counter-moves; once its
// move is done it has.
TEST_F(PlanspielDig, PS_12_3_CapturedPositionNotDuringCounterMoves) {
  Do("move R-I1 7,6");
  while (state_->step() == StepKind::kCounterMove) Do("pass");
  Fertig();  // Red
  Do("dig B-I1");
  Fertig();
  Fertig();
  Do("dig B-I1");
  Fertig();
  Fertig();
  ASSERT_TRUE(state_->dug_in({7, 5}));
  Do("move B-I1 8,4");
  while (state_->step() == StepKind::kCounterMove) Do("pass");
  Fertig();  // Blue
  Do("move R-I1 7,5");
  bool windowed = false;
  while (state_->step() == StepKind::kCounterMove) {
    if (At("R-I1") == Field{7, 5}) {
      windowed = true;
      EXPECT_EQ(state_->target_of(U("R-I1")).cover, Cover::kNone);
    }
    Do("pass");
  }
  EXPECT_TRUE(windowed);
  ASSERT_EQ(At("R-I1"), (Field{7, 5}));
  EXPECT_EQ(state_->target_of(U("R-I1")).cover, Cover::kFieldPosition);
  EXPECT_EQ(state_->defence_bonus({7, 5}, kPartyBlue), 1);
}

// Camouflage: Red's units around Blue's B-I1 (0,0), which R-I3 sees; B-I3 waits unseen at a
// forest edge (2,6), two fields from R-I1; R-I2 carries a detected marker, so B-I1 sees it from 5
// LE; R-T1 stands in the open with no forest or town next to it, R-T2 next to the forest at 8,7.
const std::string kCamouflageSituation = testing::TestSituation{
    .id = "test-camouflage",
    .title = "Camouflage test",
    .board = "ps-1",
    .game_turns = 6,
    .units = {
        {"R-I1", "red", "INF", "2,8"},
        {"R-I2", "red", "INF", "0,5", {{"detected", "true"}}},
        {"R-I3", "red", "INF", "1,2"},
        {"R-T1", "red", "PZIV", "11,9"},
        {"R-T2", "red", "PZIV", "7,8"},
        {"B-I1", "blue", "INF", "0,0"},
        {"B-I2", "blue", "INF", "11,0"},
        {"B-I3", "blue", "INF", "2,6"}}}.Toml();

class PlanspielCamouflage : public testing::SituationTest {
 protected:
  void SetUp() override { Load("situation-test-camouflage.toml", kCamouflageSituation, "ps-1"); }
};

// PS §7.6: only out of enemy sight and more than 4 LE from the enemy, as the party knows it.
TEST_F(PlanspielCamouflage, PS_7_6_RefusedInEnemySightOrWithin4Le) {
  ASSERT_TRUE(state_->visible_to(U("B-I1"), kPartyRed));
  EXPECT_FALSE(Listed("camouflage R-I3"));
  EXPECT_EQ(Why("camouflage R-I3"),
            "PS §7.6: R-I3 is within 4 LE of the enemy unit B-I1 (immediate threat) and cannot "
            "camouflage");
  EXPECT_NE(state_->why_illegal_text(A("camouflage R-I3")).de.find("unmittelbare Feindbedrohung"),
            std::string::npos);
  EXPECT_FALSE(Listed("camouflage R-I2"));  // 5 LE, but B-I1 sees it (its detected marker)
  EXPECT_EQ(Why("camouflage R-I2"),
            "PS §7.6: R-I2 is in sight of the enemy unit B-I1 and cannot camouflage");
  // B-I3 stands two fields from R-I1 and sees it, but Red does not see B-I3: the camouflage is
  // allowed, and nothing in the answer shows B-I3 (PS §7.5).
  ASSERT_FALSE(state_->visible_to(U("B-I3"), kPartyRed));
  ASSERT_TRUE(state_->visible_to(U("R-I1"), kPartyBlue));
  EXPECT_TRUE(Listed("camouflage R-I1"));
  EXPECT_NE(Why("camouflage B-I3").find("PS §3.1"), std::string::npos);
}

// PS §7.6, G-54: a vehicle camouflages only next to a forest or built-up field.
TEST_F(PlanspielCamouflage, G_54_VehicleOnlyNextToForestOrTown) {
  EXPECT_FALSE(Listed("camouflage R-T1"));
  EXPECT_EQ(Why("camouflage R-T1"),
            "PS §7.6, G-54: R-T1 is a vehicle or heavy-weapon model; it camouflages only in a "
            "field next to a forest or built-up field");
  EXPECT_TRUE(Listed("camouflage R-T2"));  // 8,7 is forest
}

// PS §7.6: a combat vehicle takes a position marker with its camouflage, which stays when the
// camouflage goes by firing.
TEST_F(PlanspielCamouflage, PS_7_6_CombatVehicleKeepsItsPositionMarker) {
  ASSERT_FALSE(state_->unit(U("R-T2")).position_marker);
  const EventList ev = Do("camouflage R-T2");
  EXPECT_EQ(ev.back().rule, "PS §7.6");
  EXPECT_TRUE(Mentions(ev, "camouflage marker and position marker"));
  EXPECT_TRUE(state_->unit(U("R-T2")).camouflaged);
  EXPECT_TRUE(state_->unit(U("R-T2")).position_marker);
  EXPECT_NE(Why("move R-T2 7,7").find("PS §7.6, G-38"), std::string::npos);
  Do("fertig");  // Red
  Do("fertig");  // Blue
  state_->place_for_test(U("B-I2"), {8, 9});
  ASSERT_TRUE(Listed("fire R-T2 8,9"));
  Do("fire R-T2 8,9");
  EXPECT_FALSE(state_->unit(U("R-T2")).camouflaged);
  EXPECT_TRUE(state_->unit(U("R-T2")).position_marker);
}

// PS §7.6, §7.4: camouflaging takes the unit's half-turn; from then on the small target counts as
// "camouflaged in position" (1 LE by day) and B-I3 no longer sees it from 2 LE in its own
// half-turn; the enemy reads the work of a unit it did not see as an unseen unit's move.
TEST_F(PlanspielCamouflage, PS_7_4_CamouflagedUnitUnseenBeyondOneLe) {
  ASSERT_TRUE(state_->visible_to(U("R-I1"), kPartyBlue));
  EXPECT_EQ(state_->describe_for(A("camouflage R-I1"), kPartyBlue), "camouflage R-I1");
  Do("camouflage R-I1");
  EXPECT_EQ(state_->detection_row(U("R-I1")), DetectionRow::kSmallCamouflagedInPosition);
  Do("fertig");  // Red: the turn's work is done
  EXPECT_FALSE(state_->visible_to(U("R-I1"), kPartyBlue));
  const json blue_view = state_->observe(kPartyBlue);
  for (const auto& u : blue_view["units"]) EXPECT_NE(u["id"], "R-I1");
  // At 1 LE it is seen (PS §7.4 row "small camouflaged targets in positions").
  state_->place_for_test(U("B-I3"), {2, 7});
  EXPECT_TRUE(state_->visible_to(U("R-I1"), kPartyBlue));
  // A large camouflaged target: 1 LE as well (R-T2 next to the forest, B-I2 two fields away).
  Restart();
  Do("camouflage R-T2");
  state_->place_for_test(U("B-I2"), {9, 8});
  EXPECT_FALSE(state_->visible_to(U("R-T2"), kPartyBlue));
  state_->place_for_test(U("B-I2"), {8, 9});
  EXPECT_TRUE(state_->visible_to(U("R-T2"), kPartyBlue));
}

// PS §7.5: Blue does not see R-T2; its camouflage or digging reads as an unseen unit's move, with
// the same event and rule.
TEST_F(PlanspielCamouflage, PS_7_5_UnseenWorkReadsAsAnUnseenMove) {
  ASSERT_FALSE(state_->visible_to(U("R-T2"), kPartyBlue));
  EXPECT_EQ(state_->describe_for(A("camouflage R-T2"), kPartyBlue), "move (hidden) (hidden)");
  EXPECT_EQ(state_->describe_for(A("camouflage R-T2"), kPartyRed), "camouflage R-T2");
  EventList ev = Do("camouflage R-T2");
  EXPECT_EQ(event_text(ev.back(), kPartyBlue), "An unseen enemy unit moves.");
  EXPECT_EQ(event_text(ev.back(), kPartyRed),
            "R-T2 camouflages in 7,8 (camouflage marker and "
            "position marker).");
  // The rule cited tells no more than the text: the enemy and the observer read PS §7.5, as for
  // an unseen unit's move, not the camouflage rule.
  EXPECT_EQ(event_rule(ev.back(), kPartyBlue), "PS §7.5");
  EXPECT_EQ(event_rule(ev.back(), kObserver), "PS §7.5");
  EXPECT_EQ(event_rule(ev.back(), kPartyRed), "PS §7.6");
}

// The heuristic: a defender holding its objective field with nothing to fire at digs in, then
// camouflages; an attacker that can still get closer does neither.
class PlanspielWorksHeuristic : public testing::Ps2Fixture {
 protected:
  std::string SituationId() const override { return "ps-1"; }
  double ScoreOf(const std::string& text) {
    Rng rng(7);
    return HeuristicScore(*s_, A(text), rng);
  }
};

TEST_F(PlanspielWorksHeuristic, PS_12_3_DefenderDigsInThenCamouflages) {
  ASSERT_TRUE(Listed("dig R-I1"));
  EXPECT_LT(ScoreOf("dig R-I1"), 0.0);  // Red attacks: it moves on
  Play({"fertig"});
  ASSERT_TRUE(s_->fire_targets(U("B-I1")).empty());
  ASSERT_TRUE(Listed("dig B-I1"));  // on the farm 5,3
  EXPECT_GT(ScoreOf("dig B-I1"), 0.0);
  EXPECT_LT(ScoreOf("dig B-I1"), 0.2);  // after everything else of the half-turn
  ASSERT_TRUE(Listed("camouflage B-I1"));
  EXPECT_LT(ScoreOf("camouflage B-I1"), 0.0);  // it digs first
  Play({"dig B-I1", "fertig", "fertig", "dig B-I1", "fertig", "fertig"});
  ASSERT_TRUE(s_->dug_in(s_->field_of(U("B-I1"))));
  EXPECT_FALSE(Listed("dig B-I1"));
  ASSERT_TRUE(Listed("camouflage B-I1"));
  ASSERT_TRUE(s_->fire_targets(U("B-I1")).empty());
  EXPECT_GT(ScoreOf("camouflage B-I1"), 0.0);
}

}  // namespace
}  // namespace feldherr::planspiel
