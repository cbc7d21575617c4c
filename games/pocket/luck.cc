// The luck report of `feldherr replay --luck` (GameModule::luck, engine/registry.h): for every
// melee roll (PB Gefecht 2: each rolled die scores one hit per combat die of the unit showing its
// number, A11) and shooting roll (PB Beschießen 2: one die against the shooting dice) the expected
// and the actual hits of the rolling unit's side. Exact: the sum over the roll's chance outcomes.
#include <optional>

#include "engine/registry.h"
#include "games/pocket/pocket.h"

namespace feldherr::pocket {

std::optional<LuckSample> PocketLuck(const State& before, const Action& chance) {
  const auto* s = dynamic_cast<const PocketState*>(&before);
  if (s == nullptr || s->steps.empty() || s->current_seat() != kChance || chance.verb != kRoll)
    return std::nullopt;
  const Step& t = s->top();
  if (t.kind != kStepMeleeRoll && t.kind != kStepShootRoll) return std::nullopt;
  const Unit& x = s->units[static_cast<size_t>(t.a)];
  const auto& faces = t.kind == kStepMeleeRoll ? x.cm : x.sm;
  auto hits = [&](const Action& a) {
    int h = 0;
    for (int k = 0; k < a.argc; ++k) h += faces[static_cast<size_t>(a.arg(k))];
    return h;
  };
  double expected = 0;
  for (const ChanceOutcome& o : s->chance_outcomes()) expected += o.probability * hits(o.action);
  return LuckSample{x.owner, "hits", expected, static_cast<double>(hits(chance))};
}

}  // namespace feldherr::pocket
