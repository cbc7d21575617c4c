// White Star Rising scenarios (WSR 12.0-12.2, 2.0;
// docs/rules/wsr-scenarios.md) loaded from data/wsr/scenarios/*.toml (format:
// docs/wsr-scenarios.md).
//
// A scenario names its sheets and their layout (maps doc §1.6) with the playable columns, the
// turn count and markers, two sides with fate points and support, the forces of each formation
// (counter ids of counters-*.toml with face, mounted state and where they set up or arrive),
// setup zones resolved to hexes of the layout, scheduled markers, first activations,
// reinforcements (by turn through entry zones, or by a die-roll entry table such as Beck's
// second element in B1), special rules as named hooks with parameters, and victory conditions
// as a tree of structured tests. Every table carries a provenance (docs/data-provenance.md).
// Every text a player reads (title, place, zone, force, setup requirement, special rule,
// victory and decision texts) is given in English and German (`text` and `text_de`).
//
// The loader resolves every reference against the static data (games/wsr/data.h) and the
// scenario's HexLayout and reports each problem as DataError "FILE:LINE: message".
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engine/text.h"
#include "games/wsr/data.h"
#include "geometry/hex_map.h"

namespace feldherr::wsr {

enum class ScenarioType : uint8_t { kBasic, kAdvanced };  // WSR 12.0

// A set of hexes of the layout (WSR 2.0 setup zones, entry hexes, victory places), resolved at
// load time. Defined by a base (hexes, a named place, columns of a sheet, an edge of the
// playable area, or the whole area), optionally widened to every hex within `within` hexes and
// filtered by terrain and columns.
struct Zone {
  std::string id;            // "beck-setup"
  Text text;                 // the scenario's words, English and German ({} if none)
  std::vector<int> hexes;    // layout indices, ascending
  std::vector<HexId> ids;    // canonical ids of `hexes`, same order
  ProvenanceMap provenance;  // fields: hexes

  bool Contains(int index) const;
  bool Contains(const HexId& id) const;  // canonical id
};

// One counter line of a force: `count` counters of one type, all in the same state.
struct ForceUnit {
  std::string counter;  // "de.panther"
  int count = 1;
  bool reduced = false;   // starts on its reduced face (WSR 1.2.1)
  bool mounted = false;   // transport counters (WSR 5.2): starts on the mounted face
  bool loaded = false;    // infantry platoons: start loaded in a separate carrier of the force
                          // (WSR 5.2, [REC] A-38), one platoon per carrier, in file order
  bool attached = false;  // not of the formation: attached for the scenario (WSR 12.1, 1.5)
  std::string from;       // attached: the formation it comes from, or "pool" (WSR 13.0)
};

// How a force enters play.
enum class ArrivalKind : uint8_t {
  kSetup,    // placed in `zone` during setup (WSR 2.0)
  kTurn,     // enters on turn `turn` through `zone` (WSR 4.2, G-12)
  kRandom,   // enters by the die-roll table `random_entry` (B1 Beck second element)
  kSpecial,  // placed by a special rule hook (`rule`), e.g. B4 panther-ambush
};
const char* ArrivalKindId(ArrivalKind k);

// Units of one formation that arrive together.
struct Force {
  std::string formation;  // "de.beck"
  std::vector<ForceUnit> units;
  ArrivalKind arrival = ArrivalKind::kSetup;
  std::string zone;          // setup zone (kSetup) or entry zone (kTurn); kSpecial: placement zone
  int turn = 0;              // kTurn
  std::string random_entry;  // kRandom: RandomEntry id
  std::string rule;          // kSpecial: SpecialRule id
  bool always_in_command = false;  // these units skip the command check all game (A3)
  int in_command_until_turn = 0;   // in command without a check up to this turn (A9); 0: none
  Text text;                       // what the scenario calls the force ({} if it says nothing)
  ProvenanceMap provenance;        // fields: units, zone, turn

  int CountOf(std::string_view counter) const;  // counters of this type in the force
  int Total() const;
};

// A die-roll entry table (B1 "Beck second element"): each time `formation` is activated
// while the forces using the table have not entered, roll one die; the row holding the roll
// gives the entry zone (empty zone: no entry this time, roll again at the next activation).
struct RandomEntry {
  struct Row {
    std::vector<int> rolls;  // 1..6
    std::string zone;        // empty: does not enter
  };
  std::string id;
  std::string formation;
  std::vector<Row> rows;  // together cover 1..6 exactly once
  ProvenanceMap provenance;

  const Row& ForRoll(int roll) const;  // roll 1..6
};

struct FormationSetup {
  std::string id;    // formations.toml id
  std::string side;  // "us", "de", "uk"
  int morale = 7;    // as formations.toml unless the scenario says otherwise
  // The marker goes into the cup at the start of this turn (WSR 12.1; A-33); 0: never.
  int marker_turn = 1;
  ProvenanceMap provenance;  // fields: morale, marker_turn
};

struct Artillery {  // WSR 11.2: strikes x firepower/to-hit ("1 x 45")
  int strikes = 0;
  int fp = 0;
  int to_hit = 0;
};

struct Air {  // WSR 11.3: the aircraft counter enters the cup at the start of `turn`
  std::string counter;
  int count = 1;
  int turn = 1;
};

struct Side {
  std::string id;  // "us", "de", "uk"
  Nation nation = Nation::kUS;
  int fate_points = 0;         // WSR 10.0
  int improved_positions = 0;  // WSR 8.1: placed during the side's setup
  int mines = 0;               // mine markers (A5)
  int artillery_smoke = 0;     // smoke strikes (A10, WSR 11.2)
  std::vector<Artillery> artillery_he;
  std::vector<Air> air;
  ProvenanceMap provenance;  // fields: fate_points, artillery_he, air, improved_positions, mines
};

// Chaos markers added to the cup (WSR 9.0).
struct ChaosMarkers {
  int count = 1;
  int turn = 1;            // added at the start of this turn
  bool variation = false;  // only if both players agree (scenario "variations")
  ProvenanceMap provenance;
};

// Activations before the first draw of turn 1 (WSR 3.1; scenario "first activation").
struct FirstActivation {
  std::vector<std::string> formations;  // activated in this order
  bool optional = false;                // the owning player may decline (B4)
  // If taken, the marker of the formation goes into the cup only from turn 2 (B4).
  bool delays_marker = false;
  // A10: this side chooses ONE of `formations` to activate first (its marker then waits for
  // turn 2 when delays_marker); empty: all of `formations` activate, in order.
  std::string chooser;
  ProvenanceMap provenance;
};

// A scenario rule the data cannot express; the rules engine implements hook `id` (one of
// KnownSpecialRules()) with these parameters.
struct SpecialRule {
  struct Param {
    std::string key;
    bool is_int = false;
    int value = 0;
    std::string text;  // string parameters: counter, formation, zone ids...
  };
  std::string id;  // "m18-fire-and-move"
  Text text;       // the rule as the scenario words it
  std::vector<Param> params;
  ProvenanceMap provenance;

  const Param* Find(std::string_view key) const;
  int Int(std::string_view key, int dflt) const;
  std::string Str(std::string_view key) const;
};
// The hook ids the loader accepts, with their parameter keys.
const std::vector<std::pair<std::string, std::vector<std::string>>>& KnownSpecialRules();

// A victory test (WSR 12.2 control, A-34), checked for `Victory::side`.
enum class ConditionKind : uint8_t {
  kAll,           // every child holds
  kAny,           // at least one child holds
  kControlAll,    // the side controls every hex of `zone` (WSR 12.2)
  kOccupy,        // at least `count` units of the side are in hexes of `zone`
  kExit,          // at least `count` units have exited from hexes of `zone` (G-12)
  kControlCount,  // the side controls at least `count` hexes of `zone`
  kEliminate,     // the side has eliminated at least `count` enemy units (reduced: not counted)
  kAtLeast,       // at least `count` children hold (A6 "2 of the 3 towns", A5 objectives)
  kSurvive,       // at least `count` of the side's own units are not eliminated (A11)
  kNot,           // the single child does not hold (A7 "no German unit within 2 hexes")
};
const char* ConditionKindId(ConditionKind k);

struct Condition {
  ConditionKind kind = ConditionKind::kControlAll;
  // The side whose control, units, exits or eliminations are tested: the outcome's side unless
  // the file says `by = "..."`.
  std::string by;
  std::string zone;
  int count = 0;
  bool count_hq = true;       // kExit/kOccupy/kEliminate: HQs count as units
  bool count_reduced = true;  // kExit/kOccupy/kEliminate: reduced units count
  // kExit: counter id -> how many units one such counter counts as (A5 "M4 units count
  // double"); other counters count 1.
  std::vector<std::pair<std::string, int>> weights;
  // kOccupy/kExit/kEliminate: only counters of these types count (A11 "tank platoons", A12
  // "paratroop unit"); empty: every unit.
  std::vector<std::string> units;
  std::vector<Condition> children;
};

// A result of the game: "<side>" (a win), "<side>-decisive", "<side>-marginal",
// "<side>-tactical", or "draw".
struct Outcome {
  std::string result;
  std::string side;  // the side the condition is judged for (the winner; `by` for a draw)
  Condition condition;
};

// Victory points (A8, A10): `side` scores `points` per event.
enum class ScoreEvent : uint8_t {
  kEliminated,     // per enemy unit (of `units`, if given) eliminated
  kExited,         // per own unit (of `units`, if given) exited from a hex of `zone`
  kControlledAll,  // once, if the side controls every hex of `zone` at game end
  kControlledHex,  // per hex of `zone` the side controls at game end
};
const char* ScoreEventId(ScoreEvent e);

struct ScoreRule {
  std::string side;
  int points = 1;
  ScoreEvent per = ScoreEvent::kEliminated;
  std::string zone;
  std::vector<std::string> units;
};

// A result by points: `side` gets `result` if its points exceed every other side's by at least
// `lead` and reach `min_points`.
struct PointsLevel {
  std::string result;
  std::string side;
  int lead = 0;
  int min_points = 0;
};

struct Victory {
  // Outcomes checked in order at game end; the first whose condition holds is the result,
  // `otherwise` if none does. The two-sided form `side` + `condition` is one outcome.
  std::vector<Outcome> outcomes;
  std::string side;               // the first outcome's side (two-sided form: the side that wins)
  std::string otherwise;          // result if no outcome holds
  std::string when = "game-end";  // after the final marker removal phase
  Condition condition;            // the first outcome's condition
  // Points form (instead of outcomes): scoring rules, then levels checked in order.
  std::vector<ScoreRule> scoring;
  std::vector<PointsLevel> levels;
  // The result for final scores (side id -> points) under `levels`, `otherwise` if none applies.
  std::string ResultForPoints(const std::vector<std::pair<std::string, int>>& points) const;
  Text text;  // the victory conditions as the scenario words them
  ProvenanceMap provenance;
};

// A constraint on a side's setup (B4: "at least one unit in a city hex in column N or O"):
// after the side has set up, at least `count` of its units stand in hexes of `zone`.
struct SetupRequirement {
  std::string side;
  std::string zone;
  int count = 1;     // at least this many (0: no minimum)
  int at_most = -1;  // at most this many (A4 "at most 2 units east of the river"); -1: no limit
  Text text;         // the requirement as the scenario words it ({} if none)
  ProvenanceMap provenance;
};

struct Decision {  // a reading chosen where the scenario text is silent or ambiguous
  std::string id;  // "A-33", "stand-in", "rec"
  Text text;
};

struct Scenario {
  std::string file;
  std::string id;       // "noville"
  std::string code;     // "WSR-B1"
  std::string section;  // "12.2.1"
  ScenarioType type = ScenarioType::kBasic;
  std::string title;
  std::string title_de;  // the German rulebook's title: "Noville, Belgien"
  std::string date;      // "1944-12-19"
  Text place;            // {"Noville, Belgium", "Noville, Belgien"}
  int turns = 0;
  int end_turn_markers = 2;
  std::string setup_first;  // side id placing all its units first (WSR 2.0)
  std::vector<SheetSlot> slots;
  HexLayout layout;
  std::vector<Side> sides;
  std::vector<FormationSetup> formations;
  std::vector<Force> forces;
  std::vector<Zone> zones;
  std::vector<SetupRequirement> setup_requirements;
  std::vector<RandomEntry> random_entries;
  std::vector<ChaosMarkers> chaos;
  FirstActivation first_activation;
  std::vector<SpecialRule> special_rules;
  Victory victory;
  std::vector<Decision> decisions;
  // The title in `lang` (the English where there is no German).
  const std::string& title_in(Lang lang) const {
    return lang == Lang::kDe && !title_de.empty() ? title_de : title;
  }
  ProvenanceMap provenance;  // fields: title, date, turns, end_turn_markers, setup_first, layout

  const Side* FindSide(std::string_view id) const;
  const FormationSetup* FindFormation(std::string_view id) const;
  const Zone* FindZone(std::string_view id) const;
  const RandomEntry* FindRandomEntry(std::string_view id) const;
  const SpecialRule* FindRule(std::string_view id) const;
  // Side id of a formation ("" if not in the scenario).
  std::string SideOf(std::string_view formation) const;
  // Forces of one side (by the formation's side), in file order.
  std::vector<const Force*> ForcesOf(std::string_view side) const;
  // Number of counters of type `counter` on `side` (all forces, or only those arriving `how`).
  int CountUnits(std::string_view side, std::string_view counter) const;
  int CountUnits(std::string_view side, std::string_view counter, ArrivalKind how) const;
};

// Throws DataError("FILE:LINE: message").
Scenario LoadScenario(const std::string& path, const Data& data);

// Every *.toml of dir, sorted by file name.
std::vector<Scenario> LoadScenarios(const std::string& dir, const Data& data);

}  // namespace feldherr::wsr
