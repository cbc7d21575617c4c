// Planspiel movement (games/planspiel/movement.h).
#include "games/planspiel/movement.h"

#include <algorithm>
#include <deque>

namespace feldherr::planspiel {

DaySpeeds DaySpeed(SpeedRow row) {
  // PS §6.1, the speed table, columns "Tag oder mit Licht": road/rail, terrain, water.
  switch (row) {
    case SpeedRow::kNone:
      return {};
    case SpeedRow::kInfantry:
      return {2, 1, 1};
    case SpeedRow::kRiders:
      return {3, 2, 1};
    case SpeedRow::kCyclists:
      return {3, 1, kCannotMove};
    case SpeedRow::kWheeledNormal:
      return {10, 2, 1};
    case SpeedRow::kWheeledXc:
      return {10, 4, 1};
    case SpeedRow::kTracked:
      return {8, 4, 1};
    case SpeedRow::kRowingBoat:
      return {kCannotMove, kCannotMove, 1};
    case SpeedRow::kMotorBoat:
      return {kCannotMove, kCannotMove, 4};
    case SpeedRow::kAssaultBoat:
      return {kCannotMove, kCannotMove, 6};
    case SpeedRow::kRailway:
      return {16, kCannotMove, kCannotMove};
  }
  return {};
}

MoveProfile MoveProfileOf(const UnitType& type) {
  MoveProfile p;
  p.mover = type.terrain;
  p.moves_and_fires = type.moves_and_fires;
  if (type.speed_row == SpeedRow::kNone) {
    // PS §4.4: manhandling, the same distance by road and across country.
    p.road = p.terrain = type.own_move_le;
    return p;
  }
  const DaySpeeds s = DaySpeed(type.speed_row);
  p.road = std::max(s.road, 0);
  p.terrain = std::max(s.terrain, 0);
  return p;
}

int Allowance(const MoveProfile& p, bool every_step_on_road) {
  // G-12: the lower speed applies; the road speed is never lower than the terrain speed.
  return every_step_on_road ? std::max(p.road, p.terrain) : p.terrain;
}

int CombatSpeed(const MoveProfile& p) {
  return p.terrain / 2;
}

int MaxMoveToFireDirect(const MoveProfile& p) {
  return p.moves_and_fires ? CombatSpeed(p) : 0;
}

int HalfSpeed(int allowance) {
  return allowance / 2;
}

bool MayMountOrDismount(int allowance, int fields_moved) {
  return fields_moved <= HalfSpeed(allowance);
}

int ExtraFootMoveAfterDismounting(bool heavy_weapons) {
  return heavy_weapons ? 0 : 1;
}

int FogLimit(int day_allowance, int night_allowance, int fog_field_index) {
  if (fog_field_index < 1 || fog_field_index > day_allowance) return day_allowance;
  if (fog_field_index - 1 > night_allowance) return fog_field_index;
  return std::min(day_allowance, night_allowance);
}

const char* path_result_name(PathResult r) {
  switch (r) {
    case PathResult::kOk:
      return "ok";
    case PathResult::kEmpty:
      return "empty";
    case PathResult::kStep:
      return "step";
    case PathResult::kEntryClosed:
      return "entry-closed";
    case PathResult::kMustStop:
      return "must-stop";
    case PathResult::kTooFar:
      return "too-far";
  }
  return "?";
}

PathCheck CheckPath(const Board& b, const MoveProfile& p, const std::vector<Field>& path, int cap,
                    const EntryRule& rule, bool enters_from_outside) {
  PathCheck c;
  if (path.empty() || !b.on_board(path[0])) {
    c.result = PathResult::kEmpty;
    return c;
  }
  if (enters_from_outside) {
    // Scenarios §1.6: entering the edge field is the first step; a road step on a road field.
    if (!Passable(b, path[0], p.mover)) {
      c.result = PathResult::kStep;
      c.step = StepResult::kImpassable;
      c.at = 0;
      return c;
    }
    c.fields = 1;
    c.every_step_on_road = b.road(path[0]);
  }
  bool must_stop = false;
  if (enters_from_outside && rule) {
    // The entry field is entered from outside the board: the rule sees it entered from itself.
    const Entry e = rule(path[0], path[0]);
    if (e == Entry::kClosed) {
      c.result = PathResult::kEntryClosed;
      c.at = 0;
      return c;
    }
    must_stop = e == Entry::kEndsMove;
  }
  for (size_t i = 1; i < path.size(); ++i) {
    const int at = static_cast<int>(i);
    if (must_stop) {
      c.result = PathResult::kMustStop;
      c.at = at;
      return c;
    }
    const StepResult s = CanStep(b, path[i - 1], path[i], p.mover);
    if (s != StepResult::kOk) {
      c.result = PathResult::kStep;
      c.step = s;
      c.at = at;
      return c;
    }
    if (rule) {
      const Entry e = rule(path[i - 1], path[i]);
      if (e == Entry::kClosed) {
        c.result = PathResult::kEntryClosed;
        c.at = at;
        return c;
      }
      must_stop = e == Entry::kEndsMove;
    }
    if (!IsRoadStep(b, path[i - 1], path[i])) c.every_step_on_road = false;
    ++c.fields;
  }
  c.allowance = Allowance(p, c.every_step_on_road);
  const int limit = cap >= 0 ? std::min(cap, c.allowance) : c.allowance;
  if (c.fields > limit) {
    c.result = PathResult::kTooFar;
    c.at = limit + 1 - (enters_from_outside ? 1 : 0);
  }
  return c;
}

namespace {

// Breadth-first search from `start`, at most `limit` steps, only road steps if `road_only`.
std::vector<int> Bfs(const Board& b, const MoveProfile& p, Field start, int limit, bool road_only,
                     const EntryRule& rule) {
  std::vector<int> dist(static_cast<size_t>(b.width() * b.height()), -1);
  std::vector<uint8_t> stop(dist.size(), 0);
  const auto idx = [&](Field f) { return static_cast<size_t>(b.index(f)); };
  dist[idx(start)] = 0;
  std::deque<Field> queue{start};
  while (!queue.empty()) {
    const Field f = queue.front();
    queue.pop_front();
    const int d = dist[idx(f)];
    if (d >= limit || stop[idx(f)]) continue;
    for (int dir = 0; dir < 8; ++dir) {
      const Field g = Step(f, dir);
      if (!b.on_board(g)) continue;
      if (dist[idx(g)] >= 0 && !(dist[idx(g)] == d + 1 && stop[idx(g)])) continue;
      if (CanStep(b, f, g, p.mover) != StepResult::kOk) continue;
      if (road_only && !IsRoadStep(b, f, g)) continue;
      const Entry e = rule ? rule(f, g) : Entry::kFree;
      if (e == Entry::kClosed) continue;
      if (dist[idx(g)] >= 0) {
        // Reached before at the same distance, but only to stop there: a free entry wins.
        if (e == Entry::kFree) stop[idx(g)] = 0;
        continue;
      }
      dist[idx(g)] = d + 1;
      stop[idx(g)] = e == Entry::kEndsMove;
      queue.push_back(g);
    }
  }
  return dist;
}

}  // namespace

Reach Reachable(const Board& b, const MoveProfile& p, Field start, int cap, const EntryRule& rule) {
  Reach r;
  r.width = b.width();
  const auto capped = [&](int allowance) {
    return cap >= 0 ? std::min(cap, allowance) : allowance;
  };
  const std::vector<int> road = Bfs(b, p, start, capped(Allowance(p, true)), true, rule);
  const std::vector<int> any = Bfs(b, p, start, capped(Allowance(p, false)), false, rule);
  r.steps.assign(road.size(), -1);
  r.road_only.assign(road.size(), 0);
  for (size_t i = 0; i < road.size(); ++i) {
    if (road[i] >= 0 && (any[i] < 0 || road[i] <= any[i])) {
      r.steps[i] = road[i];
      r.road_only[i] = 1;
    } else {
      r.steps[i] = any[i];
    }
  }
  return r;
}

}  // namespace feldherr::planspiel
