// Creation is one transaction (the game and its opening's rolls), a game whose opening was due
// but not stored is rolled forward on start, and idle games leave memory and come back intact.
#include <gtest/gtest.h>

#include <thread>

#include "engine/fair_dice.h"
#include "hub_fixture.h"

namespace feldherr::server::hubtest {
namespace {

// A store whose appends fail while `fail` is set (a full disk, a kill between commits).
class FailingAppendStore : public SqliteStore {
 public:
  using SqliteStore::SqliteStore;
  void append_async(AppendRequest request, AppendDone done) override {
    if (fail) return done("disk full");
    SqliteStore::append_async(std::move(request), std::move(done));
  }
  bool fail = false;
};

TEST(HubStore, CreatingAGameIsOneTransactionWithItsOpening) {
  const ScratchDir dir("hub-atomic");
  FailingAppendStore store((dir / "db.sqlite").string());
  store.fail = true;  // only a second commit could fail now
  {
    HubOptions o;
    o.start_ai_worker = false;
    Hub hub(test_registry(), store, o);
    HttpReply r = hub.http("POST", "/api/games",
                           json({{"game", "rivet/mission-3"},
                                 {"seats", {{"allies", "random"}, {"bismark", "random"}}}})
                               .dump());
    EXPECT_EQ(r.status, 201) << r.body;
  }
  // Whatever happened, no stored game is left at its unrolled opening.
  std::vector<StoredGame> games = store.list_games(10);
  ASSERT_EQ(games.size(), 1u);
  EXPECT_NE(games[0].to_move, "chance");
  EXPECT_FALSE(store.rows(games[0].id).empty());
  EXPECT_EQ(games[0].last_seq, static_cast<int64_t>(store.rows(games[0].id).size()));
}

// What an older server left after a kill between its two commits: a game of AI seats with no
// row, owing its opening roll.
StoredGame stuck_game(const std::string& id) {
  auto game = test_registry().create("rivet/mission-3", {});
  StoredGame g;
  g.id = id;
  g.game = "rivet";
  g.scenario = "mission-3";
  g.rules_version = std::string(game->rules_version());
  json options = json::object();
  for (const auto& [k, v] : game->options()) options[k] = v;
  g.options_json = options.dump();
  for (const std::string& side : game->seats()) g.seats.push_back({side, "random", ""});
  g.secret_hex = new_dice_secret_hex();
  g.commitment = dice_commitment(g.secret_hex);
  g.status = "active";
  g.created = g.updated = utc_now_iso();
  g.to_move = "chance";
  return g;
}

TEST(HubStore, OnStartAGameStuckAtItsOpeningIsRolledForward) {
  HubFixture f("roll-forward");
  f.store().create_game(stuck_game("00112233aabbccdd"));
  f.reopen();
  EXPECT_EQ(f.reloaded(), 1);
  json s = f.summary("00112233aabbccdd");
  EXPECT_NE(s["to_move"], "chance") << s;
  EXPECT_GT(s["move"].get<int>(), 0);
  EXPECT_FALSE(f.store().rows("00112233aabbccdd").empty());
  std::optional<StoredGame> stored = f.store().find_game("00112233aabbccdd");
  EXPECT_NE(stored->to_move, "chance");
  // The AI seats play on from there.
  f.hub().run_ai_now();
  EXPECT_GT(f.summary("00112233aabbccdd")["move"].get<int>(), s["move"].get<int>());
}

json play_first(HubFixture& f, const std::string& id, const json& seats) {
  json g = f.summary(id);
  std::string token = seats[g["to_move"].get<std::string>()]["token"];
  json s = f.summary(id, token);
  int status = 0;
  json r = f.http(
      "POST", "/api/games/" + id + "/action",
      {{"token", token}, {"state_id", s["state_id"]}, {"action_id", s["legal"][0]["id"]}}, &status);
  EXPECT_EQ(status, 200) << r;
  return r;
}

TEST(HubEvict, AnIdleGameLeavesMemoryAndComesBackWithItsLogIntact) {
  HubOptions o = HubFixture::no_worker();
  o.idle = std::chrono::seconds(0);
  HubFixture f("evict", o);
  json c = f.create(
      {{"game", "pocket/orcs-vs-elves"}, {"seats", {{"orcs", "human"}, {"elves", "human"}}}});
  const std::string id = c["id"];
  for (int i = 0; i < 6; ++i) play_first(f, id, c["seats"]);
  json before = f.http(
      "GET", "/api/games/" + id + "/log?token=" + c["seats"]["orcs"]["token"].get<std::string>());
  // A connected game stays.
  {
    Conn conn;
    ASSERT_TRUE(conn.open(f.hub(), id, "").is_null());
    EXPECT_EQ(f.hub().evict_idle(), 0u);
    EXPECT_EQ(f.hub().live_games(), 1u);
  }
  EXPECT_EQ(f.hub().evict_idle(), 1u);
  EXPECT_EQ(f.hub().live_games(), 0u);
  // Asked for again, it is reloaded from the store, log and all, and play goes on.
  json after = f.http(
      "GET", "/api/games/" + id + "/log?token=" + c["seats"]["orcs"]["token"].get<std::string>());
  EXPECT_EQ(after["actions"], before["actions"]);
  EXPECT_EQ(f.hub().live_games(), 1u);
  EXPECT_EQ(f.hub().evict_idle(), 1u);
  json r = play_first(f, id, c["seats"]);
  EXPECT_EQ(r["ok"], true);
  json now = f.http(
      "GET", "/api/games/" + id + "/log?token=" + c["seats"]["orcs"]["token"].get<std::string>());
  ASSERT_EQ(now["actions"].size(), before["actions"].size() + r["applied"].size());
  for (size_t i = 0; i < before["actions"].size(); ++i)
    EXPECT_EQ(now["actions"][i], before["actions"][i]);
}

TEST(HubEvict, AGameWithAPendingAiMoveStaysAndTheLiveGamesAreCapped) {
  HubOptions o = HubFixture::no_worker();
  o.idle = std::chrono::seconds(3600);
  o.max_live_games = 2;
  HubFixture f("evict-cap", o);
  json ai = f.create({{"game", "pocket/orcs-vs-elves"},
                      {"seats", {{"orcs", "random"}, {"elves", "random"}}}});  // AI queued
  std::vector<std::string> ids;
  for (int i = 0; i < 4; ++i)
    ids.push_back(f.create({{"game", "pocket/orcs-vs-elves"},
                            {"seats", {{"orcs", "human"}, {"elves", "human"}}}})["id"]);
  f.hub().evict_idle();
  EXPECT_LE(f.hub().live_games(), 2u);
  // The game whose AI move is queued was not evicted: the AI plays it to the end.
  f.hub().run_ai_now();
  EXPECT_EQ(f.summary(ai["id"])["status"], "finished");
  for (const std::string& id : ids) EXPECT_EQ(f.summary(id)["status"], "active");
}

TEST(HubEvict, OverTheCapTheOldestIdleGamesGoUntilATenthOfTheCapIsFree) {
  HubOptions o = HubFixture::no_worker();
  o.idle = std::chrono::seconds(3600);
  o.max_live_games = 20;
  HubFixture f("evict-water", o);
  std::vector<std::string> ids;
  for (int i = 0; i < 20; ++i) {
    ids.push_back(f.create({{"game", "pocket/orcs-vs-elves"},
                            {"seats", {{"orcs", "human"}, {"elves", "human"}}}})["id"]);
    std::this_thread::sleep_for(std::chrono::milliseconds(2));  // distinct ages
  }
  EXPECT_EQ(f.hub().live_games(), 20u);
  // Touch the oldest: it is no longer among the oldest idle games.
  f.summary(ids[0]);
  // The 21st game puts the hub over its cap: 3 games go (down to 18 = 20 - 20/10).
  ids.push_back(f.create({{"game", "pocket/orcs-vs-elves"},
                          {"seats", {{"orcs", "human"}, {"elves", "human"}}}})["id"]);
  EXPECT_EQ(f.hub().live_games(), 18u);
  // The next creation does not sweep again.
  ids.push_back(f.create({{"game", "pocket/orcs-vs-elves"},
                          {"seats", {{"orcs", "human"}, {"elves", "human"}}}})["id"]);
  EXPECT_EQ(f.hub().live_games(), 19u);
  EXPECT_TRUE(f.hub().is_live(ids[0]));
  for (int i = 1; i <= 3; ++i) EXPECT_FALSE(f.hub().is_live(ids[static_cast<size_t>(i)])) << i;
  EXPECT_TRUE(f.hub().is_live(ids[4]));
}

}  // namespace
}  // namespace feldherr::server::hubtest
