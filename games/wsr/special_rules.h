// White Star Rising scenario hooks that shape the map of a game (special_rules.cc): used by the
// WsrGame constructor (state.cc) when it precomputes terrain and movement costs. The hooks that
// act during play are WsrState members (state.h, "special_rules.cc" block).
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "games/wsr/data.h"
#include "games/wsr/state.h"
#include "geometry/hex_map.h"

namespace feldherr::wsr {

// B3 `no-rivers` (WSR-B3 [Rec]): a river or bridge hex uses its `without_rivers` terrain of
// terrain.toml. Returns `t` unchanged without the hook (or without scenario data).
Terrain ScenarioTerrain(const GameSetup& setup, const TerrainChart& chart, Terrain t);

// B4 `rubble`: MP for a unit of class `hard` to enter layout hex `hex` of terrain `t`, whose
// normal cost is `cost` (-1 impassable): hexes of the hook's `terrain` cost `move_soft` /
// `move_hard`, less `road_reduction` when a road runs completely through the hex
// (Sheet::RoadThrough). Returns `cost` unchanged otherwise.
int RubbleMoveCost(const GameSetup& setup, const Data& data, const HexLayout& layout, Terrain t,
                   int hex, bool hard, int cost);

// G-12 (exit.cc): the (side id, zone id) pairs where units leave the map for the victory
// conditions: `exit` conditions (the outcome's side, or the condition's `by`) and `exited`
// scoring rules.
std::vector<std::pair<std::string, std::string>> ExitZones(const Scenario& sc);

}  // namespace feldherr::wsr
