// The target's answer to anti-tank close combat from movement (PS §10.5, §9.4) under the engine's
// conformance battery: a test situation on the PS-1 board where Red's infantry stands next to
// Blue's tanks in the open and beside the woods, so that random games often attack them at close
// quarters and the window of the passive party opens (legality, determinism, undo, and every view
// against determinize while it is open).
#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "engine/conformance.h"
#include "engine/registry.h"
#include "games/planspiel/module.h"
#include "games/planspiel/state.h"
#include "planspiel_test_util.h"

namespace feldherr::planspiel {
namespace {

const std::string kAntiTankBatterySituation = testing::TestSituation{
    .id = "test-antitank",
    .title = "Anti-tank close combat test",
    .board = "ps-1",
    .units = {{"R-I1", "red", "INF", "4,7"},
              {"R-I2", "red", "INF", "6,7"},
              {"R-I3", "red", "INF", "7,6"},
              {"B-T1", "blue", "PZIV", "5,6"},
              {"B-T2", "blue", "PZII", "7,5"},
              {"B-I1", "blue", "INF", "5,3"}},
    .objective = "gutshof",
    .objective_fields = {"5,3", "6,3"},
    .controller = {"blue", "blue"}}.Toml();

class PlanspielAntiTankBattery : public testing::SituationTest {
 protected:
  void SetUp() override { Load("situation-test-antitank.toml", kAntiTankBatterySituation, "ps-1"); }
};

TEST_F(PlanspielAntiTankBattery, PS_10_5_TheWindowOpensInRandomGames) {
  Rng rng(9);
  int windows = 0, evasions = 0;
  for (int g = 0; g < 30; ++g) {
    std::unique_ptr<State> s = game_->new_initial_state();
    for (int n = 0; n < 400 && !s->is_terminal(); ++n) {
      const auto& ps = static_cast<const PlanspielState&>(*s);
      const bool window = ps.step() == StepKind::kAntiTankEvade;
      Action a;
      if (s->current_seat() == kChance) {
        a = s->sample_chance(rng);
      } else {
        ActionList actions;
        s->legal_actions(actions);
        ASSERT_FALSE(actions.empty());
        a = actions[rng.below(static_cast<uint32_t>(actions.size()))];
      }
      windows += window ? 1 : 0;
      evasions += window && a.verb == kEvade ? 1 : 0;
      s->apply(a);
    }
  }
  EXPECT_GT(windows, 0);
  EXPECT_GT(evasions, 0);
}

TEST_F(PlanspielAntiTankBattery, PS_10_5_ConformanceBatteryWithTheWindow) {
  ConformanceOptions o;
  o.games = 30;
  o.seed = 9;
  o.invariant = all_games().find("planspiel")->invariant;
  o.odds = all_games().find("planspiel")->odds;
  const ConformanceReport r = run_conformance(*game_, o);
  for (const auto& f : r.failures) ADD_FAILURE() << f;
  EXPECT_EQ(r.terminated, o.games);
}

}  // namespace
}  // namespace feldherr::planspiel
