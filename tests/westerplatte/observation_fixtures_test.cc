// ObservationFixtures (tests/observation_fixtures.h): 7 Tage der Westerplatte positions as a
// viewer is sent them (WpState::observe), compared with web/test/fixtures/westerplatte-*.json, and
// the board the web joins them with (wp_board_json).
#include "tests/observation_fixtures.h"

#include <gtest/gtest.h>

namespace feldherr::testing {
namespace {

FixturePosition Played(uint64_t seed, int decisions) {
  FixturePosition p;
  p.game_and_scenario = "westerplatte/medium";
  p.options = {{"players", "2"}};
  p.seed = seed;
  p.decisions = decisions;
  p.heuristic = true;
  p.play();
  return p;
}

// After the setup: tiles placed, officers on their fields, the first cards on the lanes.
TEST(ObservationFixtures, WesterplatteMediumStartMatchesItsFixture) {
  FixturePosition p = Played(5, 2);
  CheckFixture("westerplatte-medium-board", BoardFixture(*p.game));
  CheckFixture("westerplatte-medium-start", ObservationFixture(p, "p1"));
}

// p1 in the middle of its move-and-action phase (WP 7.1): the legal moves, attacks and tile actions
// the board makes clickable, and what is left of the turn.
TEST(ObservationFixtures, WesterplatteMediumTurnMatchesItsFixture) {
  FixturePosition p = Played(5, 3);
  CheckFixture("westerplatte-medium-turn", ObservationFixture(p, "p1"));
}

// Days into the defence: damaged walls, cards on the day piles, events resolved.
TEST(ObservationFixtures, WesterplatteMediumPlayMatchesItsFixture) {
  FixturePosition p = Played(5, 60);
  CheckFixture("westerplatte-medium-play", ObservationFixture(p, "observer"));
}

}  // namespace
}  // namespace feldherr::testing
