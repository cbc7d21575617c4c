// Monte Carlo tree search over the engine contract (engine/game.h), for every registered game.
//
// Open-loop single-observer information-set MCTS (SO-ISMCTS, Cowling, Powley & Whitehouse 2012,
// "Information Set Monte Carlo Tree Search", IEEE TCIAIG 4(2)), docs/ai.md:
//  - every iteration starts from state.determinize(seat, rng) of the deciding seat, so the
//    search never reads hidden information (a state drawn among those consistent with the seat's
//    observation; the root's legal actions come from the real state: a seat knows its options);
//  - chance nodes are not stored: dice, draws and shuffles are sampled with State::sample_chance
//    during descent and playout (open loop), so a tree node stands for the sequence of decision
//    actions (seat, action id) that leads to it;
//  - selection is UCB1 with availability counts (a child's exploration term uses the number of
//    iterations in which its action was legal, not the parent's visits);
//  - playouts are random (never conceding while anything else is legal) or guided by the game's
//    scored player (the `heuristic` seat) with a share `epsilon` of random moves; they are cut
//    after `depth` decisions and valued by the game's evaluation function in [-1, 1] (terminal
//    states by Result::returns); without an evaluation function they run to the end;
//  - values are backed up per seat: a node holds the value for the seat that chose the action
//    leading to it;
//  - with ":sh" the root is searched by sequential halving with common random numbers instead
//    (MctsConfig::halving): flat, the heuristic's best actions in rounds of equal shares;
//  - root parallelism: `threads` independent trees with seeds derived from the decision seed,
//    root visit counts merged by action id; the most visited action is played.
//
// Deterministic: with an iteration budget (and no time budget) the choice is a function of the
// player's seed, the number of earlier choose() calls and the observation of the deciding seat
// (given a game whose determinize() depends only on the observation and the generator), for
// any number of threads (each thread has a fixed share of the iterations).
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "engine/game.h"
#include "engine/player.h"
#include "engine/registry.h"
#include "engine/rng.h"

namespace feldherr {

// Static evaluation of `state` for `seat` in [-1, 1] (+1: won); GameModule::evaluate.
using Evaluator = std::function<double(const State& state, int seat)>;
// Makes the playout policy of a seat (the game's heuristic); GameModule::make_heuristic.
using PolicyFactory = std::function<std::unique_ptr<Player>(int seat, uint64_t seed)>;
// True for a decision that the game's heuristic makes for MCTS: a setup decision
// (GameModule::setup_decision), or a step the heuristic takes (GameModule::step_decision).
using DecisionFilter = std::function<bool(const State& state)>;

enum class PlayoutPolicy { kRandom, kGuided };

struct MctsConfig {
  double seconds = 1.0;      // time per decision; <= 0: no time budget
  long long iterations = 0;  // iterations per decision (over all threads); <= 0: no budget
  int threads = 1;           // root parallelism
  int depth = 20;            // playout decisions before evaluation; <= 0: play to the end
  double exploration = 1.0;  // UCB1 constant for values in [-1, 1]
  PlayoutPolicy playout = PlayoutPolicy::kRandom;
  double epsilon = 0.1;  // guided playouts: share of random moves
  // Cap on playout decisions when there is no evaluation function (or depth <= 0); a playout
  // still running there counts as a draw (0).
  int max_playout = 20000;
  // Setup decisions (GameModule::setup_decision) are left to the game's heuristic; false: the
  // search makes them too (seat suffix ":search-setup").
  bool heuristic_setup = true;
  // Step decisions (GameModule::step_decision, the next hex of a move begun) are left to the
  // game's heuristic too (seat suffix ":heuristic-steps"); false: the search makes them.
  bool heuristic_steps = false;
  // Root prior (PUCT, Silver et al. 2017): when the game's heuristic scores its candidates
  // (Player::score_actions), the root selects by Q + prior_weight * P * sqrt(N) / (1 + n) with
  // P = softmax(score / prior_temperature); false (seat suffix ":noprior"): UCB1 at the root too.
  bool prior = true;
  double prior_temperature = 0.5;  // in the heuristic's score units (Pocket: DP)
  double prior_weight = 5.0;
  // Flat Monte Carlo (seat suffix ":flat"): the tree holds the root's actions only, every
  // iteration plays out from there (with guided playouts: rollouts of the game's heuristic,
  // Tesauro & Galperin 1996, "On-line policy improvement using Monte-Carlo search").
  bool flat = false;
  // Sequential halving at the root (seat suffix ":sh", ":shN" or ":shall"; implies flat): the
  // root's best `halving_width` actions by the prior (all of them without one, or with width 0,
  // ":shall") share the budget in
  // ceil(log2(width)) rounds of equal shares; after each round the better half by mean value
  // stays (Karnin, Koren & Somekh 2013, "Almost optimal exploration in multi-armed bandits";
  // the root of Danihelka et al. 2022, "Policy improvement by planning with Gumbel"). The j-th
  // playout of every action uses the same random numbers (determinisation, dice, the playout
  // policies' draws: common random numbers), so actions are compared on the same luck.
  bool halving = false;
  int halving_width = 8;
  // Sequential halving holds the heuristic's first choice (seat suffix ":hold" or ":holdZ";
  // 0: off): that candidate is never halved away, and the search plays the best finalist
  // instead only if it beats the held one by more than `hold` standard errors of their paired
  // differences (the same random numbers per cycle). Where the playouts cannot tell the
  // candidates apart (few of them, or every line lost) the search plays as the heuristic does
  // rather than as the noise says (docs/ai.md "Seats").
  double hold = 0;
  // A time-budgeted search also stops after this many iterations (over all threads; <= 0: no
  // cap). make_mcts_player sets it from GameModule::mcts_iteration_cap unless the seat says
  // ":nocap" (then -1). Where more iterations measured weaker play, the cap keeps the best.
  long long iteration_cap = 0;
  // perf: a node reached the same way every iteration keeps its legal actions (docs/ai.md
  // "Listed once per node"); false lists them afresh at every visit (the test that both search
  // alike).
  bool keep_node_lists = true;
  // A time-budgeted tree search (not sequential halving, not an iteration budget) stops once
  // no other root action can overtake the most visited one in the iterations the time left
  // allows at the rate so far (with a margin): the move is decided, the rest of the second is
  // not spent (KataGo's and Leela Zero's time management; docs/ai.md "Early stop"). false
  // (seat suffix ":full"): search the whole time.
  bool stop_early = true;
  // Set by parse_mcts_seat for a seat text that gives a budget alone ("mcts", "mcts:0.5",
  // "mcts:2000it"): make_mcts_player then uses the game's own search (GameModule::mcts_search).
  bool plain = false;
};

// The hold test of sequential halving (MctsConfig::hold): whether the playout values `a` beat
// `b` by more than `z` standard errors of their paired differences (the j-th value of each
// played on the same random numbers; the shorter list bounds the pairs). Fewer than two pairs
// never do.
bool beats_by(const std::vector<double>& a, const std::vector<double>& b, double z);

// What the last decision looked like (for tests, benches and explanations).
struct MctsStats {
  long long iterations = 0;  // over all threads
  double seconds = 0;
  long long nodes = 0;
  struct Child {
    Action action;
    double visits = 0;
    double mean = 0;  // mean value for the deciding seat
  };
  std::vector<Child> root;  // every legal root action, in legal_actions() order
};

class MctsPlayer : public Player {
 public:
  // `evaluate` null: playouts run to the end of the game (capped by max_playout).
  // `policy` null: guided playouts fall back to random ones.
  // `setup` (may be null): decisions it accepts are made by the policy (when there is one)
  // instead of the search; so are those `steps` accepts when the config's heuristic_steps is on.
  MctsPlayer(MctsConfig config, uint64_t seed, Evaluator evaluate, PolicyFactory policy = nullptr,
             DecisionFilter setup = nullptr, DecisionFilter steps = nullptr);

  Action choose(const State& state) override;
  std::string name() const override;

  const MctsConfig& config() const { return config_; }
  const MctsStats& last_stats() const { return stats_; }

 private:
  MctsConfig config_;
  Rng rng_;
  Evaluator evaluate_;
  PolicyFactory policy_;
  DecisionFilter setup_;
  DecisionFilter steps_;
  MctsStats stats_;
};

// The seat texts "mcts" (1 s per decision), "mcts:SECONDS" ("mcts:0.5") and "mcts:Nit"
// ("mcts:2000it"), each optionally followed by ":guided" or ":random" (the playout policy; the
// default is random), ":dN" (playout depth in decisions, default 20; d0: to the end),
// ":noprior", ":search-setup", ":heuristic-steps", ":nocap" / ":capN" (no or another iteration cap
// on a time budget) and the tuning knobs ":pwX" (prior weight), ":ptX" (prior temperature) and
// ":cX" (UCB1 constant), ":flat" (the root's actions only), ":sh" / ":shN" (sequential halving over
// the root's N best actions with common random numbers) and ":eX" (the share of random moves in
// guided playouts). Returns
// false if `text` does not start with "mcts"; true with a non-empty `error` if it does but is
// malformed.
bool parse_mcts_seat(std::string_view text, MctsConfig& config, std::string& error);

// A plain seat (MctsConfig::plain) with the game's own search (GameModule::mcts_search), keeping
// its budget and threads; any other seat as it is (docs/ai.md "Seats").
MctsConfig with_game_search(const GameModule* module, MctsConfig config);

// The MCTS player for a game module: its evaluate, make_heuristic, setup_decision,
// mcts_iteration_cap (for a time budget, unless the seat said ":nocap") and, for a plain seat,
// mcts_search plug in. Sets *no_evaluate
// when the module has no evaluation function (playouts then run to the end of the game).
std::unique_ptr<Player> make_mcts_player(const GameModule* module, const MctsConfig& config,
                                         uint64_t seed, bool* no_evaluate = nullptr);

}  // namespace feldherr
