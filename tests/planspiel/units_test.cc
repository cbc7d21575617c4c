// Planspiel unit-type catalogue (PS §4, scenarios §2): the shipped catalogue, the class
// derivations of PS §4.3, provenance, and loader errors as "FILE:LINE: message".
#include "games/planspiel/units.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

#include "engine/errors.h"
#include "planspiel_test_util.h"

namespace feldherr::planspiel {
namespace {

using testing::DataDir;

using testing::T;
using testing::Types;

// Scenarios §2: each type with its name in English and German, for the player's language.
TEST(PlanspielUnits, PS_4_EveryTypeIsNamedInEnglishAndGerman) {
  for (const UnitType& t : Types()) {
    EXPECT_FALSE(t.name.empty()) << t.id;
    EXPECT_FALSE(t.name_de.empty()) << t.id;
    EXPECT_NE(t.name, t.name_de) << t.id;
  }
  EXPECT_EQ(T("INF").name_de, "Schützenkompanie, Figurenbasis");
  EXPECT_EQ(T("PZIV").name_de, "Mittlere Panzerkompanie, Vorbild Panzer IV (7,5 cm L/48)");
}

// Scenarios §2: every type the three situations use, and no other.
TEST(PlanspielUnits, PS_4_CatalogueHasEveryTypeTheSituationsUse) {
  const std::vector<std::string> ids = {"INF",    "PZG",    "HMG",  "GRW8",    "PAK37", "PAK75",
                                        "LFH105", "SFH150", "LKW",  "ZGKW",    "SPW",   "PSW",
                                        "PZII",   "PZIV",   "STUG", "PANTHER", "T3485", "KV1"};
  ASSERT_EQ(Types().size(), ids.size());
  for (size_t i = 0; i < ids.size(); ++i) EXPECT_EQ(Types()[i].id, ids[i]);
}

TEST(PlanspielUnits, PS_4_2_CategoriesAndTargetClasses) {
  EXPECT_EQ(T("INF").category, Category::kFigureBase);
  EXPECT_TRUE(T("PZG").panzergrenadier);
  EXPECT_FALSE(T("INF").panzergrenadier);
  for (const char* id : {"HMG", "GRW8", "PAK37", "PAK75", "LFH105", "SFH150"})
    EXPECT_EQ(T(id).category, Category::kHeavyWeaponBase) << id;
  EXPECT_EQ(T("LKW").category, Category::kTransport);
  EXPECT_EQ(T("ZGKW").category, Category::kTransport);
  EXPECT_EQ(T("SPW").category, Category::kApc);
  // Assault guns count as tanks (PS §4.2).
  for (const char* id : {"PSW", "PZII", "PZIV", "STUG", "PANTHER", "T3485", "KV1"})
    EXPECT_EQ(T(id).category, Category::kCombatVehicle) << id;
  // Scenarios §2 target_class, from classes.h (PS §8.5, G-50).
  const auto tc = [](const UnitType& u) { return target_class(u.category, u.armour); };
  EXPECT_EQ(tc(T("INF")), TargetClass::kArea);
  EXPECT_EQ(tc(T("SFH150")), TargetClass::kArea);
  EXPECT_EQ(tc(T("LKW")), TargetClass::kSoftPoint);
  EXPECT_EQ(tc(T("ZGKW")), TargetClass::kSoftPoint);
  EXPECT_EQ(tc(T("SPW")), TargetClass::kHardPoint);
  EXPECT_EQ(tc(T("KV1")), TargetClass::kHardPoint);
}

// PS §4.3: the lexicon's own examples: Panther 7.5 cm L/70 overlong is a heavy gun, T-34/85 a
// medium tank with a heavy gun, KW-I a heavy tank with a medium gun; AE-04's T-34/76 (7.62 cm)
// has a medium gun.
TEST(PlanspielUnits, PS_4_3_ArmourAndGunAreSeparateClasses) {
  EXPECT_EQ(T("PANTHER").armour, ArmourClass::kHeavy);
  EXPECT_EQ(T("PANTHER").gun, GunClass::kHeavy);
  EXPECT_TRUE(T("PANTHER").weapon.overlong);
  EXPECT_EQ(T("T3485").armour, ArmourClass::kMedium);
  EXPECT_EQ(T("T3485").gun, GunClass::kHeavy);
  EXPECT_EQ(T("KV1").armour, ArmourClass::kHeavy);
  EXPECT_EQ(T("KV1").gun, GunClass::kMedium);
  EXPECT_EQ(T("PZII").armour, ArmourClass::kLight);
  EXPECT_EQ(T("PZIV").armour, ArmourClass::kMedium);
  EXPECT_EQ(gun_class_for(7.62 * 10.0, false, false), GunClass::kMedium);
}

TEST(PlanspielUnits, PS_4_3_GunClassFromCalibreOverlongAndShort) {
  EXPECT_EQ(gun_class_for(0.79 * 10.0, false, false), GunClass::kNone);
  EXPECT_EQ(gun_class_for(1.99 * 10.0, false, false), GunClass::kNone);
  EXPECT_EQ(gun_class_for(2.0 * 10.0, false, false), GunClass::kLight);
  EXPECT_EQ(gun_class_for(4.9 * 10.0, false, false), GunClass::kLight);
  EXPECT_EQ(gun_class_for(5.0 * 10.0, false, false), GunClass::kMedium);
  EXPECT_EQ(gun_class_for(8.4 * 10.0, false, false), GunClass::kMedium);
  EXPECT_EQ(gun_class_for(8.5 * 10.0, false, false), GunClass::kHeavy);
  EXPECT_EQ(gun_class_for(12.8 * 10.0, false, false), GunClass::kSuperHeavy);
  EXPECT_EQ(gun_class_for(12.0 * 10.0, false, false), GunClass::kSuperHeavy);
  // Overlong: one class higher (7.5 cm L/70 heavy, 8.8 cm overlong super-heavy).
  EXPECT_EQ(gun_class_for(7.5 * 10.0, true, false), GunClass::kHeavy);
  EXPECT_EQ(gun_class_for(8.8 * 10.0, true, false), GunClass::kSuperHeavy);
  EXPECT_EQ(gun_class_for(15.0 * 10.0, true, false), GunClass::kSuperHeavy);
  // Short and light guns: one class lower, never below light.
  EXPECT_EQ(gun_class_for(7.5 * 10.0, false, true), GunClass::kLight);
  EXPECT_EQ(gun_class_for(10.5 * 10.0, false, true), GunClass::kMedium);
  EXPECT_EQ(gun_class_for(3.7 * 10.0, false, true), GunClass::kLight);
}

// PS §4.3 weight bands: every combat vehicle's armour class is the class of its weight.
TEST(PlanspielUnits, PS_4_3_ArmourClassFromWeight) {
  EXPECT_EQ(ArmourClassForWeight(19.9), ArmourClass::kLight);
  EXPECT_EQ(ArmourClassForWeight(20.0), ArmourClass::kMedium);
  EXPECT_EQ(ArmourClassForWeight(39.5), ArmourClass::kMedium);
  EXPECT_EQ(ArmourClassForWeight(40.0), ArmourClass::kHeavy);
  EXPECT_EQ(ArmourClassForWeight(50.5), ArmourClass::kSuperHeavy);
  for (const UnitType& u : Types())
    if (u.category == Category::kCombatVehicle) {
      EXPECT_EQ(u.armour, ArmourClassForWeight(u.weight_t)) << u.id;
    }
}

// Every direct-fire weapon's gun class (not a stand-in) is its calibre's class.
TEST(PlanspielUnits, PS_4_3_CatalogueGunClassesFollowTheirCalibres) {
  for (const UnitType& u : Types()) {
    if (!u.has_weapon || u.weapon.indirect) continue;
    EXPECT_EQ(u.gun,
              gun_class_for(u.weapon.calibre_cm * 10.0, u.weapon.overlong, u.weapon.short_gun))
        << u.id;
  }
  EXPECT_EQ(T("LFH105").gun, GunClass::kMedium);  // "like an AT gun of comparable weight"
}

// PS §4.4, §4.5: what each type carries or tows; weapon bases move only by manhandling.
TEST(PlanspielUnits, PS_4_5_TransportCapacities) {
  EXPECT_EQ(T("LKW").capacity, Capacity::kOneBase);
  EXPECT_EQ(T("ZGKW").capacity, Capacity::kTowOneWeapon);
  EXPECT_EQ(T("SPW").capacity, Capacity::kPanzergrenadier);
  for (const char* id : {"PZIV", "STUG", "PANTHER", "T3485", "KV1"})
    EXPECT_EQ(T(id).capacity, Capacity::kTankRiders) << id;
  // Tank riders only on medium and heavy tanks.
  EXPECT_EQ(T("PZII").capacity, Capacity::kNone);
  EXPECT_EQ(T("PSW").capacity, Capacity::kNone);
  EXPECT_EQ(T("INF").capacity, Capacity::kNone);
  EXPECT_EQ(T("HMG").own_move_le, 1);
  EXPECT_EQ(T("PAK37").own_move_le, 1);  // light AT gun: manhandled over one LE
  EXPECT_EQ(T("PAK75").own_move_le, 0);
  EXPECT_EQ(T("SFH150").own_move_le, 0);
  EXPECT_EQ(T("PAK37").terrain, Mover::kVehicle);
  EXPECT_EQ(T("HMG").terrain, Mover::kFoot);
}

TEST(PlanspielUnits, PS_6_1_SpeedRows) {
  EXPECT_EQ(T("INF").speed_row, SpeedRow::kInfantry);
  EXPECT_EQ(T("LKW").speed_row, SpeedRow::kWheeledNormal);
  EXPECT_EQ(T("PSW").speed_row, SpeedRow::kWheeledXc);  // armoured cars: extremely cross-country
  for (const char* id : {"ZGKW", "SPW", "PZII", "PZIV", "STUG", "PANTHER", "T3485", "KV1"})
    EXPECT_EQ(T(id).speed_row, SpeedRow::kTracked) << id;
  for (const char* id : {"HMG", "GRW8", "PAK37", "PAK75", "LFH105", "SFH150"})
    EXPECT_EQ(T(id).speed_row, SpeedRow::kNone) << id;
}

// Scenarios §6: the stand-in values are marked stand-in; every value has a provenance.
TEST(PlanspielUnits, EveryValueHasItsProvenanceAndTheStandInsAreMarked) {
  for (const UnitType& u : Types()) {
    EXPECT_EQ(u.provenance.count("category"), 1u) << u.id;
    EXPECT_EQ(u.provenance.count("speed_row"), 1u) << u.id;
    if (u.has_weapon) {
      EXPECT_EQ(u.provenance.count("weapon.calibre_cm"), 1u) << u.id;
    }
    if (u.weight_t > 0) {
      EXPECT_EQ(u.provenance.at("weight_t"), Provenance::kStandIn) << u.id;
    }
  }
  for (const char* id : {"INF", "PZG", "HMG", "SPW"})
    EXPECT_EQ(T(id).provenance.at("weapon.calibre_cm"), Provenance::kStandIn) << id;
  EXPECT_EQ(T("HMG").provenance.at("own_move_le"), Provenance::kStandIn);
  EXPECT_EQ(T("GRW8").provenance.at("own_move_le"), Provenance::kStandIn);
  EXPECT_EQ(T("GRW8").provenance.at("target_size"), Provenance::kStandIn);
  EXPECT_EQ(T("GRW8").provenance.at("weapon.calibre_cm"), Provenance::kStandIn);
  EXPECT_EQ(T("LFH105").provenance.at("target_size"), Provenance::kStandIn);
  EXPECT_EQ(T("SFH150").provenance.at("target_size"), Provenance::kStandIn);
  EXPECT_EQ(T("LFH105").provenance.at("gun_class"), Provenance::kStandIn);
  EXPECT_EQ(T("ZGKW").provenance.at("speed_row"), Provenance::kStandIn);
  EXPECT_EQ(T("SPW").provenance.at("speed_row"), Provenance::kStandIn);
  EXPECT_EQ(T("SPW").provenance.at("armour_class"), Provenance::kStandIn);
  EXPECT_EQ(T("SPW").provenance.at("can_overrun"), Provenance::kStandIn);
  EXPECT_EQ(T("PANTHER").provenance.at("gun_class"), Provenance::kRulesExample);
  EXPECT_EQ(T("KV1").provenance.at("armour_class"), Provenance::kRulesExample);
}

TEST(PlanspielUnits, ShippedCatalogueIsTheDataFile) {
  EXPECT_EQ(shipped_unit_types().size(), Types().size());
  EXPECT_EQ(find_unit_type(shipped_unit_types(), "ZZZ"), nullptr);
}

class PlanspielBadUnits : public ::testing::Test {
 protected:
  static std::string Shipped() {
    std::ifstream in(DataDir() + "/units.toml");
    return std::string(std::istreambuf_iterator<char>(in), {});
  }
  // The shipped file with the first occurrence of `from` after `after` replaced.
  static std::string Replace(const std::string& after, const std::string& from,
                             const std::string& to) {
    std::string t = Shipped();
    const size_t start = t.find(after);
    EXPECT_NE(start, std::string::npos) << after;
    const size_t at = t.find(from, start == std::string::npos ? 0 : start);
    EXPECT_NE(at, std::string::npos) << from;
    if (at != std::string::npos) t.replace(at, from.size(), to);
    return t;
  }
  // 1-based line of the first occurrence of `what` after `after`.
  static int LineOf(const std::string& after, const std::string& what) {
    const std::string t = Shipped();
    const size_t at = t.find(what, t.find(after));
    EXPECT_NE(at, std::string::npos) << what;
    int line = 1;
    for (size_t i = 0; i < at && i < t.size(); ++i) line += t[i] == '\n';
    return line;
  }
  static std::string Error(const std::string& text) {
    return testing::LoadError("units.toml", text,
                              [](const std::string& p) { (void)load_unit_types(p); });
  }
  static void Expect(const std::string& text, int line, const std::string& message) {
    const std::string e = Error(text);
    const std::string want = "units.toml:" + std::to_string(line) + ": " + message;
    EXPECT_NE(e.find(want), std::string::npos) << "error: " << e << "\nwanted: " << want;
  }
};

TEST_F(PlanspielBadUnits, ShippedFileIsAccepted) {
  EXPECT_EQ(Error(Shipped()), "");
}

TEST_F(PlanspielBadUnits, UnknownCategoryAndClassesNameTheField) {
  Expect(Replace("id = \"PZIV\"", "category = \"combat_vehicle\"", "category = \"tank\""),
         LineOf("id = \"PZIV\"", "category ="),
         "unknown category 'tank' in field 'category' (known: figure_base, weapon_base, riders, "
         "transport, combat_vehicle, sp_gun, apc)");
  Expect(Replace("id = \"PZIV\"", "armour_class = \"medium\"", "armour_class = \"thick\""),
         LineOf("id = \"PZIV\"", "armour_class ="),
         "unknown armour class 'thick' in field 'armour_class' (known: none, light, medium, heavy, "
         "super_heavy)");
  Expect(Replace("id = \"LKW\"", "speed_row = \"wheeled_normal\"", "speed_row = \"wheeled\""),
         LineOf("id = \"LKW\"", "speed_row ="),
         "unknown speed row 'wheeled' in field 'speed_row' (known: none, infantry, riders, "
         "cyclists, wheeled_normal, wheeled_xc, tracked, rowing_boat, motor_boat, assault_boat, "
         "railway)");
  Expect(Replace("id = \"LKW\"", "capacity = \"one_base\"", "capacity = \"two_bases\""),
         LineOf("id = \"LKW\"", "capacity ="),
         "unknown capacity 'two_bases' in field 'capacity' (known: none, one_base, "
         "tow_one_weapon, panzergrenadier, tank_riders)");
}

TEST_F(PlanspielBadUnits, UnknownKeysAndWrongTypes) {
  Expect(Replace("id = \"PZII\"", "weight_t = 9.5", "weight = 9.5"),
         LineOf("id = \"PZII\"", "weight_t ="),
         "unknown field 'weight' in unit type 'PZII' (allowed: id, name, name_de, category, "
         "speed_row, "
         "own_move_le, terrain, target_size, armour_class, gun_class, weapon, weight_t, capacity, "
         "panzergrenadier, moves_and_fires, can_overrun, tow_weight_t, provenance)");
  Expect(Replace("id = \"PZII\"", "name_de = \"Leichte", "name_de = 2 # \"Leichte"),
         LineOf("id = \"PZII\"", "name_de ="), "field 'name_de' must be a string, not an integer");
  Expect(Replace("id = \"PZII\"", "can_overrun = true", "can_overrun = \"yes\""),
         LineOf("id = \"PZII\"", "can_overrun ="),
         "field 'can_overrun' must be true or false, not a string");
  Expect(Replace("id = \"PZII\"", "flat = 2, calibre_cm", "flat = 2, range = 3, calibre_cm"),
         LineOf("id = \"PZII\"", "weapon ="),
         "unknown field 'range' in the weapon of unit type 'PZII' (allowed: row, flat, "
         "high_angle, calibre_cm, overlong, short, indirect)");
  Expect(Replace("id = \"HMG\"", "own_move_le = 1", "own_move_le = \"1\""),
         LineOf("id = \"HMG\"", "own_move_le ="),
         "field 'own_move_le' must be an integer, not a string");
}

TEST_F(PlanspielBadUnits, ContradictingValuesAreRefused) {
  // PS §4.3: a rules-text gun class that is not the calibre's class.
  Expect(Replace("id = \"PZIV\"", "gun_class = \"medium\"", "gun_class = \"heavy\""),
         LineOf("id = \"PZIV\"", "gun_class ="),
         "field 'gun_class' is 'heavy', but a 7.5 cm gun is 'medium' (PS §4.3)");
  Expect(Replace("id = \"PANTHER\"", "overlong = true", "overlong = false"),
         LineOf("id = \"PANTHER\"", "gun_class ="),
         "field 'gun_class' is 'heavy', but a 7.5 cm gun is 'medium' (PS §4.3)");
  // A weapon base has no speed row; a truck needs one.
  Expect(Replace("id = \"HMG\"", "speed_row = \"none\"", "speed_row = \"infantry\""),
         LineOf("id = \"HMG\"", "speed_row ="),
         "field 'speed_row' of a weapon base must be 'none' (is 'infantry')");
  Expect(Replace("id = \"LKW\"", "terrain = \"vehicle\"", "terrain = \"foot\""),
         LineOf("id = \"LKW\"", "terrain ="), "field 'terrain' of a vehicle must be 'vehicle'");
  Expect(Replace("id = \"INF\"", "capacity = \"none\"", "capacity = \"none\"\nweight_t = 1.0"),
         LineOf("id = \"INF\"", "capacity =") + 1, "field 'weight_t' is for vehicles only");
}

// PS §4.4, reading R-ST: every weapon base states the least weight of its substitute tow; no other
// type has one.
TEST_F(PlanspielBadUnits, PS_4_4_TowWeightOnlyAndAlwaysForWeaponBases) {
  Expect(Replace("id = \"SFH150\"", "tow_weight_t = 8.0\n", ""),
         LineOf("id = \"LFH105\"", "[[unit_type]]"),
         "missing field 'tow_weight_t' in unit type 'SFH150'");
  Expect(Replace("id = \"LKW\"", "capacity = \"one_base\"",
                 "capacity = \"one_base\"\ntow_weight_t = 1.0"),
         LineOf("id = \"LKW\"", "capacity =") + 1, "field 'tow_weight_t' is for weapon bases only");
  Expect(Replace("id = \"SFH150\"", "tow_weight_t = 8.0", "tow_weight_t = \"heavy\""),
         LineOf("id = \"SFH150\"", "tow_weight_t ="), "field 'tow_weight_t' must be a number");
  Expect(Replace("id = \"SFH150\"", ", tow_weight_t = \"stand-in\"", ""),
         LineOf("id = \"SFH150\"", "provenance ="),
         "field 'tow_weight_t' in unit type 'SFH150' has no provenance");
}

TEST_F(PlanspielBadUnits, MissingOrUnknownProvenance) {
  Expect(Replace("id = \"PZII\"", "weight_t = \"stand-in\", ", ""),
         LineOf("id = \"PZII\"", "provenance ="),
         "field 'weight_t' in unit type 'PZII' has no provenance");
  Expect(Replace("id = \"PZII\"", "weight_t = \"stand-in\"", "weight_t = \"guess\""),
         LineOf("id = \"PZII\"", "provenance ="),
         "unknown provenance 'guess' in field 'provenance.weight_t' (known: printed, rules-text, "
         "rules-example, public-unverified, stand-in)");
  Expect(Replace("id = \"LKW\"", "weight_t = \"stand-in\"",
                 "weight_t = \"stand-in\", \"weapon.row\" = \"rules-text\""),
         LineOf("id = \"LKW\"", "provenance ="),
         "provenance of 'weapon.row' in unit type 'LKW', which has no such value");
}

TEST_F(PlanspielBadUnits, DuplicateIdAndMissingField) {
  Expect(Replace("id = \"PZG\"", "id = \"PZG\"", "id = \"INF\""), LineOf("", "id = \"PZG\""),
         "duplicate unit type 'INF'");
  Expect(Replace("id = \"INF\"", "target_size = \"small\"\n", ""),
         LineOf("# ----", "[[unit_type]]"), "missing field 'target_size' in unit type 'INF'");
}

}  // namespace
}  // namespace feldherr::planspiel
