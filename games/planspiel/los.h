// Planspiel line of sight and line of fire (PS §7.2; recommended algorithm G-08). Sight and flat
// fire run from the centre of the observer's field to the centre of the target field; forest,
// buildings and rocks block; a contour layer higher than both end fields blocks (dead ground);
// looking up and down is free; troops never block; a corner between two blocking fields closes
// the diagonal; inside a forest sight is limited to the own field. Indirect fire needs no line of
// sight from the weapon (PS §7.2: no dead ground at all), and observation aircraft ignore every
// blocking (PS §15.8).
#pragma once

#include <cstdint>
#include <vector>

#include "games/planspiel/board.h"

namespace feldherr::planspiel {

// One field of a supercover line (G-08 step 1). `corner` marks a place where the line passes
// exactly through a grid corner: then `field` and `other` are the two fields that share that
// corner off the line's path, and they block only together (G-08 step 4).
struct LineCell {
  Field field;
  bool corner = false;
  Field other;
};

// G-08 step 1: the fields a straight line from the centre of `from` to the centre of `to` passes
// through, in order, from `from` to `to` inclusive. A corner crossing appears as one LineCell with
// corner = true (the two fields beside the corner) followed by the next field on the diagonal.
std::vector<LineCell> SupercoverLine(Field from, Field to);

enum class Observer : uint8_t {
  kGround,    // every troop on the ground or water
  kAircraft,  // PS §15.8: observation aircraft see over every sight cover
};

enum class LosBlock : uint8_t {
  kNone,          // the line is clear
  kOffBoard,      // an end field is not on the board
  kInsideForest,  // PS §2.2, §7.2: an end field is inside a forest, sight only in that field
  kSymbol,        // G-08 step 3: an intermediate forest, building or rock field
  kHeight,        // G-08 step 3: an intermediate field higher than both end fields (dead ground)
  kCorner,        // G-08 step 4, PS §2.1: both fields at a corner crossing block
};
const char* los_block_name(LosBlock b);

struct LosResult {
  bool clear = false;
  LosBlock reason = LosBlock::kNone;
  Field at;     // the blocking field (for kCorner: one of the two corner fields)
  Field other;  // kCorner: the other corner field
};

// PS §7.2 with G-08: whether `to` can be seen (and engaged by flat fire) from `from`, and if not,
// why and where. The same field is always visible.
LosResult TraceLos(const Board& b, Field from, Field to, Observer o = Observer::kGround);
inline bool HasLos(const Board& b, Field from, Field to, Observer o = Observer::kGround) {
  return TraceLos(b, from, to, o).clear;
}

}  // namespace feldherr::planspiel
