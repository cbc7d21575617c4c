// engine/fair_dice.h on libsodium: SHA-256 (FIPS 180-4 test vectors), the random secrets and
// tokens (random_hex), and the dice derivation of docs/protocol.md "Dice", pinned to values
// computed independently (Python's hashlib) so that committed dice and existing server replays
// keep verifying.
#include "engine/fair_dice.h"

#include <gtest/gtest.h>

#include <set>
#include <string>

namespace feldherr {
namespace {

TEST(FairDiceSha256, MatchesTheFipsTestVectors) {
  EXPECT_EQ(sha256_hex(""), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  EXPECT_EQ(sha256_hex("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  EXPECT_EQ(sha256_hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"),
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
  EXPECT_EQ(sha256_hex(std::string(1000000, 'a')),
            "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
  // The padding boundary (55: one block, 56: two blocks, 64: a full block); Python's hashlib.
  EXPECT_EQ(sha256_hex(std::string(55, 'a')),
            "9f4390f8d30c2dd92ec9f095b65e2b9ae9b0a925a5258e241c9f1e910f734318");
  EXPECT_EQ(sha256_hex(std::string(56, 'a')),
            "b35439a4ac6f0948b6d6f9e3c6af0f5f590ce20f1bde7090ef7970686ec6738a");
  EXPECT_EQ(sha256_hex(std::string(64, 'a')),
            "ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb");
}

// seed_n = first 8 bytes (big-endian) of SHA-256(S || "feldherr-dice" || n as 8 bytes BE):
// the expected values are Python's
//   int.from_bytes(hashlib.sha256(S + b"feldherr-dice" + n.to_bytes(8, "big")).digest()[:8], "big")
TEST(FairDiceDerivation, SeedsAreThePublishedDerivation) {
  const std::string ones(32, '\1');
  EXPECT_EQ(dice_seed(ones, 1), 0xe59cb16e81a4f83dULL);
  EXPECT_EQ(dice_seed(ones, 5), 0xb8510d2d8ec3dbd4ULL);
  std::string counting;
  for (int i = 0; i < 32; ++i) counting += static_cast<char>(i);
  EXPECT_EQ(dice_seed(counting, 1000), 0x6c4a6a3f54bc637aULL);
  // The commitment is SHA-256 of the secret's bytes, given as hex.
  EXPECT_EQ(dice_commitment("000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f"),
            "630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd");
}

TEST(FairDiceRandom, RandomHexGivesTheAskedBytesAsLowercaseHex) {
  EXPECT_EQ(random_hex(0), "");
  for (int bytes : {1, 8, 16, 32}) {
    const std::string hex = random_hex(bytes);
    EXPECT_EQ(hex.size(), static_cast<size_t>(2 * bytes));
    EXPECT_EQ(hex.find_first_not_of("0123456789abcdef"), std::string::npos) << hex;
  }
  EXPECT_THROW(random_hex(-1), std::invalid_argument);
}

// 1,000 draws of 16 bytes: a repeat would mean a broken generator (chance 2^-108).
TEST(FairDiceRandom, TokensAndSecretsDoNotRepeat) {
  std::set<std::string> seen;
  for (int i = 0; i < 1000; ++i) EXPECT_TRUE(seen.insert(random_hex(16)).second);
  const std::string a = new_dice_secret_hex(), b = new_dice_secret_hex();
  EXPECT_EQ(a.size(), 64u);
  EXPECT_NE(a, b);
}

// Every byte value occurs in 64 KiB of output (a generator stuck on a few values fails).
TEST(FairDiceRandom, RandomBytesCoverEveryByteValue) {
  std::vector<uint8_t> buf(65536);
  random_bytes(buf.data(), buf.size());
  std::set<uint8_t> values(buf.begin(), buf.end());
  EXPECT_EQ(values.size(), 256u);
}

}  // namespace
}  // namespace feldherr
