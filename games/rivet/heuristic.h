// Rivet Wars heuristic player with its parameters (docs/rivet.md "Heuristic player").
#pragma once

#include <cstdint>
#include <memory>

#include "engine/player.h"

namespace feldherr::rivet {

struct RivetHeuristicParams {
  // The first scoring (docs/rivet.md "Heuristic player", baseline): cheap infantry first,
  // every Action! card its window offers at a fixed score, no secret missions, no shield. Kept
  // for the measurement of the player against it.
  bool baseline = false;
  // Weight of an infantry unit standing in front of an own SO holder in the grid target order.
  double shield = 3.0;
};

std::unique_ptr<Player> make_rivet_heuristic(int seat, uint64_t seed,
                                             const RivetHeuristicParams& params);

class RivetState;

// The terms rivet_evaluate weighs, each for the Allies (seat 0) in [-1, 1] (docs/rivet.md
// "Evaluation"): the VP towards each side's threshold, the SO each side's flag or units hold (a
// VP each at the end of its turns, RW §10), and the forces (units on the map by their cost and
// strength left, DP and rivets in hand).
struct RivetEvalTerms {
  double vp = 0;        // VP / threshold, Allies - Bismark
  double so = 0;        // SO held (flag or a unit on the field) / SO, Allies - Bismark
  double material = 0;  // (forces Allies - Bismark) / (forces Allies + Bismark)
};
RivetEvalTerms rivet_evaluation_terms(const RivetState& state);

}  // namespace feldherr::rivet
