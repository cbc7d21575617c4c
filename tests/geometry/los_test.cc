// Line of sight (geometry/los.h): the exact sight-line tracer against a brute-force rational
// clipper, and one small drawn map per sentence of WSR 7.0-7.3 (and 11.2.2 smoke) with the
// recommended reading of each LOS ambiguity (A-17 .. A-21, A-25).
//
// Drawn maps live on a single sheet A. Terrain tokens as in docs/rules/wsr-maps.md §2.1:
//   .  clear        W  woods (blocks level-0 pairs; screen for 7.2)
//   C  city         R  rough
//   h  hill (lvl 1) H  wooded hill (level 1, blocks like woods and for level-1 pairs)
// Markers: x wreck, s smoke marker. Most maps are one column (north up), e.g.
//   K03 firer(.)  K04 .  K05 W  K06 .  K07 .  K08 target(.)
// written as Board b{"K05 W"} with the firer and target named in the check.
#include "geometry/los.h"

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <cstdint>
#include <set>
#include <sstream>
#include <string>
#include <utility>

namespace feldherr {
namespace {

// ---------------------------------------------------------------------------------------------
// Brute force: which hexes' interiors does the open segment cross, along which hexsides does it
// run? Rational clipping of the segment against the six open half-planes of each hexagon.
// ---------------------------------------------------------------------------------------------

struct Frac {
  int64_t n, d;  // d > 0
};
bool Less(Frac a, Frac b) {
  return a.n * b.d < b.n * a.d;
}

struct Brute {
  std::set<std::pair<int, int>> interior;  // (C, Y), end hexes excluded
  std::set<std::pair<std::pair<int, int>, std::pair<int, int>>> along;  // ordered pairs
};

Brute BruteForce(HexCoord a, HexCoord b) {
  Brute out;
  const int64_t ax = 3 * a.c, ay = a.y, dx = 3 * (b.c - a.c), dy = b.y - a.y;
  int cmin = std::min(a.c, b.c) - 2, cmax = std::max(a.c, b.c) + 2;
  int ymin = std::min(a.y, b.y) - 3, ymax = std::max(a.y, b.y) + 3;
  for (int c = cmin; c <= cmax; ++c) {
    for (int y = ymin; y <= ymax; ++y) {
      if (((c + y) % 2 + 2) % 2 != 1) continue;
      HexCoord h{c, y};
      const int64_t cx = 3 * c, cy = y;
      Frac lo{0, 1}, hi{1, 1};
      bool empty = false;
      for (int k = 0; k < 6; ++k) {
        int k1 = (k + 1) % 6;
        int64_t vx = cx + kVertexX[k], vy = cy + kVertexY[k];
        int64_t ex = kVertexX[k1] - kVertexX[k], ey = kVertexY[k1] - kVertexY[k];
        int64_t sigma = (ex * (cy - vy) - ey * (cx - vx)) > 0 ? 1 : -1;  // interior side
        int64_t alpha = sigma * (ex * (ay - vy) - ey * (ax - vx));
        int64_t beta = sigma * (ex * dy - ey * dx);
        // alpha + beta t > 0
        if (beta == 0) {
          if (alpha <= 0) empty = true;
        } else if (beta > 0) {
          Frac f{-alpha, beta};
          if (Less(lo, f)) lo = f;
        } else {
          Frac f{alpha, -beta};
          if (Less(f, hi)) hi = f;
        }
        // Along: both ends of hexside k on the line, overlapping the segment with positive
        // length.
        int64_t wx = cx + kVertexX[k1], wy = cy + kVertexY[k1];
        auto on = [&](int64_t px, int64_t py) { return dx * (py - ay) - dy * (px - ax) == 0; };
        if (on(vx, vy) && on(wx, wy)) {
          int64_t dd = dx * dx + dy * dy;
          int64_t t1 = (vx - ax) * dx + (vy - ay) * dy, t2 = (wx - ax) * dx + (wy - ay) * dy;
          int64_t tmin = std::max<int64_t>(std::min(t1, t2), 0);
          int64_t tmax = std::min<int64_t>(std::max(t1, t2), dd);
          if (tmin < tmax) {
            HexCoord n = h.Neighbour(k);
            auto p = std::make_pair(c, y), q = std::make_pair(n.c, n.y);
            out.along.insert(p < q ? std::make_pair(p, q) : std::make_pair(q, p));
          }
        }
      }
      if (!empty && Less(lo, hi) && !(h == a) && !(h == b)) out.interior.insert({c, y});
    }
  }
  return out;
}

void ExpectTraceMatchesBruteForce(HexCoord a, HexCoord b) {
  SightLine line = TraceSightLine(a, b);
  Brute brute = BruteForce(a, b);
  std::set<std::pair<int, int>> hexes;
  for (HexCoord h : line.Hexes()) hexes.insert({h.c, h.y});
  EXPECT_EQ(hexes, brute.interior);
  EXPECT_EQ(line.Hexes().size(), hexes.size()) << "a hex reported twice";
  std::set<std::pair<std::pair<int, int>, std::pair<int, int>>> along;
  for (auto [l, r] : line.Alongs()) {
    auto p = std::make_pair(l.c, l.y), q = std::make_pair(r.c, r.y);
    along.insert(p < q ? std::make_pair(p, q) : std::make_pair(q, p));
  }
  EXPECT_EQ(along, brute.along);
  // Every crossing leaves the previous interior hex into an adjacent one.
  HexCoord last = a;
  bool after_along = false;
  for (const auto& s : line.steps) {
    if (s.kind == SightLine::Step::kCross) {
      EXPECT_FALSE(after_along);
      EXPECT_EQ(s.a, last);
      EXPECT_EQ(s.a.Neighbour(s.dir), s.b);
    } else if (s.kind == SightLine::Step::kHex) {
      last = s.a;
      after_along = false;
    } else {
      after_along = true;
    }
  }
}

TEST(SightLine, WSR_7_3_TraceMatchesBruteForceOnEveryPairOfASmallArea) {
  // Every pair of hexes within a 9 x 9 block of sheet A, all directions and edge cases.
  HexLayout layout = HexLayout::Single('A');
  std::vector<HexCoord> area;
  for (int i = 0; i < layout.size(); ++i) {
    HexCoord h = layout.coord(i);
    if (h.c >= 6 && h.c <= 14 && h.y >= 4 && h.y <= 20) area.push_back(h);
  }
  for (HexCoord a : area) {
    for (HexCoord b : area) ExpectTraceMatchesBruteForce(a, b);
  }
}

RC_GTEST_PROP(SightLineProperties, TraceMatchesBruteForceAndIsReversible, ()) {
  auto gen = [] {
    int c = *rc::gen::inRange(-3, 45);
    int y = *rc::gen::inRange(-3, 50);
    if (((c + y) % 2 + 2) % 2 == 0) ++y;
    return HexCoord{c, y};
  };
  HexCoord a = gen(), b = gen();
  SightLine line = TraceSightLine(a, b);
  Brute brute = BruteForce(a, b);
  std::set<std::pair<int, int>> hexes;
  for (HexCoord h : line.Hexes()) hexes.insert({h.c, h.y});
  RC_ASSERT(hexes == brute.interior);
  RC_ASSERT(line.Alongs().size() == brute.along.size());
  // The reverse line visits the same hexes in reverse order.
  std::vector<HexCoord> fwd = line.Hexes(), back = TraceSightLine(b, a).Hexes();
  std::reverse(back.begin(), back.end());
  RC_ASSERT(fwd == back);
}

// ---------------------------------------------------------------------------------------------
// Drawn maps
// ---------------------------------------------------------------------------------------------

class Board {
 public:
  // "K05 W, L05 L06 C, K07 x": hex lists each followed by a terrain or marker token.
  explicit Board(const std::string& drawing = "") : los_(layout_) {
    markers_.assign(static_cast<size_t>(layout_.size()), 0);
    Draw(drawing);
  }
  Board(const Board&) = delete;

  void Draw(const std::string& drawing) {
    std::istringstream in(drawing);
    std::vector<int> pending;
    std::string tok;
    while (in >> tok) {
      if (tok.back() == ',') tok.pop_back();
      if (tok.size() == 1) {
        for (int h : pending) Apply(h, tok[0]);
        pending.clear();
      } else if (!tok.empty()) {
        pending.push_back(layout_.Index(tok));
      }
    }
    ASSERT_TRUE(pending.empty()) << "hexes without a token in '" << drawing << "'";
    los_.SetCrestsAtLevelChanges();
    MarkSmokeAreas(layout_, markers_);
  }
  // An extra crest hexside drawn on the map (A-21: crests are map data).
  void Crest(const char* hex, int dir) { los_.SetCrest(layout_.Index(hex), dir); }
  void SetMarker(const char* hex, uint8_t m) { markers_[static_cast<size_t>(Index(hex))] |= m; }

  LosResult Check(const char* from, const char* to, const LosOptions& o = {}) const {
    return los_.Check(Index(from), Index(to), markers_, o);
  }
  bool Clear(const char* from, const char* to, const LosOptions& o = {}) const {
    bool there = Check(from, to, o).clear;
    if (o.reciprocal) {
      EXPECT_EQ(there, Check(to, from, o).clear)
          << "LOS " << from << " <-> " << to << " is not reciprocal (A-18)";
    }
    return there;
  }
  std::string Explain(const char* from, const char* to) const {
    return los_.Explain(Index(from), Index(to), Check(from, to));
  }
  int Index(const char* hex) const { return layout_.Index(hex); }
  std::string Name(int i) const { return layout_.Name(i); }
  const LosMap& los() const { return los_; }

 private:
  void Apply(int h, char token) {
    switch (token) {
      case '.':
        los_.SetTerrain(h, 0);
        break;
      case 'W':
        los_.SetTerrain(h, kLosBlocks0 | kLosScreen);
        break;
      case 'C':
        los_.SetTerrain(h, kLosBlocks0 | kLosBlocks1 | kLosScreen);
        break;
      case 'R':
        los_.SetTerrain(h, kLosRough);
        break;
      case 'h':
        los_.SetTerrain(h, kLosLevel1);
        break;
      case 'H':
        los_.SetTerrain(h, kLosLevel1 | kLosBlocks0 | kLosBlocks1);
        break;
      case 'x':
        markers_[static_cast<size_t>(h)] |= kLosWreck;
        break;
      case 's':
        markers_[static_cast<size_t>(h)] |= kLosSmoke;
        break;
      default:
        FAIL() << "unknown token " << token;
    }
  }
  HexLayout layout_ = HexLayout::Single('A');
  LosMap los_;
  std::vector<uint8_t> markers_;
};

// --- WSR 7.0 ---

TEST(WsrLos, WSR_7_0_AdjacentHexCanAlwaysBeFiredInto) {
  // K05 W  K06 W, a smoke marker in K05 (A-25: adjacent fire stays allowed).
  Board b("K05 K06 W, K05 s");
  LosResult r = b.Check("K05", "K06");
  EXPECT_TRUE(r.clear);
  EXPECT_EQ(r.reason, LosReason::kAdjacent);
  EXPECT_TRUE(b.Clear("K06", "K05"));
  LosOptions strict;
  strict.adjacent_always_clear = false;
  EXPECT_FALSE(b.Check("K05", "K06", strict).clear);  // the smoke then blocks
}

TEST(WsrLos, WSR_7_0_UnitsInHillOrWoodedHillHexesAreAtLevel1) {
  Board b("K03 h, K04 H, K05 W, K06 C, K07 R");
  EXPECT_EQ(b.los().Level(b.Index("K03")), 1);
  EXPECT_EQ(b.los().Level(b.Index("K04")), 1);
  EXPECT_EQ(b.los().Level(b.Index("K05")), 0);
  EXPECT_EQ(b.los().Level(b.Index("K06")), 0);
  EXPECT_EQ(b.los().Level(b.Index("K07")), 0);
  LosResult r = b.Check("K03", "K09");
  EXPECT_EQ(r.firer_level, 1);
  EXPECT_EQ(r.target_level, 0);
}

TEST(WsrLos, WSR_7_0_TerrainInFirerAndTargetHexNeverAffectsLos) {
  // K03 W(firer)  K04 .  K05 R  K06 .  K07 .  K08 C(target)
  Board b("K03 W, K08 C, K05 R");
  EXPECT_TRUE(b.Clear("K03", "K08"));
  // Rough in both end hexes does not count toward "2 or more" (one rough between).
  Board r("K03 R, K08 R, K05 R");
  EXPECT_TRUE(r.Clear("K03", "K08"));
  // Wooded hill to wooded hill with open ground between.
  Board h("K03 H, K08 H");
  EXPECT_TRUE(h.Clear("K03", "K08"));
  // Wrecks in the end hexes neither.
  Board x("K03 K08 x, K06 R");
  EXPECT_TRUE(x.Clear("K03", "K08"));
}

// --- WSR 7.1 ---

TEST(WsrLos, WSR_7_1a_WoodsHexBetweenLevel0UnitsBlocks) {
  // K03 firer  K04 .  K05 W  K06 .  K07 .  K08 target
  Board b("K05 W");
  LosResult r = b.Check("K03", "K08");
  EXPECT_FALSE(r.clear);
  EXPECT_EQ(r.reason, LosReason::kBlockingHex);
  EXPECT_EQ(b.Name(r.hex), "A-K05");
  EXPECT_FALSE(b.Clear("K08", "K03"));
  // A line that misses the woods: I03 -> I08 in the next column but one.
  EXPECT_TRUE(b.Clear("I03", "I08"));
}

TEST(WsrLos, WSR_7_1a_CityOrWoodedHillHexBetweenLevel0UnitsBlocks) {
  Board c("K06 C");
  EXPECT_EQ(c.Check("K03", "K08").reason, LosReason::kBlockingHex);
  Board h("K06 H");
  EXPECT_FALSE(h.Clear("K03", "K08"));
}

TEST(WsrLos, WSR_7_1a_A17_WoodsAdjacentToFirerOrTargetStillBlocks) {
  // K03 firer  K04 W  ...  K08 target: the adjacency clause covers the hill crest only (A-17).
  Board b("K04 W");
  EXPECT_FALSE(b.Clear("K03", "K08"));
  Board t("K07 C");
  EXPECT_FALSE(t.Clear("K03", "K08"));
  LosOptions literal;
  literal.crest_only_adjacency = false;  // the alternative reading
  EXPECT_TRUE(b.Clear("K03", "K08", literal));
  EXPECT_TRUE(t.Clear("K03", "K08", literal));
  Board m("K05 W");
  EXPECT_FALSE(m.Clear("K03", "K08", literal));
}

TEST(WsrLos, WSR_7_1a_HillCrestAdjacentToNeitherUnitBlocks) {
  // K03 firer  K04 .  K05 h  K06 h  K07 .  K08 target. Crests K04|K05 and K06|K07 are sides
  // of neither end hex.
  Board b("K05 K06 h");
  LosResult r = b.Check("K03", "K08");
  EXPECT_FALSE(r.clear);
  EXPECT_EQ(r.reason, LosReason::kCrest);
  EXPECT_EQ(b.Name(r.hex), "A-K04");
  EXPECT_EQ(b.Name(r.hex2), "A-K05");
  EXPECT_NE(b.Explain("K03", "K08").find("WSR 7.1 a"), std::string::npos);
}

TEST(WsrLos, WSR_7_1a_HillCrestAdjacentToFirerOrTargetDoesNotBlock) {
  // K03 firer  K04 h  K05 h  K06 target: crest K03|K04 is a side of the firer's hex, crest
  // K05|K06 a side of the target's hex.
  Board b("K04 K05 h");
  EXPECT_TRUE(b.Clear("K03", "K06"));
  // Target one hex further: crest K05|K06 is adjacent to neither K03 nor K07.
  EXPECT_FALSE(b.Clear("K03", "K07"));
  // A single hill hex between two adjacent-to-it units.
  Board one("K04 h");
  EXPECT_TRUE(one.Clear("K03", "K05"));
}

TEST(WsrLos, WSR_7_1b_TwoOrMoreRoughHexesBlock) {
  // K03 firer  K04 R  K05 .  K06 R  K07 .  K08 target
  Board two("K04 K06 R");
  LosResult r = two.Check("K03", "K08");
  EXPECT_FALSE(r.clear);
  EXPECT_EQ(r.reason, LosReason::kTwoRough);
  EXPECT_EQ(two.Name(r.hex), "A-K06");
  EXPECT_EQ(two.Name(r.hex2), "A-K04");
  Board one("K04 R");
  EXPECT_TRUE(one.Clear("K03", "K08"));
}

TEST(WsrLos, WSR_7_1b_RoughAndWreckHexesInAnyCombinationBlock) {
  Board mixed("K04 R, K06 x");
  EXPECT_EQ(mixed.Check("K03", "K08").reason, LosReason::kTwoRough);
  Board wrecks("K04 K07 x");
  EXPECT_FALSE(wrecks.Clear("K03", "K08"));
  Board one("K05 x");
  EXPECT_TRUE(one.Clear("K03", "K08"));
  // Wreck and rough in the same hex count once.
  Board same("K05 R, K05 x");
  EXPECT_TRUE(same.Clear("K03", "K08"));
}

// --- WSR 7.2 ---

TEST(WsrLos, WSR_7_2_Level1FirerCannotFireAcrossACrest) {
  // K02 h firer (level 1), K03-K08 level 0, K09 target. A crest line drawn on hexside K05|K06
  // (crests are map data, A-21) is adjacent to neither unit.
  Board b("K02 h");
  b.Crest("K05", kSouth);
  LosResult r = b.Check("K02", "K09");
  EXPECT_FALSE(r.clear);
  EXPECT_EQ(r.reason, LosReason::kCrest);
  EXPECT_NE(b.Explain("K02", "K09").find("WSR 7.2"), std::string::npos);
  // The crest of the firer's own hill hex (K02|K03) is adjacent to the firer: no block.
  Board own("K02 h");
  EXPECT_TRUE(own.Clear("K02", "K09"));
  // A crest on a side of the target's hex does not block either.
  Board tgt("K02 h");
  tgt.Crest("K08", kSouth);
  EXPECT_TRUE(tgt.Clear("K02", "K09"));
}

TEST(WsrLos, WSR_7_2_CrestDoesNotBlockWhenTargetIsAlsoOnAHill) {
  Board b("K02 K09 h");
  b.Crest("K05", kSouth);
  EXPECT_TRUE(b.Clear("K02", "K09"));
}

TEST(WsrLos, WSR_7_2_BothOnHillsWoodedHillOrCityBetweenBlocks) {
  // K02 h firer  K03 .  K04 .  K05 ?  K06 .  K07 .  K08 h target
  Board wooded_hill("K02 K08 h, K05 H");
  EXPECT_EQ(wooded_hill.Check("K02", "K08").reason, LosReason::kBlockingHex);
  Board city("K02 K08 h, K05 C");
  EXPECT_FALSE(city.Clear("K02", "K08"));
  // Plain woods do not block two level-1 units.
  Board woods("K02 K08 h, K05 W");
  EXPECT_TRUE(woods.Clear("K02", "K08"));
  // Along the common side of a city and a wooded hill: blocked (7.3).
  Board pair("K05 M05 h, L05 C, L06 H");
  EXPECT_EQ(pair.Check("K05", "M05").reason, LosReason::kBlockingPair);
}

TEST(WsrLos, WSR_7_2_BothOnHillsTwoHillRoughOrWreckHexesBlock_A19) {
  // A plateau K02-K06 (all h): two hill hexes between K02 and K05 block (A-19, literal).
  Board plateau("K02 K03 K04 K05 K06 h");
  LosResult r = plateau.Check("K02", "K05");
  EXPECT_FALSE(r.clear);
  EXPECT_EQ(r.reason, LosReason::kTwoRough);
  EXPECT_TRUE(plateau.Clear("K02", "K04"));  // one hill hex between
  LosOptions no_hills;
  no_hills.hills_count_between_level1 = false;  // the alternative reading
  EXPECT_TRUE(plateau.Clear("K02", "K05", no_hills));
  // Hill + rough, rough + wreck.
  Board hill_rough("K02 K03 K07 h, K05 R");
  EXPECT_FALSE(hill_rough.Clear("K02", "K07"));
  Board rough_wreck("K02 K07 h, K04 R, K05 x");
  EXPECT_FALSE(rough_wreck.Clear("K02", "K07"));
  Board single("K02 K07 h, K04 R");
  EXPECT_TRUE(single.Clear("K02", "K07"));
}

TEST(WsrLos, WSR_7_2_Level0TargetDirectlyBehindWoodsOrCityIsHiddenFromLevel1) {
  // K02 h firer  K03 .. K06 .  K07 W  K08 target (level 0): the line crosses K07 just
  // before reaching the target.
  Board woods("K02 h, K07 W");
  LosResult r = woods.Check("K02", "K08");
  EXPECT_FALSE(r.clear);
  EXPECT_EQ(r.reason, LosReason::kBehindScreen);
  EXPECT_EQ(woods.Name(r.hex), "A-K07");
  Board city("K02 h, K07 C");
  EXPECT_FALSE(city.Clear("K02", "K08"));
  // Woods further from the target do not screen it from level 1 (A-18).
  Board far("K02 h, K05 W");
  EXPECT_TRUE(far.Clear("K02", "K08"));
  // Woods next to the target but off the line do not count: "crosses ... before reaching".
  Board beside("K02 h, J08 L08 W");
  EXPECT_TRUE(beside.Clear("K02", "K08"));
  // Woods beyond the target (K09) do not count either.
  Board beyond("K02 h, K09 W");
  EXPECT_TRUE(beyond.Clear("K02", "K08"));
}

TEST(WsrLos, WSR_7_2_HillBetweenLevel1FirerAndLevel0TargetBlocks) {
  // K02 h firer  K03 .  K04 .  K05 h  K06 .  K07 .  K08 target
  Board b("K02 K05 h");
  LosResult r = b.Check("K02", "K08");
  EXPECT_FALSE(r.clear);
  EXPECT_EQ(r.reason, LosReason::kHillBetween);
  EXPECT_EQ(b.Name(r.hex), "A-K05");
  // A broad hill (maps §2.2): from its rim K04 the unit sees down the slope; from the interior
  // K03 the rim hex K04 is a hill between.
  Board broad("K02 K03 K04 J03 J04 L03 L04 h");
  EXPECT_TRUE(broad.Clear("K04", "K09"));
  EXPECT_EQ(broad.Check("K03", "K09").reason, LosReason::kHillBetween);
}

TEST(WsrLos, WSR_7_2_A18_LosIsReciprocalBetweenLevels) {
  // Level-0 firer K08 and level-1 target K02: the 7.2 rules apply whichever unit fires.
  Board behind("K02 h, K07 W");
  EXPECT_FALSE(behind.Clear("K08", "K02"));
  EXPECT_EQ(behind.Check("K08", "K02").reason, LosReason::kBehindScreen);
  Board far("K02 h, K05 W");
  EXPECT_TRUE(far.Clear("K08", "K02"));
  // Literal reading: a level-0 firer uses 7.1, so the woods at K05 block its fire.
  LosOptions literal;
  literal.reciprocal = false;
  EXPECT_FALSE(far.Check("K08", "K02", literal).clear);
  EXPECT_TRUE(far.Check("K02", "K08", literal).clear);
}

// --- WSR 7.3 ---

TEST(WsrLos, WSR_7_3_LineRunsFromCentreToCentre) {
  HexLayout a = HexLayout::Single('A');
  auto names = [&](const SightLine& line) {
    std::vector<std::string> out;
    for (const auto& s : line.steps) {
      HexId id;
      if (s.kind == SightLine::Step::kHex && a.IdAt(s.a, &id)) out.push_back(id.ToString());
      if (s.kind == SightLine::Step::kAlong && a.IdAt(s.a, &id)) {
        HexId other;
        a.IdAt(s.b, &other);
        out.push_back(id.ToString() + "|" + other.ToString());
      }
    }
    return out;
  };
  auto line = [&](const char* x, const char* y) {
    return TraceSightLine(a.coord(a.Index(x)), a.coord(a.Index(y)));
  };
  // Straight down a column.
  EXPECT_EQ(names(line("K03", "K08")),
            (std::vector<std::string>{"A-K04", "A-K05", "A-K06", "A-K07"}));
  // K02 -> L07: passes K03, the vertex K03/K04/L04 (L04 only touched), K04, L05, the vertex
  // L05/L06/K05 (K05 only touched), L06.
  SightLine kl = line("K02", "L07");
  EXPECT_EQ(names(kl), (std::vector<std::string>{"A-K03", "A-K04", "A-L05", "A-L06"}));
  int vertex_crossings = 0;
  for (const auto& s : kl.steps)
    vertex_crossings += s.kind == SightLine::Step::kCross && s.at_vertex;
  EXPECT_EQ(vertex_crossings, 2);
  // West to east along a row: alternately along a hexside and through a hex centre.
  EXPECT_EQ(names(line("K05", "O05")),
            (std::vector<std::string>{"A-L05|A-L06", "A-M05", "A-N05|A-N06"}));
}

TEST(WsrLos, WSR_7_3_WholeHexBlocksWhereverTheLineCrossesIt) {
  // K02 -> L07 crosses L05 (blocked) but only touches K05 and L04 at a vertex (clear).
  Board crossed("L05 W");
  EXPECT_EQ(crossed.Check("K02", "L07").reason, LosReason::kBlockingHex);
  Board touched("K05 L04 W");
  EXPECT_TRUE(touched.Clear("K02", "L07"));
}

TEST(WsrLos, WSR_7_3_LineAlongOneBlockingHexsideDoesNotBlock) {
  // K05 firer, M05 target: the line runs exactly along hexside L05|L06.
  Board woods("L05 W");
  EXPECT_TRUE(woods.Clear("K05", "M05"));
  Board city("L06 C");
  EXPECT_TRUE(city.Clear("K05", "M05"));
  EXPECT_EQ(city.Check("K05", "M05").reason, LosReason::kClear);
}

TEST(WsrLos, WSR_7_3_LineAlongCommonHexsideOfTwoBlockingHexesBlocks) {
  Board b("L05 W, L06 C");
  LosResult r = b.Check("K05", "M05");
  EXPECT_FALSE(r.clear);
  EXPECT_EQ(r.reason, LosReason::kBlockingPair);
  EXPECT_EQ(b.Name(r.hex), "A-L05");
  EXPECT_EQ(b.Name(r.hex2), "A-L06");
  EXPECT_NE(b.Explain("K05", "M05").find("WSR 7.3"), std::string::npos);
  EXPECT_FALSE(b.Clear("M05", "K05"));
}

TEST(WsrLos, WSR_7_3_A20_SecondRoughHexCountsAsBlockingForTheHexsideRule) {
  // K05 -> O05: along L05|L06, through M05, along N05|N06.
  Board pair_alone("L05 L06 R");  // a rough/rough pair counts as one rough hex
  EXPECT_TRUE(pair_alone.Clear("K05", "O05"));
  Board pair_and_hex("L05 L06 R, M05 R");
  EXPECT_EQ(pair_and_hex.Check("K05", "O05").reason, LosReason::kTwoRough);
  Board two_pairs("L05 L06 N05 N06 R");
  EXPECT_FALSE(two_pairs.Clear("K05", "O05"));
  // Rough + woods grazed: counts as one rough hex (the less obstructing of the two).
  Board rough_woods("L05 R, L06 W, M05 R");
  EXPECT_FALSE(rough_woods.Clear("K05", "O05"));
  // Rough + wreck pair counts too.
  Board rough_wreck("L05 R, L06 x, M05 x");
  EXPECT_FALSE(rough_wreck.Clear("K05", "O05"));
  // A single grazed rough hex counts for nothing.
  Board single("L05 R, M05 R");
  EXPECT_TRUE(single.Clear("K05", "O05"));
}

TEST(WsrLos, WSR_7_3_LineAlongACrestHexsideDoesNotCrossIt) {
  Board b;
  b.Crest("L05", kSouth);  // crest on L05|L06, which the line K05 -> M05 runs along
  EXPECT_TRUE(b.Clear("K05", "M05"));
  Board across;
  across.Crest("K05", kSouth);  // K05|K06, crossed by K03 -> K08, adjacent to neither
  EXPECT_FALSE(across.Clear("K03", "K08"));
}

TEST(WsrLos, WSR_7_3_LineAlongTheCommonSideOfTwoHillHexesPassesThroughTheHill) {
  // K05 -> M05 along L05|L06, both hill: the crests at the ends of that hexside are sides of
  // K05 and M05, so two level-0 units at the foot of the hill on either side see each other
  // (as over a single hill hex, 7.1 a).
  Board near("L05 L06 h");
  EXPECT_TRUE(near.Clear("K05", "M05"));
  // K05 -> O05: leaving the hill into M05 crosses crests L05|M05 and L06|M05, adjacent to
  // neither unit.
  Board far("L05 L06 h");
  LosResult r = far.Check("K05", "O05");
  EXPECT_FALSE(r.clear);
  EXPECT_EQ(r.reason, LosReason::kCrest);
  EXPECT_EQ(far.Name(r.hex), "A-M05");
  // Along one hill hex only: the line grazes it and crosses no crest.
  Board one("L05 h");
  EXPECT_TRUE(one.Clear("K05", "O05"));
}

TEST(WsrLos, WSR_7_2_A21_CrestsAreTheHexsidesBetweenLevel1AndLevel0Hexes) {
  Board b("K05 h, K06 H");
  const LosMap& los = b.los();
  int k05 = b.Index("K05"), k06 = b.Index("K06"), k07 = b.Index("K07");
  for (int d = 0; d < kHexDirs; ++d) {
    // K05's sides are all crests except the one it shares with the wooded hill K06.
    EXPECT_EQ(los.Crest(k05, d), d != kSouth) << DirName(d);
    EXPECT_EQ(los.Crest(k06, d), d != kNorth) << DirName(d);
  }
  EXPECT_TRUE(los.Crest(k07, kNorth));  // seen from the level-0 side as well
  EXPECT_FALSE(los.Crest(k07, kSouth));
}

TEST(WsrLos, WSR_11_2_2_SmokeBlocksIntoThroughAndOutOfItsHexAndNeighbours_A25) {
  // Smoke marker in K06: K05..K07 and the four side neighbours form the smoke area.
  Board b("K06 s");
  EXPECT_EQ(b.Check("K03", "K09").reason, LosReason::kSmoke);  // through
  EXPECT_FALSE(b.Clear("K07", "K10"));                         // out of (K07 is adjacent)
  EXPECT_FALSE(b.Clear("K02", "K05"));                         // into
  EXPECT_TRUE(b.Clear("K06", "K07"));                          // adjacent: always (A-25)
  EXPECT_TRUE(b.Clear("I03", "I09"));                          // elsewhere
  EXPECT_TRUE(b.Clear("K02", "K04"));
  LosOptions through_only;
  through_only.smoke_blocks_end_hexes = false;
  EXPECT_TRUE(b.Clear("K07", "K10", through_only));
  // Smoke on both sides of a grazed hexside blocks; on one side it does not (7.3).
  Board graze;
  graze.SetMarker("L05", kLosSmokeArea);
  EXPECT_TRUE(graze.Clear("K05", "M05"));
  graze.SetMarker("L06", kLosSmokeArea);
  EXPECT_EQ(graze.Check("K05", "M05").reason, LosReason::kSmoke);
}

TEST(WsrLos, ExplainNamesTheBlockingHexAndTheRule) {
  Board b("K05 W");
  EXPECT_EQ(b.Explain("K03", "K08"),
            "LOS A-K03 (level 0) -> A-K08 (level 0) blocked: the line crosses blocking hex "
            "A-K05 (WSR 7.1 a, 7.3)");
  EXPECT_EQ(b.Explain("K03", "K04"),
            "LOS A-K03 (level 0) -> A-K04 (level 0) clear: adjacent hexes can always be fired "
            "into (WSR 7.0)");
  Board r("K04 K06 R");
  EXPECT_EQ(r.Explain("K03", "K08"),
            "LOS A-K03 (level 0) -> A-K08 (level 0) blocked: 2 or more rough/wreck hexes, A-K04 "
            "and A-K06 (WSR 7.1 b)");
}

TEST(WsrLos, SightLineCrossesSheetSeams) {
  // B north of A (maps §1.6): B-K10 -> A-K02 runs through B-K11 and A-K01.
  HexLayout ab({{'B', 0, 0}, {'A', 0, 1}});
  LosMap los(ab);
  EXPECT_TRUE(los.Clear(ab.Index("B-K10"), ab.Index("A-K02")));
  los.SetTerrain(ab.Index("A-K01"), kLosBlocks0 | kLosScreen);
  LosResult r = los.Check(ab.Index("B-K10"), ab.Index("A-K03"));
  EXPECT_FALSE(r.clear);
  EXPECT_EQ(ab.Name(r.hex), "A-K01");
  // A slanting line across the seam of merged half hexes stays on the map.
  SightLine line = TraceSightLine(ab.coord(ab.Index("B-J11")), ab.coord(ab.Index("A-L02")));
  EXPECT_FALSE(line.Hexes().empty());
  for (HexCoord h : line.Hexes()) EXPECT_NE(ab.Find(h), HexLayout::kNone);
}

// --- properties ---

RC_GTEST_PROP(WsrLosProperties, LosIsSymmetric, ()) {
  // Random terrain on columns H-N of sheet A; LOS between any two hexes there is the same in
  // both directions: for equal levels by 7.1 / 7.2 themselves, for mixed levels by A-18.
  static const HexLayout layout = HexLayout::Single('A', 'H', 'N');
  LosMap los(layout);
  static const uint8_t kinds[] = {0,
                                  0,
                                  0,
                                  kLosBlocks0 | kLosScreen,
                                  kLosBlocks0 | kLosBlocks1 | kLosScreen,
                                  kLosRough,
                                  kLosLevel1,
                                  kLosLevel1 | kLosBlocks0 | kLosBlocks1};
  const auto terrain = *rc::gen::container<std::vector<int>>(static_cast<size_t>(layout.size()),
                                                             rc::gen::inRange(0, 8));
  for (int i = 0; i < layout.size(); ++i) los.SetTerrain(i, kinds[terrain[static_cast<size_t>(i)]]);
  los.SetCrestsAtLevelChanges();
  std::vector<uint8_t> markers(static_cast<size_t>(layout.size()), 0);
  const auto wrecks = *rc::gen::container<std::vector<int>>(4, rc::gen::inRange(0, layout.size()));
  for (int w : wrecks) markers[static_cast<size_t>(w)] |= kLosWreck;
  if (*rc::gen::inRange(0, 3) == 0) {
    markers[static_cast<size_t>(*rc::gen::inRange(0, layout.size()))] |= kLosSmoke;
    MarkSmokeAreas(layout, markers);
  }
  LosOptions literal;
  literal.reciprocal = false;
  for (int k = 0; k < 40; ++k) {
    int a = *rc::gen::inRange(0, layout.size());
    int b = *rc::gen::inRange(0, layout.size());
    LosResult ab = los.Check(a, b, markers), ba = los.Check(b, a, markers);
    RC_ASSERT(ab.clear == ba.clear);
    if (los.Level(a) == los.Level(b)) {
      RC_ASSERT(los.Check(a, b, markers, literal).clear == los.Check(b, a, markers, literal).clear);
    }
  }
}

}  // namespace
}  // namespace feldherr
