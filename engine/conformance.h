// The conformance battery every game and scenario must pass (docs/architecture.md): random games
// to the end with, after every action, clone equality, JSON round trip, hash stability, legal
// actions unique and non-empty while a decision is owed, describe/parse round trip, undo round
// trip, and hidden information kept: for every seat and for an observer, everything that viewer
// is sent (engine/view.h: observation, decision prompt and decline, its legal actions with their
// texts and notes, the text picture, odds answers) must not change when what it cannot see is
// re-sampled (State::determinize), and an action's text and events as the viewer reads them may
// tell two outcomes apart only where its observation does. Caps detect dead ends and runaway
// loops.
#pragma once

#include <cstdint>
#include <functional>
#include <string>

#include "engine/game.h"
#include "engine/view.h"

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
  // The game's odds hook (GameModule::odds), asked like the server asks it (odds_for).
  OddsHook odds;
  // Legal actions of the deciding seat whose odds are compared per checked position.
  int odds_samples = 3;
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
