// Random games (engine/conformance.h) of the basic scenarios with the advanced rules of 11.1 and
// 11.2 added: both sides get artillery support (HE strikes of two kinds and smoke; calls,
// accuracy rolls, barrages over seven hexes, odd hits, HQ loss checks, smoke markers through the
// marker removal phases) and each side's first armored vehicle is replaced by its nation's AA
// unit (AA fire at hard targets, wrecks of single-step units). The state contract holds after
// every action (games/wsr/artillery.cc, fire.cc).
#include <gtest/gtest.h>

#include <algorithm>

#include "engine/conformance.h"
#include "engine/player.h"
#include "engine/rng.h"
#include "games/wsr/combat.h"
#include "games/wsr/heuristic.h"
#include "tests/wsr_play/wsr_play_util.h"

namespace feldherr::wsr::testing {
namespace {

class ArtilleryBattery : public ::testing::TestWithParam<std::string> {};

std::shared_ptr<const WsrGame> WithArtilleryAndAa(const std::string& id) {
  auto sc = LoadShippedScenario(id);
  GameSetup g = ScenarioSetup(ShippedData(), sc, /*chaos_variation=*/false);
  g.artillery[0] = {{false, 3, 4, 3}, {false, 4, 5, 1}, {true, 0, 0, 2}};
  g.artillery[1] = {{false, 3, 4, 2}, {true, 0, 0, 1}};
  for (size_t seat = 0; seat < 2; ++seat) {
    const std::string& side = g.seats[seat];
    const std::string aa = side == "de"   ? "de.wirbelwind"
                           : side == "uk" ? "uk.crusader-aa"
                                          : "us.m16";
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

TEST_P(ArtilleryBattery, WSR_11_1_11_2_RandomGamesWithArtilleryAndAaUnitsKeepTheStateContract) {
  auto game = WithArtilleryAndAa(GetParam());
  ConformanceOptions o;
  o.games = 6;
  o.seed = 41;
  o.max_actions = 20000;
  o.check_stride = 3;
  o.invariant = [](const State& s) {
    return static_cast<const WsrState&>(s).invariant_violation();
  };
  ConformanceReport r = run_conformance(*game, o);
  for (const auto& f : r.failures) ADD_FAILURE() << f;
  EXPECT_EQ(r.terminated, o.games);
}

// Random play reaches the procedure: calls, HE barrages, smoke markers (AA fire, which needs an AA
// unit within normal range of an armored target, is covered by tests/wsr_rules/aa_test.cc).
TEST_P(ArtilleryBattery, WSR_11_2_RandomGamesCallStrikesAndLaySmoke) {
  auto game = WithArtilleryAndAa(GetParam());
  int calls = 0, barrages = 0, smoke = 0;
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
      if (a.verb == kCall) ++calls;
      // Every action reads by the verb table (engine/verbs.h), the new ones included.
      if (a.verb == kCall || a.verb == kFire || a.verb == kOpFire || s.fire_chance()) {
        EXPECT_FALSE(state->action_info(a, 0).verb.empty()) << state->describe(a);
      }
      if (!s.steps.empty() && s.top().kind == kStepArtyAttack) ++barrages;
      state->apply(a);
      smoke = std::max(smoke, static_cast<int>(static_cast<const WsrState&>(*state).n_smoke));
    }
  }
  EXPECT_GT(calls, 0);
  EXPECT_GT(barrages, 0);
  EXPECT_GT(smoke, 0);
}

// The heuristic scores HE calls by the expected losses in the seven hexes (heuristic.cc
// CallValue) and plays an artillery game to its end.
TEST(ArtilleryHeuristic, WSR_11_2_HeuristicCallsStrikesAndFinishesTheGame) {
  auto game = WithArtilleryAndAa("noville");
  auto state = game->new_initial_state();
  std::unique_ptr<Player> players[2] = {make_wsr_heuristic(0, 3), make_wsr_heuristic(1, 4)};
  Rng rng(11);
  int calls = 0;
  for (int n = 0; n < 20000 && !state->is_terminal(); ++n) {
    const int seat = state->current_seat();
    const Action a = seat == kChance ? state->sample_chance(rng)
                                     : players[static_cast<size_t>(seat)]->choose(*state);
    if (a.verb == kCall) ++calls;
    ASSERT_EQ(state->why_illegal(a), "") << state->describe(a);
    state->apply(a);
  }
  EXPECT_TRUE(state->is_terminal());
  EXPECT_GT(calls, 0);
}

INSTANTIATE_TEST_SUITE_P(Basic, ArtilleryBattery,
                         ::testing::Values("noville", "le-hauderie", "vierville", "koeln"),
                         [](const auto& test) {
                           std::string n = test.param;
                           std::replace(n.begin(), n.end(), '-', '_');
                           return n;
                         });

}  // namespace
}  // namespace feldherr::wsr::testing
