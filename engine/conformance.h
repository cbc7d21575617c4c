// The conformance battery every game and scenario must pass (ARCHITECTURE.md): random games to
// the end with, after every action, clone equality, JSON round trip, hash stability, legal actions
// unique and non-empty while a decision is owed, describe/parse round trip, undo round trip, and
// observations that do not change when hidden information is re-sampled. Caps detect dead ends
// and runaway loops.
#pragma once

#include <cstdint>
#include <functional>
#include <string>

#include "engine/game.h"

namespace feldherr {

struct ConformanceOptions {
  int games = 100;
  uint64_t seed = 1;
  int max_actions = 20000;  // a game longer than this is a runaway loop
  // Expensive checks (JSON round trip, determinisation, parse of every legal action) run after
  // every `check_stride`-th action; cheap ones (legal list, clone hash, undo) after every action.
  int check_stride = 1;
  // Game-specific invariants, checked after every action; return "" when they hold.
  std::function<std::string(const State&)> invariant;
};

struct ConformanceReport {
  int games = 0;
  long long actions = 0;
  int terminated = 0;
  std::vector<std::string> failures;  // "game 12 action 345 (attack u3): clone differs"
  bool ok() const { return failures.empty(); }
};

ConformanceReport run_conformance(const Game& game, const ConformanceOptions& options);

}  // namespace feldherr
