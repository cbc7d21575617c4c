// Fuzz target: the text form of actions (State::parse) in positions of a real game.
//
// Input layout: byte 0 = number of seeded random actions to play first (0..255, avoiding actions
// that end the game at once), bytes 1..2 = the seed, the rest = the text handed to State::parse. If
// parse accepts the text, the action must be either legal (why_illegal() == "", listed in
// legal_actions(), parse(describe(a)) gives it back, and applying it to a copy works) or refused
// with a non-empty reason, and describe() must name it. Crashes, sanitizer reports, uncaught
// exceptions and broken contracts are bugs.
//
// The harness is also compiled into tests/fuzz (FELDHERR_FUZZ_HARNESS_ONLY) to replay the seed
// corpus and every saved crash as regression tests in the normal build.
#include <algorithm>
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>

#include "engine/game.h"
#include "engine/registry.h"
#include "engine/rng.h"
#include "fuzz/fuzz_contract.h"

namespace feldherr::fuzz {

// A random legal action, avoiding actions that end the game at once, such
// as conceding, so that the seeded prefix reaches deep positions.
inline Action pick_continuing(const State& state, const ActionList& legal, Rng& rng) {
  size_t first = rng.below(static_cast<uint32_t>(legal.size()));
  // The random pick if it does not end the game; otherwise the next one (cyclically) that does
  // not. Only when every action ends the game is the random pick kept.
  for (size_t k = 0; k < legal.size(); ++k) {
    const Action& a = legal[(first + k) % legal.size()];
    if (legal.size() == 1) break;
    auto next = state.clone();
    next->apply(a);
    if (!next->is_terminal()) return a;
  }
  return legal[first];
}

inline void action_parser(const uint8_t* data, size_t size) {
  static const std::shared_ptr<const Game> game = all_games().create("pocket/orcs-vs-elves", {});
  if (size < 3) return;
  int steps = data[0];
  Rng rng(static_cast<uint64_t>(data[1]) | (static_cast<uint64_t>(data[2]) << 8));
  std::string_view text(reinterpret_cast<const char*>(data + 3), size - 3);

  auto state = game->new_initial_state();
  ActionList legal;
  for (int i = 0; i < steps && !state->is_terminal(); ++i) {
    if (state->current_seat() == kChance) {
      state->apply(state->sample_chance(rng));
    } else {
      state->legal_actions(legal);
      check(!legal.empty(), "no legal action while a seat owes a decision");
      state->apply(pick_continuing(*state, legal, rng));
    }
  }

  Action action;
  std::string error;
  if (!state->parse(text, action, error)) {
    check(!error.empty(), "parse failed without an error message");
    return;
  }
  check(!state->describe(action).empty(), "describe() of a parsed action is empty");
  std::string why = state->why_illegal(action);
  if (!why.empty()) return;  // refused with a reason: fine
  state->legal_actions(legal);
  check(std::find(legal.begin(), legal.end(), action) != legal.end(),
        "why_illegal() accepts an action missing from legal_actions(): " + state->describe(action));
  Action again;
  std::string text_again = state->describe(action);
  check(state->parse(text_again, again, error) && again == action,
        "parse(describe(a)) != a for '" + text_again + "'");
  auto copy = state->clone();
  copy->apply(action);
  (void)copy->hash();
  (void)copy->current_seat();
}

}  // namespace feldherr::fuzz

#ifndef FELDHERR_FUZZ_HARNESS_ONLY
extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  feldherr::fuzz::action_parser(data, size);  // a Violation escapes: libFuzzer reports a crash
  return 0;
}
#endif
