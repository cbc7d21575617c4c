// White Star Rising -- the rules engine: game state, the cup and chit-pull
// activation (WSR 3.1-3.2), the formation impulse (4.1-4.4: cleanup, command, reorganization,
// operations), movement (5.0-5.2: terrain costs, stacking 1.4, stacks and splitting, mounting
// and dismounting, disrupted movement 6.1.7/A-13) and hex control (12.2).
// Rules: docs/rules/wsr.md ("WSR x.y"); docs/wsr-rules.md describes the state
// layout, verbs, text forms and the seams where fire, opportunity fire, assault, overrun,
// mines, fate points and chaos hook in.
//
// WsrGame is immutable (the loaded Data, the map layout with precomputed movement costs, the
// setup, options; it keeps a pointer to the Data, which must outlive it -- ShippedData() does).
// WsrState is the whole position as fixed-size arrays of small structs with
// integer ids plus a procedure stack of small step records, so clone() is a plain copy.
#pragma once

#include <array>
#include <cstdint>
#include <initializer_list>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "engine/game.h"
#include "engine/steps.h"
#include "games/wsr/data.h"
#include "games/wsr/los_cache.h"  // perf: the inline los_clear
#include "geometry/hex_map.h"
#include "geometry/los.h"

namespace feldherr::wsr {

struct Scenario;  // games/wsr/scenario.h
struct Zone;      // games/wsr/scenario.h
class LosCache;   // games/wsr/los_cache.h (perf)

// perf: Action(verb, {args}) built inline, for the lists of the hottest decisions (the engine's
// constructor is out of line); the same action.
inline Action ActionOf(int verb, std::initializer_list<int> a) {
  Action x;
  x.verb = static_cast<uint8_t>(verb);
  x.argc = static_cast<uint8_t>(a.size());
  size_t i = 0;
  for (int v : a) x.args[i++] = static_cast<uint16_t>(v);
  return x;
}

// Capacity of the flat state.
constexpr int kMaxUnits = 96;
constexpr int kMaxFormations = 16;
constexpr int kMaxHexes = 1100;  // four sheets of 21 x 12 hexes fit
constexpr int kMaxSteps = 32;
constexpr int kMaxGroup = 4;    // a moving stack: 2 combat units + HQ, room to spare (WSR 1.4)
constexpr int kStackLimit = 2;  // combat units per hex (WSR 1.4)
constexpr int kEndTurnMarkersEndingTurn = 2;  // WSR 1.7.2: the second end-turn marker
constexpr int kMountCost = 3;                 // WSR 5.2.1, 5.2.2
constexpr int kCarrierCapacity = 1;           // carrier.cc: passengers per carrier ([REC] A-38)
constexpr int kNoHex = -1;
constexpr int kMaxRandomEntries = 4;  // arrival.cc: die-roll entry tables per scenario (B1)

// Action verbs (docs/wsr-rules.md "Verbs and text forms").
enum Verb : uint8_t {
  kDraw = 1,    // draw <marker>          chance: formation id or "end-turn" (WSR 3.1)
  kRoll,        // roll <d1> <d2>         chance: 2d6 morale test, d1 <= d2 (WSR 1.6.1)
  kSelect,      // select <unit>          start a move / add a stack-mate (WSR 5.0, 5.1)
  kMoveTo,      // move <hex>             the moving group enters an adjacent hex (WSR 5.0)
  kDrop,        // drop <unit>            split a unit off the moving stack (WSR 5.1)
  kMount,       // mount <unit>           WSR 5.2.1
  kDismount,    // dismount <unit>        WSR 5.2.2
  kEndMove,     // end-move               the group's movement ends: Ops complete (WSR 5.0)
  kEndImpulse,  // end-impulse            the formation's operations are over (WSR 4.4)
  kPlaceHq,     // place-hq <hex>         HQ replacement hex (WSR 1.3.2.3)
  kFire,        // fire <unit> <target>   direct fire during the impulse (WSR 6.1)
  kOpFire,      // opfire <unit> <target> opportunity fire at a unit that entered a hex (6.2)
  kNoOpFire,    // no-opfire              decline opportunity fire in this hex (WSR 6.2)
  kFireDice,    // roll <d> <d> ...       chance: the dice of an attack or defence roll (6.1);
                // args 0-1 pack the count of each face (4 bits per face, faces 1-3 / 4-6)
  kFireHex,     // fire <mortar> <hex>    mortar hex attack, direct fire (WSR 6.1 mortars)
  kOddHit,      // odd-hit <unit>         chance: the unit taking the odd hit (WSR 6.1, R.3)
  kFate,        // fate <use> [arg] / no-fate   spend fate points (WSR 10.0; fate.cc): arg 0 a
                // FateUse, arg 1 the die face (raise/lower) or the unit (ops)
  // setup.cc (WSR 2.0 setup phase, 1.3.4.1 support weapons)
  kPlace,      // place <unit> <hex>     set up the side's next unit in its zone (WSR 2.0)
  kAssign,     // assign <sw> <unit>     give a support weapon to a platoon (WSR 1.3.4.1)
  kAutoSetup,  // auto-setup             place and assign the side's rest deterministically
  // assault.cc (WSR 6.3, 6.4) and fortification.cc (WSR 8.2)
  kAssault,    // assault <hex>          the moving stack assaults an enemy hex (WSR 6.3)
  kOverrun,    // overrun <hex>          the moving vehicles overrun an enemy hex (WSR 6.4)
  kSupport,    // support <unit>         the HQ's command value goes to this unit (6.3 step 1)
  kRetreat,    // retreat <hex>          the defenders' retreat hex (WSR 6.3 step 7, A-14)
  kPlaceMine,  // mine <hex>             place a mine marker in the hex just entered (WSR 8.2.1)
  kNoMine,     // no-mine                do not place a mine there (WSR 8.2.1)
  kClearMine,  // clear-mine <unit> <hex> try to clear the mine in an adjacent hex (WSR 8.2.2)
  // arrival.cc / special_rules.cc (scenario mechanics: reinforcements, first activations, hooks)
  kEnter,            // enter <unit> [<unit> <unit>] <hex>  off-map units enter (G-12, WSR 5.1)
  kFirstActivation,  // first-activation <formation>  activate before the first draw (scenario)
  kDecline,          // decline                       an optional first activation is declined
  kFireMove,         // fire-move <unit> <target>     B1 m18-fire-and-move: fire, then move
  kAmbush,           // ambush <unit> <hex> <target>  B4 panther-ambush: place and fire at once
  // chaos.cc (WSR 9.0)
  kChaosPick,  // chaos-pick <unit>  the opponent picks a unit hit by a chaos result (disrupt,
               // ops-complete) of the formation whose marker was drawn next
  // artillery.cc (WSR 11.2)
  kCall,  // call <unit> <hex> <strike>  an HQ, SHQ or recon unit calls an artillery strike
          // (args: caller, target hex, index of the strike kind in GameSetup::artillery[side])
  // air.cc (WSR 11.3)
  kAirTarget,  // air-target <hex>   the owner places the drawn aircraft on its target (11.3.1 1)
  kFlak,       // flak <unit>        an AA unit of the other side fires at the aircraft (11.3.1 2)
  kNoFlak,     // no-flak            no more AA fire at the aircraft (11.3.1 2)
  kAirDrift,   // air-drift <hex>    the other side picks the hex a missing aircraft hits (11.3.2)
  // exit.cc (G-12 [Rec]): the moving stack leaves the map from an exit hex of its side
  kExitMap,  // exit                 the moving stack exits (victory exits, scoring `exited`)
  // sw_placement.cc (WSR 11.4, option sw_on_first_fire)
  kPlaceSw,  // place-sw <sw> <unit>  the firing platoon has this unplaced SW from now on
  kNoSw,     // no-sw                 it fires without one
  kSwLoss,   // sw-loss <sw>          the opponent eliminates an unplaced SW (11.4 loss roll)
  // setup.cc (WSR 8.1: improved positions a side places during its setup)
  kPlaceIp,  // place-ip <hex>        put one of the side's improved positions in the hex
  // special_rules.cc (A4 blow-the-bridge)
  kBlowBridge,  // blow-bridge <unit>  the engineer at an end of the bridge tries to blow it
  // special_rules.cc (A5 designated-formation-marker, A7 pre-game-strike)
  kDesignate,  // designate <formation>  the drawn designated marker activates this formation
  kPreStrike,  // pre-strike <hex> <strike>  the strike before all activations of turn 1
  // carrier.cc (WSR 5.2, G-11, [REC] A-38): separate carriers (trucks) and their passengers
  kLoad,    // load <passenger> <carrier>  an infantry platoon boards a separate carrier
  kUnload,  // unload <passenger>          it leaves its carrier
};

// What the marker argument of `draw` means.
constexpr int kEndTurnMarker = kMaxFormations;    // draw arg for an end-turn marker
constexpr int kChaosMarker = kEndTurnMarker + 1;  // chaos.cc: draw arg for a chaos marker (9.0)
constexpr int kMaxAircraft = 4;                   // air.cc: aircraft counters of a game (11.3)
constexpr int kAirMarker = kChaosMarker + 1;      // air.cc: draw arg kAirMarker + k: aircraft k
// special_rules.cc, A5 designated-formation-marker: draw arg of the designated marker.
constexpr int kDesignatedMarker = kAirMarker + kMaxAircraft;

enum Phase : uint8_t {
  kOperations,  // WSR 3.1: drawing from the cup, formation impulses
  kMarkerRemoval,
  kOver,
};

// Procedure steps (the top of the stack says who decides).
enum StepKind : uint8_t {
  kStepDraw,           // chance draws a marker from the cup (WSR 3.1)
  kStepCommand,        // chance: command test for hex `a` of formation `f` (WSR 4.2)
  kStepReorg,          // chance: reorganization roll for unit `a` (WSR 4.3)
  kStepOperations,     // the active side operates with formation `f` (WSR 4.4)
  kStepMove,           // a group is moving (units in WsrState::group), WSR 5.0-5.2
  kStepHexEntered,     // the group entered hex `a`: the non-moving side may opportunity-fire
                       // (6.2, fire.cc); mines (8.2) will go here too
  kStepPlaceHq,        // owner of formation `f` chooses the hex of its replaced HQ (WSR 1.3.2.3)
  kStepFireAttack,     // chance: attack roll of a fire, a = firer * 128 + target, f = 0 (6.1)
  kStepFireDefence,    // chance: defence roll, a as above, f = attack hits scored (6.1)
  kStepMortarAttack,   // chance: mortar attack roll, f = mortar, a = hex (WSR 6.1 mortars)
  kStepMortarDefence,  // chance: defence roll, f = mortar, a = hex + kMaxHexes * hits
  kStepMortarOdd,      // chance: odd hit recipient, f = mortar, a = hex + kMaxHexes * net hits
  kStepHqLoss,         // chance: 1-die HQ loss check of HQ `a`; f bit 1: a unit was eliminated
  kStepFate,   // fate window after a roll or draw (WSR 10.0): seat `a` decides; f = affected seat
  kStepSetup,  // setup.cc: seat `a` sets up (WSR 2.0) and assigns its SWs (1.3.4.1); f = 0
  // assault.cc (WSR 6.3, 6.4): the procedure record (f = active formation, a = hex; the data is
  // in WsrState::assault) and its decisions and chance rolls
  kStepAssault,         // driven by advance(): HQ support, rolls, hits, outcome, retreat
  kStepAssaultSupport,  // seat `a` chooses the unit its HQ supports (WSR 6.3 step 1)
  kStepAssaultRoll,     // chance: assault / counter-attack roll of unit `a` (6.3 steps 2-3)
  kStepAssaultOdd,      // chance: odd hit among the attackers (a = 0) or defenders (a = 1)
  kStepRetreat,         // the defending seat chooses the retreat hex (WSR 6.3 step 7)
  // fortification.cc (WSR 8.2)
  kStepPlaceMine,   // non-moving side may place a mine in hex `a` (f = active formation)
  kStepMineAttack,  // chance: 2 dice of the mine in hex `a` (f = 0)
  kStepMineOdd,     // chance: the unit taking the odd mine hit, a = hex, f = hits
  kStepMineClear,   // chance: clearing roll of unit `f` at hex `a` (WSR 8.2.2)
  // arrival.cc (scenario mechanics)
  kStepEntryRoll,        // chance: 1 die, random entry table `a` of formation `f` (B1)
  kStepFirstActivation,  // owner of formation `f` takes or declines an optional first activation
  // chaos.cc (WSR 9.0)
  kStepChaosRoll,  // chance: 2d6 on the chaos table (Data::chaos) after a chaos marker is drawn
  kStepChaosPick,  // the opponent of formation `f` picks a unit: a = ChaosEffect * 100 + left
  // fire.cc (WSR 6.1 indirect mortar fire, [REC] A-08): chance, the 1-die accuracy roll of
  // mortar `f` at hex `a` (1: no effect); a kStepMortarAttack lies below it
  kStepMortarAccuracy,
  // artillery.cc (WSR 11.2): chance, the 1-die accuracy roll of the strike called (f = calling
  // seat, a = target hex; the strike is WsrState::strike)
  kStepArtyAccuracy,
  kStepBarrage,      // driven by advance(): the next of the 7 hexes of an HE strike (11.2.1)
  kStepArtyAttack,   // chance: the strike's dice on hex `a` (11.2.1 step 2)
  kStepArtyDefence,  // chance: the defence roll of hex a % kMaxHexes, a / kMaxHexes hits (step 3)
  kStepArtyOdd,      // chance: the odd hit's unit, hex a % kMaxHexes, a / kMaxHexes net hits
  // air.cc (WSR 11.3): the sortie of the drawn aircraft (WsrState::sortie)
  kStepAirTarget,      // seat `a` (the owner) places the aircraft on its target hex (11.3.1 1)
  kStepAirFlak,        // seat `a` (the other side) fires an AA unit at it or stops (11.3.1 2)
  kStepAirFlakAttack,  // chance: the dice of AA unit `a` at the aircraft (11.3.1 2)
  kStepAirArmor,       // chance: the aircraft's armor dice against `a` AA hits (11.3.1 3)
  kStepAirAbort,       // chance: 1 die, the disrupted aircraft's abort roll (11.3.1 4)
  kStepAirAccuracy,    // chance: 1 die, accuracy (11.3.2 step 1)
  kStepAirDrift,       // seat `a` (the other side) picks the adjacent hex of a miss (11.3.2 1)
  kStepAirAttack,      // chance: the gold firepower dice on the target hex (11.3.2 step 2)
  kStepAirDefence,     // chance: the defence roll of the hex, `a` hits (11.3.2 step 3)
  kStepAirOdd,         // chance: the odd hit's unit, `a` net hits (11.3.2 step 4)
  kStepAirStatus,      // chance: 1 die, the aircraft status roll (11.3.2 step 5)
  // sw_placement.cc (WSR 11.4, option sw_on_first_fire)
  kStepSwPlace,     // the side of formation `f` declares whether firing platoon `a` has an SW
  kStepSwLossRoll,  // chance: 1 die of seat `f`, `a` of its infantry platoons eliminated so far
  kStepSwLossPick,  // seat `a` picks the unplaced SW of seat 1 - `a` that is eliminated
  // special_rules.cc (A4 blow-the-bridge)
  kStepBridgeRoll,  // chance: 1 die, the demolition attempt of engineer `a` (f = its formation)
  kStepDdRoll,      // chance: 1 die before the setup, A7 dd-tanks: unit `a` starts reduced?
  kStepDesignate,   // A5: seat `a` picks the formation the drawn designated marker activates
  kStepPreStrike,   // A7 pre-game-strike: seat `a` calls the strike before turn 1 or declines
  kStepLand,        // A7 place-on-activation: the side of formation `f` places its units
  kNumStepKinds
};

// Who decides a step (games/wsr/steps.cc).
enum class StepSeat : uint8_t {
  kChance,    // Chance, by the step's dice
  kSide,      // the side of formation `f`
  kOpponent,  // the other side than formation `f`'s
  kSeatA,     // seat `a`
  kDefender,  // the side defending in the assault under way
};
// How Chance decides a chance step.
enum class StepDice : uint8_t {
  kNone,      // a seat's step
  kDraw,      // a marker drawn from the cup (WSR 3.1)
  kTwoDice,   // 2d6, unordered (`roll a b`)
  kFireDice,  // the dice of a fire, an assault, a mine or an entry roll (`dice ...`, fire.cc)
};
// A row of the step table (engine/steps.h): the kind of its decision (Decision::kind), who
// decides, what Chance rolls.
using StepSpec = StepRow<StepSeat, StepDice>;
const StepSpec& step_spec(int kind);

// What a `fate` action does (WSR 10.0, A-28; fate.cc).
enum FateUse : uint8_t {
  kFatePass,     // no-fate: accept the roll or draw as it is
  kFateReroll,   // fate reroll: re-roll the whole pending roll (1 point)
  kFateRaise,    // fate raise <face>: one die showing <face> +1 (1 point)
  kFateLower,    // fate lower <face>: one die showing <face> -1 (1 point)
  kFateCommand,  // fate command: the hex of the pending command test is in command (1 point)
  kFateRedraw,   // fate redraw: the just-drawn marker goes back into the cup (2 points)
  kFateOps,      // fate ops <unit>: remove Ops complete from one own unit (2 points)
};

// Wreck marker in a hex (WSR 6.1.7): bit 4 of WsrState::control (bits 0-3 are 12.2 control).
constexpr uint8_t kWreckBit = 1 << 4;
// fortification.cc: improved position (WSR 8.1) and mine (WSR 8.2) markers, bits 5 and 6.
constexpr uint8_t kIpBit = 1 << 5;
constexpr uint8_t kMineBit = 1 << 6;
constexpr uint8_t kMarkerBits = kWreckBit | kIpBit | kMineBit;  // kept by the 12.2 control code

struct Step {
  uint8_t kind = 0;
  int8_t f = -1;  // formation
  int16_t a = -1;
};

enum UnitFlag : uint16_t {
  kReduced = 1 << 0,           // reduced face up (WSR 1.2.1)
  kMounted = 1 << 1,           // transport counters: vehicle face up (WSR 5.2)
  kDisrupted = 1 << 2,         // WSR 1.6, 6.1.7
  kOpsComplete = 1 << 3,       // WSR 5.0, 6.1
  kOutOfCommand = 1 << 4,      // WSR 4.2
  kMoving = 1 << 5,            // member of the moving group
  kMovedThisImpulse = 1 << 6,  // has spent MP or flipped this impulse (may not fire, WSR 5.0)
  kGone = 1 << 7,              // eliminated or permanently removed (hex == kNoHex)
  kPermanent = 1 << 8,         // removed for good (SHQ used for HQ replacement; HQ not replaced)
  // Not yet on the map and not eliminated (hex == kNoHex): a unit still to be set up (WSR 2.0)
  // or a reinforcement still to arrive (G-12). Never together with kGone.
  kOffMap = 1 << 9,
  // A-02 (fire.cc): an HQ that has supported an attack this impulse / a firer whose current
  // attack gets the HQ's command value.
  kHqSupported = 1 << 10,
  kHqBonus = 1 << 11,
  // WSR 11.1 (fire.cc): the firer's current attack uses its blue AA firepower against a hard
  // target (declared with `fire <unit> <target> aa`), cleared when the attack is resolved.
  kAaFire = 1 << 12,
  // G-12 (exit.cc): left the map from an exit hex (always with kGone, hex kNoHex; the hex it
  // left from is WsrState::exit_hex). Exited units are not eliminated and do not return.
  kExited = 1 << 13,
};

struct Unit {
  int16_t hex = kNoHex;
  int16_t start_hex = kNoHex;  // hex at the start of the current impulse (WSR 5.1)
  uint16_t flags = 0;
  uint8_t mp_spent = 0;  // MP spent this impulse (WSR 5.0, A-29)
  // Support weapon held (WSR 1.3.4.1): index + 1 into WsrGame::sw_info, 0 = none. Assigned in
  // the setup phase (setup.cc) or from SetupUnit::sw; read it through WsrState::sw(u).
  uint8_t sw = 0;
  // carrier.cc (WSR 5.2, [REC] A-38): the separate carrier this unit rides in, -1 = none. A
  // loaded passenger stands in its carrier's hex and shares its MP spent, its Ops complete,
  // moved, disrupted and out-of-command state; it is never a target of its own.
  int8_t carrier = -1;
};

// A unit as set up (scenarios fill this later; tests build positions directly).
struct SetupUnit {
  std::string counter;    // counter type id, "us.m4a1"
  std::string hex;        // "A-K08"
  std::string formation;  // formation id ("us.cca"); attached units name the formation they
                          // are attached to
  std::string sw;         // support weapon counter id carried by an infantry platoon, or ""
  bool reduced = false;
  bool mounted = false;  // transport counters only
  bool disrupted = false;
  // carrier.cc ([REC] A-38): index into GameSetup::units of the separate carrier (a truck in the
  // same hex, side and formation) this platoon starts loaded in; -1 = not loaded.
  int carried_by = -1;
  // Scenario games: index of the Scenario force (GameSetup::scenario_data->forces) this unit
  // comes from; -1 in test setups. A unit with an empty `hex` and force >= 0 starts kOffMap
  // (placed in the setup phase, or arriving as the force's arrival says).
  int force = -1;
};

// setup.cc / scenario_game.cc (WSR 1.3.4.1): a support weapon counter of a scenario force, to be
// assigned to an infantry-type platoon of the same force during the setup phase.
struct SetupSw {
  std::string counter;    // "de.hmg"
  std::string formation;  // formation of its force
  int force = -1;         // Scenario force index (as SetupUnit::force)
};

struct SetupFormation {
  std::string id;   // formation id of formations.toml
  int side = 0;     // seat index
  int markers = 1;  // formation markers in the cup (WSR 1.7.1)
};

struct GameSetup {
  std::string scenario = "test";
  std::vector<std::string> seats = {"us", "de"};
  std::vector<SetupFormation> formations;
  std::vector<SetupUnit> units;
  int end_turn_markers = 2;  // WSR 1.7.2
  int turns = 1;             // game length in turns
  // Hexes each seat controls at the start (WSR 12.2: where it could set up); hexes with a
  // unit of a side are added automatically.
  std::array<std::vector<std::string>, 2> controlled;
  // Hexes the victory conditions name (towns, exits, objectives): what the AI's evaluation
  // and the board's highlighting look at. Resolved to layout indices by WsrGame::objectives().
  std::vector<std::string> objectives;
  // The scenario this setup was built from (games/wsr/scenario.h), or null for a test setup.
  // The rules read zones, arrivals, first activations, special rules and victory from it.
  std::shared_ptr<const Scenario> scenario_data;
  // fortification.cc: improved positions (WSR 8.1) and mine markers per seat (WSR 8.2).
  std::vector<std::string> improved_positions;
  std::array<int, 2> mines{};
  std::array<int, 2> fate_points{};  // per seat (WSR 10.0; the scenario's `fate_points`)
  // Support weapons still to be assigned in the setup phase (WSR 1.3.4.1; setup.cc). SWs given
  // directly to a unit use SetupUnit::sw.
  std::vector<SetupSw> support_weapons;
  // chaos.cc (WSR 9.0, A-35): chaos markers joining the cup at the start of `turn`.
  struct Chaos {
    int turn = 1;
    int count = 1;
  };
  std::vector<Chaos> chaos;
  // artillery.cc (WSR 11.2): each seat's artillery support, "N x FT" = `count` strikes of
  // firepower `fp` and to-hit `to_hit` (HE), or `count` smoke strikes (the scenario's
  // artillery_he / artillery_smoke).
  struct Strike {
    bool smoke = false;
    int fp = 0;
    int to_hit = 0;
    int count = 0;
  };
  std::array<std::vector<Strike>, 2> artillery;
  // air.cc (WSR 11.3): the aircraft counters of the sides (the scenario's `air`), each put into
  // the cup at the start of `turn`.
  struct Aircraft {
    int side = 0;
    std::string counter;  // "us.p-47"
    int turn = 1;         // kAirOnTrigger: when the A4 air-trigger hook says (special_rules.cc)
  };
  static constexpr int kAirOnTrigger = 1000;
  std::vector<Aircraft> air;
};

constexpr int kMaxStrikeKinds = 4;     // artillery.cc: kinds of strike per seat (WSR 11.2)
constexpr int kMaxSmoke = 8;           // artillery.cc: smoke markers on the map (WSR 11.2.2)
constexpr int kStrikesPerImpulse = 2;  // WSR 11.2 "up to two strikes", [REC] A-24: per impulse

struct WsrOptions {
  // A-13 [REC]: disrupted units may not end a step closer to, or adjacent to, an enemy in LOS.
  bool disrupted_movement_limits = true;
  // chaos.cc / scenario_game.cc (WSR 9.0): add the scenario's chaos markers marked `variation`
  // ("if both players agree", B1) -- read by the builder (MakeScenarioGame).
  bool chaos_variation = false;
  // WSR 11.4 (optional, sw_placement.cc): support weapons are not assigned at setup; a platoon
  // takes one when it fires for the first time.
  bool sw_on_first_fire = false;
};

// Static facts of one unit of the setup.
struct UnitInfo {
  const CounterType* counter = nullptr;
  const CounterType* sw = nullptr;
  uint8_t side = 0;
  uint8_t formation = 0;
  bool hq = false;  // HQ or SHQ (not a combat unit for stacking, WSR 1.4)
  bool shq = false;
  bool formation_hq = false;  // the formation's HQ (not the SHQ)
  // carrier.cc: a circled-MF counter that is not two-sided, not an HQ (trucks; WSR 5.2, A-38)
  bool separate_carrier = false;
  std::string label;  // "us.m4a1-2"
};

struct FormationInfo {
  const Formation* data = nullptr;
  uint8_t side = 0;
  uint8_t markers = 1;
  int hq = -1;   // unit index of the HQ, or -1
  int shq = -1;  // unit index of the SHQ, or -1
  int morale = 7;
  int command_range = 0;  // from the HQ's full face (G-10 stand-ins)
};

class WsrGame;
struct FireParams;   // games/wsr/combat.h
struct FireInput;    // games/wsr/combat.h (special_rules.cc)
struct AssaultRoll;  // games/wsr/combat.h (assault.cc)
enum class HqLoss : uint8_t;

class WsrState : public State {
 public:
  explicit WsrState(const WsrGame* game);

  // --- State interface (state.cc) ---
  const Game& game() const override;
  int current_seat() const override;
  feldherr::Decision decision() const override;
  void legal_actions(ActionList& out) const override;
  using State::legal_actions;
  std::vector<ChanceOutcome> chance_outcomes() const override;
  Action sample_chance(Rng& rng) const override;
  void apply(const Action& action, EventList* events = nullptr) override;
  std::string why_illegal(const Action& action) const override;
  Text why_illegal_text(const Action& action) const override;
  bool is_terminal() const override { return phase == kOver; }
  Result result() const override;
  // decision(), why_illegal_text() and result() as the rules word them, with ids (state.cc);
  // the overrides name the ids (WsrGame::name_ids).
  feldherr::Decision decision_with_ids() const;
  Text refusal_with_ids(const Action& action) const;
  Result result_with_ids() const;
  std::unique_ptr<State> clone() const override;
  std::string describe(const Action& action) const override;
  Text annotate(const Action& action) const override;  // annotate.cc
  // verbs.cc: fire at a hex names a place; a move carries its MP cost; units by counter name.
  ActionInfo action_info(const Action& action, int viewer) const override;
  std::string arg_name(ArgKind kind, std::string_view word, Lang lang) const override;
  // MP the moving group pays to enter `hex` (the dearest of its units, WSR 5.0) and the fewest MP
  // any of them has left after; -1 when the group cannot enter it (annotate.cc).
  int group_step_cost(int hex, int* left) const;
  bool parse_text(std::string_view text, Action& out, Text& error) const override;
  json observe(int seat) const override;
  // observe(seat).dump() written directly, without the JSON tree (the server's hot path;
  // observation.cc).
  void append_observation(int seat, std::string& out) const override;
  std::unique_ptr<State> determinize(int seat, Rng& rng) const override;
  json to_json() const override;
  uint64_t hash() const override;
  std::string render_text(int seat) const override;
  std::string render_text_in(int seat, Lang lang) const override;
  int move_number() const override { return moves; }

  // --- Accessors (tests, heuristics, the later combat/scenario work) ---
  const WsrGame& wgame() const { return *game_; }
  const UnitInfo& info(int u) const;
  // The support weapon unit u holds now (WSR 1.3.4.1; state, not UnitInfo::sw), or null.
  const CounterType* sw(int u) const;
  const Face& face(int u) const;  // the face up (inline below)
  bool on_map(int u) const { return units[static_cast<size_t>(u)].hex != kNoHex; }
  bool has(int u, uint16_t f) const { return (units[static_cast<size_t>(u)].flags & f) != 0; }
  bool hard_target(int u) const { return face(u).target_class() == TargetClass::kHard; }
  int mf(int u) const { return face(u).mf; }
  int mp_left(int u) const { return mf(u) - units[static_cast<size_t>(u)].mp_spent; }
  int side_of(int u) const;
  int combat_units_in(int hex, int side) const;  // WSR 1.4 (HQs do not count)
  bool enemy_in(int hex, int side) const;
  bool hq_in(int hex, int side) const;
  int controller(int hex) const { return (control[static_cast<size_t>(hex)] & 3) - 1; }
  int step_cost(int u, int from, int to) const;             // MP, or -1 impassable (WSR 5.0, G-1)
  int step_cost_dir(int u, int from, int d, int to) const;  // the same, `to` in direction d
  int active_formation() const { return active_f; }
  int cup_formation_markers() const;
  int cup_end_turn_markers() const { return cup_end_turn; }
  std::string unit_label(int u) const;
  std::string hex_name(int hex) const;
  std::string invariant_violation() const;  // "" when the invariants hold (stacking, groups)

  // --- The state (all public, flat) ---
  const WsrGame* game_ = nullptr;
  uint8_t phase = kOperations;
  int16_t turn = 1;
  int8_t active_f = -1;  // active formation (WSR 4.0), -1 between impulses
  uint8_t end_turn_drawn = 0;
  uint8_t cup_end_turn = 0;                         // end-turn markers in the cup
  std::array<uint8_t, 2> held_end_turn{};           // withheld per side (WSR 3.2.1)
  std::array<uint16_t, 2> hold_until{};             // formations (bits) that must activate first
  std::array<uint8_t, kMaxFormations> cup{};        // formation markers in the cup
  std::array<uint8_t, kMaxFormations> activated{};  // impulses this turn
  uint8_t n_group = 0;
  std::array<int8_t, kMaxGroup> group{};  // the moving stack (WSR 5.1)
  int16_t group_origin = kNoHex;          // hex where this move began
  uint8_t group_steps = 0;                // hexes entered by the group in this move
  uint16_t in_turn = 0;                   // formations whose marker was in the cup this turn
  int moves = 0;
  int16_t n_units = 0;
  std::array<Unit, kMaxUnits> units{};
  StepStack<Step, kMaxSteps> steps;  // the procedure, bottom to top (engine/steps.h)
  // WSR 12.2 per hex: bits 0-1 controller + 1 (0 none), bits 2-3 last side to enter this turn
  // + 1.
  std::array<uint8_t, kMaxHexes> control{};
  // assault.cc (WSR 6.3, 6.4): the assault or overrun being resolved (hex == kNoHex: none).
  struct AssaultRec {
    int16_t hex = kNoHex;   // the assaulted / overrun hex
    int16_t from = kNoHex;  // the hex the attackers came from
    uint8_t side = 0;       // attacking seat
    uint8_t overrun = 0;
    uint8_t phase = 0;
    uint8_t outcome = 0;                        // AssaultOutcome once resolved
    std::array<int8_t, 2> attackers{-1, -1};    // combat units at entry
    std::array<int8_t, 2> defenders{-1, -1};    // combat units in the hex at entry
    std::array<int8_t, 2> support{-1, -1};      // HQ-supported unit: [0] attackers, [1] def.
    std::array<uint8_t, 2> hits{};              // hits scored by [0] attackers, [1] defenders
    std::array<int8_t, 2> odd{-1, -1};          // odd-hit recipient of [0] att., [1] def.
    std::array<int8_t, 3> retreat{-1, -1, -1};  // units that must retreat (HQ included)
  };
  AssaultRec assault{};
  int16_t overrun_passing = kNoHex;  // hex the overrunning stack stands in among enemies
  uint8_t n_overruns = 0;            // overruns this impulse (WSR 6.4: once per hex)
  std::array<int8_t, 8> overrun_unit{};
  std::array<int16_t, 8> overrun_hex{};
  std::array<uint8_t, 2> mines_left{};  // fortification.cc: unplaced mine markers per seat
  uint16_t n_wrecks = 0;                // wreck markers on the map (derived from control)
  // WSR 10.0 fate points (fate.cc): points left per seat; the roll or draw held in a fate window
  // (its chance action: verb and the two args), the seat that last changed it, and the seats
  // that passed since that change.
  std::array<uint8_t, 2> fate_points{};
  uint8_t fate_verb = 0;
  std::array<uint16_t, 2> fate_args{};
  int8_t fate_last = -1;
  uint8_t fate_passed = 0;
  // arrival.cc / special_rules.cc (scenario mechanics): the die that released random entry table
  // k (B1; 0: not yet), first activations handled (taken or declined), the unit combining fire
  // and movement (B1 m18-fire-and-move; mode 1 moved then fired, 2 fired and may still move),
  // and the unit whose next attack roll adds the ambush's extra hits (B4 panther-ambush).
  std::array<uint8_t, kMaxRandomEntries> entry_roll{};
  uint8_t first_acts = 0;
  int8_t combined_u = -1;
  uint8_t combined_mode = 0;
  int8_t ambush_u = -1;
  // special_rules.cc, A4 air-trigger: the turn at whose start the triggered aircraft goes into
  // the cup (0: no enemy unit has come within range yet).
  uint8_t air_trigger_turn = 0;
  // special_rules.cc, A4 blow-the-bridge: consecutive end-of-turn checks with the engineer at an
  // end of the bridge, undisrupted (the charges are placed at `turns`); demolition attempts made
  // and the turn of the last one; the bridge (BridgeState).
  enum BridgeState : uint8_t { kBridgeIntact, kBridgeBlown, kBridgeCrossed };
  uint8_t bridge_turns = 0;
  uint8_t bridge_tries = 0;
  uint8_t bridge_try_turn = 0;
  uint8_t bridge = kBridgeIntact;
  // special_rules.cc, A5 designated-formation-marker: designated markers in the cup. A7
  // pre-game-strike: 1 once the strike before turn 1 has been offered (called or declined).
  // A7 place-on-activation: the turn its units were placed (in command that turn; 0: not yet).
  uint8_t designated_cup = 0;
  uint8_t pre_strike = 0;
  uint8_t landed_turn = 0;
  // chaos.cc (WSR 9.0, A-35): chaos markers in the cup; the results of drawn chaos markers
  // (their 2d6 rolls) stored for the formation drawn next (chaos_f == -1: waiting; otherwise
  // they apply to chaos_f's impulse and are spent at the next draw or the end of the turn).
  uint8_t chaos_cup = 0;
  uint8_t n_chaos = 0;
  std::array<uint8_t, 4> chaos_res{};
  int8_t chaos_f = -1;
  // artillery.cc (WSR 11.2): strikes left per seat and kind (GameSetup::artillery), strikes called
  // in this formation impulse ([REC] A-24), the strike being resolved (hex == kNoHex: none;
  // landed: its Barrage marker lies on `hex`, 11.2.1; next: the next of its 7 hexes), and the
  // smoke markers on the map (hex, level 2 or 1, WSR 11.2.2).
  std::array<std::array<uint8_t, kMaxStrikeKinds>, 2> strikes_left{};
  uint8_t strikes_impulse = 0;
  uint8_t strikes_turn = 0;  // strikes called this turn, both sides (WSR-A7 artillery-limit)
  struct StrikeRec {
    int16_t hex = kNoHex;
    int8_t caller = -1;
    uint8_t seat = 0;
    uint8_t kind = 0;
    uint8_t landed = 0;
    uint8_t next = 0;
  };
  StrikeRec strike{};
  uint8_t n_smoke = 0;
  std::array<int16_t, kMaxSmoke> smoke_hex{};
  std::array<uint8_t, kMaxSmoke> smoke_level{};
  // air.cc (WSR 11.3): the place of each aircraft of GameSetup::air (AirPlace), and the sortie of
  // the aircraft drawn (k == -1: none): its target hex, the net AA hits on it (A-26: they add up),
  // 1 after an accuracy roll of 2 (firepower -1), and the hits its attack scored (the status roll
  // compares them). An AA unit that fired at it has Ops complete (A-26: each fires once).
  enum AirPlace : uint8_t { kAirWaiting, kAirInCup, kAirReturning, kAirOverMap, kAirRemoved };
  std::array<uint8_t, kMaxAircraft> air{};
  struct SortieRec {
    int8_t k = -1;
    int16_t hex = kNoHex;
    uint8_t aa_hits = 0;
    uint8_t partial = 0;
    uint8_t hits = 0;
  };
  SortieRec sortie{};
  // sw_placement.cc (WSR 11.4 option): bit k = support weapon k has been placed on a platoon or
  // eliminated unplaced; infantry-type platoons of each seat eliminated so far (counted).
  uint64_t sw_out = 0;
  std::array<uint8_t, 2> inf_lost{};
  // exit.cc (G-12): the hex each exited unit (kExited) left the map from, kNoHex otherwise.
  std::array<int16_t, kMaxUnits> exit_hex{};

  // --- Rules internals ---
  void push(StepKind k, int f, int a);
  Step& top() { return steps.top(); }
  const Step& top() const { return steps.top(); }
  void pop() { steps.pop(); }
  Unit& unit(int u) { return units[static_cast<size_t>(u)]; }
  const Unit& unit(int u) const { return units[static_cast<size_t>(u)]; }

  // sequence.cc
  void start_game(EventList* ev);
  void advance(EventList* ev);
  void apply_draw(int marker, EventList* ev);
  // fate_in_command: a fate point put the tested hex in command (WSR 10.0, 4.2).
  void apply_roll(int d1, int d2, EventList* ev, bool fate_in_command = false);
  void begin_impulse(int f, EventList* ev);
  void command_phase(int f, EventList* ev);
  void reorganization_phase(int f, EventList* ev);
  void end_impulse(EventList* ev);
  void end_operations_phase(EventList* ev);
  void marker_removal_phase(EventList* ev);
  void hq_replacements(EventList* ev);
  void finish_marker_removal(EventList* ev);
  bool in_command_range(int u) const;
  // WSR 4.2: the units of HQ h's formation (HQs left out) on the map within h's command range of
  // `hex` (where h commands the most of them: auto-setup, the heuristic's setup).
  int units_in_command_range(int h, int hex) const;
  void determine_control(EventList* ev);
  bool formation_on_map(int f) const;
  int morale_modifier_reorg(int u) const;
  void hq_replacement_candidates(int f, std::vector<int>& hexes) const;
  void place_hq(int f, int hex, EventList* ev);
  void release_held_marker(int side, EventList* ev);

  // movement.cc
  bool can_start_move(int u, Text* why) const;
  bool can_join_group(int u, Text* why) const;
  // perf (movement.cc): who stands in the moving stack's hex and in its six neighbours, from one
  // pass over the units: what enemy_in, combat_units_in and hq_in of the stack's side say of
  // them, and hqs_keep_company of the stack's hex once asked (keep: -1 not yet).
  struct Around {
    std::array<int, 7> hex{};  // [d]: the neighbour in direction d (-1: none); [6]: the stack's
    std::array<uint8_t, 7> enemy{};   // a unit of the other side
    std::array<uint8_t, 7> combat{};  // combat units (not HQs) of the stack's side
    std::array<uint8_t, 7> hq{};      // an HQ or SHQ of the stack's side
    int8_t keep = -1;
    // The stack's own part of can_enter, the same for every neighbour (move_actions): its
    // combat units with their passengers, whether it holds an HQ, whether every HQ in it has
    // a unit of its formation along, whether a unit of it is disrupted.
    int group_combat = 0;
    bool group_hq = false, escorted = true, disrupted = false;
  };
  void around_group(Around& a) const;  // n_group > 0
  // `around` (with `dir`, the direction of `to`; only without `why`): the counts of
  // around_group instead of scanning the units again.
  bool can_enter(int to, Text* why, Around* around = nullptr, int dir = -1) const;
  bool can_drop(int u, Text* why) const;
  bool can_flip(int u, bool mount, Text* why) const;
  bool disrupted_step_ok(int u, int from, int to, Text* why) const;
  bool hqs_keep_company(int from, Text* why) const;
  bool in_group(int u) const;
  void operations_actions(ActionList& out) const;
  void move_actions(ActionList& out) const;
  void apply_select(int u, EventList* ev);
  void apply_move(int to, EventList* ev);
  void apply_drop(int u, EventList* ev);
  void apply_flip(int u, bool mount, EventList* ev);
  void apply_end_move(EventList* ev);
  void finish_unit_move(int u);
  void enter_hex(int hex, int side);
  // carrier.cc (WSR 5.2, 5.2.1-5.2.4 for separate counters, gap G-11, [REC] A-38)
  bool loaded(int u) const { return units[static_cast<size_t>(u)].carrier >= 0; }
  int carrier_of(int u) const { return units[static_cast<size_t>(u)].carrier; }
  int passengers_of(int c) const;          // passengers loaded in carrier c now
  bool separate_carrier(int u) const;      // a circled-MF counter that is not two-sided (trucks)
  static bool passenger_kind(UnitKind k);  // infantry, paratroopers, engineers
  // u moves away with the moving stack: in it, or loaded in a carrier that is in it.
  bool moves_with_group(int u) const;
  bool can_load(int p, int c, Text* why) const;
  bool can_unload(int p, Text* why) const;
  void carrier_actions(ActionList& out) const;  // operations and move decisions
  void apply_load(int p, int c, EventList* ev);
  void apply_unload(int p, EventList* ev);
  // Passengers follow their carrier: its hex, MP spent and shared flags; a carrier that left the
  // map takes them with it (exit) or they were eliminated with it (5.2.4).
  void carry_passengers();
  // WSR 5.2.4: the results the carrier took (disrupted, a step lost, eliminated) on its
  // passengers; appended to the carrier's result text.
  void passenger_results(int c, bool disrupted, bool stepped, bool eliminated, Text& text);
  Text carrier_why_illegal(const Action& a) const;
  std::string carrier_invariant() const;
  // special_rules.cc, A4 air-trigger: a unit of `side` entered `hex`; sets air_trigger_turn
  // when it is the first enemy of the aircraft within range of the hook's zone.
  void air_trigger_check(int hex, int side);
  // special_rules.cc, A7 no-withheld-end-turn: formation `f` is not counted as a formation not
  // activated this turn (WSR 3.2.1) at the end of turn 1.
  bool withholding_exempt(int f) const;
  // special_rules.cc, A4 blow-the-bridge: the bridge hex of the hook (kNoHex without it), its end
  // hexes (the sheet's [[bridge]] ends), whether the bridge is blown (impassable: step_cost),
  // whether engineer `u` may try to blow it now, the end-of-turn count (MRP), a crossing by the
  // other side (a move from the bridge hex into its far end), the attempt and its roll.
  int hook_bridge_hex() const;
  std::array<int, 2> bridge_ends() const;
  bool bridge_blown(int hex) const { return bridge == kBridgeBlown && hex == hook_bridge_hex(); }
  bool can_blow_bridge(int u, Text* why) const;
  void bridge_turn_end(EventList* ev);
  void bridge_cross_check(int from, int to, int side, EventList* ev);
  void apply_blow_bridge(int u, EventList* ev);
  void apply_bridge_roll(int u, int die, EventList* ev);
  Text bridge_prompt() const;
  // special_rules.cc, A7 dd-tanks: before the setup one roll per unit of the hook's counter
  // (begin_setup pushes kStepDdRoll steps); on <= `reduced_on` the unit starts reduced.
  void push_dd_rolls();
  void apply_dd_roll(int u, int die, EventList* ev);
  // special_rules.cc, A5 designated-formation-marker (side, count, excluded_formation,
  // excluded_turn): the markers go into the cup each turn; drawn, one activates a formation of
  // `side` not yet activated this turn (the owner picks; not `excluded_formation` in
  // `excluded_turn`); a marker of a formation of `side` already activated is set aside.
  int designated_markers() const;                   // the hook's count (0 without it)
  void designated_turn_start();                     // start of each turn: into the cup
  bool designated_keeps_turn() const;               // WSR 3.1 end test ([Rec] of WSR-A5)
  bool designated_eligible(int f) const;            // f may be activated by the marker now
  bool designated_draw(int marker, EventList* ev);  // apply_draw: true if it was handled
  bool designated_set_aside(int f, EventList* ev);  // apply_draw: f's marker is set aside
  void designate_actions(ActionList& out) const;
  void apply_designate(int f, EventList* ev);
  // special_rules.cc, A7 pre-game-strike (side): before all activations of turn 1 the side may
  // call its first strike on a hex in LOS of one of its HQs on the map (WSR-A7 [Rec]).
  bool pre_strike_step(EventList* ev);  // advance(): offers it once; true if it pushed the step
  int pre_strike_observer(int seat, int hex) const;  // HQ of `seat` seeing `hex`, or -1
  int pre_strike_seat() const;                       // the hook's side (-1 without it)
  bool can_pre_strike(int hex, int k, Text* why) const;
  void pre_strike_actions(ActionList& out) const;
  void apply_pre_strike(const Action& a, EventList* ev);  // pre-strike or decline
  // special_rules.cc, A7 place-on-activation (formation, zone, turn): from `turn` on, when the
  // formation is activated its units of the hook's force still off the map are placed in `zone`
  // (kStepLand, before the command tests) and are in command that turn.
  bool landing_force_unit(int u) const;  // u belongs to a force the hook places
  bool can_land(int u, int hex, Text* why) const;
  void land_actions(ActionList& out) const;
  void land_start(int f, EventList* ev);  // impulse_start_hooks: pushes kStepLand if due
  void apply_land(int u, int hex, EventList* ev);
  Text special_why_illegal(const Action& a) const;  // at kStepDesignate/PreStrike/Land
  // air.cc: the turn aircraft `k` enters the cup (GameSetup::Aircraft::turn, or the A4
  // air-trigger's turn; 0 while not yet triggered).
  int air_entry_turn(int k) const;

  // fire.cc (WSR 6.1 direct fire, 6.2 opportunity fire, 6.1.7 results)
  bool has_wreck(int hex) const { return (control[static_cast<size_t>(hex)] & kWreckBit) != 0; }
  bool fire_chance() const;  // the top step is an attack or defence roll
  // Eligibility of `u` firing at `t` (opportunity: WSR 6.2 at the hex-entered seam); on success
  // `p` (if given) holds the resolved fire parameters.
  // los_clear_known (perf): the caller has just found los_clear(firer's hex, target's hex).
  bool can_fire(int u, int t, bool opportunity, Text* why, FireParams* p = nullptr,
                bool los_clear_known = false) const;
  bool may_fire_in_impulse(int u, const char* fire, Text* why) const;
  bool fire_params(int u, int t, FireParams* p, Text* why, bool los_clear_known = false) const;
  // perf (los_cache.h): the greatest distance at which `u` (its face up, support weapon, the AA
  // firepower if `aa`) can attack a hard or soft target: a greater distance is out of range
  // (WSR 6.1.1, 6.1.3, 11.1; 0: no firepower against that class), so fire_params refuses it
  // whatever else holds. AA firepower reaches the normal range only (WSR 11.1).
  int fire_reach(int u, bool hard, bool aa) const;
  // The parameters of a `fire`/`opfire` action as declared: with its "with-hq" (A-02 [REC]) and
  // AA (WSR 11.1) flags set as apply() sets them. The one source of a shot's odds, for the
  // action's note (annotate) and the odds hook alike; false if the shot is not possible.
  bool declared_fire_params(const Action& a, FireParams* p) const;
  void fire_actions(ActionList& out) const;    // `fire` in the operations decision
  void opfire_actions(ActionList& out) const;  // at kStepHexEntered: opfire ... and no-opfire
  bool opfire_available() const;
  // opfire_actions into an empty `out`; `first`: stop at the first action (opfire_available).
  // True if there is one.
  bool opfire_scan(ActionList& out, bool first) const;
  int fire_dice_count() const;  // dice of the pending attack/defence roll
  std::vector<ChanceOutcome> fire_dice_outcomes() const;
  Action sample_fire_dice(Rng& rng) const;
  void apply_fire(int u, int t, EventList* ev);
  void apply_no_opfire(EventList* ev);
  void apply_fire_dice(const Action& a, EventList* ev);
  void resolve_fire(int u, int t, int hits, const std::vector<int>& defence, EventList* ev);
  Text fire_why_illegal(const Action& a) const;
  Text fire_prompt() const;  // decision prompt of the fire chance steps
  // perf (fire.cc): what hex_fire_params finds among the units of a hex, when the caller knows it
  // already (fire_actions, opfire_scan): an enemy unit hex_targets would list, one of them hard.
  struct HexTargets {
    bool any = false;
    bool hard = false;
  };
  bool can_fire_hex(int u, int hex, Text* why, FireParams* p = nullptr,
                    const HexTargets* known = nullptr) const;
  bool hex_fire_params(int u, int hex, FireParams* p, Text* why,
                       const HexTargets* known = nullptr) const;
  int mortar_reach(int u) const;  // perf: as fire_reach, for the mortar's hex attack
  // WSR 6.1 indirect mortar fire: the target hex is out of the mortar's LOS (and not adjacent);
  // the spotter is an HQ, SHQ or recon unit of its formation that sees the hex, or -1.
  bool indirect_hex_fire(int u, int hex) const;
  int mortar_spotter(int u, int hex) const;
  void hex_targets(int hex, int side, std::vector<int>& out) const;  // units a mortar hits
  void apply_fire_hex(int u, int hex, EventList* ev);
  void resolve_hex_fire(int u, int hex, int net, int odd, EventList* ev);
  Text hit_unit(int t, int hits);  // WSR 6.1.7 results on one unit, "" text if none
  // R.3 for a hex attack (mortar 6.1, artillery 11.2.1 step 4, air 11.3.2 step 4): `net` hits
  // spread evenly over `listed`, the odd one to `odd` (-1: none), each result logged (`rule`
  // when a unit takes no hit); true if a unit was eliminated.
  bool hit_hex_evenly(const std::vector<int>& listed, int net, int odd, const char* rule,
                      EventList* ev);
  Text hit_target(int t, int hits);  // hit_unit + WSR 6.2: a disrupted mover stops
  void leave_group(int t);           // a mover stopped or eliminated by fire leaves the stack
  // WSR 1.3.2.2 after an attack on `hex` against `side`: `hit` = a unit disrupted or reduced,
  // `elim` = a unit eliminated.
  void hq_loss_checks(int hex, int side, bool hit, bool elim, EventList* ev);
  void apply_hq_loss(int hq, HqLoss loss, EventList* ev);

  // assault.cc (WSR 6.3 assault, 6.4 overrun, R.4)
  static bool assault_step(int kind);  // kStepAssault .. kStepRetreat, kStepPlaceMine .. clear
  bool can_assault(int to, bool overrun, Text* why) const;
  // assault/overrun in move_actions; `around` (movement.cc, perf): which neighbours hold enemies
  void assault_move_actions(ActionList& out, const Around* around = nullptr) const;
  void assault_actions(ActionList& out) const;         // legal actions at an assault/mine step
  void assault_decision(feldherr::Decision& d) const;  // prompt and decline at those steps
  int assault_dice_count() const;                      // dice of the pending roll
  // The assault or counter-attack roll of unit `u` in the assault under way (WSR 6.3 steps 2-3:
  // dice, to-hit, hit cap); false when `u` does not roll in it. For the luck report (luck.cc).
  bool assault_roll_of(int u, AssaultRoll* roll) const;
  std::vector<ChanceOutcome> assault_odd_outcomes() const;
  void apply_assault_action(const Action& a, EventList* ev);               // kAssault .. kClearMine
  void apply_assault_dice(const Step& s, const Action& a, EventList* ev);  // from apply_fire_dice
  void assault_advance(EventList* ev);  // top is kStepAssault (called by advance())
  Text assault_why_illegal(const Action& a) const;
  bool assault_parse(const std::vector<std::string>& w, Action& out, Text& error) const;
  // Action-text arguments: a hex id or a unit label; false with `error` set if `s` is none.
  bool parse_hex_arg(const std::string& s, int* hex, Text& error) const;
  bool parse_unit_arg(const std::string& s, int* unit, Text& error) const;
  std::string assault_describe(const Action& a) const;
  bool assault_state_ok(const Step& st) const;  // state_from_json validation of these steps
  json assault_to_json() const;
  void assault_from_json(const json& j);
  uint64_t assault_digest() const;
  bool in_enemy_hex() const;  // the moving stack stands among enemy units (overrun, 6.4)
  // A-02 (fire, 6.1): the HQ of u's hex that can still support an attack this impulse, or -1;
  // use_hq_support marks it used and gives u kHqBonus for its next attack.
  int free_hq_support(int u) const;
  void use_hq_support(int u, EventList* ev);
  // fortification.cc (WSR 8.1 improved positions, 8.2 mines, 7.1 wreck markers in LOS)
  bool has_ip(int hex) const { return (control[static_cast<size_t>(hex)] & kIpBit) != 0; }
  bool has_mine(int hex) const { return (control[static_cast<size_t>(hex)] & kMineBit) != 0; }
  LosResult los_check(int from, int to) const;  // LosMap::Check with the wreck markers
  // los_cache.cc (perf): los_check(from, to).clear, through the game's LOS memo. Inline (below
  // WsrGame): the memo's answer without markers; the markers and the reference computation in
  // los_clear_slow.
  bool los_clear(int from, int to) const;
  bool los_clear(int from, int to, int d) const;  // d: Distance(from, to), known to the caller
  bool los_clear_slow(int from, int to, int d) const;
  void mines_on_entry(int hex, bool was_empty, EventList* ev);  // apply_move, before OF
  void fortification_actions(ActionList& out) const;            // clear-mine (operations)
  bool can_clear_mine(int u, int hex, Text* why) const;
  void apply_mine_action(const Action& a, EventList* ev);               // mine, no-mine, clear
  void apply_mine_dice(const Step& s, const Action& a, EventList* ev);  // from apply_fire_dice
  // The combat units that just entered mined `hex`: retreating defenders (assault.retreat) or
  // the moving stack (HQs are never attacked by mines, 8.2.1).
  void mine_targets(int hex, std::vector<int>& out) const;
  void setup_fortifications();  // WsrGame::initial(): GameSetup IPs and mine markers
  void place_wreck(int hex);    // fire.cc hit_unit: sets kWreckBit, counts n_wrecks

  // fate.cc (WSR 10.0 fate points, A-28)
  // The whole apply() switch minus the fate window: what a chance action or decision does.
  void dispatch(const Action& a, EventList* ev);
  Text not_legal_now() const;  // "not a legal action now: " and the decision's prompt
  // Opens a fate window instead of applying a roll/draw when a seat could spend points; applies
  // fate actions. True if it consumed the action.
  bool fate_intercept(const Action& a, EventList* ev);
  bool fate_can_spend(int seat, int cost) const;
  int roll_affected_side() const;  // seat whose units the pending roll of the top step concerns
  int roll_seat() const;           // at kStepFate: the seat whose roll or draw is held (Decision)
  void fate_actions(ActionList& out) const;                // at kStepFate
  void fate_ops_actions(int seat, ActionList& out) const;  // `fate ops <unit>` for seat
  Text fate_why_illegal(const Action& a) const;
  // The held roll or draw in words as `viewer` reads it: what was rolled or drawn, by whom and for
  // what ("the roll 6 4 3 by the Americans for the attack of us.m4a3e8 firing at de.panther (WSR
  // 6.1)"; "their own roll ..." for the viewer's own). kNobody: as everyone reads it (the log).
  Text fate_held(int viewer) const;
  Text fate_prompt() const;
  std::string fate_describe(const Action& a) const;
  Action fate_pending() const;  // the held roll or draw as its chance action

  // setup.cc (WSR 2.0 setup phase, 1.3.4.1 SW assignment, scenario setup requirements)
  // Starts the setup phase if a side has units to place or SWs to assign; false if none.
  bool begin_setup(EventList* ev);
  // After one side's setup: the other side's setup, or start_play() (sequence.cc).
  void next_setup_step(EventList* ev);
  int setup_next_unit(int side) const;  // next unplaced unit of the side (setup order), or -1
  bool formation_unit_in(int u, int hex) const;  // WSR 1.3.2: a non-HQ unit of u's formation
  bool setting_up() const;            // lone_hq.cc: the setup phase (WSR 2.0) is in progress
  std::string lone_hq() const;        // WSR 1.3.2: an HQ on the map without its formation, or ""
  int setup_next_sw(int side) const;  // next unassigned SW of the side, or -1
  // WSR 8.1: improved positions `side` still places during its setup (Side::improved_positions;
  // derived from the IP markers on the map, so no state of its own), and where.
  int setup_ips_left(int side) const;
  bool can_place_ip(int hex, Text* why) const;
  void apply_place_ip(int hex, EventList* ev);
  // flip: place a transport counter on its other face (mounted <-> dismounted; the scenarios'
  // "mounted" stand-in lets the owner choose).
  bool can_place(int u, int hex, bool flip, Text* why) const;
  // perf (setup.cc): what can_place asks of the units, from one pass over them per placement
  // decision instead of per candidate hex (for the side setting up and its next unit).
  struct SetupScan {
    int next = -1;                // setup_next_unit(side)
    std::vector<uint8_t> enemy;   // per hex: enemy_in
    std::vector<uint8_t> combat;  // per hex: combat_units_in
    std::vector<uint8_t> hq;      // per hex: hq_in
    std::vector<uint8_t> own;     // per hex: formation_unit_in(next, hex)
    std::vector<uint8_t> zone;    // per hex: in the setup zone of `next`
    bool hq_possible = false;     // `next` is an HQ and hq_possible(next, side, its zone)
    // per setup requirement of the side: its units in the zone, the unplaced combat units and
    // HQs other than `next` that can still be set up there (setup_reachers)
    std::vector<int> req_units, req_combat, req_hqs;
  };
  void setup_reachers(int u, int side, const Zone& rz, int& combat, int& hqs) const;
  bool hq_possible(int u, int side, const Zone& z) const;
  void setup_scan(int side, SetupScan& scan) const;
  bool can_place(int u, int hex, bool flip, Text* why, const SetupScan* scan) const;
  bool can_assign(int sw, int u, Text* why) const;
  void setup_actions(ActionList& out) const;
  void apply_place(int u, int hex, bool flip, EventList* ev);
  void apply_assign(int sw, int u, EventList* ev);
  void apply_auto_setup(EventList* ev);
  Text setup_why_illegal(const Action& a) const;
  Text setup_prompt() const;
  std::string setup_describe(const Action& a) const;
  // 1: parsed a setup action (place, assign, auto-setup), -1: error set, 0: not a setup verb.
  int setup_parse(const std::vector<std::string>& w, Action& out, Text& error) const;
  // sequence.cc: after the setup phase (or at once without one) the markers go into the cup
  // (WSR 2.0) and play starts; first activations (scenario) belong here.
  void start_play(EventList* ev);
  // victory.cc: the result of a scenario game at its end (WSR 12.2, A-34).
  Result scenario_result() const;

  // arrival.cc (scenario mechanics: formation markers by turn WSR 12.1/A-33, reinforcements
  // G-12/WSR 4.2, random entry B1, first activations WSR 3.1 / scenario)
  const Scenario* scenario_data() const;         // GameSetup::scenario_data, or null
  int unit_force(int u) const;                   // SetupUnit::force, -1 if none
  int scheduled_markers(int f, int turn) const;  // markers of f in the cup in `turn`
  // advance(): before a draw of turn 1, the scenario's first activations; true if it started an
  // impulse or a decision.
  bool first_activation_step(EventList* ev);
  void impulse_start_hooks(int f, EventList* ev);        // begin_impulse: random entry rolls (B1)
  void entry_hexes(int u, std::vector<int>& out) const;  // where off-map u may enter now
  bool can_enter_map(const std::vector<int>& us, int hex, Text* why) const;
  // perf (enter_actions): what can_enter_map asks of the units, once per entry hex: the entry
  // hexes of the candidates (entry_hexes), and of `hex` combat_units_in, hq_in and enemy_in of
  // the active side.
  struct EntryScan {
    const std::vector<int>* cand = nullptr;
    const std::vector<std::vector<int>>* cand_hexes = nullptr;
    int combat = 0;
    bool hq = false;
    bool enemy = false;
  };
  // `scan` only without `why`, for groups of its candidates.
  bool can_enter_map(const std::vector<int>& us, int hex, Text* why, const EntryScan* scan) const;
  int entry_cost(int u, int hex) const;       // G-12 [Rec]: the entry hex's terrain cost
  void enter_actions(ActionList& out) const;  // `enter` in the operations decision
  void apply_enter(const Action& a, EventList* ev);
  void apply_entry_roll(const Step& s, int die, EventList* ev);
  void first_activation_actions(ActionList& out) const;
  static bool scenario_verb(int verb);           // kEnter .. kAmbush
  bool scenario_handles(const Action& a) const;  // dispatch(): these verbs, B1 M18 fire/select
  void apply_scenario_action(const Action& a, EventList* ev);
  Text scenario_why_illegal(const Action& a) const;
  // 1: parsed, -1: error set, 0: not one of these verbs.
  int scenario_parse(const std::vector<std::string>& w, Action& out, Text& error) const;
  std::string scenario_describe(const Action& a) const;
  Text scenario_prompt() const;                  // kStepEntryRoll, kStepFirstActivation
  bool scenario_state_ok(const Step& st) const;  // state_from_json validation of these steps
  json scenario_to_json() const;
  void scenario_from_json(const json& j);
  uint64_t scenario_digest() const;
  // special_rules.cc (scenario hooks of WSR-B1..B4: m18-fire-and-move, hq-replacement-any-unit,
  // dismounted-only, rubble, hq-on-counter, panther-ambush; no-rivers is in WsrGame)
  void special_fire_input(int u, int t, FireInput& in) const;  // fire_params
  void special_hex_fire_input(int hex, FireInput& in) const;   // hex_fire_params
  bool hq_replacement_unit_ok(int f, int u) const;             // 1.3.2.3 candidates
  // The unit's force is in command without a test (4.2): `always_in_command` (A3 Dauer
  // reinforcements, A8 17 Pdr) or `in_command_until_turn` >= the turn (A9 Kruispunten).
  bool command_exempt(int u) const;
  Text special_flip_refusal(int u, bool mount) const;  // can_flip
  bool no_wreck(int u) const;                          // hit_unit (6.1.7)
  bool combined_fire_window(int u) const;              // B1: the moving M18 may fire now (can_fire)
  bool may_move_after_fire(int u) const;  // B1: the M18 fired with fire-move (can_start_move)
  void special_move_actions(ActionList& out) const;        // move_actions: M18 fire
  void special_operations_actions(ActionList& out) const;  // operations: fire-move, ambush
  void ambush_opfire_actions(ActionList& out) const;       // opfire_actions: ambush as OF
  bool can_ambush(int u, int hex, int t, Text* why) const;
  int take_extra_hits(int u, EventList* ev);  // apply_fire_dice: the ambush's extra hits

  // chaos.cc (WSR 9.0 chaos, A-35; the table is Data::chaos, a G-2 stand-in)
  int scheduled_chaos(int turn) const;         // GameSetup::chaos markers of `turn`
  void chaos_turn_start(EventList* ev);        // markers of `turn` into the cup (start_play, MRP)
  void chaos_turn_end(EventList* ev);          // end_operations_phase: waiting results go back
  bool chaos_draw(int marker, EventList* ev);  // apply_draw: true if it was a chaos marker
  void apply_chaos_roll(int d1, int d2, EventList* ev);
  void chaos_impulse_start(int f, EventList* ev);  // begin_impulse after 4.1: fate, picks
  int chaos_amount(ChaosEffect e, int f) const;    // summed amounts of f's results of kind e
  bool chaos_active(ChaosEffect e, int f) const;   // f's impulse has a result of kind e
  // Dice to add to an attack of `u` that rolls `dice` dice without it (firepower results of
  // u's formation in its impulse; never below 1 die in total).
  int chaos_dice(int u, int dice) const;
  void chaos_pick_candidates(int f, ChaosEffect e, std::vector<int>& out) const;
  void chaos_pick_actions(ActionList& out) const;
  void apply_chaos_pick(int u, EventList* ev);
  Text chaos_why_illegal(const Action& a) const;
  Text chaos_prompt() const;
  bool chaos_state_ok(const Step& st) const;  // state_from_json validation of the chaos steps
  json chaos_to_json() const;
  void chaos_from_json(const json& j);
  uint64_t chaos_digest() const;
  std::string chaos_invariant() const;

  // artillery.cc (WSR 11.2 artillery, 11.2.1 HE strikes, 11.2.2 smoke, [REC])
  const GameSetup::Strike& strike_kind(int seat, int k) const;
  std::string strike_name(int seat, int k) const;  // "he-45" (firepower 4, to-hit 5), "smoke"
  // The strike as a player reads it: "HE 4@5", "smoke" / "Rauch" (the typed form: strike_name).
  Text strike_words(int seat, int k) const;
  bool can_call_from(int u, Text* why) const;  // the caller's part of can_call
  bool can_call(int u, int hex, int k, Text* why) const;
  // perf (call_actions): `area` (only without `why`, for a unit whose can_call_from holds): per
  // hex, 1 if the hex or a neighbour holds a barrage target (barrage_targets), found once.
  bool can_call(int u, int hex, int k, Text* why, const std::vector<uint8_t>* area) const;
  // WSR 11.2: `hex` exists and `seat` has a strike of kind `k` left (can_call, can_pre_strike).
  bool strike_available(int seat, int hex, int k, Text* why) const;
  void call_actions(ActionList& out) const;  // `call` in the operations decision
  void apply_call(int u, int hex, int k, EventList* ev);
  static bool artillery_step(int kind);   // kStepArtyAccuracy .. kStepArtyOdd
  void artillery_advance(EventList* ev);  // top is kStepBarrage (called by advance())
  void barrage_targets(int hex, std::vector<int>& out) const;  // every combat unit in the hex
  bool barrage_params(int hex, FireParams* p) const;           // R.2 numbers of one hex
  int artillery_dice_count() const;                            // dice of the pending roll
  void apply_artillery_dice(const Step& s, const Action& a, EventList* ev);
  void resolve_barrage_hex(int hex, int net, int odd, EventList* ev);
  Text artillery_prompt() const;
  Text call_why_illegal(const Action& a) const;
  int smoke_at(int hex) const;               // smoke level in the hex (0: none)
  void smoke_marker_removal(EventList* ev);  // WSR 3.2 step 2, 11.2.2
  bool artillery_default() const;            // nothing of 11.2 in the state (hash, JSON unchanged)
  bool artillery_state_ok(const Step& st) const;
  json artillery_to_json() const;
  void artillery_from_json(const json& j);
  uint64_t artillery_digest() const;
  std::string artillery_invariant() const;
  // air.cc (WSR 11.3 air support, 11.3.1 AA fire at aircraft, 11.3.2 the attack, G-9)
  int air_in_cup() const;                       // aircraft counters in the cup (WSR 11.3)
  std::string air_label(int k) const;           // "us.p-47" ("-N" when a counter repeats)
  const CounterType& air_counter(int k) const;  // GameSetup::air[k]'s counter type
  int air_side(int k) const;
  void air_turn_start(EventList* ev);        // the turn's aircraft (and returning ones) join
  bool air_draw(int marker, EventList* ev);  // apply_draw: true if it was an aircraft
  static bool air_step(int kind);            // kStepAirTarget .. kStepAirStatus
  bool can_air_target(int hex, Text* why) const;
  bool can_flak(int u, Text* why, FireParams* p = nullptr) const;
  bool can_air_drift(int hex, Text* why) const;
  void air_actions(ActionList& out) const;  // the decisions of kStepAirTarget/Flak/Drift
  void apply_air_action(const Action& a, EventList* ev);
  int air_dice_count() const;
  void air_targets(int hex, std::vector<int>& out) const;  // the units an air attack hits
  bool air_params(int hex, FireParams* p) const;           // R.2 numbers of the air attack
  void apply_air_dice(const Step& s, const Action& a, EventList* ev);
  void air_flak_done(EventList* ev);     // after AA fire: destroyed, abort roll or accuracy
  void air_attack_start(EventList* ev);  // 11.3.2 steps 2-5 on sortie.hex
  void air_resolve_hex(int net, int odd, EventList* ev);
  int air_affected_side() const;  // fate.cc: the seat whose units the pending air roll concerns
  Text air_prompt() const;
  Text air_why_illegal(const Action& a) const;
  std::string air_describe(const Action& a) const;
  bool air_default() const;  // nothing of 11.3 in the state (hash, JSON unchanged)
  bool air_state_ok(const Step& st) const;
  json air_to_json() const;
  void air_from_json(const json& j);
  uint64_t air_digest() const;
  std::string air_invariant() const;
  // exit.cc (G-12 [Rec]: from a hex of an exit zone of its side, each unit of the moving stack
  // spends the cost of a clear hex and leaves the map for good)
  int exit_cost(int u) const;  // MP to leave the map (a clear hex's cost for the unit)
  bool can_exit_map(Text* why) const;
  void exit_actions(ActionList& out) const;  // move_actions: `exit`
  void apply_exit_map(EventList* ev);
  int exited_count() const;    // units that have exited (both sides)
  json exits_to_json() const;  // [[unit, hex], ...] (in the "scenario" JSON when not empty)
  void exits_from_json(const json& j);
  uint64_t exits_digest() const;
  std::string exit_invariant() const;
  // sw_placement.cc (WSR 11.4 option sw_on_first_fire)
  bool sw_unplaced(int k) const;  // not yet placed nor eliminated
  bool can_place_sw(int k, int u, Text* why) const;
  void sw_fire_hook(int u);                // apply_fire: offer the placement
  void sw_loss_check();                    // apply: rolls for eliminated platoons
  static bool sw_step(int kind);           // kStepSwPlace .. kStepSwLossPick
  void sw_actions(ActionList& out) const;  // kStepSwPlace / kStepSwLossPick
  void apply_sw_action(const Action& a, EventList* ev);
  void apply_sw_loss_roll(const Step& s, int die, EventList* ev);
  Text sw_prompt() const;
  Text sw_why_illegal(const Action& a) const;
  std::string sw_describe(const Action& a) const;
  int sw_parse(const std::vector<std::string>& w, Action& out, Text& error) const;
  bool sw_state_ok(const Step& st) const;
  // WSR 11.1 (fire.cc): `u` may fire at `t` with its AA firepower (a copy with kAaFire set).
  bool can_fire_aa(int u, int t, bool opportunity, Text* why, FireParams* p = nullptr) const;
};

// air.cc: "waiting", "cup", "returning", "over-map", "removed" (WsrState::AirPlace).
std::string AirPlaceName(int place);

// Dice of a kFireDice action, highest first; and the action for a multiset of dice.
std::vector<int> FireDiceOf(const Action& a);
Action FireDiceAction(const std::vector<int>& dice);

// special_rules.cc (perf): the scenario hooks read for every shot, looked up once per game
// (MakeShotHooks): B1 m18-fire-and-move (its counter's units, `to_hit`, `mp`), B3
// dismounted-only (the units it names), B4 rubble (its terrain and `defence`).
struct ShotHooks {
  int m18_to_hit = 0;
  int m18_mp = 0;
  bool rubble = false;
  Terrain rubble_terrain = Terrain::kCity;
  int rubble_defence = 0;
  std::vector<uint8_t> m18_unit;       // per unit: the hook's counter
  std::vector<uint8_t> no_wreck_unit;  // per unit: WsrState::no_wreck
};

class WsrGame : public Game {
 public:
  // Builds a game on `layout` with an explicit setup. Throws DataError naming the setup entry
  // for an unknown counter, formation or hex, or a setup that breaks stacking (WSR 1.4).
  WsrGame(const Data& data, HexLayout layout, GameSetup setup, WsrOptions options = {});
  WsrGame(const WsrGame&) = delete;
  WsrGame& operator=(const WsrGame&) = delete;

  std::string_view id() const override { return "wsr"; }
  std::string_view scenario() const override { return setup_.scenario; }
  const Options& options() const override { return option_list_; }
  const std::vector<std::string>& seats() const override { return setup_.seats; }
  Text side_name(int seat) const override;  // "US", "Germans" / "Deutsche", "British" / "Briten"
  VerbTable verbs() const override;         // verbs.cc
  std::unique_ptr<State> new_initial_state() const override;
  std::unique_ptr<State> state_from_json(const json& j) const override;
  std::string_view rules_version() const override { return "wsr-0.1"; }

  const Data& data() const { return *data_; }
  const HexLayout& layout() const { return layout_; }
  const LosMap& los() const { return los_; }
  const LosCache& los_cache() const { return *los_cache_; }  // los_cache.h (perf)
  const GameSetup& setup() const { return setup_; }
  const WsrOptions& opts() const { return opts_; }
  int num_units() const { return static_cast<int>(units_.size()); }
  bool any_separate_carrier() const { return any_separate_carrier_; }  // UnitInfo (perf)
  const ShotHooks& shot_hooks() const { return shot_hooks_; }
  int num_formations() const { return static_cast<int>(formations_.size()); }
  const UnitInfo& unit(int u) const { return units_[static_cast<size_t>(u)]; }
  const FormationInfo& formation(int f) const { return formations_[static_cast<size_t>(f)]; }
  Terrain terrain(int hex) const { return terrain_[static_cast<size_t>(hex)]; }
  // MP to step from `hex` across hexside `dir` (WSR 5.0, terrain chart, roads, crests), or -1.
  int step_cost(int hex, int dir, bool hard) const {
    return cost_[static_cast<size_t>(hex)][static_cast<size_t>(dir)][hard ? 1 : 0];
  }
  const std::vector<int>& objectives() const { return objectives_; }  // GameSetup::objectives
  // movement.cc: steps (hexes entered) from each hex to the nearest of `targets` over the
  // hexsides a soft or hard target may cross (the static costs of step_cost, WSR 5.0: a river
  // hex without a bridge is impassable, maps doc 2.3; units, markers and the hooks that change
  // during play left out), kNoPath where no path leads there: a breadth-first search back from
  // the targets.
  static constexpr int kNoPath = 1 << 20;
  std::vector<int> path_steps(const std::vector<int>& targets, bool hard) const;
  // path_steps to the objectives, computed once per game (auto-setup, WSR 2.0).
  int objective_steps(int hex, bool hard) const {
    return objective_steps_[hard ? 1 : 0][static_cast<size_t>(hex)];
  }
  // setup.cc (perf): the setup zone of unit u if its scenario force is set up in the setup phase
  // (WSR 2.0), else null; looked up once per game instead of by zone name per question.
  const Zone* setup_zone(int u) const { return setup_zone_[static_cast<size_t>(u)]; }
  // fire.cc (perf): the units of formation f that may spot for its mortars (HQs, SHQs and recon
  // units, WSR 6.1, A-24), in unit order.
  const std::vector<int>& spotters(int f) const { return spotters_[static_cast<size_t>(f)]; }
  // fire.cc (perf): no fire_reach of unit u is longer than this (every face and weapon, the
  // longest support weapon range bonus of the game, doubled).
  int max_reach(int u) const { return max_reach_[static_cast<size_t>(u)]; }
  // movement.cc, fire.cc (perf): the units of formation f (UnitInfo::formation) and the units of
  // seat s (UnitInfo::side), each in unit order -- what a loop over all units asking
  // info(u).formation == f or side_of(u) == s visits.
  const std::vector<int>& formation_units(int f) const {
    return formation_units_[static_cast<size_t>(f)];
  }
  const std::vector<int>& side_units(int s) const { return side_units_[static_cast<size_t>(s)]; }
  // fire.cc (perf): the mortars of seat s (UnitKind::kMortar), in unit order.
  const std::vector<int>& side_mortars(int s) const {
    return side_mortars_[static_cast<size_t>(s)];
  }
  // A6 boundary-line (special_rules.cc BoundaryMask): formation f may not enter `hex` (beyond
  // the red line for it).
  bool beyond_boundary(int f, int hex) const {
    if (boundary_.empty()) return false;
    const uint8_t m = boundary_[static_cast<size_t>(hex)];
    return (f == boundary_f_[0] && (m & 1) != 0) || (f == boundary_f_[1] && (m & 2) != 0);
  }
  // G-12 (exit.cc): `hex` is an exit hex of `seat` (a zone of its exit victory conditions or
  // `exited` scoring rules).
  bool exit_hex(int seat, int hex) const {
    return (exit_mask_[static_cast<size_t>(hex)] >> seat & 1) != 0;
  }
  int formation_index(std::string_view id) const;   // -1 if not in this game
  int unit_by_label(std::string_view label) const;  // -1 if none
  // Support weapon counters of the game (WSR 1.3.4.1): those of GameSetup::support_weapons, then
  // those given by SetupUnit::sw. Unit::sw holds index + 1.
  struct SwInfo {
    const CounterType* counter = nullptr;
    int formation = 0;
    int side = 0;
    int force = -1;     // scenario force, -1 for SetupUnit::sw
    std::string label;  // "de.hmg", "us.hmg-2"
  };
  int num_sws() const { return static_cast<int>(sws_.size()); }
  const SwInfo& sw_info(int k) const { return sws_[static_cast<size_t>(k)]; }
  int sw_by_label(std::string_view label) const;  // -1 if none

  // The words a player reads for ids (verbs.cc). The rules word their prompts, log events,
  // refusals and text board with ids; the reader gets names, in his language.
  // name_of: the name of a unit's label ("us.m4a1-2": "M4A1 Sherman 2"), a support weapon's
  // ("us.hmg-2"), an aircraft's, a counter's ("us.hq-507") or a formation's ("us.cca": "Combat
  // Command A"; the German rulebook's names in German); null for any other word.
  const std::string* name_of(std::string_view id, Lang lang) const;
  // The label of aircraft k of the setup: its counter id, "-N" when the counter repeats.
  std::string air_label(int k) const;
  // `text` with every id name_of knows replaced by its name: an id is a nation ("us", "de",
  // "uk") with a dot and lower-case letters, digits and dashes, not inside another word.
  std::string name_ids(std::string_view text, Lang lang) const;
  Text name_ids(const Text& text) const;

  // The initial state before the first draw (used by new_initial_state and tests).
  WsrState initial() const;

 private:
  const Data* data_;
  HexLayout layout_;
  LosMap los_;
  std::shared_ptr<const LosCache> los_cache_;  // los_cache.h (perf): memo of los_ without markers
  GameSetup setup_;
  WsrOptions opts_;
  Options option_list_;
  std::vector<UnitInfo> units_;
  std::vector<FormationInfo> formations_;
  std::vector<Terrain> terrain_;
  std::vector<std::array<std::array<int8_t, 2>, 6>> cost_;
  std::vector<int16_t> initial_hex_;
  std::vector<uint16_t> initial_flags_;
  std::vector<int> objectives_;
  // per soft/hard target: objective_steps()
  std::array<std::vector<int>, 2> objective_steps_;
  std::vector<uint8_t> exit_mask_;                 // per hex: bit s = exit hex of seat s (G-12)
  std::vector<uint8_t> boundary_;                  // A6 boundary-line mask (empty without the hook)
  std::array<int, 2> boundary_f_{-1, -1};          // its south and north formation
  std::vector<SwInfo> sws_;                        // WSR 1.3.4.1
  std::vector<uint8_t> initial_sw_;                // per unit: Unit::sw at the start
  std::vector<int8_t> initial_carrier_;            // per unit: Unit::carrier at the start
  std::vector<const Zone*> setup_zone_;            // per unit: setup_zone()
  std::vector<std::vector<int>> spotters_;         // per formation: spotters()
  std::vector<int> max_reach_;                     // per unit: max_reach()
  std::vector<std::vector<int>> formation_units_;  // per formation: formation_units()
  std::array<std::vector<int>, 2> side_units_;     // per seat: side_units()
  std::array<std::vector<int>, 2> side_mortars_;   // per seat: side_mortars()
  bool any_separate_carrier_ = false;
  ShotHooks shot_hooks_;
  std::map<std::string, std::array<std::string, 2>, std::less<>> names_;  // name_of: en, de
  // name_ids: the scenario's special rules' ids ("m18-fire-and-move"), read as its code.
  std::vector<std::string> rule_ids_;
  std::string rule_code_;
  void index_names();  // fills names_
};

// perf: the hottest accessors, inline (they need WsrGame complete).
inline const UnitInfo& WsrState::info(int u) const {
  return game_->unit(u);
}
inline int WsrState::side_of(int u) const {
  return game_->unit(u).side;
}
inline const CounterType* WsrState::sw(int u) const {  // WSR 1.3.4.1 (1.3.4.2: lost with it)
  const int k = unit(u).sw;
  return k > 0 ? game_->sw_info(k - 1).counter : nullptr;
}
inline const Face& WsrState::face(int u) const {
  return info(u).counter->face_for(has(u, kMounted), has(u, kReduced));
}
// perf: inline, asked per move step and per firer-target pair (movement.cc, fire.cc).
inline int WsrState::step_cost_dir(int u, int from, int d, int to) const {
  const int c = game_->step_cost(from, d, hard_target(u));
  if (c >= 0 && game_->beyond_boundary(info(u).formation, to)) return -1;  // A6 boundary-line
  if (c >= 0 && bridge == kBridgeBlown && bridge_blown(to)) return -1;     // A4 blow-the-bridge
  if (c < 0 || !has_wreck(to)) return c;
  // Wreck marker: extra MP from the terrain chart's [wreck] entry (G-1 stand-in).
  const TerrainChart& chart = game_->data().terrain;
  return c + (hard_target(u) ? chart.wreck_move_hard_extra : chart.wreck_move_soft_extra);
}
inline int WsrState::fire_reach(int u, bool hard, bool aa) const {
  const bool mounted = has(u, kMounted);
  const Face& ff = info(u).counter->face_for(mounted, has(u, kReduced));
  const Weapon& w = aa ? ff.aa : hard ? ff.ap : ff.he;  // as MakeFireInput picks it
  if (w.fp <= 0) return 0;
  if (aa) return w.range;  // WSR 11.1: normal range at most, no SW bonus
  int range = w.range;
  if (!hard && !mounted && sw(u) != nullptr)  // WSR 1.3.4.3, [REC] A-10: HMG range on HE only
    range += sw(u)->face_for(false, false).range_bonus;
  return w.underlined ? range : 2 * range;  // WSR 6.1.3, 6.1.1
}
// WSR 7.0-7.3 with the wreck markers (7.1 b), identical to los_check(from, to).clear
// (los_cache.cc: los_clear_slow with smoke or wrecks on the map, or the fast paths off).
inline bool WsrState::los_clear(int from, int to) const {
  return los_clear(from, to, game_->layout().Distance(from, to));
}
inline bool WsrState::los_clear(int from, int to, int d) const {
  if (!WsrFastPaths()) return los_clear_slow(from, to, -1);
  if (d <= 1) return true;  // WSR 7.0: same or adjacent hex, always clear (LosMap::Check)
  if (!game_->los_cache().StaticClear(from, to)) return false;  // a marker only adds blocking
  if (n_smoke == 0 && n_wrecks == 0) return true;
  return los_clear_slow(from, to, d);
}

}  // namespace feldherr::wsr
