// Planspiel board loader (games/planspiel/data.h). Strict: unknown fields, missing fields, wrong
// types, bad shapes, unknown symbols, broken roads and values without provenance are all
// DataError("FILE:LINE: message"); it never crashes on any input.
#include "games/planspiel/data.h"

#include <toml++/toml.h>

#include <algorithm>
#include <array>
#include <memory>
#include <mutex>
#include <set>

#include "engine/errors.h"
#include "engine/toml_guard.h"
#include "engine/toml_reader.h"
#include "engine/toml_util.h"

namespace feldherr::planspiel {

const char* provenance_name(Provenance p) {
  switch (p) {
    case Provenance::kPrinted:
      return "printed";
    case Provenance::kRulesText:
      return "rules-text";
    case Provenance::kRulesExample:
      return "rules-example";
    case Provenance::kPublicUnverified:
      return "public-unverified";
    case Provenance::kStandIn:
      return "stand-in";
  }
  return "?";
}

namespace {

constexpr int kMaxSide = 100;

using Reader = TomlReader;

std::string FieldText(Field f) {
  return "(" + std::to_string(f.x) + "," + std::to_string(f.y) + ")";
}

// "x,y" with decimal x and y, or false.
bool ParseField(const std::string& s, Field& f) {
  const size_t comma = s.find(',');
  if (comma == std::string::npos || comma == 0 || comma + 1 >= s.size() || s.size() > 9)
    return false;
  const auto digits = [](const std::string& t) {
    return !t.empty() &&
           std::all_of(t.begin(), t.end(), [](char c) { return c >= '0' && c <= '9'; });
  };
  const std::string xs = s.substr(0, comma), ys = s.substr(comma + 1);
  if (!digits(xs) || !digits(ys)) return false;
  f = {std::stoi(xs), std::stoi(ys)};
  return true;
}

const std::vector<std::string_view> kBoardFields = {
    "id", "title", "width", "height", "terrain", "contour", "roads", "bridges", "provenance"};

}  // namespace

BoardData load_board(const std::string& path) {
  const Reader r(path);
  const toml::table root = r.Parse();
  r.Keys(root, {"board"}, "at the top level");
  const toml::table& t = r.Table(r.Req(root, "board", "at the top level ([board])"), "board");
  const std::string w = "in [board]";
  r.Keys(t, kBoardFields, w);
  BoardData d;
  d.file = path;
  d.line = static_cast<int>(t.source().begin.line);
  const toml::node& id_node = r.Req(t, "id", w);
  d.id = r.Str(id_node, "id");
  if (!is_data_slug(d.id, 32))
    r.Fail(id_node, "field 'id' must be lower-case letters, digits and '-' (is '" + d.id + "')");
  d.title = r.Str(r.Req(t, "title", w), "title");
  const int width = r.Int(r.Req(t, "width", w), "width", 1, kMaxSide);
  const int height = r.Int(r.Req(t, "height", w), "height", 1, kMaxSide);
  d.board = Board(width, height);
  Board& b = d.board;

  // Terrain and contour grids: one string per row, y = 0 first, x = 0 first (scenarios §1.3).
  const auto rows = [&](std::string_view key, const auto& cell) {
    const toml::node& n = r.Req(t, key, w);
    const toml::array& a = r.Arr(n, key);
    if (static_cast<int>(a.size()) != height)
      r.Fail(n, "field '" + std::string(key) + "' has " + std::to_string(a.size()) +
                    " rows, the board is " + std::to_string(height) + " high");
    for (int y = 0; y < height; ++y) {
      const toml::node& row_node = *a.get(static_cast<size_t>(y));
      const std::string row = r.Str(row_node, key);
      if (static_cast<int>(row.size()) != width)
        r.Fail(row_node, "field '" + std::string(key) + "' row y=" + std::to_string(y) + " has " +
                             std::to_string(row.size()) + " fields, the board is " +
                             std::to_string(width) + " wide");
      for (int x = 0; x < width; ++x) {
        const std::string error = cell(Field{x, y}, row[static_cast<size_t>(x)]);
        if (!error.empty())
          r.Fail(row_node, "field '" + std::string(key) + "' row y=" + std::to_string(y) +
                               ", x=" + std::to_string(x) + ": " + error);
      }
    }
  };
  rows("terrain", [&](Field f, char c) -> std::string {
    Terrain terrain{};
    bool road = false;
    if (!ParseTerrainChar(c, terrain, road))
      return "unknown symbol '" + std::string(1, c) + "' (known: . = F f B b R S W H)";
    b.set_terrain(f, terrain, road);
    return "";
  });
  rows("contour", [&](Field f, char c) -> std::string {
    if (c < '0' || c > '9') return "contour level '" + std::string(1, c) + "' must be a digit 0..9";
    b.set_contour(f, c - '0');
    return "";
  });

  // Roads: paths of fields "x,y x,y ..." joined orthogonally (PS §2.2: roads run through field
  // centres and never along diagonals).
  {
    const toml::node& n = r.Req(t, "roads", w);
    std::vector<uint8_t> on_path(static_cast<size_t>(width * height), 0);
    for (const toml::node& path_node : r.Arr(n, "roads")) {
      const std::string text = r.Str(path_node, "roads");
      std::vector<Field> fields;
      size_t pos = 0;
      while (pos < text.size()) {
        if (text[pos] == ' ') {
          ++pos;
          continue;
        }
        const size_t end = std::min(text.find(' ', pos), text.size());
        const std::string token = text.substr(pos, end - pos);
        pos = end;
        Field f;
        if (!ParseField(token, f))
          r.Fail(path_node, "field 'roads': bad field '" + token + "' (write x,y)");
        if (!b.on_board(f))
          r.Fail(path_node, "field 'roads': " + FieldText(f) + " is not on the board");
        if (!b.road(f))
          r.Fail(path_node, "field 'roads': " + FieldText(f) + " is '" +
                                std::string(1, TerrainChar(b.terrain(f), false)) +
                                "', not a road field");
        if (!fields.empty() && !b.link_road(fields.back(), f))
          r.Fail(path_node, "field 'roads': the road from " + FieldText(fields.back()) + " to " +
                                FieldText(f) +
                                " is not a step to an orthogonal neighbour (roads never run "
                                "along diagonals)");
        on_path[static_cast<size_t>(b.index(f))] = 1;
        fields.push_back(f);
      }
      if (fields.size() < 2) r.Fail(path_node, "field 'roads': a road path needs two fields");
      d.roads.push_back(std::move(fields));
    }
    for (int y = 0; y < height; ++y)
      for (int x = 0; x < width; ++x)
        if (b.road({x, y}) && !on_path[static_cast<size_t>(b.index({x, y}))])
          r.Fail(n, "field 'roads': road field " + FieldText({x, y}) + " lies on no road path");
    for (int y = 0; y < height; ++y) {
      for (int x = 0; x < width; ++x) {
        const Field f{x, y};
        if (!b.road(f)) continue;
        // Scenarios §1.3: two orthogonally adjacent road fields are always connected.
        for (const Field g : {Field{x + 1, y}, Field{x, y + 1}}) {
          if (b.on_board(g) && b.road(g) && !IsRoadStep(b, f, g))
            r.Fail(n, "field 'roads': the road fields " + FieldText(f) + " and " + FieldText(g) +
                          " are adjacent but no path joins them");
        }
      }
    }
  }

  // Bridges: exactly the 'H' fields (PS §2.2: fixed bridges exist only if the scenario sets them).
  {
    const toml::node& n = r.Req(t, "bridges", w);
    for (const toml::node& item : r.Arr(n, "bridges")) {
      const std::string text = r.Str(item, "bridges");
      Field f;
      if (!ParseField(text, f))
        r.Fail(item, "field 'bridges': bad field '" + text + "' (write x,y)");
      if (!b.on_board(f) || b.terrain(f) != Terrain::kBridge)
        r.Fail(item, "field 'bridges': " + FieldText(f) + " is not a bridge field 'H'");
      if (std::find(d.bridges.begin(), d.bridges.end(), f) != d.bridges.end())
        r.Fail(item, "field 'bridges': " + FieldText(f) + " is listed twice");
      d.bridges.push_back(f);
    }
    for (int y = 0; y < height; ++y)
      for (int x = 0; x < width; ++x)
        if (b.terrain({x, y}) == Terrain::kBridge &&
            std::find(d.bridges.begin(), d.bridges.end(), Field{x, y}) == d.bridges.end())
          r.Fail(n, "field 'bridges': the bridge field " + FieldText({x, y}) + " is not listed");
  }

  // Provenance: one entry per value (docs/data-provenance.md).
  {
    const toml::node& n = r.Req(t, "provenance", w);
    const toml::table& p = r.Table(n, "provenance");
    std::vector<std::string_view> names;
    for (const std::string& v : board_value_names()) names.push_back(v);
    r.Keys(p, names, "in [board] provenance");
    for (const std::string& v : board_value_names()) {
      const toml::node* e = p.get(v);
      if (!e) r.Fail(n, "field '" + v + "' has no provenance");
      const std::string s = r.Str(*e, "provenance." + v);
      bool found = false;
      for (Provenance k : {Provenance::kPrinted, Provenance::kRulesText, Provenance::kRulesExample,
                           Provenance::kPublicUnverified, Provenance::kStandIn}) {
        if (s == provenance_name(k)) {
          d.provenance[v] = k;
          found = true;
        }
      }
      if (!found)
        r.Fail(*e,
               "unknown provenance '" + s + "' of field '" + v +
                   "' (known: printed, rules-text, rules-example, public-unverified, stand-in)");
    }
  }
  return d;
}

std::vector<BoardData> load_planspiel_boards(const std::string& dir) {
  std::vector<BoardData> out;
  std::set<std::string> ids;
  for (const char* name : {"ps1.toml", "ps2.toml", "ps3.toml"}) {
    out.push_back(load_board(dir + "/" + name));
    if (!ids.insert(out.back().id).second)
      throw DataError(out.back().file + ":" + std::to_string(out.back().line) +
                      ": duplicate board id '" + out.back().id + "'");
  }
  return out;
}

const std::vector<BoardData>& shipped_planspiel_boards() {
  static std::mutex mutex;
  static std::unique_ptr<const std::vector<BoardData>> boards;
  const std::lock_guard<std::mutex> lock(mutex);
  if (!boards)
    boards = std::make_unique<const std::vector<BoardData>>(
        load_planspiel_boards(data_dir() + "/planspiel"));
  return *boards;
}

const BoardData* find_planspiel_board(const std::string& id) {
  for (const BoardData& d : shipped_planspiel_boards())
    if (d.id == id) return &d;
  return nullptr;
}

}  // namespace feldherr::planspiel
