// WSR-B4 Köln: the optional CCA first activation (its marker then waits for turn 2), rubble
// ([Rec A-36]), hq-on-counter and panther-ambush (test cases T-B4-1, T-B4-2 of
// docs/rules/wsr-scenarios.md).
#include <gtest/gtest.h>

#include "games/wsr/combat.h"
#include "tests/wsr_scenario_rules/scenario_rules_util.h"

namespace feldherr::wsr::testing {
namespace {

// koeln.toml forces: 0 Beck in Ville Sur Le Fleuve, 1 the ambush Panther (reduced), 2 CCA.
std::vector<SetupUnit> Koeln() {
  return {
      SU("de.hq-beck", "B-N06", 0), SU("de.infantry", "B-N06", 0),
      SU("de.panther", "B-O06", 0), SU("de.panther", "", 1, false, /*reduced=*/true),
      SU("us.hq-cca", "D-D06", 2),  SU("us.m4a1", "D-C06", 2),
      SU("us.m4a1", "D-D06", 2),    SU("us.infantry", "D-E06", 2),
  };
}

TEST(WsrScenarioRules, WSR_B4_CcaMayOpenTheGame_MarkerOnlyFromTurn2) {
  SPos p(LoadScen("koeln"), Koeln());
  const int cca = p.formation("us.cca"), beck = p.formation("de.beck");
  ASSERT_EQ(p.top_kind(), kStepFirstActivation);
  EXPECT_EQ(p.state->current_seat(), 1);  // the US decides
  EXPECT_TRUE(p.legal("decline"));
  EXPECT_FALSE(p.legal("draw de.beck"));
  EXPECT_NE(p.why("end-impulse").find("first activation"), std::string::npos);
  p.act("first-activation us.cca");
  p.pass_command();
  EXPECT_EQ(p.s().active_formation(), cca);
  EXPECT_EQ(p.s().cup[static_cast<size_t>(cca)], 0);  // CCA cannot activate twice in turn 1
  p.act("end-impulse");
  ASSERT_EQ(p.top_kind(), kStepDraw);
  for (const ChanceOutcome& o : p.state->chance_outcomes())
    EXPECT_TRUE(o.action.arg(0) == beck || o.action.arg(0) == kEndTurnMarker);
  p.acts({"draw end-turn", "draw end-turn"});
  ASSERT_EQ(p.s().turn, 2);
  EXPECT_EQ(p.s().cup[static_cast<size_t>(cca)], 1);
  EXPECT_EQ(p.s().held_end_turn[1], 0);  // CCA was activated (WSR 3.2.1)
}

TEST(WsrScenarioRules, WSR_B4_DeclinedFirstActivation_MarkerInTheCupInTurn1) {
  SPos p(LoadScen("koeln"), Koeln());
  p.act("decline");
  ASSERT_EQ(p.top_kind(), kStepDraw);
  EXPECT_EQ(p.s().cup[static_cast<size_t>(p.formation("us.cca"))], 1);
  EXPECT_EQ(p.s().activated[static_cast<size_t>(p.formation("us.cca"))], 0);
}

TEST(WsrScenarioRules, WSR_B4_Rubble_CityCostsAndRoadReduction) {
  const auto sc = LoadScen("koeln");
  const SpecialRule* r = sc->FindRule("rubble");
  ASSERT_NE(r, nullptr);
  SPos p(sc, Koeln());
  const HexLayout& L = p.game->layout();
  auto cost = [&](const WsrGame& g, const char* from, const char* to, bool hard) {
    const int a = L.Index(from), b = L.Index(to);
    return g.step_cost(a, L.DirBetween(a, b), hard);
  };
  // B-M06: city without a road; B-N05: city with the main road running through it.
  EXPECT_EQ(cost(*p.game, "B-M07", "B-M06", false), r->Int("move_soft", 0));
  EXPECT_EQ(cost(*p.game, "B-M07", "B-M06", true), r->Int("move_hard", 0));
  EXPECT_EQ(cost(*p.game, "B-N06", "B-N05", false),
            r->Int("move_soft", 0) - r->Int("road_reduction", 0));
  EXPECT_EQ(cost(*p.game, "B-N06", "B-N05", true),
            r->Int("move_hard", 0) - r->Int("road_reduction", 0));
  // Without the hook: the chart's city costs.
  auto plain = std::make_shared<Scenario>(*sc);
  plain->special_rules.clear();
  SPos q(plain, Koeln());
  const TerrainType& city = ScenData().terrain[Terrain::kCity];
  EXPECT_EQ(cost(*q.game, "B-M07", "B-M06", true), city.move_hard);
}

TEST(WsrScenarioRules, WSR_B4_Rubble_DefenceTwoForHardTargetsInCityHexes) {
  const auto sc = LoadScen("koeln");
  auto units = Koeln();
  units[5].hex = "B-Q06";  // an M4A1 in a city hex (no road), 2 hexes from the Panther
  SPos p(sc, units);
  auto plain = std::make_shared<Scenario>(*sc);
  plain->special_rules.clear();
  SPos q(plain, units);
  const int pz = p.unit("de.panther-1"), m4 = p.unit("us.m4a1-1");
  FireParams with, without;
  ASSERT_TRUE(p.s().fire_params(pz, m4, &with, nullptr));
  ASSERT_TRUE(q.s().fire_params(pz, m4, &without, nullptr));
  const Face& f = ScenData().FindCounter("us.m4a1")->face_for(false, false);
  const int defence = sc->FindRule("rubble")->Int("defence", 0);
  // [Rec A-36]: the rubble value replaces the chart's (hard targets capped at 2, 6.1.6).
  EXPECT_EQ(with.defence_dice, f.armor + std::min(2, defence));
  EXPECT_EQ(without.defence_dice, f.armor + ScenData().terrain[Terrain::kCity].defence_hard);
}

TEST(WsrScenarioRules, WSR_B4_HqOnCounter_TheHqReturnsOnAPanther) {
  auto units = Koeln();
  units[0].hex = "";  // the Beck HQ is eliminated
  units[0].force = -1;
  units[0].formation = "de.beck";
  const auto sc = LoadScen("koeln");
  SPos p(sc, units);
  std::vector<int> hexes;
  p.s().hq_replacement_candidates(p.formation("de.beck"), hexes);
  // Its type (de.panzer-iv) is not in the scenario: only the Panther's hex qualifies.
  EXPECT_EQ(hexes, std::vector<int>{p.hex("B-O06")});
  auto plain = std::make_shared<Scenario>(*sc);
  plain->special_rules.clear();
  SPos q(plain, units);
  q.s().hq_replacement_candidates(q.formation("de.beck"), hexes);
  EXPECT_TRUE(hexes.empty());
}

// T-B4-1: "Given the reduced Panther is placed and fires at normal range, when it rolls 4, 5,
// 4 (3 hits), then 1 hit is added (4 hits) before the defender's cancel roll." and "Given a
// later attack by the same Panther, then no extra hit is added."
TEST(WsrScenarioRules, WSR_B4_PantherAmbush_Rolls454_ThreeHitsPlusOne) {
  const auto sc = LoadScen("koeln");
  const int extra = sc->FindRule("panther-ambush")->Int("extra_hits", 0);
  ASSERT_EQ(extra, 1);
  SPos p(sc, Koeln());
  const int amb = p.unit("de.panther-2"), m4 = p.unit("us.m4a1-1");
  EXPECT_TRUE(p.s().has(amb, kOffMap));
  p.acts({"decline", "draw de.beck"});
  p.pass_command();
  // Not outside the zone, not into a US hex, and only with a legal attack from the hex.
  EXPECT_NE(p.why("ambush de.panther-2 B-K06 us.m4a1-1").find("ambush zone"), std::string::npos);
  p.act("ambush de.panther-2 B-R06 us.m4a1-1");
  EXPECT_EQ(p.s().unit(amb).hex, p.hex("B-R06"));
  EXPECT_FALSE(p.s().has(amb, kOffMap));
  FireParams fp;
  ASSERT_TRUE(p.s().fire_params(amb, m4, &fp, nullptr));
  ASSERT_EQ(fp.band, RangeBand::kNormal);
  ASSERT_EQ(fp.dice, 3);
  ASSERT_EQ(p.top_kind(), kStepFireAttack);
  p.act("roll 4 5 4");
  ASSERT_EQ(p.top_kind(), kStepFireDefence);
  EXPECT_EQ(p.s().top().f, 3 + extra);  // 4 hits before the defender's cancel roll
  EXPECT_TRUE(p.logged("scenario", "extra hit"));
  std::string sixes = "roll";
  for (int k = 0; k < p.s().fire_dice_count(); ++k) sixes += " 6";
  p.act(sixes);
  EXPECT_TRUE(p.s().has(amb, kOpsComplete));
  while (p.top_kind() != kStepOperations) p.act("roll 6");  // HQ loss checks, if any
  p.acts({"end-impulse", "draw end-turn", "draw end-turn"});
  ASSERT_EQ(p.s().turn, 2);
  p.act("draw de.beck");
  p.pass_command();
  p.act("fire de.panther-2 us.m4a1-2");
  p.act("roll 4 5 4");
  ASSERT_EQ(p.top_kind(), kStepFireDefence);
  EXPECT_EQ(p.s().top().f, 3);  // a later attack: no extra hit
}

// [Rec] WSR-B4 option (1): at a moment it could conduct opportunity fire -- a US unit entered a
// hex in LOS and range of the placement hex; the Panther fires as opportunity fire.
TEST(WsrScenarioRules, WSR_B4_PantherAmbush_AsOpportunityFire) {
  SPos p(LoadScen("koeln"), Koeln());
  p.act("first-activation us.cca");
  p.pass_command();
  p.act("select us.m4a1-1");
  p.act("move D-B06");
  ASSERT_EQ(p.top_kind(), kStepHexEntered);
  EXPECT_EQ(p.state->current_seat(), 0);  // the German may fire
  ActionList legal;
  p.state->legal_actions(legal);
  int ambushes = 0;
  for (const Action& a : legal) ambushes += a.verb == kAmbush;
  EXPECT_GT(ambushes, 0);
  EXPECT_NE(p.why("ambush de.panther-2 B-R06 us.m4a1-2").find("did not just enter"),
            std::string::npos);
  p.act("ambush de.panther-2 B-R06 us.m4a1-1");
  ASSERT_EQ(p.top_kind(), kStepFireAttack);
  EXPECT_TRUE(p.logged("WSR 6.2"));
  p.act("roll 4 5 4");
  ASSERT_EQ(p.top_kind(), kStepFireDefence);
  EXPECT_EQ(p.s().top().f, 4);
  // Placed at most once: it is on the map now.
  EXPECT_FALSE(p.s().has(p.unit("de.panther-2"), kOffMap));
}

}  // namespace
}  // namespace feldherr::wsr::testing
