// The static board JSON of each game (games/wsr/board.cc, games/pocket/board.cc) has what the
// web UI needs to draw a position from an observation (docs/web.md "Board JSON").
#include "games/pocket/board.h"

#include <gtest/gtest.h>

#include <cmath>
#include <nlohmann/json.hpp>
#include <set>
#include <string>

#include "engine/registry.h"
#include "engine/rng.h"
#include "games/pocket/pocket.h"
#include "games/wsr/board.h"
#include "games/wsr/combat.h"
#include "games/wsr/odds.h"
#include "games/wsr/state.h"

namespace feldherr {
namespace {

using nlohmann::json;

TEST(WsrBoard, NovilleHexesHaveIdsPositionsAndTerrain) {
  auto game = all_games().create("wsr/noville", {});
  const auto& wg = dynamic_cast<const wsr::WsrGame&>(*game);
  const json b = wsr::BoardJson(*game);
  EXPECT_EQ(b["kind"], "hex");
  EXPECT_EQ(b["seats"], json(game->seats()));
  ASSERT_EQ(b["hexes"].size(), static_cast<size_t>(wg.layout().size()));
  std::set<std::string> ids;
  for (const json& h : b["hexes"]) {
    const int i = h["i"];
    EXPECT_EQ(h["id"], wg.layout().Name(i));
    ids.insert(h["id"].get<std::string>());
    // Flat-topped hexes: x = 1.5 C, y = sqrt(3)/2 Y (docs/hex-geometry.md).
    EXPECT_NEAR(h["px"].get<double>(), 1.5 * wg.layout().coord(i).c, 1e-3);
    EXPECT_NEAR(h["py"].get<double>(), std::sqrt(3.0) / 2 * wg.layout().coord(i).y, 1e-3);
    EXPECT_EQ(h["t"].get<int>(), static_cast<int>(wg.terrain(i)));
    EXPECT_EQ(h["terrain"], wsr::TerrainId(wg.terrain(i)));
    for (int d = 0; d < 6; ++d) {  // WSR 5.0 step costs per hexside, soft and hard
      EXPECT_EQ(h["cost"][static_cast<size_t>(d)][0].get<int>(), wg.step_cost(i, d, false));
      EXPECT_EQ(h["cost"][static_cast<size_t>(d)][1].get<int>(), wg.step_cost(i, d, true));
    }
  }
  EXPECT_EQ(ids.size(), b["hexes"].size());  // ids unique
  EXPECT_EQ(b["terrain"].size(), static_cast<size_t>(wsr::kNumTerrains));
}

TEST(WsrBoard, NeighbouringHexCentresAreOneHexApart) {
  auto game = all_games().create("wsr/noville", {});
  const auto& wg = dynamic_cast<const wsr::WsrGame&>(*game);
  const json b = wsr::BoardJson(*game);
  for (int i = 0; i < wg.layout().size(); ++i) {
    for (int d = 0; d < 6; ++d) {
      const int nb = wg.layout().Neighbour(i, d);
      if (nb < 0) continue;
      const double dx = b["hexes"][static_cast<size_t>(nb)]["px"].get<double>() -
                        b["hexes"][static_cast<size_t>(i)]["px"].get<double>();
      const double dy = b["hexes"][static_cast<size_t>(nb)]["py"].get<double>() -
                        b["hexes"][static_cast<size_t>(i)]["py"].get<double>();
      EXPECT_NEAR(std::hypot(dx, dy), std::sqrt(3.0), 2e-3);  // centre distance = sqrt(3) r
    }
  }
}

TEST(WsrBoard, RoadsArePairedHexsidesAndPlacesNamed) {
  auto game = all_games().create("wsr/noville", {});
  const auto& wg = dynamic_cast<const wsr::WsrGame&>(*game);
  const json b = wsr::BoardJson(*game);
  int roads = 0;
  for (const json& h : b["hexes"]) {
    if (!h.contains("road")) continue;
    for (int d : h["road"]) {
      ++roads;
      const int nb = wg.layout().Neighbour(h["i"], d);
      ASSERT_GE(nb, 0);
      const json& o = b["hexes"][static_cast<size_t>(nb)];
      ASSERT_TRUE(o.contains("road"));
      // The neighbour has the road on the opposite hexside.
      EXPECT_NE(std::find(o["road"].begin(), o["road"].end(), json((d + 3) % 6)), o["road"].end());
    }
  }
  EXPECT_GT(roads, 0);  // Noville has roads (WSR-B1 map)
  EXPECT_FALSE(b["places"].empty());
  EXPECT_FALSE(b["objectives"].empty());
  for (const json& o : b["objectives"]) EXPECT_LT(o.get<int>(), wg.layout().size());
}

TEST(WsrBoard, UnitsCarryCounterFacesWithPrintedValues) {
  auto game = all_games().create("wsr/noville", {});
  const auto& wg = dynamic_cast<const wsr::WsrGame&>(*game);
  const json b = wsr::BoardJson(*game);
  ASSERT_EQ(b["units"].size(), static_cast<size_t>(wg.num_units()));
  bool saw_hq = false, saw_armor = false;
  for (int u = 0; u < wg.num_units(); ++u) {
    const json& uj = b["units"][static_cast<size_t>(u)];
    const wsr::UnitInfo& ui = wg.unit(u);
    EXPECT_EQ(uj["label"], ui.label);
    EXPECT_EQ(uj["side"].get<int>(), ui.side);
    ASSERT_TRUE(b["counters"].contains(ui.counter->id));
    const json& c = b["counters"][ui.counter->id];
    const json& full = c["faces"][c["transport"].get<bool>() ? "mounted-full" : "full"];
    const wsr::Face& f = ui.counter->face_for(true, false);
    EXPECT_EQ(full["mf"].get<int>(), f.mf);
    EXPECT_EQ(full["armor"].get<int>(), f.armor);
    if (f.ap.present()) {
      EXPECT_EQ(full["ap"]["fp"].get<int>(), f.ap.fp);
      EXPECT_EQ(full["ap"]["to_hit"].get<int>(), f.ap.to_hit);
      EXPECT_EQ(full["ap"]["range"].get<int>(), f.ap.range);
    } else {
      EXPECT_TRUE(full["ap"].is_null());
    }
    if (ui.hq) {
      saw_hq = true;
      EXPECT_EQ(full["command_value"].get<int>(), f.command_value);
      EXPECT_EQ(full["command_range"].get<int>(), f.command_range);
    }
    if (ui.counter->kind == wsr::UnitKind::kArmor) {
      saw_armor = true;
      EXPECT_EQ(full["target"], "hard");
      if (ui.counter->steps == 2) {
        EXPECT_TRUE(c["faces"].contains("reduced"));
      }
    }
  }
  EXPECT_TRUE(saw_hq);
  EXPECT_TRUE(saw_armor);
  // The observation names its fields (WsrState::observe): no bit tables to decode it with.
  EXPECT_FALSE(b.contains("unit_flags"));
  EXPECT_FALSE(b.contains("control_bits"));
}

// The briefing says what each objective means and who arrives when (WSR 12.2 victory, 12.1
// reinforcements): Noville's Ste Jeanne (the German must control all of its
// hexes; the hexes are a map stand-in) and Beck's second element entering by the die-roll table
// (B1: 1-2 north, 3-4 south, 5 east, 6 not this time).
TEST(WsrBoard, WSR_12_2_BriefingNamesObjectivesAndTheReinforcementSchedule) {
  auto game = all_games().create("wsr/noville", {});
  const json b = wsr::BoardJson(*game)["briefing"];
  ASSERT_EQ(b["objectives"].size(), 1u);
  const json& o = b["objectives"][0];
  EXPECT_EQ(o["zone"], "ste-jeanne");
  EXPECT_EQ(o["side"], "de");
  EXPECT_EQ(o["kind"], "control_all");
  EXPECT_EQ(o["negated"], false);
  EXPECT_EQ(o["stand_in"], true);
  EXPECT_EQ(o["hexes"].size(), 4u);
  ASSERT_EQ(b["reinforcements"].size(), 1u);
  const json& r = b["reinforcements"][0];
  EXPECT_EQ(r["arrival"], "random");
  EXPECT_EQ(r["side"], "de");
  EXPECT_EQ(r["name"], "Kampfgruppe Beck");
  ASSERT_EQ(r["table"].size(), 4u);
  EXPECT_EQ(r["table"][0]["rolls"], json({1, 2}));
  EXPECT_EQ(r["table"][0]["zone_text"], "J1, K1 or L1");
  EXPECT_EQ(r["table"][3]["zone_text"], "");  // a 6: no entry this time
  std::set<std::string> units;
  for (const json& u : r["units"]) units.insert(u["name"].get<std::string>());
  EXPECT_TRUE(units.count("Tiger I")) << r["units"].dump();
  // A formation whose marker enters the cup later (A-33: Bieville's Aufklaerungs-Zug 4, turn 5,
  // a stand-in turn) is in the schedule too.
  auto bieville = all_games().create("wsr/bieville", {});
  bool marker = false;
  const json schedule = wsr::BoardJson(*bieville)["briefing"]["reinforcements"];
  for (const json& x : schedule)
    if (x["arrival"] == "marker" && x["turn"] == 5) marker = x["stand_in"] == true;
  EXPECT_TRUE(marker) << schedule.dump();
}

TEST(WsrBoard, EveryBasicScenarioHasABoard) {
  for (const char* s : {"wsr/noville", "wsr/le-hauderie", "wsr/vierville", "wsr/koeln"}) {
    auto game = all_games().create(s, {});
    const json b = wsr::BoardJson(*game);
    EXPECT_FALSE(b["hexes"].empty()) << s;
    EXPECT_FALSE(b["units"].empty()) << s;
    EXPECT_LT(b["bounds"]["min_x"].get<double>(), b["bounds"]["max_x"].get<double>()) << s;
    EXPECT_FALSE(b.dump().empty()) << s;  // serialisable (no invalid UTF-8)
  }
}

// WSR 6.1/6.2: the odds shown before a fire are OddsOfFire of the parameters the rules resolve
// (can_fire), as a distribution over the results on the target; other actions have none.
TEST(WsrBoard, WSR_6_1_FireOddsAreTheResolvedFireDistribution) {
  auto game = all_games().create("wsr/noville", {});
  auto state = game->new_initial_state();
  Rng rng(7);
  int checked = 0, others = 0;
  for (int step = 0; step < 3000 && !state->is_terminal() && checked < 5; ++step) {
    if (state->current_seat() == kChance) {
      state->apply(state->sample_chance(rng));
      continue;
    }
    const ActionList legal = state->legal_actions();
    const auto& ws = dynamic_cast<const wsr::WsrState&>(*state);
    for (const Action& a : legal) {
      const json o = wsr::FireOddsJson(*state, a);
      if (a.verb != wsr::kFire && a.verb != wsr::kOpFire) {
        EXPECT_TRUE(o.is_null()) << state->describe(a);
        ++others;
        continue;
      }
      if (a.argc > 2 && a.arg(2) != 0) continue;  // with-hq: checked for shape below
      wsr::FireParams p;
      ASSERT_TRUE(ws.can_fire(a.arg(0), a.arg(1), a.verb == wsr::kOpFire, nullptr, &p));
      wsr::UnitState t;
      t.disrupted = ws.has(a.arg(1), wsr::kDisrupted);
      t.reduced = ws.has(a.arg(1), wsr::kReduced);
      t.single_step = ws.info(a.arg(1)).counter->steps <= 1;
      const wsr::FireOdds expect = wsr::OddsOfFire(p, t);
      ASSERT_FALSE(o.is_null()) << state->describe(a);
      EXPECT_EQ(o["params"]["dice"].get<int>(), p.dice);
      EXPECT_EQ(o["params"]["to_hit"].get<int>(), p.to_hit);
      double sum = 0;
      for (int r = 0; r < wsr::kNumCombatResults; ++r) {
        const double pr = o["result"][wsr::CombatResultName(static_cast<wsr::CombatResult>(r))];
        EXPECT_NEAR(pr, expect.result[static_cast<size_t>(r)], 1e-12);
        sum += pr;
      }
      EXPECT_NEAR(sum, 1.0, 1e-9);
      EXPECT_FALSE(o["summary"].get<std::string>().empty());
      // In German too (the web UI's odds panel): the dice and range band as WSR's notes word them.
      EXPECT_NE(o["summary_de"].get<std::string>().find(std::to_string(p.dice) + " Würfel ab " +
                                                        std::to_string(p.to_hit) + "+ (" +
                                                        wsr::RangeBandNameDe(p.band)),
                std::string::npos)
          << o["summary_de"];
      ++checked;
    }
    state->apply(legal[rng.below(static_cast<uint32_t>(legal.size()))]);
  }
  EXPECT_GT(checked, 0) << "no fire was legal in 3000 random steps of Noville";
  EXPECT_GT(others, 0);
}

// The army list a player picks from shows every troop's cost (DP) and values with where each
// comes from: the Elves' Archer's DP is a stand-in, its count public.
TEST(PocketBoard, PB_ArmyPicksCarryEachTroopsValuesAndTheirProvenance) {
  auto game = all_games().create("pocket/orcs-vs-elves", {});
  const json b = pocket::BoardJson(*game);
  bool archer = false;
  for (const json& army : b["armies"])
    for (const json& t : army["troops"]) {
      for (const char* field : {"dp", "fv", "lp", "combat_dice", "count"})
        EXPECT_TRUE(t["provenance"].contains(field)) << t["id"] << " " << field;
      if (t["id"] == "elves.archer") {
        archer = true;
        EXPECT_EQ(t["dp"], 4);
        EXPECT_EQ(t["provenance"]["dp"], "stand-in");
        EXPECT_EQ(t["provenance"]["count"], "public-unverified");
      }
    }
  EXPECT_TRUE(archer);
}

TEST(PocketBoard, BattlefieldIsThreeByFiveWithOwnerRelativeSegments) {
  auto game = all_games().create("pocket/orcs-vs-elves", {});
  const json b = pocket::BoardJson(*game);
  EXPECT_EQ(b["kind"], "zones");
  EXPECT_EQ(b["columns"], 3);
  ASSERT_EQ(b["rows"].size(), 5u);
  // PB Schlachtfeld: the orcs' left sector is the elves' right.
  EXPECT_EQ(b["rows"][4]["owner"], "orcs");
  EXPECT_EQ(b["rows"][4]["segments"][0], "left-rear");
  EXPECT_EQ(b["rows"][0]["owner"], "elves");
  EXPECT_EQ(b["rows"][0]["segments"][0], "right-rear");
  EXPECT_TRUE(b["rows"][2]["owner"].is_null());
}

TEST(PocketBoard, ArmiesListTroopTilesWithValues) {
  auto game = all_games().create("pocket/orcs-vs-elves", {});
  const auto& pg = dynamic_cast<const pocket::PocketGame&>(*game);
  const json b = pocket::BoardJson(*game);
  ASSERT_EQ(b["armies"].size(), 2u);
  for (int s = 0; s < 2; ++s) {
    const json& a = b["armies"][static_cast<size_t>(s)];
    EXPECT_EQ(a["seat"], game->seats()[static_cast<size_t>(s)]);
    ASSERT_EQ(a["troops"].size(), pg.army(s).troops.size());
    for (size_t t = 0; t < pg.army(s).troops.size(); ++t) {
      const pocket::TroopType& tt = pg.army(s).troops[t];
      EXPECT_EQ(a["troops"][t]["id"], tt.id);
      EXPECT_EQ(a["troops"][t]["dp"].get<int>(), tt.dp);
      EXPECT_EQ(a["troops"][t]["combat_dice"], json(tt.combat_dice));
    }
  }
  EXPECT_EQ(b["markers"].get<int>(), pg.markers());
}

TEST(Board, EveryRegisteredGameModuleProvidesItsBoard) {
  for (const char* id : {"wsr", "pocket"}) {
    const GameModule* m = all_games().find(id);
    ASSERT_NE(m, nullptr) << id;
    ASSERT_TRUE(m->board) << id;
    auto game = all_games().create(std::string(id) + "/" + m->scenarios[0].id, {});
    const json b = m->board(*game);
    EXPECT_EQ(b["game"], id);
    EXPECT_EQ(b["seats"], json(game->seats()));
  }
}

}  // namespace
}  // namespace feldherr
