// The Pocket Battles evaluation function (games/pocket/evaluate.h).
#include "games/pocket/evaluate.h"

#include <algorithm>
#include <array>

#include "games/pocket/pocket.h"

namespace feldherr::pocket {

namespace {

// Fighting power of a troop: its printed combat faces, shooting faces worth a little more (they
// strike without contact, PB Beschießen), more life points worth more (PB Wunden), the share of
// its life points left.
double troop_power(const PocketState& s, int t) {
  const Troop& tr = s.troops[static_cast<size_t>(t)];
  const TypeInfo& ti = s.type_of(t);
  double faces = 0;
  for (int f = 1; f <= 6; ++f)
    faces += ti.cm[static_cast<size_t>(f)] + 1.25 * ti.sm[static_cast<size_t>(f)];
  double body = ti.lp > 0 ? 1.0 + 0.25 * (ti.lp - 1) : 0.75;
  double health = ti.lp > 0 ? static_cast<double>(ti.lp - tr.wounds) / ti.lp : 1.0;
  return (0.5 + faces) * body * health;
}

// Fighting power per DP of an army's whole box of tiles (PB Aufbau 4: what a side may pick).
double box_power_per_dp(const PocketState& s, int side) {
  double power = 0, dp = 0;
  const PocketGame& g = s.pgame();
  for (int ty = 0; ty < g.num_types(side); ++ty) {
    const TypeInfo& ti = g.type(side, ty);
    const int count = g.army(side).troops[static_cast<size_t>(ty)].count;
    double faces = 0;
    for (int f = 1; f <= 6; ++f)
      faces += ti.cm[static_cast<size_t>(f)] + 1.25 * ti.sm[static_cast<size_t>(f)];
    const double body = ti.lp > 0 ? 1.0 + 0.25 * (ti.lp - 1) : 0.75;
    power += count * (0.5 + faces) * body;
    dp += count * ti.dp;
  }
  return dp > 0 ? power / dp : 1.0;
}

}  // namespace

double PocketEvaluate(const State& state, int seat) {
  const auto& s = static_cast<const PocketState&>(state);
  if (s.is_terminal()) {
    const double w = s.winner == seat ? 1.0 : -1.0;
    return w;
  }
  if (s.phase >= kBattle) {
    const PocketFeatures f = PocketBattleFeatures(state, seat);
    return std::clamp(0.6 * (f.prog_me - f.prog_them) + 0.3 * f.power + 0.1 * f.markers, -1.0, 1.0);
  }
  const int opp = 1 - seat;
  std::array<double, 2> power{};
  for (int t = 0; t < s.n_troops; ++t) {
    const Troop& tr = s.troops[static_cast<size_t>(t)];
    if (tr.status == kRemoved) continue;
    power[tr.owner] += troop_power(s, t);
  }
  const auto me = static_cast<size_t>(seat), them = static_cast<size_t>(opp);
  // PB Aufbau 4-5: both armies have the same DP budget. Each side's power picked is compared
  // with what the budget buys at the average power per DP of its box (so that a side picking
  // first is judged too, and stopping early is worth less than using the budget).
  auto rel = [&](size_t side) {
    const double budget = s.pgame().opts().points * box_power_per_dp(s, static_cast<int>(side));
    return budget > 0 ? power[side] / budget : 0.0;
  };
  return std::clamp(0.5 * (rel(me) - rel(them)), -1.0, 1.0);
}

PocketFeatures PocketBattleFeatures(const State& state, int seat) {
  const auto& s = static_cast<const PocketState&>(state);
  const int opp = 1 - seat;
  std::array<double, 2> power{};
  std::array<int, 2> units{};
  for (int t = 0; t < s.n_troops; ++t) {
    const Troop& tr = s.troops[static_cast<size_t>(t)];
    if (tr.status == kRemoved) continue;
    power[tr.owner] += troop_power(s, t);
  }
  for (int u = 0; u < s.n_units; ++u)
    if (s.units[static_cast<size_t>(u)].alive > 0) ++units[s.units[static_cast<size_t>(u)].owner];
  const auto me = static_cast<size_t>(seat), them = static_cast<size_t>(opp);
  // PB Spielende 2 / A3: a side wins at a round end having destroyed half the DP the other built.
  auto progress = [&](size_t side) {
    const double half = std::max(1, static_cast<int>(s.players[1 - side].built_dp)) / 2.0;
    return std::min(1.0, s.players[side].captured_dp / half);
  };
  PocketFeatures f;
  f.prog_me = progress(me);
  f.prog_them = progress(them);
  f.power =
      power[me] + power[them] > 0 ? (power[me] - power[them]) / (power[me] + power[them]) : 0.0;
  f.markers = static_cast<double>(s.players[me].pool - s.players[them].pool) /
              std::max<int>(1, s.players[me].total + s.players[them].total);
  f.units = units[me] + units[them] > 0
                ? static_cast<double>(units[me] - units[them]) / (units[me] + units[them])
                : 0.0;
  return f;
}

}  // namespace feldherr::pocket
