#include "games/planspiel/module.h"

#include <fmt/format.h>

#include <filesystem>
#include <limits>
#include <nlohmann/json.hpp>

#include "engine/errors.h"
#include "engine/scored_player.h"
#include "games/planspiel/data.h"
#include "games/planspiel/fire_data.h"
#include "games/planspiel/situation.h"
#include "games/planspiel/state.h"
#include "games/planspiel/units.h"

namespace feldherr::planspiel {

void validate_data_file(const std::string& path) {
  const std::string name = std::filesystem::path(path).filename().string();
  if (name == "units.toml") {
    (void)load_unit_types(path);
  } else if (name == "weapons.toml") {
    (void)load_fire_data(path);
  } else if (name.rfind("situation-", 0) == 0 &&
             std::filesystem::path(name).extension() == ".toml") {
    (void)load_situation(path, shipped_unit_types(), shipped_planspiel_boards());
  } else if (name.rfind("ps", 0) == 0 && std::filesystem::path(name).extension() == ".toml") {
    (void)load_board(path);
  } else {
    throw DataError(path +
                    ": not a Planspiel data file (a board ps*.toml, a situation situation-*.toml, "
                    "units.toml or weapons.toml)");
  }
}

namespace {

// The nearest distance from `f` to an objective field.
int ToObjective(const PlanspielState& s, Field f) {
  int best = 99;
  for (Field o : s.ps().objective_fields()) best = std::min(best, Distance(f, o));
  return best;
}

// A simple scorer: fire where it can hurt (the chance of any effect, more for a knock-out or
// elimination), move towards the objectives, end the half-turn when nothing else pays.
double Score(const State& view, const Action& a, Rng& rng) {
  const auto& s = dynamic_cast<const PlanspielState&>(view);
  const Board& b = s.ps().board();
  const double noise = static_cast<double>(rng.below(1000)) / 100000.0;
  if (a.verb == kFertig || a.verb == kPass) return 0.0;
  if (a.verb == kAssault) {
    // Take a field worth having when the odds are good (PS §10.2).
    const Field f{a.arg(0) % b.width(), a.arg(0) / b.width()};
    bool objective = false;
    for (Field o : s.ps().objective_fields()) objective = objective || o == f;
    const double p = s.assault_win_chance(a);
    return p >= 0.5 ? 1.0 + 2.0 * p + (objective ? 1.5 : 0.0) + noise : -1.0;
  }
  const int u = a.arg(0);
  const Field f{a.arg(1) % b.width(), a.arg(1) / b.width()};
  if (a.verb == kFire || a.verb == kIndirect) {
    double value = 0;
    Firer firer;
    firer.suppression = s.unit(u).suppression;
    for (int t : s.targets_in(u, f)) {
      const auto odds = OddsIn36(s.ps().fire_data(), s.weapon_of(u), firer, s.target_of(t),
                                 s.fire_situation(u, f, a.verb == kIndirect));
      value += (36 - odds[0]) / 36.0 + 3.0 *
                                           (odds[static_cast<size_t>(Outcome::kKnockedOut)] +
                                            odds[static_cast<size_t>(Outcome::kEliminated)]) /
                                           36.0;
    }
    return value > 0 ? 1.0 + value + noise : -0.5;
  }
  // A move: closer to the objectives; an attacker (not holding them) gains more.
  const Field from = s.unit(u).status == UnitStatus::kWaiting
                         ? s.ps().situation().units[static_cast<size_t>(u)].field
                         : s.field_of(u);
  const int gain = ToObjective(s, from) - ToObjective(s, f);
  bool on_objective = false;
  for (Field o : s.ps().objective_fields()) on_objective = on_objective || o == from;
  if (on_objective) return -1.0;  // holders hold
  return 0.2 * gain + (s.ps().dug_in(f) ? 0.3 : 0.0) + noise;
}

// The exact odds of a fire (per target, the final outcome after the effect roll and any second
// roll, PS §8.6-§8.12) or of an assault (the chance to win, ties rolled again, PS §10.2).
json Odds(const State& st, const Action& a) {
  const auto& s = dynamic_cast<const PlanspielState&>(st);
  const Board& b = s.ps().board();
  if (a.verb == kAssault) {
    const double p = s.assault_win_chance(a);
    return {{"summary", fmt::format("the assault wins with {:.3f} (PS §10.2)", p)},
            {"outcomes", json::array({json{{"text", "the attacker wins"}, {"p", p}},
                                      json{{"text", "the defender wins"}, {"p", 1.0 - p}}})}};
  }
  if (a.verb != kFire && a.verb != kIndirect) return nullptr;
  const int u = a.arg(0);
  const Field f{a.arg(1) % b.width(), a.arg(1) / b.width()};
  Firer firer;
  firer.suppression = s.unit(u).suppression;
  json outcomes = json::array();
  std::string summary;
  for (int t : s.targets_in(u, f)) {
    if (s.moving().unit >= 0 && t != s.moving().unit) continue;  // G-22
    const auto odds = OddsIn36(s.ps().fire_data(), s.weapon_of(u), firer, s.target_of(t),
                               s.fire_situation(u, f, a.verb == kIndirect));
    const std::string& id = s.ps().situation().units[static_cast<size_t>(t)].id;
    for (int o = 0; o < kOutcomeCount; ++o)
      if (odds[static_cast<size_t>(o)] > 0)
        outcomes.push_back(
            {{"text", fmt::format("{}: {}", id, outcome_name(static_cast<Outcome>(o)))},
             {"p", odds[static_cast<size_t>(o)] / 36.0}});
    summary += fmt::format("{}{}: any effect {}/36", summary.empty() ? "" : "; ", id, 36 - odds[0]);
  }
  if (outcomes.empty()) return nullptr;
  return {{"summary", summary + " (PS §8.6-§8.12)"}, {"outcomes", outcomes}};
}

}  // namespace

GameModule planspiel_module() {
  GameModule m;
  m.id = "planspiel";
  m.title = "Planspielregeln Zweiter Weltkrieg";
  m.data_subdir = "planspiel";
  m.validate_file = validate_data_file;
  for (const Situation& s : shipped_situations()) m.scenarios.push_back({s.id, s.title});
  m.create = [](std::string_view scenario, const Options&) -> std::shared_ptr<const Game> {
    return make_planspiel(std::string(scenario));
  };
  m.make_heuristic = [](int seat, uint64_t seed) -> std::unique_ptr<Player> {
    (void)seat;
    return std::make_unique<ScoredPlayer>("heuristic", ActionScorer(Score), seed, 1e-9);
  };
  m.odds = Odds;
  m.invariant = [](const State& st) -> std::string {
    const auto& s = dynamic_cast<const PlanspielState&>(st);
    const Board& b = s.ps().board();
    for (int u = 0; u < s.num_units(); ++u) {
      const UnitState& us = s.unit(u);
      if (us.status != UnitStatus::kOnBoard) continue;
      if (!Passable(b, s.field_of(u), s.ps().type(u).terrain))
        return "PS §6.5: a unit stands on a field it cannot enter";
      if (us.suppression != 0 && (us.suppression < 3 || us.suppression > 6))
        return "PS §8.14: a suppression marker below level 3";
    }
    // PS §5.1: every field within the stacking limit for both parties.
    std::vector<FieldContents> fields(static_cast<size_t>(b.width() * b.height()));
    for (int u = 0; u < s.num_units(); ++u)
      if (s.unit(u).status == UnitStatus::kOnBoard && u != s.moving().unit)  // passing through
        fields[static_cast<size_t>(b.index(s.field_of(u)))].push_back(
            OccupantOf(s.ps().type(u), s.ps().situation().units[static_cast<size_t>(u)].party));
    for (const FieldContents& c : fields) {
      bool red = false, blue = false;
      for (const Occupant& o : c) (o.party == kPartyRed ? red : blue) = true;
      if (red && blue) return "G-07: both parties in one field";
      for (int p = 0; p < kParties; ++p)
        if (!WithinStackingLimit(c, p)) return "PS §5.1: a field over the stacking limit";
    }
    return "";
  };
  return m;
}

}  // namespace feldherr::planspiel
