// Actions: the only way anything happens in a game.
//
// An Action is a verb plus up to four small non-negative integer arguments. The meaning of the
// verb and its arguments belongs to the game module (its describe() and parse()); the engine only
// knows how to compare, hash and number them.
//
// Every action has
//  - a stable integer id (Action::id()), unique per (verb, arguments), used by AI tables and
//    the server protocol; Action::from_id() inverts it;
//  - a text form produced by State::describe() and read by State::parse(), e.g. "attack u3"
//    or "roll 4 6". The contract is parse(describe(a)) == a for every legal action a.
#pragma once

#include <array>
#include <cassert>
#include <cstdint>
#include <string>
#include <vector>

namespace feldherr {

struct Action {
  static constexpr int kMaxArgs = 4;
  static constexpr int kArgBits = 13;
  static constexpr int kMaxArg = (1 << kArgBits) - 1;  // 8191
  static constexpr int kVerbBits = 6;
  static constexpr int kMaxVerb = (1 << kVerbBits) - 1;  // 63

  uint8_t verb = 0;
  uint8_t argc = 0;
  std::array<uint16_t, kMaxArgs> args{};

  Action() = default;
  // Builds an action; arguments must lie in [0, kMaxArg] (checked in debug builds). Inline: the
  // games' legal-action generators build millions of them in a search.
  Action(int verb_, std::initializer_list<int> a) {
    assert(verb_ >= 0 && verb_ <= kMaxVerb);
    assert(a.size() <= static_cast<size_t>(kMaxArgs));
    verb = static_cast<uint8_t>(verb_);
    argc = static_cast<uint8_t>(a.size());
    size_t i = 0;
    for (int v : a) {
      assert(v >= 0 && v <= kMaxArg);
      args[i++] = static_cast<uint16_t>(v);
    }
  }

  int arg(int i) const { return args[static_cast<size_t>(i)]; }

  // Stable id: verb (6 bits) | argc (3 bits) | 4 x 13-bit arguments. Fits in 61 bits.
  uint64_t id() const;
  static Action from_id(uint64_t id);

  friend bool operator==(const Action& a, const Action& b) {
    return a.verb == b.verb && a.argc == b.argc && a.args == b.args;
  }
  friend bool operator!=(const Action& a, const Action& b) { return !(a == b); }
  friend bool operator<(const Action& a, const Action& b) { return a.id() < b.id(); }
};

using ActionList = std::vector<Action>;

// A chance outcome: the action that records it and its probability. Outcomes of one chance
// decision are distinct and their probabilities sum to 1.
struct ChanceOutcome {
  Action action;
  double probability = 0.0;
};

}  // namespace feldherr
