// Rivet Wars static data loader (games/rivet/data.h). Strict: unknown fields, missing fields,
// wrong types, out-of-range values, unknown names and records without provenance are all
// DataError("FILE:LINE: message"); it never crashes on any input.
#include "games/rivet/data.h"

#include <toml++/toml.h>

#include <algorithm>
#include <filesystem>
#include <memory>
#include <mutex>
#include <set>

#include "engine/errors.h"
#include "engine/toml_reader.h"

namespace feldherr::rivet {

const char* provenance_name(Provenance p) {
  switch (p) {
    case Provenance::kRulesText:
      return "rules-text";
    case Provenance::kPublicUnverified:
      return "public-unverified";
    case Provenance::kStandIn:
      return "stand-in";
  }
  return "?";
}

const char* faction_id(int f) {
  return f == kAllies ? "allies" : "bismark";
}

std::string faction_en(int f, bool capital) {
  if (f != kAllies) return "Bismark";
  return capital ? "The Allies" : "the Allies";
}

std::string faction_does(int f, std::string_view singular, std::string_view plural, bool capital) {
  return faction_en(f, capital) + " " + std::string(f == kAllies ? plural : singular);
}

std::string faction_de(int f) {
  return f == kAllies ? "Alliierten" : "Bismarks";
}

const char* class_name(UnitClass c) {
  static constexpr std::array<const char*, 5> kNames = {"infantry", "cavalry", "support", "tank",
                                                        "plug"};
  return kNames[static_cast<size_t>(c)];
}

const char* ability_name(AbilityKind k) {
  static constexpr std::array<const char*, kNumAbilities> kNames = {
      "Move Bonus",           "Immune to Gas",     "Runner",
      "Tank Shock",           "Precision",         "Dash",
      "Range bonus (ground)", "Range bonus (air)", "Sniper",
      "Rapid Assault",        "Bolster Defense",   "Assault"};
  return kNames[static_cast<size_t>(k)];
}

const char* secret_metric_name(SecretMetric m) {
  static constexpr std::array<const char*, kNumSecretMetrics> kNames = {
      "own_units_in(enemy_deployment_segments)",
      "held_sos(self)",
      "enemy_flags_removed",
      "enemy_units_destroyed",
      "enemy_heroes_destroyed",
      "enemy_non_infantry_destroyed",
      "distinct_classes_of_own_units_that_caused_damage",
      "own_units_in(no_mans_land)",
      "rivets(self)",
      "max_distinct_enemy_units_damaged_by_one_attack"};
  return kNames[static_cast<size_t>(m)];
}

const char* terrain_name(Terrain t) {
  static constexpr std::array<const char*, kNumTerrain> kNames = {"so", "bunker", "wire",
                                                                  "minefield", "tank_trap"};
  return kNames[static_cast<size_t>(t)];
}

const char* field_name(int f) {
  static constexpr std::array<const char*, 4> kNames = {"NW", "NE", "SW", "SE"};
  return f >= 0 && f < 4 ? kNames[static_cast<size_t>(f)] : "?";
}

const char* deviation_name(Deviation d) {
  static constexpr std::array<const char*, 9> kNames = {"ON", "F",  "FR", "R", "BR",
                                                        "B",  "BL", "L",  "FL"};
  return kNames[static_cast<size_t>(d)];
}

int UnitType::ability(AbilityKind k) const {
  int total = -1;
  for (const Ability& a : abilities) {
    if (a.kind != k) continue;
    total = std::max(total, 0) + a.x;
  }
  return total;
}

bool TileFace::duckboard(int row, int col) const {
  const char c = rows[static_cast<size_t>(row)][static_cast<size_t>(col)];
  return c == '=' || c == '#' || c == 't';
}

int RivetData::unit_index(const std::string& id) const {
  for (size_t i = 0; i < units.size(); ++i)
    if (units[i].id == id) return static_cast<int>(i);
  return -1;
}

const TileFace* RivetData::face(const std::string& id) const {
  for (const TileFace& f : faces)
    if (f.id == id) return &f;
  return nullptr;
}

namespace {

// The engine's reader with Rivet Wars' own kinds of value (the four loaders).
class Reader : public TomlReader {
 public:
  using TomlReader::TomlReader;
  // An integer, or the word "host" (plugs, content D-6) giving kHost.
  int IntOrHost(const toml::node& n, std::string_view key, int lo, int hi) const {
    if (const auto* s = n.as_string()) {
      if (s->get() == "host") return kHost;
      Fail(n, "field '" + std::string(key) + "' must be an integer or \"host\"");
    }
    return Int(n, key, lo, hi);
  }
  Provenance Prov(const toml::node& n, std::string_view key) const {
    const std::string s = Str(n, key);
    for (Provenance p :
         {Provenance::kRulesText, Provenance::kPublicUnverified, Provenance::kStandIn})
      if (s == provenance_name(p)) return p;
    Fail(n, "unknown provenance '" + s + "' (known: rules-text, public-unverified, stand-in)");
  }
};

// "Runner(+1)", "Buff: Bolster Defense(-1)", "Sniper", "Tank Shock(2)".
bool ParseAbility(std::string text, Ability& out, std::string& error) {
  out = Ability{};
  if (text.rfind("Buff: ", 0) == 0) {
    out.buff = true;
    text = text.substr(6);
  }
  std::string name = text, arg;
  if (const size_t open = text.find('('); open != std::string::npos && text.back() == ')' &&
                                          text.find('(', open + 1) == std::string::npos) {
    name = text.substr(0, open);
    arg = text.substr(open + 1, text.size() - open - 2);
  } else if (const size_t last = text.rfind('(');
             last != std::string::npos && text.back() == ')' && text.compare(0, 5, "Range") == 0) {
    // "Range bonus (ground)(+1)"
    name = text.substr(0, last);
    arg = text.substr(last + 1, text.size() - last - 2);
  }
  bool found = false;
  for (int i = 0; i < kNumAbilities; ++i) {
    if (name == ability_name(static_cast<AbilityKind>(i))) {
      out.kind = static_cast<AbilityKind>(i);
      found = true;
    }
  }
  if (!found) {
    error = "unknown ability '" + name + "'";
    return false;
  }
  const bool needs_x = out.kind != AbilityKind::kSniper && out.kind != AbilityKind::kImmuneToGas;
  if (!needs_x) {
    if (!arg.empty()) {
      error = "ability '" + name + "' takes no value";
      return false;
    }
    return true;
  }
  if (arg.empty()) {
    error = "ability '" + name + "' needs a value, e.g. " + name + "(1)";
    return false;
  }
  int sign = 1;
  size_t pos = 0;
  if (arg[0] == '+') {
    out.plus = true;
    pos = 1;
  } else if (arg[0] == '-') {
    sign = -1;
    pos = 1;
  }
  if (pos >= arg.size() || arg.size() - pos > 2 ||
      !std::all_of(arg.begin() + static_cast<long>(pos), arg.end(), ::isdigit)) {
    error = "ability value '" + arg + "' of '" + name + "' must be a number like 2, +1 or -1";
    return false;
  }
  out.x = std::stoi(arg.substr(pos));
  if ((sign < 0) != (out.kind == AbilityKind::kBolsterDefense)) {
    error = out.kind == AbilityKind::kBolsterDefense
                ? "Bolster Defense is written with -X"
                : "only Bolster Defense takes a negative value";
    return false;
  }
  return true;
}

const std::vector<std::string_view> kUnitFields = {"id",         "name",
                                                   "german",     "faction",
                                                   "miniatures", "class",
                                                   "hero",       "base_fields",
                                                   "cost",       "rivets",
                                                   "move",       "armour",
                                                   "hp",         "range_ground",
                                                   "range_air",  "loot",
                                                   "sockets",    "abilities",
                                                   "notes",      "provenance",
                                                   "weapon",     "armour_public_value"};
// Fields that need a provenance entry.
const std::vector<std::string> kProvFields = {"name",         "german",        "faction",
                                              "miniatures",   "class",         "hero",
                                              "base_fields",  "cost",          "rivets",
                                              "move",         "armour",        "hp",
                                              "range_ground", "range_air",     "loot",
                                              "sockets",      "abilities",     "weapons.attacks",
                                              "weapons.dice", "weapons.rules", "weapons.deviates"};

}  // namespace

std::vector<UnitType> load_units(const std::string& path) {
  Reader r(path);
  const toml::table root = r.Parse();
  r.Keys(root, {"unit"}, "at the top level");
  std::vector<UnitType> units;
  std::set<std::string> ids;
  for (const toml::node& node : r.Tables(root, "unit", true)) {
    const toml::table& t = *node.as_table();
    r.Keys(t, kUnitFields, "in [[unit]]");
    UnitType u;
    u.line = static_cast<int>(t.source().begin.line);
    u.id = r.Str(r.Req(t, "id", "in [[unit]]"), "id");
    const std::string w = "in [[unit]] '" + u.id + "'";
    if (!ids.insert(u.id).second) r.Fail(r.Req(t, "id", w), "duplicate unit id '" + u.id + "'");
    u.name = r.Str(r.Req(t, "name", w), "name");
    u.german = r.Str(r.Req(t, "german", w), "german");
    const toml::node& fac = r.Req(t, "faction", w);
    const std::string f = r.Str(fac, "faction");
    if (f == "allies")
      u.faction = kAllies;
    else if (f == "bismark")
      u.faction = kBismark;
    else
      r.Fail(fac, "faction must be \"allies\" or \"bismark\" (is \"" + f + "\")");
    u.miniatures = r.Int(r.Req(t, "miniatures", w), "miniatures", 1, 30);
    const toml::node& cl = r.Req(t, "class", w);
    const std::string c = r.Str(cl, "class");
    bool ok = false;
    for (int i = 0; i < 5; ++i)
      if (c == class_name(static_cast<UnitClass>(i))) {
        u.cls = static_cast<UnitClass>(i);
        ok = true;
      }
    if (!ok)
      r.Fail(cl, "class must be infantry, cavalry, support, tank or plug (is \"" + c + "\")");
    u.hero = r.Bool(r.Req(t, "hero", w), "hero");
    u.base_fields = r.Int(r.Req(t, "base_fields", w), "base_fields", 0, 4);
    if ((u.base_fields == 0) != u.is_plug() || u.base_fields == 3)
      r.Fail(r.Req(t, "base_fields", w),
             "base_fields must be 1, 2 or 4 for a unit and 0 for a plug (content C5)");
    u.cost = r.Int(r.Req(t, "cost", w), "cost", 0, 50);
    u.rivets = r.Int(r.Req(t, "rivets", w), "rivets", 0, 50);
    const bool plug = u.is_plug();
    auto host_ok = [&](std::string_view key, int lo, int hi) {
      const toml::node& n = r.Req(t, key, w);
      const int v = r.IntOrHost(n, key, lo, hi);
      if (v == kHost && !plug)
        r.Fail(n, "only a plug may use \"host\" for '" + std::string(key) + "'");
      return v;
    };
    u.move = host_ok("move", 0, 20);
    u.armour = host_ok("armour", 0, 4);
    if (plug && (u.move != kHost || u.armour != kHost))
      r.Fail(r.Req(t, "move", w),
             "a plug uses its host's move and armour: write \"host\" (content D-6)");
    if (const toml::node* n = t.get("armour_public_value"))
      u.armour_public_value = r.Int(*n, "armour_public_value", 0, 4);
    u.hp = r.Int(r.Req(t, "hp", w), "hp", 1, 20);
    u.range_ground = host_ok("range_ground", 0, 20);
    u.range_air = host_ok("range_air", 0, 20);
    u.loot = r.Int(r.Req(t, "loot", w), "loot", 0, 20);
    u.sockets = r.Int(r.Req(t, "sockets", w), "sockets", 0, 4);
    if (plug && u.sockets != 0) r.Fail(r.Req(t, "sockets", w), "a plug has no sockets");
    const toml::node& ab = r.Req(t, "abilities", w);
    for (const toml::node& a : r.Arr(ab, "abilities")) {
      Ability parsed;
      std::string error;
      if (!ParseAbility(r.Str(a, "abilities"), parsed, error)) r.Fail(a, error + " (RW §11)");
      u.abilities.push_back(parsed);
    }
    if (const toml::node* n = t.get("notes")) r.Str(*n, "notes", true);
    if (const toml::node* wn = t.get("weapon")) {
      const auto* wa = wn->as_array();
      if (!wa || !wa->is_array_of_tables()) r.Fail(*wn, "'weapon' must be [[unit.weapon]] tables");
      for (const toml::node& wnode : *wa) {
        const toml::table& wt = *wnode.as_table();
        r.Keys(wt, {"attacks", "dice", "rules", "deviates"}, "in [[unit.weapon]]");
        Weapon wp;
        wp.attacks = r.Int(r.Req(wt, "attacks", w), "attacks", 1, 10);
        const toml::node& dn = r.Req(wt, "dice", w);
        const toml::array& da = r.Arr(dn, "dice");
        if (da.size() != 5)
          r.Fail(dn, "dice must list 5 values, one per armour column (content §1)");
        for (size_t i = 0; i < 5; ++i) wp.dice[i] = r.Int(*da.get(i), "dice", 0, 12);
        for (const std::string& rule : r.StrList(r.Req(wt, "rules", w), "rules")) {
          if (rule == "FlatGrid")
            wp.rules |= kFlatGrid;
          else if (rule == "ChainGrid")
            wp.rules |= kChainGrid;
          else if (rule == "Gas")
            wp.rules |= kGas;
          else
            r.Fail(r.Req(wt, "rules", w),
                   "unknown attack rule '" + rule + "' (known: FlatGrid, ChainGrid, Gas)");
        }
        if ((wp.rules & kFlatGrid) && (wp.rules & kChainGrid))
          r.Fail(r.Req(wt, "rules", w), "a weapon is either FlatGrid or ChainGrid, not both");
        wp.deviates = r.Bool(r.Req(wt, "deviates", w), "deviates");
        if (plug && u.range_ground == kHost)
          r.Fail(wt, "a plug with a weapon needs its own ranges (content D-6)");
        wp.range_ground = u.range_ground;
        wp.range_air = u.range_air;
        u.weapons.push_back(wp);
      }
    }
    // Provenance: every field exactly once.
    const toml::node& pn = r.Req(t, "provenance", w);
    const auto* pt = pn.as_table();
    if (!pt) r.Fail(pn, "'provenance' must be a table ([unit.provenance])");
    for (auto&& [tag, list] : *pt) {
      Provenance p{};
      bool known = false;
      for (Provenance q :
           {Provenance::kRulesText, Provenance::kPublicUnverified, Provenance::kStandIn})
        if (tag.str() == provenance_name(q)) {
          p = q;
          known = true;
        }
      if (!known)
        r.Fail(tag.source().begin.line, "unknown provenance '" + std::string(tag.str()) +
                                            "' (known: rules-text, public-unverified, stand-in)");
      for (const std::string& field : r.StrList(list, "provenance")) {
        if (field == "weapons") {  // shorthand for every weapons.* field (a plug without weapon)
          for (const char* wf :
               {"weapons.attacks", "weapons.dice", "weapons.rules", "weapons.deviates"})
            if (!u.provenance.emplace(wf, p).second)
              r.Fail(list, std::string("field '") + wf + "' has two provenances");
          continue;
        }
        const bool valid =
            std::find(kProvFields.begin(), kProvFields.end(), field) != kProvFields.end() ||
            field == "armour_public_value";
        if (!valid) r.Fail(list, "provenance names unknown field '" + field + "'");
        if (!u.provenance.emplace(field, p).second)
          r.Fail(list, "field '" + field + "' has two provenances");
      }
    }
    for (const std::string& field : kProvFields) {
      if (!u.provenance.count(field))
        r.Fail(pn, "unit '" + u.id + "': field '" + field + "' has no provenance");
    }
    units.push_back(std::move(u));
  }
  return units;
}

std::vector<TileFace> load_faces(const std::string& path) {
  Reader r(path);
  const toml::table root = r.Parse();
  r.Keys(root, {"face"}, "at the top level");
  std::vector<TileFace> faces;
  std::set<std::string> ids;
  for (const toml::node& node : r.Tables(root, "face", true)) {
    const toml::table& t = *node.as_table();
    r.Keys(t, {"id", "name", "provenance", "rows"}, "in [[face]]");
    TileFace f;
    const toml::node& idn = r.Req(t, "id", "in [[face]]");
    f.id = r.Str(idn, "id");
    if (f.id.size() != 2 || f.id[0] < '1' || f.id[0] > '9' || (f.id[1] != 'A' && f.id[1] != 'B'))
      r.Fail(idn, "face id '" + f.id + "' must be a tile number 1-9 and a side A or B (RW §3)");
    if (!ids.insert(f.id).second) r.Fail(idn, "duplicate face '" + f.id + "'");
    const std::string w = "in [[face]] '" + f.id + "'";
    f.name = r.Str(r.Req(t, "name", w), "name");
    r.Prov(r.Req(t, "provenance", w), "provenance");
    const toml::node& rn = r.Req(t, "rows", w);
    const toml::array& ra = r.Arr(rn, "rows");
    if (ra.size() != 6) r.Fail(rn, "a face has 6 rows of 6 fields (RW §3)");
    for (size_t i = 0; i < 6; ++i) {
      const std::string row = r.Str(*ra.get(i), "rows");
      if (row.size() != 6) r.Fail(*ra.get(i), "a face row has 6 fields (RW §3)");
      for (char c : row)
        if (std::string_view(".=#tox^").find(c) == std::string_view::npos)
          r.Fail(*ra.get(i),
                 std::string("unknown field symbol '") + c + "' (known: . = # t o x ^)");
      f.rows[i] = row;
    }
    faces.push_back(std::move(f));
  }
  return faces;
}

namespace {

const std::vector<std::string_view> kMissionFields = {"id",
                                                      "name",
                                                      "dp_allies",
                                                      "dp_bismark",
                                                      "rivets",
                                                      "action_cards",
                                                      "secret_missions",
                                                      "first_player",
                                                      "vp_allies",
                                                      "vp_bismark",
                                                      "so_scoring",
                                                      "allies_vp_per_round",
                                                      "setup_riflemen_on_sos",
                                                      "infantry_bonus_dp",
                                                      "paradrop",
                                                      "escalation",
                                                      "special",
                                                      "special_de",
                                                      "victory",
                                                      "victory_de",
                                                      "tiles",
                                                      "tiles_provenance",
                                                      "overlay",
                                                      "overlay_provenance",
                                                      "so",
                                                      "bunker",
                                                      "wire",
                                                      "minefield",
                                                      "tank_trap",
                                                      "terrain_provenance"};

}  // namespace

std::vector<Mission> load_missions(const std::string& path) {
  Reader r(path);
  const toml::table root = r.Parse();
  r.Keys(root, {"mission"}, "at the top level");
  std::vector<Mission> missions;
  for (const toml::node& node : r.Tables(root, "mission", true)) {
    const toml::table& t = *node.as_table();
    r.Keys(t, kMissionFields, "in [[mission]]");
    Mission m;
    m.file = path;
    m.line = static_cast<int>(t.source().begin.line);
    const toml::node& idn = r.Req(t, "id", "in [[mission]]");
    m.id = r.Int(idn, "id", 1, 10);
    if (m.id != static_cast<int>(missions.size()) + 1)
      r.Fail(idn, "missions must be listed in order 1..10 (expected " +
                      std::to_string(missions.size() + 1) + ")");
    const std::string w = "in mission " + std::to_string(m.id);
    m.name = r.Str(r.Req(t, "name", w), "name");
    m.dp[kAllies] = r.Int(r.Req(t, "dp_allies", w), "dp_allies", 0, 50);
    m.dp[kBismark] = r.Int(r.Req(t, "dp_bismark", w), "dp_bismark", 0, 50);
    m.rivets = r.Int(r.Req(t, "rivets", w), "rivets", 0, 20);
    m.action_cards = r.Bool(r.Req(t, "action_cards", w), "action_cards");
    m.secret_missions = r.Bool(r.Req(t, "secret_missions", w), "secret_missions");
    const toml::node& fp = r.Req(t, "first_player", w);
    const std::string fps = r.Str(fp, "first_player");
    if (fps == "roll")
      m.first_player = -1;
    else if (fps == "allies")
      m.first_player = kAllies;
    else if (fps == "bismark")
      m.first_player = kBismark;
    else
      r.Fail(fp, "first_player must be roll, allies or bismark");
    m.vp[kAllies] = r.Int(r.Req(t, "vp_allies", w), "vp_allies", 1, 100);
    m.vp[kBismark] = r.Int(r.Req(t, "vp_bismark", w), "vp_bismark", 1, 100);
    const toml::node& sn = r.Req(t, "so_scoring", w);
    const std::string ss = r.Str(sn, "so_scoring");
    if (ss != "both" && ss != "bismark") r.Fail(sn, "so_scoring must be both or bismark");
    m.so_scoring_bismark_only = ss == "bismark";
    m.allies_vp_per_round = r.Int(r.Req(t, "allies_vp_per_round", w), "allies_vp_per_round", 0, 10);
    m.setup_riflemen_on_sos = r.Bool(r.Req(t, "setup_riflemen_on_sos", w), "setup_riflemen_on_sos");
    m.infantry_bonus_dp = r.Int(r.Req(t, "infantry_bonus_dp", w), "infantry_bonus_dp", 0, 10);
    m.paradrop = r.Int(r.Req(t, "paradrop", w), "paradrop", 0, 9);
    m.escalation = r.Bool(r.Req(t, "escalation", w), "escalation");
    m.special = r.StrList(r.Req(t, "special", w), "special");
    m.victory = r.Str(r.Req(t, "victory", w), "victory");
    // The German rulebook's words, one per special rule (the briefing in the German UI).
    const toml::node& sde = r.Req(t, "special_de", w);
    m.special_de = r.StrList(sde, "special_de");
    if (m.special_de.size() != m.special.size())
      r.Fail(sde, "special_de must give one German text per special rule");
    m.victory_de = r.Str(r.Req(t, "victory_de", w), "victory_de");
    m.tiles_provenance = r.Prov(r.Req(t, "tiles_provenance", w), "tiles_provenance");
    m.overlay_provenance = r.Prov(r.Req(t, "overlay_provenance", w), "overlay_provenance");
    m.terrain_provenance = r.Prov(r.Req(t, "terrain_provenance", w), "terrain_provenance");
    // Tile grid (RW §12): rows of face ids, all rows equally long.
    const toml::node& tn = r.Req(t, "tiles", w);
    for (const std::string& row : r.StrList(tn, "tiles")) {
      std::vector<std::string> ids;
      size_t pos = 0;
      while (pos < row.size()) {
        const size_t end = row.find(' ', pos);
        const std::string id =
            row.substr(pos, end == std::string::npos ? std::string::npos : end - pos);
        if (!id.empty()) ids.push_back(id);
        if (end == std::string::npos) break;
        pos = end + 1;
      }
      if (ids.empty()) r.Fail(tn, "empty tile row");
      if (!m.tiles.empty() && ids.size() != m.tiles[0].size())
        r.Fail(tn, "tile rows of mission " + std::to_string(m.id) + " differ in length");
      m.tiles.push_back(ids);
    }
    if (m.tiles.empty() || m.tiles.size() > 5 || m.tiles[0].size() > 5)
      r.Fail(tn, "a tile grid has 1-5 rows of 1-5 tiles");
    const int cols = static_cast<int>(m.tiles[0].size()) * 3;
    const int rows = static_cast<int>(m.tiles.size()) * 3;
    // Overlay: one letter per segment (content §5).
    const toml::node& on = r.Req(t, "overlay", w);
    for (const std::string& row : r.StrList(on, "overlay")) {
      std::string letters;
      for (char c : row) {
        if (c == ' ') continue;
        if (std::string_view("bBaAN").find(c) == std::string_view::npos)
          r.Fail(on, std::string("overlay letter '") + c + "' is not one of b B a A N");
        letters += c;
      }
      if (static_cast<int>(letters.size()) != cols)
        r.Fail(on, "overlay row '" + row + "' has " + std::to_string(letters.size()) +
                       " segments, the tile grid " + std::to_string(cols));
      m.overlay.push_back(letters);
    }
    if (static_cast<int>(m.overlay.size()) != rows)
      r.Fail(on, "overlay has " + std::to_string(m.overlay.size()) + " rows, the tile grid " +
                     std::to_string(rows));
    // Terrain pieces "e5.NW" (content §0.2).
    for (int k = 0; k < kNumTerrain; ++k) {
      const Terrain type = static_cast<Terrain>(k);
      const toml::node& list = r.Req(t, terrain_name(type), w);
      const std::vector<std::string> entries = r.StrList(list, terrain_name(type));
      if (entries.size() > 6)
        r.Fail(list, std::string("more than 6 ") + terrain_name(type) +
                         " pieces (the box holds 6, RW §1)");
      for (const std::string& e : entries) {
        TerrainPiece p;
        p.type = type;
        const size_t dot = e.find('.');
        bool good = dot != std::string::npos && dot >= 2 && e[0] >= 'a' && e[0] < 'a' + cols;
        if (good) {
          p.col = e[0] - 'a';
          const std::string num = e.substr(1, dot - 1);
          good = !num.empty() && num.size() <= 2 && std::all_of(num.begin(), num.end(), ::isdigit);
          if (good) p.row = std::stoi(num) - 1;
          good = good && p.row >= 0 && p.row < rows;
          const std::string fld = e.substr(dot + 1);
          p.field = -1;
          for (int f = 0; f < 4; ++f)
            if (fld == field_name(f)) p.field = f;
          good = good && p.field >= 0;
        }
        if (!good)
          r.Fail(list,
                 "terrain position '" + e + "' is not a field of this map (write e.g. d3.SE)");
        m.terrain.push_back(p);
      }
    }
    missions.push_back(std::move(m));
  }
  return missions;
}

void load_cards(const std::string& path, std::vector<ActionCard>& actions,
                std::vector<SecretMission>& secrets) {
  Reader r(path);
  const toml::table root = r.Parse();
  r.Keys(root, {"action", "secret"}, "at the top level");
  std::set<std::string> ids;
  for (const toml::node& node : r.Tables(root, "action", true)) {
    const toml::table& t = *node.as_table();
    r.Keys(t,
           {"id", "name", "name_de", "window", "deviation", "rules", "rules_de", "quote",
            "quote_de", "provenance"},
           "in [[action]]");
    ActionCard c;
    const toml::node& idn = r.Req(t, "id", "in [[action]]");
    c.id = r.Str(idn, "id");
    if (!ids.insert(c.id).second) r.Fail(idn, "duplicate card id '" + c.id + "'");
    const std::string w = "in [[action]] '" + c.id + "'";
    c.name = r.Str(r.Req(t, "name", w), "name");
    const toml::node& wn = r.Req(t, "window", w);
    const std::string ws = r.Str(wn, "window");
    if (ws.size() != 2 || ws[0] != 'W' || ws[1] < '1' || ws[1] > '9')
      r.Fail(wn, "window must be W1..W9 (content §6.2)");
    c.window = ws[1] - '0';
    const toml::node& dn = r.Req(t, "deviation", w);
    const std::string ds = r.Str(dn, "deviation");
    bool ok = false;
    for (int i = 0; i < 9; ++i)
      if (ds == deviation_name(static_cast<Deviation>(i))) {
        c.deviation = static_cast<Deviation>(i);
        ok = true;
      }
    if (!ok) r.Fail(dn, "deviation must be one of ON F FR R BR B BL L FL (content §6.3)");
    c.rules = r.Str(r.Req(t, "rules", w), "rules");
    c.name_de = r.Str(r.Req(t, "name_de", w), "name_de");
    c.rules_de = r.Str(r.Req(t, "rules_de", w), "rules_de");
    c.quote = r.Str(r.Req(t, "quote", w), "quote", true);
    c.quote_de = r.Str(r.Req(t, "quote_de", w), "quote_de", true);
    c.provenance = r.Prov(r.Req(t, "provenance", w), "provenance");
    actions.push_back(std::move(c));
  }
  for (const toml::node& node : r.Tables(root, "secret", true)) {
    const toml::table& t = *node.as_table();
    r.Keys(t,
           {"id", "name", "name_de", "vp", "check", "condition", "goal", "goal_de", "provenance"},
           "in [[secret]]");
    SecretMission s;
    const toml::node& idn = r.Req(t, "id", "in [[secret]]");
    s.id = r.Str(idn, "id");
    if (!ids.insert(s.id).second) r.Fail(idn, "duplicate card id '" + s.id + "'");
    const std::string w = "in [[secret]] '" + s.id + "'";
    s.name = r.Str(r.Req(t, "name", w), "name");
    s.name_de = r.Str(r.Req(t, "name_de", w), "name_de");
    s.goal = r.Str(r.Req(t, "goal", w), "goal");
    s.goal_de = r.Str(r.Req(t, "goal_de", w), "goal_de");
    s.vp = r.Int(r.Req(t, "vp", w), "vp", 0, 20);
    const toml::node& cn = r.Req(t, "check", w);
    s.check = r.Str(cn, "check");
    if (s.check != "end_of_turn" && s.check != "this_turn")
      r.Fail(cn, "check must be end_of_turn or this_turn (content §7.1)");
    const toml::node& cond = r.Req(t, "condition", w);
    s.condition = r.Str(cond, "condition");
    // "<metric> >= <threshold>"
    const size_t ge = s.condition.find(" >= ");
    bool ok = false;
    if (ge != std::string::npos) {
      const std::string metric = s.condition.substr(0, ge), num = s.condition.substr(ge + 4);
      for (int i = 0; i < kNumSecretMetrics; ++i)
        if (metric == secret_metric_name(static_cast<SecretMetric>(i))) {
          s.metric = static_cast<SecretMetric>(i);
          ok = !num.empty() && num.size() <= 3 && std::all_of(num.begin(), num.end(), ::isdigit);
          if (ok) s.threshold = std::stoi(num);
        }
    }
    if (!ok) {
      std::string known;
      for (int i = 0; i < kNumSecretMetrics; ++i)
        known += std::string(i ? ", " : "") + secret_metric_name(static_cast<SecretMetric>(i));
      r.Fail(cond, "condition must be '<metric> >= <number>' with a metric of: " + known);
    }
    s.provenance = r.Prov(r.Req(t, "provenance", w), "provenance");
    secrets.push_back(std::move(s));
  }
}

RivetData load_rivet_data(const std::string& dir) {
  RivetData d;
  d.units = load_units(dir + "/units.toml");
  d.faces = load_faces(dir + "/tiles.toml");
  d.missions = load_missions(dir + "/missions.toml");
  load_cards(dir + "/cards.toml", d.actions, d.secrets);
  for (const Mission& m : d.missions) {
    for (const auto& row : m.tiles)
      for (const std::string& id : row)
        if (!d.face(id))
          throw DataError(m.file + ":" + std::to_string(m.line) + ": mission " +
                          std::to_string(m.id) + " uses tile face '" + id +
                          "', which tiles.toml does not define");
  }
  // The setup Riflemen of missions 2 and 6 and the paradrop need a Rifleman card (RW §12).
  if (d.unit_index("rifleman") < 0 || d.unit_index("panzerfaust") < 0)
    throw DataError(dir +
                    "/units.toml:1: the missions need the units 'rifleman' and 'panzerfaust'");
  return d;
}

void validate_rivet_file(const std::string& path) {
  const std::string name = std::filesystem::path(path).filename().string();
  if (name == "units.toml")
    (void)load_units(path);
  else if (name == "tiles.toml")
    (void)load_faces(path);
  else if (name == "missions.toml")
    (void)load_missions(path);
  else if (name == "cards.toml") {
    std::vector<ActionCard> a;
    std::vector<SecretMission> s;
    load_cards(path, a, s);
  } else {
    throw DataError(path + ":1: unknown Rivet Wars data file (units, tiles, missions, cards)");
  }
}

const RivetData& shipped_rivet_data() {
  static std::mutex mutex;
  static std::unique_ptr<const RivetData> data;
  const std::lock_guard<std::mutex> lock(mutex);
  if (!data) data = std::make_unique<const RivetData>(load_rivet_data(data_dir() + "/rivet"));
  return *data;
}

}  // namespace feldherr::rivet
