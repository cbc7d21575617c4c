// Planspiel board (games/planspiel/board.h). Rule ids refer to docs/rules/planspiel.md.
#include "games/planspiel/board.h"

#include <algorithm>
#include <cstdlib>

namespace feldherr::planspiel {

const char* terrain_name(Terrain t) {
  static constexpr std::array<const char*, kNumTerrains> kNames = {
      "open", "forest", "built-up", "rocks", "swamp", "water", "bridge"};
  return kNames[static_cast<size_t>(t)];
}

bool ParseTerrainChar(char c, Terrain& terrain, bool& road) {
  road = c == '=' || c == 'f' || c == 'b' || c == 'H';
  switch (c) {
    case '.':
    case '=':
      terrain = Terrain::kOpen;
      return true;
    case 'F':
    case 'f':
      terrain = Terrain::kForest;
      return true;
    case 'B':
    case 'b':
      terrain = Terrain::kBuiltUp;
      return true;
    case 'R':
      terrain = Terrain::kRocks;
      return true;
    case 'S':
      terrain = Terrain::kSwamp;
      return true;
    case 'W':
      terrain = Terrain::kWater;
      return true;
    case 'H':
      terrain = Terrain::kBridge;
      return true;
    default:
      road = false;
      return false;
  }
}

char TerrainChar(Terrain terrain, bool road) {
  switch (terrain) {
    case Terrain::kOpen:
      return road ? '=' : '.';
    case Terrain::kForest:
      return road ? 'f' : 'F';
    case Terrain::kBuiltUp:
      return road ? 'b' : 'B';
    case Terrain::kRocks:
      return 'R';
    case Terrain::kSwamp:
      return 'S';
    case Terrain::kWater:
      return 'W';
    case Terrain::kBridge:
      return 'H';
  }
  return '?';
}

Board::Board(int width, int height)
    : width_(width),
      height_(height),
      terrain_(static_cast<size_t>(width * height), Terrain::kOpen),
      road_(static_cast<size_t>(width * height), 0),
      contour_(static_cast<size_t>(width * height), 0),
      links_(static_cast<size_t>(width * height), 0) {}

void Board::set_terrain(Field f, Terrain t, bool road) {
  terrain_[Idx(f)] = t;
  road_[Idx(f)] = road || t == Terrain::kBridge ? 1 : 0;  // a bridge is a road field (PS §2.2)
}

void Board::set_contour(Field f, int layers) {
  contour_[Idx(f)] = static_cast<uint8_t>(layers);
}

namespace {

// The road bit of the orthogonal direction from a to b, or 0.
uint8_t LinkBit(Field a, Field b) {
  const int dx = b.x - a.x, dy = b.y - a.y;
  if (dx == 0 && dy == -1) return kRoadN;
  if (dx == 1 && dy == 0) return kRoadE;
  if (dx == 0 && dy == 1) return kRoadS;
  if (dx == -1 && dy == 0) return kRoadW;
  return 0;
}

}  // namespace

bool Board::link_road(Field a, Field b) {
  const uint8_t ab = LinkBit(a, b), ba = LinkBit(b, a);
  if (ab == 0 || !on_board(a) || !on_board(b) || !road(a) || !road(b)) return false;
  links_[Idx(a)] = static_cast<uint8_t>(links_[Idx(a)] | ab);
  links_[Idx(b)] = static_cast<uint8_t>(links_[Idx(b)] | ba);
  return true;
}

std::string Board::terrain_row(int y) const {
  std::string row;
  for (int x = 0; x < width_; ++x) row += TerrainChar(terrain({x, y}), road({x, y}));
  return row;
}

bool BlocksSight(Terrain t) {
  // PS §7.2, G-08: B(f) is true for forest, building and rock symbols.
  return t == Terrain::kForest || t == Terrain::kBuiltUp || t == Terrain::kRocks;
}

bool DefileSymbol(Terrain t) {
  // PS §2.3: buildings, forest, swamp, rocks or water.
  return t == Terrain::kForest || t == Terrain::kBuiltUp || t == Terrain::kSwamp ||
         t == Terrain::kRocks || t == Terrain::kWater;
}

bool Passable(const Board& b, Field f, Mover m) {
  if (!b.on_board(f)) return false;
  switch (b.terrain(f)) {
    case Terrain::kOpen:
    case Terrain::kBridge:
      return true;
    case Terrain::kForest:
    case Terrain::kBuiltUp:
      // PS §6.5: foot troops with portable weapons pass; vehicles and towed weapons only on a
      // road through the field (G-04).
      return m == Mover::kFoot || b.road(f);
    case Terrain::kRocks:
    case Terrain::kSwamp:
    case Terrain::kWater:
      // PS §2.2: impassable to all land troops (water: watercraft only, not modelled here).
      return false;
  }
  return false;
}

bool IsRoadStep(const Board& b, Field from, Field to) {
  // G-12: orthogonal, both road fields, joined by the road (link bits are only ever set between
  // orthogonal road neighbours, PS §2.2 "never along diagonals").
  if (!b.on_board(from) || !b.on_board(to)) return false;
  const uint8_t bit = LinkBit(from, to);
  return bit != 0 && (b.road_links(from) & bit) != 0;
}

std::array<Field, 2> DiagonalFlanks(Field from, Field to) {
  return {Field{to.x, from.y}, Field{from.x, to.y}};
}

const char* step_result_name(StepResult r) {
  switch (r) {
    case StepResult::kOk:
      return "ok";
    case StepResult::kNotAdjacent:
      return "not adjacent";
    case StepResult::kLeavesBoard:
      return "leaves the board";
    case StepResult::kImpassable:
      return "impassable";
    case StepResult::kOffRoad:
      return "vehicle off the road in forest or built-up area";
    case StepResult::kDiagonalCorner:
      return "diagonal closed at the corner";
  }
  return "?";
}

namespace {

// One orthogonal or diagonal step without the corner rule.
StepResult PlainStep(const Board& b, Field from, Field to, Mover m) {
  if (!Adjacent8(from, to) || !b.on_board(from)) return StepResult::kNotAdjacent;
  if (!b.on_board(to)) return StepResult::kLeavesBoard;     // PS §2.4
  if (!Passable(b, to, m)) return StepResult::kImpassable;  // PS §6.5
  if (m == Mover::kVehicle) {
    // G-04: in and out of forest or built-up fields only along the road.
    const auto closed = [&](Field f) {
      return b.terrain(f) == Terrain::kForest || b.terrain(f) == Terrain::kBuiltUp;
    };
    if ((closed(from) || closed(to)) && !IsRoadStep(b, from, to)) return StepResult::kOffRoad;
  }
  return StepResult::kOk;
}

}  // namespace

StepResult CanStep(const Board& b, Field from, Field to, Mover m) {
  const StepResult plain = PlainStep(b, from, to, m);
  if (plain != StepResult::kOk || from.x == to.x || from.y == to.y) return plain;
  // PS §2.1 corner rule: the diagonal only if the same move is possible through B or C.
  for (const Field via : DiagonalFlanks(from, to)) {
    if (PlainStep(b, from, via, m) == StepResult::kOk &&
        PlainStep(b, via, to, m) == StepResult::kOk)
      return StepResult::kOk;
  }
  return StepResult::kDiagonalCorner;
}

const char* axis_name(Axis a) {
  return a == Axis::kNorthSouth ? "north-south" : "east-west";
}

std::array<Field, 2> LateralNeighbours(Field f, Axis a) {
  if (a == Axis::kNorthSouth) return {Field{f.x - 1, f.y}, Field{f.x + 1, f.y}};
  return {Field{f.x, f.y - 1}, Field{f.x, f.y + 1}};
}

bool IsDefile(const Board& b, Field f, Axis a) {
  if (!b.on_board(f)) return false;
  if (b.terrain(f) == Terrain::kBridge) return true;  // PS §2.3: a bridge always is one
  // PS §2.3: the defile rules bind vehicles; a field vehicles cannot use is no defile (G-04).
  if (!Passable(b, f, Mover::kVehicle)) return false;
  for (const Field n : LateralNeighbours(f, a)) {
    if (!b.on_board(n) || !DefileSymbol(b.terrain(n))) return false;
  }
  return true;
}

bool IsDefileForStep(const Board& b, Field f, int dir) {
  if (dir < 0 || dir >= kSquareDirs) return false;
  const bool ns = kSquareDX[static_cast<size_t>(dir)] == 0 || IsDiagonalDir(dir);
  const bool ew = kSquareDY[static_cast<size_t>(dir)] == 0 || IsDiagonalDir(dir);
  return (ns && IsDefile(b, f, Axis::kNorthSouth)) || (ew && IsDefile(b, f, Axis::kEastWest));
}

bool IsDefileAnyDirection(const Board& b, Field f) {
  return IsDefile(b, f, Axis::kNorthSouth) || IsDefile(b, f, Axis::kEastWest);
}

bool IsEdgeField(const Board& b, Field f) {
  if (!b.on_board(f)) return false;
  const Terrain t = b.terrain(f);
  if (t != Terrain::kForest && t != Terrain::kBuiltUp) return false;
  for (int d = 0; d < kSquareDirs; ++d) {
    const Field n = Step(f, d);
    if (b.on_board(n) && b.terrain(n) != t) return true;  // G-54
  }
  return false;
}

bool IsInsideForest(const Board& b, Field f) {
  return b.on_board(f) && b.terrain(f) == Terrain::kForest && !IsEdgeField(b, f);
}

bool IsBoardEdgeField(const Board& b, Field f) {
  return b.on_board(f) && (f.x == 0 || f.y == 0 || f.x == b.width() - 1 || f.y == b.height() - 1);
}

std::vector<Field> SameEdgeFieldsWithin(const Board& b, Field e, int within) {
  std::vector<Field> out;
  if (!IsBoardEdgeField(b, e)) return out;
  const auto add = [&](Field f) {
    if (f != e && b.on_board(f) && Distance(f, e) <= within &&
        std::find(out.begin(), out.end(), f) == out.end())
      out.push_back(f);
  };
  for (int k = -within; k <= within; ++k) {
    if (e.x == 0 || e.x == b.width() - 1) add({e.x, e.y + k});   // west or east edge
    if (e.y == 0 || e.y == b.height() - 1) add({e.x + k, e.y});  // north or south edge
  }
  std::stable_sort(out.begin(), out.end(), [&](Field p, Field q) {
    const int dp = Distance(p, e), dq = Distance(q, e);
    if (dp != dq) return dp < dq;
    return p.x + p.y < q.x + q.y;
  });
  return out;
}

}  // namespace feldherr::planspiel
