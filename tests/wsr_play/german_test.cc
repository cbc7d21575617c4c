// White Star Rising in German (engine/text.h): prompts, log events, refusals, the result, the
// board picture, the action labels and notes come in German beside the English, in the words of
// the German rulebook (Behältnis, Formations-Impuls, Moraltest, zerschlagen, Operationen beendet,
// Gelegenheits-Feuer, Schützengraben, Schicksalspunkte), and the English stays as it was.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "engine/player.h"
#include "engine/session.h"
#include "tests/wsr_play/wsr_play_util.h"

namespace feldherr::wsr::testing {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;
using ::testing::StartsWith;

// The German text of the first event of `rule` whose English starts with `en_start` ("" when
// none).
std::string WsrGermanOf(const EventList& ev, const std::string& rule, const std::string& en_start) {
  for (const Event& e : ev)
    if (e.rule == rule && e.text.rfind(en_start, 0) == 0) return e.text_de;
  return "";
}

// Noville with both sides set up automatically, at the first draw of turn 1.
Play WsrGermanSetUp() {
  Play p("noville");
  while (p.state->decision().kind == "setup") p.act("auto-setup");
  return p;
}

// Draws the 507th's marker; the US declines to spend fate points on the draw (WSR 10.0).
void WsrGermanDraw507(Play& p) {
  p.act("draw us.507");
  p.act("no-fate");
}

TEST(WsrGerman, WSR3_1_TheDrawAndOperationsPromptsReadInGerman) {
  Play p = WsrGermanSetUp();
  const feldherr::Decision d = p.state->decision();
  EXPECT_EQ(d.prompt, "Draw a marker from the cup (WSR 3.1).");
  EXPECT_EQ(d.prompt_in(Lang::kDe), "Einen Marker aus dem Behältnis ziehen (WSR 3.1).");
  WsrGermanDraw507(p);
  ASSERT_EQ(p.s().top().kind, kStepOperations);
  EXPECT_EQ(p.state->decision().prompt_in(Lang::kDe),
            "Operationen mit 507. Paratroops: eine Einheit auswählen oder den Impuls beenden "
            "(WSR 4.4).");
}

// WSR 13.0: the German rulebook's names of formations and counter types ("Elemente der 507.
// Paratroops: 1 x HQ, 2 x Fallschirmjäger, 1 x 60mm Granatwerfer") in the German labels; the
// English labels keep the English names, and either name reads as the unit.
TEST(WsrGerman, WSR13_0_FormationsAndCountersHaveTheGermanRulebooksNames) {
  Play p = WsrGermanSetUp();
  WsrGermanDraw507(p);
  const Action select = p.parse("select us.paratroopers-1");
  const ActionInfo info = p.s().action_info(select, p.seat("us"));
  EXPECT_THAT(info.label_en, HasSubstr("Paratroopers 1"));
  EXPECT_THAT(info.label_de, HasSubstr("Fallschirmjäger 1"));
  EXPECT_THAT(info.label_de, Not(HasSubstr("Paratroopers")));
  // A unit that is its counter's only one has no number, though its id ends in digits.
  const Action hq = p.parse("select us.hq-507");
  EXPECT_EQ(p.s().action_info(hq, p.seat("us")).label_en, "Select 507th Paratroops HQ");
  EXPECT_EQ(p.s().action_info(hq, p.seat("us")).label_de, "507. Paratroops HQ auswählen");
  const Action mortar = p.parse("select us.60mm-mortar");
  EXPECT_THAT(p.s().action_info(mortar, p.seat("us")).label_de, HasSubstr("60mm Granatwerfer"));
  const Data& data = p.game->data();
  const CounterType* para = data.FindCounter("us.paratroopers");
  ASSERT_NE(para, nullptr);
  EXPECT_TRUE(para->Matches("Fallschirmjäger"));
  const Formation* f = data.formations.Find("507. Paratroops");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->id, "us.507");
  EXPECT_EQ(data.formations.Find("de.beck")->name_de, "Kampfgruppe Beck");  // the same name
}

// The map's places in the German rulebook's words: "Höhe 137" of WSR-A5 (Hürtgen), "die
// Kathedrale" of WSR-B4 (Köln); a German name also finds the place.
TEST(WsrGerman, WSR_A5_HoeheAndKathedraleAreThePlacesGermanNames) {
  Play p("noville");
  const Sheet& a = p.game->data().sheet('A');
  const Place* hill = a.FindPlace("Höhe 137");
  ASSERT_NE(hill, nullptr);
  EXPECT_EQ(hill->id, "hill-137");
  EXPECT_EQ(hill->name, "Hill 137");
  EXPECT_EQ(a.FindPlace("celles")->name_de, "Celles");  // a town keeps its name
  EXPECT_EQ(p.game->data().sheet('B').FindPlace("cathedral")->name_de, "Kathedrale");
}

// WSR 3.1, 4.1-4.3: the formation impulse begins, logged in German.
TEST(WsrGerman, WSR4_1_TheImpulseIsLoggedInGerman) {
  Play p = WsrGermanSetUp();
  p.events.clear();
  WsrGermanDraw507(p);
  EXPECT_EQ(WsrGermanOf(p.events, "WSR 3.1", "Formation marker"),
            "Formations-Marker 507. Paratroops gezogen: Formations-Impuls.");
  EXPECT_EQ(WsrGermanOf(p.events, "WSR 4.1", "Cleanup"),
            "Aufräumen: die Marker „Operationen beendet“ und „Außer Befehlsreichweite“ von 507. "
            "Paratroops entfernt.");
  EXPECT_EQ(WsrGermanOf(p.events, "WSR 4.3", "No disrupted"),
            "Keine zerschlagene Einheit zu reorganisieren.");
  for (const Event& e : p.events) EXPECT_NE(e.text_de, e.text) << e.text;
}

// WSR 4.4: a unit of another formation may not move in this impulse; the refusal cites the rule
// in both languages, and why_illegal() is its English.
TEST(WsrGerman, WSR4_4_TheRefusalCitesTheRuleInGerman) {
  Play p = WsrGermanSetUp();
  WsrGermanDraw507(p);
  const Action select = p.parse("select us.m4a3e8");
  const Text why = p.s().why_illegal_text(select);
  EXPECT_EQ(why.en, "M4A3E8 \"Easy Eight\" does not belong to the active formation (WSR 4.4)");
  EXPECT_EQ(why.de, "M4A3E8 \"Easy Eight\" gehört nicht zur aktiven Formation (WSR 4.4)");
  EXPECT_EQ(p.state->why_illegal(select), why.en);
  const Text end_move = p.s().why_illegal_text(p.parse("end-move"));
  EXPECT_EQ(end_move.de, "kein Stapel bewegt sich (WSR 5.0)");
}

TEST(WsrGerman, TheBoardPictureAndTheLabelsReadInGerman) {
  Play p("noville");
  const std::string en = p.state->render_text(p.seat("us"));
  const std::string de = p.state->render_text_in(p.seat("us"), Lang::kDe);
  EXPECT_EQ(en, p.state->render_text_in(p.seat("us"), Lang::kEn));
  EXPECT_THAT(en, StartsWith("WSR-B1 Noville, Belgium  Turn 1/8 (setup, WSR 2.0)"));
  EXPECT_THAT(de, StartsWith("WSR-B1 Noville, Belgien  Spielrunde 1/8 (Spielaufbau, WSR 2.0)\n"
                             "Behältnis:"));
  EXPECT_THAT(de, HasSubstr("\nSchicksalspunkte: Deutsche 1, US 4"));
  EXPECT_THAT(en, HasSubstr("\nFate points: Germans 1, US 4"));
  EXPECT_THAT(de, HasSubstr("Ziele (Kontrolle, WSR 12.2): A-G08=US"));
  EXPECT_THAT(de,
              HasSubstr("Aufstellung der Amerikaner: Fallschirmjäger 1 in der Aufstellungszone"));
  EXPECT_THAT(de, HasSubstr("\nLegende (eine Feldreihe nimmt zwei Zeilen ein): "));
  EXPECT_THAT(de, HasSubstr(" W Wald,"));
  EXPECT_THAT(de, HasSubstr("Aufstellungszone von Fallschirmjäger 1: beliebige Waldfelder"));
  EXPECT_THAT(de, Not(HasSubstr("Objectives")));
  EXPECT_THAT(de, Not(HasSubstr("Setup zone")));
  const ActionInfo auto_setup = p.s().action_info(p.parse("auto-setup"), p.seat("us"));
  EXPECT_EQ(auto_setup.label_de, "Rest automatisch aufstellen");
  // A move's note: its cost in MP (Bewegungspunkte, BP) in the reader's language.
  Play q = WsrGermanSetUp();
  WsrGermanDraw507(q);
  q.act("select us.paratroopers-1");
  ActionList legal;
  q.state->legal_actions(legal);
  const auto move =
      std::find_if(legal.begin(), legal.end(), [](const Action& a) { return a.verb == kMoveTo; });
  ASSERT_NE(move, legal.end());
  const std::string note = q.state->annotate(*move).en;
  const std::string note_de = q.state->annotate(*move).de;
  EXPECT_THAT(note, ::testing::MatchesRegex("[0-9]+ MP, [0-9]+ left"));
  EXPECT_THAT(note_de, ::testing::MatchesRegex("[0-9]+ BP, noch [0-9]+"));
  EXPECT_EQ(note.substr(0, note.find(' ')), note_de.substr(0, note_de.find(' ')));
}

// WSR 10.0: a fate point's raise or lower says which die moves which way
// ("the 3" read as a die number).
TEST(WsrGerman, WSR10_FateRaiseAndLowerSayWhichDieMovesWhichWay) {
  Play p("noville");
  const ActionInfo up = p.s().action_info(p.parse("fate raise 3"), p.seat("us"));
  EXPECT_EQ(up.label_en, "Fate: a die showing 3 goes up by 1");
  EXPECT_EQ(up.label_de, "Schicksal: ein Würfel mit 3 wird um 1 höher");
  const ActionInfo down = p.s().action_info(p.parse("fate lower 5"), p.seat("us"));
  EXPECT_EQ(down.label_en, "Fate: a die showing 5 goes down by 1");
  EXPECT_EQ(down.label_de, "Schicksal: ein Würfel mit 5 wird um 1 niedriger");
}

// WSR 8.1: the German rulebook's word for an improved position is Schützengraben.
TEST(WsrGerman, WSR8_1_TheImprovedPositionLabelIsASchuetzengraben) {
  Play p("noville");
  const ActionInfo ip = p.s().action_info(Action(kPlaceIp, {p.hex("A-K08")}), p.seat("us"));
  EXPECT_EQ(ip.label_en, "Improved position in A-K08");
  EXPECT_EQ(ip.label_de, "Schützengraben in A-K08");
}

// WSR-A5 (Huertgen): the designated formation marker is the German rulebook's „Marker ausgewählte
// Formation“; designating before it is drawn is refused in both languages.
TEST(WsrGerman, WSR_A5_TheDesignatedMarkerIsTheMarkerAusgewaehlteFormation) {
  Play p("huertgen");
  const Text why = p.s().why_illegal_text(p.parse("designate us.2-16"));
  EXPECT_EQ(why.en, "no designated formation marker has been drawn (WSR-A5)");
  EXPECT_EQ(why.de, "kein Marker ausgewählte Formation wurde gezogen (WSR-A5)");
}

// A whole game to its end (WSR 12.2): every prompt and event on the way has its German, and the
// end reads as a sentence in both languages with the scenario's German title.
TEST(WsrGerman, WSR12_2_TheResultIsASentenceInBothLanguages) {
  Session session(ScenarioGame("noville"));
  Rng rng(5);
  RandomPlayer us(3), de(4);
  EventList events;
  int moves = 0;
  while (!session.state().is_terminal() && moves++ < 20000) {
    const State& st = session.state();
    const feldherr::Decision d = st.decision_for(kObserver);
    ASSERT_FALSE(d.prompt_de.empty()) << d.prompt;
    ASSERT_NE(d.prompt_de, d.prompt);
    events.clear();
    if (st.current_seat() == kChance)
      session.roll(rng, &events);
    else
      ASSERT_EQ(session.act((st.current_seat() == 0 ? de : us).choose(st), &events), "");
    for (const Event& e : events) {
      ASSERT_FALSE(e.text_de.empty()) << e.text;
      ASSERT_NE(e.text_de, e.text);
    }
  }
  ASSERT_TRUE(session.state().is_terminal());
  const Result r = session.state().result();
  EXPECT_THAT(r.summary, ::testing::AnyOf("us wins", "de wins"));
  const bool us_won = r.summary == "us wins";
  EXPECT_EQ(r.headline.en, us_won ? "The Americans win." : "The Germans win.");
  EXPECT_EQ(r.headline.de, us_won ? "Die Amerikaner gewinnen." : "Die Deutschen gewinnen.");
  EXPECT_THAT(r.reason_de, HasSubstr("(Siegbedingungen WSR-B1 Noville, Belgien, WSR 12.2)"));
  EXPECT_THAT(r.reason_de, HasSubstr("die Deutschen kontrollieren"));
  EXPECT_NE(r.reason_de, r.reason);
}

// The German board names the sides and formations as a German player reads them
// (not by their ids: "de", "us.507"), and the fate prompt of a drawn marker (WSR 10.0) names the
// marker in German instead of showing the action text "draw ...".
TEST(WsrGerman, WSR10_0_TheCupTheSidesAndTheFatePromptOfADrawReadInGerman) {
  Play p = WsrGermanSetUp();
  const std::string de = p.state->render_text_in(p.seat("us"), Lang::kDe);
  EXPECT_THAT(de, HasSubstr("\nBehältnis: Kampfgruppe Beck x1, 507. Paratroops x1, "));
  EXPECT_THAT(de, Not(HasSubstr("de.beck x1")));
  EXPECT_THAT(de, HasSubstr("Kontrolle US"));
  EXPECT_THAT(de, HasSubstr("\n  US Fallschirmjäger 1 (507. Paratroops) "));
  EXPECT_THAT(p.state->render_text(p.seat("us")),
              HasSubstr("Cup: Kampfgruppe Beck x1, 507th Paratroops x1, "));
  p.events.clear();
  p.act("draw us.507");
  EXPECT_EQ(WsrGermanOf(p.events, "WSR 10.0", "The drawn marker"),
            "Der gezogene Marker (Formations-Marker 507. Paratroops) der Amerikaner -- "
            "Schicksalspunkte können ihn noch ändern, bevor er wirkt.");
  ASSERT_EQ(p.state->decision().kind, "fate");
  const feldherr::Decision fate = p.state->decision();
  const Text prompt{fate.prompt, fate.prompt_de};
  EXPECT_THAT(
      prompt.de,
      StartsWith("Die Amerikaner haben 4 Schicksalspunkte; ihr eigener gezogener "
                 "Marker (Formations-Marker 507. Paratroops): ihn in das Behältnis zurücklegen "
                 "(2 Punkte), oder keinen ausgeben (WSR 10.0)."));
  EXPECT_THAT(prompt.de, Not(HasSubstr("(draw ")));
  EXPECT_THAT(prompt.en,
              StartsWith("The Americans have 4 fate points; their own drawn marker (formation "
                         "marker 507th Paratroops)"));
}

// A typed text that names no action is refused in the reader's language; the words of the
// command language stay as they are typed (WSR 3.1: a formation's marker is drawn).
TEST(WsrGerman, WSR3_1_ATextThatNamesNoActionIsRefusedInGerman) {
  Play p = WsrGermanSetUp();
  Action a;
  Text error;
  EXPECT_FALSE(p.state->parse_text("draw us.999", a, error));
  EXPECT_EQ(error, (Text{"no formation 'us.999' in this game",
                         "keine Formation 'us.999' in dieser Partie"}));
  EXPECT_FALSE(p.state->parse_text("select us.nobody", a, error));
  EXPECT_EQ(error.de, "keine Einheit 'us.nobody'");
  EXPECT_FALSE(p.state->parse_text("move Q99", a, error));
  EXPECT_EQ(error.de, "'Q99' ist kein Hexfeld (Form 'A-K08', 'K08' oder 'K8')");
  EXPECT_FALSE(p.state->parse_text("move Z-K08", a, error));
  EXPECT_EQ(error.de, "Hexfeld 'Z-K08' liegt nicht im Spielbereich dieses Szenarios");
}

// A verb of the command language with the wrong number of words is refused with the count it
// takes, not as unknown; a word that is no verb names the verbs (WSR 5.1: one unit is selected).
TEST(WsrGerman, WSR5_1_AKnownVerbWithTheWrongCountOfWordsSaysTheCount) {
  Play p = WsrGermanSetUp();
  Action a;
  Text error;
  EXPECT_FALSE(p.state->parse_text("select us.paratroopers-1 x", a, error));
  EXPECT_EQ(error, (Text{"'select' takes 1 argument(s)", "'select' braucht 1 Angabe(n)"}));
  EXPECT_FALSE(p.state->parse_text("end-impulse now", a, error));
  EXPECT_EQ(error,
            (Text{"'end-impulse' takes 0 argument(s)", "'end-impulse' braucht 0 Angabe(n)"}));
  EXPECT_FALSE(p.state->parse_text("fly B-K08", a, error));
  EXPECT_THAT(error.de, StartsWith("unbekannte Aktion 'fly' (erwartet: draw, roll, select, move"));
  EXPECT_THAT(error.en, HasSubstr("ambush, chaos-pick, call"));
}

}  // namespace
}  // namespace feldherr::wsr::testing
