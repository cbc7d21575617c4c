// The Pocket Battles heuristic player: a scored-candidate-actions player (engine/scored_player.h)
// whose scores are one-step expected values computed from the printed dice (docs/pocket-ai.md).
//
// It reads only what its seat may know: its own troops, the visible top troop and height of the
// opponent's stacks before they are revealed, and the open battlefield afterwards (all scores
// are taken on a determinisation, State::determinize).
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "engine/player.h"
#include "games/pocket/pocket.h"

namespace feldherr::pocket {

// Tunable weights of the scores (defaults are the measured ones, docs/pocket-ai.md).
struct HeuristicParams {
  double marker_now = 1.0;          // value of a marker in the pool this round (one order)
  double marker_future = 0.8;       // a wound marker stays on a troop into the next rounds
  double marker_from_orders = 0.2;  // a wound marker taken from order markers on a unit
  double capability = 0.35;         // per printed die face lost with a removed troop
  double fragility = 0.3;           // per DP of a troop brought closer to death by a marker
  double freed_marker = 0.4;        // wound markers of a removed troop come back next round
  double unit_lost = 1.0;           // a whole unit destroyed
  double threshold = 8.0;           // a loss that brings the destroyed DP to half the army
  double position = 0.25;           // weight of the positional potential (moves, redeployment)
  double reaction_worst = 0.5;      // weight of the defender's best reaction against an attack
  double pass = 0.0;                // score of passing (PB Aktion 7); actions must beat it
  // Weight of the change of positional potential caused by an attack itself (the attacker
  // leaves the front zone and is engaged), taken before the dice.
  double exposure = 0.0;
  double reaction_cost = 1.0;  // multiplier of the markers a reaction costs the defender
  // Per marker by which spending leaves the enemy's pool above the own (PB Spielablauf: the
  // enemy then takes turns in a row).
  double tempo = 0.5;
  // Share of the attacker's best attack charged to a reaction when its unit is destroyed (the
  // attacker withdraws unharmed and may attack again, PB Gefecht 3), times that chance.
  double rethreat = 0.5;
  // Weight of the attacks the enemy could make without a reaction allowed (rear and flank
  // attacks, PB Aktion 2) changed by a move or redeployment.
  double open_flank = 0.3;
  // Placement (PB Aufstellung 3): per unit of fighting power in the column, enemy / own.
  double place_enemy = 0.1;
  double place_own = 0.15;
  // Army selection (PB Aufbau 4): value of a troop = combat faces + sel_shoot x shooting faces
  // + sel_lp x LP (twice for no LP), - sel_solo for FV 1, + sel_big for FV >= 3 or "*".
  double sel_shoot = 0.3;
  double sel_lp = 0.8;
  double sel_solo = 1.0;
  double sel_big = 0.3;
};

// Score of `action` for the seat deciding in `state` (higher is better). Exposed for tests.
double pocket_score(const PocketState& state, const Action& action, const HeuristicParams& p);

// Battle values (melee, shooting) remembered across positions and decisions of one game, keyed
// by every input they depend on (heuristic.cc). Owned by a heuristic player.
class BattleMemo;
std::shared_ptr<BattleMemo> make_battle_memo();

// The scores of every action of one decision, as pocket_score gives them one by one, sharing
// the work: the position before the action once, battle values through `memo` (may be null).
void pocket_score_all(const PocketState& state, const ActionList& actions, const HeuristicParams& p,
                      std::vector<double>& scores, BattleMemo* memo);

// The heuristic player for `seat` (the seat is checked against the deciding seat only in debug
// builds; the player decides for whoever owes the decision it is asked about).
std::unique_ptr<Player> make_pocket_heuristic(int seat, uint64_t seed);
std::unique_ptr<Player> make_pocket_heuristic(int seat, uint64_t seed,
                                              const HeuristicParams& params);

}  // namespace feldherr::pocket
