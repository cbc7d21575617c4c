// The engine's conformance battery on every Planspiel situation (docs/architecture.md): random
// games to the end with the state contract, text forms, undo and hidden information (PS §7.5)
// checked after every action. PS_CONFORMANCE_GAMES sets the games per situation (default 40 of
// PS-1 and 10 of PS-2); PS_CONFORMANCE_SITUATION plays only that situation ("ps-2") and
// PS_CONFORMANCE_SEED sets the batch's seed (default 7), so that a long run can be split.
#include "engine/conformance.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <string>
#include <vector>

#include "engine/registry.h"

namespace feldherr::planspiel {
namespace {

// The games per situation: PS_CONFORMANCE_GAMES, or the CI-sized default (PS-2's games are
// about five times as long as PS-1's: 40 of PS-1 and 10 of PS-2 take about as long).
int BatteryGames(const std::string& situation) {
  if (const char* env = std::getenv("PS_CONFORMANCE_GAMES")) return std::max(1, std::atoi(env));
  return situation == "ps-1" ? 40 : 10;
}

TEST(PlanspielConformance, EverySituationThroughTheRegistry) {
  const GameModule* m = all_games().find("planspiel");
  ASSERT_NE(m, nullptr);
  ASSERT_FALSE(m->scenarios.empty());
  // PS-1 and PS-2, with transport and towing, both play through the battery.
  std::vector<std::string> ids;
  for (const ScenarioInfo& sc : m->scenarios) ids.push_back(sc.id);
  EXPECT_EQ(ids, (std::vector<std::string>{"ps-1", "ps-2"}));
  const char* only = std::getenv("PS_CONFORMANCE_SITUATION");
  const char* seed = std::getenv("PS_CONFORMANCE_SEED");
  for (const ScenarioInfo& sc : m->scenarios) {
    if (only != nullptr && sc.id != only) continue;
    auto game = all_games().create("planspiel/" + sc.id, {});
    ConformanceOptions o;
    o.games = BatteryGames(sc.id);
    o.seed = seed != nullptr ? static_cast<uint64_t>(std::atoll(seed)) : 7;
    o.check_stride = 3;
    o.invariant = m->invariant;
    o.odds = m->odds;
    ConformanceReport r = run_conformance(*game, o);
    for (const auto& f : r.failures) ADD_FAILURE() << sc.id << ": " << f;
    EXPECT_EQ(r.terminated, o.games) << sc.id;
  }
}

}  // namespace
}  // namespace feldherr::planspiel
