// Platform-independent incremental hashing for State::hash().
#pragma once

#include <cstdint>
#include <string_view>

namespace feldherr {

// Mixes values into a 64-bit hash (splitmix64 finaliser per word). Same result on every
// platform, unlike std::hash.
class Hasher {
 public:
  Hasher& add(uint64_t v) {
    h_ ^= mix(v + 0x9e3779b97f4a7c15ULL + (h_ << 6) + (h_ >> 2));
    return *this;
  }
  Hasher& add_signed(int64_t v) { return add(static_cast<uint64_t>(v)); }
  Hasher& add(std::string_view s) {
    add(s.size());
    for (char c : s) add(static_cast<unsigned char>(c));
    return *this;
  }
  uint64_t value() const { return mix(h_); }

  static uint64_t mix(uint64_t z) {
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
  }

 private:
  uint64_t h_ = 0x6a09e667f3bcc908ULL;
};

}  // namespace feldherr
