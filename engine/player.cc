#include "engine/player.h"

namespace feldherr {

Action RandomPlayer::choose(const State& state) {
  state.legal_actions(buffer_);
  return buffer_[rng_.below(static_cast<uint32_t>(buffer_.size()))];
}

}  // namespace feldherr
