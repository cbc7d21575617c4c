// The `feldherr` command line (docs/cli.md): list, play, replay, validate.
//
// The whole program is a function of (arguments, registry, stdin) -> (stdout, stderr, exit code),
// so that tests can drive it in-process with a test registry as well as via the built binary.
// It programs only against the engine's interfaces (engine/*.h): every game registered in the
// Registry works unchanged.
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

#include "engine/registry.h"

namespace feldherr::cli {

// Exit codes (docs/cli.md).
constexpr int kExitOk = 0;          // command done; a played or replayed game reached its end
constexpr int kExitError = 1;       // malformed data file or log, replay divergence, I/O error
constexpr int kExitUsage = 2;       // bad command line: unknown option/game/side/player, bad seed
constexpr int kExitUnfinished = 3;  // a game was left unfinished: quit, end of input, cap reached

// Runs the command line `args` (without the program name) against `registry`. Never throws.
int run(const std::vector<std::string>& args, const Registry& registry, std::istream& in,
        std::ostream& out, std::ostream& err);

// The same with the argv of main() and every game of the product (all_games()).
int main_entry(int argc, const char* const* argv);

}  // namespace feldherr::cli
