// The human seat's input: a stream, a terminal (whose type-ahead can be discarded) or a scripted
// typist for tests (cli/cli.h LineInput; docs/cli.md "Type-ahead").
#include <poll.h>
#include <termios.h>
#include <unistd.h>

#include <istream>
#include <sstream>

#include "cli/cli.h"

namespace feldherr::cli {

bool StreamInput::read_line(std::string& line) {
  return static_cast<bool>(std::getline(in_, line));
}

bool TerminalInput::read_line(std::string& line) {
  return static_cast<bool>(std::getline(in_, line));
}

std::vector<std::string> TerminalInput::discard_typed_ahead() {
  std::vector<std::string> dropped;
  // Lines already in the stream's buffer were typed before the program asked.
  std::string pending;
  while (in_.rdbuf() != nullptr && in_.rdbuf()->in_avail() > 0) {
    const int c = in_.rdbuf()->sbumpc();
    if (c == std::char_traits<char>::eof()) break;
    pending += static_cast<char>(c);
  }
  // Then what the terminal holds: in canonical mode poll() reports whole lines only.
  char buffer[4096];
  for (int rounds = 0; rounds < 64; ++rounds) {
    pollfd p{fd_, POLLIN, 0};
    if (::poll(&p, 1, 0) <= 0 || (p.revents & POLLIN) == 0) break;
    const ssize_t n = ::read(fd_, buffer, sizeof buffer);
    if (n <= 0) break;
    pending.append(buffer, static_cast<size_t>(n));
  }
  // A line begun but not ended is still in the terminal's line editor: flush it.
  ::tcflush(fd_, TCIFLUSH);
  std::istringstream lines(pending);
  for (std::string line; std::getline(lines, line);) dropped.push_back(line);
  return dropped;
}

ScriptedTyping::ScriptedTyping(std::vector<std::string> bursts) {
  for (const std::string& burst : bursts) {
    std::vector<std::string> lines;
    std::istringstream in(burst);
    for (std::string line; std::getline(in, line);) lines.push_back(line);
    bursts_.push_back(std::move(lines));
  }
}

bool ScriptedTyping::read_line(std::string& line) {
  // The program asks: if nothing typed is left unread, the typist types the next burst.
  if (!started_) {
    started_ = true;
  } else if (burst_ < bursts_.size() && line_ >= bursts_[burst_].size()) {
    ++burst_;
    line_ = 0;
  }
  while (burst_ < bursts_.size() && line_ >= bursts_[burst_].size()) ++burst_, line_ = 0;
  if (burst_ >= bursts_.size()) return false;
  line = bursts_[burst_][line_++];
  return true;
}

std::vector<std::string> ScriptedTyping::discard_typed_ahead() {
  std::vector<std::string> dropped;
  if (!started_ || burst_ >= bursts_.size()) return dropped;
  const std::vector<std::string>& burst = bursts_[burst_];
  dropped.assign(burst.begin() + static_cast<std::ptrdiff_t>(line_), burst.end());
  line_ = burst.size();
  return dropped;
}

}  // namespace feldherr::cli
