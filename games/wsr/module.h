// White Star Rising's registry entry: the basic scenarios (games/wsr/scenario_game.h) and the
// validation of data/wsr/ (docs/wsr-play.md).
#pragma once

#include "engine/registry.h"

namespace feldherr::wsr {

GameModule wsr_module();
// luck.cc: GameModule::luck, the expected and actual hits / saves of a WSR 6.1 roll.
std::optional<LuckSample> WsrLuck(const State& before, const Action& chance);
// Older name of wsr_module() (the data-only registration before the rules could play).
inline GameModule wsr_data_module() {
  return wsr_module();
}

}  // namespace feldherr::wsr
