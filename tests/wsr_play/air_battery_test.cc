// Random games (engine/conformance.h) of the basic scenarios with the air support of 11.3 added:
// each side gets two of its nation's aircraft (one from turn 1, one from turn 2) and its first
// armored vehicle is replaced by its nation's AA unit, so that aircraft are drawn, placed, fired
// at (11.3.1), abort, miss and drift, attack (11.3.2) and return to the cup or are removed. The
// state contract holds after every action (games/wsr/air.cc).
#include <gtest/gtest.h>

#include <algorithm>

#include "engine/conformance.h"
#include "engine/player.h"
#include "engine/rng.h"
#include "games/wsr/heuristic.h"
#include "tests/wsr_play/wsr_play_util.h"

namespace feldherr::wsr::testing {
namespace {

class AirBattery : public ::testing::TestWithParam<std::string> {};

std::shared_ptr<const WsrGame> WithAircraftAndAa(const std::string& id) {
  auto sc = LoadShippedScenario(id);
  GameSetup g = ScenarioSetup(ShippedData(), sc, /*chaos_variation=*/false);
  for (size_t seat = 0; seat < 2; ++seat) {
    const std::string& side = g.seats[seat];
    const std::string aa = side == "de"   ? "de.wirbelwind"
                           : side == "uk" ? "uk.crusader-aa"
                                          : "us.m16";
    const std::string plane = side == "de" ? "de.stuka" : side == "uk" ? "uk.typhoon" : "us.p-47";
    g.air.push_back({static_cast<int>(seat), plane, 1});
    g.air.push_back({static_cast<int>(seat), plane, 2});
    for (SetupUnit& u : g.units) {
      const CounterType* c = ShippedData().FindCounter(u.counter);
      bool mine = false;
      for (const SetupFormation& f : g.formations)
        mine = mine || (f.id == u.formation && f.side == static_cast<int>(seat));
      if (mine && c != nullptr && c->kind == UnitKind::kArmor && !c->is_hq()) {
        u.counter = aa;
        u.reduced = false;
        break;
      }
    }
  }
  return std::make_shared<const WsrGame>(ShippedData(), sc->layout, std::move(g));
}

TEST_P(AirBattery, WSR_11_3_RandomGamesWithAircraftAndAaUnitsKeepTheStateContract) {
  auto game = WithAircraftAndAa(GetParam());
  ConformanceOptions o;
  o.games = 6;
  o.seed = 43;
  o.max_actions = 20000;
  o.check_stride = 3;
  o.invariant = [](const State& s) {
    return static_cast<const WsrState&>(s).invariant_violation();
  };
  ConformanceReport r = run_conformance(*game, o);
  for (const auto& f : r.failures) ADD_FAILURE() << f;
  EXPECT_EQ(r.terminated, o.games);
}

// Random play reaches the procedure: aircraft placed, attacks rolled, status rolls; every air
// action reads by the verb table.
TEST_P(AirBattery, WSR_11_3_RandomGamesPlaceAircraftAttackAndRollTheirStatus) {
  auto game = WithAircraftAndAa(GetParam());
  int targets = 0, attacks = 0, status = 0;
  for (uint64_t seed = 1; seed <= 4; ++seed) {
    Rng rng(seed);
    RandomPlayer player(seed * 7);
    auto state = game->new_initial_state();
    for (int n = 0; n < 20000 && !state->is_terminal(); ++n) {
      Action a;
      if (state->current_seat() == kChance) {
        a = state->sample_chance(rng);
      } else {
        a = player.choose(*state);
      }
      const auto& s = static_cast<const WsrState&>(*state);
      if (a.verb == kAirTarget) ++targets;
      if (a.verb >= kAirTarget && a.verb <= kAirDrift) {
        EXPECT_FALSE(state->action_info(a, 0).verb.empty()) << state->describe(a);
      }
      if (!s.steps.empty() && s.top().kind == kStepAirAttack) ++attacks;
      if (!s.steps.empty() && s.top().kind == kStepAirStatus) ++status;
      state->apply(a);
    }
  }
  EXPECT_GT(targets, 0);
  EXPECT_GT(attacks, 0);
  EXPECT_GT(status, 0);
}

// The heuristic places its aircraft on the hex of the largest expected enemy losses
// (heuristic.cc AirHexValue) and plays a game with aircraft to its end.
TEST(AirHeuristic, WSR_11_3_HeuristicUsesAircraftAndFinishesTheGame) {
  auto game = WithAircraftAndAa("noville");
  auto state = game->new_initial_state();
  std::unique_ptr<Player> players[2] = {make_wsr_heuristic(0, 3), make_wsr_heuristic(1, 4)};
  Rng rng(11);
  int targets = 0;
  for (int n = 0; n < 20000 && !state->is_terminal(); ++n) {
    const int seat = state->current_seat();
    const Action a = seat == kChance ? state->sample_chance(rng)
                                     : players[static_cast<size_t>(seat)]->choose(*state);
    if (a.verb == kAirTarget) ++targets;
    ASSERT_EQ(state->why_illegal(a), "") << state->describe(a);
    state->apply(a);
  }
  EXPECT_TRUE(state->is_terminal());
  EXPECT_GT(targets, 0);
}

INSTANTIATE_TEST_SUITE_P(Basic, AirBattery,
                         ::testing::Values("noville", "le-hauderie", "vierville", "koeln"),
                         [](const auto& test) {
                           std::string n = test.param;
                           std::replace(n.begin(), n.end(), '-', '_');
                           return n;
                         });

}  // namespace
}  // namespace feldherr::wsr::testing
