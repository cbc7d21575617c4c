// White Star Rising combat resolution (WSR 6.1-6.4, 8.1, 11.2.1, Appendix R) as pure functions:
// resolved numbers in, parameters / results out. No state, no I/O, no randomness: dice and the
// random choices of the rules (the odd hit of an even distribution) are inputs. The game state
// and turn sequence call these; games/wsr/odds.h gives the exact distributions.
// docs/wsr-combat.md maps every rule to its function and test.
#pragma once

#include <span>
#include <string>
#include <vector>

#include "games/wsr/data.h"

namespace feldherr::wsr {

// Range band of a direct fire (WSR 6.1.1-6.1.3).
enum class RangeBand : uint8_t { kShort, kNormal, kExtended, kOutOfRange };
const char* RangeBandName(RangeBand b);  // "short", "normal", "extended", "out-of-range"
// The band as the adjective of "Reichweite" in German: "reduzierte", "normale", "erweiterte".
const char* RangeBandNameDe(RangeBand b);
bool RangeBandFromName(std::string_view name, RangeBand* out);

// Band of `distance` hexes for a weapon of printed `range` (WSR 6.1.1-6.1.3): short if not
// underlined and distance <= range / 2 (rounded down); normal up to range; extended up to
// 2 x range if not underlined; otherwise out of range. Distance 0 (same hex) is not a fire.
RangeBand BandOf(int distance, int range, bool underlined);

// Legality of an attack; reason cites the rule when not legal.
struct Legality {
  bool legal = true;
  std::string reason;
  std::string reason_de;  // the reason in German
  explicit operator bool() const { return legal; }
};

// ---------------------------------------------------------------------------------------------
// Fire combat (WSR 6.1, 6.2; R.1) and mortar hex attack (WSR 6.1 mortars; R.2).

// Switches for the [REC] readings (docs/rules/wsr.md, A-nn) that have a stated alternative
// (defaults = [REC]).
struct CombatRules {
  // the enhanced cap is all dice rolled - 1 (HQ, SW and bonus dice raise it). false: the
  // cap is the unit's own (range-modified) value; extra dice never raise it.
  bool enhanced_cap_all_dice = true;
  // infantry in a city gets -1 to-hit in total. true: -2 (6.3.1 and 6.3.1.1 cumulative).
  bool city_bonus_cumulative = false;
  // "more hits" compares hits taken after the IP. false: hits scored before the IP.
  bool compare_hits_after_ip = true;
};

// The firing weapon, already chosen by target class (AP against hard, HE against soft; WSR 6.1).
struct FireWeapon {
  int firepower = 0;        // printed dice of the firepower type used
  int to_hit = 6;           // printed (unmodified) to-hit number
  int range = 0;            // printed range
  bool underlined = false;  // WSR 6.1.3
  bool enhanced = false;    // "+" on the firepower, or AT support weapon on AP (WSR 6.1.4, 1.3.4.3)
};

struct FireInput {
  FireWeapon weapon;
  int distance = 1;  // hexes (WSR 6.1: target hex counted, firer's hex not)
  // Support weapon bonuses the caller found applicable (WSR 1.3.4.3; A-10: HMG on HE only).
  int sw_dice = 0;     // HMG: +1 HE firepower
  int sw_range = 0;    // HMG: +1 range
  int hq_dice = 0;     // command value of a supporting HQ/SHQ in the firer's hex (WSR 6.1, A-02)
  int extra_dice = 0;  // scenario / chaos bonus dice (raise the enhanced cap, A-11)
  int to_hit_modifier = 0;  // scenario modifiers (e.g. M18 move-and-fire +1), after range
  bool mortar = false;      // hex attack: no target class defence, R.2 defence roll
  // WSR 11.1: an AA unit firing its blue AA firepower at a hard target: to-hit 6, normal range at
  // most ([REC] A-26: the short-range -1 still applies). `weapon` holds the AA values.
  bool aa_at_hard_target = false;
  // WSR 11.3.1: an AA unit firing its blue AA firepower at an aircraft (target kAircraft): the
  // fire combat rules of 6.1 with the AA values; the aircraft rolls its armor dice (`armor`,
  // `save`: G-9), no terrain and no concealment.
  bool aa_at_aircraft = false;
  // Target (for a mortar: the hex).
  TargetClass target = TargetClass::kSoft;  // direct fire: the target unit's class
  int armor = 0;                            // hard target: armor dice
  int save = 0;                             // hard target: save number
  int terrain_dice = 0;    // TEC defence dice of the hex for the target's class (mortar: soft)
  bool concealed = false;  // WSR 6.1.5 (see Concealed); ignored for mortars
  bool improved_position = false;    // WSR 8.1: cancels the first hit
  bool hex_has_hard_target = false;  // mortar: +1 defence die (WSR 6.1)
  CombatRules rules;
};

struct FireParams {
  Legality legality;
  RangeBand band = RangeBand::kNormal;
  int dice = 0;          // attack dice rolled (including the "+" die)
  int to_hit = 6;        // modified to-hit number, 1..6
  int hit_cap = 0;       // at most this many hits count (dice, or dice - 1 if enhanced; A-11)
  int ip_cancels = 0;    // hits cancelled before the defence roll (WSR 8.1)
  int defence_dice = 0;  // WSR 6.1 defence roll, 6.1.6 cap applied
  int save = 5;          // each defence die >= save cancels one hit
};

// WSR 6.1, 6.1.1-6.1.6, 8.1, A-09, A-11 (R.1 / R.2 order).
FireParams ComputeFire(const FireInput& in);
// Same at a given band instead of a distance (for odds queries such as `--band normal`); a band
// the weapon does not have (short with range 1, extended when underlined) is illegal.
FireParams ComputeFireAtBand(const FireInput& in, RangeBand band);

// Hits of one attack roll: dice >= to_hit, at most `cap` counted (WSR 6.1.4: the owner counts
// the best `cap` dice, which is min(hits, cap)). Dice values 1..6.
int CountHits(std::span<const int> dice, int to_hit, int cap);
// Defence dice >= save (each cancels one hit).
int CountCancels(std::span<const int> dice, int save);

struct FireOutcome {
  int hits = 0;  // attack hits (capped)
  int ip_cancelled = 0;
  int cancelled = 0;  // by defence dice (never more than the hits left)
  int net_hits = 0;
};
// Resolves a legal attack given its dice: attack.size() must be p.dice and defence.size()
// p.defence_dice (throws std::invalid_argument otherwise).
FireOutcome ResolveFire(const FireParams& p, std::span<const int> attack,
                        std::span<const int> defence);

// ---------------------------------------------------------------------------------------------
// Combat results (WSR 6.1.7, R.3).

struct UnitState {
  bool disrupted = false;
  bool reduced = false;      // showing the reduced face
  bool single_step = false;  // SHQ, AA unit, aircraft... (no reduced face)
  bool eliminated = false;
};

// Category of the state after an attack, for odds and reporting.
enum class CombatResult : uint8_t {
  kNoEffect,   // no net hit
  kDisrupted,  // disrupted, no step lost
  kReduced,    // one step lost (and disrupted)
  kEliminated,
};
inline constexpr int kNumCombatResults = 4;
const char* CombatResultName(CombatResult r);  // "no-effect", "disrupted", "reduced", "eliminated"
// The result in a log's words: "no effect", "disrupted", ...; in German "keine Wirkung",
// "zerschlagen", ...
const char* CombatResultWords(CombatResult r);
const char* CombatResultWordsDe(CombatResult r);

struct HitsApplied {
  UnitState after;
  CombatResult result = CombatResult::kNoEffect;
  int steps_lost = 0;
};
// WSR 6.1.7 / R.3: each hit disrupts a good-order unit, else reduces it (full -> reduced,
// reduced or single-step -> eliminated); stops at elimination.
HitsApplied ApplyHits(const UnitState& before, int hits);

// WSR 6.2: a moving unit disrupted by opportunity fire ends its movement (it receives Ops
// complete); an eliminated unit is gone anyway.
bool OpportunityFireEndsMove(const HitsApplied& r);

// Wreck marker (WSR 6.1.7): placed when the eliminated unit is the first wreck-eligible unit of
// the hex and the hex has no wreck yet.
struct WreckInput {
  bool hard_target_face = false;   // vehicle silhouette face up (armored vehicle, mounted mech)
  bool transport_counter = false;  // mech/mot infantry and other transported units, any face
  bool vehicle_hq = false;         // HQ counter with a silhouette (WSR 1.3.2.2)
  bool aa_unit = false;            // AA unit reduced or eliminated (WSR 11.1)
  bool wreck_back = false;         // a wreck printed on the back (gap G-3)
  bool hex_has_wreck = false;
};
bool WreckEligible(const WreckInput& w);  // ignoring the one-per-hex limit
bool PlacesWreck(const WreckInput& w);    // eligible and no wreck in the hex yet

// Concealment (WSR 6.1.5, reading A-06).
struct ConcealInput {
  bool hex_has_wreck = false;
  bool hex_has_ip = false;
  bool infantry_type = false;              // infantry, paratroopers, engineers, dismounted mech inf
  bool terrain_conceals_infantry = false;  // woods, city, rough, built-up (TEC)
  bool ops_complete = false;
  bool moving = false;  // fired at by opportunity fire during its move
  bool adjacent_good_order_enemy = false;
  bool spotted_by_recon = false;  // in LOS and within 4 hexes of a good-order enemy recon unit
};
bool Concealed(const ConcealInput& c);

// ---------------------------------------------------------------------------------------------
// Even hit distribution (WSR 11.2.1 step 4, 6.1 mortars, 6.3 step 4, 6.4; R.3).

// allocate_even: each of `units` units takes hits / units; the hits % units remaining hits go to
// the distinct units listed in `odd_recipients` (the random choice, an input; must have exactly
// hits % units distinct indices in [0, units), else std::invalid_argument).
std::vector<int> AllocateEven(int hits, int units, std::span<const int> odd_recipients);

struct HexAttackOutcome {
  FireOutcome fire;
  std::vector<int> hits_per_unit;
  std::vector<HitsApplied> results;
};
// Mortar attack on a hex (WSR 6.1, R.2) with the units of the hex (1 or 2, any count accepted).
HexAttackOutcome ResolveHexAttack(const FireParams& p, std::span<const int> attack,
                                  std::span<const int> defence, std::span<const UnitState> units,
                                  std::span<const int> odd_recipients);

// ---------------------------------------------------------------------------------------------
// HQ loss check (WSR 1.3.2.2, A-04).

enum class HqLoss : uint8_t { kNone, kReduced, kEliminated };
struct HqLossInput {
  bool any_unit_disrupted_or_reduced = false;  // by this attack, in the HQ's hex
  bool any_unit_eliminated = false;
  bool all_units_eliminated = false;
  bool hq_reduced = false;
  bool hq_single_step = false;  // SHQ
};
// Whether a die is rolled at all: all eliminated -> eliminated without a roll; no unit hit -> no
// check.
bool HqLossCheckNeeded(const HqLossInput& in);
// `die` 1..6 (ignored when no roll is needed).
HqLoss HqLossCheck(const HqLossInput& in, int die);

// ---------------------------------------------------------------------------------------------
// Assault (WSR 6.3) and overrun (WSR 6.4); R.4.

struct AssaultUnit {
  int strength = 0;       // printed assault strength (0: cannot attack or counter-attack)
  int to_hit = 6;         // printed assault to-hit
  bool star = false;      // may not initiate an assault
  bool enhanced = false;  // "+"
  bool infantry_type = false;
  bool armored_vehicle = false;  // hard target (A-15: includes mounted mech/mot infantry)
  bool disrupted = false;        // at the moment the attacker entered
  int hq_dice = 0;               // command value of the HQ supporting this unit (one per side)
  int extra_dice = 0;            // scenario / chaos bonus dice
  UnitState state;               // for applying hits (disrupted should match `disrupted`)
};

struct AssaultInput {
  std::vector<AssaultUnit> attackers;
  std::vector<AssaultUnit> defenders;
  bool overrun = false;            // WSR 6.4
  bool city = false;               // the assaulted hex is a city hex (WSR 6.3.1.1)
  bool clear_or_hill = true;       // overrun hex terrain (WSR 6.4: clear or hill, A-16)
  bool improved_position = false;  // in the assaulted hex: cancels the first hit on defenders
  CombatRules rules;
};

struct AssaultRoll {
  bool rolls = false;  // has an assault strength
  int dice = 0;
  int to_hit = 6;
  int hit_cap = 0;
};

struct AssaultParams {
  Legality legality;
  std::vector<AssaultRoll> attackers;
  std::vector<AssaultRoll> defenders;
  int ip_cancels = 0;  // on the hits the defenders take
};
AssaultParams ComputeAssault(const AssaultInput& in);

enum class AssaultOutcome : uint8_t {
  kDefendersEliminated,  // attackers stay in the hex
  kDefendersRetreat,     // defenders took more hits: they retreat one hex, attackers stay
  kAttackersReturn,      // attackers go back to the hex they came from
  kOverrunContinues,     // overrun: the vehicles may go on moving (none disrupted or reduced)
  kOverrunReturns,       // overrun: a vehicle was disrupted or reduced: back to origin
};
const char* AssaultOutcomeName(AssaultOutcome o);
// The outcome in a log's words: "defenders eliminated", ...; in German "Verteidiger
// eliminiert", ...
const char* AssaultOutcomeWords(AssaultOutcome o);
const char* AssaultOutcomeWordsDe(AssaultOutcome o);

struct AssaultExchange {
  int hits_by_attackers = 0;  // rolled by the attackers
  int hits_by_defenders = 0;
  int defenders_take = 0;  // after the IP
  int attackers_take = 0;
  std::vector<int> attacker_hits;  // per unit
  std::vector<int> defender_hits;
  std::vector<HitsApplied> attacker_results;
  std::vector<HitsApplied> defender_results;
  std::vector<bool> defender_must_retreat;  // per unit (survivors without assault strength too)
  AssaultOutcome outcome = AssaultOutcome::kAttackersReturn;
};

// Resolves the exchange given each unit's dice (dice[i].size() == params roll dice; units that do
// not roll pass an empty span) and the random odd-hit recipients of each side.
AssaultExchange ResolveAssault(const AssaultInput& in, const AssaultParams& p,
                               std::span<const std::vector<int>> attacker_dice,
                               std::span<const std::vector<int>> defender_dice,
                               std::span<const int> attacker_odd_recipients,
                               std::span<const int> defender_odd_recipients);

// Outcome of an exchange from the hits taken and the defenders' fate (WSR 6.3 step 6, 6.4).
AssaultOutcome DecideAssaultOutcome(bool overrun, int defenders_take, int attackers_take,
                                    bool all_defenders_eliminated,
                                    bool any_attacker_disrupted_or_reduced);

// ---------------------------------------------------------------------------------------------
// Convenience: build the inputs from the data model (games/wsr/data.h).

struct FireSituation {
  int distance = 1;
  bool target_mounted = false;  // transport counters: face up
  bool target_reduced = false;
  bool firer_mounted = false;
  bool firer_reduced = false;
  const Face* support_weapon = nullptr;  // the platoon's SW face (HMG / AT), if any
  int hq_dice = 0;
  int extra_dice = 0;
  int to_hit_modifier = 0;
  bool concealed = false;
  bool improved_position = false;
  // WSR 11.1: an AA unit fires its blue AA firepower (against a hard target only: to-hit 6,
  // normal range at most; aircraft are not targets of direct fire).
  bool aa_weapon = false;
};
// The firer's AP (hard target) or HE (soft target) weapon with SW bonuses (WSR 1.3.4.3, A-10),
// or its AA weapon (WSR 11.1, `aa_weapon`), and the target's defence values from the counters and
// the terrain chart.
FireInput MakeFireInput(const CounterType& firer, const CounterType& target,
                        const TerrainType& terrain, const FireSituation& s);
// A mortar's hex attack (WSR 6.1, [REC] A-08: HE firepower of the unlimbered face) on a hex of
// `terrain` (soft-target defence dice).
FireInput MakeMortarInput(const CounterType& mortar, bool reduced, const TerrainType& terrain,
                          int distance, bool hex_has_hard_target, bool improved_position);
// A unit's assault values (WSR 6.3) for the face up; armored vehicle = hard target face
// ([REC] A-15: includes mounted mech/mot infantry, not trucks).
AssaultUnit MakeAssaultUnit(const CounterType& c, bool mounted, const UnitState& state,
                            int hq_dice = 0);

}  // namespace feldherr::wsr
