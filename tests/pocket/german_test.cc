// Pocket Battles in German (engine/text.h): every text the game writes for a player (decision
// prompts, log events, refusals, the result) comes in German beside the English, and the
// English stays as it was.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "engine/player.h"
#include "engine/registry.h"
#include "engine/session.h"
#include "tests/pocket/pocket_test_util.h"

namespace feldherr::pocket::testing {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;
using ::testing::StartsWith;

TEST(PocketGerman, PB_Aufbau4_TheSelectionPromptReadsInGermanForThePickerAndTheOthers) {
  Battle b;
  const Decision own = b.state->decision_for(kOrcs);
  EXPECT_EQ(own.prompt, "Orcs: pick a troop or say done (0 of 60 DP used) (PB Aufbau 4)");
  EXPECT_EQ(own.prompt_in(Lang::kDe),
            "Orks: eine Truppe wählen oder fertig (0 von 60 AP verbraucht) (PB Aufbau 4)");
  // The elves read the prompt without the points, in German too (PB Aufbau 6).
  EXPECT_EQ(b.state->decision_for(kElves).prompt_in(Lang::kDe),
            "Orks: eine Truppe wählen oder fertig (PB Aufbau 4)");
}

TEST(PocketGerman, TheBoardPictureReadsInGermanAndNamesNothingHidden) {
  Battle b;
  b.act("pick orcs.orc");
  const std::string en = b.state->render_text(kElves);
  const std::string de = b.state->render_text_in(kElves, Lang::kDe);
  EXPECT_EQ(en, b.state->render_text_in(kElves, Lang::kEn));
  EXPECT_THAT(en, HasSubstr("Phase: army selection"));
  EXPECT_THAT(en, HasSubstr("  to decide: orcs (Orcs: pick a troop or say done (PB Aufbau 4))"));
  EXPECT_THAT(de, HasSubstr("Pocket Battles, 60 AP. Phase: Auswahl der Armee"));
  EXPECT_THAT(de, HasSubstr("  am Zug: Orks (Orks: eine Truppe wählen oder fertig (PB Aufbau 4))"));
  EXPECT_THAT(de, HasSubstr("  Orks   Befehlsmarker "));
  EXPECT_THAT(de, Not(HasSubstr("AP verbraucht")));  // the orcs' points are theirs to know
}

// PB Aufbau 4-5: the roster a seat picks from names its tiles and their traits in German, as the
// German action labels do ("Felsenwerfer wählen").
TEST(PocketGerman, PB_Aufbau4_TheShippedRosterNamesTilesAndTraitsInGerman) {
  auto game = all_games().create("pocket/orcs-vs-elves", {});
  auto state = game->new_initial_state();
  const std::string en = state->render_text(kOrcs);
  const std::string de = state->render_text_in(kOrcs, Lang::kDe);
  EXPECT_THAT(en, HasSubstr("    Boulder Thrower "));
  EXPECT_THAT(en, HasSubstr("long-range"));
  EXPECT_THAT(de, HasSubstr("    Felsenwerfer "));
  EXPECT_THAT(de, HasSubstr("Fernkampf"));
  EXPECT_THAT(de, HasSubstr("Regeneration"));
  EXPECT_THAT(de, Not(HasSubstr("boulder-thrower")));
  EXPECT_THAT(de, Not(HasSubstr("long-range")));
}

// The battle board's marks (order markers, wounds, combat) read in the board's language and are
// explained by its key.
TEST(PocketGerman, TheBattleBoardMarksReadInGermanWithAKey) {
  Battle b;
  const int o = b.unit_abs(kOrcs, {kOrc, kTroll}, kFront, 0);
  b.unit_abs(kElves, {kJavelin}, kFront, 1);
  b.start(kOrcs, kOrcs);
  b.state->units[static_cast<size_t>(o)].orders = 2;
  b.state->troops[static_cast<size_t>(b.troop_of(o, kTroll))].wounds = 1;
  const std::string en = b.state->render_text(kOrcs);
  const std::string de = b.state->render_text_in(kOrcs, Lang::kDe);
  EXPECT_THAT(en, HasSubstr("o1[2 ord](orc troll*1w)"));
  EXPECT_THAT(en, HasSubstr("  key: [N ord] N order markers on the unit"));
  EXPECT_THAT(de, HasSubstr("o1[2 Bef]("));
  EXPECT_THAT(de, HasSubstr("*1W)"));
  EXPECT_THAT(de, HasSubstr("  Legende: [N Bef] N Befehlsmarker auf der Einheit"));
  EXPECT_THAT(de, Not(HasSubstr(" ord]")));
}

// PB Aufbau 4: the roster a player picks from names the tiles and their traits
// in the reader's language.
TEST(PocketGerman, PB_Aufbau4_TheRosterNamesTilesAndTraitsInGerman) {
  Army orcs = test_orcs();
  orcs.troops[kTroll].name = "Troll";
  orcs.troops[kTroll].name_de = "Höhlentroll";
  Battle b;
  b.game = std::make_shared<PocketGame>(orcs, test_elves(), PocketOptions{});
  b.state = std::make_unique<PocketState>(b.game.get());
  const std::string de = b.state->render_text_in(kOrcs, Lang::kDe);
  EXPECT_THAT(de, HasSubstr("    Höhlentroll "));
  EXPECT_THAT(de, HasSubstr("Regeneration"));
  EXPECT_THAT(de, Not(HasSubstr("regenerate")));
  const std::string en = b.state->render_text(kOrcs);
  EXPECT_THAT(en, HasSubstr("    Troll "));
  EXPECT_THAT(en, HasSubstr("regenerate"));
}

// PB Wunden: in the battle the board counts the troops and units still in play
// and the troops lost, not those picked ("3 troops, 2 units" stayed after losses).
TEST(PocketGerman, PB_Wunden_TheBoardCountsTroopsAndUnitsStillInPlay) {
  Battle b;
  const int o1 = b.unit(kOrcs, {0, 0}, kFront, 0);
  const int o2 = b.unit(kOrcs, {0}, kFront, 1);
  b.unit(kElves, {0}, kFront, 0);
  b.start(kOrcs, kOrcs);
  // One troop of o1 and the whole of o2 removed, as a wound does (rules.cc).
  b.state->troops[static_cast<size_t>(b.troop_of(o1, 0, 1))].status = kRemoved;
  b.state->troops[static_cast<size_t>(b.troop_of(o2, 0))].status = kRemoved;
  b.state->refresh_unit(o1);
  b.state->refresh_unit(o2);
  const std::string en = b.state->render_text(kOrcs);
  EXPECT_THAT(en, HasSubstr("; in play 1 troop, 1 unit; 2 troops lost\n"));
  EXPECT_THAT(en, Not(HasSubstr("; 3 troops, 2 units")));
  EXPECT_THAT(b.state->render_text_in(kOrcs, Lang::kDe),
              HasSubstr("; im Spiel 1 Truppe, 1 Einheit; 2 Truppen verloren\n"));
}

TEST(PocketGerman, PB_Aufbau5_TheLogTellsTheOwnerTheUnitAndTheOthersNotInEitherLanguage) {
  Battle b;
  for (const char* t : {"pick orcs.orc", "done", "pick elves.fighter", "done"}) b.act(t);
  b.events.clear();
  b.act("new-unit");
  ASSERT_EQ(b.events.size(), 1u);
  const Event& e = b.events[0];
  EXPECT_EQ(event_text(e, kOrcs), "The orcs put a troop into unit o1 (1 troop).");
  EXPECT_EQ(event_text(e, kOrcs, Lang::kDe),
            "Die Orks legen eine Truppe in Einheit o1 (1 Truppe).");
  for (int viewer : {kElves, kObserver}) {
    EXPECT_EQ(event_text(e, viewer), "The orcs put a troop into a new unit.");
    EXPECT_EQ(event_text(e, viewer, Lang::kDe), "Die Orks legen eine Truppe in eine neue Einheit.");
  }
}

TEST(PocketGerman, PB_13_TheRefusalCitesTheRuleInGerman) {
  Battle b;
  int o = b.unit_abs(kOrcs, {kGoblinArcher, kOrc}, kFront, 1);
  int e = b.unit_abs(kElves, {kFighter}, kFront, 1);
  b.contact(o, e);
  b.start(kOrcs, kOrcs);  // in contact at the start of the turn
  Action move;
  std::string error;
  ASSERT_TRUE(b.state->parse("move o1 centre-rear", move, error)) << error;
  const Text why = b.state->why_illegal_text(move);
  EXPECT_EQ(why.en, "PB §13: o1 is in a combat and can only continue or leave it");
  EXPECT_EQ(why.de, "PB §13: o1 ist in einem Gefecht und kann es nur fortführen oder verlassen");
  EXPECT_EQ(b.state->why_illegal(move), why.en);
}

TEST(PocketGerman, PB_Gefecht2_TheRollIsLoggedInGerman) {
  Battle b;
  b.unit_abs(kOrcs, {kOrc}, kFront, 1);
  b.unit_abs(kElves, {kFighter}, kFront, 1);
  b.start(kOrcs, kOrcs);
  b.act("attack o1");
  b.act("react wait");
  b.act("target e1");
  EXPECT_EQ(b.state->decision().prompt_in(Lang::kDe),
            "2 Würfel: o1 schlägt gegen e1 zu (PB Gefecht 1)");
  b.events.clear();
  b.act("roll 4 6");
  ASSERT_FALSE(b.events.empty());
  EXPECT_THAT(b.events[0].text, StartsWith("Orc unit o1 rolls 4 and 6: "));
  EXPECT_THAT(b.events[0].text_de, StartsWith("Orkeinheit o1 würfelt 4 und 6: "));
  EXPECT_THAT(b.events[0].text_de, HasSubstr("Treffer gegen e1 (Gefechtswürfel"));
}

// A whole game: its end reads as a sentence in both languages ("The orcs win.", not "orcs
// wins"), and every prompt and event on the way has its German.
TEST(PocketGerman, PB_Spielende_TheResultIsASentenceInBothLanguages) {
  std::shared_ptr<const Game> game = make_game();
  Session session(game);
  Rng rng(11);
  RandomPlayer orcs(1), elves(2);
  EventList events;
  while (!session.state().is_terminal()) {
    const State& s = session.state();
    const Decision d = s.decision_for(kObserver);
    ASSERT_FALSE(d.prompt_de.empty()) << d.prompt;
    ASSERT_NE(d.prompt_de, d.prompt);
    events.clear();
    if (s.current_seat() == kChance)
      session.roll(rng, &events);
    else
      ASSERT_EQ(session.act((s.current_seat() == kOrcs ? orcs : elves).choose(s), &events), "");
    for (const Event& e : events) {
      ASSERT_FALSE(e.text_de.empty()) << e.text;
      ASSERT_EQ(e.others.has_value(), e.others_de.has_value()) << e.text;
    }
  }
  const Result r = session.state().result();
  const bool orcs_won = r.returns[kOrcs] > 0;
  EXPECT_EQ(r.summary, orcs_won ? "orcs wins" : "elves wins");  // the replay logs' form
  EXPECT_EQ(r.headline.en, orcs_won ? "The orcs win." : "The elves win.");
  EXPECT_EQ(r.headline.de, orcs_won ? "Die Orks gewinnen." : "Die Elfen gewinnen.");
  EXPECT_THAT(r.reason_in(Lang::kDe), HasSubstr("(PB Spielende"));
  EXPECT_THAT(r.reason_in(Lang::kDe), Not(HasSubstr("destroyed")));
  ASSERT_FALSE(events.empty());
  EXPECT_EQ(events.back().text, r.headline.en);
  EXPECT_EQ(events.back().text_de, r.headline.de);
}

// A typed text that names no action is refused in the reader's language; the words of the
// command language stay as they are typed (PB Aufbau 4: the troop types of the army).
TEST(PocketGerman, PB_Aufbau4_ATextThatNamesNoActionIsRefusedInGerman) {
  Battle b;
  Action a;
  Text error;
  EXPECT_FALSE(b.state->parse_text("pick orcs.dragon", a, error));
  EXPECT_EQ(error,
            (Text{"unknown troop type 'orcs.dragon'", "unbekannter Truppentyp 'orcs.dragon'"}));
  EXPECT_FALSE(b.state->parse_text("done now", a, error));
  EXPECT_EQ(error, (Text{"'done' takes 1 word", "'done' besteht aus 1 Wort"}));
  EXPECT_FALSE(b.state->parse_text("fly", a, error));
  EXPECT_EQ(error.de, "unbekanntes Verb 'fly'");
}

}  // namespace
}  // namespace feldherr::pocket::testing
