#include "server/store.h"

#include <SQLiteCpp/SQLiteCpp.h>
#include <sqlite3.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <nlohmann/json.hpp>
#include <optional>
#include <stdexcept>
#include <unordered_map>

namespace feldherr::server {

using json = nlohmann::json;

std::string utc_now_iso() {
  std::time_t t = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
  std::tm tm{};
  gmtime_r(&t, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return buf;
}

void Durations::add(double ms) {
  ++count_;
  total_ms_ += ms;
  if (ms_.size() < kept_)
    ms_.push_back(static_cast<float>(ms));
  else
    ms_[next_++ % kept_] = static_cast<float>(ms);
}

Durations::Summary Durations::summary() const {
  Summary s;
  s.count = count_;
  s.total_ms = total_ms_;
  if (ms_.empty()) return s;
  std::vector<float> ms = ms_;
  std::sort(ms.begin(), ms.end());
  const auto at = [&](double q) {
    return ms[static_cast<size_t>(q * static_cast<double>(ms.size() - 1))];
  };
  s.p50_ms = at(0.5);
  s.p99_ms = at(0.99);
  s.max_ms = ms.back();
  return s;
}

namespace {

double ms_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
      .count();
}

}  // namespace

// A game's progress after its last append: the last row carries it; the games row has it only
// once folded (at a change of status or result, at close, at the next open).
struct Progress {
  int64_t last_seq = 0;
  int moves = 0;
  std::string to_move, updated;
};

struct SqliteStore::Impl {
  explicit Impl(const std::string& path)
      : db(path, SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE | SQLite::OPEN_FULLMUTEX) {
    db.exec("PRAGMA journal_mode=WAL");
    // FULL: every commit is fsync'ed (WAL + NORMAL could lose the last commits on power loss).
    db.exec("PRAGMA synchronous=FULL");
    db.exec("PRAGMA foreign_keys=ON");
    db.setBusyTimeout(5000);
    db.exec(R"(CREATE TABLE IF NOT EXISTS games(
        id TEXT PRIMARY KEY, game TEXT NOT NULL, scenario TEXT NOT NULL,
        rules_version TEXT NOT NULL, options TEXT NOT NULL, seats TEXT NOT NULL,
        secret TEXT NOT NULL, commitment TEXT NOT NULL, status TEXT NOT NULL,
        result TEXT NOT NULL DEFAULT '', created TEXT NOT NULL, updated TEXT NOT NULL,
        last_seq INTEGER NOT NULL DEFAULT 0, moves INTEGER NOT NULL DEFAULT 0,
        to_move TEXT NOT NULL DEFAULT ''))");
    db.exec(R"(CREATE TABLE IF NOT EXISTS actions(
        game_id TEXT NOT NULL REFERENCES games(id), seq INTEGER NOT NULL, kind TEXT NOT NULL,
        n INTEGER NOT NULL, seat TEXT NOT NULL, action_id TEXT NOT NULL, text TEXT NOT NULL,
        hash TEXT, PRIMARY KEY(game_id, seq)))");
    db.exec(R"(CREATE TABLE IF NOT EXISTS snapshots(
        game_id TEXT NOT NULL REFERENCES games(id), n INTEGER NOT NULL, state TEXT NOT NULL,
        PRIMARY KEY(game_id, n)))");
    db.exec("CREATE INDEX IF NOT EXISTS games_updated ON games(updated)");
    migrate();
    fold_progress_of_rows();
  }
  // The schema's version (PRAGMA user_version): 0, the tables above alone; 1, the last row of
  // each append carries the game's progress after it (updated, moves, to_move), which the games
  // row then need not (docs/server.md "Persistence and crash safety").
  static constexpr int kSchemaVersion = 1;
  void migrate() {
    const int version = db.execAndGet("PRAGMA user_version").getInt();
    if (version >= kSchemaVersion) return;
    SQLite::Transaction tx(db);
    db.exec("ALTER TABLE actions ADD COLUMN updated TEXT");
    db.exec("ALTER TABLE actions ADD COLUMN moves INTEGER");
    db.exec("ALTER TABLE actions ADD COLUMN to_move TEXT");
    db.exec("PRAGMA user_version=" + std::to_string(kSchemaVersion));
    tx.commit();
  }
  // Writes into each games row the progress its game's last row carries when that row is newer
  // than what the games row says: on open, the appends an earlier process (killed, or stopped)
  // left unfolded.
  void fold_progress_of_rows() {
    SQLite::Statement q(db,
                        "SELECT g.id, a.seq, a.moves, a.to_move, a.updated FROM games g "
                        "JOIN actions a ON a.game_id = g.id AND a.seq = (SELECT MAX(seq) FROM "
                        "actions WHERE game_id = g.id) WHERE a.seq > g.last_seq AND a.updated "
                        "IS NOT NULL");
    std::vector<std::pair<std::string, Progress>> found;
    while (q.executeStep())
      found.emplace_back(q.getColumn(0).getString(),
                         Progress{q.getColumn(1).getInt64(), q.getColumn(2).getInt(),
                                  q.getColumn(3).getString(), q.getColumn(4).getString()});
    if (found.empty()) return;
    SQLite::Transaction tx(db);
    for (const auto& [id, p] : found) write_progress(id, p);
    tx.commit();
  }
  void write_progress(const std::string& id, const Progress& p) {
    SQLite::Statement u(db,
                        "UPDATE games SET last_seq=?, moves=?, to_move=?, updated=? WHERE id=? "
                        "AND last_seq<=?");
    u.bind(1, static_cast<int64_t>(p.last_seq));
    u.bind(2, p.moves);
    u.bind(3, p.to_move);
    u.bind(4, p.updated);
    u.bind(5, id);
    u.bind(6, static_cast<int64_t>(p.last_seq));
    u.exec();
  }
  // The progress of the games whose appends this process wrote but whose games row does not
  // have it yet (the connection's lock held); reads show it over the games row.
  std::unordered_map<std::string, Progress> progress;
  void overlay(StoredGame& g) const {
    auto it = progress.find(g.id);
    if (it == progress.end()) return;
    g.last_seq = it->second.last_seq;
    g.moves = it->second.moves;
    g.to_move = it->second.to_move;
    g.updated = it->second.updated;
  }
  // Folds every unfolded progress into the games rows, in one transaction.
  void fold_all() {
    if (progress.empty()) return;
    SQLite::Transaction tx(db);
    for (const auto& [id, p] : progress) write_progress(id, p);
    tx.commit();
    progress.clear();
  }
  SQLite::Database db;
  // The checkpointer's own connection (opened once the database exists).
  std::unique_ptr<SQLite::Database> checkpoint_db;
  std::atomic<uint64_t> transactions{0};
  // commit_stats(): the times of the last commits, the appends and the largest batch.
  Durations commit_ms;
  uint64_t appends = 0;
  size_t largest = 0;
  // append()'s statements, prepared once (with the connection's lock held).
  std::unique_ptr<SQLite::Statement> insert_row, update_game, update_game_status, insert_snapshot;
  // One savepoint per request of a group commit (commit_batch), prepared once as well.
  std::unique_ptr<SQLite::Statement> savepoint, release, rollback_to;
  void reset_statements() {
    for (auto* st :
         {insert_row.get(), update_game.get(), update_game_status.get(), insert_snapshot.get()})
      st->tryReset();
  }
  static void run(SQLite::Statement& st) {
    st.reset();
    st.exec();
  }
  void prepare() {
    if (insert_row) return;
    insert_row = std::make_unique<SQLite::Statement>(
        db,
        "INSERT INTO actions(game_id, seq, kind, n, seat, action_id, text, hash, updated, moves, "
        "to_move) VALUES(?,?,?,?,?,?,?,?,?,?,?)");
    update_game = std::make_unique<SQLite::Statement>(
        db,
        "UPDATE games SET status=?, result=?, updated=?, last_seq=MAX(last_seq, ?), moves=?, "
        "to_move=? WHERE id=?");
    // The games row only when the status or the result changes: the rest of the progress is in
    // the last row (a page of `games` and of its `games_updated` index less per append).
    update_game_status = std::make_unique<SQLite::Statement>(
        db,
        "UPDATE games SET status=?, result=?, updated=?, last_seq=MAX(last_seq, ?), moves=?, "
        "to_move=? WHERE id=? AND (status<>?1 OR result<>?2)");
    insert_snapshot = std::make_unique<SQLite::Statement>(
        db, "INSERT OR REPLACE INTO snapshots(game_id, n, state) VALUES(?,?,?)");
    savepoint = std::make_unique<SQLite::Statement>(db, "SAVEPOINT one");
    release = std::make_unique<SQLite::Statement>(db, "RELEASE one");
    rollback_to = std::make_unique<SQLite::Statement>(db, "ROLLBACK TO one");
  }
};

namespace {

int wal_hook(void* store, sqlite3*, const char*, int frames) {
  static_cast<SqliteStore*>(store)->committed_frames(frames);
  return SQLITE_OK;
}

}  // namespace

SqliteStore::SqliteStore(const std::string& path, StoreOptions options) : options_(options) {
  try {
    impl_ = std::make_unique<Impl>(path);
    if (options_.checkpoint_frames <= 0) {
      // SQLite's automatic checkpoint, inside the commits (and no checkpointer).
      impl_->db.exec("PRAGMA wal_autocheckpoint=1000");
    } else {
      // No checkpoint inside a commit: the checkpointer thread runs them on its own connection
      // (SqliteStore::checkpointer_loop). The WAL hook installed below replaces SQLite's
      // automatic checkpoint as well; this says it.
      impl_->db.exec("PRAGMA wal_autocheckpoint=0");
      impl_->checkpoint_db =
          std::make_unique<SQLite::Database>(path, SQLite::OPEN_READWRITE | SQLite::OPEN_FULLMUTEX);
      // A checkpoint syncs the WAL before copying it back and the database file after (FULL and
      // NORMAL alike): only then may the writer start the WAL again over the copied frames.
      impl_->checkpoint_db->exec("PRAGMA synchronous=FULL");
      impl_->checkpoint_db->exec("PRAGMA wal_autocheckpoint=0");
    }
  } catch (const SQLite::Exception& e) {
    throw std::runtime_error(path + ": cannot open the database: " + e.what());
  }
  if (impl_->checkpoint_db) {
    sqlite3_wal_hook(impl_->db.getHandle(), wal_hook, this);
    checkpointer_ = std::thread([this] { checkpointer_loop(); });
  }
  writer_ = std::thread([this] { writer_loop(); });
}

SqliteStore::~SqliteStore() {
  {
    std::lock_guard lock(queue_mu_);
    stopping_ = true;
  }
  queue_cv_.notify_one();
  writer_.join();  // after writing what was queued
  {
    std::lock_guard lock(mu_);
    try {
      impl_->fold_all();  // else the next open folds it from the rows
    } catch (const std::exception& e) {
      std::fprintf(stderr, "feldherr serve: the games' progress was not folded: %s\n", e.what());
    }
  }
  {
    std::lock_guard lock(ck_mu_);
    ck_stopping_ = true;
  }
  ck_cv_.notify_one();
  if (checkpointer_.joinable()) checkpointer_.join();
  impl_->checkpoint_db.reset();  // the writer's connection, closed last, checkpoints the rest
}

// The WAL hook of the writer's connection (on the thread that committed, its lock held): counts
// the frames committed and wakes the checkpointer when enough are there to copy back.
void SqliteStore::committed_frames(int wal_frames) {
  bool wake = false;
  {
    std::lock_guard lock(ck_mu_);
    // A shorter WAL than after the last commit: this transaction started it again.
    const int added = wal_frames >= wal_frames_ ? wal_frames - wal_frames_ : wal_frames;
    new_frames_ += added;
    frames_committed_ += static_cast<uint64_t>(added);
    wal_frames_ = wal_frames;
    max_wal_frames_ = std::max(max_wal_frames_, wal_frames);
    wake = new_frames_ >= options_.checkpoint_frames;
  }
  if (wake) ck_cv_.notify_one();
}

void SqliteStore::checkpointer_loop() {
  std::unique_lock lock(ck_mu_);
  for (;;) {
    ck_cv_.wait(lock, [&] {
      return ck_stopping_ || whole_wanted_ || new_frames_ >= options_.checkpoint_frames;
    });
    if (ck_stopping_) return;
    const bool whole = whole_wanted_;
    new_frames_ = 0;
    lock.unlock();
    // PASSIVE: copies back what no reader still needs, without waiting for any lock and without
    // holding the writer up; the writer goes on committing to the WAL meanwhile.
    int log = 0, copied = 0;
    const auto start = std::chrono::steady_clock::now();
    const int rc = sqlite3_wal_checkpoint_v2(impl_->checkpoint_db->getHandle(), nullptr,
                                             SQLITE_CHECKPOINT_PASSIVE, &log, &copied);
    const double ms = ms_since(start);
    lock.lock();
    if (rc != SQLITE_OK && rc != SQLITE_BUSY) {
      std::fprintf(stderr, "feldherr serve: a WAL checkpoint failed: %s\n", sqlite3_errstr(rc));
    } else {
      checkpoint_ms_.add(ms);
    }
    if (whole) {
      // The writer waits (wait_for_wal_bound) and commits nothing meanwhile: this checkpoint
      // copied the whole WAL unless it failed; either way the writer goes on.
      whole_wanted_ = false;
      ++whole_done_;
      ck_done_cv_.notify_all();
    }
  }
}

void SqliteStore::wait_for_wal_bound() {
  std::unique_lock lock(ck_mu_);
  if (wal_frames_ <= options_.wal_limit_frames) return;
  const auto start = std::chrono::steady_clock::now();
  const uint64_t done = whole_done_;
  whole_wanted_ = true;
  ck_cv_.notify_one();
  ck_done_cv_.wait(lock, [&] { return whole_done_ != done || ck_stopping_; });
  bound_wait_ms_.add(ms_since(start));
}

namespace {

std::string seats_json(const std::vector<StoredSeat>& seats) {
  json j = json::array();
  for (const StoredSeat& s : seats)
    j.push_back({{"side", s.side}, {"player", s.player}, {"token_hash", s.token_hash}});
  return j.dump();
}

StoredGame read_game(SQLite::Statement& q) {
  StoredGame g;
  g.id = q.getColumn(0).getString();
  g.game = q.getColumn(1).getString();
  g.scenario = q.getColumn(2).getString();
  g.rules_version = q.getColumn(3).getString();
  g.options_json = q.getColumn(4).getString();
  json seats = json::parse(q.getColumn(5).getString());
  for (const json& s : seats)
    g.seats.push_back({s.at("side").get<std::string>(), s.at("player").get<std::string>(),
                       s.at("token_hash").get<std::string>()});
  g.secret_hex = q.getColumn(6).getString();
  g.commitment = q.getColumn(7).getString();
  g.status = q.getColumn(8).getString();
  g.result_json = q.getColumn(9).getString();
  g.created = q.getColumn(10).getString();
  g.updated = q.getColumn(11).getString();
  g.last_seq = q.getColumn(12).getInt64();
  g.moves = q.getColumn(13).getInt();
  g.to_move = q.getColumn(14).getString();
  return g;
}

constexpr const char* kGameColumns =
    "id, game, scenario, rules_version, options, seats, secret, commitment, status, result, "
    "created, updated, last_seq, moves, to_move";

}  // namespace

namespace {

void insert_game(SQLite::Database& db, const StoredGame& g) {
  SQLite::Statement q(db,
                      "INSERT INTO games(id, game, scenario, rules_version, options, seats, "
                      "secret, commitment, status, result, created, updated, last_seq, moves, "
                      "to_move) VALUES(?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)");
  q.bind(1, g.id);
  q.bind(2, g.game);
  q.bind(3, g.scenario);
  q.bind(4, g.rules_version);
  q.bind(5, g.options_json);
  q.bind(6, seats_json(g.seats));
  q.bind(7, g.secret_hex);
  q.bind(8, g.commitment);
  q.bind(9, g.status);
  q.bind(10, g.result_json);
  q.bind(11, g.created);
  q.bind(12, g.updated);
  q.bind(13, static_cast<int64_t>(g.last_seq));
  q.bind(14, g.moves);
  q.bind(15, g.to_move);
  q.exec();
}

// Inserts one action row with `q` ("INSERT INTO actions(game_id, seq, kind, n, seat, action_id,
// text, hash, updated, moves, to_move) VALUES(?,...)"): the one form of a stored row, for
// append() and a new game's rows. `progress`: the game's after this row, on an append's last row.
void write_row(SQLite::Statement& q, const std::string& id, const StoredRow& r,
               const Progress* progress = nullptr) {
  q.reset();
  q.clearBindings();
  q.bind(1, id);
  q.bind(2, static_cast<int64_t>(r.seq));
  q.bind(3, r.kind);
  q.bind(4, r.n);
  q.bind(5, r.seat);
  q.bind(6, std::to_string(r.action_id));
  q.bind(7, r.text);
  if (r.hash) {
    char buf[17];
    std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(*r.hash));
    q.bind(8, std::string(buf));
  }
  if (progress) {
    q.bind(9, progress->updated);
    q.bind(10, progress->moves);
    q.bind(11, progress->to_move);
  }
  q.exec();
}

// The rows of a new game (create_game_with_rows), in the form append() writes.
void insert_first_rows(SQLite::Database& db, const std::string& id,
                       const std::vector<StoredRow>& rows) {
  SQLite::Statement q(db,
                      "INSERT INTO actions(game_id, seq, kind, n, seat, action_id, text, hash, "
                      "updated, moves, to_move) VALUES(?,?,?,?,?,?,?,?,?,?,?)");
  for (const StoredRow& r : rows) write_row(q, id, r);
}

}  // namespace

void SqliteStore::create_game(const StoredGame& g) {
  std::lock_guard lock(mu_);
  try {
    insert_game(impl_->db, g);
  } catch (const SQLite::Exception& e) {
    throw std::runtime_error(std::string("cannot store the new game: ") + e.what());
  }
}

void SqliteStore::create_game_with_rows(const StoredGame& g, const std::vector<StoredRow>& rows) {
  std::lock_guard lock(mu_);
  try {
    SQLite::Transaction tx(impl_->db);
    insert_game(impl_->db, g);
    insert_first_rows(impl_->db, g.id, rows);
    tx.commit();
  } catch (const SQLite::Exception& e) {
    throw std::runtime_error(std::string("cannot store the new game: ") + e.what());
  }
}

// Group commit: append_async() queues its request for the writer thread, which writes every
// queued request in one transaction (one savepoint each, so that a request that fails is rolled
// back alone) and then reports each one. While a transaction is being synced, new requests queue
// up for the next one: the more concurrent appends, the fewer syncs per action.
void Store::append(const std::string& id, const std::vector<StoredRow>& rows,
                   const GameStatus& status, const std::optional<Snapshot>& snapshot) {
  std::mutex mu;
  std::condition_variable cv;
  bool finished = false;
  std::string error;
  append_async(AppendRequest{id, rows, status, snapshot}, [&](const std::string& e) {
    std::lock_guard lock(mu);
    error = e;
    finished = true;
    cv.notify_one();  // under the lock: the waiter cannot return (and destroy cv) before
  });
  std::unique_lock lock(mu);
  cv.wait(lock, [&] { return finished; });
  if (!error.empty()) throw std::runtime_error("cannot store the action: " + error);
}

void SqliteStore::append_async(AppendRequest request, AppendDone done) {
  {
    std::lock_guard lock(queue_mu_);
    queue_.push_back(
        Pending{std::move(request), std::move(done), {}, std::chrono::steady_clock::now()});
  }
  queue_cv_.notify_one();
}

void SqliteStore::writer_loop() {
  std::vector<Pending> batch;
  std::unique_lock lock(queue_mu_);
  for (;;) {
    queue_cv_.wait(lock, [&] { return stopping_ || !queue_.empty(); });
    if (queue_.empty()) return;  // stopping, and nothing is left to write
    batch.swap(queue_);
    lock.unlock();
    wait_for_wal_bound();
    commit_batch(batch);
    {
      const auto now = std::chrono::steady_clock::now();
      std::lock_guard stats(ck_mu_);
      for (const Pending& p : batch)
        append_wait_ms_.add(std::chrono::duration<double, std::milli>(now - p.queued).count());
    }
    for (Pending& p : batch) {
      try {
        p.done(p.error);
      } catch (const std::exception& e) {  // a bug of the caller's: the writer goes on
        std::fprintf(stderr, "feldherr serve: an append's completion failed: %s\n", e.what());
      }
    }
    batch.clear();
    lock.lock();
  }
}

bool SqliteStore::write_one(const AppendRequest& p, const std::string& now) {
  const std::string& updated = p.status.updated.empty() ? now : p.status.updated;
  const Progress after{p.rows.empty() ? 0 : p.rows.back().seq, p.status.moves, p.status.to_move,
                       updated};
  SQLite::Statement& q = *impl_->insert_row;
  for (const StoredRow& r : p.rows) write_row(q, p.id, r, &r == &p.rows.back() ? &after : nullptr);
  // Without a row to carry the progress, the games row takes it.
  SQLite::Statement& u = p.rows.empty() ? *impl_->update_game : *impl_->update_game_status;
  u.reset();
  u.bind(1, p.status.status);
  u.bind(2, p.status.result_json);
  u.bind(3, updated);
  u.bind(4, static_cast<int64_t>(after.last_seq));
  u.bind(5, p.status.moves);
  u.bind(6, p.status.to_move);
  u.bind(7, p.id);
  const bool folded = u.exec() > 0;
  if (p.snapshot) {
    SQLite::Statement& s = *impl_->insert_snapshot;
    s.reset();
    s.bind(1, p.id);
    s.bind(2, p.snapshot->n);
    s.bind(3, p.snapshot->state_json);
    s.exec();
  }
  return folded;
}

void SqliteStore::commit_batch(std::vector<Pending>& batch) {
  std::lock_guard lock(mu_);
  const std::string now = utc_now_iso();
  const auto start = std::chrono::steady_clock::now();
  try {
    impl_->prepare();
    // A bounded memory: once this many games have progress not yet in their games row, all of
    // it is written there first.
    if (impl_->progress.size() > 100000) impl_->fold_all();
    // First without savepoints: the database refuses an append only by a bug or a fault, and a
    // savepoint per append is two statements more each. When one is refused, that transaction
    // is rolled back whole and the batch written again with a savepoint per append.
    std::optional<SQLite::Transaction> tx;
    tx.emplace(impl_->db);
    bool refused = false;
    try {
      for (Pending& p : batch) p.folded = write_one(p.request, now);
    } catch (const std::exception&) {
      refused = true;
    }
    if (refused) {
      impl_->reset_statements();  // a statement left mid-step would block the rollback
      tx.reset();                 // rolled back
      tx.emplace(impl_->db);
      for (Pending& p : batch) {
        Impl::run(*impl_->savepoint);
        try {
          p.folded = write_one(p.request, now);
          Impl::run(*impl_->release);
        } catch (const std::exception& e) {
          p.error = e.what();
          impl_->reset_statements();
          Impl::run(*impl_->rollback_to);
          Impl::run(*impl_->release);
        }
      }
    }
    tx->commit();
    ++impl_->transactions;
    impl_->commit_ms.add(ms_since(start));
    impl_->appends += batch.size();
    impl_->largest = std::max(impl_->largest, batch.size());
  } catch (const std::exception& e) {
    // Nothing of this transaction is stored.
    for (Pending& p : batch)
      if (p.error.empty()) p.error = e.what();
    return;
  }
  // Each game's progress as now stored: in its games row (folded), else in its last row.
  for (const Pending& p : batch) {
    if (!p.error.empty()) continue;
    const AppendRequest& r = p.request;
    const std::string& updated = r.status.updated.empty() ? now : r.status.updated;
    auto it = impl_->progress.find(r.id);
    if (r.rows.empty()) {  // the games row took the progress, but no newer last_seq
      if (it != impl_->progress.end())
        it->second = {it->second.last_seq, r.status.moves, r.status.to_move, updated};
    } else if (p.folded) {
      if (it != impl_->progress.end()) impl_->progress.erase(it);
    } else {
      impl_->progress[r.id] = {r.rows.back().seq, r.status.moves, r.status.to_move, updated};
    }
  }
}

void SqliteStore::set_status(const std::string& id, const std::string& status) {
  std::lock_guard lock(mu_);
  SQLite::Statement u(impl_->db, "UPDATE games SET status=? WHERE id=?");
  u.bind(1, status);
  u.bind(2, id);
  u.exec();
}

std::vector<StoredGame> SqliteStore::list_games(int limit) {
  std::lock_guard lock(mu_);
  SQLite::Statement q(impl_->db, std::string("SELECT ") + kGameColumns +
                                     " FROM games ORDER BY updated DESC, id LIMIT ?");
  q.bind(1, limit);
  std::vector<StoredGame> out;
  while (q.executeStep()) {
    out.push_back(read_game(q));
    impl_->overlay(out.back());
  }
  if (impl_->progress.empty()) return out;
  // A game with unfolded progress was updated later than its games row says: the most recently
  // updated `limit` of them join the list. Any other game among the first `limit` is among the
  // first `limit` of the games rows as well (a games row's `updated` is never later than its
  // game's).
  using Entry = std::pair<const std::string*, const std::string*>;  // updated, id
  std::vector<Entry> later;
  later.reserve(impl_->progress.size());
  for (const auto& [id, p] : impl_->progress) later.emplace_back(&p.updated, &id);
  const auto newer = [](const Entry& a, const Entry& b) {
    return *a.first != *b.first ? *a.first > *b.first : *a.second < *b.second;
  };
  const size_t n = static_cast<size_t>(std::max(limit, 0));
  const size_t joining = std::min(later.size(), n);
  std::partial_sort(later.begin(), later.begin() + static_cast<std::ptrdiff_t>(joining),
                    later.end(), newer);
  SQLite::Statement by_id(impl_->db,
                          std::string("SELECT ") + kGameColumns + " FROM games WHERE id=?");
  for (size_t i = 0; i < joining; ++i) {
    const std::string& id = *later[i].second;
    if (std::any_of(out.begin(), out.end(), [&](const StoredGame& g) { return g.id == id; }))
      continue;
    by_id.reset();
    by_id.bind(1, id);
    if (!by_id.executeStep()) continue;
    out.push_back(read_game(by_id));
    impl_->overlay(out.back());
  }
  std::sort(out.begin(), out.end(), [](const StoredGame& a, const StoredGame& b) {
    return a.updated != b.updated ? a.updated > b.updated : a.id < b.id;
  });
  if (out.size() > n) out.resize(n);
  return out;
}

std::vector<StoredGame> SqliteStore::unfinished_games() {
  std::lock_guard lock(mu_);
  SQLite::Statement q(impl_->db,
                      std::string("SELECT ") + kGameColumns + " FROM games WHERE status='active'");
  std::vector<StoredGame> out;
  while (q.executeStep()) {
    out.push_back(read_game(q));
    impl_->overlay(out.back());
  }
  return out;
}

std::optional<StoredGame> SqliteStore::find_game(const std::string& id) {
  std::lock_guard lock(mu_);
  SQLite::Statement q(impl_->db, std::string("SELECT ") + kGameColumns + " FROM games WHERE id=?");
  q.bind(1, id);
  if (!q.executeStep()) return std::nullopt;
  StoredGame g = read_game(q);
  impl_->overlay(g);
  return g;
}

std::vector<StoredRow> SqliteStore::rows(const std::string& id) {
  std::lock_guard lock(mu_);
  SQLite::Statement q(impl_->db,
                      "SELECT seq, kind, n, seat, action_id, text, hash FROM actions WHERE "
                      "game_id=? ORDER BY seq");
  q.bind(1, id);
  std::vector<StoredRow> out;
  while (q.executeStep()) {
    StoredRow r;
    r.seq = q.getColumn(0).getInt64();
    r.kind = q.getColumn(1).getString();
    r.n = q.getColumn(2).getInt();
    r.seat = q.getColumn(3).getString();
    r.action_id = std::stoull(q.getColumn(4).getString());
    r.text = q.getColumn(5).getString();
    if (!q.getColumn(6).isNull()) r.hash = std::stoull(q.getColumn(6).getString(), nullptr, 16);
    out.push_back(std::move(r));
  }
  return out;
}

uint64_t SqliteStore::transactions() const {
  return impl_->transactions.load();
}

SqliteStore::CommitStats SqliteStore::commit_stats() {
  std::lock_guard lock(mu_);
  CommitStats c;
  c.commits = impl_->transactions.load();
  c.appends = impl_->appends;
  c.largest = impl_->largest;
  const Durations::Summary commits = impl_->commit_ms.summary();
  c.p50_ms = commits.p50_ms;
  c.p99_ms = commits.p99_ms;
  c.max_ms = commits.max_ms;
  std::lock_guard ck(ck_mu_);
  c.append_wait = append_wait_ms_.summary();
  c.checkpoints = checkpoint_ms_.summary();
  c.frames_committed = frames_committed_;
  c.max_wal_frames = max_wal_frames_;
  c.bound_waits = bound_wait_ms_.summary();
  return c;
}

std::optional<Snapshot> SqliteStore::last_snapshot(const std::string& id) {
  std::lock_guard lock(mu_);
  SQLite::Statement q(impl_->db,
                      "SELECT n, state FROM snapshots WHERE game_id=? ORDER BY n DESC LIMIT 1");
  q.bind(1, id);
  if (!q.executeStep()) return std::nullopt;
  return Snapshot{q.getColumn(0).getInt(), q.getColumn(1).getString()};
}

}  // namespace feldherr::server
