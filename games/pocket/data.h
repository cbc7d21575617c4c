// Pocket Battles static data: troop tiles and armies, loaded from data/pocket/*.toml.
//
// The rulebook gives no tile values (spec §15.1); every value in the data files carries a
// provenance so an owner of the box can correct it by editing data, never code.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace feldherr::pocket {

// Where a value comes from (docs/data-provenance.md).
enum class Provenance : uint8_t {
  kPrinted,           // read off the physical component
  kRulesText,         // stated in the rulebook text
  kRulesExample,      // fixed by a worked example of the rulebook
  kPublicUnverified,  // from a public source outside the rulebook, not checked against the box
  kStandIn,           // designed by us; replace with the printed value
};

// Traits (spec §15.2: the rulebook lists none; these are stand-ins, documented in
// docs/rules/pocket.md §15.2). A *special* trait needs its own order (action 6, PB Aktion 6) and
// cannot be used in player A's first turn; a normal trait applies inside other actions.
enum class Trait : uint8_t {
  // Special: remove 1 wound marker from this troop; the marker returns to the owner's pool.
  // (The Troll regenerates: public review, spec §16.)
  kRegenerate,
  // Special: remove 1 wound marker from a troop of another friendly unit in the same sector
  // (rear, front or combat zone); the marker returns to the owner's pool.
  kHeal,
  // Normal: redeployment and tactical move may go up to 2 steps through own segments.
  kSwift,
  // Normal: when this unit shoots, it may target an enemy unit in the enemy rear zone of its
  // sector even when priority 1 targets exist (target priority otherwise unchanged).
  kLongRange,
};
constexpr int kNumTraits = 4;

bool trait_is_special(Trait t);
const char* trait_name(Trait t);     // "regenerate", "heal", "swift", "long-range"
const char* trait_name_de(Trait t);  // the same in German: "regenerieren", "heilen", ...
bool trait_from_name(const std::string& name, Trait& out);

constexpr int kStarFV = 0;  // formation value "*": ignored for the unit size limit (PB §12)
constexpr int kNoLP = 0;    // no life points (Waldläufer/Pathfinders, PB §12)

struct TroopType {
  std::string id;                  // "elves.mounted-guard"
  std::string name;                // "Mounted Guard"
  std::string name_de;             // "Berittene Wächter"
  int count = 1;                   // tiles of this type in the box
  std::vector<int> combat_dice;    // black faces, each 1..6 (may be empty)
  std::vector<int> shooting_dice;  // white faces, each 1..6 (may be empty)
  std::vector<Trait> traits;
  int dp = 1;  // deployment points (>= 1)
  int fv = 1;  // formation value >= 1, or kStarFV
  int lp = 1;  // life points >= 1, or kNoLP

  bool has(Trait t) const;
  int combat_matches(int face) const;    // number of combat dice showing `face`
  int shooting_matches(int face) const;  // number of shooting dice showing `face`

  // Provenance per field: "name", "name_de", "count", "combat_dice", "shooting_dice", "traits",
  // "dp", "fv", "lp".
  std::vector<std::pair<std::string, Provenance>> provenance;
};

struct Army {
  std::string id;                 // "orcs"
  std::string name;               // "Orcs"
  std::string file;               // path it was loaded from
  std::vector<TroopType> troops;  // index = troop type id within the army
  int tiles() const;              // total count of tiles (30 per army)
};

// Loads and validates an army file. Throws DataError("FILE:LINE: message") on any problem:
// TOML syntax, missing field, wrong type, value out of range, a value without provenance,
// unknown trait.
Army load_army(const std::string& path);

// The armies shipped with Feldherr (data/pocket/orcs.toml, data/pocket/elves.toml), loaded once
// from the data directory (see data_dir()).
const Army& shipped_army(const std::string& id);

}  // namespace feldherr::pocket
