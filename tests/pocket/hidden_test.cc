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
    EXPECT_EQ(prompt, "Orcs: pick a troop or say done (PB Aufbau 4)");
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
              "Orcs: put a troop into a new unit or an existing one (PB Aufbau 5)");
}

// PB Wunden 2 (A19): which own unit gives up an order marker is an open decision; the order
// markers on the units are on the table, so every viewer reads the same prompt and the other
// seat learns the choice from the event like any other allocation.
TEST(PocketHidden, PB_Wunden2_EveryViewerReadsTheSameMarkerSourcePrompt) {
  Battle b;
  int o = b.unit_abs(kOrcs, {kBrute}, kFront, 1);
  int e = b.unit_abs(kElves, {kMountedGuard}, kFront, 1);
  int e2 = b.unit_abs(kElves, {kFighter}, kRear, 1);
  int e3 = b.unit_abs(kElves, {kFighter}, kRear, 0);
  b.contact(o, e);
  b.start(kOrcs, kOrcs);
  b.state->players[kElves].pool = 0;
  b.state->players[kElves].passed = 2;
  b.state->units[static_cast<size_t>(e2)].orders = 2;
  b.state->units[static_cast<size_t>(e3)].orders = 2;
  b.state->units[static_cast<size_t>(o)].flags |= kContactAtStart;
  for (const char* t : {"continue o1 e1", "roll 5", "wound e1.mounted-guard"}) b.act(t);
  ASSERT_EQ(b.state->decision().kind, "wound-marker");
  const std::string prompt = b.state->decision_for(kElves).prompt;
  EXPECT_THAT(prompt, HasSubstr("mounted-guard (e1)"));
  for (int viewer : {kOrcs, kObserver}) EXPECT_EQ(b.state->decision_for(viewer).prompt, prompt);
  b.act("marker-from e3");
  EXPECT_EQ(event_text(b.events.back(), kOrcs), b.events.back().text);
  EXPECT_THAT(b.events.back().text, HasSubstr("order markers on e3"));
}

}  // namespace
}  // namespace feldherr::pocket::testing
