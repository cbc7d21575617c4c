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
#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <fstream>
#include <memory>
#include <nlohmann/json.hpp>
#include <set>
#include <string>

#include "engine/errors.h"
#include "engine/rng.h"
#include "fuzz/fuzz_contract.h"
#include "games/wsr/data.h"
#include "games/wsr/scenario.h"
#include "games/wsr/scenario_game.h"
#include "games/wsr/state.h"

namespace feldherr::fuzz {

inline void wsr_scenario(const uint8_t* data, size_t size) {
  using namespace wsr;
  static const std::string path =
      "/tmp/feldherr_fuzz_wsr_scenario_" + std::to_string(static_cast<long>(getpid())) + ".toml";
  {
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out.write(reinterpret_cast<const char*>(data), static_cast<std::streamsize>(size));
  }
  auto refused = [&](const DataError& e) {
    const std::string what = e.what();
    check(what.rfind(path, 0) == 0, "DataError does not start with the file name: " + what);
  };
  std::shared_ptr<Scenario> sc;
  try {
    sc = std::make_shared<Scenario>(LoadScenario(path, ShippedData()));
  } catch (const DataError& e) {
    std::remove(path.c_str());
    refused(e);
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
  if (!MissingSpecialRules(*sc).empty()) {
    std::remove(path.c_str());
    return;  // the module refuses it by name (UnavailableScenario)
  }
  std::shared_ptr<const WsrGame> game;
  try {
    game = MakeScenarioGame(ShippedData(), sc);
  } catch (const DataError& e) {
    std::remove(path.c_str());
    refused(e);
    return;
  }
  std::remove(path.c_str());
  // The game of the scenario keeps the engine's contract for its first positions.
  auto state = game->new_initial_state();
  Rng rng(size);
  for (int step = 0; step < 60 && !state->is_terminal(); ++step) {
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
    auto back = game->state_from_json(state->to_json());
    check(back->hash() == state->hash(), "JSON round trip changes the state");
  }
}

}  // namespace feldherr::fuzz

#ifndef FELDHERR_FUZZ_HARNESS_ONLY
extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  feldherr::fuzz::wsr_scenario(data, size);
  return 0;
}
#endif
