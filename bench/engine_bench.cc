// Engine benchmarks, generic over every registered game (feldherr::all_games()): each game and
// scenario gets the same set, so a new game module is measured without writing any code here.
//
//   <game>/<scenario>[/<option>=<value>]/<Benchmark>
//
//   RandomPlayout  whole games, RandomPlayer for every seat (it concedes only when nothing else
//                  is legal, so games are played out), chance via State::sample_chance.
//                  items_per_second = actions/s; counters games/s and actions/game.
//   Apply          re-applies the actions of recorded random games to fresh copies of the
//                  initial state (no legality checks, no players): items_per_second = actions/s.
//   Clone          State::clone() of positions sampled evenly from those recorded games.
//   LegalActions   State::legal_actions(buffer) on the same positions; counter actions/call.
//   Hash           State::hash() on the same positions.
//   JsonRoundTrip  to_json() + Game::state_from_json() on the same positions; counter bytes.
//   View           what the server sends the seat that decides (engine/view.h view_of: the
//                  observation as text (ViewOptions::observation_text), the decision, the legal
//                  actions with notes and structured form) as JSON text, on the same
//                  positions; counter bytes.
//
// Games with a battle-size option "points" are measured at points=60 and points=100; others
// with their default options. See docs/testing.md, "Benchmarks".
#include <benchmark/benchmark.h>
#include <fmt/format.h>

#include <cstdio>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "engine/game.h"
#include "engine/player.h"
#include "engine/registry.h"
#include "engine/view.h"

namespace feldherr {
namespace {

constexpr int kMaxActionsPerGame = 200000;  // a runaway game stops here (conformance catches it)
constexpr int kSampleGames = 8;
constexpr size_t kMaxSamples = 1024;

// Plays one random game from `initial` with RandomPlayer for every seat. Calls `visit(state)`
// before every action and `taken(action)` after choosing it. Returns the number of actions.
template <typename Visit, typename Taken>
int random_game(const State& initial, uint64_t seed, Visit&& visit, Taken&& taken) {
  auto state = initial.clone();
  int seats = static_cast<int>(initial.game().seats().size());
  std::vector<RandomPlayer> players;
  players.reserve(static_cast<size_t>(seats));
  for (int s = 0; s < seats; ++s) players.emplace_back(seed * 131 + static_cast<uint64_t>(s));
  Rng chance(seed);
  int n = 0;
  while (!state->is_terminal() && n < kMaxActionsPerGame) {
    visit(*state);
    int seat = state->current_seat();
    Action a;
    if (seat == kChance) {
      a = state->sample_chance(chance);
    } else {
      a = players[static_cast<size_t>(seat)].choose(*state);
    }
    taken(a);
    state->apply(a);
    ++n;
  }
  return n;
}

// Positions and action sequences recorded once per game configuration.
struct Fixture {
  std::shared_ptr<const Game> game;
  std::unique_ptr<State> initial;
  std::vector<std::unique_ptr<State>> positions;  // non-terminal, spread over whole games
  std::vector<std::vector<Action>> games;         // action sequences of random games

  explicit Fixture(std::shared_ptr<const Game> g) : game(std::move(g)) {
    initial = game->new_initial_state();
    size_t total = 0;
    for (int i = 0; i < kSampleGames; ++i) {
      std::vector<Action> actions;
      random_game(
          *initial, 1000 + static_cast<uint64_t>(i), [](const State&) {},
          [&](const Action& a) { actions.push_back(a); });
      total += actions.size();
      games.push_back(std::move(actions));
    }
    // Keep evenly spaced positions (at most kMaxSamples) so every phase of the game counts.
    size_t stride = total / kMaxSamples + 1, k = 0;
    for (const auto& seq : games) {
      auto state = initial->clone();
      for (const Action& a : seq) {
        if (k++ % stride == 0) positions.push_back(state->clone());
        state->apply(a);
      }
    }
    if (positions.empty()) positions.push_back(initial->clone());
  }
};

void random_playout(benchmark::State& st, const Fixture* f) {
  uint64_t seed = 1;
  int64_t actions = 0, games = 0;
  for (auto _ : st) {
    int n = random_game(
        *f->initial, seed++, [](const State&) {},
        [](const Action& a) { benchmark::DoNotOptimize(a); });
    actions += n;
    ++games;
  }
  st.SetItemsProcessed(actions);
  st.counters["games/s"] =
      benchmark::Counter(static_cast<double>(games), benchmark::Counter::kIsRate);
  st.counters["actions/game"] = static_cast<double>(actions) / static_cast<double>(games);
}

void apply_actions(benchmark::State& st, const Fixture* f) {
  int64_t actions = 0;
  size_t g = 0;
  for (auto _ : st) {
    const auto& seq = f->games[g++ % f->games.size()];
    auto state = f->initial->clone();
    for (const Action& a : seq) state->apply(a);
    benchmark::DoNotOptimize(state->current_seat());
    actions += static_cast<int64_t>(seq.size());
  }
  st.SetItemsProcessed(actions);
}

void clone_state(benchmark::State& st, const Fixture* f) {
  size_t i = 0;
  for (auto _ : st) {
    auto copy = f->positions[i++ % f->positions.size()]->clone();
    benchmark::DoNotOptimize(copy.get());
  }
  st.SetItemsProcessed(st.iterations());
}

void legal_actions(benchmark::State& st, const Fixture* f) {
  ActionList buffer;
  size_t i = 0;
  int64_t listed = 0;
  for (auto _ : st) {
    f->positions[i++ % f->positions.size()]->legal_actions(buffer);
    benchmark::DoNotOptimize(buffer.data());
    listed += static_cast<int64_t>(buffer.size());
  }
  st.SetItemsProcessed(st.iterations());
  st.counters["actions/call"] = static_cast<double>(listed) / static_cast<double>(st.iterations());
}

void hash_state(benchmark::State& st, const Fixture* f) {
  size_t i = 0;
  for (auto _ : st) benchmark::DoNotOptimize(f->positions[i++ % f->positions.size()]->hash());
  st.SetItemsProcessed(st.iterations());
}

void json_round_trip(benchmark::State& st, const Fixture* f) {
  size_t i = 0;
  int64_t bytes = 0;
  for (auto _ : st) {
    const State& s = *f->positions[i++ % f->positions.size()];
    json j = s.to_json();
    auto back = f->game->state_from_json(j);
    benchmark::DoNotOptimize(back.get());
    if (i <= f->positions.size()) bytes += static_cast<int64_t>(j.dump().size());
  }
  st.SetItemsProcessed(st.iterations());
  size_t measured = std::min(static_cast<size_t>(st.iterations()), f->positions.size());
  st.counters["json_bytes"] = static_cast<double>(bytes) / static_cast<double>(measured);
}

void view_text(benchmark::State& st, const Fixture* f) {
  size_t i = 0;
  int64_t bytes = 0;
  std::string out;
  for (auto _ : st) {
    const State& s = *f->positions[i++ % f->positions.size()];
    const int seat = s.current_seat();
    ViewOptions o;
    o.observation_text = true;  // as the server writes it, with its warnings before an ending
    o.warnings = true;
    View v = view_of(s, seat >= 0 ? seat : kObserver, o);
    out = std::move(v.observation_text);
    out += decision_json(s.game(), v).dump();
    append_legal_json(v, out);
    benchmark::DoNotOptimize(out.data());
    if (i <= f->positions.size()) bytes += static_cast<int64_t>(out.size());
  }
  st.SetItemsProcessed(st.iterations());
  size_t measured = std::min(static_cast<size_t>(st.iterations()), f->positions.size());
  st.counters["bytes"] = static_cast<double>(bytes) / static_cast<double>(measured);
}

// The option sets benchmarked for a module: battle sizes 60 and 100 where a "points" option
// exists, otherwise the defaults.
std::vector<Options> option_sets(const GameModule& m) {
  for (const auto& spec : m.options)
    if (spec.name == "points") return {{{"points", "60"}}, {{"points", "100"}}};
  return {{}};
}

}  // namespace

// Called from main (bench/main.cc), not during static initialisation: building the fixtures
// loads the games' data, whose loaders have static tables of their own that are not
// initialised yet then (the binary died at start with "units.toml:24: unknown field
// 'abilities' in [[unit]] (allowed: )").
void RegisterEngineBenchmarks() {
  // Fixtures live for the whole run (benchmarks are registered once, before main runs them).
  static std::vector<std::unique_ptr<Fixture>> fixtures;
  for (const GameModule& m : all_games().modules()) {
    for (const ScenarioInfo& sc : m.scenarios) {
      for (const Options& opts : option_sets(m)) {
        std::string name = m.id + "/" + sc.id;
        for (const auto& [k, v] : opts) name += "/" + k + "=" + v;
        try {
          fixtures.push_back(
              std::make_unique<Fixture>(all_games().create(m.id + "/" + sc.id, opts)));
        } catch (const std::exception& e) {
          std::fprintf(stderr, "bench: skipping %s: %s\n", name.c_str(), e.what());
          continue;
        }
        const Fixture* f = fixtures.back().get();
        benchmark::RegisterBenchmark((name + "/RandomPlayout").c_str(), random_playout, f)
            ->Unit(benchmark::kMillisecond);
        benchmark::RegisterBenchmark((name + "/Apply").c_str(), apply_actions, f)
            ->Unit(benchmark::kMicrosecond);
        benchmark::RegisterBenchmark((name + "/Clone").c_str(), clone_state, f);
        benchmark::RegisterBenchmark((name + "/LegalActions").c_str(), legal_actions, f);
        benchmark::RegisterBenchmark((name + "/Hash").c_str(), hash_state, f);
        benchmark::RegisterBenchmark((name + "/JsonRoundTrip").c_str(), json_round_trip, f)
            ->Unit(benchmark::kMicrosecond);
        benchmark::RegisterBenchmark((name + "/View").c_str(), view_text, f)
            ->Unit(benchmark::kMicrosecond);
      }
    }
  }
}

}  // namespace feldherr
