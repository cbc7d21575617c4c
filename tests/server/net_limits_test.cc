// The network side's limits (docs/server.md "Network limits", docs/protocol.md): creation per
// client address, concurrent connections, the file-descriptor limit, the WebSocket flood limit,
// the WebSocket path, and `serve --bind` with a bad address.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <boost/asio.hpp>
#include <boost/asio/experimental/as_tuple.hpp>
#include <boost/beast.hpp>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <thread>

#include "client.h"
#include "engine/registry.h"
#include "server/hub.h"
#include "server/server.h"
#include "server/store.h"
#include "tests/util/scratch_dir.h"

namespace feldherr::server {
namespace {

namespace fs = std::filesystem;
namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
namespace asio = boost::asio;
using tcp = asio::ip::tcp;
using testing::http_request;
using Clock = std::chrono::steady_clock;
constexpr auto tuple_awaitable = asio::experimental::as_tuple(asio::use_awaitable);

using testing_util::ScratchDir;

// A server on an ephemeral loopback port with its own store.
class TestServer {
 public:
  explicit TestServer(ServeOptions options) : dir_("net-limits") {
    store_ = std::make_unique<SqliteStore>((dir_ / "db.sqlite").string());
    HubOptions hub_options;
    hub_ = std::make_unique<Hub>(all_games(), *store_, hub_options);
    options.port = 0;
    server_ = std::make_unique<Server>(*hub_, options);
    server_->start();
  }
  ~TestServer() {
    server_->stop();
    hub_->stop();
    server_.reset();
    hub_.reset();
    store_.reset();
  }
  uint16_t port() const { return server_->port(); }

 private:
  ScratchDir dir_;  // destroyed last, after the store
  std::unique_ptr<SqliteStore> store_;
  std::unique_ptr<Hub> hub_;
  std::unique_ptr<Server> server_;
};

const std::string kPocket =
    R"({"game":"pocket/orcs-vs-elves","seats":{"orcs":"human","elves":"human"}})";

// ---- creation per address ----

TEST(NetLimits, CreatingGamesFromOneAddressBeyondTheBurstIsRefusedWith429) {
  ServeOptions options;
  options.create_per_minute = 10;
  options.create_burst = 3;
  TestServer server(options);
  for (int i = 0; i < 3; ++i)
    ASSERT_EQ(http_request(server.port(), "POST", "/api/games", kPocket).status, 201) << i;
  auto refused = http_request(server.port(), "POST", "/api/games", kPocket);
  EXPECT_EQ(refused.status, 429) << refused.body;
  EXPECT_EQ(refused.json_body.value("code", ""), "rate_limited") << refused.body;
  EXPECT_NE(refused.json_body.value("message", "").find("per minute"), std::string::npos)
      << refused.body;
  // Everything else is served as before.
  EXPECT_EQ(http_request(server.port(), "GET", "/api/games").status, 200);
  EXPECT_EQ(http_request(server.port(), "GET", "/api/catalog").status, 200);
  // A refill of one game per 6 s at 10 per minute: the next creation is still refused now.
  EXPECT_EQ(http_request(server.port(), "POST", "/api/games", kPocket).status, 429);
}

TEST(NetLimits, ZeroCreationRateMeansNoLimit) {
  ServeOptions options;
  options.create_per_minute = 0;
  options.create_burst = 1;
  TestServer server(options);
  for (int i = 0; i < 25; ++i)
    ASSERT_EQ(http_request(server.port(), "POST", "/api/games", kPocket).status, 201) << i;
}

// ---- concurrent connections ----

// A keep-alive connection that has been served once (so the server has accepted it).
struct KeptConnection {
  asio::io_context ioc;
  beast::tcp_stream stream{ioc};
  beast::flat_buffer buffer;
  // The status of GET /api/catalog on a new connection (0 if the connection failed or closed).
  int open_and_get(uint16_t port) {
    beast::error_code ec;
    stream.expires_after(std::chrono::seconds(10));
    stream.connect(tcp::endpoint(asio::ip::make_address("127.0.0.1"), port), ec);
    if (ec) return 0;
    http::request<http::string_body> req{http::verb::get, "/api/catalog", 11};
    req.set(http::field::host, "127.0.0.1");
    req.keep_alive(true);
    http::write(stream, req, ec);
    if (ec) return 0;
    http::response<http::string_body> res;
    http::read(stream, buffer, res, ec);
    if (ec) return 0;
    return static_cast<int>(res.result_int());
  }
};

TEST(NetLimits, ConnectionsBeyondMaxConnectionsGet503AtOnceAndTheServerRecovers) {
  ServeOptions options;
  options.max_connections = 4;
  TestServer server(options);
  std::vector<std::unique_ptr<KeptConnection>> kept;
  for (int i = 0; i < 4; ++i) {
    kept.push_back(std::make_unique<KeptConnection>());
    ASSERT_EQ(kept.back()->open_and_get(server.port()), 200) << i;
  }
  auto t0 = Clock::now();
  auto over = http_request(server.port(), "GET", "/api/catalog");
  EXPECT_EQ(over.status, 503) << over.body;
  EXPECT_EQ(over.json_body.value("code", ""), "busy") << over.body;
  EXPECT_LT(Clock::now() - t0, std::chrono::seconds(2));
  // A WebSocket upgrade is refused the same way.
  testing::WsClient ws;
  EXPECT_FALSE(ws.connect(server.port(), "/ws?game=0000000000000000"));
  // One connection closes: a new one is served again.
  kept.pop_back();
  int status = 0;
  for (int attempt = 0; attempt < 200 && status != 200;
       ++attempt) {  // up to 10 s, on a busy machine
    status = http_request(server.port(), "GET", "/api/catalog").status;
    if (status != 200) std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  EXPECT_EQ(status, 200);
}

// ---- the file-descriptor limit ----

struct Child {
  pid_t pid = -1;
  uint16_t port = 0;
  int err_fd = -1;  // the child's stderr
};

// Starts `feldherr serve --port 0` with a file-descriptor limit of `fd_limit` (0 = unchanged)
// and `extra` arguments.
Child start_serve(const fs::path& db, rlim_t fd_limit, std::vector<std::string> extra = {}) {
  int out[2], err[2];
  if (pipe(out) != 0 || pipe(err) != 0) return {};
  pid_t pid = fork();
  if (pid == 0) {
    dup2(out[1], 1);
    dup2(err[1], 2);
    for (int fd : {out[0], out[1], err[0], err[1]}) close(fd);
    for (int fd = 3; fd < 1024; ++fd) close(fd);  // gtest's and the parent's descriptors
    if (fd_limit > 0) {
      rlimit lim{fd_limit, fd_limit};
      setrlimit(RLIMIT_NOFILE, &lim);
    }
    std::vector<std::string> args = {"feldherr", "serve",     "--port",     "0",
                                     "--db",     db.string(), "--ai-delay", "0"};
    args.insert(args.end(), extra.begin(), extra.end());
    std::vector<char*> argv;
    for (std::string& a : args) argv.push_back(a.data());
    argv.push_back(nullptr);
    std::string bin = std::string(FELDHERR_BINARY_DIR) + "/cli/feldherr";
    execv(bin.c_str(), argv.data());
    _exit(127);
  }
  close(out[1]);
  close(err[1]);
  Child c;
  c.pid = pid;
  c.err_fd = err[0];
  fcntl(c.err_fd, F_SETFL, O_NONBLOCK);
  std::string text;
  char buf[256];
  for (;;) {
    ssize_t n = read(out[0], buf, sizeof buf);
    if (n <= 0) break;
    text.append(buf, static_cast<size_t>(n));
    auto at = text.find("listening on http://127.0.0.1:");
    if (at != std::string::npos) {
      auto end = text.find('/', at + 30);
      if (end != std::string::npos) {
        c.port = static_cast<uint16_t>(std::stoi(text.substr(at + 30, end - at - 30)));
        break;
      }
    }
  }
  close(out[0]);
  return c;
}

std::string read_available(int fd) {
  std::string text;
  char buf[4096];
  for (;;) {
    ssize_t n = read(fd, buf, sizeof buf);
    if (n <= 0) break;
    text.append(buf, static_cast<size_t>(n));
  }
  return text;
}

// CPU seconds (user + system) the process has used so far.
double cpu_seconds(pid_t pid) {
  std::ifstream in("/proc/" + std::to_string(pid) + "/stat");
  std::string all((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  std::istringstream fields(all.substr(all.rfind(')') + 2));
  std::string f;
  std::vector<std::string> v;
  while (fields >> f) v.push_back(f);
  // After the name: state(0) ... utime(11) stime(12).
  return (std::stod(v.at(11)) + std::stod(v.at(12))) / static_cast<double>(sysconf(_SC_CLK_TCK));
}

TEST(NetLimits, AcceptBacksOffAtTheFileDescriptorLimitInsteadOfSpinning) {
  signal(SIGPIPE, SIG_IGN);
  const ScratchDir dir("net-emfile");
  Child server = start_serve(dir / "db.sqlite", 40);
  ASSERT_GT(server.port, 0) << "the server did not start";
  // Far more connections than the server has descriptors: the rest wait in the listen queue
  // (until the kernel's queue is full, after which connecting may be refused).
  asio::io_context ioc;
  std::vector<std::unique_ptr<tcp::socket>> sockets;
  for (int i = 0; i < 80; ++i) {
    auto s = std::make_unique<tcp::socket>(ioc);
    beast::error_code ec;
    s->connect(tcp::endpoint(asio::ip::make_address("127.0.0.1"), server.port), ec);
    if (ec) break;
    sockets.push_back(std::move(s));
  }
  ASSERT_GT(sockets.size(), 40u) << "the clients never outnumbered the server's descriptors";
  ASSERT_EQ(kill(server.pid, 0), 0) << "the server died at the descriptor limit";
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  const double cpu0 = cpu_seconds(server.pid);
  std::this_thread::sleep_for(std::chrono::milliseconds(1500));
  const double used = cpu_seconds(server.pid) - cpu0;
  std::printf("at the descriptor limit: %.2f s of CPU in 1.5 s\n", used);
  EXPECT_LT(used, 0.3) << "the accept loop spins at the descriptor limit";
  // Said once, not once per failed accept.
  std::string err = read_available(server.err_fd);
  size_t first = err.find("file descriptors");
  EXPECT_NE(first, std::string::npos) << err;
  EXPECT_EQ(err.find("file descriptors", first + 1), std::string::npos) << err;
  // The clients go away: the server serves again.
  sockets.clear();
  int status = 0;
  for (int attempt = 0; attempt < 200 && status != 200;
       ++attempt) {  // up to 10 s, on a busy machine
    status = http_request(server.port, "GET", "/api/catalog").status;
    if (status != 200) std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  int wstatus = 0;
  const pid_t gone = waitpid(server.pid, &wstatus, WNOHANG);
  EXPECT_EQ(status, 200) << (gone == server.pid
                                 ? "the server ended, status " + std::to_string(wstatus)
                                 : "the server runs")
                         << "; its stderr: " << read_available(server.err_fd);
  kill(server.pid, SIGTERM);
  waitpid(server.pid, nullptr, 0);
  close(server.err_fd);
  fs::remove_all(dir);
}

// ---- WebSocket ----

struct FloodResult {
  int sent = 0;
  int rate_limited = 0;  // rate_limited errors received
  int other = 0;         // other messages received
  bool closed = false;   // the server closed the connection
};

// Connects to `target` and sends {"type":"sync"} at `rate` messages per second for `seconds`,
// reading everything the server sends meanwhile and for `grace` seconds after.
FloodResult flood(uint16_t port, const std::string& target, double rate, double seconds,
                  double grace) {
  FloodResult r;
  asio::io_context ioc;
  websocket::stream<beast::tcp_stream> ws(ioc);
  beast::get_lowest_layer(ws).connect(tcp::endpoint(asio::ip::make_address("127.0.0.1"), port));
  ws.handshake("127.0.0.1", target);
  bool stop = false;
  asio::co_spawn(
      ioc,
      [&]() -> asio::awaitable<void> {
        beast::flat_buffer buffer;
        for (;;) {
          auto [ec, n] = co_await ws.async_read(buffer, tuple_awaitable);
          if (ec) {
            if (ec != asio::error::operation_aborted) r.closed = true;
            break;
          }
          std::string text = beast::buffers_to_string(buffer.data());
          buffer.consume(buffer.size());
          if (text.find("\"rate_limited\"") != std::string::npos)
            ++r.rate_limited;
          else
            ++r.other;
        }
        stop = true;
      },
      asio::detached);
  asio::co_spawn(
      ioc,
      [&]() -> asio::awaitable<void> {
        asio::steady_timer timer(ioc);
        const auto start = Clock::now();
        const auto period = std::chrono::duration<double>(1.0 / rate);
        const std::string msg = R"({"type":"sync"})";
        while (!stop && Clock::now() - start < std::chrono::duration<double>(seconds)) {
          ws.text(true);
          auto [ec, n] = co_await ws.async_write(asio::buffer(msg), tuple_awaitable);
          if (ec) break;
          ++r.sent;
          timer.expires_at(start + std::chrono::duration_cast<Clock::duration>(period * r.sent));
          co_await timer.async_wait(tuple_awaitable);
        }
      },
      asio::detached);
  ioc.run_for(
      std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(seconds + grace)));
  return r;
}

std::string create_game(uint16_t port) {
  auto c = http_request(port, "POST", "/api/games", kPocket);
  EXPECT_EQ(c.status, 201) << c.body;
  return c.json_body.value("id", "");
}

TEST(NetWs, AClientSendingAThousandMessagesPerSecondIsClosed) {
  TestServer server(ServeOptions{});
  std::string id = create_game(server.port());
  FloodResult r = flood(server.port(), "/ws?game=" + id, 1000, 2, 3);
  std::printf("flood: %d sent, %d rate_limited, %d other, %s\n", r.sent, r.rate_limited, r.other,
              r.closed ? "closed by the server" : "still open");
  EXPECT_TRUE(r.closed) << "a client flooding at 1,000 messages/s was never closed";
  EXPECT_GT(r.rate_limited, 0);
  // The server lives on.
  FloodResult calm = flood(server.port(), "/ws?game=" + id, 5, 0.5, 0.5);
  EXPECT_FALSE(calm.closed);
  EXPECT_GT(calm.other, 0);
}

TEST(NetWs, AClientWithinTheRateIsNeverRefusedOrClosed) {
  TestServer server(ServeOptions{});
  std::string id = create_game(server.port());
  FloodResult r = flood(server.port(), "/ws?game=" + id, 15, 3, 0.5);
  EXPECT_FALSE(r.closed);
  EXPECT_EQ(r.rate_limited, 0);
  EXPECT_GE(r.other, r.sent);  // a state for every sync (and the first one on connect)
}

TEST(NetWs, UpgradeIsAcceptedOnlyOnTheDocumentedPath) {
  TestServer server(ServeOptions{});
  std::string id = create_game(server.port());
  for (const std::string& target : {"/wsx?game=" + id, "/ws/?game=" + id, "/ws/anything?game=" + id,
                                    "/wsgame=" + id, "/api/games?game=" + id}) {
    testing::WsClient ws;
    EXPECT_FALSE(ws.connect(server.port(), target)) << target;
  }
  testing::WsClient ws;
  ASSERT_TRUE(ws.connect(server.port(), "/ws?game=" + id));
  auto state = ws.receive_type("state");
  ASSERT_TRUE(state);
  // The server still serves HTTP after the refused upgrades.
  EXPECT_EQ(http_request(server.port(), "GET", "/api/games/" + id).status, 200);
}

// ---- replies ----

// One reply read from `socket` as raw bytes: its head up to the blank line and its body of
// Content-Length bytes.
std::string read_raw_reply(tcp::socket& socket, std::string& pending) {
  char buf[4096];
  auto fill = [&] {
    const size_t n = socket.read_some(asio::buffer(buf));
    pending.append(buf, n);
  };
  size_t end;
  while ((end = pending.find("\r\n\r\n")) == std::string::npos) fill();
  const std::string head = pending.substr(0, end + 4);
  const size_t at = head.find("Content-Length: ");
  EXPECT_NE(at, std::string::npos) << head;
  const size_t body = at == std::string::npos ? 0 : std::stoul(head.substr(at + 16));
  while (pending.size() < head.size() + body) fill();
  std::string reply = pending.substr(0, head.size() + body);
  pending.erase(0, reply.size());
  return reply;
}

// What Beast's serializer writes for the server's reply of `status` with `body` (the fields in
// the order server/net.cc sets them).
std::string beast_reply(unsigned status, const std::string& body) {
  http::response<http::string_body> res{static_cast<http::status>(status), 11};
  res.set(http::field::server, "feldherr");
  res.set(http::field::content_type, "application/json");
  res.set(http::field::cache_control, "no-store");
  res.body() = body;
  res.keep_alive(true);
  res.prepare_payload();
  std::ostringstream out;
  out << res;
  return out.str();
}

// A reply to HTTP/1.1 kept alive is written by the server itself (its head and the body in one
// write): byte for byte what Beast writes for it, for a view, an action, a refusal and a 404, on
// one connection.
TEST(NetHttp, AKeptAliveReplyIsWhatBeastWritesForIt) {
  TestServer server(ServeOptions{});
  auto c = http_request(server.port(), "POST", "/api/games", kPocket);
  ASSERT_EQ(c.status, 201) << c.body;
  const std::string id = c.json_body["id"];
  // The token of the seat to move (the first look of a seat rolls the opening, if any).
  std::string token = c.json_body["seats"]["orcs"]["token"];
  if (http_request(server.port(), "GET", "/api/games/" + id + "?token=" + token)
          .json_body["legal"]
          .empty())
    token = c.json_body["seats"]["elves"]["token"];
  asio::io_context ioc;
  tcp::socket socket(ioc);
  socket.connect(tcp::endpoint(asio::ip::make_address("127.0.0.1"), server.port()));
  std::string pending;
  auto exchange = [&](const std::string& request) {
    asio::write(socket, asio::buffer(request));
    return read_raw_reply(socket, pending);
  };
  auto body_of = [](const std::string& reply) { return reply.substr(reply.find("\r\n\r\n") + 4); };
  const std::string get =
      "GET /api/games/" + id + "?token=" + token + " HTTP/1.1\r\nHost: x\r\n\r\n";
  const std::string view = exchange(get);
  EXPECT_EQ(view, beast_reply(200, body_of(view)));
  const nlohmann::json seen = nlohmann::json::parse(body_of(view));
  ASSERT_FALSE(seen["legal"].empty());
  const std::string action = nlohmann::json{
      {"token", token},
      {"state_id", seen["state_id"]},
      {"action_id",
       seen["legal"][0]["id"]}}.dump();
  auto post = [&](const std::string& body) {
    return "POST /api/games/" + id +
           "/action HTTP/1.1\r\nHost: x\r\nContent-Length: " + std::to_string(body.size()) +
           "\r\n\r\n" + body;
  };
  const std::string acted = exchange(post(action));
  EXPECT_EQ(acted, beast_reply(200, body_of(acted)));
  EXPECT_NE(body_of(acted).find("\"ok\":true"), std::string::npos) << acted;
  const std::string stale = exchange(post(action));
  EXPECT_EQ(stale, beast_reply(409, body_of(stale)));
  const std::string missing = exchange("GET /api/games/nothing HTTP/1.1\r\nHost: x\r\n\r\n");
  EXPECT_EQ(missing, beast_reply(404, body_of(missing)));
}

// ---- serve --bind ----

TEST(NetCli, BindWithSomethingThatIsNotAnAddressNamesTheOption) {
  const ScratchDir dir("net-bind");
  int err[2];
  ASSERT_EQ(pipe(err), 0);
  pid_t pid = fork();
  if (pid == 0) {
    dup2(err[1], 2);
    int null = open("/dev/null", O_WRONLY);
    dup2(null, 1);
    close(err[0]);
    close(err[1]);
    std::string bin = std::string(FELDHERR_BINARY_DIR) + "/cli/feldherr";
    std::string db = (dir / "db.sqlite").string();
    execl(bin.c_str(), "feldherr", "serve", "--bind", "not.an.ip", "--port", "0", "--db",
          db.c_str(), nullptr);
    _exit(127);
  }
  close(err[1]);
  std::string text;
  char buf[512];
  for (;;) {
    ssize_t n = read(err[0], buf, sizeof buf);
    if (n <= 0) break;
    text.append(buf, static_cast<size_t>(n));
  }
  close(err[0]);
  int status = 0;
  waitpid(pid, &status, 0);
  ASSERT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), 2) << text;  // a bad command line
  EXPECT_NE(text.find("--bind"), std::string::npos) << text;
  EXPECT_NE(text.find("not.an.ip"), std::string::npos) << text;
  fs::remove_all(dir);
}

}  // namespace
}  // namespace feldherr::server
