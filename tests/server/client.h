// Test clients for the server (HTTP and WebSocket over loopback, Boost.Beast in client.cc only).
#pragma once

#include <chrono>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

namespace feldherr::server::testing {

using json = nlohmann::json;

struct HttpResult {
  int status = 0;  // 0: connection failed
  std::string body;
  json json_body;  // discarded if the body is not JSON
};

HttpResult http_request(uint16_t port, const std::string& method, const std::string& target,
                        const std::string& body = "");

class WsClient {
 public:
  WsClient();
  ~WsClient();
  // Connects to ws://127.0.0.1:port/target; false on failure.
  bool connect(uint16_t port, const std::string& target);
  bool send(const std::string& text);
  bool send(const json& j) { return send(j.dump()); }
  // The next message, or nullopt after `timeout` (or when the connection closed).
  std::optional<json> receive(std::chrono::milliseconds timeout = std::chrono::seconds(10));
  // Receives until a message with "type" == type arrives (others are dropped).
  std::optional<json> receive_type(const std::string& type,
                                   std::chrono::milliseconds timeout = std::chrono::seconds(10));
  bool closed() const { return closed_; }

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
  bool closed_ = false;
};

}  // namespace feldherr::server::testing
