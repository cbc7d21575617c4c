// Durable storage of server games (docs/server.md): each game as its setup plus an append-only
// log of rows (actions, undos, concessions, stops) with periodic state hashes and snapshots.
//
// Store is the interface (a PostgreSQL store for several server instances can implement it);
// SqliteStore is the embedded default (WAL, synchronous=FULL: a row is on disk when append()
// returns or append_async() reports it, and only then is the action acknowledged to any client).
// An append's last row carries the game's progress after it (updated, moves, to_move); the games
// row takes it only when the status or the result changes, when the store closes and when it
// opens (from the rows a kill left); the reads show it all the same.
// Concurrent appends are committed together in one transaction (group commit) by the store's
// writer thread. WAL checkpoints run on a checkpointer thread with its own connection, off the
// writer's commits (docs/server.md "Checkpoints").
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

namespace feldherr::server {

struct StoredSeat {
  std::string side;        // "us"
  std::string player;      // "human", "random", "heuristic"
  std::string token_hash;  // SHA-256 hex of the seat token (human seats), else ""
};

struct StoredGame {
  std::string id;  // 16 hex digits
  std::string game, scenario, rules_version;
  std::string options_json;  // {"name":"value",...}
  std::vector<StoredSeat> seats;
  std::string secret_hex;        // dice secret (revealed only when finished)
  std::string commitment;        // SHA-256 of the secret
  std::string status;            // "active", "finished", "broken"
  std::string result_json;       // "" or {"summary","reason","returns":{...}}
  std::string created, updated;  // ISO 8601 UTC
  int64_t last_seq = 0;          // state id: the seq of the last row
  int moves = 0;                 // actions in the game's history (after undos)
  std::string to_move;           // side owing the decision, "chance", "nobody"
};

struct StoredRow {
  int64_t seq = 0;   // 1, 2, 3... per game; the state id after this row
  std::string kind;  // "action", "undo", "concede", "stop"
  int n = 0;         // action: its 1-based position in the history; undo: the undone n
  std::string seat;  // side id or "chance"
  uint64_t action_id = 0;
  std::string text;              // describe() before the action (unmasked)
  std::optional<uint64_t> hash;  // state hash after the action (every kHashEvery actions)
};

struct Snapshot {
  int n = 0;
  std::string state_json;
};

// Status fields written with rows in the same transaction.
struct GameStatus {
  std::string status;
  std::string result_json;
  int moves = 0;
  std::string to_move;
  // The game's `updated` time to write ("": the store's clock at the commit): the hub sets it, so
  // the time it shows is the one stored.
  std::string updated;
};

// Rows to append to game `id` with the status after them (and a snapshot every
// kSnapshotEvery actions).
struct AppendRequest {
  std::string id;
  std::vector<StoredRow> rows;
  GameStatus status;
  std::optional<Snapshot> snapshot;
};

// Told how an append_async() ended: "" once its rows are durable, else why nothing of it was
// stored. Runs on the store's writer thread: it must not wait for another append.
using AppendDone = std::function<void(const std::string& error)>;

class Store {
 public:
  virtual ~Store() = default;
  virtual void create_game(const StoredGame& game) = 0;
  // Stores a new game together with its first rows (the opening's rolls), in one transaction:
  // after a crash either all of it is there or nothing. `game`'s last_seq, moves, to_move,
  // status and result describe the state after `rows`. Throws std::runtime_error on failure.
  virtual void create_game_with_rows(const StoredGame& game,
                                     const std::vector<StoredRow>& rows) = 0;
  // Queues rows (seq must continue the game's log) and the status after them for one
  // transaction (which may hold other games' appends too) and returns at once; `done` is
  // called once they are durable or refused (nothing of this request written). Appends of one
  // game are written in the order they were queued.
  virtual void append_async(AppendRequest request, AppendDone done) = 0;
  // append_async() that waits: durable when it returns; throws std::runtime_error on failure
  // (nothing of this call written). Never call it from an AppendDone.
  void append(const std::string& id, const std::vector<StoredRow>& rows, const GameStatus& status,
              const std::optional<Snapshot>& snapshot);
  virtual void set_status(const std::string& id, const std::string& status) = 0;
  // Most recently updated first.
  virtual std::vector<StoredGame> list_games(int limit) = 0;
  virtual std::vector<StoredGame> unfinished_games() = 0;
  virtual std::optional<StoredGame> find_game(const std::string& id) = 0;
  virtual std::vector<StoredRow> rows(const std::string& id) = 0;
  virtual std::optional<Snapshot> last_snapshot(const std::string& id) = 0;
};

// Times of one kind of event (the last `kept`), for the statistics `feldherr serve` prints.
class Durations {
 public:
  explicit Durations(size_t kept = 100000) : kept_(kept) {}
  void add(double ms);
  struct Summary {
    uint64_t count = 0;                         // all events, not only the kept ones
    double p50_ms = 0, p99_ms = 0, max_ms = 0;  // of the kept ones
    double total_ms = 0;                        // of all events
  };
  Summary summary() const;

 private:
  size_t kept_;
  std::vector<float> ms_;
  size_t next_ = 0;
  uint64_t count_ = 0;
  double total_ms_ = 0;
};

// When the checkpointer runs (docs/server.md "Checkpoints"); the defaults are the server's.
struct StoreOptions {
  // A PASSIVE checkpoint once this many WAL frames (pages) were committed since the last one
  // (SQLite's own automatic checkpoint, which runs inside a commit, uses 1000 as well). 0: no
  // checkpointer; SQLite checkpoints inside the commit that takes the WAL past 1000 frames.
  int checkpoint_frames = 1000;
  // The WAL's bound, in frames: when a commit leaves the WAL longer, the writer waits before
  // its next transaction until the checkpointer has copied every frame back, so that the
  // transaction starts the WAL again from its beginning. Such a wait lasts about one
  // checkpoint; the higher the bound, the rarer (docs/server.md "Checkpoints").
  int wal_limit_frames = 65536;
};

class SqliteStore : public Store {
 public:
  // Opens or creates the database file; throws std::runtime_error.
  explicit SqliteStore(const std::string& path, StoreOptions options = {});
  ~SqliteStore() override;
  void create_game(const StoredGame& game) override;
  void create_game_with_rows(const StoredGame& game, const std::vector<StoredRow>& rows) override;
  void append_async(AppendRequest request, AppendDone done) override;
  void set_status(const std::string& id, const std::string& status) override;
  std::vector<StoredGame> list_games(int limit) override;
  std::vector<StoredGame> unfinished_games() override;
  std::optional<StoredGame> find_game(const std::string& id) override;
  std::vector<StoredRow> rows(const std::string& id) override;
  std::optional<Snapshot> last_snapshot(const std::string& id) override;
  // Write transactions of appends committed so far (concurrent appends share one).
  uint64_t transactions() const;
  // How the group commits went: `feldherr serve` prints it when it stops, so that a load
  // benchmark can tell the time the disk took to make the appends durable (the fsync of each
  // commit) from the server's own, and see the checkpoints beside them.
  struct CommitStats {
    uint64_t commits = 0, appends = 0;
    size_t largest = 0;                         // appends in the largest commit
    double p50_ms = 0, p99_ms = 0, max_ms = 0;  // time of a commit (the last 100,000)
    // From append_async() to its report: waiting for the writer, the commit, the report.
    Durations::Summary append_wait;
    // The frames (pages) the commits wrote to the WAL, and the checkpointer's PASSIVE
    // checkpoints.
    uint64_t frames_committed = 0;
    Durations::Summary checkpoints;
    int max_wal_frames = 0;  // the longest the WAL was after a commit
    // The writer's waits for a whole checkpoint at the WAL's bound (StoreOptions).
    Durations::Summary bound_waits;
  };
  CommitStats commit_stats();
  // Called by SQLite after each commit on the store's connection (its WAL hook): the WAL's
  // length in frames then.
  void committed_frames(int wal_frames);

 private:
  struct Impl;
  struct Pending {
    AppendRequest request;
    AppendDone done;
    std::string error;  // "" = committed
    std::chrono::steady_clock::time_point queued;
    bool folded = false;  // the games row took the progress (write_one)
  };
  void writer_loop();
  void checkpointer_loop();
  // Before a transaction: while the WAL is beyond its bound, waits for a whole checkpoint.
  void wait_for_wal_bound();
  void commit_batch(std::vector<Pending>& batch);
  // Writes the request's rows, the game's progress on the last one; true when the games row took
  // the progress too (its status or result changed, or no row was there to carry it).
  bool write_one(const AppendRequest& p, const std::string& now);
  std::unique_ptr<Impl> impl_;
  std::mutex mu_;  // the database connection
  // Group commit: the appends waiting for the writer's next transaction.
  std::mutex queue_mu_;
  std::condition_variable queue_cv_;
  std::vector<Pending> queue_;
  bool stopping_ = false;
  // The checkpointer (docs/server.md "Checkpoints"): woken by committed_frames().
  StoreOptions options_;
  std::mutex ck_mu_;
  std::condition_variable ck_cv_;       // to the checkpointer: frames to copy, or stopping
  std::condition_variable ck_done_cv_;  // to the writer: a whole checkpoint is done
  int wal_frames_ = 0;                  // the WAL's length after the last commit
  int new_frames_ = 0;                  // frames committed since the last checkpoint began
  bool whole_wanted_ = false;           // the writer waits for a whole checkpoint
  uint64_t whole_done_ = 0;             // whole checkpoints done (the WAL copied back entirely)
  bool ck_stopping_ = false;
  int max_wal_frames_ = 0;
  uint64_t frames_committed_ = 0;
  Durations checkpoint_ms_, bound_wait_ms_, append_wait_ms_;
  std::thread checkpointer_;
  std::thread writer_;  // last: started when the rest is ready, joined first
};

std::string utc_now_iso();

}  // namespace feldherr::server
