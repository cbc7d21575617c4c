// feldherr_load_gen (docs/server.md "Throughput"): a cheap load generator for `feldherr serve`.
// One thread, one coroutine per game. Over HTTP (the default) with one keep-alive connection per
// game: each game's client reads its seat's view (`GET /api/games/{id}?token=`, which lists the
// legal actions) and posts a random legal action (`POST /api/games/{id}/action`; the next view is
// asked of the side its reply names as `to_move`). Over WebSocket
// (`--protocol ws`, as the browser plays) with one connection per seat: the seat owing the
// decision sends a random legal action of the state pushed to it. Either way it concedes only
// when nothing else is legal (pick_action). The server acknowledges only
// what is committed. Reports acknowledged actions per second and the latency of the
// acknowledgement (p50/p99 from sending the action to its reply), measured after a warm-up.
//
//   feldherr_load_gen --port 8080 --games 1000 --seconds 20 [--rate 5000] [--protocol ws]
//                     [--server-pid PID]
//
// --rate R paces the games so that together they try R actions/s (each game acts every
// games/R seconds, at a random phase); 0 (the default) lets every game act as fast as the
// server answers (a closed loop: the throughput the server sustains, latency = queueing).
// Finished games are replaced by new ones (start the server with `--create-rate 0`).
// --server-pid PID (a server on this machine) adds the server's CPU time over the measured
// window (all its threads, from /proc), as cores used and microseconds per acknowledged action.
#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <boost/asio.hpp>
#include <boost/asio/experimental/as_tuple.hpp>
#include <boost/beast.hpp>
#include <boost/beast/websocket.hpp>
#include <boost/json.hpp>
#include <boost/json/src.hpp>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <map>
#include <memory>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#ifdef FELDHERR_MIMALLOC
#include <mimalloc.h>
#endif

namespace {

namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
namespace net = boost::asio;
using tcp = net::ip::tcp;
namespace json = boost::json;
using net::awaitable;
using Clock = std::chrono::steady_clock;
constexpr auto tuple_awaitable = net::experimental::as_tuple(net::use_awaitable);

struct Options {
  std::string host = "127.0.0.1";
  uint16_t port = 8080;
  int games = 1000;
  double seconds = 20;
  double warmup = 2;
  double rate = 0;
  std::string game = "pocket/orcs-vs-elves";
  long server_pid = 0;
  bool ws = false;  // --protocol ws
};

struct Stats {
  std::vector<float> action_ms;  // acknowledged actions after the warm-up
  std::vector<float> view_ms;    // GET of the seat's view, after the warm-up
  long refused = 0;              // a non-200 answer to an action
  long errors = 0;               // a failed connection or request
  long created = 0, finished = 0;
  int ready = 0;  // games created and connected
};

struct Shared {
  Options options;
  tcp::endpoint endpoint;
  Stats stats;
  Clock::time_point measure_from, end;
  bool started = false;
  std::unique_ptr<net::steady_timer> start;  // cancelled once every game is ready
};

// A failed request (connection closed, server gone); the game's client reconnects.
struct RequestFailed {};

class Connection {
 public:
  Connection(net::any_io_executor ex, const tcp::endpoint& endpoint)
      : stream_(std::make_unique<beast::tcp_stream>(ex)), endpoint_(endpoint) {}

  awaitable<http::response<http::string_body>> request(http::verb verb, const std::string& target,
                                                       const std::string& body = "") {
    if (!connected_) {
      stream_->expires_after(std::chrono::seconds(30));
      auto [ec] = co_await stream_->async_connect(endpoint_, tuple_awaitable);
      if (ec) throw RequestFailed{};
      stream_->socket().set_option(tcp::no_delay(true));
      connected_ = true;
    }
    http::request<http::string_body> req{verb, target, 11};
    req.set(http::field::host, "127.0.0.1");
    req.keep_alive(true);
    if (!body.empty()) {
      req.set(http::field::content_type, "application/json");
      req.body() = body;
    }
    req.prepare_payload();
    stream_->expires_after(std::chrono::seconds(30));
    auto [wec, wn] = co_await http::async_write(*stream_, req, tuple_awaitable);
    http::response<http::string_body> res;
    if (!wec) {
      auto [rec, rn] = co_await http::async_read(*stream_, buffer_, res, tuple_awaitable);
      if (!rec) co_return res;
    }
    beast::error_code ignored;
    stream_->socket().close(ignored);
    stream_ = std::make_unique<beast::tcp_stream>(stream_->get_executor());
    buffer_.clear();
    connected_ = false;
    throw RequestFailed{};
  }

 private:
  std::unique_ptr<beast::tcp_stream> stream_;
  tcp::endpoint endpoint_;
  beast::flat_buffer buffer_;
  bool connected_ = false;
};

double ms_since(Clock::time_point t0) {
  return std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
}

struct Game {
  std::string id;
  std::map<std::string, std::string> tokens;  // side -> token
  std::string to_move;
};

awaitable<bool> create_game(Connection& c, Shared& sh, Game& g) {
  const std::string target = "/api/games";
  const std::string body = json::serialize(json::object{{"game", sh.options.game}});
  auto res = co_await c.request(http::verb::post, target, body);
  if (res.result_int() != 201) {
    std::cerr << "load_gen: cannot create a game: " << res.result_int() << " " << res.body()
              << "\n";
    co_return false;
  }
  const json::object j = json::parse(res.body()).as_object();
  g = Game{};
  g.id = j.at("id").as_string();
  for (const auto& [side, seat] : j.at("seats").as_object())
    if (const json::value* token = seat.as_object().if_contains("token"))
      g.tokens[side] = token->as_string();
  if (g.tokens.empty()) {
    std::cerr << "load_gen: the game has no human seat\n";
    co_return false;
  }
  g.to_move = g.tokens.begin()->first;
  ++sh.stats.created;
  co_return true;
}

// A random legal action, as `RandomPlayer` picks (engine/player.h): an action of role "confirm"
// (conceding, which ends the game at once) only when nothing else is legal, so that a game lasts
// as long as a game played and the benchmark measures actions rather than game creation.
const json::value& pick_action(const json::array& legal, std::mt19937& rng) {
  std::vector<size_t> ordinary;
  for (size_t i = 0; i < legal.size(); ++i) {
    const json::value* role = legal[i].as_object().if_contains("role");
    if (!role || !role->is_string() || role->as_string() != "confirm") ordinary.push_back(i);
  }
  if (ordinary.empty())
    return legal[std::uniform_int_distribution<size_t>(0, legal.size() - 1)(rng)];
  return legal[ordinary[std::uniform_int_distribution<size_t>(0, ordinary.size() - 1)(rng)]];
}

// The reply's "to_move" without parsing the whole reply ("" when it has none).
std::string to_move_of(std::string_view reply) {
  constexpr std::string_view key = "\"to_move\":\"";
  const size_t at = reply.find(key);
  if (at == std::string_view::npos) return "";
  const size_t from = at + key.size();
  const size_t to = reply.find('"', from);
  return to == std::string_view::npos ? "" : std::string(reply.substr(from, to - from));
}

awaitable<void> play(int index, Shared& sh) {
  auto ex = co_await net::this_coro::executor;
  Connection c(ex, sh.endpoint);
  net::steady_timer timer(ex);
  std::mt19937 rng(static_cast<unsigned>(index) * 7919u + 17u);
  Game g;
  bool have_game = false;
  bool counted_ready = false;
  const double period_s = sh.options.rate > 0 ? sh.options.games / sh.options.rate : 0;
  auto seconds = [](double s) {
    return std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(s));
  };
  Clock::time_point next;
  while (Clock::now() < sh.end) {
    bool failed = false;
    try {
      if (!have_game) {
        if (!(co_await create_game(c, sh, g))) {
          ++sh.stats.errors;
          co_return;
        }
        have_game = true;
        if (!counted_ready) {
          counted_ready = true;
          ++sh.stats.ready;
          if (!sh.started) co_await sh.start->async_wait(tuple_awaitable);
          // A random phase, so that paced games do not all act at the same moment.
          next = Clock::now() +
                 seconds(std::uniform_real_distribution<double>(0, period_s)(rng) - period_s);
        }
      }
      if (period_s > 0) {
        next += seconds(period_s);
        if (next > Clock::now()) {
          timer.expires_at(next);
          co_await timer.async_wait(tuple_awaitable);
        }
      }
      // The view of the seat that owes the decision (the list of legal actions), parsed into
      // memory of this iteration's (freed at once, without a free() per value).
      json::monotonic_resource memory;
      json::value parsed(&memory);
      for (int attempt = 0; attempt < 3; ++attempt) {
        auto t0 = Clock::now();
        const std::string target = "/api/games/" + g.id + "?token=" + g.tokens[g.to_move];
        auto res = co_await c.request(http::verb::get, target);
        if (t0 >= sh.measure_from) sh.stats.view_ms.push_back(static_cast<float>(ms_since(t0)));
        if (res.result_int() != 200) throw RequestFailed{};
        parsed = json::parse(res.body(), &memory);
        const json::object& view = parsed.as_object();
        if (!view.at("legal").as_array().empty() || view.at("status") != "active") break;
        std::string side(view.at("to_move").as_string());
        if (!g.tokens.count(side)) break;  // an AI seat or chance: not this client's turn
        g.to_move = side;
      }
      const json::object& view = parsed.as_object();
      if (view.at("status") != "active") {
        ++sh.stats.finished;
        have_game = false;
        continue;
      }
      const json::array& legal = view.at("legal").as_array();
      if (legal.empty()) {
        timer.expires_after(std::chrono::milliseconds(10));
        co_await timer.async_wait(tuple_awaitable);
        continue;
      }
      const json::value& pick = pick_action(legal, rng);
      std::string body = json::serialize(json::object{{"token", g.tokens[g.to_move]},
                                                      {"state_id", view.at("state_id")},
                                                      {"action_id", pick.at("id")}});
      auto t0 = Clock::now();
      const std::string target = "/api/games/" + g.id + "/action";
      auto res = co_await c.request(http::verb::post, target, body);
      double ms = ms_since(t0);
      if (res.result_int() != 200) {
        ++sh.stats.refused;
        continue;
      }
      if (t0 >= sh.measure_from && Clock::now() <= sh.end)
        sh.stats.action_ms.push_back(static_cast<float>(ms));
      // The next view is asked of the side the reply names (a browser follows the pushes).
      if (std::string side = to_move_of(res.body()); g.tokens.count(side)) g.to_move = side;
    } catch (const RequestFailed&) {
      ++sh.stats.errors;
      failed = true;
    } catch (const std::exception& e) {
      ++sh.stats.errors;
      std::cerr << "load_gen: unexpected reply: " << e.what() << "\n";
      co_return;
    }
    if (failed) {  // the server closed the connection: reconnect after a pause
      timer.expires_after(std::chrono::milliseconds(100));
      co_await timer.async_wait(tuple_awaitable);
    }
  }
}

// --protocol ws: the browser's way to play (docs/protocol.md "WebSocket"): one WebSocket per
// human seat, every state pushed to every seat. The seat owing the decision sends a random
// legal action; it is acknowledged when that seat's connection receives the state after it
// (pushed only after the commit). Latency: from sending the action to that state.
struct WsSeat {
  std::unique_ptr<websocket::stream<beast::tcp_stream>> ws;
  beast::flat_buffer buffer;
  json::value last;   // the last state message received
  long last_id = -1;  // its state_id
};

// A message's "type" ("" when it has none).
std::string_view type_of(const json::value& message) {
  const json::value* type = message.is_object() ? message.as_object().if_contains("type") : nullptr;
  return type && type->is_string() ? std::string_view(type->as_string()) : std::string_view();
}

// Reads the next message of `seat`; returns false when the connection failed.
awaitable<bool> ws_read(WsSeat& seat, json::value& message) {
  seat.buffer.clear();
  auto [ec, n] = co_await seat.ws->async_read(seat.buffer, tuple_awaitable);
  if (ec) co_return false;
  boost::system::error_code bad;
  message = json::parse(beast::buffers_to_string(seat.buffer.data()), bad);
  if (!bad && message.is_object() && type_of(message) == "state") {
    seat.last = message;
    const json::value* id = message.as_object().if_contains("state_id");
    seat.last_id = id && id->is_int64() ? static_cast<long>(id->as_int64()) : -1L;
  }
  co_return true;
}

awaitable<void> play_ws(int index, Shared& sh) {
  auto ex = co_await net::this_coro::executor;
  Connection c(ex, sh.endpoint);
  net::steady_timer timer(ex);
  std::mt19937 rng(static_cast<unsigned>(index) * 7919u + 17u);
  bool counted_ready = false;
  const double period_s = sh.options.rate > 0 ? sh.options.games / sh.options.rate : 0;
  auto seconds = [](double s) {
    return std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(s));
  };
  auto pause = [&](int ms) -> awaitable<void> {
    timer.expires_after(std::chrono::milliseconds(ms));
    co_await timer.async_wait(tuple_awaitable);
  };
  Clock::time_point next;
  while (Clock::now() < sh.end) {
    Game g;
    bool created = false, refused_creation = false;
    try {
      created = co_await create_game(c, sh, g);
      refused_creation = !created;
    } catch (const RequestFailed&) {
    }
    if (refused_creation) {
      ++sh.stats.errors;
      co_return;
    }
    if (!created) {  // the connection failed: try again after a pause
      ++sh.stats.errors;
      co_await pause(100);
      continue;
    }
    std::map<std::string, WsSeat> seats;
    bool failed = false;
    for (const auto& [side, token] : g.tokens) {
      WsSeat& seat = seats[side];
      seat.ws = std::make_unique<websocket::stream<beast::tcp_stream>>(ex);
      auto& layer = beast::get_lowest_layer(*seat.ws);
      layer.expires_after(std::chrono::seconds(30));
      auto [cec] = co_await layer.async_connect(sh.endpoint, tuple_awaitable);
      if (!cec) layer.socket().set_option(tcp::no_delay(true));
      layer.expires_never();
      if (!cec) {
        auto [hec] = co_await seat.ws->async_handshake(
            "127.0.0.1", "/ws?game=" + g.id + "&token=" + token, tuple_awaitable);
        cec = hec;
      }
      json::value first;
      if (cec || !(co_await ws_read(seat, first))) {
        failed = true;
        break;
      }
    }
    if (!counted_ready && !failed) {
      counted_ready = true;
      ++sh.stats.ready;
      if (!sh.started) co_await sh.start->async_wait(tuple_awaitable);
      next = Clock::now() +
             seconds(std::uniform_real_distribution<double>(0, period_s)(rng) - period_s);
    }
    while (!failed && Clock::now() < sh.end) {
      // The newest state any seat has seen, and the seat it asks a decision of.
      long newest = -1;
      for (auto& [side, seat] : seats) newest = std::max(newest, seat.last_id);
      const json::value* state = nullptr;
      for (auto& [side, seat] : seats)
        if (seat.last_id == newest) state = &seat.last;
      if (!state->at("result").is_null()) {
        ++sh.stats.finished;
        break;
      }
      const json::value* decider = state->at("decision").as_object().if_contains("seat");
      std::string side(decider && decider->is_string() ? decider->as_string() : "");
      auto it = seats.find(side);
      if (it == seats.end()) it = seats.begin();  // chance or an AI seat: wait for its move
      WsSeat& seat = it->second;
      json::value message;
      if (seat.last_id < newest || seat.last.at("legal").as_array().empty()) {
        // This seat has not seen the newest state yet, or waits for another's move.
        if (!(co_await ws_read(seat, message))) failed = true;
        continue;
      }
      if (period_s > 0) {
        next += seconds(period_s);
        if (next > Clock::now()) {
          timer.expires_at(next);
          co_await timer.async_wait(tuple_awaitable);
        }
      }
      const json::array& legal = seat.last.at("legal").as_array();
      const json::value& pick = pick_action(legal, rng);
      const long sent_at = seat.last_id;
      std::string text = json::serialize(
          json::object{{"type", "action"}, {"state_id", sent_at}, {"action_id", pick.at("id")}});
      auto t0 = Clock::now();
      auto [wec, wn] = co_await seat.ws->async_write(net::buffer(text), tuple_awaitable);
      if (wec) {
        failed = true;
        break;
      }
      // The acknowledgement: the next state (an error is followed by a state too).
      bool refused = false;
      while (seat.last_id <= sent_at) {
        if (!(co_await ws_read(seat, message))) {
          failed = true;
          break;
        }
        if (type_of(message) == "error") refused = true;
      }
      if (failed) break;
      if (refused) {
        ++sh.stats.refused;
      } else if (t0 >= sh.measure_from && Clock::now() <= sh.end) {
        sh.stats.action_ms.push_back(static_cast<float>(ms_since(t0)));
      }
    }
    for (auto& [side, seat] : seats) {
      beast::error_code ignored;
      beast::get_lowest_layer(*seat.ws).socket().close(ignored);
    }
    if (failed) {
      ++sh.stats.errors;
      co_await pause(100);
    }
  }
}

// CPU seconds used so far by every thread of process `pid` (Linux /proc), or -1.
double process_cpu_seconds(long pid) {
  std::ifstream in("/proc/" + std::to_string(pid) + "/stat");
  std::string line;
  if (!std::getline(in, line)) return -1;
  // Fields after the command name in parentheses (which may hold spaces): state is field 3,
  // utime and stime (clock ticks, all threads) are fields 14 and 15.
  auto close = line.rfind(')');
  if (close == std::string::npos) return -1;
  std::istringstream rest(line.substr(close + 2));
  std::string field;
  double utime = 0, stime = 0;
  for (int i = 3; i <= 15 && rest >> field; ++i) {
    if (i == 14) utime = std::stod(field);
    if (i == 15) stime = std::stod(field);
  }
  return (utime + stime) / static_cast<double>(sysconf(_SC_CLK_TCK));
}

double percentile(std::vector<float>& v, double p) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  return v[std::min(v.size() - 1, static_cast<size_t>(p * static_cast<double>(v.size())))];
}

int usage() {
  std::cerr << "usage: feldherr_load_gen [--host 127.0.0.1] [--port 8080] [--games 1000] "
               "[--seconds 20] [--warmup 2] [--rate ACTIONS_PER_S (0 = closed loop)] "
               "[--game pocket/orcs-vs-elves] [--protocol http|ws] [--server-pid PID]\n";
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
#ifdef FELDHERR_MIMALLOC
  (void)mi_version();  // keeps mimalloc linked, so that it replaces malloc (CMakeLists.txt)
#endif
  Shared sh;
  Options& o = sh.options;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    if (i + 1 >= argc) return usage();
    std::string v = argv[++i];
    char* end = nullptr;
    double num = std::strtod(v.c_str(), &end);
    bool numeric = end && *end == '\0' && !v.empty() && num == num && num >= 0;
    if (a == "--host") {
      o.host = v;
    } else if (a == "--game") {
      o.game = v;
    } else if (a == "--protocol") {
      if (v != "http" && v != "ws") return usage();
      o.ws = v == "ws";
    } else if (!numeric) {
      return usage();
    } else if (a == "--port") {
      o.port = static_cast<uint16_t>(num);
    } else if (a == "--games") {
      o.games = std::max(1, static_cast<int>(num));
    } else if (a == "--seconds") {
      o.seconds = num;
    } else if (a == "--warmup") {
      o.warmup = num;
    } else if (a == "--rate") {
      o.rate = num;
    } else if (a == "--server-pid") {
      o.server_pid = static_cast<long>(num);
    } else {
      return usage();
    }
  }
  boost::system::error_code ec;
  auto address = net::ip::make_address(o.host, ec);
  if (ec) {
    std::cerr << "load_gen: --host " << o.host << ": not an IP address\n";
    return 2;
  }
  sh.endpoint = tcp::endpoint(address, o.port);
  net::io_context ioc(1);
  // Games are created (and their clients connected) first; the clock starts when all are ready.
  auto setup_start = Clock::now();
  sh.measure_from = Clock::time_point::max() - std::chrono::hours(24 * 365);
  sh.end = sh.measure_from;
  sh.start = std::make_unique<net::steady_timer>(ioc, Clock::time_point::max());
  for (int i = 0; i < o.games; ++i)
    net::co_spawn(ioc, o.ws ? play_ws(i, sh) : play(i, sh), net::detached);
  while (sh.stats.ready < o.games && sh.stats.errors == 0 && !ioc.stopped()) ioc.run_one();
  if (sh.stats.ready < o.games) {
    std::cerr << "load_gen: only " << sh.stats.ready << " of " << o.games
              << " games could be created\n";
    return 1;
  }
  std::printf("load_gen: %d games created in %.2f s\n", o.games,
              std::chrono::duration<double>(Clock::now() - setup_start).count());
  std::fflush(stdout);
  auto dur = [](double s) {
    return std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(s));
  };
  sh.measure_from = Clock::now() + dur(o.warmup);
  sh.end = sh.measure_from + dur(o.seconds);
  sh.started = true;
  sh.start->cancel();
  // The server's CPU time over the measured window, read when it starts and when it ends.
  double server_cpu[2] = {-1, -1};
  net::steady_timer window(ioc);
  if (o.server_pid > 0) {
    net::co_spawn(
        ioc,
        [&]() -> awaitable<void> {
          window.expires_at(sh.measure_from);
          co_await window.async_wait(tuple_awaitable);
          server_cpu[0] = process_cpu_seconds(o.server_pid);
          window.expires_at(sh.end);
          co_await window.async_wait(tuple_awaitable);
          server_cpu[1] = process_cpu_seconds(o.server_pid);
        },
        net::detached);
  }
  rusage before{};
  getrusage(RUSAGE_SELF, &before);
  ioc.run();
  rusage after{};
  getrusage(RUSAGE_SELF, &after);
  auto secs = [](const timeval& t) {
    return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_usec) / 1e6;
  };
  double cpu =
      secs(after.ru_utime) - secs(before.ru_utime) + secs(after.ru_stime) - secs(before.ru_stime);
  Stats& s = sh.stats;
  const size_t acked = s.action_ms.size();
  char views[128] = "";
  if (!o.ws)
    std::snprintf(views, sizeof views, "view GET p50 %.2f ms, p99 %.2f ms (%.2f per action); ",
                  percentile(s.view_ms, 0.50), percentile(s.view_ms, 0.99),
                  acked ? static_cast<double>(s.view_ms.size()) / static_cast<double>(acked) : 0.0);
  std::printf(
      "load_gen: %d games over %s, target %s, %.1f s measured: %zu acknowledged actions = %.0f "
      "actions/s; ack latency p50 %.2f ms, p99 %.2f ms, max %.2f ms; %s%ld refused, %ld errors, "
      "%ld games finished and replaced; load_gen CPU %.0f%% of one core\n",
      o.games, o.ws ? "WebSocket" : "HTTP",
      o.rate > 0 ? (std::to_string(static_cast<long>(o.rate)) + " actions/s").c_str()
                 : "closed loop",
      o.seconds, acked, static_cast<double>(acked) / o.seconds, percentile(s.action_ms, 0.50),
      percentile(s.action_ms, 0.99), percentile(s.action_ms, 1.0), views, s.refused, s.errors,
      s.finished, 100.0 * cpu / (o.seconds + o.warmup));
  if (o.server_pid > 0) {
    if (server_cpu[0] < 0 || server_cpu[1] < 0) {
      std::printf("load_gen: the CPU time of process %ld could not be read\n", o.server_pid);
    } else {
      const double used = server_cpu[1] - server_cpu[0];
      std::printf("load_gen: server CPU %.2f cores, %.0f us per acknowledged action\n",
                  used / o.seconds, acked ? used * 1e6 / static_cast<double>(acked) : 0.0);
    }
  }
  return acked > 0 ? 0 : 1;
}
