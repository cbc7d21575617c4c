// Pocket Battles' verb table (engine/verbs.h): the words of PocketState::describe.
#include "games/pocket/pocket.h"

namespace feldherr::pocket {

namespace {

using enum VerbRole;

constexpr VerbSpec kVerbs[] = {
    {"pick", "type", kOther, "Pick {1}", "{1} wählen"},
    {"done", "", kDecline, "Done", "Fertig"},
    {"new-unit", "", kOther, "Form a new unit", "Neue Einheit bilden"},
    {"unit", "unit", kOther, "Join unit {1}", "Zu Einheit {1}"},
    {"place", "unit place", kMove, "Place {1} in {2}", "{1} nach {2} stellen"},
    {"redeploy", "unit place", kMove, "Redeploy {1} to {2}", "{1} nach {2} umgruppieren"},
    {"skip", "", kDecline, "Do not redeploy", "Nicht umgruppieren"},
    {"move", "unit place", kMove, "Move {1} to {2}", "{1} nach {2} bewegen"},
    {"attack", "unit unit?", kAttack, "Attack with {1}[ on {2}]", "Angriff mit {1}[ auf {2}]"},
    {"react intercept", "unit", kOther, "Intercept with {1}", "Mit {1} abfangen"},
    {"react shoot", "unit", kOther, "Shoot with {1}", "Mit {1} schießen"},
    {"react wait", "", kDecline, "Wait", "Abwarten"},
    {"target", "unit", kAttack, "Target {1}", "{1} als Ziel"},
    {"continue", "unit unit", kAttack, "{1} fights on against {2}", "{1} kämpft weiter gegen {2}"},
    {"leave", "unit", kOther, "{1} leaves the combat", "{1} verlässt den Kampf"},
    {"shoot", "unit unit", kAttack, "{1} shoots at {2}", "{1} schießt auf {2}"},
    {"special", "unit troop", kOther, "Special ability: {2} of {1}",
     "Sonderfähigkeit: {2} von {1}"},
    {"pass", "", kDecline, "Pass", "Passen"},
    {"wound", "troop", kOther, "Wound {1}", "{1} verwunden"},
    {"remove", "troop", kOther, "Remove {1}", "{1} entfernen"},
    {"roll", "number*", kOther, "Roll: {1}", "Wurf: {1}"},
    {"concede", "", kConfirm, "Concede the battle", "Schlacht aufgeben"},
    {"end", "", kDecline, "End the turn", "Zug beenden"},
    {"marker-from", "unit", kOther, "Wound marker from {1}'s order markers",
     "Wundmarker aus den Befehlsmarkern von {1}"},
};

}  // namespace

VerbTable PocketGame::verbs() const {
  return kVerbs;
}

// A segment's name is "<column>-<zone>" from its owner's side (PB Schlachtfeld).
std::string PocketState::arg_name(ArgKind kind, std::string_view word, Lang lang) const {
  const size_t dash = word.find('-');
  if (kind != ArgKind::kPlace || dash == std::string_view::npos) return std::string(word);
  const std::string_view column = word.substr(0, dash), zone = word.substr(dash + 1);
  if (lang == Lang::kEn) return std::string(column) + " " + std::string(zone);
  const std::string col = column == "left" ? "links" : column == "right" ? "rechts" : "Mitte";
  if (zone == "combat") return "Kampfzone " + col;
  return col + (zone == "rear" ? " hinten" : zone == "front" ? " vorne" : " " + std::string(zone));
}

}  // namespace feldherr::pocket
