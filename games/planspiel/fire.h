// Planspiel fire resolution as pure rules (docs/rules/planspiel.md §8): legality, modifiers, the
// effect level, the effect on each target class, the second rolls (casualty roll, chance hit,
// lucky hit), several fires on one target, and the exact odds of a fire. Dice are injected: every
// function takes the natural die values. Nothing here needs the unit catalogue: the caller
// describes the weapon, the target and the situation.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "games/planspiel/classes.h"
#include "games/planspiel/fire_data.h"

namespace feldherr::planspiel {

// PS §8.2: laying and trajectory. Indirect laying is always high-angle fire.
enum class Laying : uint8_t { kDirect, kIndirect };
enum class Trajectory : uint8_t { kFlat, kHighAngle };

// PS §8.8 #1: a field position (dug-in marker face up) or a building.
enum class Cover : uint8_t { kNone, kFieldPosition, kBuilding };

// PS §12.7: bridges as targets.
enum class BridgeKind : uint8_t { kNone, kEngineer, kWooden, kSteel };

// The firing weapon.
struct FireWeapon {
  std::string row;  // range-table row id ("s-fh"); empty = not in the table (G-19 formulas)
  WeaponKind kind = WeaponKind::kInfantry;  // used when `row` is empty; else the row's kind
  int calibre_mm = 0;
  GunClass gun_class =
      GunClass::kNone;  // against armour, overlong/short already applied (gun_class_for, classes.h)
  bool overlong = false;   // over L/60 (PS §4.3)
  bool short_gun = false;  // short gun or light gun (PS §4.3, G-18)
};

// The firing unit's state.
struct Firer {
  int suppression = 0;  // 0, or the level 3..6 of its marker (PS §8.14)
  bool fired_this_turn = false;
  bool elite = false;  // G-56: +1 to its own effect rolls, if the scenario says so
};

// One target unit in the target field.
struct FireTarget {
  Category category = Category::kFigureBase;
  ArmourClass armour = ArmourClass::kNone;
  BridgeKind bridge = BridgeKind::kNone;  // a bridge is a hard point target of its own kind
  Cover cover = Cover::kNone;
  bool carries_figures = false;  // a vehicle with a mounted base (PS §4.4, §8.14)
  int casualty_threshold = 4;    // PS §8.12: 4+, elite 5+ or as the scenario sets
  bool in_dead_ground = false;   // for flat fire (PS §8.2)
};

// The circumstances of the fire.
struct FireSituation {
  Laying laying = Laying::kDirect;
  Trajectory trajectory = Trajectory::kFlat;
  int range = 1;                // distance in LE (G-02)
  int concentration = 1;        // similar high-angle weapons firing together (PS §8.3, G-17)
  bool line_of_sight = true;    // direct laying (PS §7.2)
  bool target_detected = true;  // direct laying (PS §8.1)
  bool observer = false;    // indirect laying: an observation post detects the target (PS §8.3)
  bool barrage = false;     // PS §9.7: cover does not apply
  bool into_smoke = false;  // PS §8.1
  bool enemy_known_in_smoke = false;
};

// ---------------------------------------------------------------- legality (PS §8.1, §8.6 step 1)

enum class FireRejection : uint8_t {
  kUnknownRangeRow,           // the weapon's row is not in the range table
  kNoRangeInMode,             // "/" in the table for this trajectory (PS §8.4)
  kOutOfRange,                // PS §8.4
  kSameField,                 // G-51: no direct fire at distance 0
  kFirerSuppressed,           // PS §8.14: level 5-6 cannot fire
  kAlreadyFired,              // PS §8.6 step 1
  kNoLineOfSight,             // PS §8.2: direct laying needs LOS
  kNotDetected,               // PS §8.1: direct fire only at detected targets
  kNotIndirectWeapon,         // PS §8.3: only mortars, rocket launchers, artillery; G-18
  kIndirectNeedsHighAngle,    // PS §8.2
  kNoObserver,                // PS §8.3
  kConcentrationNotIndirect,  // PS §8.3: only indirect fire concentrates
  kSmokeOnlyIndirect,         // PS §8.1
};
const char* rejection_rule(FireRejection r);     // "PS §8.4", "G-51", ...
const char* rejection_text(FireRejection r);     // one English sentence
const char* rejection_text_de(FireRejection r);  // the same in German

// The weapon's range in LE for a trajectory: the table row if listed (G-19), else the rules of
// thumb of PS §8.4 rounded to the nearest integer, halves up. kNoRange if it cannot engage.
int WeaponRange(const FireData& data, const FireWeapon& w, Trajectory t);
// The rules of thumb of PS §8.4 alone.
int RangeByFormula(WeaponKind kind, int calibre_mm, Trajectory t);
// The weapon's kind: its table row's if listed, else w.kind.
WeaponKind KindOf(const FireData& data, const FireWeapon& w);

// Every reason the fire is illegal, in the order of PS §8.6 step 1; empty if legal.
std::vector<FireRejection> CheckFire(const FireData& data, const FireWeapon& w, const Firer& firer,
                                     const FireSituation& s);

// ---------------------------------------------------------------- modifiers (PS §8.8-§8.11)

enum class ModifierRow : uint8_t {
  kCover,            // PS §8.8 #1
  kMortarOver11cm,   // PS §8.8 #3
  kCalibre,          // PS §8.8 #4-#7
  kSuperiority,      // PS §8.8 #13, §8.10: G - A
  kHeavyArtillery,   // PS §8.10: heavy artillery firing direct at armour
  kRangeReduction,   // PS §8.8 #14, §8.10
  kFlatFireVsSoft,   // PS §8.8 #15
  kTroopsOnVehicle,  // PS §8.14: direct fire at troops on unarmoured vehicles
  kFirerSuppressed,  // PS §8.7, §8.14: -3 red, -4 grey
  kConcentration,    // PS §8.3: +1 per additional weapon
  kResistance,       // PS §8.11
  kElite,            // G-56
};
const char* modifier_rule(ModifierRow row);      // "PS §8.8 #1"
const char* modifier_label(ModifierRow row);     // "cover"
const char* modifier_label_de(ModifierRow row);  // the same in German

struct Modifier {
  ModifierRow row;
  int value;
};

// PS §8.5, §8.9: whether the weapon can affect the target at all in this mode. False only for a
// hard target (armour or bridge) below its minimum calibre.
bool MeetsMinimumCalibre(const FireData& data, const FireWeapon& w, const FireTarget& t,
                         const FireSituation& s);
// The minimum calibre in mm for the target in this mode; 0 if it needs none.
int MinimumCalibreMm(const FireData& data, const FireTarget& t, const FireSituation& s);

// Every modifier that applies, one entry per row (zero values left out), in row order.
std::vector<Modifier> Modifiers(const FireData& data, const FireWeapon& w, const Firer& firer,
                                const FireTarget& t, const FireSituation& s);
int NetModifier(const std::vector<Modifier>& mods);  // PS §8.8: netting is the plain sum

// ---------------------------------------------------------------- the effect roll (PS §8.6, §8.7)

// PS §8.6: natural 1-2 -> 0 (no effect); else n + net, <= 2 -> 0, >= 6 -> 6. Returns 0 or 3..6.
int EffectLevel(int natural, int net);

// How a target is hit (PS §8.6 step 3.4).
enum class Regime : uint8_t {
  kArea,           // figure and weapon bases (G-50)
  kSoft,           // unarmoured vehicles
  kHardDirect,     // armour or bridge, flat fire: direct hit
  kHardHighAngle,  // armour or bridge, high-angle fire: chance hit only
  kNoEffect,       // below the minimum calibre (PS §8.9)
};
// PS §8.10 reading: heavy and heaviest artillery are light guns, howitzers and field guns of
// 15 cm and more; lighter artillery acts like an AT gun of comparable weight (its gun_class).
bool IsHeavyArtillery(const FireData& data, const FireWeapon& w);

Regime RegimeOf(const FireData& data, const FireWeapon& w, const FireTarget& t,
                const FireSituation& s);

// The effect of one effect roll on one target (PS §8.7, §8.12, §8.14).
struct Effect {
  int level = 0;               // the effect level read (0, 3..6)
  int suppression = 0;         // the marker: 0, 3 red, 4 grey, 5 or 6 black
  bool knocked_out = false;    // vehicle knocked out; bridge destroyed
  bool impassable = false;     // bridge at level 5: impassable for one turn (PS §12.7)
  bool casualty_roll = false;  // figures at level 6 (PS §8.12)
  bool chance_hit_roll = false;
  bool lucky_hit_roll = false;
  bool bridge = false;         // the target is a bridge (PS §12.7)
  int casualty_threshold = 4;  // the target's (PS §8.12)
  // Mounted figures (PS §4.4, §8.14).
  int passenger_suppression = 0;
  bool passengers_dismount = false;
  bool passenger_casualty_roll = false;
};

// The whole first roll against one target: minimum calibre, modifiers, level, effect.
Effect ResolveEffectRoll(const FireData& data, const FireWeapon& w, const Firer& firer,
                         const FireTarget& t, const FireSituation& s, int natural);

// PS §9.3, §9.8, G-31: the effect of an opposed roll's winning total on the loser: the total (its
// natural die with the netted modifier `net`, 1 and 2 counting) read through the effect table (2
// or less nothing, 6 or more level 6) in the winner's regime against the loser; G-27: a lucky-hit
// roll when a tank or AT gun's natural 6 at net -1 gives 5.
Effect ResolveOpposedTotal(const FireData& data, const FireWeapon& w, const FireTarget& t,
                           const FireSituation& s, int natural, int net);

// ---------------------------------------------------------------- second rolls (PS §8.12)

bool CasualtyRollEliminates(int natural, int threshold = 4);  // natural >= threshold
int ChanceHitLevel(int natural);                              // the natural value: 1-2 -> 0
bool LuckyHitKnocksOut(int natural);                          // 4+

// ---------------------------------------------------------------- outcomes and odds

// The final outcome of one fire on one target (for a bridge: kBlack = impassable for one turn,
// kKnockedOut = destroyed).
enum class Outcome : uint8_t { kNone, kRed, kGrey, kBlack, kKnockedOut, kEliminated };
constexpr int kOutcomeCount = 6;
const char* outcome_name(Outcome o);
// The same in German: "keine Wirkung", "rot", "grau", "schwarz", "ausgeschaltet", "ausgefallen".
const char* outcome_name_de(Outcome o);

// The final outcome of an effect plus its second roll (ignored if none is due).
Outcome FinalOutcome(const Effect& e, int second_natural);
// PS §8.13: several fires on one target in a turn: the highest result stands.
Outcome Combine(Outcome a, Outcome b);
int CombineSuppression(int a, int b);

// The exact odds of one fire on one target before it is fired: for each Outcome the number of the
// 36 equally likely (natural, second natural) pairs that give it.
std::array<int, kOutcomeCount> OddsIn36(const FireData& data, const FireWeapon& w,
                                        const Firer& firer, const FireTarget& t,
                                        const FireSituation& s);

}  // namespace feldherr::planspiel
