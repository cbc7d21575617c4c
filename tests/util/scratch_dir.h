// A fresh directory under the system's temporary directory for one test (a database, written
// files), removed with everything in it when the object goes out of scope, so that the suite
// leaves nothing behind. It is a path: `dir / "db.sqlite"` names a file in it.
#pragma once

#include <filesystem>
#include <random>
#include <string>

namespace feldherr::testing_util {

class ScratchDir : public std::filesystem::path {
 public:
  // `name` says which test made it ("feldherr-NAME-RANDOM"), for a directory left by a crash.
  explicit ScratchDir(const std::string& name)
      : std::filesystem::path(std::filesystem::temp_directory_path() /
                              ("feldherr-" + name + "-" + std::to_string(std::random_device()()))) {
    std::filesystem::create_directories(*this);
  }
  ~ScratchDir() {
    std::error_code ignored;  // a test that failed half-way may have removed it already
    std::filesystem::remove_all(*this, ignored);
  }
  ScratchDir(const ScratchDir&) = delete;
  ScratchDir& operator=(const ScratchDir&) = delete;
};

}  // namespace feldherr::testing_util
