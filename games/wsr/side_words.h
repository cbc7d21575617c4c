// A side of White Star Rising in the sentences a player reads, named as a player says it ("the
// Americans", "die Deutschen"), never by its seat id ("us", "de", "uk"), which is for typing
// (`--seat`) and the machine forms (Result::summary). A side is plural in both languages: "the
// Americans gain", "die Briten erhalten". The terminal's header and the board name a side by
// WsrGame::side_name ("US", "Deutsche").
#pragma once

#include <string>

#include "games/wsr/state.h"

namespace feldherr::wsr {

struct SideWords {
  std::string en;      // "the Americans", "the Germans", "the British"
  std::string de;      // nominative and accusative: "die Amerikaner", "die Deutschen", "die Briten"
  std::string de_dat;  // dative: "den Amerikanern", "den Deutschen", "den Briten"
  std::string de_gen;  // genitive: "der Amerikaner", "der Deutschen", "der Briten"
};

// The words of the side whose seat id is `id`; the id itself for a side the rules do not know.
inline SideWords SideWordsOf(const std::string& id) {
  if (id == "us") return {"the Americans", "die Amerikaner", "den Amerikanern", "der Amerikaner"};
  if (id == "de") return {"the Germans", "die Deutschen", "den Deutschen", "der Deutschen"};
  if (id == "uk") return {"the British", "die Briten", "den Briten", "der Briten"};
  return {id, id, id, id};
}

// The words of the side at `seat` of `game`.
inline SideWords SideWordsOf(const WsrGame& game, int seat) {
  return SideWordsOf(game.seats().at(static_cast<size_t>(seat)));
}

// `text` starting with a capital letter: a side's words at the start of a sentence ("The
// Americans ...", "Die Deutschen ...").
inline std::string Capital(std::string text) {
  if (!text.empty() && text[0] >= 'a' && text[0] <= 'z')
    text[0] = static_cast<char>(text[0] - 'a' + 'A');
  return text;
}

}  // namespace feldherr::wsr
