// The convenience builders of games/wsr/combat.h from the data model: the rulebook examples
// replayed with the values of data/wsr (those values are fixed by the same examples).
#include "games/wsr/data.h"

#include <gtest/gtest.h>

#include <vector>

#include "games/wsr/combat.h"

namespace feldherr::wsr {
namespace {

const CounterType& C(const char* id) {
  const CounterType* c = ShippedData().FindCounter(id);
  if (c == nullptr) throw std::runtime_error(std::string("no counter ") + id);
  return *c;
}

TEST(WsrCombatData, WSR_6_1_T2_EightyOneMortarFromData) {
  const FireInput in = MakeMortarInput(C("us.81mm-mortar"), false,
                                       ShippedData().terrain[Terrain::kClear], 10, true, false);
  const FireParams p = ComputeFire(in);
  ASSERT_TRUE(p.legality) << p.legality.reason;
  EXPECT_EQ(p.dice, 2);
  EXPECT_EQ(p.defence_dice, 1);
  const std::vector<int> attack{4, 6}, defence{4}, odd{1};
  const std::vector<UnitState> units(2);
  const HexAttackOutcome o = ResolveHexAttack(p, attack, defence, units, odd);
  EXPECT_EQ(o.fire.net_hits, 1);
  EXPECT_EQ(o.results[1].result, CombatResult::kDisrupted);
}

TEST(WsrCombatData, WSR_6_3_T1_SdKfz251WithBeckHqFromData) {
  const CounterType& hq = C("de.hq-beck");
  const int cv = hq.face(FaceId::kFull).command_value;
  EXPECT_EQ(cv, 2);
  AssaultInput in;
  in.attackers = {MakeAssaultUnit(C("de.panzergrenadiere"), /*mounted=*/true, UnitState{}, cv)};
  in.defenders = {MakeAssaultUnit(C("us.infantry"), false, UnitState{})};
  EXPECT_TRUE(in.attackers[0].armored_vehicle);
  EXPECT_FALSE(in.attackers[0].infantry_type);
  const AssaultParams p = ComputeAssault(in);
  ASSERT_TRUE(p.legality) << p.legality.reason;
  EXPECT_EQ(p.attackers[0].dice, 3);
}

TEST(WsrCombatData, WSR_6_1_4_T1_ParatroopersFromData) {
  AssaultInput in;
  in.attackers = {MakeAssaultUnit(C("us.paratroopers"), false, UnitState{})};
  in.defenders = {MakeAssaultUnit(C("de.infantry"), false, UnitState{})};
  const AssaultParams p = ComputeAssault(in);
  ASSERT_TRUE(p.legality) << p.legality.reason;
  EXPECT_EQ(p.attackers[0].dice, 4);
  EXPECT_EQ(p.attackers[0].hit_cap, 3);
}

TEST(WsrCombatData, WSR_6_4_OverrunDefendersUseUnmodifiedStrength) {
  AssaultInput in;
  in.overrun = true;
  in.attackers = {MakeAssaultUnit(C("us.m4a3e8"), false, UnitState{})};
  in.defenders = {MakeAssaultUnit(C("de.infantry"), false, UnitState{}, 2)};
  const AssaultParams p = ComputeAssault(in);
  EXPECT_FALSE(p.legality);
  EXPECT_NE(p.legality.reason.find("unmodified"), std::string::npos);
  in.defenders[0].hq_dice = 0;
  const AssaultParams q = ComputeAssault(in);
  ASSERT_TRUE(q.legality) << q.legality.reason;
  EXPECT_EQ(q.attackers[0].dice, 3 * C("us.m4a3e8").face(FaceId::kFull).assault.strength);
}

TEST(WsrCombatData, WSR_1_3_4_T1_SupportWeaponsFromData) {
  // Infantry with an HMG firing HE: +1 range, +1 firepower; with a bazooka firing AP: "+".
  const CounterType& inf = C("us.infantry");
  const Face& f = inf.face(FaceId::kFull);
  Face hmg;
  hmg.he_bonus = 1;
  hmg.range_bonus = 1;
  Face bazooka;
  bazooka.ap_enhanced = true;
  FireSituation s;
  s.distance = 2;
  s.support_weapon = &hmg;
  const FireInput he =
      MakeFireInput(inf, C("de.infantry"), ShippedData().terrain[Terrain::kClear], s);
  const FireParams ph = ComputeFire(he);
  EXPECT_EQ(ph.dice, f.he.fp + 1 + (f.he.enhanced ? 1 : 0));
  s.support_weapon = &bazooka;
  s.distance = 1;
  const FireInput ap =
      MakeFireInput(inf, C("de.panther"), ShippedData().terrain[Terrain::kClear], s);
  EXPECT_TRUE(ap.weapon.enhanced);
  EXPECT_EQ(ap.sw_dice, 0);
  if (f.ap.present()) {
    const FireParams pa = ComputeFire(ap);
    EXPECT_EQ(pa.dice, pa.hit_cap + 1);
  }
}

}  // namespace
}  // namespace feldherr::wsr
