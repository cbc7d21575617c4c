// Planspiel board: distance, terrain, passability, roads, the diagonal corner rule, defiles, edge
// fields and the board edge (docs/rules/planspiel.md §2; scenario checks S-1, S-2, S-3).
#include "games/planspiel/board.h"

#include <gtest/gtest.h>

#include <set>
#include <utility>

#include "planspiel_test_util.h"

namespace feldherr::planspiel {
namespace {

using testing::MakeBoard;
using testing::Ps;

// PS §2.1, G-02: a diagonal step costs one field like an orthogonal one.
TEST(PlanspielBoard, PS_2_1_DiagonalStepCostsOneField) {
  EXPECT_EQ(Distance({0, 0}, {1, 1}), 1);
  EXPECT_EQ(Distance({0, 0}, {1, 0}), 1);
  EXPECT_EQ(Distance({5, 5}, {5, 5}), 0);
  EXPECT_EQ(Distance({0, 0}, {3, 2}), 3);
  EXPECT_EQ(Distance({3, 2}, {0, 0}), 3);
  EXPECT_EQ(Distance({0, 0}, {4, 4}), 4);  // four diagonal steps, not 8 and not 5.66
}

// AE-03, AE-06, AE-09, AE-11: the distances the acceptance examples rely on.
TEST(PlanspielBoard, G_02_AcceptanceExampleDistances) {
  // AE-09: A at (10,10); B at (10,12) is 2 away; (11,12) keeps distance 2 (a lateral move);
  // (10,11) is 1 away, and back to (10,12) the distance grows from 1 to 2.
  EXPECT_EQ(Distance({10, 10}, {10, 14}), 4);
  EXPECT_EQ(Distance({10, 10}, {10, 12}), 2);
  EXPECT_EQ(Distance({10, 10}, {11, 12}), 2);
  EXPECT_EQ(Distance({10, 10}, {10, 11}), 1);
  // AE-11: the scatter results lie one field from T = (8,8) (north-east, centre, south); the
  // approach field (7,8) is one field west; own troops 1 field away are too close (minimum 2).
  EXPECT_EQ(Distance({8, 8}, {9, 7}), 1);
  EXPECT_EQ(Distance({8, 8}, {8, 9}), 1);
  EXPECT_EQ(Distance({7, 8}, {8, 8}), 1);
  EXPECT_EQ(Distance({7, 8}, {13, 8}), 6);  // heavy AA within 6 fields of (7,8)
  EXPECT_EQ(Distance({7, 8}, {14, 8}), 7);
  // AE-03 and AE-06: 1 field versus 2; 15 fields versus 16 on a diagonal-rich line.
  EXPECT_EQ(Distance({0, 0}, {1, 1}), 1);
  EXPECT_EQ(Distance({0, 0}, {2, 1}), 2);
  EXPECT_EQ(Distance({0, 0}, {15, 9}), 15);
  EXPECT_EQ(Distance({0, 0}, {16, 9}), 16);
}

// S-2 (PS-2 §4.7 indirect fire range) and S-3 (PS-3 §5.7 artillery range): Chebyshev distances.
TEST(PlanspielBoard, G_02_ScenarioArtilleryRanges) {
  // PS-2: R-F1 at (2,7).
  EXPECT_EQ(Distance({2, 7}, {17, 8}), 15);
  EXPECT_EQ(Distance({2, 7}, {16, 9}), 14);
  EXPECT_EQ(Distance({2, 7}, {18, 8}), 16);
  EXPECT_EQ(Distance({2, 7}, {19, 7}), 17);
  // PS-3: R-F1 at (1,8) reaches 10, B-F1 at (22,7) mirrors it.
  for (const Field f : {Field{11, 3}, Field{11, 7}, Field{11, 8}}) {
    EXPECT_EQ(Distance({1, 8}, f), 10);
    EXPECT_EQ(Distance({22, 7}, f), 11);
  }
  for (const Field f : {Field{12, 7}, Field{12, 8}, Field{12, 12}}) {
    EXPECT_EQ(Distance({1, 8}, f), 11);
    EXPECT_EQ(Distance({22, 7}, f), 10);
  }
}

// S-1 (PS-1 §3.8 "Terrain"): the shipped PS-1 board.
TEST(PlanspielBoard, PS_2_2_Ps1TerrainAndContour) {
  const Board& b = Ps(1);
  EXPECT_EQ(b.width(), 12);
  EXPECT_EQ(b.height(), 10);
  EXPECT_EQ(b.terrain({5, 3}), Terrain::kBuiltUp);
  EXPECT_TRUE(b.road({5, 3}));
  EXPECT_EQ(b.contour({5, 3}), 1);
  EXPECT_EQ(b.terrain({6, 3}), Terrain::kBuiltUp);
  EXPECT_FALSE(b.road({6, 3}));
  EXPECT_EQ(b.contour({6, 3}), 1);
  EXPECT_EQ(b.terrain({9, 3}), Terrain::kSwamp);
  EXPECT_EQ(b.terrain({10, 3}), Terrain::kSwamp);
  EXPECT_EQ(b.terrain({3, 5}), Terrain::kForest);
  EXPECT_EQ(b.contour({3, 5}), 0);
  EXPECT_EQ(b.terrain_row(3), ".....bB..SS.");
}

// PS §2.2: what blocks sight and what forms a defile.
TEST(PlanspielBoard, PS_2_2_TerrainEffects) {
  EXPECT_TRUE(BlocksSight(Terrain::kForest));
  EXPECT_TRUE(BlocksSight(Terrain::kBuiltUp));
  EXPECT_TRUE(BlocksSight(Terrain::kRocks));
  EXPECT_FALSE(BlocksSight(Terrain::kOpen));
  EXPECT_FALSE(BlocksSight(Terrain::kSwamp));
  EXPECT_FALSE(BlocksSight(Terrain::kWater));
  EXPECT_FALSE(BlocksSight(Terrain::kBridge));
  for (Terrain t :
       {Terrain::kForest, Terrain::kBuiltUp, Terrain::kRocks, Terrain::kSwamp, Terrain::kWater})
    EXPECT_TRUE(DefileSymbol(t)) << terrain_name(t);
  EXPECT_FALSE(DefileSymbol(Terrain::kOpen));
  EXPECT_FALSE(DefileSymbol(Terrain::kBridge));
}

// PS §6.5: passability by mover (height layers never matter, PS §2.2).
TEST(PlanspielBoard, PS_6_5_Passability) {
  const Board b = MakeBoard({".=FfBbRSWH"}, {"2000000000"});
  const auto foot = [&](int x) { return Passable(b, {x, 0}, Mover::kFoot); };
  const auto veh = [&](int x) { return Passable(b, {x, 0}, Mover::kVehicle); };
  // open, road, forest, forest+road, built-up, built-up+road, rocks, swamp, water, bridge
  const std::vector<bool> foot_ok = {true, true, true, true, true, true, false, false, false, true};
  const std::vector<bool> veh_ok = {true, true,  false, true,  false,
                                    true, false, false, false, true};
  for (int x = 0; x < 10; ++x) {
    EXPECT_EQ(foot(x), foot_ok[static_cast<size_t>(x)]) << x;
    EXPECT_EQ(veh(x), veh_ok[static_cast<size_t>(x)]) << x;
  }
  EXPECT_FALSE(Passable(b, {10, 0}, Mover::kFoot));  // off the board
}

// S-1 (PS-1 §3.8 "Movement"), G-04, G-12: R-T1 drives the road from (5,9) to (5,4) by road steps;
// it may enter the farm's road field (5,3) only along the road, never (6,3) or the woods.
TEST(PlanspielBoard, G_04_Ps1TankOnlyAlongTheRoadIntoTheFarm) {
  const Board& b = Ps(1);
  int road_steps = 0;
  for (int y = 9; y > 4; --y) {
    EXPECT_TRUE(IsRoadStep(b, {5, y}, {5, y - 1})) << y;
    EXPECT_EQ(CanStep(b, {5, y}, {5, y - 1}, Mover::kVehicle), StepResult::kOk);
    ++road_steps;
  }
  EXPECT_EQ(road_steps, 5);
  EXPECT_EQ(Distance({5, 9}, {5, 4}), 5);
  // One open-field step is not a road step (G-12: the allowance of such a path is terrain speed).
  EXPECT_FALSE(IsRoadStep(b, {5, 9}, {4, 8}));
  EXPECT_FALSE(IsRoadStep(b, {5, 8}, {4, 8}));
  EXPECT_EQ(CanStep(b, {5, 9}, {4, 8}, Mover::kVehicle), StepResult::kOk);
  // (5,3) from (5,4) and (5,2) along the road; from the side it is off the road.
  EXPECT_EQ(CanStep(b, {5, 4}, {5, 3}, Mover::kVehicle), StepResult::kOk);
  EXPECT_EQ(CanStep(b, {5, 2}, {5, 3}, Mover::kVehicle), StepResult::kOk);
  EXPECT_EQ(CanStep(b, {4, 3}, {5, 3}, Mover::kVehicle), StepResult::kOffRoad);
  EXPECT_EQ(CanStep(b, {4, 4}, {5, 3}, Mover::kVehicle), StepResult::kOffRoad);
  EXPECT_EQ(CanStep(b, {6, 4}, {5, 3}, Mover::kVehicle), StepResult::kOffRoad);
  // ... and leaving it sideways is off the road too (vehicles use it only along the road).
  EXPECT_EQ(CanStep(b, {5, 3}, {4, 3}, Mover::kVehicle), StepResult::kOffRoad);
  // Foot troops enter from any side.
  EXPECT_EQ(CanStep(b, {4, 3}, {5, 3}, Mover::kFoot), StepResult::kOk);
  EXPECT_EQ(CanStep(b, {6, 4}, {6, 3}, Mover::kFoot), StepResult::kOk);
  // (6,3) and every Westholz and Ostholz field are closed to the tank from every neighbour.
  for (const Field f : {Field{6, 3}, Field{2, 5}, Field{3, 5}, Field{2, 6}, Field{3, 6},
                        Field{8, 6}, Field{9, 6}, Field{8, 7}, Field{9, 7}}) {
    for (int d = 0; d < kSquareDirs; ++d) {
      const Field from = Step(f, d);
      if (!b.on_board(from)) continue;
      EXPECT_NE(CanStep(b, from, f, Mover::kVehicle), StepResult::kOk)
          << from.x << "," << from.y << " -> " << f.x << "," << f.y;
    }
  }
}

// S-2 (PS-2 §4.7 "Vehicles in the village"), G-04.
TEST(PlanspielBoard, G_04_Ps2VehiclesInTheVillageOnlyAlongTheRoad) {
  const Board& b = Ps(2);
  EXPECT_EQ(CanStep(b, {14, 8}, {15, 8}, Mover::kVehicle), StepResult::kOk);
  EXPECT_EQ(CanStep(b, {14, 7}, {15, 8}, Mover::kVehicle), StepResult::kOffRoad);
  EXPECT_EQ(CanStep(b, {15, 9}, {15, 8}, Mover::kVehicle), StepResult::kOffRoad);
  for (const Field f : {Field{17, 7}, Field{16, 9}}) {
    for (int d = 0; d < kSquareDirs; ++d) {
      const Field from = Step(f, d);
      EXPECT_NE(CanStep(b, from, f, Mover::kVehicle), StepResult::kOk) << d;
    }
    EXPECT_EQ(CanStep(b, {f.x, f.y - 1}, f, Mover::kFoot), StepResult::kOk);
  }
  // The bridge carries vehicles along the main road.
  EXPECT_EQ(CanStep(b, {17, 8}, {18, 8}, Mover::kVehicle), StepResult::kOk);
  EXPECT_EQ(CanStep(b, {18, 8}, {19, 8}, Mover::kVehicle), StepResult::kOk);
  EXPECT_TRUE(IsRoadStep(b, {17, 8}, {18, 8}));
}

// S-2 (PS-2 §4.7 "Flight at the bridgehead"): from (17,8) away from (16,8) only the bridge is open.
TEST(PlanspielBoard, PS_6_9_Ps2BridgeheadFlightOnlyOntoTheBridge) {
  const Board& b = Ps(2);
  EXPECT_EQ(CanStep(b, {17, 8}, {18, 8}, Mover::kFoot), StepResult::kOk);
  EXPECT_EQ(CanStep(b, {17, 8}, {18, 7}, Mover::kFoot), StepResult::kImpassable);
  EXPECT_EQ(CanStep(b, {17, 8}, {18, 9}, Mover::kFoot), StepResult::kImpassable);
}

// S-2 (PS-2 §4.7 "Reinforcement B-I4"): from the entry field (23,8) to (19,8) is 4 road steps
// (5 fields with the entry step); the infantry may then step onto the bridge.
TEST(PlanspielBoard, G_12_Ps2ReinforcementRoadFromTheEastEdge) {
  const Board& b = Ps(2);
  EXPECT_TRUE(IsBoardEdgeField(b, {23, 8}));
  for (int x = 23; x > 19; --x) EXPECT_TRUE(IsRoadStep(b, {x, 8}, {x - 1, 8})) << x;
  EXPECT_EQ(1 + Distance({23, 8}, {19, 8}), 5);
  EXPECT_EQ(CanStep(b, {19, 8}, {18, 8}, Mover::kFoot), StepResult::kOk);
}

// AE-01: ten connected road fields ahead with open fields beside them. Road steps run only along
// the road; a step to the side or a diagonal step along the road is not a road step.
TEST(PlanspielBoard, AE_01_RoadStepsOnlyAlongConnectedRoadFields) {
  const Board b = MakeBoard({"...........", "===========", "..........."});
  for (int x = 0; x < 10; ++x) EXPECT_TRUE(IsRoadStep(b, {x, 1}, {x + 1, 1})) << x;
  EXPECT_FALSE(IsRoadStep(b, {0, 1}, {0, 0}));
  EXPECT_FALSE(IsRoadStep(b, {0, 1}, {1, 0}));
  EXPECT_FALSE(IsRoadStep(b, {0, 1}, {2, 1}));  // not a step
  // Two parallel roads that touch are joined only where a path joins them (data: link_road).
  Board c(3, 2);
  for (int x = 0; x < 3; ++x) {
    c.set_terrain({x, 0}, Terrain::kOpen, true);
    c.set_terrain({x, 1}, Terrain::kOpen, true);
  }
  EXPECT_TRUE(c.link_road({0, 0}, {1, 0}));
  EXPECT_FALSE(c.link_road({0, 0}, {1, 1}));  // PS §2.2: never along a diagonal
  EXPECT_FALSE(c.link_road({0, 0}, {2, 0}));  // not neighbours
  EXPECT_TRUE(IsRoadStep(c, {1, 0}, {0, 0}));
  EXPECT_FALSE(IsRoadStep(c, {0, 0}, {0, 1}));
}

// PS §2.1 corner rule: a diagonal only if the move is possible through one of the flanking fields.
TEST(PlanspielBoard, PS_2_1_DiagonalCornerRuleForMovement) {
  EXPECT_EQ(DiagonalFlanks({1, 1}, {2, 0})[0], (Field{2, 1}));
  EXPECT_EQ(DiagonalFlanks({1, 1}, {2, 0})[1], (Field{1, 0}));
  // Two forest fields touching at a corner: closed to vehicles, open to foot troops.
  const Board forest = MakeBoard({".F", "F."});
  EXPECT_EQ(CanStep(forest, {0, 0}, {1, 1}, Mover::kVehicle), StepResult::kDiagonalCorner);
  EXPECT_EQ(CanStep(forest, {1, 1}, {0, 0}, Mover::kVehicle), StepResult::kDiagonalCorner);
  EXPECT_EQ(CanStep(forest, {0, 0}, {1, 1}, Mover::kFoot), StepResult::kOk);
  // Two rock (swamp, water) fields: closed to everybody.
  for (const char* rows : {"R.", "S.", "W."}) {
    const std::string c(1, rows[0]);
    const Board closed = MakeBoard({"." + c, c + "."});
    EXPECT_EQ(CanStep(closed, {0, 0}, {1, 1}, Mover::kFoot), StepResult::kDiagonalCorner) << c;
    EXPECT_EQ(CanStep(closed, {0, 0}, {1, 1}, Mover::kVehicle), StepResult::kDiagonalCorner) << c;
  }
  // One flanking field open is enough.
  const Board one = MakeBoard({".R", ".."});
  EXPECT_EQ(CanStep(one, {0, 0}, {1, 1}, Mover::kVehicle), StepResult::kOk);
  EXPECT_EQ(CanStep(one, {1, 1}, {0, 0}, Mover::kFoot), StepResult::kOk);
  // Mixed: forest and rocks; foot troops pass through the forest side.
  const Board mixed = MakeBoard({".F", "R."});
  EXPECT_EQ(CanStep(mixed, {0, 0}, {1, 1}, Mover::kFoot), StepResult::kOk);
  EXPECT_EQ(CanStep(mixed, {0, 0}, {1, 1}, Mover::kVehicle), StepResult::kDiagonalCorner);
  // A diagonal onto a road field in a village is never along the road (G-04).
  const Board village = MakeBoard({"...", ".b.", "..."});
  EXPECT_EQ(CanStep(village, {0, 0}, {1, 1}, Mover::kVehicle), StepResult::kOffRoad);
  EXPECT_EQ(CanStep(village, {0, 0}, {1, 1}, Mover::kFoot), StepResult::kOk);
  // Not a step at all.
  EXPECT_EQ(CanStep(village, {0, 0}, {2, 2}, Mover::kFoot), StepResult::kNotAdjacent);
  EXPECT_EQ(CanStep(village, {0, 0}, {0, 0}, Mover::kFoot), StepResult::kNotAdjacent);
}

// PS §2.4: a step off the board is possible but the unit is lost; off-board fields are no fields.
TEST(PlanspielBoard, PS_2_4_LeavingTheBoard) {
  const Board& b = Ps(1);
  EXPECT_TRUE(b.on_board({0, 0}));
  EXPECT_TRUE(b.on_board({11, 9}));
  EXPECT_FALSE(b.on_board({12, 9}));
  EXPECT_FALSE(b.on_board({-1, 0}));
  EXPECT_FALSE(b.on_board({0, 10}));
  EXPECT_EQ(CanStep(b, {5, 0}, {5, -1}, Mover::kVehicle), StepResult::kLeavesBoard);
  EXPECT_EQ(CanStep(b, {0, 0}, {-1, -1}, Mover::kFoot), StepResult::kLeavesBoard);
  EXPECT_EQ(CanStep(b, {5, -1}, {5, 0}, Mover::kFoot), StepResult::kNotAdjacent);  // from outside
  EXPECT_TRUE(IsBoardEdgeField(b, {5, 0}));
  EXPECT_TRUE(IsBoardEdgeField(b, {11, 4}));
  EXPECT_FALSE(IsBoardEdgeField(b, {5, 1}));
  EXPECT_FALSE(IsBoardEdgeField(b, {12, 4}));
}

// S-3 (PS-3 §5.7 "Reinforcement"): R-T3 enters at (0,7) and drives 7 more road fields along row 7;
// if (0,7) is blocked, the nearest edge fields within 2 are (0,6) and (0,8), which are no road.
TEST(PlanspielBoard, PS_2_4_Ps3ReinforcementEntryFields) {
  const Board& b = Ps(3);
  for (int x = 0; x < 7; ++x) EXPECT_TRUE(IsRoadStep(b, {x, 7}, {x + 1, 7})) << x;
  const std::vector<Field> alt = SameEdgeFieldsWithin(b, {0, 7}, 2);
  ASSERT_EQ(alt.size(), 4u);
  EXPECT_EQ(alt[0], (Field{0, 6}));
  EXPECT_EQ(alt[1], (Field{0, 8}));
  EXPECT_EQ(alt[2], (Field{0, 5}));
  EXPECT_EQ(alt[3], (Field{0, 9}));
  EXPECT_FALSE(b.road({0, 6}));
  EXPECT_FALSE(b.road({0, 8}));
  EXPECT_TRUE(SameEdgeFieldsWithin(b, {5, 5}, 2).empty());  // not an edge field
  // A corner field belongs to two edges.
  EXPECT_EQ(SameEdgeFieldsWithin(b, {0, 0}, 1).size(), 2u);
}

// The set of defile fields of a board, as "x,y axis" strings.
std::set<std::string> Defiles(const Board& b) {
  std::set<std::string> out;
  for (int y = 0; y < b.height(); ++y)
    for (int x = 0; x < b.width(); ++x)
      for (Axis a : {Axis::kNorthSouth, Axis::kEastWest})
        if (IsDefile(b, {x, y}, a))
          out.insert(std::to_string(x) + "," + std::to_string(y) + " " + axis_name(a));
  return out;
}

// S-1 (PS-1 §3.2 "Defiles: none").
TEST(PlanspielBoard, PS_2_3_Ps1HasNoDefile) {
  EXPECT_TRUE(Defiles(Ps(1)).empty());
}

// S-2 (PS-2 §4.2 and §4.7 "Defiles"): exactly the listed defiles.
TEST(PlanspielBoard, PS_2_3_Ps2Defiles) {
  const Board& b = Ps(2);
  EXPECT_TRUE(IsDefile(b, {16, 8}, Axis::kEastWest));
  EXPECT_TRUE(IsDefile(b, {16, 8}, Axis::kNorthSouth));
  EXPECT_TRUE(IsDefile(b, {18, 8}, Axis::kEastWest));  // the bridge, in every direction
  EXPECT_TRUE(IsDefile(b, {18, 8}, Axis::kNorthSouth));
  EXPECT_TRUE(IsDefile(b, {17, 9}, Axis::kNorthSouth));
  EXPECT_FALSE(IsDefile(b, {17, 9}, Axis::kEastWest));
  EXPECT_TRUE(IsDefile(b, {16, 10}, Axis::kEastWest));
  EXPECT_FALSE(IsDefile(b, {16, 10}, Axis::kNorthSouth));
  for (const Field f : {Field{15, 8}, Field{16, 7}, Field{17, 8}, Field{19, 8}})
    EXPECT_FALSE(IsDefileAnyDirection(b, f)) << f.x << "," << f.y;
  const std::set<std::string> expected = {"16,8 north-south", "16,8 east-west",
                                          "18,8 north-south", "18,8 east-west",
                                          "17,9 north-south", "16,10 east-west"};
  EXPECT_EQ(Defiles(b), expected);
}

// S-3 (PS-3 §5.2 and §5.7 "Defiles"): (15,2) and (8,13) for north-south movement; no other field.
TEST(PlanspielBoard, PS_2_3_Ps3Defiles) {
  const std::set<std::string> expected = {"15,2 north-south", "8,13 north-south"};
  EXPECT_EQ(Defiles(Ps(3)), expected);
}

// PS §2.3: the defile rule per direction of movement; a diagonal step moves along both axes.
TEST(PlanspielBoard, PS_2_3_DefilePerDirectionOfMovement) {
  const Board& b = Ps(3);
  const int n = static_cast<int>(SquareDir::kN), e = static_cast<int>(SquareDir::kE);
  const int ne = static_cast<int>(SquareDir::kNE), s = static_cast<int>(SquareDir::kS);
  EXPECT_TRUE(IsDefileForStep(b, {15, 2}, n));
  EXPECT_TRUE(IsDefileForStep(b, {15, 2}, s));
  EXPECT_FALSE(IsDefileForStep(b, {15, 2}, e));
  EXPECT_TRUE(IsDefileForStep(b, {15, 2}, ne));
  EXPECT_FALSE(IsDefileForStep(b, {15, 2}, 8));
  // A field vehicles cannot use is no defile even between two impassable symbols (G-04).
  const Board wood = MakeBoard({"FFF", "FFF"});
  EXPECT_FALSE(IsDefileAnyDirection(wood, {1, 0}));
  EXPECT_FALSE(IsDefileAnyDirection(b, {7, 13}));  // swamp
  // The board edge is no symbol: a field between water and the edge is no defile.
  const Board edge = MakeBoard({".W", ".W"});
  EXPECT_FALSE(IsDefileAnyDirection(edge, {0, 0}));
  // Water on both sides of a road: a causeway is a defile along it.
  const Board causeway = MakeBoard({"W=W", "W=W"});
  EXPECT_TRUE(IsDefile(causeway, {1, 0}, Axis::kNorthSouth));
  EXPECT_FALSE(IsDefile(causeway, {1, 0}, Axis::kEastWest));
}

// G-54: forest and built-up edge fields; inside a forest (PS §2.2).
TEST(PlanspielBoard, G_54_EdgeFieldsAndForestInterior) {
  // S-1 (PS-1 §3.2): every field of the Westholz and the Ostholz is an edge field; both farm
  // fields are edge fields.
  const Board& b1 = Ps(1);
  for (const Field f : {Field{2, 5}, Field{3, 5}, Field{2, 6}, Field{3, 6}, Field{8, 6},
                        Field{9, 6}, Field{8, 7}, Field{9, 7}, Field{5, 3}, Field{6, 3}}) {
    EXPECT_TRUE(IsEdgeField(b1, f)) << f.x << "," << f.y;
    EXPECT_FALSE(IsInsideForest(b1, f));
  }
  EXPECT_FALSE(IsEdgeField(b1, {4, 4}));  // open ground is no edge field
  // S-2 (PS-2 §4.2): Nordwald and Südwald are all edge fields.
  const Board& b2 = Ps(2);
  for (const Field f : {Field{13, 3}, Field{14, 3}, Field{13, 4}, Field{14, 4}, Field{12, 11},
                        Field{13, 11}, Field{12, 12}, Field{13, 12}})
    EXPECT_TRUE(IsEdgeField(b2, f)) << f.x << "," << f.y;
  // A 3x3 forest: the centre is inside, the ring is edge.
  const Board wood = MakeBoard({".....", ".FFF.", ".FFF.", ".FFF.", "....."});
  EXPECT_TRUE(IsInsideForest(wood, {2, 2}));
  EXPECT_FALSE(IsEdgeField(wood, {2, 2}));
  EXPECT_TRUE(IsEdgeField(wood, {1, 1}));
  EXPECT_TRUE(IsEdgeField(wood, {2, 1}));
  // A town next to a wood: each symbol has its own edge.
  const Board mixed = MakeBoard({"FFFBB", "FFFBB", "FFFBB"});
  EXPECT_TRUE(IsInsideForest(mixed, {1, 1}));
  EXPECT_TRUE(IsEdgeField(mixed, {2, 1}));
  EXPECT_TRUE(IsEdgeField(mixed, {3, 1}));
  EXPECT_FALSE(IsEdgeField(mixed, {4, 1}));  // off-board neighbours do not count
}

// S-3 (PS-3 §5.7 "Symmetry"): the board is point-symmetric.
TEST(PlanspielBoard, PS_2_2_Ps3IsPointSymmetric) {
  const Board& b = Ps(3);
  for (int y = 0; y < b.height(); ++y) {
    for (int x = 0; x < b.width(); ++x) {
      const Field m{23 - x, 15 - y};
      EXPECT_EQ(b.terrain({x, y}), b.terrain(m)) << x << "," << y;
      EXPECT_EQ(b.road({x, y}), b.road(m)) << x << "," << y;
      EXPECT_EQ(b.contour({x, y}), b.contour(m)) << x << "," << y;
    }
  }
}

// Scenarios §1.3: the map characters round-trip.
TEST(PlanspielBoard, PS_2_2_MapSymbols) {
  for (char c : std::string(".=FfBbRSWH")) {
    Terrain t{};
    bool road = false;
    ASSERT_TRUE(ParseTerrainChar(c, t, road)) << c;
    EXPECT_EQ(TerrainChar(t, road), c);
  }
  Terrain t{};
  bool road = true;
  EXPECT_FALSE(ParseTerrainChar('x', t, road));
  EXPECT_FALSE(road);
  EXPECT_FALSE(ParseTerrainChar('r', t, road));
}

}  // namespace
}  // namespace feldherr::planspiel
