// A request target ("/api/games/ID?token=T", RFC 7230 origin form) split into its decoded path,
// path segments and query parameters (Boost.URL).
#pragma once

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace feldherr::server {

struct Target {
  std::string path;                          // decoded, "/api/games/ID"
  std::vector<std::string> segments;         // decoded, empty segments left out
  std::map<std::string, std::string> query;  // decoded ('+' is a space); the last of a key wins
};

// nullopt when `target` is not a valid origin-form target (a bad percent escape, a space, ...).
std::optional<Target> parse_target(std::string_view target);

}  // namespace feldherr::server
