// Exact outcome distributions of White Star Rising combats (WSR 6.1-6.4, 11.2.1) by enumeration
// over dice counts (binomial convolution from precomputed tables; never sampling). Every
// distribution sums to 1 within 1e-12. Inputs are the resolved parameters of games/wsr/combat.h,
// so the odds do not depend on how data is loaded; convenience overloads take the data model.
#pragma once

#include <array>
#include <vector>

#include "games/wsr/combat.h"

namespace feldherr::wsr {

inline constexpr int kMaxOddsDice = 64;  // per roll; more dice throw std::invalid_argument

// P(k of n dice show >= to_hit), k = 0..n; to_hit 1..6, n 0..kMaxOddsDice. Points into a table
// built once (thread-safe).
const double* BinomialPmf(int n, int to_hit);

// Distribution of min(hits, cap) for n dice at to_hit (size cap' + 1, cap' = min(n, cap)).
std::vector<double> CappedHits(int n, int to_hit, int cap);

using ResultOdds = std::array<double, kNumCombatResults>;  // indexed by CombatResult

struct FireOdds {
  FireParams params;
  std::vector<double> hits;      // P(attack hits = k) after the cap
  std::vector<double> net_hits;  // P(net hits = k) after IP and defence dice
  ResultOdds result{};           // on the target in the given state
  double expected_net_hits = 0;
};
// WSR 6.1 fire combat against one unit. Illegal params: all mass on 0 net hits / no effect.
FireOdds OddsOfFire(const FireParams& p, const UnitState& target);
FireOdds OddsOfFire(const FireInput& in, const UnitState& target);
// From the data model (the later `feldherr odds wsr fire` command): distance in `s`, or a band.
FireOdds OddsOfFire(const CounterType& firer, const CounterType& target, const TerrainType& terrain,
                    const FireSituation& s);
FireOdds OddsOfFireAtBand(const CounterType& firer, const CounterType& target,
                          const TerrainType& terrain, const FireSituation& s, RangeBand band);

struct HexAttackOdds {
  FireParams params;
  std::vector<double> net_hits;
  std::vector<ResultOdds> unit_result;  // marginal per unit
  // Joint result over all units: index sum_i result_i * 4^i (units.size() <= 4).
  std::vector<double> joint;
};
// WSR 6.1 mortar (R.2) on a hex holding `units` (1..4); the odd hit goes to a uniformly random
// set of distinct units (11.2.1).
HexAttackOdds OddsOfHexAttack(const FireParams& p, const std::vector<UnitState>& units);

struct AssaultOdds {
  AssaultParams params;
  std::vector<double> hits_by_attackers;  // rolled, before the IP
  std::vector<double> hits_by_defenders;
  std::vector<double> defenders_take;       // after the IP
  std::array<double, 5> outcome{};          // indexed by AssaultOutcome
  std::vector<ResultOdds> attacker_result;  // marginal per unit
  std::vector<ResultOdds> defender_result;
};
// WSR 6.3 / 6.4 exchange (R.4): simultaneous rolls, even allocation with random odd hits.
AssaultOdds OddsOfAssault(const AssaultInput& in);

}  // namespace feldherr::wsr
