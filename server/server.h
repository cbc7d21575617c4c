// `feldherr serve` (docs/server.md): the HTTP + WebSocket server (Boost.Beast, server/net.cc)
// around the game hub (server/hub.h) and its SQLite store (server/store.h).
#pragma once

#include <cstdint>
#include <iosfwd>
#include <memory>
#include <string>

#include "engine/registry.h"

namespace feldherr::server {

class Hub;

struct ServeOptions {
  std::string bind = "127.0.0.1";
  uint16_t port = 8080;  // 0 = an ephemeral port (see Server::port)
  std::string db = "feldherr.db";
  std::string web_dir;        // "" = no static files
  int threads = 2;            // network threads
  int ai_delay_ms = 300;      // pause before each AI move (0 in tests)
  int ai_threads = 0;         // AI worker threads (0: one per hardware thread)
  double ai_max_seconds = 5;  // the longest an AI seat thinks per decision
  int idle_seconds = 600;     // an idle game leaves memory after this long (reloaded on demand)
  int max_live_games = 2000;  // games kept in memory at most (idle ones are evicted first)
  // Concurrent connections (HTTP and WebSocket); beyond it a new connection gets 503 at once.
  int max_connections = 1000;
  // `POST /api/games` per client address: a token bucket of `create_per_minute` games per
  // minute, bursts up to `create_burst`; beyond it 429. 0 per minute = no limit.
  double create_per_minute = 10;
  int create_burst = 20;
  // Threads that run the hub's request handlers (which wait for their commit), so that the
  // network threads never wait for the disk and concurrent actions share one commit
  // (docs/server.md "Throughput").
  int handler_threads = 64;
  // WAL frames committed before the checkpointer copies them back (StoreOptions); 0: SQLite's
  // automatic checkpoint inside the commits (docs/server.md "Checkpoints").
  int checkpoint_frames = 1000;
};

// Latencies the server measures itself (a histogram of 50 µs buckets up to 1 s).
struct LatencyStats {
  uint64_t count = 0;
  double p50_ms = 0, p99_ms = 0, p999_ms = 0, max_ms = 0;  // a bucket's upper edge; max exact
};

// The network side: listens, serves HTTP (lobby API + static files) and WebSockets.
class Server {
 public:
  // Binds the port at once (throws std::runtime_error if it cannot).
  Server(Hub& hub, const ServeOptions& options);
  ~Server();
  uint16_t port() const;
  void start();  // runs the network threads in the background
  void stop();   // stops them and closes every connection
  // The HTTP actions applied at once (Hub::http_async): from the request read to its reply
  // written (`ack`), and the part until the reply was ready on the connection's strand
  // (`ready`: staging, the store's report, the resumption).
  LatencyStats ack_stats() const;
  LatencyStats ready_stats() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// The whole command: opens the store, reloads games, serves until SIGINT/SIGTERM.
// Prints "listening on http://HOST:PORT/" to `out` once ready. Returns an exit code.
int serve(const ServeOptions& options, const Registry& registry, std::ostream& out,
          std::ostream& err);

}  // namespace feldherr::server
