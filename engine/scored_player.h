// A generic "scored candidate actions" player (the model is the RCA AI of Battle for Wesnoth:
// every candidate action gets a score, the best one is executed).
//
// A game supplies a scoring function; the player asks it to score every legal action and plays
// the best one, breaking near-ties with a seeded random draw, so a player built with a given
// seed always makes the same choices in the same positions.
//
// Hidden information: the scoring function never sees the true state. Once per decision the
// player draws a determinisation (State::determinize(seat, rng)), a state consistent with what
// the deciding seat may know, and scores on it. The legal actions come from the real state (a
// seat is entitled to know its own options); an action that is not legal in the determinised
// copy is scored as the worst choice.
//
// Header-only. It lives in the engine, not in ai/, because the games' heuristics use it and the
// games are a layer below ai/ (docs/architecture.md "Layers").
#pragma once

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "engine/game.h"
#include "engine/player.h"
#include "engine/rng.h"

namespace feldherr {

// Scores `action` for the deciding seat of `view` (a determinised copy of the real state).
// Higher is better. The function may draw from `rng` (it is the player's seeded generator).
using ActionScorer = std::function<double(const State& view, const Action& action, Rng& rng)>;
// Scores all `actions` of one decision at once into `scores` (same size), so that a game can
// share the work that every candidate needs (the position before the action, Pocket's battle
// values). Each score must be what an ActionScorer would give the action alone.
using BatchScorer = std::function<void(const State& view, const ActionList& actions,
                                       std::vector<double>& scores, Rng& rng)>;

class ScoredPlayer : public Player {
 public:
  // `tie_band`: actions whose score lies within tie_band of the best score are considered tied;
  // one of them is drawn with the seeded generator.
  ScoredPlayer(std::string name, ActionScorer scorer, uint64_t seed, double tie_band = 1e-9)
      : name_(std::move(name)), scorer_(std::move(scorer)), rng_(seed), tie_band_(tie_band) {}
  ScoredPlayer(std::string name, BatchScorer batch, uint64_t seed, double tie_band = 1e-9)
      : name_(std::move(name)), batch_(std::move(batch)), rng_(seed), tie_band_(tie_band) {}

  Action choose(const State& state) override {
    state.legal_actions(legal_);
    // A decision without a choice is a rules error, not the player's to paper over.
    if (legal_.empty()) throw std::logic_error(name_ + ": no legal action in a decision");
    if (legal_.size() == 1) return legal_.front();
    score_all(state);
    tied_.clear();
    double best = -std::numeric_limits<double>::infinity();
    for (double s : scores_) best = std::max(best, s);
    for (size_t i = 0; i < legal_.size(); ++i) {
      if (scores_[i] >= best - tie_band_) tied_.push_back(i);
    }
    if (tied_.empty()) {  // every score was -inf
      return legal_[rng_.below(static_cast<uint32_t>(legal_.size()))];
    }
    return legal_[tied_[rng_.below(static_cast<uint32_t>(tied_.size()))]];
  }

  bool score_actions(const State& state, std::vector<double>& scores) override {
    state.legal_actions(legal_);
    score_all(state);
    scores = scores_;
    return true;
  }

  std::string name() const override { return name_; }
  void reseed(uint64_t seed) override { rng_ = Rng(seed); }

  // The scores of the last decision, parallel to last_actions() (for tests and explanations).
  const std::vector<double>& last_scores() const { return scores_; }
  const ActionList& last_actions() const { return legal_; }

 private:
  // Scores every action of legal_ (the real state's) on one determinisation into scores_.
  void score_all(const State& state) {
    const int seat = state.current_seat();
    // The determinisation draws from its own generator, seeded from the player's, so that the
    // player's generator advances by the same amount whatever the hidden information is.
    Rng det_rng(rng_.next_u64());
    std::unique_ptr<State> view = state.determinize(seat, det_rng);
    view->legal_actions(view_legal_);
    // The actions legal in the view, in legal_ order: all of them in the usual case (a seat's
    // options follow from what it knows), else those whose id the view also lists.
    const bool all = view_legal_ == legal_;
    if (!all) {
      view_ids_.clear();
      for (const Action& a : view_legal_) view_ids_.push_back(a.id());
      std::sort(view_ids_.begin(), view_ids_.end());
    }
    const auto in_view = [&](const Action& a) {
      return all || std::binary_search(view_ids_.begin(), view_ids_.end(), a.id());
    };
    scores_.assign(legal_.size(), -std::numeric_limits<double>::infinity());
    if (batch_ && all) {
      scores_.assign(legal_.size(), 0.0);
      batch_(*view, legal_, scores_, rng_);
    } else if (batch_) {
      // The actions legal in the view, scored together, then put back in legal_ order.
      candidates_.clear();
      for (const Action& a : legal_)
        if (in_view(a)) candidates_.push_back(a);
      batch_scores_.assign(candidates_.size(), 0.0);
      batch_(*view, candidates_, batch_scores_, rng_);
      for (size_t i = 0, k = 0; i < legal_.size() && k < candidates_.size(); ++i)
        if (legal_[i].id() == candidates_[k].id()) scores_[i] = batch_scores_[k++];
    } else {
      for (size_t i = 0; i < legal_.size(); ++i)
        if (in_view(legal_[i])) scores_[i] = scorer_(*view, legal_[i], rng_);
    }
    for (double& s : scores_)
      if (std::isnan(s)) s = -std::numeric_limits<double>::infinity();
  }

  std::string name_;
  ActionScorer scorer_;  // one of scorer_ and batch_ is set
  BatchScorer batch_;
  Rng rng_;
  double tie_band_;
  ActionList legal_;
  ActionList view_legal_;
  std::vector<uint64_t> view_ids_;
  std::vector<double> scores_;
  ActionList candidates_;
  std::vector<double> batch_scores_;
  std::vector<size_t> tied_;
};

// One-step lookahead: the expected value of `eval` after applying `action` to a clone of
// `state` and then every chance outcome that immediately follows, enumerated with its
// probability, up to `max_chance_steps` consecutive chance decisions (deeper chance nodes are
// evaluated as they stand). `eval` sees states that may still owe a decision to Chance when
// the limit is reached.
inline double expected_value_after(const State& state, const Action& action,
                                   const std::function<double(const State&)>& eval,
                                   int max_chance_steps = 1) {
  std::unique_ptr<State> next = state.clone();
  next->apply(action);
  std::function<double(const State&, int)> rec = [&](const State& s, int depth) -> double {
    if (depth <= 0 || s.is_terminal() || s.current_seat() != kChance) return eval(s);
    double total = 0.0;
    for (const ChanceOutcome& o : s.chance_outcomes()) {
      if (o.probability <= 0.0) continue;
      std::unique_ptr<State> child = s.clone();
      child->apply(o.action);
      total += o.probability * rec(*child, depth - 1);
    }
    return total;
  };
  return rec(*next, max_chance_steps);
}

}  // namespace feldherr
