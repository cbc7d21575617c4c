// The Planspiel game state (games/planspiel/state.h) on PS-1 "Der Gutshof": turns and half-turns
// (PS §3.1), FERTIG and the end-of-half-turn checklist (PS §3.7, G-05), movement with
// reinforcements (PS §6, scenarios §1.6, G-07), direct fire with injected dice (PS §8), detection
// and camouflage as hidden information (PS §7.4-§7.6), field control and victory (G-01, S-1).
#include "games/planspiel/state.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>

#include "engine/registry.h"

namespace feldherr::planspiel {
namespace {

std::unique_ptr<PlanspielState> Start() {
  static const auto game = make_planspiel("ps-1");
  return std::unique_ptr<PlanspielState>(
      dynamic_cast<PlanspielState*>(game->new_initial_state().release()));
}

int U(const PlanspielState& s, const std::string& id) {
  const int u = s.ps().unit_index(id);
  EXPECT_GE(u, 0) << id;
  return u;
}

Action Parse(const PlanspielState& s, const std::string& text) {
  Action a;
  std::string error;
  if (!s.parse(text, a, error)) throw std::logic_error("cannot parse '" + text + "': " + error);
  return a;
}

// Applies each text; throws naming the text if it does not parse or is illegal. A counter-move
// window (PS §9.2) the script does not answer is passed: before a text that is not legal in it,
// and after the last text unless `open_windows`.
EventList Play(PlanspielState& s, std::initializer_list<std::string> texts,
               bool open_windows = false) {
  EventList events;
  const auto pass_windows = [&](const std::string* next) {
    while (s.step() == StepKind::kCounterMove &&
           (next == nullptr || !s.why_illegal(Parse(s, *next)).empty()))
      s.apply(Action(kPass, {}), &events);
  };
  for (const std::string& t : texts) {
    pass_windows(&t);
    const Action a = Parse(s, t);
    if (std::string why = s.why_illegal(a); !why.empty())
      throw std::logic_error("illegal '" + t + "': " + why);
    s.apply(a, &events);
  }
  if (!open_windows) pass_windows(nullptr);
  return events;
}

bool Legal(const PlanspielState& s, const std::string& text) {
  const Action a = Parse(s, text);
  const ActionList legal = s.legal_actions();
  const bool listed = std::find(legal.begin(), legal.end(), a) != legal.end();
  EXPECT_EQ(listed, s.why_illegal(a).empty()) << text << ": " << s.why_illegal(a);
  return listed;
}

bool Mentions(const EventList& events, const std::string& what) {
  for (const Event& e : events)
    if (e.text.find(what) != std::string::npos) return true;
  return false;
}

// ---------------------------------------------------------------- set-up (scenarios §3.4)

TEST(PlanspielState, S_1_SetUpAsListed) {
  auto s = Start();
  EXPECT_EQ(s->turn(), 1);
  EXPECT_EQ(s->active(), kPartyRed);  // first mover (scenarios §3.3)
  EXPECT_EQ(s->field_of(U(*s, "B-I1")), (Field{5, 3}));
  EXPECT_EQ(s->field_of(U(*s, "R-T1")), (Field{5, 9}));
  EXPECT_TRUE(s->unit(U(*s, "B-P1")).camouflaged);
  EXPECT_EQ(s->unit(U(*s, "B-I3")).status, UnitStatus::kWaiting);
  EXPECT_TRUE(s->ps().dug_in({4, 4}));
  EXPECT_TRUE(s->ps().dug_in({7, 4}));
  ASSERT_EQ(s->ps().objective_fields().size(), 2u);
  EXPECT_EQ(s->controller(0), kPartyBlue);
  EXPECT_EQ(s->controller(1), kPartyBlue);
  EXPECT_EQ(s->ps().seats(), (std::vector<std::string>{"red", "blue"}));
}

// ---------------------------------------------------------------- PS §3.1, §3.2, §3.7

TEST(PlanspielState, PS_3_1_TurnsAlternateHalfTurnsFirstMoverFirst) {
  auto s = Start();
  EXPECT_EQ(s->current_seat(), kPartyRed);
  Play(*s, {"fertig"});
  EXPECT_EQ(s->active(), kPartyBlue);
  EXPECT_EQ(s->turn(), 1);
  Play(*s, {"fertig"});
  EXPECT_EQ(s->active(), kPartyRed);
  EXPECT_EQ(s->turn(), 2);
  // FERTIG ends the party's own half-turn: not a window an interface may decline by itself.
  EXPECT_FALSE(s->decision().decline.has_value());
}

TEST(PlanspielState, PS_3_4_OneMoveAndOneFirePerHalfTurnFlagsClearedAtTheEnd) {
  auto s = Start();
  Play(*s, {"move R-I1 2,8"});
  EXPECT_TRUE(s->unit(U(*s, "R-I1")).has_moved);
  EXPECT_FALSE(Legal(*s, "move R-I1 2,7"));
  EXPECT_NE(s->why_illegal(Parse(*s, "move R-I1 2,7")).find("PS §3.4"), std::string::npos);
  Play(*s, {"fertig"});  // PS §3.7 item 4
  EXPECT_FALSE(s->unit(U(*s, "R-I1")).has_moved);
  EXPECT_EQ(s->unit(U(*s, "R-I1")).moved, 0);
}

TEST(PlanspielState, PS_3_1_OnlyTheActivePartyActs) {
  auto s = Start();
  const std::string why = s->why_illegal(Parse(*s, "move B-I2 8,4"));
  EXPECT_NE(why.find("PS §3.1"), std::string::npos) << why;
}

// G-05: a marker laid in Red's half-turn on a Blue unit lasts through Blue's half-turn and is
// removed at its end; the owner's own half-turn ends it.
TEST(PlanspielState, G_05_MarkersAreRemovedAtTheEndOfTheOwnersHalfTurn) {
  auto s = Start();
  const int b = U(*s, "B-I2");
  s->set_suppression_for_test(b, 4);
  Play(*s, {"fertig"});  // Red's half-turn ends: Blue's marker stays
  EXPECT_EQ(s->unit(b).suppression, 4);
  const EventList ev = Play(*s, {"fertig"});  // Blue's half-turn ends: removed
  EXPECT_EQ(s->unit(b).suppression, 0);
  EXPECT_TRUE(Mentions(ev, "suppression marker of B-I2 is removed"));
}

// PS §8.14: unarmoured troops at levels 3-4 cannot move; black (5-6) cannot move or fire.
TEST(PlanspielState, PS_8_14_SuppressedTroopsCannotMove) {
  auto s = Start();
  s->set_suppression_for_test(U(*s, "R-I1"), 3);
  EXPECT_FALSE(Legal(*s, "move R-I1 2,8"));
  EXPECT_NE(s->why_illegal(Parse(*s, "move R-I1 2,8")).find("PS §8.14"), std::string::npos);
  // Armoured troops at level 3-4 still move at terrain speed, not along the road.
  s->set_suppression_for_test(U(*s, "R-T1"), 4);
  EXPECT_TRUE(Legal(*s, "move R-T1 5,5"));
  EXPECT_FALSE(Legal(*s, "move R-T1 5,4"));  // 5 fields: road speed only
  s->set_suppression_for_test(U(*s, "R-T1"), 5);
  EXPECT_FALSE(Legal(*s, "move R-T1 5,8"));
}

// ---------------------------------------------------------------- movement (S-1, G-07, G-12)

TEST(PlanspielState, S_1_TankAlongTheRoadAndAcrossCountry) {
  auto s = Start();
  EXPECT_TRUE(Legal(*s, "move R-T1 5,4"));   // 5 road steps, allowance 8
  EXPECT_TRUE(Legal(*s, "move R-T1 4,5"));   // one open step: allowance 4
  EXPECT_FALSE(Legal(*s, "move R-T1 4,4"));  // open step, 5 fields
  EXPECT_FALSE(Legal(*s, "move R-T1 6,3"));  // built-up without road, never (G-04)
  EXPECT_FALSE(Legal(*s, "move R-T1 3,6"));  // Westholz, closed to the tank
  EXPECT_FALSE(Legal(*s, "move R-T1 8,6"));  // Ostholz
}

// G-07: the tank cannot enter (5,3) while it sees Blue there; an unseen Blue unit stops it in the
// field before.
TEST(PlanspielState, G_07_EnemyFieldClosedAndUnseenEnemyStopsTheMove) {
  auto s = Start();
  const int t = U(*s, "R-T1");
  EXPECT_FALSE(s->visible_to(U(*s, "B-I1"), kPartyRed));  // edge field, 1 LE (PS §7.4)
  const EventList ev = Play(*s, {"move R-T1 5,2"});
  EXPECT_EQ(s->field_of(t), (Field{5, 4}));
  EXPECT_TRUE(Mentions(ev, "had not detected and stops (G-07)"));
  // Now adjacent, R-T1 sees B-I1 in (5,3): the field is closed to ordinary movement.
  EXPECT_TRUE(s->visible_to(U(*s, "B-I1"), kPartyRed));
  auto s2 = Start();
  s2->place_for_test(U(*s2, "R-I2"), {5, 4});
  EXPECT_FALSE(Legal(*s2, "move R-I2 5,3"));
  EXPECT_NE(s2->why_illegal(Parse(*s2, "move R-I2 5,3")).find("G-07"), std::string::npos);
}

// PS §4.4: B-P1 without a tow is manhandled 1 LE, open and road fields only.
TEST(PlanspielState, PS_4_4_AtGunWithoutTowIsManhandledOneField) {
  auto s = Start();
  Play(*s, {"fertig"});
  EXPECT_TRUE(Legal(*s, "move B-P1 4,5"));
  EXPECT_FALSE(Legal(*s, "move B-P1 4,6"));  // 2 fields
  EXPECT_FALSE(Legal(*s, "move B-P1 3,5"));  // forest
  Play(*s, {"move B-P1 4,5"});
  EXPECT_FALSE(s->unit(U(*s, "B-P1")).camouflaged);  // PS §7.6: moving removes camouflage
}

// Scenarios §1.6, S-1: B-I3 enters at (5,0) on game turn 5 (the entry is its first step) and may
// continue to (5,1); not before.
TEST(PlanspielState, S_1_ReinforcementEntersOnTurnFive) {
  auto s = Start();
  Play(*s, {"fertig"});
  EXPECT_FALSE(Legal(*s, "move B-I3 5,0"));
  EXPECT_NE(s->why_illegal(Parse(*s, "move B-I3 5,0")).find("scenarios §1.6"), std::string::npos);
  s->set_turn_for_test(5);
  EXPECT_TRUE(Legal(*s, "move B-I3 5,0"));
  EXPECT_TRUE(Legal(*s, "move B-I3 5,1"));
  EXPECT_FALSE(Legal(*s, "move B-I3 5,2"));  // 3 fields with the entry step
  Play(*s, {"move B-I3 5,1"});
  EXPECT_EQ(s->unit(U(*s, "B-I3")).status, UnitStatus::kOnBoard);
  EXPECT_EQ(s->field_of(U(*s, "B-I3")), (Field{5, 1}));
  EXPECT_EQ(s->unit(U(*s, "B-I3")).moved, 2);
}

// ---------------------------------------------------------------- detection (PS §7.4-§7.6)

// S-1 edge detection: R-I1 in (3,5), not having fired, is detected by B-P1 at (4,4) (1 LE) but
// not by B-I1 at (5,3) (2 LE); after it fires, B-I1 detects it (4 LE after firing).
TEST(PlanspielState, S_1_EdgeDetectionBeforeAndAfterFiring) {
  auto s = Start();
  const int r = U(*s, "R-I1");
  s->place_for_test(r, {3, 5});
  EXPECT_EQ(s->detection_row(r), DetectionRow::kSmallAtEdgeNotFired);
  EXPECT_TRUE(s->visible_to(r, kPartyBlue));  // B-P1 adjacent
  s->place_for_test(U(*s, "B-P1"), {0, 0});   // only B-I1 and the rest remain
  EXPECT_FALSE(s->visible_to(r, kPartyBlue));
  s->place_for_test(U(*s, "B-P1"), {4, 4});
  // R-I1 sees the camouflaged AT gun at 1 LE (PS §7.6, G-61) and fires at it.
  EXPECT_TRUE(s->visible_to(U(*s, "B-P1"), kPartyRed));
  Play(*s, {"fire R-I1 4,4", "roll 1"});
  s->place_for_test(U(*s, "B-P1"), {0, 0});
  EXPECT_EQ(s->detection_row(r), DetectionRow::kSmallAtEdgeAfterFiring);
  EXPECT_TRUE(s->visible_to(r, kPartyBlue));  // B-I1 at 2 LE, within 4
  // It counts as having fired through Blue's following half-turn, then no longer.
  Play(*s, {"fertig"});
  EXPECT_TRUE(s->visible_to(r, kPartyBlue));
  Play(*s, {"fertig"});
  EXPECT_FALSE(s->visible_to(r, kPartyBlue));
}

// PS §7.5: a camouflaged AT gun that fires is found only on a 4+ roll by an enemy observer more
// than 1 LE away; S-1 counter-move values (here in Blue's own half-turn): light gun against
// light armour, 0 at 2 LE, a natural 6 knocks R-T1 out.
TEST(PlanspielState, PS_7_5_CamouflagedAtGunFiresAndIsFoundOnFourPlus) {
  auto s = Start();
  Play(*s, {"move R-T1 5,6", "fertig"});
  const int g = U(*s, "B-P1");
  EXPECT_TRUE(s->visible_to(U(*s, "R-T1"), kPartyBlue));  // large target, 4 LE
  EXPECT_FALSE(s->visible_to(g, kPartyRed));
  const EventList ev = Play(*s, {"fire B-P1 5,6", "roll 6"});
  EXPECT_EQ(s->unit(U(*s, "R-T1")).status, UnitStatus::kLost);
  EXPECT_EQ(s->losses(kPartyRed), 1);
  EXPECT_TRUE(Mentions(ev, "R-T1 is knocked out"));
  // Red rolls to find the gun (distance 2): a 3 fails, the gun stays unseen.
  EXPECT_EQ(s->current_seat(), kChance);
  Play(*s, {"roll 3"});
  EXPECT_FALSE(s->visible_to(g, kPartyRed));
  EXPECT_TRUE(s->unit(g).camouflaged);
  EXPECT_EQ(s->current_seat(), kPartyBlue);
}

TEST(PlanspielState, PS_7_5_DetectionRollOfFourFindsTheGun) {
  auto s = Start();
  Play(*s, {"move R-T1 5,6", "fertig", "fire B-P1 5,6", "roll 5"});
  EXPECT_EQ(s->unit(U(*s, "R-T1")).suppression, 5);  // level 5: black (S-1)
  Play(*s, {"pass", "roll 4"});  // Red forgoes self-smoke (PS §8.16), then Blue's detection roll
  const int g = U(*s, "B-P1");
  EXPECT_TRUE(s->unit(g).detected_marker);
  EXPECT_TRUE(s->visible_to(g, kPartyRed));
}

// ---------------------------------------------------------------- fire (PS §8)

TEST(PlanspielState, PS_8_1_DirectFireOnlyAtDetectedTargetsInRange) {
  auto s = Start();
  // R-H1 at (6,9) sees nothing of Blue: no fire is offered.
  EXPECT_TRUE(s->fire_targets(U(*s, "R-H1")).empty());
  const std::string why = s->why_illegal(Parse(*s, "fire R-H1 6,3"));
  EXPECT_NE(why.find("PS §8.1"), std::string::npos) << why;
  // G-51 and PS §8.4: at distance 1 the infantry fires; a detected unit 2 LE away is out of its
  // range.
  s->place_for_test(U(*s, "R-I2"), {7, 6});
  EXPECT_TRUE(s->visible_to(U(*s, "B-I2"), kPartyRed));  // (7,4) in the open, 2 LE
  const std::string far = s->why_illegal(Parse(*s, "fire R-I2 7,4"));
  EXPECT_NE(far.find("PS §8.4"), std::string::npos) << far;
}

// PS §8.8 #1 with PS §8.7: B-I2 dug in at (7,4): cover -1. HMG at 2 LE: natural 6 gives level 5
// (black), never a casualty roll (S-1 designer's note: fire alone cannot eliminate it).
TEST(PlanspielState, PS_8_8_CoverOfTheFieldPosition) {
  auto s = Start();
  s->place_for_test(U(*s, "R-H1"), {7, 6});
  ASSERT_TRUE(Legal(*s, "fire R-H1 7,4"));
  EXPECT_NE(s->annotate(Parse(*s, "fire R-H1 7,4")).en.find("B-I2"), std::string::npos);
  // The odds of the fire (GameModule::odds): dug in, net -1: natural 3 no effect, 4 red, 5 grey,
  // 6 black; no casualty roll.
  const nlohmann::json odds = all_games().find("planspiel")->odds(*s, Parse(*s, "fire R-H1 7,4"));
  ASSERT_TRUE(odds.is_object());
  double total = 0, black = 0, schwarz = 0;
  for (const auto& o : odds["outcomes"]) {
    total += o["p"].get<double>();
    if (o["text"] == "B-I2: black") black = o["p"].get<double>();
    if (o["text_de"] == "B-I2: schwarz") schwarz = o["p"].get<double>();  // the web in German
  }
  EXPECT_DOUBLE_EQ(total, 1.0);
  EXPECT_DOUBLE_EQ(black, 1.0 / 6.0);
  EXPECT_DOUBLE_EQ(schwarz, 1.0 / 6.0);
  EXPECT_EQ(odds["summary_de"], "B-I2: Wirkung 18/36 (PS §8.6-§8.12)");  // 4, 5, 6
  const EventList ev = Play(*s, {"fire R-H1 7,4", "roll 6"});
  EXPECT_EQ(s->unit(U(*s, "B-I2")).suppression, 5);
  EXPECT_EQ(s->current_seat(), kPartyRed);  // no second roll
  EXPECT_TRUE(Mentions(ev, "cover"));
  // PS §3.4: it fired and may not fire again; a figure base that fired may not move.
  EXPECT_FALSE(Legal(*s, "fire R-H1 7,4"));
  EXPECT_FALSE(Legal(*s, "move R-H1 7,7"));
}

// PS §8.12: in the open, a natural 6 at net 0 means a casualty roll: 4+ eliminates.
TEST(PlanspielState, PS_8_12_CasualtyRollInTheOpen) {
  auto s = Start();
  s->place_for_test(U(*s, "B-I2"), {7, 5});  // open, no position
  s->place_for_test(U(*s, "R-H1"), {7, 7});
  Play(*s, {"fire R-H1 7,5", "roll 6"});
  EXPECT_EQ(s->current_seat(), kChance);
  EXPECT_EQ(s->decision().prompt, "Casualty roll of B-I2 (PS §8.12)");
  Play(*s, {"roll 4"});
  EXPECT_EQ(s->unit(U(*s, "B-I2")).status, UnitStatus::kLost);
  EXPECT_EQ(s->losses(kPartyBlue), 1);
}

// PS §6.4: a combat vehicle may move at most combat speed (2) and fire.
TEST(PlanspielState, PS_6_4_CombatVehicleMovesAtCombatSpeedAndFires) {
  auto s = Start();
  s->place_for_test(U(*s, "B-I2"), {7, 6});  // open, seen by the tank at 2 LE after the move
  Play(*s, {"move R-T1 5,7"});
  EXPECT_TRUE(Legal(*s, "fire R-T1 7,6"));
  auto s2 = Start();
  s2->place_for_test(U(*s2, "B-I2"), {7, 5});
  Play(*s2, {"move R-T1 5,6"});  // 3 fields: more than combat speed
  EXPECT_FALSE(Legal(*s2, "fire R-T1 7,5"));
  EXPECT_NE(s2->why_illegal(Parse(*s2, "fire R-T1 7,5")).find("PS §6.4"), std::string::npos);
  // Fire first, then move at most 2.
  auto s3 = Start();
  s3->place_for_test(U(*s3, "B-I2"), {5, 7});
  Play(*s3, {"fire R-T1 5,7", "roll 1"});
  EXPECT_TRUE(Legal(*s3, "move R-T1 4,8"));
  EXPECT_FALSE(Legal(*s3, "move R-T1 3,6"));
}

// ---------------------------------------------------------------- close combat (PS §10, S-1)

// S-1: R-I1 and R-I2 attack B-I1 at (5,3) together from (5,4) and (6,4): Red +1 (one more
// base), Blue +1 (building), not netted. Blue loses: its flight fields are (4,2) and (5,2); the
// engine takes the one most directly away from the attack.
TEST(PlanspielState, S_1_CloseCombatSuperiorityAttackAndFlightFields) {
  auto s = Start();
  const int i1 = U(*s, "R-I1"), i2 = U(*s, "R-I2"), b1 = U(*s, "B-I1");
  s->place_for_test(i1, {5, 4});
  s->place_for_test(i2, {6, 4});
  EXPECT_EQ(s->attack_bonus(2), 1);
  EXPECT_EQ(s->defence_bonus({5, 3}, kPartyRed), 1);
  EXPECT_EQ(s->flight_fields(b1, {5, 3}, {{5, 4}, {6, 4}}),
            (std::vector<Field>{{4, 2}, {5, 2}}));  // the most opposite first
  // A third base from (4,3): no flight field is left.
  EXPECT_TRUE(s->flight_fields(b1, {5, 3}, {{5, 4}, {6, 4}, {4, 3}}).empty());
  ASSERT_TRUE(Legal(*s, "assault 5,3 R-I1 R-I2"));
  EXPECT_NE(s->annotate(Parse(*s, "assault 5,3 R-I1 R-I2")).en, "");
  // Attacker 4 + 1 = 5 against defender 3 + 1 = 4: Red wins; 5 on Blue (black), 4 on Red (grey).
  const EventList ev = Play(*s, {"assault 5,3 R-I1 R-I2", "roll 4", "roll 3"});
  EXPECT_TRUE(Mentions(ev, "the attacker wins"));
  EXPECT_EQ(s->field_of(b1), (Field{4, 2}));
  EXPECT_EQ(s->unit(b1).suppression, 5);
  EXPECT_EQ(s->field_of(i1), (Field{5, 3}));
  EXPECT_EQ(s->field_of(i2), (Field{5, 3}));
  EXPECT_EQ(s->unit(i1).suppression, 4);
  EXPECT_TRUE(s->unit(i1).has_moved && s->unit(i1).fired);
  Play(*s, {"fertig"});
  EXPECT_EQ(s->controller(0), kPartyRed);  // G-01
}

// PS §10.2: a tie is rolled again; G-33: a failed superiority attack costs one casualty roll at
// 6 or more, and the attackers fall back suppressed (G-35).
TEST(PlanspielState, PS_10_2_TieRolledAgainAndFailedAttack) {
  auto s = Start();
  s->place_for_test(U(*s, "R-I1"), {5, 4});
  s->place_for_test(U(*s, "R-I2"), {6, 4});
  const EventList tie = Play(*s, {"assault 5,3 R-I1 R-I2", "roll 3", "roll 3"});
  EXPECT_TRUE(Mentions(tie, "a tie"));
  EXPECT_EQ(s->current_seat(), kChance);
  Play(*s, {"roll 1", "roll 6"});  // 2 against 7: Blue wins, 7 on the attackers
  EXPECT_EQ(s->field_of(U(*s, "R-I1")), (Field{5, 4}));
  EXPECT_EQ(s->unit(U(*s, "R-I1")).suppression, 6);
  EXPECT_EQ(s->decision().prompt, "Casualty roll of R-I1 (PS §8.12)");
  Play(*s, {"roll 3"});
  EXPECT_EQ(s->current_seat(), kPartyRed);  // only one base rolled
  EXPECT_EQ(s->unit(U(*s, "R-I1")).status, UnitStatus::kOnBoard);
}

// S-1 weapon crew: B-H1 at (6,3) loses a close combat, must flee and is lost.
TEST(PlanspielState, S_1_WeaponCrewThatMustFleeIsLost) {
  auto s = Start();
  s->place_for_test(U(*s, "R-I3"), {7, 3});
  Play(*s, {"assault 6,3 R-I3", "roll 6", "roll 1"});  // 6 against 1 + 1
  EXPECT_EQ(s->unit(U(*s, "B-H1")).status, UnitStatus::kLost);
  EXPECT_EQ(s->losses(kPartyBlue), 1);
  EXPECT_EQ(s->field_of(U(*s, "R-I3")), (Field{6, 3}));
}

// PS §10.2: only figure bases attack, from the next field; the designer's odds (S-1 note): three
// bases against one in a building win 21/31, one against one 10/31.
TEST(PlanspielState, PS_10_2_WhoMayAttackAndTheOdds) {
  auto s = Start();
  s->place_for_test(U(*s, "R-H1"), {6, 4});
  EXPECT_NE(s->why_illegal(Parse(*s, "assault 6,3 R-H1")).find("PS §10.2"), std::string::npos);
  EXPECT_NE(s->why_illegal(Parse(*s, "assault 6,3 R-I1")).find("PS §10.1"), std::string::npos);
  s->place_for_test(U(*s, "R-I1"), {4, 3});
  s->place_for_test(U(*s, "R-I2"), {5, 4});
  s->place_for_test(U(*s, "R-I3"), {4, 2});
  EXPECT_DOUBLE_EQ(s->assault_win_chance(Parse(*s, "assault 5,3 R-I1 R-I2 R-I3")), 21.0 / 31.0);
  EXPECT_DOUBLE_EQ(s->assault_win_chance(Parse(*s, "assault 5,3 R-I1")), 10.0 / 31.0);
  EXPECT_EQ(s->annotate(Parse(*s, "assault 5,3 R-I1")).en, "+0 against +1: wins 10/31");
  // The order of the bases in the text does not matter.
  EXPECT_EQ(Parse(*s, "assault 5,3 R-I2 R-I1"), Parse(*s, "assault 5,3 R-I1 R-I2"));
}

// ---------------------------------------------------------------- counter-moves (PS §9.2, S-1)

// S-1 counter-move: R-T1 moves from (5,7) to (5,6): at 2 LE B-P1 (towed weapons need no position
// marker) fires a true counter-move at modifier 0; if R-T1 goes on to (5,5), B-P1 may fire again
// at +1 (a natural 5 knocks it out). The effect hits only the mover (G-22).
TEST(PlanspielState, S_1_TrueCounterMoveOfTheAtGun) {
  auto s = Start();
  const int t = U(*s, "R-T1"), g = U(*s, "B-P1");
  s->place_for_test(t, {5, 7});
  Play(*s, {"move R-T1 5,5"}, true);
  // (5,6): the window opens for Blue; B-P1 may fire.
  ASSERT_EQ(s->step(), StepKind::kCounterMove);
  EXPECT_EQ(s->current_seat(), kPartyBlue);
  EXPECT_EQ(s->field_of(t), (Field{5, 6}));
  EXPECT_TRUE(s->may_counter(g, nullptr));
  EXPECT_FALSE(s->may_counter(U(*s, "B-I2"), nullptr));  // infantry range 1
  EXPECT_EQ(s->decision().decline, Action(kPass, {}));
  Play(*s, {"fire B-P1 5,6", "roll 4"}, true);  // grey: armoured, it goes on
  EXPECT_EQ(s->unit(t).suppression, 4);
  Play(*s, {"roll 3"}, true);                    // Red's 4+ detection roll fails (2 LE)
  ASSERT_EQ(s->step(), StepKind::kCounterMove);  // the window again, B-P1 has countered
  EXPECT_FALSE(s->may_counter(g, nullptr));
  Play(*s, {"pass"}, true);
  // (5,5): distance 1, +1: a natural 5 knocks R-T1 out.
  EXPECT_EQ(s->field_of(t), (Field{5, 5}));
  ASSERT_TRUE(s->may_counter(g, nullptr));
  const EventList ev = Play(*s, {"fire B-P1 5,5", "roll 5"});
  EXPECT_EQ(s->unit(t).status, UnitStatus::kLost);
  EXPECT_TRUE(Mentions(ev, "+1 reduced range"));
  EXPECT_EQ(s->current_seat(), kPartyRed);
}

// PS §9.2: a withdrawal gives no counter-move; a combat vehicle needs a position marker, which it
// takes by not moving in its own half-turn.
TEST(PlanspielState, PS_9_2_WithdrawalAndPositionMarker) {
  auto s = Start();
  const int t = U(*s, "R-T1");
  s->place_for_test(t, {5, 5});
  Play(*s, {"move R-T1 5,6"}, true);  // away from B-P1 (4,4): 1 -> 2
  ASSERT_EQ(s->step(), StepKind::kCounterMove);
  Text why;
  EXPECT_FALSE(s->may_counter(U(*s, "B-P1"), &why));
  EXPECT_NE(why.en.find("withdrawal"), std::string::npos) << why.en;
  EXPECT_EQ(why.de, "PS §9.2: ein Absetzen gibt keinen Feuergegenzug");
  Play(*s, {"pass"});
  // R-T1 moved: no position marker at the end of Red's half-turn; without moving it takes one.
  Play(*s, {"fertig"});
  EXPECT_FALSE(s->unit(t).position_marker);
  Play(*s, {"fertig", "fertig"});
  EXPECT_TRUE(s->unit(t).position_marker);
}

// ---------------------------------------------------------------- hidden information

TEST(PlanspielState, PS_7_5_UnseenUnitsAreNotShownAndAreResampled) {
  auto s = Start();
  const nlohmann::json blue = s->observe(kPartyBlue);
  for (const auto& u : blue["units"])
    EXPECT_NE(u["party"], "red") << "Blue sees no Red unit at the start: " << u.dump();
  Rng rng(5);
  bool moved = false;
  for (int k = 0; k < 5; ++k) {
    auto d = s->determinize(kPartyBlue, rng);
    EXPECT_EQ(d->observe(kPartyBlue), blue);
    const auto& ds = dynamic_cast<const PlanspielState&>(*d);
    for (int u = 0; u < s->num_units(); ++u) moved = moved || ds.field_of(u) != s->field_of(u);
    for (int u = 0; u < s->num_units(); ++u) {
      if (s->ps().situation().units[static_cast<size_t>(u)].party == kPartyBlue) {
        EXPECT_EQ(ds.field_of(u), s->field_of(u));  // Blue's own units stay
      }
    }
  }
  EXPECT_TRUE(moved);
  // Red's move of an unseen unit reads "(hidden)" to Blue and the observer.
  const Action a = Parse(*s, "move R-I1 2,8");
  EXPECT_EQ(s->describe_for(a, kPartyBlue), "move (hidden) (hidden)");
  EXPECT_EQ(s->describe_for(Parse(*s, "move R-T1 5,5"), kPartyBlue), "move (hidden) (hidden)");
  EXPECT_EQ(s->describe_for(a, kObserver), "move (hidden) (hidden)");
  EXPECT_EQ(s->describe_for(a, kPartyRed), "move R-I1 2,8");
  EXPECT_NE(s->render_text(kPartyBlue).find("B-P1"), std::string::npos);
  EXPECT_EQ(s->render_text(kPartyRed).find("B-P1"), std::string::npos);
}

TEST(PlanspielState, TextFormsRoundTrip) {
  auto s = Start();
  for (const Action& a : s->legal_actions()) {
    Action b;
    std::string error;
    ASSERT_TRUE(s->parse(s->describe(a), b, error)) << error;
    EXPECT_EQ(a, b);
  }
  Action a;
  std::string error;
  EXPECT_FALSE(s->parse("move X-9 1,1", a, error));
  EXPECT_FALSE(s->parse("move R-I1 40,1", a, error));
}

TEST(PlanspielState, JsonRoundTripKeepsTheProcedure) {
  auto s = Start();
  s->place_for_test(U(*s, "R-H1"), {7, 6});
  Play(*s, {"fire R-H1 7,4"});
  const auto back = s->game().state_from_json(s->to_json());
  EXPECT_EQ(back->hash(), s->hash());
  EXPECT_EQ(back->current_seat(), kChance);
}

// ---------------------------------------------------------------- control and victory (S-1)

void PlayToTheEnd(PlanspielState& s) {
  while (!s.is_terminal()) Play(s, {"fertig"});
}

TEST(PlanspielState, S_1_VictoryOutcomeList) {
  // Farm split, losses(Red) 2 < losses(Blue) 3: Red victory; with 3 and 3: draw.
  auto s = Start();
  s->set_turn_for_test(12);
  s->set_control_for_test(0, kPartyRed);
  s->set_losses_for_test(kPartyRed, 2);
  s->set_losses_for_test(kPartyBlue, 3);
  // Red holds (5,3) only on paper: B-I1 stands there and G-01 keeps Blue's control only when
  // exactly one party is present; move B-I1 away so that the control stays Red's.
  s->place_for_test(U(*s, "B-I1"), {6, 2});
  PlayToTheEnd(*s);
  EXPECT_EQ(s->result().summary, "red wins");
  EXPECT_NE(s->result().reason.find("fewer"), std::string::npos) << s->result().reason;

  auto d = Start();
  d->set_turn_for_test(12);
  d->set_control_for_test(0, kPartyRed);
  d->set_losses_for_test(kPartyRed, 3);
  d->set_losses_for_test(kPartyBlue, 3);
  d->place_for_test(U(*d, "B-I1"), {6, 2});
  PlayToTheEnd(*d);
  EXPECT_EQ(d->result().summary, "draw");

  auto b = Start();
  b->set_turn_for_test(12);
  PlayToTheEnd(*b);  // Blue holds both Gutshof fields
  EXPECT_EQ(b->result().summary, "blue wins");
  EXPECT_EQ(b->result().returns, (std::vector<double>{-1.0, 1.0}));
}

// G-01: a field changes control at the end of a half-turn when exactly one party's qualifying
// unit stands in it.
TEST(PlanspielState, G_01_FieldControlAtTheEndOfAHalfTurn) {
  auto s = Start();
  s->place_for_test(U(*s, "B-I1"), {4, 2});
  s->place_for_test(U(*s, "R-I2"), {5, 4});
  Play(*s, {"move R-I2 5,3"});
  EXPECT_EQ(s->controller(0), kPartyBlue);  // not before the end of the half-turn
  const EventList ev = Play(*s, {"fertig"});
  EXPECT_EQ(s->controller(0), kPartyRed);
  EXPECT_TRUE(Mentions(ev, "Red takes control of 5,3"));
}

// Scenarios §1.7: a party with no combat element on the board and none to arrive loses at once,
// at the end of the half-turn.
TEST(PlanspielState, S_1_AnnihilationEndsTheGame) {
  auto s = Start();
  for (const char* id : {"R-I2", "R-I3", "R-H1", "R-T1"}) s->remove_for_test(U(*s, id));
  s->place_for_test(U(*s, "R-I1"), {6, 5});
  s->place_for_test(U(*s, "B-I2"), {6, 4});
  Play(*s, {"fertig"});
  Play(*s, {"fire B-I2 6,5", "roll 6", "roll 6"});
  EXPECT_EQ(s->unit(U(*s, "R-I1")).status, UnitStatus::kLost);
  EXPECT_FALSE(s->is_terminal());
  Play(*s, {"fertig"});
  ASSERT_TRUE(s->is_terminal());
  EXPECT_EQ(s->result().summary, "blue wins");
  EXPECT_NE(s->result().reason.find("no combat element"), std::string::npos);
}

TEST(PlanspielState, RegisteredWithItsSituation) {
  const GameModule* m = all_games().find("planspiel");
  ASSERT_NE(m, nullptr);
  ASSERT_FALSE(m->scenarios.empty());
  EXPECT_EQ(m->scenarios[0].id, "ps-1");
  auto g = all_games().create("planspiel/ps-1", {});
  EXPECT_EQ(g->id(), "planspiel");
  ASSERT_TRUE(m->make_heuristic);
  auto p = m->make_heuristic(0, 1);
  auto st = g->new_initial_state();
  Rng rng(1);
  int actions = 0;
  while (!st->is_terminal() && actions < 5000) {
    Action a = st->current_seat() == kChance ? st->sample_chance(rng) : p->choose(*st);
    st->apply(a);
    ++actions;
  }
  EXPECT_TRUE(st->is_terminal());
}

}  // namespace
}  // namespace feldherr::planspiel
