// Tests of the MCTS player (ai/mcts.h, docs/ai.md): hidden information (IS-MCTS never reads
// what the deciding seat may not know), determinism, strength against random play, an obvious
// win in the Dice Race fixture game, root parallelism and the seat parser.
#include "ai/mcts.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "../engine/toy_game.h"
#include "ai/levels.h"
#include "engine/player.h"
#include "engine/registry.h"
#include "games/pocket/evaluate.h"
#include "games/pocket/pocket.h"

namespace feldherr {
namespace {

const GameModule& pocket_module_ref() {
  return *all_games().find("pocket");
}

// The positions below were chosen under Pocket's former default readings (docs/rules/pocket.md A2
// `shoot_split=conserve`, A19 `wound_marker=most-orders`); the tests keep them so that their
// seeded positions stay the ones they were written for.
std::shared_ptr<const Game> pocket_game() {
  return all_games().create("pocket",
                            {{"shoot_split", "conserve"}, {"wound_marker", "most-orders"}});
}

MctsConfig budget(long long iterations, int threads = 1) {
  MctsConfig c;
  c.iterations = iterations;
  c.seconds = 0;
  c.threads = threads;
  return c;
}

std::unique_ptr<MctsPlayer> pocket_mcts(const MctsConfig& c, uint64_t seed) {
  const GameModule& m = pocket_module_ref();
  return std::make_unique<MctsPlayer>(c, seed, m.evaluate, m.make_heuristic);
}

// Positions of random games (every `stride`-th decision of a seat); in Pocket Battles from the
// army selection to the battle.
std::vector<std::unique_ptr<State>> random_positions(const Game& game, int games, int stride) {
  std::vector<std::unique_ptr<State>> out;
  for (int g = 0; g < games; ++g) {
    auto s = game.new_initial_state();
    RandomPlayer p0(static_cast<uint64_t>(100 + g)), p1(static_cast<uint64_t>(200 + g));
    Rng dice(static_cast<uint64_t>(300 + g));
    int k = 0;
    while (!s->is_terminal()) {
      const int seat = s->current_seat();
      if (seat == kChance) {
        s->apply(s->sample_chance(dice));
        continue;
      }
      if (k++ % stride == 0 && s->legal_actions().size() > 1) out.push_back(s->clone());
      s->apply(seat == 0 ? p0.choose(*s) : p1.choose(*s));
    }
  }
  return out;
}

// The requirement: "a test proves the AI's decisions are identical whatever the hidden state is,
// given the same observation and seed". Two states consistent with the deciding seat's observation
// (two determinisations of a real position for that seat, with different generators, so that
// the opponent's hidden troops differ) must get the same action from MCTS with the same seed.
TEST(Mcts, DecisionIndependentOfHiddenState_Pocket) {
  auto game = pocket_game();
  auto positions = random_positions(*game, 6, 7);
  ASSERT_GT(positions.size(), 40u);
  int checked = 0, hidden_differs = 0;
  for (size_t i = 0; i < positions.size(); ++i) {
    const State& real = *positions[i];
    const int seat = real.current_seat();
    Rng ra(1000 + i), rb(5000 + i);
    auto a = real.determinize(seat, ra);
    auto b = real.determinize(seat, rb);
    ASSERT_EQ(a->observe(seat), b->observe(seat)) << "position " << i;
    if (a->hash() != b->hash()) ++hidden_differs;
    auto pa = pocket_mcts(budget(150), 77 + i);
    auto pb = pocket_mcts(budget(150), 77 + i);
    const Action x = pa->choose(*a), y = pb->choose(*b);
    EXPECT_EQ(x, y) << "position " << i << " (" << real.describe(x) << " vs " << real.describe(y)
                    << ")";
    // Not only the choice: the whole search saw the same positions.
    ASSERT_EQ(pa->last_stats().root.size(), pb->last_stats().root.size());
    for (size_t k = 0; k < pa->last_stats().root.size(); ++k)
      EXPECT_EQ(pa->last_stats().root[k].visits, pb->last_stats().root[k].visits)
          << "position " << i;
    ++checked;
  }
  EXPECT_GT(checked, 40);
  EXPECT_GT(hidden_differs, 10) << "the test needs positions whose hidden information differs";
}

// With an iteration budget the same seed gives the same decision and the same search, for one
// thread and for two (each thread runs a fixed share of the iterations).
TEST(Mcts, DeterministicWithIterationBudget) {
  auto game = pocket_game();
  auto positions = random_positions(*game, 2, 11);
  ASSERT_FALSE(positions.empty());
  for (int threads : {1, 2}) {
    for (size_t i = 0; i < positions.size(); i += 3) {
      auto p = pocket_mcts(budget(300, threads), 9);
      auto q = pocket_mcts(budget(300, threads), 9);
      EXPECT_EQ(p->choose(*positions[i]), q->choose(*positions[i])) << "position " << i;
      EXPECT_EQ(p->last_stats().iterations, 300);
      ASSERT_EQ(p->last_stats().root.size(), q->last_stats().root.size());
      for (size_t k = 0; k < p->last_stats().root.size(); ++k)
        EXPECT_EQ(p->last_stats().root[k].visits, q->last_stats().root[k].visits);
    }
  }
}

// docs/ai.md "Listed once per node": WSR's determinisation draws nothing, so the tree's nodes
// keep their legal actions; the search with kept lists chooses and visits exactly as the one that
// lists them afresh at every visit, on positions over two random Noville games.
TEST(Mcts, KeptNodeListsSearchAsFreshLists_Wsr) {
  auto game = all_games().create("wsr/noville", {});
  const GameModule& m = *all_games().find("wsr");
  auto positions = random_positions(*game, 2, 25);
  ASSERT_GT(positions.size(), 8u);
  for (size_t i = 0; i < positions.size(); i += 2) {
    MctsConfig fresh = budget(200);
    fresh.keep_node_lists = false;
    MctsPlayer p(budget(200), 5, m.evaluate, m.make_heuristic);
    MctsPlayer q(fresh, 5, m.evaluate, m.make_heuristic);
    EXPECT_EQ(p.choose(*positions[i]), q.choose(*positions[i])) << "position " << i;
    ASSERT_EQ(p.last_stats().root.size(), q.last_stats().root.size());
    for (size_t k = 0; k < p.last_stats().root.size(); ++k)
      EXPECT_EQ(p.last_stats().root[k].visits, q.last_stats().root[k].visits) << i;
    EXPECT_EQ(p.last_stats().nodes, q.last_stats().nodes) << i;
  }
}

// Root parallelism: the visit counts of the trees are merged; with a fixed iteration budget the
// merged root visits add up to the budget (every iteration passes through one root child).
TEST(Mcts, RootParallelismMergesVisits) {
  auto game = pocket_game();
  auto positions = random_positions(*game, 1, 13);
  ASSERT_FALSE(positions.empty());
  const State& s = *positions[positions.size() / 2];
  auto p = pocket_mcts(budget(1001, 2), 3);
  p->choose(s);
  double total = 0;
  for (const auto& c : p->last_stats().root) total += c.visits;
  EXPECT_EQ(p->last_stats().iterations, 1001);
  EXPECT_EQ(total, 1001.0);
}

// A time budget: the search stops near the deadline.
TEST(Mcts, TimeBudgetIsKept) {
  auto game = pocket_game();
  auto positions = random_positions(*game, 1, 13);
  MctsConfig c;
  c.seconds = 0.05;
  auto p = pocket_mcts(c, 5);
  p->choose(*positions[positions.size() / 2]);
  EXPECT_GT(p->last_stats().iterations, 8);
  EXPECT_LT(p->last_stats().seconds, 0.5);
}

// The same for sequential halving with rollouts to the end (Pocket's plain seat): the rounds
// end at fractions of the time, and every round runs at least one cycle.
TEST(Mcts, TimeBudgetIsKeptBySequentialHalving_Pocket) {
  auto game = pocket_game();
  auto positions = random_positions(*game, 1, 13);
  MctsConfig c;
  std::string error;
  ASSERT_TRUE(parse_mcts_seat("mcts:0.1:guided:d0:sh:e0:nocap", c, error));
  auto p = pocket_mcts(c, 5);
  p->choose(*positions[positions.size() / 2]);
  EXPECT_GT(p->last_stats().iterations, 2);
  EXPECT_LT(p->last_stats().seconds, 0.6);
}

// docs/ai.md "Iteration cap": a time-budgeted Pocket seat stops at the module's cap (10,000
// iterations) with time left; ":nocap" and iteration budgets are not capped.
TEST(Mcts, TimeBudgetStopsAtTheGamesIterationCap_Pocket) {
  const GameModule& m = pocket_module_ref();
  ASSERT_GT(m.mcts_iteration_cap, 0);
  auto game = pocket_game();
  const State* battle = nullptr;
  auto positions = random_positions(*game, 2, 5);
  for (const auto& p : positions)
    if (!m.setup_decision(*p) && p->legal_actions().size() > 2) battle = p.get();
  ASSERT_NE(battle, nullptr);
  MctsConfig c;
  std::string error;
  // A minute per decision with the tree search (":random": not a plain seat) and no early stop
  // (":full"): the cap stops it.
  ASSERT_TRUE(parse_mcts_seat("mcts:60:random:full", c, error));
  auto capped = make_mcts_player(&m, c, 3);
  capped->choose(*battle);
  const auto& stats = static_cast<MctsPlayer&>(*capped).last_stats();
  EXPECT_EQ(stats.iterations, m.mcts_iteration_cap);
  EXPECT_LT(stats.seconds, 30.0);
  EXPECT_EQ(capped->name(), "mcts:60s:cap" + std::to_string(m.mcts_iteration_cap) + ":full");
  ASSERT_TRUE(parse_mcts_seat("mcts:0.2:nocap", c, error));
  auto uncapped = make_mcts_player(&m, c, 3);
  uncapped->choose(*battle);
  EXPECT_EQ(uncapped->name(), "mcts:0.2s:nocap");
  ASSERT_TRUE(parse_mcts_seat("mcts:12000it", c, error));
  auto budgeted = make_mcts_player(&m, c, 3);
  budgeted->choose(*battle);
  EXPECT_EQ(static_cast<MctsPlayer&>(*budgeted).last_stats().iterations, 12000);
}

// docs/ai.md "Seats": a seat that gives a budget alone ("mcts", "mcts:0.5", "mcts:300it") plays
// the game's own search (GameModule::mcts_search; Pocket: policy rollouts with sequential
// halving); a seat with a suffix of its own is taken as it stands.
TEST(Mcts, PlainSeatPlaysTheGamesOwnSearch_Pocket) {
  const GameModule& m = pocket_module_ref();
  ASSERT_FALSE(m.mcts_search.empty());
  MctsConfig own;
  std::string error;
  ASSERT_TRUE(parse_mcts_seat("mcts" + m.mcts_search, own, error));
  EXPECT_EQ(error, "");  // the module's text is a valid seat text
  MctsConfig c;
  ASSERT_TRUE(parse_mcts_seat("mcts:300it", c, error));
  EXPECT_TRUE(c.plain);
  auto plain = make_mcts_player(&m, c, 3);
  EXPECT_EQ(plain->name(), "mcts:300it:d0:guided:sh8:nocap:e0");
  ASSERT_TRUE(parse_mcts_seat("mcts", c, error));
  EXPECT_EQ(make_mcts_player(&m, c, 3)->name(), "mcts:1s:d0:guided:sh8:nocap:e0");
  ASSERT_TRUE(parse_mcts_seat("mcts:300it:d20", c, error));
  EXPECT_FALSE(c.plain);
  EXPECT_EQ(make_mcts_player(&m, c, 3)->name(), "mcts:300it");
  // A game without a search of its own: the engine's default for a plain seat too.
  GameModule bare;
  ASSERT_TRUE(parse_mcts_seat("mcts:300it", c, error));
  EXPECT_EQ(make_mcts_player(&bare, c, 3)->name(), "mcts:300it");
  // The plain seat searches with the game's configuration (sequential halving: the root's 8
  // best actions tried, the budget kept).
  auto game = pocket_game();
  bool searched = false;
  for (const auto& p : random_positions(*game, 2, 9)) {
    if (m.setup_decision(*p) || p->legal_actions().size() < 9) continue;
    searched = true;
    plain->choose(*p);
    const MctsStats& st = static_cast<MctsPlayer&>(*plain).last_stats();
    EXPECT_LE(st.iterations, 300);
    EXPECT_EQ(std::count_if(st.root.begin(), st.root.end(),
                            [](const MctsStats::Child& ch) { return ch.visits > 0; }),
              8);
    break;
  }
  EXPECT_TRUE(searched);
}

// The Planspiel's and Rivet Wars' levels (docs/ai.md "Seats", "Difficulty levels"):
// `ai:normal` is the plain seat, held halving over rollouts of the heuristic, at most 800 a
// decision, over the heuristic's 8 best actions in the Planspiel and over all of them in Rivet
// Wars; `ai:hard` the same at 3 s and 2,400.
TEST(Mcts, NormalAndHardPlayHeldRolloutsOfTheHeuristic_PlanspielRivet) {
  for (const char* id : {"planspiel", "rivet"}) {
    const GameModule& m = *all_games().find(id);
    const std::string width = std::string(id) == "rivet" ? "shall" : "sh8";
    std::string seat, error;
    MctsConfig c;
    ASSERT_TRUE(resolve_ai_level(&m, "ai:normal", seat, error));
    ASSERT_TRUE(parse_mcts_seat(seat, c, error));
    EXPECT_TRUE(c.plain);
    EXPECT_EQ(make_mcts_player(&m, c, 3)->name(), "mcts:1s:d0:guided:" + width + ":hold1:cap800:e0")
        << id;
    ASSERT_TRUE(resolve_ai_level(&m, "ai:hard", seat, error));
    ASSERT_TRUE(parse_mcts_seat(seat, c, error));
    EXPECT_EQ(error, "");
    EXPECT_EQ(make_mcts_player(&m, c, 3)->name(),
              "mcts:3s:d0:guided:" + width + ":hold1:cap2400:e0")
        << id;
    EXPECT_EQ(seat_seconds(seat), 3.0) << id;
  }
}

// A level that plays sequential halving over the heuristic's best root actions (`:shN`) and
// holds its first choice (`:hold`) needs a heuristic that scores its candidates
// (Player::score_actions): without the scores the halving runs over every root action instead
// of the N best, and there is no first choice to hold (docs/ai.md "Seats").
TEST(Mcts, EveryLevelThatHalvesHasAHeuristicThatScoresItsActions) {
  int halving_games = 0;
  for (const GameModule& m : all_games().modules()) {
    bool halves = false;
    for (const char* level : {"ai:normal", "ai:hard"}) {
      std::string seat, error;
      MctsConfig c;
      ASSERT_TRUE(resolve_ai_level(&m, level, seat, error)) << m.id << " " << error;
      ASSERT_TRUE(parse_mcts_seat(seat, c, error)) << m.id;
      c = with_game_search(&m, c);
      halves = halves || c.halving;
    }
    if (!halves) continue;
    ++halving_games;
    ASSERT_FALSE(m.scenarios.empty()) << m.id;
    auto game = all_games().create(m.id + "/" + m.scenarios.front().id, {});
    auto s = game->new_initial_state();
    RandomPlayer walk(3);
    Rng dice(4);
    int scored = 0;
    for (int n = 0; n < 2000 && !s->is_terminal() && scored < 5; ++n) {
      const int seat = s->current_seat();
      if (seat == kChance) {
        s->apply(s->sample_chance(dice));
        continue;
      }
      const ActionList legal = s->legal_actions();
      if (legal.size() > 1 && !(m.setup_decision && m.setup_decision(*s))) {
        std::vector<double> scores;
        ASSERT_TRUE(m.make_heuristic(seat, 5)->score_actions(*s, scores)) << m.id;
        EXPECT_EQ(scores.size(), legal.size()) << m.id;
        ++scored;
      }
      s->apply(walk.choose(*s));
    }
    EXPECT_EQ(scored, 5) << m.id;
  }
  EXPECT_EQ(halving_games, 5);  // every game: Pocket Battles, WSR, Rivet Wars, the Planspiel,
                                // Westerplatte
}

// White Star Rising's levels (docs/ai.md "Difficulty levels"): held halving over rollouts of
// the heuristic cut at 20 decisions and valued by the evaluation, at most 200 a decision;
// `ai:hard` the same at 3 s and 600.
TEST(Mcts, NormalAndHardPlayHeldCutRolloutsOfTheHeuristic_Wsr) {
  const GameModule& m = *all_games().find("wsr");
  std::string seat, error;
  MctsConfig c;
  ASSERT_TRUE(resolve_ai_level(&m, "ai:normal", seat, error));
  ASSERT_TRUE(parse_mcts_seat(seat, c, error));
  EXPECT_TRUE(c.plain);
  EXPECT_EQ(make_mcts_player(&m, c, 3)->name(), "mcts:1s:guided:sh8:hold1:cap200");
  ASSERT_TRUE(resolve_ai_level(&m, "ai:hard", seat, error));
  ASSERT_TRUE(parse_mcts_seat(seat, c, error));
  EXPECT_EQ(error, "");
  EXPECT_EQ(make_mcts_player(&m, c, 3)->name(), "mcts:3s:guided:sh8:hold1:cap600");
  EXPECT_EQ(seat_seconds(seat), 3.0);
}

// WSR 5.0: with ":heuristic-steps" the decisions of a stack's move once selected
// (GameModule::step_decision) are the heuristic's, seeded with the decision's seed, and nothing is
// searched; the selection, fire and the other decisions are searched as before. Positions of two
// random Noville games.
TEST(Mcts, StepsOfAMoveLeftToTheHeuristic_WSR5_0) {
  auto game = all_games().create("wsr/noville", {});
  const GameModule& m = *all_games().find("wsr");
  ASSERT_TRUE(m.step_decision);
  MctsConfig steps;
  std::string error;
  ASSERT_TRUE(parse_mcts_seat("mcts:40it:guided:sh8:hold:heuristic-steps", steps, error));
  EXPECT_TRUE(steps.heuristic_steps);
  EXPECT_EQ(make_mcts_player(&m, steps, 1)->name(), "mcts:40it:guided:heuristic-steps:sh8:hold1");
  MctsConfig searched = steps;
  searched.heuristic_steps = false;
  int step_positions = 0, other_positions = 0;
  for (const auto& p : random_positions(*game, 2, 3)) {
    const bool step = m.step_decision(*p);
    if (step ? step_positions >= 4 : other_positions >= 4) continue;
    (step ? step_positions : other_positions)++;
    auto mcts = make_mcts_player(&m, steps, 9);
    const Action chosen = mcts->choose(*p);
    const long long iterations = static_cast<MctsPlayer&>(*mcts).last_stats().iterations;
    if (step) {
      Rng r(9);
      EXPECT_EQ(chosen, m.make_heuristic(p->current_seat(), r.next_u64())->choose(*p));
      EXPECT_EQ(iterations, 0);
      auto full = make_mcts_player(&m, searched, 9);
      full->choose(*p);
      // Searched (sequential halving may leave a rollout of the budget unplayed).
      EXPECT_GT(static_cast<MctsPlayer&>(*full).last_stats().iterations, 30);
    } else {
      EXPECT_GT(iterations, 30);
    }
  }
  EXPECT_EQ(step_positions, 4);
  EXPECT_EQ(other_positions, 4);
}

// Plays one game; returns the winning seat.
int play_pocket(const Game& game, Player& orcs, Player& elves, uint64_t dice_seed) {
  auto s = game.new_initial_state();
  Rng dice(dice_seed);
  Player* players[2] = {&orcs, &elves};
  int n = 0;
  while (!s->is_terminal() && n++ < 20000) {
    const int seat = s->current_seat();
    if (seat == kChance) {
      s->apply(s->sample_chance(dice));
      continue;
    }
    const Action a = players[seat]->choose(*s);
    EXPECT_EQ(s->why_illegal(a), "");
    s->apply(a);
  }
  if (!s->is_terminal()) return -1;
  const Result r = s->result();
  return r.returns[0] > r.returns[1] ? 0 : 1;
}

// MCTS with a small budget beats random play in Pocket Battles: >= 80% of 40 games, sides
// swapped (20 as orcs, 20 as elves), playouts cut at the default 20 decisions.
TEST(Mcts, BeatsRandomInPocket) {
  auto game = pocket_game();
  int wins = 0;
  for (int g = 0; g < 40; ++g) {
    const int mcts_seat = g % 2;
    MctsConfig c = budget(200);
    auto mcts = pocket_mcts(c, static_cast<uint64_t>(1000 + g));
    RandomPlayer random(static_cast<uint64_t>(2000 + g));
    Player& orcs = mcts_seat == 0 ? static_cast<Player&>(*mcts) : random;
    Player& elves = mcts_seat == 1 ? static_cast<Player&>(*mcts) : random;
    if (play_pocket(*game, orcs, elves, static_cast<uint64_t>(3000 + g)) == mcts_seat) ++wins;
  }
  EXPECT_GE(wins, 32) << wins << " of 40";
}

// Dice Race (tests/engine/toy_game.h): red at 14 with a hidden 6 and one roll left this turn,
// blue at 19 (any roll of blue's next turn wins). Revealing the card (DR §4) wins at once; a
// last roll wins with 1 d6 only on a 6 and with 2 d6 only on 6 or more. MCTS must reveal, also
// with a small budget and without an evaluation function (playouts to the end).
TEST(Mcts, PicksTheObviouslyWinningMove_DiceRace) {
  auto game = toy::make_dice_race(20);
  auto s = game->new_initial_state();
  toy::apply_all(*s, {"deal 6", "deal 1", "dice 2", "roll 6 6", "pass",    // red 12
                      "dice 2", "roll 6 6", "dice 2", "roll 3 4", "pass",  // blue 19
                      "dice 1", "roll 1", "dice 1", "roll 1"});            // red 14, 2 rolls
  ASSERT_EQ(s->current_seat(), toy::kRed);
  Action reveal;
  std::string error;
  ASSERT_TRUE(s->parse("reveal", reveal, error)) << error;
  for (uint64_t seed = 1; seed <= 10; ++seed) {
    MctsPlayer p(budget(400), seed, nullptr);
    EXPECT_EQ(p.choose(*s), reveal) << "seed " << seed;
  }
  // Blue sees red's card only after the reveal: blue's determinisations re-deal it. From blue's
  // side, with red about to move, there is nothing to check; but MCTS for blue at the start of
  // its turn at 19 must win at once too (reveal or any roll).
}

// A long time budget with an iteration cap: the iterations still to come are the cap's rest
// (the time left allows far more), so the early stop is deterministic. Early stop
// (MctsConfig::stop_early) ends the search once the most visited root action cannot be
// overtaken; the choice is the full search's (most visits), found in fewer iterations.
MctsConfig capped(long long cap, bool stop_early) {
  MctsConfig c;
  c.seconds = 600;
  c.iteration_cap = cap;
  c.stop_early = stop_early;
  return c;
}

TEST(Mcts, TimedSearchStopsOnceTheChoiceIsMade_DiceRace) {
  auto game = toy::make_dice_race(20);
  auto s = game->new_initial_state();
  toy::apply_all(*s, {"deal 6", "deal 1", "dice 2", "roll 6 6", "pass", "dice 2", "roll 6 6",
                      "dice 2", "roll 3 4", "pass", "dice 1", "roll 1", "dice 1", "roll 1"});
  Action reveal;
  std::string error;
  ASSERT_TRUE(s->parse("reveal", reveal, error)) << error;
  for (uint64_t seed = 1; seed <= 5; ++seed) {
    MctsPlayer early(capped(4000, true), seed, nullptr), full(capped(4000, false), seed, nullptr);
    EXPECT_EQ(early.choose(*s), reveal) << "seed " << seed;
    EXPECT_EQ(full.choose(*s), reveal) << "seed " << seed;
    EXPECT_EQ(full.last_stats().iterations, 4000);
    EXPECT_LT(early.last_stats().iterations, 4000) << "seed " << seed;
    // Stopped when the lead exceeded what was left: the leader's visits exceed the rest's by
    // more than the iterations not run.
    const auto& root = early.last_stats().root;
    double first = 0, second = 0;
    for (const auto& c : root) {
      if (c.visits > first)
        second = first, first = c.visits;
      else if (c.visits > second)
        second = c.visits;
    }
    EXPECT_GT(first - second, 4000 - early.last_stats().iterations) << "seed " << seed;
  }
}

// On Pocket positions (selection to battle) the early-stopping search plays what the full one
// plays, and never runs more iterations.
TEST(Mcts, EarlyStopKeepsTheFullSearchsChoice_Pocket) {
  auto game = pocket_game();
  auto positions = random_positions(*game, 2, 9);
  ASSERT_GE(positions.size(), 10u);
  long long early_total = 0, full_total = 0;
  for (size_t i = 0; i < positions.size(); ++i) {
    MctsConfig e = capped(1500, true), f = capped(1500, false);
    e.heuristic_setup = f.heuristic_setup = false;
    auto early = pocket_mcts(e, 40 + i), full = pocket_mcts(f, 40 + i);
    EXPECT_EQ(early->choose(*positions[i]), full->choose(*positions[i])) << "position " << i;
    EXPECT_LE(early->last_stats().iterations, full->last_stats().iterations);
    early_total += early->last_stats().iterations;
    full_total += full->last_stats().iterations;
  }
  EXPECT_LT(early_total, full_total);
}

// The Pocket Battles evaluation: terminal states give the result; it is symmetric and bounded.
TEST(Mcts, PocketEvaluateIsBoundedAndSymmetric) {
  auto game = pocket_game();
  auto positions = random_positions(*game, 3, 5);
  for (const auto& s : positions) {
    const double a = pocket::PocketEvaluate(*s, 0), b = pocket::PocketEvaluate(*s, 1);
    EXPECT_GE(a, -1.0);
    EXPECT_LE(a, 1.0);
    EXPECT_NEAR(a, -b, 1e-12);
  }
  // A finished game.
  auto s = game->new_initial_state();
  RandomPlayer p(1);
  Rng dice(2);
  while (!s->is_terminal())
    s->apply(s->current_seat() == kChance ? s->sample_chance(dice) : p.choose(*s));
  const Result r = s->result();
  EXPECT_EQ(pocket::PocketEvaluate(*s, 0), r.returns[0]);
  EXPECT_EQ(pocket::PocketEvaluate(*s, 1), r.returns[1]);
}

TEST(Mcts, SeatParser) {
  MctsConfig c;
  std::string error;
  EXPECT_FALSE(parse_mcts_seat("heuristic", c, error));
  EXPECT_FALSE(parse_mcts_seat("mctsx", c, error));
  ASSERT_TRUE(parse_mcts_seat("mcts", c, error));
  EXPECT_EQ(error, "");
  EXPECT_EQ(c.seconds, 1.0);
  EXPECT_EQ(c.iterations, 0);
  ASSERT_TRUE(parse_mcts_seat("mcts:0.5", c, error));
  EXPECT_EQ(error, "");
  EXPECT_EQ(c.seconds, 0.5);
  ASSERT_TRUE(parse_mcts_seat("mcts:2000it", c, error));
  EXPECT_EQ(error, "");
  EXPECT_EQ(c.iterations, 2000);
  EXPECT_EQ(c.playout, PlayoutPolicy::kRandom);
  ASSERT_TRUE(parse_mcts_seat("mcts:0.25:d60", c, error));
  EXPECT_EQ(error, "");
  EXPECT_EQ(c.seconds, 0.25);
  EXPECT_EQ(c.depth, 60);
  ASSERT_TRUE(parse_mcts_seat("mcts:300it:guided", c, error));
  EXPECT_EQ(error, "");
  EXPECT_EQ(c.iterations, 300);
  EXPECT_EQ(c.playout, PlayoutPolicy::kGuided);
  for (const char* bad :
       {"mcts:", "mcts:0", "mcts:-1", "mcts:abc", "mcts:12xit", "mcts:1:2", "mcts:0it"}) {
    EXPECT_TRUE(parse_mcts_seat(bad, c, error)) << bad;
    EXPECT_NE(error, "") << bad;
  }
  ASSERT_TRUE(parse_mcts_seat("mcts:500it:noprior:search-setup", c, error));
  EXPECT_EQ(error, "");
  EXPECT_FALSE(c.prior);
  EXPECT_FALSE(c.heuristic_setup);
  ASSERT_TRUE(parse_mcts_seat("mcts:2:nocap", c, error));
  EXPECT_EQ(error, "");
  EXPECT_EQ(c.iteration_cap, -1);
  ASSERT_TRUE(parse_mcts_seat("mcts:1s:cap5000", c, error));  // as a capped seat names itself
  EXPECT_EQ(error, "");
  EXPECT_EQ(c.iteration_cap, 5000);
  EXPECT_EQ(MctsPlayer(c, 1, nullptr).name(), "mcts:1s:cap5000");
  ASSERT_TRUE(parse_mcts_seat("mcts:0.5:full", c, error));
  EXPECT_EQ(error, "");
  EXPECT_FALSE(c.stop_early);
  EXPECT_EQ(MctsPlayer(c, 1, nullptr).name(), "mcts:0.5s:full");
  ASSERT_TRUE(parse_mcts_seat("mcts:500it:guided:d4:pw10:pt1.5:c0.7", c, error));
  EXPECT_EQ(error, "");
  EXPECT_EQ(c.prior_weight, 10.0);
  EXPECT_EQ(c.prior_temperature, 1.5);
  EXPECT_EQ(c.exploration, 0.7);
  EXPECT_EQ(MctsPlayer(c, 1, nullptr).name(), "mcts:500it:d4:guided:pw10:pt1.5:c0.7");
  ASSERT_TRUE(parse_mcts_seat("mcts:800it:guided:d0:flat:e0", c, error));
  EXPECT_EQ(error, "");
  EXPECT_TRUE(c.flat);
  EXPECT_EQ(c.epsilon, 0.0);
  EXPECT_EQ(MctsPlayer(c, 1, nullptr).name(), "mcts:800it:d0:guided:flat:e0");
  ASSERT_TRUE(parse_mcts_seat("mcts:800it:guided:d0:sh:e0", c, error));
  EXPECT_EQ(error, "");
  EXPECT_TRUE(c.flat);
  EXPECT_TRUE(c.halving);
  EXPECT_EQ(c.halving_width, 8);
  EXPECT_EQ(MctsPlayer(c, 1, nullptr).name(), "mcts:800it:d0:guided:sh8:e0");
  ASSERT_TRUE(parse_mcts_seat("mcts:1s:sh4", c, error));
  EXPECT_EQ(error, "");
  EXPECT_EQ(c.halving_width, 4);
  EXPECT_EQ(c.hold, 0.0);
  ASSERT_TRUE(parse_mcts_seat("mcts:800it:guided:d20:shall:e0:hold", c, error));
  EXPECT_EQ(error, "");
  EXPECT_TRUE(c.halving);
  EXPECT_EQ(c.halving_width, 0);  // every root action
  EXPECT_EQ(MctsPlayer(c, 1, nullptr).name(), "mcts:800it:guided:shall:hold1:e0");
  ASSERT_TRUE(parse_mcts_seat("mcts:800it:guided:d0:sh:e0:hold", c, error));
  EXPECT_EQ(error, "");
  EXPECT_EQ(c.hold, 1.0);
  EXPECT_EQ(MctsPlayer(c, 1, nullptr).name(), "mcts:800it:d0:guided:sh8:hold1:e0");
  ASSERT_TRUE(parse_mcts_seat("mcts:1s:sh:hold2.5", c, error));
  EXPECT_EQ(c.hold, 2.5);
  for (const char* bad : {"mcts:pw", "mcts:pwx", "mcts:c-1", "mcts:pt1e", "mcts:e2", "mcts:e",
                          "mcts:sh1", "mcts:shx", "mcts:sh2.5", "mcts:holdx", "mcts:hold-1"}) {
    EXPECT_TRUE(parse_mcts_seat(bad, c, error)) << bad;
    EXPECT_NE(error, "") << bad;
  }
  c.threads = 2;
  ASSERT_TRUE(parse_mcts_seat("mcts:500it", c, error));  // a seat text gives the whole config
  EXPECT_TRUE(c.prior);
  EXPECT_TRUE(c.heuristic_setup);
  EXPECT_EQ(c.iteration_cap, 0);
  EXPECT_EQ(c.depth, 20);
  EXPECT_EQ(c.playout, PlayoutPolicy::kRandom);
  EXPECT_EQ(c.prior_weight, MctsConfig{}.prior_weight);
  EXPECT_EQ(c.exploration, MctsConfig{}.exploration);
  EXPECT_FALSE(c.flat);
  EXPECT_FALSE(c.halving);
  EXPECT_EQ(c.epsilon, MctsConfig{}.epsilon);
  EXPECT_EQ(c.threads, 2);  // the caller's
  MctsPlayer p(budget(2000), 1, nullptr);
  EXPECT_EQ(p.name(), "mcts:2000it");
  MctsConfig q = budget(2000);
  q.prior = false;
  q.heuristic_setup = false;
  EXPECT_EQ(MctsPlayer(q, 1, nullptr).name(), "mcts:2000it:search-setup:noprior");
}

// ":flat" keeps the tree to the root's actions (flat Monte Carlo: every iteration plays out
// right after its root action), where the full search grows nodes below them.
TEST(Mcts, FlatSearchKeepsOnlyTheRootsActions_Pocket) {
  auto game = pocket_game();
  auto positions = random_positions(*game, 2, 9);
  int checked = 0;
  for (const auto& p : positions) {
    if (static_cast<const pocket::PocketState&>(*p).phase != pocket::kBattle) continue;
    const auto legal = static_cast<long long>(p->legal_actions().size());
    MctsConfig c = budget(400);
    c.flat = true;
    MctsPlayer flat(c, 7, pocket_module_ref().evaluate, pocket_module_ref().make_heuristic);
    flat.choose(*p);
    EXPECT_LE(flat.last_stats().nodes, 1 + legal);
    MctsPlayer full(budget(400), 7, pocket_module_ref().evaluate,
                    pocket_module_ref().make_heuristic);
    full.choose(*p);
    EXPECT_GT(full.last_stats().nodes, 1 + legal);
    ++checked;
  }
  EXPECT_GT(checked, 3);
}

// ":sh" (sequential halving with common random numbers) finds the Dice Race win too, with and
// without an evaluation function.
TEST(Mcts, SequentialHalvingPicksTheObviouslyWinningMove_DiceRace) {
  auto game = toy::make_dice_race(20);
  auto s = game->new_initial_state();
  toy::apply_all(*s, {"deal 6", "deal 1", "dice 2", "roll 6 6", "pass", "dice 2", "roll 6 6",
                      "dice 2", "roll 3 4", "pass", "dice 1", "roll 1", "dice 1", "roll 1"});
  ASSERT_EQ(s->current_seat(), toy::kRed);
  Action reveal;
  std::string error;
  ASSERT_TRUE(s->parse("reveal", reveal, error)) << error;
  for (uint64_t seed = 1; seed <= 10; ++seed) {
    MctsConfig c = budget(200);
    c.flat = c.halving = true;
    MctsPlayer p(c, seed, nullptr);
    EXPECT_EQ(p.choose(*s), reveal) << "seed " << seed;
    EXPECT_EQ(p.last_stats().iterations, 200);
  }
}

// Sequential halving: the heuristic's `halving_width` best root actions share the budget in
// ceil(log2(width)) rounds; every candidate of a round gets the same number of playouts, so
// the kept candidates' playout counts fall into as many levels as there are rounds, the two
// finalists have the most, and the one played has the better mean of the two.
TEST(Mcts, SequentialHalvingSplitsTheBudgetInRounds_Pocket) {
  auto game = pocket_game();
  auto positions = random_positions(*game, 3, 7);
  int checked = 0;
  for (const auto& p : positions) {
    if (static_cast<const pocket::PocketState&>(*p).phase != pocket::kBattle) continue;
    const ActionList legal = p->legal_actions();
    const auto options = std::count_if(legal.begin(), legal.end(),
                                       [&](const Action& a) { return !p->is_concession(a); });
    if (options < 8) continue;
    MctsConfig c = budget(600);
    c.flat = c.halving = true;
    c.halving_width = 8;
    auto mcts = pocket_mcts(c, 5);
    const Action chosen = mcts->choose(*p);
    const MctsStats& st = mcts->last_stats();
    EXPECT_LE(st.iterations, 600);
    EXPECT_GE(st.iterations, 560);  // rounding of the shares loses less than a cycle per round
    std::vector<double> counts;
    const MctsStats::Child* played = nullptr;
    for (const auto& ch : st.root) {
      if (ch.visits > 0) counts.push_back(ch.visits);
      if (ch.action == chosen) played = &ch;
    }
    ASSERT_NE(played, nullptr);
    ASSERT_EQ(counts.size(), 8u);  // the width, every one tried
    std::sort(counts.rbegin(), counts.rend());
    EXPECT_EQ(counts[0], counts[1]);  // the two finalists
    EXPECT_GT(counts[1], counts[2]);  // more than those out after round 2
    EXPECT_GT(counts[3], counts[4]);  // those out after round 2 more than those out after 1
    EXPECT_EQ(counts[4], counts[7]);  // round 1: equal shares
    EXPECT_EQ(played->visits, counts[0]);
    for (const auto& ch : st.root) {
      if (ch.visits == counts[0]) {
        EXPECT_GE(played->mean, ch.mean);
      }
    }
    ++checked;
  }
  EXPECT_GT(checked, 2);
}

// The hold test: a lead counts when it is more than z standard errors of the paired
// differences; a lead as large but as noisy as the values themselves does not.
TEST(Mcts, HoldTestCountsOnlyASignificantPairedLead) {
  const std::vector<double> held = {-1, -1, 1, -1, 1, -1, -1, 1, -1, -1};
  std::vector<double> better = held;  // the same luck, two more games won
  better[0] = better[3] = 1;
  EXPECT_TRUE(beats_by(better, held, 1.0));
  EXPECT_TRUE(beats_by(better, held, 1.4));  // t = 1.5
  EXPECT_FALSE(beats_by(better, held, 1.6));
  EXPECT_FALSE(beats_by(held, better, 0.0));
  // The same two extra wins on other luck: the differences spread over the whole range.
  const std::vector<double> other = {1, 1, -1, 1, -1, -1, 1, -1, -1, 1};
  EXPECT_FALSE(beats_by(other, held, 1.0));
  EXPECT_FALSE(beats_by(held, held, 0.0));                    // no lead at all
  EXPECT_FALSE(beats_by({1.0}, {-1.0}, 0.0));                 // one pair is no evidence
  EXPECT_TRUE(beats_by({1.0, 1.0, 1.0}, {-1, -1, -1}, 5.0));  // no spread, a lead of 2
}

// What sequential halving plays where the playouts tell the candidates nothing (every cut
// valued by noise, seeded by `k`): held (MctsConfig::hold) over the heuristic's 8 best, held over
// every root action (width 0), and unheld over the 8 best; and how many root actions the search
// over all of them tried.
struct NoiseChoices {
  Action held, all, unheld;
  long all_tried = 0;
};
NoiseChoices ChooseOnNoise(const GameModule& m, const State& p, int k) {
  Rng noise(static_cast<uint64_t>(k + 1));
  Evaluator noisy = [&](const State&, int) { return 2 * noise.unit() - 1; };
  MctsConfig c = budget(240);
  c.depth = 1;
  c.flat = c.halving = true;
  c.hold = 3;
  NoiseChoices out;
  MctsPlayer held(c, 11, noisy, m.make_heuristic);
  out.held = held.choose(p);
  c.halving_width = 0;
  MctsPlayer all(c, 11, noisy, m.make_heuristic);
  out.all = all.choose(p);
  out.all_tried = std::count_if(all.last_stats().root.begin(), all.last_stats().root.end(),
                                [](const MctsStats::Child& ch) { return ch.visits > 0; });
  c.halving_width = 8;
  c.hold = 0;
  MctsPlayer unheld(c, 11, noisy, m.make_heuristic);
  out.unheld = unheld.choose(p);
  return out;
}

// Sequential halving holding the heuristic's first choice (MctsConfig::hold): where the
// playouts tell the candidates nothing (every cut valued by noise), the held search plays the
// heuristic's choice; the same search without the hold plays whichever candidate the noise
// favoured.
TEST(Mcts, HeldHalvingPlaysTheHeuristicsChoiceWhereThePlayoutsAreNoise_Pocket) {
  const GameModule& m = pocket_module_ref();
  auto game = pocket_game();
  auto positions = random_positions(*game, 4, 3);
  int checked = 0, held_agrees = 0, unheld_agrees = 0;
  for (const auto& p : positions) {
    const auto& ps = static_cast<const pocket::PocketState&>(*p);
    if (ps.phase != pocket::kBattle) continue;
    const ActionList legal = p->legal_actions();
    if (std::count_if(legal.begin(), legal.end(),
                      [&](const Action& a) { return !p->is_concession(a); }) < 4)
      continue;
    std::vector<double> scores;
    ASSERT_TRUE(m.make_heuristic(p->current_seat(), 5)->score_actions(*p, scores));
    const Action first =
        legal[static_cast<size_t>(std::max_element(scores.begin(), scores.end()) - scores.begin())];
    const NoiseChoices chose = ChooseOnNoise(m, *p, checked);
    held_agrees += chose.held == first;
    unheld_agrees += chose.unheld == first;
    if (++checked == 12) break;
  }
  ASSERT_GE(checked, 8);
  EXPECT_GE(held_agrees, checked - 1);
  EXPECT_LE(unheld_agrees, checked / 2);
}

// The same in Rivet Wars, whose `normal` holds its heuristic's choice too (docs/ai.md "Seats"):
// the heuristic's scores are the prior, so the held candidate is its first choice, also when
// the halving runs over every root action.
TEST(Mcts, HeldHalvingPlaysTheHeuristicsChoiceWhereThePlayoutsAreNoise_Rivet) {
  const GameModule& m = *all_games().find("rivet");
  auto game = all_games().create("rivet/mission-4", {});
  auto positions = random_positions(*game, 2, 9);
  int checked = 0, held_agrees = 0, all_agrees = 0, unheld_agrees = 0;
  for (const auto& p : positions) {
    const ActionList legal = p->legal_actions();
    if (legal.size() < 12) continue;
    std::vector<double> scores;
    ASSERT_TRUE(m.make_heuristic(p->current_seat(), 5)->score_actions(*p, scores));
    const double top = *std::max_element(scores.begin(), scores.end());
    if (std::count(scores.begin(), scores.end(), top) > 1) continue;  // a tie: no first choice
    const Action first =
        legal[static_cast<size_t>(std::max_element(scores.begin(), scores.end()) - scores.begin())];
    const NoiseChoices chose = ChooseOnNoise(m, *p, checked);
    held_agrees += chose.held == first;
    all_agrees += chose.all == first;  // over every root action (":shall"), each one tried
    EXPECT_EQ(chose.all_tried, std::count_if(legal.begin(), legal.end(), [&](const Action& a) {
                return !p->is_concession(a);
              }));
    unheld_agrees += chose.unheld == first;
    if (++checked == 12) break;
  }
  ASSERT_GE(checked, 8);
  EXPECT_GE(held_agrees, checked - 1);
  EXPECT_GE(all_agrees, checked - 1);
  EXPECT_LE(unheld_agrees, checked / 2);
}

// Player::reseed restarts a scored player's draws: it then chooses as a new player with that
// seed (MCTS's common random numbers rely on it).
TEST(Mcts, ReseededHeuristicChoosesAsANewOne_Pocket) {
  auto game = pocket_game();
  auto positions = random_positions(*game, 2, 5);
  for (const auto& p : positions) {
    const int seat = p->current_seat();
    auto fresh = pocket_module_ref().make_heuristic(seat, 77);
    auto reseeded = pocket_module_ref().make_heuristic(seat, 1);
    reseeded->choose(*p);  // draws from seed 1
    reseeded->reseed(77);
    EXPECT_EQ(reseeded->choose(*p), fresh->choose(*p));
  }
}

// PB Aufbau 4 (army selection) is a setup decision (GameModule::setup_decision): the MCTS seat
// lets the game's heuristic make it, seeded with the decision's seed, and searches nothing; with
// ":search-setup" it searches.
TEST(Mcts, SetupDecisionsLeftToTheHeuristic_PocketAufbau4) {
  const GameModule& m = pocket_module_ref();
  ASSERT_TRUE(m.setup_decision);
  auto game = pocket_game();
  auto s = game->new_initial_state();
  ASSERT_TRUE(m.setup_decision(*s));
  for (uint64_t seed : {1u, 2u, 3u}) {
    auto mcts = make_mcts_player(&m, budget(300), seed);
    Rng r(seed);
    auto heuristic = m.make_heuristic(s->current_seat(), r.next_u64());
    EXPECT_EQ(mcts->choose(*s), heuristic->choose(*s)) << "seed " << seed;
    EXPECT_EQ(static_cast<MctsPlayer&>(*mcts).last_stats().iterations, 0);
  }
  MctsConfig c = budget(300);
  c.heuristic_setup = false;
  auto searching = make_mcts_player(&m, c, 1);
  searching->choose(*s);
  EXPECT_EQ(static_cast<MctsPlayer&>(*searching).last_stats().iterations, 300);
  // The battle is searched.
  auto positions = random_positions(*game, 2, 5);
  int battle = 0;
  for (const auto& p : positions) {
    if (static_cast<const pocket::PocketState&>(*p).phase != pocket::kBattle) continue;
    EXPECT_FALSE(m.setup_decision(*p));
    ++battle;
  }
  EXPECT_GT(battle, 5);
}

// The root prior (PUCT): with a flat evaluation (every leaf worth 0) the search cannot prefer
// any action by value, so the root visits follow the prior, and the heuristic's best-scored
// action is the most visited, with more than twice the visits UCB1 gives it without the prior
// (summed over the positions).
TEST(Mcts, RootPriorFollowsTheHeuristicsScores_Pocket) {
  const GameModule& m = pocket_module_ref();
  auto game = pocket_game();
  auto positions = random_positions(*game, 4, 3);
  Evaluator flat = [](const State&, int) { return 0.0; };
  int checked = 0;
  double with_prior = 0, without_prior = 0;  // visits of the favourite over all positions
  for (const auto& p : positions) {
    const auto& ps = static_cast<const pocket::PocketState&>(*p);
    if (ps.phase != pocket::kBattle || p->legal_actions().size() < 4) continue;
    std::vector<double> scores;
    auto h = m.make_heuristic(p->current_seat(), 5);
    ASSERT_TRUE(h->score_actions(*p, scores));
    std::vector<double> sorted = scores;
    std::sort(sorted.rbegin(), sorted.rend());
    if (!(sorted[0] > sorted[1] + 0.5)) continue;  // a clear favourite
    const size_t best =
        static_cast<size_t>(std::max_element(scores.begin(), scores.end()) - scores.begin());
    MctsConfig c = budget(400);
    c.depth = 1;
    MctsPlayer with(c, 11, flat, m.make_heuristic);
    EXPECT_EQ(with.choose(*p), p->legal_actions()[best]) << p->describe(p->legal_actions()[best]);
    c.prior = false;
    MctsPlayer without(c, 11, flat, m.make_heuristic);
    without.choose(*p);
    with_prior += with.last_stats().root[best].visits;
    without_prior += without.last_stats().root[best].visits;
    if (++checked == 10) break;
  }
  EXPECT_GE(checked, 5);
  EXPECT_GT(with_prior, 2 * without_prior);
}

// Guided playouts (the game's heuristic with epsilon random moves) produce legal games too.
TEST(Mcts, GuidedPlayoutsPlayLegalMoves) {
  auto game = pocket_game();
  MctsConfig c = budget(10);
  c.playout = PlayoutPolicy::kGuided;
  auto mcts = pocket_mcts(c, 4);
  RandomPlayer random(5);
  EXPECT_GE(play_pocket(*game, *mcts, random, 6), 0);
}

}  // namespace
}  // namespace feldherr
