// The Rivet Wars board for the web UI (games/rivet/web_board.cc) and the observation it is read
// with (games/rivet/observation.cc): segments, SOs as the keys of the observation's flags, unit
// types, cards and secret missions by the ids the observation names; units, terrain and flags in
// the observation by name (web/src/rivet.ts reads them).
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>

#include "engine/registry.h"
#include "tests/rivet/rivet_test_util.h"

namespace feldherr::rivet::testing {
namespace {

TEST(RivetWebBoard, SegmentsSosAndTypesMatchTheNamedObservation) {
  auto g = MakeGame(1);
  const json b = rivet_board_json(*g);
  EXPECT_EQ(b["kind"], "segments");
  EXPECT_EQ(b["cols"], g->board().cols);
  EXPECT_EQ(b["rows"], g->board().rows);
  ASSERT_EQ(b["segments"].size(), static_cast<size_t>(g->board().num_segments()));
  for (int s = 0; s < g->board().num_segments(); ++s)
    EXPECT_EQ(b["segments"][static_cast<size_t>(s)]["id"], g->board().seg_name(s));
  EXPECT_EQ(b["unit_types"].size(), g->data().units.size());
  EXPECT_EQ(b["action_cards"].size(), g->data().actions.size());
  EXPECT_EQ(b["secret_missions"].size(), g->data().secrets.size());
  EXPECT_FALSE(b.contains("unit_fields"));  // the observation names its fields

  auto s = Start(*g);
  ASSERT_EQ(b["sos"].size(), s->so_segs.size());
  const json obs0 = s->observe(kAllies);
  ASSERT_EQ(obs0["flags"].size(), s->so_segs.size());
  for (size_t i = 0; i < s->so_segs.size(); ++i) {
    EXPECT_EQ(b["sos"][i], g->board().seg_name(s->so_segs[i]));
    EXPECT_TRUE(obs0["flags"].contains(b["sos"][i].get<std::string>())) << b["sos"][i];
  }

  const int id = Put(*s, "rifleman", "d5", "NE", 0);
  Unit* u = s->unit_mut(id);
  u->combat = 1;
  u->move = 2;
  u->bogged = true;
  u->damage = 0;
  const json obs = s->observe(kAllies);
  const json* unit = nullptr;
  for (const json& x : obs["units"])
    if (x["label"] == "u" + std::to_string(id)) unit = &x;
  ASSERT_NE(unit, nullptr);
  EXPECT_EQ((*unit)["type"], "rifleman");
  EXPECT_EQ((*unit)["plug"], nullptr);
  EXPECT_EQ((*unit)["owner"], "allies");
  EXPECT_EQ((*unit)["seg"], "d5");
  EXPECT_EQ((*unit)["fields"], json::array({"NE"}));
  EXPECT_EQ((*unit)["hp"], s->max_hp(*u));
  EXPECT_EQ((*unit)["max_hp"], s->max_hp(*u));
  EXPECT_EQ((*unit)["damage"], 0);
  EXPECT_EQ((*unit)["activated"], true);
  EXPECT_EQ((*unit)["combat"], "active");
  EXPECT_EQ((*unit)["move"], "done");
  EXPECT_EQ((*unit)["bogged"], true);
  // The unit's type id names one of the board's unit types.
  bool known = false;
  for (const json& t : b["unit_types"]) known = known || t["id"] == (*unit)["type"];
  EXPECT_TRUE(known);
  // Terrain pieces by kind, segment and field name, as the board's names spell them.
  ASSERT_EQ(obs["terrain"].size(), s->terrain.size());
  for (size_t i = 0; i < s->terrain.size(); ++i) {
    const TerrainPiece& p = s->terrain[i];
    EXPECT_EQ(obs["terrain"][i]["kind"], b["terrain_names"][static_cast<size_t>(p.type)]);
    EXPECT_EQ(obs["terrain"][i]["seg"], g->board().seg_name(g->board().seg(p.col, p.row)));
    EXPECT_EQ(obs["terrain"][i]["field"], b["fields"][static_cast<size_t>(p.field)]);
  }
  // A flag by segment: the side holding it, or null.
  s->flags[0] = kBismark;
  for (size_t i = 1; i < s->flags.size(); ++i) s->flags[i] = -1;
  const json flagged = s->observe(kObserver)["flags"];
  EXPECT_EQ(flagged[g->board().seg_name(s->so_segs[0])], "bismark");
  if (s->so_segs.size() > 1) {
    EXPECT_EQ(flagged[g->board().seg_name(s->so_segs[1])], nullptr);
  }
  // The module serves it (GET /api/games/ID/board).
  const GameModule* m = all_games().find("rivet");
  ASSERT_NE(m, nullptr);
  ASSERT_TRUE(static_cast<bool>(m->board));
  EXPECT_EQ(m->board(*g), b);
}

}  // namespace
}  // namespace feldherr::rivet::testing
