// Pocket Battles: Orcs vs Elves -- the rules (rules reference: docs/rules/pocket.md, cited "PB").
//
// PocketGame is immutable (armies, options, precomputed tables); PocketState is the whole
// position as flat fixed-size arrays of small structs with integer ids, including the procedure
// stack of the rule in progress (attack -> reaction -> roll -> wound allocation -> strike back
// -> withdraw), so clone() is a plain copy. Every accessor is public for heuristics and tests.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/game.h"
#include "engine/registry.h"
#include "engine/steps.h"
#include "games/pocket/data.h"

namespace feldherr::pocket {

// The module for the registry (id "pocket", scenario "orcs-vs-elves", seats orcs/elves).
feldherr::GameModule pocket_module();

constexpr int kOrcs = 0;
constexpr int kElves = 1;

enum class TurnMode : uint8_t { kOneOrder, kManyOrders };   // PB Phase 2, spec A1
enum class ShootSplit : uint8_t { kConserve, kCeil };       // PB Beschießen, spec A2
enum class WoundMarker : uint8_t { kChoose, kMostOrders };  // PB Wunden 2, spec A19

struct PocketOptions {
  int points = 60;                             // agreed battle size in DP (PB Aufbau 2)
  TurnMode turn = TurnMode::kOneOrder;         // A1 [REC]: one order or one pass per turn
  ShootSplit shoot_split = ShootSplit::kCeil;  // A2 [REC]: each unit its rounded-up share
  bool allow_three_vs_one = false;             // A16 [REC]: a combat never exceeds 2 vs 1
  // A19 [REC]: the owner chooses which unit gives up an order marker as a wound marker.
  WoundMarker wound_marker = WoundMarker::kChoose;
};

// Capacity of the flat state.
constexpr int kMaxTroopsPerSide = 64;
constexpr int kMaxTroops = 2 * kMaxTroopsPerSide;
constexpr int kMaxUnits = kMaxTroops;
constexpr int kMaxCombats = 64;
constexpr int kMaxStack = 32;
constexpr int kStarFVValue = 99;  // FV "*" behaves as no limit (PB §12)

// Zones of a unit. Own segments are (zone rear/front, absolute column); the combat zone row is
// shared. Columns are absolute, counted from the orcs' left: the orcs' left sector (0) is the
// elves' right sector (PB Schlachtfeld).
enum Zone : int8_t { kUnplaced = -1, kRear = 0, kFront = 1, kCombatZone = 2, kGone = 3 };

// Action verbs.
enum Verb : uint8_t {
  kPick = 1,        // pick <type>                      PB Aufbau 4
  kSelectDone,      // done (selection / voluntary removal)
  kNewUnit,         // new-unit                         PB Aufbau 5
  kJoinUnit,        // unit <u>
  kPlace,           // place <u> <seg>                  PB Aufstellung 3
  kRedeploy,        // redeploy <u> <seg>               PB Phase 1
  kSkip,            // skip (no redeployment)
  kMove,            // move <u> <seg>                   PB Aktion 1
  kAttack,          // attack <u> [<target>]            PB Aktion 2
  kReactIntercept,  // react intercept <v>              PB Aktion 2 A
  kReactShoot,      // react shoot <v>                  PB Aktion 2 B
  kReactWait,       // react wait                       PB Aktion 2 C
  kTarget,          // target <v>                       PB Aktion 2 B/C
  kContinue,        // continue <u> <v>                 PB Aktion 3
  kLeave,           // leave <u>                        PB Aktion 4
  kShoot,           // shoot <u> <v>                    PB Aktion 5
  kSpecial,         // special <u> <troop>              PB Aktion 6
  kPass,            // pass                             PB Aktion 7
  kWound,           // wound <troop>                    PB Wunden
  kRemove,          // remove <troop>                   PB Wunden / round end
  kRoll,            // roll <d> [<d>]                   chance
  kConcede,         // concede                          PB Spielende 1
  kEndTurn,         // end (many-orders only)
  kMarkerFrom,      // marker-from <u>                  PB Wunden 2 (A19)
};

enum Phase : uint8_t {
  kSelect,     // PB Aufbau 4: troop selection, seat sel_seat
  kForm,       // PB Aufbau 5: unit formation, seat sel_seat, troop form_troop
  kRollAB,     // PB Aufstellung 2
  kPlacement,  // PB Aufstellung 3-4
  kBattle,     // PB Spielablauf
  kRoundEnd,   // PB Spielablauf: voluntary removal of wounded troops, seat sel_seat
  kOver,
};

enum Stage : uint8_t { kPhase1, kPhase2, kMoreOrders, kResolving };

enum StepKind : uint8_t {
  kStepReact,         // a = attacker, b = target (-1: primary case), n = 1 rear/flank
  kStepChooseTarget,  // a = attacker
  kStepMeleeRoll,     // a = striker, b = struck unit, n = dice
  kStepStrikeBack,    // a = first striker, b = struck unit (strikes back if alive)
  kStepShootRoll,     // a = shooter, b = target
  kStepAlloc,         // a = unit receiving wounds, n = wounds left, b = unit that caused them
  kStepLeaveStrike,   // a = striking unit, b = withdrawing unit
  kStepLeaveFinish,   // a = withdrawing unit, b = combat
  kStepMarkerSource,  // a = troop receiving the wound marker (PB Wunden 2, A19)
};

struct Step {
  uint8_t kind = 0;
  uint8_t n = 0;
  int16_t a = -1;
  int16_t b = -1;
};

enum TroopStatus : uint8_t { kSelected = 0, kActive = 1, kRemoved = 2 };

struct Troop {
  uint8_t type = 0;
  uint8_t owner = 0;
  int16_t unit = -1;
  uint8_t wounds = 0;
  uint8_t status = kSelected;
  uint8_t ordinal = 0;  // 1-based among the same type in its unit; 0 if the type is unique there
};

enum UnitFlag : uint8_t {
  kAttacked = 1,        // made an attack this turn (extra die, PB Gefecht 1)
  kRedeployed = 2,      // redeployed in phase 1 this turn (PB Phase 1)
  kContactAtStart = 4,  // in contact at the start of this turn (PB Aktion 3/4, A12)
};

// Trait summary bits of a unit's surviving troops.
enum UnitTraitBit : uint8_t {
  kHasRegenerate = 1,
  kHasHeal = 2,
  kAllSwift = 4,
  kHasLongRange = 8,
};

struct Unit {
  uint8_t owner = 0;
  uint8_t number = 0;  // label number: o1, o2 ... / e1, e2 ...
  int8_t col = 0;      // absolute column 0..2 (orcs' left = 0)
  int8_t zone = kUnplaced;
  int8_t combat = -1;
  uint8_t orders = 0;  // order markers on the unit (PB §6)
  uint8_t flags = 0;
  uint8_t size = 0;      // troops ever in the unit (formation)
  uint8_t alive = 0;     // troops still in play
  uint8_t lp_alive = 0;  // of which with life points
  uint8_t minfv = kStarFVValue;
  uint8_t traits = 0;
  std::array<uint8_t, 7> cm{};  // combat dice showing face f, summed over surviving troops
  std::array<uint8_t, 7> sm{};  // shooting dice likewise
  bool has_combat() const { return cm[1] | cm[2] | cm[3] | cm[4] | cm[5] | cm[6]; }
  bool has_shooting() const { return sm[1] | sm[2] | sm[3] | sm[4] | sm[5] | sm[6]; }
};

constexpr int kMaxPerSide = 3;
struct Combat {
  int8_t col = -1;  // -1: free slot
  std::array<uint8_t, 2> n{};
  std::array<std::array<int16_t, kMaxPerSide>, 2> u{};
};

struct PlayerState {
  int16_t total = 0;        // markers = points / 10 (PB Aufbau 3)
  int16_t pool = 0;         // order side up, unused this round
  int16_t passed = 0;       // set aside by Pass (PB Aktion 7)
  int16_t deferred = 0;     // wound markers of removed troops, back at round end (PB Wunden)
  int16_t captured_dp = 0;  // DP of enemy troops this player destroyed
  int16_t built_dp = 0;     // DP of this player's selected army
  int16_t picked_dp = 0;
  uint8_t n_troops = 0;
  uint8_t n_units = 0;
};

// Precomputed per troop type.
struct TypeInfo {
  std::array<uint8_t, 7> cm{};
  std::array<uint8_t, 7> sm{};
  int dp = 1;
  int fv = 1;  // kStarFVValue for "*"
  int lp = 1;  // 0 = none
  bool regenerate = false, heal = false, swift = false, long_range = false;
  std::string short_id;  // id without the "army." prefix
  std::string name_de;   // the German name ("Felsenwerfer"); short_id when the army gives none
};

enum WinReason : uint8_t { kNoWin, kWinConcede, kWinThreshold, kWinHigher, kWinTieB };

class PocketGame;

class PocketState : public State {
 public:
  explicit PocketState(const PocketGame* game);

  // --- State interface ---
  const Game& game() const override;
  int current_seat() const override;
  Decision decision() const override;
  Decision decision_for(int viewer) const override;
  void legal_actions(ActionList& out) const override;
  using State::legal_actions;
  std::vector<ChanceOutcome> chance_outcomes() const override;
  Action sample_chance(Rng& rng) const override;
  void apply(const Action& action, EventList* events = nullptr) override;
  std::string why_illegal(const Action& action) const override {
    return why_illegal_text(action).en;
  }
  Text why_illegal_text(const Action& action) const override;
  bool is_terminal() const override { return phase == kOver; }
  Result result() const override;
  std::unique_ptr<State> clone() const override;
  std::string describe(const Action& action) const override;
  // The opponent's picks, and which of his units a troop joins, are secret until the stacks are
  // revealed (PB Aufbau 6); how many units he forms is not.
  std::string describe_for(const Action& action, int viewer) const override {
    if (viewer == kNobody || viewer == current_seat()) return describe(action);
    if (action.verb == kPick) return "pick (hidden)";
    if (action.verb == kJoinUnit) return "unit (hidden)";
    return describe(action);
  }
  bool parse_text(std::string_view text, Action& out, Text& error) const override;
  Text annotate(const Action& action) const override;
  // verbs.cc: segments in words ("right-rear": "right rear", "rechts hinten").
  std::string arg_name(ArgKind kind, std::string_view word, Lang lang) const override;
  ActionInfo action_info(const Action& action, int viewer) const override;  // verbs.cc
  VerbRole action_role(const Action& action, int viewer) const override;    // verbs.cc
  bool reveals_information(const Action& action) const override;
  bool is_concession(const Action& action) const override { return action.verb == kConcede; }
  json observe(int seat) const override;
  // observe(seat).dump() written directly, without the JSON tree (the server's hot path).
  void append_observation(int seat, std::string& out) const override;
  std::unique_ptr<State> determinize(int seat, Rng& rng) const override;
  json to_json() const override;
  uint64_t hash() const override;
  std::string render_text(int seat) const override;
  std::string render_text_in(int seat, Lang lang) const override;
  int move_number() const override { return moves; }

  // --- Readable accessors and helpers (heuristics, tests) ---
  const PocketGame& pgame() const { return *game_; }
  const TypeInfo& type_of(int troop) const;
  int order_cost(int unit) const { return units[static_cast<size_t>(unit)].orders + 1; }
  bool unit_alive(int u) const {
    return units[static_cast<size_t>(u)].alive > 0 && units[static_cast<size_t>(u)].zone != kGone;
  }
  int defender() const { return 1 - active; }
  int player_a() const { return seat_a; }
  int player_b() const { return seat_a < 0 ? -1 : 1 - seat_a; }
  std::string unit_label(int u) const;
  std::string troop_label(int t) const;  // "o4.orc.1": the typed form's troop id
  // A troop as a player reads it, its tile's name, number and unit ("Orc 1 (o4)", "Ork 1 (o4)").
  std::string troop_name(int t, Lang lang) const {
    return arg_name(ArgKind::kTroop, troop_label(t), lang);
  }
  // The side id of a seat as the texts name it ("orcs").
  const std::string& seat_id(int seat) const;
  std::string seg_name(int owner, int zone, int col) const;  // owner-relative, "left-front"
  // The side as German texts name it ("Orks", "Elfen"), a segment in German ("links vorne").
  static std::string seat_de(int seat);
  std::string seg_de(int owner, int zone, int col) const;
  std::string invariant_violation() const;  // "" when every invariant holds
  // Whether troop t is visible to `seat` (kObserver: public only).
  bool troop_visible(int t, int seat) const;
  int top_troop(int u) const;  // first troop of the unit (the face-up top of its stack, E3)

  // --- The state (all public, flat) ---
  const PocketGame* game_ = nullptr;
  uint8_t phase = kSelect;
  uint8_t stage = kPhase1;
  int8_t sel_seat = 0;  // seat selecting / forming / removing at round end
  int8_t active = 0;    // active seat in battle; placer in placement
  int8_t seat_a = -1;   // seat of player A (-1 before the roll)
  int8_t round_first = 0;
  bool a_first_turn = true;  // player A's first turn of the game not yet over (PB Aktion 6)
  uint8_t winner = 0;
  uint8_t win_reason = kNoWin;
  int16_t round = 0;
  int16_t form_troop = -1;             // troop being assigned to a unit (kForm)
  std::array<uint8_t, 2> last_roll{};  // A/B roll
  int16_t rerolls = 0;
  int moves = 0;
  std::array<PlayerState, 2> players{};
  int16_t n_troops = 0;
  int16_t n_units = 0;
  std::array<Troop, kMaxTroops> troops{};
  std::array<Unit, kMaxUnits> units{};
  std::array<Combat, kMaxCombats> combats{};
  StepStack<Step, kMaxStack> steps;  // the procedure steps due, top last (engine/steps.h)

  // --- Rules internals (rules.cc) ---
  void advance(EventList* ev);
  void begin_round(int first, EventList* ev);
  void begin_turn(int seat, EventList* ev);
  void end_turn(EventList* ev);
  void round_end(EventList* ev);
  void start_battle(EventList* ev);
  void after_round_end_removal(EventList* ev);
  void push(StepKind k, int a, int b, int n);
  Step& top() { return steps.top(); }
  const Step& top() const { return steps.top(); }
  void pop() { steps.pop(); }
  bool pay_order(int u, EventList* ev, const char* what, const char* what_de);
  void refresh_unit(int u);
  // `why_de`: `why` in German ("" or null: the English).
  void remove_troop(int t, bool deferred_markers, EventList* ev, const char* why,
                    const char* why_de = nullptr);
  void destroy_unit_if_empty(int u, EventList* ev);
  void leave_combat_slot(int u);
  void settle_combat(int c, EventList* ev);
  int new_combat(int col);
  void engage(int attacker, int target, EventList* ev);
  // Places a wound marker on troop t, taken from the pool or else from the order markers on own
  // unit `from` (-1: the pool, or the engine's pick when only one source exists or the option
  // wound_marker is most-orders).
  void give_wound(int t, int from, EventList* ev);
  void distribute_shooting(int shooter, int target, int hits, EventList* ev);

  // Legality helpers.
  bool can_redeploy_to(int u, int seg, int max_steps) const;
  void order_actions(ActionList& out) const;
  void attack_targets(int u, ActionList* out, bool* primary, int* n_targets) const;
  bool valid_target_for(int attacker, int target) const;
  void shoot_targets(int u, ActionList& out) const;
  void primary_targets(int attacker, int col, ActionList& out) const;
  void alloc_actions(int u, ActionList& out) const;
  bool marker_source_available(int seat) const;
  // PB Wunden 2, A19: the pool is empty and order markers lie on more than one own unit, so the
  // owner decides which unit gives one up (with option wound_marker=choose).
  bool marker_choice_needed(int seat) const;
  int most_orders_unit(int seat) const;  // E4: most order markers, lowest label on ties
  bool formation_feasible(int seat, int skip_troop, int join_unit, bool new_unit) const;
  bool selection_feasible_with(int seat, int extra_type) const;
  int next_unformed(int seat) const;
  bool combat_contains(int c, int u) const;
  bool has_wounded(int seat) const;
  void resample_picks(int owner, Rng& rng);              // determinize() during selection
  void resample_partial_formation(int owner, Rng& rng);  // determinize() during formation
  int enemy_count_in(int col, int zone, int enemy) const;
};

class PocketGame : public Game {
 public:
  PocketGame(const Army& orcs, const Army& elves, PocketOptions options);

  std::string_view id() const override { return "pocket"; }
  std::string_view scenario() const override { return "orcs-vs-elves"; }
  const Options& options() const override { return option_list_; }
  const std::vector<std::string>& seats() const override { return seats_; }
  Text side_name(int seat) const override {
    return seat == kOrcs ? Text{"Orcs", "Orks"} : Text{"Elves", "Elfen"};
  }
  VerbTable verbs() const override;  // verbs.cc
  std::unique_ptr<State> new_initial_state() const override;
  std::unique_ptr<State> state_from_json(const json& j) const override;
  // pocket-2: the literal readings A2 (shoot_split=ceil) and A19 (wound_marker=choose) became
  // the defaults; logs of pocket-1 play with their old values (module.cc log_options).
  std::string_view rules_version() const override { return "pocket-2"; }

  const PocketOptions& opts() const { return opts_; }
  const Army& army(int seat) const { return armies_[static_cast<size_t>(seat)]; }
  const TypeInfo& type(int seat, int t) const {
    return types_[static_cast<size_t>(seat)][static_cast<size_t>(t)];
  }
  int num_types(int seat) const {
    return static_cast<int>(types_[static_cast<size_t>(seat)].size());
  }
  int markers() const { return opts_.points / 10; }
  // Own segments reachable in up to `steps` steps (bit z*3+col), PB Phase 1 adjacency.
  uint8_t reach(int seg, int steps) const {
    return reach_[static_cast<size_t>(steps - 1)][static_cast<size_t>(seg)];
  }

 private:
  std::array<Army, 2> armies_;
  std::array<std::vector<TypeInfo>, 2> types_;
  PocketOptions opts_;
  Options option_list_;
  std::vector<std::string> seats_{"orcs", "elves"};
  std::array<std::array<uint8_t, 6>, 2> reach_{};
};

// Parses options (name/value pairs as resolved by the registry).
PocketOptions parse_options(const Options& options);

// luck.cc: GameModule::luck, the expected and actual hits of a melee or shooting roll.
std::optional<LuckSample> PocketLuck(const State& before, const Action& chance);
// GameModule::odds (odds.cc): the exact hit distributions of an attack, continued combat, shot,
// intercept or reaction shot in the battle; null for any other action.
json PocketOdds(const State& state, const Action& action);
// P(hits = k), k = 0..rolled x the most dice showing one face, for `rolled` d6 (1 or 2) against
// printed dice of which faces[f] show f (PB Gefecht 2, PB Beschießen 2: each rolled die scores
// one hit per printed die showing its number). Exact: every face enumerated.
std::vector<double> HitDistribution(const std::array<uint8_t, 7>& faces, int rolled);

}  // namespace feldherr::pocket
