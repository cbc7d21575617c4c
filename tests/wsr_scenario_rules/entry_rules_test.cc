// Units entering from off the map (games/wsr/arrival.cc apply_enter): mines (WSR 8.2.1) attack
// and may be placed in the entry hex as for a move; fate points (WSR 10.0 "any roll") may change
// the B1 random-entry die; HQs stay with a unit of their formation (WSR 1.3.2).
#include <gtest/gtest.h>

#include "tests/wsr_scenario_rules/scenario_rules_util.h"

namespace feldherr::wsr::testing {
namespace {

// vierville.toml forces: 0 507th (set up), 1 507th reinforcements, 2 107 (enters turn 1 by the
// south edge, first activation), 3 Beck. `us_mines` mine markers for the US.
SPos ViervilleWithMines(int us_mines) {
  std::vector<SetupUnit> u = {SU("us.hq-507", "B-Q05", 0), SU("us.paratroopers", "B-Q05", 0),
                              SU("de.hq-107", "", 2)};
  for (int k = 0; k < 6; ++k) u.push_back(SU("de.infantry", "", 2));
  auto sc = LoadScen("vierville");
  SPos p(sc, u);
  GameSetup g = ScenSetup(sc, u);
  g.mines[static_cast<size_t>(p.game->seat_index("us"))] = us_mines;
  p.game = std::make_unique<WsrGame>(ScenData(), sc->layout, std::move(g));
  p.state = p.game->new_initial_state();
  return p;
}

// WSR 8.2.1: entering an unoccupied hex from off the map lets the opponent place a mine
// there; it attacks at once, before opportunity fire; HQs are not attacked.
TEST(WsrEntryRules, WSR_8_2_1_MineMayBePlacedInTheEntryHex) {
  SPos p = ViervilleWithMines(1);
  ASSERT_EQ(p.top_kind(), kStepOperations);  // 107's first activation
  p.act("enter de.hq-107 de.infantry-1 B-K11");
  ASSERT_EQ(p.top_kind(), kStepPlaceMine);
  EXPECT_EQ(p.state->current_seat(), p.game->seat_index("us"));
  p.act("mine B-K11");
  EXPECT_TRUE(p.s().has_mine(p.hex("B-K11")));
  EXPECT_EQ(p.top_kind(), kStepMineAttack);
  p.act("roll 6 5");  // two hits on the infantry platoon (no defence roll)
  EXPECT_TRUE(p.logged("WSR 8.2.1"));
  const int inf = p.unit("de.infantry-1");
  EXPECT_TRUE(p.s().has(inf, kReduced) || p.s().has(inf, kGone));
}

// WSR 8.2.1: a placed mine attacks every unit that later enters its hex -- also from off the
// map; without mine markers no placement is offered.
TEST(WsrEntryRules, WSR_8_2_1_PlacedMineAttacksUnitsEnteringFromOffTheMap) {
  SPos p = ViervilleWithMines(0);
  p.s().control[static_cast<size_t>(p.hex("B-K11"))] |= kMineBit;
  p.act("enter de.hq-107 de.infantry-1 B-K11");
  EXPECT_EQ(p.top_kind(), kStepMineAttack);
  p.act("roll 1 2");  // no hit
  EXPECT_FALSE(p.s().has(p.unit("de.infantry-1"), kDisrupted));
  p.go("move B-K10");
  p.act("end-move");
  p.act("enter de.infantry-2 B-I11");  // empty hex, but the US has no mine marker
  EXPECT_NE(p.top_kind(), kStepPlaceMine);
  EXPECT_NE(p.top_kind(), kStepMineAttack);
}

// WSR 10.0 "any roll": the B1 random-entry die is a kFireDice chance action, so fate
// points may re-roll it.
TEST(WsrEntryRules, WSR_10_0_FateRerollOfTheB1EntryRoll) {
  auto sc = LoadScen("noville");
  std::vector<SetupUnit> u = {
      SU("de.hq-beck", "A-R06", 0), SU("de.panzer-iv", "A-R05", 0),
      SU("de.shq-beck", "", 1),     SU("de.tiger-i", "", 1),
      SU("de.stug-iii", "", 1),     SU("de.panzergrenadiere", "", 1, /*mounted=*/true),
      SU("us.hq-507", "A-K09", 2),  SU("us.paratroopers", "A-K09", 2),
      SU("us.hq-cca", "A-C04", 3),  SU("us.m4a1", "A-C04", 3),
  };
  SPos p(sc, u);
  GameSetup g = ScenSetup(sc, u);
  g.fate_points[static_cast<size_t>(p.game->seat_index("de"))] = 1;
  p.game = std::make_unique<WsrGame>(ScenData(), sc->layout, std::move(g));
  p.state = p.game->new_initial_state();
  p.act("draw de.beck");
  if (p.top_kind() == kStepFate) p.act("no-fate");  // the draw itself
  ASSERT_EQ(p.top_kind(), kStepEntryRoll);
  p.act("roll 6");  // row 6: nothing enters this time
  ASSERT_EQ(p.top_kind(), kStepFate);
  EXPECT_EQ(p.state->current_seat(), p.game->seat_index("de"));
  p.act("fate reroll");
  EXPECT_EQ(p.s().fate_points[static_cast<size_t>(p.game->seat_index("de"))], 0);
  ASSERT_EQ(p.top_kind(), kStepEntryRoll);
  p.act("roll 4");
  EXPECT_TRUE(p.logged("scenario", "J12, K11 or L12"));
  p.pass_command();
  EXPECT_TRUE(p.legal("enter de.tiger-i A-K11"));
}

// WSR 1.3.2: an HQ enters only together with a unit of its formation.
TEST(WsrEntryRules, WSR_1_3_2_HqMustStayWithAUnitOfItsFormation_Entry) {
  SPos p = ViervilleWithMines(0);
  EXPECT_NE(p.why("enter de.hq-107 B-K11").find("WSR 1.3.2"), std::string::npos);
  p.go("enter de.hq-107 de.infantry-1 B-K11");
  EXPECT_EQ(p.s().lone_hq(), "");
}

}  // namespace
}  // namespace feldherr::wsr::testing
