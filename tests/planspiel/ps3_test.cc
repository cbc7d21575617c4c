// Planspiel PS-3 "Begegnungsgefecht am Höhenrücken" in play: the acceptance checks of the
// situation (S-3, scenarios §5.7) with injected dice (symmetry, defiles, sight, artillery range,
// minimum calibre, tank duel, trucks, reinforcement, scoring), and the set-up in zones (scenarios
// §1.5): refusals citing the rule, the defaults in one action, and each party's set-up hidden
// from the other, also in its determinizations.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <memory>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <string>

#include "engine/ending.h"
#include "engine/rng.h"
#include "games/planspiel/fire.h"
#include "games/planspiel/fire_data.h"
#include "games/planspiel/los.h"
#include "games/planspiel/state.h"
#include "planspiel_test_util.h"

namespace feldherr::planspiel {
namespace {

// PS-3 at Red's first half-turn, both parties set up in their listed fields.
class PlanspielPs3 : public testing::Ps2Fixture {
 protected:
  std::string SituationId() const override { return "ps-3"; }
  int ObjectiveIndex(Field f) const {
    const auto& all = s_->ps().objective_fields();
    const auto it = std::find(all.begin(), all.end(), f);
    EXPECT_NE(it, all.end());
    return static_cast<int>(it - all.begin());
  }
  // Ends the half-turns until it is `party`'s half-turn of game turn `turn`.
  void PlayUntil(int turn, int party) {
    while (s_->turn() != turn || s_->active() != party) Play({"fertig"});
  }
};

// A fresh PS-3 game before the set-up.
std::unique_ptr<PlanspielState> FreshPs3() {
  auto g = make_planspiel("ps-3");
  return std::unique_ptr<PlanspielState>(
      dynamic_cast<PlanspielState*>(g->new_initial_state().release()));
}

Action Parsed(const PlanspielState& s, const std::string& text) {
  Action a;
  std::string error;
  EXPECT_TRUE(s.parse(text, a, error)) << text << ": " << error;
  return a;
}

// Scenarios §5.3-§5.4: time, turn order, forces (9 and 8 combat elements, one reinforcement
// each), march order and nobody controlling an objective at the start.
TEST_F(PlanspielPs3, S_3_ForcesTimeAndSetUpAsListed) {
  const Situation& sit = s_->ps().situation();
  EXPECT_EQ(sit.start_cycle_turn, 4);
  EXPECT_EQ(sit.game_turns, 12);
  EXPECT_EQ(sit.first_mover, kPartyRed);
  EXPECT_EQ(s_->turn(), 1);
  EXPECT_EQ(s_->active(), kPartyRed);
  EXPECT_EQ(s_->step(), StepKind::kAct);
  std::array<int, kParties> elements{};
  for (int u = 0; u < s_->num_units(); ++u)
    if (sit.units[static_cast<size_t>(u)].arrives == 0 &&
        s_->ps().type(u).category != Category::kTransport)
      ++elements[static_cast<size_t>(sit.units[static_cast<size_t>(u)].party)];
  EXPECT_EQ(elements[kPartyRed], 9);
  EXPECT_EQ(elements[kPartyBlue], 8);
  EXPECT_EQ(s_->unit(U("R-G1")).aboard, U("R-A1"));
  EXPECT_EQ(s_->unit(U("R-P1")).aboard, U("R-Z1"));
  EXPECT_EQ(s_->unit(U("B-P1")).aboard, U("B-L4"));
  EXPECT_EQ(s_->unit(U("B-H1")).aboard, U("B-L3"));
  EXPECT_EQ(s_->field_of(U("R-S1")), (Field{2, 7}));
  EXPECT_EQ(s_->field_of(U("B-S1")), (Field{21, 8}));
  EXPECT_EQ(s_->unit(U("R-T3")).status, UnitStatus::kWaiting);
  EXPECT_EQ(s_->unit(U("B-T3")).status, UnitStatus::kWaiting);
  for (Field f : s_->ps().objective_fields()) EXPECT_EQ(s_->controller(ObjectiveIndex(f)), -1);
  // The columns start in dead ground behind the plateau: neither sees the other.
  for (int u = 0; u < s_->num_units(); ++u)
    EXPECT_FALSE(s_->visible_to(u, 1 - sit.units[static_cast<size_t>(u)].party))
        << sit.units[static_cast<size_t>(u)].id;
}

// S-3 "Symmetry": terrain and contour of (x,y) and (23-x,15-y) agree; so do the default fields.
TEST_F(PlanspielPs3, S_3_SymmetryOfBoardAndDefaults) {
  const Board& b = s_->ps().board();
  for (int y = 0; y < 16; ++y)
    for (int x = 0; x < 24; ++x) {
      const Field m{23 - x, 15 - y};
      EXPECT_EQ(b.terrain({x, y}), b.terrain(m)) << x << "," << y;
      EXPECT_EQ(b.road({x, y}), b.road(m)) << x << "," << y;
      EXPECT_EQ(b.contour({x, y}), b.contour(m)) << x << "," << y;
    }
  for (const auto& [red, blue] :
       {std::pair{"R-S1", "B-S1"}, std::pair{"R-T1", "B-T2"}, std::pair{"R-T2", "B-T1"},
        std::pair{"R-F1", "B-F1"}, std::pair{"R-A1", "B-L1"}, std::pair{"R-A2", "B-L2"}}) {
    const Field r = s_->field_of(U(red));
    EXPECT_EQ(s_->field_of(U(blue)), (Field{23 - r.x, 15 - r.y})) << red << " " << blue;
  }
}

// S-3 "Defiles": (15,2) and (8,13) for north-south movement, no other field.
TEST_F(PlanspielPs3, S_3_DefilesNorthSouthOnly) {
  const Board& b = s_->ps().board();
  for (int y = 0; y < 16; ++y)
    for (int x = 0; x < 24; ++x) {
      const bool listed = Field{x, y} == Field{15, 2} || Field{x, y} == Field{8, 13};
      EXPECT_EQ(IsDefile(b, {x, y}, Axis::kNorthSouth), listed) << x << "," << y;
      EXPECT_FALSE(IsDefile(b, {x, y}, Axis::kEastWest)) << x << "," << y;
    }
}

// S-3 "Sight": the plateau hides the columns; Kreuzdorf's corner and the village between the
// summits block; the forest edge (13,5) sees the north summit.
TEST_F(PlanspielPs3, S_3_SightOverTheRidge) {
  const PlanspielGame& g = s_->ps();
  EXPECT_FALSE(g.sees({2, 7}, {21, 8}));
  EXPECT_FALSE(g.sees({11, 7}, {12, 8}));
  EXPECT_FALSE(g.sees({11, 3}, {12, 12}));
  EXPECT_TRUE(g.sees({13, 5}, {11, 3}));
}

// S-3 "Artillery range": R-F1 unlimbered at (1,8) fires indirect at (11,3), (11,7), (11,8)
// (distance 10), not at (12,7), (12,8), (12,12) (11); B-F1 at (22,7) mirrors it.
TEST_F(PlanspielPs3, S_3_ArtilleryRangeOfTheLightHowitzers) {
  Play({"unlimber R-F1 1,8", "fertig", "unlimber B-F1 22,7", "fertig"});
  ASSERT_EQ(s_->turn(), 2);
  ASSERT_EQ(s_->phase(), 2);
  // B-S1 as the target, a Red tank next to it as the observation post.
  const auto red_may = [&](Field target, Field post) {
    s_->place_for_test(U("B-S1"), target);
    s_->place_for_test(U("R-T1"), post);
    EXPECT_TRUE(s_->observed(U("B-S1"), kPartyRed));
    const auto t = s_->indirect_targets(U("R-F1"));
    return std::find(t.begin(), t.end(), target) != t.end();
  };
  EXPECT_TRUE(red_may({11, 3}, {10, 3}));
  EXPECT_TRUE(red_may({11, 7}, {10, 7}));
  EXPECT_TRUE(red_may({11, 8}, {10, 8}));
  EXPECT_FALSE(red_may({12, 7}, {13, 7}));
  EXPECT_FALSE(red_may({12, 8}, {13, 8}));
  EXPECT_FALSE(red_may({12, 12}, {12, 11}));
  EXPECT_NE(Why("indirect R-F1 12,8"), "");
  s_->place_for_test(U("B-S1"), {21, 8});
  s_->place_for_test(U("R-T1"), {2, 6});
  PlayUntil(2, kPartyBlue);
  const auto blue_may = [&](Field target, Field post) {
    s_->place_for_test(U("R-S1"), target);
    s_->place_for_test(U("B-T1"), post);
    const auto t = s_->indirect_targets(U("B-F1"));
    return std::find(t.begin(), t.end(), target) != t.end();
  };
  EXPECT_TRUE(blue_may({12, 12}, {13, 12}));
  EXPECT_TRUE(blue_may({12, 8}, {13, 8}));
  EXPECT_TRUE(blue_may({12, 7}, {13, 7}));
  EXPECT_FALSE(blue_may({11, 8}, {10, 8}));
  EXPECT_FALSE(blue_may({11, 7}, {10, 7}));
  EXPECT_FALSE(blue_may({11, 3}, {11, 2}));
}

// S-3 "Minimum calibre": R-F1's 10.5 cm in high-angle fire cannot harm B-T1 (medium armour)
// whatever the die; against B-S1 (light armour) a total of 6 leads to a chance-hit roll.
TEST_F(PlanspielPs3, S_3_MinimumCalibreOfTheLightHowitzer) {
  Play({"unlimber R-F1 1,8", "fertig", "fertig"});
  s_->place_for_test(U("B-T1"), {10, 8});
  s_->place_for_test(U("R-T1"), {9, 8});  // the observation post
  const int f1 = U("R-F1"), t1 = U("B-T1");
  const auto odds = OddsIn36(s_->ps().fire_data(), s_->weapon_of(f1), Firer{}, s_->target_of(t1),
                             s_->fire_situation(f1, {10, 8}, true));
  EXPECT_EQ(odds[0], 36);  // no effect on any throw
  for (int roll = 1; roll <= 6; ++roll) {
    Restart();
    Play({"unlimber R-F1 1,8", "fertig", "fertig"});
    s_->place_for_test(U("B-T1"), {10, 8});
    s_->place_for_test(U("R-T1"), {9, 8});
    if (!Why("indirect R-F1 10,8").empty()) {
      EXPECT_NE(Why("indirect R-F1 10,8").find("§8.9"), std::string::npos)
          << Why("indirect R-F1 10,8");
      break;  // refused for the minimum calibre: no effect either
    }
    Play({"indirect R-F1 10,8", "roll " + std::to_string(roll)});
    EXPECT_EQ(s_->unit(t1).status, UnitStatus::kOnBoard) << roll;
    EXPECT_EQ(s_->unit(t1).suppression, 0) << roll;
  }
  // B-S1: the total 6 (the natural die plus the net modifier) calls for a chance-hit roll.
  Restart();
  Play({"unlimber R-F1 1,8", "fertig", "fertig"});
  s_->place_for_test(U("B-S1"), {10, 8});
  s_->place_for_test(U("R-T1"), {9, 8});
  const int net = Net("R-F1", "B-S1", true);
  ASSERT_GE(6 - net, 1);
  ASSERT_LE(6 - net, 6);
  Play({"indirect R-F1 10,8", "roll " + std::to_string(6 - net)}, true);
  EXPECT_EQ(s_->step(), StepKind::kChanceHit);
  EXPECT_EQ(s_->decision().prompt, "Chance-hit roll against B-S1 (PS §8.12)");
}

// S-3 "Tank duel": R-T1 (Panther) at B-T1 (T-34/85) at 2 LE +1, a natural 5 knocks it out;
// B-T1 back at 0, a 6 knocks it out; R-T2 (PzIV) at B-T3 (KW-I) at -1: a 6 gives level 5 and a
// lucky-hit roll, 4+ knocks it out.
TEST_F(PlanspielPs3, S_3_TankDuel) {
  s_->place_for_test(U("R-T1"), {14, 8});
  s_->place_for_test(U("B-T1"), {16, 8});
  EXPECT_EQ(Net("R-T1", "B-T1"), 1);
  EXPECT_EQ(Net("B-T1", "R-T1"), 0);
  Play({"fire R-T1 16,8", "roll 5"});
  EXPECT_EQ(s_->unit(U("B-T1")).status, UnitStatus::kLost);
  EXPECT_EQ(s_->losses(kPartyBlue), 1);

  Restart();
  s_->place_for_test(U("R-T1"), {14, 8});
  s_->place_for_test(U("B-T1"), {16, 8});
  PlayUntil(1, kPartyBlue);
  Play({"fire B-T1 14,8", "roll 5"});
  EXPECT_EQ(s_->unit(U("R-T1")).status, UnitStatus::kOnBoard);  // level 5, not out
  Restart();
  s_->place_for_test(U("R-T1"), {14, 8});
  s_->place_for_test(U("B-T1"), {16, 8});
  PlayUntil(1, kPartyBlue);
  Play({"fire B-T1 14,8", "roll 6"});
  EXPECT_EQ(s_->unit(U("R-T1")).status, UnitStatus::kLost);
  EXPECT_EQ(s_->losses(kPartyRed), 1);

  for (int lucky : {3, 4}) {
    Restart();
    s_->place_for_test(U("R-T2"), {14, 8});
    s_->place_for_test(U("B-T3"), {16, 8});
    EXPECT_EQ(Net("R-T2", "B-T3"), -1);
    Play({"fire R-T2 16,8", "roll 6"}, true);
    ASSERT_EQ(s_->step(), StepKind::kLuckyHit);
    Play({"roll " + std::to_string(lucky)});
    EXPECT_EQ(s_->unit(U("B-T3")).status, lucky >= 4 ? UnitStatus::kLost : UnitStatus::kOnBoard)
        << lucky;
  }
}

// S-3 "Trucks": B-L1 with B-I1 drives 9 road steps from (22,8) to (13,8), allowance 10: legal,
// but B-I1 cannot dismount in that half-turn (9 > 5, G-13).
TEST_F(PlanspielPs3, S_3_TrucksTooFastToUnload) {
  PlayUntil(1, kPartyBlue);
  s_->place_for_test(U("B-S1"), {21, 5});  // the road ahead clear (PS §5.3: no passing on it)
  ASSERT_TRUE(Reaches("B-L1", {13, 8}));
  Play({"move B-L1 13,8"});
  EXPECT_EQ(s_->field_of(U("B-L1")), (Field{13, 8}));
  EXPECT_EQ(s_->field_of(U("B-I1")), (Field{13, 8}));
  EXPECT_EQ(s_->unit(U("B-L1")).moved, 9);
  const std::string why = Why("dismount B-I1 13,8");
  EXPECT_NE(why.find("G-13"), std::string::npos) << why;
}

// S-3 "Reinforcement": on game turn 5 R-T3 enters at (0,7) and moves on 7 road fields along row
// 7; with a Red vehicle still in (0,7) (R-A2's default field) it may enter there and stop (PS
// §5.3), or at (0,6) or (0,8), and then its move is no road move (terrain speed 4 with the entry
// step).
TEST_F(PlanspielPs3, S_3_ReinforcementEntryAndBlockedEntry) {
  EXPECT_FALSE(Reaches("R-T3", {1, 7}));  // game turn 1
  EXPECT_NE(Why("move R-T3 1,7").find("scenarios §1.6"), std::string::npos);
  s_->set_turn_for_test(5);
  s_->place_for_test(U("R-A2"), {1, 3});  // row 7 clear
  s_->place_for_test(U("R-A1"), {2, 3});
  s_->place_for_test(U("R-S1"), {2, 2});
  EXPECT_TRUE(Reaches("R-T3", {7, 7}));
  EXPECT_FALSE(Reaches("R-T3", {8, 7}));
  Play({"move R-T3 7,7"});
  EXPECT_EQ(s_->field_of(U("R-T3")), (Field{7, 7}));
  EXPECT_EQ(s_->unit(U("R-T3")).moved, 8);  // the entry step and 7 road fields

  Restart();
  s_->set_turn_for_test(5);
  ASSERT_EQ(s_->field_of(U("R-A2")), (Field{0, 7}));  // its default field
  EXPECT_TRUE(Reaches("R-T3", {0, 7}));               // entering there ends the move
  EXPECT_FALSE(Reaches("R-T3", {4, 7}));
  EXPECT_FALSE(Reaches("R-T3", {7, 7}));
  EXPECT_TRUE(Reaches("R-T3", {0, 6}));
  EXPECT_TRUE(Reaches("R-T3", {0, 8}));
  EXPECT_TRUE(Reaches("R-T3", {3, 5}));
  EXPECT_TRUE(Reaches("R-T3", {3, 9}));
  EXPECT_FALSE(Reaches("R-T3", {4, 8}));
  Play({"move R-T3 3,9"});
  EXPECT_EQ(s_->unit(U("R-T3")).moved, 4);
  EXPECT_FALSE(s_->unit(U("R-T3")).road_move);
}

// S-3 "Scoring": Red controls (11,3), (11,7), (11,8) (4 VP), Blue (12,12), (12,7), (12,8) (4 VP);
// losses(Blue) 3, losses(Red) 2: VP 7 against 6, margin +1, Red minor victory.
TEST_F(PlanspielPs3, S_3_ScoringByVictoryPointMargin) {
  const auto score = [&](int red_losses, int blue_losses) {
    Restart();
    for (Field f : {Field{11, 3}, Field{11, 7}, Field{11, 8}})
      s_->set_control_for_test(ObjectiveIndex(f), kPartyRed);
    for (Field f : {Field{12, 12}, Field{12, 7}, Field{12, 8}})
      s_->set_control_for_test(ObjectiveIndex(f), kPartyBlue);
    s_->set_losses_for_test(kPartyRed, red_losses);
    s_->set_losses_for_test(kPartyBlue, blue_losses);
    s_->set_turn_for_test(12);
    Play({"fertig", "fertig"});
    EXPECT_TRUE(s_->is_terminal());
    return s_->result();
  };
  const Result r = score(2, 3);
  EXPECT_EQ(s_->victory_points(kPartyRed), 7);
  EXPECT_EQ(s_->victory_points(kPartyBlue), 6);
  EXPECT_EQ(r.returns[kPartyRed], 1.0);
  EXPECT_EQ(r.reason,
            "Red minor victory: VP margin +1 to +3; losses Red 2, Blue 3; VP Red 7, Blue 6 "
            "(scenarios §1.7)");
  EXPECT_EQ(score(3, 3).returns[kPartyRed], 0.0);                               // margin 0: draw
  EXPECT_NE(score(0, 3).reason.find("Red minor victory"), std::string::npos);   // 7 - 4 = +3
  EXPECT_NE(score(0, 4).reason.find("Red major victory"), std::string::npos);   // 8 - 4 = +4
  EXPECT_NE(score(5, 3).reason.find("Blue minor victory"), std::string::npos);  // -2
  EXPECT_NE(score(7, 3).reason.find("Blue major victory"), std::string::npos);  // -4
}

// Scenarios §1.7: an unarmed transport scores 0 for the enemy; the base it carried survives it.
TEST_F(PlanspielPs3, S_3_UnarmedTransportsScoreNothing) {
  s_->place_for_test(U("B-L3"), {20, 7});  // with B-H1 aboard
  s_->place_for_test(U("R-T1"), {18, 7});
  ASSERT_TRUE(s_->visible_to(U("B-L3"), kPartyRed));
  Play({"fire R-T1 20,7", "roll 6"}, true);
  EXPECT_EQ(s_->unit(U("B-L3")).status, UnitStatus::kLost);
  EXPECT_EQ(s_->losses(kPartyBlue), 0);
  EXPECT_EQ(s_->victory_points(kPartyRed), 0);
  ASSERT_EQ(s_->step(), StepKind::kCasualty);  // B-H1 gets off, black, with a casualty roll
  Play({"roll 5"});
  EXPECT_EQ(s_->unit(U("B-H1")).status, UnitStatus::kLost);
  EXPECT_EQ(s_->losses(kPartyBlue), 1);
  EXPECT_EQ(s_->victory_points(kPartyRed), 1);
}

// Scenarios §1.5, PS-3 §5.4: during the set-up a party places its own units, each once, only in
// its zone and where the unit may stand; a carried base stays with its carrier. Refusals cite
// the rule.
TEST(PlanspielPs3SetUp, S_3_SetUpOnlyInTheZone) {
  auto s = FreshPs3();
  ASSERT_EQ(s->step(), StepKind::kSetUp);
  EXPECT_EQ(s->active(), kPartyRed);
  EXPECT_EQ(s->current_seat(), kPartyRed);
  EXPECT_EQ(s->decision().prompt,
            "Set-up: Red places its units in its zone x 0..2, y 0..15, each once; FERTIG keeps "
            "the others in their listed fields (scenarios §1.5)");
  const auto why = [&](const std::string& text) { return s->why_illegal(Parsed(*s, text)); };
  EXPECT_EQ(why("place R-T1 3,6"),
            "scenarios §1.5: 3,6 is outside Red's set-up zone x 0..2, y 0..15");
  EXPECT_EQ(why("place R-G1 0,0"), "scenarios §1.5: R-G1 is aboard R-A1 and is set up with it");
  EXPECT_EQ(why("place B-T1 22,0"), "scenarios §1.5: Red sets up now, not Blue's B-T1");
  EXPECT_EQ(why("place R-T3 0,0"), "scenarios §1.6: R-T3 is a reinforcement and enters in play");
  EXPECT_EQ(why("place R-T1 2,6"), "scenarios §1.5: R-T1 stands in 2,6 already");
  EXPECT_EQ(why("move R-T1 2,5"),
            "scenarios §1.5: the set-up comes first: place units in the zone or FERTIG");
  EXPECT_EQ(why("place R-T1 1,6"),  // R-Z1 with R-P1 is there: two vehicles
            "scenarios §1.5, PS §5.1: R-T1 in 1,6 would break the stacking limit");
  EXPECT_EQ(why("place R-A1 0,0"), "");
  s->apply(Parsed(*s, "place R-A1 0,0"));
  EXPECT_EQ(s->field_of(s->ps().unit_index("R-A1")), (Field{0, 0}));
  EXPECT_EQ(s->field_of(s->ps().unit_index("R-G1")), (Field{0, 0}));  // aboard, with it
  EXPECT_EQ(why("place R-A1 0,1"),
            "scenarios §1.5: R-A1 is set up in 0,0 already (each unit is placed once)");
  // The legal list: each unplaced own unit to each field of the zone it may stand in, and FERTIG.
  const ActionList legal = s->legal_actions();
  for (const Action& a : legal) {
    ASSERT_TRUE(a.verb == kPlace || a.verb == kFertig);
    if (a.verb == kPlace) {
      EXPECT_LE(a.arg(1) % 24, 2);
      EXPECT_NE(a.arg(0), s->ps().unit_index("R-A1"));
    }
  }
  EXPECT_EQ(legal.back(), Action(kFertig, {}));
}

// Scenarios §1.5: FERTIG accepts the listed fields in one action; Blue then sets up, and after it
// the first mover's first half-turn begins.
TEST(PlanspielPs3SetUp, S_3_DefaultsInOneAction) {
  auto s = FreshPs3();
  s->apply(Action(kFertig, {}));
  EXPECT_EQ(s->step(), StepKind::kSetUp);
  EXPECT_EQ(s->active(), kPartyBlue);
  EXPECT_EQ(s->why_illegal(Parsed(*s, "place B-T1 21,0")), "");
  s->apply(Action(kFertig, {}));
  EXPECT_EQ(s->step(), StepKind::kAct);
  EXPECT_EQ(s->active(), kPartyRed);
  EXPECT_EQ(s->turn(), 1);
  EXPECT_EQ(s->phase(), 2);
  for (const SituationUnit& su : s->ps().situation().units)
    if (su.arrives == 0) {
      EXPECT_EQ(s->field_of(s->ps().unit_index(su.id)), su.field) << su.id;
    }
  EXPECT_EQ(s->why_illegal(Parsed(*s, "place R-T1 0,0")),
            "scenarios §1.5: units are placed only during the set-up");
}

// Scenarios §1.5: FERTIG in the set-up keeps the listed fields, so it is labelled as that and
// ending the set-up asks no "units could still act" question (engine/ending.h); in the first
// half-turn FERTIG ends the half-turn and asks it.
TEST(PlanspielPs3SetUp, S_3_FertigKeepsTheListedFieldsWithoutAQuestion) {
  auto s = FreshPs3();
  const Action fertig(kFertig, {});
  const ActionInfo info = s->action_info(fertig, kPartyRed);
  EXPECT_EQ(info.role, VerbRole::kDecline);
  EXPECT_EQ(info.label_en, "FERTIG: the others stay in their listed fields");
  EXPECT_EQ(info.label_de, "FERTIG: die übrigen bleiben auf ihren vorgesehenen Feldern");
  EXPECT_EQ(info.title_de, "Aufstellung beenden");
  EXPECT_TRUE(units_still_able(*s, fertig, true, kNobody).en.empty());
  s->apply(fertig);
  s->apply(fertig);
  ASSERT_EQ(s->step(), StepKind::kAct);
  EXPECT_EQ(s->action_info(fertig, kPartyRed).label_de, "FERTIG: Teilzug beenden");
  EXPECT_NE(units_still_able(*s, fertig, true, kNobody).en.find("units can still"),
            std::string::npos);
}

// Scenarios §1.5: both parties set up at the same time: Red's placements are hidden from Blue
// (its view, the texts of Red's actions, its determinizations, which put Red's units anywhere in
// Red's zone) until both are done; then detection rules again.
TEST(PlanspielPs3SetUp, S_3_SetUpHiddenFromTheOtherParty) {
  auto s = FreshPs3();
  const int t1 = s->ps().unit_index("R-T1"), a1 = s->ps().unit_index("R-A1");
  const Action place = Parsed(*s, "place R-T1 0,0");
  EXPECT_EQ(s->describe_for(place, kPartyBlue), "place (hidden)");
  EXPECT_EQ(s->describe_for(place, kPartyRed), "place R-T1 0,0");
  EventList events;
  s->apply(place, &events);
  ASSERT_EQ(events.size(), 1u);
  EXPECT_EQ(events[0].text, "R-T1 is set up in 0,0.");
  EXPECT_EQ(events[0].others, "Red sets up a unit.");
  s->apply(Parsed(*s, "place R-A1 2,15"));
  s->apply(Action(kFertig, {}));
  ASSERT_EQ(s->active(), kPartyBlue);
  // Blue's view holds no Red unit on the board (the view held: a range-for over a member of the
  // temporary would read it after its end).
  const json blue_view = s->observe(kPartyBlue);
  for (const auto& u : blue_view["units"])
    if (u["party"] == "red") {
      EXPECT_NE(u["status"], "on_board") << u.dump();
    }
  for (int u = 0; u < s->num_units(); ++u)
    if (s->ps().situation().units[static_cast<size_t>(u)].party == kPartyBlue) {
      EXPECT_FALSE(s->visible_to(u, kPartyRed));  // nor Red's of Blue's
    }
  // Blue's determinizations: Red's units anywhere in Red's zone, loads with their carriers,
  // Blue's view unchanged; R-T1's true field is not given away.
  std::set<std::pair<int, int>> t1_fields;
  for (uint64_t seed = 1; seed <= 30; ++seed) {
    Rng rng(seed);
    auto d = s->determinize(kPartyBlue, rng);
    const auto& ds = dynamic_cast<const PlanspielState&>(*d);
    EXPECT_EQ(ds.observe(kPartyBlue), s->observe(kPartyBlue));
    for (int u = 0; u < ds.num_units(); ++u) {
      const SituationUnit& su = ds.ps().situation().units[static_cast<size_t>(u)];
      if (ds.unit(u).status != UnitStatus::kOnBoard) continue;
      if (su.party == kPartyRed) {
        EXPECT_LE(ds.field_of(u).x, 2) << su.id;
      } else {
        EXPECT_EQ(ds.field_of(u), s->field_of(u)) << su.id;  // Blue's own stay
      }
    }
    EXPECT_EQ(ds.field_of(ds.ps().unit_index("R-G1")), ds.field_of(a1));
    t1_fields.insert({ds.field_of(t1).x, ds.field_of(t1).y});
  }
  EXPECT_GT(t1_fields.size(), 3u);
  s->apply(Action(kFertig, {}));
  EXPECT_EQ(s->field_of(t1), (Field{0, 0}));
  EXPECT_EQ(s->field_of(a1), (Field{2, 15}));
  EXPECT_EQ(s->field_of(s->ps().unit_index("R-G1")), (Field{2, 15}));
}

// A set-up zone holding a wood (17..19, 12..14 on the PS-3 board): figures may set up in the
// forest, vehicles and towed weapons not (scenarios §1.5, G-04).
const std::string kWoodZone =
    testing::TestSituation{.id = "test-wood-zone",
                           .title = "Set-up zone with a wood",
                           .board = "ps-3",
                           .game_turns = 2,
                           .units = {{"R-I1", "red", "INF", "19,13"},
                                     {"R-P1",
                                      "red",
                                      "PAK75",
                                      "19,14",
                                      {{"tow", R"("R-Z1")"}, {"state", R"("unlimbered")"}}},
                                     {"R-Z1", "red", "ZGKW", "19,14", {{"tow_of", R"("R-P1")"}}},
                                     {"B-I1", "blue", "INF", "5,5"}},
                           .objective = "summit",
                           .objective_fields = {"12,12"},
                           .more = R"(
[[setup]]
party = "red"
from = "17,12"
to = "19,14"
provenance = { party = "stand-in", from = "stand-in", to = "stand-in" }
)"}
        .Toml();

TEST(PlanspielPs3SetUp, Scenarios_1_5_NoVehicleOrTowedWeaponInTheWood) {
  std::unique_ptr<Situation> sit;
  ASSERT_EQ(testing::LoadError("situation-test-wood-zone.toml", kWoodZone,
                               [&](const std::string& path) {
                                 sit = std::make_unique<Situation>(load_situation(
                                     path, shipped_unit_types(), shipped_planspiel_boards()));
                               }),
            "");
  const PlanspielGame game(*sit, find_planspiel_board("ps-3")->board, shipped_unit_types(),
                           shipped_fire_data());
  auto s = std::unique_ptr<PlanspielState>(
      dynamic_cast<PlanspielState*>(game.new_initial_state().release()));
  ASSERT_TRUE(s->setting_up());
  const auto why = [&](const std::string& text) { return s->why_illegal(Parsed(*s, text)); };
  EXPECT_EQ(why("place R-I1 17,13"), "");
  EXPECT_EQ(why("place R-P1 17,13"), "scenarios §1.5, G-04: a PAK75 cannot stand in 17,13");
  EXPECT_EQ(why("place R-Z1 18,14"), "scenarios §1.5, G-04: a ZGKW cannot stand in 18,14");
  EXPECT_EQ(why("place R-P1 19,12"), "");
}

// The loader: a unit's default field lies in its party's zone; a margin line names a bound.
TEST(PlanspielPs3SetUp, Scenarios_1_5_ZonesAndMarginLinesAreChecked) {
  const std::string text = [] {
    std::ifstream in(testing::DataDir() + "/situation-ps3.toml");
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
  }();
  EXPECT_NE(
      testing::BadSituation(text, "from = \"0,0\"\nto = \"2,15\"", "from = \"0,0\"\nto = \"1,15\"")
          .find("unit R-S1 stands outside its party's set-up zone (scenarios §1.5)"),
      std::string::npos);
  EXPECT_NE(testing::BadSituation(text, "{ margin = \"red\", min = 4 }", "{ margin = \"red\" }")
                .find("a 'margin' condition"),
            std::string::npos);
  EXPECT_NE(testing::BadSituation(text, "party = \"blue\"\nfrom", "party = \"red\"\nfrom")
                .find("a party has one set-up zone (scenarios §1.5)"),
            std::string::npos);
}

}  // namespace
}  // namespace feldherr::planspiel
