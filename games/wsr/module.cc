// White Star Rising in the registry: so far the data layer only (issue 3 adds the rules and the
// scenarios), registered so that `feldherr validate` checks data/wsr/ like every game's data.
#include "games/wsr/module.h"

#include <filesystem>

#include "engine/errors.h"
#include "games/wsr/data.h"
#include "games/wsr/scenario.h"

namespace feldherr::wsr {

namespace {

namespace fs = std::filesystem;

// Validates one file of data/wsr/ by its name; files that refer to others (formations, map
// sheets) are checked together with what they refer to.
void validate_file(const std::string& path) {
  const fs::path p(path);
  const std::string name = p.filename().string();
  const std::string folder = p.parent_path().filename().string();
  const bool in_maps = folder == "maps", in_scenarios = folder == "scenarios";
  const fs::path root = in_maps || in_scenarios ? p.parent_path().parent_path() : p.parent_path();
  if (in_scenarios && p.extension() == ".toml") {
    (void)LoadScenario(path, LoadData(root.string()));  // a scenario refers to every other file
  } else if (in_maps && name.rfind("sheet-", 0) == 0 && p.extension() == ".toml") {
    (void)LoadSheet(path, LoadTerrainChart((root / "terrain.toml").string()));
  } else if (name == "terrain.toml") {
    (void)LoadTerrainChart(path);
  } else if (name.rfind("counters-", 0) == 0 && p.extension() == ".toml") {
    (void)LoadCounters(path);
  } else if (name == "chaos.toml") {
    (void)LoadChaosTable(path);
  } else if (name == "formations.toml") {
    (void)LoadFormations(path);
    (void)LoadData(root.string());  // the references between the files
  } else {
    throw DataError(
        path +
        ":1: not a White Star Rising data file (expected terrain.toml, "
        "counters-*.toml, formations.toml, chaos.toml, maps/sheet-*.toml or scenarios/*.toml)");
  }
}

}  // namespace

GameModule wsr_data_module() {
  GameModule m;
  m.id = "wsr";
  m.title = "White Star Rising (data only so far: terrain, counters, formations, maps A-D)";
  m.data_subdir = "wsr";
  m.validate_file = validate_file;
  return m;
}

}  // namespace feldherr::wsr
