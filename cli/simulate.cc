// `feldherr simulate GAME/SCENARIO`: a batch of computer-vs-computer games with win rates (95 %
// Wilson intervals), draws and game lengths; shardable and multi-threaded with results that do not
// depend on either (docs/cli.md).
//
// Game i of a batch (0-based, over the whole batch) is exactly the game `feldherr play --seed
// derive_seed(S, i)` with the same seats and options: its dice are an Rng seeded with that seed
// and its players are built like play.cc builds them (derive_seed(game seed, seat + 1)).
#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <condition_variable>
#include <exception>
#include <fstream>
#include <iostream>
#include <mutex>
#include <nlohmann/json.hpp>
#include <ostream>
#include <stdexcept>
#include <thread>

#include "cli/cli.h"
#include "cli/commands.h"
#include "engine/errors.h"
#include "engine/player.h"
#include "engine/roll_odds.h"

namespace feldherr::cli {

namespace {

struct Shard {
  long long k = 1;  // 1-based
  long long m = 1;
  std::string text() const { return fmt::format("{}/{}", k, m); }
};

bool parse_count(const std::string& text, long long& out) {
  if (text.empty() || text.size() > 12) return false;
  out = 0;
  for (char c : text) {
    if (c < '0' || c > '9') return false;
    out = out * 10 + (c - '0');
  }
  return true;
}

Shard parse_shard(const std::string& text) {
  Shard shard;
  const auto slash = text.find('/');
  if (slash == std::string::npos || !parse_count(text.substr(0, slash), shard.k) ||
      !parse_count(text.substr(slash + 1), shard.m) || shard.m < 1 || shard.k < 1 ||
      shard.k > shard.m) {
    throw UsageError(
        fmt::format("bad --shard '{}': expected K/M with 1 <= K <= M, e.g. 2/4", text));
  }
  return shard;
}

// One played game: the winning sides (bit per seat; none = draw) or unfinished, and its length.
struct Outcome {
  bool finished = false;
  uint64_t winners = 0;
  long long length = 0;  // actions, chance actions included
};

// The statistics of a batch or of a shard of it: what is printed, written with --json and merged.
struct Batch {
  std::string game;
  std::string scenario;
  std::string rules;
  Options options;  // resolved (defaults filled in)
  std::vector<std::string> sides;
  std::vector<std::string> players;  // per side
  uint64_t seed = 0;
  long long total_games = 0;  // --games: the whole batch
  Shard shard;
  std::string merged_shards;         // a --merge of only some shards: "1/4, 3/4" ("" otherwise)
  std::vector<std::string> results;  // per game in order of i: a side, "a+b", "draw", "unfinished"
  std::vector<long long> lengths;    // per game in order of i
  double seconds = 0;
  int threads = 1;
  long long max_actions = 0;
};

std::string result_text(const Outcome& outcome, const std::vector<std::string>& sides) {
  if (!outcome.finished) return "unfinished";
  std::string text;
  for (size_t seat = 0; seat < sides.size(); ++seat) {
    if (outcome.winners & (uint64_t{1} << seat)) text += (text.empty() ? "" : "+") + sides[seat];
  }
  return text.empty() ? "draw" : text;
}

struct Tally {
  std::vector<long long> wins;  // per side
  long long draws = 0;
  long long unfinished = 0;
};

Tally tally(const Batch& batch) {
  Tally t;
  t.wins.assign(batch.sides.size(), 0);
  for (const std::string& result : batch.results) {
    if (result == "draw") {
      ++t.draws;
    } else if (result == "unfinished") {
      ++t.unfinished;
    } else {
      // "a+b": every named side won.
      for (size_t start = 0; start <= result.size();) {
        size_t end = result.find('+', start);
        if (end == std::string::npos) end = result.size();
        for (size_t seat = 0; seat < batch.sides.size(); ++seat) {
          if (result.compare(start, end - start, batch.sides[seat]) == 0) ++t.wins[seat];
        }
        start = end + 1;
      }
    }
  }
  return t;
}

// Plays game i of the batch: like cmd_play with seed `game_seed`, without narration.
Outcome play_one(const Game& game, const GameModule* module,
                 const std::vector<Controller>& controllers, uint64_t game_seed,
                 long long max_actions) {
  const size_t num_seats = controllers.size();
  std::vector<std::unique_ptr<Player>> players(num_seats);
  for (size_t seat = 0; seat < num_seats; ++seat) {
    players[seat] = make_computer_player(controllers[seat], module, static_cast<int>(seat),
                                         derive_seed(game_seed, seat + 1), nullptr);
  }
  Rng dice(game_seed);
  std::unique_ptr<State> state = game.new_initial_state();
  Outcome outcome;
  while (!state->is_terminal()) {
    if (max_actions > 0 && outcome.length >= max_actions) return outcome;
    const int seat = state->current_seat();
    if (seat == kChance) {
      const Action action = state->sample_chance(dice);
      state->apply(action);
    } else if (seat < 0 || static_cast<size_t>(seat) >= num_seats) {
      throw std::logic_error(
          fmt::format("the game names seat {} to decide, which does not exist", seat));
    } else {
      Player& player = *players[static_cast<size_t>(seat)];
      const Action action = player.choose(*state);
      if (std::string reason = state->why_illegal(action); !reason.empty()) {
        throw std::logic_error(fmt::format("the {} player of {} chose an illegal action: {}",
                                           player.name(), seat_name(game, seat), reason));
      }
      state->apply(action);
    }
    ++outcome.length;
  }
  outcome.finished = true;
  const Result result = state->result();
  for (size_t seat = 0; seat < num_seats && seat < result.returns.size() && seat < 64; ++seat) {
    if (result.returns[seat] > 0) outcome.winners |= uint64_t{1} << seat;
  }
  return outcome;
}

// Plays `indices` (game numbers of the batch) on `threads` threads; outcome j belongs to
// indices[j]. Each thread builds its own players for each game, so the outcomes do not depend on
// the number of threads. Shows progress on the terminal (`progress` null: none).
std::vector<Outcome> play_all(const Game& game, const GameModule* module,
                              const std::vector<Controller>& controllers, uint64_t seed,
                              const std::vector<long long>& indices, int threads,
                              long long max_actions, std::ostream* progress) {
  std::vector<Outcome> outcomes(indices.size());
  std::atomic<size_t> next{0};
  std::atomic<bool> failed{false};
  std::mutex mutex;
  std::condition_variable changed;
  size_t done = 0;
  int running = threads;
  std::exception_ptr error;

  auto work = [&] {
    try {
      for (size_t j = next++; j < indices.size() && !failed; j = next++) {
        outcomes[j] = play_one(game, module, controllers,
                               derive_seed(seed, static_cast<uint64_t>(indices[j])), max_actions);
        std::lock_guard lock(mutex);
        ++done;
        changed.notify_all();
      }
    } catch (...) {
      std::lock_guard lock(mutex);
      if (!error) error = std::current_exception();
      failed = true;
    }
    std::lock_guard lock(mutex);
    --running;
    changed.notify_all();
  };

  std::vector<std::thread> pool;
  pool.reserve(static_cast<size_t>(threads));
  for (int t = 0; t < threads; ++t) pool.emplace_back(work);
  {
    std::unique_lock lock(mutex);
    size_t shown = static_cast<size_t>(-1);
    const auto started = std::chrono::steady_clock::now();
    while (running > 0) {
      changed.wait_for(lock, std::chrono::milliseconds(250));
      if (progress != nullptr && done != shown) {
        shown = done;
        // [#######.............] 120/400 games, 35.2 games/s, about 8 s left
        const size_t total = std::max<size_t>(indices.size(), 1);
        const int filled = static_cast<int>(30 * done / total);
        const double elapsed =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
        const double rate = elapsed > 0 ? static_cast<double>(done) / elapsed : 0.0;
        std::string eta = rate > 0 ? fmt::format(", about {:.0f} s left",
                                                 static_cast<double>(total - done) / rate)
                                   : std::string();
        *progress << fmt::format("\r[{}{}] {}/{} games, {:.1f} games/s{}\033[K",
                                 std::string(static_cast<size_t>(filled), '#'),
                                 std::string(static_cast<size_t>(30 - filled), '.'), done,
                                 indices.size(), rate, eta)
                  << std::flush;
      }
    }
  }
  for (std::thread& thread : pool) thread.join();
  if (progress != nullptr) *progress << "\r\033[K" << std::flush;
  if (error) std::rethrow_exception(error);
  return outcomes;
}

// The 95 % Wilson score interval of `successes` in `n` trials, as fractions.
std::string percent(double fraction) {
  return fmt::format("{:.1f} %", 100 * fraction);
}

void print_table(const Batch& batch, Streams& io) {
  const long long n = static_cast<long long>(batch.results.size());
  io.out << "game: " << batch.game << '/' << batch.scenario << " (rules " << batch.rules << ")\n";
  std::string options;
  for (const auto& [name, value] : batch.options) {
    options += (options.empty() ? "" : ", ") + name + "=" + value;
  }
  if (!options.empty()) io.out << "options: " << options << '\n';
  std::string seats;
  for (size_t seat = 0; seat < batch.sides.size(); ++seat) {
    seats += (seats.empty() ? "" : ", ") + batch.sides[seat] + "=" + batch.players[seat];
  }
  io.out << "seats: " << seats << '\n';
  io.out << fmt::format("games: {} of a batch of {} ({} {}), seed {}\n", n, batch.total_games,
                        batch.merged_shards.empty() ? "shard" : "shards",
                        batch.merged_shards.empty() ? batch.shard.text() : batch.merged_shards,
                        batch.seed);

  const Tally t = tally(batch);
  const bool show_unfinished = t.unfinished > 0 || batch.max_actions > 0;
  size_t width = show_unfinished ? 10 : 5;  // "unfinished", "draws"
  for (const std::string& side : batch.sides) width = std::max(width, side.size());
  size_t player_width = 6;  // "player"
  for (const std::string& player : batch.players)
    player_width = std::max(player_width, player.size());
  auto row = [&](const std::string& label, const std::string& player, long long count) {
    const auto [low, high] = wilson95(count, n);
    io.out << fmt::format("{:<{}}  {:<{}}  {:>6}  {:>8}  {:>16}\n", label, width, player,
                          player_width, count, percent(n > 0 ? double(count) / double(n) : 0.0),
                          percent(low) + ".." + percent(high));
  };
  io.out << fmt::format("{:<{}}  {:<{}}  {:>6}  {:>8}  {:>16}\n", "side", width, "player",
                        player_width, "wins", "rate", "95 % Wilson");
  for (size_t seat = 0; seat < batch.sides.size(); ++seat) {
    row(batch.sides[seat], batch.players[seat], t.wins[seat]);
  }
  row("draws", "", t.draws);
  if (show_unfinished) row("unfinished", "", t.unfinished);

  if (n > 0) {
    std::vector<long long> sorted = batch.lengths;
    std::sort(sorted.begin(), sorted.end());
    double sum = 0;
    for (long long length : sorted) sum += static_cast<double>(length);
    const size_t mid = sorted.size() / 2;
    const double median =
        sorted.size() % 2 == 1
            ? static_cast<double>(sorted[mid])
            : (static_cast<double>(sorted[mid - 1]) + static_cast<double>(sorted[mid])) / 2.0;
    io.out << fmt::format("length (actions): mean {:.1f}, min {}, median {}, max {}\n",
                          sum / static_cast<double>(n), sorted.front(), median, sorted.back());
  }
  io.out << fmt::format("speed: {:.1f} games/s ({:.2f} s, {} thread{})\n",
                        batch.seconds > 0 ? static_cast<double>(n) / batch.seconds : 0.0,
                        batch.seconds, batch.threads, batch.threads == 1 ? "" : "s");
}

nlohmann::ordered_json to_json(const Batch& batch) {
  nlohmann::ordered_json j;
  j["game"] = batch.game;
  j["scenario"] = batch.scenario;
  j["rules"] = batch.rules;
  j["options"] = nlohmann::ordered_json::object();
  for (const auto& [name, value] : batch.options) j["options"][name] = value;
  j["seats"] = nlohmann::ordered_json::object();
  j["sides"] = batch.sides;  // seat order (JSON objects are unordered)
  for (size_t seat = 0; seat < batch.sides.size(); ++seat) {
    j["seats"][batch.sides[seat]] = batch.players[seat];
  }
  j["seed"] = batch.seed;
  j["shard"] = batch.shard.text();
  j["total_games"] = batch.total_games;
  j["games"] = batch.results.size();
  const Tally t = tally(batch);
  j["wins"] = nlohmann::ordered_json::object();
  for (size_t seat = 0; seat < batch.sides.size(); ++seat)
    j["wins"][batch.sides[seat]] = t.wins[seat];
  j["draws"] = t.draws;
  j["unfinished"] = t.unfinished;
  j["results"] = batch.results;
  j["lengths"] = batch.lengths;
  j["max_actions"] = batch.max_actions;
  j["threads"] = batch.threads;
  j["seconds"] = batch.seconds;
  return j;
}

void write_report(const Batch& batch, const std::string& path) {
  const Tally t = tally(batch);
  ReportData r;
  r.title = batch.game + "/" + batch.scenario;
  std::string seats, options;
  for (size_t seat = 0; seat < batch.sides.size(); ++seat)
    seats += (seats.empty() ? "" : ", ") + batch.sides[seat] + "=" + batch.players[seat];
  for (const auto& [name, value] : batch.options)
    options += (options.empty() ? "" : ", ") + name + "=" + value;
  r.subtitle = fmt::format("{} games, seats {}{}; rules {}", batch.results.size(), seats,
                           options.empty() ? "" : "; options " + options, batch.rules);
  std::string command = "feldherr simulate " + r.title + " --games " +
                        std::to_string(batch.total_games) + " --seed " + std::to_string(batch.seed);
  for (size_t seat = 0; seat < batch.sides.size(); ++seat)
    command += " --seat " + batch.sides[seat] + "=" + batch.players[seat];
  for (const auto& [name, value] : batch.options) command += " --option " + name + "=" + value;
  r.footer = "Reproduce: " + command + " (seeded: the same games whatever --threads or --shard).";
  r.sides = batch.sides;
  r.players = batch.players;
  r.wins = t.wins;
  r.draws = t.draws;
  r.unfinished = t.unfinished;
  r.games = static_cast<long long>(batch.results.size());
  r.lengths = batch.lengths;
  write_html_report(r, path);
}

void write_json(const Batch& batch, const std::string& path) {
  std::ofstream out(path);
  if (!out) throw std::runtime_error("cannot write " + path);
  out << to_json(batch).dump() << '\n';
  if (!out.flush()) throw std::runtime_error("cannot write " + path);
}

// Reads one --json file of simulate; malformed files are DataError("FILE:1: ...").
Batch read_json(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw DataError(path + ":1: cannot open");
  try {
    const auto j = nlohmann::ordered_json::parse(in);
    Batch batch;
    batch.game = j.at("game").get<std::string>();
    batch.scenario = j.at("scenario").get<std::string>();
    batch.rules = j.at("rules").get<std::string>();
    for (const auto& [name, value] : j.at("options").items()) {
      batch.options.emplace_back(name, value.get<std::string>());
    }
    batch.sides = j.at("sides").get<std::vector<std::string>>();
    for (const std::string& side : batch.sides) {
      batch.players.push_back(j.at("seats").at(side).get<std::string>());
    }
    batch.seed = j.at("seed").get<uint64_t>();
    batch.shard = parse_shard(j.at("shard").get<std::string>());
    batch.total_games = j.at("total_games").get<long long>();
    batch.results = j.at("results").get<std::vector<std::string>>();
    batch.lengths = j.at("lengths").get<std::vector<long long>>();
    batch.max_actions = j.at("max_actions").get<long long>();
    batch.threads = j.at("threads").get<int>();
    batch.seconds = j.at("seconds").get<double>();
    const long long expected = batch.total_games >= batch.shard.k
                                   ? (batch.total_games - batch.shard.k) / batch.shard.m + 1
                                   : 0;
    if (static_cast<long long>(batch.results.size()) != expected ||
        batch.lengths.size() != batch.results.size()) {
      throw std::runtime_error(fmt::format("shard {} of {} games must hold {} results and lengths",
                                           batch.shard.text(), batch.total_games, expected));
    }
    return batch;
  } catch (const UsageError& e) {
    throw DataError(path + ":1: " + e.what());
  } catch (const std::exception& e) {
    throw DataError(path + ":1: " + e.what());
  }
}

int merge(const SimulateArgs& args, Streams& io) {
  if (!args.game.empty() || args.games != 0 || !args.seats.empty() || !args.options.empty() ||
      args.seed || args.shard != "1/1" || args.max_actions != 0 || args.threads != 1) {
    throw UsageError("--merge takes only the JSON files (and --json FILE, --report FILE)");
  }
  std::vector<Batch> parts;
  for (const std::string& path : args.merge) parts.push_back(read_json(path));
  Batch merged = parts.front();
  std::vector<bool> seen(static_cast<size_t>(merged.shard.m), false);
  for (size_t p = 0; p < parts.size(); ++p) {
    const Batch& part = parts[p];
    const std::string& path = args.merge[p];
    if (part.game != merged.game || part.scenario != merged.scenario ||
        part.rules != merged.rules || part.options != merged.options ||
        part.sides != merged.sides || part.players != merged.players || part.seed != merged.seed ||
        part.total_games != merged.total_games || part.max_actions != merged.max_actions ||
        part.shard.m != merged.shard.m) {
      throw DataError(path + ":1: not a shard of the same batch as " + args.merge.front() +
                      " (game, options, seats, seed, --games, --max-actions and M must agree)");
    }
    if (seen[static_cast<size_t>(part.shard.k - 1)]) {
      throw DataError(path + ":1: shard " + part.shard.text() + " given twice");
    }
    seen[static_cast<size_t>(part.shard.k - 1)] = true;
  }
  // Games in order of i: game i is the ((i - (K-1)) / M)-th of shard K.
  std::sort(parts.begin(), parts.end(),
            [](const Batch& a, const Batch& b) { return a.shard.k < b.shard.k; });
  merged.results.clear();
  merged.lengths.clear();
  merged.seconds = 0;
  const long long m = merged.shard.m;
  for (long long i = 0; i < merged.total_games; ++i) {
    for (const Batch& part : parts) {
      if (i % m != part.shard.k - 1) continue;
      const auto j = static_cast<size_t>(i / m);
      merged.results.push_back(part.results[j]);
      merged.lengths.push_back(part.lengths[j]);
    }
  }
  for (const Batch& part : parts) merged.seconds += part.seconds;
  merged.threads = 1;
  if (parts.size() == static_cast<size_t>(m)) {
    merged.shard = Shard{1, 1};
  } else {
    std::vector<std::string> present;
    for (const Batch& part : parts) present.push_back(part.shard.text());
    merged.merged_shards = join(present);
    std::vector<std::string> missing;
    for (long long k = 1; k <= m; ++k) {
      if (!seen[static_cast<size_t>(k - 1)]) missing.push_back(fmt::format("{}/{}", k, m));
    }
    if (!args.json.empty()) {
      throw UsageError("--merge --json needs every shard of the batch; missing: " + join(missing));
    }
    io.err << "note: missing shards: " << join(missing) << "; the table covers "
           << merged.results.size() << " of " << merged.total_games << " games\n";
    merged.shard = Shard{1, 1};
  }
  print_table(merged, io);
  if (!args.json.empty()) write_json(merged, args.json);
  if (!args.report.empty()) write_report(merged, args.report);
  io.out << "simulate: " << merged.results.size() << " games\n";
  return kExitOk;
}

}  // namespace

int cmd_simulate(const SimulateArgs& args, const Registry& registry, Streams& io) {
  if (!args.merge.empty()) return merge(args, io);
  if (args.game.empty()) throw UsageError("simulate needs GAME/SCENARIO (or --merge FILE...)");
  if (args.games < 1) throw UsageError("simulate needs --games N with N >= 1");
  if (args.threads < 1) throw UsageError("--threads must be at least 1");
  const Shard shard = parse_shard(args.shard);

  const Options user_options = parse_options(args.options);
  const std::shared_ptr<const Game> game = registry.create(args.game, user_options);
  const GameModule* module = registry.find(game->id());
  const std::vector<Controller> controllers =
      parse_seats(args.seats, *game, module, args.game, /*allow_human=*/false);

  Batch batch;
  batch.game = std::string(game->id());
  batch.scenario = std::string(game->scenario());
  batch.rules = std::string(game->rules_version());
  batch.options = game->options();
  batch.sides = game->seats();
  batch.seed = args.seed ? *args.seed : random_seed();
  batch.total_games = args.games;
  batch.shard = shard;
  batch.threads = args.threads;
  batch.max_actions = args.max_actions;
  std::vector<std::string> fallback;
  for (size_t seat = 0; seat < controllers.size(); ++seat) {
    bool fell_back = false;
    const auto player =
        make_computer_player(controllers[seat], module, static_cast<int>(seat), 0, &fell_back);
    batch.players.push_back(player->name());
    if (fell_back) fallback.push_back(batch.sides[seat]);
  }
  if (!fallback.empty()) {
    io.err << "note: " << game->id() << " has no heuristic player; random plays " << join(fallback)
           << '\n';
  }
  note_mcts_fallback(controllers, module, *game, io.err);
  io.out << "seed: " << batch.seed << '\n';

  std::vector<long long> indices;
  for (long long i = shard.k - 1; i < args.games; i += shard.m) indices.push_back(i);

  // Progress only for a person watching: the real stderr, and a terminal.
  std::ostream* progress = (&io.err == &std::cerr && ::isatty(STDERR_FILENO)) ? &io.err : nullptr;
  const auto start = std::chrono::steady_clock::now();
  const std::vector<Outcome> outcomes =
      play_all(*game, module, controllers, batch.seed, indices,
               static_cast<int>(std::min<size_t>(static_cast<size_t>(args.threads),
                                                 std::max<size_t>(indices.size(), 1))),
               args.max_actions, progress);
  batch.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  long long unfinished = 0;
  for (const Outcome& outcome : outcomes) {
    batch.results.push_back(result_text(outcome, batch.sides));
    batch.lengths.push_back(outcome.length);
    if (!outcome.finished) ++unfinished;
  }

  print_table(batch, io);
  if (!args.json.empty()) write_json(batch, args.json);
  if (!args.report.empty()) write_report(batch, args.report);
  io.out << "simulate: " << outcomes.size() << " games\n";
  return unfinished > 0 ? kExitUnfinished : kExitOk;
}

}  // namespace feldherr::cli
