// White Star Rising: the observation (WsrState::observe), the position as a viewer sees it, with
// named fields (docs/web.md "Observations"). WSR has no hidden information, so every seat and
// observer gets the same JSON; it names units by label, hexes by the map's hex id, formations by
// id and seats by seat id, and gives each unit the printed values of the face it shows, so that a
// reader needs only the board JSON (board.cc) for the static map, never the state's layout
// (to_json, which stays the private serialisation).
#include <algorithm>
#include <nlohmann/json.hpp>
#include <string>
#include <utility>
#include <vector>

#include "engine/json_text.h"
#include "games/wsr/board.h"
#include "games/wsr/state.h"

namespace feldherr::wsr {

namespace {

using nlohmann::json;

const char* PhaseName(const WsrState& s) {
  if (s.phase == kOver) return "over";
  if (s.setting_up()) return "setup";  // WSR 2.0
  return s.phase == kMarkerRemoval ? "marker-removal" : "operations";
}

// The face name ("full", "reduced", "mounted-full", ...) of `face`, one of `c`'s faces.
const char* FaceNameOf(const CounterType& c, const Face& face) {
  for (int k = 0; k < kNumFaces; ++k) {
    const auto id = static_cast<FaceId>(k);
    if (c.has_face(id) && &c.face(id) == &face) return FaceName(id);
  }
  return "full";
}

}  // namespace

json WsrState::observe(int seat) const {
  (void)seat;  // no hidden information: every viewer sees the same
  const WsrGame& g = *game_;
  const auto& seats = g.seats();
  const auto seat_or_null = [&](int s) -> json {
    return s >= 0 && s < static_cast<int>(seats.size()) ? json(seats[static_cast<size_t>(s)])
                                                        : json(nullptr);
  };
  const auto hex_or_null = [&](int h) -> json {
    return h == kNoHex ? json(nullptr) : json(g.layout().Name(h));
  };
  const auto formation_or_null = [&](int f) -> json {
    return f < 0 ? json(nullptr) : json(g.formation(f).data->id);
  };
  const auto label_or_null = [&](int u) -> json {
    return u < 0 ? json(nullptr) : json(unit_label(u));
  };

  json j;
  j["phase"] = PhaseName(*this);
  j["turn"] = turn;
  j["turns"] = g.setup().turns;
  j["moves"] = moves;
  j["active_formation"] = formation_or_null(active_f);

  // WSR 3.1-3.2: the cup's contents (counts; the draw order is chance) and the impulses so far.
  int markers = 0;
  json formations = json::array();
  for (int f = 0; f < g.num_formations(); ++f) {
    const size_t k = static_cast<size_t>(f);
    const int side = g.formation(f).side;
    markers += cup[k];
    formations.push_back(
        {{"id", g.formation(f).data->id},
         {"seat", seats[static_cast<size_t>(side)]},
         {"in_cup", cup[k]},
         {"impulses", activated[k]},
         // WSR 3.2.1: activates before the side's held end-turn marker returns
         {"activate_first", (hold_until[static_cast<size_t>(side)] >> f & 1) != 0}});
  }
  j["formations"] = formations;
  j["cup"] = {{"formation_markers", markers},
              {"end_turn", cup_end_turn},
              {"end_turn_drawn", end_turn_drawn},
              {"chaos", chaos_cup}};                                      // chaos.cc (WSR 9.0)
  if (designated_markers() > 0) j["cup"]["designated"] = designated_cup;  // A5 (special_rules.cc)

  json per_seat = json::object();
  for (size_t s = 0; s < 2 && s < seats.size(); ++s)
    per_seat[seats[s]] = {{"fate_points", fate_points[s]},       // WSR 10.0
                          {"mines_left", mines_left[s]},         // WSR 8.2
                          {"held_end_turn", held_end_turn[s]}};  // WSR 3.2.1
  j["seats"] = per_seat;

  // The moving stack (WSR 5.0-5.1).
  if (n_group > 0) {
    json us = json::array();
    for (int k = 0; k < n_group; ++k) us.push_back(unit_label(group[static_cast<size_t>(k)]));
    j["moving"] = {
        {"units", us}, {"from", hex_or_null(group_origin)}, {"hexes_entered", group_steps}};
  } else {
    j["moving"] = nullptr;
  }

  // Chaos results drawn and waiting for, or applying to, a formation's impulse (WSR 9.0).
  json rolls = json::array();
  for (int k = 0; k < n_chaos; ++k) rolls.push_back(chaos_res[static_cast<size_t>(k)]);
  j["chaos"] = {{"rolls", rolls}, {"formation", formation_or_null(chaos_f)}};

  // The assault or overrun being resolved (WSR 6.3, 6.4).
  if (assault.hex != kNoHex) {
    const AssaultRec& A = assault;
    const auto labels = [&](const auto& list) {
      json out = json::array();
      for (int u : list)
        if (u >= 0) out.push_back(unit_label(u));
      return out;
    };
    j["assault"] = {{"hex", hex_or_null(A.hex)},
                    {"from", hex_or_null(A.from)},
                    {"seat", seat_or_null(A.side)},
                    {"overrun", A.overrun != 0},
                    {"attackers", labels(A.attackers)},
                    {"defenders", labels(A.defenders)},
                    {"supported", {label_or_null(A.support[0]), label_or_null(A.support[1])}},
                    {"hits", {{"attackers", A.hits[0]}, {"defenders", A.hits[1]}}}};
  } else {
    j["assault"] = nullptr;
  }

  // Random entry tables already rolled for (B1): the die that released each.
  json entry = json::array();
  for (uint8_t r : entry_roll) entry.push_back(r == 0 ? json(nullptr) : json(r));
  j["entry_rolls"] = entry;

  json us = json::array();
  for (int u = 0; u < n_units; ++u) {
    const Unit& x = unit(u);
    const UnitInfo& ui = info(u);
    const Face& f = face(u);
    json fj = FaceJson(f);
    fj["name"] = FaceNameOf(*ui.counter, f);
    const CounterType* w = sw(u);
    us.push_back({{"label", ui.label},
                  {"seat", seats[ui.side]},
                  {"formation", g.formation(ui.formation).data->id},
                  {"counter", ui.counter->id},
                  {"hex", hex_or_null(x.hex)},
                  {"start_hex", hex_or_null(x.start_hex)},
                  {"hq", ui.hq},
                  {"reduced", has(u, kReduced)},
                  {"mounted", has(u, kMounted)},
                  {"disrupted", has(u, kDisrupted)},
                  {"ops_complete", has(u, kOpsComplete)},
                  {"out_of_command", has(u, kOutOfCommand)},
                  {"moving", has(u, kMoving)},
                  {"moved", has(u, kMovedThisImpulse)},
                  {"gone", has(u, kGone)},
                  {"off_map", has(u, kOffMap)},
                  {"hq_supported", has(u, kHqSupported)},
                  {"sw", w != nullptr ? json(w->id) : json(nullptr)},
                  {"mp_spent", x.mp_spent},
                  {"face", fj}});
    // G-12 (exit.cc): the hex an exited unit left the map from (only exited units carry it).
    if (has(u, kExited)) us.back()["exited"] = hex_or_null(exit_hex[static_cast<size_t>(u)]);
    // carrier.cc (WSR 5.2, A-38): the carrier a passenger rides in (only passengers carry it).
    if (loaded(u)) us.back()["carried_by"] = info(carrier_of(u)).label;
  }
  j["units"] = us;

  // Hexes with a controller (WSR 12.2), a side that entered last this turn or a marker
  // (wreck 6.1.7, improved position 8.1, mine 8.2), by hex id; other hexes have none of these.
  json hexes = json::object();
  for (int h = 0; h < g.layout().size(); ++h) {
    const int c = control[static_cast<size_t>(h)];
    if (c == 0) continue;
    hexes[g.layout().Name(h)] = {{"controller", seat_or_null((c & 3) - 1)},
                                 {"entered_last", seat_or_null((c >> 2 & 3) - 1)},
                                 {"wreck", (c & kWreckBit) != 0},
                                 {"ip", (c & kIpBit) != 0},
                                 {"mine", (c & kMineBit) != 0}};
  }
  j["hexes"] = hexes;
  // A4 blow-the-bridge (only in games with the hook): the bridges destroyed in play, as hex
  // indices like the board JSON's static `destroyed_bridges` (A12).
  if (hook_bridge_hex() != kNoHex) {
    json blown = json::array();
    if (bridge == kBridgeBlown) blown.push_back(hook_bridge_hex());
    j["destroyed_bridges"] = blown;
  }

  // Artillery (WSR 11.2), in games with artillery support or smoke markers only: the strikes
  // left per seat, the strikes called in this impulse (A-24: 2 at most), the strike being
  // resolved with its Barrage marker once it has landed (11.2.1), the smoke markers (11.2.2).
  bool support = false;
  for (const auto& kinds : g.setup().artillery) support = support || !kinds.empty();
  if (support || !artillery_default()) {
    json art = json::object();
    json left = json::object();
    for (size_t s = 0; s < 2 && s < seats.size(); ++s) {
      json list = json::array();
      for (size_t k = 0; k < g.setup().artillery[s].size(); ++k) {
        const GameSetup::Strike& st = g.setup().artillery[s][k];
        list.push_back({{"strike", strike_name(static_cast<int>(s), static_cast<int>(k))},
                        {"kind", st.smoke ? "smoke" : "he"},
                        {"firepower", st.fp},
                        {"to_hit", st.to_hit},
                        {"left", strikes_left[s][k]}});
      }
      left[seats[s]] = list;
    }
    art["support"] = left;
    art["called_this_impulse"] = strikes_impulse;
    art["per_impulse"] = kStrikesPerImpulse;
    if (strike.hex != kNoHex)
      art["strike"] = {{"caller", label_or_null(strike.caller)},
                       {"seat", seat_or_null(strike.seat)},
                       {"strike", strike_name(strike.seat, strike.kind)},
                       {"hex", hex_or_null(strike.hex)},
                       {"landed", strike.landed != 0}};
    else
      art["strike"] = nullptr;
    art["barrage"] =
        strike.hex != kNoHex && strike.landed ? hex_or_null(strike.hex) : json(nullptr);
    json smoke = json::array();
    for (int k = 0; k < n_smoke; ++k)
      smoke.push_back({{"hex", hex_or_null(smoke_hex[static_cast<size_t>(k)])},
                       {"level", smoke_level[static_cast<size_t>(k)]}});
    art["smoke"] = smoke;
    j["artillery"] = art;
  }
  // Air support (WSR 11.3), in games with aircraft only: each aircraft with its seat, the turn it
  // enters the cup, where it is (waiting, cup, returning, over-map, removed), its values (G-9
  // stand-ins) and, while it is used, its target hex and the net AA hits on it (11.3.1).
  if (!g.setup().air.empty()) {
    json list = json::array();
    for (size_t k = 0; k < g.setup().air.size(); ++k) {
      const int ki = static_cast<int>(k);
      const Face& af = air_counter(ki).face_for(false, false);
      json a = {{"aircraft", air_label(ki)},
                {"counter", g.setup().air[k].counter},
                {"seat", seat_or_null(air_side(ki))},
                {"enters_turn", air_entry_turn(ki) > 0 ? json(air_entry_turn(ki)) : json()},
                {"place", AirPlaceName(air[k])},
                {"firepower", af.air.fp},
                {"to_hit", af.air.to_hit},
                {"armor", af.armor},
                {"save", af.save},
                {"hex", nullptr}};
      if (sortie.k == ki) {
        a["hex"] = hex_or_null(sortie.hex);
        a["aa_hits"] = sortie.aa_hits;
      }
      list.push_back(a);
    }
    j["air"] = list;
  }
  return j;
}

// The same as observe(seat).dump(), written directly (the server's hot path): the members in the
// order dump() writes them (an object's keys sorted), each value as observe() gives it. Keyed
// objects (seats, hexes) are written in the sorted order of their keys.
void WsrState::append_observation(int seat, std::string& out) const {
  (void)seat;  // no hidden information: every viewer sees the same
  const WsrGame& g = *game_;
  const auto& seats = g.seats();
  JsonText w(out);
  const auto seat_or_null = [&](int s) {
    if (s >= 0 && s < static_cast<int>(seats.size()))
      w.str(seats[static_cast<size_t>(s)]);
    else
      w.null();
  };
  const auto hex_or_null = [&](int h) {
    if (h == kNoHex)
      w.null();
    else
      w.str(g.layout().Name(h));
  };
  const auto formation_or_null = [&](int f) {
    if (f < 0)
      w.null();
    else
      w.str(g.formation(f).data->id);
  };
  const auto label_or_null = [&](int u) {
    if (u < 0)
      w.null();
    else
      w.str(info(u).label);
  };
  // The seats 0 and 1 (as many as there are) in the order of their ids: dump()'s key order.
  size_t seat_order[2] = {0, 1};
  const size_t n_seats = std::min<size_t>(2, seats.size());
  if (n_seats == 2 && seats[1] < seats[0]) std::swap(seat_order[0], seat_order[1]);

  w.obj().key("active_formation");
  formation_or_null(active_f);

  // Air support (WSR 11.3).
  if (!g.setup().air.empty()) {
    w.arr("air");
    for (size_t k = 0; k < g.setup().air.size(); ++k) {
      const int ki = static_cast<int>(k);
      const Face& af = air_counter(ki).face_for(false, false);
      w.obj();
      if (sortie.k == ki) w.num("aa_hits", sortie.aa_hits);
      w.str("aircraft", air_label(ki))
          .num("armor", af.armor)
          .str("counter", g.setup().air[k].counter)
          .key("enters_turn");
      if (air_entry_turn(ki) > 0)
        w.num(air_entry_turn(ki));
      else
        w.null();
      w.num("firepower", af.air.fp).key("hex");
      if (sortie.k == ki)
        hex_or_null(sortie.hex);
      else
        w.null();
      w.str("place", AirPlaceName(air[k])).num("save", af.save).key("seat");
      seat_or_null(air_side(ki));
      w.num("to_hit", af.air.to_hit).end();
    }
    w.end();
  }

  // Artillery (WSR 11.2).
  bool support = false;
  for (const auto& kinds : g.setup().artillery) support = support || !kinds.empty();
  if (support || !artillery_default()) {
    w.obj("artillery").key("barrage");
    if (strike.hex != kNoHex && strike.landed)
      hex_or_null(strike.hex);
    else
      w.null();
    w.num("called_this_impulse", strikes_impulse).num("per_impulse", kStrikesPerImpulse);
    w.arr("smoke");
    for (int k = 0; k < n_smoke; ++k) {
      w.obj().key("hex");
      hex_or_null(smoke_hex[static_cast<size_t>(k)]);
      w.num("level", smoke_level[static_cast<size_t>(k)]).end();
    }
    w.end().key("strike");
    if (strike.hex != kNoHex) {
      w.obj().key("caller");
      label_or_null(strike.caller);
      w.key("hex");
      hex_or_null(strike.hex);
      w.flag("landed", strike.landed != 0).key("seat");
      seat_or_null(strike.seat);
      w.str("strike", strike_name(strike.seat, strike.kind)).end();
    } else {
      w.null();
    }
    w.obj("support");
    for (size_t i = 0; i < n_seats; ++i) {
      const size_t s = seat_order[i];
      w.arr(seats[s]);
      for (size_t k = 0; k < g.setup().artillery[s].size(); ++k) {
        const GameSetup::Strike& st = g.setup().artillery[s][k];
        w.obj()
            .num("firepower", st.fp)
            .str("kind", st.smoke ? "smoke" : "he")
            .num("left", strikes_left[s][k])
            .str("strike", strike_name(static_cast<int>(s), static_cast<int>(k)))
            .num("to_hit", st.to_hit)
            .end();
      }
      w.end();
    }
    w.end().end();
  }

  // The assault or overrun being resolved (WSR 6.3, 6.4).
  w.key("assault");
  if (assault.hex != kNoHex) {
    const AssaultRec& A = assault;
    const auto labels = [&](const char* key, const auto& list) {
      w.arr(key);
      for (int u : list)
        if (u >= 0) w.str(info(u).label);
      w.end();
    };
    w.obj();
    labels("attackers", A.attackers);
    labels("defenders", A.defenders);
    w.key("from");
    hex_or_null(A.from);
    w.key("hex");
    hex_or_null(A.hex);
    w.obj("hits").num("attackers", A.hits[0]).num("defenders", A.hits[1]).end();
    w.flag("overrun", A.overrun != 0).key("seat");
    seat_or_null(A.side);
    w.arr("supported");
    label_or_null(A.support[0]);
    label_or_null(A.support[1]);
    w.end().end();
  } else {
    w.null();
  }

  // Chaos results (WSR 9.0).
  w.obj("chaos").key("formation");
  formation_or_null(chaos_f);
  w.arr("rolls");
  for (int k = 0; k < n_chaos; ++k) w.num(chaos_res[static_cast<size_t>(k)]);
  w.end().end();

  // WSR 3.1-3.2: the cup.
  int markers = 0;
  for (int f = 0; f < g.num_formations(); ++f) markers += cup[static_cast<size_t>(f)];
  w.obj("cup").num("chaos", chaos_cup);
  if (designated_markers() > 0) w.num("designated", designated_cup);
  w.num("end_turn", cup_end_turn)
      .num("end_turn_drawn", end_turn_drawn)
      .num("formation_markers", markers)
      .end();

  // A4 blow-the-bridge.
  if (hook_bridge_hex() != kNoHex) {
    w.arr("destroyed_bridges");
    if (bridge == kBridgeBlown) w.num(hook_bridge_hex());
    w.end();
  }

  // Random entry tables (B1).
  w.arr("entry_rolls");
  for (uint8_t r : entry_roll)
    if (r == 0)
      w.null();
    else
      w.num(r);
  w.end();

  w.arr("formations");
  for (int f = 0; f < g.num_formations(); ++f) {
    const size_t k = static_cast<size_t>(f);
    const int side = g.formation(f).side;
    w.obj()
        .flag("activate_first", (hold_until[static_cast<size_t>(side)] >> f & 1) != 0)
        .str("id", g.formation(f).data->id)
        .num("impulses", activated[k])
        .num("in_cup", cup[k])
        .str("seat", seats[static_cast<size_t>(side)])
        .end();
  }
  w.end();

  // Hexes with a controller, entered last or a marker (WSR 12.2, A-34, 6.1.7, 8.1, 8.2), by hex
  // id in the order of the ids; a repeated id keeps the last hex, as assigning a key does.
  std::vector<std::pair<std::string, int>> marked;
  for (int h = 0; h < g.layout().size(); ++h)
    if (control[static_cast<size_t>(h)] != 0) marked.emplace_back(g.layout().Name(h), h);
  std::stable_sort(marked.begin(), marked.end(),
                   [](const auto& a, const auto& b) { return a.first < b.first; });
  w.obj("hexes");
  for (size_t i = 0; i < marked.size(); ++i) {
    if (i + 1 < marked.size() && marked[i + 1].first == marked[i].first) continue;
    const int c = control[static_cast<size_t>(marked[i].second)];
    w.obj(marked[i].first).key("controller");
    seat_or_null((c & 3) - 1);
    w.key("entered_last");
    seat_or_null((c >> 2 & 3) - 1);
    w.flag("ip", (c & kIpBit) != 0)
        .flag("mine", (c & kMineBit) != 0)
        .flag("wreck", (c & kWreckBit) != 0)
        .end();
  }
  w.end();

  w.num("moves", moves).key("moving");
  if (n_group > 0) {
    w.obj().key("from");
    hex_or_null(group_origin);
    w.num("hexes_entered", group_steps).arr("units");
    for (int k = 0; k < n_group; ++k) w.str(info(group[static_cast<size_t>(k)]).label);
    w.end().end();
  } else {
    w.null();
  }
  w.str("phase", PhaseName(*this));

  w.obj("seats");
  for (size_t i = 0; i < n_seats; ++i) {
    const size_t s = seat_order[i];
    w.obj(seats[s])
        .num("fate_points", fate_points[s])
        .num("held_end_turn", held_end_turn[s])
        .num("mines_left", mines_left[s])
        .end();
  }
  w.end();
  w.num("turn", turn).num("turns", g.setup().turns);

  w.arr("units");
  for (int u = 0; u < n_units; ++u) {
    const Unit& x = unit(u);
    const UnitInfo& ui = info(u);
    const Face& f = face(u);
    w.obj();
    if (loaded(u)) w.str("carried_by", info(carrier_of(u)).label);
    w.str("counter", ui.counter->id).flag("disrupted", has(u, kDisrupted));
    if (has(u, kExited)) {
      w.key("exited");
      hex_or_null(exit_hex[static_cast<size_t>(u)]);
    }
    w.key("face");
    AppendFaceJson(w, f, FaceNameOf(*ui.counter, f));
    w.str("formation", g.formation(ui.formation).data->id).flag("gone", has(u, kGone)).key("hex");
    hex_or_null(x.hex);
    w.flag("hq", ui.hq)
        .flag("hq_supported", has(u, kHqSupported))
        .str("label", ui.label)
        .flag("mounted", has(u, kMounted))
        .flag("moved", has(u, kMovedThisImpulse))
        .flag("moving", has(u, kMoving))
        .num("mp_spent", x.mp_spent)
        .flag("off_map", has(u, kOffMap))
        .flag("ops_complete", has(u, kOpsComplete))
        .flag("out_of_command", has(u, kOutOfCommand))
        .flag("reduced", has(u, kReduced))
        .str("seat", seats[ui.side])
        .key("start_hex");
    hex_or_null(x.start_hex);
    w.key("sw");
    if (const CounterType* sw_type = sw(u); sw_type != nullptr)
      w.str(sw_type->id);
    else
      w.null();
    w.end();
  }
  w.end().end();
}

}  // namespace feldherr::wsr
