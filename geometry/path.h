// Shortest paths and movement ranges on a HexLayout with a pluggable cost function.
//
// The cost function is called as cost(from, to, dir) for a step from hex index `from` into its
// neighbour `to` across hexside `dir` (HexDir of `from`) and returns the cost of that step
// (entering the hex and crossing the hexside, e.g. terrain per target class, road, river), or
// kImpassable (any negative value) when the step is not allowed. Costs are integers (use
// half-MP units if a chart has halves).
#pragma once

#include <algorithm>
#include <cstdint>
#include <functional>
#include <queue>
#include <utility>
#include <vector>

#include "geometry/hex_map.h"

namespace feldherr {

inline constexpr int kImpassable = -1;

struct PathResult {
  int cost = -1;           // total cost, -1 when no path exists
  std::vector<int> hexes;  // from .. to inclusive; empty when no path exists
  bool found() const { return cost >= 0; }
};

// A* from `from` to `to`. `min_step_cost` must not exceed the cost of any allowed step; it makes
// the search goal-directed (distance * min_step_cost is the admissible heuristic). With 0 it is
// Dijkstra. Ties are broken by hex index, so the path is deterministic.
template <class CostFn>
PathResult ShortestPath(const HexLayout& layout, int from, int to, CostFn&& cost,
                        int min_step_cost = 0) {
  PathResult out;
  const int n = layout.size();
  if (from < 0 || to < 0 || from >= n || to >= n) return out;
  std::vector<int> best(static_cast<size_t>(n), -1);
  std::vector<int> parent(static_cast<size_t>(n), -1);
  std::vector<uint8_t> done(static_cast<size_t>(n), 0);
  using Item = std::pair<std::pair<int, int>, int>;  // ((f, hex), g)
  std::priority_queue<Item, std::vector<Item>, std::greater<Item>> open;
  auto h = [&](int i) { return min_step_cost * layout.Distance(i, to); };
  best[static_cast<size_t>(from)] = 0;
  open.push({{h(from), from}, 0});
  while (!open.empty()) {
    auto [fi, g] = open.top();
    open.pop();
    int cur = fi.second;
    if (done[static_cast<size_t>(cur)] || g != best[static_cast<size_t>(cur)]) continue;
    done[static_cast<size_t>(cur)] = 1;
    if (cur == to) break;
    for (int d = 0; d < kHexDirs; ++d) {
      int nb = layout.Neighbour(cur, d);
      if (nb < 0 || done[static_cast<size_t>(nb)]) continue;
      int c = cost(cur, nb, d);
      if (c < 0) continue;
      int ng = g + c;
      int& b = best[static_cast<size_t>(nb)];
      if (b < 0 || ng < b) {
        b = ng;
        parent[static_cast<size_t>(nb)] = cur;
        open.push({{ng + h(nb), nb}, ng});
      }
    }
  }
  if (best[static_cast<size_t>(to)] < 0) return out;
  out.cost = best[static_cast<size_t>(to)];
  for (int i = to; i != -1; i = parent[static_cast<size_t>(i)]) out.hexes.push_back(i);
  std::reverse(out.hexes.begin(), out.hexes.end());
  return out;
}

// Dijkstra from `from`: the least cost to reach every hex, or -1 where it is unreachable within
// `budget` (pass a negative budget for no limit). The movement range of a unit with `budget`
// points is every hex with a value >= 0.
template <class CostFn>
std::vector<int> CostsFrom(const HexLayout& layout, int from, CostFn&& cost, int budget = -1) {
  const int n = layout.size();
  std::vector<int> best(static_cast<size_t>(n), -1);
  if (from < 0 || from >= n) return best;
  using Item = std::pair<int, int>;  // (g, hex)
  std::priority_queue<Item, std::vector<Item>, std::greater<Item>> open;
  best[static_cast<size_t>(from)] = 0;
  open.push({0, from});
  while (!open.empty()) {
    auto [g, cur] = open.top();
    open.pop();
    if (g != best[static_cast<size_t>(cur)]) continue;
    for (int d = 0; d < kHexDirs; ++d) {
      int nb = layout.Neighbour(cur, d);
      if (nb < 0) continue;
      int c = cost(cur, nb, d);
      if (c < 0) continue;
      int ng = g + c;
      if (budget >= 0 && ng > budget) continue;
      int& b = best[static_cast<size_t>(nb)];
      if (b < 0 || ng < b) {
        b = ng;
        open.push({ng, nb});
      }
    }
  }
  return best;
}

}  // namespace feldherr
