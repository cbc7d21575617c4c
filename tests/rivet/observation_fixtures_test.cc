// ObservationFixtures (tests/observation_fixtures.h): Rivet Wars positions as a viewer is sent
// them (RivetState::observe, the other hand's cards withheld), compared with
// web/test/fixtures/rivet-*.json, and the boards the web joins them with.
#include "tests/observation_fixtures.h"

#include <gtest/gtest.h>

namespace feldherr::testing {
namespace {

FixturePosition Played(const char* mission, uint64_t seed, int decisions) {
  FixturePosition p;
  p.game_and_scenario = mission;
  p.seed = seed;
  p.decisions = decisions;
  p.heuristic = true;
  p.play();
  return p;
}

TEST(ObservationFixtures, RivetMission1MatchesItsFixtures) {
  FixturePosition p = Played("rivet/mission-1", 1, 30);
  CheckFixture("rivet-mission-1-board", BoardFixture(*p.game));
  CheckFixture("rivet-mission-1-allies", ObservationFixture(p, "allies"));
}

// A mission that deals Action! cards: the hand of the viewing seat, the other hand's count.
TEST(ObservationFixtures, RivetMission2WithCardsMatchesItsFixtures) {
  FixturePosition p = Played("rivet/mission-2", 2, 30);
  CheckFixture("rivet-mission-2-board", BoardFixture(*p.game));
  CheckFixture("rivet-mission-2-bismark", ObservationFixture(p, "bismark"));
  CheckFixture("rivet-mission-2-observer", ObservationFixture(p, "observer"));
}

// A mission with Action! cards and secret missions: the viewing seat's cards and missions by id,
// the other seat's and the observer's only as counts.
TEST(ObservationFixtures, RivetMission5WithSecretMissionsMatchesItsFixtures) {
  FixturePosition p = Played("rivet/mission-5", 5, 40);
  CheckFixture("rivet-mission-5-board", BoardFixture(*p.game));
  CheckFixture("rivet-mission-5-allies", ObservationFixture(p, "allies"));
  CheckFixture("rivet-mission-5-observer", ObservationFixture(p, "observer"));
}

}  // namespace
}  // namespace feldherr::testing
