// Exact odds of Pocket Battles rolls described by their printed dice (PB Gefecht 1-2, PB
// Beschießen 2) by enumerating every face of the rolled dice (at most 2 d6, 36 outcomes): no
// sampling; and `feldherr odds pocket melee|shoot` (docs/cli.md), which prints them, registered in
// the module (GameModule::odds_command).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "engine/registry.h"
#include "games/pocket/data.h"

namespace feldherr::pocket {

// P(hits = k), k = 0..max, for `rolled` d6 (1 or 2) against the printed die faces `printed`
// (each 1..6): each rolled die scores one hit per printed die showing its number (PB Gefecht 2,
// PB Beschießen 2). Throws std::invalid_argument for rolled outside 1..2 or a face outside 1..6.
// The vector ends at the largest possible number of hits and sums to 1.
std::vector<double> PocketHits(const std::vector<int>& printed, int rolled);

// Dice rolled in a melee: 2 by the attacking unit's first strike (PB Gefecht 1), else 1.
inline int PocketMeleeDiceRolled(bool attacking) {
  return attacking ? 2 : 1;
}

// A troop type of the shipped armies by id ("elves.mounted-guard"), English or German name,
// case-insensitive. nullptr when unknown or ambiguous; then `candidates` (if given) receives the
// ids that contain the text (all ids if none does).
const TroopType* FindPocketTroop(std::string_view name,
                                 std::vector<std::string>* candidates = nullptr);

// Printed combat (black) or shooting (white) dice of several troops, concatenated: the dice of a
// unit are those of its troops (PB Gefecht 2).
std::vector<int> PocketUnitDice(const std::vector<const TroopType*>& troops, bool shooting);

// `feldherr odds pocket melee|shoot` (docs/cli.md).
OddsCommand pocket_odds_command();

}  // namespace feldherr::pocket
