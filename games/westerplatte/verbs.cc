// 7 Tage der Westerplatte's verb table (engine/verbs.h): the words of WpState::describe.
#include "games/westerplatte/westerplatte.h"

namespace feldherr::westerplatte {

namespace {

using enum VerbRole;

constexpr VerbSpec kVerbs[] = {
    {"move", "unit place", kMove, "Move {1} to {2}", "{1} nach {2} bewegen", "Move", "Bewegen"},
    {"place", "unit place", kMove, "Post {1} at {2}", "{1} auf {2} aufstellen", "Post an officer",
     "Offizier aufstellen"},
    {"fire", "place word", kAttack, "Fire on lane {1} ({2})", "Angriff auf Leiste {1} ({2})",
     "Fire", "Angriff"},
    {"morale", "", kOther, "Raise morale", "+1 Moral", "Raise morale", "Moral heben"},
    {"mortar", "place", kAttack, "Mortar fire on lane {1}", "Mörserfeuer auf Leiste {1}",
     "Mortar fire", "Mörserfeuer"},
    {"mine", "place", kOther, "Lay a mine on lane {1}", "Mine auf Leiste {1} legen", "Lay a mine",
     "Mine legen"},
    {"rebuild", "place", kOther, "Rebuild {1}", "Mauer auf {1} wieder aufbauen", "Rebuild a wall",
     "Mauer aufbauen"},
    {"ammo", "", kOther, "Fetch ammunition", "Munition erhalten", "Fetch ammunition",
     "Munition holen"},
    {"push", "word", kOther, "Push back on {1}", "Truppen auf {1} zurückziehen", "Push back",
     "Zurückdrängen"},
    {"end", "", kDecline, "End the phase", "Phase beenden", "End the phase", "Phase beenden"},
    {"overflow", "place", kOther, "Overflow into {1}", "Schaden auf {1}", "Overflow damage",
     "Überschüssiger Schaden"},
    {"stock", "word", kOther, "Stock {1}", "Vorrat: {1}", "Stock up", "Vorrat anlegen"},
    {"give", "word", kOther, "Give to {1}", "An {1} geben", "Give ammunition", "Munition abgeben"},
    {"reinforce", "place", kOther, "Reinforce {1}", "Mauerbefestigung auf {1}", "Reinforce a wall",
     "Mauer befestigen"},
    {"tile", "place word", kOther, "Tile {1}: {2}", "Aktionsplättchen {1}: {2}", "Action tile",
     "Aktionsplättchen"},
    {"draw", "card", kOther, "Draw {1}", "{1} ziehen", "Draw a card", "Karte ziehen"},
    {"event", "card", kOther, "Event {1}", "Ereigniskarte {1}", "Event", "Ereignis"},
};

}  // namespace

VerbTable WpGame::verbs() const {
  return kVerbs;
}

// In labels the action tiles go by their titles ("stock mortar": "Vorrat: Mörser", "tile T5
// push_back": "Tile T5: push back"); a player's seat id by the side's name in either language
// ("give p2": "Give to Defender 2", "An Verteidiger 2 geben"); everything else by its word.
std::string WpState::arg_name(ArgKind kind, std::string_view word, Lang lang) const {
  if (kind == ArgKind::kWord)
    for (int k = 0; k < kNumTileKinds; ++k)
      if (word == tile_name(static_cast<TileKind>(k)))
        return tile_title(static_cast<TileKind>(k)).in(lang);
  if (kind == ArgKind::kWord) {
    const int seat = wp().seat_index(word);
    if (seat >= 0) return wp().side_name(seat).in(lang);
  }
  return std::string(word);
}

}  // namespace feldherr::westerplatte
