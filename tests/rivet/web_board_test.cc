// The Rivet Wars board for the web UI (games/rivet/web_board.cc): segments, SOs in the order of
// the observation's flags, unit types by index, and the column indexes of the observation's unit
// arrays (web/src/rivet.ts reads units with them).
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>

#include "engine/registry.h"
#include "tests/rivet/rivet_test_util.h"

namespace feldherr::rivet::testing {
namespace {

TEST(RivetWebBoard, SegmentsSosAndUnitColumnsMatchTheObservation) {
  auto g = MakeGame(1);
  const json b = rivet_board_json(*g);
  EXPECT_EQ(b["kind"], "segments");
  EXPECT_EQ(b["cols"], g->board().cols);
  EXPECT_EQ(b["rows"], g->board().rows);
  ASSERT_EQ(b["segments"].size(), static_cast<size_t>(g->board().num_segments()));
  for (int s = 0; s < g->board().num_segments(); ++s)
    EXPECT_EQ(b["segments"][static_cast<size_t>(s)]["id"], g->board().seg_name(s));
  EXPECT_EQ(b["unit_types"].size(), g->data().units.size());

  auto s = Start(*g);
  ASSERT_EQ(b["sos"].size(), s->so_segs.size());
  for (size_t i = 0; i < s->so_segs.size(); ++i)
    EXPECT_EQ(b["sos"][i], g->board().seg_name(s->so_segs[i]));

  const int id = Put(*s, "rifleman", "d5", "NE", 0);
  Unit* u = s->unit_mut(id);
  u->combat = 1;
  u->move = 2;
  u->bogged = true;
  const json obs = s->observe(kAllies);
  const json& f = b["unit_fields"];
  const json* row = nullptr;
  for (const json& r : obs["units"])
    if (r[f["id"].get<size_t>()] == id) row = &r;
  ASSERT_NE(row, nullptr);
  auto col = [&](const char* name) { return (*row)[f[name].get<size_t>()]; };
  EXPECT_EQ(col("type"), u->type);
  EXPECT_EQ(col("plug"), -1);
  EXPECT_EQ(col("owner"), kAllies);
  EXPECT_EQ(col("seg"), Seg(*s, "d5"));
  EXPECT_EQ(col("fields"), mask_from_name("NE"));
  EXPECT_EQ(col("damage"), 0);
  EXPECT_EQ(col("combat"), 1);
  EXPECT_EQ(col("move"), 2);
  EXPECT_EQ(col("bogged"), true);
  // The unit's type by index is the rifleman.
  EXPECT_EQ(b["unit_types"][static_cast<size_t>(u->type)]["id"], "rifleman");
  // The module serves it (GET /api/games/ID/board).
  const GameModule* m = all_games().find("rivet");
  ASSERT_NE(m, nullptr);
  ASSERT_TRUE(static_cast<bool>(m->board));
  EXPECT_EQ(m->board(*g), b);
}

}  // namespace
}  // namespace feldherr::rivet::testing
