// The only translation unit with Boost.Beast (build time, docs/server.md): a listener, HTTP
// sessions (keep-alive, 16 KiB body limit) and WebSocket sessions, as C++20 coroutines.
#include <boost/asio.hpp>
#include <boost/asio/experimental/as_tuple.hpp>
#include <boost/beast.hpp>
#include <csignal>
#include <deque>
#include <iostream>
#include <thread>

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

class WsSession : public Subscriber, public std::enable_shared_from_this<WsSession> {
 public:
  WsSession(tcp::socket socket, Hub& hub)
      : ws_(std::move(socket)), signal_(ws_.get_executor()), hub_(hub), limiter_(20, 40) {}

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
    std::optional<json> err = hub_.open(q["game"], q["token"], conn_);
    if (err) {
      std::string text = err->dump();
      co_await ws_.async_write(net::buffer(text), tuple_awaitable);
      co_await ws_.async_close(websocket::close_code::policy_error, tuple_awaitable);
      co_return;
    }
    hub_.subscribe(conn_, weak_from_this());
    dirty_ = true;
    net::co_spawn(ws_.get_executor(), writer(self), net::detached);
    beast::flat_buffer buffer;
    for (;;) {
      auto [rec, n] = co_await ws_.async_read(buffer, tuple_awaitable);
      if (rec) break;  // closed, timed out or too large (Beast closes with 1009)
      std::string text = beast::buffers_to_string(buffer.data());
      buffer.consume(buffer.size());
      if (!limiter_.allow()) {
        out_.push_back(error_json("rate_limited", "more than 20 messages per second").dump());
        signal_.cancel();
        if (limiter_.refused_in_a_row() > 100) break;
        continue;
      }
      bool push_state = false;
      std::vector<json> replies;
      try {
        replies = hub_.message(conn_, text, push_state);
      } catch (const std::exception& e) {
        replies = {error_json("internal", e.what())};
      }
      for (const json& r : replies) out_.push_back(r.dump());
      if (push_state) dirty_ = true;
      signal_.cancel();
    }
    closed_ = true;
    signal_.cancel();
  }

 private:
  awaitable<void> writer(std::shared_ptr<WsSession> self) {
    while (!closed_) {
      if (out_.empty() && dirty_) {
        dirty_ = false;
        try {
          out_.push_back(hub_.state_message(conn_).dump());
        } catch (const std::exception& e) {
          out_.push_back(error_json("internal", e.what()).dump());
        }
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
  Hub& hub_;
  RateLimiter limiter_;
  Connection conn_;
  std::deque<std::string> out_;
  bool dirty_ = false;
  bool closed_ = false;
};

awaitable<void> http_session(tcp::socket socket, Hub& hub) {
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
    http::request<http::string_body> req = parser.release();
    if (websocket::is_upgrade(req)) {
      if (req.target().substr(0, 3) != "/ws") co_return;
      stream.expires_never();
      auto session = std::make_shared<WsSession>(stream.release_socket(), hub);
      co_await session->run(std::move(req));
      co_return;
    }
    HttpReply r = hub.http(std::string(req.method_string()), std::string(req.target()), req.body());
    http::response<http::string_body> res{static_cast<http::status>(r.status), req.version()};
    res.set(http::field::server, "feldherr");
    res.set(http::field::content_type, r.content_type);
    res.set(http::field::cache_control, "no-store");
    res.keep_alive(req.keep_alive());
    if (req.method() != http::verb::head) res.body() = std::move(r.body);
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
      : hub(h), options(o), ioc(std::max(1, o.threads)), acceptor(ioc) {
    tcp::endpoint endpoint(net::ip::make_address(o.bind), o.port);
    beast::error_code ec;
    acceptor.open(endpoint.protocol(), ec);
    if (!ec) acceptor.set_option(net::socket_base::reuse_address(true), ec);
    if (!ec) acceptor.bind(endpoint, ec);
    if (!ec) acceptor.listen(net::socket_base::max_listen_connections, ec);
    if (ec)
      throw std::runtime_error("cannot listen on " + o.bind + ":" + std::to_string(o.port) + ": " +
                               ec.message());
  }

  awaitable<void> accept_loop() {
    for (;;) {
      auto [ec, socket] = co_await acceptor.async_accept(net::make_strand(ioc), tuple_awaitable);
      if (ec) {
        if (ec == net::error::operation_aborted || !acceptor.is_open()) co_return;
        continue;
      }
      auto ex = socket.get_executor();
      net::co_spawn(ex, http_session(std::move(socket), hub), net::detached);
    }
  }

  Hub& hub;
  ServeOptions options;
  net::io_context ioc;
  tcp::acceptor acceptor;
  std::vector<std::thread> threads;
  bool started = false;
};

Server::Server(Hub& hub, const ServeOptions& options)
    : impl_(std::make_unique<Impl>(hub, options)) {}

Server::~Server() {
  stop();
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
}

int serve(const ServeOptions& options, const Registry& registry, std::ostream& out,
          std::ostream& err) {
  SqliteStore store(options.db);
  HubOptions hub_options;
  hub_options.web_dir = options.web_dir;
  hub_options.ai_delay = std::chrono::milliseconds(options.ai_delay_ms);
  Hub hub(registry, store, hub_options);
  int loaded = hub.reload();
  Server server(hub, options);
  // SIGINT/SIGTERM stop the server cleanly (kill -9 needs no help: every acknowledged action is
  // already committed).
  server.start();
  out << "feldherr serve: database " << options.db << ", " << loaded << " unfinished game"
      << (loaded == 1 ? "" : "s") << " reloaded";
  if (!options.web_dir.empty()) out << ", web UI from " << options.web_dir;
  out << "\nlistening on http://" << options.bind << ":" << server.port() << "/" << std::endl;
  // SIGINT/SIGTERM stop the server cleanly (kill -9 needs no help: every acknowledged action is
  // already committed).
  net::io_context signals_ioc;
  net::signal_set signals(signals_ioc, SIGINT, SIGTERM);
  signals.async_wait([](const beast::error_code&, int) {});
  signals_ioc.run();
  out << "feldherr serve: stopping" << std::endl;
  server.stop();
  hub.stop();
  (void)err;
  return 0;
}

}  // namespace feldherr::server
