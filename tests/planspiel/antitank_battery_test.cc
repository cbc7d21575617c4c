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

constexpr const char* kAntiTankBatterySituation = R"(
[situation]
id = "test-antitank"
title = "Anti-tank close combat test"
board = "ps-1"
start_cycle_turn = 1
game_turns = 4
first_mover = "red"
dug_in = []
provenance = { board = "stand-in", start_cycle_turn = "stand-in", game_turns = "stand-in", first_mover = "stand-in", dug_in = "stand-in" }

[[unit]]
id = "R-I1"
party = "red"
type = "INF"
field = "4,7"
provenance = { party = "stand-in", type = "stand-in", field = "stand-in" }

[[unit]]
id = "R-I2"
party = "red"
type = "INF"
field = "6,7"
provenance = { party = "stand-in", type = "stand-in", field = "stand-in" }

[[unit]]
id = "R-I3"
party = "red"
type = "INF"
field = "7,6"
provenance = { party = "stand-in", type = "stand-in", field = "stand-in" }

[[unit]]
id = "B-T1"
party = "blue"
type = "PZIV"
field = "5,6"
provenance = { party = "stand-in", type = "stand-in", field = "stand-in" }

[[unit]]
id = "B-T2"
party = "blue"
type = "PZII"
field = "7,5"
provenance = { party = "stand-in", type = "stand-in", field = "stand-in" }

[[unit]]
id = "B-I1"
party = "blue"
type = "INF"
field = "5,3"
provenance = { party = "stand-in", type = "stand-in", field = "stand-in" }

[[objective]]
id = "gutshof"
fields = ["5,3", "6,3"]
controller = ["blue", "blue"]
provenance = { fields = "stand-in", controller = "stand-in" }

[[outcome]]
result = "draw"
text = "Draw"
when = []
provenance = { result = "stand-in", when = "stand-in" }
)";

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
