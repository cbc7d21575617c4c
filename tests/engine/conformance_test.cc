// The conformance battery (engine/conformance.h) passes on a correct game and detects each kind
// of bug it promises to detect: every Bug of the Dice Race fixture is planted in turn and the
// battery must report it.
#include "engine/conformance.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "tests/engine/toy_game.h"

namespace feldherr::toy {
namespace {

using ::testing::HasSubstr;
using ::testing::MatchesRegex;

std::string all_failures(const ConformanceReport& r) {
  std::string s;
  for (const auto& f : r.failures) s += f + "\n";
  return s;
}

TEST(Conformance, PassesOnTheCorrectGame) {
  auto game = make_dice_race();
  ConformanceOptions options;
  options.games = 100;
  options.seed = 5;
  options.invariant = dice_race_module().invariant;
  ConformanceReport report = run_conformance(*game, options);
  EXPECT_TRUE(report.ok()) << all_failures(report);
  EXPECT_EQ(report.games, 100);
  EXPECT_EQ(report.terminated, 100);
  EXPECT_GT(report.actions, 100 * 10);
}

TEST(Conformance, PassesWithAStrideAndOtherTargets) {
  for (int target : {1, 7, 60}) {
    auto game = make_dice_race(target);
    ConformanceOptions options;
    options.games = 20;
    options.check_stride = 5;
    ConformanceReport report = run_conformance(*game, options);
    EXPECT_TRUE(report.ok()) << "target " << target << "\n" << all_failures(report);
    EXPECT_EQ(report.terminated, 20);
  }
}

TEST(Conformance, SameSeedSameGames) {
  auto game = make_dice_race();
  ConformanceOptions options;
  options.games = 10;
  options.seed = 77;
  long long a = run_conformance(*game, options).actions;
  EXPECT_EQ(run_conformance(*game, options).actions, a);
  options.seed = 78;
  EXPECT_NE(run_conformance(*game, options).actions, a);
}

TEST(Conformance, ReportsAFailingInvariantWithGameAndAction) {
  auto game = make_dice_race();
  ConformanceOptions options;
  options.games = 5;
  options.invariant = [](const State& s) -> std::string {
    return dynamic_cast<const DiceRaceState&>(s).position(kRed) > 10 ? "red beyond 10" : "";
  };
  ConformanceReport report = run_conformance(*game, options);
  ASSERT_FALSE(report.ok());
  EXPECT_THAT(report.failures.front(), MatchesRegex("game [0-9]+ action [0-9]+.*"));
  EXPECT_THAT(report.failures.front(), HasSubstr("invariant: red beyond 10"));
}

struct PlantedBug {
  Bug bug;
  const char* expected;  // a substring of the failure the battery must report
};

void PrintTo(const PlantedBug& b, std::ostream* os) {
  *os << bug_name(b.bug);
}

class ConformanceDetects : public ::testing::TestWithParam<PlantedBug> {};

TEST_P(ConformanceDetects, PlantedBug) {
  auto game = make_dice_race(20, GetParam().bug);
  ConformanceOptions options;
  options.games = 10;
  // A correct Dice Race game has at most 2 deals + 100 turns x 7 actions (press, 3 x dice and
  // roll) + 2 reveals = 704 actions (DR §1-§5), so 1000 can only be reached by a runaway.
  options.max_actions = 1000;
  ConformanceReport report = run_conformance(*game, options);
  ASSERT_FALSE(report.ok()) << bug_name(GetParam().bug) << " went undetected";
  EXPECT_THAT(all_failures(report), HasSubstr(GetParam().expected));
}

INSTANTIATE_TEST_SUITE_P(
    AllBugs, ConformanceDetects,
    ::testing::Values(PlantedBug{Bug::kCloneDropsField, "clone has a different hash"},
                      PlantedBug{Bug::kHashUnstable, "hash() is not stable"},
                      PlantedBug{Bug::kJsonDropsField, "JSON round trip changes the hash"},
                      PlantedBug{Bug::kJsonLoadsWrongTurn, "JSON round trip changes the state"},
                      PlantedBug{Bug::kObserveLeaksCard, "(leak)"},
                      PlantedBug{Bug::kDuplicateAction, "duplicate legal action: pass"},
                      PlantedBug{Bug::kParseMismatch, "parse(describe(a)) != a for 'dice 2'"},
                      PlantedBug{Bug::kDeadEnd, "dead end"},
                      PlantedBug{Bug::kRunaway, "runaway: no end after 1000 actions"},
                      PlantedBug{Bug::kBadProbabilities, "chance probabilities sum to"},
                      // A hash that leaves out the hidden cards passes every check comparing a
                      // state with its own copies; the sibling check (different children of one
                      // position, one hash) finds it at the deal.
                      PlantedBug{Bug::kHashIgnoresField, "hash ignores part of the state"},
                      // Hidden information on every channel (engine/view.h): a prompt that names
                      // the hidden card of the seat to move, shown to its opponent and observers;
                      // a deal whose text tells every viewer the card.
                      PlantedBug{Bug::kPromptNamesCard,
                                 "the view of blue changes when hidden information is re-sampled "
                                 "(leak): decision_for() prompt"},
                      // "press" reveals nothing, yet with a 6 in hand it ends the turn.
                      PlantedBug{Bug::kPressShowsCard, "'press' reveals no information, yet what "},
                      PlantedBug{Bug::kDealTextShowsCard, "the text of 'deal"},
                      // The rule an event cites is read like its text (event_rule).
                      PlantedBug{Bug::kDealRuleShowsCard, "the text of 'deal"}),
    [](const ::testing::TestParamInfo<PlantedBug>& test) {
      std::string name = bug_name(test.param.bug);
      for (char& c : name)
        if (c == '-') c = '_';
      return name;
    });

}  // namespace
}  // namespace feldherr::toy
