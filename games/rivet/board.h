// Rivet Wars map composition (RW §3, §12; content §0.2, §4, §5): a mission's tile grid of
// 3x3-segment faces, its overlay of territories and deployment segments, and its terrain
// pieces, as one board of segments (each 2x2 fields) on a square grid (geometry/square_grid.h).
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "games/rivet/data.h"
#include "geometry/square_grid.h"

namespace feldherr::rivet {

inline constexpr int kNoMansLand = -1;
// The most segments a board has: a tile grid of 5x5 tiles of 3x3 segments (RW §12).
inline constexpr int kMaxSegments = 225;

struct Board {
  int cols = 0;  // segment columns (a = 0, west to east)
  int rows = 0;  // segment rows (1 = 0, north to south; Bismark at the north edge, content §0.2)
  std::vector<int> territory;                  // per segment: kAllies, kBismark or kNoMansLand
  std::vector<std::array<bool, 2>> deploy;     // per segment: deployment segment of a faction
  std::vector<std::array<bool, 4>> duckboard;  // per segment and field (printed duckboards)
  std::vector<TerrainPiece> terrain;           // the mission's pieces at the start
  // Per pair of segments a * num_segments() + b: their distance (RW §8.2 R3, one diagonal step
  // counted once; geometry/square_grid.h OneDiagonalDistance), filled by compose_board (perf: the
  // heuristic and the range checks ask it of every unit pair).
  std::vector<uint8_t> seg_distance;
  // Per faction and segment: the distance to that faction's nearest deployment segment (99: it
  // has none), filled by compose_board.
  std::array<std::vector<uint8_t>, 2> deploy_distance;

  SquareGrid grid() const { return SquareGrid(cols, rows); }
  int num_segments() const { return cols * rows; }
  int seg(int col, int row) const { return row * cols + col; }
  SquareCell cell(int s) const { return {s % cols, s / cols}; }
  int distance(int a, int b) const {
    return seg_distance[static_cast<size_t>(a * num_segments() + b)];
  }
  bool on_board(SquareCell c) const { return c.x >= 0 && c.y >= 0 && c.x < cols && c.y < rows; }
  std::string seg_name(int s) const;          // "e5"
  int parse_seg(const std::string& s) const;  // -1 if not a segment of this board
};

// Builds and validates the board of a mission. Throws DataError("FILE:LINE: ...") naming the
// mission's line if the tile grid names unknown faces or the terrain breaks the content rules
// (C1 pairs, one piece per field, no wire or minefield in deployment or SO segments, at most 6
// pieces of a type, deployment segments inside their own territory).
Board compose_board(const RivetData& data, const Mission& mission);

}  // namespace feldherr::rivet
