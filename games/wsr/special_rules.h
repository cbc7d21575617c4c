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
// terrain.toml; A2 `no-hills`: a hill or wooded hill hex its `without_hills` terrain (both in
// A2). Returns `t` unchanged without the hooks (or without scenario data).
Terrain ScenarioTerrain(const GameSetup& setup, const TerrainChart& chart, Terrain t);

// B4 `rubble`: MP for a unit of class `hard` to enter layout hex `hex` of terrain `t`, whose
// normal cost is `cost` (-1 impassable): hexes of the hook's `terrain` cost `move_soft` /
// `move_hard`, less `road_reduction` when a road runs completely through the hex
// (Sheet::RoadThrough). Returns `cost` unchanged otherwise.
int RubbleMoveCost(const GameSetup& setup, const Data& data, const HexLayout& layout, Terrain t,
                   int hex, bool hard, int cost);

// A12 `only-bridges-intact` (zone): a bridge hex outside the zone is destroyed -- a river hex
// (impassable, also along its road; WSR-A12 [Rec]). False without the hook.
bool DestroyedBridge(const GameSetup& setup, int hex, Terrain t);

// A11 `no-road` (zone): the zone's hexes are clear hexes without a road (WSR-A11). False
// without the hook.
bool NoRoadHex(const GameSetup& setup, int hex);

// A6 `boundary-line` (zone, south_formation, north_formation): for each hex, bit 0 = beyond the
// line for the south formation (north of the line hex of its column), bit 1 = beyond it for the
// north formation (south of it); the line hexes themselves may be entered. Empty without the
// hook; `south` / `north` get the formation ids.
std::vector<uint8_t> BoundaryMask(const GameSetup& setup, const HexLayout& layout,
                                  std::string* south, std::string* north);

// ShotHooks (state.h) of a game whose units and formations are built.
ShotHooks MakeShotHooks(const WsrGame& game);

// G-12 (exit.cc): the (side id, zone id) pairs where units leave the map for the victory
// conditions: `exit` conditions (the outcome's side, or the condition's `by`) and `exited`
// scoring rules.
std::vector<std::pair<std::string, std::string>> ExitZones(const Scenario& sc);

}  // namespace feldherr::wsr
