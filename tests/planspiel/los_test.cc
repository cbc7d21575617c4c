// Planspiel line of sight: PS §7.2 with the recommended algorithm G-08, on the shipped boards
// (scenario checks S-1, S-2, S-3) and on small boards for each decision of the algorithm.
#include "games/planspiel/los.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "planspiel_test_util.h"

namespace feldherr::planspiel {
namespace {

using testing::MakeBoard;
using testing::Ps;

std::string Cells(const std::vector<LineCell>& line) {
  std::string out;
  for (const LineCell& c : line) {
    if (!out.empty()) out += " ";
    out += c.corner ? "<" : "";
    out += std::to_string(c.field.x) + "," + std::to_string(c.field.y);
    if (c.corner) out += "|" + std::to_string(c.other.x) + "," + std::to_string(c.other.y) + ">";
  }
  return out;
}

// G-08 step 1: the supercover line between two field centres, with exact corner crossings.
TEST(PlanspielLos, G_08_SupercoverLine) {
  EXPECT_EQ(Cells(SupercoverLine({0, 0}, {0, 0})), "0,0");
  EXPECT_EQ(Cells(SupercoverLine({0, 0}, {3, 0})), "0,0 1,0 2,0 3,0");
  EXPECT_EQ(Cells(SupercoverLine({0, 3}, {0, 0})), "0,3 0,2 0,1 0,0");
  EXPECT_EQ(Cells(SupercoverLine({0, 0}, {2, 2})), "0,0 <1,0|0,1> 1,1 <2,1|1,2> 2,2");
  EXPECT_EQ(Cells(SupercoverLine({2, 2}, {0, 0})), "2,2 <1,2|2,1> 1,1 <0,1|1,0> 0,0");
  // (0,0) -> (2,1): the line crosses x = 0.5 at y = 0.25 and y = 0.5 at x = 1: (1,0), then (1,1).
  EXPECT_EQ(Cells(SupercoverLine({0, 0}, {2, 1})), "0,0 1,0 1,1 2,1");
  // (0,0) -> (3,1): the line passes the corner (1.5, 0.5) exactly.
  EXPECT_EQ(Cells(SupercoverLine({0, 0}, {3, 1})), "0,0 1,0 <2,0|1,1> 2,1 3,1");
  EXPECT_EQ(Cells(SupercoverLine({5, 8}, {4, 2})), "5,8 5,7 5,6 5,5 4,5 4,4 4,3 4,2");
}

// PS §7.2: the own field is always seen; ends off the board are no line.
TEST(PlanspielLos, PS_7_2_SameFieldAndOffBoard) {
  const Board& b = Ps(1);
  EXPECT_TRUE(HasLos(b, {3, 5}, {3, 5}));
  const LosResult r = TraceLos(b, {0, 0}, {12, 0});
  EXPECT_FALSE(r.clear);
  EXPECT_EQ(r.reason, LosBlock::kOffBoard);
}

// S-1 (PS-1 §3.8 "Dead ground"): the Gutshofhöhe hides its north side from level 0 in the south;
// looking up the hill is free.
TEST(PlanspielLos, G_08_DeadGroundBehindTheHill) {
  const Board& b = Ps(1);
  const LosResult r = TraceLos(b, {4, 9}, {4, 0});
  EXPECT_FALSE(r.clear);
  EXPECT_EQ(r.reason, LosBlock::kHeight);
  EXPECT_EQ(r.at, (Field{4, 4}));  // the first level 1 field, higher than both ends
  EXPECT_FALSE(HasLos(b, {4, 0}, {4, 9}));
  EXPECT_TRUE(HasLos(b, {5, 8}, {4, 2}));  // up onto the hill
  EXPECT_TRUE(HasLos(b, {4, 2}, {5, 8}));  // and down from it
  // PS §15.8: an observation aircraft sees over the hill.
  EXPECT_TRUE(HasLos(b, {4, 9}, {4, 0}, Observer::kAircraft));
}

// S-2 (PS-2 §4.7 "Dead ground"): the Kapellenhöhe and the village.
TEST(PlanspielLos, G_08_DeadGroundBehindTheRidge) {
  const Board& b = Ps(2);
  LosResult r = TraceLos(b, {14, 6}, {8, 6});
  EXPECT_FALSE(r.clear);
  EXPECT_EQ(r.reason, LosBlock::kHeight);
  EXPECT_EQ(r.at, (Field{12, 6}));
  // To the crest at level 2: the level 1 field (12,6) is not higher than the higher end.
  EXPECT_TRUE(HasLos(b, {14, 6}, {11, 6}));
  EXPECT_TRUE(HasLos(b, {11, 6}, {14, 6}));
  // From the crest along the road to the village's west edge (4 fields) ...
  EXPECT_EQ(Distance({11, 8}, {15, 8}), 4);
  EXPECT_TRUE(HasLos(b, {11, 8}, {15, 8}));
  // ... but not through the built-up field (15,8) to (16,8).
  r = TraceLos(b, {11, 8}, {16, 8});
  EXPECT_FALSE(r.clear);
  EXPECT_EQ(r.reason, LosBlock::kSymbol);
  EXPECT_EQ(r.at, (Field{15, 8}));
}

// S-3 (PS-3 §5.7 "Sight").
TEST(PlanspielLos, G_08_Ps3SightChecks) {
  const Board& b = Ps(3);
  // The plateau hides the far lowland from level 0.
  LosResult r = TraceLos(b, {2, 7}, {21, 8});
  EXPECT_FALSE(r.clear);
  EXPECT_EQ(r.reason, LosBlock::kHeight);
  EXPECT_EQ(r.at, (Field{8, 7}));
  // Across Kreuzdorf's corner: both corner fields are built-up.
  r = TraceLos(b, {11, 7}, {12, 8});
  EXPECT_FALSE(r.clear);
  EXPECT_EQ(r.reason, LosBlock::kCorner);
  EXPECT_EQ(r.at, (Field{12, 7}));
  EXPECT_EQ(r.other, (Field{11, 8}));
  EXPECT_FALSE(HasLos(b, {12, 7}, {11, 8}));
  // Summit to summit: Kreuzdorf is in the way.
  r = TraceLos(b, {11, 3}, {12, 12});
  EXPECT_FALSE(r.clear);
  EXPECT_EQ(r.reason, LosBlock::kSymbol);
  EXPECT_EQ(b.terrain(r.at), Terrain::kBuiltUp);
  // From the forest edge field (13,5) up to the north summit: open (end fields never block).
  EXPECT_TRUE(HasLos(b, {13, 5}, {11, 3}));
  EXPECT_TRUE(HasLos(b, {11, 3}, {13, 5}));
  // And the mirror image from the other wood to the south summit.
  EXPECT_TRUE(HasLos(b, {10, 10}, {12, 12}));
}

// G-08 step 3: blocking symbols and heights; water and swamp do not block.
TEST(PlanspielLos, G_08_IntermediateFieldsBlock) {
  for (const char c : std::string("FBR")) {
    const Board b = MakeBoard({std::string(".") + c + "."});
    const LosResult r = TraceLos(b, {0, 0}, {2, 0});
    EXPECT_FALSE(r.clear) << c;
    EXPECT_EQ(r.reason, LosBlock::kSymbol) << c;
  }
  for (const char c : std::string(".=WSH")) {
    const Board b = MakeBoard({std::string(".") + c + "."});
    EXPECT_TRUE(HasLos(b, {0, 0}, {2, 0})) << c;
  }
  // Heights: a field blocks only if higher than both ends.
  const Board hill = MakeBoard({"....."}, {"01210"});
  EXPECT_FALSE(HasLos(hill, {0, 0}, {4, 0}));  // level 0 to level 0 over level 2
  EXPECT_FALSE(HasLos(hill, {1, 0}, {4, 0}));  // level 1 to level 0 over level 2
  EXPECT_TRUE(HasLos(hill, {2, 0}, {4, 0}));   // from the top down
  EXPECT_TRUE(HasLos(hill, {0, 0}, {2, 0}));   // up to the top
  const Board plateau = MakeBoard({"....."}, {"11111"});
  EXPECT_TRUE(HasLos(plateau, {0, 0}, {4, 0}));  // PS §7.2: no crest line on a layer
  const Board two = MakeBoard({"....."}, {"21112"});
  EXPECT_TRUE(HasLos(two, {0, 0}, {4, 0}));  // lower ground between two heights
}

// G-08 step 2: the end fields never block; an observer in a forest or town edge field sees out.
TEST(PlanspielLos, G_08_EndFieldsNeverBlock) {
  const Board b = MakeBoard({"F...B", ".....", "R...."});
  EXPECT_TRUE(HasLos(b, {0, 0}, {4, 0}));
  EXPECT_TRUE(HasLos(b, {4, 0}, {0, 0}));
  EXPECT_TRUE(HasLos(b, {0, 2}, {4, 0}));
  // Neighbouring blocking fields see each other.
  const Board pair = MakeBoard({"FB"});
  EXPECT_TRUE(HasLos(pair, {0, 0}, {1, 0}));
}

// G-08 step 4, PS §2.1: at a corner the two corner fields block only together.
TEST(PlanspielLos, G_08_CornerBlocksOnlyIfBothFieldsBlock) {
  // Two built-up fields meeting at the corner close the diagonal between the open fields.
  EXPECT_EQ(TraceLos(MakeBoard({".B", "B."}), {0, 0}, {1, 1}).reason, LosBlock::kCorner);
  EXPECT_EQ(TraceLos(MakeBoard({".F", "R."}), {0, 0}, {1, 1}).reason, LosBlock::kCorner);
  // One blocking field at the corner does not close it.
  EXPECT_TRUE(HasLos(MakeBoard({".B", ".."}), {0, 0}, {1, 1}));
  EXPECT_TRUE(HasLos(MakeBoard({"..", "F."}), {0, 0}, {1, 1}));
  // Swamp and water do not block sight, not even together.
  EXPECT_TRUE(HasLos(MakeBoard({".S", "W."}), {0, 0}, {1, 1}));
  // Height at the corner: two higher fields close it, one does not.
  EXPECT_FALSE(HasLos(MakeBoard({"..", ".."}, {"01", "10"}), {0, 0}, {1, 1}));
  EXPECT_TRUE(HasLos(MakeBoard({"..", ".."}, {"01", "00"}), {0, 0}, {1, 1}));
  // A forest and a higher field together close the corner.
  EXPECT_FALSE(HasLos(MakeBoard({".F", ".."}, {"00", "10"}), {0, 0}, {1, 1}));
  // The diagonal between two diagonally adjacent built-up fields is open when the corner fields
  // are open (reading of PS §2.1, see docs/rules/planspiel.md).
  EXPECT_TRUE(HasLos(MakeBoard({"B.", ".B"}), {0, 0}, {1, 1}));
  // A longer line through one corner: (0,0) -> (3,1) passes the corner of (2,0) and (1,1).
  EXPECT_FALSE(HasLos(MakeBoard({"..B.", ".B.."}), {0, 0}, {3, 1}));
  EXPECT_TRUE(HasLos(MakeBoard({"..B.", "...."}), {0, 0}, {3, 1}));
}

// PS §2.2, §7.2: inside a forest sight is limited to the own field, both ways; the forest edge
// sees out and is seen.
TEST(PlanspielLos, PS_7_2_InsideForestSeesOnlyItsOwnField) {
  const Board b = MakeBoard({".....", ".FFF.", ".FFF.", ".FFF.", "....."});
  const Field centre{2, 2};
  EXPECT_TRUE(HasLos(b, centre, centre));
  for (int d = 0; d < kSquareDirs; ++d) {
    const LosResult out = TraceLos(b, centre, Step(centre, d));
    EXPECT_FALSE(out.clear) << d;
    EXPECT_EQ(out.reason, LosBlock::kInsideForest);
    EXPECT_EQ(out.at, centre);
    EXPECT_FALSE(HasLos(b, Step(centre, d), centre)) << d;
  }
  EXPECT_FALSE(HasLos(b, centre, {0, 2}));
  // Edge fields see out of the forest and are seen from outside.
  EXPECT_TRUE(HasLos(b, {1, 2}, {0, 2}));
  EXPECT_TRUE(HasLos(b, {0, 0}, {1, 1}));
  // ... but not through the forest: the far edge is hidden behind the centre.
  EXPECT_FALSE(HasLos(b, {0, 2}, {3, 2}));
  // Observation aircraft see into the forest (PS §15.8).
  EXPECT_TRUE(HasLos(b, {0, 0}, centre, Observer::kAircraft));
}

// PS §7.2: sight is symmetric (centre to centre both ways) on every pair of fields of every
// shipped board.
TEST(PlanspielLos, PS_7_2_SightIsSymmetricOnTheShippedBoards) {
  for (int n = 1; n <= 3; ++n) {
    const Board& b = Ps(n);
    int visible = 0, pairs = 0;
    for (int i = 0; i < b.width() * b.height(); ++i) {
      for (int j = i + 1; j < b.width() * b.height(); ++j) {
        const Field p{i % b.width(), i / b.width()}, q{j % b.width(), j / b.width()};
        const bool pq = HasLos(b, p, q), qp = HasLos(b, q, p);
        ASSERT_EQ(pq, qp) << "PS-" << n << " " << p.x << "," << p.y << " " << q.x << "," << q.y;
        visible += pq ? 1 : 0;
        ++pairs;
      }
    }
    // Each board has both visible and hidden pairs.
    EXPECT_GT(visible, 0);
    EXPECT_LT(visible, pairs);
  }
}

}  // namespace
}  // namespace feldherr::planspiel
