// Fuzz target: replay files (engine/replay.h).
//
// The input is parsed with parse_replay; a DataError ("NAME:LINE: message") is the correct answer
// to a malformed file. If it loads, the game it names is created through the registry (an unknown
// game or a bad option is a UsageError, also fine) and verify_replay re-runs it; verify_replay
// must report divergences in its VerifyReport, never throw or crash.
//
// The harness is also compiled into tests/fuzz (FELDHERR_FUZZ_HARNESS_ONLY) to replay the seed
// corpus and every saved crash as regression tests in the normal build.
#include <cstdint>
#include <sstream>
#include <stdexcept>
#include <string>

#include "engine/errors.h"
#include "engine/registry.h"
#include "engine/replay.h"
#include "fuzz/fuzz_contract.h"

namespace feldherr::fuzz {

inline void replay_loader(const uint8_t* data, size_t size) {
  std::istringstream in(std::string(reinterpret_cast<const char*>(data), size));
  ReplayFile replay;
  try {
    replay = parse_replay(in, "fuzz.jsonl");
  } catch (const DataError& e) {
    check(std::string(e.what()).rfind("fuzz.jsonl:", 0) == 0,
          std::string("replay error without FILE:LINE: ") + e.what());
    return;
  }
  std::shared_ptr<const Game> game;
  try {
    game = all_games().create(replay_game_id(replay), replay.options);
  } catch (const UsageError&) {
    return;  // unknown game, scenario or option: the CLI reports it
  }
  VerifyReport report = verify_replay(*game, replay, "fuzz.jsonl");
  if (!report.ok)
    check(report.error.rfind("fuzz.jsonl:", 0) == 0,
          "verify error without FILE:LINE: " + report.error);
}

}  // namespace feldherr::fuzz

#ifndef FELDHERR_FUZZ_HARNESS_ONLY
extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  feldherr::fuzz::replay_loader(data, size);  // a Violation escapes: libFuzzer reports a crash
  return 0;
}
#endif
