// Rivet Wars heuristic player (docs/rivet.md "Heuristic player"): scores every legal action by a
// one-step estimate and plays the best (ties broken at random). It uses only what its seat sees:
// the board, its own hand and secret missions, and the open attack record.
//
// Scores: deploy cheap infantry near the strategic objectives (they score VP, RW §10); plug when
// DP are left (RW §7.2); activate every segment; attack with the expected damage (kill, loot and
// SO holders weigh more); move infantry towards the nearest SO field not yet held and onto it,
// never off it; move other units towards the nearest enemy; follow the secret missions in hand
// (content §7.2: a unit into an enemy deployment segment, a third unit into no-man's-land, the
// rivets kept for War Chest, Change of Orders for a goal the board cannot give); play an Action!
// card only when it pays now (content §6.4: a re-roll only of a miss, a W3 or W6 card only for
// units that will attack or move, Take Cover only against more than one die), keep it otherwise,
// and with a full hand discard only a card worth little (RW §5.1).
// `RivetHeuristicParams::baseline` keeps the first scoring (docs/rivet.md "Heuristic player").
#include "games/rivet/heuristic.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <string>

#include "engine/player.h"
#include "games/rivet/rivet.h"

namespace feldherr::rivet {

namespace {

double HitChance(int dice, int precision) {
  if (dice <= 0) return 0.0;
  const int need = std::max(1, 5 - precision);  // faces that hit: need..6
  const double miss = std::clamp((need - 1) / 6.0, 0.0, 1.0);
  return 1.0 - std::pow(miss, dice);
}

const std::string& CardId(const RivetState& s, int card) {
  return s.rgame().data().actions[static_cast<size_t>(card)].id;
}

class RivetHeuristic : public Player {
 public:
  // Every choice is for the seat that owes the decision (state.current_seat()).
  RivetHeuristic(int /*seat*/, uint64_t seed, RivetHeuristicParams p) : rng_(seed), p_(p) {}
  std::string name() const override { return "heuristic"; }

  Action choose(const State& state) override {
    const auto& s = static_cast<const RivetState&>(state);
    ScoreAll(s);
    double best = -1e9;
    top_.clear();  // indices into buffer_ of the best-scored actions
    for (size_t i = 0; i < buffer_.size(); ++i) {
      const double v = scores_[i];
      if (v > best + 1e-9) {
        best = v;
        top_.clear();
      }
      if (std::abs(v - best) <= 1e-9) top_.push_back(i);
    }
    return buffer_[top_[static_cast<size_t>(rng_.below(static_cast<uint32_t>(top_.size())))]];
  }

  // The scores choose() picks the best of, one per legal action: the search's root prior, and
  // the first choice that held sequential halving keeps (docs/ai.md "Seats").
  bool score_actions(const State& state, std::vector<double>& scores) override {
    ScoreAll(static_cast<const RivetState&>(state));
    scores = scores_;
    return true;
  }

  // Common random numbers for the search's rollouts: only ties draw.
  void reseed(uint64_t seed) override { rng_ = Rng(seed); }

 private:
  // Scores every legal action of `s` into scores_ (buffer_ holds the actions).
  void ScoreAll(const RivetState& s) {
    CountSoHolders(s);
    CountSecrets(s);
    s.legal_actions(buffer_);
    scores_.resize(buffer_.size());
    for (size_t i = 0; i < buffer_.size(); ++i)
      scores_[i] = p_.baseline ? BaselineScore(s, buffer_[i]) : Score(s, buffer_[i]);
  }

  // Who stands on each SO field (RW §10), counted once per decision: per side and SO, the number
  // of its units there and one of their ids.
  struct SoHold {
    int count = 0;
    int unit = -1;
  };
  void CountSoHolders(const RivetState& s) {
    for (auto& side : hold_) side.assign(s.so_segs.size(), SoHold{});
    for (const Unit& u : s.units) {
      if (u.owner != kAllies && u.owner != kBismark) continue;
      for (size_t i = 0; i < s.so_segs.size(); ++i)
        if (u.seg == s.so_segs[i] && ((u.fields >> s.so_field[i]) & 1)) {
          SoHold& h = hold_[static_cast<size_t>(u.owner)][i];
          ++h.count;
          h.unit = u.id;
        }
    }
  }
  // The secret missions' metrics each side holds in hand (content §7.2), once per decision.
  void CountSecrets(const RivetState& s) {
    const auto& data = s.rgame().data();
    for (size_t side = 0; side < 2; ++side) {
      secret_metrics_[side] = 0;
      for (int c : s.secrets[side])
        secret_metrics_[side] |= 1u
                                 << static_cast<int>(data.secrets[static_cast<size_t>(c)].metric);
    }
  }
  bool HoldsSecret(int me, SecretMetric m) const {
    return (secret_metrics_[static_cast<size_t>(me)] >> static_cast<int>(m)) & 1u;
  }
  // Distance (segments) from `seg` to the nearest SO not held by `me` (-1 if none); a unit
  // `ignore_unit` does not count as holding (it is the one that would move away).
  int SoDistance(const RivetState& s, int seg, int me, int ignore_unit) const {
    int best = -1;
    const std::vector<SoHold>& held = hold_[static_cast<size_t>(me)];
    for (size_t i = 0; i < s.so_segs.size(); ++i) {
      if (held[i].count > 1 || (held[i].count == 1 && held[i].unit != ignore_unit)) continue;
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
  static int NearestEnemyUnit(const RivetState& s, int seg, int me) {
    int best = 99;
    for (const Unit& u : s.units)
      if (u.owner != me) best = std::min(best, s.range_to(seg, u.seg));
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
  static int GroundRange(const RivetState& s, const Unit& u, const Weapon& w) {
    if (w.range_ground <= 0) return -1;
    return w.range_ground + std::max(0, s.ability(u, AbilityKind::kRangeGround));
  }
  // Position of a placement in its owner's grid target order (content §3): 0 is attacked first.
  static int OrderPosition(int owner, int mask) {
    static constexpr int kAllied[4] = {0, 1, 2, 3};   // NW NE SW SE
    static constexpr int kBismark[4] = {3, 2, 1, 0};  // SE SW NE NW first
    int best = 4;
    for (int f = 0; f < 4; ++f)
      if ((mask >> f) & 1) best = std::min(best, owner == kAllies ? kAllied[f] : kBismark[f]);
    return best;
  }
  // Own SO holders in `seg` that a unit of `me` on `mask` stands in front of (content §3: an
  // attack hits the first unit in the order), excluding the unit `self`.
  static int Shields(const RivetState& s, int me, int seg, int mask, int self) {
    int n = 0;
    for (size_t i = 0; i < s.so_segs.size(); ++i) {
      if (s.so_segs[i] != seg || ((mask >> s.so_field[i]) & 1)) continue;
      for (const Unit& h : s.units)
        if (h.owner == me && h.id != self && h.seg == seg && ((h.fields >> s.so_field[i]) & 1) &&
            OrderPosition(me, mask) < OrderPosition(me, h.fields))
          ++n;
    }
    return n;
  }
  // Expected damage the enemy's units can deal in their next combat phase to a unit of
  // `armour` standing in `seg` (each enemy weapon in range, Rapid Assault and Dash added).
  static double Threat(const RivetState& s, int seg, int me, int armour) {
    double t = 0;
    for (const Unit& e : s.units) {
      if (e.owner == me) continue;
      const int reach = std::max(0, s.ability(e, AbilityKind::kRapidAssault)) +
                        std::max(0, s.ability(e, AbilityKind::kDash));
      const int d = s.range_to(e.seg, seg);
      const int precision = std::max(0, s.ability(e, AbilityKind::kPrecision));
      for (const Weapon& w : s.weapons(e)) {
        const int r = GroundRange(s, e, w);
        if (r < 0 || d > r + reach) continue;
        t += w.attacks * HitChance(w.dice[static_cast<size_t>(armour)], precision) *
             (w.deviates ? 0.4 : 1.0);
      }
    }
    return t;
  }

  // Secret-mission goals a move can serve (content §7.2 SM-01, SM-08).
  double SecretMoveBonus(const RivetState& s, const Unit& u, int from, int to) const {
    const Board& b = s.board();
    const int me = u.owner;
    double v = 0;
    if (HoldsSecret(me, SecretMetric::kUnitsInEnemyDeployment)) {
      const auto& enemy_deploy = b.deploy_distance[static_cast<size_t>(1 - me)];
      const int before = enemy_deploy[static_cast<size_t>(from)];
      const int after = enemy_deploy[static_cast<size_t>(to)];
      if (after == 0 && before > 0)
        v += 5.0;  // SM-01: 2 VP at the end of this turn
      else if (after < before)
        v += 0.8;
    }
    if (HoldsSecret(me, SecretMetric::kUnitsInNoMansLand) &&
        b.territory[static_cast<size_t>(to)] == kNoMansLand &&
        b.territory[static_cast<size_t>(from)] != kNoMansLand) {
      int n = 0;
      for (const Unit& o : s.units)
        if (o.owner == me && b.territory[static_cast<size_t>(o.seg)] == kNoMansLand) ++n;
      v += n >= 2 ? 4.0 : 1.0;  // SM-08: the third unit there scores
    }
    return v;
  }

  double MoveScore(const RivetState& s, const Unit& u, int to, int mask) const {
    const int me = u.owner;
    if (OnSo(s, u)) {
      // An SO holder stays (RW §10: it scores while a unit is on it); a secret mission may
      // still pay more than one SO turn.
      return -5 + SecretMoveBonus(s, u, u.seg, to);
    }
    double v;
    const bool onto_so = MaskOnSo(s, to, mask);
    if (s.is_infantry(u)) {
      const int before = SoDistance(s, u.seg, me, u.id);
      const int after = SoDistance(s, to, me, u.id);
      v = before < 0 ? 0 : (before - after) * 2.0;
      if (onto_so) v += 6;
      // Content §3: in front of an own SO holder an infantry unit takes the shots meant for it.
      v += p_.shield * (Shields(s, me, to, mask, u.id) - Shields(s, me, u.seg, u.fields, u.id));
    } else {
      const int before = EnemyDistance(s, u.seg, me);
      const int after = EnemyDistance(s, to, me);
      v = (before - after) * 1.0;
      if (after <= 1) v -= 0.5;  // do not run into melee range without need
    }
    if (s.terrain_in(to, Terrain::kMinefield) && !s.is_infantry(u)) v -= 2;
    return v + SecretMoveBonus(s, u, u.seg, to);
  }

  double AttackScore(const RivetState& s, const Unit& u, int weapon, int target_id, bool flat,
                     bool deviates, int seg) const {
    const auto& ws = s.weapons(u);
    const Weapon& w = ws[static_cast<size_t>(weapon)];
    std::vector<int> targets;
    if (target_id >= 0)
      targets = {target_id};
    else if (flat || (w.rules & kChainGrid))
      targets = s.target_order(seg);
    else
      targets = {s.target_order(seg).front()};
    double v = 0;
    const int precision = std::max(0, s.ability(u, AbilityKind::kPrecision)) + u.card_precision;
    for (int id : targets) {
      const Unit* t = s.unit(id);
      if (!t) continue;
      const int dice =
          s.dice_against(*t, w.dice[static_cast<size_t>(s.type_of(*t).armour)],
                         std::max(0, s.ability(u, AbilityKind::kAssault)) + u.card_assault);
      if (dice == 0) continue;
      const double p = HitChance(dice, precision);
      double value = 1.0;
      if (t->damage + 1 >= s.max_hp(*t)) value += 2.0 + s.loot(*t) + (OnSo(s, *t) ? 3.0 : 0.0);
      v += p * value;
    }
    if (deviates) v *= 0.4;  // a third lands on target (content §6.3)
    return 3.0 + v;
  }

  // Units of the activated combat segment that have an enemy in range now, and those that
  // would with `extra` range.
  static int ArmedUnits(const RivetState& s, bool infantry_only, int extra) {
    int n = 0;
    for (const Unit& u : s.units) {
      if (u.owner != s.active || u.seg != s.activated_seg || u.combat == 2) continue;
      if (infantry_only && !s.is_infantry(u)) continue;
      bool armed = false;
      for (const Weapon& w : s.weapons(u)) {
        const int r = GroundRange(s, u, w);
        if (r < 0 || (extra > 0 && w.range_ground <= 0)) continue;
        for (const Unit& e : s.units)
          if (e.owner != s.active && s.range_to(u.seg, e.seg) <= r + extra &&
              w.dice[static_cast<size_t>(s.type_of(e).armour)] > 0)
            armed = true;
      }
      if (armed) ++n;
    }
    return n;
  }
  static bool UnitArmed(const RivetState& s, const Unit& u, int weapon) {
    const auto& ws = s.weapons(u);
    if (weapon < 0 || weapon >= static_cast<int>(ws.size())) return false;
    const Weapon& w = ws[static_cast<size_t>(weapon)];
    const int r = GroundRange(s, u, w);
    if (r < 0) return false;
    for (const Unit& e : s.units)
      if (e.owner != u.owner && s.range_to(u.seg, e.seg) <= r &&
          w.dice[static_cast<size_t>(s.type_of(e).armour)] > 0)
        return true;
    return false;
  }
  // Units of the activated movement segment that still have a way to go.
  int MovingUnits(const RivetState& s, bool infantry_only) const {
    int n = 0;
    for (const Unit& u : s.units) {
      if (u.owner != s.active || u.seg != s.activated_seg || u.move == 2 || u.rapid_used) continue;
      if (infantry_only && !s.is_infantry(u)) continue;
      if (OnSo(s, u)) continue;
      if (s.is_infantry(u) && SoDistance(s, u.seg, s.active, u.id) <= 1) continue;
      ++n;
    }
    return n;
  }
  // What a card in hand is worth keeping: 0 for a card that cannot pay in this game or that
  // this player never plays (AC-22), 1 for a card that rarely pays, 2 otherwise.
  static int KeepValue(const RivetState& s, const std::string& id) {
    if (id == "AC-22") return 0;
    if (id == "AC-24") return s.mission().secret_missions ? 1 : 0;
    if (id == "AC-14" || id == "AC-15") {
      for (const TerrainPiece& t : s.terrain)
        if (t.type == (id == "AC-14" ? Terrain::kWire : Terrain::kMinefield) ||
            (id == "AC-15" && t.type == Terrain::kTankTrap))
          return 1;
      return 0;
    }
    if (id == "AC-08" || id == "AC-10" || id == "AC-11") return 1;
    return 2;
  }
  // RW §5.1: with a full hand (3 cards, no draw) discard the card least worth keeping, if it
  // is worth little; otherwise keep the hand.
  static double DiscardScore(const RivetState& s, int me, int card) {
    const auto& hand = s.hands[static_cast<size_t>(me)];
    if (hand.size() < 3) return -0.5;
    const int v = KeepValue(s, CardId(s, card));
    if (v > 1) return -0.5;
    for (int c : hand)
      if (KeepValue(s, CardId(s, c)) < v) return -0.5;
    return 0.5;
  }

  // An Action! card played now (content §6.4): its value if it pays, below 0 to keep it.
  double CardScore(const RivetState& s, const Action& a) const {
    const std::string& id = CardId(s, a.arg(0));
    const int me = s.current_seat();
    if (id == "AC-07") {  // W4: re-roll only a roll that missed
      bool hit = false;
      for (int f : s.pending.rolled) hit = hit || f + s.pending.precision >= 5;
      return hit ? -1.0 : 4.0;
    }
    if (id == "AC-18") {  // W8: one die fewer; nothing against a single die
      const Unit* t = s.pending.queue.empty() ? nullptr : s.unit(s.pending.queue.front());
      if (!t || s.pending.dice <= 1) return -1.0;
      return (t->damage + 1 >= s.max_hp(*t) || s.type_of(*t).cost >= 2) ? 3.0 : -1.0;
    }
    if (id == "AC-19") return 4.0;  // W9: a hit undone
    if (id == "AC-16" || id == "AC-17" || id == "AC-23") return 4.0;
    if (id == "AC-20") return 4.5;
    if (id == "AC-21") return s.dp[static_cast<size_t>(me)] >= 1 ? 3.0 : 2.0;
    if (id == "AC-22") return -0.5;
    if (id == "AC-24") {  // W1: change a secret mission the board cannot give
      const auto& sm = s.rgame().data().secrets[static_cast<size_t>(a.arg(1))];
      bool hero = false, vehicle = false;
      for (const Unit& e : s.units)
        if (e.owner != me) {
          hero = hero || s.type_of(e).hero ||
                 (e.plug >= 0 && s.rgame().data().units[static_cast<size_t>(e.plug)].hero);
          vehicle = vehicle || !s.is_infantry(e);
        }
      if (sm.metric == SecretMetric::kEnemyHeroesDestroyed && !hero) return 3.0;
      if (sm.metric == SecretMetric::kEnemyNonInfantryDestroyed && !vehicle) return 3.0;
      return -1.0;
    }
    // W3 (right after activating a combat segment): only with units that will attack.
    if (id == "AC-02") return ArmedUnits(s, true, 0) >= 1 ? 10.0 : -1.0;
    if (id == "AC-06") return ArmedUnits(s, false, 0) >= 1 ? 10.0 : -1.0;
    if (id == "AC-03") return ArmedUnits(s, false, 1) > ArmedUnits(s, false, 0) ? 10.0 : -1.0;
    if (id == "AC-01") return ArmedUnits(s, true, 1) > ArmedUnits(s, true, 0) ? 10.0 : -1.0;
    if (id == "AC-04") {
      const Unit* u = s.unit(a.arg(1));
      return u && UnitArmed(s, *u, a.arg(2)) ? 10.0 : -1.0;
    }
    if (id == "AC-05") {  // Sniper: only when the first unit in the order is not the best
      const Unit* u = s.unit(a.arg(1));
      if (!u) return -1.0;
      for (size_t w = 0; w < s.weapons(*u).size(); ++w)
        if (UnitArmed(s, *u, static_cast<int>(w))) return 9.0;
      return -1.0;
    }
    // W5 (between activations; ends the current one).
    if (id == "AC-08") {  // barrage: enemies there, no friends where it may deviate
      const int seg = a.arg(1);
      int enemies = 0;
      for (const Unit& u : s.units) {
        if (u.owner != me && u.seg == seg) ++enemies;
        if (u.owner == me && s.range_to(u.seg, seg) <= 1) return -1.0;
      }
      return enemies >= 2 ? 2.0 : -1.0;
    }
    if (id == "AC-09") return 2.0;  // satchel charge: 3 dice against a vehicle
    if (id == "AC-10") {            // smoke: over own units the enemy can fire at
      const int seg = a.arg(1);
      int own = 0;
      double threat = 0;
      for (const Unit& u : s.units)
        if (u.owner == me && u.seg == seg) {
          ++own;
          threat += Threat(s, seg, me, s.type_of(u).armour);
        }
      return own >= 1 && threat >= 1.0 ? 1.5 : -1.0;
    }
    if (id == "AC-11") {  // bogged down: a vehicle close to own units
      const Unit* t = s.unit(a.arg(1));
      if (!t) return -1.0;
      return NearestEnemyUnit(s, t->seg, t->owner) <= 3 ? 1.5 : -1.0;
    }
    // W6 (right after activating a movement segment): only with units on their way.
    if (id == "AC-12") return MovingUnits(s, false) >= 1 ? 10.0 : -1.0;
    if (id == "AC-13") return MovingUnits(s, true) >= 1 ? 10.0 : -1.0;
    if (id == "AC-14" || id == "AC-15") return 0.5;
    return -1.0;
  }

  double Score(const RivetState& s, const Action& a) const {
    const auto& data = s.rgame().data();
    const int me = s.active;
    switch (a.verb) {
      case kEnd:
        return 0.0;
      case kDiscard:  // RW §5.1: a full hand makes room only for a card that cannot pay
        return DiscardScore(s, me, a.arg(0));
      case kDeploy: {
        const UnitType& t = data.units[static_cast<size_t>(a.arg(0))];
        const int d = SoDistance(s, a.arg(1), me, -1);
        double v = 4.0 - 0.3 * std::max(0, d);
        if (t.cls == UnitClass::kInfantry) v += 1.5;
        v += 0.3 * t.cost + 0.5 * t.rivets;
        // SM-09 (content §7.2): keep the rivets for the goal.
        if (HoldsSecret(me, SecretMetric::kRivets) && t.rivets > 0) v -= 2.0 * t.rivets;
        // Front fields first (content §3: cheap units in front).
        return v + (a.arg(2) & 3 ? 0.05 : 0.0);
      }
      case kPlug: {  // RW §7.2: a plug adds HP and a weapon or ability to a unit
        const UnitType& t = data.units[static_cast<size_t>(a.arg(0))];
        if (HoldsSecret(me, SecretMetric::kRivets) && t.rivets > 0) return -0.5;
        return 4.0 + 0.3 * t.cost;
      }
      case kActivate:
        return 1.0;
      case kPlay:
        return CardScore(s, a);
      case kParadrop: {  // aim at an SO segment nobody holds, away from enemies
        const int d = SoDistance(s, a.arg(0), me, -1);
        return 5.0 - std::max(0, d) - (s.seg_owner(a.arg(0)) == 1 - me ? 3.0 : 0.0);
      }
      case kAttack: {
        const Unit& u = *s.unit(a.arg(0));
        const Weapon& w = s.weapons(u)[static_cast<size_t>(a.arg(1))];
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
        if (MaskOnSo(s, u.seg, a.arg(1))) return 4.0;
        const int gain =
            Shields(s, me, u.seg, a.arg(1), u.id) - Shields(s, me, u.seg, u.fields, u.id);
        return gain > 0 && p_.shield > 0 ? 0.5 * p_.shield * gain : -1.0;
      }
      default:
        return 0.0;
    }
  }

  // The first scoring (RivetHeuristicParams::baseline).
  double BaselineMoveScore(const RivetState& s, const Unit& u, int to, int mask) const {
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
  double BaselineAttackScore(const RivetState& s, const Unit& u, int weapon, int target_id,
                             bool flat, bool deviates, int seg) const {
    const auto& ws = s.weapons(u);
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
    if (deviates) v *= 0.4;
    return 3.0 + v;
  }
  double BaselineScore(const RivetState& s, const Action& a) const {
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
        return v + (a.arg(2) & 3 ? 0.05 : 0.0);
      }
      case kPlug:
        return 5.0;
      case kActivate:
        return 1.0;
      case kPlay: {
        const std::string& id = CardId(s, a.arg(0));
        if (id == "AC-24" || id == "AC-22") return -0.5;
        return id == "AC-20" ? 4.5 : 2.0;
      }
      case kParadrop: {
        const int d = SoDistance(s, a.arg(0), me, -1);
        return 5.0 - std::max(0, d) - (s.seg_owner(a.arg(0)) == 1 - me ? 3.0 : 0.0);
      }
      case kAttack: {
        const Unit& u = *s.unit(a.arg(0));
        const Weapon& w = s.weapons(u)[static_cast<size_t>(a.arg(1))];
        return BaselineAttackScore(s, u, a.arg(1), -1, (w.rules & kFlatGrid) != 0, w.deviates,
                                   a.arg(2));
      }
      case kSnipe: {
        const Unit& u = *s.unit(a.arg(0));
        return BaselineAttackScore(s, u, a.arg(1), a.arg(2), false, false, s.unit(a.arg(2))->seg);
      }
      case kRush:
      case kStep: {
        const Unit& u = *s.unit(a.arg(0));
        const SquareCell n = Step(s.board().cell(u.seg), a.arg(1));
        const double v = BaselineMoveScore(s, u, s.board().seg(n.x, n.y), a.arg(2));
        return a.verb == kRush ? v - 1.0 : v;
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
  RivetHeuristicParams p_;
  ActionList buffer_;
  std::array<std::vector<SoHold>, 2> hold_;   // CountSoHolders, per side
  std::array<uint32_t, 2> secret_metrics_{};  // CountSecrets: per side, bit per SecretMetric
  std::vector<double> scores_;                // ScoreAll: one per action of buffer_
  std::vector<size_t> top_;                   // choose: the best actions so far
};

}  // namespace

std::unique_ptr<Player> make_rivet_heuristic(int seat, uint64_t seed,
                                             const RivetHeuristicParams& params) {
  return std::make_unique<RivetHeuristic>(seat, seed, params);
}

std::unique_ptr<Player> make_rivet_heuristic(int seat, uint64_t seed) {
  return make_rivet_heuristic(seat, seed, RivetHeuristicParams{});
}

}  // namespace feldherr::rivet

namespace feldherr::rivet {

RivetEvalTerms rivet_evaluation_terms(const RivetState& s) {
  const Mission& m = s.mission();
  const auto& units = s.rgame().data().units;
  RivetEvalTerms t;
  t.vp = static_cast<double>(s.vp[0]) / m.vp[0] - static_cast<double>(s.vp[1]) / m.vp[1];
  // SO: a flag, or a unit of the side on the field (it scores at the end of the side's turn).
  if (!s.so_segs.empty()) {
    int held[2] = {0, 0};
    for (size_t i = 0; i < s.so_segs.size(); ++i) {
      bool on[2] = {false, false};
      for (const Unit& u : s.units)
        if ((u.owner == kAllies || u.owner == kBismark) && u.seg == s.so_segs[i] &&
            ((u.fields >> s.so_field[i]) & 1))
          on[u.owner] = true;
      for (int side = 0; side < 2; ++side)
        if (on[side] || (s.flags[i] == side && !on[1 - side])) ++held[side];
    }
    t.so = static_cast<double>(held[0] - held[1]) / static_cast<double>(s.so_segs.size());
  }
  // Forces: each unit by its cost (DP + 2 per rivet, with its plug's), x the share of its hit
  // points left; plus the DP and rivets in hand.
  double force[2] = {0, 0};
  for (const Unit& u : s.units) {
    if (u.owner != kAllies && u.owner != kBismark) continue;
    const UnitType& type = s.type_of(u);
    double cost = type.cost + 2.0 * type.rivets;
    if (u.plug >= 0) {
      const UnitType& plug = units[static_cast<size_t>(u.plug)];
      cost += plug.cost + 2.0 * plug.rivets;
    }
    const int hp = s.max_hp(u);  // the plug's hit points included
    const double left = hp > 0 ? std::max(0, hp - u.damage) / static_cast<double>(hp) : 1.0;
    force[u.owner] += cost * left;
  }
  for (int side = 0; side < 2; ++side) force[side] += s.dp[side] + 2.0 * s.rivets[side];
  if (force[0] + force[1] > 0) t.material = (force[0] - force[1]) / (force[0] + force[1]);
  return t;
}

// Static evaluation for MCTS (GameModule::evaluate): the terminal result, otherwise the expected
// return of heuristic self-play from the position, weights fitted by logistic regression over the
// ten missions (docs/rivet.md "Evaluation", scripts/fit_rivet_eval.py).
double rivet_evaluate(const State& state, int seat) {
  if (state.is_terminal()) return state.result().returns[static_cast<size_t>(seat)];
  const RivetEvalTerms t = rivet_evaluation_terms(static_cast<const RivetState&>(state));
  const double e0 = std::tanh(1.35 * t.vp + 0.29 * t.so + 0.21 * t.material);
  return seat == 0 ? e0 : -e0;
}

}  // namespace feldherr::rivet
