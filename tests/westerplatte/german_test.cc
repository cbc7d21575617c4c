// 7 Tage der Westerplatte in German (engine/text.h): prompts, log events, refusals, the result,
// the board picture and the action labels come in German beside the English, in the words of
// the German rulebook (Angriffsleiste, Mauerziegel, Wache, Munition, Moral), and the English
// stays as it was.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "engine/player.h"
#include "engine/session.h"
#include "tests/westerplatte/wp_test_util.h"

namespace feldherr::westerplatte::testing {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;
using ::testing::StartsWith;

// The German text of the first event of `rule` in `ev` ("" when none).
std::string GermanOf(const EventList& ev, const std::string& rule, const std::string& en_start) {
  for (const Event& e : ev)
    if (e.rule == rule && e.text.rfind(en_start, 0) == 0) return e.text_de;
  return "";
}

TEST(WpGerman, WP7_1_TheTurnPromptReadsInGerman) {
  auto s = fresh("medium", 2, "C");
  const Decision d = s->decision_for(0);
  EXPECT_EQ(d.prompt, "Defender 1: move (up to 2) and act (1), then end the phase (WP 7.1)");
  EXPECT_EQ(d.prompt_in(Lang::kDe),
            "Verteidiger 1: bewegen (bis zu 2) und eine Aktion ausführen, dann die Phase beenden "
            "(WP 7.1)");
  // The board names the player's turn by the side's German name.
  EXPECT_THAT(s->render_text_in(0, Lang::kDe), HasSubstr("\nRunde von Verteidiger 1: Bewegungen "));
}

// WP 14.3's German attack: the MG detachments at the wall and the howitzer battery fire, the
// empty field E asks which guard post loses the brick, all in German.
TEST(WpGerman, WP7_3_TheGermanAttackIsLoggedAndAskedInGerman) {
  auto s = fresh("medium", 2, "T3");
  s->place_for_test(2, card_index(*s, "P1-18"), 0);  // howitzer lane C
  s->place_for_test(3, card_index(*s, "P1-11"), 3);  // MG power 1, lane D, space IV
  s->place_for_test(4, card_index(*s, "P1-13"), 3);  // MG power 2, lane E, space IV
  s->bricks_[4] = 1;
  EventList ev;
  play(*s, "end", &ev);
  EXPECT_EQ(GermanOf(ev, "WP 7.3", "Defender 1 ends"),
            "Verteidiger 1 beendet die Phase Aktion / Bewegung");
  EXPECT_EQ(GermanOf(ev, "WP 7.3", "the howitzer battery"),
            "die Geschützbatterie auf Leiste C schießt auf C: 1 Mauerziegel");
  EXPECT_EQ(GermanOf(ev, "WP 7.3", "the MG on lane D"),
            "die MG-Abteilung auf Leiste D (Feld IV) schießt auf D: 1 Mauerziegel");
  EXPECT_EQ(GermanOf(ev, "WP 7.3", "D loses"), "D verliert einen Mauerziegel (noch 5)");
  ASSERT_EQ(s->tasks_.back().type, tOverflow);
  EXPECT_EQ(s->decision().prompt_in(Lang::kDe),
            "E hat keine Mauerziegel mehr: die Wache wählen, die einen Mauerziegel verliert "
            "(WP 7.3)");
}

TEST(WpGerman, WP7_1_TheRefusalCitesTheRuleInGerman) {
  auto s = fresh("medium", 2, "C");
  play(*s, "move o1 B");
  play(*s, "move o1 A");
  const Text why = s->why_illegal_text(act(*s, "move o1 B"));
  EXPECT_EQ(why.en,
            "WP 7.1: no moves left this turn (2 per turn, 3 with an extra-movement marker)");
  EXPECT_EQ(why.de,
            "WP 7.1: keine Bewegung mehr in dieser Runde (2 pro Runde, 3 mit einem Marker "
            "„Zusatz-Bewegung“)");
  EXPECT_EQ(s->why_illegal(act(*s, "move o1 B")), why.en);
  const Text other = s->why_illegal_text(act(*s, "move o2 B"));
  EXPECT_EQ(other.de, "WP 7.1: o2 gehört einem anderen Spieler");
  const Text tile = s->why_illegal_text(act(*s, "mortar A"));
  EXPECT_EQ(tile.de,
            "WP 7.1: kein Offizier von Verteidiger 1 steht auf dem Aktionsplättchen „Mörser“ (T2)");
}

// WP 7.2 B and WP 7.4: a mortar hit and a drawn card, in German with the card's values.
TEST(WpGerman, WP7_2B_WP7_4_MortarAndTheNewCardInGerman) {
  auto s = fresh("medium", 2, "T2");
  s->place_for_test(4, card_index(*s, "P1-13"), 0);  // MG lane E, endurance 2
  EventList ev;
  play(*s, "mortar E", &ev);
  EXPECT_EQ(GermanOf(ev, "WP 7.2 B", "the mortar"),
            "der Mörser schießt auf Leiste E (eine Mörsergranate verbraucht)");
  EXPECT_THAT(GermanOf(ev, "WP 7.2 B", "the troop"),
              StartsWith("die Truppe P1-13 auf Leiste E erleidet 2 Schaden und ist vernichtet"));
  EXPECT_THAT(GermanOf(ev, "WP 6", "P1-13"),
              StartsWith("P1-13 kommt auf den Abwurfstapel von Tag 1"));
  ev.clear();
  play(*s, "end", &ev);
  play(*s, "draw P1-01", &ev);
  const std::string drawn = GermanOf(ev, "WP 7.4", "German card");
  EXPECT_THAT(drawn, StartsWith("Deutsche Angriffskarte: P1-01 (MG-Abteilung, Leiste "));
  EXPECT_THAT(drawn, HasSubstr("Ausdauer "));
  EXPECT_THAT(drawn, HasSubstr("Angriffskraft "));
}

// WP 7.5: the drawn card says which lanes' troops advance after it (P1-01:
// B and E), in both languages.
TEST(WpGerman, WP7_5_TheDrawnCardSaysWhichLanesAdvance) {
  auto s = fresh("medium", 2, "T2");
  EventList ev;
  play(*s, "end", &ev);
  play(*s, "draw P1-01", &ev);
  bool found = false;
  for (const Event& e : ev)
    if (e.rule == "WP 7.4" && e.text.rfind("German card: P1-01", 0) == 0) {
      found = true;
      EXPECT_THAT(e.text, HasSubstr("; then the troops on lanes B and E advance (WP 7.5)"));
      EXPECT_THAT(e.text_de,
                  HasSubstr("; danach rücken die Truppen auf den Leisten B und E vor (WP 7.5)"));
    }
  EXPECT_TRUE(found);
}

TEST(WpGerman, TheBoardPictureAndTheLabelsReadInGerman) {
  auto s = fresh("hard", 1, "T2");
  s->place_for_test(4, card_index(*s, "P1-13"), 1);
  const std::string en = s->render_text(0);
  const std::string de = s->render_text_in(0, Lang::kDe);
  EXPECT_EQ(en, s->render_text_in(0, Lang::kEn));
  EXPECT_THAT(en, StartsWith("7 Tage der Westerplatte - Hard, 1 player, day 1"));
  // The tiles go by their titles in English too, not by their data ids ("push_back").
  EXPECT_THAT(en, HasSubstr("  T6 push back (2 troops)"));
  EXPECT_THAT(de, StartsWith("7 Tage der Westerplatte - Schwierig, 1 Spieler, Tag 1"));
  EXPECT_THAT(de, HasSubstr("Wachen (Aktionsplättchen):\n"));
  EXPECT_THAT(de, HasSubstr("  T2 Mörser ("));
  EXPECT_THAT(de, HasSubstr("| Leiste E: P1-13 MG-Abteilung auf II, Ausdauer 2/2"));
  EXPECT_THAT(de, HasSubstr("\nMoral: "));
  EXPECT_THAT(de, Not(HasSubstr("bricks")));
  const ActionInfo mortar = s->action_info(act(*s, "mortar E"), 0);
  EXPECT_EQ(mortar.label_en, "Mortar fire on lane E");
  EXPECT_EQ(mortar.label_de, "Mörserfeuer auf Leiste E");
  s->tasks_.push_back(Task{tStock, 1, 0, 0});  // WP 8 H1: the players choose the tile
  s->shells_ = 0;
  s->mines_ = 0;
  const ActionInfo stock = s->action_info(act(*s, "stock mortar"), 0);
  EXPECT_EQ(stock.label_de, "Vorrat: Mörser");
}

// A whole game to its end: every prompt and event on the way has its German, and the end reads
// as a sentence in both languages.
TEST(WpGerman, WP11_TheResultIsASentenceInBothLanguages) {
  for (int players : {1, 3}) {
    Session session(make_game("medium", players));
    Rng rng(7 + static_cast<uint64_t>(players));
    RandomPlayer random(3);
    EventList events;
    while (!session.state().is_terminal()) {
      const State& st = session.state();
      const Decision d = st.decision_for(kObserver);
      ASSERT_FALSE(d.prompt_de.empty()) << d.prompt;
      ASSERT_NE(d.prompt_de, d.prompt);
      events.clear();
      if (st.current_seat() == kChance)
        session.roll(rng, &events);
      else
        ASSERT_EQ(session.act(random.choose(st), &events), "");
      for (const Event& e : events) {
        ASSERT_FALSE(e.text_de.empty()) << e.text;
        ASSERT_NE(e.text_de, e.text);
      }
    }
    const Result r = session.state().result();
    EXPECT_THAT(r.summary, ::testing::AnyOf("defenders win", "defenders lose"));
    const bool won = r.summary == "defenders win";
    EXPECT_EQ(r.headline.en, won ? "The defenders win." : "The defenders lose.");
    EXPECT_EQ(r.headline.de, won ? "Die Verteidiger gewinnen." : "Die Verteidiger verlieren.");
    EXPECT_THAT(r.reason_de, HasSubstr("(WP 11)"));
    EXPECT_NE(r.reason_de, r.reason);
    ASSERT_FALSE(events.empty());
    EXPECT_THAT(events.back().text_de, HasSubstr("die Verteidiger"));
  }
}

// A typed text that names no action is refused in the reader's language; the words of the
// command language stay as they are typed (WP 7.1: an officer moves to a field).
TEST(WpGerman, WP7_1_ATextThatNamesNoActionIsRefusedInGerman) {
  auto s = fresh("medium", 2, "C");
  Action a;
  Text error;
  EXPECT_FALSE(s->parse_text("move o9 C", a, error));
  EXPECT_EQ(error, (Text{"unknown officer 'o9' (o1-o4)", "unbekannter Offizier 'o9' (o1-o4)"}));
  EXPECT_FALSE(s->parse_text("mortar Z", a, error));
  EXPECT_EQ(error.de, "unbekannte Angriffsleiste 'Z' (A-E)");
  EXPECT_FALSE(s->parse_text("move o1", a, error));  // a verb with too few words: its count
  EXPECT_EQ(error, (Text{"'move' takes 2 argument(s)", "'move' braucht 2 Angabe(n)"}));
  EXPECT_FALSE(s->parse_text("retreat C", a, error));  // a word that is no verb: the verbs
  EXPECT_THAT(error.de, StartsWith("unbekannte Aktion 'retreat' (erwartet: move, place, fire"));
}

}  // namespace
}  // namespace feldherr::westerplatte::testing
