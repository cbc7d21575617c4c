// White Star Rising static data: loading and validating data/wsr/*.toml (games/wsr/data.h,
// docs/wsr-data.md, docs/data-provenance.md).
//
// Every loader is strict: unknown keys, missing fields, wrong types, out-of-range values and
// inconsistent maps are DataErrors "FILE:LINE: message" (toml++ source positions), so that an
// owner of the box who corrects a stand-in gets a precise message. No input crashes a loader.
#include "games/wsr/data.h"

#include <toml++/toml.h>

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <map>
#include <memory>
#include <mutex>
#include <set>

#include "engine/errors.h"
#include "engine/toml_guard.h"
#include "engine/toml_util.h"

namespace feldherr::wsr {

// ---------------------------------------------------------------------------------------------
// Names of enums.

namespace {

constexpr std::array<std::pair<std::string_view, Provenance>, 5> kProvenanceNames = {{
    {"printed", Provenance::kPrinted},
    {"rules-text", Provenance::kRulesText},
    {"rules-example", Provenance::kRulesExample},
    {"public-unverified", Provenance::kPublicUnverified},
    {"stand-in", Provenance::kStandIn},
}};

constexpr std::array<std::string_view, kNumTerrains> kTerrainIds = {
    "clear",       "woods", "city",   "built-up", "rough", "hill",
    "wooded-hill", "river", "bridge", "beach",    "sea"};

constexpr std::array<std::string_view, kNumNations> kNationIds = {"us", "de", "uk"};

constexpr std::array<std::string_view, 14> kUnitKindIds = {
    "armor",  "infantry", "paratroopers", "engineers", "mech-infantry", "gun",       "aa-gun",
    "mortar", "hq",       "shq",          "truck",     "hmg",           "at-weapon", "aircraft"};

constexpr std::array<std::string_view, kNumFaces> kFaceNames = {
    "full", "reduced", "mounted-full", "mounted-reduced", "dismounted-full", "dismounted-reduced"};

constexpr std::array<std::string_view, 4> kServiceIds = {"us", "wehrmacht", "waffen-ss", "uk"};

constexpr std::array<std::string_view, 7> kChaosEffectIds = {
    "none", "fate", "disrupt", "ops-complete", "rally", "all-in-command", "firepower"};

constexpr std::array<std::string_view, 3> kChaosAffectsIds = {"next-formation", "drawing-side",
                                                              "both-sides"};

constexpr std::array<std::string_view, 5> kPlaceKindIds = {"town", "hill", "wooded-hill", "area",
                                                           "landmark"};

template <size_t N>
int IndexOf(const std::array<std::string_view, N>& list, std::string_view s) {
  for (size_t i = 0; i < N; ++i) {
    if (list[i] == s) return static_cast<int>(i);
  }
  return -1;
}

template <size_t N>
std::string JoinList(const std::array<std::string_view, N>& list) {
  std::string out;
  for (std::string_view s : list) {
    if (!out.empty()) out += ", ";
    out += s;
  }
  return out;
}

std::string JoinVec(const std::vector<std::string_view>& list) {
  std::string out;
  for (std::string_view s : list) {
    if (!out.empty()) out += ", ";
    out += s;
  }
  return out;
}

bool EqualsNoCase(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i) {
    if (std::tolower(static_cast<unsigned char>(a[i])) !=
        std::tolower(static_cast<unsigned char>(b[i]))) {
      return false;
    }
  }
  return true;
}

}  // namespace

const char* ProvenanceName(Provenance p) {
  return kProvenanceNames[static_cast<size_t>(p)].first.data();
}

bool ProvenanceFromName(std::string_view name, Provenance* out) {
  for (const auto& [n, p] : kProvenanceNames) {
    if (n == name) {
      *out = p;
      return true;
    }
  }
  return false;
}

Provenance ProvenanceMap::Of(std::string_view field) const {
  for (const auto& [name, p] : fields) {
    if (name == field) return p;
  }
  const size_t dot = field.find('.');
  if (dot != std::string_view::npos) {
    const std::string_view head = field.substr(0, dot);
    for (const auto& [name, p] : fields) {
      if (name == head) return p;
    }
  }
  return fallback;
}

const char* TerrainId(Terrain t) {
  return kTerrainIds[static_cast<size_t>(t)].data();
}

bool TerrainFromId(std::string_view id, Terrain* out) {
  const int i = IndexOf(kTerrainIds, id);
  if (i < 0) return false;
  *out = static_cast<Terrain>(i);
  return true;
}

const char* NationId(Nation n) {
  return kNationIds[static_cast<size_t>(n)].data();
}

bool NationFromId(std::string_view id, Nation* out) {
  const int i = IndexOf(kNationIds, id);
  if (i < 0) return false;
  *out = static_cast<Nation>(i);
  return true;
}

const char* UnitKindId(UnitKind k) {
  return kUnitKindIds[static_cast<size_t>(k)].data();
}

bool UnitKindFromId(std::string_view id, UnitKind* out) {
  const int i = IndexOf(kUnitKindIds, id);
  if (i < 0) return false;
  *out = static_cast<UnitKind>(i);
  return true;
}

const char* FaceName(FaceId f) {
  return kFaceNames[static_cast<size_t>(f)].data();
}
const char* ServiceId(Service s) {
  return kServiceIds[static_cast<size_t>(s)].data();
}
const char* ChaosEffectId(ChaosEffect e) {
  return kChaosEffectIds[static_cast<size_t>(e)].data();
}
const char* PlaceKindId(PlaceKind k) {
  return kPlaceKindIds[static_cast<size_t>(k)].data();
}

// ---------------------------------------------------------------------------------------------
// Queries.

bool TerrainChart::FromToken(char token, Terrain* out) const {
  for (const TerrainType& t : terrain) {
    if (t.token == token) {
      *out = t.terrain;
      return true;
    }
  }
  return false;
}

// Face::target_class, CounterType::face_for: inline in data.h (perf).

bool CounterType::infantry_type() const {
  return kind == UnitKind::kInfantry || kind == UnitKind::kParatroopers ||
         kind == UnitKind::kEngineers || kind == UnitKind::kMechInfantry;
}

bool CounterType::Matches(std::string_view n) const {
  if (EqualsNoCase(n, name) || EqualsNoCase(n, name_de) || n == id) return true;
  return std::any_of(aliases.begin(), aliases.end(),
                     [&](const std::string& a) { return EqualsNoCase(n, a); });
}

const CounterType* CounterSet::Find(std::string_view id) const {
  for (const CounterType& c : counters) {
    if (c.id == id) return &c;
  }
  return nullptr;
}

const CounterType* CounterSet::FindByName(std::string_view n) const {
  const CounterType* found = nullptr;
  for (const CounterType& c : counters) {
    if (c.Matches(n)) {
      if (found != nullptr) return nullptr;
      found = &c;
    }
  }
  return found;
}

bool Formation::Matches(std::string_view n) const {
  if (n == id || EqualsNoCase(n, name) || EqualsNoCase(n, name_de)) return true;
  return std::any_of(aliases.begin(), aliases.end(),
                     [&](const std::string& a) { return EqualsNoCase(n, a); });
}

const Formation* FormationList::Find(std::string_view id_or_name) const {
  for (const Formation& f : formations) {
    if (f.id == id_or_name) return &f;
  }
  for (const Formation& f : formations) {
    if (f.Matches(id_or_name)) return &f;
  }
  return nullptr;
}

const Pool* FormationList::PoolOf(Nation n) const {
  for (const Pool& p : pools) {
    if (p.nation == n) return &p;
  }
  return nullptr;
}

const ChaosResult& ChaosTable::ForRoll(int roll) const {
  const int r = std::clamp(roll, 2, 12);
  return results[static_cast<size_t>(r - 2)];
}

bool Place::Matches(std::string_view n) const {
  if (n == id || EqualsNoCase(n, name) || EqualsNoCase(n, name_de)) return true;
  return std::any_of(aliases.begin(), aliases.end(),
                     [&](const std::string& a) { return EqualsNoCase(n, a); });
}

bool Place::Contains(const HexId& h) const {
  return std::any_of(hexes.begin(), hexes.end(), [&](const HexId& x) {
    return x.col == h.col && x.row == h.row && (h.sheet == 0 || h.sheet == x.sheet);
  });
}

const SheetHex* Sheet::At(int col, int row) const {
  if (col < 1 || col > kSheetColumns || row < 1 || row > kSheetRows) return nullptr;
  const SheetHex& h = grid[static_cast<size_t>((col - 1) * kSheetRows + (row - 1))];
  return h.exists ? &h : nullptr;
}

const SheetHex* Sheet::Find(const HexId& h) const {
  if (h.sheet != 0 && h.sheet != id) return nullptr;
  return At(h.col, h.row);
}

const SheetHex* Sheet::Find(std::string_view text) const {
  HexId h;
  if (!HexId::TryParse(text, &h)) return nullptr;
  return Find(h);
}

HexId Sheet::Id(int col, int row) const {
  HexId h;
  h.sheet = id;
  h.col = static_cast<uint8_t>(col);
  h.row = static_cast<uint8_t>(row);
  return h;
}

namespace {
bool SameHex(const HexId& a, const HexId& b) {
  return a.col == b.col && a.row == b.row;
}
}  // namespace

bool Sheet::IsCrest(const HexId& a, const HexId& b) const {
  return std::any_of(crests.begin(), crests.end(), [&](const Crest& c) {
    return (SameHex(c.high, a) && SameHex(c.low, b)) || (SameHex(c.high, b) && SameHex(c.low, a));
  });
}

const Bridge* Sheet::FindBridge(const HexId& h) const {
  for (const Bridge& b : bridges) {
    if (SameHex(b.hex, h)) return &b;
  }
  return nullptr;
}

const Place* Sheet::FindPlace(std::string_view id_or_name) const {
  for (const Place& p : places) {
    if (p.Matches(id_or_name)) return &p;
  }
  return nullptr;
}

const Road* Sheet::FindRoad(std::string_view road_id) const {
  for (const Road& r : roads) {
    if (r.id == road_id) return &r;
  }
  return nullptr;
}

bool Sheet::RoadConnects(const HexId& a, const HexId& b) const {
  for (const Road& r : roads) {
    for (size_t i = 1; i < r.path.size(); ++i) {
      if ((SameHex(r.path[i - 1], a) && SameHex(r.path[i], b)) ||
          (SameHex(r.path[i - 1], b) && SameHex(r.path[i], a))) {
        return true;
      }
    }
  }
  return false;
}

bool Sheet::RoadThrough(const HexId& h) const {
  const auto on_edge = [](const HexId& x) {
    const bool odd = x.col % 2 == 1;
    return x.col == 1 || x.col == kSheetColumns || x.row == 1 || x.row == (odd ? 11 : 12);
  };
  for (const Road& r : roads) {
    for (size_t i = 0; i < r.path.size(); ++i) {
      if (!SameHex(r.path[i], h)) continue;
      const bool inner = i > 0 && i + 1 < r.path.size();
      if (inner || on_edge(h)) return true;
    }
  }
  return false;
}

std::vector<HexId> Sheet::Hexes() const {
  std::vector<HexId> out;
  for (int c = 1; c <= kSheetColumns; ++c) {
    for (int r = 1; r <= kSheetRows; ++r) {
      if (At(c, r) != nullptr) out.push_back(Id(c, r));
    }
  }
  return out;
}

const CounterType* Data::FindCounter(std::string_view id) const {
  for (const CounterSet& set : counters) {
    if (const CounterType* c = set.Find(id)) return c;
  }
  return nullptr;
}

const Sheet& Data::sheet(char id) const {
  if (id < 'A' || id > 'D')
    throw DataError(std::string("no White Star Rising map sheet '") + id + "'");
  return sheets[static_cast<size_t>(id - 'A')];
}

// ---------------------------------------------------------------------------------------------
// TOML reading.

namespace {

constexpr size_t kMaxIdLength = 64;
constexpr size_t kMaxListLength = 1000;

// Reads one TOML file and gives typed, range-checked access that fails with "FILE:LINE: ...".
class Reader {
 public:
  explicit Reader(std::string file) : file_(std::move(file)) {}

  const std::string& file() const { return file_; }

  [[noreturn]] void Fail(uint32_t line, const std::string& message) const {
    throw DataError(file_ + ":" + std::to_string(line == 0 ? 1 : line) + ": " + message);
  }
  [[noreturn]] void Fail(const toml::node& node, const std::string& message) const {
    Fail(node.source().begin.line, message);
  }

  toml::table Parse() const {
    const std::string text = toml_guard_swap(read_data_file(file_), file_);
    try {
      return toml::parse(std::string_view(text), std::string_view(file_));
    } catch (const toml::parse_error& e) {
      Fail(e.source().begin.line, "TOML syntax error: " + toml_guard_unswap(e.description()));
    }
  }

  void CheckKeys(const toml::table& table, const std::vector<std::string_view>& allowed,
                 const std::string& where) const {
    for (auto&& [key, value] : table) {
      if (std::find(allowed.begin(), allowed.end(), key.str()) == allowed.end()) {
        Fail(key.source().begin.line, "unknown field '" + toml_guard_unswap(key.str()) + "' " +
                                          where + " (allowed: " + JoinVec(allowed) + ")");
      }
    }
  }

  const toml::node& Require(const toml::table& table, std::string_view key,
                            const std::string& where) const {
    const toml::node* node = table.get(key);
    if (node == nullptr) Fail(table, "missing field '" + std::string(key) + "' " + where);
    return *node;
  }

  const toml::table& Table(const toml::node& node, std::string_view key) const {
    const toml::table* t = node.as_table();
    if (t == nullptr) {
      Fail(node,
           "field '" + std::string(key) + "' must be a table, not " + toml_type_name(node.type()));
    }
    return *t;
  }

  const toml::table& RequireTable(const toml::table& table, std::string_view key,
                                  const std::string& where) const {
    return Table(Require(table, key, where), key);
  }

  std::string String(const toml::node& node, std::string_view key, bool allow_empty = false) const {
    const toml::value<std::string>* s = node.as_string();
    if (s == nullptr) {
      Fail(node,
           "field '" + std::string(key) + "' must be a string, not " + toml_type_name(node.type()));
    }
    if (!allow_empty && s->get().empty()) {
      Fail(node, "field '" + std::string(key) + "' must not be empty");
    }
    return toml_guard_unswap(s->get());
  }

  std::string Slug(const toml::node& node, std::string_view key) const {
    std::string s = String(node, key);
    if (!is_data_slug(s, kMaxIdLength)) {
      Fail(node, "field '" + std::string(key) + "' ('" + s +
                     "') must be lower-case letters, digits and '-' (at most " +
                     std::to_string(kMaxIdLength) + " characters)");
    }
    return s;
  }

  int Integer(const toml::node& node, std::string_view key, int64_t min, int64_t max) const {
    const toml::value<int64_t>* v = node.as_integer();
    if (v == nullptr) {
      Fail(node, "field '" + std::string(key) + "' must be an integer, not " +
                     toml_type_name(node.type()));
    }
    const int64_t x = v->get();
    if (x < min || x > max) {
      Fail(node, "field '" + std::string(key) + "' must be between " + std::to_string(min) +
                     " and " + std::to_string(max) + " (is " + std::to_string(x) + ")");
    }
    return static_cast<int>(x);
  }

  bool Bool(const toml::node& node, std::string_view key) const {
    const toml::value<bool>* v = node.as_boolean();
    if (v == nullptr) {
      Fail(node, "field '" + std::string(key) + "' must be true or false, not " +
                     toml_type_name(node.type()));
    }
    return v->get();
  }

  // Optional boolean with a default.
  bool OptBool(const toml::table& t, std::string_view key, bool dflt) const {
    const toml::node* n = t.get(key);
    return n == nullptr ? dflt : Bool(*n, key);
  }
  std::string OptString(const toml::table& t, std::string_view key) const {
    const toml::node* n = t.get(key);
    return n == nullptr ? std::string() : String(*n, key, true);
  }
  // `name_de`, the German rulebook's name; the English `name` where it has none of its own.
  std::string GermanName(const toml::table& t, const std::string& name) const {
    std::string de = OptString(t, "name_de");
    return de.empty() ? name : de;
  }

  const toml::array& Array(const toml::node& node, std::string_view key) const {
    const toml::array* a = node.as_array();
    if (a == nullptr) {
      Fail(node,
           "field '" + std::string(key) + "' must be an array, not " + toml_type_name(node.type()));
    }
    if (a->size() > kMaxListLength) {
      Fail(node, "field '" + std::string(key) + "' holds more than " +
                     std::to_string(kMaxListLength) + " entries");
    }
    return *a;
  }

  std::vector<std::string> Strings(const toml::node& node, std::string_view key) const {
    std::vector<std::string> out;
    for (const toml::node& item : Array(node, key)) out.push_back(String(item, key));
    return out;
  }

  // An array of tables ([[name]]); empty if absent and !required.
  std::vector<const toml::table*> Tables(const toml::table& root, std::string_view key,
                                         bool required) const {
    std::vector<const toml::table*> out;
    const toml::node* node = root.get(key);
    if (node == nullptr) {
      if (required) Fail(1, "missing [[" + std::string(key) + "]] tables");
      return out;
    }
    for (const toml::node& item : Array(*node, key)) {
      const toml::table* t = item.as_table();
      if (t == nullptr) {
        Fail(item, "each '" + std::string(key) + "' must be a table ([[" + std::string(key) +
                       "]]), not " + toml_type_name(item.type()));
      }
      out.push_back(t);
    }
    return out;
  }

  Provenance ProvenanceValue(const toml::node& node, std::string_view key) const {
    const std::string name = String(node, key);
    Provenance p{};
    if (!ProvenanceFromName(name, &p)) {
      Fail(node, "unknown provenance '" + name + "' for '" + std::string(key) +
                     "' (known: printed, rules-text, rules-example, public-unverified, stand-in)");
    }
    return p;
  }

  // `provenance = { default = "...", field = "..." }`. `fields` lists the field names that may
  // be named; a name "x.*" allows "x" and "x.<anything in sub>".
  ProvenanceMap Provenances(const toml::node& node, const std::vector<std::string>& fields) const {
    const toml::table& t = Table(node, "provenance");
    ProvenanceMap map;
    const toml::node* dflt = t.get("default");
    if (dflt == nullptr) Fail(t, "missing 'default' in 'provenance'");
    map.fallback = ProvenanceValue(*dflt, "provenance.default");
    for (auto&& [key, value] : t) {
      const std::string k(key.str());
      if (k == "default") continue;
      if (std::find(fields.begin(), fields.end(), k) == fields.end()) {
        std::string allowed;
        for (const std::string& f : fields) allowed += (allowed.empty() ? "" : ", ") + f;
        Fail(key.source().begin.line, "unknown field '" + toml_guard_unswap(k) +
                                          "' in 'provenance' (allowed: default, " + allowed + ")");
      }
      map.fields.emplace_back(k, ProvenanceValue(value, "provenance." + k));
    }
    return map;
  }

 private:
  std::string file_;
};

// ---------------------------------------------------------------------------------------------
// Terrain chart.

const std::vector<std::string_view> kTerrainFields = {"id",
                                                      "token",
                                                      "name",
                                                      "name_de",
                                                      "level",
                                                      "los_low",
                                                      "los_high",
                                                      "blind_behind",
                                                      "conceals_infantry",
                                                      "overrun",
                                                      "move_soft",
                                                      "move_hard",
                                                      "defence_soft",
                                                      "defence_hard",
                                                      "without_hills",
                                                      "without_rivers",
                                                      "playable",
                                                      "provenance"};

std::vector<std::string> ProvenanceFieldsOf(const std::vector<std::string_view>& fields) {
  std::vector<std::string> out;
  for (std::string_view f : fields) {
    if (f != "provenance" && f != "id") out.emplace_back(f);
  }
  return out;
}

LosEffect ReadLos(const Reader& r, const toml::node& node, std::string_view key) {
  const std::string s = r.String(node, key);
  if (s == "none") return LosEffect::kNone;
  if (s == "blocks") return LosEffect::kBlocks;
  if (s == "counts") return LosEffect::kCounts;
  r.Fail(node, "field '" + std::string(key) +
                   "' must be \"none\", \"blocks\" or \"counts\" (is \"" + s + "\")");
}

int ReadMoveCost(const Reader& r, const toml::node& node, std::string_view key) {
  if (const toml::value<std::string>* s = node.as_string()) {
    if (s->get() == "impassable") return kImpassable;
    r.Fail(node, "field '" + std::string(key) + "' must be an integer MP cost or \"impassable\"");
  }
  return r.Integer(node, key, 0, 20);
}

Terrain ReadTerrainRef(const Reader& r, const toml::node& node, std::string_view key) {
  Terrain t{};
  const std::string s = r.String(node, key);
  if (!TerrainFromId(s, &t)) {
    r.Fail(node, "unknown terrain '" + s + "' in '" + std::string(key) +
                     "' (known: " + JoinList(kTerrainIds) + ")");
  }
  return t;
}

}  // namespace

TerrainChart LoadTerrainChart(const std::string& path) {
  Reader r(path);
  const toml::table root = r.Parse();
  r.CheckKeys(root, {"chart", "terrain", "road", "crest", "wreck", "improved_position"},
              "at the top level");
  TerrainChart chart;
  chart.file = path;
  const toml::table& meta = r.RequireTable(root, "chart", "at the top level");
  r.CheckKeys(meta, {"note"}, "in [chart]");

  std::array<bool, kNumTerrains> seen{};
  std::set<char> tokens;
  const std::vector<std::string> prov_fields = ProvenanceFieldsOf(kTerrainFields);
  for (const toml::table* t : r.Tables(root, "terrain", true)) {
    r.CheckKeys(*t, kTerrainFields, "in [[terrain]]");
    const toml::node& id_node = r.Require(*t, "id", "in [[terrain]]");
    Terrain which{};
    const std::string id = r.String(id_node, "id");
    if (!TerrainFromId(id, &which)) {
      r.Fail(id_node, "unknown terrain id '" + id + "' (known: " + JoinList(kTerrainIds) + ")");
    }
    if (seen[static_cast<size_t>(which)]) r.Fail(id_node, "terrain '" + id + "' defined twice");
    seen[static_cast<size_t>(which)] = true;
    const std::string where = "in [[terrain]] '" + id + "'";
    TerrainType tt;
    tt.terrain = which;
    tt.id = id;
    const toml::node& tok = r.Require(*t, "token", where);
    const std::string token = r.String(tok, "token");
    if (token.size() != 1 || token[0] == '+' || token[0] == '-' ||
        std::isspace(static_cast<unsigned char>(token[0])) ||
        static_cast<unsigned char>(token[0]) >= 0x80) {
      r.Fail(tok, "field 'token' must be one printable ASCII character other than '+' and '-'");
    }
    if (!tokens.insert(token[0]).second) r.Fail(tok, "token '" + token + "' used twice");
    tt.token = token[0];
    tt.name = r.String(r.Require(*t, "name", where), "name");
    tt.name_de = r.String(r.Require(*t, "name_de", where), "name_de");
    tt.level = r.Integer(r.Require(*t, "level", where), "level", 0, 1);
    tt.los_low = ReadLos(r, r.Require(*t, "los_low", where), "los_low");
    tt.los_high = ReadLos(r, r.Require(*t, "los_high", where), "los_high");
    tt.blind_behind = r.Bool(r.Require(*t, "blind_behind", where), "blind_behind");
    tt.conceals_infantry = r.Bool(r.Require(*t, "conceals_infantry", where), "conceals_infantry");
    tt.overrun = r.Bool(r.Require(*t, "overrun", where), "overrun");
    tt.move_soft = ReadMoveCost(r, r.Require(*t, "move_soft", where), "move_soft");
    tt.move_hard = ReadMoveCost(r, r.Require(*t, "move_hard", where), "move_hard");
    tt.defence_soft = r.Integer(r.Require(*t, "defence_soft", where), "defence_soft", 0, 6);
    // WSR 6.1.6: hard targets get at most 2 bonus dice from terrain and concealment.
    tt.defence_hard = r.Integer(r.Require(*t, "defence_hard", where), "defence_hard", 0, 2);
    tt.without_hills = which;
    tt.without_rivers = which;
    if (const toml::node* n = t->get("without_hills")) {
      tt.without_hills = ReadTerrainRef(r, *n, "without_hills");
    }
    if (const toml::node* n = t->get("without_rivers")) {
      tt.without_rivers = ReadTerrainRef(r, *n, "without_rivers");
    }
    tt.playable = r.Bool(r.Require(*t, "playable", where), "playable");
    tt.provenance = r.Provenances(r.Require(*t, "provenance", where), prov_fields);
    chart.terrain[static_cast<size_t>(which)] = std::move(tt);
  }
  for (int i = 0; i < kNumTerrains; ++i) {
    if (!seen[static_cast<size_t>(i)]) {
      r.Fail(1, std::string("terrain '") + TerrainId(static_cast<Terrain>(i)) + "' is not defined");
    }
  }
  // Replacement terrain must itself stay when the feature is removed again (no chains into
  // removed terrain).
  for (const TerrainType& tt : chart.terrain) {
    if (chart[tt.without_hills].level != 0) {
      r.Fail(1, "terrain '" + tt.id + "': without_hills must name a level-0 terrain");
    }
    const Terrain wr = tt.without_rivers;
    if (wr == Terrain::kRiver || wr == Terrain::kBridge) {
      if (tt.terrain != wr)
        r.Fail(1, "terrain '" + tt.id + "': without_rivers must not be a river");
      if (tt.terrain == Terrain::kRiver || tt.terrain == Terrain::kBridge) {
        r.Fail(1,
               "terrain '" + tt.id + "' needs without_rivers (scenarios B3, A2, A3 remove rivers)");
      }
    }
  }
  if (chart[Terrain::kHill].without_hills == Terrain::kHill ||
      chart[Terrain::kWoodedHill].without_hills == Terrain::kWoodedHill) {
    r.Fail(1, "hill and wooded-hill need without_hills (scenario A2 removes hills)");
  }

  const toml::table& road = r.RequireTable(root, "road", "at the top level");
  r.CheckKeys(road, {"move_soft", "move_hard", "provenance"}, "in [road]");
  chart.road_move_soft = r.Integer(r.Require(road, "move_soft", "in [road]"), "move_soft", 0, 20);
  chart.road_move_hard = r.Integer(r.Require(road, "move_hard", "in [road]"), "move_hard", 0, 20);
  chart.road_provenance =
      r.Provenances(r.Require(road, "provenance", "in [road]"), {"move_soft", "move_hard"});

  const toml::table& crest = r.RequireTable(root, "crest", "at the top level");
  r.CheckKeys(crest, {"uphill_soft", "uphill_hard", "provenance"}, "in [crest]");
  chart.crest_uphill_soft =
      r.Integer(r.Require(crest, "uphill_soft", "in [crest]"), "uphill_soft", 0, 20);
  chart.crest_uphill_hard =
      r.Integer(r.Require(crest, "uphill_hard", "in [crest]"), "uphill_hard", 0, 20);
  chart.crest_provenance =
      r.Provenances(r.Require(crest, "provenance", "in [crest]"), {"uphill_soft", "uphill_hard"});

  const toml::table& wreck = r.RequireTable(root, "wreck", "at the top level");
  r.CheckKeys(wreck, {"move_soft_extra", "move_hard_extra", "conceals", "los_counts", "provenance"},
              "in [wreck]");
  chart.wreck_move_soft_extra =
      r.Integer(r.Require(wreck, "move_soft_extra", "in [wreck]"), "move_soft_extra", 0, 20);
  chart.wreck_move_hard_extra =
      r.Integer(r.Require(wreck, "move_hard_extra", "in [wreck]"), "move_hard_extra", 0, 20);
  chart.wreck_conceals = r.Bool(r.Require(wreck, "conceals", "in [wreck]"), "conceals");
  chart.wreck_los_counts = r.Bool(r.Require(wreck, "los_counts", "in [wreck]"), "los_counts");
  chart.wreck_provenance =
      r.Provenances(r.Require(wreck, "provenance", "in [wreck]"),
                    {"move_soft_extra", "move_hard_extra", "conceals", "los_counts"});

  const toml::table& ip = r.RequireTable(root, "improved_position", "at the top level");
  r.CheckKeys(ip, {"cancels_hits", "conceals", "provenance"}, "in [improved_position]");
  chart.ip_cancels_hits =
      r.Integer(r.Require(ip, "cancels_hits", "in [improved_position]"), "cancels_hits", 0, 6);
  chart.ip_conceals = r.Bool(r.Require(ip, "conceals", "in [improved_position]"), "conceals");
  chart.ip_provenance = r.Provenances(r.Require(ip, "provenance", "in [improved_position]"),
                                      {"cancels_hits", "conceals"});
  return chart;
}

// ---------------------------------------------------------------------------------------------
// Counters.

namespace {

const std::vector<std::string_view> kCounterFields = {"id",
                                                      "name",
                                                      "name_de",
                                                      "aliases",
                                                      "kind",
                                                      "formation",
                                                      "hq_type",
                                                      "recon",
                                                      "aa",
                                                      "transport",
                                                      "steps",
                                                      "wreck_back",
                                                      "note",
                                                      "provenance",
                                                      "full",
                                                      "reduced",
                                                      "mounted-full",
                                                      "mounted-reduced",
                                                      "dismounted-full",
                                                      "dismounted-reduced"};

const std::vector<std::string> kCounterProvenanceFields = {
    "name",  "name_de", "aliases",   "kind",  "formation",  "hq_type",
    "recon", "aa",      "transport", "steps", "wreck_back", "note"};

const std::vector<std::string_view> kFaceFields = {
    "symbol",        "silhouette", "ap",          "he",          "aa",        "air",
    "armor",         "save",       "mf",          "carrier",     "assault",   "command_range",
    "command_value", "he_bonus",   "range_bonus", "ap_enhanced", "provenance"};

std::vector<std::string> FaceProvenanceFields() {
  std::vector<std::string> out;
  for (std::string_view f : kFaceFields) {
    if (f == "provenance") continue;
    out.emplace_back(f);
  }
  for (const char* w : {"ap", "he", "aa"}) {
    for (const char* sub : {"fp", "to_hit", "range", "underlined", "enhanced"}) {
      out.push_back(std::string(w) + "." + sub);
    }
  }
  out.emplace_back("air.fp");
  out.emplace_back("air.to_hit");
  for (const char* sub : {"strength", "to_hit", "star", "enhanced"}) {
    out.push_back(std::string("assault.") + sub);
  }
  return out;
}

Weapon ReadWeapon(const Reader& r, const toml::node& node, std::string_view key, bool with_range) {
  const toml::table& t = r.Table(node, key);
  const std::string where = "in '" + std::string(key) + "'";
  if (with_range) {
    r.CheckKeys(t, {"fp", "to_hit", "range", "underlined", "enhanced"}, where);
  } else {
    r.CheckKeys(t, {"fp", "to_hit"}, where);
  }
  Weapon w;
  w.fp = r.Integer(r.Require(t, "fp", where), std::string(key) + ".fp", 1, 20);
  w.to_hit = r.Integer(r.Require(t, "to_hit", where), std::string(key) + ".to_hit", 1, 6);
  if (with_range) {
    w.range = r.Integer(r.Require(t, "range", where), std::string(key) + ".range", 1, 60);
    w.underlined = r.OptBool(t, "underlined", false);
    w.enhanced = r.OptBool(t, "enhanced", false);
  }
  return w;
}

Face ReadFace(const Reader& r, const toml::table& t, const CounterType& c, FaceId which) {
  const std::string where = "in face '" + std::string(FaceName(which)) + "' of '" + c.id + "'";
  r.CheckKeys(t, kFaceFields, where);
  Face f;
  f.present = true;
  const toml::node& sym = r.Require(t, "symbol", where);
  const std::string s = r.String(sym, "symbol");
  if (s == "nato") {
    f.symbol = Symbol::kNato;
  } else if (s == "vehicle") {
    f.symbol = Symbol::kVehicle;
  } else if (s == "nato+vehicle") {
    f.symbol = Symbol::kNatoVehicle;
  } else if (s == "aircraft") {
    f.symbol = Symbol::kAircraft;
  } else {
    r.Fail(sym,
           "field 'symbol' must be \"nato\", \"vehicle\", \"nato+vehicle\" or \"aircraft\" "
           "(is \"" +
               s + "\")");
  }
  f.silhouette = r.OptString(t, "silhouette");
  if (const toml::node* n = t.get("ap")) f.ap = ReadWeapon(r, *n, "ap", true);
  if (const toml::node* n = t.get("he")) f.he = ReadWeapon(r, *n, "he", true);
  if (const toml::node* n = t.get("aa")) f.aa = ReadWeapon(r, *n, "aa", true);
  if (const toml::node* n = t.get("air")) f.air = ReadWeapon(r, *n, "air", false);
  if (const toml::node* n = t.get("armor")) f.armor = r.Integer(*n, "armor", 0, 10);
  if (const toml::node* n = t.get("save")) f.save = r.Integer(*n, "save", 2, 6);
  if (const toml::node* n = t.get("mf")) f.mf = r.Integer(*n, "mf", 1, 30);
  f.carrier = r.OptBool(t, "carrier", false);
  if (const toml::node* n = t.get("assault")) {
    const toml::table& a = r.Table(*n, "assault");
    r.CheckKeys(a, {"strength", "to_hit", "star", "enhanced"}, "in 'assault'");
    f.assault.strength =
        r.Integer(r.Require(a, "strength", "in 'assault'"), "assault.strength", 1, 20);
    f.assault.to_hit = r.Integer(r.Require(a, "to_hit", "in 'assault'"), "assault.to_hit", 1, 6);
    f.assault.star = r.OptBool(a, "star", false);
    f.assault.enhanced = r.OptBool(a, "enhanced", false);
  }
  if (const toml::node* n = t.get("command_range"))
    f.command_range = r.Integer(*n, "command_range", 1, 30);
  if (const toml::node* n = t.get("command_value"))
    f.command_value = r.Integer(*n, "command_value", 0, 6);
  if (const toml::node* n = t.get("he_bonus")) f.he_bonus = r.Integer(*n, "he_bonus", 0, 6);
  if (const toml::node* n = t.get("range_bonus"))
    f.range_bonus = r.Integer(*n, "range_bonus", 0, 10);
  f.ap_enhanced = r.OptBool(t, "ap_enhanced", false);
  static const std::vector<std::string> prov_fields = FaceProvenanceFields();
  f.provenance = r.Provenances(r.Require(t, "provenance", where), prov_fields);

  // Consistency with the counter's kind (WSR 1.2.1, 1.3).
  const auto fail = [&](const std::string& m) {
    r.Fail(t, "'" + c.id + "' face '" + FaceName(which) + "': " + m);
  };
  const bool hq = c.is_hq();
  const bool sw = c.is_support_weapon();
  const bool aircraft = c.kind == UnitKind::kAircraft;
  if (aircraft != (f.symbol == Symbol::kAircraft)) fail("symbol \"aircraft\" is for aircraft only");
  if ((f.symbol == Symbol::kVehicle && !hq) || aircraft) {
    // HQs are never attacked (WSR 1.3.2.2), so a vehicle HQ needs no armor.
    if (t.get("armor") == nullptr || t.get("save") == nullptr) {
      fail("a hard target or aircraft needs 'armor' and 'save' (WSR 6.1, 11.3.1)");
    }
  } else if (f.symbol != Symbol::kVehicle &&
             (t.get("armor") != nullptr || t.get("save") != nullptr)) {
    fail("'armor' and 'save' are for hard targets (vehicle faces) and aircraft only");
  }
  if (aircraft) {
    if (!f.air.present()) fail("an aircraft needs 'air' firepower (WSR 11.3.2)");
    if (t.get("mf") != nullptr) fail("an aircraft has no 'mf'");
  } else if (f.air.present()) {
    fail("'air' firepower is for aircraft only");
  }
  if (sw) {
    if (t.get("mf") != nullptr || f.ap.present() || f.he.present() || f.assault.present()) {
      fail("a support weapon has no MF, firepower or assault of its own (WSR 1.3.4.3)");
    }
    if (c.kind == UnitKind::kHmg && (f.he_bonus == 0 || f.range_bonus == 0 || f.ap_enhanced)) {
      fail("an HMG gives he_bonus and range_bonus, not ap_enhanced (WSR 1.3.4.3)");
    }
    if (c.kind == UnitKind::kAtWeapon &&
        (!f.ap_enhanced || f.he_bonus != 0 || f.range_bonus != 0)) {
      fail("an anti-tank weapon gives ap_enhanced only (WSR 1.3.4.3)");
    }
  } else {
    if (f.he_bonus != 0 || f.range_bonus != 0 || f.ap_enhanced) {
      fail("he_bonus, range_bonus and ap_enhanced are for support weapons only");
    }
    if (!aircraft && f.mf == 0) fail("missing field 'mf'");
  }
  if (hq) {
    if (t.get("command_range") == nullptr || t.get("command_value") == nullptr) {
      fail("an HQ needs 'command_range' and 'command_value' (WSR 1.3.2)");
    }
    if (f.ap.present() || f.he.present() || f.assault.present()) {
      fail("HQs cannot attack (WSR 1.3.2.2): no firepower or assault");
    }
  } else if (t.get("command_range") != nullptr || t.get("command_value") != nullptr) {
    fail("'command_range' and 'command_value' are for HQs and SHQs only");
  }
  if (f.aa.present() && !c.aa) fail("'aa' firepower needs the counter flag aa = true (WSR 11.1)");
  return f;
}

Nation ReadNationMeta(const Reader& r, const toml::table& root, CounterSet& set) {
  const toml::table& n = r.RequireTable(root, "nation", "at the top level");
  const std::vector<std::string_view> fields = {
      "id",     "name",      "name_de",       "colour",        "side",      "side_de",
      "people", "people_de", "people_de_dat", "people_de_gen", "provenance"};
  r.CheckKeys(n, fields, "in [nation]");
  const toml::node& id = r.Require(n, "id", "in [nation]");
  const std::string s = r.String(id, "id");
  if (!NationFromId(s, &set.nation)) r.Fail(id, "unknown nation '" + s + "' (known: us, de, uk)");
  set.name = r.String(r.Require(n, "name", "in [nation]"), "name");
  set.name_de = r.String(r.Require(n, "name_de", "in [nation]"), "name_de");
  set.colour = r.String(r.Require(n, "colour", "in [nation]"), "colour");
  // The side's names and words (side_words.h): every form is required, so that no sentence falls
  // back to the seat id.
  set.side = r.String(r.Require(n, "side", "in [nation]"), "side");
  set.side_de = r.String(r.Require(n, "side_de", "in [nation]"), "side_de");
  set.people = r.String(r.Require(n, "people", "in [nation]"), "people");
  set.people_de = r.String(r.Require(n, "people_de", "in [nation]"), "people_de");
  set.people_de_dat = r.String(r.Require(n, "people_de_dat", "in [nation]"), "people_de_dat");
  set.people_de_gen = r.String(r.Require(n, "people_de_gen", "in [nation]"), "people_de_gen");
  r.Provenances(r.Require(n, "provenance", "in [nation]"),
                {"name", "name_de", "colour", "side", "side_de", "people", "people_de",
                 "people_de_dat", "people_de_gen"});
  return set.nation;
}

}  // namespace

CounterSet LoadCounters(const std::string& path) {
  Reader r(path);
  const toml::table root = r.Parse();
  r.CheckKeys(root, {"nation", "counter"}, "at the top level");
  CounterSet set;
  set.file = path;
  const Nation nation = ReadNationMeta(r, root, set);
  const std::string prefix = std::string(NationId(nation)) + ".";
  std::map<std::string, uint32_t> lines;
  for (const toml::table* t : r.Tables(root, "counter", true)) {
    r.CheckKeys(*t, kCounterFields, "in [[counter]]");
    CounterType c;
    c.nation = nation;
    const toml::node& id = r.Require(*t, "id", "in [[counter]]");
    c.id = r.String(id, "id");
    if (c.id.compare(0, prefix.size(), prefix) != 0 ||
        !is_data_slug(c.id.substr(prefix.size()), kMaxIdLength)) {
      r.Fail(id, "counter id '" + c.id + "' must be '" + prefix +
                     "' followed by lower-case letters, digits and '-'");
    }
    if (auto [it, ok] = lines.emplace(c.id, id.source().begin.line); !ok) {
      r.Fail(id, "duplicate counter id '" + c.id + "' (first defined at line " +
                     std::to_string(it->second) + ")");
    }
    const std::string where = "in [[counter]] '" + c.id + "'";
    c.name = r.String(r.Require(*t, "name", where), "name");
    c.name_de = r.GermanName(*t, c.name);
    if (const toml::node* n = t->get("aliases")) c.aliases = r.Strings(*n, "aliases");
    const toml::node& kind = r.Require(*t, "kind", where);
    const std::string k = r.String(kind, "kind");
    if (!UnitKindFromId(k, &c.kind)) {
      r.Fail(kind, "unknown kind '" + k + "' (known: " + JoinList(kUnitKindIds) + ")");
    }
    c.formation = r.OptString(*t, "formation");
    c.hq_type = r.OptString(*t, "hq_type");
    if (c.is_hq() && (c.formation.empty() || c.hq_type.empty())) {
      r.Fail(*t, "'" + c.id + "': an HQ or SHQ needs 'formation' and 'hq_type' (WSR 1.3.2.3)");
    }
    if (!c.is_hq() && (!c.formation.empty() || !c.hq_type.empty())) {
      r.Fail(*t, "'" + c.id + "': 'formation' and 'hq_type' are for HQs and SHQs only");
    }
    c.recon = r.OptBool(*t, "recon", false);
    c.aa = r.OptBool(*t, "aa", false);
    c.transport = r.OptBool(*t, "transport", false);
    c.steps = r.Integer(r.Require(*t, "steps", where), "steps", 1, 2);
    c.wreck_back = r.OptBool(*t, "wreck_back", false);
    c.note = r.OptString(*t, "note");
    c.provenance = r.Provenances(r.Require(*t, "provenance", where), kCounterProvenanceFields);

    const auto fail = [&](const std::string& m) { r.Fail(*t, "'" + c.id + "': " + m); };
    if (c.recon && c.kind != UnitKind::kArmor)
      fail("only armored vehicles can be recon (WSR 1.3.3.2)");
    const bool needs_transport = c.kind == UnitKind::kMechInfantry || c.kind == UnitKind::kGun ||
                                 c.kind == UnitKind::kAaGun || c.kind == UnitKind::kMortar;
    if (c.transport != needs_transport) {
      fail(
          "mech infantry, guns and mortars (and only they) are two-sided transport counters "
          "(WSR 5.2): set transport accordingly");
    }
    const bool single =
        c.kind == UnitKind::kShq || c.kind == UnitKind::kAircraft || c.is_support_weapon() || c.aa;
    if (single && c.steps != 1)
      fail("SHQs, AA units, aircraft and support weapons have a single step");
    if (c.kind == UnitKind::kHq && c.steps != 2)
      fail("an HQ has a full and a reduced side (WSR 1.3.2.2)");
    if (c.wreck_back && c.steps != 1)
      fail("only single-step counters can show a wreck on the back");
    if (c.aa && c.kind != UnitKind::kArmor && c.kind != UnitKind::kAaGun) {
      fail("AA units are armored vehicles or AA guns (WSR 11.1)");
    }
    if (c.kind == UnitKind::kAaGun && !c.aa) fail("an AA gun needs aa = true");

    std::vector<FaceId> wanted;
    if (c.transport) {
      wanted = {FaceId::kMountedFull, FaceId::kDismountedFull};
      if (c.steps == 2) {
        wanted.push_back(FaceId::kMountedReduced);
        wanted.push_back(FaceId::kDismountedReduced);
      }
    } else {
      wanted = {FaceId::kFull};
      if (c.steps == 2) wanted.push_back(FaceId::kReduced);
    }
    for (int i = 0; i < kNumFaces; ++i) {
      const FaceId f = static_cast<FaceId>(i);
      const toml::node* n = t->get(FaceName(f));
      const bool want = std::find(wanted.begin(), wanted.end(), f) != wanted.end();
      if (want && n == nullptr) fail(std::string("missing face [counter.") + FaceName(f) + "]");
      if (!want && n != nullptr) {
        r.Fail(*n, "'" + c.id + "' has no face '" + FaceName(f) + "' (steps = " +
                       std::to_string(c.steps) + (c.transport ? ", transport" : "") + ")");
      }
      if (n == nullptr) continue;
      c.faces[static_cast<size_t>(i)] = ReadFace(r, r.Table(*n, FaceName(f)), c, f);
      const Face& face = c.faces[static_cast<size_t>(i)];
      if (c.transport) {
        const bool mounted = f == FaceId::kMountedFull || f == FaceId::kMountedReduced;
        // WSR 5.2: mounted = vehicle face up, dismounted = NATO face up.
        if (mounted && face.symbol != Symbol::kVehicle) {
          r.Fail(*n,
                 "'" + c.id + "': a mounted face shows a vehicle (symbol \"vehicle\", WSR 5.2)");
        }
        if (!mounted && face.symbol != Symbol::kNato) {
          r.Fail(*n, "'" + c.id + "': a dismounted face shows the NATO symbol (WSR 5.2)");
        }
      }
    }
    set.counters.push_back(std::move(c));
  }
  return set;
}

// ---------------------------------------------------------------------------------------------
// Formations.

namespace {

std::vector<UnitCount> ReadUnits(const Reader& r, const toml::node& node) {
  std::vector<UnitCount> out;
  for (const toml::node& item : r.Array(node, "units")) {
    const toml::table& t = r.Table(item, "units");
    r.CheckKeys(t, {"counter", "or", "count"}, "in a 'units' entry");
    UnitCount u;
    u.counter = r.String(r.Require(t, "counter", "in a 'units' entry"), "counter");
    u.alt = r.OptString(t, "or");
    u.count = r.Integer(r.Require(t, "count", "in a 'units' entry"), "count", 1, 100);
    out.push_back(std::move(u));
  }
  return out;
}

Nation ReadNation(const Reader& r, const toml::node& node) {
  Nation n{};
  const std::string s = r.String(node, "nation");
  if (!NationFromId(s, &n)) r.Fail(node, "unknown nation '" + s + "' (known: us, de, uk)");
  return n;
}

}  // namespace

FormationList LoadFormations(const std::string& path) {
  Reader r(path);
  const toml::table root = r.Parse();
  r.CheckKeys(root, {"formation", "pool"}, "at the top level");
  FormationList list;
  list.file = path;
  std::map<std::string, uint32_t> lines;
  const std::vector<std::string_view> fields = {"id",     "name",    "name_de", "aliases",
                                                "nation", "service", "morale",  "hq",
                                                "shq",    "units",   "note",    "provenance"};
  for (const toml::table* t : r.Tables(root, "formation", true)) {
    r.CheckKeys(*t, fields, "in [[formation]]");
    Formation f;
    const toml::node& id = r.Require(*t, "id", "in [[formation]]");
    f.id = r.String(id, "id");
    const std::string where = "in [[formation]] '" + f.id + "'";
    f.nation = ReadNation(r, r.Require(*t, "nation", where));
    const std::string prefix = std::string(NationId(f.nation)) + ".";
    if (f.id.compare(0, prefix.size(), prefix) != 0 ||
        !is_data_slug(f.id.substr(prefix.size()), kMaxIdLength)) {
      r.Fail(id, "formation id '" + f.id + "' must be '" + prefix +
                     "' followed by lower-case letters, digits and '-'");
    }
    if (auto [it, ok] = lines.emplace(f.id, id.source().begin.line); !ok) {
      r.Fail(id, "duplicate formation id '" + f.id + "' (first defined at line " +
                     std::to_string(it->second) + ")");
    }
    f.name = r.String(r.Require(*t, "name", where), "name");
    f.name_de = r.GermanName(*t, f.name);
    if (const toml::node* n = t->get("aliases")) f.aliases = r.Strings(*n, "aliases");
    const toml::node& svc = r.Require(*t, "service", where);
    const int si = IndexOf(kServiceIds, r.String(svc, "service"));
    if (si < 0) r.Fail(svc, "unknown service (known: " + JoinList(kServiceIds) + ")");
    f.service = static_cast<Service>(si);
    // WSR 1.6.1: pass on 2 dice <= morale; 2..12 are the meaningful values.
    f.morale = r.Integer(r.Require(*t, "morale", where), "morale", 2, 12);
    f.hq = r.String(r.Require(*t, "hq", where), "hq");
    f.shq = r.OptString(*t, "shq");
    f.units = ReadUnits(r, r.Require(*t, "units", where));
    f.note = r.OptString(*t, "note");
    f.provenance = r.Provenances(r.Require(*t, "provenance", where),
                                 {"name", "name_de", "aliases", "nation", "service", "morale", "hq",
                                  "shq", "units", "note"});
    list.formations.push_back(std::move(f));
  }
  for (const toml::table* t : r.Tables(root, "pool", false)) {
    r.CheckKeys(*t, {"nation", "units", "note", "provenance"}, "in [[pool]]");
    Pool p;
    const toml::node& n = r.Require(*t, "nation", "in [[pool]]");
    p.nation = ReadNation(r, n);
    if (list.PoolOf(p.nation) != nullptr) r.Fail(n, "a second [[pool]] for the same nation");
    p.units = ReadUnits(r, r.Require(*t, "units", "in [[pool]]"));
    p.note = r.OptString(*t, "note");
    p.provenance = r.Provenances(r.Require(*t, "provenance", "in [[pool]]"), {"units", "note"});
    list.pools.push_back(std::move(p));
  }
  return list;
}

// ---------------------------------------------------------------------------------------------
// Chaos table.

ChaosTable LoadChaosTable(const std::string& path) {
  Reader r(path);
  const toml::table root = r.Parse();
  r.CheckKeys(root, {"table", "result"}, "at the top level");
  ChaosTable table;
  table.file = path;
  const toml::table& meta = r.RequireTable(root, "table", "at the top level");
  r.CheckKeys(meta, {"dice", "note", "provenance"}, "in [table]");
  // WSR 9.0: 2 dice, results 2-12.
  table.dice = r.Integer(r.Require(meta, "dice", "in [table]"), "dice", 2, 2);
  r.ProvenanceValue(r.Require(meta, "provenance", "in [table]"), "provenance");
  std::array<bool, 11> seen{};
  for (const toml::table* t : r.Tables(root, "result", true)) {
    r.CheckKeys(
        *t,
        {"roll", "name", "name_de", "effect", "affects", "amount", "text", "text_de", "provenance"},
        "in [[result]]");
    ChaosResult c;
    const toml::node& roll = r.Require(*t, "roll", "in [[result]]");
    c.roll = r.Integer(roll, "roll", 2, 12);
    if (seen[static_cast<size_t>(c.roll - 2)]) {
      r.Fail(roll, "roll " + std::to_string(c.roll) + " listed twice");
    }
    seen[static_cast<size_t>(c.roll - 2)] = true;
    const std::string where = "in [[result]] " + std::to_string(c.roll);
    c.name = r.String(r.Require(*t, "name", where), "name");
    c.text = r.String(r.Require(*t, "text", where), "text");
    if (const toml::node* n = t->get("name_de")) c.name_de = r.String(*n, "name_de");
    if (const toml::node* n = t->get("text_de")) c.text_de = r.String(*n, "text_de");
    const toml::node& eff = r.Require(*t, "effect", where);
    const int ei = IndexOf(kChaosEffectIds, r.String(eff, "effect"));
    if (ei < 0) r.Fail(eff, "unknown effect (known: " + JoinList(kChaosEffectIds) + ")");
    c.effect = static_cast<ChaosEffect>(ei);
    const toml::node& aff = r.Require(*t, "affects", where);
    const int ai = IndexOf(kChaosAffectsIds, r.String(aff, "affects"));
    if (ai < 0) r.Fail(aff, "unknown 'affects' (known: " + JoinList(kChaosAffectsIds) + ")");
    c.affects = static_cast<ChaosAffects>(ai);
    const toml::node& amount = r.Require(*t, "amount", where);
    c.amount = r.Integer(amount, "amount", -6, 6);
    const bool needs_amount = c.effect == ChaosEffect::kFate || c.effect == ChaosEffect::kDisrupt ||
                              c.effect == ChaosEffect::kOpsComplete ||
                              c.effect == ChaosEffect::kFirepower;
    if (needs_amount && c.amount == 0)
      r.Fail(amount,
             "effect '" + std::string(ChaosEffectId(c.effect)) + "' needs a non-zero amount");
    if ((c.effect == ChaosEffect::kFate || c.effect == ChaosEffect::kDisrupt ||
         c.effect == ChaosEffect::kOpsComplete) &&
        c.amount < 0) {
      r.Fail(amount, "amount must be positive for this effect");
    }
    if (!needs_amount && c.amount != 0) r.Fail(amount, "this effect takes no amount (use 0)");
    const bool formation_effect = c.effect != ChaosEffect::kNone && c.effect != ChaosEffect::kFate;
    if (formation_effect && c.affects != ChaosAffects::kNextFormation) {
      r.Fail(aff, "effect '" + std::string(ChaosEffectId(c.effect)) +
                      "' acts on a formation: affects must be \"next-formation\"");
    }
    c.provenance = r.ProvenanceValue(r.Require(*t, "provenance", where), "provenance");
    table.results[static_cast<size_t>(c.roll - 2)] = std::move(c);
  }
  for (int roll = 2; roll <= 12; ++roll) {
    if (!seen[static_cast<size_t>(roll - 2)]) {
      r.Fail(1, "no [[result]] for roll " + std::to_string(roll) + " (2 dice: 2..12)");
    }
  }
  return table;
}

// ---------------------------------------------------------------------------------------------
// Map sheets.

namespace {

size_t GridIndex(int col, int row) {
  return static_cast<size_t>((col - 1) * kSheetRows + (row - 1));
}

class SheetLoader {
 public:
  SheetLoader(const Reader& r, Sheet& s, const TerrainChart& chart) : r_(r), s_(s), chart_(chart) {}

  // A hex id on this sheet ("K08" or "<sheet>-K08"); fails unless it names a hex of the sheet.
  HexId Hex(const toml::node& node, std::string_view key) const {
    const std::string text = r_.String(node, key);
    HexId h;
    std::string error;
    if (!HexId::TryParse(text, &h, &error)) r_.Fail(node, error);
    if (h.sheet != 0 && h.sheet != s_.id) {
      r_.Fail(node, "hex '" + text + "' is not on sheet " + std::string(1, s_.id));
    }
    h.sheet = s_.id;
    if (s_.At(h.col, h.row) == nullptr) {
      r_.Fail(node, "hex '" + text + "' does not exist on sheet " + std::string(1, s_.id));
    }
    return h;
  }

  std::vector<HexId> Hexes(const toml::node& node, std::string_view key) const {
    std::vector<HexId> out;
    for (const toml::node& item : r_.Array(node, key)) {
      const HexId h = Hex(item, key);
      if (std::find(out.begin(), out.end(), h) != out.end()) {
        r_.Fail(item, "hex " + h.ToString() + " listed twice in '" + std::string(key) + "'");
      }
      out.push_back(h);
    }
    return out;
  }

  const SheetHex& At(const HexId& h) const { return s_.grid[GridIndex(h.col, h.row)]; }
  int Level(const HexId& h) const { return chart_[At(h).terrain].level; }

  static int Dir(const HexId& a, const HexId& b) { return DirTo(SheetCoord(a), SheetCoord(b)); }

  void Grid(const toml::node& node) {
    const std::string text = r_.String(node, "grid");
    const uint32_t first_line = node.source().begin.line + 1;  // toml trims the first newline
    std::vector<std::string> lines;
    size_t start = 0;
    while (start <= text.size()) {
      size_t end = text.find('\n', start);
      if (end == std::string::npos) end = text.size();
      lines.push_back(text.substr(start, end - start));
      start = end + 1;
    }
    const auto split = [](const std::string& line) {
      std::vector<std::string> tokens;
      size_t i = 0;
      while (i < line.size()) {
        while (i < line.size() && (line[i] == ' ' || line[i] == '\t' || line[i] == '\r')) ++i;
        size_t j = i;
        while (j < line.size() && line[j] != ' ' && line[j] != '\t' && line[j] != '\r') ++j;
        if (j > i) tokens.push_back(line.substr(i, j - i));
        i = j;
      }
      return tokens;
    };
    int header = -1;
    int row = 0;
    for (size_t li = 0; li < lines.size(); ++li) {
      const uint32_t line_no = first_line + static_cast<uint32_t>(li);
      const std::vector<std::string> tokens = split(lines[li]);
      if (tokens.empty()) continue;
      if (header < 0) {
        if (tokens.size() != kSheetColumns) {
          r_.Fail(line_no, "grid header must list the 21 columns A .. U");
        }
        for (int c = 0; c < kSheetColumns; ++c) {
          if (tokens[static_cast<size_t>(c)] != std::string(1, static_cast<char>('A' + c))) {
            r_.Fail(line_no, "grid header must list the 21 columns A .. U (column " +
                                 std::to_string(c + 1) + " is '" + tokens[static_cast<size_t>(c)] +
                                 "')");
          }
        }
        header = static_cast<int>(li);
        continue;
      }
      ++row;
      if (row > kSheetRows) r_.Fail(line_no, "grid has more than 12 rows");
      char label[16];  // "%02d" of any int, so that no compiler sees a truncation
      std::snprintf(label, sizeof label, "%02d", row);
      if (tokens[0] != label) {
        r_.Fail(line_no, "grid row " + std::to_string(row) + " must start with '" + label + "'");
      }
      if (tokens.size() != kSheetColumns + 1) {
        r_.Fail(line_no, "grid row " + std::string(label) + " must hold 21 tokens (has " +
                             std::to_string(tokens.size() - 1) + ")");
      }
      for (int c = 1; c <= kSheetColumns; ++c) {
        const std::string& tok = tokens[static_cast<size_t>(c)];
        const std::string hex = std::string(1, static_cast<char>('A' + c - 1)) + label;
        const bool exists = !(row == 12 && c % 2 == 1);
        if (!exists) {
          if (tok != "-") {
            r_.Fail(line_no,
                    "hex " + hex + " does not exist (odd columns end at row 11): write '-'");
          }
          continue;
        }
        if (tok == "-")
          r_.Fail(line_no, "hex " + hex + " exists: '-' is only for odd columns in row 12");
        if (tok.size() > 2 || (tok.size() == 2 && tok[1] != '+')) {
          r_.Fail(line_no, "bad token '" + tok + "' for hex " + hex +
                               " (a terrain token, optionally followed by '+')");
        }
        SheetHex& h = s_.grid[GridIndex(c, row)];
        if (!chart_.FromToken(tok[0], &h.terrain)) {
          r_.Fail(line_no, "unknown terrain token '" + tok.substr(0, 1) + "' for hex " + hex);
        }
        h.exists = true;
        // A bridge hex always carries a road (maps doc 2.1); its token needs no '+'.
        h.road = tok.size() == 2 || h.terrain == Terrain::kBridge;
        if (h.road && (h.terrain == Terrain::kRiver || h.terrain == Terrain::kSea)) {
          r_.Fail(line_no,
                  "hex " + hex +
                      ": a road cannot run through a river or sea hex (use '=' for a bridge)");
        }
      }
    }
    if (header < 0 || row != kSheetRows) {
      r_.Fail(node, "grid must have a header line and 12 rows (has " + std::to_string(row) + ")");
    }
  }

  void Roads(const toml::table& root) {
    std::set<std::pair<int, int>> on_roads;
    for (const toml::table* t : r_.Tables(root, "road", false)) {
      r_.CheckKeys(*t, {"id", "name", "path", "provenance"}, "in [[road]]");
      Road road;
      const toml::node& id = r_.Require(*t, "id", "in [[road]]");
      road.id = r_.String(id, "id");
      if (s_.FindRoad(road.id) != nullptr) r_.Fail(id, "road '" + road.id + "' defined twice");
      const std::string where = "in [[road]] '" + road.id + "'";
      road.name = r_.String(r_.Require(*t, "name", where), "name");
      const toml::node& path = r_.Require(*t, "path", where);
      road.path = Hexes(path, "path");
      if (road.path.size() < 2) r_.Fail(path, "a road path needs at least 2 hexes");
      for (size_t i = 0; i < road.path.size(); ++i) {
        const HexId& h = road.path[i];
        if (!At(h).road) {
          r_.Fail(path, "road " + road.id + " runs through " + h.ToString() +
                            ", whose grid token has no '+'");
        }
        if (i > 0 && Dir(road.path[i - 1], h) < 0) {
          r_.Fail(path, "road " + road.id + ": " + road.path[i - 1].ToString() + " and " +
                            h.ToString() + " are not adjacent");
        }
        on_roads.insert({h.col, h.row});
      }
      road.provenance = r_.ProvenanceValue(r_.Require(*t, "provenance", where), "provenance");
      s_.roads.push_back(std::move(road));
    }
    for (const HexId& h : s_.Hexes()) {
      if (At(h).road && on_roads.count({h.col, h.row}) == 0) {
        r_.Fail(1,
                "hex " + h.ToString() + " is marked '+' in the grid but lies on no [[road]] path");
      }
    }
  }

  void Rivers(const toml::table& root) {
    std::set<std::pair<int, int>> listed;
    for (const toml::table* t : r_.Tables(root, "river", false)) {
      r_.CheckKeys(*t, {"id", "name", "hexes", "provenance"}, "in [[river]]");
      River river;
      river.id = r_.String(r_.Require(*t, "id", "in [[river]]"), "id");
      const std::string where = "in [[river]] '" + river.id + "'";
      river.name = r_.String(r_.Require(*t, "name", where), "name");
      const toml::node& hexes = r_.Require(*t, "hexes", where);
      river.hexes = Hexes(hexes, "hexes");
      for (size_t i = 0; i < river.hexes.size(); ++i) {
        const HexId& h = river.hexes[i];
        const Terrain tt = At(h).terrain;
        if (tt != Terrain::kRiver && tt != Terrain::kBridge) {
          r_.Fail(hexes, "river " + river.id + ": hex " + h.ToString() + " is " + TerrainId(tt) +
                             ", not river or bridge");
        }
        if (i > 0 && Dir(river.hexes[i - 1], h) < 0) {
          r_.Fail(hexes, "river " + river.id + ": " + river.hexes[i - 1].ToString() + " and " +
                             h.ToString() + " are not adjacent");
        }
        if (!listed.insert({h.col, h.row}).second) {
          r_.Fail(hexes, "hex " + h.ToString() + " belongs to two rivers");
        }
      }
      river.provenance = r_.ProvenanceValue(r_.Require(*t, "provenance", where), "provenance");
      s_.rivers.push_back(std::move(river));
    }
    for (const HexId& h : s_.Hexes()) {
      const Terrain tt = At(h).terrain;
      if ((tt == Terrain::kRiver || tt == Terrain::kBridge) && listed.count({h.col, h.row}) == 0) {
        r_.Fail(1, "river/bridge hex " + h.ToString() + " belongs to no [[river]]");
      }
    }
  }

  void Bridges(const toml::table& root) {
    for (const toml::table* t : r_.Tables(root, "bridge", false)) {
      r_.CheckKeys(*t, {"hex", "name", "ends", "road", "provenance"}, "in [[bridge]]");
      Bridge b;
      const toml::node& hex = r_.Require(*t, "hex", "in [[bridge]]");
      b.hex = Hex(hex, "hex");
      const std::string where = "in [[bridge]] " + b.hex.ToString();
      if (At(b.hex).terrain != Terrain::kBridge) {
        r_.Fail(hex, "bridge hex " + b.hex.ToString() + " must have the bridge token in the grid");
      }
      if (s_.FindBridge(b.hex) != nullptr)
        r_.Fail(hex, "bridge " + b.hex.ToString() + " listed twice");
      b.name = r_.String(r_.Require(*t, "name", where), "name");
      const toml::node& ends = r_.Require(*t, "ends", where);
      const std::vector<HexId> e = Hexes(ends, "ends");
      if (e.size() != 2) r_.Fail(ends, "a bridge has exactly 2 end hexes");
      const int d0 = Dir(b.hex, e[0]);
      const int d1 = Dir(b.hex, e[1]);
      if (d0 < 0 || d1 < 0 || d1 != OppositeDir(d0)) {
        r_.Fail(ends, "the ends of bridge " + b.hex.ToString() +
                          " must be its neighbours on opposite sides");
      }
      for (const HexId& h : e) {
        const Terrain tt = At(h).terrain;
        if (tt == Terrain::kRiver || tt == Terrain::kBridge || tt == Terrain::kSea) {
          r_.Fail(ends, "bridge end " + h.ToString() + " must be a land hex");
        }
      }
      b.ends = {e[0], e[1]};
      const toml::node& road = r_.Require(*t, "road", where);
      b.road = r_.String(road, "road");
      const Road* rd = s_.FindRoad(b.road);
      if (rd == nullptr) r_.Fail(road, "unknown road '" + b.road + "'");
      bool runs = false;
      for (size_t i = 1; i + 1 < rd->path.size(); ++i) {
        if (rd->path[i] == b.hex && ((rd->path[i - 1] == e[0] && rd->path[i + 1] == e[1]) ||
                                     (rd->path[i - 1] == e[1] && rd->path[i + 1] == e[0]))) {
          runs = true;
        }
      }
      if (!runs) {
        r_.Fail(road,
                "road " + b.road + " must run end - bridge - end through " + b.hex.ToString());
      }
      b.provenance =
          r_.Provenances(r_.Require(*t, "provenance", where), {"hex", "name", "ends", "road"});
      s_.bridges.push_back(std::move(b));
    }
    for (const HexId& h : s_.Hexes()) {
      if (At(h).terrain == Terrain::kBridge && s_.FindBridge(h) == nullptr) {
        r_.Fail(1, "bridge hex " + h.ToString() + " has no [[bridge]] entry");
      }
    }
  }

  // "X/Y,Z": hexsides between level-1 hex X and level-0 hexes Y, Z.
  void Crests(const toml::node& node) {
    for (const toml::node& item : r_.Array(node, "crests")) {
      const std::string text = r_.String(item, "crests");
      const size_t slash = text.find('/');
      if (slash == std::string::npos) r_.Fail(item, "crest '" + text + "' must read \"X/Y,Z\"");
      HexId high;
      std::string error;
      if (!HexId::TryParse(text.substr(0, slash), &high, &error) || high.sheet != 0 ||
          s_.At(high.col, high.row) == nullptr) {
        r_.Fail(item, "crest '" + text + "': bad hex '" + text.substr(0, slash) + "'");
      }
      high.sheet = s_.id;
      if (Level(high) != 1)
        r_.Fail(item, "crest '" + text + "': " + high.ToString() + " is not level 1");
      std::string rest = text.substr(slash + 1);
      size_t start = 0;
      while (start <= rest.size()) {
        size_t comma = rest.find(',', start);
        if (comma == std::string::npos) comma = rest.size();
        const std::string part = rest.substr(start, comma - start);
        HexId low;
        if (!HexId::TryParse(part, &low, &error) || low.sheet != 0 ||
            s_.At(low.col, low.row) == nullptr) {
          r_.Fail(item, "crest '" + text + "': bad hex '" + part + "'");
        }
        low.sheet = s_.id;
        if (Dir(high, low) < 0) {
          r_.Fail(item, "crest '" + text + "': " + high.ToString() + " and " + low.ToString() +
                            " are not adjacent");
        }
        if (Level(low) != 0) {
          r_.Fail(item, "crest '" + text + "': " + low.ToString() + " is not level 0");
        }
        if (s_.IsCrest(high, low))
          r_.Fail(item, "crest " + high.ToString() + "/" + low.ToString() + " listed twice");
        s_.crests.push_back({high, low});
        start = comma + 1;
      }
    }
  }

  void Places(const toml::table& root) {
    for (const toml::table* t : r_.Tables(root, "place", false)) {
      r_.CheckKeys(*t, {"id", "name", "name_de", "aliases", "kind", "hexes", "provenance"},
                   "in [[place]]");
      Place p;
      const toml::node& id = r_.Require(*t, "id", "in [[place]]");
      p.id = r_.Slug(id, "id");
      for (const Place& other : s_.places) {
        if (other.id == p.id) r_.Fail(id, "place '" + p.id + "' defined twice");
      }
      const std::string where = "in [[place]] '" + p.id + "'";
      p.name = r_.String(r_.Require(*t, "name", where), "name");
      p.name_de = r_.GermanName(*t, p.name);
      if (const toml::node* n = t->get("aliases")) p.aliases = r_.Strings(*n, "aliases");
      const toml::node& kind = r_.Require(*t, "kind", where);
      const int ki = IndexOf(kPlaceKindIds, r_.String(kind, "kind"));
      if (ki < 0) r_.Fail(kind, "unknown place kind (known: " + JoinList(kPlaceKindIds) + ")");
      p.kind = static_cast<PlaceKind>(ki);
      const toml::node& hexes = r_.Require(*t, "hexes", where);
      p.hexes = Hexes(hexes, "hexes");
      if (p.hexes.empty()) r_.Fail(hexes, "a place needs at least one hex");
      for (const HexId& h : p.hexes) {
        const Terrain tt = At(h).terrain;
        if (p.kind == PlaceKind::kTown && tt != Terrain::kCity) {
          r_.Fail(hexes, "town " + p.name + ": hex " + h.ToString() + " is " + TerrainId(tt) +
                             ", every town hex is a city hex");
        }
        if (p.kind == PlaceKind::kHill && chart_[tt].level != 1) {
          r_.Fail(hexes, "hill " + p.name + ": hex " + h.ToString() + " is not level 1");
        }
        if (p.kind == PlaceKind::kWoodedHill && tt != Terrain::kWoodedHill) {
          r_.Fail(hexes,
                  "wooded hill " + p.name + ": hex " + h.ToString() + " is " + TerrainId(tt));
        }
        if (!chart_[tt].playable) {
          r_.Fail(hexes, p.name + ": hex " + h.ToString() + " is not playable");
        }
      }
      p.provenance = r_.Provenances(r_.Require(*t, "provenance", where),
                                    {"name", "name_de", "aliases", "hexes"});
      s_.places.push_back(std::move(p));
    }
    // Every city hex belongs to exactly one town (maps doc 2.1).
    for (const HexId& h : s_.Hexes()) {
      if (At(h).terrain != Terrain::kCity) continue;
      int towns = 0;
      for (const Place& p : s_.places)
        towns += (p.kind == PlaceKind::kTown && p.Contains(h)) ? 1 : 0;
      if (towns != 1) {
        r_.Fail(1, "city hex " + h.ToString() + " belongs to " + std::to_string(towns) +
                       " towns (every city hex belongs to exactly one [[place]] of kind \"town\")");
      }
    }
  }

  void Facts(const toml::table& root) {
    for (const toml::table* t : r_.Tables(root, "fact", false)) {
      r_.CheckKeys(*t, {"source", "text", "hexes", "is", "provenance"}, "in [[fact]]");
      Fact f;
      f.source = r_.String(r_.Require(*t, "source", "in [[fact]]"), "source");
      const std::string where = "in [[fact]] (" + f.source + ")";
      f.text = r_.String(r_.Require(*t, "text", where), "text");
      const toml::node& hexes = r_.Require(*t, "hexes", where);
      f.hexes = Hexes(hexes, "hexes");
      const toml::node& is = r_.Require(*t, "is", where);
      f.is = r_.String(is, "is");
      Terrain want{};
      const bool terrain = TerrainFromId(f.is, &want);
      if (!terrain && f.is != "level-1" && f.is != "road") {
        r_.Fail(is, "'is' must be a terrain id, \"level-1\" or \"road\" (is \"" + f.is + "\")");
      }
      for (const HexId& h : f.hexes) {
        const SheetHex& x = At(h);
        const bool holds =
            terrain ? x.terrain == want : (f.is == "road" ? x.road : chart_[x.terrain].level == 1);
        if (!holds) {
          r_.Fail(hexes, "hex " + h.ToString() + " must be " + f.is + " (" + f.source + ": " +
                             f.text + "), but the grid says " + TerrainId(x.terrain) +
                             (x.road ? " with road" : ""));
        }
      }
      f.provenance = r_.ProvenanceValue(r_.Require(*t, "provenance", where), "provenance");
      s_.facts.push_back(std::move(f));
    }
  }

 private:
  const Reader& r_;
  Sheet& s_;
  const TerrainChart& chart_;
};

}  // namespace

Sheet LoadSheet(const std::string& path, const TerrainChart& chart) {
  Reader r(path);
  const toml::table root = r.Parse();
  r.CheckKeys(root, {"sheet", "road", "river", "bridge", "place", "fact"}, "at the top level");
  Sheet s;
  s.file = path;
  const toml::table& meta = r.RequireTable(root, "sheet", "at the top level");
  r.CheckKeys(meta, {"id", "name", "provenance", "source", "grid", "crests", "crest_provenance"},
              "in [sheet]");
  const toml::node& id = r.Require(meta, "id", "in [sheet]");
  const std::string sid = r.String(id, "id");
  if (sid.size() != 1 || sid[0] < 'A' || sid[0] > 'D') r.Fail(id, "sheet id must be A, B, C or D");
  s.id = sid[0];
  s.name = r.String(r.Require(meta, "name", "in [sheet]"), "name");
  s.source = r.OptString(meta, "source");
  s.provenance = r.ProvenanceValue(r.Require(meta, "provenance", "in [sheet]"), "provenance");
  s.crest_provenance =
      r.ProvenanceValue(r.Require(meta, "crest_provenance", "in [sheet]"), "crest_provenance");
  SheetLoader l(r, s, chart);
  l.Grid(r.Require(meta, "grid", "in [sheet]"));
  l.Roads(root);
  l.Rivers(root);
  l.Bridges(root);
  l.Crests(r.Require(meta, "crests", "in [sheet]"));
  l.Places(root);
  l.Facts(root);
  return s;
}

// ---------------------------------------------------------------------------------------------
// Everything together.

namespace {

void CheckReferences(Data& d) {
  const auto nation_of = [&](const std::string& id) -> const CounterType* {
    return d.FindCounter(id);
  };
  const std::string& ff = d.formations.file;
  for (const Formation& f : d.formations.formations) {
    const std::string where = ff + ": formation '" + f.id + "': ";
    const CounterType* hq = nation_of(f.hq);
    if (hq == nullptr || hq->kind != UnitKind::kHq || hq->nation != f.nation) {
      throw DataError(where + "hq '" + f.hq + "' is not an HQ counter of its nation");
    }
    if (hq->formation != f.id) {
      throw DataError(where + "HQ counter '" + f.hq + "' names formation '" + hq->formation + "'");
    }
    if (!f.shq.empty()) {
      const CounterType* shq = nation_of(f.shq);
      if (shq == nullptr || shq->kind != UnitKind::kShq || shq->nation != f.nation ||
          shq->formation != f.id) {
        throw DataError(where + "shq '" + f.shq + "' is not an SHQ counter of this formation");
      }
    }
    for (const UnitCount& u : f.units) {
      const CounterType* c = nation_of(u.counter);
      if (c == nullptr || c->nation != f.nation || c->is_hq()) {
        throw DataError(where + "unit '" + u.counter + "' is not a combat unit of its nation");
      }
    }
  }
  for (const Pool& p : d.formations.pools) {
    for (const UnitCount& u : p.units) {
      for (const std::string& id : {u.counter, u.alt}) {
        if (id.empty()) continue;
        const CounterType* c = nation_of(id);
        if (c == nullptr || c->nation != p.nation || c->is_hq()) {
          throw DataError(ff + ": pool of " + NationId(p.nation) + ": unit '" + id +
                          "' is not a counter of that nation");
        }
      }
    }
  }
  for (const CounterSet& set : d.counters) {
    for (const CounterType& c : set.counters) {
      if (!c.is_hq()) continue;
      const Formation* f = d.formations.Find(c.formation);
      if (f == nullptr || f->id != c.formation || f->nation != c.nation) {
        throw DataError(set.file + ": HQ '" + c.id + "' names unknown formation '" + c.formation +
                        "'");
      }
      const CounterType* type = d.FindCounter(c.hq_type);
      if (type == nullptr || type->nation != c.nation || type->is_hq()) {
        throw DataError(set.file + ": HQ '" + c.id + "' has hq_type '" + c.hq_type +
                        "', which is not a combat unit of its nation");
      }
    }
  }
}

}  // namespace

Data LoadData(const std::string& dir) {
  Data d;
  d.terrain = LoadTerrainChart(dir + "/terrain.toml");
  for (int i = 0; i < kNumNations; ++i) {
    const Nation n = static_cast<Nation>(i);
    const std::string path = dir + "/counters-" + NationId(n) + ".toml";
    CounterSet set = LoadCounters(path);
    if (set.nation != n) {
      throw DataError(path + ":1: [nation] id must be '" + std::string(NationId(n)) + "'");
    }
    d.counters[static_cast<size_t>(i)] = std::move(set);
  }
  d.formations = LoadFormations(dir + "/formations.toml");
  d.chaos = LoadChaosTable(dir + "/chaos.toml");
  for (int i = 0; i < 4; ++i) {
    const char id = static_cast<char>('A' + i);
    const std::string path = dir + "/maps/sheet-" + static_cast<char>('a' + i) + ".toml";
    Sheet s = LoadSheet(path, d.terrain);
    if (s.id != id) throw DataError(path + ":1: [sheet] id must be '" + std::string(1, id) + "'");
    d.sheets[static_cast<size_t>(i)] = std::move(s);
  }
  CheckReferences(d);
  return d;
}

const Data& ShippedData() {
  static std::mutex mutex;
  static std::unique_ptr<const Data> data;
  const std::lock_guard<std::mutex> lock(mutex);
  if (!data) data = std::make_unique<const Data>(LoadData(data_dir() + "/wsr"));
  return *data;
}

}  // namespace feldherr::wsr
