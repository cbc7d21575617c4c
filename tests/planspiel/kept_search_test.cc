// The movement searches kept from one position to the next (docs/planspiel.md, speed): a unit's
// search and move fields are reused while nothing the search read has changed (the unit itself,
// the wrecks, what its party sees in the fields the search reached or found closed). Over random
// games of the three situations, with a clone that moves on differently listed in between on the
// same thread, the kept move and withdrawal fields must equal those of a fresh search
// (move_targets, withdraw_targets: PS §6, §6.7).
#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "engine/rng.h"
#include "planspiel_test_util.h"

namespace feldherr::planspiel::testing {
namespace {

// The fields the actions `legal` give unit `u` with verb `verb` (move, withdraw), in their order.
std::vector<Field> FieldsOf(const PlanspielState& s, const ActionList& legal, int verb, int u) {
  const int w = s.ps().board().width();
  std::vector<Field> out;
  for (const Action& a : legal)
    if (a.verb == verb && a.arg(0) == u) out.push_back({a.arg(1) % w, a.arg(1) / w});
  return out;
}

// The move and withdrawal fields of every unit (none for the passive party's), kept (as the
// legal actions `legal` of the position list them) and searched afresh; returns how many units
// could move.
int ExpectKeptEqualsFresh(const PlanspielState& s, const std::string& where,
                          const ActionList& legal) {
  int movers = 0;
  for (int u = 0; u < s.num_units(); ++u) {
    const std::vector<Field> moves = FieldsOf(s, legal, kMove, u);
    const std::vector<Field> withdrawals = FieldsOf(s, legal, kWithdraw, u);
    const std::vector<Field> kept_moves = s.move_targets(u);
    PlanspielState::set_kept_searches_for_test(false);
    EXPECT_EQ(moves, s.move_targets(u)) << where << " unit " << u;
    EXPECT_EQ(kept_moves, moves) << where << " unit " << u;
    EXPECT_EQ(withdrawals, s.withdraw_targets(u)) << where << " unit " << u;
    PlanspielState::set_kept_searches_for_test(true);
    movers += moves.empty() ? 0 : 1;
  }
  return movers;
}

// Plays `games` random games of `game` from `seed` (at most `max_actions` actions each): at every
// decision of a player, `at` gets the state, where it is ("game G action N") and its legal
// actions, one of which is then applied at random. Stops at the first fatal failure.
template <class At>
void AtEveryRandomDecision(const PlanspielGame& game, uint64_t seed, int games, int max_actions,
                           At at) {
  Rng rng(seed);
  for (int g = 0; g < games; ++g) {
    std::unique_ptr<State> s = game.new_initial_state();
    for (int n = 0; n < max_actions && !s->is_terminal(); ++n) {
      if (s->current_seat() == kChance) {
        s->apply(s->sample_chance(rng));
        continue;
      }
      ActionList legal;
      s->legal_actions(legal);
      ASSERT_FALSE(legal.empty());
      at(static_cast<const PlanspielState&>(*s),
         "game " + std::to_string(g) + " action " + std::to_string(n), legal);
      if (::testing::Test::HasFatalFailure()) return;
      s->apply(legal[rng.below(static_cast<uint32_t>(legal.size()))]);
    }
  }
}

TEST(PlanspielKeptSearches, PS_6_KeptMoveFieldsEqualAFreshSearchOverRandomGames) {
  for (const std::string id : {"ps-1", "ps-2", "ps-3"}) {
    const auto game = make_planspiel(id);
    Rng rng(13);
    int movers = 0;
    for (int g = 0; g < 4; ++g) {
      std::unique_ptr<State> s = game->new_initial_state();
      for (int n = 0; n < 400 && !s->is_terminal(); ++n) {
        if (s->current_seat() == kChance) {
          s->apply(s->sample_chance(rng));
          continue;
        }
        const auto& ps = static_cast<const PlanspielState&>(*s);
        ActionList actions;
        s->legal_actions(actions);  // keeps the searches of this position
        ASSERT_FALSE(actions.empty());
        if (ps.step() == StepKind::kAct)
          movers += ExpectKeptEqualsFresh(
              ps, id + " game " + std::to_string(g) + " action " + std::to_string(n), actions);
        // A clone moving on differently, listed on the same thread in between.
        auto c = s->clone();
        c->apply(actions[rng.below(static_cast<uint32_t>(actions.size()))]);
        if (c->current_seat() != kChance && !c->is_terminal()) {
          const auto& pc = static_cast<const PlanspielState&>(*c);
          ActionList other;
          c->legal_actions(other);
          if (pc.step() == StepKind::kAct)
            ExpectKeptEqualsFresh(
                pc, id + " clone, game " + std::to_string(g) + " action " + std::to_string(n),
                other);
        }
        s->apply(actions[rng.below(static_cast<uint32_t>(actions.size()))]);
      }
    }
    EXPECT_GT(movers, 500) << id;
  }
}

// The path a move applies comes from the search kept for the position (kept_path): it must be
// the path a fresh search gives, also where an own vehicle or weapon model came into or left a
// field the kept search reached by a step free of the passage rule (PS §5.3: there the entry is
// the same, and the kept search holds), over random games of the three situations.
TEST(PlanspielKeptSearches, PS_5_3_KeptPathsEqualThoseOfAFreshSearchOverRandomGames) {
  for (const std::string id : {"ps-1", "ps-2", "ps-3"}) {
    const auto game = make_planspiel(id);
    int paths = 0;
    int decision = 0;
    AtEveryRandomDecision(
        *game, 37, 2, 500,
        [&](const PlanspielState& ps, const std::string& where, const ActionList& kept) {
          if (ps.step() != StepKind::kAct || ++decision % 3 != 0) return;
          // Read back from JSON: no search kept for its position, each path searched afresh.
          const auto fresh = game->state_from_json(ps.to_json());
          const auto& pf = static_cast<const PlanspielState&>(*fresh);
          std::vector<Field> a, b;
          for (const Action& k : kept) {
            if (k.verb != kMove) continue;
            const int w = game->board().width();
            const Field to{k.arg(1) % w, k.arg(1) / w};
            ASSERT_TRUE(ps.move_path(k.arg(0), to, a)) << id << " " << where;
            ASSERT_TRUE(pf.move_path(k.arg(0), to, b)) << id << " " << where;
            EXPECT_EQ(a, b) << id << " " << where << " unit " << k.arg(0);
            ++paths;
          }
        });
    EXPECT_GT(paths, 1000) << id;
  }
}

// A search kept while a clone of the same position listed its actions reads that clone's
// contents; once the clone is gone, the position's own state must read its own (a kept search
// pointing into a destroyed state was a use after free the sanitizers report). The clones made
// after it move on and take the freed memory.
TEST(PlanspielKeptSearches, PS_6_AKeptSearchOutlivesTheCloneThatKeptIt) {
  for (const std::string id : {"ps-1", "ps-2", "ps-3"}) {
    const auto game = make_planspiel(id);
    Rng rng(29);
    int checked = 0;
    std::unique_ptr<State> s = game->new_initial_state();
    for (int n = 0; n < 400 && !s->is_terminal(); ++n) {
      if (s->current_seat() == kChance) {
        s->apply(s->sample_chance(rng));
        continue;
      }
      ActionList actions;
      {
        auto c = s->clone();  // the same position: keeps its searches with the clone's contents
        c->legal_actions(actions);
      }
      ASSERT_FALSE(actions.empty());
      for (int k = 0; k < 3; ++k) {  // new states, where the clone's memory was
        auto other = s->clone();
        other->apply(actions[rng.below(static_cast<uint32_t>(actions.size()))]);
      }
      const auto& ps = static_cast<const PlanspielState&>(*s);
      if (ps.step() == StepKind::kAct) {
        ExpectKeptEqualsFresh(ps, id + " action " + std::to_string(n), actions);
        ++checked;
      }
      s->apply(actions[rng.below(static_cast<uint32_t>(actions.size()))]);
    }
    EXPECT_GT(checked, 50) << id;
  }
}

// Every legal action with the kept searches (the move and withdrawal fields, PS §6, §6.7; the
// movement counter-moves' fields from the evading unit's kept search, PS §9.4, G-48; the kept
// searches checked field by field against what the entry rule reads, PS §5.3) equals the list
// made with fresh searches only, in every window of random games of the three situations.
TEST(PlanspielKeptSearches, PS_9_4_LegalActionsWithKeptSearchesEqualFreshOnes) {
  for (const std::string id : {"ps-1", "ps-2", "ps-3"}) {
    const auto game = make_planspiel(id);
    int windows = 0;  // evade actions listed
    AtEveryRandomDecision(
        *game, 31, 4, 600,
        [&](const PlanspielState& ps, const std::string& where, const ActionList& kept) {
          ActionList fresh;
          PlanspielState::set_kept_searches_for_test(false);
          ps.legal_actions(fresh);
          PlanspielState::set_kept_searches_for_test(true);
          ASSERT_EQ(kept, fresh) << id << " " << where;
          for (const Action& a : kept) windows += a.verb == kEvade ? 1 : 0;
          // What a unit may evade to, asked on its own (why_illegal's check),
          // from the kept search.
          for (const Action& a : kept) {
            if (a.verb == kEvade && ps.step() == StepKind::kCounterMove) {
              EXPECT_TRUE(ps.may_evade(a.arg(0), nullptr)) << id << " " << where;
            }
          }
        });
    EXPECT_GT(windows, 5) << id;  // movement counter-moves were listed
  }
}

// The rule checks of the legal actions ask their cheap conditions first when no reason is asked
// (docs/planspiel.md, speed), whatever order the refusals cite: the actions the legal actions
// list must be exactly those that why_illegal, which asks every check with its reason, accepts:
// the counter-moves in each window (PS §9.2-§9.4), the direct and indirect fire, the mounting and
// limbering and the camouflage in each activity (PS §8.1, §8.3, §4.4, §7.6).
TEST(PlanspielRefusals, PS_9_2_ListedActionsAreThoseTheReasonedChecksAccept) {
  for (const std::string id : {"ps-1", "ps-2", "ps-3"}) {
    const auto game = make_planspiel(id);
    const Board& b = game->board();
    int windows = 0, listed_checked = 0;
    AtEveryRandomDecision(
        *game, 17, 2, 400,
        [&](const PlanspielState& ps, const std::string& where, const ActionList& legal) {
          std::vector<Action> candidates;
          if (ps.step() == StepKind::kCounterMove) {
            ++windows;
            const int at = b.index(ps.counter_field());
            for (int p = 0; p < ps.num_units(); ++p) {
              candidates.push_back(Action(kFire, {p, at}));
              candidates.push_back(Action(kMeet, {p, at}));
              Text why;
              EXPECT_EQ(ps.may_evade(p, nullptr), ps.may_evade(p, &why))
                  << id << " " << where << " unit " << p;
            }
          } else if (ps.step() == StepKind::kAct) {
            std::vector<int> fields;  // where a unit stands
            for (int o = 0; o < ps.num_units(); ++o)
              if (ps.unit(o).status == UnitStatus::kOnBoard)
                fields.push_back(b.index(ps.field_of(o)));
            std::sort(fields.begin(), fields.end());
            fields.erase(std::unique(fields.begin(), fields.end()), fields.end());
            for (int u = 0; u < ps.num_units(); ++u) {
              for (int f : fields) {
                candidates.push_back(Action(kFire, {u, f}));
                candidates.push_back(Action(kIndirect, {u, f}));
              }
              if (ps.unit(u).status == UnitStatus::kOnBoard)
                for (int v : {kMount, kDismount, kLimber, kUnlimber})
                  candidates.push_back(Action(v, {u, b.index(ps.field_of(u))}));
              candidates.push_back(Action(kCamouflage, {u}));
            }
          }
          for (const Action& a : candidates) {
            const bool listed = std::find(legal.begin(), legal.end(), a) != legal.end();
            EXPECT_EQ(listed, ps.why_illegal(a).empty())
                << id << " " << where << " verb " << int{a.verb} << " unit " << a.arg(0) << " arg "
                << a.arg(1);
            listed_checked += listed ? 1 : 0;
          }
        });
    EXPECT_GT(windows, 10) << id;         // counter-move windows were opened
    EXPECT_GT(listed_checked, 10) << id;  // and some of the candidates were legal
  }
}

}  // namespace
}  // namespace feldherr::planspiel::testing
