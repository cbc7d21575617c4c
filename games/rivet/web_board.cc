// Rivet Wars: the static board description for the web UI (GameModule::board, docs/web.md): the
// mission's segments (RW §3: tiles of 3x3 segments, each of 2x2 fields), their territory and
// deployment marks, the SO segments, the unit types (by the id the observation's units carry) and
// the Action! cards and secret missions (by the ids the observation's hands and piles carry).
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>

#include "games/rivet/rivet.h"

namespace feldherr::rivet {

json rivet_board_json(const Game& game) {
  const auto* g = dynamic_cast<const RivetGame*>(&game);
  if (g == nullptr) throw std::runtime_error("rivet board: not a Rivet Wars game");
  const Board& b = g->board();
  const Mission& m = g->mission();
  const RivetData& data = g->data();
  json j;
  j["kind"] = "segments";
  j["game"] = "rivet";
  j["scenario"] = std::string(g->scenario());
  j["title"] = "Rivet Wars: Eastern Front — Mission " + std::to_string(m.id) + ": " + m.name;
  j["seats"] = g->seats();
  j["cols"] = b.cols;
  j["rows"] = b.rows;
  j["vp"] = m.vp;  // victory points each faction needs (RW §12)
  json segs = json::array();
  for (int s = 0; s < b.num_segments(); ++s) {
    const int t = b.territory[static_cast<size_t>(s)];
    json deploy = json::array();
    for (int f : {kAllies, kBismark})
      if (b.deploy[static_cast<size_t>(s)][static_cast<size_t>(f)]) deploy.push_back(faction_id(f));
    segs.push_back({{"id", b.seg_name(s)},
                    {"territory", t == kNoMansLand ? json(nullptr) : json(faction_id(t))},
                    {"deploy", deploy},
                    {"duckboard", b.duckboard[static_cast<size_t>(s)]}});
  }
  j["segments"] = segs;
  json sos = json::array();  // the SO segments (the keys of the observation's "flags")
  for (const TerrainPiece& p : b.terrain)
    if (p.type == Terrain::kObjective) sos.push_back(b.seg_name(b.seg(p.col, p.row)));
  j["sos"] = sos;
  json terrain = json::array();
  for (int k = 0; k < kNumTerrain; ++k) terrain.push_back(terrain_name(static_cast<Terrain>(k)));
  j["terrain_names"] = terrain;
  j["fields"] = {field_name(kNW), field_name(kNE), field_name(kSW), field_name(kSE)};
  json types = json::array();
  for (const UnitType& t : data.units) {
    types.push_back({{"id", t.id},
                     {"name", t.name},
                     {"name_de", t.german},
                     {"faction", faction_id(t.faction)},
                     {"class", class_name(t.cls)},
                     {"hp", t.hp},
                     {"hero", t.hero},
                     {"base_fields", t.base_fields}});
  }
  j["unit_types"] = types;
  json cards = json::array();  // content §6
  for (const ActionCard& c : data.actions)
    cards.push_back({{"id", c.id}, {"name", c.name}, {"window", c.window}, {"rules", c.rules}});
  j["action_cards"] = cards;
  json secrets = json::array();  // content §7
  for (const SecretMission& sm : data.secrets)
    secrets.push_back(
        {{"id", sm.id}, {"name", sm.name}, {"vp", sm.vp}, {"condition", sm.condition}});
  j["secret_missions"] = secrets;
  return j;
}

}  // namespace feldherr::rivet
