// An action started without waiting (Hub::http_async, docs/server.md "Throughput"): it is
// answered only once it is durable, nobody sees or changes the game before, an action the
// store refuses is answered with an error and undone in memory, and whatever would have to wait
// is left to the caller.
#include <gtest/gtest.h>

#include <atomic>
#include <thread>

#include "hub_fixture.h"

namespace feldherr::server::hubtest {
namespace {

// A store that holds its appends until release() (a slow disk), and refuses them while `fail`.
class HeldStore : public SqliteStore {
 public:
  using SqliteStore::SqliteStore;
  void append_async(AppendRequest request, AppendDone done) override {
    std::lock_guard lock(mu_);
    held_.emplace_back(std::move(request), std::move(done));
  }
  // Hands the held appends to the SQLite store (or refuses them); returns how many.
  size_t release() {
    std::vector<std::pair<AppendRequest, AppendDone>> held;
    {
      std::lock_guard lock(mu_);
      held.swap(held_);
    }
    for (auto& [request, done] : held) {
      if (fail)
        done("disk full");
      else
        SqliteStore::append_async(std::move(request), std::move(done));
    }
    return held.size();
  }
  size_t held() {
    std::lock_guard lock(mu_);
    return held_.size();
  }
  std::atomic<bool> fail{false};

 private:
  std::mutex mu_;
  std::vector<std::pair<AppendRequest, AppendDone>> held_;
};

// The reply of an http_async() call, once it comes.
struct Answer {
  std::mutex mu;
  std::condition_variable cv;
  std::optional<HttpReply> reply;
  std::function<void(HttpReply)> callback() {
    return [this](HttpReply r) {
      std::lock_guard lock(mu);
      reply = std::move(r);
      cv.notify_all();
    };
  }
  bool came() {
    std::lock_guard lock(mu);
    return reply.has_value();
  }
  HttpReply wait() {
    std::unique_lock lock(mu);
    cv.wait(lock, [&] { return reply.has_value(); });
    return *reply;
  }
};

class HubAsync : public ::testing::Test {
 protected:
  HubAsync() : dir_("hub-async"), store_((dir_ / "db.sqlite").string()) {
    HubOptions o;
    o.start_ai_worker = false;
    hub_ = std::make_unique<Hub>(test_registry(), store_, o);
    json c = create();
    id_ = c["id"];
    seats_ = c["seats"];
  }
  ~HubAsync() override {
    store_.release();
    hub_->stop();
  }
  json create() {
    HttpReply r = hub_->http(
        "POST", "/api/games",
        json({{"game", "pocket/orcs-vs-elves"}, {"seats", {{"orcs", "human"}, {"elves", "human"}}}})
            .dump());
    EXPECT_EQ(r.status, 201) << r.body;
    return json::parse(r.body);
  }
  std::string token(const std::string& side) { return seats_[side]["token"]; }
  // The view of the seat owing the decision (its first look rolls the opening).
  json view() {
    json g = json::parse(hub_->http("GET", "/api/games/" + id_, "").body);
    to_move_ = g["to_move"];
    return json::parse(
        hub_->http("GET", "/api/games/" + id_ + "?token=" + token(to_move_), "").body);
  }
  std::string action_body(const json& v) {
    return json({{"token", token(to_move_)},
                 {"state_id", v["state_id"]},
                 {"action_id", v["legal"][0]["id"]}})
        .dump();
  }
  bool start(const std::string& body, Answer& a) {
    return hub_->http_async("POST", "/api/games/" + id_ + "/action", body, a.callback());
  }
  size_t stored_rows() { return store_.rows(id_).size(); }

  ScratchDir dir_;
  HeldStore store_;
  std::unique_ptr<Hub> hub_;
  std::string id_, to_move_;
  json seats_;
};

TEST_F(HubAsync, AnActionIsAnsweredOnlyOnceItIsStored) {
  json v = view();
  const size_t rows = stored_rows();
  Answer a;
  ASSERT_TRUE(start(action_body(v), a));
  EXPECT_FALSE(a.came());
  EXPECT_EQ(stored_rows(), rows);
  // Meanwhile the game cannot be shown from memory: its new state is not stored yet.
  EXPECT_FALSE(hub_->http_now("GET", "/api/games/" + id_).has_value());
  EXPECT_EQ(store_.release(), 1u);
  HttpReply r = a.wait();
  ASSERT_EQ(r.status, 200) << r.body;
  const json ok = json::parse(r.body);
  EXPECT_GT(stored_rows(), rows);
  EXPECT_EQ(ok["state_id"], static_cast<int64_t>(stored_rows()));
  std::optional<HttpReply> now = hub_->http_now("GET", "/api/games/" + id_);
  ASSERT_TRUE(now.has_value());
  EXPECT_EQ(json::parse(now->body)["state_id"], ok["state_id"]);
  // The reply names the side owing the next decision, as the game's entry does.
  ASSERT_TRUE(ok.contains("to_move")) << ok.dump();
  EXPECT_EQ(ok["to_move"], json::parse(now->body)["to_move"]);
}

TEST_F(HubAsync, ARequestDuringTheCommitWaitsAndSeesOnlyTheStoredState) {
  json v = view();
  Answer a;
  ASSERT_TRUE(start(action_body(v), a));
  std::atomic<bool> answered{false};
  json seen;
  std::thread reader([&] {
    seen = json::parse(hub_->http("GET", "/api/games/" + id_ + "?token=" + token("orcs"), "").body);
    answered = true;
  });
  std::this_thread::sleep_for(std::chrono::milliseconds(100));
  EXPECT_FALSE(answered.load()) << "a view of a state that was not stored";
  store_.release();
  reader.join();
  HttpReply r = a.wait();
  ASSERT_EQ(r.status, 200) << r.body;
  EXPECT_EQ(seen["state_id"], json::parse(r.body)["state_id"]);
}

TEST_F(HubAsync, AnActionTheStoreRefusesIsAnsweredWithAnErrorAndUndone) {
  json v = view();
  const size_t rows = stored_rows();
  store_.fail = true;
  Answer a;
  ASSERT_TRUE(start(action_body(v), a));
  store_.release();
  HttpReply r = a.wait();
  EXPECT_EQ(r.status, 500) << r.body;
  const json err = json::parse(r.body);
  EXPECT_EQ(err["code"], "internal");
  EXPECT_EQ(err["state_id"], v["state_id"]);
  EXPECT_EQ(stored_rows(), rows);
  // In memory the game is back where the store is: the same action is legal again.
  json again = view();
  EXPECT_EQ(again["state_id"], v["state_id"]);
  EXPECT_EQ(again["legal"], v["legal"]);
  store_.fail = false;
  Answer b;
  ASSERT_TRUE(start(action_body(again), b));
  store_.release();
  EXPECT_EQ(b.wait().status, 200);
}

TEST_F(HubAsync, ARefusedActionIsAnsweredAtOnce) {
  json v = view();
  json stale = json::parse(action_body(v));
  stale["state_id"] = v["state_id"].get<int64_t>() + 7;
  Answer a;
  ASSERT_TRUE(start(stale.dump(), a));
  ASSERT_TRUE(a.came());
  EXPECT_EQ(a.reply->status, 409);
  Answer b;
  ASSERT_TRUE(start(json({{"token", "0123"}, {"state_id", 0}, {"action_id", "1"}}).dump(), b));
  ASSERT_TRUE(b.came());
  EXPECT_EQ(b.reply->status, 403);
  EXPECT_EQ(store_.held(), 0u);
}

TEST_F(HubAsync, WhatWouldWaitIsLeftToTheCaller) {
  // Before any seat has looked, the first action rolls the opening (a commit of its own).
  Answer a;
  EXPECT_FALSE(
      start(json({{"token", token("orcs")}, {"state_id", 0}, {"action_id", "1"}}).dump(), a));
  json v = view();
  // While one action of the game is being stored, the next request for it waits elsewhere.
  Answer b, c;
  ASSERT_TRUE(start(action_body(v), b));
  EXPECT_FALSE(start(action_body(v), c));
  store_.release();
  EXPECT_EQ(b.wait().status, 200);
  // A game that is not in memory is loaded on a thread that may wait.
  hub_->stop();
  hub_.reset();
  HubOptions o;
  o.start_ai_worker = false;
  hub_ = std::make_unique<Hub>(test_registry(), store_, o);
  EXPECT_FALSE(start(action_body(v), c));
  EXPECT_FALSE(c.came());
  // Only actions.
  EXPECT_FALSE(hub_->http_async("GET", "/api/games/" + id_, "", c.callback()));
  EXPECT_FALSE(hub_->http_async("POST", "/api/games/" + id_ + "/concede", "{}", c.callback()));
}

// The replies of a message_async() call, once they come.
struct WsAnswer {
  std::mutex mu;
  std::optional<std::pair<std::vector<json>, bool>> replies;
  std::function<void(std::vector<json>, bool)> callback() {
    return [this](std::vector<json> r, bool push) {
      std::lock_guard lock(mu);
      replies.emplace(std::move(r), push);
    };
  }
  bool came() {
    std::lock_guard lock(mu);
    return replies.has_value();
  }
};

TEST_F(HubAsync, AWebSocketActionIsStoredBeforeItsStateIsPushed) {
  json v = view();
  Conn conn;
  ASSERT_TRUE(conn.open(*hub_, id_, token(to_move_)).is_null());
  conn.state(*hub_);
  const int notified = conn.counter->n;
  json message = {
      {"type", "action"}, {"state_id", v["state_id"]}, {"action_id", v["legal"][0]["id"]}};
  WsAnswer a;
  ASSERT_TRUE(hub_->message_async(conn.c, message.dump(), a.callback()));
  EXPECT_FALSE(a.came());
  EXPECT_EQ(conn.counter->n, notified);
  EXPECT_FALSE(hub_->state_message_now(conn.c).has_value());  // not stored yet
  store_.release();
  hub_->wait_for_stores();
  ASSERT_TRUE(a.came());
  EXPECT_TRUE(a.replies->first.empty());
  EXPECT_FALSE(a.replies->second);
  EXPECT_EQ(conn.counter->n, notified + 1);
  std::optional<std::string> state = hub_->state_message_now(conn.c);
  ASSERT_TRUE(state.has_value());
  EXPECT_EQ(json::parse(*state)["state_id"], static_cast<int64_t>(stored_rows()));
  // A stale action is refused at once, with a fresh state to follow.
  WsAnswer b;
  ASSERT_TRUE(hub_->message_async(conn.c, message.dump(), b.callback()));
  ASSERT_TRUE(b.came());
  ASSERT_EQ(b.replies->first.size(), 1u);
  EXPECT_EQ(b.replies->first[0]["code"], "stale");
  EXPECT_EQ(b.replies->first[0]["request"], "action");
  EXPECT_TRUE(b.replies->second);
  EXPECT_EQ(store_.held(), 0u);
  // Anything but an action is message()'s.
  EXPECT_FALSE(hub_->message_async(conn.c, R"({"type":"sync"})", b.callback()));
}

TEST_F(HubAsync, StoppingWaitsForTheActionsBeingStored) {
  json v = view();
  Answer a;
  ASSERT_TRUE(start(action_body(v), a));
  std::atomic<bool> stopped{false};
  std::thread stopper([&] {
    hub_->wait_for_stores();
    stopped = true;
  });
  std::this_thread::sleep_for(std::chrono::milliseconds(100));
  EXPECT_FALSE(stopped.load());
  store_.release();
  stopper.join();
  EXPECT_TRUE(a.came());
}

}  // namespace
}  // namespace feldherr::server::hubtest
