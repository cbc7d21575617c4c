// The built `feldherr` binary run as a subprocess with the product's games (all_games()), as
// scripts and other tools use it (docs/cli.md). Pocket Battles ("pocket/orcs-vs-elves", sides
// orcs and elves) is the product's first game; only its registry names are used here, never its
// internals.
#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <regex>
#include <sstream>

#include "tests/cli/cli_test_util.h"

namespace feldherr {
namespace {

using cli_test::last_line;
using cli_test::lines;
using cli_test::TempDir;

namespace fs = std::filesystem;
using ::testing::HasSubstr;
using ::testing::StartsWith;

const char* const kBinary = FELDHERR_BINARY_DIR "/cli/feldherr";
const char* const kGame = "pocket/orcs-vs-elves";

std::string read_file(const fs::path& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

struct Outcome {
  int code = -1;
  std::string out;
  std::string err;
};

std::string quote(const std::string& arg) {
  std::string q = "'";
  for (char c : arg) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return q + "'";
}

// Runs the binary with `args`, `input` on stdin; captures stdout, stderr and the exit code.
Outcome feldherr(const std::vector<std::string>& args, const std::string& input = "") {
  static int counter = 0;
  const fs::path base =
      fs::temp_directory_path() /
      ("feldherr-clibin-io-" + std::to_string(::getpid()) + "-" + std::to_string(counter++));
  const std::string in = base.string() + ".in", out = base.string() + ".out",
                    err = base.string() + ".err";
  std::ofstream(in) << input;
  std::string command = quote(kBinary);
  for (const std::string& arg : args) command += " " + quote(arg);
  command += " < " + quote(in) + " > " + quote(out) + " 2> " + quote(err);
  const int status = std::system(command.c_str());
  Outcome o;
  o.code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  o.out = read_file(out);
  o.err = read_file(err);
  fs::remove(in);
  fs::remove(out);
  fs::remove(err);
  return o;
}

void edit_line(const std::string& path, size_t number, const std::string& replacement) {
  auto all = lines(read_file(path));
  ASSERT_LE(number, all.size());
  all[number - 1] = replacement;
  std::ofstream out(path);
  for (const auto& line : all) out << line << '\n';
}

TEST(CliBinary, ListShowsEveryScenarioAsGameSlashScenarioTwoSpacesTitle) {
  Outcome o = feldherr({"list"});
  ASSERT_EQ(o.code, 0) << o.err;
  EXPECT_EQ(o.err, "");
  const auto all = lines(o.out);
  ASSERT_FALSE(all.empty());
  for (const std::string& line : all) {
    EXPECT_TRUE(
        std::regex_match(line, std::regex(R"([a-z0-9][a-z0-9-]*/[a-z0-9][a-z0-9-]*  \S.*)")))
        << line;
  }
  EXPECT_THAT(o.out, HasSubstr(std::string(kGame) + "  "));
}

void expect_binary_usage_error(const std::vector<std::string>& args, const std::string& fragment) {
  Outcome o = feldherr(args);
  EXPECT_EQ(o.code, 2) << o.out << o.err;
  EXPECT_EQ(lines(o.err).size(), 1u) << o.err;
  EXPECT_THAT(o.err, HasSubstr(fragment));
  EXPECT_EQ(o.out, "");
}

TEST(CliBinary, BadCommandLinesExit2WithOneLine) {
  expect_binary_usage_error({"play", kGame, "--seat", "dwarves=random"}, "unknown side 'dwarves'");
  expect_binary_usage_error({"play", kGame, "--seat", "orcs=alphazero"},
                            "unknown player 'alphazero'");
  expect_binary_usage_error({"play", kGame, "--option", "nonsense=1"}, "unknown option 'nonsense'");
  expect_binary_usage_error({"play", kGame, "--seed", "seven"}, "seed");
  expect_binary_usage_error({"play", kGame, "--seed", "-7"}, "seed");
  expect_binary_usage_error({"play", kGame, "--turbo"}, "--turbo");
  expect_binary_usage_error({"play", "pocket/dwarves-vs-gnomes"}, "unknown scenario");
  expect_binary_usage_error({"bogus", kGame}, "unknown command 'bogus'");
}

// `feldherr bench` prints only lines "anchor=feldherr metric=<name> value=<number>
// unit=<unit>", with positive numbers, for random play, clone, legal actions, MCTS and WSR odds.
TEST(CliBinary, BenchPrintsAnchorMetricValueUnitLines) {
  Outcome o = feldherr({"bench", "--game", "pocket", "--game", "wsr", "--seconds", "0.1"});
  ASSERT_EQ(o.code, 0) << o.err;
  std::set<std::string> metrics;
  for (const std::string& l : lines(o.out)) {
    std::smatch m;
    ASSERT_TRUE(std::regex_match(
        l, m, std::regex(R"(anchor=feldherr metric=([a-z_.]+) value=([0-9.]+) unit=(\S+))")))
        << l;
    EXPECT_GT(std::stod(m[2]), 0.0) << l;
    metrics.insert(m[1]);
  }
  for (const char* want : {"pocket.random_play", "pocket.clone", "pocket.legal_actions",
                           "pocket.mcts_iterations", "wsr.random_play", "wsr.fire_odds",
                           // GameModule::bench_scenarios: an advanced WSR scenario beside Noville
                           "wsr.paderborn.random_play", "wsr.paderborn.mcts_iterations"})
    EXPECT_TRUE(metrics.count(want)) << want;
  expect_binary_usage_error({"bench", "--game", "chess"}, "unknown game 'chess'");
}

// `odds log FILE --at N --action TEXT` gives the exact odds of an action in a position
// of a replay log: here the first fire of a logged WSR game (WSR 6.1).
TEST(CliBinary, OddsOfAnActionInAPositionOfAReplayLog) {
  TempDir dir("feldherr-clibin");
  const std::string log = dir.file("wsr.jsonl");
  Outcome g = feldherr({"play", "wsr/noville", "--seed", "3", "--seat", "us=random", "--seat",
                        "de=random", "--quiet", "--log", log, "--max-actions", "400"});
  ASSERT_NE(g.code, 2) << g.err;
  std::ifstream in(log);
  std::string first_fire;
  long long at = -1;
  for (std::string line; std::getline(in, line);) {
    const auto j = nlohmann::json::parse(line);
    if (j.value("type", "") == "action" && j.value("action", "").rfind("fire ", 0) == 0 &&
        j["action"].get<std::string>().find('-', 5) != std::string::npos) {
      first_fire = j["action"];
      at = j["n"].get<long long>() - 1;
      break;
    }
  }
  ASSERT_GE(at, 0) << "no fire in the logged game";
  Outcome o =
      feldherr({"odds", "log", log, "--at", std::to_string(at), "--action", first_fire, "--json"});
  ASSERT_EQ(o.code, 0) << o.err;
  const auto j = nlohmann::json::parse(o.out);
  EXPECT_EQ(j["action"], first_fire);
  EXPECT_EQ(j["position"]["after_actions"], at);
  double total = 0;
  for (const auto& [k, p] : j["net_hits"].items()) total += p.get<double>();
  EXPECT_NEAR(total, 1.0, 1e-9);
  ASSERT_TRUE(j.contains("results") || j.contains("units")) << o.out;
  Outcome bad =
      feldherr({"odds", "log", log, "--at", std::to_string(at), "--action", "move A-A01"});
  EXPECT_EQ(bad.code, 2);
  Outcome beyond = feldherr({"odds", "log", log, "--at", "99999", "--action", first_fire});
  EXPECT_EQ(beyond.code, 2);
  EXPECT_NE(beyond.err.find("holds only"), std::string::npos) << beyond.err;
}

// The luck tracker of the replay analysis: expected vs actual hits per side.
TEST(CliBinary, ReplayLuckReportsExpectedAndActualHitsPerSide) {
  TempDir dir("feldherr-clibin");
  const std::string log = dir.file("pocket.jsonl");
  ASSERT_EQ(feldherr({"play", kGame, "--seed", "5", "--seat", "orcs=heuristic", "--seat",
                      "elves=heuristic", "--quiet", "--log", log})
                .code,
            0);
  Outcome o = feldherr({"replay", log, "--quiet", "--luck"});
  ASSERT_EQ(o.code, 0) << o.err;
  EXPECT_THAT(o.out, HasSubstr("luck: expected vs actual"));
  int sides = 0;
  for (const std::string& l : lines(o.out)) {
    std::smatch m;
    if (!std::regex_match(
            l, m, std::regex(R"((orcs|elves)\s+hits\s+(\d+)\s+([0-9.]+)\s+(\d+)\s+([-+][0-9.]+))")))
      continue;
    ++sides;
    EXPECT_GT(std::stoi(m[2]), 0) << l;
    EXPECT_NEAR(std::stod(m[4]) - std::stod(m[3]), std::stod(m[5]), 0.006) << l;
  }
  EXPECT_EQ(sides, 2) << o.out;
}

// "--seat P1=random" works: names match without regard to case.
TEST(CliBinary, SideNamesMatchWithoutRegardToCase) {
  Outcome o = feldherr({"play", "westerplatte/easy", "--seat", "P1=random", "--seed", "2",
                        "--quiet", "--max-actions", "200"});
  EXPECT_NE(o.code, 2) << o.err;
  EXPECT_EQ(o.err.find("unknown side"), std::string::npos) << o.err;
  Outcome u = feldherr(
      {"play", kGame, "--seat", "ORCS=random", "--seat", "Elves=random", "--seed", "7", "--quiet"});
  EXPECT_EQ(u.code, 0) << u.err;
}

const std::vector<std::string> kRandomGame = {
    "play", kGame, "--seed", "7", "--seat", "orcs=random", "--seat", "elves=random", "--quiet"};

TEST(CliBinary, RandomGameEndsWithAResultAndIsDeterministic) {
  Outcome a = feldherr(kRandomGame);
  ASSERT_EQ(a.code, 0) << a.err;
  EXPECT_EQ(lines(a.out).size(), 1u) << a.out;
  EXPECT_THAT(a.out, StartsWith("result: "));
  Outcome b = feldherr(kRandomGame);
  EXPECT_EQ(a.out, b.out);
}

TEST(CliBinary, NarrationShowsWhoDidWhatWithRuleCitations) {
  Outcome o =
      feldherr({"play", kGame, "--seed", "7", "--seat", "orcs=random", "--seat", "elves=random"});
  ASSERT_EQ(o.code, 0) << o.err;
  EXPECT_EQ(lines(o.out).front(), "seed: 7");
  EXPECT_THAT(o.out, HasSubstr("\nseats: orcs=random, elves=random\n"));
  EXPECT_TRUE(std::regex_search(o.out, std::regex(R"(\n1\. (Orcs|Elves|Chance): \S)")));
  EXPECT_TRUE(std::regex_search(o.out, std::regex(R"(\n  \[PB [^\]]+\] \S)")));
  EXPECT_THAT(last_line(o.out), StartsWith("result: "));
  // The quiet run of the same seed ends with the same result line.
  EXPECT_EQ(feldherr(kRandomGame).out, last_line(o.out) + "\n");
}

TEST(CliBinary, SidesWithoutSeatArePlayedByTheHeuristicAndDiceAreShown) {
  // The heuristic fights (random players tend to concede, PB Spielende 1, before any combat).
  Outcome o = feldherr({"play", kGame, "--seed", "7"});
  ASSERT_EQ(o.code, 0) << o.err;
  EXPECT_EQ(o.err, "") << "pocket has a heuristic player (GameModule::make_heuristic)";
  EXPECT_THAT(o.out, ::testing::Not(HasSubstr("seats: orcs=random")));
  EXPECT_TRUE(std::regex_search(o.out, std::regex(R"(\n\d+\. Chance: Roll: \d[^\n]*\(.*PB )")))
      << "every die roll is shown with what it is for";
  EXPECT_THAT(last_line(o.out), StartsWith("result: "));
  EXPECT_EQ(feldherr({"play", kGame, "--seed", "7", "--quiet"}).out, last_line(o.out) + "\n");
}

TEST(CliBinary, LogThenReplayVerifyGivesTheSameHashForTheSameSeed) {
  TempDir dir("feldherr-clibin");
  std::vector<std::string> hashes;
  for (const char* name : {"a.jsonl", "b.jsonl"}) {
    std::vector<std::string> args = kRandomGame;
    args.insert(args.end(), {"--log", dir.file(name)});
    Outcome play = feldherr(args);
    ASSERT_EQ(play.code, 0) << play.err;
    int actions = 0;
    for (const auto& line : lines(read_file(dir.file(name)))) {
      actions += line.find("\"type\":\"action\"") != std::string::npos;
    }
    Outcome verify = feldherr({"replay", dir.file(name), "--verify"});
    ASSERT_EQ(verify.code, 0) << verify.err;
    ASSERT_TRUE(std::regex_match(last_line(verify.out),
                                 std::regex(R"(verified: \d+ actions, hash [0-9a-f]{16}, )"
                                            R"(dice not checked: no commitment)")))
        << verify.out;
    EXPECT_THAT(last_line(verify.out),
                StartsWith("verified: " + std::to_string(actions) + " actions, hash "));
    hashes.push_back(last_line(verify.out));
    // Plain replay ends with the game's result line.
    Outcome replay = feldherr({"replay", dir.file(name), "--quiet"});
    EXPECT_EQ(replay.code, 0) << replay.err;
    EXPECT_EQ(replay.out, play.out);
  }
  EXPECT_EQ(hashes[0], hashes[1]);
}

TEST(CliBinary, CorruptedLogGivesFileLineAndExit1) {
  TempDir dir("feldherr-clibin");
  const std::string log = dir.file("game.jsonl");
  std::vector<std::string> args = kRandomGame;
  args.insert(args.end(), {"--log", log});
  ASSERT_EQ(feldherr(args).code, 0);
  // Replace an action in the middle of the game with one that does not exist.
  const auto all = lines(read_file(log));
  std::vector<size_t> action_lines;
  for (size_t i = 0; i < all.size(); ++i) {
    if (all[i].find("\"type\":\"action\"") != std::string::npos) action_lines.push_back(i + 1);
  }
  ASSERT_GE(action_lines.size(), 3u);
  const size_t bad_line = action_lines[action_lines.size() / 2];
  edit_line(log, bad_line,
            std::regex_replace(all[bad_line - 1], std::regex(R"("action":"[^"]*")"),
                               R"("action":"frobnicate 99")"));
  Outcome o = feldherr({"replay", log, "--verify"});
  EXPECT_EQ(o.code, 1);
  EXPECT_THAT(o.err, StartsWith(log + ":" + std::to_string(bad_line) + ": "));
  EXPECT_EQ(lines(o.err).size(), 1u) << o.err;

  // A line that is not JSON at all.
  edit_line(log, 2, "{\"type\":\"action\",");
  o = feldherr({"replay", log, "--verify"});
  EXPECT_EQ(o.code, 1);
  EXPECT_THAT(o.err, StartsWith(log + ":2: "));
}

TEST(CliBinary, ValidateShippedDataIsOk) {
  Outcome o = feldherr({"validate"});
  EXPECT_EQ(o.code, 0) << o.err;
  EXPECT_TRUE(std::regex_match(o.out, std::regex("ok: [1-9][0-9]* files\n"))) << o.out;
}

TEST(CliBinary, ValidateBrokenTomlGivesFileLineAndExit1) {
  TempDir dir("feldherr-clibin");
  // Files under a directory named like the game's data_subdir belong to that game.
  const std::string broken = dir.file("pocket/broken.toml");
  fs::create_directories(dir.path() / "pocket");
  std::ofstream(broken) << "[army]\nid = \"orcs\"\nname = \"Orcs\n";
  Outcome o = feldherr({"validate", dir.path().string()});
  EXPECT_EQ(o.code, 1);
  EXPECT_EQ(o.out, "");
  EXPECT_TRUE(std::regex_search(o.err, std::regex("^" + broken + R"(:3: \S)"))) << o.err;
}

// A required file deleted from the data directory: no file is broken, but Pocket Battles
// cannot be set up. `validate` said "ok".
TEST(CliBinary, ValidateDataDirectoryMissingARequiredFileFails) {
  TempDir dir("feldherr-clibin");
  fs::copy(fs::path(FELDHERR_SOURCE_DIR) / "data", dir.path() / "data",
           fs::copy_options::recursive);
  fs::remove(dir.path() / "data" / "pocket" / "elves.toml");
  ::setenv("FELDHERR_DATA", (dir.path() / "data").c_str(), 1);
  Outcome o = feldherr({"validate"});
  Outcome listed = feldherr({"validate", (dir.path() / "data" / "pocket").string()});
  ::unsetenv("FELDHERR_DATA");
  EXPECT_EQ(o.code, 1) << o.out;
  EXPECT_EQ(o.out, "");
  EXPECT_THAT(o.err, HasSubstr("elves.toml"));
  EXPECT_THAT(o.err, HasSubstr("(needed by pocket/orcs-vs-elves)"));
  EXPECT_EQ(listed.code, 1) << listed.out;
  EXPECT_THAT(listed.err, HasSubstr("(needed by pocket/orcs-vs-elves)"));
}

// A broken WSR counter file is also reached through the scenario and formation cross-checks:
// its error is printed once.
TEST(CliBinary, ValidateReportsEachErrorOnce) {
  TempDir dir("feldherr-clibin");
  fs::copy(fs::path(FELDHERR_SOURCE_DIR) / "data" / "wsr", dir.path() / "wsr",
           fs::copy_options::recursive);
  std::ofstream(dir.path() / "wsr" / "counters-us.toml", std::ios::app) << "broken = = 1\n";
  Outcome o = feldherr({"validate", dir.path().string()});
  EXPECT_EQ(o.code, 1);
  const auto errors = lines(o.err);
  ASSERT_EQ(errors.size(), 1u) << o.err;
  EXPECT_THAT(errors[0], HasSubstr("counters-us.toml:"));
}

// The actions listed under the first "=== SIDE to play" header of a human seat.
std::vector<std::string> listed_actions(const std::string& out) {
  std::vector<std::string> actions;
  const auto all = lines(out);
  bool in_list = false;
  for (const std::string& line : all) {
    std::smatch m;
    if (line.rfind("=== ", 0) == 0) {
      if (in_list) break;
      in_list = true;
    } else if (in_list &&
               std::regex_match(line, m,
                                std::regex(R"(  (\d+)\) (.+?)(?:  · (.+?))?(?:   \[.*\])?)"))) {
      // "N) label  · text   [note]": the text that can be typed (the label when they are equal).
      actions.push_back(m[3].matched ? m[3].str() : m[2].str());
    } else if (in_list && !actions.empty()) {
      break;
    }
  }
  return actions;
}

TEST(CliBinary, HumanSeatsThroughStdin) {
  TempDir dir("feldherr-clibin");
  const std::string log = dir.file("human.jsonl");
  const std::vector<std::string> args = {"play",       kGame,    "--seed",      "7",     "--seat",
                                         "orcs=human", "--seat", "elves=human", "--log", log};
  // First look at the first decision (hot-seat: whose turn it is comes first).
  Outcome look = feldherr(args, "board\n");
  EXPECT_EQ(look.code, 3);
  EXPECT_THAT(look.err, HasSubstr("end of input"));
  EXPECT_TRUE(
      std::regex_search(look.out, std::regex(R"(=== (Orcs|Elves) to play \(action \d+\) ===)")));
  const std::vector<std::string> actions = listed_actions(look.out);
  ASSERT_FALSE(actions.empty()) << look.out;
  // Any listed action but concede (which would end the game).
  std::string chosen;
  for (const std::string& action : actions) {
    if (action != "concede") chosen = action;
  }
  ASSERT_FALSE(chosen.empty()) << look.out;

  // Then play it by text after two bad inputs, and the next decision by number.
  Outcome o = feldherr(args, "zzz-not-an-action\n9999\n" + chosen + "\n1\nlog\nquit\n");
  EXPECT_EQ(o.code, 3) << o.err;
  EXPECT_THAT(o.out, HasSubstr("not understood: "));
  EXPECT_THAT(o.out,
              HasSubstr("no action number 9999: choose 1-" + std::to_string(actions.size())));
  // Hot-seat: the shared screen shows what a spectator may know, so a secret pick is masked
  // (PB Aufbau 6); the log keeps the real action (checked by replay below).
  // The narration names the side and the action's label ("N) label  · text" in the list).
  const auto escaped = [](const std::string& t) {
    return std::regex_replace(t, std::regex(R"([.^$|()\[\]{}*+?\\])"), R"(\$&)");
  };
  std::string label = chosen;
  std::smatch listed;
  if (std::regex_search(look.out, listed,
                        std::regex(R"(\d+\) (.+?)  · )" + escaped(chosen) + R"((   \[|\n))")))
    label = listed[1].str();
  const std::string shown = chosen.rfind("pick ", 0) == 0 ? "Pick (hidden)" : label;
  EXPECT_TRUE(
      std::regex_search(o.out, std::regex(R"(\d+\. (Orcs|Elves): )" + escaped(shown) + "\n")))
      << o.out;
  EXPECT_THAT(last_line(o.out), StartsWith("quit: the game is left unfinished"));
  // The log holds the chosen action and replays.
  EXPECT_THAT(read_file(log), HasSubstr("\"action\":\"" + chosen + "\""));
  Outcome verify = feldherr({"replay", log, "--verify"});
  EXPECT_EQ(verify.code, 0) << verify.err;
  EXPECT_THAT(last_line(verify.out), StartsWith("verified: "));

  // undo right after one's own action: either taken back or refused with the rules' reason.
  Outcome u = feldherr(args, chosen + "\nundo\nquit\n");
  EXPECT_EQ(u.code, 3);
  EXPECT_TRUE(u.out.find("undo (takes back \"" + chosen + "\")") != std::string::npos ||
              u.out.find("cannot undo: the rules have closed undo") != std::string::npos)
      << u.out;
}

}  // namespace
}  // namespace feldherr

namespace feldherr {
namespace {

using ::testing::Not;

// A concession is never a numbered choice and must be confirmed (PB Spielende 1: a player may
// concede at any time, but a slip of the finger must not end the game); `hint` asks the AI.
TEST(CliBinaryHuman, ConcedeIsTypedAndConfirmedAndHintAsksTheAI) {
  const std::vector<std::string> args = {
      "play",   "pocket/orcs-vs-elves", "--seed", "7",
      "--seat", "orcs=human",           "--seat", "elves=heuristic"};
  Outcome o = feldherr(args, "hint\nconcede\nno\nquit\n");
  EXPECT_EQ(o.code, 3) << o.err;
  EXPECT_THAT(o.out,
              ::testing::ContainsRegex("the heuristic AI would play: Pick [^\n]+  · pick orcs\\."));
  EXPECT_THAT(o.out, HasSubstr("Really give up the game? Type yes to concede:"));
  EXPECT_THAT(o.out, HasSubstr("not conceded; the game goes on"));
  EXPECT_THAT(o.out, Not(HasSubstr(") concede\n")));
  std::vector<std::string> german = args;
  german.insert(german.end(), {"--lang", "de"});
  EXPECT_THAT(feldherr(german, "hint\nquit\n").out,
              HasSubstr("die KI (Heuristik) würde spielen: "));

  Outcome c = feldherr(args, "concede\nyes\n");
  EXPECT_EQ(c.code, 0) << c.err;
  EXPECT_EQ(last_line(c.out), "result: elves wins");
}

}  // namespace
}  // namespace feldherr
