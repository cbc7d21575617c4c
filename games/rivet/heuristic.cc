// Rivet Wars heuristic player (docs/rivet.md "Heuristic"): scores every legal action by a
// one-step estimate and plays the best (ties broken at random). It uses only what its seat sees
// (this layer has no hidden information).
//
// Scores: deploy cheap infantry near the strategic objectives (they score VP, RW §10); activate
// every segment; attack with the expected damage (kill, loot and SO holders weigh more); move
// infantry towards the nearest SO field not yet held and onto it; move other units towards the
// nearest enemy; never step off an SO field.
#include <algorithm>
#include <cmath>

#include "engine/player.h"
#include "games/rivet/rivet.h"

namespace feldherr::rivet {

namespace {

double HitChance(int dice, int precision) {
  const int need = std::max(1, 5 - precision);  // faces that hit: need..6
  const double miss = std::clamp((need - 1) / 6.0, 0.0, 1.0);
  return 1.0 - std::pow(miss, dice);
}

class RivetHeuristic : public Player {
 public:
  // Every choice is for the seat that owes the decision (state.current_seat()).
  RivetHeuristic(int /*seat*/, uint64_t seed) : rng_(seed) {}
  std::string name() const override { return "heuristic"; }

  Action choose(const State& state) override {
    const auto& s = static_cast<const RivetState&>(state);
    s.legal_actions(buffer_);
    double best = -1e9;
    std::vector<Action> top;
    for (const Action& a : buffer_) {
      const double v = Score(s, a);
      if (v > best + 1e-9) {
        best = v;
        top.clear();
      }
      if (std::abs(v - best) <= 1e-9) top.push_back(a);
    }
    return top[static_cast<size_t>(rng_.below(static_cast<uint32_t>(top.size())))];
  }

 private:
  // Distance (segments) from `seg` to the nearest SO not held by `me` (-1 if none).
  static int SoDistance(const RivetState& s, int seg, int me, int ignore_unit) {
    int best = -1;
    for (size_t i = 0; i < s.so_segs.size(); ++i) {
      bool held = false;
      for (const Unit& u : s.units)
        if (u.owner == me && u.id != ignore_unit && u.seg == s.so_segs[i] &&
            ((u.fields >> s.so_field[i]) & 1))
          held = true;
      if (held) continue;
      const int d = s.range_to(seg, s.so_segs[i]);
      if (best < 0 || d < best) best = d;
    }
    return best;
  }
  static int EnemyDistance(const RivetState& s, int seg, int me) {
    int best = 99;
    for (const Unit& u : s.units)
      if (u.owner != me) best = std::min(best, s.range_to(seg, u.seg));
    for (size_t i = 0; i < s.so_segs.size(); ++i)
      best = std::min(best, s.range_to(seg, s.so_segs[i]) + 1);
    return best;
  }
  static bool OnSo(const RivetState& s, const Unit& u) {
    for (size_t i = 0; i < s.so_segs.size(); ++i)
      if (u.seg == s.so_segs[i] && ((u.fields >> s.so_field[i]) & 1)) return true;
    return false;
  }
  static bool MaskOnSo(const RivetState& s, int seg, int mask) {
    for (size_t i = 0; i < s.so_segs.size(); ++i)
      if (seg == s.so_segs[i] && ((mask >> s.so_field[i]) & 1)) return true;
    return false;
  }

  double MoveScore(const RivetState& s, const Unit& u, int to, int mask) const {
    if (OnSo(s, u)) return -5;
    const int me = u.owner;
    double v;
    if (s.is_infantry(u)) {
      const int before = SoDistance(s, u.seg, me, u.id);
      const int after = SoDistance(s, to, me, u.id);
      v = before < 0 ? 0 : (before - after) * 2.0;
      if (MaskOnSo(s, to, mask)) v += 6;
    } else {
      const int before = EnemyDistance(s, u.seg, me);
      const int after = EnemyDistance(s, to, me);
      v = (before - after) * 1.0;
      if (after <= 1) v -= 0.5;  // do not run into melee range without need
    }
    if (s.terrain_in(to, Terrain::kMinefield) && !s.is_infantry(u)) v -= 2;
    return v;
  }

  double AttackScore(const RivetState& s, const Unit& u, int weapon, int target_id, bool flat,
                     bool deviates, int seg) const {
    const auto ws = s.weapons(u);
    const Weapon& w = ws[static_cast<size_t>(weapon)];
    std::vector<int> targets;
    if (target_id >= 0)
      targets = {target_id};
    else if (flat || (w.rules & kChainGrid))
      targets = s.target_order(seg);
    else
      targets = {s.target_order(seg).front()};
    double v = 0;
    const int precision = std::max(0, s.ability(u, AbilityKind::kPrecision));
    for (int id : targets) {
      const Unit* t = s.unit(id);
      if (!t) continue;
      const int dice = s.dice_against(*t, w.dice[static_cast<size_t>(s.type_of(*t).armour)],
                                      std::max(0, s.ability(u, AbilityKind::kAssault)));
      if (dice == 0) continue;
      const double p = HitChance(dice, precision);
      double value = 1.0;
      if (t->damage + 1 >= s.max_hp(*t)) value += 2.0 + s.loot(*t) + (OnSo(s, *t) ? 3.0 : 0.0);
      v += p * value;
    }
    if (deviates) v *= 0.4;  // a third lands on target (content §6.3)
    return 3.0 + v;
  }

  double Score(const RivetState& s, const Action& a) const {
    const auto& data = s.rgame().data();
    const int me = s.active;
    switch (a.verb) {
      case kEnd:
        return 0.0;
      case kDeploy: {
        const UnitType& t = data.units[static_cast<size_t>(a.arg(0))];
        const int d = SoDistance(s, a.arg(1), me, -1);
        double v = 4.0 - 0.3 * std::max(0, d);
        if (t.cls == UnitClass::kInfantry) v += 1.5;
        v += 0.3 * t.cost + 0.5 * t.rivets;
        // Front fields first (content §3: cheap units in front).
        return v + (a.arg(2) & 3 ? 0.05 : 0.0);
      }
      case kPlug:
        return 5.0;
      case kActivate:
        return 1.0;
      case kPlay: {  // Action! cards: play them when a window offers them (content §6)
        const std::string& id = data.actions[static_cast<size_t>(a.arg(0))].id;
        if (id == "AC-24" || id == "AC-22") return -0.5;
        return id == "AC-20" ? 4.5 : 2.0;
      }
      case kParadrop: {  // aim at an SO segment nobody holds, away from enemies
        const int d = SoDistance(s, a.arg(0), me, -1);
        return 5.0 - std::max(0, d) - (s.seg_owner(a.arg(0)) == 1 - me ? 3.0 : 0.0);
      }
      case kAttack: {
        const Unit& u = *s.unit(a.arg(0));
        const Weapon w = s.weapons(u)[static_cast<size_t>(a.arg(1))];
        return AttackScore(s, u, a.arg(1), -1, (w.rules & kFlatGrid) != 0, w.deviates, a.arg(2));
      }
      case kSnipe: {
        const Unit& u = *s.unit(a.arg(0));
        return AttackScore(s, u, a.arg(1), a.arg(2), false, false, s.unit(a.arg(2))->seg);
      }
      case kRush:
      case kStep: {
        const Unit& u = *s.unit(a.arg(0));
        const SquareCell n = Step(s.board().cell(u.seg), a.arg(1));
        const double v = MoveScore(s, u, s.board().seg(n.x, n.y), a.arg(2));
        return a.verb == kRush ? v - 1.0 : v;  // Rapid Assault costs the movement phase
      }
      case kDash:
        return -1.0;
      case kPlace: {
        const Unit& u = *s.unit(a.arg(0));
        if (!s.is_infantry(u) || OnSo(s, u)) return -1.0;
        return MaskOnSo(s, u.seg, a.arg(1)) ? 4.0 : -1.0;
      }
      default:
        return 0.0;
    }
  }

  Rng rng_;
  ActionList buffer_;
};

}  // namespace

std::unique_ptr<Player> make_rivet_heuristic(int seat, uint64_t seed) {
  return std::make_unique<RivetHeuristic>(seat, seed);
}

}  // namespace feldherr::rivet

namespace feldherr::rivet {

// Static evaluation for MCTS (GameModule::evaluate): the terminal result, otherwise the
// difference of the sides' progress towards their VP thresholds (RW §13), in (-0.9, 0.9).
double rivet_evaluate(const State& state, int seat) {
  if (state.is_terminal()) return state.result().returns[static_cast<size_t>(seat)];
  const auto& s = static_cast<const RivetState&>(state);
  const Mission& m = s.mission();
  const double mine =
      static_cast<double>(s.vp[static_cast<size_t>(seat)]) / m.vp[static_cast<size_t>(seat)];
  const double theirs = static_cast<double>(s.vp[static_cast<size_t>(1 - seat)]) /
                        m.vp[static_cast<size_t>(1 - seat)];
  return 0.9 * std::tanh(2.0 * (mine - theirs));
}

}  // namespace feldherr::rivet
