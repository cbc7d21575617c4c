#include "games/planspiel/module.h"

#include <gtest/gtest.h>

#include <string>

#include "engine/errors.h"
#include "games/planspiel/situation.h"

namespace feldherr::planspiel {
namespace {

// `feldherr validate` checks each file of data/planspiel/ with the loader of its kind.
TEST(PlanspielModule, ValidatesEachShippedFileWithItsLoader) {
  const std::string dir = data_dir() + "/planspiel/";
  for (const char* file :
       {"ps1.toml", "ps2.toml", "ps3.toml", "units.toml", "weapons.toml", "situation-ps1.toml"})
    EXPECT_NO_THROW(validate_data_file(dir + file)) << file;
  try {
    validate_data_file(dir + "notes.toml");
    FAIL() << "a file of no known kind was accepted";
  } catch (const DataError& e) {
    EXPECT_EQ(std::string(e.what()),
              dir + "notes.toml: not a Planspiel data file (a board ps*.toml, a situation " +
                  "situation-*.toml, units.toml or weapons.toml)");
  }
}

// The situations are the game's scenarios: `feldherr list` shows planspiel/ps-1 and the registry
// creates its game.
TEST(PlanspielModule, EverySituationIsAScenario) {
  const GameModule m = planspiel_module();
  EXPECT_EQ(m.id, "planspiel");
  ASSERT_EQ(m.scenarios.size(), shipped_situations().size());
  EXPECT_EQ(m.scenarios[0].id, "ps-1");
  EXPECT_EQ(m.scenarios[0].title, "Der Gutshof (the estate farm)");
  ASSERT_TRUE(m.create);
  Registry r;
  r.add(m);
  auto g = r.create("planspiel/ps-1", {});
  EXPECT_EQ(g->scenario(), "ps-1");
  EXPECT_EQ(g->seats(), (std::vector<std::string>{"red", "blue"}));
  EXPECT_THROW((void)r.create("planspiel/ps-9", {}), UsageError);
}

}  // namespace
}  // namespace feldherr::planspiel
