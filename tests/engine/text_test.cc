// The texts a player reads in two languages (engine/text.h).
#include "engine/text.h"

#include <gtest/gtest.h>

namespace feldherr {
namespace {

// A German reader reads "81,3 %" where an English one reads "81.3%"; the rule ids beside the
// number ("WSR 6.1") and whole numbers stay as they are.
TEST(Say, GermanNumbersHaveADecimalComma) {
  const Text t =
      say("no hit {0:.1f}%, expected {1:.2f} ({2}, WSR 6.1)",
          "kein Treffer {0:.1Lf}\u00a0%, erwartet {1:.2Lf} ({2}, WSR 6.1)", 81.34, 1.0, 12345);
  EXPECT_EQ(t.en, "no hit 81.3%, expected 1.00 (12345, WSR 6.1)");
  EXPECT_EQ(t.de, "kein Treffer 81,3\u00a0%, erwartet 1,00 (12345, WSR 6.1)");
}

// An exact tie rounds to even in both languages (fmt), as the web's bars do (web i18n.ts).
TEST(Say, AnExactTieRoundsToEven) {
  const Text t = say("{0:.1f}", "{0:.1Lf}", 81.25);
  EXPECT_EQ(t.en, "81.2");
  EXPECT_EQ(t.de, "81,2");
}

}  // namespace
}  // namespace feldherr
