// The games' own command-line hooks, found through the registry: a game's odds command
// (`feldherr odds <game> <combat>`, GameModule::odds_command) and its own benchmark lines
// (`feldherr bench`, GameModule::bench). cli/ names no game: these tests register them for the
// engine's Dice Race fixture game (tests/engine/toy_game.h) and check the product's games.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <CLI/CLI.hpp>
#include <memory>
#include <nlohmann/json.hpp>
#include <ostream>
#include <sstream>

#include "cli/cli.h"
#include "tests/engine/toy_game.h"

namespace feldherr {
namespace {

using ::testing::HasSubstr;

struct HookRun {
  int code = -1;
  std::string out, err;
};

HookRun Feldherr(const std::vector<std::string>& args, const Registry& registry) {
  std::istringstream in;
  std::ostringstream out, err;
  HookRun r;
  r.code = cli::run(args, registry, in, out, err);
  r.out = out.str();
  r.err = err.str();
  return r;
}

// Dice Race with an odds command `odds race sum --dice N` (the chance of each sum of N d6 up to
// N = 2) and a benchmark line of its own.
const Registry& hooks_registry() {
  static const Registry registry = [] {
    Registry r;
    GameModule m = toy::dice_race_module();
    m.odds_command.help = "Dice Race rolls";
    m.odds_command.add = [](CLI::App& command) {
      auto dice = std::make_shared<int>(1);
      CLI::App* sum = command.add_subcommand("sum", "The sum of the dice");
      sum->add_option("--dice", *dice, "Dice rolled (1 or 2)")->required();
      return [dice](const std::string& combat, std::ostream& out) {
        if (*dice < 1 || *dice > 2) throw UsageError("--dice: 1 or 2");
        out << combat << " of " << *dice << " dice: P(" << 7 * *dice / 2
            << ") = " << (*dice == 1 ? "1/6" : "6/36") << '\n';
      };
    };
    m.bench = [id = m.id](double seconds, const BenchReport& report) {
      report(id + ".sums", seconds * 100, "sums/s");
    };
    r.add(std::move(m));
    return r;
  }();
  return registry;
}

TEST(CliGameHooks, AGamesOddsCommandIsFoundThroughTheRegistry) {
  const std::string id = toy::dice_race_module().id;
  const HookRun r = Feldherr({"odds", id, "sum", "--dice", "2"}, hooks_registry());
  ASSERT_EQ(r.code, cli::kExitOk) << r.err;
  EXPECT_EQ(r.out, "sum of 2 dice: P(7) = 6/36\n");
  // The game's own UsageError and CLI11's parse errors are bad command lines (exit 2).
  EXPECT_EQ(Feldherr({"odds", id, "sum", "--dice", "3"}, hooks_registry()).code, cli::kExitUsage);
  EXPECT_EQ(Feldherr({"odds", id, "sum"}, hooks_registry()).code, cli::kExitUsage);
  // No combat given: the combats of every game are listed.
  const HookRun none = Feldherr({"odds", id}, hooks_registry());
  EXPECT_EQ(none.code, cli::kExitUsage);
  EXPECT_THAT(none.err, HasSubstr(id + " sum"));
  // Without the module's hook the command does not exist.
  Registry bare;
  bare.add(toy::dice_race_module());
  EXPECT_EQ(Feldherr({"odds", id, "sum", "--dice", "2"}, bare).code, cli::kExitUsage);
}

TEST(CliGameHooks, TheProductsOddsCommandsAreRegisteredByTheirGames) {
  for (const char* game : {"wsr", "pocket"}) {
    const GameModule* m = all_games().find(game);
    ASSERT_NE(m, nullptr) << game;
    EXPECT_TRUE(m->odds_command.add) << game;
  }
  const HookRun r = Feldherr({"odds", "pocket", "shoot", "--dice", "2,6", "--json"}, all_games());
  ASSERT_EQ(r.code, cli::kExitOk) << r.err;
  EXPECT_NEAR(nlohmann::json::parse(r.out)["net_hits"]["1"].get<double>(), 2.0 / 6, 1e-12);
}

TEST(CliGameHooks, AGamesBenchmarkLinesComeFromItsModule) {
  const std::string id = toy::dice_race_module().id;
  const HookRun r = Feldherr({"bench", "--game", id, "--seconds", "0.05"}, hooks_registry());
  ASSERT_EQ(r.code, cli::kExitOk) << r.err;
  EXPECT_THAT(r.out,
              HasSubstr("anchor=feldherr metric=" + id + ".sums value=5.0000 unit=sums/s\n"));
  EXPECT_THAT(r.out, HasSubstr("metric=" + id + ".random_play "));
  EXPECT_TRUE(all_games().find("wsr")->bench);
}

}  // namespace
}  // namespace feldherr
