// The `feldherr` command run in-process (cli::run) against a registry holding the engine's Dice
// Race fixture game (tests/engine/toy_game.h), so that every path of the command line is tested
// independently of the product's games. Dice Race rules are cited as "DR §n".
#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <regex>
#include <sstream>

#include "cli/cli.h"
#include "cli/commands.h"
#include "engine/errors.h"
#include "engine/fair_dice.h"
#include "engine/player.h"
#include "engine/session.h"
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

// The fixture game plus a data directory of its own: files under ".../dice-race/" must be lines
// "key = value" (or blank, or # comments), otherwise DataError("FILE:LINE: ...").
const Registry& toy_registry() {
  static const Registry registry = [] {
    Registry r;
    GameModule module = toy::dice_race_module();
    module.data_subdir = "dice-race";
    module.validate_file = [](const std::string& path) {
      std::ifstream in(path);
      if (!in) throw DataError(path + ":1: cannot open");
      std::string line;
      for (int n = 1; std::getline(in, line); ++n) {
        if (line.empty() || line[0] == '#') continue;
        if (line.find(" = ") == std::string::npos) {
          throw DataError(path + ":" + std::to_string(n) + ": expected 'key = value'");
        }
      }
    };
    r.add(std::move(module));
    return r;
  }();
  return registry;
}

const Registry& toy_registry_with_heuristic() {
  return cli_test::race_registry_with_heuristic();
}

CliRun run(const std::vector<std::string>& args, const std::string& input = "") {
  return run_cli(toy_registry(), args, input);
}

void write_file(const std::string& path, const std::string& text) {
  fs::create_directories(fs::path(path).parent_path());
  std::ofstream(path) << text;
}

std::string read_file(const std::string& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// ---- list ----

TEST(CliList, OneLinePerScenarioWithTitle) {
  CliRun r = run({"list"});
  EXPECT_EQ(r.code, cli::kExitOk);
  EXPECT_EQ(r.out, "dice-race/race  Race to the target\n");
  EXPECT_EQ(r.err, "");
}

// `list --lang de` gives every scenario its German title; every game has German titles (the
// WSR scenario files' title_de, the Westerplatte levels, the Rivet missions, Pocket, the
// Planspiel situations).
TEST(CliList, LangDeShowsTheGermanTitles) {
  const Registry& games = all_games();
  const CliRun en = run_cli(games, {"list"}, "");
  const CliRun de = run_cli(games, {"list", "--lang", "de"}, "");
  ASSERT_EQ(de.code, cli::kExitOk) << de.err;
  EXPECT_EQ(de.err, "");
  EXPECT_EQ(lines(de.out).size(), lines(en.out).size());
  for (const GameModule& m : games.modules()) {
    int german = 0;
    for (const ScenarioInfo& s : m.scenarios) {
      const std::string line = m.id + "/" + s.id + "  ";
      EXPECT_THAT(de.out, HasSubstr(line + s.title_in(Lang::kDe) + "\n"));
      if (s.title_in(Lang::kDe) != s.title) {
        ++german;
        EXPECT_THAT(en.out, HasSubstr(line + s.title + "\n"));
        EXPECT_THAT(de.out, ::testing::Not(HasSubstr(line + s.title + "\n")));
      }
    }
    if (!m.scenarios.empty()) {
      EXPECT_GT(german, 0) << m.id << " has no German title";
    }
  }
  EXPECT_THAT(de.out, HasSubstr("wsr/koeln  WSR-B4 Köln, Deutschland (1945-03-06)\n"));
  EXPECT_THAT(de.out, HasSubstr("pocket/orcs-vs-elves  Orks gegen Elfen, Armeen beim Aufbau "
                                "gewählt\n"));
  EXPECT_EQ(run_cli(games, {"list", "--lang", "fr"}, "").code, cli::kExitUsage);
}

// ---- usage errors: one line on stderr, exit 2 ----

// A scenario the game ships but does not offer (GameModule::unavailable, a WSR file with a special
// rule not played yet): the refusal in the --lang language.
TEST(CliUsage, AScenarioThatIsNotPlayableIsRefusedInTheLangLanguage) {
  Registry r;
  GameModule m = toy::dice_race_module();
  m.unavailable = [](std::string_view s) -> Text {
    if (s != "marathon") return {};
    return {"needs the rule 'stamina'", "braucht die Regel 'stamina'"};
  };
  r.add(std::move(m));
  const CliRun en = run_cli(r, {"play", "dice-race/marathon"}, "");
  EXPECT_EQ(en.code, cli::kExitUsage);
  EXPECT_EQ(en.err, "error: dice-race/marathon is not playable: needs the rule 'stamina'\n");
  const CliRun de = run_cli(r, {"play", "dice-race/marathon", "--lang", "de"}, "");
  EXPECT_EQ(de.code, cli::kExitUsage);
  EXPECT_EQ(de.err, "error: dice-race/marathon ist nicht spielbar: braucht die Regel 'stamina'\n");
  EXPECT_EQ(de.out, "");
}

void expect_usage_error(const std::vector<std::string>& args, const std::string& fragment) {
  CliRun r = run(args);
  EXPECT_EQ(r.code, cli::kExitUsage) << r.out << r.err;
  EXPECT_EQ(lines(r.err).size(), 1u) << r.err;
  EXPECT_THAT(r.err, HasSubstr(fragment));
  EXPECT_EQ(r.out, "");
}

TEST(CliUsage, UnknownOptionExits2) {
  expect_usage_error({"play", "dice-race/race", "--fast"}, "--fast");
}
TEST(CliUsage, NoSubcommandExits2) {
  expect_usage_error({}, "subcommand");
}
TEST(CliUsage, UnknownSubcommandExits2) {
  expect_usage_error({"no-such-command"}, "no-such-command");
}
TEST(CliUsage, BadSeedExits2) {
  expect_usage_error({"play", "dice-race/race", "--seed", "abc"}, "seed");
  expect_usage_error({"play", "dice-race/race", "--seed", "-4"}, "seed");
  expect_usage_error({"play", "dice-race/race", "--seed", "1.5"}, "seed");
  expect_usage_error({"play", "dice-race/race", "--seed", "99999999999999999999999"}, "seed");
}
TEST(CliUsage, BadSeatNameExits2) {
  expect_usage_error({"play", "dice-race/race", "--seat", "green=random"},
                     "unknown side 'green' in dice-race/race (sides: red, blue)");
}
TEST(CliUsage, BadSeatSyntaxExits2) {
  expect_usage_error({"play", "dice-race/race", "--seat", "red"}, "expected SIDE=PLAYER");
}
TEST(CliUsage, UnknownPlayerExits2) {
  expect_usage_error({"play", "dice-race/race", "--seat", "red=alphazero"},
                     "unknown player 'alphazero'");
}
TEST(CliUsage, UnknownAiLevelExits2) {
  expect_usage_error({"play", "dice-race/race", "--seat", "red=ai:impossible"},
                     "unknown level 'impossible' (levels: ai:easy, ai:normal, ai:hard) for side "
                     "red");
}
// ai/levels.h: a level seat plays the game's player of that level (GameModule::ai_levels).
TEST(CliSeats, AiLevelsAreTheGamesPlayersOfThatLevel) {
  using cli::Controller;
  using cli::parse_seats;
  GameModule module = toy::dice_race_module();
  module.ai_levels = {"random", "mcts:50it", "mcts:0.25"};
  const std::shared_ptr<const Game> game = module.create("race", {});
  const std::vector<Controller> easy =
      parse_seats({"red=ai:easy", "blue=ai"}, *game, &module, "dice-race/race");
  EXPECT_EQ(easy[0], Controller::kRandom);
  ASSERT_EQ(easy[1].kind, Controller::Kind::kMcts);  // "ai" alone is ai:normal
  EXPECT_EQ(easy[1].mcts.iterations, 50);
  const std::vector<Controller> hard =
      parse_seats({"red=ai:hard"}, *game, &module, "dice-race/race");
  ASSERT_EQ(hard[0].kind, Controller::Kind::kMcts);
  EXPECT_DOUBLE_EQ(hard[0].mcts.seconds, 0.25);
  // Without a module: the engine's defaults (easy = the heuristic, hard = mcts:3).
  EXPECT_EQ(parse_seats({"red=ai:easy"}, *game, nullptr, "dice-race/race")[0],
            Controller::kHeuristic);
  EXPECT_DOUBLE_EQ(parse_seats({"red=ai:hard"}, *game, nullptr, "dice-race/race")[0].mcts.seconds,
                   3.0);
}
TEST(CliSeats, AiLevelSeatsFinishAGame) {
  const CliRun r =
      run_cli(toy_registry_with_heuristic(), {"play", "dice-race/race", "--seat", "red=ai:easy",
                                              "--seat", "blue=random", "--seed", "3", "--quiet"});
  EXPECT_EQ(r.code, 0) << r.err;
}
TEST(CliUsage, SideGivenTwiceExits2) {
  expect_usage_error({"play", "dice-race/race", "--seat", "red=random", "--seat", "red=human"},
                     "twice");
}
TEST(CliUsage, UnknownGameExits2) {
  expect_usage_error({"play", "chess/classic"}, "unknown game 'chess'");
}
TEST(CliUsage, UnknownScenarioExits2) {
  expect_usage_error({"play", "dice-race/marathon"}, "unknown scenario");
}
TEST(CliUsage, BadOptionExits2) {
  expect_usage_error({"play", "dice-race/race", "--option", "speed=3"}, "unknown option 'speed'");
  expect_usage_error({"play", "dice-race/race", "--option", "target=0"}, "target");
  expect_usage_error({"play", "dice-race/race", "--option", "target"}, "expected KEY=VALUE");
}
TEST(CliUsage, ReplayOfMissingFileExits2) {
  expect_usage_error({"replay", "/nonexistent/feldherr.jsonl"}, "/nonexistent/feldherr.jsonl");
}
TEST(CliUsage, HelpExits0) {
  CliRun r = run({"play", "--help"});
  EXPECT_EQ(r.code, cli::kExitOk);
  EXPECT_THAT(r.out, HasSubstr("--seat"));
}

TEST(CliUsage, BenchSecondsMustBeAFiniteNumberInRange) {
  for (const char* bad : {"nan", "NaN", "inf", "-inf", "0", "-1", "61", "1x", ""}) {
    CliRun r = run({"bench", "--seconds", bad});
    EXPECT_EQ(r.code, cli::kExitUsage) << bad << ": " << r.out << r.err;
    EXPECT_THAT(r.err, HasSubstr("--seconds")) << bad;
    EXPECT_EQ(r.out, "") << bad;
  }
}

TEST(CliUsage, MaxActionsZeroIsDocumentedAsNoCap) {
  for (const char* command : {"play", "simulate"}) {
    CliRun r = run({command, "--help"});
    EXPECT_EQ(r.code, cli::kExitOk);
    EXPECT_THAT(r.out, HasSubstr("(default 0: no cap)")) << command;
  }
  // And 0 is what it says: the game is played to its end.
  CliRun r = run({"play", "dice-race/race", "--seed", "1", "--seat", "red=random", "--seat",
                  "blue=random", "--max-actions", "0", "--quiet"});
  EXPECT_EQ(r.code, cli::kExitOk) << r.err;
  EXPECT_THAT(last_line(r.out), StartsWith("result: "));
}

// ---- play ----

TEST(CliPlay, QuietRandomGamePrintsOnlyTheResultAndIsDeterministic) {
  const std::vector<std::string> args = {"play",   "dice-race/race", "--seed",
                                         "7",      "--seat",         "red=random",
                                         "--seat", "blue=random",    "--quiet"};
  CliRun a = run(args);
  CliRun b = run(args);
  EXPECT_EQ(a.code, cli::kExitOk) << a.err;
  EXPECT_EQ(lines(a.out).size(), 1u) << a.out;
  EXPECT_THAT(a.out, ::testing::MatchesRegex("result: (red wins|blue wins|draw)\n"));
  EXPECT_EQ(a.out, b.out);
  EXPECT_EQ(a.err, "");
}

TEST(CliPlay, NarrationShowsActionsDiceAndRuleCitations) {
  CliRun r = run(
      {"play", "dice-race/race", "--seed", "11", "--seat", "red=random", "--seat", "blue=random"});
  ASSERT_EQ(r.code, cli::kExitOk) << r.err;
  auto all = lines(r.out);
  ASSERT_GE(all.size(), 5u);
  EXPECT_EQ(all[0], "seed: 11");
  EXPECT_THAT(r.out, HasSubstr("seats: red=random, blue=random"));
  // DR §1: the deal is a chance action, shown with what it is for and the event it caused.
  EXPECT_THAT(r.out, HasSubstr("1. Chance: Deal a card of "));
  EXPECT_THAT(r.out, HasSubstr("(Deal red's hidden card (DR §1))"));
  EXPECT_THAT(r.out, HasSubstr("  [DR §1] red is dealt a hidden card."));
  // DR §3: every roll shows its dice and its score.
  EXPECT_TRUE(std::regex_search(
      r.out,
      std::regex(R"(\d+\. Chance: Roll: \d( and \d)?  \(Roll \d d6 for (red|blue) \(DR §3\)\))")));
  EXPECT_TRUE(std::regex_search(
      r.out, std::regex(R"(  \[DR §3\] (red|blue) rolls \d( \d)? and scores \d+: now at \d+\.)")));
  EXPECT_TRUE(std::regex_search(
      r.out, std::regex(R"(\d+\. (red|blue): (Roll [12] d6|Press|Reveal|Pass))")));
  EXPECT_THAT(last_line(r.out), StartsWith("result: "));
  EXPECT_THAT(r.out, HasSubstr("end: "));
}

TEST(CliPlay, SameSeedSameGameDifferentSeedDifferentGame) {
  auto play = [](const std::string& seed) {
    return run({"play", "dice-race/race", "--seed", seed, "--seat", "red=random", "--seat",
                "blue=random"})
        .out;
  };
  EXPECT_EQ(play("5"), play("5"));
  EXPECT_NE(play("5"), play("6"));
}

TEST(CliPlay, WithoutSeedTheDrawnSeedIsPrintedAndReplaysTheGame) {
  CliRun first =
      run({"play", "dice-race/race", "--seat", "red=random", "--seat", "blue=random", "--quiet"});
  ASSERT_EQ(first.code, cli::kExitOk);
  auto all = lines(first.out);
  ASSERT_EQ(all.size(), 2u) << first.out;  // the seed is shown even with --quiet
  ASSERT_THAT(all[0], StartsWith("seed: "));
  CliRun again = run({"play", "dice-race/race", "--seat", "red=random", "--seat", "blue=random",
                      "--quiet", "--seed", all[0].substr(6)});
  EXPECT_EQ(again.out, all[1] + "\n");
}

TEST(CliPlay, SideWithoutHeuristicFallsBackToRandomAndSaysSoOnce) {
  CliRun r = run({"play", "dice-race/race", "--seed", "3", "--quiet"});
  EXPECT_EQ(r.code, cli::kExitOk);
  EXPECT_EQ(r.err, "note: dice-race has no heuristic player; random plays red, blue\n");
  EXPECT_THAT(r.out, StartsWith("result: "));
}

TEST(CliPlay, SidesWithoutSeatArePlayedByTheGamesHeuristic) {
  CliRun r = run_cli(
      toy_registry_with_heuristic(),
      {"play", "dice-race/race", "--seed", "3", "--seat", "red=random", "--max-actions", "12"});
  EXPECT_EQ(r.err, "");
  EXPECT_THAT(r.out, HasSubstr("seats: red=random, blue=last-action\n"));
  // Blue's heuristic passes at once (DR §2): its first decision is a pass.
  EXPECT_TRUE(
      std::regex_search(r.out, std::regex(R"(\d+\. blue: Pass\n  \[DR §2\] blue passes\.)")))
      << r.out;
  EXPECT_FALSE(std::regex_search(r.out, std::regex(R"(\d+\. blue: (dice|press|reveal))")));
}

TEST(CliPlay, OptionsReachTheGame) {
  // DR §5: with target 1 the first roll or reveal ends the game.
  CliRun r = run({"play", "dice-race/race", "--seed", "1", "--seat", "red=random", "--seat",
                  "blue=random", "--option", "target=1"});
  ASSERT_EQ(r.code, cli::kExitOk) << r.err;
  EXPECT_THAT(r.out, HasSubstr("options: target=1, bug=none"));
  EXPECT_THAT(r.out, HasSubstr("reaches 1 and wins."));
}

TEST(CliPlay, MaxActionsStopsTheGameWithExit3) {
  CliRun r = run({"play", "dice-race/race", "--seed", "1", "--seat", "red=random", "--seat",
                  "blue=random", "--max-actions", "4"});
  EXPECT_EQ(r.code, cli::kExitUnfinished);
  EXPECT_THAT(last_line(r.out), StartsWith("stopped: --max-actions 4 reached"));
  EXPECT_THAT(r.out, HasSubstr("4. "));
  EXPECT_THAT(r.out, ::testing::Not(HasSubstr("5. ")));
}

TEST(CliPlay, UnwritableLogIsAnError) {
  CliRun r = run({"play", "dice-race/race", "--seed", "1", "--log", "/nonexistent/dir/x.jsonl"});
  EXPECT_EQ(r.code, cli::kExitError);
  EXPECT_THAT(r.err, HasSubstr("/nonexistent/dir/x.jsonl"));
}

// ---- log and replay ----

TEST(CliReplay, LogThenVerifyGivesActionCountAndHash) {
  TempDir dir("feldherr-cli");
  const std::string log = dir.file("game.jsonl");
  CliRun play = run({"play", "dice-race/race", "--seed", "42", "--seat", "red=random", "--seat",
                     "blue=random", "--quiet", "--log", log});
  ASSERT_EQ(play.code, cli::kExitOk) << play.err;
  int actions = 0;
  for (const std::string& line : lines(read_file(log))) {
    actions += line.find("\"type\":\"action\"") != std::string::npos;
  }
  CliRun verify = run({"replay", log, "--verify", "--quiet"});
  ASSERT_EQ(verify.code, cli::kExitOk) << verify.err;
  EXPECT_THAT(verify.out, ::testing::MatchesRegex(
                              "verified: [0-9]+ actions, hash [0-9a-f]{16}, dice not checked: no "
                              "commitment\n"));
  EXPECT_THAT(verify.out, StartsWith("verified: " + std::to_string(actions) + " actions, hash "));

  // Without --quiet, --verify prints its verdict only.
  EXPECT_EQ(run({"replay", log, "--verify"}).out, verify.out);

  // The same seed gives the same final hash.
  const std::string log2 = dir.file("again.jsonl");
  run({"play", "dice-race/race", "--seed", "42", "--seat", "red=random", "--seat", "blue=random",
       "--quiet", "--log", log2});
  EXPECT_EQ(run({"replay", log2, "--verify", "--quiet"}).out, verify.out);
}

TEST(CliReplay, ReplayNarratesTheGameLikePlay) {
  TempDir dir("feldherr-cli");
  const std::string log = dir.file("game.jsonl");
  CliRun play = run({"play", "dice-race/race", "--seed", "9", "--seat", "red=random", "--seat",
                     "blue=random", "--log", log});
  ASSERT_EQ(play.code, cli::kExitOk);
  CliRun replay = run({"replay", log});
  ASSERT_EQ(replay.code, cli::kExitOk) << replay.err;
  EXPECT_EQ(last_line(replay.out), last_line(play.out));
  // Every narrated action and event line of the game appears in the replay, in order.
  auto played = lines(play.out);
  std::vector<std::string> narrated;
  for (const auto& line : played) {
    if (line.rfind("  [", 0) == 0 || std::regex_match(line, std::regex(R"(\d+\. .*)"))) {
      narrated.push_back(line);
    }
  }
  std::vector<std::string> replayed;
  for (const auto& line : lines(replay.out)) {
    if (line.rfind("  [", 0) == 0 || std::regex_match(line, std::regex(R"(\d+\. .*)"))) {
      replayed.push_back(line);
    }
  }
  EXPECT_EQ(narrated, replayed);
  EXPECT_EQ(run({"replay", log, "--quiet"}).out, last_line(play.out) + "\n");
}

// Replaces line `number` (1-based) of a file using `edit`.
void edit_line(const std::string& path, int number,
               const std::function<std::string(std::string)>& edit) {
  auto all = lines(read_file(path));
  ASSERT_LE(number, static_cast<int>(all.size()));
  all[static_cast<size_t>(number - 1)] = edit(all[static_cast<size_t>(number - 1)]);
  std::ofstream out(path);
  for (const auto& line : all) out << line << '\n';
}

std::string make_log(const TempDir& dir, const std::string& name, const std::string& seed,
                     const std::string& target = "20") {
  const std::string log = dir.file(name);
  run({"play", "dice-race/race", "--seed", seed, "--seat", "red=random", "--seat", "blue=random",
       "--option", "target=" + target, "--quiet", "--log", log});
  return log;
}

TEST(CliReplay, CorruptedActionGivesFileLineAndExit1) {
  TempDir dir("feldherr-cli");
  const std::string log = make_log(dir, "game.jsonl", "4");
  // Line 2 is the first deal (DR §1): a card worth 9 does not exist.
  edit_line(log, 2, [](std::string line) {
    return std::regex_replace(line, std::regex(R"("action":"deal \d")"), R"("action":"deal 9")");
  });
  for (bool verify : {true, false}) {
    std::vector<std::string> args = {"replay", log, "--quiet"};
    if (verify) args.push_back("--verify");
    CliRun r = run(args);
    EXPECT_EQ(r.code, cli::kExitError);
    EXPECT_THAT(r.err, StartsWith(log + ":2: "));
    EXPECT_EQ(lines(r.err).size(), 1u) << r.err;
    EXPECT_EQ(r.out, "");
  }
}

TEST(CliReplay, WrongSeatInLogGivesFileLine) {
  TempDir dir("feldherr-cli");
  const std::string log = make_log(dir, "game.jsonl", "4");
  edit_line(log, 4, [](std::string line) {  // line 4: red's first decision
    return std::regex_replace(line, std::regex(R"("seat":"red")"), R"("seat":"blue")");
  });
  CliRun r = run({"replay", log, "--verify"});
  EXPECT_EQ(r.code, cli::kExitError);
  EXPECT_THAT(r.err, StartsWith(log + ":4: "));
}

TEST(CliReplay, MalformedJsonGivesFileLine) {
  TempDir dir("feldherr-cli");
  const std::string log = make_log(dir, "game.jsonl", "4");
  edit_line(log, 3, [](std::string line) { return line.substr(0, line.size() / 2); });
  CliRun r = run({"replay", log, "--verify"});
  EXPECT_EQ(r.code, cli::kExitError);
  EXPECT_THAT(r.err, StartsWith(log + ":3: "));
}

TEST(CliReplay, HashMismatchGivesFileLine) {
  TempDir dir("feldherr-cli");
  const std::string log = make_log(dir, "game.jsonl", "4", "100");
  auto all = lines(read_file(log));
  int hash_line = 0;
  for (size_t i = 0; i < all.size() && hash_line == 0; ++i) {
    if (all[i].find("\"type\":\"hash\"") != std::string::npos) hash_line = static_cast<int>(i) + 1;
  }
  ASSERT_GT(hash_line, 0) << "a race to 100 lasts more than 20 actions";
  edit_line(log, hash_line, [](std::string line) {
    return std::regex_replace(line, std::regex(R"("hash":"[0-9a-f]{16}")"),
                              R"("hash":"0123456789abcdef")");
  });
  for (bool verify : {true, false}) {
    std::vector<std::string> args = {"replay", log, "--quiet"};
    if (verify) args.push_back("--verify");
    CliRun r = run(args);
    EXPECT_EQ(r.code, cli::kExitError);
    EXPECT_THAT(r.err, StartsWith(log + ":" + std::to_string(hash_line) + ": "));
  }
}

TEST(CliReplay, LogOfUnknownGameIsADataError) {
  TempDir dir("feldherr-cli");
  const std::string log = make_log(dir, "game.jsonl", "4");
  edit_line(log, 1, [](std::string line) {
    return std::regex_replace(line, std::regex(R"("game":"dice-race")"), R"("game":"chess")");
  });
  CliRun r = run({"replay", log, "--verify"});
  EXPECT_EQ(r.code, cli::kExitError);
  EXPECT_THAT(r.err, StartsWith(log + ":1: unknown game 'chess'"));
}

// ---- trust in replays: committed dice, ids, seats, a crash-cut last line ----

const char* const kSecret = "00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff";

// A Dice Race game rolled with the committed dice of docs/protocol.md "Dice" (as the server rolls
// them) and logged with the header the server's /replay gives ("dice", "server_game").
std::string server_log(const TempDir& dir, const std::string& name) {
  const std::string path = dir.file(name);
  Session s(toy::make_dice_race(30));
  s.record_to(path, 0);
  std::string secret;
  EXPECT_TRUE(from_hex(kSecret, secret));
  RandomPlayer player(5);
  while (!s.state().is_terminal()) {
    const Action a = s.state().current_seat() == kChance
                         ? fair_chance_outcome(s.state(), secret, s.history().size() + 1)
                         : player.choose(s.state());
    EXPECT_EQ(s.act(a), "");
  }
  edit_line(path, 1, [](std::string line) {
    json header = json::parse(line);
    header["dice"] = {{"scheme", "sha256-pcg32-v1"},
                      {"secret", kSecret},
                      {"commitment", dice_commitment(kSecret)}};
    header["server_game"] = "a1b2c3d4e5f60718";
    return header.dump();
  });
  return path;
}

TEST(CliReplayTrust, VerdictOfAServerGameSaysTheDiceWereCheckedAgainstTheCommitment) {
  TempDir dir("feldherr-cli");
  const std::string log = server_log(dir, "server.jsonl");
  CliRun r = run({"replay", log, "--verify"});
  ASSERT_EQ(r.code, cli::kExitOk) << r.err;
  EXPECT_THAT(r.out, ::testing::MatchesRegex(
                         "verified: [0-9]+ actions, hash [0-9a-f]{16}, dice checked against "
                         "commitment " +
                         dice_commitment(kSecret) + "\n"));
  EXPECT_EQ(r.err, "");
}

// The issue's attack: a server game's log with its dice section deleted verified with the same
// line as the genuine file (and then accepted a forged die).
TEST(CliReplayTrust, ServerGameWithItsDiceSectionDeletedFailsVerification) {
  TempDir dir("feldherr-cli");
  const std::string log = server_log(dir, "server.jsonl");
  const CliRun genuine = run({"replay", log, "--verify"});
  ASSERT_EQ(genuine.code, cli::kExitOk) << genuine.err;
  edit_line(log, 1, [](std::string line) {
    json header = json::parse(line);
    header.erase("dice");
    return header.dump();
  });
  CliRun r = run({"replay", log, "--verify"});
  EXPECT_EQ(r.code, cli::kExitError);
  EXPECT_EQ(r.out, "");
  EXPECT_THAT(r.err, StartsWith(log + ":1: a server game (server_game 'a1b2c3d4e5f60718') "
                                      "without its dice secret and commitment"));
}

TEST(CliReplayTrust, LogWithoutCommitmentSaysItsDiceWereNotChecked) {
  TempDir dir("feldherr-cli");
  const std::string log = server_log(dir, "server.jsonl");
  const CliRun genuine = run({"replay", log, "--verify"});
  edit_line(log, 1, [](std::string line) {
    json header = json::parse(line);
    header.erase("dice");
    header.erase("server_game");
    return header.dump();
  });
  CliRun r = run({"replay", log, "--verify"});
  ASSERT_EQ(r.code, cli::kExitOk) << r.err;
  EXPECT_NE(r.out, genuine.out);
  EXPECT_THAT(r.out, ::testing::MatchesRegex(
                         "verified: [0-9]+ actions, hash [0-9a-f]{16}, dice not checked: no "
                         "commitment\n"));
  // The same actions and final hash as the genuine file: only the dice verdict differs.
  EXPECT_EQ(r.out.substr(0, r.out.find(", dice")),
            genuine.out.substr(0, genuine.out.find(", dice")));
}

TEST(CliReplayTrust, ForgedDieInAServerGameFails) {
  TempDir dir("feldherr-cli");
  const std::string log = server_log(dir, "server.jsonl");
  const auto all = lines(read_file(log));
  for (size_t i = 1; i < all.size(); ++i) {
    json j = json::parse(all[i]);
    const std::string text = j.value("action", "");
    if (j["type"] != "action" || text.size() != 6 || text.rfind("roll ", 0) != 0) continue;
    const std::string forged = text == "roll 6" ? "roll 5" : "roll 6";
    Action a;
    std::string why;
    ASSERT_TRUE(toy::make_dice_race()->new_initial_state()->parse(forged, a, why));
    j["action"] = forged;
    j["id"] = a.id();
    edit_line(log, static_cast<int>(i + 1), [&](std::string) { return j.dump(); });
    CliRun r = run({"replay", log, "--verify"});
    EXPECT_EQ(r.code, cli::kExitError);
    EXPECT_EQ(r.err, log + ":" + std::to_string(i + 1) + ": chance outcome '" + forged +
                         "' is not the committed dice's '" + text + "'\n");
    return;
  }
  FAIL() << "no roll of one die in the log";
}

TEST(CliReplayTrust, StoredIdThatIsNotTheTextsIdFails) {
  TempDir dir("feldherr-cli");
  const std::string log = make_log(dir, "game.jsonl", "4");
  edit_line(log, 4, [](std::string line) {  // red's first decision
    json j = json::parse(line);
    j["id"] = j["id"].get<uint64_t>() ^ 1;
    return j.dump();
  });
  for (bool verify : {true, false}) {
    std::vector<std::string> args = {"replay", log, "--quiet"};
    if (verify) args.push_back("--verify");
    CliRun r = run(args);
    EXPECT_EQ(r.code, cli::kExitError);
    EXPECT_THAT(r.err, StartsWith(log + ":4: stored id "));
  }
}

TEST(CliReplayTrust, HeaderSeatsThatAreNotTheGamesFail) {
  TempDir dir("feldherr-cli");
  const std::string log = make_log(dir, "game.jsonl", "4");
  edit_line(log, 1, [](std::string line) {
    json header = json::parse(line);
    header["seats"] = {"blue", "red"};
    return header.dump();
  });
  CliRun r = run({"replay", log, "--verify"});
  EXPECT_EQ(r.code, cli::kExitError);
  EXPECT_EQ(r.err, log + ":1: the header's seats [blue, red] are not the game's [red, blue]\n");
}

TEST(CliReplayTrust, LastLineCutByACrashIsReplayedUpToItWithAWarning) {
  TempDir dir("feldherr-cli");
  const std::string log = make_log(dir, "game.jsonl", "4");
  auto all = lines(read_file(log));
  ASSERT_GT(all.size(), 4u);
  all.pop_back();  // the result line: the crash came while the last action was written
  const std::string cut = all.back().substr(0, all.back().size() - 7);
  all.pop_back();
  int actions = 0;
  {
    std::ofstream out(log, std::ios::trunc);
    for (const auto& line : all) {
      out << line << '\n';
      actions += line.find("\"type\":\"action\"") != std::string::npos;
    }
    out << cut;  // no newline
  }
  const std::string warning = "warning: " + log + ":" + std::to_string(all.size() + 1) +
                              ": the last line is cut short (a crash while it was written?); "
                              "read up to line " +
                              std::to_string(all.size()) + "\n";
  CliRun verify = run({"replay", log, "--verify"});
  EXPECT_EQ(verify.code, cli::kExitOk) << verify.err;
  EXPECT_EQ(verify.err, warning);
  EXPECT_THAT(verify.out, StartsWith("verified: " + std::to_string(actions) + " actions, hash "));
  CliRun replay = run({"replay", log, "--quiet"});
  EXPECT_EQ(replay.code, cli::kExitOk) << replay.err;
  EXPECT_EQ(replay.err, warning);
  EXPECT_EQ(replay.out, "unfinished: the log ends after " + std::to_string(actions) +
                            " actions, before the end of the game\n");
}

TEST(CliReplayTrust, HugeActionTextIsEchoedCut) {
  TempDir dir("feldherr-cli");
  const std::string log = make_log(dir, "game.jsonl", "4");
  edit_line(log, 4, [](std::string line) {
    json j = json::parse(line);
    j["action"] = std::string(1000000, 'x');
    return j.dump();
  });
  for (bool verify : {true, false}) {
    std::vector<std::string> args = {"replay", log, "--quiet"};
    if (verify) args.push_back("--verify");
    CliRun r = run(args);
    EXPECT_EQ(r.code, cli::kExitError);
    EXPECT_LT(r.err.size(), 1200u);
    EXPECT_THAT(r.err, HasSubstr(std::string(200, 'x') + "… (1000000 bytes)"));
  }
}

TEST(CliHuman, HugeInputIsEchoedCut) {
  const std::string input = std::string(1000000, 'z') + "\nquit\n";
  CliRun r =
      run({"play", "dice-race/race", "--seed", "1", "--seat", "red=human", "--seat", "blue=random"},
          input);
  EXPECT_EQ(r.code, cli::kExitUnfinished) << r.err;
  EXPECT_LT(r.out.size() + r.err.size(), 20000u);
  // The game's parse error quotes the input cut short (and is wrapped at spaces to the screen,
  // docs/cli.md: read here with its continuation lines joined).
  const std::string joined = std::regex_replace(r.out, std::regex("\n  "), " ");
  EXPECT_THAT(joined, HasSubstr("not understood: unknown action '" + std::string(40, 'z') +
                                "… (1000000 bytes)' (expected "))
      << r.out.substr(0, 2000);
}

TEST(CliUsage, HugeOptionValueIsEchoedCut) {
  CliRun r = run({"play", "dice-race/race", "--option", "target=" + std::string(100000, '9')});
  EXPECT_EQ(r.code, cli::kExitUsage);
  EXPECT_LT(r.err.size(), 1200u);
  EXPECT_THAT(r.err, HasSubstr("bytes)"));
}

// ---- validate ----

TEST(CliValidate, GoodFilesGiveOk) {
  TempDir dir("feldherr-cli");
  write_file(dir.file("dice-race/board.cfg"), "# a board\nsize = 20\n");
  write_file(dir.file("dice-race/more/dice.cfg"), "faces = 6\n");
  CliRun r = run({"validate", dir.path().string()});
  EXPECT_EQ(r.code, cli::kExitOk) << r.err;
  EXPECT_EQ(r.out, "ok: 2 files\n");
}

TEST(CliValidate, BrokenFilesGiveOneFileLinePerErrorAndExit1) {
  TempDir dir("feldherr-cli");
  write_file(dir.file("dice-race/a.cfg"), "size = 20\nsize 20\n");
  write_file(dir.file("dice-race/b.cfg"), "# ok\n\nfaces: 6\n");
  write_file(dir.file("dice-race/c.cfg"), "fine = yes\n");
  CliRun r = run({"validate", dir.path().string()});
  EXPECT_EQ(r.code, cli::kExitError);
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err, dir.file("dice-race/a.cfg") + ":2: expected 'key = value'\n" +
                       dir.file("dice-race/b.cfg") + ":3: expected 'key = value'\n");
}

TEST(CliValidate, SingleFileIsChecked) {
  TempDir dir("feldherr-cli");
  write_file(dir.file("dice-race/a.cfg"), "size = 20\n");
  CliRun r = run({"validate", dir.file("dice-race/a.cfg")});
  EXPECT_EQ(r.code, cli::kExitOk) << r.err;
  EXPECT_EQ(r.out, "ok: 1 files\n");
}

// A file of no game was skipped with a note and the verdict was still "ok".
TEST(CliValidate, FileOfNoGameIsNamedAsNotCheckedAndFails) {
  TempDir dir("feldherr-cli");
  write_file(dir.file("dice-race/a.cfg"), "size = 20\n");
  write_file(dir.file("elsewhere/notes.txt"), "not data\n");
  CliRun r = run({"validate", dir.file("dice-race/a.cfg"), dir.file("elsewhere/notes.txt")});
  EXPECT_EQ(r.code, cli::kExitError);
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err, dir.file("elsewhere/notes.txt") +
                       ": not checked: in no game's data directory (dice-race)\n");
  // The same inside a directory walk.
  r = run({"validate", dir.path().string()});
  EXPECT_EQ(r.code, cli::kExitError);
  EXPECT_THAT(r.err, HasSubstr("elsewhere/notes.txt: not checked"));
}

// A game whose scenario needs data_dir()/dice-race/board.cfg (as Pocket Battles needs
// data/pocket/elves.toml): without the file the game cannot be created.
const Registry& registry_needing_a_file() {
  static const Registry registry = [] {
    Registry r;
    GameModule module = toy::dice_race_module();
    module.data_subdir = "dice-race";
    module.validate_file = [](const std::string&) {};
    auto create = module.create;
    module.create = [create](std::string_view scenario, const Options& options) {
      const std::string path = data_dir() + "/dice-race/board.cfg";
      if (!std::ifstream(path)) throw DataError(path + ":1: cannot open file");
      return create(scenario, options);
    };
    r.add(std::move(module));
    return r;
  }();
  return registry;
}

TEST(CliValidate, MissingRequiredDataFileFails) {
  TempDir dir("feldherr-cli");
  write_file(dir.file("dice-race/rules.cfg"), "faces = 6\n");
  ::setenv("FELDHERR_DATA", dir.path().c_str(), 1);
  CliRun missing = run_cli(registry_needing_a_file(), {"validate"});
  write_file(dir.file("dice-race/board.cfg"), "size = 20\n");
  CliRun present = run_cli(registry_needing_a_file(), {"validate"});
  ::unsetenv("FELDHERR_DATA");
  EXPECT_EQ(missing.code, cli::kExitError);
  EXPECT_EQ(missing.out, "");
  EXPECT_EQ(missing.err,
            dir.file("dice-race/board.cfg") + ":1: cannot open file (needed by dice-race/race)\n");
  EXPECT_EQ(present.code, cli::kExitOk) << present.err;
  EXPECT_EQ(present.out, "ok: 2 files\n");
}

TEST(CliValidate, DefaultIsTheDataDirectory) {
  TempDir dir("feldherr-cli");
  write_file(dir.file("dice-race/a.cfg"), "broken\n");
  ::setenv("FELDHERR_DATA", dir.path().c_str(), 1);
  CliRun r = run({"validate"});
  ::unsetenv("FELDHERR_DATA");
  EXPECT_EQ(r.code, cli::kExitError);
  EXPECT_EQ(r.err, dir.file("dice-race/a.cfg") + ":1: expected 'key = value'\n");
}

// ---- the human seat ----

// The list reads as labels in the --lang language, each followed by the text that can be typed.
TEST(CliHuman, ActionsAreListedByTheirLabelInTheChosenLanguage) {
  for (const auto& [lang, line] :
       {std::pair<std::string, std::string>{"de", "  14) Troll wählen  · pick orcs.troll\n"},
        {"en", "  14) Pick Troll  · pick orcs.troll\n"}}) {
    CliRun r = run_cli(all_games(),
                       {"play", "pocket/orcs-vs-elves", "--seed", "5", "--seat", "orcs=human",
                        "--seat", "elves=heuristic", "--lang", lang},
                       "quit\n");
    EXPECT_EQ(r.code, cli::kExitUnfinished) << r.err;
    EXPECT_THAT(r.out, HasSubstr(line)) << lang;
  }
  EXPECT_EQ(run_cli(all_games(), {"play", "pocket/orcs-vs-elves", "--lang", "fr"}, "").code,
            cli::kExitUsage);
}

// --lang de: the game's own texts too (the prompt, the log, a refusal citing the rule, the end).
TEST(CliHuman, LangDeShowsTheGamesPromptLogAndRefusalsInGerman) {
  CliRun r = run_cli(all_games(),
                     {"play", "pocket/orcs-vs-elves", "--seed", "5", "--seat", "orcs=human",
                      "--seat", "elves=heuristic", "--lang", "de"},
                     "skip\n1\nquit\n");
  EXPECT_EQ(r.code, cli::kExitUnfinished) << r.err;
  EXPECT_THAT(r.out, HasSubstr("\nOrks: eine Truppe wählen oder fertig (0 von 60 AP verbraucht) "
                               "(PB Aufbau 4)\n"));
  EXPECT_THAT(r.out,
              HasSubstr("nicht erlaubt: jetzt keine erlaubte Aktion (Orks: eine Truppe wählen"));
  // The frame and the board picture are German too.
  EXPECT_THAT(r.out, HasSubstr("=== Orks am Zug (Aktion 1) ===\n"));
  EXPECT_THAT(r.out, HasSubstr("  am Zug: Orks (Orks: eine Truppe wählen oder fertig"));
  EXPECT_THAT(r.out, ::testing::Not(HasSubstr("pick a troop")));
  EXPECT_THAT(r.out, HasSubstr("  [PB Aufbau 4] Die Orks wählen eine Truppe (1 bisher).\n"));
  // A whole game in German ends with the German reason and sentence; the machine line stays.
  CliRun end = run_cli(all_games(), {"play", "pocket/orcs-vs-elves", "--seed", "5", "--seat",
                                     "orcs=random", "--seat", "elves=random", "--lang", "de"});
  EXPECT_EQ(end.code, cli::kExitOk) << end.err;
  EXPECT_THAT(end.out, HasSubstr("(PB Spielende"));
  EXPECT_THAT(end.out, ::testing::ContainsRegex("\nEnde: die (Orks|Elfen) "));
  EXPECT_THAT(end.out, ::testing::ContainsRegex("\nDie (Orks|Elfen) gewinnen\\.\nresult: "
                                                "(orcs|elves) wins\n$"));
}

// --lang de: the terminal's own words too: help, refusals of what was typed (and why a text was
// not understood), undo, the log's lines (the side as it is named and the action's label,
// "Würfel" for a die), quitting.
TEST(CliHuman, LangDeTheTerminalsOwnWordsAreGerman) {
  CliRun r = run_cli(all_games(),
                     {"play", "rivet/mission-2", "--seed", "4", "--seat", "allies=human", "--seat",
                      "bismark=heuristic", "--lang", "de"},
                     "help\n999\nblah\nundo\n5\nlog\nquit\n");
  EXPECT_EQ(r.code, cli::kExitUnfinished) << r.err;
  EXPECT_THAT(r.out, HasSubstr("Befehle:\n"));
  EXPECT_THAT(r.out, HasSubstr("  undo    die eigene letzte Aktion zurücknehmen"));
  EXPECT_THAT(r.out, HasSubstr("keine Aktion mit der Nummer 999: 1-"));
  EXPECT_THAT(r.out, HasSubstr("nicht verstanden: unbekannter Befehl 'blah' (deploy, "));
  EXPECT_THAT(r.out, HasSubstr("nichts zurückzunehmen: es wurde noch keine Aktion ausgeführt"));
  EXPECT_THAT(r.out, HasSubstr("1. Alliierte: Schütze in b6 aufstellen (NW)\n"));
  EXPECT_THAT(r.out, HasSubstr("quit: die Partie bleibt unvollendet; kein Protokoll geschrieben"));
  for (const char* english : {"Commands:", "no action number", "not understood", "unknown command",
                              "nothing to undo", ": deploy ", "allies:", "left unfinished"})
    EXPECT_THAT(r.out, ::testing::Not(HasSubstr(english))) << english;
}

// --lang de in 7 Tage der Westerplatte and the Planspiel: the frame, the board, the prompt, a
// refusal citing the rule and the log in German (WP 7.1, PS §3.2), the end in German.
TEST(CliHuman, LangDeWesterplatteAndPlanspielReadInGerman) {
  CliRun wp =
      run_cli(all_games(),
              {"play", "westerplatte/medium", "--seed", "5", "--seat", "p1=human", "--lang", "de"},
              "place o1 C\nplace o2 C\nmortar A\nend\nj\nquit\n");
  EXPECT_EQ(wp.code, cli::kExitUnfinished) << wp.err;
  EXPECT_THAT(wp.out, HasSubstr("7 Tage der Westerplatte - Mäßig schwierig, 1 Spieler, Tag 1"));
  EXPECT_THAT(wp.out, HasSubstr("Verteidiger 1: bewegen (bis zu 2) und eine Aktion ausführen, dann "
                                "die Phase beenden (WP 7.1)\n"));
  EXPECT_THAT(wp.out, HasSubstr("nicht erlaubt: WP 7.1: kein Offizier von Verteidiger 1 steht auf "
                                "dem Aktionsplättchen „Mörser“"));
  EXPECT_THAT(wp.out, HasSubstr("2 Einheiten können noch ziehen (o1, o2). Trotzdem: Phase beenden? "
                                "(j/n)"));
  EXPECT_THAT(wp.out, HasSubstr("  [WP 7.3] Verteidiger 1 beendet die Phase Aktion / Bewegung\n"));
  CliRun wp_end = run_cli(all_games(), {"play", "westerplatte/medium", "--seed", "5", "--seat",
                                        "p1=random", "--lang", "de"});
  EXPECT_EQ(wp_end.code, cli::kExitOk) << wp_end.err;
  EXPECT_THAT(wp_end.out, ::testing::ContainsRegex(
                              "\nDie Verteidiger (gewinnen|verlieren)\\.\nresult: defenders "
                              "(win|lose)\n$"));

  CliRun ps = run_cli(all_games(),
                      {"play", "planspiel/ps-1", "--seed", "5", "--seat", "red=human", "--seat",
                       "blue=heuristic", "--lang", "de"},
                      "fire R-H1 6,3\nfertig\nj\nquit\n");
  EXPECT_EQ(ps.code, cli::kExitUnfinished) << ps.err;
  EXPECT_THAT(ps.out, HasSubstr("Der Gutshof - Zug 1/12 (D5), Teilzug von Rot;"));
  EXPECT_THAT(ps.out, HasSubstr("nicht erlaubt: PS §8.1: direktes Feuer nur auf erkannte Ziele; "
                                "Rot hat in 6,3 keines erkannt"));
  EXPECT_THAT(ps.out, HasSubstr("  [PS §3.2] Rot: FERTIG.\n"));
  EXPECT_THAT(ps.out, ::testing::Not(HasSubstr("half-turn")));
  // Ending one's own phase or half-turn is no reaction window: no tip to let it be declined
  // automatically (which would end every later turn unasked).
  EXPECT_THAT(wp.out, ::testing::Not(HasSubstr("skip turn")));
  EXPECT_THAT(ps.out, ::testing::Not(HasSubstr("skip act")));
}

// --lang de in White Star Rising: the board, the prompt, a refusal citing the rule, the log and
// the notes in German (WSR 2.0, 3.1, 4.4), the end in German.
TEST(CliHuman, LangDeWhiteStarRisingReadsInGerman) {
  CliRun wsr = run_cli(all_games(),
                       {"play", "wsr/noville", "--seed", "3", "--seat", "us=human", "--seat",
                        "de=heuristic", "--lang", "de", "--max-actions", "80"},
                       "auto-setup\nj\nskip fate\nselect us.m4a3e8\nend-move\nquit\n");
  EXPECT_EQ(wsr.code, cli::kExitUnfinished) << wsr.err;
  EXPECT_THAT(wsr.out, HasSubstr("WSR-B1 Noville, Belgien  Spielrunde 1/8 (Spielaufbau, WSR 2.0)"));
  EXPECT_THAT(wsr.out,
              HasSubstr("Aufstellung der Amerikaner: Fallschirmjäger 1 in der Aufstellungszone"));
  EXPECT_THAT(wsr.out, HasSubstr("  [WSR 2.0] Die Amerikaner haben ihre Aufstellung beendet.\n"));
  EXPECT_THAT(wsr.out, HasSubstr("  [WSR 3.1] Formations-Marker 507. Paratroops gezogen: "
                                 "Formations-Impuls.\n"));
  EXPECT_THAT(wsr.out,
              HasSubstr("Operationen mit 507. Paratroops: eine Einheit auswählen oder "
                        "den Impuls beenden (WSR 4.4).\n  1) Fallschirmjäger 1 auswählen"));
  EXPECT_THAT(wsr.out,
              HasSubstr("nicht erlaubt: M4A3E8 \"Easy Eight\" gehört nicht zur aktiven Formation "
                        "(WSR 4.4)"));
  EXPECT_THAT(wsr.out, HasSubstr("nicht erlaubt: kein Stapel bewegt sich (WSR 5.0)"));
  EXPECT_THAT(wsr.out, HasSubstr("A-G08 [Stadt] Kontrolle US ZIEL:"));
  EXPECT_THAT(wsr.out, ::testing::Not(HasSubstr("Draw a marker")));
  CliRun end = run_cli(all_games(), {"play", "wsr/noville", "--seed", "3", "--seat", "us=random",
                                     "--seat", "de=random", "--lang", "de"});
  EXPECT_EQ(end.code, cli::kExitOk) << end.err;
  EXPECT_THAT(end.out, ::testing::ContainsRegex(
                           "\\(Siegbedingungen WSR-B1 Noville,\\s+Belgien,\\s+WSR\\s+12\\.2\\)\n"));
  EXPECT_THAT(end.out, ::testing::ContainsRegex(
                           "\nDie (Amerikaner|Deutschen) gewinnen\\.\nresult: (us|de) wins\n$"));
}

// WP 8: at the morale loss's choice of a tile `end` is not legal. It is refused with the rule's
// reason, without first asking whether to end while officers could still move.
TEST(CliHuman, AnIllegalEndIsRefusedWithoutTheEndQuestion_WP8) {
  CliRun r =
      run_cli(all_games(),
              {"play", "westerplatte/medium", "--seed", "7", "--seat", "p1=human", "--lang", "de"},
              "place o1 C\nplace o2 C\nend\nquit\n");
  EXPECT_EQ(r.code, cli::kExitUnfinished) << r.err;
  EXPECT_THAT(r.out, HasSubstr("(WP 8)"));
  EXPECT_THAT(r.out, HasSubstr("nicht erlaubt: "));
  EXPECT_THAT(r.out, ::testing::Not(HasSubstr("Trotzdem")));
}

// PS §9.2: passing a counter-move window declines the window the enemy's move opened; it is not
// asked about, even when the last action before it was the seat's own pass played for it.
TEST(CliHuman, DecliningACounterMoveWindowIsNotQuestioned_PS9_2) {
  CliRun r = run_cli(all_games(),
                     {"play", "planspiel/ps-1", "--seed", "1", "--seat", "blue=human", "--seat",
                      "red=ai:easy", "--lang", "de"},
                     "pass\nquit\n");
  EXPECT_EQ(r.code, cli::kExitUnfinished) << r.err;
  EXPECT_THAT(r.out, HasSubstr("Verzichten: kein Gegenzug"));
  EXPECT_THAT(r.out, ::testing::Not(HasSubstr("Trotzdem")));
}

// PS §3.2, §9.2: a counter-move window where no unit can answer is passed for the player and said
// once, by the narration's "(played for you)"; the player's FERTIG at the start of the next
// half-turn, after the enemy's FERTIG, still asks while units could move (Session::last_actor).
TEST(CliHuman, ForcedCounterMovePassSaidOnceAndTheNextFertigAsks_PS9_2) {
  CliRun r = run_cli(
      all_games(),
      {"play", "planspiel/ps-1", "--seed", "1", "--seat", "red=human", "--seat", "blue=ai:easy"},
      "fertig\ny\nfertig\ny\nquit\n");
  EXPECT_EQ(r.code, cli::kExitUnfinished) << r.err;
  EXPECT_THAT(r.out, HasSubstr("3. Red: Pass: no counter-move  (played for you)\n"));
  EXPECT_THAT(r.out, ::testing::Not(HasSubstr("played for you: Pass")));
  const std::string asked = "FERTIG: end the half-turn anyway? (y/n)";
  const size_t first = r.out.find(asked);
  ASSERT_NE(first, std::string::npos) << r.out;
  EXPECT_NE(r.out.find(asked, first + 1), std::string::npos) << r.out;
}

// PS §9.1, §9.2: the enemy's move opens a counter-move window at every step; declined one after
// the other they are one line, "140-144. Red: Pass: no counter-move (5×)", the last one's events
// under it. Every action number is told once, in order, and no two event-less lines in a row read
// alike; dice keep a line each.
TEST(CliNarration, AlikeDecisionsInARowAreOneLine_PS9_2) {
  CliRun r = run_cli(all_games(), {"play", "planspiel/ps-3", "--seed", "2"}, "");
  ASSERT_EQ(r.code, cli::kExitOk) << r.err;
  const std::regex head(R"(^(\d+)(?:-(\d+))?\. (.*?)(?: \((\d+)×\))?$)");
  int next = 1, runs = 0;
  std::string last_bare;
  std::istringstream in(r.out);
  for (std::string line; std::getline(in, line);) {
    std::smatch m;
    if (line.empty() || line[0] == ' ' || !std::regex_match(line, m, head)) {
      if (!line.empty() && line[0] == ' ') last_bare.clear();  // an event line ends a run
      continue;
    }
    const int first = std::stoi(m[1]), last = m[2].matched ? std::stoi(m[2]) : first;
    EXPECT_EQ(first, next) << line;
    next = last + 1;
    if (m[2].matched) {
      ++runs;
      EXPECT_EQ(std::stoi(m[4]), last - first + 1) << line;
      EXPECT_THAT(line, ::testing::Not(HasSubstr("Chance:"))) << line;
    }
    if (m[3].str().rfind("Chance:", 0) == 0) {  // a roll is never folded, alike or not
      last_bare.clear();
      continue;
    }
    EXPECT_NE(m[3].str(), last_bare) << "two alike lines in a row: " << line;
    last_bare = m[3];
  }
  EXPECT_GT(runs, 10);
  EXPECT_TRUE(std::regex_search(
      r.out, std::regex(R"(\n\d+-\d+\. (Red|Blue): Pass: no counter-move \(\d+×\)\n  \[PS §6\] )")))
      << r.out;
}

TEST(CliHuman, ChooseByTextAndNumberIllegalInputGetsAReasonUndoWhileOpen) {
  TempDir dir("feldherr-cli");
  const std::string log = dir.file("human.jsonl");
  // Red's first decision (DR §2) lists, by label and text: 1) dice 1  2) dice 2  3) press
  // 4) reveal  5) pass.
  const std::string input =
      "press\n"     // by text
      "press\n"     // DR §2: already pressed this turn
      "undo\n"      // press kept red deciding: undo is open
      "99\n"        // no such number
      "fly away\n"  // not an action
      "help\n"
      "1\n"     // by number: dice 1; Chance rolls
      "undo\n"  // closed by the roll
      "log\n"
      "quit\n";
  CliRun r = run({"play", "dice-race/race", "--seed", "3", "--seat", "red=human", "--seat",
                  "blue=random", "--log", log},
                 input);
  EXPECT_EQ(r.code, cli::kExitUnfinished) << r.err;
  EXPECT_THAT(r.out, HasSubstr("=== red to play (action 3) ===\n"));
  EXPECT_THAT(r.out, HasSubstr("red: roll 1 or 2 dice, press, reveal or pass (DR §2)\n"
                               "  1) Roll 1 d6  · dice 1\n  2) Roll 2 d6  · dice 2\n"
                               "  3) Press (double score, a 1 scores nothing)  · press\n"
                               "  4) Reveal the card  · reveal\n  5) Pass  · pass\n"
                               "  (type a number or an action; hint asks the AI; help lists the "
                               "commands)\nred> "));
  EXPECT_THAT(r.out, HasSubstr("3. red: Press (double score, a 1 scores nothing)\n  [DR §2] red "
                               "presses: rolls score double this turn.\n"));
  EXPECT_THAT(r.out, HasSubstr("illegal: DR §2: already pressed this turn\n"));
  EXPECT_THAT(r.out, HasSubstr("red: undo (takes back \"press\")"));
  EXPECT_THAT(r.out, HasSubstr("no action number 99: choose 1-5"));
  EXPECT_THAT(r.out, HasSubstr("not understood: "));
  EXPECT_THAT(r.out, HasSubstr("undo    take back your last action"));
  EXPECT_THAT(r.out, HasSubstr("3. red: Roll 1 d6\n"));
  EXPECT_TRUE(std::regex_search(r.out, std::regex(R"(4\. Chance: Roll: \d  \(Roll 1 d6 for red)")));
  EXPECT_THAT(r.out, HasSubstr("cannot undo: the rules have closed undo"));
  EXPECT_THAT(last_line(r.out),
              StartsWith("quit: the game is left unfinished; the log so far is in " + log));

  // The log kept everything, undo included, and replays.
  const std::string text = read_file(log);
  EXPECT_THAT(text, HasSubstr("\"action\":\"press\""));
  EXPECT_THAT(text, HasSubstr("\"type\":\"undo\""));
  EXPECT_THAT(text, HasSubstr("\"action\":\"dice 1\""));
  CliRun verify = run({"replay", log, "--verify", "--quiet"});
  EXPECT_EQ(verify.code, cli::kExitOk) << verify.err;
  EXPECT_THAT(verify.out, StartsWith("verified: 4 actions, hash "));
}

TEST(CliHuman, EndOfInputExits3WithAMessage) {
  CliRun r =
      run({"play", "dice-race/race", "--seed", "3", "--seat", "red=human", "--seat", "blue=random"},
          "pass\n");
  EXPECT_EQ(r.code, cli::kExitUnfinished);
  EXPECT_THAT(r.out, HasSubstr("3. red: Pass\n  [DR §2] red passes.\n"));
  EXPECT_EQ(r.err,
            "end of input: the game is left unfinished; no log was written (use --log FILE)\n");
}

TEST(CliHuman, HotSeatSaysWhoseTurnItIs) {
  CliRun r = run({"play", "dice-race/race", "--seed", "3", "--seat", "red=human", "--seat",
                  "blue=human", "--quiet"},
                 "pass\n5\nreveal\nboard\nquit\n");
  EXPECT_EQ(r.code, cli::kExitUnfinished);
  const size_t red = r.out.find("=== red to play (action 3) ===");
  const size_t blue = r.out.find("=== blue to play (action 4) ===");
  const size_t red_again = r.out.find("=== red to play (action 5) ===");
  ASSERT_NE(red, std::string::npos) << r.out;
  ASSERT_NE(blue, std::string::npos) << r.out;
  ASSERT_NE(red_again, std::string::npos) << r.out;
  EXPECT_LT(red, blue);
  EXPECT_LT(blue, red_again);
  // After red's reveal (DR §4) the list no longer offers reveal; board shows it again.
  const std::string after = r.out.substr(r.out.find("red> ", red_again));
  EXPECT_THAT(after, HasSubstr("=== red to play (action 6) ==="));
  EXPECT_THAT(after.substr(after.find("(action 6)")), ::testing::Not(HasSubstr(") reveal")));
  // --quiet keeps the narration out but the human still sees the board and the actions.
  EXPECT_THAT(r.out, ::testing::Not(HasSubstr("[DR §2]")));
}

TEST(CliHuman, PlaysAWholeGameToTheResult) {
  // Red always rolls two dice (action 2) until the game ends; blue is random.
  std::string input;
  for (int i = 0; i < 400; ++i) input += "2\n";
  CliRun r = run({"play", "dice-race/race", "--seed", "8", "--seat", "red=human", "--seat",
                  "blue=random", "--option", "target=15"},
                 input);
  EXPECT_EQ(r.code, cli::kExitOk) << r.err;
  EXPECT_THAT(last_line(r.out), ::testing::MatchesRegex("result: (red|blue) wins"));
}

TEST(CliHuman, SkipDeclinesReactionWindowsOfAKindAutomatically) {
  // White Star Rising: the US has 4 fate points, so every draw opens a fate window (WSR 10.0).
  // `skip fate` declines them from then on; the human is asked only real decisions.
  CliRun r = run_cli(all_games(),
                     {"play", "wsr/noville", "--seed", "3", "--seat", "us=human", "--seat",
                      "de=random", "--max-actions", "60"},
                     "auto-setup\ny\nskip fate\n");
  const std::string& out = r.out;
  const size_t skipped = out.find("from now on \"fate\" windows are declined automatically");
  ASSERT_NE(skipped, std::string::npos) << out;
  EXPECT_NE(out.find("tip: `skip fate`"), std::string::npos);
  EXPECT_EQ(out.find(") fate redraw", skipped), std::string::npos) << out.substr(skipped);
  EXPECT_NE(out.find("US: No fate points", skipped), std::string::npos);
}

// WSR 10.0: `skip fate others` declines the fate windows on the other side's rolls only
// (Decision::roll_seat); the windows on the player's own rolls are still asked.
TEST(CliHuman, WSR_10_0_SkipFateOthersDeclinesOnlyTheOtherSidesRolls) {
  // Noville, seed 3: the US (human, 4 fate points) passes its own windows and ends its impulse;
  // the German draw of Kampfgruppe Beck and its entry roll are the German's.
  std::string input = "auto-setup\ny\nskip fate others\n";
  for (int k = 0; k < 10; ++k) input += "no-fate\nend-impulse\ny\n";
  CliRun r = run_cli(all_games(),
                     {"play", "wsr/noville", "--seed", "3", "--seat", "us=human", "--seat",
                      "de=random", "--max-actions", "30"},
                     input);
  const std::string& out = r.out;
  const size_t skipped =
      out.find("from now on \"fate\" windows on the other side's rolls are declined automatically");
  ASSERT_NE(skipped, std::string::npos) << out;
  const std::string after = out.substr(skipped);
  // The player's own draw is asked: its window lists the choices.
  const size_t own = after.find("their own drawn marker (formation marker 507th Paratroops)");
  ASSERT_NE(own, std::string::npos) << after;
  EXPECT_LT(after.find("1) No fate points", own), after.find("played for you", own));
  // The German draw and the German entry roll are declined for the player.
  const size_t beck =
      after.find("The drawn marker (formation marker Kampfgruppe Beck) by the Germans");
  ASSERT_NE(beck, std::string::npos) << after;
  const std::string why =
      "no-fate  (you skip \"fate\" windows on the other side's rolls; ask fate asks again)";
  const size_t first = after.find(why, beck);
  ASSERT_NE(first, std::string::npos) << after.substr(beck);
  EXPECT_NE(after.find(why, first + 1), std::string::npos) << after.substr(beck);
}

}  // namespace
}  // namespace feldherr
