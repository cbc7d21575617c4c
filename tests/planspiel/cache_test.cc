// The caches of a position (docs/planspiel.md, speed): the enemy units each party sees (PS §7.4,
// kept from one query to the next until apply() changes the position) and the per-game step table
// of the movement search must give what a position worked out afresh gives, and a clone must not
// share them.
#include <gtest/gtest.h>

#include <array>
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

// What `party` sees in every field, worked out from the units' visibility afresh.
std::vector<std::vector<std::array<int, 4>>> ContentsAfresh(const PlanspielState& s, int party) {
  const Board& b = s.ps().board();
  std::vector<std::vector<std::array<int, 4>>> out(static_cast<size_t>(b.width() * b.height()));
  for (int u = 0; u < s.num_units(); ++u)
    if (s.unit(u).status == UnitStatus::kOnBoard && s.visible_to(u, party)) {
      const Occupant o =
          OccupantOf(s.ps().type(u), s.ps().situation().units[static_cast<size_t>(u)].party);
      out[static_cast<size_t>(b.index(s.field_of(u)))].push_back(
          {o.party, static_cast<int>(o.cls), o.with_own_carrier ? 1 : 0, o.model ? 1 : 0});
    }
  return out;
}

std::vector<std::vector<std::array<int, 4>>> ContentsCached(const PlanspielState& s, int party) {
  std::vector<std::vector<std::array<int, 4>>> out;
  for (const FieldContents& f : s.party_contents(party)) {
    out.emplace_back();
    for (const Occupant& o : f)
      out.back().push_back(
          {o.party, static_cast<int>(o.cls), o.with_own_carrier ? 1 : 0, o.model ? 1 : 0});
  }
  return out;
}

// The table of field contents each party sees (kept per position for the movement searches,
// PS §5.3, G-07) equals one worked out afresh from the units, in every position of random games,
// after the position changes and in a clone that moves on.
TEST(PlanspielCaches, PS_5_3_PartyContentsAgreeWithTheUnitsOverRandomGames) {
  for (const std::string id : {"ps-1", "ps-2", "ps-3"}) {
    const auto game = make_planspiel(id);
    Rng rng(11);
    int checked = 0;
    for (int g = 0; g < 4; ++g) {
      std::unique_ptr<State> s = game->new_initial_state();
      for (int n = 0; n < 400 && !s->is_terminal(); ++n) {
        const auto& ps = static_cast<const PlanspielState&>(*s);
        for (int p = 0; p < kParties; ++p)
          ASSERT_EQ(ContentsCached(ps, p), ContentsAfresh(ps, p))
              << id << " game " << g << " action " << n << " party " << p;
        Action a;
        if (s->current_seat() == kChance) {
          a = s->sample_chance(rng);
        } else {
          ActionList actions;
          s->legal_actions(actions);
          ASSERT_FALSE(actions.empty());
          a = actions[rng.below(static_cast<uint32_t>(actions.size()))];
        }
        auto c = s->clone();
        c->apply(a);
        const auto& pc = static_cast<const PlanspielState&>(*c);
        for (int p = 0; p < kParties; ++p)
          ASSERT_EQ(ContentsCached(pc, p), ContentsAfresh(pc, p))
              << id << " clone, game " << g << " action " << n << " party " << p;
        s->apply(a);
        ++checked;
      }
    }
    EXPECT_GT(checked, 400) << id;
  }
}

// A move applied right after the legal actions of its position takes its path from the searches
// those kept (PS §6: the shortest legal path); in the same state, in a clone of it, and in the
// same position read back from its JSON (searched afresh) it gives the same position.
TEST(PlanspielCaches, PS_6_KeptSearchesGiveTheMovesOfAFreshSearch) {
  for (const std::string id : {"ps-1", "ps-2", "ps-3"}) {
    const auto game = make_planspiel(id);
    Rng rng(5);
    int moves = 0;
    for (int g = 0; g < 4; ++g) {
      std::unique_ptr<State> s = game->new_initial_state();
      for (int n = 0; n < 400 && !s->is_terminal(); ++n) {
        Action a;
        if (s->current_seat() == kChance) {
          a = s->sample_chance(rng);
        } else {
          ActionList actions;
          s->legal_actions(actions);
          ASSERT_FALSE(actions.empty());
          a = actions[rng.below(static_cast<uint32_t>(actions.size()))];
          if (a.verb == kMove || a.verb == kWithdraw) {
            const auto fresh = game->state_from_json(s->to_json());
            fresh->apply(a);
            auto c = s->clone();
            c->apply(a);
            ASSERT_EQ(c->to_json(), fresh->to_json()) << id << " game " << g << " action " << n;
            s->apply(a);
            ASSERT_EQ(s->to_json(), fresh->to_json()) << id << " game " << g << " action " << n;
            ++moves;
            continue;
          }
        }
        s->apply(a);
      }
    }
    EXPECT_GT(moves, 50) << id;
  }
}

}  // namespace
}  // namespace feldherr::planspiel::testing
