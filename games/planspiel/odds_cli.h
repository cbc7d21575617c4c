// `feldherr odds planspiel fire|assault|overrun` (docs/cli.md): the exact odds of a fire, a close
// combat and an overrun of the Planspiel from their parameters, registered in the GameModule
// (module.cc).
#pragma once

#include "engine/registry.h"

namespace feldherr::planspiel {

OddsCommand planspiel_odds_command();

}  // namespace feldherr::planspiel
