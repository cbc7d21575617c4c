// White Star Rising scenario loader (games/wsr/scenario.h, docs/wsr-scenarios.md).
#include "games/wsr/scenario.h"

#include <toml++/toml.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <map>
#include <set>

#include "engine/errors.h"
#include "engine/toml_guard.h"
#include "engine/toml_util.h"

namespace feldherr::wsr {

namespace {

constexpr uintmax_t kMaxFileBytes = 1u << 20;
constexpr size_t kMaxList = 1000;

std::string Join(const std::vector<std::string_view>& v) {
  std::string s;
  for (std::string_view x : v) s += (s.empty() ? "" : ", ") + std::string(x);
  return s;
}

// Typed access to one parsed scenario file; every failure is "FILE:LINE: message".
class Reader {
 public:
  explicit Reader(std::string file) : file_(std::move(file)) {}

  [[noreturn]] void Fail(uint32_t line, const std::string& m) const {
    throw DataError(file_ + ":" + std::to_string(line == 0 ? 1 : line) + ": " + m);
  }
  [[noreturn]] void Fail(const toml::node& n, const std::string& m) const {
    Fail(n.source().begin.line, m);
  }

  toml::table Parse() const {
    const std::string text = toml_guard_swap(read_data_file(file_, kMaxFileBytes), file_);
    try {
      return toml::parse(std::string_view(text), std::string_view(file_));
    } catch (const toml::parse_error& e) {
      Fail(e.source().begin.line, "TOML syntax error: " + toml_guard_unswap(e.description()));
    }
  }

  void Keys(const toml::table& t, const std::vector<std::string_view>& allowed,
            const std::string& where) const {
    for (auto&& [key, value] : t) {
      if (std::find(allowed.begin(), allowed.end(), key.str()) == allowed.end()) {
        Fail(key.source().begin.line, "unknown field '" + toml_guard_unswap(key.str()) + "' " +
                                          where + " (allowed: " + Join(allowed) + ")");
      }
    }
  }
  const toml::node& Require(const toml::table& t, std::string_view key,
                            const std::string& where) const {
    const toml::node* n = t.get(key);
    if (n == nullptr) Fail(t, "missing field '" + std::string(key) + "' " + where);
    return *n;
  }
  std::string Str(const toml::node& n, std::string_view key) const {
    const auto* s = n.as_string();
    if (s == nullptr) Fail(n, "field '" + std::string(key) + "' must be a string");
    if (s->get().empty()) Fail(n, "field '" + std::string(key) + "' must not be empty");
    return toml_guard_unswap(s->get());
  }
  std::string Id(const toml::node& n, std::string_view key) const {
    std::string s = Str(n, key);
    if (!is_data_slug(s, 64, true)) {
      Fail(n, "field '" + std::string(key) + "' ('" + s +
                  "') must be lower-case letters, digits, '.' and '-'");
    }
    return s;
  }
  std::string OptStr(const toml::table& t, std::string_view key) const {
    const toml::node* n = t.get(key);
    return n == nullptr ? std::string() : Str(*n, key);
  }
  // A text a player reads: `key` in English and `key`_de in German, both or neither (then {}).
  Text OptText(const toml::table& t, std::string_view key) const {
    const std::string key_de = std::string(key) + "_de";
    const toml::node* en = t.get(key);
    const toml::node* de = t.get(key_de);
    if (en == nullptr && de == nullptr) return {};
    if (en == nullptr) {
      Fail(*de, "field '" + key_de + "' without '" + std::string(key) + "' (its English text)");
    }
    if (de == nullptr) {
      Fail(*en, "field '" + std::string(key) + "' has no German text: add '" + key_de +
                    "' (every text a player reads is given in English and German)");
    }
    return {Str(*en, key), Str(*de, key_de)};
  }
  Text ReqText(const toml::table& t, std::string_view key, const std::string& where) const {
    (void)Require(t, key, where);
    return OptText(t, key);
  }
  int Int(const toml::node& n, std::string_view key, int64_t lo, int64_t hi) const {
    const auto* v = n.as_integer();
    if (v == nullptr) Fail(n, "field '" + std::string(key) + "' must be an integer");
    if (v->get() < lo || v->get() > hi) {
      Fail(n, "field '" + std::string(key) + "' must be between " + std::to_string(lo) + " and " +
                  std::to_string(hi) + " (is " + std::to_string(v->get()) + ")");
    }
    return static_cast<int>(v->get());
  }
  int OptInt(const toml::table& t, std::string_view key, int64_t lo, int64_t hi, int dflt) const {
    const toml::node* n = t.get(key);
    return n == nullptr ? dflt : Int(*n, key, lo, hi);
  }
  bool OptBool(const toml::table& t, std::string_view key, bool dflt) const {
    const toml::node* n = t.get(key);
    if (n == nullptr) return dflt;
    const auto* b = n->as_boolean();
    if (b == nullptr) Fail(*n, "field '" + std::string(key) + "' must be true or false");
    return b->get();
  }
  const toml::table& Table(const toml::node& n, std::string_view key) const {
    const toml::table* t = n.as_table();
    if (t == nullptr) Fail(n, "field '" + std::string(key) + "' must be a table");
    return *t;
  }
  const toml::array& Array(const toml::node& n, std::string_view key) const {
    const toml::array* a = n.as_array();
    if (a == nullptr) Fail(n, "field '" + std::string(key) + "' must be an array");
    if (a->size() > kMaxList) Fail(n, "field '" + std::string(key) + "' is too long");
    return *a;
  }
  std::vector<const toml::table*> Tables(const toml::table& root, std::string_view key) const {
    std::vector<const toml::table*> out;
    const toml::node* n = root.get(key);
    if (n == nullptr) return out;
    for (const toml::node& item : Array(*n, key)) {
      out.push_back(&Table(item, key));
    }
    return out;
  }
  ProvenanceMap Prov(const toml::table& t, const std::vector<std::string>& fields) const {
    const toml::node* n = t.get("provenance");
    if (n == nullptr) Fail(t, "missing field 'provenance'");
    const toml::table& p = Table(*n, "provenance");
    ProvenanceMap map;
    bool have_default = false;
    for (auto&& [key, value] : p) {
      const std::string k(key.str());
      Provenance v{};
      const std::string name = Str(value, "provenance." + k);
      if (!ProvenanceFromName(name, &v)) {
        Fail(value, "unknown provenance '" + name +
                        "' (known: printed, rules-text, rules-example, public-unverified, "
                        "stand-in)");
      }
      if (k == "default") {
        map.fallback = v;
        have_default = true;
      } else if (std::find(fields.begin(), fields.end(), k) != fields.end()) {
        map.fields.emplace_back(k, v);
      } else {
        std::string allowed;
        for (const auto& f : fields) allowed += ", " + f;
        Fail(key.source().begin.line, "unknown field '" + toml_guard_unswap(k) +
                                          "' in 'provenance' (allowed: default" + allowed + ")");
      }
    }
    if (!have_default) Fail(p, "missing 'default' in 'provenance'");
    return map;
  }

 private:
  std::string file_;
};

// Column range "Q-U" or "N" on a sheet.
bool ParseColumns(std::string_view s, int* first, int* last) {
  auto col = [](char c, int* out) {
    if (c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
    if (c < 'A' || c > 'U') return false;
    *out = c - 'A' + 1;
    return true;
  };
  if (s.size() == 1) return col(s[0], first) && col(s[0], last);
  if (s.size() == 3 && s[1] == '-') {
    return col(s[0], first) && col(s[2], last) && *first <= *last;
  }
  return false;
}

using HookList = std::vector<std::pair<std::string, std::vector<std::string>>>;

// The special-rule hooks (never destroyed: Google style forbids non-trivial static destructors).
const HookList& Hooks() {
  static const HookList* const hooks = new HookList{
      // B1: the M18 may fire then spend `mp` MP, or spend `mp` MP then fire, at to-hit +`to_hit`.
      {"m18-fire-and-move", {"counter", "mp", "to_hit"}},
      // B2: a replaced HQ (WSR 1.3.2.3) may be placed with any unit of its formation.
      {"hq-replacement-any-unit", {"formation"}},
      // B3: river hexes do not exist (TerrainType::without_rivers).
      {"no-rivers", {}},
      // A2: hills do not exist (TerrainType::without_hills).
      {"no-hills", {}},
      // B3: the Panzergrenadiere are always dismounted, no enhanced firepower, no wreck.
      {"dismounted-only", {"counter", "formation"}},
      // B4: city hexes cost `soft`/`hard` MP, -`road` if a road runs through; defence `defence`.
      {"rubble", {"terrain", "move_soft", "move_hard", "road_reduction", "defence"}},
      // B4: an eliminated HQ may return (WSR 1.3.2.3) on any counter of type `counter`.
      {"hq-on-counter", {"formation", "counter"}},
      // B4: the ambushing Panther is placed in `zone` (no enemy unit there) at an opportunity
      // fire moment or during a `formation` impulse, must fire at once, +`extra_hits` hit.
      {"panther-ambush", {"formation", "counter", "zone", "extra_hits"}},
      // A12: only the bridges in `zone` are intact; every other bridge hex is impassable.
      {"only-bridges-intact", {"zone"}},
      // A12: no side may blow a bridge.
      {"no-demolition", {}},
      // A11: the road through the hexes of `zone` does not exist; they are clear hexes.
      {"no-road", {"zone"}},
      // A11: the aircraft counter `counter` is removed if still in play at the start of `turn`.
      {"air-withdrawn", {"counter", "turn"}},
      // A6: `south_formation` may enter the hexes of `zone` but not move north of them;
      // `north_formation` may enter them but not move south of them (retreats included).
      {"boundary-line", {"zone", "south_formation", "north_formation"}},
      // A6: only the HQ of `formation` may call the side's artillery strikes (WSR 11.2).
      {"artillery-caller", {"formation"}},
      // A4: the aircraft `counter` goes into the cup `delay` turns after the first enemy unit
      // came within `range` hexes of a hex of `zone`.
      {"air-trigger", {"counter", "zone", "range", "delay"}},
      // A4: the `counter` engineer of `formation`, undisrupted at one end of the bridge in `zone`
      // at the end of `turns` consecutive turns, may then try to blow it during a `formation`
      // impulse: 1 die, destroyed on <= `first_roll`, on <= `later_roll` in later turns; once an
      // enemy unit has crossed, never.
      {"blow-the-bridge", {"formation", "counter", "zone", "turns", "first_roll", "later_roll"}},
      // A5: one designated marker of `side`: activates any of its formations not yet activated
      // this turn, except `excluded_formation` in turn `excluded_turn`.
      {"designated-formation-marker", {"side", "count", "excluded_formation", "excluded_turn"}},
      // A5: improved positions need not be occupied at the start.
      {"ip-unoccupied", {}},
      // A5: improved positions may not be placed in hexes of terrain `terrain`.
      {"ip-forbidden-terrain", {"terrain"}},
      // A7: before setup roll 1 die per `counter`: reduced on <= `reduced_on`.
      {"dd-tanks", {"counter", "reduced_on"}},
      // A7: at most `per_turn` artillery strikes per turn.
      {"artillery-limit", {"per_turn"}},
      // A7: `side` may execute its first artillery strike before all activations of turn 1.
      {"pre-game-strike", {"side"}},
      // A7: if the marker of `formation` is not drawn by the end of turn 1, its side may not
      // withhold an end-turn marker for turn 2 (WSR 3.2.1).
      {"no-withheld-end-turn", {"formation"}},
      // A7: reinforcements of `formation` placed in `zone` when its marker is drawn in `turn`.
      {"place-on-activation", {"formation", "zone", "turn"}},
  };
  return *hooks;
}

}  // namespace

const std::vector<std::pair<std::string, std::vector<std::string>>>& KnownSpecialRules() {
  return Hooks();
}

const char* ArrivalKindId(ArrivalKind k) {
  switch (k) {
    case ArrivalKind::kSetup:
      return "setup";
    case ArrivalKind::kTurn:
      return "turn";
    case ArrivalKind::kRandom:
      return "random";
    case ArrivalKind::kSpecial:
      return "special";
  }
  return "?";
}

const char* ConditionKindId(ConditionKind k) {
  switch (k) {
    case ConditionKind::kAll:
      return "all";
    case ConditionKind::kAny:
      return "any";
    case ConditionKind::kControlAll:
      return "control_all";
    case ConditionKind::kOccupy:
      return "occupy";
    case ConditionKind::kExit:
      return "exit";
    case ConditionKind::kControlCount:
      return "control_count";
    case ConditionKind::kEliminate:
      return "eliminate";
    case ConditionKind::kAtLeast:
      return "at_least";
    case ConditionKind::kSurvive:
      return "survive";
    case ConditionKind::kNot:
      return "not";
  }
  return "?";
}

const char* ScoreEventId(ScoreEvent e) {
  switch (e) {
    case ScoreEvent::kEliminated:
      return "eliminated";
    case ScoreEvent::kExited:
      return "exited";
    case ScoreEvent::kControlledAll:
      return "controlled-all";
    case ScoreEvent::kControlledHex:
      return "controlled-hex";
  }
  return "?";
}

std::string Victory::ResultForPoints(const std::vector<std::pair<std::string, int>>& points) const {
  const auto of = [&](const std::string& name) {
    for (const auto& [s, p] : points) {
      if (s == name) return p;
    }
    return 0;
  };
  for (const PointsLevel& l : levels) {
    const int mine = of(l.side);
    int best_other = 0;
    bool any_other = false;
    for (const auto& [s, p] : points) {
      if (s == l.side) continue;
      best_other = any_other ? std::max(best_other, p) : p;
      any_other = true;
    }
    if (mine - best_other >= l.lead && mine >= l.min_points) return l.result;
  }
  return otherwise;
}

bool Zone::Contains(int index) const {
  return std::binary_search(hexes.begin(), hexes.end(), index);
}
bool Zone::Contains(const HexId& hex) const {
  return std::find(ids.begin(), ids.end(), hex) != ids.end();
}

int Force::CountOf(std::string_view counter) const {
  int n = 0;
  for (const ForceUnit& u : units) {
    if (u.counter == counter) n += u.count;
  }
  return n;
}
int Force::Total() const {
  int n = 0;
  for (const ForceUnit& u : units) n += u.count;
  return n;
}

const RandomEntry::Row& RandomEntry::ForRoll(int roll) const {
  for (const Row& r : rows) {
    if (std::find(r.rolls.begin(), r.rolls.end(), roll) != r.rolls.end()) return r;
  }
  throw DataError("random entry '" + id + "': no row for roll " + std::to_string(roll));
}

const SpecialRule::Param* SpecialRule::Find(std::string_view key) const {
  for (const Param& p : params) {
    if (p.key == key) return &p;
  }
  return nullptr;
}
int SpecialRule::Int(std::string_view key, int dflt) const {
  const Param* p = Find(key);
  return p != nullptr && p->is_int ? p->value : dflt;
}
std::string SpecialRule::Str(std::string_view key) const {
  const Param* p = Find(key);
  return p != nullptr && !p->is_int ? p->text : std::string();
}

const Side* Scenario::FindSide(std::string_view wanted) const {
  for (const Side& s : sides) {
    if (s.id == wanted) return &s;
  }
  return nullptr;
}
const FormationSetup* Scenario::FindFormation(std::string_view wanted) const {
  for (const FormationSetup& f : formations) {
    if (f.id == wanted) return &f;
  }
  return nullptr;
}
const Zone* Scenario::FindZone(std::string_view wanted) const {
  for (const Zone& z : zones) {
    if (z.id == wanted) return &z;
  }
  return nullptr;
}
const RandomEntry* Scenario::FindRandomEntry(std::string_view wanted) const {
  for (const RandomEntry& r : random_entries) {
    if (r.id == wanted) return &r;
  }
  return nullptr;
}
const SpecialRule* Scenario::FindRule(std::string_view wanted) const {
  for (const SpecialRule& r : special_rules) {
    if (r.id == wanted) return &r;
  }
  return nullptr;
}
std::string Scenario::SideOf(std::string_view formation) const {
  const FormationSetup* f = FindFormation(formation);
  return f == nullptr ? std::string() : f->side;
}
std::vector<const Force*> Scenario::ForcesOf(std::string_view side) const {
  std::vector<const Force*> out;
  for (const Force& f : forces) {
    if (SideOf(f.formation) == side) out.push_back(&f);
  }
  return out;
}
int Scenario::CountUnits(std::string_view side, std::string_view counter) const {
  int n = 0;
  for (const Force* f : ForcesOf(side)) n += f->CountOf(counter);
  return n;
}
int Scenario::CountUnits(std::string_view side, std::string_view counter, ArrivalKind how) const {
  int n = 0;
  for (const Force* f : ForcesOf(side)) {
    if (f->arrival == how) n += f->CountOf(counter);
  }
  return n;
}

namespace {

class ScenarioLoader {
 public:
  ScenarioLoader(const std::string& path, const Data& data) : r_(path), data_(data) {
    s_.file = path;
  }

  Scenario Load() {
    const toml::table root = r_.Parse();
    r_.Keys(root,
            {"id",
             "code",
             "section",
             "type",
             "title",
             "title_de",
             "date",
             "place",
             "place_de",
             "turns",
             "end_turn_markers",
             "setup_first",
             "provenance",
             "sheet",
             "side",
             "formation",
             "zone",
             "setup_requirement",
             "force",
             "random_entry",
             "chaos",
             "first_activation",
             "special_rule",
             "victory",
             "decision"},
            "at the top level");
    s_.id = r_.Id(r_.Require(root, "id", "at the top level"), "id");
    s_.code = r_.Str(r_.Require(root, "code", "at the top level"), "code");
    s_.section = r_.Str(r_.Require(root, "section", "at the top level"), "section");
    const toml::node& type = r_.Require(root, "type", "at the top level");
    const std::string t = r_.Str(type, "type");
    if (t == "basic") {
      s_.type = ScenarioType::kBasic;
    } else if (t == "advanced") {
      s_.type = ScenarioType::kAdvanced;
    } else {
      r_.Fail(type, "field 'type' must be \"basic\" or \"advanced\" (is '" + t + "')");
    }
    const Text title = r_.ReqText(root, "title", "at the top level");
    s_.title = title.en;
    s_.title_de = title.de;
    s_.date = r_.Str(r_.Require(root, "date", "at the top level"), "date");
    s_.place = r_.ReqText(root, "place", "at the top level");
    s_.turns = r_.Int(r_.Require(root, "turns", "at the top level"), "turns", 1, 30);
    s_.end_turn_markers = r_.OptInt(root, "end_turn_markers", 1, 5, 2);
    s_.provenance =
        r_.Prov(root, {"title", "date", "turns", "end_turn_markers", "setup_first", "layout"});

    LoadSheets(root);
    LoadSides(root);
    const toml::node& first = r_.Require(root, "setup_first", "at the top level");
    s_.setup_first = r_.Str(first, "setup_first");
    if (s_.FindSide(s_.setup_first) == nullptr) {
      r_.Fail(first, "setup_first '" + s_.setup_first + "' is not a side of the scenario");
    }
    LoadFormations(root);
    LoadZones(root);
    LoadSetupRequirements(root);
    LoadRandomEntries(root);
    LoadForces(root);
    LoadChaos(root);
    LoadFirstActivation(root);
    LoadRules(root);
    LoadVictory(root);
    for (const toml::table* d : r_.Tables(root, "decision")) {
      r_.Keys(*d, {"id", "text", "text_de"}, "in [[decision]]");
      s_.decisions.push_back({r_.Str(r_.Require(*d, "id", "in [[decision]]"), "id"),
                              r_.ReqText(*d, "text", "in [[decision]]")});
    }
    CheckCompleteness(root);
    return std::move(s_);
  }

 private:
  void LoadSheets(const toml::table& root) {
    const auto sheets = r_.Tables(root, "sheet");
    if (sheets.empty()) r_.Fail(root, "missing [[sheet]] tables (the map sheets in play)");
    for (const toml::table* t : sheets) {
      r_.Keys(*t, {"sheet", "x", "y", "columns"}, "in [[sheet]]");
      const toml::node& sn = r_.Require(*t, "sheet", "in [[sheet]]");
      const std::string id = r_.Str(sn, "sheet");
      if (id.size() != 1 || id[0] < 'A' || id[0] > 'D') {
        r_.Fail(sn, "sheet '" + id + "' is not one of the map sheets A-D");
      }
      SheetSlot slot;
      slot.sheet = id[0];
      slot.x = r_.OptInt(*t, "x", 0, 3, 0);
      slot.y = r_.OptInt(*t, "y", 0, 3, 0);
      if (const toml::node* c = t->get("columns")) {
        const std::string cols = r_.Str(*c, "columns");
        if (!ParseColumns(cols, &slot.first_col, &slot.last_col)) {
          r_.Fail(*c, "columns '" + cols + "' must be a range of columns such as \"A-K\"");
        }
      }
      s_.slots.push_back(slot);
    }
    try {
      s_.layout = HexLayout(s_.slots);
    } catch (const HexIdError& e) {
      r_.Fail(*sheets.front(), std::string("bad sheet layout: ") + e.what());
    }
  }

  void LoadSides(const toml::table& root) {
    const auto sides = r_.Tables(root, "side");
    if (sides.size() != 2) r_.Fail(root, "a scenario needs exactly two [[side]] tables");
    for (const toml::table* t : sides) {
      r_.Keys(*t,
              {"id", "fate_points", "artillery_he", "artillery_smoke", "air", "improved_positions",
               "mines", "provenance"},
              "in [[side]]");
      Side side;
      const toml::node& idn = r_.Require(*t, "id", "in [[side]]");
      side.id = r_.Str(idn, "id");
      if (!NationFromId(side.id, &side.nation)) {
        r_.Fail(idn, "side '" + side.id + "' must be \"us\", \"de\" or \"uk\"");
      }
      if (s_.FindSide(side.id) != nullptr) r_.Fail(idn, "side '" + side.id + "' given twice");
      side.fate_points = r_.OptInt(*t, "fate_points", 0, 20, 0);
      side.improved_positions = r_.OptInt(*t, "improved_positions", 0, 30, 0);
      side.mines = r_.OptInt(*t, "mines", 0, 30, 0);
      side.artillery_smoke = r_.OptInt(*t, "artillery_smoke", 0, 10, 0);
      if (const toml::node* a = t->get("artillery_he")) {
        for (const toml::node& item : r_.Array(*a, "artillery_he")) {
          const toml::table& at = r_.Table(item, "artillery_he");
          r_.Keys(at, {"strikes", "fp", "to_hit"}, "in 'artillery_he'");
          Artillery art;
          art.strikes = r_.Int(r_.Require(at, "strikes", "in 'artillery_he'"), "strikes", 1, 10);
          art.fp = r_.Int(r_.Require(at, "fp", "in 'artillery_he'"), "fp", 1, 12);
          art.to_hit = r_.Int(r_.Require(at, "to_hit", "in 'artillery_he'"), "to_hit", 2, 6);
          side.artillery_he.push_back(art);
        }
      }
      if (const toml::node* a = t->get("air")) {
        for (const toml::node& item : r_.Array(*a, "air")) {
          const toml::table& at = r_.Table(item, "air");
          r_.Keys(at, {"counter", "count", "turn"}, "in 'air'");
          Air air;
          const toml::node& cn = r_.Require(at, "counter", "in 'air'");
          air.counter = r_.Str(cn, "counter");
          const CounterType* c = data_.FindCounter(air.counter);
          if (c == nullptr || c->kind != UnitKind::kAircraft || c->nation != side.nation) {
            r_.Fail(cn, "'" + air.counter + "' is not an aircraft counter of side " + side.id);
          }
          air.count = r_.OptInt(at, "count", 1, 5, 1);
          air.turn = r_.Int(r_.Require(at, "turn", "in 'air'"), "turn", 1, s_.turns);
          side.air.push_back(air);
        }
      }
      side.provenance = r_.Prov(*t, {"fate_points", "artillery_he", "artillery_smoke", "air",
                                     "improved_positions", "mines"});
      s_.sides.push_back(std::move(side));
    }
  }

  void LoadFormations(const toml::table& root) {
    for (const toml::table* t : r_.Tables(root, "formation")) {
      r_.Keys(*t, {"id", "side", "morale", "marker_turn", "provenance"}, "in [[formation]]");
      FormationSetup f;
      const toml::node& idn = r_.Require(*t, "id", "in [[formation]]");
      f.id = r_.Str(idn, "id");
      const Formation* def = data_.formations.Find(f.id);
      if (def == nullptr || def->id != f.id) {
        r_.Fail(idn, "unknown formation '" + f.id + "' (formations.toml ids, e.g. \"de.beck\")");
      }
      if (s_.FindFormation(f.id) != nullptr) r_.Fail(idn, "formation '" + f.id + "' given twice");
      const toml::node& sn = r_.Require(*t, "side", "in [[formation]]");
      f.side = r_.Str(sn, "side");
      const Side* side = s_.FindSide(f.side);
      if (side == nullptr) r_.Fail(sn, "side '" + f.side + "' is not a side of the scenario");
      if (side->nation != def->nation) {
        r_.Fail(sn, "formation '" + f.id + "' is of nation " + NationId(def->nation) +
                        ", not of side " + f.side);
      }
      const toml::node& mn = r_.Require(*t, "morale", "in [[formation]]");
      f.morale = r_.Int(mn, "morale", 2, 12);
      if (f.morale != def->morale) {
        r_.Fail(mn, "morale " + std::to_string(f.morale) + " of '" + f.id +
                        "' differs from formations.toml (" + std::to_string(def->morale) +
                        ", WSR 13.0)");
      }
      f.marker_turn = r_.OptInt(*t, "marker_turn", 0, s_.turns, 1);
      f.provenance = r_.Prov(*t, {"morale", "marker_turn"});
      s_.formations.push_back(std::move(f));
    }
    if (s_.formations.empty()) r_.Fail(root, "missing [[formation]] tables");
  }

  // Layout index of a hex id; the id may omit the sheet when `sheet` is given or the layout
  // has one sheet.
  int HexIndex(const toml::node& n, std::string text, char sheet) {
    HexId id;
    std::string err;
    if (!HexId::TryParse(text, &id, &err)) r_.Fail(n, "bad hex '" + text + "': " + err);
    if (id.sheet == 0 && sheet != 0) id.sheet = sheet;
    const int i = s_.layout.Find(id);
    if (i == HexLayout::kNone) {
      std::string why;
      s_.layout.TryIndex(id.sheet == 0 ? text : id.ToString(), &why);
      r_.Fail(n, "hex '" + text + "' is not a playable hex of the scenario's layout" +
                     (why.empty() ? std::string() : " (" + why + ")"));
    }
    return i;
  }

  // Sheets of the layout holding hex i (one, or two for a merged seam hex).
  std::vector<HexId> AliasesOf(int i) const { return s_.layout.Aliases(i); }

  void LoadZones(const toml::table& root) {
    for (const toml::table* t : r_.Tables(root, "zone")) {
      r_.Keys(*t,
              {"id", "text", "text_de", "hexes", "place", "sheet", "columns", "rows", "edge", "all",
               "within", "terrain", "region_of", "provenance"},
              "in [[zone]]");
      Zone z;
      const toml::node& idn = r_.Require(*t, "id", "in [[zone]]");
      z.id = r_.Id(idn, "id");
      if (s_.FindZone(z.id) != nullptr) r_.Fail(idn, "zone '" + z.id + "' given twice");
      z.text = r_.OptText(*t, "text");
      char sheet = 0;
      if (const toml::node* sn = t->get("sheet")) {
        const std::string sh = r_.Str(*sn, "sheet");
        bool in_layout = false;
        for (const SheetSlot& sl : s_.slots) in_layout |= sh.size() == 1 && sl.sheet == sh[0];
        if (!in_layout) r_.Fail(*sn, "sheet '" + sh + "' is not in the scenario's layout");
        sheet = sh[0];
      }
      int first_col = 0, last_col = 0;
      const toml::node* cols = t->get("columns");
      if (cols != nullptr) {
        const std::string c = r_.Str(*cols, "columns");
        if (!ParseColumns(c, &first_col, &last_col)) {
          r_.Fail(*cols, "columns '" + c + "' must be a range of columns such as \"Q-U\"");
        }
        if (sheet == 0) r_.Fail(*cols, "'columns' needs 'sheet' (the sheet the letters refer to)");
        for (const SheetSlot& sl : s_.slots) {
          if (sl.sheet == sheet && (first_col < sl.first_col || last_col > sl.last_col)) {
            r_.Fail(*cols, "columns '" + c + "' of sheet " + std::string(1, sheet) +
                               " reach outside the playable area (columns " +
                               std::string(1, static_cast<char>('A' + sl.first_col - 1)) + "-" +
                               std::string(1, static_cast<char>('A' + sl.last_col - 1)) + ")");
          }
        }
      }
      const auto on_sheet_cols = [&](int i) {
        for (const HexId& a : AliasesOf(i)) {
          if (a.sheet == sheet && a.col >= first_col && a.col <= last_col) return true;
        }
        return false;
      };
      const auto on_sheet = [&](int i) {
        for (const HexId& a : AliasesOf(i)) {
          if (a.sheet == sheet) return true;
        }
        return false;
      };
      std::set<int> base;
      int bases = 0;
      if (const toml::node* h = t->get("hexes")) {
        ++bases;
        for (const toml::node& item : r_.Array(*h, "hexes")) {
          base.insert(HexIndex(item, r_.Str(item, "hexes"), sheet));
        }
      }
      std::vector<const toml::node*> place_nodes;
      if (const toml::node* p = t->get("place")) {
        ++bases;
        if (p->is_array()) {
          for (const toml::node& item : r_.Array(*p, "place")) place_nodes.push_back(&item);
          if (place_nodes.empty()) r_.Fail(*p, "'place' must not be empty");
        } else {
          place_nodes.push_back(p);
        }
      }
      for (const toml::node* p : place_nodes) {
        const std::string name = r_.Str(*p, "place");
        const Place* found = nullptr;
        char found_sheet = 0;
        for (const SheetSlot& sl : s_.slots) {
          if (sheet != 0 && sl.sheet != sheet) continue;
          const Place* pl = data_.sheet(sl.sheet).FindPlace(name);
          if (pl == nullptr) continue;
          if (found != nullptr) {
            r_.Fail(*p, "place '" + name + "' is on more than one sheet: give 'sheet'");
          }
          found = pl;
          found_sheet = sl.sheet;
        }
        if (found == nullptr) {
          r_.Fail(*p, "unknown place '" + name + "' on the sheets of the scenario");
        }
        for (HexId h : found->hexes) {
          if (h.sheet == 0) h.sheet = found_sheet;
          const int i = s_.layout.Find(h);
          if (i == HexLayout::kNone) {
            r_.Fail(*p, "hex " + h.ToString() + " of place '" + name +
                            "' is outside the playable area");
          }
          base.insert(i);
        }
      }
      if (const toml::node* e = t->get("edge")) {
        ++bases;
        const std::string edge = r_.Str(*e, "edge");
        MapEdge me = kEdgeNorth;
        if (edge == "north") {
          me = kEdgeNorth;
        } else if (edge == "east") {
          me = kEdgeEast;
        } else if (edge == "south") {
          me = kEdgeSouth;
        } else if (edge == "west") {
          me = kEdgeWest;
        } else {
          r_.Fail(*e, "edge '" + edge + "' must be north, east, south or west");
        }
        for (int i : s_.layout.EdgeHexes(me)) {
          if (sheet == 0 || on_sheet(i)) base.insert(i);
        }
      }
      if (r_.OptBool(*t, "all", false)) {
        ++bases;
        for (int i = 0; i < s_.layout.size(); ++i) {
          if (sheet == 0 || on_sheet(i)) base.insert(i);
        }
      }
      if (t->get("hexes") != nullptr && t->get("place") != nullptr) --bases;  // a union
      const bool columns_filter = bases > 0;
      if (bases == 0 && cols != nullptr) {
        ++bases;
        for (int i = 0; i < s_.layout.size(); ++i) {
          if (on_sheet_cols(i)) base.insert(i);
        }
      }
      if (bases != 1) {
        r_.Fail(*t, "zone '" + z.id +
                        "' needs exactly one of 'hexes', 'place', 'edge', 'all' or "
                        "'sheet' + 'columns'");
      }
      std::set<int> hexes = base;
      if (const toml::node* w = t->get("within")) {
        const int n = r_.Int(*w, "within", 1, 20);
        for (int i : base) {
          for (int j : s_.layout.WithinRange(i, n)) hexes.insert(j);
        }
      }
      if (columns_filter && cols != nullptr) {
        std::erase_if(hexes, [&](int i) { return !on_sheet_cols(i); });
      }
      if (const toml::node* rn = t->get("rows")) {
        // Rows of `sheet` ("06-12"): a filter.
        const std::string rows = r_.Str(*rn, "rows");
        int lo = 0, hi = 0;
        char dash = 0;
        if (std::sscanf(rows.c_str(), "%d%c%d", &lo, &dash, &hi) != 3 || dash != '-' || lo < 1 ||
            hi > 12 || lo > hi) {
          r_.Fail(*rn, "rows '" + rows + "' must be a range of rows such as \"06-12\"");
        }
        if (sheet == 0) r_.Fail(*rn, "'rows' needs 'sheet'");
        std::erase_if(hexes, [&](int i) {
          for (const HexId& a : AliasesOf(i)) {
            if (a.sheet == sheet && a.row >= lo && a.row <= hi) return false;
          }
          return true;
        });
      }
      if (const toml::node* rn = t->get("region_of")) {
        // "South of the river" (A8), "east of the river" (A4): keep the hexes connected to the
        // seed hex without crossing river, bridge or sea hexes.
        const int seed = HexIndex(*rn, r_.Str(*rn, "region_of"), sheet);
        const auto land = [&](int i) {
          const HexId& id = s_.layout.id(i);
          const Terrain tt = data_.sheet(id.sheet).Find(id)->terrain;
          return tt != Terrain::kRiver && tt != Terrain::kBridge && tt != Terrain::kSea;
        };
        if (!land(seed)) r_.Fail(*rn, "region_of: the seed hex is not a land hex");
        std::vector<char> seen(static_cast<size_t>(s_.layout.size()), 0);
        std::vector<int> todo = {seed};
        seen[static_cast<size_t>(seed)] = 1;
        while (!todo.empty()) {
          const int i = todo.back();
          todo.pop_back();
          for (int j : s_.layout.Neighbours(i)) {
            if (j == HexLayout::kNone || seen[static_cast<size_t>(j)] || !land(j)) continue;
            seen[static_cast<size_t>(j)] = 1;
            todo.push_back(j);
          }
        }
        std::erase_if(hexes, [&](int i) { return !seen[static_cast<size_t>(i)]; });
      }
      if (const toml::node* tn = t->get("terrain")) {
        std::vector<Terrain> keep;
        for (const toml::node& item : r_.Array(*tn, "terrain")) {
          const std::string id = r_.Str(item, "terrain");
          Terrain tt{};
          if (!TerrainFromId(id, &tt)) r_.Fail(item, "unknown terrain '" + id + "'");
          keep.push_back(tt);
        }
        std::erase_if(hexes, [&](int i) {
          const HexId& id = s_.layout.id(i);
          const SheetHex* h = data_.sheet(id.sheet).Find(id);
          return h == nullptr || std::find(keep.begin(), keep.end(), h->terrain) == keep.end();
        });
      }
      if (hexes.empty()) r_.Fail(*t, "zone '" + z.id + "' holds no hex of the layout");
      z.hexes.assign(hexes.begin(), hexes.end());
      for (int i : z.hexes) z.ids.push_back(s_.layout.id(i));
      z.provenance = r_.Prov(*t, {"hexes"});
      s_.zones.push_back(std::move(z));
    }
  }

  const Zone& ZoneRef(const toml::node& n, std::string_view key) {
    const std::string id = r_.Str(n, key);
    const Zone* z = s_.FindZone(id);
    if (z == nullptr) r_.Fail(n, "unknown zone '" + id + "'");
    return *z;
  }

  // Entry hexes must lie on an edge of the playable area (G-12).
  void CheckEntryZone(const toml::node& n, const Zone& z) {
    for (int i : z.hexes) {
      if (s_.layout.Edges(i) == 0) {
        r_.Fail(n, "entry zone '" + z.id + "': hex " + s_.layout.Name(i) +
                       " is not on an edge of the playable area (G-12)");
      }
    }
  }

  const FormationSetup& FormationRef(const toml::node& n, std::string_view key) {
    const std::string id = r_.Str(n, key);
    const FormationSetup* f = s_.FindFormation(id);
    if (f == nullptr) r_.Fail(n, "formation '" + id + "' is not a [[formation]] of the scenario");
    return *f;
  }

  void LoadSetupRequirements(const toml::table& root) {
    for (const toml::table* t : r_.Tables(root, "setup_requirement")) {
      r_.Keys(*t, {"side", "zone", "count", "at_most", "text", "text_de", "provenance"},
              "in [[setup_requirement]]");
      SetupRequirement q;
      const toml::node& sn = r_.Require(*t, "side", "in [[setup_requirement]]");
      q.side = r_.Str(sn, "side");
      if (s_.FindSide(q.side) == nullptr) r_.Fail(sn, "side '" + q.side + "' is not in play");
      q.zone = ZoneRef(r_.Require(*t, "zone", "in [[setup_requirement]]"), "zone").id;
      q.count = r_.OptInt(*t, "count", 0, 30, 1);
      q.at_most = r_.OptInt(*t, "at_most", 0, 30, -1);
      if (q.at_most >= 0 && q.at_most < q.count) {
        r_.Fail(*t, "setup requirement: at_most is below count");
      }
      q.text = r_.OptText(*t, "text");
      q.provenance = r_.Prov(*t, {"zone", "count", "at_most"});
      s_.setup_requirements.push_back(std::move(q));
    }
  }

  void LoadRandomEntries(const toml::table& root) {
    for (const toml::table* t : r_.Tables(root, "random_entry")) {
      r_.Keys(*t, {"id", "formation", "rows", "provenance"}, "in [[random_entry]]");
      RandomEntry re;
      const toml::node& idn = r_.Require(*t, "id", "in [[random_entry]]");
      re.id = r_.Id(idn, "id");
      if (s_.FindRandomEntry(re.id) != nullptr) r_.Fail(idn, "random entry given twice");
      re.formation =
          FormationRef(r_.Require(*t, "formation", "in [[random_entry]]"), "formation").id;
      std::array<int, 7> seen{};
      const toml::node& rows = r_.Require(*t, "rows", "in [[random_entry]]");
      for (const toml::node& item : r_.Array(rows, "rows")) {
        const toml::table& rt = r_.Table(item, "rows");
        r_.Keys(rt, {"rolls", "zone"}, "in a random entry row");
        RandomEntry::Row row;
        for (const toml::node& rn : r_.Array(r_.Require(rt, "rolls", "in a row"), "rolls")) {
          const int roll = r_.Int(rn, "rolls", 1, 6);
          if (seen[static_cast<size_t>(roll)]++ != 0) {
            r_.Fail(rn, "roll " + std::to_string(roll) + " appears in two rows");
          }
          row.rolls.push_back(roll);
        }
        if (const toml::node* zn = rt.get("zone")) {
          const Zone& z = ZoneRef(*zn, "zone");
          CheckEntryZone(*zn, z);
          row.zone = z.id;
        }
        re.rows.push_back(std::move(row));
      }
      for (int roll = 1; roll <= 6; ++roll) {
        if (seen[static_cast<size_t>(roll)] == 0) {
          r_.Fail(rows, "rows must cover every roll 1-6 (missing " + std::to_string(roll) + ")");
        }
      }
      re.provenance = r_.Prov(*t, {"rows"});
      s_.random_entries.push_back(std::move(re));
    }
  }

  void LoadForces(const toml::table& root) {
    std::map<std::string, std::pair<int, int>> sw_vs_infantry;  // formation -> (SWs, inf.)
    std::map<std::string, uint32_t> sw_line;
    for (const toml::table* t : r_.Tables(root, "force")) {
      r_.Keys(*t,
              {"formation", "units", "setup", "turn", "entry", "random_entry", "special", "zone",
               "always_in_command", "in_command_until_turn", "text", "text_de", "provenance"},
              "in [[force]]");
      Force f;
      const FormationSetup& fs =
          FormationRef(r_.Require(*t, "formation", "in [[force]]"), "formation");
      f.formation = fs.id;
      const Formation* def = data_.formations.Find(fs.id);
      const Nation nation = s_.FindSide(fs.side)->nation;
      f.text = r_.OptText(*t, "text");
      f.always_in_command = r_.OptBool(*t, "always_in_command", false);
      f.in_command_until_turn = r_.OptInt(*t, "in_command_until_turn", 0, s_.turns, 0);
      const toml::node& un = r_.Require(*t, "units", "in [[force]]");
      int loaded = 0, carriers = 0;  // platoons starting loaded, separate carriers
      uint32_t loaded_line = 0;
      for (const toml::node& item : r_.Array(un, "units")) {
        const toml::table& ut = r_.Table(item, "units");
        r_.Keys(ut, {"counter", "count", "reduced", "mounted", "loaded", "attached", "from"},
                "in a force unit");
        ForceUnit u;
        const toml::node& cn = r_.Require(ut, "counter", "in a force unit");
        u.counter = r_.Str(cn, "counter");
        const CounterType* c = data_.FindCounter(u.counter);
        if (c == nullptr) r_.Fail(cn, "unknown counter '" + u.counter + "'");
        if (c->nation != nation) {
          r_.Fail(cn, "counter '" + u.counter + "' is not of side " + fs.side);
        }
        if (c->kind == UnitKind::kAircraft) {
          r_.Fail(cn, "aircraft '" + u.counter + "' belong in the side's 'air' list");
        }
        u.count = r_.OptInt(ut, "count", 1, 30, 1);
        u.reduced = r_.OptBool(ut, "reduced", false);
        if (u.reduced && c->steps < 2) {
          r_.Fail(item, "counter '" + u.counter + "' has a single step: no reduced face");
        }
        u.mounted = r_.OptBool(ut, "mounted", false);
        if (u.mounted && !c->transport) {
          r_.Fail(item, "counter '" + u.counter + "' has no mounted face (WSR 5.2)");
        }
        u.loaded = r_.OptBool(ut, "loaded", false);
        if (u.loaded && c->kind != UnitKind::kInfantry && c->kind != UnitKind::kParatroopers &&
            c->kind != UnitKind::kEngineers) {
          r_.Fail(item, "counter '" + u.counter +
                            "' is no infantry platoon: only infantry, paratroopers and engineers "
                            "ride in carriers (WSR 5.2, A-38)");
        }
        if (u.loaded) {
          loaded_line = item.source().begin.line;
          loaded += u.count;
        }
        if (!c->transport && !c->is_hq() && c->face_for(false, false).carrier) carriers += u.count;
        u.attached = r_.OptBool(ut, "attached", false);
        u.from = r_.OptStr(ut, "from");
        if (!u.from.empty() && !u.attached) {
          r_.Fail(item, "'from' is only for attached units (attached = true)");
        }
        const auto lists = [&](const std::vector<UnitCount>& l) {
          return std::any_of(l.begin(), l.end(), [&](const UnitCount& x) {
            return x.counter == u.counter || x.alt == u.counter;
          });
        };
        if (!u.attached) {
          const bool own = u.counter == def->hq || u.counter == def->shq || lists(def->units);
          if (!own) {
            r_.Fail(cn, "counter '" + u.counter + "' is not of formation '" + def->id +
                            "' (WSR 13.0): mark it attached = true");
          }
        } else if (u.from == "pool") {
          const Pool* pool = data_.formations.PoolOf(nation);
          if (pool == nullptr || !lists(pool->units)) {
            r_.Fail(item, "counter '" + u.counter + "' is not in the attached pool (WSR 13.0)");
          }
        } else if (!u.from.empty()) {
          const Formation* other = data_.formations.Find(u.from);
          if (other == nullptr || other->id != u.from || !lists(other->units)) {
            r_.Fail(item,
                    "counter '" + u.counter + "' is not a unit of formation '" + u.from + "'");
          }
        }
        auto& [sws, inf] = sw_vs_infantry[f.formation];
        if (c->is_support_weapon()) {
          sws += u.count;
          sw_line.emplace(f.formation, item.source().begin.line);
        } else if (c->infantry_type()) {
          inf += u.count;
        }
        f.units.push_back(std::move(u));
      }
      if (f.units.empty()) r_.Fail(un, "a force needs at least one unit");
      int ways = 0;
      if (const toml::node* n = t->get("setup")) {
        ++ways;
        f.arrival = ArrivalKind::kSetup;
        f.zone = ZoneRef(*n, "setup").id;
      }
      if (const toml::node* n = t->get("turn")) {
        ++ways;
        f.arrival = ArrivalKind::kTurn;
        f.turn = r_.Int(*n, "turn", 1, s_.turns);
        const toml::node& en = r_.Require(*t, "entry", "in a [[force]] with 'turn'");
        const Zone& z = ZoneRef(en, "entry");
        CheckEntryZone(en, z);
        f.zone = z.id;
      } else if (const toml::node* en = t->get("entry")) {
        r_.Fail(*en, "'entry' needs 'turn'");
      }
      if (const toml::node* n = t->get("random_entry")) {
        ++ways;
        f.arrival = ArrivalKind::kRandom;
        const std::string id = r_.Str(*n, "random_entry");
        const RandomEntry* re = s_.FindRandomEntry(id);
        if (re == nullptr) r_.Fail(*n, "unknown random_entry '" + id + "'");
        if (re->formation != f.formation) {
          r_.Fail(*n, "random_entry '" + id + "' is rolled for formation '" + re->formation +
                          "', not '" + f.formation + "'");
        }
        f.random_entry = id;
      }
      if (const toml::node* n = t->get("special")) {
        ++ways;
        f.arrival = ArrivalKind::kSpecial;
        f.rule = r_.Str(*n, "special");
        special_refs_.emplace_back(f.rule, n->source().begin.line);
        f.zone = ZoneRef(r_.Require(*t, "zone", "in a [[force]] with 'special'"), "zone").id;
      } else if (const toml::node* zn = t->get("zone")) {
        r_.Fail(*zn, "'zone' is only for forces placed by a special rule ('special')");
      }
      if (ways != 1) {
        r_.Fail(*t,
                "a [[force]] needs exactly one of 'setup', 'turn' + 'entry', "
                "'random_entry' or 'special'");
      }
      if (loaded > carriers) {
        r_.Fail(loaded_line, std::to_string(loaded) +
                                 " platoons of the force start loaded but it has " +
                                 std::to_string(carriers) +
                                 " separate carriers: one platoon per carrier (WSR 5.2, A-38)");
      }
      if (loaded > 0 && f.arrival == ArrivalKind::kSpecial) {
        r_.Fail(loaded_line, "platoons placed by a special rule cannot start loaded (A-38)");
      }
      f.provenance = r_.Prov(*t, {"units", "zone", "turn"});
      s_.forces.push_back(std::move(f));
    }
    // WSR 1.3.4.1: every support weapon is assigned to an infantry-type platoon of its formation.
    for (const auto& [formation, n] : sw_vs_infantry) {
      if (n.first > n.second) {
        r_.Fail(sw_line[formation], "formation '" + formation + "' has " + std::to_string(n.first) +
                                        " support weapons but only " + std::to_string(n.second) +
                                        " infantry-type platoons to hold them (WSR 1.3.4.1)");
      }
    }
  }

  void LoadChaos(const toml::table& root) {
    for (const toml::table* t : r_.Tables(root, "chaos")) {
      r_.Keys(*t, {"count", "turn", "variation", "provenance"}, "in [[chaos]]");
      ChaosMarkers c;
      c.count = r_.OptInt(*t, "count", 1, 5, 1);
      c.turn = r_.Int(r_.Require(*t, "turn", "in [[chaos]]"), "turn", 1, s_.turns);
      c.variation = r_.OptBool(*t, "variation", false);
      c.provenance = r_.Prov(*t, {"count", "turn"});
      s_.chaos.push_back(std::move(c));
    }
  }

  void LoadFirstActivation(const toml::table& root) {
    const toml::node* n = root.get("first_activation");
    if (n == nullptr) return;
    const toml::table& t = r_.Table(*n, "first_activation");
    r_.Keys(t, {"formations", "optional", "delays_marker", "chooser", "provenance"},
            "in [first_activation]");
    FirstActivation& fa = s_.first_activation;
    const toml::node& fl = r_.Require(t, "formations", "in [first_activation]");
    for (const toml::node& item : r_.Array(fl, "formations")) {
      fa.formations.push_back(FormationRef(item, "formations").id);
    }
    if (fa.formations.empty()) r_.Fail(fl, "'formations' must not be empty");
    fa.optional = r_.OptBool(t, "optional", false);
    fa.delays_marker = r_.OptBool(t, "delays_marker", false);
    if (const toml::node* c = t.get("chooser")) {
      fa.chooser = SideRef(*c, "chooser");
      if (fa.formations.size() < 2) r_.Fail(*c, "'chooser' needs two or more formations");
    }
    fa.provenance = r_.Prov(t, {"formations", "optional", "delays_marker"});
  }

  void LoadRules(const toml::table& root) {
    for (const toml::table* t : r_.Tables(root, "special_rule")) {
      r_.Keys(*t, {"id", "text", "text_de", "params", "provenance"}, "in [[special_rule]]");
      SpecialRule rule;
      const toml::node& idn = r_.Require(*t, "id", "in [[special_rule]]");
      rule.id = r_.Id(idn, "id");
      const auto hook = std::find_if(Hooks().begin(), Hooks().end(),
                                     [&](const auto& h) { return h.first == rule.id; });
      if (hook == Hooks().end()) {
        std::string known;
        for (const auto& h : Hooks()) known += (known.empty() ? "" : ", ") + h.first;
        r_.Fail(idn, "unknown special rule '" + rule.id + "' (known: " + known + ")");
      }
      if (s_.FindRule(rule.id) != nullptr) r_.Fail(idn, "special rule given twice");
      rule.text = r_.ReqText(*t, "text", "in [[special_rule]]");
      if (const toml::node* pn = t->get("params")) {
        const toml::table& pt = r_.Table(*pn, "params");
        for (auto&& [key, value] : pt) {
          const std::string k(key.str());
          if (std::find(hook->second.begin(), hook->second.end(), k) == hook->second.end()) {
            std::string allowed;
            for (const auto& a : hook->second) allowed += (allowed.empty() ? "" : ", ") + a;
            r_.Fail(key.source().begin.line, "unknown parameter '" + toml_guard_unswap(k) +
                                                 "' of special rule '" + rule.id +
                                                 "' (allowed: " + allowed + ")");
          }
          SpecialRule::Param p;
          p.key = k;
          if (value.is_integer()) {
            p.is_int = true;
            p.value = r_.Int(value, k, -20, 20);
          } else {
            p.text = r_.Str(value, k);
            const auto ends = [&](std::string_view suffix) {
              return k.size() >= suffix.size() &&
                     k.compare(k.size() - suffix.size(), suffix.size(), suffix) == 0;
            };
            if (ends("zone")) ZoneRef(value, k);
            if (ends("formation")) FormationRef(value, k);
            if (k == "side") SideRef(value, k);
            if (ends("counter") && data_.FindCounter(p.text) == nullptr) {
              r_.Fail(value, "unknown counter '" + p.text + "'");
            }
            Terrain tt{};
            if (k == "terrain" && !TerrainFromId(p.text, &tt)) {
              r_.Fail(value, "unknown terrain '" + p.text + "'");
            }
          }
          rule.params.push_back(std::move(p));
        }
      }
      rule.provenance = r_.Prov(*t, {"params"});
      s_.special_rules.push_back(std::move(rule));
    }
    for (const auto& [id, line] : special_refs_) {
      if (s_.FindRule(id) == nullptr) {
        r_.Fail(line, "force placed by special rule '" + id + "', which is not a [[special_rule]]");
      }
    }
  }

  std::string SideRef(const toml::node& n, std::string_view key) {
    const std::string id = r_.Str(n, key);
    if (s_.FindSide(id) == nullptr) r_.Fail(n, "side '" + id + "' is not in play");
    return id;
  }

  Condition LoadCondition(const toml::node& n, int depth, const std::string& side) {
    if (depth > 8) r_.Fail(n, "victory condition nested too deeply");
    const toml::table& t = r_.Table(n, "condition");
    r_.Keys(
        t,
        {"all", "any", "at_least", "not", "control_all", "control_count", "occupy", "exit",
         "eliminate", "survive", "count", "count_hq", "count_reduced", "by", "weights", "units"},
        "in a victory condition");
    Condition c;
    c.by = side;
    if (const toml::node* b = t.get("by")) c.by = SideRef(*b, "by");
    if (c.by.empty()) r_.Fail(t, "a draw's condition needs 'by' (the side whose control counts)");
    int kinds = 0;
    for (const auto& [key, kind] : std::vector<std::pair<std::string_view, ConditionKind>>{
             {"all", ConditionKind::kAll},
             {"any", ConditionKind::kAny},
             {"at_least", ConditionKind::kAtLeast},
             {"control_all", ConditionKind::kControlAll},
             {"control_count", ConditionKind::kControlCount},
             {"occupy", ConditionKind::kOccupy},
             {"exit", ConditionKind::kExit},
             {"eliminate", ConditionKind::kEliminate},
             {"survive", ConditionKind::kSurvive},
             {"not", ConditionKind::kNot}}) {
      const toml::node* v = t.get(key);
      if (v == nullptr) continue;
      ++kinds;
      c.kind = kind;
      if (kind == ConditionKind::kEliminate) {
        // `eliminate = "enemy"`: units of the other side.
        if (r_.Str(*v, key) != "enemy") r_.Fail(*v, "'eliminate' must be \"enemy\"");
      } else if (kind == ConditionKind::kNot) {
        c.children.push_back(LoadCondition(*v, depth + 1, c.by));
      } else if (kind == ConditionKind::kSurvive) {
        // `survive = "own"`: units of the tested side.
        if (r_.Str(*v, key) != "own") r_.Fail(*v, "'survive' must be \"own\"");
      } else if (kind == ConditionKind::kAll || kind == ConditionKind::kAny ||
                 kind == ConditionKind::kAtLeast) {
        for (const toml::node& item : r_.Array(*v, key)) {
          c.children.push_back(LoadCondition(item, depth + 1, c.by));
        }
        if (c.children.size() < 2) r_.Fail(*v, "'" + std::string(key) + "' needs 2 or more tests");
      } else {
        const Zone& z = ZoneRef(*v, key);
        c.zone = z.id;
        if (kind == ConditionKind::kExit) CheckEntryZone(*v, z);
      }
    }
    if (kinds != 1) {
      r_.Fail(t,
              "a victory condition needs exactly one of all, any, at_least, control_all, "
              "control_count, occupy, exit, eliminate, survive");
    }
    const bool counted = c.kind == ConditionKind::kOccupy || c.kind == ConditionKind::kExit ||
                         c.kind == ConditionKind::kControlCount ||
                         c.kind == ConditionKind::kEliminate || c.kind == ConditionKind::kAtLeast ||
                         c.kind == ConditionKind::kSurvive;
    if (const toml::node* cn = t.get("count")) {
      if (!counted) r_.Fail(*cn, "'count' is only for counted tests");
      c.count = r_.Int(*cn, "count", 1, 50);
    } else if (counted) {
      r_.Fail(t, "at_least, control_count, occupy, exit, eliminate and survive need 'count'");
    }
    if (c.kind == ConditionKind::kAtLeast && c.count > static_cast<int>(c.children.size())) {
      r_.Fail(t, "at_least " + std::to_string(c.count) + " of " +
                     std::to_string(c.children.size()) + " tests can never hold");
    }
    if (const toml::node* w = t.get("weights")) {
      if (c.kind != ConditionKind::kExit) r_.Fail(*w, "'weights' is only for exit");
      for (auto&& [key, value] : r_.Table(*w, "weights")) {
        const std::string counter = toml_guard_unswap(key.str());
        if (data_.FindCounter(counter) == nullptr) {
          r_.Fail(key.source().begin.line, "unknown counter '" + counter + "' in 'weights'");
        }
        c.weights.emplace_back(counter, r_.Int(value, counter, 0, 10));
      }
    }
    if (c.kind == ConditionKind::kControlCount && c.zone.size() > 0 &&
        c.count > static_cast<int>(s_.FindZone(c.zone)->hexes.size())) {
      r_.Fail(t, "control_count " + std::to_string(c.count) + " exceeds the hexes of zone '" +
                     c.zone + "'");
    }
    const bool units = c.kind == ConditionKind::kOccupy || c.kind == ConditionKind::kExit ||
                       c.kind == ConditionKind::kEliminate || c.kind == ConditionKind::kSurvive;
    if (t.get("count_hq") != nullptr && !units) {
      r_.Fail(*t.get("count_hq"), "'count_hq' is only for occupy, exit, eliminate and survive");
    }
    if (t.get("count_reduced") != nullptr && !units) {
      r_.Fail(*t.get("count_reduced"),
              "'count_reduced' is only for occupy, exit, eliminate and survive");
    }
    if (const toml::node* u = t.get("units")) {
      if (!units) r_.Fail(*u, "'units' is only for occupy, exit, eliminate and survive");
      for (const toml::node& item : r_.Array(*u, "units")) {
        const std::string id = r_.Str(item, "units");
        if (data_.FindCounter(id) == nullptr) r_.Fail(item, "unknown counter '" + id + "'");
        c.units.push_back(id);
      }
      if (c.units.empty()) r_.Fail(*u, "'units' must not be empty");
    }
    c.count_hq = r_.OptBool(t, "count_hq", true);
    c.count_reduced = r_.OptBool(t, "count_reduced", true);
    return c;
  }

  // "us", "de-decisive", "draw", ...: the side of a result, or "" for a draw.
  std::string ResultSide(const toml::node& n, const std::string& result) {
    if (result == "draw") return "";
    const size_t dash = result.find('-');
    const std::string side = result.substr(0, dash);
    const std::string grade = dash == std::string::npos ? "" : result.substr(dash + 1);
    if (s_.FindSide(side) == nullptr ||
        !(grade.empty() || grade == "decisive" || grade == "marginal" || grade == "tactical")) {
      r_.Fail(n, "result '" + result +
                     "' must be a side in play, optionally with -decisive, -marginal or "
                     "-tactical, or \"draw\"");
    }
    return side;
  }

  void LoadVictory(const toml::table& root) {
    const toml::node& vn = r_.Require(root, "victory", "at the top level ([victory])");
    const toml::table& t = r_.Table(vn, "victory");
    r_.Keys(t,
            {"side", "otherwise", "when", "condition", "outcomes", "scoring", "levels", "text",
             "text_de", "provenance"},
            "in [victory]");
    Victory& v = s_.victory;
    const toml::node& on = r_.Require(t, "otherwise", "in [victory]");
    v.otherwise = r_.Str(on, "otherwise");
    ResultSide(on, v.otherwise);
    const int forms = (t.get("side") != nullptr || t.get("condition") != nullptr ? 1 : 0) +
                      (t.get("outcomes") != nullptr ? 1 : 0) +
                      (t.get("scoring") != nullptr || t.get("levels") != nullptr ? 1 : 0);
    if (forms != 1) {
      r_.Fail(t,
              "[victory] needs exactly one of 'side' + 'condition', 'outcomes', or "
              "'scoring' + 'levels'");
    }
    if (t.get("scoring") != nullptr || t.get("levels") != nullptr) {
      LoadPoints(t);
    } else if (const toml::node* oc = t.get("outcomes")) {
      for (const toml::node& item : r_.Array(*oc, "outcomes")) {
        const toml::table& ot = r_.Table(item, "outcomes");
        r_.Keys(ot, {"result", "by", "condition"}, "in a victory outcome");
        Outcome o;
        const toml::node& rn = r_.Require(ot, "result", "in a victory outcome");
        o.result = r_.Str(rn, "result");
        o.side = ResultSide(rn, o.result);
        if (const toml::node* b = ot.get("by")) o.side = SideRef(*b, "by");
        o.condition = LoadCondition(r_.Require(ot, "condition", "in a victory outcome"), 0, o.side);
        v.outcomes.push_back(std::move(o));
      }
      if (v.outcomes.empty()) r_.Fail(*oc, "'outcomes' must not be empty");
    } else {
      const toml::node& sn = r_.Require(t, "side", "in [victory]");
      Outcome o;
      o.result = o.side = SideRef(sn, "side");
      if (v.otherwise == o.side || s_.FindSide(v.otherwise) == nullptr) {
        r_.Fail(on, "'otherwise' must be the other side");
      }
      o.condition = LoadCondition(r_.Require(t, "condition", "in [victory]"), 0, o.side);
      v.outcomes.push_back(std::move(o));
    }
    if (!v.outcomes.empty()) {
      v.side = v.outcomes.front().side;
      v.condition = v.outcomes.front().condition;
    }
    if (const toml::node* wn = t.get("when")) {
      v.when = r_.Str(*wn, "when");
      if (v.when != "game-end") r_.Fail(*wn, "'when' must be \"game-end\" (A-34)");
    }
    v.text = r_.ReqText(t, "text", "in [victory]");
    v.provenance = r_.Prov(t, {"condition", "outcomes", "scoring", "levels"});
  }

  void LoadPoints(const toml::table& t) {
    Victory& v = s_.victory;
    const toml::node& sn = r_.Require(t, "scoring", "in [victory] with 'levels'");
    for (const toml::node& item : r_.Array(sn, "scoring")) {
      const toml::table& st = r_.Table(item, "scoring");
      r_.Keys(st, {"side", "points", "per", "zone", "units"}, "in a scoring rule");
      ScoreRule rule;
      rule.side = SideRef(r_.Require(st, "side", "in a scoring rule"), "side");
      rule.points = r_.Int(r_.Require(st, "points", "in a scoring rule"), "points", 1, 20);
      const toml::node& pn = r_.Require(st, "per", "in a scoring rule");
      const std::string per = r_.Str(pn, "per");
      bool zoned = true;
      if (per == "eliminated") {
        rule.per = ScoreEvent::kEliminated;
        zoned = false;
      } else if (per == "exited") {
        rule.per = ScoreEvent::kExited;
      } else if (per == "controlled-all") {
        rule.per = ScoreEvent::kControlledAll;
      } else if (per == "controlled-hex") {
        rule.per = ScoreEvent::kControlledHex;
      } else {
        r_.Fail(pn, "'per' must be eliminated, exited, controlled-all or controlled-hex");
      }
      if (const toml::node* zn = st.get("zone")) {
        if (!zoned) r_.Fail(*zn, "'zone' is not used with per = \"eliminated\"");
        const Zone& z = ZoneRef(*zn, "zone");
        if (rule.per == ScoreEvent::kExited) CheckEntryZone(*zn, z);
        rule.zone = z.id;
      } else if (zoned) {
        r_.Fail(st, "per = \"" + per + "\" needs 'zone'");
      }
      if (const toml::node* un = st.get("units")) {
        if (rule.per == ScoreEvent::kControlledAll || rule.per == ScoreEvent::kControlledHex) {
          r_.Fail(*un, "'units' is only for eliminated and exited");
        }
        for (const toml::node& u : r_.Array(*un, "units")) {
          const std::string id = r_.Str(u, "units");
          if (data_.FindCounter(id) == nullptr) r_.Fail(u, "unknown counter '" + id + "'");
          rule.units.push_back(id);
        }
      }
      v.scoring.push_back(std::move(rule));
    }
    if (v.scoring.empty()) r_.Fail(sn, "'scoring' must not be empty");
    const toml::node& ln = r_.Require(t, "levels", "in [victory] with 'scoring'");
    for (const toml::node& item : r_.Array(ln, "levels")) {
      const toml::table& lt = r_.Table(item, "levels");
      r_.Keys(lt, {"result", "by", "lead", "min_points"}, "in a points level");
      PointsLevel l;
      const toml::node& rn = r_.Require(lt, "result", "in a points level");
      l.result = r_.Str(rn, "result");
      l.side = ResultSide(rn, l.result);
      if (const toml::node* b = lt.get("by")) l.side = SideRef(*b, "by");
      if (l.side.empty()) r_.Fail(rn, "a draw level needs 'by' (the side whose lead counts)");
      l.lead = r_.OptInt(lt, "lead", -50, 50, 0);
      l.min_points = r_.OptInt(lt, "min_points", 0, 100, 0);
      v.levels.push_back(std::move(l));
    }
    if (v.levels.empty()) r_.Fail(ln, "'levels' must not be empty");
  }

  void CheckCompleteness(const toml::table& root) {
    for (const FormationSetup& f : s_.formations) {
      const bool has = std::any_of(s_.forces.begin(), s_.forces.end(),
                                   [&](const Force& x) { return x.formation == f.id; });
      if (!has) r_.Fail(root, "formation '" + f.id + "' has no [[force]]");
    }
    for (const Side& side : s_.sides) {
      if (s_.ForcesOf(side.id).empty()) r_.Fail(root, "side '" + side.id + "' has no units");
    }
    for (const RandomEntry& re : s_.random_entries) {
      const bool used = std::any_of(s_.forces.begin(), s_.forces.end(),
                                    [&](const Force& x) { return x.random_entry == re.id; });
      if (!used) r_.Fail(root, "random_entry '" + re.id + "' is used by no [[force]]");
    }
  }

  Reader r_;
  const Data& data_;
  Scenario s_;
  std::vector<std::pair<std::string, uint32_t>> special_refs_;
};

}  // namespace

Scenario LoadScenario(const std::string& path, const Data& data) {
  return ScenarioLoader(path, data).Load();
}

std::vector<Scenario> LoadScenarios(const std::string& dir, const Data& data) {
  namespace fs = std::filesystem;
  std::vector<std::string> files;
  std::error_code ec;
  for (const auto& e : fs::directory_iterator(dir, ec)) {
    if (e.path().extension() == ".toml") files.push_back(e.path().string());
  }
  if (ec) throw DataError(dir + ": cannot read directory (" + ec.message() + ")");
  std::sort(files.begin(), files.end());
  std::vector<Scenario> out;
  for (const std::string& f : files) out.push_back(LoadScenario(f, data));
  return out;
}

}  // namespace feldherr::wsr
