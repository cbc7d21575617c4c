// White Star Rising's verb table (engine/verbs.h): the words of WsrState::describe.
#include <algorithm>
#include <array>

#include "games/wsr/scenario.h"
#include "games/wsr/state.h"

namespace feldherr::wsr {

namespace {

using enum VerbRole;

constexpr VerbSpec kVerbs[] = {
    {"draw", "word", kOther, "Draw marker: {1}", "Marker gezogen: {1}", "Draw a marker",
     "Marker ziehen"},
    {"roll", "number*", kOther, "Roll: {1}", "Wurf: {1}", "Dice", "Würfe"},
    {"select", "unit", kOther, "Select {1}", "{1} auswählen", "Select a unit", "Einheit auswählen"},
    {"move", "place", kMove, "Move to {1}", "Nach {1} ziehen", "Move", "Ziehen"},
    {"drop", "unit", kOther, "Leave {1} behind", "{1} zurücklassen", "Leave behind",
     "Zurücklassen"},
    {"mount", "unit", kOther, "Mount {1}", "{1} aufsitzen", "Mount", "Aufsitzen"},
    {"dismount", "unit", kOther, "Dismount {1}", "{1} absitzen", "Dismount", "Absitzen"},
    {"load", "unit unit", kOther, "{1} boards {2}", "{1} steigt auf {2}", "Board a vehicle",
     "Aufsteigen"},
    {"unload", "unit", kOther, "{1} unloads", "{1} steigt ab", "Unload", "Absteigen"},
    {"end-move", "", kDecline, "End the move", "Bewegung beenden", "End the move",
     "Bewegung beenden"},
    {"exit", "", kOther, "Leave the map", "Spielfeld verlassen", "Leave the map",
     "Spielfeld verlassen"},
    {"place-sw", "word unit", kOther, "{2} has the {1}", "{2} hat die {1}", "Support weapons",
     "Unterstützungswaffen"},
    {"no-sw", "", kDecline, "No support weapon", "Keine Unterstützungswaffe", "No support weapon",
     "Keine Unterstützungswaffe"},
    {"sw-loss", "word", kOther, "Eliminate the unplaced {1}", "Unplatzierte {1} eliminieren",
     "Support weapon lost", "Unterstützungswaffe verlieren"},
    {"end-impulse", "", kDecline, "End the impulse", "Impuls beenden", "End the impulse",
     "Impuls beenden"},
    {"place-hq", "place", kMove, "Place the HQ in {1}", "HQ nach {1} stellen", "Place the HQ",
     "HQ aufstellen"},
    {"fire", "unit unit word?", kAttack, "{1} fires at {2}[ ({3})]", "{1} feuert auf {2}[ ({3})]",
     "Fire", "Feuern"},
    {"opfire", "unit unit word?", kAttack, "Opportunity fire: {1} at {2}[ ({3})]",
     "Gelegenheitsfeuer: {1} auf {2}[ ({3})]", "Opportunity fire", "Gelegenheitsfeuer"},
    {"no-opfire", "", kDecline, "No opportunity fire", "Kein Gelegenheitsfeuer",
     "No opportunity fire", "Kein Gelegenheitsfeuer"},
    {"odd-hit", "unit", kOther, "Odd hit on {1}", "Überzähliger Treffer auf {1}", "Odd hit",
     "Überzähliger Treffer"},
    {"fate", "word", kOther, "Fate: {1}", "Schicksal: {1}", "Fate points", "Schicksalspunkte"},
    {"fate raise", "number", kOther, "Fate: a die showing {1} goes up by 1",
     "Schicksal: ein Würfel mit {1} wird um 1 höher", "Fate: raise a die",
     "Schicksal: Würfel erhöhen"},
    {"fate lower", "number", kOther, "Fate: a die showing {1} goes down by 1",
     "Schicksal: ein Würfel mit {1} wird um 1 niedriger", "Fate: lower a die",
     "Schicksal: Würfel senken"},
    {"fate ops", "unit", kOther, "Fate: {1} may act again", "Schicksal: {1} darf erneut handeln",
     "Fate: act again", "Schicksal: erneut handeln"},
    {"no-fate", "", kDecline, "No fate points", "Keine Schicksalspunkte", "No fate points",
     "Keine Schicksalspunkte"},
    {"place", "unit place word?", kMove, "Set up {1} in {2}[ ({3})]",
     "{1} in {2} aufstellen[ ({3})]", "Set up", "Aufstellen"},
    {"assign", "unit unit", kOther, "Give {1} to {2}", "{1} an {2} geben", "Give a support weapon",
     "Unterstützungswaffe geben"},
    {"auto-setup", "", kDecline, "Set up the rest automatically", "Rest automatisch aufstellen",
     "Automatic setup", "Automatisch aufstellen"},
    {"place-ip", "place", kOther, "Improved position in {1}", "Schützengraben in {1}",
     "Improved positions", "Schützengräben"},
    {"blow-bridge", "unit", kAttack, "{1} tries to blow the bridge",
     "{1} versucht, die Brücke zu sprengen", "Blow the bridge", "Brücke sprengen"},
    {"assault", "place", kAttack, "Assault {1}", "{1} stürmen", "Assault", "Sturmangriff"},
    {"overrun", "place", kAttack, "Overrun {1}", "{1} überrollen", "Overrun", "Überrollen"},
    {"support", "unit", kOther, "HQ support for {1}", "HQ-Unterstützung für {1}", "HQ support",
     "HQ-Unterstützung"},
    {"retreat", "place", kMove, "Retreat to {1}", "Rückzug nach {1}", "Retreat", "Rückzug"},
    {"mine", "place", kOther, "Lay a mine in {1}", "Mine in {1} legen", "Lay a mine", "Mine legen"},
    {"no-mine", "", kDecline, "No mine", "Keine Mine", "No mine", "Keine Mine"},
    {"clear-mine", "unit place", kOther, "{1} clears the mine in {2}", "{1} räumt die Mine in {2}",
     "Clear a mine", "Mine räumen"},
    {"enter", "unit* place", kMove, "{1} enter at {2}", "{1} treten bei {2} ein", "Enter the map",
     "Spielfeld betreten"},
    {"first-activation", "word", kOther, "Activate {1} first", "{1} zuerst aktivieren",
     "First activation", "Erste Aktivierung"},
    {"decline", "", kDecline, "Decline", "Ablehnen", "Decline", "Ablehnen"},
    {"fire-move", "unit unit", kAttack, "{1} fires at {2}, then moves",
     "{1} feuert auf {2} und zieht dann", "Fire and move", "Feuern und ziehen"},
    {"ambush", "unit place unit", kAttack, "Ambush: {1} in {2} fires at {3}",
     "Hinterhalt: {1} in {2} feuert auf {3}", "Ambush", "Hinterhalt"},
    {"chaos-pick", "unit", kOther, "Chaos strikes {1}", "Chaos trifft {1}", "Chaos", "Chaos"},
    {"call", "unit place word", kAttack, "{1} calls a {3} strike on {2}",
     "{1} fordert einen {3}-Schlag auf {2} an", "Call artillery", "Artillerie anfordern"},
    {"air-target", "place", kAttack, "Aircraft attacks {1}", "Flugzeug greift {1} an", "Air attack",
     "Luftangriff"},
    {"flak", "unit", kAttack, "{1} fires at the aircraft", "{1} feuert auf das Flugzeug",
     "Anti-aircraft fire", "Flakfeuer"},
    {"no-flak", "", kDecline, "No more AA fire", "Kein weiteres Flakfeuer", "No more AA fire",
     "Kein weiteres Flakfeuer"},
    {"air-drift", "place", kOther, "The aircraft misses into {1}",
     "Das Flugzeug trifft stattdessen {1}", "Aircraft misses", "Flugzeug verfehlt"},
    {"designate", "word", kOther, "The designated marker activates {1}",
     "Der Marker ausgewählte Formation aktiviert {1}", "Designated formation",
     "Ausgewählte Formation"},
    {"pre-strike", "place word", kAttack, "{2} strike on {1} before turn 1",
     "{2}-Artillerieschlag auf {1} vor Runde 1", "Artillery before turn 1",
     "Artillerie vor Runde 1"},
};

}  // namespace

VerbTable WsrGame::verbs() const {
  return kVerbs;
}

ActionInfo WsrState::action_info(const Action& action, int viewer) const {
  ActionInfo info = State::action_info(action, viewer);
  if (action.verb == kFireHex && info.args.size() == 2) info.args[1].kind = ArgKind::kPlace;
  if (action.verb == kMoveTo && phase != kOver && !steps.empty())
    info.cost = group_step_cost(action.arg(0), nullptr);
  return info;
}

namespace {

// "us.m4a1-2" reads "M4A1 Sherman 2": the counter's name (in German the German rulebook's name,
// "us.infantry-3": "Infanterie 3") with the label's number; a label without one (the counter's
// own id, also "us.hq-2-16") reads the counter's name.
std::array<std::string, 2> CounterLabelNames(const CounterType& counter, std::string_view label) {
  std::array<std::string, 2> names{counter.name, counter.name_de};
  if (label == counter.id) return names;
  const size_t dash = label.rfind('-');
  if (dash != std::string_view::npos && dash + 1 < label.size() &&
      std::all_of(label.begin() + static_cast<std::ptrdiff_t>(dash + 1), label.end(),
                  [](char c) { return c >= '0' && c <= '9'; }))
    for (std::string& name : names) name += " " + std::string(label.substr(dash + 1));
  return names;
}

bool Lower(char c) {
  return c >= 'a' && c <= 'z';
}
bool IdChar(char c) {
  return Lower(c) || (c >= '0' && c <= '9') || c == '-';
}

}  // namespace

// Formations first, then counters, support weapons, aircraft and units: a unit's label wins
// over any other meaning of the same word.
void WsrGame::index_names() {
  for (const FormationInfo& f : formations_) names_[f.data->id] = {f.data->name, f.data->name_de};
  auto add = [&](const CounterType* counter, const std::string& label) {
    if (counter == nullptr) return;
    names_.try_emplace(counter->id, CounterLabelNames(*counter, counter->id));
    names_[label] = CounterLabelNames(*counter, label);
  };
  for (const SwInfo& k : sws_) add(k.counter, k.label);
  for (size_t k = 0; k < setup_.air.size(); ++k)
    add(data_->FindCounter(setup_.air[k].counter), air_label(static_cast<int>(k)));
  for (const UnitInfo& u : units_) add(u.counter, u.label);
  if (const Scenario* sc = setup_.scenario_data.get(); sc != nullptr && !sc->code.empty()) {
    rule_code_ = sc->code;
    for (const SpecialRule& r : sc->special_rules) rule_ids_.push_back(r.id);
    // The longest first: no id is replaced inside a longer one.
    std::sort(rule_ids_.begin(), rule_ids_.end(),
              [](const std::string& a, const std::string& b) { return a.size() > b.size(); });
  }
}

const std::string* WsrGame::name_of(std::string_view id, Lang lang) const {
  const auto it = names_.find(id);
  if (it == names_.end()) return nullptr;
  return &it->second[lang == Lang::kDe && !it->second[1].empty() ? 1 : 0];
}

std::string WsrGame::name_ids(std::string_view text, Lang lang) const {
  std::string out;
  size_t copied = 0;  // text before this is in `out`
  for (size_t i = 0; i + 3 < text.size(); ++i) {
    if (text[i + 2] != '.' || !Lower(text[i]) || !Lower(text[i + 1])) continue;
    if (i > 0 && (IdChar(text[i - 1]) || text[i - 1] == '.' || text[i - 1] == '_')) continue;
    size_t end = i + 3;
    while (end < text.size() && IdChar(text[end])) ++end;
    while (end > i + 3 && text[end - 1] == '-') --end;
    const std::string* name = end > i + 3 ? name_of(text.substr(i, end - i), lang) : nullptr;
    if (name == nullptr) continue;
    out.append(text.substr(copied, i - copied));
    out += *name;
    copied = end;
    i = end - 1;
  }
  if (copied == 0) {
    out = std::string(text);
  } else {
    out.append(text.substr(copied));
  }
  // A special rule cited by its id ("(m18-fire-and-move)") is cited by the scenario's code
  // ("(WSR-B1)"), the rule id the docs resolve.
  auto id_char = [](char c) { return IdChar(c) || c == '.' || c == '_'; };
  for (const std::string& id : rule_ids_)
    for (size_t i = out.find(id); i != std::string::npos; i = out.find(id, i + 1))
      if ((i == 0 || !id_char(out[i - 1])) &&
          (i + id.size() == out.size() || !id_char(out[i + id.size()]))) {
        const size_t code = rule_code_.size() + 1;  // "WSR-A6 artillery-caller": "WSR-A6"
        if (i >= code && out.compare(i - code, code, rule_code_ + " ") == 0)
          out.erase(i - 1, id.size() + 1);
        else
          out.replace(i, id.size(), rule_code_);
      }
  return out;
}

Text WsrGame::name_ids(const Text& text) const {
  return {name_ids(text.en, Lang::kEn), text.de.empty() ? "" : name_ids(text.de, Lang::kDe)};
}

// Units, support weapons, aircraft and formations by name (WsrGame::name_of). The words of a
// fate use read in German in German; the declarations of a fire (A-02 "with-hq", WSR 11.1 "aa")
// and the markers drawn that are no formation's read as words in both.
std::string WsrState::arg_name(ArgKind kind, std::string_view word, Lang lang) const {
  const bool de = lang == Lang::kDe;
  if (kind == ArgKind::kWord) {
    if (word == "with-hq") return de ? "mit Unterstützung des HQ" : "with the HQ's support";
    if (word == "aa") return de ? "Flugabwehrfeuer" : "AA fire";
    if (word == "aa-with-hq")
      return de ? "Flugabwehrfeuer mit Unterstützung des HQ" : "AA fire with the HQ's support";
    // The markers of a draw (WSR 3.1, 9.0, A5) that are no formation's.
    if (word == "end-turn") return de ? "Rundenende" : "end of turn";
    if (word == "designated") return de ? "ausgewählte Formation" : "designated formation";
    // An artillery strike (WSR 11.2) by its typed form ("he-34"): strike_words ("HE 3@4").
    for (int seat = 0; seat < 2; ++seat)
      for (size_t k = 0; k < game_->setup().artillery[static_cast<size_t>(seat)].size(); ++k)
        if (strike_name(seat, static_cast<int>(k)) == word)
          return strike_words(seat, static_cast<int>(k)).in(lang);
  }
  if (kind == ArgKind::kWord && de) {  // the fate uses (WSR 10.0) in German
    if (word == "reroll") return "Wurf wiederholen";
    if (word == "redraw") return "Marker zurücklegen";
    if (word == "command") return "Feld unter Befehl";
  }
  if (kind != ArgKind::kUnit && kind != ArgKind::kWord) return std::string(word);
  const std::string* name = game_->name_of(word, lang);
  return name != nullptr ? *name : std::string(word);
}

}  // namespace feldherr::wsr
