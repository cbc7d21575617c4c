// What White Star Rising adds to the `feldherr` command line beyond playing: its parameter-driven
// odds commands (`feldherr odds wsr ...`, odds_cli.cc) and its own benchmark (`feldherr bench`,
// bench.cc), both registered in its GameModule (module.cc).
#pragma once

#include "engine/registry.h"

namespace feldherr::wsr {

// `feldherr odds wsr fire|mortar|artillery|smoke|assault` (docs/cli.md).
OddsCommand wsr_odds_command();

// `feldherr bench`: `wsr.fire_odds`, the microseconds for the exact odds of one fire combat (Easy
// Eight against a Panther in woods: 3 attack and 4 defence dice), timed for `seconds` / 2.
void wsr_bench(double seconds, const BenchReport& report);

}  // namespace feldherr::wsr
