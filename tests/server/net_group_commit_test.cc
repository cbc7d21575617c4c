// Group commit in the SQLite store (docs/server.md "Throughput"): concurrent appends share one
// transaction, each append returns only once its rows are committed, and an append that cannot
// be stored throws without taking the others of its transaction down with it. The WAL's
// checkpoints run on the checkpointer thread, off the commits, and the WAL stays within its
// bound (docs/server.md "Checkpoints").
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <filesystem>
#include <random>
#include <thread>

#include "server/store.h"
#include "store_rows.h"
#include "tests/util/scratch_dir.h"

namespace feldherr::server {
namespace {

namespace fs = std::filesystem;

using testing_util::ScratchDir;

using store_rows::game;
using store_rows::row;

std::string game_id(int t) {
  char buf[17];
  std::snprintf(buf, sizeof buf, "%016x", t + 1);
  return buf;
}

TEST(StoreGroupCommit, ConcurrentAppendsShareTransactionsAndEveryRowIsDurable) {
  const int threads = 16, appends = 40;
  const ScratchDir dir("store-group");
  const fs::path db = dir / "db.sqlite";
  {
    SqliteStore store(db.string());
    for (int t = 0; t < threads; ++t) store.create_game(game(game_id(t)));
    const uint64_t before = store.transactions();
    std::atomic<int> done{0};
    std::vector<std::thread> pool;
    for (int t = 0; t < threads; ++t)
      pool.emplace_back([&, t] {
        for (int i = 1; i <= appends; ++i) {
          GameStatus st{"active", "", i, "orcs", ""};
          store.append(game_id(t), {row(i)}, st, std::nullopt);
          ++done;
        }
      });
    for (auto& th : pool) th.join();
    ASSERT_EQ(done.load(), threads * appends);
    const uint64_t used = store.transactions() - before;
    std::printf("group commit: %d appends from %d threads in %llu transactions\n",
                threads * appends, threads, static_cast<unsigned long long>(used));
    // One transaction per append would be 640; shared, far fewer (each thread has at most one
    // append in flight, so a transaction holds at most 16).
    EXPECT_LE(used, static_cast<uint64_t>(threads * appends / 4));
    EXPECT_GE(used, static_cast<uint64_t>(appends));
    // The commit statistics `serve` prints when it stops count the same.
    const SqliteStore::CommitStats c = store.commit_stats();
    EXPECT_EQ(c.commits, store.transactions());
    EXPECT_EQ(c.appends, static_cast<uint64_t>(threads * appends));
    EXPECT_GE(c.largest, 2u);
    EXPECT_LE(c.largest, static_cast<size_t>(threads));
    EXPECT_GT(c.p50_ms, 0);
    EXPECT_LE(c.p50_ms, c.p99_ms);
    EXPECT_LE(c.p99_ms, c.max_ms);
  }
  // Every row is there after the store is closed and opened again, in order.
  SqliteStore again(db.string());
  for (int t = 0; t < threads; ++t) {
    std::vector<StoredRow> rows = again.rows(game_id(t));
    ASSERT_EQ(rows.size(), static_cast<size_t>(appends)) << game_id(t);
    for (int i = 0; i < appends; ++i) {
      EXPECT_EQ(rows[static_cast<size_t>(i)].seq, i + 1);
      EXPECT_EQ(rows[static_cast<size_t>(i)].text, "action " + std::to_string(i + 1));
    }
    auto g = again.find_game(game_id(t));
    ASSERT_TRUE(g);
    EXPECT_EQ(g->last_seq, appends);
    EXPECT_EQ(g->moves, appends);
  }
}

TEST(StoreGroupCommit, AFailedAppendThrowsAndTheOthersOfItsTransactionAreCommitted) {
  const int threads = 8, appends = 30;
  const ScratchDir dir("store-fail");
  const fs::path db = dir / "db.sqlite";
  SqliteStore store(db.string());
  for (int t = 0; t < threads; ++t) store.create_game(game(game_id(t)));
  // Thread 0 appends a duplicate seq every third time (the primary key refuses it); the others
  // append normally at the same moments.
  std::atomic<int> thrown{0}, wrong{0};
  std::vector<std::thread> pool;
  for (int t = 0; t < threads; ++t)
    pool.emplace_back([&, t] {
      int64_t seq = 0;
      for (int i = 0; i < appends; ++i) {
        const bool duplicate = t == 0 && i % 3 == 2;
        const int64_t next = duplicate ? seq : seq + 1;
        try {
          store.append(game_id(t), {row(next)}, GameStatus{"active", "", i, "orcs", ""},
                       std::nullopt);
          if (duplicate) ++wrong;  // a duplicate must not be stored
          seq = next;
        } catch (const std::runtime_error&) {
          if (duplicate)
            ++thrown;
          else
            ++wrong;
        }
      }
    });
  for (auto& th : pool) th.join();
  EXPECT_EQ(thrown.load(), appends / 3);
  EXPECT_EQ(wrong.load(), 0);
  EXPECT_EQ(store.rows(game_id(0)).size(), static_cast<size_t>(appends - appends / 3));
  for (int t = 1; t < threads; ++t)
    EXPECT_EQ(store.rows(game_id(t)).size(), static_cast<size_t>(appends)) << game_id(t);
}

// Appends `appends` rows of about 1 KB to each of `threads` games from as many threads, and
// checks that every row is there after the store is opened again.
void append_and_reopen(const fs::path& db, StoreOptions options, int threads, int appends,
                       SqliteStore::CommitStats& stats, uintmax_t& wal_bytes) {
  {
    SqliteStore store(db.string(), options);
    for (int t = 0; t < threads; ++t) store.create_game(game(game_id(t)));
    std::vector<std::thread> pool;
    uintmax_t largest_wal = 0;
    std::atomic<bool> writing{true};
    // The WAL file's size, watched while the appends go on.
    std::thread watch([&] {
      const fs::path wal = db.string() + "-wal";
      while (writing) {
        std::error_code ec;
        const uintmax_t size = fs::file_size(wal, ec);
        if (!ec) largest_wal = std::max(largest_wal, size);
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
      }
    });
    for (int t = 0; t < threads; ++t)
      pool.emplace_back([&, t] {
        for (int i = 1; i <= appends; ++i) {
          StoredRow r = row(i);
          r.text += std::string(1000, static_cast<char>('a' + i % 26));
          store.append(game_id(t), {r}, GameStatus{"active", "", i, "orcs", ""}, std::nullopt);
        }
      });
    for (auto& th : pool) th.join();
    writing = false;
    watch.join();
    stats = store.commit_stats();
    wal_bytes = largest_wal;
  }
  SqliteStore again(db.string());
  for (int t = 0; t < threads; ++t) {
    std::vector<StoredRow> rows = again.rows(game_id(t));
    ASSERT_EQ(rows.size(), static_cast<size_t>(appends)) << game_id(t);
    for (int i = 0; i < appends; ++i) EXPECT_EQ(rows[static_cast<size_t>(i)].seq, i + 1);
  }
}

// A frame of the WAL: a page (4 KiB) and its 24-byte header.
constexpr uintmax_t kFrameBytes = 4096 + 24;

TEST(StoreCheckpoint, CheckpointsRunOnTheirOwnThreadAndTheWalStaysWithinItsBound) {
  const ScratchDir dir("store-checkpoint");
  const StoreOptions options{.checkpoint_frames = 40, .wal_limit_frames = 600};
  const int threads = 8, appends = 150;
  SqliteStore::CommitStats c;
  uintmax_t wal_bytes = 0;
  append_and_reopen(dir / "db.sqlite", options, threads, appends, c, wal_bytes);
  std::printf(
      "%llu frames committed, %llu checkpoints (max %.2f ms); WAL up to %d frames, %ju bytes; "
      "the writer waited %llu times\n",
      static_cast<unsigned long long>(c.frames_committed),
      static_cast<unsigned long long>(c.checkpoints.count), c.checkpoints.max_ms, c.max_wal_frames,
      wal_bytes, static_cast<unsigned long long>(c.bound_waits.count));
  // 1,200 rows of 1 KB are well over 300 pages: the checkpointer ran.
  EXPECT_GE(c.frames_committed, 300u);
  EXPECT_GE(c.checkpoints.count, 2u);
  // The WAL was started again from its beginning: never longer than its bound and one commit
  // (8 appends of a few pages each).
  EXPECT_LE(c.max_wal_frames, options.wal_limit_frames + 100);
  EXPECT_LE(wal_bytes, static_cast<uintmax_t>(options.wal_limit_frames + 100) * kFrameBytes + 32);
  EXPECT_EQ(c.append_wait.count, static_cast<uint64_t>(threads * appends));
}

TEST(StoreCheckpoint, AtTheBoundTheWriterWaitsForAWholeCheckpoint) {
  // The checkpointer is never woken by the frames committed (a threshold no run reaches): only
  // the bound keeps the WAL short, by the writer's waits.
  const ScratchDir dir("store-bound");
  const StoreOptions options{.checkpoint_frames = 1 << 30, .wal_limit_frames = 200};
  const int threads = 4, appends = 150;
  SqliteStore::CommitStats c;
  uintmax_t wal_bytes = 0;
  append_and_reopen(dir / "db.sqlite", options, threads, appends, c, wal_bytes);
  EXPECT_GE(c.bound_waits.count, 2u);
  EXPECT_EQ(c.checkpoints.count, c.bound_waits.count);
  EXPECT_LE(c.max_wal_frames, options.wal_limit_frames + 60);
  EXPECT_LE(wal_bytes, static_cast<uintmax_t>(options.wal_limit_frames + 60) * kFrameBytes + 32);
}

TEST(StoreCheckpoint, WithoutTheCheckpointerSqliteCheckpointsInsideTheCommits) {
  // checkpoint_frames 0 (`serve --checkpoint-frames 0`): no checkpointer, no WAL hook; SQLite's
  // automatic checkpoint (1,000 frames) keeps the WAL short and every row is stored.
  const ScratchDir dir("store-inline");
  const int threads = 8, appends = 150;
  SqliteStore::CommitStats c;
  uintmax_t wal_bytes = 0;
  append_and_reopen(dir / "db.sqlite", StoreOptions{.checkpoint_frames = 0}, threads, appends, c,
                    wal_bytes);
  EXPECT_EQ(c.checkpoints.count, 0u);
  EXPECT_EQ(c.frames_committed, 0u);
  EXPECT_EQ(c.bound_waits.count, 0u);
  EXPECT_EQ(c.appends, static_cast<uint64_t>(threads * appends));
  EXPECT_LE(wal_bytes, uintmax_t{1100} * kFrameBytes + 32);
}

}  // namespace
}  // namespace feldherr::server
