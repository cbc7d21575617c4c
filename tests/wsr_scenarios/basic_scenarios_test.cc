// White Star Rising basic scenarios B1-B4 (WSR 12.2.1-12.2.4): every fact of the scenario
// tables of docs/rules/wsr-scenarios.md checked against the loaded data/wsr/scenarios/*.toml,
// and the scenario test cases (T-B1-n, T-B4-n) where they concern setup data.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "games/wsr/data.h"
#include "games/wsr/scenario.h"
#include "tests/wsr_scenarios/wsr_scenarios_util.h"

namespace feldherr::wsr {
namespace {

using namespace scenario_test;

// Hexes of a zone that are land (neither river, bridge nor sea).
int LandHexes(const Scenario& s, const std::string& zone) {
  int n = 0;
  for (const HexId& h : s.FindZone(zone)->ids) {
    const Terrain t = TheData().sheet(h.sheet).Find(h)->terrain;
    if (t != Terrain::kRiver && t != Terrain::kBridge && t != Terrain::kSea) ++n;
  }
  return n;
}

// The forces of a formation arriving in one way.
std::vector<const Force*> ForcesOf(const Scenario& s, const std::string& formation,
                                   ArrivalKind how) {
  std::vector<const Force*> out;
  for (const Force& f : s.forces) {
    if (f.formation == formation && f.arrival == how) out.push_back(&f);
  }
  return out;
}

const ForceUnit& UnitOf(const Force& f, const std::string& counter) {
  for (const ForceUnit& u : f.units) {
    if (u.counter == counter) return u;
  }
  throw std::runtime_error("no " + counter);
}

using M = std::map<std::string, int>;

// --------------------------------------------------------------------------------------------
// B1 Noville

TEST(WsrScenarioB1, WSR_B1_Noville_HeaderMapAndDuration) {
  const Scenario& s = Get("noville");
  EXPECT_EQ(s.code, "WSR-B1");
  EXPECT_EQ(s.section, "12.2.1");
  EXPECT_EQ(s.type, ScenarioType::kBasic);
  EXPECT_EQ(s.title, "Noville, Belgium");
  EXPECT_EQ(s.date, "1944-12-19");
  ASSERT_EQ(s.slots.size(), 1u);
  EXPECT_EQ(s.slots[0].sheet, 'A');
  EXPECT_EQ(s.slots[0].first_col, 1);
  EXPECT_EQ(s.slots[0].last_col, 21);
  EXPECT_EQ(s.layout.size(), 21 * 12 - 11);  // all of map A
  EXPECT_EQ(s.turns, 8);
  EXPECT_EQ(s.end_turn_markers, 2);
  EXPECT_EQ(s.setup_first, "us");
}

TEST(WsrScenarioB1, WSR_B1_Noville_FatePointsAndNoChaosExceptVariation) {
  const Scenario& s = Get("noville");
  EXPECT_EQ(s.FindSide("de")->fate_points, 1);
  EXPECT_EQ(s.FindSide("us")->fate_points, 4);
  ASSERT_EQ(s.chaos.size(), 1u);
  EXPECT_TRUE(s.chaos[0].variation);
  EXPECT_EQ(s.chaos[0].count, 1);
  EXPECT_EQ(s.chaos[0].turn, 5);
  EXPECT_TRUE(s.first_activation.formations.empty());
}

TEST(WsrScenarioB1, WSR_B1_Noville_FormationsMoraleAndMarkersInCupFromTurn1) {
  const Scenario& s = Get("noville");
  ASSERT_EQ(s.formations.size(), 3u);
  EXPECT_EQ(s.FindFormation("de.beck")->morale, 7);
  EXPECT_EQ(s.FindFormation("us.507")->morale, 8);
  EXPECT_EQ(s.FindFormation("us.cca")->morale, 7);
  for (const FormationSetup& f : s.formations) EXPECT_EQ(f.marker_turn, 1) << f.id;
  EXPECT_EQ(s.SideOf("de.beck"), "de");
  EXPECT_EQ(s.SideOf("us.cca"), "us");
}

TEST(WsrScenarioB1, WSR_B1_Noville_BeckOnMapUnitsSetUpInOrEastOfColumnQ) {
  const Scenario& s = Get("noville");
  const auto forces = ForcesOf(s, "de.beck", ArrivalKind::kSetup);
  ASSERT_EQ(forces.size(), 1u);
  EXPECT_EQ(Units(*forces[0]), (M{{"de.hq-beck", 1},
                                  {"de.panzer-iv", 2},
                                  {"de.panther", 2},
                                  {"de.panzergrenadiere", 3},
                                  {"de.hmg", 1}}));
  EXPECT_EQ(forces[0]->zone, "beck-setup");
  const Zone* z = s.FindZone("beck-setup");
  EXPECT_EQ(z->ids.size(), 57u);  // columns Q-U of map A
  for (const HexId& h : z->ids) EXPECT_GE(h.col, 17) << h.ToString();
  EXPECT_EQ(LandHexes(s, "beck-setup"), 54);  // maps doc 4.2
}

TEST(WsrScenarioB1, WSR_B1_Noville_GermanReinforcementsEnterByBeckSecondElementRoll) {
  const Scenario& s = Get("noville");
  const auto forces = ForcesOf(s, "de.beck", ArrivalKind::kRandom);
  ASSERT_EQ(forces.size(), 1u);
  EXPECT_EQ(
      Units(*forces[0]),
      (M{{"de.shq-beck", 1}, {"de.tiger-i", 1}, {"de.stug-iii", 1}, {"de.panzergrenadiere", 1}}));
  const RandomEntry* re = s.FindRandomEntry(forces[0]->random_entry);
  ASSERT_NE(re, nullptr);
  EXPECT_EQ(re->formation, "de.beck");  // rolled at each Beck activation
  const std::set<std::string> north = {"A-J01", "A-K01", "A-L01"};
  const std::set<std::string> south = {"A-J12", "A-K11", "A-L12"};
  EXPECT_EQ(Ids(s, re->ForRoll(1).zone), north);
  EXPECT_EQ(Ids(s, re->ForRoll(2).zone), north);
  EXPECT_EQ(Ids(s, re->ForRoll(3).zone), south);
  EXPECT_EQ(Ids(s, re->ForRoll(4).zone), south);
  EXPECT_EQ(Ids(s, re->ForRoll(5).zone), (std::set<std::string>{"A-U06"}));
}

// T-B1-1: "Given Beck is activated and the element has not entered, when the die shows 4,
// then the SHQ, Tiger I, StuG III and Panzergrenadiere enter via any of A-J12, A-K11, A-L12."
TEST(WsrScenarioB1, WSR_B1_Noville_Roll4EntersViaJ12K11L12) {
  const Scenario& s = Get("noville");
  const RandomEntry* re = s.FindRandomEntry("beck-second-element");
  const Zone* z = s.FindZone(re->ForRoll(4).zone);
  ASSERT_NE(z, nullptr);
  EXPECT_EQ(z->ids.size(), 3u);
  for (const char* h : {"A-J12", "A-K11", "A-L12"}) {
    EXPECT_TRUE(z->Contains(s.layout.Index(h))) << h;
    EXPECT_TRUE(s.layout.OnEdge(s.layout.Index(h), kEdgeSouth)) << h;
  }
}

// T-B1-2: "Given the die shows 6, then nothing enters and the roll is repeated."
TEST(WsrScenarioB1, WSR_B1_Noville_Roll6NothingEnters) {
  const RandomEntry* re = Get("noville").FindRandomEntry("beck-second-element");
  EXPECT_TRUE(re->ForRoll(6).zone.empty());
}

TEST(WsrScenarioB1, WSR_B1_Noville_507thInWoodsWithin2HexesOfK08) {
  const Scenario& s = Get("noville");
  const auto forces = ForcesOf(s, "us.507", ArrivalKind::kSetup);
  ASSERT_EQ(forces.size(), 1u);
  EXPECT_EQ(Units(*forces[0]), (M{{"us.hq-507", 1},
                                  {"us.paratroopers", 2},
                                  {"us.60mm-mortar", 1},
                                  {"us.bazooka", 1},
                                  {"us.m18", 1},
                                  {"us.57mm-atg", 1}}));
  EXPECT_TRUE(UnitOf(*forces[0], "us.m18").attached);
  EXPECT_TRUE(UnitOf(*forces[0], "us.57mm-atg").attached);
  EXPECT_FALSE(UnitOf(*forces[0], "us.paratroopers").attached);
  // Maps doc 4.2: the 9 woods hexes within 2 of A-K08.
  EXPECT_EQ(Ids(s, forces[0]->zone),
            (std::set<std::string>{"A-I09", "A-J09", "A-J10", "A-K08", "A-K09", "A-K10", "A-L09",
                                   "A-L10", "A-M09"}));
}

TEST(WsrScenarioB1, WSR_B1_Noville_CcaInOrWestOfColumnM) {
  const Scenario& s = Get("noville");
  const auto forces = ForcesOf(s, "us.cca", ArrivalKind::kSetup);
  ASSERT_EQ(forces.size(), 1u);
  EXPECT_EQ(Units(*forces[0]), (M{{"us.hq-cca", 1},
                                  {"us.m4a3e8", 1},
                                  {"us.m4a1", 2},
                                  {"us.mech-infantry", 2},
                                  {"us.m5a1", 1},
                                  {"us.hmg", 1},
                                  {"us.81mm-mortar", 1}}));
  EXPECT_TRUE(UnitOf(*forces[0], "us.81mm-mortar").attached);
  const Zone* z = s.FindZone(forces[0]->zone);
  EXPECT_EQ(z->ids.size(), 149u);  // maps doc 4.2
  for (const HexId& h : z->ids) EXPECT_LE(h.col, 13) << h.ToString();
  for (const char* h : {"A-G08", "A-H08", "A-G09", "A-H09"})
    EXPECT_TRUE(z->Contains(s.layout.Index(h)));
}

TEST(WsrScenarioB1, WSR_B1_Noville_GermanWinsByControllingAllOfSteJeanne) {
  const Scenario& s = Get("noville");
  EXPECT_EQ(s.victory.side, "de");
  EXPECT_EQ(s.victory.otherwise, "us");
  EXPECT_EQ(s.victory.when, "game-end");
  EXPECT_EQ(s.victory.condition.kind, ConditionKind::kControlAll);
  EXPECT_EQ(Ids(s, s.victory.condition.zone),
            (std::set<std::string>{"A-G08", "A-H08", "A-G09", "A-H09"}));
}

TEST(WsrScenarioB1, WSR_B1_Noville_M18FireAndMoveRule) {
  const SpecialRule* r = Get("noville").FindRule("m18-fire-and-move");
  ASSERT_NE(r, nullptr);
  EXPECT_EQ(r->Str("counter"), "us.m18");
  EXPECT_EQ(r->Int("mp", 0), 3);
  EXPECT_EQ(r->Int("to_hit", 0), 1);
  EXPECT_EQ(Get("noville").special_rules.size(), 1u);
}

TEST(WsrScenarioB1, WSR_B1_Noville_TotalsPerSide) {
  const Scenario& s = Get("noville");
  EXPECT_EQ(s.CountUnits("de", "de.panzergrenadiere"), 4);
  EXPECT_EQ(s.CountUnits("de", "de.panzergrenadiere", ArrivalKind::kSetup), 3);
  EXPECT_EQ(s.CountUnits("us", "us.hmg"), 1);
  int de = 0, us = 0;
  for (const Force* f : s.ForcesOf("de")) de += f->Total();
  for (const Force* f : s.ForcesOf("us")) us += f->Total();
  EXPECT_EQ(de, 9 + 4);
  EXPECT_EQ(us, 7 + 9);
}

// --------------------------------------------------------------------------------------------
// B2 Le Hauderie

TEST(WsrScenarioB2, WSR_B2_LeHauderie_HeaderMapsBNorthOfA) {
  const Scenario& s = Get("le-hauderie");
  EXPECT_EQ(s.code, "WSR-B2");
  EXPECT_EQ(s.date, "1944-06-12");
  EXPECT_EQ(s.turns, 8);
  EXPECT_EQ(s.end_turn_markers, 2);
  EXPECT_EQ(s.setup_first, "de");
  ASSERT_EQ(s.slots.size(), 2u);
  EXPECT_EQ(s.slots[0].sheet, 'B');
  EXPECT_EQ(s.slots[0].y, 0);
  EXPECT_EQ(s.slots[1].sheet, 'A');
  EXPECT_EQ(s.slots[1].y, 1);
  // Maps doc 1.6: B-K11 is adjacent to A-K01.
  EXPECT_TRUE(s.layout.Adjacent(s.layout.Index("B-K11"), s.layout.Index("A-K01")));
  EXPECT_TRUE(s.chaos.empty());
  EXPECT_EQ(s.FindSide("de")->fate_points, 0);
  EXPECT_EQ(s.FindSide("us")->fate_points, 2);
}

TEST(WsrScenarioB2, WSR_B2_LeHauderie_DauerWithin2HexesOfKleinestad) {
  const Scenario& s = Get("le-hauderie");
  EXPECT_EQ(s.FindFormation("de.dauer")->morale, 8);
  const auto f = ForcesOf(s, "de.dauer", ArrivalKind::kSetup);
  ASSERT_EQ(f.size(), 1u);
  EXPECT_EQ(Units(*f[0]),
            (M{{"de.hq-dauer", 1}, {"de.panzergrenadiere", 4}, {"de.75mm-atg", 1}, {"de.hmg", 1}}));
  const Zone* z = s.FindZone(f[0]->zone);
  EXPECT_EQ(z->ids.size(), 30u);  // maps doc 4.2
  const int g08 = s.layout.Index("B-G08");
  for (int i : z->hexes) EXPECT_LE(s.layout.Distance(i, g08), 3);
}

TEST(WsrScenarioB2, WSR_B2_LeHauderie_107Within2HexesOfSteJeanne) {
  const Scenario& s = Get("le-hauderie");
  EXPECT_EQ(s.FindFormation("de.107")->morale, 7);
  const auto f = ForcesOf(s, "de.107", ArrivalKind::kSetup);
  ASSERT_EQ(f.size(), 1u);
  EXPECT_EQ(Units(*f[0]), (M{{"de.hq-107", 1},
                             {"de.infantry", 4},
                             {"de.engineers", 1},
                             {"de.81mm-mortar", 1},
                             {"de.hmg", 1}}));
  EXPECT_TRUE(UnitOf(*f[0], "de.engineers").attached);
  EXPECT_TRUE(UnitOf(*f[0], "de.81mm-mortar").attached);
  const Zone* z = s.FindZone(f[0]->zone);
  EXPECT_EQ(z->ids.size(), 30u);
  for (const HexId& h : z->ids) EXPECT_EQ(h.sheet, 'A') << h.ToString();
}

TEST(WsrScenarioB2, WSR_B2_LeHauderie_216thWithin1HexOfR05) {
  const Scenario& s = Get("le-hauderie");
  EXPECT_EQ(s.FindFormation("us.2-16")->morale, 6);
  const auto f = ForcesOf(s, "us.2-16", ArrivalKind::kSetup);
  ASSERT_EQ(f.size(), 1u);
  EXPECT_EQ(Units(*f[0]), (M{{"us.hq-2-16", 1},
                             {"us.infantry", 9},
                             {"us.57mm-atg", 1},
                             {"us.81mm-mortar", 1},
                             {"us.hmg", 1}}));
  EXPECT_EQ(Ids(s, f[0]->zone),
            (std::set<std::string>{"A-R05", "A-Q04", "A-Q05", "A-R04", "A-R06", "A-S04", "A-S05"}));
}

TEST(WsrScenarioB2, WSR_B2_LeHauderie_73rdReconInCityHexesOfVslfEastOfTheVire) {
  const Scenario& s = Get("le-hauderie");
  EXPECT_EQ(s.FindFormation("us.73-recon")->morale, 7);
  const auto f = ForcesOf(s, "us.73-recon", ArrivalKind::kSetup);
  ASSERT_EQ(f.size(), 1u);
  EXPECT_EQ(Units(*f[0]),
            (M{{"us.hq-73-recon", 1}, {"us.mech-infantry", 3}, {"us.m8", 1}, {"us.hmg", 1}}));
  EXPECT_EQ(Ids(s, f[0]->zone),
            (std::set<std::string>{"B-Q04", "B-Q05", "B-Q06", "B-R04", "B-R05", "B-R06"}));
}

TEST(WsrScenarioB2, WSR_B2_LeHauderie_UsFormationsActivateFirstMarkersFromTurn2) {
  const Scenario& s = Get("le-hauderie");
  EXPECT_EQ(s.first_activation.formations, (std::vector<std::string>{"us.2-16", "us.73-recon"}));
  EXPECT_FALSE(s.first_activation.optional);
  EXPECT_EQ(s.FindFormation("us.2-16")->marker_turn, 2);
  EXPECT_EQ(s.FindFormation("us.73-recon")->marker_turn, 2);
  EXPECT_EQ(s.FindFormation("de.dauer")->marker_turn, 1);
  EXPECT_EQ(s.FindFormation("de.107")->marker_turn, 1);
}

TEST(WsrScenarioB2, WSR_B2_LeHauderie_UsWinsWithSteJeanneOrKleinestad) {
  const Scenario& s = Get("le-hauderie");
  EXPECT_EQ(s.victory.side, "us");
  EXPECT_EQ(s.victory.otherwise, "de");
  const Condition& c = s.victory.condition;
  ASSERT_EQ(c.kind, ConditionKind::kAny);
  ASSERT_EQ(c.children.size(), 2u);
  EXPECT_EQ(c.children[0].kind, ConditionKind::kControlAll);
  EXPECT_EQ(Ids(s, c.children[0].zone),
            (std::set<std::string>{"A-G08", "A-H08", "A-G09", "A-H09"}));
  EXPECT_EQ(c.children[1].kind, ConditionKind::kControlAll);
  EXPECT_EQ(Ids(s, c.children[1].zone),
            (std::set<std::string>{"B-F08", "B-F09", "B-G08", "B-G09"}));
  EXPECT_NE(s.FindRule("hq-replacement-any-unit"), nullptr);
}

// --------------------------------------------------------------------------------------------
// B3 Vierville

TEST(WsrScenarioB3, WSR_B3_Vierville_HeaderMapBNineTurns) {
  const Scenario& s = Get("vierville");
  EXPECT_EQ(s.code, "WSR-B3");
  EXPECT_EQ(s.date, "1944-06-07");
  ASSERT_EQ(s.slots.size(), 1u);
  EXPECT_EQ(s.slots[0].sheet, 'B');
  EXPECT_EQ(s.turns, 9);
  EXPECT_EQ(s.end_turn_markers, 2);
  EXPECT_EQ(s.setup_first, "us");
  EXPECT_EQ(s.FindSide("de")->fate_points, 0);
  EXPECT_EQ(s.FindSide("us")->fate_points, 0);
  EXPECT_TRUE(s.chaos.empty());
}

TEST(WsrScenarioB3, WSR_B3_Vierville_107EntersOnTurn1FromTheSouthEdge) {
  const Scenario& s = Get("vierville");
  const auto f = ForcesOf(s, "de.107", ArrivalKind::kTurn);
  ASSERT_EQ(f.size(), 1u);
  EXPECT_EQ(f[0]->turn, 1);
  EXPECT_EQ(Units(*f[0]), (M{{"de.hq-107", 1}, {"de.infantry", 6}, {"de.hmg", 1}}));
  const Zone* z = s.FindZone(f[0]->zone);
  EXPECT_EQ(z->ids.size(), 21u);  // maps doc 4.2
  for (const HexId& h : z->ids) EXPECT_EQ(h.row, h.col % 2 == 1 ? 11 : 12) << h.ToString();
  EXPECT_TRUE(ForcesOf(s, "de.107", ArrivalKind::kSetup).empty());
}

TEST(WsrScenarioB3, WSR_B3_Vierville_GermanReinforcementsEnterOnTurn3) {
  const Scenario& s = Get("vierville");
  const auto f = ForcesOf(s, "de.beck", ArrivalKind::kTurn);
  ASSERT_EQ(f.size(), 1u);
  EXPECT_EQ(f[0]->turn, 3);
  EXPECT_EQ(f[0]->zone, "south-edge");
  EXPECT_EQ(Units(*f[0]), (M{{"de.hq-beck", 1}, {"de.panzergrenadiere", 3}, {"de.hmg", 2}}));
  EXPECT_FALSE(UnitOf(*f[0], "de.panzergrenadiere").mounted);
  EXPECT_EQ(s.FindFormation("de.beck")->marker_turn, 3);
}

TEST(WsrScenarioB3, WSR_B3_Vierville_507thSetsUpInVslfReinforcedOnTurn4FromTheEast) {
  const Scenario& s = Get("vierville");
  const auto setup = ForcesOf(s, "us.507", ArrivalKind::kSetup);
  ASSERT_EQ(setup.size(), 1u);
  EXPECT_EQ(Units(*setup[0]), (M{{"us.hq-507", 1}, {"us.paratroopers", 4}, {"us.hmg", 1}}));
  EXPECT_EQ(s.FindZone(setup[0]->zone)->ids.size(), 14u);
  const auto later = ForcesOf(s, "us.507", ArrivalKind::kTurn);
  ASSERT_EQ(later.size(), 1u);
  EXPECT_EQ(later[0]->turn, 4);
  EXPECT_EQ(Units(*later[0]), (M{{"us.paratroopers", 2}}));
  const Zone* east = s.FindZone(later[0]->zone);
  EXPECT_EQ(east->ids.size(), 11u);
  for (const HexId& h : east->ids) EXPECT_EQ(h.col, 21) << h.ToString();
}

TEST(WsrScenarioB3, WSR_B3_Vierville_107HasFirstActivationAndMarkerInCup) {
  const Scenario& s = Get("vierville");
  EXPECT_EQ(s.first_activation.formations, (std::vector<std::string>{"de.107"}));
  EXPECT_FALSE(s.first_activation.optional);
  EXPECT_FALSE(s.first_activation.delays_marker);
  EXPECT_EQ(s.FindFormation("de.107")->marker_turn, 1);  // may activate twice in turn 1
}

TEST(WsrScenarioB3, WSR_B3_Vierville_GermanWinsByControllingAllOfVslf) {
  const Scenario& s = Get("vierville");
  EXPECT_EQ(s.victory.side, "de");
  EXPECT_EQ(s.victory.otherwise, "us");
  EXPECT_EQ(s.victory.condition.kind, ConditionKind::kControlAll);
  EXPECT_EQ(s.FindZone(s.victory.condition.zone)->ids.size(), 14u);
  EXPECT_NE(s.FindRule("no-rivers"), nullptr);
  const SpecialRule* r = s.FindRule("dismounted-only");
  ASSERT_NE(r, nullptr);
  EXPECT_EQ(r->Str("counter"), "de.panzergrenadiere");
}

// --------------------------------------------------------------------------------------------
// B4 Koeln

TEST(WsrScenarioB4, WSR_B4_Koeln_HeaderMapsDEastOfB) {
  const Scenario& s = Get("koeln");
  EXPECT_EQ(s.code, "WSR-B4");
  EXPECT_EQ(s.date, "1945-03-06");
  EXPECT_EQ(s.turns, 8);
  EXPECT_EQ(s.end_turn_markers, 2);
  EXPECT_EQ(s.setup_first, "de");
  ASSERT_EQ(s.slots.size(), 2u);
  EXPECT_EQ(s.slots[1].sheet, 'D');
  EXPECT_EQ(s.slots[1].x, 1);
  EXPECT_EQ(s.layout.Index("B-U06"), s.layout.Index("D-A06"));  // the seam road
  EXPECT_EQ(s.FindSide("de")->fate_points, 2);
  EXPECT_EQ(s.FindSide("us")->fate_points, 4);
  EXPECT_TRUE(s.chaos.empty());
}

TEST(WsrScenarioB4, WSR_B4_Koeln_BeckSetsUpInVslfWithOneUnitInColumnNOrO) {
  const Scenario& s = Get("koeln");
  const auto f = ForcesOf(s, "de.beck", ArrivalKind::kSetup);
  ASSERT_EQ(f.size(), 1u);
  EXPECT_EQ(Units(*f[0]),
            (M{{"de.hq-beck", 1}, {"de.panther", 1}, {"de.infantry", 3}, {"de.panzerschreck", 1}}));
  EXPECT_EQ(UnitOf(*f[0], "de.infantry").from, "de.107");
  EXPECT_TRUE(UnitOf(*f[0], "de.infantry").attached);
  EXPECT_EQ(s.FindZone(f[0]->zone)->ids.size(), 14u);
  ASSERT_EQ(s.setup_requirements.size(), 1u);
  EXPECT_EQ(s.setup_requirements[0].side, "de");
  EXPECT_EQ(s.setup_requirements[0].count, 1);
  EXPECT_EQ(Ids(s, s.setup_requirements[0].zone),
            (std::set<std::string>{"B-N05", "B-N06", "B-N07", "B-O05", "B-O06", "B-O07"}));
}

TEST(WsrScenarioB4, WSR_B4_Koeln_ReducedPantherEntersByAmbush) {
  const Scenario& s = Get("koeln");
  const auto f = ForcesOf(s, "de.beck", ArrivalKind::kSpecial);
  ASSERT_EQ(f.size(), 1u);
  EXPECT_EQ(Units(*f[0]), (M{{"de.panther", 1}}));
  EXPECT_TRUE(UnitOf(*f[0], "de.panther").reduced);
  EXPECT_EQ(f[0]->rule, "panther-ambush");
  const SpecialRule* r = s.FindRule("panther-ambush");
  ASSERT_NE(r, nullptr);
  // T-B4-1: the first attack adds 1 hit (3 rolled hits become 4).
  EXPECT_EQ(r->Int("extra_hits", 0), 1);
  EXPECT_EQ(r->Str("formation"), "de.beck");
  EXPECT_EQ(s.FindZone(r->Str("zone"))->ids.size(), 14u);  // any city hex of VSLF
}

TEST(WsrScenarioB4, WSR_B4_Koeln_CcaSetsUpInColumnsCToUOfMapD) {
  const Scenario& s = Get("koeln");
  const auto f = ForcesOf(s, "us.cca", ArrivalKind::kSetup);
  ASSERT_EQ(f.size(), 1u);
  EXPECT_EQ(
      Units(*f[0]),
      (M{{"us.hq-cca", 1}, {"us.m4a1", 2}, {"us.m4a3e8", 2}, {"us.m26", 1}, {"us.infantry", 4}}));
  EXPECT_TRUE(UnitOf(*f[0], "us.m26").attached);
  EXPECT_TRUE(UnitOf(*f[0], "us.infantry").attached);
  EXPECT_EQ(LandHexes(s, f[0]->zone), 202);  // maps doc 4.2
  // 2 hexes from map B at the nearest.
  int nearest = 99;
  for (int i : s.FindZone(f[0]->zone)->hexes) {
    for (int j = 0; j < s.layout.size(); ++j) {
      if (s.layout.id(j).sheet == 'B') nearest = std::min(nearest, s.layout.Distance(i, j));
    }
  }
  EXPECT_EQ(nearest, 2);
}

TEST(WsrScenarioB4, WSR_B4_Koeln_CcaMayOpenTheGameDelayingItsMarker) {
  const Scenario& s = Get("koeln");
  EXPECT_EQ(s.first_activation.formations, (std::vector<std::string>{"us.cca"}));
  EXPECT_TRUE(s.first_activation.optional);
  EXPECT_TRUE(s.first_activation.delays_marker);
  EXPECT_EQ(s.FindFormation("us.cca")->marker_turn, 1);  // if the opening is declined
}

TEST(WsrScenarioB4, WSR_B4_Koeln_UsWinsWithCathedralAndAUnitInColumnNOrO) {
  const Scenario& s = Get("koeln");
  EXPECT_EQ(s.victory.side, "us");
  EXPECT_EQ(s.victory.otherwise, "de");
  const Condition& c = s.victory.condition;
  ASSERT_EQ(c.kind, ConditionKind::kAll);
  ASSERT_EQ(c.children.size(), 2u);
  EXPECT_EQ(c.children[0].kind, ConditionKind::kControlAll);
  EXPECT_EQ(Ids(s, c.children[0].zone), (std::set<std::string>{"B-Q04"}));
  EXPECT_EQ(c.children[1].kind, ConditionKind::kOccupy);
  EXPECT_EQ(c.children[1].count, 1);
  EXPECT_EQ(Ids(s, c.children[1].zone),
            (std::set<std::string>{"B-N05", "B-N06", "B-N07", "B-O05", "B-O06", "B-O07"}));
}

TEST(WsrScenarioB4, WSR_B4_Koeln_RubbleAndHqRules) {
  const Scenario& s = Get("koeln");
  const SpecialRule* r = s.FindRule("rubble");
  ASSERT_NE(r, nullptr);
  EXPECT_EQ(r->Str("terrain"), "city");
  EXPECT_EQ(r->Int("move_soft", 0), 2);
  EXPECT_EQ(r->Int("move_hard", 0), 3);
  EXPECT_EQ(r->Int("road_reduction", 0), 1);
  EXPECT_EQ(r->Int("defence", 0), 2);
  const SpecialRule* hq = s.FindRule("hq-on-counter");
  ASSERT_NE(hq, nullptr);
  EXPECT_EQ(hq->Str("counter"), "de.panther");
}

}  // namespace
}  // namespace feldherr::wsr
