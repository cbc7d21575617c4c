// Planspiel fire data (data/planspiel/weapons.toml): the shipped file loads with its provenance,
// and every malformed file gives DataError "FILE:LINE: message" naming the field.
#include "games/planspiel/fire_data.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

#include "engine/errors.h"
#include "planspiel_test_util.h"

namespace feldherr::planspiel {
namespace {

std::string Path() {
  return testing::DataDir() + "/weapons.toml";
}

TEST(PlanspielFireData, PS_8_9_MinimumCalibreAndPS_8_11_ResistanceTables) {
  const FireData d = load_fire_data(Path());
  const auto mc = [&](const char* p) { return d.minimum_calibre(p); };
  EXPECT_EQ(mc("light")->direct_mm, 20);
  EXPECT_EQ(mc("light")->indirect_mm, 75);
  EXPECT_EQ(mc("medium")->direct_mm, 45);
  EXPECT_EQ(mc("medium")->indirect_mm, 150);
  EXPECT_EQ(mc("heavy")->direct_mm, 75);
  EXPECT_EQ(mc("heavy")->indirect_mm, 200);
  EXPECT_EQ(mc("super-heavy")->direct_mm, 75);  // G-25
  EXPECT_EQ(mc("super-heavy")->indirect_mm, 300);
  EXPECT_EQ(mc("engineer-bridge")->direct_mm, 37);
  EXPECT_EQ(mc("wooden-bridge")->indirect_mm, 150);
  EXPECT_EQ(mc("steel-bridge")->direct_mm, 200);
  EXPECT_EQ(d.resistance("light")->value, 0);
  EXPECT_EQ(d.resistance("medium")->value, -1);
  EXPECT_EQ(d.resistance("heavy")->value, -2);
  EXPECT_EQ(d.resistance("super-heavy")->value, -3);
  EXPECT_EQ(d.resistance("engineer-bridge")->value, 0);
  EXPECT_EQ(d.resistance("wooden-bridge")->value, -1);
  EXPECT_EQ(d.resistance("steel-bridge")->value, -2);
  EXPECT_EQ(d.resistance("no-such"), nullptr);
}

// The range table is the lexicon's; only the readings G-25 and G-26 are stand-ins.
TEST(PlanspielFireData, StandInsAreExactlyTheReadings) {
  const FireData d = load_fire_data(Path());
  for (const RangeRow& r : d.ranges) EXPECT_EQ(r.provenance, Provenance::kRulesText) << r.id;
  for (const MinimumCalibreRow& r : d.minimum_calibres) {
    const Provenance want =
        r.protection == "super-heavy" ? Provenance::kStandIn : Provenance::kRulesText;
    EXPECT_EQ(r.direct_provenance, want) << r.protection;
    EXPECT_EQ(r.indirect_provenance, want) << r.protection;
  }
  for (const ResistanceRow& r : d.resistances) {
    const bool g26 =
        r.protection == "light" || r.protection == "heavy" || r.protection == "super-heavy";
    EXPECT_EQ(r.provenance, g26 ? Provenance::kStandIn : Provenance::kRulesText) << r.protection;
  }
}

TEST(PlanspielFireData, ShippedDataIsTheTestedFile) {
  EXPECT_EQ(shipped_fire_data().ranges.size(), load_fire_data(Path()).ranges.size());
}

class PlanspielBadFireFile : public ::testing::Test {
 protected:
  static std::string Shipped() {
    std::ifstream in(Path());
    return std::string(std::istreambuf_iterator<char>(in), {});
  }
  static std::string Replace(const std::string& from, const std::string& to) {
    std::string t = Shipped();
    const size_t at = t.find(from);
    EXPECT_NE(at, std::string::npos) << from;
    if (at != std::string::npos) t.replace(at, from.size(), to);
    return t;
  }
  static int LineOf(const std::string& what) {
    const std::string t = Shipped();
    const size_t at = t.find(what);
    EXPECT_NE(at, std::string::npos) << what;
    int line = 1;
    for (size_t i = 0; i < at && i < t.size(); ++i) line += t[i] == '\n';
    return line;
  }
  static std::string Error(const std::string& text) {
    return testing::LoadError("bad.toml", text,
                              [](const std::string& p) { (void)load_fire_data(p); });
  }
  static void Expect(const std::string& text, const std::string& message) {
    const std::string e = Error(text);
    EXPECT_NE(e.find(message), std::string::npos) << "error: " << e << "\nwanted: " << message;
  }
  static std::string L(const std::string& what) {
    return "bad.toml:" + std::to_string(LineOf(what));
  }
};

TEST_F(PlanspielBadFireFile, ShippedFileIsAccepted) {
  EXPECT_EQ(Error(Shipped()), "");
}

TEST_F(PlanspielBadFireFile, RangeErrorsNameTheField) {
  Expect(Replace("flat = 1\n", "flat = \"x\"\n"),
         L("flat = 1\n") + ": field 'flat' must be a range in LE or \"-\" (is 'x')");
  Expect(Replace("flat = 1\n", "flat = 1.5\n"),
         L("flat = 1\n") +
             ": field 'flat' must be a range in LE or \"-\", not a floating-point number");
  Expect(Replace("high_angle = 40", "high_angle = 61"),
         L("high_angle = 40") + ": field 'high_angle' must be between 0 and 60 (is 61)");
  Expect(Replace("kind = \"infantry\"", "kind = \"sword\""),
         L("kind = \"infantry\"") +
             ": unknown kind 'sword' (known: infantry, machine-gun, tank-or-at-gun, aa-gun, "
             "mortar, light-gun, howitzer, field-gun)");
  Expect(Replace("id = \"smg\"", "id = \"infanterie\""),
         L("id = \"smg\"") + ": duplicate range row 'infanterie'");
  Expect(Replace("id = \"smg\"", "id = \"S MG\""),
         L("id = \"smg\"") + ": field 'id' must be lower-case letters, digits and '-' (is 'S MG')");
  Expect(
      Replace("name = \"Infanterie\"\n", "name = \"Infanterie\"\ncolour = 1\n"),
      "bad.toml:" + std::to_string(LineOf("name = \"Infanterie\"") + 1) +
          ": unknown field 'colour' in [[range]] (allowed: id, name, kind, flat, high_angle, air, "
          "provenance)");
  Expect(Replace("name = \"Infanterie\"\n", ""),
         L("[[range]]") + ": missing field 'name' in [[range]] 'infanterie'");
  Expect(Replace("flat = 1\n", "flat = \"-\"\n"),
         L("[[range]]") + ": range row 'infanterie' has no range at all");
}

TEST_F(PlanspielBadFireFile, ProvenanceErrorsNameTheField) {
  Expect(Replace("air = \"-\"\nprovenance = \"rules-text\"", "air = \"-\"\nprovenance = \"guess\""),
         "bad.toml:" + std::to_string(LineOf("air = \"-\"\nprovenance = \"rules-text\"") + 1) +
             ": unknown provenance 'guess' of range row 'infanterie' (known: printed, rules-text, "
             "rules-example, public-unverified, stand-in)");
  Expect(Replace("provenance = { direct = \"rules-text\", indirect = \"rules-text\" }",
                 "provenance = \"rules-text\""),
         L("provenance = { direct = \"rules-text\", indirect = \"rules-text\" }") +
             ": field 'provenance' must be a table { direct = ..., indirect = ... }, not a string");
  Expect(Replace("provenance = { direct = \"rules-text\", indirect = \"rules-text\" }",
                 "provenance = { direct = \"rules-text\" }"),
         ": missing field 'indirect' in [[minimum_calibre]] 'light' provenance");
}

TEST_F(PlanspielBadFireFile, TablesMustCoverEveryArmourClass) {
  Expect(Replace("protection = \"super-heavy\"\ndirect", "protection = \"heaviest\"\ndirect"),
         ": no [[minimum_calibre]] for protection 'super-heavy'");
  Expect(Replace("protection = \"heavy\"\nvalue = -2", "protection = \"medium\"\nvalue = -2"),
         L("protection = \"heavy\"\nvalue = -2") + ": duplicate resistance for 'medium'");
  Expect(Replace("value = -1\n", "value = 1\n"),
         L("value = -1\n") + ": field 'value' must be between -6 and 0 (is 1)");
  Expect(Replace("direct = 45", "direct = 0"),
         L("direct = 45") + ": field 'direct' must be between 1 and 1000 (is 0)");
  Expect("[[range]]\nid = 1\n", "bad.toml:2: field 'id' must be a string, not an integer");
  Expect("range = 3\n", "bad.toml:1: field 'range' must be an array of tables ([[range]])");
  Expect("[[range]\n", "bad.toml:1: TOML syntax error");
}

}  // namespace
}  // namespace feldherr::planspiel
