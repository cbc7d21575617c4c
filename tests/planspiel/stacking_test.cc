// Planspiel stacking and passage (PS §5, G-06, G-07 and the situations' checks).
#include "games/planspiel/stacking.h"

#include <gtest/gtest.h>

#include <vector>

#include "games/planspiel/movement.h"
#include "games/planspiel/units.h"
#include "planspiel_test_util.h"

namespace feldherr::planspiel {
namespace {

using testing::MakeBoard;
using testing::Ps;

using testing::T;
Occupant O(const std::string& id, int party, bool with_own_carrier = false) {
  return OccupantOf(T(id), party, with_own_carrier);
}

// G-06 classes as the catalogue (scenarios §2 `stacking`) lists them.
TEST(PlanspielStacking, G_06_StackingClassesOfTheCatalogue) {
  const auto cls = [](const char* id) { return StackClassOf(T(id)); };
  EXPECT_EQ(cls("INF"), StackClass::kFigureBase);
  EXPECT_EQ(cls("PZG"), StackClass::kFigureBase);
  EXPECT_EQ(cls("HMG"), StackClass::kMachineWeapon);
  EXPECT_EQ(cls("GRW8"), StackClass::kIndirectFire);
  EXPECT_EQ(cls("PAK37"), StackClass::kDirectFireGun);
  EXPECT_EQ(cls("PAK75"), StackClass::kDirectFireGun);
  EXPECT_EQ(cls("LFH105"), StackClass::kIndirectFire);
  EXPECT_EQ(cls("SFH150"), StackClass::kIndirectFire);
  EXPECT_EQ(cls("LKW"), StackClass::kUnarmedVehicle);
  EXPECT_EQ(cls("ZGKW"), StackClass::kUnarmedVehicle);
  EXPECT_EQ(cls("SPW"), StackClass::kMachineWeapon);
  for (const char* id : {"PSW", "PZII", "PZIV", "STUG", "PANTHER", "T3485", "KV1"})
    EXPECT_EQ(cls(id), StackClass::kDirectFireGun) << id;
  EXPECT_STREQ(stack_class_name(StackClass::kMachineWeapon), "b");
}

// PS §5.1: one like model per party and field; a tank and an APC may share a field.
TEST(PlanspielStacking, G_06_OneLikeModelPerPartyAndField) {
  EXPECT_TRUE(WithinStackingLimit({O("PZIV", 0), O("SPW", 0)}, 0));
  const FieldContents two_tanks = {O("PZIV", 0), O("STUG", 0)};
  EXPECT_FALSE(WithinStackingLimit(two_tanks, 0));
  ASSERT_EQ(OverStacked(two_tanks, 0).size(), 1u);
  EXPECT_EQ(OverStacked(two_tanks, 0)[0], StackClass::kDirectFireGun);
  // An AT gun and a tank are alike (direct-fire guns).
  EXPECT_FALSE(WithinStackingLimit({O("PAK75", 0), O("PANTHER", 0)}, 0));
  // Per party: one tank of each party in a field (after an overrun) is within the limit.
  EXPECT_TRUE(WithinStackingLimit({O("PZIV", 0), O("T3485", 1)}, 0));
  EXPECT_TRUE(WithinStackingLimit({O("PZIV", 0), O("T3485", 1)}, 1));
  // Two trucks are alike (e); two mortars and a howitzer are alike (d).
  EXPECT_FALSE(WithinStackingLimit({O("LKW", 0), O("ZGKW", 0)}, 0));
  EXPECT_FALSE(WithinStackingLimit({O("GRW8", 0), O("LFH105", 0)}, 0));
  EXPECT_TRUE(MayEndMoveIn({O("PZIV", 0)}, O("SPW", 0)));
  EXPECT_FALSE(MayEndMoveIn({O("PZIV", 0)}, O("PANTHER", 0)));
  EXPECT_TRUE(MayEndMoveIn({O("PZIV", 1)}, O("PANTHER", 0)));
}

// PS §5.1 exceptions: figure bases mass without limit; a base with its own carrier is exempt.
TEST(PlanspielStacking, G_06_MassingAndBasesWithTheirCarrier) {
  const FieldContents massed = {O("INF", 0), O("INF", 0), O("PZG", 0)};
  EXPECT_TRUE(WithinStackingLimit(massed, 0));
  EXPECT_EQ(MassedFigureBases(massed, 0), 3);
  EXPECT_TRUE(MayEndMoveIn(massed, O("INF", 0)));
  // PS-2 R-F1 (sFH, unlimbered) with its tow R-Z1 in (2,7).
  EXPECT_TRUE(WithinStackingLimit({O("SFH150", 0, true), O("ZGKW", 0)}, 0));
  // PS-3 R-P1 limbered on R-Z1 beside R-F1 limbered on R-Z2 is not allowed: two tows (e).
  EXPECT_FALSE(WithinStackingLimit(
      {O("PAK75", 0, true), O("ZGKW", 0), O("LFH105", 0, true), O("ZGKW", 0)}, 0));
  // A weapon base on its tow next to a lone AT gun of the same class: only the lone one counts.
  EXPECT_TRUE(WithinStackingLimit({O("PAK75", 0, true), O("ZGKW", 0), O("PAK37", 0)}, 0));
  // APC with its Panzergrenadiere, and a tank with riders.
  EXPECT_TRUE(WithinStackingLimit({O("SPW", 0), O("PZG", 0, true), O("PZIV", 0), O("INF", 0)}, 0));
}

// PS §5.4: stacking forced by the enemy is congestion, resolved in the owner's next half-turn;
// only one like unit fires from the field; the unit standing there may be displaced.
TEST(PlanspielStacking, PS_5_4_CongestionAndDisplacement) {
  const FieldContents f = {O("PZIV", 0), O("PANTHER", 0), O("SPW", 0)};
  EXPECT_EQ(EndOfHalfTurnStacking(f, 0, true), StackingState::kCongested);
  EXPECT_EQ(EndOfHalfTurnStacking(f, 0, false), StackingState::kIllegal);
  EXPECT_EQ(EndOfHalfTurnStacking({O("PZIV", 0), O("SPW", 0)}, 0, false), StackingState::kOk);
  EXPECT_TRUE(CongestedClassMayFire(0));
  EXPECT_FALSE(CongestedClassMayFire(1));
  const std::vector<int> candidates =
      DisplacementCandidates({O("PZIV", 0), O("SPW", 0), O("PZII", 1)}, O("STUG", 0));
  ASSERT_EQ(candidates.size(), 1u);
  EXPECT_EQ(candidates[0], 0);
  EXPECT_TRUE(DisplacementCandidates({O("INF", 0)}, O("INF", 0)).empty());
}

// PS §5.3: in open terrain own units never block; on a road, in a defile or on a bridge own
// vehicles and weapon models may not pass each other; pure figure bases are exempt.
TEST(PlanspielStacking, PS_5_3_PassageThroughOwnUnits) {
  const Board b = MakeBoard({"......", "======", "......"});
  const FieldContents tank = {O("PZIV", 0)};
  // Along the road: may enter only to stop (not pass).
  EXPECT_EQ(PassageEntry(b, {1, 1}, {2, 1}, tank, 0, true), Entry::kEndsMove);
  // Across country through the same road field: free.
  EXPECT_EQ(PassageEntry(b, {2, 0}, {2, 1}, tank, 0, true), Entry::kFree);
  EXPECT_EQ(PassageEntry(b, {1, 0}, {2, 0}, {O("PZIV", 0)}, 0, true), Entry::kFree);
  // Figure bases pass on the road; a figure base in the field does not stop a vehicle.
  EXPECT_EQ(PassageEntry(b, {1, 1}, {2, 1}, tank, 0, false), Entry::kFree);
  EXPECT_EQ(PassageEntry(b, {1, 1}, {2, 1}, {O("INF", 0)}, 0, true), Entry::kFree);
  // A column on the road: the tank behind reaches the fields beyond only across country.
  std::vector<FieldContents> fields(static_cast<size_t>(b.width() * b.height()));
  fields[static_cast<size_t>(b.index({2, 1}))] = tank;
  const MoveProfile p = MoveProfileOf(T("PZIV"));
  const EntryRule rule = MakeEntryRule(b, fields, 0, true);
  EXPECT_EQ(CheckPath(b, p, {{0, 1}, {1, 1}, {2, 1}, {3, 1}}, -1, rule).result,
            PathResult::kMustStop);
  EXPECT_EQ(CheckPath(b, p, {{0, 1}, {1, 1}, {2, 1}}, -1, rule).result, PathResult::kOk);
  const Reach r = Reachable(b, p, {0, 1}, -1, rule);
  EXPECT_EQ(r.at({2, 1}), 2);
  EXPECT_EQ(r.at({3, 1}), 3);                                       // around it, off the road
  EXPECT_FALSE(r.road_only[static_cast<size_t>(b.index({3, 1}))]);  // so at terrain speed
  EXPECT_EQ(r.at({4, 1}), 4);
  EXPECT_EQ(r.at({5, 1}), -1);  // 8 by road, but no road move gets past the tank
}

// S-2: two Red vehicles cannot pass each other in the defile (16,8) or on the bridge (18,8).
TEST(PlanspielStacking, PS_5_3_Ps2NoPassingInTheDefileOrOnTheBridge) {
  const Board& b = Ps(2);
  const FieldContents red_tank = {O("PZIV", 0)};
  EXPECT_TRUE(PassageRestricted(b, {15, 8}, {16, 8}));
  EXPECT_EQ(PassageEntry(b, {15, 8}, {16, 8}, red_tank, 0, true), Entry::kEndsMove);
  EXPECT_EQ(PassageEntry(b, {17, 8}, {18, 8}, red_tank, 0, true), Entry::kEndsMove);
  // The Panzergrenadiere on foot pass.
  EXPECT_EQ(PassageEntry(b, {17, 8}, {18, 8}, red_tank, 0, false), Entry::kFree);
  // Open terrain off the road at (12,6): own units never block.
  EXPECT_FALSE(PassageRestricted(b, {11, 6}, {12, 6}));
  EXPECT_EQ(PassageEntry(b, {11, 6}, {12, 6}, red_tank, 0, true), Entry::kFree);
  // A column on the bridge road: the tank behind cannot get past (16,8) at all this move.
  std::vector<FieldContents> fields(static_cast<size_t>(b.width() * b.height()));
  fields[static_cast<size_t>(b.index({16, 8}))] = red_tank;
  const Reach r =
      Reachable(b, MoveProfileOf(T("STUG")), {14, 8}, -1, MakeEntryRule(b, fields, 0, true));
  EXPECT_EQ(r.at({16, 8}), 2);
  EXPECT_EQ(r.at({17, 8}), -1);
  EXPECT_EQ(r.at({18, 8}), -1);
}

// G-07: movement never enters or passes an enemy-occupied field; the attack actions enter it and
// end the move. S-2: a Red tank at (14,8) enters (15,8) only along the road and only if no Blue
// unit is in it, otherwise only by overrun.
TEST(PlanspielStacking, G_07_EnemyOccupiedFields) {
  EXPECT_EQ(EnterEnemyField(EnemyEntry::kMove), Entry::kClosed);
  for (const EnemyEntry e :
       {EnemyEntry::kInfantryAssault, EnemyEntry::kMountedAttack, EnemyEntry::kAntiTankCloseCombat,
        EnemyEntry::kOverrun, EnemyEntry::kAssaultLanding, EnemyEntry::kParatrooperLanding})
    EXPECT_EQ(EnterEnemyField(e), Entry::kEndsMove);
  const Board& b = Ps(2);
  const FieldContents blue = {O("INF", 1)};
  EXPECT_EQ(PassageEntry(b, {14, 8}, {15, 8}, blue, 0, true), Entry::kClosed);
  EXPECT_EQ(PassageEntry(b, {14, 8}, {15, 8}, blue, 0, true, EnemyEntry::kOverrun),
            Entry::kEndsMove);
  EXPECT_EQ(PassageEntry(b, {14, 8}, {15, 8}, {}, 0, true), Entry::kFree);
  EXPECT_EQ(CanStep(b, {14, 7}, {15, 8}, Mover::kVehicle), StepResult::kOffRoad);
  // A mixed field (own and enemy units) is still enemy-occupied for an own mover.
  EXPECT_EQ(PassageEntry(b, {14, 8}, {15, 8}, {O("PZG", 0), O("INF", 1)}, 0, false),
            Entry::kClosed);
  // Passing through is forbidden: the field behind an enemy on a one-field-wide way is closed.
  std::vector<FieldContents> fields(static_cast<size_t>(b.width() * b.height()));
  fields[static_cast<size_t>(b.index({18, 8}))] = {O("HMG", 1)};
  const Reach r =
      Reachable(b, MoveProfileOf(T("INF")), {17, 8}, -1, MakeEntryRule(b, fields, 0, false));
  EXPECT_EQ(r.at({18, 8}), -1);
  EXPECT_EQ(r.at({19, 8}), -1);
}

}  // namespace
}  // namespace feldherr::planspiel
