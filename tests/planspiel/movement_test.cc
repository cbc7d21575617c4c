// Planspiel movement (PS §6.1-§6.4, G-12, G-13, AE-01, AE-02 and the situations' movement checks).
#include "games/planspiel/movement.h"

#include <gtest/gtest.h>

#include <vector>

#include "games/planspiel/stacking.h"
#include "games/planspiel/units.h"
#include "planspiel_test_util.h"

namespace feldherr::planspiel {
namespace {

using testing::MakeBoard;
using testing::Ps;

using testing::T;
MoveProfile P(const std::string& id) {
  return MoveProfileOf(T(id));
}
// The fields from `from` in steps of (dx, dy), n steps, including `from`.
std::vector<Field> Line(Field from, int dx, int dy, int n) {
  std::vector<Field> out{from};
  for (int i = 0; i < n; ++i) out.push_back({from.x + dx * (i + 1), from.y + dy * (i + 1)});
  return out;
}

TEST(PlanspielMovement, PS_6_1_DaySpeedTable) {
  const auto eq = [](SpeedRow r, int road, int terrain, int water) {
    const DaySpeeds s = DaySpeed(r);
    EXPECT_EQ(s.road, road) << speed_row_name(r);
    EXPECT_EQ(s.terrain, terrain) << speed_row_name(r);
    EXPECT_EQ(s.water, water) << speed_row_name(r);
  };
  eq(SpeedRow::kInfantry, 2, 1, 1);
  eq(SpeedRow::kRiders, 3, 2, 1);
  eq(SpeedRow::kCyclists, 3, 1, kCannotMove);
  eq(SpeedRow::kWheeledNormal, 10, 2, 1);
  eq(SpeedRow::kWheeledXc, 10, 4, 1);
  eq(SpeedRow::kTracked, 8, 4, 1);
  eq(SpeedRow::kRowingBoat, kCannotMove, kCannotMove, 1);
  eq(SpeedRow::kMotorBoat, kCannotMove, kCannotMove, 4);
  eq(SpeedRow::kAssaultBoat, kCannotMove, kCannotMove, 6);
  eq(SpeedRow::kRailway, 16, kCannotMove, kCannotMove);
  eq(SpeedRow::kNone, kCannotMove, kCannotMove, kCannotMove);
  // Per unit type.
  EXPECT_EQ(P("PZIV").road, 8);
  EXPECT_EQ(P("PZIV").terrain, 4);
  EXPECT_EQ(P("LKW").road, 10);
  EXPECT_EQ(P("LKW").terrain, 2);
  EXPECT_EQ(P("PSW").terrain, 4);
  EXPECT_EQ(P("INF").road, 2);
  EXPECT_EQ(P("INF").terrain, 1);
  // PS §4.4: weapon bases only by manhandling.
  EXPECT_EQ(P("HMG").road, 1);
  EXPECT_EQ(P("HMG").terrain, 1);
  EXPECT_EQ(P("PAK75").road, 0);
  EXPECT_EQ(P("PAK75").terrain, 0);
}

// AE-01: a tracked vehicle on a road with 10 connected road fields ahead and open fields beside.
TEST(PlanspielMovement, AE_01_TrackedVehicleRoadTerrainAndCombatSpeed) {
  const Board b = MakeBoard({"............", "============", "............"});
  const MoveProfile tank = P("PZIV");
  const PathCheck eight = CheckPath(b, tank, Line({0, 1}, 1, 0, 8));
  EXPECT_EQ(eight.result, PathResult::kOk);
  EXPECT_TRUE(eight.every_step_on_road);
  EXPECT_EQ(eight.allowance, 8);
  const PathCheck nine = CheckPath(b, tank, Line({0, 1}, 1, 0, 9));
  EXPECT_EQ(nine.result, PathResult::kTooFar);
  EXPECT_EQ(nine.at, 9);
  // One open-terrain step: the whole move has 4.
  std::vector<Field> mixed = {{0, 1}, {1, 0}, {2, 1}, {3, 1}, {4, 1}};
  PathCheck m = CheckPath(b, tank, mixed);
  EXPECT_EQ(m.result, PathResult::kOk);
  EXPECT_FALSE(m.every_step_on_road);
  EXPECT_EQ(m.allowance, 4);
  mixed.push_back({5, 1});
  EXPECT_EQ(CheckPath(b, tank, mixed).result, PathResult::kTooFar);
  // Firing direct in the same half-turn: at most 2 fields, even along the road.
  EXPECT_EQ(MaxMoveToFireDirect(tank), 2);
  EXPECT_EQ(CheckPath(b, tank, Line({0, 1}, 1, 0, 2), MaxMoveToFireDirect(tank)).result,
            PathResult::kOk);
  EXPECT_EQ(CheckPath(b, tank, Line({0, 1}, 1, 0, 3), MaxMoveToFireDirect(tank)).result,
            PathResult::kTooFar);
}

// G-12: the step out of the start field counts; a terrain step first still gives 4 in total,
// and the lower speed binds every step of the move, not only the terrain steps.
TEST(PlanspielMovement, G_12_MixedSpeedsUseTheLowerSpeedForTheWholeMove) {
  const Board b = MakeBoard({"............", "============", "............"});
  const MoveProfile tank = P("PANTHER");
  const std::vector<Field> start_off_road = {{0, 0}, {1, 1}, {2, 1}, {3, 1}, {4, 1}};
  EXPECT_EQ(CheckPath(b, tank, start_off_road).result, PathResult::kOk);
  std::vector<Field> longer = start_off_road;
  longer.push_back({5, 1});
  EXPECT_EQ(CheckPath(b, tank, longer).result, PathResult::kTooFar);
  EXPECT_TRUE(CheckPath(b, tank, {{0, 1}, {1, 1}, {2, 1}}).every_step_on_road);
  // A road field entered diagonally is no road step.
  EXPECT_FALSE(CheckPath(b, tank, {{0, 1}, {1, 0}}).every_step_on_road);
  EXPECT_EQ(Allowance(tank, true), 8);
  EXPECT_EQ(Allowance(tank, false), 4);
  // Truck: 10 by road, 2 across country.
  EXPECT_EQ(Allowance(P("LKW"), true), 10);
  EXPECT_EQ(Allowance(P("LKW"), false), 2);
  // Reachability follows the same rule: 8 along the road, 4 off it.
  const Reach r = Reachable(b, tank, {0, 1});
  EXPECT_EQ(r.at({8, 1}), 8);
  EXPECT_EQ(r.at({9, 1}), -1);
  EXPECT_EQ(r.at({4, 0}), 4);
  EXPECT_EQ(r.at({5, 0}), -1);
  EXPECT_EQ(r.at({4, 2}), 4);
}

// PS §6.4: combat speed is half the terrain speed, for units that may move and fire.
TEST(PlanspielMovement, PS_6_4_CombatSpeed) {
  EXPECT_EQ(CombatSpeed(P("PZIV")), 2);
  EXPECT_EQ(CombatSpeed(P("PSW")), 2);  // extremely cross-country wheeled
  EXPECT_EQ(MaxMoveToFireDirect(P("PSW")), 2);
  EXPECT_EQ(MaxMoveToFireDirect(P("SPW")), 2);  // scenarios reading 1: the APC as combat vehicle
  // Everyone else either moves or fires.
  for (const char* id : {"INF", "HMG", "PAK37", "LKW", "ZGKW"})
    EXPECT_EQ(MaxMoveToFireDirect(P(id)), 0) << id;
}

// G-13: half of the G-12 allowance, rounded down, against the whole move of the half-turn.
TEST(PlanspielMovement, PS_6_4_HalfSpeedAllowsDismounting) {
  EXPECT_EQ(HalfSpeed(10), 5);
  EXPECT_EQ(HalfSpeed(8), 4);
  EXPECT_EQ(HalfSpeed(2), 1);
  EXPECT_EQ(HalfSpeed(1), 0);
  EXPECT_TRUE(MayMountOrDismount(10, 5));
  EXPECT_FALSE(MayMountOrDismount(10, 6));
  // A truck that left the road has 2, so half speed 1.
  EXPECT_TRUE(MayMountOrDismount(Allowance(P("LKW"), false), 1));
  EXPECT_FALSE(MayMountOrDismount(Allowance(P("LKW"), false), 2));
  // A result of 0: the vehicle must stay in its field.
  EXPECT_TRUE(MayMountOrDismount(1, 0));
  EXPECT_FALSE(MayMountOrDismount(1, 1));
  // PS §4.4: one more field on foot for figures without heavy weapons only.
  EXPECT_EQ(ExtraFootMoveAfterDismounting(false), 1);
  EXPECT_EQ(ExtraFootMoveAfterDismounting(true), 0);
}

// S-2: B-L4 carrying B-I4 enters at (23,8) on game turn 6; to dismount, 5 fields at most, the
// entry step included, e.g. to (19,8); then B-I4 moves one field on foot onto the bridge.
TEST(PlanspielMovement, G_13_Ps2ReinforcementTruckDismountsAfterFiveFields) {
  const Board& b = Ps(2);
  const MoveProfile truck = P("LKW");
  const PathCheck five = CheckPath(b, truck, Line({23, 8}, -1, 0, 4), -1, {}, true);
  ASSERT_EQ(five.result, PathResult::kOk);
  EXPECT_EQ(five.fields, 5);
  EXPECT_TRUE(five.every_step_on_road);
  EXPECT_EQ(five.allowance, 10);
  EXPECT_TRUE(MayMountOrDismount(five.allowance, five.fields));
  const PathCheck six = CheckPath(b, truck, Line({23, 8}, -1, 0, 5), -1, {}, true);
  ASSERT_EQ(six.result, PathResult::kOk);
  EXPECT_EQ(six.fields, 6);
  EXPECT_FALSE(MayMountOrDismount(six.allowance, six.fields));
  // The half-speed cap as a path cap.
  EXPECT_EQ(CheckPath(b, truck, Line({23, 8}, -1, 0, 5), HalfSpeed(10), {}, true).result,
            PathResult::kTooFar);
  // B-I4 on foot onto the bridge.
  EXPECT_EQ(CheckPath(b, P("INF"), {{19, 8}, {18, 8}}, ExtraFootMoveAfterDismounting(false)).result,
            PathResult::kOk);
}

// S-3: B-L1 carrying B-I1 drives (22,8) -> (13,8), 9 road steps of 10: legal, but B-I1 cannot
// dismount (9 > 5).
TEST(PlanspielMovement, G_13_Ps3TruckTooFastToDismount) {
  const PathCheck c = CheckPath(Ps(3), P("LKW"), Line({22, 8}, -1, 0, 9));
  ASSERT_EQ(c.result, PathResult::kOk);
  EXPECT_EQ(c.fields, 9);
  EXPECT_EQ(c.allowance, 10);
  EXPECT_FALSE(MayMountOrDismount(c.allowance, c.fields));
}

// S-3: R-T3 enters at (0,7) and may move 7 more road fields along row 7; from (0,6) or (0,8) its
// move is no road move.
TEST(PlanspielMovement, G_12_Ps3ReinforcementEntersByRoad) {
  const Board& b = Ps(3);
  const MoveProfile stug = P("STUG");
  EXPECT_EQ(CheckPath(b, stug, Line({0, 7}, 1, 0, 7), -1, {}, true).result, PathResult::kOk);
  const PathCheck too_far = CheckPath(b, stug, Line({0, 7}, 1, 0, 8), -1, {}, true);
  EXPECT_EQ(too_far.result, PathResult::kTooFar);
  EXPECT_EQ(too_far.at, 8);
  const PathCheck off_road = CheckPath(b, stug, Line({0, 8}, 1, 0, 3), -1, {}, true);
  EXPECT_EQ(off_road.result, PathResult::kOk);
  EXPECT_FALSE(off_road.every_step_on_road);
  EXPECT_EQ(off_road.allowance, 4);
  EXPECT_EQ(CheckPath(b, stug, Line({0, 8}, 1, 0, 4), -1, {}, true).result, PathResult::kTooFar);
}

// S-1 movement: R-T1 (PZII) at (5,9) along the road to (5,4), 5 road steps of 8; one open step
// gives 4; never (6,3) or the woods; (5,3) only along the road and not while Blue is in it except
// by overrun; at most 2 fields to fire.
TEST(PlanspielMovement, PS_6_5_Ps1TankMovement) {
  const Board& b = Ps(1);
  const MoveProfile tank = P("PZII");
  const PathCheck road = CheckPath(b, tank, Line({5, 9}, 0, -1, 5));
  ASSERT_EQ(road.result, PathResult::kOk);
  EXPECT_TRUE(road.every_step_on_road);
  EXPECT_EQ(road.allowance, 8);
  const PathCheck open = CheckPath(b, tank, {{5, 9}, {4, 8}, {5, 7}});
  EXPECT_EQ(open.allowance, 4);
  const Reach r = Reachable(b, tank, {5, 9});
  EXPECT_EQ(r.at({5, 4}), 5);
  EXPECT_EQ(r.at({5, 3}), 6);  // along the road
  EXPECT_EQ(r.at({6, 3}), -1);
  for (const Field f : {Field{2, 5}, Field{3, 5}, Field{2, 6}, Field{3, 6}, Field{8, 6},
                        Field{9, 6}, Field{8, 7}, Field{9, 7}})
    EXPECT_EQ(r.at(f), -1) << f.x << "," << f.y;
  EXPECT_EQ(CheckPath(b, tank, {{4, 4}, {5, 3}}).step, StepResult::kOffRoad);
  // (5,3) holds B-I1: ordinary movement stops short of it; an overrun enters it and ends there.
  std::vector<FieldContents> fields(static_cast<size_t>(b.width() * b.height()));
  fields[static_cast<size_t>(b.index({5, 3}))].push_back(OccupantOf(T("INF"), 1));
  const EntryRule rule = MakeEntryRule(b, fields, 0, true);
  EXPECT_EQ(CheckPath(b, tank, Line({5, 9}, 0, -1, 6), -1, rule).result, PathResult::kEntryClosed);
  EXPECT_EQ(Reachable(b, tank, {5, 9}, -1, rule).at({5, 3}), -1);
  EXPECT_EQ(PassageEntry(b, {5, 4}, {5, 3}, fields[static_cast<size_t>(b.index({5, 3}))], 0, true,
                         EnemyEntry::kOverrun),
            Entry::kEndsMove);
  // To fire in the same half-turn: 2 fields.
  const Reach fire = Reachable(b, tank, {5, 9}, MaxMoveToFireDirect(tank));
  EXPECT_EQ(fire.at({5, 7}), 2);
  EXPECT_EQ(fire.at({5, 6}), -1);
}

// PS §4.4, S-1: B-P1 (3.7 cm AT gun without tow) moves only by manhandling, 1 LE, open and road
// fields only; a 7.5 cm AT gun cannot leave its field without its tow.
TEST(PlanspielMovement, PS_4_4_ManhandlingWeapons) {
  const Board& b = Ps(1);
  const Reach pak = Reachable(b, P("PAK37"), {4, 4});
  EXPECT_EQ(pak.at({4, 4}), 0);
  EXPECT_EQ(pak.at({4, 5}), 1);
  EXPECT_EQ(pak.at({5, 4}), 1);   // road field
  EXPECT_EQ(pak.at({3, 5}), -1);  // forest
  EXPECT_EQ(pak.at({5, 3}), -1);  // built-up, not along the road
  EXPECT_EQ(pak.at({4, 6}), -1);  // two fields
  const Reach hmg = Reachable(b, P("HMG"), {6, 3});
  EXPECT_EQ(hmg.at({5, 3}), 1);  // portable: like foot troops
  const Reach pak75 = Reachable(Ps(2), P("PAK75"), {15, 6});
  for (int dir = 0; dir < 8; ++dir) EXPECT_EQ(pak75.at(Step({15, 6}, dir)), -1);
}

// AE-02: a normal wheeled vehicle by day on a road (road 10, night road 4) meets a fog field.
TEST(PlanspielMovement, AE_02_FogFieldByDay) {
  const int day = Allowance(P("LKW"), true);
  ASSERT_EQ(day, 10);
  const int night = 4;  // the night road speed of the row (AE-02)
  // 5 road fields moved before the 6th, a fog field: the move ends in the fog field.
  EXPECT_EQ(FogLimit(day, night, 6), 6);
  // The 3rd field is fog: the whole move has 4.
  EXPECT_EQ(FogLimit(day, night, 3), 4);
  // No fog on the way: the day allowance.
  EXPECT_EQ(FogLimit(day, night, 0), 10);
  // Exactly the night speed moved before the fog field: the move stops at the night speed.
  EXPECT_EQ(FogLimit(day, night, 5), 4);
}

// Reachability agrees with CheckPath on every field of PS-2 for a tank and a truck.
TEST(PlanspielMovement, G_12_ReachableAgreesWithPathChecks) {
  const Board& b = Ps(2);
  for (const char* id : {"PZIV", "LKW", "INF"}) {
    const MoveProfile p = P(id);
    const Reach r = Reachable(b, p, {15, 8});
    int reachable = 0;
    for (int y = 0; y < b.height(); ++y)
      for (int x = 0; x < b.width(); ++x) {
        const int s = r.at({x, y});
        if (s < 0) continue;
        ++reachable;
        EXPECT_LE(s, r.road_only[static_cast<size_t>(b.index({x, y}))] ? p.road : p.terrain)
            << id << " " << x << "," << y;
      }
    EXPECT_GT(reachable, 1) << id;
  }
  // Along the road east over the bridge: 8 road steps for the tank.
  const Reach tank = Reachable(b, P("PZIV"), {15, 8});
  EXPECT_EQ(tank.at({23, 8}), 8);
  EXPECT_EQ(tank.at({16, 9}), -1);  // built-up without road
}

}  // namespace
}  // namespace feldherr::planspiel
