// Planspiel Zweiter Weltkrieg: the board (docs/planspiel.md; rules reference
// docs/rules/planspiel.md). Square fields of one LE addressed (x, y), x growing east and y growing
// south (PS §2.1, geometry/square_grid.h); per field a terrain symbol, a road flag and the number
// of contour layers under it (PS §2.2). Pure functions on the board: distance (G-02), passability
// for foot troops and vehicles (PS §6.5, G-04), road steps (G-12), the diagonal corner rule
// (PS §2.1, G-03), defiles (PS §2.3), forest and town edges (G-54) and the board edge (PS §2.4).
// Line of sight is in games/planspiel/los.h; loading boards from data in games/planspiel/data.h.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "geometry/square_grid.h"

namespace feldherr::planspiel {

using Field = SquareCell;

// The terrain symbol of a field (PS §2.2). A road is a flag on top of open, forest or built-up
// ground; a bridge is a road field over water and always a defile (PS §2.3).
enum class Terrain : uint8_t {
  kOpen,     // no symbol
  kForest,   // "Hochwald"
  kBuiltUp,  // "Siedlung"
  kRocks,    // "Felsen"
  kSwamp,    // "Sumpf", moor
  kWater,    // broad water ("Gewässer")
  kBridge,   // fixed bridge ("feste Brücke"): road, defile
};
inline constexpr int kNumTerrains = 7;
const char* terrain_name(Terrain t);  // "open", "forest", ...

// One character of a terrain row (scenarios §1.3 legend): '.', '=', 'F', 'f', 'B', 'b', 'R', 'S',
// 'W', 'H'. False for any other character.
bool ParseTerrainChar(char c, Terrain& terrain, bool& road);
// The character of a field (inverse of ParseTerrainChar).
char TerrainChar(Terrain terrain, bool road);

// The kinds of mover that differ on the board (PS §6.5): foot troops with portable weapons, and
// vehicles with towed weapons.
enum class Mover : uint8_t { kFoot, kVehicle };

// Orthogonal road links of a field, one bit per direction.
enum RoadLink : uint8_t { kRoadN = 1, kRoadE = 2, kRoadS = 4, kRoadW = 8 };

class Board {
 public:
  Board() = default;
  Board(int width, int height);

  int width() const { return width_; }
  int height() const { return height_; }
  // PS §2.4: whether a field lies on the board.
  bool on_board(Field f) const { return f.x >= 0 && f.y >= 0 && f.x < width_ && f.y < height_; }
  int index(Field f) const { return f.y * width_ + f.x; }

  // Field properties; the field must be on the board.
  Terrain terrain(Field f) const { return terrain_[Idx(f)]; }
  bool road(Field f) const { return road_[Idx(f)] != 0; }
  int contour(Field f) const { return contour_[Idx(f)]; }  // h(f), contour layers (10 m each)
  uint8_t road_links(Field f) const { return links_[Idx(f)]; }

  void set_terrain(Field f, Terrain t, bool road);
  void set_contour(Field f, int layers);
  // Joins two orthogonally adjacent road fields (a road runs through both centres). Returns false
  // (and joins nothing) if they are not orthogonal neighbours on the board or not both road fields.
  bool link_road(Field a, Field b);

  // The terrain row y as characters (scenarios §1.3), for messages and tests.
  std::string terrain_row(int y) const;

 private:
  size_t Idx(Field f) const { return static_cast<size_t>(index(f)); }
  int width_ = 0;
  int height_ = 0;
  std::vector<Terrain> terrain_;
  std::vector<uint8_t> road_;
  std::vector<uint8_t> contour_;
  std::vector<uint8_t> links_;
};

// PS §2.1, G-02: every distance of the game (movement, ranges, detection) is the Chebyshev
// distance max(|dx|, |dy|); a diagonal step costs one LE like an orthogonal one. 0 = same field.
inline int Distance(Field a, Field b) {
  return ChebyshevDistance(a, b);
}

// PS §7.2, G-08: B(f), the symbols nothing but high-angle fire passes over (forest, buildings,
// rocks). Water, swamp, open ground, roads and bridges do not block.
bool BlocksSight(Terrain t);
// PS §2.3: the impassable symbols that form a defile (buildings, forest, swamp, rocks, water). A
// built-up or forest field with a road still counts (G-04).
bool DefileSymbol(Terrain t);
// PS §2.2, §6.5: whether the mover may stand in a field of this terrain at all. Foot troops: all
// but rocks, swamp and water. Vehicles: open, road fields (also forest or built-up with a road,
// G-04) and bridges.
bool Passable(const Board& b, Field f, Mover m);

// G-12: a road step is an orthogonal step between two road fields joined by a road. Roads run
// through field centres and never along diagonals (PS §2.2), so a diagonal step is never one.
bool IsRoadStep(const Board& b, Field from, Field to);

// PS §2.1: the two orthogonal fields that flank the diagonal step from -> to (B and C of the
// rule). The step must be diagonal.
std::array<Field, 2> DiagonalFlanks(Field from, Field to);

enum class StepResult : uint8_t {
  kOk,
  kNotAdjacent,     // not a step to one of the eight neighbours
  kLeavesBoard,     // PS §2.4: the step leaves the board; the unit is lost
  kImpassable,      // PS §6.5: the mover cannot enter the target field
  kOffRoad,         // G-04: a vehicle enters or leaves a forest or built-up field off the road
  kDiagonalCorner,  // PS §2.1: the diagonal is not possible through either flanking field
};
const char* step_result_name(StepResult r);

// Whether one step of the mover from `from` (on the board) to a neighbouring field is possible on
// the terrain (units, mines and markers are not the board's business):
//   * PS §2.4: a step off the board gives kLeavesBoard (allowed, but the unit counts as lost);
//   * PS §6.5: the target field must be passable for the mover;
//   * G-04: a vehicle enters and leaves a forest or built-up field only along its road, i.e. such
//     a step must be a road step (the scenarios' reading "vehicles use them only along the road");
//   * PS §2.1: a diagonal step is allowed only if the same move is possible through at least one
//     of the two flanking fields, i.e. both orthogonal steps via that field are possible. This also
//     closes, for vehicles, every diagonal between two impassable fields touching at a corner.
StepResult CanStep(const Board& b, Field from, Field to, Mover m);

// PS §2.3 defiles. An axis of movement: north-south or east-west.
enum class Axis : uint8_t { kNorthSouth, kEastWest };
const char* axis_name(Axis a);
// The two lateral neighbours of a field seen along the axis (west and east for north-south
// movement, north and south for east-west movement); they may lie off the board.
std::array<Field, 2> LateralNeighbours(Field f, Axis a);
// PS §2.3, G-04: the field is a defile for movement along the axis if it is a bridge, or if a
// vehicle may stand in it and both lateral neighbours lie on the board and carry an impassable
// symbol (DefileSymbol). A field that vehicles cannot use is never a defile (the defile rules bind
// vehicles only; pure figure bases are exempt), and an off-board neighbour is no symbol.
bool IsDefile(const Board& b, Field f, Axis a);
// The defile rule for a step into or through the field in direction `dir` (0..7, SquareDir): an
// orthogonal step uses its axis; a diagonal step moves along both axes, so the field is a defile
// for it if it is one for either axis (docs/rules/planspiel.md, PS §2.3 reading).
bool IsDefileForStep(const Board& b, Field f, int dir);
// Whether the field is a defile for any direction (PS §2.3).
bool IsDefileAnyDirection(const Board& b, Field f);

// G-54: a forest or built-up field is an edge field if at least one neighbouring field on the
// board (orthogonal or diagonal) does not carry the same kind of symbol.
bool IsEdgeField(const Board& b, Field f);
// PS §2.2, §7.2: a forest field whose neighbours on the board are all forest is inside the forest
// (not an edge field, G-54); sight from and into it is limited to its own field.
bool IsInsideForest(const Board& b, Field f);

// PS §2.4: the fields on the board's edge (x = 0, y = 0, x = width - 1 or y = height - 1).
bool IsBoardEdgeField(const Board& b, Field f);
// Scenarios §1.6: the other fields of the same board edge as the edge field e, at most `within`
// fields away, nearest first (west or north first on a tie). A corner field belongs to both of
// its edges. Empty if e is not an edge field.
std::vector<Field> SameEdgeFieldsWithin(const Board& b, Field e, int within);

}  // namespace feldherr::planspiel
