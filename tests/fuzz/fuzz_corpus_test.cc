// Replays the fuzz seed corpora (fuzz/corpus/<target>/) and every saved fuzz crash
// (fuzz/regressions/<target>/) through the same harnesses the libFuzzer targets use, in the
// normal g++ build: a crash found once stays fixed (docs/testing.md, "Fuzzing").
#define FELDHERR_FUZZ_HARNESS_ONLY
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iterator>

#include "fuzz/fuzz_action_parser.cc"
#include "fuzz/fuzz_army_loader.cc"
#include "fuzz/fuzz_planspiel_situation.cc"
#include "fuzz/fuzz_replay_loader.cc"
#include "fuzz/fuzz_wsr_scenario.cc"

namespace feldherr::fuzz {
namespace {

namespace fs = std::filesystem;

std::vector<fs::path> inputs(const std::string& target) {
  std::vector<fs::path> out;
  for (const char* dir : {"fuzz/corpus/", "fuzz/regressions/"}) {
    fs::path d = fs::path(FELDHERR_SOURCE_DIR) / (dir + target);
    if (!fs::is_directory(d)) continue;
    for (const auto& e : fs::directory_iterator(d))
      if (e.is_regular_file()) out.push_back(e.path());
  }
  std::sort(out.begin(), out.end());
  return out;
}

void run_all(const std::string& target, const std::function<void(const uint8_t*, size_t)>& fn,
             size_t minimum) {
  auto files = inputs(target);
  EXPECT_GE(files.size(), minimum) << "seed corpus of " << target << " is missing";
  for (const auto& path : files) {
    std::ifstream in(path, std::ios::binary);
    std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    try {
      fn(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size());
    } catch (const std::exception& e) {
      ADD_FAILURE() << path.string() << ": " << e.what();
    }
  }
}

TEST(FuzzCorpus, ArmyLoader) {
  run_all("fuzz_army_loader", army_loader, 3);
}
TEST(FuzzCorpus, ActionParser) {
  run_all("fuzz_action_parser", action_parser, 3);
}
TEST(FuzzCorpus, PlanspielSituation) {
  run_all("fuzz_planspiel_situation", planspiel_situation, 3);
}
TEST(FuzzCorpus, WsrScenario) {
  run_all("fuzz_wsr_scenario", wsr_scenario, 5);
}
TEST(FuzzCorpus, ReplayLoader) {
  run_all("fuzz_replay_loader", replay_loader, 3);
}

}  // namespace
}  // namespace feldherr::fuzz
