// `feldherr bench`: the engine's speed in lines a script can compare with other engines
// side by side: every line reads `anchor=feldherr metric=<name> value=<number> unit=<unit>`.
//
// Per registered game (its first scenario, then GameModule::bench_scenarios with metrics
// "<game>.<scenario>.<name>"; default options; `--game` picks some): random play
// (actions/s and games/s, one core, no event text, chance sampled), clone and legal-action
// generation on positions taken from random games, MCTS iterations/s on one core (random
// playouts cut at 20 decisions plus the game's evaluation), then the game's own measurements
// (GameModule::bench, e.g. the speed of its exact odds).
// Wall-clock timing with std::chrono::steady_clock; `--seconds` per measurement (default 1).
// The Google Benchmark suite (bench/) measures the same things more carefully.
#include <fmt/format.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <ostream>

#include "ai/mcts.h"
#include "cli/cli.h"
#include "cli/commands.h"
#include "engine/errors.h"
#include "engine/rng.h"

namespace feldherr::cli {

namespace {

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point t0) {
  return std::chrono::duration<double>(Clock::now() - t0).count();
}

void line(std::ostream& out, const std::string& metric, double value, const char* unit) {
  // Plain decimals (no exponent), 4 significant digits or more.
  const int decimals = value >= 1000 ? 0 : value >= 10 ? 2 : 4;
  out << fmt::format("anchor=feldherr metric={} value={:.{}f} unit={}\n", metric, value, decimals,
                     unit);
}

// One random action: chance sampled, otherwise uniform among the legal non-concessions.
Action random_action(const State& s, Rng& rng, ActionList& buf) {
  if (s.current_seat() == kChance) return s.sample_chance(rng);
  s.legal_actions(buf);
  Action a = buf[rng.below(static_cast<uint32_t>(buf.size()))];
  for (int tries = 0; tries < 8 && s.is_concession(a); ++tries)
    a = buf[rng.below(static_cast<uint32_t>(buf.size()))];
  return a;
}

constexpr long long kMaxActions = 20000;  // a random game that has not ended by then is cut

void bench_game(const Registry& registry, const GameModule& m, const std::string& scenario,
                const std::string& name, double budget, std::ostream& out, std::ostream& err) {
  std::shared_ptr<const Game> game = registry.create(m.id + "/" + scenario, {});
  err << "bench: " << m.id << "/" << scenario << "\n";
  Rng rng(2026);
  ActionList buf;

  // Random play, and positions for the other measurements (every 7th position of the games).
  std::vector<std::unique_ptr<State>> positions;
  long long actions = 0, games = 0;
  const auto t0 = Clock::now();
  while (seconds_since(t0) < budget) {
    auto s = game->new_initial_state();
    for (long long n = 0; n < kMaxActions && !s->is_terminal(); ++n) {
      s->apply(random_action(*s, rng, buf));
      ++actions;
      if (positions.size() < 400 && actions % 7 == 0 && !s->is_terminal() && s->current_seat() >= 0)
        positions.push_back(s->clone());
    }
    ++games;
  }
  const double t = seconds_since(t0);
  line(out, name + ".random_play", static_cast<double>(actions) / t, "actions/s");
  line(out, name + ".random_play_games", static_cast<double>(games) / t, "games/s");
  if (positions.empty()) return;

  // Clone and legal actions over the collected positions.
  long long n = 0;
  const auto t1 = Clock::now();
  while (seconds_since(t1) < budget / 4) {
    for (int k = 0; k < 256; ++k, ++n) {
      auto c = positions[static_cast<size_t>(n) % positions.size()]->clone();
      if (c == nullptr) throw std::logic_error("clone failed");
    }
  }
  line(out, name + ".clone", seconds_since(t1) * 1e9 / static_cast<double>(n), "ns");
  n = 0;
  size_t total = 0;
  const auto t2 = Clock::now();
  while (seconds_since(t2) < budget / 4) {
    for (int k = 0; k < 256; ++k, ++n) {
      positions[static_cast<size_t>(n) % positions.size()]->legal_actions(buf);
      total += buf.size();
    }
  }
  line(out, name + ".legal_actions", seconds_since(t2) * 1e9 / static_cast<double>(n), "ns");

  // MCTS on one core: iterations per second over the positions' decisions.
  MctsConfig c;
  c.seconds = 0;
  c.iterations = 2000;
  c.threads = 1;
  c.depth = 20;
  MctsPlayer player(c, 1, m.evaluate, m.make_heuristic);
  long long iterations = 0;
  size_t i = 0;
  const auto t3 = Clock::now();
  while (seconds_since(t3) < budget) {
    Action a = player.choose(*positions[i++ % positions.size()]);
    (void)a;
    iterations += player.last_stats().iterations;
  }
  line(out, name + ".mcts_iterations", static_cast<double>(iterations) / seconds_since(t3),
       "iterations/s");
}

}  // namespace

CLI::App* add_bench_command(CLI::App& app, BenchArgs& args) {
  CLI::App* bench = app.add_subcommand(
      "bench", "Measure random play, clone, legal actions, MCTS and odds speed per game");
  bench->add_option("--game", args.games, "Only this game id (repeatable; default: every game)")
      ->type_name("GAME");
  // CLI::Range alone lets "nan" through (every comparison with NaN is false).
  bench->add_option("--seconds", args.seconds, "Time per measurement, 0.05 to 60 (default 1)")
      ->type_name("S")
      ->check(CLI::Validator(
          [](std::string& text) -> std::string {
            char* end = nullptr;
            const double s = std::strtod(text.c_str(), &end);
            if (text.empty() || end != text.c_str() + text.size() || !std::isfinite(s) ||
                s < 0.05 || s > 60.0)
              return "must be a number of seconds from 0.05 to 60, not '" + clip_text(text) + "'";
            return "";
          },
          "", "seconds"));
  return bench;
}

int cmd_bench(const BenchArgs& args, const Registry& registry, Streams& io) {
  for (const std::string& g : args.games)
    if (registry.find(g) == nullptr) throw UsageError("bench: unknown game '" + g + "'");
  for (const GameModule& m : registry.modules()) {
    if (!args.games.empty() &&
        std::find(args.games.begin(), args.games.end(), m.id) == args.games.end())
      continue;
    if (m.scenarios.empty()) continue;
    bench_game(registry, m, m.scenarios.front().id, m.id, args.seconds, io.out, io.err);
    for (const std::string& sc : m.bench_scenarios)
      bench_game(registry, m, sc, m.id + "." + sc, args.seconds, io.out, io.err);
    if (m.bench) {
      m.bench(args.seconds,
              [&io](const std::string& metric, double value, const std::string& unit) {
                line(io.out, metric, value, unit.c_str());
              });
    }
  }
  return kExitOk;
}

}  // namespace feldherr::cli
