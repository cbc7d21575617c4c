// Planspiel fire resolution (docs/rules/planspiel.md §8): legality, modifiers, effect levels,
// second rolls, several fires and exact odds, with the acceptance examples about fire (AE-03 ...
// AE-07, AE-12) and the standard situations' fire checks (S-1, S-2, S-3).
#include "games/planspiel/fire.h"

#include <gtest/gtest.h>

#include <numeric>

#include "planspiel_test_util.h"

namespace feldherr::planspiel {
namespace {

const FireData& Data() {
  static const FireData d = load_fire_data(testing::DataDir() + "/weapons.toml");
  return d;
}

// Weapons of the scenarios' catalogue (scenarios §2), described without it.
FireWeapon MakeWeapon(const std::string& row, int calibre_mm, bool overlong = false) {
  FireWeapon w;
  w.row = row;
  w.calibre_mm = calibre_mm;
  w.overlong = overlong;
  w.gun_class = gun_class_for(calibre_mm, overlong, false);
  return w;
}
FireWeapon Infantry() {
  return MakeWeapon("infanterie", 8);
}
FireWeapon Pak37() {
  return MakeWeapon("le-pak", 37);
}
FireWeapon Pak75() {
  return MakeWeapon("m-pak", 75);
}
FireWeapon Panther() {
  return MakeWeapon("s-pak", 75, true);
}
FireWeapon T34_76() {
  return MakeWeapon("m-pak", 76);
}
FireWeapon T34_85() {
  return MakeWeapon("s-pak", 85);
}
FireWeapon Lfh105() {
  FireWeapon w = MakeWeapon("l-fh", 105);
  w.gun_class = GunClass::kMedium;  // light artillery acts like a comparable AT gun (stand-in)
  return w;
}
FireWeapon Sfh150() {
  return MakeWeapon("s-fh", 150);
}

FireTarget Figures(Cover cover = Cover::kNone) {
  FireTarget t;
  t.category = Category::kFigureBase;
  t.cover = cover;
  return t;
}
FireTarget Tank(ArmourClass a) {
  FireTarget t;
  t.category = Category::kCombatVehicle;
  t.armour = a;
  return t;
}
FireTarget Truck(bool loaded) {
  FireTarget t;
  t.category = Category::kTransport;
  t.carries_figures = loaded;
  return t;
}
FireTarget Bridge(BridgeKind k) {
  FireTarget t;
  t.category = Category::kTransport;  // unused for bridges
  t.bridge = k;
  return t;
}

FireSituation Direct(int range) {
  FireSituation s;
  s.range = range;
  return s;
}
FireSituation Indirect(int range, int concentration = 1) {
  FireSituation s;
  s.laying = Laying::kIndirect;
  s.trajectory = Trajectory::kHighAngle;
  s.range = range;
  s.observer = true;
  s.concentration = concentration;
  return s;
}

int Net(const FireWeapon& w, const FireTarget& t, const FireSituation& s, Firer f = {}) {
  return NetModifier(Modifiers(Data(), w, f, t, s));
}
Effect Roll(const FireWeapon& w, const FireTarget& t, const FireSituation& s, int natural,
            Firer f = {}) {
  return ResolveEffectRoll(Data(), w, f, t, s, natural);
}
Outcome Final(const FireWeapon& w, const FireTarget& t, const FireSituation& s, int natural,
              int second) {
  return FinalOutcome(Roll(w, t, s, natural), second);
}
std::vector<FireRejection> Check(const FireWeapon& w, const FireSituation& s, Firer f = {}) {
  return CheckFire(Data(), w, f, s);
}
using R = std::vector<FireRejection>;

// ---------------------------------------------------------------- ranges

TEST(PlanspielFire, PS_8_4_RangeTableIsComplete) {
  ASSERT_EQ(Data().ranges.size(), 27u);
  const auto range = [](const char* id, Trajectory t) {
    return WeaponRange(Data(),
                       FireWeapon{id, WeaponKind::kInfantry, 0, GunClass::kNone, false, false}, t);
  };
  EXPECT_EQ(range("infanterie", Trajectory::kFlat), 1);
  EXPECT_EQ(range("infanterie", Trajectory::kHighAngle), kNoRange);
  EXPECT_EQ(range("s-pak", Trajectory::kFlat), 2);
  EXPECT_EQ(range("m-grw", Trajectory::kFlat), kNoRange);
  EXPECT_EQ(range("m-grw", Trajectory::kHighAngle), 4);
  EXPECT_EQ(range("us-moerser", Trajectory::kHighAngle), 20);
  EXPECT_EQ(range("s-fh", Trajectory::kHighAngle), 15);
  EXPECT_EQ(range("m-fk", Trajectory::kHighAngle), 18);
  EXPECT_EQ(range("us-fk", Trajectory::kHighAngle), 40);
  EXPECT_EQ(Data().range_row("smg")->air, 2);
  EXPECT_EQ(Data().range_row("m-flak")->air, 3);
  EXPECT_EQ(Data().range_row("s-flak")->air, 6);
  EXPECT_EQ(Data().range_row("s-flak")->kind, WeaponKind::kAaGun);
  EXPECT_EQ(Data().range_row("l-ig")->kind, WeaponKind::kLightGun);
}

TEST(PlanspielFire, G_19_TableIsAuthoritativeFormulasOnlyForUnlistedWeapons) {
  // The listed deviations: the table wins.
  EXPECT_EQ(WeaponRange(Data(), MakeWeapon("l-fk-75", 75), Trajectory::kHighAngle), 12);
  EXPECT_EQ(RangeByFormula(WeaponKind::kFieldGun, 75, Trajectory::kHighAngle), 11);
  EXPECT_EQ(WeaponRange(Data(), MakeWeapon("s-fk-15", 150), Trajectory::kHighAngle), 20);
  EXPECT_EQ(RangeByFormula(WeaponKind::kFieldGun, 150, Trajectory::kHighAngle), 23);  // 22.5 up
  EXPECT_EQ(WeaponRange(Data(), MakeWeapon("s-fk-20", 200), Trajectory::kHighAngle), 25);
  EXPECT_EQ(RangeByFormula(WeaponKind::kFieldGun, 200, Trajectory::kHighAngle), 30);
  EXPECT_EQ(WeaponRange(Data(), MakeWeapon("us-moerser", 200), Trajectory::kHighAngle), 20);
  EXPECT_EQ(RangeByFormula(WeaponKind::kLightGun, 200, Trajectory::kHighAngle), 10);
  EXPECT_EQ(WeaponRange(Data(), MakeWeapon("l-grw", 50), Trajectory::kHighAngle), 2);
  EXPECT_EQ(RangeByFormula(WeaponKind::kMortar, 50, Trajectory::kHighAngle), 3);  // 2.5 up
  // Unlisted weapons: the rules of thumb; exactly 21 cm is "over 21 cm".
  FireWeapon w;
  w.kind = WeaponKind::kFieldGun;
  w.calibre_mm = 170;
  EXPECT_EQ(WeaponRange(Data(), w, Trajectory::kHighAngle), 26);  // 25.5 up
  w.calibre_mm = 210;
  EXPECT_EQ(WeaponRange(Data(), w, Trajectory::kHighAngle), 21);
  w.kind = WeaponKind::kHowitzer;
  EXPECT_EQ(WeaponRange(Data(), w, Trajectory::kHighAngle), 21);
  w.calibre_mm = 105;
  EXPECT_EQ(WeaponRange(Data(), w, Trajectory::kHighAngle), 11);  // 10.5 up
  EXPECT_EQ(WeaponRange(Data(), w, Trajectory::kFlat), 2);
  w.kind = WeaponKind::kInfantry;
  EXPECT_EQ(WeaponRange(Data(), w, Trajectory::kFlat), 1);
  EXPECT_EQ(WeaponRange(Data(), w, Trajectory::kHighAngle), kNoRange);
}

// ---------------------------------------------------------------- legality

TEST(PlanspielFire, PS_8_1_LegalityReasonsCiteTheirRule) {
  EXPECT_EQ(Check(Infantry(), Direct(1)), R{});
  FireSituation s = Direct(1);
  s.target_detected = false;
  EXPECT_EQ(Check(Infantry(), s), R{FireRejection::kNotDetected});
  s = Direct(1);
  s.line_of_sight = false;
  EXPECT_EQ(Check(Infantry(), s), R{FireRejection::kNoLineOfSight});
  EXPECT_EQ(Check(Infantry(), Direct(0)), R{FireRejection::kSameField});
  EXPECT_STREQ(rejection_rule(FireRejection::kSameField), "G-51");
  EXPECT_STREQ(rejection_rule(FireRejection::kNotDetected), "PS §8.1");
  // Into smoke: only indirect fire, and only at enemies known inside.
  s = Direct(1);
  s.into_smoke = true;
  EXPECT_EQ(Check(Infantry(), s), R{FireRejection::kSmokeOnlyIndirect});
  FireSituation i = Indirect(10);
  i.into_smoke = true;
  EXPECT_EQ(Check(Lfh105(), i), R{FireRejection::kSmokeOnlyIndirect});
  i.enemy_known_in_smoke = true;
  EXPECT_EQ(Check(Lfh105(), i), R{});
  Firer fired;
  fired.fired_this_turn = true;
  EXPECT_EQ(Check(Infantry(), Direct(1), fired), R{FireRejection::kAlreadyFired});
  EXPECT_EQ(Check(MakeWeapon("no-such-row", 10), Direct(1)), R{FireRejection::kUnknownRangeRow});
}

TEST(PlanspielFire, PS_8_3_IndirectFireNeedsAnIndirectWeaponAndAnObserver) {
  FireSituation s = Indirect(10);
  s.observer = false;
  EXPECT_EQ(Check(Lfh105(), s), R{FireRejection::kNoObserver});
  EXPECT_EQ(Check(Infantry(), Indirect(1)),
            (R{FireRejection::kNotIndirectWeapon, FireRejection::kNoRangeInMode}));
  // G-18: short tank guns do not fire indirect (only artillery-type light guns do).
  FireWeapon short_gun = MakeWeapon("m-pak", 75);
  short_gun.short_gun = true;
  EXPECT_EQ(Check(short_gun, Indirect(2)),
            (R{FireRejection::kNotIndirectWeapon, FireRejection::kNoRangeInMode}));
  EXPECT_EQ(Check(MakeWeapon("l-ig", 75), Indirect(4)), R{});
  FireSituation flat = Indirect(2);
  flat.trajectory = Trajectory::kFlat;
  EXPECT_EQ(Check(MakeWeapon("l-ig", 75), flat), R{FireRejection::kIndirectNeedsHighAngle});
  FireSituation conc = Direct(1);
  conc.concentration = 2;
  EXPECT_EQ(Check(Lfh105(), conc), R{FireRejection::kConcentrationNotIndirect});
  // A mortar has no flat-fire range.
  EXPECT_EQ(Check(MakeWeapon("m-grw", 81), Direct(1)), R{FireRejection::kNoRangeInMode});
}

TEST(PlanspielFire, PS_8_14_SuppressedFirerFiresWeakerOrNotAtAll) {
  Firer red;
  red.suppression = 3;
  Firer grey;
  grey.suppression = 4;
  EXPECT_EQ(Check(Infantry(), Direct(1), red), R{});
  EXPECT_EQ(Net(Infantry(), Figures(), Direct(1), red), -3);
  EXPECT_EQ(Net(Infantry(), Figures(), Direct(1), grey), -4);
  for (int level : {5, 6}) {
    Firer black;
    black.suppression = level;
    EXPECT_EQ(Check(Infantry(), Direct(1), black), R{FireRejection::kFirerSuppressed});
  }
  EXPECT_STREQ(rejection_rule(FireRejection::kFirerSuppressed), "PS §8.14");
}

// ---------------------------------------------------------------- effect level

TEST(PlanspielFire, PS_8_6_ModifiersOnlyOnANaturalThreeOrMore) {
  EXPECT_EQ(EffectLevel(1, 5), 0);
  EXPECT_EQ(EffectLevel(2, 4), 0);
  EXPECT_EQ(EffectLevel(3, 0), 3);
  EXPECT_EQ(EffectLevel(3, -1), 0);  // modified to 2: no effect
  EXPECT_EQ(EffectLevel(3, 5), 6);   // 7 and 8 count as 6
  EXPECT_EQ(EffectLevel(6, -2), 4);
  EXPECT_EQ(EffectLevel(5, 0), 5);
}

TEST(PlanspielFire, PS_8_7_EffectTableByTargetClass) {
  // Area target: the level is the marker, 6 adds the casualty roll.
  for (int n = 3; n <= 6; ++n) {
    const Effect e = Roll(Infantry(), Figures(), Direct(1), n);
    EXPECT_EQ(e.suppression, n);
    EXPECT_EQ(e.casualty_roll, n == 6);
    EXPECT_FALSE(e.knocked_out);
  }
  // Hard target in direct fire: 3-5 suppress, 6 knocks out.
  EXPECT_EQ(Roll(Pak37(), Tank(ArmourClass::kLight), Direct(2), 4).suppression, 4);
  EXPECT_TRUE(Roll(Pak37(), Tank(ArmourClass::kLight), Direct(2), 6).knocked_out);
  EXPECT_FALSE(Roll(Pak37(), Tank(ArmourClass::kLight), Direct(2), 6).casualty_roll);
  EXPECT_EQ(FinalOutcome(Roll(Pak37(), Tank(ArmourClass::kLight), Direct(2), 3), 1), Outcome::kRed);
  // G-50: a heavy-weapon base is an area target, not subject to minimum calibre.
  FireTarget weapon_base;
  weapon_base.category = Category::kHeavyWeaponBase;
  EXPECT_EQ(RegimeOf(Data(), Infantry(), weapon_base, Direct(1)), Regime::kArea);
  EXPECT_TRUE(Roll(Infantry(), weapon_base, Direct(1), 6).casualty_roll);
}

// ---------------------------------------------------------------- modifiers

TEST(PlanspielFire, PS_8_8_EachModifierIsListedByItsRow) {
  Firer grey;
  grey.suppression = 4;
  const std::vector<Modifier> mods =
      Modifiers(Data(), Sfh150(), grey, Figures(Cover::kBuilding), Indirect(10, 2));
  ASSERT_EQ(mods.size(), 4u);
  EXPECT_EQ(mods[0].row, ModifierRow::kCover);
  EXPECT_EQ(mods[0].value, -1);
  EXPECT_EQ(mods[1].row, ModifierRow::kCalibre);
  EXPECT_EQ(mods[1].value, 1);
  EXPECT_EQ(mods[2].row, ModifierRow::kFirerSuppressed);
  EXPECT_EQ(mods[2].value, -4);
  EXPECT_EQ(mods[3].row, ModifierRow::kConcentration);
  EXPECT_EQ(mods[3].value, 1);
  EXPECT_EQ(NetModifier(mods), -3);  // netting
  EXPECT_STREQ(modifier_rule(ModifierRow::kCover), "PS §8.8 #1");
  EXPECT_STREQ(modifier_label(ModifierRow::kCover), "cover");
  // Cover does not apply against a barrage.
  FireSituation barrage = Indirect(10);
  barrage.barrage = true;
  EXPECT_EQ(Net(Sfh150(), Figures(Cover::kFieldPosition), barrage), 1);
  // G-56: elite +1.
  Firer elite;
  elite.elite = true;
  EXPECT_EQ(Net(Infantry(), Figures(), Direct(1), elite), 1);
}

TEST(PlanspielFire, G_24_CalibreBonusScope) {
  // Rows 4-7 against area and soft targets in any mode.
  EXPECT_EQ(Net(Sfh150(), Figures(), Direct(2)), 1);
  EXPECT_EQ(Net(MakeWeapon("us-fh", 200), Figures(), Indirect(10)), 2);
  EXPECT_EQ(Net(MakeWeapon("s-fk-30", 300), Figures(), Indirect(10)), 3);
  EXPECT_EQ(Net(MakeWeapon("us-fk", 400), Figures(), Indirect(10)), 4);
  EXPECT_EQ(Net(MakeWeapon("l-fh", 149), Figures(), Indirect(10)), 0);  // "at least" 15 cm
  // Row 3: mortars over 11 cm against unarmoured troops; not cumulative with row 4.
  const std::vector<Modifier> m =
      Modifiers(Data(), MakeWeapon("s-grw", 120), {}, Figures(), Indirect(5));
  ASSERT_EQ(m.size(), 1u);
  EXPECT_EQ(m[0].row, ModifierRow::kMortarOver11cm);
  EXPECT_EQ(Net(MakeWeapon("us-grw", 150), Figures(), Indirect(5)), 1);
  // Against hard targets: never row 3; rows 4-7 only in high-angle fire.
  EXPECT_EQ(Net(MakeWeapon("s-grw", 120), Tank(ArmourClass::kLight), Indirect(5)), 0);
  EXPECT_EQ(Net(Sfh150(), Tank(ArmourClass::kLight), Indirect(10)), 1);  // +1 calibre, resistance 0
  EXPECT_EQ(Net(Sfh150(), Tank(ArmourClass::kMedium), Direct(2)), 0);    // heavy artillery rule
}

TEST(PlanspielFire, PS_8_10_SuperiorGunAddsGMinusA) {
  // Scenarios §2, the table of direct-fire modifiers at 2 LE.
  EXPECT_EQ(Net(Pak75(), Tank(ArmourClass::kLight), Direct(2)), 1);
  EXPECT_EQ(Net(Pak75(), Tank(ArmourClass::kMedium), Direct(2)), 0);
  EXPECT_EQ(Net(Pak75(), Tank(ArmourClass::kHeavy), Direct(2)), -1);
  EXPECT_EQ(Net(Panther(), Tank(ArmourClass::kLight), Direct(2)), 2);
  EXPECT_EQ(Net(T34_85(), Tank(ArmourClass::kMedium), Direct(2)), 1);
  EXPECT_EQ(Net(MakeWeapon("le-pak", 20), Tank(ArmourClass::kLight), Direct(2)), 0);
  EXPECT_EQ(Net(Lfh105(), Tank(ArmourClass::kHeavy), Direct(2)), -1);
  EXPECT_EQ(Net(Pak75(), Tank(ArmourClass::kSuperHeavy), Direct(2)), -2);
  const std::vector<Modifier> m =
      Modifiers(Data(), Panther(), {}, Tank(ArmourClass::kLight), Direct(1));
  ASSERT_EQ(m.size(), 2u);
  EXPECT_EQ(m[0].row, ModifierRow::kSuperiority);
  EXPECT_EQ(m[1].row, ModifierRow::kRangeReduction);
  EXPECT_EQ(m[1].value, 1);
}

TEST(PlanspielFire, PS_8_10_HeavyArtilleryAgainstArmour) {
  EXPECT_TRUE(IsHeavyArtillery(Data(), Sfh150()));
  EXPECT_FALSE(IsHeavyArtillery(Data(), Lfh105()));
  EXPECT_EQ(Net(Sfh150(), Tank(ArmourClass::kLight), Direct(2)), 1);
  EXPECT_EQ(Net(Sfh150(), Tank(ArmourClass::kMedium), Direct(2)), 0);
  EXPECT_EQ(Net(Sfh150(), Tank(ArmourClass::kHeavy), Direct(2)), 0);
  EXPECT_EQ(Net(Sfh150(), Tank(ArmourClass::kHeavy), Direct(1)), 1);  // range reduction
}

TEST(PlanspielFire, PS_4_3_GunClassByCalibreOverlongAndShort) {
  EXPECT_EQ(gun_class_for(8, false, false), GunClass::kNone);
  EXPECT_EQ(gun_class_for(20, false, false), GunClass::kLight);
  EXPECT_EQ(gun_class_for(37, false, false), GunClass::kLight);
  EXPECT_EQ(gun_class_for(75, false, false), GunClass::kMedium);
  EXPECT_EQ(gun_class_for(76, false, false), GunClass::kMedium);
  EXPECT_EQ(gun_class_for(75, true, false), GunClass::kHeavy);  // 7.5 cm L/70
  EXPECT_EQ(gun_class_for(85, false, false), GunClass::kHeavy);
  EXPECT_EQ(gun_class_for(88, true, false), GunClass::kSuperHeavy);
  EXPECT_EQ(gun_class_for(120, false, false), GunClass::kSuperHeavy);
  EXPECT_EQ(gun_class_for(75, false, true), GunClass::kLight);
  EXPECT_EQ(gun_class_for(37, false, true), GunClass::kLight);
}

// ---------------------------------------------------------------- minimum calibre

TEST(PlanspielFire, AE_05_MinimumCalibre) {
  for (ArmourClass a : {ArmourClass::kMedium, ArmourClass::kHeavy}) {
    EXPECT_EQ(RegimeOf(Data(), Pak37(), Tank(a), Direct(2)), Regime::kNoEffect);
    const auto odds = OddsIn36(Data(), Pak37(), {}, Tank(a), Direct(2));
    EXPECT_EQ(odds[static_cast<size_t>(Outcome::kNone)], 36);
    EXPECT_EQ(Roll(Pak37(), Tank(a), Direct(2), 6).level, 0);
  }
  EXPECT_EQ(Net(Pak37(), Tank(ArmourClass::kLight), Direct(2)), 0);
  const FireWeapon flak20 = MakeWeapon("le-m-flak", 20);
  EXPECT_EQ(Check(flak20, Direct(2)), R{});
  EXPECT_TRUE(MeetsMinimumCalibre(Data(), flak20, Tank(ArmourClass::kLight), Direct(2)));
  EXPECT_EQ(Net(flak20, Tank(ArmourClass::kLight), Direct(2)), 0);
  EXPECT_EQ(RegimeOf(Data(), Lfh105(), Tank(ArmourClass::kMedium), Indirect(10)),
            Regime::kNoEffect);
  EXPECT_EQ(RegimeOf(Data(), Sfh150(), Tank(ArmourClass::kMedium), Indirect(10)),
            Regime::kHardHighAngle);
  EXPECT_EQ(MinimumCalibreMm(Data(), Tank(ArmourClass::kMedium), Indirect(10)), 150);
  EXPECT_EQ(MinimumCalibreMm(Data(), Tank(ArmourClass::kMedium), Direct(2)), 45);
  EXPECT_EQ(MinimumCalibreMm(Data(), Figures(), Direct(2)), 0);
  // Small arms never affect armour.
  EXPECT_EQ(RegimeOf(Data(), Infantry(), Tank(ArmourClass::kLight), Direct(1)), Regime::kNoEffect);
}

// ---------------------------------------------------------------- acceptance examples

TEST(PlanspielFire, AE_03_UnarmouredVehicleAndItsPassengers) {
  const FireTarget truck = Truck(true);
  const std::vector<Modifier> m = Modifiers(Data(), Infantry(), {}, truck, Direct(1));
  ASSERT_EQ(m.size(), 1u);  // +2 once: not cumulative with the +2 for troops on vehicles
  EXPECT_EQ(m[0].row, ModifierRow::kFlatFireVsSoft);
  EXPECT_EQ(m[0].value, 2);
  EXPECT_EQ(Roll(Infantry(), truck, Direct(1), 2).level, 0);
  EXPECT_FALSE(Roll(Infantry(), truck, Direct(1), 2).passengers_dismount);
  const Effect three = Roll(Infantry(), truck, Direct(1), 3);
  EXPECT_EQ(three.level, 5);
  EXPECT_EQ(three.suppression, 5);
  EXPECT_FALSE(three.knocked_out);
  EXPECT_TRUE(three.passengers_dismount);
  EXPECT_EQ(three.passenger_suppression, 5);
  EXPECT_FALSE(three.passenger_casualty_roll);
  const Effect four = Roll(Infantry(), truck, Direct(1), 4);
  EXPECT_TRUE(four.knocked_out);
  EXPECT_TRUE(four.passengers_dismount);
  EXPECT_EQ(four.passenger_suppression, 6);
  EXPECT_TRUE(four.passenger_casualty_roll);
  EXPECT_TRUE(CasualtyRollEliminates(4));
  EXPECT_FALSE(CasualtyRollEliminates(3));
  EXPECT_EQ(Check(Infantry(), Direct(2)), R{FireRejection::kOutOfRange});
}

TEST(PlanspielFire, AE_04_TankDuelSuperiorityRangeReductionLuckyHit) {
  const FireTarget t34 = Tank(ArmourClass::kMedium);
  const FireTarget panther = Tank(ArmourClass::kHeavy);
  EXPECT_EQ(Net(Panther(), t34, Direct(2)), 1);
  EXPECT_TRUE(Roll(Panther(), t34, Direct(2), 5).knocked_out);
  EXPECT_EQ(Roll(Panther(), t34, Direct(2), 4).suppression, 5);
  EXPECT_FALSE(Roll(Panther(), t34, Direct(2), 4).knocked_out);
  EXPECT_EQ(Net(Panther(), t34, Direct(1)), 2);
  EXPECT_TRUE(Roll(Panther(), t34, Direct(1), 4).knocked_out);
  // The T-34/76 against the Panther: 7.62 cm meets the 7.5 cm minimum; -1.
  EXPECT_TRUE(MeetsMinimumCalibre(Data(), T34_76(), panther, Direct(2)));
  EXPECT_EQ(Net(T34_76(), panther, Direct(2)), -1);
  const Effect six = Roll(T34_76(), panther, Direct(2), 6);
  EXPECT_EQ(six.level, 5);
  EXPECT_TRUE(six.lucky_hit_roll);
  EXPECT_EQ(FinalOutcome(six, 4), Outcome::kKnockedOut);
  EXPECT_EQ(FinalOutcome(six, 3), Outcome::kBlack);
  EXPECT_EQ(Roll(T34_76(), panther, Direct(2), 3).level, 0);
  EXPECT_EQ(Net(T34_76(), panther, Direct(1)), 0);
  EXPECT_TRUE(Roll(T34_76(), panther, Direct(1), 6).knocked_out);
  EXPECT_FALSE(Roll(T34_76(), panther, Direct(1), 6).lucky_hit_roll);
}

TEST(PlanspielFire, AE_06_IndirectFireAndChanceHit) {
  EXPECT_EQ(Check(Sfh150(), Indirect(16)), R{FireRejection::kOutOfRange});
  EXPECT_EQ(Check(Sfh150(), Indirect(15)), R{});
  const FireTarget tank = Tank(ArmourClass::kMedium);
  const Effect inf5 = Roll(Sfh150(), Figures(), Indirect(15), 5);
  EXPECT_EQ(inf5.level, 6);
  EXPECT_TRUE(inf5.casualty_roll);
  const Effect tank5 = Roll(Sfh150(), tank, Indirect(15), 5);
  EXPECT_EQ(tank5.level, 5);
  EXPECT_FALSE(tank5.chance_hit_roll);
  EXPECT_EQ(FinalOutcome(tank5, 6), Outcome::kNone);
  EXPECT_TRUE(Roll(Sfh150(), Figures(), Indirect(15), 6).casualty_roll);
  const Effect tank6 = Roll(Sfh150(), tank, Indirect(15), 6);
  EXPECT_TRUE(tank6.chance_hit_roll);
  EXPECT_EQ(FinalOutcome(tank6, 4), Outcome::kGrey);
  EXPECT_EQ(FinalOutcome(tank6, 6), Outcome::kKnockedOut);
  EXPECT_EQ(FinalOutcome(tank6, 2), Outcome::kNone);
}

TEST(PlanspielFire, AE_07_FireConcentrationAndCover) {
  const FireSituation three_batteries = Indirect(8, 3);
  const FireTarget dug_in = Figures(Cover::kFieldPosition);
  EXPECT_EQ(Net(Lfh105(), dug_in, three_batteries), 1);
  EXPECT_EQ(Roll(Lfh105(), dug_in, three_batteries, 5).level, 6);
  EXPECT_TRUE(Roll(Lfh105(), dug_in, three_batteries, 5).casualty_roll);
  EXPECT_EQ(Roll(Lfh105(), dug_in, three_batteries, 3).suppression, 4);
  EXPECT_EQ(Roll(Lfh105(), dug_in, three_batteries, 2).level, 0);
  // First digging turn only: no cover yet.
  EXPECT_EQ(Roll(Lfh105(), Figures(), three_batteries, 3).suppression, 5);
}

TEST(PlanspielFire, AE_12_BridgesAsTargets) {
  EXPECT_EQ(RegimeOf(Data(), MakeWeapon("le-pak", 20), Bridge(BridgeKind::kEngineer), Direct(2)),
            Regime::kNoEffect);
  const FireWeapon gun75 = Pak75();
  const FireTarget bridge = Bridge(BridgeKind::kEngineer);
  EXPECT_EQ(Net(gun75, bridge, Direct(2)), 0);
  EXPECT_EQ(Final(gun75, bridge, Direct(2), 6, 1), Outcome::kKnockedOut);  // destroyed
  const Effect five = Roll(gun75, bridge, Direct(2), 5);
  EXPECT_TRUE(five.impassable);
  EXPECT_EQ(FinalOutcome(five, 1), Outcome::kBlack);  // impassable for one turn
  EXPECT_EQ(Final(gun75, bridge, Direct(2), 4, 1), Outcome::kNone);
  // A 15 cm howitzer indirect: resistance -0, calibre +1; total 6 -> chance hit.
  EXPECT_EQ(Net(Sfh150(), bridge, Indirect(10)), 1);
  const Effect chance = Roll(Sfh150(), bridge, Indirect(10), 5);
  EXPECT_TRUE(chance.chance_hit_roll);
  EXPECT_EQ(FinalOutcome(chance, 6), Outcome::kKnockedOut);
  EXPECT_EQ(FinalOutcome(chance, 5), Outcome::kBlack);
  EXPECT_EQ(FinalOutcome(chance, 4), Outcome::kNone);
  // The other bridges' minimum calibres and resistance (PS §12.7).
  EXPECT_EQ(MinimumCalibreMm(Data(), Bridge(BridgeKind::kWooden), Direct(2)), 150);
  EXPECT_EQ(MinimumCalibreMm(Data(), Bridge(BridgeKind::kSteel), Indirect(5)), 200);
  EXPECT_EQ(Net(MakeWeapon("us-fh", 200), Bridge(BridgeKind::kSteel), Indirect(10)), 0);  // +2 -2
}

// ---------------------------------------------------------------- standard situations

TEST(PlanspielFire, S_1_CounterMoveLightGunAgainstLightArmour) {
  const FireTarget light = Tank(ArmourClass::kLight);
  EXPECT_EQ(Net(Pak37(), light, Direct(2)), 0);
  EXPECT_EQ(Final(Pak37(), light, Direct(2), 6, 1), Outcome::kKnockedOut);
  EXPECT_EQ(Final(Pak37(), light, Direct(2), 5, 1), Outcome::kBlack);
  EXPECT_EQ(Final(Pak37(), light, Direct(2), 4, 1), Outcome::kGrey);
  EXPECT_EQ(Final(Pak37(), light, Direct(2), 3, 1), Outcome::kRed);
  EXPECT_EQ(Net(Pak37(), light, Direct(1)), 1);
  EXPECT_EQ(Final(Pak37(), light, Direct(1), 5, 1), Outcome::kKnockedOut);
  EXPECT_EQ(Final(Pak37(), light, Direct(1), 4, 1), Outcome::kBlack);
}

TEST(PlanspielFire, S_2_ObservedFireAndAtGunCounterMove) {
  // R-F1 (sFH) at B-I1 in the built-up field (15,8): +1 -1 = 0.
  const FireTarget in_town = Figures(Cover::kBuilding);
  EXPECT_EQ(Net(Sfh150(), in_town, Indirect(13)), 0);
  EXPECT_TRUE(Roll(Sfh150(), in_town, Indirect(13), 6).casualty_roll);
  EXPECT_EQ(Roll(Sfh150(), in_town, Indirect(13), 5).suppression, 5);
  EXPECT_EQ(Roll(Sfh150(), in_town, Indirect(13), 4).suppression, 4);
  EXPECT_EQ(Roll(Sfh150(), in_town, Indirect(13), 3).suppression, 3);
  // B-P1 (7.5 cm AT gun) against a medium tank: 0 at 2, +1 at 1; against an SPW +1.
  EXPECT_EQ(Net(Pak75(), Tank(ArmourClass::kMedium), Direct(2)), 0);
  EXPECT_EQ(Net(Pak75(), Tank(ArmourClass::kMedium), Direct(1)), 1);
  FireTarget spw = Tank(ArmourClass::kLight);
  spw.category = Category::kApc;
  EXPECT_EQ(Net(Pak75(), spw, Direct(2)), 1);
}

TEST(PlanspielFire, S_3_MinimumCalibreAndTankDuel) {
  // R-F1 (10.5 cm) indirect: no effect on the T-34/85, a chance hit on the armoured car at 6.
  EXPECT_EQ(OddsIn36(Data(), Lfh105(), {}, Tank(ArmourClass::kMedium),
                     Indirect(10))[static_cast<size_t>(Outcome::kNone)],
            36);
  EXPECT_TRUE(Roll(Lfh105(), Tank(ArmourClass::kLight), Indirect(10), 6).chance_hit_roll);
  EXPECT_FALSE(Roll(Lfh105(), Tank(ArmourClass::kLight), Indirect(10), 5).chance_hit_roll);
  // Panther at the T-34/85: +1, a natural 5 knocks it out; back at 2 LE: 0, a natural 6.
  EXPECT_EQ(Net(Panther(), Tank(ArmourClass::kMedium), Direct(2)), 1);
  EXPECT_EQ(Final(Panther(), Tank(ArmourClass::kMedium), Direct(2), 5, 1), Outcome::kKnockedOut);
  EXPECT_EQ(Net(T34_85(), Tank(ArmourClass::kHeavy), Direct(2)), 0);
  EXPECT_EQ(Final(T34_85(), Tank(ArmourClass::kHeavy), Direct(2), 6, 1), Outcome::kKnockedOut);
  EXPECT_EQ(Final(T34_85(), Tank(ArmourClass::kHeavy), Direct(2), 5, 6), Outcome::kBlack);
  // Panzer IV at the KV-1: -1; a natural 6 gives level 5 and a lucky-hit roll.
  const Effect e = Roll(Pak75(), Tank(ArmourClass::kHeavy), Direct(2), 6);
  EXPECT_EQ(e.suppression, 5);
  EXPECT_TRUE(e.lucky_hit_roll);
  EXPECT_EQ(FinalOutcome(e, 4), Outcome::kKnockedOut);
}

// ---------------------------------------------------------------- second rolls and odds

TEST(PlanspielFire, G_27_LuckyHitOnlyAtNetMinusOne) {
  // Net -2: a natural 6 gives 4, no lucky hit.
  const Effect minus2 = Roll(Pak75(), Tank(ArmourClass::kSuperHeavy), Direct(2), 6);
  EXPECT_EQ(minus2.level, 4);
  EXPECT_FALSE(minus2.lucky_hit_roll);
  // Net 0: a natural 6 knocks out directly.
  EXPECT_FALSE(Roll(Pak75(), Tank(ArmourClass::kMedium), Direct(2), 6).lucky_hit_roll);
  // Net -1, but a natural 5: no lucky hit.
  EXPECT_FALSE(Roll(Pak75(), Tank(ArmourClass::kHeavy), Direct(2), 5).lucky_hit_roll);
  // Only tank and AT guns: the 10.5 cm howitzer firing direct at -1 has none.
  EXPECT_EQ(Net(Lfh105(), Tank(ArmourClass::kHeavy), Direct(2)), -1);
  EXPECT_FALSE(Roll(Lfh105(), Tank(ArmourClass::kHeavy), Direct(2), 6).lucky_hit_roll);
  // The net counts, whatever makes it -1: a red-suppressed Panther against light armour
  // (+2 -3).
  Firer red;
  red.suppression = 3;
  EXPECT_EQ(Net(Panther(), Tank(ArmourClass::kLight), Direct(2), red), -1);
  EXPECT_TRUE(Roll(Panther(), Tank(ArmourClass::kLight), Direct(2), 6, red).lucky_hit_roll);
}

TEST(PlanspielFire, PS_8_12_OverallProbabilities) {
  const auto odds = [](const FireWeapon& w, const FireTarget& t, const FireSituation& s) {
    const auto o = OddsIn36(Data(), w, {}, t, s);
    EXPECT_EQ(std::accumulate(o.begin(), o.end(), 0), 36);
    return o;
  };
  const auto at = [](const std::array<int, kOutcomeCount>& o, Outcome x) {
    return o[static_cast<size_t>(x)];
  };
  // Casualty roll without modifiers: 1/6 x 1/2 = 1/12 = 3/36.
  const auto fig = odds(Infantry(), Figures(), Direct(1));
  EXPECT_EQ(at(fig, Outcome::kEliminated), 3);
  EXPECT_EQ(at(fig, Outcome::kBlack), 6 + 3);  // natural 5, and natural 6 surviving
  EXPECT_EQ(at(fig, Outcome::kGrey), 6);
  EXPECT_EQ(at(fig, Outcome::kRed), 6);
  EXPECT_EQ(at(fig, Outcome::kNone), 12);
  // Elite 5+: 1/6 x 1/3.
  FireTarget elite = Figures();
  elite.casualty_threshold = 5;
  EXPECT_EQ(at(odds(Infantry(), elite, Direct(1)), Outcome::kEliminated), 2);
  // Chance hit at net 0: 1/6 x 1/6 = 1/36.
  const auto hard = odds(Lfh105(), Tank(ArmourClass::kLight), Indirect(10));
  EXPECT_EQ(Net(Lfh105(), Tank(ArmourClass::kLight), Indirect(10)), 0);
  EXPECT_EQ(at(hard, Outcome::kKnockedOut), 1);
  EXPECT_EQ(at(hard, Outcome::kBlack), 1);
  EXPECT_EQ(at(hard, Outcome::kNone), 36 - 4);
  // Lucky hit at net -1: 1/6 x 1/2 = 1/12.
  const auto lucky = odds(Pak75(), Tank(ArmourClass::kHeavy), Direct(2));
  EXPECT_EQ(at(lucky, Outcome::kKnockedOut), 3);
  EXPECT_EQ(at(lucky, Outcome::kBlack), 3);  // natural 6, lucky roll 1-3
  EXPECT_EQ(at(lucky, Outcome::kGrey), 6);   // natural 5
  EXPECT_EQ(at(lucky, Outcome::kRed), 6);    // natural 4
}

TEST(PlanspielFire, PS_8_13_SeveralFiresKeepTheHighestResult) {
  EXPECT_EQ(Combine(Outcome::kRed, Outcome::kGrey), Outcome::kGrey);
  EXPECT_EQ(Combine(Outcome::kGrey, Outcome::kRed), Outcome::kGrey);
  EXPECT_EQ(Combine(Outcome::kRed, Outcome::kRed), Outcome::kRed);  // no escalation
  EXPECT_EQ(Combine(Outcome::kBlack, Outcome::kNone), Outcome::kBlack);
  EXPECT_EQ(CombineSuppression(3, 3), 3);
  EXPECT_EQ(CombineSuppression(4, 3), 4);
  // One die for the whole field (G-21), read for each unit with its own modifiers.
  const Effect inf = Roll(Sfh150(), Figures(), Indirect(10), 5);
  const Effect tank = Roll(Sfh150(), Tank(ArmourClass::kMedium), Indirect(10), 5);
  EXPECT_EQ(inf.level, 6);
  EXPECT_EQ(tank.level, 5);
}

TEST(PlanspielFire, PS_8_14_CarriedTroopsShareTheVehiclesLevel) {
  // An APC: figures stay aboard when it is suppressed, and dismount with a casualty roll when it
  // is knocked out.
  FireTarget apc = Tank(ArmourClass::kLight);
  apc.category = Category::kApc;
  apc.carries_figures = true;
  const Effect grey = Roll(Pak37(), apc, Direct(2), 4);
  EXPECT_EQ(grey.passenger_suppression, 4);
  EXPECT_FALSE(grey.passengers_dismount);
  const Effect ko = Roll(Pak37(), apc, Direct(2), 6);
  EXPECT_TRUE(ko.passengers_dismount);
  EXPECT_TRUE(ko.passenger_casualty_roll);
  // An unarmoured vehicle: any effect makes them dismount; indirect fire gets no +2.
  EXPECT_EQ(Net(Lfh105(), Truck(true), Indirect(10)), 0);
  const Effect red = Roll(Lfh105(), Truck(true), Indirect(10), 3);
  EXPECT_TRUE(red.passengers_dismount);
  EXPECT_EQ(red.passenger_suppression, 3);
}

}  // namespace
}  // namespace feldherr::planspiel
