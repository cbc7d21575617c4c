// The Dice Race fixture (toy_game.h) follows its own rules, and the engine's default State
// methods (sample_chance, why_illegal) and Game::seat_index work on it. The engine tests rely
// on this fixture, so its rules are tested first.
#include "tests/engine/toy_game.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <map>
#include <nlohmann/json.hpp>

namespace feldherr::toy {
namespace {

using ::testing::HasSubstr;
using ::testing::StartsWith;

std::vector<std::string> texts(const State& s) {
  std::vector<std::string> out;
  for (const Action& a : s.legal_actions()) out.push_back(s.describe(a));
  return out;
}

TEST(DiceRace, DR_1_ChanceDealsBothCardsThenRedMoves) {
  auto game = make_dice_race();
  auto s = game->new_initial_state();
  EXPECT_EQ(s->current_seat(), kChance);
  EXPECT_EQ(s->decision().kind, "deal");
  EXPECT_EQ(s->chance_outcomes().size(), 6u);
  apply_all(*s, {"deal 3"});
  EXPECT_EQ(s->current_seat(), kChance);
  apply_all(*s, {"deal 5"});
  EXPECT_EQ(s->current_seat(), kRed);
  const auto& d = dynamic_cast<const DiceRaceState&>(*s);
  EXPECT_EQ(d.card(kRed), 3);
  EXPECT_EQ(d.card(kBlue), 5);
  EXPECT_EQ(s->move_number(), 2);
  EXPECT_EQ(texts(*s), (std::vector<std::string>{"dice 1", "dice 2", "press", "reveal", "pass"}));
}

TEST(DiceRace, DR_3_RollAddsTheTotal) {
  auto game = make_dice_race();
  auto s = game->new_initial_state();
  apply_all(*s, {"deal 3", "deal 5", "dice 2", "roll 2 5"});
  const auto& d = dynamic_cast<const DiceRaceState&>(*s);
  EXPECT_EQ(d.position(kRed), 7);
  EXPECT_EQ(s->current_seat(), kRed);  // the turn goes on after a roll
  EXPECT_EQ(d.rolls(), 1);
  // Press only before the first roll.
  EXPECT_EQ(texts(*s), (std::vector<std::string>{"dice 1", "dice 2", "reveal", "pass"}));
}

TEST(DiceRace, DR_2_PressDoublesTheRoll) {
  auto game = make_dice_race();
  auto s = game->new_initial_state();
  apply_all(*s, {"deal 3", "deal 5", "press", "dice 2", "roll 3 4"});
  EXPECT_EQ(dynamic_cast<const DiceRaceState&>(*s).position(kRed), 14);
}

TEST(DiceRace, DR_2_PressedRollWithAOneScoresNothing) {
  auto game = make_dice_race();
  auto s = game->new_initial_state();
  apply_all(*s, {"deal 3", "deal 5", "press", "dice 2", "roll 1 6"});
  EXPECT_EQ(dynamic_cast<const DiceRaceState&>(*s).position(kRed), 0);
}

TEST(DiceRace, DR_3_TheThirdRollEndsTheTurn) {
  auto game = make_dice_race();
  auto s = game->new_initial_state();
  apply_all(*s, {"deal 3", "deal 5", "dice 1", "roll 1", "dice 1", "roll 1", "dice 1"});
  EXPECT_EQ(s->current_seat(), kChance);
  apply_all(*s, {"roll 2"});
  const auto& d = dynamic_cast<const DiceRaceState&>(*s);
  EXPECT_EQ(s->current_seat(), kBlue);
  EXPECT_EQ(d.position(kRed), 4);
  EXPECT_EQ(d.rolls(), 0);
  EXPECT_EQ(d.turns(), 1);
}

TEST(DiceRace, DR_4_RevealShowsTheCardAndAdvances) {
  auto game = make_dice_race();
  auto s = game->new_initial_state();
  apply_all(*s, {"deal 3", "deal 5"});
  Action reveal(kReveal, {});
  EXPECT_TRUE(s->reveals_information(reveal));
  EXPECT_FALSE(s->reveals_information(Action(kPress, {})));
  EXPECT_EQ(s->observe(kBlue)["cards"][0], "hidden");
  apply_all(*s, {"reveal"});
  const auto& d = dynamic_cast<const DiceRaceState&>(*s);
  EXPECT_TRUE(d.revealed(kRed));
  EXPECT_EQ(d.position(kRed), 3);
  EXPECT_EQ(s->observe(kBlue)["cards"][0], 3);
  EXPECT_EQ(s->observe(kObserver)["cards"][0], 3);
  EXPECT_THAT(s->why_illegal(reveal), StartsWith("DR §4"));
}

TEST(DiceRace, DR_1_OnlyTheOwnerSeesTheCard) {
  auto game = make_dice_race();
  auto s = game->new_initial_state();
  apply_all(*s, {"deal 3", "deal 5"});
  EXPECT_EQ(s->observe(kRed)["cards"], (json{3, "hidden"}));
  EXPECT_EQ(s->observe(kBlue)["cards"], (json{"hidden", 5}));
  EXPECT_EQ(s->observe(kObserver)["cards"], (json{"hidden", "hidden"}));
  EXPECT_THAT(s->render_text(kBlue), HasSubstr("card ?"));
  EXPECT_THAT(s->render_text(kBlue), HasSubstr("card 5"));
}

TEST(DiceRace, DeterminizeResamplesOnlyHiddenCards) {
  auto game = make_dice_race();
  auto s = game->new_initial_state();
  apply_all(*s, {"deal 3", "deal 5"});
  Rng rng(1);
  std::map<int, int> blue_cards;
  for (int i = 0; i < 200; ++i) {
    auto d = s->determinize(kRed, rng);
    const auto& ds = dynamic_cast<const DiceRaceState&>(*d);
    EXPECT_EQ(ds.card(kRed), 3);  // own card kept
    blue_cards[ds.card(kBlue)]++;
    EXPECT_EQ(d->observe(kRed), s->observe(kRed));
  }
  EXPECT_EQ(blue_cards.size(), 6u);   // every value is drawn
  apply_all(*s, {"pass", "reveal"});  // blue reveals: nothing left hidden from red
  auto d = s->determinize(kRed, rng);
  EXPECT_EQ(dynamic_cast<const DiceRaceState&>(*d).card(kBlue), 5);
}

TEST(DiceRace, DR_5_ReachingTheTargetWins) {
  auto game = make_dice_race(10);
  auto s = game->new_initial_state();
  apply_all(*s, {"deal 3", "deal 5", "dice 2", "roll 6 6"});
  ASSERT_TRUE(s->is_terminal());
  EXPECT_EQ(s->current_seat(), kNobody);
  EXPECT_TRUE(s->legal_actions().empty());
  Result r = s->result();
  EXPECT_EQ(r.summary, "red wins");
  EXPECT_EQ(r.returns, (std::vector<double>{1.0, -1.0}));
  EXPECT_THAT(r.reason, HasSubstr("DR §5"));
  EXPECT_EQ(s->why_illegal(Action(kPass, {})), "DR §5: the game is over");
}

TEST(DiceRace, DR_5_AfterTheTurnLimitEqualPositionsDraw) {
  auto game = make_dice_race();
  auto s = game->new_initial_state();
  apply_all(*s, {"deal 3", "deal 5"});
  for (int t = 0; t < kTurnLimit; ++t) {
    ASSERT_FALSE(s->is_terminal()) << "turn " << t;
    apply_all(*s, {"pass"});
  }
  ASSERT_TRUE(s->is_terminal());
  EXPECT_EQ(s->result().summary, "draw");
  EXPECT_EQ(s->result().returns, (std::vector<double>{0.0, 0.0}));
}

TEST(DiceRace, IllegalActionsAreRefusedWithTheRule) {
  auto game = make_dice_race();
  auto s = game->new_initial_state();
  EXPECT_THAT(s->why_illegal(Action(kPass, {})), StartsWith("DR §1: Chance owes the deal"));
  EXPECT_THAT(s->why_illegal(Action(kDeal, {7})), StartsWith("DR §1"));
  apply_all(*s, {"deal 3", "deal 5"});
  EXPECT_THAT(s->why_illegal(Action(kRoll, {4})), StartsWith("DR §3: dice and cards"));
  EXPECT_THAT(s->why_illegal(Action(kDice, {3})), StartsWith("DR §2"));
  apply_all(*s, {"press"});
  EXPECT_EQ(s->why_illegal(Action(kPress, {})), "DR §2: already pressed this turn");
  apply_all(*s, {"dice 1"});
  EXPECT_THAT(s->why_illegal(Action(kRoll, {2, 3})), StartsWith("DR §3: the roll must show 1"));
  EXPECT_EQ(s->why_illegal(Action(kRoll, {2})), "");
}

TEST(DiceRace, ParseAcceptsDescribeAndAliases) {
  auto game = make_dice_race();
  auto s = game->new_initial_state();
  Action a;
  std::string error;
  ASSERT_TRUE(s->parse("roll 5 2", a, error));
  EXPECT_EQ(a, Action(kRoll, {2, 5}));  // unordered pair
  EXPECT_EQ(s->describe(a), "roll 2 5");
  ASSERT_TRUE(s->parse("  dice   2 ", a, error));
  EXPECT_EQ(a, Action(kDice, {2}));
  EXPECT_FALSE(s->parse("", a, error));
  EXPECT_FALSE(s->parse("dice 3", a, error));
  EXPECT_THAT(error, HasSubstr("DR §2"));
  EXPECT_FALSE(s->parse("roll 0", a, error));
  EXPECT_FALSE(s->parse("press now", a, error));
  EXPECT_FALSE(s->parse("fly", a, error));
  EXPECT_THAT(error, HasSubstr("unknown action 'fly'"));
}

TEST(DiceRace, TwoDiceOutcomesHaveUnorderedPairProbabilities) {
  auto game = make_dice_race();
  auto s = game->new_initial_state();
  apply_all(*s, {"deal 3", "deal 5", "dice 2"});
  auto outcomes = s->chance_outcomes();
  ASSERT_EQ(outcomes.size(), 21u);
  double total = 0;
  for (const auto& o : outcomes) {
    total += o.probability;
    bool doubles = o.action.arg(0) == o.action.arg(1);
    EXPECT_DOUBLE_EQ(o.probability, doubles ? 1.0 / 36 : 2.0 / 36) << s->describe(o.action);
  }
  EXPECT_NEAR(total, 1.0, 1e-12);
  EXPECT_EQ(s->legal_actions().size(), 21u);
}

// The engine's default State::sample_chance samples chance_outcomes(); the fixture overrides it
// with a faster draw. Both must follow the same distribution (the contract in game.h).
TEST(DiceRace, DefaultAndOverriddenSampleChanceAgree) {
  auto game = make_dice_race();
  auto s = game->new_initial_state();
  apply_all(*s, {"deal 3", "deal 5", "dice 2"});
  constexpr int kDraws = 36000;
  std::map<uint64_t, int> by_default, by_override;
  Rng a(1), b(2);
  for (int i = 0; i < kDraws; ++i) {
    by_default[s->State::sample_chance(a).id()]++;
    by_override[s->sample_chance(b).id()]++;
  }
  for (const auto& o : s->chance_outcomes()) {
    double expected = o.probability * kDraws;
    double sigma = std::sqrt(expected * (1 - o.probability));
    EXPECT_NEAR(by_default[o.action.id()], expected, 5 * sigma) << s->describe(o.action);
    EXPECT_NEAR(by_override[o.action.id()], expected, 5 * sigma) << s->describe(o.action);
  }
  EXPECT_EQ(by_default.size(), 21u);
  EXPECT_EQ(by_override.size(), 21u);
}

TEST(StateDefaults, WhyIllegalChecksMembership) {
  auto game = make_dice_race();
  auto s = game->new_initial_state();
  apply_all(*s, {"deal 3", "deal 5"});
  EXPECT_EQ(s->State::why_illegal(Action(kPass, {})), "");
  EXPECT_THAT(s->State::why_illegal(Action(kRoll, {3})), StartsWith("not a legal action now ("));
  apply_all(*s, {"reveal", "dice 2", "roll 6 6", "dice 2", "roll 6 6"});
  ASSERT_TRUE(s->is_terminal());
  EXPECT_EQ(s->State::why_illegal(Action(kPass, {})), "the game is over");
}

TEST(DiceRace, BugNamesRoundTrip) {
  for (int i = 0; i < kNumBugs; ++i) {
    Bug b = Bug::kNone;
    ASSERT_TRUE(bug_from_name(bug_name(static_cast<Bug>(i)), b)) << i;
    EXPECT_EQ(static_cast<int>(b), i);
  }
  Bug b;
  EXPECT_FALSE(bug_from_name("no-such-bug", b));
}

TEST(GameContract, SeatIndex) {
  auto game = make_dice_race();
  EXPECT_EQ(game->seat_index("red"), 0);
  EXPECT_EQ(game->seat_index("blue"), 1);
  EXPECT_EQ(game->seat_index("green"), -1);
}

TEST(GameContract, JsonRoundTripRestoresAnEqualState) {
  auto game = make_dice_race();
  auto s = game->new_initial_state();
  apply_all(*s, {"deal 3", "deal 5", "press", "dice 1", "roll 4"});
  auto restored = game->state_from_json(s->to_json());
  EXPECT_EQ(restored->to_json(), s->to_json());
  EXPECT_EQ(restored->hash(), s->hash());
  EXPECT_EQ(restored->legal_actions(), s->legal_actions());
}

TEST(GameContract, MalformedJsonNamesThePath) {
  auto game = make_dice_race();
  json j = game->new_initial_state()->to_json();
  j["card"][1] = 9;
  try {
    game->state_from_json(j);
    FAIL() << "accepted a card of 9";
  } catch (const std::runtime_error& e) {
    EXPECT_THAT(e.what(), StartsWith("$.card[1]"));
  }
  j = game->new_initial_state()->to_json();
  j.erase("phase");
  EXPECT_THROW(game->state_from_json(j), std::runtime_error);
  EXPECT_THROW(game->state_from_json(json::array()), std::runtime_error);
}

TEST(GameContract, HashDistinguishesStatesAndIgnoresHistoryOfEqualStates) {
  auto game = make_dice_race();
  auto a = game->new_initial_state();
  auto b = game->new_initial_state();
  apply_all(*a, {"deal 3", "deal 5"});
  apply_all(*b, {"deal 3", "deal 6"});
  EXPECT_NE(a->hash(), b->hash());
  auto c = game->new_initial_state();
  apply_all(*c, {"deal 3", "deal 5"});
  EXPECT_EQ(a->hash(), c->hash());
  EXPECT_EQ(a->clone()->hash(), a->hash());
}

}  // namespace
}  // namespace feldherr::toy
