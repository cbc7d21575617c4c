#include "client.h"

#include <boost/asio.hpp>
#include <boost/beast.hpp>

namespace feldherr::server::testing {

namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
namespace net = boost::asio;
using tcp = net::ip::tcp;

HttpResult http_request(uint16_t port, const std::string& method, const std::string& target,
                        const std::string& body) {
  HttpResult result;
  try {
    net::io_context ioc;
    beast::tcp_stream stream(ioc);
    stream.expires_after(std::chrono::seconds(30));
    stream.connect(tcp::endpoint(net::ip::make_address("127.0.0.1"), port));
    http::request<http::string_body> req{http::string_to_verb(method), target, 11};
    req.set(http::field::host, "127.0.0.1");
    req.set(http::field::content_type, "application/json");
    req.body() = body;
    req.prepare_payload();
    http::write(stream, req);
    beast::flat_buffer buffer;
    http::response<http::string_body> res;
    http::read(stream, buffer, res);
    result.status = static_cast<int>(res.result_int());
    result.body = res.body();
    result.json_body = json::parse(result.body, nullptr, false);
    beast::error_code ec;
    stream.socket().shutdown(tcp::socket::shutdown_both, ec);
  } catch (const std::exception&) {
    result.status = 0;
  }
  return result;
}

struct WsClient::Impl {
  net::io_context ioc;
  websocket::stream<tcp::socket> ws{ioc};
  beast::flat_buffer buffer;
};

WsClient::WsClient() : impl_(std::make_unique<Impl>()) {}
WsClient::~WsClient() {
  if (!closed_) {
    beast::error_code ec;
    impl_->ws.next_layer().close(ec);
  }
}

bool WsClient::connect(uint16_t port, const std::string& target) {
  try {
    impl_->ws.next_layer().connect(tcp::endpoint(net::ip::make_address("127.0.0.1"), port));
    impl_->ws.handshake("127.0.0.1", target);
    return true;
  } catch (const std::exception&) {
    closed_ = true;
    return false;
  }
}

bool WsClient::send(const std::string& text) {
  beast::error_code ec;
  impl_->ws.text(true);
  impl_->ws.write(net::buffer(text), ec);
  if (ec) closed_ = true;
  return !ec;
}

std::optional<json> WsClient::receive(std::chrono::milliseconds timeout) {
  if (closed_) return std::nullopt;
  bool done = false;
  beast::error_code result;
  impl_->ws.async_read(impl_->buffer, [&](beast::error_code ec, size_t) {
    done = true;
    result = ec;
  });
  impl_->ioc.restart();
  impl_->ioc.run_for(timeout);
  if (!done) {
    // Timed out: cancel the read and let the handler run.
    beast::error_code ec;
    impl_->ws.next_layer().cancel(ec);
    impl_->ioc.restart();
    impl_->ioc.run();
    closed_ = true;  // a cancelled websocket read leaves the stream unusable
    return std::nullopt;
  }
  if (result) {
    closed_ = true;
    return std::nullopt;
  }
  std::string text = beast::buffers_to_string(impl_->buffer.data());
  impl_->buffer.consume(impl_->buffer.size());
  return json::parse(text, nullptr, false);
}

std::optional<json> WsClient::receive_type(const std::string& type,
                                           std::chrono::milliseconds timeout) {
  auto deadline = std::chrono::steady_clock::now() + timeout;
  for (;;) {
    auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
        deadline - std::chrono::steady_clock::now());
    if (left.count() <= 0) return std::nullopt;
    std::optional<json> m = receive(left);
    if (!m) return std::nullopt;
    if (m->is_object() && m->value("type", "") == type) return m;
  }
}

}  // namespace feldherr::server::testing
