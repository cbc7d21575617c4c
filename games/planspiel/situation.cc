// Planspiel situation loader (games/planspiel/situation.h). Strict: unknown fields, missing
// fields, wrong types, unknown types and parties, fields off the board, duplicate ids and values
// without provenance are all DataError("FILE:LINE: message"); it never crashes on any input.
#include "games/planspiel/situation.h"

#include <toml++/toml.h>

#include <algorithm>
#include <filesystem>
#include <memory>
#include <mutex>
#include <set>

#include "engine/errors.h"
#include "engine/toml_reader.h"

namespace feldherr::planspiel {

const char* party_name(int party) {
  return party == kPartyRed ? "red" : party == kPartyBlue ? "blue" : "none";
}

namespace {

using Reader = TomlReader;

bool ParseXY(const std::string& s, Field& f) {
  const size_t comma = s.find(',');
  if (comma == std::string::npos || comma == 0 || comma + 1 >= s.size() || s.size() > 7)
    return false;
  const auto digits = [](const std::string& t) {
    return std::all_of(t.begin(), t.end(), [](char c) { return c >= '0' && c <= '9'; });
  };
  const std::string xs = s.substr(0, comma), ys = s.substr(comma + 1);
  if (!digits(xs) || !digits(ys)) return false;
  f = {std::stoi(xs), std::stoi(ys)};
  return true;
}

Field FieldOf(const Reader& r, const toml::node& n, std::string_view key, const Board& b) {
  const std::string s = r.Str(n, key);
  Field f;
  if (!ParseXY(s, f))
    r.Fail(n, "field '" + std::string(key) + "' must be \"x,y\" (is '" + s + "')");
  if (!b.on_board(f))
    r.Fail(n, "field '" + std::string(key) + "' " + s + " is off the board (" +
                  std::to_string(b.width()) + " x " + std::to_string(b.height()) + ")");
  return f;
}

std::vector<Field> FieldList(const Reader& r, const toml::node& n, std::string_view key,
                             const Board& b) {
  std::vector<Field> out;
  for (const toml::node& e : r.Arr(n, key)) {
    const Field f = FieldOf(r, e, key, b);
    if (std::find(out.begin(), out.end(), f) != out.end())
      r.Fail(e, "field '" + std::string(key) + "' lists " + r.Str(e, key) + " twice");
    out.push_back(f);
  }
  return out;
}

int Party(const Reader& r, const toml::node& n, std::string_view key, bool none_ok) {
  const std::string s = r.Str(n, key);
  if (s == "red") return kPartyRed;
  if (s == "blue") return kPartyBlue;
  if (none_ok && s == "none") return -1;
  r.Fail(n, "field '" + std::string(key) + "' must be \"red\" or \"blue\"" +
                (none_ok ? " or \"none\"" : "") + " (is '" + s + "')");
}

// The table's provenance: one known provenance per value present (every key but `skip` and
// "provenance"), nothing else.
std::map<std::string, Provenance> ProvenanceOf(const Reader& r, const toml::table& t,
                                               const std::vector<std::string_view>& skip,
                                               const std::string& where) {
  const toml::table& p = r.Table(r.Req(t, "provenance", where), "provenance");
  std::map<std::string, Provenance> out;
  for (auto&& [k, v] : p) {
    const std::string key(k.str());
    if (!t.contains(key) || key == "provenance" ||
        std::find(skip.begin(), skip.end(), key) != skip.end())
      r.Fail(k.source().begin.line,
             "provenance names '" + key + "', which is not a value " + where);
    const std::string name = r.Str(v, "provenance." + key);
    bool known = false;
    for (Provenance q : {Provenance::kPrinted, Provenance::kRulesText, Provenance::kRulesExample,
                         Provenance::kPublicUnverified, Provenance::kStandIn})
      if (name == provenance_name(q)) {
        out[key] = q;
        known = true;
      }
    if (!known)
      r.Fail(v, "unknown provenance '" + name +
                    "' (printed, rules-text, rules-example, public-unverified, stand-in)");
  }
  for (auto&& [k, v] : t) {
    const std::string key(k.str());
    if (key == "provenance" || std::find(skip.begin(), skip.end(), key) != skip.end()) continue;
    if (!out.count(key)) r.Fail(p, "value '" + key + "' " + where + " has no provenance");
  }
  return out;
}

const std::vector<std::string_view> kSituationKeys = {
    "id",         "title",       "title_de", "board",     "start_cycle_turn",
    "game_turns", "first_mover", "dug_in",   "provenance"};
const std::vector<std::string_view> kUnitKeys = {
    "id",      "party",   "type", "field",  "arrives", "camouflaged", "detected",
    "carrier", "carries", "tow",  "tow_of", "state",   "provenance"};
const std::vector<std::string_view> kObjectiveKeys = {"id",         "name", "name_de",   "fields",
                                                      "controller", "vp",   "provenance"};
const std::vector<std::string_view> kSetupKeys = {"party", "from", "to", "provenance"};
const std::vector<std::string_view> kOutcomeKeys = {"result", "text", "text_de", "when",
                                                    "provenance"};
const std::vector<std::string_view> kTaskKeys = {"party", "text", "text_de", "provenance"};
const std::vector<std::string_view> kConditionKeys = {
    "controls", "set", "min", "max", "fewer_losses", "losses_at_most", "margin"};

Condition ReadCondition(const Reader& r, const toml::table& c, const Situation& s,
                        const std::string& where) {
  r.Keys(c, kConditionKeys, where);
  Condition out;
  const int kinds = (c.contains("controls") ? 1 : 0) + (c.contains("fewer_losses") ? 1 : 0) +
                    (c.contains("losses_at_most") ? 1 : 0) + (c.contains("margin") ? 1 : 0);
  if (kinds != 1)
    r.Fail(c, "a condition " + where +
                  " names exactly one of 'controls', 'fewer_losses', 'losses_at_most', 'margin'");
  if (const toml::node* n = c.get("margin")) {
    // PS-3 §5.5: the VP margin of `party` over its enemy between `min` and `max`.
    out.kind = Condition::Kind::kMargin;
    out.party = Party(r, *n, "margin", false);
    if (c.contains("set")) r.Fail(c, "'set' belongs to a 'controls' condition " + where);
    if (!c.contains("min") && !c.contains("max"))
      r.Fail(c, "a 'margin' condition " + where + " names 'min', 'max' or both");
    out.min = c.contains("min") ? r.Int(*c.get("min"), "min", -999, 999) : -kNoMarginLimit;
    out.max = c.contains("max")
                  ? r.Int(*c.get("max"), "max", out.min == -kNoMarginLimit ? -999 : out.min, 999)
                  : kNoMarginLimit;
    return out;
  }
  if (const toml::node* n = c.get("controls")) {
    out.kind = Condition::Kind::kControls;
    out.party = Party(r, *n, "controls", false);
    const toml::node& set = r.Req(c, "set", where);
    out.set = r.Str(set, "set");
    const auto it = std::find_if(s.objectives.begin(), s.objectives.end(),
                                 [&](const ObjectiveSet& o) { return o.id == out.set; });
    if (it == s.objectives.end())
      r.Fail(set, "field 'set' names no [[objective]] (is '" + out.set + "')");
    const int size = static_cast<int>(it->fields.size());
    out.min = c.contains("min") ? r.Int(*c.get("min"), "min", 0, size) : 0;
    out.max = c.contains("max") ? r.Int(*c.get("max"), "max", out.min, size) : size;
  } else {
    if (c.contains("set") || c.contains("min") || c.contains("max"))
      r.Fail(c, "'set', 'min' and 'max' belong to a 'controls' condition " + where);
    const bool fewer = c.contains("fewer_losses");
    out.kind = fewer ? Condition::Kind::kFewerLosses : Condition::Kind::kLossesAtMost;
    out.party = Party(r, *c.get(fewer ? "fewer_losses" : "losses_at_most"),
                      fewer ? "fewer_losses" : "losses_at_most", false);
  }
  return out;
}

// Reads every table of the array of tables `name` ([[unit]], [[objective]]): its keys checked
// against `keys`, its `id` present and unique among them (else "duplicate NAME id"),
// then `read(table, where, id_node, id)` for the rest; `where` names the table and its line.
template <class Read>
void ReadTables(const Reader& r, const toml::table& root, std::string_view name,
                const std::vector<std::string_view>& keys, Read read) {
  const toml::node* all = root.get(name);
  if (all == nullptr) return;
  std::set<std::string> ids;
  for (const toml::node& e : r.Arr(*all, name)) {
    const toml::table& t = r.Table(e, name);
    const std::string where =
        "in [[" + std::string(name) + "]] at line " + std::to_string(t.source().begin.line);
    r.Keys(t, keys, where);
    const toml::node& id_node = r.Req(t, "id", where);
    const std::string id = r.Str(id_node, "id");
    if (!ids.insert(id).second)
      r.Fail(id_node, "duplicate " + std::string(name) + " id '" + id + "'");
    read(t, where, id_node, id);
  }
}

// A [[unit]] table, kept to resolve the transport pairs once every unit is read.
struct UnitRefs {
  const toml::table* table = nullptr;
};

int UnitNamed(const Reader& r, const toml::node& n, std::string_view key, const Situation& s) {
  const std::string id = r.Str(n, key);
  for (size_t i = 0; i < s.units.size(); ++i)
    if (s.units[i].id == id) return static_cast<int>(i);
  r.Fail(n,
         "field '" + std::string(key) + "' names no [[unit]] of the situation (is '" + id + "')");
}

// PS §4.4-§4.5: the transport pairs. A figure base names its `carrier` (which names it in
// `carries`), a weapon base its `tow` (which names it in `tow_of`); both of one party; the vehicle
// able to take that load; `state` "mounted" (figures) or "limbered" (weapons) puts the load aboard
// at the start: then it stands in the carrier's field and arrives with it.
void ResolveTransport(const Reader& r, const std::vector<UnitRefs>& refs,
                      const std::vector<UnitType>& types, Situation& s) {
  const auto type = [&](int u) {
    return *find_unit_type(types, s.units[static_cast<size_t>(u)].type);
  };
  for (size_t i = 0; i < refs.size(); ++i) {
    const toml::table& u = *refs[i].table;
    SituationUnit& su = s.units[i];
    const int me = static_cast<int>(i);
    const toml::node* carrier = u.get("carrier");
    const toml::node* tow = u.get("tow");
    const toml::node* carries = u.get("carries");
    const toml::node* tow_of = u.get("tow_of");
    if (carrier && tow) r.Fail(*tow, "a unit names a 'carrier' or a 'tow', not both");
    if ((carrier || tow) && (carries || tow_of))
      r.Fail(carries ? *carries : *tow_of, "a carried unit carries nothing itself (PS §4.5)");
    if (carries && tow_of)
      r.Fail(*tow_of,
             "a tow carries its weapon's ammunition and no other troops: a vehicle names "
             "'carries' or 'tow_of', not both (PS §4.4)");
    const UnitType& mine = type(me);
    if (carrier || tow) {
      const toml::node& n = carrier ? *carrier : *tow;
      const char* key = carrier ? "carrier" : "tow";
      const int c = UnitNamed(r, n, key, s);
      const toml::table& ct = *refs[static_cast<size_t>(c)].table;
      const toml::node* back = ct.get(carrier ? "carries" : "tow_of");
      if (back == nullptr || r.Str(*back, carrier ? "carries" : "tow_of") != su.id)
        r.Fail(n, std::string("field '") + key + "' names " + s.units[static_cast<size_t>(c)].id +
                      ", which does not name " + su.id + " in '" +
                      (carrier ? "carries" : "tow_of") + "'");
      if (s.units[static_cast<size_t>(c)].party != su.party)
        r.Fail(n, std::string("field '") + key + "' names a unit of the other party");
      if (carrier && mine.category != Category::kFigureBase)
        r.Fail(n, "only a figure base has a 'carrier'; a weapon base names its 'tow' (PS §4.4)");
      if (tow && mine.category != Category::kHeavyWeaponBase)
        r.Fail(n, "only a weapon base has a 'tow' (PS §4.4)");
      const Capacity cap = type(c).capacity;
      const bool fits = tow ? (cap == Capacity::kTowOneWeapon || cap == Capacity::kOneBase)
                            : (cap == Capacity::kOneBase || cap == Capacity::kTankRiders ||
                               (cap == Capacity::kPanzergrenadier && mine.panzergrenadier));
      if (!fits)
        r.Fail(n, "a " + type(c).id + " (capacity " + capacity_name(cap) + ") cannot " +
                      (tow ? "tow" : "carry") + " a " + mine.id + " (PS §4.5)");
      su.carrier = c;
      s.units[static_cast<size_t>(c)].load = me;
    }
    if (const toml::node* st = u.get("state")) {
      const std::string v = r.Str(*st, "state");
      const bool figure = carrier != nullptr;
      if (!carrier && !tow)
        r.Fail(*st, "field 'state' belongs to a unit with a 'carrier' or a 'tow'");
      if (figure && v != "mounted" && v != "dismounted")
        r.Fail(*st,
               "field 'state' of a carried figure base must be \"mounted\" or \"dismounted\" "
               "(is '" +
                   v + "')");
      if (!figure && v != "limbered" && v != "unlimbered")
        r.Fail(*st,
               "field 'state' of a towed weapon must be \"limbered\" or \"unlimbered\" "
               "(is '" +
                   v + "')");
      su.carried = v == "mounted" || v == "limbered";
      const SituationUnit& c = s.units[static_cast<size_t>(su.carrier)];
      if (su.carried && !(c.field == su.field))
        r.Fail(*st, "a " + v + " unit stands in its carrier's field " + std::to_string(c.field.x) +
                        "," + std::to_string(c.field.y) + " (PS §4.4)");
      if (su.carried && c.arrives != su.arrives)
        r.Fail(*st, "a " + v + " reinforcement arrives with its carrier (game turn " +
                        std::to_string(c.arrives) + ")");
      if (su.carried && (su.camouflaged || su.detected))
        r.Fail(*st, "a " + v + " unit has no camouflage or detected marker of its own");
    }
  }
  // The vehicles' side of the pairs, once every carried unit named its own.
  for (size_t i = 0; i < refs.size(); ++i) {
    const toml::table& u = *refs[i].table;
    const SituationUnit& su = s.units[i];
    const toml::node* carries = u.get("carries");
    const toml::node* tow_of = u.get("tow_of");
    if (carries || tow_of) {
      const toml::node& n = carries ? *carries : *tow_of;
      const char* key = carries ? "carries" : "tow_of";
      const int l = UnitNamed(r, n, key, s);
      const toml::node* back = refs[static_cast<size_t>(l)].table->get(carries ? "carrier" : "tow");
      if (back == nullptr || r.Str(*back, carries ? "carrier" : "tow") != su.id)
        r.Fail(n, std::string("field '") + key + "' names " + s.units[static_cast<size_t>(l)].id +
                      ", which does not name " + su.id + " in '" + (carries ? "carrier" : "tow") +
                      "'");
    }
  }
}

}  // namespace

Situation load_situation(const std::string& path, const std::vector<UnitType>& types,
                         const std::vector<BoardData>& boards) {
  const Reader r(path);
  const toml::table root = r.Parse();
  r.Keys(root, {"situation", "unit", "setup", "objective", "outcome", "task"}, "at the top level");
  const toml::table& t =
      r.Table(r.Req(root, "situation", "at the top level ([situation])"), "situation");
  const std::string w = "in [situation]";
  r.Keys(t, kSituationKeys, w);
  Situation s;
  s.file = path;
  std::vector<UnitRefs> refs;  // per unit: its table, for the transport pairs
  s.id = r.Str(r.Req(t, "id", w), "id");
  s.title = r.Str(r.Req(t, "title", w), "title");
  if (const toml::node* de = t.get("title_de")) s.title_de = r.Str(*de, "title_de");
  const toml::node& board_node = r.Req(t, "board", w);
  s.board = r.Str(board_node, "board");
  const auto bit = std::find_if(boards.begin(), boards.end(),
                                [&](const BoardData& d) { return d.id == s.board; });
  if (bit == boards.end())
    r.Fail(board_node, "field 'board' names no board (is '" + s.board + "')");
  const Board& b = bit->board;
  // Scenarios §1.4: day turns D1..D16; every game turn is a day turn.
  s.start_cycle_turn = r.Int(r.Req(t, "start_cycle_turn", w), "start_cycle_turn", 1, 16);
  const toml::node& turns_node = r.Req(t, "game_turns", w);
  s.game_turns = r.Int(turns_node, "game_turns", 1, 16);
  if (s.start_cycle_turn + s.game_turns - 1 > 16)
    r.Fail(turns_node,
           "the game would reach a night turn: start_cycle_turn + game_turns - 1 must "
           "be at most 16 (scenarios §1.4)");
  s.first_mover = Party(r, r.Req(t, "first_mover", w), "first_mover", false);
  s.dug_in = FieldList(r, r.Req(t, "dug_in", w), "dug_in", b);
  s.provenance = ProvenanceOf(r, t, {"id", "title", "title_de"}, w);

  ReadTables(
      r, root, "unit", kUnitKeys,
      [&](const toml::table& u, const std::string& uw, const toml::node& id_node,
          const std::string& id) {
        SituationUnit su;
        su.line = static_cast<int>(u.source().begin.line);
        su.id = id;
        if (su.id.size() > 12 || !std::all_of(su.id.begin(), su.id.end(), [](char c) {
              return (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-';
            }))
          r.Fail(id_node,
                 "field 'id' must be up to 12 capitals, digits and '-' (is '" + su.id + "')");
        su.party = Party(r, r.Req(u, "party", uw), "party", false);
        const toml::node& type_node = r.Req(u, "type", uw);
        su.type = r.Str(type_node, "type");
        const UnitType* type = find_unit_type(types, su.type);
        if (type == nullptr)
          r.Fail(type_node,
                 "field 'type' names no unit type of the catalogue (is '" + su.type + "')");
        const toml::node& field_node = r.Req(u, "field", uw);
        su.field = FieldOf(r, field_node, "field", b);
        if (const toml::node* a = u.get("arrives")) {
          su.arrives = r.Int(*a, "arrives", 1, s.game_turns);
          if (!IsBoardEdgeField(b, su.field))
            r.Fail(field_node, "a reinforcement enters at an edge field (scenarios §1.6)");
        }
        if (!Passable(b, su.field, type->terrain))
          r.Fail(field_node, "a " + su.type + " cannot stand in " + r.Str(field_node, "field") +
                                 " (PS §6.5, G-04)");
        if (const toml::node* c = u.get("camouflaged")) su.camouflaged = r.Bool(*c, "camouflaged");
        if (const toml::node* d = u.get("detected")) su.detected = r.Bool(*d, "detected");
        if (su.arrives > 0 && (su.camouflaged || su.detected))
          r.Fail(u,
                 "a reinforcement starts with no camouflage or detected marker (scenarios §1.5)");
        su.provenance = ProvenanceOf(r, u, {"id"}, uw);
        s.units.push_back(std::move(su));
        refs.push_back({&u});
      });
  if (s.units.empty()) r.Fail(t, "a situation has [[unit]] tables");
  ResolveTransport(r, refs, types, s);

  // Scenarios §1.5: a set-up zone per party at most, a rectangle holding the party's default
  // fields (not its reinforcements' entry fields).
  if (const toml::node* all = root.get("setup")) {
    for (const toml::node& e : r.Arr(*all, "setup")) {
      const toml::table& z = r.Table(e, "setup");
      const std::string zw = "in [[setup]] at line " + std::to_string(z.source().begin.line);
      r.Keys(z, kSetupKeys, zw);
      SetupZone zone;
      zone.line = static_cast<int>(z.source().begin.line);
      const toml::node& party_node = r.Req(z, "party", zw);
      zone.party = Party(r, party_node, "party", false);
      if (s.zone_of(zone.party) != nullptr)
        r.Fail(party_node, "a party has one set-up zone (scenarios §1.5)");
      zone.from = FieldOf(r, r.Req(z, "from", zw), "from", b);
      const toml::node& to_node = r.Req(z, "to", zw);
      zone.to = FieldOf(r, to_node, "to", b);
      if (zone.to.x < zone.from.x || zone.to.y < zone.from.y)
        r.Fail(to_node, "field 'to' is the south-east corner of the zone, 'from' the north-west");
      zone.provenance = ProvenanceOf(r, z, {}, zw);
      for (const SituationUnit& u : s.units)
        if (u.party == zone.party && u.arrives == 0 && !zone.contains(u.field))
          r.Fail(static_cast<uint32_t>(u.line),
                 "unit " + u.id + " stands outside its party's set-up zone (scenarios §1.5)");
      s.setup.push_back(std::move(zone));
    }
  }

  ReadTables(
      r, root, "objective", kObjectiveKeys,
      [&](const toml::table& o, const std::string& ow, const toml::node&, const std::string& id) {
        ObjectiveSet os;
        os.line = static_cast<int>(o.source().begin.line);
        os.id = id;
        os.name = id;
        if (const toml::node* n = o.get("name")) os.name = r.Str(*n, "name");
        os.name_de = os.name;
        if (const toml::node* n = o.get("name_de")) os.name_de = r.Str(*n, "name_de");
        const toml::node& fields_node = r.Req(o, "fields", ow);
        os.fields = FieldList(r, fields_node, "fields", b);
        if (os.fields.empty()) r.Fail(fields_node, "field 'fields' must list at least one field");
        const toml::node& ctl = r.Req(o, "controller", ow);
        for (const toml::node& c : r.Arr(ctl, "controller"))
          os.controller.push_back(Party(r, c, "controller", true));
        if (os.controller.size() != os.fields.size())
          r.Fail(ctl, "field 'controller' names one controller per field (" +
                          std::to_string(os.fields.size()) + ")");
        if (const toml::node* vp = o.get("vp")) os.vp = r.Int(*vp, "vp", 0, 99);
        os.provenance = ProvenanceOf(r, o, {"id", "name", "name_de"}, ow);
        s.objectives.push_back(std::move(os));
      });
  // A field of two objective sets has one controller.
  for (size_t i = 0; i < s.objectives.size(); ++i)
    for (size_t j = 0; j < i; ++j)
      for (size_t a = 0; a < s.objectives[i].fields.size(); ++a)
        for (size_t c = 0; c < s.objectives[j].fields.size(); ++c)
          if (s.objectives[i].fields[a] == s.objectives[j].fields[c] &&
              s.objectives[i].controller[a] != s.objectives[j].controller[c])
            r.Fail(static_cast<uint32_t>(s.objectives[i].line),
                   "a field of two objective sets has two controllers at the start");

  const toml::node* outs = root.get("outcome");
  if (outs == nullptr) r.Fail(t, "a situation has [[outcome]] tables (scenarios §1.7)");
  for (const toml::node& e : r.Arr(*outs, "outcome")) {
    const toml::table& o = r.Table(e, "outcome");
    const std::string ow = "in [[outcome]] at line " + std::to_string(o.source().begin.line);
    r.Keys(o, kOutcomeKeys, ow);
    OutcomeLine line;
    line.line = static_cast<int>(o.source().begin.line);
    const toml::node& res = r.Req(o, "result", ow);
    const std::string result = r.Str(res, "result");
    if (result == "red")
      line.winner = kPartyRed;
    else if (result == "blue")
      line.winner = kPartyBlue;
    else if (result == "draw")
      line.winner = -1;
    else
      r.Fail(res, "field 'result' must be \"red\", \"blue\" or \"draw\" (is '" + result + "')");
    line.text = r.Str(r.Req(o, "text", ow), "text");
    if (const toml::node* de = o.get("text_de")) line.text_de = r.Str(*de, "text_de");
    for (const toml::node& c : r.Arr(r.Req(o, "when", ow), "when"))
      line.when.push_back(ReadCondition(r, r.Table(c, "when"), s, ow));
    line.provenance = ProvenanceOf(r, o, {"text", "text_de"}, ow);
    s.outcomes.push_back(std::move(line));
  }
  if (s.outcomes.empty() || !s.outcomes.back().when.empty())
    r.Fail(*outs,
           "the last [[outcome]] has no condition ('when = []'): some line always applies "
           "(scenarios §1.7)");
  if (const toml::node* tasks = root.get("task")) {
    for (const toml::node& e : r.Arr(*tasks, "task")) {
      const toml::table& tt = r.Table(e, "task");
      const std::string tw = "in [[task]] at line " + std::to_string(tt.source().begin.line);
      r.Keys(tt, kTaskKeys, tw);
      SituationTask task;
      task.line = static_cast<int>(tt.source().begin.line);
      const toml::node& party = r.Req(tt, "party", tw);
      task.party = Party(r, party, "party", false);
      for (const SituationTask& other : s.tasks)
        if (other.party == task.party) r.Fail(party, "a second [[task]] of the same party");
      task.text = r.Str(r.Req(tt, "text", tw), "text");
      if (const toml::node* de = tt.get("text_de")) task.text_de = r.Str(*de, "text_de");
      task.provenance = ProvenanceOf(r, tt, {"party", "text_de"}, tw);
      s.tasks.push_back(std::move(task));
    }
  }
  return s;
}

const std::vector<Situation>& shipped_situations() {
  static std::mutex mutex;
  static std::unique_ptr<const std::vector<Situation>> situations;
  const std::lock_guard<std::mutex> lock(mutex);
  if (!situations) {
    std::vector<Situation> all;
    const std::string dir = data_dir() + "/planspiel";
    for (const char* name : {"situation-ps1.toml", "situation-ps2.toml", "situation-ps3.toml"})
      all.push_back(
          load_situation(dir + "/" + name, shipped_unit_types(), shipped_planspiel_boards()));
    situations = std::make_unique<const std::vector<Situation>>(std::move(all));
  }
  return *situations;
}

const Situation* find_situation(const std::string& id) {
  for (const Situation& s : shipped_situations())
    if (s.id == id) return &s;
  return nullptr;
}

}  // namespace feldherr::planspiel
