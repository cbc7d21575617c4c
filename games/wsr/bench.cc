// `feldherr bench` for White Star Rising beyond what every game gets (cli/bench_cmd.cc): the
// speed of the exact fire odds (games/wsr/odds.h), the computation behind the web UI's odds panel
// and `feldherr odds wsr fire`. Wall-clock timing with std::chrono::steady_clock.
#include <chrono>

#include "games/wsr/odds.h"
#include "games/wsr/odds_cli.h"

namespace feldherr::wsr {

void wsr_bench(double seconds, const BenchReport& report) {
  using Clock = std::chrono::steady_clock;
  FireInput in;  // Easy Eight (AP 3 dice, to-hit 4, range 6) at 4 hexes, Panther in woods
  in.weapon = FireWeapon{3, 4, 6, false, false};
  in.distance = 4;
  in.target = TargetClass::kHard;
  in.armor = 3;
  in.save = 5;
  in.terrain_dice = 1;
  long long n = 0;
  volatile double sink = 0;  // keeps the computation
  const auto t0 = Clock::now();
  auto elapsed = [&] { return std::chrono::duration<double>(Clock::now() - t0).count(); };
  while (elapsed() < seconds / 2) {
    for (int k = 0; k < 1024; ++k, ++n) sink = sink + OddsOfFire(in, UnitState{}).net_hits[0];
  }
  const double ns = elapsed() * 1e9 / static_cast<double>(n);
  report("wsr.fire_odds", ns / 1000.0, "us");
}

}  // namespace feldherr::wsr
