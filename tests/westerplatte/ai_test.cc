// The heuristic defender and the MCTS evaluation.
#include "games/westerplatte/ai.h"

#include <gtest/gtest.h>

#include "engine/player.h"
#include "tests/westerplatte/wp_test_util.h"

namespace feldherr::westerplatte::testing {
namespace {

// Plays one game with `heuristic` or random players on every seat (at most 5,000 actions);
// returns true on a win, and in *ended whether the game ended at all.
bool play_game(const Game& g, bool heuristic, uint64_t seed, bool* ended = nullptr) {
  auto s = g.new_initial_state();
  Rng dice(seed);
  std::vector<std::unique_ptr<Player>> players;
  for (size_t i = 0; i < g.seats().size(); ++i)
    players.push_back(heuristic ? make_heuristic(static_cast<int>(i), seed + i)
                                : std::unique_ptr<Player>(new RandomPlayer(seed + i)));
  for (int n = 0; !s->is_terminal() && n < 5000; ++n) {
    const int seat = s->current_seat();
    Action a =
        seat == kChance ? s->sample_chance(dice) : players[static_cast<size_t>(seat)]->choose(*s);
    EXPECT_EQ(s->why_illegal(a), "");
    s->apply(a);
    const double e = evaluate(*s, 0);
    EXPECT_GE(e, -1.0);
    EXPECT_LE(e, 1.0);
  }
  if (ended != nullptr) *ended = s->is_terminal();
  return s->is_terminal() && s->result().returns[0] > 0;
}

TEST(WpAi, HeuristicBeatsRandomOnEasySolo) {
  auto g = make_game("easy", 1);
  int heuristic = 0, random = 0;
  for (uint64_t seed = 1; seed <= 12; ++seed) {
    heuristic += play_game(*g, true, seed);
    random += play_game(*g, false, seed);
  }
  EXPECT_GT(heuristic, random + 4) << heuristic << " vs " << random;
}

TEST(WpAi, HeuristicPlaysEveryPlayerCount) {
  for (int p = 2; p <= 4; ++p) {
    auto g = make_game("medium", p);
    play_game(*g, true, 7);  // legality and evaluation range are checked inside
  }
}

// WP 7.4: with all five lanes occupied every new troop goes under the deck and the days stop.
// The heuristic team used to push the same troops back turn after turn with no ammo left and
// never end the game (these three hard 3-player games ran past 5,000 actions); stalled, it
// fetches ammo and kills instead, and every one of them ends.
TEST(WpAi, WP7_4_AStalledTeamFetchesAmmoAndKillsInsteadOfPushingForEver) {
  auto g = make_game("hard", 3);
  for (uint64_t seed : {33ULL, 63ULL, 140ULL}) {
    bool ended = false;
    play_game(*g, true, seed, &ended);
    EXPECT_TRUE(ended) << "seed " << seed;
  }
}

TEST(WpAi, EvaluateOfTerminalStatesIsTheResult) {
  auto s = fresh("medium", 2, "T3");
  s->bricks_[static_cast<size_t>(field_from_name("T1"))] = 0;
  s->bricks_[static_cast<size_t>(field_from_name("A"))] = 0;
  s->bricks_[static_cast<size_t>(field_from_name("T2"))] = 1;
  s->place_for_test(0, card_index(*s, "P1-18"), 0);
  play(*s, "end");
  ASSERT_TRUE(s->is_terminal());
  EXPECT_EQ(evaluate(*s, 1), -1.0);
}

}  // namespace
}  // namespace feldherr::westerplatte::testing
