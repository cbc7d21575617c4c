// Notes next to legal actions (State::annotate): what a move costs and what a shot can do, so a
// player sees the numbers before choosing (terminal and web UI).
#include <algorithm>
#include <string>

#include "games/wsr/combat.h"
#include "games/wsr/emit.h"  // DiceCount (last: defines Emit and Fail)
#include "games/wsr/odds.h"
#include "games/wsr/state.h"

namespace feldherr::wsr {

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

Text WsrState::annotate(const Action& a) const {
  if (phase == kOver || steps.empty()) return {};
  switch (a.verb) {
    case kMoveTo: {  // WSR 5.0: each unit of the stack pays its own cost; show the dearest
      int left = 0;
      const int cost = group_step_cost(a.arg(0), &left);
      if (cost < 0) return {};
      return say("{0} MP, {1} left", "{0} BP, noch {1}", cost, left);
    }
    case kFire:
    case kOpFire: {  // WSR 6.1: the numbers of the shot and its exact odds (games/wsr/odds.h)
      const int t = a.argc >= 2 ? a.arg(1) : -1;
      FireParams p;
      if (!declared_fire_params(a, &p)) return {};
      UnitState target;
      target.disrupted = has(t, kDisrupted);
      target.reduced = has(t, kReduced);
      target.single_step = info(t).counter->steps <= 1;
      const FireOdds o = OddsOfFire(p, target);
      // Any effect is the sum of the results with an effect (never below elimination, one of
      // them; 1 - P(no effect) can fall a rounding step below it).
      double sum = 0;
      for (size_t r = 0; r < o.result.size(); ++r)
        if (r != static_cast<size_t>(CombatResult::kNoEffect)) sum += o.result[r];
      const double any = 100 * sum;
      const double eliminated = 100 * o.result[static_cast<size_t>(CombatResult::kEliminated)];
      return say("{0} at {2}+, defence {3} at {5}+; effect {6:.0f}%, eliminated {7:.0f}%",
                 "{1} ab {2}+, Verteidigung {4} ab {5}+; Wirkung {6:.0Lf}\u00a0%, eliminiert "
                 "{7:.0Lf}\u00a0%",
                 DiceCount(p.dice), DiceCountDe(p.dice), p.to_hit, DiceCount(p.defence_dice),
                 DiceCountDe(p.defence_dice), p.save, any, eliminated);
    }
    case kCall: {  // WSR 11.2: what the strike is, how many are left, its accuracy
      const int u = a.arg(0), k = a.arg(2);
      if (u >= n_units || !can_call(u, a.arg(1), k, nullptr)) return {};
      const int seat = side_of(u);
      const GameSetup::Strike& st = strike_kind(seat, k);
      const int left = strikes_left[static_cast<size_t>(seat)][static_cast<size_t>(k)] - 1;
      const double lands = 100 * 5.0 / 6.0;
      if (st.smoke)
        return say(
            "smoke on the hex and its neighbours; lands {0:.0f}%; {1} left after",
            "Rauch auf das Feld und seine Nachbarfelder; im Ziel {0:.0Lf}\u00a0%; danach noch {1}",
            lands, left);
      return say("{0} at {2}+ on each of the 7 hexes with units; lands {3:.0f}%; {4} left after",
                 "{1} ab {2}+ auf jedes der 7 Felder mit Einheiten; im Ziel {3:.0Lf}\u00a0%; "
                 "danach noch {4}",
                 DiceCount(st.fp), DiceCountDe(st.fp), st.to_hit, lands, left);
    }
    default:
      return {};
  }
}

}  // namespace feldherr::wsr
