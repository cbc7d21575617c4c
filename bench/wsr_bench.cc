// White Star Rising engine and AI benchmarks (docs/wsr-ai.md "Speed"), on the Noville
// scenario (WSR B1, games/wsr/scenario_game.h) or, if it cannot be built, on a small two-sided
// test position of sheet A:
//
//   WsrRandomPlayout   whole random games (RandomPlayer both seats, chance sampled):
//                      items_per_second = actions/s
//   WsrClone           State::clone() of positions sampled from random games
//   WsrLegalActions    State::legal_actions(buffer) on the same positions
//   WsrEvaluate        the static evaluation (games/wsr/heuristic.h) on the same positions
//   WsrHeuristicChoose one decision of the heuristic player on positions where a seat decides
//   WsrRandomPlayoutReference, WsrLegalActionsReference
//                      the same with SetWsrFastPaths(false) (games/wsr/los_cache.h): every LOS
//                      computed exactly, no memo, no pre-filter -- what the fast paths save
//
// Targets: >= 500k random actions/s, clone <= 5 us.
#include <benchmark/benchmark.h>

#include <memory>
#include <vector>

#include "engine/player.h"
#include "games/wsr/data.h"
#include "games/wsr/heuristic.h"
#include "games/wsr/los_cache.h"
#include "games/wsr/scenario_game.h"
#include "games/wsr/state.h"

namespace feldherr::wsr {
namespace {

SetupUnit BU(const char* counter, const char* hex, const char* formation, bool mounted = false) {
  SetupUnit u;
  u.counter = counter;
  u.hex = hex;
  u.formation = formation;
  u.mounted = mounted;
  return u;
}

std::shared_ptr<const WsrGame> SmallBattle() {
  GameSetup s;
  s.formations = {{"us.cca", 0, 1}, {"de.beck", 1, 1}, {"de.107", 1, 1}};
  s.units = {BU("us.hq-cca", "A-H04", "us.cca"),
             BU("us.m4a1", "A-H04", "us.cca"),
             BU("us.mech-infantry", "A-H04", "us.cca", true),
             BU("us.m4a3e8", "A-I04", "us.cca"),
             BU("us.shq-cca", "A-G05", "us.cca"),
             BU("us.infantry", "A-G05", "us.cca"),
             BU("us.57mm-atg", "A-B06", "us.cca"),
             BU("us.m8", "A-C06", "us.cca"),
             BU("de.hq-beck", "A-M07", "de.beck"),
             BU("de.panther", "A-M07", "de.beck"),
             BU("de.panzer-iv", "A-N07", "de.beck"),
             BU("de.panzergrenadiere", "A-N07", "de.beck"),
             BU("de.hq-107", "A-R08", "de.107"),
             BU("de.infantry", "A-R08", "de.107"),
             BU("de.infantry", "A-S06", "de.107")};
  s.turns = 3;
  s.objectives = {"A-K08", "A-K09"};
  return std::make_shared<WsrGame>(ShippedData(), HexLayout::Single('A'), s);
}

struct Fixture {
  std::shared_ptr<const WsrGame> game;
  std::vector<std::unique_ptr<State>> positions;  // non-terminal positions of random games
  std::vector<std::unique_ptr<State>> decisions;  // positions where a seat decides

  Fixture() {
    try {
      game = MakeScenarioGame(ShippedData(), LoadShippedScenario("noville"));
      auto probe = game->new_initial_state();
    } catch (const std::exception&) {
      game = SmallBattle();
    }
    for (uint64_t g = 0; g < 4; ++g) {
      auto s = game->new_initial_state();
      RandomPlayer p(g + 1);
      Rng chance(g + 100);
      for (int n = 0; n < 20000 && !s->is_terminal(); ++n) {
        if (n % 7 == 0) {
          positions.push_back(s->clone());
          if (s->current_seat() >= 0 && decisions.size() < 200) decisions.push_back(s->clone());
        }
        s->apply(s->current_seat() == kChance ? s->sample_chance(chance) : p.choose(*s));
      }
    }
  }
};

Fixture& F() {
  static Fixture f;
  return f;
}

void BM_WsrRandomPlayout(benchmark::State& state) {
  Fixture& f = F();
  SetWsrFastPaths(state.range(0) != 0);
  uint64_t seed = 1;
  int64_t actions = 0;
  for (auto _ : state) {
    auto s = f.game->new_initial_state();
    RandomPlayer p(seed);
    Rng chance(seed * 7 + 3);
    ++seed;
    int n = 0;
    while (!s->is_terminal() && n < 200000) {
      s->apply(s->current_seat() == kChance ? s->sample_chance(chance) : p.choose(*s));
      ++n;
    }
    actions += n;
  }
  state.SetItemsProcessed(actions);
  state.SetLabel(std::string(f.game->scenario()));
  SetWsrFastPaths(true);
}
BENCHMARK(BM_WsrRandomPlayout)->Arg(1)->Unit(benchmark::kMillisecond);
void BM_WsrRandomPlayoutReference(benchmark::State& state) {
  BM_WsrRandomPlayout(state);
}
BENCHMARK(BM_WsrRandomPlayoutReference)->Arg(0)->Unit(benchmark::kMillisecond);

void BM_WsrClone(benchmark::State& state) {
  Fixture& f = F();
  size_t i = 0;
  for (auto _ : state) {
    auto c = f.positions[i++ % f.positions.size()]->clone();
    benchmark::DoNotOptimize(c);
  }
}
BENCHMARK(BM_WsrClone);

void BM_WsrLegalActions(benchmark::State& state) {
  Fixture& f = F();
  SetWsrFastPaths(state.range(0) != 0);
  ActionList buf;
  size_t i = 0;
  for (auto _ : state) {
    f.positions[i++ % f.positions.size()]->legal_actions(buf);
    benchmark::DoNotOptimize(buf.data());
  }
  SetWsrFastPaths(true);
}
BENCHMARK(BM_WsrLegalActions)->Arg(1);
void BM_WsrLegalActionsReference(benchmark::State& state) {
  BM_WsrLegalActions(state);
}
BENCHMARK(BM_WsrLegalActionsReference)->Arg(0);

void BM_WsrEvaluate(benchmark::State& state) {
  Fixture& f = F();
  size_t i = 0;
  double sum = 0;
  for (auto _ : state) {
    const auto& s = static_cast<const WsrState&>(*f.positions[i++ % f.positions.size()]);
    sum += WsrEvaluate(s, 0);
  }
  benchmark::DoNotOptimize(sum);
}
BENCHMARK(BM_WsrEvaluate);

void BM_WsrHeuristicChoose(benchmark::State& state) {
  Fixture& f = F();
  auto p0 = make_wsr_heuristic(0, 1), p1 = make_wsr_heuristic(1, 2);
  size_t i = 0;
  for (auto _ : state) {
    const State& s = *f.decisions[i++ % f.decisions.size()];
    Action a = (s.current_seat() == 0 ? p0 : p1)->choose(s);
    benchmark::DoNotOptimize(a);
  }
}
BENCHMARK(BM_WsrHeuristicChoose)->Unit(benchmark::kMicrosecond);

}  // namespace
}  // namespace feldherr::wsr
