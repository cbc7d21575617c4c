// Hex ids, coordinates, neighbours, distance, layouts with merged seams, playable areas and map
// edges (geometry/hex.h, geometry/hex_map.h), checked against docs/rules/wsr-maps.md §1.
#include "geometry/hex.h"

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <set>
#include <string>

#include "geometry/hex_map.h"

namespace feldherr {
namespace {

std::set<std::string> Names(const HexLayout& layout, const std::vector<int>& hexes) {
  std::set<std::string> out;
  for (int h : hexes) out.insert(layout.Name(h));
  return out;
}

std::set<std::string> NeighbourNames(const HexLayout& layout, const char* id) {
  std::vector<int> n;
  for (int x : layout.Neighbours(layout.Index(id))) {
    if (x >= 0) n.push_back(x);
  }
  return Names(layout, n);
}

std::string ParseError(std::string_view text) {
  try {
    HexId::Parse(text);
  } catch (const HexIdError& e) {
    return e.what();
  }
  return "";
}

TEST(HexId, Maps_1_1_ParsesSheetQualifiedAndShortForms) {
  EXPECT_EQ(HexId::Parse("A-K08"), (HexId{'A', 11, 8}));
  EXPECT_EQ(HexId::Parse("A-K8"), (HexId{'A', 11, 8}));
  EXPECT_EQ(HexId::Parse("K08"), (HexId{0, 11, 8}));
  EXPECT_EQ(HexId::Parse("K8"), (HexId{0, 11, 8}));
  EXPECT_EQ(HexId::Parse("b-q04"), (HexId{'B', 17, 4}));
  // WSR A8 "AK7" = A-K07 (maps §1.1).
  EXPECT_EQ(HexId::Parse("AK7"), (HexId{'A', 11, 7}));
  EXPECT_EQ(HexId::Parse("A-K08").ToString(), "A-K08");
  EXPECT_EQ(HexId::Parse("K8").ToString(), "K08");
  EXPECT_EQ(HexId::Parse("D-T12").ToString(), "D-T12");
}

TEST(HexId, Maps_1_2_ErrorsNameTheBadId) {
  EXPECT_EQ(ParseError("A-V08"), "bad hex id 'A-V08': column V is not in A-U");
  // Odd columns hold rows 01-11, even columns 01-12 (maps §1.2).
  EXPECT_EQ(ParseError("A-K12"), "bad hex id 'A-K12': column K has rows 01-11 (odd column)");
  EXPECT_EQ(ParseError("J13"), "bad hex id 'J13': column J has rows 01-12 (even column)");
  EXPECT_EQ(ParseError("K00"), "bad hex id 'K00': column K has rows 01-11 (odd column)");
  EXPECT_NE(ParseError("A-K").find("'A-K'"), std::string::npos);
  EXPECT_NE(ParseError("").find("column letter"), std::string::npos);
  EXPECT_NE(ParseError("K123").find("'K123'"), std::string::npos);
  EXPECT_NE(ParseError("K0x").find("'x' is not a row digit"), std::string::npos);
  EXPECT_NE(ParseError("A-08").find("'A-08'"), std::string::npos);
  EXPECT_EQ(ParseError("T12"), "");
}

TEST(HexGrid, Maps_1_2_SheetHas241Hexes) {
  HexLayout a = HexLayout::Single('A');
  EXPECT_EQ(a.size(), 241);
  EXPECT_EQ(a.TryIndex("A-K12", nullptr), HexLayout::kNone);
  EXPECT_NE(a.TryIndex("A-J12", nullptr), HexLayout::kNone);
}

TEST(HexGrid, Maps_1_4_NeighbourExamples) {
  HexLayout a = HexLayout::Single('A');
  EXPECT_EQ(NeighbourNames(a, "P05"),
            (std::set<std::string>{"A-P04", "A-P06", "A-O04", "A-O05", "A-Q04", "A-Q05"}));
  EXPECT_EQ(NeighbourNames(a, "K10"),
            (std::set<std::string>{"A-K09", "A-K11", "A-J10", "A-J11", "A-L10", "A-L11"}));
  EXPECT_EQ(NeighbourNames(a, "K08"),
            (std::set<std::string>{"A-K07", "A-K09", "A-J08", "A-J09", "A-L08", "A-L09"}));
  // By direction: c even, (c-1, r-1) is north-west (maps §1.4).
  EXPECT_EQ(a.Name(a.Neighbour(a.Index("P05"), kNorthWest)), "A-O04");
  EXPECT_EQ(a.Name(a.Neighbour(a.Index("P05"), kSouthWest)), "A-O05");
  EXPECT_EQ(a.Name(a.Neighbour(a.Index("K10"), kSouthEast)), "A-L11");
  EXPECT_EQ(a.Name(a.Neighbour(a.Index("K10"), kNorth)), "A-K09");
  // Off-sheet neighbours do not exist.
  EXPECT_EQ(a.Neighbour(a.Index("A01"), kNorth), HexLayout::kNone);
  EXPECT_EQ(a.Neighbour(a.Index("K11"), kSouth), HexLayout::kNone);
  EXPECT_EQ(NeighbourNames(a, "A01"), (std::set<std::string>{"A-A02", "A-B01", "A-B02"}));
}

TEST(HexGrid, Maps_1_2_EvidenceForTheOffsetRule) {
  HexLayout a = HexLayout::Single('A');
  // A7 landing line: consecutive hexes are adjacent.
  const char* line[] = {"I11", "J11", "K10", "L11", "M10", "N11",
                        "O10", "P11", "Q10", "R11", "S10", "T10"};
  for (size_t i = 0; i + 1 < std::size(line); ++i) {
    EXPECT_TRUE(a.Adjacent(a.Index(line[i]), a.Index(line[i + 1]))) << line[i];
  }
  // A12: O05 and Q04 are exactly opposite around P05.
  int p05 = a.Index("P05");
  EXPECT_EQ(a.DirBetween(p05, a.Index("O05")), OppositeDir(a.DirBetween(p05, a.Index("Q04"))));
}

TEST(HexGrid, WSR_0_DistanceCountsTargetNotOrigin) {
  HexLayout a = HexLayout::Single('A');
  EXPECT_EQ(a.Distance(a.Index("K08"), a.Index("I09")), 2);
  EXPECT_EQ(a.Distance(a.Index("K10"), a.Index("L11")), 1);
  EXPECT_EQ(a.Distance(a.Index("K08"), a.Index("K08")), 0);
  EXPECT_EQ(a.Distance(a.Index("A01"), a.Index("U11")), 20);
  EXPECT_EQ(a.Distance(a.Index("K01"), a.Index("K11")), 10);
  // Maps §4.3: "within 3 hexes of E05" = 37 hexes; "within 3 of the bridge P07" = 37.
  EXPECT_EQ(a.WithinRange(a.Index("E05"), 3).size() + 1, 37u);
  EXPECT_EQ(a.WithinRange(a.Index("P07"), 3).size() + 1, 37u);
  // "within 2 hexes of K8": 19 hexes around it.
  EXPECT_EQ(a.WithinRange(a.Index("K08"), 2).size(), 18u);
}

TEST(HexGrid, Maps_1_4_AxialCoordinates) {
  HexCoord k08 = SheetCoord(HexId::Parse("K08"));
  EXPECT_EQ(k08, (HexCoord{11, 16}));
  EXPECT_EQ(ToAxial(k08), (Axial{10, 3}));
  EXPECT_EQ(FromAxial(ToAxial(k08)), k08);
  HexCoord l11 = SheetCoord(HexId::Parse("L11"));
  EXPECT_EQ(l11, (HexCoord{12, 21}));
}

TEST(HexLayout, Maps_1_5_NorthSouthJoinMergesHalfHexes) {
  // B2, A3, A8: B north of A (maps §1.6).
  HexLayout ab({{'B', 0, 0}, {'A', 0, 1}});
  EXPECT_EQ(ab.size(), 472);
  EXPECT_EQ(ab.Index("A-B01"), ab.Index("B-B12"));
  EXPECT_EQ(ab.Index("A-P01"), ab.Index("B-P12"));
  EXPECT_EQ(ab.Name(ab.Index("A-T01")), "B-T12");  // canonical: the north sheet
  EXPECT_EQ(ab.Aliases(ab.Index("A-R01")).size(), 2u);
  EXPECT_EQ(ab.Aliases(ab.Index("A-R01"))[1], HexId::Parse("A-R01"));
  EXPECT_EQ(ab.Aliases(ab.Index("A-K01")).size(), 1u);
  // B-K11 is adjacent to A-K01 (odd columns run on).
  EXPECT_EQ(ab.Neighbour(ab.Index("B-K11"), kSouth), ab.Index("A-K01"));
  EXPECT_EQ(ab.Distance(ab.Index("B-K11"), ab.Index("A-K01")), 1);
  // A column of two sheets: 22 rows in odd, 23 in even columns.
  int odd = 0, even = 0;
  for (int i = 0; i < ab.size(); ++i) {
    if (ab.coord(i).c == 11) ++odd;
    if (ab.coord(i).c == 10) ++even;
  }
  EXPECT_EQ(odd, 22);
  EXPECT_EQ(even, 23);
  // Two sheets need sheet-qualified ids.
  std::string error;
  EXPECT_EQ(ab.TryIndex("K08", &error), HexLayout::kNone);
  EXPECT_EQ(error, "hex 'K08' needs a sheet letter (e.g. 'B-K08'): the layout has sheets B, A");
  EXPECT_THROW(ab.Index("C-K08"), HexIdError);
}

TEST(HexLayout, Maps_1_5_EastWestJoinMergesEdgeColumns) {
  // A4, A6: C east of A.
  HexLayout ac({{'A', 0, 0}, {'C', 1, 0}});
  EXPECT_EQ(ac.size(), 471);
  EXPECT_EQ(ac.Index("C-A05"), ac.Index("A-U05"));
  EXPECT_EQ(ac.Name(ac.Index("C-A05")), "A-U05");  // canonical: the west sheet
  // A6: "map C more than 3 hexes from map A" = C columns E-U; C-E is 4 hexes from A-U.
  EXPECT_EQ(ac.Distance(ac.Index("A-U05"), ac.Index("C-E05")), 4);
  EXPECT_EQ(ac.Distance(ac.Index("A-U05"), ac.Index("C-D05")), 3);
  // A row of two sheets is 41 columns wide.
  int max_c = 0;
  for (int i = 0; i < ac.size(); ++i) max_c = std::max(max_c, ac.coord(i).c);
  EXPECT_EQ(max_c, 41);
  // A12 / B4 joins: B-U06 = D-A06.
  HexLayout bd({{'B', 0, 0}, {'D', 1, 0}});
  EXPECT_EQ(bd.Index("D-A06"), bd.Index("B-U06"));
}

TEST(HexLayout, Maps_1_6_PlayableAreaLimits) {
  // A1: map A, only columns A-K.
  HexLayout a1 = HexLayout::Single('A', 'A', 'K');
  EXPECT_EQ(a1.size(), 6 * 11 + 5 * 12);
  EXPECT_NE(a1.TryIndex("K08", nullptr), HexLayout::kNone);
  std::string error;
  EXPECT_EQ(a1.TryIndex("A-L05", &error), HexLayout::kNone);
  EXPECT_EQ(error, "hex 'A-L05' is outside the playable area of this scenario");
  EXPECT_THROW(a1.Index("L05"), HexIdError);
  // K is now the east edge.
  EXPECT_TRUE(a1.OnEdge(a1.Index("K05"), kEdgeEast));
  EXPECT_EQ(a1.Neighbour(a1.Index("K05"), kNorthEast), HexLayout::kNone);
  // A11: C columns K-U west of B columns A-K; the merged column C-U = B-A is in play.
  HexLayout a11({{'C', 0, 0, 11, 21}, {'B', 1, 0, 1, 11}});
  EXPECT_EQ(a11.Index("B-A05"), a11.Index("C-U05"));
  EXPECT_EQ(a11.size(), 2 * (6 * 11 + 5 * 12) - 11);
  EXPECT_TRUE(a11.OnEdge(a11.Index("C-K05"), kEdgeWest));
  EXPECT_TRUE(a11.OnEdge(a11.Index("B-K05"), kEdgeEast));
  EXPECT_THROW(a11.Index("C-J05"), HexIdError);
}

TEST(HexLayout, Maps_1_5_BadLayoutsAreRefused) {
  EXPECT_THROW(HexLayout({{'A', 0, 0}, {'A', 1, 0}}), HexIdError);
  EXPECT_THROW(HexLayout({{'A', 0, 0}, {'B', 0, 0}}), HexIdError);
  EXPECT_THROW(HexLayout({{'A', 0, 0, 5, 3}}), HexIdError);
  EXPECT_THROW(HexLayout(std::vector<SheetSlot>{}), HexIdError);
}

TEST(HexLayout, MapEdgesForEntryAndExit) {
  HexLayout a = HexLayout::Single('A');
  EXPECT_EQ(a.EdgeHexes(kEdgeNorth).size(), 21u);  // row 01 of every column
  EXPECT_EQ(a.EdgeHexes(kEdgeSouth).size(), 21u);  // row 11 (odd), row 12 (even): B3
  EXPECT_EQ(a.EdgeHexes(kEdgeWest).size(), 11u);   // column A
  EXPECT_EQ(a.EdgeHexes(kEdgeEast).size(), 11u);   // column U
  // B1 entry groups: J1/K1/L1 north, J12/K11/L12 south, U6 east.
  for (const char* h : {"J01", "K01", "L01"}) EXPECT_TRUE(a.OnEdge(a.Index(h), kEdgeNorth)) << h;
  for (const char* h : {"J12", "K11", "L12"}) EXPECT_TRUE(a.OnEdge(a.Index(h), kEdgeSouth)) << h;
  EXPECT_TRUE(a.OnEdge(a.Index("U06"), kEdgeEast));
  EXPECT_TRUE(a.OnEdge(a.Index("A06"), kEdgeWest));
  EXPECT_FALSE(a.OnEdge(a.Index("B01"), kEdgeWest));
  EXPECT_FALSE(a.OnEdge(a.Index("K10"), kEdgeSouth));
  EXPECT_EQ(a.Edges(a.Index("K05")), 0);
  // B north of A: the seam is no edge; A's south edge is the layout's south edge (A8).
  HexLayout ab({{'B', 0, 0}, {'A', 0, 1}});
  EXPECT_FALSE(ab.OnEdge(ab.Index("A-P01"), kEdgeNorth));
  EXPECT_FALSE(ab.OnEdge(ab.Index("B-K11"), kEdgeSouth));
  EXPECT_TRUE(ab.OnEdge(ab.Index("A-R12"), kEdgeSouth));
  EXPECT_TRUE(ab.OnEdge(ab.Index("B-K01"), kEdgeNorth));
  EXPECT_EQ(ab.EdgeHexes(kEdgeWest).size(), 22u);
}

// --- properties ---

HexCoord RandomCoord(int max_c, int max_y) {
  int c = *rc::gen::inRange(1, max_c + 1);
  int y = *rc::gen::inRange(1, max_y + 1);
  if ((c + y) % 2 == 0) y = (y == max_y) ? y - 1 : y + 1;  // C + Y is odd
  return {c, y};
}

RC_GTEST_PROP(HexProperties, DistanceIsAMetric, ()) {
  HexCoord a = RandomCoord(41, 46), b = RandomCoord(41, 46), c = RandomCoord(41, 46);
  RC_ASSERT(HexDistance(a, a) == 0);
  RC_ASSERT((HexDistance(a, b) == 0) == (a == b));
  RC_ASSERT(HexDistance(a, b) == HexDistance(b, a));
  RC_ASSERT(HexDistance(a, c) <= HexDistance(a, b) + HexDistance(b, c));
  // Equals the cube distance of the axial coordinates.
  Axial p = ToAxial(a), q = ToAxial(b);
  int dq = p.q - q.q, dr = p.r - q.r, ds = -dq - dr;
  RC_ASSERT(HexDistance(a, b) == std::max({std::abs(dq), std::abs(dr), std::abs(ds)}));
  RC_ASSERT(FromAxial(p) == a);
}

RC_GTEST_PROP(HexProperties, NeighboursAreMutualAtDistanceOne, ()) {
  static const HexLayout layout({{'A', 0, 0}, {'B', 1, 0}, {'C', 0, 1}, {'D', 1, 1}});
  int i = *rc::gen::inRange(0, layout.size());
  for (int d = 0; d < kHexDirs; ++d) {
    int n = layout.Neighbour(i, d);
    if (n < 0) continue;
    RC_ASSERT(layout.Neighbour(n, OppositeDir(d)) == i);
    RC_ASSERT(layout.Distance(i, n) == 1);
    RC_ASSERT(layout.DirBetween(i, n) == d);
  }
  // Every playable hex at distance 1 is a neighbour.
  RC_ASSERT(
      layout.WithinRange(i, 1).size() ==
      static_cast<size_t>(std::count_if(layout.Neighbours(i).begin(), layout.Neighbours(i).end(),
                                        [](int n) { return n >= 0; })));
  // Round trip through every id naming the hex.
  for (const HexId& id : layout.Aliases(i)) RC_ASSERT(layout.Find(id) == i);
  RC_ASSERT(layout.Index(layout.Name(i)) == i);
}

}  // namespace
}  // namespace feldherr
