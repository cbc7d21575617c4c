// Rivet Wars data layer (games/rivet/data.h, board.h): the shipped files load and hold what the
// rules reference and the content document say (docs/rules/rivet.md, rivet-content.md);
// malformed files give FILE:LINE errors.
#include "games/rivet/data.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "engine/errors.h"
#include "games/rivet/board.h"

namespace feldherr::rivet {
namespace {

const std::string kDir = std::string(FELDHERR_SOURCE_DIR) + "/data/rivet";

const RivetData& Data() {
  static const RivetData d = load_rivet_data(kDir);
  return d;
}

const UnitType& Unit(const std::string& id) {
  const int i = Data().unit_index(id);
  EXPECT_GE(i, 0) << id;
  return Data().units[static_cast<size_t>(i)];
}

// RW §1: 16 stat cards, 8 per side, with the miniature counts of the component list.
TEST(RivetData, Rw1_SixteenUnitCardsWithMiniatureCounts) {
  ASSERT_EQ(Data().units.size(), 16u);
  int allies = 0, minis[2] = {0, 0};
  for (const UnitType& u : Data().units) {
    allies += u.faction == kAllies;
    minis[u.faction] += u.miniatures;
  }
  EXPECT_EQ(allies, 8);
  EXPECT_EQ(minis[kAllies], 19);  // RW §1: 19 per side
  EXPECT_EQ(minis[kBismark], 19);
  EXPECT_EQ(Unit("rifleman").miniatures, 9);
  EXPECT_EQ(Unit("panzerfaust").miniatures, 9);
}

// RW §14.1 / R2: the rulebook's example card (Parman) and the RW §15 data set.
TEST(RivetData, Rw14_1_ParmanExampleCard) {
  const UnitType& p = Unit("parman");
  EXPECT_EQ(p.cost, 3);
  EXPECT_EQ(p.rivets, 1);
  EXPECT_EQ(p.move, 3);
  EXPECT_EQ(p.hp, 2);
  EXPECT_EQ(p.range_ground, 1);
  EXPECT_EQ(p.range_air, 0);
  EXPECT_TRUE(p.hero);
  ASSERT_EQ(p.weapons.size(), 1u);
  EXPECT_EQ(p.weapons[0].attacks, 1);
  EXPECT_EQ(p.weapons[0].dice, (std::array<int, 5>{3, 2, 1, 0, 0}));
  ASSERT_EQ(p.abilities.size(), 1u);
  EXPECT_EQ(p.abilities[0].kind, AbilityKind::kRapidAssault);
  EXPECT_TRUE(p.abilities[0].buff);
  EXPECT_EQ(p.abilities[0].x, 3);
  EXPECT_EQ(p.provenance.at("cost"), Provenance::kRulesText);
  EXPECT_EQ(p.provenance.at("armour"), Provenance::kPublicUnverified);
  EXPECT_EQ(p.provenance.at("base_fields"), Provenance::kStandIn);
}

// RW §15 public-unverified values, content D-3 (Sturmpanzer armour 3, public value 4 kept).
TEST(RivetData, Rw15_PublicDataSetAndDecisions) {
  const UnitType& s = Unit("sturmpanzer");
  EXPECT_EQ(s.armour, 3);
  EXPECT_EQ(s.armour_public_value, 4);
  EXPECT_EQ(s.ability(AbilityKind::kTankShock), 2);
  EXPECT_EQ(s.ability(AbilityKind::kDash), 2);
  EXPECT_TRUE(s.has(AbilityKind::kImmuneToGas));
  EXPECT_EQ(s.weapons[0].attacks, 2);
  EXPECT_EQ(s.provenance.at("cost"), Provenance::kPublicUnverified);
  const UnitType& bolster = Unit("m2_wolverine");
  EXPECT_EQ(bolster.ability(AbilityKind::kBolsterDefense), 1);
  EXPECT_TRUE(bolster.abilities[0].buff);
  const UnitType& patston = Unit("patston");
  EXPECT_TRUE(patston.is_plug());
  EXPECT_EQ(patston.move, kHost);
  EXPECT_TRUE(patston.abilities[0].plus);
  EXPECT_TRUE(Unit("hammer_65_pounder").weapons[0].deviates);
  EXPECT_EQ(Unit("hammer_65_pounder").weapons[0].rules, kFlatGrid);
  EXPECT_EQ(Unit("monowheel_dragoon").weapons[0].rules, kChainGrid);
  EXPECT_EQ(Unit("baron_tankken").weapons[0].rules, kGas);
  EXPECT_EQ(Unit("der_cyclops").weapons[0].range_ground, 3);
  EXPECT_EQ(Unit("jaeger_erwin_koenig").ability(AbilityKind::kRangeGround), 1);
}

// RW §1: 9 double-sided tiles = 18 faces of 6x6 fields.
TEST(RivetData, Rw1_EighteenTileFaces) {
  ASSERT_EQ(Data().faces.size(), 18u);
  const TileFace* f = Data().face("4B");
  ASSERT_NE(f, nullptr);
  EXPECT_TRUE(f->duckboard(0, 2));   // plank road
  EXPECT_FALSE(f->duckboard(0, 0));  // crater
}

// RW §12: the ten missions with their resources and victory thresholds.
TEST(RivetData, Rw12_TenMissions) {
  ASSERT_EQ(Data().missions.size(), 10u);
  const Mission& m1 = Data().missions[0];
  EXPECT_EQ(m1.dp[kAllies], 4);
  EXPECT_EQ(m1.rivets, 0);
  EXPECT_FALSE(m1.action_cards);
  EXPECT_FALSE(m1.secret_missions);
  EXPECT_EQ(m1.vp[kAllies], 6);
  EXPECT_EQ(m1.tiles_provenance, Provenance::kRulesText);
  EXPECT_EQ(m1.tiles[0], (std::vector<std::string>{"5A", "3B", "2B"}));
  const Mission& m6 = Data().missions[5];
  EXPECT_EQ(m6.first_player, kAllies);
  EXPECT_TRUE(m6.so_scoring_bismark_only);
  EXPECT_EQ(m6.vp[kAllies], 8);
  EXPECT_EQ(m6.vp[kBismark], 10);
  EXPECT_EQ(Data().missions[6].rivets, 2);
  EXPECT_EQ(Data().missions[7].infantry_bonus_dp, 2);
  EXPECT_EQ(Data().missions[8].paradrop, 3);
  EXPECT_TRUE(Data().missions[9].escalation);
  EXPECT_EQ(Data().missions[1].tiles_provenance, Provenance::kStandIn);
}

// Content §8.3.5: 24 Action! cards, 8 ON and 2 of each other deviation; 10 secret missions.
TEST(RivetData, Content8_3_5_DeckComposition) {
  ASSERT_EQ(Data().actions.size(), 24u);
  std::array<int, 9> n{};
  for (const ActionCard& c : Data().actions) ++n[static_cast<size_t>(c.deviation)];
  EXPECT_EQ(n[0], 8);
  for (int d = 1; d < 9; ++d) EXPECT_EQ(n[static_cast<size_t>(d)], 2) << d;
  ASSERT_EQ(Data().secrets.size(), 10u);
  int vp = 0;
  for (const SecretMission& s : Data().secrets) vp += s.vp;
  EXPECT_EQ(vp, 16);
}

// Content §8.3.8: every mission board composes (terrain budget, C1 pairs).
TEST(RivetData, Content8_3_8_EveryMissionBoardComposes) {
  for (const Mission& m : Data().missions) {
    Board b;
    ASSERT_NO_THROW(b = compose_board(Data(), m)) << m.id;
    EXPECT_EQ(b.num_segments(), static_cast<int>(m.overlay.size() * m.overlay[0].size()));
    for (int s = 0; s < b.num_segments(); ++s) {
      for (int f : {kAllies, kBismark}) {
        if (b.deploy[static_cast<size_t>(s)][static_cast<size_t>(f)]) {
          EXPECT_EQ(b.territory[static_cast<size_t>(s)], f) << m.id << " " << b.seg_name(s);
        }
      }
    }
  }
  const Board m1 = compose_board(Data(), Data().missions[0]);
  EXPECT_EQ(m1.cols, 9);
  EXPECT_EQ(m1.rows, 6);
  EXPECT_EQ(m1.parse_seg("d3"), m1.seg(3, 2));
  EXPECT_EQ(m1.seg_name(m1.seg(3, 2)), "d3");
  EXPECT_EQ(m1.parse_seg("j1"), -1);
  EXPECT_EQ(m1.parse_seg("a7"), -1);
  EXPECT_EQ(m1.terrain.size(), 4u);
  // Face 5A row 2 is ". = = = = ." : field (1,1) of the board is a duckboard (segment a1, SE).
  EXPECT_TRUE(m1.duckboard[static_cast<size_t>(m1.seg(0, 0))][kSE]);
  EXPECT_FALSE(m1.duckboard[static_cast<size_t>(m1.seg(0, 0))][kNW]);
  EXPECT_TRUE(m1.deploy[static_cast<size_t>(m1.parse_seg("e1"))][kBismark]);
  EXPECT_EQ(m1.territory[static_cast<size_t>(m1.parse_seg("e3"))], kNoMansLand);
}

// Malformed files: FILE:LINE: message.
class BadFile : public ::testing::Test {
 protected:
  std::string Write(const std::string& name, const std::string& text) {
    const auto dir = std::filesystem::temp_directory_path() / "rivet_data_test";
    std::filesystem::create_directories(dir);
    const std::string path = (dir / name).string();
    std::ofstream(path) << text;
    return path;
  }
  std::string Error(const std::string& name, const std::string& text) {
    try {
      validate_rivet_file(Write(name, text));
    } catch (const DataError& e) {
      return e.what();
    }
    return "";
  }
};

TEST_F(BadFile, UnitErrorsNameFileAndLine) {
  std::string text;
  {
    std::ifstream in(kDir + "/units.toml");
    text.assign(std::istreambuf_iterator<char>(in), {});
  }
  auto replace = [&](const std::string& from, const std::string& to) {
    std::string t = text;
    t.replace(t.find(from), from.size(), to);
    return t;
  };
  const int hp_line = [&] {
    int line = 1;
    for (size_t i = 0; i < text.find("hp = 1\n"); ++i) line += text[i] == '\n';
    return line;
  }();
  std::string e = Error("units.toml", replace("hp = 1\n", "hp = 0\n"));
  EXPECT_NE(e.find("units.toml:" + std::to_string(hp_line) + ": field 'hp' must be between 1"),
            std::string::npos)
      << e;
  e = Error("units.toml", replace("abilities = [\"Runner(+1)\"]", "abilities = [\"Runer(+1)\"]"));
  EXPECT_NE(e.find("unknown ability 'Runer'"), std::string::npos) << e;
  e = Error("units.toml", replace("\"stand-in\" = [\"base_fields\", \"weapons.deviates\"]",
                                  "\"stand-in\" = [\"base_fields\"]"));
  EXPECT_NE(e.find("field 'weapons.deviates' has no provenance"), std::string::npos) << e;
  e = Error("units.toml", replace("dice = [3, 0, 0, 0, 0]", "dice = [3, 0, 0, 0]"));
  EXPECT_NE(e.find("5 values"), std::string::npos) << e;
  e = Error("units.toml", replace("class = \"infantry\"", "class = \"navy\""));
  EXPECT_NE(e.find("class must be"), std::string::npos) << e;
  e = Error("units.toml", "[[unit]\nid=1");
  EXPECT_NE(e.find("units.toml:1: TOML syntax error"), std::string::npos) << e;
}

TEST_F(BadFile, MissionAndFaceAndCardErrors) {
  std::string e =
      Error("tiles.toml",
            "[[face]]\nid = \"1A\"\nname = \"x\"\nprovenance = \"stand-in\"\n"
            "rows = [\"......\", \"......\", \"......\", \"......\", \"......\", \".....\"]\n");
  EXPECT_NE(e.find("tiles.toml:5: a face row has 6 fields"), std::string::npos) << e;
  e = Error("tiles.toml", "[[face]]\nid = \"10A\"\n");
  EXPECT_NE(e.find("tiles.toml:2: face id '10A'"), std::string::npos) << e;
  e = Error("cards.toml", "[[action]]\nid = \"AC-01\"\nname = \"x\"\nwindow = \"W0\"\n");
  EXPECT_NE(e.find("cards.toml:4: window must be W1..W9"), std::string::npos) << e;
  std::string text;
  {
    std::ifstream in(kDir + "/missions.toml");
    text.assign(std::istreambuf_iterator<char>(in), {});
  }
  std::string t = text;
  t.replace(t.find("so = [\"d3.SE\""), 13, "so = [\"z3.SE\"");
  e = Error("missions.toml", t);
  EXPECT_NE(e.find("terrain position 'z3.SE'"), std::string::npos) << e;
  EXPECT_NE(e.find("missions.toml:"), std::string::npos) << e;
  e = Error("other.toml", "");
  EXPECT_NE(e.find("unknown Rivet Wars data file"), std::string::npos) << e;
}

}  // namespace
}  // namespace feldherr::rivet
