// Loading and validating data/westerplatte/*.toml (board.toml, attack_cards.toml, events.toml).
// Every problem is a DataError "FILE:LINE: message"; every record needs a provenance.
#include <toml++/toml.h>

#include <algorithm>
#include <filesystem>
#include <map>
#include <mutex>
#include <set>

#include "engine/errors.h"
#include "engine/toml_guard.h"
#include "games/westerplatte/westerplatte.h"

namespace feldherr::westerplatte {

std::string field_name(int f) {
  if (f >= 0 && f < kFdfs) return std::string(1, static_cast<char>('A' + f));
  if (f >= kFdfs && f < kFields) return "T" + std::to_string(f - kFdfs + 1);
  return "?";
}
int field_from_name(std::string_view s) {
  for (int f = 0; f < kFields; ++f)
    if (field_name(f) == s) return f;
  return -1;
}
std::string lane_name(int lane) {
  return std::string(1, static_cast<char>('A' + lane));
}
const char* tile_name(TileKind t) {
  switch (t) {
    case TileKind::kMorale:
      return "morale";
    case TileKind::kMortar:
      return "mortar";
    case TileKind::kMines:
      return "mines";
    case TileKind::kRebuild:
      return "rebuild";
    case TileKind::kAmmo:
      return "ammo";
    case TileKind::kPushBack:
      return "push_back";
  }
  return "?";
}
const char* level_name(Level l) {
  return l == Level::kEasy ? "easy" : l == Level::kMedium ? "medium" : "hard";
}
Text tile_title(TileKind t) {
  switch (t) {
    case TileKind::kMorale:
      return {"+1 morale", "+1 Moral"};
    case TileKind::kMortar:
      return {"mortar", "Mörser"};
    case TileKind::kMines:
      return {"mines", "Minen"};
    case TileKind::kRebuild:
      return {"rebuild", "Wiederaufbau der Mauer"};
    case TileKind::kAmmo:
      return {"ammo", "Munition erhalten"};
    case TileKind::kPushBack:
      return {"push back", "Truppen zurückziehen"};
  }
  return {"?", "?"};
}
Text level_title(Level l) {
  return l == Level::kEasy     ? Text{"Easy", "Einfach"}
         : l == Level::kMedium ? Text{"Medium", "Mäßig schwierig"}
                               : Text{"Hard", "Schwierig"};
}

int Data::passage_index(int a, int b) const {
  for (size_t i = 0; i < passages.size(); ++i)
    if ((passages[i][0] == a && passages[i][1] == b) ||
        (passages[i][0] == b && passages[i][1] == a))
      return static_cast<int>(i);
  return -1;
}

namespace {

const std::set<std::string> kProvenances = {"printed", "rules-text", "rules-example",
                                            "public-source", "stand-in"};

class Loader {
 public:
  explicit Loader(std::string file) : file_(std::move(file)) {
    const std::string text = toml_guard_swap(read_data_file(file_), file_);
    try {
      root_ = toml::parse(std::string_view(text), std::string_view(file_));
    } catch (const toml::parse_error& e) {
      Fail(e.source().begin.line, "TOML syntax error: " + toml_guard_unswap(e.description()));
    }
  }
  [[noreturn]] void Fail(uint32_t line, const std::string& m) const {
    throw DataError(file_ + ":" + std::to_string(line == 0 ? 1 : line) + ": " + m);
  }
  [[noreturn]] void Fail(const toml::node& n, const std::string& m) const {
    Fail(n.source().begin.line, m);
  }
  const toml::table& root() const { return root_; }
  const toml::table& Table(const toml::table& t, std::string_view key) const {
    const toml::node* n = t.get(key);
    if (!n || !n->as_table())
      Fail(t.source().begin.line, "missing table [" + std::string(key) + "]");
    return *n->as_table();
  }
  std::vector<const toml::table*> Tables(std::string_view key) const {
    const toml::node* n = root_.get(key);
    if (!n || !n->as_array()) Fail(1, "missing [[" + std::string(key) + "]] tables");
    std::vector<const toml::table*> out;
    for (const toml::node& e : *n->as_array()) {
      if (!e.as_table()) Fail(e, "each " + std::string(key) + " must be a table");
      out.push_back(e.as_table());
    }
    return out;
  }
  const toml::node& Req(const toml::table& t, std::string_view key) const {
    const toml::node* n = t.get(key);
    if (!n) Fail(t.source().begin.line, "missing field '" + std::string(key) + "'");
    return *n;
  }
  int Int(const toml::table& t, std::string_view key, int lo, int hi) const {
    const toml::node& n = Req(t, key);
    if (!n.as_integer()) Fail(n, "field '" + std::string(key) + "' must be an integer");
    const int64_t v = n.as_integer()->get();
    if (v < lo || v > hi)
      Fail(n, "field '" + std::string(key) + "' must be between " + std::to_string(lo) + " and " +
                  std::to_string(hi) + " (is " + std::to_string(v) + ")");
    return static_cast<int>(v);
  }
  std::string Str(const toml::table& t, std::string_view key) const {
    const toml::node& n = Req(t, key);
    if (!n.as_string()) Fail(n, "field '" + std::string(key) + "' must be a string");
    return toml_guard_unswap(n.as_string()->get());
  }
  std::vector<std::string> Strs(const toml::table& t, std::string_view key) const {
    const toml::node& n = Req(t, key);
    if (!n.as_array()) Fail(n, "field '" + std::string(key) + "' must be an array of strings");
    std::vector<std::string> out;
    for (const toml::node& e : *n.as_array()) {
      if (!e.as_string()) Fail(e, "field '" + std::string(key) + "' must hold strings");
      out.push_back(toml_guard_unswap(e.as_string()->get()));
    }
    return out;
  }
  std::string Provenance(const toml::table& t) const {
    std::string p = Str(t, "provenance");
    if (!kProvenances.count(p))
      Fail(
          Req(t, "provenance"),
          "provenance must be printed, rules-text, rules-example, public-source or stand-in (is '" +
              p + "')");
    return p;
  }
  int Lane(const toml::table& t, const toml::node& at, const std::string& s) const {
    (void)t;
    if (s.size() != 1 || s[0] < 'A' || s[0] > 'E') Fail(at, "lane must be A-E (is '" + s + "')");
    return s[0] - 'A';
  }
  int Field(const toml::node& at, const std::string& s) const {
    int f = field_from_name(s);
    if (f < 0) Fail(at, "field must be A-E or T1-T6 (is '" + s + "')");
    return f;
  }
  void Keys(const toml::table& t, std::initializer_list<std::string_view> allowed) const {
    for (auto&& [k, v] : t) {
      if (std::find(allowed.begin(), allowed.end(), k.str()) == allowed.end())
        Fail(k.source().begin.line, "unknown field '" + std::string(k.str()) + "'");
    }
  }

 private:
  std::string file_;
  toml::table root_;
};

void LoadBoard(const std::string& path, Data& d) {
  Loader L(path);
  const toml::table& b = L.Table(L.root(), "board");
  L.Provenance(b);
  d.max_bricks = L.Int(b, "max_bricks", 1, 20);
  d.bricks_at_setup = L.Int(b, "bricks_at_setup", 0, d.max_bricks);
  d.lane_spaces = L.Int(b, "lane_spaces", 4, 4);  // W1: the lane length is a constant of the code
  d.days = L.Int(b, "days", 7, 7);
  d.cards_per_day = L.Int(b, "cards_per_day", 1, 20);
  auto fields = L.Tables("field");
  if (fields.size() != kFdfs) L.Fail(1, "need exactly 5 [[field]] tables (A-E)");
  std::set<int> seen;
  for (const toml::table* f : fields) {
    L.Keys(*f, {"id", "overflow", "provenance"});
    const std::string prov = L.Provenance(*f);
    if (fields.front() == f || prov == "stand-in") d.overflow_provenance = prov;
    const std::string id = L.Str(*f, "id");
    const int fid = field_from_name(id);
    if (fid < 0 || fid >= kFdfs) L.Fail(L.Req(*f, "id"), "field id must be A-E (is '" + id + "')");
    if (!seen.insert(fid).second) L.Fail(L.Req(*f, "id"), "duplicate field '" + id + "'");
    auto ov = L.Strs(*f, "overflow");
    if (ov.size() != 2)
      L.Fail(L.Req(*f, "overflow"), "overflow needs exactly two action tiles (WP 2)");
    for (int i = 0; i < 2; ++i) {
      int t = L.Field(L.Req(*f, "overflow"), ov[static_cast<size_t>(i)]);
      if (t < kFdfs) L.Fail(L.Req(*f, "overflow"), "overflow fields must be T1-T6");
      d.overflow[static_cast<size_t>(fid)][static_cast<size_t>(i)] = t;
    }
  }
  const toml::table& p = L.Table(L.root(), "paths");
  d.paths_provenance = L.Provenance(p);
  for (const std::string& s : L.Strs(p, "passages")) {
    auto dash = s.find('-');
    if (dash == std::string::npos) L.Fail(L.Req(p, "passages"), "passage '" + s + "' is not X-Y");
    int a = L.Field(L.Req(p, "passages"), s.substr(0, dash));
    int c = L.Field(L.Req(p, "passages"), s.substr(dash + 1));
    if (a == c || d.passage_index(a, c) >= 0)
      L.Fail(L.Req(p, "passages"), "passage '" + s + "' is a loop or a duplicate");
    d.passages.push_back({a, c});
  }
  // WP 13: each FDF is connected by paths to exactly its two overflow tiles.
  for (int f = 0; f < kFdfs; ++f)
    for (int t : d.overflow[static_cast<size_t>(f)])
      if (d.passage_index(f, t) < 0)
        L.Fail(L.Req(p, "passages"), "no path from " + field_name(f) + " to its overflow tile " +
                                         field_name(t) + " (WP 2, WP 13)");
  const toml::table& s = L.Table(L.root(), "supplies");
  L.Provenance(s);
  d.bricks = L.Int(s, "bricks", 0, 500);
  d.ammo = L.Int(s, "ammo", 0, 100);
  d.shells = L.Int(s, "mortar_shells", 0, 20);
  d.mines = L.Int(s, "mines", 0, 20);
  d.extra_move = L.Int(s, "extra_move_markers", 0, 20);
  d.restricted = L.Int(s, "restricted_move_markers", 0, 20);
  d.extra_action = L.Int(s, "extra_action_markers", 0, 20);
  d.start_ammo = L.Int(s, "start_ammo_per_player", 0, 4);
  if (d.start_ammo * kMaxPlayers > d.ammo)
    L.Fail(s.source().begin.line, "not enough ammo for 4 players");
  std::set<int> tiles;
  for (const toml::table* t : L.Tables("tile")) {
    L.Keys(*t, {"id", "green", "red", "provenance"});
    L.Provenance(*t);
    const std::string id = L.Str(*t, "id");
    int k = -1;
    for (int i = 0; i < kNumTileKinds; ++i)
      if (id == tile_name(static_cast<TileKind>(i))) k = i;
    if (k < 0) L.Fail(L.Req(*t, "id"), "unknown tile '" + id + "'");
    if (!tiles.insert(k).second) L.Fail(L.Req(*t, "id"), "duplicate tile '" + id + "'");
    d.tile_value[static_cast<size_t>(k)] = {L.Int(*t, "green", 1, 20), L.Int(*t, "red", 1, 20)};
  }
  if (tiles.size() != kNumTileKinds) L.Fail(1, "need all six [[tile]] tables (WP 4)");
  const int mortar = static_cast<int>(TileKind::kMortar),
            mines = static_cast<int>(TileKind::kMines),
            rebuild = static_cast<int>(TileKind::kRebuild);
  for (int side = 0; side < 2; ++side) {
    if (d.tile_value[mortar][static_cast<size_t>(side)] > d.shells)
      L.Fail(1, "mortar tile holds more shells than the box");
    if (d.tile_value[mines][static_cast<size_t>(side)] > d.mines)
      L.Fail(1, "mines tile holds more mines than the box");
    if (d.tile_value[rebuild][static_cast<size_t>(side)] + kFields * d.bricks_at_setup > d.bricks)
      L.Fail(1, "rebuild tile and walls need more bricks than the box");
  }
  const toml::table& m = L.Table(L.root(), "morale");
  L.Provenance(m);
  const char* names[] = {"green", "red"};
  for (int side = 0; side < 2; ++side) {
    auto sp = L.Strs(m, names[side]);
    std::vector<int> codes;
    for (const std::string& x : sp) {
      static const std::map<std::string, int> kCodes = {
          {"-", kMoraleEmpty}, {"START", kMoraleStart}, {"L1", kMoraleL1}, {"L2", kMoraleL2},
          {"L3", kMoraleL3},   {"H1", kMoraleH1},       {"H2", kMoraleH2}, {"H3", kMoraleH3}};
      auto it = kCodes.find(x);
      if (it == kCodes.end()) L.Fail(L.Req(m, names[side]), "unknown morale space '" + x + "'");
      codes.push_back(it->second);
    }
    // WP 8: the three leftmost spaces are the low levels, then START; H3 is the last space.
    if (codes.size() < 7 || codes[0] != kMoraleL3 || codes[1] != kMoraleL2 ||
        codes[2] != kMoraleL1 || codes[3] != kMoraleStart || codes.back() != kMoraleH3 ||
        std::count(codes.begin(), codes.end(), kMoraleH1) != 1 ||
        std::count(codes.begin(), codes.end(), kMoraleH2) != 1 ||
        std::count(codes.begin(), codes.end(), kMoraleStart) != 1)
      L.Fail(L.Req(m, names[side]),
             "a morale track is L3, L2, L1, START, then H1, H2 and H3 (H3 last) with optional '-' "
             "(WP 8)");
    d.morale_track[static_cast<size_t>(side)] = codes;
  }
  std::set<int> lv;
  for (const toml::table* t : L.Tables("level")) {
    L.Keys(*t, {"id", "side", "positive_events", "negative_events", "provenance"});
    L.Provenance(*t);
    const std::string id = L.Str(*t, "id");
    int k = id == "easy" ? 0 : id == "medium" ? 1 : id == "hard" ? 2 : -1;
    if (k < 0) L.Fail(L.Req(*t, "id"), "level must be easy, medium or hard");
    lv.insert(k);
    const std::string side = L.Str(*t, "side");
    if (side != "green" && side != "red") L.Fail(L.Req(*t, "side"), "side must be green or red");
    d.levels[static_cast<size_t>(k)].side = side == "red" ? 1 : 0;
    d.levels[static_cast<size_t>(k)].positive = L.Int(*t, "positive_events", 0, 6);
    d.levels[static_cast<size_t>(k)].negative = L.Int(*t, "negative_events", 0, 6);
    if (d.levels[static_cast<size_t>(k)].positive + d.levels[static_cast<size_t>(k)].negative != 6)
      L.Fail(L.Req(*t, "id"), "a level uses 6 event cards, one after each of days 1-6 (WP 6)");
  }
  if (lv.size() != 3) L.Fail(1, "need the three [[level]] tables easy, medium, hard (WP 3)");
}

void LoadCards(const std::string& path, Data& d) {
  Loader L(path);
  const toml::table& deck = L.Table(L.root(), "deck");
  const int p1 = L.Int(deck, "phase1_cards", 1, 200), p2 = L.Int(deck, "phase2_cards", 1, 200);
  std::set<std::string> ids;
  int n1 = 0, n2 = 0;
  for (const toml::table* t : L.Tables("card")) {
    L.Keys(*t, {"id", "phase", "kind", "lane", "target", "endurance", "speed", "power", "advance",
                "provenance", "rules_text", "printed"});
    AttackCard c;
    c.provenance = L.Provenance(*t);
    c.id = L.Str(*t, "id");
    if (!ids.insert(c.id).second) L.Fail(L.Req(*t, "id"), "duplicate card id '" + c.id + "'");
    c.phase = L.Int(*t, "phase", 1, 2);
    (c.phase == 1 ? n1 : n2)++;
    const std::string kind = L.Str(*t, "kind");
    if (kind == "mg")
      c.kind = CardKind::kMg;
    else if (kind == "howitzer")
      c.kind = CardKind::kHowitzer;
    else if (kind == "air_raid")
      c.kind = CardKind::kAirRaid;
    else if (kind == "morale_loss")
      c.kind = CardKind::kMoraleLoss;
    else
      L.Fail(L.Req(*t, "kind"), "kind must be mg, howitzer, air_raid or morale_loss");
    auto adv = L.Strs(*t, "advance");
    if (adv.size() != 2 || adv[0] == adv[1])
      L.Fail(L.Req(*t, "advance"), "advance needs two different lane letters (WP 7.5)");
    for (int i = 0; i < 2; ++i)
      c.advance[static_cast<size_t>(i)] =
          L.Lane(*t, L.Req(*t, "advance"), adv[static_cast<size_t>(i)]);
    if (c.troop()) {
      c.lane = L.Lane(*t, L.Req(*t, "lane"), L.Str(*t, "lane"));
      c.endurance = L.Int(*t, "endurance", 1, 3);  // WP 9: 1..3
      if (c.kind == CardKind::kMg) {
        c.speed = L.Int(*t, "speed", 1, 3);
        if (c.speed == 2) L.Fail(L.Req(*t, "speed"), "speed is 1 or 3 (WP 9)");
        c.power = L.Int(*t, "power", 1, 2);
      } else {
        if (t->get("speed")) L.Fail(L.Req(*t, "speed"), "howitzer batteries never move (WP 7.5)");
        c.power = L.Int(*t, "power", 1, 1);  // WP 7.3: a howitzer removes 1 brick
      }
      if (t->get("target")) L.Fail(L.Req(*t, "target"), "only air raids have a target");
    } else {
      for (const char* k : {"lane", "endurance", "speed", "power"})
        if (t->get(k)) L.Fail(L.Req(*t, k), std::string("field '") + k + "' only on troop cards");
      if (c.kind == CardKind::kAirRaid)
        c.target = L.Field(L.Req(*t, "target"), L.Str(*t, "target"));
      else if (t->get("target"))
        L.Fail(L.Req(*t, "target"), "only air raids have a target");
    }
    d.cards.push_back(c);
  }
  if (n1 != p1 || n2 != p2)
    L.Fail(deck.source().begin.line, "deck declares " + std::to_string(p1) + "+" +
                                         std::to_string(p2) + " cards but lists " +
                                         std::to_string(n1) + "+" + std::to_string(n2));
  if (d.cards.size() > 120) L.Fail(1, "too many cards");
}

void LoadEvents(const std::string& path, Data& d) {
  Loader L(path);
  std::set<std::string> ids;
  for (const toml::table* t : L.Tables("event")) {
    L.Keys(*t, {"id", "sign", "kind", "steps", "tile", "amount", "bricks", "max_fields", "fields",
                "passage", "lanes", "advance", "bricks_per_field", "provenance"});
    EventCard e;
    e.provenance = L.Provenance(*t);
    e.id = L.Str(*t, "id");
    if (!ids.insert(e.id).second) L.Fail(L.Req(*t, "id"), "duplicate event id '" + e.id + "'");
    const std::string sign = L.Str(*t, "sign");
    if (sign != "positive" && sign != "negative")
      L.Fail(L.Req(*t, "sign"), "sign must be positive or negative");
    e.positive = sign == "positive";
    const std::string kind = L.Str(*t, "kind");
    if (kind == "raise_morale") {
      e.kind = EventKind::kRaiseMorale;
      e.amount = L.Int(*t, "steps", 1, 3);
    } else if (kind == "extra_stock") {
      e.kind = EventKind::kExtraStock;
      const std::string tile = L.Str(*t, "tile");
      if (tile == "mortar")
        e.tile = TileKind::kMortar;
      else if (tile == "mines")
        e.tile = TileKind::kMines;
      else
        L.Fail(L.Req(*t, "tile"), "extra_stock tile is mortar or mines (WP 10)");
      e.amount = L.Int(*t, "amount", 1, 4);
    } else if (kind == "wall_reinforcement") {
      e.kind = EventKind::kWallReinforcement;
      e.amount = L.Int(*t, "bricks", 1, 10);
      e.max_fields = L.Int(*t, "max_fields", 1, 11);
    } else if (kind == "extra_ammo") {
      e.kind = EventKind::kExtraAmmo;
      e.amount = L.Int(*t, "amount", 1, 16);
    } else if (kind == "battleship_shelling") {
      e.kind = EventKind::kBattleship;
      for (const std::string& f : L.Strs(*t, "fields"))
        e.targets.push_back(L.Field(L.Req(*t, "fields"), f));
      e.amount = L.Int(*t, "bricks_per_field", 1, 6);
    } else if (kind == "burned_passage") {
      e.kind = EventKind::kBurnedPassage;
      const std::string p = L.Str(*t, "passage");
      auto dash = p.find('-');
      if (dash == std::string::npos) L.Fail(L.Req(*t, "passage"), "passage must be X-Y");
      e.passage = d.passage_index(L.Field(L.Req(*t, "passage"), p.substr(0, dash)),
                                  L.Field(L.Req(*t, "passage"), p.substr(dash + 1)));
      if (e.passage < 0) L.Fail(L.Req(*t, "passage"), "no such passage on the board: " + p);
    } else if (kind == "german_attack") {
      e.kind = EventKind::kGermanAttack;
      for (const std::string& l : L.Strs(*t, "lanes"))
        e.targets.push_back(L.Lane(*t, L.Req(*t, "lanes"), l));
      e.amount = L.Int(*t, "advance", 0, 3);
    } else {
      L.Fail(L.Req(*t, "kind"), "unknown event kind '" + kind + "'");
    }
    d.events.push_back(e);
  }
  int pos = 0, neg = 0;
  for (const EventCard& e : d.events) (e.positive ? pos : neg)++;
  for (const auto& lv : d.levels)
    if (lv.positive > pos || lv.negative > neg)
      L.Fail(1, "a level needs more positive or negative events than the file holds (WP 3)");
}

void Derive(Data& d) {
  for (auto& n : d.neighbours) n.clear();
  for (const auto& p : d.passages) {
    d.neighbours[static_cast<size_t>(p[0])].push_back(p[1]);
    d.neighbours[static_cast<size_t>(p[1])].push_back(p[0]);
  }
  for (auto& n : d.neighbours) std::sort(n.begin(), n.end());
}

}  // namespace

Data load_data(const std::string& dir) {
  Data d;
  LoadBoard(dir + "/board.toml", d);
  LoadCards(dir + "/attack_cards.toml", d);
  LoadEvents(dir + "/events.toml", d);
  Derive(d);
  return d;
}

const Data& shipped_data() {
  static std::mutex mu;
  static std::unique_ptr<Data> data;
  std::lock_guard<std::mutex> lock(mu);
  if (!data) data = std::make_unique<Data>(load_data(data_dir() + "/westerplatte"));
  return *data;
}

void validate_data_file(const std::string& path) {
  // The three files refer to each other (events name passages): validate the whole folder.
  const std::string dir = std::filesystem::path(path).parent_path().string();
  Data d;
  const std::string name = std::filesystem::path(path).filename().string();
  LoadBoard(dir + "/board.toml", d);
  if (name == "attack_cards.toml") LoadCards(path, d);
  if (name == "events.toml") {
    LoadEvents(path, d);
  }
  if (name != "board.toml" && name != "attack_cards.toml" && name != "events.toml")
    throw DataError(
        path + ":1: unknown Westerplatte data file (board.toml, attack_cards.toml, events.toml)");
}

}  // namespace feldherr::westerplatte
