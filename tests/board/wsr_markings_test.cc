// What the WSR board JSON (games/wsr/board.cc) gives the web to draw the advanced scenarios'
// markings (docs/web.md "Board JSON"): each side's exit hexes (G-12), the A6 red boundary line,
// the bridges A12 destroys, and every scenario's briefing (victory conditions, special rules).
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <set>
#include <string>

#include "engine/registry.h"
#include "games/wsr/board.h"
#include "games/wsr/scenario.h"
#include "games/wsr/scenario_game.h"
#include "games/wsr/state.h"

namespace feldherr {
namespace {

using nlohmann::json;

const wsr::WsrGame& AsWsr(const Game& g) {
  return dynamic_cast<const wsr::WsrGame&>(g);
}

// WSR-A10 (G-12): the US exits east, the German west; every hex listed is an exit hex of that
// seat in the rules (WsrGame::exit_hex) and every exit hex of the seat is listed.
TEST(WsrBoardMarkings, G12_PaderbornExitHexesPerSideWithTheirEdge) {
  auto game = all_games().create("wsr/paderborn", {});
  const auto& wg = AsWsr(*game);
  const json b = wsr::BoardJson(*game);
  ASSERT_EQ(b["exits"].size(), 2u);
  std::set<std::string> seen;
  for (const json& e : b["exits"]) {
    const std::string seat = e["seat"];
    const int s = wg.seat_index(seat);
    ASSERT_GE(s, 0);
    seen.insert(seat + ":" + e["zone"].get<std::string>() + ":" + e["edge"].get<std::string>());
    std::set<int> listed;
    ASSERT_EQ(e["hexes"].size(), e["edges"].size());
    for (const json& h : e["hexes"]) {
      EXPECT_TRUE(wg.exit_hex(s, h.get<int>())) << wg.layout().Name(h.get<int>());
      listed.insert(h.get<int>());
    }
    for (int h = 0; h < wg.layout().size(); ++h) {
      if (wg.exit_hex(s, h)) {
        EXPECT_TRUE(listed.count(h)) << wg.layout().Name(h);
      }
    }
  }
  EXPECT_EQ(seen, (std::set<std::string>{"us:east-edge:east", "de:west-edge:west"}));
  EXPECT_TRUE(wsr::BoardJson(*all_games().create("wsr/noville", {}))["exits"].empty());
}

// WSR-A6 boundary-line: the red line's hexes, drawn through runs of adjacent hexes that cover
// them all, and the formations it bounds.
TEST(WsrBoardMarkings, A6_ElsenbornBoundaryLineRunsThroughItsHexes) {
  auto game = all_games().create("wsr/elsenborn", {});
  const auto& wg = AsWsr(*game);
  const json b = wsr::BoardJson(*game);
  const json& line = b["boundary"];
  ASSERT_TRUE(line.is_object());
  EXPECT_EQ(line["south_formation"], "de.dauer");
  EXPECT_EQ(line["north_formation"], "de.107");
  EXPECT_NE(line["text"].get<std::string>().find("red boundary line"), std::string::npos);
  const wsr::Zone* z = wg.setup().scenario_data->FindZone("red-line");
  ASSERT_NE(z, nullptr);
  EXPECT_EQ(line["hexes"].get<std::vector<int>>(), z->hexes);
  std::set<int> drawn;
  for (const json& path : line["paths"]) {
    for (size_t k = 0; k < path.size(); ++k) {
      drawn.insert(path[k].get<int>());
      if (k > 0) {
        EXPECT_TRUE(wg.layout().Adjacent(path[k - 1].get<int>(), path[k].get<int>()));
      }
    }
  }
  EXPECT_EQ(drawn, std::set<int>(z->hexes.begin(), z->hexes.end()));
  // Both sides of the line: the south formation may not enter a hex north of it.
  const int south = wg.formation_index("de.dauer");
  const int on = wg.layout().Index("A-F06"), north = wg.layout().Index("A-F05");
  EXPECT_FALSE(wg.beyond_boundary(south, on));
  EXPECT_TRUE(wg.beyond_boundary(south, north));
  EXPECT_TRUE(wsr::BoardJson(*all_games().create("wsr/noville", {}))["boundary"].is_null());
}

// WSR-A12 only-bridges-intact: every bridge of the sheets but B-P05 is destroyed, a river hex.
TEST(WsrBoardMarkings, A12_ArnhemDestroyedBridgesAreMarked) {
  auto game = all_games().create("wsr/arnhem", {});
  const auto& wg = AsWsr(*game);
  const json b = wsr::BoardJson(*game);
  ASSERT_FALSE(b["destroyed_bridges"].empty());
  const int intact = wg.layout().Index("B-P05");
  EXPECT_EQ(wg.terrain(intact), wsr::Terrain::kBridge);
  for (const json& h : b["destroyed_bridges"]) {
    const int i = h.get<int>();
    EXPECT_NE(i, intact);
    EXPECT_EQ(wg.terrain(i), wsr::Terrain::kRiver) << wg.layout().Name(i);
    EXPECT_EQ(b["hexes"][static_cast<size_t>(i)]["destroyed_bridge"], true);
    // No road is drawn across it (state.cc: no road into or out of a destroyed bridge).
    EXPECT_FALSE(b["hexes"][static_cast<size_t>(i)].contains("road")) << wg.layout().Name(i);
    for (int d = 0; d < 6; ++d) {
      const int nb = wg.layout().Neighbour(i, d);
      if (nb < 0 || !b["hexes"][static_cast<size_t>(nb)].contains("road")) continue;
      for (const json& r : b["hexes"][static_cast<size_t>(nb)]["road"])
        EXPECT_NE(wg.layout().Neighbour(nb, r.get<int>()), i) << wg.layout().Name(nb);
    }
  }
  EXPECT_FALSE(b["hexes"][static_cast<size_t>(intact)].contains("destroyed_bridge"));
  EXPECT_TRUE(wsr::BoardJson(*all_games().create("wsr/noville", {}))["destroyed_bridges"].empty());
}

// Every scenario's briefing: its victory conditions and special rules as the data words them, in
// English and German.
TEST(WsrBoardMarkings, EveryScenarioBriefsItsVictoryConditions) {
  int count = 0;
  for (const std::string& id : wsr::PlayableScenarioIds()) {
    const auto loaded = wsr::LoadShippedScenario(id);
    const wsr::Scenario& sc = *loaded;
    auto game = all_games().create("wsr/" + id, {});
    const json b = wsr::BoardJson(*game);
    const json& br = b["briefing"];
    ASSERT_TRUE(br.is_object()) << id;
    EXPECT_EQ(br["code"], sc.code);
    ++count;
    EXPECT_EQ(br["victory"], sc.victory.text.en) << id;
    EXPECT_EQ(br["victory_de"], sc.victory.text.de) << id;
    EXPECT_EQ(br["title_de"], sc.title_de) << id;
    EXPECT_EQ(br["place_de"], sc.place.de) << id;
    EXPECT_FALSE(br["victory"].get<std::string>().empty()) << id;
    EXPECT_NE(br["victory_de"], br["victory"]) << id;
    ASSERT_EQ(br["special_rules"].size(), sc.special_rules.size()) << id;
    for (size_t k = 0; k < sc.special_rules.size(); ++k) {
      EXPECT_EQ(br["special_rules"][k]["text"], sc.special_rules[k].text.en);
      EXPECT_EQ(br["special_rules"][k]["text_de"], sc.special_rules[k].text.de);
    }
  }
  EXPECT_GE(count, 13);  // the playable ones of WSR 12.2.1-12.2.16
}

}  // namespace
}  // namespace feldherr
