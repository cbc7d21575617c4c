#include "games/planspiel/module.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <filesystem>
#include <limits>
#include <map>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>

#include "engine/errors.h"
#include "engine/scored_player.h"
#include "games/planspiel/data.h"
#include "games/planspiel/fire_data.h"
#include "games/planspiel/movement.h"
#include "games/planspiel/odds_cli.h"
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

// The least chance to win (PS §10.2) at which the heuristic assaults an objective field its party
// does not control yet.
constexpr double kTakeOdds = 0.3;

// G-01: the units whose presence takes an objective field (figure and weapon bases, riders,
// combat vehicles, armoured personnel carriers; not trucks or tow vehicles).
bool TakesControl(const UnitType& t) {
  return t.category == Category::kFigureBase || t.category == Category::kHeavyWeaponBase ||
         t.category == Category::kRiders || t.category == Category::kCombatVehicle ||
         t.category == Category::kApc;
}

// Whether `f` is an objective field.
bool OnObjective(const PlanspielState& s, Field f) {
  for (Field o : s.ps().objective_fields())
    if (o == f) return true;
  return false;
}

// The nearest distance from `f` to an objective field `party` does not control yet (control stays
// with the last party alone in the field, G-01, so an attacker sweeps on from the fields it took);
// with all of them controlled, to any objective field.
int ToObjective(const PlanspielState& s, Field f, int party) {
  const auto& fields = s.ps().objective_fields();
  int best = 99, any = 99;
  for (size_t k = 0; k < fields.size(); ++k) {
    const int d = Distance(f, fields[k]);
    any = std::min(any, d);
    if (s.controller(static_cast<int>(k)) != party) best = std::min(best, d);
  }
  return best < 99 ? best : any;
}

// ToObjective for unit `u`'s party.
int ToObjectiveOf(const PlanspielState& s, int u, Field f) {
  return ToObjective(s, f, s.ps().situation().units[static_cast<size_t>(u)].party);
}

// A distribution of final outcomes as the heuristic weighs it: any effect, and three times more
// for a knock-out or an elimination.
double Harm(const std::array<double, kOutcomeCount>& o) {
  return (1.0 - o[static_cast<size_t>(Outcome::kNone)]) +
         3.0 * (o[static_cast<size_t>(Outcome::kKnockedOut)] +
                o[static_cast<size_t>(Outcome::kEliminated)]);
}

// The value of field `f` as a firing position of weapon base `w` (0: none): an objective field,
// where the enemy comes, within the range of its fire from `f` (PS §8.4: high-angle for a weapon
// that fires indirect, PS §8.3; else flat fire with the line of sight, PS §7.2); more in a pre-dug
// field position, which gives a base cover (PS §8.8 #1).
double FiringPosition(const PlanspielState& s, int w, Field f) {
  const UnitType& t = s.ps().type(w);
  if (!t.has_weapon) return 0.0;
  const bool indirect = t.weapon.indirect && t.weapon.high_angle > 0;
  const int range = WeaponRange(s.ps().fire_data(), s.weapon_of(w),
                                indirect ? Trajectory::kHighAngle : Trajectory::kFlat);
  for (Field o : s.ps().objective_fields())
    if (Distance(f, o) <= range && (indirect || s.ps().sees(f, o)))
      return 1.0 + (s.ps().dug_in(f) ? 0.3 : 0.0);
  return 0.0;
}

// PS §4.4: the operational heavy weapon whose tow vehicle `v` is: the weapon limbered to it now,
// else its own weapon (`tow_of`) while not lost; -1: none.
int TowedWeapon(const PlanspielState& s, int v) {
  const int l = s.load_of(v);
  if (l >= 0) return s.ps().type(l).category == Category::kHeavyWeaponBase ? l : -1;
  const int own = s.ps().situation().units[static_cast<size_t>(v)].load;
  if (own < 0 || s.ps().type(own).category != Category::kHeavyWeaponBase ||
      s.unit(own).status == UnitStatus::kLost)
    return -1;
  return own;
}

// PS §12.3, §7.6: whether unit `u` is going nowhere: it stands on an objective field still to take
// or held (ToObjectiveOf 0), or no field it may move to brings it closer to one.
bool GoingNowhere(const PlanspielState& s, int u) {
  const Field from = s.field_of(u);
  const int here = ToObjectiveOf(s, u, from);
  if (here == 0) return true;
  for (Field t : s.move_targets(u))
    if (ToObjectiveOf(s, u, t) < here) return false;
  return true;
}

// PS §12.3, §7.6 ("preparing a defence": two turns of digging, one of camouflage): a unit that
// is going nowhere and has nothing to fire at digs in, then camouflages (camouflaged troops cannot
// dig); scored just above FERTIG, so that every other activity of the half-turn comes first (the
// work takes the unit's whole half-turn). An attacker's unit that can still get closer never
// works.
double WorkScore(const PlanspielState& s, const Action& a, double noise) {
  const int u = a.arg(0);
  if (!s.fire_targets(u).empty() || !GoingNowhere(s, u)) return -1.0;
  if (a.verb == kDig) return 0.1 + noise;
  // Camouflage only once the unit cannot (or need not) dig: a figure base digs first.
  return s.may_dig(u, nullptr) ? -1.0 : 0.05 + noise;
}

// The least calibre (cm) of a flat-fire weapon the heuristic counts as a danger to its vehicles:
// below 2 cm no weapon of the fire table pierces the lightest armour (PS §8.9).
constexpr double kAntiTankCalibre = 2.0;

// PS §8.4: the flat range of the medium AT guns and tank guns, the reach the heuristic assumes
// for an enemy gun it has not seen in a pre-dug position.
constexpr int kSuspectedRange = 2;

// The party of unit `u`.
int PartyOf(const PlanspielState& s, int u) {
  return s.ps().situation().units[static_cast<size_t>(u)].party;
}

// Whether a unit of type `t` drives (a vehicle, which an AT gun can knock out) rather than walks
// or is manhandled (figure and weapon bases).
bool Drives(const UnitType& t) {
  return t.category == Category::kCombatVehicle || t.category == Category::kSpGun ||
         t.category == Category::kApc || t.category == Category::kTransport;
}

// Whether `party` attacks a defended situation: the enemy held objective fields at the start, so
// the situation's pre-dug field positions (scenarios §1.5, public) are the enemy's.
bool AttacksDefence(const PlanspielState& s, int party) {
  for (const ObjectiveSet& o : s.ps().situation().objectives)
    for (int c : o.controller)
      if (c == 1 - party) return true;
  return false;
}

// All but the last three game turns, in which the heuristic's attacker keeps its vehicles out of
// the reach of enemy guns (Guns); in the last three it goes for the objectives whatever the risk
// (a vehicle crosses the board in one or two turns, PS §6.1).
bool Cautious(const PlanspielState& s) {
  return s.turn() <= s.ps().situation().game_turns - 3;
}

// Whether enemy unit `e` is a gun that can knock out vehicles (kAntiTankCalibre, flat fire).
bool AntiTank(const PlanspielState& s, int e) {
  const UnitType& t = s.ps().type(e);
  return t.has_weapon && t.weapon.flat >= 0 && t.weapon.calibre_cm >= kAntiTankCalibre;
}

// Whether the attacker's vehicle `u` is wary of enemy guns (Guns): all its vehicles while Cautious;
// in the last turns still those other than tanks (PS §4.2: personnel carriers and transports,
// light armour or none), which take fields but cannot fight a gun.
bool Wary(const PlanspielState& s, int u) {
  return Cautious(s) || s.ps().type(u).category != Category::kCombatVehicle;
}

// The enemy guns that could fire at a vehicle of a party, per field (PS §8.4, §7.2), worked out
// once per decision, party and wariness when first asked: seen enemy flat-fire weapons of at least
// kAntiTankCalibre, not suppressed (PS §8.14: suppression worsens its fire, black stops it;
// suppress before going in), with the field in range and sight; and, for a wary vehicle (Wary),
// the enemy's pre-dug positions (AttacksDefence) that may hold a camouflaged gun unseen by the
// party (PS §7.4, §7.6: no unit of the party stands within 1 field, the detection range of a small
// camouflaged target in a position, where a gun there would be seen) and see the field within
// kSuspectedRange.
class Guns {
 public:
  explicit Guns(const PlanspielState& s) : s_(s) {}
  // The guns on field `f` for a vehicle of `party`, `wary` or not.
  int on(int party, Field f, bool wary) {
    const Board& b = s_.ps().board();
    if (!b.on_board(f)) return 0;
    const size_t k = static_cast<size_t>(2 * party + (wary ? 1 : 0));
    std::vector<uint8_t>& t = table_[k];
    if (t.empty()) {
      fill(party, wary, t);
      most_[k] = *std::max_element(t.begin(), t.end());
    }
    return t[static_cast<size_t>(b.index(f))];
  }
  // Whether more than `here` guns reach a field of the path unit `u` of `party` takes to `to`
  // (PS §6, PlanspielState::move_path; `to` included), for a counter-move may fire at the mover
  // in any field it passes (PS §9.1).
  bool on_way(int party, int u, Field to, int here, bool wary) {
    if (on(party, to, wary) > here) return true;
    if (most_[static_cast<size_t>(2 * party + (wary ? 1 : 0))] <= here)
      return false;  // no field has more
    s_.move_path(u, to, path_);
    for (Field f : path_)
      if (on(party, f, wary) > here) return true;
    return false;
  }

 private:
  void fill(int party, bool wary, std::vector<uint8_t>& t) const {
    const Board& b = s_.ps().board();
    t.assign(static_cast<size_t>(b.width() * b.height()), 0);
    // Each field within `range` of `at` that `at` sees.
    const auto reach = [&](Field at, int range) {
      for (int y = std::max(0, at.y - range); y <= std::min(b.height() - 1, at.y + range); ++y)
        for (int x = std::max(0, at.x - range); x <= std::min(b.width() - 1, at.x + range); ++x)
          if (s_.ps().sees(at, {x, y})) ++t[static_cast<size_t>(b.index({x, y}))];
    };
    for (int e = 0; e < s_.num_units(); ++e) {
      const UnitState& us = s_.unit(e);
      if (PartyOf(s_, e) == party || us.status != UnitStatus::kOnBoard || us.aboard >= 0 ||
          !AntiTank(s_, e) || us.suppression >= 3 || !s_.visible_to(e, party))
        continue;
      reach(s_.field_of(e), WeaponRange(s_.ps().fire_data(), s_.weapon_of(e), Trajectory::kFlat));
    }
    if (!wary || !AttacksDefence(s_, party)) return;
    for (Field d : s_.ps().situation().dug_in) {
      bool suspected = true;
      for (int o = 0; o < s_.num_units() && suspected; ++o) {
        if (s_.unit(o).status != UnitStatus::kOnBoard) continue;
        // Scouted; or the party sees an enemy there: what stands there is known (a seen gun
        // counts as such above, not suppressed).
        if (PartyOf(s_, o) == party ? Distance(s_.field_of(o), d) <= 1
                                    : s_.field_of(o) == d && s_.visible_to(o, party))
          suspected = false;
      }
      if (suspected) reach(d, kSuspectedRange);
    }
  }

  const PlanspielState& s_;
  std::array<std::vector<uint8_t>, 2 * kParties> table_;  // by party and wariness
  std::array<int, 2 * kParties> most_{};                  // the most guns on any field
  std::vector<Field> path_;
};

// PS §8.14, G-05: how many figure bases of `party` enemy unit `e` could fire at in its own next
// half-turn, with flat fire (in range and sight, PS §7.2, §8.4) or, for a weapon that fires
// indirect, high-angle fire (in range, PS §8.3); for an AT gun (AntiTank) also the vehicles of
// `party` within 2 fields of its reach, which it keeps out (Guns) until suppressed. The
// suppression a fire leaves on `e` stays until the end of `e`'s half-turn, so it keeps `e` from
// pinning them there: suppressed red or worse, a figure base may not assault (PS §10.2).
int Pins(const PlanspielState& s, int e, int party) {
  const UnitType& t = s.ps().type(e);
  if (!t.has_weapon || s.unit(e).status != UnitStatus::kOnBoard || s.unit(e).aboard >= 0) return 0;
  const bool indirect = t.weapon.indirect && t.weapon.high_angle > 0;
  if (!indirect && t.weapon.flat < 0) return 0;
  const int range = WeaponRange(s.ps().fire_data(), s.weapon_of(e),
                                indirect ? Trajectory::kHighAngle : Trajectory::kFlat);
  const Field at = s.field_of(e);
  int n = 0;
  for (int u = 0; u < s.num_units(); ++u) {
    const UnitState& us = s.unit(u);
    if (PartyOf(s, u) != party || us.status != UnitStatus::kOnBoard || us.aboard >= 0 ||
        s.ps().type(u).category != Category::kFigureBase)
      continue;
    const Field f = s.field_of(u);
    if (Distance(at, f) <= range && (indirect || s.ps().sees(at, f))) ++n;
  }
  // An AT gun suppressed no longer keeps the party's vehicles out (Guns): count those near it.
  if (!indirect && AntiTank(s, e))
    for (int u = 0; u < s.num_units(); ++u)
      if (PartyOf(s, u) == party && s.unit(u).status == UnitStatus::kOnBoard &&
          Drives(s.ps().type(u)) && Distance(at, s.field_of(u)) <= range + 2)
        ++n;
  return n;
}

// The score of action `a` (HeuristicScore) with the decision's Guns.
double Score(const PlanspielState& s, Guns& guns, const Action& a, Rng& rng);

}  // namespace

double HeuristicScore(const State& view, const Action& a, Rng& rng) {
  const auto& s = dynamic_cast<const PlanspielState&>(view);
  Guns guns(s);
  return Score(s, guns, a, rng);
}

void HeuristicScores(const State& view, const ActionList& actions, std::vector<double>& scores,
                     Rng& rng) {
  const auto& s = dynamic_cast<const PlanspielState&>(view);
  Guns guns(s);
  for (size_t i = 0; i < actions.size(); ++i) scores[i] = Score(s, guns, actions[i], rng);
}

namespace {

// A simple scorer: set up in the listed fields, fire where it can hurt (the chance of any effect,
// more for a knock-out or elimination), move towards the objectives, end the half-turn when
// nothing else pays.
double Score(const PlanspielState& s, Guns& guns, const Action& a, Rng& rng) {
  const Board& b = s.ps().board();
  if (a.verb == kWithdraw) {
    // PS §6.7: withdraw a unit under fire (suppressed) that has no target it may fire at now and
    // that an enemy it sees could engage by direct fire where it stands, to a field where no such
    // enemy can; holders hold. Scored before the noise is drawn, so the withdrawals listed beside
    // the moves leave the draws of the other actions as they were.
    const int u = a.arg(0);
    const int party = s.ps().situation().units[static_cast<size_t>(u)].party;
    const Field from = s.field_of(u), to{a.arg(1) % b.width(), a.arg(1) / b.width()};
    for (Field o : s.ps().objective_fields())
      if (o == from) return -1.0;
    if (s.unit(u).suppression == 0 || !s.fire_targets(u).empty()) return -1.0;
    bool threatened = false;
    for (int e = 0; e < s.num_units(); ++e) {
      if (s.ps().situation().units[static_cast<size_t>(e)].party == party ||
          !s.visible_to(e, party))
        continue;
      if (s.engages(e, u, to, true)) return -1.0;
      threatened = threatened || s.engages(e, u, from, false);
    }
    return threatened ? 0.9 - 0.01 * ToObjectiveOf(s, u, to) : -1.0;
  }
  if (a.verb == kTogether) {
    // PS §9.6: split the defender's fire: two or three units that advance (none holding or
    // standing on an objective) move simultaneously when each could come within range of the
    // same seen enemy weapon that may answer with a true counter-move (a figure or weapon base,
    // or a vehicle with a position marker). Scored before the noise is drawn (as withdraw).
    const int party = s.ps().situation().units[static_cast<size_t>(a.arg(0))].party;
    bool drives = false;
    for (int i = 0; i < a.argc; ++i) {
      const int u = a.arg(i);
      if (s.unit(u).status != UnitStatus::kOnBoard || OnObjective(s, s.field_of(u))) return -1.0;
      // PS §4.4: a tow stays with its operational weapon while that is set up.
      if (const int w = TowedWeapon(s, u); w >= 0 && s.unit(w).aboard != u) return -1.0;
      drives = drives || (Drives(s.ps().type(u)) && Wary(s, u));
    }
    // The attacker's wary vehicles move alone (Guns decides each move).
    if (drives && AttacksDefence(s, party)) return -1.0;
    for (int e = 0; e < s.num_units(); ++e) {
      const UnitType& t = s.ps().type(e);
      if (s.ps().situation().units[static_cast<size_t>(e)].party == party ||
          s.unit(e).status != UnitStatus::kOnBoard || !s.visible_to(e, party) || !t.has_weapon ||
          t.weapon.flat < 0 || (t.moves_and_fires && !s.unit(e).position_marker))
        continue;
      const int range = WeaponRange(s.ps().fire_data(), s.weapon_of(e), Trajectory::kFlat);
      bool all = true;
      for (int i = 0; i < a.argc; ++i) {
        const int u = a.arg(i);
        all = all && Distance(s.field_of(e), s.field_of(u)) <=
                         range + MoveProfileOf(s.ps().type(u)).terrain;
      }
      if (all) return 1.0 + 0.1 * a.argc;
    }
    return -1.0;
  }
  const double noise = static_cast<double>(rng.below(1000)) / 100000.0;
  if (a.verb == kFertig || a.verb == kPass) return 0.0;
  if (a.verb == kDisplace) {
    // PS §5.4: a displaced unit joins the withdrawal unless it holds an objective.
    for (Field o : s.ps().objective_fields())
      if (o == s.field_of(a.arg(0))) return -1.0;
    return 0.3 + noise;
  }
  if (a.verb == kMeet) {
    // PS §9.3: a false counter-move when the opposed roll favours the unit: what it expects to do
    // to the mover against what it risks.
    const PlanspielState::Meeting m = s.meeting(a.arg(0));
    const double gain = Harm(m.on_mover) - Harm(m.on_counter);
    return gain > 0 ? 1.0 + gain + noise : -0.5;
  }
  if (a.verb == kEvade && s.step() == StepKind::kAntiTankEvade) {
    // PS §10.5, §9.4: a vehicle attacked at close quarters from movement evades when the opposed
    // roll does not favour it (the figures +1 in a town or forest field), unless it holds an
    // objective; of the nearest fields the one closest to the objectives.
    const int v = a.arg(0);
    const Field to{a.arg(1) % b.width(), a.arg(1) / b.width()};
    for (Field o : s.ps().objective_fields())
      if (o == s.field_of(v)) return -1.0;
    const Terrain t = b.terrain(s.field_of(v));
    const int bonus = t == Terrain::kForest || t == Terrain::kBuiltUp ? 1 : 0;
    return OpposedWinChance(-bonus) < 0.5 ? 0.5 - 0.01 * ToObjectiveOf(s, v, to) + noise : -1.0;
  }
  if (a.verb == kEvade) {
    // PS §9.4: withdraw out of the mover's reach when its fire would hurt, unless the unit holds
    // an objective; of the nearest fields the one closest to the objectives.
    const int p = a.arg(0), mover = s.moving().unit;
    const Field to{a.arg(1) % b.width(), a.arg(1) / b.width()};
    for (Field o : s.ps().objective_fields())
      if (o == s.field_of(p)) return -1.0;
    Firer firer;
    firer.suppression = s.unit(mover).suppression;
    const auto odds36 = OddsIn36(s.ps().fire_data(), s.weapon_of(mover), firer, s.target_of(p),
                                 s.fire_situation(mover, s.field_of(p)));
    std::array<double, kOutcomeCount> odds{};
    for (size_t o = 0; o < odds.size(); ++o) odds[o] = odds36[o] / 36.0;
    const double threat = Harm(odds);
    // PS §5.4: of the nearest fields, rather one it does not congest.
    const int party = s.ps().situation().units[static_cast<size_t>(p)].party;
    const StackClass cls = StackClassOf(s.ps().type(p));
    double congests = 0.0;
    for (int o = 0; o < s.num_units(); ++o)
      if (o != p && cls != StackClass::kFigureBase && s.unit(o).status == UnitStatus::kOnBoard &&
          s.unit(o).aboard < 0 && s.field_of(o) == to &&
          s.ps().situation().units[static_cast<size_t>(o)].party == party &&
          StackClassOf(s.ps().type(o)) == cls)
        congests = 0.2;
    return threat >= 0.5 ? 0.5 + threat - 0.01 * ToObjectiveOf(s, p, to) - congests + noise : -1.0;
  }
  // PS §8.16: self-smoke costs nothing and hides the vehicle: always try it.
  if (a.verb == kSmoke) return 0.9 + noise;
  if (a.verb == kPlace) return -1.0;  // scenarios §1.5: the listed fields (FERTIG keeps them)
  if (a.verb == kDig || a.verb == kCamouflage) return WorkScore(s, a, noise);
  if (a.verb == kAssault) {
    // Take a field worth having when the odds are good (PS §10.2); an objective field the party
    // does not control yet (G-01) already at lower odds.
    const Field f{a.arg(0) % b.width(), a.arg(0) / b.width()};
    bool objective = false, to_take = false;
    const auto& fields = s.ps().objective_fields();
    for (size_t k = 0; k < fields.size(); ++k)
      if (fields[k] == f) {
        objective = true;
        to_take = s.controller(static_cast<int>(k)) != s.active();
      }
    // PS §10.3: a weapon crew that loses flees and leaves its weapon. The attacker of a defence
    // storms a gun that can knock out its vehicles (AntiTank), seen in the field, at the same
    // lower odds: fire does not eliminate it in its position (PS §8.8).
    if (!to_take && AttacksDefence(s, s.active()))
      for (int e = 0; e < s.num_units() && !to_take; ++e)
        to_take = PartyOf(s, e) != s.active() && s.unit(e).status == UnitStatus::kOnBoard &&
                  s.field_of(e) == f && s.unit(e).aboard < 0 &&
                  s.ps().type(e).category == Category::kHeavyWeaponBase && AntiTank(s, e) &&
                  s.visible_to(e, s.active());
    const double p = s.assault_win_chance(a);
    return p >= (to_take ? kTakeOdds : 0.5) ? 1.0 + 2.0 * p + (objective ? 1.5 : 0.0) + noise
                                            : -1.0;
  }
  const int u = a.arg(0);
  const Field f{a.arg(1) % b.width(), a.arg(1) / b.width()};
  bool objective = false;
  for (Field o : s.ps().objective_fields()) objective = objective || o == f;
  // G-36: figures in a vehicle's field fight it at close quarters: an effect roll without risk.
  if (a.verb == kAntiTank && f == s.field_of(u)) return 1.5 + noise;
  if (a.verb == kRecover) {
    // PS §6.10: tow away a wreck that blocks the unit's own route: the wreck lies towards the
    // objectives, the unit holds none and has nothing to fire at, and no move brings it more than
    // one field closer.
    const Field from = s.field_of(u);
    for (Field o : s.ps().objective_fields())
      if (o == from) return -1.0;
    if (!s.fire_targets(u).empty() || ToObjectiveOf(s, u, f) >= ToObjectiveOf(s, u, from))
      return -1.0;
    // PS §6.10, §9.1: not under the guns of a seen enemy weapon that may answer with a true fire
    // counter-move at the wreck's field (a figure or weapon base, or a vehicle with a position
    // marker, not black, the wreck in its direct-fire range and sight).
    const int party = s.ps().situation().units[static_cast<size_t>(u)].party;
    for (int e = 0; e < s.num_units(); ++e) {
      const UnitType& t = s.ps().type(e);
      if (s.ps().situation().units[static_cast<size_t>(e)].party == party ||
          s.unit(e).status != UnitStatus::kOnBoard || s.unit(e).aboard >= 0 ||
          !s.visible_to(e, party) || !t.has_weapon || t.weapon.flat < 0 ||
          s.unit(e).suppression >= 5 || (t.moves_and_fires && !s.unit(e).position_marker))
        continue;
      if (Distance(s.field_of(e), f) <=
              WeaponRange(s.ps().fire_data(), s.weapon_of(e), Trajectory::kFlat) &&
          s.ps().sees(s.field_of(e), f))
        return -1.0;
    }
    int best = 0;
    for (Field t : s.move_targets(u))
      best = std::max(best, ToObjectiveOf(s, u, from) - ToObjectiveOf(s, u, t));
    return best <= 1 ? 0.7 + noise : -1.0;
  }
  if (a.verb == kOverrun) {
    // A tracked vehicle drives over bases when the opposed roll favours it (PS §10.6).
    const double p = OpposedWinChance(-s.overrun_bonus(f));
    return p >= 0.5 ? 1.0 + 2.0 * p + (objective ? 1.5 : 0.0) + noise : -1.0;
  }
  // Transport (PS §4.4): ride towards the objectives and get off close to them or under fire;
  // a gun is set up where it stands and stays set up.
  if (a.verb == kMount || a.verb == kDismount) {
    const int carrier = a.verb == kDismount ? s.unit(u).aboard : -1;
    const bool near = ToObjectiveOf(s, u, f) <= 4;
    const bool under_fire = carrier >= 0 && s.unit(carrier).suppression > 0;
    if (a.verb == kDismount && carrier >= 0 && AttacksDefence(s, PartyOf(s, u)) &&
        !OnObjective(s, s.field_of(carrier))) {
      // PS §4.4, §10.2: the attacker of a defence rides on while its carrier stands out of the
      // enemy guns' reach (Guns) and can drive closer to the objectives without coming into it,
      // and gets off at the edge of the reach or next to an objective field, to go on on foot.
      const int party = PartyOf(s, u);
      const Field at = s.field_of(carrier);
      const int here = ToObjectiveOf(s, carrier, at);
      bool goes_on = false;
      const bool wary = Wary(s, carrier);
      if (here > 1 && !s.unit(carrier).has_moved && guns.on(party, at, wary) == 0)
        for (Field t : s.move_targets(carrier))
          if (ToObjectiveOf(s, carrier, t) < here && !guns.on_way(party, carrier, t, 0, wary)) {
            goes_on = true;
            break;
          }
      return goes_on && !under_fire ? -1.0 : 0.8 + noise;
    }
    if (a.verb == kDismount) return near || under_fire ? 0.8 + noise : -1.0;
    return ToObjectiveOf(s, u, f) >= 7 ? 0.5 + noise : -1.0;
  }
  if (a.verb == kLimber) {
    // PS §4.4: a heavy weapon limbers to move when it has no target now, does not stand in a
    // firing position (FiringPosition), and none lies within the reach of its crew's manhandling
    // (own_move_le: 1 LE for portable and light weapons, else 0), which the plain moves score.
    const Field at = s.field_of(u);
    if (!s.fire_targets(u).empty() || FiringPosition(s, u, at) > 0) return -1.0;
    const int reach = s.ps().type(u).own_move_le;
    for (int dy = -reach; dy <= reach; ++dy)
      for (int dx = -reach; dx <= reach; ++dx) {
        const Field n{at.x + dx, at.y + dy};
        if (b.on_board(n) && FiringPosition(s, u, n) > 0) return -1.0;
      }
    return 0.6 + noise;
  }
  if (a.verb == kUnlimber) {
    // PS §4.4: a limbered weapon is set up in a firing position, or where an enemy it may fire at
    // is in its range, or where its tow can get it no closer to the objectives; else it rides on.
    const Field at = s.field_of(u);
    const int tow = s.unit(u).aboard;
    if (FiringPosition(s, u, at) > 0) return 0.9 + noise;
    const int party = s.ps().situation().units[static_cast<size_t>(u)].party;
    const UnitType& t = s.ps().type(u);
    const int range = t.has_weapon && t.weapon.flat >= 0
                          ? WeaponRange(s.ps().fire_data(), s.weapon_of(u), Trajectory::kFlat)
                          : -1;
    for (int e = 0; e < s.num_units(); ++e)
      if (s.ps().situation().units[static_cast<size_t>(e)].party != party &&
          s.unit(e).status == UnitStatus::kOnBoard && s.visible_to(e, party) &&
          Distance(at, s.field_of(e)) <= range && s.ps().sees(at, s.field_of(e)))
        return 0.9 + noise;
    // On again in the next half-turn (a tow at work, G-38, moves no more in this one either).
    if (s.unit(tow).has_moved || s.unit(tow).work != 0) return -1.0;
    for (Field n : s.move_targets(tow))
      if (FiringPosition(s, u, n) > 0 || ToObjectiveOf(s, u, n) < ToObjectiveOf(s, u, at))
        return -1.0;
    return 0.9 + noise;
  }
  if (const PlanspielState::FireAction fa = s.fire_of(a); fa.ok) {
    // A fire concentration (PS §8.3) scores the better odds of its one die, so it is chosen over
    // either weapon firing alone when two similar weapons observe the same target.
    double value = 0, kills = 0, pinning = 0;
    Firer firer;
    firer.suppression = s.unit(fa.unit).suppression;
    const int party = PartyOf(s, fa.unit);
    const bool attacker = AttacksDefence(s, party);
    for (int t : s.targets_in(fa.unit, fa.field)) {
      const auto odds =
          OddsIn36(s.ps().fire_data(), s.weapon_of(fa.unit), firer, s.target_of(t),
                   s.fire_situation(fa.unit, fa.field, fa.indirect, fa.concentration));
      const double kill = (odds[static_cast<size_t>(Outcome::kKnockedOut)] +
                           odds[static_cast<size_t>(Outcome::kEliminated)]) /
                          36.0;
      kills += kill;
      value += (36 - odds[0]) / 36.0 + 3.0 * kill;
      if (!attacker) continue;
      // PS §8.13, §8.14: the highest suppression stands, so only a level above the marker the
      // target bears gains; weighted by the own units the target could pin (Pins).
      const int sup = s.unit(t).suppression;
      const size_t above = sup >= 5 ? 3 : sup == 4 ? 2 : sup == 3 ? 1 : 0;
      double raise = 0;
      for (size_t o = above + 1; o <= static_cast<size_t>(Outcome::kBlack); ++o) raise += odds[o];
      pinning += raise / 36.0 * (1.0 + Pins(s, t, party)) + 3.0 * kill;
    }
    if (value <= 0) return -0.5;
    // PS §3.4, §10.2: a figure base that fires may not move or assault in the half-turn, and
    // fire that cannot eliminate only suppresses. The attacker of a defence leaves suppressing to
    // its heavy weapons and vehicles: its figure bases fire only with a chance to eliminate, or
    // when no move brings them closer to the objectives (GoingNowhere); else they advance.
    if (kills == 0 && s.ps().type(fa.unit).category != Category::kHeavyWeaponBase && attacker &&
        !GoingNowhere(s, fa.unit))
      return 0.1 + 0.1 * value + noise;
    // The attacker's heavy weapons and vehicles, which do not assault (PS §10.2), fire at what
    // keeps its figure bases pinned (Pins); its figure bases keep their fire for the targets they
    // can hurt most, below an assault.
    const bool suppressor = s.ps().type(fa.unit).category != Category::kFigureBase;
    // PS §3.2: high-angle fire only in phase 2, which the first other activity ends: before
    // anything else of the half-turn.
    const double phase2 = fa.indirect && attacker ? 4.0 : 0.0;
    return 1.0 + phase2 + (attacker && suppressor ? pinning : value) + noise;
  }
  if (a.verb == kMove) {
    // PS §4.4: a tow stays with its operational weapon (its ammunition is aboard): it drives to
    // the weapon while the weapon is set up elsewhere and stays while it is set up in its field;
    // with the weapon limbered it drives to a firing position of the weapon (FiringPosition), the
    // nearer the better (at half speed the weapon unlimbers there at once, G-13), or else towards
    // the objectives.
    if (const int w = TowedWeapon(s, u); w >= 0) {
      if (s.unit(w).aboard != u) {
        const Field at = s.field_of(w);
        const bool set_up_well = FiringPosition(s, w, at) > 0 || !s.fire_targets(w).empty();
        return s.unit(w).aboard < 0 && f == at && !set_up_well ? 0.5 + noise : -1.0;
      }
      if (const double pos = FiringPosition(s, w, f); pos > 0)
        return 0.6 + 0.2 * pos - 0.02 * Distance(s.field_of(u), f) + noise;
    }
  }
  // A move: closer to the objective fields its party does not control yet (ToObjective), into a
  // pre-dug field position on the way (PS §8.8 #1) but not from one to the next; holders hold.
  const Field from = s.unit(u).status == UnitStatus::kWaiting
                         ? s.ps().situation().units[static_cast<size_t>(u)].field
                         : s.field_of(u);
  const int gain = ToObjectiveOf(s, u, from) - ToObjectiveOf(s, u, f);
  // PS §8.4, §7.4: a wary vehicle (Wary) does not drive into the reach of more enemy guns (seen,
  // or suspected in a pre-dug position) than where it stands; in the last turns a tank goes for
  // the objectives whatever the risk.
  if (Wary(s, u) && Drives(s.ps().type(u)) && AttacksDefence(s, PartyOf(s, u))) {
    const int party = PartyOf(s, u);
    if (guns.on_way(party, u, f, guns.on(party, from, true), true)) return -0.5;
  }
  // G-01: entering an objective field its party does not control yet takes it (when no enemy
  // stays there): worth more than anything but an assault on such a field.
  if (gain > 0 && ToObjectiveOf(s, u, f) == 0 && TakesControl(s.ps().type(u)) && s.load_of(u) < 0)
    return 4.0 + noise;
  if (OnObjective(s, from)) {
    // G-01: a field stays controlled when its holder moves on; a holder whose party controls its
    // field sweeps on to the next objective field its party does not control yet.
    const auto& fields = s.ps().objective_fields();
    const int party = s.ps().situation().units[static_cast<size_t>(u)].party;
    for (size_t k = 0; k < fields.size(); ++k)
      if (fields[k] == from && s.controller(static_cast<int>(k)) != party) return -1.0;
    return gain > 0 && ToObjectiveOf(s, u, f) < 99 ? 0.2 * gain + noise : -1.0;
  }
  const double cover = gain >= 0 && s.ps().dug_in(f) && !s.ps().dug_in(from) ? 0.3 : 0.0;
  if (gain <= 0 && cover == 0.0) return -0.5;
  return 0.2 * gain + cover + noise;
}

// The exact odds of a fire (per target, the final outcome after the effect roll and any second
// roll, PS §8.6-§8.12) or of an assault (the chance to win, ties rolled again, PS §10.2).
json Odds(const State& st, const Action& a) {
  const auto& s = dynamic_cast<const PlanspielState&>(st);
  // An outcome on a unit, "B-T1: grey" / "B-T1: grau".
  const auto on = [](const std::string& id, int o, double p) {
    return json{{"text", fmt::format("{}: {}", id, outcome_name(static_cast<Outcome>(o)))},
                {"text_de", fmt::format("{}: {}", id, outcome_name_de(static_cast<Outcome>(o)))},
                {"p", p}};
  };
  if (a.verb == kAssault) {
    const double p = s.assault_win_chance(a);
    const Text summary = say("the assault wins with {:.3f} (PS §10.2)",
                             "der Nahkampf wird mit {:.3Lf} gewonnen (PS §10.2)", p);
    return {
        {"summary", summary.en},
        {"summary_de", summary.de},
        {"outcomes",
         json::array(
             {json{{"text", "the attacker wins"}, {"text_de", "der Angreifer gewinnt"}, {"p", p}},
              json{{"text", "the defender wins"},
                   {"text_de", "der Verteidiger gewinnt"},
                   {"p", 1.0 - p}}})}};
  }
  if (a.verb == kMeet) {
    // PS §9.3, §9.8: the opposed roll, ties rolled again; the final outcome on the loser.
    const PlanspielState::Meeting m = s.meeting(a.arg(0));
    const auto& units = s.ps().situation().units;
    const std::string& p = units[static_cast<size_t>(a.arg(0))].id;
    const std::string& mover = units[static_cast<size_t>(s.moving().unit)].id;
    json outcomes = json::array();
    for (int o = 0; o < kOutcomeCount; ++o) {
      if (o == 0) continue;
      if (m.on_mover[static_cast<size_t>(o)] > 0)
        outcomes.push_back(on(mover, o, m.on_mover[static_cast<size_t>(o)]));
      if (m.on_counter[static_cast<size_t>(o)] > 0)
        outcomes.push_back(on(p, o, m.on_counter[static_cast<size_t>(o)]));
    }
    double none = 1.0;
    for (const auto& o : outcomes) none -= o["p"].get<double>();
    outcomes.push_back({{"text", "no effect on either"},
                        {"text_de", "keine Wirkung auf beiden Seiten"},
                        {"p", std::max(0.0, none)}});
    const Text summary = say("{} {:+d} against {} {:+d}: {} wins with {:.3f} (PS §9.3, §9.8)",
                             "{} {:+d} gegen {} {:+d}: {} gewinnt mit {:.3Lf} (PS §9.3, §9.8)", p,
                             m.counter_mod, mover, m.mover_mod, p, m.counter_wins);
    return {{"summary", summary.en}, {"summary_de", summary.de}, {"outcomes", outcomes}};
  }
  const PlanspielState::FireAction fa = s.fire_of(a);
  if (!fa.ok) return nullptr;
  const int u = fa.unit;
  const Field f = fa.field;
  Firer firer;
  firer.suppression = s.unit(u).suppression;
  json outcomes = json::array();
  std::string summary, summary_de;
  for (int t : s.targets_in(u, f)) {
    if (s.moving().unit >= 0 && t != s.moving().unit) continue;  // G-22
    const auto odds = OddsIn36(s.ps().fire_data(), s.weapon_of(u), firer, s.target_of(t),
                               s.fire_situation(u, f, fa.indirect, fa.concentration));
    const std::string& id = s.ps().situation().units[static_cast<size_t>(t)].id;
    for (int o = 0; o < kOutcomeCount; ++o)
      if (odds[static_cast<size_t>(o)] > 0)
        outcomes.push_back(on(id, o, odds[static_cast<size_t>(o)] / 36.0));
    const char* sep = summary.empty() ? "" : "; ";
    summary += fmt::format("{}{}: any effect {}/36", sep, id, 36 - odds[0]);
    summary_de += fmt::format("{}{}: Wirkung {}/36", sep, id, 36 - odds[0]);
  }
  if (outcomes.empty()) return nullptr;
  return {{"summary", summary + " (PS §8.6-§8.12)"},
          {"summary_de", summary_de + " (PS §8.6-§8.12)"},
          {"outcomes", outcomes}};
}

const char* CategoryName(Category c) {
  switch (c) {
    case Category::kFigureBase:
      return "figure_base";
    case Category::kHeavyWeaponBase:
      return "weapon_base";
    case Category::kRiders:
      return "riders";
    case Category::kTransport:
      return "transport";
    case Category::kCombatVehicle:
      return "combat_vehicle";
    case Category::kSpGun:
      return "sp_gun";
    case Category::kApc:
      return "apc";
  }
  return "?";
}

// The armour and gun classes share one scale (PS §4.3): none, light ... super_heavy.
const char* ClassName(int c) {
  static constexpr const char* kNames[] = {"none", "light", "medium", "heavy", "super_heavy"};
  return c < -1 || c > 3 ? "?" : kNames[c + 1];
}

const char* TargetClassName(TargetClass c) {
  switch (c) {
    case TargetClass::kArea:
      return "area";
    case TargetClass::kSoftPoint:
      return "soft_point";
    case TargetClass::kHardPoint:
      return "hard_point";
  }
  return "?";
}

json FieldJson(Field f) {
  return json::array({f.x, f.y});
}

// What a player needs to inspect a counter of the type (PS §4, §6.1, §8.4), each value with its
// provenance as the catalogue gives it (docs/data-provenance.md). The speeds are the speed
// table's day columns for the type's row (PS §6.1) or its crew's manhandling distance (PS §4.4):
// they carry the provenance of the speed row or of own_move_le.
json UnitTypeJson(const UnitType& t) {
  const MoveProfile p = MoveProfileOf(t);
  json provenance = json::object();
  for (const auto& [name, prov] : t.provenance) provenance[name] = provenance_name(prov);
  json weapon = nullptr;
  if (t.has_weapon)
    weapon = {{"row", t.weapon.row},
              {"flat", t.weapon.flat},
              {"high_angle", t.weapon.high_angle},
              {"calibre_cm", t.weapon.calibre_cm},
              {"overlong", t.weapon.overlong},
              {"short", t.weapon.short_gun},
              {"indirect", t.weapon.indirect}};
  json j = {{"id", t.id},
            {"name", t.name},
            {"name_de", t.name_de.empty() ? t.name : t.name_de},
            {"category", CategoryName(t.category)},
            {"target_class", TargetClassName(target_class(t.category, t.armour))},
            {"speed_row", speed_row_name(t.speed_row)},
            {"own_move_le", t.own_move_le},
            {"speeds",
             {{"road", std::max(p.road, p.terrain)},
              {"terrain", p.terrain},
              {"combat", CombatSpeed(p)},
              {"provenance",
               provenance.value(t.speed_row == SpeedRow::kNone ? "own_move_le" : "speed_row",
                                "rules-text")}}},
            {"terrain", t.terrain == Mover::kFoot ? "foot" : "vehicle"},
            {"target_size", t.target_size == TargetSize::kSmall ? "small" : "large"},
            {"armour_class", ClassName(static_cast<int>(t.armour))},
            {"gun_class", ClassName(static_cast<int>(t.gun))},
            {"weapon", weapon},
            {"weight_t", t.weight_t},
            {"capacity", capacity_name(t.capacity)},
            {"panzergrenadier", t.panzergrenadier},
            {"moves_and_fires", t.moves_and_fires},
            {"can_overrun", t.can_overrun},
            {"tow_weight_t", t.tow_weight_t},
            {"provenance", provenance}};
  return j;
}

// The provenance of a record's values as names ("stand-in", ...), for the briefing's marks.
json ProvenanceJson(const std::map<std::string, Provenance>& prov) {
  json out = json::object();
  for (const auto& [name, p] : prov) out[name] = provenance_name(p);
  return out;
}

const char* PartyOrNone(int party) {
  return party < 0 ? "none" : party_name(party);
}

// The situation's briefing (docs/web.md "Board JSON"): each party's task, the game length and the
// cycle turn it starts on, who moves first, the set-up zones, the objective sets with their
// controller at the start and VP, the reinforcements of both parties by type with their turn and
// entry field (public: the observation shows every waiting reinforcement), and the outcome list in
// the data's order (scenarios §1.7, the first matching line decides). Each record keeps its
// provenance. The forces on the board at the start are not in it: an undetected enemy unit is
// hidden (PS §7.5), and the board goes to every viewer; the UI lists the units the viewer's
// observation holds.
json BriefingJson(const Situation& sit) {
  json tasks = json::array();
  for (const SituationTask& t : sit.tasks)
    tasks.push_back({{"party", party_name(t.party)},
                     {"text", t.text},
                     {"text_de", t.text_de.empty() ? t.text : t.text_de},
                     {"provenance", ProvenanceJson(t.provenance)}});
  json setup = json::array();
  for (const SetupZone& z : sit.setup)
    setup.push_back({{"party", party_name(z.party)},
                     {"from", FieldJson(z.from)},
                     {"to", FieldJson(z.to)},
                     {"provenance", ProvenanceJson(z.provenance)}});
  json objectives = json::array();
  for (const ObjectiveSet& o : sit.objectives) {
    json fields = json::array();
    json controller = json::array();
    for (size_t k = 0; k < o.fields.size(); ++k) {
      fields.push_back(FieldJson(o.fields[k]));
      controller.push_back(PartyOrNone(k < o.controller.size() ? o.controller[k] : -1));
    }
    objectives.push_back({{"id", o.id},
                          {"name", o.name},
                          {"name_de", o.name_de},
                          {"fields", fields},
                          {"controller", controller},
                          {"vp", o.vp},
                          {"provenance", ProvenanceJson(o.provenance)}});
  }
  json reinforcements = json::array();
  for (const SituationUnit& u : sit.units)
    if (u.arrives > 0)
      reinforcements.push_back({{"party", party_name(u.party)},
                                {"type", u.type},
                                {"arrives", u.arrives},
                                {"entry", FieldJson(u.field)},
                                {"provenance", ProvenanceJson(u.provenance)}});
  json outcomes = json::array();
  for (const OutcomeLine& o : sit.outcomes)
    outcomes.push_back({{"result", o.winner < 0 ? "draw" : party_name(o.winner)},
                        {"text", o.text},
                        {"text_de", o.text_de.empty() ? o.text : o.text_de},
                        {"provenance", ProvenanceJson(o.provenance)}});
  return {{"tasks", tasks},
          {"game_turns", sit.game_turns},
          {"start_cycle_turn", sit.start_cycle_turn},
          {"first_mover", party_name(sit.first_mover)},
          {"setup", setup},
          {"objectives", objectives},
          {"reinforcements", reinforcements},
          {"outcomes", outcomes},
          {"provenance", ProvenanceJson(sit.provenance)}};
}

// The static board of a situation for the web UI (GameModule::board, docs/web.md): the fields
// row by row (y = 0 first) with terrain, road flag and contour level (PS §2.2), the road links
// between field centres, bridges, the pre-dug positions (scenarios §1.5: face up, the field's),
// the objective sets with their fields, the provenance of the board's values, and the unit types
// of the catalogue with their values. Nothing of the play: no unit and no field of any unit.
json BoardJson(const Game& game) {
  const auto* g = dynamic_cast<const PlanspielGame*>(&game);
  if (g == nullptr) throw std::runtime_error("planspiel board: not a Planspiel game");
  const Situation& sit = g->situation();
  const Board& b = g->board();
  const BoardData* data = find_planspiel_board(sit.board);
  json fields = json::array();
  json roads = json::array();
  for (int y = 0; y < b.height(); ++y)
    for (int x = 0; x < b.width(); ++x) {
      const Field f{x, y};
      fields.push_back({{"x", x},
                        {"y", y},
                        {"terrain", terrain_name(b.terrain(f))},
                        {"road", b.road(f)},
                        {"level", b.contour(f)}});
      // Each link once: from a field to its east and south neighbours.
      if (b.road_links(f) & kRoadE) roads.push_back({{"from", FieldJson(f)}, {"to", {x + 1, y}}});
      if (b.road_links(f) & kRoadS) roads.push_back({{"from", FieldJson(f)}, {"to", {x, y + 1}}});
    }
  json bridges = json::array();
  json provenance = json::object();
  if (data != nullptr) {
    for (Field f : data->bridges) bridges.push_back(FieldJson(f));
    for (const auto& [name, prov] : data->provenance) provenance[name] = provenance_name(prov);
  }
  json dug_in = json::array();
  for (Field f : sit.dug_in) dug_in.push_back(FieldJson(f));
  json objectives = json::array();
  for (const ObjectiveSet& o : sit.objectives) {
    json of = json::array();
    for (Field f : o.fields) of.push_back(FieldJson(f));
    objectives.push_back({{"id", o.id}, {"name", o.name}, {"name_de", o.name_de}, {"fields", of}});
  }
  // Every type of the catalogue, not only the situation's: the list tells nothing of the forces.
  json types = json::array();
  for (const UnitType& t : shipped_unit_types()) types.push_back(UnitTypeJson(t));
  return {{"kind", "squares"},
          {"game", "planspiel"},
          {"scenario", sit.id},
          {"title", sit.title},
          {"title_de", sit.title_de.empty() ? sit.title : sit.title_de},
          {"seats", g->seats()},
          {"width", b.width()},
          {"height", b.height()},
          {"fields", fields},
          {"roads", roads},
          {"bridges", bridges},
          {"dug_in", dug_in},
          {"objectives", objectives},
          {"game_turns", sit.game_turns},
          {"provenance", provenance},
          {"unit_types", types},
          {"briefing", BriefingJson(sit)}};
}

}  // namespace

GameModule planspiel_module() {
  GameModule m;
  m.id = "planspiel";
  m.title = "Planspielregeln Zweiter Weltkrieg";  // the rulebook's title, German in both
  m.data_subdir = "planspiel";
  m.validate_file = validate_data_file;
  for (const Situation& s : shipped_situations())
    m.scenarios.push_back({s.id, s.title, s.title_de});
  m.create = [](std::string_view scenario, const Options&) -> std::shared_ptr<const Game> {
    return make_planspiel(std::string(scenario));
  };
  m.make_heuristic = [](int seat, uint64_t seed) -> std::unique_ptr<Player> {
    (void)seat;
    return std::make_unique<ScoredPlayer>("heuristic", BatchScorer(HeuristicScores), seed, 1e-9);
  };
  // The computer's levels (docs/ai.md "Difficulty levels"): `ai:normal` and `ai:hard` play
  // rollouts of the heuristic to the end of the game, sequential halving over its 8 best
  // actions with common random numbers, holding its first choice unless a finalist beats it by
  // a standard error of their paired results; at most 800 rollouts or 1 s a decision, and
  // 2,400 or 3 s. A heuristic game costs about a millisecond, so the rollouts can tell the
  // candidates apart where the tree search over random playouts could not (docs/strength.md).
  m.mcts_search = ":guided:d0:sh:e0:hold:cap800";
  m.ai_levels = {"heuristic", "mcts", "mcts:3:guided:d0:sh:e0:hold:cap2400"};
  m.odds = Odds;
  m.odds_command = planspiel_odds_command();  // odds_cli.cc: feldherr odds planspiel ...
  m.board = BoardJson;                        // the web UI's static board
  // feldherr bench: beside PS-1 the two larger situations (planspiel.ps-2.*, planspiel.ps-3.*).
  m.bench_scenarios = {"ps-2", "ps-3"};
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
    // PS §5.1: every field within the stacking limit for both parties, but for a field a
    // movement counter-move congested (PS §5.4).
    std::vector<FieldContents> fields(static_cast<size_t>(b.width() * b.height()));
    std::vector<uint8_t> congested(fields.size(), 0);
    // The units moving (passing through): the mover and the rest of a simultaneous group (PS
    // §9.6), with their loads.
    std::vector<int> moving{s.moving().unit};
    for (const MoveState& g : s.group()) moving.push_back(g.unit);
    const auto passing = [&](int u) {
      for (int mv : moving)
        if (mv >= 0 && (u == mv || s.unit(u).aboard == mv)) return true;
      return false;
    };
    for (int u = 0; u < s.num_units(); ++u)
      if (s.unit(u).status == UnitStatus::kOnBoard && !passing(u)) {
        const size_t i = static_cast<size_t>(b.index(s.field_of(u)));
        fields[i].push_back(
            OccupantOf(s.ps().type(u), s.ps().situation().units[static_cast<size_t>(u)].party));
        if (s.unit(u).congesting) congested[i] = 1;
      }
    for (size_t i = 0; i < fields.size(); ++i) {
      const FieldContents& c = fields[i];
      bool red = false, blue = false;
      std::array<bool, kParties> models{};
      for (const Occupant& o : c) {
        (o.party == kPartyRed ? red : blue) = true;
        if (o.model) models[static_cast<size_t>(o.party)] = true;
      }
      // G-07: a mixed field only after an overrun, a failed mounted attack with an armoured
      // vehicle or anti-tank close combat: one party's figure bases with the other's vehicle.
      if (red && blue && models[0] && models[1]) return "G-07: both parties' models in one field";
      for (int p = 0; p < kParties; ++p)
        if (!WithinStackingLimit(c, p) && !congested[i])
          return "PS §5.1: a field over the stacking limit";
    }
    return "";
  };
  return m;
}

}  // namespace feldherr::planspiel
