// White Star Rising: speed for the LOS and eligibility checks of the rules engine
// (docs/wsr-rules.md "Measured", fast paths). Nothing here changes a rule outcome:
//  - LosCache memoizes LosMap::Check(from, to).clear without markers per ordered hex pair of a
//    game (WSR 7.0-7.3 depend only on the map); WsrState::los_clear adds the wreck markers
//    (WSR 7.1 b) exactly: a wreck only ever adds blocking, only same-level pairs count wrecks,
//    and only a wreck hex on the sight line can matter -- otherwise the exact computation runs.
//  - SetWsrFastPaths(false) turns the memo and the fast paths off (every LOS is computed by
//    LosMap::Check with the markers), so tests can compare the legal actions of both.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>

#include "geometry/los.h"

namespace feldherr::wsr {

// Fast paths on (default) or off (reference computation, for the differential tests); the
// environment variable WSR_FAST_PATHS=0 starts a process with them off.
void SetWsrFastPaths(bool on);
// Inline (asked per LOS): 1 on, 0 off, -1 not yet read from the environment.
extern std::atomic<int> g_wsr_fast_paths;
bool InitWsrFastPaths();
inline bool WsrFastPaths() {
  const int v = g_wsr_fast_paths.load(std::memory_order_relaxed);
  return v < 0 ? InitWsrFastPaths() : v != 0;
}

// A wreck hex w can lie on the sight line a -> b (crossed, or one of a pair the line runs
// along) only if Distance(a, w) + Distance(w, b) <= Distance(a, b) + kLosLens; checked for every
// hex pair of every shipped layout by tests/wsr_rules/perf_equivalence_test.cc.
constexpr int kLosLens = 1;

class LosCache {
 public:
  explicit LosCache(const LosMap& los);
  // LosMap::Check(from, to).clear with no markers (default options), memoized; thread-safe
  // (a lost race only computes the same value twice).
  bool StaticClear(int from, int to) const {
    const size_t k = static_cast<size_t>(from) * static_cast<size_t>(n_) + static_cast<size_t>(to);
    const uint8_t v = memo_[k].load(std::memory_order_relaxed);
    if (v != 0) return v == 1;
    return Fill(k, from, to);
  }

 private:
  bool Fill(size_t k, int from, int to) const;
  const LosMap* los_;
  int n_;
  std::unique_ptr<std::atomic<uint8_t>[]> memo_;  // n x n: 0 unknown, 1 clear, 2 blocked
};

}  // namespace feldherr::wsr
