// The server's store under the load of many games (docs/server.md "Throughput"): appends of one
// action row each, to games picked at random among 1,000, `batch` of them queued at once (as
// concurrent clients queue them) and waited for, with the checkpointer (the second argument,
// StoreOptions::checkpoint_frames: 1000) or SQLite's checkpoints inside the commits (0).
// Counters per append: process CPU time in µs (the writer and checkpointer threads included)
// and bytes written to the database files (/proc/self/io wchar); the store's own times of an
// append's wait for its report (p99, max) and of a commit (max), in ms.
//
//   feldherr_store_bench [--benchmark_filter=...]
#include <benchmark/benchmark.h>

#include <condition_variable>
#include <cstdio>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <random>
#include <string>
#include <vector>

#include "server/store.h"

namespace feldherr::server {
namespace {

constexpr int kGames = 1000;

double process_cpu_seconds() {
  timespec t{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_nsec) * 1e-9;
}

uint64_t bytes_written() {
  std::ifstream io("/proc/self/io");
  std::string key;
  uint64_t value = 0;
  while (io >> key >> value)
    if (key == "wchar:") return value;
  return 0;
}

void StoreAppend(benchmark::State& state) {
  const int batch = static_cast<int>(state.range(0));
  StoreOptions options;
  options.checkpoint_frames = static_cast<int>(state.range(1));
  const std::filesystem::path dir =
      std::filesystem::temp_directory_path() / ("feldherr_store_bench_" + std::to_string(getpid()));
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  {
    SqliteStore store((dir / "bench.db").string(), options);
    std::vector<int64_t> last(kGames, 0);
    for (int i = 0; i < kGames; ++i) {
      StoredGame g;
      char id[17];
      std::snprintf(id, sizeof id, "%016x", i);
      g.id = id;
      g.game = "pocket";
      g.scenario = "orcs-vs-elves";
      g.rules_version = "1";
      g.options_json = "{}";
      g.seats = {{"orcs", "human", std::string(64, 'a')}, {"elves", "human", std::string(64, 'b')}};
      g.secret_hex = std::string(64, 'c');
      g.commitment = std::string(64, 'd');
      g.status = "active";
      g.created = g.updated = "2026-01-01T00:00:00Z";
      store.create_game(g);
    }
    std::mt19937 rng(1);
    std::mutex mu;
    std::condition_variable cv;
    const double cpu0 = process_cpu_seconds();
    const uint64_t written0 = bytes_written();
    int64_t appends = 0;
    for (auto _ : state) {
      int pending = batch;
      for (int b = 0; b < batch; ++b) {
        const int game = std::uniform_int_distribution<int>(0, kGames - 1)(rng);
        char id[17];
        std::snprintf(id, sizeof id, "%016x", game);
        StoredRow r;
        r.seq = ++last[static_cast<size_t>(game)];
        r.kind = "action";
        r.n = static_cast<int>(r.seq);
        r.seat = "orcs";
        r.action_id = 0x1234567890ULL + static_cast<uint64_t>(r.seq);
        r.text = "attack left-front e3.troll.2 o1.goblin.1";
        AppendRequest request{id, {r}, {"active", "", r.n, "elves", ""}, std::nullopt};
        store.append_async(std::move(request), [&](const std::string& error) {
          if (!error.empty()) std::fprintf(stderr, "append failed: %s\n", error.c_str());
          std::lock_guard lock(mu);
          if (--pending == 0) cv.notify_one();
        });
      }
      std::unique_lock lock(mu);
      cv.wait(lock, [&] { return pending == 0; });
      appends += batch;
    }
    state.SetItemsProcessed(appends);
    const double n = static_cast<double>(appends);
    state.counters["cpu_us_per_append"] = (process_cpu_seconds() - cpu0) * 1e6 / n;
    state.counters["bytes_per_append"] = static_cast<double>(bytes_written() - written0) / n;
    state.counters["appends_per_commit"] = n / static_cast<double>(store.transactions());
    const SqliteStore::CommitStats c = store.commit_stats();
    state.counters["wait_p99_ms"] = c.append_wait.p99_ms;
    state.counters["wait_max_ms"] = c.append_wait.max_ms;
    state.counters["commit_max_ms"] = c.max_ms;
  }
  std::filesystem::remove_all(dir);
}
BENCHMARK(StoreAppend)
    ->ArgsProduct({{1, 8, 64}, {0, 1000}})
    ->Iterations(400)
    ->UseRealTime()
    ->Unit(benchmark::kMicrosecond);

}  // namespace
}  // namespace feldherr::server

BENCHMARK_MAIN();
