// Rivet Wars: the static board description for the web UI (GameModule::board, docs/web.md): the
// mission's segments (RW §3: tiles of 3x3 segments, each of 2x2 fields), their territory and
// deployment marks, the SO segments, the unit types (by the id the observation's units carry) and
// the Action! cards and secret missions (by the ids the observation's hands and piles carry), and
// the mission's briefing (goal, victory, special rules, SO fields, deployment, resources).
// Only the game's public data: nothing of a position (hands, decks) is in it (RW §5.1). Every
// printed value carries its provenance (content §2.3), so the UI can mark a stand-in.
#include <array>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>

#include "games/rivet/rivet.h"

namespace feldherr::rivet {

namespace {

// The German names of the abilities (RW §11, as the German rulebook prints them).
const char* AbilityGerman(AbilityKind k) {
  static constexpr std::array<const char*, kNumAbilities> kNames = {"Bewegungsbonus",
                                                                    "Immun gegen Gas",
                                                                    "Läufer",
                                                                    "Panzerschreck",
                                                                    "Präzision",
                                                                    "Rasen",
                                                                    "Reichweitenbonus (Boden)",
                                                                    "Reichweitenbonus (Luft)",
                                                                    "Scharfschütze",
                                                                    "Schneller Vorstoß",
                                                                    "Verstärkte Verteidigung",
                                                                    "Sturm"};
  return kNames[static_cast<size_t>(k)];
}

// "Runner (+1)", "Buff: Precision (+1)", "Bolster Defense (-1)", "Sniper".
std::string AbilityText(const Ability& a, bool de) {
  std::string out = a.buff ? "Buff: " : "";
  out += de ? AbilityGerman(a.kind) : ability_name(a.kind);
  if (a.kind == AbilityKind::kSniper || a.kind == AbilityKind::kImmuneToGas) return out;
  const char* sign = a.kind == AbilityKind::kBolsterDefense ? "-" : a.plus ? "+" : "";
  return out + " (" + sign + std::to_string(a.x) + ")";
}

// The mission's briefing (RW §12; docs/web.md "Board JSON"): its goal and victory condition, its
// special rules (English and German, as missions.toml gives them), the resources, the field of each
// segment that holds an SO (RW §10), each side's deployment segments, who moves first, the round
// limit of the option max_rounds (no rule: null plays until RW §13), and the provenance of each
// part so that the UI can mark a stand-in.
json MissionBriefing(const RivetGame& g) {
  const Board& b = g.board();
  const Mission& m = g.mission();
  json special = json::array();
  for (size_t k = 0; k < m.special.size(); ++k)
    special.push_back({{"text", m.special[k]}, {"text_de", m.special_de[k]}});
  json objectives = json::array();
  for (const TerrainPiece& p : b.terrain)
    if (p.type == Terrain::kObjective)
      objectives.push_back(
          {{"seg", b.seg_name(b.seg(p.col, p.row))}, {"field", field_name(p.field)}});
  json deploy = {{"allies", json::array()}, {"bismark", json::array()}};
  for (int s = 0; s < b.num_segments(); ++s)
    for (int f : {kAllies, kBismark})
      if (b.deploy[static_cast<size_t>(s)][static_cast<size_t>(f)])
        deploy[faction_id(f)].push_back(b.seg_name(s));
  const int max_rounds = g.opts().max_rounds;
  return {{"mission", m.id},
          {"name", m.name},
          {"victory", m.victory},
          {"victory_de", m.victory_de},
          {"special", special},
          {"vp", {{"allies", m.vp[kAllies]}, {"bismark", m.vp[kBismark]}}},
          {"dp", {{"allies", m.dp[kAllies]}, {"bismark", m.dp[kBismark]}}},
          {"rivets", m.rivets},
          {"first_player", m.first_player < 0 ? "roll" : faction_id(m.first_player)},
          {"action_cards", m.action_cards},
          {"secret_missions", m.secret_missions},
          {"so_scoring", m.so_scoring_bismark_only ? "bismark" : "both"},
          {"allies_vp_per_round", m.allies_vp_per_round},
          {"setup_riflemen_on_sos", m.setup_riflemen_on_sos},
          {"infantry_bonus_dp", m.infantry_bonus_dp},
          {"paradrop", m.paradrop},
          {"escalation", m.escalation},
          {"objectives", objectives},
          {"deploy", deploy},
          {"max_rounds", max_rounds > 0 ? json(max_rounds) : json(nullptr)},
          // resources, special rules and victory: rules-text (RW §12); the map's parts per file
          {"provenance",
           {{"rules", "rules-text"},
            {"tiles", provenance_name(m.tiles_provenance)},
            {"deploy", provenance_name(m.overlay_provenance)},
            {"objectives", provenance_name(m.terrain_provenance)}}}};
}

json HostOr(int v) {
  return v == kHost ? json("host") : json(v);
}

json UnitTypeJson(const UnitType& t) {
  json abilities = json::array();
  for (const Ability& a : t.abilities)
    abilities.push_back({{"text", AbilityText(a, false)}, {"text_de", AbilityText(a, true)}});
  json weapons = json::array();
  for (const Weapon& w : t.weapons) {
    json rules = json::array();
    if (w.rules & kFlatGrid) rules.push_back("FlatGrid");
    if (w.rules & kChainGrid) rules.push_back("ChainGrid");
    if (w.rules & kGas) rules.push_back("Gas");
    weapons.push_back({{"attacks", w.attacks},
                       {"dice", w.dice},
                       {"rules", rules},
                       {"deviates", w.deviates},
                       {"range_ground", w.range_ground},
                       {"range_air", w.range_air}});
  }
  json prov = json::object();  // field -> rules-text | public-unverified | stand-in
  for (const auto& [field, p] : t.provenance) prov[field] = provenance_name(p);
  return {{"id", t.id},
          {"name", t.name},
          {"name_de", t.german},
          {"faction", faction_id(t.faction)},
          {"class", class_name(t.cls)},
          {"miniatures", t.miniatures},
          {"hp", t.hp},
          {"hero", t.hero},
          {"base_fields", t.base_fields},
          {"cost", t.cost},
          {"rivets", t.rivets},
          {"move", HostOr(t.move)},
          {"armour", HostOr(t.armour)},
          // the public data set's armour where the data keep another value (content D-3)
          {"armour_public_value",
           t.armour_public_value < 0 ? json(nullptr) : json(t.armour_public_value)},
          {"range_ground", HostOr(t.range_ground)},
          {"range_air", HostOr(t.range_air)},
          {"loot", t.loot},
          {"sockets", t.sockets},
          {"abilities", abilities},
          {"weapons", weapons},
          {"provenance", prov}};
}

}  // namespace

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
  // Whether the mission deals Action! cards and secret missions (RW §12: missions 1 and 2 less).
  j["uses_action_cards"] = m.action_cards;
  j["uses_secret_missions"] = m.secret_missions;
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
  json so_fields = json::array();  // the field of each SO segment that holds the objective
  for (const TerrainPiece& p : b.terrain)
    if (p.type == Terrain::kObjective)
      so_fields.push_back(
          {{"seg", b.seg_name(b.seg(p.col, p.row))}, {"field", field_name(p.field)}});
  j["so_fields"] = so_fields;
  json terrain = json::array();
  for (int k = 0; k < kNumTerrain; ++k) terrain.push_back(terrain_name(static_cast<Terrain>(k)));
  j["terrain_names"] = terrain;
  j["fields"] = {field_name(kNW), field_name(kNE), field_name(kSW), field_name(kSE)};
  json types = json::array();
  for (const UnitType& t : data.units) types.push_back(UnitTypeJson(t));
  j["unit_types"] = types;
  json cards = json::array();  // content §6
  for (const ActionCard& c : data.actions)
    cards.push_back({{"id", c.id},
                     {"name", c.name},
                     {"name_de", c.name_de},
                     {"window", c.window},
                     {"deviation", deviation_name(c.deviation)},
                     {"rules", c.rules},
                     {"rules_de", c.rules_de},
                     {"quote", c.quote},
                     {"quote_de", c.quote_de},
                     {"provenance", provenance_name(c.provenance)}});
  j["action_cards"] = cards;
  json secrets = json::array();  // content §7
  for (const SecretMission& sm : data.secrets)
    secrets.push_back({{"id", sm.id},
                       {"name", sm.name},
                       {"name_de", sm.name_de},
                       {"vp", sm.vp},
                       {"check", sm.check},
                       {"condition", sm.condition},
                       {"goal", sm.goal},
                       {"goal_de", sm.goal_de},
                       {"provenance", provenance_name(sm.provenance)}});
  j["secret_missions"] = secrets;
  j["briefing"] = MissionBriefing(*g);
  return j;
}

}  // namespace feldherr::rivet
