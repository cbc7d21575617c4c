// The engine's conformance battery on every level and player count. WP_CONFORMANCE_GAMES sets the
// games per level (default 60 solo + 20 per multi-player count, so the binary stays fast);
// `WP_CONFORMANCE_GAMES=1000 build/<dir>/tests/test_westerplatte --gtest_filter='WpConformance.*'`
// plays >= 1,000 random games per level, see docs/westerplatte.md.
#include "engine/conformance.h"

#include <gtest/gtest.h>

#include <cstdlib>

#include "engine/registry.h"
#include "tests/westerplatte/wp_test_util.h"

namespace feldherr::westerplatte::testing {
namespace {

int battery_games(int fallback) {
  const char* env = std::getenv("WP_CONFORMANCE_GAMES");
  return env ? std::max(1, std::atoi(env)) : fallback;
}

void battery(const std::string& level) {
  const GameModule* m = all_games().find("westerplatte");
  ASSERT_NE(m, nullptr);
  const int games = battery_games(60);
  long long total = 0;
  for (int players = 1; players <= 4; ++players) {
    auto g = make_game(level, players);
    ConformanceOptions o;
    o.games = players == 1 ? games : std::max(1, games / 3);  // >= games per level in total
    o.seed = 100 + static_cast<uint64_t>(players);
    o.odds = all_games().find("westerplatte")->odds;  // asked as the server asks (engine/view.h)
    o.check_stride = 4;
    o.invariant = m->invariant;
    ConformanceReport r = run_conformance(*g, o);
    for (const auto& f : r.failures) ADD_FAILURE() << level << " players=" << players << ": " << f;
    EXPECT_EQ(r.terminated, o.games) << level << " players=" << players;
    total += r.games;
  }
  ::testing::Test::RecordProperty("games_" + level, static_cast<int>(total));
  EXPECT_GE(total, games);
}

TEST(WpConformance, Easy) {
  battery("easy");
}
TEST(WpConformance, Medium) {
  battery("medium");
}
TEST(WpConformance, Hard) {
  battery("hard");
}

TEST(WpConformance, SeatsFollowThePlayersOption) {
  for (int p = 1; p <= 4; ++p) {
    auto g = make_game("medium", p);
    ASSERT_EQ(g->seats().size(), static_cast<size_t>(p));
    EXPECT_EQ(g->seats().back(), "p" + std::to_string(p));
  }
  const GameModule* m = all_games().find("westerplatte");
  ASSERT_NE(m, nullptr);
  EXPECT_EQ(m->options[0].validate("4"), "");
  EXPECT_NE(m->options[0].validate("5"), "");
  EXPECT_NE(m->options[0].validate("0"), "");
}

}  // namespace
}  // namespace feldherr::westerplatte::testing
