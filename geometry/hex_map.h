// HexLayout: map sheets placed side by side (maps §1.5-1.6), the playable area ("only columns
// A-K"), merged seam hexes with canonical ids, and dense hex indices 0..size()-1 so that games
// store a hex as a uint16_t. Neighbours are precomputed; everything else is arithmetic on the
// global doubled coordinates (geometry/hex.h).
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "geometry/hex.h"

namespace feldherr {

// One sheet in a layout: slot (x eastward, y southward, from 0) and the playable columns of
// this sheet (1..21 = A..U), e.g. {'A', 0, 0, 1, 11} for "map A, only columns A-K".
struct SheetSlot {
  char sheet = 'A';
  int x = 0;
  int y = 0;
  int first_col = 1;
  int last_col = kSheetColumns;
};

// Map edges of the playable area, as bits.
enum MapEdge : uint8_t { kEdgeNorth = 1, kEdgeEast = 2, kEdgeSouth = 4, kEdgeWest = 8 };

class HexLayout {
 public:
  static constexpr int kNone = -1;

  HexLayout() = default;
  // Throws HexIdError for a sheet letter used twice, two sheets in one slot, or a bad column
  // range.
  explicit HexLayout(std::vector<SheetSlot> slots);
  // One sheet alone, optionally limited to columns first..last ("A".."U").
  static HexLayout Single(char sheet, char first_col = 'A', char last_col = 'U');

  // Number of playable hexes; indices are 0..size()-1, ordered by column C, then row Y.
  int size() const { return static_cast<int>(coords_.size()); }
  const std::vector<SheetSlot>& slots() const { return slots_; }

  // --- ids and lookups ---
  // Index of the playable hex at these coordinates, or kNone.
  int Find(HexCoord h) const {
    if (h.c < 0 || h.y < 0 || h.c >= width_ || h.y >= height_) return kNone;
    return grid_[static_cast<size_t>(h.y * width_ + h.c)];
  }
  // Index of the hex named by `id` (any of its ids for a merged hex; an id without sheet only
  // when the layout has one sheet), or kNone.
  int Find(const HexId& id) const;
  // Parses and resolves an id; throws HexIdError naming the id and why it names no playable
  // hex ("not on a sheet of this layout", "outside the playable area", "needs a sheet").
  int Index(std::string_view text) const;
  // Like Index without throwing: kNone and a message in *error.
  int TryIndex(std::string_view text, std::string* error) const;

  HexCoord coord(int i) const { return coords_[static_cast<size_t>(i)]; }
  // Canonical id: the west sheet's for an east-west seam hex, the north sheet's for a
  // north-south seam hex (maps §1.5).
  const HexId& id(int i) const { return ids_[static_cast<size_t>(i)]; }
  std::string Name(int i) const;
  // Every id naming hex i (one, or two for a merged seam hex), canonical first.
  std::vector<HexId> Aliases(int i) const;
  // Sheet-qualified id of the hex at h if it lies on some sheet (playable or not).
  bool IdAt(HexCoord h, HexId* out) const;

  // --- neighbours and distance ---
  // Neighbour index in direction d (HexDir), or kNone if that hex is not playable.
  int Neighbour(int i, int d) const { return nbr_[static_cast<size_t>(i)][static_cast<size_t>(d)]; }
  const std::array<int16_t, 6>& Neighbours(int i) const { return nbr_[static_cast<size_t>(i)]; }
  bool Adjacent(int a, int b) const { return Distance(a, b) == 1; }
  // Hex distance (WSR 0: target hex counted, origin not), on the joined grid.
  int Distance(int a, int b) const { return HexDistance(coord(a), coord(b)); }
  // Direction from a to its neighbour b, or -1.
  int DirBetween(int a, int b) const { return DirTo(coord(a), coord(b)); }
  // All playable hexes within `range` of i (excluding i itself), by index.
  std::vector<int> WithinRange(int i, int range) const;

  // --- edges of the playable area ---
  // Bits of MapEdge: north = no playable neighbour to the north, south likewise; west = neither
  // the north-west nor the south-west neighbour is playable; east likewise.
  uint8_t Edges(int i) const { return edges_[static_cast<size_t>(i)]; }
  bool OnEdge(int i, MapEdge e) const { return (Edges(i) & e) != 0; }
  std::vector<int> EdgeHexes(MapEdge e) const;

  // Bounds of the coordinate grid (exclusive): 0 <= C < width(), 0 <= Y < height().
  int width() const { return width_; }
  int height() const { return height_; }

 private:
  // Slot index of sheet letter, or -1.
  int SlotOf(char sheet) const;
  bool OnSheet(const SheetSlot& s, HexCoord h, HexId* out) const;

  std::vector<SheetSlot> slots_;
  std::vector<HexCoord> coords_;
  std::vector<HexId> ids_;
  std::vector<std::array<int16_t, 6>> nbr_;
  std::vector<uint8_t> edges_;
  std::vector<int16_t> grid_;  // (Y * width + C) -> index or kNone
  int width_ = 0;
  int height_ = 0;
};

}  // namespace feldherr
