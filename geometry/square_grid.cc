// Square grids: see square_grid.h.
#include "geometry/square_grid.h"

#include <algorithm>
#include <deque>

namespace feldherr {

const char* SquareDirName(int d) {
  static constexpr std::array<const char*, 8> kNames = {"N", "NE", "E", "SE", "S", "SW", "W", "NW"};
  if (d < 0 || d >= kSquareDirs) return "?";
  return kNames[static_cast<size_t>(d)];
}

int OneDiagonalDistance(SquareCell a, SquareCell b) {
  const int dx = std::abs(a.x - b.x), dy = std::abs(a.y - b.y);
  return dx + dy - std::min({1, dx, dy});
}

int DirectionTo(SquareCell a, SquareCell b) {
  if (!Adjacent8(a, b)) return -1;
  for (int d = 0; d < kSquareDirs; ++d)
    if (Step(a, d) == b) return d;
  return -1;
}

std::vector<SquareCell> SquareGrid::neighbours(SquareCell c) const {
  std::vector<SquareCell> out;
  for (int d = 0; d < kSquareDirs; ++d) {
    const SquareCell n = Step(c, d);
    if (contains(n)) out.push_back(n);
  }
  return out;
}

SquareGrid::Reach SquareGrid::reachable(SquareCell from, int points, int diagonals_allowed,
                                        const std::function<bool(SquareCell)>& may_enter,
                                        const std::function<bool(SquareCell)>& may_pass) const {
  // Breadth-first search over (cell, diagonals used): a path that used its diagonal is a
  // different search state from one that did not, because only the latter may still step
  // diagonally.
  const int layers = std::max(0, diagonals_allowed) + 1;
  std::vector<int> dist(static_cast<size_t>(size() * layers), -1);
  auto at = [&](SquareCell c, int diag) -> int& {
    return dist[static_cast<size_t>(diag * size() + index(c))];
  };
  Reach r;
  r.points.assign(static_cast<size_t>(size()), -1);
  r.diagonals.assign(static_cast<size_t>(size()), -1);
  if (!contains(from)) return r;
  std::deque<std::pair<SquareCell, int>> queue;
  at(from, 0) = 0;
  queue.emplace_back(from, 0);
  while (!queue.empty()) {
    const auto [c, diag] = queue.front();
    queue.pop_front();
    const int d0 = at(c, diag);
    if (d0 >= points) continue;
    if (c != from && !may_pass(c)) continue;
    for (int d = 0; d < kSquareDirs; ++d) {
      const SquareCell n = Step(c, d);
      if (!contains(n)) continue;
      const int nd = diag + (IsDiagonalDir(d) ? 1 : 0);
      if (nd >= layers) continue;
      if (!may_enter(n)) continue;
      if (at(n, nd) != -1) continue;
      at(n, nd) = d0 + 1;
      queue.emplace_back(n, nd);
    }
  }
  for (int i = 0; i < size(); ++i) {
    for (int diag = 0; diag < layers; ++diag) {
      const int v = dist[static_cast<size_t>(diag * size() + i)];
      if (v < 0) continue;
      auto& p = r.points[static_cast<size_t>(i)];
      if (p < 0 || v < p) {
        p = v;
        r.diagonals[static_cast<size_t>(i)] = diag;
      }
    }
  }
  return r;
}

}  // namespace feldherr
