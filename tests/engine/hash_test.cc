// Hasher (engine/hash.h): the same values on every platform (replays store hashes).
#include "engine/hash.h"

#include <gtest/gtest.h>

#include <set>
#include <string>

namespace feldherr {
namespace {

// splitmix64 seeded with 0 yields 0xe220a8397b1dcdaf first; its output is mix(golden gamma).
TEST(Hasher, MixIsTheSplitmix64Finaliser) {
  EXPECT_EQ(Hasher::mix(0x9e3779b97f4a7c15ULL), 0xe220a8397b1dcdafULL);
  EXPECT_EQ(Hasher::mix(0), 0u);
}

// Pinned values: a change breaks every stored replay's hash lines.
TEST(Hasher, PinnedValues) {
  EXPECT_EQ(Hasher().value(), 0x492b8d6066c09227ULL);
  EXPECT_EQ(Hasher().add(uint64_t{1}).value(), 0x17ac40a4d64a5eecULL);
  EXPECT_EQ(Hasher().add(uint64_t{1}).add(uint64_t{2}).add(uint64_t{3}).value(),
            0xcb41662ae8fb5060ULL);
  EXPECT_EQ(Hasher().add(std::string_view("feldherr")).value(), 0xe405ff67382a11f1ULL);
  EXPECT_EQ(Hasher().add_signed(-5).value(), 0x8c8958809d369cf9ULL);
}

TEST(Hasher, SameInputSameHash) {
  auto h = [] { return Hasher().add(uint64_t{42}).add(std::string_view("x")).add_signed(-1); };
  EXPECT_EQ(h().value(), h().value());
  Hasher a = h();
  EXPECT_EQ(a.value(), a.value());  // value() does not change the hasher
}

TEST(Hasher, OrderMatters) {
  EXPECT_NE(Hasher().add(uint64_t{1}).add(uint64_t{2}).value(),
            Hasher().add(uint64_t{2}).add(uint64_t{1}).value());
}

// Strings are length-prefixed, so concatenation boundaries are part of the hash.
TEST(Hasher, StringBoundariesMatter) {
  EXPECT_NE(Hasher().add(std::string_view("ab")).add(std::string_view("c")).value(),
            Hasher().add(std::string_view("a")).add(std::string_view("bc")).value());
  EXPECT_NE(Hasher().add(std::string_view("")).value(), Hasher().value());
}

TEST(Hasher, SignedAndUnsignedAgreeOnTheBitPattern) {
  EXPECT_EQ(Hasher().add_signed(-1).value(), Hasher().add(~uint64_t{0}).value());
  EXPECT_EQ(Hasher().add_signed(7).value(), Hasher().add(uint64_t{7}).value());
}

TEST(Hasher, SmallInputsDoNotCollide) {
  std::set<uint64_t> seen;
  for (uint64_t a = 0; a < 64; ++a)
    for (uint64_t b = 0; b < 64; ++b) seen.insert(Hasher().add(a).add(b).value());
  EXPECT_EQ(seen.size(), 64u * 64u);
}

}  // namespace
}  // namespace feldherr
