// Planspiel fire data loader (games/planspiel/fire_data.h). Strict: unknown fields, missing
// fields, wrong types, duplicate rows and values without provenance are all
// DataError("FILE:LINE: message"); it never crashes on any input.
#include "games/planspiel/fire_data.h"

#include <toml++/toml.h>

#include <algorithm>
#include <memory>
#include <mutex>
#include <set>

#include "engine/errors.h"
#include "engine/toml_guard.h"
#include "engine/toml_reader.h"
#include "engine/toml_util.h"

namespace feldherr::planspiel {

const char* weapon_kind_name(WeaponKind k) {
  switch (k) {
    case WeaponKind::kInfantry:
      return "infantry";
    case WeaponKind::kMachineGun:
      return "machine-gun";
    case WeaponKind::kTankOrAtGun:
      return "tank-or-at-gun";
    case WeaponKind::kAaGun:
      return "aa-gun";
    case WeaponKind::kMortar:
      return "mortar";
    case WeaponKind::kLightGun:
      return "light-gun";
    case WeaponKind::kHowitzer:
      return "howitzer";
    case WeaponKind::kFieldGun:
      return "field-gun";
  }
  return "?";
}

const RangeRow* FireData::range_row(std::string_view id) const {
  for (const RangeRow& r : ranges)
    if (r.id == id) return &r;
  return nullptr;
}
const MinimumCalibreRow* FireData::minimum_calibre(std::string_view protection) const {
  for (const MinimumCalibreRow& r : minimum_calibres)
    if (r.protection == protection) return &r;
  return nullptr;
}
const ResistanceRow* FireData::resistance(std::string_view protection) const {
  for (const ResistanceRow& r : resistances)
    if (r.protection == protection) return &r;
  return nullptr;
}

namespace {

constexpr int kMaxRange = 60;
constexpr int kMaxCalibre = 1000;

const WeaponKind kKinds[] = {WeaponKind::kInfantry,    WeaponKind::kMachineGun,
                             WeaponKind::kTankOrAtGun, WeaponKind::kAaGun,
                             WeaponKind::kMortar,      WeaponKind::kLightGun,
                             WeaponKind::kHowitzer,    WeaponKind::kFieldGun};
const Provenance kProvenances[] = {Provenance::kPrinted, Provenance::kRulesText,
                                   Provenance::kRulesExample, Provenance::kPublicUnverified,
                                   Provenance::kStandIn};
const char* const kArmourProtections[] = {"light", "medium", "heavy", "super-heavy"};

class FireDataReader : public TomlReader {
 public:
  using TomlReader::TomlReader;
  // A range in LE, or "-" (kNoRange).
  int Range(const toml::node& n, std::string_view key) const {
    if (const auto* s = n.as_string()) {
      if (s->get() == "-") return kNoRange;
      Fail(n, "field '" + std::string(key) + "' must be a range in LE or \"-\" (is '" +
                  toml_guard_unswap(s->get()) + "')");
    }
    if (!n.as_integer())
      Fail(n, "field '" + std::string(key) + "' must be a range in LE or \"-\", not " +
                  toml_type_name(n.type()));
    return Int(n, key, 0, kMaxRange);
  }
  Provenance Prov(const toml::node& n, const std::string& of) const {
    const std::string s = Str(n, "provenance");
    for (Provenance k : kProvenances)
      if (s == provenance_name(k)) return k;
    Fail(n, "unknown provenance '" + s + "' of " + of +
                " (known: printed, rules-text, rules-example, public-unverified, stand-in)");
  }
};

}  // namespace

FireData load_fire_data(const std::string& path) {
  const FireDataReader r(path);
  const toml::table root = r.Parse();
  r.Keys(root, {"range", "minimum_calibre", "resistance"}, "at the top level");
  FireData d;
  d.file = path;

  for (const toml::node& node : r.Tables(root, "range", true)) {
    const toml::table& t = *node.as_table();
    const std::string w = "in [[range]]";
    r.Keys(t, {"id", "name", "kind", "flat", "high_angle", "air", "provenance"}, w);
    RangeRow row;
    row.line = static_cast<int>(t.source().begin.line);
    const toml::node& id_node = r.Req(t, "id", w);
    row.id = r.Str(id_node, "id");
    if (!is_data_slug(row.id, 32))
      r.Fail(id_node,
             "field 'id' must be lower-case letters, digits and '-' (is '" + row.id + "')");
    if (d.range_row(row.id)) r.Fail(id_node, "duplicate range row '" + row.id + "'");
    const std::string wr = "in [[range]] '" + row.id + "'";
    row.name = r.Str(r.Req(t, "name", wr), "name");
    const toml::node& kind_node = r.Req(t, "kind", wr);
    const std::string kind = r.Str(kind_node, "kind");
    bool found = false;
    for (WeaponKind k : kKinds) {
      if (kind == weapon_kind_name(k)) {
        row.kind = k;
        found = true;
      }
    }
    if (!found)
      r.Fail(kind_node, "unknown kind '" + kind +
                            "' (known: infantry, machine-gun, tank-or-at-gun, aa-gun, mortar, "
                            "light-gun, howitzer, field-gun)");
    row.flat = r.Range(r.Req(t, "flat", wr), "flat");
    row.high_angle = r.Range(r.Req(t, "high_angle", wr), "high_angle");
    row.air = r.Range(r.Req(t, "air", wr), "air");
    if (row.flat == kNoRange && row.high_angle == kNoRange && row.air == kNoRange)
      r.Fail(t.source().begin.line, "range row '" + row.id + "' has no range at all");
    row.provenance = r.Prov(r.Req(t, "provenance", wr), "range row '" + row.id + "'");
    d.ranges.push_back(std::move(row));
  }

  for (const toml::node& node : r.Tables(root, "minimum_calibre", true)) {
    const toml::table& t = *node.as_table();
    const std::string w = "in [[minimum_calibre]]";
    r.Keys(t, {"protection", "direct", "indirect", "provenance"}, w);
    MinimumCalibreRow row;
    row.line = static_cast<int>(t.source().begin.line);
    const toml::node& p_node = r.Req(t, "protection", w);
    row.protection = r.Str(p_node, "protection");
    if (d.minimum_calibre(row.protection))
      r.Fail(p_node, "duplicate minimum calibre for '" + row.protection + "'");
    const std::string wr = "in [[minimum_calibre]] '" + row.protection + "'";
    row.direct_mm = r.Int(r.Req(t, "direct", wr), "direct", 1, kMaxCalibre);
    row.indirect_mm = r.Int(r.Req(t, "indirect", wr), "indirect", 1, kMaxCalibre);
    const toml::node& pn = r.Req(t, "provenance", wr);
    const auto* pt = pn.as_table();
    if (!pt)
      r.Fail(pn, "field 'provenance' must be a table { direct = ..., indirect = ... }, not " +
                     std::string(toml_type_name(pn.type())));
    r.Keys(*pt, {"direct", "indirect"}, wr + " provenance");
    row.direct_provenance = r.Prov(r.Req(*pt, "direct", wr + " provenance"),
                                   "field 'direct' of '" + row.protection + "'");
    row.indirect_provenance = r.Prov(r.Req(*pt, "indirect", wr + " provenance"),
                                     "field 'indirect' of '" + row.protection + "'");
    d.minimum_calibres.push_back(std::move(row));
  }

  for (const toml::node& node : r.Tables(root, "resistance", true)) {
    const toml::table& t = *node.as_table();
    const std::string w = "in [[resistance]]";
    r.Keys(t, {"protection", "value", "provenance"}, w);
    ResistanceRow row;
    row.line = static_cast<int>(t.source().begin.line);
    const toml::node& p_node = r.Req(t, "protection", w);
    row.protection = r.Str(p_node, "protection");
    if (d.resistance(row.protection))
      r.Fail(p_node, "duplicate resistance for '" + row.protection + "'");
    const std::string wr = "in [[resistance]] '" + row.protection + "'";
    row.value = r.Int(r.Req(t, "value", wr), "value", -6, 0);
    row.provenance = r.Prov(r.Req(t, "provenance", wr), "resistance '" + row.protection + "'");
    d.resistances.push_back(std::move(row));
  }

  // Every armour class needs both a minimum calibre and a resistance (PS §8.9, §8.11).
  for (const char* p : kArmourProtections) {
    if (!d.minimum_calibre(p))
      r.Fail(root["minimum_calibre"].node()->source().begin.line,
             std::string("no [[minimum_calibre]] for protection '") + p + "'");
    if (!d.resistance(p))
      r.Fail(root["resistance"].node()->source().begin.line,
             std::string("no [[resistance]] for protection '") + p + "'");
  }
  return d;
}

const FireData& shipped_fire_data() {
  static std::mutex mutex;
  static std::unique_ptr<const FireData> data;
  const std::lock_guard<std::mutex> lock(mutex);
  if (!data)
    data = std::make_unique<const FireData>(load_fire_data(data_dir() + "/planspiel/weapons.toml"));
  return *data;
}

}  // namespace feldherr::planspiel
