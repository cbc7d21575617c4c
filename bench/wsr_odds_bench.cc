// WSR exact combat odds (games/wsr/odds.h): a typical fire combat (Easy Eight against a
// Panther in woods: 3 attack dice, 4 defence dice), a large one (HQ and "+" dice, 8 attack and
// 5 defence dice), a mortar attack on a two-unit hex, and a two-against-two assault exchange.
#include <benchmark/benchmark.h>

#include "games/wsr/odds.h"

namespace feldherr::wsr {
namespace {

FireInput EasyEightVersusPanther() {
  FireInput in;
  in.weapon = FireWeapon{3, 4, 6, false, false};
  in.distance = 4;
  in.target = TargetClass::kHard;
  in.armor = 3;
  in.save = 5;
  in.terrain_dice = 1;
  return in;
}

void BM_WsrFireOddsTypical(benchmark::State& state) {
  const FireInput in = EasyEightVersusPanther();
  for (auto _ : state) {
    FireOdds o = OddsOfFire(in, UnitState{});
    benchmark::DoNotOptimize(o);
  }
}
BENCHMARK(BM_WsrFireOddsTypical);

void BM_WsrFireOddsLarge(benchmark::State& state) {
  FireInput in = EasyEightVersusPanther();
  in.weapon.firepower = 5;
  in.weapon.enhanced = true;
  in.hq_dice = 2;
  in.terrain_dice = 2;
  in.concealed = true;
  for (auto _ : state) {
    FireOdds o = OddsOfFire(in, UnitState{});
    benchmark::DoNotOptimize(o);
  }
}
BENCHMARK(BM_WsrFireOddsLarge);

void BM_WsrMortarHexOdds(benchmark::State& state) {
  FireInput in;
  in.mortar = true;
  in.weapon = FireWeapon{3, 5, 12, false, false};
  in.distance = 8;
  in.terrain_dice = 1;
  in.hex_has_hard_target = true;
  const FireParams p = ComputeFire(in);
  const std::vector<UnitState> units{UnitState{}, UnitState{}};
  for (auto _ : state) {
    HexAttackOdds o = OddsOfHexAttack(p, units);
    benchmark::DoNotOptimize(o);
  }
}
BENCHMARK(BM_WsrMortarHexOdds);

void BM_WsrAssaultOdds(benchmark::State& state) {
  AssaultInput in;
  AssaultUnit inf;
  inf.strength = 3;
  inf.to_hit = 4;
  inf.infantry_type = true;
  inf.hq_dice = 2;
  AssaultUnit inf2 = inf;
  inf2.hq_dice = 0;
  inf2.enhanced = true;
  in.attackers = {inf, inf2};
  in.defenders = {inf, inf2};
  in.improved_position = true;
  for (auto _ : state) {
    AssaultOdds o = OddsOfAssault(in);
    benchmark::DoNotOptimize(o);
  }
}
BENCHMARK(BM_WsrAssaultOdds);

}  // namespace
}  // namespace feldherr::wsr
