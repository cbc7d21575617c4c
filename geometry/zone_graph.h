// Zone graphs: battlefields made of named zones joined by adjacency (Pocket Battles' 15
// segments, Westerplatte's guard posts and fields, Rivet Wars' segments). Nodes are dense
// integers; adjacency is stored as bitsets so neighbour queries and short breadth-first searches
// cost a few instructions (graphs up to 64 nodes).
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <string>
#include <vector>

namespace feldherr {

class ZoneGraph {
 public:
  static constexpr int kMaxNodes = 64;

  explicit ZoneGraph(int nodes = 0) : n_(nodes) {}

  int size() const { return n_; }
  // Adds an undirected edge a-b.
  void connect(int a, int b) {
    adj_[static_cast<size_t>(a)] |= bit(b);
    adj_[static_cast<size_t>(b)] |= bit(a);
  }
  bool adjacent(int a, int b) const { return (adj_[static_cast<size_t>(a)] & bit(b)) != 0; }
  uint64_t neighbours(int a) const { return adj_[static_cast<size_t>(a)]; }

  // Nodes reachable from `from` in 1..max_steps steps, moving only through nodes in `allowed`
  // (a bitset; the start node need not be in it). The start node itself is excluded.
  uint64_t reachable(int from, int max_steps, uint64_t allowed) const {
    uint64_t seen = bit(from), frontier = bit(from), result = 0;
    for (int step = 0; step < max_steps && frontier; ++step) {
      uint64_t next = 0;
      for (uint64_t f = frontier; f; f &= f - 1)
        next |= adj_[static_cast<size_t>(std::countr_zero(f))];
      next &= allowed & ~seen;
      seen |= next;
      result |= next;
      frontier = next;
    }
    return result;
  }

  // Number of steps of the shortest path from a to b through `allowed`, or -1.
  int distance(int a, int b, uint64_t allowed) const {
    if (a == b) return 0;
    uint64_t seen = bit(a), frontier = bit(a);
    for (int step = 1; frontier; ++step) {
      uint64_t next = 0;
      for (uint64_t f = frontier; f; f &= f - 1)
        next |= adj_[static_cast<size_t>(std::countr_zero(f))];
      next &= allowed & ~seen;
      if (next & bit(b)) return step;
      seen |= next;
      frontier = next;
    }
    return -1;
  }

  static constexpr uint64_t bit(int i) { return uint64_t{1} << i; }

 private:
  int n_ = 0;
  std::array<uint64_t, kMaxNodes> adj_{};
};

}  // namespace feldherr
