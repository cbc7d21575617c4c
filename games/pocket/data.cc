// Pocket Battles static data: loading and validating data/pocket/*.toml (games/pocket/data.h,
// docs/pocket-data.md, docs/data-provenance.md).
//
// The loader is strict: every field of every troop is required, every value is range-checked
// and every value carries a provenance, so that an owner of the box can correct the stand-in
// values (PB §15.1: the rulebook prints none) by editing data and get a precise "FILE:LINE:
// message" for any mistake. It never crashes on any input; every problem is a DataError.
#include "games/pocket/data.h"

#include <toml++/toml.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <map>
#include <memory>
#include <mutex>
#include <string_view>
#include <utility>

#include "engine/errors.h"
#include "engine/toml_guard.h"
#include "engine/toml_util.h"

namespace feldherr::pocket {

// ---------------------------------------------------------------------------------------------
// Traits and troop queries.

bool trait_is_special(Trait t) {
  // Special traits need their own order (PB Aktion 6); see the enum comments in data.h.
  return t == Trait::kRegenerate || t == Trait::kHeal;
}

const char* trait_name(Trait t) {
  switch (t) {
    case Trait::kRegenerate:
      return "regenerate";
    case Trait::kHeal:
      return "heal";
    case Trait::kSwift:
      return "swift";
    case Trait::kLongRange:
      return "long-range";
  }
  return "unknown";
}

const char* trait_name_de(Trait t) {
  switch (t) {
    case Trait::kRegenerate:
      return "regenerieren";
    case Trait::kHeal:
      return "heilen";
    case Trait::kSwift:
      return "schnell";
    case Trait::kLongRange:
      return "Fernkampf";
  }
  return "unbekannt";
}

bool trait_from_name(const std::string& name, Trait& out) {
  for (int i = 0; i < kNumTraits; ++i) {
    const Trait t = static_cast<Trait>(i);
    if (name == trait_name(t)) {
      out = t;
      return true;
    }
  }
  return false;
}

bool TroopType::has(Trait t) const {
  return std::find(traits.begin(), traits.end(), t) != traits.end();
}

int TroopType::combat_matches(int face) const {
  return static_cast<int>(std::count(combat_dice.begin(), combat_dice.end(), face));
}

int TroopType::shooting_matches(int face) const {
  return static_cast<int>(std::count(shooting_dice.begin(), shooting_dice.end(), face));
}

int Army::tiles() const {
  int total = 0;
  for (const TroopType& t : troops) total += t.count;
  return total;
}

// ---------------------------------------------------------------------------------------------
// Loader.

namespace {

// Bounds that keep every derived sum (tiles, DP totals) far inside int and reject absurd files.
constexpr int64_t kMaxCount = 1000;      // tiles of one troop type
constexpr int64_t kMaxValue = 1000;      // dp, fv, lp
constexpr size_t kMaxDice = 12;          // dice printed on one tile, per colour
constexpr size_t kMaxTroopTypes = 1000;  // [[troop]] tables in one file
constexpr size_t kMaxIdLength = 64;

// Fields of a [[troop]] table, in the order they are checked and reported.
constexpr std::array<std::string_view, 11> kTroopFields = {
    "id",     "name", "name_de", "count", "combat_dice", "shooting_dice",
    "traits", "dp",   "fv",      "lp",    "provenance"};

// Fields that need a provenance (every value of a troop except its id), in TroopType order.
constexpr std::array<std::string_view, 9> kProvenanceFields = {
    "name", "name_de", "count", "combat_dice", "shooting_dice", "traits", "dp", "fv", "lp"};

constexpr std::array<std::string_view, 4> kArmyFields = {"id", "name", "name_de", "note"};
constexpr std::array<std::string_view, 2> kRootFields = {"army", "troop"};

constexpr std::array<std::pair<std::string_view, Provenance>, 5> kProvenanceNames = {{
    {"printed", Provenance::kPrinted},
    {"rules-text", Provenance::kRulesText},
    {"rules-example", Provenance::kRulesExample},
    {"public-unverified", Provenance::kPublicUnverified},
    {"stand-in", Provenance::kStandIn},
}};

template <size_t N>
bool Contains(const std::array<std::string_view, N>& list, std::string_view s) {
  return std::find(list.begin(), list.end(), s) != list.end();
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

class Loader {
 public:
  explicit Loader(std::string file) : file_(std::move(file)) {}

  [[noreturn]] void Fail(uint32_t line, const std::string& message) const {
    throw DataError(file_ + ":" + std::to_string(line == 0 ? 1 : line) + ": " + message);
  }
  [[noreturn]] void Fail(const toml::source_region& where, const std::string& message) const {
    Fail(where.begin.line, message);
  }

  Army Load(const std::string& expected_id) {
    const std::string text = toml_guard_swap(read_data_file(file_), file_);
    toml::table root;
    try {
      root = toml::parse(std::string_view(text), std::string_view(file_));
    } catch (const toml::parse_error& e) {
      Fail(e.source(), "TOML syntax error: " + toml_guard_unswap(e.description()));
    }

    CheckKeys(root, kRootFields, "at the top level");
    Army army;
    army.file = file_;
    ParseArmy(root, army, expected_id);

    const toml::node* troops_node = root.get("troop");
    if (troops_node == nullptr) Fail(1, "missing [[troop]] tables (an army needs troops)");
    const toml::array* troops = troops_node->as_array();
    if (troops == nullptr) {
      Fail(troops_node->source(),
           std::string("'troop' must be an array of tables ([[troop]]), not ") +
               toml_type_name(troops_node->type()));
    }
    if (troops->empty()) Fail(troops->source(), "'troop' holds no troops");
    if (troops->size() > kMaxTroopTypes) {
      Fail(troops->source(), "more than " + std::to_string(kMaxTroopTypes) + " [[troop]] tables");
    }

    std::map<std::string, uint32_t> id_lines;
    for (const toml::node& node : *troops) {
      const toml::table* table = node.as_table();
      if (table == nullptr) {
        Fail(node.source(), std::string("each troop must be a table ([[troop]]), not ") +
                                toml_type_name(node.type()));
      }
      TroopType troop = ParseTroop(*table, army.id);
      const uint32_t line = table->get("id")->source().begin.line;
      auto [it, inserted] = id_lines.emplace(troop.id, line);
      if (!inserted) {
        Fail(line, "duplicate troop id '" + troop.id + "' (first defined at line " +
                       std::to_string(it->second) + ")");
      }
      army.troops.push_back(std::move(troop));
    }
    return army;
  }

 private:
  template <size_t N>
  void CheckKeys(const toml::table& table, const std::array<std::string_view, N>& allowed,
                 const std::string& where) const {
    for (auto&& [key, value] : table) {
      if (!Contains(allowed, key.str())) {
        Fail(key.source(), "unknown field '" + toml_guard_unswap(key.str()) + "' " + where +
                               " (allowed: " + JoinList(allowed) + ")");
      }
    }
  }

  const toml::node& Require(const toml::table& table, std::string_view key,
                            const std::string& where) const {
    const toml::node* node = table.get(key);
    if (node == nullptr) Fail(table.source(), "missing field '" + std::string(key) + "' " + where);
    return *node;
  }

  std::string String(const toml::node& node, std::string_view key, bool allow_empty) const {
    const toml::value<std::string>* s = node.as_string();
    if (s == nullptr) {
      Fail(node.source(),
           "field '" + std::string(key) + "' must be a string, not " + toml_type_name(node.type()));
    }
    if (!allow_empty && s->get().empty()) {
      Fail(node.source(), "field '" + std::string(key) + "' must not be empty");
    }
    return toml_guard_unswap(s->get());
  }

  int Integer(const toml::node& node, std::string_view key, int64_t min, int64_t max) const {
    const toml::value<int64_t>* v = node.as_integer();
    if (v == nullptr) {
      Fail(node.source(), "field '" + std::string(key) + "' must be an integer, not " +
                              toml_type_name(node.type()));
    }
    const int64_t x = v->get();
    if (x < min || x > max) {
      Fail(node.source(), "field '" + std::string(key) + "' must be between " +
                              std::to_string(min) + " and " + std::to_string(max) + " (is " +
                              std::to_string(x) + ")");
    }
    return static_cast<int>(x);
  }

  // fv: integer >= 1 or "*" (PB §12, Kobolde); lp: integer >= 1 or "none" (PB §12, Waldläufer).
  int IntegerOr(const toml::node& node, std::string_view key, std::string_view word,
                int word_value) const {
    if (const toml::value<std::string>* s = node.as_string()) {
      if (s->get() == word) return word_value;
      Fail(node.source(), "field '" + std::string(key) + "' must be an integer >= 1 or \"" +
                              std::string(word) + "\" (is \"" + toml_guard_unswap(s->get()) +
                              "\")");
    }
    if (node.as_integer() == nullptr) {
      Fail(node.source(), "field '" + std::string(key) + "' must be an integer >= 1 or \"" +
                              std::string(word) + "\", not " + toml_type_name(node.type()));
    }
    return Integer(node, key, 1, kMaxValue);
  }

  const toml::array& Array(const toml::node& node, std::string_view key) const {
    const toml::array* a = node.as_array();
    if (a == nullptr) {
      Fail(node.source(),
           "field '" + std::string(key) + "' must be an array, not " + toml_type_name(node.type()));
    }
    return *a;
  }

  std::vector<int> Dice(const toml::node& node, std::string_view key) const {
    const toml::array& a = Array(node, key);
    if (a.size() > kMaxDice) {
      Fail(node.source(), "field '" + std::string(key) + "' holds more than " +
                              std::to_string(kMaxDice) + " dice");
    }
    std::vector<int> faces;
    for (const toml::node& die : a) {
      const toml::value<int64_t>* v = die.as_integer();
      if (v == nullptr) {
        Fail(die.source(), "field '" + std::string(key) + "' must hold die faces 1..6, not " +
                               toml_type_name(die.type()));
      }
      if (v->get() < 1 || v->get() > 6) {
        Fail(die.source(), "die face " + std::to_string(v->get()) + " in '" + std::string(key) +
                               "' is outside 1..6");
      }
      faces.push_back(static_cast<int>(v->get()));
    }
    return faces;
  }

  std::vector<Trait> Traits(const toml::node& node) const {
    const toml::array& a = Array(node, "traits");
    std::vector<Trait> traits;
    for (const toml::node& item : a) {
      const toml::value<std::string>* s = item.as_string();
      if (s == nullptr) {
        Fail(item.source(), std::string("field 'traits' must hold trait names, not ") +
                                toml_type_name(item.type()));
      }
      Trait t{};
      if (!trait_from_name(s->get(), t)) {
        Fail(item.source(), "unknown trait '" + toml_guard_unswap(s->get()) +
                                "' (known: regenerate, heal, swift, long-range)");
      }
      if (std::find(traits.begin(), traits.end(), t) != traits.end()) {
        Fail(item.source(), "duplicate trait '" + s->get() + "'");
      }
      traits.push_back(t);
    }
    return traits;
  }

  std::vector<std::pair<std::string, Provenance>> ProvenanceTable(const toml::node& node) const {
    const toml::table* table = node.as_table();
    if (table == nullptr) {
      Fail(node.source(),
           std::string("field 'provenance' must be a table, not ") + toml_type_name(node.type()));
    }
    for (auto&& [key, value] : *table) {
      if (!Contains(kProvenanceFields, key.str())) {
        Fail(key.source(), "unknown field '" + toml_guard_unswap(key.str()) +
                               "' in 'provenance' (allowed: " + JoinList(kProvenanceFields) + ")");
      }
    }
    std::vector<std::pair<std::string, Provenance>> out;
    for (std::string_view field : kProvenanceFields) {
      const toml::node* value = table->get(field);
      if (value == nullptr) {
        Fail(table->source(), "missing provenance for field '" + std::string(field) + "'");
      }
      const std::string name = String(*value, "provenance." + std::string(field), false);
      const auto it = std::find_if(
          kProvenanceNames.begin(), kProvenanceNames.end(),
          [&](const std::pair<std::string_view, Provenance>& p) { return p.first == name; });
      if (it == kProvenanceNames.end()) {
        Fail(value->source(), "unknown provenance '" + name + "' for field '" + std::string(field) +
                                  "' (known: printed, rules-text, rules-example, "
                                  "public-unverified, stand-in)");
      }
      out.emplace_back(std::string(field), it->second);
    }
    return out;
  }

  void ParseArmy(const toml::table& root, Army& army, const std::string& expected_id) const {
    const toml::node* node = root.get("army");
    if (node == nullptr) Fail(1, "missing [army] table");
    const toml::table* table = node->as_table();
    if (table == nullptr) {
      Fail(node->source(),
           std::string("'army' must be a table ([army]), not ") + toml_type_name(node->type()));
    }
    CheckKeys(*table, kArmyFields, "in [army]");
    const std::string where = "in [army]";
    const toml::node& id = Require(*table, "id", where);
    army.id = String(id, "id", false);
    if (!is_data_slug(army.id, kMaxIdLength)) {
      Fail(id.source(), "army id '" + army.id +
                            "' must be lower-case letters, digits and '-' (at most " +
                            std::to_string(kMaxIdLength) + " characters)");
    }
    if (!expected_id.empty() && army.id != expected_id) {
      Fail(id.source(),
           "army id '" + army.id + "' does not match the file name ('" + expected_id + "')");
    }
    army.name = String(Require(*table, "name", where), "name", false);
    String(Require(*table, "name_de", where), "name_de", false);
    String(Require(*table, "note", where), "note", true);
  }

  TroopType ParseTroop(const toml::table& table, const std::string& army_id) const {
    CheckKeys(table, kTroopFields, "in [[troop]]");
    TroopType t;
    const toml::node& id = Require(table, "id", "in [[troop]]");
    t.id = String(id, "id", false);
    const std::string prefix = army_id + ".";
    if (t.id.compare(0, prefix.size(), prefix) != 0 ||
        !is_data_slug(t.id.substr(prefix.size()), kMaxIdLength)) {
      Fail(id.source(), "troop id '" + t.id + "' must be '" + prefix +
                            "' followed by lower-case letters, digits and '-'");
    }
    const std::string where = "in [[troop]] '" + t.id + "'";
    t.name = String(Require(table, "name", where), "name", false);
    t.name_de = String(Require(table, "name_de", where), "name_de", false);
    t.count = Integer(Require(table, "count", where), "count", 1, kMaxCount);
    t.combat_dice = Dice(Require(table, "combat_dice", where), "combat_dice");
    t.shooting_dice = Dice(Require(table, "shooting_dice", where), "shooting_dice");
    t.traits = Traits(Require(table, "traits", where));
    t.dp = Integer(Require(table, "dp", where), "dp", 1, kMaxValue);
    t.fv = IntegerOr(Require(table, "fv", where), "fv", "*", kStarFV);
    t.lp = IntegerOr(Require(table, "lp", where), "lp", "none", kNoLP);
    t.provenance = ProvenanceTable(Require(table, "provenance", where));
    return t;
  }

  std::string file_;
};

Army LoadArmy(const std::string& path, const std::string& expected_id) {
  return Loader(path).Load(expected_id);
}

}  // namespace

Army load_army(const std::string& path) {
  return LoadArmy(path, "");
}

const Army& shipped_army(const std::string& id) {
  static std::mutex mutex;
  static std::map<std::string, std::unique_ptr<const Army>> cache;
  const std::lock_guard<std::mutex> lock(mutex);
  if (auto it = cache.find(id); it != cache.end()) return *it->second;
  // Only plain names: an id can never reach outside data/pocket/.
  if (!is_data_slug(id, kMaxIdLength)) throw DataError("unknown Pocket Battles army '" + id + "'");
  const std::string path = data_dir() + "/pocket/" + id + ".toml";
  std::error_code ec;
  if (!std::filesystem::is_regular_file(path, ec)) {
    throw DataError(path + ": unknown Pocket Battles army '" + id + "' (no such file)");
  }
  auto army = std::make_unique<const Army>(LoadArmy(path, id));
  const Army& ref = *army;
  cache.emplace(id, std::move(army));
  return ref;
}

}  // namespace feldherr::pocket
