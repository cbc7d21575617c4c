// The Rivet Wars board for the web UI (games/rivet/web_board.cc) and the observation it is read
// with (games/rivet/observation.cc): segments, SOs as the keys of the observation's flags, unit
// types, cards and secret missions by the ids the observation names; units, terrain and flags in
// the observation by name (web/src/rivet.ts reads them).
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <set>
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

// Every key of a JSON document, at any depth.
void KeysOf(const json& j, std::set<std::string>& out) {
  if (j.is_object())
    for (const auto& [k, v] : j.items()) {
      out.insert(k);
      KeysOf(v, out);
    }
  else if (j.is_array())
    for (const json& v : j) KeysOf(v, out);
}

// RW §5.1: the board JSON goes to every seat and observer, so it holds the card and mission
// catalogue (public data, in the data file's order, English and German, with provenance) and
// nothing of a position: it is the same before and after the deal, whatever the hands hold.
TEST(RivetWebBoard, Rw5_1_TheCatalogueIsPublicAndTheBoardHoldsNoHand) {
  auto g = MakeGame(5);  // Action! cards and secret missions
  const json before = rivet_board_json(*g);
  auto s = Start(*g);
  for (auto& hand : s->hands) {  // the dealt cards back to the deck: a known deal
    s->deck.insert(s->deck.end(), hand.begin(), hand.end());
    hand.clear();
  }
  Give(*s, kAllies, "AC-09");
  s->secrets[kAllies] = {1};      // SM-02
  s->secrets[kBismark] = {0, 4};  // SM-01, SM-05
  EXPECT_EQ(rivet_board_json(*g), before);
  std::set<std::string> keys;
  KeysOf(before, keys);
  for (const char* k : {"hand", "hands", "secrets", "deck", "sm_deck", "discard", "seat"})
    EXPECT_EQ(keys.count(k), 0u) << k;

  EXPECT_EQ(before["uses_action_cards"], true);
  EXPECT_EQ(before["uses_secret_missions"], true);
  EXPECT_EQ(rivet_board_json(*MakeGame(2))["uses_secret_missions"], false);  // RW §12 mission 2
  EXPECT_EQ(rivet_board_json(*MakeGame(1))["uses_action_cards"], false);
  const RivetData& d = g->data();
  ASSERT_EQ(before["action_cards"].size(), d.actions.size());
  for (size_t i = 0; i < d.actions.size(); ++i) {
    const json& c = before["action_cards"][i];
    EXPECT_EQ(c["id"], d.actions[i].id);  // the file's order, not the deck's
    for (const char* k : {"name", "name_de", "rules", "rules_de", "quote", "quote_de"})
      EXPECT_FALSE(c[k].get<std::string>().empty()) << c["id"] << " " << k;
    EXPECT_NE(c["name"], c["name_de"]) << c["id"];
    EXPECT_EQ(c["provenance"], "stand-in");  // content §6
  }
  ASSERT_EQ(before["secret_missions"].size(), d.secrets.size());
  for (size_t i = 0; i < d.secrets.size(); ++i) {
    const json& m = before["secret_missions"][i];
    EXPECT_EQ(m["id"], d.secrets[i].id);
    for (const char* k : {"name", "name_de", "goal", "goal_de", "condition", "check"})
      EXPECT_FALSE(m[k].get<std::string>().empty()) << m["id"] << " " << k;
    EXPECT_EQ(m["provenance"], "stand-in");  // content §7
  }
  // The hands themselves only in their owner's observation (observation.cc).
  const json allies = s->observe(kAllies), bismark = s->observe(kBismark),
             observer = s->observe(kObserver);
  EXPECT_NE(allies["seats"]["allies"]["hand"], nullptr);
  EXPECT_EQ(bismark["seats"]["allies"]["hand"], nullptr);
  EXPECT_EQ(observer["seats"]["allies"]["hand"], nullptr);
  EXPECT_EQ(allies["seats"]["bismark"]["secrets"], nullptr);
  EXPECT_EQ(bismark["seats"]["bismark"]["secrets"], json::array({"SM-01", "SM-05"}));
  EXPECT_EQ(bismark.dump().find("AC-09"), std::string::npos);
  EXPECT_EQ(observer.dump().find("SM-05"), std::string::npos);
}

// RW §10, content §0.2: the field of each SO (missions.toml "so", segment.field), and every
// printed value of a unit type with its provenance (content §2.3).
TEST(RivetWebBoard, Rw10_SoFieldsAndUnitValuesWithProvenance) {
  auto g = MakeGame(1);  // so = d3.SE, f3.SW, d4.NE, f4.NW
  const json b = rivet_board_json(*g);
  const json so_fields = {{{"seg", "d3"}, {"field", "SE"}},
                          {{"seg", "f3"}, {"field", "SW"}},
                          {{"seg", "d4"}, {"field", "NE"}},
                          {{"seg", "f4"}, {"field", "NW"}}};
  EXPECT_EQ(b["so_fields"], so_fields);
  const json* rifleman = nullptr;
  for (const json& t : b["unit_types"])
    if (t["id"] == "rifleman") rifleman = &t;
  ASSERT_NE(rifleman, nullptr);
  const json& r = *rifleman;
  EXPECT_EQ(r["name_de"], "Schütze");
  EXPECT_EQ(r["cost"], 1);
  EXPECT_EQ(r["move"], 1);
  EXPECT_EQ(r["range_ground"], 2);
  const json runner = {{{"text", "Runner (+1)"}, {"text_de", "Läufer (+1)"}}};
  EXPECT_EQ(r["abilities"], runner);
  ASSERT_EQ(r["weapons"].size(), 1u);
  EXPECT_EQ(r["weapons"][0]["dice"], json::array({3, 0, 0, 0, 0}));
  EXPECT_EQ(r["provenance"]["range_ground"], "rules-text");
  EXPECT_EQ(r["provenance"]["cost"], "public-unverified");
  EXPECT_EQ(r["provenance"]["base_fields"], "stand-in");
  EXPECT_EQ(r["provenance"]["weapons.deviates"], "stand-in");
  // A plug uses its host's move and armour (content D-6).
  for (const json& t : b["unit_types"]) {
    if (t["class"] == "plug") {
      EXPECT_EQ(t["move"], "host") << t["id"];
    }
  }
}

// RW §12: the briefing of mission 1 as missions.toml gives it: goal, victory condition and special
// rule in both languages, the resources, the SO fields (RW §10), the deployment rows of the
// overlay, the roll for the first player (RW §4.5), no round limit without the option; every map
// part a stand-in where the file says so. Mission 6 with max_rounds: its own scoring and limit.
TEST(RivetWebBoard, Rw12_BriefingOfMission1AsTheMissionFileGivesIt) {
  auto g = MakeGame(1);
  const json b = rivet_board_json(*g)["briefing"];
  EXPECT_EQ(b["mission"], 1);
  EXPECT_EQ(b["name"], "Holt die Flagge (Capture the Flag)");
  EXPECT_EQ(b["victory"], "SO capture = 1 VP each; first to 6 VP wins.");
  EXPECT_NE(b["victory_de"].get<std::string>().find("zuerst 6 SP"), std::string::npos);
  ASSERT_EQ(b["special"].size(), 1u);
  EXPECT_EQ(b["special"][0]["text"], "No Action! cards and no secret missions are drawn.");
  EXPECT_EQ(b["special"][0]["text_de"],
            "Die Spieler ziehen keine Action!-Karten und keine Geheimen Missionen.");
  EXPECT_EQ(b["vp"], json({{"allies", 6}, {"bismark", 6}}));
  EXPECT_EQ(b["dp"], json({{"allies", 4}, {"bismark", 4}}));
  EXPECT_EQ(b["rivets"], 0);
  EXPECT_EQ(b["first_player"], "roll");
  EXPECT_FALSE(b["action_cards"]);
  EXPECT_FALSE(b["secret_missions"]);
  const json objectives = {{{"seg", "d3"}, {"field", "SE"}},
                           {{"seg", "f3"}, {"field", "SW"}},
                           {{"seg", "d4"}, {"field", "NE"}},
                           {{"seg", "f4"}, {"field", "NW"}}};
  EXPECT_EQ(b["objectives"], objectives);
  // overlay: row 1 (north) "b ..." Bismark deployment, row 6 "a ..." Allied deployment
  ASSERT_EQ(b["deploy"]["bismark"].size(), 9u);
  ASSERT_EQ(b["deploy"]["allies"].size(), 9u);
  EXPECT_EQ(b["deploy"]["bismark"][0], "a1");
  EXPECT_EQ(b["deploy"]["allies"][0], "a6");
  EXPECT_TRUE(b["max_rounds"].is_null());
  EXPECT_EQ(b["provenance"]["rules"], "rules-text");
  EXPECT_EQ(b["provenance"]["tiles"], "rules-text");
  EXPECT_EQ(b["provenance"]["objectives"], "stand-in");
  EXPECT_EQ(b["provenance"]["deploy"], "stand-in");

  RivetOptions o;
  o.max_rounds = 12;
  const json six = rivet_board_json(*MakeGame(6, ShippedData(), o))["briefing"];
  EXPECT_EQ(six["max_rounds"], 12);
  EXPECT_EQ(six["so_scoring"], "bismark");
  EXPECT_EQ(six["allies_vp_per_round"], 1);
  EXPECT_EQ(six["first_player"], "allies");
  EXPECT_TRUE(six["setup_riflemen_on_sos"]);
  EXPECT_EQ(six["vp"], json({{"allies", 8}, {"bismark", 10}}));
  EXPECT_EQ(six["special"].size(), 2u);
}

}  // namespace
}  // namespace feldherr::rivet::testing
