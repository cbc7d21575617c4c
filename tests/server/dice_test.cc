// Provably fair dice (docs/protocol.md "Dice"): the secrets, their commitments and the
// derivation of the rolls (the SHA-256 test vectors are in tests/engine/fair_dice_test.cc).
#include <gtest/gtest.h>

#include "engine/fair_dice.h"

namespace feldherr {
namespace {

TEST(FairDice, SecretsAreFreshAndCommitmentsAreTheirHash) {
  std::string a = new_dice_secret_hex(), b = new_dice_secret_hex();
  EXPECT_EQ(a.size(), 64u);
  EXPECT_NE(a, b);
  std::string bytes;
  ASSERT_TRUE(from_hex(a, bytes));
  EXPECT_EQ(dice_commitment(a), sha256_hex(bytes));
  EXPECT_EQ(dice_commitment("xyz"), "");
}

TEST(FairDice, SeedsDependOnSecretAndActionNumberOnly) {
  std::string s1(32, '\1'), s2(32, '\2');
  EXPECT_EQ(dice_seed(s1, 5), dice_seed(s1, 5));
  EXPECT_NE(dice_seed(s1, 5), dice_seed(s1, 6));
  EXPECT_NE(dice_seed(s1, 5), dice_seed(s2, 5));
}

}  // namespace
}  // namespace feldherr
