// Helpers shared by the tests of the `feldherr` command (tests/cli/*.cc).
#pragma once

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <sstream>
#include <string>
#include <vector>

#include "cli/cli.h"
#include "engine/player.h"
#include "engine/registry.h"
#include "tests/engine/toy_game.h"

namespace feldherr::cli_test {

inline std::vector<std::string> lines(const std::string& text) {
  std::vector<std::string> result;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) result.push_back(line);
  return result;
}

inline std::string last_line(const std::string& text) {
  auto all = lines(text);
  return all.empty() ? "" : all.back();
}

// A fresh directory per test (named after the test and the process), removed at the end.
class TempDir {
 public:
  explicit TempDir(const std::string& prefix = "feldherr-cli") {
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    path_ = std::filesystem::temp_directory_path() /
            (prefix + "-" + std::to_string(::getpid()) + "-" + info->name());
    std::filesystem::remove_all(path_);
    std::filesystem::create_directories(path_);
  }
  ~TempDir() { std::filesystem::remove_all(path_); }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  std::string file(const std::string& name) const { return (path_ / name).string(); }
  const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
};

// What one in-process run of the command printed and returned.
struct CliRun {
  int code = -1;
  std::string out;
  std::string err;
};

// Runs the command in-process with `registry`, `input` as its standard input.
inline CliRun run_cli(const Registry& registry, const std::vector<std::string>& args,
                      const std::string& input = "") {
  std::istringstream in(input);
  std::ostringstream out, err;
  CliRun r;
  r.code = cli::run(args, registry, in, out, err);
  r.out = out.str();
  r.err = err.str();
  return r;
}

// The same with a typist (cli::ScriptedTyping): each burst is typed at once, the next one only
// when the command asks with nothing left unread; what a burst types ahead can be discarded.
inline CliRun run_typed(const Registry& registry, const std::vector<std::string>& args,
                        const std::vector<std::string>& bursts) {
  cli::ScriptedTyping typist(bursts);
  std::ostringstream out, err;
  CliRun r;
  r.code = cli::run(args, registry, typist, out, err);
  r.out = out.str();
  r.err = err.str();
  return r;
}

// A Dice Race "heuristic" for the CLI tests: the last legal action (pass, once it rolled or
// revealed), so games driven by it are short and predictable.
class LastActionPlayer : public Player {
 public:
  Action choose(const State& state) override { return state.legal_actions().back(); }
  std::string name() const override { return "last-action"; }
};

// A registry holding Dice Race with LastActionPlayer as its heuristic.
inline const Registry& race_registry_with_heuristic() {
  static const Registry registry = [] {
    Registry r;
    GameModule module = toy::dice_race_module();
    module.make_heuristic = [](int, uint64_t) -> std::unique_ptr<Player> {
      return std::make_unique<LastActionPlayer>();
    };
    r.add(std::move(module));
    return r;
  }();
  return registry;
}

}  // namespace feldherr::cli_test
