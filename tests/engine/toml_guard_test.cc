// The guard around toml++ shared by every data loader (engine/toml_guard.h): a table header
// without a key (where toml++ 3.3.0 asserts) is refused with FILE:LINE before parsing, in every
// game's loader, and a data file is read with clear errors.
#include "engine/toml_guard.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "engine/errors.h"
#include "engine/registry.h"

namespace feldherr {
namespace {

namespace fs = std::filesystem;

std::string error_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const DataError& e) {
    return e.what();
  }
  return "";
}

TEST(TomlGuard, KeylessTableHeaderIsRefusedWithFileAndLine) {
  for (const char* header : {"[#x]", "[", "[[#x]]", "  [ \xc3\xa9]"}) {
    const std::string text = std::string("a = 1\n") + header + "\nb = 2\n";
    EXPECT_EQ(error_of([&] { toml_guard_swap(text, "f.toml"); }),
              "f.toml:2: bad table header: '[' must be followed by a key")
        << header;
  }
  // Headers with keys, arrays of tables and arrays spread over lines pass.
  EXPECT_NO_THROW(toml_guard_swap("[a]\n[[b]]\n[ \"c\" ]\nx = [\n  [1, 2],\n  [-3],\n]\n", "f"));
}

TEST(TomlGuard, ReadDataFileSaysWhatIsWrong) {
  const fs::path dir = fs::temp_directory_path() / "feldherr-toml-guard-test";
  fs::create_directories(dir);
  const std::string missing = (dir / "missing.toml").string();
  EXPECT_EQ(error_of([&] { read_data_file(missing); }),
            missing + ": cannot open file (no such file)");
  EXPECT_EQ(error_of([&] { read_data_file(dir.string()); }),
            dir.string() + ": cannot open file (not a file)");
  const std::string big = (dir / "big.toml").string();
  std::ofstream(big) << std::string(100, 'x');
  EXPECT_EQ(error_of([&] { read_data_file(big, 10); }),
            big + ": file too large (100 bytes, at most 10)");
  EXPECT_EQ(read_data_file(big).size(), 100u);
  fs::remove_all(dir);
}

// Every game's loader goes through the guard: one of its shipped files with a keyless header
// put in front is refused at line 1.
TEST(TomlGuard, EveryGamesLoaderRefusesAKeylessHeader) {
  const fs::path dir = fs::temp_directory_path() / "feldherr-toml-guard-games";
  fs::remove_all(dir);
  int checked = 0;
  for (const GameModule& m : all_games().modules()) {
    if (!m.validate_file || m.data_subdir.empty()) continue;
    const fs::path src = fs::path(FELDHERR_SOURCE_DIR) / "data" / m.data_subdir;
    if (!fs::is_directory(src)) continue;
    fs::path file;
    for (const auto& e : fs::directory_iterator(src))
      if (e.path().extension() == ".toml" && (file.empty() || e.path() < file)) file = e.path();
    ASSERT_FALSE(file.empty()) << m.id;
    // The whole directory (a loader may read the file's neighbours), one file spoilt.
    fs::create_directories(dir);
    fs::copy(src, dir / m.data_subdir, fs::copy_options::recursive);
    const fs::path copy = dir / m.data_subdir / file.filename();
    {
      std::ifstream in(file, std::ios::binary);
      std::ofstream out(copy, std::ios::binary | std::ios::trunc);
      out << "[#x]\n" << in.rdbuf();
    }
    const std::string e = error_of([&] { m.validate_file(copy.string()); });
    EXPECT_EQ(e, copy.string() + ":1: bad table header: '[' must be followed by a key") << m.id;
    ++checked;
  }
  EXPECT_GE(checked, 4);  // pocket, wsr, westerplatte, rivet
  fs::remove_all(dir);
}

}  // namespace
}  // namespace feldherr
