// Pocket Battles: the static board description for the web UI (GameModule::board;
// docs/web.md "Board JSON"): the 3x5 battlefield (each side's rear and front zone in three
// sectors, the shared combat zone row), the segment names the action texts use, and both armies'
// troop tiles with their printed values. The UI joins it with PocketState::observe(seat).
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

#include "engine/game.h"

namespace feldherr::pocket {

// Throws std::runtime_error if `game` is not a Pocket Battles game.
nlohmann::json BoardJson(const Game& game);

// The key "row:column" of the board description's cell that the segment word `segment`
// ("left-front", as the action texts name it from its owner's side) names when `owner` reads
// it; "" for a word that is no segment.
std::string segment_cell(int owner, std::string_view segment);

}  // namespace feldherr::pocket
