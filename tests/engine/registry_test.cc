// Registry (engine/registry.h): finding games, resolving options, and the errors a user sees.
// Uses a registry holding only the Dice Race fixture, so it does not depend on any real game.
#include "engine/registry.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cstdlib>

#include "engine/errors.h"
#include "tests/engine/toy_game.h"

namespace feldherr::toy {
namespace {

using ::testing::HasSubstr;
using ::testing::StartsWith;

Registry toy_registry() {
  Registry r;
  r.add(dice_race_module());
  return r;
}

std::string usage_error(const Registry& r, std::string_view id, const Options& o) {
  try {
    r.create(id, o);
  } catch (const UsageError& e) {
    return e.what();
  }
  return "";
}

TEST(Registry, FindsModulesById) {
  Registry r = toy_registry();
  ASSERT_NE(r.find("dice-race"), nullptr);
  EXPECT_EQ(r.find("dice-race")->title, "Dice Race (engine test fixture)");
  EXPECT_EQ(r.find("chess"), nullptr);
  EXPECT_EQ(r.modules().size(), 1u);
}

TEST(Registry, CreatesWithDefaultsAndGivenOptions) {
  Registry r = toy_registry();
  auto game = r.create("dice-race/race", {{"target", "30"}});
  EXPECT_EQ(game->id(), "dice-race");
  EXPECT_EQ(game->scenario(), "race");
  EXPECT_EQ(dynamic_cast<const DiceRaceGame&>(*game).target(), 30);
  EXPECT_EQ(game->options(), (Options{{"target", "30"}, {"bug", "none"}}));
  // The only scenario may be left out.
  auto plain = r.create("dice-race", {});
  EXPECT_EQ(dynamic_cast<const DiceRaceGame&>(*plain).target(), 20);
}

TEST(Registry, ResolveOptionsFillsDefaultsInSpecOrder) {
  Registry r = toy_registry();
  Options o = r.resolve_options(*r.find("dice-race"), {{"bug", "runaway"}});
  EXPECT_EQ(o, (Options{{"target", "20"}, {"bug", "runaway"}}));
}

TEST(Registry, UserErrorsAreUsageErrors) {
  Registry r = toy_registry();
  EXPECT_THAT(usage_error(r, "chess", {}), StartsWith("unknown game 'chess'"));
  EXPECT_THAT(usage_error(r, "dice-race/sprint", {}),
              StartsWith("unknown scenario 'dice-race/sprint'"));
  EXPECT_THAT(usage_error(r, "dice-race", {{"colour", "red"}}),
              StartsWith("unknown option 'colour' for dice-race (options: target, bug)"));
  EXPECT_THAT(usage_error(r, "dice-race", {{"target", "0"}}),
              StartsWith("bad value '0' for option 'target': the target must be"));
  EXPECT_THAT(usage_error(r, "dice-race", {{"target", "5"}, {"target", "6"}}),
              HasSubstr("given more than once"));
}

TEST(Registry, AnUnavailableScenarioAnswersWithItsReasonInBothLanguages) {
  Registry r = toy_registry();
  GameModule m = *r.find("dice-race");
  m.id = "dice-race-2";
  m.unavailable = [](std::string_view s) -> Text {
    if (s != "marathon") return {};
    return {"needs the rule 'stamina'", "braucht die Regel 'stamina'"};
  };
  r.add(m);
  EXPECT_THAT(usage_error(r, "dice-race-2/marathon", {}),
              StartsWith("dice-race-2/marathon is not playable: needs the rule 'stamina'"));
  try {
    (void)r.create("dice-race-2/marathon", {});
    ADD_FAILURE() << "no error";
  } catch (const UsageError& e) {
    EXPECT_EQ(e.in(Lang::kEn), "dice-race-2/marathon is not playable: needs the rule 'stamina'");
    EXPECT_EQ(e.in(Lang::kDe),
              "dice-race-2/marathon ist nicht spielbar: braucht die Regel 'stamina'");
  }
  EXPECT_THAT(usage_error(r, "dice-race-2/sprint", {}),
              StartsWith("unknown scenario 'dice-race-2/sprint'"));
}

TEST(DataDir, EnvironmentOverridesTheCompiledInDirectory) {
  const char* old = std::getenv("FELDHERR_DATA");
  std::string saved = old ? old : "";
  ::setenv("FELDHERR_DATA", "/tmp/feldherr-data-test", 1);
  EXPECT_EQ(data_dir(), "/tmp/feldherr-data-test");
  ::setenv("FELDHERR_DATA", "", 1);  // empty means unset
  EXPECT_NE(data_dir(), "");
  EXPECT_NE(data_dir(), "/tmp/feldherr-data-test");
  if (old)
    ::setenv("FELDHERR_DATA", saved.c_str(), 1);
  else
    ::unsetenv("FELDHERR_DATA");
}

}  // namespace
}  // namespace feldherr::toy
