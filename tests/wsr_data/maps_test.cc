// White Star Rising map sheets A-D (data/wsr/maps/sheet-*.toml): every hex, town, hill,
// bridge, road and beach that the 16 scenarios name exists on its sheet with the terrain the
// text implies. Implements the validation of docs/rules/wsr-maps.md §4 (4.1 mechanical
// checks, 4.2 scenario references, 4.3 distances) on the joined layouts of §1.6.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "games/wsr/data.h"
#include "geometry/hex.h"
#include "tests/wsr_data/wsr_data_util.h"

namespace feldherr::wsr {
namespace {

using data_test::D;

HexId H(const char* text) {
  return HexId::Parse(text);
}

const SheetHex& At(const char* text) {
  const HexId h = H(text);
  const SheetHex* x = D().sheet(h.sheet).Find(h);
  if (x == nullptr) throw std::runtime_error(std::string("no hex ") + text);
  return *x;
}

Terrain T(const char* text) {
  return At(text).terrain;
}
int Level(const HexId& h) {
  return D().terrain[D().sheet(h.sheet).Find(h)->terrain].level;
}

std::vector<HexId> Town(char sheet, const char* name) {
  const Place* p = D().sheet(sheet).FindPlace(name);
  if (p == nullptr) throw std::runtime_error(std::string("no place ") + name);
  return p->hexes;
}

// Slots of a joined layout (maps doc 1.6): sheet -> (x, y).
using Layout = std::map<char, std::pair<int, int>>;
const Layout kAlone = {{'A', {0, 0}}, {'B', {0, 0}}, {'C', {0, 0}}, {'D', {0, 0}}};
const Layout kBNorthOfA = {{'B', {0, 0}}, {'A', {0, 1}}};  // B2, A3, A8
const Layout kCEastOfA = {{'A', {0, 0}}, {'C', {1, 0}}};   // A4, A6
const Layout kCWestOfB = {{'C', {0, 0}}, {'B', {1, 0}}};   // A11
const Layout kCEastOfB = {{'B', {0, 0}}, {'C', {1, 0}}};   // A12
const Layout kDEastOfB = {{'B', {0, 0}}, {'D', {1, 0}}};   // B4

HexCoord Coord(const HexId& h, const Layout& l) {
  const auto& [x, y] = l.at(h.sheet);
  return SheetCoord(h, x, y);
}
int Dist(const HexId& a, const HexId& b, const Layout& l = kAlone) {
  return HexDistance(Coord(a, l), Coord(b, l));
}
int MinDist(const std::vector<HexId>& a, const std::vector<HexId>& b, const Layout& l = kAlone) {
  int best = 1 << 20;
  for (const HexId& x : a) {
    for (const HexId& y : b) best = std::min(best, Dist(x, y, l));
  }
  return best;
}

std::vector<HexId> Select(char sheet, char first_col, char last_col,
                          bool (*pred)(const SheetHex&) = nullptr) {
  std::vector<HexId> out;
  for (const HexId& h : D().sheet(sheet).Hexes()) {
    const char c = h.col_letter();
    if (c < first_col || c > last_col) continue;
    if (pred != nullptr && !pred(*D().sheet(sheet).Find(h))) continue;
    out.push_back(h);
  }
  return out;
}

bool IsLand(const SheetHex& h) {
  return h.terrain != Terrain::kRiver && h.terrain != Terrain::kBridge &&
         h.terrain != Terrain::kSea;
}

std::vector<HexId> Neighbours(const HexId& h) {
  std::vector<HexId> out;
  const Sheet& s = D().sheet(h.sheet);
  for (const HexId& o : s.Hexes()) {
    if (Dist(h, o) == 1) out.push_back(o);
  }
  return out;
}

// Land areas of a sheet (river, bridge and sea hexes excluded): component index per hex.
std::map<std::pair<int, int>, int> LandAreas(char sheet, int* count) {
  std::map<std::pair<int, int>, int> comp;
  int n = 0;
  for (const HexId& start : Select(sheet, 'A', 'U', IsLand)) {
    if (comp.count({start.col, start.row})) continue;
    std::vector<HexId> stack = {start};
    comp[{start.col, start.row}] = n;
    while (!stack.empty()) {
      const HexId h = stack.back();
      stack.pop_back();
      for (const HexId& o : Neighbours(h)) {
        if (!IsLand(*D().sheet(sheet).Find(o)) || comp.count({o.col, o.row})) continue;
        comp[{o.col, o.row}] = n;
        stack.push_back(o);
      }
    }
    ++n;
  }
  *count = n;
  return comp;
}

int Area(const std::map<std::pair<int, int>, int>& areas, const HexId& h) {
  return areas.at({h.col, h.row});
}

// ---------------------------------------------------------------------------------------------
// 4.1 Mechanical checks (the loader checks grid shape, road paths, rivers, bridges, crest
// adjacency and towns; these add the design rules of the reconstruction).

TEST(WsrMaps, Maps_4_1_CrestsAreExactlyTheLevelBoundaries) {
  for (char s = 'A'; s <= 'D'; ++s) {
    std::set<std::pair<std::string, std::string>> derived;
    for (const HexId& h : D().sheet(s).Hexes()) {
      if (Level(h) != 1) continue;
      for (const HexId& o : Neighbours(h)) {
        if (Level(o) == 0) derived.insert({h.ToString(), o.ToString()});
      }
    }
    std::set<std::pair<std::string, std::string>> listed;
    for (const Crest& c : D().sheet(s).crests) listed.insert({c.high.ToString(), c.low.ToString()});
    EXPECT_EQ(listed, derived) << "sheet " << s;
  }
  EXPECT_EQ(D().sheet('A').crests.size(), 56u);
  EXPECT_EQ(D().sheet('B').crests.size(), 28u);
  EXPECT_EQ(D().sheet('C').crests.size(), 32u);
  EXPECT_EQ(D().sheet('D').crests.size(), 86u);
}

TEST(WsrMaps, Maps_4_1_RiversSplitSheetsAAndBIntoTwoLandAreas) {
  for (char s : {'A', 'B'}) {
    int n = 0;
    LandAreas(s, &n);
    EXPECT_EQ(n, 2) << s;
  }
  for (char s : {'C', 'D'}) {
    int n = 0;
    LandAreas(s, &n);
    EXPECT_EQ(n, 1) << s;
  }
}

TEST(WsrMaps, Maps_4_1_BridgeEndsOnDifferentBanks) {
  for (char s : {'A', 'B'}) {
    int n = 0;
    const auto areas = LandAreas(s, &n);
    for (const Bridge& b : D().sheet(s).bridges) {
      EXPECT_NE(Area(areas, b.ends[0]), Area(areas, b.ends[1])) << b.hex.ToString();
    }
  }
}

void ExpectSameColumn(const char* a, const char* b) {
  for (int row = 1; row <= 11; ++row) {
    char x[8], y[8];
    std::snprintf(x, sizeof x, "%s%02d", a, row);
    std::snprintf(y, sizeof y, "%s%02d", b, row);
    EXPECT_EQ(T(x), T(y)) << x << " " << y;
    EXPECT_EQ(At(x).road, At(y).road) << x << " " << y;
    EXPECT_EQ(Level(H(x)), 0) << x;
  }
}

// Maps doc 1.7: the seams the scenarios use match (terrain and roads), and carry no hill.
TEST(WsrMaps, Maps_1_7_EdgeProfilesMatch) {
  ExpectSameColumn("A-U", "C-A");                                               // A4, A6
  ExpectSameColumn("B-U", "C-A");                                               // A12
  ExpectSameColumn("B-U", "D-A");                                               // B4
  ExpectSameColumn("C-U", "B-A");                                               // A11
  for (const char* col : {"B", "D", "F", "H", "J", "L", "N", "P", "R", "T"}) {  // B2, A3, A8
    const std::string a = std::string("A-") + col + "01";
    const std::string b = std::string("B-") + col + "12";
    EXPECT_EQ(T(a.c_str()), T(b.c_str())) << a;
    EXPECT_EQ(At(a.c_str()).road, At(b.c_str()).road) << a;
  }
  // Roads that meet a seam continue: A-U06 = C-A06 = B-U06 = D-A06, B-A09 = C-U09.
  for (const char* h :
       {"A-U06", "B-U06", "C-A06", "D-A06", "B-A09", "C-U09", "A-R01", "B-R12", "A-K01", "B-K11"}) {
    EXPECT_TRUE(At(h).road) << h;
  }
  EXPECT_EQ(T("A-P01"), Terrain::kRiver);  // the Vire runs on from B-P12
  EXPECT_EQ(T("B-P12"), Terrain::kRiver);
}

// ---------------------------------------------------------------------------------------------
// 4.2 Scenario references.

TEST(WsrMaps, Maps_4_2_All_EveryQuotedHexExists) {
  for (const char* h :
       {"A-A06", "A-A11", "A-E05", "A-J01", "A-K01", "A-L01", "A-J12", "A-K11", "A-L12", "A-K07",
        "A-K08", "A-P07", "A-R05", "A-U06", "B-K01", "B-K02", "B-O05", "B-P05", "B-Q04", "B-U06",
        "D-I11", "D-J11", "D-K10", "D-L11", "D-M10", "D-N11", "D-O10", "D-P11", "D-Q10", "D-R11",
        "D-S10", "D-T10", "A-J05", "A-J06", "A-K02", "A-K06", "A-L03", "A-L05"}) {
    const HexId id = H(h);
    EXPECT_NE(D().sheet(id.sheet).Find(id), nullptr) << h;
  }
}

TEST(WsrMaps, WSR_B1_Noville_MapReferences) {
  int n = 0;
  const auto areas = LandAreas('A', &n);
  const std::vector<HexId> ste_jeanne = Town('A', "Ste Jeanne");
  EXPECT_EQ(ste_jeanne.size(), 4u);
  // German setup "in or east of column Q": 54 land hexes, all on the east bank.
  const std::vector<HexId> german = Select('A', 'Q', 'U', IsLand);
  EXPECT_EQ(german.size(), 54u);
  for (const HexId& h : german)
    EXPECT_NE(Area(areas, h), Area(areas, ste_jeanne[0])) << h.ToString();
  // 507th: "any woods hexes within 2 hexes of K8".
  EXPECT_EQ(T("A-K08"), Terrain::kWoods);
  int woods = 0;
  for (const HexId& h : D().sheet('A').Hexes()) {
    if (Dist(h, H("A-K08")) <= 2 && D().sheet('A').Find(h)->terrain == Terrain::kWoods) ++woods;
  }
  EXPECT_EQ(woods, 9);
  // CCA "in or west of column M": no river there, Ste Jeanne inside.
  for (const HexId& h : Select('A', 'A', 'M'))
    EXPECT_TRUE(IsLand(*D().sheet('A').Find(h))) << h.ToString();
  for (const HexId& h : ste_jeanne) EXPECT_LE(h.col_letter(), 'M');
  // Second element entry groups on the north, south and east edges.
  for (const char* h : {"A-J01", "A-K01", "A-L01"}) EXPECT_EQ(H(h).row, 1) << h;
  EXPECT_EQ(H("A-J12").row, 12);
  EXPECT_EQ(H("A-K11").row, 11);  // odd column: row 11 is the south edge
  EXPECT_EQ(H("A-L12").row, 12);
  EXPECT_TRUE(At("A-K01").road);
  EXPECT_TRUE(At("A-K11").road);
  EXPECT_TRUE(At("A-U06").road);
  // Distances (4.3): entry groups -> Ste Jeanne 4 (south), 8 (north), 13 (U06); German zone 9.
  EXPECT_EQ(MinDist({H("A-J12"), H("A-K11"), H("A-L12")}, ste_jeanne), 4);
  EXPECT_EQ(MinDist({H("A-J01"), H("A-K01"), H("A-L01")}, ste_jeanne), 8);
  EXPECT_EQ(MinDist({H("A-U06")}, ste_jeanne), 13);
  EXPECT_EQ(MinDist(german, ste_jeanne), 9);
}

TEST(WsrMaps, WSR_B2_LeHauderie_MapReferences) {
  const std::vector<HexId> kleinestad = Town('B', "Kleinestad");
  EXPECT_EQ(kleinestad.size(), 4u);
  // 2/16 "within 1 hex of R05 on map A": 7 land hexes, none river.
  int near = 0;
  for (const HexId& h : D().sheet('A').Hexes()) {
    if (Dist(h, H("A-R05")) <= 1) {
      EXPECT_TRUE(IsLand(*D().sheet('A').Find(h))) << h.ToString();
      ++near;
    }
  }
  EXPECT_EQ(near, 7);
  EXPECT_TRUE(At("A-R05").road);
  // 73rd Recon "city hexes of VSLF east of the Vire": the east quarter, on the north/east bank.
  int n = 0;
  const auto areas = LandAreas('B', &n);
  const std::vector<HexId> east = Town('B', "vslf-east");
  EXPECT_EQ(east.size(), 6u);
  for (const HexId& h : east) {
    EXPECT_EQ(T(h.ToString().c_str()), Terrain::kCity);
    EXPECT_EQ(Area(areas, h), Area(areas, H("B-U06")));
    EXPECT_NE(Area(areas, h), Area(areas, kleinestad[0]));
  }
  // Distances on B north of A (4.3): R05 -> Ste Jeanne 10, -> Kleinestad 12; east quarter ->
  // Kleinestad 10.
  EXPECT_EQ(MinDist({H("A-R05")}, Town('A', "Ste Jeanne"), kBNorthOfA), 10);
  EXPECT_EQ(MinDist({H("A-R05")}, kleinestad, kBNorthOfA), 12);
  EXPECT_EQ(MinDist(east, kleinestad, kBNorthOfA), 10);
}

TEST(WsrMaps, WSR_B3_Vierville_MapReferences) {
  const std::vector<HexId> town = Town('B', "Ville Sur Le Fleuve");
  EXPECT_EQ(town.size(), 14u);
  EXPECT_EQ(D().sheet('B').FindPlace("Ville Sur La Fleuve"), D().sheet('B').FindPlace("VSLF"));
  // "River hexes do not exist": every river and bridge hex becomes clear.
  int river = 0;
  for (const HexId& h : D().sheet('B').Hexes()) {
    const Terrain t = D().sheet('B').Find(h)->terrain;
    if (t == Terrain::kRiver || t == Terrain::kBridge) {
      ++river;
      EXPECT_EQ(D().terrain[t].without_rivers, Terrain::kClear);
    }
  }
  EXPECT_EQ(river, 20);
  // Germans enter from the south edge: the town lies 4-8 hexes north of it.
  int nearest = 99;
  for (const HexId& h : town) nearest = std::min(nearest, (h.col % 2 == 1 ? 11 : 12) - h.row);
  EXPECT_GE(nearest, 4);
}

TEST(WsrMaps, WSR_B4_Koeln_MapReferences) {
  EXPECT_EQ(T("B-Q04"), Terrain::kCity);
  EXPECT_TRUE(D().sheet('B').FindPlace("Cathedral")->Contains(H("B-Q04")));
  EXPECT_TRUE(D().sheet('B').FindPlace("Ville Sur Le Fleuve")->Contains(H("B-Q04")));
  // "a unit in a city hex in column N or O": N05 N06 N07 O05 O06 O07.
  std::vector<std::string> no;
  for (const HexId& h : Town('B', "Ville Sur Le Fleuve")) {
    if (h.col_letter() == 'N' || h.col_letter() == 'O') no.push_back(h.ToString());
  }
  EXPECT_EQ(no.size(), 6u);
  // Rubble: some city hexes have a road running through them.
  int road_city = 0;
  for (const HexId& h : Town('B', "Ville Sur Le Fleuve"))
    road_city += D().sheet('B').Find(h)->road ? 1 : 0;
  EXPECT_EQ(road_city, 7);  // M05 N05 O05 Q04 R05 (B1), R04 R06 (B4)
  // US zone D columns C-U: 2 hexes from map B, 6 from the cathedral (D east of B).
  const std::vector<HexId> us =
      Select('D', 'C', 'U', [](const SheetHex& x) { return x.terrain != Terrain::kSea; });
  EXPECT_EQ(us.size(), 202u);
  EXPECT_EQ(MinDist(us, D().sheet('B').Hexes(), kDEastOfB), 2);
  EXPECT_EQ(MinDist(us, {H("B-Q04")}, kDEastOfB), 6);
}

TEST(WsrMaps, WSR_A1_Chaumont_MapReferences) {
  std::vector<HexId> around;
  for (const HexId& h : D().sheet('A').Hexes()) {
    if (Dist(h, H("A-E05")) <= 3) around.push_back(h);
  }
  EXPECT_EQ(around.size(), 37u);
  for (const HexId& h : Town('A', "Chatereux")) {
    EXPECT_LE(Dist(h, H("A-E05")), 3) << h.ToString();
    EXPECT_LE(h.col_letter(), 'K');
  }
  for (const HexId& h : Town('A', "Ste Jeanne")) EXPECT_LE(h.col_letter(), 'K');
  EXPECT_EQ(D().sheet('A').FindPlace("Chatereaux"), D().sheet('A').FindPlace("Chatereux"));
  EXPECT_TRUE(At("A-K01").road);  // Panzer IV entry and US exit "K0"
  EXPECT_TRUE(At("A-A06").road);
  EXPECT_TRUE(At("A-A11").road);
  EXPECT_EQ(MinDist({H("A-A06")}, Town('A', "Chatereux")), 5);
  EXPECT_EQ(MinDist({H("A-A11")}, Town('A', "Ste Jeanne")), 6);
  EXPECT_EQ(MinDist(Town('A', "Ste Jeanne"), {H("A-K01")}), 8);
  EXPECT_EQ(MinDist({H("A-E05")}, Town('A', "Ste Jeanne")), 4);
}

TEST(WsrMaps, WSR_A2_Bastogne_HillsAndRiversRemoved) {
  int level1 = 0;
  for (const HexId& h : D().sheet('A').Hexes()) {
    const Terrain t = D().sheet('A').Find(h)->terrain;
    const Terrain after = D().terrain[D().terrain[t].without_hills].without_rivers;
    EXPECT_EQ(D().terrain[after].level, 0) << h.ToString();
    EXPECT_NE(after, Terrain::kRiver);
    EXPECT_NE(after, Terrain::kBridge);
    level1 += D().terrain[t].level;
  }
  EXPECT_EQ(level1, 19);                         // knoll 2 + Hill 137 mass 13 + east hill 4
  EXPECT_EQ(Select('A', 'K', 'M').size(), 34u);  // 507th "between columns K and M"
}

TEST(WsrMaps, WSR_A3_Carentan_MapReferences) {
  EXPECT_TRUE(At("B-A09").road);                            // "the road at the west edge of map B"
  EXPECT_TRUE(At("A-U06").road);                            // "the road at the east edge of map A"
  EXPECT_GE(Town('B', "Ville Sur Le Fleuve").size(), 10u);  // "at least 10 hexes of VSLF"
  EXPECT_EQ(MinDist(Town('A', "Celles"), Town('B', "Ville Sur Le Fleuve"), kBNorthOfA), 10);
  EXPECT_EQ(MinDist({H("A-U06")}, Town('B', "Ville Sur Le Fleuve"), kBNorthOfA), 13);
  EXPECT_EQ(MinDist({H("B-A09")}, Town('B', "Kleinestad")), 5);
}

TEST(WsrMaps, WSR_A4_Remagen_MapReferences) {
  const Bridge* b = D().sheet('A').FindBridge(H("A-P07"));
  ASSERT_NE(b, nullptr);
  EXPECT_TRUE(D().sheet('A').FindPlace("Celles")->Contains(b->ends[0]) ||
              D().sheet('A').FindPlace("Celles")->Contains(b->ends[1]));
  // "within 5 hexes of Celles" in columns M-U: 80 hexes.
  int within = 0;
  for (const HexId& h : Select('A', 'M', 'U'))
    within += MinDist({h}, Town('A', "Celles")) <= 5 ? 1 : 0;
  EXPECT_EQ(within, 80);
  // "within 3 hexes of the bridge": 37 hexes; US zone C columns F-K at least 10 from P07.
  int near_bridge = 0;
  for (const HexId& h : D().sheet('A').Hexes()) near_bridge += Dist(h, H("A-P07")) <= 3 ? 1 : 0;
  EXPECT_EQ(near_bridge, 37);
  EXPECT_EQ(MinDist(Select('C', 'F', 'K'), {H("A-P07")}, kCEastOfA), 10);
}

TEST(WsrMaps, WSR_A5_Huertgen_MapReferences) {
  const Place* hill = D().sheet('A').FindPlace("Hill 137");
  ASSERT_NE(hill, nullptr);
  std::vector<std::string> ids;
  for (const HexId& h : hill->hexes) {
    ids.push_back(h.ToString());
    EXPECT_EQ(D().sheet('A').Find(h)->terrain, Terrain::kHill);
  }
  EXPECT_EQ(ids, (std::vector<std::string>{"A-J05", "A-J06", "A-K02", "A-K03", "A-K04", "A-K05",
                                           "A-K06", "A-L03", "A-L04", "A-L05"}));
  EXPECT_EQ(hill->provenance.Of("hexes"), Provenance::kRulesText);
  // "the large hill north of the road": J08 K08 L08 carry the road at its southern foot.
  for (const char* h : {"A-J08", "A-K08", "A-L08"}) EXPECT_TRUE(At(h).road) << h;
  EXPECT_EQ(T("A-P07"), Terrain::kBridge);
  int city = 0;
  for (const HexId& h : D().sheet('A').Hexes())
    city += D().sheet('A').Find(h)->terrain == Terrain::kCity;
  EXPECT_EQ(city, 12);  // IPs "not in city hexes"
  EXPECT_EQ(Select('A', 'A', 'A').size(), 11u);
}

TEST(WsrMaps, WSR_A6_Elsenborn_ThreeTownsOnA) {
  std::set<std::string> towns;
  for (const Place& p : D().sheet('A').places) {
    if (p.kind == PlaceKind::kTown) towns.insert(p.name);
  }
  EXPECT_EQ(towns, (std::set<std::string>{"Ste Jeanne", "Chatereux", "Celles"}));
  // "map C more than 3 hexes from map A" = C columns E-U (C-A = A-U).
  EXPECT_EQ(Dist(H("C-D06"), H("A-U06"), kCEastOfA), 3);
  EXPECT_EQ(Dist(H("C-E06"), H("A-U06"), kCEastOfA), 4);
  const std::vector<HexId> german = Select('C', 'E', 'U');
  EXPECT_EQ(MinDist(german, Town('A', "Celles"), kCEastOfA), 10);
}

TEST(WsrMaps, WSR_A7_Omaha_MapReferences) {
  const std::vector<std::string> landing = {"D-I11", "D-J11", "D-K10", "D-L11", "D-M10", "D-N11",
                                            "D-O10", "D-P11", "D-Q10", "D-R11", "D-S10", "D-T10"};
  for (const std::string& h : landing) EXPECT_EQ(T(h.c_str()), Terrain::kBeach) << h;
  for (size_t i = 1; i < landing.size(); ++i) {
    EXPECT_EQ(Dist(H(landing[i - 1].c_str()), H(landing[i].c_str())), 1) << landing[i];
  }
  std::vector<HexId> beach;
  for (const HexId& h : D().sheet('D').Hexes()) {
    if (D().sheet('D').Find(h)->terrain == Terrain::kBeach) beach.push_back(h);
  }
  EXPECT_EQ(beach.size(), 12u);
  const std::vector<HexId> saarbourg = Town('D', "Saarbourg");
  EXPECT_EQ(saarbourg.size(), 3u);
  EXPECT_EQ(MinDist(saarbourg, beach), 5);
  // "no German unit within 2 hexes of a beach hex": 30 land hexes.
  std::vector<HexId> belt;
  for (const HexId& h : D().sheet('D').Hexes()) {
    const Terrain t = D().sheet('D').Find(h)->terrain;
    if (t != Terrain::kBeach && t != Terrain::kSea && MinDist({h}, beach) <= 2) belt.push_back(h);
  }
  EXPECT_EQ(belt.size(), 30u);
  EXPECT_EQ(belt, D().sheet('D').FindPlace("beach-belt")->hexes);
  // German setup "any non-beach hexes of map D" (columns E-U): 167 land hexes.
  EXPECT_EQ(Select('D', 'E', 'U',
                   [](const SheetHex& x) {
                     return x.terrain != Terrain::kBeach && x.terrain != Terrain::kSea;
                   })
                .size(),
            167u);
}

TEST(WsrMaps, WSR_A8_Normandy_MapReferences) {
  EXPECT_EQ(T("A-K07"), Terrain::kWoodedHill);  // "AK7 (wooded hill in the centre of map A)"
  for (const HexId& h : D().sheet('A').FindPlace("AK7")->hexes) {
    EXPECT_EQ(D().sheet('A').Find(h)->terrain, Terrain::kWoodedHill);
    EXPECT_LE(Dist(h, H("A-K07")), 1);
  }
  // "each bridge hex on maps A and B": five.
  std::vector<std::string> bridges;
  for (char s : {'A', 'B'}) {
    for (const Bridge& b : D().sheet(s).bridges) bridges.push_back(b.hex.ToString());
  }
  EXPECT_EQ(bridges, (std::vector<std::string>{"A-P03", "A-P07", "B-L04", "B-P05", "B-P10"}));
  // German reinforcements: "south edge of map A, east of the river".
  int n = 0;
  const auto areas = LandAreas('A', &n);
  for (const char* h : {"A-R12", "A-S11", "A-T12", "A-U11"}) {
    EXPECT_EQ(Area(areas, H(h)), Area(areas, H("A-U06"))) << h;
  }
  EXPECT_TRUE(At("A-R12").road);
  // British: "woods, built-up or city hexes south of the river on map B": 44.
  int nb = 0;
  const auto b_areas = LandAreas('B', &nb);
  int british = 0;
  for (const HexId& h : D().sheet('B').Hexes()) {
    const SheetHex& x = *D().sheet('B').Find(h);
    if (!IsLand(x) || Area(b_areas, h) != Area(b_areas, H("B-F08"))) continue;
    british += (x.terrain == Terrain::kWoods || x.terrain == Terrain::kBuiltUp ||
                x.terrain == Terrain::kCity);
  }
  EXPECT_EQ(british, 44);
}

TEST(WsrMaps, WSR_A9_Luneville_Kruispunten) {
  const std::vector<HexId> k = Town('C', "Kruispunten");
  ASSERT_EQ(k.size(), 2u);
  EXPECT_EQ(k[0].ToString(), "C-K06");
  EXPECT_EQ(k[1].ToString(), "C-L06");
  EXPECT_TRUE(At("C-A06").road);  // road C1 at the west edge
  EXPECT_TRUE(At("C-U09").road);  // and at the east edge
  EXPECT_EQ(MinDist(Select('C', 'A', 'A'), k), 10);
  EXPECT_EQ(MinDist(Select('C', 'U', 'U'), k), 9);
}

TEST(WsrMaps, WSR_A10_Paderborn_MapReferences) {
  EXPECT_TRUE(At("B-U06").road);                 // "on the road at U06 (east side)"
  EXPECT_EQ(D().sheet('B').bridges.size(), 3u);  // three routes east
}

TEST(WsrMaps, WSR_A11_Bieville_MapReferences) {
  EXPECT_TRUE(At("B-K01").road);  // "K01 and K02 (road, map B)"
  EXPECT_TRUE(At("B-K02").road);
  const std::vector<HexId> british = Select('C', 'K', 'M');
  EXPECT_EQ(british.size(), 34u);
  const std::vector<HexId> german = Select('B', 'H', 'K');
  EXPECT_EQ(german.size(), 46u);
  EXPECT_EQ(MinDist(german, british, kCWestOfB), 15);
}

TEST(WsrMaps, WSR_A12_Arnhem_MapReferences) {
  const Bridge* b = D().sheet('B').FindBridge(H("B-P05"));
  ASSERT_NE(b, nullptr);
  EXPECT_EQ(b->ends[0].ToString(), "B-O05");
  EXPECT_EQ(b->ends[1].ToString(), "B-Q04");
  EXPECT_EQ(b->provenance.Of("ends"), Provenance::kRulesText);
  EXPECT_EQ(T("B-O05"), Terrain::kCity);
  EXPECT_EQ(T("B-Q04"), Terrain::kCity);
  // VSLF on both sides of the river: west quarter 8, east quarter 6.
  int n = 0;
  const auto areas = LandAreas('B', &n);
  std::map<int, int> per_bank;
  for (const HexId& h : Town('B', "Ville Sur Le Fleuve")) ++per_bank[Area(areas, h)];
  ASSERT_EQ(per_bank.size(), 2u);
  EXPECT_EQ(per_bank[Area(areas, H("B-O05"))], 8);
  EXPECT_EQ(per_bank[Area(areas, H("B-Q04"))], 6);
  EXPECT_EQ(MinDist(Select('B', 'A', 'I'), Town('B', "Ville Sur Le Fleuve"), kCEastOfB), 4);
  EXPECT_EQ(MinDist(Select('C', 'D', 'U'), Town('B', "Ville Sur Le Fleuve"), kCEastOfB), 6);
}

// Road queries for the movement rules: consecutive path hexes connect; B4's "road running
// completely through a hex" holds inside a path and at a path end on the sheet edge, not at a
// dead end (the beach ends of the sheet D draws).
TEST(WsrMaps, RoadConnectsAndRoadThrough) {
  const Sheet& a = D().sheet('A');
  EXPECT_TRUE(a.RoadConnects(H("A-K08"), H("A-L08")));  // road A3
  EXPECT_TRUE(a.RoadConnects(H("A-L08"), H("A-K08")));
  EXPECT_TRUE(a.RoadConnects(H("A-O07"), H("A-P07")));   // onto the Celles bridge
  EXPECT_FALSE(a.RoadConnects(H("A-K08"), H("A-K07")));  // not a road step
  EXPECT_FALSE(a.RoadConnects(H("A-K09"), H("A-L08")));  // road hexes, not adjacent
  const Sheet& b = D().sheet('B');
  for (const char* h : {"B-M05", "B-N05", "B-O05", "B-Q04", "B-R05", "B-R04", "B-R06"}) {
    EXPECT_TRUE(b.RoadThrough(H(h))) << h;
  }
  EXPECT_FALSE(b.RoadThrough(H("B-N06")));               // city without road
  EXPECT_TRUE(b.RoadThrough(H("B-U06")));                // path end on the east edge
  EXPECT_FALSE(D().sheet('D').RoadThrough(H("D-K10")));  // the west draw ends on the beach
}

// The rules-text facts each sheet keeps (the loader refuses a grid that breaks one).
TEST(WsrMaps, RulesTextFactsAreRecorded) {
  EXPECT_EQ(D().sheet('A').facts.size(), 4u);
  EXPECT_EQ(D().sheet('B').facts.size(), 5u);
  EXPECT_EQ(D().sheet('D').facts.size(), 1u);
  for (char s = 'A'; s <= 'D'; ++s) EXPECT_EQ(D().sheet(s).provenance, Provenance::kStandIn);
}

}  // namespace
}  // namespace feldherr::wsr
