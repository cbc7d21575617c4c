// Hex geometry benchmarks: WSR line-of-sight queries at typical fire ranges (3-10 hexes) on a
// sheet with stand-in terrain, the bare sight-line trace, and a shortest path across a sheet.
#include <benchmark/benchmark.h>

#include <cstdint>
#include <vector>

#include "geometry/los.h"
#include "geometry/path.h"

namespace feldherr {
namespace {

struct HexBenchMap {
  HexLayout layout = HexLayout::Single('A');
  LosMap los{layout};
  std::vector<uint8_t> markers;
  std::vector<std::pair<int, int>> pairs;

  HexBenchMap() {
    // Deterministic stand-in terrain, roughly the mix of sheet A (maps §5): ~21 % woods,
    // ~8 % level 1, some city and rough, a few wrecks.
    uint32_t x = 12345;
    auto next = [&] {
      x = x * 1103515245u + 12345u;
      return (x >> 16) % 100;
    };
    markers.assign(static_cast<size_t>(layout.size()), 0);
    for (int i = 0; i < layout.size(); ++i) {
      uint32_t r = next();
      uint8_t t = 0;
      if (r < 21)
        t = kLosBlocks0 | kLosScreen;
      else if (r < 26)
        t = kLosBlocks0 | kLosBlocks1 | kLosScreen;
      else if (r < 32)
        t = kLosLevel1;
      else if (r < 34)
        t = kLosLevel1 | kLosBlocks0 | kLosBlocks1;
      else if (r < 40)
        t = kLosRough;
      los.SetTerrain(i, t);
      if (next() < 2) markers[static_cast<size_t>(i)] |= kLosWreck;
    }
    los.SetCrestsAtLevelChanges();
    for (int a = 0; a < layout.size() && pairs.size() < 8192; a += 3) {
      for (int b = 0; b < layout.size(); b += 5) {
        int d = layout.Distance(a, b);
        if (d >= 3 && d <= 10) pairs.emplace_back(a, b);
      }
    }
  }
};

const HexBenchMap& Map() {
  static const HexBenchMap m;
  return m;
}

void BM_WsrLosCheck(benchmark::State& state) {
  const HexBenchMap& m = Map();
  size_t i = 0;
  int clear = 0;
  for (auto _ : state) {
    const auto& [a, b] = m.pairs[i];
    clear += m.los.Check(a, b, m.markers).clear;
    if (++i == m.pairs.size()) i = 0;
  }
  benchmark::DoNotOptimize(clear);
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_WsrLosCheck);

void BM_SightLineTrace(benchmark::State& state) {
  const HexBenchMap& m = Map();
  struct Count {
    int n = 0;
    bool Cross(HexCoord, HexCoord, int, bool) { return true; }
    bool Hex(HexCoord) { return ++n, true; }
    bool Along(HexCoord, HexCoord) { return ++n, true; }
  };
  size_t i = 0;
  int total = 0;
  for (auto _ : state) {
    const auto& [a, b] = m.pairs[i];
    Count c;
    TraceSightLine(m.layout.coord(a), m.layout.coord(b), c);
    total += c.n;
    if (++i == m.pairs.size()) i = 0;
  }
  benchmark::DoNotOptimize(total);
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_SightLineTrace);

void BM_ShortestPathAcrossSheet(benchmark::State& state) {
  const HexBenchMap& m = Map();
  const int from = m.layout.Index("A06"), to = m.layout.Index("U06");
  auto cost = [&](int, int b, int) { return (m.los.terrain(b) & kLosBlocks0) ? 2 : 1; };
  for (auto _ : state) {
    PathResult p = ShortestPath(m.layout, from, to, cost, 1);
    benchmark::DoNotOptimize(p.cost);
  }
}
BENCHMARK(BM_ShortestPathAcrossSheet);

}  // namespace
}  // namespace feldherr
