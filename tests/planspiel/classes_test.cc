#include "games/planspiel/classes.h"

#include <gtest/gtest.h>

namespace feldherr::planspiel {
namespace {

// PS §8.5: figures are area targets, unarmoured vehicles soft point targets, armour hard.
TEST(PlanspielClasses, PS_8_5_TargetClassFollowsCategoryAndArmour) {
  EXPECT_EQ(target_class(Category::kFigureBase, ArmourClass::kNone), TargetClass::kArea);
  EXPECT_EQ(target_class(Category::kRiders, ArmourClass::kNone), TargetClass::kArea);
  EXPECT_EQ(target_class(Category::kTransport, ArmourClass::kNone), TargetClass::kSoftPoint);
  EXPECT_EQ(target_class(Category::kSpGun, ArmourClass::kNone), TargetClass::kSoftPoint);
  EXPECT_EQ(target_class(Category::kCombatVehicle, ArmourClass::kMedium), TargetClass::kHardPoint);
  EXPECT_EQ(target_class(Category::kApc, ArmourClass::kLight), TargetClass::kHardPoint);
  // An armoured SP gun is treated as an armoured vehicle (PS §4.2).
  EXPECT_EQ(target_class(Category::kSpGun, ArmourClass::kLight), TargetClass::kHardPoint);
}

// G-50: a heavy-weapon base (weapon plus crew) is an area target, not a hard point target.
TEST(PlanspielClasses, G_50_HeavyWeaponBaseIsAnAreaTarget) {
  EXPECT_EQ(target_class(Category::kHeavyWeaponBase, ArmourClass::kNone), TargetClass::kArea);
}

// PS §8.10: the scale of both classes makes G - A the superiority modifier.
TEST(PlanspielClasses, PS_8_10_ClassScaleGivesGMinusA) {
  EXPECT_EQ(static_cast<int>(GunClass::kHeavy) - static_cast<int>(ArmourClass::kLight), 2);
  EXPECT_EQ(static_cast<int>(GunClass::kLight) - static_cast<int>(ArmourClass::kSuperHeavy), -3);
}

}  // namespace
}  // namespace feldherr::planspiel
