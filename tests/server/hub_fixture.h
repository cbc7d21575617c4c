// A hub without the network for the hub tests (hub_*_test.cc): a SQLite store in a temp dir,
// requests through Hub::http and Hub::message, WebSocket connections as Hub::open + a recording
// subscriber. The registry holds every product game and the engine's Dice Race fixture game
// (tests/engine/toy_game.h), whose planted bugs show what the hub passes through.
#pragma once

#include <gtest/gtest.h>

#include <filesystem>
#include <memory>
#include <nlohmann/json.hpp>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "engine/registry.h"
#include "server/hub.h"
#include "server/store.h"
#include "tests/engine/toy_game.h"
#include "tests/util/scratch_dir.h"

namespace feldherr::server::hubtest {

using json = nlohmann::json;
namespace fs = std::filesystem;

using testing_util::ScratchDir;

// Every product game plus "dice-race/race"; "dice-race/marathon" is a scenario the fixture game
// does not offer (GameModule::unavailable), with its reason in English and German.
inline const Registry& test_registry() {
  static const Registry registry = [] {
    Registry r;
    for (const GameModule& m : all_games().modules()) r.add(m);
    GameModule race = toy::dice_race_module();
    race.unavailable = [](std::string_view s) -> Text {
      if (s != "marathon") return {};
      return {"needs the rule 'stamina'", "braucht die Regel 'stamina'"};
    };
    r.add(std::move(race));
    return r;
  }();
  return registry;
}

// Counts the notifications of one connection.
struct Counter : Subscriber {
  std::atomic<int> n{0};
  void notify() override { ++n; }
};

// A store and a hub on it; reopen() closes both and opens them again on the same file.
class HubFixture {
 public:
  explicit HubFixture(const std::string& name, HubOptions options = no_worker())
      : dir_("hub-" + name), options_(std::move(options)) {
    open();
  }
  ~HubFixture() { close(); }
  static HubOptions no_worker() {
    HubOptions o;
    o.start_ai_worker = false;
    return o;
  }
  void open() {
    store_ = std::make_unique<SqliteStore>((dir_ / "db.sqlite").string());
    hub_ = std::make_unique<Hub>(test_registry(), *store_, options_);
    reloaded_ = hub_->reload();
  }
  void close() {
    if (hub_) hub_->stop();
    hub_.reset();
    store_.reset();
  }
  void reopen() {
    close();
    open();
  }
  // Reopens with other hub options (the same store file).
  void reopen(HubOptions options) {
    close();
    options_ = std::move(options);
    open();
  }
  Hub& hub() { return *hub_; }
  SqliteStore& store() { return *store_; }
  int reloaded() const { return reloaded_; }
  const fs::path& dir() const { return dir_; }

  // An HTTP request; the reply body parsed (discarded JSON if it is none), status in `status`.
  json http(const std::string& method, const std::string& target, const json& body = nullptr,
            int* status = nullptr) {
    HttpReply r = hub_->http(method, target, body.is_null() ? "" : body.dump());
    if (status) *status = r.status;
    return json::parse(r.body, nullptr, false);
  }
  json create(const json& request) {
    int status = 0;
    json c = http("POST", "/api/games", request, &status);
    EXPECT_EQ(status, 201) << c.dump();
    return c;
  }
  json summary(const std::string& id, const std::string& token = "") {
    return http("GET", "/api/games/" + id + (token.empty() ? "" : "?token=" + token));
  }

 private:
  ScratchDir dir_;  // destroyed last, after the store
  HubOptions options_;
  std::unique_ptr<SqliteStore> store_;
  std::unique_ptr<Hub> hub_;
  int reloaded_ = 0;
};

// A WebSocket connection without the socket.
struct Conn {
  Connection c;
  std::shared_ptr<Counter> counter = std::make_shared<Counter>();
  // Opens; returns the error message or null.
  json open(Hub& hub, const std::string& id, const std::string& token) {
    std::optional<json> err = hub.open(id, token, c);
    if (err) return *err;
    hub.subscribe(c, counter);
    return nullptr;
  }
  json state(Hub& hub) { return json::parse(hub.state_message(c)); }
  // Sends a client message; returns the replies (a state message appended when pushed).
  std::vector<json> send(Hub& hub, const json& message) {
    bool push = false;
    std::vector<json> out = hub.message(c, message.dump(), push);
    if (push) out.push_back(json::parse(hub.state_message(c)));
    return out;
  }
};

}  // namespace feldherr::server::hubtest
