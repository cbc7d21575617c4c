// Planspiel line of sight (games/planspiel/los.h): PS §7.2, recommended algorithm G-08.
#include "games/planspiel/los.h"

#include <algorithm>
#include <cstdlib>

namespace feldherr::planspiel {

std::vector<LineCell> SupercoverLine(Field from, Field to) {
  // G-08 step 1: walk the grid from centre to centre. Field borders lie half-way between
  // centres; the line crosses the x border number ix at t = (ix + 1/2) / |dx| and the y border
  // number iy at t = (iy + 1/2) / |dy|. Comparing (2 ix + 1) |dy| with (2 iy + 1) |dx| in integers
  // decides which border comes first; equality is an exact corner crossing (G-08 step 4).
  const int nx = std::abs(to.x - from.x), ny = std::abs(to.y - from.y);
  const int sx = to.x > from.x ? 1 : -1, sy = to.y > from.y ? 1 : -1;
  std::vector<LineCell> out;
  Field p = from;
  out.push_back({p, false, p});
  int ix = 0, iy = 0;
  while (ix < nx || iy < ny) {
    long decision;
    if (nx == 0)
      decision = 1;  // vertical line: only y borders
    else if (ny == 0)
      decision = -1;  // horizontal line: only x borders
    else
      decision = static_cast<long>(2 * ix + 1) * ny - static_cast<long>(2 * iy + 1) * nx;
    if (decision == 0) {
      out.push_back({Field{p.x + sx, p.y}, true, Field{p.x, p.y + sy}});
      p = {p.x + sx, p.y + sy};
      ++ix;
      ++iy;
    } else if (decision < 0) {
      p.x += sx;
      ++ix;
    } else {
      p.y += sy;
      ++iy;
    }
    out.push_back({p, false, p});
  }
  return out;
}

const char* los_block_name(LosBlock b) {
  switch (b) {
    case LosBlock::kNone:
      return "clear";
    case LosBlock::kOffBoard:
      return "off the board";
    case LosBlock::kInsideForest:
      return "inside a forest";
    case LosBlock::kSymbol:
      return "forest, building or rocks";
    case LosBlock::kHeight:
      return "dead ground behind a contour layer";
    case LosBlock::kCorner:
      return "corner between two blocking fields";
  }
  return "?";
}

LosResult TraceLos(const Board& b, Field from, Field to, Observer o) {
  LosResult r;
  if (!b.on_board(from) || !b.on_board(to)) {
    r.reason = LosBlock::kOffBoard;
    r.at = b.on_board(from) ? to : from;
    return r;
  }
  r.clear = true;
  // PS §7.2: the model's place inside its field is irrelevant; the own field is always seen.
  if (from == to) return r;
  // PS §7.2 (G-08 step 5), PS §15.8: observation aircraft see over every sight cover.
  if (o == Observer::kAircraft) return r;
  // PS §2.2 forest row, PS §7.2: inside a forest sight is limited to the own field, both for the
  // observer and for a target there (lexicon entry on forest fighting: "Sicht nur im selben
  // Feld"). G-08 alone would let two neighbouring forest fields see each other, as end fields
  // never block; the engine applies the stated rule first.
  for (const Field end : {from, to}) {
    if (IsInsideForest(b, end)) {
      r.clear = false;
      r.reason = LosBlock::kInsideForest;
      r.at = end;
      return r;
    }
  }
  // G-08 step 3: an intermediate field blocks if it carries a blocking symbol or is higher than
  // both end fields (PS §7.2: a contour layer cannot be looked over from a lower standpoint;
  // looking up and down is free, so a field as high as the higher end does not block).
  const int top = std::max(b.contour(from), b.contour(to));
  const auto blocks = [&](Field f) { return BlocksSight(b.terrain(f)) || b.contour(f) > top; };
  const auto reason = [&](Field f) {
    return BlocksSight(b.terrain(f)) ? LosBlock::kSymbol : LosBlock::kHeight;
  };
  const std::vector<LineCell> line = SupercoverLine(from, to);
  // G-08 step 2: the two end fields never block (PS §7.2: sight runs from centre to centre, so
  // the observer's own forest or town field does not hide what lies outside it).
  for (size_t i = 1; i + 1 < line.size(); ++i) {
    const LineCell& c = line[i];
    if (c.corner) {
      // G-08 step 4, PS §2.1: at an exact corner the two fields beside it block only together
      // (two built-up, forest or rock fields meeting diagonally close the diagonal).
      if (blocks(c.field) && blocks(c.other)) {
        r.clear = false;
        r.reason = LosBlock::kCorner;
        r.at = c.field;
        r.other = c.other;
        return r;
      }
      continue;
    }
    if (blocks(c.field)) {
      r.clear = false;
      r.reason = reason(c.field);
      r.at = c.field;
      return r;
    }
  }
  return r;
}

}  // namespace feldherr::planspiel
