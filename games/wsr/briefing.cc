// White Star Rising: the briefing's objectives and reinforcement schedule for the web's briefing
// panel (board JSON `briefing.objectives`, `briefing.reinforcements`; docs/web.md "Board JSON"),
// read off the scenario data (data/wsr/scenarios/*.toml, docs/wsr-scenarios.md). Each text the
// scenario words is given in English (`text`, `zone_text`) and German (`text_de`, `zone_text_de`).
#include <string>

#include "games/wsr/board.h"
#include "games/wsr/data.h"
#include "games/wsr/scenario.h"

namespace feldherr::wsr {

namespace {

// Each condition of the victory that names a zone, with the outcome it decides: the side it is
// judged for, the result, its kind (WSR 12.2: control all, control N, occupy, exit), whether it
// is negated (A7: "no German unit within 2 hexes"), and whether the zone's hexes are a stand-in.
void AddObjectives(const Scenario& sc, const Outcome& outcome, const Condition& c, bool negated,
                   nlohmann::json& out) {
  if (c.kind == ConditionKind::kNot) {
    for (const Condition& child : c.children) AddObjectives(sc, outcome, child, !negated, out);
    return;
  }
  if (!c.zone.empty()) {
    const Zone* z = sc.FindZone(c.zone);
    if (z != nullptr)
      out.push_back({{"zone", z->id},
                     {"text", z->text.en},
                     {"text_de", z->text.in(Lang::kDe)},
                     {"hexes", z->hexes},
                     {"result", outcome.result},
                     {"side", c.by.empty() ? outcome.side : c.by},
                     {"kind", ConditionKindId(c.kind)},
                     {"count", c.count},
                     {"negated", negated},
                     {"stand_in", z->provenance.Of("hexes") == Provenance::kStandIn}});
  }
  for (const Condition& child : c.children) AddObjectives(sc, outcome, child, negated, out);
}

// The words of zone `id` in `lang` (its id if the scenario has no such zone).
std::string ZoneText(const Scenario& sc, const std::string& id, Lang lang) {
  const Zone* z = sc.FindZone(id);
  return z != nullptr ? z->text.in(lang) : id;
}

}  // namespace

nlohmann::json BriefingObjectivesJson(const Scenario& sc) {
  nlohmann::json out = nlohmann::json::array();
  if (sc.victory.outcomes.empty()) {
    Outcome o;
    o.result = sc.victory.side;
    o.side = sc.victory.side;
    o.condition = sc.victory.condition;
    AddObjectives(sc, o, o.condition, false, out);
  }
  for (const Outcome& o : sc.victory.outcomes) AddObjectives(sc, o, o.condition, false, out);
  return out;
}

nlohmann::json BriefingReinforcementsJson(const Scenario& sc, const Data& data) {
  nlohmann::json out = nlohmann::json::array();
  auto formation_name = [&](const std::string& id, Lang lang) {
    const Formation* f = data.formations.Find(id);
    return f == nullptr ? id : lang == Lang::kDe ? f->name_de : f->name;
  };
  // Formations whose marker enters the cup after turn 1 (WSR 12.1, A-33).
  for (const FormationSetup& f : sc.formations)
    if (f.marker_turn > 1)
      out.push_back({{"arrival", "marker"},
                     {"formation", f.id},
                     {"name", formation_name(f.id, Lang::kEn)},
                     {"name_de", formation_name(f.id, Lang::kDe)},
                     {"side", f.side},
                     {"turn", f.marker_turn},
                     {"stand_in", f.provenance.Of("marker_turn") == Provenance::kStandIn}});
  for (const Force& force : sc.forces) {
    if (force.arrival == ArrivalKind::kSetup) continue;
    nlohmann::json units = nlohmann::json::array();
    for (const ForceUnit& u : force.units) {
      const CounterType* c = data.FindCounter(u.counter);
      units.push_back({{"counter", u.counter},
                       {"name", c != nullptr ? c->name : u.counter},
                       {"name_de", c != nullptr ? c->name_de : u.counter},
                       {"count", u.count}});
    }
    nlohmann::json j = {{"arrival", ArrivalKindId(force.arrival)},
                        {"formation", force.formation},
                        {"name", formation_name(force.formation, Lang::kEn)},
                        {"name_de", formation_name(force.formation, Lang::kDe)},
                        {"side", sc.SideOf(force.formation)},
                        {"text", force.text.en},
                        {"text_de", force.text.in(Lang::kDe)},
                        {"units", units},
                        {"stand_in", force.provenance.Of("turn") == Provenance::kStandIn ||
                                         force.provenance.Of("zone") == Provenance::kStandIn}};
    if (force.arrival == ArrivalKind::kTurn) {
      j["turn"] = force.turn;
      j["zone_text"] = ZoneText(sc, force.zone, Lang::kEn);
      j["zone_text_de"] = ZoneText(sc, force.zone, Lang::kDe);
    }
    if (force.arrival == ArrivalKind::kSpecial) {
      j["rule"] = force.rule;
      if (!force.zone.empty()) {
        j["zone_text"] = ZoneText(sc, force.zone, Lang::kEn);
        j["zone_text_de"] = ZoneText(sc, force.zone, Lang::kDe);
      }
    }
    if (force.arrival == ArrivalKind::kRandom) {
      nlohmann::json table = nlohmann::json::array();
      if (const RandomEntry* r = sc.FindRandomEntry(force.random_entry))
        for (const RandomEntry::Row& row : r->rows)
          table.push_back(
              {{"rolls", row.rolls},
               {"zone_text", row.zone.empty() ? "" : ZoneText(sc, row.zone, Lang::kEn)},
               {"zone_text_de", row.zone.empty() ? "" : ZoneText(sc, row.zone, Lang::kDe)}});
      j["table"] = table;
    }
    out.push_back(j);
  }
  return out;
}

}  // namespace feldherr::wsr
