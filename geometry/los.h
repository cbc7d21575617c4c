// Line of sight: the exact centre-to-centre sight line on the hex grid, and the White Star
// Rising LOS rules (WSR 7.0-7.3, 11.2.2) over abstract per-hex terrain attributes that the game
// supplies from its terrain chart. See docs/hex-geometry.md for the algorithm and the mapping of
// every rule sentence to code and test.
//
// Exact geometry. With X = 3C and the doubled row Y, hex centres are the lattice points
// (3C, Y) and the six vertices of a hex lie at the centre + (-1,-1), (1,-1), (2,0), (1,1),
// (-1,1), (-2,0). This is an affine image of the regular grid, and affine maps keep lines,
// incidence and order, so "the line crosses the interior of hex H", "the line runs along the
// hexside between H1 and H2" and "the line passes through a vertex" are decided by the signs of
// small integer cross products: no floating point, no sampling.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "geometry/hex.h"
#include "geometry/hex_map.h"

namespace feldherr {

// ---------------------------------------------------------------------------------------------
// Sight-line tracing
// ---------------------------------------------------------------------------------------------

// Vertex k of a hex, in (3C, Y) units relative to its centre. Hexside d (HexDir) runs from
// vertex d to vertex d + 1; vertex k joins hexsides k - 1 and k.
inline constexpr int kVertexX[6] = {-1, 1, 2, 1, -1, -2};
inline constexpr int kVertexY[6] = {-1, -1, 0, 1, 1, 0};

// Walks the segment from the centre of `a` to the centre of `b` and reports, in order:
//  - v.Cross(p, q, dir, at_vertex): the line passes from the interior of p directly into the
//    interior of its neighbour q (q = p.Neighbour(dir)), across the inside of their common
//    hexside or through one of its end vertices (at_vertex). This is "crossing" hexside p|q.
//  - v.Hex(h): the line crosses the interior of h; h is neither a nor b.
//  - v.Along(l, r): the line runs exactly along the common hexside of l and r (a piece of
//    positive length). It enters and leaves such a piece through vertices; the hexsides it only
//    touches there are not crossed, and neither is the hexside it runs along.
// Each callback returns true to continue and false to stop; the function returns false if the
// visitor stopped the walk. Nothing is reported when a == b. Hexes touched only at a vertex
// are not reported. Coordinates need not be on any map.
template <class Visitor>
bool TraceSightLine(HexCoord a, HexCoord b, Visitor&& v) {
  if (a == b) return true;
  const int x0 = 3 * a.c, y0 = a.y;
  const int dx = 3 * (b.c - a.c), dy = b.y - a.y;
  // side(P) = cross(D, P - A): > 0 on one side of the line, < 0 on the other, 0 on it.
  int sv[6];
  for (int k = 0; k < 6; ++k) sv[k] = dx * kVertexY[k] - dy * kVertexX[k];
  auto centre_side = [&](HexCoord h) { return dx * (h.y - y0) - dy * (3 * h.c - x0); };
  HexCoord cur = a;
  const int guard = 4 * HexDistance(a, b) + 8;
  for (int step = 0; step < guard; ++step) {
    const int sc = centre_side(cur);
    int s[6];
    for (int k = 0; k < 6; ++k) {
      int t = sc + sv[k];
      s[k] = (t > 0) - (t < 0);
    }
    HexCoord next;
    bool found = false;
    for (int k = 0; k < 6 && !found; ++k) {
      const int k1 = (k + 1) % 6, k5 = (k + 5) % 6;
      if (s[k] < 0 && s[k1] > 0) {
        // Leaves through the inside of hexside k.
        next = cur.Neighbour(k);
        if (!v.Cross(cur, next, k, false)) return false;
        found = true;
      } else if (s[k] == 0 && s[k5] < 0 && s[k1] > 0) {
        // Leaves through vertex k, where cur meets n1 (side k - 1) and n2 (side k). The third
        // hexside at the vertex, between n1 and n2, runs from it to centre + 2 * vertex.
        const HexCoord n1 = cur.Neighbour(k5), n2 = cur.Neighbour(k);
        const int t = sc + 2 * sv[k];
        if (t == 0) {
          // Along the n1|n2 hexside; its continuation runs into the hex opposite cur.
          if (!v.Along(n1, n2)) return false;
          next = n1 + n2 - cur;
        } else if (t > 0) {
          next = n1;
          if (!v.Cross(cur, next, k5, true)) return false;
        } else {
          next = n2;
          if (!v.Cross(cur, next, k, true)) return false;
        }
        found = true;
      }
    }
    if (!found) return true;  // unreachable for a line through two centres
    if (next == b) return true;
    if (!v.Hex(next)) return false;
    cur = next;
  }
  return true;
}

// The trace as data (for tests, logs and UI).
struct SightLine {
  struct Step {
    enum Kind : uint8_t { kCross, kHex, kAlong };
    Kind kind;
    HexCoord a;              // kCross: from; kHex: the hex; kAlong: one side
    HexCoord b;              // kCross: to; kAlong: the other side
    int dir = -1;            // kCross: hexside of a
    bool at_vertex = false;  // kCross through a vertex
  };
  std::vector<Step> steps;

  // Hexes whose interior the line crosses, in order, without the end hexes.
  std::vector<HexCoord> Hexes() const;
  // Hexside pairs the line runs along.
  std::vector<std::pair<HexCoord, HexCoord>> Alongs() const;
};
SightLine TraceSightLine(HexCoord a, HexCoord b);

// ---------------------------------------------------------------------------------------------
// White Star Rising line of sight
// ---------------------------------------------------------------------------------------------

// Static per-hex LOS attributes, set by the game from its terrain chart (bit set).
enum LosTerrain : uint8_t {
  kLosLevel1 = 1 << 0,   // hill or wooded hill: a unit here is at level 1 (WSR 7.0)
  kLosBlocks0 = 1 << 1,  // blocking between two level-0 units: woods, city, wooded hill (7.1 a)
  kLosBlocks1 = 1 << 2,  // blocking between two level-1 units: wooded hill, city (7.2)
  kLosScreen = 1 << 3,   // woods or city: hides a level-0 unit directly behind it from level 1
  kLosRough = 1 << 4,    // rough ("welliges Gelände"): one of "2 or more" (7.1 b)
};

// Dynamic per-hex markers, kept by the game (one byte per hex index).
enum LosMarker : uint8_t {
  kLosWreck = 1 << 0,      // the hex contains a wreck (counts like rough, 7.1 b)
  kLosSmoke = 1 << 1,      // a smoke marker lies in the hex (11.2.2)
  kLosSmokeArea = 1 << 2,  // the hex is the smoke hex or adjacent to one; set by MarkSmokeAreas
};

// Sets kLosSmokeArea on every hex that holds a smoke marker or is adjacent to one, and clears
// it elsewhere (WSR 11.2.2 "into, through and out of that hex and all adjacent hexes", A-25).
void MarkSmokeAreas(const HexLayout& layout, std::span<uint8_t> markers);

// Readings of the rules marked [Rec] (docs/rules/wsr.md A-17..A-21, A-25); defaults are the
// recommended ones.
struct LosOptions {
  // WSR 7.0 "a unit may always fire into an adjacent hex": LOS between adjacent hexes is
  // always clear, smoke included.
  bool adjacent_always_clear = true;
  // the 7.1 adjacency clause ("that neither firer nor target is adjacent to") covers the
  // hill crest only. false: it also spares woods/city hexes adjacent to firer or target.
  bool crest_only_adjacency = true;
  // LOS is reciprocal, classified by the pair of levels. false: the firer's level picks
  // the rule (a level-0 firer always uses 7.1).
  bool reciprocal = true;
  // between two level-1 units, intervening hill hexes count toward "2 or more".
  bool hills_count_between_level1 = true;
  // a LOS with an end hex in a smoke area is blocked (not only one passing through).
  bool smoke_blocks_end_hexes = true;
};

enum class LosReason : uint8_t {
  kClear,         // nothing blocks
  kSameHex,       // firer and target share the hex
  kAdjacent,      // 7.0: adjacent hexes always
  kBlockingHex,   // 7.1 a / 7.2 / 7.3: the line crosses a blocking hex
  kBlockingPair,  // 7.3: the line runs along the common hexside of two blocking hexes
  kTwoRough,      // 7.1 b / 7.2: 2 or more rough / wreck (/ hill) hexes
  kCrest,         // 7.1 a / 7.2: crosses a hill crest neither end is adjacent to
  kBehindScreen,  // 7.2: level-0 target directly behind woods/city seen from level 1
  kHillBetween,   // 7.2: a hill between a level-1 and a level-0 unit
  kSmoke,         // 11.2.2: smoke area on the line or at an end
};

struct LosResult {
  bool clear = true;
  LosReason reason = LosReason::kClear;
  int hex = -1;   // blocking hex (kBlockingHex, kTwoRough: the second, kHillBetween,
                  // kBehindScreen, kSmoke), or first hex of a pair / crest hexside
  int hex2 = -1;  // second hex of a blocking pair or crest hexside; first rough hex (kTwoRough)
  int firer_level = 0;
  int target_level = 0;
};

// The rule citation of a reason, e.g. "WSR 7.3".
const char* LosRule(LosReason reason, int firer_level, int target_level);

// Per-map LOS data: terrain attributes and crest hexsides per hex index. Keeps a pointer to
// the layout, which must outlive it.
class LosMap {
 public:
  explicit LosMap(const HexLayout& layout);

  const HexLayout& layout() const { return *layout_; }
  void SetTerrain(int i, uint8_t flags) { terrain_[static_cast<size_t>(i)] = flags; }
  uint8_t terrain(int i) const { return terrain_[static_cast<size_t>(i)]; }
  int Level(int i) const { return (terrain(i) & kLosLevel1) ? 1 : 0; }

  // Marks the hexside of hex i in direction d (and the same hexside seen from the neighbour)
  // as a hill crest.
  void SetCrest(int i, int d, bool on = true);
  bool Crest(int i, int d) const { return (crest_[static_cast<size_t>(i)] >> d) & 1; }
  // A-21 default: every hexside between a level-1 and a level-0 hex is a crest (replaces all).
  void SetCrestsAtLevelChanges();

  // LOS from the firer's hex to the target's hex. `markers` is empty or has one byte of
  // LosMarker per hex index.
  LosResult Check(int from, int to, std::span<const uint8_t> markers = {},
                  const LosOptions& options = {}) const;
  bool Clear(int from, int to, std::span<const uint8_t> markers = {},
             const LosOptions& options = {}) const {
    return Check(from, to, markers, options).clear;
  }
  // One line for logs and UI, e.g. "LOS A-K08 -> A-K12 blocked: woods/city hex A-K10 between
  // level-0 units (WSR 7.1 a)".
  std::string Explain(int from, int to, const LosResult& r) const;

 private:
  const HexLayout* layout_;
  std::vector<uint8_t> terrain_;
  std::vector<uint8_t> crest_;
};

}  // namespace feldherr
