// The engine's conformance battery on Rivet Wars. RIVET_GAMES sets the number of random games
// per mission (default 8 keeps the binary fast; the 500 per mission:
// RIVET_GAMES=500 build/<dir>/tests/test_rivet --gtest_filter='RivetConformance.*').
#include "engine/conformance.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>

#include "engine/hash.h"
#include "engine/player.h"
#include "engine/registry.h"
#include "engine/rng.h"
#include "tests/rivet/rivet_test_util.h"

namespace feldherr::rivet::testing {
namespace {

int GamesFromEnv(int fallback) {
  const char* v = std::getenv("RIVET_GAMES");
  return v ? std::max(1, std::atoi(v)) : fallback;
}

TEST(RivetConformance, Mission1RandomGames) {
  auto g = MakeGame(1);
  ConformanceOptions o;
  o.games = GamesFromEnv(8);
  o.seed = 7;
  o.odds = all_games().find("rivet")->odds;  // asked as the server asks (engine/view.h)
  o.check_stride = 8;
  o.invariant = [](const State& s) {
    return static_cast<const RivetState&>(s).invariant_violation();
  };
  const ConformanceReport r = run_conformance(*g, o);
  for (const auto& f : r.failures) ADD_FAILURE() << f;
  EXPECT_EQ(r.games, o.games);
  EXPECT_EQ(r.terminated, o.games);
  RecordProperty("actions", static_cast<int>(r.actions));
}

// The hash is that of the dumped JSON, which the stored replays of every Rivet Wars game hold;
// hash() writes that text from the field list without the JSON tree and must match it in every
// mission, hands, clouds and attacks in progress included.
TEST(RivetConformance, TheHashIsThatOfTheDumpedJson) {
  for (int mission = 1; mission <= 10; ++mission) {
    auto g = MakeGame(mission);
    auto s = g->new_initial_state();
    Rng rng(static_cast<uint64_t>(mission));
    for (int i = 0; i < 400 && !s->is_terminal(); ++i) {
      Hasher h;
      h.add(s->to_json().dump());
      ASSERT_EQ(s->hash(), h.value()) << "mission " << mission << ", action " << i;
      ActionList legal = s->legal_actions();
      ActionList play;
      for (const Action& a : legal)
        if (!s->is_concession(a)) play.push_back(a);
      s->apply(s->current_seat() == kChance ? s->sample_chance(rng)
                                            : play[rng.below(static_cast<uint32_t>(play.size()))]);
    }
  }
}

// Through the registry: the module plays rivet/mission-1 with its options and invariant hook.
TEST(RivetConformance, RegisteredMission1) {
  const GameModule* m = all_games().find("rivet");
  ASSERT_NE(m, nullptr);
  EXPECT_EQ(m->scenarios.size(), 10u);
  for (const char* initiative : {"round", "game"}) {
    auto g =
        all_games().create("rivet/mission-1", {{"initiative", initiative}, {"max_rounds", "12"}});
    ConformanceOptions o;
    o.games = 4;
    o.seed = 11;
    o.odds = all_games().find("rivet")->odds;  // asked as the server asks (engine/view.h)
    o.check_stride = 8;
    o.invariant = m->invariant;
    const ConformanceReport r = run_conformance(*g, o);
    for (const auto& f : r.failures) ADD_FAILURE() << initiative << ": " << f;
    EXPECT_EQ(r.terminated, 4) << initiative;
    // The MCTS evaluation: 0 at the start, in [-1, 1], +-1 at the end.
    ASSERT_TRUE(m->evaluate);
    auto s = g->new_initial_state();
    EXPECT_EQ(m->evaluate(*s, 0), 0.0);
  }
  for (const OptionSpec& spec : m->options) {
    EXPECT_EQ(spec.validate(spec.default_value), "") << spec.name;
    EXPECT_NE(spec.validate("0"), "") << spec.name;
    if (spec.name != "initiative") {
      EXPECT_EQ(spec.validate("30"), "") << spec.name;
    }
  }
}

// Every mission through the registry. RIVET_MISSION_GAMES sets the games per mission (default 2;
// the full battery: RIVET_MISSION_GAMES=500 ... --gtest_filter='RivetConformance.AllMissions').
TEST(RivetConformance, AllMissions) {
  const GameModule* m = all_games().find("rivet");
  ASSERT_NE(m, nullptr);
  const char* v = std::getenv("RIVET_MISSION_GAMES");
  const int games = v ? std::max(1, std::atoi(v)) : 2;
  const char* only = std::getenv("RIVET_MISSION");
  for (int id = 1; id <= 10; ++id) {
    if (only && std::atoi(only) != id) continue;
    auto g = all_games().create("rivet/mission-" + std::to_string(id), {});
    ConformanceOptions o;
    o.games = games;
    o.seed = static_cast<uint64_t>(1000 + id);
    o.odds = all_games().find("rivet")->odds;  // asked as the server asks (engine/view.h)
    o.check_stride = 16;
    o.invariant = m->invariant;
    const ConformanceReport r = run_conformance(*g, o);
    for (const auto& f : r.failures) ADD_FAILURE() << "mission " << id << ": " << f;
    EXPECT_EQ(r.terminated, games) << "mission " << id;
    RecordProperty("actions_mission_" + std::to_string(id), static_cast<int>(r.actions));
    std::printf("mission %d: %d games, %lld actions, %d terminated, %zu failures\n", id, r.games,
                r.actions, r.terminated, r.failures.size());
  }
}

// Plays `games` games of a mission heuristic vs random with sides swapped each game; returns
// the heuristic's wins (the test asks >= 90 %).
int HeuristicWins(int mission, int games, uint64_t seed) {
  const GameModule* m = all_games().find("rivet");
  auto g = all_games().create("rivet/mission-" + std::to_string(mission), {});
  int wins = 0;
  for (int i = 0; i < games; ++i) {
    const int hseat = i % 2;
    std::unique_ptr<Player> players[2];
    players[hseat] = m->make_heuristic(hseat, seed + static_cast<uint64_t>(i));
    players[1 - hseat] = std::make_unique<RandomPlayer>(seed * 31 + static_cast<uint64_t>(i));
    Rng dice(seed * 7 + static_cast<uint64_t>(i));
    auto s = g->new_initial_state();
    while (!s->is_terminal()) {
      const int seat = s->current_seat();
      const Action a = seat == kChance ? s->sample_chance(dice) : players[seat]->choose(*s);
      s->apply(a);
    }
    wins += s->result().returns[static_cast<size_t>(hseat)] > 0;
  }
  return wins;
}

// Full measurement (500 games per side and mission) with `feldherr simulate`, docs/rivet.md.
TEST(RivetHeuristic, BeatsRandomWithSidesSwappedOnEveryMission) {
  const int games = GamesFromEnv(8);
  for (int mission = 1; mission <= 10; ++mission) {
    const int wins = HeuristicWins(mission, games, 2026 + static_cast<uint64_t>(mission));
    RecordProperty("heuristic_wins_mission_" + std::to_string(mission), wins);
    EXPECT_GE(wins * 10, games * 9) << "mission " << mission << ": " << wins << " of " << games;
  }
}

}  // namespace
}  // namespace feldherr::rivet::testing
