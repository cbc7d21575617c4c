// Views built once per viewer and state (docs/server.md "Views built once"): the hub keeps what
// each viewer was sent of the current state (HubOptions::view_cache_bytes). A view must never reach
// another viewer nor outlive its state, and a view from the cache must be byte for byte what a
// fresh build writes.
#include <gtest/gtest.h>

#include "hub_fixture.h"

namespace feldherr::server::hubtest {
namespace {

const json kCachePocketGame = {{"game", "pocket/orcs-vs-elves"},
                               {"seats", {{"orcs", "human"}, {"elves", "human"}}}};

// The state message a fresh connection of `token` is sent first.
std::string fresh_connection_state(Hub& hub, const std::string& id, const std::string& token) {
  Conn c;
  EXPECT_TRUE(c.open(hub, id, token).is_null());
  return hub.state_message(c.c);
}

// Plays `n` actions (the first legal one of the deciding seat) over HTTP.
void play_first_legal(HubFixture& f, const std::string& id, const json& tokens, int n) {
  for (int i = 0; i < n; ++i) {
    json s = f.summary(id, tokens["orcs"]["token"]);
    const std::string side = s["to_move"];
    ASSERT_TRUE(tokens.contains(side)) << s.dump();
    const std::string token = tokens[side]["token"];
    s = f.summary(id, token);
    ASSERT_FALSE(s["legal"].empty()) << s.dump();
    int status = 0;
    json r =
        f.http("POST", "/api/games/" + id + "/action",
               {{"token", token}, {"state_id", s["state_id"]}, {"action_id", s["legal"][0]["id"]}},
               &status);
    ASSERT_EQ(status, 200) << r.dump();
  }
}

TEST(HubViewCache, EachSeatGetsItsOwnViewAndAHitIsTheBytesOfAFreshBuild) {
  HubFixture f("view-cache");
  json c = f.create(kCachePocketGame);
  const std::string id = c["id"];
  const std::string orcs = c["seats"]["orcs"]["token"], elves = c["seats"]["elves"]["token"];
  // Into the selection (PB Aufbau 4): each side's picks are its own secret.
  play_first_legal(f, id, c["seats"], 6);
  Hub& hub = f.hub();

  const uint64_t before = hub.views_built();
  const std::string orcs_view = fresh_connection_state(hub, id, orcs);
  EXPECT_EQ(hub.views_built(), before + 1);
  EXPECT_EQ(fresh_connection_state(hub, id, orcs),
            orcs_view);  // a hit: the same bytes, nothing built
  EXPECT_EQ(hub.views_built(), before + 1);

  const std::string elves_view =
      fresh_connection_state(hub, id, elves);  // another seat: built for it
  EXPECT_EQ(hub.views_built(), before + 2);
  const std::string observer_view = fresh_connection_state(hub, id, "");
  EXPECT_EQ(fresh_connection_state(hub, id, ""),
            observer_view);  // observers share the observer's view
  EXPECT_EQ(hub.views_built(), before + 3);

  // The seats' observations differ (each lists its own unformed picks) and each is its own.
  const json o = json::parse(orcs_view), e = json::parse(elves_view),
             w = json::parse(observer_view);
  EXPECT_EQ(o["seat"], "orcs");
  EXPECT_EQ(e["seat"], "elves");
  EXPECT_NE(o["observation"], e["observation"]);
  EXPECT_NE(o["observation"]["unformed"], e["observation"]["unformed"]);
  EXPECT_FALSE(o["observation"]["unformed"].empty());
  EXPECT_TRUE(w["observation"]["unformed"].empty());
  EXPECT_NE(o["legal"].empty(), e["legal"].empty());  // only the deciding seat has actions

  // The summary of a seat is built from the same cached view as its state message.
  json sum = f.summary(id, orcs);
  EXPECT_EQ(hub.views_built(), before + 3);
  EXPECT_EQ(sum["observation"], o["observation"]);
  EXPECT_EQ(sum["legal"], o["legal"]);

  EXPECT_GT(hub.view_cache_bytes(), 3 * 1000);  // three views of some KB each

  // The same game in a hub without the cache: every message built afresh, byte for byte the same.
  HubOptions no_cache = HubFixture::no_worker();
  no_cache.view_cache_bytes = 0;
  f.reopen(no_cache);
  Hub& fresh = f.hub();
  const uint64_t fresh_before = fresh.views_built();
  EXPECT_EQ(fresh_connection_state(fresh, id, orcs), orcs_view);
  EXPECT_EQ(fresh_connection_state(fresh, id, orcs), orcs_view);
  EXPECT_EQ(fresh_connection_state(fresh, id, elves), elves_view);
  EXPECT_EQ(fresh_connection_state(fresh, id, ""), observer_view);
  EXPECT_EQ(fresh.views_built(), fresh_before + 4);
  EXPECT_EQ(fresh.view_cache_bytes(), 0);
}

TEST(HubViewCache, BeyondTheBudgetEachMessageBuildsItsViewAndTheBytesAreTheSame) {
  HubOptions small = HubFixture::no_worker();
  small.view_cache_bytes = 2000;  // a view without legal actions, not one with them
  HubFixture f("view-cache-budget", small);
  json c = f.create(kCachePocketGame);
  const std::string id = c["id"];
  const std::string orcs = c["seats"]["orcs"]["token"], elves = c["seats"]["elves"]["token"];
  play_first_legal(f, id, c["seats"], 4);
  Hub& hub = f.hub();
  ASSERT_EQ(f.summary(id, orcs)["to_move"], "orcs");  // the orcs pick on (PB Aufbau 4)
  const uint64_t built = hub.views_built();
  const std::string elves_view = fresh_connection_state(hub, id, elves);  // kept
  const int64_t kept = hub.view_cache_bytes();
  ASSERT_GT(kept, 0);
  ASSERT_LE(kept, 2000);
  const std::string orcs_view = fresh_connection_state(hub, id, orcs);  // over the budget
  EXPECT_GT(orcs_view.size(), 2000u);
  EXPECT_EQ(fresh_connection_state(hub, id, orcs), orcs_view);
  EXPECT_EQ(hub.views_built(), built + 3);  // the orcs' view built for each message
  EXPECT_EQ(hub.view_cache_bytes(), kept);
  EXPECT_EQ(fresh_connection_state(hub, id, elves), elves_view);  // still kept
  EXPECT_EQ(hub.views_built(), built + 3);
  EXPECT_NE(json::parse(orcs_view)["observation"], json::parse(elves_view)["observation"]);
}

TEST(HubViewCache, AViewIsNotShownOfTheNextStateAndUndoneStatesAreBuiltAgain) {
  HubFixture f("view-cache-next");
  json c = f.create(kCachePocketGame);
  const std::string id = c["id"];
  const std::string orcs = c["seats"]["orcs"]["token"], elves = c["seats"]["elves"]["token"];
  play_first_legal(f, id, c["seats"], 2);
  Hub& hub = f.hub();
  Conn oc;
  ASSERT_TRUE(oc.open(hub, id, orcs).is_null());
  const json first = oc.state(hub);
  ASSERT_EQ(first["decision"]["seat"], "orcs");  // the orcs pick on (PB Aufbau 4)
  auto same_view = [](const json& a, const json& b) {
    return a["observation"] == b["observation"] && a["decision"] == b["decision"] &&
           a["legal"] == b["legal"];
  };

  uint64_t built = hub.views_built();
  play_first_legal(f, id, c["seats"], 1);
  const json next = oc.state(hub);
  EXPECT_GT(hub.views_built(), built);  // the new state's view is built, not the old one shown
  EXPECT_EQ(next["state_id"], first["state_id"].get<int64_t>() + 1);
  EXPECT_FALSE(same_view(next, first));
  EXPECT_TRUE(same_view(json::parse(fresh_connection_state(hub, id, orcs)), next));

  // Undo: the position of `first` again, under a new state id, its view built again.
  built = hub.views_built();
  std::vector<json> replies = oc.send(hub, {{"type", "undo"}, {"state_id", next["state_id"]}});
  ASSERT_TRUE(replies.empty()) << replies.front().dump();
  const json undone = oc.state(hub);
  EXPECT_EQ(hub.views_built(), built + 1);
  EXPECT_EQ(undone["state_id"], next["state_id"].get<int64_t>() + 1);
  EXPECT_EQ(undone["move"], first["move"]);
  EXPECT_TRUE(same_view(undone, first));

  // Without the cache the same: both hubs agree on the state after the undo.
  const std::string cached_orcs = fresh_connection_state(hub, id, orcs);
  const std::string cached_elves = fresh_connection_state(hub, id, elves);
  HubOptions no_cache = HubFixture::no_worker();
  no_cache.view_cache_bytes = 0;
  f.reopen(no_cache);
  EXPECT_EQ(fresh_connection_state(f.hub(), id, orcs), cached_orcs);
  EXPECT_EQ(fresh_connection_state(f.hub(), id, elves), cached_elves);
}

}  // namespace
}  // namespace feldherr::server::hubtest
