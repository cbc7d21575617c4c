// The test cases WP 14.1-14.19 of docs/rules/westerplatte.md, with injected card draws.
#include <gtest/gtest.h>

#include "tests/westerplatte/wp_test_util.h"

namespace feldherr::westerplatte::testing {
namespace {

// WP 14.1 joint fire (rulebook example): both officers on E, each owner spends 1 ammo.
TEST(WpSpec, WP14_1_JointFire) {
  auto s = fresh("medium", 2, "E");
  s->place_for_test(4, card_index(*s, "P1-13"), 0);  // lane E, endurance 2
  const int day_pile = s->pile_[1];
  play(*s, "fire E o1+o2");
  EXPECT_EQ(s->ammo_[0], 1);
  EXPECT_EQ(s->ammo_[1], 1);
  EXPECT_EQ(s->lane_card_[4], -1);
  EXPECT_EQ(s->pile_[1], day_pile + 1);
  EXPECT_EQ(s->card_loc_[static_cast<size_t>(card_index(*s, "P1-13"))], 1);
}

// WP 14.2 joint fire without own ammo: only the other player's ammo is spent.
TEST(WpSpec, WP14_2_JointFireWithoutOwnAmmo) {
  auto s = fresh("medium", 2, "E");
  s->place_for_test(4, card_index(*s, "P1-13"), 0);
  s->supply_ammo_ = static_cast<int8_t>(s->supply_ammo_ + s->ammo_[0]);
  s->ammo_[0] = 0;
  EXPECT_NE(s->why_illegal(act(*s, "fire E o1+o2")), "");
  EXPECT_NE(s->why_illegal(act(*s, "fire E o1")), "");
  play(*s, "fire E o2");
  EXPECT_EQ(s->ammo_[1], 1);
  EXPECT_EQ(s->lane_card_[4], card_index(*s, "P1-13"));
  EXPECT_EQ(s->lane_damage_[4], 1);
}

// WP 14.3 German attack (rulebook example).
TEST(WpSpec, WP14_3_GermanAttack) {
  auto s = fresh("medium", 2, "T3");
  s->place_for_test(0, card_index(*s, "P1-01"), 1);  // MG lane A, space II
  s->place_for_test(2, card_index(*s, "P1-18"), 0);  // howitzer lane C
  s->place_for_test(3, card_index(*s, "P1-11"), 3);  // MG power 1, lane D, space IV
  s->place_for_test(4, card_index(*s, "P1-13"), 3);  // MG power 2, lane E, space IV
  s->bricks_[4] = 1;
  play(*s, "end");
  // The overflow from E asks the players: T5 ("the left field") or T6.
  ASSERT_EQ(s->tasks_.back().type, tOverflow);
  EXPECT_EQ(s->current_seat(), 0);
  play(*s, "overflow T5");
  EXPECT_EQ(s->bricks_[static_cast<size_t>(field("A"))], 6);
  EXPECT_EQ(s->bricks_[static_cast<size_t>(field("C"))], 5);
  EXPECT_EQ(s->bricks_[static_cast<size_t>(field("D"))], 5);
  EXPECT_EQ(s->bricks_[static_cast<size_t>(field("E"))], 0);
  EXPECT_EQ(s->bricks_[static_cast<size_t>(field("T5"))], 5);
  EXPECT_EQ(s->bricks_[static_cast<size_t>(field("T6"))], 6);
  EXPECT_EQ(s->current_seat(), kChance);  // phase 3 draw follows
}

// WP 14.4 lane assignment (rulebook example): A, D, E occupied, a lane-D card goes to B (W20).
TEST(WpSpec, WP14_4_LaneAssignment) {
  auto s = fresh("medium", 2, "T3");
  s->place_for_test(0, card_index(*s, "P2-22"), 0);
  s->place_for_test(3, card_index(*s, "P2-25"), 0);
  s->place_for_test(4, card_index(*s, "P2-26"), 0);
  play(*s, "end");
  while (s->current_seat() != kChance) play(*s, s->describe(s->legal_actions()[0]));
  s->apply(act(*s, "draw P1-12"));  // MG lane D
  EXPECT_EQ(s->lane_card_[1], card_index(*s, "P1-12"));
}

// WP 14.5 all lanes full: morale -1, the card's lanes move, the card goes under the deck.
TEST(WpSpec, WP14_5_AllLanesFull) {
  auto s = fresh("medium", 2, "T3");
  s->place_for_test(0, card_index(*s, "P1-01"), 0);  // fast MG, moves with mark A
  s->place_for_test(1, card_index(*s, "P1-05"), 0);
  s->place_for_test(2, card_index(*s, "P1-08"), 0);
  s->place_for_test(3, card_index(*s, "P1-11"), 0);
  s->place_for_test(4, card_index(*s, "P1-14"), 0);
  const int morale = s->morale_;
  const int piles = s->discarded();
  play(*s, "end");
  s->apply(act(*s, "draw P1-10"));  // lane D, marks A and C
  EXPECT_EQ(s->morale_, morale - 1);
  ASSERT_EQ(s->tasks_.back().type, tStock);  // L1: the players choose what to lose (WP 8)
  play(*s, "stock rebuild");
  EXPECT_EQ(s->card_loc_[static_cast<size_t>(card_index(*s, "P1-10"))], WpState::kUnder);
  ASSERT_EQ(s->under_.size(), 1u);
  EXPECT_EQ(s->discarded(), piles);
  EXPECT_EQ(s->lane_space_[0], 3);  // lane A moved (speed 3)
  EXPECT_EQ(s->lane_space_[2], 3);  // lane C moved
  EXPECT_EQ(s->lane_space_[1], 0);
  // The card sent under is drawn only after every other card.
  EXPECT_EQ(s->deck_size(), 64 - 1 - 5);
}

// WP 14.6 movement (rulebook example).
TEST(WpSpec, WP14_6_Movement) {
  auto s = fresh("medium", 2, "T3");
  s->place_for_test(0, card_index(*s, "P1-01"), 0);  // speed-3 MG on A, space I
  s->place_for_test(2, card_index(*s, "P1-18"), 0);  // howitzer on C
  play(*s, "end");
  ASSERT_EQ(s->current_seat(), kChance);
  s->apply(act(*s, "draw P1-10"));  // lane D, marks A and C
  EXPECT_EQ(s->lane_card_[3], card_index(*s, "P1-10"));
  EXPECT_EQ(s->lane_space_[0], 3);
  EXPECT_EQ(s->lane_space_[2], 0);
  EXPECT_EQ(s->lane_space_[3], 0);  // D is not among its own marks
}

// WP 14.7 mine.
TEST(WpSpec, WP14_7_Mine) {
  auto s = fresh("medium", 1, "T3");  // solo: o1, o2 on T3 (mines tile)
  play(*s, "mine B");
  EXPECT_EQ(s->mine_[1], 1);
  EXPECT_EQ(s->mines_, 3);
  play(*s, "end");
  const int pile = s->pile_[1];
  s->apply(act(*s, "draw P1-05"));  // MG lane B
  EXPECT_EQ(s->lane_card_[1], -1);
  EXPECT_EQ(s->mine_[1], 0);
  EXPECT_EQ(s->pile_[1], pile + 1);
}

// WP 14.8 mortar on endurance 1.
TEST(WpSpec, WP14_8_MortarEndurance1) {
  auto s = fresh("medium", 1, "T2");
  s->place_for_test(0, card_index(*s, "P1-01"), 2);
  play(*s, "mortar A");
  EXPECT_EQ(s->lane_card_[0], -1);
  EXPECT_EQ(s->shells_, 3);
  EXPECT_EQ(s->card_loc_[static_cast<size_t>(card_index(*s, "P1-01"))], 1);
}

// WP 14.9 mortar on endurance 3.
TEST(WpSpec, WP14_9_MortarEndurance3) {
  auto s = fresh("medium", 1, "T2");
  s->place_for_test(0, card_index(*s, "P2-02"), 0);
  play(*s, "mortar A");
  EXPECT_EQ(s->lane_card_[0], card_index(*s, "P2-02"));
  EXPECT_EQ(s->lane_damage_[0], 2);
}

// WP 14.10 rebuild overflow.
TEST(WpSpec, WP14_10_RebuildOverflow) {
  auto s = fresh("medium", 1, "T4");
  s->bricks_[static_cast<size_t>(field("B"))] = 5;
  play(*s, "rebuild B");
  EXPECT_EQ(s->bricks_[static_cast<size_t>(field("B"))], 6);
  EXPECT_EQ(s->surplus_, 1);
  EXPECT_EQ(s->rebuild_, 6);
}

// WP 14.11 rebuild without damage is rejected.
TEST(WpSpec, WP14_11_RebuildWithoutDamage) {
  auto s = fresh("medium", 1, "T4");
  for (auto& b : s->bricks_) b = 6;
  const std::string why = s->why_illegal(act(*s, "rebuild B"));
  EXPECT_NE(why.find("WP 7.2 D"), std::string::npos) << why;
  for (const Action& a : s->legal_actions()) EXPECT_NE(a.verb, kVRebuild);
}

// WP 14.12 morale from low: L2 -> START, no H1 effect.
TEST(WpSpec, WP14_12_MoraleFromLow) {
  auto s = fresh("medium", 1, "T1");
  s->morale_ = 1;  // green track: L3 L2 L1 START ...
  ASSERT_EQ(s->level_code(), kMoraleL2);
  const int shells = s->shells_, mines = s->mines_, rebuild = s->rebuild_;
  play(*s, "morale");
  EXPECT_EQ(s->level_code(), kMoraleStart);
  EXPECT_EQ(s->tasks_.back().type, tPlayer);  // no H1 choice pending
  EXPECT_EQ(s->shells_, shells);
  EXPECT_EQ(s->mines_, mines);
  EXPECT_EQ(s->rebuild_, rebuild);
}

// WP 14.13 morale H3 with 3 players: 4 extra-action markers split 2/1/1, players choose.
TEST(WpSpec, WP14_13_MoraleH3) {
  auto s = fresh("medium", 3, "T1");
  s->morale_ = 5;  // H2
  ASSERT_EQ(s->level_code(), kMoraleH2);
  play(*s, "morale");
  EXPECT_EQ(s->level_code(), kMoraleStart);
  ASSERT_EQ(s->tasks_.back().type, tGive);
  EXPECT_EQ(s->legal_actions().size(), 3u);
  play(*s, "give p2");
  EXPECT_EQ(s->extra_action_[0], 1);
  EXPECT_EQ(s->extra_action_[1], 2);
  EXPECT_EQ(s->extra_action_[2], 1);
  EXPECT_EQ(s->tasks_.back().type, tPlayer);
}

// WP 14.14 morale L3: the players hold 3 ammo in total and lose all of it.
TEST(WpSpec, WP14_14_MoraleL3) {
  auto s = fresh("medium", 2, "T3");
  s->morale_ = 1;  // L2
  s->ammo_[0] = 2;
  s->ammo_[1] = 1;
  s->supply_ammo_ = static_cast<int8_t>(16 - 3);
  play(*s, "end");
  s->apply(act(*s, "draw P1-22"));  // morale loss
  EXPECT_EQ(s->ammo_[0], 0);
  EXPECT_EQ(s->ammo_[1], 0);
  EXPECT_EQ(s->supply_ammo_, 16);
  EXPECT_EQ(s->level_code(), kMoraleStart);
}

// WP 14.15 day end with an overflow card (W4): the 8th card, then a morale loss to day 3.
TEST(WpSpec, WP14_15_DayEndWithOverflowCard) {
  auto s = fresh("medium", 2, "A");
  s->day_ = 2;
  // Seven cards on the day-2 pile.
  int moved = 0;
  for (size_t c = 0; c < s->card_loc_.size() && moved < 7; ++c) {
    if (s->card_loc_[c] != WpState::kInDeck || s->wp().data().cards[c].phase != 2) continue;
    s->card_loc_[c] = 2;
    ++moved;
  }
  s->pile_[2] = 7;
  s->place_for_test(0, card_index(*s, "P1-01"), 0);
  play(*s, "fire A o1");
  EXPECT_EQ(s->pile_[2], 8);
  const int morale = s->morale_;
  play(*s, "end");
  s->apply(act(*s, "draw P1-23"));  // morale loss
  EXPECT_EQ(s->morale_, morale - 1);
  EXPECT_EQ(s->card_loc_[static_cast<size_t>(card_index(*s, "P1-23"))], 3);
  EXPECT_EQ(s->pile_[3], 1);
  // L1 effect: choose what to lose, then the day ends and an event is drawn.
  while (s->current_seat() == 0 && s->tasks_.back().type != tPlayer)
    play(*s, s->describe(s->legal_actions()[0]));
  EXPECT_EQ(s->current_seat(), kChance);
  EXPECT_EQ(s->tasks_.back().type, tEventDraw);
  s->apply(act(*s, "event EP6"));
  EXPECT_EQ(s->day_, 3);
  EXPECT_EQ(s->player_, 1);
}

// WP 14.16 loss: a second guard post reaching 0 ends the game at once.
TEST(WpSpec, WP14_16_Loss) {
  auto s = fresh("medium", 2, "T3");
  s->bricks_[static_cast<size_t>(field("T1"))] = 0;
  s->bricks_[static_cast<size_t>(field("A"))] = 0;
  s->bricks_[static_cast<size_t>(field("T2"))] = 1;
  s->place_for_test(0, card_index(*s, "P1-18"), 0);  // howitzer hits A, overflows to T2 only
  play(*s, "end");
  EXPECT_TRUE(s->is_terminal());
  EXPECT_EQ(s->result().summary, "defenders lose");
  EXPECT_EQ(s->result().returns, std::vector<double>({-1.0, -1.0}));
}

// WP 14.17 win: day 7, the 8th card lands on its pile and the turn ends without a loss.
TEST(WpSpec, WP14_17_Win) {
  auto s = fresh("medium", 1, "A");
  s->day_ = 7;
  s->pos_left_ = s->neg_left_ = 0;
  int moved = 0;
  for (size_t c = 0; c < s->card_loc_.size() && moved < 7; ++c) {
    if (s->card_loc_[c] != WpState::kInDeck || s->wp().data().cards[c].phase != 2) continue;
    s->card_loc_[c] = 7;
    ++moved;
  }
  s->pile_[7] = 7;
  s->place_for_test(0, card_index(*s, "P1-01"), 0);
  play(*s, "fire A o1");
  EXPECT_EQ(s->pile_[7], 8);
  EXPECT_FALSE(s->is_terminal());  // the turn has not ended yet
  play(*s, "end");
  s->apply(act(*s, "draw P1-02"));  // a troop card: placed, no loss
  EXPECT_TRUE(s->is_terminal());
  EXPECT_EQ(s->result().summary, "defenders win");
}

// WP 14.18 setup with 2 players (W17): 1 card on the day-1 pile, 2 on lanes without movement.
TEST(WpSpec, WP14_18_SetupTwoPlayers) {
  auto g = make_game("medium", 2);
  auto st = g->new_initial_state();
  auto& s = static_cast<WpState&>(*st);
  const char* tiles[] = {"morale", "mortar", "mines", "rebuild", "ammo", "push_back"};
  for (int i = 0; i < 6; ++i)
    play(s, std::string("tile T") + std::to_string(i + 1) + " " + tiles[i]);
  play(s, "place o1 B");
  play(s, "place o2 D");
  play(s, "draw P1-03");
  EXPECT_EQ(s.pile_[1], 1);
  play(s, "draw P1-01");  // lane A, marks B and E
  play(s, "draw P1-07");  // lane B, marks A and E: no movement at setup
  EXPECT_EQ(s.lane_card_[0], card_index(s, "P1-01"));
  EXPECT_EQ(s.lane_card_[1], card_index(s, "P1-07"));
  EXPECT_EQ(s.lane_space_[0], 0);
  EXPECT_EQ(s.lane_space_[1], 0);
  EXPECT_EQ(s.ammo_[0], 2);
  EXPECT_EQ(s.ammo_[1], 2);
  EXPECT_EQ(s.supply_ammo_, 12);
  EXPECT_EQ(s.current_seat(), 0);  // p1 starts
}

// WP 14.19 ammo supply limit: "Get ammo" (4) with 2 left gives 2.
TEST(WpSpec, WP14_19_AmmoSupplyLimit) {
  auto s = fresh("medium", 2, "T5");
  s->ammo_[1] = static_cast<int8_t>(s->ammo_[1] + s->supply_ammo_ - 2);
  s->supply_ammo_ = 2;
  const int before = s->ammo_[0];
  play(*s, "ammo");
  EXPECT_EQ(s->ammo_[0], before + 2);
  EXPECT_EQ(s->supply_ammo_, 0);
}

}  // namespace
}  // namespace feldherr::westerplatte::testing
