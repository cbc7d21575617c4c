// Pocket Battles: game construction, state bookkeeping, JSON, hashing, observation,
// determinisation, rendering and invariants.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <array>
#include <nlohmann/json.hpp>
#include <stdexcept>

#include "engine/hash.h"
#include "engine/json_text.h"
#include "games/pocket/pocket.h"
#include "geometry/zone_graph.h"

namespace feldherr::pocket {

// ---------------------------------------------------------------------------------------------
// PocketGame

PocketGame::PocketGame(const Army& orcs, const Army& elves, PocketOptions options)
    : armies_{orcs, elves}, opts_(options) {
  if (opts_.points < 10 || opts_.points > 200 || opts_.points % 10 != 0)
    throw std::runtime_error("pocket: points must be a multiple of 10 in 10..200 (PB Aufbau 2)");
  for (int s = 0; s < 2; ++s) {
    const Army& a = armies_[static_cast<size_t>(s)];
    if (a.troops.empty() || a.troops.size() > 250)
      throw std::runtime_error("pocket: army '" + a.id + "' must have 1..250 troop types");
    bool affordable = false;
    for (const TroopType& tt : a.troops) {
      TypeInfo ti;
      for (int f : tt.combat_dice)
        if (f >= 1 && f <= 6) ++ti.cm[static_cast<size_t>(f)];
      for (int f : tt.shooting_dice)
        if (f >= 1 && f <= 6) ++ti.sm[static_cast<size_t>(f)];
      ti.dp = tt.dp;
      ti.fv = tt.fv == kStarFV ? kStarFVValue : std::min(tt.fv, kStarFVValue);
      ti.lp = tt.lp;
      for (Trait tr : tt.traits) {
        if (tr == Trait::kRegenerate) ti.regenerate = true;
        if (tr == Trait::kHeal) ti.heal = true;
        if (tr == Trait::kSwift) ti.swift = true;
        if (tr == Trait::kLongRange) ti.long_range = true;
      }
      size_t dot = tt.id.find('.');
      ti.short_id = dot == std::string::npos ? tt.id : tt.id.substr(dot + 1);
      ti.name_de = tt.name_de.empty() || tt.name_de == tt.id ? ti.short_id : tt.name_de;
      if (ti.lp > 0 && ti.dp <= opts_.points) affordable = true;
      types_[static_cast<size_t>(s)].push_back(ti);
    }
    if (!affordable)
      throw std::runtime_error("pocket: army '" + a.id +
                               "' has no troop with life points affordable at this battle size");
  }
  option_list_ = {
      {"points", std::to_string(opts_.points)},
      {"turn", opts_.turn == TurnMode::kOneOrder ? "one-order" : "many-orders"},
      {"shoot_split", opts_.shoot_split == ShootSplit::kConserve ? "conserve" : "ceil"},
      {"three_vs_one", opts_.allow_three_vs_one ? "allow" : "forbid"},
      {"wound_marker", opts_.wound_marker == WoundMarker::kChoose ? "choose" : "most-orders"},
  };
  // PB Phase 1 adjacency of a player's own six segments (node = zone * 3 + column; orthogonal
  // steps only, never into the combat zone).
  ZoneGraph g(6);
  for (int z = 0; z < 2; ++z)
    for (int c = 0; c < 2; ++c) g.connect(z * 3 + c, z * 3 + c + 1);
  for (int c = 0; c < 3; ++c) g.connect(c, 3 + c);
  for (int steps = 1; steps <= 2; ++steps)
    for (int n = 0; n < 6; ++n)
      reach_[static_cast<size_t>(steps - 1)][static_cast<size_t>(n)] =
          static_cast<uint8_t>(g.reachable(n, steps, 0x3F));
}

std::unique_ptr<State> PocketGame::new_initial_state() const {
  return std::make_unique<PocketState>(this);
}

PocketOptions parse_options(const Options& options) {
  PocketOptions o;
  for (const auto& [k, v] : options) {
    if (k == "points")
      o.points = std::stoi(v);
    else if (k == "turn")
      o.turn = v == "many-orders" ? TurnMode::kManyOrders : TurnMode::kOneOrder;
    else if (k == "shoot_split")
      o.shoot_split = v == "conserve" ? ShootSplit::kConserve : ShootSplit::kCeil;
    else if (k == "three_vs_one")
      o.allow_three_vs_one = v == "allow";
    else if (k == "wound_marker")
      o.wound_marker = v == "most-orders" ? WoundMarker::kMostOrders : WoundMarker::kChoose;
  }
  return o;
}

// ---------------------------------------------------------------------------------------------
// PocketState basics

PocketState::PocketState(const PocketGame* game) : game_(game) {
  for (int s = 0; s < 2; ++s)
    players[static_cast<size_t>(s)].total = static_cast<int16_t>(game->markers());
}

const Game& PocketState::game() const {
  return *game_;
}

std::unique_ptr<State> PocketState::clone() const {
  return std::make_unique<PocketState>(*this);
}

std::string PocketState::unit_label(int u) const {
  if (u < 0 || u >= n_units) return "?";
  const Unit& un = units[static_cast<size_t>(u)];
  return (un.owner == kOrcs ? "o" : "e") + std::to_string(un.number);
}

const std::string& PocketState::seat_id(int seat) const {
  return game_->seats()[static_cast<size_t>(seat)];
}

std::string PocketState::troop_label(int t) const {
  const Troop& tr = troops[static_cast<size_t>(t)];
  std::string s =
      (tr.unit >= 0 ? unit_label(tr.unit) : std::string("-")) + "." + type_of(t).short_id;
  if (tr.ordinal > 0) s += "." + std::to_string(tr.ordinal);
  return s;
}

std::string PocketState::seg_name(int owner, int zone, int col) const {
  int rel = owner == kOrcs ? col : 2 - col;  // each player's left is the opponent's right
  static const char* cols[3] = {"left", "centre", "right"};
  static const char* zones[3] = {"rear", "front", "combat"};
  if (zone < 0 || zone > 2) return zone == kUnplaced ? "unplaced" : "gone";
  return std::string(cols[rel]) + "-" + zones[zone];
}

std::string PocketState::seat_de(int seat) {
  return seat == kOrcs ? "Orks" : "Elfen";
}

std::string PocketState::seg_de(int owner, int zone, int col) const {
  if (zone < 0 || zone > 2) return zone == kUnplaced ? "nicht aufgestellt" : "vernichtet";
  return arg_name(ArgKind::kPlace, seg_name(owner, zone, col), Lang::kDe);
}

bool PocketState::reveals_information(const Action& action) const {
  // The last troop a player puts into a unit shows the others his stacks: their heights and top
  // troops (PB Aufbau 6).
  if (phase == kForm && (action.verb == kNewUnit || action.verb == kJoinUnit)) {
    int unformed = 0;
    for (int t = 0; t < n_troops; ++t)
      if (troops[static_cast<size_t>(t)].owner == sel_seat &&
          troops[static_cast<size_t>(t)].status == kSelected)
        ++unformed;
    return unformed == 1;
  }
  // The last placement reveals all stacks (PB Aufstellung 4).
  if (phase != kPlacement || action.verb != kPlace) return false;
  int unplaced = 0;
  for (int u = 0; u < n_units; ++u)
    if (units[static_cast<size_t>(u)].zone == kUnplaced) ++unplaced;
  return unplaced == 1;
}

Result PocketState::result() const {
  Result r;
  r.returns = {winner == 0 ? 1.0 : -1.0, winner == 1 ? 1.0 : -1.0};
  const auto& seats = game_->seats();
  r.summary = seats[winner] + " wins";
  const int w = winner, l = 1 - winner;
  const std::string& W = seats[static_cast<size_t>(w)];
  const std::string& L = seats[static_cast<size_t>(l)];
  const std::string Wde = seat_de(w), Lde = seat_de(l);
  r.headline = say("The {0} win.", "Die {1} gewinnen.", W, Wde);
  const int won = players[static_cast<size_t>(w)].captured_dp;
  switch (win_reason) {
    case kWinConcede:
      r.say_reason(say("{0} conceded (PB Spielende 1)", "die {1} haben aufgegeben (PB Spielende 1)",
                       L, Lde));
      break;
    case kWinThreshold:
      r.say_reason(say("{0} destroyed {2} of {3} DP (PB Spielende 2)",
                       "die {1} haben {2} von {3} AP vernichtet (PB Spielende 2)", W, Wde, won,
                       players[static_cast<size_t>(l)].built_dp));
      break;
    case kWinHigher:
      r.say_reason(say("{0} destroyed more DP: {2} against {3} (PB Spielende 2)",
                       "die {1} haben mehr AP vernichtet: {2} gegen {3} (PB Spielende 2)", W, Wde,
                       won, players[static_cast<size_t>(l)].captured_dp));
      break;
    case kWinTieB:
      r.say_reason(
          say("equal destroyed DP ({2}); player B ({0}) wins the tie (PB Spielende 2)",
              "gleich viele vernichtete AP ({2}); bei Gleichstand gewinnt Spieler B (die {1}) "
              "(PB Spielende 2)",
              W, Wde, won));
      break;
    default:
      r.say_reason({"game over", "Spiel vorbei"});
  }
  return r;
}

// ---------------------------------------------------------------------------------------------
// Visibility (PB Aufbau 6, Aufstellung 3-4)

bool PocketState::troop_visible(int t, int seat) const {
  const Troop& tr = troops[static_cast<size_t>(t)];
  if (tr.owner == seat) return true;
  if (phase >= kBattle) return true;  // revealed after placement (also game over)
  if (tr.status == kRemoved) return true;
  // The opponent sees the top troop of each finished stack only.
  bool formed = phase > kForm || (phase == kForm && sel_seat > tr.owner);
  if (!formed || tr.unit < 0) return false;
  return top_troop(tr.unit) == t;
}

namespace {
bool formation_done(const PocketState& s, int owner) {
  return s.phase > kForm || (s.phase == kForm && s.sel_seat > owner);
}
}  // namespace

json PocketState::observe(int seat) const {
  json j;
  j["phase"] = phase;
  j["stage"] = stage;
  j["sel_seat"] = sel_seat;
  j["active"] = active;
  j["player_a"] = seat_a;
  j["round"] = round;
  j["round_first"] = round_first;
  j["a_first_turn"] = a_first_turn;
  j["last_roll"] = {last_roll[0], last_roll[1]};
  j["rerolls"] = rerolls;
  j["moves"] = moves;
  if (phase == kOver) j["winner"] = game_->seats()[winner];
  json ps = json::array();
  for (int s = 0; s < 2; ++s) {
    const PlayerState& p = players[static_cast<size_t>(s)];
    json pj = {{"seat", seat_id(s)},   {"total", p.total},       {"pool", p.pool},
               {"passed", p.passed},   {"deferred", p.deferred}, {"captured_dp", p.captured_dp},
               {"troops", p.n_troops}, {"units", p.n_units}};
    if (s == seat || phase >= kBattle) pj["built_dp"] = p.built_dp;
    ps.push_back(std::move(pj));
  }
  j["players"] = std::move(ps);
  // Troops not yet in a unit: only their owner knows them.
  json sel = json::array();
  for (int t = 0; t < n_troops; ++t)
    if (troops[static_cast<size_t>(t)].owner == seat &&
        troops[static_cast<size_t>(t)].status == kSelected)
      sel.push_back(game_->army(seat).troops[troops[static_cast<size_t>(t)].type].id);
  j["unformed"] = std::move(sel);
  if (phase == kForm && sel_seat == seat && form_troop >= 0)
    j["forming"] = game_->army(seat).troops[troops[static_cast<size_t>(form_troop)].type].id;
  json us = json::array();
  for (int u = 0; u < n_units; ++u) {
    const Unit& un = units[static_cast<size_t>(u)];
    if (un.owner != seat && !formation_done(*this, un.owner)) continue;
    json uj = {{"label", unit_label(u)},
               {"owner", game_->seats()[un.owner]},
               {"zone", un.zone},
               {"col", un.col},
               {"segment", seg_name(un.owner, un.zone, un.col)},
               {"combat", un.combat},
               {"orders", un.orders},
               {"flags", un.flags},
               {"height", un.size},
               {"alive", un.alive}};
    json tj = json::array();
    for (int t = 0; t < n_troops; ++t) {
      const Troop& tr = troops[static_cast<size_t>(t)];
      if (tr.unit != u) continue;
      if (troop_visible(t, seat)) {
        bool full = tr.owner == seat || phase >= kBattle || tr.status == kRemoved;
        json x = {{"type", game_->army(tr.owner).troops[tr.type].id},
                  {"wounds", tr.wounds},
                  {"removed", tr.status == kRemoved}};
        if (full) x["label"] = troop_label(t);
        if (!full) x["top"] = true;
        tj.push_back(std::move(x));
      }
    }
    uj["troops"] = std::move(tj);
    us.push_back(std::move(uj));
  }
  j["units"] = std::move(us);
  json cs = json::array();
  for (int c = 0; c < kMaxCombats; ++c) {
    const Combat& cb = combats[static_cast<size_t>(c)];
    if (cb.col < 0) continue;
    json sides = json::array();
    for (int s = 0; s < 2; ++s) {
      json side = json::array();
      for (int i = 0; i < cb.n[static_cast<size_t>(s)]; ++i)
        side.push_back(unit_label(cb.u[static_cast<size_t>(s)][static_cast<size_t>(i)]));
      sides.push_back(std::move(side));
    }
    cs.push_back({{"id", c}, {"col", cb.col}, {"units", std::move(sides)}});
  }
  j["combats"] = std::move(cs);
  json st = json::array();
  for (const Step& s : steps) {
    st.push_back({s.kind, s.n, s.a, s.b});
  }
  j["steps"] = std::move(st);
  return j;
}

// The same as observe(seat).dump(), written directly: the members in the order dump() writes
// them (an object's keys sorted), each value as observe() gives it.
void PocketState::append_observation(int seat, std::string& out) const {
  JsonText w(out);
  w.obj().flag("a_first_turn", a_first_turn).num("active", active).arr("combats");
  for (int c = 0; c < kMaxCombats; ++c) {
    const Combat& cb = combats[static_cast<size_t>(c)];
    if (cb.col < 0) continue;
    w.obj().num("col", cb.col).num("id", c).arr("units");
    for (size_t s = 0; s < 2; ++s) {
      w.arr();
      for (int i = 0; i < cb.n[s]; ++i) w.str(unit_label(cb.u[s][static_cast<size_t>(i)]));
      w.end();
    }
    w.end().end();
  }
  w.end();
  if (phase == kForm && sel_seat == seat && form_troop >= 0)
    w.str("forming", game_->army(seat).troops[troops[static_cast<size_t>(form_troop)].type].id);
  w.arr("last_roll").num(last_roll[0]).num(last_roll[1]).end();
  w.num("moves", moves).num("phase", phase).num("player_a", seat_a).arr("players");
  for (int s = 0; s < 2; ++s) {
    const PlayerState& p = players[static_cast<size_t>(s)];
    w.obj();
    if (s == seat || phase >= kBattle) w.num("built_dp", p.built_dp);
    w.num("captured_dp", p.captured_dp).num("deferred", p.deferred).num("passed", p.passed);
    w.num("pool", p.pool).str("seat", seat_id(s)).num("total", p.total);
    w.num("troops", p.n_troops).num("units", p.n_units).end();
  }
  w.end().num("rerolls", rerolls).num("round", round).num("round_first", round_first);
  w.num("sel_seat", sel_seat).num("stage", stage).arr("steps");
  for (const Step& st : steps) w.arr().num(st.kind).num(st.n).num(st.a).num(st.b).end();
  w.end();
  // Troops not yet in a unit: only their owner knows them.
  w.arr("unformed");
  for (int t = 0; t < n_troops; ++t) {
    const Troop& tr = troops[static_cast<size_t>(t)];
    if (tr.owner == seat && tr.status == kSelected) w.str(game_->army(seat).troops[tr.type].id);
  }
  w.end().arr("units");
  for (int u = 0; u < n_units; ++u) {
    const Unit& un = units[static_cast<size_t>(u)];
    if (un.owner != seat && !formation_done(*this, un.owner)) continue;
    w.obj().num("alive", un.alive).num("col", un.col).num("combat", un.combat);
    w.num("flags", un.flags).num("height", un.size).str("label", unit_label(u));
    w.num("orders", un.orders).str("owner", game_->seats()[un.owner]);
    w.str("segment", seg_name(un.owner, un.zone, un.col)).arr("troops");
    for (int t = 0; t < n_troops; ++t) {
      const Troop& tr = troops[static_cast<size_t>(t)];
      if (tr.unit != u || !troop_visible(t, seat)) continue;
      const bool full = tr.owner == seat || phase >= kBattle || tr.status == kRemoved;
      w.obj();
      if (full) w.str("label", troop_label(t));
      w.flag("removed", tr.status == kRemoved);
      if (!full) w.flag("top", true);
      w.str("type", game_->army(tr.owner).troops[tr.type].id).num("wounds", tr.wounds).end();
    }
    w.end().num("zone", un.zone).end();
  }
  w.end();
  if (phase == kOver) w.str("winner", game_->seats()[winner]);
  w.end();
}

// IS-MCTS determinisation of the opponent's hidden choices (docs/pocket.md "Hidden information"):
// before any of his troops is in a unit his picks are re-drawn; while he forms his units his
// picks are re-drawn and his formed troops re-formed into the same number of units; after his
// formation and until the stacks are revealed his hidden (non-top) troops are permuted among the
// hidden positions of his stacks, keeping every unit legal (FV limits, a troop with LP in every
// unit).
std::unique_ptr<State> PocketState::determinize(int seat, Rng& rng) const {
  auto out = std::make_unique<PocketState>(*this);
  if (phase >= kBattle) return out;
  for (int owner = 0; owner < 2; ++owner) {
    if (owner == seat) continue;
    // Before any of the opponent's troops is in a unit, his picks are re-sampled: the same
    // number of troops, drawn at random within the DP limit, the tile counts and the no-LP
    // host rule (the observation shows only the number of picks).
    bool none_formed = phase == kSelect || (phase == kForm && sel_seat < owner);
    if (none_formed) {
      out->resample_picks(owner, rng);
      continue;
    }
    if (!formation_done(*this, owner)) {
      // The opponent is forming his units: re-draw his picks and re-form the troops he has
      // already placed into the same number of units (both counts are public).
      out->resample_partial_formation(owner, rng);
      continue;
    }
    int slots[kMaxTroops], n = 0;
    for (int t = 0; t < n_troops; ++t) {
      const Troop& tr = troops[static_cast<size_t>(t)];
      if (tr.owner == owner && tr.unit >= 0 && !troop_visible(t, seat)) slots[n++] = t;
    }
    if (n < 2) continue;
    uint8_t types[kMaxTroops];
    for (int i = 0; i < n; ++i) types[i] = troops[static_cast<size_t>(slots[i])].type;
    // IS-MCTS (ai/mcts.h): the shuffle starts from the sorted types, so that the
    // determinisation depends on the observation and the generator only, not on the true order.
    uint8_t sorted[kMaxTroops];
    std::copy(types, types + n, sorted);
    std::sort(sorted, sorted + n);
    for (int attempt = 0; attempt < 256; ++attempt) {
      uint8_t perm[kMaxTroops];
      std::copy(sorted, sorted + n, perm);
      for (int i = n - 1; i > 0; --i) {
        int k = static_cast<int>(rng.below(static_cast<uint32_t>(i + 1)));
        std::swap(perm[i], perm[k]);
      }
      PocketState& d = *out;
      for (int i = 0; i < n; ++i) d.troops[static_cast<size_t>(slots[i])].type = perm[i];
      // PB Aufbau 5: every unit keeps within its least FV and keeps a troop with LP. One pass
      // over the troops per attempt; the units are rebuilt only for the accepted one.
      std::array<uint8_t, kMaxUnits> minfv;
      std::array<uint8_t, kMaxUnits> lp_alive{};
      minfv.fill(static_cast<uint8_t>(kStarFVValue));
      for (int t = 0; t < n_troops; ++t) {
        const Troop& tr = d.troops[static_cast<size_t>(t)];
        if (tr.owner != owner || tr.unit < 0) continue;
        const TypeInfo& ti = d.type_of(t);
        auto& m = minfv[static_cast<size_t>(tr.unit)];
        m = static_cast<uint8_t>(std::min<int>(m, ti.fv));
        if (tr.status == kActive && ti.lp > 0) ++lp_alive[static_cast<size_t>(tr.unit)];
      }
      bool ok = true;
      for (int u = 0; u < n_units && ok; ++u) {
        const Unit& un = d.units[static_cast<size_t>(u)];
        if (un.owner != owner) continue;
        ok = un.size <= minfv[static_cast<size_t>(u)] && lp_alive[static_cast<size_t>(u)] > 0;
      }
      if (ok) {
        for (int u = 0; u < n_units; ++u) {
          if (d.units[static_cast<size_t>(u)].owner != owner) continue;
          d.units[static_cast<size_t>(u)].minfv = minfv[static_cast<size_t>(u)];
          d.refresh_unit(u);
        }
        break;
      }
      // Restore and try again (the last failure falls back to the true assignment).
      for (int i = 0; i < n; ++i) d.troops[static_cast<size_t>(slots[i])].type = types[i];
    }
    // Ordinal labels follow the (possibly new) types.
    PocketState& d = *out;
    for (int u = 0; u < n_units; ++u) {
      if (d.units[static_cast<size_t>(u)].owner != owner) continue;
      for (int t = 0; t < n_troops; ++t) {
        Troop& tr = d.troops[static_cast<size_t>(t)];
        if (tr.unit != u) continue;
        int before = 0, total = 0;
        for (int t2 = 0; t2 < n_troops; ++t2)
          if (d.troops[static_cast<size_t>(t2)].unit == u &&
              d.troops[static_cast<size_t>(t2)].type == tr.type) {
            ++total;
            if (t2 <= t) ++before;
          }
        tr.ordinal = static_cast<uint8_t>(total >= 2 ? before : 0);
      }
    }
  }
  return out;
}

void PocketState::resample_picks(int owner, Rng& rng) {
  int slots[kMaxTroops], n = 0;
  for (int t = 0; t < n_troops; ++t)
    if (troops[static_cast<size_t>(t)].owner == owner) slots[n++] = t;
  if (n == 0) return;
  const int nt = game_->num_types(owner);
  const int points = game_->opts().points;
  // Types by ascending DP, for the look-ahead below.
  int by_dp[256];
  for (int ty = 0; ty < nt; ++ty) by_dp[ty] = ty;
  std::sort(by_dp, by_dp + nt,
            [&](int a, int b) { return game_->type(owner, a).dp < game_->type(owner, b).dp; });
  // IS-MCTS (ai/mcts.h): enough attempts that the fall-back to the true picks (which
  // would leak them to the AI) practically never happens (measured: 32 failed 1 in 300).
  for (int attempt = 0; attempt < 4096; ++attempt) {
    int have[256] = {0};
    int dp = 0, lp_hosts = 0, no_lp = 0;
    uint8_t chosen[kMaxTroops];
    bool ok = true;
    // The least DP that `k` more picks cost after one more of `extra`: a candidate that leaves
    // the remaining picks no way to fit the points is not drawn (without this look-ahead nearly
    // every attempt ran into a dead end: 1,700 attempts per call, measured).
    auto least_dp = [&](int k, int extra) {
      int sum = 0;
      for (int j = 0; j < nt && k > 0; ++j) {
        const int ty = by_dp[j];
        const int left = game_->army(owner).troops[static_cast<size_t>(ty)].count - have[ty] -
                         (ty == extra ? 1 : 0);
        const int take = std::min(k, std::max(0, left));
        sum += take * game_->type(owner, ty).dp;
        k -= take;
      }
      return k > 0 ? points + 1 : sum;
    };
    for (int i = 0; i < n && ok; ++i) {
      int cand[256], nc = 0;
      for (int ty = 0; ty < nt; ++ty) {
        const TypeInfo& ti = game_->type(owner, ty);
        if (have[ty] >= game_->army(owner).troops[static_cast<size_t>(ty)].count) continue;
        if (dp + ti.dp + least_dp(n - i - 1, ty) > points) continue;
        if (ti.lp == 0 && (ti.fv < 2 || no_lp + 1 > lp_hosts)) continue;  // needs its own host
        if (ti.lp > 0 && ti.fv < 2 && no_lp > lp_hosts) continue;
        cand[nc++] = ty;
      }
      if (nc == 0) {
        ok = false;
        break;
      }
      int ty = cand[rng.below(static_cast<uint32_t>(nc))];
      const TypeInfo& ti = game_->type(owner, ty);
      chosen[i] = static_cast<uint8_t>(ty);
      ++have[ty];
      dp += ti.dp;
      if (ti.lp == 0)
        ++no_lp;
      else if (ti.fv >= 2)
        ++lp_hosts;
    }
    if (!ok) continue;
    // Tried in place (no copy of the state per attempt); a refused draw is put back.
    uint8_t before[kMaxTroops];
    for (int i = 0; i < n; ++i) {
      before[i] = troops[static_cast<size_t>(slots[i])].type;
      troops[static_cast<size_t>(slots[i])].type = chosen[i];
    }
    if (!selection_feasible_with(owner, -1)) {
      for (int i = 0; i < n; ++i) troops[static_cast<size_t>(slots[i])].type = before[i];
      continue;
    }
    PlayerState& p = players[static_cast<size_t>(owner)];
    bool done = p.built_dp == p.picked_dp && p.built_dp > 0;
    p.picked_dp = static_cast<int16_t>(dp);
    if (done) p.built_dp = static_cast<int16_t>(dp);
    return;
  }
}

void PocketState::resample_partial_formation(int owner, Rng& rng) {
  int first_unit = -1, formed = 0;
  for (int u = 0; u < n_units; ++u)
    if (units[static_cast<size_t>(u)].owner == owner && first_unit < 0) first_unit = u;
  for (int t = 0; t < n_troops; ++t)
    if (troops[static_cast<size_t>(t)].owner == owner && troops[static_cast<size_t>(t)].unit >= 0)
      ++formed;
  int target_units = players[static_cast<size_t>(owner)].n_units;
  if (first_unit < 0 || formed == 0) return;
  // The owner's units are the last ones created (he is the one forming now).
  ActionList legal;
  for (int attempt = 0; attempt < 256; ++attempt) {
    PocketState trial = *this;
    trial.n_units = static_cast<int16_t>(first_unit);
    trial.players[static_cast<size_t>(owner)].n_units = 0;
    for (int t = 0; t < n_troops; ++t) {
      Troop& tr = trial.troops[static_cast<size_t>(t)];
      if (tr.owner != owner) continue;
      tr.unit = -1;
      tr.status = kSelected;
      tr.ordinal = 0;
    }
    trial.resample_picks(owner, rng);
    trial.form_troop = static_cast<int16_t>(trial.next_unformed(owner));
    bool ok = true;
    for (int i = 0; i < formed && ok; ++i) {
      trial.legal_actions(legal);
      int have = trial.players[static_cast<size_t>(owner)].n_units, left = formed - i;
      Action pick;
      int seen = 0;
      for (const Action& a : legal) {
        bool fits = (a.verb == kNewUnit && have < target_units) ||
                    (a.verb == kJoinUnit && have + left - 1 >= target_units);
        // Reservoir sampling over the fitting choices.
        if (fits && rng.below(static_cast<uint32_t>(++seen)) == 0) pick = a;
      }
      if (seen == 0) {
        ok = false;
        break;
      }
      trial.apply(pick, nullptr);
    }
    if (!ok || trial.players[static_cast<size_t>(owner)].n_units != target_units) continue;
    trial.moves = moves;
    *this = trial;
    return;
  }
}

// ---------------------------------------------------------------------------------------------
// JSON and hashing

json PocketState::to_json() const {
  json j;
  j["phase"] = phase;
  j["stage"] = stage;
  j["sel_seat"] = sel_seat;
  j["active"] = active;
  j["seat_a"] = seat_a;
  j["round_first"] = round_first;
  j["a_first_turn"] = a_first_turn;
  j["winner"] = winner;
  j["win_reason"] = win_reason;
  j["round"] = round;
  j["form_troop"] = form_troop;
  j["last_roll"] = {last_roll[0], last_roll[1]};
  j["rerolls"] = rerolls;
  j["moves"] = moves;
  json ps = json::array();
  for (const PlayerState& p : players)
    ps.push_back({p.total, p.pool, p.passed, p.deferred, p.captured_dp, p.built_dp, p.picked_dp,
                  p.n_troops, p.n_units});
  j["players"] = ps;
  json ts = json::array();
  for (int t = 0; t < n_troops; ++t) {
    const Troop& tr = troops[static_cast<size_t>(t)];
    ts.push_back({tr.type, tr.owner, tr.unit, tr.wounds, tr.status, tr.ordinal});
  }
  j["troops"] = ts;
  json us = json::array();
  for (int u = 0; u < n_units; ++u) {
    const Unit& un = units[static_cast<size_t>(u)];
    us.push_back(
        {un.owner, un.number, un.col, un.zone, un.combat, un.orders, un.flags, un.size, un.minfv});
  }
  j["units"] = us;
  json cs = json::array();
  for (int c = 0; c < kMaxCombats; ++c) {
    const Combat& cb = combats[static_cast<size_t>(c)];
    if (cb.col < 0) continue;
    cs.push_back({c, cb.col, cb.n[0], cb.n[1], cb.u[0], cb.u[1]});
  }
  j["combats"] = cs;
  json st = json::array();
  for (const Step& s : steps) {
    st.push_back({s.kind, s.n, s.a, s.b});
  }
  j["steps"] = st;
  return j;
}

std::unique_ptr<State> PocketGame::state_from_json(const json& j) const {
  auto st = std::make_unique<PocketState>(this);
  PocketState& s = *st;
  std::string where = "$";
  try {
    where = "$.phase";
    s.phase = j.at("phase").get<uint8_t>();
    if (s.phase > kOver) throw std::runtime_error("bad phase");
    s.stage = j.at("stage").get<uint8_t>();
    s.sel_seat = j.at("sel_seat").get<int8_t>();
    s.active = j.at("active").get<int8_t>();
    s.seat_a = j.at("seat_a").get<int8_t>();
    s.round_first = j.at("round_first").get<int8_t>();
    s.a_first_turn = j.at("a_first_turn").get<bool>();
    s.winner = j.at("winner").get<uint8_t>();
    s.win_reason = j.at("win_reason").get<uint8_t>();
    s.round = j.at("round").get<int16_t>();
    s.form_troop = j.at("form_troop").get<int16_t>();
    s.last_roll = {j.at("last_roll").at(0).get<uint8_t>(), j.at("last_roll").at(1).get<uint8_t>()};
    s.rerolls = j.at("rerolls").get<int16_t>();
    s.moves = j.at("moves").get<int>();
    where = "$.players";
    for (size_t i = 0; i < 2; ++i) {
      const json& p = j.at("players").at(i);
      PlayerState& q = s.players[i];
      q.total = p.at(0).get<int16_t>();
      q.pool = p.at(1).get<int16_t>();
      q.passed = p.at(2).get<int16_t>();
      q.deferred = p.at(3).get<int16_t>();
      q.captured_dp = p.at(4).get<int16_t>();
      q.built_dp = p.at(5).get<int16_t>();
      q.picked_dp = p.at(6).get<int16_t>();
      q.n_troops = p.at(7).get<uint8_t>();
      q.n_units = p.at(8).get<uint8_t>();
    }
    where = "$.troops";
    const json& ts = j.at("troops");
    if (ts.size() > kMaxTroops) throw std::runtime_error("too many troops");
    s.n_troops = static_cast<int16_t>(ts.size());
    for (size_t t = 0; t < ts.size(); ++t) {
      where = "$.troops[" + std::to_string(t) + "]";
      Troop& tr = s.troops[t];
      tr.type = ts[t].at(0).get<uint8_t>();
      tr.owner = ts[t].at(1).get<uint8_t>();
      tr.unit = ts[t].at(2).get<int16_t>();
      tr.wounds = ts[t].at(3).get<uint8_t>();
      tr.status = ts[t].at(4).get<uint8_t>();
      tr.ordinal = ts[t].at(5).get<uint8_t>();
      if (tr.owner > 1 || tr.type >= num_types(tr.owner))
        throw std::runtime_error("bad owner or type");
    }
    where = "$.units";
    const json& us = j.at("units");
    if (us.size() > kMaxUnits) throw std::runtime_error("too many units");
    s.n_units = static_cast<int16_t>(us.size());
    for (size_t u = 0; u < us.size(); ++u) {
      where = "$.units[" + std::to_string(u) + "]";
      Unit& un = s.units[u];
      un.owner = us[u].at(0).get<uint8_t>();
      un.number = us[u].at(1).get<uint8_t>();
      un.col = us[u].at(2).get<int8_t>();
      un.zone = us[u].at(3).get<int8_t>();
      un.combat = us[u].at(4).get<int8_t>();
      un.orders = us[u].at(5).get<uint8_t>();
      un.flags = us[u].at(6).get<uint8_t>();
      un.size = us[u].at(7).get<uint8_t>();
      un.minfv = us[u].at(8).get<uint8_t>();
    }
    for (int t = 0; t < s.n_troops; ++t)
      if (s.troops[static_cast<size_t>(t)].unit >= s.n_units)
        throw std::runtime_error("$.troops[" + std::to_string(t) + "]: unknown unit");
    for (int u = 0; u < s.n_units; ++u) s.refresh_unit(u);
    where = "$.combats";
    for (const json& c : j.at("combats")) {
      int id = c.at(0).get<int>();
      if (id < 0 || id >= kMaxCombats) throw std::runtime_error("bad combat id");
      Combat& cb = s.combats[static_cast<size_t>(id)];
      cb.col = c.at(1).get<int8_t>();
      cb.n = {c.at(2).get<uint8_t>(), c.at(3).get<uint8_t>()};
      for (size_t k = 0; k < kMaxPerSide; ++k) {
        cb.u[0][k] = c.at(4).at(k).get<int16_t>();
        cb.u[1][k] = c.at(5).at(k).get<int16_t>();
      }
    }
    where = "$.steps";
    const json& st2 = j.at("steps");
    if (st2.size() > kMaxStack) throw std::runtime_error("stack too deep");
    s.steps.clear();
    for (size_t i = 0; i < st2.size(); ++i) {
      s.steps.push(Step{});
      Step& x = s.steps.top();
      x.kind = st2[i].at(0).get<uint8_t>();
      x.n = st2[i].at(1).get<uint8_t>();
      x.a = st2[i].at(2).get<int16_t>();
      x.b = st2[i].at(3).get<int16_t>();
      if (x.kind > kStepMarkerSource) throw std::runtime_error("unknown step kind");
      if (x.kind == kStepMarkerSource && (x.a < 0 || x.a >= s.n_troops))
        throw std::runtime_error("bad troop of a wound-marker step");
    }
  } catch (const std::exception& e) {
    throw std::runtime_error("pocket state " + where + ": " + e.what());
  }
  return st;
}

uint64_t PocketState::hash() const {
  Hasher h;
  h.add(phase).add(stage).add_signed(sel_seat).add_signed(active).add_signed(seat_a);
  h.add_signed(round_first).add(a_first_turn).add(winner).add(win_reason).add_signed(round);
  h.add_signed(form_troop)
      .add(last_roll[0])
      .add(last_roll[1])
      .add_signed(rerolls)
      .add_signed(moves);
  for (const PlayerState& p : players) {
    h.add_signed(p.total).add_signed(p.pool).add_signed(p.passed).add_signed(p.deferred);
    h.add_signed(p.captured_dp)
        .add_signed(p.built_dp)
        .add_signed(p.picked_dp)
        .add(p.n_troops)
        .add(p.n_units);
  }
  h.add_signed(n_troops);
  for (int t = 0; t < n_troops; ++t) {
    const Troop& tr = troops[static_cast<size_t>(t)];
    h.add(static_cast<uint64_t>(tr.type) | static_cast<uint64_t>(tr.owner) << 8 |
          static_cast<uint64_t>(static_cast<uint16_t>(tr.unit)) << 16 |
          static_cast<uint64_t>(tr.wounds) << 32 | static_cast<uint64_t>(tr.status) << 40 |
          static_cast<uint64_t>(tr.ordinal) << 48);
  }
  h.add_signed(n_units);
  for (int u = 0; u < n_units; ++u) {
    const Unit& un = units[static_cast<size_t>(u)];
    h.add(static_cast<uint64_t>(un.owner) | static_cast<uint64_t>(un.number) << 8 |
          static_cast<uint64_t>(static_cast<uint8_t>(un.col)) << 16 |
          static_cast<uint64_t>(static_cast<uint8_t>(un.zone)) << 24 |
          static_cast<uint64_t>(static_cast<uint8_t>(un.combat)) << 32 |
          static_cast<uint64_t>(un.orders) << 40 | static_cast<uint64_t>(un.flags) << 48 |
          static_cast<uint64_t>(un.size) << 56);
    h.add(un.minfv);
  }
  for (int c = 0; c < kMaxCombats; ++c) {
    const Combat& cb = combats[static_cast<size_t>(c)];
    if (cb.col < 0) continue;
    h.add(static_cast<uint64_t>(c)).add_signed(cb.col).add(cb.n[0]).add(cb.n[1]);
    for (int s = 0; s < 2; ++s)
      for (int i = 0; i < cb.n[static_cast<size_t>(s)]; ++i)
        h.add_signed(cb.u[static_cast<size_t>(s)][static_cast<size_t>(i)]);
  }
  h.add_signed(steps.size());
  for (const Step& s : steps) {
    h.add(s.kind).add(s.n).add_signed(s.a).add_signed(s.b);
  }
  return h.value();
}

// ---------------------------------------------------------------------------------------------
// Rendering

std::string PocketState::render_text(int seat) const {
  return render_text_in(seat, Lang::kEn);
}

// The picture in English or German (the German words of the rulebook: Befehlsmarker, Vorrat,
// Aufstellungspunkte, Gefechtszone).
std::string PocketState::render_text_in(int seat, Lang lang) const {
  const bool de = lang == Lang::kDe;
  std::string out;
  const auto& seats = game_->seats();
  auto side = [&](int s) { return de ? seat_de(s) : seats[static_cast<size_t>(s)]; };
  static const char* phase_names[] = {"army selection", "unit formation", "roll for player A",
                                      "placement",      "battle",         "round end",
                                      "game over"};
  static const char* phase_names_de[] = {
      "Auswahl der Armee", "Bildung der Einheiten",  "Wurf um Spieler A", "Aufstellung",
      "Schlacht",          "Ende der Schlachtrunde", "Spiel vorbei"};
  out += de ? fmt::format("Pocket Battles, {} AP. Phase: {}", game_->opts().points,
                          phase_names_de[phase])
            : fmt::format("Pocket Battles, {} DP. Phase: {}", game_->opts().points,
                          phase_names[phase]);
  if (phase >= kBattle && phase != kOver)
    out += fmt::format(fmt::runtime(de ? ", Schlachtrunde {}" : ", round {}"), round);
  if (seat_a >= 0)
    out += fmt::format(fmt::runtime(de ? ", Spieler A = {}" : ", player A = {}"), side(seat_a));
  out += "\n";
  for (int s = 0; s < 2; ++s) {
    const PlayerState& p = players[static_cast<size_t>(s)];
    out += de ? fmt::format(
                    "  {:<6} Befehlsmarker {}: Vorrat {}, gepasst {}, beiseite {}; "
                    "vernichtet {} AP",
                    side(s), p.total, p.pool, p.passed, p.deferred, p.captured_dp)
              : fmt::format("  {:<6} markers {}: pool {}, passed {}, set aside {}; destroyed {} DP",
                            side(s), p.total, p.pool, p.passed, p.deferred, p.captured_dp);
    if (s == seat || phase >= kBattle)
      out +=
          fmt::format(fmt::runtime(de ? " des Gegners; Armee {} AP" : " of the enemy; army {} DP"),
                      phase == kSelect ? p.picked_dp : p.built_dp);
    if (phase < kBattle) {
      out +=
          fmt::format(fmt::runtime(de ? "; {} Truppen, {} Einheiten\n" : "; {} troops, {} units\n"),
                      p.n_troops, p.n_units);
    } else {  // the troops and units still in play, and the troops lost (PB Wunden)
      int troops_in = 0, troops_lost = 0, units_in = 0;
      for (int t = 0; t < n_troops; ++t) {
        const Troop& tr = troops[static_cast<size_t>(t)];
        if (tr.owner != s) continue;
        if (tr.status == kActive) ++troops_in;
        if (tr.status == kRemoved) ++troops_lost;
      }
      for (int u = 0; u < n_units; ++u)
        if (units[static_cast<size_t>(u)].owner == s && units[static_cast<size_t>(u)].alive > 0)
          ++units_in;
      auto count = [de](int n, const char* en1, const char* en_n, const char* de1,
                        const char* de_n) {
        return std::to_string(n) + " " + (de ? (n == 1 ? de1 : de_n) : (n == 1 ? en1 : en_n));
      };
      out += (de ? "; im Spiel " : "; in play ") +
             count(troops_in, "troop", "troops", "Truppe", "Truppen") + ", " +
             count(units_in, "unit", "units", "Einheit", "Einheiten") + "; " +
             count(troops_lost, "troop", "troops", "Truppe", "Truppen") +
             (de ? " verloren\n" : " lost\n");
    }
  }
  // While a seat chooses and forms its army it needs the printed values of its tiles (PB Aufbau
  // 4-5): the roster, with how many of each tile it has picked.
  if ((phase == kSelect || phase == kForm) && seat >= 0) {
    const Army& army = game_->army(seat);
    out += fmt::format(
        fmt::runtime(de ? "  Truppen der {} (Würfel = auf dem Plättchen gedruckte Augen; FW * = "
                          "ohne Grenze):\n"
                        : "  {} roster (dice = faces printed on the tile; FV * = no limit):\n"),
        side(seat));
    out +=
        de ? "    Plättchen             Wahl/Vorh.  AP  FW  LP  Gefechtsw.    Schuss    "
             "Eigenschaften\n"
           : "    tile                  picked/box  DP  FV  LP  combat dice   shooting  traits\n";
    for (size_t t = 0; t < army.troops.size(); ++t) {
      const TroopType& tt = army.troops[t];
      int picked = 0;
      for (int i = 0; i < n_troops; ++i) {
        const Troop& tr = troops[static_cast<size_t>(i)];
        if (tr.owner == seat && tr.type == t) ++picked;
      }
      std::string traits;
      for (Trait tr : tt.traits)
        traits +=
            std::string(traits.empty() ? "" : ",") + (de ? trait_name_de(tr) : trait_name(tr));
      // The tile's name in the reader's language (the word to type is in the action list).
      const std::string& name = de && !tt.name_de.empty() ? tt.name_de : tt.name;
      out +=
          fmt::format("    {:<22}{:>3}/{:<7}{:>3} {:>3} {:>3}  {:<13} {:<9} {}\n", name, picked,
                      tt.count, tt.dp, tt.fv == kStarFV ? std::string("*") : std::to_string(tt.fv),
                      tt.lp == kNoLP ? std::string("-") : std::to_string(tt.lp),
                      fmt::format("{}", fmt::join(tt.combat_dice, ",")),
                      fmt::format("{}", fmt::join(tt.shooting_dice, ",")), traits);
    }
  }
  auto unit_text = [&](int u) {
    const Unit& un = units[static_cast<size_t>(u)];
    std::string s = unit_label(u);
    if (un.orders) s += fmt::format(fmt::runtime(de ? "[{} Bef]" : "[{} ord]"), un.orders);
    s += "(";
    bool first = true, hidden = false;
    int shown = 0;
    for (int t = 0; t < n_troops; ++t) {
      const Troop& tr = troops[static_cast<size_t>(t)];
      if (tr.unit != u || tr.status != kActive) continue;
      if (!troop_visible(t, seat)) {
        hidden = true;
        continue;
      }
      ++shown;
      s += (first ? "" : " ") + (de ? type_of(t).name_de : type_of(t).short_id);
      if (tr.wounds) s += fmt::format(fmt::runtime(de ? "*{}W" : "*{}w"), tr.wounds);
      first = false;
    }
    if (hidden)
      s += fmt::format(fmt::runtime(de ? " +{} verdeckt" : " +{} hidden"), un.size - shown);
    s += ")";
    return s;
  };
  // Rows from the elves' rear (top) to the orcs' rear (bottom); columns from the orcs' left.
  struct Row {
    int owner, zone;
    const char* name;
  };
  const Row rows[] = {{1, kRear, "elves rear "},
                      {1, kFront, "elves front"},
                      {-1, kCombatZone, "combat     "},
                      {0, kFront, "orcs front "},
                      {0, kRear, "orcs rear  "}};
  const Row rows_de[] = {{1, kRear, "Elfen hinten"},
                         {1, kFront, "Elfen vorne "},
                         {-1, kCombatZone, "Gefecht     "},
                         {0, kFront, "Orks vorne  "},
                         {0, kRear, "Orks hinten "}};
  out += de ? "                links (Orks) | Mitte | rechts (Orks)\n"
            : "               orcs' left | centre | orcs' right\n";
  for (const Row& r : de ? rows_de : rows) {
    out += std::string("  ") + r.name + ": ";
    for (int c = 0; c < 3; ++c) {
      std::string cell;
      for (int u = 0; u < n_units; ++u) {
        const Unit& un = units[static_cast<size_t>(u)];
        if (!un.alive || un.zone != r.zone || un.col != c) continue;
        if (r.owner >= 0 && un.owner != r.owner) continue;
        if (un.owner != seat && !formation_done(*this, un.owner)) continue;
        if (!cell.empty()) cell += " ";
        cell += unit_text(u);
        if (un.combat >= 0) cell += fmt::format(fmt::runtime(de ? "#G{}" : "#c{}"), un.combat);
      }
      out += (c ? " | " : "") + (cell.empty() ? std::string("-") : cell);
    }
    out += "\n";
  }
  if (phase != kSelect && phase != kForm)
    out += de ? "  Legende: [N Bef] N Befehlsmarker auf der Einheit; *NW N Wunden der Truppe; #GN "
                "im Gefecht N\n"
              : "  key: [N ord] N order markers on the unit; *Nw N wounds on the troop; #cN in "
                "combat N\n";
  std::string unplaced;
  for (int u = 0; u < n_units; ++u)
    if (units[static_cast<size_t>(u)].zone == kUnplaced &&
        (units[static_cast<size_t>(u)].owner == seat ||
         formation_done(*this, units[static_cast<size_t>(u)].owner)))
      unplaced += " " + unit_text(u);
  if (!unplaced.empty()) out += (de ? "  nicht aufgestellt:" : "  unplaced:") + unplaced + "\n";
  if (phase == kOver) {
    const Result r = result();
    out += "  " + r.headline.in(lang) + " " + r.reason_in(lang) + "\n";
  } else {
    int cs = current_seat();
    out += (de ? "  am Zug: " : "  to decide: ") +
           (cs == kChance ? std::string(de ? "Würfel" : "dice") : side(cs)) + " (" +
           decision_for(seat).prompt_in(lang) + ")\n";
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Invariants (spec §2.2 marker conservation, §4.2 formation, §13)

std::string PocketState::invariant_violation() const {
  if (phase >= kBattle && round > 0) {
    for (int s = 0; s < 2; ++s) {
      const PlayerState& p = players[static_cast<size_t>(s)];
      int sum = p.pool + p.passed + p.deferred;
      for (int u = 0; u < n_units; ++u)
        if (units[static_cast<size_t>(u)].owner == s) sum += units[static_cast<size_t>(u)].orders;
      for (int t = 0; t < n_troops; ++t)
        if (troops[static_cast<size_t>(t)].owner == s &&
            troops[static_cast<size_t>(t)].status == kActive)
          sum += troops[static_cast<size_t>(t)].wounds;
      if (sum != p.total || p.pool < 0)
        return fmt::format("marker conservation broken for {}: {} counted, {} total", seat_id(s),
                           sum, p.total);
    }
    for (int s = 0; s < 2; ++s) {
      int captured = 0;
      for (int t = 0; t < n_troops; ++t)
        if (troops[static_cast<size_t>(t)].owner != s &&
            troops[static_cast<size_t>(t)].status == kRemoved)
          captured += type_of(t).dp;
      if (captured != players[static_cast<size_t>(s)].captured_dp) return "captured DP mismatch";
    }
  }
  for (int t = 0; t < n_troops; ++t) {
    const Troop& tr = troops[static_cast<size_t>(t)];
    const TypeInfo& ti = type_of(t);
    if (tr.status == kActive && ti.lp > 0 && tr.wounds >= ti.lp)
      return "troop " + troop_label(t) + " holds as many wounds as LP";
    if (tr.status == kActive && ti.lp == 0 && tr.wounds > 0) return "wounded Waldläufer";
  }
  int cap = game_->opts().allow_three_vs_one ? 3 : 2;
  for (int u = 0; u < n_units; ++u) {
    const Unit& un = units[static_cast<size_t>(u)];
    if (un.size > un.minfv) return "unit " + unit_label(u) + " exceeds its formation value";
    int alive = 0, lp = 0;
    for (int t = 0; t < n_troops; ++t)
      if (troops[static_cast<size_t>(t)].unit == u &&
          troops[static_cast<size_t>(t)].status == kActive) {
        ++alive;
        if (type_of(t).lp > 0) ++lp;
      }
    if (alive != un.alive) return "unit " + unit_label(u) + " alive count wrong";
    bool formed = phase > kForm || (phase == kForm && sel_seat > un.owner);
    if (formed && alive > 0 && lp == 0)
      return "unit " + unit_label(u) + " has only troops without LP";
    if (un.zone == kGone && alive > 0) return "gone unit with troops";
    if (alive > 0 && un.zone == kCombatZone && un.combat < 0) {
      bool transient = false;  // an attacker waiting for the reaction / its target
      for (const Step& st : steps)
        if ((st.kind == kStepReact || st.kind == kStepChooseTarget) && st.a == u) transient = true;
      // A concession ends the game at once (PB Spielende 1), possibly in the middle of an
      // attack whose charging unit then stays in the combat zone without a combat.
      if (!transient && win_reason != kWinConcede)
        return "unit " + unit_label(u) + " in the combat zone outside any combat";
    }
    if (un.combat >= 0) {
      if (un.zone != kCombatZone) return "unit in a combat outside the combat zone";
      const Combat& c = combats[static_cast<size_t>(un.combat)];
      bool found = false;
      for (int i = 0; i < c.n[un.owner]; ++i) found |= c.u[un.owner][static_cast<size_t>(i)] == u;
      if (!found || c.col != un.col) return "unit " + unit_label(u) + " not listed in its combat";
    }
  }
  for (int c = 0; c < kMaxCombats; ++c) {
    const Combat& cb = combats[static_cast<size_t>(c)];
    if (cb.col < 0) continue;
    if (cb.n[0] == 0 || cb.n[1] == 0) return "combat with an empty side";
    if (cb.n[0] > cap || cb.n[1] > cap) return "combat over the size cap (A16)";
    if (cb.n[0] > 1 && cb.n[1] > 1) return "combat with several units on both sides";
    for (int s = 0; s < 2; ++s)
      for (int i = 0; i < cb.n[static_cast<size_t>(s)]; ++i)
        if (units[static_cast<size_t>(cb.u[static_cast<size_t>(s)][static_cast<size_t>(i)])]
                .combat != c)
          return "combat lists a unit that is not in it";
  }
  return "";
}

}  // namespace feldherr::pocket
