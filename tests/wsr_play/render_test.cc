// The terminal board of a scenario game (games/wsr/render.cc): header with the cup, the map,
// objectives with control (WSR 12.2), units with their state and support weapons.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <sstream>
#include <string>

#include "engine/rng.h"
#include "tests/id_words.h"
#include "tests/wsr_play/wsr_play_util.h"

namespace feldherr::wsr::testing {
namespace {

using ::testing::HasSubstr;

TEST(WsrBoard, ShowsSetupZoneObjectivesUnitsAndTheCup) {
  Play p("noville");
  std::string b = p.state->render_text(p.seat("us"));
  EXPECT_THAT(b, HasSubstr("WSR-B1 Noville, Belgium  Turn 1/8 (setup, WSR 2.0)"));
  EXPECT_THAT(b, HasSubstr("Objectives (control, WSR 12.2): A-G08=US"));
  EXPECT_THAT(b, HasSubstr("Setup zone of Paratroopers 1: any woods hexes within 2 hexes of K8"));
  EXPECT_THAT(b, HasSubstr("Support weapons to assign (1.3.4.1): Heavy MG, Bazooka, Heavy MG"));
  EXPECT_THAT(b, HasSubstr(" W+"));  // a woods hex of the 507th's zone on the map
  p.act("place A-K08");
  p.act("place A-K08");
  b = p.state->render_text(p.seat("us"));
  EXPECT_THAT(b, HasSubstr("U2"));  // two US units in A-K08 on the map
  EXPECT_THAT(b,
              HasSubstr("A-K08 [woods] controlled by US:\n  US Paratroopers 1 (507th Paratroops)"));
  while (p.state->decision().kind == "setup") p.act("auto-setup");
  b = p.state->render_text(p.seat("us"));
  EXPECT_THAT(
      b,
      HasSubstr("Cup: Kampfgruppe Beck x1, 507th Paratroops x1, Combat Command A x1, end-turn x2"));
  EXPECT_THAT(b, HasSubstr(" +Bazooka"));
  EXPECT_THAT(b, HasSubstr("OBJECTIVE"));
  EXPECT_THAT(b, HasSubstr("Off map (to set up or to arrive): Kampfgruppe Beck SHQ, Tiger I,"));
  EXPECT_THAT(b, HasSubstr("mounted full hard MF"));  // mech infantry start mounted
}

// WSR 12.2: the English board names the sides as the header does ("US", "Germans"), never by
// their seat ids "us" / "de", which are for typing: the objectives' and the hexes' control, the
// units' lines and the map key.
TEST(WsrBoard, WSR_12_2_TheEnglishBoardNamesSidesAsWords) {
  Play p("noville");
  p.act("place A-K08");
  std::string b = p.state->render_text(p.seat("us"));
  EXPECT_EQ(test_util::IdWordIn(b, {"us", "de", "uk"}), "") << b;
  while (p.state->decision().kind == "setup") p.act("auto-setup");
  b = p.state->render_text(p.seat("us"));
  EXPECT_THAT(b, HasSubstr("\n  Germans Panther 1 (Kampfgruppe Beck)"));
  EXPECT_THAT(b, HasSubstr("2 German/US units"));
  EXPECT_EQ(test_util::IdWordIn(b, {"us", "de", "uk"}), "") << b;
}

// WSR 1.3.4.2: a support weapon whose platoon was eliminated went with it; the
// board lists it as out of play, no longer "to assign" (which it is only during the
// setup, 1.3.4.1).
TEST(WsrBoard, WSR_1_3_4_2_ARemovedSupportWeaponIsNoLongerToAssign) {
  Play p("noville");
  while (p.state->decision().kind == "setup") p.act("auto-setup");
  ASSERT_FALSE(p.s().setting_up());
  int holder = -1;
  for (int u = 0; u < p.s().n_units && holder < 0; ++u)
    if (p.s().unit(u).sw != 0 && p.game->sw_info(p.s().unit(u).sw - 1).label == "us.bazooka")
      holder = u;
  ASSERT_GE(holder, 0);
  // Eliminated as fire.cc eliminates a unit: its support weapon goes with it.
  Unit& x = p.s().unit(holder);
  x.sw = 0;
  x.hex = kNoHex;
  x.flags = static_cast<uint16_t>(x.flags | kGone);
  const std::string en = p.state->render_text(p.seat("us"));
  EXPECT_THAT(en, ::testing::Not(HasSubstr("to assign")));
  EXPECT_THAT(en, HasSubstr("Support weapons out of play (1.3.4.2): Bazooka"));
  const std::string de = p.state->render_text_in(p.seat("us"), Lang::kDe);
  EXPECT_THAT(de, HasSubstr("Unterstützungswaffen außer Spiel (1.3.4.2): Bazooka"));
}

// WSR 5.0: the MP a unit spent are shown while it moves ("6 MP spent"), not
// after its move, when the count is stale ("spent 6").
TEST(WsrBoard, WSR_5_0_MpSpentShowOnlyWhileTheUnitMoves) {
  Play p("noville");
  while (p.state->decision().kind == "setup") p.act("auto-setup");
  const int u = p.unit("us.m4a1-1");
  p.s().unit(u).mp_spent = 6;
  EXPECT_THAT(p.state->render_text(p.seat("us")), ::testing::Not(HasSubstr("spent")));
  p.s().unit(u).flags = static_cast<uint16_t>(p.s().unit(u).flags | kMoving);
  EXPECT_THAT(p.state->render_text(p.seat("us")), HasSubstr(" 6 MP spent"));
  EXPECT_THAT(p.state->render_text_in(p.seat("us"), Lang::kDe), HasSubstr(" 6 BP verbraucht"));
}

// WSR 6.1: a fire's note never gives elimination a higher chance than any
// effect (elimination is one of the effects; rounding 1 - P(no effect) could put it below).
TEST(WsrBoard, WSR_6_1_TheFireNoteNeverPutsEliminationAboveAnyEffect) {
  int notes = 0;
  for (uint64_t seed = 1; seed <= 3; ++seed) {
    Play p("noville");
    Rng rng(seed);
    for (int n = 0; n < 500 && !p.state->is_terminal(); ++n) {
      if (p.state->current_seat() == kChance) {
        p.state->apply(p.state->sample_chance(rng));
        continue;
      }
      const ActionList legal = p.state->legal_actions();
      for (const Action& a : legal) {
        if (a.verb != kFire && a.verb != kOpFire) continue;
        const std::string note = p.state->annotate(a).en;
        const size_t e = note.find("effect "), x = note.find("eliminated ");
        ASSERT_NE(e, std::string::npos) << note;
        ASSERT_NE(x, std::string::npos) << note;
        EXPECT_GE(std::stoi(note.substr(e + 7)), std::stoi(note.substr(x + 11))) << note;
        ++notes;
      }
      std::vector<Action> choices;
      for (const Action& a : legal)
        if (!p.state->is_concession(a)) choices.push_back(a);
      p.state->apply(choices[rng.below(static_cast<uint32_t>(choices.size()))]);
    }
  }
  EXPECT_GT(notes, 20);
}

// Characters of a UTF-8 line (the German texts have umlauts).
size_t Columns(const std::string& line) {
  size_t n = 0;
  for (char c : line) n += (static_cast<unsigned char>(c) & 0xC0) != 0x80 ? 1 : 0;
  return n;
}

// A terminal of 80 columns: every line of every scenario's board fits, in both languages, before
// and after the set-up; a map wider than 80 columns is printed one sheet under the other.
TEST(WsrBoard, EveryScenarioFitsEightyColumnsInBothLanguages) {
  for (const char* id : {"noville", "le-hauderie", "vierville", "koeln", "chaumont", "bastogne",
                         "carentan", "remagen", "huertgen", "elsenborn", "omaha", "odon",
                         "luneville", "paderborn", "bieville", "arnhem"}) {
    Play p(id);
    for (int round = 0; round < 2; ++round) {
      for (Lang lang : {Lang::kEn, Lang::kDe}) {
        std::istringstream board(p.state->render_text_in(0, lang));
        std::string line;
        while (std::getline(board, line)) EXPECT_LE(Columns(line), 80u) << id << ": " << line;
      }
      while (!p.state->is_terminal() && p.state->decision().kind == "setup") p.act("auto-setup");
    }
  }
}

// A hex row takes two lines (every other column half a hex lower): its label stands once, on
// the first; each strip of a map of two sheets side by side is labelled with its own sheet.
TEST(WsrBoard, EachHexRowIsLabelledOnceWithItsOwnSheet) {
  const std::string b = Play("koeln").state->render_text(0);
  for (const char* label : {"\nB05   ", "\nD05   ", "\nB12   "}) {
    const size_t at = b.find(label);
    ASSERT_NE(at, std::string::npos) << label;
    EXPECT_EQ(b.find(label, at + 1), std::string::npos) << label << " twice";
  }
  EXPECT_THAT(b, HasSubstr("\nMap    B  "));
  EXPECT_THAT(b, HasSubstr("\nMap    D  "));
  EXPECT_THAT(b, HasSubstr("Key (a hex row takes two lines):"));
  // A map of one sheet has no sheet line.
  EXPECT_THAT(Play("noville").state->render_text(0), ::testing::Not(HasSubstr("\nMap ")));
}

// G-12: the exit zones of each side with the units exited, their hexes marked '>' on the map.
TEST(WsrBoard, G12_ShowsEachSidesExitHexesAndTheUnitsExited) {
  Play p("paderborn");
  const std::string b = p.state->render_text(p.seat("us"));
  EXPECT_THAT(b, HasSubstr("Exits (G-12): "));
  EXPECT_THAT(Flat(b), HasSubstr("US from the east edge of map B (marked >), 0 exited"));
  EXPECT_THAT(Flat(b), HasSubstr("Germans from the west edge of map B (marked >), 0 exited"));
  EXPECT_THAT(Flat(b), HasSubstr(", > exit hex (G-12)"));
  // Column U (the east edge of map B) ends the map lines that hold it in '>' (not '*').
  const int east = p.hex("B-U05");
  ASSERT_TRUE(p.game->exit_hex(p.seat("us"), east));
  EXPECT_THAT(b, HasSubstr(".>\n"));
  const std::string noville = Play("noville").state->render_text(0);
  EXPECT_THAT(noville, ::testing::Not(HasSubstr("Exits (G-12)")));
  EXPECT_THAT(noville, ::testing::Not(HasSubstr("exit hex")));
}

// WSR-A6: the red boundary line, its hexes marked '-', and whom it bounds.
TEST(WsrBoard, A6_ShowsTheRedBoundaryLineWithAKeyEntry) {
  Play p("elsenborn");
  const std::string b = p.state->render_text(p.seat("us"));
  EXPECT_THAT(Flat(b),
              HasSubstr("Boundary (WSR-A6): red line marked - (may be entered, not crossed): "
                        "Kampfgruppe Dauer stays on or south of it, Schützen-Bataillon 107 on or "
                        "north of it"));
  EXPECT_THAT(Flat(b), HasSubstr(", - red boundary line (WSR-A6)"));
  // Row 06 of map C (east of map A's setup zone): clear and city hexes of the line, marked.
  EXPECT_THAT(b, HasSubstr(".-    .-    .-    .-    .-    C-    .-"));
}

// WSR-A12: the bridges the scenario destroyed are marked 'x' on the map.
TEST(WsrBoard, A12_ShowsDestroyedBridges) {
  Play p("arnhem");
  const std::string b = p.state->render_text(p.seat("de"));
  EXPECT_THAT(Flat(b), HasSubstr(", x destroyed bridge (WSR-A12)"));
  EXPECT_THAT(b, ::testing::ContainsRegex("~x"));
}

}  // namespace
}  // namespace feldherr::wsr::testing
