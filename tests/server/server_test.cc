// Server integration tests (docs/server.md): a real SQLite file in a temp dir, the server on an
// ephemeral loopback port, Beast clients (client.h). Named after the issue's requirements.
#include "server/server.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <random>
#include <sstream>
#include <thread>

#include "client.h"
#include "engine/fair_dice.h"
#include "engine/registry.h"
#include "engine/replay.h"
#include "server/hub.h"
#include "server/store.h"
#include "tests/util/scratch_dir.h"

namespace feldherr::server {
namespace {

using testing::http_request;
using testing::WsClient;
namespace fs = std::filesystem;

using testing_util::ScratchDir;

// A running server on an ephemeral port with its own store; restart() closes and reopens all.
class Running {
 public:
  explicit Running(const fs::path& db, bool ai = true) : db_(db), ai_(ai) { open(); }
  ~Running() { close(); }
  void open() {
    store_ = std::make_unique<SqliteStore>(db_.string());
    HubOptions options;
    options.start_ai_worker = ai_;
    hub_ = std::make_unique<Hub>(all_games(), *store_, options);
    reloaded_ = hub_->reload();
    ServeOptions serve;
    serve.port = 0;
    server_ = std::make_unique<Server>(*hub_, serve);
    server_->start();
  }
  void close() {
    if (server_) server_->stop();
    server_.reset();
    if (hub_) hub_->stop();
    hub_.reset();
    store_.reset();
  }
  void restart() {
    close();
    open();
  }
  uint16_t port() const { return server_->port(); }
  Hub& hub() { return *hub_; }
  int reloaded() const { return reloaded_; }

 private:
  fs::path db_;
  bool ai_;
  std::unique_ptr<SqliteStore> store_;
  std::unique_ptr<Hub> hub_;
  std::unique_ptr<Server> server_;
  int reloaded_ = 0;
};

json create(uint16_t port, const json& request) {
  auto r = http_request(port, "POST", "/api/games", request.dump());
  EXPECT_EQ(r.status, 201) << r.body;
  return r.json_body;
}

std::string ws_target(const std::string& id, const std::string& token) {
  return "/ws?game=" + id + (token.empty() ? "" : "&token=" + token);
}

// Plays the first legal action of whoever owes the decision via HTTP; returns the reply.
testing::HttpResult play_first(uint16_t port, const std::string& id, const json& tokens) {
  auto g = http_request(port, "GET", "/api/games/" + id);
  std::string side = g.json_body["to_move"];
  std::string token = tokens[side]["token"];
  auto s = http_request(port, "GET", "/api/games/" + id + "?token=" + token);
  json legal = s.json_body["legal"];
  EXPECT_FALSE(legal.empty());
  return http_request(
      port, "POST", "/api/games/" + id + "/action",
      json({{"token", token}, {"state_id", s.json_body["state_id"]}, {"action_id", legal[0]["id"]}})
          .dump());
}

const json kPocketHumans = {{"game", "pocket/orcs-vs-elves"},
                            {"seats", {{"orcs", "human"}, {"elves", "human"}}}};

TEST(ServerApi, CatalogListsEveryGameWithScenariosOptionsAndSeats) {
  const ScratchDir dir("server-catalog");
  Running server(dir / "db.sqlite");
  auto r = http_request(server.port(), "GET", "/api/catalog");
  ASSERT_EQ(r.status, 200);
  std::set<std::string> ids;
  for (const json& g : r.json_body["games"]) {
    ids.insert(g["id"].get<std::string>());
    EXPECT_FALSE(g["scenarios"].empty());
    EXPECT_FALSE(g["seats"].empty()) << g["id"];
  }
  EXPECT_TRUE(ids.count("pocket"));
  EXPECT_TRUE(ids.count("wsr"));
}

// docs/protocol.md "Two languages": every game and scenario title comes in German too, the
// English where the game has no German title.
TEST(ServerApi, CatalogTitlesComeInGermanToo) {
  const ScratchDir dir("server-catalog-de");
  Running server(dir / "db.sqlite");
  auto r = http_request(server.port(), "GET", "/api/catalog");
  ASSERT_EQ(r.status, 200);
  std::map<std::string, json> games;
  for (const json& g : r.json_body["games"]) {
    games[g["id"].get<std::string>()] = g;
    EXPECT_TRUE(g["title_de"].is_string()) << g["id"];
    for (const json& s : g["scenarios"]) EXPECT_TRUE(s["title_de"].is_string()) << s["id"];
  }
  ASSERT_TRUE(games.count("pocket") && games.count("wsr") && games.count("westerplatte"));
  EXPECT_EQ(games["pocket"]["title_de"], "Pocket Battles: Orks gegen Elfen");
  EXPECT_EQ(games["wsr"]["title_de"], "White Star Rising");
  const json& noville = games["wsr"]["scenarios"][0];
  EXPECT_EQ(noville["id"], "noville");
  EXPECT_EQ(noville["title"], "WSR-B1 Noville, Belgium (1944-12-19)");
  EXPECT_EQ(noville["title_de"], "WSR-B1 Noville, Belgien (1944-12-19)");
  EXPECT_EQ(games["westerplatte"]["title_de"],
            "7 Tage der Westerplatte (kooperativ, 1-4 Verteidiger)");
}

TEST(ServerApi, CreateReturnsOneTokenPerHumanSeatAndACommitment) {
  const ScratchDir dir("server-create");
  Running server(dir / "db.sqlite");
  json c = create(server.port(), {{"game", "pocket/orcs-vs-elves"},
                                  {"seats", {{"orcs", "human"}, {"elves", "heuristic"}}}});
  EXPECT_EQ(c["id"].get<std::string>().size(), 16u);
  EXPECT_EQ(c["seats"]["orcs"]["token"].get<std::string>().size(), 32u);
  EXPECT_EQ(c["seats"]["elves"]["ai"], "heuristic");
  EXPECT_EQ(c["seed_commitment"].get<std::string>().size(), 64u);
  auto bad = http_request(
      server.port(), "POST", "/api/games",
      json({{"game", "pocket/orcs-vs-elves"}, {"seats", {{"dwarves", "human"}}}}).dump());
  EXPECT_EQ(bad.status, 400);
  EXPECT_NE(bad.json_body["message"].get<std::string>().find("unknown side 'dwarves'"),
            std::string::npos);
  auto unknown = http_request(server.port(), "POST", "/api/games", R"({"game":"chess/x"})");
  EXPECT_EQ(unknown.status, 400);
  auto list = http_request(server.port(), "GET", "/api/games");
  ASSERT_EQ(list.status, 200);
  ASSERT_EQ(list.json_body["games"].size(), 1u);
  EXPECT_EQ(list.json_body["games"][0]["id"], c["id"]);
}

TEST(ServerWs, JoinActAndEverySeatGetsItsOwnState) {
  const ScratchDir dir("server-act");
  Running server(dir / "db.sqlite");
  json c = create(server.port(), kPocketHumans);
  std::string id = c["id"];
  WsClient orcs, elves, observer;
  ASSERT_TRUE(orcs.connect(server.port(), ws_target(id, c["seats"]["orcs"]["token"])));
  ASSERT_TRUE(elves.connect(server.port(), ws_target(id, c["seats"]["elves"]["token"])));
  ASSERT_TRUE(observer.connect(server.port(), ws_target(id, "")));
  auto so = orcs.receive_type("state");
  auto se = elves.receive_type("state");
  auto sx = observer.receive_type("state");
  ASSERT_TRUE(so && se && sx);
  EXPECT_EQ((*so)["seat"], "orcs");
  EXPECT_EQ((*sx)["seat"], "observer");
  EXPECT_TRUE((*sx)["legal"].empty());
  std::string to_move = (*so)["decision"]["seat"];
  WsClient& mover = to_move == "orcs" ? orcs : elves;
  json& mine = to_move == "orcs" ? *so : *se;
  ASSERT_FALSE(mine["legal"].empty());
  EXPECT_TRUE((to_move == "orcs" ? *se : *so)["legal"].empty());
  int64_t sid = mine["state_id"];
  ASSERT_TRUE(mover.send(
      json{{"type", "action"}, {"state_id", sid}, {"action", mine["legal"][0]["text"]}}));
  auto next = mover.receive_type("state");
  ASSERT_TRUE(next);
  EXPECT_GT((*next)["state_id"].get<int64_t>(), sid);
  ASSERT_FALSE((*next)["actions"].empty());
  EXPECT_EQ((*next)["actions"][0]["text"], mine["legal"][0]["text"]);
  auto seen = observer.receive_type("state");
  ASSERT_TRUE(seen);
  EXPECT_EQ((*seen)["state_id"], (*next)["state_id"]);
}

TEST(ServerWs, RejectsWrongSeatStaleMalformedAndIllegalMessagesAndNothingChanges) {
  const ScratchDir dir("server-reject");
  Running server(dir / "db.sqlite");
  json c = create(server.port(), kPocketHumans);
  std::string id = c["id"];
  auto g = http_request(server.port(), "GET", "/api/games/" + id);
  std::string to_move = g.json_body["to_move"];
  std::string other = to_move == "orcs" ? "elves" : "orcs";
  WsClient mover, waiter;
  ASSERT_TRUE(mover.connect(server.port(), ws_target(id, c["seats"][to_move]["token"])));
  ASSERT_TRUE(waiter.connect(server.port(), ws_target(id, c["seats"][other]["token"])));
  auto s = mover.receive_type("state");
  ASSERT_TRUE(waiter.receive_type("state"));
  ASSERT_TRUE(s);
  int64_t sid = (*s)["state_id"];
  std::string legal_text = (*s)["legal"][0]["text"];

  // Wrong seat.
  waiter.send(json{{"type", "action"}, {"state_id", sid}, {"action", legal_text}});
  auto e1 = waiter.receive_type("error");
  ASSERT_TRUE(e1);
  EXPECT_EQ((*e1)["code"], "not_your_turn");
  // Stale state id.
  mover.send(json{{"type", "action"}, {"state_id", sid - 1}, {"action", legal_text}});
  auto e2 = mover.receive_type("error");
  ASSERT_TRUE(e2);
  EXPECT_EQ((*e2)["code"], "stale");
  // Malformed JSON, not an object, deep nesting, missing fields, unknown type, bad id.
  for (const std::string& bad :
       {std::string("{\"type\":\"action\",,}"), std::string("[1,2]"), std::string(200, '['),
        std::string(R"({"type":"action"})"), std::string(R"({"type":"teleport"})"),
        std::string(R"({"type":"action","state_id":)" + std::to_string(sid) +
                    R"(,"action_id":"12x"})"),
        std::string(R"({"type":"action","state_id":"7","action":"x"})")}) {
    mover.send(bad);
    auto e = mover.receive_type("error");
    ASSERT_TRUE(e) << bad;
    EXPECT_EQ((*e)["code"], "bad_request") << bad;
  }
  // Unreadable and illegal action texts.
  mover.send(json{{"type", "action"}, {"state_id", sid}, {"action", "fly to the moon"}});
  auto e3 = mover.receive_type("error");
  ASSERT_TRUE(e3);
  EXPECT_TRUE((*e3)["code"] == "bad_request" || (*e3)["code"] == "illegal");
  mover.send(json{{"type", "action"}, {"state_id", sid}, {"action_id", "999999999999"}});
  auto e4 = mover.receive_type("error");
  ASSERT_TRUE(e4);
  EXPECT_EQ((*e4)["code"], "illegal");
  // Nothing changed: the state id is the same and the log is empty of player actions.
  mover.send(json{{"type", "sync"}});
  auto s2 = mover.receive_type("state");
  ASSERT_TRUE(s2);
  EXPECT_EQ((*s2)["state_id"], sid);
  // The connection still works: a legal action is accepted.
  mover.send(json{{"type", "action"}, {"state_id", sid}, {"action", legal_text}});
  std::optional<json> s3;
  for (int i = 0; i < 20; ++i) {  // states pushed after the refusals come first
    s3 = mover.receive_type("state");
    if (!s3 || (*s3)["state_id"].get<int64_t>() > sid) break;
  }
  ASSERT_TRUE(s3);
  EXPECT_GT((*s3)["state_id"].get<int64_t>(), sid);
}

TEST(ServerWs, OversizedMessageClosesTheConnectionAndTheServerLivesOn) {
  const ScratchDir dir("server-large");
  Running server(dir / "db.sqlite");
  json c = create(server.port(), kPocketHumans);
  std::string id = c["id"];
  WsClient client;
  ASSERT_TRUE(client.connect(server.port(), ws_target(id, "")));
  ASSERT_TRUE(client.receive_type("state"));
  client.send(std::string(64 * 1024, ' '));
  auto m = client.receive(std::chrono::seconds(5));
  EXPECT_FALSE(m);  // closed by the server (WebSocket close 1009)
  auto big = http_request(server.port(), "POST", "/api/games", std::string(40000, ' '));
  EXPECT_TRUE(big.status == 413 || big.status == 0);
  EXPECT_EQ(http_request(server.port(), "GET", "/api/catalog").status, 200);
  WsClient bad_token;
  ASSERT_TRUE(bad_token.connect(server.port(), ws_target(id, "00112233445566778899aabbccddeeff")));
  auto e = bad_token.receive_type("error");
  ASSERT_TRUE(e);
  EXPECT_EQ((*e)["code"], "bad_token");
}

TEST(ServerPersistence, RestartTheServerAndContinueFromTheLastAcknowledgedAction) {
  const ScratchDir dir("server-restart");
  Running server(dir / "db.sqlite");
  json c = create(server.port(), kPocketHumans);
  std::string id = c["id"];
  for (int i = 0; i < 12; ++i) {
    auto r = play_first(server.port(), id, c["seats"]);
    ASSERT_EQ(r.status, 200) << r.body;
  }
  auto before = http_request(server.port(), "GET", "/api/games/" + id + "/log");
  ASSERT_EQ(before.status, 200);
  server.restart();
  EXPECT_EQ(server.reloaded(), 1);
  auto after = http_request(server.port(), "GET", "/api/games/" + id + "/log");
  ASSERT_EQ(after.status, 200);
  EXPECT_EQ(after.json_body["actions"], before.json_body["actions"]);
  auto r = play_first(server.port(), id, c["seats"]);
  EXPECT_EQ(r.status, 200) << r.body;
  // The old token still works after the restart and the WebSocket sees the new state.
  WsClient client;
  ASSERT_TRUE(client.connect(server.port(), ws_target(id, c["seats"]["orcs"]["token"])));
  auto s = client.receive_type("state");
  ASSERT_TRUE(s);
  EXPECT_EQ((*s)["state_id"], r.json_body["state_id"]);
}

TEST(ServerUndo, UndoInsideTheOwnWindowAndItSurvivesARestart) {
  const ScratchDir dir("server-undo");
  Running server(dir / "db.sqlite");
  json c = create(server.port(), kPocketHumans);
  std::string id = c["id"];
  // Play until some seat may undo (the undo window is the rules' own).
  for (int i = 0; i < 200; ++i) {
    auto g = http_request(server.port(), "GET", "/api/games/" + id);
    std::string side = g.json_body["to_move"];
    if (side == "nobody") break;
    WsClient client;
    ASSERT_TRUE(client.connect(server.port(), ws_target(id, c["seats"][side]["token"])));
    auto s = client.receive_type("state");
    ASSERT_TRUE(s);
    if ((*s)["can_undo"] == true) {
      int64_t sid = (*s)["state_id"];
      size_t moves = (*s)["move"];
      client.send(json{{"type", "undo"}, {"state_id", sid}});
      auto u = client.receive_type("state");
      ASSERT_TRUE(u);
      EXPECT_EQ((*u)["move"].get<size_t>(), moves - 1);
      EXPECT_GT((*u)["state_id"].get<int64_t>(), sid);
      server.restart();
      auto after = http_request(server.port(), "GET", "/api/games/" + id);
      EXPECT_EQ(after.json_body["move"].get<size_t>(), moves - 1);
      EXPECT_EQ(after.json_body["state_id"], (*u)["state_id"]);
      return;
    }
    ASSERT_EQ(play_first(server.port(), id, c["seats"]).status, 200);
  }
  FAIL() << "no undo window met in 200 actions of a Pocket game";
}

TEST(ServerAi, AiSeatsPlayAGameToTheEndAndTheDiceVerifyAgainstTheCommitment) {
  const ScratchDir dir("server-ai");
  Running server(dir / "db.sqlite");
  json c = create(server.port(), {{"game", "pocket/orcs-vs-elves"},
                                  {"seats", {{"orcs", "random"}, {"elves", "random"}}}});
  std::string id = c["id"];
  json g;
  for (int i = 0; i < 600; ++i) {
    g = http_request(server.port(), "GET", "/api/games/" + id).json_body;
    if (g["status"] == "finished") break;
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  ASSERT_EQ(g["status"], "finished");
  ASSERT_FALSE(g["result"].is_null());
  auto log = http_request(server.port(), "GET", "/api/games/" + id + "/log");
  ASSERT_EQ(log.status, 200);
  std::string seed = log.json_body["seed"];
  EXPECT_EQ(dice_commitment(seed), c["seed_commitment"]);
  auto rep = http_request(server.port(), "GET", "/api/games/" + id + "/replay");
  ASSERT_EQ(rep.status, 200);
  std::istringstream in(rep.body);
  ReplayFile file = parse_replay(in, "server.jsonl");
  EXPECT_EQ(file.dice_secret, seed);
  auto game = all_games().create(replay_game_id(file), file.options);
  VerifyReport ok = verify_replay(*game, file, "server.jsonl");
  EXPECT_TRUE(ok.ok) << ok.error;
  EXPECT_EQ(ok.result_summary, g["result"]["summary"]);

  // A forged die: change the first chance outcome to another legal outcome.
  std::string forged;
  std::istringstream lines(rep.body);
  bool changed = false;
  for (std::string line; std::getline(lines, line);) {
    json j = json::parse(line);
    if (!changed && j["type"] == "action" && j["seat"] == "chance") {
      // Replay up to here to find another outcome of the same chance node.
      std::istringstream head(forged);
      ReplayFile partial = parse_replay(head, "x");
      Session session(game);
      for (const ReplayEntry& e : partial.entries)
        if (e.kind == ReplayEntry::kAction)
          ASSERT_EQ(session.act_text(e.text), "");
        else if (e.kind == ReplayEntry::kUndo)
          session.undo();
      for (const ChanceOutcome& o : session.state().chance_outcomes()) {
        std::string text = session.state().describe(o.action);
        if (text != j["action"]) {
          j["action"] = text;
          j["id"] = o.action.id();
          changed = true;
          break;
        }
      }
    }
    forged += j.dump() + "\n";
  }
  ASSERT_TRUE(changed);
  std::istringstream fin(forged);
  ReplayFile forged_file = parse_replay(fin, "forged.jsonl");
  VerifyReport bad = verify_replay(*game, forged_file, "forged.jsonl");
  EXPECT_FALSE(bad.ok);
  EXPECT_NE(bad.error.find("committed dice"), std::string::npos) << bad.error;
  // A wrong secret fails at its commitment.
  ReplayFile wrong = file;
  wrong.dice_secret[0] = wrong.dice_secret[0] == '0' ? '1' : '0';
  EXPECT_FALSE(verify_replay(*game, wrong, "wrong.jsonl").ok);
}

TEST(ServerAi, MctsSeatPlaysAGameToTheEndAndOutOfLimitSeatsAreRefused) {
  const ScratchDir dir("server-mcts");
  Running server(dir / "db.sqlite");
  json c = create(server.port(), {{"game", "pocket/orcs-vs-elves"},
                                  {"seats", {{"orcs", "mcts:40it"}, {"elves", "random"}}}});
  EXPECT_EQ(c["seats"]["orcs"]["ai"], "mcts:40it");
  std::string id = c["id"];
  json g;
  for (int i = 0; i < 1200; ++i) {
    g = http_request(server.port(), "GET", "/api/games/" + id).json_body;
    if (g["status"] == "finished") break;
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  ASSERT_EQ(g["status"], "finished");
  ASSERT_FALSE(g["result"].is_null());
  for (const char* bad : {"mcts:60", "mcts:5000000it", "mcts:abc", "alphazero"}) {
    auto r =
        http_request(server.port(), "POST", "/api/games",
                     json({{"game", "pocket/orcs-vs-elves"}, {"seats", {{"orcs", bad}}}}).dump());
    EXPECT_EQ(r.status, 400) << bad;
    EXPECT_NE(r.json_body["message"].get<std::string>().find("mcts:SECONDS"), std::string::npos);
  }
}

TEST(ServerWs, GamesWithAGraphicBoardSendTheObservationWithoutText) {
  const ScratchDir dir("server-text");
  Running server(dir / "db.sqlite");
  json wp = create(server.port(), {{"game", "westerplatte/easy"}, {"seats", {{"p1", "human"}}}});
  WsClient p1;
  ASSERT_TRUE(p1.connect(server.port(), ws_target(wp["id"], wp["seats"]["p1"]["token"])));
  auto s = p1.receive_type("state");
  ASSERT_TRUE(s);
  EXPECT_TRUE((*s)["text"].is_null());  // Westerplatte draws its board (web_board.cc)
  EXPECT_EQ((*s)["observation"]["lanes"].size(), 5u);
  auto board =
      http_request(server.port(), "GET", "/api/games/" + wp["id"].get<std::string>() + "/board");
  EXPECT_EQ(board.status, 200);
  EXPECT_EQ(board.json_body["kind"], "westerplatte");
  // The text picture of a game without a board: web_assets_test.cc (the Dice Race fixture).
  json pocket = create(server.port(), kPocketHumans);
  WsClient orcs;
  ASSERT_TRUE(
      orcs.connect(server.port(), ws_target(pocket["id"], pocket["seats"]["orcs"]["token"])));
  auto ps = orcs.receive_type("state");
  ASSERT_TRUE(ps);
  EXPECT_TRUE((*ps)["text"].is_null());  // Pocket Battles has its SVG board
}

TEST(ServerAi, HumanAgainstTheAiOverTheWebSocket) {
  const ScratchDir dir("server-human-ai");
  Running server(dir / "db.sqlite");
  json c = create(server.port(), {{"game", "pocket/orcs-vs-elves"},
                                  {"seats", {{"orcs", "human"}, {"elves", "random"}}}});
  std::string id = c["id"];
  WsClient orcs;
  ASSERT_TRUE(orcs.connect(server.port(), ws_target(id, c["seats"]["orcs"]["token"])));
  std::mt19937 rng(7);
  int acted = 0;
  for (int i = 0; i < 2000; ++i) {
    auto s = orcs.receive_type("state", std::chrono::seconds(20));
    ASSERT_TRUE(s);
    if (!(*s)["result"].is_null()) break;
    if ((*s)["legal"].empty()) continue;  // the AI is thinking; its move will be pushed
    const json& legal = (*s)["legal"];
    const json& pick = legal[std::uniform_int_distribution<size_t>(0, legal.size() - 1)(rng)];
    orcs.send(json{{"type", "action"}, {"state_id", (*s)["state_id"]}, {"action_id", pick["id"]}});
    ++acted;
  }
  auto g = http_request(server.port(), "GET", "/api/games/" + id).json_body;
  EXPECT_EQ(g["status"], "finished");
  EXPECT_GT(acted, 0);
}

TEST(ServerWs, OddsOfAnActionThatRollsListTheOutcomesWithTheirProbabilities) {
  const ScratchDir dir("server-odds");
  Running server(dir / "db.sqlite");
  json c = create(server.port(), kPocketHumans);
  std::string id = c["id"];
  std::mt19937 rng(3);
  for (int i = 0; i < 400; ++i) {
    auto g = http_request(server.port(), "GET", "/api/games/" + id);
    std::string side = g.json_body["to_move"];
    ASSERT_NE(side, "nobody") << "no action with odds met";
    WsClient client;
    ASSERT_TRUE(client.connect(server.port(), ws_target(id, c["seats"][side]["token"])));
    auto s = client.receive_type("state");
    ASSERT_TRUE(s);
    for (const json& a : (*s)["legal"]) {
      client.send(json{{"type", "odds"}, {"action_id", a["id"]}});
      std::optional<json> m = client.receive();
      while (m && (*m)["type"] == "state") m = client.receive();
      ASSERT_TRUE(m);
      if ((*m)["type"] == "error") {
        EXPECT_EQ((*m)["code"], "no_odds") << m->dump();
        continue;
      }
      ASSERT_EQ((*m)["type"], "odds");
      EXPECT_EQ((*m)["action"], a["text"]);
      // The game's own odds (Pocket: the hit distribution, games/pocket/odds.cc) or the
      // generic distribution of the roll the action causes.
      double sum = 0;
      const json& odds = (*m)["odds"];
      if (odds.contains("net_hits")) {
        for (const json& p : odds["net_hits"]) sum += p.get<double>();
      } else {
        for (const json& o : odds["outcomes"]) sum += o["p"].get<double>();
      }
      EXPECT_NEAR(sum, 1.0, 1e-9) << odds.dump();
      // Nothing changed by asking.
      auto after = http_request(server.port(), "GET", "/api/games/" + id);
      EXPECT_EQ(after.json_body["state_id"], (*s)["state_id"]);
      return;
    }
    const json& legal = (*s)["legal"];
    const json& pick = legal[std::uniform_int_distribution<size_t>(0, legal.size() - 1)(rng)];
    client.send(
        json{{"type", "action"}, {"state_id", (*s)["state_id"]}, {"action_id", pick["id"]}});
    ASSERT_TRUE(client.receive_type("state"));
  }
  FAIL() << "no action with odds met in 400 actions";
}

TEST(ServerApi, ObservationAfterActionNForReplaySteppingGuardsHiddenViews) {
  const ScratchDir dir("server-observation");
  Running server(dir / "db.sqlite");
  json c = create(server.port(), kPocketHumans);
  std::string id = c["id"];
  for (int i = 0; i < 6; ++i) ASSERT_EQ(play_first(server.port(), id, c["seats"]).status, 200);
  auto now = http_request(server.port(), "GET", "/api/games/" + id);
  auto at_end = http_request(server.port(), "GET", "/api/games/" + id + "/observation");
  ASSERT_EQ(at_end.status, 200) << at_end.body;
  EXPECT_EQ(at_end.json_body["observation"], now.json_body["observation"]);
  auto start = http_request(server.port(), "GET", "/api/games/" + id + "/observation?n=0");
  ASSERT_EQ(start.status, 200);
  EXPECT_NE(start.json_body["observation"], now.json_body["observation"]);
  std::string orcs = c["seats"]["orcs"]["token"];
  EXPECT_EQ(http_request(server.port(), "GET",
                         "/api/games/" + id + "/observation?n=3&view=orcs&token=" + orcs)
                .status,
            200);
  EXPECT_EQ(http_request(server.port(), "GET",
                         "/api/games/" + id + "/observation?n=3&view=elves&token=" + orcs)
                .status,
            403);
  EXPECT_EQ(http_request(server.port(), "GET", "/api/games/" + id + "/observation?n=999").status,
            400);
}

TEST(ServerApi, ConcedeEndsTheGameAndRevealsTheSeed) {
  const ScratchDir dir("server-concede");
  Running server(dir / "db.sqlite");
  json c = create(server.port(), kPocketHumans);
  std::string id = c["id"];
  auto wrong =
      http_request(server.port(), "POST", "/api/games/" + id + "/concede", R"({"token":"0123"})");
  EXPECT_EQ(wrong.status, 403);
  auto r = http_request(server.port(), "POST", "/api/games/" + id + "/concede",
                        json({{"token", c["seats"]["orcs"]["token"]}}).dump());
  ASSERT_EQ(r.status, 200) << r.body;
  auto g = http_request(server.port(), "GET", "/api/games/" + id).json_body;
  EXPECT_EQ(g["status"], "finished");
  EXPECT_EQ(g["result"]["summary"], "elves wins");
  auto log = http_request(server.port(), "GET", "/api/games/" + id + "/log").json_body;
  EXPECT_EQ(dice_commitment(log["seed"].get<std::string>()), c["seed_commitment"]);
  server.restart();
  g = http_request(server.port(), "GET", "/api/games/" + id).json_body;
  EXPECT_EQ(g["status"], "finished");
  EXPECT_EQ(g["result"]["reason"], "orcs conceded");
}

TEST(ServerApi, BoardOfAGameIsItsModulesAndOfAnUnknownGame404) {
  const ScratchDir dir("server-board");
  Running server(dir / "db.sqlite");
  json c = create(server.port(), kPocketHumans);
  auto r =
      http_request(server.port(), "GET", "/api/games/" + c["id"].get<std::string>() + "/board");
  EXPECT_EQ(r.status, 200);
  EXPECT_EQ(r.json_body["kind"], "zones");
  EXPECT_EQ(http_request(server.port(), "GET", "/api/games/zzzz/board").status, 404);
}

TEST(ServerApi, WsrGameCanBeCreatedAndPlayedOverHttp) {
  const ScratchDir dir("server-wsr");
  Running server(dir / "db.sqlite");
  auto cat = http_request(server.port(), "GET", "/api/catalog").json_body;
  std::string scenario;
  for (const json& g : cat["games"])
    if (g["id"] == "wsr") scenario = g["scenarios"][0]["id"];
  ASSERT_FALSE(scenario.empty());
  auto r =
      http_request(server.port(), "POST", "/api/games", json({{"game", "wsr/" + scenario}}).dump());
  ASSERT_EQ(r.status, 201) << r.body;
  std::string id = r.json_body["id"];
  for (int i = 0; i < 10; ++i) {
    auto a = play_first(server.port(), id, r.json_body["seats"]);
    ASSERT_EQ(a.status, 200) << a.body;
  }
  server.restart();
  auto a = play_first(server.port(), id, r.json_body["seats"]);
  EXPECT_EQ(a.status, 200) << a.body;
}

TEST(ServerApi, StaticFilesAndSpaFallback) {
  const ScratchDir dir("server-static");
  fs::create_directories(dir / "web" / "assets");
  std::ofstream(dir / "web" / "index.html") << "<html>lobby</html>";
  std::ofstream(dir / "web" / "assets" / "app.js") << "console.log(1)";
  SqliteStore store((dir / "db.sqlite").string());
  HubOptions options;
  options.web_dir = (dir / "web").string();
  Hub hub(all_games(), store, options);
  EXPECT_EQ(hub.http("GET", "/", "").body, "<html>lobby</html>");
  auto js = hub.http("GET", "/assets/app.js", "");
  EXPECT_EQ(js.status, 200);
  EXPECT_NE(js.content_type.find("javascript"), std::string::npos);
  EXPECT_EQ(hub.http("GET", "/game/abc", "").body, "<html>lobby</html>");
  EXPECT_EQ(hub.http("GET", "/../secret.txt", "").status, 400);
  EXPECT_EQ(hub.http("GET", "/missing.js", "").status, 404);
}

}  // namespace
}  // namespace feldherr::server
