// White Star Rising: the LOS memo and the exact wreck handling of WsrState::los_clear
// (games/wsr/los_cache.h; WSR 7.0-7.3, 7.1 b wreck markers).
#include "games/wsr/los_cache.h"

#include <bit>
#include <cstdlib>
#include <cstring>
#include <string_view>

#include "games/wsr/state.h"

namespace feldherr::wsr {

// Constant-initialised: -1 until the first question reads the environment.
std::atomic<int> g_wsr_fast_paths{-1};

// WSR_FAST_PATHS=0 in the environment starts with the reference computation (to run whole
// test suites or replays both ways).
bool InitWsrFastPaths() {
  const char* v = std::getenv("WSR_FAST_PATHS");
  const int on = v == nullptr || std::string_view(v) != "0" ? 1 : 0;
  int unset = -1;  // a SetWsrFastPaths before the first question wins
  g_wsr_fast_paths.compare_exchange_strong(unset, on, std::memory_order_relaxed);
  return g_wsr_fast_paths.load(std::memory_order_relaxed) != 0;
}

void SetWsrFastPaths(bool on) {
  g_wsr_fast_paths.store(on ? 1 : 0, std::memory_order_relaxed);
}

LosCache::LosCache(const LosMap& los)
    : los_(&los),
      n_(los.layout().size()),
      memo_(new std::atomic<uint8_t>[static_cast<size_t>(n_) * static_cast<size_t>(n_)]()) {}

bool LosCache::Fill(size_t k, int from, int to) const {
  const bool clear = los_->Check(from, to).clear;
  memo_[k].store(clear ? 1 : 2, std::memory_order_relaxed);
  return clear;
}

// The rest of los_clear (state.h): the reference computation (d < 0: the fast paths are off),
// smoke, and wrecks, for a pair whose LOS is clear without markers (d: its distance, > 1).
bool WsrState::los_clear_slow(int from, int to, int d) const {
  if (d < 0) return los_check(from, to).clear;
  const HexLayout& L = game_->layout();
  if (n_smoke > 0) return los_check(from, to).clear;  // WSR 11.2.2 smoke (artillery.cc): exact
  if (n_wrecks == 0) return true;
  // between a level-1 and a level-0 unit wrecks (like rough) do not count.
  if (game_->los().Level(from) != game_->los().Level(to)) return true;
  // The wreck hexes (kWreckBit in control), eight hexes per word.
  const int n = L.size();
  int seen = 0;
  constexpr uint64_t kBits = 0x0101010101010101ULL * kWreckBit;
  static_assert(std::endian::native == std::endian::little, "byte k of a word = bits 8k..");
  for (int base = 0; base < n && seen < n_wrecks; base += 8) {
    uint64_t w = 0;
    if (base + 8 <= kMaxHexes) {
      std::memcpy(&w, control.data() + base, 8);
    } else {
      for (int j = 0; base + j < kMaxHexes; ++j)
        w |= static_cast<uint64_t>(control[static_cast<size_t>(base + j)]) << (8 * j);
    }
    for (w &= kBits; w != 0; w &= w - 1) {
      const int i = base + std::countr_zero(w) / 8;
      if (i >= n) break;
      ++seen;
      if (L.Distance(from, i) + L.Distance(i, to) <= d + kLosLens)
        return los_check(from, to).clear;  // a wreck near the line: the exact computation
    }
  }
  return true;
}

}  // namespace feldherr::wsr
