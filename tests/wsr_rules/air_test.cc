// WSR 11.3 air support in the game state (games/wsr/air.cc): the aircraft goes into the cup at
// the start of its turn and is drawn like a marker; its owner places it on a target hex
// (11.3.1 step 1); the other side's AA units fire at it (step 2, [REC] A-26), it rolls its armor
// (step 3, G-9), two net hits destroy it, one makes it abort (step 4); then accuracy (11.3.2
// step 1: a miss drifts to an adjacent hex the other side picks, [REC] A-27), the attack on the
// hex (steps 2-4, R.2) and the status roll (step 5, T-11.3-1).
//
// Map sheet A (stand-in grid): A-G02 is woods (1 soft defence die; infantry there is concealed,
// +1 die, A-27), A-I02 clear. The P-47 (stand-in, G-9): gold firepower 4 to-hit 4, armor 2 save
// 5. The Wirbelwind (stand-in): AA 4 dice to-hit 5, range 4.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "games/wsr/board.h"
#include "games/wsr/combat.h"
#include "tests/wsr_rules/wsr_rules_util.h"

namespace feldherr::wsr::testing {
namespace {

// US CCA: HQ and infantry at A-I05; Beck: HQ and infantry at A-S10, one infantry platoon in the
// woods of A-G02; `extra` adds units; a US P-47 enters the cup at the start of `air_turn`.
Pos AirPosition(std::vector<SetupUnit> extra = {}, int air_turn = 1) {
  std::vector<SetupUnit> all = {
      U("us.hq-cca", "A-I05", "us.cca"), U("us.infantry", "A-I05", "us.cca"),
      U("de.hq-beck", "A-S10", "de.beck"), U("de.infantry", "A-S10", "de.beck"),
      U("de.infantry", "A-G02", "de.beck")};
  for (auto& u : extra) all.push_back(u);
  GameSetup s = MakeSetup(CcaBeck(), all, 3);
  s.air.push_back({0, "us.p-47", air_turn});
  return Pos(std::move(s));
}

// Plays to the end of the current turn (end-turn markers first, otherwise a formation whose
// impulse ends at once; WSR 3.2.1 may withhold an end-turn marker), never drawing the aircraft.
void EndTurn(Pos& p) {
  const int turn = p.s().turn;
  while (p.s().turn == turn && !p.state->is_terminal()) {
    const std::string kind = p.state->decision().kind;
    if (kind == "draw") {
      std::string pick = "draw end-turn";
      for (const ChanceOutcome& o : p.state->chance_outcomes())
        if (!p.legal(pick) && p.state->describe(o.action) != "draw us.p-47")
          pick = p.state->describe(o.action);
      p.act(pick);
    } else if (kind == "operations") {
      p.act("end-impulse");
    } else {
      ASSERT_EQ(kind, "roll");
      p.act("roll 1 1");
    }
  }
}

bool Drawable(Pos& p, const std::string& text) {
  for (const ChanceOutcome& o : p.state->chance_outcomes())
    if (p.state->describe(o.action) == text) return true;
  return false;
}

TEST(WsrAir, WSR_11_3_AircraftEntersTheCupAtTheStartOfItsTurn) {
  Pos p = AirPosition({}, 2);
  ASSERT_EQ(p.state->decision().kind, "draw");
  EXPECT_FALSE(Drawable(p, "draw us.p-47"));  // turn 1: not yet
  EXPECT_EQ(p.state->observe(0)["air"][0]["place"], "waiting");
  EXPECT_NE(p.state->render_text(0).find("P-47 Thunderbolt waiting (turn 2)"), std::string::npos);
  EndTurn(p);
  ASSERT_EQ(p.s().turn, 2);
  EXPECT_TRUE(p.logged("WSR 11.3"));
  EXPECT_TRUE(Drawable(p, "draw us.p-47"));  // a marker among the others (WSR 3.1)
  EXPECT_EQ(p.state->observe(0)["air"][0]["place"], "cup");
  CheckContract(p);
  // Not drawn before the turn ends: it stays in the cup for the next turn (WSR 11.3).
  EndTurn(p);
  ASSERT_EQ(p.s().turn, 3);
  EXPECT_TRUE(Drawable(p, "draw us.p-47"));
}

TEST(WsrAir, WSR_11_3_1_OwnerPlacesItOnAHexWithAnEnemyUnitNotAnHq) {
  Pos p = AirPosition({U("de.hq-beck", "A-K02", "de.beck")});
  p.act("draw us.p-47");
  ASSERT_EQ(p.state->decision().kind, "air-target");
  EXPECT_EQ(p.state->current_seat(), 0);  // "it must be used by its owner"
  EXPECT_TRUE(p.legal("air-target A-G02"));
  EXPECT_TRUE(p.legal("air-target A-S10"));  // the HQ's hex holds an infantry platoon
  EXPECT_NE(p.why("air-target A-K02").find("1.3.2"), std::string::npos);          // an HQ alone
  EXPECT_NE(p.why("air-target A-I05").find("no enemy unit"), std::string::npos);  // own units
  const ActionInfo info = p.state->action_info(p.parse("air-target A-G02"), 0);
  EXPECT_EQ(info.verb, "air-target");
  CheckContract(p);
}

TEST(WsrAir, WSR_11_3_T1_StatusDieAgainstTheHitsScoredBeforeTheDefence) {
  // T-11.3-1: the P-47 scores 3 hits (2 cancelled by defence); status die 3: 3 <= 3, removed;
  // status die 4: it returns to the cup at the start of the next turn.
  Pos p = AirPosition();
  const int inf = p.unit("de.infantry-2");
  p.acts({"draw us.p-47", "air-target A-G02"});  // no German AA unit: no AA fire
  ASSERT_EQ(p.state->current_seat(), kChance);
  EXPECT_NE(p.state->decision().prompt.find("accuracy"), std::string::npos);
  EXPECT_EQ(p.s().fire_dice_count(), 1);
  EXPECT_EQ(p.state->observe(1)["air"][0]["hex"], "A-G02");
  EXPECT_NE(p.state->render_text(1).find("aircraft P-47 Thunderbolt"), std::string::npos);
  p.act("roll 3");                        // full gold firepower
  EXPECT_EQ(p.s().fire_dice_count(), 4);  // 4 dice hitting on 4+
  CheckContract(p);
  p.act("roll 6 5 4 1");  // 3 hits
  EXPECT_EQ(p.s().sortie.hits, 3);
  EXPECT_EQ(p.s().fire_dice_count(), 2);  // woods 1 + concealed 1
  p.act("roll 6 5");                      // 2 cancelled: 1 net hit
  EXPECT_TRUE(p.s().has(inf, kDisrupted));
  EXPECT_FALSE(p.s().has(inf, kReduced));
  ASSERT_EQ(p.state->current_seat(), kChance);
  EXPECT_NE(p.state->decision().prompt.find("status"), std::string::npos);
  CheckContract(p);
  auto back = p.state->clone();
  p.act("roll 3");  // 3 <= 3: removed from play
  EXPECT_EQ(p.s().air[0], WsrState::kAirRemoved);
  EXPECT_EQ(p.state->observe(0)["air"][0]["place"], "removed");
  EXPECT_EQ(p.state->decision().kind, "draw");
  p.state = std::move(back);
  p.act("roll 4");  // 4 > 3: back next turn
  EXPECT_EQ(p.s().air[0], WsrState::kAirReturning);
  EXPECT_FALSE(Drawable(p, "draw us.p-47"));
  EndTurn(p);
  EXPECT_TRUE(Drawable(p, "draw us.p-47"));
  EXPECT_EQ(p.s().invariant_violation(), "");
}

TEST(WsrAir, WSR_11_3_1_TwoNetAaHitsDestroyTheAircraft) {
  Pos p = AirPosition({U("de.wirbelwind", "A-I01", "de.beck")});
  const int ww = p.unit("de.wirbelwind");
  p.acts({"draw us.p-47", "air-target A-G02"});
  ASSERT_EQ(p.state->decision().kind, "flak");
  EXPECT_EQ(p.state->current_seat(), 1);  // the other player may fire (11.3.1 step 2)
  EXPECT_TRUE(p.legal("flak de.wirbelwind"));
  EXPECT_TRUE(p.legal("no-flak"));
  FireParams fp;
  ASSERT_TRUE(p.s().can_flak(ww, nullptr, &fp));
  EXPECT_EQ(fp.dice, 4);                  // the blue AA firepower against the aircraft
  EXPECT_EQ(fp.band, RangeBand::kShort);  // 2 hexes to the target hex: 6.1.2 applies
  EXPECT_EQ(fp.to_hit, 4);                // printed 5, short range -1
  EXPECT_EQ(fp.defence_dice, 2);          // the aircraft's armor (G-9)
  CheckContract(p);
  p.act("flak de.wirbelwind");
  EXPECT_TRUE(p.s().has(ww, kOpsComplete));
  EXPECT_EQ(p.s().fire_dice_count(), 4);
  p.act("roll 6 6 5 1");                  // 3 hits
  EXPECT_EQ(p.s().fire_dice_count(), 2);  // the armor roll
  EXPECT_NE(p.state->decision().prompt.find("armor"), std::string::npos);
  p.act("roll 5 1");                               // 1 cancelled (save 5): 2 net hits
  EXPECT_EQ(p.s().air[0], WsrState::kAirRemoved);  // destroyed
  EXPECT_EQ(p.s().sortie.k, -1);
  EXPECT_EQ(p.state->decision().kind, "draw");
  EXPECT_FALSE(p.s().has(p.unit("de.infantry-2"), kDisrupted));  // no attack
  CheckContract(p);
}

TEST(WsrAir, WSR_11_3_1_OneNetHitAbortsOneToThreeRemovedFourToSixBackIntoTheCup) {
  Pos p = AirPosition({U("de.wirbelwind", "A-I01", "de.beck")});
  p.acts({"draw us.p-47", "air-target A-G02", "flak de.wirbelwind", "roll 5 1 1 1", "roll 1 1"});
  ASSERT_EQ(p.state->current_seat(), kChance);  // 1 net hit: the abort roll
  EXPECT_NE(p.state->decision().prompt.find("abort"), std::string::npos);
  EXPECT_EQ(p.s().sortie.aa_hits, 1);
  auto back = p.state->clone();
  p.act("roll 3");
  EXPECT_EQ(p.s().air[0], WsrState::kAirRemoved);  // returns to base
  p.state = std::move(back);
  p.act("roll 4");
  EXPECT_EQ(p.s().air[0], WsrState::kAirReturning);  // back into the cup in the MRP
  EXPECT_FALSE(p.s().has(p.unit("de.infantry-2"), kDisrupted));
}

TEST(WsrAir, WSR_11_3_1_OnlyAaUnitsInGoodOrderWithoutOpsCompleteAndInRangeFire) {
  SetupUnit dis = U("de.wirbelwind", "A-I01", "de.beck");
  dis.disrupted = true;
  Pos p = AirPosition({dis, U("de.wirbelwind", "A-S05", "de.beck")});
  p.acts({"draw us.p-47", "air-target A-S10"});
  // A-S05 is 5 hexes from A-S10: normal range 4, extended up to 8 (6.1.1 applies, A-26).
  ASSERT_EQ(p.state->decision().kind, "flak");
  EXPECT_NE(p.why("flak de.wirbelwind-1").find("disrupted"), std::string::npos);
  EXPECT_TRUE(p.legal("flak de.wirbelwind-2"));
  FireParams fp;
  ASSERT_TRUE(p.s().can_flak(p.unit("de.wirbelwind-2"), nullptr, &fp));
  EXPECT_EQ(fp.band, RangeBand::kExtended);
  EXPECT_EQ(fp.to_hit, 6);
  p.act("no-flak");
  EXPECT_NE(p.state->decision().prompt.find("accuracy"), std::string::npos);
}

TEST(WsrAir, WSR_11_3_2_AMissDriftsToAnAdjacentHexTheOtherSidePicks) {
  Pos p = AirPosition();
  p.acts({"draw us.p-47", "air-target A-G02", "roll 1"});
  ASSERT_EQ(p.state->decision().kind, "air-drift");
  EXPECT_EQ(p.state->current_seat(), 1);  // "the other player picks an adjacent hex"
  EXPECT_NE(p.why("air-drift A-I05").find("not adjacent"), std::string::npos);
  EXPECT_TRUE(p.legal("air-drift A-G03"));  // [REC] A-27: an empty hex too
  CheckContract(p);
  p.act("air-drift A-G03");
  EXPECT_NE(p.state->decision().prompt.find("status"), std::string::npos);  // nothing to hit
  EXPECT_FALSE(p.s().has(p.unit("de.infantry-2"), kDisrupted));
  p.act("roll 1");  // 1 > 0 hits scored: it returns
  EXPECT_EQ(p.s().air[0], WsrState::kAirReturning);
}

TEST(WsrAir, WSR_11_3_2_AccuracyTwoIsGoldFirepowerMinusOneDie) {
  Pos p = AirPosition({U("de.infantry", "A-I02", "de.beck")});
  p.acts({"draw us.p-47", "air-target A-I02", "roll 2"});
  EXPECT_EQ(p.s().fire_dice_count(), 3);  // 4 - 1
  p.act("roll 4 4 1");                    // 2 hits, clear terrain, not concealed: no defence
  EXPECT_TRUE(p.s().has(p.unit("de.infantry-3"), kReduced));
  p.act("roll 3");  // 3 > 2 hits scored
  EXPECT_EQ(p.s().air[0], WsrState::kAirReturning);
}

TEST(WsrAir, WSR_11_3_OddsOfATargetHexAndOfAnAaShotAreExact) {
  // The odds hook (odds panel, `feldherr odds log`): a target hex with the accuracy die mixed in
  // (4/6 full 4 dice at 4+, 1/6 one die fewer, 1/6 another hex), and one AA shot with the armor
  // dice (short range: 4 dice at 4+; armor 2 dice at 5+).
  Pos p =
      AirPosition({U("de.infantry", "A-I02", "de.beck"), U("de.wirbelwind", "A-I01", "de.beck")});
  p.act("draw us.p-47");
  const nlohmann::json air = FireOddsJson(*p.state, p.parse("air-target A-I02"));
  ASSERT_EQ(air["kind"], "wsr-air");
  EXPECT_EQ(air["params"]["dice"], 4);
  EXPECT_EQ(air["params"]["defence_dice"], 0);  // clear, and a Wirbelwind is no hard-target die
  EXPECT_NEAR(air["net_hits"][0].get<double>(), 4.0 / 6 / 16 + 1.0 / 6 / 8 + 1.0 / 6, 1e-12);
  EXPECT_NE(air["summary_de"].get<std::string>().find(
                "auf A-I02, falls es das Flakfeuer übersteht: 4 Würfel ab 4+ (Treffsicherheit: 1 "
                "ein anderes Feld, 2 ein Würfel weniger), Verteidigung 0 Würfel"),
            std::string::npos)
      << air["summary_de"];
  double sum = 0;
  for (const auto& q : air["net_hits"]) sum += q.get<double>();
  EXPECT_NEAR(sum, 1.0, 1e-12);
  p.act("air-target A-G02");
  const nlohmann::json flak = FireOddsJson(*p.state, p.parse("flak de.wirbelwind"));
  ASSERT_EQ(flak["kind"], "wsr-flak");
  // No net hit: 1/16 + 4/16 x 5/9 + 6/16 x 1/9 = 35/144.
  EXPECT_NEAR(flak["results"]["attacks"].get<double>(), 35.0 / 144, 1e-12);
  EXPECT_NEAR(flak["results"]["attacks"].get<double>() + flak["results"]["aborts"].get<double>() +
                  flak["results"]["destroyed"].get<double>(),
              1.0, 1e-12);
  EXPECT_NE(flak["summary_de"].get<std::string>().find(
                "4 Würfel ab 4+ (reduzierte Reichweite), Panzerung 2 Würfel ab 5+: zerstört"),
            std::string::npos)
      << flak["summary_de"];
}

}  // namespace
}  // namespace feldherr::wsr::testing
