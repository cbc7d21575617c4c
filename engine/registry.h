// The registry of game modules: how the CLI, server, AI and tests find games by id.
//
// Registration is explicit (games/all_games.cc calls register_all_games) rather than by static
// initialisers, which static libraries would silently drop.
#pragma once

#include <array>
#include <functional>
#include <iosfwd>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "engine/game.h"
#include "engine/player.h"

namespace CLI {
class App;  // CLI11 (the `feldherr` command line); games add their odds commands to it
}

namespace feldherr {

// Error in user input (unknown game, bad option value...). The CLI prints what() and exits 2.
// One that a player reads in their language (a scenario that is not playable) is made from a
// Text: what() is its English, in() gives the reader's language, as a refusal's Text does (the
// CLI's `play --lang de`, the server's error JSON `message_de`).
class UsageError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
  explicit UsageError(const Text& text) : std::runtime_error(text.en), de_(text.de) {}
  // The message in `lang`: the German when it was given one, else what().
  std::string in(Lang lang) const { return lang == Lang::kDe && !de_.empty() ? de_ : what(); }
  Text text() const { return {what(), de_}; }

 private:
  std::string de_;
};

// analysis (`feldherr replay --luck`): one attack or save roll as the luck report counts it:
// the seat the roll is for, what it counts ("hits", "saves") and the expected and the actual
// number (the expectation over the roll's chance outcomes, in the position before the roll).
struct LuckSample {
  int seat = kNobody;
  std::string what;
  double expected = 0;
  double actual = 0;
};

// cli (`feldherr odds <game> <combat> [options]`, docs/cli.md): the odds of a combat described by
// its numbers (units, terrain, range), without a position. `add` adds the game's combats, each
// with its options, as subcommands of `command` (the CLI11 command `feldherr odds <game>`) and
// returns the function that computes the odds of the combat the command line chose (the name of
// that subcommand) and prints them to `out`; it throws UsageError for bad input.
struct OddsCommand {
  std::string help;  // "White Star Rising combats"
  std::function<std::function<void(const std::string& combat, std::ostream& out)>(
      CLI::App& command)>
      add;
};

// The OddsCommand of a game whose odds options are one `Args` per command line: `add_combats`
// adds the combats and their options (bound to the Args), `print` prints the chosen combat's
// odds (throwing UsageError for a combat it does not know).
template <class Args>
OddsCommand MakeOddsCommand(std::string help, void (*add_combats)(CLI::App&, Args&),
                            void (*print)(const Args&, const std::string& combat, std::ostream&)) {
  OddsCommand c;
  c.help = std::move(help);
  c.add = [add_combats, print](CLI::App& command) {
    auto args = std::make_shared<Args>();
    add_combats(command, *args);
    return std::function<void(const std::string&, std::ostream&)>(
        [args, print](const std::string& combat, std::ostream& out) { print(*args, combat, out); });
  };
  return c;
}

// cli (`feldherr bench`): one measurement, printed as `anchor=feldherr metric=M value=V unit=U`.
using BenchReport =
    std::function<void(const std::string& metric, double value, const std::string& unit)>;

struct GameModule {
  std::string id;        // "pocket"
  std::string title;     // "Pocket Battles: Orcs vs Elves"
  std::string title_de;  // the title in German ("Pocket Battles: Orks gegen Elfen"); "": the same
  const std::string& title_in(Lang lang) const {
    return lang == Lang::kDe && !title_de.empty() ? title_de : title;
  }
  std::vector<ScenarioInfo> scenarios;
  std::vector<OptionSpec> options;
  // The options under which a log written by rules `rules_version` (an earlier version of this
  // game) plays as it was played: where a later version changed an option's default, the log's
  // header (which lists the options of its own version) lacks the new option, and this adds the
  // value that reproduces the old rules. Null: every version's options play unchanged.
  std::function<void(std::string_view rules_version, Options& options)> log_options;
  // Creates the game for a scenario id (one of `scenarios`) and fully resolved options (every
  // OptionSpec present, validated). May throw std::runtime_error for bad data files.
  std::function<std::shared_ptr<const Game>(std::string_view scenario, const Options& options)>
      create;
  // For a scenario id not in `scenarios`: why the game does not offer it (e.g. a scenario that
  // ships as data but needs rules not played yet), in English and German, or an empty `en` when
  // the id is simply unknown. Create answers with that reason (a UsageError made from a Text)
  // instead of "unknown scenario". May be null.
  std::function<Text(std::string_view scenario)> unavailable;
  // The game's scored candidate-action player (the `heuristic` seat); null if the game has none.
  std::function<std::unique_ptr<Player>(int seat, uint64_t seed)> make_heuristic;
  // ai/mcts.h: static evaluation of a position for `seat` in [-1, 1] (+1 won, -1 lost; terminal
  // states give their Result::returns), where MCTS cuts its playouts. Null: MCTS plays out to
  // the end.
  std::function<double(const State&, int seat)> evaluate;
  // ai/mcts.h: true for a decision whose consequences lie beyond any playout horizon (army
  // selection, hidden deployment: a playout cut at 20 decisions never reaches a die roll, so only
  // the evaluation would judge it); MCTS seats let the game's heuristic make those decisions
  // (docs/ai.md "Setup decisions"). Null: MCTS searches every decision.
  std::function<bool(const State&)> setup_decision;
  // ai/mcts.h: true for a decision that carries on one the seat has made (the next hex of a
  // stack's move, WSR 5.0). A seat with ":heuristic-steps" lets the game's heuristic make those,
  // following its own plan for the move, and searches only the decisions that start something
  // (docs/ai.md "Steps of a move"). Null: every decision is searched.
  std::function<bool(const State&)> step_decision;
  // ai/mcts.h: a search on a time budget (the `mcts`, `mcts:SECONDS` seats) stops after this many
  // iterations even with time left (0: no cap), where more iterations measured weaker play
  // (docs/ai.md "Iteration cap"). Seats with ":nocap" or an iteration budget ignore it.
  long long mcts_iteration_cap = 0;
  // ai/mcts.h: the search of a plain MCTS seat (a budget alone: `mcts`, `mcts:SECONDS`,
  // `mcts:Nit`) in this game, as seat suffixes (parse_mcts_seat), e.g. ":guided:d0:sh:e0";
  // empty: the engine's default search. A seat text with any suffix of its own is taken as it
  // stands (docs/ai.md "Seats").
  std::string mcts_search;
  // The players of the difficulty levels `ai:easy`, `ai:normal` and `ai:hard`, as seat texts
  // ("heuristic" or an MCTS seat of ai/mcts.h), weakest first (ai/levels.h; docs/ai.md
  // "Difficulty levels"). A game whose search is no better than its heuristic at some level
  // names the heuristic there.
  std::array<std::string, 3> ai_levels = {"heuristic", "mcts", "mcts:3"};
  // Data files of this game live in data_dir()/<data_subdir>/. validate_file checks one of them
  // and throws DataError("FILE:LINE: message") if it is malformed.
  std::string data_subdir;
  std::function<void(const std::string& path)> validate_file;
  // Game-specific invariants for the conformance battery ("" when they hold); may be null.
  std::function<std::string(const State&)> invariant;
  // server + web UI (docs/protocol.md): the static board of a game (map, terrain, zones; what
  // never changes during play) as JSON for the browser; null if the game provides none.
  std::function<json(const Game&)> board;
  // server + web UI (docs/protocol.md "odds"): the exact odds of `action` in `state` (legal, by
  // the deciding seat) as JSON, e.g. {"summary":"...","outcomes":[{"text","p"}]}; a null json
  // when the game has no odds for that action. The function itself may be null (no odds at all).
  std::function<json(const State& state, const Action& action)> odds;
  // analysis (replay --luck): the LuckSample of a chance action taken in `before`, or nullopt
  // when that chance action is no attack or save roll. May be null (no luck report).
  std::function<std::optional<LuckSample>(const State& before, const Action& chance)> luck;
  // cli (`feldherr odds <id> ...`): the game's parameter-driven odds commands; `add` null: none.
  OddsCommand odds_command;
  // cli (`feldherr bench`): the game's own measurements after those every game gets (random
  // play, clone, legal actions, MCTS), each passed to `report` with a metric "<id>.<name>";
  // `seconds` is the time per measurement. May be null.
  std::function<void(double seconds, const BenchReport& report)> bench;
  // cli (`feldherr bench`): further scenarios measured like the first one (random play, clone,
  // legal actions, MCTS), with metrics "<id>.<scenario>.<name>", e.g. an advanced scenario with
  // rules the first one does not use. Empty: the first scenario only.
  std::vector<std::string> bench_scenarios;
};

class Registry {
 public:
  void add(GameModule module);
  const std::vector<GameModule>& modules() const { return modules_; }
  const GameModule* find(std::string_view game_id) const;

  // Resolves "game/scenario" + user options (unknown names or invalid values throw UsageError)
  // and creates the game.
  std::shared_ptr<const Game> create(std::string_view game_and_scenario,
                                     const Options& user_options) const;
  // create() for a log (a replay file, a stored server game) written by rules `rules_version`:
  // the module's log_options first.
  std::shared_ptr<const Game> create_for_log(std::string_view game_and_scenario, Options options,
                                             std::string_view rules_version) const;
  // Fills defaults and validates; throws UsageError.
  Options resolve_options(const GameModule& module, const Options& user_options) const;

 private:
  std::vector<GameModule> modules_;
};

// The registry with every game of the product (defined in games/all_games.cc).
const Registry& all_games();

}  // namespace feldherr
