// Rivet Wars' verb table (engine/verbs.h): the words of RivetState::describe.
#include "games/rivet/rivet.h"

namespace feldherr::rivet {

namespace {

using enum VerbRole;

constexpr VerbSpec kVerbs[] = {
    {"initiative", "number number", kOther, "Initiative: {1} against {2}",
     "Initiative: {1} gegen {2}", "Initiative", "Initiative"},
    {"die", "number", kOther, "Die: {1}", "Würfel: {1}", "Dice", "Würfel"},
    {"draw", "card", kOther, "Draw {1}", "{1} ziehen", "Draw a card", "Karte ziehen"},
    {"deploy", "type place dir", kMove, "Deploy {1} in {2} ({3})", "{1} in {2} aufstellen ({3})",
     "Deploy", "Aufstellen"},
    {"plug", "type unit", kOther, "Plug {1} into {2}", "{1} in {2} einstecken", "Plug in",
     "Einstecken"},
    {"end", "", kDecline, "End the phase", "Phase beenden", "End the phase", "Phase beenden"},
    {"activate", "place", kOther, "Activate {1}", "{1} aktivieren", "Activate a segment",
     "Segment aktivieren"},
    {"attack", "unit word place", kAttack, "{1} attacks {3} with {2}", "{1} greift {3} mit {2} an",
     "Attack", "Angreifen"},
    {"snipe", "unit word unit", kAttack, "{1} snipes at {3} with {2}",
     "{1} schießt gezielt mit {2} auf {3}", "Snipe", "Gezielter Schuss"},
    {"rush", "unit dir dir", kMove, "Rapid assault: {1} {2} ({3})", "Sturmangriff: {1} {2} ({3})",
     "Rapid assault", "Sturmangriff"},
    {"dash", "unit dir dir", kMove, "Dash: {1} {2} ({3})", "Spurt: {1} {2} ({3})", "Dash", "Spurt"},
    {"step", "unit dir dir", kMove, "Move {1} {2} ({3})", "{1} nach {2} ziehen ({3})", "Move",
     "Ziehen"},
    {"place", "unit dir", kOther, "Set {1} on field {2}", "{1} auf Feld {2} stellen",
     "Set on a field", "Auf ein Feld stellen"},
    {"retreat", "unit dir dir", kMove, "{1} falls back {2} ({3})", "{1} weicht nach {2} aus ({3})",
     "Fall back", "Ausweichen"},
    {"discard", "card", kOther, "Discard {1}", "{1} abwerfen", "Discard a card", "Karte abwerfen"},
    {"draw-secret", "card", kOther, "Draw secret mission {1}", "Geheimmission {1} ziehen",
     "Draw a secret mission", "Geheimmission ziehen"},
    {"paradrop", "place", kMove, "Paradrop on {1}", "Fallschirmabsprung auf {1}", "Paradrop",
     "Fallschirmabsprung"},
    {"play", "card word*", kOther, "Play {1}[: {2}]", "{1} ausspielen[: {2}]", "Play a card",
     "Karte ausspielen"},
};

}  // namespace

VerbTable RivetGame::verbs() const {
  return kVerbs;
}

ActionInfo RivetState::action_info(const Action& action, int viewer) const {
  ActionInfo info = State::action_info(action, viewer);
  if (info.verb.empty()) return info;  // masked
  switch (action.verb) {
    case kStep:
    case kRush:
    case kDash:
    case kRetreat: {  // RW §9, §11: the segment the step leads to
      const Unit* u = unit(action.arg(0));
      if (!u) break;
      const Board& b = board();
      const SquareCell n = Step(b.cell(u->seg), action.arg(1));
      if (n.x >= 0 && n.y >= 0 && n.x < b.cols && n.y < b.rows)
        info.args.push_back({ArgKind::kPlace, seg_name(b.seg(n.x, n.y)), "to", ""});
      break;
    }
    case kPlay: {  // the card's own arguments (content §6)
      const std::string schema = play_schema(info.args.empty() ? "" : info.args[0].value);
      for (size_t i = 0; i < schema.size() && i + 1 < info.args.size(); ++i) {
        const char k = schema[i];
        info.args[i + 1].kind = k == 'u'   ? ArgKind::kUnit
                                : k == 's' ? ArgKind::kPlace
                                : k == 'm' ? ArgKind::kDirection
                                : k == 'S' ? ArgKind::kCard
                                           : ArgKind::kWord;
      }
      break;
    }
    default:
      break;
  }
  return info;
}

// "u7" reads "Rifleman u7" ("Schütze u7"); unit types by name, cards by id and title ("AC-19
// Dud Shell"), directions and fields by compass point (German: O for east).
std::string RivetState::arg_name(ArgKind kind, std::string_view word, Lang lang) const {
  const auto& data = game_->data();
  const bool de = lang == Lang::kDe;
  auto type_name = [de](const UnitType& t) { return de && !t.german.empty() ? t.german : t.name; };
  switch (kind) {
    case ArgKind::kUnit: {
      int id = 0;
      if (word.size() < 2 || word[0] != 'u') break;
      for (char c : word.substr(1)) {
        if (c < '0' || c > '9') return std::string(word);
        id = id * 10 + (c - '0');
      }
      if (const Unit* u = unit(id)) return type_name(type_of(*u)) + " " + std::string(word);
      break;
    }
    case ArgKind::kType:
      for (const auto& t : data.units)
        if (t.id == word) return type_name(t);
      break;
    case ArgKind::kCard:
      for (const auto& c : data.actions)
        if (c.id == word) return std::string(word) + " " + (de ? c.name_de : c.name);
      for (const auto& c : data.secrets)
        if (c.id == word) return std::string(word) + " " + (de ? c.name_de : c.name);
      break;
    case ArgKind::kDirection:
      if (de) {
        if (word == "all") return "alle";
        std::string out(word);
        for (char& c : out)
          if (c == 'E') c = 'O';
        return out;
      }
      break;
    default:
      break;
  }
  return std::string(word);
}

}  // namespace feldherr::rivet
