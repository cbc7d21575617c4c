// Command-line parsing (CLI11) and dispatch of the `feldherr` subcommands (docs/cli.md).
#include "cli/cli.h"

#include <fmt/format.h>
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <charconv>
#include <iostream>
#include <limits>
#include <random>
#include <set>
#include <type_traits>

#include "ai/levels.h"
#include "cli/commands.h"
#include "engine/errors.h"
#include "engine/hash.h"
#include "engine/odds_text.h"
#include "engine/player.h"
#include "engine/view.h"

namespace feldherr::cli {

std::string seat_name(const Game& game, int seat) {
  return seat_label(game, seat);
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

const char* controller_name(Controller c) {
  switch (c.kind) {
    case Controller::Kind::kHuman:
      return "human";
    case Controller::Kind::kRandom:
      return "random";
    case Controller::Kind::kHeuristic:
      return "heuristic";
    case Controller::Kind::kMcts:
      return "mcts";
  }
  return "?";
}

Options parse_options(const std::vector<std::string>& texts) {
  Options options;
  std::set<std::string> seen;
  for (const std::string& text : texts) {
    std::string key, value;
    if (!split_pair(text, key, value)) {
      throw UsageError(fmt::format("bad --option '{}': expected KEY=VALUE", text));
    }
    if (!seen.insert(key).second) {
      throw UsageError(fmt::format("option '{}' given twice", key));
    }
    options.emplace_back(key, value);
  }
  return options;
}

std::string join(const std::vector<std::string>& items) {
  return comma_list(items);
}

std::vector<Controller> parse_seats(const std::vector<std::string>& texts, const Game& game,
                                    const GameModule* module, const std::string& game_name,
                                    bool allow_human) {
  const auto& sides = game.seats();
  std::vector<Controller> controllers(sides.size(), Controller::kHeuristic);
  std::vector<bool> given(sides.size(), false);
  const char* players =
      allow_human
          ? "human, ai:easy, ai:normal, ai:hard, random, heuristic, mcts, mcts:SECONDS, mcts:Nit"
          : "ai:easy, ai:normal, ai:hard, random, heuristic, mcts, mcts:SECONDS, mcts:Nit";
  for (const std::string& text : texts) {
    std::string side, player;
    if (!split_pair(text, side, player)) {
      throw UsageError(fmt::format("bad --seat '{}': expected SIDE=PLAYER (e.g. {}={})", text,
                                   sides.empty() ? "side" : sides.front(),
                                   allow_human ? "human" : "random"));
    }
    const int seat = game.seat_index(side);
    if (seat < 0) {
      throw UsageError(
          fmt::format("unknown side '{}' in {} (sides: {})", side, game_name, join(sides)));
    }
    // ai/levels.h: "ai:LEVEL" plays as the game's player of that level.
    if (std::string seat_text, error; resolve_ai_level(module, player, seat_text, error)) {
      if (!error.empty()) throw UsageError(fmt::format("{} for side {}", error, side));
      player = seat_text;
    }
    Controller controller;
    if (player == "human" && allow_human) {
      controller = Controller::kHuman;
    } else if (player == "random") {
      controller = Controller::kRandom;
    } else if (player == "heuristic") {
      controller = Controller::kHeuristic;
    } else if (std::string error; parse_mcts_seat(player, controller.mcts, error)) {
      // ai/mcts.h: "mcts" (1 s per decision), "mcts:SECONDS", "mcts:Nit" [":guided"|":random"]
      if (!error.empty()) throw UsageError(fmt::format("{} for side {}", error, side));
      controller.kind = Controller::Kind::kMcts;
    } else {
      throw UsageError(
          fmt::format("unknown player '{}' for side {} (players: {})", player, side, players));
    }
    const auto index = static_cast<size_t>(seat);
    if (given[index]) throw UsageError(fmt::format("side '{}' given twice in --seat", side));
    given[index] = true;
    controllers[index] = controller;
  }
  return controllers;
}

std::unique_ptr<Player> make_computer_player(Controller controller, const GameModule* module,
                                             int seat, uint64_t player_seed, bool* fell_back) {
  if (fell_back != nullptr) *fell_back = false;
  if (controller.kind == Controller::Kind::kMcts) {
    // Without an evaluation function MCTS plays its playouts to the end (see docs/ai.md).
    return make_mcts_player(module, controller.mcts, player_seed, nullptr);
  }
  if (controller == Controller::kHeuristic && module != nullptr && module->make_heuristic) {
    if (std::unique_ptr<Player> player = module->make_heuristic(seat, player_seed)) return player;
  }
  if (controller == Controller::kHeuristic && fell_back != nullptr) *fell_back = true;
  return std::make_unique<RandomPlayer>(player_seed);
}

void note_mcts_fallback(const std::vector<Controller>& controllers, const GameModule* module,
                        const Game& game, std::ostream& err) {
  if (module != nullptr && module->evaluate) return;
  std::vector<std::string> sides;
  for (size_t seat = 0; seat < controllers.size(); ++seat)
    if (controllers[seat].kind == Controller::Kind::kMcts &&
        with_game_search(module, controllers[seat].mcts).depth > 0)  // d0 asks for that anyway
      sides.push_back(game.seats()[seat]);
  if (sides.empty()) return;
  err << "note: " << game.id()
      << " has no evaluation function; mcts plays its playouts to the end of the game ("
      << join(sides) << ")\n";
}

uint64_t random_seed() {
  std::random_device device;
  return (static_cast<uint64_t>(device()) << 32) ^ static_cast<uint64_t>(device());
}

int cmd_list(const Registry& registry, Lang lang, Streams& io) {
  for (const GameModule& module : registry.modules()) {
    for (const ScenarioInfo& scenario : module.scenarios) {
      io.out << module.id << '/' << scenario.id << "  " << scenario.title_in(lang) << '\n';
    }
  }
  return kExitOk;
}

namespace {

// Error messages are one line: a caller may print several of them, one per line. Input a
// message quotes (an action text, an option value) is cut at 1,000 bytes (clip_text).
std::string one_line(std::string text) {
  std::replace(text.begin(), text.end(), '\n', ' ');
  while (!text.empty() && text.back() == ' ') text.pop_back();
  return clip_text(text, 1000);
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
  std::string list_lang = "en";
  list->add_option("--lang", list_lang, "Language of the titles: en or de (default en)")
      ->type_name("LANG")
      ->check(CLI::IsMember({"en", "de"}));

  PlayArgs play_args;
  uint64_t seed = 0;
  CLI::App* play = app.add_subcommand("play", "Play a game (AI, random or human seats)");
  play->add_option("game", play_args.game, "The game and scenario, e.g. pocket/orcs-vs-elves")
      ->type_name("GAME/SCENARIO");
  play->add_option("--resume", play_args.resume,
                   "Continue the game of a --log file: its actions are replayed and verified, "
                   "play goes on with its seats (or --seat), appending to it")
      ->type_name("LOG")
      ->check(CLI::ExistingFile);
  CLI::Option* seed_opt = play->add_option("--seed", seed,
                                           "Seed of the dice and of the random players (default: "
                                           "drawn at random and printed)")
                              ->type_name("N")
                              ->check(natural<uint64_t>("seed"));
  play->add_option(
          "--seat", play_args.seats,
          "Who plays a side: human, ai:easy, ai:normal, ai:hard (docs/ai.md), random, heuristic, "
          "mcts, mcts:SECONDS or mcts:Nit (default heuristic); repeatable")
      ->type_name("SIDE=PLAYER")
      ->allow_extra_args(false);
  play->add_option("--option", play_args.options, "A rules option of the game; repeatable")
      ->type_name("KEY=VALUE")
      ->allow_extra_args(false);
  play->add_option("--log", play_args.log, "Write the replay log to FILE as the game goes")
      ->type_name("FILE");
  play->add_flag("--quiet,-q", play_args.quiet, "Print only the result line");
  play->add_option("--max-actions", play_args.max_actions,
                   "Stop (exit 3) after N actions, a safety cap (default 0: no cap)")
      ->type_name("N")
      ->check(natural<long long>("--max-actions"));
  play->add_option("--lang", play_args.lang,
                   "Language of what a player reads (prompts, action labels, the log, refusals, "
                   "the result): en or de (default en)")
      ->type_name("LANG")
      ->check(CLI::IsMember({"en", "de"}));

  ReplayArgs replay_args;
  CLI::App* replay = app.add_subcommand("replay", "Re-run a replay log");
  replay->add_option("file", replay_args.file, "The replay log (JSON Lines)")
      ->required()
      ->check(CLI::ExistingFile)
      ->type_name("FILE");
  replay->add_flag("--verify", replay_args.verify,
                   "Check every action, id, seat, hash, the result and the committed dice against "
                   "the current rules and print only \"verified: N actions, hash H, dice ...\"");
  replay->add_flag("--quiet,-q", replay_args.quiet, "Print only the final line");
  replay->add_flag("--luck", replay_args.luck,
                   "After the replay: expected vs actual hits and saves of every attack and save "
                   "roll, per side");

  std::vector<std::string> paths;
  CLI::App* validate = app.add_subcommand(
      "validate", "Check data files (default: the whole data directory); errors as FILE:LINE");
  validate->add_option("path", paths, "Files or directories (walked recursively)")
      ->check(CLI::ExistingPath)
      ->type_name("PATH");

  SimulateArgs sim_args;
  uint64_t sim_seed = 0;
  CLI::App* simulate = app.add_subcommand(
      "simulate", "Play a batch of computer-vs-computer games and print win rates and lengths");
  simulate->add_option("game", sim_args.game, "The game and scenario, e.g. pocket/orcs-vs-elves")
      ->type_name("GAME/SCENARIO");
  simulate->add_option("--games", sim_args.games, "Games in the whole batch (all shards)")
      ->type_name("N")
      ->check(natural<long long>("--games"));
  simulate
      ->add_option("--seat", sim_args.seats,
                   "Who plays a side: ai:easy, ai:normal, ai:hard, random, heuristic, mcts, "
                   "mcts:SECONDS or mcts:Nit (default "
                   "heuristic); repeatable")
      ->type_name("SIDE=PLAYER")
      ->allow_extra_args(false);
  simulate->add_option("--option", sim_args.options, "A rules option of the game; repeatable")
      ->type_name("KEY=VALUE")
      ->allow_extra_args(false);
  simulate->add_option("--threads", sim_args.threads, "Games played in parallel (default 1)")
      ->type_name("T")
      ->check(natural<int>("--threads"));
  CLI::Option* sim_seed_opt =
      simulate
          ->add_option("--seed", sim_seed,
                       "Seed of the batch; game i uses a seed derived from (seed, i) (default: "
                       "drawn at random and printed)")
          ->type_name("S")
          ->check(natural<uint64_t>("seed"));
  simulate
      ->add_option("--shard", sim_args.shard,
                   "Play only the games i with i % M == K-1 (K from 1 to M; default 1/1)")
      ->type_name("K/M");
  simulate->add_option("--json", sim_args.json, "Write the statistics as JSON to FILE")
      ->type_name("FILE");
  simulate
      ->add_option("--report", sim_args.report,
                   "Write an HTML report with SVG charts (win rates, game lengths) to FILE")
      ->type_name("FILE.html");
  simulate
      ->add_option("--max-actions", sim_args.max_actions,
                   "Stop a game after N actions and count it as unfinished (default 0: no cap)")
      ->type_name("N")
      ->check(natural<long long>("--max-actions"));
  simulate
      ->add_option("--merge", sim_args.merge,
                   "Combine the --json files of the shards of one batch and print the table")
      ->type_name("FILE")
      ->check(CLI::ExistingFile);

  OddsArgs odds_args;
  // The product's odds commands are read only for `odds` (all_games() reads data files).
  const bool odds_given = !args.empty() && args.front() == "odds";
  CLI::App* odds = add_odds_command(app, odds_args, registry, odds_given);
  ServeArgs serve_args;
  CLI::App* serve = add_serve_command(app, serve_args);
  BenchArgs bench_args;
  CLI::App* bench = add_bench_command(app, bench_args);

  // CLI11 reports a misspelt command as "A subcommand is required": name it instead.
  if (!args.empty() && !args.front().empty() && args.front()[0] != '-') {
    bool known = false;
    for (const CLI::App* sub : {list, play, replay, validate, simulate, odds, serve, bench}) {
      known = known || sub->check_name(args.front());
    }
    if (!known) {
      io.err << "error: unknown command '" << args.front()
             << "' (commands: list, play, replay, validate, simulate, odds, serve, bench)\n";
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

  if (list->parsed()) return cmd_list(registry, lang_of(list_lang), io);
  if (play->parsed()) {
    if (seed_opt->count() > 0) play_args.seed = seed;
    return cmd_play(play_args, registry, io);
  }
  if (replay->parsed()) return cmd_replay(replay_args, registry, io);
  if (validate->parsed()) return cmd_validate(paths, registry, io);
  if (simulate->parsed()) {
    if (sim_seed_opt->count() > 0) sim_args.seed = sim_seed;
    return cmd_simulate(sim_args, registry, io);
  }
  if (odds->parsed()) return cmd_odds(odds_args, registry, io);
  if (serve->parsed()) return cmd_serve(serve_args, registry, io);
  if (bench->parsed()) return cmd_bench(bench_args, registry, io);
  io.err << "error: no subcommand\n";  // unreachable: require_subcommand(1)
  return kExitUsage;
}

}  // namespace

int run(const std::vector<std::string>& args, const Registry& registry, std::istream& in,
        std::ostream& out, std::ostream& err) {
  StreamInput lines(in);
  return run(args, registry, lines, out, err);
}

int run(const std::vector<std::string>& args, const Registry& registry, LineInput& in,
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
    // At a terminal, what was typed ahead can be told apart from what was typed after a
    // question (docs/cli.md "Type-ahead"); a pipe or file is a script, read whole.
    if (::isatty(STDIN_FILENO) != 0) {
      TerminalInput terminal(std::cin, STDIN_FILENO);
      return run(args, all_games(), terminal, std::cout, std::cerr);
    }
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
