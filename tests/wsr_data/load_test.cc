// White Star Rising data: the shipped files load, and the loaders report malformed files as
// DataError "FILE:LINE: message" with the line of the fault (games/wsr/data.h,
// docs/wsr-data.md). No input crashes a loader.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "engine/errors.h"
#include "games/wsr/data.h"

namespace feldherr::wsr {
namespace {

namespace fs = std::filesystem;

std::string DataDir() {
  return std::string(FELDHERR_SOURCE_DIR) + "/data/wsr";
}

std::string ReadAll(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

void WriteAll(const fs::path& p, const std::string& text) {
  std::ofstream out(p, std::ios::binary);
  out << text;
}

// A copy of data/wsr in a fresh temporary directory.
class WsrDataErrors : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("wsr_data_test_" + std::to_string(::testing::UnitTest::GetInstance()->random_seed()) +
            "_" + ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    fs::copy(DataDir(), dir_, fs::copy_options::recursive);
  }
  void TearDown() override { fs::remove_all(dir_); }

  // Replaces the first `from` in `file` by `to`; returns the 1-based line where `to` starts.
  int Replace(const std::string& file, const std::string& from, const std::string& to) {
    const fs::path p = dir_ / file;
    std::string text = ReadAll(p);
    const size_t at = text.find(from);
    EXPECT_NE(at, std::string::npos) << from;
    if (at == std::string::npos) return 0;
    text.replace(at, from.size(), to);
    WriteAll(p, text);
    return 1 +
           static_cast<int>(std::count(text.begin(), text.begin() + static_cast<long>(at), '\n'));
  }

  // LoadData must fail with "<dir>/<file>:<line>: ...<part>...".
  void ExpectError(const std::string& file, int line, const std::string& part) {
    try {
      LoadData(dir_.string());
      ADD_FAILURE() << "no error; expected " << part;
    } catch (const DataError& e) {
      const std::string msg = e.what();
      std::string prefix = (dir_ / file).string() + ":";
      if (line > 0) prefix += std::to_string(line) + ":";
      EXPECT_EQ(msg.rfind(prefix, 0), 0u) << msg << "\nexpected prefix " << prefix;
      EXPECT_NE(msg.find(part), std::string::npos) << msg << "\nexpected " << part;
    }
  }

  fs::path dir_;
};

TEST(WsrData, ShippedFilesLoad) {
  const Data d = LoadData(DataDir());
  EXPECT_GT(d.nation(Nation::kUS).counters.size(), 20u);
  EXPECT_GT(d.nation(Nation::kGermany).counters.size(), 20u);
  EXPECT_GT(d.nation(Nation::kBritain).counters.size(), 10u);
  EXPECT_EQ(d.formations.formations.size(), 15u);  // WSR 13.0
  EXPECT_EQ(d.formations.pools.size(), 3u);
  for (char s = 'A'; s <= 'D'; ++s) EXPECT_EQ(d.sheet(s).Hexes().size(), 241u) << s;
  // Non-ASCII names survive the toml++ workaround.
  EXPECT_EQ(d.FindCounter("de.koenigstiger")->name, "Königstiger");
  EXPECT_EQ(d.formations.Find("de.aufkl-4")->name, "Aufklärungs-Zug 4");
}

TEST(WsrData, ShippedDataIsCachedFromDataDir) {
  const Data& a = ShippedData();
  const Data& b = ShippedData();
  EXPECT_EQ(&a, &b);
  EXPECT_EQ(a.sheet('B').name, LoadData(DataDir()).sheet('B').name);
  EXPECT_THROW(a.sheet('E'), DataError);
}

TEST(WsrData, MissingFileAndDirectory) {
  EXPECT_THROW(LoadTerrainChart("/nonexistent/terrain.toml"), DataError);
  EXPECT_THROW(LoadCounters(DataDir() + "/maps"), DataError);
  EXPECT_THROW(LoadData("/nonexistent"), DataError);
}

TEST(WsrData, ChaosTableIsAStandInFor2To12) {
  const ChaosTable& t = ShippedData().chaos;
  EXPECT_EQ(t.dice, 2);  // WSR 9.0
  for (int roll = 2; roll <= 12; ++roll) {
    EXPECT_EQ(t.ForRoll(roll).roll, roll);
    EXPECT_EQ(t.ForRoll(roll).provenance, Provenance::kStandIn);
    EXPECT_FALSE(t.ForRoll(roll).text.empty());
  }
}

TEST_F(WsrDataErrors, TomlSyntaxError) {
  const int line =
      Replace("terrain.toml", "level = 0\nlos_low = \"none\"", "level = = 0\nlos_low = \"none\"");
  ExpectError("terrain.toml", line, "TOML syntax error");
}

TEST_F(WsrDataErrors, TerrainHardDefenceAboveTwo) {
  // WSR 6.1.6: hard targets get at most 2 bonus dice.
  const int line = Replace("terrain.toml", "defence_hard = 1", "defence_hard = 3");
  ExpectError("terrain.toml", line, "between 0 and 2");
}

TEST_F(WsrDataErrors, TerrainUnknownProvenance) {
  const int line =
      Replace("terrain.toml", "provenance = { default = \"stand-in\", name = \"rules-text\"",
              "provenance = { default = \"guess\", name = \"rules-text\"");
  ExpectError("terrain.toml", line, "unknown provenance 'guess'");
}

TEST_F(WsrDataErrors, TerrainMissingDefinition) {
  Replace("terrain.toml", "id = \"beach\"", "id = \"sea\"");
  ExpectError("terrain.toml", 0, "defined twice");
}

TEST_F(WsrDataErrors, CounterUnknownField) {
  const int line =
      Replace("counters-de.toml", "id = \"de.panther\"\n", "id = \"de.panther\"\ncolor = 1\n");
  ExpectError("counters-de.toml", line + 1, "unknown field 'color'");
}

TEST_F(WsrDataErrors, CounterToHitOutOfRange) {
  const int line = Replace("counters-us.toml", "ap = { fp = 3, to_hit = 4, range = 6 }",
                           "ap = { fp = 3, to_hit = 7, range = 6 }");
  ExpectError("counters-us.toml", line, "ap.to_hit");
}

TEST_F(WsrDataErrors, CounterSingleStepWithReducedFace) {
  Replace("counters-de.toml",
          "id = \"de.panther\"\nname = \"Panther\"\nkind = \"armor\"\nsteps = 2",
          "id = \"de.panther\"\nname = \"Panther\"\nkind = \"armor\"\nsteps = 1");
  ExpectError("counters-de.toml", 0, "has no face 'reduced'");
}

TEST_F(WsrDataErrors, CounterHardTargetWithoutArmor) {
  Replace("counters-de.toml", "armor = 3\nsave = 5\nmf = 6", "mf = 6");
  ExpectError("counters-de.toml", 0, "needs 'armor' and 'save'");
}

// G-9: the aircraft values (gold firepower, to-hit, armor dice and their save number) are
// stand-ins of the counters files, checked like every face: an aircraft without its armor, or
// without gold firepower, is refused with FILE:LINE (WSR 11.3.1, 11.3.2).
TEST_F(WsrDataErrors, WSR_11_3_G9_AircraftWithoutArmor) {
  Replace("counters-us.toml", "air = { fp = 4, to_hit = 4 }\narmor = 2\n",
          "air = { fp = 4, to_hit = 4 }\n");
  ExpectError("counters-us.toml", 0, "needs 'armor' and 'save' (WSR 6.1, 11.3.1)");
}

TEST_F(WsrDataErrors, WSR_11_3_G9_AircraftWithoutGoldFirepower) {
  Replace("counters-uk.toml", "air = { fp = 4, to_hit = 4 }\n", "");
  ExpectError("counters-uk.toml", 0, "an aircraft needs 'air' firepower (WSR 11.3.2)");
}

TEST(WsrData, WSR_11_3_G9_AircraftValuesAreStandIns) {
  const Data d = LoadData(DataDir());
  for (const char* id : {"us.p-47", "uk.typhoon", "de.stuka"}) {
    const CounterType* c = d.FindCounter(id);
    ASSERT_NE(c, nullptr) << id;
    const Face& f = c->face_for(false, false);
    EXPECT_TRUE(f.air.present()) << id;
    EXPECT_GT(f.armor, 0) << id;
    EXPECT_EQ(f.save, 5) << id;  // G-9 [Rec]: 5+ as for soft-target defence
    EXPECT_EQ(f.provenance.Of("air.fp"), Provenance::kStandIn) << id;
    EXPECT_EQ(f.provenance.Of("armor"), Provenance::kStandIn) << id;
    EXPECT_EQ(f.provenance.Of("save"), Provenance::kStandIn) << id;
  }
}

TEST_F(WsrDataErrors, CounterUnknownProvenanceField) {
  const int line = Replace("counters-us.toml", "\"ap.fp\" = \"rules-example\"",
                           "\"ap.dice\" = \"rules-example\"");
  ExpectError("counters-us.toml", line, "unknown field 'ap.dice' in 'provenance'");
}

TEST_F(WsrDataErrors, CounterDuplicateId) {
  const int line = Replace("counters-uk.toml", "id = \"uk.comet\"", "id = \"uk.cromwell\"");
  ExpectError("counters-uk.toml", line, "duplicate counter id 'uk.cromwell'");
}

// The sides' names and words are data (the [nation] table, docs/wsr-data.md 3.1): the shipped
// files give the words the prompts, the log and the board use.
TEST(WsrData, SideWordsComeFromTheNationTables) {
  const Data d = LoadData(DataDir());
  const CounterSet& us = d.nation(Nation::kUS);
  EXPECT_EQ(us.side, "US");
  EXPECT_EQ(us.side_de, "US");
  EXPECT_EQ(us.people, "the Americans");
  EXPECT_EQ(us.people_de, "die Amerikaner");
  EXPECT_EQ(us.people_de_dat, "den Amerikanern");
  EXPECT_EQ(us.people_de_gen, "der Amerikaner");
  const CounterSet& de = d.nation(Nation::kGermany);
  EXPECT_EQ(de.side, "Germans");
  EXPECT_EQ(de.side_de, "Deutsche");
  EXPECT_EQ(de.people, "the Germans");
  EXPECT_EQ(de.people_de, "die Deutschen");
  EXPECT_EQ(de.people_de_dat, "den Deutschen");
  EXPECT_EQ(de.people_de_gen, "der Deutschen");
  const CounterSet& uk = d.nation(Nation::kBritain);
  EXPECT_EQ(uk.side, "British");
  EXPECT_EQ(uk.side_de, "Briten");
  EXPECT_EQ(uk.people, "the British");
  EXPECT_EQ(uk.people_de, "die Briten");
  EXPECT_EQ(uk.people_de_dat, "den Briten");
  EXPECT_EQ(uk.people_de_gen, "der Briten");
}

// A side without one of its words is refused at its [nation] table, naming the field.
TEST_F(WsrDataErrors, NationWithoutASideWordNamesTheField) {
  const std::string text = ReadAll(dir_ / "counters-de.toml");
  const int line =
      1 + static_cast<int>(std::count(
              text.begin(), text.begin() + static_cast<long>(text.find("[nation]")), '\n'));
  Replace("counters-de.toml", "people_de_dat = \"den Deutschen\"\n", "");
  ExpectError("counters-de.toml", line, "missing field 'people_de_dat' in [nation]");
}

// An edited side word is what the data gives (an owner of the box corrects it there).
TEST_F(WsrDataErrors, AnEditedSideWordIsLoaded) {
  Replace("counters-uk.toml", "people = \"the British\"", "people = \"the British forces\"");
  EXPECT_EQ(LoadData(dir_.string()).nation(Nation::kBritain).people, "the British forces");
}

TEST_F(WsrDataErrors, FormationUnknownUnit) {
  Replace("formations.toml", "{ counter = \"de.tiger-i\", count = 1 },",
          "{ counter = \"de.tiger-ii\", count = 1 },");
  ExpectError("formations.toml", 0, "de.tiger-ii");
}

TEST_F(WsrDataErrors, FormationMoraleOutOfRange) {
  const int line = Replace("formations.toml", "morale = 7", "morale = 13");
  ExpectError("formations.toml", line, "morale");
}

TEST_F(WsrDataErrors, ChaosDuplicateRoll) {
  const int line = Replace("chaos.toml", "roll = 3", "roll = 2");
  ExpectError("chaos.toml", line, "roll 2 listed twice");
}

TEST_F(WsrDataErrors, MapUnknownToken) {
  const int line = Replace("maps/sheet-a.toml", "01   W  W  W  W", "01   W  W  X  W");
  ExpectError("maps/sheet-a.toml", line, "unknown terrain token 'X' for hex C01");
}

TEST_F(WsrDataErrors, MapShortRow) {
  const int line = Replace("maps/sheet-b.toml", "01   .  .  W  W  ~", "01   .  W  W  ~");
  ExpectError("maps/sheet-b.toml", line, "must hold 21 tokens");
}

TEST_F(WsrDataErrors, MapRulesTextFactBroken) {
  // WSR A5: Hill 137 includes J05; turning it into clear breaks the fact (and its crests).
  Replace("maps/sheet-a.toml", "05   .  .  W  W  .  C  C+ .  R  h",
          "05   .  .  W  W  .  C  C+ .  R  .");
  ExpectError("maps/sheet-a.toml", 0, "J05");
}

TEST_F(WsrDataErrors, MapRoadNotAdjacent) {
  const int line = Replace("maps/sheet-c.toml", "path = [\"K01\", \"K02\", \"K03\"",
                           "path = [\"K01\", \"K03\", \"K02\"");
  ExpectError("maps/sheet-c.toml", line, "not adjacent");
}

TEST_F(WsrDataErrors, MapRoadMarkWithoutPath) {
  Replace("maps/sheet-d.toml", "01   .  .  W  .  R", "01   .+ .  W  .  R");
  ExpectError("maps/sheet-d.toml", 0, "D-A01 is marked '+'");
}

TEST_F(WsrDataErrors, MapBridgeEndsNotOpposite) {
  const int line =
      Replace("maps/sheet-b.toml", "ends = [\"O05\", \"Q04\"]", "ends = [\"O05\", \"Q05\"]");
  ExpectError("maps/sheet-b.toml", line, "opposite sides");
}

TEST_F(WsrDataErrors, MapCrestOnLevelZero) {
  const int line = Replace("maps/sheet-c.toml", "\"D09/C08,C09,D08,E08\"", "\"C08/D09\"");
  ExpectError("maps/sheet-c.toml", line, "is not level 1");
}

TEST_F(WsrDataErrors, MapBadHexId) {
  const int line = Replace("maps/sheet-d.toml", "hexes = [\"N05\", \"N06\", \"O05\"]",
                           "hexes = [\"N05\", \"N06\", \"O12\"]");
  ExpectError("maps/sheet-d.toml", line, "O12");
}

TEST_F(WsrDataErrors, PrivateUseCharacterRejected) {
  const int line =
      Replace("counters-de.toml", "name = \"Panther\"", "name = \"Panther\xee\x80\x80\"");
  ExpectError("counters-de.toml", line, "private-use character U+E000");
}

TEST_F(WsrDataErrors, TableHeaderWithoutKey) {
  // toml++ 3.3.0 asserts on "[#" in header-only builds; the loader refuses it first.
  const int line = Replace("chaos.toml", "[table]", "[#table]");
  ExpectError("chaos.toml", line, "bad table header");
}

TEST_F(WsrDataErrors, BinaryGarbage) {
  WriteAll(dir_ / "chaos.toml", std::string("\x00\xff\xfe[[result]]\n\x01", 16));
  ExpectError("chaos.toml", 0, "");
}

}  // namespace
}  // namespace feldherr::wsr
