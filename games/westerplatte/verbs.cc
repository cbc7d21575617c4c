// 7 Tage der Westerplatte's verb table (engine/verbs.h): the words of WpState::describe.
#include "games/westerplatte/westerplatte.h"

namespace feldherr::westerplatte {

namespace {

using enum VerbRole;

constexpr VerbSpec kVerbs[] = {
    {"move", "unit place", kMove, "Move {1} to {2}", "{1} nach {2} bewegen"},
    {"place", "unit place", kMove, "Post {1} at {2}", "{1} auf {2} aufstellen"},
    {"fire", "place word", kAttack, "Fire on lane {1} ({2})", "Feuer auf Bahn {1} ({2})"},
    {"morale", "", kOther, "Raise morale", "Moral heben"},
    {"mortar", "place", kAttack, "Mortar fire on lane {1}", "Granatwerferfeuer auf Bahn {1}"},
    {"mine", "place", kOther, "Lay a mine on lane {1}", "Mine auf Bahn {1} legen"},
    {"rebuild", "place", kOther, "Rebuild {1}", "{1} wieder aufbauen"},
    {"ammo", "", kOther, "Fetch ammunition", "Munition holen"},
    {"push", "word", kOther, "Push back on {1}", "Zurückdrängen auf {1}"},
    {"end", "", kDecline, "End the phase", "Phase beenden"},
    {"overflow", "place", kOther, "Overflow into {1}", "Überlauf nach {1}"},
    {"stock", "word", kOther, "Stock {1}", "{1} bevorraten"},
    {"give", "word", kOther, "Give to {1}", "An {1} geben"},
    {"reinforce", "place", kOther, "Reinforce {1}", "{1} verstärken"},
    {"tile", "place word", kOther, "Tile {1}: {2}", "Plättchen {1}: {2}"},
    {"draw", "card", kOther, "Draw {1}", "{1} ziehen"},
    {"event", "card", kOther, "Event {1}", "Ereignis {1}"},
};

}  // namespace

VerbTable WpGame::verbs() const {
  return kVerbs;
}

}  // namespace feldherr::westerplatte
