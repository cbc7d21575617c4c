// Request targets (server/target.h): the split by hand of plain targets gives what Boost.URL
// gives, and every other target is Boost.URL's.
#include "server/target.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace feldherr::server {
namespace {

void expect_same(const std::string& target) {
  const std::optional<Target> fast = parse_target(target);
  const std::optional<Target> url = parse_target_by_url(target);
  ASSERT_EQ(fast.has_value(), url.has_value()) << target;
  if (!fast) return;
  EXPECT_EQ(fast->path, url->path) << target;
  EXPECT_EQ(fast->segments, url->segments) << target;
  EXPECT_EQ(fast->query, url->query) << target;
}

TEST(ServerTarget, PlainTargetsSplitByHandAsBoostUrlSplitsThem) {
  const std::vector<std::string> targets = {
      "/",
      "/api/games",
      "/api/games/",
      "/api//games",
      "/api/games/0123abcd/action",
      "/api/games/0123abcd?token=deadbeef",
      "/api/games/0123abcd?token=deadbeef&x=1",
      "/api/games/0123abcd?token=",
      "/api/games/0123abcd?token",
      "/api/games/0123abcd?token=a&token=b",
      "/api/games/0123abcd?",
      "/api/games/0123abcd?&token=a",
      "/api/games/0123abcd?token=a&",
      "/api/games/0123abcd?=a",
      "/api/games/0123abcd?token=a=b",
      "/api/games/0123abcd?token=a+b",
      "/api/games/0123abcd?token=a%20b",
      "/api/games/0123abcd?token=a/b",
      "/api/games/a%2Fb",
      "/api/games/%41",
      "/api/./games",
      "/api/../games",
      "/api/games/..",
      "/index.html",
      "/assets/index-3f.js",
      "/a~b/c_d/e-f",
      "/api/games/x y",
      "api/games",
      "",
      "/api/games/\x01",
      "/api/games/%zz",
  };
  for (const std::string& t : targets) expect_same(t);
  const std::optional<Target> t = parse_target("/api/games/0123abcd?token=deadbeef");
  ASSERT_TRUE(t);
  EXPECT_EQ(t->segments, (std::vector<std::string>{"api", "games", "0123abcd"}));
  EXPECT_EQ(t->query.at("token"), "deadbeef");
}

}  // namespace
}  // namespace feldherr::server
