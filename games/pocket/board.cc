// Pocket Battles: the static board description for the web UI (games/pocket/board.h).
#include "games/pocket/board.h"

#include <charconv>
#include <stdexcept>

#include "games/pocket/pocket.h"

namespace feldherr::pocket {

using nlohmann::json;

namespace {

// Where each value of a troop type comes from (docs/data-provenance.md), by field name: the web
// marks a stand-in "not the printed value" (PocketField's army list).
json troop_provenance(const TroopType& t) {
  json out = json::object();
  for (const auto& [field, p] : t.provenance) {
    switch (p) {
      case Provenance::kPrinted:
        out[field] = "printed";
        break;
      case Provenance::kRulesText:
        out[field] = "rules-text";
        break;
      case Provenance::kRulesExample:
        out[field] = "rules-example";
        break;
      case Provenance::kPublicUnverified:
        out[field] = "public-unverified";
        break;
      case Provenance::kStandIn:
        out[field] = "stand-in";
        break;
    }
  }
  return out;
}

// PB Schlachtfeld: rows from the elves' rear (top) to the orcs' rear (bottom); columns are
// absolute, counted from the orcs' left, so the orcs' "left" is the elves' "right".
constexpr const char* kCols[3] = {"left", "centre", "right"};
constexpr const char* kZones[3] = {"rear", "front", "combat"};

int row_of(int owner, int zone) {
  if (zone == kCombatZone) return 2;
  return owner == kElves ? zone : 4 - zone;
}
int column_of(int owner, int relative) {
  return owner == kOrcs ? relative : 2 - relative;
}

}  // namespace

std::string segment_cell(int owner, std::string_view segment) {
  const size_t dash = segment.find('-');
  if (dash == std::string_view::npos) return "";
  int rel = -1, zone = -1;
  for (int i = 0; i < 3; ++i) {
    if (segment.substr(0, dash) == kCols[i]) rel = i;
    if (segment.substr(dash + 1) == kZones[i]) zone = i;
  }
  if (rel < 0 || zone < 0) return "";
  char buf[24];
  char* end = std::to_chars(buf, buf + 11, row_of(owner, zone)).ptr;
  *end++ = ':';
  end = std::to_chars(end, buf + sizeof buf, column_of(owner, rel)).ptr;
  return std::string(buf, end);
}

json BoardJson(const Game& game) {
  const auto* g = dynamic_cast<const PocketGame*>(&game);
  if (g == nullptr) throw std::runtime_error("pocket board: not a Pocket Battles game");
  const auto& seats = g->seats();
  json j;
  j["kind"] = "zones";
  j["game"] = "pocket";
  j["scenario"] = std::string(g->scenario());
  j["title"] = "Pocket Battles: Orcs vs Elves";
  j["seats"] = seats;
  j["columns"] = 3;
  j["markers"] = g->markers();
  j["points"] = g->opts().points;
  // Segment names are owner-relative as in the action texts ("left-front"); segment_cell()
  // turns them into this description's cells.
  json rows = json::array();
  auto own_row = [&](int owner, int zone) {
    json segs = json::array();
    for (int col = 0; col < 3; ++col) {
      const int rel = column_of(owner, col);  // the mapping is its own inverse
      segs.push_back(std::string(kCols[rel]) + "-" + kZones[zone]);
    }
    return json{{"owner", seats[static_cast<size_t>(owner)]},
                {"zone", zone},
                {"name", kZones[zone]},
                {"segments", segs}};
  };
  rows.push_back(own_row(kElves, kRear));
  rows.push_back(own_row(kElves, kFront));
  rows.push_back({{"owner", nullptr},
                  {"zone", static_cast<int>(kCombatZone)},
                  {"name", "combat"},
                  {"segments", {"left-combat", "centre-combat", "right-combat"}}});
  rows.push_back(own_row(kOrcs, kFront));
  rows.push_back(own_row(kOrcs, kRear));
  j["rows"] = rows;
  json armies = json::array();
  for (int s = 0; s < 2; ++s) {
    const Army& a = g->army(s);
    json troops = json::array();
    for (const TroopType& t : a.troops) {
      json traits = json::array();
      for (Trait tr : t.traits) traits.push_back(trait_name(tr));
      troops.push_back({{"id", t.id},
                        {"name", t.name},
                        {"name_de", t.name_de},
                        {"count", t.count},
                        {"combat_dice", t.combat_dice},
                        {"shooting_dice", t.shooting_dice},
                        {"traits", traits},
                        {"dp", t.dp},
                        {"fv", t.fv},
                        {"lp", t.lp},
                        {"provenance", troop_provenance(t)}});
    }
    armies.push_back({{"seat", seats[static_cast<size_t>(s)]},
                      {"id", a.id},
                      {"name", a.name},
                      {"troops", troops}});
  }
  j["armies"] = armies;
  j["zone_ids"] = {{"unplaced", static_cast<int>(kUnplaced)},
                   {"rear", static_cast<int>(kRear)},
                   {"front", static_cast<int>(kFront)},
                   {"combat", static_cast<int>(kCombatZone)},
                   {"gone", static_cast<int>(kGone)}};
  j["unit_flags"] = {
      {"attacked", kAttacked}, {"redeployed", kRedeployed}, {"contact_at_start", kContactAtStart}};
  return j;
}

}  // namespace feldherr::pocket
