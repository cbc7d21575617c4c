// Rivet Wars: Eastern Front static data (docs/rivet.md): unit stat cards, map tile faces,
// missions, Action! cards and secret missions, loaded from data/rivet/*.toml.
//
// The rulebook's pictures are lost (RW §14); values come from the rules text, a public
// unverified data set (RW §15) or stand-ins (content document), and every record names its
// provenance so that an owner of the box can correct values by editing data. Every malformed
// file gives DataError("FILE:LINE: message").
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "engine/per_seat.h"

namespace feldherr::rivet {

enum class Provenance : uint8_t { kRulesText, kPublicUnverified, kStandIn };
const char* provenance_name(Provenance p);

// Seat order of the game: allies = 0, bismark = 1 (the issue names the sides this way).
inline constexpr int kAllies = 0;
inline constexpr int kBismark = 1;
const char* faction_id(int f);  // "allies", "bismark"
// The sides in English prose: "the Allies" (a plural) and "Bismark" (a singular, the side's
// name in the rulebook); `capital` for a sentence's first word.
std::string faction_en(int f, bool capital = false);
// The side as a sentence's subject with the verb that agrees: faction_does(f, "draws", "draw") is
// "The Allies draw" or "Bismark draws".
std::string faction_does(int f, std::string_view singular, std::string_view plural,
                         bool capital = true);
// The sides as German texts name them, in the plural of the German rulebook ("die Alliierten",
// "die Bismarks").
std::string faction_de(int f);

// A few field masks of a base, in place (the placements of one base in a segment: at most 4).
struct Masks {
  std::array<int, 4> mask{};
  int n = 0;
  void push_back(int m) { mask[static_cast<size_t>(n++)] = m; }
  const int* begin() const { return mask.data(); }
  const int* end() const { return mask.data() + n; }
};

enum class UnitClass : uint8_t { kInfantry, kCavalry, kSupport, kTank, kPlug };
const char* class_name(UnitClass c);

// Special abilities (RW §11). `buff` = "Buff:" prefix: applies to every unit of its segment.
enum class AbilityKind : uint8_t {
  kMoveBonus,       // Bewegungsbonus (+X)
  kImmuneToGas,     // Immun gegen Gas
  kRunner,          // Läufer (+X)
  kTankShock,       // Panzerschreck (X)
  kPrecision,       // Präzision (+X)
  kDash,            // Rasen (X) [Action]
  kRangeGround,     // Reichweitenbonus Boden (+X)
  kRangeAir,        // Reichweitenbonus Luft (+X)
  kSniper,          // Scharfschütze
  kRapidAssault,    // Schneller Vorstoß (X)
  kBolsterDefense,  // Verstärkte Verteidigung (-X)
  kAssault,         // Assault (+X), English edition (RW §15)
};
inline constexpr int kNumAbilities = 12;
const char* ability_name(AbilityKind k);  // name as written in the data files

struct Ability {
  AbilityKind kind{};
  int x = 0;          // X value (0 for abilities without X); Bolster Defense stored positive
  bool buff = false;  // "Buff: ..." (RW §5 Buffs)
  bool plus = false;  // written "(+X)": on a plug it raises the host's ability (content D-6)
};

// Attack special rules (RW §11, §2 attackRules).
enum WeaponRule : uint8_t { kFlatGrid = 1, kChainGrid = 2, kGas = 4 };

struct Weapon {
  int attacks = 1;
  std::array<int, 5> dice{};  // dice per armour column 1..5 (content §1: column = armour + 1)
  uint8_t rules = 0;          // WeaponRule bits
  bool deviates = false;      // every attack of this weapon deviates (RW §8.4, content D-8)
  int range_ground = 0;       // the carrying card's ranges (plugs keep their own, content D-6)
  int range_air = 0;
};

inline constexpr int kHost = -1;  // plug value "host": uses the host's value (content D-6)

struct UnitType {
  std::string id;  // "rifleman"
  std::string name;
  std::string german;
  int faction = kAllies;
  int miniatures = 1;  // hard limit on the board at once (RW §1 [REC])
  UnitClass cls = UnitClass::kInfantry;
  bool hero = false;
  int base_fields = 1;  // fields occupied in a segment (content C5)
  int cost = 0;         // DP
  int rivets = 0;
  int move = 0;                  // kHost for plugs
  int armour = 0;                // 0..4, kHost for plugs
  int armour_public_value = -1;  // the public data set's value where it differs (D-3)
  int hp = 1;
  int range_ground = 0;  // kHost for plugs without a weapon
  int range_air = 0;
  int loot = 0;
  int sockets = 0;
  std::vector<Ability> abilities;
  std::vector<Weapon> weapons;
  std::map<std::string, Provenance> provenance;  // per field name (content §2.3)
  int line = 0;                                  // line of the [[unit]] table

  bool is_plug() const { return cls == UnitClass::kPlug; }
  // X of the ability (summed over entries), or -1 if the card does not have it. With
  // `buff_only`, only "Buff:" entries count; with `own_only`, only non-buff entries.
  int ability(AbilityKind k) const;
  bool has(AbilityKind k) const { return ability(k) >= 0; }
};

// A map tile face: 6x6 fields (RW §3), symbols of content §4.
struct TileFace {
  std::string id;  // "5A"
  std::string name;
  std::array<std::string, 6> rows;
  bool duckboard(int row, int col) const;  // '=', '#', 't' (content §4)
};

enum class Terrain : uint8_t { kObjective, kBunker, kWire, kMinefield, kTankTrap };
inline constexpr int kNumTerrain = 5;
const char* terrain_name(Terrain t);  // "so", "bunker", "wire", "minefield", "tank_trap"

// Fields of a segment (content §0.2): NW, NE, SW, SE.
inline constexpr int kNW = 0, kNE = 1, kSW = 2, kSE = 3;
const char* field_name(int f);

struct TerrainPiece {
  Terrain type{};
  int col = 0;  // segment column (a = 0)
  int row = 0;  // segment row (1 = 0)
  int field = 0;
  static constexpr bool kFieldsAsArray = true;  // engine/fields.h
  template <class S, class V>
  static void field_list(S& s, V& v) {
    v("type", s.type)("col", s.col)("row", s.row)("field", s.field);
  }
};

struct Mission {
  int id = 0;
  std::string name;
  PerSeat<int> dp{};         // per faction (kAllies, kBismark)
  int rivets = 0;            // per turn, both sides
  bool action_cards = true;  // Action! cards are drawn
  bool secret_missions = true;
  int first_player = -1;  // -1: initiative roll (RW §4.5), else a faction
  PerSeat<int> vp{};
  bool so_scoring_bismark_only = false;  // mission 6
  int allies_vp_per_round = 0;           // mission 6
  bool setup_riflemen_on_sos = false;    // missions 2 and 6
  int infantry_bonus_dp = 0;             // mission 8
  int paradrop = 0;                      // mission 9: Riflemen per Allied turn
  bool escalation = false;               // mission 10
  std::vector<std::string> special;
  std::vector<std::string> special_de;  // the same rules in the German rulebook's words
  std::string victory;
  std::string victory_de;
  std::vector<std::vector<std::string>> tiles;  // rows of face ids
  Provenance tiles_provenance = Provenance::kStandIn;
  Provenance overlay_provenance = Provenance::kStandIn;  // territories and deployment zones
  Provenance terrain_provenance = Provenance::kStandIn;  // terrain pieces and the SOs' fields
  std::vector<std::string> overlay;  // one string per segment row: b B a A N per column
  std::vector<TerrainPiece> terrain;
  std::string file;
  int line = 0;
};

// Relative deviation directions (content §0.2, §6.3). kOn = on target.
enum class Deviation : uint8_t { kOn, kF, kFR, kR, kBR, kB, kBL, kL, kFL };
const char* deviation_name(Deviation d);

struct ActionCard {
  std::string id;  // "AC-01"
  std::string name;
  std::string name_de;  // the German texts (name_de, rules_de, quote_de) share the provenance
  int window = 0;       // W1..W9 (content §6.2)
  Deviation deviation = Deviation::kOn;
  std::string rules;
  std::string rules_de;
  std::string quote;
  std::string quote_de;
  Provenance provenance = Provenance::kStandIn;
};

// The goals of secret missions (content §7): "<metric> >= <threshold>" in cards.toml.
enum class SecretMetric : uint8_t {
  kUnitsInEnemyDeployment,     // own_units_in(enemy_deployment_segments)
  kHeldSos,                    // held_sos(self)
  kEnemyFlagsRemoved,          // enemy_flags_removed
  kEnemyDestroyed,             // enemy_units_destroyed
  kEnemyHeroesDestroyed,       // enemy_heroes_destroyed
  kEnemyNonInfantryDestroyed,  // enemy_non_infantry_destroyed
  kDamagingClasses,            // distinct_classes_of_own_units_that_caused_damage
  kUnitsInNoMansLand,          // own_units_in(no_mans_land)
  kRivets,                     // rivets(self)
  kMultiDamageAttack,          // max_distinct_enemy_units_damaged_by_one_attack
};
inline constexpr int kNumSecretMetrics = 10;
const char* secret_metric_name(SecretMetric m);

struct SecretMission {
  std::string id;  // "SM-01"
  std::string name;
  std::string name_de;
  int vp = 0;
  std::string check;  // end_of_turn | this_turn
  std::string condition;
  std::string goal;  // the goal in words (content §7.2), English and German
  std::string goal_de;
  Provenance provenance = Provenance::kStandIn;
  SecretMetric metric{};
  int threshold = 1;
};

struct RivetData {
  std::vector<UnitType> units;
  std::vector<TileFace> faces;
  std::vector<Mission> missions;  // index = id - 1
  std::vector<ActionCard> actions;
  std::vector<SecretMission> secrets;
  int unit_index(const std::string& id) const;  // -1 if unknown
  const TileFace* face(const std::string& id) const;
};

// Loaders of the single files (each throws DataError "FILE:LINE: message").
std::vector<UnitType> load_units(const std::string& path);
std::vector<TileFace> load_faces(const std::string& path);
std::vector<Mission> load_missions(const std::string& path);
void load_cards(const std::string& path, std::vector<ActionCard>& actions,
                std::vector<SecretMission>& secrets);
// All four files of a directory (units.toml, tiles.toml, missions.toml, cards.toml), with the
// cross-file checks (every tile of a mission exists, ...).
RivetData load_rivet_data(const std::string& dir);
// Validates one file by its name (for GameModule::validate_file).
void validate_rivet_file(const std::string& path);
// data_dir()/rivet, loaded once.
const RivetData& shipped_rivet_data();

}  // namespace feldherr::rivet
