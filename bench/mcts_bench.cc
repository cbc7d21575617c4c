// MCTS benchmarks (ai/mcts.h, docs/ai.md): iterations per second on one core.
//
//   mcts/<game>/<scenario>/<playout>/depth:<d>
//
// Every benchmark iteration is one MctsPlayer::choose() with a budget of kIterations MCTS
// iterations (one thread) on a position taken in turn from recorded random games (decisions
// with more than one legal action, spread evenly over whole games). items_per_second =
// MCTS iterations/s (each: determinisation, tree descent, playout cut after `d` decisions,
// evaluation by GameModule::evaluate, backup). Playouts: random, or guided by the game's
// heuristic (epsilon 0.1).
//
//   build/<dir>/bench/feldherr_bench --benchmark_filter='^mcts/'
#include <benchmark/benchmark.h>

#include <memory>
#include <string>
#include <vector>

#include "ai/mcts.h"
#include "engine/game.h"
#include "engine/player.h"
#include "engine/registry.h"

namespace feldherr {
namespace {

constexpr long long kIterations = 2000;

struct MctsFixture {
  const GameModule* module = nullptr;
  std::shared_ptr<const Game> game;
  std::vector<std::unique_ptr<State>> positions;
  std::string error;

  MctsFixture(const std::string& id, int games, int keep_every) {
    try {
      game = all_games().create(id, {});
      module = all_games().find(game->id());
    } catch (const std::exception& e) {
      error = e.what();
      return;
    }
    for (int g = 0; g < games; ++g) {
      auto s = game->new_initial_state();
      const int seats = static_cast<int>(game->seats().size());
      std::vector<RandomPlayer> players;
      for (int k = 0; k < seats; ++k) players.emplace_back(77 + 13 * g + k);
      Rng dice(static_cast<uint64_t>(500 + g));
      int n = 0;
      while (!s->is_terminal() && n < 100000) {
        const int seat = s->current_seat();
        ++n;
        if (seat == kChance) {
          s->apply(s->sample_chance(dice));
          continue;
        }
        if (n % keep_every == 0 && s->legal_actions().size() > 1) positions.push_back(s->clone());
        s->apply(players[static_cast<size_t>(seat)].choose(*s));
      }
    }
  }
};

// Fixtures are built on first use, not while benchmarks are registered: registration runs during
// static initialisation, when the data loaders' own static tables may not be initialised yet.
struct LazyFixture {
  std::string id;
  int games, keep_every;
  std::unique_ptr<MctsFixture> fixture;
  const MctsFixture* get() {
    if (!fixture) fixture = std::make_unique<MctsFixture>(id, games, keep_every);
    return fixture.get();
  }
};

void mcts_iterations(benchmark::State& st, LazyFixture* lazy, PlayoutPolicy playout, int depth) {
  const MctsFixture* f = lazy->get();
  if (!f->error.empty() || f->positions.empty()) {
    st.SkipWithError(("no positions: " + f->error).c_str());
    return;
  }
  MctsConfig c;
  c.iterations = kIterations;
  c.seconds = 0;
  c.threads = 1;
  c.depth = depth;
  c.playout = playout;
  MctsPlayer player(c, 1, f->module->evaluate, f->module->make_heuristic);
  size_t i = 0;
  long long iterations = 0, nodes = 0;
  for (auto _ : st) {
    Action a = player.choose(*f->positions[i++ % f->positions.size()]);
    benchmark::DoNotOptimize(a);
    iterations += player.last_stats().iterations;
    nodes += player.last_stats().nodes;
  }
  st.SetItemsProcessed(iterations);
  st.counters["positions"] = static_cast<double>(f->positions.size());
  st.counters["nodes/decision"] =
      static_cast<double>(nodes) / static_cast<double>(std::max<int64_t>(1, st.iterations()));
}

bool register_mcts() {
  static std::vector<std::unique_ptr<LazyFixture>> fixtures;
  fixtures.push_back(std::make_unique<LazyFixture>(LazyFixture{"pocket/orcs-vs-elves", 8, 3, {}}));
  fixtures.push_back(std::make_unique<LazyFixture>(LazyFixture{"wsr/noville", 2, 25, {}}));
  for (const auto& lazy : fixtures) {
    for (PlayoutPolicy p : {PlayoutPolicy::kRandom, PlayoutPolicy::kGuided}) {
      const std::string name = "mcts/" + lazy->id + "/" +
                               (p == PlayoutPolicy::kRandom ? "random" : "guided") + "/depth:20";
      benchmark::RegisterBenchmark(name.c_str(), mcts_iterations, lazy.get(), p, 20)
          ->Unit(benchmark::kMillisecond)
          ->MinTime(2.0);
    }
  }
  return true;
}

const bool registered = register_mcts();

}  // namespace
}  // namespace feldherr
