// The `feldherr` command line (docs/cli.md): list, play, replay, validate.
//
// The whole program is a function of (arguments, registry, stdin) -> (stdout, stderr, exit code),
// so that tests can drive it in-process with a test registry as well as via the built binary.
// It programs only against the engine's interfaces (engine/*.h): every game registered in the
// Registry works unchanged.
#pragma once

#include <cstddef>
#include <iosfwd>
#include <string>
#include <vector>

#include "engine/registry.h"

namespace feldherr::cli {

// Exit codes (docs/cli.md).
constexpr int kExitOk = 0;          // command done; a played or replayed game reached its end
constexpr int kExitError = 1;       // malformed data file or log, replay divergence, I/O error
constexpr int kExitUsage = 2;       // bad command line: unknown option/game/side/player, bad seed
constexpr int kExitUnfinished = 3;  // a game was left unfinished: quit, end of input, cap reached

// Where a human seat's lines come from (docs/cli.md "Type-ahead"). A terminal can tell what
// was typed ahead (lines waiting before the program asked); a file or pipe is a script, all of
// it meant to be read.
class LineInput {
 public:
  virtual ~LineInput() = default;
  // The next line without its newline; false at the end of input.
  virtual bool read_line(std::string& line) = 0;
  // Drops every line typed ahead, i.e. waiting unread now, and returns them ("" for a line
  // begun but not yet ended). The default drops nothing: a script is read whole.
  virtual std::vector<std::string> discard_typed_ahead() { return {}; }
};

// Lines of a stream (a file, a pipe, a test's string): nothing is ever discarded.
class StreamInput : public LineInput {
 public:
  explicit StreamInput(std::istream& in) : in_(in) {}
  bool read_line(std::string& line) override;

 private:
  std::istream& in_;
};

// Lines typed at a terminal (file descriptor `fd`, read through `in`): what is waiting unread
// when discard_typed_ahead() is called is read and dropped, a line begun is flushed (tcflush).
class TerminalInput : public LineInput {
 public:
  TerminalInput(std::istream& in, int fd) : in_(in), fd_(fd) {}
  bool read_line(std::string& line) override;
  std::vector<std::string> discard_typed_ahead() override;

 private:
  std::istream& in_;
  int fd_;
};

// A typist for tests: each burst is what is typed at once ("ammo\nend\n"), before the program
// asks again. A burst's later lines are typed ahead while its first is acted on; the next burst
// is typed only when the program asks with nothing left unread.
class ScriptedTyping : public LineInput {
 public:
  explicit ScriptedTyping(std::vector<std::string> bursts);
  bool read_line(std::string& line) override;
  std::vector<std::string> discard_typed_ahead() override;

 private:
  std::vector<std::vector<std::string>> bursts_;
  size_t burst_ = 0, line_ = 0;
  bool started_ = false;
};

// Runs the command line `args` (without the program name) against `registry`. Never throws.
int run(const std::vector<std::string>& args, const Registry& registry, std::istream& in,
        std::ostream& out, std::ostream& err);
// The same with the human seat's lines from `in` (a terminal, a script, a test's typist).
int run(const std::vector<std::string>& args, const Registry& registry, LineInput& in,
        std::ostream& out, std::ostream& err);

// The same with the argv of main() and every game of the product (all_games()).
int main_entry(int argc, const char* const* argv);

}  // namespace feldherr::cli
