// Fuzz target: Pocket Battles army files (games/pocket/data.h, load_army).
//
// The input is written to a temporary file and loaded. A DataError ("FILE:LINE: message") is the
// correct answer to malformed input; any other exception, a crash, a sanitizer report or an
// army that violates the documented ranges is a bug.
//
// The harness is also compiled into tests/fuzz (FELDHERR_FUZZ_HARNESS_ONLY) to replay the seed
// corpus and every saved crash as regression tests in the normal build.
#include <cstdint>
#include <stdexcept>
#include <string>

#include "engine/errors.h"
#include "fuzz/fuzz_contract.h"
#include "games/pocket/data.h"

namespace feldherr::fuzz {

inline void army_loader(const uint8_t* data, size_t size) {
  const InputFile input("army", data, size);
  pocket::Army army;
  try {
    army = pocket::load_army(input.path());
  } catch (const DataError& e) {
    input.check_refusal(e);
    return;
  }
  // A loaded army respects the ranges load_army promises to validate (data.h).
  for (const auto& t : army.troops) {
    check(t.count >= 1, "troop count < 1 accepted: " + t.id);
    check(t.dp >= 1, "DP < 1 accepted: " + t.id);
    check(t.fv >= 0, "negative FV accepted: " + t.id);
    check(t.lp >= 0, "negative LP accepted: " + t.id);
    for (int f : t.combat_dice) check(f >= 1 && f <= 6, "combat die face outside 1..6: " + t.id);
    for (int f : t.shooting_dice)
      check(f >= 1 && f <= 6, "shooting die face outside 1..6: " + t.id);
    for (int face = 1; face <= 6; ++face) {
      (void)t.combat_matches(face);
      (void)t.shooting_matches(face);
    }
  }
  (void)army.tiles();
}

}  // namespace feldherr::fuzz

#ifndef FELDHERR_FUZZ_HARNESS_ONLY
extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  feldherr::fuzz::army_loader(data, size);  // a Violation escapes: libFuzzer reports a crash
  return 0;
}
#endif
