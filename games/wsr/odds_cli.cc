// `feldherr odds wsr fire|mortar|artillery|smoke|flak|air|assault` (docs/cli.md): the exact
// outcome distributions of one White Star Rising combat before it is made, from its counters,
// terrain and range (games/wsr/odds.h: WSR 6.1 fire, 6.1 mortars (R.2), 11.2 artillery strikes,
// 11.3.1 AA fire at an aircraft, 11.3.2 air attacks, 6.3 assaults and 6.4 overruns). Every one is
// small enough to enumerate exactly (binomial convolution up to 64 dice), so no Monte Carlo is ever
// used; the output says so. The command reaches the CLI through GameModule::odds_command
// (games/wsr/module.cc).
#include "games/wsr/odds_cli.h"

#include <fmt/format.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <cctype>
#include <memory>
#include <nlohmann/json.hpp>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

#include "engine/odds_text.h"
#include "engine/registry.h"
#include "games/wsr/combat.h"
#include "games/wsr/data.h"
#include "games/wsr/odds.h"

namespace feldherr::wsr {

namespace {

// The options of every combat (each combat reads its own).
struct OddsArgs {
  bool json = false;
  // fire (attacker / target: a counter; mortar: attacker the mortar)
  std::string attacker, target, terrain, band;
  int range = 0;  // hexes; 0 = not given
  bool concealed = false, improved_position = false, reduced_attacker = false,
       reduced_target = false, disrupted_target = false, mounted_attacker = false,
       mounted_target = false;
  int hq_dice = 0;
  bool aa = false;  // WSR 11.1: the firer's AA firepower at a hard target
  // assault (attacker / target: NAME[:reduced][:disrupted][:mounted],... ; terrain above)
  bool overrun = false;
  int attacker_hq = 0, defender_hq = 0;
  // mortar / artillery (hex attacks; target: UNIT,... as for assault)
  int firepower = 0, to_hit = 0;
  bool accuracy = false;  // artillery, air: include the 1-die accuracy roll (WSR 11.2, 11.3.2)
  std::string aircraft;   // flak, air: the aircraft counter (WSR 11.3)
};

std::string Lower(std::string_view text) {
  std::string s(text);
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

bool Contains(std::string_view hay, std::string_view needle) {
  return Lower(hay).find(Lower(needle)) != std::string::npos;
}

// A counter by id ("de.panther"), name or alias ("Panther", "M4A3E8"), case-insensitive.
const CounterType& FindCounter(const Data& data, const std::string& text, const char* option) {
  std::vector<const CounterType*> exact, containing, all;
  for (const CounterSet& set : data.counters) {
    for (const CounterType& c : set.counters) {
      all.push_back(&c);
      if (Lower(c.id) == Lower(text)) return c;
      if (c.Matches(text)) exact.push_back(&c);
      bool hit = Contains(c.id, text) || Contains(c.name, text) || Contains(c.name_de, text);
      for (const std::string& a : c.aliases) hit = hit || Contains(a, text);
      if (hit) containing.push_back(&c);
    }
  }
  if (exact.size() == 1) return *exact.front();
  const auto& list = !exact.empty() ? exact : !containing.empty() ? containing : all;
  std::vector<std::string> names;
  for (const CounterType* c : list) names.push_back(fmt::format("{} ({})", c->id, c->name));
  throw UsageError(fmt::format("{} counter '{}' for {}; candidates: {}",
                               exact.size() > 1 ? "ambiguous" : "unknown", text, option,
                               comma_list(names)));
}

const TerrainType& FindTerrain(const Data& data, const std::string& text) {
  std::vector<std::string> ids;
  for (const TerrainType& t : data.terrain.terrain) {
    if (!t.playable) continue;
    ids.push_back(t.id);
    if (Lower(t.id) == Lower(text) || Lower(t.name) == Lower(text) ||
        Lower(t.name_de) == Lower(text)) {
      return t;
    }
  }
  throw UsageError(fmt::format("unknown terrain '{}'; terrain: {}", text, comma_list(ids)));
}

void PrintFireOdds(const OddsArgs& a, std::ostream& out) {
  const Data& data = ShippedData();
  const CounterType& firer = FindCounter(data, a.attacker, "--attacker");
  const CounterType& target = FindCounter(data, a.target, "--target");
  const TerrainType& terrain = FindTerrain(data, a.terrain);
  if (a.band.empty() == (a.range <= 0)) {
    throw UsageError("give the range as --range N (hexes, >= 1) or --band short|normal|extended");
  }
  RangeBand band = RangeBand::kNormal;
  if (!a.band.empty() && (!RangeBandFromName(a.band, &band) || band == RangeBand::kOutOfRange)) {
    throw UsageError(fmt::format("bad --band '{}': short, normal or extended", a.band));
  }
  FireSituation s;
  s.distance = a.range > 0 ? a.range : 1;
  s.firer_reduced = a.reduced_attacker;
  s.target_reduced = a.reduced_target;
  s.firer_mounted = a.mounted_attacker;
  s.target_mounted = a.mounted_target;
  s.hq_dice = a.hq_dice;
  s.concealed = a.concealed;
  s.improved_position = a.improved_position;
  s.aa_weapon = a.aa;  // WSR 11.1
  if (a.aa && !firer.aa)
    throw UsageError(fmt::format("{} is not an AA unit: --aa needs one (WSR 11.1)", firer.id));
  const FireInput in = MakeFireInput(firer, target, terrain, s);
  const FireParams p = a.band.empty() ? ComputeFire(in) : ComputeFireAtBand(in, band);
  if (!p.legality) {
    throw UsageError(
        fmt::format("{} cannot fire at {} this way: {}", firer.id, target.id, p.legality.reason));
  }
  UnitState state;
  state.reduced = a.reduced_target;
  state.disrupted = a.disrupted_target;
  state.single_step = target.steps <= 1;
  const FireOdds o = OddsOfFire(p, state);

  const char* target_class = in.target == TargetClass::kHard ? "hard" : "soft";
  if (a.json) {
    nlohmann::json j;
    j["game"] = "wsr";
    j["combat"] = "fire";
    j["method"] = "exact enumeration";
    nlohmann::json params;
    params["attacker"] = firer.id;
    params["target"] = target.id;
    params["terrain"] = terrain.id;
    params["band"] = RangeBandName(p.band);
    if (a.range > 0) params["range"] = a.range;
    params["target_class"] = target_class;
    params["dice"] = p.dice;
    params["to_hit"] = p.to_hit;
    params["hit_cap"] = p.hit_cap;
    params["ip_cancels"] = p.ip_cancels;
    params["defence_dice"] = p.defence_dice;
    params["save"] = p.save;
    params["concealed"] = a.concealed;
    params["reduced_attacker"] = a.reduced_attacker;
    params["reduced_target"] = a.reduced_target;
    params["disrupted_target"] = a.disrupted_target;
    if (a.aa) params["aa"] = true;  // WSR 11.1
    j["params"] = params;
    j["hits"] = distribution_json(o.hits);
    j["net_hits"] = distribution_json(o.net_hits);
    nlohmann::json results = nlohmann::json::object();
    for (int r = 0; r < kNumCombatResults; ++r) {
      results[CombatResultName(static_cast<CombatResult>(r))] = o.result[static_cast<size_t>(r)];
    }
    j["results"] = results;
    j["expected_net_hits"] = o.expected_net_hits;
    out << j.dump(2) << '\n';
    return;
  }
  out << fmt::format("WSR fire (WSR 6.1{}): {} at {} ({} target) in {}, {} range{}{}\n",
                     a.aa ? ", 11.1" : "", firer.name, target.name, target_class, terrain.id,
                     RangeBandName(p.band), a.range > 0 ? fmt::format(" ({} hexes)", a.range) : "",
                     a.aa ? ", AA firepower" : "");
  out << fmt::format(
      "attack: {} dice, hit on {}+, at most {} hits; improved position cancels {}; "
      "defence: {} dice, save on {}+\n",
      p.dice, p.to_hit, p.hit_cap, p.ip_cancels, p.defence_dice, p.save);
  out << "exact: every outcome of the dice enumerated (no sampling)\n\n";
  print_distribution(out, "net hits", o.net_hits);
  out << fmt::format("expected net hits: {:.4f}\n\n", o.expected_net_hits);
  out << fmt::format("{:<12}  probability\n", "result");
  for (int r = 0; r < kNumCombatResults; ++r) {
    out << fmt::format("{:<12}  {:>11}\n", CombatResultName(static_cast<CombatResult>(r)),
                       odds_probability(o.result[static_cast<size_t>(r)]));
  }
}

// One side of an assault: "NAME[:reduced][:disrupted][:mounted],..." (at most 2 units, WSR 1.4).
std::vector<AssaultUnit> AssaultSide(const Data& data, const std::string& text, const char* option,
                                     int hq_dice, std::vector<std::string>* ids) {
  std::vector<AssaultUnit> units;
  for (const std::string& spec : split_commas(text)) {
    std::vector<std::string> parts;
    size_t start = 0;
    for (size_t colon; (colon = spec.find(':', start)) != std::string::npos; start = colon + 1) {
      parts.push_back(spec.substr(start, colon - start));
    }
    parts.push_back(spec.substr(start));
    const CounterType& c = FindCounter(data, parts.front(), option);
    UnitState state;
    bool mounted = false;
    for (size_t i = 1; i < parts.size(); ++i) {
      const std::string flag = Lower(parts[i]);
      if (flag == "reduced") {
        state.reduced = true;
      } else if (flag == "disrupted") {
        state.disrupted = true;
      } else if (flag == "mounted") {
        mounted = true;
      } else {
        throw UsageError(
            fmt::format("bad {} unit '{}': NAME[:reduced][:disrupted][:mounted]", option, spec));
      }
    }
    // The side's HQ supports its first unit (WSR 6.3 step 1, A-02: one unit only).
    units.push_back(MakeAssaultUnit(c, mounted, state, units.empty() ? hq_dice : 0));
    ids->push_back(spec);
  }
  return units;
}

nlohmann::json Results(const ResultOdds& r) {
  nlohmann::json j = nlohmann::json::object();
  for (int k = 0; k < kNumCombatResults; ++k) {
    j[CombatResultName(static_cast<CombatResult>(k))] = r[static_cast<size_t>(k)];
  }
  return j;
}

void PrintResults(std::ostream& out, const std::string& who, const ResultOdds& r) {
  out << fmt::format("{:<28}", who);
  for (int k = 0; k < kNumCombatResults; ++k) {
    out << fmt::format("  {}={}", CombatResultName(static_cast<CombatResult>(k)),
                       odds_probability(r[static_cast<size_t>(k)]));
  }
  out << '\n';
}

void PrintAssaultOdds(const OddsArgs& a, std::ostream& out) {
  const Data& data = ShippedData();
  if (a.attacker.empty() || a.target.empty()) {
    throw UsageError("give --attacker NAME[,NAME] and --defender NAME[,NAME]");
  }
  const TerrainType& terrain = FindTerrain(data, a.terrain);
  AssaultInput in;
  std::vector<std::string> att_ids, def_ids;
  in.attackers = AssaultSide(data, a.attacker, "--attacker", a.attacker_hq, &att_ids);
  in.defenders = AssaultSide(data, a.target, "--defender", a.defender_hq, &def_ids);
  in.overrun = a.overrun;
  in.city = terrain.terrain == Terrain::kCity;  // WSR 6.3.1.1
  in.clear_or_hill = terrain.overrun;           // WSR 6.4: the chart's overrun terrain
  in.improved_position = a.improved_position;
  const AssaultParams p = ComputeAssault(in);
  if (!p.legality) throw UsageError(p.legality.reason);
  const AssaultOdds o = OddsOfAssault(in);
  const char* what = a.overrun ? "overrun" : "assault";
  if (a.json) {
    nlohmann::json j;
    j["game"] = "wsr";
    j["combat"] = what;
    j["method"] = "exact enumeration";
    nlohmann::json params;
    params["attackers"] = att_ids;
    params["defenders"] = def_ids;
    params["terrain"] = terrain.id;
    params["ip_cancels"] = p.ip_cancels;
    for (const auto& [key, rolls] :
         {std::pair{"attacker_rolls", &p.attackers}, std::pair{"defender_rolls", &p.defenders}}) {
      nlohmann::json list = nlohmann::json::array();
      for (const AssaultRoll& r : *rolls) {
        list.push_back(
            {{"rolls", r.rolls}, {"dice", r.dice}, {"to_hit", r.to_hit}, {"hit_cap", r.hit_cap}});
      }
      params[key] = list;
    }
    j["params"] = params;
    j["hits_by_attackers"] = distribution_json(o.hits_by_attackers);
    j["hits_by_defenders"] = distribution_json(o.hits_by_defenders);
    j["net_hits"] = distribution_json(o.defenders_take);  // on the defenders, after the IP
    nlohmann::json outcome = nlohmann::json::object();
    for (int k = 0; k < 5; ++k) {
      outcome[AssaultOutcomeName(static_cast<AssaultOutcome>(k))] =
          o.outcome[static_cast<size_t>(k)];
    }
    j["results"] = outcome;
    nlohmann::json units;
    for (size_t i = 0; i < o.attacker_result.size(); ++i)
      units["attackers"].push_back(Results(o.attacker_result[i]));
    for (size_t i = 0; i < o.defender_result.size(); ++i)
      units["defenders"].push_back(Results(o.defender_result[i]));
    j["unit_results"] = units;
    out << j.dump(2) << '\n';
    return;
  }
  out << fmt::format("WSR {} ({}): {} against {} in {}\n", what, a.overrun ? "WSR 6.4" : "WSR 6.3",
                     comma_list(att_ids), comma_list(def_ids), terrain.id);
  auto rolls_text = [](const std::vector<AssaultRoll>& rolls) {
    std::vector<std::string> parts;
    for (const AssaultRoll& r : rolls) {
      parts.push_back(
          r.rolls ? fmt::format("{} dice hit on {}+ (at most {})", r.dice, r.to_hit, r.hit_cap)
                  : "no roll");
    }
    return comma_list(parts);
  };
  out << fmt::format("attackers: {}\ndefenders: {}\nimproved position cancels {}\n",
                     rolls_text(p.attackers), rolls_text(p.defenders), p.ip_cancels);
  out << "exact: every outcome of the dice and of the odd-hit choices enumerated\n\n";
  print_distribution(out, "def. take", o.defenders_take);
  out << '\n';
  print_distribution(out, "att. take", o.hits_by_defenders);
  out << fmt::format("\n{:<22}  probability\n", "outcome");
  for (int k = 0; k < 5; ++k) {
    if (o.outcome[static_cast<size_t>(k)] == 0.0) continue;
    out << fmt::format("{:<22}  {:>11}\n", AssaultOutcomeName(static_cast<AssaultOutcome>(k)),
                       odds_probability(o.outcome[static_cast<size_t>(k)]));
  }
  out << '\n';
  for (size_t i = 0; i < o.attacker_result.size(); ++i)
    PrintResults(out, "attacker " + att_ids[i], o.attacker_result[i]);
  for (size_t i = 0; i < o.defender_result.size(); ++i)
    PrintResults(out, "defender " + def_ids[i], o.defender_result[i]);
}

// WSR 6.1 mortars (R.2) and WSR 11.2 artillery strikes: a hex attack on 1..4 units, the odd hit to
// a uniformly random set of distinct units (11.2.1).
void PrintHexAttackOdds(const OddsArgs& a, bool artillery, std::ostream& out) {
  const Data& data = ShippedData();
  const TerrainType& terrain = FindTerrain(data, a.terrain);
  std::vector<std::string> ids;
  std::vector<UnitState> states;
  bool hard = false;
  for (const std::string& spec : split_commas(a.target)) {
    // Parsed like an assault unit; only the state and the target class matter here.
    std::vector<std::string> one;
    const std::vector<AssaultUnit> u = AssaultSide(data, spec, "--target", 0, &one);
    states.push_back(u.front().state);
    hard = hard || u.front().armored_vehicle;
    ids.push_back(spec);
  }
  if (states.empty() || states.size() > 4) throw UsageError("--target: 1 to 4 units in the hex");
  FireParams p;
  std::string title;
  if (artillery) {
    if (a.firepower < 1 || a.to_hit < 1) {
      throw UsageError("give the strike as --firepower N --to-hit T (a scenario's \"1 x 45\")");
    }
    // docs/wsr-combat.md: an artillery strike is a hex attack with mortar = true, its
    // firepower/to-hit as the weapon, at normal range (where it lands is the game's business).
    FireInput in;
    in.mortar = true;
    in.weapon = FireWeapon{a.firepower, a.to_hit, 99, false, false};
    in.distance = 99;
    in.terrain_dice = terrain.defence_soft;
    in.hex_has_hard_target = hard;
    in.improved_position = a.improved_position;
    p = ComputeFireAtBand(in, RangeBand::kNormal);
    title = fmt::format("WSR artillery strike (WSR 11.2): {} dice hitting on {}+", a.firepower,
                        a.to_hit);
  } else {
    if (a.attacker.empty()) throw UsageError("give the mortar as --attacker NAME");
    if (a.band.empty() == (a.range <= 0)) {
      throw UsageError("give the range as --range N (hexes, >= 1) or --band short|normal|extended");
    }
    const CounterType& mortar = FindCounter(data, a.attacker, "--attacker");
    const FireInput in = MakeMortarInput(mortar, a.reduced_attacker, terrain,
                                         a.range > 0 ? a.range : 1, hard, a.improved_position);
    RangeBand band = RangeBand::kNormal;
    if (!a.band.empty()) {
      if (!RangeBandFromName(a.band, &band) || band == RangeBand::kOutOfRange) {
        throw UsageError(fmt::format("bad --band '{}': short, normal or extended", a.band));
      }
      p = ComputeFireAtBand(in, band);
    } else {
      p = ComputeFire(in);
    }
    title =
        fmt::format("WSR mortar (WSR 6.1): {} at {} range{}", mortar.name, RangeBandName(p.band),
                    a.range > 0 ? fmt::format(" ({} hexes)", a.range) : "");
  }
  if (!p.legality) throw UsageError(p.legality.reason);
  HexAttackOdds o = OddsOfHexAttack(p, states);
  // WSR 11.2: the strike lands on 2-6 of its accuracy die; on a 1 it has no effect (every hex of
  // the strike shares that one die, so each hex's distribution is this mixture).
  const double lands = artillery && a.accuracy ? 5.0 / 6.0 : 1.0;
  if (lands < 1.0) {
    for (double& q : o.net_hits) q *= lands;
    if (!o.net_hits.empty()) o.net_hits[0] += 1.0 - lands;
    for (auto& r : o.unit_result) {
      for (double& q : r) q *= lands;
      r[static_cast<size_t>(CombatResult::kNoEffect)] += 1.0 - lands;
    }
    title += ", accuracy roll included (1: no effect)";
  }
  if (a.json) {
    nlohmann::json j;
    j["game"] = "wsr";
    j["combat"] = artillery ? "artillery" : "mortar";
    j["method"] = "exact enumeration";
    j["params"] = {{"targets", ids},
                   {"terrain", terrain.id},
                   {"band", RangeBandName(p.band)},
                   {"dice", p.dice},
                   {"to_hit", p.to_hit},
                   {"hit_cap", p.hit_cap},
                   {"ip_cancels", p.ip_cancels},
                   {"defence_dice", p.defence_dice},
                   {"save", p.save}};
    if (!artillery) j["params"]["attacker"] = a.attacker;
    if (artillery) j["params"]["accuracy"] = a.accuracy;  // WSR 11.2
    if (artillery) j["params"]["lands"] = lands;
    j["net_hits"] = distribution_json(o.net_hits);
    nlohmann::json results = nlohmann::json::object();
    for (size_t i = 0; i < o.unit_result.size(); ++i) {
      results[fmt::format("{} {}", i + 1, ids[i])] = Results(o.unit_result[i]);
    }
    j["results"] = results;
    j["expected_net_hits"] = expected_count(o.net_hits);
    out << j.dump(2) << '\n';
    return;
  }
  out << title << fmt::format(", on {} in {}\n", comma_list(ids), terrain.id);
  out << fmt::format(
      "attack: {} dice, hit on {}+, at most {} hits; improved position cancels {}; "
      "defence: {} dice, save on {}+\n",
      p.dice, p.to_hit, p.hit_cap, p.ip_cancels, p.defence_dice, p.save);
  out << "exact: every outcome of the dice and of the odd-hit choices enumerated\n\n";
  print_distribution(out, "net hits", o.net_hits);
  out << fmt::format("expected net hits: {:.4f}\n\n", expected_count(o.net_hits));
  for (size_t i = 0; i < o.unit_result.size(); ++i) PrintResults(out, ids[i], o.unit_result[i]);
}

// WSR 11.3.1: one AA unit's fire at an aircraft (A-26: range to the target hex, 6.1.1-6.1.3),
// the aircraft's armor dice cancelling (G-9); 0 net hits it attacks, 1 it aborts (abort die 1-3
// removed, 4-6 back into the cup), 2 or more it is destroyed.
void PrintFlakOdds(const OddsArgs& a, std::ostream& out) {
  const Data& data = ShippedData();
  const CounterType& firer = FindCounter(data, a.attacker, "--attacker");
  const CounterType& plane = FindCounter(data, a.aircraft, "--aircraft");
  if (!firer.aa) throw UsageError(fmt::format("{} is not an AA unit (WSR 11.1)", firer.id));
  if (plane.kind != UnitKind::kAircraft)
    throw UsageError(fmt::format("{} is not an aircraft (WSR 11.3)", plane.id));
  if (a.band.empty() == (a.range <= 0)) {
    throw UsageError("give the range as --range N (hexes, >= 1) or --band short|normal|extended");
  }
  RangeBand band = RangeBand::kNormal;
  if (!a.band.empty() && (!RangeBandFromName(a.band, &band) || band == RangeBand::kOutOfRange)) {
    throw UsageError(fmt::format("bad --band '{}': short, normal or extended", a.band));
  }
  const Weapon& w = firer.face_for(a.mounted_attacker, a.reduced_attacker).aa;
  const Face& af = plane.face_for(false, false);
  FireInput in;
  in.weapon = FireWeapon{w.fp, w.to_hit, w.range, w.underlined, w.enhanced};
  in.aa_at_aircraft = true;
  in.target = TargetClass::kAircraft;
  in.distance = a.range > 0 ? a.range : 1;
  in.armor = af.armor;
  in.save = af.save;
  const FireParams p = a.band.empty() ? ComputeFire(in) : ComputeFireAtBand(in, band);
  if (!p.legality) {
    throw UsageError(
        fmt::format("{} cannot fire at {} this way: {}", firer.id, plane.id, p.legality.reason));
  }
  UnitState state;
  state.single_step = true;
  const FireOdds o = OddsOfFire(p, state);
  const double none = o.net_hits.empty() ? 1.0 : o.net_hits[0];
  const double one = o.net_hits.size() > 1 ? o.net_hits[1] : 0.0;
  const double two = std::max(0.0, 1.0 - none - one);
  if (a.json) {
    nlohmann::json j;
    j["game"] = "wsr";
    j["combat"] = "flak";
    j["method"] = "exact enumeration";
    j["params"] = {{"attacker", firer.id},
                   {"aircraft", plane.id},
                   {"band", RangeBandName(p.band)},
                   {"dice", p.dice},
                   {"to_hit", p.to_hit},
                   {"hit_cap", p.hit_cap},
                   {"defence_dice", p.defence_dice},
                   {"save", p.save}};
    if (a.range > 0) j["params"]["range"] = a.range;
    j["hits"] = distribution_json(o.hits);
    j["net_hits"] = distribution_json(o.net_hits);
    j["results"] = {{"attacks", none}, {"aborts", one}, {"destroyed", two}};
    j["removed"] = two + one * 0.5;  // the abort die: 1-3 back to base
    j["expected_net_hits"] = o.expected_net_hits;
    out << j.dump(2) << '\n';
    return;
  }
  out << fmt::format("WSR AA fire at an aircraft (WSR 11.3.1): {} at {}, {} range{}\n", firer.name,
                     plane.name, RangeBandName(p.band),
                     a.range > 0 ? fmt::format(" ({} hexes)", a.range) : "");
  out << fmt::format("attack: {} dice, hit on {}+, at most {} hits; armor: {} dice, save on {}+\n",
                     p.dice, p.to_hit, p.hit_cap, p.defence_dice, p.save);
  out << "exact: every outcome of the dice enumerated (no sampling)\n\n";
  print_distribution(out, "net hits", o.net_hits);
  out << fmt::format("expected net hits: {:.4f}\n\n", o.expected_net_hits);
  out << fmt::format("{:<12}  probability\n", "result");
  out << fmt::format("{:<12}  {:>11}\n", "attacks", odds_probability(none));
  out << fmt::format("{:<12}  {:>11}\n", "aborts", odds_probability(one));
  out << fmt::format("{:<12}  {:>11}\n", "destroyed", odds_probability(two));
  out << fmt::format("removed from play (destroyed, or aborted with 1-3): {}\n",
                     odds_probability(two + one * 0.5));
}

// WSR 11.3.2: an aircraft's attack on a hex of 1..4 units (R.2: gold dice, IP, soft-target terrain
// dice + 1 if concealed, no hard-target die; R.3 even hits, the odd hit at random); with
// --accuracy the accuracy die mixed in (1: the attack goes to another hex, 2: -1 die, 3-6 full);
// the status die after it (WSR 11.3.2 step 5: greater than the hits scored, it returns).
void PrintAirOdds(const OddsArgs& a, std::ostream& out) {
  const Data& data = ShippedData();
  const CounterType& plane = FindCounter(data, a.aircraft, "--aircraft");
  if (plane.kind != UnitKind::kAircraft)
    throw UsageError(fmt::format("{} is not an aircraft (WSR 11.3)", plane.id));
  const Face& af = plane.face_for(false, false);
  const TerrainType& terrain = FindTerrain(data, a.terrain);
  std::vector<std::string> ids;
  std::vector<UnitState> states;
  for (const std::string& spec : split_commas(a.target)) {
    std::vector<std::string> one;
    const std::vector<AssaultUnit> u = AssaultSide(data, spec, "--target", 0, &one);
    states.push_back(u.front().state);
    ids.push_back(spec);
  }
  if (states.empty() || states.size() > 4) throw UsageError("--target: 1 to 4 units in the hex");
  const auto params = [&](int fp) {
    FireInput in;
    in.mortar = true;  // a hex attack (R.2)
    in.weapon = FireWeapon{fp, af.air.to_hit, 0, false, false};
    in.terrain_dice = terrain.defence_soft;
    in.improved_position = a.improved_position;
    FireParams p = ComputeFireAtBand(in, RangeBand::kNormal);
    if (a.concealed) p.defence_dice += 1;  // WSR 11.3.2 step 3, A-27
    return p;
  };
  // (probability, firepower) of each accuracy result that attacks this hex.
  std::vector<std::pair<double, int>> mix = {{1.0, af.air.fp}};
  if (a.accuracy) mix = {{4.0 / 6.0, af.air.fp}, {1.0 / 6.0, af.air.fp - 1}};
  HexAttackOdds total;
  total.unit_result.assign(states.size(), ResultOdds{});
  double returns = 0, attacked = 0;
  FireParams shown;
  for (const auto& [q, fp] : mix) {
    if (fp <= 0) continue;
    const FireParams p = params(fp);
    if (fp == af.air.fp) shown = p;
    const HexAttackOdds o = OddsOfHexAttack(p, states);
    attacked += q;
    if (total.net_hits.size() < o.net_hits.size()) total.net_hits.resize(o.net_hits.size(), 0.0);
    for (size_t k = 0; k < o.net_hits.size(); ++k) total.net_hits[k] += q * o.net_hits[k];
    for (size_t i = 0; i < states.size(); ++i)
      for (int r = 0; r < kNumCombatResults; ++r)
        total.unit_result[i][static_cast<size_t>(r)] +=
            q * o.unit_result[i][static_cast<size_t>(r)];
    const std::vector<double> hits = CappedHits(p.dice, p.to_hit, p.hit_cap);
    for (size_t h = 0; h < hits.size(); ++h)
      returns += q * hits[h] * std::max(0, 6 - static_cast<int>(h)) / 6.0;
  }
  // The rest (a miss: the other side picks an adjacent hex; or no firepower left): no hits here,
  // and the status die then compares 0 hits (it always returns).
  const double rest = 1.0 - attacked;
  if (total.net_hits.empty()) total.net_hits.push_back(0.0);
  total.net_hits[0] += rest;
  for (auto& r : total.unit_result) r[static_cast<size_t>(CombatResult::kNoEffect)] += rest;
  returns += rest;
  if (a.json) {
    nlohmann::json j;
    j["game"] = "wsr";
    j["combat"] = "air";
    j["method"] = "exact enumeration";
    j["params"] = {{"aircraft", plane.id},
                   {"targets", ids},
                   {"terrain", terrain.id},
                   {"dice", shown.dice},
                   {"to_hit", shown.to_hit},
                   {"ip_cancels", shown.ip_cancels},
                   {"defence_dice", shown.defence_dice},
                   {"save", shown.save},
                   {"concealed", a.concealed},
                   {"accuracy", a.accuracy}};
    j["net_hits"] = distribution_json(total.net_hits);
    nlohmann::json results = nlohmann::json::object();
    for (size_t i = 0; i < total.unit_result.size(); ++i)
      results[fmt::format("{} {}", i + 1, ids[i])] = Results(total.unit_result[i]);
    j["results"] = results;
    j["returns"] = returns;
    j["expected_net_hits"] = expected_count(total.net_hits);
    out << j.dump(2) << '\n';
    return;
  }
  out << fmt::format("WSR air attack (WSR 11.3.2): {} ({} dice hitting on {}+) on {} in {}{}\n",
                     plane.name, af.air.fp, af.air.to_hit, comma_list(ids), terrain.id,
                     a.accuracy ? ", accuracy roll included (1: another hex, 2: -1 die)" : "");
  out << fmt::format("defence: {} dice, save on {}+; improved position cancels {}\n",
                     shown.defence_dice, shown.save, shown.ip_cancels);
  out << "exact: every outcome of the dice and of the odd-hit choices enumerated\n\n";
  print_distribution(out, "net hits", total.net_hits);
  out << fmt::format("expected net hits: {:.4f}\n\n", expected_count(total.net_hits));
  for (size_t i = 0; i < total.unit_result.size(); ++i)
    PrintResults(out, ids[i], total.unit_result[i]);
  out << fmt::format("status: returns to the cup {}, removed {}\n", odds_probability(returns),
                     odds_probability(1.0 - returns));
}

// WSR 11.2, 11.2.2: a smoke strike's accuracy die: 2-6 a Smoke 2 marker on the target hex, 1 no
// effect ([REC] A-24: the strike is spent).
void PrintSmokeOdds(const OddsArgs& a, std::ostream& out) {
  const std::vector<double> p = {1.0 / 6.0, 5.0 / 6.0};  // index: 0 no effect, 1 smoke placed
  if (a.json) {
    nlohmann::json j;
    j["game"] = "wsr";
    j["combat"] = "smoke";
    j["method"] = "exact enumeration";
    j["params"] = {{"accuracy_die", "2-6 on target, 1 no effect"}};
    j["results"] = {{"no-effect", p[0]}, {"smoke-2", p[1]}};
    out << j.dump(2) << '\n';
    return;
  }
  out << "WSR smoke strike (WSR 11.2, 11.2.2): 1 accuracy die, 2-6 lands\n";
  out << "exact: every face of the die enumerated\n\n";
  out << fmt::format("{:<12}  probability\n", "result");
  out << fmt::format("{:<12}  {:>11}\n", "smoke-2", odds_probability(p[1]));
  out << fmt::format("{:<12}  {:>11}\n", "no-effect", odds_probability(p[0]));
}

// The combats as subcommands of `feldherr odds wsr`, filling `a`.
void AddCombats(CLI::App& command, OddsArgs& a) {
  CLI::App* fire = command.add_subcommand("fire", "Fire combat against one unit (WSR 6.1)");
  fire->add_option("--attacker", a.attacker, "Firing counter: id or name (e.g. M4A3E8)")
      ->required()
      ->type_name("NAME");
  fire->add_option("--target", a.target, "Target counter: id or name (e.g. Panther)")
      ->required()
      ->type_name("NAME");
  fire->add_option("--terrain", a.terrain, "Terrain of the target hex (e.g. woods)")
      ->required()
      ->type_name("TERRAIN");
  CLI::Option* band = fire->add_option("--band", a.band, "Range band: short, normal or extended")
                          ->type_name("BAND");
  CLI::Option* range = fire->add_option("--range", a.range, "Distance in hexes (>= 1)")
                           ->type_name("N")
                           ->check(CLI::Range(1, 1000));
  band->excludes(range);
  fire->add_flag("--concealed", a.concealed, "The target is concealed (WSR 6.1.5)");
  fire->add_flag("--improved-position", a.improved_position,
                 "The target is in an improved position (WSR 8.1)");
  fire->add_flag("--reduced-attacker", a.reduced_attacker, "The firer shows its reduced face");
  fire->add_flag("--reduced-target", a.reduced_target, "The target shows its reduced face");
  fire->add_flag("--disrupted-target", a.disrupted_target, "The target is already disrupted");
  fire->add_flag("--mounted-attacker", a.mounted_attacker, "A transport firer is mounted");
  fire->add_flag("--mounted-target", a.mounted_target, "A transport target is mounted");
  fire->add_option("--hq-dice", a.hq_dice, "Command value of a supporting HQ (WSR 6.1)")
      ->type_name("N")
      ->check(CLI::Range(0, 10));
  fire->add_flag("--aa", a.aa,
                 "An AA unit fires its AA firepower at a hard target (WSR 11.1: to-hit 6, "
                 "normal range at most)");
  fire->add_flag("--json", a.json, "Print the distributions as JSON");

  CLI::App* mortar = command.add_subcommand("mortar", "Mortar hex attack (WSR 6.1, R.2)");
  CLI::App* artillery =
      command.add_subcommand("artillery", "Artillery strike on a hex (WSR 11.2, 11.2.1)");
  for (CLI::App* hex : {mortar, artillery}) {
    hex->add_option("--target", a.target,
                    "Units in the hex (1 to 4): NAME[:reduced][:disrupted][:mounted],...")
        ->required()
        ->type_name("UNIT,...");
    hex->add_option("--terrain", a.terrain, "Terrain of the hex")->required()->type_name("TERRAIN");
    hex->add_flag("--improved-position", a.improved_position,
                  "The hex has an improved position (WSR 8.1)");
    hex->add_flag("--json", a.json, "Print the distributions as JSON");
  }
  mortar->add_option("--attacker", a.attacker, "The mortar counter (e.g. de.81mm-mortar)")
      ->required()
      ->type_name("NAME");
  CLI::Option* mband = mortar->add_option("--band", a.band, "Range band: short, normal or extended")
                           ->type_name("BAND");
  CLI::Option* mrange = mortar->add_option("--range", a.range, "Distance in hexes (>= 1)")
                            ->type_name("N")
                            ->check(CLI::Range(1, 1000));
  mband->excludes(mrange);
  mortar->add_flag("--reduced-attacker", a.reduced_attacker, "The mortar shows its reduced face");
  artillery->add_option("--firepower", a.firepower, "Dice of the strike (\"1 x 45\": 4)")
      ->required()
      ->type_name("N")
      ->check(CLI::Range(1, 64));
  artillery->add_option("--to-hit", a.to_hit, "To-hit number of the strike (\"1 x 45\": 5)")
      ->required()
      ->type_name("T")
      ->check(CLI::Range(1, 6));
  artillery->add_flag("--accuracy", a.accuracy,
                      "Include the strike's accuracy die (WSR 11.2: 1 = no effect)");
  CLI::App* smoke =
      command.add_subcommand("smoke", "Smoke strike: the accuracy die (WSR 11.2, 11.2.2)");
  smoke->add_flag("--json", a.json, "Print the distribution as JSON");

  CLI::App* flak = command.add_subcommand("flak", "AA fire at an aircraft (WSR 11.3.1)");
  flak->add_option("--attacker", a.attacker, "The AA unit (e.g. de.wirbelwind)")
      ->required()
      ->type_name("NAME");
  flak->add_option("--aircraft", a.aircraft, "The aircraft (e.g. us.p-47)")
      ->required()
      ->type_name("NAME");
  CLI::Option* fband = flak->add_option("--band", a.band, "Range band: short, normal or extended")
                           ->type_name("BAND");
  CLI::Option* frange =
      flak->add_option("--range", a.range, "Distance to the aircraft's target hex (>= 1)")
          ->type_name("N")
          ->check(CLI::Range(1, 1000));
  fband->excludes(frange);
  flak->add_flag("--json", a.json, "Print the distributions as JSON");
  CLI::App* air = command.add_subcommand("air", "Air attack on a hex (WSR 11.3.2)");
  air->add_option("--aircraft", a.aircraft, "The aircraft (e.g. us.p-47)")
      ->required()
      ->type_name("NAME");
  air->add_option("--target", a.target,
                  "Units in the hex (1 to 4): NAME[:reduced][:disrupted][:mounted],...")
      ->required()
      ->type_name("UNIT,...");
  air->add_option("--terrain", a.terrain, "Terrain of the hex")->required()->type_name("TERRAIN");
  air->add_flag("--concealed", a.concealed,
                "Every unit in the hex is concealed (WSR 11.3.2 step 3, A-27)");
  air->add_flag("--improved-position", a.improved_position,
                "The hex has an improved position (WSR 8.1)");
  air->add_flag("--accuracy", a.accuracy,
                "Include the accuracy die (WSR 11.3.2: 1 another hex, 2 -1 die)");
  air->add_flag("--json", a.json, "Print the distributions as JSON");

  CLI::App* assault = command.add_subcommand("assault", "Assault or overrun (WSR 6.3, 6.4)");
  assault
      ->add_option("--attacker", a.attacker,
                   "Attacking units (1 or 2): NAME[:reduced][:disrupted][:mounted],...")
      ->required()
      ->type_name("UNIT,...");
  assault
      ->add_option("--defender", a.target,
                   "Defending units (1 or 2): NAME[:reduced][:disrupted][:mounted],...")
      ->required()
      ->type_name("UNIT,...");
  assault->add_option("--terrain", a.terrain, "Terrain of the assaulted hex")
      ->required()
      ->type_name("TERRAIN");
  assault->add_flag("--overrun", a.overrun, "An overrun by armored vehicles (WSR 6.4)");
  assault->add_flag("--improved-position", a.improved_position,
                    "The defenders are in an improved position (WSR 8.1)");
  assault->add_option("--attacker-hq", a.attacker_hq, "HQ command value for the first attacker")
      ->type_name("N")
      ->check(CLI::Range(0, 10));
  assault->add_option("--defender-hq", a.defender_hq, "HQ command value for the first defender")
      ->type_name("N")
      ->check(CLI::Range(0, 10));
  assault->add_flag("--json", a.json, "Print the distributions as JSON");
}

}  // namespace

OddsCommand wsr_odds_command() {
  return MakeOddsCommand<OddsArgs>(
      "White Star Rising combats", AddCombats,
      [](const OddsArgs& a, const std::string& combat, std::ostream& out) {
        if (combat == "fire") return PrintFireOdds(a, out);
        if (combat == "mortar") return PrintHexAttackOdds(a, false, out);
        if (combat == "artillery") return PrintHexAttackOdds(a, true, out);
        if (combat == "smoke") return PrintSmokeOdds(a, out);
        if (combat == "flak") return PrintFlakOdds(a, out);  // WSR 11.3.1
        if (combat == "air") return PrintAirOdds(a, out);    // WSR 11.3.2
        if (combat == "assault") return PrintAssaultOdds(a, out);
        throw UsageError("odds wsr: no combat '" + combat + "'");
      });
}

}  // namespace feldherr::wsr
