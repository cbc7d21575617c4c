// White Star Rising scenarios: every shipped scenario file loads (games/wsr/scenario.h,
// docs/wsr-scenarios.md), and malformed files give DataError "FILE:LINE: message".
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "engine/errors.h"
#include "games/wsr/data.h"
#include "games/wsr/scenario.h"
#include "tests/wsr_scenarios/wsr_scenarios_util.h"

namespace feldherr::wsr {
namespace {

using namespace scenario_test;

namespace fs = std::filesystem;

std::string ScenarioDir() {
  return std::string(FELDHERR_SOURCE_DIR) + "/data/wsr/scenarios";
}

std::string ReadAll(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

TEST(WsrScenarios, EveryShippedScenarioLoads) {
  const std::vector<Scenario> all = LoadScenarios(ScenarioDir(), TheData());
  ASSERT_GE(all.size(), 4u);
  std::set<std::string> ids;
  for (const Scenario& s : all) {
    EXPECT_TRUE(ids.insert(s.id).second) << s.id;
    EXPECT_EQ(fs::path(s.file).stem().string(), s.id) << "file name = scenario id";
    EXPECT_GT(s.layout.size(), 0);
    EXPECT_EQ(s.sides.size(), 2u);
  }
  // All 16 scenarios of WSR 12.2.1-12.2.16.
  for (const char* id : {"noville", "le-hauderie", "vierville", "koeln", "chaumont", "bastogne",
                         "carentan", "remagen", "huertgen", "elsenborn", "omaha", "odon",
                         "luneville", "paderborn", "bieville", "arnhem"}) {
    EXPECT_TRUE(ids.count(id)) << id;
  }
  EXPECT_EQ(all.size(), 16u);
  std::set<std::string> codes;
  for (const Scenario& s : all) codes.insert(s.code);
  EXPECT_EQ(codes.size(), 16u);
}

// Every special-rule hook the loader accepts is used by a shipped scenario (no dead hooks for the
// rules engine to implement), and every scenario decision has an id and a text.
TEST(WsrScenarios, EveryHookIsUsedAndDecisionsAreDocumented) {
  const std::vector<Scenario> all = LoadScenarios(ScenarioDir(), TheData());
  std::set<std::string> used;
  for (const Scenario& s : all) {
    for (const SpecialRule& r : s.special_rules) used.insert(r.id);
    EXPECT_FALSE(s.decisions.empty()) << s.id;
  }
  for (const auto& [id, params] : KnownSpecialRules()) EXPECT_TRUE(used.count(id)) << id;
}

// Every text a player reads is in English and German (docs/wsr-scenarios.md "Texts"): the title,
// the place, the zones, the forces, the setup requirements, the special rules, the victory
// conditions and the decisions. The rules texts are translations, not copies of the English.
TEST(WsrScenarios, EveryShippedScenarioHasItsTextsInGerman) {
  const std::vector<Scenario> all = LoadScenarios(ScenarioDir(), TheData());
  int texts = 0;
  const auto german = [&](const Text& t, const std::string& what) {
    EXPECT_EQ(t.en.empty(), t.de.empty()) << what << ": '" << t.en << "'";
    if (!t.de.empty()) ++texts;
  };
  for (const Scenario& s : all) {
    EXPECT_FALSE(s.title_de.empty()) << s.id;
    EXPECT_EQ(s.title_in(Lang::kDe), s.title_de) << s.id;
    german(s.place, s.id + " place");
    EXPECT_FALSE(s.place.de.empty()) << s.id;
    for (const Zone& z : s.zones) german(z.text, s.id + " zone " + z.id);
    for (const Force& f : s.forces) german(f.text, s.id + " force of " + f.formation);
    for (const SetupRequirement& q : s.setup_requirements) german(q.text, s.id + " requirement");
    for (const SpecialRule& r : s.special_rules) {
      german(r.text, s.id + " rule " + r.id);
      EXPECT_NE(r.text.de, r.text.en) << s.id << " " << r.id;
    }
    german(s.victory.text, s.id + " victory");
    EXPECT_NE(s.victory.text.de, s.victory.text.en) << s.id;
    for (const Decision& d : s.decisions) {
      german(d.text, s.id + " decision " + d.id);
      EXPECT_NE(d.text.de, d.text.en) << s.id << " " << d.id;
    }
  }
  EXPECT_GE(texts, 200);  // 229 German texts in the 16 files
}

// Replaces `from` (must occur) by `to` in a copy of a shipped scenario and loads it.
class WsrScenarioErrors : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("wsr_scen_" + std::to_string(::testing::UnitTest::GetInstance()->random_seed()) + "_" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }

  // The error message of loading `file` with the first `from` replaced by `to`.
  std::string ErrorOf(const std::string& file, const std::string& from, const std::string& to) {
    std::string text = ReadAll(fs::path(ScenarioDir()) / file);
    const size_t at = text.find(from);
    EXPECT_NE(at, std::string::npos) << from;
    if (at == std::string::npos) return "";
    text.replace(at, from.size(), to);
    const fs::path p = dir_ / file;
    std::ofstream(p, std::ios::binary) << text;
    try {
      LoadScenario(p.string(), TheData());
    } catch (const DataError& e) {
      return e.what();
    }
    return "loaded without error";
  }
  // Line (1-based) of the first occurrence of `needle` in a shipped file.
  static int LineOf(const std::string& file, const std::string& needle) {
    const std::string text = ReadAll(fs::path(ScenarioDir()) / file);
    const size_t at = text.find(needle);
    return 1 +
           static_cast<int>(std::count(text.begin(), text.begin() + static_cast<long>(at), '\n'));
  }
  // "FILE:LINE: " of `needle` in the modified copy; `shift` = lines the edit inserted above it.
  std::string Where(const std::string& file, const std::string& needle, int shift = 0) {
    return (dir_ / file).string() + ":" + std::to_string(LineOf(file, needle) + shift) + ": ";
  }

  fs::path dir_;
};

TEST_F(WsrScenarioErrors, WSR_11_2_ArtillerySupportIsCheckedWithFileAndLine) {
  // A1 Chaumont: German "1 x 44". A to-hit beyond 6, a missing firepower, an unknown key and too
  // many smoke strikes are refused at their line.
  const std::string he = "artillery_he = [{ strikes = 1, fp = 4, to_hit = 4 }]";
  std::string e =
      ErrorOf("chaumont.toml", he, "artillery_he = [{ strikes = 1, fp = 4, to_hit = 7 }]");
  EXPECT_EQ(e.rfind(Where("chaumont.toml", he), 0), 0u) << e;
  EXPECT_NE(e.find("to_hit"), std::string::npos) << e;
  e = ErrorOf("chaumont.toml", he, "artillery_he = [{ strikes = 1, to_hit = 4 }]");
  EXPECT_EQ(e.rfind(Where("chaumont.toml", he), 0), 0u) << e;
  EXPECT_NE(e.find("fp"), std::string::npos) << e;
  e = ErrorOf("chaumont.toml", he, "artillery_he = [{ strikes = 1, fp = 4, hit = 4 }]");
  EXPECT_EQ(e.rfind(Where("chaumont.toml", he), 0), 0u) << e;
  EXPECT_NE(e.find("hit"), std::string::npos) << e;
  e = ErrorOf("chaumont.toml", he, he + "\nartillery_smoke = 11");
  EXPECT_EQ(e.rfind(Where("chaumont.toml", he, 1), 0), 0u) << e;
  EXPECT_NE(e.find("artillery_smoke"), std::string::npos) << e;
}

// WSR 5.2, [REC] A-38: `loaded` platoons are infantry-type and each needs a separate carrier of
// its force; both refusals name the unit's line.
TEST_F(WsrScenarioErrors, A_38_LoadedPlatoonsAreInfantryWithACarrierEach) {
  const std::string para = "{ counter = \"us.paratroopers\", count = 2 },";
  std::string e =
      ErrorOf("noville.toml", para, "{ counter = \"us.paratroopers\", count = 2, loaded = true },");
  EXPECT_EQ(e.rfind(Where("noville.toml", para), 0), 0u) << e;
  EXPECT_NE(e.find("one platoon per carrier"), std::string::npos) << e;
  const std::string m18 = "{ counter = \"us.m18\", attached = true, from = \"pool\" },";
  e = ErrorOf("noville.toml", m18,
              "{ counter = \"us.m18\", attached = true, from = \"pool\", loaded = true },");
  EXPECT_EQ(e.rfind(Where("noville.toml", m18), 0), 0u) << e;
  EXPECT_NE(e.find("no infantry platoon"), std::string::npos) << e;
}

// A text without its German (`text_de`, `place_de`, `title_de`) is refused at the line of the
// English text, naming the missing field; a German text without its English too.
TEST_F(WsrScenarioErrors, TextWithoutGermanNamesFileLineAndField) {
  const std::string zone = "text = \"in or east of column Q of map A\"\n";
  std::string e = ErrorOf(
      "noville.toml", zone + "text_de = \"in oder östlich von Spalte Q auf Spielplan A\"\n", zone);
  EXPECT_EQ(e.rfind(Where("noville.toml", zone), 0), 0u) << e;
  EXPECT_NE(e.find("field 'text' has no German text: add 'text_de'"), std::string::npos) << e;
  const std::string victory = "text = \"The German wins if he controls all hexes of Ste Jeanne";
  e = ErrorOf("noville.toml", "text_de = \"Um zu gewinnen", "# text_de = \"Um zu gewinnen");
  EXPECT_EQ(e.rfind(Where("noville.toml", victory), 0), 0u) << e;
  EXPECT_NE(e.find("add 'text_de'"), std::string::npos) << e;
  e = ErrorOf("noville.toml", "place_de = ", "# place_de = ");
  EXPECT_EQ(e.rfind(Where("noville.toml", "place = "), 0), 0u) << e;
  EXPECT_NE(e.find("field 'place' has no German text: add 'place_de'"), std::string::npos) << e;
  e = ErrorOf("noville.toml", "title_de = ", "# title_de = ");
  EXPECT_EQ(e.rfind(Where("noville.toml", "title = "), 0), 0u) << e;
  EXPECT_NE(e.find("add 'title_de'"), std::string::npos) << e;
  e = ErrorOf("noville.toml", "text = \"Ste Jeanne = ", "# text = \"Ste Jeanne = ");
  EXPECT_NE(e.find("missing field 'text' in [[decision]]"), std::string::npos) << e;
  e = ErrorOf("noville.toml", "text = \"Elements of Kampfgruppe Beck\"",
              "# text = \"Elements of Kampfgruppe Beck\"");
  EXPECT_EQ(e.rfind(Where("noville.toml", "text_de = \"Elemente von Kampfgruppe Beck\""), 0), 0u)
      << e;
  EXPECT_NE(e.find("field 'text_de' without 'text'"), std::string::npos) << e;
}

TEST_F(WsrScenarioErrors, UnknownCounterNamesFileAndLine) {
  const std::string e =
      ErrorOf("noville.toml", "\"de.panzer-iv\", count = 2", "\"de.panzer-v\", count = 2");
  EXPECT_EQ(e.rfind(Where("noville.toml", "\"de.panzer-iv\", count = 2"), 0), 0u) << e;
  EXPECT_NE(e.find("unknown counter 'de.panzer-v'"), std::string::npos) << e;
}

TEST_F(WsrScenarioErrors, UnknownFormation) {
  const std::string e = ErrorOf("noville.toml", "id = \"us.507\"", "id = \"us.508\"");
  EXPECT_EQ(e.rfind(Where("noville.toml", "id = \"us.507\""), 0), 0u) << e;
  EXPECT_NE(e.find("unknown formation 'us.508'"), std::string::npos) << e;
}

TEST_F(WsrScenarioErrors, CounterOfAnotherFormationMustBeAttached) {
  const std::string e =
      ErrorOf("noville.toml", "{ counter = \"us.m18\", attached = true, from = \"pool\" }",
              "{ counter = \"us.m18\" }");
  EXPECT_NE(e.find("is not of formation 'us.507'"), std::string::npos) << e;
  EXPECT_EQ(e.rfind(Where("noville.toml", "{ counter = \"us.m18\""), 0), 0u) << e;
}

TEST_F(WsrScenarioErrors, CounterOfTheOtherSide) {
  const std::string e = ErrorOf("noville.toml", "{ counter = \"us.m5a1\" }",
                                "{ counter = \"de.panther\", attached = true }");
  EXPECT_NE(e.find("is not of side us"), std::string::npos) << e;
}

TEST_F(WsrScenarioErrors, HexOutsideTheLayout) {
  // Sheet B is not in B1's layout.
  const std::string e = ErrorOf("noville.toml", "hexes = [\"A-K08\"]", "hexes = [\"B-K08\"]");
  EXPECT_EQ(e.rfind(Where("noville.toml", "hexes = [\"A-K08\"]"), 0), 0u) << e;
  EXPECT_NE(e.find("is not a playable hex"), std::string::npos) << e;
}

TEST_F(WsrScenarioErrors, ColumnsOutsideThePlayableArea) {
  // Only columns A-K of map A playable (as in A1): B1's German zone Q-U lies outside.
  const std::string e =
      ErrorOf("noville.toml", "sheet = \"A\"\n", "sheet = \"A\"\ncolumns = \"A-K\"\n");
  EXPECT_EQ(e.rfind(Where("noville.toml", "columns = \"Q-U\"", 1), 0), 0u) << e;
  EXPECT_NE(e.find("reach outside the playable area (columns A-K)"), std::string::npos) << e;
}

TEST_F(WsrScenarioErrors, HexOutsideThePlayableArea) {
  // Map A limited to columns A-Q: B2's 2/16th zone around A-R05 names a hex outside it.
  const std::string e = ErrorOf("le-hauderie.toml", "sheet = \"A\"\nx = 0\ny = 1\n",
                                "sheet = \"A\"\nx = 0\ny = 1\ncolumns = \"A-Q\"\n");
  EXPECT_EQ(e.rfind(Where("le-hauderie.toml", "hexes = [\"A-R05\"]", 1), 0), 0u) << e;
  EXPECT_NE(e.find("hex 'A-R05' is not a playable hex"), std::string::npos) << e;
  EXPECT_NE(e.find("outside the playable area"), std::string::npos) << e;
}

TEST_F(WsrScenarioErrors, BadHexId) {
  const std::string e = ErrorOf("noville.toml", "\"A-U06\"", "\"A-V06\"");
  EXPECT_EQ(e.rfind(Where("noville.toml", "\"A-U06\""), 0), 0u) << e;
  EXPECT_NE(e.find("bad hex 'A-V06'"), std::string::npos) << e;
}

TEST_F(WsrScenarioErrors, EntryHexNotOnTheEdge) {
  const std::string e = ErrorOf("noville.toml", "\"A-U06\"", "\"A-R06\"");
  EXPECT_NE(e.find("not on an edge of the playable area"), std::string::npos) << e;
}

TEST_F(WsrScenarioErrors, ReinforcementTurnBeyondTheLastTurn) {
  const std::string e = ErrorOf("vierville.toml", "turn = 4\n", "turn = 10\n");
  EXPECT_EQ(e.rfind(Where("vierville.toml", "turn = 4\n"), 0), 0u) << e;
  EXPECT_NE(e.find("'turn' must be between 1 and 9 (is 10)"), std::string::npos) << e;
}

TEST_F(WsrScenarioErrors, MoraleDiffersFromFormations) {
  const std::string e = ErrorOf("vierville.toml", "morale = 8", "morale = 9");
  EXPECT_EQ(e.rfind(Where("vierville.toml", "morale = 8"), 0), 0u) << e;
  EXPECT_NE(e.find("differs from formations.toml (8"), std::string::npos) << e;
}

TEST_F(WsrScenarioErrors, RandomEntryMustCoverEveryRoll) {
  const std::string e = ErrorOf("noville.toml", "  { rolls = [6] },\n", "");
  EXPECT_NE(e.find("missing 6"), std::string::npos) << e;
}

TEST_F(WsrScenarioErrors, UnknownZone) {
  const std::string e = ErrorOf("koeln.toml", "setup = \"us-setup\"", "setup = \"us-set-up\"");
  EXPECT_EQ(e.rfind(Where("koeln.toml", "setup = \"us-setup\""), 0), 0u) << e;
  EXPECT_NE(e.find("unknown zone 'us-set-up'"), std::string::npos) << e;
}

TEST_F(WsrScenarioErrors, UnknownSpecialRule) {
  const std::string e = ErrorOf("koeln.toml", "id = \"rubble\"", "id = \"ruble\"");
  EXPECT_EQ(e.rfind(Where("koeln.toml", "id = \"rubble\""), 0), 0u) << e;
  EXPECT_NE(e.find("unknown special rule 'ruble'"), std::string::npos) << e;
}

TEST_F(WsrScenarioErrors, UnknownSpecialRuleParameter) {
  const std::string e = ErrorOf("koeln.toml", "extra_hits = 1", "extra_hit = 1");
  EXPECT_NE(e.find("unknown parameter 'extra_hit'"), std::string::npos) << e;
}

TEST_F(WsrScenarioErrors, UnknownField) {
  const std::string e = ErrorOf("koeln.toml", "turns = 8", "turnz = 8");
  EXPECT_EQ(e.rfind(Where("koeln.toml", "turns = 8"), 0), 0u) << e;
  EXPECT_NE(e.find("unknown field 'turnz'"), std::string::npos) << e;
}

TEST_F(WsrScenarioErrors, TooManySupportWeapons) {
  const std::string e = ErrorOf("vierville.toml", "{ counter = \"de.hmg\", count = 2,",
                                "{ counter = \"de.hmg\", count = 4,");
  EXPECT_NE(e.find("4 support weapons but only 3 infantry-type platoons"), std::string::npos) << e;
}

TEST_F(WsrScenarioErrors, MountedOnlyForTransportCounters) {
  const std::string e = ErrorOf("noville.toml", "{ counter = \"us.m5a1\" }",
                                "{ counter = \"us.m5a1\", mounted = true }");
  EXPECT_NE(e.find("has no mounted face"), std::string::npos) << e;
}

TEST_F(WsrScenarioErrors, ReducedOnlyForTwoStepCounters) {
  const std::string e = ErrorOf("noville.toml", "{ counter = \"de.shq-beck\" }",
                                "{ counter = \"de.shq-beck\", reduced = true }");
  EXPECT_NE(e.find("single step"), std::string::npos) << e;
}

TEST_F(WsrScenarioErrors, VictoryZoneMustExist) {
  const std::string e = ErrorOf("le-hauderie.toml", "{ control_all = \"kleinestad\" }",
                                "{ control_all = \"kleinstadt\" }");
  EXPECT_NE(e.find("unknown zone 'kleinstadt'"), std::string::npos) << e;
}

TEST_F(WsrScenarioErrors, SyntaxErrorHasALine) {
  const std::string e = ErrorOf("le-hauderie.toml", "turns = 8", "turns = = 8");
  EXPECT_EQ(e.rfind(Where("le-hauderie.toml", "turns = 8"), 0), 0u) << e;
  EXPECT_NE(e.find("TOML syntax error"), std::string::npos) << e;
}

TEST_F(WsrScenarioErrors, PlaceOnNoSheetOfTheLayout) {
  // Kleinestad is on sheet B, which B1 does not use.
  const std::string e = ErrorOf("noville.toml", "place = \"ste-jeanne\"", "place = \"kleinestad\"");
  EXPECT_EQ(e.rfind(Where("noville.toml", "place = \"ste-jeanne\""), 0), 0u) << e;
  EXPECT_NE(e.find("unknown place 'kleinestad'"), std::string::npos) << e;
}

TEST_F(WsrScenarioErrors, ControlCountBeyondTheZone) {
  const std::string e = ErrorOf("carentan.toml", "control_count = \"vslf\", count = 10",
                                "control_count = \"vslf\", count = 15");
  EXPECT_NE(e.find("control_count 15 exceeds the hexes of zone 'vslf'"), std::string::npos) << e;
}

TEST_F(WsrScenarioErrors, AircraftMustBeOfTheSide) {
  const std::string e = ErrorOf("chaumont.toml", "counter = \"us.p-47\"", "counter = \"de.stuka\"");
  EXPECT_EQ(e.rfind(Where("chaumont.toml", "counter = \"us.p-47\""), 0), 0u) << e;
  EXPECT_NE(e.find("is not an aircraft counter of side us"), std::string::npos) << e;
}

TEST_F(WsrScenarioErrors, FirstActivationOfAFormationNotInPlay) {
  const std::string e =
      ErrorOf("bastogne.toml", "formations = [\"de.beck\"]", "formations = [\"de.dauer\"]");
  EXPECT_NE(e.find("formation 'de.dauer' is not a [[formation]] of the scenario"),
            std::string::npos)
      << e;
}

TEST_F(WsrScenarioErrors, BadOutcomeResult) {
  const std::string e = ErrorOf("luneville.toml", "result = \"us\"", "result = \"us-crushing\"");
  EXPECT_EQ(e.rfind(Where("luneville.toml", "result = \"us\""), 0), 0u) << e;
  EXPECT_NE(e.find("result 'us-crushing' must be a side in play"), std::string::npos) << e;
}

TEST_F(WsrScenarioErrors, DrawLevelNeedsBy) {
  const std::string e = ErrorOf("odon.toml", "{ result = \"draw\", by = \"uk\", lead = 0 }",
                                "{ result = \"draw\", lead = 0 }");
  EXPECT_NE(e.find("a draw level needs 'by'"), std::string::npos) << e;
}

TEST_F(WsrScenarioErrors, TwoVictoryForms) {
  const std::string e =
      ErrorOf("odon.toml", "otherwise = \"de\"", "otherwise = \"de\"\nside = \"uk\"");
  EXPECT_NE(e.find("[victory] needs exactly one of"), std::string::npos) << e;
}

TEST_F(WsrScenarioErrors, ExitZoneMustBeOnTheEdge) {
  const std::string e = ErrorOf("chaumont.toml", "hexes = [\"A-K01\"]", "hexes = [\"A-E06\"]");
  EXPECT_NE(e.find("not on an edge of the playable area"), std::string::npos) << e;
}

TEST_F(WsrScenarioErrors, AtLeastMoreThanItsTests) {
  const std::string e = ErrorOf("elsenborn.toml", "count = 2 } },", "count = 4 } },");
  EXPECT_NE(e.find("at_least 4 of 3 tests can never hold"), std::string::npos) << e;
}

TEST_F(WsrScenarioErrors, SetupMaximumBelowMinimum) {
  const std::string e = ErrorOf("remagen.toml", "count = 0\nat_most = 2", "count = 3\nat_most = 2");
  EXPECT_NE(e.find("at_most is below count"), std::string::npos) << e;
}

TEST_F(WsrScenarioErrors, RegionSeedMustBeLand) {
  const std::string e = ErrorOf("odon.toml", "region_of = \"A-U11\"", "region_of = \"A-P07\"");
  EXPECT_NE(e.find("region_of: the seed hex is not a land hex"), std::string::npos) << e;
}

// Every prefix of a scenario file (cut every 61 bytes) loads or fails with a DataError; no other
// exception and no crash.
TEST_F(WsrScenarioErrors, TruncatedFilesGiveDataErrorsOnly) {
  for (const char* file : {"noville.toml", "huertgen.toml", "paderborn.toml"}) {
    const std::string text = ReadAll(fs::path(ScenarioDir()) / file);
    for (size_t n = 0; n < text.size(); n += 61) {
      const fs::path p = dir_ / file;
      std::ofstream(p, std::ios::binary) << text.substr(0, n);
      try {
        LoadScenario(p.string(), TheData());
      } catch (const DataError& e) {
        EXPECT_EQ(std::string(e.what()).rfind(p.string() + ":", 0), 0u) << e.what();
      }
    }
  }
}

TEST_F(WsrScenarioErrors, MissingFileIsAnError) {
  EXPECT_THROW(LoadScenario((dir_ / "nope.toml").string(), TheData()), DataError);
}

}  // namespace
}  // namespace feldherr::wsr
