// Shortest paths and movement ranges with pluggable costs (geometry/path.h).
#include "geometry/path.h"

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <map>
#include <set>
#include <string>

namespace feldherr {
namespace {

// A drawn map on sheet A, columns J-N, rows 03-07 (only these cost anything special):
//   road:   K03 - K04 - L05 - M05 - N06 (costs 1 per step from road hex to road hex)
//   woods:  L03 L04 M04 (cost 4 for hard targets, 2 for soft targets)
//   river:  M06 M07 (impassable)
//   clear:  everything else, cost 2 (hard) / 2 (soft)
struct DrawnMap {
  HexLayout layout = HexLayout::Single('A');
  std::set<int> road, woods, river;
  DrawnMap() {
    for (const char* h : {"K03", "K04", "L05", "M05", "N06"}) road.insert(layout.Index(h));
    for (const char* h : {"L03", "L04", "M04"}) woods.insert(layout.Index(h));
    for (const char* h : {"M06", "M07"}) river.insert(layout.Index(h));
  }
  int Cost(int from, int to, bool hard) const {
    if (river.count(to)) return kImpassable;
    if (road.count(from) && road.count(to)) {
      // The road runs along the listed path only.
      static const std::vector<std::string> path = {"A-K03", "A-K04", "A-L05", "A-M05", "A-N06"};
      auto pos = [&](int h) {
        return std::find(path.begin(), path.end(), layout.Name(h)) - path.begin();
      };
      if (std::abs(pos(from) - pos(to)) == 1) return 1;
    }
    if (woods.count(to)) return hard ? 4 : 2;
    return 2;
  }
};

std::vector<std::string> PathNames(const HexLayout& l, const std::vector<int>& hexes) {
  std::vector<std::string> out;
  for (int h : hexes) out.push_back(l.Name(h));
  return out;
}

TEST(HexPath, ShortestPathFollowsRoadAndAvoidsRiver) {
  DrawnMap m;
  const HexLayout& l = m.layout;
  auto hard = [&](int a, int b, int) { return m.Cost(a, b, true); };
  PathResult p = ShortestPath(l, l.Index("K03"), l.Index("N06"), hard, 1);
  ASSERT_TRUE(p.found());
  EXPECT_EQ(p.cost, 4);
  EXPECT_EQ(PathNames(l, p.hexes),
            (std::vector<std::string>{"A-K03", "A-K04", "A-L05", "A-M05", "A-N06"}));
  // Across the river: M06/M07 impassable, so K07 -> O07 must go round.
  PathResult q = ShortestPath(l, l.Index("L07"), l.Index("N07"), hard, 1);
  ASSERT_TRUE(q.found());
  for (int h : q.hexes) EXPECT_FALSE(m.river.count(h)) << l.Name(h);
  // L07 -> L06 (2) -> M05 (2) -> road M05 - N06 (1) -> N07 (2); the direct route over M07 is
  // closed and the way round the south end costs 8.
  EXPECT_EQ(q.cost, 7);
  EXPECT_EQ(PathNames(l, q.hexes),
            (std::vector<std::string>{"A-L07", "A-L06", "A-M05", "A-N06", "A-N07"}));
}

TEST(HexPath, CostsDependOnTargetClass) {
  DrawnMap m;
  const HexLayout& l = m.layout;
  auto hard = [&](int a, int b, int) { return m.Cost(a, b, true); };
  auto soft = [&](int a, int b, int) { return m.Cost(a, b, false); };
  // Entering the woods L03 costs 2 for soft and 4 for hard targets.
  PathResult s = ShortestPath(l, l.Index("K02"), l.Index("L03"), soft);
  PathResult h = ShortestPath(l, l.Index("K02"), l.Index("L03"), hard);
  EXPECT_EQ(s.cost, 2);
  EXPECT_EQ(h.cost, 4);
  // Movement range: with 4 MP a hard target at K03 reaches N06 by road (4 x 1) but not the
  // woods M04 (road to L05 2, then woods 4 = 6 > 4); a soft target reaches it for 2 + 2.
  std::vector<int> costs = CostsFrom(l, l.Index("K03"), hard, 4);
  EXPECT_EQ(costs[static_cast<size_t>(l.Index("N06"))], 4);
  EXPECT_EQ(costs[static_cast<size_t>(l.Index("L04"))], 4);
  EXPECT_EQ(costs[static_cast<size_t>(l.Index("M04"))], -1);
  EXPECT_EQ(costs[static_cast<size_t>(l.Index("K03"))], 0);
  std::vector<int> soft_costs = CostsFrom(l, l.Index("K03"), soft, 4);
  EXPECT_EQ(soft_costs[static_cast<size_t>(l.Index("M04"))], 4);
  // No path into a river hex.
  EXPECT_FALSE(ShortestPath(l, l.Index("K03"), l.Index("M06"), hard).found());
}

TEST(HexPath, HexsideCostsSeeTheDirection) {
  HexLayout l = HexLayout::Single('A');
  // A wall on the south side of K05: stepping K05 -> K06 (or back) is not allowed.
  int k05 = l.Index("K05"), k06 = l.Index("K06");
  auto cost = [&](int a, int b, int dir) {
    if ((a == k05 && dir == kSouth) || (a == k06 && dir == kNorth)) return kImpassable;
    return 1;
  };
  PathResult p = ShortestPath(l, k05, k06, cost, 1);
  EXPECT_EQ(p.cost, 2);
  EXPECT_EQ(p.hexes.size(), 3u);
}

RC_GTEST_PROP(HexPath, AStarEqualsDijkstraAndUnitCostEqualsDistance, ()) {
  static const HexLayout l({{'A', 0, 0}, {'C', 1, 0}});
  int a = *rc::gen::inRange(0, l.size());
  int b = *rc::gen::inRange(0, l.size());
  auto unit = [](int, int, int) { return 1; };
  PathResult p = ShortestPath(l, a, b, unit, 1);
  RC_ASSERT(p.cost == l.Distance(a, b));
  RC_ASSERT(p.hexes.size() == static_cast<size_t>(p.cost + 1));
  for (size_t i = 0; i + 1 < p.hexes.size(); ++i) RC_ASSERT(l.Adjacent(p.hexes[i], p.hexes[i + 1]));
  // Terrain-like costs: A* with an admissible heuristic matches Dijkstra.
  auto varied = [&](int, int to, int) { return 1 + (l.coord(to).c * 7 + l.coord(to).y * 3) % 4; };
  PathResult q = ShortestPath(l, a, b, varied, 1);
  std::vector<int> all = CostsFrom(l, a, varied);
  RC_ASSERT(q.cost == all[static_cast<size_t>(b)]);
}

}  // namespace
}  // namespace feldherr
