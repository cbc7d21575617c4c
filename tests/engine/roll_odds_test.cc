// The odds of the roll an action causes (engine/roll_odds.h), on the Dice Race fixture game:
// exact enumeration, and Monte Carlo with its runs and 95 % intervals when the outcomes are too
// many to enumerate.
#include "engine/roll_odds.h"

#include <gtest/gtest.h>

#include <string>

#include "tests/engine/toy_game.h"

namespace feldherr {
namespace {

Action parse(const State& s, const std::string& text) {
  Action a;
  std::string error;
  EXPECT_TRUE(s.parse(text, a, error)) << error;
  return a;
}

// Red at the start, after the deal: "dice 2" causes a roll of two dice: 36 outcomes, 21 texts
// ("roll 3 4" and "roll 4 3" read alike): a double 1/36, any other pair 2/36.
std::unique_ptr<State> before_two_dice() {
  static const auto game = toy::make_dice_race(20);  // states refer to their game
  auto s = game->new_initial_state();
  toy::apply_all(*s, {"deal 6", "deal 1"});
  return s;
}

double true_p(const std::string& text) {  // "roll A B"
  return text.size() == 8 && text[5] == text[7] ? 1 / 36.0 : 2 / 36.0;
}

TEST(RollOdds, ExactEnumerationOfTwoDice) {
  auto s = before_two_dice();
  const nlohmann::json j = next_roll_odds(*s, parse(*s, "dice 2"));
  ASSERT_FALSE(j.is_null());
  EXPECT_EQ(j["exact"], true);
  ASSERT_EQ(j["outcomes"].size(), 21u);
  double sum = 0;
  for (const auto& o : j["outcomes"]) {
    EXPECT_NEAR(o["p"].get<double>(), true_p(o["text"]), 1e-12) << o["text"];
    sum += o["p"].get<double>();
  }
  EXPECT_NEAR(sum, 1.0, 1e-12);
  // An action that causes no roll: no odds.
  toy::apply_all(*s, {"dice 2", "roll 3 4"});
  EXPECT_TRUE(next_roll_odds(*s, parse(*s, "pass")).is_null());
}

TEST(RollOdds, MonteCarloWhenTooManyOutcomesSaysSoWithIntervals) {
  auto s = before_two_dice();
  RollOddsOptions o;
  o.max_exact = 10;  // 36 outcomes are "too many" here
  o.runs = 36000;
  const nlohmann::json j = next_roll_odds(*s, parse(*s, "dice 2"), o);
  ASSERT_FALSE(j.is_null());
  EXPECT_EQ(j["exact"], false);
  EXPECT_EQ(j["method"], "Monte Carlo");
  EXPECT_EQ(j["runs"], 36000);
  EXPECT_NE(j["summary"].get<std::string>().find("36000 sampled"), std::string::npos);
  ASSERT_EQ(j["outcomes"].size(), 21u);
  int covered = 0;
  double sum = 0;
  for (const auto& x : j["outcomes"]) {
    const double lo = x["ci"][0], hi = x["ci"][1], p = x["p"];
    EXPECT_LE(lo, p);
    EXPECT_GE(hi, p);
    const double truth = true_p(x["text"]);
    if (lo <= truth && truth <= hi) ++covered;
    sum += p;
  }
  EXPECT_NEAR(sum, 1.0, 1e-9);
  EXPECT_GE(covered, 17);  // 95 % intervals: about 20 of 21 hold the true probability
  // Seeded: the same answer twice.
  EXPECT_EQ(next_roll_odds(*s, parse(*s, "dice 2"), o), j);
  EXPECT_NE(j["summary_de"].get<std::string>().find("36000 zufällig gezogene Würfe aus 21 "
                                                    "möglichen Ausgängen"),
            std::string::npos)
      << j["summary_de"];
}

// Every text of the answer in German too: each outcome as the server labels the chance action in
// German (State::action_info, "roll 3 4" -> "Wurf: 3 und 4"), the prompt, the outcomes beyond
// those listed.
TEST(RollOdds, OutcomesInGermanAsTheActionsGermanLabel) {
  auto s = before_two_dice();
  RollOddsOptions o;
  o.max_listed = 5;
  const nlohmann::json j = next_roll_odds(*s, parse(*s, "dice 2"), o);
  ASSERT_EQ(j["outcomes"].size(), 6u);
  for (size_t k = 0; k < 5; ++k) {
    const nlohmann::json& x = j["outcomes"][k];
    const std::string text = x["text"];  // "roll A B"
    EXPECT_EQ(x["text_de"], "Wurf: " + text.substr(5, 1) + " und " + text.substr(7, 1)) << x;
  }
  EXPECT_EQ(j["outcomes"][5]["text"], "other outcomes");
  EXPECT_EQ(j["outcomes"][5]["text_de"], "andere Ausgänge");
  EXPECT_NEAR(j["outcomes"][5]["p"].get<double>(), 1 - 5 * 2 / 36.0, 1e-12);
  EXPECT_FALSE(j["prompt_de"].get<std::string>().empty());
}

// The whole roll, grouped by what it did: red's position after "dice 2" from 0 is the sum of
// two dice, 2..12 with the triangular law (k-1)/36 up to 7.
Text moved(const State& before, const State& after) {
  const auto& b = static_cast<const toy::DiceRaceState&>(before);
  const auto& a = static_cast<const toy::DiceRaceState&>(after);
  const std::string n = std::to_string(a.position(0) - b.position(0));
  return {"moved " + n, n + " Felder gezogen"};
}

double sum_p(int k) {
  return (k <= 7 ? k - 1 : 13 - k) / 36.0;
}

// The state right after `text` (whole_roll_odds starts where the roll starts).
std::unique_ptr<State> after(const State& s, const std::string& text) {
  auto next = s.clone();
  next->apply(parse(s, text));
  return next;
}

TEST(RollOdds, WholeRollGroupsTheSequencesByTheirLabel) {
  auto s = before_two_dice();
  const nlohmann::json j = whole_roll_odds(*after(*s, "dice 2"), &moved);
  ASSERT_FALSE(j.is_null());
  EXPECT_EQ(j["kind"], "whole-roll");
  EXPECT_EQ(j["exact"], true);
  ASSERT_EQ(j["outcomes"].size(), 11u);
  for (const auto& o : j["outcomes"]) {
    const int k = std::stoi(o["text"].get<std::string>().substr(6));
    EXPECT_NEAR(o["p"].get<double>(), sum_p(k), 1e-12) << o["text"];
  }
  EXPECT_EQ(j["outcomes"][0]["text"], "moved 7");  // the most likely first
  EXPECT_EQ(j["outcomes"][0]["text_de"], "7 Felder gezogen");
  // Too many sequences: sampled, said so, intervals around the truth.
  RollOddsOptions o;
  o.max_exact = 5;
  o.runs = 36000;
  const nlohmann::json m = whole_roll_odds(*after(*s, "dice 2"), &moved, o);
  EXPECT_EQ(m["exact"], false);
  EXPECT_EQ(m["runs"], 36000);
  EXPECT_NE(m["summary"].get<std::string>().find("more than 5 positions"), std::string::npos);
  EXPECT_NE(m["summary_de"].get<std::string>().find("mehr als 5 Stellungen"), std::string::npos);
  int covered = 0;
  for (const auto& x : m["outcomes"]) {
    const double truth = sum_p(std::stoi(x["text"].get<std::string>().substr(6)));
    if (x["ci"][0].get<double>() <= truth && truth <= x["ci"][1].get<double>()) ++covered;
  }
  EXPECT_GE(covered, 9);
  toy::apply_all(*s, {"dice 2", "roll 3 4"});
  EXPECT_TRUE(whole_roll_odds(*after(*s, "pass"), &moved).is_null());
}

TEST(RollOdds, Wilson95) {
  const auto [lo, hi] = wilson95(50, 100);
  EXPECT_NEAR(lo, 0.4038, 1e-4);
  EXPECT_NEAR(hi, 0.5962, 1e-4);
}

}  // namespace
}  // namespace feldherr
