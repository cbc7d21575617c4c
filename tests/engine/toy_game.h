// Dice Race: a small but complete fixture game for the engine tests (not part of the product).
//
// It implements every virtual of State and Game with the features the engine must handle:
// chance decisions with non-uniform outcome probabilities, hidden information (a card per seat
// that only its owner sees), an action that reveals it, plain actions that keep the deciding
// seat (so an undo window can open), a direct hand-over between seats, and a bounded length.
//
// Rules (cited as "DR §n" in events and refusals):
//   DR §1 Setup: Chance deals each seat a hidden card worth 1..6 (red first, then blue). Red moves
//         first. Positions start at 0.
//   DR §2 Turn: the seat to move may
//         - "dice 1" / "dice 2": have Chance roll one or two dice (at most 3 rolls a turn);
//         - "press": once a turn, before its first roll: this turn's rolls score double, but a
//           roll showing a 1 scores nothing;
//         - "pass": end the turn.
//   DR §3 Roll: the roll's total (see press) is added to the seat's position. After the third
//         roll of a turn the turn ends by itself.
//   DR §4 Reveal: once a game, in its own turn, a seat may "reveal" its card: it becomes public
//         and the seat advances by its value.
//   DR §5 End: a seat whose position reaches the target (default 20) wins at once. After 100
//         turns the higher position wins; equal positions are a draw.
//
// For testing the conformance battery the game can be built with one deliberate bug (Bug).
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "engine/game.h"
#include "engine/registry.h"

namespace feldherr::toy {

// Deliberate bugs, each of which the conformance battery must detect.
enum class Bug {
  kNone,
  kCloneDropsField,     // clone() forgets `pressed`
  kHashIgnoresField,    // hash() leaves out the hidden cards
  kHashUnstable,        // hash() changes from call to call
  kJsonDropsField,      // to_json() leaves out `rolls`
  kObserveLeaksCard,    // observe(seat) shows the other seat's hidden card
  kDuplicateAction,     // legal_actions() lists "pass" twice
  kParseMismatch,       // parse("dice 2") yields "dice 1"
  kDeadEnd,             // no legal action after the second roll of a turn
  kRunaway,             // rolls score nothing and the turn limit is off: the game never ends
  kBadProbabilities,    // chance outcomes of two dice do not sum to 1
  kJsonLoadsWrongTurn,  // state_from_json() swaps the seat to move
  kPromptNamesCard,     // decision_for(viewer) names the card of the seat to move
  kDealTextShowsCard,   // describe_for(deal, viewer) shows every viewer the card dealt
  kPressShowsCard,      // "press" with a 6 in hand ends the turn at once (reveals the 6)
  kDealRuleShowsCard,   // the deal's event cites a rule naming the card, for every viewer
};
constexpr int kNumBugs = 16;
const char* bug_name(Bug bug);  // "none", "clone-drops-field", ...
bool bug_from_name(std::string_view name, Bug& out);

enum Verb : int { kDeal = 0, kDice = 1, kPress = 2, kReveal = 3, kPass = 4, kRoll = 5 };

constexpr int kRed = 0;
constexpr int kBlue = 1;
constexpr int kMaxRollsPerTurn = 3;
constexpr int kTurnLimit = 100;

class DiceRaceGame;

class DiceRaceState : public State {
 public:
  enum Phase : uint8_t { kDealing = 0, kTurn = 1, kRolling = 2, kOver = 3 };

  explicit DiceRaceState(const DiceRaceGame& game);

  const Game& game() const override;
  int current_seat() const override;
  Decision decision() const override;
  Decision decision_for(int viewer) const override;
  void legal_actions(ActionList& out) const override;
  std::vector<ChanceOutcome> chance_outcomes() const override;
  Action sample_chance(Rng& rng) const override;
  void apply(const Action& action, EventList* events = nullptr) override;
  std::string why_illegal(const Action& action) const override;
  bool is_terminal() const override { return phase_ == kOver; }
  Result result() const override;
  std::unique_ptr<State> clone() const override;
  std::string describe(const Action& action) const override;
  std::string describe_for(const Action& action, int viewer) const override;
  bool parse_text(std::string_view text, Action& out, Text& error) const override;
  bool reveals_information(const Action& action) const override;
  json observe(int seat) const override;
  std::unique_ptr<State> determinize(int seat, Rng& rng) const override;
  json to_json() const override;
  uint64_t hash() const override;
  std::string render_text(int seat) const override;
  int move_number() const override { return moves_; }

  // Read access for tests.
  int position(int seat) const { return pos_[static_cast<size_t>(seat)]; }
  int card(int seat) const { return card_[static_cast<size_t>(seat)]; }
  bool revealed(int seat) const { return revealed_[static_cast<size_t>(seat)]; }
  bool pressed() const { return pressed_; }
  int rolls() const { return rolls_; }
  int turns() const { return turns_; }
  Phase phase() const { return phase_; }

  // Every field, once, for to_json, state_from_json and hash (engine/fields.h).
  template <class S, class V>
  static void field_list(S& s, V& v) {
    v("pos", s.pos_, 0, 10000);
    v("card", s.card_, 0, 6);
    v("revealed", s.revealed_);
    v("turn", s.turn_, 0, 1);
    v("phase", s.phase_, kDealing, kOver);
    v("dice", s.dice_, 0, 2);
    v("pressed", s.pressed_);
    v("rolls", s.rolls_, 0, kMaxRollsPerTurn);
    v("turns", s.turns_, 0, 1 << 30);
    v("moves", s.moves_, 0, 1 << 30);
    v("winner", s.winner_, -1, 2);
  }

 private:
  friend class DiceRaceGame;
  void end_turn();
  void check_target(int seat, EventList* events);
  const std::string& seat_name(int seat) const;

  const DiceRaceGame* game_;
  std::array<int, 2> pos_{};
  std::array<int, 2> card_{};  // 0 = not dealt yet
  std::array<bool, 2> revealed_{};
  int turn_ = kRed;  // the seat whose turn it is
  Phase phase_ = kDealing;
  int dice_ = 0;  // dice Chance must roll (kRolling)
  bool pressed_ = false;
  int rolls_ = 0;                    // rolls this turn
  int turns_ = 0;                    // completed turns
  int moves_ = 0;                    // actions applied
  int winner_ = -1;                  // -1 none yet, 0/1 a seat, 2 draw
  mutable uint64_t hash_calls_ = 0;  // only for Bug::kHashUnstable
};

class DiceRaceGame : public Game {
 public:
  explicit DiceRaceGame(int target = 20, Bug bug = Bug::kNone);

  std::string_view id() const override { return "dice-race"; }
  std::string_view scenario() const override { return "race"; }
  const Options& options() const override { return options_; }
  const std::vector<std::string>& seats() const override { return seats_; }
  VerbTable verbs() const override;
  std::unique_ptr<State> new_initial_state() const override;
  std::unique_ptr<State> state_from_json(const json& j) const override;
  std::string_view rules_version() const override { return "dice-race-1"; }

  int target() const { return target_; }
  Bug bug() const { return bug_; }

 private:
  int target_;
  Bug bug_;
  Options options_;
  std::vector<std::string> seats_{"red", "blue"};
};

std::shared_ptr<const DiceRaceGame> make_dice_race(int target = 20, Bug bug = Bug::kNone);

// Test helper: parses and applies each text in turn; throws std::logic_error naming the text if
// it does not parse or is illegal (so tests read like the rulebook: {"deal 3", "deal 5", "press"}).
void apply_all(State& state, std::initializer_list<std::string_view> texts);

// The registry entry ("dice-race/race", options target=1..500 and bug=NAME), for tests of the
// registry, the CLI-like paths and replays.
GameModule dice_race_module();

}  // namespace feldherr::toy
