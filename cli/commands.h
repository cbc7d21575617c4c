// Internals of the `feldherr` command line shared by its subcommands (not a public interface:
// other code uses cli/cli.h).
#pragma once

#include <cstdint>
#include <deque>
#include <functional>
#include <iosfwd>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "ai/mcts.h"
#include "cli/cli.h"
#include "engine/game.h"
#include "engine/registry.h"
#include "engine/replay.h"
#include "engine/session.h"

namespace CLI {
class App;
}

namespace feldherr::cli {

struct Streams {
  LineInput& in;
  std::ostream& out;
  std::ostream& err;
};

// ---- subcommands (each returns an exit code from cli.h) ----

int cmd_list(const Registry& registry, Lang lang, Streams& io);

struct PlayArgs {
  std::string game;                  // "game/scenario"
  std::optional<uint64_t> seed;      // --seed; drawn from std::random_device when absent
  std::vector<std::string> seats;    // --seat SIDE=PLAYER
  std::vector<std::string> options;  // --option KEY=VALUE
  std::string log;                   // --log FILE ("" = none)
  bool quiet = false;
  long long max_actions = 0;  // --max-actions (0 = no cap)
  std::string lang = "en";    // --lang: the language of what a player reads (en, de)
  std::string resume;         // --resume LOG: continue the game of this log ("" = a new game)
};
int cmd_play(const PlayArgs& args, const Registry& registry, Streams& io);

struct ReplayArgs {
  std::string file;
  bool verify = false;
  bool quiet = false;
  bool luck = false;  // --luck: expected vs actual hits and saves per side (GameModule::luck)
};
int cmd_replay(const ReplayArgs& args, const Registry& registry, Streams& io);

int cmd_validate(const std::vector<std::string>& paths, const Registry& registry, Streams& io);

struct SimulateArgs {
  std::string game;                  // "game/scenario"
  long long games = 0;               // --games N: size of the whole batch (all shards)
  std::vector<std::string> seats;    // --seat SIDE=PLAYER
  std::vector<std::string> options;  // --option KEY=VALUE
  int threads = 1;                   // --threads T
  std::optional<uint64_t> seed;      // --seed; drawn from std::random_device when absent
  std::string shard = "1/1";         // --shard K/M
  std::string json;                  // --json FILE ("" = none)
  long long max_actions = 0;         // --max-actions per game (0 = no cap)
  std::vector<std::string> merge;    // --merge FILE...: combine the JSON of earlier runs
  std::string report;                // --report FILE.html ("" = none)
};
int cmd_simulate(const SimulateArgs& args, const Registry& registry, Streams& io);

// simulate --report (cli/report.cc): a self-contained HTML page with SVG charts.
struct ReportData {
  std::string title;     // "pocket/orcs-vs-elves"
  std::string subtitle;  // seats, options, games, seed
  std::string footer;    // how to reproduce
  std::vector<std::string> sides, players;
  std::vector<long long> wins;  // per side
  long long draws = 0, unfinished = 0, games = 0;
  std::vector<long long> lengths;
};
std::string html_report(const ReportData& report);
void write_html_report(const ReportData& report, const std::string& path);

// `feldherr odds` (cli/odds.cc): `odds log` and the games' own odds commands, filled by the
// parser.
struct OddsArgs {
  std::string command;  // "log" when `odds log` was given
  bool json = false;
  // odds log FILE --action TEXT [--at N]: any game whose module has odds (GameModule::odds)
  std::string log_file, action;
  long long at = -1;  // actions of the log to replay first (-1: all)
  // odds GAME COMBAT ...: per game with an odds command (GameModule::odds_command), its CLI11
  // command and what runs the combat chosen there.
  struct GameCommand {
    CLI::App* command = nullptr;
    std::function<void(const std::string& combat, std::ostream& out)> run;
  };
  std::vector<GameCommand> games;
};
// Adds the `odds` subcommand to `app`, filling `args`: `odds log` and the odds commands of the
// games of `registry` and, if `with_product_games`, of the product's games (all_games()) that
// `registry` lacks (they need only the game's shipped data).
CLI::App* add_odds_command(CLI::App& app, OddsArgs& args, const Registry& registry,
                           bool with_product_games);

// cli/log_position.cc: the position after the first `at` actions of a replay log (at < 0: all);
// `each` (may be null) sees every action with the state before it and the deciding seat.
// Malformed logs throw DataError("FILE:LINE: message").
struct LogPosition {
  std::shared_ptr<const Game> game;
  const GameModule* module = nullptr;
  std::unique_ptr<State> state;
  long long actions = 0;
  ReplayFile replay;
};
LogPosition position_from_log(
    const Registry& registry, const std::string& file, long long at,
    const std::function<void(const State& before, const Action& action, int seat)>& each = nullptr);

// `feldherr bench` (cli/bench_cmd.cc): lines `anchor=feldherr metric=NAME value=X unit=U`.
struct BenchArgs {
  std::vector<std::string> games;  // --game: only these ids (default: every game)
  double seconds = 1.0;            // --seconds per measurement
};
CLI::App* add_bench_command(CLI::App& app, BenchArgs& args);
int cmd_bench(const BenchArgs& args, const Registry& registry, Streams& io);
int cmd_odds(const OddsArgs& args, const Registry& registry, Streams& io);

// `feldherr serve` (cli/serve.cc, docs/server.md): the game server for the browser UI.
struct ServeArgs {
  int port = 8080;
  std::string db = "feldherr.db";
  std::string web;  // "" = the built UI in web/dist of the source tree, if it exists
  std::string bind = "127.0.0.1";
  int threads = 2;
  int ai_delay_ms = 300;
  int ai_threads = 0;           // 0: one per hardware thread
  double ai_max_seconds = 5.0;  // longest AI decision
  int idle_seconds = 600;       // idle games leave memory after this long
  int max_live_games = 2000;
  // Network limits (docs/server.md "Network limits").
  int max_connections = 1000;
  int create_per_minute = 10;
  int create_burst = 20;
  int checkpoint_frames = 1000;  // 0: SQLite's checkpoints inside the commits
};
CLI::App* add_serve_command(CLI::App& app, ServeArgs& args);
int cmd_serve(const ServeArgs& args, const Registry& registry, Streams& io);

// ---- helpers ----

// Who plays a seat (--seat SIDE=PLAYER): a kind, and for MCTS its budget (ai/mcts.h).
struct Controller {
  enum class Kind { kHuman, kRandom, kHeuristic, kMcts };
  Kind kind = Kind::kHeuristic;
  MctsConfig mcts;  // kMcts: "mcts", "mcts:SECONDS", "mcts:Nit" (parse_mcts_seat)
  static const Controller kHuman, kRandom, kHeuristic;
  friend bool operator==(const Controller& a, const Controller& b) { return a.kind == b.kind; }
};
inline const Controller Controller::kHuman{Controller::Kind::kHuman, {}};
inline const Controller Controller::kRandom{Controller::Kind::kRandom, {}};
inline const Controller Controller::kHeuristic{Controller::Kind::kHeuristic, {}};
const char* controller_name(Controller c);

// "KEY=VALUE" texts of --option; a malformed or repeated one is a UsageError.
Options parse_options(const std::vector<std::string>& texts);

// "a, b, c".
std::string join(const std::vector<std::string>& items);

// One controller per seat from the --seat texts; sides without --seat are played by the
// heuristic. A level ("ai:hard", ai/levels.h) is the player `module` names for it. Unknown sides,
// players or levels, or `human` when !allow_human, are UsageErrors.
std::vector<Controller> parse_seats(const std::vector<std::string>& texts, const Game& game,
                                    const GameModule* module, const std::string& game_name,
                                    bool allow_human = true);

// The player of a computer seat (kRandom, kHeuristic or kMcts) seeded with `player_seed`. A game
// without a heuristic gets a RandomPlayer and *fell_back is set; MCTS in a game without an
// evaluation function plays its playouts to the end (see note_mcts_fallback).
std::unique_ptr<Player> make_computer_player(Controller controller, const GameModule* module,
                                             int seat, uint64_t player_seed, bool* fell_back);

// "note: GAME has no evaluation function; mcts plays its playouts to the end (SIDES)" on `err`
// when an MCTS seat plays a game without GameModule::evaluate.
void note_mcts_fallback(const std::vector<Controller>& controllers, const GameModule* module,
                        const Game& game, std::ostream& err);

// A seed from std::random_device (for commands run without --seed).
uint64_t random_seed();

// Side id of a seat, "chance" for kChance, "nobody" for kNobody, "observer" for kObserver.
std::string seat_name(const Game& game, int seat);

// Splits "KEY=VALUE" at the first '='; false if there is no '=' or either part is empty.
bool split_pair(const std::string& text, std::string& key, std::string& value);

// A seed for a player or generator derived from the game seed and a salt (platform-independent).
uint64_t derive_seed(uint64_t seed, uint64_t salt);

// Prints the game as it goes ("who did what" + every event with its rule) and remembers the
// recent lines for the human seat's `log` command.
// The width of the terminal the human seat and the narration write for (docs/cli.md).
inline constexpr size_t kScreenColumns = 100;
// `line` cut at spaces to kScreenColumns, each continuation indented by `indent` spaces; a word
// longer than a line stays whole.
std::string wrapped(const std::string& line, size_t indent);
// A text picture (State::render_text) with each line wider than kScreenColumns cut at spaces.
std::string wrapped_picture(const std::string& picture);

class Narrator {
 public:
  Narrator(std::ostream& out, bool print, bool remember)
      : out_(out), print_(print), remember_(remember) {}
  // Whether lines are printed (they are remembered for `log` all the same).
  void set_print(bool print) { print_ = print; }
  // Whose view the events are told in (event_text); kNobody, the default, tells everything.
  void show_to(int viewer) { viewer_ = viewer; }
  // The language of the games' own texts (events, prompts) it tells (--lang).
  void set_lang(Lang lang) { lang_ = lang; }
  Lang lang() const { return lang_; }

  // Whether lines are built at all (printing or remembering); callers skip work otherwise.
  bool active() const { return print_ || remember_; }

  // `logged` is the action just taken (Session::history().back()), `n` its 1-based number.
  // `chance_prompt` is the decision prompt Chance owed before a chance action ("" otherwise).
  // `note` (may be "") is added to the action's line in parentheses ("played for you").
  void action(const Game& game, int n, const LoggedAction& logged, const std::string& chance_prompt,
              const EventList& events, const std::string& note = "");
  // Consecutive actions of one side that read alike and caused no event (the Planspiel's
  // counter-move windows at each step of a move, declined) are told as one line,
  // "110-113. Blue: Pass: no counter-move (4×)", the last of the run with its events. The run
  // waits for its end: flush() tells what is pending, before a human's prompt and at the end.
  void flush();
  void undo(const Game& game, int seat, const std::string& text);
  void line(const std::string& text);

  const std::deque<std::string>& recent() const { return recent_; }

 private:
  static constexpr size_t kKeep = 40;
  // A run of alike actions without events: their numbers and their line after "N. ".
  struct Run {
    int first = 0, last = 0;
    std::string body;
  };
  void tell_run(const Run& run);
  std::ostream& out_;
  bool print_;
  bool remember_;
  int viewer_ = kNobody;
  Lang lang_ = Lang::kEn;
  std::deque<std::string> recent_;
  std::optional<Run> run_;
};

// The terminal seat of a human: shows the board and the legal actions, reads a line.
class HumanSeat {
 public:
  enum class Outcome { kActed, kUndone, kQuit, kEndOfInput };

  HumanSeat(Streams& io, Narrator& narrator, Lang lang = Lang::kEn)
      : io_(io), narrator_(narrator), lang_(lang) {}
  // The player that answers `hint` for a seat (the game's heuristic); none if not set.
  void set_adviser(std::function<std::unique_ptr<Player>(int seat)> adviser) {
    adviser_ = std::move(adviser);
  }

  // Plays one decision of state.current_seat() through `session`. kActed: an action was taken
  // (its events are in `events`); kUndone: the last action was taken back; kQuit: the player
  // typed quit; kEndOfInput: stdin ended.
  Outcome turn(Session& session, EventList& events, std::string& undone_text);
  // Whether the action of the last kActed turn was played for the player (the only legal
  // action, or a window of a kind it skips) rather than chosen.
  bool forced() const { return forced_; }

 private:
  void show(const Session& session) const;
  // Plays `action` for the player, says so with `why` (unless `say` is false: the narration's
  // "(played for you)" alone), and drops what was typed ahead.
  bool play_for_player(Session& session, const Action& action, EventList& events, const Text& why,
                       bool say = true);
  // Drops the lines typed ahead (LineInput::discard_typed_ahead) and says which.
  void drop_typed_ahead();
  // "4 units can still move (...)" when `action` ends a phase or turn that units of the deciding
  // seat could still use; empty when it does not.
  Text still_able(const Session& session, const Action& action) const;
  void help(const Session& session) const;
  // A list longer than this is shown folded (list_actions).
  static constexpr size_t kFoldAbove = 30;
  void action_line(const State& state, const ActionList& legal, size_t i) const;
  size_t list_actions(const State& state, const ActionList& legal, size_t fold_above) const;
  void list_command(const State& state, const std::string& what) const;

  Streams& io_;
  Narrator& narrator_;  // flushed before the seat prints anything (Narrator::flush)
  Lang lang_;
  std::function<std::unique_ptr<Player>(int seat)> adviser_;
  // Kinds of reaction windows (Decision::decline) the player declines automatically: `skip fate`
  // (true: every window of the kind) or `skip fate others` (false: only the windows about the
  // other side's rolls, Decision::roll_seat).
  std::map<std::string, bool> skipped_;
  bool skip_tip_shown_ = false;
  bool forced_ = false;
};

}  // namespace feldherr::cli
