// The engine's conformance battery on a small two-sided WSR position (random games to the turn
// limit), plus the text forms and the state contract (clone, JSON, hash) on scripted states.
#include "engine/conformance.h"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "tests/wsr_rules/wsr_rules_util.h"

namespace feldherr::wsr::testing {
namespace {

GameSetup SmallBattle(int turns) {
  GameSetup s =
      MakeSetup({{"us.cca", 0, 1}, {"de.beck", 1, 1}, {"de.107", 1, 1}},
                {U("us.hq-cca", "A-H04", "us.cca"), U("us.m4a1", "A-H04", "us.cca"),
                 U("us.mech-infantry", "A-H04", "us.cca", false, true),
                 U("us.m4a3e8", "A-I04", "us.cca"), U("us.shq-cca", "A-G05", "us.cca"),
                 U("us.infantry", "A-G05", "us.cca", true), U("us.57mm-atg", "A-B06", "us.cca"),
                 U("us.m8", "A-C06", "us.cca"), U("de.hq-beck", "A-M07", "de.beck"),
                 U("de.panther", "A-M07", "de.beck"), U("de.panzer-iv", "A-N07", "de.beck", true),
                 U("de.panzergrenadiere", "A-N07", "de.beck"), U("de.hq-107", "A-R08", "de.107"),
                 U("de.infantry", "A-R08", "de.107"), U("de.infantry", "A-S06", "de.107")},
                turns);
  s.controlled[0] = {"A-H05"};
  s.controlled[1] = {"A-M08"};
  return s;
}

TEST(WsrConformance, RandomGamesOnASmallPositionReachTheTurnLimit) {
  WsrGame game(TestData(), HexLayout::Single('A'), SmallBattle(3));
  ConformanceOptions o;
  o.games = 30;
  o.seed = 7;
  o.max_actions = 5000;
  o.invariant = [](const State& s) {
    return static_cast<const WsrState&>(s).invariant_violation();
  };
  ConformanceReport r = run_conformance(game, o);
  for (const auto& f : r.failures) ADD_FAILURE() << f;
  EXPECT_EQ(r.games, 30);
  EXPECT_EQ(r.terminated, 30);
  EXPECT_GT(r.actions, 30 * 10);
}

TEST(WsrConformance, TextFormsRoundTripAndStateContract) {
  Pos p(SmallBattle(2));
  p.act("draw us.cca");
  while (p.state->current_seat() == kChance) p.act("roll 1 1");  // command and reorganization
  p.acts({"select us.m4a1", "select us.mech-infantry", "select us.hq-cca", "move A-H03"});
  ActionList legal = p.state->legal_actions();
  ASSERT_FALSE(legal.empty());
  for (const Action& a : legal) {
    Action b;
    std::string err;
    ASSERT_TRUE(p.state->parse(p.state->describe(a), b, err)) << p.state->describe(a) << err;
    EXPECT_EQ(a, b) << p.state->describe(a);
  }
  // "move FROM TO" is accepted as well.
  Action m;
  std::string err;
  ASSERT_TRUE(p.state->parse("move A-H03 A-H02", m, err)) << err;
  EXPECT_EQ(p.state->describe(m), "move A-H02");
  EXPECT_FALSE(p.state->parse("move A-K08 A-K09", m, err));
  EXPECT_FALSE(p.state->parse("fire us.m4a1", m, err));  // fire names firer and target (6.1)
  // Clone, JSON round trip, hash.
  auto c = p.state->clone();
  EXPECT_EQ(c->hash(), p.state->hash());
  auto r = p.game->state_from_json(p.state->to_json());
  EXPECT_EQ(r->hash(), p.state->hash());
  EXPECT_EQ(r->to_json(), p.state->to_json());
  p.act("end-move");
  EXPECT_NE(c->hash(), p.state->hash());
  EXPECT_NE(p.state->render_text(0).find("US M4A1 Sherman (Combat Command A)"), std::string::npos);
}

TEST(WsrConformance, MalformedJsonIsRefused) {
  Pos p(SmallBattle(1));
  json j = p.state->to_json();
  j["units"][0][0] = 5000;
  EXPECT_THROW(p.game->state_from_json(j), std::runtime_error);
  json k = p.state->to_json();
  k.erase("cup");
  EXPECT_THROW(p.game->state_from_json(k), std::runtime_error);
}

TEST(WsrConformance, SetupBreakingStackingIsRejected) {
  GameSetup s = SmallBattle(1);
  s.units.push_back(U("us.m4a1", "A-H04", "us.cca"));
  EXPECT_THROW(WsrGame(TestData(), HexLayout::Single('A'), s), DataError);
  GameSetup t = SmallBattle(1);
  t.units.push_back(U("us.m4a1", "A-Z99", "us.cca"));
  EXPECT_THROW(WsrGame(TestData(), HexLayout::Single('A'), t), DataError);
}

}  // namespace
}  // namespace feldherr::wsr::testing
