#include "geometry/los.h"

#include <fmt/format.h>

namespace feldherr {

std::vector<HexCoord> SightLine::Hexes() const {
  std::vector<HexCoord> out;
  for (const Step& s : steps) {
    if (s.kind == Step::kHex) out.push_back(s.a);
  }
  return out;
}

std::vector<std::pair<HexCoord, HexCoord>> SightLine::Alongs() const {
  std::vector<std::pair<HexCoord, HexCoord>> out;
  for (const Step& s : steps) {
    if (s.kind == Step::kAlong) out.emplace_back(s.a, s.b);
  }
  return out;
}

SightLine TraceSightLine(HexCoord a, HexCoord b) {
  struct Recorder {
    SightLine* line;
    bool Cross(HexCoord p, HexCoord q, int dir, bool at_vertex) {
      line->steps.push_back({SightLine::Step::kCross, p, q, dir, at_vertex});
      return true;
    }
    bool Hex(HexCoord h) {
      line->steps.push_back({SightLine::Step::kHex, h, h, -1, false});
      return true;
    }
    bool Along(HexCoord l, HexCoord r) {
      line->steps.push_back({SightLine::Step::kAlong, l, r, -1, false});
      return true;
    }
  };
  SightLine line;
  TraceSightLine(a, b, Recorder{&line});
  return line;
}

void MarkSmokeAreas(const HexLayout& layout, std::span<uint8_t> markers) {
  for (auto& m : markers) m = static_cast<uint8_t>(m & ~kLosSmokeArea);
  for (int i = 0; i < layout.size() && i < static_cast<int>(markers.size()); ++i) {
    if (!(markers[static_cast<size_t>(i)] & kLosSmoke)) continue;
    markers[static_cast<size_t>(i)] |= kLosSmokeArea;
    for (int n : layout.Neighbours(i)) {
      if (n >= 0 && n < static_cast<int>(markers.size())) {
        markers[static_cast<size_t>(n)] |= kLosSmokeArea;
      }
    }
  }
}

const char* LosRule(LosReason reason, int firer_level, int target_level) {
  const bool low_pair = firer_level == 0 && target_level == 0;
  switch (reason) {
    case LosReason::kClear:
      return "WSR 7.3";
    case LosReason::kSameHex:
    case LosReason::kAdjacent:
      return "WSR 7.0";
    case LosReason::kBlockingHex:
      return low_pair ? "WSR 7.1 a, 7.3" : "WSR 7.2, 7.3";
    case LosReason::kBlockingPair:
      return "WSR 7.3";
    case LosReason::kTwoRough:
      return low_pair ? "WSR 7.1 b" : "WSR 7.2";
    case LosReason::kCrest:
      return low_pair ? "WSR 7.1 a" : "WSR 7.2";
    case LosReason::kBehindScreen:
    case LosReason::kHillBetween:
      return "WSR 7.2";
    case LosReason::kSmoke:
      return "WSR 11.2.2";
  }
  return "WSR 7";
}

LosMap::LosMap(const HexLayout& layout)
    : layout_(&layout),
      terrain_(static_cast<size_t>(layout.size()), 0),
      crest_(static_cast<size_t>(layout.size()), 0) {}

void LosMap::SetCrest(int i, int d, bool on) {
  auto set = [&](int h, int dir) {
    uint8_t bit = static_cast<uint8_t>(1u << dir);
    auto& m = crest_[static_cast<size_t>(h)];
    m = static_cast<uint8_t>(on ? (m | bit) : (m & ~bit));
  };
  set(i, d);
  int n = layout_->Neighbour(i, d);
  if (n >= 0) set(n, OppositeDir(d));
}

void LosMap::SetCrestsAtLevelChanges() {
  for (int i = 0; i < layout_->size(); ++i) {
    crest_[static_cast<size_t>(i)] = 0;
    for (int d = 0; d < kHexDirs; ++d) {
      int n = layout_->Neighbour(i, d);
      if (n >= 0 && Level(n) != Level(i)) crest_[static_cast<size_t>(i)] |= uint8_t(1u << d);
    }
  }
}

namespace {

enum class Pair { kLow, kHigh, kMixed };

// Applies WSR 7.1-7.3 event by event along the sight line; stops at the first block.
struct LosWalker {
  const HexLayout& layout;
  const std::vector<uint8_t>& terrain;
  const std::vector<uint8_t>& crest;
  std::span<const uint8_t> markers;
  const LosOptions& opt;
  Pair pair;
  int from, to;
  HexCoord from_c, to_c;
  HexCoord low_c;  // the level-0 end of a mixed pair
  int rough = 0;
  int first_rough = -1;
  LosResult result;
  HexCoord last;  // the last hex whose interior the line crossed (the firer's hex at first)

  uint8_t T(int i) const { return i < 0 ? 0 : terrain[static_cast<size_t>(i)]; }
  uint8_t M(int i) const {
    return (i < 0 || static_cast<size_t>(i) >= markers.size()) ? 0
                                                               : markers[static_cast<size_t>(i)];
  }
  bool Block(LosReason why, int h, int h2 = -1) {
    result.clear = false;
    result.reason = why;
    result.hex = h;
    result.hex2 = h2;
    return false;
  }
  // Blocking ("verdeckend") for this pair of levels, smoke included (7.3 reference algorithm).
  bool Solid(int i, HexCoord h) const {
    if (M(i) & kLosSmokeArea) return true;
    switch (pair) {
      case Pair::kLow:
        if (!(T(i) & kLosBlocks0)) return false;
        // A-17 alternative: the adjacency clause also spares woods/city next to an end.
        if (!opt.crest_only_adjacency &&
            (HexDistance(h, from_c) == 1 || HexDistance(h, to_c) == 1)) {
          return false;
        }
        return true;
      case Pair::kHigh:
        return (T(i) & kLosBlocks1) != 0;
      case Pair::kMixed:
        return false;
    }
    return false;
  }
  // Counts toward "2 or more" (7.1 b; 7.2 with hills, A-19).
  bool Counts(int i) const {
    if ((T(i) & kLosRough) || (M(i) & kLosWreck)) return true;
    return pair == Pair::kHigh && opt.hills_count_between_level1 && (T(i) & kLosLevel1);
  }
  bool AddRough(int i, int other) {
    if (++rough >= 2) return Block(LosReason::kTwoRough, i, first_rough);
    first_rough = other >= 0 ? other : i;
    return true;
  }

  bool Hex(HexCoord h) {
    last = h;
    int i = layout.Find(h);
    if (M(i) & kLosSmokeArea) return Block(LosReason::kSmoke, i);
    if (pair == Pair::kMixed) {
      // 7.2: a hill between a level-1 firer and a level-0 target.
      if (T(i) & kLosLevel1) return Block(LosReason::kHillBetween, i);
      // 7.2: the level-0 unit directly behind (adjacent to) a woods/city hex the line crosses.
      if ((T(i) & kLosScreen) && HexDistance(h, low_c) == 1) {
        return Block(LosReason::kBehindScreen, i);
      }
      return true;  // other woods/city and rough/wreck do not block a mixed pair
    }
    if (Solid(i, h)) return Block(LosReason::kBlockingHex, i);
    if (Counts(i)) return AddRough(i, -1);
    return true;
  }

  bool Along(HexCoord l, HexCoord r) {
    int a = layout.Find(l), b = layout.Find(r);
    // 7.3: along one blocking hex: clear; along the common side of two: blocked.
    if ((M(a) & kLosSmokeArea) && (M(b) & kLosSmokeArea)) return Block(LosReason::kSmoke, a, b);
    if (pair == Pair::kMixed) {
      // 7.3 applied to the 7.2 tests: the common side of two hill hexes is a hill between; of
      // two woods/city hexes, one of them next to the level-0 end, a screen.
      if ((T(a) & kLosLevel1) && (T(b) & kLosLevel1)) {
        return Block(LosReason::kHillBetween, a, b);
      }
      bool sa = (T(a) & kLosScreen) || (M(a) & kLosSmokeArea);
      bool sb = (T(b) & kLosScreen) || (M(b) & kLosSmokeArea);
      if (sa && sb && (HexDistance(l, low_c) == 1 || HexDistance(r, low_c) == 1)) {
        return Block(LosReason::kBehindScreen, a, b);
      }
      return true;
    }
    bool sa = Solid(a, l), sb = Solid(b, r);
    if (sa && sb) return Block(LosReason::kBlockingPair, a, b);
    if (pair == Pair::kLow && (T(a) & kLosLevel1) && (T(b) & kLosLevel1)) {
      // 7.3 with 7.1 a: along the common side of two hill hexes the line passes through the
      // hill; it goes up and down the crests that meet at the two ends of that hexside, which
      // block unless they are sides of the firer's or the target's hex.
      const HexCoord next = l + r - last;
      for (HexCoord end : {last, next}) {
        if (end == from_c || end == to_c) continue;
        int e = layout.Find(end);
        if (e < 0) continue;
        for (HexCoord side : {l, r}) {
          int d = DirTo(end, side);
          if ((crest[static_cast<size_t>(e)] >> d) & 1) {
            return Block(LosReason::kCrest, e, layout.Find(side));
          }
        }
      }
    }
    // a grazed pair counts as the less obstructing of its two hexes: one rough hex if
    // both are rough/wreck (or one of them blocking), nothing otherwise.
    if ((sa || Counts(a)) && (sb || Counts(b))) return AddRough(b, a);
    return true;
  }

  bool Cross(HexCoord p, HexCoord q, int dir, bool /*at_vertex*/) {
    if (pair == Pair::kHigh) return true;  // 7.2: crests never block when both are on hills
    int i = layout.Find(p);
    int j = layout.Find(q);
    bool is_crest = false;
    if (i >= 0) {
      is_crest = (crest[static_cast<size_t>(i)] >> dir) & 1;
    } else if (j >= 0) {
      is_crest = (crest[static_cast<size_t>(j)] >> OppositeDir(dir)) & 1;
    }
    if (!is_crest) return true;
    // 7.1 a / 7.2: a crest the firer or the target is adjacent to (a side of its hex) does not
    // block.
    const bool p_end = p == from_c || p == to_c, q_end = q == from_c || q == to_c;
    if (p_end || q_end) return true;
    // Mixed pair: the rim of an intervening hill hex is reported as that hill (7.2 "a hill
    // between"), which blocks anyway; the crest rule itself then matters only for crests drawn
    // elsewhere.
    if (pair == Pair::kMixed && ((T(i) & kLosLevel1) || (T(j) & kLosLevel1))) return true;
    return Block(LosReason::kCrest, i, j);
  }
};

}  // namespace

LosResult LosMap::Check(int from, int to, std::span<const uint8_t> markers,
                        const LosOptions& options) const {
  LosResult r;
  r.firer_level = Level(from);
  r.target_level = Level(to);
  if (from == to) {
    r.reason = LosReason::kSameHex;
    return r;
  }
  const HexCoord fc = layout_->coord(from), tc = layout_->coord(to);
  if (options.adjacent_always_clear && HexDistance(fc, tc) == 1) {
    r.reason = LosReason::kAdjacent;  // 7.0: always into an adjacent hex
    return r;
  }
  auto marker = [&](int i) {
    return static_cast<size_t>(i) < markers.size() ? markers[static_cast<size_t>(i)] : 0;
  };
  if (options.smoke_blocks_end_hexes) {
    // 11.2.2 "into ... and out of" the smoke area.
    for (int end : {from, to}) {
      if (marker(end) & kLosSmokeArea) {
        r.clear = false;
        r.reason = LosReason::kSmoke;
        r.hex = end;
        return r;
      }
    }
  }
  Pair pair;
  if (options.reciprocal) {
    pair =
        r.firer_level == r.target_level ? (r.firer_level ? Pair::kHigh : Pair::kLow) : Pair::kMixed;
  } else {
    // Literal reading: the firer's level chooses the rule (7.1 from level 0, 7.2 from level 1).
    pair = r.firer_level == 0 ? Pair::kLow : (r.target_level ? Pair::kHigh : Pair::kMixed);
  }
  LosWalker w{*layout_,
              terrain_,
              crest_,
              markers,
              options,
              pair,
              from,
              to,
              fc,
              tc,
              r.firer_level == 0 ? fc : tc,
              0,
              -1,
              r,
              fc};
  TraceSightLine(fc, tc, w);
  return w.result;
}

std::string LosMap::Explain(int from, int to, const LosResult& r) const {
  const HexLayout& L = *layout_;
  std::string head = fmt::format("LOS {} (level {}) -> {} (level {})", L.Name(from), r.firer_level,
                                 L.Name(to), r.target_level);
  const char* rule = LosRule(r.reason, r.firer_level, r.target_level);
  auto name = [&](int i) { return L.Name(i); };
  switch (r.reason) {
    case LosReason::kClear:
      return fmt::format("{} clear: nothing blocks the centre line ({})", head, rule);
    case LosReason::kSameHex:
      return fmt::format("{} clear: same hex ({})", head, rule);
    case LosReason::kAdjacent:
      return fmt::format("{} clear: adjacent hexes can always be fired into ({})", head, rule);
    case LosReason::kBlockingHex:
      return fmt::format("{} blocked: the line crosses blocking hex {} ({})", head, name(r.hex),
                         rule);
    case LosReason::kBlockingPair:
      return fmt::format(
          "{} blocked: the line runs along the common hexside of blocking hexes "
          "{} and {} ({})",
          head, name(r.hex), name(r.hex2), rule);
    case LosReason::kTwoRough:
      return fmt::format("{} blocked: 2 or more rough/wreck{} hexes, {} and {} ({})", head,
                         r.firer_level && r.target_level ? "/hill" : "", name(r.hex2), name(r.hex),
                         rule);
    case LosReason::kCrest:
      return fmt::format(
          "{} blocked: crosses the hill crest between {} and {}, adjacent to "
          "neither unit ({})",
          head, name(r.hex), name(r.hex2), rule);
    case LosReason::kBehindScreen:
      return fmt::format("{} blocked: the level-0 unit is directly behind woods/city {}{} ({})",
                         head, name(r.hex),
                         r.hex2 >= 0 ? " (hexside pair with " + name(r.hex2) + ")" : "", rule);
    case LosReason::kHillBetween:
      return fmt::format("{} blocked: hill {}{} lies between the level-1 and the level-0 unit ({})",
                         head, name(r.hex),
                         r.hex2 >= 0 ? " (hexside pair with " + name(r.hex2) + ")" : "", rule);
    case LosReason::kSmoke:
      return fmt::format("{} blocked: smoke area at {} ({})", head, name(r.hex), rule);
  }
  return head;
}

}  // namespace feldherr
