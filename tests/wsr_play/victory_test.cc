// Victory conditions of the basic scenarios (WSR 12.2, A-34; games/wsr/victory.h), judged on
// positions built directly: control bits and unit hexes set, the game marked over.
#include "games/wsr/victory.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "tests/wsr_play/wsr_play_util.h"

namespace feldherr::wsr::testing {
namespace {

using ::testing::HasSubstr;

struct Position {
  std::shared_ptr<const WsrGame> game;
  WsrState s;
  explicit Position(const std::string& id) : game(ScenarioGame(id)), s(game->initial()) {
    s.phase = kOver;
    s.turn = static_cast<int16_t>(game->setup().turns);
  }
  int hex(const char* h) const { return game->layout().Index(h); }
  void control(const char* h, const char* side) {
    s.control[static_cast<size_t>(hex(h))] = static_cast<uint8_t>(game->seat_index(side) + 1);
  }
  void control_zone(const char* zone, const char* side) {
    for (int h : game->setup().scenario_data->FindZone(zone)->hexes)
      s.control[static_cast<size_t>(h)] = static_cast<uint8_t>(game->seat_index(side) + 1);
  }
  void put(const char* label, const char* h) {
    const int u = game->unit_by_label(label);
    ASSERT_GE(u, 0) << label;
    s.unit(u).hex = static_cast<int16_t>(hex(h));
    s.unit(u).flags &= static_cast<uint16_t>(~kOffMap);
  }
  Result result() const { return s.result(); }
};

// WSR-B1: the German wins if he controls all hexes of Ste Jeanne; otherwise the US.
TEST(WsrVictory, WSR_B1_GermanNeedsAllOfSteJeanne) {
  Position p("noville");
  p.control_zone("ste-jeanne", "de");
  Result r = p.result();
  EXPECT_EQ(r.summary, "de wins");
  EXPECT_EQ(r.returns, (std::vector<double>{1.0, -1.0}));
  EXPECT_THAT(r.reason,
              HasSubstr("the Germans control all 4 hexes of the zone “all hexes of Ste Jeanne”"));
  EXPECT_THAT(r.reason, HasSubstr(": the Germans win (WSR-B1 Noville"));  // by name, not "de"
  EXPECT_THAT(r.reason, HasSubstr("WSR-B1"));
  EXPECT_THAT(r.reason, HasSubstr("WSR 12.2"));
  p.control("A-H09", "us");
  r = p.result();
  EXPECT_EQ(r.summary, "us wins");
  EXPECT_EQ(r.returns, (std::vector<double>{-1.0, 1.0}));
  EXPECT_THAT(r.reason,
              HasSubstr("the Germans do not control A-H09 of the zone “all hexes of Ste Jeanne”"));
  EXPECT_THAT(r.reason, HasSubstr("(holds 3 of 4)"));
  p.control("A-G08", "us");
  EXPECT_THAT(
      p.result().reason,
      HasSubstr("the Germans do not control A-G08, A-H09 of the zone “all hexes of Ste Jeanne”"));
}

// WSR-B2: the US wins with all of Ste Jeanne or all of Kleinestad; otherwise the German.
TEST(WsrVictory, WSR_B2_UsNeedsOneWholeTown) {
  Position p("le-hauderie");
  EXPECT_EQ(p.result().summary, "de wins");  // the Germans start in both towns' zones
  p.control_zone("kleinestad", "us");
  Result r = p.result();
  EXPECT_EQ(r.summary, "us wins");
  EXPECT_THAT(r.reason,
              HasSubstr("the Americans control all 4 hexes of the zone “all hexes of Kleinestad”"));
  p.control("B-F08", "de");
  EXPECT_EQ(p.result().summary, "de wins");
  p.control_zone("ste-jeanne", "us");
  EXPECT_EQ(p.result().summary, "us wins");
}

// WSR-B3: the German wins if he controls all of Ville Sur Le Fleuve at game end.
TEST(WsrVictory, WSR_B3_GermanNeedsAllOfVilleSurLeFleuve) {
  Position p("vierville");
  EXPECT_EQ(p.result().summary, "us wins");  // the US sets up there (WSR 12.2)
  p.control_zone("vslf", "de");
  EXPECT_EQ(p.result().summary, "de wins");
  const int h = p.game->setup().scenario_data->FindZone("vslf")->hexes.back();
  p.s.control[static_cast<size_t>(h)] = 0;  // nobody controls one hex
  EXPECT_EQ(p.result().summary, "us wins");
}

// WSR-B4: the US wins if he controls Q4 and has a unit in a city hex in column N or O.
TEST(WsrVictory, WSR_B4_UsNeedsTheCathedralAndAUnitInColumnNOrO) {
  Position p("koeln");
  p.control("B-Q04", "us");
  Result r = p.result();
  EXPECT_EQ(r.summary, "de wins");  // control alone is not enough
  EXPECT_THAT(
      r.reason,
      HasSubstr("the Americans have 0 units in the zone “a city hex in column N or O of map B”"));
  p.put("us.m4a1-1", "B-N06");
  r = p.result();
  EXPECT_EQ(r.summary, "us wins");
  EXPECT_THAT(r.reason,
              HasSubstr("the Americans control all 1 hex of the zone “Q4 (the cathedral)”"));
  EXPECT_THAT(
      r.reason,
      HasSubstr("the Americans have 1 unit in the zone “a city hex in column N or O of map B”"));
  p.control("B-Q04", "de");
  EXPECT_EQ(p.result().summary, "de wins");
}

// The condition kinds the basic scenarios do not use: eliminate, survive, at_least, not,
// control_count, the graded outcomes and the points form.
TEST(WsrVictory, WSR_12_2_OtherConditionKinds) {
  Position p("noville");
  const int de = 0, us = 1;
  Condition elim;
  elim.kind = ConditionKind::kEliminate;
  elim.count = 1;
  EXPECT_FALSE(ConditionHolds(p.s, elim, us));
  const int tiger = p.game->unit_by_label("de.tiger-i");
  p.s.unit(tiger).flags = kGone;
  EXPECT_TRUE(ConditionHolds(p.s, elim, us));
  elim.units = {"de.panther"};
  EXPECT_FALSE(ConditionHolds(p.s, elim, us));
  Condition survive;
  survive.kind = ConditionKind::kSurvive;
  survive.count = 12;
  EXPECT_FALSE(ConditionHolds(p.s, survive, de));  // 11 left
  survive.count = 11;
  EXPECT_TRUE(ConditionHolds(p.s, survive, de));
  Condition count;
  count.kind = ConditionKind::kControlCount;
  count.zone = "ste-jeanne";
  count.count = 2;
  p.control("A-G08", "de");
  EXPECT_FALSE(ConditionHolds(p.s, count, de));
  p.control("A-G09", "de");
  Text why;
  EXPECT_TRUE(ConditionHolds(p.s, count, de, &why));
  EXPECT_THAT(why.en, HasSubstr("the Germans control 2 of 4 hexes"));
  Condition atl;
  atl.kind = ConditionKind::kAtLeast;
  atl.count = 2;
  atl.children = {elim, survive, count};
  EXPECT_TRUE(ConditionHolds(p.s, atl, de));  // survive and count hold for de
  Condition neg;
  neg.kind = ConditionKind::kNot;
  neg.children = {count};
  EXPECT_FALSE(ConditionHolds(p.s, neg, de));
  neg.children[0].by = "us";  // us still controls A-H08 and A-H09 (its setup zone, 12.2)
  EXPECT_FALSE(ConditionHolds(p.s, neg, de));
  neg.children[0].count = 3;
  EXPECT_TRUE(ConditionHolds(p.s, neg, de));
}

}  // namespace
}  // namespace feldherr::wsr::testing
