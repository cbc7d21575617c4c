// The luck report of `feldherr replay --luck` (GameModule::luck, engine/registry.h): for every
// fire attack roll and defence roll of WSR 6.1 (unit fire, opportunity fire, mortar fire) the
// expected and the actual hits or saves. The expectation is exact: the sum over the roll's chance
// outcomes (multisets of d6) of the same count the rules apply (CountHits with the hit cap,
// CountCancels limited by the hits left after an improved position), in the position before the
// roll; and every assault and counter-attack roll of WSR 6.3 / 6.4 (the hits of the unit that
// rolls, its dice, to-hit and cap as the assault resolves them). Mine, command and other rolls are
// not counted (they are not hits of one side).
#include <algorithm>
#include <optional>

#include "engine/registry.h"
#include "games/wsr/combat.h"
#include "games/wsr/module.h"
#include "games/wsr/state.h"

namespace feldherr::wsr {

namespace {

// Sum over the chance outcomes of `s` of P(outcome) * count(dice of the outcome).
template <typename F>
double Expected(const WsrState& s, F count) {
  double e = 0;
  for (const ChanceOutcome& o : s.chance_outcomes())
    e += o.probability * count(FireDiceOf(o.action));
  return e;
}

}  // namespace

std::optional<LuckSample> WsrLuck(const State& before, const Action& chance) {
  const auto* s = dynamic_cast<const WsrState*>(&before);
  if (s == nullptr || s->steps.empty() || s->current_seat() != kChance || chance.verb != kFireDice)
    return std::nullopt;
  const Step& t = s->top();
  FireParams p;
  const std::vector<int> rolled = FireDiceOf(chance);
  switch (t.kind) {
    case kStepFireAttack:
    case kStepFireDefence: {
      const int u = t.a / 128, target = t.a % 128;
      if (!s->fire_params(u, target, &p, nullptr)) return std::nullopt;
      if (t.kind == kStepFireAttack) {
        auto hits = [&](const std::vector<int>& d) { return CountHits(d, p.to_hit, p.hit_cap); };
        return LuckSample{s->side_of(u), "hits", Expected(*s, hits), double(hits(rolled))};
      }
      const int left = t.f - std::min<int>(t.f, p.ip_cancels);  // WSR 8.1 first
      auto saves = [&](const std::vector<int>& d) {
        return std::min(left, CountCancels(d, p.save));
      };
      return LuckSample{s->side_of(target), "saves", Expected(*s, saves), double(saves(rolled))};
    }
    case kStepMortarAttack:
    case kStepMortarDefence: {
      const int m = t.f, hex = t.a % kMaxHexes;
      if (!s->hex_fire_params(m, hex, &p, nullptr)) return std::nullopt;
      if (t.kind == kStepMortarAttack) {
        auto hits = [&](const std::vector<int>& d) { return CountHits(d, p.to_hit, p.hit_cap); };
        return LuckSample{s->side_of(m), "hits", Expected(*s, hits), double(hits(rolled))};
      }
      const int left = t.a / kMaxHexes;
      auto saves = [&](const std::vector<int>& d) {
        return std::min(left, CountCancels(d, p.save));
      };
      return LuckSample{1 - s->side_of(m), "saves", Expected(*s, saves), double(saves(rolled))};
    }
    case kStepArtyAttack:     // artillery.cc (WSR 11.2.1): the calling side's hits on the hex
    case kStepArtyDefence: {  // the hex's owner's saves
      const int hex = t.a % kMaxHexes;
      if (!s->barrage_params(hex, &p)) return std::nullopt;
      std::vector<int> units;
      s->barrage_targets(hex, units);
      if (units.empty()) return std::nullopt;
      if (t.kind == kStepArtyAttack) {
        auto hits = [&](const std::vector<int>& d) { return CountHits(d, p.to_hit, p.hit_cap); };
        return LuckSample{s->strike.seat, "hits", Expected(*s, hits), double(hits(rolled))};
      }
      const int left = t.a / kMaxHexes;
      auto saves = [&](const std::vector<int>& d) {
        return std::min(left, CountCancels(d, p.save));
      };
      return LuckSample{s->side_of(units[0]), "saves", Expected(*s, saves), double(saves(rolled))};
    }
    case kStepAssaultRoll: {  // WSR 6.3 steps 2-3 (6.4): the rolling unit's side's hits
      AssaultRoll r;
      if (!s->assault_roll_of(t.a, &r) || r.dice <= 0) return std::nullopt;
      auto hits = [&](const std::vector<int>& d) { return CountHits(d, r.to_hit, r.hit_cap); };
      return LuckSample{s->side_of(t.a), "assault hits", Expected(*s, hits), double(hits(rolled))};
    }
    default:
      return std::nullopt;
  }
}

}  // namespace feldherr::wsr
