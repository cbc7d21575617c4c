// The board JSON for the web UI (games/westerplatte/web_board.cc, GameModule::board) and the
// certain outcome the odds panel shows for an attack from a field or a mortar shot
// (GameModule::odds, asked as the server asks: engine/view.h odds_for).
#include <gtest/gtest.h>

#include <set>

#include "engine/view.h"
#include "tests/westerplatte/wp_test_util.h"

namespace feldherr::westerplatte::testing {
namespace {

json board_of(const std::string& level, int players) {
  auto g = make_game(level, players);
  const GameModule* m = all_games().find("westerplatte");
  EXPECT_TRUE(m != nullptr && m->board);
  return m->board(*g);
}

// WP 2 / content 1.2-1.4: eleven fields (guard posts T1-T6 in a row behind the forward defence
// fields A-E), each field's neighbours along the 19 paths, each FDF facing its lane and
// overflowing into two guard posts joined to it.
TEST(WpBoard, WP2_FieldsPathsAndLanesAsTheBoardHasThem) {
  const json b = board_of("medium", 2);
  EXPECT_EQ(b["kind"], "westerplatte");
  EXPECT_EQ(b["game"], "westerplatte");
  EXPECT_EQ(b["seats"], json({"p1", "p2"}));
  EXPECT_EQ(b["officers"], 2);
  EXPECT_EQ(b["title"], "7 Tage der Westerplatte — Medium");
  EXPECT_EQ(b["title_de"], "7 Tage der Westerplatte — Mäßig schwierig");
  ASSERT_EQ(b["fields"].size(), 11u);
  for (int f = 0; f < kFields; ++f) {
    const json& fj = b["fields"][static_cast<size_t>(f)];
    EXPECT_EQ(fj["id"], field_name(f));
    EXPECT_EQ(fj["type"], f < kFdfs ? "fdf" : "post");
    EXPECT_EQ(fj["y"], f < kFdfs ? 1 : 0);
  }
  // C: between B and D, joined to T3 and T4 (content 1.3), overflowing into them (content 1.4).
  const json& c = b["fields"][2];
  EXPECT_EQ(c["neighbours"], json({"B", "D", "T3", "T4"}));
  EXPECT_EQ(c["lane"], "C");
  EXPECT_EQ(c["overflow"], json({"T3", "T4"}));
  EXPECT_DOUBLE_EQ(c["x"].get<double>(), 2.5);
  EXPECT_EQ(b["fields"][5]["neighbours"], json({"A", "T2"}));  // T1
  EXPECT_EQ(b["paths"].size(), 19u);
  for (const json& p : b["paths"]) {  // every path joins two neighbours
    const int a = field_from_name(p[0].get<std::string>());
    ASSERT_GE(a, 0);
    const json& nb = b["fields"][static_cast<size_t>(a)]["neighbours"];
    EXPECT_NE(std::find(nb.begin(), nb.end(), p[1]), nb.end()) << p;
  }
  EXPECT_EQ(b["spaces"], json({"I", "II", "III", "IV"}));  // W1
  ASSERT_EQ(b["lanes"].size(), 5u);
  EXPECT_EQ(b["lanes"][4]["field"], "E");
  // The paths an event can burn (WP 10) are paths of the board.
  ASSERT_FALSE(b["burnable"].empty());
  for (const json& p : b["burnable"])
    EXPECT_NE(std::find(b["paths"].begin(), b["paths"].end(), p), b["paths"].end()) << p;
  EXPECT_EQ(b["days"], 7);
  EXPECT_EQ(b["cards_per_day"], 8);
  EXPECT_EQ(b["max_bricks"], 6);
}

// WP 3 / WP 4: the tiles show the level's side (green: easy and medium; red: hard), the morale
// track is the level's (WP 8) with each level's effect in both languages.
TEST(WpBoard, WP3_TilesAndMoraleTrackOfTheLevelsSide) {
  const json medium = board_of("medium", 1), hard = board_of("hard", 1);
  EXPECT_EQ(medium["side"], "green");
  EXPECT_EQ(hard["side"], "red");
  auto tile = [](const json& b, const std::string& id) {
    for (const json& t : b["tiles"])
      if (t["id"] == id) return t;
    ADD_FAILURE() << "no tile " << id;
    return json();
  };
  EXPECT_EQ(tile(medium, "mortar")["value"], 4);
  EXPECT_EQ(tile(hard, "mortar")["value"], 3);
  EXPECT_EQ(tile(hard, "rebuild")["value"], 6);
  EXPECT_EQ(tile(hard, "rebuild")["name_de"], "Wiederaufbau der Mauer");
  EXPECT_EQ(tile(medium, "push_back")["value"], 3);
  ASSERT_EQ(medium["morale_track"].size(), 7u);
  ASSERT_EQ(hard["morale_track"].size(), 10u);
  // The track as the observation names its levels.
  auto g = make_game("hard", 1);
  const json obs = g->new_initial_state()->observe(0);
  for (size_t i = 0; i < hard["morale_track"].size(); ++i)
    EXPECT_EQ(hard["morale_track"][i]["level"], obs["morale"]["track"][i]);
  EXPECT_EQ(hard["morale_track"][0]["level"], "L3");
  EXPECT_NE(hard["morale_track"][0]["effect_de"].get<std::string>().find("Munition"),
            std::string::npos);
}

// WP 0: the board is static and public. The cards are the box's catalogue in id order (the 24 +
// 40 attack cards, the 12 events), the same for every game of a level whatever has been drawn:
// nothing of the deck's order.
// WP 1-3, 5, 6, 11: the briefing's situation: solo with two officers (W10) or one officer per
// player, seven days of eight cards, the lanes with the field each faces and its overflow posts
// (stand-in, content 1.4), the level's events, the opening cards by the player count (WP 5 step
// 12), lost when two guard posts hold no bricks.
TEST(WpBoard, WP11_BriefingGivesDaysLanesOpeningAndTheLoss) {
  const json solo = board_of("easy", 1)["briefing"];
  EXPECT_EQ(solo["players"], 1);
  EXPECT_EQ(solo["officers"], 2);
  EXPECT_EQ(solo["days"], 7);
  EXPECT_EQ(solo["cards_per_day"], 8);
  EXPECT_EQ(solo["lane_spaces"], 4);
  EXPECT_EQ(solo["guard_posts"], 6);
  EXPECT_EQ(solo["loss_posts"], 2);
  EXPECT_EQ(solo["bricks_per_field"], 6);
  EXPECT_EQ(solo["positive_events"], 6);
  EXPECT_EQ(solo["negative_events"], 0);
  EXPECT_EQ(solo["opening_discard"], 1);
  EXPECT_EQ(solo["opening_cards"], 2);
  ASSERT_EQ(solo["lanes"].size(), 5u);
  EXPECT_EQ(solo["lanes"][2], json({{"id", "C"}, {"field", "C"}, {"overflow", {"T3", "T4"}}}));
  EXPECT_EQ(solo["provenance"]["rules"], "rules-text");
  EXPECT_EQ(solo["provenance"]["overflow"], "stand-in");
  EXPECT_EQ(solo["provenance"]["paths"], "stand-in");

  const json four = board_of("hard", 4)["briefing"];
  EXPECT_EQ(four["officers"], 4);
  EXPECT_EQ(four["positive_events"], 3);
  EXPECT_EQ(four["negative_events"], 3);
  EXPECT_EQ(four["opening_discard"], 0);
  EXPECT_EQ(four["opening_cards"], 3);
}

TEST(WpBoard, WP0_CardCatalogueInIdOrderTellsNothingOfTheDeck) {
  const json b = board_of("easy", 1);
  ASSERT_EQ(b["cards"].size(), 64u);
  ASSERT_EQ(b["events"].size(), 12u);
  std::set<std::string> ids;
  std::string last;
  int phase1 = 0;
  for (const json& c : b["cards"]) {
    const std::string id = c["id"];
    EXPECT_LT(last, id);
    last = id;
    ids.insert(id);
    phase1 += c["phase"] == 1;
    if (c["kind"] == "mg" || c["kind"] == "howitzer") {
      EXPECT_TRUE(c.contains("endurance")) << c;
    }
    if (c["kind"] == "air_raid") {
      EXPECT_TRUE(c.contains("target")) << c;
    }
  }
  EXPECT_EQ(ids.size(), 64u);
  EXPECT_EQ(phase1, 24);
  // P1-13: a troop of lane E with endurance 2 (rules-text, WP 14.1).
  for (const json& c : b["cards"])
    if (c["id"] == "P1-13") {
      EXPECT_EQ(c["lane"], "E");
      EXPECT_EQ(c["endurance"], 2);
    }
  // The same board however many cards a game has drawn.
  auto g = make_game("easy", 1);
  const GameModule* m = all_games().find("westerplatte");
  EXPECT_EQ(m->board(*g), b);
  for (const json& e : b["events"]) EXPECT_FALSE(e["name_de"].get<std::string>().empty()) << e;
}

// WP 14.1 (joint fire): the odds panel shows the certain outcome, the troop destroyed, with
// probability 1, in English and German; the server's odds_for answers "odds".
TEST(WpBoard, WP14_1_JointFireOddsAreTheCertainOutcome) {
  auto s = fresh("medium", 2, "E");
  s->place_for_test(4, card_index(*s, "P1-13"), 0);  // lane E, endurance 2
  const Action fire = act(*s, "fire E o1+o2");
  const json odds = wp_odds(*s, fire);
  ASSERT_FALSE(odds.is_null());
  EXPECT_EQ(odds["kind"], "certain");
  ASSERT_EQ(odds["outcomes"].size(), 1u);
  EXPECT_DOUBLE_EQ(odds["outcomes"][0]["p"].get<double>(), 1.0);
  const std::string en = odds["outcomes"][0]["text"], de = odds["outcomes"][0]["text_de"];
  EXPECT_NE(en.find("P1-13"), std::string::npos) << en;
  EXPECT_NE(en.find("destroyed"), std::string::npos) << en;
  EXPECT_NE(de.find("vernichtet"), std::string::npos) << de;
  // Who fires and the ammo they spend: the summary.
  const std::string summary = odds["summary"], summary_de = odds["summary_de"];
  EXPECT_NE(summary.find("o1 (Defender 1), o2 (Defender 2) spend 1 ammo each"), std::string::npos)
      << summary;
  EXPECT_NE(summary_de.find("Munition"), std::string::npos) << summary_de;
  // Asking changes nothing.
  EXPECT_EQ(s->lane_card_[4], card_index(*s, "P1-13"));
  const GameModule* m = all_games().find("westerplatte");
  OddsAnswer a = odds_for(*s, s->current_seat(), fire, m->odds);
  EXPECT_EQ(a.code, "odds") << a.message;
  // One officer alone: 1 damage of 2, the troop stays.
  const json one = wp_odds(*s, act(*s, "fire E o1"));
  const std::string one_en = one["outcomes"][0]["text"];
  EXPECT_NE(one_en.find("1 of 2"), std::string::npos) << one_en;
  // A move rolls nothing and has no odds.
  const Action move = act(*s, "move o1 D");
  EXPECT_TRUE(wp_odds(*s, move).is_null());
  EXPECT_EQ(odds_for(*s, s->current_seat(), move, m->odds).code, "no_odds");
}

// WP 7.4: ending the phase draws the top German attack card; its odds (the engine's, the hook
// has none) name each card in German as the log labels the draw ("P1-13 ziehen"), with the
// draw's prompt in German.
TEST(WpBoard, WP7_4_TheDrawsOddsInGerman) {
  auto s = fresh("medium", 2);
  const GameModule* m = all_games().find("westerplatte");
  const Action end = act(*s, "end");
  EXPECT_TRUE(wp_odds(*s, end).is_null());
  const OddsAnswer a = odds_for(*s, s->current_seat(), end, m->odds);
  ASSERT_EQ(a.code, "odds") << a.message;
  EXPECT_EQ(a.odds["kind"], "next-roll");
  EXPECT_EQ(a.odds["prompt_de"], "die oberste deutsche Angriffskarte ziehen (WP 7.4)");
  ASSERT_FALSE(a.odds["outcomes"].empty());
  bool seen = false;
  for (const json& o : a.odds["outcomes"]) {
    const std::string en = o["text"], de = o["text_de"];
    ASSERT_EQ(en.rfind("draw ", 0), 0u) << en;
    EXPECT_EQ(de, en.substr(5) + " ziehen");
    seen = seen || en == "draw P1-13";
  }
  EXPECT_TRUE(seen) << a.odds.dump();
}

// WP 14.8: the mortar against endurance 1: destroyed, the second damage lost.
TEST(WpBoard, WP14_8_MortarOddsSayTheExcessDamageIsLost) {
  auto s = fresh("medium", 1, "T2");
  s->place_for_test(0, card_index(*s, "P1-01"), 2);
  const json odds = wp_odds(*s, act(*s, "mortar A"));
  ASSERT_FALSE(odds.is_null());
  const std::string en = odds["outcomes"][0]["text"];
  EXPECT_NE(en.find("excess damage is lost"), std::string::npos) << en;
  EXPECT_EQ(s->shells_, 4);
}

}  // namespace
}  // namespace feldherr::westerplatte::testing
