// Planspiel detection ranges (PS §7.4) with line of sight, and the PS-1 edge detection check.
#include "games/planspiel/detection.h"

#include <gtest/gtest.h>

#include "planspiel_test_util.h"

namespace feldherr::planspiel {
namespace {

using testing::Ps;

// PS §7.4: the whole table, day and night.
TEST(PlanspielDetection, PS_7_4_DetectionRangeTable) {
  const std::array<std::array<int, 2>, kNumDetectionRows> expected = {
      {{8, 2}, {4, 1}, {1, 1}, {4, 2}, {2, 0}, {1, 0}, {4, 1}, {0, 0}, {1, 0}, {0, 0}}};
  for (int r = 0; r < kNumDetectionRows; ++r) {
    EXPECT_EQ(DetectionRange(static_cast<DetectionRow>(r), false),
              expected[static_cast<size_t>(r)][0])
        << r;
    EXPECT_EQ(DetectionRange(static_cast<DetectionRow>(r), true),
              expected[static_cast<size_t>(r)][1])
        << r;
  }
}

// S-1 (PS-1 §3.8 "Edge detection"): R-I1 in the Westholz edge field (3,5), not having fired, is
// detected by B-P1 at (4,4) (1 LE) but not by B-I1 at (5,3) (2 LE); after firing, B-I1 detects it
// (4 LE).
TEST(PlanspielDetection, PS_7_4_Ps1EdgeDetection) {
  const Board& b = Ps(1);
  ASSERT_TRUE(IsEdgeField(b, {3, 5}));  // G-54: the edge row applies
  const int not_fired = DetectionRange(DetectionRow::kSmallAtEdgeNotFired, false);
  const int fired = DetectionRange(DetectionRow::kSmallAtEdgeAfterFiring, false);
  EXPECT_TRUE(WithinDetection(b, {4, 4}, {3, 5}, not_fired));
  EXPECT_TRUE(HasLos(b, {5, 3}, {3, 5}));
  EXPECT_FALSE(WithinDetection(b, {5, 3}, {3, 5}, not_fired));
  EXPECT_TRUE(WithinDetection(b, {5, 3}, {3, 5}, fired));
  // Range alone is not enough: behind the hill nothing is detected.
  EXPECT_FALSE(WithinDetection(b, {4, 8}, {4, 1}, 8));
}

}  // namespace
}  // namespace feldherr::planspiel
