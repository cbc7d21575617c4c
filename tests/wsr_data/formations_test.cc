// White Star Rising formations (data/wsr/formations.toml): the 13.0 list with its morale values,
// and every unit that the 16 scenarios name exists for its side, with both steps where the
// counter has two (docs/rules/wsr-scenarios.md).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "games/wsr/data.h"
#include "tests/wsr_data/wsr_data_util.h"

namespace feldherr::wsr {
namespace {

using data_test::D;

struct Expect13 {
  const char* name;
  Nation nation;
  int morale;
  std::vector<std::pair<const char*, int>> units;
};

// WSR 13.0, table of formations with their morale and units.
TEST(WsrFormations, WSR_13_0_FormationsAndMorale) {
  const std::vector<Expect13> want = {
      {"Kampfgruppe Beck",
       Nation::kGermany,
       7,
       {{"Tiger I", 1},
        {"Panther", 3},
        {"Panzer IV", 3},
        {"StuG III", 1},
        {"Panzergrenadiere", 5}}},
      {"Aufklärungs-Zug 4",
       Nation::kGermany,
       7,
       {{"Puma", 2}, {"SdKfz 234/4", 1}, {"StuG III", 1}, {"Panzergrenadiere", 2}}},
      {"Schützen-Bataillon 107", Nation::kGermany, 7, {{"infantry", 6}}},
      {"Fallschirm-Zug 3", Nation::kGermany, 8, {{"Fallschirmjäger", 7}}},
      {"Panzer-Zug 172 (1944)", Nation::kGermany, 7, {{"Panzer IV", 6}}},
      {"Panzer-Zug 172 (1945)", Nation::kGermany, 7, {{"Panther", 5}}},
      {"Schwere Panzer-Zug 501", Nation::kGermany, 7, {{"Tiger I", 3}}},
      {"Kampfgruppe Dauer",
       Nation::kGermany,
       8,
       {{"Wirbelwind", 1},
        {"Panther", 4},
        {"StuG III", 1},
        {"Panzergrenadiere", 4},
        {"75mm ATG", 1},
        {"Jagdpanther", 1}}},
      {"Combat Command Alpha",
       Nation::kUS,
       7,
       {{"M4A1", 5},
        {"M4A3E8", 2},
        {"M5A", 2},
        {"mech infantry", 5},
        {"81mm mortar", 1},
        {"60mm mortar", 1},
        {"M7", 1}}},
      {"507th Paratroops",
       Nation::kUS,
       8,
       {{"paratroopers", 8}, {"57mm ATG", 1}, {"60mm mortar", 1}}},
      {"73rd Recon", Nation::kUS, 7, {{"M20", 1}, {"M8", 2}, {"M10", 2}, {"mech infantry", 3}}},
      {"2/16th Infantry", Nation::kUS, 6, {{"infantry", 9}, {"57mm ATG", 1}, {"81mm mortar", 1}}},
      {"4/51st Armor", Nation::kUS, 7, {{"M24", 1}, {"M4A1", 4}, {"M4A3E8", 2}}},
      {"Wellstone Guards",
       Nation::kBritain,
       7,
       {{"M5", 1}, {"Cromwell", 3}, {"Firefly", 5}, {"mech infantry", 5}}},
      {"7th Paratroops", Nation::kBritain, 8, {{"paratroopers", 6}, {"3\" mortar", 1}}},
  };
  ASSERT_EQ(D().formations.formations.size(), want.size());
  for (const Expect13& e : want) {
    const Formation* f = D().formations.Find(e.name);
    ASSERT_NE(f, nullptr) << e.name;
    EXPECT_EQ(f->nation, e.nation) << e.name;
    EXPECT_EQ(f->morale, e.morale) << e.name;
    EXPECT_EQ(f->provenance.Of("morale"), Provenance::kRulesText) << e.name;
    ASSERT_EQ(f->units.size(), e.units.size()) << e.name;
    for (size_t i = 0; i < e.units.size(); ++i) {
      const CounterType* c = D().nation(e.nation).FindByName(e.units[i].first);
      ASSERT_NE(c, nullptr) << e.name << ": " << e.units[i].first;
      EXPECT_EQ(f->units[i].counter, c->id) << e.name;
      EXPECT_EQ(f->units[i].count, e.units[i].second) << e.name << ": " << e.units[i].first;
    }
    EXPECT_NE(D().FindCounter(f->hq), nullptr) << e.name;
  }
  // Formations with an SHQ (13.0: Beck, CCA).
  EXPECT_EQ(D().formations.Find("Kampfgruppe Beck")->shq, "de.shq-beck");
  EXPECT_EQ(D().formations.Find("CCA")->shq, "us.shq-cca");
  EXPECT_EQ(D().formations.Find("Kampfgruppe Dauer")->service, Service::kWaffenSS);
}

// WSR 1.6 example: all units of CCA have morale 7; WSR 4.2 example: Kampfgruppe Beck morale 7.
TEST(WsrFormations, WSR_1_6_And_4_2_Examples_Morale) {
  EXPECT_EQ(D().formations.Find("CCA")->morale, 7);
  EXPECT_EQ(D().formations.Find("Kampfgruppe Beck")->morale, 7);
}

// WSR 13.0 attached pools: every entry exists for its nation.
TEST(WsrFormations, WSR_13_0_AttachedPools) {
  for (Nation n : {Nation::kUS, Nation::kGermany, Nation::kBritain}) {
    const Pool* p = D().formations.PoolOf(n);
    ASSERT_NE(p, nullptr);
    EXPECT_FALSE(p->units.empty());
  }
  const Pool* de = D().formations.PoolOf(Nation::kGermany);
  EXPECT_EQ(de->units[0].counter, "de.hmg");
  EXPECT_EQ(de->units[0].alt, "de.panzerschreck");
  EXPECT_EQ(de->units[0].count, 3);
}

// ---------------------------------------------------------------------------------------------
// Every unit of the 16 scenarios.

struct Side {
  const char* scenario;
  Nation nation;
  const char* formation;           // as written in the scenario; nullptr for support (aircraft)
  int morale;                      // as stated by the scenario; 0 for support
  std::vector<const char*> units;  // as written ("HQ", "SHQ" resolve through the formation)
};

const std::vector<Side>& Scenarios() {
  static const std::vector<Side> sides = {
      {"B1",
       Nation::kGermany,
       "Kampfgruppe Beck",
       7,
       {"HQ", "Panzer IV", "Panther", "Panzergrenadiere", "HMG", "SHQ", "Tiger I", "StuG III"}},
      {"B1",
       Nation::kUS,
       "507th Paratroops",
       8,
       {"HQ", "paratroopers", "60mm mortar", "Bazooka", "M18", "57mm ATG"}},
      {"B1",
       Nation::kUS,
       "Combat Command A (CCA)",
       7,
       {"HQ", "M4A3E8", "M4A1", "mech infantry", "M5A1", "HMG", "81mm mortar"}},
      {"B2",
       Nation::kGermany,
       "Kampfgruppe Dauer",
       8,
       {"HQ", "Panzergrenadiere", "75mm ATG", "HMG"}},
      {"B2",
       Nation::kGermany,
       "Schuetzen-Bataillon 107",
       7,
       {"HQ", "infantry", "engineers", "81mm mortar", "HMG"}},
      {"B2",
       Nation::kUS,
       "2/16th Infantry",
       6,
       {"HQ", "infantry", "57mm ATG", "81mm mortar", "HMG"}},
      {"B2", Nation::kUS, "73rd Recon", 7, {"HQ", "mech infantry", "M8", "HMG"}},
      {"B3", Nation::kGermany, "Schuetzen-Bataillon 107", 7, {"HQ", "infantry", "HMG"}},
      {"B3", Nation::kGermany, "Kampfgruppe Beck", 7, {"HQ", "Panzergrenadiere", "HMG"}},
      {"B3", Nation::kUS, "507th Paratroops", 8, {"HQ", "paratroopers", "HMG"}},
      {"B4",
       Nation::kGermany,
       "Kampfgruppe Beck",
       7,
       {"HQ", "Panther", "infantry", "Panzerschreck"}},
      {"B4", Nation::kUS, "Combat Command A (CCA)", 7, {"HQ", "M4A1", "M4AE8", "M26", "infantry"}},
      {"A1", Nation::kGermany, "Fallschirmjaeger-Zug 3", 8, {"HQ", "paratroopers", "75mm ATG"}},
      {"A1", Nation::kGermany, "Panzer-Zug 172 (1944 version)", 7, {"HQ", "Panzer IV"}},
      {"A1", Nation::kUS, "4/51st Armor", 7, {"HQ", "M4A1", "M4A3E8"}},
      {"A1", Nation::kUS, "Combat Command A (CCA)", 7, {"HQ", "M4A1", "M4A3E8", "mech infantry"}},
      {"A1", Nation::kUS, nullptr, 0, {"P-47"}},
      {"A2",
       Nation::kGermany,
       "Kampfgruppe Beck",
       7,
       {"HQ", "Tiger I", "Panzer IV", "Panzergrenadiere", "HMG", "81mm mortar"}},
      {"A2",
       Nation::kUS,
       "507th Paratroops",
       8,
       {"HQ", "paratroopers", "60mm mortar", "HMG", "57mm ATG"}},
      {"A3",
       Nation::kGermany,
       "Kampfgruppe Dauer",
       8,
       {"HQ", "Panzergrenadiere", "StuG III", "HMG", "Panzerschreck", "Panther"}},
      {"A3",
       Nation::kGermany,
       "Fallschirmjaeger-Zug 3",
       8,
       {"HQ", "paratroopers", "Panzerschreck", "75mm ATG"}},
      {"A3",
       Nation::kUS,
       "507th Paratroops",
       8,
       {"HQ", "paratroopers", "60mm mortar", "HMG", "Bazooka", "57mm ATG"}},
      {"A3", Nation::kUS, "Combat Command A (CCA)", 7, {"HQ", "M4A1", "M4A3E8"}},
      {"A4",
       Nation::kGermany,
       "Schuetzen-Bataillon 107",
       7,
       {"HQ", "infantry", "StuG III", "50mm ATG", "Wirbelwind", "engineers"}},
      {"A4", Nation::kGermany, nullptr, 0, {"Stuka"}},
      {"A4", Nation::kUS, "73rd Recon", 7, {"HQ", "M20", "M8", "M10", "mech infantry", "M16"}},
      {"A4", Nation::kUS, nullptr, 0, {"P-47"}},
      {"A5",
       Nation::kGermany,
       "Schuetzen-Bataillon 107",
       7,
       {"HQ", "infantry", "81mm mortar", "HMG", "Panzerschreck", "StuG III", "engineers",
        "50mm ATG"}},
      {"A5",
       Nation::kUS,
       "2/16th Infantry",
       6,
       {"HQ", "infantry", "57mm ATG", "81mm mortar", "HMG"}},
      {"A5", Nation::kUS, "4/51st Armor", 7, {"HQ", "M4A1", "HMG", "engineers", "M5"}},
      {"A6",
       Nation::kUS,
       "Combat Command A (CCA)",
       7,
       {"HQ", "SHQ", "M4A1", "M4A3E8", "M5", "mech infantry", "81mm mortar", "60mm mortar", "HMG",
        "Bazooka", "57mm ATG", "M4/105"}},
      {"A6",
       Nation::kGermany,
       "SS Kampfgruppe Dauer",
       8,
       {"HQ", "Wirbelwind", "Panther", "StuG III", "Panzergrenadiere", "75mm ATG", "Jagdpanther",
        "HMG", "Panzerschreck", "Koenigstiger"}},
      {"A6",
       Nation::kGermany,
       "Schuetzen-Bataillon 107",
       7,
       {"HQ", "infantry", "HMG", "Panzerschreck", "StuG III", "81mm mortar"}},
      {"A7",
       Nation::kGermany,
       "Schuetzen-Bataillon 107",
       7,
       {"HQ", "infantry", "HMG", "20mm Vierling", "88mm ATG", "50mm ATG", "81mm mortar"}},
      {"A7",
       Nation::kUS,
       "2/16th Infantry",
       6,
       {"HQ", "infantry", "HMG", "engineers", "57mm ATG", "81mm mortar"}},
      {"A7", Nation::kUS, "4/51st Armor", 7, {"HQ", "M4A1"}},
      {"A7", Nation::kUS, nullptr, 0, {"P-47"}},
      {"A8",
       Nation::kGermany,
       "Kampfgruppe Dauer",
       8,
       {"HQ", "Panther", "Panzergrenadiere", "75mm ATG", "Wirbelwind", "HMG", "Panzerschreck"}},
      {"A8",
       Nation::kBritain,
       "Wellstone Guards (WSG)",
       7,
       {"HQ", "mech infantry", "Firefly", "M5", "Cromwell", "Sherman M4A4", "Churchill VII",
        "17 Pdr ATG"}},
      {"A8", Nation::kBritain, nullptr, 0, {"Typhoon"}},
      {"A9", Nation::kUS, "73rd Recon", 7, {"HQ", "M8", "M10", "M20", "mech infantry", "M5"}},
      {"A9", Nation::kUS, nullptr, 0, {"P-47"}},
      {"A9",
       Nation::kGermany,
       "Aufklaerungs-Zug 4",
       7,
       {"HQ", "Puma", "SdKfz 234/4", "StuG III", "Panzergrenadiere", "Wirbelwind", "infantry",
        "50mm ATG"}},
      {"A10",
       Nation::kGermany,
       "Schwere Panzer-Zug 501",
       7,
       {"HQ", "Tiger I", "Wirbelwind", "Jagdpanther"}},
      {"A10",
       Nation::kUS,
       "Combat Command A (CCA)",
       7,
       {"HQ", "M4A1", "M4A3E8", "M5", "M10", "SHQ", "M26", "M36", "M18"}},
      {"A10", Nation::kUS, nullptr, 0, {"P-47"}},
      {"A11",
       Nation::kBritain,
       "Wellstone Guards (WSG)",
       7,
       {"HQ", "Cromwell", "Sherman M4A4", "Firefly", "M5", "mech infantry"}},
      {"A11", Nation::kBritain, nullptr, 0, {"Typhoon"}},
      {"A11",
       Nation::kGermany,
       "Panzer-Zug 172 (1944 version)",
       7,
       {"HQ", "Panzer IV", "Wirbelwind", "Tiger I"}},
      {"A11",
       Nation::kGermany,
       "Aufklaerungs-Zug 4",
       7,
       {"HQ", "Puma", "SdKfz 234/4", "StuG III", "Panzergrenadiere", "HMG", "engineers"}},
      {"A12",
       Nation::kBritain,
       "7th Paratroops",
       8,
       {"HQ", "paratroopers", "HMG", "PIAT", "6 Pdr ATG"}},
      {"A12", Nation::kBritain, nullptr, 0, {"Typhoon"}},
      {"A12",
       Nation::kGermany,
       "Kampfgruppe Dauer",
       8,
       {"HQ", "Panther", "StuG III", "Panzergrenadiere", "Wirbelwind"}},
      {"A12", Nation::kGermany, "Schwere Panzer-Zug 501", 7, {"HQ", "Tiger I"}},
  };
  return sides;
}

// A counter has both steps unless the rules make it single-step (WSR 1.3.2.1 SHQ, 11.1 AA,
// 11.3 aircraft, 1.3.4 support weapons).
void ExpectSteps(const CounterType& c, const std::string& where) {
  const bool single_ok =
      c.kind == UnitKind::kShq || c.aa || c.kind == UnitKind::kAircraft || c.is_support_weapon();
  if (!single_ok) {
    EXPECT_EQ(c.steps, 2) << where;
  }
  if (c.transport) {
    EXPECT_TRUE(c.has_face(FaceId::kMountedFull)) << where;
    EXPECT_TRUE(c.has_face(FaceId::kDismountedFull)) << where;
    if (c.steps == 2) {
      EXPECT_TRUE(c.has_face(FaceId::kMountedReduced)) << where;
      EXPECT_TRUE(c.has_face(FaceId::kDismountedReduced)) << where;
    }
  } else {
    EXPECT_TRUE(c.has_face(FaceId::kFull)) << where;
    if (c.steps == 2) {
      EXPECT_TRUE(c.has_face(FaceId::kReduced)) << where;
    }
  }
}

void CheckScenario(const std::string& id) {
  int sides = 0;
  for (const Side& s : Scenarios()) {
    if (id != s.scenario) continue;
    ++sides;
    const std::string where =
        std::string(s.scenario) + " " + (s.formation ? s.formation : "support");
    const Formation* f = nullptr;
    if (s.formation != nullptr) {
      f = D().formations.Find(s.formation);
      ASSERT_NE(f, nullptr) << where;
      EXPECT_EQ(f->nation, s.nation) << where;
      EXPECT_EQ(f->morale, s.morale) << where;
    }
    for (const char* u : s.units) {
      const std::string w = where + ": " + u;
      const CounterType* c = nullptr;
      if (std::string(u) == "HQ") {
        ASSERT_NE(f, nullptr) << w;
        c = D().FindCounter(f->hq);
      } else if (std::string(u) == "SHQ") {
        ASSERT_NE(f, nullptr) << w;
        ASSERT_FALSE(f->shq.empty()) << w;
        c = D().FindCounter(f->shq);
      } else {
        c = D().nation(s.nation).FindByName(u);
      }
      ASSERT_NE(c, nullptr) << w;
      EXPECT_EQ(c->nation, s.nation) << w;
      ExpectSteps(*c, w);
    }
  }
  EXPECT_GE(sides, 2) << id;
}

TEST(WsrScenarioUnits, WSR_B1_Noville_AllUnitsExist) {
  CheckScenario("B1");
}
TEST(WsrScenarioUnits, WSR_B2_LeHauderie_AllUnitsExist) {
  CheckScenario("B2");
}
TEST(WsrScenarioUnits, WSR_B3_Vierville_AllUnitsExist) {
  CheckScenario("B3");
}
TEST(WsrScenarioUnits, WSR_B4_Koeln_AllUnitsExist) {
  CheckScenario("B4");
}
TEST(WsrScenarioUnits, WSR_A1_Chaumont_AllUnitsExist) {
  CheckScenario("A1");
}
TEST(WsrScenarioUnits, WSR_A2_Bastogne_AllUnitsExist) {
  CheckScenario("A2");
}
TEST(WsrScenarioUnits, WSR_A3_Carentan_AllUnitsExist) {
  CheckScenario("A3");
}
TEST(WsrScenarioUnits, WSR_A4_Remagen_AllUnitsExist) {
  CheckScenario("A4");
}
TEST(WsrScenarioUnits, WSR_A5_Huertgen_AllUnitsExist) {
  CheckScenario("A5");
}
TEST(WsrScenarioUnits, WSR_A6_Elsenborn_AllUnitsExist) {
  CheckScenario("A6");
}
TEST(WsrScenarioUnits, WSR_A7_Omaha_AllUnitsExist) {
  CheckScenario("A7");
}
TEST(WsrScenarioUnits, WSR_A8_Normandy_AllUnitsExist) {
  CheckScenario("A8");
}
TEST(WsrScenarioUnits, WSR_A9_Luneville_AllUnitsExist) {
  CheckScenario("A9");
}
TEST(WsrScenarioUnits, WSR_A10_Paderborn_AllUnitsExist) {
  CheckScenario("A10");
}
TEST(WsrScenarioUnits, WSR_A11_Bieville_AllUnitsExist) {
  CheckScenario("A11");
}
TEST(WsrScenarioUnits, WSR_A12_Arnhem_AllUnitsExist) {
  CheckScenario("A12");
}

// A1 "HQ (Panzer IV)" of Panzer-Zug 172 (1944); B4 the Beck HQ returns on a Panther counter
// (scenario rule) although its own type is Panzer IV (WSR 6.3 example).
TEST(WsrScenarioUnits, WSR_A1_PanzerZug172HqIsPanzerIV) {
  const CounterType* hq = D().FindCounter(D().formations.Find("Panzer-Zug 172 (1944 version)")->hq);
  ASSERT_NE(hq, nullptr);
  EXPECT_EQ(hq->face(FaceId::kFull).silhouette, "Panzer IV");
  EXPECT_EQ(hq->hq_type, "de.panzer-iv");
}

}  // namespace
}  // namespace feldherr::wsr
