// WSR 6.1 direct fire, 6.2 opportunity fire, mortar hex fire and the 1.3.2.2 HQ loss check played
// through the game state (games/wsr/fire.cc) with the dice injected as chance actions. Positions on
// map sheet A (stand-in grid): row 01 is clear from H to L; column A rows 07-10 are woods; A-G01 is
// woods.
#include <gtest/gtest.h>

#include <algorithm>
#include <nlohmann/json.hpp>

#include "games/wsr/combat.h"
#include "tests/wsr_rules/wsr_rules_util.h"

namespace feldherr::wsr::testing {
namespace {

// US units (plus the CCA HQ at A-L02) against German units (plus the Beck HQ at A-S10).
Pos FirePosition(std::vector<SetupUnit> us, std::vector<SetupUnit> de) {
  std::vector<SetupUnit> all = {U("us.hq-cca", "A-L02", "us.cca")};
  for (auto& u : us) all.push_back(u);
  all.push_back(U("de.hq-beck", "A-S10", "de.beck"));
  for (auto& u : de) all.push_back(u);
  return Pos(MakeSetup(CcaBeck(), all));
}

// "roll" with `n` dice showing `face` (the first `sixes` show 6).
std::string Dice(int n, int face, int sixes = 0) {
  std::string s = "roll";
  for (int k = 0; k < n; ++k) s += " " + std::to_string(k < sixes ? 6 : face);
  return s;
}

Pos HqInTargetHexForJson() {
  return Pos(MakeSetup(CcaBeck(),
                       {U("us.hq-cca", "A-L02", "us.cca"), U("us.m4a3e8", "A-K01", "us.cca"),
                        U("de.hq-beck", "A-G01", "de.beck"), U("de.panther", "A-G01", "de.beck")}));
}

TEST(WsrFire, WSR_6_1_T_6_1_1_EasyEightDisruptsPantherInWoods) {
  // Easy Eight (AP 3 dice, to-hit 4, range 6) 4 hexes from a Panther (armor 3, save 5) in woods.
  Pos p = FirePosition({U("us.m4a3e8", "A-K01", "us.cca")}, {U("de.panther", "A-G01", "de.beck")});
  Activate(p, "us.cca");
  const int e8 = p.unit("us.m4a3e8"), panther = p.unit("de.panther");
  EXPECT_EQ(p.game->layout().Distance(p.hex("A-K01"), p.hex("A-G01")), 4);
  ASSERT_TRUE(p.legal("fire us.m4a3e8 de.panther"));
  ActionList offered;
  p.state->legal_actions(offered);  // offered in the operations decision (WSR 4.4)
  EXPECT_NE(std::find(offered.begin(), offered.end(), p.parse("fire us.m4a3e8 de.panther")),
            offered.end());
  EXPECT_NE(p.why("opfire us.m4a3e8 de.panther").find("WSR 6.2"), std::string::npos);
  p.act("fire us.m4a3e8 de.panther");
  EXPECT_EQ(p.state->current_seat(), kChance);
  EXPECT_EQ(p.s().fire_dice_count(), 3);
  EXPECT_FALSE(p.legal("roll 6 4"));      // three dice owed
  p.act("roll 6 4 3");                    // 2 hits
  EXPECT_EQ(p.s().fire_dice_count(), 4);  // armor 3 + woods 1 (not concealed: A-06)
  p.act("roll 3 2 4 6");                  // 1 cancelled
  EXPECT_TRUE(p.s().has(panther, kDisrupted));
  EXPECT_FALSE(p.s().has(panther, kReduced));
  EXPECT_TRUE(p.s().has(e8, kOpsComplete));
  EXPECT_TRUE(p.logged("WSR 6.1.7"));
  EXPECT_EQ(p.state->decision().kind, "operations");
}

TEST(WsrFire, WSR_6_1_1_To_6_1_3_RangeBands) {
  // Short (<= 3: to-hit 3), normal (4-6: to-hit 4), extended (7-12: to-hit 5).
  Pos p = FirePosition({U("us.m4a3e8", "A-J01", "us.cca"), U("us.m4a3e8", "A-K01", "us.cca"),
                        U("us.m4a3e8", "A-N01", "us.cca")},
                       {U("de.panther", "A-G01", "de.beck")});
  Activate(p, "us.cca");
  const int panther = p.unit("de.panther");
  const std::pair<const char*, int> cases[] = {
      {"us.m4a3e8-1", 3}, {"us.m4a3e8-2", 4}, {"us.m4a3e8-3", 5}};
  const RangeBand bands[] = {RangeBand::kShort, RangeBand::kNormal, RangeBand::kExtended};
  for (int k = 0; k < 3; ++k) {
    FireParams fp;
    Text why;
    ASSERT_TRUE(p.s().can_fire(p.unit(cases[k].first), panther, false, &why, &fp)) << why.en;
    EXPECT_EQ(fp.to_hit, cases[k].second) << cases[k].first;
    EXPECT_EQ(fp.band, bands[k]) << cases[k].first;
  }
}

TEST(WsrFire, WSR_6_1_1_BeyondTwiceTheRangeIsRefused) {
  Pos p = FirePosition({U("us.m4a3e8", "A-U01", "us.cca")}, {U("de.panther", "A-G01", "de.beck")});
  Activate(p, "us.cca");
  const std::string why = p.why("fire us.m4a3e8 de.panther");
  EXPECT_NE(why.find("range"), std::string::npos) << why;
}

TEST(WsrFire, WSR_6_1_NoFireWithoutLos) {
  // A-A06 -> A-A11: the woods of A-A07..A-A10 block LOS between level-0 hexes (WSR 7.1 a).
  Pos p = FirePosition({U("us.m4a3e8", "A-A06", "us.cca")}, {U("de.panther", "A-A11", "de.beck")});
  Activate(p, "us.cca");
  const std::string why = p.why("fire us.m4a3e8 de.panther");
  EXPECT_NE(why.find("LOS"), std::string::npos) << why;
}

TEST(WsrFire, WSR_6_1_AdjacentUnitsAlwaysHaveLos) {
  Pos p = FirePosition({U("us.m4a3e8", "A-A07", "us.cca")}, {U("de.panther", "A-A08", "de.beck")});
  Activate(p, "us.cca");
  EXPECT_TRUE(p.legal("fire us.m4a3e8 de.panther"));
}

TEST(WsrFire, WSR_6_1_7_DisruptedUnitCannotFire) {
  Pos p = FirePosition({U("us.m4a3e8", "A-K01", "us.cca", /*disrupted=*/true)},
                       {U("de.panther", "A-G01", "de.beck")});
  Activate(p, "us.cca", "roll 6 6");  // the reorganization fails (WSR 4.3)
  ASSERT_TRUE(p.s().has(p.unit("us.m4a3e8"), kDisrupted));
  const std::string why = p.why("fire us.m4a3e8 de.panther");
  EXPECT_NE(why.find("disrupted"), std::string::npos) << why;
}

TEST(WsrFire, WSR_6_1_FiringGivesOpsCompleteAndOnlyOneFire) {
  Pos p = FirePosition({U("us.m4a3e8", "A-K01", "us.cca")}, {U("de.panther", "A-G01", "de.beck")});
  Activate(p, "us.cca");
  p.acts({"fire us.m4a3e8 de.panther", "roll 1 1 1"});  // no hit: no defence roll
  EXPECT_EQ(p.state->decision().kind, "operations");
  EXPECT_FALSE(p.s().has(p.unit("de.panther"), kDisrupted));
  const std::string why = p.why("fire us.m4a3e8 de.panther");
  EXPECT_NE(why.find("Ops complete"), std::string::npos) << why;
  EXPECT_FALSE(p.legal("select us.m4a3e8"));
}

TEST(WsrFire, WSR_5_0_UnitThatMovedMayNotFire) {
  Pos p = FirePosition({U("us.m4a3e8", "A-K01", "us.cca"), U("us.m4a3e8", "A-K01", "us.cca")},
                       {U("de.panther", "A-G01", "de.beck")});
  Activate(p, "us.cca");
  p.acts({"select us.m4a3e8-1", "select us.m4a3e8-2", "move A-L01"});
  if (p.state->decision().kind == "opfire") p.act("no-opfire");
  p.acts({"drop us.m4a3e8-2", "end-move"});
  const std::string why = p.why("fire us.m4a3e8-2 de.panther");
  EXPECT_NE(why.find("moved this impulse"), std::string::npos) << why;
}

TEST(WsrFire, WSR_6_1_7_EliminatedTankLeavesAWreck) {
  Pos p = FirePosition({U("us.m4a3e8", "A-K01", "us.cca")},
                       {U("de.panther", "A-G01", "de.beck", false, false, /*reduced=*/true)});
  Activate(p, "us.cca");
  const int panther = p.unit("de.panther"), g01 = p.hex("A-G01");
  p.acts({"fire us.m4a3e8 de.panther", "roll 6 6 6"});
  const int n = p.s().fire_dice_count();
  p.act(Dice(n, 1));  // nothing cancelled: disrupted, then eliminated (reduced already)
  EXPECT_TRUE(p.s().has(panther, kGone));
  EXPECT_FALSE(p.s().on_map(panther));
  EXPECT_TRUE(p.s().has_wreck(g01));
  EXPECT_EQ(p.s().invariant_violation(), "");
}

// --- WSR 6.2 opportunity fire ---

// The M4A1 at A-H02 moves to A-H03, in LOS of the Panther at A-H05 (2 hexes).
Pos OpFirePosition(std::vector<SetupUnit> de) {
  return FirePosition({U("us.m4a1", "A-H02", "us.cca")}, std::move(de));
}

TEST(WsrFire, WSR_6_2_NonMovingSideMayFireAfterTheHexIsEntered) {
  Pos p = OpFirePosition({U("de.panther", "A-H05", "de.beck")});
  Activate(p, "us.cca");
  const int m4 = p.unit("us.m4a1"), panther = p.unit("de.panther");
  p.acts({"select us.m4a1", "move A-H03"});
  EXPECT_EQ(p.state->decision().kind, "opfire");
  EXPECT_EQ(p.state->current_seat(), 1);
  EXPECT_EQ(p.s().unit(m4).hex, p.hex("A-H03"));  // after the enemy has entered the hex
  EXPECT_FALSE(p.legal("move A-H04"));
  p.act("opfire de.panther us.m4a1");
  p.act(Dice(p.s().fire_dice_count(), 1, /*sixes=*/1));  // one hit
  p.act(Dice(p.s().fire_dice_count(), 1));               // none cancelled
  EXPECT_TRUE(p.s().has(m4, kDisrupted));
  // A disrupted mover ends its movement: Ops complete, the formation operates on.
  EXPECT_TRUE(p.s().has(m4, kOpsComplete));
  EXPECT_FALSE(p.s().has(m4, kMoving));
  EXPECT_EQ(p.state->decision().kind, "operations");
  EXPECT_TRUE(p.s().has(panther, kOpsComplete));  // the firing unit (WSR 6.2)
  EXPECT_EQ(p.s().invariant_violation(), "");
}

TEST(WsrFire, WSR_6_2_EliminatedMoverEndsTheMove) {
  Pos p = FirePosition({U("us.m4a1", "A-H02", "us.cca", false, false, /*reduced=*/true)},
                       {U("de.panther", "A-H05", "de.beck")});
  Activate(p, "us.cca");
  const int m4 = p.unit("us.m4a1");
  p.acts({"select us.m4a1", "move A-H03", "opfire de.panther us.m4a1"});
  p.act(Dice(p.s().fire_dice_count(), 6));
  p.act(Dice(p.s().fire_dice_count(), 1));
  EXPECT_TRUE(p.s().has(m4, kGone));
  EXPECT_EQ(p.s().n_group, 0);
  EXPECT_EQ(p.state->decision().kind, "operations");
  EXPECT_EQ(p.s().invariant_violation(), "");
}

TEST(WsrFire, WSR_6_2_T_6_2_1_OncePerHexEntered) {
  Pos p =
      OpFirePosition({U("de.panther", "A-H05", "de.beck"), U("de.panther", "A-I05", "de.beck")});
  Activate(p, "us.cca");
  p.acts({"select us.m4a1", "move A-H03", "opfire de.panther-1 us.m4a1", "roll 1 1 1 1"});
  // The attack in A-H03 was made: the second Panther may not fire there; the move goes on.
  EXPECT_EQ(p.state->decision().kind, "move");
  EXPECT_FALSE(p.legal("opfire de.panther-2 us.m4a1"));
  p.act("move A-G03");
  EXPECT_EQ(p.state->decision().kind, "opfire");
  EXPECT_FALSE(p.legal("opfire de.panther-1 us.m4a1"));  // Ops complete
  EXPECT_TRUE(p.legal("opfire de.panther-2 us.m4a1"));
}

TEST(WsrFire, WSR_6_2_DecliningClosesTheWindowForThisHex) {
  Pos p = OpFirePosition({U("de.panther", "A-H05", "de.beck")});
  Activate(p, "us.cca");
  p.acts({"select us.m4a1", "move A-H03", "no-opfire"});
  EXPECT_EQ(p.state->decision().kind, "move");
  EXPECT_EQ(p.state->current_seat(), 0);
  EXPECT_FALSE(p.s().has(p.unit("de.panther"), kOpsComplete));
}

TEST(WsrFire, WSR_6_2_DisruptedUnitsDoNotOpportunityFire) {
  Pos p = OpFirePosition({U("de.panther", "A-H05", "de.beck", /*disrupted=*/true)});
  Activate(p, "us.cca");
  p.acts({"select us.m4a1", "move A-H03"});
  EXPECT_EQ(p.state->decision().kind, "move");  // no eligible unit: no window
}

TEST(WsrFire, WSR_6_1_5_MovingInfantryIsNeverConcealed) {
  // Infantry entering woods A-G02: concealed when it stands there, not while it moves (6.1.5).
  Pos p =
      FirePosition({U("us.infantry", "A-H02", "us.cca")}, {U("de.panther", "A-H05", "de.beck")});
  Activate(p, "us.cca");
  const int inf = p.unit("us.infantry"), panther = p.unit("de.panther");
  p.acts({"select us.infantry", "move A-G02"});
  ASSERT_EQ(p.state->decision().kind, "opfire");
  FireParams moving;
  Text why;
  ASSERT_TRUE(p.s().can_fire(panther, inf, true, &why, &moving)) << why.en;
  // The same infantry standing in A-G02 without Ops complete is concealed: +1 defence die.
  Pos q =
      FirePosition({U("us.infantry", "A-G02", "us.cca")}, {U("de.panther", "A-H05", "de.beck")});
  FireParams still;
  ASSERT_TRUE(q.s().fire_params(q.unit("de.panther"), q.unit("us.infantry"), &still, &why))
      << why.en;
  EXPECT_EQ(still.defence_dice, moving.defence_dice + 1);
}

TEST(WsrFire, PendingFireRollsSurviveJsonAndClone) {
  Pos p = HqInTargetHexForJson();
  Activate(p, "us.cca");
  p.acts({"fire us.m4a3e8 de.panther", "roll 6 4 3"});  // the defence roll is pending
  for (int k = 0; k < 2; ++k) {
    auto r = p.game->state_from_json(p.state->to_json());
    EXPECT_EQ(r->hash(), p.state->hash());
    EXPECT_EQ(r->chance_outcomes().size(), p.state->chance_outcomes().size());
    EXPECT_EQ(p.state->clone()->hash(), p.state->hash());
    p.act(k == 0 ? "roll 3 2 4 6" : "roll 4");  // then the HQ loss check is pending
  }
  EXPECT_EQ(p.state->decision().kind, "operations");
}

// --- WSR 1.3.2.2 HQ loss check ---

Pos HqInTargetHex(bool panther_reduced) {
  return Pos(
      MakeSetup(CcaBeck(), {U("us.hq-cca", "A-L02", "us.cca"), U("us.m4a3e8", "A-K01", "us.cca"),
                            U("de.hq-beck", "A-G01", "de.beck"),
                            U("de.panther", "A-G01", "de.beck", false, false, panther_reduced)}));
}

TEST(WsrFire, WSR_1_3_2_2_HqLossCheckWhenAUnitInItsHexIsDisrupted) {
  Pos p = HqInTargetHex(false);
  Activate(p, "us.cca");
  const int hq = p.unit("de.hq-beck");
  EXPECT_NE(p.why("fire us.m4a3e8 de.hq-beck").find("1.3.2.2"), std::string::npos);
  p.acts({"fire us.m4a3e8 de.panther", "roll 6 4 3", "roll 3 2 4 6"});  // Panther disrupted
  ASSERT_EQ(p.state->current_seat(), kChance);
  EXPECT_EQ(p.s().fire_dice_count(), 1);
  p.act("roll 1");  // <= 1: the HQ is flipped
  EXPECT_TRUE(p.s().has(hq, kReduced));
  EXPECT_TRUE(p.s().on_map(hq));
  EXPECT_TRUE(p.logged("WSR 1.3.2.2"));
  EXPECT_EQ(p.state->decision().kind, "operations");
}

TEST(WsrFire, WSR_1_3_2_2_HqEliminatedWithTheLastUnitOfItsHex) {
  Pos p = HqInTargetHex(true);
  Activate(p, "us.cca");
  const int hq = p.unit("de.hq-beck");
  p.acts({"fire us.m4a3e8 de.panther", "roll 6 6 6"});
  p.act(Dice(p.s().fire_dice_count(), 1));  // the reduced Panther is eliminated
  EXPECT_TRUE(p.s().has(p.unit("de.panther"), kGone));
  EXPECT_TRUE(p.s().has(hq, kGone));  // no roll
  EXPECT_EQ(p.state->decision().kind, "operations");
  // T-1.3.2.2-3: the Panther's wreck is the one wreck of the hex; the vehicle HQ adds none.
  EXPECT_TRUE(p.s().has_wreck(p.hex("A-G01")));
  int wrecks = 0;
  for (const Event& e : p.events)
    wrecks += e.text.find("wreck marker is placed") != std::string::npos;
  EXPECT_EQ(wrecks, 1);
}

TEST(WsrFire, WSR_1_3_4_2_TheSupportWeaponIsLostWithItsPlatoon) {
  SetupUnit inf = U("de.infantry", "A-G01", "de.beck", false, false, true);  // reduced
  inf.sw = "de.hmg";
  Pos p = FirePosition({U("us.m4a3e8", "A-K01", "us.cca")}, {inf});
  const int t = p.unit("de.infantry");
  ASSERT_NE(p.s().sw(t), nullptr);
  Activate(p, "us.cca");
  p.act("fire us.m4a3e8 de.infantry");
  p.act(Dice(p.s().fire_dice_count(), 6));
  p.act(Dice(p.s().fire_dice_count(), 1));  // no save: eliminated
  ASSERT_TRUE(p.s().has(t, kGone));
  EXPECT_EQ(p.s().sw(t), nullptr);
  EXPECT_TRUE(p.logged("WSR 6.1.7"));
}

TEST(WsrFire, WSR_5_2_3_MountedInfantryFiresWithTheVehicleFaceOnly) {
  // Mounted, the counter fires with its vehicle face; the carried platoon's HMG does not fire.
  SetupUnit mounted = U("us.mech-infantry", "A-K01", "us.cca", false, true);
  mounted.sw = "us.hmg";
  SetupUnit bare = U("us.mech-infantry", "A-K02", "us.cca", false, true);
  Pos p = FirePosition({mounted, bare}, {U("de.infantry", "A-J03", "de.beck")});
  Activate(p, "us.cca");
  FireParams with_sw, without;
  Text why;
  ASSERT_TRUE(
      p.s().fire_params(p.unit("us.mech-infantry-1"), p.unit("de.infantry"), &with_sw, &why))
      << why.en;
  ASSERT_TRUE(
      p.s().fire_params(p.unit("us.mech-infantry-2"), p.unit("de.infantry"), &without, &why))
      << why.en;
  EXPECT_EQ(with_sw.dice, without.dice);
  EXPECT_EQ(with_sw.to_hit, without.to_hit);
}

// --- WSR 6.1 mortars: hex attack by direct fire ---

TEST(WsrFire, WSR_6_1_T_6_1_2_MortarHitsTheTigerInAClearHex) {
  // 81mm mortar 10 hexes from a clear hex holding a Tiger and an infantry platoon.
  Pos p = FirePosition({U("us.81mm-mortar", "A-H01", "us.cca")},
                       {U("de.tiger-i", "A-R01", "de.beck"), U("de.infantry", "A-R01", "de.beck")});
  Activate(p, "us.cca");
  EXPECT_EQ(p.game->layout().Distance(p.hex("A-H01"), p.hex("A-R01")), 10);
  const int tiger = p.unit("de.tiger-i"), inf = p.unit("de.infantry");
  FireParams fp;
  Text why;
  ASSERT_TRUE(p.s().can_fire_hex(p.unit("us.81mm-mortar"), p.hex("A-R01"), &why, &fp)) << why.en;
  p.act("fire us.81mm-mortar A-R01");
  EXPECT_EQ(p.s().fire_dice_count(), 2);
  p.act("roll 4 6");                      // 1 hit
  EXPECT_EQ(p.s().fire_dice_count(), 1);  // clear 0 + 1 for the tank in the hex
  p.act("roll 4");                        // nothing cancelled
  EXPECT_EQ(p.state->decision().kind, "odd-hit");
  EXPECT_EQ(p.state->chance_outcomes().size(), 2u);
  p.act("odd-hit de.tiger-i");
  EXPECT_TRUE(p.s().has(tiger, kDisrupted));
  EXPECT_FALSE(p.s().has(inf, kDisrupted));
  EXPECT_TRUE(p.s().has(p.unit("us.81mm-mortar"), kOpsComplete));
}

TEST(WsrFire, WSR_6_1_MortarsAttackHexesNotUnits) {
  Pos p =
      FirePosition({U("us.81mm-mortar", "A-H01", "us.cca")}, {U("de.tiger-i", "A-R01", "de.beck")});
  Activate(p, "us.cca");
  EXPECT_NE(p.why("fire us.81mm-mortar de.tiger-i").find("mortars attack hexes"),
            std::string::npos);
  EXPECT_NE(p.why("fire us.81mm-mortar A-Q01").find("no enemy unit"), std::string::npos);
}

// Random play on a close-quarters position: fire and opportunity fire happen, every fire action
// and fire roll round-trips through its text form, the invariants hold and the games end.
TEST(WsrFire, RandomGamesWithFireKeepTheStateContract) {
  GameSetup setup =
      MakeSetup({{"us.cca", 0, 1}, {"de.beck", 1, 1}},
                {U("us.hq-cca", "A-H03", "us.cca"), U("us.m4a1", "A-H03", "us.cca"),
                 U("us.m4a3e8", "A-I03", "us.cca"), U("us.infantry", "A-G04", "us.cca"),
                 U("us.81mm-mortar", "A-I02", "us.cca"), U("de.hq-beck", "A-K06", "de.beck"),
                 U("de.panther", "A-K06", "de.beck"), U("de.panzer-iv", "A-I07", "de.beck"),
                 U("de.panzergrenadiere", "A-H07", "de.beck")},
                3);
  WsrGame game(TestData(), HexLayout::Single('A'), setup);
  Rng rng(11);
  int fires = 0, opfires = 0, hex_fires = 0, ended = 0;
  for (int g = 0; g < 20; ++g) {
    auto st = game.new_initial_state();
    for (int n = 0; n < 3000 && !st->is_terminal(); ++n) {
      Action a;
      if (st->current_seat() == kChance) {
        a = st->sample_chance(rng);
      } else {
        ActionList legal;
        st->legal_actions(legal);
        ASSERT_FALSE(legal.empty());
        a = legal[rng.below(static_cast<uint32_t>(legal.size()))];
      }
      if (a.verb >= kFire) {
        Action b;
        std::string err;
        ASSERT_TRUE(st->parse(st->describe(a), b, err)) << st->describe(a) << err;
        EXPECT_EQ(a, b) << st->describe(a);
        ASSERT_EQ(st->why_illegal(a), "") << st->describe(a);
      }
      fires += a.verb == kFire;
      opfires += a.verb == kOpFire;
      hex_fires += a.verb == kFireHex;
      st->apply(a);
      ASSERT_EQ(static_cast<const WsrState&>(*st).invariant_violation(), "");
    }
    ended += st->is_terminal();
  }
  EXPECT_EQ(ended, 20);
  EXPECT_GT(fires, 0);
  EXPECT_GT(opfires, 0);
  EXPECT_GT(hex_fires, 0);
}

}  // namespace
}  // namespace feldherr::wsr::testing
