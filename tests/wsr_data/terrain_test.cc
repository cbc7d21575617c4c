// White Star Rising terrain effects chart (data/wsr/terrain.toml): consistent with every fact
// the rulebook reveals (gap G-1, docs/rules/wsr.md). The chart itself is a stand-in; these tests
// hold the rulebook's facts, named after the rule or example that fixes them.
#include <gtest/gtest.h>

#include <string>

#include "games/wsr/data.h"

namespace feldherr::wsr {
namespace {

const TerrainChart& Chart() {
  static const TerrainChart chart =
      LoadTerrainChart(std::string(FELDHERR_SOURCE_DIR) + "/data/wsr/terrain.toml");
  return chart;
}

// WSR 6.1 mortar example: "two infantry platoons would get no defence die" in a clear hex.
TEST(WsrTerrain, WSR_6_1_Example_MortarOnClearHex_SoftDefenceZero) {
  EXPECT_EQ(Chart()[Terrain::kClear].defence_soft, 0);
  EXPECT_EQ(Chart()[Terrain::kClear].provenance.Of("defence_soft"), Provenance::kRulesExample);
}

// WSR 6.1 example: the Panther in woods gets one die for the woods (armor 3 + 1 = 4 dice).
TEST(WsrTerrain, WSR_6_1_Example_M4A3E8VersusPanther_WoodsHardDefenceOne) {
  EXPECT_EQ(Chart()[Terrain::kWoods].defence_hard, 1);
  EXPECT_EQ(Chart()[Terrain::kWoods].provenance.Of("defence_hard"), Provenance::kRulesExample);
}

// WSR 8.1 example: infantry in an IP in woods rolls 1 die (woods) for the second hit.
TEST(WsrTerrain, WSR_8_1_Example_TigerVersusInfantryInWoods_SoftDefenceOne) {
  EXPECT_EQ(Chart()[Terrain::kWoods].defence_soft, 1);
  EXPECT_EQ(Chart().ip_cancels_hits, 1);
}

// WSR 6.1.5 example: infantry in a city normally rolls 2 defence dice, 3 when concealed.
TEST(WsrTerrain, WSR_6_1_5_Example_InfantryInCity_TwoDice) {
  EXPECT_EQ(Chart()[Terrain::kCity].defence_soft, 2);
  EXPECT_TRUE(Chart()[Terrain::kCity].conceals_infantry);
}

// WSR 6.1.6: hard targets never get more than 2 bonus dice, so no TEC hard value exceeds 2.
TEST(WsrTerrain, WSR_6_1_6_HardDefenceAtMostTwo) {
  for (const TerrainType& t : Chart().terrain) EXPECT_LE(t.defence_hard, 2) << t.id;
}

// WSR 6.1.5 (A-06): woods, city, rough and built-up conceal infantry; wrecks and IPs conceal any
// unit. Wooded hill counts as woods (maps doc 2.1). Clear, hill, river, bridge, beach do not.
TEST(WsrTerrain, WSR_6_1_5_ConcealingTerrain) {
  for (Terrain t : {Terrain::kWoods, Terrain::kCity, Terrain::kRough, Terrain::kBuiltUp,
                    Terrain::kWoodedHill}) {
    EXPECT_TRUE(Chart()[t].conceals_infantry) << TerrainId(t);
  }
  for (Terrain t :
       {Terrain::kClear, Terrain::kHill, Terrain::kRiver, Terrain::kBridge, Terrain::kBeach}) {
    EXPECT_FALSE(Chart()[t].conceals_infantry) << TerrainId(t);
  }
  EXPECT_TRUE(Chart().wreck_conceals);
  EXPECT_TRUE(Chart().ip_conceals);
}

// WSR 7.0: level 1 = hill and wooded hill; every other terrain is level 0.
TEST(WsrTerrain, WSR_7_0_LevelOneIsHillAndWoodedHill) {
  for (const TerrainType& t : Chart().terrain) {
    const bool hill = t.terrain == Terrain::kHill || t.terrain == Terrain::kWoodedHill;
    EXPECT_EQ(t.level, hill ? 1 : 0) << t.id;
  }
}

// WSR 7.1-7.3: woods, wooded hill and city block level-0 lines; rough (and wrecks) count;
// between two level-1 hexes wooded hill and city block, hill and rough count.
TEST(WsrTerrain, WSR_7_1_And_7_2_LineOfSightEffects) {
  const TerrainChart& c = Chart();
  EXPECT_EQ(c[Terrain::kWoods].los_low, LosEffect::kBlocks);
  EXPECT_EQ(c[Terrain::kCity].los_low, LosEffect::kBlocks);
  EXPECT_EQ(c[Terrain::kWoodedHill].los_low, LosEffect::kBlocks);
  EXPECT_EQ(c[Terrain::kRough].los_low, LosEffect::kCounts);
  EXPECT_EQ(c[Terrain::kClear].los_low, LosEffect::kNone);
  EXPECT_EQ(c[Terrain::kBuiltUp].los_low, LosEffect::kNone);
  EXPECT_EQ(c[Terrain::kWoodedHill].los_high, LosEffect::kBlocks);
  EXPECT_EQ(c[Terrain::kCity].los_high, LosEffect::kBlocks);
  EXPECT_EQ(c[Terrain::kHill].los_high, LosEffect::kCounts);
  EXPECT_EQ(c[Terrain::kRough].los_high, LosEffect::kCounts);
  EXPECT_EQ(c[Terrain::kWoods].los_high, LosEffect::kNone);
  EXPECT_TRUE(c[Terrain::kWoods].blind_behind);
  EXPECT_TRUE(c[Terrain::kCity].blind_behind);
  EXPECT_TRUE(c.wreck_los_counts);
}

// WSR 6.4: overrun only into clear or hill hexes.
TEST(WsrTerrain, WSR_6_4_OverrunOnlyClearOrHill) {
  for (const TerrainType& t : Chart().terrain) {
    EXPECT_EQ(t.overrun, t.terrain == Terrain::kClear || t.terrain == Terrain::kHill) << t.id;
  }
}

// B4 rubble: city hexes cost 2 MP soft / 3 MP hard, reduced by 1 along a road; G-1 reads this
// as more than the normal city cost, and roads as a movement advantage.
TEST(WsrTerrain, WSR_B4_Rubble_NormalCityCostsLess) {
  EXPECT_LT(Chart()[Terrain::kCity].move_soft, 2);
  EXPECT_LT(Chart()[Terrain::kCity].move_hard, 3);
  EXPECT_GE(Chart()[Terrain::kCity].move_soft, 1);
  EXPECT_LE(Chart().road_move_soft, Chart()[Terrain::kClear].move_soft);
  EXPECT_LE(Chart().road_move_hard, Chart()[Terrain::kClear].move_hard);
}

// WSR 1.4 example: the tank leaves the road to pass a full stack, so road movement is cheaper
// than at least some terrain it bypasses (woods here).
TEST(WsrTerrain, WSR_1_4_Example_RoadIsAnAdvantage) {
  EXPECT_LT(Chart().road_move_hard, Chart()[Terrain::kWoods].move_hard);
  EXPECT_LT(Chart().road_move_soft, Chart()[Terrain::kWoods].move_soft);
}

// Maps doc 2.3 [Rec]: river hexes cannot be entered (A4, A12); sea is not playable; bridge hexes
// can be entered; every playable terrain other than river has a cost.
TEST(WsrTerrain, RiverImpassableSeaUnplayable) {
  const TerrainChart& c = Chart();
  EXPECT_EQ(c[Terrain::kRiver].move_soft, kImpassable);
  EXPECT_EQ(c[Terrain::kRiver].move_hard, kImpassable);
  EXPECT_FALSE(c[Terrain::kSea].playable);
  EXPECT_GE(c[Terrain::kBridge].move_hard, 1);
  for (const TerrainType& t : c.terrain) {
    if (t.terrain == Terrain::kRiver || !t.playable) continue;
    EXPECT_GE(t.move_soft, 1) << t.id;
    EXPECT_GE(t.move_hard, 1) << t.id;
  }
}

// A2, B3, A3: removed hills and rivers leave "the other terrain of the hex" (maps doc 2.1).
TEST(WsrTerrain, WSR_A2_B3_A3_RemovedHillsAndRivers) {
  const TerrainChart& c = Chart();
  EXPECT_EQ(c[Terrain::kHill].without_hills, Terrain::kClear);
  EXPECT_EQ(c[Terrain::kWoodedHill].without_hills, Terrain::kWoods);
  EXPECT_EQ(c[Terrain::kRiver].without_rivers, Terrain::kClear);
  EXPECT_EQ(c[Terrain::kBridge].without_rivers, Terrain::kClear);
  EXPECT_EQ(c[Terrain::kWoods].without_hills, Terrain::kWoods);
  EXPECT_EQ(c[Terrain::kCity].without_rivers, Terrain::kCity);
}

// Tokens of the maps doc legend (2.1, 3.1).
TEST(WsrTerrain, MapTokensMatchTheMapsDocLegend) {
  const std::string tokens = ".WCBRhH~=S#";
  for (int i = 0; i < kNumTerrains; ++i) {
    Terrain t{};
    ASSERT_TRUE(Chart().FromToken(tokens[static_cast<size_t>(i)], &t));
    EXPECT_EQ(static_cast<int>(t), i);
  }
}

// Only the G-1 facts carry rulebook provenance for defence values.
TEST(WsrTerrain, RulebookProvenanceOnlyForG1Facts) {
  int rules = 0;
  for (const TerrainType& t : Chart().terrain) {
    for (const char* f : {"defence_soft", "defence_hard", "move_soft", "move_hard"}) {
      if (t.provenance.Of(f) == Provenance::kRulesExample ||
          t.provenance.Of(f) == Provenance::kRulesText) {
        ++rules;
      }
    }
  }
  EXPECT_EQ(rules, 4);  // clear soft 0, woods soft 1, woods hard 1, city soft 2
}

}  // namespace
}  // namespace feldherr::wsr
