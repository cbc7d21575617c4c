// The texts a player reads name a player's side as the game names it ("Defender 2", "Verteidiger
// 2"; WpGame::side_name), never by its seat id ("p2"), which is for typing (`--seat`, `give p2`):
// the prompts, the log's events, the refusals, the action labels and the end of random games with
// one to four players, in English and German, as each seat and a spectator read them.
#include <gtest/gtest.h>

#include <cctype>
#include <map>
#include <string>
#include <vector>

#include "engine/player.h"
#include "engine/session.h"
#include "engine/view.h"
#include "tests/id_words.h"
#include "tests/westerplatte/wp_test_util.h"

namespace feldherr::westerplatte::testing {
namespace {

// The seat id that `text` names as a word ("p1".."p4"), "" when none (tests/id_words.h).
std::string WpSeatIdWordIn(const std::string& text) {
  return feldherr::test_util::IdWordIn(text, {"p1", "p2", "p3", "p4"});
}

// The texts that name a seat by its id, each once with where it was first read; and how many
// texts were read.
struct WpSeatIdTexts {
  std::map<std::string, std::string> found;  // text -> where
  size_t read = 0;
  void check(const std::string& where, const std::string& text) {
    ++read;
    const std::string id = WpSeatIdWordIn(text);
    if (!id.empty()) found.emplace(text, where + " names \"" + id + "\"");
  }
  void check(const std::string& where, const Text& text) {
    check(where + " (en)", text.en);
    check(where + " (de)", text.de);
  }
};

// A random game to its end, reading what every seat and a spectator read. Refusals: actions
// legal at an earlier decision, asked again now (a few a step).
void WpReadRandomGame(const std::string& level, int players, uint64_t seed, WpSeatIdTexts& seen) {
  Session session(make_game(level, players));
  Rng rng(seed);
  RandomPlayer random(seed);
  std::vector<Action> earlier;
  EventList events;
  std::vector<int> viewers = {kObserver};
  for (int p = 0; p < players; ++p) viewers.push_back(p);
  const std::string game = level + " players=" + std::to_string(players);
  for (int n = 0; n < 20000 && !session.state().is_terminal(); ++n) {
    const State& st = session.state();
    const std::string at = game + " action " + std::to_string(n);
    for (int v : viewers) {
      const feldherr::Decision d = st.decision_for(v);
      seen.check(at + " prompt", Text{d.prompt_in(Lang::kEn), d.prompt_in(Lang::kDe)});
    }
    for (int k = 0; k < 3 && !earlier.empty(); ++k) {
      const Action& a = earlier[rng.below(static_cast<uint32_t>(earlier.size()))];
      seen.check(at + " refusal of " + st.describe(a), st.why_illegal_text(a));
    }
    events.clear();
    if (st.current_seat() == kChance) {
      session.roll(rng, &events);
    } else {
      ViewOptions options;
      options.notes = false;
      for (const ViewedAction& va : view_of(st, st.current_seat(), options).legal)
        seen.check(at + " label of " + va.info.text, Text{va.info.label_en, va.info.label_de});
      const ActionList legal = st.legal_actions();
      for (size_t k = 0; k < legal.size() && k < 8; ++k)
        earlier.push_back(legal[rng.below(static_cast<uint32_t>(legal.size()))]);
      if (earlier.size() > 200) earlier.erase(earlier.begin(), earlier.end() - 100);
      ASSERT_EQ(session.act(random.choose(st), &events), "") << at;
    }
    for (const Event& e : events)
      for (int v : viewers)
        seen.check(at + " event [" + e.rule + "]",
                   Text{event_text(e, v, Lang::kEn), event_text(e, v, Lang::kDe)});
  }
  ASSERT_TRUE(session.state().is_terminal()) << game;
  const Result r = session.state().result();
  seen.check(game + " result headline", r.headline);
  seen.check(game + " result reason", Text{r.reason, r.reason_de});
  for (int v : viewers)
    seen.check(game + " board", Text{session.state().render_text_in(v, Lang::kEn),
                                     session.state().render_text_in(v, Lang::kDe)});
}

// WP 5 (placing the officers), WP 7.1 (the player's turn, its refusals), WP 8 (markers), WP 10
// (ammunition handed out): the player is named by the side's name in both languages.
TEST(WpSideNames, WP5_WP7_1_WP8_PromptsLogRefusalsAndLabelsNameThePlayersNotTheirSeatIds) {
  WpSeatIdTexts seen;
  for (const char* level : {"easy", "medium", "hard"})
    for (int players = 1; players <= 4; ++players)
      WpReadRandomGame(level, players, static_cast<uint64_t>(10 * players + 1), seen);
  for (const auto& [text, where] : seen.found) ADD_FAILURE() << where << ": " << text;
  EXPECT_EQ(seen.found.size(), 0u);
  EXPECT_GT(seen.read, 20000u);  // the games were played
}

// The turn prompt and the log of a turn's end name the player "Defender 1" / "Verteidiger 1".
TEST(WpSideNames, WP7_1_TheTurnPromptAndItsEndNameTheDefender) {
  auto s = fresh("medium", 2, "C");
  const Decision d = s->decision_for(0);
  EXPECT_EQ(d.prompt, "Defender 1: move (up to 2) and act (1), then end the phase (WP 7.1)");
  EventList ev;
  play(*s, "end", &ev);
  ASSERT_FALSE(ev.empty());
  EXPECT_EQ(ev.front().text, "Defender 1 ends the move-and-action phase");
  EXPECT_EQ(ev.front().text_de, "Verteidiger 1 beendet die Phase Aktion / Bewegung");
}

// The check itself: the attack cards and the officers are not seat ids.
TEST(WpSideNames, ASeatIdIsAWordOfItsOwnNotACardOrAnOfficer) {
  EXPECT_EQ(WpSeatIdWordIn("p1 ends the move-and-action phase"), "p1");
  EXPECT_EQ(WpSeatIdWordIn("kein Offizier von p2 steht"), "p2");
  EXPECT_EQ(WpSeatIdWordIn("Give to p3."), "p3");
  EXPECT_EQ(WpSeatIdWordIn("Defender 1 draws P1-13; o1 (Defender 1) spends 1 ammo"), "");
}

}  // namespace
}  // namespace feldherr::westerplatte::testing
