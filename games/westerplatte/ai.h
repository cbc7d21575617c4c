// The Westerplatte heuristic defender and the static evaluation for MCTS.
#pragma once

#include <memory>

#include "engine/player.h"
#include "engine/registry.h"
#include "games/westerplatte/westerplatte.h"

namespace feldherr::westerplatte {

GameModule westerplatte_module();
// Static value of a position for the defenders (higher is better), before the German fire.
double score(const WpState& s);
// evaluate(): score mapped to [-1, 1]; terminal states give their result.
double evaluate(const State& s, int seat);
std::unique_ptr<Player> make_heuristic(int seat, uint64_t seed);

}  // namespace feldherr::westerplatte
