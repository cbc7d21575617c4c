// Square grids (docs/rivet.md "Geometry"): cells addressed by (x, y) with x growing east and y
// growing south, the eight compass directions, Chebyshev/Manhattan distances, and the "at most
// one diagonal step" metric and step rule of Rivet Wars (RW §8.2, §9; spec ambiguity R3):
//
//   one_diagonal_distance(a, b) = |dx| + |dy| - min(1, |dx|, |dy|)
//
// i.e. a path may use one diagonal step and otherwise orthogonal steps. The grid is generic (any
// width and height); games lay their own units on it (Rivet Wars uses it twice: for segments and
// for the 2x2 fields of a segment).
#pragma once

#include <array>
#include <cstdlib>
#include <functional>
#include <vector>

namespace feldherr {

struct SquareCell {
  int x = 0;
  int y = 0;
  friend bool operator==(const SquareCell& a, const SquareCell& b) {
    return a.x == b.x && a.y == b.y;
  }
  friend bool operator!=(const SquareCell& a, const SquareCell& b) { return !(a == b); }
};

// The eight directions, clockwise from north. Direction d and (d + 4) % 8 are opposite; even
// directions are orthogonal, odd ones diagonal.
enum class SquareDir : int { kN = 0, kNE, kE, kSE, kS, kSW, kW, kNW };
inline constexpr int kSquareDirs = 8;
inline constexpr std::array<int, 8> kSquareDX = {0, 1, 1, 1, 0, -1, -1, -1};
inline constexpr std::array<int, 8> kSquareDY = {-1, -1, 0, 1, 1, 1, 0, -1};
constexpr bool IsDiagonalDir(int d) {
  return (d & 1) == 1;
}
// "N", "NE", ... "NW".
const char* SquareDirName(int d);
// The direction rotated by `eighths` steps clockwise (negative: counter-clockwise).
constexpr int RotateSquareDir(int d, int eighths) {
  return ((d + eighths) % 8 + 8) % 8;
}
inline SquareCell Step(SquareCell c, int dir) {
  return {c.x + kSquareDX[static_cast<size_t>(dir)], c.y + kSquareDY[static_cast<size_t>(dir)]};
}

inline int ManhattanDistance(SquareCell a, SquareCell b) {
  return std::abs(a.x - b.x) + std::abs(a.y - b.y);
}
inline int ChebyshevDistance(SquareCell a, SquareCell b) {
  const int dx = std::abs(a.x - b.x), dy = std::abs(a.y - b.y);
  return dx > dy ? dx : dy;
}
// Shortest path length with at most one diagonal step (RW §8.2 [REC] R3).
int OneDiagonalDistance(SquareCell a, SquareCell b);
// True if a and b touch orthogonally or diagonally (and differ).
inline bool Adjacent8(SquareCell a, SquareCell b) {
  return a != b && ChebyshevDistance(a, b) == 1;
}
// The direction from a to an adjacent cell b, or -1 if b is not adjacent.
int DirectionTo(SquareCell a, SquareCell b);

// A rectangular grid of width x height cells, numbered row by row (index = y * width + x).
class SquareGrid {
 public:
  SquareGrid() = default;
  SquareGrid(int width, int height) : width_(width), height_(height) {}
  int width() const { return width_; }
  int height() const { return height_; }
  int size() const { return width_ * height_; }
  bool contains(SquareCell c) const {
    return c.x >= 0 && c.y >= 0 && c.x < width_ && c.y < height_;
  }
  int index(SquareCell c) const { return c.y * width_ + c.x; }
  SquareCell cell(int index) const { return {index % width_, index / width_}; }
  // The in-grid neighbours of c in direction order (up to 8).
  std::vector<SquareCell> neighbours(SquareCell c) const;

  // Movement with the one-diagonal rule (RW §9): every cell reachable from `from` in at most
  // `points` steps of one cell each, using at most `diagonals_allowed` diagonal steps (1 in
  // Rivet Wars; pass 0 if the diagonal was already used). `may_enter(c)` says whether a step may
  // end in c; `may_pass(c)` whether a path may continue from c (e.g. false after entering an
  // enemy-free but stopping cell). The result holds, per cell index, the fewest diagonals used to
  // reach it with the fewest points among paths that reach it (-1 = unreachable); `from` is 0.
  struct Reach {
    std::vector<int> points;     // steps used, -1 if unreachable
    std::vector<int> diagonals;  // diagonals used on that path
  };
  Reach reachable(SquareCell from, int points, int diagonals_allowed,
                  const std::function<bool(SquareCell)>& may_enter,
                  const std::function<bool(SquareCell)>& may_pass) const;

 private:
  int width_ = 0;
  int height_ = 0;
};

}  // namespace feldherr
