// `feldherr replay FILE [--verify]`: re-runs a replay log through a Session, narrating it like
// `play` does; --verify adds the engine's verify_replay check (docs/cli.md).
#include <fmt/format.h>

#include <map>
#include <ostream>

#include "cli/cli.h"
#include "cli/commands.h"
#include "engine/errors.h"
#include "engine/replay.h"

namespace feldherr::cli {

namespace {

// Re-runs `replay` on `game` with narration. Returns "" or the first divergence as
// "FILE:LINE: message"; `final_line` is the result line (or says the log ends early).
std::string rerun(const std::shared_ptr<const Game>& game, const ReplayFile& replay,
                  const std::string& file, Narrator& narrator, std::string& final_line) {
  narrator.line(fmt::format("game: {}/{} (rules {}), seed {}", replay.game, replay.scenario,
                            replay.rules_version, replay.seed));

  Session session(game);
  session.label_actions(narrator.active());  // each action read by its label, as in `play`
  EventList events;
  for (const ReplayEntry& entry : replay.entries) {
    const State& state = session.state();
    const std::string where = fmt::format("{}:{}: ", file, entry.line);
    switch (entry.kind) {
      case ReplayEntry::kAction: {
        if (state.is_terminal()) return where + "action after the end of the game";
        const int seat = state.current_seat();
        const std::string expected = seat_name(*game, seat);
        if (entry.seat != expected) {
          return where + fmt::format("action \"{}\" by {}, but the rules ask {} to decide",
                                     clip_text(entry.text), clip_text(entry.seat, 40), expected);
        }
        std::string chance_prompt;
        if (seat == kChance && narrator.active()) chance_prompt = state.decision().prompt;
        Action action;
        std::string error;
        if (!state.parse(entry.text, action, error)) {
          return where + fmt::format("cannot read action \"{}\": {}", clip_text(entry.text),
                                     clip_text(error));
        }
        if (action.id() != entry.id) {
          return where + fmt::format("stored id {} is not the id of action \"{}\" ({})", entry.id,
                                     clip_text(entry.text), action.id());
        }
        events.clear();
        const std::string reason = session.act(action, &events);
        if (!reason.empty()) {
          return where +
                 fmt::format("illegal action \"{}\": {}", clip_text(entry.text), clip_text(reason));
        }
        narrator.action(*game, static_cast<int>(session.history().size()), session.history().back(),
                        chance_prompt, events);
        break;
      }
      case ReplayEntry::kUndo: {
        if (session.history().empty()) return where + "undo before any action";
        const LoggedAction last = session.history().back();
        if (!session.undo()) return where + "undo, but the rules have closed undo here";
        narrator.undo(*game, last.seat, last.text);
        break;
      }
      case ReplayEntry::kHash:
        if (state.hash() != entry.hash) {
          return where + fmt::format("state hash after action {} is {}, the log says {}",
                                     session.history().size(), hash_hex(state.hash()),
                                     hash_hex(entry.hash));
        }
        break;
      case ReplayEntry::kResult:
        if (!state.is_terminal()) return where + "the log ends the game, the rules do not";
        if (state.result().summary != entry.summary) {
          return where + fmt::format("result \"{}\", the log says \"{}\"", state.result().summary,
                                     clip_text(entry.summary));
        }
        if (state.hash() != entry.hash) {
          return where + fmt::format("final state hash is {}, the log says {}",
                                     hash_hex(state.hash()), hash_hex(entry.hash));
        }
        break;
    }
  }
  narrator.flush();
  if (session.state().is_terminal()) {
    const Result result = session.state().result();
    if (!result.reason.empty()) narrator.line("end: " + result.reason);
    final_line = "result: " + result.summary;
  } else {
    final_line =
        fmt::format("unfinished: the log ends after {} actions, before the end of the game",
                    session.history().size());
  }
  return "";
}

// The luck report: every attack / save roll of the log the game's GameModule::luck counts,
// summed per side and kind; luck = actual - expected (positive: luckier than average).
void print_luck(const Registry& registry, const std::string& file, std::ostream& out) {
  struct Sum {
    long long rolls = 0;
    double expected = 0, actual = 0;
  };
  std::map<std::pair<int, std::string>, Sum> sums;
  const GameModule* module = nullptr;
  LogPosition pos = position_from_log(registry, file, -1,
                                      [&](const State& before, const Action& action, int seat) {
                                        if (seat != kChance) return;
                                        if (module == nullptr)
                                          module = registry.find(before.game().id());
                                        if (module == nullptr || !module->luck) return;
                                        if (auto sample = module->luck(before, action)) {
                                          Sum& sum = sums[{sample->seat, sample->what}];
                                          ++sum.rolls;
                                          sum.expected += sample->expected;
                                          sum.actual += sample->actual;
                                        }
                                      });
  if (pos.module == nullptr || !pos.module->luck) {
    out << "luck: " << pos.game->id() << " reports no luck (no attack rolls are counted)\n";
    return;
  }
  out << "luck: expected vs actual over every counted roll (exact expectation per roll)\n";
  out << fmt::format("{:<12}  {:<6}  {:>5}  {:>9}  {:>7}  {:>8}\n", "side", "kind", "rolls",
                     "expected", "actual", "luck");
  for (const auto& [key, sum] : sums) {
    const std::string side =
        key.first >= 0 && static_cast<size_t>(key.first) < pos.game->seats().size()
            ? pos.game->seats()[static_cast<size_t>(key.first)]
            : std::to_string(key.first);
    out << fmt::format("{:<12}  {:<6}  {:>5}  {:>9.2f}  {:>7.0f}  {:>+8.2f}\n", side, key.second,
                       sum.rolls, sum.expected, sum.actual, sum.actual - sum.expected);
  }
  if (sums.empty()) out << "(no counted rolls in this log)\n";
}

}  // namespace

int cmd_replay(const ReplayArgs& args, const Registry& registry, Streams& io) {
  ReplayFile replay;
  try {
    replay = load_replay(args.file);  // throws "FILE:LINE: message" on malformed input
  } catch (const std::exception& e) {
    io.err << e.what() << '\n';
    return kExitError;
  }

  std::shared_ptr<const Game> game;
  try {
    game = registry.create_for_log(replay_game_id(replay), replay.options, replay.rules_version);
  } catch (const UsageError& e) {  // the log names a game, scenario or option we do not know
    io.err << args.file << ":1: " << clip_text(e.what(), 400) << '\n';
    return kExitError;
  }
  if (game->rules_version() != replay.rules_version) {
    io.err << "note: " << args.file << " was written by rules "
           << clip_text(replay.rules_version, 40) << ", these are rules " << game->rules_version()
           << '\n';
  }
  // A last line cut by a crash: the log is replayed up to the line before.
  if (!replay.warning.empty()) io.err << "warning: " << replay.warning << '\n';

  // --verify prints only its verdict (scripts compare the whole output with "verified: ...").
  Narrator narrator(io.out, !args.quiet && !args.verify, false);
  std::string final_line;
  const std::string error = rerun(game, replay, args.file, narrator, final_line);
  narrator.flush();  // a run of alike actions the log ends with (or stops at)

  if (args.verify) {
    // The engine's check is the authority: legality, stored hashes, the stored result.
    const VerifyReport report = verify_replay(*game, replay, args.file);
    if (!report.ok) {
      io.out.flush();
      io.err << (report.error.empty() ? error : report.error) << '\n';
      return kExitError;
    }
    if (!error.empty()) {  // verify_replay accepted what the re-run refused
      io.out.flush();
      io.err << error << '\n';
      return kExitError;
    }
    io.out << verdict_line(report) << '\n';
    return kExitOk;
  }
  if (!error.empty()) {
    io.out.flush();
    io.err << error << '\n';
    return kExitError;
  }
  io.out << final_line << '\n';
  if (args.luck) print_luck(registry, args.file, io.out);
  return kExitOk;
}

}  // namespace feldherr::cli
