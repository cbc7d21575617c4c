#include "geometry/hex_map.h"

#include <fmt/format.h>

#include <algorithm>

namespace feldherr {

HexLayout::HexLayout(std::vector<SheetSlot> slots) : slots_(std::move(slots)) {
  if (slots_.empty()) throw HexIdError("hex layout: no sheets");
  for (size_t i = 0; i < slots_.size(); ++i) {
    const SheetSlot& s = slots_[i];
    if (s.sheet < 'A' || s.sheet > 'Z') {
      throw HexIdError(fmt::format("hex layout: sheet '{}' is not a letter A-Z", s.sheet));
    }
    if (s.x < 0 || s.y < 0 || s.x > 8 || s.y > 8) {
      throw HexIdError(
          fmt::format("hex layout: sheet {} slot ({}, {}) out of range 0-8", s.sheet, s.x, s.y));
    }
    if (s.first_col < 1 || s.last_col > kSheetColumns || s.first_col > s.last_col) {
      throw HexIdError(fmt::format("hex layout: sheet {} columns {}-{} not within A-U", s.sheet,
                                   s.first_col, s.last_col));
    }
    for (size_t j = 0; j < i; ++j) {
      if (slots_[j].sheet == s.sheet) {
        throw HexIdError(fmt::format("hex layout: sheet {} placed twice", s.sheet));
      }
      if (slots_[j].x == s.x && slots_[j].y == s.y) {
        throw HexIdError(fmt::format("hex layout: sheets {} and {} in the same slot ({}, {})",
                                     slots_[j].sheet, s.sheet, s.x, s.y));
      }
    }
  }
  int max_x = 0, max_y = 0;
  for (const SheetSlot& s : slots_) {
    max_x = std::max(max_x, s.x);
    max_y = std::max(max_y, s.y);
  }
  // One column / two doubled rows of margin on every side, so that a neighbour of any hex is
  // inside the grid.
  width_ = kSheetColumns + kSlotDC * max_x + 2;
  height_ = 2 * 12 + kSlotDY * max_y + 3;
  size_t cells = static_cast<size_t>(width_ * height_);
  std::vector<uint8_t> playable(cells, 0), present(cells, 0);
  std::vector<HexId> canonical(cells);
  // Canonical id: the north sheet for a north-south seam, the west sheet for an east-west seam
  // (maps §1.5). Visiting slots north to south, then west to east, the first visitor wins.
  std::vector<const SheetSlot*> order;
  for (const SheetSlot& s : slots_) order.push_back(&s);
  std::sort(order.begin(), order.end(), [](const SheetSlot* a, const SheetSlot* b) {
    return a->y != b->y ? a->y < b->y : a->x < b->x;
  });
  for (const SheetSlot* s : order) {
    for (int col = 1; col <= kSheetColumns; ++col) {
      for (int row = 1; row <= RowsInColumn(col); ++row) {
        HexId id{s->sheet, static_cast<uint8_t>(col), static_cast<uint8_t>(row)};
        HexCoord h = SheetCoord(id, s->x, s->y);
        size_t cell = static_cast<size_t>(h.y * width_ + h.c);
        if (!present[cell]) canonical[cell] = id;
        present[cell] = 1;
        // Scenario areas given as column ranges include a merged column that falls in the
        // range on either sheet (maps §1.5, A11).
        if (col >= s->first_col && col <= s->last_col) playable[cell] = 1;
      }
    }
  }
  grid_.assign(cells, static_cast<int16_t>(kNone));
  for (int c = 0; c < width_; ++c) {
    for (int y = 0; y < height_; ++y) {
      size_t cell = static_cast<size_t>(y * width_ + c);
      if (!playable[cell]) continue;
      grid_[cell] = static_cast<int16_t>(coords_.size());
      coords_.push_back({c, y});
      ids_.push_back(canonical[cell]);
    }
  }
  nbr_.resize(coords_.size());
  edges_.resize(coords_.size());
  for (size_t i = 0; i < coords_.size(); ++i) {
    for (int d = 0; d < kHexDirs; ++d) {
      nbr_[i][static_cast<size_t>(d)] = static_cast<int16_t>(Find(coords_[i].Neighbour(d)));
    }
    const auto& n = nbr_[i];
    uint8_t e = 0;
    if (n[kNorth] == kNone) e |= kEdgeNorth;
    if (n[kSouth] == kNone) e |= kEdgeSouth;
    if (n[kNorthEast] == kNone && n[kSouthEast] == kNone) e |= kEdgeEast;
    if (n[kNorthWest] == kNone && n[kSouthWest] == kNone) e |= kEdgeWest;
    edges_[i] = e;
  }
}

HexLayout HexLayout::Single(char sheet, char first_col, char last_col) {
  return HexLayout({SheetSlot{sheet, 0, 0, first_col - 'A' + 1, last_col - 'A' + 1}});
}

int HexLayout::SlotOf(char sheet) const {
  for (size_t i = 0; i < slots_.size(); ++i) {
    if (slots_[i].sheet == sheet) return static_cast<int>(i);
  }
  return -1;
}

int HexLayout::Find(const HexId& id) const {
  const SheetSlot* s = nullptr;
  if (id.sheet == 0) {
    if (slots_.size() != 1) return kNone;
    s = &slots_[0];
  } else {
    int k = SlotOf(id.sheet);
    if (k < 0) return kNone;
    s = &slots_[static_cast<size_t>(k)];
  }
  if (id.col < 1 || id.col > kSheetColumns || id.row < 1 || id.row > RowsInColumn(id.col)) {
    return kNone;
  }
  return Find(SheetCoord(id, s->x, s->y));
}

int HexLayout::TryIndex(std::string_view text, std::string* error) const {
  HexId id;
  if (!HexId::TryParse(text, &id, error)) return kNone;
  auto fail = [&](std::string why) {
    if (error) *error = fmt::format("hex '{}' {}", text, why);
    return kNone;
  };
  if (id.sheet == 0 && slots_.size() != 1) {
    std::string sheets;
    for (const SheetSlot& s : slots_)
      sheets += fmt::format("{}{}", sheets.empty() ? "" : ", ", s.sheet);
    return fail(fmt::format("needs a sheet letter (e.g. '{}-{}'): the layout has sheets {}",
                            slots_[0].sheet, id.ToString(), sheets));
  }
  if (id.sheet != 0 && SlotOf(id.sheet) < 0) {
    return fail(fmt::format("is on sheet {}, which is not in this layout", id.sheet));
  }
  int i = Find(id);
  if (i == kNone) return fail("is outside the playable area of this scenario");
  return i;
}

int HexLayout::Index(std::string_view text) const {
  std::string error;
  int i = TryIndex(text, &error);
  if (i == kNone) throw HexIdError(error);
  return i;
}

std::string HexLayout::Name(int i) const {
  if (i < 0 || i >= size()) return "off-map";
  HexId id = ids_[static_cast<size_t>(i)];
  if (slots_.size() == 1) id.sheet = slots_[0].sheet;
  return id.ToString();
}

bool HexLayout::OnSheet(const SheetSlot& s, HexCoord h, HexId* out) const {
  int c = h.c - kSlotDC * s.x;
  int y = h.y - kSlotDY * s.y;
  if (c < 1 || c > kSheetColumns) return false;
  int row;
  if (c % 2 == 1) {
    if (y % 2 != 0) return false;
    row = y / 2;
  } else {
    if (y % 2 == 0) return false;
    row = (y + 1) / 2;
  }
  if (row < 1 || row > RowsInColumn(c)) return false;
  if (out) *out = HexId{s.sheet, static_cast<uint8_t>(c), static_cast<uint8_t>(row)};
  return true;
}

bool HexLayout::IdAt(HexCoord h, HexId* out) const {
  int i = Find(h);
  if (i != kNone) {
    *out = id(i);
    return true;
  }
  const SheetSlot* best = nullptr;
  for (const SheetSlot& s : slots_) {
    if (!OnSheet(s, h, nullptr)) continue;
    if (!best || s.y < best->y || (s.y == best->y && s.x < best->x)) best = &s;
  }
  return best && OnSheet(*best, h, out);
}

std::vector<HexId> HexLayout::Aliases(int i) const {
  std::vector<HexId> out{id(i)};
  for (const SheetSlot& s : slots_) {
    HexId other;
    if (OnSheet(s, coord(i), &other) && !(other == out[0])) out.push_back(other);
  }
  return out;
}

std::vector<int> HexLayout::WithinRange(int i, int range) const {
  std::vector<int> out;
  HexCoord h = coord(i);
  for (int dc = -range; dc <= range; ++dc) {
    for (int dy = -2 * range; dy <= 2 * range; ++dy) {
      HexCoord o{h.c + dc, h.y + dy};
      if ((dc == 0 && dy == 0) || HexDistance(h, o) > range) continue;
      int j = Find(o);
      if (j != kNone) out.push_back(j);
    }
  }
  std::sort(out.begin(), out.end());
  return out;
}

std::vector<int> HexLayout::EdgeHexes(MapEdge e) const {
  std::vector<int> out;
  for (int i = 0; i < size(); ++i) {
    if (OnEdge(i, e)) out.push_back(i);
  }
  return out;
}

}  // namespace feldherr
