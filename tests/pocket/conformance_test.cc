// The engine's conformance battery on Pocket Battles (hand-made armies and, when the data files
// load, the shipped armies through the registry).
#include "engine/conformance.h"

#include <gtest/gtest.h>

#include "engine/registry.h"
#include "tests/pocket/pocket_test_util.h"

namespace feldherr::pocket::testing {
namespace {

void expect_conformance(const Game& game, int games, uint64_t seed) {
  ConformanceOptions o;
  o.games = games;
  o.seed = seed;
  o.odds = all_games().find("pocket")->odds;  // asked as the server asks (engine/view.h)
  o.invariant = [](const State& s) {
    return static_cast<const PocketState&>(s).invariant_violation();
  };
  ConformanceReport r = run_conformance(game, o);
  for (const auto& f : r.failures) ADD_FAILURE() << f;
  EXPECT_EQ(r.games, games);
  EXPECT_EQ(r.terminated, games);
}

TEST(PocketConformance, HandMadeArmiesAt60) {
  expect_conformance(*make_game(), 50, 1);
}

TEST(PocketConformance, HandMadeArmiesAt100AllAlternatives) {
  PocketOptions o;
  o.points = 100;
  o.turn = TurnMode::kManyOrders;
  o.shoot_split = ShootSplit::kConserve;
  o.allow_three_vs_one = true;
  o.wound_marker = WoundMarker::kMostOrders;
  expect_conformance(*make_game(o), 50, 2);
}

TEST(PocketConformance, ShippedArmiesThroughRegistry) {
  const GameModule* m = all_games().find("pocket");
  ASSERT_NE(m, nullptr);
  EXPECT_EQ(m->title, "Pocket Battles: Orcs vs Elves");
  for (const char* pts : {"60", "100"}) {
    std::shared_ptr<const Game> g;
    try {
      g = all_games().create("pocket/orcs-vs-elves", {{"points", pts}});
    } catch (const std::exception& e) {
      FAIL() << "the shipped armies do not load at " << pts << " points: " << e.what();
    }
    ConformanceOptions o;
    o.games = 50;
    o.seed = 9;
    o.odds = all_games().find("pocket")->odds;  // asked as the server asks (engine/view.h)
    o.invariant = m->invariant;
    ConformanceReport r = run_conformance(*g, o);
    for (const auto& f : r.failures) ADD_FAILURE() << f;
    EXPECT_EQ(r.terminated, 50);
  }
}

// The battery over 1,000 random games each at 60 and 100 points with the shipped armies.
// Cheap checks (legal list, clone, hash, undo, determinism) run after every action; the
// expensive ones (JSON round trip, sibling hashes, text round trip of every legal action,
// determinisation) after every 8th, which keeps the test near a minute on CI.
TEST(PocketConformance, Battery1000GamesEachAt60And100Points) {
  const GameModule* m = all_games().find("pocket");
  ASSERT_NE(m, nullptr);
  for (const char* pts : {"60", "100"}) {
    auto g = all_games().create("pocket/orcs-vs-elves", {{"points", pts}});
    ConformanceOptions o;
    o.games = 1000;
    o.seed = 1000;
    o.odds = all_games().find("pocket")->odds;  // asked as the server asks (engine/view.h)
    o.check_stride = 8;
    o.invariant = m->invariant;
    ConformanceReport r = run_conformance(*g, o);
    for (const auto& f : r.failures) ADD_FAILURE() << pts << " points: " << f;
    EXPECT_EQ(r.games, 1000);
    EXPECT_EQ(r.terminated, 1000) << pts << " points";
    RecordProperty(std::string("actions_at_") + pts, static_cast<int>(r.actions));
  }
}

TEST(PocketConformance, OptionValidators) {
  const GameModule* m = all_games().find("pocket");
  ASSERT_NE(m, nullptr);
  auto find = [&](const std::string& n) -> const OptionSpec& {
    for (const auto& o : m->options)
      if (o.name == n) return o;
    throw std::runtime_error("no option " + n);
  };
  EXPECT_EQ(find("points").validate("60"), "");
  EXPECT_NE(find("points").validate("65"), "");
  EXPECT_NE(find("points").validate("0"), "");
  EXPECT_NE(find("points").validate("210"), "");
  EXPECT_EQ(find("turn").validate("many-orders"), "");
  EXPECT_NE(find("turn").validate("two"), "");
  EXPECT_EQ(find("shoot_split").validate("ceil"), "");
  EXPECT_EQ(find("shoot_split").validate("conserve"), "");
  EXPECT_NE(find("shoot_split").validate("floor"), "");
  EXPECT_EQ(find("three_vs_one").validate("allow"), "");
  EXPECT_NE(find("three_vs_one").validate("yes"), "");
  EXPECT_EQ(find("wound_marker").validate("choose"), "");
  EXPECT_EQ(find("wound_marker").validate("most-orders"), "");
  EXPECT_NE(find("wound_marker").validate("auto"), "");
}

// Where the text is clear its literal reading is the default: "gleichmäßig (aufgerundet)" (A2)
// and "nehmen sie Befehlsmarker, die auf ihren Einheiten liegen" (A19, the player takes them).
TEST(PocketConformance, DefaultsAreTheLiteralReadingsOfA2AndA19) {
  const GameModule* m = all_games().find("pocket");
  ASSERT_NE(m, nullptr);
  auto default_of = [&](const std::string& n) {
    for (const auto& o : m->options)
      if (o.name == n) return o.default_value;
    return std::string("(no option ") + n + ")";
  };
  EXPECT_EQ(default_of("shoot_split"), "ceil");
  EXPECT_EQ(default_of("wound_marker"), "choose");
  EXPECT_EQ(PocketOptions{}.shoot_split, ShootSplit::kCeil);  // the rules tests' default too
  // The game made without options states them as it plays them (logs, golden files).
  auto g = all_games().create("pocket/orcs-vs-elves", {});
  auto stated = [&](const std::string& n) {
    for (const auto& [k, v] : g->options())
      if (k == n) return v;
    return std::string("(not stated)");
  };
  EXPECT_EQ(stated("shoot_split"), "ceil");
  EXPECT_EQ(stated("wound_marker"), "choose");
}

}  // namespace
}  // namespace feldherr::pocket::testing
