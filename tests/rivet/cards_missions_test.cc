// Rivet Wars: the card phase with hidden hands (RW §5.1), secret missions (content §7, §8.2) and
// the mission rules of RW §12 implemented so far (missions 2, 6, 8, 10), with injected draws.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "engine/conformance.h"
#include "tests/rivet/rivet_test_util.h"

namespace feldherr::rivet::testing {
namespace {

int CardIndex(const std::string& id) {
  const auto& d = ShippedData();
  for (size_t i = 0; i < d.actions.size(); ++i)
    if (d.actions[i].id == id) return static_cast<int>(i);
  for (size_t i = 0; i < d.secrets.size(); ++i)
    if (d.secrets[i].id == id) return static_cast<int>(i);
  return -1;
}

// A state of mission `m` right after the initiative, before the card phase ran.
std::unique_ptr<RivetState> Raw(const RivetGame& g, bool bismark_first = false) {
  auto s = std::unique_ptr<RivetState>(static_cast<RivetState*>(g.new_initial_state().release()));
  if (s->phase == Phase::kInitiative)
    s->apply(bismark_first ? Action(kInitiative, {1, 6}) : Action(kInitiative, {6, 1}));
  return s;
}

void EndTurn(RivetState& s) {
  Cards(s);
  Do(s, "end");
  Do(s, "end");
  Do(s, "end");
}

// RW §16.9: in the first turn of the game the first player draws no Action! card but 2 secret
// missions (mission 4 uses both decks).
TEST(RivetCards, Rw16_9_FirstTurnCardPhase) {
  auto g = MakeGame(4);
  auto s = Raw(*g);
  ASSERT_EQ(s->phase, Phase::kCards);
  EXPECT_EQ(s->current_seat(), kChance);
  EXPECT_EQ(s->decision().prompt, "Draw a secret mission (RW §5.1).");
  Do(*s, "draw-secret SM-09");
  Do(*s, "draw-secret SM-05");
  EXPECT_EQ(s->phase, Phase::kDeployment);
  EXPECT_TRUE(s->hands[kAllies].empty());
  EXPECT_EQ(s->secrets[kAllies], (std::vector<int>{CardIndex("SM-09"), CardIndex("SM-05")}));
  // The second player's first turn: 1 Action! card and 2 secret missions.
  Do(*s, "end");
  Do(*s, "end");
  Do(*s, "end");
  ASSERT_EQ(s->active, kBismark);
  ASSERT_EQ(s->decision().prompt, "Draw 1 Action! card (RW §5.1).");
  Do(*s, "draw AC-07");
  Do(*s, "draw-secret SM-01");
  Do(*s, "draw-secret SM-02");
  EXPECT_EQ(s->hands[kBismark], std::vector<int>{CardIndex("AC-07")});
}

// RW §16.10: with 3 Action! cards, no discard means no draw; a discard means one draw.
TEST(RivetCards, Rw16_10_HandLimit) {
  auto g = MakeGame(3, ShippedData(), InitiativeOnce());
  auto s = Raw(*g);
  Cards(*s);
  for (const char* c : {"AC-01", "AC-02", "AC-03"}) {
    s->deck.erase(std::find(s->deck.begin(), s->deck.end(), CardIndex(c)));
    s->hands[kAllies].push_back(CardIndex(c));
  }
  EndTurn(*s);  // allies
  EndTurn(*s);  // bismark
  ASSERT_EQ(s->active, kAllies);
  ASSERT_EQ(s->phase, Phase::kCards);
  ASSERT_EQ(s->current_seat(), kAllies);
  Do(*s, "end");  // keep the hand: no draw at the limit
  EXPECT_EQ(s->hands[kAllies].size(), 3u);
  EXPECT_NE(s->current_seat(), kChance);
  EndTurn(*s);
  EndTurn(*s);
  ASSERT_EQ(s->current_seat(), kAllies);
  Do(*s, "discard AC-02");
  EXPECT_EQ(s->hands[kAllies].size(), 2u);
  ASSERT_EQ(s->current_seat(), kChance);
  Do(*s, "draw AC-10");
  EXPECT_EQ(s->hands[kAllies].size(), 3u);
  EXPECT_EQ(s->discard.back(), CardIndex("AC-02"));
}

// The observation of one seat never shows the other's cards (RW §5.1); the determinisation
// re-deals them and leaves the observation unchanged.
TEST(RivetCards, HiddenHandsInObservation) {
  auto g = MakeGame(4);
  auto s = Raw(*g);
  Do(*s, "draw-secret SM-09");
  Do(*s, "draw-secret SM-05");
  EndTurn(*s);
  const json mine = s->observe(kAllies);
  const json theirs = s->observe(kBismark);
  const json& my_seat = mine["seats"]["allies"];
  EXPECT_EQ(my_seat["secrets"], json::array({"SM-09", "SM-05"}));
  EXPECT_EQ(my_seat["secrets_count"], 2);
  json my_hand = json::array();
  for (int c : s->hands[kAllies]) my_hand.push_back(g->data().actions[static_cast<size_t>(c)].id);
  EXPECT_EQ(my_seat["hand"], my_hand);
  EXPECT_EQ(my_seat["hand_size"], s->hands[kAllies].size());
  // The opponent and an observer get only the counts.
  for (const json& other : {theirs, s->observe(kObserver)}) {
    const json& seat = other["seats"]["allies"];
    EXPECT_EQ(seat["secrets"], nullptr);
    EXPECT_EQ(seat["secrets_count"], 2);
    EXPECT_EQ(seat["hand"], nullptr);
    EXPECT_EQ(seat["hand_size"], s->hands[kAllies].size());
  }
  EXPECT_EQ(s->observe(kObserver)["seats"]["bismark"]["hand"], nullptr);
  EXPECT_TRUE(theirs["cards"]["deck"].is_number());
  EXPECT_TRUE(theirs["cards"]["secret_deck"].is_number());
  Rng rng(5);
  bool changed = false;
  for (int i = 0; i < 20; ++i) {
    auto d = s->determinize(kBismark, rng);
    EXPECT_EQ(d->observe(kBismark), theirs);
    changed = changed || static_cast<RivetState&>(*d).secrets[kAllies] != s->secrets[kAllies];
  }
  EXPECT_TRUE(changed);
  // The draw itself is masked for the opponent.
  auto s2 = Raw(*g);
  Action a;
  std::string err;
  ASSERT_TRUE(s2->parse("draw-secret SM-03", a, err));
  EXPECT_EQ(s2->describe_for(a, kBismark), "draw-secret (hidden)");
  EXPECT_EQ(s2->describe_for(a, kAllies), "draw-secret SM-03");
}

// Content §8.2.9 SM-09 War Chest: 5 rivets at the wrap-up check score 1 VP, rivets stay.
TEST(RivetCards, Content8_2_9_WarChest) {
  auto g = MakeGame(4);
  auto s = Raw(*g);
  Do(*s, "draw-secret SM-09");
  Do(*s, "draw-secret SM-05");
  s->rivets[kAllies] = 5;
  Do(*s, "end");
  Do(*s, "end");
  Do(*s, "end");
  EXPECT_EQ(s->vp[kAllies], 1);
  EXPECT_EQ(s->rivets[kAllies], 5);
  EXPECT_EQ(s->secrets[kAllies], std::vector<int>{CardIndex("SM-05")});
  EXPECT_EQ(s->sm_discard, std::vector<int>{CardIndex("SM-09")});
  auto s2 = Raw(*g);
  Do(*s2, "draw-secret SM-09");
  Do(*s2, "draw-secret SM-05");
  s2->rivets[kAllies] = 4;
  Do(*s2, "end");
  Do(*s2, "end");
  Do(*s2, "end");
  EXPECT_EQ(s2->vp[kAllies], 0);
}

// Content §8.2.1 SM-01 Breakthrough: an Allied unit in a Bismark deployment segment (b3 in
// mission 4) scores 2 VP; in b2 (territory, not deployment) it does not.
TEST(RivetCards, Content8_2_1_Breakthrough) {
  for (const char* seg : {"b3", "b2"}) {
    auto g = MakeGame(4);
    auto s = Raw(*g);
    Do(*s, "draw-secret SM-01");
    Do(*s, "draw-secret SM-08");
    Put(*s, "rifleman", seg, "NW");
    Do(*s, "end");
    Do(*s, "end");
    Do(*s, "end");
    EXPECT_EQ(s->vp[kAllies], std::string(seg) == "b3" ? 2 : 0) << seg;
  }
}

// Content §8.2.6 SM-06 Scrap Metal and content §8.2.5 SM-05 Headhunter: destroyed during the
// turn.
TEST(RivetCards, Content8_2_5_and_6_DestroyedDuringTurn) {
  auto g = MakeGame(4);
  auto s = Raw(*g);
  Do(*s, "draw-secret SM-06");
  Do(*s, "draw-secret SM-05");
  const int rc = Put(*s, "rocket_cycle", "d8", "S");
  Put(*s, "mg08_schlitten", "d6", "N");
  Do(*s, "end");  // deployment
  Do(*s, "activate d8");
  Do(*s, "attack u" + std::to_string(rc) + " w1 d6");
  Do(*s, "die 6");
  Do(*s, "die 1");
  Do(*s, "end");
  Do(*s, "end");
  EXPECT_EQ(s->vp[kAllies], 1);  // SM-06 (1 VP); SM-05 needs a hero
  EXPECT_EQ(s->secrets[kAllies], std::vector<int>{CardIndex("SM-05")});
}

// Content §8.3.7: mission 2 starts with Allied Riflemen on d4.SE and f4.SW; the Allies plant
// both flags at the start of their first turn and have 2 VP at its end.
TEST(RivetMissions, Content8_3_7_Mission2Setup) {
  auto g = MakeGame(2);
  auto s = Raw(*g);
  ASSERT_EQ(s->units.size(), 2u);
  EXPECT_EQ(s->seg_name(s->units[0].seg) + "." + mask_name(s->units[0].fields), "d4.SE");
  EXPECT_EQ(s->seg_name(s->units[1].seg) + "." + mask_name(s->units[1].fields), "f4.SW");
  EXPECT_EQ(s->active, kAllies);  // RW §12: the Allies take the first turn
  EXPECT_EQ(s->flags, (std::vector<int>{kAllies, kAllies}));
  EndTurn(*s);
  EXPECT_EQ(s->vp[kAllies], 2);
}

// Mission 6: only Bismark scores SOs; the Allies gain 1 VP at the end of every round.
TEST(RivetMissions, Rw12_Mission6Scoring) {
  auto g = MakeGame(6);
  auto s = Raw(*g);
  Do(*s, "draw-secret SM-09");  // goals the Allies do not meet (R14: they would score)
  Do(*s, "draw-secret SM-05");
  EndTurn(*s);
  EXPECT_EQ(s->vp[kAllies], 0);  // four SOs held, but no SO VP for the Allies
  EndTurn(*s);
  EXPECT_EQ(s->vp[kAllies], 1);  // end of round 1
}

// Mission 8: 2 extra DP for non-hero infantry only.
TEST(RivetMissions, Rw12_Mission8InfantryDp) {
  auto g = MakeGame(8);
  auto s = Start(*g);
  EXPECT_EQ(s->usable_dp(ShippedData().unit_index("rifleman")), 6);
  EXPECT_EQ(s->usable_dp(ShippedData().unit_index("rocket_cycle")), 4);
  EXPECT_EQ(s->usable_dp(ShippedData().unit_index("parman")), 4);
  Do(*s, "deploy rifleman a9 NW");
  Do(*s, "deploy rifleman a9 NE");
  EXPECT_EQ(s->dp[kAllies], 4);  // the infantry DP went first
  Do(*s, "deploy rifleman a9 SW");
  EXPECT_EQ(s->dp[kAllies], 3);
}

// RW §16.19: mission 10, 4 VP at the end of a round: +1 rivet (not +1 DP) at the start of each of
// his turns next round.
TEST(RivetMissions, Rw16_19_Mission10ExactBonus) {
  auto g = MakeGame(10, ShippedData(), InitiativeOnce());
  auto s = Start(*g);
  s->vp[kAllies] = 4;
  s->vp[kBismark] = 6;
  Do(*s, "end");
  Do(*s, "end");
  Do(*s, "end");
  EndTurn(*s);  // bismark, end of round 1
  ASSERT_EQ(s->round, 2);
  EXPECT_EQ(s->dp[kAllies], 4);
  EXPECT_EQ(s->rivets[kAllies], 1 + 1 + 1);  // two turns of 1 rivet + bonus 1
  EndTurn(*s);
  EXPECT_EQ(s->dp[kBismark], 4 + 3);  // 5-6 VP: +3 DP
}

// Mission 10, 7-8 VP: 3 free Riflemen (R12), then paid ones.
TEST(RivetMissions, Rw12_Mission10FreeRiflemen) {
  auto g = MakeGame(10);
  auto s = Start(*g);
  s->esc_vp[kAllies] = 7;
  s->round = 2;
  s->free_units = {0, 0};
  s->phase = Phase::kDeployment;
  s->free_units[kAllies] = 3;
  Do(*s, "deploy rifleman a9 NW");
  Do(*s, "deploy rifleman a9 NE");
  Do(*s, "deploy rifleman a9 SW");
  EXPECT_EQ(s->dp[kAllies], 4);
  Do(*s, "deploy rifleman a9 SE");
  EXPECT_EQ(s->dp[kAllies], 3);
}

// The battery on every mission board built directly (not through the registry), with a short
// round cap (option max_rounds), initiative rolled each round and once per game.
TEST(RivetConformance, BaseRulesOnAllMissionBoards) {
  for (int m = 2; m <= 10; ++m) {
    RivetOptions options;
    options.initiative = m % 2 == 0 ? InitiativeRule::kEveryRound : InitiativeRule::kOncePerGame;
    options.max_rounds = 12;
    auto g = MakeGame(m, ShippedData(), options);
    ConformanceOptions o;
    o.games = 1;
    o.seed = static_cast<uint64_t>(100 + m);
    o.check_stride = 16;
    o.invariant = [](const State& st) {
      return static_cast<const RivetState&>(st).invariant_violation();
    };
    const ConformanceReport r = run_conformance(*g, o);
    for (const auto& f : r.failures) ADD_FAILURE() << "mission " << m << ": " << f;
    EXPECT_EQ(r.terminated, o.games) << m;
  }
}

}  // namespace
}  // namespace feldherr::rivet::testing

namespace feldherr::rivet::testing {
namespace {

std::string CardWith(const RivetState& s, Deviation d) {
  for (int c : s.deck)
    if (ShippedData().actions[static_cast<size_t>(c)].deviation == d)
      return ShippedData().actions[static_cast<size_t>(c)].id;
  return "";
}

// Mission 9 paradrop (RW §12, R11) and RW §16.20: the Allies choose a segment, three cards place
// three Riflemen; a Rifleman deviated off the map is eliminated; one that would land where he
// may not enter draws again from there.
TEST(RivetMissions, Rw16_20_Mission9Paradrop) {
  auto g = MakeGame(9);
  auto s = Raw(*g);  // allies first (roll 6:1)
  ASSERT_EQ(s->current_seat(), kAllies);
  ASSERT_EQ(s->decision().kind, "paradrop");
  Do(*s, "paradrop a5");
  Do(*s, "draw " + CardWith(*s, Deviation::kOn));  // lands in a5
  Do(*s, "draw " + CardWith(*s, Deviation::kL));   // west of a5: off the map, eliminated
  Do(*s, "draw " + CardWith(*s, Deviation::kF));   // north: a4
  ASSERT_EQ(s->units.size(), 2u);
  EXPECT_EQ(s->seg_name(s->units[0].seg), "a5");
  EXPECT_EQ(s->seg_name(s->units[1].seg), "a4");
  EXPECT_EQ(s->phase, Phase::kCards);
  // Re-draw from a segment he may not enter: b4 holds barbed wire.
  auto s2 = Raw(*g);
  Do(*s2, "paradrop b5");
  Do(*s2, "draw " + CardWith(*s2, Deviation::kF));  // b4: wire, draws again from b4
  EXPECT_EQ(s2->para_origin, s2->board().parse_seg("b4"));
  EXPECT_EQ(s2->para_left, 3);
  Do(*s2, "draw " + CardWith(*s2, Deviation::kR));  // c4: minefield, infantry may enter
  EXPECT_EQ(s2->seg_name(s2->units.back().seg), "c4");
  EXPECT_EQ(s2->para_left, 2);
  EXPECT_EQ(s2->para_origin, s2->board().parse_seg("b5"));
}

}  // namespace
}  // namespace feldherr::rivet::testing

namespace feldherr::rivet::testing {
namespace {

// Mission 4, Allied first turn with the secret missions `sm` and SM-09 (a filler the Allies
// cannot meet with 1 rivet), in the deployment phase.
std::unique_ptr<RivetState> WithSecret(const RivetGame& g, const std::string& sm) {
  auto s = Raw(g);
  Do(*s, "draw-secret " + sm);
  Do(*s, "draw-secret SM-09");
  return s;
}

int SoIndex(const RivetState& s, const std::string& seg) {
  for (size_t i = 0; i < s.so_segs.size(); ++i)
    if (s.seg_name(s.so_segs[i]) == seg) return static_cast<int>(i);
  return -1;
}

// Content §8.2.2 SM-02 Stronghold: flag on c5 + Rifleman on the e5 SO field (NW): 2 SOs held.
TEST(RivetCards, Content8_2_2_Stronghold) {
  auto g = MakeGame(4);
  for (const char* field : {"NW", "SE"}) {
    auto s = WithSecret(*g, "SM-02");
    s->flags[static_cast<size_t>(SoIndex(*s, "c5"))] = kAllies;
    Put(*s, "rifleman", "e5", field);
    Do(*s, "end");
    Do(*s, "end");
    Do(*s, "end");
    // SO VP: c5 (flag) + e5 (captured only on its field) + SM-02.
    EXPECT_EQ(s->vp[kAllies], std::string(field) == "NW" ? 3 : 1) << field;
  }
}

// Content §8.2.3 SM-03 Flag Thief: a Bismark flag on g5 taken: 1 VP for the SO, 2 for SM-03.
TEST(RivetCards, Content8_2_3_FlagThief) {
  auto g = MakeGame(4);
  auto s = WithSecret(*g, "SM-03");
  s->flags[static_cast<size_t>(SoIndex(*s, "g5"))] = kBismark;
  Put(*s, "rifleman", "g5", "SW");
  Do(*s, "end");
  Do(*s, "end");
  Do(*s, "end");
  EXPECT_EQ(s->flags[static_cast<size_t>(SoIndex(*s, "g5"))], -1);
  EXPECT_EQ(s->vp[kAllies], 3);
}

// Content §8.2.4 SM-04 Clear the Trench (3 enemy units destroyed this turn) and content §8.2.10
// SM-10 Rolling Thunder (one attack damaged 2 different enemy units): the Ostrich's Flat Grid
// attack destroys 2 Panzerfaust (SM-10 yes, SM-04 not yet), a Rifleman destroys a third (SM-04).
TEST(RivetCards, Content8_2_4_and_10_ClearTheTrenchRollingThunder) {
  auto g = MakeGame(4);
  auto s = Raw(*g);
  Do(*s, "draw-secret SM-04");
  Do(*s, "draw-secret SM-10");
  const int o = Put(*s, "mt1_ostrich", "d7", "all");
  const int r = Put(*s, "rifleman", "f7", "NW");
  Put(*s, "panzerfaust", "d5", "NW");
  Put(*s, "panzerfaust", "d5", "NE");
  Put(*s, "panzerfaust", "f5", "NW");
  Do(*s, "end");
  Do(*s, "activate d7");
  Do(*s, "attack u" + std::to_string(o) + " w1 d5");
  for (int k = 0; k < 6; ++k) Do(*s, k % 3 == 0 ? "die 6" : "die 1");
  EXPECT_EQ(s->stats.multi, 2);
  EXPECT_EQ(s->stats.destroyed, 2);
  Do(*s, "activate f7");
  Do(*s, "attack u" + std::to_string(r) + " w1 f5");
  Do(*s, "die 5");
  Do(*s, "die 1");
  Do(*s, "die 1");
  Do(*s, "end");
  Do(*s, "end");
  EXPECT_EQ(s->vp[kAllies], 4);  // SM-04 2 + SM-10 2 (Panzerfaust loot 0)
  EXPECT_TRUE(s->secrets[kAllies].empty());
}

// Content §8.2.7 SM-07 Combined Arms: infantry, cavalry and tank each damaged an enemy unit.
TEST(RivetCards, Content8_2_7_CombinedArms) {
  auto g = MakeGame(4);
  auto s = WithSecret(*g, "SM-07");
  const int r = Put(*s, "rifleman", "b7", "NW");
  const int rc = Put(*s, "rocket_cycle", "d7", "S");
  const int o = Put(*s, "mt1_ostrich", "f7", "all");
  Put(*s, "panzerfaust", "b5", "NW");
  Put(*s, "panzerfaust", "d5", "NW");
  Put(*s, "panzerfaust", "f5", "NW");
  Do(*s, "end");
  const std::array<std::pair<int, std::string>, 3> shots = {{{r, "b"}, {rc, "d"}, {o, "f"}}};
  for (const auto& [id, col] : shots) {
    Do(*s, "activate " + col + "7");
    Do(*s, "attack u" + std::to_string(id) + " w1 " + col + "5");
    while (s->pending.active) Do(*s, s->pending.rolled.empty() ? "die 6" : "die 1");
  }
  EXPECT_EQ(s->stats.classes, (1 << 0) | (1 << 1) | (1 << 3));
  Do(*s, "end");
  Do(*s, "end");
  EXPECT_EQ(s->vp[kAllies], 2);
}

// Content §8.2.8 SM-08 No-Man's-Land Patrol: units in d4, d6, b5 score; with a7 instead not.
TEST(RivetCards, Content8_2_8_NoMansLandPatrol) {
  auto g = MakeGame(4);
  for (const char* third : {"b5", "a7"}) {
    auto s = WithSecret(*g, "SM-08");
    Put(*s, "rifleman", "d4", "SW");
    Put(*s, "rifleman", "d6", "SW");
    Put(*s, "rifleman", third, "SE");
    Do(*s, "end");
    Do(*s, "end");
    Do(*s, "end");
    EXPECT_EQ(s->vp[kAllies], std::string(third) == "b5" ? 1 : 0) << third;
  }
}

// Content §8.3.6: mission 5's gap — a Rocket Cycle may not enter d5 (tank trap); a Rifleman
// goes d6 -> d5 -> c5; from b7 he may not enter b6 (wire) until a vehicle destroyed it.
TEST(RivetMissions, Content8_3_6_Mission5Gap) {
  auto g = MakeGame(5);
  auto s = Start(*g);
  const int rc = Put(*s, "rocket_cycle", "e6", "S");
  const int r = Put(*s, "rifleman", "d6", "SW");
  const int r2 = Put(*s, "rifleman", "b7", "NW");
  const int v = Put(*s, "rocket_cycle", "a7", "S");
  EnterPhase(*s, kAllies, Phase::kMovement);
  Do(*s, "activate e6");
  EXPECT_NE(Why(*s, "step u" + std::to_string(rc) + " NW S").find("tank trap"), std::string::npos);
  Do(*s, "activate d6");
  Do(*s, "step u" + std::to_string(r) + " N NW");
  EnterPhase(*s, kAllies, Phase::kMovement);
  Do(*s, "activate d5");
  Do(*s, "step u" + std::to_string(r) + " W NE");
  EXPECT_EQ(s->seg_name(s->unit(r)->seg), "c5");
  Do(*s, "activate b7");
  EXPECT_NE(Why(*s, "step u" + std::to_string(r2) + " N NW").find("barbed wire"),
            std::string::npos);
  Do(*s, "activate a7");
  Do(*s, "step u" + std::to_string(v) + " NE S");
  EXPECT_FALSE(s->terrain_in(Seg(*s, "b6"), Terrain::kWire));
  EnterPhase(*s, kAllies, Phase::kMovement);
  Do(*s, "activate b7");
  EXPECT_EQ(Why(*s, "step u" + std::to_string(r2) + " N NW"), "");
}

}  // namespace
}  // namespace feldherr::rivet::testing
