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

}  // namespace feldherr::rivet
