// The Pocket Battles heuristic player (docs/pocket-ai.md).
//
// Every legal action gets a score in "DP equivalents" for the deciding seat; the best one is
// played (engine/scored_player.h). Battle scores are one-step expected values computed exactly from
// the printed dice: a die matches a face printed c times with probability c/6 (PB Gefecht 2,
// PB Beschießen 2), wounds are allocated by a model of the owner's choice (PB Wunden), and the
// strike-back (PB Gefecht, Rückschlag) is enumerated for every hit count.
#include "games/pocket/heuristic.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <vector>

#include "engine/hash.h"
#include "engine/scored_player.h"

namespace feldherr::pocket {

// Memo of battle values across positions and decisions (docs/pocket-ai.md "Speed"): the value
// of a melee or a shot depends only on the troops involved (type, wounds), the two sides'
// marker contexts and the dice, so positions that share them (every candidate move of one
// decision, the next decisions) share the enumeration. Direct-mapped, keyed by a 64-bit hash of
// every input; a false hit needs two inputs with the same 64-bit key (about 1 in 10^19 per
// lookup).
class BattleMemo {
 public:
  bool find(uint64_t key, double& value) const {
    const Entry& e = table_[key & (kSize - 1)];
    if (e.key != key) return false;
    value = e.value;
    return true;
  }
  void put(uint64_t key, double value) { table_[key & (kSize - 1)] = Entry{key, value}; }
  // The memo belongs to one game (its troop types); a new game empties it.
  void bind(const PocketGame* game) {
    if (game == game_) return;
    game_ = game;
    std::fill(table_.begin(), table_.end(), Entry{});
  }

 private:
  static constexpr size_t kSize = size_t{1} << 15;
  struct Entry {
    uint64_t key = 0;  // 0: empty (keys are never 0)
    double value = 0;
  };
  std::vector<Entry> table_ = std::vector<Entry>(kSize);
  const PocketGame* game_ = nullptr;
};

namespace {

constexpr double kNever = -1e9;

// ---------------------------------------------------------------------------------------------
// A troop-level model of one unit, for predicting wound allocation (PB Wunden).

struct SimTroop {
  int16_t id = -1;
  uint8_t dp = 0;
  uint8_t lp = 0;  // 0 = no life points (Waldläufer, PB §12)
  uint8_t wounds = 0;
  uint8_t type = 0;
  bool alive = false;
  uint8_t cfaces = 0;  // printed combat dice
  uint8_t sfaces = 0;  // printed shooting dice
};

constexpr int kSimCap = 24;

struct SimUnit {
  int owner = 0;
  int n = 0;
  std::array<SimTroop, kSimCap> t{};
  std::array<uint8_t, 7> cm{};  // combat dice per face over living troops
  std::array<uint8_t, 7> sm{};
  // Hash of owner and troops (BattleMemo keys), 0: not known (a modified copy).
  uint64_t key = 0;
  bool alive() const {
    for (int i = 0; i < n; ++i)
      if (t[static_cast<size_t>(i)].alive) return true;
    return false;
  }
};

// Marker and score context of the side owning a wounded unit.
struct SideCtx {
  int pool = 0;           // markers in the pool (wound marker source 1)
  int order_markers = 0;  // order markers lying on this side's units (source 2)
  int built = 0;          // this side's army DP
  int lost = 0;           // this side's DP destroyed so far (the enemy's captured DP)
};

// Probability distribution of a hit count.
constexpr int kMaxHits = 48;
struct Dist {
  std::array<double, kMaxHits> p{};
  int max = 0;
};

Dist one_die(const std::array<uint8_t, 7>& m) {
  Dist d;
  for (int f = 1; f <= 6; ++f) {
    int h = std::min<int>(m[static_cast<size_t>(f)], kMaxHits - 1);
    d.p[static_cast<size_t>(h)] += 1.0 / 6.0;
    d.max = std::max(d.max, h);
  }
  return d;
}

Dist n_dice(const std::array<uint8_t, 7>& m, int dice) {
  Dist one = one_die(m);
  if (dice <= 1) return one;
  Dist d;
  for (int a = 0; a <= one.max; ++a) {
    if (one.p[static_cast<size_t>(a)] == 0.0) continue;
    for (int b = 0; b <= one.max; ++b) {
      if (one.p[static_cast<size_t>(b)] == 0.0) continue;
      int h = std::min(a + b, kMaxHits - 1);
      d.p[static_cast<size_t>(h)] += one.p[static_cast<size_t>(a)] * one.p[static_cast<size_t>(b)];
      d.max = std::max(d.max, h);
    }
  }
  return d;
}

double expected_hits(const std::array<uint8_t, 7>& m, int dice) {
  double faces = 0;
  for (int f = 1; f <= 6; ++f) faces += m[static_cast<size_t>(f)];
  return dice * faces / 6.0;
}

// ---------------------------------------------------------------------------------------------
// The evaluator: one position, one deciding seat.

uint64_t nonzero(uint64_t key) {
  return key == 0 ? 1 : key;
}

uint64_t unit_key(const SimUnit& su) {
  if (su.key != 0) return su.key;
  Hasher h;
  h.add(static_cast<uint64_t>(su.n) << 8 | static_cast<uint64_t>(su.owner));
  for (int i = 0; i < su.n; ++i) {
    const SimTroop& x = su.t[static_cast<size_t>(i)];
    h.add(static_cast<uint64_t>(static_cast<uint16_t>(x.id)) << 24 |
          static_cast<uint64_t>(x.type) << 16 | static_cast<uint64_t>(x.wounds) << 8 |
          static_cast<uint64_t>(x.alive));
  }
  return nonzero(h.value());
}

void hash_unit(Hasher& h, const SimUnit& su) {
  h.add(unit_key(su));
}

void hash_side(Hasher& h, const SideCtx& c) {
  h.add(static_cast<uint64_t>(c.pool) << 48 ^ static_cast<uint64_t>(c.order_markers) << 32 ^
        static_cast<uint64_t>(c.built) << 16 ^ static_cast<uint64_t>(c.lost));
}

// ---------------------------------------------------------------------------------------------
// The evaluator: one position, one deciding seat.

class Eval {
 public:
  // `memo` (may be null) shares battle values with other positions of the same game.
  Eval(const PocketState& s, const HeuristicParams& p, BattleMemo* memo = nullptr)
      : s_(s), p_(p), memo_(memo) {}

  // The troop model of unit u (built for every unit on first use, in one pass over the troops).
  const SimUnit& sim_unit(int u) const {
    if (sims_.empty()) {
      sims_.assign(static_cast<size_t>(s_.n_units), SimUnit{});
      for (int v = 0; v < s_.n_units; ++v)
        sims_[static_cast<size_t>(v)].owner = s_.units[static_cast<size_t>(v)].owner;
      for (int t = 0; t < s_.n_troops; ++t) {
        const Troop& tr = s_.troops[static_cast<size_t>(t)];
        if (tr.unit < 0 || tr.status != kActive) continue;
        SimUnit& su = sims_[static_cast<size_t>(tr.unit)];
        if (su.n >= kSimCap) continue;
        const TypeInfo& ti = s_.type_of(t);
        SimTroop& x = su.t[static_cast<size_t>(su.n++)];
        x.id = static_cast<int16_t>(t);
        x.dp = static_cast<uint8_t>(ti.dp);
        x.lp = static_cast<uint8_t>(ti.lp);
        x.wounds = tr.wounds;
        x.type = tr.type;
        x.alive = true;
        for (int f = 1; f <= 6; ++f) {
          x.cfaces = static_cast<uint8_t>(x.cfaces + ti.cm[static_cast<size_t>(f)]);
          x.sfaces = static_cast<uint8_t>(x.sfaces + ti.sm[static_cast<size_t>(f)]);
          su.cm[static_cast<size_t>(f)] =
              static_cast<uint8_t>(su.cm[static_cast<size_t>(f)] + ti.cm[static_cast<size_t>(f)]);
          su.sm[static_cast<size_t>(f)] =
              static_cast<uint8_t>(su.sm[static_cast<size_t>(f)] + ti.sm[static_cast<size_t>(f)]);
        }
      }
      if (memo_ != nullptr)
        for (SimUnit& su : sims_) su.key = unit_key(su);
    }
    return sims_[static_cast<size_t>(u)];
  }

  const SideCtx& side(int seat) const {
    if (!sides_built_) {
      for (int k = 0; k < 2; ++k) {
        SideCtx& c = sides_[static_cast<size_t>(k)];
        const PlayerState& ps = s_.players[static_cast<size_t>(k)];
        c.pool = ps.pool;
        c.built = std::max<int>(1, ps.built_dp);
        c.lost = s_.players[static_cast<size_t>(1 - k)].captured_dp;
      }
      for (int u = 0; u < s_.n_units; ++u) {
        const Unit& un = s_.units[static_cast<size_t>(u)];
        sides_[static_cast<size_t>(un.owner)].order_markers += un.orders;
      }
      sides_built_ = true;
    }
    return sides_[static_cast<size_t>(seat)];
  }

  // --- wound allocation model (PB Wunden) ---

  // Cost to the owner of removing troop i (with any Waldläufer left alone, PB §12).
  // Living troops with LP in `su` (a unit whose last one goes is destroyed, PB §12).
  static int lp_alive(const SimUnit& su) {
    int n = 0;
    for (int j = 0; j < su.n; ++j)
      n += su.t[static_cast<size_t>(j)].alive && su.t[static_cast<size_t>(j)].lp > 0;
    return n;
  }

  // `lp_count`: lp_alive(su), passed by callers that try every troop in turn.
  double remove_cost(const SimUnit& su, int i, const SideCtx& c, int* dp_out,
                     int lp_count = -1) const {
    const SimTroop& x = su.t[static_cast<size_t>(i)];
    double cost = x.dp + p_.capability * (x.cfaces + 1.2 * x.sfaces) - p_.freed_marker * x.wounds;
    int dp = x.dp;
    if (lp_count < 0) lp_count = lp_alive(su);
    const bool other_lp = lp_count - (x.alive && x.lp > 0 ? 1 : 0) > 0;
    if (!other_lp) {
      for (int j = 0; j < su.n; ++j) {
        const SimTroop& y = su.t[static_cast<size_t>(j)];
        if (j == i || !y.alive) continue;
        cost += y.dp + p_.capability * (y.cfaces + 1.2 * y.sfaces);
        dp += y.dp;
      }
      cost += p_.unit_lost;
    }
    if (2 * c.lost < c.built && 2 * (c.lost + dp) >= c.built) cost += p_.threshold;
    if (dp_out) *dp_out = dp;
    return cost;
  }

  bool marker_possible(const SimTroop& x, const SideCtx& c) const {
    return x.alive && x.lp > 1 && x.wounds + 1 < x.lp && (c.pool > 0 || c.order_markers > 0);
  }

  double marker_cost(const SimTroop& x, const SideCtx& c) const {
    return (c.pool > 0 ? p_.marker_now : p_.marker_from_orders) + p_.marker_future +
           p_.fragility * x.dp * (x.wounds + 1.0) / x.lp;
  }

  static void apply_remove(SimUnit& su, int i, SideCtx& c, int dp) {
    SimTroop& x = su.t[static_cast<size_t>(i)];
    su.key = 0;
    x.alive = false;
    bool other_lp = false;
    for (int j = 0; j < su.n; ++j)
      if (su.t[static_cast<size_t>(j)].alive && su.t[static_cast<size_t>(j)].lp > 0)
        other_lp = true;
    if (!other_lp)
      for (int j = 0; j < su.n; ++j) su.t[static_cast<size_t>(j)].alive = false;
    c.lost += dp;
  }

  static void apply_marker(SimUnit& su, int i, SideCtx& c) {
    su.key = 0;
    ++su.t[static_cast<size_t>(i)].wounds;
    if (c.pool > 0)
      --c.pool;
    else
      --c.order_markers;
  }

  // Greedy allocation of `hits` wounds by the owner, cheapest choice first. Returns the total
  // cost to the owner; `su` and `c` are updated.
  double allocate(SimUnit& su, SideCtx& c, int hits) const {
    double total = 0;
    for (int h = 0; h < hits; ++h) {
      if (!su.alive()) break;
      double best = std::numeric_limits<double>::infinity();
      int best_i = -1, best_dp = 0;
      bool best_marker = false;
      const int lp_count = lp_alive(su);
      for (int i = 0; i < su.n; ++i) {
        const SimTroop& x = su.t[static_cast<size_t>(i)];
        if (!x.alive || x.lp == 0) continue;  // A18 [REC]: never a Waldläufer
        int dp = 0;
        double rc = remove_cost(su, i, c, &dp, lp_count);
        if (rc < best) best = rc, best_i = i, best_dp = dp, best_marker = false;
        if (marker_possible(x, c)) {
          double mc = marker_cost(x, c);
          if (mc < best) best = mc, best_i = i, best_marker = true;
        }
      }
      if (best_i < 0) break;
      total += best;
      if (best_marker)
        apply_marker(su, best_i, c);
      else
        remove_and_refresh(su, best_i, c, best_dp);
    }
    return total;
  }

  void remove_and_refresh(SimUnit& su, int i, SideCtx& c, int dp) const {
    apply_remove(su, i, c, dp);
    refresh_faces(su);
  }

  void refresh_faces(SimUnit& su) const {
    su.cm.fill(0);
    su.sm.fill(0);
    for (int j = 0; j < su.n; ++j) {
      const SimTroop& y = su.t[static_cast<size_t>(j)];
      if (!y.alive) continue;
      const TypeInfo& ti = s_.type_of(y.id);
      for (int f = 1; f <= 6; ++f) {
        su.cm[static_cast<size_t>(f)] =
            static_cast<uint8_t>(su.cm[static_cast<size_t>(f)] + ti.cm[static_cast<size_t>(f)]);
        su.sm[static_cast<size_t>(f)] =
            static_cast<uint8_t>(su.sm[static_cast<size_t>(f)] + ti.sm[static_cast<size_t>(f)]);
      }
    }
  }

  // --- combat values, from the point of view of the striking unit's owner ---

  // X strikes Y with `dice` dice (PB Gefecht 1-3); Y strikes back with 1 die if it survives
  // (PB Gefecht, Rückschlag). Value = expected cost to Y's owner minus expected cost to X's
  // owner.
  double melee(const SimUnit& sx, const SideCtx& cx, const SimUnit& sy, const SideCtx& cy,
               int dice) const {
    uint64_t key = 0;
    if (memo_ != nullptr) {
      Hasher h;
      h.add(uint64_t{1}).add(static_cast<uint64_t>(dice));
      hash_unit(h, sx);
      hash_side(h, cx);
      hash_unit(h, sy);
      hash_side(h, cy);
      key = nonzero(h.value());
      if (double memo = 0; memo_->find(key, memo)) return memo;
    }
    Dist d = n_dice(sx.cm, dice);
    double v = 0;
    // X's cost of k strike-back hits does not depend on how many hits Y took: computed once.
    std::array<double, kMaxHits> back_cost{};
    std::array<bool, kMaxHits> back_known{};
    for (int h = 0; h <= d.max; ++h) {
      double ph = d.p[static_cast<size_t>(h)];
      if (ph == 0.0) continue;
      SimUnit y2 = sy;
      SideCtx cy2 = cy;
      double gain = allocate(y2, cy2, h);
      double loss = 0;
      if (y2.alive()) {
        Dist b = one_die(y2.cm);
        for (int k = 1; k <= b.max; ++k) {
          double pk = b.p[static_cast<size_t>(k)];
          if (pk == 0.0) continue;
          if (!back_known[static_cast<size_t>(k)]) {
            SimUnit x2 = sx;
            SideCtx cx2 = cx;
            back_cost[static_cast<size_t>(k)] = allocate(x2, cx2, k);
            back_known[static_cast<size_t>(k)] = true;
          }
          loss += pk * back_cost[static_cast<size_t>(k)];
        }
      }
      v += ph * (gain - loss);
    }
    if (memo_ != nullptr) memo_->put(key, v);
    return v;
  }

  double melee_units(int x, int y, int dice, int pay = 0) const {
    const SimUnit& sx = sim_unit(x);
    const SimUnit& sy = sim_unit(y);
    SideCtx cx = side(sx.owner);
    const SideCtx& cy = side(sy.owner);
    cx.pool = std::max(0, cx.pool - pay);
    cx.order_markers += pay;
    return melee(sx, cx, sy, cy, dice);
  }

  // Shooting (PB Aktion 5, PB Beschießen): hits of 1 die; into a combat they are split as the
  // rules split them (A2 option), friendly units included. Value for the shooter's owner.
  double shoot_units(int u, int v, int pay = 0) const {
    const Unit& su = s_.units[static_cast<size_t>(u)];
    const Unit& tv = s_.units[static_cast<size_t>(v)];
    Dist d = one_die(su.sm);
    int order[2 * kMaxPerSide], n = 0;
    int enemy = tv.owner, friendly = su.owner;
    order[n++] = v;
    if (tv.combat >= 0) {
      const Combat& c = s_.combats[static_cast<size_t>(tv.combat)];
      for (int i = 0; i < c.n[static_cast<size_t>(enemy)]; ++i)
        if (c.u[static_cast<size_t>(enemy)][static_cast<size_t>(i)] != v)
          order[n++] = c.u[static_cast<size_t>(enemy)][static_cast<size_t>(i)];
      for (int i = 0; i < c.n[static_cast<size_t>(friendly)]; ++i)
        order[n++] = c.u[static_cast<size_t>(friendly)][static_cast<size_t>(i)];
    }
    std::array<const SimUnit*, 2 * kMaxPerSide> sims{};
    std::array<SideCtx, 2 * kMaxPerSide> ctxs;
    for (int i = 0; i < n; ++i) {
      sims[static_cast<size_t>(i)] = &sim_unit(order[i]);
      ctxs[static_cast<size_t>(i)] = side(sims[static_cast<size_t>(i)]->owner);
      if (sims[static_cast<size_t>(i)]->owner == friendly)
        ctxs[static_cast<size_t>(i)].pool = std::max(0, ctxs[static_cast<size_t>(i)].pool - pay);
    }
    bool conserve = s_.pgame().opts().shoot_split == ShootSplit::kConserve;
    uint64_t key = 0;
    if (memo_ != nullptr) {
      Hasher h;
      h.add(uint64_t{2})
          .add(static_cast<uint64_t>(n) << 8 | static_cast<uint64_t>(friendly) << 1 |
               static_cast<uint64_t>(conserve));
      for (int f = 1; f <= 6; ++f) h.add(su.sm[static_cast<size_t>(f)]);
      for (int i = 0; i < n; ++i) {
        hash_unit(h, *sims[static_cast<size_t>(i)]);
        hash_side(h, ctxs[static_cast<size_t>(i)]);
      }
      key = nonzero(h.value());
      if (double memo = 0; memo_->find(key, memo)) return memo;
    }
    double v_total = 0;
    for (int h = 1; h <= d.max; ++h) {
      double ph = d.p[static_cast<size_t>(h)];
      if (ph == 0.0) continue;
      double val = 0;
      for (int i = 0; i < n; ++i) {
        int share = conserve ? h / n + (i < h % n ? 1 : 0) : (h + n - 1) / n;
        if (share == 0) continue;
        SimUnit x = *sims[static_cast<size_t>(i)];
        SideCtx c = ctxs[static_cast<size_t>(i)];
        double cost = allocate(x, c, share);
        val += x.owner == friendly ? -cost : cost;
      }
      v_total += ph * val;
    }
    if (memo_ != nullptr) memo_->put(key, v_total);
    return v_total;
  }

  // Leave combat (PB Aktion 4): every enemy unit of the combat strikes once. Expected cost to
  // the leaving unit's owner.
  double leave_cost(int u) const {
    const Unit& un = s_.units[static_cast<size_t>(u)];
    if (un.combat < 0) return 0;
    const Combat& c = s_.combats[static_cast<size_t>(un.combat)];
    int e = 1 - un.owner;
    const SimUnit& sx = sim_unit(u);
    SideCtx cx = side(un.owner);
    cx.pool = std::max(0, cx.pool - (un.orders + 1));
    double total = 0;
    // Enumerate the strikes in order (at most kMaxPerSide strikers, 6 outcomes each).
    struct Node {
      SimUnit x;
      SideCtx c;
      double p;
      double cost;
    };
    std::vector<Node> layer{Node{sx, cx, 1.0, 0.0}};
    for (int i = 0; i < c.n[static_cast<size_t>(e)]; ++i) {
      const SimUnit& striker = sim_unit(c.u[static_cast<size_t>(e)][static_cast<size_t>(i)]);
      Dist d = one_die(striker.cm);
      std::vector<Node> next;
      for (const Node& nd : layer) {
        if (!nd.x.alive()) {
          next.push_back(nd);
          continue;
        }
        for (int h = 0; h <= d.max; ++h) {
          double ph = d.p[static_cast<size_t>(h)];
          if (ph == 0.0) continue;
          Node m = nd;
          m.p *= ph;
          m.cost += allocate(m.x, m.c, h);
          next.push_back(m);
        }
      }
      layer = std::move(next);
    }
    for (const Node& nd : layer) total += nd.p * nd.cost;
    return total;
  }

  // Best value of an attack (or shot) that unit u could make from where it stands, ignoring
  // reactions; 0 if it has none. Used for positional potential.
  double offense(int u) const {
    const Unit& un = s_.units[static_cast<size_t>(u)];
    if (un.zone != kFront || !s_.unit_alive(u)) return 0;
    double best = 0;
    ActionList acts;
    if (un.has_combat()) {
      bool primary = false;
      int n = 0;
      s_.attack_targets(u, &acts, &primary, &n);
      if (primary && n > 0) {
        ActionList targets;
        s_.primary_targets(u, un.col, targets);
        for (const Action& a : targets) best = std::max(best, melee_units(u, a.arg(0), 2));
      } else {
        for (const Action& a : acts)
          if (a.argc == 2) best = std::max(best, melee_units(u, a.arg(1), 2));
      }
    }
    if (un.has_shooting()) {
      acts.clear();
      s_.shoot_targets(u, acts);
      for (const Action& a : acts) best = std::max(best, shoot_units(u, a.arg(1)));
    }
    return best;
  }

  // Positional potential for `me`: what my units in the front zone could do next, minus what
  // the enemy's could, plus a small pull towards the enemy for units that can fight.
  // Computed once per position and seat: every candidate move of a decision compares its
  // position with the same base.
  double position(int me) const {
    if (pos_known_[static_cast<size_t>(me)]) return pos_[static_cast<size_t>(me)];
    double v = compute_position(me);
    pos_known_[static_cast<size_t>(me)] = true;
    return pos_[static_cast<size_t>(me)] = v;
  }

  double compute_position(int me) const {
    double v = 0;
    for (int u = 0; u < s_.n_units; ++u) {
      const Unit& un = s_.units[static_cast<size_t>(u)];
      if (!s_.unit_alive(u) || un.zone == kUnplaced) continue;
      if (un.zone == kFront) v += (un.owner == me ? 1.0 : -1.0) * offense(u);
      if (p_.exposure > 0 && un.zone == kCombatZone && un.combat >= 0) {
        // In contact: what continuing the combat (PB Aktion 3) would bring.
        const Combat& c = s_.combats[static_cast<size_t>(un.combat)];
        int e = 1 - un.owner;
        double best = 0;
        for (int i = 0; i < c.n[static_cast<size_t>(e)]; ++i)
          best = std::max(best,
                          melee_units(u, c.u[static_cast<size_t>(e)][static_cast<size_t>(i)], 1));
        v += (un.owner == me ? 1.0 : -1.0) * best;
      }
      if (un.owner == me && un.zone != kCombatZone &&
          expected_hits(un.cm, 1) + expected_hits(un.sm, 1) >= 0.3) {
        int dist = 3;
        for (int e = 0; e < s_.n_units; ++e) {
          const Unit& en = s_.units[static_cast<size_t>(e)];
          if (en.owner == me || !s_.unit_alive(e)) continue;
          dist = std::min(dist, std::abs(en.col - un.col));
        }
        v -= 0.05 * dist + (un.zone == kRear ? 0.1 : 0.0);
      }
    }
    return v;
  }

  // --- the order and reaction scores ---

  double order_penalty(int u) const {
    int cost = s_.order_cost(u);
    if (s_.stage == kMoreOrders) return cost * p_.marker_now * 0.6;
    // A pass spends 1 marker too: only the markers beyond it count, and the turns in a row
    // they give the enemy (tempo_cost).
    int seat = s_.units[static_cast<size_t>(u)].owner;
    return (cost - 1) * p_.marker_now + tempo_cost(seat, cost) - tempo_cost(seat, 1);
  }

  // PB Spielablauf: a player with markers left takes turns in a row once the other has none.
  // Spending `spend` markers from the pool: p_.tempo per marker the enemy's pool then exceeds
  // `seat`'s.
  double tempo_cost(int seat, int spend) const {
    int mine = s_.players[static_cast<size_t>(seat)].pool - spend;
    int theirs = s_.players[static_cast<size_t>(1 - seat)].pool;
    return p_.tempo * std::max(0, theirs - std::max(0, mine));
  }

  // Probability that x's melee with `dice` dice destroys unit y (PB Gefecht 3).
  double destroy_prob(int x, int y, int dice) const {
    const SimUnit& sx = sim_unit(x);
    const SimUnit& sy = sim_unit(y);
    const SideCtx& cy = side(sy.owner);
    Dist d = n_dice(sx.cm, dice);
    double p = 0;
    for (int h = 1; h <= d.max; ++h) {
      double ph = d.p[static_cast<size_t>(h)];
      if (ph == 0.0) continue;
      SimUnit y2 = sy;
      SideCtx c2 = cy;
      allocate(y2, c2, h);
      if (!y2.alive()) p += ph;
    }
    return p;
  }

  // PB Aktion 2 / PB Gefecht 3: an attacker that destroys the unit it fights withdraws unharmed
  // to its front zone and may attack again; one that does not stays in the combat. The attack
  // a block by a doomed unit only postpones, valued at p_.rethreat x `threat` (the attacker's
  // best attack now) x the chance that x destroys y, while x's owner can pay that attack this
  // round.
  double rethreat(int x, int y, double threat) const {
    if (p_.rethreat <= 0 || threat <= 0) return 0;
    // Only while its owner can still pay its next order this round.
    const Unit& ux = s_.units[static_cast<size_t>(x)];
    if (s_.players[static_cast<size_t>(ux.owner)].pool < s_.order_cost(x)) return 0;
    return p_.rethreat * destroy_prob(x, y, 2) * threat;
  }

  // Attacks the enemy's front units could make against `me` with no reaction allowed (rear
  // attacks and flank attacks, PB Aktion 2 (Rückraum), (Flankenangriff)): the sum of each
  // unit's best such attack. Computed once per position and seat.
  double unblocked(int me) const {
    if (unblocked_known_[static_cast<size_t>(me)]) return unblocked_[static_cast<size_t>(me)];
    double v = 0;
    ActionList acts;
    for (int u = 0; u < s_.n_units; ++u) {
      const Unit& un = s_.units[static_cast<size_t>(u)];
      if (un.owner == me || !s_.unit_alive(u) || un.zone != kFront || !un.has_combat()) continue;
      acts.clear();
      bool primary = false;
      int n = 0;
      s_.attack_targets(u, &acts, &primary, &n);
      if (primary) continue;
      double best = 0;
      for (const Action& a : acts)
        if (a.argc == 2) best = std::max(best, melee_units(u, a.arg(1), 2));
      v += best;
    }
    unblocked_known_[static_cast<size_t>(me)] = true;
    return unblocked_[static_cast<size_t>(me)] = v;
  }

  // Value for the attacker of "attack u" in the primary case: the defender reacts (PB Aktion 2
  // A/B/C), then the attacker picks the best target.
  double primary_attack(int u) const {
    const Unit& un = s_.units[static_cast<size_t>(u)];
    int pay = s_.order_cost(u);
    ActionList targets;
    s_.primary_targets(u, un.col, targets);
    double wait = kNever;
    for (const Action& a : targets) wait = std::max(wait, melee_units(u, a.arg(0), 2, pay));
    if (targets.empty()) return kNever;
    double worst = wait;
    int d = 1 - un.owner;
    int pool = s_.players[static_cast<size_t>(d)].pool;
    for (int v = 0; v < s_.n_units; ++v) {
      const Unit& dv = s_.units[static_cast<size_t>(v)];
      if (dv.owner != d || !s_.unit_alive(v) || dv.zone != kFront || dv.col != un.col) continue;
      if (dv.orders + 1 > pool) continue;
      double spent = 0.5 * (dv.orders + 1) * p_.marker_now;  // the defender pays an order (A10)
      if (dv.has_combat()) worst = std::min(worst, melee_units(u, v, 2, pay) + spent);
      if (dv.has_shooting()) worst = std::min(worst, shot_then_melee(u, v, targets, pay) + spent);
    }
    return (1.0 - p_.reaction_worst) * wait + p_.reaction_worst * worst;
  }

  // Reaction B (PB Aktion 2 B): unit v shoots at attacker u, then u (if alive) picks the best
  // target. Value for the attacker.
  double shot_then_melee(int u, int v, const ActionList& targets, int pay) const {
    const SimUnit& su = sim_unit(u);
    SideCtx cu = side(su.owner);
    cu.pool = std::max(0, cu.pool - pay);
    Dist d = one_die(s_.units[static_cast<size_t>(v)].sm);
    double total = 0;
    for (int h = 0; h <= d.max; ++h) {
      double ph = d.p[static_cast<size_t>(h)];
      if (ph == 0.0) continue;
      SimUnit x = su;
      SideCtx c = cu;
      double lost = allocate(x, c, h);
      double best = 0;
      if (x.alive()) {
        best = kNever;
        for (const Action& a : targets) {
          const SimUnit& y = sim_unit(a.arg(0));
          best = std::max(best, melee(x, c, y, side(y.owner), 2));
        }
      }
      total += ph * (best - lost);
    }
    return total;
  }

  // Change of positional potential when attack `a` has engaged its target, before the dice:
  // the defender waits and the attacker takes its best target (PB Aktion 2 C).
  double exposure_after(const Action& a, int me) const {
    auto next = s_.clone();
    next->apply(a);
    auto& ns = static_cast<PocketState&>(*next);
    for (int guard = 0; guard < 4 && ns.phase == kBattle && !ns.steps.empty(); ++guard) {
      const Step& st = ns.top();
      if (st.kind == kStepReact) {
        ns.apply(Action(kReactWait, {}));
      } else if (st.kind == kStepChooseTarget) {
        ActionList targets;
        ns.primary_targets(st.a, ns.units[static_cast<size_t>(st.a)].col, targets);
        if (targets.empty()) break;
        Eval e(ns, p_, memo_);
        const Action* best = &targets.front();
        double bv = kNever;
        for (const Action& t : targets) {
          double tv = e.melee_units(st.a, t.arg(0), 2);
          if (tv > bv) bv = tv, best = &t;
        }
        ns.apply(*best);
      } else {
        break;
      }
    }
    Eval e(ns, p_, memo_);
    return e.position(me) - position(me);
  }

  double score_battle(const Action& a) const;
  double best_order_after(const Action& a) const;

 private:
  const PocketState& s_;
  const HeuristicParams& p_;
  BattleMemo* memo_;
  mutable std::vector<SimUnit> sims_;  // per unit, built on first use
  mutable std::array<SideCtx, 2> sides_{};
  mutable bool sides_built_ = false;
  mutable std::array<double, 2> pos_{};
  mutable std::array<bool, 2> pos_known_{};
  mutable std::array<double, 2> unblocked_{};
  mutable std::array<bool, 2> unblocked_known_{};
};

// ---------------------------------------------------------------------------------------------
// Army selection (PB Aufbau 4): bounded knapsack over the remaining budget.

double type_value(const TypeInfo& ti, const HeuristicParams& p) {
  double c = 0, sh = 0;
  for (int f = 1; f <= 6; ++f)
    c += ti.cm[static_cast<size_t>(f)], sh += ti.sm[static_cast<size_t>(f)];
  double v = c + p.sel_shoot * sh + (ti.lp == 0 ? 2 * p.sel_lp : p.sel_lp * ti.lp);
  if (ti.fv == 1) v -= p.sel_solo;  // a unit of its own: one more unit to order (PB §6)
  if (ti.fv >= 3) v += p.sel_big;   // can form big units (PB Aufbau 5), FV "*" included
  if (ti.regenerate) v += 1.0;
  if (ti.heal) v += 0.5;
  if (ti.long_range) v += 0.3;
  if (ti.swift) v += 0.2;
  return v;
}

// Best total value of troops still available within `budget`, at most `solo_left` FV-1 troops.
double knapsack(const PocketState& s, int seat, int budget, const std::vector<int>& avail,
                int solo_left, const HeuristicParams& p) {
  int nt = s.pgame().num_types(seat);
  solo_left = std::max(0, std::min(solo_left, 3));
  // best[b][k]: best value with budget b and k solo slots left.
  std::vector<std::array<double, 4>> best(static_cast<size_t>(budget + 1));
  for (auto& row : best) row.fill(0.0);
  for (int ty = 0; ty < nt; ++ty) {
    const TypeInfo& ti = s.pgame().type(seat, ty);
    double val = type_value(ti, p);
    bool solo = ti.fv == 1;
    for (int copy = 0; copy < avail[static_cast<size_t>(ty)]; ++copy) {
      for (int b = budget; b >= ti.dp; --b)
        for (int k = 0; k <= 3; ++k) {
          if (solo && k == 0) continue;
          double cand =
              best[static_cast<size_t>(b - ti.dp)][static_cast<size_t>(solo ? k - 1 : k)] + val;
          double& cur = best[static_cast<size_t>(b)][static_cast<size_t>(k)];
          if (cand > cur) cur = cand;
        }
    }
  }
  return best[static_cast<size_t>(budget)][static_cast<size_t>(solo_left)];
}

double score_select(const PocketState& s, const Action& a, const HeuristicParams& p) {
  int me = s.sel_seat;
  if (a.verb == kSelectDone) return 0.0;
  if (a.verb != kPick) return kNever;
  const PocketGame& g = s.pgame();
  int nt = g.num_types(me);
  std::vector<int> avail(static_cast<size_t>(nt));
  int solos = 0;
  for (int ty = 0; ty < nt; ++ty)
    avail[static_cast<size_t>(ty)] = g.army(me).troops[static_cast<size_t>(ty)].count;
  for (int t = 0; t < s.n_troops; ++t) {
    const Troop& tr = s.troops[static_cast<size_t>(t)];
    if (tr.owner != me) continue;
    --avail[tr.type];
    if (g.type(me, tr.type).fv == 1) ++solos;
  }
  int ty = a.arg(0);
  const TypeInfo& ti = g.type(me, ty);
  int solo_cap = std::max(1, g.opts().points / 40);
  int solo_left = solo_cap - solos - (ti.fv == 1 ? 1 : 0);
  if (solo_left < 0) return 0.1 * type_value(ti, p) / ti.dp - 5.0;
  --avail[static_cast<size_t>(ty)];
  int budget = g.opts().points - s.players[static_cast<size_t>(me)].picked_dp - ti.dp;
  return type_value(ti, p) + knapsack(s, me, budget, avail, solo_left, p);
}

// ---------------------------------------------------------------------------------------------
// Unit formation (PB Aufbau 5): a plan computed from the own troops only.

struct Group {
  int limit = kStarFVValue;
  std::vector<int> members;
  bool has_lp = false;
  double faces = 0;
};

std::vector<Group> formation_plan(const PocketState& s, int me, const HeuristicParams& p) {
  std::vector<int> normal, star, pathf;
  for (int t = 0; t < s.n_troops; ++t) {
    const Troop& tr = s.troops[static_cast<size_t>(t)];
    if (tr.owner != me) continue;
    const TypeInfo& ti = s.type_of(t);
    if (ti.lp == 0)
      pathf.push_back(t);
    else if (ti.fv >= kStarFVValue)
      star.push_back(t);
    else
      normal.push_back(t);
  }
  auto faces = [&](int t) {
    const TypeInfo& ti = s.type_of(t);
    double f = 0;
    for (int k = 1; k <= 6; ++k)
      f += ti.cm[static_cast<size_t>(k)] + 1.25 * ti.sm[static_cast<size_t>(k)];
    return f;
  };
  std::stable_sort(normal.begin(), normal.end(), [&](int a, int b) {
    const TypeInfo& ta = s.type_of(a);
    const TypeInfo& tb = s.type_of(b);
    if (ta.fv != tb.fv) return ta.fv > tb.fv;
    if (s.troops[static_cast<size_t>(a)].type != s.troops[static_cast<size_t>(b)].type)
      return type_value(ta, p) > type_value(tb, p);
    return a < b;
  });
  std::vector<Group> groups;
  auto add = [&](Group& g, int t) {
    const TypeInfo& ti = s.type_of(t);
    g.members.push_back(t);
    g.limit = std::min(g.limit, ti.fv);
    g.has_lp = g.has_lp || ti.lp > 0;
    g.faces += faces(t);
  };
  for (int t : normal) {
    const TypeInfo& ti = s.type_of(t);
    int best = -1;
    int best_key = -1;
    for (size_t gi = 0; gi < groups.size(); ++gi) {
      const Group& g = groups[gi];
      int limit = std::min(g.limit, ti.fv);
      int size = static_cast<int>(g.members.size()) + 1;
      if (size > limit) continue;
      int key = (limit == g.limit ? 100 : 0) + static_cast<int>(g.members.size());
      if (key > best_key) best_key = key, best = static_cast<int>(gi);
    }
    if (best < 0) {
      groups.push_back(Group{});
      best = static_cast<int>(groups.size()) - 1;
    }
    add(groups[static_cast<size_t>(best)], t);
  }
  // FV "*" troops (PB §12) fill free places of the strongest units, else form their own unit.
  for (int t : star) {
    int best = -1;
    for (size_t gi = 0; gi < groups.size(); ++gi) {
      const Group& g = groups[gi];
      int size = static_cast<int>(g.members.size()) + 1;
      if (size > g.limit) continue;
      if (best < 0 || g.faces > groups[static_cast<size_t>(best)].faces)
        best = static_cast<int>(gi);
    }
    if (best < 0) {
      groups.push_back(Group{});
      best = static_cast<int>(groups.size()) - 1;
    }
    add(groups[static_cast<size_t>(best)], t);
  }
  // Waldläufer join the strongest unit with a troop with LP and room.
  for (int t : pathf) {
    const TypeInfo& ti = s.type_of(t);
    int best = -1;
    for (size_t gi = 0; gi < groups.size(); ++gi) {
      const Group& g = groups[gi];
      if (!g.has_lp) continue;
      if (static_cast<int>(g.members.size()) + 1 > std::min(g.limit, ti.fv)) continue;
      if (best < 0 || g.faces > groups[static_cast<size_t>(best)].faces)
        best = static_cast<int>(gi);
    }
    if (best < 0) {
      // No room: the strongest full unit that could host it gives up its weakest LP troop,
      // which founds a unit of its own.
      for (size_t gi = 0; gi < groups.size(); ++gi) {
        const Group& g = groups[gi];
        int lp_members = 0;
        for (int m : g.members) lp_members += s.type_of(m).lp > 0 ? 1 : 0;
        if (lp_members < 2 || static_cast<int>(g.members.size()) > std::min(g.limit, ti.fv))
          continue;
        if (best < 0 || g.faces > groups[static_cast<size_t>(best)].faces)
          best = static_cast<int>(gi);
      }
      if (best >= 0) {
        Group& g = groups[static_cast<size_t>(best)];
        int weakest = -1;
        for (int m : g.members)
          if (s.type_of(m).lp > 0 &&
              (weakest < 0 || type_value(s.type_of(m), p) < type_value(s.type_of(weakest), p)))
            weakest = m;
        Group rebuilt;
        for (int m : g.members)
          if (m != weakest) add(rebuilt, m);
        g = rebuilt;
        Group alone;
        add(alone, weakest);
        groups.push_back(alone);
      }
    }
    if (best < 0) {
      groups.push_back(Group{});
      best = static_cast<int>(groups.size()) - 1;
    }
    add(groups[static_cast<size_t>(best)], t);
  }
  return groups;
}

double score_form(const PocketState& s, const Action& a, const HeuristicParams& p) {
  if (a.verb != kNewUnit && a.verb != kJoinUnit) return kNever;
  int me = s.sel_seat, t = s.form_troop;
  std::vector<Group> plan = formation_plan(s, me, p);
  int planned_unit = -2;  // -1: new unit
  for (const Group& g : plan) {
    if (std::find(g.members.begin(), g.members.end(), t) == g.members.end()) continue;
    planned_unit = -1;
    for (int m : g.members)
      if (m != t && s.troops[static_cast<size_t>(m)].unit >= 0)
        planned_unit = s.troops[static_cast<size_t>(m)].unit;
  }
  int chosen = a.verb == kNewUnit ? -1 : a.arg(0);
  if (chosen == planned_unit) return 10.0;
  // Fallback when the plan's choice is not legal: join a unit of the same type, else the
  // biggest unit that keeps its limit.
  if (chosen == -1) return 0.1;
  const Unit& un = s.units[static_cast<size_t>(chosen)];
  const TypeInfo& ti = s.type_of(t);
  double v = 0.2 + 0.1 * un.size;
  if (std::min<int>(un.minfv, ti.fv) < un.minfv) v -= 0.3;
  for (int k = 0; k < s.n_troops; ++k)
    if (s.troops[static_cast<size_t>(k)].unit == chosen &&
        s.troops[static_cast<size_t>(k)].type == s.troops[static_cast<size_t>(t)].type)
      v += 0.5;
  return v;
}

// ---------------------------------------------------------------------------------------------
// Placement (PB Aufstellung 3): fighters and shooters to the front, weak units to the rear,
// columns spread against the enemy's stacks. Enemy stacks are judged by what is visible: the
// top troop and the height of each stack (PB Aufbau 6).

double power_of_type(const TypeInfo& ti) {
  double v = 0;
  for (int f = 1; f <= 6; ++f)
    v += ti.cm[static_cast<size_t>(f)] + 1.25 * ti.sm[static_cast<size_t>(f)];
  return v;
}

double visible_power(const PocketState& s, int u, int me) {
  const Unit& un = s.units[static_cast<size_t>(u)];
  double known = 0;
  int seen = 0;
  for (int t = 0; t < s.n_troops; ++t) {
    const Troop& tr = s.troops[static_cast<size_t>(t)];
    if (tr.unit != u || tr.status != kActive) continue;
    if (!s.troop_visible(t, me)) continue;
    known += power_of_type(s.type_of(t));
    ++seen;
  }
  if (seen == 0) return 2.0 * un.size;
  return known / seen * un.size;
}

double score_place(const PocketState& s, const Action& a, const HeuristicParams& p) {
  if (a.verb != kPlace) return kNever;
  int me = s.active, u = a.arg(0), sg = a.arg(1);
  int zone = sg / 3, col = sg % 3;
  double pw = visible_power(s, u, me);
  bool weak = pw < 1.5;
  double v = 0;
  if (zone == kFront) v += weak ? -0.5 : 1.0;
  if (zone == kRear && weak) v += 0.5;
  std::array<double, 3> mine{}, theirs{};
  for (int w = 0; w < s.n_units; ++w) {
    const Unit& un = s.units[static_cast<size_t>(w)];
    if (un.zone == kUnplaced || un.zone == kGone) continue;
    (un.owner == me ? mine : theirs)[static_cast<size_t>(un.col)] += visible_power(s, w, me);
  }
  v += p.place_enemy * theirs[static_cast<size_t>(col)] -
       p.place_own * mine[static_cast<size_t>(col)];
  if (col == 1) v += 0.05;
  v -= 0.01 * pw;  // place the weaker stacks first, keep the strong ones for the answer
  return v;
}

// ---------------------------------------------------------------------------------------------
// Battle.

double Eval::best_order_after(const Action& a) const {
  auto next = s_.clone();
  next->apply(a);
  const auto& ns = static_cast<const PocketState&>(*next);
  if (ns.is_terminal() || ns.current_seat() != s_.current_seat() || ns.phase != kBattle) return 0;
  ActionList acts;
  ns.legal_actions(acts);
  Eval e(ns, p_, memo_);
  double best = kNever;
  for (const Action& b : acts) {
    if (b.verb == kConcede) continue;
    best = std::max(best, e.score_battle(b));
  }
  return best == kNever ? 0.0 : best;
}

double Eval::score_battle(const Action& a) const {
  int me = s_.current_seat();
  switch (a.verb) {
    case kConcede:
      return kNever;  // never concede
    case kPass:
      return p_.pass;
    case kEndTurn:
      return 0.0;
    case kSkip:
      return best_order_after(a);
    case kRedeploy: {
      // PB Phase 1: free, but the unit may receive no order this turn.
      auto next = s_.clone();
      next->apply(a);
      Eval e(static_cast<const PocketState&>(*next), p_, memo_);
      double delta = e.position(me) - position(me);
      double flank = e.unblocked(me) - unblocked(me);
      return p_.position * delta - p_.open_flank * flank + best_order_after(a) - 0.01;
    }
    case kMove: {
      auto next = s_.clone();
      next->apply(a);
      Eval e(static_cast<const PocketState&>(*next), p_, memo_);
      double delta = e.position(me) - position(me);
      double flank = e.unblocked(me) - unblocked(me);
      return p_.position * delta - p_.open_flank * flank - order_penalty(a.arg(0)) - 0.02;
    }
    case kAttack: {
      int u = a.arg(0);
      double v = a.argc == 1 ? primary_attack(u) : melee_units(u, a.arg(1), 2, s_.order_cost(u));
      if (p_.exposure > 0) v += p_.exposure * exposure_after(a, me);
      return v - order_penalty(u);
    }
    case kContinue:
      return melee_units(a.arg(0), a.arg(1), 1, s_.order_cost(a.arg(0))) - order_penalty(a.arg(0));
    case kLeave: {
      int u = a.arg(0);
      const Unit& un = s_.units[static_cast<size_t>(u)];
      double threat = 0;
      if (un.combat >= 0) {
        const Combat& c = s_.combats[static_cast<size_t>(un.combat)];
        int e = 1 - un.owner;
        for (int i = 0; i < c.n[static_cast<size_t>(e)]; ++i)
          threat = std::max(threat,
                            melee_units(c.u[static_cast<size_t>(e)][static_cast<size_t>(i)], u, 1));
      }
      return -leave_cost(u) + 0.5 * threat - order_penalty(u) - 0.05;
    }
    case kShoot:
      return shoot_units(a.arg(0), a.arg(1), s_.order_cost(a.arg(0))) - order_penalty(a.arg(0));
    case kSpecial: {
      // Regenerate / heal: one wound marker back to the pool (stand-in traits,
      // docs/rules/pocket.md §15.2).
      int t = a.arg(1);
      const TypeInfo& ti = s_.type_of(t);
      double v = p_.marker_future + p_.fragility * ti.dp + 0.3;
      return v - order_penalty(a.arg(0));
    }
    case kReactWait:
    case kReactIntercept:
    case kReactShoot: {
      const Step& st = s_.top();
      int x = st.a;
      if (a.verb == kReactWait && st.b >= 0) return -melee_units(x, st.b, 2);
      // Wait (PB Aktion 2 C): the attacker takes its best target.
      ActionList targets;
      s_.primary_targets(x, s_.units[static_cast<size_t>(x)].col, targets);
      double worst = 0;
      int worst_target = -1;
      for (const Action& t : targets) {
        double tv = melee_units(x, t.arg(0), 2);
        if (worst_target < 0 || tv > worst) worst = std::max(0.0, tv), worst_target = t.arg(0);
      }
      const double wait_rethreat = worst_target < 0 ? 0 : rethreat(x, worst_target, worst);
      if (a.verb == kReactWait) return -worst - wait_rethreat;
      int v = a.arg(0);
      // A10 [REC]: a reaction is a paid order, and the markers it takes may give the attacker
      // turns in a row (tempo_cost).
      const int cost = s_.order_cost(v);
      double spent = cost * p_.marker_now * p_.reaction_cost +
                     tempo_cost(s_.units[static_cast<size_t>(v)].owner, cost) -
                     tempo_cost(s_.units[static_cast<size_t>(v)].owner, 0);
      if (a.verb == kReactIntercept) return -melee_units(x, v, 2) - spent - rethreat(x, v, worst);
      return -shot_then_melee(x, v, targets, 0) - spent - wait_rethreat;
    }
    case kTarget: {
      int x = s_.top().a;
      return melee_units(x, a.arg(0), 2);
    }
    case kWound:
    case kRemove: {
      // PB Wunden: the option plus the cheapest allocation of the wounds still to come.
      const Step& st = s_.top();
      SimUnit su = sim_unit(st.a);
      SideCtx c = side(su.owner);
      int i = -1;
      for (int k = 0; k < su.n; ++k)
        if (su.t[static_cast<size_t>(k)].id == a.arg(0)) i = k;
      if (i < 0) return kNever;
      double cost;
      if (a.verb == kWound) {
        cost = marker_cost(su.t[static_cast<size_t>(i)], c);
        apply_marker(su, i, c);
      } else {
        int dp = 0;
        cost = remove_cost(su, i, c, &dp);
        remove_and_refresh(su, i, c, dp);
      }
      cost += allocate(su, c, st.n - 1);
      return -cost;
    }
    case kMarkerFrom: {
      // PB Wunden 2 (A19): the pool stays empty until the round ends, when every order marker
      // comes back, so which unit gives one up changes no cost this round; the heuristic takes
      // E4's unit (the most order markers, the lowest label on ties).
      const Unit& un = s_.units[static_cast<size_t>(a.arg(0))];
      return un.orders - 1e-3 * a.arg(0);
    }
    default:
      return kNever;
  }
}

double score_round_end(const PocketState& s, const Action& a, const HeuristicParams& p) {
  // PB Spielablauf: voluntary removal of wounded troops returns their markers but gives the
  // opponent their DP. Worth it only for cheap troops holding markers when markers are short.
  if (a.verb == kSelectDone) return 0.0;
  if (a.verb != kRemove) return kNever;
  int me = s.sel_seat, t = a.arg(0);
  const Troop& tr = s.troops[static_cast<size_t>(t)];
  const TypeInfo& ti = s.type_of(t);
  const PlayerState& ps = s.players[static_cast<size_t>(me)];
  int lost = s.players[static_cast<size_t>(1 - me)].captured_dp;
  double v = tr.wounds * (ps.pool <= 2 ? 2.5 : 1.0) * p.marker_now - ti.dp;
  if (2 * (lost + ti.dp) >= ps.built_dp) v -= p.threshold;
  return v;
}

}  // namespace

namespace {

double score(const PocketState& s, const Action& a, const HeuristicParams& p, BattleMemo* memo) {
  if (a.verb == kConcede) return kNever;
  switch (s.phase) {
    case kSelect:
      return score_select(s, a, p);
    case kForm:
      return score_form(s, a, p);
    case kPlacement:
      return score_place(s, a, p);
    case kRoundEnd:
      return score_round_end(s, a, p);
    case kBattle:
      return Eval(s, p, memo).score_battle(a);
    default:
      return 0.0;
  }
}

}  // namespace

double pocket_score(const PocketState& s, const Action& a, const HeuristicParams& p) {
  return score(s, a, p, nullptr);
}

void pocket_score_all(const PocketState& s, const ActionList& actions, const HeuristicParams& p,
                      std::vector<double>& scores, BattleMemo* memo) {
  scores.assign(actions.size(), kNever);
  if (memo != nullptr) memo->bind(&s.pgame());
  if (s.phase == kBattle) {
    // One evaluator for every candidate: the position before the action once.
    Eval e(s, p, memo);
    for (size_t i = 0; i < actions.size(); ++i)
      if (actions[i].verb != kConcede) scores[i] = e.score_battle(actions[i]);
  } else {
    for (size_t i = 0; i < actions.size(); ++i) scores[i] = score(s, actions[i], p, memo);
  }
}

std::shared_ptr<BattleMemo> make_battle_memo() {
  return std::make_shared<BattleMemo>();
}

std::unique_ptr<Player> make_pocket_heuristic(int seat, uint64_t seed) {
  return make_pocket_heuristic(seat, seed, HeuristicParams{});
}

std::unique_ptr<Player> make_pocket_heuristic(int seat, uint64_t seed,
                                              const HeuristicParams& params) {
  (void)seat;
  std::shared_ptr<BattleMemo> memo = make_battle_memo();
  return std::make_unique<ScoredPlayer>(
      "heuristic",
      BatchScorer([params, memo](const State& view, const ActionList& actions,
                                 std::vector<double>& scores, Rng&) {
        pocket_score_all(static_cast<const PocketState&>(view), actions, params, scores,
                         memo.get());
      }),
      seed, 1e-9);
}

}  // namespace feldherr::pocket
