// Properties of the WSR combat functions over generated inputs (RapidCheck): the exact odds agree
// with a brute-force enumeration of every die face for small rolls, distributions sum to 1, and
// the results table composes (hits applied in two attacks = the same hits in one, R.3).
#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include <cmath>
#include <numeric>
#include <vector>

#include "games/wsr/odds.h"

namespace feldherr::wsr {
namespace {

UnitState GenState() {
  UnitState u;
  u.disrupted = *rc::gen::arbitrary<bool>();
  u.single_step = *rc::gen::arbitrary<bool>();
  u.reduced = !u.single_step && *rc::gen::arbitrary<bool>();
  return u;
}

RC_GTEST_PROP(WsrCombatProperty, WSR_6_1_7_HitsCompose, ()) {
  const UnitState s = GenState();
  const int a = *rc::gen::inRange(0, 5);
  const int b = *rc::gen::inRange(0, 5);
  const UnitState two = ApplyHits(ApplyHits(s, a).after, b).after;
  const UnitState one = ApplyHits(s, a + b).after;
  RC_ASSERT(two.eliminated == one.eliminated);
  if (!one.eliminated) {
    RC_ASSERT(two.disrupted == one.disrupted);
    RC_ASSERT(two.reduced == one.reduced);
  }
}

RC_GTEST_PROP(WsrCombatProperty, WSR_6_1_FireOddsMatchBruteForce, ()) {
  FireInput in;
  in.weapon.firepower = *rc::gen::inRange(1, 4);
  in.weapon.to_hit = *rc::gen::inRange(2, 7);
  in.weapon.range = *rc::gen::inRange(1, 9);
  in.weapon.enhanced = *rc::gen::arbitrary<bool>();
  in.distance = *rc::gen::inRange(1, 2 * in.weapon.range + 1);
  in.target = *rc::gen::arbitrary<bool>() ? TargetClass::kHard : TargetClass::kSoft;
  in.armor = *rc::gen::inRange(0, 3);
  in.save = *rc::gen::inRange(3, 7);
  in.terrain_dice = *rc::gen::inRange(0, 3);
  in.concealed = *rc::gen::arbitrary<bool>();
  in.improved_position = *rc::gen::arbitrary<bool>();
  const FireParams p = ComputeFire(in);
  RC_PRE(p.legality.legal);
  RC_PRE(p.dice + p.defence_dice <= 6);
  RC_TAG(p.dice + p.defence_dice);
  const UnitState target = GenState();
  const FireOdds o = OddsOfFire(p, target);
  RC_ASSERT(std::abs(std::accumulate(o.net_hits.begin(), o.net_hits.end(), 0.0) - 1.0) < 1e-12);
  RC_ASSERT(std::abs(std::accumulate(o.result.begin(), o.result.end(), 0.0) - 1.0) < 1e-12);
  const int n = p.dice + p.defence_dice;
  std::vector<long> count(static_cast<size_t>(p.dice + 1), 0);
  std::vector<int> dice(static_cast<size_t>(n), 1);
  long total = 0;
  while (true) {
    const std::span<const int> all(dice);
    ++count[static_cast<size_t>(ResolveFire(p, all.first(static_cast<size_t>(p.dice)),
                                            all.subspan(static_cast<size_t>(p.dice)))
                                    .net_hits)];
    ++total;
    int i = 0;
    while (i < n && dice[static_cast<size_t>(i)] == 6) dice[static_cast<size_t>(i++)] = 1;
    if (i == n) break;
    ++dice[static_cast<size_t>(i)];
  }
  for (size_t k = 0; k < count.size(); ++k) {
    const double exact = k < o.net_hits.size() ? o.net_hits[k] : 0.0;
    RC_ASSERT(std::abs(exact - static_cast<double>(count[k]) / static_cast<double>(total)) < 1e-12);
  }
}

RC_GTEST_PROP(WsrCombatProperty, WSR_6_3_AssaultOddsSumToOne, ()) {
  AssaultInput in;
  const int na = *rc::gen::inRange(1, 3);
  const int nd = *rc::gen::inRange(1, 3);
  auto unit = [](int min_strength) {
    AssaultUnit u;
    u.strength = *rc::gen::inRange(min_strength, 4);
    u.to_hit = *rc::gen::inRange(2, 7);
    u.enhanced = *rc::gen::arbitrary<bool>();
    u.infantry_type = *rc::gen::arbitrary<bool>();
    u.armored_vehicle = !u.infantry_type;
    u.state = GenState();
    u.state.disrupted = false;
    return u;
  };
  for (int i = 0; i < na; ++i) in.attackers.push_back(unit(1));
  for (int i = 0; i < nd; ++i) in.defenders.push_back(unit(0));
  in.city = *rc::gen::arbitrary<bool>();
  in.improved_position = *rc::gen::arbitrary<bool>();
  RC_PRE(ComputeAssault(in).legality.legal);
  const AssaultOdds o = OddsOfAssault(in);
  RC_ASSERT(std::abs(std::accumulate(o.outcome.begin(), o.outcome.end(), 0.0) - 1.0) < 1e-12);
  for (const auto& r : o.attacker_result) {
    RC_ASSERT(std::abs(std::accumulate(r.begin(), r.end(), 0.0) - 1.0) < 1e-12);
  }
  for (const auto& r : o.defender_result) {
    RC_ASSERT(std::abs(std::accumulate(r.begin(), r.end(), 0.0) - 1.0) < 1e-12);
  }
}

}  // namespace
}  // namespace feldherr::wsr
