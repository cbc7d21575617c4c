// Request targets by Boost.URL (server/target.h). Boost.URL is built here from its sources
// (boost/url/src.hpp), once, so no other translation unit pays for it.
#include "server/target.h"

#include <boost/url/parse.hpp>
#include <boost/url/src.hpp>
#include <boost/url/url_view.hpp>

namespace feldherr::server {

namespace {

// A byte that reads as itself in a path and a query: no escape, no '+' (a space in the query),
// nothing Boost.URL would refuse.
bool plain_byte(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' ||
         c == '_' || c == '~' || c == '/';
}

// The target split by hand when every byte reads as itself: the path of non-empty segments of
// plain bytes ('.' allowed, but no segment of dots only) and a query of `key=value` pairs of
// plain bytes, each key non-empty and unique. nullopt: anything else (Boost.URL reads it).
std::optional<Target> split_plain(std::string_view target) {
  if (target.empty() || target.front() != '/') return std::nullopt;
  const size_t q = target.find('?');
  const std::string_view path = target.substr(0, q);
  Target t;
  t.path = std::string(path);
  for (size_t i = 1; i <= path.size();) {
    size_t j = path.find('/', i);
    if (j == std::string_view::npos) j = path.size();
    const std::string_view segment = path.substr(i, j - i);
    bool dots_only = true;
    for (char c : segment) {
      if (c != '.' && !plain_byte(c)) return std::nullopt;
      dots_only = dots_only && c == '.';
    }
    if (!segment.empty() && dots_only) return std::nullopt;
    if (!segment.empty()) t.segments.emplace_back(segment);
    i = j + 1;
  }
  if (q == std::string_view::npos) return t;
  std::string_view query = target.substr(q + 1);
  if (query.empty()) return std::nullopt;
  for (;;) {
    const size_t amp = query.find('&');
    const std::string_view param = query.substr(0, amp);
    const size_t eq = param.find('=');
    if (eq == 0 || eq == std::string_view::npos) return std::nullopt;
    const std::string_view key = param.substr(0, eq), value = param.substr(eq + 1);
    for (char c : key)
      if (c == '/' || !(plain_byte(c) || c == '.')) return std::nullopt;
    for (char c : value)
      if (c == '/' || !(plain_byte(c) || c == '.')) return std::nullopt;
    if (!t.query.emplace(key, value).second) return std::nullopt;  // a key twice
    if (amp == std::string_view::npos) break;
    query = query.substr(amp + 1);
  }
  return t;
}

}  // namespace

std::optional<Target> parse_target_by_url(std::string_view target) {
  auto parsed = boost::urls::parse_origin_form(target);
  if (!parsed) return std::nullopt;
  const boost::urls::url_view& u = *parsed;
  Target t;
  t.path = u.path();
  for (const std::string& segment : u.segments())
    if (!segment.empty()) t.segments.push_back(segment);
  boost::urls::encoding_opts query_opts;
  query_opts.space_as_plus = true;
  for (const boost::urls::param& p : u.params(query_opts))
    t.query[p.key] = p.has_value ? p.value : std::string();
  return t;
}

std::optional<Target> parse_target(std::string_view target) {
  if (std::optional<Target> t = split_plain(target)) return t;
  return parse_target_by_url(target);
}

}  // namespace feldherr::server
