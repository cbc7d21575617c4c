// `feldherr odds` (docs/cli.md): exact outcome distributions of one combat before it is made,
// by enumerating the chance outcomes: White Star Rising fire (games/wsr/odds.h, WSR 6.1) and
// Pocket Battles melee and shooting (analysis/pocket_odds.h, PB Gefecht 1-2, PB Beschießen 2).
// Every supported combat is small enough to enumerate exactly (WSR: binomial convolution up to
// 64 dice; Pocket: at most 36 outcomes), so no Monte Carlo is ever used; the output says so.
#include "games/wsr/odds.h"

#include <fmt/format.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <cctype>
#include <nlohmann/json.hpp>
#include <ostream>
#include <string>
#include <vector>

#include "analysis/pocket_odds.h"
#include "cli/cli.h"
#include "cli/commands.h"
#include "engine/errors.h"
#include "engine/roll_odds.h"
#include "games/wsr/combat.h"
#include "games/wsr/data.h"

namespace feldherr::cli {

namespace {

std::string Lower(std::string_view text) {
  std::string s(text);
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

bool Contains(std::string_view hay, std::string_view needle) {
  return Lower(hay).find(Lower(needle)) != std::string::npos;
}

std::vector<std::string> SplitCommas(const std::string& text) {
  std::vector<std::string> parts;
  std::string part;
  for (char c : text + ",") {
    if (c == ',') {
      while (!part.empty() && part.back() == ' ') part.pop_back();
      const size_t start = part.find_first_not_of(' ');
      parts.push_back(start == std::string::npos ? "" : part.substr(start));
      part.clear();
    } else {
      part += c;
    }
  }
  return parts;
}

// ---- WSR -----------------------------------------------------------------------------------

// A counter by id ("de.panther"), name or alias ("Panther", "M4A3E8"), case-insensitive.
const wsr::CounterType& FindCounter(const wsr::Data& data, const std::string& text,
                                    const char* option) {
  std::vector<const wsr::CounterType*> exact, containing, all;
  for (const wsr::CounterSet& set : data.counters) {
    for (const wsr::CounterType& c : set.counters) {
      all.push_back(&c);
      if (Lower(c.id) == Lower(text)) return c;
      if (c.Matches(text)) exact.push_back(&c);
      bool hit = Contains(c.id, text) || Contains(c.name, text);
      for (const std::string& a : c.aliases) hit = hit || Contains(a, text);
      if (hit) containing.push_back(&c);
    }
  }
  if (exact.size() == 1) return *exact.front();
  const auto& list = !exact.empty() ? exact : !containing.empty() ? containing : all;
  std::vector<std::string> names;
  for (const wsr::CounterType* c : list) names.push_back(fmt::format("{} ({})", c->id, c->name));
  throw UsageError(fmt::format("{} counter '{}' for {}; candidates: {}",
                               exact.size() > 1 ? "ambiguous" : "unknown", text, option,
                               join(names)));
}

const wsr::TerrainType& FindTerrain(const wsr::Data& data, const std::string& text) {
  std::vector<std::string> ids;
  for (const wsr::TerrainType& t : data.terrain.terrain) {
    if (!t.playable) continue;
    ids.push_back(t.id);
    if (Lower(t.id) == Lower(text) || Lower(t.name) == Lower(text) ||
        Lower(t.name_de) == Lower(text)) {
      return t;
    }
  }
  throw UsageError(fmt::format("unknown terrain '{}'; terrain: {}", text, join(ids)));
}

std::string Prob(double p) {
  return fmt::format("{:.4f}", p);
}

nlohmann::json Distribution(const std::vector<double>& p) {
  nlohmann::json j = nlohmann::json::object();
  for (size_t k = 0; k < p.size(); ++k) j[std::to_string(k)] = p[k];
  return j;
}

void PrintDistribution(std::ostream& out, const char* what, const std::vector<double>& p) {
  const std::string header = fmt::format("{:>10}  probability  at least", what);
  out << header << '\n';
  std::vector<double> at_least(p.size() + 1, 0.0);
  for (size_t k = p.size(); k-- > 0;) at_least[k] = at_least[k + 1] + p[k];
  for (size_t k = 0; k < p.size(); ++k) {
    out << fmt::format("{:>10}  {:>11}  {:>8}\n", k, Prob(p[k]), Prob(at_least[k]));
  }
}

double Expected(const std::vector<double>& p) {
  double e = 0;
  for (size_t k = 0; k < p.size(); ++k) e += static_cast<double>(k) * p[k];
  return e;
}

int WsrFire(const OddsArgs& a, Streams& io) {
  const wsr::Data& data = wsr::ShippedData();
  const wsr::CounterType& firer = FindCounter(data, a.attacker, "--attacker");
  const wsr::CounterType& target = FindCounter(data, a.target, "--target");
  const wsr::TerrainType& terrain = FindTerrain(data, a.terrain);
  if (a.band.empty() == (a.range <= 0)) {
    throw UsageError("give the range as --range N (hexes, >= 1) or --band short|normal|extended");
  }
  wsr::RangeBand band = wsr::RangeBand::kNormal;
  if (!a.band.empty() &&
      (!wsr::RangeBandFromName(a.band, &band) || band == wsr::RangeBand::kOutOfRange)) {
    throw UsageError(fmt::format("bad --band '{}': short, normal or extended", a.band));
  }
  wsr::FireSituation s;
  s.distance = a.range > 0 ? a.range : 1;
  s.firer_reduced = a.reduced_attacker;
  s.target_reduced = a.reduced_target;
  s.firer_mounted = a.mounted_attacker;
  s.target_mounted = a.mounted_target;
  s.hq_dice = a.hq_dice;
  s.concealed = a.concealed;
  s.improved_position = a.improved_position;
  const wsr::FireInput in = wsr::MakeFireInput(firer, target, terrain, s);
  const wsr::FireParams p =
      a.band.empty() ? wsr::ComputeFire(in) : wsr::ComputeFireAtBand(in, band);
  if (!p.legality) {
    throw UsageError(
        fmt::format("{} cannot fire at {} this way: {}", firer.id, target.id, p.legality.reason));
  }
  wsr::UnitState state;
  state.reduced = a.reduced_target;
  state.disrupted = a.disrupted_target;
  state.single_step = target.steps <= 1;
  const wsr::FireOdds o = wsr::OddsOfFire(p, state);

  const char* target_class = in.target == wsr::TargetClass::kHard ? "hard" : "soft";
  if (a.json) {
    nlohmann::json j;
    j["game"] = "wsr";
    j["combat"] = "fire";
    j["method"] = "exact enumeration";
    nlohmann::json params;
    params["attacker"] = firer.id;
    params["target"] = target.id;
    params["terrain"] = terrain.id;
    params["band"] = wsr::RangeBandName(p.band);
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
    j["params"] = params;
    j["hits"] = Distribution(o.hits);
    j["net_hits"] = Distribution(o.net_hits);
    nlohmann::json results = nlohmann::json::object();
    for (int r = 0; r < wsr::kNumCombatResults; ++r) {
      results[wsr::CombatResultName(static_cast<wsr::CombatResult>(r))] =
          o.result[static_cast<size_t>(r)];
    }
    j["results"] = results;
    j["expected_net_hits"] = o.expected_net_hits;
    io.out << j.dump(2) << '\n';
    return kExitOk;
  }
  io.out << fmt::format("WSR fire (WSR 6.1): {} at {} ({} target) in {}, {} range{}\n", firer.name,
                        target.name, target_class, terrain.id, wsr::RangeBandName(p.band),
                        a.range > 0 ? fmt::format(" ({} hexes)", a.range) : "");
  io.out << fmt::format(
      "attack: {} dice, hit on {}+, at most {} hits; improved position cancels {}; "
      "defence: {} dice, save on {}+\n",
      p.dice, p.to_hit, p.hit_cap, p.ip_cancels, p.defence_dice, p.save);
  io.out << "exact: every outcome of the dice enumerated (no sampling)\n\n";
  PrintDistribution(io.out, "net hits", o.net_hits);
  io.out << fmt::format("expected net hits: {:.4f}\n\n", o.expected_net_hits);
  io.out << fmt::format("{:<12}  probability\n", "result");
  for (int r = 0; r < wsr::kNumCombatResults; ++r) {
    io.out << fmt::format("{:<12}  {:>11}\n",
                          wsr::CombatResultName(static_cast<wsr::CombatResult>(r)),
                          Prob(o.result[static_cast<size_t>(r)]));
  }
  return kExitOk;
}

// One side of an assault: "NAME[:reduced][:disrupted][:mounted],..." (at most 2 units, WSR 1.4).
std::vector<wsr::AssaultUnit> AssaultSide(const wsr::Data& data, const std::string& text,
                                          const char* option, int hq_dice,
                                          std::vector<std::string>* ids) {
  std::vector<wsr::AssaultUnit> units;
  for (const std::string& spec : SplitCommas(text)) {
    std::vector<std::string> parts;
    size_t start = 0;
    for (size_t colon; (colon = spec.find(':', start)) != std::string::npos; start = colon + 1) {
      parts.push_back(spec.substr(start, colon - start));
    }
    parts.push_back(spec.substr(start));
    const wsr::CounterType& c = FindCounter(data, parts.front(), option);
    wsr::UnitState state;
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
    units.push_back(wsr::MakeAssaultUnit(c, mounted, state, units.empty() ? hq_dice : 0));
    ids->push_back(spec);
  }
  return units;
}

nlohmann::json Results(const wsr::ResultOdds& r) {
  nlohmann::json j = nlohmann::json::object();
  for (int k = 0; k < wsr::kNumCombatResults; ++k) {
    j[wsr::CombatResultName(static_cast<wsr::CombatResult>(k))] = r[static_cast<size_t>(k)];
  }
  return j;
}

void PrintResults(std::ostream& out, const std::string& who, const wsr::ResultOdds& r) {
  out << fmt::format("{:<28}", who);
  for (int k = 0; k < wsr::kNumCombatResults; ++k) {
    out << fmt::format("  {}={}", wsr::CombatResultName(static_cast<wsr::CombatResult>(k)),
                       Prob(r[static_cast<size_t>(k)]));
  }
  out << '\n';
}

int WsrAssault(const OddsArgs& a, Streams& io) {
  const wsr::Data& data = wsr::ShippedData();
  if (a.attacker.empty() || a.target.empty()) {
    throw UsageError("give --attacker NAME[,NAME] and --defender NAME[,NAME]");
  }
  const wsr::TerrainType& terrain = FindTerrain(data, a.terrain);
  wsr::AssaultInput in;
  std::vector<std::string> att_ids, def_ids;
  in.attackers = AssaultSide(data, a.attacker, "--attacker", a.attacker_hq, &att_ids);
  in.defenders = AssaultSide(data, a.target, "--defender", a.defender_hq, &def_ids);
  in.overrun = a.overrun;
  in.city = terrain.terrain == wsr::Terrain::kCity;  // WSR 6.3.1.1
  in.clear_or_hill = terrain.overrun;                // WSR 6.4: the chart's overrun terrain
  in.improved_position = a.improved_position;
  const wsr::AssaultParams p = wsr::ComputeAssault(in);
  if (!p.legality) throw UsageError(p.legality.reason);
  const wsr::AssaultOdds o = wsr::OddsOfAssault(in);
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
      for (const wsr::AssaultRoll& r : *rolls) {
        list.push_back(
            {{"rolls", r.rolls}, {"dice", r.dice}, {"to_hit", r.to_hit}, {"hit_cap", r.hit_cap}});
      }
      params[key] = list;
    }
    j["params"] = params;
    j["hits_by_attackers"] = Distribution(o.hits_by_attackers);
    j["hits_by_defenders"] = Distribution(o.hits_by_defenders);
    j["net_hits"] = Distribution(o.defenders_take);  // on the defenders, after the IP
    nlohmann::json outcome = nlohmann::json::object();
    for (int k = 0; k < 5; ++k) {
      outcome[wsr::AssaultOutcomeName(static_cast<wsr::AssaultOutcome>(k))] =
          o.outcome[static_cast<size_t>(k)];
    }
    j["results"] = outcome;
    nlohmann::json units;
    for (size_t i = 0; i < o.attacker_result.size(); ++i)
      units["attackers"].push_back(Results(o.attacker_result[i]));
    for (size_t i = 0; i < o.defender_result.size(); ++i)
      units["defenders"].push_back(Results(o.defender_result[i]));
    j["unit_results"] = units;
    io.out << j.dump(2) << '\n';
    return kExitOk;
  }
  io.out << fmt::format("WSR {} ({}): {} against {} in {}\n", what,
                        a.overrun ? "WSR 6.4" : "WSR 6.3", join(att_ids), join(def_ids),
                        terrain.id);
  auto rolls_text = [](const std::vector<wsr::AssaultRoll>& rolls) {
    std::vector<std::string> parts;
    for (const wsr::AssaultRoll& r : rolls) {
      parts.push_back(
          r.rolls ? fmt::format("{} dice hit on {}+ (at most {})", r.dice, r.to_hit, r.hit_cap)
                  : "no roll");
    }
    return join(parts);
  };
  io.out << fmt::format("attackers: {}\ndefenders: {}\nimproved position cancels {}\n",
                        rolls_text(p.attackers), rolls_text(p.defenders), p.ip_cancels);
  io.out << "exact: every outcome of the dice and of the odd-hit choices enumerated\n\n";
  PrintDistribution(io.out, "def. take", o.defenders_take);
  io.out << '\n';
  PrintDistribution(io.out, "att. take", o.hits_by_defenders);
  io.out << fmt::format("\n{:<22}  probability\n", "outcome");
  for (int k = 0; k < 5; ++k) {
    if (o.outcome[static_cast<size_t>(k)] == 0.0) continue;
    io.out << fmt::format("{:<22}  {:>11}\n",
                          wsr::AssaultOutcomeName(static_cast<wsr::AssaultOutcome>(k)),
                          Prob(o.outcome[static_cast<size_t>(k)]));
  }
  io.out << '\n';
  for (size_t i = 0; i < o.attacker_result.size(); ++i)
    PrintResults(io.out, "attacker " + att_ids[i], o.attacker_result[i]);
  for (size_t i = 0; i < o.defender_result.size(); ++i)
    PrintResults(io.out, "defender " + def_ids[i], o.defender_result[i]);
  return kExitOk;
}

// WSR 6.1 mortars (R.2) and WSR 11.2 artillery strikes: a hex attack on 1..4 units, the odd hit to
// a uniformly random set of distinct units (11.2.1).
int WsrHexAttack(const OddsArgs& a, bool artillery, Streams& io) {
  const wsr::Data& data = wsr::ShippedData();
  const wsr::TerrainType& terrain = FindTerrain(data, a.terrain);
  std::vector<std::string> ids;
  std::vector<wsr::UnitState> states;
  bool hard = false;
  for (const std::string& spec : SplitCommas(a.target)) {
    // Parsed like an assault unit; only the state and the target class matter here.
    std::vector<std::string> one;
    const std::vector<wsr::AssaultUnit> u = AssaultSide(data, spec, "--target", 0, &one);
    states.push_back(u.front().state);
    hard = hard || u.front().armored_vehicle;
    ids.push_back(spec);
  }
  if (states.empty() || states.size() > 4) throw UsageError("--target: 1 to 4 units in the hex");
  wsr::FireParams p;
  std::string title;
  if (artillery) {
    if (a.firepower < 1 || a.to_hit < 1) {
      throw UsageError("give the strike as --firepower N --to-hit T (a scenario's \"1 x 45\")");
    }
    // docs/wsr-combat.md: an artillery strike is a hex attack with mortar = true, its
    // firepower/to-hit as the weapon, at normal range (where it lands is the game's business).
    wsr::FireInput in;
    in.mortar = true;
    in.weapon = wsr::FireWeapon{a.firepower, a.to_hit, 99, false, false};
    in.distance = 99;
    in.terrain_dice = terrain.defence_soft;
    in.hex_has_hard_target = hard;
    in.improved_position = a.improved_position;
    p = wsr::ComputeFireAtBand(in, wsr::RangeBand::kNormal);
    title = fmt::format("WSR artillery strike (WSR 11.2): {} dice hitting on {}+", a.firepower,
                        a.to_hit);
  } else {
    if (a.attacker.empty()) throw UsageError("give the mortar as --attacker NAME");
    if (a.band.empty() == (a.range <= 0)) {
      throw UsageError("give the range as --range N (hexes, >= 1) or --band short|normal|extended");
    }
    const wsr::CounterType& mortar = FindCounter(data, a.attacker, "--attacker");
    const wsr::FireInput in = wsr::MakeMortarInput(
        mortar, a.reduced_attacker, terrain, a.range > 0 ? a.range : 1, hard, a.improved_position);
    wsr::RangeBand band = wsr::RangeBand::kNormal;
    if (!a.band.empty()) {
      if (!wsr::RangeBandFromName(a.band, &band) || band == wsr::RangeBand::kOutOfRange) {
        throw UsageError(fmt::format("bad --band '{}': short, normal or extended", a.band));
      }
      p = wsr::ComputeFireAtBand(in, band);
    } else {
      p = wsr::ComputeFire(in);
    }
    title = fmt::format("WSR mortar (WSR 6.1): {} at {} range{}", mortar.name,
                        wsr::RangeBandName(p.band),
                        a.range > 0 ? fmt::format(" ({} hexes)", a.range) : "");
  }
  if (!p.legality) throw UsageError(p.legality.reason);
  const wsr::HexAttackOdds o = wsr::OddsOfHexAttack(p, states);
  if (a.json) {
    nlohmann::json j;
    j["game"] = "wsr";
    j["combat"] = artillery ? "artillery" : "mortar";
    j["method"] = "exact enumeration";
    j["params"] = {{"targets", ids},
                   {"terrain", terrain.id},
                   {"band", wsr::RangeBandName(p.band)},
                   {"dice", p.dice},
                   {"to_hit", p.to_hit},
                   {"hit_cap", p.hit_cap},
                   {"ip_cancels", p.ip_cancels},
                   {"defence_dice", p.defence_dice},
                   {"save", p.save}};
    if (!artillery) j["params"]["attacker"] = a.attacker;
    j["net_hits"] = Distribution(o.net_hits);
    nlohmann::json results = nlohmann::json::object();
    for (size_t i = 0; i < o.unit_result.size(); ++i) {
      results[fmt::format("{} {}", i + 1, ids[i])] = Results(o.unit_result[i]);
    }
    j["results"] = results;
    j["expected_net_hits"] = Expected(o.net_hits);
    io.out << j.dump(2) << '\n';
    return kExitOk;
  }
  io.out << title << fmt::format(", on {} in {}\n", join(ids), terrain.id);
  io.out << fmt::format(
      "attack: {} dice, hit on {}+, at most {} hits; improved position cancels {}; "
      "defence: {} dice, save on {}+\n",
      p.dice, p.to_hit, p.hit_cap, p.ip_cancels, p.defence_dice, p.save);
  io.out << "exact: every outcome of the dice and of the odd-hit choices enumerated\n\n";
  PrintDistribution(io.out, "net hits", o.net_hits);
  io.out << fmt::format("expected net hits: {:.4f}\n\n", Expected(o.net_hits));
  for (size_t i = 0; i < o.unit_result.size(); ++i) PrintResults(io.out, ids[i], o.unit_result[i]);
  return kExitOk;
}

// ---- Pocket Battles ------------------------------------------------------------------------

// The most printed dice one Pocket roll is computed for (analysis::PocketHits).
constexpr size_t kMaxPocketDice = 255;

void CheckDiceCount(size_t count, const char* option) {
  if (count > kMaxPocketDice) {
    throw UsageError(
        fmt::format("bad {}: {} printed dice, at most {}", option, count, kMaxPocketDice));
  }
}

std::vector<int> ParseDice(const std::string& text, const char* option) {
  std::vector<int> dice;
  for (const std::string& part : SplitCommas(text)) {
    if (part.size() != 1 || part[0] < '1' || part[0] > '6') {
      throw UsageError(fmt::format("bad {} '{}': printed die faces 1..6, e.g. 3,3,4,4,5", option,
                                   clip_text(text)));
    }
    dice.push_back(part[0] - '0');
  }
  CheckDiceCount(dice.size(), option);
  return dice;
}

struct PocketUnit {
  std::vector<int> dice;
  std::vector<std::string> troops;  // ids, when given by troop names
};

// --X-dice 3,3,4 or --X elves.spearman,elves.archer (exactly one of them).
PocketUnit UnitFrom(const std::string& dice_text, const std::string& troops_text,
                    const char* dice_option, const char* troops_option, bool shooting) {
  if (dice_text.empty() == troops_text.empty()) {
    throw UsageError(fmt::format("give either {} or {}", dice_option, troops_option));
  }
  PocketUnit u;
  if (!dice_text.empty()) {
    u.dice = ParseDice(dice_text, dice_option);
    return u;
  }
  std::vector<const pocket::TroopType*> troops;
  for (const std::string& name : SplitCommas(troops_text)) {
    std::vector<std::string> candidates;
    const pocket::TroopType* t = analysis::FindPocketTroop(name, &candidates);
    if (t == nullptr) {
      throw UsageError(fmt::format("unknown or ambiguous troop '{}' for {}; candidates: {}", name,
                                   troops_option, join(candidates)));
    }
    troops.push_back(t);
    u.troops.push_back(t->id);
  }
  u.dice = analysis::PocketUnitDice(troops, shooting);
  CheckDiceCount(u.dice.size(), troops_option);
  return u;
}

nlohmann::json RollJson(const PocketUnit& u, int rolled, const std::vector<double>& hits) {
  nlohmann::json j;
  j["params"] = {{"printed_dice", u.dice}, {"rolled_dice", rolled}};
  if (!u.troops.empty()) j["params"]["troops"] = u.troops;
  j["hits"] = Distribution(hits);
  j["net_hits"] = Distribution(hits);  // Pocket Battles has no saves
  nlohmann::json at_least = nlohmann::json::object();
  double tail = 0.0;
  for (size_t k = hits.size(); k-- > 0;) {
    tail += hits[k];
    at_least[std::to_string(k)] = tail;
  }
  j["at_least"] = at_least;
  j["expected_hits"] = Expected(hits);
  return j;
}

std::string DiceText(const std::vector<int>& dice) {
  std::vector<std::string> parts;
  for (int d : dice) parts.push_back(std::to_string(d));
  return parts.empty() ? "none" : join(parts);
}

void PrintRoll(std::ostream& out, const std::string& title, const PocketUnit& u, int rolled,
               const std::vector<double>& hits) {
  out << fmt::format("{}: printed dice {}{}; rolls {} d6\n", title, DiceText(u.dice),
                     u.troops.empty() ? "" : " (" + join(u.troops) + ")", rolled);
  PrintDistribution(out, "hits", hits);
  out << fmt::format("expected hits: {:.4f}\n", Expected(hits));
}

int PocketMelee(const OddsArgs& a, Streams& io) {
  const PocketUnit att =
      UnitFrom(a.attacker_dice, a.attacker, "--attacker-dice", "--attacker", false);
  const bool with_defender = !a.defender_dice.empty() || !a.defender.empty();
  PocketUnit def;
  if (with_defender)
    def = UnitFrom(a.defender_dice, a.defender, "--defender-dice", "--defender", false);
  const int rolled = analysis::PocketMeleeDiceRolled(a.attack);
  const std::vector<double> hits = analysis::PocketHits(att.dice, rolled);
  std::vector<double> back;
  if (with_defender) back = analysis::PocketHits(def.dice, 1);
  if (a.json) {
    nlohmann::json j = RollJson(att, rolled, hits);
    j["game"] = "pocket";
    j["combat"] = "melee";
    j["method"] = "exact enumeration";
    j["params"]["attack"] = a.attack;
    if (with_defender) {
      j["defender"] = RollJson(def, 1, back);
      j["defender"]["params"]["strikes_back_with_printed_dice"] = true;
    }
    io.out << j.dump(2) << '\n';
    return kExitOk;
  }
  io.out << "Pocket Battles melee (PB Gefecht 1-2): one hit per printed combat die matching a "
            "rolled die\n";
  io.out << "exact: every outcome of the dice enumerated (no sampling)\n\n";
  PrintRoll(io.out, a.attack ? "attacking unit (first strike, 2 dice)" : "unit striking (1 die)",
            att, rolled, hits);
  if (with_defender) {
    io.out << '\n';
    PrintRoll(io.out, "defender strikes back (1 die; with all the dice given, before its losses)",
              def, 1, back);
  }
  return kExitOk;
}

int PocketShoot(const OddsArgs& a, Streams& io) {
  const PocketUnit u = UnitFrom(a.dice, a.shooter, "--dice", "--shooter", true);
  const std::vector<double> hits = analysis::PocketHits(u.dice, 1);
  if (a.json) {
    nlohmann::json j = RollJson(u, 1, hits);
    j["game"] = "pocket";
    j["combat"] = "shoot";
    j["method"] = "exact enumeration";
    io.out << j.dump(2) << '\n';
    return kExitOk;
  }
  io.out << "Pocket Battles shooting (PB Beschießen 2): one hit per printed shooting die matching "
            "the rolled die\n";
  io.out << "exact: every outcome of the die enumerated (no sampling)\n\n";
  PrintRoll(io.out, "shooting unit", u, 1, hits);
  return kExitOk;
}

// `odds log` for an action whose game gives no odds of its own (the outcomes of the roll it
// causes) or whose game answers with a list of outcomes (engine/roll_odds.h, Rivet Wars), exact
// or sampled (then with the runs and a 95 % interval per outcome, said plainly).
int NextRollOdds(const OddsArgs& a, const LogPosition& pos, const State& state,
                 const Action& action, nlohmann::json r, Streams& io) {
  r["game"] = std::string(pos.game->id());
  r["position"] = {{"log", a.log_file}, {"after_actions", pos.actions}};
  r["action"] = state.describe(action);
  if (r["exact"] == true) r["method"] = "exact enumeration";
  if (a.json) {
    io.out << r.dump(2) << '\n';
    return kExitOk;
  }
  io.out << fmt::format("{}/{} after {} actions of {}: {}\n", pos.game->id(), pos.game->scenario(),
                        pos.actions, a.log_file, state.describe(action));
  const bool exact = r["exact"] == true;
  const bool whole = r["kind"] == "whole-roll";  // a game's odds of a whole attack (Rivet)
  if (!whole)
    io.out << "the roll it causes: " << r.value("prompt", std::string()) << '\n';
  else if (exact)
    io.out << r.value("summary", std::string()) << '\n';
  io.out << (!exact  ? r.value("summary", std::string())
             : whole ? "exact: every die and card of it enumerated (no sampling)"
                     : "exact: every outcome enumerated (no sampling)")
         << "\n\n";
  size_t w = 7;
  for (const auto& o : r["outcomes"]) w = std::max(w, o["text"].get<std::string>().size());
  io.out << fmt::format("{:<{}}  probability{}\n", "outcome", w, exact ? "" : "  95 % interval");
  for (const auto& o : r["outcomes"]) {
    io.out << fmt::format("{:<{}}  {:>11}", o["text"].get<std::string>(), w,
                          Prob(o["p"].get<double>()));
    if (o.contains("ci"))
      io.out << fmt::format("  {}..{}", Prob(o["ci"][0].get<double>()),
                            Prob(o["ci"][1].get<double>()));
    io.out << '\n';
  }
  return kExitOk;
}

// `odds log FILE --action TEXT [--at N]`: the position after N actions of a replay log and one
// of its legal actions; the game module's exact odds (GameModule::odds: WSR fire, opportunity
// fire and mortar fire; see docs/cli.md for what each game covers).
int LogOdds(const OddsArgs& a, const Registry& registry, Streams& io) {
  LogPosition pos = position_from_log(registry, a.log_file, a.at);
  if (!pos.replay.warning.empty()) io.err << "warning: " << pos.replay.warning << '\n';
  const State& state = *pos.state;
  if (state.is_terminal()) throw UsageError("the position is the end of the game: no action");
  Action action;
  std::string error;
  if (!state.parse(a.action, action, error))
    throw UsageError(
        fmt::format("cannot read action \"{}\": {}", clip_text(a.action), clip_text(error)));
  if (std::string why = state.why_illegal(action); !why.empty())
    throw UsageError(fmt::format("\"{}\" is not legal after action {}: {}", clip_text(a.action),
                                 pos.actions, clip_text(why)));
  nlohmann::json o = pos.module && pos.module->odds ? pos.module->odds(state, action) : nullptr;
  if (o.is_null()) {
    // No combat odds of the game's own: the roll the action causes (engine/roll_odds.h).
    nlohmann::json r = next_roll_odds(state, action);
    if (r.is_null())
      throw UsageError(
          fmt::format("\"{}\" causes no roll and {} has no odds for it (docs/cli.md "
                      "\"odds log\")",
                      state.describe(action), pos.game->id()));
    return NextRollOdds(a, pos, state, action, r, io);
  }
  if (o.contains("outcomes")) return NextRollOdds(a, pos, state, action, o, io);
  if (o.contains("net_hits") && o["net_hits"].is_array())
    o["net_hits"] = Distribution(o["net_hits"].get<std::vector<double>>());
  if (o.contains("hits") && o["hits"].is_array())
    o["hits"] = Distribution(o["hits"].get<std::vector<double>>());
  std::vector<double> strike_back;  // Pocket melee: the struck unit's 1 die back
  if (o.contains("strike_back") && o["strike_back"].is_array()) {
    strike_back = o["strike_back"].get<std::vector<double>>();
    o["strike_back"] = Distribution(strike_back);
  }
  if (o.contains("result")) o["results"] = o["result"];
  o.erase("result");
  o["game"] = std::string(pos.game->id());
  o["position"] = {{"log", a.log_file}, {"after_actions", pos.actions}};
  o["action"] = state.describe(action);
  o["method"] = "exact enumeration";
  if (a.json) {
    io.out << o.dump(2) << '\n';
    return kExitOk;
  }
  io.out << fmt::format("{}/{} after {} actions of {}: {}\n", pos.game->id(), pos.game->scenario(),
                        pos.actions, a.log_file, state.describe(action));
  io.out << o.value("summary", std::string()) << '\n';
  io.out << "exact: every outcome of the dice enumerated (no sampling)\n\n";
  if (o.contains("net_hits")) {
    std::vector<double> p;
    for (size_t k = 0; o["net_hits"].contains(std::to_string(k)); ++k)
      p.push_back(o["net_hits"][std::to_string(k)].get<double>());
    PrintDistribution(io.out, "net hits", p);
    io.out << '\n';
  }
  if (!strike_back.empty()) {
    PrintDistribution(io.out, "strike back", strike_back);
    io.out << '\n';
  }
  auto print_results = [&](const std::string& who, const nlohmann::json& r) {
    size_t w = 12;  // the longest result name ("defenders-eliminated")
    for (const auto& [name, q] : r.items()) w = std::max(w, name.size());
    io.out << fmt::format("{:<{}}  probability{}\n", "result", w,
                          who.empty() ? "" : "  (" + who + ")");
    for (const auto& [name, q] : r.items())
      io.out << fmt::format("{:<{}}  {:>11}\n", name, w, Prob(q));
  };
  if (o.contains("results")) print_results("", o["results"]);
  if (o.contains("units"))
    for (const auto& [unit, r] : o["units"].items()) print_results(unit, r);
  return kExitOk;
}

}  // namespace

CLI::App* add_odds_command(CLI::App& app, OddsArgs& a) {
  CLI::App* odds = app.add_subcommand(
      "odds",
      "Exact odds of a combat before making it (WSR fire, mortar, artillery, assault; Pocket)");
  CLI::App* wsr_cmd = odds->add_subcommand("wsr", "White Star Rising combats");
  CLI::App* fire = wsr_cmd->add_subcommand("fire", "Fire combat against one unit (WSR 6.1)");
  fire->callback([&a] { a.command = "wsr fire"; });
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
  fire->add_flag("--json", a.json, "Print the distributions as JSON");

  CLI::App* mortar = wsr_cmd->add_subcommand("mortar", "Mortar hex attack (WSR 6.1, R.2)");
  mortar->callback([&a] { a.command = "wsr mortar"; });
  CLI::App* artillery =
      wsr_cmd->add_subcommand("artillery", "Artillery strike on a hex (WSR 11.2, 11.2.1)");
  artillery->callback([&a] { a.command = "wsr artillery"; });
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

  CLI::App* assault = wsr_cmd->add_subcommand("assault", "Assault or overrun (WSR 6.3, 6.4)");
  assault->callback([&a] { a.command = "wsr assault"; });
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

  CLI::App* pocket_cmd = odds->add_subcommand("pocket", "Pocket Battles combats");
  CLI::App* melee = pocket_cmd->add_subcommand("melee", "Melee strike (PB Gefecht 1-2)");
  melee->callback([&a] { a.command = "pocket melee"; });
  melee->add_option("--attacker-dice", a.attacker_dice, "Printed combat dice of the striking unit")
      ->type_name("3,3,4,...");
  melee->add_option("--attacker", a.attacker, "Troops of the striking unit (their combat dice)")
      ->type_name("TROOP,...");
  melee->add_flag("--attack", a.attack,
                  "The unit is the attacker striking first: 2 dice (PB Gefecht 1); else 1 die");
  melee->add_option("--defender-dice", a.defender_dice, "Printed combat dice of the defender")
      ->type_name("3,3,4,...");
  melee->add_option("--defender", a.defender, "Troops of the defender (their combat dice)")
      ->type_name("TROOP,...");
  melee->add_flag("--json", a.json, "Print the distributions as JSON");
  CLI::App* shoot = pocket_cmd->add_subcommand("shoot", "Shooting (PB Beschießen 2): 1 die");
  shoot->callback([&a] { a.command = "pocket shoot"; });
  shoot->add_option("--dice", a.dice, "Printed shooting dice of the unit")->type_name("2,6,...");
  shoot->add_option("--shooter", a.shooter, "Troops of the unit (their shooting dice)")
      ->type_name("TROOP,...");
  shoot->add_flag("--json", a.json, "Print the distributions as JSON");
  CLI::App* log = odds->add_subcommand(
      "log", "Odds of an action in a position of a replay log (the end, or after --at N actions)");
  log->callback([&a] { a.command = "log"; });
  log->add_option("file", a.log_file, "Replay log (feldherr play --log, or a server game's log)")
      ->required()
      ->check(CLI::ExistingFile);
  log->add_option("--action", a.action, "The action, as the game writes it (e.g. \"fire X Y\")")
      ->required()
      ->type_name("TEXT");
  log->add_option("--at", a.at, "Replay only the first N actions of the log (default: all)")
      ->type_name("N")
      ->check(CLI::NonNegativeNumber);
  log->add_flag("--json", a.json, "Print the distributions as JSON");
  return odds;
}

int cmd_odds(const OddsArgs& args, const Registry& registry, Streams& io) {
  if (args.command == "log") return LogOdds(args, registry, io);
  if (args.command == "wsr fire") return WsrFire(args, io);
  if (args.command == "wsr mortar") return WsrHexAttack(args, false, io);
  if (args.command == "wsr artillery") return WsrHexAttack(args, true, io);
  if (args.command == "wsr assault") return WsrAssault(args, io);
  if (args.command == "pocket melee") return PocketMelee(args, io);
  if (args.command == "pocket shoot") return PocketShoot(args, io);
  throw UsageError(
      "odds: give a combat: wsr fire, wsr mortar, wsr artillery, wsr assault, pocket melee or "
      "pocket shoot (see --help)");
}

}  // namespace feldherr::cli
