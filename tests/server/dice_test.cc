// Provably fair dice (docs/protocol.md "Dice"): SHA-256 test vectors (FIPS 180-4 examples) and
// the derivation of the rolls.
#include <gtest/gtest.h>

#include "engine/fair_dice.h"

namespace feldherr {
namespace {

TEST(FairDice, Sha256MatchesTheFipsTestVectors) {
  EXPECT_EQ(sha256_hex(""), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  EXPECT_EQ(sha256_hex("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  EXPECT_EQ(sha256_hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"),
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
  EXPECT_EQ(sha256_hex(std::string(1000000, 'a')),
            "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
  // Lengths at the padding boundary (55: one block, 56: two blocks, 64: a full block); the
  // expected digests are Python's hashlib.sha256.
  EXPECT_EQ(sha256_hex(std::string(55, 'a')),
            "9f4390f8d30c2dd92ec9f095b65e2b9ae9b0a925a5258e241c9f1e910f734318");
  EXPECT_EQ(sha256_hex(std::string(56, 'a')),
            "b35439a4ac6f0948b6d6f9e3c6af0f5f590ce20f1bde7090ef7970686ec6738a");
  EXPECT_EQ(sha256_hex(std::string(64, 'a')),
            "ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb");
}

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
