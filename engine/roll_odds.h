// The odds of the roll an action causes, for every game (the generic fallback behind the web
// UI's odds panel and `feldherr odds log` when a game module has no odds of its own for an
// action): the distribution of the chance decision that follows the action at once, outcomes
// grouped by their text. Exact by enumeration of State::chance_outcomes() up to `max_exact`
// outcomes; beyond that, Monte Carlo over `runs` seeded samples (State::sample_chance), each
// probability with its 95 % Wilson interval, and the answer says so ("exact": false). Every text
// is in English and German: each outcome's "text" and "text_de", the "prompt" and "prompt_de",
// a "summary" and "summary_de".
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <nlohmann/json.hpp>
#include <string>
#include <utility>

#include "engine/game.h"
#include "engine/text.h"

namespace feldherr {

struct RollOddsOptions {
  size_t max_exact = 4096;  // chance outcomes enumerated at most
  int runs = 20000;         // Monte Carlo samples beyond that
  uint64_t seed = 1;        // of the Monte Carlo generator (the answer is reproducible)
  size_t max_listed = 40;   // outcomes listed (the most likely); the rest as "other outcomes"
  // next_roll_odds: whose view the outcomes and the prompt are written for (describe_for,
  // decision_for); kNobody: the all-seeing referee's (describe, decision).
  int viewer = kNobody;
};

// {"kind":"next-roll","prompt":P,"prompt_de":P',"outcomes":[{"text":T,"text_de":T',"p":p}...],
// "exact":true} or, sampled, {..., "exact":false,"method":"Monte Carlo","runs":N,"summary":S,
// "summary_de":S', outcomes with "ci":[lo,hi]}. An outcome's text is the chance action as the
// viewer sees it (describe_for), its German the action's German label (State::action_info, as
// the server labels actions). Null when the action causes no roll at once (or ends the game).
// `action` must be legal in `state`.
nlohmann::json next_roll_odds(const State& state, const Action& action,
                              const RollOddsOptions& options = {});

// Names the outcome of a whole roll in English and German: `before` is the state where the roll
// starts (Chance to decide), `after` the state where a seat owes the next decision or the game
// has ended. Outcomes are grouped by their English.
using RollLabel = std::function<Text(const State& before, const State& after)>;

// The odds of a whole roll from `rolling`, a state right after the action that caused it (the
// caller applied it, e.g. to see that it starts an attack): every chance decision that follows
// one after another (dice rolled one at a time, a card drawn and then dice), enumerated one
// chance decision at a time with identical states merged (State::hash) while no step has more
// than `max_exact` distinct states, else `runs` sampled sequences; each end is grouped by
// `label(rolling, after)`. Same JSON as next_roll_odds, with "kind":"whole-roll". Null when
// Chance does not decide in `rolling`.
nlohmann::json whole_roll_odds(const State& rolling, const RollLabel& label,
                               const RollOddsOptions& options = {});

// The 95 % Wilson score interval of `successes` in `n` trials, as fractions.
std::pair<double, double> wilson95(long long successes, long long n);

}  // namespace feldherr
