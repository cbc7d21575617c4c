// Planspiel board data: the shipped boards load with their provenance, and every malformed file
// gives DataError "FILE:LINE: message" naming the field.
#include "games/planspiel/data.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

#include "engine/errors.h"
#include "planspiel_test_util.h"

namespace feldherr::planspiel {
namespace {

using testing::DataDir;

TEST(PlanspielData, ShippedBoardsLoad) {
  const std::vector<BoardData> boards = load_planspiel_boards(DataDir());
  ASSERT_EQ(boards.size(), 3u);
  EXPECT_EQ(boards[0].id, "ps-1");
  EXPECT_EQ(boards[1].id, "ps-2");
  EXPECT_EQ(boards[2].id, "ps-3");
  EXPECT_EQ(boards[0].board.width(), 12);
  EXPECT_EQ(boards[0].board.height(), 10);
  for (int i = 1; i < 3; ++i) {
    EXPECT_EQ(boards[static_cast<size_t>(i)].board.width(), 24);
    EXPECT_EQ(boards[static_cast<size_t>(i)].board.height(), 16);
  }
  // Roads and bridges as the situations list them.
  EXPECT_EQ(boards[0].roads.size(), 1u);
  EXPECT_EQ(boards[1].roads.size(), 2u);
  EXPECT_EQ(boards[2].roads.size(), 4u);
  EXPECT_TRUE(boards[0].bridges.empty());
  ASSERT_EQ(boards[1].bridges.size(), 1u);
  EXPECT_EQ(boards[1].bridges[0], (Field{18, 8}));
  EXPECT_TRUE(boards[2].bridges.empty());
  EXPECT_EQ(boards[1].board.terrain_row(8), "===============bbbHb====");
  // PS-3's village link joins (11,7), (11,8) and (12,8) (scenarios §5.2).
  const Board& b3 = boards[2].board;
  EXPECT_TRUE(IsRoadStep(b3, {11, 7}, {11, 8}));
  EXPECT_TRUE(IsRoadStep(b3, {11, 8}, {12, 8}));
  EXPECT_TRUE(IsRoadStep(b3, {12, 7}, {12, 8}));
}

// Every board value is designed for the situations: the lexicon has no boards (stand-in).
TEST(PlanspielData, EveryBoardValueHasItsProvenance) {
  for (const BoardData& d : load_planspiel_boards(DataDir())) {
    ASSERT_EQ(d.provenance.size(), board_value_names().size()) << d.id;
    for (const std::string& v : board_value_names())
      EXPECT_EQ(d.provenance.at(v), Provenance::kStandIn) << d.id << " " << v;
  }
}

TEST(PlanspielData, FindShippedBoard) {
  ASSERT_NE(find_planspiel_board("ps-2"), nullptr);
  EXPECT_EQ(find_planspiel_board("ps-2")->board.terrain({18, 8}), Terrain::kBridge);
  EXPECT_EQ(find_planspiel_board("ps-4"), nullptr);
}

// Malformed files: FILE:LINE: message.
class PlanspielBadFile : public ::testing::Test {
 protected:
  static std::string Shipped() {
    std::ifstream in(DataDir() + "/ps1.toml");
    return std::string(std::istreambuf_iterator<char>(in), {});
  }
  // The shipped PS-1 file with one replacement (which must be found).
  static std::string Replace(const std::string& from, const std::string& to) {
    std::string t = Shipped();
    const size_t at = t.find(from);
    EXPECT_NE(at, std::string::npos) << from;
    if (at != std::string::npos) t.replace(at, from.size(), to);
    return t;
  }
  // 1-based line of the first occurrence of `what` in the shipped file.
  static int LineOf(const std::string& what) {
    const std::string t = Shipped();
    const size_t at = t.find(what);
    EXPECT_NE(at, std::string::npos) << what;
    int line = 1;
    for (size_t i = 0; i < at && i < t.size(); ++i) line += t[i] == '\n';
    return line;
  }
  static std::string Error(const std::string& text) {
    return testing::LoadError("bad.toml", text, [](const std::string& p) { (void)load_board(p); });
  }
  static void Expect(const std::string& text, const std::string& message) {
    const std::string e = Error(text);
    EXPECT_NE(e.find(message), std::string::npos) << "error: " << e << "\nwanted: " << message;
  }
};

TEST_F(PlanspielBadFile, ShippedFileIsAccepted) {
  EXPECT_EQ(Error(Shipped()), "");
}

TEST_F(PlanspielBadFile, UnknownTerrainSymbolNamesLineAndField) {
  const int line = LineOf("\".....bB..SS.\"");
  Expect(Replace(".....bB..SS.", ".....bX..SS."),
         "bad.toml:" + std::to_string(line) +
             ": field 'terrain' row y=3, x=6: unknown symbol 'X' (known: . = F f B b R S W H)");
}

TEST_F(PlanspielBadFile, RowShapesAreChecked) {
  const int line = LineOf("\".....bB..SS.\"");
  Expect(Replace(".....bB..SS.", ".....bB..SS"),
         "bad.toml:" + std::to_string(line) +
             ": field 'terrain' row y=3 has 11 fields, the board is 12 wide");
  Expect(Replace("height = 10", "height = 11"),
         "field 'terrain' has 10 rows, the board is 11 high");
  const int contour_line = LineOf("\"000011110000\",  # y=2");
  Expect(Replace("\"000011110000\",  # y=2", "\"0000111a0000\",  # y=2"),
         "bad.toml:" + std::to_string(contour_line) +
             ": field 'contour' row y=2, x=7: contour level 'a' must be a digit 0..9");
  Expect(Replace("width = 12", "width = 0"),
         "bad.toml:" + std::to_string(LineOf("width = 12")) +
             ": field 'width' must be between 1 and 100 (is 0)");
}

TEST_F(PlanspielBadFile, RoadErrorsNameTheField) {
  const int line = LineOf("\"5,0 5,1");
  // A road through a field without a road symbol.
  Expect(Replace("5,4 5,5", "5,4 4,5"),
         "bad.toml:" + std::to_string(line) + ": field 'roads': (4,5) is '.', not a road field");
  // A jump along the road.
  Expect(Replace("5,4 5,5 5,6", "5,4 5,6 5,5"),
         "bad.toml:" + std::to_string(line) +
             ": field 'roads': the road from (5,4) to (5,6) is not a step to an orthogonal "
             "neighbour");
  Expect(Replace("5,4 5,5", "5,4 five,5"), "field 'roads': bad field 'five,5' (write x,y)");
  Expect(Replace("5,4 5,5", "5,4 5,55"), "field 'roads': (5,55) is not on the board");
  // A road field on no path, and two adjacent road fields not joined.
  Expect(Replace(" 5,9\"", "\""), "field 'roads': road field (5,9) lies on no road path");
  Expect(Replace("\"5,0 5,1 5,2 5,3 5,4", "\"5,0 5,1 5,2 5,3\",\n  \"5,4"),
         "field 'roads': the road fields (5,3) and (5,4) are adjacent but no path joins them");
  // A diagonal between two road fields is refused.
  std::string t = Replace("\".....=......\",  # y=9", "\"....=.......\",  # y=9");
  t.replace(t.find(" 5,9\""), 5, " 4,9\"");
  Expect(t, "field 'roads': the road from (5,8) to (4,9) is not a step to an orthogonal neighbour");
}

TEST_F(PlanspielBadFile, BridgeListMatchesTheBridgeSymbols) {
  Expect(Replace("bridges = []", "bridges = [\"5,3\"]"),
         "bad.toml:" + std::to_string(LineOf("bridges = []")) +
             ": field 'bridges': (5,3) is not a bridge field 'H'");
  std::string t = Replace("\".....=......\",  # y=1", "\".....H......\",  # y=1");
  Expect(t, "field 'bridges': the bridge field (5,1) is not listed");
}

TEST_F(PlanspielBadFile, ProvenanceIsRequiredForEveryValue) {
  const int line = LineOf("provenance = {");
  Expect(Replace("roads = \"stand-in\", ", ""),
         "bad.toml:" + std::to_string(line) + ": field 'roads' has no provenance");
  Expect(Replace("roads = \"stand-in\"", "roads = \"guessed\""),
         "bad.toml:" + std::to_string(line) + ": unknown provenance 'guessed' of field 'roads'");
  Expect(Replace("roads = \"stand-in\"", "road = \"stand-in\""),
         "unknown field 'road' in [board] provenance");
}

TEST_F(PlanspielBadFile, StructureErrors) {
  Expect(Replace("title = ", "titel = "),
         "bad.toml:" + std::to_string(LineOf("title = ")) + ": unknown field 'titel' in [board]");
  Expect(Replace("id = \"ps-1\"", "id = \"PS 1\""),
         "field 'id' must be lower-case letters, digits and '-' (is 'PS 1')");
  Expect(Replace("width = 12", "width = \"12\""), "field 'width' must be an integer, not a string");
  Expect("[board\nid = 1\n", "bad.toml:1: TOML syntax error");
  Expect("[other]\n", "bad.toml:1: unknown field 'other' at the top level");
  Expect("", "missing field 'board'");
}

}  // namespace
}  // namespace feldherr::planspiel
