// Request targets by Boost.URL (server/target.h). Boost.URL is built here from its sources
// (boost/url/src.hpp), once, so no other translation unit pays for it.
#include "server/target.h"

#include <boost/url/parse.hpp>
#include <boost/url/src.hpp>
#include <boost/url/url_view.hpp>

namespace feldherr::server {

std::optional<Target> parse_target(std::string_view target) {
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

}  // namespace feldherr::server
