// Planspiel unit-type catalogue loader (games/planspiel/units.h). Strict: unknown fields, missing
// fields, wrong types, unknown names, contradicting values and values without provenance are all
// DataError("FILE:LINE: message"); it never crashes on any input.
#include "games/planspiel/units.h"

#include <toml++/toml.h>

#include <algorithm>
#include <memory>
#include <mutex>
#include <set>
#include <utility>

#include "engine/errors.h"
#include "engine/toml_guard.h"
#include "engine/toml_reader.h"
#include "engine/toml_util.h"

namespace feldherr::planspiel {

namespace {

template <typename E>
struct Named {
  const char* name;
  E value;
};

constexpr Named<SpeedRow> kSpeedRows[] = {
    {"none", SpeedRow::kNone},
    {"infantry", SpeedRow::kInfantry},
    {"riders", SpeedRow::kRiders},
    {"cyclists", SpeedRow::kCyclists},
    {"wheeled_normal", SpeedRow::kWheeledNormal},
    {"wheeled_xc", SpeedRow::kWheeledXc},
    {"tracked", SpeedRow::kTracked},
    {"rowing_boat", SpeedRow::kRowingBoat},
    {"motor_boat", SpeedRow::kMotorBoat},
    {"assault_boat", SpeedRow::kAssaultBoat},
    {"railway", SpeedRow::kRailway},
};
constexpr Named<Capacity> kCapacities[] = {
    {"none", Capacity::kNone},
    {"one_base", Capacity::kOneBase},
    {"tow_one_weapon", Capacity::kTowOneWeapon},
    {"panzergrenadier", Capacity::kPanzergrenadier},
    {"tank_riders", Capacity::kTankRiders},
};
constexpr Named<Category> kCategories[] = {
    {"figure_base", Category::kFigureBase},
    {"weapon_base", Category::kHeavyWeaponBase},
    {"riders", Category::kRiders},
    {"transport", Category::kTransport},
    {"combat_vehicle", Category::kCombatVehicle},
    {"sp_gun", Category::kSpGun},
    {"apc", Category::kApc},
};
constexpr Named<ArmourClass> kArmourClasses[] = {
    {"none", ArmourClass::kNone},
    {"light", ArmourClass::kLight},
    {"medium", ArmourClass::kMedium},
    {"heavy", ArmourClass::kHeavy},
    {"super_heavy", ArmourClass::kSuperHeavy},
};
constexpr Named<GunClass> kGunClasses[] = {
    {"none", GunClass::kNone},
    {"light", GunClass::kLight},
    {"medium", GunClass::kMedium},
    {"heavy", GunClass::kHeavy},
    {"super_heavy", GunClass::kSuperHeavy},
};
constexpr Named<Mover> kTerrains[] = {{"foot", Mover::kFoot}, {"vehicle", Mover::kVehicle}};
constexpr Named<TargetSize> kTargetSizes[] = {{"small", TargetSize::kSmall},
                                              {"large", TargetSize::kLarge}};
constexpr Named<Provenance> kProvenances[] = {
    {"printed", Provenance::kPrinted},
    {"rules-text", Provenance::kRulesText},
    {"rules-example", Provenance::kRulesExample},
    {"public-unverified", Provenance::kPublicUnverified},
    {"stand-in", Provenance::kStandIn},
};

template <typename E, size_t N>
const char* NameOf(const Named<E> (&table)[N], E v) {
  for (const auto& n : table)
    if (n.value == v) return n.name;
  return "?";
}
template <typename E, size_t N>
std::string Known(const Named<E> (&table)[N]) {
  std::string s;
  for (const auto& n : table) s += (s.empty() ? "" : ", ") + std::string(n.name);
  return s;
}

class UnitsReader : public TomlReader {
 public:
  using TomlReader::TomlReader;
  template <typename E, size_t N>
  E Enum(const toml::node& n, std::string_view key, const Named<E> (&table)[N],
         const char* what) const {
    const std::string s = Str(n, key);
    for (const auto& e : table)
      if (s == e.name) return e.value;
    Fail(n, "unknown " + std::string(what) + " '" + s + "' in field '" + std::string(key) +
                "' (known: " + Known(table) + ")");
  }
};

const std::vector<std::string_view> kTypeFields = {
    "id",          "name",         "name_de",     "category",        "speed_row",
    "own_move_le", "terrain",      "target_size", "armour_class",    "gun_class",
    "weapon",      "weight_t",     "capacity",    "panzergrenadier", "moves_and_fires",
    "can_overrun", "tow_weight_t", "provenance"};
const std::vector<std::string_view> kWeaponFields = {
    "row", "flat", "high_angle", "calibre_cm", "overlong", "short", "indirect"};

bool IsVehicle(Category c) {
  return c == Category::kTransport || c == Category::kCombatVehicle || c == Category::kSpGun ||
         c == Category::kApc;
}

}  // namespace

const char* speed_row_name(SpeedRow r) {
  return NameOf(kSpeedRows, r);
}
const char* capacity_name(Capacity c) {
  return NameOf(kCapacities, c);
}

const std::vector<std::string>& unit_value_names() {
  static const std::vector<std::string> kNames = {
      "category",        "speed_row",         "own_move_le",       "terrain",
      "target_size",     "armour_class",      "gun_class",         "weapon.row",
      "weapon.flat",     "weapon.high_angle", "weapon.calibre_cm", "weapon.overlong",
      "weapon.short",    "weapon.indirect",   "weight_t",          "capacity",
      "panzergrenadier", "moves_and_fires",   "can_overrun",       "tow_weight_t"};
  return kNames;
}

ArmourClass ArmourClassForWeight(double weight_t) {
  if (weight_t < 20.0) return ArmourClass::kLight;
  if (weight_t < 40.0) return ArmourClass::kMedium;
  if (weight_t <= 50.0) return ArmourClass::kHeavy;
  return ArmourClass::kSuperHeavy;
}

std::vector<UnitType> load_unit_types(const std::string& path) {
  const UnitsReader r(path);
  const toml::table root = r.Parse();
  r.Keys(root, {"unit_type"}, "at the top level");
  const toml::node& list_node = r.Req(root, "unit_type", "at the top level ([[unit_type]])");
  const auto* list = list_node.as_array();
  if (!list || !list->is_array_of_tables())
    r.Fail(list_node, "field 'unit_type' must be an array of tables ([[unit_type]])");
  std::vector<UnitType> out;
  std::set<std::string> ids;
  for (const toml::node& item : *list) {
    const toml::table& t = *item.as_table();
    UnitType u;
    u.line = static_cast<int>(t.source().begin.line);
    const toml::node& id_node = r.Req(t, "id", "in [[unit_type]]");
    u.id = r.Str(id_node, "id");
    const std::string w = "in unit type '" + u.id + "'";
    const bool id_ok = u.id.size() <= 16 && std::all_of(u.id.begin(), u.id.end(), [](char c) {
                         return (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
                       });
    if (!id_ok)
      r.Fail(id_node, "field 'id' must be upper-case letters and digits (is '" + u.id + "')");
    if (!ids.insert(u.id).second) r.Fail(id_node, "duplicate unit type '" + u.id + "'");
    r.Keys(t, kTypeFields, w);
    std::set<std::string> present;  // value names that need a provenance entry
    const auto mark = [&](const std::string& name) { present.insert(name); };

    u.name = r.Str(r.Req(t, "name", w), "name");
    if (const toml::node* n = t.get("name_de")) u.name_de = r.Str(*n, "name_de");
    u.category = r.Enum(r.Req(t, "category", w), "category", kCategories, "category");
    mark("category");
    const toml::node& row_node = r.Req(t, "speed_row", w);
    u.speed_row = r.Enum(row_node, "speed_row", kSpeedRows, "speed row");
    mark("speed_row");
    const bool weapon_base = u.category == Category::kHeavyWeaponBase;
    // PS §4.4: a weapon base has no speed row; its crew manhandles it or a vehicle carries it.
    if (weapon_base && u.speed_row != SpeedRow::kNone)
      r.Fail(row_node, "field 'speed_row' of a weapon base must be 'none' (is '" +
                           std::string(speed_row_name(u.speed_row)) + "')");
    if (!weapon_base && u.speed_row == SpeedRow::kNone)
      r.Fail(row_node, "field 'speed_row' must name a row of the speed table for a " +
                           std::string(NameOf(kCategories, u.category)));
    if (const toml::node* n = t.get("own_move_le")) {
      if (!weapon_base) r.Fail(*n, "field 'own_move_le' is for weapon bases only");
      u.own_move_le = r.Int(*n, "own_move_le", 0, 1);
      mark("own_move_le");
    } else if (weapon_base) {
      r.Fail(t.source().begin.line, "missing field 'own_move_le' " + w);
    }
    const toml::node& terrain_node = r.Req(t, "terrain", w);
    u.terrain = r.Enum(terrain_node, "terrain", kTerrains, "terrain");
    mark("terrain");
    if (IsVehicle(u.category) && u.terrain != Mover::kVehicle)
      r.Fail(terrain_node, "field 'terrain' of a vehicle must be 'vehicle'");
    u.target_size = r.Enum(r.Req(t, "target_size", w), "target_size", kTargetSizes, "target size");
    mark("target_size");
    u.armour = r.Enum(r.Req(t, "armour_class", w), "armour_class", kArmourClasses, "armour class");
    mark("armour_class");
    const toml::node& gun_node = r.Req(t, "gun_class", w);
    u.gun = r.Enum(gun_node, "gun_class", kGunClasses, "gun class");
    mark("gun_class");
    if (const toml::node* n = t.get("weapon")) {
      const toml::table& wt = r.Table(*n, "weapon");
      r.Keys(wt, kWeaponFields, "in the weapon of unit type '" + u.id + "'");
      u.has_weapon = true;
      u.weapon.row = r.Str(r.Req(wt, "row", "in the weapon of unit type '" + u.id + "'"), "row");
      mark("weapon.row");
      u.weapon.calibre_cm =
          r.Num(r.Req(wt, "calibre_cm", "in the weapon of unit type '" + u.id + "'"), "calibre_cm",
                0, 100);
      mark("weapon.calibre_cm");
      if (const toml::node* f = wt.get("flat")) {
        u.weapon.flat = r.Int(*f, "flat", 0, 100);
        mark("weapon.flat");
      }
      if (const toml::node* f = wt.get("high_angle")) {
        u.weapon.high_angle = r.Int(*f, "high_angle", 0, 100);
        mark("weapon.high_angle");
      }
      if (const toml::node* f = wt.get("overlong")) {
        u.weapon.overlong = r.Bool(*f, "overlong");
        mark("weapon.overlong");
      }
      if (const toml::node* f = wt.get("short")) {
        u.weapon.short_gun = r.Bool(*f, "short");
        mark("weapon.short");
      }
      if (const toml::node* f = wt.get("indirect")) {
        u.weapon.indirect = r.Bool(*f, "indirect");
        mark("weapon.indirect");
      }
      if (u.weapon.flat < 0 && u.weapon.high_angle < 0)
        r.Fail(*n, "the weapon of unit type '" + u.id + "' has neither 'flat' nor 'high_angle'");
      if (u.weapon.overlong && u.weapon.short_gun)
        r.Fail(*n, "the weapon of unit type '" + u.id + "' cannot be both overlong and short");
    } else if (u.gun != GunClass::kNone) {
      r.Fail(gun_node, "field 'gun_class' must be 'none' for a unit type without a weapon");
    }
    if (const toml::node* n = t.get("weight_t")) {
      if (!IsVehicle(u.category)) r.Fail(*n, "field 'weight_t' is for vehicles only");
      u.weight_t = r.Num(*n, "weight_t", 0, 200);
      mark("weight_t");
    } else if (IsVehicle(u.category)) {
      r.Fail(t.source().begin.line, "missing field 'weight_t' " + w);
    }
    // PS §4.4, reading R-ST: the tow a weapon base needs, judged by the substitute's weight.
    if (const toml::node* n = t.get("tow_weight_t")) {
      if (!weapon_base) r.Fail(*n, "field 'tow_weight_t' is for weapon bases only");
      u.tow_weight_t = r.Num(*n, "tow_weight_t", 0, 200);
      mark("tow_weight_t");
    } else if (weapon_base) {
      r.Fail(t.source().begin.line, "missing field 'tow_weight_t' " + w);
    }
    u.capacity = r.Enum(r.Req(t, "capacity", w), "capacity", kCapacities, "capacity");
    mark("capacity");
    for (const auto& [key, flag] :
         {std::pair<const char*, bool*>{"panzergrenadier", &u.panzergrenadier},
          {"moves_and_fires", &u.moves_and_fires},
          {"can_overrun", &u.can_overrun}}) {
      if (const toml::node* n = t.get(key)) {
        *flag = r.Bool(*n, key);
        mark(key);
      }
    }

    // Provenance: exactly one entry per value present (docs/data-provenance.md).
    const toml::node& pn = r.Req(t, "provenance", w);
    const toml::table& p = r.Table(pn, "provenance");
    for (auto&& [k, v] : p) {
      const std::string key = toml_guard_unswap(k.str());
      if (present.count(key) == 0)
        r.Fail(k.source().begin.line,
               "provenance of '" + key + "' " + w + ", which has no such value");
      u.provenance[key] = r.Enum(v, "provenance." + key, kProvenances, "provenance");
    }
    for (const std::string& v : unit_value_names())
      if (present.count(v) && !u.provenance.count(v))
        r.Fail(pn, "field '" + v + "' " + w + " has no provenance");

    // PS §4.3: a gun class taken from the rules must be the class of the weapon's calibre. Weapons
    // that fire indirect (artillery) get their direct-fire class otherwise (PS §8.10).
    if (u.has_weapon && !u.weapon.indirect &&
        u.provenance.at("gun_class") != Provenance::kStandIn) {
      const GunClass derived =
          gun_class_for(u.weapon.calibre_cm * 10.0, u.weapon.overlong, u.weapon.short_gun);
      if (derived != u.gun)
        r.Fail(gun_node, "field 'gun_class' is '" + std::string(NameOf(kGunClasses, u.gun)) +
                             "', but a " + UnitsReader::Short(u.weapon.calibre_cm) + " cm gun" +
                             (u.weapon.overlong ? " (overlong)" : "") +
                             (u.weapon.short_gun ? " (short)" : "") + " is '" +
                             NameOf(kGunClasses, derived) + "' (PS §4.3)");
    }
    out.push_back(std::move(u));
  }
  return out;
}

const std::vector<UnitType>& shipped_unit_types() {
  static std::mutex mutex;
  static std::unique_ptr<const std::vector<UnitType>> types;
  const std::lock_guard<std::mutex> lock(mutex);
  if (!types)
    types = std::make_unique<const std::vector<UnitType>>(
        load_unit_types(data_dir() + "/planspiel/units.toml"));
  return *types;
}

const UnitType* find_unit_type(const std::vector<UnitType>& types, const std::string& id) {
  for (const UnitType& u : types)
    if (u.id == id) return &u;
  return nullptr;
}

}  // namespace feldherr::planspiel
