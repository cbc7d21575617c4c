// `feldherr validate [PATH]...`: checks data files with their game's validate_file and, when a
// game's own data directory is among them, that every scenario of the game loads from it (a
// missing file is found there); a file in no game's data directory is an error (docs/cli.md).
#include <algorithm>
#include <filesystem>
#include <ostream>
#include <set>

#include "cli/cli.h"
#include "cli/commands.h"
#include "engine/errors.h"
#include "engine/replay.h"

namespace feldherr::cli {

namespace fs = std::filesystem;

namespace {

// The module a file belongs to: the one whose data_subdir is the nearest enclosing directory
// sequence of the file ("data/pocket/armies/orcs.toml" belongs to the game with data_subdir
// "pocket"). This works for the shipped data directory and for copies elsewhere (a scenario
// being written in /tmp/pocket/). Null if no game claims the file.
const GameModule* owner(const fs::path& file, const Registry& registry) {
  std::error_code ec;
  fs::path absolute = fs::absolute(file, ec);
  if (ec) absolute = file;
  const std::string dir = absolute.lexically_normal().parent_path().generic_string() + "/";
  const GameModule* best = nullptr;
  size_t best_pos = 0;
  for (const GameModule& module : registry.modules()) {
    if (module.data_subdir.empty() || !module.validate_file) continue;
    std::string subdir = fs::path(module.data_subdir).lexically_normal().generic_string();
    while (!subdir.empty() && subdir.back() == '/') subdir.pop_back();
    const size_t pos = dir.rfind("/" + subdir + "/");
    if (pos != std::string::npos && (best == nullptr || pos > best_pos)) {
      best = &module;
      best_pos = pos;
    }
  }
  return best;
}

bool hidden(const fs::path& path) {
  const std::string name = path.filename().string();
  return !name.empty() && name[0] == '.';
}

// Files named by `paths`, directories walked recursively, sorted, hidden files skipped.
std::vector<fs::path> collect(const std::vector<std::string>& paths, Streams& io, int& errors) {
  std::vector<fs::path> files;
  for (const std::string& text : paths) {
    const fs::path path(text);
    std::error_code ec;
    if (fs::is_directory(path, ec)) {
      std::vector<fs::path> found;
      for (auto it = fs::recursive_directory_iterator(path, ec);
           !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
        if (hidden(it->path())) {
          if (it->is_directory()) it.disable_recursion_pending();
          continue;
        }
        if (it->is_regular_file()) found.push_back(it->path());
      }
      if (ec) {
        io.err << text << ": " << ec.message() << '\n';
        ++errors;
      }
      std::sort(found.begin(), found.end());
      files.insert(files.end(), found.begin(), found.end());
    } else if (fs::exists(path, ec)) {
      files.push_back(path);
    } else {
      io.err << text << ": no such file or directory\n";
      ++errors;
    }
  }
  return files;
}

// The data directories of the games (data_subdir), for messages: "pocket, wsr, ...".
std::string data_subdirs(const Registry& registry) {
  std::vector<std::string> subdirs;
  for (const GameModule& module : registry.modules())
    if (!module.data_subdir.empty() && module.validate_file) subdirs.push_back(module.data_subdir);
  return join(subdirs);
}

fs::path normal(const fs::path& path) {
  std::error_code ec;
  fs::path p = fs::weakly_canonical(path, ec);
  if (ec) p = fs::absolute(path, ec).lexically_normal();
  return p;
}

// True if checking `roots` covers the game's own data directory data_dir()/<data_subdir> (a root
// is that directory or encloses it): then the files the game needs must all be there.
bool covers_shipped_data(const GameModule& module, const std::vector<std::string>& roots) {
  if (module.data_subdir.empty()) return false;
  const std::string dir = normal(fs::path(data_dir()) / module.data_subdir).generic_string();
  for (const std::string& root : roots) {
    std::string r = normal(root).generic_string();
    while (r.size() > 1 && r.back() == '/') r.pop_back();
    if (dir == r || dir.rfind(r == "/" ? r : r + "/", 0) == 0) return true;
  }
  return false;
}

}  // namespace

int cmd_validate(const std::vector<std::string>& paths, const Registry& registry, Streams& io) {
  int errors = 0;
  const std::vector<std::string> roots =
      paths.empty() ? std::vector<std::string>{data_dir()} : paths;
  const std::vector<fs::path> files = collect(roots, io, errors);
  int checked = 0;
  // A file checked together with the files it refers to (WSR scenarios, formations) reports an
  // error in one of those again: each message is printed once.
  std::set<std::string> reported;
  const auto report = [&](const std::string& message, const std::string& suffix = "") {
    if (reported.insert(message).second) io.err << clip_text(message + suffix, 1000) << '\n';
    ++errors;
  };
  for (const fs::path& file : files) {
    const std::string name = file.generic_string();
    const GameModule* module = owner(file, registry);
    if (module == nullptr) {
      report(name + ": not checked: in no game's data directory (" + data_subdirs(registry) + ")");
      continue;
    }
    ++checked;
    try {
      module->validate_file(name);
    } catch (const DataError& e) {  // "FILE:LINE: message"
      report(e.what());
    } catch (const std::exception& e) {
      const std::string what = e.what();
      report(what.rfind(name, 0) == 0 ? what : name + ": " + what);
    }
  }
  // A file the game needs may be missing altogether (no file, nothing to validate): when the
  // game's own data directory is checked, every scenario must load from it.
  for (const GameModule& module : registry.modules()) {
    if (!module.validate_file || !covers_shipped_data(module, roots)) continue;
    for (const ScenarioInfo& scenario : module.scenarios) {
      const std::string id = module.id + "/" + scenario.id;
      try {
        (void)registry.create(id, {});
      } catch (const std::exception& e) {
        report(e.what(), " (needed by " + id + ")");
      }
    }
  }
  if (errors > 0) return kExitError;
  io.out << "ok: " << checked << " files\n";
  return kExitOk;
}

}  // namespace feldherr::cli
