#include "games/planspiel/module.h"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>

#include "engine/errors.h"
#include "engine/registry.h"
#include "games/planspiel/situation.h"
#include "games/planspiel/units.h"
#include "tests/observation_fixtures.h"

namespace feldherr::planspiel {
namespace {

// `feldherr validate` checks each file of data/planspiel/ with the loader of its kind.
TEST(PlanspielModule, ValidatesEachShippedFileWithItsLoader) {
  const std::string dir = data_dir() + "/planspiel/";
  for (const char* file :
       {"ps1.toml", "ps2.toml", "ps3.toml", "units.toml", "weapons.toml", "situation-ps1.toml"})
    EXPECT_NO_THROW(validate_data_file(dir + file)) << file;
  try {
    validate_data_file(dir + "notes.toml");
    FAIL() << "a file of no known kind was accepted";
  } catch (const DataError& e) {
    EXPECT_EQ(std::string(e.what()),
              dir + "notes.toml: not a Planspiel data file (a board ps*.toml, a situation " +
                  "situation-*.toml, units.toml or weapons.toml)");
  }
}

// The situations are the game's scenarios: `feldherr list` shows planspiel/ps-1 and the registry
// creates its game.
TEST(PlanspielModule, EverySituationIsAScenario) {
  const GameModule m = planspiel_module();
  EXPECT_EQ(m.id, "planspiel");
  ASSERT_EQ(m.scenarios.size(), shipped_situations().size());
  EXPECT_EQ(m.scenarios[0].id, "ps-1");
  EXPECT_EQ(m.scenarios[0].title, "Der Gutshof (the estate farm)");
  ASSERT_TRUE(m.create);
  Registry r;
  r.add(m);
  auto g = r.create("planspiel/ps-1", {});
  EXPECT_EQ(g->scenario(), "ps-1");
  EXPECT_EQ(g->seats(), (std::vector<std::string>{"red", "blue"}));
  EXPECT_THROW((void)r.create("planspiel/ps-9", {}), UsageError);
}

// The entry of field (x, y) in the board JSON's row-major field list.
const nlohmann::json& FieldOf(const nlohmann::json& board, int x, int y) {
  return board["fields"][static_cast<size_t>(y * board["width"].get<int>() + x)];
}

bool HasRoadLink(const nlohmann::json& board, int ax, int ay, int bx, int by) {
  for (const nlohmann::json& r : board["roads"]) {
    const nlohmann::json a = {ax, ay}, b = {bx, by};
    if ((r["from"] == a && r["to"] == b) || (r["from"] == b && r["to"] == a)) return true;
  }
  return false;
}

// The web UI's static board (GameModule::board) of PS-1: its fields with terrain and contour
// level (scenarios §3.2), the road as links between field centres, the objective fields.
TEST(PlanspielModule, BoardGivesTerrainLevelsRoadLinksAndObjectives) {
  const GameModule m = planspiel_module();
  ASSERT_TRUE(m.board);
  auto g = all_games().create("planspiel/ps-1", {});
  const nlohmann::json b = m.board(*g);
  EXPECT_EQ(b["kind"], "squares");
  EXPECT_EQ(b["width"], 12);
  EXPECT_EQ(b["height"], 10);
  ASSERT_EQ(b["fields"].size(), 120u);
  // The Gutshof: built-up on the hill, (5,3) with the road, (6,3) without.
  EXPECT_EQ(
      FieldOf(b, 5, 3),
      (nlohmann::json{{"x", 5}, {"y", 3}, {"terrain", "built-up"}, {"road", true}, {"level", 1}}));
  EXPECT_EQ(FieldOf(b, 6, 3)["terrain"], "built-up");
  EXPECT_EQ(FieldOf(b, 6, 3)["road"], false);
  EXPECT_EQ(FieldOf(b, 7, 2)["level"], 1);
  EXPECT_EQ(FieldOf(b, 8, 2)["level"], 0);
  EXPECT_EQ(FieldOf(b, 2, 5)["terrain"], "forest");
  EXPECT_EQ(FieldOf(b, 9, 3)["terrain"], "swamp");
  EXPECT_EQ(FieldOf(b, 0, 0)["terrain"], "open");
  EXPECT_EQ(FieldOf(b, 5, 9)["road"], true);
  // One straight road (5,0) ... (5,9): nine links, none sideways into the farm's other field.
  EXPECT_EQ(b["roads"].size(), 9u);
  EXPECT_TRUE(HasRoadLink(b, 5, 2, 5, 3));
  EXPECT_TRUE(HasRoadLink(b, 5, 8, 5, 9));
  EXPECT_FALSE(HasRoadLink(b, 5, 3, 6, 3));
  EXPECT_EQ(b["bridges"], nlohmann::json::array());
  EXPECT_EQ(b["dug_in"], (nlohmann::json{{4, 4}, {7, 4}}));
  ASSERT_EQ(b["objectives"].size(), 1u);
  EXPECT_EQ(b["objectives"][0]["id"], "gutshof");
  EXPECT_EQ(b["objectives"][0]["fields"], (nlohmann::json{{5, 3}, {6, 3}}));
  EXPECT_EQ(b["provenance"]["terrain"], "stand-in");
}

// A counter's values as the board gives them for inspection, each with its provenance: the
// infantry's speeds (PS §6.1: 2 by road, 1 across country), its weapon, and a stand-in value
// marked as such.
TEST(PlanspielModule, BoardGivesTheUnitTypesWithTheProvenanceOfEachValue) {
  auto g = all_games().create("planspiel/ps-1", {});
  const nlohmann::json b = planspiel_module().board(*g);
  // The whole catalogue, in its order: the list tells nothing of the situation's forces.
  ASSERT_EQ(b["unit_types"].size(), shipped_unit_types().size());
  const auto type = [&b](const std::string& id) {
    for (const nlohmann::json& t : b["unit_types"])
      if (t["id"] == id) return t;
    ADD_FAILURE() << "no unit type " << id;
    return nlohmann::json::object();
  };
  const nlohmann::json inf = type("INF");
  EXPECT_EQ(inf["category"], "figure_base");
  EXPECT_EQ(inf["speeds"]["road"], 2);
  EXPECT_EQ(inf["speeds"]["terrain"], 1);
  EXPECT_EQ(inf["speeds"]["provenance"], "rules-text");
  EXPECT_EQ(inf["weapon"]["row"], "Infanterie");
  EXPECT_EQ(inf["weapon"]["flat"], 1);
  EXPECT_EQ(inf["provenance"]["weapon.calibre_cm"], "stand-in");
  EXPECT_EQ(inf["provenance"]["speed_row"], "rules-text");
  const nlohmann::json hmg = type("HMG");
  EXPECT_EQ(hmg["speeds"]["road"], 1);  // manhandled (PS §4.4)
  EXPECT_EQ(hmg["speeds"]["provenance"], "stand-in");
  const nlohmann::json tank = type("PZII");
  EXPECT_EQ(tank["terrain"], "vehicle");
  EXPECT_EQ(tank["target_class"], "hard_point");
  EXPECT_NE(tank["armour_class"], "none");
}

// Scenarios §1.6, §1.7: the briefing of PS-1 as situation-ps1.toml gives it: each party's task in
// both languages, 12 game turns from D5 with Red first, the Gutshof held by Blue at the start,
// Blue's infantry reinforcement on game turn 5 at (5,0), and the outcome list in its order; all
// stand-in.
TEST(PlanspielModule, S_1_BriefingGivesTasksReinforcementAndTheOutcomeList) {
  auto g = all_games().create("planspiel/ps-1", {});
  const nlohmann::json b = planspiel_module().board(*g)["briefing"];
  ASSERT_EQ(b["tasks"].size(), 2u);
  EXPECT_EQ(b["tasks"][0]["party"], "red");
  EXPECT_NE(b["tasks"][0]["text"].get<std::string>().find("take the Gutshof"), std::string::npos);
  EXPECT_NE(b["tasks"][1]["text_de"].get<std::string>().find("Den Gutshof verteidigen"),
            std::string::npos);
  EXPECT_EQ(b["tasks"][1]["provenance"]["text"], "stand-in");
  EXPECT_EQ(b["game_turns"], 12);
  EXPECT_EQ(b["start_cycle_turn"], 5);
  EXPECT_EQ(b["first_mover"], "red");
  EXPECT_EQ(b["provenance"]["game_turns"], "stand-in");
  ASSERT_EQ(b["objectives"].size(), 1u);
  EXPECT_EQ(b["objectives"][0]["id"], "gutshof");
  EXPECT_EQ(b["objectives"][0]["fields"], nlohmann::json({{5, 3}, {6, 3}}));
  EXPECT_EQ(b["objectives"][0]["controller"], nlohmann::json({"blue", "blue"}));
  const nlohmann::json reinforcement = {{"party", "blue"},
                                        {"type", "INF"},
                                        {"arrives", 5},
                                        {"entry", {5, 0}},
                                        {"provenance",
                                         {{"party", "stand-in"},
                                          {"type", "stand-in"},
                                          {"field", "stand-in"},
                                          {"arrives", "stand-in"}}}};
  EXPECT_EQ(b["reinforcements"], nlohmann::json::array({reinforcement}));
  std::vector<std::string> results, texts, texts_de;
  for (const nlohmann::json& o : b["outcomes"]) {
    results.push_back(o["result"]);
    texts.push_back(o["text"]);
    texts_de.push_back(o["text_de"]);
    EXPECT_EQ(o["provenance"]["when"], "stand-in");
  }
  EXPECT_EQ(results, (std::vector<std::string>{"red", "blue", "red", "blue", "draw"}));
  EXPECT_EQ(texts.front(), "Red victory: Red controls the Gutshof");
  EXPECT_EQ(texts.back(), "Draw: the Gutshof is split and the losses are equal");
  EXPECT_EQ(texts_de[1], "Sieg Blau: Blau hält den Gutshof");
  EXPECT_TRUE(b["setup"].empty());  // PS-1: both set-ups fixed
}

// The board is static and the same for every viewer: it names no unit and no unit's field, so the
// camouflaged Blue AT gun (B-P1) stays hidden from Red (PS §7.5).
TEST(PlanspielModule, BoardRevealsNoUnitOrItsField) {
  auto g = all_games().create("planspiel/ps-1", {});
  const nlohmann::json b = planspiel_module().board(*g);
  const std::string text = b.dump();
  for (const SituationUnit& u : find_situation("ps-1")->units)
    EXPECT_EQ(text.find('"' + u.id + '"'), std::string::npos) << u.id;
  EXPECT_FALSE(b.contains("units"));
  for (const nlohmann::json& f : b["fields"])
    EXPECT_EQ(f.size(), 5u) << "a field of the board carries more than its terrain: " << f.dump();
}

// ObservationFixtures (tests/observation_fixtures.h): the board and PS-1 positions as a seat is
// sent them, compared with web/test/fixtures/planspiel-*.json, which the web's
// unit tests read with the web's own helpers (web/test/planspiel.test.ts).
TEST(ObservationFixtures, PlanspielPs1MatchesItsFixtures) {
  feldherr::testing::FixturePosition start;
  start.game_and_scenario = "planspiel/ps-1";
  start.play();
  feldherr::testing::CheckFixture("planspiel-ps-1-board",
                                  feldherr::testing::BoardFixture(*start.game));
  feldherr::testing::CheckFixture("planspiel-ps-1-red",
                                  feldherr::testing::ObservationFixture(start, "red"));
  feldherr::testing::FixturePosition played;
  played.game_and_scenario = "planspiel/ps-1";
  played.seed = 357;
  played.decisions = 83;  // Blue's half-turn: moves, fires and an assault
  played.heuristic = true;
  played.play();
  feldherr::testing::CheckFixture("planspiel-ps-1-played-red",
                                  feldherr::testing::ObservationFixture(played, "red"));
  feldherr::testing::CheckFixture("planspiel-ps-1-played-blue",
                                  feldherr::testing::ObservationFixture(played, "blue"));
}

}  // namespace
}  // namespace feldherr::planspiel
