// Rules beyond the test cases of WP 14 (docs/rules/westerplatte.md): moves and markers (WP 7.1,
// WP 8), burned paths and events (WP 10), the lane-overflow wrap (W20), the end-of-day-3 restock
// (WP 6), the text form, and the data loader (FILE:LINE errors, the stand-in deck's composition).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "engine/errors.h"
#include "tests/westerplatte/wp_test_util.h"

namespace feldherr::westerplatte::testing {
namespace {

TEST(WpRules, WP7_1_TwoMovesThenNoMore) {
  auto s = fresh("medium", 2, "C");
  play(*s, "move o1 B");
  play(*s, "move o1 A");
  const std::string why = s->why_illegal(act(*s, "move o1 B"));
  EXPECT_NE(why.find("WP 7.1"), std::string::npos) << why;
  // Another player's officer cannot be moved.
  EXPECT_NE(s->why_illegal(act(*s, "move o2 B")).find("another player"), std::string::npos);
}

TEST(WpRules, WP7_1_SoloOfficersMoveTwiceEachOneAction) {
  auto s = fresh("medium", 1, "C");
  play(*s, "move o1 B");
  play(*s, "move o1 A");
  play(*s, "move o2 D");
  play(*s, "move o2 E");
  EXPECT_NE(s->why_illegal(act(*s, "move o2 D")), "");
  s->place_for_test(4, card_index(*s, "P1-14"), 0);
  s->place_for_test(0, card_index(*s, "P1-01"), 0);
  play(*s, "fire E o2");
  // W10: one action in total for the solo player.
  EXPECT_NE(s->why_illegal(act(*s, "fire A o1")).find("one action per turn"), std::string::npos);
}

TEST(WpRules, WP8_ExtraMoveAndExtraActionMarkers) {
  auto s = fresh("medium", 2, "C");
  s->extra_move_[0] = 1;
  s->extra_action_[0] = 1;
  play(*s, "move o1 B");
  play(*s, "move o1 A");
  play(*s, "move o1 T1");  // third move uses the marker
  EXPECT_EQ(s->extra_move_[0], 0);
  EXPECT_NE(s->why_illegal(act(*s, "move o1 T2")), "");
  play(*s, "morale");
  play(*s, "morale");  // second action uses the extra-action marker
  EXPECT_EQ(s->extra_action_[0], 0);
  EXPECT_NE(s->why_illegal(act(*s, "morale")), "");
}

TEST(WpRules, WP8_RestrictedMoveAndCancel) {
  auto s = fresh("medium", 2, "C");
  s->restricted_[1] = 1;
  play(*s, "end");
  s->apply(act(*s, "draw P1-02"));  // p2's turn begins with a restricted-movement marker
  while (s->current_seat() != 1 || s->tasks_.back().type != tPlayer)
    play(*s, s->describe(s->legal_actions()[0]));
  EXPECT_EQ(s->restricted_now_, 1);
  EXPECT_EQ(s->restricted_[1], 0);
  play(*s, "move o2 B");
  EXPECT_NE(s->why_illegal(act(*s, "move o2 A")).find("WP 8"), std::string::npos);

  auto t = fresh("medium", 2, "C");
  t->restricted_[1] = 1;
  t->extra_move_[1] = 1;
  play(*t, "end");
  t->apply(act(*t, "draw P1-02"));
  EXPECT_EQ(t->restricted_now_, 0);  // they cancel out
  EXPECT_EQ(t->extra_move_[1], 0);
  EXPECT_EQ(t->restricted_[1], 0);
}

TEST(WpRules, WP10_BurnedPathBlocksUntilNextEvent) {
  auto s = fresh("medium", 2, "B");
  s->burned_ = static_cast<int8_t>(s->wp().data().passage_index(field("B"), field("C")));
  EXPECT_NE(s->why_illegal(act(*s, "move o1 C")).find("burned"), std::string::npos);
  play(*s, "move o1 T3");
  play(*s, "move o1 C");  // the detour
}

TEST(WpRules, WP10_BattleshipShellingOverflows) {
  auto s = fresh("medium", 2, "C");
  s->bricks_[static_cast<size_t>(field("B"))] = 1;
  s->day_ = 1;
  s->pile_[1] = 8;
  play(*s, "end");
  s->apply(act(*s, "draw P1-22"));  // morale loss -> L1 choice
  while (s->current_seat() == 0) play(*s, s->describe(s->legal_actions()[0]));
  ASSERT_EQ(s->tasks_.back().type, tEventDraw);
  s->apply(act(*s, "event EN1"));               // B and D, 2 each
  ASSERT_EQ(s->tasks_.back().type, tOverflow);  // B emptied: T2 or T3
  play(*s, "overflow T3");
  EXPECT_EQ(s->bricks_[static_cast<size_t>(field("B"))], 0);
  EXPECT_EQ(s->bricks_[static_cast<size_t>(field("T3"))], 5);
  EXPECT_EQ(s->bricks_[static_cast<size_t>(field("D"))], 4);
}

TEST(WpRules, W20_LaneOverflowWrapsToTheLeft) {
  auto s = fresh("medium", 2, "T3");
  s->place_for_test(1, card_index(*s, "P2-23"), 0);  // B
  s->place_for_test(3, card_index(*s, "P2-25"), 0);  // D
  s->place_for_test(4, card_index(*s, "P2-26"), 0);  // E
  play(*s, "end");
  while (s->current_seat() != kChance) play(*s, s->describe(s->legal_actions()[0]));
  s->apply(act(*s, "draw P1-13"));  // lane E: E occupied -> wrap to A
  EXPECT_EQ(s->lane_card_[0], card_index(*s, "P1-13"));
}

TEST(WpRules, WP6_EndOfDay3Restock) {
  auto s = fresh("hard", 2, "C");
  s->day_ = 3;
  s->pile_[3] = 8;
  s->shells_ = 0;
  s->mines_ = 1;
  s->rebuild_ = 0;
  s->supply_ammo_ = static_cast<int8_t>(s->supply_ammo_ + s->ammo_[0]);
  s->ammo_[0] = 0;
  play(*s, "end");
  s->apply(act(*s, "draw P1-02"));
  ASSERT_EQ(s->tasks_.back().type, tEventDraw);
  s->apply(act(*s, "event EN3"));
  EXPECT_EQ(s->day_, 4);
  EXPECT_EQ(s->shells_, 3);  // red side
  EXPECT_EQ(s->mines_, 3);
  EXPECT_EQ(s->rebuild_, 6);
  EXPECT_EQ(s->ammo_[0], 2);
  EXPECT_GE(s->burned_, 0);
}

TEST(WpRules, WP7_2_PushBackSkipsHowitzers) {
  auto s = fresh("easy", 2, "T6");
  s->place_for_test(0, card_index(*s, "P1-01"), 3);
  s->place_for_test(2, card_index(*s, "P1-18"), 0);
  s->place_for_test(4, card_index(*s, "P1-13"), 1);
  EXPECT_NE(s->why_illegal(act(*s, "push C")).find("W15"), std::string::npos);
  play(*s, "push A+E");
  EXPECT_EQ(s->lane_space_[0], 1);
  EXPECT_EQ(s->lane_space_[4], 0);
}

TEST(WpRules, DescribeParseRoundTripAndRefusals) {
  auto s = fresh("medium", 4, "E");
  s->place_for_test(4, card_index(*s, "P1-13"), 0);
  for (const Action& a : s->legal_actions()) {
    Action b;
    std::string error;
    ASSERT_TRUE(s->parse(s->describe(a), b, error)) << s->describe(a) << ": " << error;
    EXPECT_EQ(a, b);
  }
  Action x;
  std::string error;
  EXPECT_FALSE(s->parse("fly o1 Z", x, error));
  EXPECT_FALSE(error.empty());
  EXPECT_TRUE(s->parse("fire E o1+o2+o3+o4", x, error));
  EXPECT_EQ(s->why_illegal(x), "");
}

TEST(WpData, StandInDeckHonoursTheSpec) {
  const Data& d = shipped_data();
  int p1 = 0, p2 = 0;
  for (const AttackCard& c : d.cards) {
    (c.phase == 1 ? p1 : p2)++;
    if (c.kind == CardKind::kMg) {
      EXPECT_TRUE(c.speed == 1 || c.speed == 3) << c.id;
    }
    if (c.kind == CardKind::kHowitzer) {
      EXPECT_EQ(c.power, 1) << c.id;
    }
    EXPECT_FALSE(c.provenance.empty());
  }
  EXPECT_EQ(p1, 24);  // WP 1
  EXPECT_EQ(p2, 40);
  EXPECT_EQ(d.events.size(), 12u);
  EXPECT_EQ(d.passages.size(), 19u);
  for (int f = 0; f < kFdfs; ++f)
    for (int t : d.overflow[static_cast<size_t>(f)]) EXPECT_GE(d.passage_index(f, t), 0);
  EXPECT_EQ(d.bricks, 74);
}

TEST(WpData, MalformedFileGivesFileAndLine) {
  namespace fs = std::filesystem;
  const fs::path dir = fs::temp_directory_path() / "wp_data_test";
  fs::create_directories(dir);
  const fs::path src = fs::path(FELDHERR_SOURCE_DIR) / "data" / "westerplatte";
  for (const char* f : {"board.toml", "attack_cards.toml", "events.toml"})
    fs::copy_file(src / f, dir / f, fs::copy_options::overwrite_existing);
  {
    std::ofstream out(dir / "attack_cards.toml", std::ios::app);
    out << "\n[[card]]\nid = \"P9-01\"\nphase = 2\nkind = \"mg\"\nlane = \"F\"\n";
  }
  try {
    load_data(dir.string());
    FAIL() << "no error";
  } catch (const DataError& e) {
    const std::string m = e.what();
    EXPECT_NE(m.find("attack_cards.toml:"), std::string::npos) << m;
  }
  fs::remove_all(dir);
}

}  // namespace
}  // namespace feldherr::westerplatte::testing
