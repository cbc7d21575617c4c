// Planspiel movement (docs/rules/planspiel.md PS §6.1-§6.7): the speed table's day columns, a unit
// type's movement allowance by road and terrain, mixed speeds (G-12), combat speed and half speed
// (PS §6.4, G-13), the fog limit (PS §6.2), and path checks and reachability for one unit over the
// board (CanStep, IsRoadStep). Pure functions; what other units stand where is passed in as an
// EntryRule (games/planspiel/stacking.h builds one).
#pragma once

#include <cstdint>
#include <functional>
#include <vector>

#include "games/planspiel/board.h"
#include "games/planspiel/units.h"

namespace feldherr::planspiel {

// "/" of the speed table: the row cannot move on that medium.
inline constexpr int kCannotMove = -1;

// PS §6.1, columns "day or with lights" (LE per own half-turn): road or rail, terrain, water.
struct DaySpeeds {
  int road = kCannotMove;
  int terrain = kCannotMove;
  int water = kCannotMove;
};
DaySpeeds DaySpeed(SpeedRow row);

// What one unit of a type can do on land by day (PS §6.1, §4.4, §6.5).
struct MoveProfile {
  Mover mover = Mover::kFoot;
  int road = 0;                  // allowance when every step is a road step (G-12)
  int terrain = 0;               // allowance when any step is not
  bool moves_and_fires = false;  // combat vehicles, SP guns, APCs (scenarios reading 1)
};
// A type with a speed row moves by its row's day columns. A weapon base moves only by
// manhandling: own_move_le fields by road or terrain (PS §4.4).
MoveProfile MoveProfileOf(const UnitType& type);

// G-12: the allowance of a whole move is the lowest speed of every condition it meets: the road
// speed only if every step (the entry step of a reinforcement included) is a road step.
int Allowance(const MoveProfile& p, bool every_step_on_road);

// PS §6.4: combat speed is half the terrain speed (rounded down), on roads too. A unit that
// moves and fires direct in one half-turn moves at most that far; only units that may move and
// fire (combat vehicles, SP guns, APCs) may do both, so for every other unit the limit is 0.
int CombatSpeed(const MoveProfile& p);
int MaxMoveToFireDirect(const MoveProfile& p);

// G-13: half speed is floor(allowance / 2) of the allowance after G-12. A vehicle lets its load
// mount, dismount, limber or unlimber only if its whole move of the half-turn, before and after,
// is at most that; 0 means it must stay in its field.
int HalfSpeed(int allowance);
bool MayMountOrDismount(int allowance, int fields_moved);
// PS §4.4: figures without heavy weapons may move one more field on foot before mounting or after
// dismounting; figures with heavy weapons may not.
int ExtraFootMoveAfterDismounting(bool heavy_weapons);

// PS §6.2 (AE-02): by day, the n-th field of a move (1-based) is a fog or smoke field. The total
// allowance drops to the night speed; if the unit has already moved more than the night speed
// before it reaches the fog field (n - 1 > night), it must end its move in the fog field instead.
// Returns the largest total number of fields the move may have.
int FogLimit(int day_allowance, int night_allowance, int fog_field_index);

// How another unit's field lets a mover in (games/planspiel/stacking.h decides it).
enum class Entry : uint8_t {
  kFree,      // the mover may enter and move on
  kEndsMove,  // the mover may enter but must stop there
  kClosed,    // the mover may not enter
};
// The rule for a step from -> to; an empty rule lets every step in freely.
using EntryRule = std::function<Entry(Field from, Field to)>;

enum class PathResult : uint8_t {
  kOk,
  kEmpty,        // no fields
  kStep,         // a step the board forbids (see step)
  kEntryClosed,  // a field the mover may not enter (PS §5.3, G-07)
  kMustStop,     // the move goes on past a field where it had to stop
  kTooFar,       // more fields than the allowance (G-12) or the cap
};
const char* path_result_name(PathResult r);

struct PathCheck {
  PathResult result = PathResult::kOk;
  StepResult step = StepResult::kOk;  // for kStep
  int at = -1;                        // index in the path of the field the failing step enters
  int fields = 0;                     // fields moved (the entry step of a reinforcement included)
  bool every_step_on_road = true;
  int allowance = 0;  // G-12 allowance of this move (before the cap)
};

// Checks a move of one unit. path[0] is the start field and path[1..] the fields entered, one
// step each. With `enters_from_outside` (a reinforcement, scenarios §1.6) path[0] is the entry
// edge field instead: entering it is the first step and counts one field, a road step if it is a
// road field. `cap` (>= 0) limits the fields further, e.g. MaxMoveToFireDirect or a half speed.
PathCheck CheckPath(const Board& b, const MoveProfile& p, const std::vector<Field>& path,
                    int cap = -1, const EntryRule& rule = {}, bool enters_from_outside = false);

// Reachability for one unit from `start`: for every field the fewest steps of a legal move ending
// there, or -1. A field counts as reachable if a road-only path within the road allowance or any
// path within the terrain allowance reaches it (G-12), never more than `cap` fields (if >= 0).
struct Reach {
  int width = 0;
  std::vector<int> steps;          // per field (Board::index), -1 = unreachable
  std::vector<uint8_t> road_only;  // 1 if the fewest-steps legal move is a road move
  int at(Field f) const { return steps[static_cast<size_t>(f.y * width + f.x)]; }
};
Reach Reachable(const Board& b, const MoveProfile& p, Field start, int cap = -1,
                const EntryRule& rule = {});

}  // namespace feldherr::planspiel
