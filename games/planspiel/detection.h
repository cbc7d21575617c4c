// Planspiel detection ranges (PS §7.3, §7.4): the table of ranges by target row and light, and
// the range-and-sight test. Choosing a unit's row (its target size, camouflage, position, whether
// it has fired) needs units and belongs to the game state, which is not built yet.
#pragma once

#include <cstdint>

#include "games/planspiel/board.h"
#include "games/planspiel/los.h"

namespace feldherr::planspiel {

// PS §7.3: small targets are figure bases and weapons of about 1 m or less (any AT gun of that
// height, [REC]); dismounted figures, riders, cyclists and motorcyclists; everything else is large.
enum class TargetSize : uint8_t { kSmall, kLarge };

// The rows of the detection table (PS §7.4), in its order.
enum class DetectionRow : uint8_t {
  kLargeFromAirOrOnWater,   // large targets, seen from the air or on water
  kLargeOnLand,             // large targets on land
  kLargeCamouflaged,        // camouflaged large targets
  kSmallFromAirOrOnWater,   // small targets, seen from the air or on water
  kSmallOnLand,             // small targets on land
  kSmallAtEdgeNotFired,     // at a town or forest edge, not having fired
  kSmallAtEdgeAfterFiring,  // at a town or forest edge, after firing
  kSmallInsideForest,       // in forest fields surrounded by forest
  kSmallCamouflagedInPosition,
  kSmallHiddenWithoutPosition,  // in forests or buildings without positions (plus a roll, PS §7.7)
};
inline constexpr int kNumDetectionRows = 10;

// PS §7.4: the detection range in LE by day (or light) and at night; 0 means the observer's own
// field only ("same field").
int DetectionRange(DetectionRow row, bool night);

// PS §7.4 with PS §7.2: a target in field `to` is within detection of an observer in `from` if
// the distance is at most the range (G-02) and the line of sight is clear.
inline bool WithinDetection(const Board& b, Field from, Field to, int range,
                            Observer o = Observer::kGround) {
  return Distance(from, to) <= range && HasLos(b, from, to, o);
}

}  // namespace feldherr::planspiel
