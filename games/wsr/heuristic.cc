// The White Star Rising heuristic player and evaluation (docs/wsr-ai.md). Reads the state only
// through its public accessors; the rules files are not touched.
#include "games/wsr/heuristic.h"

#include <algorithm>
#include <boost/unordered/unordered_flat_map.hpp>
#include <cmath>
#include <limits>
#include <mutex>
#include <sstream>
#include <stdexcept>
#include <string>
#include <unordered_map>
#include <vector>

#include "engine/scored_player.h"
#include "games/wsr/combat.h"
#include "games/wsr/los_cache.h"
#include "games/wsr/odds.h"
#include "games/wsr/scenario.h"

namespace feldherr::wsr {

namespace {

constexpr double kNegInf = -std::numeric_limits<double>::infinity();

// ---------------------------------------------------------------------------------------------
// Static facts of a game, computed once per WsrGame (unit values, objectives per side).

double FaceValue(const CounterType& c, const Face& f, double hq_value) {
  if (c.is_hq()) return hq_value + f.command_value;
  auto fire = [](const Weapon& w) { return w.present() ? w.fp * (7.0 - w.to_hit) / 6.0 : 0.0; };
  const double ap = fire(f.ap), he = fire(f.he);
  const double best = std::max(ap, he), other = std::min(ap, he);
  const double defence = f.save > 0 ? f.armor * (7.0 - f.save) / 6.0 : 0.0;
  return 1.0 + 0.5 * (best + 0.5 * other) + 0.3 * defence + 0.05 * f.mf;
}

struct GameInfo {
  const WsrGame* game = nullptr;
  uint64_t fingerprint = 0;
  // value[u][mounted][reduced]: value of the face (WSR 1.2.1).
  std::vector<std::array<std::array<double, 2>, 2>> value;
  std::vector<double> full_value;  // value at full strength, the face it starts on
  // Hexes each seat's units are pulled to (the zones of the victory conditions, the objectives).
  std::array<std::vector<int>, 2> targets;
  // Alternatives of an attacker: "any of" conditions (B2: all of Ste Jeanne OR all of
  // Kleinestad) give one hex set each; the units go for one of them (FocusTargets).
  std::array<std::vector<std::vector<int>>, 2> alternatives;
  // "At least k of these zones" (A6: two of the three towns): the zones (hexes sorted) and k
  // of the seat's outcome with the largest k (AtLeastTargets).
  std::array<std::vector<std::vector<int>>, 2> at_least;
  // Hexes the seat wants no enemy unit in (a `not` of an `occupy` by the enemy: Omaha's beach
  // belt), sorted (HuntTargets).
  std::array<std::vector<int>, 2> clear_zone;
  std::array<int, 2> at_least_count{0, 0};
  // Objective hexes for the evaluation's proximity term.
  std::vector<int> objective_hexes;
  const Scenario* scenario = nullptr;
  std::array<double, 2> total_value{};
  // A seat whose victory needs it to take hexes (a named outcome of the scenario); the other
  // seat defends (holds what it has). Without a scenario both seats attack.
  std::array<bool, 2> attacker{true, true};
  bool scenario_symmetric = true;  // no scenario outcome names an attacker
  // G-12: the seat scores by exiting units (an exit condition or `exited` rule): its units are
  // pulled towards the objectives from anywhere on the map (an exit edge may be far away).
  std::array<bool, 2> exits{false, false};
  // G-12: the exit conditions of each seat's outcomes (the zone's hexes sorted), and the seat's
  // targets without the exit hexes (the pull of the units that do not run for the exit).
  std::array<std::vector<const Condition*>, 2> exit_goals;
  std::array<std::vector<std::vector<int>>, 2> exit_zones;
  std::array<std::vector<int>, 2> hold_targets;
  // The seat's victory counts enemy units eliminated (an `eliminate` condition): its runners
  // keep firing on their way.
  std::array<bool, 2> kills{false, false};
  double p_fail_command[kMaxFormations] = {};  // P(2d6 > morale), WSR 4.2
  // WSR-A4 blow-the-bridge: the engineer unit(s) of the hook (by unit index), pulled to an end
  // of the bridge while it is intact (BridgePull); the bridge hex, the end-of-turn checks that
  // place the charges and the engineer's seat.
  std::vector<bool> bridge_engineer;
  int bridge_hex = -1;
  int bridge_turns = 0;
  int bridge_seat = -1;
  int bridge_unit = -1;
  // Steps (hexes entered) from each hex to the nearest of the seat's targets over terrain the
  // unit may enter (the static costs of WsrGame::step_cost, WSR 5.0; units and markers left
  // out), per seat and soft/hard target; kCutOff where no path leads there (Setup, WSR 2.0).
  std::array<std::array<std::vector<int>, 2>, 2> path_steps;
};

constexpr int kCutOff = WsrGame::kNoPath;

uint64_t Fingerprint(const WsrGame& g) {
  uint64_t h = static_cast<uint64_t>(g.num_units()) * uint64_t{1000003} + g.objectives().size();
  for (int u = 0; u < g.num_units(); ++u)
    h = h * 31 + reinterpret_cast<uintptr_t>(g.unit(u).counter) + static_cast<uint64_t>(u) * 7 +
        g.unit(u).side;
  for (int o : g.objectives()) h = h * 131 + static_cast<uint64_t>(o);
  h = h * 31 + static_cast<uint64_t>(g.setup().turns);
  h ^= reinterpret_cast<uintptr_t>(g.setup().scenario_data.get());
  return h;
}

// The exit (G-12) and eliminate conditions in a condition tree, each with the seat it counts for.
void CollectExits(const WsrGame& g, const Condition& c, int seat,
                  std::vector<std::pair<int, const Condition*>>& out) {
  if (!c.by.empty() && g.seat_index(c.by) >= 0) seat = g.seat_index(c.by);
  if (c.kind == ConditionKind::kExit || c.kind == ConditionKind::kEliminate) {
    if (seat >= 0 && seat < 2) out.emplace_back(seat, &c);
    return;
  }
  for (const Condition& k : c.children) CollectExits(g, k, seat, out);
}

void CollectZones(const Scenario& sc, const Condition& c, std::vector<int>& out) {
  if (c.kind == ConditionKind::kNot) return;  // a zone the side wants the enemy out of
  if (!c.zone.empty()) {
    if (const Zone* z = sc.FindZone(c.zone))
      out.insert(out.end(), z->hexes.begin(), z->hexes.end());
  }
  for (const Condition& ch : c.children) CollectZones(sc, ch, out);
}

// The zones of the `not occupy` conditions in a condition tree (the enemy must be out of them).
void CollectClearZones(const Scenario& sc, const Condition& c, std::vector<int>& out) {
  if (c.kind == ConditionKind::kNot) {
    for (const Condition& ch : c.children)
      if (ch.kind == ConditionKind::kOccupy)
        if (const Zone* z = sc.FindZone(ch.zone))
          out.insert(out.end(), z->hexes.begin(), z->hexes.end());
    return;
  }
  for (const Condition& ch : c.children) CollectClearZones(sc, ch, out);
}

// The hex sets of which one suffices: the children of an "any" condition at the top.
void CollectAlternatives(const Scenario& sc, const Condition& c,
                         std::vector<std::vector<int>>& out) {
  if (c.kind == ConditionKind::kAny && c.children.size() > 1) {
    for (const Condition& ch : c.children) {
      std::vector<int> z;
      CollectZones(sc, ch, z);
      if (!z.empty()) out.push_back(z);
    }
    return;
  }
  std::vector<int> z;
  CollectZones(sc, c, z);
  if (!z.empty()) out.push_back(z);
}

std::shared_ptr<const GameInfo> BuildInfo(const WsrGame& g, double hq_value) {
  auto info = std::make_shared<GameInfo>();
  info->game = &g;
  info->fingerprint = Fingerprint(g);
  info->value.resize(static_cast<size_t>(g.num_units()));
  info->full_value.resize(static_cast<size_t>(g.num_units()));
  for (int u = 0; u < g.num_units(); ++u) {
    const CounterType& c = *g.unit(u).counter;
    for (int m = 0; m < 2; ++m)
      for (int r = 0; r < 2; ++r)
        info->value[static_cast<size_t>(u)][static_cast<size_t>(m)][static_cast<size_t>(r)] =
            FaceValue(c, c.face_for(m != 0, r != 0), hq_value);
    const double v = info->value[static_cast<size_t>(u)][c.transport ? 1 : 0][0];
    info->full_value[static_cast<size_t>(u)] = v;
    if (g.unit(u).side < 2) info->total_value[g.unit(u).side] += v;
  }
  for (int f = 0; f < g.num_formations(); ++f) {
    const int m = g.formation(f).morale;
    int fail = 0;
    for (int a = 1; a <= 6; ++a)
      for (int b = 1; b <= 6; ++b)
        if (a + b > m) ++fail;
    info->p_fail_command[f] = fail / 36.0;
  }
  info->scenario = g.setup().scenario_data.get();
  info->bridge_engineer.assign(static_cast<size_t>(g.num_units()), false);
  if (const SpecialRule* r =
          info->scenario ? info->scenario->FindRule("blow-the-bridge") : nullptr) {
    const std::string counter = r->Str("counter"), formation = r->Str("formation");
    for (int u = 0; u < g.num_units(); ++u) {
      const Formation* fd = g.formation(g.unit(u).formation).data;
      info->bridge_engineer[static_cast<size_t>(u)] =
          g.unit(u).counter->id == counter &&
          (formation.empty() || (fd != nullptr && fd->Matches(formation)));
      if (info->bridge_engineer[static_cast<size_t>(u)] && info->bridge_unit < 0) {
        info->bridge_seat = g.unit(u).side;
        info->bridge_unit = u;
      }
    }
    const Zone* z = info->scenario->FindZone(r->Str("zone"));
    info->bridge_hex = z == nullptr || z->hexes.empty() ? -1 : z->hexes.front();
    info->bridge_turns = r->Int("turns", 3);
  }
  for (int s = 0; s < 2; ++s)
    for (int h = 0; h < g.layout().size() && !info->exits[static_cast<size_t>(s)]; ++h)
      info->exits[static_cast<size_t>(s)] = g.exit_hex(s, h);
  std::vector<int> all = g.objectives();
  if (info->scenario) {
    const Scenario& sc = *info->scenario;
    for (const Outcome& o : sc.victory.outcomes) {
      std::vector<int> z;
      CollectZones(sc, o.condition, z);
      const int seat = g.seat_index(o.side);
      if (seat >= 0 && seat < 2)
        CollectAlternatives(sc, o.condition, info->alternatives[static_cast<size_t>(seat)]);
      if (seat >= 0 && seat < 2) {
        std::vector<int>& cz = info->clear_zone[static_cast<size_t>(seat)];
        CollectClearZones(sc, o.condition, cz);
        std::sort(cz.begin(), cz.end());
        cz.erase(std::unique(cz.begin(), cz.end()), cz.end());
      }
      if (seat >= 0 && seat < 2 && o.condition.kind == ConditionKind::kAtLeast &&
          o.condition.count > info->at_least_count[static_cast<size_t>(seat)] &&
          o.condition.count < static_cast<int>(o.condition.children.size())) {
        std::vector<std::vector<int>> zones;
        for (const Condition& ch : o.condition.children) {
          std::vector<int> hz;
          CollectZones(sc, ch, hz);
          std::sort(hz.begin(), hz.end());
          hz.erase(std::unique(hz.begin(), hz.end()), hz.end());
          if (!hz.empty()) zones.push_back(hz);
        }
        if (zones.size() == o.condition.children.size()) {
          info->at_least[static_cast<size_t>(seat)] = zones;
          info->at_least_count[static_cast<size_t>(seat)] = o.condition.count;
        }
      }
      for (int s = 0; s < 2; ++s)
        if (s == seat || seat < 0)
          info->targets[static_cast<size_t>(s)].insert(info->targets[static_cast<size_t>(s)].end(),
                                                       z.begin(), z.end());
      all.insert(all.end(), z.begin(), z.end());
    }
    if (!sc.victory.outcomes.empty()) {
      info->attacker = {false, false};
      for (const Outcome& o : sc.victory.outcomes) {
        const int seat = g.seat_index(o.side);
        if (seat >= 0 && seat < 2) info->attacker[static_cast<size_t>(seat)] = true;
      }
      if (!info->attacker[0] && !info->attacker[1]) info->attacker = {true, true};
      info->scenario_symmetric = info->attacker[0] && info->attacker[1];
    }
    for (const ScoreRule& r : sc.victory.scoring) {
      if (r.zone.empty()) continue;
      if (const Zone* z = sc.FindZone(r.zone)) {
        const int seat = g.seat_index(r.side);
        if (seat >= 0 && seat < 2)
          info->targets[static_cast<size_t>(seat)].insert(
              info->targets[static_cast<size_t>(seat)].end(), z->hexes.begin(), z->hexes.end());
        all.insert(all.end(), z->hexes.begin(), z->hexes.end());
      }
    }
  }
  std::sort(all.begin(), all.end());
  all.erase(std::unique(all.begin(), all.end()), all.end());
  all.erase(std::remove_if(all.begin(), all.end(),
                           [&](int h) { return h < 0 || h >= g.layout().size(); }),
            all.end());
  info->objective_hexes = all;
  for (auto& alts : info->alternatives) {
    for (auto& a : alts) {
      std::sort(a.begin(), a.end());
      a.erase(std::unique(a.begin(), a.end()), a.end());
    }
    if (alts.size() < 2) alts.clear();  // one set: the targets themselves
  }
  for (auto& t : info->targets) {
    t.erase(
        std::remove_if(t.begin(), t.end(), [&](int h) { return h < 0 || h >= g.layout().size(); }),
        t.end());
    // The defender holds what the attacker must take: a side without zones of its own is
    // pulled to every objective hex.
    if (t.empty()) t = all;
    std::sort(t.begin(), t.end());
    t.erase(std::unique(t.begin(), t.end()), t.end());
  }
  if (info->scenario) {
    std::vector<std::pair<int, const Condition*>> exits;
    for (const Outcome& o : info->scenario->victory.outcomes)
      CollectExits(g, o.condition, g.seat_index(o.side), exits);
    for (const auto& [seat, c] : exits) {
      if (c->kind == ConditionKind::kEliminate) {
        info->kills[static_cast<size_t>(seat)] = true;
        continue;
      }
      const Zone* z = info->scenario->FindZone(c->zone);
      if (z == nullptr || z->hexes.empty()) continue;
      std::vector<int> hexes = z->hexes;
      std::sort(hexes.begin(), hexes.end());
      info->exit_goals[static_cast<size_t>(seat)].push_back(c);
      info->exit_zones[static_cast<size_t>(seat)].push_back(std::move(hexes));
    }
  }
  // Path steps to the targets (WsrGame::path_steps, WSR 5.0).
  for (int side = 0; side < 2; ++side)
    for (int hard = 0; hard < 2; ++hard)
      info->path_steps[static_cast<size_t>(side)][static_cast<size_t>(hard)] =
          g.path_steps(info->targets[static_cast<size_t>(side)], hard != 0);
  for (int side = 0; side < 2; ++side) {
    std::vector<int>& h = info->hold_targets[static_cast<size_t>(side)];
    for (int t : info->targets[static_cast<size_t>(side)]) {
      bool exit = false;
      for (const std::vector<int>& z : info->exit_zones[static_cast<size_t>(side)])
        exit = exit || std::binary_search(z.begin(), z.end(), t);
      if (!exit) h.push_back(t);
    }
  }
  return info;
}

const GameInfo& Info(const WsrGame& g, double hq_value = 3.0) {
  thread_local std::shared_ptr<const GameInfo> last;
  if (last && last->game == &g && last->fingerprint == Fingerprint(g)) return *last;
  static std::mutex mu;
  static std::unordered_map<const WsrGame*, std::shared_ptr<const GameInfo>> cache;
  std::lock_guard<std::mutex> lock(mu);
  auto it = cache.find(&g);
  if (it == cache.end() || it->second->fingerprint != Fingerprint(g)) {
    if (cache.size() > 256) cache.clear();
    cache[&g] = BuildInfo(g, hq_value);
    it = cache.find(&g);
  }
  last = it->second;
  return *last;
}

// Current value of unit u (0 if gone; off-map units not yet arrived count, they will come).
double UnitValueNow(const WsrState& s, const GameInfo& gi, int u, double disrupted_factor) {
  const Unit& x = s.unit(u);
  if (x.flags & kGone) return 0.0;
  double v =
      gi.value[static_cast<size_t>(u)][(x.flags & kMounted) ? 1 : 0][(x.flags & kReduced) ? 1 : 0];
  if (x.flags & kDisrupted) v *= disrupted_factor;
  return v;
}

// ---------------------------------------------------------------------------------------------
// Victory conditions: degree (0..1) to which `seat` fulfils a condition now.

double Degree(const WsrState& s, const GameInfo& gi, const Condition& c, int seat) {
  const WsrGame& g = s.wgame();
  if (!c.by.empty()) {
    const int b = g.seat_index(c.by);
    if (b >= 0) seat = b;
  }
  const Scenario& sc = *gi.scenario;
  const Zone* z = c.zone.empty() ? nullptr : sc.FindZone(c.zone);
  auto counts_unit = [&](int u) {
    if (!c.count_hq && s.info(u).hq) return false;
    if (!c.count_reduced && s.has(u, kReduced)) return false;
    if (c.units.empty()) return true;
    for (const std::string& id : c.units)
      if (s.info(u).counter->id == id) return true;
    return false;
  };
  switch (c.kind) {
    case ConditionKind::kAll: {
      if (c.children.empty()) return 1.0;
      double sum = 0, mn = 1;
      for (const Condition& ch : c.children) {
        const double d = Degree(s, gi, ch, seat);
        sum += d;
        mn = std::min(mn, d);
      }
      return 0.5 * (sum / static_cast<double>(c.children.size())) + 0.5 * mn;
    }
    case ConditionKind::kAny: {
      double mx = 0;
      for (const Condition& ch : c.children) mx = std::max(mx, Degree(s, gi, ch, seat));
      return mx;
    }
    case ConditionKind::kAtLeast: {
      std::vector<double> d;
      for (const Condition& ch : c.children) d.push_back(Degree(s, gi, ch, seat));
      std::sort(d.rbegin(), d.rend());
      const int n = std::clamp(c.count, 1, std::max(1, static_cast<int>(d.size())));
      double sum = 0;
      for (int i = 0; i < n && i < static_cast<int>(d.size()); ++i)
        sum += d[static_cast<size_t>(i)];
      return sum / n;
    }
    case ConditionKind::kNot:
      return c.children.empty() ? 1.0 : 1.0 - Degree(s, gi, c.children[0], seat);
    case ConditionKind::kControlAll:
    case ConditionKind::kControlCount: {
      if (!z || z->hexes.empty()) return 0.0;
      int n = 0;
      for (int h : z->hexes)
        if (h < g.layout().size() && s.controller(h) == seat) ++n;
      if (c.kind == ConditionKind::kControlCount)
        return std::min(1.0, n / static_cast<double>(std::max(1, c.count)));
      // All hexes: the last one matters most.
      const double frac = n / static_cast<double>(z->hexes.size());
      return n == static_cast<int>(z->hexes.size()) ? 1.0 : 0.8 * frac * frac;
    }
    case ConditionKind::kOccupy: {
      if (!z) return 0.0;
      int n = 0;
      double near = 0;
      for (int u = 0; u < s.n_units; ++u) {
        if (s.side_of(u) != seat || !s.on_map(u) || !counts_unit(u)) continue;
        if (z->Contains(s.unit(u).hex)) {
          ++n;
        } else {
          int d = 99;
          for (int h : z->hexes) d = std::min(d, g.layout().Distance(h, s.unit(u).hex));
          near = std::max(near, 0.3 * std::max(0.0, 1.0 - d / 8.0));
        }
      }
      const int need = std::max(1, c.count);
      return n >= need ? 1.0 : (n + near) / need * 0.8;
    }
    case ConditionKind::kExit: {  // G-12: units exited from the zone, then the nearest ones
      if (!z) return 0.0;
      int out = 0;
      std::vector<double> near;
      for (int u = 0; u < s.n_units; ++u) {
        if (s.side_of(u) != seat || !counts_unit(u)) continue;
        int weight = 1;
        for (const auto& [counter, w] : c.weights)
          if (counter == s.info(u).counter->id) weight = w;
        if (s.has(u, kExited)) {
          if (z->Contains(s.exit_hex[static_cast<size_t>(u)])) out += weight;
          continue;
        }
        if (!s.on_map(u)) continue;
        int d = 99;
        for (int h : z->hexes) d = std::min(d, g.layout().Distance(h, s.unit(u).hex));
        near.push_back(weight * std::max(0.0, 1.0 - d / 12.0));
      }
      const int need = std::max(1, c.count);
      if (out >= need) return 1.0;
      std::sort(near.rbegin(), near.rend());
      double sum = out;
      for (size_t k = 0; k < near.size() && sum < need; ++k) sum += 0.5 * near[k];
      return std::min(1.0, sum / need) * 0.9;
    }
    case ConditionKind::kEliminate: {
      int n = 0;
      for (int u = 0; u < s.n_units; ++u)
        if (s.side_of(u) != seat && s.has(u, kGone) && !s.has(u, kExited) && counts_unit(u)) ++n;
      return std::min(1.0, n / static_cast<double>(std::max(1, c.count)));
    }
    case ConditionKind::kSurvive: {
      int n = 0;
      for (int u = 0; u < s.n_units; ++u)
        if (s.side_of(u) == seat && !s.has(u, kGone) && counts_unit(u)) ++n;
      return std::min(1.0, n / static_cast<double>(std::max(1, c.count)));
    }
  }
  return 0.0;
}

double ResultWeight(const std::string& r) {
  if (r.find("marginal") != std::string::npos) return 0.7;
  if (r.find("tactical") != std::string::npos) return 0.5;
  return 1.0;
}

int ResultSeat(const WsrGame& g, const std::string& result) {
  for (int s = 0; s < 2; ++s) {
    const std::string& id = g.seats()[static_cast<size_t>(s)];
    if (result == id || result.rfind(id + "-", 0) == 0) return s;
  }
  return -1;
}

// Objective score for seat 0 in [-1, 1].
double ObjectiveScore(const WsrState& s, const GameInfo& gi) {
  const WsrGame& g = s.wgame();
  if (gi.scenario) {
    const Victory& v = gi.scenario->victory;
    if (!v.outcomes.empty()) {
      std::array<double, 2> w{0, 0};
      double best_other = 0;  // how close the named outcomes are to holding
      for (const Outcome& o : v.outcomes) {
        const int seat = ResultSeat(g, o.result);
        if (seat < 0) continue;
        const double d = Degree(s, gi, o.condition, seat) * ResultWeight(o.result);
        w[static_cast<size_t>(seat)] = std::max(w[static_cast<size_t>(seat)], d);
        best_other = std::max(best_other, d);
      }
      const int os = ResultSeat(g, v.otherwise);
      if (os >= 0)
        w[static_cast<size_t>(os)] = std::max(w[static_cast<size_t>(os)], 1.0 - best_other);
      return std::clamp(w[0] - w[1], -1.0, 1.0);
    }
    if (!v.scoring.empty()) {
      std::array<double, 2> pts{0, 0};
      for (const ScoreRule& r : v.scoring) {
        const int seat = g.seat_index(r.side);
        if (seat < 0 || seat > 1) continue;
        const Zone* z = r.zone.empty() ? nullptr : gi.scenario->FindZone(r.zone);
        switch (r.per) {
          case ScoreEvent::kEliminated:
            for (int u = 0; u < s.n_units; ++u) {
              if (s.side_of(u) == seat || !s.has(u, kGone) || s.has(u, kExited)) continue;
              bool ok = r.units.empty();
              for (const auto& id : r.units) ok = ok || s.info(u).counter->id == id;
              if (ok) pts[static_cast<size_t>(seat)] += r.points;
            }
            break;
          case ScoreEvent::kControlledHex:
            if (z)
              for (int h : z->hexes)
                if (s.controller(h) == seat) pts[static_cast<size_t>(seat)] += r.points;
            break;
          case ScoreEvent::kControlledAll:
            if (z) {
              bool all = true;
              for (int h : z->hexes) all = all && s.controller(h) == seat;
              if (all) pts[static_cast<size_t>(seat)] += r.points;
            }
            break;
          case ScoreEvent::kExited:  // G-12 (exit.cc)
            for (int u = 0; u < s.n_units; ++u) {
              if (s.side_of(u) != seat || !s.has(u, kExited) || !z ||
                  !z->Contains(s.exit_hex[static_cast<size_t>(u)]))
                continue;
              bool ok = r.units.empty();
              for (const auto& id : r.units) ok = ok || s.info(u).counter->id == id;
              if (ok) pts[static_cast<size_t>(seat)] += r.points;
            }
            break;
        }
      }
      return std::tanh((pts[0] - pts[1]) / 5.0);
    }
  }
  if (gi.objective_hexes.empty()) return 0.0;
  double n0 = 0, n1 = 0;
  for (int h : gi.objective_hexes) {
    const int c = s.controller(h);
    if (c == 0) ++n0;
    if (c == 1) ++n1;
  }
  return (n0 - n1) / static_cast<double>(gi.objective_hexes.size());
}

int ExitWeight(const WsrState& s, const Condition& c, int u);

// G-12: the weight (ExitWeight) of the units of `seat` that have left the map from zone `z`
// for exit condition c.
int ExitedWeight(const WsrState& s, const Condition& c, int seat, const Zone& z) {
  int w = 0;
  for (int o = 0; o < s.n_units; ++o)
    if (s.side_of(o) == seat && s.has(o, kExited) && z.Contains(s.exit_hex[static_cast<size_t>(o)]))
      w += ExitWeight(s, c, o);
  return w;
}

// G-12: unit u of the moving stack counts for an exit condition of its side whose zone holds
// `hex`. `spare` (exit_spare): not for a condition met already -- a unit leaving then adds
// nothing and takes its firepower off the map (Bastogne's German left with five platoons where
// three were needed and fell short of the three kills its victory also needs).
bool ExitCountsIn(const WsrState& s, const Condition& c, int seat, int hex, int u, bool spare) {
  const WsrGame& g = s.wgame();
  if (!c.by.empty() && g.seat_index(c.by) >= 0) seat = g.seat_index(c.by);
  if (c.kind == ConditionKind::kExit) {
    const Zone* z = g.setup().scenario_data->FindZone(c.zone);
    if (z == nullptr || !z->Contains(hex) || s.side_of(u) != seat) return false;
    if (spare && ExitedWeight(s, c, seat, *z) >= std::max(1, c.count)) return false;
    if (!c.count_hq && s.info(u).hq) return false;
    if (!c.count_reduced && s.has(u, kReduced)) return false;
    return c.units.empty() ||
           std::find(c.units.begin(), c.units.end(), s.info(u).counter->id) != c.units.end();
  }
  for (const Condition& k : c.children)
    if (ExitCountsIn(s, k, seat, hex, u, spare)) return true;
  return false;
}

// G-12: a unit of the moving stack counts for an exit condition (ExitCountsIn) or `exited`
// scoring rule of its side whose zone holds the stack's hex.
bool ExitCounts(const WsrState& s, const GameInfo& gi, const WsrHeuristicParams& p) {
  if (!gi.scenario || s.n_group == 0) return false;
  const WsrGame& g = s.wgame();
  const int hex = s.unit(s.group[0]).hex;
  for (int k = 0; k < s.n_group; ++k) {
    const int u = s.group[static_cast<size_t>(k)];
    for (const Outcome& o : gi.scenario->victory.outcomes)
      if (ExitCountsIn(s, o.condition, g.seat_index(o.side), hex, u, p.exit_spare > 0)) return true;
    for (const ScoreRule& r : gi.scenario->victory.scoring) {
      if (r.per != ScoreEvent::kExited || g.seat_index(r.side) != s.side_of(u)) continue;
      const Zone* z = gi.scenario->FindZone(r.zone);
      if (z != nullptr && z->Contains(hex) &&
          (r.units.empty() ||
           std::find(r.units.begin(), r.units.end(), s.info(u).counter->id) != r.units.end()))
        return true;
    }
  }
  return false;
}

int MinDistance(const HexLayout& L, int hex, const std::vector<int>& targets) {
  int d = 1000;
  for (int t : targets) d = std::min(d, L.Distance(hex, t));
  return d;
}

// ---------------------------------------------------------------------------------------------
// Fire odds in value points.

UnitState StateOf(const WsrState& s, int u) {
  UnitState st;
  st.disrupted = s.has(u, kDisrupted);
  st.reduced = s.has(u, kReduced);
  st.single_step = s.info(u).counter->steps <= 1;
  return st;
}

// Expected value lost by unit t under the result odds (6.1.7, R.3).
double ExpectedLoss(const WsrState& s, const GameInfo& gi, int t, const ResultOdds& r,
                    const WsrHeuristicParams& p) {
  const bool mounted = s.has(t, kMounted);
  const double before = UnitValueNow(s, gi, t, p.disrupted_factor);
  const double full = gi.value[static_cast<size_t>(t)][mounted ? 1 : 0][s.has(t, kReduced) ? 1 : 0];
  const double reduced = gi.value[static_cast<size_t>(t)][mounted ? 1 : 0][1];
  const double after_disrupt = full * p.disrupted_factor;
  const double after_reduce = reduced * p.disrupted_factor;
  return r[static_cast<size_t>(CombatResult::kDisrupted)] * std::max(0.0, before - after_disrupt) +
         r[static_cast<size_t>(CombatResult::kReduced)] * std::max(0.0, before - after_reduce) +
         r[static_cast<size_t>(CombatResult::kEliminated)] * before;
}

// HQ loss check (1.3.2.2) expected damage on the HQs in `hex` of `side` after a hit.
double HqLossValue(const WsrState& s, const GameInfo& gi, int hex, int side, double p_hit,
                   double p_elim, const WsrHeuristicParams& p) {
  double v = 0;
  for (int h = 0; h < s.n_units; ++h) {
    if (!s.info(h).hq || !s.on_map(h) || s.unit(h).hex != hex || s.side_of(h) != side) continue;
    const double hv = UnitValueNow(s, gi, h, 1.0);
    // die <= 1 (no elimination) or die - 2 <= 1 (a unit eliminated): reduced or eliminated.
    v += hv * 0.6 * ((p_hit - p_elim) / 6.0 + p_elim * 0.5);
  }
  return v * p.hq_loss_weight;
}

double FireValue(const WsrState& s, const GameInfo& gi, int u, int t, bool opportunity,
                 const WsrHeuristicParams& p, bool with_hq = false) {
  FireParams fp;
  if (with_hq && !s.has(u, kHqBonus)) {
    // [REC] A-02: the HQ of the firer's hex adds its command value to this one attack.
    WsrState c = s;
    c.unit(u).flags |= kHqBonus;
    return FireValue(c, gi, u, t, opportunity, p, false) - p.hq_support_cost;
  }
  if (!s.can_fire(u, t, opportunity, nullptr, &fp)) return 0.0;
  const FireOdds o = OddsOfFire(fp, StateOf(s, t));
  double v = ExpectedLoss(s, gi, t, o.result, p);
  const int side = s.side_of(u);
  if (gi.attacker[static_cast<size_t>(side)] && !gi.scenario_symmetric) {
    const std::vector<int>& tg = gi.targets[static_cast<size_t>(side)];
    const std::vector<int>& cz = gi.clear_zone[static_cast<size_t>(side)];
    const int th = s.unit(t).hex;
    if (std::binary_search(tg.begin(), tg.end(), th) ||
        (p.hunt > 0 && std::binary_search(cz.begin(), cz.end(), th)))
      v *= 1.0 + p.blocker_bonus;
  }
  const double p_hit = 1.0 - (o.net_hits.empty() ? 1.0 : o.net_hits[0]);
  v += HqLossValue(s, gi, s.unit(t).hex, s.side_of(t), p_hit,
                   o.result[static_cast<size_t>(CombatResult::kEliminated)], p);
  return v;
}

double HexFireValue(const WsrState& s, const GameInfo& gi, int u, int hex,
                    const WsrHeuristicParams& p) {
  FireParams fp;
  if (!s.can_fire_hex(u, hex, nullptr, &fp)) return 0.0;
  std::vector<int> units;
  s.hex_targets(hex, 1 - s.side_of(u), units);
  if (units.empty() || units.size() > 4) return 0.0;
  std::vector<UnitState> st;
  for (int t : units) st.push_back(StateOf(s, t));
  const HexAttackOdds o = OddsOfHexAttack(fp, st);
  double v = 0, p_elim = 0;
  for (size_t i = 0; i < units.size(); ++i) {
    v += ExpectedLoss(s, gi, units[i], o.unit_result[i], p);
    p_elim = std::max(p_elim, o.unit_result[i][static_cast<size_t>(CombatResult::kEliminated)]);
  }
  const double p_hit = 1.0 - (o.net_hits.empty() ? 1.0 : o.net_hits[0]);
  v += HqLossValue(s, gi, hex, 1 - s.side_of(u), p_hit, p_elim, p);
  if (s.indirect_hex_fire(u, hex)) v *= 5.0 / 6.0;  // WSR 6.1, A-08: accuracy 2-6 lands
  return v;
}

double SmokeValue(const WsrState& s, const GameInfo& gi, int side, int hex,
                  const WsrHeuristicParams& p);

// WSR 11.2: a strike of `side` (kind k) on `hex`, named by `caller`. HE (11.2.1): the expected
// losses of the enemy minus the own in its seven hexes (all units, both sides), times the
// accuracy 5/6, less the cost of acting. Smoke (11.2.2): SmokeValue.
double StrikeValue(const WsrState& s, const GameInfo& gi, int side, int caller, int hex, int k,
                   const WsrHeuristicParams& p) {
  const int u = caller;
  if (s.strike_kind(side, k).smoke) return SmokeValue(s, gi, side, hex, p);
  WsrState c = s;  // barrage_params reads the strike being resolved
  c.strike = WsrState::StrikeRec{static_cast<int16_t>(hex),
                                 static_cast<int8_t>(u),
                                 static_cast<uint8_t>(side),
                                 static_cast<uint8_t>(k),
                                 1,
                                 0};
  double v = 0;
  std::vector<int> units;
  for (int i = 0; i < 7; ++i) {
    const int h = i == 0 ? hex : s.wgame().layout().Neighbour(hex, i - 1);
    if (h < 0) continue;
    c.barrage_targets(h, units);
    if (units.empty() || units.size() > 4) continue;
    FireParams fp;
    if (!c.barrage_params(h, &fp)) continue;
    std::vector<UnitState> st;
    for (int t : units) st.push_back(StateOf(s, t));
    const HexAttackOdds o = OddsOfHexAttack(fp, st);
    for (size_t j = 0; j < units.size(); ++j) {
      const double loss = ExpectedLoss(s, gi, units[j], o.unit_result[j], p);
      v += s.side_of(units[j]) == side ? -loss : loss;
    }
  }
  return v * 5.0 / 6.0 - p.fire_cost;
}

double CallValue(const WsrState& s, const GameInfo& gi, const Action& a,
                 const WsrHeuristicParams& p) {
  return StrikeValue(s, gi, s.side_of(a.arg(0)), a.arg(0), a.arg(1), a.arg(2), p);
}

// WSR 11.3.2: the air attack of the aircraft in use on `hex`, worth the expected losses of the
// aircraft owner's enemy minus those of its own units there (both sides are hit, R.2).
double AirHexValue(const WsrState& s, const GameInfo& gi, int hex, const WsrHeuristicParams& p) {
  if (s.sortie.k < 0) return 0.0;
  const int side = s.air_side(s.sortie.k);
  WsrState c = s;  // air_params reads the sortie
  c.sortie.hex = static_cast<int16_t>(hex);
  std::vector<int> units;
  c.air_targets(hex, units);
  if (units.empty() || units.size() > 4) return 0.0;
  FireParams fp;
  if (!c.air_params(hex, &fp)) return 0.0;
  std::vector<UnitState> st;
  for (int t : units) st.push_back(StateOf(s, t));
  const HexAttackOdds o = OddsOfHexAttack(fp, st);
  double v = 0;
  for (size_t j = 0; j < units.size(); ++j) {
    const double loss = ExpectedLoss(s, gi, units[j], o.unit_result[j], p);
    v += s.side_of(units[j]) == side ? -loss : loss;
  }
  return v;
}

// Memo of ShotValue past its checks, for one game (GameInfo) and one disrupted_factor.
struct ShotMemo {
  const WsrGame* game = nullptr;
  uint64_t fingerprint = 0;
  double disrupted_factor = -1;
  boost::unordered_flat_map<uint64_t, double> values;
};

ShotMemo& ShotMemoFor(const GameInfo& gi, const WsrHeuristicParams& p) {
  thread_local ShotMemo memo;
  if (memo.game != gi.game || memo.fingerprint != gi.fingerprint ||
      memo.disrupted_factor != p.disrupted_factor) {
    memo.game = gi.game;
    memo.fingerprint = gi.fingerprint;
    memo.disrupted_factor = p.disrupted_factor;
    memo.values.clear();
  }
  return memo;
}

double UncachedShotValue(const WsrState& s, const GameInfo& gi, int e, int t, int dist,
                         const TerrainType& tt, bool concealed, const WsrHeuristicParams& p);

// Expected value lost by unit `t` standing in `hex` if enemy unit `e` fires at it from where it
// is (WSR 6.1; range, LOS, terrain, concealment approximated). `moved`: t will have Ops complete
// (no concealment, 6.1.5).
double ShotValue(const WsrState& s, const GameInfo& gi, int e, int t, int e_hex, int hex,
                 bool moved, const WsrHeuristicParams& p) {
  const WsrGame& g = s.wgame();
  const HexLayout& L = g.layout();
  const int dist = L.Distance(e_hex, hex);
  if (dist == 0) return 0.0;
  const UnitInfo& ti = s.info(t);
  const bool t_hard = s.hard_target(t);
  const Face& ef = s.face(e);
  const Weapon& w = t_hard ? ef.ap : ef.he;
  if (!w.present()) return 0.0;
  const int range =
      w.range + (s.unit(e).sw != 0 && s.sw(e) ? s.sw(e)->face_for(false, false).range_bonus : 0);
  if (dist > (w.underlined ? range : 2 * range)) return 0.0;
  if (dist > 1 && !g.los_cache().StaticClear(e_hex, hex)) return 0.0;  // static LOS (memo)
  // WSR 11.2.2, A-25: smoke on the map blocks lines the static LOS leaves open.
  if (dist > 1 && s.n_smoke > 0 && !s.los_clear(e_hex, hex)) return 0.0;
  const TerrainType& tt = g.data().terrain[g.terrain(hex)];
  const bool concealed =
      !moved && dist > 1 && InfantryType(ti.counter->kind) && !t_hard && tt.conceals_infantry;
  // perf: the rest depends only on the two units' types and states, the distance, the terrain
  // and concealment (memoised per game and weights, ShotMemo).
  constexpr uint16_t kFlags = kReduced | kMounted | kDisrupted | kGone;
  const uint64_t key =
      static_cast<uint64_t>(e) | static_cast<uint64_t>(t) << 8 | static_cast<uint64_t>(dist) << 16 |
      static_cast<uint64_t>(g.terrain(hex)) << 24 |
      static_cast<uint64_t>(s.unit(e).flags & kFlags) << 32 |
      static_cast<uint64_t>(s.unit(t).flags & kFlags) << 40 |
      static_cast<uint64_t>(s.unit(e).sw) << 48 | static_cast<uint64_t>(concealed) << 56;
  ShotMemo& memo = ShotMemoFor(gi, p);
  if (auto it = memo.values.find(key); it != memo.values.end()) return it->second;
  const double v = UncachedShotValue(s, gi, e, t, dist, tt, concealed, p);
  if (memo.values.size() > (1u << 20)) memo.values.clear();
  memo.values.emplace(key, v);
  return v;
}

// ShotValue past its range and LOS checks.
double UncachedShotValue(const WsrState& s, const GameInfo& gi, int e, int t, int dist,
                         const TerrainType& tt, bool concealed, const WsrHeuristicParams& p) {
  const UnitInfo& ei = s.info(e);
  const UnitInfo& ti = s.info(t);
  FireSituation sit;
  sit.distance = dist;
  sit.target_mounted = s.has(t, kMounted);
  sit.target_reduced = s.has(t, kReduced);
  sit.firer_mounted = s.has(e, kMounted);
  sit.firer_reduced = s.has(e, kReduced);
  if (s.sw(e)) sit.support_weapon = &s.sw(e)->face_for(false, false);  // state (1.3.4.1)
  sit.concealed = concealed;
  const FireInput in = MakeFireInput(*ei.counter, *ti.counter, tt, sit);
  if (in.weapon.firepower <= 0) return 0.0;
  const FireParams fp = ComputeFire(in);
  if (!fp.legality || fp.dice > kMaxOddsDice) return 0.0;
  const FireOdds o = OddsOfFire(fp, StateOf(s, t));
  return ExpectedLoss(s, gi, t, o.result, p);
}

// Can enemy unit e fire in the near future (its next impulse or as opportunity fire)?
double FireChance(const WsrState& s, int e) {
  if (!s.on_map(e) || s.info(e).hq) return 0.0;
  if (s.info(e).counter->kind == UnitKind::kMortar) return 0.0;
  if (s.has(e, kDisrupted)) return 0.4;  // may reorganize first (4.3)
  return 1.0;
}

// ---------------------------------------------------------------------------------------------
// Per-decision cache of the movement potentials.

// An assault's expected exchange (PlanAssault): the value lost by the defenders minus by the
// attackers, and P(the attackers take the hex: defenders eliminated or retreating, or the
// overrun goes on). `legal` false when an attacker may not initiate it (no assault strength,
// disrupted, star: WSR 6.3, 6.1.7, A-13).
struct AssaultPlan {
  bool legal = false;
  double exchange = 0;
  double p_taken = 0;
};

// Per-hex values of one decision (0: none) that a new decision clears by resetting only the
// hexes it set, not the whole map (a rollout asks for a new position at every decision).
template <typename T>
struct TouchedHexes {
  std::vector<T> v;
  std::vector<int> touched;

  void clear() {
    for (int h : touched) v[static_cast<size_t>(h)] = 0;
    touched.clear();
  }
  void size_to(int hexes) {  // another map: start from an empty one
    if (static_cast<int>(v.size()) == hexes) return;
    v.assign(static_cast<size_t>(hexes), 0);
    touched.clear();
  }
  // The value of `hex` to write (a valid hex index of the map sized to).
  T& at(int hex) {
    T& x = v[static_cast<size_t>(hex)];
    if (x == 0) touched.push_back(hex);
    return x;
  }
};

// Who stands where (WSR 1.4), from one pass over a side's units: per side and hex, its combat
// units (the low bits) and whether an HQ of it is there (kHqBit); filled when first asked (perf:
// the potentials and the movement search ask it of every hex they look at).
struct Occupancy {
  static constexpr uint8_t kHqBit = 0x80;
  std::array<TouchedHexes<uint8_t>, 2> at;  // per side
  std::array<bool, 2> filled{false, false};

  void clear() {
    clear(0);
    clear(1);
  }
  void clear(int side) {
    at[static_cast<size_t>(side)].clear();
    filled[static_cast<size_t>(side)] = false;
  }
  const std::vector<uint8_t>& of(const WsrState& s, int side) {
    if (!filled[static_cast<size_t>(side)]) Fill(s, side);
    return at[static_cast<size_t>(side)].v;
  }
  void Fill(const WsrState& s, int side);
};

void Occupancy::Fill(const WsrState& s, int side) {
  TouchedHexes<uint8_t>& hexes = at[static_cast<size_t>(side)];
  const int n = s.wgame().layout().size();
  hexes.size_to(n);
  for (int u : s.wgame().side_units(side)) {
    const int h = u < s.n_units ? s.unit(u).hex : -1;
    if (h < 0 || h >= n) continue;
    uint8_t& x = hexes.at(h);
    x = s.info(u).hq ? (x | kHqBit) : static_cast<uint8_t>(x + 1);
  }
  filled[static_cast<size_t>(side)] = true;
}

// An enemy combat unit on the map, as the threat and offence terms of Potential read it.
struct Foe {
  int unit;
  int hex;
  double fire_chance;  // FireChance
};

struct DecisionCache {
  const WsrState* state = nullptr;
  const WsrHeuristicParams* params = nullptr;
  uint64_t hash = 0;
  int moves = -1;
  WsrHeuristicParams weights;
  boost::unordered_flat_map<int, double> pot;       // unit * 2048 + hex -> potential
  boost::unordered_flat_map<int, double> select;    // unit -> best improvement
  boost::unordered_flat_map<int, double> group_at;  // hex -> group potential
  boost::unordered_flat_map<int, double> reach;     // first hex -> best reachable group potential
  boost::unordered_flat_map<int, double> entry;  // hex -> worst opportunity-fire shot on entering
  boost::unordered_flat_map<uint64_t, AssaultPlan> assault;  // (members, hex, overrun) -> plan
  std::array<int, 2> focus{-1, -1};                          // chosen alternative per seat
  std::array<bool, 2> at_least_done{false, false};           // AtLeastTargets computed per seat
  std::array<bool, 2> hunt_done{false, false};               // HuntTargets computed per seat
  std::array<std::vector<int>, 2> hunt;
  std::array<std::vector<int>, 2> at_least;
  // SmokeValue: the enemy shots at the active formation's advance (computed once), and the
  // value of smoke per hex.
  struct Exposure {
    int e_hex, hex;
    double value;
  };
  bool exposure_done = false;
  std::vector<Exposure> exposure;
  boost::unordered_flat_map<int, double> smoke;  // hex -> SmokeValue
  // The attack plan of the attacking seat (AttackPlanFor, docs/wsr-ai.md "Attack plan").
  struct AttackPlan {
    bool done = false;                        // computed for this decision
    bool active = false;                      // a plan for `side`
    int side = -1;                            // the attacking seat
    std::vector<int> area;                    // objective: the victory hexes to take (not held yet)
    std::vector<int> dist;                    // per hex: distance to the area
    std::vector<uint8_t> seen;                // per hex: in range and LOS of a known enemy unit
    std::array<int8_t, kMaxFormations> go{};  // per formation: -1 none, 0 assemble, 1 go
    std::array<double, kMaxFormations> median{};  // median distance of its units to the area
    int turns_left = 0;
  };
  AttackPlan plan;
  // G-12 exit runners of each seat (ExitRunner): per unit the exit zone it runs for + 1, 0 none.
  std::array<bool, 2> runners_done{false, false};
  std::array<std::vector<int8_t>, 2> runner;
  // The occupancy of the decision's state (OccupancyOf), empty until asked.
  Occupancy occupancy;
  // Per seat and target hex: 2 when the seat holds it uncontested (HeldTarget), 1 when not.
  std::array<TouchedHexes<int8_t>, 2> held;
  // Per seat: the enemy combat units on the map (FoesOf), empty until asked.
  std::array<bool, 2> foes_done{false, false};
  std::array<std::vector<Foe>, 2> foes;
};

thread_local DecisionCache tl_cache;

// The cache of the decision being scored; WsrScore validates it once per call (Cache), the
// functions below use it as it stands (Current).
DecisionCache& Current() {
  return tl_cache;
}

DecisionCache& Cache(const WsrState& s, const WsrHeuristicParams& p) {
  DecisionCache& c = tl_cache;
  const uint64_t h = s.hash();
  // The weights are compared by value: another player's weights may sit at the same address.
  if (c.state != &s || c.hash != h || c.moves != s.moves || c.params != &p || c.weights != p) {
    c.state = &s;
    c.params = &p;
    c.weights = p;
    c.hash = h;
    c.moves = s.moves;
    c.pot.clear();
    c.select.clear();
    c.group_at.clear();
    c.reach.clear();
    c.entry.clear();
    c.assault.clear();
    c.focus = {-1, -1};
    c.at_least_done = {false, false};
    c.hunt_done = {false, false};
    c.exposure_done = false;
    c.exposure.clear();
    c.smoke.clear();
    c.plan.done = false;
    c.runners_done = {false, false};
    c.occupancy.clear();
    c.held[0].clear();
    c.held[1].clear();
    c.foes_done = {false, false};
  }
  return c;
}

// The occupancy of `side` in `s` (0 or 1): the decision's, filled once, when `s` is the state of
// the decision being scored; otherwise filled now from `s`.
const std::vector<uint8_t>& OccupancyOf(const WsrState& s, int side) {
  DecisionCache& c = Current();
  if (c.state == &s) return c.occupancy.of(s, side);
  thread_local Occupancy other;
  other.clear(side);
  return other.of(s, side);
}

// The enemy combat units on the map of `side` (0 or 1) in `s`, in unit order: the decision's,
// listed once, when `s` is the state of the decision being scored; otherwise listed now.
const std::vector<Foe>& FoesOf(const WsrState& s, int side) {
  DecisionCache& c = Current();
  thread_local std::vector<Foe> other;
  const bool cached = c.state == &s;
  std::vector<Foe>& foes = cached ? c.foes[static_cast<size_t>(side)] : other;
  if (cached && c.foes_done[static_cast<size_t>(side)]) return foes;
  foes.clear();
  for (int e = 0; e < s.n_units; ++e)
    if (s.on_map(e) && s.side_of(e) != side && !s.info(e).hq)
      foes.push_back({e, s.unit(e).hex, FireChance(s, e)});
  if (cached) c.foes_done[static_cast<size_t>(side)] = true;
  return foes;
}

// Who will control `hex` at the end of this turn if nothing changes (WSR 12.2, A-34): the side
// occupying it (of both, the side of the unit listed first), else the last side to enter it this
// turn, else its controller. Who occupies it comes from the occupancy when `s` is the state of
// the decision being scored.
int EffectiveController(const WsrState& s, int hex) {
  bool scan = true;
  DecisionCache& c = Current();
  if (c.state == &s) {
    const std::vector<uint8_t>& side0 = c.occupancy.of(s, 0);
    const std::vector<uint8_t>& side1 = c.occupancy.of(s, 1);
    if (hex >= 0 && hex < static_cast<int>(side0.size())) {
      const bool in0 = side0[static_cast<size_t>(hex)] != 0;
      const bool in1 = side1[static_cast<size_t>(hex)] != 0;
      if (in0 != in1) return in0 ? 0 : 1;
      scan = in0;  // both sides there: the first unit's side
    }
  }
  if (scan)
    for (int u = 0; u < s.n_units; ++u)
      if (s.unit(u).hex == hex) return s.side_of(u);
  const int last = ((s.control[static_cast<size_t>(hex)] >> 2) & 3) - 1;
  if (last >= 0) return last;
  return s.controller(hex);
}

// s.combat_units_in(hex, side) (WSR 1.4), from the occupancy when `s` is the state of the
// decision being scored.
int CombatIn(const WsrState& s, int hex, int side) {
  DecisionCache& c = Current();
  if (c.state != &s || (side != 0 && side != 1)) return s.combat_units_in(hex, side);
  const std::vector<uint8_t>& at = c.occupancy.of(s, side);
  if (hex < 0 || hex >= static_cast<int>(at.size())) return s.combat_units_in(hex, side);
  return at[static_cast<size_t>(hex)] & ~Occupancy::kHqBit;
}

// How near `side` is to holding all of `zone` (WSR 12.2): the share of its hexes it holds, less
// 0.05 x the mean distance of its combat units to the zone; `own`: the hexes it holds.
double ZoneCompletion(const WsrState& s, int side, const std::vector<int>& zone, int& own) {
  const HexLayout& L = s.wgame().layout();
  own = 0;
  for (int h : zone)
    if (EffectiveController(s, h) == side) ++own;
  double dist = 0;
  int n = 0;
  for (int u = 0; u < s.n_units; ++u)
    if (s.on_map(u) && s.side_of(u) == side && !s.info(u).hq) {
      dist += MinDistance(L, s.unit(u).hex, zone);
      ++n;
    }
  return own / static_cast<double>(zone.size()) - 0.05 * (n ? dist / n : 0);
}

// The hexes `side` goes for: its victory hexes, or of alternatives the one it is closest to
// fulfilling (share of hexes it holds, then the distance of its units).
const std::vector<int>& FocusTargets(const WsrState& s, const GameInfo& gi, int side) {
  const auto& alts = gi.alternatives[static_cast<size_t>(side)];
  if (alts.empty()) return gi.targets[static_cast<size_t>(side)];
  DecisionCache& c = Current();
  int& f = c.focus[static_cast<size_t>(side)];
  if (f < 0) {
    double best = -1e9;
    for (size_t i = 0; i < alts.size(); ++i) {
      int own = 0;
      const double sc = ZoneCompletion(s, side, alts[i], own);
      if (sc > best) {
        best = sc;
        f = static_cast<int>(i);
      }
    }
  }
  return alts[static_cast<size_t>(f)];
}

// The hexes `side` goes for when its victory needs `k` of several zones (A6: two of the three
// towns, WSR 12.2): the zones it holds all of, and of the others the best to make up k (the
// share of their hexes it holds, then the mean distance of its combat units). Going for the
// nearest hex of every zone, its units spread over two towns and completed neither.
const std::vector<int>& AtLeastTargets(const WsrState& s, const GameInfo& gi, int side) {
  DecisionCache& c = Current();
  std::vector<int>& out = c.at_least[static_cast<size_t>(side)];
  if (c.at_least_done[static_cast<size_t>(side)]) return out;
  c.at_least_done[static_cast<size_t>(side)] = true;
  const auto& zones = gi.at_least[static_cast<size_t>(side)];
  std::vector<std::pair<double, size_t>> open;  // (-score, zone): best first after the sort
  int complete = 0;
  out.clear();
  for (size_t i = 0; i < zones.size(); ++i) {
    int own = 0;
    const double sc = ZoneCompletion(s, side, zones[i], own);
    if (own == static_cast<int>(zones[i].size())) {
      ++complete;
      out.insert(out.end(), zones[i].begin(), zones[i].end());
      continue;
    }
    open.push_back({-sc, i});
  }
  std::sort(open.begin(), open.end());
  for (size_t j = 0; j < open.size() &&
                     complete + static_cast<int>(j) < gi.at_least_count[static_cast<size_t>(side)];
       ++j)
    out.insert(out.end(), zones[open[j].second].begin(), zones[open[j].second].end());
  std::sort(out.begin(), out.end());
  if (out.empty()) out = gi.targets[static_cast<size_t>(side)];
  return out;
}

// `targets` and the hexes of the seat's clear zones an enemy unit stands in (Omaha: no German
// unit within 2 hexes of the beach at the end, a `not occupy` condition): such a unit pulls the
// seat's units as a victory hex does, and a shot at it counts as one at a blocker. Without, the
// US held Saarbourg while a German platoon stood unhunted in the beach belt.
const std::vector<int>& HuntTargets(const WsrState& s, const GameInfo& gi, int side,
                                    const std::vector<int>& targets) {
  DecisionCache& c = Current();
  std::vector<int>& out = c.hunt[static_cast<size_t>(side)];
  if (c.hunt_done[static_cast<size_t>(side)]) return out;
  c.hunt_done[static_cast<size_t>(side)] = true;
  out = targets;
  const std::vector<int>& zone = gi.clear_zone[static_cast<size_t>(side)];
  for (int e = 0; e < s.n_units; ++e)
    if (s.on_map(e) && s.side_of(e) != side &&
        std::binary_search(zone.begin(), zone.end(), static_cast<int>(s.unit(e).hex)))
      out.push_back(s.unit(e).hex);
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

// ---------------------------------------------------------------------------------------------
// Exit runners (G-12, docs/wsr-ai.md "Exit runners"). A victory that needs units off the map at
// an exit zone as well as hexes held (Chaumont: both towns and four units out at A-K01) is lost
// when every unit goes for the nearest victory hex and stops to fire on the way (a unit either
// fires or moves, WSR 5.0, 6.1). So the units that are to leave are named: per exit condition not
// met yet, the counting units nearest the zone until their weight covers the condition's count
// and `runner_spare` of it more (the spares stand in for runners lost on the way). A runner is
// pulled to its zone alone, heeds the enemy fire on its way less, and does not stop to fire while
// it can get nearer; the other units go for the side's other victory hexes.

// What unit u counts for exit condition c (0: it does not count; WSR G-12, the weights).
int ExitWeight(const WsrState& s, const Condition& c, int u) {
  if (!c.count_hq && s.info(u).hq) return 0;
  if (!c.count_reduced && s.has(u, kReduced)) return 0;
  if (!c.units.empty() &&
      std::find(c.units.begin(), c.units.end(), s.info(u).counter->id) == c.units.end())
    return 0;
  for (const auto& [counter, w] : c.weights)
    if (counter == s.info(u).counter->id) return w;
  return 1;
}

int PlanHex(const WsrState& s, int u);

// G-12: has `side` met every exit condition of its victory (GameInfo::exit_goals)?
bool ExitsMet(const WsrState& s, const GameInfo& gi, int side) {
  const auto& goals = gi.exit_goals[static_cast<size_t>(side)];
  if (goals.empty() || !gi.scenario) return false;
  for (const Condition* c : goals) {
    const Zone* z = gi.scenario->FindZone(c->zone);
    if (z == nullptr || ExitedWeight(s, *c, side, *z) < std::max(1, c->count)) return false;
  }
  return true;
}

// The exit zone runner u runs for, or nullptr.
const std::vector<int>* ExitRunner(const WsrState& s, const GameInfo& gi, int u,
                                   const WsrHeuristicParams& p) {
  const int side = s.side_of(u);
  // A side whose victory also counts kills and has no hexes to hold goes out fighting: every unit
  // is pulled to the exit already, and runners that hurried off took the firepower with them
  // (Bastogne's German, docs/wsr-ai.md "Exit runners").
  if (side < 0 || side > 1 || gi.exit_goals[static_cast<size_t>(side)].empty() ||
      (gi.kills[static_cast<size_t>(side)] && gi.hold_targets[static_cast<size_t>(side)].empty()))
    return nullptr;
  DecisionCache& dc = Current();
  std::vector<int8_t>& r = dc.runner[static_cast<size_t>(side)];
  if (!dc.runners_done[static_cast<size_t>(side)]) {
    dc.runners_done[static_cast<size_t>(side)] = true;
    r.assign(static_cast<size_t>(s.n_units), 0);
    const HexLayout& L = s.wgame().layout();
    const auto& goals = gi.exit_goals[static_cast<size_t>(side)];
    const auto& zones = gi.exit_zones[static_cast<size_t>(side)];
    for (size_t i = 0; i < goals.size(); ++i) {
      const Condition& c = *goals[i];
      const std::vector<int>& zone = zones[i];
      int have = 0;
      std::vector<std::pair<int, int>> cand;  // (distance, unit)
      for (int o = 0; o < s.n_units; ++o) {
        if (s.side_of(o) != side) continue;
        const int w = ExitWeight(s, c, o);
        if (w == 0) continue;
        if (s.has(o, kExited)) {
          if (std::binary_search(zone.begin(), zone.end(),
                                 static_cast<int>(s.exit_hex[static_cast<size_t>(o)])))
            have += w;
          continue;
        }
        if (!s.on_map(o)) continue;
        if (r[static_cast<size_t>(o)] != 0) {
          have += w;  // a runner already (of another condition on the same zone)
          continue;
        }
        // A disrupted unit moves less far (6.1.7): it counts two hexes farther.
        const int d = MinDistance(L, PlanHex(s, o), zone) + (s.has(o, kDisrupted) ? 2 : 0);
        cand.emplace_back(d, o);
      }
      if (have >= std::max(1, c.count)) continue;  // met: every unit is free for the rest
      const int need = static_cast<int>(std::ceil(std::max(1, c.count) * (1.0 + p.runner_spare)));
      std::sort(cand.begin(), cand.end());
      for (const auto& [d, o] : cand) {
        if (have >= need) break;
        r[static_cast<size_t>(o)] = static_cast<int8_t>(i + 1);
        have += ExitWeight(s, c, o);
      }
    }
  }
  const int k = r[static_cast<size_t>(u)];
  return k > 0 ? &gi.exit_zones[static_cast<size_t>(side)][static_cast<size_t>(k - 1)] : nullptr;
}

// ---------------------------------------------------------------------------------------------
// Attack plan (docs/wsr-ai.md "Attack plan"): the attacking seat picks the victory hexes to take
// next (the objective area), assembles each formation on a ring `plan_assembly` hexes from it,
// preferring hexes no known enemy unit sees (range and LOS, WSR 6.1, 7.0), and advances when
// enough of the formation has arrived or the turns left force it (WSR 12.2: control is judged
// at the end); advancing, its units keep with the formation. Its units fire at the objective's
// defenders before the others move. Computed once per decision (DecisionCache::plan).

// The farthest a unit may fire (WSR 6.1, 6.1.1: extended range doubles a range not underlined).
int MaxFireRange(const WsrState& s, int e) {
  const Face& f = s.face(e);
  const int bonus = s.sw(e) ? s.sw(e)->face_for(false, false).range_bonus : 0;
  int r = 0;
  for (const Weapon* w : {&f.ap, &f.he})
    if (w->present()) r = std::max(r, w->underlined ? w->range + bonus : 2 * (w->range + bonus));
  return r;
}

// Where the plan sees unit u: the units of the stack now moving where they started (WSR 5.1),
// so that the plan does not change under a stack in the middle of its move (it would turn back).
int PlanHex(const WsrState& s, int u) {
  return s.in_group(u) && s.unit(u).start_hex != kNoHex ? s.unit(u).start_hex : s.unit(u).hex;
}

// Does `side` hold victory hex t for the plan: a unit of its own stands there (not one of the
// moving stack), else it controls it (WSR 12.2).
bool PlanHeld(const WsrState& s, int t, int side) {
  bool other = false;
  for (int u = 0; u < s.n_units; ++u) {
    if (s.unit(u).hex != t || s.in_group(u)) continue;
    if (s.side_of(u) == side) return true;
    other = true;
  }
  return !other && s.controller(t) == side;
}

// The farthest an open victory hex may lie from the objective for the plan (a town, not a map).
constexpr int kPlanSpread = 6;

const DecisionCache::AttackPlan& AttackPlanFor(const WsrState& s, const GameInfo& gi, int side,
                                               const WsrHeuristicParams& p) {
  DecisionCache::AttackPlan& a = Current().plan;
  if (a.done && a.side == side) return a;
  a.done = true;
  a.side = side;
  a.active = false;
  a.go.fill(-1);
  a.area.clear();
  if (p.plan <= 0 || side < 0 || side > 1 || !gi.attacker[static_cast<size_t>(side)] ||
      gi.scenario_symmetric)
    return a;
  const WsrGame& g = s.wgame();
  const HexLayout& L = g.layout();
  // The victory hexes still to take (an exit zone is no place to assault, G-12).
  std::vector<int> open;
  for (int t : gi.targets[static_cast<size_t>(side)])
    if (!g.exit_hex(side, t) && !PlanHeld(s, t, side)) open.push_back(t);
  std::vector<int> mine;
  for (int u = 0; u < s.n_units; ++u)
    if (s.on_map(u) && s.side_of(u) == side && !s.info(u).hq) mine.push_back(u);
  if (open.empty() || mine.empty()) return a;
  // The objective: the open hex nearest to the side's units (sum of distances), with the open
  // hexes within 3 of it (a town's hexes are taken together).
  int best = -1;
  long best_sum = 0;
  for (int t : open) {
    long sum = 0;
    for (int u : mine) sum += L.Distance(PlanHex(s, u), t);
    if (best < 0 || sum < best_sum) {
      best = t;
      best_sum = sum;
    }
  }
  // One objective at a time: a side that must take hexes farther apart (several towns and a
  // hill, all of them: Hürtgen) keeps the one-step pull toward each. Of alternatives of which
  // one suffices (Le Hauderie's "either town") only the one holding the objective counts.
  const std::vector<int>* needed = nullptr;
  for (const std::vector<int>& alt : gi.alternatives[static_cast<size_t>(side)])
    if (std::binary_search(alt.begin(), alt.end(), best)) {
      needed = &alt;
      break;
    }
  for (int t : open)
    if ((needed == nullptr || std::binary_search(needed->begin(), needed->end(), t)) &&
        L.Distance(t, best) > kPlanSpread)
      return a;
  for (int t : open)
    if (L.Distance(t, best) <= 3) a.area.push_back(t);
  a.dist.assign(static_cast<size_t>(L.size()), 0);
  for (int h = 0; h < L.size(); ++h) a.dist[static_cast<size_t>(h)] = MinDistance(L, h, a.area);
  // What the known enemy units see: every hex within their fire range and line of sight.
  a.seen.assign(static_cast<size_t>(L.size()), 0);
  for (int e = 0; e < s.n_units; ++e) {
    if (!s.on_map(e) || s.side_of(e) == side || FireChance(s, e) <= 0) continue;
    const int eh = s.unit(e).hex;
    const int r = MaxFireRange(s, e);
    for (int h = 0; h < L.size(); ++h) {
      if (a.seen[static_cast<size_t>(h)]) continue;
      const int d = L.Distance(eh, h);
      if (d > r) continue;
      if (d <= 1 || (g.los_cache().StaticClear(eh, h) && (s.n_smoke == 0 || s.los_clear(eh, h))))
        a.seen[static_cast<size_t>(h)] = 1;
    }
  }
  // Per formation: assemble or go. It goes when `plan_ready` of its value on the map stands
  // within a hex of the ring, or when the turns left are no more than it needs to close the
  // median distance at `plan_pace` hexes a turn and hold for `plan_margin` turns.
  a.turns_left = std::max(1, g.setup().turns) - s.turn + 1;
  for (int f = 0; f < g.num_formations() && f < kMaxFormations; ++f) {
    if (g.formation(f).side != side) continue;
    std::vector<int> d;
    double total = 0, ready = 0;
    for (int u : mine) {
      if (s.info(u).formation != f) continue;
      const int du = a.dist[static_cast<size_t>(PlanHex(s, u))];
      d.push_back(du);
      const double v = UnitValueNow(s, gi, u, p.disrupted_factor);
      total += v;
      if (du <= p.plan_assembly + 1) ready += v;
    }
    if (d.empty()) continue;
    std::sort(d.begin(), d.end());
    const double med = d[d.size() / 2];
    a.median[static_cast<size_t>(f)] = med;
    const double need = std::ceil(med / std::max(1.0, p.plan_pace)) + p.plan_margin;
    const bool go = ready >= p.plan_ready * total || a.turns_left <= need || med <= p.plan_assembly;
    a.go[static_cast<size_t>(f)] = go ? 1 : 0;
  }
  a.active = true;
  return a;
}

// The plan's part of unit u's potential in `hex` (combat units of the attacking seat):
// assembling, the objective pull (distance `best` to the victory hexes) ends at the ring, or
// where the unit stands if it is inside the ring already, and a hex an enemy sees costs
// `plan_hide`; advancing, a unit more than `plan_lead` hexes ahead of its formation's median
// pays `plan_cohesion` a hex (not in the last turn: then everybody goes).
double PlanTerm(const WsrState& s, const GameInfo& gi, int u, int hex, int& best,
                const WsrHeuristicParams& p) {
  const int side = s.side_of(u);
  if (p.plan <= 0 || s.info(u).hq || !gi.attacker[static_cast<size_t>(side)]) return 0.0;
  const DecisionCache::AttackPlan& a = AttackPlanFor(s, gi, side, p);
  if (!a.active) return 0.0;
  const int f = s.info(u).formation;
  if (f < 0 || f >= kMaxFormations || a.go[static_cast<size_t>(f)] < 0) return 0.0;
  const int dh = a.dist[static_cast<size_t>(hex)];
  if (a.go[static_cast<size_t>(f)] == 0) {
    const int du = a.dist[static_cast<size_t>(PlanHex(s, u))];
    const int ring = static_cast<int>(p.plan_assembly);
    // Only toward this objective: a unit nearer another victory hex (several zones, A5) goes on.
    if (dh <= best) best = std::max(best, std::min(du, ring));
    return a.seen[static_cast<size_t>(hex)] ? -p.plan_hide : 0.0;
  }
  if (a.turns_left <= 1) return 0.0;
  const double gap = a.median[static_cast<size_t>(f)] - dh - p.plan_lead;
  return gap > 0 ? -p.plan_cohesion * gap : 0.0;
}

// A shot of a planned formation at a defender in or next to the objective area comes before
// the moves (`plan_suppress`): the units that can hit the objective's defenders fire first.
double PlanFireBonus(const WsrState& s, const GameInfo& gi, int u, int t,
                     const WsrHeuristicParams& p) {
  const int side = s.side_of(u);
  if (p.plan <= 0 || side < 0 || side > 1 || !gi.attacker[static_cast<size_t>(side)]) return 0.0;
  const DecisionCache::AttackPlan& a = AttackPlanFor(s, gi, side, p);
  const int f = s.info(u).formation;
  if (!a.active || f < 0 || f >= kMaxFormations || a.go[static_cast<size_t>(f)] < 0 || !s.on_map(t))
    return 0.0;
  return a.dist[static_cast<size_t>(s.unit(t).hex)] <= 1 ? p.plan_suppress : 0.0;
}

// WSR 11.2.2 smoke (docs/wsr-ai.md "Smoke"). The advance of the active formation: each of its
// combat units that may still act and stands off the side's objective hexes goes toward the
// nearest one, through its lane (the hexes 1-2 away on a shortest way there). Its exposure is
// each enemy shot at it in a lane hex (FireChance x ShotValue, moving: no concealment, 6.1.5),
// averaged over the lane. Smoke on `hex` is worth the exposure whose line of sight the smoke
// area (the hex and its six neighbours, A-25) blocks, x `threat`, x the accuracy 5/6, less
// kSmokeCost: a scarce strike goes where an advance crosses open ground under enemy guns.
// When that is positive, +5: the call comes first.
constexpr double kSmokeCost = 0.25;

const std::vector<DecisionCache::Exposure>& AdvanceExposure(const WsrState& s, const GameInfo& gi,
                                                            int side, const WsrHeuristicParams& p) {
  DecisionCache& c = Current();
  if (c.exposure_done) return c.exposure;
  c.exposure_done = true;
  if (s.active_f < 0 || s.wgame().formation(s.active_f).side != side) return c.exposure;
  const std::vector<int>& targets = FocusTargets(s, gi, side);
  if (targets.empty()) return c.exposure;
  const HexLayout& L = s.wgame().layout();
  std::vector<int> lane;
  for (int u = 0; u < s.n_units; ++u) {
    if (!s.on_map(u) || s.info(u).formation != s.active_f || s.info(u).hq || s.has(u, kOpsComplete))
      continue;
    const int a = s.unit(u).hex;
    const int da = MinDistance(L, a, targets);
    if (da == 0) continue;
    lane.clear();
    for (int h = 0; h < L.size(); ++h) {
      const int d = L.Distance(a, h);
      if (d >= 1 && d <= 2 && d <= da && MinDistance(L, h, targets) == da - d) lane.push_back(h);
    }
    if (lane.empty()) continue;
    for (int h : lane)
      for (int e = 0; e < s.n_units; ++e) {
        if (!s.on_map(e) || s.side_of(e) == side || s.info(e).hq) continue;
        const int eh = s.unit(e).hex;
        if (L.Distance(eh, h) <= 1) continue;  // adjacent hexes always see each other (7.0)
        const double fc = FireChance(s, e);
        if (fc <= 0) continue;
        const double v = fc * ShotValue(s, gi, e, u, eh, h, true, p);
        if (v > 0) c.exposure.push_back({eh, h, v / static_cast<double>(lane.size())});
      }
  }
  return c.exposure;
}

double SmokeValue(const WsrState& s, const GameInfo& gi, int side, int hex,
                  const WsrHeuristicParams& p) {
  constexpr double kUnused = -0.05;         // no advance to cover: keep the strike
  if (s.smoke_at(hex) > 0) return kUnused;  // already smoked
  DecisionCache& c = Current();
  if (auto it = c.smoke.find(hex); it != c.smoke.end()) return it->second;
  const auto& exposure = AdvanceExposure(s, gi, side, p);
  const HexLayout& L = s.wgame().layout();
  double blocked = 0;
  if (!exposure.empty() && s.n_smoke < kMaxSmoke) {
    WsrState sm = s;
    const size_t k = sm.n_smoke++;
    sm.smoke_hex[k] = static_cast<int16_t>(hex);
    sm.smoke_level[k] = 2;
    for (const auto& x : exposure) {
      // Only a line passing within one hex of `hex` meets the smoke area.
      if (L.Distance(hex, x.e_hex) + L.Distance(hex, x.hex) > L.Distance(x.e_hex, x.hex) + 2)
        continue;
      if (!sm.los_clear(x.e_hex, x.hex)) blocked += x.value;
    }
  }
  // Worth it: +5, before any unit acts (the call costs no unit its action, and the smoke must
  // be down before the advance moves, A-24).
  const double gain = p.threat * blocked * 5.0 / 6.0 - kSmokeCost;
  const double v = gain > 0 ? 5.0 + gain : kUnused;
  c.smoke[hex] = v;
  return v;
}

// WSR-A4 blow-the-bridge: the pull of the engineer to an end of the intact bridge, where it
// must end 3 consecutive turns undisrupted before it may try to blow it (docs/wsr-ai.md
// "Movement potential"). The end it stands at, else the end farther from the nearest enemy unit.
// 0 for every other unit and once the bridge is destroyed or crossed.
double BridgePull(const WsrState& s, const GameInfo& gi, int u, int hex) {
  if (gi.bridge_engineer.empty() || s.bridge != WsrState::kBridgeIntact || !s.on_map(u)) return 0.0;
  // When the engineer could try now (charges placed, its formation's impulse, at an end, no
  // attempt this turn, no Ops complete), its side's units leave the bridge hex: an attempt
  // needs it empty ([Decision] of the hook).
  if (!gi.bridge_engineer[static_cast<size_t>(u)]) {
    const int e = gi.bridge_unit;
    if (s.side_of(u) != gi.bridge_seat || hex != gi.bridge_hex || e < 0 || !s.on_map(e) ||
        s.bridge_turns < gi.bridge_turns || s.bridge_try_turn == s.turn ||
        s.active_f != s.info(e).formation || s.has(e, kOpsComplete))
      return 0.0;
    const std::array<int, 2> ends = s.bridge_ends();
    return s.unit(e).hex == ends[0] || s.unit(e).hex == ends[1] ? -10.0 : 0.0;
  }
  const std::array<int, 2> ends = s.bridge_ends();
  if (ends[0] == kNoHex || ends[1] == kNoHex) return 0.0;
  const HexLayout& L = s.wgame().layout();
  const int at = s.unit(u).hex;
  int target = at == ends[0] || at == ends[1] ? at : kNoHex;
  if (target == kNoHex) {
    std::array<int, 2> enemy = {1000, 1000};
    for (int e = 0; e < s.n_units; ++e)
      if (s.on_map(e) && s.side_of(e) != s.side_of(u))
        for (size_t k = 0; k < 2; ++k)
          enemy[k] = std::min(enemy[k], L.Distance(s.unit(e).hex, ends[k]));
    target = enemy[0] >= enemy[1] ? ends[0] : ends[1];
  }
  const int d = L.Distance(hex, target);
  // Stronger than any objective, fire or threat term: the demolition wins the scenario.
  return 20.0 * std::max(0.0, 1.0 - d / 20.0) + (d == 0 ? 20.0 : 0.0);
}

// Whether `side` holds target hex `t` (EffectiveController) and no enemy can simply retake it:
// an empty hex it holds with an enemy combat unit within `contest_range` is contested. The same
// for every unit and hex the potentials look at, so kept per decision.
bool HeldTarget(const WsrState& s, int t, int side, const WsrHeuristicParams& p) {
  const HexLayout& L = s.wgame().layout();
  DecisionCache& c = Current();
  TouchedHexes<int8_t>* held = nullptr;
  if (c.state == &s && (side == 0 || side == 1) && t >= 0 && t < L.size()) {
    held = &c.held[static_cast<size_t>(side)];
    held->size_to(L.size());
    if (const int8_t known = held->v[static_cast<size_t>(t)]) return known == 2;
  }
  bool ours = EffectiveController(s, t) == side;
  if (ours && p.contest_range > 0 && !CombatIn(s, t, side)) {
    for (int e = 0; e < s.n_units && ours; ++e)
      if (s.on_map(e) && s.side_of(e) != side && !s.info(e).hq &&
          L.Distance(s.unit(e).hex, t) <= p.contest_range)
        ours = false;
  }
  if (held != nullptr) held->at(t) = ours ? 2 : 1;
  return ours;
}

// Potential of unit u standing in `hex` at the end of its move (docs/wsr-ai.md "Movement").
// `with`: the units moving together with u (they share the hex).
double Potential(const WsrState& s, const GameInfo& gi, int u, int hex,
                 const std::vector<int>& with, const WsrHeuristicParams& p) {
  const WsrGame& g = s.wgame();
  const HexLayout& L = g.layout();
  const int side = s.side_of(u);
  const UnitInfo& ui = s.info(u);
  // A unit of the moving stack that has entered a hex gets Ops complete when it stops, so it is
  // not concealed where it stands either (6.1.5).
  const bool moved = hex != s.unit(u).hex || (s.group_steps > 0 && s.in_group(u));
  double v = 0;
  // Objectives (victory zones).
  const int n_turns = std::max(1, g.setup().turns);
  const bool focus = p.focus > 0 && (s.turn - 1) >= p.focus_from * n_turns;
  // G-12: a runner goes for its exit zone alone, the others for the victory hexes to hold.
  const std::vector<int>* run = ui.hq || p.exit_runners <= 0 ? nullptr : ExitRunner(s, gi, u, p);
  const std::vector<int>& hold = gi.hold_targets[static_cast<size_t>(side)];
  // G-12: a side that must exit units and eliminate enemy ones, with no hexes to hold, closes
  // with the enemy once its exits are made (exit_spare; Bastogne: the spare units stay to fight).
  static const std::vector<int> kNone;
  const bool hunt_now = p.exit_spare > 0 && run == nullptr && gi.kills[static_cast<size_t>(side)] &&
                        hold.empty() && ExitsMet(s, gi, side);
  const std::vector<int>& targets =
      hunt_now         ? kNone
      : run != nullptr ? *run
      : focus          ? FocusTargets(s, gi, side)
      : p.focus_at_least > 0 && !gi.at_least[static_cast<size_t>(side)].empty()
          ? AtLeastTargets(s, gi, side)
      : p.exit_runners > 0 && !hold.empty() && !gi.exit_goals[static_cast<size_t>(side)].empty()
          ? hold
      : p.hunt > 0 && !gi.clear_zone[static_cast<size_t>(side)].empty()
          ? HuntTargets(s, gi, side, gi.targets[static_cast<size_t>(side)])
          : gi.targets[static_cast<size_t>(side)];
  if (!ui.hq) {
    if (!targets.empty()) {
      const bool attacker = gi.attacker[static_cast<size_t>(side)];
      // The attacker's pull grows as the turns run out (the victory is judged at game end).
      const int turns = std::max(1, g.setup().turns);
      const double progress = std::clamp((s.turn - 1) / static_cast<double>(turns), 0.0, 1.0);
      const double w = p.objective * (attacker ? 1.0 + p.urgency * progress : 1.0);
      int best = 1000;
      bool on_target = false, taking = false;
      for (int t : targets) {
        const int d = L.Distance(hex, t);
        // Hexes the side will hold anyway pull less: go for the next one (WSR 12.2). An
        // attacker's held hex counts `held_distance` farther: with less, a unit in a held victory
        // hex saw every move toward a next one more than a move's reach (+ 3) away as worse
        // than staying, and sat in the first town taken (docs/wsr-ai.md "Next objective").
        const bool ours = HeldTarget(s, t, side, p);
        if (d == 0) {
          on_target = true;
          taking = !ours;
        }
        best = std::min(best, d + (ours ? (attacker ? static_cast<int>(p.held_distance) : 3) : 0));
      }
      if (run != nullptr) {
        // A runner: the pull across the map to its zone, and standing in it (it leaves next).
        const double range = std::max(p.objective_range, static_cast<double>(L.width()));
        const int d = MinDistance(L, hex, *run);
        v += p.exit_runners * w * (std::max(0.0, 1.0 - d / range) + (d == 0 ? 0.6 : 0.0));
        on_target = taking = false;
        best = 1000;
      }
      v += PlanTerm(s, gi, u, hex, best, p);
      // G-12: a seat that exits units feels the pull across the whole map.
      const double range = gi.exits[static_cast<size_t>(side)]
                               ? std::max(p.objective_range, static_cast<double>(L.width()))
                               : p.objective_range;
      v += w * std::max(0.0, 1.0 - best / range);
      // Entering takes the hex (12.2, A-34); an attacker's stack takes it once: its first combat
      // unit gets the bonus, a second one could take another hex (join_check).
      bool first_taker = true;
      if (taking && attacker && p.join_check > 0)
        for (int o : with) {
          if (o == u) break;
          if (!s.info(o).hq) first_taker = false;
        }
      if (taking && first_taker) v += w * 0.6;
      if (on_target && !attacker) {
        // Holding: the first unit in the hex matters, a second one less.
        int own = 0;
        for (int o = 0; o < s.n_units; ++o)
          if (o != u && s.on_map(o) && !s.info(o).hq && s.side_of(o) == side &&
              s.unit(o).hex == hex && std::find(with.begin(), with.end(), o) == with.end())
            ++own;
        v += w * (own == 0 ? 0.6 : 0.2);
      }
    } else {
      // No objectives: close with the enemy.
      int best = 1000;
      for (int e = 0; e < s.n_units; ++e)
        if (s.on_map(e) && s.side_of(e) != side && !s.info(e).hq)
          best = std::min(best, L.Distance(hex, s.unit(e).hex));
      if (best < 1000) v += p.enemy_pull * std::max(0.0, 1.0 - best / 12.0) * 3;
    }
  }
  // Threat of enemy fire (WSR 6.1) and own fire opportunities next impulse.
  const bool disrupted = s.has(u, kDisrupted);
  double threat = 0, offence = 0;
  for (const Foe& foe : FoesOf(s, side)) {
    const int e = foe.unit, eh = foe.hex;
    if (L.Distance(eh, hex) > 16) continue;
    const double fc = foe.fire_chance;
    if (fc > 0) threat += fc * ShotValue(s, gi, e, u, eh, hex, moved, p);
    if (!ui.hq && ui.counter->kind != UnitKind::kMortar) {
      double sv = ShotValue(s, gi, u, e, hex, eh, true, p);
      // An attacker's shot at a unit in a hex it must take opens the hex (WSR 12.2).
      if (sv > 0 && gi.attacker[static_cast<size_t>(side)] && !gi.scenario_symmetric &&
          std::binary_search(targets.begin(), targets.end(), eh))
        sv *= 1.0 + p.blocker_bonus;
      offence = std::max(offence, sv);
    }
  }
  // A runner goes through the fire it meets on the way out (G-12: the exit is the goal).
  v -= (disrupted ? p.threat_disrupted : p.threat) * (run != nullptr ? p.runner_threat : 1.0) *
       threat;
  v += (disrupted ? 0.3 : 1.0) * p.offence * offence;
  v += BridgePull(s, gi, u, hex);
  // Command range (WSR 4.2): a unit outside its HQ's range tests, and fails with P(2d6 > morale).
  const FormationInfo& fi = g.formation(ui.formation);
  const double pf = gi.p_fail_command[ui.formation];
  if (fi.hq >= 0 && s.on_map(fi.hq)) {
    const int range = s.face(fi.hq).command_range;
    if (u == fi.hq) {
      int out = 0;
      for (int o = 0; o < s.n_units; ++o) {
        if (o == u || !s.on_map(o) || s.info(o).formation != ui.formation) continue;
        const int oh = std::find(with.begin(), with.end(), o) != with.end() ? hex : s.unit(o).hex;
        if (L.Distance(oh, hex) > (s.info(o).counter->recon ? 2 * range : range)) ++out;
      }
      v -= p.command * pf * out;
    } else {
      const bool hq_along = std::find(with.begin(), with.end(), fi.hq) != with.end();
      const int hq_hex = hq_along ? hex : s.unit(fi.hq).hex;
      const int r = ui.counter->recon ? 2 * range : range;
      if (L.Distance(hex, hq_hex) > r) v -= p.command * pf;
    }
  }
  return v;
}

double CachedPotential(const WsrState& s, const GameInfo& gi, int u, int hex,
                       const std::vector<int>& with, const WsrHeuristicParams& p) {
  DecisionCache& c = Current();
  const int key = u * 2048 + hex;
  auto it = c.pot.find(key);
  if (it != c.pot.end()) return it->second;
  const double v = Potential(s, gi, u, hex, with, p);
  c.pot[key] = v;
  return v;
}

// Hexes the stack `members` standing in `from` can reach with the MP each has left (WSR 5.0,
// stacking 1.4, no enemy hexes 5.1, disrupted limits 6.1.7), including `from` itself.
// `hexes_entered` (optional): per returned hex, the hexes entered on the way of its label
// (each one an opportunity-fire chance for the enemy, WSR 6.2).
std::vector<int> Reachable(const WsrState& s, const std::vector<int>& members, int from,
                           const std::vector<int>& spent0,
                           std::vector<int>* hexes_entered = nullptr,
                           std::vector<int>* mp_left = nullptr) {
  const WsrGame& g = s.wgame();
  const HexLayout& L = g.layout();
  const int side = s.side_of(members[0]);
  int combat = 0;
  bool has_hq = false;
  for (int m : members) {
    if (s.info(m).hq)
      has_hq = true;
    else
      ++combat;
  }
  const size_t n = members.size();
  if (spent0.size() != n) throw std::logic_error("Reachable: one MP figure per member");
  thread_local std::vector<int> slack;  // best (min over members of MP left)
  thread_local std::vector<int> spent;  // per hex, the n members' MP spent on its best way
  thread_local std::vector<int> entered;
  thread_local std::vector<int> sb;  // the members' MP spent on the step looked at
  slack.assign(static_cast<size_t>(L.size()), -1);
  if (spent.size() < static_cast<size_t>(L.size()) * n)
    spent.resize(static_cast<size_t>(L.size()) * n);
  entered.assign(static_cast<size_t>(L.size()), 0);
  sb.resize(n);
  const auto spent_at = [&](int hex) { return spent.data() + static_cast<size_t>(hex) * n; };
  // What enemy_in, combat_units_in and hq_in of `side` say of a hex, from the occupancy.
  const std::vector<uint8_t>& own = OccupancyOf(s, side);
  const std::vector<uint8_t>& enemy = OccupancyOf(s, 1 - side);
  std::vector<int> out;
  auto slack_of = [&](const int* sp) {
    int m = 1000;
    for (size_t i = 0; i < n; ++i) m = std::min(m, s.mf(members[i]) - sp[i]);
    return m;
  };
  std::vector<int> frontier = {from};
  std::copy(spent0.begin(), spent0.end(), spent_at(from));
  slack[static_cast<size_t>(from)] = slack_of(spent_at(from));
  out.push_back(from);
  // Label-correcting search (small areas: a handful of MP).
  for (size_t qi = 0; qi < frontier.size(); ++qi) {
    const int a = frontier[qi];
    const int* sa = spent_at(a);  // not written while a's neighbours are looked at
    for (int d = 0; d < 6; ++d) {
      const int b = L.Neighbour(a, d);
      if (b < 0) continue;
      const size_t hb = static_cast<size_t>(b);
      if (enemy[hb]) continue;
      if (b != from && (own[hb] & ~Occupancy::kHqBit) + combat > kStackLimit) continue;
      if (b != from && has_hq && (own[hb] & Occupancy::kHqBit)) continue;
      std::copy(sa, sa + n, sb.begin());
      bool ok = true;
      for (size_t i = 0; i < n && ok; ++i) {
        const int m = members[i];
        const int c = s.step_cost(m, a, b);
        if (c < 0 || sb[i] + c > s.mf(m))
          ok = false;
        else
          sb[i] += c;
        if (ok && s.has(m, kDisrupted) && !s.disrupted_step_ok(m, a, b, nullptr)) ok = false;
      }
      if (!ok) continue;
      const int sl = slack_of(sb.data());
      if (sl <= slack[static_cast<size_t>(b)]) continue;
      if (slack[static_cast<size_t>(b)] < 0) out.push_back(b);
      slack[static_cast<size_t>(b)] = sl;
      std::copy(sb.begin(), sb.end(), spent_at(b));
      entered[static_cast<size_t>(b)] = entered[static_cast<size_t>(a)] + 1;
      frontier.push_back(b);
    }
  }
  if (hexes_entered) {
    hexes_entered->clear();
    for (int h : out) hexes_entered->push_back(entered[static_cast<size_t>(h)]);
  }
  if (mp_left) {
    mp_left->clear();
    for (int h : out) mp_left->push_back(slack[static_cast<size_t>(h)]);
  }
  return out;
}

double GroupPotential(const WsrState& s, const GameInfo& gi, const std::vector<int>& members,
                      int hex, const WsrHeuristicParams& p) {
  double v = 0;
  for (int m : members) v += CachedPotential(s, gi, m, hex, members, p);
  return v;
}

std::vector<int> GroupMembers(const WsrState& s) {
  std::vector<int> m;
  for (int k = 0; k < s.n_group; ++k) m.push_back(s.group[static_cast<size_t>(k)]);
  return m;
}

// Up to four units (kMaxGroup) and a hex in one key of the decision cache.
uint64_t MembersKey(const std::vector<int>& members, int hex) {
  uint64_t k = static_cast<uint64_t>(hex);
  for (int m : members) k = k << 7 | static_cast<uint64_t>(m + 1);
  return k;
}

// Assault (WSR 6.3) / overrun (6.4) by `members` (the HQ among them supports the strongest
// attacker, 6.3 step 1; the defenders' HQ their strongest unit) into `hex` (AssaultPlan).
AssaultPlan PlanAssault(const WsrState& s, const GameInfo& gi, const std::vector<int>& members,
                        int hex, bool overrun, const WsrHeuristicParams& p) {
  DecisionCache& c = Current();
  const uint64_t key = MembersKey(members, hex) << 1 | (overrun ? 1 : 0);
  if (auto it = c.assault.find(key); it != c.assault.end()) return it->second;
  AssaultPlan plan;
  const WsrGame& g = s.wgame();
  const int side = s.side_of(members[0]);
  std::vector<int> att, def;
  int att_hq = 0, def_hq = 0;
  for (int u : members) {
    if (s.info(u).hq)
      att_hq = std::max(att_hq, s.face(u).command_value);
    else
      att.push_back(u);
  }
  for (int u = 0; u < s.n_units; ++u) {
    if (!s.on_map(u) || s.side_of(u) == side || s.unit(u).hex != hex) continue;
    if (s.info(u).hq)
      def_hq = std::max(def_hq, s.face(u).command_value);
    else
      def.push_back(u);
  }
  AssaultInput in;
  in.overrun = overrun;
  const TerrainType& tt = g.data().terrain[g.terrain(hex)];
  in.city = tt.terrain == Terrain::kCity;
  in.clear_or_hill = tt.overrun;
  for (int u : att)
    in.attackers.push_back(MakeAssaultUnit(*s.info(u).counter, s.has(u, kMounted), StateOf(s, u)));
  for (int u : def)
    in.defenders.push_back(MakeAssaultUnit(*s.info(u).counter, s.has(u, kMounted), StateOf(s, u)));
  bool ok = !att.empty() && !def.empty() && att.size() <= 2 && def.size() <= 4;
  for (const AssaultUnit& a : in.attackers)
    ok = ok && a.strength > 0 && !a.disrupted && (overrun || !a.star);
  if (ok) {
    auto strongest = [](std::vector<AssaultUnit>& v) {
      AssaultUnit* best = nullptr;
      for (AssaultUnit& x : v)
        if (x.strength > 0 && (!best || x.strength > best->strength)) best = &x;
      return best;
    };
    if (AssaultUnit* a = strongest(in.attackers)) a->hq_dice = att_hq;
    if (AssaultUnit* d = strongest(in.defenders)) d->hq_dice = def_hq;
    ok = static_cast<bool>(ComputeAssault(in).legality);
  }
  if (ok) {
    const AssaultOdds o = OddsOfAssault(in);
    plan.legal = true;
    for (size_t i = 0; i < def.size() && i < o.defender_result.size(); ++i)
      plan.exchange += ExpectedLoss(s, gi, def[i], o.defender_result[i], p);
    for (size_t i = 0; i < att.size() && i < o.attacker_result.size(); ++i)
      plan.exchange -= ExpectedLoss(s, gi, att[i], o.attacker_result[i], p);
    plan.p_taken = o.outcome[static_cast<size_t>(AssaultOutcome::kDefendersEliminated)] +
                   o.outcome[static_cast<size_t>(AssaultOutcome::kDefendersRetreat)] +
                   o.outcome[static_cast<size_t>(AssaultOutcome::kOverrunContinues)];
  }
  c.assault.emplace(key, plan);
  return plan;
}

// Value of the assault by `members` standing in `from` into `hex`: the exchange, plus the
// potential of the hex taken against staying where they are (the attackers stay in the hex
// when they win, WSR 6.3 step 6; else they return to `from`).
double AssaultGain(const WsrState& s, const GameInfo& gi, const std::vector<int>& members, int from,
                   int hex, bool overrun, const WsrHeuristicParams& p) {
  const AssaultPlan a = PlanAssault(s, gi, members, hex, overrun, p);
  if (!a.legal) return kNegInf;
  const double gain =
      GroupPotential(s, gi, members, hex, p) - GroupPotential(s, gi, members, from, p);
  return p.assault_weight * a.exchange + a.p_taken * gain;
}

// The best assault (WSR 6.3) `members` could make from `from` with `mp` MP left (the least of
// the members'), or kNegInf: move planning counts assaults as a way to take a hex, since
// Reachable never enters an enemy hex (5.1: entering one is an assault).
double BestAssaultFrom(const WsrState& s, const GameInfo& gi, const std::vector<int>& members,
                       int from, int mp, const WsrHeuristicParams& p) {
  if (p.assault_plans <= 0) return kNegInf;
  const HexLayout& L = s.wgame().layout();
  const int side = s.side_of(members[0]);
  double best = kNegInf;
  for (int d = 0; d < 6; ++d) {
    const int x = L.Neighbour(from, d);
    if (x < 0 || !CombatIn(s, x, 1 - side)) continue;
    int cost = 0;
    for (int m : members) cost = std::max(cost, s.step_cost(m, from, x));
    if (cost < 0 || cost > mp) continue;
    best = std::max(best, AssaultGain(s, gi, members, from, x, false, p));
  }
  return best == kNegInf ? kNegInf : p.assault_plans * best;
}

// Opportunity fire risk when the moving stack enters `hex` (6.2: moving units are not
// concealed): the best shot an enemy that can still fire has at one of its members.
double EntryRisk(const WsrState& s, const GameInfo& gi, const std::vector<int>& members, int hex,
                 const WsrHeuristicParams& p) {
  DecisionCache& c = Current();
  auto it = c.entry.find(hex);
  if (it != c.entry.end()) return it->second;
  double risk = 0;
  for (int m : members)
    for (const Foe& foe : FoesOf(s, s.side_of(m)))
      if (foe.fire_chance > 0 && !s.has(foe.unit, kOpsComplete) && !s.has(foe.unit, kDisrupted))
        risk = std::max(risk, ShotValue(s, gi, foe.unit, m, foe.hex, hex, true, p));
  c.entry[hex] = risk;
  return risk;
}

// Best group potential reachable after entering `first` (the moving stack, WSR 5.0), less the
// opportunity fire risk of entering `first` and of entering the hex the stack goes for: both
// are entered whatever the way (counting only the first made a safe detour look better than
// the risky last step, and the stack walked back and forth). Of two ways to the same hex the
// one entering fewer hexes is better (`step`): every hex entered is a chance for the enemy's
// opportunity fire (WSR 6.2).
double BestAfterStep(const WsrState& s, const GameInfo& gi, int first,
                     const WsrHeuristicParams& p) {
  DecisionCache& c = Current();
  auto it = c.reach.find(first);
  if (it != c.reach.end()) return it->second;
  const std::vector<int> members = GroupMembers(s);
  const int from = s.unit(members[0]).hex;
  std::vector<int> spent;
  for (int m : members) {
    const int cost = s.step_cost(m, from, first);
    spent.push_back(s.unit(m).mp_spent + std::max(0, cost));
  }
  double best = kNegInf;
  std::vector<int> entered, mp;
  const std::vector<int> reach = Reachable(s, members, first, spent, &entered, &mp);
  // The hex the stack started its move in is no goal either: going back there only gives the
  // enemy more opportunity-fire chances (6.2) than stopping there would have.
  const int start = s.unit(members[0]).start_hex;
  for (size_t i = 0; i < reach.size(); ++i) {
    const int h = reach[i];
    if (h == from || h == start) continue;
    double v = GroupPotential(s, gi, members, h, p) - p.step * entered[i];
    if (h != first) v -= 0.5 * p.threat * EntryRisk(s, gi, members, h, p);
    // ... or going on from h to assault (WSR 6.3).
    const double a = BestAssaultFrom(s, gi, members, h, mp[i], p);
    best = std::max(best, a > 0 ? v + a : v);
  }
  best -= 0.5 * p.threat * EntryRisk(s, gi, members, first, p);
  c.reach[first] = best;
  return best;
}

// Best improvement of the potential unit u could reach by moving alone (WSR 5.0).
double SelectValue(const WsrState& s, const GameInfo& gi, int u, const WsrHeuristicParams& p) {
  DecisionCache& c = Current();
  auto it = c.select.find(u);
  if (it != c.select.end()) return it->second;
  const std::vector<int> members = {u};
  const int from = s.unit(u).hex;
  const double here = CachedPotential(s, gi, u, from, members, p);
  double best = kNegInf;
  std::vector<int> mp;
  const std::vector<int> reach = Reachable(s, members, from, {s.unit(u).mp_spent}, nullptr, &mp);
  for (size_t i = 0; i < reach.size(); ++i) {
    const int h = reach[i];
    const double pot = CachedPotential(s, gi, u, h, members, p);
    if (h != from) best = std::max(best, pot);
    // Moving on to assault from h (WSR 6.3): counted as a way to take a hex.
    const double a = BestAssaultFrom(s, gi, members, h, mp[i], p);
    if (a > 0) best = std::max(best, pot + a);
  }
  double v = best == kNegInf ? -0.05 : best - here;
  // G-12: a runner standing in its exit zone is selected to leave (`exit` in its move).
  if (p.exit_runners > 0 && !s.info(u).hq) {
    const std::vector<int>* run = ExitRunner(s, gi, u, p);
    if (run != nullptr && std::binary_search(run->begin(), run->end(), from) &&
        s.mp_left(u) >= s.exit_cost(u))
      v = std::max(v, 6.0);
  }
  c.select[u] = v;
  return v;
}

// Best improvement of the summed potential of the stack `members` (standing together, each
// with the MP it has left) over the hexes it can reach or an assault from one of them (WSR 5.0,
// 6.3): SelectValue for a stack. Uncached (the decision cache keys a potential by unit and hex).
// How much less than the two moving apart a joined stack may be worth (one move is one
// opportunity-fire chance fewer, 6.2, and the units support each other in an assault, 6.3).
constexpr double kJoinSlack = 0.1;

double StackMoveValue(const WsrState& s, const GameInfo& gi, const std::vector<int>& members,
                      const WsrHeuristicParams& p) {
  const int from = s.unit(members[0]).hex;
  auto sum = [&](int hex) {
    double v = 0;
    for (int m : members) v += Potential(s, gi, m, hex, members, p);
    return v;
  };
  std::vector<int> spent;
  for (int m : members) spent.push_back(s.unit(m).mp_spent);
  std::vector<int> mp;
  const std::vector<int> reach = Reachable(s, members, from, spent, nullptr, &mp);
  double best = kNegInf;
  for (size_t i = 0; i < reach.size(); ++i) {
    const int h = reach[i];
    const double pot = sum(h);
    if (h != from) best = std::max(best, pot);
    const double a = BestAssaultFrom(s, gi, members, h, mp[i], p);
    if (a > 0) best = std::max(best, pot + a);
  }
  return best == kNegInf ? -0.05 : best - sum(from);
}

// Nearest enemy (non-HQ) distance from hex.
int NearestEnemy(const WsrState& s, int hex, int side) {
  int best = 1000;
  for (int e = 0; e < s.n_units; ++e)
    if (s.on_map(e) && s.side_of(e) != side && !s.info(e).hq)
      best = std::min(best, s.wgame().layout().Distance(hex, s.unit(e).hex));
  return best;
}

double FlipScore(const WsrState& s, const GameInfo& gi, int u, bool mount,
                 const WsrHeuristicParams& p) {
  const int hex = s.unit(u).hex;
  const int side = s.side_of(u);
  const UnitKind k = s.info(u).counter->kind;
  const int near = NearestEnemy(s, hex, side);
  const std::vector<int>& targets = gi.targets[static_cast<size_t>(side)];
  const int dobj = targets.empty() ? 5 : MinDistance(s.wgame().layout(), hex, targets);
  if (k == UnitKind::kMortar || k == UnitKind::kGun || k == UnitKind::kAaGun) {
    // Limbered to move, unlimbered to fire (WSR 5.2).
    if (mount) return (near > 6 && dobj > 2) ? 0.1 : -0.3;
    // Unlimbering: worth it when an enemy is within reach of the guns.
    return near <= 6 ? 0.3 : -0.1;
  }
  (void)p;
  (void)gi;
  if (mount) return (near > 5 && dobj > 3) ? 0.2 : -0.2;
  return (near <= 3 || dobj <= 1) ? 0.25 : -0.2;
}

// Hex by name in the text (the last token naming a hex), or -1.
int HexInText(const WsrState& s, const std::string& tok) {
  std::string err;
  const int h = s.wgame().layout().TryIndex(tok, &err);
  return h;
}

std::vector<std::string> Tokens(const std::string& text) {
  std::vector<std::string> t;
  std::istringstream in(text);
  std::string w;
  while (in >> w) t.push_back(w);
  return t;
}

// Fate points (WSR 10.0): each option is played forward -- the option, then every fate window
// passed and chance sampled until a seat decides -- and evaluated for the deciding seat, with
// the same random numbers for every option; minus the points spent.
double FateScore(const WsrState& s, const Action& a, const WsrHeuristicParams& p) {
  const int seat = s.current_seat();
  if (seat < 0) return 0.0;
  int cost = 0;
  switch (a.arg(0)) {
    case kFatePass:
      cost = 0;
      break;
    case kFateRedraw:
    case kFateOps:
      cost = 2;
      break;
    default:
      cost = 1;
      break;
  }
  // Removing Ops complete from a unit (outside a roll): not modelled, never bought.
  if (a.arg(0) == kFateOps) return -1.0;
  const uint64_t base = s.hash();
  double sum = 0;
  const int k_max = std::max(1, p.fate_samples);
  ActionList legal;
  for (int k = 0; k < k_max; ++k) {
    Rng rng(base ^ (uint64_t{0x9e3779b97f4a7c15} * static_cast<uint64_t>(k + 1)));
    WsrState c = s;
    c.apply(a);
    for (int step = 0; step < 200 && !c.is_terminal(); ++step) {
      const int who = c.current_seat();
      if (who == kChance) {
        c.apply(c.sample_chance(rng));
        continue;
      }
      // A fate window still open: everybody passes.
      c.legal_actions(legal);
      bool passed = false;
      for (const Action& x : legal)
        if (x.verb == kFate && x.arg(0) == kFatePass) {
          c.apply(x);
          passed = true;
          break;
        }
      if (!passed) break;
    }
    sum += WsrEvaluate(c, seat);
  }
  return 100.0 * (sum / k_max - p.fate_point * cost);
}

// Steps from `hex` to the nearest of unit u's side's targets over terrain u may enter, or
// kCutOff (GameInfo::path_steps).
int PathSteps(const WsrState& s, const GameInfo& gi, int u, int hex) {
  const int side = s.side_of(u);
  if (side < 0 || side > 1 || hex < 0) return kCutOff;
  return gi
      .path_steps[static_cast<size_t>(side)][s.hard_target(u) ? 1 : 0][static_cast<size_t>(hex)];
}

// Does the deciding seat set its next unit up by hand (setup_reach)? Where the unit could be set
// up in a hex of its zone from which no path leads to the seat's targets (Bieville's land north of
// the Vire), the heuristic places its combat units itself: the `place` scores read the way to the
// targets (across the map for a seat that exits units), where the rules' auto-setup (WSR 2.0),
// which avoids those hexes too, reads the straight line to the objectives (docs/wsr-ai.md
// "Setup"). Auto-setup places the HQs and assigns the support weapons.
bool SetsUpByHand(const WsrState& s, const GameInfo& gi, const WsrHeuristicParams& p) {
  if (p.setup_reach <= 0 || s.steps.empty() || s.top().kind != kStepSetup) return false;
  const int side = s.top().a;
  if (side < 0 || side > 1 || gi.targets[static_cast<size_t>(side)].empty()) return false;
  const int u = s.setup_next_unit(side);
  const Zone* z = u >= 0 && !s.info(u).hq ? s.wgame().setup_zone(u) : nullptr;
  if (z == nullptr) return false;
  for (int h : z->hexes)
    if (PathSteps(s, gi, u, h) >= kCutOff && s.can_place(u, h, false, nullptr)) return true;
  return false;
}

// Score of a verb this file does not know by number (setup, reinforcements, assault, mines...):
// read from its text form.
double TextVerbScore(const WsrState& s, const GameInfo& gi, const Action& a,
                     const WsrHeuristicParams& p) {
  const std::string text = s.describe(a);
  const std::vector<std::string> tok = Tokens(text);
  if (tok.empty()) return 0.0;
  const std::string& v = tok[0];
  if (v == "auto-setup") return SetsUpByHand(s, gi, p) ? -1.0 : 100.0;
  if (v == "assault" || v == "overrun") {
    const int hex = HexInText(s, tok.back());
    if (hex < 0) return 0.0;
    const std::vector<int> members = GroupMembers(s);
    if (members.empty()) return 0.0;
    if (!s.combat_units_in(hex, 1 - s.side_of(members[0]))) return 0.2 - 0.05;
    const double g = AssaultGain(s, gi, members, s.unit(members[0]).hex, hex, v == "overrun", p);
    return (g == kNegInf ? -0.5 : g) - 0.05;
  }
  if (v == "place" || v == "enter" || v == "deploy" || v == "arrive") {
    // "place <unit> <hex>", "enter <unit> [<unit> <unit>] <hex>": every unit named scores the
    // hex (objective pull, terrain defence, concealment); entering more units at once (and the
    // HQ with them, 4.2) is better.
    const int hex = tok.size() >= 3 ? HexInText(s, tok.back()) : -1;
    if (hex < 0) return v == "enter" ? 1.0 : 0.0;
    const TerrainType& tt = s.wgame().data().terrain[s.wgame().terrain(hex)];
    // The setup phase with setup_reach: placed by the path to the targets (auto-setup was
    // declined, SetsUpByHand).
    const bool setup =
        p.setup_reach > 0 && v == "place" && !s.steps.empty() && s.top().kind == kStepSetup;
    double sc = 0;
    for (size_t i = 1; i + 1 < tok.size(); ++i) {
      const int u = s.wgame().unit_by_label(tok[i]);
      if (u < 0) continue;
      if (s.info(u).hq) {
        sc += v == "enter" ? 1.2 : 0.0;  // set up by auto-setup (SetsUpByHand)
        continue;
      }
      sc += v == "enter" ? 1.0 : 0.0;
      const int side = s.side_of(u);
      const std::vector<int>& targets = gi.targets[static_cast<size_t>(side)];
      if (setup && !targets.empty()) {
        // WSR 2.0: the way there, not the line; a seat that exits units (G-12) feels the pull
        // across the map, as in Potential.
        const int d = PathSteps(s, gi, u, hex);
        if (d >= kCutOff) {
          sc -= 10.0 * p.setup_reach;
        } else {
          const double range =
              gi.exits[static_cast<size_t>(side)]
                  ? std::max(p.objective_range, static_cast<double>(s.wgame().layout().width()))
                  : p.objective_range;
          sc += p.objective * std::max(0.0, 1.0 - d / range);
        }
      } else if (!targets.empty()) {
        const int d = MinDistance(s.wgame().layout(), hex, targets);
        sc += p.objective * std::max(0.0, 1.0 - d / p.objective_range);
      }
      sc += 0.1 * tt.defence(s.hard_target(u));
      if (InfantryType(s.info(u).counter->kind) && tt.conceals_infantry) sc += 0.1;
    }
    return sc;
  }
  if (v == "first-activation") return 1.0;  // an extra impulse before the first draw
  if (v == "decline") return -0.5;
  if (v == "support" && tok.size() >= 2) {  // the HQ's dice go to the strongest unit (6.3)
    const int u = s.wgame().unit_by_label(tok[1]);
    return u >= 0 ? 0.1 + 0.01 * UnitValueNow(s, gi, u, p.disrupted_factor) : 0.1;
  }
  if (v == "retreat" && tok.size() >= 2) {  // WSR 6.3 step 7: away from the enemy, into cover
    const int hex = HexInText(s, tok.back());
    if (hex < 0) return 0.0;
    const int side = s.current_seat();
    double sc = 0;
    for (int e = 0; e < s.n_units; ++e)
      if (s.on_map(e) && s.side_of(e) != side && !s.info(e).hq &&
          s.wgame().layout().Distance(s.unit(e).hex, hex) <= 1)
        sc -= 0.3;
    const TerrainType& tt = s.wgame().data().terrain[s.wgame().terrain(hex)];
    sc += 0.1 * tt.defence_soft;
    if (side >= 0 && side < 2 && !gi.targets[static_cast<size_t>(side)].empty())
      sc -= 0.02 * MinDistance(s.wgame().layout(), hex, gi.targets[static_cast<size_t>(side)]);
    return sc;
  }
  if (v == "mine") return 0.3;  // WSR 8.2.1: the mine attacks the stack that just entered
  if (v == "no-mine") return 0.0;
  if (v == "clear-mine") return 0.05;
  if ((v == "fire-move" || v == "ambush") && tok.size() >= 3) {
    const int u = s.wgame().unit_by_label(tok[1]);
    const int t = s.wgame().unit_by_label(tok.back());
    if (u < 0 || t < 0 || !s.on_map(t)) return 0.0;
    const int from = v == "ambush" && tok.size() >= 4 ? HexInText(s, tok[2]) : s.unit(u).hex;
    if (from < 0) return 0.0;
    return ShotValue(s, gi, u, t, from, s.unit(t).hex, true, p) + (v == "ambush" ? 0.5 : 0.05) -
           p.fire_cost;
  }
  if (v == "end-setup" || v == "done") return -0.5;  // place everything first
  if (v == "pass" || v == "decline" || v == "no-enter") return -0.1;
  return 0.0;
}

// The target stands in a victory hex the firer's side attacks (its hold targets).
bool OnObjective(const WsrState& s, const GameInfo& gi, int firer, int target) {
  const int side = s.side_of(firer);
  if (side < 0 || side > 1 || !gi.attacker[static_cast<size_t>(side)]) return false;
  const std::vector<int>& hold = gi.hold_targets[static_cast<size_t>(side)];
  return std::find(hold.begin(), hold.end(), s.unit(target).hex) != hold.end();
}

// What stopping target t's assault is worth to the side of firer u (`assault_deny`): the best
// expected exchange of an assault by t, with the HQs standing with it (6.3 step 1), on a hex of
// u's side within 2 hexes of t, x the chance u's fire disrupts t or worse (a disrupted unit does
// not assault, 6.1.7, 6.3).
double AssaultDenyValue(const WsrState& s, const GameInfo& gi, int u, int t, bool opportunity,
                        const WsrHeuristicParams& p) {
  if (p.assault_deny <= 0 || !s.on_map(t) || s.info(t).hq || s.has(t, kDisrupted)) return 0.0;
  const HexLayout& L = s.wgame().layout();
  const int side = s.side_of(u), th = s.unit(t).hex;
  if (gi.attacker[static_cast<size_t>(side)]) return 0.0;  // the defending seats
  std::vector<int> members{t};
  for (int o : s.wgame().side_units(1 - side))
    if (o != t && s.on_map(o) && s.info(o).hq && s.unit(o).hex == th) members.push_back(o);
  double threat = 0;
  std::vector<int> seen;
  for (int m : s.wgame().side_units(side)) {
    if (!s.on_map(m) || s.info(m).hq) continue;
    const int h = s.unit(m).hex;
    if (L.Distance(h, th) > 2 || std::find(seen.begin(), seen.end(), h) != seen.end()) continue;
    seen.push_back(h);
    const AssaultPlan a = PlanAssault(s, gi, members, h, false, p);
    if (a.legal) threat = std::max(threat, a.exchange);
  }
  if (threat <= 0) return 0.0;
  FireParams fp;
  if (!s.can_fire(u, t, opportunity, nullptr, &fp)) return 0.0;
  const FireOdds o = OddsOfFire(fp, StateOf(s, t));
  return p.assault_deny * (1.0 - o.result[static_cast<size_t>(CombatResult::kNoEffect)]) * threat;
}

// WsrScore once the decision's cache is valid for `s`.
double ScoreAction(const WsrState& s, const Action& a, const WsrHeuristicParams& p) {
  const GameInfo& gi = Info(s.wgame(), p.hq_value);
  switch (a.verb) {
    case kFire:
    case kOpFire: {
      const bool op = a.verb == kOpFire;
      const double cost = op ? p.opfire_threshold : p.fire_cost;
      // WSR-A4: the engineer with the charges placed keeps its action for the attempt of this
      // turn (a fire gives it Ops complete, WSR 6.1).
      if (!op && !gi.bridge_engineer.empty() && gi.bridge_engineer[static_cast<size_t>(a.arg(0))] &&
          s.bridge == WsrState::kBridgeIntact && s.bridge_turns >= gi.bridge_turns &&
          s.bridge_try_turn != s.turn)
        return -1.0;
      double v;
      if (a.argc > 3 && a.arg(3) != 0) {  // WSR 11.1: the AA firepower (kAaFire, as apply sets)
        WsrState c = s;
        c.unit(a.arg(0)).flags |= kAaFire;
        v = FireValue(c, gi, a.arg(0), a.arg(1), op, p, a.arg(2) != 0) - cost;
      } else {
        v = FireValue(s, gi, a.arg(0), a.arg(1), op, p, a.argc > 2 && a.arg(2) != 0) - cost;
      }
      if (v + cost > 0) v += AssaultDenyValue(s, gi, a.arg(0), a.arg(1), op, p);
      // Attack plan: suppressing the objective's defenders comes before the advance moves.
      if (!op && v > 0) v += PlanFireBonus(s, gi, a.arg(0), a.arg(1), p);
      // A unit that would rather fire than move fires before the others move when its target
      // could still opportunity-fire (WSR 5.0: each unit acts once; a target disrupted or
      // eliminated first cannot meet the movers, 6.2, 6.1.7), or when its target stands in a
      // victory hex the side must take, even one that cannot opportunity-fire: a disrupted
      // defender hit again is eliminated (6.1.7) before the assaults on its hex (WSR 12.2).
      if (!op && v > 0) {
        const bool could_opfire = !s.has(a.arg(1), kOpsComplete) && !s.has(a.arg(1), kDisrupted);
        const double first = p.fire_first > 0 && could_opfire ? p.fire_first
                             : p.fire_first_objective > 0 && OnObjective(s, gi, a.arg(0), a.arg(1))
                                 ? p.fire_first_objective
                                 : 0.0;
        if (first > 0 && v > SelectValue(s, gi, a.arg(0), p) - p.move_epsilon) v += first;
      }
      // G-12: a runner that can still get nearer its exit zone moves instead (WSR 5.0, 6.1: a
      // unit fires or moves; opportunity fire gives it Ops complete, 6.2).
      if (p.exit_runners > 0 && ExitRunner(s, gi, a.arg(0), p) != nullptr &&
          SelectValue(s, gi, a.arg(0), p) > p.move_epsilon)
        v -= p.runner_fire_cost;
      return v;
    }
    case kNoOpFire:
      return 0.0;
    case kFireHex:  // a mortar's opportunity fire at the hex just entered (A-12) or fire (6.1)
      return HexFireValue(s, gi, a.arg(0), a.arg(1), p) -
             (!s.steps.empty() && s.top().kind == kStepHexEntered ? p.opfire_threshold
                                                                  : p.fire_cost);
    case kEndImpulse:
      return 0.0;
    case kSelect: {
      const int u = a.arg(0);
      if (s.n_group == 0) return SelectValue(s, gi, u, p) - p.move_epsilon;
      // A stack-mate joining before the first step (WSR 5.1): HQs go with their units;
      // combat units join when they want to move as well and have no better shot.
      // join_check: a unit that would spoil the stack's move stays (a stack selected and ended
      // without a step wastes the action of each of its units, WSR 5.0), and a combat unit that
      // is worth more moving on its own (an attacker's second open victory hex) moves alone.
      std::vector<int> joint;
      double alone = 0;
      // A truck and a platoon join to load (A-38): StackMoveValue does not see the ride.
      bool carrier = s.info(u).separate_carrier || s.unit(u).carrier >= 0;
      for (int k = 0; k < s.n_group; ++k) {
        const int m = s.group[static_cast<size_t>(k)];
        carrier = carrier || s.info(m).separate_carrier || s.unit(m).carrier >= 0;
      }
      const bool check = p.join_check > 0 && !carrier;
      if (check) {
        joint = GroupMembers(s);
        alone = StackMoveValue(s, gi, joint, p);
        joint.push_back(u);
      }
      if (s.info(u).hq)
        return check && StackMoveValue(s, gi, joint, p) <= p.move_epsilon && alone > p.move_epsilon
                   ? -5.0
                   : 5.0;
      double best_fire = 0;
      for (int t = 0; t < s.n_units; ++t)
        if (s.on_map(t) && s.side_of(t) != s.side_of(u) && !s.info(t).hq)
          best_fire =
              std::max(best_fire, ShotValue(s, gi, u, t, s.unit(u).hex, s.unit(t).hex, true, p));
      const double sv = SelectValue(s, gi, u, p);
      if (!(sv > 0.05 && sv > best_fire)) return -5.0;
      if (check) {
        const double together = StackMoveValue(s, gi, joint, p);
        if (together <= p.move_epsilon || together < alone + sv - kJoinSlack) return -5.0;
      }
      return 5.0;
    }
    case kMoveTo: {
      const std::vector<int> members = GroupMembers(s);
      if (members.empty()) return 0.0;
      const int from = s.unit(members[0]).hex;
      const double here = GroupPotential(s, gi, members, from, p);
      // Back into the hex the stack started from: one more opportunity-fire chance for the
      // enemy there (6.2), so of two equal plans the one going on wins.
      const double back = a.arg(0) == s.unit(members[0]).start_hex ? p.step : 0.0;
      return BestAfterStep(s, gi, a.arg(0), p) - here - p.move_epsilon - back;
    }
    case kEndMove:
      return 0.0;
    case kPlaceSw:  // WSR 11.4: an unplaced SW joins the first attack of a platoon
      return 0.1;
    case kExitMap:  // G-12: leave the map when a unit of the stack counts for an exit goal
      return ExitCounts(s, gi, p) ? 6.0 : -1.0;
    case kDrop:
      return -0.2;
    case kMount:
    case kDismount:
      return FlipScore(s, gi, a.arg(0), a.verb == kMount, p);
    case kLoad:  // carrier.cc (A-38): ride far from the enemy, unload near it or the objective
    case kUnload:
      return FlipScore(s, gi, a.arg(0), a.verb == kLoad, p);
    case kPlaceHq: {
      // WSR 1.3.2.3: the HQ returns where it commands the most units of its formation.
      const int hex = a.arg(0);
      const int f = s.top().f;
      double sum = 0;
      int n = 0;
      for (int u = 0; u < s.n_units; ++u)
        if (s.on_map(u) && s.info(u).formation == f && !s.info(u).hq) {
          sum += s.wgame().layout().Distance(hex, s.unit(u).hex);
          ++n;
        }
      return n ? -sum / n : 0.0;
    }
    case kFate:
      return FateScore(s, a, p);
    case kCall:  // WSR 11.2
      return CallValue(s, gi, a, p);
    case kPreStrike: {  // WSR-A7 pre-game-strike: as a call, by the HQ that sees the hex
      const int seat = s.pre_strike_seat();
      const int hq = s.pre_strike_observer(seat, a.arg(0));
      return hq < 0 ? -1.0 : StrikeValue(s, gi, seat, hq, a.arg(0), a.arg(1), p);
    }
    case kDesignate: {  // WSR-A5: the formation with the most units in play goes now
      int n = 0;
      for (int u = 0; u < s.n_units; ++u)
        if (s.info(u).formation == a.arg(0) && (s.on_map(u) || s.has(u, kOffMap))) ++n;
      return 0.01 * n;
    }
    case kAirTarget:  // WSR 11.3.1 step 1: the best target it sees; accuracy 1 misses (11.3.2)
      return AirHexValue(s, gi, a.arg(0), p) * 5.0 / 6.0;
    case kAirDrift:  // WSR 11.3.2 step 1: the other side sends the miss where it hurts least
      return -AirHexValue(s, gi, a.arg(0), p);
    case kFlak:  // WSR 11.3.1 step 2: every AA unit that may fires at the aircraft
      return 1.0;
    case kNoFlak:
      return 0.0;
    case kBlowBridge:  // A4 blow-the-bridge: a destroyed bridge wins the scenario for its side
      return 8.0;
    default:
      if (a.verb > kOddHit) return TextVerbScore(s, gi, a, p);
      return 0.0;
  }
}

}  // namespace

double WsrScore(const WsrState& s, const Action& a, const WsrHeuristicParams& p) {
  Cache(s, p);  // the movement potentials of this position (shared by its candidates)
  return ScoreAction(s, a, p);
}

void WsrScoreAll(const WsrState& s, const ActionList& actions, std::vector<double>& scores,
                 const WsrHeuristicParams& p) {
  Cache(s, p);  // once for the decision: the state's hash is a pass over all of it
  scores.resize(actions.size());
  for (size_t i = 0; i < actions.size(); ++i) scores[i] = ScoreAction(s, actions[i], p);
}

WsrEvalTerms WsrEvaluationTerms(const WsrState& s) {
  const GameInfo& gi = Info(s.wgame());
  const WsrGame& g = s.wgame();
  const HexLayout& L = g.layout();
  // Material: steps alive weighted by firepower and defence; disrupted units discounted.
  std::array<double, 2> mat{0, 0}, prox{0, 0};
  std::array<int, 2> nprox{0, 0};
  const bool any_obj = !gi.objective_hexes.empty();
  for (int u = 0; u < s.n_units; ++u) {
    const int side = s.info(u).side;
    if (side > 1) continue;
    double v = UnitValueNow(s, gi, u, 0.75);
    if (s.has(u, kOutOfCommand)) v *= 0.95;
    mat[static_cast<size_t>(side)] += v;
    if (any_obj && s.on_map(u) && !s.info(u).hq) {
      const int d = MinDistance(L, s.unit(u).hex, gi.targets[static_cast<size_t>(side)]);
      prox[static_cast<size_t>(side)] += std::max(0.0, 1.0 - d / 10.0);
      ++nprox[static_cast<size_t>(side)];
    }
  }
  WsrEvalTerms t;
  t.scenario = any_obj || gi.scenario;
  // Share of the starting material each side kept, difference in [-1, 1].
  const double m0 = gi.total_value[0] > 0 ? mat[0] / gi.total_value[0] : 0;
  const double m1 = gi.total_value[1] > 0 ? mat[1] / gi.total_value[1] : 0;
  if (gi.total_value[0] + gi.total_value[1] > 0) t.material = m0 - m1;
  t.objective = ObjectiveScore(s, gi);
  for (int side = 0; side < 2; ++side)
    if (nprox[static_cast<size_t>(side)] > 0)
      t.proximity +=
          (side == 0 ? 1 : -1) * prox[static_cast<size_t>(side)] / nprox[static_cast<size_t>(side)];
  const int turns = std::max(1, g.setup().turns);
  t.progress = std::clamp((s.turn - 1) / static_cast<double>(turns), 0.0, 1.0);
  return t;
}

double WsrEvaluate(const WsrState& s, int seat) {
  if (s.is_terminal()) {
    const Result r = s.result();
    return seat >= 0 && seat < static_cast<int>(r.returns.size())
               ? r.returns[static_cast<size_t>(seat)]
               : 0.0;
  }
  const WsrEvalTerms t = WsrEvaluationTerms(s);
  // The expected return of heuristic self-play from such a position: weights fitted by logistic
  // regression over the 16 scenarios (docs/wsr-ai.md "Evaluation", scripts/fit_wsr_eval.py).
  const double e0 =
      t.scenario
          ? std::tanh(1.59 * t.material + 0.97 * t.progress * t.objective + 0.28 * t.proximity)
          : std::clamp(0.9 * t.material, -1.0, 1.0);
  return seat == 0 ? e0 : -e0;
}

std::unique_ptr<Player> make_wsr_heuristic(int seat, uint64_t seed, const WsrHeuristicParams& p) {
  (void)seat;
  BatchScorer scorer = [p](const State& view, const ActionList& actions,
                           std::vector<double>& scores, Rng&) {
    WsrScoreAll(static_cast<const WsrState&>(view), actions, scores, p);
  };
  return std::make_unique<ScoredPlayer>("heuristic", scorer, seed, 1e-9);
}

std::unique_ptr<Player> make_wsr_heuristic(int seat, uint64_t seed) {
  return make_wsr_heuristic(seat, seed, WsrHeuristicParams{});
}

}  // namespace feldherr::wsr
