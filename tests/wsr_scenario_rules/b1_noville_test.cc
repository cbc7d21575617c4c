// WSR-B1 Noville: Beck's second element (random entry, test cases T-B1-1, T-B1-2 of
// docs/rules/wsr-scenarios.md) and the M18 rule (m18-fire-and-move, T-B1-3); reinforcements in
// command during their first activation (WSR 4.2).
#include <gtest/gtest.h>

#include "games/wsr/combat.h"
#include "tests/wsr_scenario_rules/scenario_rules_util.h"

namespace feldherr::wsr::testing {
namespace {

// Forces of noville.toml: 0 Beck on the map, 1 Beck second element (random entry), 2 507th,
// 3 CCA.
std::vector<SetupUnit> BeckPosition() {
  return {
      SU("de.hq-beck", "A-R06", 0), SU("de.panzer-iv", "A-R05", 0),
      SU("de.shq-beck", "", 1),     SU("de.tiger-i", "", 1),
      SU("de.stug-iii", "", 1),     SU("de.panzergrenadiere", "", 1, /*mounted=*/true),
      SU("us.hq-507", "A-K09", 2),  SU("us.paratroopers", "A-K09", 2),
      SU("us.hq-cca", "A-C04", 3),  SU("us.m4a1", "A-C04", 3),
  };
}

TEST(WsrScenarioRules, WSR_B1_BeckSecondElement_RollOf4EntersSouth) {
  SPos p(LoadScen("noville"), BeckPosition());
  const int tiger = p.unit("de.tiger-i"), shq = p.unit("de.shq-beck");
  EXPECT_TRUE(p.s().has(tiger, kOffMap));
  p.act("draw de.beck");
  // The entry roll comes first in the impulse: one die, 1/6 each.
  ASSERT_EQ(p.top_kind(), kStepEntryRoll);
  EXPECT_EQ(p.state->current_seat(), kChance);
  const auto outcomes = p.state->chance_outcomes();
  ASSERT_EQ(outcomes.size(), 6u);
  for (const ChanceOutcome& o : outcomes) EXPECT_NEAR(o.probability, 1.0 / 6, 1e-12);
  p.act("roll 4");
  EXPECT_TRUE(p.logged("scenario", "J12, K11 or L12"));
  // 3-4: A-J12, A-K11 or A-L12 (the player's choice among them); not the other rows' hexes.
  EXPECT_TRUE(p.legal("enter de.tiger-i A-J12"));
  EXPECT_TRUE(p.legal("enter de.tiger-i A-L12"));
  EXPECT_NE(p.why("enter de.tiger-i A-J01").find("not an entry hex"), std::string::npos);
  EXPECT_NE(p.why("enter de.tiger-i A-U06").find("not an entry hex"), std::string::npos);
  // Stacking 1.4: three combat units do not enter together.
  EXPECT_NE(p.why("enter de.tiger-i de.stug-iii de.panzergrenadiere A-K11").find("WSR 1.4"),
            std::string::npos);
  // An SHQ enters only with a unit of its formation.
  EXPECT_NE(p.why("enter de.shq-beck A-K11").find("A-03"), std::string::npos);
  p.go("enter de.shq-beck de.tiger-i A-K11");
  EXPECT_EQ(p.s().unit(tiger).hex, p.hex("A-K11"));
  EXPECT_EQ(p.s().unit(shq).hex, p.hex("A-K11"));
  EXPECT_FALSE(p.s().has(tiger, kOffMap));
  // G-12 [Rec]: the entry hex costs its terrain cost (clear: 1).
  EXPECT_EQ(p.s().unit(tiger).mp_spent, 1);
  // In command for this activation (WSR 4.2) although far outside the HQ's range: no test, and
  // the stack moves on.
  EXPECT_FALSE(p.s().in_command_range(tiger));
  EXPECT_FALSE(p.s().has(tiger, kOutOfCommand));
  p.go("move A-K10");
  p.act("end-move");
  p.go("enter de.stug-iii de.panzergrenadiere A-J12");
  p.act("end-move");
  for (const char* l : {"de.stug-iii", "de.panzergrenadiere"}) {
    EXPECT_TRUE(p.s().on_map(p.unit(l))) << l;
    EXPECT_FALSE(p.s().has(p.unit(l), kOutOfCommand)) << l;
  }
  EXPECT_EQ(p.s().entry_roll[0], 4);
}

TEST(WsrScenarioRules, WSR_B1_BeckSecondElement_RollOf6NothingEntersRollAgainNextActivation) {
  SPos p(LoadScen("noville"), BeckPosition());
  p.act("draw de.beck");
  p.act("roll 6");
  EXPECT_TRUE(p.logged("scenario", "nothing enters"));
  EXPECT_EQ(p.s().entry_roll[0], 0);
  EXPECT_NE(p.why("enter de.tiger-i A-K11").find("may not enter now"), std::string::npos);
  ActionList legal;
  p.state->legal_actions(legal);
  for (const Action& a : legal) EXPECT_NE(a.verb, kEnter) << p.state->describe(a);
  p.acts({"end-impulse", "draw end-turn", "draw end-turn"});
  ASSERT_EQ(p.s().turn, 2);
  p.act("draw de.beck");
  ASSERT_EQ(p.top_kind(), kStepEntryRoll);  // rolled again at Beck's next activation
  p.act("roll 5");
  EXPECT_TRUE(p.legal("enter de.tiger-i A-U06"));
  EXPECT_FALSE(p.legal("enter de.tiger-i A-K11"));
}

// [Rec] WSR-B1: once it has entered, no further rolls; units not yet entered stay available
// and may enter through the rolled hexes at a later activation (docs/wsr-rules.md).
TEST(WsrScenarioRules, WSR_B1_BeckSecondElement_OnceReleasedNoFurtherRoll) {
  SPos p(LoadScen("noville"), BeckPosition());
  p.acts({"draw de.beck", "roll 3"});
  p.go("enter de.tiger-i A-K11");
  p.acts({"end-move", "end-impulse", "draw end-turn", "draw end-turn"});
  ASSERT_EQ(p.s().turn, 2);
  p.act("draw de.beck");
  EXPECT_NE(p.top_kind(), kStepEntryRoll);
  while (p.top_kind() == kStepCommand) p.act("roll 1 1");  // the Tiger now tests normally
  ASSERT_EQ(p.top_kind(), kStepOperations);
  EXPECT_TRUE(p.legal("enter de.stug-iii A-L12"));
  EXPECT_FALSE(p.legal("enter de.stug-iii A-J01"));
}

// Identical units are one choice: the state offers them in label order.
TEST(WsrScenarioRules, WSR_G12_EnterActionsRoundTripAndStayInTheEntryZone) {
  SPos p(LoadScen("noville"), BeckPosition());
  p.acts({"draw de.beck", "roll 1"});
  ActionList legal;
  p.state->legal_actions(legal);
  int enters = 0;
  for (const Action& a : legal) {
    if (a.verb != kEnter) continue;
    ++enters;
    Action b;
    std::string err;
    ASSERT_TRUE(p.state->parse(p.state->describe(a), b, err)) << err;
    EXPECT_EQ(a, b) << p.state->describe(a);
    const int h = a.arg(0);
    EXPECT_TRUE(h == p.hex("A-J01") || h == p.hex("A-K01") || h == p.hex("A-L01"));
  }
  EXPECT_GT(enters, 0);
}

// T-B1-3: "Given the M18 (to-hit T) spends 3 MP then fires, then it fires with to-hit T+1
// and receives Ops complete; it may not move further."
std::vector<SetupUnit> M18Position(const char* m18_hex) {
  return {
      SU("de.hq-beck", "A-R06", 0),      SU("de.panzer-iv", "A-H03", 0),
      SU("de.panzer-iv", "A-R05", 0),    SU("us.hq-507", "A-C04", 2),
      SU("us.paratroopers", "A-C04", 2), SU("us.m18", m18_hex, 2),
      SU("us.hq-cca", "A-C09", 3),       SU("us.m4a1", "A-C09", 3),
  };
}

int ToHitAt(const char* m18_hex) {  // the M18's normal to-hit at the Panzer IV from m18_hex
  SPos p(LoadScen("noville"), M18Position(m18_hex));
  p.act("draw us.507");
  p.pass_command();
  FireParams fp;
  Text why;
  EXPECT_TRUE(p.s().can_fire(p.unit("us.m18"), p.unit("de.panzer-iv-1"), false, &why, &fp))
      << why.en;
  return fp.to_hit;
}

TEST(WsrScenarioRules, WSR_B1_M18_SpendsThreeMpThenFiresAtToHitPlusOne) {
  const auto sc = LoadScen("noville");
  const int plus = sc->FindRule("m18-fire-and-move")->Int("to_hit", 0);
  ASSERT_EQ(plus, 1);
  const int base = ToHitAt("A-E03");
  SPos p(sc, M18Position("A-C03"));
  const int m18 = p.unit("us.m18"), pz = p.unit("de.panzer-iv-1");
  p.act("draw us.507");
  p.pass_command();
  p.act("select us.m18");
  p.go("move A-D03");
  // Still 2 MP to go before the 3 MP; it could already fire after 1 MP.
  EXPECT_TRUE(p.legal("fire us.m18 de.panzer-iv-1"));
  p.go("move A-E03");
  ASSERT_EQ(p.s().unit(m18).mp_spent, 3);
  FireParams fp;
  Text why;
  ASSERT_TRUE(p.s().can_fire(m18, pz, false, &why, &fp)) << why.en;
  EXPECT_EQ(fp.to_hit, base + plus);
  p.act("fire us.m18 de.panzer-iv-1");
  EXPECT_EQ(p.top_kind(), kStepFireAttack);
  EXPECT_TRUE(p.logged("WSR 6.1", "hitting on " + std::to_string(base + plus) + "+"));
  p.act("roll 1 1 1");  // no hit
  EXPECT_TRUE(p.s().has(m18, kOpsComplete));
  EXPECT_FALSE(p.s().has(m18, kMoving));
  EXPECT_EQ(p.top_kind(), kStepOperations);
  EXPECT_FALSE(p.legal("select us.m18"));  // it may not move further
}

TEST(WsrScenarioRules, WSR_B1_M18_MoreThanThreeMpThenNoFire) {
  SPos p(LoadScen("noville"), M18Position("A-C03"));
  p.act("draw us.507");
  p.pass_command();
  p.act("select us.m18");
  for (const char* h : {"move A-D03", "move A-E03", "move A-F03"}) p.go(h);
  ASSERT_EQ(p.s().unit(p.unit("us.m18")).mp_spent, 4);
  EXPECT_NE(p.why("fire us.m18 de.panzer-iv-1").find("moved"), std::string::npos);
}

TEST(WsrScenarioRules, WSR_B1_M18_FiresThenSpendsThreeMp) {
  const auto sc = LoadScen("noville");
  const int mp = sc->FindRule("m18-fire-and-move")->Int("mp", 0);
  const int base = ToHitAt("A-E03");
  SPos p(sc, M18Position("A-E03"));
  const int m18 = p.unit("us.m18"), pz = p.unit("de.panzer-iv-1");
  p.act("draw us.507");
  p.pass_command();
  // Fire without moving at the normal to-hit, or fire-move at +1.
  EXPECT_TRUE(p.legal("fire us.m18 de.panzer-iv-1"));
  EXPECT_TRUE(p.legal("fire-move us.m18 de.panzer-iv-1"));
  p.act("fire-move us.m18 de.panzer-iv-1");
  FireParams fp;
  ASSERT_TRUE(p.s().fire_params(m18, pz, &fp, nullptr));
  EXPECT_EQ(fp.to_hit, base + 1);
  p.act("roll 1 1 1");
  ASSERT_EQ(p.top_kind(), kStepOperations);
  EXPECT_TRUE(p.s().has(m18, kOpsComplete));
  EXPECT_FALSE(p.legal("fire us.m18 de.panzer-iv-1"));
  p.act("select us.m18");
  EXPECT_EQ(p.s().mp_left(m18), mp);
  p.go("move A-D03");
  p.go("move A-C03");
  EXPECT_EQ(p.s().mp_left(m18), 1);
  EXPECT_FALSE(p.legal("move A-B03"));  // woods: 3 MP for a hard target
  p.act("end-move");
  EXPECT_FALSE(p.legal("select us.m18"));
  EXPECT_FALSE(p.legal("fire us.m18 de.panzer-iv-1"));
}

// Without combining, the M18 fires at its normal to-hit ([Rec] WSR-B1).
TEST(WsrScenarioRules, WSR_B1_M18_FireWithoutMovingIsNormal) {
  const int base = ToHitAt("A-E03");
  SPos p(LoadScen("noville"), M18Position("A-E03"));
  p.act("draw us.507");
  p.pass_command();
  p.act("fire us.m18 de.panzer-iv-1");
  FireParams fp;
  ASSERT_TRUE(p.s().fire_params(p.unit("us.m18"), p.unit("de.panzer-iv-1"), &fp, nullptr));
  EXPECT_EQ(fp.to_hit, base);
  EXPECT_TRUE(p.logged("WSR 6.1", "hitting on " + std::to_string(base) + "+"));
}

}  // namespace
}  // namespace feldherr::wsr::testing
