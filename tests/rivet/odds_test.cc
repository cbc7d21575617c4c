// Rivet Wars odds (games/rivet/odds.cc): the whole attack enumerated, every die, grouped by the
// damage each unit takes. Positions of RW §16.1 and RW §11 (Flat and Chain Grid).
#include <gtest/gtest.h>

#include <cmath>
#include <map>
#include <nlohmann/json.hpp>
#include <string>

#include "tests/rivet/rivet_test_util.h"

namespace feldherr::rivet::testing {
namespace {

Action Parse(const RivetState& s, const std::string& text) {
  Action a;
  std::string error;
  EXPECT_TRUE(s.parse(text, a, error)) << text << ": " << error;
  return a;
}

std::map<std::string, double> Outcomes(const json& j) {
  std::map<std::string, double> m;
  for (const json& o : j["outcomes"]) m[o["text"].get<std::string>()] = o["p"].get<double>();
  return m;
}

// The odds of `unit`'s first weapon against `target`, `faction` activating `from` in its combat
// phase (RW §8.1 steps 1-4).
json AttackOdds(RivetState& s, int faction, const std::string& from, int unit,
                const std::string& target) {
  EnterPhase(s, faction, Phase::kCombat);
  Do(s, "activate " + from);
  return rivet_odds(s, Parse(s, "attack u" + std::to_string(unit) + " w1 " + target));
}

std::string Name(const RivetState& s, int id) {
  return s.type_of(*s.unit(id)).name + " (u" + std::to_string(id) + ")";
}

// RW §8.1 step 7 on the RW §16.1 position: 3 dice hit unless all three show 1-4: (4/6)^3 = 8/27.
TEST(RivetOdds, Rw8_1_ThreeDiceHitUnlessAllShowOneToFour) {
  auto g = MakeGame(1);
  auto s = Start(*g);
  const int r = Put(*s, "rifleman", "d5", "NW");
  const int j = Put(*s, "jaeger_erwin_koenig", "d4", "SE");  // armour 0, 2 HP
  const json odds = AttackOdds(*s, kAllies, "d5", r, "d4");
  ASSERT_FALSE(odds.is_null());
  EXPECT_EQ(odds["exact"], true);
  const auto m = Outcomes(odds);
  ASSERT_EQ(m.size(), 2u) << odds.dump();
  EXPECT_NEAR(m.at("no damage"), 8.0 / 27, 1e-12);
  EXPECT_NEAR(m.at(Name(*s, j) + " 1 damage"), 19.0 / 27, 1e-12);
  EXPECT_NE(odds["summary"].get<std::string>().find("any damage 70.4 %"), std::string::npos)
      << odds["summary"];
  // An action that starts no attack has no Rivet odds (the generic next-roll odds answer).
  EXPECT_TRUE(rivet_odds(*s, Parse(*s, "end")).is_null());
}

// The same RW §16.1 attack in German, as the web UI's odds panel shows it: each outcome with the
// unit's German name (RW Spielregeln) and the summary.
TEST(RivetOdds, Rw8_1_OddsInGerman) {
  auto g = MakeGame(1);
  auto s = Start(*g);
  const int r = Put(*s, "rifleman", "d5", "NW");
  const int j = Put(*s, "jaeger_erwin_koenig", "d4", "SE");
  const json odds = AttackOdds(*s, kAllies, "d5", r, "d4");
  std::map<std::string, std::string> de;
  for (const json& o : odds["outcomes"]) de[o["text"]] = o["text_de"];
  ASSERT_EQ(de.size(), 2u) << odds.dump();
  EXPECT_EQ(de.at("no damage"), "kein Schaden");
  EXPECT_EQ(de.at(Name(*s, j) + " 1 damage"),
            "Jäger Erwin König (u" + std::to_string(j) + ") 1 Schaden");
  EXPECT_EQ(
      odds["summary_de"],
      "mindestens 1 Schaden 70,4\u00a0% (ein Würfel + Präzision von 5 oder mehr trifft, RW §8.1 "
      "Schritt 7)");
}

// RW §8.3 in German: a unit destroyed is "vernichtet", under its German name (the Dragoon's
// Chain Grid at two Riflemen, "Schütze" in RW Spielregeln).
TEST(RivetOdds, Rw8_3_DestroyedInGerman) {
  auto g = MakeGame(1);
  auto s = Start(*g);
  const int d = Put(*s, "monowheel_dragoon", "d3", "S");
  const int r1 = Put(*s, "rifleman", "d4", "NW");
  const int r2 = Put(*s, "rifleman", "d4", "NE");
  const json odds = AttackOdds(*s, kBismark, "d3", d, "d4");
  std::map<std::string, std::string> de;
  for (const json& o : odds["outcomes"]) de[o["text"]] = o["text_de"];
  ASSERT_EQ(de.size(), 3u) << odds.dump();
  const std::string u1 = "Schütze (u" + std::to_string(r1) + ") vernichtet";
  const std::string u2 = "Schütze (u" + std::to_string(r2) + ") vernichtet";
  EXPECT_EQ(de.at(Name(*s, r1) + " destroyed"), u1);
  EXPECT_EQ(de.at(Name(*s, r1) + " destroyed, " + Name(*s, r2) + " destroyed"), u1 + ", " + u2);
}

// The luck report (replay --luck, luck.cc): the RW §16.1 roll counted once, at
// its third die, for the Allies: expected 19/27 hits, actual 1 when a die shows 5 or 6.
TEST(RivetOdds, Rw8_1_TheLuckReportCountsEachAttackRollOnceForTheAttacker) {
  auto g = MakeGame(1);
  auto s = Start(*g);
  const int r = Put(*s, "rifleman", "d5", "NW");
  Put(*s, "jaeger_erwin_koenig", "d4", "SE");
  EnterPhase(*s, kAllies, Phase::kCombat);
  Do(*s, "activate d5");
  Do(*s, "attack u" + std::to_string(r) + " w1 d4");
  ASSERT_EQ(s->pending.dice, 3);
  EXPECT_FALSE(rivet_luck(*s, Parse(*s, "die 2")).has_value());  // not the roll's last die
  Do(*s, "die 2");
  Do(*s, "die 4");
  const auto miss = rivet_luck(*s, Parse(*s, "die 1"));
  ASSERT_TRUE(miss.has_value());
  EXPECT_EQ(miss->seat, kAllies);
  EXPECT_EQ(miss->what, "hits");
  EXPECT_NEAR(miss->expected, 19.0 / 27, 1e-12);
  EXPECT_EQ(miss->actual, 0);
  EXPECT_EQ(rivet_luck(*s, Parse(*s, "die 5"))->actual, 1);
}

// RW §11 Flat Grid: the Parman's 3 dice against each Panzerfaust of the segment in turn, each
// destroyed with 19/27, independently.
TEST(RivetOdds, Rw11_FlatGridAttacksEveryUnitIndependently) {
  auto g = MakeGame(1);
  auto s = Start(*g);
  const int p = Put(*s, "parman", "d5", "NW");  // Flat Grid 3 2 1 0 0
  const int a = Put(*s, "panzerfaust", "d4", "SE");
  const int b = Put(*s, "panzerfaust", "d4", "NW");
  const json odds = AttackOdds(*s, kAllies, "d5", p, "d4");
  const auto m = Outcomes(odds);
  const double hit = 19.0 / 27, miss = 8.0 / 27;
  ASSERT_EQ(m.size(), 4u) << odds.dump();
  EXPECT_NEAR(m.at("no damage"), miss * miss, 1e-12);
  EXPECT_NEAR(m.at(Name(*s, a) + " destroyed"), hit * miss, 1e-12);
  EXPECT_NEAR(m.at(Name(*s, b) + " destroyed"), miss * hit, 1e-12);
  EXPECT_NEAR(m.at(Name(*s, a) + " destroyed, " + Name(*s, b) + " destroyed"), hit * hit, 1e-12);
}

// RW §11 Chain Grid: the Dragoon's 2 dice (hit 5/9) go on to the next Rifleman only after a hit.
TEST(RivetOdds, Rw11_ChainGridGoesOnOnlyAfterAHit) {
  auto g = MakeGame(1);
  auto s = Start(*g);
  const int d = Put(*s, "monowheel_dragoon", "d3", "S");  // Chain Grid 2 1 0 0 0
  const int r1 = Put(*s, "rifleman", "d4", "NW");
  const int r2 = Put(*s, "rifleman", "d4", "NE");
  const json odds = AttackOdds(*s, kBismark, "d3", d, "d4");
  const auto m = Outcomes(odds);
  const double hit = 5.0 / 9;
  ASSERT_EQ(m.size(), 3u) << odds.dump();
  EXPECT_NEAR(m.at("no damage"), 1 - hit, 1e-12);
  EXPECT_NEAR(m.at(Name(*s, r1) + " destroyed"), hit * (1 - hit), 1e-12);
  EXPECT_NEAR(m.at(Name(*s, r1) + " destroyed, " + Name(*s, r2) + " destroyed"), hit * hit, 1e-12);
}

}  // namespace
}  // namespace feldherr::rivet::testing
