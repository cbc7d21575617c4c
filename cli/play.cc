// `feldherr play GAME/SCENARIO`: drives one game through a Session with a player per seat;
// `feldherr play --resume LOG` continues the game of a log (docs/cli.md).
#include <fmt/format.h>

#include <map>
#include <memory>
#include <ostream>
#include <random>
#include <set>

#include "cli/cli.h"
#include "cli/commands.h"
#include "engine/errors.h"
#include "engine/player.h"
#include "engine/replay.h"

namespace feldherr::cli {

namespace {

// The log of `--resume FILE`, checked whole before anything is played or written: it must be a
// complete log (no line cut short), of a terminal game (no committed server dice), of these
// rules, and verify (verify_replay). Any fault is a DataError "FILE:LINE: message"; the file
// is not touched.
ReplayFile resumable_log(const std::string& file, const Registry& registry,
                         std::shared_ptr<const Game>& game) {
  ReplayFile replay = load_replay(file);
  if (replay.truncated_line > 0)
    throw DataError(
        fmt::format("{}:{}: the last line is cut short (a crash while it was "
                    "written?); the log is left as it is: delete that line to resume "
                    "from the line before",
                    file, replay.truncated_line));
  if (!replay.server_game.empty() || !replay.dice_commitment.empty())
    throw DataError(
        fmt::format("{}:1: a server game's log (its dice are committed by the "
                    "server) cannot be continued at the terminal",
                    file));
  try {
    game = registry.create_for_log(replay_game_id(replay), replay.options, replay.rules_version);
  } catch (const UsageError& e) {  // the log names a game, scenario or option we do not know
    throw DataError(fmt::format("{}:1: {}", file, clip_text(e.what(), 400)));
  }
  if (game->rules_version() != replay.rules_version)
    throw DataError(
        fmt::format("{}:1: the log was written by rules {}, these are rules {}: a "
                    "game goes on under the rules it began with (feldherr replay "
                    "re-runs it)",
                    file, clip_text(replay.rules_version, 40), game->rules_version()));
  const VerifyReport report = verify_replay(*game, replay, file);
  if (!report.ok) throw DataError(report.error);
  return replay;
}

// The --seat texts of a resumed game: the log's players, each replaced by a --seat for its side.
std::vector<std::string> resumed_seats(const ReplayFile& replay,
                                       const std::vector<std::string>& given) {
  std::set<std::string> overridden;
  for (const std::string& text : given) {
    std::string side, player;
    if (split_pair(text, side, player)) overridden.insert(side);
  }
  std::vector<std::string> texts;
  for (size_t seat = 0; seat < replay.seats.size() && seat < replay.players.size(); ++seat)
    if (!replay.players[seat].empty() && overridden.count(replay.seats[seat]) == 0)
      texts.push_back(replay.seats[seat] + "=" + replay.players[seat]);
  texts.insert(texts.end(), given.begin(), given.end());
  return texts;
}

}  // namespace

int cmd_play(const PlayArgs& args, const Registry& registry, Streams& io) {
  const bool resuming = !args.resume.empty();
  std::shared_ptr<const Game> game;
  ReplayFile resumed;
  std::vector<std::string> seat_texts = args.seats;
  if (resuming) {
    // The game, its options and seed are the log's; only who plays a seat may change.
    if (!args.game.empty())
      throw UsageError("--resume continues the game of its log: give no GAME/SCENARIO");
    if (!args.options.empty())
      throw UsageError("--resume keeps the options of its log: --option cannot change them");
    if (args.seed.has_value())
      throw UsageError("--resume keeps the seed of its log: --seed cannot change it");
    if (!args.log.empty())
      throw UsageError("--resume appends to the log it continues: --log cannot name another");
    resumed = resumable_log(args.resume, registry, game);
    seat_texts = resumed_seats(resumed, args.seats);
  } else {
    if (args.game.empty()) throw UsageError("play needs GAME/SCENARIO (or --resume LOG)");
    const Options user_options = parse_options(args.options);
    // Unknown game or scenario, unknown option or bad option value: UsageError (exit 2), in the
    // --lang language where the game gave its German (a scenario that is not playable).
    try {
      game = registry.create(args.game, user_options);
    } catch (const UsageError& e) {
      throw UsageError(e.in(lang_of(args.lang)));
    }
  }
  const std::string game_name = resuming ? replay_game_id(resumed) : args.game;
  const GameModule* module = registry.find(game->id());
  const std::vector<Controller> controllers = parse_seats(seat_texts, *game, module, game_name);
  // Who plays each seat as --seat wrote it, kept in the log's header for --resume.
  std::vector<std::string> player_texts(game->seats().size(), "heuristic");
  for (const std::string& text : seat_texts) {
    std::string side, player;
    if (split_pair(text, side, player) && game->seat_index(side) >= 0)
      player_texts[static_cast<size_t>(game->seat_index(side))] = player;
  }

  const bool seed_given = args.seed.has_value() || resuming;
  const uint64_t seed = resuming ? resumed.seed : seed_given ? *args.seed : random_seed();
  // Without --seed the seed is always shown: any game can be replayed.
  if (!args.quiet || !seed_given) io.out << "seed: " << seed << '\n';

  // Players. Seeds are derived from the game seed and the seat, so that a seat's random choices
  // do not depend on which other seats are human.
  const size_t num_seats = game->seats().size();
  std::vector<std::unique_ptr<Player>> players(num_seats);
  std::vector<std::string> fallback;
  bool any_human = false;
  for (size_t seat = 0; seat < num_seats; ++seat) {
    if (controllers[seat] == Controller::kHuman) {
      any_human = true;
      continue;
    }
    bool fell_back = false;
    players[seat] = make_computer_player(controllers[seat], module, static_cast<int>(seat),
                                         derive_seed(seed, seat + 1), &fell_back);
    if (fell_back) fallback.push_back(game->seats()[seat]);
  }
  if (!fallback.empty()) {
    io.err << "note: " << game->id() << " has no heuristic player; random plays " << join(fallback)
           << '\n';
  }
  note_mcts_fallback(controllers, module, *game, io.err);

  if (!args.quiet) {
    io.out << "game: " << game->id() << '/' << game->scenario() << " (rules "
           << game->rules_version() << ")\n";
    std::string options;
    for (const auto& [name, value] : game->options()) {
      options += (options.empty() ? "" : ", ") + name + "=" + value;
    }
    if (!options.empty()) io.out << "options: " << options << '\n';
    std::string seats;
    for (size_t seat = 0; seat < num_seats; ++seat) {
      seats +=
          (seats.empty() ? "" : ", ") + game->seats()[seat] + "=" +
          (controllers[seat] == Controller::kHuman ? std::string("human") : players[seat]->name());
    }
    io.out << "seats: " << seats << '\n';
  }

  Session session(game);
  // Hidden information in the narration: one human sees what his seat may know; several humans
  // share the screen (hot-seat) and see what a spectator may; without humans, everything.
  {
    int humans = 0, human_seat = kNobody;
    for (size_t seat = 0; seat < num_seats; ++seat)
      if (controllers[seat] == Controller::kHuman) ++humans, human_seat = static_cast<int>(seat);
    session.show_to(humans == 1 ? human_seat : humans > 1 ? kObserver : kNobody);
  }
  Narrator narrator(io.out, !args.quiet, any_human);
  narrator.show_to(session.viewer());
  const Lang lang = lang_of(args.lang);
  narrator.set_lang(lang);
  session.label_actions(narrator.active());
  if (resuming) {
    // The log's actions again (verified above), remembered for `log` but not printed; then the
    // log goes on where it ended.
    narrator.set_print(false);
    EventList replayed;
    for (const ReplayEntry& entry : resumed.entries) {
      if (entry.kind == ReplayEntry::kUndo) {
        const LoggedAction last = session.history().back();
        if (!session.undo())
          throw DataError(fmt::format("{}:{}: undo, but the rules have closed undo here",
                                      args.resume, entry.line));
        narrator.undo(*game, last.seat, last.text);
        continue;
      }
      if (entry.kind != ReplayEntry::kAction) continue;
      Action action;
      std::string error;
      const State& state = session.state();
      const std::string prompt = state.current_seat() == kChance
                                     ? state.decision_for(session.viewer()).prompt_in(lang)
                                     : "";
      replayed.clear();
      if (!state.parse(entry.text, action, error) || !session.act(action, &replayed).empty())
        throw DataError(fmt::format("{}:{}: cannot replay action \"{}\"", args.resume, entry.line,
                                    clip_text(entry.text)));
      narrator.action(*game, static_cast<int>(session.history().size()), session.history().back(),
                      prompt, replayed);
    }
    narrator.flush();  // still not printed: the replayed actions are only remembered
    narrator.set_print(!args.quiet);
    if (session.state().is_terminal())
      throw UsageError(fmt::format("{}: the game of this log is over ({}): nothing to resume",
                                   args.resume, session.state().result().summary));
    session.append_to(args.resume);
    if (!args.quiet)
      io.out << "resumed: " << session.history().size() << " actions of " << args.resume
             << " replayed and verified; the game goes on with action "
             << session.history().size() + 1 << '\n';
  } else if (!args.log.empty()) {
    session.record_to(args.log, seed, player_texts);
  }
  const std::string& log_file = resuming ? args.resume : args.log;
  const bool de = lang == Lang::kDe;
  const std::string log_note =
      log_file.empty()
          ? std::string(de ? "kein Protokoll geschrieben (--log DATEI)"
                           : "no log was written (use --log FILE)")
          : (de ? "das bisherige Protokoll steht in " : "the log so far is in ") + log_file;

  // The dice: a generator seeded from the game seed (Session::roll asks the state for a sample);
  // a resumed game's from the seed and the actions already played.
  Rng dice(resuming ? derive_seed(seed, 0x7265'7375'6d65ULL + session.history().size()) : seed);
  HumanSeat human(io, narrator, lang);
  if (module != nullptr && module->make_heuristic) {
    // `hint`: the game's heuristic, seeded per seat and request so hints do not change the game.
    human.set_adviser([module, seed, n = uint64_t{0}](int seat) mutable {
      return module->make_heuristic(
          seat, derive_seed(seed, 1000 + static_cast<uint64_t>(seat) + 16 * ++n));
    });
  }
  EventList events;
  std::string chance_prompt;
  std::string note;  // "played for you" after a move the human seat played for its player
  while (!session.state().is_terminal()) {
    if (args.max_actions > 0 &&
        static_cast<long long>(session.history().size()) >= args.max_actions) {
      narrator.flush();
      io.out << "stopped: --max-actions " << args.max_actions
             << " reached before the end of the game; " << log_note << '\n';
      return kExitUnfinished;
    }
    const State& state = session.state();
    const int seat = state.current_seat();
    events.clear();
    chance_prompt.clear();
    note.clear();
    if (seat == kChance) {
      if (narrator.active()) chance_prompt = state.decision_for(session.viewer()).prompt_in(lang);
      session.roll(dice, &events);
    } else if (seat < 0 || static_cast<size_t>(seat) >= num_seats) {
      throw std::logic_error(
          fmt::format("the game names seat {} to decide, which does not exist", seat));
    } else if (controllers[static_cast<size_t>(seat)] == Controller::kHuman) {
      std::string undone;
      switch (human.turn(session, events, undone)) {
        case HumanSeat::Outcome::kActed:
          if (human.forced()) note = lang == Lang::kDe ? "für dich gespielt" : "played for you";
          break;
        case HumanSeat::Outcome::kUndone:
          narrator.undo(*game, seat, undone);
          continue;
        case HumanSeat::Outcome::kQuit:
          io.out << (de ? "\nquit: die Partie bleibt unvollendet; "
                        : "\nquit: the game is left unfinished; ")
                 << log_note << '\n';
          return kExitUnfinished;
        case HumanSeat::Outcome::kEndOfInput:
          io.out << '\n';
          io.err << "end of input: the game is left unfinished; " << log_note << '\n';
          return kExitUnfinished;
      }
    } else {
      Player& player = *players[static_cast<size_t>(seat)];
      const Action action = player.choose(state);
      const std::string reason = session.act(action, &events);
      if (!reason.empty()) {
        throw std::logic_error(fmt::format("the {} player of {} chose an illegal action: {}",
                                           player.name(), seat_name(*game, seat), reason));
      }
    }
    narrator.action(*game, static_cast<int>(session.history().size()), session.history().back(),
                    chance_prompt, events, note);
  }

  narrator.flush();
  const Result result = session.state().result();
  if (!args.quiet) {
    if (!result.reason.empty())
      io.out << wrapped((de ? "Ende: " : "end: ") + result.reason_in(lang), 2) << '\n';
    // The sentence a player reads; the result line below is the machine form scripts read.
    if (!result.headline.en.empty()) io.out << wrapped(result.headline_in(lang), 2) << '\n';
    if (!log_file.empty()) io.out << "log: " << log_file << '\n';
  }
  io.out << "result: " << result.summary << '\n';
  return kExitOk;
}

}  // namespace feldherr::cli
