#include "games/planspiel/module.h"

#include <gtest/gtest.h>

#include <string>

#include "engine/errors.h"

namespace feldherr::planspiel {
namespace {

// `feldherr validate` checks each file of data/planspiel/ with the loader of its kind.
TEST(PlanspielModule, ValidatesEachShippedFileWithItsLoader) {
  const std::string dir = data_dir() + "/planspiel/";
  for (const char* file : {"ps1.toml", "ps2.toml", "ps3.toml", "units.toml", "weapons.toml"})
    EXPECT_NO_THROW(validate_data_file(dir + file)) << file;
  try {
    validate_data_file(dir + "notes.toml");
    FAIL() << "a file of no known kind was accepted";
  } catch (const DataError& e) {
    EXPECT_EQ(std::string(e.what()),
              dir + "notes.toml: not a Planspiel data file (a board ps*.toml, units.toml or " +
                  "weapons.toml)");
  }
}

// The game has no playable scenario yet: the registry says so instead of creating a game.
TEST(PlanspielModule, HasNoPlayableScenarioYet) {
  const GameModule m = planspiel_module();
  EXPECT_EQ(m.id, "planspiel");
  EXPECT_TRUE(m.scenarios.empty());
  EXPECT_FALSE(m.create);
  Registry r;
  r.add(m);
  try {
    (void)r.create("planspiel", {});
    FAIL() << "created a game without scenarios";
  } catch (const UsageError& e) {
    EXPECT_EQ(std::string(e.what()),
              "planspiel has no playable scenario yet (see 'feldherr list')");
  }
}

}  // namespace
}  // namespace feldherr::planspiel
