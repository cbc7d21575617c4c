// Hex grid basics: sheet-qualified hex ids ("A-K08"), the global doubled coordinates (C, Y)
// and axial coordinates of the White Star Rising map sheets (docs/hex-geometry.md;
// docs/rules/wsr-maps.md §1), directions, neighbours and distance.
//
// Grid (maps §1.2): every hex has a flat north and a flat south side; columns are straight
// north-south stacks; 21 columns A (west) .. U (east) per sheet; odd columns (A, C, .., U) hold
// rows 01-11, even columns (B, D, .., T) rows 01-12 and sit half a hex north of the odd ones.
// Row 01 is the north edge.
//
// Doubled coordinates (maps §1.4-1.5): column C (1-based, +20 per sheet slot eastward) and
// doubled row Y = 2r (odd column) or 2r-1 (even column), +22 per sheet slot southward. C + Y is
// always odd. Neighbour offsets are (0, +-2) and (+-1, +-1).
#pragma once

#include <array>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "engine/errors.h"

namespace feldherr {

// A bad hex id, or an id that names no hex of the layout. what() names the id and the reason.
class HexIdError : public DataError {
 public:
  using DataError::DataError;
};

// The six hexside directions, clockwise from north. Direction d and (d + 3) % 6 are opposite.
enum HexDir : int { kNorth = 0, kNorthEast, kSouthEast, kSouth, kSouthWest, kNorthWest };
inline constexpr int kHexDirs = 6;
constexpr int OppositeDir(int d) {
  return (d + 3) % 6;
}
// "N", "NE", "SE", "S", "SW", "NW".
const char* DirName(int d);

// Offsets of the six neighbours in doubled coordinates, indexed by HexDir.
inline constexpr std::array<int, 6> kDirDC = {0, 1, 1, 0, -1, -1};
inline constexpr std::array<int, 6> kDirDY = {-2, -1, 1, 2, 1, -1};

// Per sheet (maps §1.2).
inline constexpr int kSheetColumns = 21;
constexpr int RowsInColumn(int col) {
  return (col % 2 == 1) ? 11 : 12;
}
// Doubled row of hex (col, row) on its own sheet (maps §1.4).
constexpr int DoubledRow(int col, int row) {
  return (col % 2 == 1) ? 2 * row : 2 * row - 1;
}
// Sheet slot sizes in doubled coordinates (maps §1.5): 20 columns east, 22 doubled rows south.
inline constexpr int kSlotDC = 20;
inline constexpr int kSlotDY = 22;

// A hex id as written on the map: sheet letter (0 when not given), column 1..21 (A..U), row.
struct HexId {
  char sheet = 0;
  uint8_t col = 0;
  uint8_t row = 0;

  // Accepts "A-K08", "A-K8", "AK7" (sheet and column run together, as in WSR A8 "AK7"),
  // "K08" and "K8"; letters in either case. Checks the column (A-U) and the row against the
  // column's length (01-11 odd, 01-12 even). Throws HexIdError naming the id and the fault.
  static HexId Parse(std::string_view text);
  // Like Parse but returns false instead of throwing; `error` receives the message.
  static bool TryParse(std::string_view text, HexId* out, std::string* error = nullptr);

  // "A-K08", or "K08" without a sheet.
  std::string ToString() const;
  char col_letter() const { return static_cast<char>('A' + col - 1); }

  friend bool operator==(const HexId&, const HexId&) = default;
};

// Global doubled coordinates of a hex on a layout (maps §1.5).
struct HexCoord {
  int c = 0;  // column, 1-based, +20 per sheet slot eastward
  int y = 0;  // doubled row, +22 per sheet slot southward

  constexpr HexCoord Neighbour(int dir) const {
    return {c + kDirDC[static_cast<size_t>(dir)], y + kDirDY[static_cast<size_t>(dir)]};
  }
  friend constexpr bool operator==(const HexCoord&, const HexCoord&) = default;
  friend constexpr HexCoord operator+(HexCoord a, HexCoord b) { return {a.c + b.c, a.y + b.y}; }
  friend constexpr HexCoord operator-(HexCoord a, HexCoord b) { return {a.c - b.c, a.y - b.y}; }
};

// Hex distance, counting the target hex and not the origin hex (WSR 0, maps §1.4):
// d = |dC| + max(0, (|dY| - |dC|) / 2).
constexpr int HexDistance(HexCoord a, HexCoord b) {
  int dc = a.c > b.c ? a.c - b.c : b.c - a.c;
  int dy = a.y > b.y ? a.y - b.y : b.y - a.y;
  return dc + (dy > dc ? (dy - dc) / 2 : 0);
}

// Direction from a to an adjacent hex b, or -1 if they are not neighbours.
constexpr int DirTo(HexCoord a, HexCoord b) {
  for (int d = 0; d < kHexDirs; ++d) {
    if (a.Neighbour(d) == b) return d;
  }
  return -1;
}

// Axial coordinates (maps §1.4): q = C - 1, r = (Y - q) / 2. The third cube coordinate is
// s = -q - r; distance = max(|dq|, |dr|, |ds|).
struct Axial {
  int q = 0;
  int r = 0;
  friend constexpr bool operator==(const Axial&, const Axial&) = default;
};
constexpr Axial ToAxial(HexCoord h) {
  return {h.c - 1, (h.y - (h.c - 1)) / 2};
}
constexpr HexCoord FromAxial(Axial a) {
  return {a.q + 1, 2 * a.r + a.q};
}

// Coordinates of a hex id on a sheet placed in slot (slot_x, slot_y).
constexpr HexCoord SheetCoord(HexId id, int slot_x = 0, int slot_y = 0) {
  return {id.col + kSlotDC * slot_x, DoubledRow(id.col, id.row) + kSlotDY * slot_y};
}

}  // namespace feldherr
