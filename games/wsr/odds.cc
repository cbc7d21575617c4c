// Exact combat odds for White Star Rising (see odds.h, docs/wsr-combat.md).
#include "games/wsr/odds.h"

#include <fmt/format.h>

#include <algorithm>
#include <stdexcept>

namespace feldherr::wsr {
namespace {

// pmf[t-1][n][k] built by repeated convolution with one Bernoulli die (p = (7 - t) / 6).
struct BinomialTable {
  static constexpr int kN = kMaxOddsDice + 1;
  std::vector<double> data;  // [6][kN][kN]
  BinomialTable() : data(static_cast<size_t>(6 * kN * kN), 0.0) {
    for (int t = 1; t <= 6; ++t) {
      const double p = (7.0 - t) / 6.0;
      const double q = 1.0 - p;
      double* base = &data[static_cast<size_t>((t - 1) * kN * kN)];
      base[0] = 1.0;
      for (int n = 1; n < kN; ++n) {
        const double* prev = base + (n - 1) * kN;
        double* row = base + n * kN;
        for (int k = 0; k <= n; ++k) {
          row[k] = (k < n ? prev[k] * q : 0.0) + (k > 0 ? prev[k - 1] * p : 0.0);
        }
      }
    }
  }
  const double* Row(int n, int t) const {
    return &data[static_cast<size_t>((t - 1) * kN * kN + n * kN)];
  }
};

const BinomialTable& Table() {
  static const BinomialTable table;
  return table;
}

void CheckRoll(int n, int to_hit) {
  if (n < 0 || n > kMaxOddsDice) {
    throw std::invalid_argument(fmt::format("odds: {} dice (0..{} supported)", n, kMaxOddsDice));
  }
  if (to_hit < 1 || to_hit > 6) throw std::invalid_argument("odds: to-hit must be 1..6");
}

std::vector<double> Convolve(const std::vector<double>& a, const std::vector<double>& b) {
  std::vector<double> c(a.size() + b.size() - 1, 0.0);
  for (size_t i = 0; i < a.size(); ++i) {
    if (a[i] == 0.0) continue;
    for (size_t j = 0; j < b.size(); ++j) c[i + j] += a[i] * b[j];
  }
  return c;
}

// Calls f(mask, probability) for each set of `odd` distinct units out of `units`, uniformly.
template <typename F>
void ForOddSets(int units, int odd, F&& f) {
  int count = 0;
  for (int m = 0; m < (1 << units); ++m)
    count += std::popcount(static_cast<unsigned>(m)) == odd ? 1 : 0;
  const double w = 1.0 / count;
  for (int m = 0; m < (1 << units); ++m) {
    if (std::popcount(static_cast<unsigned>(m)) == odd) f(m, w);
  }
}

ResultOdds NoEffect() {
  ResultOdds r{};
  r[static_cast<size_t>(CombatResult::kNoEffect)] = 1.0;
  return r;
}

// Per-unit results (and joint index) of `n` hits spread evenly on `units`.
template <typename F>
void ForAllocations(int n, const std::vector<UnitState>& units, F&& f) {
  const int k = static_cast<int>(units.size());
  const int base = n / k;
  ForOddSets(k, n % k, [&](int mask, double w) {
    std::array<CombatResult, 8> res{};
    for (int i = 0; i < k; ++i) {
      res[static_cast<size_t>(i)] =
          ApplyHits(units[static_cast<size_t>(i)], base + ((mask >> i) & 1)).result;
    }
    f(res, w);
  });
}

}  // namespace

const double* BinomialPmf(int n, int to_hit) {
  CheckRoll(n, to_hit);
  return Table().Row(n, to_hit);
}

std::vector<double> CappedHits(int n, int to_hit, int cap) {
  const double* row = BinomialPmf(n, to_hit);
  const int c = std::clamp(cap, 0, n);
  std::vector<double> out(static_cast<size_t>(c + 1), 0.0);
  for (int k = 0; k <= n; ++k) out[static_cast<size_t>(std::min(k, c))] += row[k];
  return out;
}

namespace {

// Net hits after the IP and the defence roll (WSR 6.1, 8.1; R.1 / R.2).
std::vector<double> NetHits(const std::vector<double>& hits, int ip, int defence_dice, int save) {
  const int max_hits = static_cast<int>(hits.size()) - 1;
  std::vector<double> net(static_cast<size_t>(max_hits + 1), 0.0);
  const double* cancel = defence_dice > 0 ? BinomialPmf(defence_dice, save) : nullptr;
  for (int h = 0; h <= max_hits; ++h) {
    const double ph = hits[static_cast<size_t>(h)];
    if (ph == 0.0) continue;
    const int left = std::max(0, h - ip);
    if (cancel == nullptr || left == 0) {
      net[static_cast<size_t>(left)] += ph;
      continue;
    }
    for (int c = 0; c <= defence_dice; ++c) {
      net[static_cast<size_t>(std::max(0, left - c))] += ph * cancel[c];
    }
  }
  return net;
}

}  // namespace

FireOdds OddsOfFire(const FireParams& p, const UnitState& target) {
  FireOdds o;
  o.params = p;
  if (!p.legality) {
    o.hits = {1.0};
    o.net_hits = {1.0};
    o.result = NoEffect();
    return o;
  }
  o.hits = CappedHits(p.dice, p.to_hit, p.hit_cap);
  o.net_hits = NetHits(o.hits, p.ip_cancels, p.defence_dice, p.save);
  for (size_t n = 0; n < o.net_hits.size(); ++n) {
    const double pn = o.net_hits[n];
    o.expected_net_hits += static_cast<double>(n) * pn;
    o.result[static_cast<size_t>(ApplyHits(target, static_cast<int>(n)).result)] += pn;
  }
  return o;
}

FireOdds OddsOfFire(const FireInput& in, const UnitState& target) {
  return OddsOfFire(ComputeFire(in), target);
}

namespace {
UnitState StateOf(const CounterType& c, const FireSituation& s) {
  UnitState u;
  u.reduced = s.target_reduced;
  u.single_step = c.steps <= 1;
  return u;
}
}  // namespace

FireOdds OddsOfFire(const CounterType& firer, const CounterType& target, const TerrainType& terrain,
                    const FireSituation& s) {
  return OddsOfFire(MakeFireInput(firer, target, terrain, s), StateOf(target, s));
}

FireOdds OddsOfFireAtBand(const CounterType& firer, const CounterType& target,
                          const TerrainType& terrain, const FireSituation& s, RangeBand band) {
  return OddsOfFire(ComputeFireAtBand(MakeFireInput(firer, target, terrain, s), band),
                    StateOf(target, s));
}

HexAttackOdds OddsOfHexAttack(const FireParams& p, const std::vector<UnitState>& units) {
  const int k = static_cast<int>(units.size());
  if (k < 1 || k > 4) throw std::invalid_argument("OddsOfHexAttack: 1..4 units in the hex");
  HexAttackOdds o;
  o.params = p;
  o.unit_result.assign(units.size(), ResultOdds{});
  o.joint.assign(static_cast<size_t>(1) << (2 * k), 0.0);
  if (!p.legality) {
    o.net_hits = {1.0};
  } else {
    o.net_hits =
        NetHits(CappedHits(p.dice, p.to_hit, p.hit_cap), p.ip_cancels, p.defence_dice, p.save);
  }
  for (size_t n = 0; n < o.net_hits.size(); ++n) {
    const double pn = o.net_hits[n];
    if (pn == 0.0) continue;
    ForAllocations(static_cast<int>(n), units,
                   [&](const std::array<CombatResult, 8>& res, double w) {
                     size_t index = 0;
                     for (int i = k - 1; i >= 0; --i)
                       index = index * 4 + static_cast<size_t>(res[static_cast<size_t>(i)]);
                     o.joint[index] += pn * w;
                     for (int i = 0; i < k; ++i) {
                       o.unit_result[static_cast<size_t>(i)]
                                    [static_cast<size_t>(res[static_cast<size_t>(i)])] += pn * w;
                     }
                   });
  }
  return o;
}

AssaultOdds OddsOfAssault(const AssaultInput& in) {
  AssaultOdds o;
  o.params = ComputeAssault(in);
  const AssaultParams& p = o.params;
  if (!p.legality) throw std::invalid_argument("OddsOfAssault: illegal: " + p.legality.reason);
  if (in.attackers.size() > 4 || in.defenders.size() > 4) {
    throw std::invalid_argument("OddsOfAssault: at most 4 units per side");
  }
  auto side_hits = [](const std::vector<AssaultRoll>& rolls) {
    std::vector<double> d{1.0};
    for (const AssaultRoll& r : rolls) {
      if (r.rolls) d = Convolve(d, CappedHits(r.dice, r.to_hit, r.hit_cap));
    }
    return d;
  };
  o.hits_by_attackers = side_hits(p.attackers);
  o.hits_by_defenders = side_hits(p.defenders);
  o.defenders_take.assign(o.hits_by_attackers.size(), 0.0);
  for (size_t h = 0; h < o.hits_by_attackers.size(); ++h) {
    o.defenders_take[static_cast<size_t>(std::max(0, static_cast<int>(h) - p.ip_cancels))] +=
        o.hits_by_attackers[h];
  }
  std::vector<UnitState> att, def;
  for (const AssaultUnit& u : in.attackers) att.push_back(u.state);
  for (const AssaultUnit& u : in.defenders) def.push_back(u.state);
  o.attacker_result.assign(att.size(), ResultOdds{});
  o.defender_result.assign(def.size(), ResultOdds{});
  const int ka = static_cast<int>(att.size());
  const int kd = static_cast<int>(def.size());
  // Attackers' fate: (hurt?) per attackers_take; defenders' fate: (all eliminated?) per take.
  std::vector<double> p_att_hurt(o.hits_by_defenders.size(), 0.0);
  for (size_t a = 0; a < o.hits_by_defenders.size(); ++a) {
    const double pa = o.hits_by_defenders[a];
    ForAllocations(static_cast<int>(a), att, [&](const std::array<CombatResult, 8>& res, double w) {
      bool hurt = false;
      for (int i = 0; i < ka; ++i) {
        o.attacker_result[static_cast<size_t>(i)]
                         [static_cast<size_t>(res[static_cast<size_t>(i)])] += pa * w;
        hurt = hurt || res[static_cast<size_t>(i)] != CombatResult::kNoEffect;
      }
      if (hurt) p_att_hurt[a] += w;
    });
  }
  std::vector<double> p_def_elim(o.defenders_take.size(), 0.0);
  for (size_t d = 0; d < o.defenders_take.size(); ++d) {
    const double pd = o.defenders_take[d];
    ForAllocations(static_cast<int>(d), def, [&](const std::array<CombatResult, 8>& res, double w) {
      bool all = true;
      for (int i = 0; i < kd; ++i) {
        o.defender_result[static_cast<size_t>(i)]
                         [static_cast<size_t>(res[static_cast<size_t>(i)])] += pd * w;
        all = all && (res[static_cast<size_t>(i)] == CombatResult::kEliminated ||
                      def[static_cast<size_t>(i)].eliminated);
      }
      if (all) p_def_elim[d] += w;
    });
  }
  // Outcome: depends on the hits scored (h -> taken after the IP), the hits the attackers take,
  // and the two independent allocations.
  for (size_t h = 0; h < o.hits_by_attackers.size(); ++h) {
    const double ph_scored = o.hits_by_attackers[h];
    if (ph_scored == 0.0) continue;
    const size_t d = static_cast<size_t>(std::max(0, static_cast<int>(h) - p.ip_cancels));
    // [REC] A-14: compare the hits taken after the IP (alternative: the hits scored).
    const int compared = static_cast<int>(in.rules.compare_hits_after_ip ? d : h);
    for (size_t a = 0; a < o.hits_by_defenders.size(); ++a) {
      const double pa = o.hits_by_defenders[a];
      if (pa == 0.0) continue;
      const double w = ph_scored * pa;
      for (int elim = 0; elim < 2; ++elim) {
        const double pe = elim ? p_def_elim[d] : 1.0 - p_def_elim[d];
        if (pe == 0.0) continue;
        for (int hurt = 0; hurt < 2; ++hurt) {
          const double ph = hurt ? p_att_hurt[a] : 1.0 - p_att_hurt[a];
          if (ph == 0.0) continue;
          const AssaultOutcome out =
              DecideAssaultOutcome(in.overrun, compared, static_cast<int>(a), elim != 0, hurt != 0);
          o.outcome[static_cast<size_t>(out)] += w * pe * ph;
        }
      }
    }
  }
  return o;
}

}  // namespace feldherr::wsr
