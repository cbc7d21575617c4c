// Ending a phase, a turn or an impulse while units could still move or act: the warning a
// player reads before such an ending (the terminal's question, docs/cli.md "Questions before
// irreversible actions"; the legal action's `warn` the web asks with, docs/protocol.md).
#pragma once

#include <vector>

#include "engine/game.h"
#include "engine/text.h"

namespace feldherr {

// "" (an empty Text) when `action` ends nothing with units left to act; else what could still
// act, e.g. "2 units can still move (Rifleman u1, Rifleman u2)". `has_verbs`: the game has a
// verb table (without one, the decision's decline is the ending and the other actions are
// counted). `last_actor`: the seat whose action opened the decision (Session::last_actor; kNobody
// when none or when the last action handed over): a window the other side opened is declined
// without a warning; a set-up that keeps the units
// not placed by hand in their listed fields (Decision::keeps_listed_setup) ends without one.
Text units_still_able(const State& state, const Action& action, bool has_verbs, int last_actor);

// The same, given what the caller already has: the state's legal actions and each one's
// `action_info` for the deciding seat, in the same order (a view lists them anyway).
Text units_still_able(const State& state, const Action& action, bool has_verbs, int last_actor,
                      const ActionList& legal, const std::vector<ActionInfo>& infos);

}  // namespace feldherr
