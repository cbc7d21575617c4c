// WSR 8.1 improved positions, 8.2 mines (placing, attacks before opportunity fire, clearing) and
// wreck markers in LOS (7.1 b) and movement, played through the game state
// (games/wsr/fortification.cc) with injected dice. Map sheet A: A-H01..A-H05 are clear
// (column H, rows n and n+1 adjacent); A-A07..A-A10 woods.
#include <gtest/gtest.h>

#include <algorithm>
#include <nlohmann/json.hpp>

#include "games/wsr/combat.h"
#include "tests/wsr_rules/wsr_rules_util.h"

namespace feldherr::wsr::testing {
namespace {

Pos FortPosition(std::vector<SetupUnit> us, std::vector<SetupUnit> de,
                 std::vector<std::string> ips = {}, std::array<int, 2> mines = {0, 0}) {
  std::vector<SetupUnit> all = {U("us.hq-cca", "A-L06", "us.cca")};
  for (auto& u : us) all.push_back(u);
  all.push_back(U("de.hq-beck", "A-S10", "de.beck"));
  for (auto& u : de) all.push_back(u);
  GameSetup s = MakeSetup({{"us.cca", 0, 1}, {"de.beck", 1, 1}}, all);
  s.improved_positions = std::move(ips);
  s.mines = mines;
  return Pos(std::move(s));
}

TEST(WsrFortification, WSR_8_1_T_8_1_1_IpCancelsTheFirstHitBeforeTheDefenceRoll) {
  // A Tiger adjacent to US infantry in an IP in woods (A-A08): 2 hits, the IP cancels the
  // first, the infantry rolls 1 die (woods; adjacent to a good-order enemy: not concealed).
  Pos p = FortPosition({U("us.infantry", "A-A08", "us.cca")}, {U("de.tiger-i", "A-A07", "de.beck")},
                       {"A-A08"});
  EXPECT_TRUE(p.s().has_ip(p.hex("A-A08")));
  Activate(p, "de.beck");
  p.act("fire de.tiger-i us.infantry");
  const int n = p.s().fire_dice_count();
  ASSERT_GE(n, 2);
  std::string roll = "roll 6 6";
  for (int k = 2; k < n; ++k) roll += " 1";
  p.act(roll);
  EXPECT_EQ(p.s().fire_dice_count(), 1);  // one defence die for the second hit
  p.act("roll 2");
  const int inf = p.unit("us.infantry");
  EXPECT_TRUE(p.s().has(inf, kDisrupted));
  EXPECT_FALSE(p.s().has(inf, kReduced));
}

TEST(WsrFortification, WSR_8_1_IpMakesTheHexConcealingForATank) {
  // A Panther in a clear hex with an IP, fired at from 4 hexes: armor 3 + 1 concealment die.
  Pos with = FortPosition({U("us.m4a3e8", "A-H05", "us.cca")},
                          {U("de.panther", "A-H01", "de.beck")}, {"A-H01"});
  Pos without =
      FortPosition({U("us.m4a3e8", "A-H05", "us.cca")}, {U("de.panther", "A-H01", "de.beck")});
  for (Pos* p : {&with, &without}) {
    Activate(*p, "us.cca");
    FireParams fp;
    Text why;
    ASSERT_TRUE(p->s().can_fire(p->unit("us.m4a3e8"), p->unit("de.panther"), false, &why, &fp))
        << why.en;
    EXPECT_EQ(fp.defence_dice, p == &with ? 4 : 3);
    EXPECT_EQ(fp.ip_cancels, p == &with ? 1 : 0);
  }
}

TEST(WsrFortification, WSR_7_1_TwoWreckHexesBlockLos) {
  Pos p = FortPosition({U("us.m4a3e8", "A-H05", "us.cca")}, {U("de.panther", "A-H01", "de.beck")});
  Activate(p, "us.cca");
  EXPECT_TRUE(p.legal("fire us.m4a3e8 de.panther"));
  p.s().place_wreck(p.hex("A-H03"));
  EXPECT_TRUE(p.legal("fire us.m4a3e8 de.panther"));  // one wreck hex does not block
  p.s().place_wreck(p.hex("A-H02"));
  const std::string why = p.why("fire us.m4a3e8 de.panther");
  EXPECT_NE(why.find("LOS"), std::string::npos) << why;
  // n_wrecks is derived from the markers when a state is loaded.
  auto back = p.game->state_from_json(p.state->to_json());
  EXPECT_EQ(static_cast<WsrState&>(*back).n_wrecks, 2);
}

TEST(WsrFortification, WSR_6_1_7_WreckHexCostsHardTargetsExtra) {
  Pos p = FortPosition({U("us.m4a3e8", "A-H05", "us.cca"), U("us.infantry", "A-H03", "us.cca")},
                       {U("de.panther", "A-S01", "de.beck")});
  const int tank = p.unit("us.m4a3e8"), inf = p.unit("us.infantry");
  const int base = p.s().step_cost(tank, p.hex("A-H05"), p.hex("A-H04"));
  const int soft = p.s().step_cost(inf, p.hex("A-H03"), p.hex("A-H04"));
  p.s().place_wreck(p.hex("A-H04"));
  const TerrainChart& chart = TestData().terrain;
  EXPECT_EQ(p.s().step_cost(tank, p.hex("A-H05"), p.hex("A-H04")),
            base + chart.wreck_move_hard_extra);
  EXPECT_EQ(p.s().step_cost(inf, p.hex("A-H03"), p.hex("A-H04")),
            soft + chart.wreck_move_soft_extra);
}

TEST(WsrFortification, WSR_8_2_1_MinePlacedAfterEntryAttacksBeforeOpportunityFire) {
  // The German side holds one mine; a Panther at A-H01 can opportunity-fire at A-H04.
  Pos p = FortPosition({U("us.m4a3e8", "A-H05", "us.cca")}, {U("de.panther", "A-H01", "de.beck")},
                       {}, {0, 1});
  Activate(p, "us.cca");
  p.acts({"select us.m4a3e8", "move A-H04"});
  ASSERT_EQ(p.state->decision().kind, "mine");
  EXPECT_EQ(p.state->current_seat(), 1);
  CheckContract(p);
  p.act("mine A-H04");
  EXPECT_EQ(p.s().mines_left[1], 0);
  EXPECT_TRUE(p.s().has_mine(p.hex("A-H04")));
  EXPECT_EQ(p.s().fire_dice_count(), 2);
  p.act("roll 5 1");  // 1 hit, no defence dice
  const int tank = p.unit("us.m4a3e8");
  EXPECT_TRUE(p.s().has(tank, kDisrupted));
  EXPECT_TRUE(p.logged("WSR 8.2.1"));
  // Then the opportunity-fire window of the same hex.
  EXPECT_EQ(p.state->decision().kind, "opfire");
  p.act("no-opfire");
  EXPECT_EQ(p.state->decision().kind, "move");
}

TEST(WsrFortification, WSR_8_2_1_NoMineInAnOccupiedHexAndNoneWithoutMarkers) {
  Pos p = FortPosition({U("us.m4a3e8", "A-H05", "us.cca"), U("us.infantry", "A-H04", "us.cca")},
                       {U("de.panther", "A-S01", "de.beck")}, {}, {1, 0});
  Activate(p, "us.cca");
  p.acts({"select us.m4a3e8", "move A-H04"});  // occupied before: no placement
  EXPECT_EQ(p.state->decision().kind, "move");
  p.act("move A-H03");  // empty, but the Germans have no mine marker (the US one is theirs)
  EXPECT_EQ(p.state->decision().kind, "move");
}

TEST(WsrFortification, WSR_8_2_1_PlacedMineAttacksEveryLaterEntryOfEitherSide) {
  Pos p = FortPosition({U("us.infantry", "A-H05", "us.cca"), U("us.infantry", "A-H05", "us.cca")},
                       {U("de.panther", "A-S01", "de.beck")}, {}, {0, 0});
  p.s().control[static_cast<size_t>(p.hex("A-H04"))] |= kMineBit;  // placed earlier
  Activate(p, "us.cca");
  p.acts({"select us.infantry-1", "select us.infantry-2", "move A-H04"});
  ASSERT_EQ(p.state->current_seat(), kChance);
  EXPECT_EQ(p.s().fire_dice_count(), 2);
  p.act("roll 6 1");  // 1 hit on a stack of two: a random unit takes it
  ASSERT_EQ(p.state->decision().kind, "odd-hit");
  CheckContract(p);
  p.act("odd-hit us.infantry-2");
  EXPECT_TRUE(p.s().has(p.unit("us.infantry-2"), kDisrupted));
  EXPECT_FALSE(p.s().has(p.unit("us.infantry-1"), kDisrupted));
  EXPECT_EQ(p.state->decision().kind, "move");
}

TEST(WsrFortification, WSR_8_2_1_MineAttacksAnAssaultingStackFirst) {
  // the mine attacks any later entry, also an assault into the (defended) mined hex.
  Pos p =
      FortPosition({U("us.infantry", "A-H02", "us.cca")}, {U("de.infantry", "A-H01", "de.beck")});
  p.s().control[static_cast<size_t>(p.hex("A-H01"))] |= kMineBit;
  Activate(p, "us.cca");
  p.acts({"select us.infantry", "assault A-H01"});
  EXPECT_NE(p.state->decision().prompt.find("mine"), std::string::npos);
  EXPECT_EQ(p.s().fire_dice_count(), 2);
  p.act("roll 6 6");  // 2 hits: the US platoon is reduced and disrupted, but still attacks
  const int inf = p.unit("us.infantry");
  EXPECT_TRUE(p.s().has(inf, kReduced));
  EXPECT_EQ(p.s().fire_dice_count(), 2);  // reduced face: assault strength 2
  p.acts({"roll 1 1", "roll 1 1 1"});
  EXPECT_EQ(p.s().unit(inf).hex, p.hex("A-H02"));  // 0 vs 0: back
  EXPECT_EQ(p.state->decision().kind, "operations");
  EXPECT_EQ(p.s().invariant_violation(), "");
}

TEST(WsrFortification, WSR_8_2_1_MineAttacksRetreatingDefenders) {
  Pos p =
      FortPosition({U("us.infantry", "A-H01", "us.cca")}, {U("de.infantry", "A-H02", "de.beck")});
  p.s().control[static_cast<size_t>(p.hex("A-I01"))] |= kMineBit;
  Activate(p, "de.beck");
  p.acts({"select de.infantry", "assault A-H01", "roll 6 1 1", "roll 1 1 1"});
  ASSERT_EQ(p.state->decision().kind, "retreat");  // A-G01 or A-I01
  p.act("retreat A-I01");
  ASSERT_EQ(p.state->current_seat(), kChance);
  EXPECT_EQ(p.s().fire_dice_count(), 2);
  p.act("roll 6 5");  // 2 hits on the disrupted platoon: eliminated
  EXPECT_TRUE(p.s().has(p.unit("us.infantry"), kGone));
  EXPECT_EQ(p.s().unit(p.unit("de.infantry")).hex, p.hex("A-H01"));
  EXPECT_EQ(p.state->decision().kind, "operations");
  EXPECT_EQ(p.s().invariant_violation(), "");
}

TEST(WsrFortification, WSR_8_2_2_InfantryClearsAMineOnAnEvenDie) {
  Pos p = FortPosition({U("us.infantry", "A-H05", "us.cca"), U("us.engineers", "A-H03", "us.cca")},
                       {U("de.panther", "A-S01", "de.beck")});
  const int mine = p.hex("A-H04");
  p.s().control[static_cast<size_t>(mine)] |= kMineBit;
  Activate(p, "us.cca");
  // Engineers roll 2 dice; both odd: the mine stays.
  p.act("clear-mine us.engineers A-H04");
  EXPECT_EQ(p.s().fire_dice_count(), 2);
  p.act("roll 3 1");
  EXPECT_TRUE(p.s().has_mine(mine));
  EXPECT_TRUE(p.s().has(p.unit("us.engineers"), kOpsComplete));
  // Infantry rolls 1 die: even removes it.
  p.act("clear-mine us.infantry A-H04");
  EXPECT_EQ(p.s().fire_dice_count(), 1);
  p.act("roll 4");
  EXPECT_FALSE(p.s().has_mine(mine));
  EXPECT_TRUE(p.s().has(p.unit("us.infantry"), kOpsComplete));
}

TEST(WsrFortification, WSR_8_2_2_A39_OutOfCommandUnitsDoNotClear) {
  // No US HQ within range: the infantry fails its command test (A-39: clearing needs command).
  Pos p =
      FortPosition({U("us.infantry", "A-A02", "us.cca")}, {U("de.panther", "A-S01", "de.beck")});
  p.s().control[static_cast<size_t>(p.hex("A-A03"))] |= kMineBit;
  p.act("draw us.cca");
  while (p.state->decision().kind == "roll") p.act("roll 6 6");
  const std::string why = p.why("clear-mine us.infantry A-A03");
  EXPECT_NE(why.find("A-39"), std::string::npos) << why;
}

}  // namespace
}  // namespace feldherr::wsr::testing
