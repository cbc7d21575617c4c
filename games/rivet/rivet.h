// Rivet Wars: Eastern Front (docs/rivet.md). Rules: docs/rules/rivet.md, cited "RW §n" (readings
// "R<n>", "E<n>"); designed content: docs/rules/rivet-content.md, cited "content §n".
//
// Implemented: the whole game of RW §4-§13 with the designed content — initiative, the card
// phase with hidden hands and secret missions, resources, deployment (miniature limits, heroes,
// plugs), combat (buffs, target order, attack chart, 5+ hits, ranges with the one-diagonal rule,
// several weapons, every ability of RW §11 incl. Tank Shock and Gas), deviation, movement,
// terrain, wrap-up (SO capture and control), the 24 Action! cards with their windows, the 10
// secret missions, the special rules of missions 1-10 and the end of the game (R15).
#pragma once

#include <array>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/game.h"
#include "engine/per_seat.h"
#include "engine/player.h"
#include "engine/registry.h"
#include "engine/steps.h"
#include "games/rivet/board.h"
#include "games/rivet/data.h"

namespace feldherr::rivet {

// Verbs of Action (games/rivet/text.cc gives their text forms).
enum Verb : uint8_t {
  kInitiative = 0,  // chance: a b = the two initiative dice (allies, bismark) (RW §4.5)
  kDie,             // chance: face of the next attack die (RW §8.1 step 7)
  kDraw,            // chance: the Action! card drawn from the deck (deviation, RW §8.4)
  kDeploy,          // type seg mask (RW §7.1)
  kPlug,            // plug-type unit (RW §7.2)
  kEnd,             // end the current phase (deployment, combat, movement)
  kActivate,        // seg: activate an own segment (RW §8.1 step 1, §9 step 1)
  kAttack,          // unit weapon seg (RW §8.1 step 4)
  kSnipe,           // unit weapon target-unit (Sniper ignores the target order, RW §11)
  kRush,            // unit dir mask: a Rapid Assault step before attacking (RW §11)
  kDash,            // unit dir mask: a Dash step, the unit's [Action] (RW §11)
  kStep,            // unit dir mask: one movement step (RW §9)
  kPlace,           // unit mask: rearrange a unit on the fields of its segment (RW §9)
  kRetreat,         // unit dir mask: the defender moves a Tank Shock survivor (RW §11)
  kDiscard,         // card: discard 1 Action! card in the card phase (RW §5.1.1)
  kDrawSecret,      // chance: the secret mission drawn (RW §5.1.3)
  kParadrop,        // seg: mission 9, the segment the paradrop aims at (RW §12, R11)
  kPlay,            // card a b: play an Action! card in its window (content §6)
  kNumVerbs
};

enum class Phase : uint8_t {
  kInitiative,  // chance rolls the initiative dice
  kDeployment,
  kCombat,
  kMovement,
  kCards,     // RW §5.1 card phase (first phase of a turn)
  kStartGas,  // start of a turn: gas clouds drift and attack (RW §11 Gas) before the card phase
  kWrapUp,    // wrap-up, before the VP check: window W7 for Action! cards (content §6.2)
  kOver,
};

// The procedure step due now (RivetState::step(), games/rivet/steps.cc). The phase (Phase) says
// where the turn stands; the step says which decision is owed within it: an attack in progress,
// a gas cloud's drift, the paradrop or a Tank Shock retreat come before the phase's own decision.
enum class RivetStep : uint8_t {
  kOver,           // the game is over (RW §13)
  kInitiative,     // chance: the two initiative dice (RW §4.5 R1)
  kReaction,       // the pending attack's Action! card window (content §6.2 W4, W8, W9)
  kGasDrift,       // chance: the drift card of a gas cloud (RW §11 Gas, R6)
  kDeviationDraw,  // chance: the deviation card of the pending attack (RW §8.4)
  kAttackRoll,     // chance: the next die of the pending attack (RW §8.1 step 7)
  kParadropAim,    // allies: the segment the paradrop aims at (RW §12 mission 9, R11)
  kParadropDraw,   // chance: the card a paratrooper lands by (RW §12 mission 9, R11)
  kRetreat,        // the defender moves a Tank Shock survivor out (RW §11)
  kCardDraw,       // chance: the Action! card drawn in the card phase (RW §5.1 step 2)
  kSecretDraw,     // chance: a secret mission drawn (RW §5.1 step 3; content AC-24)
  kCards,          // the active player discards (RW §5.1 step 1) or plays in W1 (content §6.2)
  kDeployment,     // the active player deploys (RW §7)
  kCombat,         // the active player's combat phase (RW §8.1)
  kMovement,       // the active player's movement phase (RW §9)
  kWrapUp,         // the active player may play a card before the VP check (content §6.2 W7)
  kNumSteps
};
// Who decides a step (the step table, games/rivet/steps.cc).
enum class RivetStepSeat : uint8_t {
  kNobody,        // nobody: the game is over
  kChance,        // Chance, by the step's dice or cards
  kActive,        // the player whose turn it is
  kOther,         // the other player than the active one
  kReaction,      // the player the open window belongs to (RivetState::reaction_seat)
  kAlliedPlayer,  // the Allied player, whoever is active
};
// What Chance does at a chance step.
enum class RivetStepDice : uint8_t {
  kNone,           // a player's step
  kInitiative,     // 2d6: one initiative die per player (`initiative a b`, RW §4.5)
  kActionCard,     // the top card of the Action! deck (`draw <card>`)
  kSecretMission,  // a secret mission from its deck (`draw-secret <mission>`, RW §5.1)
  kAttackDie,      // one attack die (`die <face>`, RW §8.1 step 7)
};
using RivetStepRow = StepRow<RivetStepSeat, RivetStepDice>;
const RivetStepRow& step_row(RivetStep step);

// What keeps a unit out of a segment (RW §3, §10); kNone: nothing.
enum class EntryBlock : uint8_t { kNone, kEnemy, kObjective, kBunker, kTankTrap, kWire };

struct Unit {
  int id = 0;  // stable, "u<id>"
  int type = 0;
  int plug = -1;  // plug type in its socket, or -1 (RW §7.2)
  int owner = kAllies;
  int seg = 0;
  int fields = 0;  // bit mask of the fields it stands on (bit f = field f, content C5)
  int damage = 0;
  // Combat phase (RW §8.1): 0 not yet activated, 1 active, 2 done.
  int combat = 0;
  bool attacked = false;       // has attacked in this activation (no more Rapid Assault steps)
  bool dashed = false;         // used Dash, its [Action] (no attack)
  bool rapid_used = false;     // moved by Rapid Assault: may not move this turn (RW §9)
  std::array<int, 4> shots{};  // attacks made per weapon in this activation
  int rush_left = 0;           // Rapid Assault points left in this activation
  int dash_left = 0;           // Dash points left in this activation
  bool rush_diag = false;      // the one diagonal used by these steps
  // Buffs of the activated segment, kept for the whole activation (RW §5 Buffs).
  int buff_range = 0;
  int buff_rapid = 0;
  // Movement phase (RW §9): 0 not yet, 1 active, 2 done.
  int move = 0;
  int mp_left = 0;
  bool diag_used = false;
  bool placed = false;  // rearranged once this turn (kPlace)
  // Granted by Action! cards for the current activation (content §6.4).
  int card_precision = 0;    // AC-02
  int card_assault = 0;      // AC-06
  bool card_sniper = false;  // AC-05
  int card_extra = -1;       // AC-04: the weapon with 1 attack more
  bool bogged = false;       // AC-11: may not move during its owner's next turn

  static constexpr bool kFieldsAsArray = true;  // engine/fields.h
  // clang-format off
  template <class S, class V>
  static void field_list(S& s, V& v) {
    v("id", s.id)("type", s.type)("plug", s.plug)("owner", s.owner)("seg", s.seg)
     ("fields", s.fields)("damage", s.damage)("combat", s.combat)("attacked", s.attacked)
     ("dashed", s.dashed)("rapid_used", s.rapid_used)("shots", s.shots)("rush_left", s.rush_left)
     ("dash_left", s.dash_left)("rush_diag", s.rush_diag)("buff_range", s.buff_range)
     ("buff_rapid", s.buff_rapid)("move", s.move)("mp_left", s.mp_left)("diag_used", s.diag_used)
     ("placed", s.placed)("card_precision", s.card_precision)("card_assault", s.card_assault)
     ("card_sniper", s.card_sniper)("card_extra", s.card_extra)("bogged", s.bogged);
  }
  // clang-format on
};

// An attack in progress: the queue of units to resolve, die by die (RW §8.1 steps 4-8).
struct Pending {
  bool active = false;
  int source = 0;         // 0 weapon, 1 minefield (RW §10), 2 Tank Shock (RW §11)
  int attacker = -1;      // unit id (weapon attacks)
  int faction = kAllies;  // faction making the attack (-1 none, minefield)
  std::array<int, 5> chart{};
  int precision = 0;
  int assault = 0;
  int flat_dice = 0;         // minefield: fixed dice
  bool chain = false;        // Chain Grid (RW §11)
  bool deviate = false;      // a deviation card must be drawn first (RW §8.4)
  bool sniper = false;       // the target unit is fixed
  bool flat = false;         // Flat Grid: every unit in the segment (RW §11, R8)
  bool gas = false;          // Gas weapon: leaves a cloud where it lands (RW §11)
  int gas_seg = -1;          // segment the gas attack landed in (-1: none)
  int owner = -1;            // gas-cloud attacks: the gassing player (loot, RW §8.3)
  int seg = 0;               // target segment (after deviation)
  std::vector<int> queue;    // unit ids still to resolve, in target order
  int dice = 0;              // dice of the current resolution
  std::vector<int> rolled;   // faces rolled so far in the current resolution
  std::vector<int> damaged;  // enemy units damaged by this attack (content SM-10)
  int window = 0;            // 4, 8 or 9: an Action! card window is open (content §6.2)
  bool rerolled = false;     // AC-07 used on this roll
  bool take_cover = false;   // AC-18 played on this resolution
  int resume = 0;            // phase to return to (kCombat / kMovement)

  static constexpr bool kFieldsAsArray = true;  // engine/fields.h
  // clang-format off
  template <class S, class V>
  static void field_list(S& s, V& v) {
    v("active", s.active)("source", s.source)("attacker", s.attacker)("faction", s.faction)
     ("chart", s.chart)("precision", s.precision)("assault", s.assault)
     ("flat_dice", s.flat_dice)("chain", s.chain)("deviate", s.deviate)("sniper", s.sniper)
     ("flat", s.flat)("seg", s.seg)("queue", s.queue)("dice", s.dice)("rolled", s.rolled)
     ("resume", s.resume)("damaged", s.damaged)("gas", s.gas)("gas_seg", s.gas_seg)
     ("owner", s.owner)("window", s.window)("rerolled", s.rerolled)("take_cover", s.take_cover);
  }
  // clang-format on
};

class RivetGame;

class RivetState : public State {
 public:
  explicit RivetState(const RivetGame& game);

  const Game& game() const override;
  const RivetGame& rgame() const { return *game_; }
  // The procedure step due now, derived from the phase and the records of what is in progress
  // (games/rivet/steps.cc); current_seat, decision, legal_actions and chance_outcomes read it.
  RivetStep step() const;
  int current_seat() const override;
  Decision decision() const override;
  Decision decision_for(int viewer) const override;
  bool reveals_information(const Action& action) const override;
  void legal_actions(ActionList& out) const override;
  std::vector<ChanceOutcome> chance_outcomes() const override;
  void apply(const Action& action, EventList* events = nullptr) override;
  std::string why_illegal(const Action& action) const override {
    return why_illegal_text(action).en;
  }
  Text why_illegal_text(const Action& action) const override;
  bool is_terminal() const override { return phase == Phase::kOver; }
  Result result() const override;
  std::unique_ptr<State> clone() const override { return std::make_unique<RivetState>(*this); }
  std::string describe(const Action& action) const override;
  bool parse_text(std::string_view text, Action& out, Text& error) const override;
  json observe(int seat) const override;
  std::unique_ptr<State> determinize(int seat, Rng& rng) const override;
  json to_json() const override;
  uint64_t hash() const override;
  std::string render_text(int seat) const override;
  std::string render_text_in(int seat, Lang lang) const override;
  int move_number() const override { return moves; }
  Text annotate(const Action& action) const override;
  std::string describe_for(const Action& action, int viewer) const override;
  // verbs.cc: where a step ends, a card's arguments by kind, units and cards by name.
  ActionInfo action_info(const Action& action, int viewer) const override;
  std::string arg_name(ArgKind kind, std::string_view word, Lang lang) const override;

  void from_json(const json& j);  // text.cc
  // Every field of the state, once, for to_json, from_json and hash (engine/fields.h; text.cc).
  template <class S, class V>
  static void field_list(S& s, V& v);
  std::string invariant_violation() const;  // "" when the invariants hold

  // ---- queries used by rules, heuristic and tests
  const UnitType& type_of(const Unit& u) const;
  const Unit* unit(int id) const;
  Unit* unit_mut(int id);
  int max_hp(const Unit& u) const;
  int loot(const Unit& u) const;
  bool is_infantry(const Unit& u) const;
  int ability(const Unit& u, AbilityKind k) const;          // own + plug, -1 if absent
  const std::vector<Weapon>& weapons(const Unit& u) const;  // host's, then plug's (D-6)
  int seg_owner(int seg) const;                             // faction with units there, or -1
  // seg_owner of every segment, from one pass over the units (the legal-action generators).
  std::array<int8_t, kMaxSegments> segment_holders() const;
  int used_fields(int seg) const;                // mask of occupied fields
  std::vector<int> units_in(int seg) const;      // unit ids, in id order
  std::vector<int> target_order(int seg) const;  // unit ids by the owner's grid target order
  bool terrain_in(int seg, Terrain t) const;
  int terrain_field(int seg, Terrain t) const;  // field of the piece, -1 if none
  int range_to(int from, int to) const;         // RW §8.2 R3
  int dice_against(const Unit& target, int chart_value, int assault, int extra_bolster = 0) const;
  std::string seg_name(int s) const { return board().seg_name(s); }
  const Board& board() const;
  const Mission& mission() const;
  // Why a unit of `type` and `owner` may not enter `seg` now (movement or deployment), empty if
  // it may (RW §9, §10).
  Text entry_block_type(int type, int owner, int seg) const;
  // The same rules without the text, for the legal actions (which only ask whether).
  EntryBlock entry_block_kind(int type, int owner, int seg) const;
  EntryBlock terrain_block(int type, int seg) const;  // RW §10 entry restrictions only
  Text entry_block_text(EntryBlock block, int seg) const;
  // Tank Shock (RW §11): `u` may enter `seg` held only by enemy infantry.
  bool can_shock(const Unit& u, int seg) const;
  // Segments and placements a Tank Shock survivor may retreat to (RW §11).
  std::vector<std::pair<int, int>> retreat_options(const Unit& u) const;
  // DP a deployment of `type` may use now (with mission 8's infantry DP), and whether it is free.
  int usable_dp(int type) const;
  bool deploys_free(int type) const;
  bool immune_to_gas(const Unit& u) const;  // RW §11: own or Buff in its segment
  Text why_illegal_impl(const Action& a) const;
  // How the game ended (RW §13) and the sentence that says so, in English and German.
  enum class Ending : uint8_t { kThreshold, kBothOver, kAfterTie, kRoundLimit };
  Text ending_text(Ending kind, int winner) const;
  std::string ending_record(Ending kind, int winner) const;
  // Action! cards (games/rivet/cards.cc).
  void card_plays(ActionList& out) const;
  Text card_why(const Action& a) const;
  bool deploy_segment(int seg) const;               // an own deployment segment now (AC-22)
  int attacks_of(const Unit& u, int weapon) const;  // with AC-04
  bool is_sniper(const Unit& u) const;              // with AC-05
  std::string describe_play(const Action& a) const;
  bool parse_play(const std::vector<std::string>& w, Action& out, Text& error) const;  // cards.cc

  // ---- state (every field is in to_json, hash, clone)
  int active = kAllies;  // whose turn it is
  int first = kAllies;   // first player of the current round (RW §4.5 R1)
  int round = 1;
  int turn_in_round = 0;  // 0 first player's turn, 1 second's
  Phase phase = Phase::kInitiative;
  PerSeat<int> dp{};
  PerSeat<int> rivets{};
  PerSeat<int> vp{};
  std::vector<Unit> units;
  int next_id = 1;
  std::vector<TerrainPiece> terrain;  // pieces still on the map
  std::vector<int> flags;             // per SO piece index in `so_fields`: faction or -1
  std::vector<int> so_segs;           // segment of each SO (fixed, from the mission)
  std::vector<int> so_field;          // field of each SO
  std::vector<uint8_t> hero_used;     // per unit type: 1 once a hero was deployed (RW §7.3)
  std::vector<int> deck;              // Action! cards in the draw pile (a set, sorted; E6)
  std::vector<int> discard;           // Action! discard pile (public)
  // Card phase (RW §5.1): hands are hidden from the opponent (observe, determinize).
  PerSeat<std::vector<int>> hands;    // Action! cards (indices into data.actions)
  PerSeat<std::vector<int>> secrets;  // secret missions (indices into data.secrets)
  std::vector<int> sm_deck;           // secret missions not drawn (a set, sorted)
  std::vector<int> sm_discard;        // fulfilled secret missions (public)
  int card_step = 0;                  // 0 discard, 1 Action! draw, 2 secret draws
  int secret_draws = 0;               // secret missions drawn in this card phase
  // What happened during the active player's turn (content §7.1, secret missions).
  struct TurnStats {
    int destroyed = 0, heroes = 0, non_infantry = 0, flags_removed = 0, classes = 0, multi = 0;
    static constexpr bool kFieldsAsArray = true;
    template <class S, class V>
    static void field_list(S& s, V& v) {
      v("destroyed", s.destroyed)("heroes", s.heroes)("non_infantry", s.non_infantry);
      v("flags_removed", s.flags_removed)("classes", s.classes)("multi", s.multi);
    }
  } stats;
  // Mission rules (RW §12): mission 8's infantry DP, mission 10's escalation.
  PerSeat<int> inf_dp{};      // DP usable only for non-hero infantry (mission 8)
  PerSeat<int> free_units{};  // free Riflemen / Panzerfaust this turn (mission 10, R12)
  PerSeat<int> esc_vp{};      // VP totals at the end of the last round (mission 10)
  int activated_seg = -1;     // segment of the current activation
  // Tank Shock in progress (RW §11): the tank, the segment it enters and its placement, and the
  // surviving defenders still to be moved out by their owner.
  int shock_unit = -1;
  int shock_seg = -1;
  int shock_mask = 0;
  std::vector<int> retreat;
  // Gas clouds (RW §11 Gas, R6, R7, content D-9) and the gas attacks waiting to be resolved.
  struct GasCloud {
    int seg = 0;
    int owner = kAllies;
    int created = 0;  // round of its creation
    std::array<int, 5> chart{};
    static constexpr bool kFieldsAsArray = true;
    template <class S, class V>
    static void field_list(S& s, V& v) {
      v("seg", s.seg)("owner", s.owner)("created", s.created)("chart", s.chart);
    }
  };
  std::vector<GasCloud> clouds;
  struct GasJob {
    int cloud = -1;  // drift job: index of the cloud (unit list empty)
    int seg = 0;     // attack job: the segment, the chart and the units
    int owner = kAllies;
    std::array<int, 5> chart{};
    std::vector<int> units;
    static constexpr bool kFieldsAsArray = true;
    template <class S, class V>
    static void field_list(S& s, V& v) {
      v("cloud", s.cloud)("seg", s.seg)("owner", s.owner)("chart", s.chart)("units", s.units);
    }
  };
  std::vector<GasJob> gas_jobs;
  int gas_drift = -1;  // cloud waiting for its drift card (chance)
  // Mission 9 paradrop (RW §12, R11): Riflemen still to land and the segment the next one
  // deviates from (-1: the Allied player still chooses the segment).
  int para_left = 0;
  int para_origin = -1;
  int para_aim = -1;  // the chosen segment
  // Action! card windows (content §6.2): the current window is open (nothing acted yet since
  // the activation) and whether a card was played in it; AC-22 for this deployment phase.
  bool window_open = false;
  bool window_used = false;
  bool forward_depot = false;
  bool w5_used = false;                    // a W5 card was played since the last activation
  std::vector<std::pair<int, int>> smoke;  // AC-10: (segment, player who smoked it)
  bool para_done = false;                  // this turn's paradrop has happened
  Pending pending;
  bool threshold_reached = false;  // someone met the victory conditions this round
  bool tie_continuation = false;   // R15: equal VP above the thresholds, play on
  int winner = -1;                 // kAllies / kBismark, 2 = draw
  std::string end_reason;          // the ending's record (ending_record), the texts come from it
  int moves = 0;

 private:
  friend class RivetGame;
  const RivetGame* game_;
  // rules.cc
  void deployment_actions(ActionList& out) const;  // RW §7
  void combat_actions(ActionList& out) const;      // RW §8.1, §11
  void movement_actions(ActionList& out) const;    // RW §9
  // Steps of `u` out of its segment with `verb` (kStep, kRush, kDash; RW §9, §11 Tank Shock).
  void unit_steps(const Unit& u, int verb, bool diag_used, ActionList& out) const;
  void apply_impl(const Action& a, EventList* ev);
  void start_turn(EventList* ev);
  void end_turn(EventList* ev);
  void begin_attack(Unit& u, int weapon, int seg, int sniper_target, EventList* ev);
  void begin_minefield(Unit& u, EventList* ev);
  void begin_tank_shock(Unit& u, int seg, int mask, EventList* ev);
  void setup_retreat(EventList* ev);
  void advance_cards(EventList* ev);
  void apply_card(const Action& a, EventList* ev);
  void finish_roll(EventList* ev);
  void resolve_hit(bool hit, EventList* ev);
  int reaction_seat() const;  // the seat deciding in the open window of the pending attack
  bool holds(int faction, const char* card_id) const;
  // True when, for all the opponent and observers can tell, `faction` might hold the card: its
  // hand is not empty and the card is in no discard pile. A reaction window opens on this, not
  // on holds(), so that its opening shows nobody what the hand holds (content §6.2 W4, W8, W9).
  bool may_hold(int faction, const char* card_id) const;
  bool has_w1_play() const;
  bool has_w7_play() const;
  void score_secrets(EventList* ev);
  int secret_metric(SecretMetric m) const;
  void finish_shock(EventList* ev);
  void run_gas(EventList* ev);
  void gas_attack_job(int seg, int owner, const std::array<int, 5>& chart, std::vector<int> ids,
                      bool front);
  void advance_pending(EventList* ev);
  void resolve_current(EventList* ev);
  void damage_unit(int id, int by_faction, EventList* ev);
  void activate_segment(int seg, EventList* ev);
  void close_activation();
  void enter_segment(Unit& u, int seg, int mask, EventList* ev);
  void finish_if_pending_done();
  void draw_card_to_discard(int card);
  Masks masks_for(const Unit& u, int seg, int exclude_self_id) const;
};

// How often the initiative is rolled (RW §4.5, R1): at the start of every round (the literal
// reading of "Zu Beginn eines Zuges", the default) or once, at the start of the game.
enum class InitiativeRule : uint8_t { kEveryRound, kOncePerGame };

struct RivetOptions {
  InitiativeRule initiative = InitiativeRule::kEveryRound;  // option `initiative=round|game`
  // Option `max_rounds`: after this many rounds the side with more VP wins, equal VP is a draw.
  // No rule of the game; 0 (`none`, the default) plays until the victory conditions of RW §13.
  int max_rounds = 0;
  // A game from before these options (option round_limit, docs/rivet.md "Options"): the W1
  // window paused only for a player who held a W1 card, as those logs were played.
  bool legacy_w1 = false;
};

class RivetGame : public Game {
 public:
  RivetGame(const RivetData& data, int mission_id, RivetOptions options);
  std::string_view id() const override { return "rivet"; }
  std::string_view scenario() const override { return scenario_; }
  const Options& options() const override { return options_; }
  const std::vector<std::string>& seats() const override { return seats_; }
  Text side_name(int seat) const override {
    return seat == kAllies ? Text{"Allies", "Alliierte"} : Text{"Bismark", "Bismark"};
  }
  VerbTable verbs() const override;  // verbs.cc
  std::unique_ptr<State> new_initial_state() const override;
  std::unique_ptr<State> state_from_json(const json& j) const override;
  std::string_view rules_version() const override { return "rivet-0.2"; }

  const RivetData& data() const { return *data_; }
  const Mission& mission() const { return *mission_; }
  const Board& board() const { return board_; }
  const RivetOptions& opts() const { return opts_; }
  // The weapons of a unit of `type` with a plug of type `plug` (-1: none), the host's first
  // (content D-6): built once per game (perf: the rules and the heuristic ask it per unit).
  const std::vector<Weapon>& weapons_of(int type, int plug) const {
    return weapons_[static_cast<size_t>(type) * (data_->units.size() + 1) +
                    static_cast<size_t>(plug + 1)];
  }

 private:
  const RivetData* data_;
  const Mission* mission_;
  Board board_;
  std::vector<std::vector<Weapon>> weapons_;  // weapons_of, per type and plug + 1
  RivetOptions opts_;
  std::string scenario_;
  Options options_;
  std::vector<std::string> seats_{"allies", "bismark"};
};

// The state's queries the rules and the heuristic ask most often, inline (perf).
inline const Board& RivetState::board() const {
  return game_->board();
}
inline const UnitType& RivetState::type_of(const Unit& u) const {
  return game_->data().units[static_cast<size_t>(u.type)];
}
inline bool RivetState::is_infantry(const Unit& u) const {
  return type_of(u).cls == UnitClass::kInfantry;
}
inline int RivetState::range_to(int from, int to) const {
  return board().distance(from, to);
}

// Field masks of a base (content C5): 1 field any, 2 fields as an orthogonal pair, 4 all.
Masks base_masks(int base_fields);
std::string mask_name(int mask);         // "NW", "N" (NW+NE), "S", "W", "E", "all"
int mask_from_name(std::string_view s);  // -1 if unknown
// The kinds of a card's `play` arguments (cards.cc): u unit, w weapon, s segment, m field
// placement, t terrain, S secret mission; "" when it takes none.
std::string play_schema(const std::string& card_id);

GameModule rivet_module();

// The heuristic player (games/rivet/heuristic.cc).
std::unique_ptr<Player> make_rivet_heuristic(int seat, uint64_t seed);
// Static evaluation for MCTS in [-1, 1] (games/rivet/heuristic.cc).
double rivet_evaluate(const State& state, int seat);
// The static board for the web UI (games/rivet/web_board.cc, GameModule::board).
json rivet_board_json(const Game& game);
// The odds of an action that starts an attack: every die and deviation card enumerated, grouped
// by the damage each unit takes (games/rivet/odds.cc); null for any other action.
json rivet_odds(const State& state, const Action& action);
// GameModule::luck (luck.cc, `feldherr replay --luck`): each attack roll against one unit.
std::optional<LuckSample> rivet_luck(const State& before, const Action& chance);

}  // namespace feldherr::rivet
