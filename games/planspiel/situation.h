// Planspiel standard situations (docs/rules/planspiel.md §S, PS §18, G-01, G-53): forces and
// set-up, reinforcements, pre-dug positions, camouflaged and detected units at the start, game
// length and turn order, the objective fields with their controller at the start and the outcome
// list, loaded from data/planspiel/situation-*.toml. Every value names its provenance
// (docs/data-provenance.md); a malformed file gives DataError("FILE:LINE: message") naming the
// field at fault.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "games/planspiel/board.h"
#include "games/planspiel/data.h"
#include "games/planspiel/units.h"

namespace feldherr::planspiel {

// The two parties of every standard situation; the seats of the game in this order.
inline constexpr int kPartyRed = 0;
inline constexpr int kPartyBlue = 1;
inline constexpr int kParties = 2;
const char* party_name(int party);  // "red", "blue"

// One unit of a situation's forces (scenarios §1.5): on the board at the start, or a
// reinforcement (scenarios §1.6) that enters at `field`, an edge field, from game turn `arrives`.
struct SituationUnit {
  std::string id;            // "B-I1"
  int party = kPartyRed;     // kPartyRed, kPartyBlue
  std::string type;          // the catalogue id, "INF"
  Field field;               // set-up field, or the entry field of a reinforcement
  int arrives = 0;           // 0: on the board at the start; n: reinforcement of game turn n
  bool camouflaged = false;  // camouflage marker at the start (scenarios §1.5)
  bool detected = false;     // detected marker at the start (scenarios §1.5)
  // PS §4.4-§4.5: the unit's own transport or tow (`carrier` of a figure base, `tow` of a weapon
  // base; the index in Situation::units, -1: none), and whether it starts carried by it
  // (state "mounted" or "limbered"; else "dismounted" or "unlimbered").
  int carrier = -1;
  bool carried = false;
  // The other side of the pair: the unit this vehicle carries (`carries`) or tows (`tow_of`).
  int load = -1;
  int line = 0;
  std::map<std::string, Provenance> provenance;  // per value present
};

// A party's set-up zone (scenarios §1.5): the rectangle of fields from `from` to `to` (both
// corners included) where it may place its units before the game; its units' listed fields are
// the defaults.
struct SetupZone {
  int party = kPartyRed;
  Field from, to;
  bool contains(Field f) const {
    return f.x >= from.x && f.x <= to.x && f.y >= from.y && f.y <= to.y;
  }
  int line = 0;
  std::map<std::string, Provenance> provenance;
};

// A set of objective fields (G-01) and who controls each at the start (-1: nobody).
struct ObjectiveSet {
  std::string id;  // "gutshof"
  // The name a player reads on the board and in the briefing, in English and German (the
  // scenarios' place names); the id where the file gives none.
  std::string name, name_de;
  std::vector<Field> fields;
  std::vector<int> controller;  // per field: kPartyRed, kPartyBlue or -1
  int vp = 0;  // victory points per field to its controller at the end (PS-3 §5.5)
  int line = 0;
  std::map<std::string, Provenance> provenance;
};

// One condition of an outcome line; an outcome holds when all its conditions hold.
struct Condition {
  enum class Kind : uint8_t {
    kControls,      // `party` controls between `min` and `max` fields of objective set `set`
    kFewerLosses,   // losses(party) < losses(enemy)
    kLossesAtMost,  // losses(party) <= losses(enemy)
    // PS-3 §5.5: VP(party) - VP(enemy) between `min` and `max`, where VP(P) is the `vp` of the
    // objective fields P controls plus the enemy's losses (scenarios §1.7).
    kMargin,
  };
  Kind kind = Kind::kControls;
  int party = kPartyRed;
  std::string set;
  int min = 0;
  int max = 1000;
};
inline constexpr int kNoMarginLimit = 1000;  // a `margin` condition without `min` or `max`

// One line of the outcome list (scenarios §1.7: the first matching line applies).
struct OutcomeLine {
  int winner = -1;              // kPartyRed, kPartyBlue, or -1 for a draw
  std::string text;             // "Red victory"
  std::string text_de;          // "Sieg Rot" ("" when the file gives no German)
  std::vector<Condition> when;  // empty: otherwise
  int line = 0;
  std::map<std::string, Provenance> provenance;
};

// A party's task in the situation's briefing, in English and German.
struct SituationTask {
  int party = kPartyRed;
  std::string text;     // "Take the Gutshof ..."
  std::string text_de;  // "" when the file gives no German
  int line = 0;
  std::map<std::string, Provenance> provenance;
};

struct Situation {
  std::string id;        // "ps-1"
  std::string title;     // "Der Gutshof (the estate farm)"
  std::string title_de;  // "Der Gutshof" ("" when the file gives no German)
  std::string board;     // the board's id, "ps-1"
  std::string file;
  int start_cycle_turn = 1;  // D1..D16 (scenarios §1.4)
  int game_turns = 1;
  int first_mover = kPartyRed;
  std::vector<Field> dug_in;  // pre-dug field positions (scenarios §1.5)
  std::vector<SituationUnit> units;
  std::vector<SetupZone> setup;  // at most one per party (scenarios §1.5)
  std::vector<ObjectiveSet> objectives;
  std::vector<OutcomeLine> outcomes;
  std::vector<SituationTask> tasks;              // at most one per party, for the briefing
  std::map<std::string, Provenance> provenance;  // per value of [situation]
  // The set-up zone of `party`, or nullptr when its set-up is fixed.
  const SetupZone* zone_of(int party) const {
    for (const SetupZone& z : setup)
      if (z.party == party) return &z;
    return nullptr;
  }
};

// Loads one situation file: a [situation] table (id, title, board, start_cycle_turn, game_turns,
// first_mover, dug_in, provenance), [[unit]] tables (id, party, type, field, optional arrives,
// camouflaged, detected, carrier, carries, tow, tow_of, state, provenance), optional [[setup]]
// tables (party, from, to, provenance: a set-up zone holding the party's default fields),
// [[objective]] tables (id, optional name and name_de, fields, controller, optional vp,
// provenance), [[outcome]] tables (result, text, when, provenance; a condition is `controls`,
// `fewer_losses`, `losses_at_most` or `margin` with optional `min` and `max`) and optional [[task]]
// tables (party, text, text_de, provenance: each party's task for the briefing, at most one per
// party). Checked against the catalogue `types` and the board `board`: known types, fields on the
// board, unit ids unique, reinforcements on an edge field and within the game's turns, every day
// turn a day turn (scenarios §1.4), every outcome's objective set known, the last outcome
// unconditional; a transport pair named from both sides (`carrier` and `carries`, `tow` and
// `tow_of`) within one party, by a vehicle that can carry that load (PS §4.5), a carried unit in
// its carrier's field and arriving with it. Throws DataError("FILE:LINE: message").
Situation load_situation(const std::string& path, const std::vector<UnitType>& types,
                         const std::vector<BoardData>& boards);
// The shipped situations of data_dir()/planspiel (situation-ps1.toml, ...), loaded once.
const std::vector<Situation>& shipped_situations();
// The shipped situation with that id ("ps-1"), or nullptr.
const Situation* find_situation(const std::string& id);

}  // namespace feldherr::planspiel
