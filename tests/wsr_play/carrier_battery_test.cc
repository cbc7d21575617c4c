// Random games (engine/conformance.h) of basic scenarios with trucks added (WSR 5.2, gap G-11,
// [REC] A-38; games/wsr/carrier.cc). No shipped scenario has trucks: each US or British
// infantry platoon of the first two found gets a truck of its nation in its hex, formation and
// force, and rides in it when the scenario sets the platoon up on the map. Random play loads,
// moves, fires at and unloads them; the state contract holds after every action, and the
// heuristic plays such a game to its end.
#include <gtest/gtest.h>

#include <algorithm>

#include "engine/conformance.h"
#include "engine/player.h"
#include "engine/rng.h"
#include "games/wsr/heuristic.h"
#include "tests/wsr_play/wsr_play_util.h"

namespace feldherr::wsr::testing {
namespace {

class CarrierBattery : public ::testing::TestWithParam<std::string> {};

std::shared_ptr<const WsrGame> WithTrucks(const std::string& id) {
  auto sc = LoadShippedScenario(id);
  GameSetup g = ScenarioSetup(ShippedData(), sc, /*chaos_variation=*/false);
  int added = 0;
  const size_t n = g.units.size();
  for (size_t k = 0; k < n && added < 2; ++k) {
    const SetupUnit u = g.units[k];
    const CounterType* c = ShippedData().FindCounter(u.counter);
    if (c == nullptr || !WsrState::passenger_kind(c->kind)) continue;
    const std::string nation = u.counter.substr(0, u.counter.find('.'));
    if (nation != "us" && nation != "uk") continue;
    int stack = 0;  // combat units already in the hex (WSR 1.4)
    for (const SetupUnit& v : g.units) {
      const CounterType* vc = ShippedData().FindCounter(v.counter);
      if (!u.hex.empty() && v.hex == u.hex && vc != nullptr && !vc->is_hq()) ++stack;
    }
    if (!u.hex.empty() && stack >= 2) continue;
    SetupUnit truck = u;
    truck.counter = nation + ".truck";
    truck.sw.clear();
    truck.reduced = false;
    truck.disrupted = false;
    g.units.push_back(truck);
    if (!u.hex.empty() && !u.disrupted)
      g.units[k].carried_by = static_cast<int>(g.units.size()) - 1;
    ++added;
  }
  EXPECT_EQ(added, 2) << id;
  return std::make_shared<const WsrGame>(ShippedData(), sc->layout, std::move(g));
}

TEST_P(CarrierBattery, WSR_5_2_A38_RandomGamesWithTrucksKeepTheStateContract) {
  auto game = WithTrucks(GetParam());
  ConformanceOptions o;
  o.games = 6;
  o.seed = 47;
  o.max_actions = 20000;
  o.check_stride = 3;
  o.invariant = [](const State& s) {
    return static_cast<const WsrState&>(s).invariant_violation();
  };
  ConformanceReport r = run_conformance(*game, o);
  for (const auto& f : r.failures) ADD_FAILURE() << f;
  EXPECT_EQ(r.terminated, o.games);
}

// Random play reaches the procedure: platoons load and unload; both verbs read by the verb table.
TEST_P(CarrierBattery, WSR_5_2_A38_RandomGamesLoadAndUnload) {
  auto game = WithTrucks(GetParam());
  int loads = 0, unloads = 0;
  for (uint64_t seed = 1; seed <= 4; ++seed) {
    Rng rng(seed);
    RandomPlayer player(seed * 5);
    auto state = game->new_initial_state();
    for (int n = 0; n < 20000 && !state->is_terminal(); ++n) {
      const Action a =
          state->current_seat() == kChance ? state->sample_chance(rng) : player.choose(*state);
      if (a.verb == kLoad) ++loads;
      if (a.verb == kUnload) ++unloads;
      if (a.verb == kLoad || a.verb == kUnload) {
        EXPECT_FALSE(state->action_info(a, 0).verb.empty()) << state->describe(a);
      }
      state->apply(a);
    }
  }
  EXPECT_GT(loads, 0);
  EXPECT_GT(unloads, 0);
}

// The small test scenario of the trucks (no shipped scenario has one): on sheet A, two CCA
// infantry platoons with a truck each on the west edge (one loaded), an M4A1, and Beck's
// Panther and infantry 13 hexes east holding the objective A-P06. The heuristic (heuristic.cc:
// load far from the enemy, unload near it or the objective) plays it to its end and uses the
// trucks.
std::shared_ptr<const WsrGame> TruckScenario() {
  GameSetup g;
  g.formations = {{"us.cca", 0, 1}, {"de.beck", 1, 1}};
  auto unit = [](const char* counter, const char* hex, const char* f) {
    SetupUnit u;
    u.counter = counter;
    u.hex = hex;
    u.formation = f;
    return u;
  };
  g.units = {unit("us.hq-cca", "A-B06", "us.cca"),   unit("us.truck", "A-B06", "us.cca"),
             unit("us.infantry", "A-B06", "us.cca"), unit("us.truck", "A-B07", "us.cca"),
             unit("us.infantry", "A-B07", "us.cca"), unit("us.m4a1", "A-C06", "us.cca"),
             unit("de.hq-beck", "A-S10", "de.beck"), unit("de.panther", "A-R06", "de.beck"),
             unit("de.infantry", "A-P06", "de.beck")};
  g.units[2].carried_by = 1;
  g.objectives = {"A-P06"};
  g.turns = 5;
  return std::make_shared<const WsrGame>(ShippedData(), HexLayout::Single('A'), std::move(g));
}

TEST(CarrierHeuristic, WSR_5_2_A38_HeuristicUsesTrucksAndFinishesTheGame) {
  auto game = TruckScenario();
  int used = 0;
  for (uint64_t seed = 1; seed <= 3; ++seed) {
    auto state = game->new_initial_state();
    std::unique_ptr<Player> players[2] = {make_wsr_heuristic(0, seed),
                                          make_wsr_heuristic(1, seed + 10)};
    Rng rng(seed);
    for (int n = 0; n < 20000 && !state->is_terminal(); ++n) {
      const int seat = state->current_seat();
      const Action a = seat == kChance ? state->sample_chance(rng)
                                       : players[static_cast<size_t>(seat)]->choose(*state);
      if (a.verb == kLoad || a.verb == kUnload) ++used;
      ASSERT_EQ(state->why_illegal(a), "") << state->describe(a);
      state->apply(a);
      ASSERT_EQ(static_cast<const WsrState&>(*state).invariant_violation(), "");
    }
    EXPECT_TRUE(state->is_terminal());
  }
  EXPECT_GT(used, 0);
}

INSTANTIATE_TEST_SUITE_P(Basic, CarrierBattery, ::testing::Values("noville", "vierville", "koeln"),
                         [](const auto& test) {
                           std::string n = test.param;
                           std::replace(n.begin(), n.end(), '-', '_');
                           return n;
                         });

}  // namespace
}  // namespace feldherr::wsr::testing
