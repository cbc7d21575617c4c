// Rivet Wars map composition: see board.h.
#include "games/rivet/board.h"

#include <algorithm>

#include "engine/errors.h"

namespace feldherr::rivet {

std::string Board::seg_name(int s) const {
  const SquareCell c = cell(s);
  return std::string(1, static_cast<char>('a' + c.x)) + std::to_string(c.y + 1);
}

int Board::parse_seg(const std::string& s) const {
  if (s.size() < 2 || s.size() > 3 || s[0] < 'a' || s[0] >= 'a' + cols) return -1;
  int row = 0;
  for (size_t i = 1; i < s.size(); ++i) {
    if (s[i] < '0' || s[i] > '9') return -1;
    row = row * 10 + (s[i] - '0');
  }
  if (row < 1 || row > rows || (s.size() == 3 && s[1] == '0')) return -1;
  return seg(s[0] - 'a', row - 1);
}

Board compose_board(const RivetData& data, const Mission& m) {
  auto fail = [&](const std::string& msg) -> void {
    throw DataError(m.file + ":" + std::to_string(m.line) + ": mission " + std::to_string(m.id) +
                    ": " + msg);
  };
  Board b;
  b.rows = static_cast<int>(m.tiles.size()) * 3;
  b.cols = m.tiles.empty() ? 0 : static_cast<int>(m.tiles[0].size()) * 3;
  const int n = b.num_segments();
  b.territory.assign(static_cast<size_t>(n), kNoMansLand);
  b.deploy.assign(static_cast<size_t>(n), {false, false});
  b.duckboard.assign(static_cast<size_t>(n), {false, false, false, false});
  // Tiles in printed orientation (content §0.2): the tile at grid (i, j) covers segment columns
  // 3j..3j+2 and rows 3i..3i+2; face field (fr, fc) lies in segment (fr/2, fc/2), field
  // (fr%2)*2 + fc%2.
  for (size_t i = 0; i < m.tiles.size(); ++i) {
    for (size_t j = 0; j < m.tiles[i].size(); ++j) {
      const TileFace* face = data.face(m.tiles[i][j]);
      if (!face) fail("unknown tile face '" + m.tiles[i][j] + "'");
      for (int fr = 0; fr < 6; ++fr)
        for (int fc = 0; fc < 6; ++fc) {
          const int s = b.seg(static_cast<int>(j) * 3 + fc / 2, static_cast<int>(i) * 3 + fr / 2);
          b.duckboard[static_cast<size_t>(s)][static_cast<size_t>((fr % 2) * 2 + fc % 2)] =
              face->duckboard(fr, fc);
        }
    }
  }
  for (int r = 0; r < b.rows; ++r)
    for (int c = 0; c < b.cols; ++c) {
      const char l = m.overlay[static_cast<size_t>(r)][static_cast<size_t>(c)];
      const size_t s = static_cast<size_t>(b.seg(c, r));
      if (l == 'a' || l == 'A') b.territory[s] = kAllies;
      if (l == 'b' || l == 'B') b.territory[s] = kBismark;
      b.deploy[s][kAllies] = l == 'a';  // C6: deployment segments lie in own territory
      b.deploy[s][kBismark] = l == 'b';
    }
  // Terrain (content C1): one piece per field, at most two per segment, allowed pairs only.
  std::array<int, kNumTerrain> count{};
  std::vector<std::vector<Terrain>> per_seg(static_cast<size_t>(n));
  std::vector<bool> used(static_cast<size_t>(n * 4), false);
  for (const TerrainPiece& p : m.terrain) {
    const int s = b.seg(p.col, p.row);
    const std::string where = b.seg_name(s) + "." + field_name(p.field);
    if (used[static_cast<size_t>(s * 4 + p.field)])
      fail("two terrain pieces on field " + where + " (content C1)");
    used[static_cast<size_t>(s * 4 + p.field)] = true;
    if (++count[static_cast<size_t>(p.type)] > 6)
      fail(std::string("more than 6 ") + terrain_name(p.type) + " pieces (RW §1)");
    per_seg[static_cast<size_t>(s)].push_back(p.type);
    b.terrain.push_back(p);
  }
  auto has = [](const std::vector<Terrain>& v, Terrain t) {
    return std::find(v.begin(), v.end(), t) != v.end();
  };
  for (int s = 0; s < n; ++s) {
    const auto& v = per_seg[static_cast<size_t>(s)];
    if (v.size() > 2)
      fail("segment " + b.seg_name(s) + " holds more than two terrain pieces (content C1)");
    if (v.size() == 2) {
      const bool infantry_only_pair =
          (has(v, Terrain::kObjective) || has(v, Terrain::kBunker) || has(v, Terrain::kTankTrap)) &&
          !has(v, Terrain::kWire) && !has(v, Terrain::kMinefield) && v[0] != v[1];
      const bool hazard_pair = has(v, Terrain::kWire) && has(v, Terrain::kMinefield);
      if (!infantry_only_pair && !hazard_pair)
        fail("segment " + b.seg_name(s) + " holds a terrain pair that content C1 does not allow");
    }
    const bool hazard = has(v, Terrain::kWire) || has(v, Terrain::kMinefield);
    if (hazard && (b.deploy[static_cast<size_t>(s)][0] || b.deploy[static_cast<size_t>(s)][1] ||
                   has(v, Terrain::kObjective)))
      fail("segment " + b.seg_name(s) +
           ": no wire or minefield in a deployment or SO segment (content §5)");
  }
  b.seg_distance.resize(static_cast<size_t>(n * n));
  for (int a = 0; a < n; ++a)
    for (int c = 0; c < n; ++c)
      b.seg_distance[static_cast<size_t>(a * n + c)] =
          static_cast<uint8_t>(OneDiagonalDistance(b.cell(a), b.cell(c)));
  for (int f = 0; f < 2; ++f) {
    auto& d = b.deploy_distance[static_cast<size_t>(f)];
    d.assign(static_cast<size_t>(n), 99);
    for (int a = 0; a < n; ++a)
      for (int g = 0; g < n; ++g)
        if (b.deploy[static_cast<size_t>(g)][static_cast<size_t>(f)])
          d[static_cast<size_t>(a)] =
              std::min(d[static_cast<size_t>(a)], static_cast<uint8_t>(b.distance(a, g)));
  }
  return b;
}

}  // namespace feldherr::rivet
