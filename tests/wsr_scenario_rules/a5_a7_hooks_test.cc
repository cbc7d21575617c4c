// Special-rule hooks of WSR-A5 and WSR-A7 (special_rules.cc): the A5 designated formation marker
// (activates a US formation not yet activated; no formation twice in a turn, except the 2/16th in
// turn 1), the A7 pre-game strike (before every activation of turn 1, in LOS of a US HQ) and the
// A7 units placed on activation (the 2/16th's 57mm ATG and 81mm mortar from turn 3, in command
// that turn). Draws and dice are injected by their text form.
#include <gtest/gtest.h>

#include <algorithm>
#include <nlohmann/json.hpp>

#include "engine/player.h"
#include "games/wsr/board.h"
#include "games/wsr/heuristic.h"
#include "tests/wsr_scenario_rules/scenario_rules_util.h"

namespace feldherr::wsr::testing {
namespace {

// huertgen.toml forces: 0 the 107, 1 the 2/16th, 2 the 4/51st (both US forces enter in turn 1;
// here they stand on the map).
// The German places its improved positions (WSR 8.1) with auto-setup first.
void FinishSetup(SPos& p) {
  while (p.top_kind() == kStepSetup) p.act("auto-setup");
}

SPos HuertgenPosition() {
  SPos p(LoadScen("huertgen"),
         {SU("de.hq-107", "A-Q05", 0), SU("de.infantry", "A-Q05", 0), SU("us.hq-2-16", "A-B05", 1),
          SU("us.infantry", "A-B05", 1), SU("us.hq-4-51", "A-B08", 2), SU("us.m4a1", "A-B08", 2)});
  FinishSetup(p);
  return p;
}

// The first activation of the 2/16th (huertgen.toml) to its end: command tests passed.
void EndFirstActivation(SPos& p) {
  p.pass_command();
  ASSERT_EQ(p.top_kind(), kStepOperations);
  p.act("end-impulse");
  ASSERT_EQ(p.top_kind(), kStepDraw);
}

// WSR-A5: the designated marker is in the cup from turn 1; drawn in turn 1 (the 2/16th had its
// first activation) it activates the 4/51st, the only US formation it may activate; the 4/51st's
// own marker drawn later is set aside (no second activation); the 2/16th's marker still activates
// the 2/16th a second time in turn 1 (the scenario's exception).
TEST(WsrA5Designated, WSR_A5_DesignatedMarkerActivatesTheUnactivatedFormationNoSecondActivation) {
  SPos p = HuertgenPosition();
  const int f216 = p.formation("us.2-16"), f451 = p.formation("us.4-51");
  EXPECT_EQ(p.s().designated_cup, 1);
  EXPECT_EQ(p.s().observe(1)["cup"]["designated"], 1);
  EXPECT_EQ(p.s().active_formation(), f216);  // the first activation before any draw
  EndFirstActivation(p);
  p.act("draw designated");
  EXPECT_EQ(p.s().designated_cup, 0);
  EXPECT_EQ(p.s().active_formation(), f451);
  EXPECT_TRUE(p.logged("WSR-A5", "it activates 4/51st Armor"));
  p.pass_command();
  p.act("end-impulse");
  p.act("draw us.4-51");
  EXPECT_TRUE(p.logged("WSR-A5", "set aside"));
  EXPECT_EQ(p.s().activated[static_cast<size_t>(f451)], 1);
  EXPECT_EQ(p.top_kind(), kStepDraw);
  EXPECT_EQ(p.s().active_formation(), -1);
  p.act("draw us.2-16");
  EXPECT_EQ(p.s().active_formation(), f216);
  EXPECT_EQ(p.s().activated[static_cast<size_t>(f216)], 2);
}

// WSR-A5 "either US formation (player's choice), except the 2/16th in turn 1": with both US
// formations not yet activated in turn 2 the US picks; never the 2/16th in turn 1, never a
// formation already activated, never a German one.
TEST(WsrA5Designated, WSR_A5_TheOwnerChoosesButNeverThe216InTurn1NorAnActivatedFormation) {
  SPos p = HuertgenPosition();
  const int f216 = p.formation("us.2-16"), f451 = p.formation("us.4-51");
  EXPECT_FALSE(p.s().designated_eligible(f216));  // turn 1: excluded (and activated first)
  p.s().activated[static_cast<size_t>(f216)] = 0;
  EXPECT_FALSE(p.s().designated_eligible(f216));  // turn 1: excluded even if not activated
  EXPECT_TRUE(p.s().designated_eligible(f451));
  EXPECT_FALSE(p.s().designated_eligible(p.formation("de.107")));
  EndFirstActivation(p);
  p.s().turn = 2;
  std::fill(p.s().activated.begin(), p.s().activated.end(), 0);
  p.act("draw designated");
  ASSERT_EQ(p.top_kind(), kStepDesignate);
  EXPECT_EQ(p.state->current_seat(), p.game->seat_index("us"));
  EXPECT_TRUE(p.legal("designate us.2-16"));
  EXPECT_TRUE(p.legal("designate us.4-51"));
  EXPECT_NE(p.why("designate de.107").find("WSR-A5"), std::string::npos);
  EXPECT_NE(p.why("draw us.2-16").find("designate <formation>"), std::string::npos);
  // The choice survives the state's JSON form.
  auto back = p.game->state_from_json(p.state->to_json());
  EXPECT_EQ(back->to_json(), p.state->to_json());
  EXPECT_EQ(back->hash(), p.state->hash());
  p.act("designate us.2-16");
  EXPECT_EQ(p.s().active_formation(), f216);
  EXPECT_TRUE(p.logged("WSR-A5", "activates 2/16th Infantry"));
  p.pass_command();
  p.act("end-impulse");
  // The 2/16th's own marker is set aside now (turn 2: no exception).
  p.act("draw us.2-16");
  EXPECT_TRUE(p.logged("WSR-A5", "2/16th Infantry drawn, but it has been activated"));
  EXPECT_EQ(p.s().activated[static_cast<size_t>(f216)], 1);
}

// WSR-A5 [Rec]: drawn when every US formation has been activated the marker has no effect, and it
// keeps the operations phase going (WSR 3.1) only while a US formation may still be activated by
// it; it is back in the cup at the start of the next turn.
TEST(WsrA5Designated, WSR_A5_NoEffectOnceAllActivatedAndBackInTheCupNextTurn) {
  SPos p = HuertgenPosition();
  const int f451 = p.formation("us.4-51");
  EndFirstActivation(p);
  EXPECT_TRUE(p.s().designated_keeps_turn());
  p.s().activated[static_cast<size_t>(f451)] = 1;
  EXPECT_FALSE(p.s().designated_keeps_turn());
  p.act("draw designated");
  EXPECT_TRUE(p.logged("WSR-A5", "it has no effect"));
  EXPECT_EQ(p.top_kind(), kStepDraw);
  EXPECT_EQ(p.s().designated_cup, 0);
  p.act("draw end-turn");
  p.act("draw end-turn");  // the second end-turn marker ends the operations phase (WSR 3.1)
  EXPECT_EQ(p.s().turn, 2);
  EXPECT_EQ(p.s().designated_cup, 1);
  // Without the hook: no designated marker at all.
  auto plain = std::make_shared<Scenario>(*LoadScen("huertgen"));
  plain->special_rules.clear();
  SPos q(plain, {SU("de.hq-107", "A-Q05", 0), SU("de.infantry", "A-Q05", 0),
                 SU("us.hq-2-16", "A-B05", 1), SU("us.infantry", "A-B05", 1)});
  FinishSetup(q);
  EXPECT_EQ(q.s().designated_cup, 0);
  EXPECT_FALSE(q.s().observe(0)["cup"].contains("designated"));
}

// omaha.toml forces: 0 the 107, 1 the 2/16th (landing hexes), 2 its 57mm ATG and 81mm mortar
// (placed on activation), 3 the 4/51st.
SPos OmahaPosition(bool artillery, const std::vector<SetupUnit>& extra = {}) {
  auto sc = LoadScen("omaha");
  std::vector<SetupUnit> units = {SU("de.hq-107", "D-M05", 0),   SU("de.infantry", "D-M09", 0),
                                  SU("us.hq-2-16", "D-M10", 1),  SU("us.infantry", "D-M10", 1),
                                  SU("us.infantry", "D-I11", 1), SU("us.infantry", "D-I11", 1)};
  units.insert(units.end(), extra.begin(), extra.end());
  GameSetup g = ScenSetup(sc, units);
  if (artillery) g.artillery[1].push_back({false, 3, 4, 3});  // "3 x 34" (WSR-A7)
  SPos p(sc, units);
  auto game = std::make_unique<WsrGame>(ScenData(), sc->layout, g);
  auto state = game->new_initial_state();
  p.state.reset();
  p.game = std::move(game);
  p.state = std::move(state);
  FinishSetup(p);
  return p;
}

// WSR-A7 "the US may execute its first artillery strike before all activations of turn 1
// (including the 107's first activation)" -- [Rec] any hex in LOS of a US HQ; the accuracy roll
// applies; it counts for the artillery limit of turn 1.
TEST(WsrA7PreGameStrike, WSR_A7_StrikeBeforeThe107FirstActivationInLosOfAUsHq) {
  SPos p = OmahaPosition(true);
  ASSERT_EQ(p.top_kind(), kStepPreStrike);
  EXPECT_EQ(p.state->current_seat(), p.game->seat_index("us"));
  EXPECT_EQ(p.s().active_formation(), -1);  // before the 107's first activation
  EXPECT_TRUE(p.legal("pre-strike D-M09 he-34"));
  EXPECT_TRUE(p.legal("decline"));
  {  // the units around D-M09 gone: a strike there has no effect, so it is not offered
    const WsrState keep = p.s();
    for (const char* u : {"de.infantry", "us.infantry-1"}) {
      p.s().unit(p.unit(u)).hex = kNoHex;
      p.s().unit(p.unit(u)).flags = kGone;
    }
    EXPECT_NE(p.why("pre-strike D-M09 he-34").find("no unit is in"), std::string::npos)
        << p.why("pre-strike D-M09 he-34");
    p.s() = keep;
  }
  {  // no US HQ on the map: no hex is in LOS of one
    const int hq = p.unit("us.hq-2-16");
    const WsrState keep = p.s();
    p.s().unit(hq).hex = kNoHex;
    p.s().unit(hq).flags = kGone;
    EXPECT_NE(p.why("pre-strike D-M09 he-34").find("LOS of none"), std::string::npos)
        << p.why("pre-strike D-M09 he-34");
    p.s() = keep;
  }
  // The odds shown with the action (board.cc, as a call's): the accuracy die and each hex.
  const nlohmann::json odds = FireOddsJson(*p.state, p.parse("pre-strike D-M09 he-34"));
  ASSERT_TRUE(odds.is_object()) << odds;
  EXPECT_NE(odds.dump().find("D-M09"), std::string::npos) << odds;
  p.act("pre-strike D-M09 he-34");
  EXPECT_TRUE(p.logged("WSR-A7", "before all activations of turn 1") ||
              p.logged("WSR-A7", "Before all activations of turn 1"));
  EXPECT_EQ(p.s().strikes_left[1][0], 2);
  EXPECT_EQ(p.s().strikes_turn, 1);
  ASSERT_EQ(p.top_kind(), kStepArtyAccuracy);
  p.act("roll 1");  // WSR 11.2: no effect, the strike is spent
  EXPECT_EQ(p.s().active_formation(), p.formation("de.107"));  // then the first activation
  EXPECT_EQ(p.s().pre_strike, 1);
  auto back = p.game->state_from_json(p.state->to_json());
  EXPECT_EQ(back->to_json(), p.state->to_json());
}

// Declined, play goes on with the 107's first activation; without artillery nothing is offered.
TEST(WsrA7PreGameStrike, WSR_A7_DeclinedOrWithoutStrikesThe107ActivatesFirst) {
  SPos p = OmahaPosition(true);
  p.act("decline");
  EXPECT_TRUE(p.logged("WSR-A7", "no strike before turn 1"));
  EXPECT_EQ(p.s().active_formation(), p.formation("de.107"));
  EXPECT_EQ(p.s().strikes_left[1][0], 3);
  SPos q = OmahaPosition(false);
  EXPECT_NE(q.top_kind(), kStepPreStrike);
  EXPECT_EQ(q.s().active_formation(), q.formation("de.107"));
  EXPECT_TRUE(q.logged("WSR-A7", "no target in LOS"));
}

// WSR-A7: the 57mm ATG and 81mm mortar of the 2/16th are "placed in any of the landing hexes when
// the 2/16th marker is drawn" in turn 3, "automatically in command that turn": not in turn 2;
// in turn 3 placed before the command tests, only in free landing hexes; in command in turn 3,
// not in turn 4.
TEST(WsrA7PlaceOnActivation, WSR_A7_PlacedInLandingHexesWhenThe216IsDrawnInTurn3) {
  const std::vector<SetupUnit> reinf = {SU("us.57mm-atg", "", 2), SU("us.81mm-mortar", "", 2)};
  for (int turn : {2, 3}) {
    SPos p = OmahaPosition(false, reinf);
    p.pass_command();  // the 107's first activation
    p.act("end-impulse");
    ASSERT_EQ(p.top_kind(), kStepDraw);
    p.s().turn = static_cast<int16_t>(turn);
    p.act("draw us.2-16");
    const int atg = p.unit("us.57mm-atg"), mortar = p.unit("us.81mm-mortar");
    if (turn == 2) {
      EXPECT_NE(p.top_kind(), kStepLand);
      EXPECT_TRUE(p.s().has(atg, kOffMap));
      continue;
    }
    ASSERT_EQ(p.top_kind(), kStepLand);
    EXPECT_EQ(p.state->current_seat(), p.game->seat_index("us"));
    EXPECT_NE(p.state->decision().prompt.find("Place the units of 2/16th Infantry"),
              std::string::npos)
        << p.state->decision().prompt;
    EXPECT_NE(p.why("place us.57mm-atg D-M07").find("not one of"), std::string::npos);
    EXPECT_NE(p.why("place us.57mm-atg D-I11").find("stacking"), std::string::npos);
    EXPECT_NE(p.why("end-impulse").find("place <unit> <hex>"), std::string::npos);
    p.act("place us.57mm-atg D-M10");
    ASSERT_EQ(p.top_kind(), kStepLand);  // the mortar is still to be placed
    EXPECT_NE(p.why("place us.81mm-mortar D-M10").find("stacking"), std::string::npos);
    p.act("place us.81mm-mortar D-K10");
    EXPECT_NE(p.top_kind(), kStepLand);
    EXPECT_TRUE(p.logged("WSR-A7", "57mm ATG is placed in D-M10"));
    EXPECT_FALSE(p.s().has(atg, kOffMap));
    EXPECT_EQ(p.s().unit(mortar).hex, p.hex("D-K10"));
    EXPECT_EQ(p.s().mp_left(atg), p.s().mf(atg));  // placing costs no MP
    EXPECT_TRUE(p.s().in_command_range(mortar));   // in command in turn 3, wherever it is
    auto back = p.game->state_from_json(p.state->to_json());
    EXPECT_EQ(back->to_json(), p.state->to_json());
    p.s().turn = 4;
    p.s().unit(p.unit("us.hq-2-16")).hex = static_cast<int16_t>(p.hex("D-T10"));
    EXPECT_FALSE(p.s().in_command_range(mortar));
  }
}

// The heuristic uses the A7 hooks: it calls the pre-game strike on the German infantry next to
// its HQ rather than declining, and places the units arriving on activation in landing hexes.
TEST(WsrA7PreGameStrike, WSR_A7_HeuristicCallsTheStrikeAndPlacesTheLandingUnits) {
  SPos p = OmahaPosition(true, {SU("us.57mm-atg", "", 2), SU("us.81mm-mortar", "", 2)});
  const int us = p.game->seat_index("us");
  auto h = make_wsr_heuristic(us, 1);
  ASSERT_EQ(p.top_kind(), kStepPreStrike);
  const Action strike = h->choose(*p.state);
  EXPECT_EQ(strike.verb, kPreStrike) << p.state->describe(strike);
  EXPECT_EQ(p.s().pre_strike_observer(us, strike.arg(0)), p.unit("us.hq-2-16"));
  p.act("decline");
  p.pass_command();
  p.act("end-impulse");
  p.s().turn = 3;
  p.act("draw us.2-16");
  for (int k = 0; k < 2; ++k) {
    ASSERT_EQ(p.top_kind(), kStepLand);
    const Action a = h->choose(*p.state);
    EXPECT_EQ(a.verb, kPlace);
    p.act(p.state->describe(a));
  }
  EXPECT_FALSE(p.s().has(p.unit("us.57mm-atg"), kOffMap));
  EXPECT_FALSE(p.s().has(p.unit("us.81mm-mortar"), kOffMap));
}

}  // namespace
}  // namespace feldherr::wsr::testing
