// A game's progress in the SQLite store (docs/server.md "Persistence and crash safety"): an
// append writes its rows, the last one carrying the game's progress after it (updated, moves,
// to_move), and leaves the games row as it is unless the status or the result changes; reads
// show the progress all the same, a kill leaves it in the rows, and the next open writes it into
// the games rows. A database of the schema without it (user_version 0) is migrated on open.
#include <SQLiteCpp/SQLiteCpp.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "server/store.h"
#include "store_rows.h"
#include "tests/util/scratch_dir.h"

namespace feldherr::server::storeprogress {
namespace {

namespace fs = std::filesystem;

using testing_util::ScratchDir;

using store_rows::game;
using store_rows::row;

// The status after action `seq` of the game above, at second `second` of a fixed minute.
GameStatus after(int64_t seq, int second) {
  char updated[32];
  std::snprintf(updated, sizeof updated, "2026-01-01T00:01:%02dZ", second);
  return {"active", "", static_cast<int>(seq), seq % 2 ? "elves" : "orcs", updated};
}

// No checkpoint while a test looks at the files.
StoreOptions no_checkpoints() {
  StoreOptions o;
  o.checkpoint_frames = 1000000;
  o.wal_limit_frames = 1000000;
  return o;
}

// The games row as stored, read by a connection of its own (its progress, status and result).
StoredGame raw_progress(const fs::path& db, const std::string& id) {
  SQLite::Database raw(db.string(), SQLite::OPEN_READONLY);
  SQLite::Statement q(
      raw, "SELECT last_seq, moves, to_move, updated, status, result FROM games WHERE id=?");
  q.bind(1, id);
  StoredGame g;
  g.id = id;
  g.last_seq = -1;
  if (q.executeStep()) {
    g.last_seq = q.getColumn(0).getInt64();
    g.moves = q.getColumn(1).getInt();
    g.to_move = q.getColumn(2).getString();
    g.updated = q.getColumn(3).getString();
    g.status = q.getColumn(4).getString();
    g.result_json = q.getColumn(5).getString();
  }
  return g;
}

void expect_progress(const StoredGame& g, int64_t seq, const GameStatus& st) {
  EXPECT_EQ(g.last_seq, seq) << g.id;
  EXPECT_EQ(g.moves, st.moves) << g.id;
  EXPECT_EQ(g.to_move, st.to_move) << g.id;
  EXPECT_EQ(g.updated, st.updated) << g.id;
  EXPECT_EQ(g.status, st.status) << g.id;
  EXPECT_EQ(g.result_json, st.result_json) << g.id;
}

TEST(StoreProgress, AnAppendLeavesTheGamesRowAndEveryReadShowsTheProgress) {
  const ScratchDir dir("store-progress");
  const fs::path db = dir / "db.sqlite";
  SqliteStore store(db.string(), no_checkpoints());
  store.create_game(game("00000000000000a1", "2026-01-01T00:00:00Z"));
  for (int64_t seq = 1; seq <= 3; ++seq)
    store.append("00000000000000a1", {row(seq)}, after(seq, static_cast<int>(seq)), std::nullopt);
  // The games row still says what the creation wrote.
  expect_progress(raw_progress(db, "00000000000000a1"), 0,
                  {"active", "", 0, "orcs", "2026-01-01T00:00:00Z"});
  // Every read shows the progress of the last append.
  expect_progress(*store.find_game("00000000000000a1"), 3, after(3, 3));
  ASSERT_EQ(store.unfinished_games().size(), 1u);
  expect_progress(store.unfinished_games()[0], 3, after(3, 3));
  ASSERT_EQ(store.list_games(10).size(), 1u);
  expect_progress(store.list_games(10)[0], 3, after(3, 3));
}

TEST(StoreProgress, AnAppendThatEndsTheGameWritesTheGamesRow) {
  const ScratchDir dir("store-progress-end");
  const fs::path db = dir / "db.sqlite";
  SqliteStore store(db.string(), no_checkpoints());
  store.create_game(game("00000000000000b1", "2026-01-01T00:00:00Z"));
  store.append("00000000000000b1", {row(1)}, after(1, 1), std::nullopt);
  GameStatus end = after(2, 2);
  end.status = "finished";
  end.result_json = R"({"summary":"orcs win"})";
  end.to_move = "nobody";
  store.append("00000000000000b1", {row(2)}, end, std::nullopt);
  expect_progress(raw_progress(db, "00000000000000b1"), 2, end);
  expect_progress(*store.find_game("00000000000000b1"), 2, end);
  EXPECT_TRUE(store.unfinished_games().empty());
}

// One append per commit to each of 200 games: its rows' pages of `actions` (the table's last
// page and the game's page of the primary-key index), and no page of `games` or of its
// `games_updated` index.
TEST(StoreProgress, AnAppendWritesNoPageOfTheGamesTable) {
  const ScratchDir dir("store-progress-frames");
  SqliteStore store((dir / "db.sqlite").string(), no_checkpoints());
  const int games = 200;
  auto id = [](int i) {
    char buf[17];
    std::snprintf(buf, sizeof buf, "%016x", i + 1);
    return std::string(buf);
  };
  for (int i = 0; i < games; ++i) store.create_game(game(id(i), "2026-01-01T00:00:00Z"));
  const uint64_t frames_before = store.commit_stats().frames_committed;
  for (int i = 0; i < games; ++i) store.append(id(i), {row(1)}, after(1, i % 60), std::nullopt);
  const SqliteStore::CommitStats stats = store.commit_stats();
  ASSERT_EQ(stats.appends, static_cast<uint64_t>(games));
  // Two pages per append, and a few more where a page of the table or the index was split.
  EXPECT_LE(stats.frames_committed - frames_before, static_cast<uint64_t>(games) * 21 / 10);
}

// Any game updated later than its games row says is among the first of the list.
TEST(StoreProgress, TheListHasTheMostRecentlyUpdatedGamesFirst) {
  const ScratchDir dir("store-progress-list");
  SqliteStore store((dir / "db.sqlite").string(), no_checkpoints());
  store.create_game(game("00000000000000c1", "2026-01-01T00:00:01Z"));
  store.create_game(game("00000000000000c2", "2026-01-01T00:00:02Z"));
  store.create_game(game("00000000000000c3", "2026-01-01T00:00:03Z"));
  store.create_game(game("00000000000000c4", "2026-01-01T00:00:04Z"));
  store.append("00000000000000c1", {row(1)}, after(1, 10), std::nullopt);
  store.append("00000000000000c2", {row(1)}, after(1, 5), std::nullopt);
  std::vector<StoredGame> first = store.list_games(3);
  ASSERT_EQ(first.size(), 3u);
  EXPECT_EQ(first[0].id, "00000000000000c1");
  EXPECT_EQ(first[0].updated, after(1, 10).updated);
  EXPECT_EQ(first[1].id, "00000000000000c2");
  EXPECT_EQ(first[2].id, "00000000000000c4");
  EXPECT_EQ(store.list_games(1).size(), 1u);
  EXPECT_EQ(store.list_games(10).size(), 4u);
}

// The files as a kill -9 leaves them: the database and its WAL, copied while the store is open
// (with no checkpoint running).
void copy_as_killed(const fs::path& db, const fs::path& to) {
  fs::copy_file(db, to);
  fs::copy_file(db.string() + "-wal", to.string() + "-wal");
}

TEST(StoreProgress, AfterAKillTheNextOpenTakesTheProgressFromTheLastRows) {
  const ScratchDir dir("store-progress-kill");
  const fs::path db = dir / "db.sqlite", killed = dir / "killed.sqlite";
  {
    SqliteStore store(db.string(), no_checkpoints());
    store.create_game(game("00000000000000d1", "2026-01-01T00:00:00Z"));
    store.create_game(game("00000000000000d2", "2026-01-01T00:00:00Z"));
    for (int64_t seq = 1; seq <= 5; ++seq)
      store.append("00000000000000d1", {row(seq)}, after(seq, static_cast<int>(seq)), std::nullopt);
    // Two rows in one append (an action and its dice): the last one carries the progress.
    store.append("00000000000000d2", {row(1), row(2)}, after(2, 7), std::nullopt);
    copy_as_killed(db, killed);
  }
  EXPECT_EQ(raw_progress(killed, "00000000000000d1").last_seq, 0);
  {
    SqliteStore store(killed.string(), no_checkpoints());
    expect_progress(*store.find_game("00000000000000d1"), 5, after(5, 5));
    expect_progress(*store.find_game("00000000000000d2"), 2, after(2, 7));
    std::vector<StoredGame> listed = store.list_games(10);
    ASSERT_EQ(listed.size(), 2u);
    expect_progress(listed[0], 2, after(2, 7));
    expect_progress(listed[1], 5, after(5, 5));
    EXPECT_EQ(store.rows("00000000000000d1").size(), 5u);
  }
  // The open wrote it into the games rows.
  expect_progress(raw_progress(killed, "00000000000000d1"), 5, after(5, 5));
}

TEST(StoreProgress, ClosingTheStoreWritesTheProgressIntoTheGamesRows) {
  const ScratchDir dir("store-progress-close");
  const fs::path db = dir / "db.sqlite";
  {
    SqliteStore store(db.string(), no_checkpoints());
    store.create_game(game("00000000000000e1", "2026-01-01T00:00:00Z"));
    store.append("00000000000000e1", {row(1)}, after(1, 9), std::nullopt);
  }
  expect_progress(raw_progress(db, "00000000000000e1"), 1, after(1, 9));
}

// A database of schema version 0, made with its own statements: its games and rows are all
// there after the migration, and appends go on from them.
TEST(StoreSchema, ADatabaseOfVersionZeroIsMigratedWithEveryAction) {
  const ScratchDir dir("store-schema");
  const fs::path db = dir / "db.sqlite";
  {
    SQLite::Database old(db.string(), SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE);
    old.exec("PRAGMA journal_mode=WAL");
    old.exec(R"(CREATE TABLE games(
        id TEXT PRIMARY KEY, game TEXT NOT NULL, scenario TEXT NOT NULL,
        rules_version TEXT NOT NULL, options TEXT NOT NULL, seats TEXT NOT NULL,
        secret TEXT NOT NULL, commitment TEXT NOT NULL, status TEXT NOT NULL,
        result TEXT NOT NULL DEFAULT '', created TEXT NOT NULL, updated TEXT NOT NULL,
        last_seq INTEGER NOT NULL DEFAULT 0, moves INTEGER NOT NULL DEFAULT 0,
        to_move TEXT NOT NULL DEFAULT ''))");
    old.exec(R"(CREATE TABLE actions(
        game_id TEXT NOT NULL REFERENCES games(id), seq INTEGER NOT NULL, kind TEXT NOT NULL,
        n INTEGER NOT NULL, seat TEXT NOT NULL, action_id TEXT NOT NULL, text TEXT NOT NULL,
        hash TEXT, PRIMARY KEY(game_id, seq)))");
    old.exec(R"(CREATE TABLE snapshots(
        game_id TEXT NOT NULL REFERENCES games(id), n INTEGER NOT NULL, state TEXT NOT NULL,
        PRIMARY KEY(game_id, n)))");
    old.exec("CREATE INDEX games_updated ON games(updated)");
    old.exec(
        "INSERT INTO games VALUES('00000000000000f1', 'pocket', 'orcs-vs-elves', '1', '{}', "
        "'[{\"side\":\"orcs\",\"player\":\"human\",\"token_hash\":\"\"},{\"side\":\"elves\","
        "\"player\":\"human\",\"token_hash\":\"\"}]', '00', '00', 'active', '', "
        "'2026-01-01T00:00:00Z', '2026-01-01T00:00:04Z', 4, 4, 'orcs')");
    for (int seq = 1; seq <= 4; ++seq)
      old.exec("INSERT INTO actions VALUES('00000000000000f1', " + std::to_string(seq) +
               ", 'action', " + std::to_string(seq) + ", '" + (seq % 2 ? "orcs" : "elves") +
               "', '" + std::to_string(seq * 1000003) + "', 'action " + std::to_string(seq) +
               "', " + (seq == 4 ? "'00000000deadbeef'" : "NULL") + ")");
  }
  {
    SqliteStore store(db.string(), no_checkpoints());
    const std::vector<StoredRow> rows = store.rows("00000000000000f1");
    ASSERT_EQ(rows.size(), 4u);
    for (int64_t seq = 1; seq <= 4; ++seq) {
      const StoredRow& r = rows[static_cast<size_t>(seq - 1)];
      const StoredRow want = row(seq);
      EXPECT_EQ(r.seq, seq);
      EXPECT_EQ(r.kind, want.kind);
      EXPECT_EQ(r.n, want.n);
      EXPECT_EQ(r.seat, want.seat);
      EXPECT_EQ(r.action_id, want.action_id);
      EXPECT_EQ(r.text, want.text);
      EXPECT_EQ(r.hash.has_value(), seq == 4);
    }
    EXPECT_EQ(*rows.back().hash, 0xdeadbeefu);
    // The games row of version 0 is the game's progress.
    const std::optional<StoredGame> g = store.find_game("00000000000000f1");
    ASSERT_TRUE(g.has_value());
    EXPECT_EQ(g->last_seq, 4);
    EXPECT_EQ(g->moves, 4);
    EXPECT_EQ(g->updated, "2026-01-01T00:00:04Z");
    store.append("00000000000000f1", {row(5)}, after(5, 30), std::nullopt);
    expect_progress(*store.find_game("00000000000000f1"), 5, after(5, 30));
    copy_as_killed(db, dir / "killed.sqlite");
  }
  SQLite::Database raw((dir / "killed.sqlite").string(), SQLite::OPEN_READONLY);
  EXPECT_EQ(raw.execAndGet("PRAGMA user_version").getInt(), 1);
  SqliteStore killed((dir / "killed.sqlite").string(), no_checkpoints());
  EXPECT_EQ(killed.rows("00000000000000f1").size(), 5u);
  expect_progress(*killed.find_game("00000000000000f1"), 5, after(5, 30));
}

}  // namespace
}  // namespace feldherr::server::storeprogress
