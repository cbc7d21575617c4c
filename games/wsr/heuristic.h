// The White Star Rising heuristic player and evaluation function (docs/wsr-ai.md).
//
// WsrEvaluate: a static evaluation in [-1, 1] for MCTS cut-offs -- material (steps alive weighted
// by firepower and defence, disrupted units discounted), the victory conditions of the scenario
// (GameSetup::scenario_data) or else control of GameSetup::objectives, distance of the units to
// those hexes, weighted more as the turns run out.
//
// make_wsr_heuristic: a scored-candidate-actions player (engine/scored_player.h). Fire, opportunity
// fire and mortar fire are scored by their exact expected result (games/wsr/odds.h) in "unit
// value" points; moves by a per-hex potential (objectives, threat from enemy fire computed with
// the same odds, fire opportunities, command range of the HQ, WSR 4.2) searched over the hexes
// the moving stack can still reach; verbs it does not know get a neutral score.
#pragma once

#include <cstdint>
#include <memory>

#include "engine/player.h"
#include "games/wsr/state.h"

namespace feldherr::wsr {

// Tunable weights (docs/wsr-ai.md explains each one).
struct WsrHeuristicParams {
  // Unit value: 1 + firepower term + defence term (see UnitValue in heuristic.cc).
  double disrupted_factor = 0.7;  // a disrupted unit keeps this share of its value (6.1.7)
  double hq_value = 3.0;          // an HQ (plus its command value)
  // Fire: fire when the expected value lost by the target exceeds this (in unit values).
  double fire_cost = 0.02;
  double hq_support_cost = 0.05;   // using the HQ's once-per-impulse support
  double opfire_threshold = 0.12;  // opportunity fire (the firer gets Ops complete, 6.2)
  double hq_loss_weight = 1.0;     // expected HQ loss check damage (1.3.2.2)
  // Movement potential of a hex for a unit (unit values).
  double objective = 2.0;       // reaching an objective hex / getting close to one
  double objective_range = 12;  // distance over which the pull of objectives fades
  double held_distance = 6;     // attacker: a victory hex it holds counts this much farther
  double urgency = 2.0;         // attacker: objective weight x (1 + urgency x turns elapsed)
  double fate_point = 0.003;    // cost of a fate point in evaluation units (WSR 10.0)
  int fate_samples = 8;         // roll-outs per fate option
  double threat = 0.4;          // expected value lost to enemy fire at the hex
  double threat_disrupted = 1.2;
  double offence = 0.35;       // expected value of the best shot from the hex next impulse
  double command = 0.25;       // per unit: out of the HQ's command range (4.2), x P(fail)
  double enemy_pull = 0.15;    // without objectives: approach the nearest enemy
  double move_epsilon = 0.01;  // a move must improve the potential by this much
  // > 0: a unit joins a stack (5.1) only when the stack still moves with it, and a combat unit
  // only when moving together is worth about as much as moving apart; an attacker's stack takes
  // an open victory hex once (0: HQs always join, combat units when they would move anyway).
  double join_check = 1.0;
  double step = 0.02;  // per hex entered on the way to the best hex (6.2 exposure)
  double assault_weight = 1.0;
  // Move planning counts the assaults a stack could make from the hexes it can reach (x this;
  // 0: moves only to hexes without enemy units).
  double assault_plans = 1.0;
  // Attacker: a shot at an enemy unit standing in a hex the attacker must take is worth this
  // much more (it opens the hex, WSR 12.2).
  double blocker_bonus = 0.5;
  // > 0: with alternative victory hex sets ("any of", B2) all units go for the one the side
  // is closest to (measured: worse than going for the nearest hex of either, so off).
  double focus = 0;
  double focus_from = 0;  // ... from this share of the turns elapsed on
  // > 0: a victory of k of several zones (A6: two of three towns) pulls the units only to the
  // zones held and the best ones to make up k (AtLeastTargets).
  double focus_at_least = 1.0;
  // > 0: enemy units in a zone the seat must clear (`not occupy`, Omaha's beach belt) pull its
  // units and are shot at as blockers (HuntTargets).
  double hunt = 1.0;
  // An empty victory hex the seat holds counts as not held while an enemy combat unit is
  // within this many hexes (0: off).
  double contest_range = 0;
  // Attack plan of the attacking seat (docs/wsr-ai.md "Attack plan"); 0 = off: the one-step
  // heuristic. The defending seat never plans.
  double plan = 0.0;
  double plan_assembly = 4;    // the assembly ring: hexes from the objective area
  double plan_ready = 0.7;     // share of the formation's value at the ring before it advances
  double plan_pace = 3;        // hexes a formation closes per turn (timing of the advance)
  double plan_margin = 1;      // turns to take and hold the objective once there
  double plan_hide = 0.5;      // assembling: a hex a known enemy unit sees costs this
  double plan_lead = 2;        // advancing: hexes a unit may lead its formation's median ...
  double plan_cohesion = 0.4;  // ... and the cost of each hex more
  double plan_suppress = 2.0;  // fire at defenders in/next to the objective before moving
  // Exit runners (G-12, docs/wsr-ai.md "Exit runners"): the units named to leave the map at an
  // exit zone are pulled there with this weight (x the objective weight; 0 = off), ...
  double exit_runners = 2.0;
  double runner_fire_cost = 1.0;  // ... a fire costs a runner that can still get nearer this,
  double runner_threat = 0.3;     // ... its threat term is x this,
  double runner_spare = 1.0;      // ... and this share more units run than must leave
  // > 0: a unit does not leave for an exit condition that is met already, and a side that must
  // also eliminate enemy units, with no hexes to hold, goes for the enemy once its exits are made
  // (docs/wsr-ai.md "Exit runners"; 0: every unit that counts leaves, all are pulled to the exit).
  double exit_spare = 1.0;
  // > 0: where a combat unit's setup zone (WSR 2.0) has hexes from which no path over passable
  // terrain leads to its side's victory hexes (a river bend with its bridge outside the playable
  // area), the rules' auto-setup is declined and the unit placed by the way to them; a `place`
  // in such a hex costs 10 x this (docs/wsr-ai.md "Setup"; 0: auto-setup always).
  double setup_reach = 1.0;
  // > 0: a fire of a unit that would rather fire than move, at a target that could still
  // opportunity-fire, gets this much more, so the units that fire act before the units that move
  // (docs/wsr-ai.md "Fire first"; 0: in the order of the scores).
  double fire_first = 4.0;
  // > 0: the same for a target (disrupted or not) in a victory hex the attacker must take, so
  // that the fire that softens a hex comes before the assaults on it (6.1.7: a disrupted unit
  // hit again is eliminated).
  double fire_first_objective = 4.0;
  // > 0: a defending seat's fire is also worth what the target's assault would cost the firer's
  // side (its best expected exchange against a hex of the firer's side within 2 hexes, with the
  // HQ standing with it), x this, x the chance the fire disrupts it or worse: a disrupted unit
  // does not assault (6.1.7, 6.3). Off (docs/wsr-ai.md "Stopping assaults").
  double assault_deny = 0;

  bool operator==(const WsrHeuristicParams&) const = default;
};

// Static evaluation for `seat` in [-1, 1] (terminal states: the result's return).
double WsrEvaluate(const WsrState& state, int seat);
// The terms WsrEvaluate weighs, each for the first seat (seat 0) in [-1, 1], and the share of
// the game turns played in [0, 1] (tests/wsr_ai/eval_fit_test.cc writes them for fitting).
struct WsrEvalTerms {
  double material = 0;    // share of its starting material each side kept, difference
  double objective = 0;   // how near each side is to its victory conditions, difference
  double proximity = 0;   // how near each side's combat units are to its victory hexes
  double progress = 0;    // (turn - 1) / turns
  bool scenario = false;  // there are victory conditions or objectives to weigh at all
};
WsrEvalTerms WsrEvaluationTerms(const WsrState& state);

// Score of `action` for the deciding seat of `state` (higher is better). Exposed for tests.
double WsrScore(const WsrState& state, const Action& action, const WsrHeuristicParams& p);
// The scores of all `actions` of one decision of `state`, each what WsrScore gives it (the
// heuristic player's scorer).
void WsrScoreAll(const WsrState& state, const ActionList& actions, std::vector<double>& scores,
                 const WsrHeuristicParams& p);

std::unique_ptr<Player> make_wsr_heuristic(int seat, uint64_t seed);
std::unique_ptr<Player> make_wsr_heuristic(int seat, uint64_t seed, const WsrHeuristicParams& p);

}  // namespace feldherr::wsr
