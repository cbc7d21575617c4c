// The Pocket Battles evaluation function for MCTS playout cut-offs (ai/mcts.h, docs/ai.md):
// a static value of a position for one seat in [-1, 1].
#pragma once

#include "engine/game.h"

namespace feldherr::pocket {

// Value of `state` (a PocketState) for `seat` in [-1, 1]: terminal states give the result;
// during the battle, progress towards the victory threshold (half of the enemy's built DP,
// PB Spielende 2, A3), the fighting power left on both sides (printed dice faces weighted by the
// life points left) and the order markers in the pools; during army selection and formation,
// fighting power per DP picked. Symmetric: value(s, 0) == -value(s, 1).
double PocketEvaluate(const State& state, int seat);

// The battle features PocketEvaluate weighs, for `seat` (exposed for fitting and tests):
// progress towards the victory threshold of each side, power balance, marker balance and unit
// balance, each in [-1, 1] or [0, 1].
struct PocketFeatures {
  double prog_me = 0, prog_them = 0, power = 0, markers = 0, units = 0;
};
PocketFeatures PocketBattleFeatures(const State& state, int seat);

}  // namespace feldherr::pocket
