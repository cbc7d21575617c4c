// WSR 11.2 artillery in the game state (games/wsr/artillery.cc): calling a strike (an HQ, SHQ or
// recon unit of the active formation, its first action, a hex in its LOS, [REC] A-24 two strikes
// per impulse), the accuracy roll, HE strikes on the hex and its six neighbours hex by hex
// (11.2.1, R.2, R.3, HQ loss checks) and smoke (11.2.2, A-25, the MRP of 3.2 step 2).
//
// Map sheet A (stand-in grid), rows 01-05 of columns H-J: H01 . I01 . J01 . / H02 . I02 .+ J02 .+
// / H03 . I03 .+ J03 . / I04 . / I05 R: clear hexes (no defence die for soft targets); the US HQ
// at A-I05 sees A-I02 down column I. Woods at A-G01, A-G02.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "games/wsr/board.h"
#include "games/wsr/module.h"
#include "games/wsr/scenario.h"
#include "tests/wsr_rules/wsr_rules_util.h"

namespace feldherr::wsr::testing {
namespace {

GameSetup::Strike He(int fp, int to_hit, int count) {
  return {false, fp, to_hit, count};
}
GameSetup::Strike Smoke(int count) {
  return {true, 0, 0, count};
}

// US CCA: HQ and an infantry platoon at A-I05; Beck: HQ and infantry far away at A-S10, two
// infantry platoons at A-I02; `extra` adds units; the US has `us` artillery support.
Pos ArtyPosition(std::vector<GameSetup::Strike> us, std::vector<SetupUnit> extra = {},
                 int turns = 3) {
  std::vector<SetupUnit> all = {
      U("us.hq-cca", "A-I05", "us.cca"),    U("us.infantry", "A-I05", "us.cca"),
      U("de.hq-beck", "A-S10", "de.beck"),  U("de.infantry", "A-S10", "de.beck"),
      U("de.infantry", "A-I02", "de.beck"), U("de.infantry", "A-I02", "de.beck")};
  for (auto& u : extra) all.push_back(u);
  GameSetup s = MakeSetup(CcaBeck(), all, turns);
  s.artillery[0] = std::move(us);
  return Pos(std::move(s));
}

// Plays to the end of the current turn: end-turn markers when they can be drawn, otherwise a
// formation whose impulse ends at once (WSR 3.2.1 may withhold an end-turn marker).
void FinishTurn(Pos& p) {
  const int turn = p.s().turn;
  while (p.s().turn == turn && !p.state->is_terminal()) {
    const std::string kind = p.state->decision().kind;
    if (kind == "draw") {
      p.act(p.legal("draw end-turn") ? "draw end-turn"
                                     : p.state->describe(p.state->legal_actions()[0]));
    } else if (kind == "operations") {
      p.act("end-impulse");
    } else {
      ASSERT_EQ(kind, "roll");
      p.act("roll 1 1");
    }
  }
}

TEST(WsrArtillery, WSR_11_2_1_T1_OneByThirtyFourOnTwoSoftUnitsInClearOneHitEach) {
  // T-11.2.1-1: a "1 x 34" strike lands on hex X (accuracy 2-6) with two soft units in clear
  // terrain (0 defence dice); the 3 attack dice show 5, 4, 2: 2 hits, one on each unit.
  Pos p = ArtyPosition({He(3, 4, 1)});
  Activate(p, "us.cca");
  const int hq = p.unit("us.hq-cca");
  const int a = p.unit("de.infantry-2"), b = p.unit("de.infantry-3");
  ASSERT_TRUE(p.legal("call us.hq-cca A-I02 he-34")) << p.why("call us.hq-cca A-I02 he-34");
  CheckContract(p);
  // The verb table reads it (engine/verbs.h): caller, target hex, strike.
  const ActionInfo info = p.state->action_info(p.parse("call us.hq-cca A-I02 he-34"), 0);
  EXPECT_EQ(info.verb, "call");
  ASSERT_EQ(info.args.size(), 3u);
  EXPECT_EQ(info.args[1].kind, ArgKind::kPlace);
  EXPECT_EQ(info.label_en, "CCA HQ calls a HE 3@4 strike on A-I02");
  EXPECT_EQ(p.state->annotate(p.parse("call us.hq-cca A-I02 he-34")).en,
            "3 dice at 4+ on each of the 7 hexes with units; lands 83%; 0 left after");
  p.act("call us.hq-cca A-I02 he-34");
  EXPECT_TRUE(p.logged("WSR 11.2"));
  ASSERT_EQ(p.state->current_seat(), kChance);
  EXPECT_EQ(p.s().fire_dice_count(), 1);  // the accuracy die
  EXPECT_NE(p.state->decision().prompt.find("accuracy"), std::string::npos);
  p.act("roll 2");
  EXPECT_EQ(p.s().strike.hex, p.hex("A-I02"));  // the Barrage marker (11.2.1 step 1)
  EXPECT_TRUE(p.s().strike.landed);
  EXPECT_EQ(p.state->observe(0)["artillery"]["barrage"], "A-I02");
  EXPECT_NE(p.state->render_text(0).find("Barrage marker: A-I02"), std::string::npos);
  ASSERT_EQ(p.state->current_seat(), kChance);
  EXPECT_EQ(p.s().fire_dice_count(), 3);  // the strike's firepower
  CheckContract(p);
  p.act("roll 5 4 2");  // 2 hits; clear, soft targets: no defence roll
  EXPECT_TRUE(p.s().has(a, kDisrupted));
  EXPECT_TRUE(p.s().has(b, kDisrupted));
  EXPECT_FALSE(p.s().has(a, kReduced));
  EXPECT_FALSE(p.s().has(b, kReduced));
  // Step 6: the marker is removed; the HQ keeps operating (no Ops complete, WSR 11.2).
  EXPECT_EQ(p.s().strike.hex, kNoHex);
  EXPECT_TRUE(p.state->observe(0)["artillery"]["barrage"].is_null());
  EXPECT_EQ(p.state->decision().kind, "operations");
  EXPECT_FALSE(p.s().has(hq, kOpsComplete));
  EXPECT_EQ(p.s().strikes_left[0][0], 0);
  EXPECT_FALSE(p.legal("call us.hq-cca A-I02 he-34"));  // "1 x 34": one strike only
  EXPECT_NE(p.why("call us.hq-cca A-I02 he-34").find("no HE 3@4 strike is left"),
            std::string::npos);
  EXPECT_TRUE(p.legal("fire us.infantry de.infantry-2"));  // the others still operate
}

TEST(WsrArtillery, WSR_11_2_AccuracyRollOfOneHasNoEffectAndSpendsTheStrike) {
  Pos p = ArtyPosition({He(3, 4, 2)});
  Activate(p, "us.cca");
  p.acts({"call us.hq-cca A-I02 he-34", "roll 1"});
  EXPECT_EQ(p.state->decision().kind, "operations");  // no barrage
  EXPECT_FALSE(p.s().has(p.unit("de.infantry-2"), kDisrupted));
  EXPECT_EQ(p.s().strikes_left[0][0], 1);  // [REC] A-24: spent
  EXPECT_EQ(p.s().strike.hex, kNoHex);
}

TEST(WsrArtillery, WSR_11_2_1_SevenHexesEachResolvedSeparatelyBothSides) {
  // A German platoon in A-I01 and a US platoon in A-I03 are neighbours of A-I02: three hexes with
  // units, three attack rolls; the strike hits the caller's own side as well.
  Pos p = ArtyPosition({He(3, 4, 1)},
                       {U("de.infantry", "A-I01", "de.beck"), U("us.infantry", "A-I03", "us.cca")});
  Activate(p, "us.cca");
  const int own = p.unit("us.infantry-2"), far = p.unit("de.infantry-4");
  p.acts({"call us.hq-cca A-I02 he-34", "roll 6"});
  int rolls = 0;
  while (p.state->current_seat() == kChance) {
    ASSERT_EQ(p.state->decision().kind, "roll");
    EXPECT_NE(p.state->decision().prompt.find("barrage on"), std::string::npos);
    EXPECT_EQ(p.s().fire_dice_count(), 3);
    p.act("roll 6 1 1");  // 1 hit on each hex: one unit, or the odd hit between two
    if (p.state->decision().kind == "odd-hit")
      p.act(p.state->describe(p.state->legal_actions()[0]));
    ++rolls;
  }
  EXPECT_EQ(rolls, 3);
  EXPECT_TRUE(p.s().has(own, kDisrupted));  // all units, both sides (WSR 11.2)
  EXPECT_TRUE(p.s().has(far, kDisrupted));
  EXPECT_EQ(p.state->decision().kind, "operations");
  EXPECT_EQ(p.s().invariant_violation(), "");
}

TEST(WsrArtillery, WSR_11_2_1_OddHitGoesToAUnitAtRandom) {
  Pos p = ArtyPosition({He(3, 4, 1)});
  Activate(p, "us.cca");
  p.acts({"call us.hq-cca A-I02 he-34", "roll 3", "roll 6 5 4"});  // 3 hits on 2 units
  ASSERT_EQ(p.state->decision().kind, "odd-hit");
  const auto outcomes = p.state->chance_outcomes();
  ASSERT_EQ(outcomes.size(), 2u);
  EXPECT_DOUBLE_EQ(outcomes[0].probability, 0.5);
  const int a = p.unit("de.infantry-2"), b = p.unit("de.infantry-3");
  p.act("odd-hit de.infantry-3");
  EXPECT_TRUE(p.s().has(a, kDisrupted));  // 1 hit: disrupted
  EXPECT_FALSE(p.s().has(a, kReduced));
  EXPECT_TRUE(p.s().has(b, kReduced));  // 2 hits: disrupted and reduced
}

TEST(WsrArtillery, WSR_11_2_1_DefenceIsSoftTerrainPlusOneForAHardTargetNoConcealment) {
  // A Panther and an infantry platoon in A-J02 (clear), next to the target A-I02: the defence of
  // A-J02 rolls 0 + 1 dice (a hard target there); the infantry in the woods of A-G02 would be
  // concealed against direct fire, but a barrage gives no concealment die.
  GameSetup::Strike s = He(3, 4, 1);
  Pos p = ArtyPosition({s}, {U("de.panther", "A-J02", "de.beck")});
  Activate(p, "us.cca");
  const int panther = p.unit("de.panther");
  FireParams fp;
  p.acts({"call us.hq-cca A-I02 he-34", "roll 4"});
  ASSERT_TRUE(p.s().barrage_params(p.hex("A-J02"), &fp));
  EXPECT_EQ(fp.defence_dice, 1);  // clear 0 + 1 for the hard target (WSR 11.2.1 step 3)
  EXPECT_EQ(fp.save, 5);
  ASSERT_TRUE(p.s().barrage_params(p.hex("A-I02"), &fp));
  EXPECT_EQ(fp.defence_dice, 0);
  while (p.state->current_seat() == kChance) {
    const std::string prompt = p.state->decision().prompt;
    if (prompt.find("A-J02") != std::string::npos &&
        prompt.find("barrage on") != std::string::npos) {
      p.act("roll 6 6 1");
      ASSERT_NE(p.state->decision().prompt.find("defence of A-J02"), std::string::npos);
      EXPECT_EQ(p.s().fire_dice_count(), 1);
      p.act("roll 5");  // cancels one: 1 net hit
      continue;
    }
    p.act(p.state->describe(p.state->legal_actions()[0]));
  }
  EXPECT_TRUE(p.s().has(panther, kDisrupted));
  EXPECT_FALSE(p.s().has(panther, kReduced));
}

TEST(WsrArtillery, WSR_11_2_1_HqLossCheckWhereAUnitOfTheHexWasHit) {
  GameSetup s = MakeSetup(
      CcaBeck(), {U("us.hq-cca", "A-I05", "us.cca"), U("us.infantry", "A-I05", "us.cca"),
                  U("de.hq-beck", "A-I02", "de.beck"), U("de.infantry", "A-I02", "de.beck")});
  s.artillery[0] = {He(3, 4, 1)};
  Pos p(std::move(s));
  Activate(p, "us.cca");
  p.acts({"call us.hq-cca A-I02 he-34", "roll 5", "roll 6 1 1"});
  EXPECT_TRUE(p.s().has(p.unit("de.infantry"), kDisrupted));
  ASSERT_EQ(p.state->current_seat(), kChance);
  EXPECT_NE(p.state->decision().prompt.find("HQ loss check of Kampfgruppe Beck HQ"),
            std::string::npos);
  p.act("roll 1");  // 1: reduced (WSR 1.3.2.2)
  EXPECT_TRUE(p.s().has(p.unit("de.hq-beck"), kReduced));
  EXPECT_EQ(p.state->decision().kind, "operations");
}

TEST(WsrArtillery, WSR_11_2_CallerIsAnHqShqOrReconUnitAndCallsAsItsFirstAction) {
  Pos p = ArtyPosition({He(3, 4, 2)}, {U("us.m8", "A-J05", "us.cca")});
  Activate(p, "us.cca");
  // An infantry platoon may not call.
  std::string why = p.why("call us.infantry A-I02 he-34");
  EXPECT_NE(why.find("only an HQ, SHQ or recon unit"), std::string::npos) << why;
  // A recon unit of the active formation may (1.3.3.2 well-trained).
  EXPECT_TRUE(p.legal("call us.m8 A-I02 he-34")) << p.why("call us.m8 A-I02 he-34");
  // Not after it has moved: the call must be its first action.
  p.acts({"select us.m8", "move A-J04", "end-move"});
  why = p.why("call us.m8 A-I02 he-34");
  EXPECT_NE(why.find("first action"), std::string::npos) << why;
  // A hex out of the caller's LOS (the first one found) is refused with the LOS reason.
  const int hq = p.unit("us.hq-cca");
  int blocked = -1;
  for (int h = 0; h < p.game->layout().size() && blocked < 0; ++h)
    if (p.game->layout().Distance(p.s().unit(hq).hex, h) > 1 &&
        !p.s().los_clear(p.s().unit(hq).hex, h))
      blocked = h;
  ASSERT_GE(blocked, 0);
  Action a(kCall, {hq, blocked, 0});
  why = p.state->why_illegal(a);
  EXPECT_NE(why.find("no LOS"), std::string::npos) << why;
}

TEST(WsrArtillery, WSR_11_2_A24_AtMostTwoStrikesPerFormationImpulse) {
  Pos p = ArtyPosition({He(3, 4, 3)}, {U("us.m8", "A-J05", "us.cca")});
  Activate(p, "us.cca");
  p.acts({"call us.hq-cca A-I02 he-34", "roll 1", "call us.m8 A-I02 he-34", "roll 1"});
  const std::string why = p.why("call us.hq-cca A-I02 he-34");
  EXPECT_NE(why.find("A-24"), std::string::npos) << why;
  EXPECT_EQ(p.s().strikes_left[0][0], 1);
  ActionList l;
  p.state->legal_actions(l);
  for (const Action& a : l) EXPECT_NE(a.verb, kCall) << p.state->describe(a);
}

TEST(WsrArtillery, WSR_11_2_1_AStrikeOnAnAreaWithoutUnitsIsNotOffered) {
  Pos p = ArtyPosition({He(3, 4, 1)});
  Activate(p, "us.cca");
  // Every HE call offered has a unit in its seven hexes ([Decision] in artillery.cc can_call).
  ActionList l;
  p.state->legal_actions(l);
  int calls = 0;
  for (const Action& a : l)
    if (a.verb == kCall) {
      ++calls;
      std::vector<int> units;
      bool any = false;
      for (int i = 0; i < 7 && !any; ++i) {
        const int h = i == 0 ? a.arg(1) : p.game->layout().Neighbour(a.arg(1), i - 1);
        if (h < 0) continue;
        p.s().barrage_targets(h, units);
        any = !units.empty();
      }
      EXPECT_TRUE(any) << p.state->describe(a);
    }
  EXPECT_GT(calls, 0);
}

TEST(WsrArtillery, WSR_11_2_2_SmokeBlocksLosAroundItsHexUntilTheSecondMarkerRemovalPhase) {
  // A German Panther at A-I01 and the US M4A1 at A-I04: the line runs down column I through A-I02
  // and A-I03. Smoke on A-I02 blocks it (the smoke area is A-I02 and its six neighbours, A-25).
  Pos p = ArtyPosition({Smoke(1)},
                       {U("us.m4a1", "A-I04", "us.cca"), U("de.panther", "A-I01", "de.beck")},
                       /*turns=*/4);
  Activate(p, "us.cca");
  const int from = p.hex("A-I04"), to = p.hex("A-I01");
  ASSERT_TRUE(p.s().los_clear(from, to));
  ASSERT_TRUE(p.legal("fire us.m4a1 de.panther"));
  // Smoke may go on any hex in the caller's LOS, even one without units near it.
  ASSERT_TRUE(p.legal("call us.hq-cca A-I02 smoke")) << p.why("call us.hq-cca A-I02 smoke");
  p.acts({"call us.hq-cca A-I02 smoke", "roll 4"});
  EXPECT_EQ(p.s().smoke_at(p.hex("A-I02")), 2);
  EXPECT_FALSE(p.s().los_clear(from, to));  // through the smoke hex
  EXPECT_FALSE(p.s().los_check(from, to).clear);
  const std::string why = p.why("fire us.m4a1 de.panther");
  EXPECT_NE(why.find("smoke"), std::string::npos) << why;
  // Out of the area: A-I03 is adjacent to the smoke hex; a line from it is blocked too.
  EXPECT_FALSE(p.s().los_clear(p.hex("A-I03"), p.hex("A-I05")) &&
               p.game->layout().Distance(p.hex("A-I03"), p.hex("A-I05")) > 1);
  // Adjacent hexes stay in LOS (WSR 6.1 "always", A-25).
  EXPECT_TRUE(p.s().los_clear(p.hex("A-I02"), p.hex("A-I01")));
  const nlohmann::json smoke = p.state->observe(0)["artillery"]["smoke"];
  ASSERT_EQ(smoke.size(), 1u);
  EXPECT_EQ(smoke[0]["hex"], "A-I02");
  EXPECT_EQ(smoke[0]["level"], 2);
  EXPECT_NE(p.state->render_text(0).find("Smoke 2"), std::string::npos);
  CheckContract(p);
  // Turn 1 ends: the MRP flips Smoke 2 to Smoke 1 (3.2 step 2); the smoke still blocks.
  FinishTurn(p);
  ASSERT_EQ(p.s().turn, 2);
  EXPECT_TRUE(p.logged("WSR 11.2.2"));
  EXPECT_EQ(p.s().smoke_at(p.hex("A-I02")), 1);
  EXPECT_FALSE(p.s().los_clear(from, to));
  // Turn 2 ends: the Smoke 1 marker is removed; the LOS is open again.
  FinishTurn(p);
  ASSERT_EQ(p.s().turn, 3);
  EXPECT_EQ(p.s().smoke_at(p.hex("A-I02")), 0);
  EXPECT_EQ(p.s().n_smoke, 0);
  EXPECT_TRUE(p.s().los_clear(from, to));
}

TEST(WsrArtillery, WSR_11_2_StrikeStateSurvivesJsonCloneAndFate) {
  GameSetup s = MakeSetup(
      CcaBeck(), {U("us.hq-cca", "A-I05", "us.cca"), U("us.infantry", "A-I05", "us.cca"),
                  U("de.hq-beck", "A-S10", "de.beck"), U("de.infantry", "A-S10", "de.beck"),
                  U("de.infantry", "A-I02", "de.beck")});
  s.artillery[0] = {He(3, 4, 2), Smoke(1)};
  s.fate_points = {1, 1};
  Pos p(std::move(s));
  Activate(p, "us.cca");
  while (p.state->decision().kind == "fate") p.act("no-fate");
  p.act("call us.hq-cca A-I02 he-34");
  p.act("roll 2");
  // WSR 10.0: the accuracy roll is a roll ("any roll"); the fate window holds it.
  EXPECT_EQ(p.state->decision().kind, "fate");
  EXPECT_EQ(p.s().strike.landed, 0);
  while (p.state->decision().kind == "fate") p.act("no-fate");
  EXPECT_EQ(p.s().strike.landed, 1);
  CheckContract(p);
  auto back = p.game->state_from_json(p.state->to_json());
  EXPECT_EQ(back->hash(), p.state->hash());
  auto c = p.state->clone();
  EXPECT_EQ(c->hash(), p.state->hash());
  // A game without artillery keeps the JSON and hash of before (no "artillery" key).
  Pos plain(MakeSetup(CcaBeck(),
                      {U("us.hq-cca", "A-I05", "us.cca"), U("us.infantry", "A-I05", "us.cca"),
                       U("de.hq-beck", "A-S10", "de.beck"), U("de.infantry", "A-S10", "de.beck")}));
  EXPECT_FALSE(plain.state->to_json().contains("artillery"));
  EXPECT_FALSE(plain.state->observe(0).contains("artillery"));
  EXPECT_TRUE(p.state->to_json().contains("artillery"));
}

TEST(WsrArtillery, WSR_11_2_OddsOfACallIncludeTheAccuracyDieExactly) {
  // T-11.2.1-1's position: "1 x 34" on two soft units in clear. P(no hit on A-I02) = 1/6 (the
  // accuracy die shows 1) + 5/6 x (1/2)^3 (three dice hitting on 4+ all miss).
  Pos p = ArtyPosition({He(3, 4, 1), Smoke(1)});
  Activate(p, "us.cca");
  const nlohmann::json he = FireOddsJson(*p.state, p.parse("call us.hq-cca A-I02 he-34"));
  ASSERT_EQ(he["kind"], "wsr-artillery");
  ASSERT_EQ(he["hexes"].size(), 1u);  // only A-I02 of the seven holds units
  ASSERT_TRUE(he["hexes"].contains("A-I02"));
  const nlohmann::json& hex = he["hexes"]["A-I02"];
  EXPECT_NEAR(hex["net_hits"][0].get<double>(), 1.0 / 6 + 5.0 / 6 / 8, 1e-12);
  double sum = 0;
  for (const auto& q : hex["net_hits"]) sum += q.get<double>();
  EXPECT_NEAR(sum, 1.0, 1e-12);
  // Each unit: no effect on 0 hits, or on 1 hit that went to the other unit (1/2).
  const double miss = 1.0 / 8, one = 3.0 / 8;
  EXPECT_NEAR(hex["units"]["de.infantry-2"]["no-effect"].get<double>(),
              1.0 / 6 + 5.0 / 6 * (miss + one / 2), 1e-12);
  const nlohmann::json smoke = FireOddsJson(*p.state, p.parse("call us.hq-cca A-I02 smoke"));
  ASSERT_EQ(smoke["kind"], "wsr-smoke");
  EXPECT_NEAR(smoke["results"]["smoke-2"].get<double>(), 5.0 / 6, 1e-12);
  // In German as the web UI's odds panel shows them.
  EXPECT_EQ(
      he["summary_de"],
      "Artillerieschlag HE 3@4 auf A-I02: im Ziel 83,3\u00a0% (Treffsicherheit 2-6), dann 3 Würfel "
      "ab 4+ auf jedes Feld mit Einheiten (1 Feld); erwartete Netto-Treffer insgesamt 1,25 "
      "(WSR 11.2, 11.2.1)");
  EXPECT_EQ(smoke["summary_de"],
            "Rauch auf A-I02: Rauch-2-Marker 83,3\u00a0%, ohne Wirkung 16,7\u00a0% "
            "(Treffsicherheitswurf, WSR "
            "11.2, 11.2.2)");
}

TEST(WsrArtillery, WSR_11_2_1_LuckOfTheBarrageRollsCountsHitsForTheCaller) {
  // feldherr replay --luck: 3 dice hitting on 4+ expect 1.5 hits; 5 4 2 scored 2, for the US.
  Pos p = ArtyPosition({He(3, 4, 1)});
  Activate(p, "us.cca");
  p.acts({"call us.hq-cca A-I02 he-34", "roll 2"});
  const auto hits = WsrLuck(*p.state, p.parse("roll 5 4 2"));
  ASSERT_TRUE(hits.has_value());
  EXPECT_EQ(hits->seat, 0);
  EXPECT_EQ(hits->what, "hits");
  EXPECT_NEAR(hits->expected, 1.5, 1e-12);
  EXPECT_EQ(hits->actual, 2.0);
}

// A test setup carrying a scenario whose only content is the special rule `id` with `params`
// (the artillery hooks of WSR-A6 and WSR-A7 read nothing else of it).
std::shared_ptr<const Scenario> RuleOnly(const std::string& id, const std::string& key,
                                         const std::string& text, int value) {
  auto sc = std::make_shared<Scenario>();
  sc->code = "TEST";
  sc->title = id;
  SpecialRule r;
  r.id = id;
  SpecialRule::Param p;
  p.key = key;
  p.is_int = text.empty();
  p.value = value;
  p.text = text;
  r.params.push_back(p);
  sc->special_rules.push_back(r);
  return sc;
}

TEST(WsrArtillery, WSR_A6_ArtilleryCallerOnlyTheHqOfTheNamedFormation) {
  // Elsenborn: "Only the Kampfgruppe Dauer HQ may call the German artillery strike" -- here
  // Beck's HQ: Beck's recon unit may not call, its HQ may; the US calls as usual.
  GameSetup s = MakeSetup(
      CcaBeck(), {U("de.hq-beck", "A-I05", "de.beck"), U("de.infantry", "A-I05", "de.beck"),
                  U("de.puma", "A-J05", "de.beck"), U("us.hq-cca", "A-S10", "us.cca"),
                  U("us.infantry", "A-S10", "us.cca"), U("us.infantry", "A-I02", "us.cca")});
  s.artillery[1] = {He(3, 4, 1)};
  s.scenario_data = RuleOnly("artillery-caller", "formation", "de.beck", 0);
  Pos p(std::move(s));
  Activate(p, "de.beck");
  const std::string why = p.why("call de.puma A-I02 he-34");
  EXPECT_NE(why.find("(WSR-A6"), std::string::npos) << why;
  EXPECT_EQ(why.find("artillery-caller"), std::string::npos) << why;  // the data id
  EXPECT_TRUE(p.legal("call de.hq-beck A-I02 he-34")) << p.why("call de.hq-beck A-I02 he-34");
}

TEST(WsrArtillery, WSR_A7_ArtilleryLimitPerTurn) {
  // Omaha: "At most 2 artillery strikes may be called per turn" -- here 1 per turn: after one
  // strike the next impulse's call is refused, the next turn allows one again.
  GameSetup s =
      MakeSetup({{"us.cca", 0, 2}, {"de.beck", 1, 1}},
                {U("us.hq-cca", "A-I05", "us.cca"), U("us.infantry", "A-I05", "us.cca"),
                 U("de.hq-beck", "A-S10", "de.beck"), U("de.infantry", "A-S10", "de.beck"),
                 U("de.infantry", "A-I02", "de.beck")},
                3);
  s.artillery[0] = {He(3, 4, 3)};
  s.scenario_data = RuleOnly("artillery-limit", "per_turn", "", 1);
  Pos p(std::move(s));
  Activate(p, "us.cca");
  p.acts({"call us.hq-cca A-I02 he-34", "roll 1"});
  std::string why = p.why("call us.hq-cca A-I02 he-34");
  EXPECT_NE(why.find("(WSR-A7"), std::string::npos) << why;
  p.act("end-impulse");
  Activate(p, "us.cca");  // the second marker of the CCA: still turn 1
  ASSERT_EQ(p.s().turn, 1);
  EXPECT_FALSE(p.legal("call us.hq-cca A-I02 he-34"));
  FinishTurn(p);
  ASSERT_EQ(p.s().turn, 2);
  while (p.state->decision().kind == "draw") {
    if (p.legal("draw us.cca")) {
      Activate(p, "us.cca");
      break;
    }
    p.act(p.state->describe(p.state->legal_actions()[0]));
    if (p.state->decision().kind == "operations") p.act("end-impulse");
  }
  ASSERT_EQ(p.state->decision().kind, "operations");
  EXPECT_TRUE(p.legal("call us.hq-cca A-I02 he-34")) << p.why("call us.hq-cca A-I02 he-34");
}

TEST(WsrArtillery, WSR_11_2_OneDieStrikeIsWordedInTheSingular) {
  // A "1 x 14" strike: the note next to the action and the odds summary say "1 die" (emit.h
  // DiceCount) and "1 hex", not "1 dice" and "1 hexes".
  Pos p = ArtyPosition({He(1, 4, 1)});
  Activate(p, "us.cca");
  ASSERT_TRUE(p.legal("call us.hq-cca A-I02 he-14")) << p.why("call us.hq-cca A-I02 he-14");
  EXPECT_EQ(p.state->annotate(p.parse("call us.hq-cca A-I02 he-14")).en,
            "1 die at 4+ on each of the 7 hexes with units; lands 83%; 0 left after");
  const std::string summary =
      FireOddsJson(*p.state, p.parse("call us.hq-cca A-I02 he-14"))["summary"];
  EXPECT_NE(summary.find("then 1 die hitting on 4+ on each of 1 hex with units"), std::string::npos)
      << summary;
}

}  // namespace
}  // namespace feldherr::wsr::testing
