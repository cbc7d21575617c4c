// White Star Rising static data: terrain effects chart (gap G-1, docs/rules/wsr.md), counters
// (G-3), formations and morale (WSR 13.0, 1.5, 1.6), chaos table (G-2) and map sheets A-D (G-5),
// loaded from data/wsr/*.toml and data/wsr/maps/sheet-*.toml (docs/wsr-data.md).
//
// The printed components are not available: every value carries a provenance (printed,
// rules-text, rules-example, public-unverified, stand-in; docs/data-provenance.md) so that an
// owner of the box can correct a stand-in by editing data, never code. The loaders are strict
// (unknown keys, missing fields, out-of-range values, inconsistent maps are errors) and report
// every problem as DataError "FILE:LINE: message"; they never crash on any input.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "geometry/hex.h"

namespace feldherr::wsr {

// ---------------------------------------------------------------------------------------------
// Provenance (docs/data-provenance.md).

enum class Provenance : uint8_t {
  kPrinted,           // read off the physical component
  kRulesText,         // stated in the rulebook text
  kRulesExample,      // fixed by a worked example of the rulebook
  kPublicUnverified,  // from a public source outside the rulebook, not checked against the box
  kStandIn,           // designed by the Feldherr team; replace with the printed value
};
const char* ProvenanceName(Provenance p);  // "printed", "rules-text", ...
bool ProvenanceFromName(std::string_view name, Provenance* out);

// The provenance of every field of one table: `provenance = { default = "...", field = "..." }`
// in the data files. Of("ap.to_hit") looks for "ap.to_hit", then "ap", then the default.
struct ProvenanceMap {
  Provenance fallback = Provenance::kStandIn;
  std::vector<std::pair<std::string, Provenance>> fields;
  Provenance Of(std::string_view field) const;
};

// ---------------------------------------------------------------------------------------------
// Terrain effects chart (terrain.toml; G-1, maps doc 2.1).

// The terrain of a hex (maps doc 2.1). The chart must define each exactly once.
enum class Terrain : uint8_t {
  kClear,       // "."
  kWoods,       // "W"
  kCity,        // "C", a town hex
  kBuiltUp,     // "B"
  kRough,       // "R"
  kHill,        // "h", level 1
  kWoodedHill,  // "H", level 1
  kRiver,       // "~"
  kBridge,      // "=", a river hex crossed by a bridge and a road
  kBeach,       // "S"
  kSea,         // "#", not playable
};
inline constexpr int kNumTerrains = 11;
const char* TerrainId(Terrain t);  // "clear", "woods", "city", "built-up", ...
bool TerrainFromId(std::string_view id, Terrain* out);

// Effect of an intervening hex on a line of sight (WSR 7.1-7.3).
enum class LosEffect : uint8_t {
  kNone,
  kBlocks,  // one such hex between firer and target blocks
  kCounts,  // two or more counting hexes (rough, wrecks; hills between level-1 units) block
};

inline constexpr int kImpassable = -1;  // movement cost of river and sea hexes

struct TerrainType {
  Terrain terrain = Terrain::kClear;
  std::string id;  // "woods"
  char token = '.';
  std::string name;                       // "Woods"
  std::string name_de;                    // "Wald"
  int level = 0;                          // 0 or 1 (WSR 7.0)
  LosEffect los_low = LosEffect::kNone;   // between two level-0 hexes
  LosEffect los_high = LosEffect::kNone;  // between two level-1 hexes
  bool blind_behind = false;              // hides a level-0 target directly behind it from level 1
  bool conceals_infantry = false;         // WSR 6.1.5 (infantry-type units only, A-06)
  bool overrun = false;                   // WSR 6.4
  int move_soft = 1;                      // MP to enter, or kImpassable
  int move_hard = 1;
  int defence_soft = 0;  // defence dice (WSR 6.1)
  int defence_hard = 0;  // <= 2 (WSR 6.1.6)
  // Terrain this becomes when a scenario removes hills (A2) or rivers (B3, A2, A3); the terrain
  // itself when the scenario does not change it.
  Terrain without_hills = Terrain::kClear;
  Terrain without_rivers = Terrain::kClear;
  bool playable = true;
  ProvenanceMap provenance;  // fields as in the file

  int move_cost(bool hard_target) const { return hard_target ? move_hard : move_soft; }
  int defence(bool hard_target) const { return hard_target ? defence_hard : defence_soft; }
};

struct TerrainChart {
  std::string file;
  std::array<TerrainType, kNumTerrains> terrain;  // indexed by Terrain
  // Moving along a road path from one of its hexes to the next costs this instead of the
  // terrain cost.
  int road_move_soft = 1;
  int road_move_hard = 1;
  ProvenanceMap road_provenance;
  // Crossing a crest hexside uphill (level 0 -> 1) costs this much extra.
  int crest_uphill_soft = 0;
  int crest_uphill_hard = 0;
  ProvenanceMap crest_provenance;
  // Wreck marker (WSR 6.1.5, 6.1.7, 7.1).
  int wreck_move_soft_extra = 0;
  int wreck_move_hard_extra = 0;
  bool wreck_conceals = true;
  bool wreck_los_counts = true;
  ProvenanceMap wreck_provenance;
  // Improved position (WSR 8.1).
  int ip_cancels_hits = 1;
  bool ip_conceals = true;
  ProvenanceMap ip_provenance;

  const TerrainType& operator[](Terrain t) const { return terrain[static_cast<size_t>(t)]; }
  // Terrain of a map-grid token ('.', 'W', ...); false for an unknown token.
  bool FromToken(char token, Terrain* out) const;
};

// Throws DataError("FILE:LINE: message").
TerrainChart LoadTerrainChart(const std::string& path);

// ---------------------------------------------------------------------------------------------
// Counters (counters-us.toml, counters-de.toml, counters-uk.toml; WSR 1.2.1, G-3).

enum class Nation : uint8_t { kUS, kGermany, kBritain };
inline constexpr int kNumNations = 3;
const char* NationId(Nation n);  // "us", "de", "uk"
bool NationFromId(std::string_view id, Nation* out);

enum class UnitKind : uint8_t {
  kArmor,         // armored vehicle (tank, tank destroyer, assault gun, armored car, SP gun)
  kInfantry,      // infantry platoon
  kParatroopers,  // infantry-type
  kEngineers,     // infantry-type
  kMechInfantry,  // two-sided: vehicle (mounted) / infantry (dismounted), WSR 1.3.1.1.1, 5.2
  kGun,           // anti-tank gun battery, two-sided limbered/unlimbered (WSR 5.2)
  kAaGun,         // AA gun (20mm Vierling), two-sided, single step (WSR 11.1)
  kMortar,        // mortar battery, two-sided (WSR 5.2)
  kHq,            // formation HQ (WSR 1.3.2)
  kShq,           // HQ section, single step (WSR 1.3.2.1)
  kTruck,         // soft vehicle (NATO symbol + silhouette), carrier (G-11)
  kHmg,           // support weapon: +1 range, +1 HE firepower (WSR 1.3.4.3)
  kAtWeapon,      // support weapon: bazooka / Panzerschreck / PIAT, enhanced AP (WSR 1.3.4.3)
  kAircraft,      // air support (WSR 11.3)
};
const char* UnitKindId(UnitKind k);  // "armor", "infantry", ..., "at-weapon", "aircraft"
// Infantry and the infantry types (paratroopers, engineers, mechanized infantry).
inline bool InfantryType(UnitKind k) {
  return k == UnitKind::kInfantry || k == UnitKind::kParatroopers || k == UnitKind::kEngineers ||
         k == UnitKind::kMechInfantry;
}
bool UnitKindFromId(std::string_view id, UnitKind* out);

// What the face shows; it decides the target class (WSR 1.3).
enum class Symbol : uint8_t {
  kNato,         // NATO symbol: soft target
  kVehicle,      // vehicle silhouette without NATO symbol: hard target
  kNatoVehicle,  // both (truck): soft target
  kAircraft,     // aircraft silhouette
};
enum class TargetClass : uint8_t { kSoft, kHard, kAircraft };

// The faces of a counter. Transport counters (WSR 5.2) have mounted and dismounted faces, each
// full and reduced (WSR 1.2.1 note); single-step counters only the full ones.
enum class FaceId : uint8_t {
  kFull,
  kReduced,
  kMountedFull,
  kMountedReduced,
  kDismountedFull,
  kDismountedReduced,
};
inline constexpr int kNumFaces = 6;
const char* FaceName(FaceId f);  // "full", "reduced", "mounted-full", ...

// One firepower type: dice, to-hit, normal range (WSR 1.2.1, 6.1.1-6.1.4). fp == 0: absent.
struct Weapon {
  int fp = 0;
  int to_hit = 0;
  int range = 0;            // 0 for air firepower (no range)
  bool underlined = false;  // no extended range, no short-range bonus (WSR 6.1.3)
  bool enhanced = false;    // "+" (WSR 6.1.4)
  bool present() const { return fp > 0; }
};

// Assault strength (WSR 6.3). strength == 0: the unit can neither assault nor counter-attack.
struct Assault {
  int strength = 0;
  int to_hit = 0;
  bool star = false;      // may not initiate an assault (WSR 6.3)
  bool enhanced = false;  // "+" (WSR 6.1.4)
  bool present() const { return strength > 0; }
};

struct Face {
  bool present = false;
  Symbol symbol = Symbol::kNato;
  std::string silhouette;  // "M3 half-track", "Panther" (empty for NATO-only faces)
  Weapon ap;               // red: against hard targets
  Weapon he;               // against soft targets (mortars: against hexes, A-08)
  Weapon aa;               // blue: against aircraft (WSR 11.1)
  Weapon air;              // gold: aircraft against ground targets (WSR 11.3.2)
  int armor = 0;           // hard targets and aircraft: armor dice
  int save = 0;            // each armor die >= save cancels one hit (0: no armor)
  int mf = 0;              // movement factor (0: does not move by itself)
  bool carrier = false;    // circled MF: can carry infantry and support weapons (WSR 1.2.1)
  Assault assault;
  int command_range = 0;     // HQ/SHQ (WSR 1.3.2, 4.2)
  int command_value = 0;     // HQ/SHQ (WSR 1.3.2.2, 1.3.2.4, 6.3)
  int he_bonus = 0;          // HMG: +1 HE firepower (WSR 1.3.4.3)
  int range_bonus = 0;       // HMG: +1 range
  bool ap_enhanced = false;  // bazooka/Panzerschreck/PIAT: the platoon's AP firepower gets "+"
  // Fields: "symbol", "silhouette", "ap" (or "ap.fp", "ap.to_hit", "ap.range", "ap.underlined",
  // "ap.enhanced"), "he.*", "aa.*", "air.*", "armor", "save", "mf", "carrier", "assault.*",
  // "command_range", "command_value", "he_bonus", "range_bonus", "ap_enhanced".
  ProvenanceMap provenance;

  TargetClass target_class() const {
    // WSR 1.3: NATO symbol (with or without silhouette) = soft; silhouette only = hard.
    switch (symbol) {
      case Symbol::kVehicle:
        return TargetClass::kHard;
      case Symbol::kAircraft:
        return TargetClass::kAircraft;
      case Symbol::kNato:
      case Symbol::kNatoVehicle:
        break;
    }
    return TargetClass::kSoft;
  }
};

struct CounterType {
  std::string id;                    // "de.panther"
  std::string name;                  // "Panther"
  std::string name_de;               // "Infanterie": the German rulebook's name; else `name`
  std::vector<std::string> aliases;  // spellings used by the rulebook and scenarios
  Nation nation = Nation::kUS;
  UnitKind kind = UnitKind::kArmor;
  std::string formation;    // HQ/SHQ: the formation id ("de.beck"); empty otherwise
  std::string hq_type;      // HQ/SHQ: the counter type it is replaced on (WSR 1.3.2.3)
  bool recon = false;       // "R" (WSR 1.3.3.2)
  bool aa = false;          // AA unit (WSR 11.1)
  bool transport = false;   // two-sided mounted/dismounted counter (WSR 5.2)
  int steps = 2;            // 1: single step (SHQ, AA units, aircraft, SWs); 2: full + reduced
  bool wreck_back = false;  // a wreck is printed on the back (WSR 6.1.7)
  std::string note;
  // Fields: "name", "name_de", "aliases", "kind", "formation", "hq_type", "recon", "aa",
  // "transport", "steps", "wreck_back".
  ProvenanceMap provenance;
  std::array<Face, kNumFaces> faces;  // indexed by FaceId; only the counter's faces present

  bool has_face(FaceId f) const { return faces[static_cast<size_t>(f)].present; }
  const Face& face(FaceId f) const { return faces[static_cast<size_t>(f)]; }
  // The face up for a state: transport counters use `mounted`, others ignore it; single-step
  // counters have no reduced face (asking for one returns the full face).
  const Face& face_for(bool mounted, bool reduced) const {
    const bool red = reduced && steps == 2;
    if (transport) {
      if (mounted) return face(red ? FaceId::kMountedReduced : FaceId::kMountedFull);
      return face(red ? FaceId::kDismountedReduced : FaceId::kDismountedFull);
    }
    return face(red ? FaceId::kReduced : FaceId::kFull);
  }
  bool is_hq() const { return kind == UnitKind::kHq || kind == UnitKind::kShq; }
  bool is_support_weapon() const { return kind == UnitKind::kHmg || kind == UnitKind::kAtWeapon; }
  // Infantry, paratroopers, engineers and (dismounted) mech infantry: may hold support weapons
  // (WSR 1.3.4.1), concealed by terrain (A-06), infantry assault bonuses (WSR 6.3.1).
  bool infantry_type() const;
  // Name, German name or alias, case-insensitive.
  bool Matches(std::string_view name) const;
};

struct CounterSet {
  std::string file;
  Nation nation = Nation::kUS;
  std::string name;     // "Germany"
  std::string name_de;  // "Deutschland"
  std::string colour;   // counter colour (WSR 1.3.5)
  // The side of the nation as a player reads it (games/wsr/side_words.h): its short name in the
  // terminal's header and board ("US", "Germans" / "Deutsche"), and its words in sentences, plural
  // in both languages ("the Germans"; "die Deutschen", dative "den Deutschen", genitive "der
  // Deutschen").
  std::string side, side_de;
  std::string people, people_de, people_de_dat, people_de_gen;
  std::vector<CounterType> counters;

  const CounterType* Find(std::string_view id) const;
  // By name or alias, case-insensitive; nullptr if none (or not unique).
  const CounterType* FindByName(std::string_view name) const;
};

CounterSet LoadCounters(const std::string& path);

// ---------------------------------------------------------------------------------------------
// Formations and morale (formations.toml; WSR 13.0, 1.5, 1.6).

enum class Service : uint8_t { kUS, kWehrmacht, kWaffenSS, kUK };  // counter colour, WSR 1.3.5
const char* ServiceId(Service s);  // "us", "wehrmacht", "waffen-ss", "uk"

struct UnitCount {
  std::string counter;  // counter type id
  std::string alt;      // other side of a double-sided counter ("or"), or empty
  int count = 1;
};

struct Formation {
  std::string id;       // "de.beck"
  std::string name;     // "2/16th Infantry"
  std::string name_de;  // "2/16. Infanterie": the German rulebook's name; else `name`
  std::vector<std::string> aliases;
  Nation nation = Nation::kUS;
  Service service = Service::kUS;
  int morale = 7;   // 2-dice morale value (WSR 1.6.1)
  std::string hq;   // HQ counter id
  std::string shq;  // SHQ counter id, or empty
  std::vector<UnitCount> units;
  std::string note;
  // fields: name, name_de, aliases, nation, service, morale, hq, shq, units
  ProvenanceMap provenance;

  bool Matches(std::string_view name) const;  // id, name, name_de or alias, case-insensitive
};

struct Pool {  // a nation's attached pool (WSR 13.0)
  Nation nation = Nation::kUS;
  std::vector<UnitCount> units;
  std::string note;
  ProvenanceMap provenance;
};

struct FormationList {
  std::string file;
  std::vector<Formation> formations;
  std::vector<Pool> pools;

  const Formation* Find(std::string_view id_or_name) const;
  const Pool* PoolOf(Nation n) const;
};

FormationList LoadFormations(const std::string& path);

// ---------------------------------------------------------------------------------------------
// Chaos table (chaos.toml; WSR 9.0, G-2). The whole table is a stand-in.

enum class ChaosEffect : uint8_t {
  kNone,
  kFate,          // the affected side gains `amount` fate points
  kDisrupt,       // the opponent chooses `amount` good-order units of the formation: disrupted
  kOpsComplete,   // the opponent chooses `amount` units of the formation: Ops complete
  kRally,         // every disrupted unit of the formation reorganizes without a roll
  kAllInCommand,  // every unit of the formation is in command this impulse
  kFirepower,     // every attack of the formation this impulse rolls `amount` extra dice
};
const char* ChaosEffectId(ChaosEffect e);

enum class ChaosAffects : uint8_t {
  kNextFormation,  // the formation whose marker is drawn next (WSR 9.0)
  kDrawingSide,    // the side that drew the chaos marker
  kBothSides,
};

struct ChaosResult {
  int roll = 0;  // 2..12
  std::string name;
  std::string text;
  std::string name_de;  // the name and text in German ("" when none)
  std::string text_de;
  ChaosEffect effect = ChaosEffect::kNone;
  ChaosAffects affects = ChaosAffects::kBothSides;
  int amount = 0;
  Provenance provenance = Provenance::kStandIn;
};

struct ChaosTable {
  std::string file;
  int dice = 2;
  std::array<ChaosResult, 11> results;  // index roll - 2

  const ChaosResult& ForRoll(int roll) const;  // roll 2..12 (clamped)
};

ChaosTable LoadChaosTable(const std::string& path);

// ---------------------------------------------------------------------------------------------
// Map sheets (maps/sheet-a.toml .. sheet-d.toml; maps doc §1-3).

struct SheetHex {
  bool exists = false;  // false only for row 12 of odd columns
  Terrain terrain = Terrain::kClear;
  bool road = false;  // a road runs through the hex centre
};

struct Road {
  std::string id;  // "A3"
  std::string name;
  std::vector<HexId> path;  // ordered, adjacent hexes
  Provenance provenance = Provenance::kStandIn;
};

struct River {
  std::string id;  // "vire"
  std::string name;
  std::vector<HexId> hexes;  // ordered, adjacent; river and bridge hexes
  Provenance provenance = Provenance::kStandIn;
};

struct Bridge {
  HexId hex;
  std::string name;
  std::array<HexId, 2> ends;  // land hexes on opposite sides of the bridge hex
  std::string road;           // road id running end - bridge - end
  ProvenanceMap provenance;   // fields: hex, name, ends, road
};

// A crest hexside (WSR 7, maps doc 2.2): between level-1 hex `high` and level-0 hex `low`.
struct Crest {
  HexId high;
  HexId low;
};

enum class PlaceKind : uint8_t { kTown, kHill, kWoodedHill, kArea, kLandmark };
const char* PlaceKindId(PlaceKind k);

struct Place {
  std::string id;  // "ste-jeanne"
  std::string name;
  std::string name_de;  // the German name ("Höhe 137"); else `name`
  std::vector<std::string> aliases;
  PlaceKind kind = PlaceKind::kArea;
  std::vector<HexId> hexes;
  ProvenanceMap provenance;  // fields: name, name_de, hexes

  bool Matches(std::string_view name) const;  // id, name, name_de or alias, case-insensitive
  bool Contains(const HexId& h) const;
};

// A terrain fact stated by a rule or scenario; the loader checks that the grid keeps it.
struct Fact {
  std::string source;  // "WSR A5"
  std::string text;
  std::vector<HexId> hexes;
  std::string is;  // a terrain id, "level-1" or "road"
  Provenance provenance = Provenance::kRulesText;
};

inline constexpr int kSheetRows = 12;

struct Sheet {
  std::string file;
  char id = 'A';
  std::string name;
  std::string source;
  Provenance provenance = Provenance::kStandIn;           // terrain of the grid
  Provenance crest_provenance = Provenance::kStandIn;     // the crest list
  std::array<SheetHex, kSheetColumns * kSheetRows> grid;  // [(col - 1) * 12 + (row - 1)]
  std::vector<Road> roads;
  std::vector<River> rivers;
  std::vector<Bridge> bridges;
  std::vector<Crest> crests;
  std::vector<Place> places;
  std::vector<Fact> facts;

  // The hex at column 1..21, row 1..12; nullptr outside the sheet or for a missing hex.
  const SheetHex* At(int col, int row) const;
  // The hex named by an id on this sheet ("K08", "A-K08"); nullptr if it names no hex here.
  const SheetHex* Find(const HexId& h) const;
  const SheetHex* Find(std::string_view text) const;
  // Qualified id "A-K08" for column/row on this sheet.
  HexId Id(int col, int row) const;
  bool IsCrest(const HexId& a, const HexId& b) const;  // either order
  const Bridge* FindBridge(const HexId& h) const;
  const Place* FindPlace(std::string_view id_or_name) const;
  const Road* FindRoad(std::string_view id) const;
  // True if a and b are consecutive hexes of one road path: moving from a to b follows the road
  // (terrain.toml [road] cost instead of the terrain cost).
  bool RoadConnects(const HexId& a, const HexId& b) const;
  // True if a road runs completely through hex h (B4 rubble rule): h lies inside a road path
  // (the road enters and leaves it), or is a path end on the sheet edge (the road continues off
  // the sheet).
  bool RoadThrough(const HexId& h) const;
  // All existing hexes of the sheet, column by column.
  std::vector<HexId> Hexes() const;
};

// Needs the chart for the terrain tokens and levels. Throws DataError("FILE:LINE: message").
Sheet LoadSheet(const std::string& path, const TerrainChart& chart);

// ---------------------------------------------------------------------------------------------
// Everything together.

struct Data {
  TerrainChart terrain;
  std::array<CounterSet, kNumNations> counters;  // indexed by Nation
  FormationList formations;
  ChaosTable chaos;
  std::array<Sheet, 4> sheets;  // A, B, C, D

  const CounterSet& nation(Nation n) const { return counters[static_cast<size_t>(n)]; }
  const CounterType* FindCounter(std::string_view id) const;  // "de.panther"
  const Sheet& sheet(char id) const;  // 'A'..'D'; throws DataError for another letter
};

// Loads dir/terrain.toml, counters-us/de/uk.toml, formations.toml, chaos.toml and
// maps/sheet-a..d.toml and checks the references between them (formation HQs and units exist
// for the formation's nation, HQ counters name their formation, hq_type exists).
Data LoadData(const std::string& dir);

// The shipped data (data_dir() + "/wsr"), loaded once.
const Data& ShippedData();

}  // namespace feldherr::wsr
