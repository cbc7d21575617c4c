// Command-line parsing (CLI11) and dispatch of the `feldherr` subcommands (docs/cli.md).
#include "cli/cli.h"

#include <CLI/CLI.hpp>
#include <algorithm>
#include <charconv>
#include <iostream>
#include <limits>
#include <type_traits>

#include "cli/commands.h"
#include "engine/errors.h"
#include "engine/hash.h"

namespace feldherr::cli {

std::string seat_name(const Game& game, int seat) {
  const auto& seats = game.seats();
  if (seat >= 0 && static_cast<size_t>(seat) < seats.size())
    return seats[static_cast<size_t>(seat)];
  if (seat == kChance) return "chance";
  if (seat == kObserver) return "observer";
  return "nobody";
}

bool split_pair(const std::string& text, std::string& key, std::string& value) {
  auto eq = text.find('=');
  if (eq == std::string::npos || eq == 0 || eq + 1 == text.size()) return false;
  key = text.substr(0, eq);
  value = text.substr(eq + 1);
  return true;
}

uint64_t derive_seed(uint64_t seed, uint64_t salt) {
  return Hasher().add(seed).add(salt).value();
}

int cmd_list(const Registry& registry, Streams& io) {
  for (const GameModule& module : registry.modules()) {
    for (const ScenarioInfo& scenario : module.scenarios) {
      io.out << module.id << '/' << scenario.id << "  " << scenario.title << '\n';
    }
  }
  return kExitOk;
}

namespace {

// Error messages are one line: a caller may print several of them, one per line.
std::string one_line(std::string text) {
  std::replace(text.begin(), text.end(), '\n', ' ');
  while (!text.empty() && text.back() == ' ') text.pop_back();
  return text;
}

// A validator for integers 0..max of T: CLI11's own conversion would wrap "-4" around for unsigned
// types and clamp numbers that are too large.
template <typename T>
CLI::Validator natural(const std::string& what) {
  return CLI::Validator(
      [](std::string& text) -> std::string {
        T value{};
        auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
        bool negative = false;
        if constexpr (std::is_signed_v<T>) negative = value < 0;
        if (text.empty() || ec != std::errc() || end != text.data() + text.size() || negative) {
          return "must be an integer from 0 to " + std::to_string(std::numeric_limits<T>::max()) +
                 ", not '" + text + "'";
        }
        return "";
      },
      "", what);
}

int dispatch(const std::vector<std::string>& args, const Registry& registry, Streams& io) {
  CLI::App app{"Feldherr plays tabletop wargames by their printed rules.", "feldherr"};
  app.require_subcommand(1);
  app.footer(
      "Exit codes: 0 done, 1 bad data file or log (FILE:LINE: message), 2 bad command line,\n"
      "3 game left unfinished (quit, end of input, --max-actions). See docs/cli.md.");

  CLI::App* list = app.add_subcommand("list", "List every game/scenario with its title");

  PlayArgs play_args;
  uint64_t seed = 0;
  CLI::App* play = app.add_subcommand("play", "Play a game (AI, random or human seats)");
  play->add_option("game", play_args.game, "The game and scenario, e.g. pocket/orcs-vs-elves")
      ->required()
      ->type_name("GAME/SCENARIO");
  CLI::Option* seed_opt = play->add_option("--seed", seed,
                                           "Seed of the dice and of the random players (default: "
                                           "drawn at random and printed)")
                              ->type_name("N")
                              ->check(natural<uint64_t>("seed"));
  play->add_option("--seat", play_args.seats,
                   "Who plays a side: human, random or heuristic (default heuristic); repeatable")
      ->type_name("SIDE=PLAYER")
      ->allow_extra_args(false);
  play->add_option("--option", play_args.options, "A rules option of the game; repeatable")
      ->type_name("KEY=VALUE")
      ->allow_extra_args(false);
  play->add_option("--log", play_args.log, "Write the replay log to FILE as the game goes")
      ->type_name("FILE");
  play->add_flag("--quiet,-q", play_args.quiet, "Print only the result line");
  play->add_option("--max-actions", play_args.max_actions,
                   "Stop (exit 3) after N actions, a safety cap (default: none)")
      ->type_name("N")
      ->check(natural<long long>("--max-actions"));

  ReplayArgs replay_args;
  CLI::App* replay = app.add_subcommand("replay", "Re-run a replay log");
  replay->add_option("file", replay_args.file, "The replay log (JSON Lines)")
      ->required()
      ->check(CLI::ExistingFile)
      ->type_name("FILE");
  replay->add_flag("--verify", replay_args.verify,
                   "Check every action, hash and the result against the current rules and print "
                   "only \"verified: N actions, hash H\"");
  replay->add_flag("--quiet,-q", replay_args.quiet, "Print only the final line");

  std::vector<std::string> paths;
  CLI::App* validate = app.add_subcommand(
      "validate", "Check data files (default: the whole data directory); errors as FILE:LINE");
  validate->add_option("path", paths, "Files or directories (walked recursively)")
      ->check(CLI::ExistingPath)
      ->type_name("PATH");

  // CLI11 reports a misspelt command as "A subcommand is required": name it instead.
  if (!args.empty() && !args.front().empty() && args.front()[0] != '-') {
    bool known = false;
    for (const CLI::App* sub : {list, play, replay, validate}) {
      known = known || sub->check_name(args.front());
    }
    if (!known) {
      io.err << "error: unknown command '" << args.front()
             << "' (commands: list, play, replay, validate)\n";
      return kExitUsage;
    }
  }

  try {
    std::vector<std::string> reversed(args.rbegin(), args.rend());
    app.parse(std::move(reversed));
  } catch (const CLI::CallForHelp&) {
    io.out << app.help();
    return kExitOk;
  } catch (const CLI::CallForAllHelp&) {
    io.out << app.help("", CLI::AppFormatMode::All);
    return kExitOk;
  } catch (const CLI::ParseError& e) {
    if (e.get_exit_code() == 0) return kExitOk;
    io.err << "error: " << one_line(e.what()) << '\n';
    return kExitUsage;
  }

  if (list->parsed()) return cmd_list(registry, io);
  if (play->parsed()) {
    if (seed_opt->count() > 0) play_args.seed = seed;
    return cmd_play(play_args, registry, io);
  }
  if (replay->parsed()) return cmd_replay(replay_args, registry, io);
  if (validate->parsed()) return cmd_validate(paths, registry, io);
  io.err << "error: no subcommand\n";  // unreachable: require_subcommand(1)
  return kExitUsage;
}

}  // namespace

int run(const std::vector<std::string>& args, const Registry& registry, std::istream& in,
        std::ostream& out, std::ostream& err) {
  Streams io{in, out, err};
  try {
    return dispatch(args, registry, io);
  } catch (const UsageError& e) {
    out.flush();
    err << "error: " << one_line(e.what()) << '\n';
    return kExitUsage;
  } catch (const DataError& e) {
    out.flush();
    err << one_line(e.what()) << '\n';
    return kExitError;
  } catch (const std::exception& e) {
    out.flush();
    err << "error: " << one_line(e.what()) << '\n';
    return kExitError;
  }
}

int main_entry(int argc, const char* const* argv) {
  std::vector<std::string> args;
  for (int i = 1; i < argc; ++i) args.emplace_back(argv[i]);
  try {
    return run(args, all_games(), std::cin, std::cout, std::cerr);
  } catch (const DataError& e) {  // all_games() itself failed (e.g. a malformed data file)
    std::cerr << one_line(e.what()) << '\n';
    return kExitError;
  } catch (const std::exception& e) {
    std::cerr << "error: " << one_line(e.what()) << '\n';
    return kExitError;
  }
}

}  // namespace feldherr::cli
