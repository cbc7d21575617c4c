// Fuzz target: Planspiel situation files (games/planspiel/situation.h, load_situation).
//
// The input is written to a temporary file and loaded against the shipped unit catalogue and
// boards. A DataError ("FILE:LINE: message") is the correct answer to malformed input; any other
// exception, a crash, a sanitizer report or a situation that breaks what load_situation promises
// to check is a bug. A situation that loads must also start a game: the first positions are
// played with random legal actions and the game contract is checked on the way.
//
// The harness is also compiled into tests/fuzz (FELDHERR_FUZZ_HARNESS_ONLY) to replay the seed
// corpus and every saved crash as regression tests in the normal build.
#include <cstdint>
#include <nlohmann/json.hpp>
#include <set>
#include <stdexcept>
#include <string>

#include "engine/errors.h"
#include "fuzz/fuzz_contract.h"
#include "games/planspiel/fire_data.h"
#include "games/planspiel/situation.h"
#include "games/planspiel/state.h"

namespace feldherr::fuzz {

inline void planspiel_situation(const uint8_t* data, size_t size) {
  using namespace planspiel;
  const InputFile input("situation", data, size);
  Situation s;
  try {
    s = load_situation(input.path(), shipped_unit_types(), shipped_planspiel_boards());
  } catch (const DataError& e) {
    input.check_refusal(e);
    return;
  }
  // What load_situation promises to have checked (situation.h).
  const BoardData* board = find_planspiel_board(s.board);
  check(board != nullptr, "unknown board accepted: " + s.board);
  check(s.game_turns >= 1, "a game without turns accepted");
  std::set<std::string> ids;
  for (const SituationUnit& u : s.units) {
    check(ids.insert(u.id).second, "duplicate unit id accepted: " + u.id);
    check(board->board.on_board(u.field), "unit off the board accepted: " + u.id);
    check(u.arrives >= 0 && u.arrives <= s.game_turns,
          "reinforcement outside the game's turns accepted: " + u.id);
    check(u.party == kPartyRed || u.party == kPartyBlue, "unknown party accepted: " + u.id);
  }
  std::set<std::string> sets;
  for (const ObjectiveSet& o : s.objectives) {
    sets.insert(o.id);
    check(o.fields.size() == o.controller.size(), "objective controllers do not match: " + o.id);
    for (Field f : o.fields) check(board->board.on_board(f), "objective off the board: " + o.id);
  }
  check(!s.outcomes.empty() && s.outcomes.back().when.empty(),
        "an outcome list without an unconditional last line accepted");
  for (const OutcomeLine& line : s.outcomes)
    for (const Condition& c : line.when)
      if (c.kind == Condition::Kind::kControls)
        check(sets.count(c.set) == 1, "outcome names an unknown objective set: " + c.set);

  // The game of the situation keeps the engine's contract for its first positions.
  const PlanspielGame game(s, board->board, shipped_unit_types(), shipped_fire_data());
  play_under_contract(game, size, 40);
}

}  // namespace feldherr::fuzz

#ifndef FELDHERR_FUZZ_HARNESS_ONLY
extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  feldherr::fuzz::planspiel_situation(data, size);
  return 0;
}
#endif
