// The classes the rules sort units and weapons into, shared by the unit catalogue, movement and
// fire (docs/rules/planspiel.md PS §4.2, §4.3, §8.5).
#pragma once

#include <cstdint>

namespace feldherr::planspiel {

// PS §4.2: the unit categories of a daylight ground battle (PS §21.1).
enum class Category : uint8_t {
  kFigureBase,       // infantry figures on a base (engineers and paratroopers marked)
  kHeavyWeaponBase,  // a towed or portable heavy weapon with its crew
  kRiders,           // riders, cyclists, motorcyclists on one base
  kTransport,        // truck, car, tow: not combat-capable
  kCombatVehicle,    // tank, assault gun, tank destroyer with a fixed gun
  kSpGun,            // a weapon fixed on a vehicle
  kApc,              // APC; with its Panzergrenadiere one unit while mounted (PS §4.4)
};

// PS §4.3, §8.10: armour class A and gun class G on the scale light = 0 ... super-heavy = 3, so
// that the superiority modifier is G - A. kNone: unarmoured (armour) or no gun against armour.
enum class ArmourClass : int8_t {
  kNone = -1,
  kLight = 0,
  kMedium = 1,
  kHeavy = 2,
  kSuperHeavy = 3
};
enum class GunClass : int8_t { kNone = -1, kLight = 0, kMedium = 1, kHeavy = 2, kSuperHeavy = 3 };

// PS §4.3, WWII classes: the class of a gun against armour by calibre (the tank classification):
// below 2 cm none (machine weapons), 2-4.9 cm light, 5-8.4 cm medium, 8.5-11.9 cm heavy, from
// 12 cm super-heavy. An overlong gun (over L/60) counts one class higher (7.5 cm L/70 heavy,
// 8.8 cm overlong super-heavy), a short or light gun one class lower, but never below light.
constexpr GunClass gun_class_for(double calibre_mm, bool overlong, bool short_gun) {
  if (calibre_mm < 20.0) return GunClass::kNone;
  int g = calibre_mm < 50.0 ? 0 : calibre_mm < 85.0 ? 1 : calibre_mm < 120.0 ? 2 : 3;
  if (overlong && g < 3) ++g;
  if (short_gun && g > 0) --g;
  return static_cast<GunClass>(g);
}

// PS §8.5: what a fire must do to affect a target.
enum class TargetClass : uint8_t {
  kArea,       // figure bases; heavy-weapon bases with their crew (G-50)
  kSoftPoint,  // unarmoured vehicle models
  kHardPoint,  // armoured vehicles, bunkers, bridges
};

// PS §8.5 with G-50: armour makes a hard point target; an unarmoured vehicle is a soft point
// target; figures, riders and heavy-weapon bases (weapon plus crew) are area targets.
constexpr TargetClass target_class(Category c, ArmourClass armour) {
  if (armour != ArmourClass::kNone) return TargetClass::kHardPoint;
  switch (c) {
    case Category::kTransport:
    case Category::kCombatVehicle:
    case Category::kSpGun:
    case Category::kApc:
      return TargetClass::kSoftPoint;
    case Category::kFigureBase:
    case Category::kHeavyWeaponBase:
    case Category::kRiders:
      break;
  }
  return TargetClass::kArea;
}

}  // namespace feldherr::planspiel
