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
// A target whose every byte reads as itself (letters, digits, '-', '_', '~', '.', and '/', '?',
// '&', '=' as separators; what the API's own links are made of) is split without Boost.URL, to
// the same result; any other goes through parse_target_by_url.
std::optional<Target> parse_target(std::string_view target);
// The same by Boost.URL for every target.
std::optional<Target> parse_target_by_url(std::string_view target);

}  // namespace feldherr::server
