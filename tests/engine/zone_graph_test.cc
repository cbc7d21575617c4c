// ZoneGraph (geometry/zone_graph.h): adjacency, bounded reachability and shortest distance.
#include "geometry/zone_graph.h"

#include <gtest/gtest.h>

namespace feldherr {
namespace {

constexpr uint64_t kAll = ~uint64_t{0};

uint64_t nodes(std::initializer_list<int> list) {
  uint64_t b = 0;
  for (int n : list) b |= ZoneGraph::bit(n);
  return b;
}

// A 3 x 5 grid of segments numbered row by row (like Pocket Battles' 15 segments):
//    0  1  2  3  4
//    5  6  7  8  9
//   10 11 12 13 14
ZoneGraph grid() {
  ZoneGraph g(15);
  for (int r = 0; r < 3; ++r) {
    for (int c = 0; c < 5; ++c) {
      int n = r * 5 + c;
      if (c < 4) g.connect(n, n + 1);
      if (r < 2) g.connect(n, n + 5);
    }
  }
  return g;
}

TEST(ZoneGraph, ConnectIsSymmetric) {
  ZoneGraph g(4);
  g.connect(0, 3);
  EXPECT_TRUE(g.adjacent(0, 3));
  EXPECT_TRUE(g.adjacent(3, 0));
  EXPECT_FALSE(g.adjacent(0, 1));
  EXPECT_EQ(g.neighbours(0), nodes({3}));
  EXPECT_EQ(g.size(), 4);
}

TEST(ZoneGraph, ReachableExcludesStartAndRespectsSteps) {
  ZoneGraph g = grid();
  EXPECT_EQ(g.reachable(6, 1, kAll), nodes({1, 5, 7, 11}));
  EXPECT_EQ(g.reachable(6, 2, kAll), nodes({0, 1, 2, 5, 7, 8, 10, 11, 12}));
  EXPECT_EQ(g.reachable(6, 0, kAll), 0u);
}

TEST(ZoneGraph, ReachableOnlyThroughAllowedNodes) {
  ZoneGraph g = grid();
  // Column 1 blocked: from 0 only 5 and 10 remain reachable.
  uint64_t allowed = kAll & ~nodes({1, 6, 11});
  EXPECT_EQ(g.reachable(0, 10, allowed), nodes({5, 10}));
  // The start need not be allowed.
  EXPECT_EQ(g.reachable(6, 1, nodes({7})), nodes({7}));
}

TEST(ZoneGraph, DistanceIsShortestPath) {
  ZoneGraph g = grid();
  EXPECT_EQ(g.distance(0, 0, kAll), 0);
  EXPECT_EQ(g.distance(0, 1, kAll), 1);
  EXPECT_EQ(g.distance(0, 14, kAll), 6);
  EXPECT_EQ(g.distance(14, 0, kAll), 6);
}

TEST(ZoneGraph, DistanceDetoursAroundBlockedNodes) {
  ZoneGraph g = grid();
  // Block 1, 6: from 0 to 2 the path goes 0-5-10-11-12-7-2.
  EXPECT_EQ(g.distance(0, 2, kAll & ~nodes({1, 6})), 6);
  // Block the whole column 1: unreachable.
  EXPECT_EQ(g.distance(0, 2, kAll & ~nodes({1, 6, 11})), -1);
  // The target itself must be allowed.
  EXPECT_EQ(g.distance(0, 1, kAll & ~nodes({1})), -1);
}

TEST(ZoneGraph, SixtyFourNodesUseTheTopBit) {
  ZoneGraph g(64);
  for (int i = 0; i + 1 < 64; ++i) g.connect(i, i + 1);
  EXPECT_TRUE(g.adjacent(62, 63));
  EXPECT_EQ(g.distance(0, 63, kAll), 63);
  EXPECT_EQ(g.reachable(63, 1, kAll), nodes({62}));
  EXPECT_EQ(g.reachable(0, 100, kAll), kAll & ~nodes({0}));
}

}  // namespace
}  // namespace feldherr
