// The luck report of `feldherr replay --luck` (GameModule::luck, engine/registry.h) for Rivet
// Wars: every attack roll against one unit (RW §8.1 step 7: the resolution's dice hit if any die
// plus the precision shows 5 or more) counted once, at its last die, for the attacking faction:
// expected = P(hit) of the whole roll, actual = 1 for a hit, else 0. Exact: the dice are
// independent d6 (steps.cc: one `die` chance action per die). A minefield's roll (no faction)
// and the initiative are not counted.
#include <optional>

#include "engine/registry.h"
#include "games/rivet/rivet.h"

namespace feldherr::rivet {

std::optional<LuckSample> rivet_luck(const State& before, const Action& chance) {
  const auto* s = dynamic_cast<const RivetState*>(&before);
  if (s == nullptr || s->current_seat() != kChance || chance.verb != kDie) return std::nullopt;
  const Pending& p = s->pending;
  if (!p.active || p.faction < 0 || p.dice <= 0 || static_cast<int>(p.rolled.size()) + 1 != p.dice)
    return std::nullopt;
  // One die misses when its face plus the precision stays below 5.
  int miss_faces = 0;
  for (int f = 1; f <= 6; ++f) miss_faces += f + p.precision < 5 ? 1 : 0;
  double all_miss = 1;
  for (int k = 0; k < p.dice; ++k) all_miss *= miss_faces / 6.0;
  bool hit = chance.arg(0) + p.precision >= 5;
  for (int f : p.rolled) hit = hit || f + p.precision >= 5;
  return LuckSample{p.faction, "hits", 1 - all_miss, hit ? 1.0 : 0.0};
}

}  // namespace feldherr::rivet
