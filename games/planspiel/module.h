// The Planspiel as the registry knows it (engine/registry.h) while its rules are being built: no
// playable scenario yet (Registry::create says so), but its data folder data/planspiel/ is the
// game's, and `feldherr validate` checks every file in it with the game's own loaders.
#pragma once

#include <string>

#include "engine/registry.h"

namespace feldherr::planspiel {

// Checks one data file of data/planspiel/ with the loader of its kind: a board (ps*.toml), the
// unit types (units.toml) or the weapons tables (weapons.toml); throws DataError("FILE:LINE:
// message"), or DataError("FILE: ...") for a file of no known kind.
void validate_data_file(const std::string& path);

GameModule planspiel_module();

}  // namespace feldherr::planspiel
