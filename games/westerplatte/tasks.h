// The steps of the Westerplatte procedure stack (WpState::tasks_), shared by the rules files.
#pragma once

#include <cstdint>

namespace feldherr::westerplatte {

enum TaskType : uint8_t {
  tNone = 0,
  tSetupTile,   // a = slot: Chance places a tile (WP 5 step 3)
  tPlace,       // a = officer: its owner places it on an FDF (WP 5 step 9)
  tDraw,        // a = draw mode: Chance draws an attack card (WP 7.4, WP 5 step 12)
  tPlayer,      // the active player's phase 1 (WP 7.1)
  tFire,        // a = lane mask: German attack (WP 7.3)
  tHit,         // a = field, b = bricks (WP 7.3)
  tOverflow,    // a = FDF, b = bricks left: players choose the guard post (WP 7.3)
  tAdvance,     // a, b = lanes, c = spaces (-1 = own speed) (WP 7.5)
  tStock,       // a = 1 gain (H1) / 0 lose (L1) (WP 8)
  tDistribute,  // a = marker type, b = count (WP 8, WP 10)
  tGive,        // a = marker type, b = items left to give by choice
  tReinforce,   // a = bricks left, b = max fields (WP 10)
  tEndTurn,     // day end check (WP 6, WP 11)
  tEventDraw,   // Chance draws an event card (WP 6)
  tNewDay,      // end of day 3 restock, next day (WP 6)
  tNextTurn,    // a = 1: next player; 0: first turn
};

enum DrawMode : int8_t { kDrawNormal = 0, kDrawOpenDiscard = 1, kDrawOpenPlace = 2 };
enum MarkerType : int8_t {
  kMarkExtraMove = 0,
  kMarkRestricted = 1,
  kMarkExtraAction = 2,
  kMarkAmmoGain = 3,
  kMarkAmmoLoss = 4
};

}  // namespace feldherr::westerplatte
