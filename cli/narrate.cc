// The narration of a game: who did what, every event with its rule citation, dice visible.
#include <algorithm>
#include <ostream>

#include "cli/commands.h"

namespace feldherr::cli {

// A line of the terminal cut at spaces to kScreenColumns (docs/cli.md), each
// continuation indented by `indent` spaces; a word longer than the line stays whole.
std::string wrapped(const std::string& line, size_t indent) {
  return wrap_at_spaces(line, kScreenColumns, indent);
}

// A game's text picture for the terminal: a line wider than kScreenColumns (a card's rules, a
// long list) is cut at spaces, its continuations indented 2 past the line's own indent; the
// board's rows are narrower and stay as they are.
std::string wrapped_picture(const std::string& picture) {
  std::string out;
  size_t start = 0;
  while (start < picture.size()) {
    size_t end = picture.find('\n', start);
    if (end == std::string::npos) end = picture.size();
    const std::string line = picture.substr(start, end - start);
    const size_t indent = std::min(line.find_first_not_of(' '), line.size());
    out += wrapped(line, indent + 2);
    if (end < picture.size()) out += '\n';
    start = end + 1;
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
// "13. Chance: Roll: 4, 5  (2 d6 for the attack of o2, PB Gefecht 2)". Alike decisions in a row
// without events: "110-113. Blue: Pass: no counter-move (4×)" (commands.h).
void Narrator::action(const Game& game, int n, const LoggedAction& logged,
                      const std::string& chance_prompt, const EventList& events,
                      const std::string& note) {
  if (!active()) return;
  const bool de = lang_ == Lang::kDe;
  const std::string& label = de ? logged.label.de : logged.label.en;
  std::string body;
  if (logged.seat == kChance) {  // chance: dice, draws and shuffles
    body = (de ? "Zufall: " : "Chance: ") +
           (label.empty() ? (logged.shown.empty() ? logged.text : logged.shown) : label);
    if (!chance_prompt.empty()) body += "  (" + chance_prompt + ")";
  } else {
    // The side as it is named and the action's label in the reader's language ("3. Allies:
    // Deploy rifleman in b6 (NW)", "3. Alliierte: Schütze in b6 aufstellen (NW)").
    const Text side = game.side_name(logged.seat);
    body = (de ? side.de : side.en) + ": " +
           (label.empty() ? (logged.shown.empty() ? logged.text : logged.shown) : label);
  }
  if (!note.empty()) body += "  (" + note + ")";
  // A run of alike decisions (never dice: each roll keeps its own line) goes on or ends here.
  const bool alike = logged.seat != kChance && run_ && run_->last + 1 == n && run_->body == body;
  if (alike) {
    run_->last = n;
    if (events.empty()) return;
    const Run run = *run_;
    run_.reset();
    tell_run(run);
  } else {
    flush();
    if (logged.seat != kChance && events.empty()) {
      run_ = Run{n, n, body};
      return;
    }
    line(std::to_string(n) + ". " + body);
  }
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

void Narrator::tell_run(const Run& run) {
  if (run.first == run.last) {
    line(std::to_string(run.first) + ". " + run.body);
  } else {
    line(std::to_string(run.first) + "-" + std::to_string(run.last) + ". " + run.body + " (" +
         std::to_string(run.last - run.first + 1) + "×)");
  }
}

void Narrator::flush() {
  if (!run_) return;
  const Run run = *run_;
  run_.reset();
  tell_run(run);
}

void Narrator::undo(const Game& game, int seat, const std::string& text) {
  if (!active()) return;
  flush();
  if (lang_ == Lang::kDe)
    line("   " + game.side_name(seat).de + ": zurückgenommen (\"" + text + "\")");
  else
    line("   " + game.side_name(seat).en + ": undo (takes back \"" + text + "\")");
}

}  // namespace feldherr::cli
