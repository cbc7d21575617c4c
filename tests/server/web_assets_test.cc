// What the web UI's lobby and pages ask the hub for: the catalog describes each option's kind
// of value (a checkbox, a choice, a number field) and the seats an option value gives, and a
// game without a graphic board answers its board request without an error.
#include <gtest/gtest.h>

#include <map>

#include "hub_fixture.h"

namespace feldherr::server::hubtest {
namespace {

// The catalog entry of game `id`'s option `name` (null if absent).
json catalog_option(HubFixture& f, const std::string& id, const std::string& name) {
  const json catalog = f.http("GET", "/api/catalog");
  for (const json& g : catalog["games"])
    if (g["id"] == id)
      for (const json& o : g["options"])
        if (o["name"] == name) return o;
  return nullptr;
}

TEST(WebCatalog, OptionKindsAreReadOffTheValidators) {
  HubFixture f("catalog-kinds");
  json chaos = catalog_option(f, "wsr", "chaos_variation");
  EXPECT_EQ(chaos["kind"], "bool") << chaos;
  EXPECT_EQ(chaos["default"], "false");
  json points = catalog_option(f, "pocket", "points");
  EXPECT_EQ(points["kind"], "int") << points;
  EXPECT_EQ(points["min"], 10);
  EXPECT_EQ(points["max"], 200);
  EXPECT_EQ(points["step"], 10);
  EXPECT_FALSE(points.contains("choices")) << points;
  json turn = catalog_option(f, "pocket", "turn");
  EXPECT_EQ(turn["kind"], "choice") << turn;
  EXPECT_EQ(turn["choices"], json({"one-order", "many-orders"}));
  json rounds = catalog_option(f, "rivet", "max_rounds");
  EXPECT_EQ(rounds["kind"], "int") << rounds;
  EXPECT_EQ(rounds["min"], 1);
  EXPECT_EQ(rounds["max"], 1000);
  EXPECT_EQ(rounds["choices"], json({"none"}));
  json initiative = catalog_option(f, "rivet", "initiative");
  EXPECT_EQ(initiative["kind"], "choice");
  EXPECT_EQ(initiative["choices"], json({"round", "game"}));
}

TEST(WebCatalog, AnOptionWhoseValidatorTakesAnyTextIsText) {
  // The fixture game with an option that takes anything: "true" and "false" pass, but it is no
  // checkbox.
  GameModule race = toy::dice_race_module();
  race.options.push_back({"note", "", "free text", [](std::string_view) { return std::string(); }});
  Registry registry;
  registry.add(race);
  const ScratchDir dir("hub-catalog-text");
  {
    SqliteStore store((dir / "db.sqlite").string());
    Hub hub(registry, store, HubFixture::no_worker());
    json catalog = json::parse(hub.http("GET", "/api/catalog", "").body);
    ASSERT_EQ(catalog["games"].size(), 1u) << catalog;
    std::map<std::string, std::string> kinds;
    for (const json& o : catalog["games"][0]["options"]) kinds[o["name"]] = o["kind"];
    EXPECT_EQ(kinds["note"], "text");
    hub.stop();
  }
  fs::remove_all(dir);
}

TEST(WebCatalog, AnOptionThatChangesTheSeatsListsTheSeatsOfEachValue) {
  HubFixture f("catalog-seats");
  json players = catalog_option(f, "westerplatte", "players");
  EXPECT_EQ(players["kind"], "int") << players;
  EXPECT_EQ(players["min"], 1);
  EXPECT_EQ(players["max"], 4);
  ASSERT_TRUE(players.contains("seats_for")) << players;
  EXPECT_EQ(players["seats_for"]["1"], json({"p1"}));
  EXPECT_EQ(players["seats_for"]["2"], json({"p1", "p2"}));
  EXPECT_EQ(players["seats_for"]["4"], json({"p1", "p2", "p3", "p4"}));
  // Options that leave the seats alone carry none.
  EXPECT_FALSE(catalog_option(f, "wsr", "chaos_variation").contains("seats_for"));
  // The lobby can then make p2 of a two-player Westerplatte an AI.
  json c = f.create({{"game", "westerplatte/medium"},
                     {"options", {{"players", "2"}}},
                     {"seats", {{"p1", "human"}, {"p2", "heuristic"}}}});
  EXPECT_EQ(c["seats"]["p2"]["ai"], "heuristic") << c;
}

TEST(WebCatalog, AGameWithoutAGraphicBoardAnswersItsBoardWithKindNone) {
  HubFixture f("board-none");
  // The Dice Race fixture game has no GameModule::board: its state messages carry the text
  // picture, the board request answers the kind "none" with its seats and title.
  json c = f.create({{"game", "dice-race/race"}, {"seats", {{"red", "human"}, {"blue", "human"}}}});
  int status = 0;
  json board =
      f.http("GET", "/api/games/" + c["id"].get<std::string>() + "/board", nullptr, &status);
  EXPECT_EQ(status, 200) << board;
  EXPECT_EQ(board["kind"], "none");
  EXPECT_EQ(board["game"], "dice-race");
  EXPECT_EQ(board["seats"], json({"red", "blue"}));
  Conn red;
  ASSERT_TRUE(red.open(f.hub(), c["id"], c["seats"]["red"]["token"]).is_null());
  json s = red.state(f.hub());
  ASSERT_TRUE(s["text"].is_string()) << s;
  EXPECT_NE(s["text"].get<std::string>().find("red"), std::string::npos) << s["text"];
  f.http("GET", "/api/games/nope/board", nullptr, &status);
  EXPECT_EQ(status, 404);
}

// Westerplatte's board (games/westerplatte/web_board.cc): fields, lanes and the level's tiles;
// its state messages carry the observation, no text picture.
TEST(WebCatalog, WesterplatteAnswersItsBoardOfFieldsAndLanes) {
  HubFixture f("board-westerplatte");
  json c = f.create({{"game", "westerplatte/easy"},
                     {"options", {{"players", "2"}}},
                     {"seats", {{"p1", "human"}, {"p2", "human"}}}});
  int status = 0;
  json board =
      f.http("GET", "/api/games/" + c["id"].get<std::string>() + "/board", nullptr, &status);
  EXPECT_EQ(status, 200) << board;
  EXPECT_EQ(board["kind"], "westerplatte");
  EXPECT_EQ(board["game"], "westerplatte");
  EXPECT_EQ(board["seats"], json({"p1", "p2"}));
  EXPECT_EQ(board["fields"].size(), 11u);
  EXPECT_EQ(board["lanes"].size(), 5u);
  EXPECT_EQ(board["title_de"], "7 Tage der Westerplatte — Einfach");
  Conn p1;
  ASSERT_TRUE(p1.open(f.hub(), c["id"], c["seats"]["p1"]["token"]).is_null());
  json s = p1.state(f.hub());
  EXPECT_TRUE(s["text"].is_null()) << s["text"];
  EXPECT_EQ(s["observation"]["fields"].size(), 11u);
}

}  // namespace
}  // namespace feldherr::server::hubtest
