// The readings of RW §4.5 (R1, initiative once or every round) and the round cap as options
// (docs/rules/rivet.md R1, docs/rivet.md "Options"), the W1 window and deviation odds that show
// nothing hidden, and logs written before these options.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <string>

#include "engine/conformance.h"
#include "engine/registry.h"
#include "engine/replay.h"
#include "tests/rivet/rivet_test_util.h"

namespace feldherr::rivet::testing {
namespace {

// Ends the active player's turn from its deployment phase (deployment, combat, movement).
void EndPhases(RivetState& s) {
  Do(s, "end");
  Do(s, "end");
  Do(s, "end");
}

// Round 1 of mission `m` (allies first, roll 6:1) played to its end without a unit.
std::unique_ptr<RivetState> AfterRoundOne(const RivetGame& g) {
  auto s = Start(g);
  EndPhases(*s);  // allies
  Cards(*s);
  EndPhases(*s);  // bismark: the round ends
  return s;
}

// The secret-mission draws of a card phase, the first missions of the deck (RW §5.1 step 3).
void DrawSecrets(RivetState& s) {
  while (s.phase == Phase::kCards && s.current_seat() == kChance)
    s.apply(s.chance_outcomes().front().action);
}

std::string EventRules(const EventList& ev) {
  std::string out;
  for (const Event& e : ev) out += e.rule + ": " + e.text + "\n";
  return out;
}

std::shared_ptr<const Game> Registered(int mission, const Options& options) {
  return all_games().create("rivet/mission-" + std::to_string(mission), options);
}

const RivetGame& AsRivet(const std::shared_ptr<const Game>& g) {
  return static_cast<const RivetGame&>(*g);
}

// RW §4.5 R1, default initiative=round: "Zu Beginn eines Zuges würfeln die Spieler die
// Initiative aus" opens every round with a roll, a chance step logged with the rule id; the
// higher die takes the first turn of that round.
TEST(RivetReadings, RW_4_5_R1_InitiativeRolledEachRound) {
  auto g = MakeGame(1);
  auto s = AfterRoundOne(*g);
  EXPECT_EQ(s->round, 2);
  ASSERT_EQ(s->phase, Phase::kInitiative);
  EXPECT_EQ(s->current_seat(), kChance);
  EXPECT_EQ(s->decision().prompt,
            "Round 2: each player rolls 1d6 for the initiative (RW §4.5 R1).");
  EXPECT_EQ(s->chance_outcomes().size(), 36u);
  EventList ev;
  Do(*s, "initiative 2 5", &ev);
  EXPECT_NE(
      EventRules(ev).find(
          "RW §4.5 R1: round 2 initiative: the Allies roll 2, Bismark rolls 5; Bismark takes the "
          "first turn"),
      std::string::npos)
      << EventRules(ev);
  EXPECT_EQ(s->first, kBismark);
  EXPECT_EQ(s->active, kBismark);
  EXPECT_EQ(s->turn_in_round, 0);
  // Bismark closed round 1 and opens round 2: two turns in a row, each with its own resources.
  EXPECT_EQ(s->dp[kBismark], s->mission().dp[kBismark]);
  Cards(*s);
  EndPhases(*s);
  EXPECT_EQ(s->active, kAllies);  // the second turn of round 2
  EXPECT_EQ(s->turn_in_round, 1);
  Cards(*s);
  EndPhases(*s);
  EXPECT_EQ(s->round, 3);
  EXPECT_EQ(s->phase, Phase::kInitiative);  // and again at the start of round 3
}

// RW §4.5: ties are rolled again in every round as in the first.
TEST(RivetReadings, RW_4_5_R1_TiesRolledAgainEachRound) {
  auto g = MakeGame(1);
  auto s = AfterRoundOne(*g);
  EventList ev;
  Do(*s, "initiative 4 4", &ev);
  EXPECT_NE(EventRules(ev).find("a tie is rolled again"), std::string::npos) << EventRules(ev);
  EXPECT_EQ(s->phase, Phase::kInitiative);
  EXPECT_EQ(s->current_seat(), kChance);
  Do(*s, "initiative 6 3");
  EXPECT_EQ(s->active, kAllies);
  EXPECT_EQ(s->round, 2);
}

// Option initiative=game: the reading of a single roll at the start of the game; the first
// player of round 1 opens every round.
TEST(RivetReadings, RW_4_5_R1_InitiativeOncePerGameOption) {
  auto g = Registered(1, {{"initiative", "game"}});
  EXPECT_EQ(g->options(), (Options{{"initiative", "game"}, {"max_rounds", "none"}}));
  auto s = AfterRoundOne(AsRivet(g));
  EXPECT_EQ(s->round, 2);
  EXPECT_NE(s->phase, Phase::kInitiative);
  EXPECT_EQ(s->active, kAllies);
  EXPECT_EQ(s->turn_in_round, 0);
  // The default is the literal reading, and only round or game are values.
  EXPECT_EQ(Registered(1, {})->options(),
            (Options{{"initiative", "round"}, {"max_rounds", "none"}}));
  EXPECT_THROW(Registered(1, {{"initiative", "turn"}}), UsageError);
}

// RW §12 (missions 2 and 6: "Der Alliierten-Spieler beginnt", "Die Alliierten machen den ersten
// Zug") names the first player of the game; with initiative=round the later rounds are rolled.
TEST(RivetReadings, RW_12_R1_NamedFirstPlayerOpensTheFirstRoundOnly) {
  for (int m : {2, 6}) {
    auto g = MakeGame(m);
    auto s =
        std::unique_ptr<RivetState>(static_cast<RivetState*>(g->new_initial_state().release()));
    EXPECT_NE(s->phase, Phase::kInitiative) << m;
    EXPECT_EQ(s->active, kAllies) << m;
    Cards(*s);
    EndPhases(*s);
    Cards(*s);
    EndPhases(*s);
    EXPECT_EQ(s->round, 2) << m;
    EXPECT_EQ(s->phase, Phase::kInitiative) << m;
    auto once = MakeGame(m, ShippedData(), InitiativeOnce());
    auto t =
        std::unique_ptr<RivetState>(static_cast<RivetState*>(once->new_initial_state().release()));
    Cards(*t);
    EndPhases(*t);
    Cards(*t);
    EndPhases(*t);
    EXPECT_EQ(t->round, 2) << m;
    EXPECT_EQ(t->active, kAllies) << m;
    EXPECT_NE(t->phase, Phase::kInitiative) << m;
  }
}

// The round cap is no rule (RW §13 ends the game only by the victory conditions): by default a
// game goes on past round 30; max_rounds=N ends it after round N, more VP winning.
TEST(RivetReadings, RW_13_RoundCapOnlyAsOption) {
  auto g = MakeGame(1, ShippedData(), InitiativeOnce());
  auto s = Start(*g);
  s->round = 30;
  s->vp = {2, 1};
  EndPhases(*s);
  Cards(*s);
  EndPhases(*s);
  EXPECT_FALSE(s->is_terminal());
  EXPECT_EQ(s->round, 31);

  auto capped = Registered(1, {{"max_rounds", "3"}, {"initiative", "game"}});
  EXPECT_EQ(capped->options(), (Options{{"initiative", "game"}, {"max_rounds", "3"}}));
  auto c = Start(AsRivet(capped));
  c->round = 3;
  c->vp = {2, 1};
  EndPhases(*c);
  Cards(*c);
  EventList ev;
  Do(*c, "end");
  Do(*c, "end");
  Do(*c, "end", &ev);
  ASSERT_TRUE(c->is_terminal());
  EXPECT_EQ(c->result().summary, "allies wins");
  EXPECT_NE(EventRules(ev).find("(option max_rounds, not a rule)"), std::string::npos)
      << EventRules(ev);
  EXPECT_THROW(Registered(1, {{"max_rounds", "0"}}), UsageError);
}

// A log written before these options names only round_limit (then 30 by default): it plays as
// initiative=game with that cap and the W1 pause of then, and verifies as it was played. The
// stored log (heuristic vs heuristic, mission 4) was written by rules rivet-0.1.
TEST(RivetReadings, OldLogsWithRoundLimitVerifyAsPlayed) {
  auto g = Registered(4, {{"round_limit", "30"}});
  EXPECT_EQ(g->options(), (Options{{"initiative", "game"}, {"max_rounds", "30"}}));
  EXPECT_TRUE(AsRivet(g).opts().legacy_w1);
  const std::string path =
      std::string(FELDHERR_SOURCE_DIR) + "/tests/rivet/data/mission-4-rivet-0.1.jsonl";
  const ReplayFile replay = load_replay(path);
  EXPECT_EQ(replay.rules_version, "rivet-0.1");
  auto old = Registered(4, replay.options);
  const VerifyReport report = verify_replay(*old, replay, path);
  EXPECT_TRUE(report.ok) << report.error;
  EXPECT_EQ(report.actions, 250);
  EXPECT_EQ(report.result_summary, "bismark wins");
  // The same actions under today's rules diverge (the W1 window pauses for a hand that could
  // hold a W1 card): the legacy option is what keeps the old log valid.
  auto today = Registered(4, {{"initiative", "game"}, {"max_rounds", "30"}});
  EXPECT_FALSE(verify_replay(*today, replay, path).ok);
  EXPECT_THROW(Registered(4, {{"round_limit", "30"}, {"max_rounds", "12"}}), UsageError);
}

// Content §6.2 W1 (reading E7): the card phase pauses after the draws whenever the player could
// hold AC-23 or AC-24 for all the opponent can tell, so the pause shows nothing of the hand.
TEST(RivetReadings, Content6_2_W1_PauseShowsNothingOfTheHand) {
  auto g = MakeGame(4, ShippedData(), InitiativeOnce());
  for (const char* drawn : {"AC-23", "AC-01"}) {
    auto s = Start(*g);
    EndPhases(*s);  // allies; bismark's card phase: an empty hand, no discard decision
    ASSERT_EQ(s->active, kBismark);
    ASSERT_EQ(s->current_seat(), kChance);
    Do(*s, std::string("draw ") + drawn);
    DrawSecrets(*s);
    EXPECT_EQ(s->phase, Phase::kCards) << drawn;
    EXPECT_EQ(s->current_seat(), kBismark) << drawn;
    EXPECT_EQ(s->decision_for(kAllies).prompt,
              "Bismark: play an Action! card after the draws, or end (content §6.2 W1).");
    ActionList legal;
    s->legal_actions(legal);
    EXPECT_EQ(legal.size(), std::string(drawn) == "AC-23" ? 2u : 1u) << drawn;
    Do(*s, "end");
    EXPECT_EQ(s->phase, Phase::kDeployment);
  }
  // With AC-23 and AC-24 both in the discard pile nobody could hold them: no pause.
  auto s = Start(*g);
  EndPhases(*s);
  for (const char* id : {"AC-23", "AC-24"}) {
    s->deck.erase(std::find(s->deck.begin(), s->deck.end(), Card(id)));
    s->discard.push_back(Card(id));
  }
  Do(*s, "draw AC-01");
  DrawSecrets(*s);
  EXPECT_EQ(s->phase, Phase::kDeployment);
}

// RW §8.4: a deviation card comes from the deck, which the attacker cannot tell from the
// opponent's hand; the odds are the same whichever cards the opponent holds.
TEST(RivetReadings, Rw8_4_DeviationOddsIgnoreTheOpponentsHand) {
  auto g = MakeGame(4);
  std::string texts[2];
  for (int k = 0; k < 2; ++k) {
    auto s = Start(*g);
    Put(*s, "panzerfaust", "d4", "NW");
    Give(*s, kAllies, "AC-08");
    // Bismark holds three cards that land on target (k = 0) or three that deviate (k = 1).
    int given = 0;
    for (size_t i = 0; i < ShippedData().actions.size() && given < 3; ++i) {
      const ActionCard& c = ShippedData().actions[i];
      if ((c.deviation == Deviation::kOn) != (k == 0) || c.id == "AC-08") continue;
      if (std::find(s->deck.begin(), s->deck.end(), static_cast<int>(i)) == s->deck.end()) continue;
      Give(*s, kBismark, c.id);
      ++given;
    }
    ASSERT_EQ(given, 3);
    EnterPhase(*s, kAllies, Phase::kCombat);
    Action a;
    std::string error;
    ASSERT_TRUE(s->parse("play AC-08 d4", a, error)) << error;
    ASSERT_EQ(s->why_illegal(a), "");
    const json odds = rivet_odds(*s, a);
    ASSERT_FALSE(odds.is_null());
    texts[k] = odds.dump();
  }
  EXPECT_EQ(texts[0], texts[1]);
}

// RW §5.1: a card drawn in the card phase comes from the deck, which the drawing player cannot
// tell from the opponent's hand; the odds of that draw are the same whichever cards it holds.
TEST(RivetReadings, Rw5_1_DrawOddsIgnoreTheOpponentsHand) {
  auto g = MakeGame(4, ShippedData(), InitiativeOnce());
  std::string texts[2];
  for (int k = 0; k < 2; ++k) {
    auto s = Start(*g);
    Give(*s, kBismark, "AC-01");
    for (const char* id : k == 0 ? std::vector<const char*>{"AC-02", "AC-03"}
                                 : std::vector<const char*>{"AC-04", "AC-05"})
      Give(*s, kAllies, id);
    s->active = kBismark;  // the second turn of round 1: bismark draws
    s->turn_in_round = 1;
    s->phase = Phase::kCards;
    s->card_step = 0;
    Action end(kEnd, {});
    ASSERT_EQ(s->why_illegal(end), "");
    const json odds = rivet_odds(*s, end);
    ASSERT_FALSE(odds.is_null());
    texts[k] = odds.dump();
  }
  EXPECT_EQ(texts[0], texts[1]);
}

// The battery through the registry on every mission with initiative=game (the default, round,
// is RivetConformance.AllMissions), no round cap: every random game ends by the rules.
TEST(RivetConformance, AllMissionsInitiativeOncePerGame) {
  const GameModule* m = all_games().find("rivet");
  ASSERT_NE(m, nullptr);
  const char* v = std::getenv("RIVET_MISSION_GAMES");
  const int games = v ? std::max(1, std::atoi(v)) : 1;
  for (int id = 1; id <= 10; ++id) {
    auto g = Registered(id, {{"initiative", "game"}});
    ConformanceOptions o;
    o.games = games;
    o.seed = static_cast<uint64_t>(2000 + id);
    o.odds = m->odds;
    o.check_stride = 16;
    o.invariant = m->invariant;
    const ConformanceReport r = run_conformance(*g, o);
    for (const auto& f : r.failures) ADD_FAILURE() << "mission " << id << ": " << f;
    EXPECT_EQ(r.terminated, games) << "mission " << id;
  }
}

}  // namespace
}  // namespace feldherr::rivet::testing
