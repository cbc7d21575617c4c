// The scored-candidates player (engine/scored_player.h) on the Dice Race fixture game.
#include "engine/scored_player.h"

#include <gtest/gtest.h>

#include <limits>
#include <memory>

#include "tests/engine/toy_game.h"

namespace feldherr {
namespace toy {
namespace {

// A Dice Race position whose determinisations offer one action fewer than the position itself
// (as a game whose hidden information hid an option from the deciding seat would).
class NarrowView : public DiceRaceState {
 public:
  NarrowView(const DiceRaceState& s, bool view) : DiceRaceState(s), view_(view) {}
  void legal_actions(ActionList& out) const override {
    DiceRaceState::legal_actions(out);
    if (view_ && out.size() > 1) out.erase(out.begin());
  }
  std::unique_ptr<State> determinize(int /*seat*/, Rng& /*rng*/) const override {
    return std::make_unique<NarrowView>(*this, true);
  }

 private:
  bool view_;
};

// The first position of the race where a player chooses among two actions or more.
std::unique_ptr<State> FirstChoice(const Game& game) {
  auto s = game.new_initial_state();
  Rng rng(3);
  while (!s->is_terminal()) {
    if (s->current_seat() != kChance && s->legal_actions().size() >= 2) return s;
    s->apply(s->current_seat() == kChance ? s->sample_chance(rng) : s->legal_actions().front());
  }
  return nullptr;
}

constexpr double kWorst = -std::numeric_limits<double>::infinity();

// Every action of the position is scored when its determinisation offers the same ones; an
// action the determinisation does not offer is never given to the scorer and scores worst, with
// a scorer of one action at a time and with a batch scorer alike.
TEST(ScoredPlayer, ScoresExactlyTheActionsTheDeterminisationOffers) {
  auto game = make_dice_race();
  const auto start = FirstChoice(*game);
  ASSERT_NE(start, nullptr);
  const auto& race = static_cast<const DiceRaceState&>(*start);
  const ActionList legal = start->legal_actions();
  for (const bool narrow : {false, true}) {
    const NarrowView position(race, false);
    const State& s = narrow ? static_cast<const State&>(position) : race;
    int scored = 0;
    ScoredPlayer one(
        "one", [&](const State&, const Action&, Rng&) { return ++scored, 1.0; }, 1);
    ScoredPlayer batch(
        "batch",
        [&](const State&, const ActionList& actions, std::vector<double>& scores, Rng&) {
          scored += static_cast<int>(actions.size());
          for (double& x : scores) x += 1.0;  // the scores come zeroed
        },
        1);
    for (ScoredPlayer* p : {&one, &batch}) {
      scored = 0;
      const Action chosen = p->choose(s);
      ASSERT_EQ(p->last_actions(), legal);
      EXPECT_EQ(scored, static_cast<int>(legal.size()) - (narrow ? 1 : 0)) << p->name();
      EXPECT_EQ(p->last_scores().front(), narrow ? kWorst : 1.0) << p->name();
      for (size_t i = 1; i < legal.size(); ++i) EXPECT_EQ(p->last_scores()[i], 1.0) << p->name();
      if (narrow) {
        EXPECT_NE(chosen, legal.front()) << p->name();
      }
    }
  }
}

}  // namespace
}  // namespace toy
}  // namespace feldherr
