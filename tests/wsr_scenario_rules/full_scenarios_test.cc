// The scenario mechanics in the full basic scenarios as the `wsr` module builds them
// (games/wsr/scenario_game.h: every force, the setup phase, then start_play): after the
// automatic setup, the first activations and entries of the scenario text come next.
#include <gtest/gtest.h>

#include "games/wsr/scenario_game.h"
#include "games/wsr/state.h"

namespace feldherr::wsr::testing {
namespace {

struct Full {
  std::shared_ptr<const WsrGame> game;
  std::unique_ptr<State> state;
  explicit Full(const std::string& id)
      : game(MakeScenarioGame(ShippedData(), LoadShippedScenario(id))),
        state(game->new_initial_state()) {
    int guard = 0;
    while (state->decision().kind == "setup" && ++guard < 8) act("auto-setup");
  }
  WsrState& s() { return static_cast<WsrState&>(*state); }
  void act(const std::string& text) {
    Action a;
    std::string err;
    ASSERT_TRUE(state->parse(text, a, err)) << text << ": " << err;
    ASSERT_EQ(state->why_illegal(a), "") << text;
    state->apply(a);
    // WSR 10.0: both sides decline the fate window after a roll or draw.
    while (!s().steps.empty() && s().top().kind == kStepFate) act("no-fate");
  }
  int formation(const char* id) const { return game->formation_index(id); }
  int legal_count(int verb) {
    int n = 0;
    for (const Action& a : state->legal_actions()) n += a.verb == verb;
    return n;
  }
};

TEST(WsrScenarioRules, WSR_B2_FullScenario_UsOpensWith2_16) {
  Full p("le-hauderie");
  while (!p.s().steps.empty() && p.s().top().kind == kStepCommand) p.act("roll 1 1");
  EXPECT_EQ(p.s().active_formation(), p.formation("us.2-16"));
  EXPECT_EQ(p.s().cup[static_cast<size_t>(p.formation("us.2-16"))], 0);
}

TEST(WsrScenarioRules, WSR_B3_FullScenario_107OpensAndEntersBySouthEdge) {
  Full p("vierville");
  ASSERT_EQ(p.s().active_formation(), p.formation("de.107"));
  EXPECT_EQ(p.s().cup[static_cast<size_t>(p.formation("de.107"))], 1);
  EXPECT_EQ(p.s().cup[static_cast<size_t>(p.formation("de.beck"))], 0);
  EXPECT_GT(p.legal_count(kEnter), 0);
}

TEST(WsrScenarioRules, WSR_B4_FullScenario_UsDecidesTheOpeningActivation) {
  Full p("koeln");
  ASSERT_EQ(!p.s().steps.empty() ? p.s().top().kind : -1, kStepFirstActivation);
  EXPECT_EQ(p.state->current_seat(), p.game->seat_index("us"));
  EXPECT_EQ(p.legal_count(kFirstActivation), 1);
  EXPECT_EQ(p.legal_count(kDecline), 1);
}

TEST(WsrScenarioRules, WSR_B1_FullScenario_BeckRollsForItsSecondElement) {
  Full p("noville");
  ASSERT_EQ(p.s().top().kind, kStepDraw);
  p.act("draw de.beck");
  EXPECT_EQ(p.s().top().kind, kStepEntryRoll);
}

}  // namespace
}  // namespace feldherr::wsr::testing
