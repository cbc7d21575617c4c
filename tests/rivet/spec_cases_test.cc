// Rivet Wars: the test cases of RW §16 and content §8.3 (docs/rules/rivet.md, rivet-content.md)
// with injected dice and draws. Test names carry the case number ("Rw16_1_...") or the content
// case ("Content8_3_...").
#include <gtest/gtest.h>

#include "tests/rivet/rivet_test_util.h"

namespace feldherr::rivet::testing {
namespace {

// RW §16.1: 3 dice rolling 5, 6, 2 give exactly 1 damage.
TEST(RivetSpec, Rw16_1_HitRuleOneDamage) {
  auto g = MakeGame(1);
  auto s = Start(*g);
  const int r = Put(*s, "rifleman", "d5", "NW");
  const int j = Put(*s, "jaeger_erwin_koenig", "d4", "SE");  // armour 0, 2 HP
  EnterPhase(*s, kAllies, Phase::kCombat);
  Do(*s, "activate d5");
  Do(*s, "attack u" + std::to_string(r) + " w1 d4");
  EXPECT_EQ(s->pending.dice, 3);
  Do(*s, "die 5");
  Do(*s, "die 6");
  Do(*s, "die 2");
  ASSERT_NE(s->unit(j), nullptr);
  EXPECT_EQ(s->unit(j)->damage, 1);
  EXPECT_FALSE(s->pending.active);
}

// RW §16.2: 2 dice rolling 4 and 3 without modifiers miss.
TEST(RivetSpec, Rw16_2_Miss) {
  auto g = MakeGame(1);
  auto s = Start(*g);
  const int r = Put(*s, "rifleman", "d5", "NW");
  const int m = Put(*s, "mg08_schlitten", "d3", "S");  // chart 2 0 0 0 0
  EnterPhase(*s, kBismark, Phase::kCombat);
  Do(*s, "activate d3");
  Do(*s, "attack u" + std::to_string(m) + " w1 d5");
  EXPECT_EQ(s->pending.dice, 2);
  Do(*s, "die 4");
  Do(*s, "die 3");
  ASSERT_NE(s->unit(r), nullptr);
  EXPECT_EQ(s->unit(r)->damage, 0);
}

// RW §16.3: Precision (+1) turns a 4 into a 5. No unit of the box has Precision (RW §15), so the
// test gives the Rifleman Precision(+1) in a copy of the data.
TEST(RivetSpec, Rw16_3_PrecisionTurnsFourIntoFive) {
  RivetData data = ShippedData();
  data.units[static_cast<size_t>(data.unit_index("rifleman"))].abilities.push_back(
      {AbilityKind::kPrecision, 1, false, true});
  auto g = MakeGame(1, data);
  auto s = Start(*g);
  const int r = Put(*s, "rifleman", "d5", "NW");
  const int p = Put(*s, "panzerfaust", "d4", "SE");
  EnterPhase(*s, kAllies, Phase::kCombat);
  Do(*s, "activate d5");
  Do(*s, "attack u" + std::to_string(r) + " w1 d4");
  Do(*s, "die 4");
  Do(*s, "die 1");
  Do(*s, "die 1");
  EXPECT_EQ(s->unit(p), nullptr);  // hit: the Panzerfaust (1 HP) is destroyed
}

// RW §16.4: Bolster Defense (-1): 3 dice become 2; a 1-die attack still rolls 1 die.
TEST(RivetSpec, Rw16_4_BolsterDefense) {
  auto g = MakeGame(1);
  auto s = Start(*g);
  const int r = Put(*s, "rifleman", "d5", "NW");
  Put(*s, "m2_wolverine", "d5", "S");  // Buff: Bolster Defense (-1) for its segment
  const Unit& rifle = *s->unit(r);
  EXPECT_EQ(s->dice_against(rifle, 3, 0), 2);
  EXPECT_EQ(s->dice_against(rifle, 1, 0), 1);
  EXPECT_EQ(s->dice_against(rifle, 0, 0), 0);  // R13: 0 stays 0
  const int pf = Put(*s, "panzerfaust", "d4", "SE");
  EnterPhase(*s, kBismark, Phase::kCombat);
  Do(*s, "activate d4");
  Do(*s, "attack u" + std::to_string(pf) + " w1 d5");
  EXPECT_EQ(s->pending.dice, 1);  // Panzerfaust chart 1 vs armour 0, -1, minimum 1
}

// RW §16.5: Parman's chart 1 | 3 2 1 0 0: 3 dice against column 1, none against columns 4 and 5.
TEST(RivetSpec, Rw16_5_ParmanChart) {
  auto g = MakeGame(1);
  auto s = Start(*g);
  const int p = Put(*s, "parman", "d5", "NW");
  Put(*s, "panzerfaust", "d4", "SE");
  Put(*s, "sturmpanzer", "e4", "all");  // armour 3: column 4
  EnterPhase(*s, kAllies, Phase::kCombat);
  Do(*s, "activate d5");
  const std::string id = "u" + std::to_string(p);
  EXPECT_NE(Why(*s, "attack " + id + " w1 e4").find("0 dice"), std::string::npos);
  Do(*s, "attack " + id + " w1 d4");
  EXPECT_EQ(s->pending.dice, 3);
}

// RW §16.6 and content §3: the Rifleman on the first field of the Allied order is attacked first,
// the Rocket Cycle only after the Rifleman is eliminated.
TEST(RivetSpec, Rw16_6_TargetOrder) {
  auto g = MakeGame(1);
  auto s = Start(*g);
  const int st = Put(*s, "sturmpanzer", "d3", "all");
  const int rf = Put(*s, "rifleman", "d4", "NW");
  const int rc = Put(*s, "rocket_cycle", "d4", "S");
  EXPECT_EQ(s->target_order(Seg(*s, "d4")), (std::vector<int>{rf, rc}));
  EnterPhase(*s, kBismark, Phase::kCombat);
  Do(*s, "activate d3");
  const std::string id = "u" + std::to_string(st);
  Do(*s, "attack " + id + " w1 d4");
  EXPECT_EQ(s->pending.queue, std::vector<int>{rf});
  Do(*s, "die 6");
  EXPECT_EQ(s->unit(rf), nullptr);
  Do(*s, "attack " + id + " w1 d4");  // the second attack of its weapon (2 attacks)
  EXPECT_EQ(s->pending.queue, std::vector<int>{rc});
  EXPECT_EQ(s->pending.dice, 3);  // chart 1 3 3 2 0 against armour 2
}

// RW §16.7: a Sniper may pick the Rocket Cycle directly. The box's only Sniper (Jäger, chart
// 3 0 0 0 0) cannot hurt a Rocket Cycle, so a copy of the data gives the Panzerfaust Sniper.
TEST(RivetSpec, Rw16_7_SniperIgnoresOrder) {
  RivetData data = ShippedData();
  data.units[static_cast<size_t>(data.unit_index("panzerfaust"))].abilities.push_back(
      {AbilityKind::kSniper, 0, false, false});
  auto g = MakeGame(1, data);
  auto s = Start(*g);
  const int pf = Put(*s, "panzerfaust", "d3", "SE");
  Put(*s, "rifleman", "d4", "NW");
  const int rc = Put(*s, "rocket_cycle", "d4", "S");
  EnterPhase(*s, kBismark, Phase::kCombat);
  Do(*s, "activate d3");
  Do(*s, "snipe u" + std::to_string(pf) + " w1 u" + std::to_string(rc));
  EXPECT_EQ(s->pending.queue, std::vector<int>{rc});
  // Without Sniper the same choice is refused.
  auto g2 = MakeGame(1);
  auto s2 = Start(*g2);
  const int pf2 = Put(*s2, "panzerfaust", "d3", "SE");
  Put(*s2, "rifleman", "d4", "NW");
  const int rc2 = Put(*s2, "rocket_cycle", "d4", "S");
  EnterPhase(*s2, kBismark, Phase::kCombat);
  Do(*s2, "activate d3");
  EXPECT_NE(
      Why(*s2, "snipe u" + std::to_string(pf2) + " w1 u" + std::to_string(rc2)).find("Sniper"),
      std::string::npos);
}

// RW §16.8: a segment with a friendly unit cannot be chosen as target.
TEST(RivetSpec, Rw16_8_FriendlySegmentRejected) {
  auto g = MakeGame(1);
  auto s = Start(*g);
  const int r = Put(*s, "rifleman", "d5", "NW");
  Put(*s, "rifleman", "d4", "NW");
  EnterPhase(*s, kAllies, Phase::kCombat);
  Do(*s, "activate d5");
  EXPECT_NE(Why(*s, "attack u" + std::to_string(r) + " w1 d4").find("friendly"), std::string::npos);
}

// RW §16.11: mission 7 (4 DP, 2 rivets): 3 DP spent, 1 lapses; the rivet counter rises by 2.
TEST(RivetSpec, Rw16_11_DpLapseRivetsCarryOver) {
  auto g = MakeGame(7, ShippedData(), InitiativeOnce());
  auto s = Start(*g);
  ASSERT_EQ(s->active, kAllies);
  EXPECT_EQ(s->dp[kAllies], 4);
  EXPECT_EQ(s->rivets[kAllies], 2);
  Do(*s, "deploy rifleman a9 NW");
  Do(*s, "deploy rifleman a9 NE");
  Do(*s, "deploy rifleman b9 NW");
  EXPECT_EQ(s->dp[kAllies], 1);
  Do(*s, "end");
  EXPECT_EQ(s->dp[kAllies], 0);  // RW §6: unspent DP lapse
  Do(*s, "end");                 // combat
  Do(*s, "end");                 // movement -> wrap-up -> Bismark
  ASSERT_EQ(s->active, kBismark);
  Cards(*s);
  Do(*s, "end");
  Do(*s, "end");
  Do(*s, "end");
  ASSERT_EQ(s->active, kAllies);
  Cards(*s);
  EXPECT_EQ(s->dp[kAllies], 4);
  EXPECT_EQ(s->rivets[kAllies], 4);  // 2 saved + 2 new
}

// RW §16.12: with 2 MP, a second diagonal step in one activation is refused.
TEST(RivetSpec, Rw16_12_OneDiagonalPerActivation) {
  auto g = MakeGame(1);
  auto s = Start(*g);
  const int rc = Put(*s, "rocket_cycle", "d6", "S");
  EnterPhase(*s, kAllies, Phase::kMovement);
  Do(*s, "activate d6");
  const std::string id = "u" + std::to_string(rc);
  EXPECT_EQ(s->unit(rc)->mp_left, 2);
  Do(*s, "step " + id + " NE N");
  EXPECT_NE(Why(*s, "step " + id + " NE N").find("one diagonal"), std::string::npos);
  Do(*s, "step " + id + " N N");
  EXPECT_EQ(s->seg_name(s->unit(rc)->seg), "e4");
  EXPECT_NE(Why(*s, "step " + id + " N N").find("no movement points"), std::string::npos);
}

// RW §16.13: no entry into an enemy-held segment without Tank Shock.
TEST(RivetSpec, Rw16_13_EnemySegmentBlocked) {
  auto g = MakeGame(1);
  auto s = Start(*g);
  const int r = Put(*s, "rifleman", "d5", "NW");
  Put(*s, "panzerfaust", "d4", "SE");
  EnterPhase(*s, kAllies, Phase::kMovement);
  Do(*s, "activate d5");
  EXPECT_NE(Why(*s, "step u" + std::to_string(r) + " N NW").find("enemy"), std::string::npos);
}

// RW §16.14: a unit that used Rapid Assault may not move in the movement phase.
TEST(RivetSpec, Rw16_14_RapidAssaultLock) {
  auto g = MakeGame(1);
  auto s = Start(*g);
  const int d = Put(*s, "monowheel_dragoon", "e2", "S");  // Rapid Assault (2)
  Put(*s, "rifleman", "e5", "NW");
  EnterPhase(*s, kBismark, Phase::kCombat);
  Do(*s, "activate e2");
  const std::string id = "u" + std::to_string(d);
  Do(*s, "rush " + id + " S S");
  Do(*s, "rush " + id + " S S");
  EXPECT_EQ(s->seg_name(s->unit(d)->seg), "e4");
  Do(*s, "attack " + id + " w1 e5");
  Do(*s, "die 1");
  Do(*s, "die 1");
  Do(*s, "end");
  ASSERT_EQ(s->phase, Phase::kMovement);
  EXPECT_NE(Why(*s, "activate e4").find("at most once"), std::string::npos);
  EXPECT_NE(Why(*s, "step " + id + " N S").find("Rapid Assault"), std::string::npos);
}

// RW §16.15: barbed wire (mission 4, c4): a Rifleman is refused, a Rocket Cycle removes it.
TEST(RivetSpec, Rw16_15_BarbedWire) {
  auto g = MakeGame(4);
  auto s = Start(*g);
  const int r = Put(*s, "rifleman", "c5", "NW");
  const int rc = Put(*s, "rocket_cycle", "b5", "S");
  EnterPhase(*s, kAllies, Phase::kMovement);
  ASSERT_TRUE(s->terrain_in(Seg(*s, "c4"), Terrain::kWire));
  Do(*s, "activate c5");
  EXPECT_NE(Why(*s, "step u" + std::to_string(r) + " N NW").find("barbed wire"), std::string::npos);
  Do(*s, "activate b5");
  Do(*s, "step u" + std::to_string(rc) + " NE N");
  EXPECT_FALSE(s->terrain_in(Seg(*s, "c4"), Terrain::kWire));
  EXPECT_FALSE(s->pending.active);
}

// RW §16.16: a minefield (mission 4, e4) attacks a Rocket Cycle with 2 dice, not a Rifleman.
TEST(RivetSpec, Rw16_16_Minefield) {
  auto g = MakeGame(4);
  auto s = Start(*g);
  const int rc = Put(*s, "rocket_cycle", "d4", "S");
  const int r = Put(*s, "rifleman", "f4", "NW");
  EnterPhase(*s, kAllies, Phase::kMovement);
  Do(*s, "activate f4");
  Do(*s, "step u" + std::to_string(r) + " W NW");
  EXPECT_FALSE(s->pending.active);
  Do(*s, "activate d4");
  Do(*s, "step u" + std::to_string(rc) + " E S");
  ASSERT_TRUE(s->pending.active);
  EXPECT_EQ(s->pending.dice, 2);
  Do(*s, "die 6");
  Do(*s, "die 1");
  EXPECT_EQ(s->unit(rc), nullptr);  // 1 HP
  EXPECT_EQ(s->phase, Phase::kMovement);
}

// RW §16.17 (R5): a flag planted at the start of an Allied turn scores at the end of every Allied
// turn, until Bismark ends a turn on the SO (removes the flag, scores 1 VP).
TEST(RivetSpec, Rw16_17_SoControlScoring) {
  auto g = MakeGame(1, ShippedData(), InitiativeOnce());
  auto s = Start(*g);                             // allies first, round 1, allies' deployment
  const int r = Put(*s, "rifleman", "d4", "NE");  // SO d4.NE
  Do(*s, "end");
  Do(*s, "end");
  Do(*s, "end");  // allies' wrap-up: captured -> 1 VP
  EXPECT_EQ(s->vp[kAllies], 1);
  Do(*s, "end");
  Do(*s, "end");
  Do(*s, "end");  // bismark's turn
  // Allied turn 2 starts: the Rifleman on the SO plants the flag.
  const int so = [&] {
    for (size_t i = 0; i < s->so_segs.size(); ++i)
      if (s->seg_name(s->so_segs[i]) == "d4") return static_cast<int>(i);
    return -1;
  }();
  ASSERT_GE(so, 0);
  EXPECT_EQ(s->flags[static_cast<size_t>(so)], kAllies);
  // The Rifleman leaves; the controlled SO still scores.
  Do(*s, "end");
  Do(*s, "end");
  Do(*s, "activate d4");
  Do(*s, "step u" + std::to_string(r) + " S NW");
  Do(*s, "end");
  EXPECT_EQ(s->vp[kAllies], 2);
  // Bismark ends its turn with a Panzerfaust on the SO field: flag removed, 1 VP.
  Put(*s, "panzerfaust", "d4", "NE");
  Do(*s, "end");
  Do(*s, "end");
  Do(*s, "end");
  EXPECT_EQ(s->flags[static_cast<size_t>(so)], -1);
  EXPECT_EQ(s->vp[kBismark], 1);
}

// RW §16.18: the first player reaching the threshold does not end the game before the second
// player's turn.
TEST(RivetSpec, Rw16_18_RoundCompletion) {
  auto g = MakeGame(1);
  auto s = Start(*g);
  s->vp[kAllies] = 5;
  Put(*s, "rifleman", "d4", "NE");
  Do(*s, "end");
  Do(*s, "end");
  Do(*s, "end");
  EXPECT_EQ(s->vp[kAllies], 6);
  EXPECT_FALSE(s->is_terminal());
  EXPECT_EQ(s->active, kBismark);
  Do(*s, "end");
  Do(*s, "end");
  Do(*s, "end");
  ASSERT_TRUE(s->is_terminal());
  EXPECT_EQ(s->result().summary, "allies wins");
}

// R15: both over the threshold with equal VP: play continues until a round ends unequal.
TEST(RivetSpec, R15_TieContinuation) {
  auto g = MakeGame(1, ShippedData(), InitiativeOnce());
  auto s = Start(*g);
  s->vp = {6, 6};
  for (int i = 0; i < 6; ++i) Do(*s, "end");
  EXPECT_FALSE(s->is_terminal());
  EXPECT_TRUE(s->tie_continuation);
  s->vp[kBismark] = 7;
  for (int i = 0; i < 6; ++i) Do(*s, "end");
  ASSERT_TRUE(s->is_terminal());
  EXPECT_EQ(s->result().summary, "bismark wins");
}

// RW §16.21: a destroyed hero may not be deployed again.
TEST(RivetSpec, Rw16_21_HeroOncePerGame) {
  auto g = MakeGame(4);
  auto s = Start(*g);
  s->rivets[kAllies] = 3;
  Do(*s, "deploy parman e7 NW");
  const int p = s->units.back().id;
  EXPECT_NE(Why(*s, "deploy parman b7 NW").find("once per game"), std::string::npos);
  s->units.erase(s->units.begin());  // eliminated
  ASSERT_EQ(s->unit(p), nullptr);
  EXPECT_NE(Why(*s, "deploy parman b7 NW").find("once per game"), std::string::npos);
}

// RW §16.22: a unit with loot 2 destroyed by Bismark gives Bismark 2 VP.
TEST(RivetSpec, Rw16_22_Loot) {
  auto g = MakeGame(1);
  auto s = Start(*g);
  const int o = Put(*s, "mt1_ostrich", "d4", "all", 3);  // 4 HP, 3 damage
  const int st = Put(*s, "sturmpanzer", "d3", "all");
  EnterPhase(*s, kBismark, Phase::kCombat);
  Do(*s, "activate d3");
  Do(*s, "attack u" + std::to_string(st) + " w1 d4");
  for (int i = 0; i < s->pending.dice; ++i) Do(*s, i == 0 ? "die 5" : "die 1");
  EXPECT_EQ(s->unit(o), nullptr);
  EXPECT_EQ(s->vp[kBismark], 2);
}

// Content §8.3.1: the armour column is armour + 1.
TEST(RivetSpec, Content8_3_1_ArmourColumns) {
  auto g = MakeGame(1);
  auto s = Start(*g);
  const int st_id = Put(*s, "sturmpanzer", "a1", "all");
  const int dr_id = Put(*s, "monowheel_dragoon", "b1", "N");
  const int os_id = Put(*s, "mt1_ostrich", "a6", "all");
  const Unit& st = *s->unit(st_id);
  const Unit& dr = *s->unit(dr_id);
  const Unit& os = *s->unit(os_id);
  const auto& d = ShippedData();
  const auto& cycle = d.units[static_cast<size_t>(d.unit_index("rocket_cycle"))].weapons[0].dice;
  const auto& pf = d.units[static_cast<size_t>(d.unit_index("panzerfaust"))].weapons[0].dice;
  EXPECT_EQ(s->dice_against(st, cycle[static_cast<size_t>(s->type_of(st).armour)], 0), 1);
  EXPECT_EQ(s->dice_against(dr, cycle[static_cast<size_t>(s->type_of(dr).armour)], 0), 2);
  EXPECT_EQ(s->dice_against(os, pf[static_cast<size_t>(s->type_of(os).armour)], 0), 2);
}

// Content §8.3.2: Bismark order — the MG08 on the S pair (positions 1-2) before the Panzerfaust
// on NW (position 4).
TEST(RivetSpec, Content8_3_2_BismarkTargetOrder) {
  auto g = MakeGame(1);
  auto s = Start(*g);
  const int pf = Put(*s, "panzerfaust", "e2", "NW");
  const int mg = Put(*s, "mg08_schlitten", "e2", "S");
  EXPECT_EQ(s->target_order(Seg(*s, "e2")), (std::vector<int>{mg, pf}));
}

// Content §8.3.3 (D-6): the Ostrich with Patston has 5 HP, Tank Shock (2), loot 3; a tank with a
// plug has no free socket.
TEST(RivetSpec, Content8_3_3_Plug) {
  auto g = MakeGame(4);
  auto s = Start(*g);
  const int o = Put(*s, "mt1_ostrich", "a9", "all");
  s->rivets[kAllies] = 5;
  Do(*s, "plug patston u" + std::to_string(o));
  const Unit& u = *s->unit(o);
  EXPECT_EQ(s->max_hp(u), 5);
  EXPECT_EQ(s->ability(u, AbilityKind::kTankShock), 2);
  EXPECT_EQ(s->loot(u), 3);
  EXPECT_NE(Why(*s, "plug hacksaw_turret u" + std::to_string(o)).find("no free socket"),
            std::string::npos);
  EXPECT_TRUE(s->hero_used[static_cast<size_t>(ShippedData().unit_index("patston"))]);
}

// Content §8.3.4: a deviation card FR around e5 gives d6 for Bismark, f4 for the Allies. The
// Hammer 65 Pounder (the only deviating weapon in mission 1) shows the Allied reading; a
// Bismark-side reading is checked through a copy of the data giving the MG08 a deviating weapon.
TEST(RivetSpec, Content8_3_4_DeviationReading) {
  int fr = -1;
  for (size_t i = 0; i < ShippedData().actions.size(); ++i)
    if (ShippedData().actions[i].deviation == Deviation::kFR) fr = static_cast<int>(i);
  ASSERT_GE(fr, 0);
  const std::string card = ShippedData().actions[static_cast<size_t>(fr)].id;
  {
    auto g = MakeGame(4);
    auto s = Start(*g);
    const int h = Put(*s, "hammer_65_pounder", "e8", "S");
    Put(*s, "panzerfaust", "e5", "NW");
    const int target = Put(*s, "panzerfaust", "f4", "NW");
    EnterPhase(*s, kAllies, Phase::kCombat);
    Do(*s, "activate e8");
    Do(*s, "attack u" + std::to_string(h) + " w1 e5");
    Do(*s, "draw " + card);
    EXPECT_EQ(s->seg_name(s->pending.seg), "f4");
    EXPECT_EQ(s->pending.queue, std::vector<int>{target});
    EXPECT_EQ(s->discard, std::vector<int>{fr});
  }
  {
    RivetData data = ShippedData();
    data.units[static_cast<size_t>(data.unit_index("mg08_schlitten"))].weapons[0].deviates = true;
    auto g = MakeGame(4, data);
    auto s = Start(*g);
    const int m = Put(*s, "mg08_schlitten", "e3", "S");
    Put(*s, "rifleman", "e5", "NW");
    const int target = Put(*s, "rifleman", "d6", "NW");
    EnterPhase(*s, kBismark, Phase::kCombat);
    Do(*s, "activate e3");
    Do(*s, "attack u" + std::to_string(m) + " w1 e5");
    Do(*s, "draw " + card);
    EXPECT_EQ(s->seg_name(s->pending.seg), "d6");
    EXPECT_EQ(s->pending.queue, std::vector<int>{target});
  }
}

// RW §11 Flat Grid (R8): one resolution per unit, ascending target order; Chain Grid stops at
// the first miss.
TEST(RivetSpec, Rw11_FlatAndChainGrid) {
  auto g = MakeGame(1);
  auto s = Start(*g);
  const int p = Put(*s, "parman", "d5", "NW");  // Flat Grid 3 2 1 0 0
  const int a = Put(*s, "panzerfaust", "d4", "SE");
  const int b = Put(*s, "panzerfaust", "d4", "NW");
  EnterPhase(*s, kAllies, Phase::kCombat);
  Do(*s, "activate d5");
  Do(*s, "attack u" + std::to_string(p) + " w1 d4");
  EXPECT_EQ(s->pending.queue, (std::vector<int>{a, b}));
  Do(*s, "die 1");
  Do(*s, "die 1");
  Do(*s, "die 1");  // miss on a; Flat Grid goes on to b
  ASSERT_TRUE(s->pending.active);
  EXPECT_EQ(s->pending.queue, std::vector<int>{b});
  Do(*s, "die 6");
  Do(*s, "die 1");
  Do(*s, "die 1");
  EXPECT_EQ(s->unit(b), nullptr);
  EXPECT_NE(s->unit(a), nullptr);

  auto s2 = Start(*g);
  const int d = Put(*s2, "monowheel_dragoon", "d3", "S");  // Chain Grid 2 1 0 0 0
  const int r1 = Put(*s2, "rifleman", "d4", "NW");
  const int r2 = Put(*s2, "rifleman", "d4", "NE");
  EnterPhase(*s2, kBismark, Phase::kCombat);
  Do(*s2, "activate d3");
  Do(*s2, "attack u" + std::to_string(d) + " w1 d4");
  Do(*s2, "die 5");
  Do(*s2, "die 1");  // hit r1 -> chain to r2
  EXPECT_EQ(s2->unit(r1), nullptr);
  ASSERT_TRUE(s2->pending.active);
  Do(*s2, "die 2");
  Do(*s2, "die 2");  // miss: chain ends
  EXPECT_FALSE(s2->pending.active);
  EXPECT_NE(s2->unit(r2), nullptr);
}

// RW §8.2 (R3): range counts one diagonal at most; RW §5 Buffs: Jäger's range buff reaches the
// units of his segment.
TEST(RivetSpec, Rw8_2_RangeAndRangeBuff) {
  auto g = MakeGame(1);
  auto s = Start(*g);
  const int pf = Put(*s, "panzerfaust", "b1", "SE");  // range 2
  Put(*s, "rifleman", "c3", "NW");                    // dx 1, dy 2: distance 2
  Put(*s, "rifleman", "d3", "NW");                    // dx 2, dy 2: distance 3
  EnterPhase(*s, kBismark, Phase::kCombat);
  Do(*s, "activate b1");
  const std::string id = "u" + std::to_string(pf);
  EXPECT_EQ(Why(*s, "attack " + id + " w1 c3"), "");
  EXPECT_NE(Why(*s, "attack " + id + " w1 d3").find("RW §8.2"), std::string::npos);
  auto s2 = Start(*g);
  const int pf2 = Put(*s2, "panzerfaust", "b1", "SE");
  Put(*s2, "jaeger_erwin_koenig", "b1", "NW");  // Buff: Range bonus (ground) (+1)
  Put(*s2, "rifleman", "d3", "NW");
  EnterPhase(*s2, kBismark, Phase::kCombat);
  Do(*s2, "activate b1");
  EXPECT_EQ(Why(*s2, "attack u" + std::to_string(pf2) + " w1 d3"), "");
}

// RW §11 Runner: +1 MP on a duckboard field (mission 1, a1.SE is a duckboard of face 5A).
TEST(RivetSpec, Rw11_Runner) {
  auto g = MakeGame(1);
  auto s = Start(*g);
  const int on = Put(*s, "panzerfaust", "a1", "SE");
  const int off = Put(*s, "panzerfaust", "a1", "NW");
  EnterPhase(*s, kBismark, Phase::kMovement);
  Do(*s, "activate a1");
  EXPECT_EQ(s->unit(on)->mp_left, 2);
  EXPECT_EQ(s->unit(off)->mp_left, 1);
}

// RW §7.1: a deployment's note tells its cost in DP and rivets, in the player's language.
TEST(RivetSpec, Rw7_1_DeploymentNoteNamesTheCostInBothLanguages) {
  auto g = MakeGame(1);
  auto s = Start(*g);
  const auto note = [&](const std::string& text) {
    Action a;
    std::string error;
    EXPECT_TRUE(s->parse(text, a, error)) << text << ": " << error;
    return s->annotate(a);
  };
  EXPECT_EQ(note("deploy rifleman a6 NW").in(Lang::kEn), "1 DP, 0 rivets");
  EXPECT_EQ(note("deploy rifleman a6 NW").in(Lang::kDe), "1 AP, 0 Rivets");
  EXPECT_EQ(note("deploy m2_wolverine a6 N").in(Lang::kEn), "3 DP, 1 rivet");
  EXPECT_EQ(note("deploy m2_wolverine a6 N").in(Lang::kDe), "3 AP, 1 Rivet");
}

// RW §7.1: deployment only into own deployment segments and with the miniature limit.
TEST(RivetSpec, Rw7_1_DeploymentRules) {
  auto g = MakeGame(1);
  auto s = Start(*g);
  EXPECT_NE(Why(*s, "deploy rifleman a5 NW").find("deployment segments"), std::string::npos);
  EXPECT_NE(Why(*s, "deploy panzerfaust a1 NW").find("other faction"), std::string::npos);
  EXPECT_NE(Why(*s, "deploy m2_wolverine a6 N").find("costs 1 rivet, 0 on the counter"),
            std::string::npos);
  for (int i = 0; i < 9; ++i)
    Put(*s, "rifleman", std::string(1, static_cast<char>('a' + i)) + "5", "NW");
  EXPECT_NE(Why(*s, "deploy rifleman a6 NW").find("miniatures"), std::string::npos);
}

}  // namespace
}  // namespace feldherr::rivet::testing

namespace feldherr::rivet::testing {
namespace {

// RW §11 Tank Shock (R9): the Sturmpanzer (Tank Shock 2) enters a segment held only by enemy
// infantry: 2 dice against every unit, the survivors are moved out by the defender, then the
// tank stands there. A segment with a non-infantry enemy stays closed.
TEST(RivetSpec, Rw11_TankShock) {
  auto g = MakeGame(1);
  auto s = Start(*g);
  const int st = Put(*s, "sturmpanzer", "e3", "all");
  const int r1 = Put(*s, "rifleman", "e4", "NW");
  const int r2 = Put(*s, "rifleman", "e4", "NE");
  Put(*s, "rocket_cycle", "d4", "S");
  EnterPhase(*s, kBismark, Phase::kMovement);
  Do(*s, "activate e3");
  const std::string id = "u" + std::to_string(st);
  EXPECT_NE(Why(*s, "step " + id + " SW all").find("Tank Shock"), std::string::npos);
  Do(*s, "step " + id + " S all");
  ASSERT_TRUE(s->pending.active);
  EXPECT_EQ(s->pending.queue, (std::vector<int>{r1, r2}));
  EXPECT_EQ(s->pending.dice, 2);
  Do(*s, "die 6");
  Do(*s, "die 1");  // r1 destroyed
  Do(*s, "die 2");
  Do(*s, "die 3");  // r2 survives
  EXPECT_EQ(s->unit(r1), nullptr);
  ASSERT_EQ(s->retreat, std::vector<int>{r2});
  EXPECT_EQ(s->current_seat(), kAllies);  // the defender chooses
  EXPECT_NE(Why(*s, "retreat u" + std::to_string(r2) + " N NW").find("defender"),
            std::string::npos);
  Do(*s, "retreat u" + std::to_string(r2) + " S NW");
  EXPECT_EQ(s->seg_name(s->unit(r2)->seg), "e5");
  EXPECT_EQ(s->seg_name(s->unit(st)->seg), "e4");
  EXPECT_EQ(s->current_seat(), kBismark);
  EXPECT_EQ(s->invariant_violation(), "");
}

}  // namespace
}  // namespace feldherr::rivet::testing

namespace feldherr::rivet::testing {
namespace {

int FirstCardWith(Deviation d) {
  for (size_t i = 0; i < ShippedData().actions.size(); ++i)
    if (ShippedData().actions[i].deviation == d) return static_cast<int>(i);
  return -1;
}

// RW §11 Gas (R6, R7, D-9): Baron Tankken's attack leaves a cloud where it lands; Allied units
// that start their turn in it suffer a gas attack with the weapon's row; at the start of the
// Bismark turn it drifts by a deviation card (read from Bismark's side); units it drifts onto
// are attacked; Immune to Gas protects; it disperses at the start of Bismark's second combat
// phase after its creation.
TEST(RivetSpec, Rw11_GasCloud) {
  auto g = MakeGame(1, ShippedData(), InitiativeOnce());
  auto s = Start(*g, /*bismark_first=*/true);
  ASSERT_EQ(s->active, kBismark);
  const int baron = Put(*s, "baron_tankken", "e2", "SE");
  const int r1 = Put(*s, "rifleman", "e4", "NW");
  const int r2 = Put(*s, "rifleman", "d5", "NW");
  Do(*s, "end");  // deployment
  Do(*s, "activate e2");
  Do(*s, "attack u" + std::to_string(baron) + " w1 e4");
  const std::string on =
      ShippedData().actions[static_cast<size_t>(FirstCardWith(Deviation::kOn))].id;
  Do(*s, "draw " + on);
  Do(*s, "die 1");
  Do(*s, "die 1");  // the attack misses, the cloud forms anyway
  ASSERT_EQ(s->clouds.size(), 1u);
  EXPECT_EQ(s->seg_name(s->clouds[0].seg), "e4");
  Do(*s, "end");
  Do(*s, "end");  // bismark's turn ends; allies start: r1 starts its turn in the cloud
  ASSERT_EQ(s->active, kAllies);
  ASSERT_TRUE(s->pending.active);
  EXPECT_EQ(s->pending.queue, std::vector<int>{r1});
  EXPECT_EQ(s->pending.dice, 2);  // chart 2 2 2 2 2 against armour 0
  Do(*s, "die 6");
  Do(*s, "die 1");
  EXPECT_EQ(s->unit(r1), nullptr);
  EXPECT_EQ(s->phase, Phase::kDeployment);
  Do(*s, "end");
  Do(*s, "end");
  Do(*s, "end");
  // Bismark's turn 2 starts: the cloud drifts. B for Bismark = north... use BL: for Bismark
  // back-left is north-east, from e4 to f3; use L (east for Bismark) is f4. Take FR: south-west,
  // e4 -> d5 where r2 stands.
  ASSERT_EQ(s->active, kBismark);
  ASSERT_GE(s->gas_drift, 0);
  Do(*s, "draw " + ShippedData().actions[static_cast<size_t>(FirstCardWith(Deviation::kFR))].id);
  EXPECT_EQ(s->seg_name(s->clouds[0].seg), "d5");
  ASSERT_TRUE(s->pending.active);
  EXPECT_EQ(s->pending.queue, std::vector<int>{r2});
  Do(*s, "die 2");
  Do(*s, "die 2");
  EXPECT_NE(s->unit(r2), nullptr);
  ASSERT_EQ(s->phase, Phase::kDeployment);
  Do(*s, "end");  // round 2 combat phase: created in round 1, stays
  EXPECT_EQ(s->clouds.size(), 1u);
  Do(*s, "end");
  Do(*s, "end");  // allies, round 2: r2 starts its turn in the cloud
  ASSERT_TRUE(s->pending.active);
  EXPECT_EQ(s->pending.queue, std::vector<int>{r2});
  Do(*s, "die 1");
  Do(*s, "die 1");
  for (int i = 0; i < 3; ++i) Do(*s, "end");
  ASSERT_EQ(s->round, 3);
  std::string on2;
  for (int c : s->deck)
    if (ShippedData().actions[static_cast<size_t>(c)].deviation == Deviation::kOn && on2.empty())
      on2 = ShippedData().actions[static_cast<size_t>(c)].id;
  Do(*s, "draw " + on2);  // no drift
  EXPECT_EQ(s->seg_name(s->clouds[0].seg), "d5");
  Do(*s, "end");  // start of Bismark's second combat phase after the creation: it disperses
  EXPECT_TRUE(s->clouds.empty());
  // Immune to Gas: own (Sturmpanzer) and Baron Tankken's Buff for his segment.
  const int st = Put(*s, "sturmpanzer", "a1", "all");
  const int pf = Put(*s, "panzerfaust", "e2", "NW");
  const int pf2 = Put(*s, "panzerfaust", "h2", "NW");
  EXPECT_TRUE(s->immune_to_gas(*s->unit(st)));
  EXPECT_TRUE(s->immune_to_gas(*s->unit(pf)));
  EXPECT_FALSE(s->immune_to_gas(*s->unit(pf2)));
}

}  // namespace
}  // namespace feldherr::rivet::testing
