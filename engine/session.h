// A Session drives one game: it owns the current state, records every action (chance outcomes
// included) with its seat, keeps the undo snapshots the rules allow, and writes the replay log
// incrementally so that nothing is lost if the process dies.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/game.h"
#include "engine/replay.h"

namespace feldherr {

struct LoggedAction {
  int seat = kNobody;  // who took it (kChance for dice)
  Action action;
  std::string text;   // describe() in the state before it
  std::string shown;  // describe_for(action, viewer) for the session's viewer (see show_to)
  Text label;         // its label as that viewer reads it (action_info), when label_actions()
  // It ended something (role decline: end, FERTIG, pass) or answered a reaction window (its
  // decision had a Decision::decline: a counter-move, opportunity fire): it hands the decision on
  // and opens no window for the other side.
  bool hands_over = false;
};

class Session {
 public:
  explicit Session(std::shared_ptr<const Game> game);

  const Game& game() const { return *game_; }
  const State& state() const { return *state_; }
  const std::vector<LoggedAction>& history() const { return history_; }
  // Whose action opened the decision now (engine/ending.h `last_actor`): the seat of the last
  // action that was not a die, or kNobody when that one handed over (LoggedAction::hands_over:
  // the other side ending its turn, or answering its counter-move window, opens no window) or
  // before any action.
  int last_actor() const;

  // Applies an action after checking it is legal. Returns "" on success, otherwise the reason
  // (citing the rule) and nothing changes. Events of the action are appended to `events`.
  std::string act(const Action& action, EventList* events = nullptr);
  // act() of an action the caller found among the current state's legal_actions(), with its
  // text (State::describe): the legality is not looked up a second time (the server checks every
  // action against the legal list before it applies it).
  void act_legal(const Action& action, std::string text, EventList* events = nullptr);
  // Parses the text form (or a 1-based number into the legal action list) and acts.
  std::string act_text(std::string_view text, EventList* events = nullptr);

  // Supplies the chance outcome when Chance owes the decision.
  void roll(Rng& rng, EventList* events = nullptr);

  // Undo (docs/architecture.md "Undo belongs to the rules"): open only inside the deciding seat's
  // own window: closed by any chance action, any action that reveals information, and any change of
  // deciding seat.
  bool can_undo() const { return !undo_stack_.empty(); }
  // Returns false (and changes nothing) if undo is closed.
  bool undo();

  // Narration for one seat (or kObserver): LoggedAction::shown masks what that viewer may not
  // know. The default kNobody shows everything (text == shown).
  void show_to(int viewer) { viewer_ = viewer; }
  int viewer() const { return viewer_; }
  // LoggedAction::label is filled for every later action: the narration of a player reading
  // German names actions by their labels.
  void label_actions(bool on) { label_ = on; }

  // Starts writing a replay log (JSON Lines) to `path`; every later action is appended and
  // flushed before act() returns. Throws std::runtime_error if the file cannot be written.
  // `players`: who plays each seat, for the header (ReplayWriter).
  void record_to(const std::string& path, uint64_t seed,
                 const std::vector<std::string>& players = {});
  // Continues the log `path`, which holds this session's history already (a resumed game):
  // later actions are appended to it.
  void append_to(const std::string& path);

 private:
  void push(const Action& action, int seat, std::string text, EventList* events);

  std::shared_ptr<const Game> game_;
  std::unique_ptr<State> state_;
  std::vector<LoggedAction> history_;
  std::vector<std::unique_ptr<State>> undo_stack_;  // states before each undoable action
  int undo_seat_ = kNobody;
  int viewer_ = kNobody;
  bool label_ = false;
  std::optional<ReplayWriter> writer_;
};

}  // namespace feldherr
