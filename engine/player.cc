#include "engine/player.h"

namespace feldherr {

Action RandomPlayer::choose(const State& state) {
  state.legal_actions(buffer_);
  size_t n = buffer_.size();
  for (size_t i = 0; i < n;) {
    if (n > 1 && state.is_concession(buffer_[i])) {
      buffer_[i] = buffer_[--n];
    } else {
      ++i;
    }
  }
  return buffer_[rng_.below(static_cast<uint32_t>(n))];
}

}  // namespace feldherr
