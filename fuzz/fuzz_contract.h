// What the fuzz harnesses (fuzz/*.cc) throw when the code under test breaks its contract, as
// opposed to refusing malformed input, which is the correct answer: libFuzzer reports the
// escaping exception as a crash, test_fuzz as a failure. Also the pieces the file-loading
// harnesses share: the input as a temporary file, the check that a refusal names that file,
// and a few random steps of a loaded game under the engine's contract.
#pragma once

#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <fstream>
#include <stdexcept>
#include <string>

#include "engine/errors.h"
#include "engine/game.h"
#include "engine/rng.h"

namespace feldherr::fuzz {

struct Violation : std::logic_error {
  using std::logic_error::logic_error;
};

inline void check(bool ok, const std::string& what) {
  if (!ok) throw Violation(what);
}

// The fuzz input written to /tmp/feldherr_fuzz_<name>_<pid>.toml, removed when it goes out of
// scope (the loaders read it by name, as they read data files).
class InputFile {
 public:
  InputFile(const std::string& name, const uint8_t* data, size_t size)
      : path_("/tmp/feldherr_fuzz_" + name + "_" + std::to_string(static_cast<long>(getpid())) +
              ".toml") {
    std::ofstream out(path_, std::ios::binary | std::ios::trunc);
    out.write(reinterpret_cast<const char*>(data), static_cast<std::streamsize>(size));
  }
  ~InputFile() { std::remove(path_.c_str()); }
  InputFile(const InputFile&) = delete;
  InputFile& operator=(const InputFile&) = delete;
  const std::string& path() const { return path_; }

  // A refusal is "FILE:LINE: message" or "FILE: message": it must name this file.
  void check_refusal(const DataError& e) const {
    const std::string what = e.what();
    check(what.rfind(path_, 0) == 0, "DataError does not start with the file name: " + what);
  }

 private:
  std::string path_;
};

// Plays up to `steps` random legal actions (chance sampled) from the game's first position and
// checks the contract on the way: a deciding seat has a legal action, every listed action is
// accepted, and the JSON round trip keeps the state's hash.
template <class G>
void play_under_contract(const G& game, uint64_t seed, int steps) {
  auto state = game.new_initial_state();
  Rng rng(seed);
  for (int step = 0; step < steps && !state->is_terminal(); ++step) {
    Action a;
    if (state->current_seat() == kChance) {
      a = state->sample_chance(rng);
    } else {
      const ActionList legal = state->legal_actions();
      check(!legal.empty(), "a seat to decide without a legal action");
      a = legal[rng.below(static_cast<uint32_t>(legal.size()))];
    }
    const std::string why = state->why_illegal(a);
    check(why.empty(), "a listed action refused: " + state->describe(a) + ": " + why);
    state->apply(a);
    auto back = game.state_from_json(state->to_json());
    check(back->hash() == state->hash(), "JSON round trip changes the state");
  }
}

}  // namespace feldherr::fuzz
