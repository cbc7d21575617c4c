// Planspiel fire resolution (games/planspiel/fire.h; docs/rules/planspiel.md §8).
#include "games/planspiel/fire.h"

#include <algorithm>

namespace feldherr::planspiel {

const char* rejection_rule(FireRejection r) {
  switch (r) {
    case FireRejection::kUnknownRangeRow:
    case FireRejection::kNoRangeInMode:
    case FireRejection::kOutOfRange:
      return "PS §8.4";
    case FireRejection::kSameField:
      return "G-51";
    case FireRejection::kFirerSuppressed:
      return "PS §8.14";
    case FireRejection::kAlreadyFired:
      return "PS §8.6";
    case FireRejection::kNoLineOfSight:
    case FireRejection::kIndirectNeedsHighAngle:
      return "PS §8.2";
    case FireRejection::kNotDetected:
    case FireRejection::kSmokeOnlyIndirect:
      return "PS §8.1";
    case FireRejection::kNotIndirectWeapon:
      return "PS §8.3, G-18";
    case FireRejection::kNoObserver:
    case FireRejection::kConcentrationNotIndirect:
      return "PS §8.3";
  }
  return "?";
}

const char* rejection_text(FireRejection r) {
  switch (r) {
    case FireRejection::kUnknownRangeRow:
      return "the weapon's row is not in the range table";
    case FireRejection::kNoRangeInMode:
      return "the weapon cannot fire in this trajectory";
    case FireRejection::kOutOfRange:
      return "the target is out of range";
    case FireRejection::kSameField:
      return "no direct fire inside one field: only close combat";
    case FireRejection::kFirerSuppressed:
      return "a unit at suppression level 5 or 6 cannot fire";
    case FireRejection::kAlreadyFired:
      return "the unit has already fired this turn";
    case FireRejection::kNoLineOfSight:
      return "direct laying needs a line of sight";
    case FireRejection::kNotDetected:
      return "direct fire only at detected targets";
    case FireRejection::kNotIndirectWeapon:
      return "only mortars, rocket launchers and artillery fire indirect";
    case FireRejection::kIndirectNeedsHighAngle:
      return "indirect laying is high-angle fire";
    case FireRejection::kNoObserver:
      return "indirect fire needs an observation post that detects the target";
    case FireRejection::kConcentrationNotIndirect:
      return "only indirect fire can be concentrated";
    case FireRejection::kSmokeOnlyIndirect:
      return "into smoke only indirect fire, and only at enemies known to be inside";
  }
  return "?";
}

const char* rejection_text_de(FireRejection r) {
  switch (r) {
    case FireRejection::kUnknownRangeRow:
      return "die Zeile der Waffe fehlt in der Reichweitentabelle";
    case FireRejection::kNoRangeInMode:
      return "die Waffe kann in dieser Flugbahn nicht feuern";
    case FireRejection::kOutOfRange:
      return "das Ziel ist außer Reichweite";
    case FireRejection::kSameField:
      return "kein direktes Feuer innerhalb eines Feldes: nur Nahkampf";
    case FireRejection::kFirerSuppressed:
      return "eine Einheit mit Wirkungsstufe 5 oder 6 ist feuerunfähig";
    case FireRejection::kAlreadyFired:
      return "die Einheit hat in diesem Zug schon gefeuert";
    case FireRejection::kNoLineOfSight:
      return "direktes Richten braucht eine Sichtlinie";
    case FireRejection::kNotDetected:
      return "direktes Feuer nur auf erkannte Ziele";
    case FireRejection::kNotIndirectWeapon:
      return "indirektes Feuer geben nur Granatwerfer, Raketenwerfer und Artillerie";
    case FireRejection::kIndirectNeedsHighAngle:
      return "indirektes Richten ist Steilfeuer";
    case FireRejection::kNoObserver:
      return "indirektes Feuer braucht eine Beobachtungsstelle, die das Ziel erkannt hat";
    case FireRejection::kConcentrationNotIndirect:
      return "nur indirektes Feuer kann zusammengefasst werden";
    case FireRejection::kSmokeOnlyIndirect:
      return "in Nebel nur indirektes Feuer und nur auf Feinde, von denen bekannt ist, dass sie "
             "darin sind";
  }
  return "?";
}

const char* modifier_rule(ModifierRow row) {
  switch (row) {
    case ModifierRow::kCover:
      return "PS §8.8 #1";
    case ModifierRow::kMortarOver11cm:
      return "PS §8.8 #3";
    case ModifierRow::kCalibre:
      return "PS §8.8 #4-#7";
    case ModifierRow::kSuperiority:
      return "PS §8.8 #13, §8.10";
    case ModifierRow::kHeavyArtillery:
      return "PS §8.10";
    case ModifierRow::kRangeReduction:
      return "PS §8.8 #14, §8.10";
    case ModifierRow::kFlatFireVsSoft:
      return "PS §8.8 #15";
    case ModifierRow::kTroopsOnVehicle:
      return "PS §8.14";
    case ModifierRow::kFirerSuppressed:
      return "PS §8.7, §8.14";
    case ModifierRow::kConcentration:
      return "PS §8.3";
    case ModifierRow::kResistance:
      return "PS §8.11";
    case ModifierRow::kElite:
      return "G-56";
  }
  return "?";
}

const char* modifier_label(ModifierRow row) {
  switch (row) {
    case ModifierRow::kCover:
      return "cover";
    case ModifierRow::kMortarOver11cm:
      return "mortar over 11 cm";
    case ModifierRow::kCalibre:
      return "calibre";
    case ModifierRow::kSuperiority:
      return "gun against armour";
    case ModifierRow::kHeavyArtillery:
      return "heavy artillery against armour";
    case ModifierRow::kRangeReduction:
      return "reduced range";
    case ModifierRow::kFlatFireVsSoft:
      return "flat fire against an unarmoured vehicle";
    case ModifierRow::kTroopsOnVehicle:
      return "troops on an unarmoured vehicle";
    case ModifierRow::kFirerSuppressed:
      return "firer suppressed";
    case ModifierRow::kConcentration:
      return "fire concentration";
    case ModifierRow::kResistance:
      return "resistance";
    case ModifierRow::kElite:
      return "elite";
  }
  return "?";
}

const char* modifier_label_de(ModifierRow row) {
  switch (row) {
    case ModifierRow::kCover:
      return "Deckung";
    case ModifierRow::kMortarOver11cm:
      return "Granatwerfer über 11 cm";
    case ModifierRow::kCalibre:
      return "Kaliber";
    case ModifierRow::kSuperiority:
      return "Kanone gegen Panzerung";
    case ModifierRow::kHeavyArtillery:
      return "schwere Artillerie gegen Panzerung";
    case ModifierRow::kRangeReduction:
      return "verkürzte Reichweite";
    case ModifierRow::kFlatFireVsSoft:
      return "Flachfeuer gegen ein ungepanzertes Fahrzeug";
    case ModifierRow::kTroopsOnVehicle:
      return "Truppen auf einem ungepanzerten Fahrzeug";
    case ModifierRow::kFirerSuppressed:
      return "Schütze niedergehalten";
    case ModifierRow::kConcentration:
      return "Feuerzusammenfassung";
    case ModifierRow::kResistance:
      return "Widerstandsfähigkeit";
    case ModifierRow::kElite:
      return "Elite";
  }
  return "?";
}

const char* outcome_name(Outcome o) {
  switch (o) {
    case Outcome::kNone:
      return "no effect";
    case Outcome::kRed:
      return "red";
    case Outcome::kGrey:
      return "grey";
    case Outcome::kBlack:
      return "black";
    case Outcome::kKnockedOut:
      return "knocked out";
    case Outcome::kEliminated:
      return "eliminated";
  }
  return "?";
}

const char* outcome_name_de(Outcome o) {
  switch (o) {
    case Outcome::kNone:
      return "keine Wirkung";
    case Outcome::kRed:
      return "rot";
    case Outcome::kGrey:
      return "grau";
    case Outcome::kBlack:
      return "schwarz";
    case Outcome::kKnockedOut:
      return "ausgeschaltet";
    case Outcome::kEliminated:
      return "ausgefallen";
  }
  return "?";
}

// ---------------------------------------------------------------- ranges

WeaponKind KindOf(const FireData& data, const FireWeapon& w) {
  if (!w.row.empty())
    if (const RangeRow* r = data.range_row(w.row)) return r->kind;
  return w.kind;
}

int RangeByFormula(WeaponKind kind, int calibre_mm, Trajectory t) {
  if (t == Trajectory::kFlat) {
    switch (kind) {
      case WeaponKind::kInfantry:
        return 1;  // weapons without mounting
      case WeaponKind::kMortar:
        return kNoRange;
      case WeaponKind::kMachineGun:
      case WeaponKind::kTankOrAtGun:
      case WeaponKind::kAaGun:
      case WeaponKind::kLightGun:
      case WeaponKind::kHowitzer:
      case WeaponKind::kFieldGun:
        return 2;  // mounted weapons with sights
    }
    return kNoRange;
  }
  // High-angle: calibre in cm gives the range in LE, rounded to the nearest, halves up (G-19).
  switch (kind) {
    case WeaponKind::kMortar:
    case WeaponKind::kLightGun:
      return (calibre_mm + 10) / 20;  // half the calibre
    case WeaponKind::kFieldGun:
      if (calibre_mm < 210) return (calibre_mm * 3 + 10) / 20;  // calibre x 1.5
      return (calibre_mm + 5) / 10;                             // 21 cm and more: calibre
    case WeaponKind::kHowitzer:
      return (calibre_mm + 5) / 10;  // calibre
    case WeaponKind::kInfantry:
    case WeaponKind::kMachineGun:
    case WeaponKind::kTankOrAtGun:
    case WeaponKind::kAaGun:
      return kNoRange;
  }
  return kNoRange;
}

int WeaponRange(const FireData& data, const FireWeapon& w, Trajectory t) {
  if (w.row.empty()) return RangeByFormula(w.kind, w.calibre_mm, t);
  const RangeRow* r = data.range_row(w.row);
  if (!r) return kNoRange;
  return t == Trajectory::kFlat ? r->flat : r->high_angle;
}

namespace {

bool IndirectCapable(WeaponKind k) {
  return k == WeaponKind::kMortar || k == WeaponKind::kLightGun || k == WeaponKind::kHowitzer ||
         k == WeaponKind::kFieldGun;
}

bool HighAngle(const FireSituation& s) {
  return s.trajectory == Trajectory::kHighAngle || s.laying == Laying::kIndirect;
}

bool IsHard(const FireTarget& t) {
  return t.bridge != BridgeKind::kNone ||
         target_class(t.category, t.armour) == TargetClass::kHardPoint;
}

// The row of the minimum-calibre and resistance tables, or nullptr for an unprotected target.
const char* ProtectionKey(const FireTarget& t) {
  switch (t.bridge) {
    case BridgeKind::kEngineer:
      return "engineer-bridge";
    case BridgeKind::kWooden:
      return "wooden-bridge";
    case BridgeKind::kSteel:
      return "steel-bridge";
    case BridgeKind::kNone:
      break;
  }
  switch (t.armour) {
    case ArmourClass::kLight:
      return "light";
    case ArmourClass::kMedium:
      return "medium";
    case ArmourClass::kHeavy:
      return "heavy";
    case ArmourClass::kSuperHeavy:
      return "super-heavy";
    case ArmourClass::kNone:
      break;
  }
  return nullptr;
}

}  // namespace

std::vector<FireRejection> CheckFire(const FireData& data, const FireWeapon& w, const Firer& firer,
                                     const FireSituation& s) {
  std::vector<FireRejection> out;
  if (!w.row.empty() && !data.range_row(w.row)) return {FireRejection::kUnknownRangeRow};
  const WeaponKind kind = KindOf(data, w);
  if (s.laying == Laying::kIndirect) {
    if (s.trajectory != Trajectory::kHighAngle)
      out.push_back(FireRejection::kIndirectNeedsHighAngle);
    if (!IndirectCapable(kind)) out.push_back(FireRejection::kNotIndirectWeapon);
  }
  if (s.concentration > 1 && s.laying != Laying::kIndirect)
    out.push_back(FireRejection::kConcentrationNotIndirect);
  const int range = WeaponRange(data, w, s.trajectory);
  if (range == kNoRange)
    out.push_back(FireRejection::kNoRangeInMode);
  else if (s.range > range)
    out.push_back(FireRejection::kOutOfRange);
  if (s.laying == Laying::kDirect && s.range == 0) out.push_back(FireRejection::kSameField);
  if (firer.suppression >= 5) out.push_back(FireRejection::kFirerSuppressed);
  if (firer.fired_this_turn) out.push_back(FireRejection::kAlreadyFired);
  if (s.laying == Laying::kDirect) {
    if (!s.line_of_sight) out.push_back(FireRejection::kNoLineOfSight);
    if (!s.target_detected) out.push_back(FireRejection::kNotDetected);
  } else if (!s.observer) {
    out.push_back(FireRejection::kNoObserver);
  }
  if (s.into_smoke && (s.laying != Laying::kIndirect || !s.enemy_known_in_smoke))
    out.push_back(FireRejection::kSmokeOnlyIndirect);
  return out;
}

// ---------------------------------------------------------------- modifiers

int MinimumCalibreMm(const FireData& data, const FireTarget& t, const FireSituation& s) {
  if (!IsHard(t)) return 0;
  const char* key = ProtectionKey(t);
  const MinimumCalibreRow* row = key ? data.minimum_calibre(key) : nullptr;
  if (!row) return 0;
  return HighAngle(s) ? row->indirect_mm : row->direct_mm;
}

bool MeetsMinimumCalibre(const FireData& data, const FireWeapon& w, const FireTarget& t,
                         const FireSituation& s) {
  return w.calibre_mm >= MinimumCalibreMm(data, t, s);
}

bool IsHeavyArtillery(const FireData& data, const FireWeapon& w) {
  const WeaponKind k = KindOf(data, w);
  return (k == WeaponKind::kLightGun || k == WeaponKind::kHowitzer || k == WeaponKind::kFieldGun) &&
         w.calibre_mm >= 150;
}

Regime RegimeOf(const FireData& data, const FireWeapon& w, const FireTarget& t,
                const FireSituation& s) {
  if (!MeetsMinimumCalibre(data, w, t, s)) return Regime::kNoEffect;
  if (IsHard(t)) return HighAngle(s) ? Regime::kHardHighAngle : Regime::kHardDirect;
  return target_class(t.category, t.armour) == TargetClass::kSoftPoint ? Regime::kSoft
                                                                       : Regime::kArea;
}

std::vector<Modifier> Modifiers(const FireData& data, const FireWeapon& w, const Firer& firer,
                                const FireTarget& t, const FireSituation& s) {
  std::vector<Modifier> out;
  const Regime regime = RegimeOf(data, w, t, s);
  if (regime == Regime::kNoEffect) return out;
  const auto add = [&](ModifierRow row, int value) {
    if (value != 0) out.push_back({row, value});
  };
  const WeaponKind kind = KindOf(data, w);
  const bool hard = regime == Regime::kHardDirect || regime == Regime::kHardHighAngle;

  // #1 cover: figures in a field position or a building; never against a barrage.
  if (regime == Regime::kArea && t.cover != Cover::kNone && !s.barrage)
    add(ModifierRow::kCover, -1);

  // #3-#7 calibre (G-24): against area and soft targets in any mode, against hard targets only in
  // high-angle fire; #3 never against hard targets; the highest single bonus counts.
  if (!hard || regime == Regime::kHardHighAngle) {
    const int c = w.calibre_mm;
    const int calibre = c >= 400 ? 4 : c >= 300 ? 3 : c >= 200 ? 2 : c >= 150 ? 1 : 0;
    const int mortar = (!hard && kind == WeaponKind::kMortar && c > 110) ? 1 : 0;
    if (calibre >= mortar)
      add(ModifierRow::kCalibre, calibre);
    else
      add(ModifierRow::kMortarOver11cm, mortar);
  }

  if (regime == Regime::kHardDirect) {
    // PS §8.10: G - A; heavy artillery at most +1 against light armour, else normal chance.
    // A bridge has no armour class: normal chance.
    if (t.bridge == BridgeKind::kNone) {
      if (IsHeavyArtillery(data, w))
        add(ModifierRow::kHeavyArtillery, t.armour == ArmourClass::kLight ? 1 : 0);
      else if (w.gun_class != GunClass::kNone)
        add(ModifierRow::kSuperiority, static_cast<int>(w.gun_class) - static_cast<int>(t.armour));
    }
    const int max_range = WeaponRange(data, w, s.trajectory);
    if (max_range != kNoRange && s.range < max_range)
      add(ModifierRow::kRangeReduction, max_range - s.range);
  }

  // #15 flat fire against unarmoured vehicles; the +2 for troops on them is the same +2.
  if (regime == Regime::kSoft) {
    if (s.trajectory == Trajectory::kFlat)
      add(ModifierRow::kFlatFireVsSoft, 2);
    else if (s.laying == Laying::kDirect && t.carries_figures)
      add(ModifierRow::kTroopsOnVehicle, 2);
  }

  if (firer.suppression == 3 || firer.suppression == 4)
    add(ModifierRow::kFirerSuppressed, -firer.suppression);
  if (s.concentration > 1) add(ModifierRow::kConcentration, s.concentration - 1);
  if (regime == Regime::kHardHighAngle) {
    const ResistanceRow* r = data.resistance(ProtectionKey(t));
    if (r) add(ModifierRow::kResistance, r->value);
  }
  if (firer.elite) add(ModifierRow::kElite, 1);
  std::stable_sort(out.begin(), out.end(), [](const Modifier& a, const Modifier& b) {
    return static_cast<int>(a.row) < static_cast<int>(b.row);
  });
  return out;
}

int NetModifier(const std::vector<Modifier>& mods) {
  int net = 0;
  for (const Modifier& m : mods) net += m.value;
  return net;
}

// ---------------------------------------------------------------- the effect roll

int EffectLevel(int natural, int net) {
  if (natural <= 2) return 0;  // failure or good performance: never modified
  const int m = natural + net;
  if (m <= 2) return 0;
  return std::min(m, 6);
}

namespace {

// PS §8.7, §8.12, §8.14: the effect of `level` in `regime` on target `t`; `lucky` when G-27's
// lucky-hit roll is due.
Effect EffectAt(Regime regime, const FireTarget& t, int level, bool lucky) {
  Effect e;
  e.bridge = t.bridge != BridgeKind::kNone;
  e.casualty_threshold = t.casualty_threshold;
  if (regime == Regime::kNoEffect) return e;
  e.level = level;
  switch (regime) {
    case Regime::kArea:
      e.suppression = level;
      e.casualty_roll = level == 6;
      break;
    case Regime::kSoft:
      e.suppression = level;
      e.knocked_out = level == 6;
      break;
    case Regime::kHardDirect:
      if (e.bridge) {
        e.impassable = level == 5;
        e.knocked_out = level == 6;
      } else {
        e.suppression = level;
        e.knocked_out = level == 6;
      }
      e.lucky_hit_roll = lucky;
      break;
    case Regime::kHardHighAngle:
      e.chance_hit_roll = level == 6;  // only level 6 matters
      break;
    case Regime::kNoEffect:
      break;
  }
  // Mounted figures share the vehicle's level (PS §4.4, §8.14); on an unarmoured vehicle they
  // dismount on any effect; a knocked-out vehicle's figures dismount and make a casualty roll.
  if (t.carries_figures && level >= 3 && !e.bridge &&
      (regime == Regime::kSoft || regime == Regime::kHardDirect)) {
    e.passenger_suppression = level;
    e.passengers_dismount = regime == Regime::kSoft || e.knocked_out;
    e.passenger_casualty_roll = e.knocked_out;
  }
  return e;
}

}  // namespace

Effect ResolveEffectRoll(const FireData& data, const FireWeapon& w, const Firer& firer,
                         const FireTarget& t, const FireSituation& s, int natural) {
  const Regime regime = RegimeOf(data, w, t, s);
  const int net = regime == Regime::kNoEffect ? 0 : NetModifier(Modifiers(data, w, firer, t, s));
  // G-27: a tank or AT gun whose net -1 turns a natural 6 into a 5.
  const bool lucky = regime == Regime::kHardDirect && KindOf(data, w) == WeaponKind::kTankOrAtGun &&
                     natural == 6 && net == -1;
  return EffectAt(regime, t, EffectLevel(natural, net), lucky);
}

Effect ResolveOpposedTotal(const FireData& data, const FireWeapon& w, const FireTarget& t,
                           const FireSituation& s, int natural, int net) {
  const Regime regime = RegimeOf(data, w, t, s);
  const int total = natural + net;
  const bool lucky = regime == Regime::kHardDirect && KindOf(data, w) == WeaponKind::kTankOrAtGun &&
                     natural == 6 && net == -1;
  return EffectAt(regime, t, total <= 2 ? 0 : std::min(total, 6), lucky);
}

// ---------------------------------------------------------------- second rolls

bool CasualtyRollEliminates(int natural, int threshold) {
  return natural >= threshold;
}
int ChanceHitLevel(int natural) {
  return natural <= 2 ? 0 : natural;
}
bool LuckyHitKnocksOut(int natural) {
  return natural >= 4;
}

namespace {
Outcome FromLevel(int level, bool bridge) {
  if (bridge)
    return level >= 6 ? Outcome::kKnockedOut : level == 5 ? Outcome::kBlack : Outcome::kNone;
  switch (level) {
    case 3:
      return Outcome::kRed;
    case 4:
      return Outcome::kGrey;
    case 5:
    case 6:
      return Outcome::kBlack;
    default:
      return Outcome::kNone;
  }
}
}  // namespace

Outcome FinalOutcome(const Effect& e, int second_natural) {
  if (e.knocked_out) return Outcome::kKnockedOut;
  if (e.casualty_roll)
    return CasualtyRollEliminates(second_natural, e.casualty_threshold) ? Outcome::kEliminated
                                                                        : Outcome::kBlack;
  if (e.chance_hit_roll) {
    const int level = ChanceHitLevel(second_natural);
    if (level == 6) return Outcome::kKnockedOut;
    return FromLevel(level, e.bridge);
  }
  if (e.lucky_hit_roll && LuckyHitKnocksOut(second_natural)) return Outcome::kKnockedOut;
  if (e.bridge) return e.impassable ? Outcome::kBlack : Outcome::kNone;
  return FromLevel(e.suppression, false);
}

Outcome Combine(Outcome a, Outcome b) {
  return std::max(a, b);
}
int CombineSuppression(int a, int b) {
  return std::max(a, b);
}

std::array<int, kOutcomeCount> OddsIn36(const FireData& data, const FireWeapon& w,
                                        const Firer& firer, const FireTarget& t,
                                        const FireSituation& s) {
  std::array<int, kOutcomeCount> counts{};
  for (int n = 1; n <= 6; ++n) {
    const Effect e = ResolveEffectRoll(data, w, firer, t, s, n);
    for (int m = 1; m <= 6; ++m) ++counts[static_cast<size_t>(FinalOutcome(e, m))];
  }
  return counts;
}

}  // namespace feldherr::planspiel
