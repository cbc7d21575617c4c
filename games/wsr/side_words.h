// A side of White Star Rising in the sentences a player reads, named as a player says it ("the
// Americans", "die Deutschen"), never by its seat id ("us", "de", "uk"), which is for typing
// (`--seat`) and the machine forms (Result::summary). A side is plural in both languages: "the
// Americans gain", "die Briten erhalten". The terminal's header and the board name a side by
// WsrGame::side_name ("US", "Deutsche"). Both are data: the [nation] table of each
// data/wsr/counters-*.toml (docs/wsr-data.md), so that an owner of the box can correct them.
#pragma once

#include <string>

#include "games/wsr/data.h"
#include "games/wsr/state.h"

namespace feldherr::wsr {

struct SideWords {
  std::string en;      // "the Americans", "the Germans", "the British"
  std::string de;      // nominative and accusative: "die Amerikaner", "die Deutschen", "die Briten"
  std::string de_dat;  // dative: "den Amerikanern", "den Deutschen", "den Briten"
  std::string de_gen;  // genitive: "der Amerikaner", "der Deutschen", "der Briten"
};

// The words of the side whose seat id is `id`, as the data names its nation (the [nation] table of
// data/wsr/counters-<id>.toml: people, people_de, people_de_dat, people_de_gen); the id itself
// for a side the data does not know.
inline SideWords SideWordsOf(const Data& data, const std::string& id) {
  Nation n{};
  if (!NationFromId(id, &n)) return {id, id, id, id};
  const CounterSet& set = data.nation(n);
  return {set.people, set.people_de, set.people_de_dat, set.people_de_gen};
}

// The words of the side at `seat` of `game`.
inline SideWords SideWordsOf(const WsrGame& game, int seat) {
  return SideWordsOf(game.data(), game.seats().at(static_cast<size_t>(seat)));
}

// `text` starting with a capital letter: a side's words at the start of a sentence ("The
// Americans ...", "Die Deutschen ...").
inline std::string Capital(std::string text) {
  if (!text.empty() && text[0] >= 'a' && text[0] <= 'z')
    text[0] = static_cast<char>(text[0] - 'a' + 'A');
  return text;
}

}  // namespace feldherr::wsr
