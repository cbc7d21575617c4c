// Players: whatever chooses actions for a seat (a human at a terminal, the random player, a
// game's heuristic, MCTS). Chance is not a player: the driver (Session) supplies chance outcomes.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "engine/game.h"
#include "engine/rng.h"

namespace feldherr {

class Player {
 public:
  virtual ~Player() = default;
  // Chooses one of state.legal_actions() for state.current_seat(). Players with hidden
  // information must only use state.observe(seat) or state.determinize(seat, rng).
  virtual Action choose(const State& state) = 0;
  virtual std::string name() const = 0;
  // Players that score every candidate (engine/scored_player.h) return the scores of
  // state.legal_actions(), higher is better; used by MCTS as a prior at its root (docs/ai.md).
  // Others return false.
  virtual bool score_actions(const State& state, std::vector<double>& scores) {
    (void)state;
    (void)scores;
    return false;
  }
  // Restarts the player's random draws from `seed`, as if it had been built with it (MCTS
  // playouts with common random numbers). Players without draws ignore it.
  virtual void reseed(uint64_t seed) { (void)seed; }
};

// Uniformly random among the legal actions, except that it concedes only when nothing else is
// legal (State::is_concession): a player that resigns at random would end most games at once.
class RandomPlayer : public Player {
 public:
  explicit RandomPlayer(uint64_t seed) : rng_(seed) {}
  Action choose(const State& state) override;
  std::string name() const override { return "random"; }
  void reseed(uint64_t seed) override { rng_ = Rng(seed); }

 private:
  Rng rng_;
  ActionList buffer_;
};

}  // namespace feldherr
