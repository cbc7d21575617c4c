// Planspiel fire data (docs/rules/planspiel.md §8.4, §8.9, §8.11): the range table, the minimum
// calibres and the resistance against high-angle fire, loaded from data/planspiel/weapons.toml.
// Every value names its provenance (docs/data-provenance.md). Every malformed file gives
// DataError("FILE:LINE: message") naming the field at fault.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "games/planspiel/data.h"

namespace feldherr::planspiel {

// PS §8.3, §8.4, §8.12: what the rules say about a weapon beyond its ranges.
enum class WeaponKind : uint8_t {
  kInfantry,     // hand weapons and light MGs, no mounting
  kMachineGun,   // heavy and AA MGs (mounted)
  kTankOrAtGun,  // tank guns, AT guns, SP AT guns (lucky hit, G-27)
  kAaGun,        // FlAK
  kMortar,       // mortars and rocket launchers (GrW, RakW)
  kLightGun,     // infantry guns, "Mörser", light (recoilless) guns
  kHowitzer,     // field howitzers (FH)
  kFieldGun,     // field guns and gun-howitzers (FK, KH)
};
const char* weapon_kind_name(WeaponKind k);  // "infantry", "machine-gun", ...

// A range column a weapon cannot engage in ("/" in the table).
constexpr int kNoRange = -1;

// One row of the range table (PS §8.4).
struct RangeRow {
  std::string id;    // "s-fh"
  std::string name;  // the table's label, "sFH (~15 cm)"
  WeaponKind kind = WeaponKind::kInfantry;
  int flat = kNoRange;        // LE
  int high_angle = kNoRange;  // LE
  int air = kNoRange;         // LE, air targets in the field before the attacked one (PS §15.5)
  Provenance provenance = Provenance::kRulesText;
  int line = 0;
};

// One row of the minimum-calibre table (PS §8.9, bridges PS §12.7), in mm.
struct MinimumCalibreRow {
  std::string protection;  // "light", "medium", "heavy", "super-heavy", "engineer-bridge", ...
  int direct_mm = 0;       // direct laying
  int indirect_mm = 0;     // indirect laying (high-angle fire) and bombs
  Provenance direct_provenance = Provenance::kRulesText;
  Provenance indirect_provenance = Provenance::kRulesText;
  int line = 0;
};

// One row of the resistance table (PS §8.11).
struct ResistanceRow {
  std::string protection;
  int value = 0;  // 0, -1, -2, ...
  Provenance provenance = Provenance::kRulesText;
  int line = 0;
};

struct FireData {
  std::string file;
  std::vector<RangeRow> ranges;
  std::vector<MinimumCalibreRow> minimum_calibres;
  std::vector<ResistanceRow> resistances;

  const RangeRow* range_row(std::string_view id) const;                         // or nullptr
  const MinimumCalibreRow* minimum_calibre(std::string_view protection) const;  // or nullptr
  const ResistanceRow* resistance(std::string_view protection) const;           // or nullptr
};

// Loads weapons.toml: [[range]] (id, name, kind, flat, high_angle, air, provenance),
// [[minimum_calibre]] (protection, direct, indirect, provenance = { direct, indirect }) and
// [[resistance]] (protection, value, provenance). Ranges are integers 0..60 or "-". Checked:
// unknown and missing fields, types, duplicate ids, a row with no range at all, and that both
// protection tables cover light, medium, heavy and super-heavy. Throws
// DataError("FILE:LINE: message").
FireData load_fire_data(const std::string& path);

// data_dir()/planspiel/weapons.toml, loaded once.
const FireData& shipped_fire_data();

}  // namespace feldherr::planspiel
