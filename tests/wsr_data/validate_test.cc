// `feldherr validate` checks data/wsr through the WSR registry entry (games/wsr/module.cc).
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <set>

#include "engine/errors.h"
#include "games/wsr/module.h"

namespace feldherr::wsr {
namespace {

namespace fs = std::filesystem;

const std::string kShipped = std::string(FELDHERR_SOURCE_DIR) + "/data/wsr";

TEST(WsrValidate, EveryShippedFileIsValid) {
  GameModule m = wsr_data_module();
  // The four basic scenarios come first; every advanced one is listed (each special rule it
  // names is implemented, games/wsr/special_rules.cc): all 16 of WSR 12.2.
  ASSERT_EQ(m.scenarios.size(), 16u);
  EXPECT_EQ(m.scenarios[0].id, "noville");
  std::set<std::string> ids;
  for (const ScenarioInfo& s : m.scenarios) ids.insert(s.id);
  for (const char* id : {"chaumont", "bastogne", "carentan", "remagen", "huertgen", "elsenborn",
                         "omaha", "odon", "luneville", "paderborn", "bieville", "arnhem"})
    EXPECT_EQ(ids.count(id), 1u) << id;
  EXPECT_EQ(m.data_subdir, "wsr");
  int files = 0;
  for (const auto& entry : fs::recursive_directory_iterator(kShipped)) {
    if (!entry.is_regular_file()) continue;
    EXPECT_NO_THROW(m.validate_file(entry.path().string())) << entry.path();
    ++files;
  }
  // terrain, 3 counter sets, formations, chaos, 4 map sheets, 16 scenarios
  EXPECT_EQ(files, 26);
}

TEST(WsrValidate, BrokenFileIsReportedWithFileAndLine) {
  fs::path dir = fs::temp_directory_path() / "feldherr-wsr-validate";
  fs::remove_all(dir);
  fs::create_directories(dir / "wsr");
  fs::copy(kShipped, dir / "wsr", fs::copy_options::recursive);
  const fs::path broken = dir / "wsr" / "chaos.toml";
  int lines = 0;
  {
    std::ifstream in(broken);
    std::string line;
    while (std::getline(in, line)) ++lines;
  }
  std::ofstream(broken, std::ios::app) << "broken = = 1\n";
  GameModule m = wsr_data_module();
  try {
    m.validate_file(broken.string());
    ADD_FAILURE() << "no error for a broken file";
  } catch (const DataError& e) {
    EXPECT_THAT(e.what(),
                ::testing::StartsWith(broken.string() + ":" + std::to_string(lines + 1) + ":"));
  }
  EXPECT_THROW(m.validate_file((dir / "wsr" / "notes.txt").string()), DataError);
  fs::remove_all(dir);
}

}  // namespace
}  // namespace feldherr::wsr
