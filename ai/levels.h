// Difficulty levels: the seat texts "ai:easy", "ai:normal" and "ai:hard" ("ai" alone is
// "ai:normal") name a game's computer players by strength, whatever search each game needs for
// it (GameModule::ai_levels; docs/ai.md "Difficulty levels"). The CLI's --seat, the server's
// create request and its catalog take them; a log or a stored game keeps the level's text, so a
// resumed game plays the level as the program defines it.
#pragma once

#include <array>
#include <string>
#include <string_view>

#include "engine/registry.h"

namespace feldherr {

inline constexpr std::array<std::string_view, 3> kAiLevelNames = {"easy", "normal", "hard"};

// For a level seat ("ai" or "ai:LEVEL"): sets `seat` to the game's player of that level (its
// GameModule::ai_levels entry; the engine's defaults when `module` is null) and returns true,
// with `error` set instead for an unknown level. Any other text: false, nothing set.
bool resolve_ai_level(const GameModule* module, std::string_view text, std::string& seat,
                      std::string& error);

// The longest a seat thinks per decision, in seconds: 0 for "heuristic" and "random", the time
// budget of an MCTS seat ("mcts" 1, "mcts:3" 3), 0 for an iteration budget ("mcts:2000it"),
// which has no time of its own. A malformed seat text: -1.
double seat_seconds(std::string_view seat);

}  // namespace feldherr
