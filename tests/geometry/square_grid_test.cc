// Square grid (geometry/square_grid.h): directions, distances and the one-diagonal rule of Rivet
// Wars (RW §8.2 range, RW §9 movement; spec ambiguity R3).
#include "geometry/square_grid.h"

#include <gtest/gtest.h>

namespace feldherr {
namespace {

TEST(SquareGrid, DirectionsAreClockwiseAndOpposite) {
  EXPECT_STREQ(SquareDirName(0), "N");
  EXPECT_STREQ(SquareDirName(3), "SE");
  EXPECT_STREQ(SquareDirName(7), "NW");
  for (int d = 0; d < kSquareDirs; ++d) {
    const SquareCell c = Step(Step({5, 5}, d), RotateSquareDir(d, 4));
    EXPECT_EQ(c, (SquareCell{5, 5})) << d;
    EXPECT_EQ(IsDiagonalDir(d), d % 2 == 1);
    EXPECT_EQ(DirectionTo({5, 5}, Step({5, 5}, d)), d);
  }
  EXPECT_EQ(DirectionTo({0, 0}, {2, 0}), -1);
  EXPECT_EQ(RotateSquareDir(1, -2), 7);
}

// RW §8.2 [REC] R3: range counts at most one diagonal step.
TEST(SquareGrid, Rw8_2_OneDiagonalDistance) {
  EXPECT_EQ(OneDiagonalDistance({0, 0}, {0, 0}), 0);
  EXPECT_EQ(OneDiagonalDistance({0, 0}, {1, 1}), 1);  // one diagonal step
  EXPECT_EQ(OneDiagonalDistance({0, 0}, {2, 2}), 3);  // one diagonal + two orthogonal
  EXPECT_EQ(OneDiagonalDistance({0, 0}, {3, 0}), 3);
  EXPECT_EQ(OneDiagonalDistance({3, 1}, {0, 0}), 3);
  EXPECT_EQ(OneDiagonalDistance({0, 0}, {3, 4}), 6);
  EXPECT_EQ(ManhattanDistance({0, 0}, {3, 4}), 7);
  EXPECT_EQ(ChebyshevDistance({0, 0}, {3, 4}), 4);
}

TEST(SquareGrid, NeighboursStayInside) {
  SquareGrid g(9, 6);
  EXPECT_EQ(g.neighbours({0, 0}).size(), 3u);
  EXPECT_EQ(g.neighbours({4, 0}).size(), 5u);
  EXPECT_EQ(g.neighbours({4, 3}).size(), 8u);
  EXPECT_EQ(g.index({2, 1}), 11);
  EXPECT_EQ(g.cell(11), (SquareCell{2, 1}));
  EXPECT_FALSE(g.contains({9, 0}));
  EXPECT_FALSE(g.contains({0, -1}));
}

// RW §9 / spec test 12: with 2 MP a unit may not take two diagonal steps in one activation.
TEST(SquareGrid, Rw9_AtMostOneDiagonalPerMove) {
  SquareGrid g(5, 5);
  auto all = [](SquareCell) { return true; };
  const auto r = g.reachable({0, 0}, 2, 1, all, all);
  EXPECT_EQ(r.points[static_cast<size_t>(g.index({1, 1}))], 1);
  EXPECT_EQ(r.points[static_cast<size_t>(g.index({2, 2}))], -1);  // would need 2 diagonals
  EXPECT_EQ(r.points[static_cast<size_t>(g.index({2, 1}))], 2);
  EXPECT_EQ(r.points[static_cast<size_t>(g.index({0, 2}))], 2);
  // Already used the diagonal: only orthogonal steps remain.
  const auto r0 = g.reachable({0, 0}, 2, 0, all, all);
  EXPECT_EQ(r0.points[static_cast<size_t>(g.index({1, 1}))], 2);
  EXPECT_EQ(r0.diagonals[static_cast<size_t>(g.index({1, 1}))], 0);
}

// RW §9: a blocked cell cannot be entered, but a diagonal step squeezes between two blocked
// cells.
TEST(SquareGrid, Rw9_DiagonalSqueezeBetweenBlockedCells) {
  SquareGrid g(3, 3);
  auto enter = [](SquareCell c) { return !(c == SquareCell{1, 0}) && !(c == SquareCell{0, 1}); };
  auto all = [](SquareCell) { return true; };
  const auto r = g.reachable({0, 0}, 1, 1, enter, all);
  EXPECT_EQ(r.points[static_cast<size_t>(g.index({1, 1}))], 1);
  EXPECT_EQ(r.points[static_cast<size_t>(g.index({1, 0}))], -1);
  // A cell one may enter but not leave (may_pass false) ends the path.
  auto stop = [](SquareCell c) { return !(c == SquareCell{1, 1}); };
  const auto r2 = g.reachable({0, 0}, 3, 1, all, stop);
  EXPECT_EQ(r2.points[static_cast<size_t>(g.index({1, 1}))], 1);
  EXPECT_EQ(r2.points[static_cast<size_t>(g.index({2, 2}))], 3);  // around, not through
}

}  // namespace
}  // namespace feldherr
