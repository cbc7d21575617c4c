#include "ai/levels.h"

#include "ai/mcts.h"

namespace feldherr {

bool resolve_ai_level(const GameModule* module, std::string_view text, std::string& seat,
                      std::string& error) {
  std::string_view level;
  if (text == "ai") {
    level = "normal";
  } else if (text.substr(0, 3) == "ai:") {
    level = text.substr(3);
  } else {
    return false;
  }
  static const GameModule kDefaults;
  const GameModule& m = module != nullptr ? *module : kDefaults;
  for (size_t i = 0; i < kAiLevelNames.size(); ++i) {
    if (level == kAiLevelNames[i]) {
      seat = m.ai_levels[i];
      return true;
    }
  }
  error = "unknown level '" + std::string(level) + "' (levels: ai:easy, ai:normal, ai:hard)";
  return true;
}

double seat_seconds(std::string_view seat) {
  if (seat == "heuristic" || seat == "random") return 0;
  MctsConfig config;
  std::string error;
  if (!parse_mcts_seat(seat, config, error) || !error.empty()) return -1;
  return config.iterations > 0 ? 0 : config.seconds;
}

}  // namespace feldherr
