// WSR 9.0 chaos ([Rec] A-35; the chaos table data/wsr/chaos.toml is a stand-in, gap G-2) played
// through the state (games/wsr/chaos.cc) with injected draws and rolls: a chaos marker is drawn
// by count, a 2d6 roll reads the table, a result for "the formation whose marker is drawn next"
// waits for that draw and applies right after its 4.1 cleanup; if the turn ends first it is
// ignored and the marker goes back into the cup; an undrawn marker stays in the cup.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "engine/errors.h"
#include "games/wsr/scenario_game.h"
#include "tests/wsr_rules/wsr_rules_util.h"

namespace feldherr::wsr::testing {
namespace {

using ::testing::HasSubstr;

// Easy Eight and an M4A1 (US, CCA) 4 hexes from a Panther in woods, both HQs in range;
// `chaos` markers join the cup in turn 1, `chaos2` in turn 2.
GameSetup ChaosSetup(int chaos, int chaos2 = 0, bool panther_disrupted = false) {
  GameSetup s = MakeSetup({{"us.cca", 0, 1}, {"de.beck", 1, 1}},
                          {U("us.hq-cca", "A-L02", "us.cca"), U("us.m4a3e8", "A-K01", "us.cca"),
                           U("us.m4a1", "A-K02", "us.cca"), U("de.hq-beck", "A-G02", "de.beck"),
                           U("de.panther", "A-G01", "de.beck", panther_disrupted)});
  if (chaos > 0) s.chaos.push_back({1, chaos});
  if (chaos2 > 0) s.chaos.push_back({2, chaos2});
  return s;
}

// Rolls "1 1" (command passes, reorganization succeeds) until `kind` is decided.
void RollUntil(Pos& p, const std::string& kind) {
  for (int k = 0; k < 20 && p.state->decision().kind != kind; ++k) {
    if (p.state->decision().kind == "fate")
      p.act("no-fate");
    else
      p.act("roll 1 1");
  }
  ASSERT_EQ(p.state->decision().kind, kind);
}

TEST(WsrChaos, WSR_9_0_ChaosMarkerIsDrawnWithProbabilityByCount) {
  Pos p(ChaosSetup(2));
  EXPECT_EQ(p.s().chaos_cup, 2);
  double chaos = 0, total = 0;
  for (const ChanceOutcome& o : p.state->chance_outcomes()) {
    total += o.probability;
    if (o.action == Action(kDraw, {kChaosMarker})) chaos = o.probability;
  }
  EXPECT_DOUBLE_EQ(chaos, 2.0 / 6);  // 2 formation + 2 end-turn + 2 chaos markers
  EXPECT_DOUBLE_EQ(total, 1.0);
  EXPECT_EQ(p.state->describe(Action(kDraw, {kChaosMarker})), "draw chaos");
  EXPECT_EQ(p.parse("draw chaos"), Action(kDraw, {kChaosMarker}));
  p.act("draw chaos");
  EXPECT_EQ(p.s().chaos_cup, 1);
  EXPECT_EQ(p.state->decision().kind, "roll");
  EXPECT_EQ(p.state->current_seat(), kChance);
  EXPECT_EQ(p.state->chance_outcomes().size(), 21u);  // 2d6, unordered
  EXPECT_TRUE(p.logged("WSR 9.0"));
}

// Roll 10 "Extra ammunition" (firepower +1): stored, then every attack of the next formation
// drawn rolls one die more in its impulse; spent at the next draw.
TEST(WsrChaos, WSR_9_0_DrawnRollAppliesToTheNextFormationDrawn_Firepower) {
  Pos p(ChaosSetup(1));
  p.act("draw chaos");
  p.act("roll 4 6");
  EXPECT_EQ(p.s().n_chaos, 1);
  EXPECT_EQ(p.s().chaos_f, -1);  // waiting for the next formation draw
  EXPECT_EQ(p.s().chaos_cup, 0);
  EXPECT_EQ(p.state->decision().kind, "draw");
  p.act("draw us.cca");
  EXPECT_EQ(p.s().chaos_f, p.game->formation_index("us.cca"));
  RollUntil(p, "operations");
  p.act("fire us.m4a3e8 de.panther");
  EXPECT_EQ(p.s().fire_dice_count(), 4);  // 3 without chaos (fate_test)
  p.act("roll 1 1 1 1");                  // no hit: no defence roll
  RollUntil(p, "operations");
  p.act("end-impulse");
  p.act("draw de.beck");  // the result is used up: removed from play
  EXPECT_EQ(p.s().n_chaos, 0);
  EXPECT_EQ(p.s().chaos_f, -1);
  EXPECT_EQ(p.s().chaos_cup, 0);
}

// Roll 4 "Ammunition short": one die fewer, never below one die.
TEST(WsrChaos, WSR_9_0_FirepowerMinusOneNeverBelowOneDie) {
  Pos p(ChaosSetup(1));
  p.acts({"draw chaos", "roll 1 3", "draw us.cca"});
  RollUntil(p, "operations");
  const int e8 = p.unit("us.m4a3e8");
  EXPECT_EQ(p.s().chaos_dice(e8, 3), -1);
  EXPECT_EQ(p.s().chaos_dice(e8, 1), 0);                    // at least 1 die
  EXPECT_EQ(p.s().chaos_dice(p.unit("de.panther"), 3), 0);  // not the affected formation
  p.act("fire us.m4a3e8 de.panther");
  EXPECT_EQ(p.s().fire_dice_count(), 2);
}

// WSR 9.0: the turn ends before another formation marker is drawn: the result is ignored and
// the marker goes back into the cup; A-35: it stays there into the next turn, and the
// scenario's markers of turn 2 join it.
TEST(WsrChaos, WSR_9_0_TurnEndsFirst_ResultIgnoredMarkerBackInTheCup) {
  Pos p(ChaosSetup(1, 1));
  p.acts({"draw chaos", "roll 4 6"});
  EXPECT_EQ(p.s().n_chaos, 1);
  p.acts({"draw end-turn", "draw end-turn"});
  EXPECT_EQ(p.s().turn, 2);
  EXPECT_EQ(p.s().n_chaos, 0);
  EXPECT_EQ(p.s().chaos_cup, 2);  // the returned marker + the turn-2 marker
  EXPECT_TRUE(p.logged("WSR 9.0"));
  // The returned result had no effect: CCA fires with its normal 3 dice in turn 2.
  p.act("draw us.cca");
  RollUntil(p, "operations");
  p.act("fire us.m4a3e8 de.panther");
  EXPECT_EQ(p.s().fire_dice_count(), 3);
}

// a chaos marker not drawn in its turn stays in the cup into the next turn.
TEST(WsrChaos, WSR_9_0_A_35_UndrawnMarkerStaysInTheCup) {
  Pos p(ChaosSetup(1));
  p.acts({"draw end-turn", "draw end-turn"});
  EXPECT_EQ(p.s().turn, 2);
  EXPECT_EQ(p.s().chaos_cup, 1);
}

// Results for both sides apply at once and remove the marker (roll 11, "Luck": both sides gain
// 1 fate point; the table's former "drawing side" has no meaning in WSR, 3.1).
TEST(WsrChaos, WSR_9_0_ResultForBothSidesAppliesAtOnce_Fate) {
  Pos p(ChaosSetup(1));
  p.acts({"draw chaos", "roll 5 6"});
  EXPECT_EQ(p.s().fate_points[0], 1);
  EXPECT_EQ(p.s().fate_points[1], 1);
  EXPECT_EQ(p.s().n_chaos, 0);
  EXPECT_EQ(p.s().chaos_cup, 0);
}

// Roll 12 "Heroism": the side of the next formation drawn gains 2 fate points at its impulse.
TEST(WsrChaos, WSR_9_0_FateForTheNextFormation) {
  Pos p(ChaosSetup(1));
  p.acts({"draw chaos", "roll 6 6"});
  EXPECT_EQ(p.s().fate_points[1], 0);
  p.act("draw de.beck");
  EXPECT_EQ(p.s().fate_points[1], 2);
  EXPECT_EQ(p.s().fate_points[0], 0);
}

// Roll 2 "Friendly fire": the opponent picks one good-order unit of the next formation (not an
// HQ); it is disrupted right after the 4.1 cleanup, before the command and reorganization steps.
TEST(WsrChaos, WSR_9_0_DisruptIsPickedByTheOpponent) {
  Pos p(ChaosSetup(1));
  p.acts({"draw chaos", "roll 1 1", "draw de.beck"});
  ASSERT_EQ(p.state->decision().kind, "chaos-pick");
  EXPECT_EQ(p.state->current_seat(), 0);  // the US picks a German unit
  ActionList legal;
  p.state->legal_actions(legal);
  ASSERT_EQ(legal.size(), 1u);  // the Panther; never the HQ
  EXPECT_EQ(p.state->describe(legal[0]), "chaos-pick de.panther");
  EXPECT_THAT(p.why("chaos-pick de.hq-beck"), HasSubstr("HQ"));
  EXPECT_THAT(p.why("chaos-pick us.m4a1"), HasSubstr("not a unit of"));
  p.act("chaos-pick de.panther");
  EXPECT_TRUE(p.s().has(p.unit("de.panther"), kDisrupted));
  // WSR 4.3 follows: the Panther rolls to reorganize.
  EXPECT_EQ(p.state->decision().kind, "roll");
  EXPECT_THAT(p.state->decision().prompt, HasSubstr("reorganization"));
}

// Roll 3 "Wrong turn": the opponent picks two units; they have Ops complete before acting.
TEST(WsrChaos, WSR_9_0_OpsCompletePickedTwice) {
  Pos p(ChaosSetup(1));
  p.acts({"draw chaos", "roll 1 2", "draw us.cca"});
  ASSERT_EQ(p.state->decision().kind, "chaos-pick");
  EXPECT_EQ(p.state->current_seat(), 1);
  p.act("chaos-pick us.m4a1");
  ASSERT_EQ(p.state->decision().kind, "chaos-pick");
  EXPECT_THAT(p.why("chaos-pick us.m4a1"), HasSubstr("already has Ops complete"));
  p.act("chaos-pick us.m4a3e8");
  EXPECT_TRUE(p.s().has(p.unit("us.m4a1"), kOpsComplete));
  EXPECT_TRUE(p.s().has(p.unit("us.m4a3e8"), kOpsComplete));
  RollUntil(p, "operations");
  EXPECT_FALSE(p.legal("select us.m4a3e8"));
  EXPECT_FALSE(p.legal("fire us.m4a3e8 de.panther"));
}

// Two "Wrong turn" results for a formation of two units: the first takes both, the second finds
// no unit left to pick and passes (it does not wait for a pick nobody can make).
TEST(WsrChaos, WSR_9_0_APickWithNoUnitLeftPasses) {
  Pos p(ChaosSetup(2));
  p.acts({"draw chaos", "roll 1 2", "draw chaos", "roll 1 2"});
  ASSERT_EQ(p.s().n_chaos, 2);
  p.act("draw us.cca");
  ASSERT_EQ(p.state->decision().kind, "chaos-pick");
  p.acts({"chaos-pick us.m4a1", "chaos-pick us.m4a3e8"});
  EXPECT_NE(p.state->decision().kind, "chaos-pick");
  ActionList legal;
  p.state->legal_actions(legal);
  EXPECT_FALSE(legal.empty());
  EXPECT_TRUE(p.logged("WSR 9.0"));
}

// Roll 9 "Steady": every disrupted unit of the next formation reorganizes without a roll.
TEST(WsrChaos, WSR_9_0_RallyReorganizesWithoutARoll) {
  Pos p(ChaosSetup(1, 0, /*panther_disrupted=*/true));
  p.acts({"draw chaos", "roll 3 6", "draw de.beck"});
  EXPECT_EQ(p.state->decision().kind, "operations");  // no reorganization roll
  EXPECT_FALSE(p.s().has(p.unit("de.panther"), kDisrupted));
}

// Roll 8 "Runners get through": no command tests for the next formation (WSR 4.2).
TEST(WsrChaos, WSR_9_0_AllInCommandSkipsTheCommandTests) {
  GameSetup s = ChaosSetup(1);
  s.units.push_back(U("us.m4a1", "A-E02", "us.cca"));  // 7 hexes from the HQ (range 4)
  Pos p(std::move(s));
  Pos q(ChaosSetup(0));  // control: the same draw without chaos tests nobody (all in range)
  p.acts({"draw chaos", "roll 2 6", "draw us.cca"});
  EXPECT_EQ(p.state->decision().kind, "operations");
  EXPECT_FALSE(p.s().has(p.unit("us.m4a1-2"), kOutOfCommand));
  EXPECT_TRUE(p.legal("select us.m4a1-2"));
  // Without the result the far M4A1 tests for command.
  GameSetup s2 = ChaosSetup(0);
  s2.units.push_back(U("us.m4a1", "A-E02", "us.cca"));
  Pos r(std::move(s2));
  r.act("draw us.cca");
  EXPECT_THAT(r.state->decision().prompt, HasSubstr("command test"));
}

// WSR 10.0 "any roll": the chaos roll gets a fate window.
TEST(WsrChaos, WSR_9_0_FatePointsMayChangeTheChaosRoll) {
  GameSetup s = ChaosSetup(1);
  s.fate_points = {1, 0};
  Pos p(std::move(s));
  p.act("draw chaos");
  if (p.state->decision().kind == "fate") p.act("no-fate");  // the draw itself
  p.act("roll 1 1");
  ASSERT_EQ(p.state->decision().kind, "fate");
  p.act("fate raise 1");  // 1 1 -> 1 2: "Wrong turn" instead of "Friendly fire"
  EXPECT_EQ(p.s().n_chaos, 1);
  EXPECT_EQ(p.s().chaos_res[0], 3);
}

TEST(WsrChaos, WSR_9_0_ChaosStepsKeepTheStateContract) {
  Pos p(ChaosSetup(2));
  p.acts({"draw chaos", "roll 1 2"});
  auto check = [&]() {
    ActionList legal;
    p.state->legal_actions(legal);
    ASSERT_FALSE(legal.empty());
    for (const Action& a : legal) {
      Action back;
      std::string err;
      ASSERT_TRUE(p.state->parse(p.state->describe(a), back, err)) << err;
      EXPECT_EQ(back, a) << p.state->describe(a);
    }
    auto copy = p.game->state_from_json(p.state->to_json());
    EXPECT_EQ(copy->hash(), p.state->hash());
    EXPECT_EQ(copy->to_json(), p.state->to_json());
    EXPECT_EQ(p.s().invariant_violation(), "");
  };
  check();  // a result stored, a marker in the cup
  p.act("draw us.cca");
  ASSERT_EQ(p.state->decision().kind, "chaos-pick");
  check();
  auto picked = p.state->clone();
  picked->apply(p.parse("chaos-pick us.m4a1"));
  EXPECT_NE(picked->hash(), p.state->hash());
  auto other = p.state->clone();
  static_cast<WsrState&>(*other).chaos_cup = 0;
  EXPECT_NE(other->hash(), p.state->hash());
}

// B1's chaos marker is a variation ("if both players agree"): only with chaos_variation.
TEST(WsrChaos, WSR_9_0_B1VariationMarkerOnlyWithTheOption) {
  auto sc = LoadShippedScenario("noville");
  EXPECT_TRUE(ScenarioSetup(ShippedData(), sc).chaos.empty());
  const GameSetup g = ScenarioSetup(ShippedData(), sc, /*chaos_variation=*/true);
  ASSERT_EQ(g.chaos.size(), 1u);
  EXPECT_EQ(g.chaos[0].turn, 5);
  EXPECT_EQ(g.chaos[0].count, 1);
  WsrOptions o;
  o.chaos_variation = true;
  auto game = MakeScenarioGame(ShippedData(), sc, o);
  EXPECT_EQ(game->setup().chaos.size(), 1u);
  auto st = game->new_initial_state();
  EXPECT_EQ(static_cast<WsrState&>(*st).chaos_cup, 0);  // turn 5, not turn 1
}

// Builder completeness: mine markers come from the scenario's sides (WSR 8.2); improved
// positions are placed by one side during its setup (WSR 8.1, setup.cc), both sides placing
// them is refused.
TEST(WsrChaos, WSR_8_2_BuilderFillsMinesAndRefusesImprovedPositionsOfBothSides) {
  auto sc = std::make_shared<Scenario>(*LoadShippedScenario("noville"));
  sc->sides[1].mines = 2;
  const GameSetup g = ScenarioSetup(ShippedData(), sc);
  EXPECT_EQ(g.mines[1], 2);
  EXPECT_EQ(g.mines[0], 0);
  auto game = MakeScenarioGame(ShippedData(), sc);
  auto st = game->new_initial_state();
  EXPECT_EQ(static_cast<WsrState&>(*st).mines_left[1], 2);
  sc->sides[0].improved_positions = 1;
  EXPECT_NO_THROW(ScenarioSetup(ShippedData(), sc));
  sc->sides[1].improved_positions = 1;
  try {
    ScenarioSetup(ShippedData(), sc);
    FAIL() << "no error";
  } catch (const DataError& e) {
    EXPECT_THAT(e.what(), HasSubstr("WSR 8.1"));
  }
}

}  // namespace
}  // namespace feldherr::wsr::testing
