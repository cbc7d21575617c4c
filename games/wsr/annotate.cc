// Notes next to legal actions (State::annotate): what a move costs and what a shot can do, so a
// player sees the numbers before choosing (terminal and web UI).
#include <algorithm>
#include <cstdio>
#include <string>

#include "games/wsr/combat.h"
#include "games/wsr/emit.h"  // DiceCount (last: defines Emit and Fail)
#include "games/wsr/odds.h"
#include "games/wsr/state.h"

namespace feldherr::wsr {

namespace {

std::string Percent(double p) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "%.0f%%", 100.0 * p);
  return buf;
}

}  // namespace

int WsrState::group_step_cost(int hex, int* left) const {
  if (n_group == 0) return -1;
  const int from = unit(group[0]).hex;
  int cost = 0, fewest = 99;
  for (int k = 0; k < n_group; ++k) {
    const int u = group[static_cast<size_t>(k)];
    const int c = step_cost(u, from, hex);
    if (c < 0) return -1;
    cost = std::max(cost, c);
    fewest = std::min(fewest, mp_left(u) - c);
  }
  if (left) *left = std::max(fewest, 0);
  return cost;
}

std::string WsrState::annotate(const Action& a) const {
  return annotate_in(a, Lang::kEn);
}

std::string WsrState::annotate_in(const Action& a, Lang lang) const {
  if (phase == kOver || steps.empty()) return "";
  const bool de = lang == Lang::kDe;
  switch (a.verb) {
    case kMoveTo: {  // WSR 5.0: each unit of the stack pays its own cost; show the dearest
      int left = 0;
      const int cost = group_step_cost(a.arg(0), &left);
      if (cost < 0) return "";
      if (de) return std::to_string(cost) + " BP, noch " + std::to_string(left);
      return std::to_string(cost) + " MP, " + std::to_string(left) + " left";
    }
    case kFire:
    case kOpFire: {  // WSR 6.1: the numbers of the shot and its exact odds (games/wsr/odds.h)
      const int t = a.argc >= 2 ? a.arg(1) : -1;
      FireParams p;
      if (!declared_fire_params(a, &p)) return "";
      UnitState target;
      target.disrupted = has(t, kDisrupted);
      target.reduced = has(t, kReduced);
      target.single_step = info(t).counter->steps <= 1;
      const FireOdds o = OddsOfFire(p, target);
      // Any effect is the sum of the results with an effect (never below elimination, one of
      // them; 1 - P(no effect) can fall a rounding step below it).
      double any = 0;
      for (size_t r = 0; r < o.result.size(); ++r)
        if (r != static_cast<size_t>(CombatResult::kNoEffect)) any += o.result[r];
      if (de)
        return DiceCountDe(p.dice) + " ab " + std::to_string(p.to_hit) + "+, Verteidigung " +
               DiceCountDe(p.defence_dice) + " ab " + std::to_string(p.save) + "+; Wirkung " +
               Percent(any) + ", eliminiert " +
               Percent(o.result[static_cast<size_t>(CombatResult::kEliminated)]);
      return DiceCount(p.dice) + " at " + std::to_string(p.to_hit) + "+, defence " +
             DiceCount(p.defence_dice) + " at " + std::to_string(p.save) + "+; effect " +
             Percent(any) + ", eliminated " +
             Percent(o.result[static_cast<size_t>(CombatResult::kEliminated)]);
    }
    case kCall: {  // WSR 11.2: what the strike is, how many are left, its accuracy
      const int u = a.arg(0), k = a.arg(2);
      if (u >= n_units || !can_call(u, a.arg(1), k, nullptr)) return "";
      const int seat = side_of(u);
      const GameSetup::Strike& st = strike_kind(seat, k);
      const int left = strikes_left[static_cast<size_t>(seat)][static_cast<size_t>(k)] - 1;
      if (de)
        return (st.smoke ? std::string("Rauch auf das Feld und seine Nachbarfelder")
                         : DiceCountDe(st.fp) + " ab " + std::to_string(st.to_hit) +
                               "+ auf jedes der 7 Felder mit Einheiten") +
               "; im Ziel " + Percent(5.0 / 6.0) + "; danach noch " + std::to_string(left);
      return (st.smoke ? std::string("smoke on the hex and its neighbours")
                       : DiceCount(st.fp) + " at " + std::to_string(st.to_hit) +
                             "+ on each of the 7 hexes with units") +
             "; lands " + Percent(5.0 / 6.0) + "; " + std::to_string(left) + " left after";
    }
    default:
      return "";
  }
}

}  // namespace feldherr::wsr
