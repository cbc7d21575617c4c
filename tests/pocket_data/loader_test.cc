// load_army(): parsing, and every malformed file rejected with "FILE:LINE: message"
// (games/pocket/data.h, docs/pocket-data.md).
#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

#include "engine/errors.h"
#include "games/pocket/data.h"

namespace feldherr::pocket {
namespace {

// A valid two-troop army; line numbers below refer to this text.
constexpr const char* kValid =
    "[army]\n"                          // 1
    "id = \"test\"\n"                   // 2
    "name = \"Test\"\n"                 // 3
    "name_de = \"Test\"\n"              // 4
    "note = \"\"\n"                     // 5
    "\n"                                // 6
    "[[troop]]\n"                       // 7
    "id = \"test.guard\"\n"             // 8
    "name = \"Guard\"\n"                // 9
    "name_de = \"Wächter\"\n"           // 10
    "count = 2\n"                       // 11
    "combat_dice = [3, 4]\n"            // 12
    "shooting_dice = []\n"              // 13
    "traits = [\"swift\", \"heal\"]\n"  // 14
    "dp = 6\n"                          // 15
    "fv = 3\n"                          // 16
    "lp = 2\n"                          // 17
    "provenance = { name = \"printed\", name_de = \"rules-text\", count = \"rules-example\", "
    "combat_dice = \"public-unverified\", shooting_dice = \"stand-in\", traits = \"stand-in\", "
    "dp = \"stand-in\", fv = \"stand-in\", lp = \"stand-in\" }\n"  // 18
    "\n"                                                           // 19
    "[[troop]]\n"                                                  // 20
    "id = \"test.scout\"\n"                                        // 21
    "name = \"Scout\"\n"                                           // 22
    "name_de = \"Späher\"\n"                                       // 23
    "count = 1\n"                                                  // 24
    "combat_dice = []\n"                                           // 25
    "shooting_dice = [\n"                                          // 26
    "  5,\n"                                                       // 27
    "  6,\n"                                                       // 28
    "]\n"                                                          // 29
    "traits = []\n"                                                // 30
    "dp = 4\n"                                                     // 31
    "fv = \"*\"\n"                                                 // 32
    "lp = \"none\"\n"                                              // 33
    "[troop.provenance]\n"                                         // 34
    "name = \"stand-in\"\n"                                        // 35
    "name_de = \"stand-in\"\n"                                     // 36
    "count = \"stand-in\"\n"                                       // 37
    "combat_dice = \"stand-in\"\n"                                 // 38
    "shooting_dice = \"stand-in\"\n"                               // 39
    "traits = \"stand-in\"\n"                                      // 40
    "dp = \"stand-in\"\n"                                          // 41
    "fv = \"stand-in\"\n"                                          // 42
    "lp = \"stand-in\"\n";                                         // 43

// A temporary file named after the running test (tests may run in parallel processes).
class TempFile {
 public:
  explicit TempFile(const std::string& text) {
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    path_ = (std::filesystem::temp_directory_path() /
             ("feldherr_pocket_data_" + std::string(info->name()) + "_" + std::to_string(getpid()) +
              "_" + std::to_string(counter_++) + ".toml"))
                .string();
    std::ofstream out(path_, std::ios::binary);
    out << text;
  }
  ~TempFile() {
    std::error_code ec;
    std::filesystem::remove(path_, ec);
  }
  const std::string& path() const { return path_; }

 private:
  static inline int counter_ = 0;
  std::string path_;
};

// Replaces the first occurrence of `from` (which must exist) by `to`.
std::string Edit(const std::string& text, const std::string& from, const std::string& to) {
  const size_t at = text.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  if (at == std::string::npos) return text;
  return text.substr(0, at) + to + text.substr(at + from.size());
}

// Loads `text` and returns the DataError message, or "" if it loaded.
std::string ErrorOf(const std::string& text, std::string* path_out = nullptr) {
  TempFile file(text);
  if (path_out != nullptr) *path_out = file.path();
  try {
    load_army(file.path());
  } catch (const DataError& e) {
    return e.what();
  }
  return "";
}

// Expects `text` to fail at `line` with a message containing `message`.
void ExpectError(const std::string& text, int line, const std::string& message) {
  std::string path;
  const std::string error = ErrorOf(text, &path);
  const std::string prefix = path + ":" + std::to_string(line) + ": ";
  EXPECT_EQ(error.substr(0, prefix.size()), prefix) << error;
  EXPECT_NE(error.find(message), std::string::npos) << error;
}

TEST(PocketLoader, ValidFileLoadsEveryField) {
  TempFile file(kValid);
  const Army army = load_army(file.path());
  EXPECT_EQ(army.id, "test");
  EXPECT_EQ(army.name, "Test");
  EXPECT_EQ(army.file, file.path());
  ASSERT_EQ(army.troops.size(), 2u);
  EXPECT_EQ(army.tiles(), 3);

  const TroopType& guard = army.troops[0];
  EXPECT_EQ(guard.id, "test.guard");
  EXPECT_EQ(guard.name, "Guard");
  EXPECT_EQ(guard.name_de, "Wächter");
  EXPECT_EQ(guard.count, 2);
  EXPECT_EQ(guard.combat_dice, (std::vector<int>{3, 4}));
  EXPECT_TRUE(guard.shooting_dice.empty());
  EXPECT_EQ(guard.traits, (std::vector<Trait>{Trait::kSwift, Trait::kHeal}));
  EXPECT_EQ(guard.dp, 6);
  EXPECT_EQ(guard.fv, 3);
  EXPECT_EQ(guard.lp, 2);
  const std::vector<std::pair<std::string, Provenance>> provenance = {
      {"name", Provenance::kPrinted},
      {"name_de", Provenance::kRulesText},
      {"count", Provenance::kRulesExample},
      {"combat_dice", Provenance::kPublicUnverified},
      {"shooting_dice", Provenance::kStandIn},
      {"traits", Provenance::kStandIn},
      {"dp", Provenance::kStandIn},
      {"fv", Provenance::kStandIn},
      {"lp", Provenance::kStandIn}};
  EXPECT_EQ(guard.provenance, provenance);

  const TroopType& scout = army.troops[1];
  EXPECT_EQ(scout.shooting_dice, (std::vector<int>{5, 6}));
  EXPECT_EQ(scout.fv, kStarFV);  // "*" (PB §12)
  EXPECT_EQ(scout.lp, kNoLP);    // "none" (PB §12)
  EXPECT_TRUE(scout.traits.empty());
  EXPECT_EQ(scout.provenance.size(), 9u);  // sub-table [troop.provenance] works as well
}

TEST(PocketLoader, TraitNamesRoundTripAndOnlyRegenerateAndHealAreSpecial) {
  for (int i = 0; i < kNumTraits; ++i) {
    const Trait t = static_cast<Trait>(i);
    Trait back{};
    ASSERT_TRUE(trait_from_name(trait_name(t), back));
    EXPECT_EQ(back, t);
  }
  EXPECT_STREQ(trait_name(Trait::kRegenerate), "regenerate");
  EXPECT_STREQ(trait_name(Trait::kHeal), "heal");
  EXPECT_STREQ(trait_name(Trait::kSwift), "swift");
  EXPECT_STREQ(trait_name(Trait::kLongRange), "long-range");
  Trait unused = Trait::kSwift;
  EXPECT_FALSE(trait_from_name("flying", unused));
  EXPECT_FALSE(trait_from_name("", unused));
  EXPECT_EQ(unused, Trait::kSwift);
  // PB Aktion 6: special traits need their own order; the others apply inside other actions.
  EXPECT_TRUE(trait_is_special(Trait::kRegenerate));
  EXPECT_TRUE(trait_is_special(Trait::kHeal));
  EXPECT_FALSE(trait_is_special(Trait::kSwift));
  EXPECT_FALSE(trait_is_special(Trait::kLongRange));
}

// PB Gefecht 2 / Beschießen 2: hits count the printed dice showing the rolled face.
TEST(PocketLoader, MatchesCountPrintedDiceShowingTheFace) {
  TroopType t;
  t.combat_dice = {3, 3, 5};
  t.shooting_dice = {6};
  t.traits = {Trait::kLongRange};
  EXPECT_EQ(t.combat_matches(3), 2);
  EXPECT_EQ(t.combat_matches(5), 1);
  EXPECT_EQ(t.combat_matches(6), 0);
  EXPECT_EQ(t.shooting_matches(6), 1);
  EXPECT_EQ(t.shooting_matches(3), 0);
  EXPECT_TRUE(t.has(Trait::kLongRange));
  EXPECT_FALSE(t.has(Trait::kSwift));
}

TEST(PocketLoader, SyntaxErrorGivesTheParserPosition) {
  ExpectError(Edit(kValid, "dp = 6\n", "dp = = 6\n"), 15, "TOML syntax error");
  ExpectError(Edit(kValid, "count = 1\n", "count = 1\ncount = 2\n"), 25, "TOML syntax error");
  ExpectError(Edit(kValid, "  6,\n", "  6,,\n"), 28, "TOML syntax error");
}

TEST(PocketLoader, MissingFieldGivesTheTableLine) {
  ExpectError(Edit(kValid, "dp = 6\n", ""), 7, "missing field 'dp' in [[troop]] 'test.guard'");
  ExpectError(Edit(kValid, "lp = \"none\"\n", ""), 20, "missing field 'lp'");
  ExpectError(Edit(kValid, "id = \"test.scout\"\n", ""), 20, "missing field 'id'");
  ExpectError(Edit(kValid, "note = \"\"\n", ""), 1, "missing field 'note' in [army]");
  ExpectError(Edit(kValid, "provenance = {", "provenance_x = {"), 18, "unknown field");
}

TEST(PocketLoader, MissingArmyOrTroopsGivesLine1) {
  const std::string valid = kValid;
  const std::string troops_only = valid.substr(valid.find("[[troop]]"));
  ExpectError(troops_only, 1, "missing [army] table");
  const std::string army_only = valid.substr(0, valid.find("[[troop]]"));
  ExpectError(army_only, 1, "missing [[troop]] tables");
  ExpectError("", 1, "missing [army] table");
}

TEST(PocketLoader, UnknownFieldGivesTheKeyLine) {
  ExpectError(Edit(kValid, "fv = 3\n", "fv = 3\nspeed = 4\n"), 17, "unknown field 'speed'");
  ExpectError(Edit(kValid, "note = \"\"\n", "note = \"\"\nsize = 1\n"), 6,
              "unknown field 'size' in [army]");
  ExpectError(std::string(kValid) + "[extra]\n", 44, "unknown field 'extra' at the top level");
  ExpectError(Edit(kValid, "lp = \"stand-in\"\n", "lp = \"stand-in\"\nspeed = \"printed\"\n"), 44,
              "unknown field 'speed' in 'provenance'");
}

TEST(PocketLoader, WrongTypeGivesTheValueLine) {
  ExpectError(Edit(kValid, "dp = 6\n", "dp = \"6\"\n"), 15,
              "'dp' must be an integer, not a string");
  ExpectError(Edit(kValid, "dp = 6\n", "dp = 6.0\n"), 15, "not a floating-point number");
  ExpectError(Edit(kValid, "count = 2\n", "count = true\n"), 11, "not a boolean");
  ExpectError(Edit(kValid, "name = \"Guard\"\n", "name = 5\n"), 9, "'name' must be a string");
  ExpectError(Edit(kValid, "combat_dice = [3, 4]\n", "combat_dice = 3\n"), 12,
              "'combat_dice' must be an array, not an integer");
  ExpectError(Edit(kValid, "traits = [\"swift\", \"heal\"]\n", "traits = \"swift\"\n"), 14,
              "'traits' must be an array");
  ExpectError(Edit(kValid, "traits = [\"swift\", \"heal\"]\n", "traits = [1]\n"), 14,
              "must hold trait names");
  ExpectError(Edit(kValid, "combat_dice = [3, 4]\n", "combat_dice = [3, \"4\"]\n"), 12,
              "must hold die faces 1..6, not a string");
  const std::string valid = kValid;
  ExpectError("army = 1\n" + valid.substr(valid.find("[[troop]]")), 1, "'army' must be a table");
  ExpectError(Edit(kValid, "dp = \"stand-in\"\n", "dp = 3\n"), 41,
              "'provenance.dp' must be a string");
  ExpectError(Edit(kValid, "provenance = {", "provenance = 1 #"), 18,
              "'provenance' must be a table");
}

TEST(PocketLoader, TroopMustBeAnArrayOfTables) {
  const std::string valid = kValid;
  const std::string army_only = valid.substr(0, valid.find("[[troop]]"));
  // Top-level keys must come before the [army] table header.
  ExpectError("troop = 3\n" + army_only, 1, "'troop' must be an array of tables");
  ExpectError("\ntroop = [1]\n" + army_only, 2, "each troop must be a table");
  ExpectError("troop = []\n" + army_only, 1, "'troop' holds no troops");
}

TEST(PocketLoader, DieFaceOutside1To6GivesTheElementLine) {
  ExpectError(Edit(kValid, "combat_dice = [3, 4]\n", "combat_dice = [3, 7]\n"), 12,
              "die face 7 in 'combat_dice' is outside 1..6");
  ExpectError(Edit(kValid, "combat_dice = [3, 4]\n", "combat_dice = [0]\n"), 12,
              "die face 0 in 'combat_dice' is outside 1..6");
  ExpectError(Edit(kValid, "  6,\n", "  -6,\n"), 28, "die face -6 in 'shooting_dice'");
  ExpectError(Edit(kValid, "combat_dice = [3, 4]\n",
                   "combat_dice = [1, 2, 3, 4, 5, 6, 1, 2, 3, 4, 5, 6, 1]\n"),
              12, "more than 12 dice");
}

TEST(PocketLoader, DPBelow1IsRejected) {
  ExpectError(Edit(kValid, "dp = 6\n", "dp = 0\n"), 15, "'dp' must be between 1 and 1000 (is 0)");
  ExpectError(Edit(kValid, "dp = 4\n", "dp = -2\n"), 31, "'dp' must be between 1 and 1000");
  ExpectError(Edit(kValid, "dp = 6\n", "dp = 9223372036854775807\n"), 15,
              "(is 9223372036854775807)");
}

TEST(PocketLoader, CountBelow1IsRejected) {
  ExpectError(Edit(kValid, "count = 2\n", "count = 0\n"), 11, "'count' must be between 1 and");
  ExpectError(Edit(kValid, "count = 1\n", "count = -1\n"), 24, "'count' must be between 1 and");
  ExpectError(Edit(kValid, "count = 1\n", "count = 1001\n"), 24, "'count' must be between 1 and");
}

TEST(PocketLoader, InvalidFVAndLPAreRejected) {
  ExpectError(Edit(kValid, "fv = 3\n", "fv = 0\n"), 16, "'fv' must be between 1 and");
  ExpectError(Edit(kValid, "fv = 3\n", "fv = \"**\"\n"), 16,
              "'fv' must be an integer >= 1 or \"*\" (is \"**\")");
  ExpectError(Edit(kValid, "fv = \"*\"\n", "fv = \"none\"\n"), 32, "'fv' must be an integer >= 1");
  ExpectError(Edit(kValid, "fv = 3\n", "fv = 2.5\n"), 16, "not a floating-point number");
  ExpectError(Edit(kValid, "lp = 2\n", "lp = 0\n"), 17, "'lp' must be between 1 and");
  ExpectError(Edit(kValid, "lp = \"none\"\n", "lp = \"*\"\n"), 33,
              "'lp' must be an integer >= 1 or \"none\"");
  ExpectError(Edit(kValid, "lp = 2\n", "lp = []\n"), 17, "not an array");
}

TEST(PocketLoader, UnknownOrDuplicateTraitIsRejected) {
  ExpectError(
      Edit(kValid, "traits = [\"swift\", \"heal\"]\n", "traits = [\"swift\", \"flying\"]\n"), 14,
      "unknown trait 'flying'");
  ExpectError(Edit(kValid, "traits = [\"swift\", \"heal\"]\n", "traits = [\"swift\", \"swift\"]\n"),
              14, "duplicate trait 'swift'");
  ExpectError(Edit(kValid, "traits = []\n", "traits = [\n\"Swift\"\n]\n"), 31,
              "unknown trait 'Swift'");
}

TEST(PocketLoader, MissingProvenanceIsRejected) {
  // One field missing from an inline provenance table: the table's line.
  ExpectError(Edit(kValid, "dp = \"stand-in\", fv", "fv"), 18, "missing provenance for field 'dp'");
  // From a [troop.provenance] sub-table: the sub-table's header line.
  ExpectError(Edit(kValid, "name_de = \"stand-in\"\n", ""), 34,
              "missing provenance for field 'name_de'");
  // No provenance at all: the [[troop]] line.
  const std::string valid = kValid;
  const size_t at = valid.find("provenance = {");
  ExpectError(valid.substr(0, at) + valid.substr(valid.find('\n', at) + 1), 7,
              "missing field 'provenance' in [[troop]] 'test.guard'");
}

TEST(PocketLoader, UnknownProvenanceValueIsRejected) {
  ExpectError(Edit(kValid, "fv = \"stand-in\"", "fv = \"verified\""), 18,
              "unknown provenance 'verified' for field 'fv'");
  ExpectError(Edit(kValid, "name = \"printed\"", "name = \"Printed\""), 18,
              "unknown provenance 'Printed' for field 'name'");
}

TEST(PocketLoader, DuplicateIdGivesTheSecondIdLine) {
  ExpectError(Edit(kValid, "id = \"test.scout\"", "id = \"test.guard\""), 21,
              "duplicate troop id 'test.guard' (first defined at line 8)");
}

TEST(PocketLoader, IdsMustBeSlugsAndTroopIdsCarryTheArmyPrefix) {
  ExpectError(Edit(kValid, "id = \"test.scout\"", "id = \"other.scout\""), 21,
              "troop id 'other.scout' must be 'test.' followed by");
  ExpectError(Edit(kValid, "id = \"test.scout\"", "id = \"test.\""), 21, "troop id 'test.'");
  ExpectError(Edit(kValid, "id = \"test.scout\"", "id = \"test.Scout\""), 21, "troop id");
  ExpectError(Edit(kValid, "id = \"test\"", "id = \"../test\""), 2, "army id '../test'");
  ExpectError(Edit(kValid, "name = \"Scout\"", "name = \"\""), 22, "'name' must not be empty");
}

TEST(PocketLoader, UnreadableFilesAreDataErrors) {
  const std::string missing =
      (std::filesystem::temp_directory_path() / "feldherr_pocket_data_no_such_file.toml").string();
  try {
    load_army(missing);
    FAIL() << "loaded a missing file";
  } catch (const DataError& e) {
    EXPECT_EQ(std::string(e.what()), missing + ": cannot open file (no such file)");
  }
  const std::string dir = std::filesystem::temp_directory_path().string();
  EXPECT_THROW(load_army(dir), DataError);
  // Invalid UTF-8 and NUL bytes are syntax errors, not crashes.
  ExpectError(Edit(kValid, "Späher", "Sp\xff\xfeher"), 23, "TOML syntax error");
  ExpectError(Edit(kValid, "note = \"\"", std::string("note = \"\0\"", 10)), 5,
              "TOML syntax error");
}

// toml++ 3.3.0 has undefined behaviour when it asks whether most characters of U+00A1..U+0499
// are whitespace, e.g. after a line-ending backslash in a multi-line string; the loader shields
// it and gives the characters back unchanged (games/pocket/data.cc).
TEST(PocketLoader, NonAsciiTextIsReadBackUnchanged) {
  TempFile file(Edit(Edit(kValid, "name = \"Scout\"", "name = \"\"\"Sc\\\n  äöü ÿ Ж ぁ ﻼ\"\"\""),
                     "name_de = \"Späher\"", "name_de = 'Waldläufer \u3000 \uFEFF'"));
  const Army army = load_army(file.path());
  EXPECT_EQ(army.troops[1].name, "Scäöü ÿ Ж ぁ ﻼ");
  EXPECT_EQ(army.troops[1].name_de, "Waldläufer \u3000 \uFEFF");
  EXPECT_EQ(army.troops[0].name_de, "Wächter");
  // The same characters outside strings are syntax errors at their line, quoted unchanged.
  const std::string error = ErrorOf(Edit(kValid, "dp = 4\n", "dp = 4ä\n"));
  EXPECT_NE(error.find(":31: TOML syntax error"), std::string::npos) << error;
  EXPECT_NE(error.find("'ä'"), std::string::npos) << error;
  ExpectError(Edit(kValid, "fv = 3\n", "fv = 3 # Ärger\nkäse = 1\n"), 17, "TOML syntax error");
  ExpectError(Edit(kValid, "traits = []\n", "traits = [\"schnäll\"]\n"), 30,
              "unknown trait 'schnäll'");
}

TEST(PocketLoader, PrivateUseCharactersAreRejected) {
  ExpectError(Edit(kValid, "Späher", "Sp\uE000her"), 23, "private-use character U+E000");
  // Private-use characters the loader does not use are ordinary text.
  TempFile file(Edit(kValid, "Späher", "Sp\uF8FFher"));
  EXPECT_EQ(load_army(file.path()).troops[1].name_de, "Sp\uF8FFher");
}

// A fuzz-style property: any mutation of a valid file either loads or throws DataError with a
// "FILE:LINE: " prefix; nothing else escapes and nothing crashes.
RC_GTEST_PROP(PocketLoader, MutatedFilesLoadOrFailWithAPosition, ()) {
  std::string text = kValid;
  const int edits = *rc::gen::inRange(1, 6);
  for (int i = 0; i < edits; ++i) {
    const size_t at = *rc::gen::inRange<size_t>(0, text.size());
    switch (*rc::gen::inRange(0, 4)) {
      case 0:
        text[at] = *rc::gen::arbitrary<char>();
        break;
      case 1:
        text.erase(at, *rc::gen::inRange<size_t>(1, 20));
        break;
      case 2:
        text.insert(at, *rc::gen::element<std::string>("[", "]", "\"", "=", "\n", "7", "-1", "{",
                                                       "}", ",", "\"*\"", "[[troop]]\n"));
        break;
      default:
        text = text.substr(0, at);
        break;
    }
  }
  std::string path;
  const std::string error = ErrorOf(text, &path);
  if (!error.empty()) {
    RC_ASSERT(error.rfind(path + ":", 0) == 0u);
    const std::string rest = error.substr(path.size() + 1);
    RC_ASSERT(!rest.empty() && rest[0] >= '1' && rest[0] <= '9');
    RC_ASSERT(rest.find(": ") != std::string::npos);
  }
}

}  // namespace
}  // namespace feldherr::pocket
