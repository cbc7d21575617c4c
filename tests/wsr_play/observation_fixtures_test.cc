// ObservationFixtures (tests/observation_fixtures.h): White Star Rising positions as a viewer is
// sent them (WsrState::observe), compared with web/test/fixtures/wsr-*.json, and the board the
// web joins them with.
#include "tests/observation_fixtures.h"

#include <gtest/gtest.h>

namespace feldherr::testing {
namespace {

FixturePosition Played(const char* scenario, uint64_t seed, int decisions, bool heuristic) {
  FixturePosition p;
  p.game_and_scenario = scenario;
  p.seed = seed;
  p.decisions = decisions;
  p.heuristic = heuristic;
  p.play();
  return p;
}

TEST(ObservationFixtures, WsrNovilleBoardMatchesItsFixture) {
  FixturePosition p = Played("wsr/noville", 3, 0, true);
  CheckFixture("wsr-noville-board", BoardFixture(*p.game));
}

// The setup phase (WSR 2.0): units still off the map, nothing controlled yet by play.
TEST(ObservationFixtures, WsrNovilleSetupMatchesItsFixture) {
  FixturePosition p = Played("wsr/noville", 3, 0, true);
  CheckFixture("wsr-noville-setup", ObservationFixture(p, "observer"));
}

// Play under way: units on the map, moved, fired at, reduced, disrupted, markers in hexes.
TEST(ObservationFixtures, WsrNovillePlayMatchesItsFixture) {
  FixturePosition p = Played("wsr/noville", 3, 118, true);
  CheckFixture("wsr-noville-play", ObservationFixture(p, "us"));
}

// A stack in the middle of its move (the random player stops anywhere).
TEST(ObservationFixtures, WsrNovilleRandomMatchesItsFixture) {
  FixturePosition p = Played("wsr/noville", 7, 90, false);
  CheckFixture("wsr-noville-random", ObservationFixture(p, "observer"));
}

// The advanced scenarios' markings the web draws (board.cc): A10 Paderborn's exit hexes of both
// sides (G-12) and A6 Elsenborn's red boundary line, each with its scenario briefing.
TEST(ObservationFixtures, WsrPaderbornBoardMatchesItsFixture) {
  FixturePosition p = Played("wsr/paderborn", 3, 0, true);
  CheckFixture("wsr-paderborn-board", BoardFixture(*p.game));
}

TEST(ObservationFixtures, WsrElsenbornBoardMatchesItsFixture) {
  FixturePosition p = Played("wsr/elsenborn", 3, 0, true);
  CheckFixture("wsr-elsenborn-board", BoardFixture(*p.game));
}

}  // namespace
}  // namespace feldherr::testing
