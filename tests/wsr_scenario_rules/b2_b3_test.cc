// WSR-B2 Le Hauderie (first activations before any draw, hq-replacement-any-unit) and WSR-B3
// Vierville (reinforcements by turn through an entry edge, 107's first activation with its marker
// also in the cup, [Rec A-33] marker by turn, no-rivers, dismounted-only).
#include <gtest/gtest.h>

#include "games/wsr/combat.h"
#include "tests/wsr_scenario_rules/scenario_rules_util.h"

namespace feldherr::wsr::testing {
namespace {

// le-hauderie.toml forces: 0 Dauer, 1 107, 2 2/16th, 3 73rd Recon.
std::vector<SetupUnit> LeHauderie() {
  return {
      SU("de.hq-dauer", "B-F08", 0),
      SU("de.panzergrenadiere", "B-F08", 0),
      SU("de.hq-107", "A-G08", 1),
      SU("de.infantry", "A-G08", 1),
      SU("us.hq-2-16", "A-R05", 2),
      SU("us.infantry", "A-R05", 2),
      SU("us.57mm-atg", "A-R04", 2),
      SU("us.hq-73-recon", "B-R05", 3),
      SU("us.mech-infantry", "B-R05", 3, /*mounted=*/true),
  };
}

TEST(WsrScenarioRules, WSR_B2_FirstActivations_2_16ThenReconBeforeAnyDraw) {
  SPos p(LoadScen("le-hauderie"), LeHauderie());
  const int f216 = p.formation("us.2-16"), f73 = p.formation("us.73-recon");
  const int dauer = p.formation("de.dauer"), g107 = p.formation("de.107");
  // Before any draw: 2/16th operates first; neither US marker is in the cup in turn 1.
  p.pass_command();
  ASSERT_EQ(p.top_kind(), kStepOperations);
  EXPECT_EQ(p.s().active_formation(), f216);
  EXPECT_EQ(p.s().cup[static_cast<size_t>(f216)], 0);
  EXPECT_EQ(p.s().cup[static_cast<size_t>(f73)], 0);
  EXPECT_EQ(p.s().cup[static_cast<size_t>(dauer)], 1);
  EXPECT_EQ(p.s().cup[static_cast<size_t>(g107)], 1);
  p.act("end-impulse");
  p.pass_command();
  EXPECT_EQ(p.s().active_formation(), f73);  // then 73rd Recon
  p.act("end-impulse");
  ASSERT_EQ(p.top_kind(), kStepDraw);
  for (const ChanceOutcome& o : p.state->chance_outcomes())
    EXPECT_TRUE(o.action.arg(0) == dauer || o.action.arg(0) == g107 ||
                o.action.arg(0) == kEndTurnMarker);
  // Both count as activated (WSR 3.2.1): the US keeps no end-turn marker in hand in turn 2;
  // the Germans, whose formations were not drawn, withhold one.
  EXPECT_EQ(p.s().activated[static_cast<size_t>(f216)], 1);
  p.acts({"draw end-turn", "draw end-turn"});
  ASSERT_EQ(p.s().turn, 2);
  EXPECT_EQ(p.s().cup[static_cast<size_t>(f216)], 1);  // from turn 2 (marker_turn = 2)
  EXPECT_EQ(p.s().cup[static_cast<size_t>(f73)], 1);
  EXPECT_EQ(p.s().held_end_turn[1], 0);
  EXPECT_EQ(p.s().held_end_turn[0], 1);
}

TEST(WsrScenarioRules, WSR_B2_HqReplacementWithAnyUnitOfItsFormation) {
  auto units = LeHauderie();
  units[4].hex = "";  // the 2/16th HQ is eliminated (not from a force: kGone)
  units[4].force = -1;
  units[4].formation = "us.2-16";
  units[5].counter = "us.81mm-mortar";  // no infantry (the HQ's type, us.infantry) is left
  const auto sc = LoadScen("le-hauderie");
  SPos p(sc, units);
  const int f = p.formation("us.2-16");
  ASSERT_TRUE(p.s().has(p.unit("us.hq-2-16"), kGone));
  std::vector<int> hexes;
  p.s().hq_replacement_candidates(f, hexes);
  EXPECT_EQ(hexes, (std::vector<int>{p.hex("A-R04"), p.hex("A-R05")}));
  // Without the hook only units of the HQ's type qualify: none.
  auto plain = std::make_shared<Scenario>(*sc);
  plain->special_rules.clear();
  SPos q(plain, units);
  q.s().hq_replacement_candidates(f, hexes);
  EXPECT_TRUE(hexes.empty());
}

// vierville.toml forces: 0 507th on the map, 1 507th turn 4 (east edge), 2 107 turn 1 (south
// edge), 3 Beck turn 3 (south edge).
std::vector<SetupUnit> Vierville() {
  std::vector<SetupUnit> u = {
      SU("us.hq-507", "B-Q05", 0),  SU("us.paratroopers", "B-Q05", 0),
      SU("us.paratroopers", "", 1), SU("us.paratroopers", "", 1),
      SU("de.hq-107", "", 2),
  };
  for (int k = 0; k < 6; ++k) u.push_back(SU("de.infantry", "", 2));
  u.push_back(SU("de.hq-beck", "", 3));
  for (int k = 0; k < 3; ++k) u.push_back(SU("de.panzergrenadiere", "", 3));
  return u;
}

TEST(WsrScenarioRules, WSR_B3_107OpensTheGameAndEntersByTheSouthEdge) {
  SPos p(LoadScen("vierville"), Vierville());
  const int g107 = p.formation("de.107");
  // 107 starts the game with an activation; its marker is also in the cup in turn 1.
  ASSERT_EQ(p.top_kind(), kStepOperations);
  EXPECT_EQ(p.s().active_formation(), g107);
  EXPECT_EQ(p.s().cup[static_cast<size_t>(g107)], 1);
  EXPECT_EQ(p.s().cup[static_cast<size_t>(p.formation("de.beck"))], 0);  // [Rec A-33]: from turn 3
  EXPECT_TRUE(p.legal("enter de.hq-107 de.infantry-1 B-K11"));
  EXPECT_NE(p.why("enter de.infantry-1 B-K01").find("not an entry hex"), std::string::npos);
  // The 507th's reinforcements are not 107's, and arrive in turn 4 anyway.
  EXPECT_NE(p.why("enter us.paratroopers-2 B-U05").find("active formation"), std::string::npos);
  // Interchangeable units enter in label order.
  EXPECT_NE(p.why("enter de.infantry-3 B-K11").find("label order"), std::string::npos);
  p.go("enter de.hq-107 de.infantry-1 B-K11");
  const int hq = p.unit("de.hq-107"), inf = p.unit("de.infantry-1");
  EXPECT_EQ(p.s().unit(inf).hex, p.hex("B-K11"));
  EXPECT_EQ(p.s().unit(inf).mp_spent, 1);  // clear hex (G-12 [Rec])
  EXPECT_FALSE(p.s().has(hq, kOutOfCommand));
  p.go("move B-K10");
  p.act("end-move");
  // Woods on the edge cost their terrain cost.
  p.go("enter de.infantry-2 B-I11");
  EXPECT_EQ(p.s().unit(p.unit("de.infantry-2")).mp_spent, 2);
  p.acts({"end-move", "end-impulse"});
  // A reinforcement that did not enter stays available: 107's second activation of turn 1.
  p.act("draw de.107");
  p.pass_command();
  ASSERT_EQ(p.top_kind(), kStepOperations);
  EXPECT_EQ(p.s().activated[static_cast<size_t>(g107)], 2);
  EXPECT_TRUE(p.legal("enter de.infantry-3 B-L12"));
}

TEST(WsrScenarioRules, WSR_B3_BeckMarkerJoinsTheCupInTurn3) {
  SPos p(LoadScen("vierville"), Vierville());
  const int beck = p.formation("de.beck");
  p.acts({"end-impulse", "draw end-turn", "draw end-turn"});
  ASSERT_EQ(p.s().turn, 2);
  EXPECT_EQ(p.s().cup[static_cast<size_t>(beck)], 0);
  EXPECT_EQ(p.s().cup[static_cast<size_t>(p.formation("de.107"))],
            1);          // its units still to enter keep it in play
  p.act("draw us.507");  // the US withheld an end-turn marker (WSR 3.2.1): activate first
  p.pass_command();
  p.acts({"end-impulse", "draw end-turn", "draw end-turn"});
  ASSERT_EQ(p.s().turn, 3);
  EXPECT_EQ(p.s().cup[static_cast<size_t>(beck)], 1);
  p.act("draw de.beck");
  p.pass_command();
  EXPECT_TRUE(p.legal("enter de.hq-beck de.panzergrenadiere-1 B-A11"));
}

TEST(WsrScenarioRules, WSR_B3_NoRivers_RiverHexesUseTheirOtherTerrain) {
  const auto sc = LoadScen("vierville");
  SPos p(sc, Vierville());
  const Data& d = ScenData();
  const HexLayout& L = p.game->layout();
  const int river = L.Index("B-E01"), bridge = L.Index("B-L04"), west = L.Index("B-D01");
  EXPECT_EQ(p.game->terrain(river), d.terrain[Terrain::kRiver].without_rivers);
  EXPECT_EQ(p.game->terrain(bridge), d.terrain[Terrain::kBridge].without_rivers);
  EXPECT_EQ(p.game->step_cost(west, L.DirBetween(west, river), false), 1);
  auto plain = std::make_shared<Scenario>(*sc);
  plain->special_rules.clear();
  SPos q(plain, Vierville());
  EXPECT_EQ(q.game->terrain(river), Terrain::kRiver);
  EXPECT_EQ(q.game->step_cost(west, L.DirBetween(west, river), false), -1);
}

// B3 with Beck's marker in turn 1 and Beck opening the game, so that its Panzergrenadiere act.
std::shared_ptr<Scenario> BeckFirst(std::shared_ptr<Scenario> sc) {
  for (FormationSetup& f : sc->formations)
    if (f.id == "de.beck") f.marker_turn = 1;
  sc->first_activation.formations = {"de.beck"};
  return sc;
}

std::vector<SetupUnit> PzGrenPosition() {
  return {SU("us.hq-507", "B-Q05", 0),  SU("us.paratroopers", "B-M10", 0),
          SU("de.hq-beck", "B-K10", 3), SU("de.panzergrenadiere", "B-K10", 3),
          SU("de.hq-107", "B-A11", 2),  SU("de.infantry", "B-A11", 2)};
}

TEST(WsrScenarioRules, WSR_B3_DismountedOnly_NeverMountsNoPlusNoWreck) {
  const auto sc = BeckFirst(LoadScen("vierville"));
  SPos p(sc, PzGrenPosition());
  const int pg = p.unit("de.panzergrenadiere"), para = p.unit("us.paratroopers");
  p.pass_command();
  ASSERT_EQ(p.s().active_formation(), p.formation("de.beck"));
  EXPECT_FALSE(p.s().has(pg, kMounted));
  p.act("select de.panzergrenadiere");
  EXPECT_NE(p.why("mount de.panzergrenadiere").find("always dismounted (WSR-B3, [Rec A-42])"),
            std::string::npos);
  // [Rec A-42]: no "+" on its firepower: compare with the same position without the hook.
  auto plain = BeckFirst(LoadScen("vierville"));
  plain->special_rules.clear();
  SPos q(plain, PzGrenPosition());
  FireParams with, without;
  ASSERT_TRUE(p.s().fire_params(pg, para, &with, nullptr));
  ASSERT_TRUE(q.s().fire_params(pg, para, &without, nullptr));
  const Face& f = ScenData().FindCounter("de.panzergrenadiere")->face_for(false, false);
  ASSERT_TRUE(f.he.enhanced);
  EXPECT_EQ(with.dice + 1, without.dice);  // the "+" die is gone
  // No wreck when eliminated (a transport counter would otherwise leave one, WSR 6.1.7).
  const int hex = p.s().unit(pg).hex;
  p.s().hit_unit(pg, 3);
  EXPECT_TRUE(p.s().has(pg, kGone));
  EXPECT_FALSE(p.s().has_wreck(hex));
  q.s().hit_unit(pg, 3);
  EXPECT_TRUE(q.s().has_wreck(hex));
}

}  // namespace
}  // namespace feldherr::wsr::testing
