// Load test on loopback (docs/server.md "Load test"): G concurrent pocket games (default 200),
// each played by a scripted client for A actions (default 5) over HTTP, with 16 client threads;
// reports actions/s and the p50/p99 latency of an acknowledged action (commit included).
//   FELDHERR_LOAD_GAMES=200 FELDHERR_LOAD_ACTIONS=40 build/<dir>/tests/test_server
//       --gtest_filter='ServerLoad*'
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <mutex>
#include <random>
#include <thread>

#include "client.h"
#include "engine/registry.h"
#include "server/hub.h"
#include "server/server.h"
#include "server/store.h"
#include "tests/util/scratch_dir.h"

namespace feldherr::server {
namespace {

using testing::http_request;
namespace fs = std::filesystem;

int env_int(const char* name, int fallback) {
  const char* v = std::getenv(name);
  return v ? std::max(1, std::atoi(v)) : fallback;
}

TEST(ServerLoad, ConcurrentGamesWithScriptedClients) {
  const int games = env_int("FELDHERR_LOAD_GAMES", 200);
  const int actions = env_int("FELDHERR_LOAD_ACTIONS", 5);
  const int threads = 16;
  const testing_util::ScratchDir dir("load");
  SqliteStore store((dir / "load.sqlite").string());
  HubOptions hub_options;
  Hub hub(all_games(), store, hub_options);
  ServeOptions options;
  options.port = 0;
  options.threads = 2;
  options.create_per_minute = 0;  // every game is created from 127.0.0.1
  Server server(hub, options);
  server.start();
  const uint16_t port = server.port();

  struct G {
    std::string id;
    json seats;
  };
  std::vector<G> created;
  for (int i = 0; i < games; ++i) {
    auto c =
        http_request(port, "POST", "/api/games",
                     R"({"game":"pocket/orcs-vs-elves","seats":{"orcs":"human","elves":"human"}})");
    ASSERT_EQ(c.status, 201);
    created.push_back({c.json_body["id"], c.json_body["seats"]});
  }
  std::mutex mu;
  std::vector<double> latencies_ms;
  std::atomic<int> errors{0};
  auto start = std::chrono::steady_clock::now();
  std::vector<std::thread> pool;
  for (int t = 0; t < threads; ++t) {
    pool.emplace_back([&, t] {
      std::mt19937 rng(static_cast<unsigned>(t));
      std::vector<double> mine;
      for (int round = 0; round < actions; ++round) {
        for (size_t k = static_cast<size_t>(t); k < created.size(); k += threads) {
          const G& g = created[k];
          auto s = http_request(port, "GET", "/api/games/" + g.id);
          std::string side = s.json_body.value("to_move", "");
          if (!g.seats.contains(side)) continue;
          std::string token = g.seats[side]["token"];
          auto v = http_request(port, "GET", "/api/games/" + g.id + "?token=" + token);
          const json& legal = v.json_body["legal"];
          if (legal.empty()) continue;
          const json& pick = legal[std::uniform_int_distribution<size_t>(0, legal.size() - 1)(rng)];
          auto t0 = std::chrono::steady_clock::now();
          auto r = http_request(port, "POST", "/api/games/" + g.id + "/action",
                                json({{"token", token},
                                      {"state_id", v.json_body["state_id"]},
                                      {"action_id", pick["id"]}})
                                    .dump());
          auto t1 = std::chrono::steady_clock::now();
          if (r.status != 200) {
            ++errors;
            continue;
          }
          mine.push_back(std::chrono::duration<double, std::milli>(t1 - t0).count());
        }
      }
      std::lock_guard lock(mu);
      latencies_ms.insert(latencies_ms.end(), mine.begin(), mine.end());
    });
  }
  for (auto& th : pool) th.join();
  double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  server.stop();
  hub.stop();
  ASSERT_FALSE(latencies_ms.empty());
  std::sort(latencies_ms.begin(), latencies_ms.end());
  auto pct = [&](double p) {
    return latencies_ms[std::min(
        latencies_ms.size() - 1,
        static_cast<size_t>(p * static_cast<double>(latencies_ms.size())))];
  };
  std::printf(
      "load: %d games, %zu acknowledged actions in %.2f s = %.0f actions/s (each action "
      "committed with fsync); latency p50 %.2f ms, p99 %.2f ms; %d refused\n",
      games, latencies_ms.size(), seconds, static_cast<double>(latencies_ms.size()) / seconds,
      pct(0.50), pct(0.99), errors.load());
  RecordProperty("actions_per_second",
                 static_cast<int>(static_cast<double>(latencies_ms.size()) / seconds));
  EXPECT_EQ(errors.load(), 0);
}

}  // namespace
}  // namespace feldherr::server
