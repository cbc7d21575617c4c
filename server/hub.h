// The game hub of `feldherr serve` (docs/server.md, docs/protocol.md): every live game in
// memory (a Session each), the lobby's HTTP API and the WebSocket messages, as plain functions
// of (request text) -> (reply JSON). No networking here: server/net.cc (Boost.Beast) calls it.
//
// Threads: any thread may call the hub. Each game has its own mutex; the store serialises its
// writes. AI seats move in a pool of worker threads, fair between games (a game has at most one
// AI move in flight and goes to the back of the queue after each). A change is stored
// (committed) before anyone is told: subscribers are notified only after the commit.
//
// Memory: a game nobody is connected to, with no AI move pending, is evicted after
// HubOptions::idle_seconds (or sooner when more than max_live_games are in memory) and
// reloaded from the store when it is asked for again.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "engine/registry.h"
#include "engine/session.h"
#include "server/server.h"
#include "server/store.h"

namespace feldherr::server {

using json = nlohmann::json;

constexpr size_t kMaxMessageBytes = 16 * 1024;
constexpr int kSnapshotEvery = 50;

// Told that a game changed (called outside every hub lock; must not block).
class Subscriber {
 public:
  virtual ~Subscriber() = default;
  virtual void notify() = 0;
};

struct HttpReply {
  int status = 200;
  std::string content_type = "application/json";
  std::string body;
};

struct LiveGame;
struct RenderedView;

// One WebSocket connection's view of a game (owned by the connection).
struct Connection {
  std::shared_ptr<LiveGame> game;
  int seat = -3;      // a seat or kObserver
  size_t cursor = 0;  // history entries already sent
  bool first = true;  // no state sent yet
};

// Token bucket per connection: `rate` messages per second, bursts up to `burst`.
class RateLimiter {
 public:
  RateLimiter(double rate, double burst) : rate_(rate), burst_(burst), tokens_(burst) {}
  bool allow();

 private:
  double rate_, burst_, tokens_;
  std::chrono::steady_clock::time_point last_ = std::chrono::steady_clock::now();
  int refused_ = 0;
};

struct HubOptions {
  std::string web_dir;  // static files ("" = none)
  // Pause before each AI move (so that a human sees the moves one by one); 0 in tests.
  std::chrono::milliseconds ai_delay{0};
  bool start_ai_worker = true;  // false: AI moves only in run_ai_now() (tests)
  int ai_threads = 0;           // AI worker threads; 0: one per hardware thread (at least 1)
  // The longest an AI seat may think per decision, in seconds: `mcts:SECONDS` seats above it are
  // refused, `mcts:Nit` seats stop at it, and the catalog offers only the levels within it.
  double ai_max_seconds = 5.0;
  // A game with no connection and no AI move pending is evicted from memory after this long
  // untouched (reloaded from the store on demand); the oldest such games are evicted at once
  // while more than max_live_games are in memory.
  std::chrono::seconds idle{600};
  size_t max_live_games = 2000;
  // What a viewer is sent of a state (observation, decision, legal actions, text picture) is
  // built once per viewer and state and kept with the game until its state changes
  // (docs/server.md "Views built once"), up to this many bytes over all games; beyond it a view
  // is built for each message. 0: no cache (tests compare).
  size_t view_cache_bytes = size_t{64} << 20;
};

// The hub's options of `feldherr serve` (server.h).
HubOptions make_hub_options(const ServeOptions& serve);

class Hub {
 public:
  Hub(const Registry& registry, Store& store, HubOptions options);
  ~Hub();
  Hub(const Hub&) = delete;
  Hub& operator=(const Hub&) = delete;

  // Reloads every unfinished game from the store by replaying its log (checking the stored
  // hashes). Returns the number of games loaded; games that fail are marked "broken".
  int reload();

  // ---- HTTP ----
  // `target` is the request target ("/api/games?x=y"); `body` the request body.
  HttpReply http(const std::string& method, const std::string& target, const std::string& body);
  // The reply to a request that can be answered at once, without waiting for the disk or for
  // another request's change of the same game: GET /api/games/{id}[?token=] of a game in memory
  // whose lock is free and whose opening this request would not roll. nullopt: call http()
  // (on a thread that may wait). The network threads answer such requests themselves.
  std::optional<HttpReply> http_now(const std::string& method, const std::string& target);
  // Starts a request that waits for the disk without holding the calling thread:
  // POST /api/games/{id}/action of a game in memory, opened, that no other request holds. The
  // action is applied now and `done` gets the reply once it is durable (on the store's writer
  // thread; at once, on this thread, when it is refused). Meanwhile every other request of the
  // game waits (LiveGame::storing), so nobody sees a state that is not stored. False (and
  // `done` not called): nothing was done; call http() on a thread that may wait.
  bool http_async(const std::string& method, const std::string& target, const std::string& body,
                  std::function<void(HttpReply)> done);

  // ---- WebSocket ----
  // Opens a connection to game `id` for `token` ("" = observer). On failure returns an error
  // message JSON ({"type":"error",...}) and leaves `conn` empty.
  std::optional<json> open(const std::string& id, const std::string& token, Connection& conn);
  void subscribe(const Connection& conn, std::weak_ptr<Subscriber> subscriber);
  // Handles one client message; returns the replies to send (errors, odds). If `push_state` is
  // set on return, the caller sends a fresh state message (state_message) after the replies.
  std::vector<json> message(Connection& conn, const std::string& text, bool& push_state);
  // The `state` message for this connection (advances its cursor).
  std::string state_message(Connection& conn);  // JSON text
  // The same without waiting: nullopt when the game's lock is taken or its change is being
  // stored (then call state_message() on a thread that may wait).
  std::optional<std::string> state_message_now(Connection& conn);
  // message() of an action without waiting for the disk, as http_async(): `done` gets the replies
  // and whether to push a state, on the store's writer thread once the action is stored (on
  // success none: the new state reaches the connection through its subscription), or at once
  // when refused. False (and `done` not called): call message() on a thread that may wait.
  bool message_async(const Connection& conn, const std::string& text,
                     std::function<void(std::vector<json> replies, bool push_state)> done);

  // Runs pending AI moves in the calling thread until none is left (tests without the worker).
  void run_ai_now();
  void stop();
  // Returns once every change of http_async() has been stored and reported (its `done` called).
  void wait_for_stores();

  // For tests and the load bench.
  size_t live_games() const;
  bool is_live(const std::string& id) const;  // in memory now (not evicted)
  // Evicts the games that may leave memory now (see the top of this file); returns how many.
  size_t evict_idle();
  // The AI worker threads (0 when started without them).
  size_t ai_threads() const { return ai_threads_.size(); }
  // Views built so far (view_of calls for messages and summaries; cache hits not counted).
  uint64_t views_built() const { return views_built_.load(); }
  // The bytes of the views kept now (at most about HubOptions::view_cache_bytes).
  int64_t view_cache_bytes() const { return view_bytes_->load(); }

 private:
  HttpReply api(const std::string& method, const std::vector<std::string>& parts,
                const std::map<std::string, std::string>& query, const std::string& body);
  HttpReply catalog();
  HttpReply create(const std::string& body);
  HttpReply list();
  HttpReply summary(const std::string& id, const std::string& token);
  std::string summary_locked(const LiveGame& g, int seat) const;  // JSON text; g.mu held
  HttpReply log(const std::string& id, const std::string& token);
  HttpReply replay(const std::string& id);
  HttpReply board(const std::string& id);
  HttpReply observation(const std::string& id, const std::string& n, const std::string& view,
                        const std::string& token);
  HttpReply concede(const std::string& id, const std::string& body);
  HttpReply halt(const std::string& id, const std::string& body);  // POST .../stop
  HttpReply http_action(const std::string& id, const std::string& body);
  HttpReply static_file(const std::string& path);

  std::shared_ptr<LiveGame> get(const std::string& id);  // loads stored games on demand
  // The game with its players, before any row (no state beyond the initial one).
  std::shared_ptr<LiveGame> make_live(const StoredGame& stored);
  std::shared_ptr<LiveGame> load(const StoredGame& stored);  // make_live + the stored rows
  void maybe_evict();  // evict_idle() at most once a second, or at once over the cap

  // The first time a human seat shows its token: rolls the opening (the chance outcomes before
  // the first seat decision, docs/protocol.md "Dice") and lets AI seats move. True if the game
  // was not open before (the caller then calls after_change outside the lock).
  bool open_locked(LiveGame& g);

  // With the game locked: validates and applies an action of `seat` (+ dice), stores, returns
  // an error JSON or nullopt; `expected_state` must be the current state id.
  std::optional<json> act_locked(LiveGame& g, int seat, int64_t expected_state,
                                 const json& request);
  // act_locked() without storing: the rows to store are appended to `rows` (in memory the game
  // is ahead of the store until they are committed).
  std::optional<json> stage_locked(LiveGame& g, int seat, int64_t expected_state,
                                   const json& request, std::vector<StoredRow>& rows);
  std::optional<json> undo_locked(LiveGame& g, int seat, int64_t expected_state);
  // Applies `action` for the current seat, then rolls every chance outcome that follows;
  // appends the rows. Returns "" or the reason the action is illegal. `legal`: the caller found
  // the action among the state's legal actions (not looked up again).
  std::string apply_locked(LiveGame& g, const Action& action, std::vector<StoredRow>& rows,
                           bool legal = false);
  // Applies one action (no rolls after it) and appends its row; "" or why it is illegal.
  std::string push_locked(LiveGame& g, const Action& action, std::vector<StoredRow>& rows,
                          bool legal = false);
  // Rolls every chance outcome owed now, from the committed secret, appending the rows.
  void roll_locked(LiveGame& g, std::vector<StoredRow>& rows);
  // Commits `rows`; on failure rebuilds the game from the store and throws.
  void commit_locked(LiveGame& g, std::vector<StoredRow> rows);
  // The parts of commit_locked(): what to append (the rows, the status after them, a snapshot
  // when due), the game's stored fields once it is durable, the rebuild when it is not.
  AppendRequest append_request_locked(const LiveGame& g, std::vector<StoredRow> rows) const;
  static void stored_locked(LiveGame& g, int64_t last_seq, const GameStatus& status);
  void not_stored_locked(LiveGame& g);
  // Queues `rows` (staged under `lock`, which it releases) for the store and marks the game
  // storing until the store reports; then `reported` gets "" or the error, and the state id
  // the game is at (on the store's writer thread, with the game unlocked).
  void store_async(const std::shared_ptr<LiveGame>& g, std::unique_lock<std::mutex>& lock,
                   std::vector<StoredRow> rows,
                   std::function<void(const std::string& error, int64_t state_id)> reported);
  std::string state_message_locked(Connection& conn);
  // What `viewer` is sent of g's current state, from the game's cache or built now (g.mu held).
  const RenderedView& rendered_view_locked(const LiveGame& g, int viewer, bool text) const;
  // Stores the row that ends the game (`concede` by a seat, `stop` by the control token), after
  // the caller ended it in memory; the 500 reply when it cannot be stored.
  std::optional<HttpReply> commit_end_locked(LiveGame& g, const std::string& kind,
                                             const std::string& who);
  void after_change(const std::shared_ptr<LiveGame>& g);  // notify + schedule AI
  json odds_locked(LiveGame& g, int viewer, const json& request);

  void ai_loop();
  bool ai_step(const std::shared_ptr<LiveGame>& g);  // true if a move was made
  void schedule_ai(const std::shared_ptr<LiveGame>& g);

  const Registry& registry_;
  Store& store_;
  HubOptions options_;

  // The catalog's games (without the AI levels), described once (Hub::catalog).
  std::once_flag catalog_once_;
  json catalog_games_;

  mutable std::mutex games_mu_;
  std::map<std::string, std::shared_ptr<LiveGame>> games_;

  std::atomic<int64_t> last_sweep_ms_{0};
  mutable std::atomic<uint64_t> views_built_{0};
  // The bytes of the views kept by all games (LiveGame::views), against view_cache_bytes.
  std::shared_ptr<std::atomic<int64_t>> view_bytes_ = std::make_shared<std::atomic<int64_t>>(0);

  // Actions of http_async() whose commit has not reported yet (stop() waits for them).
  std::mutex storing_mu_;
  std::condition_variable storing_cv_;
  int storing_games_ = 0;

  std::mutex ai_mu_;
  std::condition_variable ai_cv_;
  std::deque<std::weak_ptr<LiveGame>> ai_queue_;  // each game at most once (LiveGame::ai_queued)
  bool stopping_ = false;
  std::vector<std::thread> ai_threads_;
};

// Error JSON {"type":"error","code":..,"message":..}.
json error_json(const std::string& code, const std::string& message);
// With the game's own reason in both languages: {"type":"error","code","message","message_de"}.
json error_json(const std::string& code, const Text& message);

}  // namespace feldherr::server
