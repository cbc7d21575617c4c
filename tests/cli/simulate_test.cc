// `feldherr simulate` (docs/cli.md) run in-process (cli::run): mostly against a registry holding
// the engine's Dice Race fixture (tests/engine/toy_game.h, rules cited as "DR §n"), plus one small
// batch of the product's Pocket Battles.
#include <fmt/format.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "cli/cli.h"
#include "cli/commands.h"
#include "engine/player.h"
#include "engine/roll_odds.h"
#include "tests/cli/cli_test_util.h"
#include "tests/engine/toy_game.h"

namespace feldherr {
namespace {

using cli_test::CliRun;
using cli_test::last_line;
using cli_test::lines;
using cli_test::run_cli;
using cli_test::TempDir;

namespace fs = std::filesystem;
using ::testing::HasSubstr;
using ::testing::StartsWith;

CliRun run_race(const std::vector<std::string>& args) {
  return run_cli(cli_test::race_registry_with_heuristic(), args);
}

// The output without the timing line (games/s differs from run to run).
std::string without_speed(const std::string& text) {
  std::string result;
  for (const std::string& line : lines(text)) {
    if (line.rfind("speed: ", 0) != 0) result += line + '\n';
  }
  return result;
}

void expect_simulate_usage_error(const std::vector<std::string>& args,
                                 const std::string& fragment) {
  CliRun r = run_race(args);
  EXPECT_EQ(r.code, cli::kExitUsage) << r.out << r.err;
  EXPECT_EQ(lines(r.err).size(), 1u) << r.err;
  EXPECT_THAT(r.err, StartsWith("error: "));
  EXPECT_THAT(r.err, HasSubstr(fragment));
  EXPECT_EQ(r.out, "");
}

nlohmann::json read_json(const std::string& path) {
  std::ifstream in(path);
  return nlohmann::json::parse(in);
}

// A batch of Dice Race, red random and blue heuristic, with --json; returns the JSON.
nlohmann::json race_batch(const TempDir& dir, const std::string& name,
                          std::vector<std::string> extra, const std::string& games = "40",
                          const std::string& seed = "5") {
  std::vector<std::string> args = {"simulate", "dice-race/race", "--games", games,
                                   "--seat",   "red=random",     "--seed",  seed,
                                   "--json",   dir.file(name)};
  args.insert(args.end(), extra.begin(), extra.end());
  CliRun r = run_race(args);
  EXPECT_EQ(r.code, cli::kExitOk) << r.out << r.err;
  return read_json(dir.file(name));
}

TEST(CliSimulate, TablePerSideAndFinalLine) {
  CliRun r = run_race({"simulate", "dice-race/race", "--games", "30", "--seat", "red=random",
                       "--seat", "blue=random", "--seed", "3"});
  ASSERT_EQ(r.code, cli::kExitOk) << r.err;
  EXPECT_EQ(r.err, "");  // no progress: stderr is not a terminal
  const auto out = lines(r.out);
  ASSERT_GE(out.size(), 9u);
  EXPECT_EQ(out.front(), "seed: 3");
  EXPECT_EQ(out.back(), "simulate: 30 games");  // contract
  EXPECT_THAT(r.out, HasSubstr("seats: red=random, blue=random\n"));
  EXPECT_THAT(r.out, HasSubstr("games: 30 of a batch of 30 (shard 1/1), seed 3\n"));
  EXPECT_THAT(r.out, HasSubstr("length (actions): mean "));
  EXPECT_THAT(r.out, HasSubstr(" games/s ("));
  // Rows "red", "blue", "draws": wins add up to the games (DR §5: every game ends).
  long long total = 0;
  for (const std::string label : {"red ", "blue ", "draws "}) {
    bool found = false;
    for (const std::string& line : out) {
      if (line.rfind(label, 0) != 0) continue;
      found = true;
      std::istringstream fields(line.substr(label.size()));
      std::string player;
      long long wins = -1;
      if (label != "draws ") fields >> player;
      fields >> wins;
      EXPECT_GE(wins, 0) << line;
      total += wins;
      EXPECT_THAT(line, HasSubstr(" %.."));
    }
    EXPECT_TRUE(found) << label << "\n" << r.out;
  }
  EXPECT_EQ(total, 30);
}

// --report writes one self-contained HTML page: the table with the Wilson intervals,
// an SVG chart of the win rates and an SVG histogram of the lengths, and how to reproduce it.
TEST(CliSimulate, ReportIsAnHtmlPageWithTheTableAndTwoSvgCharts) {
  TempDir dir("feldherr-sim");
  const auto j = race_batch(dir, "r.json", {"--report", dir.file("r.html")});
  std::ifstream in(dir.file("r.html"));
  std::stringstream buf;
  buf << in.rdbuf();
  const std::string html = buf.str();
  EXPECT_THAT(html, StartsWith("<!DOCTYPE html>"));
  EXPECT_THAT(html, HasSubstr("<h1>dice-race/race</h1>"));
  size_t svgs = 0;
  for (size_t at = html.find("<svg"); at != std::string::npos; at = html.find("<svg", at + 1))
    ++svgs;
  EXPECT_EQ(svgs, 2u);
  EXPECT_THAT(html, HasSubstr("aria-label=\"win rates with 95 % intervals\""));
  EXPECT_THAT(html, HasSubstr("aria-label=\"game length distribution\""));
  // The red row: its win count and its Wilson interval as the table prints them.
  const long long red = j["wins"]["red"].get<long long>();
  const auto [lo, hi] = wilson95(red, 40);
  EXPECT_THAT(html, HasSubstr(fmt::format("<tr><td>red</td><td>random</td><td>{}</td>", red)));
  EXPECT_THAT(html, HasSubstr(fmt::format("{:.1f} % .. {:.1f} %", 100 * lo, 100 * hi)));
  EXPECT_THAT(html, HasSubstr("feldherr simulate dice-race/race --games 40 --seed 5"));
  EXPECT_EQ(html.find("<script"), std::string::npos);
}

TEST(CliSimulate, SameSeedSameGames) {
  TempDir dir("feldherr-sim");
  const auto a = race_batch(dir, "a.json", {});
  const auto b = race_batch(dir, "b.json", {});
  EXPECT_EQ(a["results"], b["results"]);
  EXPECT_EQ(a["lengths"], b["lengths"]);
  EXPECT_EQ(a["wins"], b["wins"]);
  const auto other = race_batch(dir, "c.json", {}, "40", "6");
  EXPECT_NE(a["lengths"], other["lengths"]);  // another seed, other dice
}

TEST(CliSimulate, ThreadsDoNotChangeTheGames) {
  TempDir dir("feldherr-sim");
  const auto one = race_batch(dir, "one.json", {"--threads", "1"});
  const auto two = race_batch(dir, "two.json", {"--threads", "2"});
  const auto five = race_batch(dir, "five.json", {"--threads", "5"});
  EXPECT_EQ(one["results"], two["results"]);
  EXPECT_EQ(one["lengths"], two["lengths"]);
  EXPECT_EQ(one["results"], five["results"]);
  EXPECT_EQ(one["lengths"], five["lengths"]);
  EXPECT_EQ(two["threads"], 2);
}

TEST(CliSimulate, TwoShardsTogetherAreTheWholeBatch) {
  TempDir dir("feldherr-sim");
  const auto whole = race_batch(dir, "whole.json", {}, "41");
  const auto first = race_batch(dir, "s1.json", {"--shard", "1/2"}, "41");
  const auto second = race_batch(dir, "s2.json", {"--shard", "2/2"}, "41");
  EXPECT_EQ(first["games"], 21);
  EXPECT_EQ(second["games"], 20);
  EXPECT_EQ(first["shard"], "1/2");
  // Game i of the batch is game i / 2 of shard i % 2 + 1.
  for (size_t i = 0; i < 41; ++i) {
    const auto& part = i % 2 == 0 ? first : second;
    EXPECT_EQ(whole["results"][i], part["results"][i / 2]) << i;
    EXPECT_EQ(whole["lengths"][i], part["lengths"][i / 2]) << i;
  }
  for (const std::string side : {"red", "blue"}) {
    EXPECT_EQ(whole["wins"][side].get<int>(),
              first["wins"][side].get<int>() + second["wins"][side].get<int>());
  }
  EXPECT_EQ(whole["draws"].get<int>(), first["draws"].get<int>() + second["draws"].get<int>());

  // --merge prints the table of the whole batch.
  CliRun whole_run = run_race(
      {"simulate", "dice-race/race", "--games", "41", "--seat", "red=random", "--seed", "5"});
  CliRun merged = run_race({"simulate", "--merge", dir.file("s2.json"), dir.file("s1.json"),
                            "--json", dir.file("merged.json")});
  ASSERT_EQ(merged.code, cli::kExitOk) << merged.err;
  // Without the `seed: S` line (merge prints only the table) and the timing.
  EXPECT_EQ(without_speed(merged.out),
            without_speed(whole_run.out.substr(whole_run.out.find('\n') + 1)));
  const auto merged_json = read_json(dir.file("merged.json"));
  EXPECT_EQ(merged_json["results"], whole["results"]);
  EXPECT_EQ(merged_json["lengths"], whole["lengths"]);
  EXPECT_EQ(merged_json["shard"], "1/1");
}

TEST(CliSimulate, MergeRefusesShardsOfDifferentBatches) {
  TempDir dir("feldherr-sim");
  race_batch(dir, "s1.json", {"--shard", "1/2"});
  race_batch(dir, "other.json", {"--shard", "2/2"}, "40", "99");
  CliRun r = run_race({"simulate", "--merge", dir.file("s1.json"), dir.file("other.json")});
  EXPECT_EQ(r.code, cli::kExitError);
  EXPECT_THAT(r.err, StartsWith(dir.file("other.json") + ":1: not a shard of the same batch"));
  CliRun twice = run_race({"simulate", "--merge", dir.file("s1.json"), dir.file("s1.json")});
  EXPECT_EQ(twice.code, cli::kExitError);
  EXPECT_THAT(twice.err, HasSubstr("given twice"));
}

TEST(CliSimulate, MergeOfSomeShardsNamesTheMissingOnes) {
  TempDir dir("feldherr-sim");
  race_batch(dir, "s1.json", {"--shard", "1/3"}, "30");
  race_batch(dir, "s3.json", {"--shard", "3/3"}, "30");
  CliRun r = run_race({"simulate", "--merge", dir.file("s3.json"), dir.file("s1.json")});
  EXPECT_EQ(r.code, cli::kExitOk) << r.err;
  EXPECT_EQ(r.err, "note: missing shards: 2/3; the table covers 20 of 30 games\n");
  EXPECT_THAT(r.out, HasSubstr("games: 20 of a batch of 30 (shards 1/3, 3/3), seed 5\n"));
  EXPECT_EQ(lines(r.out).back(), "simulate: 20 games");
  expect_simulate_usage_error(
      {"simulate", "--merge", dir.file("s1.json"), "--json", dir.file("m.json")}, "every shard");
  EXPECT_FALSE(fs::exists(dir.file("m.json")));
}

TEST(CliSimulate, GameIIsThePlayedGameWithTheDerivedSeed) {
  TempDir dir("feldherr-sim");
  const auto batch = race_batch(dir, "batch.json", {"--seat", "blue=random"}, "6", "17");
  for (uint64_t i = 0; i < 6; ++i) {
    CliRun play =
        run_race({"play", "dice-race/race", "--seat", "red=random", "--seat", "blue=random",
                  "--quiet", "--seed", std::to_string(cli::derive_seed(17, i))});
    ASSERT_EQ(play.code, cli::kExitOk) << play.err;
    const std::string winner = batch["results"][i].get<std::string>();
    EXPECT_EQ(play.out, "result: " + (winner == "draw" ? "draw" : winner + " wins") + "\n") << i;
  }
}

TEST(CliSimulate, SidesWithoutSeatArePlayedByTheHeuristic) {
  TempDir dir("feldherr-sim");
  const auto batch = race_batch(dir, "batch.json", {}, "3");
  EXPECT_EQ(batch["seats"]["red"], "random");
  EXPECT_EQ(batch["seats"]["blue"], "last-action");
  EXPECT_EQ(batch["sides"], nlohmann::json::array({"red", "blue"}));
  EXPECT_EQ(batch["seed"], 5);
  EXPECT_EQ(batch["total_games"], 3);
  EXPECT_EQ(batch["options"]["target"], "20");
}

TEST(CliSimulate, MaxActionsLeavesGamesUnfinished) {
  CliRun r =
      run_race({"simulate", "dice-race/race", "--games", "4", "--seed", "1", "--max-actions", "3"});
  EXPECT_EQ(r.code, cli::kExitUnfinished);
  EXPECT_THAT(r.out, HasSubstr("\nunfinished "));
  EXPECT_THAT(r.out, HasSubstr("length (actions): mean 3.0, min 3, median 3, max 3\n"));
  EXPECT_EQ(lines(r.out).back(), "simulate: 4 games");
}

TEST(CliSimulate, BadArgumentsExit2) {
  const std::string g = "dice-race/race";
  expect_simulate_usage_error({"simulate", g, "--games", "0"}, "--games N with N >= 1");
  expect_simulate_usage_error({"simulate", g}, "--games N with N >= 1");
  expect_simulate_usage_error({"simulate", g, "--games", "-3"}, "--games");
  expect_simulate_usage_error({"simulate", g, "--games", "5", "--threads", "0"}, "--threads");
  expect_simulate_usage_error({"simulate", g, "--games", "5", "--shard", "0/4"},
                              "bad --shard '0/4'");
  expect_simulate_usage_error({"simulate", g, "--games", "5", "--shard", "5/4"},
                              "bad --shard '5/4'");
  expect_simulate_usage_error({"simulate", g, "--games", "5", "--shard", "1/0"},
                              "bad --shard '1/0'");
  expect_simulate_usage_error({"simulate", g, "--games", "5", "--shard", "2"}, "bad --shard '2'");
  expect_simulate_usage_error({"simulate", g, "--games", "5", "--seat", "green=random"},
                              "unknown side 'green'");
  expect_simulate_usage_error(
      {"simulate", g, "--games", "5", "--seat", "red=human"},
      "unknown player 'human' for side red (players: ai:easy, ai:normal, ai:hard, random, "
      "heuristic, mcts");
  expect_simulate_usage_error({"simulate", g, "--games", "5", "--seat", "red"},
                              "expected SIDE=PLAYER");
  expect_simulate_usage_error({"simulate", g, "--games", "5", "--seed", "x"}, "seed");
  expect_simulate_usage_error({"simulate", g, "--games", "5", "--option", "speed=2"}, "speed");
  expect_simulate_usage_error({"simulate", "--games", "5"}, "GAME/SCENARIO");
  expect_simulate_usage_error({"simulate", "chess/classic", "--games", "5"},
                              "unknown game 'chess'");
}

TEST(CliSimulate, WilsonIntervalOfKnownCases) {
  // 9 of 10: 59.6 %..98.2 % (Wilson 1927; e.g. Newcombe 1998, table I method 3).
  auto [low, high] = wilson95(9, 10);
  EXPECT_NEAR(low, 0.5958, 0.0001);
  EXPECT_NEAR(high, 0.9821, 0.0001);
  std::tie(low, high) = wilson95(0, 10);
  EXPECT_DOUBLE_EQ(low, 0.0);
  EXPECT_NEAR(high, 0.2775, 0.0001);
  std::tie(low, high) = wilson95(500, 500);
  EXPECT_NEAR(low, 0.9924, 0.0001);
  EXPECT_DOUBLE_EQ(high, 1.0);
  std::tie(low, high) = wilson95(50, 100);
  EXPECT_NEAR(low, 0.4038, 0.0001);
  EXPECT_NEAR(high, 0.5962, 0.0001);
}

std::string fmt_percent(double fraction) {
  char text[32];
  std::snprintf(text, sizeof text, "%.1f %%", 100 * fraction);
  return text;
}

TEST(CliSimulate, WilsonIntervalPrintedInTheTable) {
  // The row of a side shows the interval of its wins out of the games, 1 decimal.
  CliRun r = run_race({"simulate", "dice-race/race", "--games", "10", "--seat", "red=random",
                       "--seat", "blue=random", "--seed", "11"});
  ASSERT_EQ(r.code, cli::kExitOk);
  int rows = 0;
  for (const std::string& line : lines(r.out)) {
    if (line.rfind("red ", 0) != 0) continue;
    ++rows;
    std::istringstream fields(line.substr(4));
    std::string player;
    long long wins = -1;
    fields >> player >> wins;
    const auto [low, high] = wilson95(wins, 10);
    EXPECT_THAT(line, HasSubstr(fmt_percent(low) + ".." + fmt_percent(high))) << line;
  }
  EXPECT_EQ(rows, 1) << r.out;
}

// Pocket Battles, the product's game: a handful of games, threads and the derived seeds agree.
TEST(CliSimulate, PocketBatchIndependentOfThreads) {
  TempDir dir("feldherr-sim");
  const std::vector<std::string> base = {"simulate", "pocket/orcs-vs-elves", "--games", "4",
                                         "--seat",   "orcs=random",          "--seed",  "9"};
  auto with = [&](std::vector<std::string> extra) {
    std::vector<std::string> args = base;
    args.insert(args.end(), extra.begin(), extra.end());
    return args;
  };
  CliRun one = run_cli(all_games(), with({"--json", dir.file("one.json")}));
  CliRun two = run_cli(all_games(), with({"--threads", "2", "--json", dir.file("two.json")}));
  ASSERT_EQ(one.code, cli::kExitOk) << one.err;
  ASSERT_EQ(two.code, cli::kExitOk) << two.err;
  EXPECT_EQ(lines(one.out).back(), "simulate: 4 games");
  const auto a = read_json(dir.file("one.json"));
  const auto b = read_json(dir.file("two.json"));
  EXPECT_EQ(a["results"], b["results"]);
  EXPECT_EQ(a["lengths"], b["lengths"]);
  EXPECT_EQ(a["seats"]["elves"], "heuristic");
  CliRun play = run_cli(all_games(), {"play", "pocket/orcs-vs-elves", "--seat", "orcs=random",
                                      "--quiet", "--seed", std::to_string(cli::derive_seed(9, 2))});
  ASSERT_EQ(play.code, cli::kExitOk) << play.err;
  const std::string winner = a["results"][2].get<std::string>();
  EXPECT_EQ(play.out, "result: " + (winner == "draw" ? "draw" : winner + " wins") + "\n");
}

}  // namespace
}  // namespace feldherr
