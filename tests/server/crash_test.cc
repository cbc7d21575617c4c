// The crash test (docs/server.md): `feldherr serve` is killed with SIGKILL at random moments
// while scripted clients play, then restarted; every acknowledged action must still be there,
// in order. FELDHERR_CRASH_RUNS (default 50) sets the number of kills; a longer run:
//   FELDHERR_CRASH_RUNS=500 build/<dir>/tests/test_server --gtest_filter='ServerCrash*'
#include <fcntl.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <random>
#include <thread>

#include "client.h"
#include "tests/util/scratch_dir.h"

namespace feldherr::server {
namespace {

using testing::http_request;
using json = nlohmann::json;
namespace fs = std::filesystem;

struct Process {
  pid_t pid = -1;
  uint16_t port = 0;
};

// Starts `feldherr serve --port 0` and reads the port from its "listening on" line. With
// `checkpoints`, the checkpointer copies the WAL back every 4 frames (--checkpoint-frames 4), so
// that kills land during its checkpoints and the WAL's new starts too.
Process start_server(const fs::path& db, bool checkpoints) {
  int out[2];
  if (pipe(out) != 0) return {};
  pid_t pid = fork();
  if (pid == 0) {
    dup2(out[1], 1);
    close(out[0]);
    close(out[1]);
    int null = open("/dev/null", O_WRONLY);
    dup2(null, 2);
    std::string bin = std::string(FELDHERR_BINARY_DIR) + "/cli/feldherr";
    std::string dbs = db.string();
    execl(bin.c_str(), "feldherr", "serve", "--port", "0", "--db", dbs.c_str(), "--ai-delay", "0",
          "--checkpoint-frames", checkpoints ? "4" : "1000", nullptr);
    _exit(127);
  }
  close(out[1]);
  std::string text;
  char buf[256];
  Process p;
  p.pid = pid;
  for (;;) {
    ssize_t n = read(out[0], buf, sizeof buf);
    if (n <= 0) break;
    text.append(buf, static_cast<size_t>(n));
    auto at = text.find("listening on http://127.0.0.1:");
    if (at != std::string::npos) {
      auto end = text.find('/', at + 30);
      if (end != std::string::npos) {
        p.port = static_cast<uint16_t>(std::stoi(text.substr(at + 30, end - at - 30)));
        break;
      }
    }
  }
  close(out[0]);  // the server's later writes to stdout fail silently (SIGPIPE ignored below)
  return p;
}

// What one seat saw acknowledged: the text of action n as that seat may see it (hidden
// information stays masked: pocket picks are hidden from the opponent and observers).
struct Seen {
  std::string side, text;
};
struct ScriptedGame {
  std::string id;
  json seats;
  std::vector<Seen> acked;  // by position (n-1), as acknowledged
};

// The game's log as `side` sees it.
json log_as(uint16_t port, const ScriptedGame& g, const std::string& side) {
  auto r = http_request(
      port, "GET",
      "/api/games/" + g.id + "/log?token=" + g.seats[side]["token"].get<std::string>());
  EXPECT_EQ(r.status, 200) << r.body;
  return r.json_body["actions"];
}

// Checks every acknowledged action against the server's log; then adopts the server's log
// (actions committed but not acknowledged before the kill are the truth from now on).
void check_and_adopt(uint16_t port, ScriptedGame& g, int run, int& extra) {
  std::map<std::string, json> logs;
  for (auto it = g.seats.begin(); it != g.seats.end(); ++it)
    logs[it.key()] = log_as(port, g, it.key());
  const json& first = logs.begin()->second;
  ASSERT_GE(first.size(), g.acked.size())
      << "run " << run << ": game " << g.id << " lost acknowledged actions";
  for (size_t i = 0; i < g.acked.size(); ++i)
    ASSERT_EQ(logs[g.acked[i].side][i]["text"], g.acked[i].text)
        << "run " << run << ", game " << g.id << ", action " << i + 1;
  extra += static_cast<int>(first.size() - g.acked.size());
  // The lobby's progress of the game (derived from its rows after a kill) is its log's.
  auto lobby = http_request(port, "GET", "/api/games");
  auto summary = http_request(port, "GET", "/api/games/" + g.id);
  const json* listed = nullptr;
  for (const json& e : lobby.json_body["games"])
    if (e["id"] == g.id) listed = &e;
  ASSERT_NE(listed, nullptr) << "run " << run << ": game " << g.id << " not in the lobby";
  EXPECT_EQ((*listed)["state_id"], first.size()) << "run " << run << ", game " << g.id;
  EXPECT_EQ((*listed)["move"], first.size()) << "run " << run << ", game " << g.id;
  EXPECT_EQ((*listed)["to_move"], summary.json_body["to_move"]) << "run " << run;
  EXPECT_EQ((*listed)["status"], summary.json_body["status"]) << "run " << run;
  g.acked.clear();
  // Each action as its own actor saw it (unmasked, as the clients record it).
  for (size_t i = 0; i < first.size(); ++i) {
    std::string actor = first[i]["seat"];
    std::string side = logs.count(actor) ? actor : logs.begin()->first;
    g.acked.push_back({side, logs[side][i]["text"]});
  }
}

TEST(ServerCrash, KillNineAtRandomMomentsLosesNoAcknowledgedAction) {
  signal(SIGPIPE, SIG_IGN);
  int runs = 50;
  if (const char* env = std::getenv("FELDHERR_CRASH_RUNS")) runs = std::max(1, std::atoi(env));
  const testing_util::ScratchDir dir("crash");
  fs::path db = dir / "crash.sqlite";
  std::mt19937 rng(12345);
  std::vector<ScriptedGame> games;
  int total_acked = 0, extra_committed = 0, verified_games = 0;

  for (int run = 0; run < runs; ++run) {
    Process server = start_server(db, run % 2 == 0);
    ASSERT_GT(server.port, 0) << "the server did not start (run " << run << ")";
    const uint16_t port = server.port;

    // After the restart: every acknowledged action is in the log, in order.
    for (ScriptedGame& g : games) {
      check_and_adopt(port, g, run, extra_committed);
      if (::testing::Test::HasFatalFailure()) return;
      ++verified_games;
    }
    // Keep three running games (finished ones are replaced).
    games.erase(std::remove_if(games.begin(), games.end(),
                               [&](const ScriptedGame& g) {
                                 auto s = http_request(port, "GET", "/api/games/" + g.id);
                                 return s.json_body["status"] != "active";
                               }),
                games.end());
    while (games.size() < 3) {
      auto c = http_request(
          port, "POST", "/api/games",
          R"({"game":"pocket/orcs-vs-elves","seats":{"orcs":"human","elves":"human"}})");
      ASSERT_EQ(c.status, 201) << c.body;
      ScriptedGame g{c.json_body["id"], c.json_body["seats"], {}};
      int ignored = 0;
      check_and_adopt(port, g, run, ignored);  // dice rolled at creation, if any
      games.push_back(std::move(g));
    }

    // Play (three client threads, one per game) and kill the server at a random moment.
    std::atomic<bool> stop{false};
    std::vector<std::thread> clients;
    for (size_t k = 0; k < games.size(); ++k) {
      clients.emplace_back([&, k, seed = rng()] {
        std::mt19937 local(seed);
        ScriptedGame& g = games[k];
        while (!stop) {
          auto s = http_request(port, "GET", "/api/games/" + g.id);
          if (s.status != 200) return;
          std::string side = s.json_body["to_move"];
          if (!g.seats.contains(side)) return;  // finished
          std::string token = g.seats[side]["token"];
          auto v = http_request(port, "GET", "/api/games/" + g.id + "?token=" + token);
          if (v.status != 200) return;
          const json& legal = v.json_body["legal"];
          if (legal.empty()) return;
          const json& pick =
              legal[std::uniform_int_distribution<size_t>(0, legal.size() - 1)(local)];
          auto r = http_request(port, "POST", "/api/games/" + g.id + "/action",
                                json({{"token", token},
                                      {"state_id", v.json_body["state_id"]},
                                      {"action_id", pick["id"]}})
                                    .dump());
          if (r.status != 200) return;  // killed (0) or refused: stop this client
          // Acknowledged: record exactly what the server says it applied.
          for (const json& a : r.json_body["applied"]) {
            size_t n = a["n"];
            g.acked.resize(n - 1);
            g.acked.push_back({side, a["text"]});
          }
        }
      });
    }
    std::this_thread::sleep_for(
        std::chrono::milliseconds(std::uniform_int_distribution<int>(5, 120)(rng)));
    kill(server.pid, SIGKILL);
    int status = 0;
    waitpid(server.pid, &status, 0);
    stop = true;
    for (auto& t : clients) t.join();
    for (const ScriptedGame& g : games) total_acked += static_cast<int>(g.acked.size());
  }
  // A final restart checks the last run too.
  Process server = start_server(db, false);
  ASSERT_GT(server.port, 0);
  for (ScriptedGame& g : games) check_and_adopt(server.port, g, runs, extra_committed);
  kill(server.pid, SIGKILL);
  waitpid(server.pid, nullptr, 0);
  RecordProperty("kills", runs);
  RecordProperty("acknowledged_actions_checked", total_acked);
  std::printf(
      "crash test: %d kills, %d game checks, %d actions acknowledged in total, %d "
      "committed but unacknowledged\n",
      runs, verified_games, total_acked, extra_committed);
  EXPECT_GT(total_acked, runs);  // the clients did play between the kills
}

}  // namespace
}  // namespace feldherr::server
