// Special-rule hooks of the advanced scenarios A4 and A7 (special_rules.cc): the A4 air-trigger
// (the Stuka joins the cup a turn after the first US unit comes within 3 hexes of the bridge) and
// blow-the-bridge, the A7 dd-tanks (a roll per M4A1 before the setup) and no-withheld-end-turn
// (no WSR 3.2.1 withholding for the 107 at the end of turn 1).
#include <gtest/gtest.h>

#include <algorithm>
#include <nlohmann/json.hpp>

#include "engine/player.h"
#include "engine/rng.h"
#include "games/wsr/heuristic.h"
#include "tests/wsr_scenario_rules/scenario_rules_util.h"

namespace feldherr::wsr::testing {
namespace {

int SeatOfSide(const WsrGame& g, const std::string& side) {
  const auto& seats = g.seats();
  return static_cast<int>(std::find(seats.begin(), seats.end(), side) - seats.begin());
}

// A hex of the layout at exactly distance `d` of `from`.
int HexAtDistance(const HexLayout& L, int from, int d) {
  for (int h = 0; h < L.size(); ++h)
    if (L.Distance(h, from) == d) return h;
  return -1;
}

// WSR-A4 "stuka" ([Rec] within 3 = hex distance <= 3 of A-P07; delay 1): a US unit entering a
// hex 4 away or a German unit 3 away triggers nothing; the first US unit 3 away in turn 3 sends
// the Stuka into the cup at the start of turn 4, not before; a later entry changes nothing.
TEST(WsrAdvancedHooks, WSR_A4_StukaJoinsTheCupOneTurnAfterAUsUnitComesWithin3OfTheBridge) {
  auto sc = LoadScen("remagen");
  GameSetup g = ScenSetup(sc, {SU("de.hq-107", "A-P05", 0), SU("de.infantry", "A-P05", 0),
                               SU("us.hq-73-recon", "C-H05", 1), SU("us.m8", "C-H05", 1)});
  g.air.push_back({0, "de.stuka", GameSetup::kAirOnTrigger});  // as ScenarioSetup adds it
  const WsrGame game(ScenData(), sc->layout, g);
  auto st = game.new_initial_state();
  WsrState& s = static_cast<WsrState&>(*st);
  const int de = SeatOfSide(game, "de"), us = SeatOfSide(game, "us");
  ASSERT_EQ(de, 0);
  const HexLayout& L = game.layout();
  const int bridge = L.Index("A-P07");
  const int far = HexAtDistance(L, bridge, 4), near = HexAtDistance(L, bridge, 3);
  ASSERT_GE(far, 0);
  ASSERT_GE(near, 0);
  EXPECT_EQ(s.air[0], WsrState::kAirWaiting);
  EXPECT_EQ(s.air_entry_turn(0), 0);
  s.turn = 3;
  s.enter_hex(far, us);
  s.enter_hex(near, de);
  EXPECT_EQ(s.air_trigger_turn, 0);
  s.enter_hex(near, us);
  EXPECT_EQ(s.air_trigger_turn, 4);
  EXPECT_EQ(s.air_entry_turn(0), 4);
  s.air_turn_start(nullptr);
  EXPECT_EQ(s.air[0], WsrState::kAirWaiting);  // still turn 3
  s.turn = 5;
  s.enter_hex(bridge, us);
  EXPECT_EQ(s.air_trigger_turn, 4);  // the first entry counts
  // The trigger survives the state's JSON form.
  auto back = game.state_from_json(st->to_json());
  EXPECT_EQ(static_cast<WsrState&>(*back).air_trigger_turn, 4);
  EXPECT_EQ(back->to_json(), st->to_json());
  s.turn = 4;
  EventList ev;
  s.air_turn_start(&ev);
  EXPECT_EQ(s.air[0], WsrState::kAirInCup);
  EXPECT_EQ(s.air_in_cup(), 1);
  bool logged = false;
  for (const Event& e : ev) logged = logged || e.text.find("air-trigger") != std::string::npos;
  EXPECT_TRUE(logged);
}

// Without the hook in the scenario nothing triggers (the aircraft never enters).
TEST(WsrAdvancedHooks, WSR_A4_NoTriggerWithoutTheHook) {
  auto sc = LoadScen("remagen");
  auto plain = std::make_shared<Scenario>(*sc);
  plain->special_rules.clear();
  GameSetup g = ScenSetup(plain, {SU("de.hq-107", "A-P05", 0), SU("us.hq-73-recon", "C-H05", 1)});
  g.air.push_back({0, "de.stuka", GameSetup::kAirOnTrigger});
  const WsrGame game(ScenData(), plain->layout, g);
  auto st = game.new_initial_state();
  WsrState& s = static_cast<WsrState&>(*st);
  s.enter_hex(game.layout().Index("A-P07"), SeatOfSide(game, "us"));
  EXPECT_EQ(s.air_trigger_turn, 0);
}

// A4 blow-the-bridge position: the 107's HQ and engineer at the west end A-O07 of the bridge
// A-P07, an infantry platoon in Celles; the 73rd's HQ and an M8 at the east end A-Q06.
SPos RemagenBridge() {
  return SPos(LoadScen("remagen"), {SU("de.hq-107", "A-O07", 0), SU("de.engineers", "A-O07", 0),
                                    SU("de.infantry", "A-N07", 0), SU("us.hq-73-recon", "A-Q06", 1),
                                    SU("us.m8", "A-Q06", 1)});
}

// Counts the MRPs of turns 2-4 with the engineer at an end, then opens the 107's impulse in
// turn 5 (the 73rd's first activation is ended first).
void PlaceChargesAndActivate107(SPos& p) {
  for (int turn : {2, 3, 4}) {
    p.s().turn = static_cast<int16_t>(turn);
    p.s().bridge_turn_end(&p.events);
  }
  p.s().turn = 5;
  p.act("end-impulse");
  p.act("draw de.107");
  p.pass_command();
  ASSERT_EQ(p.top_kind(), kStepOperations);
}

// WSR-A4 test 1: the engineer was at a bridge end and not disrupted at the end of turns 2, 3 and
// 4; the 107 is activated in turn 5 and the die shows 2: the bridge is destroyed -- impassable
// and held by nobody.
TEST(WsrAdvancedHooks, WSR_A4_EngineerThreeTurnsAtTheBridgeThenRoll2DestroysIt) {
  SPos p = RemagenBridge();
  EXPECT_NE(p.why("blow-bridge de.engineers"), "");
  PlaceChargesAndActivate107(p);
  EXPECT_EQ(p.s().bridge_turns, 3);
  EXPECT_TRUE(p.logged("scenario", "the charges are placed"));
  p.act("blow-bridge de.engineers");
  ASSERT_EQ(p.top_kind(), kStepBridgeRoll);
  p.act("roll 2");
  EXPECT_EQ(p.s().bridge, WsrState::kBridgeBlown);
  const int bridge = p.hex("A-P07");
  EXPECT_EQ(p.s().controller(bridge), -1);
  EXPECT_EQ(p.s().step_cost(p.unit("us.m8"), p.hex("A-Q06"), bridge), -1);
  EXPECT_EQ(p.s().step_cost(p.unit("de.infantry"), p.hex("A-O07"), bridge), -1);
  EXPECT_NE(p.why("blow-bridge de.engineers"), "");  // destroyed already
}

// The 107 with its engineer at `engineer_hex`, its HQ by the bridge and a platoon at
// `infantry_hex`, the 73rd's HQ and an M8 on map C; `charges` end-of-turn checks counted; the
// 73rd's first activation ended, the 107 drawn. Then the heuristic plays both seats (chance
// with a seeded Rng) until the 107's impulse is over.
SPos RemagenEngineerImpulse(const char* engineer_hex, uint64_t seed,
                            const char* infantry_hex = "A-N07", int charges = 0) {
  SPos p(LoadScen("remagen"), {SU("de.hq-107", "A-N07", 0), SU("de.engineers", engineer_hex, 0),
                               SU("de.infantry", infantry_hex, 0), SU("us.hq-73-recon", "C-J05", 1),
                               SU("us.m8", "C-J05", 1)});
  p.s().bridge_turns = static_cast<uint8_t>(charges);
  p.act("end-impulse");
  p.act("draw de.107");
  p.pass_command();
  const int f107 = p.formation("de.107");
  EXPECT_EQ(p.s().active_f, f107);
  std::vector<std::unique_ptr<Player>> players;
  for (int seat = 0; seat < 2; ++seat)
    players.push_back(make_wsr_heuristic(seat, seed + static_cast<uint64_t>(seat)));
  Rng rng(seed);
  WsrState& s = p.s();
  for (int guard = 0; guard < 300 && !s.is_terminal(); ++guard) {
    while (!s.is_terminal() && s.current_seat() == kChance) s.apply(s.sample_chance(rng));
    if (s.is_terminal() || s.active_f != f107 || s.turn != 1) break;
    const Action a = players[static_cast<size_t>(s.current_seat())]->choose(s);
    EXPECT_EQ(s.why_illegal(a), "") << s.describe(a);
    s.apply(a, &p.events);
  }
  return p;
}

// WSR-A4 blow-the-bridge, heuristic (docs/wsr-ai.md "Movement potential"): in an impulse of the 107
// the engineer, 2 hexes west of the bridge's end on the road, moves onto the bridge's west end
// A-O07 (the end away from the US units); an engineer already at the end stays there (the charges
// need 3 consecutive turns at one end).
TEST(WsrAdvancedHooks, WSR_A4_HeuristicMovesTheEngineerToTheBridgeEndAndKeepsItThere) {
  for (uint64_t seed : {uint64_t{1}, uint64_t{2}, uint64_t{3}}) {
    SPos to = RemagenEngineerImpulse("A-M07", seed);
    EXPECT_EQ(to.s().unit(to.unit("de.engineers")).hex, to.hex("A-O07")) << "seed " << seed;
    SPos stay = RemagenEngineerImpulse("A-O07", seed);
    EXPECT_EQ(stay.s().unit(stay.unit("de.engineers")).hex, stay.hex("A-O07")) << "seed " << seed;
  }
}

// WSR-A4 blow-the-bridge, heuristic: with the charges placed and a German platoon on the bridge
// hex A-P07 (no attempt while a unit stands on it, [Decision] of the hook), the platoon leaves
// the bridge in the 107's impulse and the engineer at A-O07 makes its attempt; without the
// charges the platoon stays and holds the bridge.
TEST(WsrAdvancedHooks, WSR_A4_HeuristicClearsTheBridgeAndTriesOnceTheChargesArePlaced) {
  for (uint64_t seed : {uint64_t{1}, uint64_t{2}, uint64_t{3}}) {
    SPos p = RemagenEngineerImpulse("A-O07", seed, "A-P07", 3);
    EXPECT_NE(p.s().unit(p.unit("de.infantry")).hex, p.hex("A-P07")) << "seed " << seed;
    EXPECT_EQ(p.s().bridge_tries, 1) << "seed " << seed;
    EXPECT_TRUE(p.logged("scenario", "tries to blow the bridge")) << "seed " << seed;
    SPos hold = RemagenEngineerImpulse("A-O07", seed, "A-P07", 0);
    EXPECT_EQ(hold.s().unit(hold.unit("de.infantry")).hex, hold.hex("A-P07")) << "seed " << seed;
    EXPECT_EQ(hold.s().bridge_tries, 0) << "seed " << seed;
  }
}

// WSR-A4 blow-the-bridge, shown: after a successful attempt the observation lists the bridge
// hex in `destroyed_bridges` (board-JSON hex indices) and the terminal board marks it 'x' (after
// its bridge token '=').
TEST(WsrAdvancedHooks, WSR_A4_BlownBridgeIsMarkedInTheObservationAndTheBoard) {
  SPos p = RemagenBridge();
  const int bridge = p.hex("A-P07");
  EXPECT_EQ(p.state->observe(0)["destroyed_bridges"], nlohmann::json::array());
  const std::string before = p.s().render_text(0);
  EXPECT_EQ(before.find(" =x"), std::string::npos) << before;
  PlaceChargesAndActivate107(p);
  p.act("blow-bridge de.engineers");
  p.act("roll 1");
  ASSERT_EQ(p.s().bridge, WsrState::kBridgeBlown);
  for (int seat : {0, 1})
    EXPECT_EQ(p.state->observe(seat)["destroyed_bridges"], nlohmann::json::array({bridge}));
  const std::string after = p.s().render_text(0);
  EXPECT_NE(after.find(" =x"), std::string::npos) << after;
  // The key's entry, whichever line the 80-column wrapping put its words on.
  std::string key = after;
  std::replace(key.begin(), key.end(), '\n', ' ');
  key.erase(
      std::unique(key.begin(), key.end(), [](char a, char b) { return a == ' ' && b == ' '; }),
      key.end());
  EXPECT_NE(key.find("x bridge destroyed in play (WSR-A4"), std::string::npos) << after;
}

// WSR-A4 [Rec]: the first attempt destroys on 1-2, every later one (one per turn) on 1-5; a
// disrupted engineer or one away from the bridge at the end of a turn restarts the count.
TEST(WsrAdvancedHooks, WSR_A4_FirstAttemptOn1To2LaterOn1To5OncePerTurn) {
  SPos p = RemagenBridge();
  const int eng = p.unit("de.engineers");
  p.s().turn = 2;
  p.s().bridge_turn_end(nullptr);
  p.s().unit(eng).flags |= kDisrupted;
  p.s().turn = 3;
  p.s().bridge_turn_end(nullptr);
  EXPECT_EQ(p.s().bridge_turns, 0);  // disrupted: the count starts again
  p.s().unit(eng).flags &= static_cast<uint16_t>(~kDisrupted);
  PlaceChargesAndActivate107(p);
  p.act("blow-bridge de.engineers");
  p.act("roll 3");
  EXPECT_EQ(p.s().bridge, WsrState::kBridgeIntact);
  p.s().unit(eng).flags &= static_cast<uint16_t>(~kOpsComplete);
  EXPECT_NE(p.why("blow-bridge de.engineers").find("one demolition attempt per turn"),
            std::string::npos);
  p.s().turn = 6;
  p.act("blow-bridge de.engineers");
  EXPECT_NE(p.s().decision().prompt.find("destroyed on 1-5"), std::string::npos);
  p.act("roll 5");
  EXPECT_EQ(p.s().bridge, WsrState::kBridgeBlown);
}

// WSR-A4 test 2: once a US unit has crossed the bridge (moved from A-P07 into the far end A-O07)
// no demolition attempt is possible; moving back to the near end A-Q06 is no crossing.
TEST(WsrAdvancedHooks, WSR_A4_NoDemolitionAfterAUsUnitCrossed) {
  SPos p = RemagenBridge();
  const int us = SeatOfSide(*p.game, "us");
  const int bridge = p.hex("A-P07");
  p.s().bridge_cross_check(bridge, p.hex("A-Q06"), us, nullptr);
  EXPECT_EQ(p.s().bridge, WsrState::kBridgeIntact);
  p.s().bridge_cross_check(bridge, p.hex("A-O07"), SeatOfSide(*p.game, "de"), nullptr);
  EXPECT_EQ(p.s().bridge, WsrState::kBridgeIntact);
  p.s().bridge_cross_check(bridge, p.hex("A-O07"), us, nullptr);
  EXPECT_EQ(p.s().bridge, WsrState::kBridgeCrossed);
  PlaceChargesAndActivate107(p);
  EXPECT_NE(p.why("blow-bridge de.engineers").find("can no longer be destroyed"),
            std::string::npos);
  // The bridge state survives the state's JSON form.
  auto back = p.game->state_from_json(p.state->to_json());
  EXPECT_EQ(static_cast<WsrState&>(*back).bridge, WsrState::kBridgeCrossed);
  EXPECT_EQ(back->to_json(), p.state->to_json());
}

// WSR-A7 dd_tanks test: before the setup one die per M4A1 (not the HQ); a 2 sets it up
// reduced, a 3 at full strength. omaha.toml forces: 0 the 107, 3 the 4/51st Armor.
TEST(WsrAdvancedHooks, WSR_A7_DdTankRoll2StartsReducedRoll3Full) {
  SPos p(LoadScen("omaha"), {SU("de.hq-107", "", 0), SU("us.hq-4-51", "", 3), SU("us.m4a1", "", 3),
                             SU("us.m4a1", "", 3)});
  const int t1 = p.unit("us.m4a1-1"), t2 = p.unit("us.m4a1-2");
  ASSERT_EQ(p.top_kind(), kStepDdRoll);
  EXPECT_EQ(p.s().top().a, t1);  // the lowest unit first; no roll for the HQ
  p.act("roll 2");
  ASSERT_EQ(p.top_kind(), kStepDdRoll);
  EXPECT_EQ(p.s().top().a, t2);
  p.act("roll 3");
  EXPECT_EQ(p.top_kind(), kStepSetup);  // then the setup (WSR 2.0)
  EXPECT_TRUE(p.s().has(t1, kReduced));
  EXPECT_FALSE(p.s().has(t2, kReduced));
  EXPECT_FALSE(p.s().has(p.unit("us.hq-4-51"), kReduced));
  EXPECT_TRUE(p.logged("scenario", "starts at reduced strength (WSR-A7)"));
}

// WSR-A7: "if the 107's marker is not drawn by the end of turn 1, the German may not withhold an
// end-turn marker for turn 2" -- with the hook the 107, not activated in turn 1, withholds
// nothing; without it (or at the end of turn 2) WSR 3.2.1 withholds one marker.
TEST(WsrAdvancedHooks, WSR_A7_NoWithheldEndTurnMarkerForThe107AfterTurn1) {
  auto sc = LoadScen("omaha");
  auto plain = std::make_shared<Scenario>(*sc);
  plain->special_rules.erase(
      std::remove_if(plain->special_rules.begin(), plain->special_rules.end(),
                     [](const SpecialRule& r) { return r.id == "no-withheld-end-turn"; }),
      plain->special_rules.end());
  const std::vector<SetupUnit> units = {SU("de.hq-107", "D-M05", 0), SU("de.infantry", "D-M05", 0),
                                        SU("us.hq-2-16", "D-I11", 1),
                                        SU("us.infantry", "D-I11", 1)};
  struct Case {
    std::shared_ptr<const Scenario> scen;
    int turn;
    int held;
  };
  for (const Case& c : {Case{sc, 1, 0}, Case{plain, 1, 1}, Case{sc, 2, 1}}) {
    SPos p(c.scen, units);
    const int f = p.formation("de.107");
    const int de = SeatOfSide(*p.game, "de");
    p.s().turn = static_cast<int16_t>(c.turn);
    p.s().in_turn |= static_cast<uint16_t>(1u << f);
    p.s().activated[static_cast<size_t>(f)] = 0;  // its marker was never drawn
    EXPECT_EQ(p.s().withholding_exempt(f), c.scen == sc && c.turn == 1);
    p.s().finish_marker_removal(nullptr);
    EXPECT_EQ(p.s().held_end_turn[static_cast<size_t>(de)], c.held)
        << "turn " << c.turn << (c.scen == sc ? " with" : " without") << " the hook";
  }
}

}  // namespace
}  // namespace feldherr::wsr::testing
