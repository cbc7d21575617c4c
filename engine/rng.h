// Seedable random generator for whoever drives a game (never used inside rules code).
//
// PCG32 (O'Neill, pcg-random.org, the "XSH RR" 64->32 variant) with our own bounded mapping
// (Lemire's multiply-and-reject), so that a seed produces the same dice on every platform and
// standard library: std::uniform_int_distribution differs between libstdc++ and libc++, which
// would break replays.
#pragma once

#include <cstdint>

namespace feldherr {

class Rng {
 public:
  explicit Rng(uint64_t seed = 0x853c49e6748fea9bULL, uint64_t stream = 0xda3e39cb94b95bdbULL) {
    seed_with(seed, stream);
  }

  void seed_with(uint64_t seed, uint64_t stream = 0xda3e39cb94b95bdbULL) {
    state_ = 0;
    inc_ = (stream << 1u) | 1u;
    next_u32();
    state_ += seed;
    next_u32();
  }

  uint32_t next_u32() {
    uint64_t old = state_;
    state_ = old * 6364136223846793005ULL + inc_;
    auto xorshifted = static_cast<uint32_t>(((old >> 18u) ^ old) >> 27u);
    auto rot = static_cast<uint32_t>(old >> 59u);
    return (xorshifted >> rot) | (xorshifted << ((32u - rot) & 31u));
  }

  // Same state: the same numbers from here on.
  bool operator==(const Rng&) const = default;

  uint64_t next_u64() { return (static_cast<uint64_t>(next_u32()) << 32) | next_u32(); }

  // Uniform integer in [0, bound), bound >= 1; unbiased (Lemire 2019).
  uint32_t below(uint32_t bound) {
    uint64_t m = static_cast<uint64_t>(next_u32()) * bound;
    auto low = static_cast<uint32_t>(m);
    if (low < bound) {
      uint32_t threshold = (0u - bound) % bound;
      while (low < threshold) {
        m = static_cast<uint64_t>(next_u32()) * bound;
        low = static_cast<uint32_t>(m);
      }
    }
    return static_cast<uint32_t>(m >> 32);
  }

  // Uniform integer in [lo, hi].
  int between(int lo, int hi) {
    return lo + static_cast<int>(below(static_cast<uint32_t>(hi - lo + 1)));
  }

  int d6() { return between(1, 6); }

  // Uniform double in [0, 1) with 53 random bits.
  double unit() { return static_cast<double>(next_u64() >> 11) * 0x1.0p-53; }

 private:
  uint64_t state_ = 0;
  uint64_t inc_ = 1;
};

}  // namespace feldherr
