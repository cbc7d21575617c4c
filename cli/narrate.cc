// The narration of a game: who did what, every event with its rule citation, dice visible.
#include <ostream>

#include "cli/commands.h"

namespace feldherr::cli {

namespace {

// In UTF-8 every byte but a continuation byte starts a character (a terminal column).
bool starts_char(char c) {
  return (static_cast<unsigned char>(c) & 0xC0) != 0x80;
}

size_t columns(const std::string& s, size_t from, size_t to) {
  size_t n = 0;
  for (size_t i = from; i < to; ++i)
    if (starts_char(s[i])) ++n;
  return n;
}

}  // namespace

// A line of the terminal cut at spaces to kScreenColumns (docs/cli.md), each
// continuation indented by `indent` spaces; a word longer than the line stays whole.
std::string wrapped(const std::string& line, size_t indent) {
  constexpr size_t width = kScreenColumns;
  if (columns(line, 0, line.size()) <= width) return line;
  std::string out;
  size_t start = 0, used = 0;  // start of the rest; columns already on the current line
  while (start < line.size()) {
    if (used + columns(line, start, line.size()) <= width) {
      out += line.substr(start);
      break;
    }
    // The last space at which the current line can be cut.
    size_t cut = std::string::npos;
    for (size_t i = start, col = used; i < line.size(); ++i) {
      if (starts_char(line[i])) ++col;
      if (col > width) break;
      if (line[i] == ' ' && i > start) cut = i;
    }
    if (cut == std::string::npos) cut = line.find(' ', start + 1);
    if (cut == std::string::npos) {
      out += line.substr(start);
      break;
    }
    out += line.substr(start, cut - start);
    out += '\n' + std::string(indent, ' ');
    used = indent;
    start = line.find_first_not_of(' ', cut);
    if (start == std::string::npos) break;
  }
  return out;
}

void Narrator::line(const std::string& text) {
  if (print_) out_ << wrapped(text, 4) << '\n';
  if (remember_) {
    recent_.push_back(text);
    while (recent_.size() > kKeep) recent_.pop_front();
  }
}

// "12. Orcs: Attack e1 with o2" then one indented line per event: "  [PB Gefecht 2] Orc unit o2
// rolls 4 and 5: 3 hits". A chance action shows what was rolled for:
// "13. Chance: Roll: 4, 5  (2 d6 for the attack of o2, PB Gefecht 2)".
void Narrator::action(const Game& game, int n, const LoggedAction& logged,
                      const std::string& chance_prompt, const EventList& events,
                      const std::string& note) {
  if (!active()) return;
  std::string head = std::to_string(n) + ". ";
  const bool de = lang_ == Lang::kDe;
  if (logged.seat == kChance) {  // chance: dice, draws and shuffles
    const std::string& label = de ? logged.label.de : logged.label.en;
    head += (de ? "Zufall: " : "Chance: ") +
            (label.empty() ? (logged.shown.empty() ? logged.text : logged.shown) : label);
    if (!chance_prompt.empty()) head += "  (" + chance_prompt + ")";
  } else {
    // The side as it is named and the action's label in the reader's language ("3. Allies:
    // Deploy rifleman in b6 (NW)", "3. Alliierte: Schütze in b6 aufstellen (NW)").
    const std::string& label = de ? logged.label.de : logged.label.en;
    const Text side = game.side_name(logged.seat);
    head += (de ? side.de : side.en) + ": " +
            (label.empty() ? (logged.shown.empty() ? logged.text : logged.shown) : label);
  }
  if (!note.empty()) head += "  (" + note + ")";
  line(head);
  for (const Event& event : events) {
    const std::string& text = event_text(event, viewer_, lang_);
    const std::string& rule = event_rule(event, viewer_);
    if (rule.empty()) {
      line("  " + text);
    } else {
      line("  [" + rule + "] " + text);
    }
  }
}

void Narrator::undo(const Game& game, int seat, const std::string& text) {
  if (!active()) return;
  if (lang_ == Lang::kDe)
    line("   " + game.side_name(seat).de + ": zurückgenommen (\"" + text + "\")");
  else
    line("   " + game.side_name(seat).en + ": undo (takes back \"" + text + "\")");
}

}  // namespace feldherr::cli
