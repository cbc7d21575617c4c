// Planspiel unit types (docs/rules/planspiel.md PS §4, scenarios §2): the catalogue of the
// standard situations, loaded from data/planspiel/units.toml. Every value names its provenance
// (docs/data-provenance.md); a malformed file gives DataError("FILE:LINE: message") naming the
// field at fault. Also the rules' class derivations the catalogue must agree with: gun class from
// calibre with the overlong and short adjustments (PS §4.3) and armour class from weight.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "games/planspiel/board.h"
#include "games/planspiel/classes.h"
#include "games/planspiel/data.h"
#include "games/planspiel/detection.h"

namespace feldherr::planspiel {

// PS §6.1: the rows of the speed table. kNone: a weapon base, which moves only by manhandling
// (own_move_le) or aboard its carrier (PS §4.4).
enum class SpeedRow : uint8_t {
  kNone,
  kInfantry,       // "Infanterie"
  kRiders,         // "Reiter"
  kCyclists,       // "Radfahrer"
  kWheeledNormal,  // "Räderfahrzeug normal"
  kWheeledXc,      // "Räderfahrzeug extrem geländegängig": cars and armoured cars
  kTracked,        // "Kettenfahrzeuge"
  kRowingBoat,     // "Ruderboote/Ruderfähren"
  kMotorBoat,      // "Motorboote/Motorfähren"
  kAssaultBoat,    // "Sturmboote"
  kRailway,        // "Eisenbahn"
};
const char* speed_row_name(SpeedRow r);  // the data spelling: "none", "infantry", ...

// PS §4.5: what a model carries or tows.
enum class Capacity : uint8_t {
  kNone,
  kOneBase,          // any normal transport: one figure base or one weapon base
  kTowOneWeapon,     // a tow: one weapon base with crew and ammunition, nothing else while it works
  kPanzergrenadier,  // an APC: one Panzergrenadier figure base, one unit with it while mounted
  kTankRiders,       // medium and heavy tanks, assault guns, tank destroyers: one pure figure base
};
const char* capacity_name(Capacity c);  // "none", "one_base", "tow_one_weapon", ...

// A weapon of a unit type (scenarios §2 `weapon`).
struct Weapon {
  std::string row;         // the range-table row (PS §8.4), e.g. "m PAK, Pz"
  int flat = -1;           // flat-fire range in LE, -1 = cannot
  int high_angle = -1;     // high-angle range in LE, -1 = cannot
  double calibre_cm = 0;   // minimum calibre and calibre bonuses (PS §8.9)
  bool overlong = false;   // barrel over L/60: one gun class higher (PS §4.3)
  bool short_gun = false;  // "Kurzkanone", "Leichtgeschütz": one gun class lower (PS §4.3)
  bool indirect = false;   // may fire indirect (PS §8.3)
};

// One entry of the catalogue.
struct UnitType {
  std::string id;       // "PZIV"
  std::string name;     // "Medium tank company, reference Panzer IV (7.5 cm L/48)"
  std::string name_de;  // "Mittlere Panzerkompanie, Vorbild Panzer IV (7,5 cm L/48)"; may be empty
  int line = 0;         // line of its [[unit_type]] table
  Category category = Category::kFigureBase;
  SpeedRow speed_row = SpeedRow::kNone;
  int own_move_le = 0;  // weapon bases: how far the crew moves the weapon without a vehicle
  Mover terrain = Mover::kFoot;  // PS §6.5: foot troops, or vehicles and towed weapons
  TargetSize target_size = TargetSize::kLarge;  // PS §7.3
  ArmourClass armour = ArmourClass::kNone;
  GunClass gun = GunClass::kNone;  // for G - A in direct fire against hard targets (PS §8.10)
  bool has_weapon = false;
  Weapon weapon;
  double weight_t = 0;  // vehicles only; recovery of wrecks (PS §6.10)
  // Weapon bases only: the least weight of a vehicle that may tow it as a substitute tow (PS §4.4
  // "leistungsmäßig geeignet", reading R-ST).
  double tow_weight_t = 0;
  Capacity capacity = Capacity::kNone;
  bool panzergrenadier = false;  // carried by an APC (PS §4.4)
  bool moves_and_fires = false;  // may move at combat speed and fire direct (PS §6.4)
  bool can_overrun = false;      // tracked combat vehicles (PS §10.6)
  std::map<std::string, Provenance> provenance;  // per value name present (unit_value_names())
};

// The value names of a unit type that carry a provenance entry when present. Weapon values are
// named "weapon.calibre_cm" and so on.
const std::vector<std::string>& unit_value_names();

// PS §4.3: the armour class of a tank of this weight: under 20 t light, up to 39 t medium (the
// lexicon's gap between 39 and 40 t counts medium), up to 50 t heavy, over 50 t super-heavy.
ArmourClass ArmourClassForWeight(double weight_t);

// The catalogue: [[unit_type]] tables, ids unique. Throws DataError("FILE:LINE: message") for
// unknown fields, missing fields, wrong types, unknown categories, rows, classes or capacities,
// values that contradict each other (a weapon base with a speed row, a gun class marked
// rules-text that differs from its calibre's), and values without a known provenance.
std::vector<UnitType> load_unit_types(const std::string& path);
// data_dir()/planspiel/units.toml, loaded once.
const std::vector<UnitType>& shipped_unit_types();
// The unit type with that id in `types`, or nullptr.
const UnitType* find_unit_type(const std::vector<UnitType>& types, const std::string& id);

}  // namespace feldherr::planspiel
