// The fast paths (games/wsr/los_cache.h, the lazy texts and cheap refusals of fire.cc) must not
// change any rule outcome. These tests compare, on every basic scenario and on A10 Paderborn, the
// fast paths with the reference computation (SetWsrFastPaths(false): every LOS through
// LosMap::Check with the wreck markers, WSR 7.0-7.3, 7.1 b; no pre-filter in fire_actions):
//  - the lens of kLosLens holds every hex the sight line reads a marker of, for every hex pair;
//  - WsrState::los_clear equals los_check().clear for every hex pair, with and without wrecks;
//  - the legal action lists of many random states are identical, and so are whole random games.
#include <gtest/gtest.h>

#include <algorithm>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "engine/player.h"
#include "games/wsr/data.h"
#include "games/wsr/los_cache.h"
#include "games/wsr/scenario_game.h"
#include "games/wsr/state.h"

namespace feldherr::wsr {
namespace {

class PerfEquivalence : public ::testing::TestWithParam<std::string> {
 protected:
  void TearDown() override { SetWsrFastPaths(true); }
  std::shared_ptr<const WsrGame> Game() const {
    return MakeScenarioGame(ShippedData(), LoadShippedScenario(GetParam()));
  }
};

// Collects the hexes whose markers LosMap::Check reads: crossed hexes and along pairs.
struct Collect {
  const HexLayout& L;
  std::vector<int> hexes;
  bool Cross(HexCoord, HexCoord, int, bool) { return true; }
  bool Hex(HexCoord h) {
    hexes.push_back(L.Find(h));
    return true;
  }
  bool Along(HexCoord l, HexCoord r) {
    hexes.push_back(L.Find(l));
    hexes.push_back(L.Find(r));
    return true;
  }
};

TEST_P(PerfEquivalence, WSR_7_1_LosLensHoldsEveryHexOnTheSightLine) {
  auto game = Game();
  const HexLayout& L = game->layout();
  const int n = L.size();
  int worst = 0;
  for (int a = 0; a < n; ++a) {
    for (int b = 0; b < n; ++b) {
      const int d = L.Distance(a, b);
      if (d <= 1) continue;
      Collect c{L, {}};
      TraceSightLine(L.coord(a), L.coord(b), c);
      for (int w : c.hexes) {
        if (w < 0) continue;  // off the map: no marker
        const int excess = L.Distance(a, w) + L.Distance(w, b) - d;
        worst = std::max(worst, excess);
        ASSERT_LE(excess, kLosLens) << L.Name(a) << " -> " << L.Name(b) << " via " << L.Name(w);
      }
    }
  }
  RecordProperty("worst_excess", worst);
}

// The lens is geometry only: checked too on the layout of every shipped scenario that loads
// (the largest have four sheets), so games of the other scenarios are covered as well.
TEST(PerfEquivalenceLayouts, WSR_7_1_LosLensHoldsOnEveryShippedScenarioLayout) {
  int layouts = 0, largest = 0;
  for (const char* id : {"arnhem", "bastogne", "bieville", "carentan", "chaumont", "elsenborn",
                         "huertgen", "koeln", "le-hauderie", "luneville", "noville", "odon",
                         "omaha", "paderborn", "remagen", "vierville"}) {
    std::shared_ptr<const Scenario> sc;
    try {
      sc = LoadShippedScenario(id);
    } catch (const std::exception&) {
      continue;  // not loadable against the shipped data yet
    }
    const HexLayout& L = sc->layout;
    const int n = L.size();
    ++layouts;
    largest = std::max(largest, n);
    for (int a = 0; a < n; ++a) {
      for (int b = 0; b < n; ++b) {
        const int d = L.Distance(a, b);
        if (d <= 1) continue;
        Collect c{L, {}};
        TraceSightLine(L.coord(a), L.coord(b), c);
        for (int w : c.hexes) {
          if (w >= 0) {
            ASSERT_LE(L.Distance(a, w) + L.Distance(w, b) - d, kLosLens)
                << id << ": " << L.Name(a) << " -> " << L.Name(b) << " via " << L.Name(w);
          }
        }
      }
    }
  }
  EXPECT_GE(layouts, 4);
  RecordProperty("largest_layout", largest);
}

// WSR 7.0-7.3 and 7.1 b: los_clear (memo + wreck handling) == los_check().clear, every pair.
TEST_P(PerfEquivalence, WSR_7_1_LosClearEqualsExactCheckWithAndWithoutWrecks) {
  auto game = Game();
  const int n = game->layout().size();
  WsrState s = game->initial();
  Rng rng(7);
  for (int round = 0; round < 3; ++round) {
    // round 0: no wreck; 1: a few wrecks; 2: many wrecks (WSR 6.1.7 wreck markers).
    const int add = round == 0 ? 0 : (round == 1 ? 6 : 60);
    for (int k = 0; k < add; ++k) {
      const int h = static_cast<int>(rng.below(static_cast<uint32_t>(n)));
      if (!s.has_wreck(h)) s.place_wreck(h);
    }
    int blocked = 0, mismatches = 0;
    for (int a = 0; a < n; ++a) {
      for (int b = 0; b < n; ++b) {
        const bool exact = s.los_check(a, b).clear;
        if (!exact) ++blocked;
        if (s.los_clear(a, b) != exact) {
          if (++mismatches < 5)
            ADD_FAILURE() << GetParam() << " round " << round << ": " << s.hex_name(a) << " -> "
                          << s.hex_name(b) << " exact " << exact;
        }
      }
    }
    EXPECT_EQ(mismatches, 0);
    EXPECT_GT(blocked, 0);  // the layouts have blocking terrain: the test can fail
  }
}

// Legal actions of random states: fast paths on == off (the reference), every state of
// several random games, and the games themselves are identical.
TEST_P(PerfEquivalence, LegalActionsEqualTheReferenceOnRandomStates) {
  auto game = Game();
  int compared = 0, fire_lists = 0;
  for (uint64_t g = 0; g < 6; ++g) {
    auto fast = game->new_initial_state();
    auto ref = game->new_initial_state();
    RandomPlayer pf(g + 1), pr(g + 1);
    Rng cf(g + 50), cr(g + 50);
    ActionList lf, lr;
    for (int step = 0; step < 20000 && !fast->is_terminal(); ++step) {
      SetWsrFastPaths(true);
      fast->legal_actions(lf);
      const Action af =
          fast->current_seat() == kChance ? fast->sample_chance(cf) : pf.choose(*fast);
      SetWsrFastPaths(false);
      ref->legal_actions(lr);
      const Action ar = ref->current_seat() == kChance ? ref->sample_chance(cr) : pr.choose(*ref);
      ASSERT_EQ(lf, lr) << GetParam() << " game " << g << " step " << step << ": "
                        << fast->to_json().dump();
      ASSERT_EQ(af, ar);
      ++compared;
      if (std::any_of(lf.begin(), lf.end(),
                      [](const Action& a) { return a.verb == kFire || a.verb == kOpFire; }))
        ++fire_lists;
      SetWsrFastPaths(true);
      fast->apply(af);
      SetWsrFastPaths(false);
      ref->apply(ar);
      ASSERT_EQ(fast->hash(), ref->hash()) << GetParam() << " game " << g << " step " << step;
    }
    SetWsrFastPaths(true);
  }
  EXPECT_GT(compared, 1000);
  EXPECT_GT(fire_lists, 10);  // fire decisions were compared
  RecordProperty("states", compared);
}

INSTANTIATE_TEST_SUITE_P(Basic, PerfEquivalence,
                         ::testing::Values("noville", "le-hauderie", "vierville", "koeln"),
                         [](const auto& test) {
                           std::string n = test.param;
                           std::replace(n.begin(), n.end(), '-', '_');
                           return n;
                         });
// An advanced scenario: HE and smoke artillery (WSR 11.2) and an aircraft (11.3) beside the
// basic rules.
INSTANTIATE_TEST_SUITE_P(Advanced, PerfEquivalence, ::testing::Values("paderborn"),
                         [](const auto& test) { return std::string(test.param); });

}  // namespace
}  // namespace feldherr::wsr
