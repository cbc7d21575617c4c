// ObservationFixtures (tests/observation_fixtures.h): Pocket Battles positions as a viewer is
// sent them (PocketState::observe, hidden troops withheld), compared with
// web/test/fixtures/pocket-*.json, and the board the web joins them with.
#include "tests/observation_fixtures.h"

#include <gtest/gtest.h>

namespace feldherr::testing {
namespace {

FixturePosition Played(uint64_t seed, int decisions) {
  FixturePosition p;
  p.game_and_scenario = "pocket/orcs-vs-elves";
  p.seed = seed;
  p.decisions = decisions;
  p.heuristic = true;
  p.play();
  return p;
}

TEST(ObservationFixtures, PocketBoardMatchesItsFixture) {
  FixturePosition p = Played(1, 0);
  CheckFixture("pocket-orcs-vs-elves-board", BoardFixture(*p.game));
}

// The battle under way, as the orcs see it and as an observer does.
TEST(ObservationFixtures, PocketBattleMatchesItsFixtures) {
  FixturePosition p = Played(2, 120);
  CheckFixture("pocket-orcs-vs-elves-orcs", ObservationFixture(p, "orcs"));
  CheckFixture("pocket-orcs-vs-elves-observer", ObservationFixture(p, "observer"));
  // The next seat to decide, with its structured legal actions (State::action_info).
  Rng dice(9);
  while (p.state->current_seat() == kChance) p.state->apply(p.state->sample_chance(dice));
  ASSERT_GE(p.state->current_seat(), 0);
  CheckFixture(
      "pocket-orcs-vs-elves-deciding",
      ObservationFixture(p, p.game->seats()[static_cast<size_t>(p.state->current_seat())]));
}

}  // namespace
}  // namespace feldherr::testing
