// Test helper of the disabled WSR AI measurements: the scenarios to measure, from the environment.
#pragma once

#include <cstdlib>
#include <string>
#include <vector>

#include "games/wsr/scenario_game.h"

namespace feldherr::wsr::testing {

// The scenario ids listed in the environment variable `var`, comma-separated ("koeln,noville");
// every playable scenario when it is unset.
inline std::vector<std::string> ScenarioIdsFromEnv(const char* var) {
  const char* env = std::getenv(var);
  if (env == nullptr) return PlayableScenarioIds();
  std::vector<std::string> ids;
  std::string cur;
  for (const char ch : std::string(env) + ",") {
    if (ch != ',') {
      cur += ch;
    } else if (!cur.empty()) {
      ids.push_back(cur);
      cur.clear();
    }
  }
  return ids;
}

}  // namespace feldherr::wsr::testing
