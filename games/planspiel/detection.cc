// Planspiel detection ranges (games/planspiel/detection.h): the table of PS §7.4.
#include "games/planspiel/detection.h"

#include <array>

namespace feldherr::planspiel {

int DetectionRange(DetectionRow row, bool night) {
  // PS §7.4, one {day or light, night} pair per row; 0 = same field.
  static constexpr std::array<std::array<int, 2>, kNumDetectionRows> kRanges = {{
      {8, 2},  // large, from the air or on water
      {4, 1},  // large on land
      {1, 1},  // camouflaged large
      {4, 2},  // small, from the air or on water
      {2, 0},  // small on land
      {1, 0},  // small at a town or forest edge, not having fired
      {4, 1},  // small at a town or forest edge, after firing
      {0, 0},  // small in forest fields surrounded by forest
      {1, 0},  // small camouflaged in positions
      {0, 0},  // small hidden without positions (plus a detection roll)
  }};
  return kRanges[static_cast<size_t>(row)][night ? 1 : 0];
}

}  // namespace feldherr::planspiel
