// Planspiel static data (docs/planspiel.md "Data files"): the boards of the standard situations,
// loaded from data/planspiel/*.toml. Every board value names its provenance
// (docs/data-provenance.md). Every malformed file gives DataError("FILE:LINE: message") naming the
// field at fault.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "games/planspiel/board.h"

namespace feldherr::planspiel {

enum class Provenance : uint8_t {
  kPrinted,
  kRulesText,
  kRulesExample,
  kPublicUnverified,
  kStandIn,
};
const char* provenance_name(Provenance p);  // "printed", "rules-text", ...

// The board values that each need a provenance entry.
inline const std::vector<std::string>& board_value_names() {
  static const std::vector<std::string> kNames = {"width",   "height", "terrain",
                                                  "contour", "roads",  "bridges"};
  return kNames;
}

// One situation's board ([board] of data/planspiel/<situation>.toml).
struct BoardData {
  std::string id;     // "ps-1"
  std::string title;  // "Der Gutshof (the estate farm)"
  std::string file;   // the file it was loaded from
  int line = 0;       // line of the [board] table
  Board board;
  std::vector<std::vector<Field>> roads;  // the road paths as written
  std::vector<Field> bridges;
  std::map<std::string, Provenance> provenance;  // per value name (board_value_names())
};

// Loads one board file. The file must have exactly one [board] table with id, title, width,
// height, terrain (one string per row, y = 0 first), contour (digits, the same shape), roads
// (paths "x,y x,y ..."), bridges ("x,y") and provenance (one entry per value). Checked: the row
// shapes, the symbols, every road step orthogonal between road fields, every road field on a path,
// every two orthogonally adjacent road fields joined (scenarios §1.3), and the bridge list equal
// to the bridge symbols. Throws DataError("FILE:LINE: message").
BoardData load_board(const std::string& path);

// The shipped boards: ps1.toml, ps2.toml and ps3.toml of `dir`, in that order.
std::vector<BoardData> load_planspiel_boards(const std::string& dir);
// data_dir()/planspiel, loaded once.
const std::vector<BoardData>& shipped_planspiel_boards();
// The shipped board with that id ("ps-1"), or nullptr.
const BoardData* find_planspiel_board(const std::string& id);

}  // namespace feldherr::planspiel
