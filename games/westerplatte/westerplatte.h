// 7 Tage der Westerplatte (7 Days of Westerplatte): cooperative defence of the Westerplatte for
// 1-4 players against a card-driven German attack. Rules: docs/rules/westerplatte.md, cited
// "WP <section>" (WP 7.3 = its section 7.3, W<n> = its readings). Stand-in content:
// docs/rules/westerplatte-content.md ("content <section>"), loaded from data/westerplatte/*.toml.
//
// The Germans are not a seat: every attack card and event card is a Chance decision. The undrawn
// deck is kept as the *set* of cards left in each phase part (phase-1 cards above phase-2 cards)
// plus the known queue of cards sent under the deck, so the state holds no hidden order at all:
// each draw is a uniform chance outcome among the cards that can be on top. This is the same
// distribution as a shuffled deck, observe() reveals nothing that the players do not know, and
// determinize() is a clone (the "reshuffle" of the undrawn cards happens at every draw).
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "engine/game.h"

namespace feldherr::westerplatte {

constexpr int kLanes = 5;       // A-E (WP 2)
constexpr int kFdfs = 5;        // forward defence fields A-E
constexpr int kTiles = 6;       // action-tile spaces T1-T6
constexpr int kFields = 11;     // 0-4 = A-E, 5-10 = T1-T6
constexpr int kMaxPlayers = 4;  // WP 1
constexpr int kMaxOfficers = 4;
constexpr int kDays = 7;

enum class CardKind : uint8_t { kMg, kHowitzer, kAirRaid, kMoraleLoss };
enum class TileKind : uint8_t { kMorale, kMortar, kMines, kRebuild, kAmmo, kPushBack };
constexpr int kNumTileKinds = 6;
enum class EventKind : uint8_t {
  kRaiseMorale,
  kExtraStock,
  kWallReinforcement,
  kExtraAmmo,
  kBattleship,
  kBurnedPassage,
  kGermanAttack
};
enum class Level : uint8_t { kEasy, kMedium, kHard };

struct AttackCard {
  std::string id;  // "P1-13"
  int phase = 1;
  CardKind kind = CardKind::kMg;
  int lane = -1;  // troops: 0-4
  int endurance = 0;
  int speed = 0;  // MG 1|3; howitzer 0 (never moves)
  int power = 0;
  std::array<int, 2> advance{0, 0};  // lanes that advance (WP 7.5)
  int target = -1;                   // air raid: field 0-10
  std::string provenance;
  bool troop() const { return kind == CardKind::kMg || kind == CardKind::kHowitzer; }
};

struct EventCard {
  std::string id;  // "EN3"
  bool positive = true;
  EventKind kind = EventKind::kRaiseMorale;
  int amount = 0;      // steps, stock amount, bricks, ammo, bricks per field, advance
  int max_fields = 0;  // wall reinforcement
  TileKind tile = TileKind::kMortar;  // extra stock
  std::vector<int> targets;           // fields (battleship) or lanes (german attack)
  int passage = -1;                   // burned passage index
  std::string provenance;
};

struct Data {
  int max_bricks = 6, bricks_at_setup = 6, lane_spaces = 4, days = 7, cards_per_day = 8;
  std::array<std::array<int, 2>, kFdfs> overflow{};  // field ids (5-10)
  std::vector<std::array<int, 2>> passages;
  // The provenance of the overflow pairs (the least trusted [[field]] record) and of the paths.
  std::string overflow_provenance = "stand-in", paths_provenance = "stand-in";
  int bricks = 74, ammo = 16, shells = 4, mines = 4;
  int extra_move = 5, restricted = 4, extra_action = 4, start_ammo = 2;
  std::array<std::array<int, 2>, kNumTileKinds> tile_value{};  // [kind][0 green, 1 red]
  std::array<std::vector<int>, 2> morale_track;  // [green, red]: level codes, see kMorale*
  struct LevelSpec {
    int side = 0;  // 0 green, 1 red
    int positive = 6, negative = 0;
  };
  std::array<LevelSpec, 3> levels{};
  std::vector<AttackCard> cards;
  std::vector<EventCard> events;

  std::array<std::vector<int>, kFields> neighbours;  // derived
  int passage_index(int a, int b) const;             // -1 if none
};

// Morale level codes on a track.
constexpr int kMoraleEmpty = 0, kMoraleStart = 1;
constexpr int kMoraleL1 = 2, kMoraleL2 = 3, kMoraleL3 = 4;
constexpr int kMoraleH1 = 5, kMoraleH2 = 6, kMoraleH3 = 7;

// Loads and validates data/westerplatte (throws DataError "FILE:LINE: message").
Data load_data(const std::string& dir);
const Data& shipped_data();
void validate_data_file(const std::string& path);

std::string field_name(int field);  // "A".."E", "T1".."T6"
int field_from_name(std::string_view s);
std::string lane_name(int lane);
const char* tile_name(TileKind t);
const char* level_name(Level l);
// The names a player reads, in English and German (the German rulebook's words: "Mörser",
// "Wiederaufbau der Mauer"; "Mäßig schwierig").
Text tile_title(TileKind t);
Text level_title(Level l);

struct Rules {
  // W10: the solo player plays one turn per round with both officers (default). No alternative
  // is offered here; the seat-per-officer reading is the 2-player game.
  Level level = Level::kMedium;
  int players = 1;
};

class WpGame : public Game {
 public:
  WpGame(std::shared_ptr<const Data> data, Rules rules, std::string scenario, Options options);
  std::string_view id() const override { return "westerplatte"; }
  std::string_view scenario() const override { return scenario_; }
  const Options& options() const override { return options_; }
  const std::vector<std::string>& seats() const override { return seats_; }
  Text side_name(int seat) const override {  // the defenders, one a seat
    return {"Defender " + std::to_string(seat + 1), "Verteidiger " + std::to_string(seat + 1)};
  }
  VerbTable verbs() const override;  // verbs.cc
  std::unique_ptr<State> new_initial_state() const override;
  std::unique_ptr<State> state_from_json(const json& j) const override;
  std::string_view rules_version() const override { return "westerplatte-1"; }

  const Data& data() const { return *data_; }
  const Rules& rules() const { return rules_; }
  int side() const { return data_->levels[static_cast<int>(rules_.level)].side; }
  int tile_value(TileKind t) const {
    return data_->tile_value[static_cast<size_t>(t)][static_cast<size_t>(side())];
  }
  const std::vector<int>& track() const { return data_->morale_track[static_cast<size_t>(side())]; }
  int num_officers() const { return rules_.players == 1 ? 2 : rules_.players; }
  int owner(int officer) const { return rules_.players == 1 ? 0 : officer; }

 private:
  std::shared_ptr<const Data> data_;
  Rules rules_;
  std::string scenario_;
  Options options_;
  std::vector<std::string> seats_;
};

// Verbs.
enum Verb : uint8_t {
  kVMove = 1,   // officer, field
  kVFire,       // lane, officer mask (WP 7.1 attack from an FDF)
  kVMorale,     // tile action A
  kVMortar,     // lane
  kVMine,       // lane
  kVRebuild,    // field
  kVAmmo,       // tile action E
  kVPush,       // lane mask
  kVEnd,        // end phase 1
  kVOverflow,   // tile field (WP 7.3)
  kVStock,      // tile kind (H1 / L1 choice)
  kVGive,       // player (distribution remainder)
  kVReinforce,  // field (wall reinforcement event)
  kVTile,       // chance: slot, tile kind (setup step 3)
  kVDraw,       // chance: attack card
  kVEvent,      // chance: event card
  kVPlace,      // officer, field (setup step 9)
};

// A pending step of the rules procedure (the state's task stack).
struct Task {
  uint8_t type = 0;
  int8_t a = 0, b = 0, c = 0;
  friend bool operator==(const Task&, const Task&) = default;
  static constexpr bool kFieldsAsArray = true;  // engine/fields.h: [type, a, b, c]
  template <class S, class V>
  static void field_list(S& s, V& v) {
    v("type", s.type)("a", s.a)("b", s.b)("c", s.c);
  }
};

class WpState : public State {
 public:
  explicit WpState(const WpGame& game);

  const Game& game() const override { return *game_; }
  const WpGame& wp() const { return *game_; }
  int current_seat() const override;
  Decision decision() const override;
  void legal_actions(ActionList& out) const override;
  using State::legal_actions;
  std::vector<ChanceOutcome> chance_outcomes() const override;
  Action sample_chance(Rng& rng) const override;
  void apply(const Action& action, EventList* events = nullptr) override;
  std::string why_illegal(const Action& action) const override {
    return why_illegal_text(action).en;
  }
  Text why_illegal_text(const Action& action) const override;
  bool is_terminal() const override { return outcome_ != 0; }
  Result result() const override;
  std::unique_ptr<State> clone() const override { return std::make_unique<WpState>(*this); }
  std::string describe(const Action& action) const override;
  bool parse_text(std::string_view text, Action& out, Text& error) const override;
  bool reveals_information(const Action& action) const override;
  json observe(int seat) const override;
  std::unique_ptr<State> determinize(int seat, Rng& rng) const override;
  json to_json() const override;
  uint64_t hash() const override;
  std::string render_text(int seat) const override { return render_text_in(seat, Lang::kEn); }
  std::string render_text_in(int seat, Lang lang) const override;
  std::string arg_name(ArgKind kind, std::string_view word, Lang lang) const override;
  int move_number() const override { return moves_; }

  void from_json(const json& j);
  std::string invariant_violation() const;
  // Every field of the position, once, for to_json, from_json and hash (engine/fields.h).
  template <class S, class V>
  static void field_list(S& s, V& v);

  // ---- the position (public for tests, the heuristic and the evaluation) ----
  const WpGame* game_;
  int moves_ = 0;
  int8_t outcome_ = 0;  // 0 running, +1 defenders win, -1 defenders lose
  int8_t player_ = 0;   // active player
  int8_t day_ = 1;
  std::array<int8_t, kFields> bricks_{};
  std::array<int8_t, kTiles> tile_at_{};         // tile kind on T1..T6, -1 before setup
  int8_t shells_ = 0, mines_ = 0, rebuild_ = 0;  // stock on the tiles
  int8_t surplus_ = 0;                           // WP 7.2 D surplus pile
  int8_t supply_ammo_ = 0;
  std::array<int8_t, kMaxPlayers> ammo_{};
  std::array<int8_t, kMaxOfficers> officer_at_{};
  int8_t morale_ = 0;  // index on the level's track
  std::array<int8_t, kMaxPlayers> extra_move_{}, restricted_{}, extra_action_{};
  int8_t burned_ = -1;  // passage index or -1
  // Lanes (WP 2): card on each lane (-1 none), its space 0-3 (I-IV), its damage; mines.
  std::array<int8_t, kLanes> lane_card_{}, lane_space_{}, lane_damage_{};
  std::array<int8_t, kLanes> mine_{};
  // Cards: where each attack card is: kInDeck, kUnder, kOnLane, or the day pile 1..8.
  std::vector<int8_t> card_loc_;
  std::vector<int8_t> under_;           // cards sent under the deck, top first (WP 7.4)
  std::array<int8_t, 9> pile_{};        // cards on day piles 1..8 (8 = beyond day 7)
  std::vector<int8_t> event_used_;      // per event card: 0 in the pool, 1 resolved
  int8_t pos_left_ = 0, neg_left_ = 0;  // events of each sign still to come (WP 3)
  // The current turn (WP 7.1).
  std::array<int8_t, 2> moved_{};  // moves of the active player's officers (solo: 2 officers)
  int8_t actions_ = 0;
  int8_t restricted_now_ = 0;  // a restricted-move marker is used this turn
  int8_t extra_move_now_ = 0, extra_action_now_ = 0;
  // Distribution in progress (WP 8): received this round per player.
  std::array<int8_t, kMaxPlayers> given_{};
  int8_t reinforce_fields_ = 0;  // fields used by the wall reinforcement in progress
  std::array<int8_t, kFields> reinforced_{};
  std::vector<Task> tasks_;  // the procedure stack; back() runs next

  static constexpr int8_t kInDeck = 0, kUnder = 20, kOnLane = 30;

  // Helpers used by rules, heuristic and tests.
  int tiles_destroyed() const;
  int field_of_tile(TileKind k) const;  // field id of the tile space holding that tile
  bool officer_of_active(int officer) const { return wp().owner(officer) == player_; }
  const AttackCard& card(int i) const { return wp().data().cards[static_cast<size_t>(i)]; }
  int level_code() const { return wp().track()[static_cast<size_t>(morale_)]; }
  int start_index() const;
  int deck_size() const;
  int discarded() const;
  // Test hooks: put a card on a lane / run the procedure until a decision.
  void place_for_test(int lane, int card, int space, int damage = 0);
  void run();  // processes tasks until a decision is owed or the game ends

 private:
  void push(uint8_t type, int a = 0, int b = 0, int c = 0) {
    tasks_.push_back(
        Task{type, static_cast<int8_t>(a), static_cast<int8_t>(b), static_cast<int8_t>(c)});
  }
  void log(EventList* ev, const char* rule, Text text, int seat = kNobody) const;
  void discard(int card, EventList* ev);
  void damage_troop(int lane, int dmg, EventList* ev, const char* rule);
  void remove_brick(int field, EventList* ev, const char* rule);
  void morale_change(int delta, EventList* ev, const char* rule);
  void morale_raise(EventList* ev, const char* rule);
  void check_loss(EventList* ev);
  void start_turn(EventList* ev);
  void advance_lane(int lane, int spaces, EventList* ev);
  bool step(EventList* ev);  // runs the top task; false when a decision is owed
  void run(EventList* ev);
  void legal_player(ActionList& out) const;
  Text why_player(const Action& a) const;
  int move_budget_left(int slot, bool* uses_extra) const;
  int officer_slot(int officer) const;
  int damaged_fields() const;
  std::vector<int> stock_options(bool gain) const;
  std::vector<int> give_candidates() const;
  std::vector<int> reinforce_options() const;
  void apply_stock(int kind, bool gain, EventList* ev);
  int marker_supply(int type) const;
  void give_one(int type, int player, EventList* ev);
  void distribute(int type, int count, EventList* ev);
  void reinforce_one(int field, int left, int max_fields, EventList* ev);
  void hit(int field, int n, EventList* ev);
  void fire(int lane_mask, EventList* ev);
  void resolve_card(int card, int mode, EventList* ev);
  void resolve_event(int event, EventList* ev);
};

// web_board.cc: the static board for the web UI (GameModule::board, docs/web.md) and the certain
// outcome of an attack from a field or a mortar shot for the odds panel (GameModule::odds; null
// for every other action).
json wp_board_json(const Game& game);
json wp_odds(const State& state, const Action& action);

}  // namespace feldherr::westerplatte
