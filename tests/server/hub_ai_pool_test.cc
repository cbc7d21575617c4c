// AI seats on a server (docs/server.md "AI seats"): a pool of worker threads, fair between games
// (one AI move in flight per game), a time cap per decision set by the operator, and the
// creator of a game without human seats may stop it.
#include <gtest/gtest.h>

#include <chrono>
#include <cstdio>
#include <thread>

#include "hub_fixture.h"

namespace feldherr::server::hubtest {
namespace {

using Clock = std::chrono::steady_clock;

TEST(HubAiPool, APoolSizedToTheMachineByDefault) {
  HubOptions o;
  o.ai_threads = 0;
  HubFixture f("pool-size", o);
  EXPECT_EQ(f.hub().ai_threads(), std::max<size_t>(1, std::thread::hardware_concurrency()));
  HubOptions two;
  two.ai_threads = 2;
  HubFixture g("pool-two", two);
  EXPECT_EQ(g.hub().ai_threads(), 2u);
}

// A long search in one game does not hold up another game's AI while a thread is free: with two
// threads, a heuristic-vs-heuristic game plays to its end while the other game's MCTS seat
// (a million iterations, every decision searched) still spends its seconds per decision.
TEST(HubAiPool, ALongSearchInOneGameDoesNotStallAnotherGamesAi) {
  HubOptions o;
  o.ai_threads = 2;
  o.ai_max_seconds = 3;
  HubFixture f("pool-fair", o);
  json slow =
      f.create({{"game", "pocket/orcs-vs-elves"},
                {"seats", {{"orcs", "mcts:1000000it:search-setup"}, {"elves", "heuristic"}}}});
  json quick = f.create({{"game", "pocket/orcs-vs-elves"},
                         {"seats", {{"orcs", "heuristic"}, {"elves", "heuristic"}}}});
  const auto start = Clock::now();
  json q;
  while (Clock::now() - start < std::chrono::seconds(120)) {
    q = f.summary(quick["id"]);
    if (q["status"] == "finished") break;
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  ASSERT_EQ(q["status"], "finished") << "the heuristic game did not finish in 120 s";
  json s = f.summary(slow["id"]);
  std::printf("quick game finished at move %d after %.1f s; the slow game was at move %d\n",
              q["move"].get<int>(), std::chrono::duration<double>(Clock::now() - start).count(),
              s["move"].get<int>());
  // Each MCTS decision of the slow game takes up to 3 s; the quick game made all its moves in
  // that time. Without the pool the quick game waits for every one of the slow game's searches.
  EXPECT_LT(s["move"].get<int>() * 2, q["move"].get<int>())
      << "slow game at move " << s["move"] << ", quick game finished at move " << q["move"];
}

// An iteration budget stops at the server's time cap: a million iterations do not hold a thread
// for minutes.
TEST(HubAiPool, AnIterationBudgetStopsAtTheServersTimeCap) {
  HubOptions o = HubFixture::no_worker();
  o.ai_max_seconds = 0.25;
  HubFixture f("pool-cap", o);
  json c = f.create({{"game", "pocket/orcs-vs-elves"},
                     {"seats", {{"orcs", "mcts:1000000it:search-setup"}, {"elves", "random"}}}});
  const auto start = Clock::now();
  f.hub().run_ai_now();  // until the game ends, or waits for nobody: both seats are AI
  json s = f.summary(c["id"]);
  const double seconds = std::chrono::duration<double>(Clock::now() - start).count();
  ASSERT_EQ(s["status"], "finished");
  // At most 0.25 s per orcs decision (a generous margin for a loaded machine); uncapped, the
  // first of them alone takes minutes.
  EXPECT_LT(seconds, 0.25 * s["move"].get<int>() + 30) << seconds;
  std::printf("pocket with mcts:1000000it capped at 0.25 s: %d moves in %.1f s\n",
              s["move"].get<int>(), seconds);
}

TEST(HubAiPool, SeatsAboveTheTimeCapAreRefusedAndTheCatalogOffersOnlyWhatItAllows) {
  HubOptions o = HubFixture::no_worker();
  o.ai_max_seconds = 2;
  HubFixture f("pool-levels", o);
  int status = 0;
  json r = f.http("POST", "/api/games",
                  {{"game", "pocket/orcs-vs-elves"}, {"seats", {{"orcs", "mcts:3"}}}}, &status);
  EXPECT_EQ(status, 400);
  const std::string why = r["message"];
  EXPECT_NE(why.find("at most 2 s"), std::string::npos) << why;
  EXPECT_NE(why.find("mcts:SECONDS"), std::string::npos) << why;
  f.http("POST", "/api/games", {{"game", "pocket/orcs-vs-elves"}, {"seats", {{"orcs", "mcts:2"}}}},
         &status);
  EXPECT_EQ(status, 201);
  f.http("POST", "/api/games",
         {{"game", "pocket/orcs-vs-elves"}, {"seats", {{"orcs", "mcts:1000000it"}}}}, &status);
  EXPECT_EQ(status, 201);
  // The difficulty levels (ai/levels.h): ai:hard thinks 3 s per decision, above this server's 2.
  r = f.http("POST", "/api/games",
             {{"game", "pocket/orcs-vs-elves"}, {"seats", {{"orcs", "ai:hard"}}}}, &status);
  EXPECT_EQ(status, 400);
  EXPECT_NE(r["message"].get<std::string>().find("at most 2 s"), std::string::npos) << r;
  r = f.http("POST", "/api/games",
             {{"game", "pocket/orcs-vs-elves"}, {"seats", {{"orcs", "ai:grandmaster"}}}}, &status);
  EXPECT_EQ(status, 400);
  EXPECT_NE(r["message"].get<std::string>().find("unknown level 'grandmaster'"), std::string::npos)
      << r;
  json c = f.create(
      {{"game", "pocket/orcs-vs-elves"}, {"seats", {{"orcs", "ai:easy"}, {"elves", "ai:normal"}}}});
  EXPECT_EQ(f.summary(c["id"])["seats"]["orcs"], "ai:easy") << f.summary(c["id"]);
  json catalog = f.http("GET", "/api/catalog");
  for (const json& g : catalog["games"])
    EXPECT_EQ(g["players"], json({"human", "ai:easy", "ai:normal", "random"})) << g["id"];
}

TEST(HubAiPool, TheCreatorOfAnAiOnlyGameStopsItAndTheStopIsStored) {
  HubFixture f("stop");
  json human = f.create({{"game", "pocket/orcs-vs-elves"}, {"seats", {{"elves", "random"}}}});
  EXPECT_FALSE(human.contains("control"));
  json c = f.create(
      {{"game", "pocket/orcs-vs-elves"}, {"seats", {{"orcs", "random"}, {"elves", "random"}}}});
  ASSERT_TRUE(c["control"].is_string());
  const std::string id = c["id"], control = c["control"];
  int status = 0;
  f.http("POST", "/api/games/" + id + "/stop", {{"token", "00112233445566778899aabbccddeeff"}},
         &status);
  EXPECT_EQ(status, 403);
  // A seat token of another game or its control token cannot act as a seat.
  f.http("POST", "/api/games/" + id + "/concede", {{"token", control}}, &status);
  EXPECT_EQ(status, 403);
  json r = f.http("POST", "/api/games/" + id + "/stop", {{"token", control}}, &status);
  EXPECT_EQ(status, 200) << r;
  f.hub().run_ai_now();  // the queued AI move finds the game over
  json s = f.summary(id);
  EXPECT_EQ(s["status"], "finished");
  EXPECT_EQ(s["result"]["summary"], "stopped");
  const int moves = s["move"];
  f.http("POST", "/api/games/" + id + "/stop", {{"token", control}}, &status);
  EXPECT_EQ(status, 409);
  f.reopen();
  json after = f.summary(id);
  EXPECT_EQ(after["status"], "finished");
  EXPECT_EQ(after["result"]["reason"], "stopped by its creator before the end");
  EXPECT_EQ(after["move"], moves);
  // A game with a human seat has no control token: the human concedes instead.
  f.http("POST", "/api/games/" + human["id"].get<std::string>() + "/stop", {{"token", control}},
         &status);
  EXPECT_EQ(status, 403);
}

}  // namespace
}  // namespace feldherr::server::hubtest
