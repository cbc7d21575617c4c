// Rivet Wars Action! cards (content §6, test cases of content §8.1) with injected dice and draws.
// Board: mission 4 (Bismark rows 1-3, no-man's-land 4-6, Allies 7-9) unless stated.
#include <gtest/gtest.h>

#include "tests/rivet/rivet_test_util.h"

namespace feldherr::rivet::testing {
namespace {

std::string U(int id) {
  return "u" + std::to_string(id);
}

// 8.1.1 AC-01 Over the Top!: Riflemen gain Rapid Assault (1); the Wolverine does not; a
// Rifleman that moved may not move in the movement phase.
TEST(RivetActionCards, Content8_1_1_OverTheTop) {
  auto g = MakeGame(4);
  auto s = Start(*g);
  const int r1 = Put(*s, "rifleman", "d8", "NW");
  Put(*s, "rifleman", "d8", "NE");
  const int w = Put(*s, "m2_wolverine", "d8", "S");
  Put(*s, "panzerfaust", "d5", "NW");
  Give(*s, kAllies, "AC-01");
  EnterPhase(*s, kAllies, Phase::kCombat);
  Do(*s, "activate d8");
  EXPECT_NE(Why(*s, "attack " + U(r1) + " w1 d5").find("RW §8.2"), std::string::npos);
  Do(*s, "play AC-01");
  Do(*s, "rush " + U(r1) + " N NW");
  EXPECT_NE(Why(*s, "rush " + U(w) + " N S").find("Rapid Assault"), std::string::npos);
  Do(*s, "attack " + U(r1) + " w1 d5");
  Do(*s, "die 1");
  Do(*s, "die 1");
  Do(*s, "die 1");
  Do(*s, "end");
  EXPECT_NE(Why(*s, "step " + U(r1) + " N NW").find("Rapid Assault"), std::string::npos);
}

// 8.1.2 AC-02 Rum Ration: Precision (+1) turns 4, 3, 1 into 5, 4, 2: the Panzerfaust falls.
TEST(RivetActionCards, Content8_1_2_RumRation) {
  auto g = MakeGame(4);
  auto s = Start(*g);
  const int r = Put(*s, "rifleman", "d7", "NW");
  const int pf = Put(*s, "panzerfaust", "d5", "NW");
  Give(*s, kAllies, "AC-02");
  EnterPhase(*s, kAllies, Phase::kCombat);
  Do(*s, "activate d7");
  Do(*s, "play AC-02");
  Do(*s, "attack " + U(r) + " w1 d5");
  Do(*s, "die 4");
  Do(*s, "die 3");
  Do(*s, "die 1");
  EXPECT_EQ(s->unit(pf), nullptr);
}

// 8.1.3 AC-03 Spotter Balloon: MG08 (range 3) in c2 reaches d6 (distance 4) only with the card.
TEST(RivetActionCards, Content8_1_3_SpotterBalloon) {
  auto g = MakeGame(4);
  auto s = Start(*g);
  const int mg = Put(*s, "mg08_schlitten", "c2", "N");
  Put(*s, "rifleman", "d6", "NW");
  Give(*s, kBismark, "AC-03");
  EnterPhase(*s, kBismark, Phase::kCombat);
  Do(*s, "activate c2");
  EXPECT_NE(Why(*s, "attack " + U(mg) + " w1 d6").find("RW §8.2"), std::string::npos);
  Do(*s, "play AC-03");
  EXPECT_EQ(Why(*s, "attack " + U(mg) + " w1 d6"), "");
}

// 8.1.4 AC-04 Extra Ammunition: the Jäger's weapon makes 3 attacks in this activation.
TEST(RivetActionCards, Content8_1_4_ExtraAmmunition) {
  auto g = MakeGame(4);
  auto s = Start(*g);
  const int j = Put(*s, "jaeger_erwin_koenig", "e3", "SE");
  const int a = Put(*s, "rifleman", "d6", "NW");
  const int b = Put(*s, "rifleman", "f6", "NW");
  Give(*s, kBismark, "AC-04");
  EnterPhase(*s, kBismark, Phase::kCombat);
  Do(*s, "activate e3");
  Do(*s, "play AC-04 " + U(j) + " w1");
  for (int k = 0; k < 2; ++k) {
    Do(*s, "snipe " + U(j) + " w1 " + U(a));
    Do(*s, "die 1");
    Do(*s, "die 1");
    Do(*s, "die 1");
  }
  EXPECT_EQ(Why(*s, "snipe " + U(j) + " w1 " + U(b)), "");  // the third attack
  EXPECT_EQ(s->attacks_of(*s->unit(j), 0), 3);
}

// 8.1.5 AC-05 Sharpshooter: the Panzerfaust may attack Parman (position 4) directly.
TEST(RivetActionCards, Content8_1_5_Sharpshooter) {
  auto g = MakeGame(4);
  auto s = Start(*g);
  const int pf = Put(*s, "panzerfaust", "d5", "NW");
  Put(*s, "rifleman", "d7", "NW");
  const int p = Put(*s, "parman", "d7", "SE");
  Give(*s, kBismark, "AC-05");
  EnterPhase(*s, kBismark, Phase::kCombat);
  Do(*s, "activate d5");
  EXPECT_NE(Why(*s, "snipe " + U(pf) + " w1 " + U(p)).find("Sniper"), std::string::npos);
  Do(*s, "play AC-05 " + U(pf));
  Do(*s, "snipe " + U(pf) + " w1 " + U(p));
  EXPECT_EQ(s->pending.queue, std::vector<int>{p});
}

// 8.1.6 AC-06 Massed Volley: 4 dice against a Panzerfaust; a chart 0 stays 0 (R13).
TEST(RivetActionCards, Content8_1_6_MassedVolley) {
  auto g = MakeGame(4);
  auto s = Start(*g);
  const int r = Put(*s, "rifleman", "d7", "NW");
  Put(*s, "panzerfaust", "d5", "NW");
  Put(*s, "monowheel_dragoon", "c5", "S");
  Give(*s, kAllies, "AC-06");
  EnterPhase(*s, kAllies, Phase::kCombat);
  Do(*s, "activate d7");
  Do(*s, "play AC-06");
  EXPECT_NE(Why(*s, "attack " + U(r) + " w1 c5").find("0 dice"), std::string::npos);
  Do(*s, "attack " + U(r) + " w1 d5");
  EXPECT_EQ(s->pending.dice, 4);
}

// 8.1.12 AC-12 Forced March: b9 -> b8 -> b7 with the card; without it the second step is refused.
TEST(RivetActionCards, Content8_1_12_ForcedMarch) {
  auto g = MakeGame(4);
  auto s = Start(*g);
  const int r = Put(*s, "rifleman", "b9", "SW");
  Give(*s, kAllies, "AC-12");
  EnterPhase(*s, kAllies, Phase::kMovement);
  Do(*s, "activate b9");
  EXPECT_EQ(s->unit(r)->mp_left, 1);
  Do(*s, "play AC-12");
  Do(*s, "step " + U(r) + " N SW");
  Do(*s, "step " + U(r) + " N SW");
  EXPECT_EQ(s->seg_name(s->unit(r)->seg), "b7");
}

// 8.1.13 AC-13 Duckboard Sprint: the Panzerfaust (Runner) gets 2 MP, the Jäger 1.
TEST(RivetActionCards, Content8_1_13_DuckboardSprint) {
  auto g = MakeGame(4);
  auto s = Start(*g);
  const int pf = Put(*s, "panzerfaust", "d1", "NW");
  const int j = Put(*s, "jaeger_erwin_koenig", "d1", "NE");
  Give(*s, kBismark, "AC-13");
  EnterPhase(*s, kBismark, Phase::kMovement);
  Do(*s, "activate d1");
  EXPECT_EQ(s->unit(pf)->mp_left, 1);
  Do(*s, "play AC-13");
  EXPECT_EQ(s->unit(pf)->mp_left, 2);
  EXPECT_EQ(s->unit(j)->mp_left, 1);
}

// 8.1.14 AC-14 Wire Cutters: the wire in c6 is removed; a Rocket Cycle alone cannot play it.
TEST(RivetActionCards, Content8_1_14_WireCutters) {
  auto g = MakeGame(4);
  auto s = Start(*g);
  const int r = Put(*s, "rifleman", "c7", "NW");
  Give(*s, kAllies, "AC-14");
  EnterPhase(*s, kAllies, Phase::kMovement);
  Do(*s, "activate c7");
  EXPECT_NE(Why(*s, "step " + U(r) + " N NW").find("barbed wire"), std::string::npos);
  Do(*s, "play AC-14 c6");
  Do(*s, "step " + U(r) + " N NW");
  EXPECT_EQ(s->seg_name(s->unit(r)->seg), "c6");
  auto s2 = Start(*g);
  Put(*s2, "rocket_cycle", "c7", "S");
  Give(*s2, kAllies, "AC-14");
  EnterPhase(*s2, kAllies, Phase::kMovement);
  Do(*s2, "activate c7");
  EXPECT_NE(Why(*s2, "play AC-14 c6").find("infantry"), std::string::npos);
}

// 8.1.15 AC-15 Sappers: the e6 minefield removed, a Rocket Cycle enters e6 unharmed.
TEST(RivetActionCards, Content8_1_15_Sappers) {
  auto g = MakeGame(4);
  auto s = Start(*g);
  Put(*s, "rifleman", "d6", "NW");
  const int rc = Put(*s, "rocket_cycle", "f7", "S");
  Give(*s, kAllies, "AC-15");
  EnterPhase(*s, kAllies, Phase::kMovement);
  Do(*s, "activate d6");
  Do(*s, "play AC-15 e6 minefield");
  EXPECT_FALSE(s->terrain_in(Seg(*s, "e6"), Terrain::kMinefield));
  Do(*s, "activate f7");
  Do(*s, "step " + U(rc) + " NW S");
  EXPECT_FALSE(s->pending.active);
}

// 8.1.16 / 8.1.17 Field Repairs and Stretcher Bearers in the wrap-up (W7).
TEST(RivetActionCards, Content8_1_16_17_Repairs) {
  auto g = MakeGame(4);
  auto s = Start(*g);
  const int o = Put(*s, "mt1_ostrich", "a8", "all", 2);
  const int p = Put(*s, "parman", "b8", "NW", 1);
  Give(*s, kAllies, "AC-16");
  Give(*s, kAllies, "AC-17");
  Do(*s, "end");
  Do(*s, "end");
  Do(*s, "end");
  ASSERT_EQ(s->phase, Phase::kWrapUp);
  EXPECT_NE(Why(*s, "play AC-16 " + U(p)), "");
  Do(*s, "play AC-16 " + U(o));
  EXPECT_EQ(s->unit(o)->damage, 1);
  EXPECT_NE(Why(*s, "play AC-17 " + U(p)).find("one card per window"), std::string::npos);
  Do(*s, "end");
  EXPECT_EQ(s->active, kBismark);
}

// 8.1.20 AC-20 Reinforcements: a ninth Panzerfaust for free; with 9 on the map it is refused.
TEST(RivetActionCards, Content8_1_20_Reinforcements) {
  auto g = MakeGame(4);
  auto s = Start(*g, /*bismark_first=*/true);
  for (int i = 0; i < 8; ++i)
    Put(*s, "panzerfaust", std::string(1, static_cast<char>('a' + i)) + "2", "NW");
  Give(*s, kBismark, "AC-20");
  s->dp[kBismark] = 0;
  Do(*s, "play AC-20 a1 SE");
  EXPECT_EQ(s->units.size(), 9u);
  EXPECT_EQ(s->dp[kBismark], 0);
  s->discard.pop_back();  // the card back into the hand: now the miniature limit refuses it
  s->hands[kBismark].push_back(Card("AC-20"));
  s->window_used = false;
  EXPECT_NE(Why(*s, "play AC-20 b1 SE"), "");
}

// 8.1.21 AC-21 Supply Convoy (mission 7): 6 DP; unspent DP lapse.
TEST(RivetActionCards, Content8_1_21_SupplyConvoy) {
  auto g = MakeGame(7);
  auto s = Start(*g);
  Give(*s, kAllies, "AC-21");
  Do(*s, "play AC-21");
  EXPECT_EQ(s->dp[kAllies], 6);
  Do(*s, "deploy rocket_cycle a9 N");
  Do(*s, "deploy rocket_cycle b9 N");
  Do(*s, "deploy rifleman c9 NW");
  Do(*s, "end");
  EXPECT_EQ(s->dp[kAllies], 0);
}

// 8.1.22 AC-22 Forward Depot (mission 7): c7 (bunker, own infantry) becomes a deployment
// segment for infantry; a Rocket Cycle is refused there; d7 is refused.
TEST(RivetActionCards, Content8_1_22_ForwardDepot) {
  auto g = MakeGame(7);
  auto s = Start(*g);
  Put(*s, "rifleman", "c7", "NW");
  Give(*s, kAllies, "AC-22");
  EXPECT_NE(Why(*s, "deploy rifleman c7 NE").find("deployment segments"), std::string::npos);
  Do(*s, "play AC-22");
  Do(*s, "deploy rifleman c7 NE");
  EXPECT_NE(Why(*s, "deploy rocket_cycle c7 S").find("bunker"), std::string::npos);
  EXPECT_NE(Why(*s, "deploy rifleman d7 NW").find("deployment segments"), std::string::npos);
}

// 8.1.23 AC-23 Rivet Requisition in W1: 1 rivet becomes 3.
TEST(RivetActionCards, Content8_1_23_RivetRequisition) {
  auto g = MakeGame(4);
  auto s = std::unique_ptr<RivetState>(static_cast<RivetState*>(g->new_initial_state().release()));
  s->apply(Action(kInitiative, {6, 1}));
  Give(*s, kAllies, "AC-23");
  ASSERT_EQ(s->phase, Phase::kCards);
  Do(*s, "draw-secret SM-09");
  Do(*s, "draw-secret SM-05");
  ASSERT_EQ(s->current_seat(), kAllies);
  EXPECT_EQ(s->rivets[kAllies], 1);
  Do(*s, "play AC-23");
  EXPECT_EQ(s->rivets[kAllies], 3);
  EXPECT_EQ(s->phase, Phase::kDeployment);
}

// 8.1.24 AC-24 Change of Orders: SM-05 to the discard pile, a new one drawn; refused in
// mission 2 (no secret missions).
TEST(RivetActionCards, Content8_1_24_ChangeOfOrders) {
  auto g = MakeGame(4);
  auto s = std::unique_ptr<RivetState>(static_cast<RivetState*>(g->new_initial_state().release()));
  s->apply(Action(kInitiative, {6, 1}));
  Give(*s, kAllies, "AC-24");
  Do(*s, "draw-secret SM-09");
  Do(*s, "draw-secret SM-05");
  Do(*s, "play AC-24 SM-05");
  EXPECT_EQ(s->sm_discard.size(), 1u);
  ASSERT_EQ(s->current_seat(), kChance);
  Do(*s, "draw-secret SM-01");
  EXPECT_EQ(s->secrets[kAllies].size(), 2u);
  EXPECT_EQ(s->phase, Phase::kDeployment);
  auto g2 = MakeGame(2);
  auto s2 = Start(*g2);
  Give(*s2, kAllies, "AC-24");
  EXPECT_NE(Why(*s2, "play AC-24 SM-01"), "");
}

std::string FirstInDeck(const RivetState& s, Deviation d) {
  for (int c : s.deck)
    if (ShippedData().actions[static_cast<size_t>(c)].deviation == d)
      return ShippedData().actions[static_cast<size_t>(c)].id;
  return "";
}

// 8.1.7 AC-07 Lucky Charm (W4): the miss 1, 2, 4 is re-rolled to 6, 1, 1 and hits.
TEST(RivetActionCards, Content8_1_7_LuckyCharm) {
  auto g = MakeGame(4);
  auto s = Start(*g);
  const int r = Put(*s, "rifleman", "d7", "NW");
  const int pf = Put(*s, "panzerfaust", "d5", "NW");
  Give(*s, kAllies, "AC-07");
  EnterPhase(*s, kAllies, Phase::kCombat);
  Do(*s, "activate d7");
  Do(*s, "attack " + U(r) + " w1 d5");
  Do(*s, "die 1");
  Do(*s, "die 2");
  Do(*s, "die 4");
  ASSERT_EQ(s->current_seat(), kAllies);
  EXPECT_EQ(s->decision().kind, "reaction");
  Do(*s, "play AC-07");
  EXPECT_TRUE(s->pending.rolled.empty());
  Do(*s, "die 6");
  Do(*s, "die 1");
  Do(*s, "die 1");
  EXPECT_EQ(s->unit(pf), nullptr);
}

// 8.1.8 AC-08 Creeping Barrage (W5): aimed at e8, deviation F (south for Bismark) -> e9: the
// Rifleman with 2 dice, then the Rocket Cycle with 1 die. Aimed at e9: off the map, no effect.
TEST(RivetActionCards, Content8_1_8_CreepingBarrage) {
  auto g = MakeGame(4);
  auto s = Start(*g);
  const int r = Put(*s, "rifleman", "e9", "NW");
  const int rc = Put(*s, "rocket_cycle", "e9", "S");
  Give(*s, kBismark, "AC-08");
  EnterPhase(*s, kBismark, Phase::kCombat);
  Do(*s, "play AC-08 e8");
  ASSERT_EQ(s->current_seat(), kChance);
  Do(*s, "draw AC-02");  // F
  EXPECT_EQ(s->seg_name(s->pending.seg), "e9");
  EXPECT_EQ(s->pending.queue, (std::vector<int>{r, rc}));
  EXPECT_EQ(s->pending.dice, 2);
  Do(*s, "die 1");
  Do(*s, "die 1");
  EXPECT_EQ(s->pending.dice, 1);
  EXPECT_EQ(s->discard.back(), Card("AC-02"));
  auto s2 = Start(*g);
  Put(*s2, "rifleman", "e9", "NW");
  Give(*s2, kBismark, "AC-08");
  EnterPhase(*s2, kBismark, Phase::kCombat);
  Do(*s2, "play AC-08 e9");
  Do(*s2, "draw AC-02");
  EXPECT_FALSE(s2->pending.active);
}

// 8.1.9 AC-09 Satchel Charge (W5): 3 dice against the Sturmpanzer; the Rifleman counts as
// activated; an infantry target is refused.
TEST(RivetActionCards, Content8_1_9_SatchelCharge) {
  auto g = MakeGame(4);
  auto s = Start(*g);
  const int r = Put(*s, "rifleman", "b6", "NW");
  const int st = Put(*s, "sturmpanzer", "b5", "all");
  const int pf = Put(*s, "panzerfaust", "a5", "NW");
  Give(*s, kAllies, "AC-09");
  EnterPhase(*s, kAllies, Phase::kCombat);
  EXPECT_NE(Why(*s, "play AC-09 " + U(r) + " " + U(pf)), "");
  Do(*s, "play AC-09 " + U(r) + " " + U(st));
  EXPECT_EQ(s->pending.dice, 3);
  Do(*s, "die 5");
  Do(*s, "die 2");
  Do(*s, "die 2");
  EXPECT_EQ(s->unit(st)->damage, 1);
  EXPECT_NE(Why(*s, "activate b6").find("at most once"), std::string::npos);
}

// 8.1.10 AC-10 Smoke Screen (W5): d6 smoked (ON); the MG08 rolls 1 die instead of 2, the
// Panzerfaust still 1; at the start of the next Allied turn the smoke is gone.
TEST(RivetActionCards, Content8_1_10_SmokeScreen) {
  auto g = MakeGame(4, ShippedData(), InitiativeOnce());
  auto s = Start(*g);
  const int r = Put(*s, "rifleman", "d6", "NW");
  const int mg = Put(*s, "mg08_schlitten", "d4", "N");
  const int pf = Put(*s, "panzerfaust", "c4", "NW");
  Give(*s, kAllies, "AC-10");
  EnterPhase(*s, kAllies, Phase::kCombat);
  Do(*s, "play AC-10 d6");
  Do(*s, "draw " + FirstInDeck(*s, Deviation::kOn));
  ASSERT_EQ(s->smoke.size(), 1u);
  EXPECT_EQ(s->dice_against(*s->unit(r), 2, 0), 1);
  EXPECT_EQ(s->dice_against(*s->unit(r), 1, 0), 1);
  (void)mg;
  (void)pf;
  Do(*s, "end");
  Do(*s, "end");  // movement ends: Bismark's turn
  Cards(*s);
  EXPECT_EQ(s->smoke.size(), 1u);
  Do(*s, "end");
  Do(*s, "end");
  Do(*s, "end");
  Cards(*s);
  EXPECT_TRUE(s->smoke.empty());  // the start of the next Allied turn
}

// 8.1.11 AC-11 Bogged Down (W5): the Dragoon on the open S pair of c3 may not move in the next
// Bismark turn (Rapid Assault and movement), may attack, and moves again a turn later; on the
// duckboard N pair it cannot be chosen.
TEST(RivetActionCards, Content8_1_11_BoggedDown) {
  auto g = MakeGame(4);
  auto s = Start(*g);
  const int d = Put(*s, "monowheel_dragoon", "c3", "S");
  Put(*s, "rifleman", "c4", "NW");
  Give(*s, kAllies, "AC-11");
  EnterPhase(*s, kAllies, Phase::kCombat);
  Do(*s, "play AC-11 " + U(d));
  EnterPhase(*s, kBismark, Phase::kCombat);
  Do(*s, "activate c3");
  EXPECT_NE(Why(*s, "rush " + U(d) + " W S").find("bogged"), std::string::npos);
  EXPECT_EQ(Why(*s, "attack " + U(d) + " w1 c4"), "");
  Do(*s, "end");
  Do(*s, "activate c3");
  EXPECT_NE(Why(*s, "step " + U(d) + " W S").find("bogged"), std::string::npos);
  Do(*s, "end");  // wrap-up clears it
  EXPECT_FALSE(s->unit(d)->bogged);
  auto s2 = Start(*g);
  const int d2 = Put(*s2, "monowheel_dragoon", "c3", "N");
  Give(*s2, kAllies, "AC-11");
  EnterPhase(*s2, kAllies, Phase::kCombat);
  EXPECT_NE(Why(*s2, "play AC-11 " + U(d2)), "");
}

// 8.1.18 AC-18 Take Cover! (W8): the MG08's 2 dice become 1 against the Rifleman.
TEST(RivetActionCards, Content8_1_18_TakeCover) {
  auto g = MakeGame(4);
  auto s = Start(*g);
  Put(*s, "rifleman", "d6", "NW");
  const int mg = Put(*s, "mg08_schlitten", "d4", "N");
  Give(*s, kAllies, "AC-18");
  EnterPhase(*s, kBismark, Phase::kCombat);
  Do(*s, "activate d4");
  Do(*s, "attack " + U(mg) + " w1 d6");
  ASSERT_EQ(s->current_seat(), kAllies);  // the defender's window
  Do(*s, "play AC-18");
  EXPECT_EQ(s->pending.dice, 1);
  EXPECT_EQ(s->current_seat(), kChance);
}

// 8.1.19 AC-19 Dud Shell (W9): the hit on the NW Rifleman is cancelled and the chain stops.
TEST(RivetActionCards, Content8_1_19_DudShell) {
  auto g = MakeGame(4);
  auto s = Start(*g);
  const int r1 = Put(*s, "rifleman", "d6", "NW");
  const int r2 = Put(*s, "rifleman", "d6", "NE");
  const int d = Put(*s, "monowheel_dragoon", "d5", "S");
  Give(*s, kAllies, "AC-19");
  s->hands[kBismark].clear();  // no W4 window (AC-07) for the attacker
  EnterPhase(*s, kBismark, Phase::kCombat);
  Do(*s, "activate d5");
  Do(*s, "attack " + U(d) + " w1 d6");
  // W8: with a card in hand the allies could hold Take Cover!, so they are asked (and decline).
  ASSERT_EQ(s->current_seat(), kAllies);
  Do(*s, "end");
  Do(*s, "die 6");
  Do(*s, "die 2");
  ASSERT_EQ(s->current_seat(), kAllies);
  Do(*s, "play AC-19");
  EXPECT_NE(s->unit(r1), nullptr);
  EXPECT_NE(s->unit(r2), nullptr);
  EXPECT_FALSE(s->pending.active);
}

}  // namespace
}  // namespace feldherr::rivet::testing
