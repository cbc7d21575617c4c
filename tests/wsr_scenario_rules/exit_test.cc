// Leaving the map (games/wsr/exit.cc, gap G-12 [Rec]): a moving stack on an exit hex of its side
// spends a clear hex's cost and exits for good; exited units are tracked in the state (JSON,
// hash, observation) and counted by the exit victory conditions and `exited` scoring rules
// (victory.cc).
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "games/wsr/victory.h"
#include "tests/wsr_scenario_rules/scenario_rules_util.h"

namespace feldherr::wsr::testing {
namespace {

// chaumont.toml forces: 0 de.fj-3 (set up), 1 de.pz-172-44, 2 us.4-51, 3 us.cca. The US exits
// from A-K01 (zone k01).
SPos ChaumontNearTheExit() {
  return SPos(
      LoadScen("chaumont"),
      {SU("de.hq-fj-3", "A-E05", 0), SU("de.paratroopers", "A-E05", 0), SU("us.hq-cca", "A-K02", 3),
       SU("us.m4a1", "A-K02", 3), SU("us.m4a1", "A-K02", 3), SU("us.m4a1", "A-J03", 3)});
}

void StartCca(SPos& p) {
  p.act("draw us.cca");
  p.pass_command();
  ASSERT_EQ(p.top_kind(), kStepOperations);
}

// G-12 [Rec]: from a hex of its exit zone the moving stack leaves the map for the cost of a clear
// hex; the units are gone for good (kGone | kExited) and remember the hex they left from.
TEST(WsrExit, G_12_StackOnAnExitHexLeavesTheMap) {
  SPos p = ChaumontNearTheExit();
  StartCca(p);
  p.act("select us.m4a1-1");
  p.act("select us.hq-cca");
  EXPECT_NE(p.why("exit"), "");  // A-K02 is not an exit hex
  EXPECT_NE(p.why("exit").find("G-12"), std::string::npos) << p.why("exit");
  p.go("move A-K01");
  ASSERT_EQ(p.why("exit"), "");
  const uint64_t before = p.state->hash();
  p.act("exit");
  EXPECT_TRUE(p.logged("G-12", "leave the map from A-K01"));
  for (const char* l : {"us.m4a1-1", "us.hq-cca"}) {
    const int u = p.unit(l);
    EXPECT_TRUE(p.s().has(u, kGone)) << l;
    EXPECT_TRUE(p.s().has(u, kExited)) << l;
    EXPECT_FALSE(p.s().on_map(u)) << l;
    EXPECT_EQ(p.s().exit_hex[static_cast<size_t>(u)], p.hex("A-K01")) << l;
  }
  EXPECT_EQ(p.s().exited_count(), 2);
  EXPECT_EQ(p.top_kind(), kStepOperations);  // the move is over
  EXPECT_NE(p.state->hash(), before);
  // JSON round trip keeps the exits; the observation names the exit hex.
  auto back = p.game->state_from_json(p.state->to_json());
  EXPECT_EQ(back->hash(), p.state->hash());
  const auto& b = static_cast<const WsrState&>(*back);
  EXPECT_EQ(b.exit_hex[static_cast<size_t>(p.unit("us.m4a1-1"))], p.hex("A-K01"));
  const json obs = p.state->observe(0);
  bool named = false;
  for (const json& u : obs.at("units"))
    if (u.at("label") == "us.m4a1-1") named = u.value("exited", json()) == "A-K01";
  EXPECT_TRUE(named);
  std::string text;  // what the server sends: the same bytes (WsrState::append_observation)
  p.state->append_observation(0, text);
  EXPECT_EQ(text, obs.dump());
  EXPECT_NE(p.state->render_text(0).find("Exited from the map (G-12): CCA HQ, M4A1 Sherman 1"),
            std::string::npos)
      << p.state->render_text(0);
}

// G-12 [Rec]: each unit needs the clear-hex cost (1 MP) left; a side exits only from its own exit
// zones (the Germans have none in A1).
TEST(WsrExit, G_12_ExitNeedsTheMpAndAnExitHexOfTheSide) {
  SPos p = ChaumontNearTheExit();
  StartCca(p);
  p.act("select us.m4a1-2");
  p.go("move A-K01");
  p.s().unit(p.unit("us.m4a1-2")).mp_spent =
      static_cast<uint8_t>(p.s().mf(p.unit("us.m4a1-2")));  // every MP spent
  EXPECT_NE(p.why("exit").find("needs 1 MP to leave the map"), std::string::npos) << p.why("exit");
  const int de = p.game->seat_index("de");
  EXPECT_FALSE(p.game->exit_hex(de, p.hex("A-K01")));
  EXPECT_TRUE(p.game->exit_hex(1 - de, p.hex("A-K01")));
  EXPECT_FALSE(p.game->exit_hex(1 - de, p.hex("A-K02")));
}

// A1 victory: "exited at least 4 units (HQs do not count) from K0"; exited units are not
// eliminated.
TEST(WsrExit, WSR_A1_FourUnitsExitedFromK01_HqsDoNotCount) {
  SPos p(LoadScen("chaumont"),
         {SU("de.hq-fj-3", "A-E05", 0), SU("de.paratroopers", "A-E05", 0), SU("us.hq-cca", "", 3),
          SU("us.m4a1", "", 3), SU("us.m4a1", "", 3), SU("us.m4a1", "", 3), SU("us.m4a1", "", 3)});
  const Condition& exit = p.sc->victory.outcomes[0].condition.children[2];
  ASSERT_EQ(exit.kind, ConditionKind::kExit);
  const int us = p.game->seat_index("us");
  auto exit_unit = [&](const char* l, const char* hex) {
    const int u = p.unit(l);
    p.s().unit(u).flags = static_cast<uint16_t>(kGone | kExited);
    p.s().exit_hex[static_cast<size_t>(u)] = static_cast<int16_t>(p.hex(hex));
  };
  exit_unit("us.hq-cca", "A-K01");
  exit_unit("us.m4a1-1", "A-K01");
  exit_unit("us.m4a1-2", "A-K01");
  exit_unit("us.m4a1-3", "A-K01");
  Text why;
  EXPECT_FALSE(ConditionHolds(p.s(), exit, us, &why));
  EXPECT_NE(why.en.find("the Americans have exited 3 units"), std::string::npos) << why.en;
  exit_unit("us.m4a1-4", "A-J01");  // not the exit hex: does not count
  EXPECT_FALSE(ConditionHolds(p.s(), exit, us, nullptr));
  exit_unit("us.m4a1-4", "A-K01");
  EXPECT_TRUE(ConditionHolds(p.s(), exit, us, &why)) << why.en;
  EXPECT_EQ(p.s().invariant_violation(), "");
  // Exited is not eliminated (the German "eliminate" count stays 0).
  Condition elim;
  elim.kind = ConditionKind::kEliminate;
  elim.count = 1;
  EXPECT_FALSE(ConditionHolds(p.s(), elim, 1 - us, nullptr));
}

// T-A5 exit objective: two full-strength units exit east, an M4A1 counts double, a reduced unit
// and an HQ never count.
TEST(WsrExit, WSR_A5_M4A1CountsDoubleReducedAndHqNot) {
  SPos p(LoadScen("huertgen"),
         {SU("de.hq-107", "A-P06", 0), SU("de.infantry", "A-P06", 0), SU("us.hq-4-51", "", 2),
          SU("us.m4a1", "", 2), SU("us.m5a1", "", 2), SU("us.engineers", "", 2)});
  const Condition& exit = p.sc->victory.outcomes[0].condition.children[3];
  ASSERT_EQ(exit.kind, ConditionKind::kExit);
  const int us = p.game->seat_index("us");
  auto exit_unit = [&](const char* l, bool reduced) {
    const int u = p.unit(l);
    p.s().unit(u).flags = static_cast<uint16_t>(kGone | kExited | (reduced ? kReduced : 0));
    p.s().exit_hex[static_cast<size_t>(u)] = static_cast<int16_t>(p.hex("A-U06"));
  };
  exit_unit("us.hq-4-51", false);
  exit_unit("us.m5a1", true);
  EXPECT_FALSE(ConditionHolds(p.s(), exit, us, nullptr));
  exit_unit("us.engineers", false);
  EXPECT_FALSE(ConditionHolds(p.s(), exit, us, nullptr));  // 1 of 2
  exit_unit("us.m4a1", false);
  EXPECT_TRUE(ConditionHolds(p.s(), exit, us, nullptr));  // 1 + 2
}

// A10 points: a US tank platoon exiting east scores 2, a German one exiting west 1; an exited
// platoon is not an eliminated one.
TEST(WsrExit, WSR_A10_ExitedTankPlatoonsScorePoints) {
  SPos p(LoadScen("paderborn"),
         {SU("de.hq-spz-501", "", 0), SU("de.tiger-i", "", 0), SU("us.hq-cca", "", 2),
          SU("us.m4a1", "", 2), SU("us.m5a1", "", 2)});
  const int us = p.game->seat_index("us"), de = 1 - us;
  auto exit_unit = [&](const char* l, const char* hex) {
    const int u = p.unit(l);
    p.s().unit(u).flags = static_cast<uint16_t>(kGone | kExited);
    p.s().exit_hex[static_cast<size_t>(u)] = static_cast<int16_t>(p.hex(hex));
  };
  exit_unit("us.m4a1", "B-U06");
  exit_unit("us.m5a1", "B-U07");
  exit_unit("de.tiger-i", "B-A06");
  Text why;
  EXPECT_EQ(VictoryPoints(p.s(), us, &why), 4) << why.en;
  EXPECT_EQ(VictoryPoints(p.s(), de, &why), 1) << why.en;  // and nothing for "eliminated" US tanks
}

}  // namespace
}  // namespace feldherr::wsr::testing

namespace feldherr::wsr::testing {
namespace {

// G-12 "exited units do not return": an HQ that left the map is not replaced in the marker
// removal phase (WSR 1.3.2.3 is for eliminated HQs).
TEST(WsrExit, G_12_AnExitedHqIsNotReplaced) {
  SPos p(LoadScen("chaumont"),
         {SU("de.hq-fj-3", "A-E05", 0), SU("de.paratroopers", "A-E05", 0),
          SU("us.hq-cca", "A-K02", 3), SU("us.m4a1", "A-K02", 3), SU("us.m4a1", "A-J05", 3)});
  const int hq = p.unit("us.hq-cca");
  p.s().unit(hq).hex = kNoHex;
  p.s().unit(hq).flags = static_cast<uint16_t>(kGone | kExited);
  p.s().exit_hex[static_cast<size_t>(hq)] = static_cast<int16_t>(p.hex("A-K01"));
  EventList ev;
  p.s().hq_replacements(&ev);
  EXPECT_FALSE(p.s().on_map(hq));
  EXPECT_TRUE(p.s().has(hq, kExited));
  EXPECT_TRUE(p.s().steps.empty() || p.s().top().kind != kStepPlaceHq)
      << p.state->decision().prompt << " " << p.s().top().f;
}

}  // namespace
}  // namespace feldherr::wsr::testing
