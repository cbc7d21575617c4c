// The Planspiel as a game (docs/planspiel.md, rules docs/rules/planspiel.md): the state of a
// standard situation played under the engine's contract (engine/game.h). Turns and half-turns
// (PS §3.1), "FERTIG" (end of half-turn) with the checklist of PS §3.7, the effect-marker
// lifecycle (G-05), movement with reinforcements (PS §6, scenarios §1.6), transport and towing
// (PS §4.4: mounting, dismounting, limbering, unlimbering, G-13), mounted attack, overrun and
// anti-tank close combat (PS §10.4-§10.6), direct fire with its effect roll and second rolls as
// chance decisions (PS §8), detection and camouflage (PS §7.4-§7.6) as hidden information, field
// control and the outcome list (G-01, scenarios §1.7).
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "engine/game.h"
#include "engine/steps.h"
#include "games/planspiel/fire.h"
#include "games/planspiel/fire_data.h"
#include "games/planspiel/movement.h"
#include "games/planspiel/situation.h"
#include "games/planspiel/stacking.h"

namespace feldherr::planspiel {

// Action verbs: the rows of the verb table (PlanspielGame::verbs()).
enum Verb : int {
  kMove = 0,       // move UNIT FIELD: the unit moves to FIELD by the engine's shortest legal path
  kFire = 1,       // fire UNIT FIELD: direct fire at the detected enemy units in FIELD
  kFertig = 2,     // fertig: the active party ends its half-turn (PS §3.2)
  kRoll = 3,       // roll N: a die (Chance)
  kAssault = 4,    // assault FIELD UNIT [UNIT [UNIT]]: infantry close combat (PS §10.2)
  kPass = 5,       // pass: the passive party makes no (further) counter-move now (PS §9.1)
  kIndirect = 6,   // indirect UNIT FIELD: observed high-angle fire in phase 2 (PS §8.3)
  kMount = 7,      // mount UNIT FIELD: a figure base boards its carrier in FIELD (PS §4.4)
  kDismount = 8,   // dismount UNIT FIELD: a mounted figure base gets off in FIELD (PS §4.4)
  kLimber = 9,     // limber UNIT FIELD: a weapon base is hooked to its tow in FIELD (PS §4.4)
  kUnlimber = 10,  // unlimber UNIT FIELD: a limbered weapon base is set up in FIELD (PS §4.4)
  kOverrun = 11,  // overrun UNIT FIELD: a tracked vehicle drives over the bases in FIELD (PS §10.6)
  kAntiTank = 12,  // antitank UNIT FIELD: figures fight the armoured vehicles in FIELD (PS §10.5)
  kMountedAttack = 13,  // mountedattack CARRIER FIELD: its figures attack FIELD (PS §10.4)
  kMeet = 14,           // meet UNIT FIELD: a false counter-move at the mover in FIELD (PS §9.3)
  kEvade = 15,          // evade UNIT FIELD: a movement counter-move to FIELD (PS §9.4)
  kPlace = 16,          // place UNIT FIELD: set-up in the party's zone (scenarios §1.5)
  // concentrate FIELD UNIT UNIT [UNIT]: similar high-angle weapons fire together, one die
  // (PS §8.3 fire concentration, G-17)
  kConcentrate = 17,
  kSmoke = 18,  // smoke UNIT: a combat vehicle just suppressed black tries self-smoke (PS §8.16)
  kWithdraw = 19,  // withdraw UNIT FIELD: an ordered withdrawal to FIELD (PS §6.7)
  // together UNIT UNIT [UNIT]: simultaneous movement of two or three units announced, each then
  // given its field (move) and advancing one field at a time in turn (PS §9.6)
  kTogether = 20,
  // displace UNIT FIELD: in a counter-move window, a like model in the field a movement
  // counter-move has just congested joins the withdrawal to FIELD (PS §5.4, the domino effect)
  kDisplace = 21,
  // recover UNIT FIELD: a vehicle tries to tow or push away the wreck in the adjacent defile
  // field FIELD (PS §6.10, §2.3)
  kRecover = 22,
  // dig UNIT: a figure base spends its half-turn digging a field position in its field: the first
  // lays the dug-in marker face down, the second turns it face up (PS §12.3, G-38)
  kDig = 23,
  // camouflage UNIT: a unit out of enemy sight spends its half-turn camouflaging (PS §7.6)
  kCamouflage = 24,
};

// The kinds of procedure step (engine/steps.h); the table is in state.cc.
enum class StepKind : uint8_t {
  kAct,          // the active party acts (PS §3.2 phase 3)
  kEffectRoll,   // PS §8.6: the effect roll of a fire
  kCasualty,     // PS §8.12: the casualty roll of a figure or weapon base at level 6
  kChanceHit,    // PS §8.12: the chance-hit roll against a hard target in high-angle fire
  kLuckyHit,     // PS §8.12, G-27: the lucky-hit roll
  kDetectAtGun,  // PS §7.5: the enemy's 4+ roll to detect a camouflaged AT gun that fired
  kAttackRoll,   // PS §10.2: the attacker's close-combat die
  kDefendRoll,   // PS §10.2: the defender's close-combat die
  kCounterMove,  // PS §9.2: the passive party's window after a step of a move
  kOver,         // the game is over
  kMeetRoll,     // PS §9.3, §9.8: the counter-moving unit's die in a false counter-move
  kMoverRoll,    // PS §9.3, §9.8: the mover's die in a false counter-move
  kSetUp,        // scenarios §1.5: the active party places its units in its set-up zone
  kSelfSmoke,    // PS §8.16: the owner of a combat vehicle just suppressed black: smoke or pass
  kSmokeRoll,    // PS §8.16: the self-smoke roll, 5+
  kPlanMove,     // PS §9.6: the active party gives the next unit of a simultaneous group its field
  kRecoverRoll,  // PS §6.10: the recovery roll of a vehicle towing away a wreck, 4+
  // G-36: the effect roll of figures fighting the armoured vehicles in their own field
  kAntiTankRoll,
  // PS §10.5, §9.4: the passive party's answer to anti-tank close combat from movement, before
  // the opposed roll: a movement counter-move of an attacked vehicle (evade), or pass to defend
  // by the opposed roll
  kAntiTankEvade,
};
inline constexpr int kNumStepKinds = 19;

// A move in progress, one field at a time (PS §9.2: counter-moves after each step).
struct MoveState {
  int unit = -1;           // the mover, -1: none
  std::vector<int> path;   // the fields to enter, in order (Board::index)
  int next = 0;            // the index in `path` of the next field
  int start = -1;          // the field it started from, -1 from outside the board
  bool was_shown = false;  // whether the other party saw it when it started
  int meeting = -1;        // PS §9.3: the passive unit of a false counter-move in progress
  int meeting_roll = 0;    // its natural die, 0 before it
  // The totals of the last opposed roll of this move, rolled in the open (0, 0 before one).
  int last_counter = 0, last_mover = 0;
  bool withdrawal = false;  // PS §6.7: an ordered withdrawal (withdraw), not a plain move
  // PS §9.6: one of an announced simultaneous group (PlanspielState::group()), and whether it has
  // advanced its field in the present round of the group.
  bool simultaneous = false;
  bool stepped = false;
  // PS §6.10, §9.1: not a move but a recovery attempt of `unit` at the wreck in this field
  // (Board::index), which the passive party may answer as if the vehicle stood there; -1: a move.
  int work = -1;
  // The field (Board::index) the mover stood in before its last step: its start before the
  // second step (-1 from outside the board).
  int previous() const { return next >= 2 ? path[static_cast<size_t>(next - 2)] : start; }
  template <class S, class V>
  static void field_list(S& s, V& v) {
    v("unit", s.unit, -1, 255)("path", s.path, 0, 8191)("next", s.next, 0, 99)(
        "start", s.start, -1, 8191)("was_shown", s.was_shown)("meeting", s.meeting, -1, 255)(
        "meeting_roll", s.meeting_roll, 0, 6)("last_counter", s.last_counter, -9, 19)(
        "last_mover", s.last_mover, -9, 19)("withdrawal", s.withdrawal)(
        "simultaneous", s.simultaneous)("stepped", s.stepped)("work", s.work, -1, 8191);
  }
};

// An infantry close combat in progress (PS §10.2).
struct AssaultState {
  int field = -1;                            // the attacked field (Board::index), -1: none
  std::array<int, 3> attackers{-1, -1, -1};  // the attacking figure bases
  int attack_roll = 0;                       // the attacker's natural die, 0 before it
  // The last close combat decided: its field and both totals, rolled in the open (PS §10.2).
  int last_field = -1;
  int last_attack = 0, last_defence = 0;
  bool overrun = false;   // PS §10.6: attackers[0] is a vehicle overrunning the field
  bool antitank = false;  // PS §10.5: attackers[0] is a figure base fighting the vehicles there
  int carrier = -1;       // PS §10.4: the vehicle that brought attackers[0] in a mounted attack
  static constexpr bool kFieldsAsArray = true;
  template <class S, class V>
  static void field_list(S& s, V& v) {
    v("field", s.field, -1, 8191)("attackers", s.attackers, -1, 255)(
        "attack_roll", s.attack_roll, 0, 6)("last_field", s.last_field, -1, 8191)(
        "last_attack", s.last_attack, 0, 99)("last_defence", s.last_defence, 0, 99)(
        "overrun", s.overrun)("antitank", s.antitank)("carrier", s.carrier, -1, 255);
  }
};

struct PsStep {
  StepKind kind = StepKind::kAct;
  int unit = -1;          // the firer (effect roll, AT-gun detection) or the target (second rolls)
  int field = -1;         // the target field (effect roll)
  bool indirect = false;  // the effect roll of indirect laying (PS §8.3)
  int concentration = 1;  // the weapons firing together in it (PS §8.3 fire concentration)
  static constexpr bool kFieldsAsArray = true;
  template <class S, class V>
  static void field_list(S& s, V& v) {
    v("kind", s.kind)("unit", s.unit, -1, 255)("field", s.field, -1, 8191)("indirect", s.indirect)(
        "concentration", s.concentration, 1, 3);
  }
};

// A unit's place in the game.
enum class UnitStatus : uint8_t {
  kWaiting,  // a reinforcement not yet on the board (scenarios §1.6)
  kOnBoard,
  kLost,  // knocked out, eliminated, or off the board (scenarios §1.7)
};

struct UnitState {
  int x = 0, y = 0;
  UnitStatus status = UnitStatus::kOnBoard;
  int suppression = 0;  // 0, or the level 3..6 of its marker (PS §8.14)
  int moved = 0;        // fields moved this half-turn
  bool has_moved = false;
  bool fired = false;
  bool camouflaged = false;
  bool detected_marker = false;  // scenarios §1.5, PS §7.5 (a camouflaged AT gun found by a roll)
  int shown = 0;  // half-turn ends left during which it counts as having fired (PS §7.4)
  bool position_marker = false;  // PS §9.2: a combat vehicle that did not move in its half-turn
  bool countered = false;        // fired a counter-move at the mover's present step (G-29)
  int aboard = -1;      // PS §4.4: the carrier or tow it is mounted on or limbered to, -1: none
  bool loaded = false;  // mounted, dismounted, limbered or unlimbered (or its load) this half-turn
  bool road_move = false;  // its move this half-turn was along the road only (G-12, for G-13)
  bool fled = false;       // PS §4.4: it fled once (Panzergrenadiere cannot remount their APC)
  // PS §9.4: it made a movement counter-move in the enemy's half-turn; no position marker at the
  // end of its own next half-turn (cleared then).
  bool evaded = false;
  // PS §8.16, G-28: half-turn ends left during which it stands in its own smoke (detectable only
  // from its own field).
  int smoke = 0;
  // PS §9.6, G-29: the unit of an announced simultaneous group it has countered in the group's
  // present round (one field of each), -1: none.
  int group_target = -1;
  // PS §5.4: it ended a movement counter-move in a field over the stacking limit (congestion),
  // which its party resolves in its next half-turn; cleared when the field is within the limit at
  // the end of a half-turn.
  bool congesting = false;
  // PS §2.3, §6.10: a lost vehicle or weapon model knocked out in a defile stays in its field
  // (x, y) as a wreck until it is recovered; public.
  bool wreck = false;
  // PS §12.3, G-38: the field (Board::index) where it has done its first digging half-turn (the
  // dug-in marker lies face down), -1: none. It counts only while the unit stands there (a unit
  // that moves leaves the unfinished work behind).
  int dig_field = -1;
  // G-38: the work that occupies it this half-turn: 0 none, kWorkDig, kWorkCamouflage,
  // kWorkRecover (PS §6.10: recovering a wreck).
  int work = 0;
  static constexpr int kWorkDig = 1, kWorkCamouflage = 2, kWorkRecover = 3;
  static constexpr bool kFieldsAsArray = true;
  template <class S, class V>
  static void field_list(S& s, V& v) {
    v("x", s.x, 0, 99)("y", s.y, 0, 99)("status", s.status)("suppression", s.suppression, 0, 6)(
        "moved", s.moved, 0, 99)("has_moved", s.has_moved)("fired", s.fired)(
        "camouflaged", s.camouflaged)("detected_marker", s.detected_marker)("shown", s.shown, 0, 2)(
        "position_marker", s.position_marker)("countered", s.countered)(
        "aboard", s.aboard, -1, 255)("loaded", s.loaded)("road_move", s.road_move)("fled", s.fled)(
        "evaded", s.evaded)("smoke", s.smoke, 0, 2)("group_target", s.group_target, -1, 255)(
        "congesting", s.congesting)("wreck", s.wreck)("dig_field", s.dig_field, -1, 8191)(
        "work", s.work, 0, 3);
  }
};

class PlanspielGame;

// PS §9.3, §9.8, G-30, G-31: a false counter-move: the netted modifiers of the counter-moving unit
// and of the mover, whether each can harm the other, the counter-moving unit's chance to win (ties
// rolled again) and the final outcomes on each side over the decided throws (kNone when the unit
// is not the loser or is not harmed).
struct OpposedFire {
  int counter_mod = 0, mover_mod = 0;
  bool counter_harms = false, mover_harms = false;
  double counter_wins = 0.0;
  std::array<double, kOutcomeCount> on_mover{}, on_counter{};
};
// One side of it: its weapon and state, itself as a target, and its fire at the other side.
struct OpposedSide {
  FireWeapon weapon;
  Firer firer;
  FireTarget as_target;
  FireSituation situation;
};
// The counter-moving unit `counter` against the mover `mover`, which fires back only when
// `mover_fires` (armed, and CheckFire allows its fire at the unit).
OpposedFire OpposedFireOdds(const FireData& data, const OpposedSide& counter,
                            const OpposedSide& mover, bool mover_fires);

// The fire weapon of a unit of type `t` (PS §8.4, §8.9, §8.10).
FireWeapon WeaponOfType(const FireData& data, const UnitType& t);
// A unit of type `t` as a target with `cover` where it stands (PS §8.8 #1: only bases have cover,
// G-04).
FireTarget TargetOfType(const UnitType& t, Cover cover);

// The chance that an opposed roll of one die each is won by the side `diff` ahead (ties rolled
// again: PS §10.2 item 4, §10.6).
double OpposedWinChance(int diff);

class PlanspielState : public State {
 public:
  explicit PlanspielState(const PlanspielGame& game);

  const Game& game() const override;
  int current_seat() const override;
  Decision decision() const override;
  Decision decision_for(int viewer) const override;
  void legal_actions(ActionList& out) const override;
  std::vector<ChanceOutcome> chance_outcomes() const override;
  Action sample_chance(Rng& rng) const override;
  using State::legal_actions;
  void apply(const Action& action, EventList* events = nullptr) override;
  std::string why_illegal(const Action& action) const override {
    return why_illegal_text(action).en;
  }
  Text why_illegal_text(const Action& action) const override;
  bool is_terminal() const override { return over_; }
  Result result() const override;
  std::unique_ptr<State> clone() const override;
  std::string describe(const Action& action) const override;
  std::string describe_for(const Action& action, int viewer) const override;
  // The table's labels, but FERTIG in the set-up is labelled as what it does there (scenarios
  // §1.5: the units not placed by hand keep their listed fields).
  ActionInfo action_info(const Action& action, int viewer) const override;
  bool parse_text(std::string_view text, Action& out, Text& error) const override;
  bool reveals_information(const Action& action) const override;
  Text annotate(const Action& action) const override;
  json observe(int seat) const override;
  std::unique_ptr<State> determinize(int seat, Rng& rng) const override;
  json to_json() const override;
  uint64_t hash() const override;
  std::string render_text(int seat) const override { return render_text_in(seat, Lang::kEn); }
  std::string render_text_in(int seat, Lang lang) const override;
  int move_number() const override { return moves_; }

  // ---- read access for tests, the heuristic and the module
  const PlanspielGame& ps() const { return *game_; }
  // Scenarios §1.5: whether a party is still placing its units (the active party); while any
  // party sets up, no unit of the other party is shown to it.
  bool setting_up() const { return !steps_.empty() && steps_.top().kind == StepKind::kSetUp; }
  // Scenarios §1.5: whether unit `u` may be placed in field `f` now, or why not.
  bool may_place(int u, Field f, Text* why) const;
  int turn() const { return turn_; }
  int active() const { return active_; }
  StepKind step() const;
  const UnitState& unit(int u) const { return units_[static_cast<size_t>(u)]; }
  int num_units() const { return static_cast<int>(units_.size()); }
  Field field_of(int u) const { return {unit(u).x, unit(u).y}; }
  int losses(int party) const { return losses_[static_cast<size_t>(party)]; }
  // PS-3 §5.5: the victory points of `party` now: the VP of the objective fields it controls and
  // the enemy's losses.
  int victory_points(int party) const;
  int controller(int objective_field) const {
    return control_[static_cast<size_t>(objective_field)];
  }
  // PS §7.4-§7.6, scenarios §1.5: whether `party` sees unit `u` now (its own units always; an
  // enemy unit on the board when one of the party's units detects it).
  bool visible_to(int u, int party) const;
  // visible_to once seen_enemies(party) is up to date (it is not checked again).
  bool visible_known(int u, int party) const;
  // PS §5.3, G-07: what `party` sees in every field (Board::index): its own units and the enemy
  // units visible to it on the board, in unit order. Worked out once per position with the enemy
  // units it sees and kept until the units change (the movement searches read it).
  const std::vector<FieldContents>& party_contents(int party) const;
  // What `viewer` (a seat, kObserver or kNobody) is shown of unit `u`.
  bool shown_to(int u, int viewer) const;
  // PS §7.4: the detection row of unit `u` where it stands.
  DetectionRow detection_row(int u) const;
  // The fields unit `u` may move to now (empty: it may not move), by the rules of PS §6 with the
  // units its party sees (G-07, PS §5).
  std::vector<Field> move_targets(int u) const;
  // PS §6.7: whether unit `u` may withdraw to `f` now (a legal move whose path never comes closer
  // to an enemy unit its party sees that has it in flat-fire range, and ends farther from each),
  // or why not; the fields it may withdraw to.
  bool may_withdraw(int u, Field f, Text* why) const;
  std::vector<Field> withdraw_targets(int u) const;
  // The fields unit `u` may fire at directly now.
  std::vector<Field> fire_targets(int u) const;
  // PS §10.2: the own figure bases that may assault field `f` now (adjacent, not yet acted).
  std::vector<int> assault_candidates(Field f) const;
  // PS §10.2: the totals' modifiers of a close combat: attacker +1 per base beyond the first;
  // defender +1 per base beyond the first, +1 in a field position or a building.
  int attack_bonus(int attackers) const { return attackers - 1; }
  int defence_bonus(Field f, int attacker_party) const;
  // G-34: the flight fields of a unit in `f` attacked from the fields `from`.
  std::vector<Field> flight_fields(int u, Field f, const std::vector<Field>& from) const;
  // The first unit on the board in field `f` that is not of `party`, or -1 (G-07: a field holds
  // one party's units only, but after an overrun).
  int enemy_in(Field f, int party) const;
  // The first unit of `party` on the board in field `f`, or -1; G-07: a field that also holds
  // own units (a mixed field after an overrun) takes no fire of that party, and why.
  int own_in(Field f, int party) const;
  Text mixed_field_refusal(Field f, int party) const;
  const AssaultState& assault() const { return assault_; }
  const MoveState& moving() const { return moving_; }
  // PS §9.6: the other moves of an announced simultaneous group, in turn order (during its
  // planning, the units still to be given their fields, with empty paths).
  const std::vector<MoveState>& group() const { return group_; }
  // PS §9.6: whether units `units` (two or three, in unit order) may announce a simultaneous
  // movement now, or why not.
  bool may_move_together(const std::vector<int>& units, Text* why) const;
  // PS §5.4: the units of `party` standing in a field where their like class is over the
  // stacking limit (congestion).
  std::vector<int> congested(int party) const;
  // PS §5.4: whether a congested unit of the active party may still move away (then FERTIG
  // waits), or why FERTIG may not end the half-turn.
  bool congestion_open(Text* why) const;
  // PS §5.4: whether unit `d` may be displaced now (in the counter-move window, from a field a
  // movement counter-move of this step has congested with a like model), or why not; the fields
  // it may join the withdrawal to (the nearest within its allowance where it stands within the
  // stacking limit out of the mover's direct fire).
  bool may_displace(int d, Text* why) const;
  std::vector<Field> displace_fields(int d) const;
  // PS §2.3, §6.10: the wreck in field `f` (the first in unit order), -1: none. A wreck closes
  // its field to vehicles and towed weapons until it is recovered.
  int wreck_at(Field f) const;
  // PS §6.10: whether vehicle `u` may try to recover the wreck in the adjacent field `f` now, or
  // why not; the wreck fields it may try now.
  bool may_recover(int u, Field f, Text* why) const;
  std::vector<Field> recover_targets(int u) const;
  // PS §12.3: whether field `f` holds a field position: pre-dug (the situation's) or dug in play.
  bool dug_in(Field f) const;
  // PS §12.3, §7.5: whether `viewer` (a seat, kObserver or kNobody) is shown the field position
  // dug in play in `f`: its own party's work, or one in a field where it sees a unit (a pre-dug
  // position is the situation's and public).
  bool position_shown(Field f, int viewer) const;
  // PS §12.3: 1 while unit `u` has done its first digging half-turn in its field (the dug-in
  // marker face down, no cover), else 0.
  int dig_stage(int u) const;
  // PS §12.3, G-38: whether unit `u` may dig in now (a figure base of the active party, not
  // camouflaged, not suppressed, not yet acted, in a field without a position), or why not.
  bool may_dig(int u, Text* why) const;
  // PS §7.6, G-54: whether unit `u` may camouflage now (out of the sight of every enemy unit its
  // party sees and more than 4 LE from each; a large target only next to a forest or built-up
  // field), or why not.
  bool may_camouflage(int u, Text* why) const;
  // The field the passive party's counter-moves aim at: the mover's field, or the wreck's field of
  // a recovery attempt (PS §6.10, §9.1: as if the working vehicle stood there).
  Field counter_field() const;
  // PS §9.2: whether passive unit `p` may fire a true counter-move at the mover now, or why not.
  bool may_counter(int p, Text* why) const;
  // PS §9.3: whether passive unit `p` (a combat vehicle or SP gun without a position marker) may
  // answer the mover with a false counter-move (an opposed roll) now, or why not.
  bool may_meet(int p, Text* why) const;
  // PS §9.4, G-48: whether passive unit `p` may make a movement counter-move now, or why not; the
  // fields it may withdraw to (the nearest it reaches where the mover cannot engage it).
  bool may_evade(int p, Text* why) const;
  std::vector<Field> evade_fields(int p) const;
  // PS §10.5, §9.4: whether armoured vehicle `v`, attacked by anti-tank close combat from
  // movement, may answer with a movement counter-move now (before the opposed roll), or why not;
  // the fields it may withdraw to (the nearest out of the attacking figures' direct fire, G-48).
  bool may_evade_antitank(int v, Text* why) const;
  std::vector<Field> antitank_evade_fields(int v) const;
  // PS §9.4, G-48 reading: whether unit `m` could engage unit `p` by direct fire from where `m`
  // stands if `p` stood in `at` (after a move there when `moved`): in range of its flat fire, in
  // sight, and detected by `m` itself.
  bool engages(int m, int p, Field at, bool moved) const;
  // PS §9.3, §9.8: the false counter-move of passive unit `p` against the mover (OpposedFire).
  using Meeting = OpposedFire;
  Meeting meeting(int p) const;
  // The chance that the legal assault `action` wins its close combat (ties rolled again).
  double assault_win_chance(const Action& action) const;
  // PS §10.6: the defenders' bonus against an overrun of field `f` (+1 in forest or built-up).
  int overrun_bonus(Field f) const;
  // The enemy units of unit `firer`'s party in `f` that it sees (the targets of a fire there).
  std::vector<int> targets_in(int firer, Field f) const;
  // The fire's weapon, firer and situation for unit `firer` at field `f` (PS §8).
  const FireWeapon& weapon_of(int u) const;
  FireTarget target_of(int u) const;
  // With `concentration` > 1 it is the one die of that many similar weapons (PS §8.3).
  FireSituation fire_situation(int firer, Field f, bool indirect = false,
                               int concentration = 1) const;
  // PS §3.2: 2 while the active party may still fire indirect (before anything else on the
  // ground), 3 from its first other activity.
  int phase() const { return phase_; }
  // PS §8.3: the fields unit `u` may fire indirect at now: in range of its high-angle weapon, with
  // an enemy unit that an own figure base or combat vehicle (the observation post) detects.
  std::vector<Field> indirect_targets(int u) const;
  // A fire action (fire, indirect, concentrate) as one fire: the unit whose weapon and marker
  // read the die (in a concentration the most suppressed weapon, first of equals), the target
  // field, the laying and the number of weapons. `ok` false for any other verb.
  struct FireAction {
    bool ok = false;
    int unit = -1;
    Field field;
    bool indirect = false;
    int concentration = 1;
  };
  FireAction fire_of(const Action& a) const;
  // PS §7.5: of the weapons of the concentration `a`, kAllShown when `viewer` sees them all, else
  // the first it sees or -1: to it the concentration reads as that weapon's indirect fire (the
  // same observation as the single fire; the effect roll's modifiers tell the rest).
  static constexpr int kAllShown = -2;
  int shown_weapon(const Action& a, int viewer) const;
  // PS §8.3, G-17: whether units `u` and `v` carry similar high-angle weapons (the same
  // range-table row; without a row, the same kind and calibre), which may concentrate their fire.
  bool similar_weapons(int u, int v) const;
  // PS §8.3, G-17: the sets of two or three similar high-angle weapons that may concentrate their
  // fire on field `f` now (each in range with an observed target there), in unit order.
  std::vector<std::vector<int>> concentrations(Field f) const;
  // PS §8.3: whether an own observation post (figure base or combat vehicle) detects unit `o`.
  bool observed(int o, int party) const;

  // PS §4.4: whether unit `u` may mount, dismount, limber or unlimber (`verb`) now, or why not.
  bool may_load(int u, int verb, Text* why) const;
  // PS §10.6, G-37: whether tracked vehicle `u` may overrun the enemy bases in field `f` now.
  bool may_overrun(int u, Field f, Text* why) const;
  // PS §10.5, G-36: whether figure base `u` may fight the enemy armoured vehicles in field `f`
  // at close quarters now: from its movement into the adjacent field `f`, or (G-36, a mixed
  // field) in its own field `f` where it starts its half-turn with them.
  bool may_antitank(int u, Field f, Text* why) const;
  // PS §10.4: whether carrier `c` may drive its figures against the enemy figures in field `f`.
  bool may_mounted_attack(int c, Field f, Text* why) const;
  // The unit aboard carrier `c` (mounted or limbered), -1: none.
  int load_of(int c) const;
  // PS §4.4: the substitute tow weapon base `u`, whose own tow is lost, may limber to in its field
  // (reading R-ST, docs/rules/planspiel.md §4.4), or -1 and why not.
  int substitute_tow(int u, Text* why) const;
  // PS §4.4: the free tow (its own weapon lost) figure base `u` may mount in its field, used like
  // a truck (reading R-FT, docs/rules/planspiel.md §4.4), or -1 and why not (empty when no tow
  // stands there).
  int free_tow(int u, Text* why) const;

  // Test hook: with `on` false this thread's kept movement searches are not looked at (every
  // search is made afresh) until it is called with true.
  static void set_kept_searches_for_test(bool on) { kept_searches().off = !on; }
  // Test hook: puts unit `u` in field `f` on the board (set-ups of the rule tests).
  void place_for_test(int u, Field f);
  void set_suppression_for_test(int u, int level) {
    units_[static_cast<size_t>(u)].suppression = level;
    done_mutating();
  }
  void set_turn_for_test(int turn) { turn_ = turn; }
  void set_control_for_test(int objective_field, int party) {
    control_[static_cast<size_t>(objective_field)] = party;
  }
  void remove_for_test(int u) {
    units_[static_cast<size_t>(u)].status = UnitStatus::kLost;
    done_mutating();
  }
  void set_losses_for_test(int party, int n) { losses_[static_cast<size_t>(party)] = n; }

  template <class S, class V>
  static void field_list(S& s, V& v) {
    v("turn", s.turn_, 1, 99)("active", s.active_, 0, 1)("phase", s.phase_, 2, 3)(
        "units", s.units_)("losses", s.losses_, 0, 999)("control", s.control_, -1, 1)(
        "over", s.over_)("winner", s.winner_, -2, 1)("outcome", s.outcome_, -1, 99)(
        "assault", s.assault_)("moving", s.moving_)("group", s.group_)(
        "moves", s.moves_, 0, 1 << 30)("positions", s.positions_, 0, 16383);
  }

 private:
  friend class PlanspielGame;
  struct Path {
    std::vector<Field> fields;  // start (or entry field) first
    bool from_outside = false;
    bool road_only = false;  // found along the road only (G-12)
  };
  const std::string& uid(int u) const;
  const UnitType& type_of(int u) const;
  int enemy(int party) const { return 1 - party; }
  int party_of(int u) const;
  // The enemy units of `party` on the board that it sees (PS §7.5), in unit order (valid until
  // the state changes); those in `f`.
  const std::vector<int>& seen_enemies(int party) const {
    // Kept for this position: the look-up, without a call (asked many times per position).
    const auto p = static_cast<size_t>(party);
    if (seen_cache_.checked && !seen_cache_.mutating && seen_cache_.seen_valid[p])
      return seen_cache_.seen[p];
    return seen_enemies_worked_out(party);
  }
  std::vector<int> seen_enemies_in(int party, Field f) const;
  // Whether a unit of `party` on the board detects unit `o` (PS §7.4, scenarios §1.5 detected
  // marker); with `posts_only` only observation posts count (PS §8.3).
  bool detected_by(int o, int party, bool posts_only) const;
  // PS §3.1, §3.4, §8.14: what every fire of unit `u` needs: its party active, the unit on the
  // board (else refused citing `board_rule`), not yet fired, not suppressed black.
  bool may_fire_at_all(int u, const char* board_rule, const Text& party_text, Text* why) const;
  std::string field_text(Field f) const;
  // What `party` sees in every field (party_contents: valid until the units change), but in the
  // `own` fields, those of unit `except` and its load, the contents without them.
  struct SeenContents {
    const std::vector<FieldContents>* table = nullptr;
    std::vector<std::pair<size_t, FieldContents>> own;  // the first own_count (kept for reuse)
    size_t own_count = 0;
    const FieldContents& at(size_t i) const {
      for (size_t k = 0; k < own_count; ++k)
        if (own[k].first == i) return own[k].second;
      return (*table)[i];
    }
  };
  void contents_seen_by(int party, int except, SeenContents& out) const;  // reusing `out`
  bool may_move(int u, Text* why) const;
  bool may_fire(int u, Text* why) const;
  int move_cap(int u) const;
  // The scratch arrays of one search (breadth-first search per mover, PS §6), reused from a
  // per-thread pool so that a search allocates nothing once the pool is warm.
  // Invariant while a buffer is idle: dist holds -1 in every field but the ones in
  // queue[0..len) (the fields the last search reached), which the next search resets before it
  // starts; parent and stop are read only where dist is set, and set with it.
  struct SearchBuffers {
    std::array<std::vector<int>, 2> dist, parent;  // [0] across country, [1] road only
    std::array<std::vector<uint8_t>, 2> stop;
    // The field indexes reached, in the order reached (first in, first out): queue[k][0..len[k]).
    std::array<std::vector<int>, 2> queue;
    std::array<size_t, 2> len{0, 0};
    // The field indexes the search looked at and found closed (Entry::kClosed): with the fields
    // it reached, every field whose contents it read.
    std::vector<int> closed;
    // The fields either search reached (dist >= 0 along the road or across country), one bit
    // per field index (bit i % 64 of word i / 64).
    std::vector<uint64_t> reached;
    int width = 0;      // of the board the last search ran on
    SeenContents seen;  // Search::at
  };
  struct SearchBuffersBack {
    void operator()(SearchBuffers* b) const;
  };
  // This thread's spare SearchBuffers.
  static std::vector<std::unique_ptr<SearchBuffers>>& search_pool();
  struct Search {
    std::unique_ptr<SearchBuffers, SearchBuffersBack> buf;
    const std::vector<int>& dist(size_t road_only) const { return buf->dist[road_only]; }
    const std::vector<int>& parent(size_t road_only) const { return buf->parent[road_only]; }
    // The fields either search reached, as bits (SearchBuffers::reached).
    const std::vector<uint64_t>& reached_bits() const { return buf->reached; }
    // What the mover's party sees in each field but the mover and its load.
    const FieldContents& at(size_t i) const { return buf->seen.at(i); }
    // PS §2.3, §6.10: per field, 1 where a wreck closes it to this mover (empty: none).
    std::vector<uint8_t> wrecked;
    const Board* board = nullptr;
    int party = 0;
    // The entry rule of the search (EntryRule): wrecks, then PassageEntry (PS §5.3, G-07).
    Entry entry(Field from, Field to) const {
      return entry_at(static_cast<size_t>(board->index(to)),
                      [&] { return PassageRestricted(*board, from, to); });
    }
    // entry() into field index `ti`, with PassageRestricted of the step given by `restricted()`.
    template <class Restricted>
    Entry entry_at(size_t ti, Restricted restricted) const {
      if (!wrecked.empty() && wrecked[ti]) return Entry::kClosed;
      const FieldContents& c = at(ti);
      if (c.empty()) return Entry::kFree;
      return PassageEntryWith(c, party, me.model, restricted);
    }
    Occupant me;
    std::vector<Occupant> load;  // the mover's load, which ends the move with it (PS §4.4)
    bool outside = false;
    // The field index the unit starts from (on the board): the one field the search reaches at
    // distance 0 (SIZE_MAX from outside, whose start fields count 1).
    size_t start_at = SIZE_MAX;
    int cap = -1;
    // Whether the search read the contents of field index `i` (reached it, or found it closed).
    bool read(size_t i) const {
      if (buf->dist[0][i] >= 0 || buf->dist[1][i] >= 0) return true;
      for (int c : buf->closed)
        if (static_cast<size_t>(c) == i) return true;
      return false;
    }
  };
  // With `wrecks` false the wrecks do not close their fields (to tell a refusal's rule). With a
  // `target` (a field index) the search may stop once it has reached that field: the paths to
  // it are those of the whole search, the other fields' distances may be missing (path_from to
  // the target only).
  Search search(int u, bool wrecks = true, int target = -1) const;
  // The movement searches of the legal actions (move_and_withdraw_fields) on this thread, per
  // unit: a later position reuses a unit's search and move fields while nothing the search read
  // has changed (search_signature of the unit, the wrecks, and what its party sees in the fields
  // the search reached or found closed, Search::read, as far as its entry rule reads it:
  // entry_classes, entered_by_passage); applying one of the moves takes its path
  // from there (kept_path: the same path find_path gives) rather than searching again.
  struct KeptSearch {
    Search search;
    bool filled = false;
    uint64_t position = 0;  // the position it was last checked for (kept_path)
    uint64_t unit_sig = 0;  // SearchSignature of the unit
    uint64_t wrecks = 0;
    int unit = -1;
    int party = 0;
    std::vector<uint32_t> table;  // TableSignature of its party, as last checked
    // reachable(search), worked out when first asked (kept_moves), then brought up to the
    // fields whose contents changed (update_move_field).
    mutable std::vector<Field> moves;
    mutable bool moves_set = false;
    // The move actions of `moves` (kept_move_actions), worked out when first asked after `moves`
    // were worked out, and then kept in step with them (update_move_field).
    mutable std::vector<Action> move_actions;
    mutable bool actions_set = false;
  };
  struct KeptSearches {
    uint64_t game = 0;                 // PlanspielGame::instance
    std::vector<KeptSearch> searches;  // per unit
    // For `position`: the wreck signature and each party's TableSignature (when `table_set`).
    uint64_t position = 0;
    uint64_t wrecks = 0;
    bool any_wreck = false;  // a unit is a wreck (PS §2.3, §6.10)
    std::array<std::vector<uint32_t>, kParties> table;
    std::array<bool, kParties> table_set{};
    bool off = false;  // set_kept_searches_for_test
  };
  static KeptSearches& kept_searches();
  // What search(u) reads of unit u itself: its field and status, fired, suppressed at level 3 or
  // more, loaded (move_cap, half speed) and its load.
  uint64_t search_signature(int u) const;
  // Per unit, what it puts into `party`'s contents table (party_contents): 0 when it is not
  // there, else its field's index + 1 and its carrier (aboard + 1) above bit 16.
  void table_signature(int party, std::vector<uint32_t>& out) const;
  // The kept searches of this thread, made ready for this game and position (the wrecks, the
  // tables to be worked out when asked: kept_table).
  KeptSearches& kept_for_position() const;
  const std::vector<uint32_t>& kept_table(KeptSearches& kept, int party) const;
  // What the entry rule of a search of `party` (PassageEntry, PS §5.3, G-07) reads of field index
  // `i` with the units of a table (table_signature): kEnemyThere, an enemy unit there, and (for a
  // model mover, `model`) kOwnModelThere, an own model. Equal classes give equal entries into the
  // field. The classes with the tables `was` and `is`, in that order, given the units `is` puts
  // in field `i` (`in_is`, the party's contents table) and the units whose entries differ
  // (`changed`).
  static constexpr int kEnemyThere = 1, kOwnModelThere = 2;
  std::pair<int, int> entry_classes(const std::vector<uint32_t>& was,
                                    const std::vector<uint32_t>& is, size_t i, int party,
                                    bool model, const std::vector<int>& in_is,
                                    const std::vector<int>& changed) const;
  // Whether two different entry classes differ only in an own model that came or went.
  static bool OnlyOwnModelCameOrWent(int was, int is) { return (was ^ is) == kOwnModelThere; }
  // Whether search `s` entered field index `i` by a step bound by the passage rule
  // (PassageRestricted, PS §5.3), along the road or across country, or started there: the steps
  // where an own model in the field changes the entry (the first step into a field where no
  // enemy stands fixes the field's entry, its parent).
  bool entered_by_passage(const Search& s, size_t i) const;
  // The kept search of unit `u` valid for this position (checked and brought up to it), or null.
  KeptSearch* kept_search_for(int u) const;
  // Brings the kept move fields of `k` up to the contents of field index `i`, which it reached.
  void update_move_field(const KeptSearch& k, size_t i) const;
  KeptSearch& keep_search(int u, Search&& s) const;
  // The movement search of unit `u` at this position: the kept one while it holds, else a new
  // one, kept for later positions when it may be (on the board, outside a change of the state),
  // else made in `local`; `kept` (when given) is set to the kept search or null.
  const Search& position_search(int u, Search& local, const KeptSearch** kept) const;
  // reachable(k.search), worked out once per kept search.
  const std::vector<Field>& kept_moves(const KeptSearch& k) const;
  // The move actions of the kept move fields of unit `u` (kept_moves), worked out once per change
  // of them.
  const std::vector<Action>& kept_move_actions(const KeptSearch& k, int u) const;
  // move_targets(u) and withdraw_targets(u) from one search, the move fields given as a
  // reference: to `moves`, or to those kept with the unit's search (kept_moves: valid until the
  // next search of the unit); `kept` (when given) is set to the unit's kept search or null.
  const std::vector<Field>& move_and_withdraw_fields(int u, std::vector<Field>& moves,
                                                     std::vector<Field>& withdrawals,
                                                     const KeptSearch** kept = nullptr) const;
  // The path of unit `u` to `dest` from a search kept for `position`; false: none kept (or no
  // path). `check` as in path_from.
  bool kept_path(uint64_t position, int u, Field dest, Path& path, bool check = true) const;
  // With `forced` the end field need not be within the stacking limit (PS §5.4: a movement
  // counter-move may congest a field).
  // With `check` the path is checked against the rules' CheckPath (PS §6, a consistency check
  // of the search: a path that fails it is a logic error); the listings of withdrawal fields
  // and the legality checks (why_illegal) leave it to the path applied (apply).
  bool path_from(const Search& s, int u, Field dest, Path& path, bool forced = false,
                 bool check = true) const;
  // The fields a search reaches where the mover may end its move (move_targets).
  std::vector<Field> reachable(const Search& s) const;
  void reachable(const Search& s, std::vector<Field>& out) const;  // into `out` (cleared first)
  // The path a move of unit `u` to `dest` takes (kept_path, else a new search). `check` as in
  // path_from: the legality checks (why_illegal) leave it to the path applied.
  bool find_path(int u, Field dest, Path& path, bool forced = false, bool check = true) const;
  // PS §9.6: the next move of the simultaneous group comes up (a new round when it has stepped).
  void next_in_group();
  // PS §5.4: the fields of unit `u`'s own withdrawal out of the mover's fire (movement
  // counter-move or displacement): the nearest within its allowance, over the limit when
  // `forced`.
  std::vector<Field> withdrawal_fields(int u, bool forced) const;
  // The same out of the direct fire of unit `m` (the mover, or the attacking figures).
  std::vector<Field> withdrawal_fields_from(int u, int m, bool forced) const;
  // PS §5.4: whether the like class of unit `u` is over the stacking limit where it stands.
  bool over_limit(int u) const;
  // over_limit past the look whether any unit is marked congesting.
  bool over_limit_marked(int u) const;
  // PS §5.1: whether unit u's field holds more of u's stacking class than the limit allows (G-06),
  // whether or not a unit there is marked as congesting it.
  bool over_stacked(int u) const;
  // PS §5.4: a like troop in `u`'s congested field has fired this half-turn already.
  bool congested_fired(int u) const;
  // PS §6.7: whether `path` of unit `u` is a withdrawal from the enemy units its party sees that
  // have its start field in flat-fire range, or why not.
  bool withdraws_along(int u, const Path& path, Text* why) const;
  // PS §6.7: whether an enemy unit `u`'s party sees has u's field in range of its flat fire
  // (without one no path is a withdrawal).
  bool threatened(int u) const;
  // PS §6.7: whether the enemy unit `e` has field `at` in range of its flat fire.
  bool flat_threat(int e, Field at) const;
  // PS §6.7, §9.2: whether the withdrawal in progress has increased the distance to passive unit
  // `p` (farther than at its start, and not closer than before the last step): no counter-move.
  bool withdrawn_from(int p) const;
  // With `knocked_out` a vehicle or weapon model standing in a defile stays there as a wreck
  // (PS §2.3, §6.10); any other lost unit leaves the board at once.
  void lose(int u, const std::string& rule, const Text& how, EventList* events,
            bool knocked_out = false);
  // PS §10.3, §10.4, G-34: unit `u` in `from` flees away from the fields `away` to its first
  // flight field with effect `level` (a casualty roll owed at 6), or is lost when none is free.
  void flee(int u, Field from, const std::vector<Field>& away, int level, const char* rule,
            std::vector<int>& casualty, EventList* events);
  // PS §4.4: the load of carrier `c` stands where it stands (and enters or leaves with it).
  void carry_along(int c);
  // G-07: vehicle `v` (with its load) drives into the enemy-held field `f` and stays there beside
  // the enemy (a mixed field, after an overrun or a failed mounted attack), as far as its party's
  // stacking limit in `f` allows (PS §5.1); whether it did.
  bool enter_mixed_field(int v, Field f);
  // Whether every unit of `party` on the board in field `f` is a figure base (none: true).
  bool only_figures_of(Field f, int party) const;
  // PS §8.16: whether unit `t`, at suppression `before` until now, has just been suppressed black
  // as a combat vehicle that may try self-smoke (then its owner's window is due).
  bool self_smoke_due(int t, int before) const;
  // PS §6.10: the recovery roll `n` of vehicle `u` at the wreck in `f` (4+ tows it away).
  void resolve_recovery(int u, Field f, int n, EventList* events);
  void resolve_effect(int firer, Field f, int natural, bool indirect, int concentration,
                      EventList* events);
  bool may_fire_indirect(int u, Text* why) const;
  void resolve_close_combat(int defend_roll, EventList* events);
  void end_close_combat(int field, int attack_total, int defence_total,
                        const std::vector<int>& casualty);
  void resolve_overrun(int defend_roll, EventList* events);
  void resolve_antitank(int defend_roll, EventList* events);
  // G-36: the effect roll `n` of figure base `u` against the enemy armoured vehicles in its field.
  void resolve_antitank_in_field(int u, int n, EventList* events);
  void advance_move(EventList* events);
  // PS §9.2, §9.3: what true and false counter-moves share (`rule` cites the kind).
  bool may_counter_fire(int p, const char* rule, Text* why) const;
  // may_evade and may_evade_antitank with the fields they found (evade_fields,
  // antitank_evade_fields) in `fields` when they allow it.
  bool may_evade_to(int p, Text* why, std::vector<Field>& fields) const;
  bool may_evade_antitank_to(int v, Text* why, std::vector<Field>& fields) const;
  // may_place; `standing` (per field index, the units on the board there in unit order), when
  // given, spares the look at every unit for the field's.
  bool may_place_in(int u, Field f, const std::vector<std::vector<int>>* standing, Text* why) const;
  // may_place_in in two parts: what it asks of the unit alone (may_place_unit), and of the field
  // (may_place_at) with what the unit brings to it worked out once (placing: the unit as an
  // occupant and its load).
  struct Placing {
    int u = -1;
    int party = 0;
    Occupant me;
    std::vector<Occupant> load;
    bool empty_ok = false;            // MayEndWithLoad in a field where nobody stands
    const SetupZone* zone = nullptr;  // its party's set-up zone, if any
    Field at;                         // its field
    Mover mover = Mover::kFoot;       // its terrain kind (G-04)
    bool towed = false;               // a heavy-weapon base with a carrier (scenarios §1.5)
  };
  bool may_place_unit(int u, Text* why) const;
  Placing placing(int u) const;
  bool may_place_at(const Placing& p, Field f, const std::vector<std::vector<int>>* standing,
                    Text* why) const;
  // What may_counter (PS §9.2) and may_meet (PS §9.3) ask beyond may_counter_fire.
  bool counter_entitled(int p, Text* why) const;
  bool meet_entitled(int p, Text* why) const;
  // PS §9.3, §9.8: the mover's die `mover_roll` decides the false counter-move in progress.
  void resolve_meeting(int mover_roll, EventList* events);
  // PS §9.4: passive unit `p` withdraws towards `f` (stopped by an enemy unit it did not see);
  // PS §5.4: into a field over the stacking limit (congestion) unless `displaced` (the domino
  // effect of a displaced unit, within the limit).
  void evade(int p, Field f, bool displaced, EventList* events);
  // PS §9.6: the unit whose field the active party gives next in a simultaneous group, -1.
  int planning_unit() const;
  // PS §7.4: whether unit `u` itself detects unit `o`.
  bool detects(int u, int o) const;
  void finish_move(EventList* events, int blocked_by);
  std::vector<int> defenders() const;
  void end_half_turn(EventList* events);
  void update_control(EventList* events);
  bool has_combat_element(int party) const;
  void finish(EventList* events, const Text& why);
  // Scenarios §1.5: the set-up of the active party ends (FERTIG); the other party's follows, or
  // the first mover's first half-turn.
  void end_setup(EventList* events);
  // Scenarios §1.5: the parties with a set-up zone, the first mover first.
  std::vector<int> setup_order() const;
  void push(StepKind k, int unit, int field) { steps_.push({k, unit, field}); }
  // PS §10.4-10.6: a close combat of one attacker at `field` opens (the defence roll, then the
  // attack roll); the event names what `shown` (the unit the enemy may see) does, or reads
  // `unseen` for the enemy while it is not shown to him.
  void open_close_combat(int shown, int attacker, int field, const char* rule, Text seen,
                         Text unseen, EventList* events);
  std::string masked_unit(int u, int viewer) const;
  std::string masked_unit_de(int u, int viewer) const;
  // PS §12.3, §7.6: applies dig or camouflage (the unit's work of the half-turn).
  void apply_work(const Action& action, EventList* events);
  // G-38: why unit `u`, at work this half-turn (dig, camouflage or recover), does nothing else.
  bool work_refusal(int u, Text* why) const;
  // PS §3.1, §3.2: what digging in (`work` UnitState::kWorkDig, PS §12.3) and camouflaging
  // (kWorkCamouflage, PS §7.6) ask first: a unit of the active party in its activity, on the
  // board on its own; or why not.
  bool may_start_work(int u, int work, Text* why) const;
  // PS §12.3, G-38, G-52: at the end of the half-turn of party `ending`, a face-down dug-in marker
  // whose unit has left its field (or the board), or whose unit of `ending` did not dig again in
  // this half-turn (the two half-turns are consecutive), is removed.
  void drop_unfinished_digging(int ending);
  // PS §12.3: the party that dug the position in `f` in play, -1: none.
  int position_party(Field f) const;
  // PS §12.3: whether the field position in `f` covers unit `u` now: a captured position (dug by
  // the enemy) is used at once, but not by the mover against the counter-moves at its move.
  bool position_covers(int u, Field f) const;
  // The field positions dug in play that `seat` is shown (position_shown), as "positions".
  void observe_positions(int seat, json& out) const;

  const PlanspielGame* game_;
  int turn_ = 1;
  int active_ = kPartyRed;
  int phase_ = 2;
  std::vector<UnitState> units_;
  std::array<int, kParties> losses_{};
  std::vector<int> control_;  // per objective field (PlanspielGame::objective_fields)
  StepStack<PsStep, 16> steps_;
  AssaultState assault_;
  MoveState moving_;
  std::vector<MoveState> group_;
  bool over_ = false;
  int winner_ = -2;   // -2 not over, -1 draw, kPartyRed, kPartyBlue
  int outcome_ = -1;  // the outcome line that applied; -1 annihilation
  std::string reason_, reason_de_;
  int moves_ = 0;
  // PS §12.3: the field positions dug in play, each `index * 2 + party` (Board::index and the
  // party that dug it), in the order they were completed. A position belongs to its field.
  std::vector<int> positions_;

  // seen_enemies() remembered for the units' positions and markers it was worked out for (what
  // detection depends on: PS §7.4-§7.6); not part of the state (not hashed, not stored).
  struct SeenKey {
    int x, y, aboard;
    UnitStatus status;
    bool camouflaged, detected_marker, shown, smoke;
    bool operator==(const SeenKey&) const = default;
  };
  static SeenKey SeenKeyOf(const UnitState& u) {
    return {u.x,         u.y,        u.aboard, u.status, u.camouflaged, u.detected_marker,
            u.shown > 0, u.smoke > 0};
  }
  // SeenKeyOf packed into one word (equal words: equal keys), for the comparison with the units.
  static uint64_t SeenBitsOf(const UnitState& u) {
    return static_cast<uint64_t>(static_cast<uint16_t>(u.x)) |
           static_cast<uint64_t>(static_cast<uint16_t>(u.y)) << 16 |
           static_cast<uint64_t>(static_cast<uint16_t>(u.aboard + 1)) << 32 |
           static_cast<uint64_t>(u.status) << 48 | static_cast<uint64_t>(u.camouflaged) << 56 |
           static_cast<uint64_t>(u.detected_marker) << 57 |
           static_cast<uint64_t>(u.shown > 0) << 58 | static_cast<uint64_t>(u.smoke > 0) << 59;
  }
  struct SeenCache {
    std::vector<SeenKey> key;
    std::vector<uint64_t> bits;       // SeenBitsOf per unit, with `key`
    std::vector<UnitState> snapshot;  // the units at the last comparison (update_seen_counts)
    // Per unit: the detection range it had when its key was taken (detection_range_now), and
    // how many units of the other party on the board detect it (PS §7.4-§7.6), kept up to date
    // pair by pair for the units whose key changed (update_seen_counts).
    std::vector<int> range;
    std::vector<int> count;
    // Per pair, pair[o * n + u] is 1 when unit u detects unit o of the other party (one of the
    // pairs `count` counts), for n units.
    std::vector<uint8_t> pair;
    bool changed = false;  // update_seen_counts found a change
    // Counts the changes of units_ (start_mutating, done_mutating): what is worked out for one
    // position and kept with the epoch it was worked out at holds while the epoch is the same
    // and no change is at work.
    uint64_t epoch = 0;
    // The id of the position, new at every change of units_ (done_mutating; 0 before the first
    // and during a change): two states with the same id hold the same position (one a clone of
    // the other, neither changed since). Keys the kept searches (kept_path).
    uint64_t position = 0;
    // Whether a unit on the board is marked congesting (PS §5.4), for `congesting_epoch`.
    uint64_t congesting_epoch = ~uint64_t{0};
    bool any_congesting = false;
    // load_of per carrier for the same units (valid while `checked`).
    std::vector<int> loads;
    bool loads_valid = false;
    bool setting_up = false;
    std::array<std::vector<int>, kParties> seen;  // valid where seen_valid
    std::array<bool, kParties> seen_valid{};
    // Per unit, bit `party` set when the unit is in `seen[party]` (filled with it).
    std::vector<uint8_t> seen_mask;
    // The keys were compared with the units since the last change: outside apply() (and the
    // other writers of units_, which clear it) the state cannot change, so a const query skips
    // the comparison. `mutating`: a writer is at work; every query compares.
    bool checked = false;
    bool mutating = false;
    // party_contents(party) for the same units; a copy (a clone) starts empty and builds its
    // own.
    struct Contents {
      std::vector<FieldContents> fields;  // per board index
      std::vector<std::vector<int>> ids;  // per board index, the units of `fields`
      // Per unit, the board index + 1 of the field where `fields` holds it, 0: not there. A
      // table worked out again looks only at the units whose slot may have changed since
      // (`pending`) and moves those whose slot did.
      std::vector<uint32_t> slot;
      // The units whose slot may have changed since the table was last brought up to date: a
      // key changed (update_seen_counts), the party's sight of it or of its carrier flipped
      // (seen_enemies_worked_out); `is_pending` per unit marks them. `all`: every unit (the
      // set-up began or ended).
      std::vector<int> pending;
      std::vector<uint8_t> is_pending;
      bool all = true;
      bool valid = false;
      Contents() = default;
      Contents(const Contents&) {}
      Contents& operator=(const Contents&) {
        valid = false;
        slot.clear();  // built anew
        all = true;
        return *this;
      }
      void mark(int u) {
        const auto i = static_cast<size_t>(u);
        if (all) return;
        if (is_pending.size() <= i) is_pending.resize(i + 1, 0);
        if (is_pending[i]) return;
        is_pending[i] = 1;
        pending.push_back(u);
      }
    };
    // Marks unit `u` pending in both parties' tables.
    void mark_contents(int u) {
      for (Contents& c : contents) c.mark(u);
    }
    std::array<Contents, kParties> contents;
  };
  mutable SeenCache seen_cache_;
  // seen_enemies, checking the units against the cache's keys and working the list out when not
  // kept.
  const std::vector<int>& seen_enemies_worked_out(int party) const;
  // The detection counts (SeenCache::count) brought up to the units, and what hangs on them
  // marked for a new look (the seen-enemy lists, the contents tables, the loads).
  void check_seen_counts() const;
  // PS §7.4: the detection range of unit `o` now (99 with a detected marker; 0 off the board).
  int detection_range_now(int o) const;
  // PS §7.4-§7.6: whether a unit keyed `observer` detects an enemy unit keyed `target` with its
  // detection range `range` (a carried unit is no target of its own, PS §4.4).
  bool detects_keyed(const SeenKey& observer, const SeenKey& target, int range) const;
  // Brings SeenCache::key, range and count up to the units (sets `changed` if any differed).
  void update_seen_counts() const;
  // Marks the start of a change of units_ (the cache compares its keys until done_mutating).
  void start_mutating() {
    seen_cache_.mutating = true;
    seen_cache_.checked = false;
    ++seen_cache_.epoch;
    seen_cache_.position = 0;
  }
  void done_mutating() {
    seen_cache_.mutating = false;
    seen_cache_.checked = false;
    ++seen_cache_.epoch;
    seen_cache_.position = new_position_id();
  }
  static uint64_t new_position_id();

 public:
  // The fields of the path unit `u` takes to `dest` when it moves there (PS §6, the path the move
  // applies: find_path), the start or entry field first, into `fields`; false (and `fields`
  // empty): no path. The heuristic asks it for every move it scores, so it skips the path's
  // check against the movement rules that applying the move makes (CheckPath).
  bool move_path(int u, Field dest, std::vector<Field>& fields) const;
};

class PlanspielGame : public Game {
 public:
  PlanspielGame(const Situation& situation, const Board& board, const std::vector<UnitType>& types,
                const FireData& fire);

  std::string_view id() const override { return "planspiel"; }
  std::string_view scenario() const override { return scenario_; }
  const Options& options() const override { return options_; }
  const std::vector<std::string>& seats() const override { return seats_; }
  Text side_name(int seat) const override {  // PS: Partei Rot, Partei Blau
    return seat == kPartyRed ? Text{"Red", "Rot"} : Text{"Blue", "Blau"};
  }
  VerbTable verbs() const override;
  std::unique_ptr<State> new_initial_state() const override;
  std::unique_ptr<State> state_from_json(const json& j) const override;
  std::string_view rules_version() const override { return "planspiel-1"; }

  const Situation& situation() const { return *situation_; }
  const Board& board() const { return *board_; }
  const FireData& fire_data() const { return *fire_; }
  const UnitType& type(int u) const { return *types_[static_cast<size_t>(u)]; }
  // WeaponOfType of unit `u`'s type, worked out once per game.
  const FireWeapon& weapon(int u) const { return weapons_[static_cast<size_t>(u)]; }
  // WeaponRange of unit `u`'s weapon in flat fire (PS §8.2), worked out once per game.
  int flat_range(int u) const { return flat_ranges_[static_cast<size_t>(u)]; }
  // MoveProfileOf unit `u`'s type (PS §6.1), worked out once per game.
  const MoveProfile& move_profile(int u) const { return move_profiles_[static_cast<size_t>(u)]; }
  // The units that are tows (a transport towing one weapon, PS §4.5), in unit order.
  const std::vector<int>& tows() const { return tows_; }
  // PS §7.6, G-54: whether a forest or built-up field adjoins field `f` (on the board), where a
  // vehicle or heavy-weapon model may camouflage; worked out once per game.
  bool next_to_cover(Field f) const {
    return next_to_cover_[static_cast<size_t>(board_->index(f))] != 0;
  }
  // Scenarios §1.5, G-04: whether a unit moving as `mover` (`towed`: a towed weapon) may stand in
  // field `f` (on the board) at the set-up by its terrain (Passable, and no towed weapon in a
  // forest or built-up field off the road); worked out once per game.
  bool may_stand(Field f, Mover mover, bool towed) const {
    const uint8_t bits = stand_[static_cast<size_t>(board_->index(f))];
    return ((bits >> (mover == Mover::kFoot ? 0 : 1)) & 1) != 0 && !(towed && (bits & 4));
  }
  // The units of `party` (kPartyRed, kPartyBlue), in unit order.
  const std::vector<int>& party_units(int party) const {
    return party_units_[static_cast<size_t>(party)];
  }
  // The party of unit `u` (its situation unit's), one byte per unit.
  int party(int u) const { return parties_[static_cast<size_t>(u)]; }
  const std::vector<Field>& objective_fields() const { return objective_fields_; }
  bool dug_in(Field f) const;
  int unit_index(std::string_view id) const;  // -1 if none
  // PS §7.2, G-08: whether a ground observer in `from` sees `to` (los.h HasLos), traced once
  // per pair of fields and kept both ways (the board does not change during a game; sight is
  // the same both ways, PS §7.2).
  bool sees(Field from, Field to) const;
  // PS §7.4 with §7.2: `to` within `range` LE of `from` and seen from there (WithinDetection).
  bool within_detection(Field from, Field to, int range) const {
    return Distance(from, to) <= range && sees(from, to);
  }
  // The step from field index `i` to its neighbour `d` (0..7, in row order: dy -1, 0, 1, then
  // dx -1, 0, 1, the field itself left out): kStepOnBoard, kStepFoot and kStepVehicle (CanStep
  // gives kOk for that mover), kStepRoad (IsRoadStep), kStepPassage; worked out once per game.
  // kStepPassage: the step is bound by the passage rule (PassageRestricted, PS §5.3).
  static constexpr uint8_t kStepOnBoard = 1, kStepFoot = 2, kStepVehicle = 4, kStepRoad = 8,
                           kStepPassage = 16;
  uint8_t step_bits(int i, int d) const { return steps_[static_cast<size_t>(i * 8 + d)]; }
  const uint8_t* step_row(int i) const { return &steps_[static_cast<size_t>(i) * 8]; }
  // Per field index, the neighbours `d` (bit d) a mover may step to: step_bits with kStepFoot
  // (`vehicle` false) or kStepVehicle, and kStepRoad too when `road_only`.
  const uint8_t* step_masks(bool vehicle, bool road_only) const {
    return &step_masks_[static_cast<size_t>((vehicle ? 1 : 0) + (road_only ? 2 : 0)) *
                        steps_.size() / 8];
  }
  // A number of its own for each game object made in the process (never reused, unlike its
  // address): keys what a thread keeps of one game (the kept movement searches).
  uint64_t instance() const { return instance_; }

 private:
  const Situation* situation_;
  const Board* board_;
  const FireData* fire_;
  std::vector<const UnitType*> types_;                  // per unit of the situation
  std::vector<FireWeapon> weapons_;                     // per unit of the situation
  std::vector<int> flat_ranges_;                        // per unit of the situation
  std::vector<MoveProfile> move_profiles_;              // per unit of the situation
  std::vector<int> tows_;                               // tows()
  std::array<std::vector<int>, kParties> party_units_;  // party_units()
  std::vector<uint8_t> parties_;                        // party()
  std::vector<uint8_t> next_to_cover_;                  // per board index: next_to_cover()
  // Per board index: may_stand() (bit 0 foot, bit 1 vehicle, bit 2 cover off the road).
  std::vector<uint8_t> stand_;
  std::vector<Field> objective_fields_;
  std::string scenario_;
  Options options_;
  std::vector<std::string> seats_{"red", "blue"};
  // sees(): per pair of field indexes 0 not traced yet, 1 clear, 2 blocked. Filled as asked by
  // any thread (a pair traced twice gives the same answer).
  std::unique_ptr<std::atomic<uint8_t>[]> los_;
  std::vector<uint8_t> steps_;       // step_bits()
  std::vector<uint8_t> step_masks_;  // step_masks(), the four tables one after the other
  uint64_t instance_;
};

// The game of a shipped situation ("ps-1"), one instance per situation for the whole process.
std::shared_ptr<const PlanspielGame> make_planspiel(const std::string& situation_id);

// Inline: asked many times per position (the contents tables, the kept searches' signatures).
inline int PlanspielState::party_of(int u) const {
  return game_->party(u);
}
inline bool PlanspielState::visible_known(int u, int party) const {
  if (party_of(u) == party) return true;
  if (setting_up()) return false;
  if (unit(u).aboard >= 0) return visible_known(unit(u).aboard, party);
  if (unit(u).status != UnitStatus::kOnBoard) return false;
  return ((seen_cache_.seen_mask[static_cast<size_t>(u)] >> party) & 1) != 0;
}

}  // namespace feldherr::planspiel
