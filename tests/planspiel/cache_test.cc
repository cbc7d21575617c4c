// The caches of a position (docs/planspiel.md, speed): the enemy units each party sees (PS §7.4,
// kept from one query to the next until apply() changes the position) and the per-game step table
// of the movement search must give what a position worked out afresh gives, and a clone must not
// share them.
#include <gtest/gtest.h>

#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "engine/rng.h"
#include "planspiel_test_util.h"

namespace feldherr::planspiel::testing {
namespace {

// What a party sees and may do in a position: every unit's visibility to each party, then the
// legal actions.
std::vector<uint64_t> CacheFingerprint(const PlanspielState& s) {
  std::vector<uint64_t> out;
  for (int u = 0; u < s.num_units(); ++u)
    for (int p = 0; p < kParties; ++p) out.push_back(s.visible_to(u, p) ? 1 : 0);
  ActionList actions;
  s.legal_actions(actions);
  for (const Action& a : actions) out.push_back(a.id());
  return out;
}

TEST(PlanspielCaches, PS_7_4_CachedPositionsAgreeWithFreshOnesOverRandomGames) {
  for (const std::string id : {"ps-1", "ps-2", "ps-3"}) {
    const auto game = make_planspiel(id);
    Rng rng(7);
    int checked = 0;
    for (int g = 0; g < 6; ++g) {
      std::unique_ptr<State> s = game->new_initial_state();
      for (int n = 0; n < 300 && !s->is_terminal(); ++n) {
        Action a;
        if (s->current_seat() == kChance) {
          a = s->sample_chance(rng);
        } else {
          const auto& ps = static_cast<const PlanspielState&>(*s);
          const std::vector<uint64_t> before = CacheFingerprint(ps);
          // A position read back from its JSON has empty caches: it must agree.
          const auto fresh = game->state_from_json(s->to_json());
          ASSERT_EQ(CacheFingerprint(static_cast<const PlanspielState&>(*fresh)), before)
              << id << " game " << g << " action " << n;
          ActionList actions;
          s->legal_actions(actions);
          ASSERT_FALSE(actions.empty());
          a = actions[rng.below(static_cast<uint32_t>(actions.size()))];
          // A clone that moves on leaves the original's caches as they were.
          auto c = s->clone();
          c->apply(a);
          ASSERT_EQ(CacheFingerprint(ps), before) << id << " game " << g << " action " << n;
          ++checked;
        }
        s->apply(a);
      }
    }
    EXPECT_GT(checked, 300) << id;
  }
}

}  // namespace
}  // namespace feldherr::planspiel::testing
