#include "games/planspiel/module.h"

#include <filesystem>

#include "engine/errors.h"
#include "games/planspiel/data.h"
#include "games/planspiel/fire_data.h"
#include "games/planspiel/units.h"

namespace feldherr::planspiel {

void validate_data_file(const std::string& path) {
  const std::string name = std::filesystem::path(path).filename().string();
  if (name == "units.toml") {
    (void)load_unit_types(path);
  } else if (name == "weapons.toml") {
    (void)load_fire_data(path);
  } else if (name.rfind("ps", 0) == 0 && std::filesystem::path(name).extension() == ".toml") {
    (void)load_board(path);
  } else {
    throw DataError(path +
                    ": not a Planspiel data file (a board ps*.toml, units.toml or weapons.toml)");
  }
}

GameModule planspiel_module() {
  GameModule m;
  m.id = "planspiel";
  m.title = "Planspielregeln Zweiter Weltkrieg";
  m.data_subdir = "planspiel";
  m.validate_file = validate_data_file;
  return m;
}

}  // namespace feldherr::planspiel
