// WSR 10.0 fate points ([Rec] A-28) played through the state (games/wsr/fate.cc): a roll or a
// draw is held in a fate window while a seat could spend points on it; the seat not concerned by
// the roll decides first and the concerned ("defending") seat last.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "engine/view.h"
#include "tests/wsr_rules/wsr_rules_util.h"

namespace feldherr::wsr::testing {
namespace {

// Easy Eight (US) 4 hexes from a Panther in woods (as T-6.1-1), fate points per seat.
Pos FatePosition(int us_fate, int de_fate) {
  GameSetup s =
      MakeSetup({{"us.cca", 0, 1}, {"de.beck", 1, 1}},
                {U("us.hq-cca", "A-L02", "us.cca"), U("us.m4a3e8", "A-K01", "us.cca"),
                 U("de.hq-beck", "A-S10", "de.beck"), U("de.panther", "A-G01", "de.beck")});
  s.fate_points = {us_fate, de_fate};
  return Pos(std::move(s));
}

// Plays the draw of CCA (passing every fate window) up to its operations decision; the command
// and reorganization rolls show 1 1.
void ActivateCca(Pos& p) {
  p.act("draw us.cca");
  while (p.state->decision().kind != "operations") {
    if (p.state->decision().kind == "fate")
      p.act("no-fate");
    else
      p.act("roll 1 1");
  }
}

TEST(WsrFate, WSR_10_0_NoPointsNoWindow) {
  Pos p = FatePosition(0, 0);
  p.act("draw us.cca");
  EXPECT_NE(p.state->decision().kind, "fate");
}

TEST(WsrFate, WSR_10_0_DefenderDecidesLastAndRaisesADefenceDie) {
  Pos p = FatePosition(1, 1);
  ActivateCca(p);
  const int panther = p.unit("de.panther");
  p.act("fire us.m4a3e8 de.panther");
  p.act("roll 6 4 3");  // 2 hits (to-hit 4): held
  ASSERT_EQ(p.state->decision().kind, "fate");
  // The window says which roll it holds and what that roll decides.
  EXPECT_THAT(p.state->decision().prompt,
              ::testing::HasSubstr("their own roll 6 4 3 for the attack of M4A3E8 \"Easy Eight\" "
                                   "firing at Panther (WSR 6.1)"));
  EXPECT_THAT(p.state->decision().prompt_de,
              ::testing::HasSubstr("ihr eigener Wurf 6 4 3 für: Angriff, M4A3E8 \"Easy Eight\" "
                                   "feuert auf Panther (WSR 6.1)"));
  // The attack roll concerns the Panther's side: the US (not concerned) decides first.
  EXPECT_EQ(p.state->current_seat(), 0);
  p.act("fate raise 3");  // US: 6 4 3 -> 6 4 4, 3 hits
  EXPECT_EQ(p.s().fate_points[0], 0);
  EXPECT_EQ(p.state->current_seat(), 1);  // the defender may answer
  p.act("fate lower 4");                  // DE: 6 4 4 -> 6 4 3, back to 2 hits
  EXPECT_EQ(p.s().fate_points[1], 0);
  // Nobody has points left: the roll takes effect (2 hits), the defence roll follows.
  EXPECT_EQ(p.state->decision().kind, "roll");
  EXPECT_EQ(p.s().fire_dice_count(), 4);
  p.act("roll 3 2 4 6");  // 1 hit cancelled: disrupted
  EXPECT_TRUE(p.s().has(panther, kDisrupted));
  EXPECT_FALSE(p.s().has(panther, kReduced));
  EXPECT_TRUE(p.logged("WSR 10.0"));
}

// The window says whose roll it holds (Decision::roll_seat), to both seats alike: the firer's
// attack dice, the target owner's defence dice (6.1), the formation owner's command test (4.2).
// A client may so decline the windows on the other side's rolls only.
TEST(WsrFate, WSR_10_0_TheWindowSaysWhoseRollItHolds) {
  // The M4A3E8 9 hexes from its HQ tests for command (4.2) when CCA is drawn.
  GameSetup s =
      MakeSetup({{"us.cca", 0, 1}, {"de.beck", 1, 1}},
                {U("us.hq-cca", "A-A01", "us.cca"), U("us.m4a3e8", "A-K01", "us.cca"),
                 U("de.hq-beck", "A-S10", "de.beck"), U("de.panther", "A-G01", "de.beck")});
  s.fate_points = {1, 1};
  Pos p(std::move(s));
  p.act("draw us.cca");  // no window: nobody can pay 2 to return the marker
  p.act("roll 1 2");     // the command test of CCA
  ASSERT_EQ(p.state->decision().kind, "fate");
  EXPECT_EQ(p.state->current_seat(), 1);        // the German, not concerned, first
  EXPECT_EQ(p.state->decision().roll_seat, 0);  // the US formation's test
  EXPECT_THAT(p.state->decision().prompt,
              ::testing::HasSubstr("the roll 1 2 by the Americans for the command test"));
  EXPECT_THAT(p.state->decision().prompt_de,
              ::testing::HasSubstr("der Wurf 1 2 der Amerikaner für: Befehlstest"));
  p.act("no-fate");
  ASSERT_EQ(p.state->current_seat(), 0);
  EXPECT_EQ(p.state->decision().roll_seat, 0);
  EXPECT_THAT(p.state->decision().prompt,
              ::testing::HasSubstr("their own roll 1 2 for the command test"));
  EXPECT_THAT(p.state->decision().prompt_de,
              ::testing::HasSubstr("ihr eigener Wurf 1 2 für: Befehlstest"));
  p.act("no-fate");
  while (p.state->decision().kind != "operations") {
    if (p.state->decision().kind == "fate")
      p.act("no-fate");
    else
      p.act("roll 1 1");
  }
  p.act("fire us.m4a3e8 de.panther");
  p.act("roll 6 4 3");  // the US attack dice: 2 hits
  ASSERT_EQ(p.state->decision().kind, "fate");
  EXPECT_EQ(p.state->decision().roll_seat, 0);
  p.act("no-fate");  // US
  ASSERT_EQ(p.state->current_seat(), 1);
  EXPECT_EQ(p.state->decision().roll_seat, 0);  // DE answers on the US roll
  p.act("no-fate");
  p.act("roll 3 2 4 6");  // the Panther's defence dice, rolled by its owner
  ASSERT_EQ(p.state->decision().kind, "fate");
  EXPECT_EQ(p.state->decision().roll_seat, 1);
  // Sent as the seat's name to every viewer; absent outside a fate window.
  for (int viewer : {0, 1, kObserver})
    EXPECT_EQ(decision_json(p.state->game(), view_of(*p.state, viewer))["roll_seat"], "de");
  p.act("no-fate");
  p.act("no-fate");
  EXPECT_NE(p.state->decision().kind, "fate");
  EXPECT_EQ(p.state->decision().roll_seat, kNobody);
  EXPECT_FALSE(decision_json(p.state->game(), view_of(*p.state, 0)).contains("roll_seat"));
}

// The log line of a held roll says what was rolled, by whom and for what, in the words of the
// window's prompt, in both languages.
TEST(WsrFate, WSR_10_0_TheLogSaysWhatTheHeldRollIsFor) {
  Pos p = FatePosition(1, 1);
  ActivateCca(p);
  p.events.clear();
  p.act("fire us.m4a3e8 de.panther");
  p.act("roll 6 4 3");
  ASSERT_EQ(p.state->decision().kind, "fate");
  const Event* held = nullptr;
  for (const Event& e : p.events)
    if (e.rule == "WSR 10.0") held = &e;
  ASSERT_NE(held, nullptr);
  EXPECT_EQ(held->text,
            "The roll 6 4 3 by the Americans for the attack of M4A3E8 \"Easy Eight\" firing at "
            "Panther (WSR 6.1) -- fate points may change it before it takes effect.");
  EXPECT_EQ(held->text_de,
            "Der Wurf 6 4 3 der Amerikaner für: Angriff, M4A3E8 \"Easy Eight\" feuert auf "
            "Panther (WSR 6.1) -- Schicksalspunkte können ihn noch ändern, bevor er wirkt.");
}

TEST(WsrFate, WSR_10_0_A_28_RerollWholeRollThenOtherSeatAnswersFirst) {
  Pos p = FatePosition(2, 1);
  ActivateCca(p);
  p.act("fire us.m4a3e8 de.panther");
  p.act("roll 2 2 1");  // no hit
  ASSERT_EQ(p.state->current_seat(), 0);
  p.act("fate reroll");  // the complete roll again
  EXPECT_EQ(p.s().fate_points[0], 1);
  EXPECT_EQ(p.state->current_seat(), kChance);
  EXPECT_EQ(p.s().fire_dice_count(), 3);
  p.act("roll 6 6 5");
  // After a re-roll by the US, the German answers first.
  ASSERT_EQ(p.state->decision().kind, "fate");
  EXPECT_EQ(p.state->current_seat(), 1);
  p.act("fate reroll");
  p.act("roll 1 1 1");
  EXPECT_EQ(p.state->current_seat(), 0);              // the US, with 1 point, may answer again
  p.act("no-fate");                                   // DE has no point left: the roll stands
  EXPECT_EQ(p.state->decision().kind, "operations");  // no hit: no defence roll
}

TEST(WsrFate, WSR_10_0_PassingByBothSeatsLetsTheRollStand) {
  Pos p = FatePosition(1, 1);
  ActivateCca(p);
  p.act("fire us.m4a3e8 de.panther");
  p.act("roll 6 6 6");
  p.act("no-fate");  // US
  ASSERT_EQ(p.state->current_seat(), 1);
  EXPECT_FALSE(p.legal("fate redraw"));  // only a just-drawn marker goes back
  EXPECT_NE(p.why("fate raise 5").find("no die shows 5"), std::string::npos);
  EXPECT_NE(p.why("fate raise 6").find("A-28"), std::string::npos);  // 1-6
  p.act("no-fate");                                                  // DE
  EXPECT_EQ(p.s().fire_dice_count(), 4);                             // the defence roll of 3 hits
  EXPECT_EQ(p.s().fate_points[0], 1);
  EXPECT_EQ(p.s().fate_points[1], 1);
}

TEST(WsrFate, WSR_10_0_ReturnAJustDrawnMarkerCostsTwo) {
  Pos p = FatePosition(0, 2);
  p.act("draw us.cca");
  ASSERT_EQ(p.state->decision().kind, "fate");
  EXPECT_EQ(p.state->current_seat(), 1);
  EXPECT_FALSE(p.legal("fate reroll"));  // a draw is not a die roll
  p.act("fate redraw");
  EXPECT_EQ(p.s().fate_points[1], 0);
  EXPECT_EQ(p.state->current_seat(), kChance);
  EXPECT_EQ(p.s().cup[0], 1);  // the CCA marker is back in the cup
  p.act("draw de.beck");
  EXPECT_NE(p.state->decision().kind, "fate");  // nobody can pay 2 any more
  EXPECT_EQ(p.s().active_formation(), 1);
}

TEST(WsrFate, WSR_10_0_OnePointPutsAHexInCommandAfterTheRoll) {
  // The M4A3E8 stands 9 hexes from its HQ: it tests (WSR 4.2) with morale 7.
  GameSetup s =
      MakeSetup({{"us.cca", 0, 1}, {"de.beck", 1, 1}},
                {U("us.hq-cca", "A-A01", "us.cca"), U("us.m4a3e8", "A-K01", "us.cca"),
                 U("de.hq-beck", "A-S10", "de.beck"), U("de.panther", "A-S11", "de.beck")});
  s.fate_points = {1, 0};
  Pos p(std::move(s));
  p.act("draw us.cca");  // no window: returning a marker costs 2
  ASSERT_EQ(p.state->decision().kind, "roll");
  p.act("roll 5 6");  // 11 > 7: would fail
  ASSERT_EQ(p.state->decision().kind, "fate");
  EXPECT_EQ(p.state->current_seat(), 0);
  p.act("fate command");
  EXPECT_EQ(p.s().fate_points[0], 0);
  EXPECT_FALSE(p.s().has(p.unit("us.m4a3e8"), kOutOfCommand));
  EXPECT_TRUE(p.logged("WSR 4.2"));
}

TEST(WsrFate, WSR_10_0_FateCommandOnlyForTheOwnerOfAFailedTest) {
  GameSetup s =
      MakeSetup({{"us.cca", 0, 1}, {"de.beck", 1, 1}},
                {U("us.hq-cca", "A-A01", "us.cca"), U("us.m4a3e8", "A-K01", "us.cca"),
                 U("de.hq-beck", "A-S10", "de.beck"), U("de.panther", "A-S11", "de.beck")});
  s.fate_points = {1, 1};
  Pos p(std::move(s));
  p.act("draw us.cca");
  p.act("roll 1 2");                      // passes
  ASSERT_EQ(p.state->current_seat(), 1);  // the German is not concerned: first
  EXPECT_FALSE(p.legal("fate command"));
  p.act("no-fate");
  EXPECT_FALSE(p.legal("fate command"));  // the roll passes: nothing to buy
}

TEST(WsrFate, WSR_10_0_RemoveOpsCompleteCostsTwo) {
  Pos p = FatePosition(2, 0);
  ActivateCca(p);
  p.act("fire us.m4a3e8 de.panther");
  p.act("roll 1 1 1");
  p.act("no-fate");
  const int e8 = p.unit("us.m4a3e8");
  ASSERT_TRUE(p.s().has(e8, kOpsComplete));
  ASSERT_FALSE(p.legal("fire us.m4a3e8 de.panther"));
  p.act("fate ops us.m4a3e8");
  EXPECT_FALSE(p.s().has(e8, kOpsComplete));
  EXPECT_EQ(p.s().fate_points[0], 0);
  EXPECT_TRUE(p.legal("fire us.m4a3e8 de.panther"));
  EXPECT_NE(p.why("fate ops us.m4a3e8").find("2 fate points"), std::string::npos);
}

TEST(WsrFate, WSR_10_0_TheOddHitPickMayBeRerolled) {
  // T-6.1-2's mortar attack: one net hit on a hex with a Tiger and an infantry platoon; the odd
  // hit falls at random (a die in the book, R.3), which fate may re-roll but not raise/lower.
  GameSetup s =
      MakeSetup({{"us.cca", 0, 1}, {"de.beck", 1, 1}},
                {U("us.hq-cca", "A-L02", "us.cca"), U("us.81mm-mortar", "A-H01", "us.cca"),
                 U("de.hq-beck", "A-S10", "de.beck"), U("de.tiger-i", "A-R01", "de.beck"),
                 U("de.infantry", "A-R01", "de.beck")});
  s.fate_points = {0, 1};
  Pos p(std::move(s));
  ActivateCca(p);
  p.act("fire us.81mm-mortar A-R01");
  p.act("roll 4 6");  // 1 hit
  p.act("no-fate");   // DE keeps its point for the odd hit
  p.act("roll 4");    // nothing cancelled
  p.act("no-fate");
  ASSERT_EQ(p.state->decision().kind, "odd-hit");
  p.act("odd-hit de.infantry");
  ASSERT_EQ(p.state->decision().kind, "fate");
  EXPECT_EQ(p.state->current_seat(), 1);
  EXPECT_EQ(p.state->decision().roll_seat, 1);  // the defender rolls the odd hit (6.1 example)
  EXPECT_THAT(
      p.state->decision().prompt,
      ::testing::HasSubstr("the odd hit of the mortar fire (WSR 6.1) on Infantry, their own roll"));
  EXPECT_NE(p.why("fate raise 1").find("no die face"), std::string::npos);
  p.act("fate reroll");
  EXPECT_EQ(p.state->decision().kind, "odd-hit");
  p.act("odd-hit de.tiger-i");
  EXPECT_TRUE(p.s().has(p.unit("de.tiger-i"), kDisrupted));
  EXPECT_FALSE(p.s().has(p.unit("de.infantry"), kDisrupted));
}

TEST(WsrFate, FateWindowKeepsTheStateContract) {
  Pos p = FatePosition(1, 1);
  ActivateCca(p);
  p.act("fire us.m4a3e8 de.panther");
  p.act("roll 6 4 3");
  ASSERT_EQ(p.state->decision().kind, "fate");
  ActionList legal;
  p.state->legal_actions(legal);
  for (const Action& a : legal) {
    Action back;
    std::string err;
    ASSERT_TRUE(p.state->parse(p.state->describe(a), back, err)) << err;
    EXPECT_EQ(back, a) << p.state->describe(a);
  }
  auto copy = p.game->state_from_json(p.state->to_json());
  EXPECT_EQ(copy->hash(), p.state->hash());
  auto raised = p.state->clone();
  raised->apply(p.parse("fate raise 3"));
  EXPECT_NE(raised->hash(), p.state->hash());
}

}  // namespace
}  // namespace feldherr::wsr::testing
