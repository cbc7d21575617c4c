// The narration of a game: who did what, every event with its rule citation, dice visible.
#include <ostream>

#include "cli/commands.h"

namespace feldherr::cli {

void Narrator::line(const std::string& text) {
  if (print_) out_ << text << '\n';
  if (remember_) {
    recent_.push_back(text);
    while (recent_.size() > kKeep) recent_.pop_front();
  }
}

// "12. orcs: attack o2 e1" then one indented line per event: "  [PB Gefecht 2] Orc unit o2
// rolls 4 and 5: 3 hits". A chance action shows what was rolled for:
// "13. dice: roll 4 5  (2 d6 for the attack of o2, PB Gefecht 2)".
void Narrator::action(const Game& game, int n, const LoggedAction& logged,
                      const std::string& chance_prompt, const EventList& events,
                      const std::string& note) {
  if (!active()) return;
  std::string head = std::to_string(n) + ". ";
  const bool de = lang_ == Lang::kDe;
  if (logged.seat == kChance) {
    if (de)  // chance: dice, draws and shuffles
      head += "Zufall: " + (logged.label.de.empty() ? logged.shown : logged.label.de);
    else
      head += "dice: " + (logged.shown.empty() ? logged.text : logged.shown);
    if (!chance_prompt.empty()) head += "  (" + chance_prompt + ")";
  } else if (de && !logged.label.de.empty()) {
    // In German the side as it is named and the action's label ("3. Alliierte: Schütze in b6
    // aufstellen (NW)"); in English the text that can be typed, whose words are English.
    head += game.side_name(logged.seat).de + ": " + logged.label.de;
  } else {
    head +=
        seat_name(game, logged.seat) + ": " + (logged.shown.empty() ? logged.text : logged.shown);
  }
  if (!note.empty()) head += "  (" + note + ")";
  line(head);
  for (const Event& event : events) {
    const std::string& text = event_text(event, viewer_, lang_);
    if (event.rule.empty()) {
      line("  " + text);
    } else {
      line("  [" + event.rule + "] " + text);
    }
  }
}

void Narrator::undo(const Game& game, int seat, const std::string& text) {
  if (!active()) return;
  if (lang_ == Lang::kDe)
    line("   " + game.side_name(seat).de + ": zurückgenommen (\"" + text + "\")");
  else
    line("   " + seat_name(game, seat) + ": undo (takes back \"" + text + "\")");
}

}  // namespace feldherr::cli
