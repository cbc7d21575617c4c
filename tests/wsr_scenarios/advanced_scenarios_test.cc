// White Star Rising advanced scenarios A1-A3 (WSR 12.2.5-12.2.7): the facts of the scenario
// tables of docs/rules/wsr-scenarios.md checked against
// data/wsr/scenarios/{chaumont,bastogne,carentan}.toml.
#include <gtest/gtest.h>

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

const Force& OnlyForce(const Scenario& s, const std::string& formation, ArrivalKind how) {
  const Force* found = nullptr;
  for (const Force& f : s.forces) {
    if (f.formation == formation && f.arrival == how) {
      EXPECT_EQ(found, nullptr) << "two forces of " << formation;
      found = &f;
    }
  }
  if (found == nullptr) throw std::runtime_error("no force of " + formation);
  return *found;
}

using M = std::map<std::string, int>;

// --- A1 Chaumont ----------------------------------------------------------------------------

TEST(WsrScenarioA1, WSR_A1_Chaumont_MapAColumnsAToKOnly) {
  const Scenario& s = Get("chaumont");
  EXPECT_EQ(s.type, ScenarioType::kAdvanced);
  EXPECT_EQ(s.turns, 9);
  EXPECT_EQ(s.setup_first, "de");
  ASSERT_EQ(s.slots.size(), 1u);
  EXPECT_EQ(s.slots[0].first_col, 1);
  EXPECT_EQ(s.slots[0].last_col, 11);
  EXPECT_EQ(s.layout.Find(HexId::Parse("A-L05")), HexLayout::kNone);
  ASSERT_EQ(s.chaos.size(), 1u);
  EXPECT_FALSE(s.chaos[0].variation);
  EXPECT_EQ(s.chaos[0].turn, 5);
}

TEST(WsrScenarioA1, WSR_A1_Chaumont_SupportArtilleryAndP47) {
  const Scenario& s = Get("chaumont");
  const Side* de = s.FindSide("de");
  ASSERT_EQ(de->artillery_he.size(), 1u);
  EXPECT_EQ(de->artillery_he[0].strikes, 1);
  EXPECT_EQ(de->artillery_he[0].fp, 4);
  EXPECT_EQ(de->artillery_he[0].to_hit, 4);
  const Side* us = s.FindSide("us");
  ASSERT_EQ(us->artillery_he.size(), 1u);
  EXPECT_EQ(us->artillery_he[0].strikes, 2);
  EXPECT_EQ(us->artillery_he[0].to_hit, 3);
  ASSERT_EQ(us->air.size(), 1u);
  EXPECT_EQ(us->air[0].counter, "us.p-47");
  EXPECT_EQ(us->air[0].turn, 1);
  EXPECT_EQ(de->fate_points + us->fate_points, 0);
}

TEST(WsrScenarioA1, WSR_A1_Chaumont_ForcesAndEntries) {
  const Scenario& s = Get("chaumont");
  const Force& fj = OnlyForce(s, "de.fj-3", ArrivalKind::kSetup);
  EXPECT_EQ(Units(fj), (M{{"de.hq-fj-3", 1}, {"de.paratroopers", 5}, {"de.75mm-atg", 1}}));
  for (int i : s.FindZone(fj.zone)->hexes) {
    EXPECT_LE(s.layout.Distance(i, s.layout.Index("A-E05")), 3);
  }
  const Force& pz = OnlyForce(s, "de.pz-172-44", ArrivalKind::kTurn);
  EXPECT_EQ(pz.turn, 1);
  EXPECT_EQ(Units(pz), (M{{"de.hq-pz-172-44", 1}, {"de.panzer-iv", 5}}));
  EXPECT_EQ(Ids(s, pz.zone), (std::set<std::string>{"A-K01"}));
  const Force& a451 = OnlyForce(s, "us.4-51", ArrivalKind::kTurn);
  EXPECT_EQ(Units(a451), (M{{"us.hq-4-51", 1}, {"us.m4a1", 4}, {"us.m4a3e8", 2}}));
  EXPECT_EQ(Ids(s, a451.zone), (std::set<std::string>{"A-A06", "A-A11"}));
  const Force& cca = OnlyForce(s, "us.cca", ArrivalKind::kTurn);
  EXPECT_EQ(Units(cca),
            (M{{"us.hq-cca", 1}, {"us.m4a1", 5}, {"us.m4a3e8", 2}, {"us.mech-infantry", 5}}));
  EXPECT_EQ(cca.zone, a451.zone);
}

TEST(WsrScenarioA1, WSR_A1_Chaumont_UsNeedsBothTownsAndFourExits) {
  const Scenario& s = Get("chaumont");
  EXPECT_EQ(s.victory.side, "us");
  const Condition& c = s.victory.condition;
  ASSERT_EQ(c.kind, ConditionKind::kAll);
  ASSERT_EQ(c.children.size(), 3u);
  EXPECT_EQ(c.children[0].kind, ConditionKind::kControlAll);
  EXPECT_EQ(c.children[1].kind, ConditionKind::kControlAll);
  EXPECT_EQ(Ids(s, c.children[1].zone),
            (std::set<std::string>{"A-F05", "A-F06", "A-G04", "A-G05"}));
  EXPECT_EQ(c.children[2].kind, ConditionKind::kExit);
  EXPECT_EQ(c.children[2].count, 4);
  EXPECT_FALSE(c.children[2].count_hq);  // HQs do not count as exited units
  EXPECT_EQ(Ids(s, c.children[2].zone), (std::set<std::string>{"A-K01"}));
}

// --- A2 Bastogne ----------------------------------------------------------------------------

TEST(WsrScenarioA2, WSR_A2_Bastogne_BeckEntersEastOpensTheGameActivatesOnceInTurn1) {
  const Scenario& s = Get("bastogne");
  EXPECT_EQ(s.turns, 10);
  EXPECT_EQ(s.setup_first, "us");
  const Force& beck = OnlyForce(s, "de.beck", ArrivalKind::kTurn);
  EXPECT_EQ(beck.turn, 1);
  EXPECT_EQ(Units(beck), (M{{"de.hq-beck", 1},
                            {"de.tiger-i", 1},
                            {"de.panzer-iv", 1},
                            {"de.panzergrenadiere", 5},
                            {"de.hmg", 1},
                            {"de.81mm-mortar", 1}}));
  const Zone* east = s.FindZone(beck.zone);
  EXPECT_EQ(east->ids.size(), 11u);
  for (const HexId& h : east->ids) EXPECT_EQ(h.col, 21);
  EXPECT_EQ(s.first_activation.formations, (std::vector<std::string>{"de.beck"}));
  EXPECT_EQ(s.FindFormation("de.beck")->marker_turn, 2);
  ASSERT_EQ(s.FindSide("de")->artillery_he.size(), 1u);
  EXPECT_EQ(s.FindSide("de")->artillery_he[0].strikes, 3);
}

TEST(WsrScenarioA2, WSR_A2_Bastogne_507thInColumnsKToMWithFourImprovedPositions) {
  const Scenario& s = Get("bastogne");
  const Force& f = OnlyForce(s, "us.507", ArrivalKind::kSetup);
  EXPECT_EQ(Units(f), (M{{"us.hq-507", 1},
                         {"us.paratroopers", 6},
                         {"us.60mm-mortar", 1},
                         {"us.hmg", 2},
                         {"us.57mm-atg", 1}}));
  const Zone* z = s.FindZone(f.zone);
  EXPECT_EQ(z->ids.size(), 11u + 12u + 11u);
  EXPECT_EQ(s.FindSide("us")->improved_positions, 4);
  EXPECT_NE(s.FindRule("no-hills"), nullptr);
  EXPECT_NE(s.FindRule("no-rivers"), nullptr);
}

TEST(WsrScenarioA2, WSR_A2_Bastogne_GermanExitsThreeAndEliminatesThree) {
  const Scenario& s = Get("bastogne");
  EXPECT_EQ(s.victory.side, "de");
  const Condition& c = s.victory.condition;
  ASSERT_EQ(c.kind, ConditionKind::kAll);
  ASSERT_EQ(c.children.size(), 2u);
  EXPECT_EQ(c.children[0].kind, ConditionKind::kExit);
  EXPECT_EQ(c.children[0].count, 3);
  EXPECT_TRUE(c.children[0].count_hq);  // the HQ does count
  for (const HexId& h : s.FindZone(c.children[0].zone)->ids) EXPECT_EQ(h.col, 1);
  EXPECT_EQ(c.children[1].kind, ConditionKind::kEliminate);
  EXPECT_EQ(c.children[1].count, 3);
}

// --- A3 Carentan ----------------------------------------------------------------------------

TEST(WsrScenarioA3, WSR_A3_Carentan_DauerReinforcementsOnTurn3AlwaysInCommand) {
  const Scenario& s = Get("carentan");
  EXPECT_EQ(s.turns, 10);
  const Force& on = OnlyForce(s, "de.dauer", ArrivalKind::kSetup);
  EXPECT_EQ(Units(on), (M{{"de.hq-dauer", 1},
                          {"de.panzergrenadiere", 3},
                          {"de.stug-iii", 1},
                          {"de.hmg", 1},
                          {"de.panzerschreck", 1}}));
  EXPECT_EQ(s.FindZone(on.zone)->ids.size(), 14u);  // maps doc 4.2
  const Force& later = OnlyForce(s, "de.dauer", ArrivalKind::kTurn);
  EXPECT_EQ(later.turn, 3);
  EXPECT_TRUE(later.always_in_command);
  EXPECT_FALSE(on.always_in_command);
  EXPECT_EQ(Units(later), (M{{"de.panzergrenadiere", 1}, {"de.panther", 1}}));
  EXPECT_EQ(Ids(s, later.zone), (std::set<std::string>{"B-A09"}));
}

TEST(WsrScenarioA3, WSR_A3_Carentan_507thAroundSteJeanneAndCelles) {
  const Scenario& s = Get("carentan");
  const Force& f = OnlyForce(s, "us.507", ArrivalKind::kSetup);
  EXPECT_EQ(Units(f), (M{{"us.hq-507", 1},
                         {"us.paratroopers", 8},
                         {"us.60mm-mortar", 1},
                         {"us.hmg", 1},
                         {"us.bazooka", 1},
                         {"us.57mm-atg", 1}}));
  const Zone* z = s.FindZone(f.zone);
  for (const char* h : {"A-G08", "A-H09", "A-N07", "A-O08", "A-F08", "A-P07"}) {
    EXPECT_TRUE(z->Contains(s.layout.Index(h))) << h;
  }
  EXPECT_FALSE(z->Contains(s.layout.Index("A-K05")));
  const Force& fj = OnlyForce(s, "de.fj-3", ArrivalKind::kSetup);
  EXPECT_EQ(
      Units(fj),
      (M{{"de.hq-fj-3", 1}, {"de.paratroopers", 4}, {"de.panzerschreck", 1}, {"de.75mm-atg", 1}}));
  const Force& cca = OnlyForce(s, "us.cca", ArrivalKind::kTurn);
  EXPECT_EQ(cca.turn, 1);
  EXPECT_EQ(Ids(s, cca.zone), (std::set<std::string>{"A-U06"}));
  EXPECT_EQ(Units(cca), (M{{"us.hq-cca", 1}, {"us.m4a1", 2}, {"us.m4a3e8", 1}}));
}

TEST(WsrScenarioA3, WSR_A3_Carentan_UsNeedsTenHexesOfVslf) {
  const Scenario& s = Get("carentan");
  EXPECT_EQ(s.victory.side, "us");
  EXPECT_EQ(s.victory.condition.kind, ConditionKind::kControlCount);
  EXPECT_EQ(s.victory.condition.count, 10);
  EXPECT_EQ(s.FindZone(s.victory.condition.zone)->ids.size(), 14u);
  EXPECT_EQ(s.FindSide("us")->artillery_he.size(), 2u);
  EXPECT_EQ(s.FindRule("dismounted-only")->Str("formation"), "de.dauer");
}

// --- A6 Elsenborn ---------------------------------------------------------------------------

TEST(WsrScenarioA6, WSR_A6_Elsenborn_SetupZonesOnCMoreThan3HexesFromA) {
  const Scenario& s = Get("elsenborn");
  EXPECT_EQ(s.setup_first, "us");
  EXPECT_EQ(s.layout.Index("A-U06"), s.layout.Index("C-A06"));
  const Force& dauer = OnlyForce(s, "de.dauer", ArrivalKind::kSetup);
  EXPECT_EQ(dauer.Total(), 1 + 1 + 4 + 1 + 4 + 1 + 1 + 1 + 1 + 1);
  EXPECT_EQ(dauer.CountOf("de.panther"), 4);
  EXPECT_EQ(dauer.CountOf("de.koenigstiger"), 1);
  for (const char* zone : {"dauer-setup", "107-setup"}) {
    for (int i : s.FindZone(zone)->hexes) {
      for (int j = 0; j < s.layout.size(); ++j) {
        bool on_a = false;
        for (const HexId& h : s.layout.Aliases(j)) on_a |= h.sheet == 'A';
        if (on_a) {
          EXPECT_GE(s.layout.Distance(i, j), 4) << zone;
        }
      }
    }
  }
  for (const HexId& h : s.FindZone("dauer-setup")->ids) EXPECT_GE(h.row, 6);
  for (const HexId& h : s.FindZone("107-setup")->ids) EXPECT_LE(h.row, 6);
  EXPECT_EQ(s.FindZone("red-line")->ids.size(), 41u);
  EXPECT_EQ(s.FindFormation("de.dauer")->marker_turn, 2);
  EXPECT_EQ(s.first_activation.formations, (std::vector<std::string>{"de.dauer"}));
  const Force& cca = OnlyForce(s, "us.cca", ArrivalKind::kSetup);
  EXPECT_EQ(cca.CountOf("us.shq-cca"), 1);
  EXPECT_EQ(cca.Total(), 1 + 1 + 5 + 2 + 2 + 5 + 1 + 1 + 1 + 2 + 1 + 1);
}

TEST(WsrScenarioA6, WSR_A6_Elsenborn_GermanTwoOfThreeTownsWinsOneDraws) {
  const Scenario& s = Get("elsenborn");
  const Victory& v = s.victory;
  ASSERT_EQ(v.outcomes.size(), 2u);
  EXPECT_EQ(v.outcomes[0].result, "de");
  EXPECT_EQ(v.outcomes[0].condition.kind, ConditionKind::kAtLeast);
  EXPECT_EQ(v.outcomes[0].condition.count, 2);
  EXPECT_EQ(v.outcomes[0].condition.children.size(), 3u);
  EXPECT_EQ(v.outcomes[1].result, "draw");
  EXPECT_EQ(v.outcomes[1].side, "de");
  EXPECT_EQ(v.outcomes[1].condition.count, 1);
  EXPECT_EQ(v.outcomes[1].condition.children[2].by, "de");
  EXPECT_EQ(v.otherwise, "us");
  const SpecialRule* line = s.FindRule("boundary-line");
  ASSERT_NE(line, nullptr);
  EXPECT_EQ(line->Str("south_formation"), "de.dauer");
  EXPECT_EQ(line->Str("north_formation"), "de.107");
  EXPECT_EQ(s.FindRule("artillery-caller")->Str("formation"), "de.dauer");
}

// --- A9 Luneville ---------------------------------------------------------------------------

TEST(WsrScenarioA9, WSR_A9_Luneville_BothEnterTurn1AttachedUnitsHoldKruispunten) {
  const Scenario& s = Get("luneville");
  EXPECT_EQ(s.turns, 6);
  ASSERT_EQ(s.chaos.size(), 1u);
  EXPECT_EQ(s.chaos[0].turn, 4);
  EXPECT_EQ(s.FindSide("us")->air.at(0).turn, 4);
  const Force& us = OnlyForce(s, "us.73-recon", ArrivalKind::kTurn);
  EXPECT_EQ(us.turn, 1);
  EXPECT_EQ(us.CountOf("us.m5a1"), 2);
  for (const HexId& h : s.FindZone(us.zone)->ids) EXPECT_EQ(h.col, 1);
  const Force& de = OnlyForce(s, "de.aufkl-4", ArrivalKind::kTurn);
  for (const HexId& h : s.FindZone(de.zone)->ids) EXPECT_EQ(h.col, 21);
  const Force& held = OnlyForce(s, "de.aufkl-4", ArrivalKind::kSetup);
  EXPECT_EQ(Units(held), (M{{"de.wirbelwind", 1}, {"de.infantry", 1}, {"de.50mm-atg", 1}}));
  EXPECT_EQ(held.in_command_until_turn, 1);
  EXPECT_EQ(Ids(s, held.zone), (std::set<std::string>{"C-K06", "C-L06"}));
  EXPECT_EQ(s.FindFormation("us.73-recon")->marker_turn, 2);
}

TEST(WsrScenarioA9, WSR_A9_Luneville_BothKruispuntenHexesWinOneEachDraws) {
  const Victory& v = Get("luneville").victory;
  ASSERT_EQ(v.outcomes.size(), 2u);
  EXPECT_EQ(v.outcomes[0].result, "us");
  EXPECT_EQ(v.outcomes[0].condition.by, "us");
  EXPECT_EQ(v.outcomes[1].result, "de");
  EXPECT_EQ(v.outcomes[1].condition.by, "de");
  EXPECT_EQ(v.outcomes[1].condition.zone, "kruispunten");
  EXPECT_EQ(v.otherwise, "draw");
}

// --- A11 Bieville ---------------------------------------------------------------------------

TEST(WsrScenarioA11, WSR_A11_Bieville_HalfSheetsCWestOfB) {
  const Scenario& s = Get("bieville");
  EXPECT_EQ(s.layout.size(), 2 * (6 * 11 + 5 * 12) - 11);  // two 11-column halves, one seam
  EXPECT_EQ(s.layout.Index("C-U05"), s.layout.Index("B-A05"));
  const Force& aufkl = OnlyForce(s, "de.aufkl-4", ArrivalKind::kTurn);
  EXPECT_EQ(aufkl.turn, 5);
  for (const HexId& h : s.FindZone(aufkl.zone)->ids) EXPECT_EQ(h.ToString().substr(0, 3), "B-K");
  EXPECT_EQ(s.FindFormation("de.aufkl-4")->marker_turn, 5);
  const Force& pz = OnlyForce(s, "de.pz-172-44", ArrivalKind::kSetup);
  EXPECT_EQ(
      Units(pz),
      (M{{"de.hq-pz-172-44", 1}, {"de.panzer-iv", 5}, {"de.wirbelwind", 1}, {"de.tiger-i", 1}}));
  const Force& wsg = OnlyForce(s, "uk.wsg", ArrivalKind::kSetup);
  EXPECT_EQ(wsg.Total(), 1 + 3 + 1 + 2 + 1 + 3);
  EXPECT_EQ(s.FindRule("air-withdrawn")->Int("turn", 0), 6);
  EXPECT_EQ(Ids(s, s.FindRule("no-road")->Str("zone")), (std::set<std::string>{"B-K01", "B-K02"}));
}

TEST(WsrScenarioA11, WSR_A11_Bieville_GradedResultsByTankExits) {
  const Victory& v = Get("bieville").victory;
  ASSERT_EQ(v.outcomes.size(), 4u);
  EXPECT_EQ(v.outcomes[0].result, "de-decisive");
  EXPECT_EQ(v.outcomes[0].condition.count, 3);
  EXPECT_EQ(v.outcomes[1].result, "de-marginal");
  EXPECT_EQ(v.outcomes[1].condition.count, 2);
  EXPECT_EQ(v.outcomes[2].result, "draw");
  EXPECT_EQ(v.outcomes[2].condition.by, "de");
  EXPECT_EQ(v.outcomes[2].condition.count, 1);
  EXPECT_EQ(v.outcomes[0].condition.units.size(), 5u);  // tank platoons only
  EXPECT_EQ(v.outcomes[3].result, "uk-decisive");
  EXPECT_EQ(v.outcomes[3].condition.kind, ConditionKind::kSurvive);
  EXPECT_EQ(v.outcomes[3].condition.count, 2);
  EXPECT_EQ(v.otherwise, "uk-marginal");
}

// --- A12 Arnhem -----------------------------------------------------------------------------

TEST(WsrScenarioA12, WSR_A12_Arnhem_ParatroopersHoldABridgeEnd) {
  const Scenario& s = Get("arnhem");
  EXPECT_EQ(s.setup_first, "uk");
  const Force& para = OnlyForce(s, "uk.7-para", ArrivalKind::kSetup);
  EXPECT_EQ(Units(para), (M{{"uk.hq-7-para", 1},
                            {"uk.paratroopers", 6},
                            {"uk.hmg", 1},
                            {"uk.piat", 2},
                            {"uk.6pdr-atg", 1}}));
  EXPECT_EQ(s.FindZone(para.zone)->ids.size(), 14u);
  const Condition& c = s.victory.condition;
  EXPECT_EQ(s.victory.side, "uk");
  EXPECT_EQ(c.kind, ConditionKind::kOccupy);
  EXPECT_EQ(c.units, (std::vector<std::string>{"uk.paratroopers"}));
  EXPECT_EQ(Ids(s, c.zone), (std::set<std::string>{"B-O05", "B-Q04"}));
  EXPECT_EQ(Ids(s, s.FindRule("only-bridges-intact")->Str("zone")),
            (std::set<std::string>{"B-P05"}));
  EXPECT_NE(s.FindRule("no-demolition"), nullptr);
  for (const HexId& h : s.FindZone("dauer-setup")->ids) {
    EXPECT_EQ(h.sheet, 'C');
    EXPECT_GE(h.col, 4);
  }
}

// --- A10 Paderborn --------------------------------------------------------------------------

TEST(WsrScenarioA10, WSR_A10_Paderborn_ForcesAndReinforcementsOnTurn4) {
  const Scenario& s = Get("paderborn");
  EXPECT_EQ(s.turns, 10);
  ASSERT_EQ(s.chaos.size(), 2u);
  EXPECT_EQ(s.chaos[0].turn, 4);
  EXPECT_EQ(s.chaos[1].turn, 8);
  const Force& tigers = OnlyForce(s, "de.spz-501", ArrivalKind::kSetup);
  EXPECT_EQ(Units(tigers), (M{{"de.hq-spz-501", 1}, {"de.tiger-i", 3}, {"de.wirbelwind", 1}}));
  const Force& jp = OnlyForce(s, "de.spz-501", ArrivalKind::kTurn);
  EXPECT_EQ(jp.turn, 4);
  EXPECT_EQ(Ids(s, jp.zone), (std::set<std::string>{"B-U06"}));
  int us_turn1 = 0, us_turn4 = 0;
  for (const Force& f : s.forces) {
    if (f.formation != "us.cca") continue;
    ASSERT_EQ(f.arrival, ArrivalKind::kTurn);
    for (const HexId& h : s.FindZone(f.zone)->ids) EXPECT_EQ(h.col, 1);
    (f.turn == 1 ? us_turn1 : us_turn4) += f.Total();
    if (f.turn == 4) {
      EXPECT_EQ(Units(f), (M{{"us.shq-cca", 1}, {"us.m26", 1}, {"us.m36", 1}, {"us.m18", 1}}));
    }
  }
  EXPECT_EQ(us_turn1, 1 + 4 + 1 + 2 + 1);
  EXPECT_EQ(us_turn4, 4);
  EXPECT_EQ(s.first_activation.chooser, "us");
  EXPECT_TRUE(s.first_activation.delays_marker);
  EXPECT_EQ(s.FindSide("us")->artillery_smoke, 1);
  EXPECT_EQ(s.FindSide("us")->air.at(0).turn, 4);
}

// T-A10-1..3: US 8 / German 2 -> US decisive; US 4 / German 0 -> draw (winner below 5);
// US 7 / German 3 -> US marginal.
TEST(WsrScenarioA10, WSR_A10_Paderborn_PointsDecideTheResult) {
  const Victory& v = Get("paderborn").victory;
  ASSERT_EQ(v.scoring.size(), 4u);
  EXPECT_EQ(v.scoring[0].points, 2);
  EXPECT_EQ(v.scoring[0].per, ScoreEvent::kEliminated);
  EXPECT_EQ(v.scoring[2].per, ScoreEvent::kExited);
  EXPECT_EQ(v.ResultForPoints({{"us", 8}, {"de", 2}}), "us-decisive");
  EXPECT_EQ(v.ResultForPoints({{"us", 4}, {"de", 0}}), "draw");
  EXPECT_EQ(v.ResultForPoints({{"us", 7}, {"de", 3}}), "us-marginal");
  EXPECT_EQ(v.ResultForPoints({{"us", 1}, {"de", 7}}), "de-decisive");
  EXPECT_EQ(v.ResultForPoints({{"us", 5}, {"de", 5}}), "draw");
}

// --- A8 Odon --------------------------------------------------------------------------------

TEST(WsrScenarioA8, WSR_A8_Odon_ZonesMatchTheMapReferences) {
  const Scenario& s = Get("odon");
  // Maps doc 4.2: 35 hexes; the south edge of A east of the river; 44 British hexes on B.
  EXPECT_EQ(s.FindZone("dauer-setup")->ids.size(), 35u);
  EXPECT_EQ(Ids(s, "dauer-entry"), (std::set<std::string>{"A-R12", "A-S11", "A-T12", "A-U11"}));
  EXPECT_EQ(s.FindZone("wsg-setup")->ids.size(), 44u);
  for (const HexId& h : s.FindZone("wsg-setup")->ids) EXPECT_EQ(h.sheet, 'B');
  EXPECT_EQ(Ids(s, "wooded-hill"), (std::set<std::string>{"A-J07", "A-K07", "A-L07"}));
  EXPECT_EQ(s.FindZone("bridges")->ids.size(), 5u);
}

TEST(WsrScenarioA8, WSR_A8_Odon_DauerReinforcementsOnTurns4And6) {
  const Scenario& s = Get("odon");
  std::vector<int> turns;
  for (const Force& f : s.forces) {
    if (f.formation == "de.dauer" && f.arrival == ArrivalKind::kTurn) {
      turns.push_back(f.turn);
      EXPECT_EQ(f.CountOf("de.panther"), 1);
      EXPECT_EQ(f.CountOf("de.panzergrenadiere"), 1);
    }
  }
  EXPECT_EQ(turns, (std::vector<int>{4, 6}));
  ASSERT_EQ(s.chaos.size(), 2u);
  EXPECT_EQ(s.chaos[0].turn, 2);
  EXPECT_EQ(s.chaos[1].turn, 5);
  bool atg_in_command = false;
  for (const Force& f : s.forces) {
    if (f.CountOf("uk.17pdr-atg") > 0) atg_in_command = f.always_in_command;
  }
  EXPECT_TRUE(atg_in_command);
}

TEST(WsrScenarioA8, WSR_A8_Odon_MarginDecidesTheResult) {
  const Victory& v = Get("odon").victory;
  EXPECT_EQ(v.ResultForPoints({{"uk", 6}, {"de", 0}}), "uk-decisive");
  EXPECT_EQ(v.ResultForPoints({{"uk", 6}, {"de", 2}}), "uk-decisive");
  EXPECT_EQ(v.ResultForPoints({{"uk", 4}, {"de", 2}}), "uk-tactical");
  EXPECT_EQ(v.ResultForPoints({{"uk", 2}, {"de", 1}}), "draw");
  EXPECT_EQ(v.ResultForPoints({{"uk", 2}, {"de", 3}}), "de");
  EXPECT_EQ(v.scoring[3].per, ScoreEvent::kControlledHex);
}

// --- A4 Remagen -----------------------------------------------------------------------------

TEST(WsrScenarioA4, WSR_A4_Remagen_ZonesAroundCellesAndTheBridge) {
  const Scenario& s = Get("remagen");
  EXPECT_EQ(s.layout.Find(HexId::Parse("A-L05")), HexLayout::kNone);
  EXPECT_EQ(s.layout.Find(HexId::Parse("C-L05")), HexLayout::kNone);
  // Maps doc 4.2: 80 hexes within 5 of Celles (35 west bank, 34 east bank, 11 river/bridge);
  // US zone C columns F-K: 69 hexes, at least 10 from A-P07.
  EXPECT_EQ(s.FindZone("107-setup")->ids.size(), 80u);
  EXPECT_EQ(s.FindZone("east-bank")->ids.size(), 34u);
  const Zone* us = s.FindZone("us-setup");
  EXPECT_EQ(us->ids.size(), 69u);
  for (int i : us->hexes) EXPECT_GE(s.layout.Distance(i, s.layout.Index("A-P07")), 10);
  ASSERT_EQ(s.setup_requirements.size(), 1u);
  EXPECT_EQ(s.setup_requirements[0].at_most, 2);
  EXPECT_EQ(s.setup_requirements[0].count, 0);
  EXPECT_EQ(s.first_activation.formations, (std::vector<std::string>{"us.73-recon"}));
  EXPECT_EQ(s.FindFormation("us.73-recon")->marker_turn, 1);  // may activate twice
}

// T-A4-1: engineer undisrupted at a bridge end at the end of turns 2, 3, 4 -> in turn 5 a 2
// destroys the bridge; later attempts on 1-5.
TEST(WsrScenarioA4, WSR_A4_Remagen_DemolitionAndStukaParameters) {
  const Scenario& s = Get("remagen");
  const SpecialRule* blow = s.FindRule("blow-the-bridge");
  ASSERT_NE(blow, nullptr);
  EXPECT_EQ(blow->Int("turns", 0), 3);
  EXPECT_EQ(blow->Int("first_roll", 0), 2);
  EXPECT_EQ(blow->Int("later_roll", 0), 5);
  EXPECT_EQ(blow->Str("counter"), "de.engineers");
  EXPECT_EQ(Ids(s, blow->Str("zone")), (std::set<std::string>{"A-P07"}));
  const SpecialRule* stuka = s.FindRule("air-trigger");
  EXPECT_EQ(stuka->Str("counter"), "de.stuka");
  EXPECT_EQ(stuka->Int("range", 0), 3);
  EXPECT_EQ(stuka->Int("delay", 0), 1);
  EXPECT_EQ(s.victory.condition.kind, ConditionKind::kControlAll);
  EXPECT_EQ(s.victory.side, "us");
}

// --- A5 Huertgen ----------------------------------------------------------------------------

TEST(WsrScenarioA5, WSR_A5_Huertgen_ForcesEnterColumnAGermansInEToU) {
  const Scenario& s = Get("huertgen");
  const Force& de = OnlyForce(s, "de.107", ArrivalKind::kSetup);
  EXPECT_EQ(de.CountOf("de.stug-iii"), 2);
  EXPECT_EQ(de.CountOf("de.hmg"), 2);
  for (const HexId& h : s.FindZone(de.zone)->ids) EXPECT_GE(h.col, 5);
  EXPECT_EQ(s.FindSide("de")->improved_positions, 5);
  EXPECT_EQ(s.FindSide("de")->mines, 1);
  const Force& inf = OnlyForce(s, "us.2-16", ArrivalKind::kTurn);
  EXPECT_EQ(s.FindZone(inf.zone)->ids.size(), 11u);
  const Force& armor = OnlyForce(s, "us.4-51", ArrivalKind::kTurn);
  EXPECT_EQ(
      Units(armor),
      (M{{"us.hq-4-51", 1}, {"us.m4a1", 3}, {"us.hmg", 1}, {"us.engineers", 2}, {"us.m5a1", 1}}));
  EXPECT_EQ(s.FindRule("designated-formation-marker")->Str("excluded_formation"), "us.2-16");
  EXPECT_EQ(s.FindRule("ip-forbidden-terrain")->Str("terrain"), "city");
}

// T-A5-1, T-A5-2: one full-strength M4A1 exiting east meets exit_east (counts 2); hill_137 and
// towns_west only -> draw.
TEST(WsrScenarioA5, WSR_A5_Huertgen_ObjectivesMetDecideTheGrade) {
  const Victory& v = Get("huertgen").victory;
  ASSERT_EQ(v.outcomes.size(), 4u);
  const std::vector<std::string> grades = {"us-decisive", "us-marginal", "draw", "de-marginal"};
  for (size_t i = 0; i < 4; ++i) {
    EXPECT_EQ(v.outcomes[i].result, grades[i]);
    EXPECT_EQ(v.outcomes[i].condition.kind, ConditionKind::kAtLeast);
    EXPECT_EQ(v.outcomes[i].condition.count, static_cast<int>(4 - i));
    EXPECT_EQ(v.outcomes[i].condition.by, "us");
  }
  EXPECT_EQ(v.otherwise, "de-decisive");
  const Condition& exit = v.outcomes[0].condition.children[3];
  EXPECT_EQ(exit.kind, ConditionKind::kExit);
  EXPECT_EQ(exit.count, 2);
  EXPECT_FALSE(exit.count_hq);
  EXPECT_FALSE(exit.count_reduced);
  EXPECT_EQ(exit.weights, (std::vector<std::pair<std::string, int>>{{"us.m4a1", 2}}));
  EXPECT_EQ(v.outcomes[0].condition.children[0].zone, "hill-137");
  EXPECT_EQ(Get("huertgen").FindZone("hill-137")->ids.size(), 10u);
}

// --- A7 Omaha -------------------------------------------------------------------------------

TEST(WsrScenarioA7, WSR_A7_Omaha_LandingHexesAndGermanZone) {
  const Scenario& s = Get("omaha");
  EXPECT_EQ(s.FindZone("landing")->ids.size(), 12u);
  EXPECT_EQ(s.FindZone("de-setup")->ids.size(), 167u);  // maps doc 4.2
  for (int i : s.FindZone("landing")->hexes) EXPECT_FALSE(s.FindZone("de-setup")->Contains(i));
  int landed = 0;
  for (const Force& f : s.forces) {
    if (f.zone == "landing" && f.arrival == ArrivalKind::kSetup) landed += f.Total();
  }
  EXPECT_EQ(landed, 1 + 9 + 2 + 1 + 1 + 4);
  const Force& later = OnlyForce(s, "us.2-16", ArrivalKind::kSpecial);
  EXPECT_EQ(Units(later), (M{{"us.57mm-atg", 1}, {"us.81mm-mortar", 1}}));
  EXPECT_EQ(s.FindRule("place-on-activation")->Int("turn", 0), 3);
  EXPECT_EQ(s.FindRule("dd-tanks")->Int("reduced_on", 0), 2);
  EXPECT_EQ(s.FindRule("artillery-limit")->Int("per_turn", 0), 2);
  EXPECT_EQ(s.FindSide("de")->mines, 2);
  EXPECT_EQ(s.FindSide("de")->improved_positions, 4);
}

TEST(WsrScenarioA7, WSR_A7_Omaha_SaarbourgAndNoGermanNearTheBeach) {
  const Scenario& s = Get("omaha");
  const Condition& c = s.victory.condition;
  ASSERT_EQ(c.kind, ConditionKind::kAll);
  EXPECT_EQ(Ids(s, c.children[0].zone), (std::set<std::string>{"D-N05", "D-N06", "D-O05"}));
  ASSERT_EQ(c.children[1].kind, ConditionKind::kNot);
  const Condition& near = c.children[1].children.at(0);
  EXPECT_EQ(near.kind, ConditionKind::kOccupy);
  EXPECT_EQ(near.by, "de");
  EXPECT_EQ(s.FindZone(near.zone)->ids.size(), 30u);
}

}  // namespace
}  // namespace feldherr::wsr
