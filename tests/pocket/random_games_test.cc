// Random games: invariants, describe/parse round trip, clone/JSON/hash, observation safety.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "engine/conformance.h"
#include "engine/registry.h"
#include "tests/pocket/pocket_test_util.h"

namespace feldherr::pocket::testing {
namespace {

// Plays random games without concessions (so the battle is reached) and checks after every
// action: invariants, parse(describe(a)) == a for every legal action, clone + JSON round trip.
void random_games_on(std::shared_ptr<const Game> game, int games, uint64_t seed, bool full_checks) {
  Rng rng(seed);
  ActionList legal;
  for (int g = 0; g < games; ++g) {
    auto st = game->new_initial_state();
    int n = 0;
    while (!st->is_terminal()) {
      ASSERT_LT(n, 30000) << "runaway game";
      auto* ps = static_cast<PocketState*>(st.get());
      std::string inv = ps->invariant_violation();
      ASSERT_EQ(inv, "") << "game " << g << " action " << n << "\n" << ps->render_text(kObserver);
      st->legal_actions(legal);
      ASSERT_FALSE(legal.empty());
      if (full_checks) {
        for (const Action& a : legal) {
          Action b;
          std::string err;
          std::string text = st->describe(a);
          ASSERT_TRUE(st->parse(text, b, err)) << text << ": " << err;
          ASSERT_EQ(a, b) << text;
        }
        auto restored = game->state_from_json(st->to_json());
        ASSERT_EQ(restored->hash(), st->hash());
        for (int seat : {kObserver, 0, 1}) {
          auto d = st->determinize(seat, rng);
          ASSERT_EQ(d->observe(seat), st->observe(seat)) << "leak for seat " << seat;
        }
      }
      Action a;
      if (st->current_seat() == kChance) {
        a = st->sample_chance(rng);
      } else {
        // No concessions; prefer fighting a bit so games end.
        ActionList choices;
        for (const Action& x : legal)
          if (x.verb != kConcede) choices.push_back(x);
        a = choices[rng.below(static_cast<uint32_t>(choices.size()))];
      }
      ASSERT_EQ(st->why_illegal(a), "");
      st->apply(a);
      ++n;
    }
    auto r = st->result();
    ASSERT_EQ(r.returns.size(), 2u);
  }
}

void random_games(PocketOptions o, int games, uint64_t seed, bool full_checks) {
  random_games_on(make_game(o), games, seed, full_checks);
}

TEST(PocketRandom, ShippedArmiesInvariantsAndTextRoundTrip) {
  std::shared_ptr<const Game> g;
  try {
    g = all_games().create("pocket/orcs-vs-elves", {{"points", "100"}});
  } catch (const std::exception& e) {
    FAIL() << "the shipped armies do not load: " << e.what();
  }
  random_games_on(g, 8, 21, true);
}

TEST(PocketRandom, InvariantsAndTextRoundTripAt60) {
  random_games({}, 12, 7, true);
}
TEST(PocketRandom, InvariantsAt100ManyOrdersConserve3v1MostOrders) {
  PocketOptions o;
  o.points = 100;
  o.turn = TurnMode::kManyOrders;
  o.shoot_split = ShootSplit::kConserve;
  o.allow_three_vs_one = true;
  o.wound_marker = WoundMarker::kMostOrders;
  random_games(o, 12, 11, true);
}
// The observation the server sends (PocketState::append_observation, written without a JSON
// tree) is byte for byte the dump of observe() for both seats and the observer, in every
// position of random games to their end (the winner), with and without concessions.
void observation_text_on(std::shared_ptr<const Game> game, int games, uint64_t seed) {
  Rng rng(seed);
  for (int g = 0; g < games; ++g) {
    auto st = game->new_initial_state();
    for (int n = 0;; ++n) {
      ASSERT_LT(n, 30000) << "runaway game";
      for (int seat : {kObserver, 0, 1}) {
        std::string text = "[";  // appended to what is there
        st->append_observation(seat, text);
        ASSERT_EQ(text, "[" + st->observe(seat).dump()) << "game " << g << " action " << n;
      }
      if (st->is_terminal()) break;
      ActionList legal = st->legal_actions();
      Action a;
      if (st->current_seat() == kChance) {
        a = st->sample_chance(rng);
      } else {
        ActionList choices;
        for (const Action& x : legal)
          if (x.verb != kConcede || (g % 4 == 3 && rng.below(100) == 0)) choices.push_back(x);
        if (choices.empty()) choices = legal;
        a = choices[rng.below(static_cast<uint32_t>(choices.size()))];
      }
      st->apply(a);
    }
  }
}

TEST(PocketObservation, TextIsTheDumpOfObserveForBothSeatsAndTheObserverToTheEnd) {
  observation_text_on(make_game({}), 8, 5);
  PocketOptions o;
  o.points = 100;
  o.turn = TurnMode::kManyOrders;
  o.allow_three_vs_one = true;
  observation_text_on(make_game(o), 8, 6);
  observation_text_on(all_games().create("pocket/orcs-vs-elves", {{"points", "100"}}), 4, 9);
}

TEST(PocketRandom, ManyQuickGames) {
  random_games({}, 150, 3, false);
}

}  // namespace
}  // namespace feldherr::pocket::testing
