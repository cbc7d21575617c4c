// `feldherr odds planspiel ...` (odds_cli.h): a fire's final outcome by the two rolls of PS
// §8.6-§8.12 over all 36 throws (fire.h OddsIn36, the same function the game's odds use), a
// close combat's and an overrun's chance to win (one die each, ties rolled again: PS §10.2, §10.6),
// a false counter-move's opposed roll and its outcomes (PS §9.3, §9.8: state.h OpposedFireOdds).
#include "games/planspiel/odds_cli.h"

#include <fmt/format.h>

#include <CLI/CLI.hpp>
#include <memory>
#include <nlohmann/json.hpp>
#include <ostream>
#include <string>

#include "engine/odds_text.h"
#include "engine/replay.h"
#include "games/planspiel/fire.h"
#include "games/planspiel/fire_data.h"
#include "games/planspiel/state.h"
#include "games/planspiel/units.h"

namespace feldherr::planspiel {
namespace {

struct OddsArgs {
  std::string firer, target, cover = "none", terrain = "open";
  int range = 1, suppression = 0, attackers = 1, defenders = 1, concentration = 1;
  bool indirect = false, json = false;
};

const UnitType& TypeNamed(const std::string& id, const char* option) {
  if (const UnitType* t = find_unit_type(shipped_unit_types(), id)) return *t;
  std::string known;
  for (const UnitType& t : shipped_unit_types()) known += (known.empty() ? "" : ", ") + t.id;
  throw UsageError(
      fmt::format("odds planspiel: {} '{}' is no unit type (known: {})", option, id, known));
}

Cover CoverNamed(const std::string& name) {
  if (name == "none") return Cover::kNone;
  if (name == "field-position") return Cover::kFieldPosition;
  if (name == "building") return Cover::kBuilding;
  throw UsageError("odds planspiel: --cover is none, field-position or building, not '" + name +
                   "'");
}

void PrintChance(const OddsArgs& a, std::ostream& out, const std::string& what, double p,
                 const char* rule) {
  if (a.json) {
    out << nlohmann::json({{"win", p}, {"rule", rule}}).dump() << "\n";
    return;
  }
  out << fmt::format("{} ({}): wins {}, loses {}\n", what, rule, odds_probability(p),
                     odds_probability(1.0 - p));
}

void PrintFire(const OddsArgs& a, std::ostream& out) {
  const UnitType& firer = TypeNamed(a.firer, "--firer");
  const UnitType& target = TypeNamed(a.target, "--target");
  if (!firer.has_weapon) throw UsageError("odds planspiel: " + firer.id + " has no weapon");
  const FireData& data = shipped_fire_data();
  const FireWeapon w = WeaponOfType(data, firer);
  Firer f;
  f.suppression = a.suppression;
  FireSituation s;
  s.laying = a.indirect ? Laying::kIndirect : Laying::kDirect;
  s.trajectory = a.indirect ? Trajectory::kHighAngle : Trajectory::kFlat;
  s.range = a.range;
  s.observer = a.indirect;
  s.concentration = a.concentration;
  if (const auto refused = CheckFire(data, w, f, s); !refused.empty())
    throw UsageError(fmt::format("odds planspiel: this fire is not allowed: {}: {}",
                                 rejection_rule(refused[0]), rejection_text(refused[0])));
  const auto odds = OddsIn36(data, w, f, TargetOfType(target, CoverNamed(a.cover)), s);
  if (a.json) {
    nlohmann::json outcomes = nlohmann::json::object();
    for (int o = 0; o < kOutcomeCount; ++o)
      outcomes[outcome_name(static_cast<Outcome>(o))] = odds[static_cast<size_t>(o)] / 36.0;
    out << nlohmann::json({{"outcomes", outcomes}, {"rule", "PS §8.6-§8.12"}}).dump() << "\n";
    return;
  }
  out << fmt::format("{} fires {} at {} in {} LE{}{} (PS §8.6-§8.12):\n", firer.id,
                     a.indirect ? "indirect" : "direct", target.id, a.range,
                     a.cover == "none" ? "" : ", " + a.cover,
                     a.concentration > 1
                         ? fmt::format(", {} weapons concentrated (PS §8.3)", a.concentration)
                         : "");
  for (int o = 0; o < kOutcomeCount; ++o)
    out << fmt::format("  {:<12} {:>2}/36  {}\n", outcome_name(static_cast<Outcome>(o)),
                       odds[static_cast<size_t>(o)],
                       odds_probability(odds[static_cast<size_t>(o)] / 36.0));
}

// PS §9.3, §9.8: a false counter-move of unit type `firer` against the approaching `target` at
// `range`, both in the open and in sight; the mover fires back if its flat fire reaches.
void PrintMeet(const OddsArgs& a, std::ostream& out) {
  const UnitType& unit = TypeNamed(a.firer, "--unit");
  const UnitType& mover = TypeNamed(a.target, "--mover");
  if (!unit.has_weapon || unit.weapon.flat < 0)
    throw UsageError("odds planspiel: " + unit.id + " has no direct fire (PS §9.3)");
  const FireData& data = shipped_fire_data();
  OpposedSide u, m;
  u.weapon = WeaponOfType(data, unit);
  u.firer.suppression = a.suppression;
  u.as_target = TargetOfType(unit, Cover::kNone);
  u.situation.range = a.range;
  if (const auto refused = CheckFire(data, u.weapon, u.firer, u.situation); !refused.empty())
    throw UsageError(fmt::format("odds planspiel: this counter-move is not allowed: {}: {}",
                                 rejection_rule(refused[0]), rejection_text(refused[0])));
  m.as_target = TargetOfType(mover, Cover::kNone);
  m.situation.range = a.range;
  const bool fires = mover.has_weapon && mover.weapon.flat >= 0;
  if (fires) m.weapon = WeaponOfType(data, mover);
  const OpposedFire r =
      OpposedFireOdds(data, u, m, fires && CheckFire(data, m.weapon, m.firer, m.situation).empty());
  if (a.json) {
    nlohmann::json on_mover = nlohmann::json::object(), on_unit = nlohmann::json::object();
    for (int o = 0; o < kOutcomeCount; ++o) {
      on_mover[outcome_name(static_cast<Outcome>(o))] = r.on_mover[static_cast<size_t>(o)];
      on_unit[outcome_name(static_cast<Outcome>(o))] = r.on_counter[static_cast<size_t>(o)];
    }
    out << nlohmann::json({{"win", r.counter_wins},
                           {"unit_modifier", r.counter_mod},
                           {"mover_modifier", r.mover_mod},
                           {"on_mover", on_mover},
                           {"on_unit", on_unit},
                           {"rule", "PS §9.3, §9.8"}})
               .dump()
        << "\n";
    return;
  }
  out << fmt::format("{} {:+d} meets {} {:+d} at {} LE (PS §9.3, §9.8): {} wins {}, {} wins {}\n",
                     unit.id, r.counter_mod, mover.id, r.mover_mod, a.range, unit.id,
                     odds_probability(r.counter_wins), mover.id,
                     odds_probability(1.0 - r.counter_wins));
  for (int o = 1; o < kOutcomeCount; ++o) {
    const double pm = r.on_mover[static_cast<size_t>(o)], pu = r.on_counter[static_cast<size_t>(o)];
    if (pm > 0)
      out << fmt::format("  {:<6} {:<12} {}\n", mover.id, outcome_name(static_cast<Outcome>(o)),
                         odds_probability(pm));
    if (pu > 0)
      out << fmt::format("  {:<6} {:<12} {}\n", unit.id, outcome_name(static_cast<Outcome>(o)),
                         odds_probability(pu));
  }
}

void AddCombats(CLI::App& command, OddsArgs& a) {
  CLI::App* fire = command.add_subcommand("fire", "A fire's final outcome (PS §8.6-§8.12)");
  fire->add_option("--firer", a.firer, "Unit type that fires (units.toml id, e.g. PZIV)")
      ->required();
  fire->add_option("--target", a.target, "Unit type fired at (e.g. INF)")->required();
  fire->add_option("--range", a.range, "Distance in LE (fields)")
      ->check(CLI::Range(1, 99))
      ->capture_default_str();
  fire->add_option("--cover", a.cover, "The target's cover: none, field-position or building")
      ->capture_default_str();
  fire->add_option("--suppression", a.suppression, "The firer's suppression level (0, 3-6)")
      ->check(CLI::IsMember({0, 3, 4, 5, 6}))
      ->capture_default_str();
  fire->add_flag("--indirect", a.indirect, "Indirect (high-angle) fire with an observer");
  fire->add_option("--concentration", a.concentration,
                   "Similar high-angle weapons firing together with one die (PS §8.3)")
      ->check(CLI::Range(1, 9))
      ->capture_default_str();
  fire->add_flag("--json", a.json, "Print the distribution as JSON");
  CLI::App* assault =
      command.add_subcommand("assault", "A close combat's chance to win (PS §10.2)");
  assault->add_option("--attackers", a.attackers, "Attacking figure bases")
      ->check(CLI::Range(1, 9))
      ->capture_default_str();
  assault->add_option("--defenders", a.defenders, "Defending bases in the field")
      ->check(CLI::Range(1, 9))
      ->capture_default_str();
  assault->add_option("--cover", a.cover, "The field: none, field-position or building")
      ->capture_default_str();
  assault->add_flag("--json", a.json, "Print the chance as JSON");
  CLI::App* overrun = command.add_subcommand("overrun", "An overrun's chance to win (PS §10.6)");
  overrun
      ->add_option("--terrain", a.terrain,
                   "The field: open, forest or built-up (the last two give the defenders +1)")
      ->check(CLI::IsMember({"open", "forest", "built-up"}))
      ->capture_default_str();
  overrun->add_flag("--json", a.json, "Print the chance as JSON");
  CLI::App* meet = command.add_subcommand(
      "meet", "A false counter-move's opposed roll, only the loser affected (PS §9.3, §9.8)");
  meet->add_option("--unit", a.firer,
                   "The counter-moving combat vehicle (units.toml id, e.g. PZIV)")
      ->required();
  meet->add_option("--mover", a.target, "The approaching unit type (e.g. T3485)")->required();
  meet->add_option("--range", a.range, "Distance in LE (fields)")
      ->check(CLI::Range(1, 99))
      ->capture_default_str();
  meet->add_option("--suppression", a.suppression, "The counter-moving unit's suppression level")
      ->check(CLI::IsMember({0, 3, 4}))
      ->capture_default_str();
  meet->add_flag("--json", a.json, "Print the chances and outcomes as JSON");
}

}  // namespace

OddsCommand planspiel_odds_command() {
  return MakeOddsCommand<OddsArgs>(
      "Planspiel fire, close combat, overrun and false counter-move", AddCombats,
      [](const OddsArgs& a, const std::string& combat, std::ostream& out) {
        if (combat == "fire") return PrintFire(a, out);
        if (combat == "meet") return PrintMeet(a, out);
        if (combat == "overrun") {
          const bool bonus = a.terrain != "open";  // PS §10.6: forest or built-up
          return PrintChance(a, out, "overrun in " + a.terrain, OpposedWinChance(bonus ? -1 : 0),
                             "PS §10.6");
        }
        const bool cover = CoverNamed(a.cover) != Cover::kNone;
        if (combat == "assault") {
          // PS §10.2: +1 per base beyond the first on each side, +1 to the defenders in cover.
          const int diff = (a.attackers - 1) - (a.defenders - 1 + (cover ? 1 : 0));
          return PrintChance(
              a, out,
              fmt::format("{} against {}{}", a.attackers, a.defenders, cover ? " in cover" : ""),
              OpposedWinChance(diff), "PS §10.2");
        }
        throw UsageError("odds planspiel: no combat '" + combat + "'");
      });
}

}  // namespace feldherr::planspiel
