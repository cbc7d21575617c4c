// Rivet Wars heuristic player with its parameters (docs/rivet.md "Heuristic player").
#pragma once

#include <cstdint>
#include <memory>

#include "engine/player.h"

namespace feldherr::rivet {

struct RivetHeuristicParams {
  // The first scoring (docs/rivet.md "Heuristic player", baseline): cheap infantry first,
  // every Action! card its window offers at a fixed score, no secret missions, no threat. Kept
  // for the measurement of the player against it.
  bool baseline = false;
};

std::unique_ptr<Player> make_rivet_heuristic(int seat, uint64_t seed,
                                             const RivetHeuristicParams& params);

}  // namespace feldherr::rivet
