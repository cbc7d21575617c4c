// The only translation unit with Boost.Beast (build time, docs/server.md): a listener, HTTP
// sessions (keep-alive, 16 KiB body limit) and WebSocket sessions, as C++20 coroutines, and the
// network limits (docs/server.md "Network limits"). The hub's handlers that may wait (for their
// commit, for a game's lock) run on a separate pool of threads, never on the network threads;
// an action the hub can start at once is answered when the store reports it (Hub::http_async).
#include <fmt/format.h>
#include <sys/resource.h>

#include <array>
#include <atomic>
#include <boost/asio.hpp>
#include <boost/asio/experimental/as_tuple.hpp>
#include <boost/beast.hpp>
#include <cerrno>
#include <cmath>
#include <csignal>
#include <deque>
#include <iostream>
#include <mutex>
#include <thread>
#include <unordered_map>

#include "server/hub.h"
#include "server/server.h"

namespace feldherr::server {

namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
namespace net = boost::asio;
using tcp = net::ip::tcp;
using net::awaitable;
using net::use_awaitable;
constexpr auto tuple_awaitable = net::experimental::as_tuple(net::use_awaitable);

namespace {

using Clock = std::chrono::steady_clock;

// Runs `f` (a hub call, which may wait for the disk) on the handler pool; the calling
// coroutine resumes on its own executor with the result.
template <class F>
auto on_pool(net::thread_pool& pool, F f) -> awaitable<decltype(f())> {
  using R = decltype(f());
  co_return co_await net::co_spawn(
      pool.get_executor(), [f = std::move(f)]() mutable -> awaitable<R> { co_return f(); },
      use_awaitable);
}

// Calls `start(resume)` and awaits the value that `resume` is given, from any thread: the
// coroutine goes on on its own executor.
template <class T, class Start>
awaitable<T> resumed_with(Start start) {
  co_return co_await net::async_initiate<decltype(use_awaitable), void(T)>(
      [&](auto handler) {
        auto h = std::make_shared<decltype(handler)>(std::move(handler));
        start([h](T value) {
          auto ex = net::get_associated_executor(*h);
          net::post(ex, [h, v = std::move(value)]() mutable { std::move (*h)(std::move(v)); });
        });
      },
      use_awaitable);
}

// Hub::http_async from a session: the reply once the action is stored (or refused), or nullopt
// at once when the hub cannot start it without waiting.
awaitable<std::optional<HttpReply>> without_waiting(Hub& hub, const std::string& method,
                                                    const std::string& target,
                                                    const std::string& body) {
  using Reply = std::optional<HttpReply>;
  co_return co_await resumed_with<Reply>([&](std::function<void(Reply)> resume) {
    try {
      if (!hub.http_async(method, target, body, [resume](HttpReply r) { resume(std::move(r)); }))
        resume(std::nullopt);
    } catch (const std::exception& e) {
      resume(HttpReply{500, "application/json", error_json("internal", e.what()).dump()});
    }
  });
}

// The path of a request target without the query, split at '/' (empty parts dropped, as the
// hub routes it).
std::vector<std::string_view> path_parts(std::string_view target) {
  std::string_view path = target.substr(0, target.find('?'));
  std::vector<std::string_view> parts;
  while (!path.empty()) {
    auto slash = path.find('/');
    std::string_view part = path.substr(0, slash);
    if (!part.empty()) parts.push_back(part);
    if (slash == std::string_view::npos) break;
    path = path.substr(slash + 1);
  }
  return parts;
}

// `POST /api/games` per client address: a token bucket each (IPv6 addresses by their /64, which
// one client usually holds whole). Buckets that have refilled are forgotten.
class CreationLimiter {
 public:
  CreationLimiter(double per_minute, int burst)
      : rate_(per_minute / 60.0), burst_(std::max(1, burst)) {}
  bool enabled() const { return rate_ > 0; }
  // True if `address` may create a game now (and takes a token); else `wait_s` is the time to
  // the next token.
  bool allow(const net::ip::address& address, double& wait_s) {
    const auto now = Clock::now();
    std::lock_guard lock(mu_);
    if (buckets_.size() > kMaxBuckets) prune(now);
    auto [it, fresh] = buckets_.try_emplace(key(address), Bucket{burst_, now});
    Bucket& b = it->second;
    b.tokens = std::min(burst_, b.tokens + seconds(now - b.last) * rate_);
    b.last = now;
    if (b.tokens >= 1.0) {
      b.tokens -= 1.0;
      return true;
    }
    wait_s = (1.0 - b.tokens) / rate_;
    return false;
  }

 private:
  struct Bucket {
    double tokens;
    Clock::time_point last;
  };
  static constexpr size_t kMaxBuckets = 10000;
  static double seconds(Clock::duration d) { return std::chrono::duration<double>(d).count(); }
  static std::string key(const net::ip::address& a) {
    if (a.is_v6() && !a.to_v6().is_v4_mapped()) {
      auto bytes = a.to_v6().to_bytes();
      return std::string(reinterpret_cast<const char*>(bytes.data()), 8);
    }
    if (a.is_v6()) return net::ip::make_address_v4(net::ip::v4_mapped, a.to_v6()).to_string();
    return a.to_string();
  }
  void prune(Clock::time_point now) {
    for (auto it = buckets_.begin(); it != buckets_.end();)
      it = it->second.tokens + seconds(now - it->second.last) * rate_ >= burst_ ? buckets_.erase(it)
                                                                                : std::next(it);
    // Still too many clients in the middle of a burst: start afresh rather than grow.
    if (buckets_.size() > kMaxBuckets) buckets_.clear();
  }

  double rate_, burst_;
  std::mutex mu_;
  std::unordered_map<std::string, Bucket> buckets_;
};

// A histogram of latencies, written by any thread without a lock.
class LatencyHistogram {
 public:
  void add(std::chrono::steady_clock::duration d) {
    const int64_t us = std::chrono::duration_cast<std::chrono::microseconds>(d).count();
    const size_t b = std::min(static_cast<size_t>(std::max<int64_t>(us, 0) / kBucketUs), kBuckets);
    buckets_[b].fetch_add(1, std::memory_order_relaxed);
    int64_t m = max_us_.load(std::memory_order_relaxed);
    while (us > m && !max_us_.compare_exchange_weak(m, us, std::memory_order_relaxed)) {
    }
  }
  LatencyStats stats() const {
    LatencyStats s;
    std::vector<uint64_t> n(kBuckets + 1);
    for (size_t i = 0; i <= kBuckets; ++i) s.count += n[i] = buckets_[i].load();
    s.max_ms = static_cast<double>(max_us_.load()) / 1000;
    const auto at = [&](double q) {
      const auto rank = static_cast<uint64_t>(q * static_cast<double>(s.count));
      uint64_t seen = 0;
      for (size_t i = 0; i <= kBuckets; ++i)
        if ((seen += n[i]) > rank)
          return std::min(s.max_ms, static_cast<double>((i + 1) * kBucketUs) / 1000);
      return s.max_ms;
    };
    if (s.count == 0) return s;
    s.p50_ms = at(0.5);
    s.p99_ms = at(0.99);
    s.p999_ms = at(0.999);
    return s;
  }

 private:
  static constexpr int64_t kBucketUs = 50;
  static constexpr size_t kBuckets = 20000;  // up to 1 s, then one bucket for the rest
  std::array<std::atomic<uint64_t>, kBuckets + 1> buckets_{};
  std::atomic<int64_t> max_us_{0};
};

// What the sessions share: the hub, its handler pool, the limits. Outlives the io_context (the
// frames it destroys count their connections down); the pool is owned by Server::Impl and
// stopped before the io_context goes.
struct Shared {
  Shared(Hub& h, const ServeOptions& o)
      : hub(h), options(o), creation(o.create_per_minute, o.create_burst) {}
  Hub& hub;
  ServeOptions options;
  net::thread_pool* handlers = nullptr;
  CreationLimiter creation;
  std::atomic<int> connections{0};  // open HTTP/WebSocket connections
  std::atomic<int> refusing{0};     // connections being refused (503) right now
  LatencyHistogram ack, ready;      // Server::ack_stats(), ready_stats()
};

// Counts an open connection for its lifetime.
class ConnectionSlot {
 public:
  explicit ConnectionSlot(Shared& s) : s_(s) {}
  ~ConnectionSlot() { --s_.connections; }
  ConnectionSlot(const ConnectionSlot&) = delete;
  ConnectionSlot& operator=(const ConnectionSlot&) = delete;

 private:
  Shared& s_;
};

http::response<http::string_body> json_response(http::status status, const json& body,
                                                unsigned version) {
  http::response<http::string_body> res{status, version};
  res.set(http::field::server, "feldherr");
  res.set(http::field::content_type, "application/json");
  res.set(http::field::cache_control, "no-store");
  res.body() = body.dump();
  return res;
}

std::map<std::string, std::string> parse_query(std::string_view target) {
  std::map<std::string, std::string> q;
  auto pos = target.find('?');
  if (pos == std::string_view::npos) return q;
  std::string_view rest = target.substr(pos + 1);
  while (!rest.empty()) {
    auto amp = rest.find('&');
    std::string_view item = rest.substr(0, amp);
    auto eq = item.find('=');
    if (eq != std::string_view::npos)
      q[std::string(item.substr(0, eq))] = std::string(item.substr(eq + 1));
    if (amp == std::string_view::npos) break;
    rest = rest.substr(amp + 1);
  }
  return q;
}

// The flood limit (docs/protocol.md): 20 messages/s (burst 40); each refused message is a
// strike, strikes fade at 10 per second, and at 100 the connection is closed (1008). A client
// that keeps sending faster than about 30 messages/s is closed; one at 1,000/s within 0.2 s.
constexpr double kMessagesPerSecond = 20, kMessageBurst = 40;
constexpr double kStrikesFadePerSecond = 10, kStrikesToClose = 100;
// Messages waiting to be written; a client that lets more pile up is not reading: closed.
constexpr size_t kMaxQueuedMessages = 256;

class WsSession : public Subscriber, public std::enable_shared_from_this<WsSession> {
 public:
  WsSession(tcp::socket socket, Shared& shared)
      : ws_(std::move(socket)),
        signal_(ws_.get_executor()),
        hub_free_(ws_.get_executor()),
        shared_(shared),
        hub_(shared.hub),
        limiter_(kMessagesPerSecond, kMessageBurst) {}

  void notify() override {
    net::post(ws_.get_executor(), [self = shared_from_this()] {
      self->dirty_ = true;
      self->signal_.cancel();
    });
  }

  awaitable<void> run(http::request<http::string_body> req) {
    auto self = shared_from_this();
    ws_.set_option(websocket::stream_base::timeout::suggested(beast::role_type::server));
    ws_.read_message_max(kMaxMessageBytes);
    auto [ec] = co_await ws_.async_accept(req, tuple_awaitable);
    if (ec) co_return;
    auto q = parse_query(req.target());
    std::optional<json> err = co_await on_pool(*shared_.handlers, [&] {
      std::optional<json> e = hub_.open(q["game"], q["token"], conn_);
      if (!e) hub_.subscribe(conn_, weak_from_this());
      return e;
    });
    if (err) {
      std::string text = err->dump();
      co_await ws_.async_write(net::buffer(text), tuple_awaitable);
      co_await ws_.async_close(websocket::close_code::policy_error, tuple_awaitable);
      co_return;
    }
    dirty_ = true;
    net::co_spawn(ws_.get_executor(), writer(self), net::detached);
    beast::flat_buffer buffer;
    auto last = Clock::now();
    double strikes = 0;
    while (!closed_) {
      auto [rec, n] = co_await ws_.async_read(buffer, tuple_awaitable);
      if (rec) break;  // closed, timed out or too large (Beast closes with 1009)
      std::string text = beast::buffers_to_string(buffer.data());
      buffer.consume(buffer.size());
      if (!limiter_.allow()) {
        auto now = Clock::now();
        strikes = std::max(0.0, strikes - std::chrono::duration<double>(now - last).count() *
                                              kStrikesFadePerSecond);
        last = now;
        strikes += 1;
        if (strikes >= kStrikesToClose) {
          shut(websocket::close_reason(websocket::close_code::policy_error, "too many messages"));
          break;
        }
        queue(error_json("rate_limited", "more than 20 messages per second").dump());
        continue;
      }
      bool push_state = false;
      std::vector<json> replies;
      co_await lock_hub();
      // An action the hub can start at once is answered when it is stored
      // (Hub::message_async); anything else on the handler pool.
      std::optional<Replies> started = co_await message_without_waiting(text);
      if (started) {
        replies = std::move(started->replies);
        push_state = started->push_state;
      } else {
        replies = co_await on_pool(*shared_.handlers, [&] {
          try {
            return hub_.message(conn_, text, push_state);
          } catch (const std::exception& e) {
            return std::vector<json>{error_json("internal", e.what())};
          }
        });
      }
      unlock_hub();
      for (const json& r : replies) queue(r.dump());
      if (push_state) dirty_ = true;
      signal_.cancel();
    }
    closed_ = true;
    signal_.cancel();
  }

 private:
  struct Replies {
    std::vector<json> replies;
    bool push_state = false;
  };

  // Hub::message_async: the replies once the action is stored (or refused), or nullopt at
  // once when the hub cannot start it without waiting.
  awaitable<std::optional<Replies>> message_without_waiting(const std::string& text) {
    using Result = std::optional<Replies>;
    co_return co_await resumed_with<Result>([&](std::function<void(Result)> resume) {
      try {
        if (!hub_.message_async(conn_, text, [resume](std::vector<json> replies, bool push) {
              resume(Replies{std::move(replies), push});
            }))
          resume(std::nullopt);
      } catch (const std::exception& e) {
        resume(Replies{{error_json("internal", e.what())}, true});
      }
    });
  }

  // A message to send; a client that does not read what it is sent is closed.
  void queue(std::string msg) {
    if (out_.size() >= kMaxQueuedMessages) {
      shut(websocket::close_reason(websocket::close_code::policy_error, "not reading"));
      return;
    }
    out_.push_back(std::move(msg));
    signal_.cancel();
  }

  // Closes the connection: a close frame if it can be sent within 2 s, else the socket.
  void shut(websocket::close_reason reason) {
    if (closed_) return;
    closed_ = true;
    signal_.cancel();
    auto self = shared_from_this();
    net::co_spawn(
        ws_.get_executor(),
        [self, reason]() -> awaitable<void> {
          co_await self->ws_.async_close(reason, tuple_awaitable);
        },
        net::detached);
    net::co_spawn(
        ws_.get_executor(),
        [self]() -> awaitable<void> {
          net::steady_timer t(self->ws_.get_executor(), std::chrono::seconds(2));
          co_await t.async_wait(tuple_awaitable);
          beast::error_code ignored;
          beast::get_lowest_layer(self->ws_).socket().close(ignored);
        },
        net::detached);
  }

  // The reader and the writer both call the hub with conn_: one at a time.
  awaitable<void> lock_hub() {
    while (hub_busy_) {
      hub_free_.expires_at(net::steady_timer::time_point::max());
      co_await hub_free_.async_wait(tuple_awaitable);
    }
    hub_busy_ = true;
  }
  void unlock_hub() {
    hub_busy_ = false;
    hub_free_.cancel();
  }

  awaitable<void> writer(std::shared_ptr<WsSession> self) {
    while (!closed_) {
      if (out_.empty() && dirty_) {
        dirty_ = false;
        co_await lock_hub();
        // Built here when the game is free (Hub::state_message_now), else on the handler pool.
        std::optional<std::string> state;
        try {
          state = hub_.state_message_now(conn_);
        } catch (const std::exception& e) {
          state = error_json("internal", e.what()).dump();
        }
        if (!state) {
          state = co_await on_pool(*shared_.handlers, [&] {
            try {
              return hub_.state_message(conn_);
            } catch (const std::exception& e) {
              return error_json("internal", e.what()).dump();
            }
          });
        }
        unlock_hub();
        out_.push_back(std::move(*state));
        continue;
      }
      if (out_.empty()) {
        signal_.expires_at(net::steady_timer::time_point::max());
        co_await signal_.async_wait(tuple_awaitable);
        continue;
      }
      std::string msg = std::move(out_.front());
      out_.pop_front();
      ws_.text(true);
      auto [ec, n] = co_await ws_.async_write(net::buffer(msg), tuple_awaitable);
      if (ec) {
        closed_ = true;
        break;
      }
    }
  }

  websocket::stream<beast::tcp_stream> ws_;
  net::steady_timer signal_;
  net::steady_timer hub_free_;
  Shared& shared_;
  Hub& hub_;
  RateLimiter limiter_;
  Connection conn_;
  std::deque<std::string> out_;
  bool dirty_ = false;
  bool closed_ = false;
  bool hub_busy_ = false;
};

// Refuses a connection over --max-connections: 503 and close.
awaitable<void> refuse_busy(tcp::socket socket, Shared& shared) {
  beast::tcp_stream stream(std::move(socket));
  stream.expires_after(std::chrono::seconds(1));
  auto res = json_response(http::status::service_unavailable,
                           error_json("busy", "the server has too many connections (" +
                                                  std::to_string(shared.options.max_connections) +
                                                  "): try again shortly"),
                           11);
  res.set(http::field::retry_after, "5");
  res.keep_alive(false);
  res.prepare_payload();
  co_await http::async_write(stream, res, tuple_awaitable);
  // Let the client's request arrive before closing, so that it reads the 503 rather than a
  // reset.
  beast::error_code ignored;
  stream.socket().shutdown(tcp::socket::shutdown_send, ignored);
  char drain[1024];
  co_await stream.async_read_some(net::buffer(drain), tuple_awaitable);
  --shared.refusing;
}

// The head of an HTTP/1.1 reply kept alive, as Beast writes it for a response with the fields
// server, content type and cache control set in this order and prepare_payload() after them
// (NetHttp.* compares the two).
std::string reply_head(int status, std::string_view content_type, size_t body_bytes) {
  const auto st = static_cast<http::status>(status);
  const beast::string_view reason = http::obsolete_reason(st);
  std::string head;
  head.reserve(128 + content_type.size());
  head += "HTTP/1.1 ";
  head += std::to_string(status);
  head += ' ';
  head.append(reason.data(), reason.size());
  head += "\r\nServer: feldherr\r\nContent-Type: ";
  head += content_type;
  head += "\r\nCache-Control: no-store\r\nContent-Length: ";
  head += std::to_string(body_bytes);
  head += "\r\n\r\n";
  return head;
}

awaitable<void> http_session(tcp::socket socket, Shared& shared) {
  ConnectionSlot slot(shared);
  beast::error_code addr_ec;
  const net::ip::address peer = socket.remote_endpoint(addr_ec).address();
  beast::tcp_stream stream(std::move(socket));
  beast::flat_buffer buffer;
  for (;;) {
    stream.expires_after(std::chrono::seconds(60));
    http::request_parser<http::string_body> parser;
    parser.body_limit(kMaxMessageBytes);
    parser.header_limit(8 * 1024);
    auto [ec, n] = co_await http::async_read(stream, buffer, parser, tuple_awaitable);
    if (ec == http::error::body_limit) {
      http::response<http::string_body> res{http::status::payload_too_large, 11};
      res.set(http::field::content_type, "application/json");
      res.body() = error_json("too_large", "request body over 16 KiB").dump();
      res.prepare_payload();
      co_await http::async_write(stream, res, tuple_awaitable);
      co_return;
    }
    if (ec) co_return;
    const auto read_at = std::chrono::steady_clock::now();
    http::request<http::string_body> req = parser.release();
    const std::vector<std::string_view> parts = path_parts(req.target());
    if (websocket::is_upgrade(req)) {
      // Only the documented path: GET /ws?game=ID&token=TOKEN (docs/protocol.md).
      if (req.target().substr(0, req.target().find('?')) != "/ws") {
        auto res = json_response(http::status::not_found,
                                 error_json("not_found", "WebSocket connections are at /ws"),
                                 req.version());
        res.keep_alive(false);
        res.prepare_payload();
        co_await http::async_write(stream, res, tuple_awaitable);
        break;
      }
      stream.expires_never();
      auto session = std::make_shared<WsSession>(stream.release_socket(), shared);
      co_await session->run(std::move(req));
      co_return;
    }
    http::response<http::string_body> res;
    double wait_s = 0;
    if (req.method() == http::verb::post && parts.size() == 2 && parts[0] == "api" &&
        parts[1] == "games" && shared.creation.enabled() && !shared.creation.allow(peer, wait_s)) {
      const auto& o = shared.options;
      char limit[96];
      std::snprintf(limit, sizeof limit, "%g per minute, bursts of %d", o.create_per_minute,
                    o.create_burst);
      const int retry = std::max(1, static_cast<int>(std::ceil(wait_s)));
      res = json_response(
          http::status::too_many_requests,
          error_json("rate_limited", std::string("too many games created from this address (") +
                                         limit + "): try again in " + std::to_string(retry) + " s"),
          req.version());
      res.set(http::field::retry_after, std::to_string(retry));
    } else {
      // Answered here when it cannot wait (Hub::http_now); an action is applied here and
      // answered when it is stored (Hub::http_async); else on the handler pool.
      const std::string method(req.method_string()), target(req.target());
      std::optional<HttpReply> r;
      const bool action =
          req.method() == http::verb::post && parts.size() == 4 && parts[3] == "action";
      if (action) {
        r = co_await without_waiting(shared.hub, method, target, req.body());
        if (r) shared.ready.add(std::chrono::steady_clock::now() - read_at);
      } else {
        r = shared.hub.http_now(method, target);
      }
      const bool timed = action && r;  // started at once (Hub::http_async)
      if (!r) {
        // (Not a conditional expression: GCC 12 miscompiles a co_await inside one.)
        r = co_await on_pool(*shared.handlers, [&] {
          try {
            return shared.hub.http(method, target, req.body());
          } catch (const std::exception& e) {
            return HttpReply{500, "application/json", error_json("internal", e.what()).dump()};
          }
        });
      }
      if (req.version() == 11 && req.keep_alive() && req.method() != http::verb::head) {
        // The usual reply (HTTP/1.1, kept alive): its head written here, byte for byte what
        // Beast's serializer writes for the response below, and sent with the body in one
        // gathered write.
        const std::string head = reply_head(r->status, r->content_type, r->body.size());
        const std::array<net::const_buffer, 2> parts_out{net::buffer(head), net::buffer(r->body)};
        auto [wec, wn] = co_await net::async_write(stream, parts_out, tuple_awaitable);
        if (wec) break;
        if (timed) shared.ack.add(std::chrono::steady_clock::now() - read_at);
        continue;
      }
      res = http::response<http::string_body>{static_cast<http::status>(r->status), req.version()};
      res.set(http::field::server, "feldherr");
      res.set(http::field::content_type, r->content_type);
      res.set(http::field::cache_control, "no-store");
      if (req.method() != http::verb::head) res.body() = std::move(r->body);
    }
    res.keep_alive(req.keep_alive());
    res.prepare_payload();
    auto [wec, wn] = co_await http::async_write(stream, res, tuple_awaitable);
    if (wec || !res.keep_alive()) break;
  }
  beast::error_code ignored;
  stream.socket().shutdown(tcp::socket::shutdown_send, ignored);
}

}  // namespace

struct Server::Impl {
  Impl(Hub& h, const ServeOptions& o)
      : shared(h, o),
        options(o),
        ioc(std::max(1, o.threads)),
        acceptor(ioc),
        handlers(static_cast<size_t>(std::max(1, o.handler_threads))) {
    shared.handlers = &handlers;
    beast::error_code ec;
    const net::ip::address address = net::ip::make_address(o.bind, ec);
    if (ec) throw std::runtime_error("--bind " + o.bind + ": not an IP address");
    tcp::endpoint endpoint(address, o.port);
    acceptor.open(endpoint.protocol(), ec);
    if (!ec) acceptor.set_option(net::socket_base::reuse_address(true), ec);
    if (!ec) acceptor.bind(endpoint, ec);
    if (!ec) acceptor.listen(net::socket_base::max_listen_connections, ec);
    if (ec)
      throw std::runtime_error("cannot listen on " + o.bind + ":" + std::to_string(o.port) + ": " +
                               ec.message());
  }

  awaitable<void> accept_loop() {
    net::steady_timer pause(ioc);
    std::optional<Clock::time_point> said;  // when running out of descriptors was last logged
    for (;;) {
      auto [ec, socket] = co_await acceptor.async_accept(net::make_strand(ioc), tuple_awaitable);
      if (ec) {
        if (ec == net::error::operation_aborted || !acceptor.is_open()) co_return;
        // Out of descriptors (or kernel memory): the connection stays queued and accept would
        // fail again at once. Pause instead of spinning; say so once a minute at most.
        if (ec == net::error::no_descriptors || ec.value() == ENFILE ||
            ec == net::error::no_buffer_space || ec == net::error::no_memory) {
          if (!said || Clock::now() - *said > std::chrono::minutes(1)) {
            said = Clock::now();
            std::cerr << "feldherr serve: cannot accept connections (" << ec.message()
                      << "): out of file descriptors or memory; pausing 100 ms between tries ("
                      << shared.connections.load() << " connections open)" << std::endl;
          }
          pause.expires_after(std::chrono::milliseconds(100));
          co_await pause.async_wait(tuple_awaitable);
        }
        continue;
      }
      if (shared.connections.load() >= options.max_connections) {
        if (shared.refusing.load() < 64) {
          ++shared.refusing;
          auto ex = socket.get_executor();
          net::co_spawn(ex, refuse_busy(std::move(socket), shared), net::detached);
        }
        continue;  // (beyond 64 refusals at once the socket is just closed)
      }
      ++shared.connections;
      auto ex = socket.get_executor();
      net::co_spawn(ex, http_session(std::move(socket), shared), net::detached);
    }
  }

  Shared shared;  // before ioc: outlives the connections' frames
  ServeOptions options;
  net::io_context ioc;
  tcp::acceptor acceptor;
  net::thread_pool handlers;  // after ioc: stopped and destroyed first
  std::vector<std::thread> threads;
  bool started = false;
};

Server::Server(Hub& hub, const ServeOptions& options)
    : impl_(std::make_unique<Impl>(hub, options)) {}

Server::~Server() {
  stop();
}

LatencyStats Server::ack_stats() const {
  return impl_->shared.ack.stats();
}

LatencyStats Server::ready_stats() const {
  return impl_->shared.ready.stats();
}

uint16_t Server::port() const {
  return impl_->acceptor.local_endpoint().port();
}

void Server::start() {
  if (impl_->started) return;
  impl_->started = true;
  net::co_spawn(impl_->ioc, impl_->accept_loop(), net::detached);
  for (int i = 0; i < std::max(1, impl_->options.threads); ++i)
    impl_->threads.emplace_back([this] { impl_->ioc.run(); });
}

void Server::stop() {
  if (!impl_) return;
  net::post(impl_->ioc, [this] {
    beast::error_code ec;
    impl_->acceptor.close(ec);
  });
  impl_->ioc.stop();
  for (auto& t : impl_->threads)
    if (t.joinable()) t.join();
  impl_->threads.clear();
  // Replies to actions still being stored are posted to the (stopped) io_context: it must
  // outlive them.
  impl_->shared.hub.wait_for_stores();
  impl_->handlers.stop();
  impl_->handlers.join();
}

int serve(const ServeOptions& options, const Registry& registry, std::ostream& out,
          std::ostream& err) {
  // Room for --max-connections descriptors plus the database and the rest: raise the soft limit
  // up to the hard one if needed (beyond what is available, accept pauses, see accept_loop).
  rlimit lim{};
  const rlim_t want = static_cast<rlim_t>(options.max_connections) + 128;
  if (getrlimit(RLIMIT_NOFILE, &lim) == 0 && lim.rlim_cur != RLIM_INFINITY && lim.rlim_cur < want) {
    rlim_t before = lim.rlim_cur;
    lim.rlim_cur = lim.rlim_max == RLIM_INFINITY ? want : std::min(want, lim.rlim_max);
    if (lim.rlim_cur > before) setrlimit(RLIMIT_NOFILE, &lim);
    if (lim.rlim_cur < want)
      err << "note: the descriptor limit (ulimit -n " << lim.rlim_cur << ") is below "
          << "--max-connections " << options.max_connections << " + 128\n";
  }
  StoreOptions store_options;
  store_options.checkpoint_frames = options.checkpoint_frames;
  SqliteStore store(options.db, store_options);
  Hub hub(registry, store, make_hub_options(options));
  int loaded = hub.reload();
  // SIGINT/SIGTERM stop the server cleanly (kill -9 needs no help: every acknowledged action is
  // already committed). Set up before accepting: the signal set opens a descriptor, which a
  // burst of connections at start would otherwise take.
  net::io_context signals_ioc;
  net::signal_set signals(signals_ioc, SIGINT, SIGTERM);
  signals.async_wait([](const beast::error_code&, int) {});
  Server server(hub, options);
  server.start();
  out << "feldherr serve: database " << options.db << ", " << loaded << " unfinished game"
      << (loaded == 1 ? "" : "s") << " reloaded";
  if (!options.web_dir.empty()) out << ", web UI from " << options.web_dir;
  out << "\nlistening on http://" << options.bind << ":" << server.port() << "/" << std::endl;
  signals_ioc.run();
  out << "feldherr serve: stopping" << std::endl;
  server.stop();
  hub.stop();
  const SqliteStore::CommitStats c = store.commit_stats();
  if (c.commits > 0) {
    out << fmt::format(
               "feldherr serve: {} appends in {} commits (up to {} in one); a commit took "
               "p50 {:.2f} ms, p99 {:.2f} ms, max {:.2f} ms",
               c.appends, c.commits, c.largest, c.p50_ms, c.p99_ms, c.max_ms)
        << std::endl;
    const auto& w = c.append_wait;
    out << fmt::format(
               "feldherr serve: an append waited for its report p50 {:.2f} ms, p99 {:.2f} ms, "
               "max {:.2f} ms",
               w.p50_ms, w.p99_ms, w.max_ms)
        << std::endl;
    const auto& k = c.checkpoints;
    out << fmt::format(
               "feldherr serve: the commits wrote {} frames to the WAL; {} checkpoints (p50 {:.2f} "
               "ms, p99 {:.2f} ms, max {:.2f} ms, {:.0f} ms in all); the WAL held up to {} "
               "frames; the writer waited {} times for the WAL's bound ({:.0f} ms in all, max "
               "{:.2f} ms)",
               c.frames_committed, k.count, k.p50_ms, k.p99_ms, k.max_ms, k.total_ms,
               c.max_wal_frames, c.bound_waits.count, c.bound_waits.total_ms, c.bound_waits.max_ms)
        << std::endl;
  }
  const LatencyStats ack = server.ack_stats(), ready = server.ready_stats();
  if (ack.count > 0)
    out << fmt::format(
               "feldherr serve: {} HTTP actions acknowledged, from the request read to the "
               "reply written p50 {:.2f} ms, p99 {:.2f} ms, p99.9 {:.2f} ms, max {:.2f} ms "
               "(until the reply was ready: p50 {:.2f} ms, p99 {:.2f} ms, max {:.2f} ms)",
               ack.count, ack.p50_ms, ack.p99_ms, ack.p999_ms, ack.max_ms, ready.p50_ms,
               ready.p99_ms, ready.max_ms)
        << std::endl;
  return 0;
}

}  // namespace feldherr::server
