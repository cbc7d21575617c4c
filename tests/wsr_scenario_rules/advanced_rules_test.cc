// Rules of the advanced scenarios (WSR-A1..A12) played by the rules engine: forces in command
// without a test (WSR 4.2 exceptions of A3, A8, A9; special_rules.cc command_exempt).
#include <gtest/gtest.h>

#include "tests/wsr_scenario_rules/scenario_rules_util.h"

namespace feldherr::wsr::testing {
namespace {

// A9: the attached units in Kruispunten are in command in turn 1 although their HQ is still off
// the map (in_command_until_turn = 1): no command test; from turn 2 they test normally.
// luneville.toml forces: 0 73rd Recon, 1 Aufklaerungs-Zug 4 (enters east), 2 the garrison.
TEST(WsrAdvancedRules, WSR_A9_KruispuntenGarrisonInCommandInTurn1Only) {
  SPos p(LoadScen("luneville"),
         {SU("us.hq-73-recon", "", 0), SU("us.m8", "", 0), SU("de.hq-aufkl-4", "", 1),
          SU("de.puma", "", 1), SU("de.wirbelwind", "C-K06", 2), SU("de.infantry", "C-L06", 2)});
  ASSERT_EQ(p.top_kind(), kStepOperations);  // 73rd Recon's first activation (A9)
  p.act("end-impulse");
  p.act("draw de.aufkl-4");
  EXPECT_EQ(p.top_kind(), kStepOperations);  // no command test for the garrison
  const int w = p.unit("de.wirbelwind");
  EXPECT_TRUE(p.s().command_exempt(w));
  EXPECT_FALSE(p.s().has(w, kOutOfCommand));
  p.s().turn = 2;
  EXPECT_FALSE(p.s().command_exempt(w));
  EXPECT_FALSE(p.s().in_command_range(w));  // the HQ is off the map: a test from turn 2
}

// A8: the British 17 Pdr ATG is always in command (always_in_command), every turn, wherever its
// HQ is; its force-mates are not. odon.toml forces: 3 WSG, 4 the 17 Pdr.
TEST(WsrAdvancedRules, WSR_A8_SeventeenPounderAlwaysInCommand) {
  SPos p(LoadScen("odon"), {SU("uk.hq-wsg", "B-B10", 3), SU("uk.cromwell", "B-B10", 3),
                            SU("uk.cromwell", "B-U10", 3), SU("uk.17pdr-atg", "B-U11", 4)});
  const int atg = p.unit("uk.17pdr-atg"), far = p.unit("uk.cromwell-2");
  for (int turn : {1, 7}) {
    p.s().turn = static_cast<int16_t>(turn);
    EXPECT_TRUE(p.s().command_exempt(atg));
    EXPECT_TRUE(p.s().in_command_range(atg));
    EXPECT_FALSE(p.s().command_exempt(far));
    EXPECT_FALSE(p.s().in_command_range(far));
  }
}

}  // namespace
}  // namespace feldherr::wsr::testing

namespace feldherr::wsr::testing {
namespace {

// A12 only-bridges-intact, [Rec]: every bridge of maps B and C other than B-P05 is destroyed --
// a river hex, impassable also along its road; B-P05 stays a bridge.
TEST(WsrAdvancedRules, WSR_A12_OnlyTheBridgeInP05IsIntact) {
  auto sc = LoadScen("arnhem");
  auto plain = std::make_shared<Scenario>(*sc);
  plain->special_rules.clear();
  SPos p(sc, {SU("uk.hq-7-para", "B-B04", 0), SU("uk.paratroopers", "B-B04", 0)});
  SPos q(plain, {SU("uk.hq-7-para", "B-B04", 0), SU("uk.paratroopers", "B-B04", 0)});
  const int intact = p.hex("B-P05");
  EXPECT_EQ(p.game->terrain(intact), Terrain::kBridge);
  int destroyed = 0;
  for (int h = 0; h < q.game->layout().size(); ++h) {
    if (q.game->terrain(h) != Terrain::kBridge || h == intact) continue;
    ++destroyed;
    EXPECT_EQ(p.game->terrain(h), Terrain::kRiver) << p.game->layout().Name(h);
    for (int d = 0; d < kHexDirs; ++d) {
      const int nb = p.game->layout().Neighbour(h, d);
      if (nb < 0) continue;
      for (int e = 0; e < kHexDirs; ++e)
        if (p.game->layout().Neighbour(nb, e) == h) {
          EXPECT_EQ(p.game->step_cost(nb, e, false), -1) << p.game->layout().Name(h);
          EXPECT_EQ(p.game->step_cost(nb, e, true), -1) << p.game->layout().Name(h);
        }
    }
  }
  EXPECT_GE(destroyed, 1);
}

}  // namespace
}  // namespace feldherr::wsr::testing

namespace feldherr::wsr::testing {
namespace {

// A6 boundary-line: Dauer may enter the red hexes (row 06 stand-in) but not go north of them;
// the 107 not south of them. elsenborn.toml forces: 1 Dauer, 2 107.
TEST(WsrAdvancedRules, WSR_A6_BoundaryLineKeepsDauerSouthAndThe107North) {
  SPos p(LoadScen("elsenborn"),
         {SU("de.hq-dauer", "A-E07", 1), SU("de.panther", "A-E06", 1), SU("de.hq-107", "A-H06", 2),
          SU("de.infantry", "A-H06", 2), SU("us.hq-cca", "C-T10", 0), SU("us.m4a1", "C-T10", 0)});
  const int panther = p.unit("de.panther"), inf = p.unit("de.infantry");
  EXPECT_LT(p.s().step_cost(panther, p.hex("A-E06"), p.hex("A-E05")), 0);  // north: no
  EXPECT_GE(p.s().step_cost(panther, p.hex("A-E06"), p.hex("A-E07")), 0);  // south: yes
  EXPECT_GE(p.s().step_cost(panther, p.hex("A-E07"), p.hex("A-E06")), 0);  // onto the line
  EXPECT_LT(p.s().step_cost(inf, p.hex("A-H06"), p.hex("A-H07")), 0);      // 107 south: no
  EXPECT_GE(p.s().step_cost(inf, p.hex("A-H06"), p.hex("A-H05")), 0);      // 107 north: yes
  if (p.top_kind() == kStepOperations) p.act("end-impulse");               // a first activation
  p.act("draw de.107");
  p.pass_command();
  p.act("select de.infantry");
  p.act("select de.hq-107");  // the HQ moves with its unit
  EXPECT_NE(p.why("move A-H07").find("(WSR-A6)"), std::string::npos) << p.why("move A-H07");
  EXPECT_EQ(p.why("move A-H05"), "");
}

}  // namespace
}  // namespace feldherr::wsr::testing

namespace feldherr::wsr::testing {
namespace {

// A11 no-road: B-K01 and B-K02 are clear hexes without their road; air-withdrawn: the Typhoon
// leaves play at the start of turn 6 wherever it is (cup, returning, waiting).
TEST(WsrAdvancedRules, WSR_A11_NoRoadInK01K02AndTheTyphoonWithdrawnInTurn6) {
  auto sc = LoadScen("bieville");
  SPos p(sc, {SU("uk.hq-wsg", "C-T06", 0), SU("uk.cromwell", "C-T06", 0)});
  const int clear_soft = ScenData().terrain[Terrain::kClear].move_cost(false);
  for (const char* h : {"B-K01", "B-K02"}) {
    EXPECT_EQ(p.game->terrain(p.hex(h)), Terrain::kClear) << h;
    const int to = p.hex(h);
    for (int d = 0; d < kHexDirs; ++d) {
      const int nb = p.game->layout().Neighbour(to, d);
      if (nb < 0) continue;
      const int back = p.game->layout().DirBetween(nb, to);
      const int c = p.game->step_cost(nb, back, false);
      if (c >= 0 && p.game->terrain(nb) == Terrain::kClear) {
        EXPECT_EQ(c, clear_soft) << h;
      }
    }
  }
  GameSetup g = ScenSetup(sc, {SU("uk.hq-wsg", "C-T06", 0), SU("uk.cromwell", "C-T06", 0)});
  g.air = {{0, "uk.typhoon", 2}};
  WsrGame game(ScenData(), sc->layout, std::move(g));
  WsrState s = game.initial();
  s.air[0] = WsrState::kAirInCup;
  EventList ev;
  s.turn = 5;
  s.air_turn_start(&ev);
  EXPECT_EQ(s.air[0], WsrState::kAirInCup);
  s.turn = 6;
  s.air_turn_start(&ev);
  EXPECT_EQ(s.air[0], WsrState::kAirRemoved);
}

}  // namespace
}  // namespace feldherr::wsr::testing

namespace feldherr::wsr::testing {
namespace {

// A2 no-hills (with no-rivers), [Rec]: hill hexes take their other terrain (a pure hill becomes
// clear, level 0: no crests); river hexes likewise.
TEST(WsrAdvancedRules, WSR_A2_NoHillsAndNoRivers) {
  auto sc = LoadScen("bastogne");
  auto plain = std::make_shared<Scenario>(*sc);
  plain->special_rules.clear();
  SPos p(sc, {SU("us.hq-507", "A-L06", 0), SU("us.paratroopers", "A-L06", 0)});
  SPos q(plain, {SU("us.hq-507", "A-L06", 0), SU("us.paratroopers", "A-L06", 0)});
  int hills = 0;
  for (int h = 0; h < q.game->layout().size(); ++h) {
    const Terrain t = q.game->terrain(h);
    if (t == Terrain::kHill || t == Terrain::kWoodedHill || t == Terrain::kRiver) {
      ++hills;
      const Terrain now = p.game->terrain(h);
      EXPECT_NE(now, Terrain::kHill) << p.game->layout().Name(h);
      EXPECT_NE(now, Terrain::kWoodedHill) << p.game->layout().Name(h);
      EXPECT_NE(now, Terrain::kRiver) << p.game->layout().Name(h);
      if (t == Terrain::kHill) {
        EXPECT_EQ(now, Terrain::kClear) << p.game->layout().Name(h);
      }
    }
  }
  EXPECT_GT(hills, 0);
}

}  // namespace
}  // namespace feldherr::wsr::testing
