// Fuzz target: White Star Rising scenario files (games/wsr/scenario.h, LoadScenario).
//
// The input is written to a temporary file and loaded against the shipped data (counters,
// formations, map sheets). A DataError ("FILE:LINE: message") is the correct answer to malformed
// input; any other exception, a crash, a sanitizer report or a scenario that breaks what the
// loader promises is a bug. A scenario that loads and whose special rules the engine plays must
// also start a game (ScenarioSetup may still refuse it with a DataError naming the file): its
// first positions are played with random legal actions and the game contract is checked on the
// way. Every data field of the advanced scenarios (artillery and smoke strikes, aircraft, exits,
// boundaries, special-rule parameters) goes through this loader.
//
// The harness is also compiled into tests/fuzz (FELDHERR_FUZZ_HARNESS_ONLY) to replay the seed
// corpus and every saved crash as regression tests in the normal build.
#include <cstdint>
#include <memory>
#include <nlohmann/json.hpp>
#include <set>
#include <string>

#include "engine/errors.h"
#include "fuzz/fuzz_contract.h"
#include "games/wsr/data.h"
#include "games/wsr/scenario.h"
#include "games/wsr/scenario_game.h"
#include "games/wsr/state.h"

namespace feldherr::fuzz {

inline void wsr_scenario(const uint8_t* data, size_t size) {
  using namespace wsr;
  const InputFile input("wsr_scenario", data, size);
  std::shared_ptr<Scenario> sc;
  try {
    sc = std::make_shared<Scenario>(LoadScenario(input.path(), ShippedData()));
  } catch (const DataError& e) {
    input.check_refusal(e);
    return;
  }
  // What the loader promises (scenario.h): known sides, formations of known sides, zones named
  // once, special rules it knows.
  check(sc->turns >= 1, "a scenario without turns accepted");
  std::set<std::string> sides, zones;
  for (const Side& s : sc->sides) check(sides.insert(s.id).second, "duplicate side: " + s.id);
  for (const FormationSetup& f : sc->formations)
    check(sides.count(f.side) == 1, "formation of an unknown side accepted: " + f.id);
  for (const Zone& z : sc->zones) check(zones.insert(z.id).second, "duplicate zone: " + z.id);
  for (const SpecialRule& r : sc->special_rules) {
    bool known = false;
    for (const auto& [id, params] : KnownSpecialRules()) known = known || id == r.id;
    check(known, "unknown special rule accepted: " + r.id);
  }
  if (!MissingSpecialRules(*sc).empty()) return;  // the module refuses it by name
  std::shared_ptr<const WsrGame> game;
  try {
    game = MakeScenarioGame(ShippedData(), sc);
  } catch (const DataError& e) {
    input.check_refusal(e);
    return;
  }
  // The game of the scenario keeps the engine's contract for its first positions.
  play_under_contract(*game, size, 60);
}

}  // namespace feldherr::fuzz

#ifndef FELDHERR_FUZZ_HARNESS_ONLY
extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  feldherr::fuzz::wsr_scenario(data, size);
  return 0;
}
#endif
