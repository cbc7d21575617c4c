// The terminal board of a scenario game (games/wsr/render.cc): header with the cup, the map,
// objectives with control (WSR 12.2), units with their state and support weapons.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "tests/wsr_play/wsr_play_util.h"

namespace feldherr::wsr::testing {
namespace {

using ::testing::HasSubstr;

TEST(WsrBoard, ShowsSetupZoneObjectivesUnitsAndTheCup) {
  Play p("noville");
  std::string b = p.state->render_text(p.seat("us"));
  EXPECT_THAT(b, HasSubstr("WSR-B1 Noville, Belgium  Turn 1/8 (setup, WSR 2.0)"));
  EXPECT_THAT(b, HasSubstr("Objectives (control, WSR 12.2): A-G08=us"));
  EXPECT_THAT(b, HasSubstr("Setup zone of us.paratroopers-1: 507-setup"));
  EXPECT_THAT(b, HasSubstr("Support weapons to assign (1.3.4.1): de.hmg us.bazooka us.hmg"));
  EXPECT_THAT(b, HasSubstr(" W+"));  // a woods hex of the 507th's zone on the map
  p.act("place A-K08");
  p.act("place A-K08");
  b = p.state->render_text(p.seat("us"));
  EXPECT_THAT(b, HasSubstr("U2"));  // two US units in A-K08 on the map
  EXPECT_THAT(b, HasSubstr("A-K08 [woods] ctrl us:\n  us us.paratroopers-1 (us.507)"));
  while (p.state->decision().kind == "setup") p.act("auto-setup");
  b = p.state->render_text(p.seat("us"));
  EXPECT_THAT(b, HasSubstr("Cup: de.beck x1, us.507 x1, us.cca x1, end-turn x2 (drawn 0)"));
  EXPECT_THAT(b, HasSubstr("+us.bazooka"));
  EXPECT_THAT(b, HasSubstr("OBJECTIVE"));
  EXPECT_THAT(b, HasSubstr("Off map (to set up or to arrive): de.shq-beck de.tiger-i"));
  EXPECT_THAT(b, HasSubstr("mounted full hard MF"));  // mech infantry start mounted
}

}  // namespace
}  // namespace feldherr::wsr::testing
