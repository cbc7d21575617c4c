// The Planspiel as the registry knows it (engine/registry.h): the standard situations that can be
// played (planspiel/ps-1, planspiel/ps-2), the heuristic player, the odds of a fire or an attack,
// the drawn board, and `feldherr validate` for every file of data/planspiel/ with the game's own
// loaders.
#pragma once

#include <string>
#include <vector>

#include "engine/registry.h"
#include "engine/rng.h"

namespace feldherr::planspiel {

// Checks one data file of data/planspiel/ with the loader of its kind: a board (ps*.toml), the
// unit types (units.toml) or the weapons tables (weapons.toml); throws DataError("FILE:LINE:
// message"), or DataError("FILE: ...") for a file of no known kind.
void validate_data_file(const std::string& path);

GameModule planspiel_module();

// The heuristic player's score of a legal action of the deciding party (higher is better; below
// zero: only when nothing else is left): fire where it hurts, attack where the odds favour it,
// ride towards the objectives and get off near them, move towards the objectives.
double HeuristicScore(const State& state, const Action& action, Rng& rng);
// HeuristicScore of all `actions` of one decision into `scores` (same size), in their order
// (engine/scored_player.h BatchScorer): the work every candidate needs is done once.
void HeuristicScores(const State& state, const ActionList& actions, std::vector<double>& scores,
                     Rng& rng);

}  // namespace feldherr::planspiel
