// The opening (the chance outcomes before the first seat decision: Rivet Wars' initiative,
// Westerplatte's tiles, Dice Race's deal) is rolled only when a human seat first shows its token,
// so that nobody sees a roll before the links are handed out; a game of AI seats only rolls it at
// creation. The rolls still derive from the committed secret (engine/fair_dice.h).
#include <gtest/gtest.h>

#include "engine/fair_dice.h"
#include "engine/session.h"
#include "hub_fixture.h"

namespace feldherr::server::hubtest {
namespace {

// Replays the stored rows and checks each chance row against the committed secret.
void expect_rolls_from_the_secret(HubFixture& f, const std::string& id) {
  std::optional<StoredGame> stored = f.store().find_game(id);
  ASSERT_TRUE(stored);
  std::string secret;
  ASSERT_TRUE(from_hex(stored->secret_hex, secret));
  Options options;
  json opts = json::parse(stored->options_json);
  for (auto it = opts.begin(); it != opts.end(); ++it)
    options.emplace_back(it.key(), it->get<std::string>());
  Session session(test_registry().create(stored->game + "/" + stored->scenario, options));
  int rolls = 0;
  for (const StoredRow& r : f.store().rows(id)) {
    if (r.kind != "action") continue;
    if (session.state().current_seat() == kChance) {
      Action due = fair_chance_outcome(session.state(), secret, session.history().size() + 1);
      EXPECT_EQ(r.action_id, due.id()) << "row " << r.seq;
      ++rolls;
    }
    ASSERT_EQ(session.act(Action::from_id(r.action_id)), "");
  }
  EXPECT_GT(rolls, 0);
}

void expect_waiting(const json& summary) {
  EXPECT_EQ(summary["to_move"], "chance") << summary;
  EXPECT_EQ(summary["move"], 0) << summary;
  EXPECT_EQ(summary["decision"]["seat"], "chance") << summary;
  EXPECT_EQ(summary["decision"]["kind"], "opening") << summary;
  EXPECT_TRUE(summary["legal"].empty());
}

TEST(HubOpening, RivetInitiativeIsNotRolledBeforeASeatJoins) {
  HubFixture f("rivet-opening");
  json c = f.create(
      {{"game", "rivet/mission-3"}, {"seats", {{"allies", "human"}, {"bismark", "human"}}}});
  const std::string id = c["id"];
  // The creator, the lobby and observers see a game waiting for its opening: nothing rolled.
  expect_waiting(f.summary(id));
  EXPECT_TRUE(f.store().rows(id).empty());
  Conn observer;
  ASSERT_TRUE(observer.open(f.hub(), id, "").is_null());
  json o = observer.state(f.hub());
  EXPECT_EQ(o["decision"]["seat"], "chance");
  EXPECT_TRUE(o["actions"].empty());
  EXPECT_TRUE(f.http("GET", "/api/games/" + id + "/log")["actions"].empty());
  EXPECT_TRUE(f.store().rows(id).empty());
  // A seat joins: the opening is rolled, stored and pushed to whoever watches.
  Conn allies;
  ASSERT_TRUE(allies.open(f.hub(), id, c["seats"]["allies"]["token"]).is_null());
  EXPECT_GT(observer.counter->n.load(), 0);
  json s = allies.state(f.hub());
  EXPECT_NE(s["decision"]["seat"], "chance") << s["decision"];
  EXPECT_GT(s["move"].get<int>(), 0);
  EXPECT_FALSE(f.store().rows(id).empty());
  expect_rolls_from_the_secret(f, id);
  // The stored game survives a restart as it is (no second roll).
  auto rows = f.store().rows(id).size();
  f.reopen();
  EXPECT_EQ(f.store().rows(id).size(), rows);
}

TEST(HubOpening, ReadingTheSummaryWithASeatTokenOrActingRollsTheOpening) {
  HubFixture f("westerplatte-opening");
  json c = f.create({{"game", "westerplatte/easy"}, {"seats", {{"p1", "human"}}}});
  const std::string id = c["id"];
  expect_waiting(f.summary(id));
  json s = f.summary(id, c["seats"]["p1"]["token"]);
  EXPECT_EQ(s["seat"], "p1");
  EXPECT_EQ(s["decision"]["seat"], "p1") << s["decision"];
  EXPECT_FALSE(s["legal"].empty());
  expect_rolls_from_the_secret(f, id);

  // An HTTP action before anything was seen rolls the opening and is refused as stale.
  json d = f.create({{"game", "dice-race/race"}, {"seats", {{"red", "human"}, {"blue", "human"}}}});
  const std::string did = d["id"];
  expect_waiting(f.summary(did));
  int status = 0;
  json r = f.http("POST", "/api/games/" + did + "/action",
                  {{"token", d["seats"]["blue"]["token"]}, {"state_id", 0}, {"action", "pass"}},
                  &status);
  EXPECT_EQ(status, 409) << r;
  EXPECT_EQ(r["code"], "stale");
  EXPECT_GT(r["state_id"].get<int>(), 0);
  EXPECT_EQ(f.summary(did)["to_move"], "red");
  // The deal is the committed secret's: the same whenever it is rolled.
  expect_rolls_from_the_secret(f, did);
}

TEST(HubOpening, AnAiOnlyGameRollsItsOpeningAtCreationAndAnUnopenedGameWaitsAfterRestart) {
  HubFixture f("ai-opening");
  json ai = f.create(
      {{"game", "rivet/mission-3"}, {"seats", {{"allies", "random"}, {"bismark", "random"}}}});
  EXPECT_NE(f.summary(ai["id"])["to_move"], "chance");
  EXPECT_FALSE(f.store().rows(ai["id"]).empty());
  json human = f.create(
      {{"game", "rivet/mission-3"}, {"seats", {{"allies", "human"}, {"bismark", "random"}}}});
  f.reopen();
  expect_waiting(f.summary(human["id"]));
  EXPECT_TRUE(f.store().rows(human["id"]).empty());
}

// An AI seat that moves first waits for the human seat too: its moves could cause a roll.
TEST(HubOpening, AnAiSeatDoesNotMoveBeforeAHumanSeatJoins) {
  HubFixture f("ai-first");
  json c = f.create(
      {{"game", "pocket/orcs-vs-elves"}, {"seats", {{"orcs", "heuristic"}, {"elves", "human"}}}});
  const std::string id = c["id"];
  f.hub().run_ai_now();
  json s = f.summary(id);
  EXPECT_EQ(s["move"], 0);
  EXPECT_EQ(s["decision"]["kind"], "opening") << s["decision"];
  EXPECT_TRUE(f.store().rows(id).empty());
  Conn elves;
  ASSERT_TRUE(elves.open(f.hub(), id, c["seats"]["elves"]["token"]).is_null());
  f.hub().run_ai_now();
  EXPECT_GT(f.summary(id)["move"].get<int>(), 0);
}

}  // namespace
}  // namespace feldherr::server::hubtest
