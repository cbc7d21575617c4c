// GameModule::luck for WSR (games/wsr/luck.cc, `feldherr replay --luck`): the exact expected and
// the actual hits and saves of the T-6.1-1 fire combat (WSR 6.1): the Easy Eight rolls 3 dice
// hitting on 4+ (expected 1.5 hits), the Panther in woods saves with 4 dice on 5+.
#include <gtest/gtest.h>

#include "games/wsr/module.h"
#include "tests/wsr_rules/wsr_rules_util.h"

namespace feldherr::wsr::testing {
namespace {

TEST(WsrLuck, WSR_6_1_T_6_1_1_ExpectedAndActualHitsAndSaves) {
  Pos p(MakeSetup({{"us.cca", 0, 1}, {"de.beck", 1, 1}},
                  {U("us.hq-cca", "A-L02", "us.cca"), U("us.infantry", "A-L02", "us.cca"),
                   U("us.m4a3e8", "A-K01", "us.cca"), U("de.hq-beck", "A-S10", "de.beck"),
                   U("de.infantry", "A-S10", "de.beck"), U("de.panther", "A-G01", "de.beck")}));
  p.act("draw us.cca");
  while (p.state->decision().kind == "roll" && !p.s().fire_chance()) p.act("roll 1 1");
  p.act("fire us.m4a3e8 de.panther");
  auto hits = WsrLuck(*p.state, p.parse("roll 6 4 3"));
  ASSERT_TRUE(hits.has_value());
  EXPECT_EQ(hits->seat, 0);  // us
  EXPECT_EQ(hits->what, "hits");
  EXPECT_NEAR(hits->expected, 1.5, 1e-12);  // 3 dice x P(4+) = 1/2
  EXPECT_EQ(hits->actual, 2);
  p.act("roll 6 4 3");
  auto saves = WsrLuck(*p.state, p.parse("roll 3 2 4 6"));
  ASSERT_TRUE(saves.has_value());
  EXPECT_EQ(saves->seat, 1);  // de
  EXPECT_EQ(saves->what, "saves");
  // E[min(2, Bin(4, 1/3))] = 1 - P(0) + 1 - P(0) - P(1) = 2 - 2 (2/3)^4 - 4 (1/3)(2/3)^3.
  const double q0 = 16.0 / 81.0, q1 = 32.0 / 81.0;
  EXPECT_NEAR(saves->expected, 2 - 2 * q0 - q1, 1e-12);
  EXPECT_EQ(saves->actual, 1);
  // Not an attack roll: the command test of the next impulse counts nothing.
  EXPECT_FALSE(WsrLuck(*p.state, p.parse("no-opfire")).has_value());
}

}  // namespace
}  // namespace feldherr::wsr::testing
