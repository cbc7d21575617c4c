// `feldherr play GAME/SCENARIO`: drives one game through a Session with a player per seat
// (docs/cli.md).
#include <fmt/format.h>

#include <map>
#include <memory>
#include <ostream>
#include <random>
#include <set>

#include "cli/cli.h"
#include "cli/commands.h"
#include "engine/player.h"

namespace feldherr::cli {

int cmd_play(const PlayArgs& args, const Registry& registry, Streams& io) {
  const Options user_options = parse_options(args.options);
  // Unknown game or scenario, unknown option or bad option value: UsageError (exit 2).
  const std::shared_ptr<const Game> game = registry.create(args.game, user_options);
  const std::vector<Controller> controllers = parse_seats(args.seats, *game, args.game);
  const GameModule* module = registry.find(game->id());

  const bool seed_given = args.seed.has_value();
  const uint64_t seed = seed_given ? *args.seed : random_seed();
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
  if (!args.log.empty()) session.record_to(args.log, seed);
  const std::string log_note = args.log.empty() ? std::string("no log was written (use --log FILE)")
                                                : "the log so far is in " + args.log;

  // The dice: a generator seeded from the game seed (Session::roll asks the state for a sample).
  Rng dice(seed);
  Narrator narrator(io.out, !args.quiet, any_human);
  narrator.show_to(session.viewer());
  const Lang lang = lang_of(args.lang);
  narrator.set_lang(lang);
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
          io.out << "\nquit: the game is left unfinished; " << log_note << '\n';
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

  const Result result = session.state().result();
  if (!args.quiet) {
    if (!result.reason.empty()) io.out << "end: " << result.reason_in(lang) << '\n';
    // The sentence a player reads; the result line below is the machine form scripts read.
    if (!result.headline.en.empty()) io.out << result.headline_in(lang) << '\n';
    if (!args.log.empty()) io.out << "log: " << args.log << '\n';
  }
  io.out << "result: " << result.summary << '\n';
  return kExitOk;
}

}  // namespace feldherr::cli
