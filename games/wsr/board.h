// White Star Rising: the static board description for the web UI (GameModule::board;
// docs/web.md "Board JSON"). Everything that does not change during a game: the layout's hexes
// with their pixel positions, terrain, roads, crests and places; the scenario's zones and
// objectives; the formations; every unit's counter with the printed values of its faces; the
// support weapon counters. The UI joins it with WsrState::observe() (observation.cc: named
// fields per unit, hex markers by hex id) to draw the position.
#pragma once

#include <nlohmann/json.hpp>
#include <string_view>

#include "engine/game.h"
#include "engine/json_text.h"

namespace feldherr::wsr {

class WsrGame;

// Throws std::runtime_error if `game` is not a White Star Rising game.
nlohmann::json BoardJson(const Game& game);

struct Face;  // games/wsr/data.h
// The printed values of one face (WSR 1.2.1): symbol, target class, weapons, armour, save, MF,
// assault, command values. The board's counters and the observation's units both use it.
nlohmann::json FaceJson(const Face& face);
// FaceJson(face) with the member "name": `name` added (none if empty), written as JSON text
// byte for byte as its dump() (the observation's units, WsrState::append_observation).
void AppendFaceJson(JsonText& w, const Face& face, std::string_view name);

// GameModule::odds (docs/protocol.md "odds", board.cc): the exact odds of a direct or
// opportunity fire (`fire U T [with-hq]`, `opfire U T [with-hq]`; WSR 6.1, 6.2, A-02) in
// `state`: the resolved parameters, P(attack hits), P(net hits) and P(result on the target),
// with a one-line summary. A null json for any other action (the server then lists the next
// roll's outcomes).
// Also `assault HEX` / `overrun HEX` (WSR 6.3, 6.4): the exchange's hits, outcome and results
// per unit (AssaultOddsJson, assault.cc).
nlohmann::json FireOddsJson(const State& state, const Action& action);

// The briefing's objectives (each victory condition naming a zone: the zone, its hexes, the side,
// the result, the kind, negated, stand-in hexes) and reinforcement schedule (formation markers
// entering the cup after turn 1; forces entering by turn, by a die-roll table or by a special
// rule, with their units), for the board JSON's `briefing` (briefing.cc).
struct Scenario;
struct Data;
nlohmann::json BriefingObjectivesJson(const Scenario& sc);
nlohmann::json BriefingReinforcementsJson(const Scenario& sc, const Data& data);

class WsrState;
nlohmann::json AssaultOddsJson(const WsrState& s, int hex, bool overrun);

}  // namespace feldherr::wsr
