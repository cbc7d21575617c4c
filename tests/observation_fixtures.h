// Observation fixtures (docs/testing.md "Observation fixtures"): the tests named
// ObservationFixtures.* in each game's test binary play a few seeded positions, take what a
// viewer is sent of them (State::observe) and compare it with web/test/fixtures/<name>.json, the
// files the web's unit tests (web/test/fixtures.test.ts) read with the web's own helpers. A change
// of an observation's layout thus fails here, and once the fixtures are rewritten, on the web's
// side until the web reads the new layout. With FELDHERR_UPDATE_FIXTURES=1 the tests rewrite the
// files instead of comparing (scripts/update-fixtures.sh).
#pragma once

#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <memory>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "engine/game.h"
#include "engine/player.h"
#include "engine/registry.h"
#include "engine/rng.h"
#include "engine/view.h"

namespace feldherr::testing {

inline std::string FixturePath(const std::string& name) {
  return std::string(FELDHERR_SOURCE_DIR) + "/web/test/fixtures/" + name + ".json";
}

inline bool UpdatingFixtures() {
  const char* v = std::getenv("FELDHERR_UPDATE_FIXTURES");
  return v != nullptr && *v != '\0' && std::string(v) != "0";
}

// A position reached from the start of `game_and_scenario` with `options`: `decisions` decisions
// of the seats (each seat the game's heuristic if `heuristic` and the game has one, else the
// random player), chance sampled, everything drawn from `seed`.
struct FixturePosition {
  std::string game_and_scenario;
  Options options;
  uint64_t seed = 1;
  int decisions = 0;
  bool heuristic = false;
  std::shared_ptr<const Game> game;
  std::unique_ptr<State> state;
  int actions = 0;  // all actions applied, chance included

  void play() {
    game = all_games().create(game_and_scenario, options);
    state = game->new_initial_state();
    const GameModule* module = all_games().find(game->id());
    std::vector<std::unique_ptr<Player>> players;
    for (size_t s = 0; s < game->seats().size(); ++s) {
      const uint64_t player_seed = seed * 31 + s;
      if (heuristic && module != nullptr && module->make_heuristic)
        players.push_back(module->make_heuristic(static_cast<int>(s), player_seed));
      else
        players.push_back(std::make_unique<RandomPlayer>(player_seed));
    }
    Rng chance(seed);
    int made = 0;
    while (!state->is_terminal() && made < decisions) {
      const int seat = state->current_seat();
      const Action a = seat == kChance ? state->sample_chance(chance)
                                       : players[static_cast<size_t>(seat)]->choose(*state);
      ASSERT_EQ(state->why_illegal(a), "") << state->describe(a);
      if (seat != kChance) ++made;
      state->apply(a);
      ++actions;
    }
  }
};

// Compares `content` with the fixture file `name` (or writes it, see UpdatingFixtures()).
inline void CheckFixture(const std::string& name, const nlohmann::json& content) {
  const std::string path = FixturePath(name);
  if (UpdatingFixtures()) {
    std::ofstream out(path);
    ASSERT_TRUE(out) << "cannot write " << path;
    out << content.dump(1) << "\n";
    return;
  }
  std::ifstream in(path);
  ASSERT_TRUE(in) << path << " is missing; write it with FELDHERR_UPDATE_FIXTURES=1 "
                  << "(scripts/update-fixtures.sh)";
  std::stringstream text;
  text << in.rdbuf();
  const nlohmann::json stored = nlohmann::json::parse(text.str());
  if (stored == content) return;
  const nlohmann::json patch = nlohmann::json::diff(stored, content);
  ADD_FAILURE() << "the observation differs from " << path
                << " (first differences: " << patch.dump().substr(0, 1500)
                << "). If the change is intended, rewrite the fixtures with "
                   "scripts/update-fixtures.sh and update the web's readers and tests.";
}

// The fixture of one position as the web's tests read it: where it comes from and what
// `viewer` (a seat id or "observer") is sent of it: the observation and, when the viewer owes
// the decision, the structured legal actions (docs/protocol.md "Legal actions").
inline nlohmann::json ObservationFixture(const FixturePosition& p, const std::string& viewer) {
  const int seat = viewer == "observer" ? kObserver : p.game->seat_index(viewer);
  EXPECT_NE(seat, -1) << viewer;
  nlohmann::json options = nlohmann::json::object();
  for (const auto& [k, v] : p.options) options[k] = v;
  return {{"game", p.game_and_scenario},
          {"options", options},
          {"seed", p.seed},
          {"actions", p.actions},
          {"viewer", viewer},
          {"observation", p.state->observe(seat)},
          {"legal", legal_json(view_of(*p.state, seat))}};
}

// The board JSON of a game (GameModule::board) as a fixture next to the observations, for the
// web helpers that join an observation with its board.
inline nlohmann::json BoardFixture(const Game& game) {
  const GameModule* module = all_games().find(game.id());
  EXPECT_TRUE(module != nullptr && module->board) << game.id();
  return module != nullptr && module->board ? module->board(game) : nlohmann::json(nullptr);
}

}  // namespace feldherr::testing
