// White Star Rising: victory conditions of a scenario (WSR 12.2, A-34; the scenario's
// [victory], games/wsr/scenario.h), judged on a position after the final marker removal phase.
#pragma once

#include <string>

#include "engine/game.h"
#include "games/wsr/scenario.h"
#include "games/wsr/state.h"

namespace feldherr::wsr {

// True if condition `c` holds for seat `side` (its `by`, when given, names the side instead).
// `why` (if given) gets a sentence: "de controls all 4 hexes of ste-jeanne (all hexes of Ste
// Jeanne)" or "de does not control A-G08, A-H09 of ste-jeanne (holds 2 of 4) (...)". Exit
// conditions (G-12) count the side's units that left the map from the zone (exit.cc).
bool ConditionHolds(const WsrState& s, const Condition& c, int side, Text* why = nullptr);

// Victory points of `side` under the scenario's points form (A8, A10; exits from exit.cc, G-12).
int VictoryPoints(const WsrState& s, int side, Text* why = nullptr);

// The result of the scenario on `s` (normally terminal): returns +1/-1/0 per seat, summary
// "de wins" / "us wins (decisive)" / "draw", reason citing the scenario and WSR 12.2.
Result ScenarioResult(const WsrState& s);

}  // namespace feldherr::wsr
