// The Planspiel in German (engine/text.h): prompts, log events, refusals, the result, the board
// picture and the action labels come in German beside the English, in the words of the German
// rulebook (Teilzug, FERTIG, Wirkungsstufe, Niederhaltung, Gegenzug, Nahkampf, Ausfallwurf), the
// hidden-information texts masked in German as in English, and the English as it was.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <functional>

#include "engine/player.h"
#include "engine/session.h"
#include "games/planspiel/state.h"

namespace feldherr::planspiel {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;
using ::testing::StartsWith;

std::unique_ptr<PlanspielState> GermanStart(const std::string& id = "ps-1") {
  auto game = make_planspiel(id);
  return std::unique_ptr<PlanspielState>(
      dynamic_cast<PlanspielState*>(game->new_initial_state().release()));
}

int GermanU(const PlanspielState& s, const std::string& id) {
  const int u = s.ps().unit_index(id);
  EXPECT_GE(u, 0) << id;
  return u;
}

Action GermanA(const PlanspielState& s, const std::string& text) {
  Action a;
  std::string error;
  if (!s.parse(text, a, error)) throw std::logic_error("cannot parse '" + text + "': " + error);
  return a;
}

// Applies each text (each must be legal), passing counter-move windows; the events.
EventList GermanPlay(PlanspielState& s, std::initializer_list<std::string> texts) {
  EventList events;
  for (const std::string& t : texts) {
    while (s.step() == StepKind::kCounterMove && !s.why_illegal(GermanA(s, t)).empty())
      s.apply(Action(kPass, {}), &events);
    const Action a = GermanA(s, t);
    EXPECT_EQ(s.why_illegal(a), "") << t;
    s.apply(a, &events);
  }
  return events;
}

// The German of the first event of `rule` ("" when none).
std::string GermanEvent(const EventList& ev, const std::string& rule) {
  for (const Event& e : ev)
    if (e.rule == rule) return e.text_de;
  return "";
}

TEST(PlanspielGerman, PS_3_2_TheActivityPromptReadsInGerman) {
  auto s = GermanStart();
  const Decision d = s->decision_for(kPartyRed);
  EXPECT_THAT(d.prompt, StartsWith("Game turn 1 of 12, Red's half-turn, phase 2: "));
  EXPECT_EQ(d.prompt_in(Lang::kDe),
            "Zug 1 von 12, Teilzug von Rot, Phase 2: zuerst Steilfeuer, oder bewegen, feuern, "
            "Nahkampf oder FERTIG (PS §3.2)");
}

// PS §8.7 with PS §8.8 #1: the HMG fires at B-I2 dug in at 7,4, natural 6: black. The fire, the
// effect roll's prompt and the effect are logged in German with the modifier's German name.
TEST(PlanspielGerman, PS_8_7_TheFireAndItsEffectAreLoggedInGerman) {
  auto s = GermanStart();
  s->place_for_test(GermanU(*s, "R-H1"), {7, 6});
  EventList ev = GermanPlay(*s, {"fire R-H1 7,4"});
  EXPECT_EQ(GermanEvent(ev, "PS §8.1"), "R-H1 feuert auf 7,4.");
  EXPECT_EQ(GermanEvent(ev, "PS §3.2"), "Phase 3: Bewegung, direktes Feuer und Nahkampf.");
  EXPECT_EQ(s->decision().prompt_in(Lang::kDe),
            "Wirkungswurf für das Feuer von R-H1 auf 7,4 (PS §8.6)");
  ev = GermanPlay(*s, {"roll 6"});
  const std::string effect = GermanEvent(ev, "PS §8.7");
  EXPECT_THAT(effect, StartsWith("Würfel 6 gegen B-I2 ("));
  EXPECT_THAT(effect, HasSubstr("-1 Deckung (PS §8.8 #1)"));
  EXPECT_THAT(effect, HasSubstr(": Wirkungsstufe 5 (schwarz)."));
  EXPECT_EQ(s->unit(GermanU(*s, "B-I2")).suppression, 5);
}

TEST(PlanspielGerman, PS_8_1_TheRefusalCitesTheRuleInGerman) {
  auto s = GermanStart();
  const Text why = s->why_illegal_text(GermanA(*s, "fire R-H1 6,3"));
  EXPECT_EQ(why.en, "PS §8.1: direct fire only at detected targets; Red sees none in 6,3");
  EXPECT_EQ(why.de,
            "PS §8.1: direktes Feuer nur auf erkannte Ziele; Rot hat in 6,3 keines erkannt");
  EXPECT_EQ(s->why_illegal(GermanA(*s, "fire R-H1 6,3")), why.en);
  const Text blue = s->why_illegal_text(GermanA(*s, "move B-I2 8,4"));
  EXPECT_EQ(blue.de, "PS §3.1: nur die aktive Partei bewegt");
}

// PS §3.2, §3.1, G-05: FERTIG, the other party's half-turn; a move Blue does not see reads
// masked for Blue in German as in English (PS §7.5).
TEST(PlanspielGerman, PS_3_2_FertigAndAnUnseenMoveInGerman) {
  auto s = GermanStart();
  EventList ev = GermanPlay(*s, {"move R-I1 3,9", "fertig"});
  bool masked = false;
  for (const Event& e : ev)
    if (e.rule == "PS §6" && e.others) {
      masked = true;
      EXPECT_EQ(event_text(e, kPartyBlue, Lang::kDe), e.others_de.value_or(""));
      EXPECT_THAT(event_text(e, kPartyRed, Lang::kDe), StartsWith("R-I1 zieht nach 3,9"));
      EXPECT_THAT(event_text(e, kPartyBlue, Lang::kDe), Not(HasSubstr("3,9")));
    }
  EXPECT_TRUE(masked);
  const auto said = [&](const std::string& rule, const std::string& de) {
    return std::any_of(ev.begin(), ev.end(),
                       [&](const Event& e) { return e.rule == rule && e.text_de == de; });
  };
  EXPECT_TRUE(said("PS §3.2", "Rot: FERTIG."));
  EXPECT_TRUE(said("PS §3.1", "Zug 1: Teilzug von Blau."));
}

TEST(PlanspielGerman, TheBoardPictureAndTheLabelsReadInGerman) {
  auto s = GermanStart();
  const std::string en = s->render_text(kPartyRed);
  const std::string de = s->render_text_in(kPartyRed, Lang::kDe);
  EXPECT_EQ(en, s->render_text_in(kPartyRed, Lang::kEn));
  EXPECT_THAT(en, StartsWith("Der Gutshof (the estate farm) - game turn 1/12 (D5), Red's "
                             "half-turn; losses Red 0, Blue 0\n"));
  EXPECT_THAT(de, StartsWith("Der Gutshof - Zug 1/12 (D5), Teilzug von Rot; Verluste Rot 0, "
                             "Blau 0\n"));
  EXPECT_THAT(de, HasSubstr("\nBesitz: "));
  EXPECT_THAT(de, Not(HasSubstr("half-turn")));
  // Scenarios §1.3: the key gives each map letter its meaning.
  EXPECT_THAT(en, HasSubstr("terrain: . open, = road, F forest,"));
  EXPECT_THAT(de, HasSubstr("B Siedlung, b Siedlung mit Straße, R Felsen,\n S Sumpf, W Gewässer, "
                            "H feste Brücke)"));
  const ActionInfo fertig = s->action_info(GermanA(*s, "fertig"), kPartyRed);
  EXPECT_EQ(fertig.label_de, "FERTIG: Teilzug beenden");
}

// Scenarios §1.5 in German: the set-up prompt, a refusal, the placement masked for the other
// party, and the end of the set-up (PS-3: both parties in their zones).
TEST(PlanspielGerman, Scenarios_1_5_TheSetUpReadsInGerman) {
  auto s = GermanStart("ps-3");
  EXPECT_EQ(s->decision_for(kPartyRed).prompt_in(Lang::kDe),
            "Aufstellung: Rot stellt seine Einheiten in seinem Raum x 0..2, y 0..15 auf, jede "
            "einmal; FERTIG lässt die übrigen auf ihren vorgesehenen Feldern (scenarios §1.5)");
  EXPECT_EQ(s->why_illegal_text(GermanA(*s, "place R-T1 3,6")).de,
            "scenarios §1.5: 3,6 liegt außerhalb des Aufstellungsraums von Rot, x 0..2, y 0..15");
  EXPECT_EQ(s->action_info(GermanA(*s, "place R-T1 0,0"), kPartyRed).label_de,
            "R-T1 in 0,0 aufstellen");
  const EventList ev = GermanPlay(*s, {"place R-T1 0,0", "fertig"});
  ASSERT_GE(ev.size(), 2u);
  EXPECT_EQ(event_text(ev[0], kPartyRed, Lang::kDe), "R-T1 wird in 0,0 aufgestellt.");
  EXPECT_EQ(event_text(ev[0], kPartyBlue, Lang::kDe), "Rot stellt eine Einheit auf.");
  EXPECT_EQ(GermanEvent(ev, "scenarios §1.5"), "R-T1 wird in 0,0 aufgestellt.");
  EXPECT_EQ(ev[1].text_de, "Rot hat aufgestellt.");
}

// Plays `session` to its end, the dice from `dice` and both parties by random players seeded
// `red` and `blue`; `look` sees every position before its action, `heard` every action's events.
void PlayRandomGame(Session& session, uint64_t dice, uint64_t red, uint64_t blue,
                    const std::function<void(const State&)>& look,
                    const std::function<void(const EventList&)>& heard) {
  Rng rng(dice);
  RandomPlayer red_player(red), blue_player(blue);
  EventList events;
  for (int moves = 0; !session.state().is_terminal() && moves < 20000; ++moves) {
    const State& st = session.state();
    look(st);
    if (::testing::Test::HasFatalFailure()) return;
    events.clear();
    if (st.current_seat() == kChance)
      session.roll(rng, &events);
    else
      ASSERT_EQ(session.act((st.current_seat() == kPartyRed ? red_player : blue_player).choose(st),
                            &events),
                "");
    heard(events);
    if (::testing::Test::HasFatalFailure()) return;
  }
}

// A whole game to its end: every prompt and event on the way has its German, and the end reads
// as a sentence in both languages (the outcome line of the situation in German).
TEST(PlanspielGerman, Scenarios_1_7_TheResultIsASentenceInBothLanguages) {
  Session session(make_planspiel("ps-1"));
  EventList last;
  PlayRandomGame(
      session, 17, 4, 5,
      [](const State& st) {
        for (int viewer : {kPartyRed, kPartyBlue, kObserver}) {
          const Decision d = st.decision_for(viewer);
          ASSERT_FALSE(d.prompt_de.empty()) << d.prompt;
          ASSERT_NE(d.prompt_de, d.prompt);
        }
      },
      [&last](const EventList& events) {
        for (const Event& e : events) {
          ASSERT_FALSE(e.text_de.empty()) << e.text;
          ASSERT_NE(e.text_de, e.text);
          ASSERT_EQ(e.others.has_value(), e.others_de.has_value()) << e.text;
        }
        last = events;
      });
  ASSERT_TRUE(session.state().is_terminal());
  const Result r = session.state().result();
  EXPECT_THAT(r.headline.de, ::testing::AnyOf("Rot gewinnt.", "Blau gewinnt.", "Unentschieden."));
  EXPECT_THAT(r.reason_de, HasSubstr("(scenarios §1.7)"));
  EXPECT_NE(r.reason_de, r.reason);
  ASSERT_FALSE(last.empty());
  EXPECT_EQ(last.back().text_de, r.reason_de + ".");
}

// PS §7.5: a unit the viewer does not see is "(hidden)" in his English texts and "(verdeckt)" in
// his German ones: the prompts of chance steps (an unseen gun's effect roll, a false counter-move's
// dice) and the events told to the other party, over whole random games of every situation.
TEST(PlanspielGerman, PS_7_5_AnUnseenUnitReadsVerdecktInGermanPromptsAndEvents) {
  int masked = 0;
  for (const char* id : {"ps-1", "ps-2", "ps-3"}) {
    for (uint64_t seed = 1; seed <= 4; ++seed) {
      SCOPED_TRACE(std::string(id) + " seed " + std::to_string(seed));
      Session session(make_planspiel(id));
      PlayRandomGame(
          session, seed, seed * 2, seed * 2 + 1,
          [&masked](const State& st) {
            for (int viewer : {kPartyRed, kPartyBlue, kObserver}) {
              const Decision d = st.decision_for(viewer);
              ASSERT_THAT(d.prompt_de, Not(HasSubstr("(hidden)")));
              masked += d.prompt_de.find("(verdeckt)") != std::string::npos;
            }
          },
          [&masked](const EventList& events) {
            for (const Event& e : events) {
              if (!e.others_de) continue;
              ASSERT_THAT(*e.others_de, Not(HasSubstr("(hidden)")));
              masked += e.others_de->find("(verdeckt)") != std::string::npos;
            }
          });
      ASSERT_FALSE(::testing::Test::HasFatalFailure());
    }
  }
  EXPECT_GT(masked, 0);
}

// A typed text that names no action is refused in the reader's language; the words of the
// command language stay as they are typed (PS §9.6: two or three units move together).
TEST(PlanspielGerman, PS9_6_ATextThatNamesNoActionIsRefusedInGerman) {
  auto s = GermanStart();
  Action a;
  Text error;
  EXPECT_FALSE(s->parse_text("move X-9 1,1", a, error));
  EXPECT_EQ(error, (Text{"no unit 'X-9' in this situation", "keine Einheit 'X-9' in dieser Lage"}));
  EXPECT_FALSE(s->parse_text("move R-I1 40,1", a, error));
  EXPECT_EQ(error.de, "'40,1' ist kein Feld der Platte (x,y)");
  EXPECT_FALSE(s->parse_text("together R-I1", a, error));
  EXPECT_EQ(error.de,
            "together EINHEIT EINHEIT [EINHEIT]: zwei oder drei Einheiten bewegen sich "
            "gleichzeitig (PS §9.6)");
}

}  // namespace
}  // namespace feldherr::planspiel
