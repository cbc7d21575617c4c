// A position taken from a replay log (docs/replay-format.md): the state after the first N
// actions (the whole log by default), for `feldherr odds log` and the luck report of `replay`.
#include <fmt/format.h>

#include "cli/commands.h"
#include "engine/errors.h"
#include "engine/replay.h"

namespace feldherr::cli {

LogPosition position_from_log(
    const Registry& registry, const std::string& file, long long at,
    const std::function<void(const State& before, const Action& action, int seat)>& each) {
  const ReplayFile replay = load_replay(file);
  LogPosition pos;
  pos.game = registry.create_for_log(replay_game_id(replay), replay.options, replay.rules_version);
  pos.module = registry.find(replay.game);
  pos.replay = replay;
  Session session(pos.game);
  for (const ReplayEntry& entry : replay.entries) {
    if (at >= 0 && pos.actions >= at) break;
    const std::string where = fmt::format("{}:{}: ", file, entry.line);
    if (entry.kind == ReplayEntry::kUndo) {
      if (!session.undo()) throw DataError(where + "undo, but the rules have closed undo here");
      --pos.actions;
      continue;
    }
    if (entry.kind != ReplayEntry::kAction) continue;
    const State& state = session.state();
    Action action;
    std::string error;
    if (state.is_terminal()) throw DataError(where + "action after the end of the game");
    if (!state.parse(entry.text, action, error))
      throw DataError(where + fmt::format("cannot read action \"{}\": {}", clip_text(entry.text),
                                          clip_text(error)));
    const int seat = state.current_seat();
    if (each) each(state, action, seat);
    if (std::string why = session.act(action); !why.empty())
      throw DataError(
          where + fmt::format("illegal action \"{}\": {}", clip_text(entry.text), clip_text(why)));
    ++pos.actions;
  }
  if (at > pos.actions)
    throw UsageError(fmt::format("--at {}: the log holds only {} actions", at, pos.actions));
  pos.state = session.state().clone();
  return pos;
}

}  // namespace feldherr::cli
