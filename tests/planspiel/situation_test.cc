// Planspiel situation data (games/planspiel/situation.h): the shipped PS-1 loads with its forces,
// time, objectives and outcome list (scenarios §3.3-§3.5, G-01, G-53), every value with its
// provenance; every malformed file gives DataError "FILE:LINE: message" naming the field.
#include "games/planspiel/situation.h"

#include <gtest/gtest.h>

#include <fstream>
#include <iterator>
#include <string>

#include "games/planspiel/module.h"
#include "planspiel_test_util.h"

namespace feldherr::planspiel {
namespace {

using testing::DataDir;

std::string Shipped() {
  std::ifstream in(DataDir() + "/situation-ps1.toml");
  return std::string(std::istreambuf_iterator<char>(in), {});
}

Situation LoadPs1() {
  return load_situation(DataDir() + "/situation-ps1.toml", shipped_unit_types(),
                        shipped_planspiel_boards());
}

TEST(PlanspielSituation, S_1_Ps1ForcesTimeAndVictory) {
  const Situation s = LoadPs1();
  EXPECT_EQ(s.id, "ps-1");
  EXPECT_EQ(s.board, "ps-1");
  EXPECT_EQ(s.start_cycle_turn, 5);
  EXPECT_EQ(s.game_turns, 12);
  EXPECT_EQ(s.first_mover, kPartyRed);
  EXPECT_EQ(s.dug_in, (std::vector<Field>{{4, 4}, {7, 4}}));
  ASSERT_EQ(s.units.size(), 10u);
  int red = 0, blue = 0;
  for (const SituationUnit& u : s.units) (u.party == kPartyRed ? red : blue)++;
  EXPECT_EQ(red, 5);
  EXPECT_EQ(blue, 5);
  const auto unit = [&](const std::string& id) -> const SituationUnit& {
    for (const SituationUnit& u : s.units)
      if (u.id == id) return u;
    throw std::logic_error(id);
  };
  EXPECT_EQ(unit("B-P1").type, "PAK37");
  EXPECT_TRUE(unit("B-P1").camouflaged);
  EXPECT_EQ(unit("B-I3").arrives, 5);
  EXPECT_EQ(unit("B-I3").field, (Field{5, 0}));
  EXPECT_EQ(unit("R-T1").type, "PZII");
  EXPECT_EQ(unit("R-T1").field, (Field{5, 9}));
  ASSERT_EQ(s.objectives.size(), 1u);
  EXPECT_EQ(s.objectives[0].fields, (std::vector<Field>{{5, 3}, {6, 3}}));
  EXPECT_EQ(s.objectives[0].controller, (std::vector<int>{kPartyBlue, kPartyBlue}));
  ASSERT_EQ(s.outcomes.size(), 5u);
  EXPECT_EQ(s.outcomes[0].winner, kPartyRed);
  EXPECT_EQ(s.outcomes[0].when[0].min, 2);
  EXPECT_EQ(s.outcomes[2].when[0].kind, Condition::Kind::kFewerLosses);
  EXPECT_EQ(s.outcomes[4].winner, -1);
  EXPECT_TRUE(s.outcomes[4].when.empty());
}

// G-53: the lexicon has no situations; every value is designed for them (stand-in).
TEST(PlanspielSituation, EveryValueHasItsProvenance) {
  const Situation s = LoadPs1();
  EXPECT_EQ(s.provenance.size(), 5u);
  for (const SituationUnit& u : s.units) {
    EXPECT_GE(u.provenance.size(), 3u) << u.id;
    for (const auto& [k, p] : u.provenance) EXPECT_EQ(p, Provenance::kStandIn) << u.id << " " << k;
  }
}

TEST(PlanspielSituation, ValidateDispatchesByName) {
  EXPECT_NO_THROW(validate_data_file(DataDir() + "/situation-ps1.toml"));
}

std::string Bad(const std::string& from, const std::string& to) {
  return testing::BadSituation(Shipped(), from, to);
}

int LineOf(const std::string& what) {
  return testing::LineIn(Shipped(), what);
}

// Scenarios §4.2, §4.4: the objective sets carry the place names a player reads, in English and
// German (PS-2's crossing is the "Übergang" of its outcome text); a set without names reads its id.
TEST(PlanspielSituation, S_2_ObjectivesCarryTheirPlaceNames) {
  const Situation s = load_situation(DataDir() + "/situation-ps2.toml", shipped_unit_types(),
                                     shipped_planspiel_boards());
  ASSERT_EQ(s.objectives.size(), 2u);
  EXPECT_EQ(s.objectives[0].name, "Brückendorf");
  EXPECT_EQ(s.objectives[0].name_de, "Brückendorf");
  EXPECT_EQ(s.objectives[1].name, "Crossing");
  EXPECT_EQ(s.objectives[1].name_de, "Übergang");
  EXPECT_EQ(LoadPs1().objectives[0].name, "Gutshof");
  std::string text = Shipped();
  text.replace(text.find("name = \"Gutshof\"\n"), std::string("name = \"Gutshof\"\n").size(), "");
  const std::string path = ::testing::TempDir() + "situation-unnamed.toml";
  std::ofstream(path) << text;
  const Situation unnamed = load_situation(path, shipped_unit_types(), shipped_planspiel_boards());
  EXPECT_EQ(unnamed.objectives[0].name, "gutshof");
  EXPECT_EQ(unnamed.objectives[0].name_de, "gutshof");
  const std::string e = Bad("name = \"Gutshof\"", "name = 3");
  EXPECT_NE(e.find(":" + std::to_string(LineOf("name = \"Gutshof\"")) + ": field 'name'"),
            std::string::npos)
      << e;
}

TEST(PlanspielBadSituation, UnknownFieldNamesItsLine) {
  const std::string e = Bad("first_mover = \"red\"", "first_mover = \"red\"\ncolour = 3");
  EXPECT_NE(e.find(":" + std::to_string(LineOf("first_mover") + 1) + ": unknown field 'colour'"),
            std::string::npos)
      << e;
}

TEST(PlanspielBadSituation, UnknownUnitType) {
  const std::string e = Bad("type = \"PZII\"", "type = \"PZ9\"");
  EXPECT_NE(
      e.find(":" + std::to_string(LineOf("type = \"PZII\"")) + ": field 'type' names no unit"),
      std::string::npos)
      << e;
}

TEST(PlanspielBadSituation, FieldOffTheBoardOrImpassable) {
  EXPECT_NE(Bad("field = \"5,9\"", "field = \"5,19\"").find("off the board"), std::string::npos);
  EXPECT_NE(Bad("field = \"5,9\"", "field = \"6,3\"").find("cannot stand in 6,3"),
            std::string::npos);
  EXPECT_NE(Bad("field = \"5,9\"", "field = \"x\"").find("must be \"x,y\""), std::string::npos);
}

TEST(PlanspielBadSituation, ReinforcementOffTheEdge) {
  EXPECT_NE(Bad("field = \"5,0\"", "field = \"5,1\"").find("edge field"), std::string::npos);
  EXPECT_NE(Bad("arrives = 5", "arrives = 13").find("between 1 and 12"), std::string::npos);
}

TEST(PlanspielBadSituation, NightTurnsAndParties) {
  EXPECT_NE(Bad("game_turns = 12", "game_turns = 13").find("night turn"), std::string::npos);
  EXPECT_NE(Bad("first_mover = \"red\"", "first_mover = \"green\"").find("\"red\" or \"blue\""),
            std::string::npos);
}

TEST(PlanspielBadSituation, DuplicateIdAndMissingProvenance) {
  EXPECT_NE(Bad("id = \"B-H1\"", "id = \"B-I1\"").find("duplicate unit id 'B-I1'"),
            std::string::npos);
  EXPECT_NE(Bad("provenance = { party = \"stand-in\", type = \"stand-in\", field = \"stand-in\" }",
                "provenance = { party = \"stand-in\", type = \"stand-in\" }")
                .find("value 'field'"),
            std::string::npos);
  EXPECT_NE(Bad("result = \"stand-in\", when", "result = \"guess\", when")
                .find("unknown provenance 'guess'"),
            std::string::npos);
}

TEST(PlanspielBadSituation, OutcomeListEndsUnconditionallyAndNamesKnownSets) {
  EXPECT_NE(Bad("when = []", "when = [{ fewer_losses = \"red\" }]").find("last [[outcome]]"),
            std::string::npos);
  EXPECT_NE(Bad("set = \"gutshof\", min = 2 }]\nprovenance = { result = \"stand-in\", when = "
                "\"stand-in\" }\n\n[[outcome]]\nresult = \"blue\"",
                "set = \"farm\", min = 2 }]\nprovenance = { result = \"stand-in\", when = "
                "\"stand-in\" }\n\n[[outcome]]\nresult = \"blue\"")
                .find("names no [[objective]]"),
            std::string::npos);
  EXPECT_NE(Bad("controller = [\"blue\", \"blue\"]", "controller = [\"blue\"]")
                .find("one controller per field"),
            std::string::npos);
}

}  // namespace
}  // namespace feldherr::planspiel
