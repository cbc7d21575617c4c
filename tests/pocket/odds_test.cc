// The odds a player sees before an attack, a continued combat or a shot (GameModule::odds,
// games/pocket/odds.cc): exact hit distributions from the printed dice, checked on the
// rulebook's example unit (2 Mounted Guards + 1 Javelin Throwers: combat dice 3,3,4,4,5).
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "engine/registry.h"
#include "tests/pocket/pocket_test_util.h"

namespace feldherr::pocket::testing {
namespace {

using ::testing::HasSubstr;

Action parse(const PocketState& s, const std::string& text) {
  Action a;
  std::string error;
  EXPECT_TRUE(s.parse(text, a, error)) << text << ": " << error;
  return a;
}

void expect_distribution(const json& got, const std::vector<double>& want) {
  ASSERT_TRUE(got.is_array());
  ASSERT_EQ(got.size(), want.size()) << got.dump();
  for (size_t k = 0; k < want.size(); ++k) EXPECT_NEAR(got[k].get<double>(), want[k], 1e-12) << k;
}

// PB Gefecht 2: one die against 3,3,4,4,5 scores 0 (1, 2, 6), 1 (5) or 2 hits (3, 4); the orcs
// (three troops with dice 4,4) strike back with 1 die: 6 hits on a 4, else none.
TEST(PocketOdds, PB_Gefecht2_ContinueOneDieAgainstTheExampleUnit) {
  Battle b;
  int o = b.unit_abs(kOrcs, {kOrc, kOrc, kOrc}, kFront, 1);
  int e = b.unit_abs(kElves, {kMountedGuard, kMountedGuard, kJavelin}, kFront, 1);
  b.contact(e, o);
  b.start(kElves, kElves);
  b.state->units[static_cast<size_t>(e)].flags |= kContactAtStart;
  b.state->units[static_cast<size_t>(o)].flags |= kContactAtStart;
  const json j = PocketOdds(*b.state, parse(*b.state, "continue e1 o1"));
  ASSERT_FALSE(j.is_null());
  expect_distribution(j["net_hits"], {3 / 6.0, 1 / 6.0, 2 / 6.0});
  expect_distribution(j["strike_back"], {5 / 6.0, 0, 0, 0, 0, 0, 1 / 6.0});
  EXPECT_NEAR(j["expected_net_hits"].get<double>(), 5 / 6.0, 1e-12);
  EXPECT_THAT(j["summary"].get<std::string>(), HasSubstr("PB Aktion 3"));
  // In German, as the web UI's odds panel shows it (PB Gefecht 2, Rückschlag).
  EXPECT_EQ(
      j["summary_de"],
      "e1 schlägt o1 mit 1 Würfel gegen seine gedruckten Gefechtswürfel: kein Treffer "
      "50,0\u00a0%, erwartete Treffer 0,83; o1 schlägt mit 1 Würfel zurück (Rückschlag, erwartet "
      "1,00, vor seinen Verlusten) (PB Aktion 3, Gefecht 2)");
}

// PB Gefecht 1: the attacker's first strike rolls 2 dice: the two one-die distributions
// convolved (0: 9/36, 1: 6/36, 2: 13/36, 3: 4/36, 4: 4/36), whoever the defender puts in.
TEST(PocketOdds, PB_Gefecht1_AttackTwoDiceConvolved) {
  Battle b;
  b.unit_abs(kOrcs, {kOrc, kOrc, kOrc}, kFront, 1);
  b.unit_abs(kElves, {kMountedGuard, kMountedGuard, kJavelin}, kFront, 1);
  b.start(kElves, kElves);
  const json j = PocketOdds(*b.state, parse(*b.state, "attack e1"));
  ASSERT_FALSE(j.is_null());
  expect_distribution(j["net_hits"], {9 / 36.0, 6 / 36.0, 13 / 36.0, 4 / 36.0, 4 / 36.0});
  EXPECT_THAT(j["summary"].get<std::string>(), HasSubstr("reacts first"));
  EXPECT_THAT(j["summary_de"].get<std::string>(),
              HasSubstr("e1 greift mit 2 Würfeln an (Erstschlag) gegen seine gedruckten "
                        "Gefechtswürfel: kein Treffer 25,0\u00a0%"));
  EXPECT_THAT(j["summary_de"].get<std::string>(), HasSubstr("der Verteidiger reagiert zuerst"));
  // Through the registry, as the web UI and `odds log` ask.
  const GameModule* m = all_games().find("pocket");
  ASSERT_TRUE(m && m->odds);
  EXPECT_EQ(m->odds(*b.state, parse(*b.state, "attack e1")), j);
  // An action without dice has no odds; an illegal one neither.
  EXPECT_TRUE(PocketOdds(*b.state, parse(*b.state, "pass")).is_null());
}

// PB Beschießen 2: a shot rolls 1 die against the shooting dice (archers 5,6 x 3 troops).
TEST(PocketOdds, PB_Beschiessen2_ShotOneDie) {
  Battle b;
  b.unit_abs(kOrcs, {kOrc, kOrc}, kFront, 1);
  b.unit_abs(kElves, {kArcher, kArcher, kArcher}, kFront, 1);
  b.start(kElves, kElves);
  const json j = PocketOdds(*b.state, parse(*b.state, "shoot e1 o1"));
  ASSERT_FALSE(j.is_null()) << b.why("shoot e1 o1");
  expect_distribution(j["net_hits"], {4 / 6.0, 0, 0, 2 / 6.0});
  EXPECT_EQ(j["kind"], "pocket-shoot");
  EXPECT_THAT(j["summary_de"].get<std::string>(),
              HasSubstr("e1 beschießt o1 mit 1 Würfel gegen seine gedruckten Schusswürfel: kein "
                        "Treffer 66,7\u00a0%, erwartete Treffer 1,00"));
}

}  // namespace
}  // namespace feldherr::pocket::testing
