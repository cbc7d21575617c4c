// Rivet Wars in German (engine/text.h): prompts, log events, refusals and the result come in
// German beside the English (German terms of the rulebook: Aufstellungspunkte, Siegpunkte,
// Segment), and the English stays as it was.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "engine/player.h"
#include "engine/session.h"
#include "tests/rivet/rivet_test_util.h"

namespace feldherr::rivet::testing {
namespace {

using ::testing::ContainsRegex;
using ::testing::HasSubstr;
using ::testing::Not;
using ::testing::StartsWith;

TEST(RivetGerman, Rw7_TheDeploymentPromptReadsInGerman) {
  auto g = MakeGame(4);
  auto s = Start(*g);
  ASSERT_EQ(s->phase, Phase::kDeployment);
  const Decision d = s->decision_for(kAllies);
  EXPECT_THAT(d.prompt, StartsWith("Allies: deploy units with "));
  EXPECT_THAT(d.prompt_in(Lang::kDe), StartsWith("Alliierte: Einheiten mit "));
  EXPECT_THAT(d.prompt_in(Lang::kDe), HasSubstr(" AP und "));
  EXPECT_THAT(d.prompt_in(Lang::kDe), HasSubstr("aufstellen oder beenden (RW §7)."));
}

TEST(RivetGerman, TheBoardPictureReadsInGermanWithTheHandsHidden) {
  auto g = MakeGame(4);
  auto s = Start(*g);
  Put(*s, "rifleman", "d5", "NW");
  const std::string en = s->render_text(kAllies);
  const std::string de = s->render_text_in(kAllies, Lang::kDe);
  EXPECT_EQ(en, s->render_text_in(kAllies, Lang::kEn));
  EXPECT_THAT(en, HasSubstr(", Allies to play\n"));
  EXPECT_THAT(de, HasSubstr(", am Zug: Alliierte\n"));
  // The mission's German name without its English in brackets.
  EXPECT_THAT(de, StartsWith("Rivet Wars Mission 4 (Raus aus dem Graben), Runde "));
  EXPECT_THAT(de, Not(HasSubstr("Over the Top")));
  EXPECT_THAT(en, HasSubstr("(Raus aus dem Graben (Over the Top))"));
  EXPECT_THAT(de, HasSubstr("  deine Action!-Karten:"));
  EXPECT_THAT(de, HasSubstr("  Die Bismarks haben "));
  // RW §3, §10: the key names the grid's letters.
  EXPECT_THAT(en, HasSubstr("  key: a/b deployment segment of the Allies/Bismark"));
  EXPECT_THAT(de, HasSubstr("  Legende: a/b Aufstellungssegment der Alliierten/Bismarks"));
  EXPECT_THAT(de, HasSubstr("W Stacheldraht, M Minenfeld, T Panzersperre"));
  EXPECT_THAT(
      de, HasSubstr(" Alliierte " +
                    g->data().units[static_cast<size_t>(g->data().unit_index("rifleman"))].german));
}

TEST(RivetGerman, Content6_2_W9_TheOthersReadTheReactionWindowInGermanWithoutTheCard) {
  auto g = MakeGame(4);
  auto s = Start(*g);
  s->hands[kAllies].clear();
  s->hands[kBismark].clear();
  Put(*s, "rifleman", "d6", "NW");
  const int d = Put(*s, "monowheel_dragoon", "d5", "S");
  Give(*s, kAllies, "AC-19");
  EnterPhase(*s, kBismark, Phase::kCombat);
  s->apply(Action(kActivate, {Seg(*s, "d5")}));
  Do(*s, "attack u" + std::to_string(d) + " w1 d6");
  if (s->current_seat() == kAllies) s->apply(Action(kEnd, {}));
  s->apply(Action(kDie, {6}));
  s->apply(Action(kDie, {2}));
  ASSERT_EQ(s->decision().kind, "reaction");
  EXPECT_THAT(s->decision_for(kAllies).prompt_in(Lang::kDe),
              HasSubstr("AC-19 Dud Shell spielen, um diesen Treffer aufzuheben"));
  for (int viewer : {kBismark, kObserver}) {
    const std::string de = s->decision_for(viewer).prompt_in(Lang::kDe);
    EXPECT_THAT(de, StartsWith("Die Alliierten dürfen eine Action!-Karte gegen diesen Treffer"));
    EXPECT_THAT(de, Not(HasSubstr("AC-")));
  }
}

TEST(RivetGerman, Rw7_1_DeployingIsLoggedInGermanWithTheGermanUnitName) {
  auto g = MakeGame(4);
  auto s = Start(*g);
  const int type = g->data().unit_index("rifleman");
  ASSERT_GE(type, 0);
  const ActionList legal = static_cast<const State&>(*s).legal_actions();
  const auto it = std::find_if(legal.begin(), legal.end(), [&](const Action& a) {
    return a.verb == kDeploy && a.arg(0) == type;
  });
  ASSERT_NE(it, legal.end());
  EventList ev;
  s->apply(*it, &ev);
  ASSERT_EQ(ev.size(), 1u);
  const std::string& german = g->data().units[static_cast<size_t>(type)].german;
  ASSERT_FALSE(german.empty());
  EXPECT_THAT(ev[0].text, StartsWith("The Allies deploy Rifleman (u"));
  EXPECT_THAT(ev[0].text_de, StartsWith("Die Alliierten stellen " + german + " (u"));
  EXPECT_THAT(ev[0].text_de, HasSubstr(" auf"));
}

TEST(RivetGerman, Rw8_1_TheRefusalCitesTheRuleInGerman) {
  auto g = MakeGame(4);
  auto s = Start(*g);
  const int r = Put(*s, "rifleman", "d5", "NW");
  Put(*s, "rifleman", "d4", "NE");  // friendly units in the target segment
  EnterPhase(*s, kAllies, Phase::kCombat);
  s->apply(Action(kActivate, {Seg(*s, "d5")}));
  Action a;
  std::string error;
  ASSERT_TRUE(s->parse("attack u" + std::to_string(r) + " w1 d4", a, error)) << error;
  const Text why = s->why_illegal_text(a);
  EXPECT_EQ(why.en, "RW §3, §8.1 step 4: d4 holds friendly units");
  EXPECT_EQ(why.de, "RW §3, §8.1 Schritt 4: in d4 stehen eigene Einheiten");
  EXPECT_EQ(s->why_illegal(a), why.en);
}

// A whole game to its end: "bismark wins" is the replay logs' form; a player reads a sentence in
// either language, and every prompt and event on the way has its German. Random players end in a
// draw at the round limit, the heuristic's mission 1 in a win.
class RivetEnding : public ::testing::TestWithParam<bool> {};

TEST_P(RivetEnding, Rw13_TheResultIsASentenceInBothLanguages) {
  const bool heuristic = GetParam();
  RivetOptions o;
  o.max_rounds = heuristic ? 30 : 3;
  auto g = MakeGame(1, ShippedData(), o);
  Session session(g);
  Rng rng(5);
  std::unique_ptr<Player> allies = std::make_unique<RandomPlayer>(1),
                          bismark = std::make_unique<RandomPlayer>(2);
  if (heuristic) {
    allies = make_rivet_heuristic(kAllies, 1, {});
    bismark = make_rivet_heuristic(kBismark, 2, {});
  }
  EventList events;
  while (!session.state().is_terminal()) {
    const State& st = session.state();
    const Decision d = st.decision_for(kObserver);
    ASSERT_FALSE(d.prompt_de.empty()) << d.prompt;
    events.clear();
    if (st.current_seat() == kChance)
      session.roll(rng, &events);
    else
      ASSERT_EQ(session.act((st.current_seat() == kAllies ? allies : bismark)->choose(st), &events),
                "");
    for (const Event& e : events) {
      ASSERT_FALSE(e.text_de.empty()) << e.text;
      // The English names the sides, not their ids ("The Allies draw", "Bismark draws").
      EXPECT_THAT(e.text, Not(ContainsRegex("(^|[^A-Za-z])(allies|bismark)([^A-Za-z]|$)")))
          << e.text;
      EXPECT_THAT(e.text, Not(HasSubstr("Allies draws"))) << e.text;
    }
  }
  const Result r = session.state().result();
  ASSERT_FALSE(r.reason_de.empty()) << r.reason;
  EXPECT_NE(r.reason_de, r.reason);
  EXPECT_EQ(r.summary, heuristic ? "allies wins" : "draw");
  if (r.summary == "draw") {
    EXPECT_EQ(r.headline.de, "Unentschieden.");
  } else {
    EXPECT_THAT(r.summary, ::testing::AnyOf("allies wins", "bismark wins"));
    EXPECT_EQ(r.headline.en, r.summary == "allies wins" ? "The Allies win." : "Bismark wins.");
    EXPECT_THAT(r.reason, StartsWith(r.summary == "allies wins" ? "The Allies " : "Bismark "));
    // The state keeps the ending's record in its fixed form, by the side's id.
    const auto& rs = static_cast<const RivetState&>(session.state());
    EXPECT_THAT(rs.end_reason, StartsWith(r.summary == "allies wins" ? "allies " : "bismark "));
    EXPECT_EQ(r.headline.de,
              r.summary == "allies wins" ? "Die Alliierten gewinnen." : "Die Bismarks gewinnen.");
  }
  ASSERT_FALSE(events.empty());
  EXPECT_EQ(events.back().text, r.reason);
  EXPECT_EQ(events.back().text_de, r.reason_de);
}

INSTANTIATE_TEST_SUITE_P(RivetGerman, RivetEnding, ::testing::Values(false, true));

// A typed text that names no action is refused in the reader's language; the words of the
// command language stay as they are typed (RW §7: deploying a unit type into a segment).
TEST(RivetGerman, Rw7_ATextThatNamesNoActionIsRefusedInGerman) {
  auto g = MakeGame(4);
  auto s = Start(*g);
  Action a;
  Text error;
  EXPECT_FALSE(s->parse_text("deploy zeppelin a6 NW", a, error));
  EXPECT_EQ(error, (Text{"unknown unit type 'zeppelin'", "unbekannter Einheitentyp 'zeppelin'"}));
  EXPECT_FALSE(s->parse_text("end now", a, error));
  EXPECT_EQ(error, (Text{"'end' takes 0 argument(s)", "'end' braucht 0 Angabe(n)"}));
  EXPECT_FALSE(s->parse_text("blah", a, error));
  EXPECT_EQ(error.de,
            "unbekannter Befehl 'blah' (deploy, plug, activate, attack, snipe, rush, dash, step, "
            "place, end)");
}

}  // namespace
}  // namespace feldherr::rivet::testing
