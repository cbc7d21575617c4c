// Hidden information in Pocket Battles (PB Aufbau 4-6): the troops a player picks and forms are
// secret until the stacks are revealed, so the other seat and observers read the selection and
// formation prompts without them (State::decision_for).
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "tests/pocket/pocket_test_util.h"

namespace feldherr::pocket::testing {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

TEST(PocketHidden, PB_Aufbau4_TheOpponentReadsTheSelectionPromptWithoutThePointsUsed) {
  Battle orc;  // the test armies: a 3-DP orc, a 2-DP goblin archer
  orc.act("pick orcs.orc");
  Battle archer;
  archer.act("pick orcs.goblin-archer");
  // The picker sees his own points (PB Aufbau 4)...
  EXPECT_THAT(orc.state->decision_for(kOrcs).prompt, HasSubstr("DP used"));
  // ...the elves and an observer read one prompt whatever was picked.
  for (int viewer : {kElves, kObserver}) {
    const std::string prompt = orc.state->decision_for(viewer).prompt;
    EXPECT_THAT(prompt, Not(HasSubstr("DP")));
    EXPECT_EQ(prompt, archer.state->decision_for(viewer).prompt);
    EXPECT_EQ(prompt, "orcs: pick a troop or say done (PB Aufbau 4)");
  }
}

TEST(PocketHidden, PB_Aufbau5_TheOpponentIsNotToldWhichTroopIsBeingFormed) {
  Battle b;
  for (const char* t :
       {"pick orcs.orc", "pick orcs.goblin-archer", "done", "pick elves.fighter", "done"})
    b.act(t);
  ASSERT_EQ(b.state->phase, kForm);
  EXPECT_THAT(b.state->decision_for(kOrcs).prompt, HasSubstr("put orcs.orc into"));
  for (int viewer : {kElves, kObserver})
    EXPECT_EQ(b.state->decision_for(viewer).prompt,
              "orcs: put a troop into a new unit or an existing one (PB Aufbau 5)");
}

}  // namespace
}  // namespace feldherr::pocket::testing
