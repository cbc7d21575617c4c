// Procedure steps: the toolkit a game uses to say which step of its sequence of play is due and
// who decides it.
//
// A game names its kinds of step in an enum (the last enumerator counts them) and describes
// each kind in a step table, one StepRow per kind, indexed by the kind: the kind of decision
// the step is (Decision::kind), who decides it and what Chance does when Chance decides it.
// current_seat, decision, legal_actions and chance_outcomes read the row of the step that is
// due instead of each working it out again; a new kind of step is a row in the table plus its
// own prompt, actions and effect where its rule lives.
//
// The table is data checked at compile time:
//
//   constexpr StepRow<Seat, Dice> kSteps[] = {...};  // indexed by the step kind
//   static_assert(one_row_per_kind(kSteps, kNumStepKinds));
//   static_assert(chance_decides_iff_chance_rolls(kSteps));
//
// `Seat` and `Dice` are the game's own enums: Seat names who decides (it has a kChance
// enumerator), Dice names what Chance rolls or draws (it has a kNone enumerator for a step a
// seat decides).
//
// A game whose steps nest (a fire inside a move, a fate window after a roll) keeps them on a
// StepStack; a game whose step follows from its phase and pending records derives it in one
// function (Rivet Wars: RivetState::step()).
#pragma once

#include <array>
#include <cassert>
#include <cstddef>
#include <stdexcept>

namespace feldherr {

// A row of a game's step table.
template <class Seat, class Dice>
struct StepRow {
  const char* decision;  // Decision::kind of the step ("roll", "move", ...)
  Seat seat;             // who decides it
  Dice dice;             // what Chance rolls or draws for it (Dice::kNone: a seat decides)
};

// The table has exactly `kinds` rows, one per step kind.
template <class Seat, class Dice, size_t N>
constexpr bool one_row_per_kind(const StepRow<Seat, Dice> (&)[N], size_t kinds) {
  return N == kinds;
}

// Chance decides a step exactly when Chance rolls or draws for it: a chance step without dice
// would have no outcomes, and dice on a seat's step would never be rolled.
template <class Seat, class Dice, size_t N>
constexpr bool chance_decides_iff_chance_rolls(const StepRow<Seat, Dice> (&table)[N]) {
  for (const StepRow<Seat, Dice>& row : table)
    if ((row.seat == Seat::kChance) != (row.dice != Dice::kNone)) return false;
  return true;
}

// Every row names the kind of its decision (a non-empty Decision::kind).
template <class Seat, class Dice, size_t N>
constexpr bool every_row_names_its_decision(const StepRow<Seat, Dice> (&table)[N]) {
  for (const StepRow<Seat, Dice>& row : table)
    if (row.decision == nullptr || row.decision[0] == '\0') return false;
  return true;
}

// A fixed-capacity stack of procedure steps, held by value inside a game state so that cloning
// the state stays a plain copy. The top is the step due now; the steps below it resume when it
// is popped. Indexing counts from the bottom (0) to the top (size() - 1), the order a game writes
// its steps in its JSON and hash.
template <class Step, int N>
class StepStack {
 public:
  static_assert(N > 0, "a step stack holds at least one step");

  static constexpr int capacity() { return N; }
  int size() const { return n_; }
  bool empty() const { return n_ == 0; }

  // Deeper than N is a broken procedure, refused rather than written past the end.
  void push(const Step& s) {
    if (n_ >= N) throw std::logic_error("step stack full: a procedure nests deeper than it may");
    items_[static_cast<size_t>(n_++)] = s;
  }
  void pop() {
    assert(n_ > 0);
    --n_;
  }
  void clear() { n_ = 0; }

  Step& top() { return (*this)[n_ - 1]; }
  const Step& top() const { return (*this)[n_ - 1]; }
  Step& operator[](int i) {
    assert(i >= 0 && i < n_);
    return items_[static_cast<size_t>(i)];
  }
  const Step& operator[](int i) const {
    assert(i >= 0 && i < n_);
    return items_[static_cast<size_t>(i)];
  }

  // The steps from the bottom to the top.
  Step* begin() { return items_.data(); }
  Step* end() { return items_.data() + n_; }
  const Step* begin() const { return items_.data(); }
  const Step* end() const { return items_.data() + n_; }

 private:
  std::array<Step, static_cast<size_t>(N)> items_{};
  int n_ = 0;
};

}  // namespace feldherr
