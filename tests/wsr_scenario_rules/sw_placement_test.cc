// WSR 11.4 (optional rule, option sw_on_first_fire; games/wsr/sw_placement.cc): support weapons
// are placed when a platoon fires for the first time; unplaced ones may be lost when infantry
// platoons are eliminated (T-11.4-1).
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "tests/wsr_scenario_rules/scenario_rules_util.h"

namespace feldherr::wsr::testing {
namespace {

// vierville.toml forces: 0 507th (set up), 2 107. The 107 has one unplaced HMG; its first
// infantry platoon is already eliminated (before play: no roll for it), the second stands
// reduced and disrupted next to the US paratroopers.
SPos ViervilleWithUnplacedHmg(bool second_disrupted) {
  auto sc = LoadScen("vierville");
  SetupUnit gone = SU("de.infantry", "", -1);
  gone.formation = "de.107";
  SetupUnit inf = SU("de.infantry", "B-Q06", 2, false, /*reduced=*/second_disrupted);
  inf.disrupted = second_disrupted;
  std::vector<SetupUnit> u = {SU("us.hq-507", "B-Q04", 0),
                              SU("us.paratroopers", "B-Q04", 0),
                              SU("us.paratroopers", "B-Q05", 0),
                              SU("de.hq-107", "B-Q07", 2),
                              gone,
                              inf};
  GameSetup g = ScenSetup(sc, u);
  g.support_weapons = {{"de.hmg", "de.107", 2}};
  WsrOptions o;
  o.sw_on_first_fire = true;
  SPos p(sc, u);
  p.game = std::make_unique<WsrGame>(ScenData(), sc->layout, std::move(g), o);
  p.state = p.game->new_initial_state();
  return p;
}

// WSR 11.4: no assignment at setup; the firing platoon's owner declares the SW before the dice,
// and the attack uses it (HMG: +1 HE die, A-10); it stays with the platoon.
TEST(WsrSwPlacement, WSR_11_4_PlacedWhenThePlatoonFiresForTheFirstTime) {
  SPos p = ViervilleWithUnplacedHmg(false);
  ASSERT_EQ(p.top_kind(), kStepOperations);  // 107's first activation (B3)
  EXPECT_EQ(p.s().unit(p.unit("de.infantry-2")).sw, 0);
  EXPECT_TRUE(p.s().sw_unplaced(0));
  p.act("fire de.infantry-2 us.paratroopers-2");
  ASSERT_EQ(p.top_kind(), kStepSwPlace);
  EXPECT_EQ(p.state->current_seat(), p.game->seat_index("de"));
  auto without = p.state->clone();
  without->apply(p.parse("no-sw"));
  const int plain = static_cast<WsrState&>(*without).fire_dice_count();
  p.act("place-sw de.hmg de.infantry-2");
  EXPECT_TRUE(p.logged("WSR 11.4", "has Heavy MG"));
  ASSERT_EQ(p.top_kind(), kStepFireAttack);
  EXPECT_EQ(p.s().fire_dice_count(), plain + 1);
  EXPECT_EQ(p.s().unit(p.unit("de.infantry-2")).sw, 1);
  EXPECT_FALSE(p.s().sw_unplaced(0));
  // JSON round trip keeps the placement.
  auto back = p.game->state_from_json(p.state->to_json());
  EXPECT_EQ(back->hash(), p.state->hash());
}

void UsEliminatesTheSecondPlatoon(SPos& p) {
  while (p.top_kind() == kStepReorg) p.act("roll 6 6");  // it stays disrupted (WSR 4.3)
  p.act("end-impulse");
  p.act("draw us.507");
  p.pass_command();
  p.act("fire us.paratroopers-2 de.infantry-2");
  while (p.top_kind() == kStepFireAttack || p.top_kind() == kStepFireDefence) {
    const bool attack = p.top_kind() == kStepFireAttack;
    std::string roll = "roll";
    for (int k = 0; k < p.s().fire_dice_count(); ++k) roll += attack ? " 6" : " 1";
    p.act(roll);
  }
  ASSERT_TRUE(p.s().has(p.unit("de.infantry-2"), kGone));
}

// T-11.4-1 (book): the German has one unplaced HMG and the US eliminates the second German
// infantry platoon; the German rolls 2: 2 - 1 = 1, so the US eliminates the HMG.
TEST(WsrSwPlacement, WSR_11_4_T_11_4_1_SecondPlatoonEliminatedRollOf2LosesTheHmg) {
  SPos p = ViervilleWithUnplacedHmg(true);
  UsEliminatesTheSecondPlatoon(p);
  ASSERT_EQ(p.top_kind(), kStepSwLossRoll);
  EXPECT_EQ(p.s().top().a, 2);  // the second platoon: modifier -1
  p.act("roll 2");
  EXPECT_TRUE(p.logged("WSR 11.4", "The Germans roll 2 - 1 = 1"));
  ASSERT_EQ(p.top_kind(), kStepSwLossPick);
  EXPECT_EQ(p.state->current_seat(), p.game->seat_index("us"));
  p.act("sw-loss de.hmg");
  EXPECT_FALSE(p.s().sw_unplaced(0));
  EXPECT_TRUE(p.logged("WSR 11.4", "The Americans eliminate the unplaced Heavy MG"));
}

// WSR 11.4: a roll of 3 after -1 is 2: nothing is lost.
TEST(WsrSwPlacement, WSR_11_4_RollOf3AfterTheSecondPlatoonKeepsTheHmg) {
  SPos p = ViervilleWithUnplacedHmg(true);
  UsEliminatesTheSecondPlatoon(p);
  ASSERT_EQ(p.top_kind(), kStepSwLossRoll);
  p.act("roll 3");
  EXPECT_NE(p.top_kind(), kStepSwLossPick);
  EXPECT_TRUE(p.s().sw_unplaced(0));
}

// Without the option (default) SWs are assigned in the setup phase (WSR 1.3.4.1) and no
// placement step appears.
TEST(WsrSwPlacement, WSR_11_4_IsOffByDefault) {
  EXPECT_FALSE(WsrOptions{}.sw_on_first_fire);
  auto sc = LoadScen("vierville");
  GameSetup g = ScenSetup(sc, {SU("us.hq-507", "B-Q04", 0), SU("us.paratroopers", "B-Q04", 0),
                               SU("de.hq-107", "B-Q07", 2), SU("de.infantry", "B-Q06", 2)});
  g.support_weapons = {{"de.hmg", "de.107", 2}};
  WsrGame game(ScenData(), sc->layout, std::move(g));
  auto s = game.new_initial_state();
  EXPECT_EQ(static_cast<WsrState&>(*s).top().kind, kStepSetup);  // the HMG is assigned first
  EXPECT_FALSE(static_cast<WsrState&>(*s).sw_unplaced(0));
}

}  // namespace
}  // namespace feldherr::wsr::testing
