// Pocket Battles' verb table (engine/verbs.h): the words of PocketState::describe.
#include "games/pocket/board.h"
#include "games/pocket/pocket.h"

namespace feldherr::pocket {

namespace {

using enum VerbRole;

constexpr VerbSpec kVerbs[] = {
    {"pick", "type", kOther, "Pick {1}", "{1} wählen", "Pick a troop", "Truppe wählen"},
    {"done", "", kDecline, "Done", "Fertig", "Done", "Fertig"},
    {"new-unit", "", kOther, "Form a new unit", "Neue Einheit bilden", "New unit", "Neue Einheit"},
    {"unit", "unit", kOther, "Join unit {1}", "Zu Einheit {1}", "Join a unit",
     "Einer Einheit zuteilen"},
    {"place", "unit place", kMove, "Place {1} in {2}", "{1} nach {2} stellen", "Place",
     "Aufstellen"},
    {"redeploy", "unit place", kMove, "Redeploy {1} to {2}", "{1} nach {2} umgruppieren",
     "Redeploy", "Umgruppieren"},
    {"skip", "", kDecline, "Do not redeploy", "Nicht umgruppieren", "Do not redeploy",
     "Nicht umgruppieren"},
    {"move", "unit place", kMove, "Move {1} to {2}", "{1} nach {2} bewegen", "Move", "Bewegen"},
    {"attack", "unit unit?", kAttack, "Attack with {1}[ on {2}]", "Angriff mit {1}[ auf {2}]",
     "Attack", "Angreifen"},
    {"react intercept", "unit", kAttack, "Intercept with {1}", "Mit {1} abfangen", "Intercept",
     "Abfangen"},
    {"react shoot", "unit", kAttack, "Shoot with {1}", "Mit {1} schießen", "Shoot in reply",
     "Zurückschießen"},
    {"react wait", "", kDecline, "Wait", "Abwarten", "Wait", "Abwarten"},
    {"target", "unit", kAttack, "Target {1}", "{1} als Ziel", "Choose the target", "Ziel wählen"},
    {"continue", "unit unit", kAttack, "{1} fights on against {2}", "{1} kämpft weiter gegen {2}",
     "Fight on", "Weiterkämpfen"},
    {"leave", "unit", kOther, "{1} leaves the combat", "{1} verlässt den Kampf", "Leave the combat",
     "Kampf verlassen"},
    {"shoot", "unit unit", kAttack, "{1} shoots at {2}", "{1} schießt auf {2}", "Shoot",
     "Schießen"},
    {"special", "unit troop", kOther, "Special ability: {2} of {1}", "Sonderfähigkeit: {2} von {1}",
     "Special ability", "Sonderfähigkeit"},
    {"pass", "", kDecline, "Pass", "Passen", "Pass", "Passen"},
    {"wound", "troop", kOther, "Wound {1}", "{1} verwunden", "Wound a troop", "Truppe verwunden"},
    {"remove", "troop", kOther, "Remove {1}", "{1} entfernen", "Remove a troop",
     "Truppe entfernen"},
    {"roll", "number*", kOther, "Roll: {1}", "Wurf: {1}", "Dice", "Würfe"},
    {"concede", "", kConfirm, "Concede the battle", "Schlacht aufgeben", "Concede", "Aufgeben"},
    {"end", "", kDecline, "End the turn", "Zug beenden", "End the turn", "Zug beenden"},
    {"marker-from", "unit", kOther, "Wound marker from {1}'s order markers",
     "Wundmarker aus den Befehlsmarkern von {1}", "Wound marker", "Wundmarker"},
};

// Row `verb - 1` is the verb's (PocketState::action_role reads the role from it).
static_assert(std::size(kVerbs) == kMarkerFrom && kVerbs[kPick - 1].verb == "pick" &&
              kVerbs[kEndTurn - 1].verb == "end" && kVerbs[kMarkerFrom - 1].verb == "marker-from");

}  // namespace

VerbTable PocketGame::verbs() const {
  return kVerbs;
}

// A segment word is read from the side of the seat that moves ("left-front" of the elves is the
// orcs' right front); its cell names it on the board description (games/pocket/board.cc).
ActionInfo PocketState::action_info(const Action& action, int viewer) const {
  ActionInfo info = State::action_info(action, viewer);
  const int owner = current_seat();
  if (owner != kOrcs && owner != kElves) return info;
  for (ActionArg& a : info.args)
    if (a.kind == ArgKind::kPlace) a.cell = segment_cell(owner, a.value);
  return info;
}

// Action::verb is the row of the table after the first (kPick = 1): the role without the text.
VerbRole PocketState::action_role(const Action& action, int viewer) const {
  if (action.verb >= 1 && action.verb <= std::size(kVerbs)) return kVerbs[action.verb - 1].role;
  return State::action_role(action, viewer);
}

// A troop type is named by its tile's name ("pick orcs.troll": "Troll"); a troop by its tile's
// name, its number and its unit ("wound e3.troll.2": "Troll 2 (e3)"); a segment by its column
// and zone from its owner's side (PB Schlachtfeld: "right-rear", "rechts hinten").
std::string PocketState::arg_name(ArgKind kind, std::string_view word, Lang lang) const {
  auto tile_name = [&](auto matches) -> const std::string* {
    for (int seat = 0; seat < 2; ++seat)
      for (const TroopType& t : game_->army(seat).troops)
        if (matches(t)) return lang == Lang::kDe && !t.name_de.empty() ? &t.name_de : &t.name;
    return nullptr;
  };
  if (kind == ArgKind::kType) {
    const std::string* name = tile_name([&](const TroopType& t) { return t.id == word; });
    return name ? *name : std::string(word);
  }
  if (kind == ArgKind::kTroop) {
    // "<unit>.<short id>[.<n>]"
    const size_t dot = word.find('.');
    if (dot == std::string_view::npos) return std::string(word);
    const std::string_view unit = word.substr(0, dot), rest = word.substr(dot + 1);
    const size_t dot2 = rest.find('.');
    const std::string_view short_id = rest.substr(0, dot2);
    const std::string* name = tile_name([&](const TroopType& t) {
      const size_t at = t.id.find('.');
      return (at == std::string::npos ? std::string_view(t.id)
                                      : std::string_view(t.id).substr(at + 1)) == short_id;
    });
    if (!name) return std::string(word);
    std::string out = *name;
    if (dot2 != std::string_view::npos) out += " " + std::string(rest.substr(dot2 + 1));
    if (unit != "-") out += " (" + std::string(unit) + ")";
    return out;
  }
  const size_t dash = word.find('-');
  if (kind != ArgKind::kPlace || dash == std::string_view::npos) return std::string(word);
  const std::string_view column = word.substr(0, dash), zone = word.substr(dash + 1);
  if (lang == Lang::kEn) {
    std::string out;
    out.reserve(word.size());
    out.append(column);
    out += ' ';
    out.append(zone);
    return out;
  }
  const std::string col = column == "left" ? "links" : column == "right" ? "rechts" : "Mitte";
  if (zone == "combat") return "Kampfzone " + col;
  return col + (zone == "rear" ? " hinten" : zone == "front" ? " vorne" : " " + std::string(zone));
}

}  // namespace feldherr::pocket
