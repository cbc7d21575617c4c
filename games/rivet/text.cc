// Rivet Wars text forms (describe/parse), JSON, hash, observation and terminal picture.
#include <nlohmann/json.hpp>
#include <sstream>

#include "engine/hash.h"
#include "games/rivet/rivet.h"

namespace feldherr::rivet {

namespace {

const std::array<std::pair<int, const char*>, 9> kMaskNames = {{{1, "NW"},
                                                                {2, "NE"},
                                                                {4, "SW"},
                                                                {8, "SE"},
                                                                {3, "N"},
                                                                {12, "S"},
                                                                {5, "W"},
                                                                {10, "E"},
                                                                {15, "all"}}};

std::vector<std::string> Split(std::string_view s) {
  std::vector<std::string> out;
  std::istringstream in{std::string(s)};
  std::string w;
  while (in >> w) out.push_back(w);
  return out;
}

bool ParseInt(const std::string& s, int& out) {
  if (s.empty() || s.size() > 4) return false;
  out = 0;
  for (char c : s) {
    if (c < '0' || c > '9') return false;
    out = out * 10 + (c - '0');
  }
  return true;
}

bool ParseUnitId(const std::string& s, int& out) {
  return s.size() > 1 && s[0] == 'u' && ParseInt(s.substr(1), out);
}

const char* VerbWord(int v) {
  static constexpr std::array<const char*, kNumVerbs> kWords = {
      "initiative", "die",     "draw",    "deploy",      "plug",     "end",
      "activate",   "attack",  "snipe",   "rush",        "dash",     "step",
      "place",      "retreat", "discard", "draw-secret", "paradrop", "play"};
  return kWords[static_cast<size_t>(v)];
}

}  // namespace

std::string mask_name(int mask) {
  for (auto& [m, n] : kMaskNames)
    if (m == mask) return n;
  return "?";
}

int mask_from_name(std::string_view s) {
  for (auto& [m, n] : kMaskNames)
    if (s == n) return m;
  return -1;
}

std::string RivetState::describe(const Action& a) const {
  const auto& data = game_->data();
  const std::string v = a.verb < kNumVerbs ? VerbWord(a.verb) : "?";
  auto uid = [](int id) { return "u" + std::to_string(id); };
  switch (a.verb) {
    case kInitiative:
      return v + " " + std::to_string(a.arg(0)) + " " + std::to_string(a.arg(1));
    case kDie:
      return v + " " + std::to_string(a.arg(0));
    case kDrawSecret:
      return v + " " +
             (a.arg(0) < static_cast<int>(data.secrets.size())
                  ? data.secrets[static_cast<size_t>(a.arg(0))].id
                  : "?");
    case kDiscard:
    case kDraw:
      return v + " " +
             (a.arg(0) < static_cast<int>(data.actions.size())
                  ? data.actions[static_cast<size_t>(a.arg(0))].id
                  : "?");
    case kDeploy:
      return v + " " + data.units[static_cast<size_t>(a.arg(0))].id + " " + seg_name(a.arg(1)) +
             " " + mask_name(a.arg(2));
    case kPlug:
      return v + " " + data.units[static_cast<size_t>(a.arg(0))].id + " " + uid(a.arg(1));
    case kEnd:
      return v;
    case kPlay:
      return describe_play(a);
    case kActivate:
    case kParadrop:
      return v + " " + seg_name(a.arg(0));
    case kAttack:
      return v + " " + uid(a.arg(0)) + " w" + std::to_string(a.arg(1) + 1) + " " +
             seg_name(a.arg(2));
    case kSnipe:
      return v + " " + uid(a.arg(0)) + " w" + std::to_string(a.arg(1) + 1) + " " + uid(a.arg(2));
    case kRush:
    case kDash:
    case kStep:
    case kRetreat:
      return v + " " + uid(a.arg(0)) + " " + SquareDirName(a.arg(1)) + " " + mask_name(a.arg(2));
    case kPlace:
      return v + " " + uid(a.arg(0)) + " " + mask_name(a.arg(1));
    default:
      return "?";
  }
}

bool RivetState::parse(std::string_view text, Action& out, std::string& error) const {
  const auto& data = game_->data();
  const std::vector<std::string> w = Split(text);
  if (w.empty()) {
    error = "empty command";
    return false;
  }
  int verb = -1;
  for (int v = 0; v < kNumVerbs; ++v)
    if (w[0] == VerbWord(v)) verb = v;
  if (verb < 0) {
    error = "unknown command '" + w[0] +
            "' (deploy, plug, activate, attack, snipe, rush, dash, step, place, end)";
    return false;
  }
  static constexpr std::array<int, kNumVerbs> kArgs = {2, 1, 1, 3, 2, 0, 1, 3, 3,
                                                       3, 3, 3, 2, 3, 1, 1, 1, 0};
  if (verb == kPlay) return parse_play(w, out, error);
  if (static_cast<int>(w.size()) != kArgs[static_cast<size_t>(verb)] + 1) {
    error =
        "'" + w[0] + "' takes " + std::to_string(kArgs[static_cast<size_t>(verb)]) + " argument(s)";
    return false;
  }
  auto seg = [&](const std::string& s, int& o) {
    o = board().parse_seg(s);
    if (o < 0) error = "'" + s + "' is not a segment of this map (e.g. d3)";
    return o >= 0;
  };
  auto unit_arg = [&](const std::string& s, int& o) {
    if (!ParseUnitId(s, o)) error = "'" + s + "' is not a unit (e.g. u3)";
    return error.empty();
  };
  auto type_arg = [&](const std::string& s, int& o) {
    o = data.unit_index(s);
    if (o < 0) error = "unknown unit type '" + s + "'";
    return o >= 0;
  };
  auto mask_arg = [&](const std::string& s, int& o) {
    o = mask_from_name(s);
    if (o < 0) error = "'" + s + "' is not a field placement (NW NE SW SE N S W E all)";
    return o >= 0;
  };
  auto dir_arg = [&](const std::string& s, int& o) {
    for (int d = 0; d < kSquareDirs; ++d)
      if (s == SquareDirName(d)) o = d;
    if (o < 0) error = "'" + s + "' is not a direction (N NE E SE S SW W NW)";
    return o >= 0;
  };
  int x = -1, y = -1, z = -1;
  switch (verb) {
    case kInitiative:
      if (!ParseInt(w[1], x) || !ParseInt(w[2], y) || x < 1 || x > 6 || y < 1 || y > 6) {
        error = "initiative takes two die faces 1-6";
        return false;
      }
      out = Action(verb, {x, y});
      return true;
    case kDie:
      if (!ParseInt(w[1], x) || x < 1 || x > 6) {
        error = "die takes a face 1-6";
        return false;
      }
      out = Action(verb, {x});
      return true;
    case kDrawSecret:
      for (size_t i = 0; i < data.secrets.size(); ++i)
        if (data.secrets[i].id == w[1]) x = static_cast<int>(i);
      if (x < 0) {
        error = "unknown secret mission '" + w[1] + "'";
        return false;
      }
      out = Action(verb, {x});
      return true;
    case kDiscard:
    case kDraw:
      for (size_t i = 0; i < data.actions.size(); ++i)
        if (data.actions[i].id == w[1]) x = static_cast<int>(i);
      if (x < 0) {
        error = "unknown Action! card '" + w[1] + "'";
        return false;
      }
      out = Action(verb, {x});
      return true;
    case kDeploy:
      if (!type_arg(w[1], x) || !seg(w[2], y) || !mask_arg(w[3], z)) return false;
      out = Action(verb, {x, y, z});
      return true;
    case kPlug:
      if (!type_arg(w[1], x) || !unit_arg(w[2], y)) return false;
      out = Action(verb, {x, y});
      return true;
    case kEnd:
      out = Action(verb, {});
      return true;
    case kActivate:
    case kParadrop:
      if (!seg(w[1], x)) return false;
      out = Action(verb, {x});
      return true;
    case kAttack:
    case kSnipe: {
      if (!unit_arg(w[1], x)) return false;
      if (w[2].size() < 2 || w[2][0] != 'w' || !ParseInt(w[2].substr(1), y) || y < 1) {
        error = "'" + w[2] + "' is not a weapon (w1, w2, ...)";
        return false;
      }
      if (verb == kAttack ? !seg(w[3], z) : !unit_arg(w[3], z)) return false;
      out = Action(verb, {x, y - 1, z});
      return true;
    }
    case kRush:
    case kDash:
    case kStep:
    case kRetreat:
      if (!unit_arg(w[1], x) || !dir_arg(w[2], y) || !mask_arg(w[3], z)) return false;
      out = Action(verb, {x, y, z});
      return true;
    case kPlace:
      if (!unit_arg(w[1], x) || !mask_arg(w[2], y)) return false;
      out = Action(verb, {x, y});
      return true;
    default:
      error = "unknown command";
      return false;
  }
}

// A card drawn into a hand is seen only by its owner (RW §5.1; the deviation draws are public).
std::string RivetState::describe_for(const Action& a, int viewer) const {
  const bool into_hand =
      (a.verb == kDraw && phase == Phase::kCards && !pending.active) || a.verb == kDrawSecret;
  if (into_hand && viewer != active && viewer != kNobody)
    return std::string(VerbWord(a.verb)) + " (hidden)";
  return describe(a);
}

std::string RivetState::annotate(const Action& a) const {
  if (a.verb == kDeploy) {
    const UnitType& t = game_->data().units[static_cast<size_t>(a.arg(0))];
    return std::to_string(t.cost) + " DP, " + std::to_string(t.rivets) + " rivets";
  }
  return "";
}

json RivetState::to_json() const {
  json j;
  j["active"] = active;
  j["first"] = first;
  j["round"] = round;
  j["turn_in_round"] = turn_in_round;
  j["phase"] = static_cast<int>(phase);
  j["dp"] = dp;
  j["rivets"] = rivets;
  j["vp"] = vp;
  json us = json::array();
  for (const Unit& u : units) {
    us.push_back({u.id,         u.type,           u.plug,         u.owner,       u.seg,
                  u.fields,     u.damage,         u.combat,       u.attacked,    u.dashed,
                  u.rapid_used, u.shots,          u.rush_left,    u.dash_left,   u.rush_diag,
                  u.buff_range, u.buff_rapid,     u.move,         u.mp_left,     u.diag_used,
                  u.placed,     u.card_precision, u.card_assault, u.card_sniper, u.card_extra,
                  u.bogged});
  }
  j["units"] = us;
  j["next_id"] = next_id;
  json ts = json::array();
  for (const TerrainPiece& p : terrain)
    ts.push_back({static_cast<int>(p.type), p.col, p.row, p.field});
  j["terrain"] = ts;
  j["flags"] = flags;
  std::vector<int> heroes;
  for (bool h : hero_used) heroes.push_back(h ? 1 : 0);
  j["hero_used"] = heroes;
  j["deck"] = deck;
  j["discard"] = discard;
  j["activated_seg"] = activated_seg;
  json cl = json::array();
  for (const GasCloud& c : clouds) cl.push_back({c.seg, c.owner, c.created, c.chart});
  j["clouds"] = cl;
  json gj = json::array();
  for (const GasJob& g : gas_jobs) gj.push_back({g.cloud, g.seg, g.owner, g.chart, g.units});
  j["gas_jobs"] = gj;
  j["gas_drift"] = gas_drift;
  j["para"] = {para_left, para_origin, para_aim, para_done};
  j["windows"] = {window_open, window_used, forward_depot, w5_used};
  j["smoke"] = smoke;
  j["hands"] = hands;
  j["secrets"] = secrets;
  j["sm_deck"] = sm_deck;
  j["sm_discard"] = sm_discard;
  j["card_step"] = card_step;
  j["secret_draws"] = secret_draws;
  j["stats"] = {stats.destroyed,     stats.heroes,  stats.non_infantry,
                stats.flags_removed, stats.classes, stats.multi};
  j["inf_dp"] = inf_dp;
  j["free_units"] = free_units;
  j["esc_vp"] = esc_vp;
  j["shock"] = {shock_unit, shock_seg, shock_mask};
  j["retreat"] = retreat;
  const Pending& p = pending;
  j["pending"] = {p.active,  p.source,    p.attacker, p.faction, p.chart,    p.precision,
                  p.assault, p.flat_dice, p.chain,    p.deviate, p.sniper,   p.flat,
                  p.seg,     p.queue,     p.dice,     p.rolled,  p.resume,   p.damaged,
                  p.gas,     p.gas_seg,   p.owner,    p.window,  p.rerolled, p.take_cover};
  j["threshold_reached"] = threshold_reached;
  j["tie_continuation"] = tie_continuation;
  j["winner"] = winner;
  j["end_reason"] = end_reason;
  j["moves"] = moves;
  return j;
}

void RivetState::from_json(const json& j) {
  try {
    active = j.at("active").get<int>();
    first = j.at("first").get<int>();
    round = j.at("round").get<int>();
    turn_in_round = j.at("turn_in_round").get<int>();
    phase = static_cast<Phase>(j.at("phase").get<int>());
    j.at("dp").get_to(dp);
    j.at("rivets").get_to(rivets);
    j.at("vp").get_to(vp);
    units.clear();
    for (const json& x : j.at("units")) {
      Unit u;
      u.id = x.at(0);
      u.type = x.at(1);
      u.plug = x.at(2);
      u.owner = x.at(3);
      u.seg = x.at(4);
      u.fields = x.at(5);
      u.damage = x.at(6);
      u.combat = x.at(7);
      u.attacked = x.at(8);
      u.dashed = x.at(9);
      u.rapid_used = x.at(10);
      u.shots = x.at(11).get<std::array<int, 4>>();
      u.rush_left = x.at(12);
      u.dash_left = x.at(13);
      u.rush_diag = x.at(14);
      u.buff_range = x.at(15);
      u.buff_rapid = x.at(16);
      u.move = x.at(17);
      u.mp_left = x.at(18);
      u.diag_used = x.at(19);
      u.placed = x.at(20);
      u.card_precision = x.at(21);
      u.card_assault = x.at(22);
      u.card_sniper = x.at(23);
      u.card_extra = x.at(24);
      u.bogged = x.at(25);
      if (u.type < 0 || u.type >= static_cast<int>(game_->data().units.size()) || u.seg < 0 ||
          u.seg >= board().num_segments())
        throw std::runtime_error("$.units: unit out of range");
      units.push_back(u);
    }
    next_id = j.at("next_id");
    terrain.clear();
    for (const json& x : j.at("terrain"))
      terrain.push_back({static_cast<Terrain>(x.at(0).get<int>()), x.at(1), x.at(2), x.at(3)});
    flags = j.at("flags").get<std::vector<int>>();
    if (flags.size() != so_segs.size()) throw std::runtime_error("$.flags: wrong length");
    const auto heroes = j.at("hero_used").get<std::vector<int>>();
    if (heroes.size() != hero_used.size()) throw std::runtime_error("$.hero_used: wrong length");
    for (size_t i = 0; i < heroes.size(); ++i) hero_used[i] = heroes[i] != 0;
    deck = j.at("deck").get<std::vector<int>>();
    discard = j.at("discard").get<std::vector<int>>();
    activated_seg = j.at("activated_seg");
    clouds.clear();
    for (const json& x : j.at("clouds"))
      clouds.push_back({x.at(0), x.at(1), x.at(2), x.at(3).get<std::array<int, 5>>()});
    gas_jobs.clear();
    for (const json& x : j.at("gas_jobs"))
      gas_jobs.push_back({x.at(0), x.at(1), x.at(2), x.at(3).get<std::array<int, 5>>(),
                          x.at(4).get<std::vector<int>>()});
    gas_drift = j.at("gas_drift");
    para_left = j.at("para").at(0);
    para_origin = j.at("para").at(1);
    para_aim = j.at("para").at(2);
    para_done = j.at("para").at(3);
    window_open = j.at("windows").at(0);
    window_used = j.at("windows").at(1);
    forward_depot = j.at("windows").at(2);
    w5_used = j.at("windows").at(3);
    smoke = j.at("smoke").get<std::vector<std::pair<int, int>>>();
    j.at("hands").get_to(hands);
    j.at("secrets").get_to(secrets);
    sm_deck = j.at("sm_deck").get<std::vector<int>>();
    sm_discard = j.at("sm_discard").get<std::vector<int>>();
    card_step = j.at("card_step");
    secret_draws = j.at("secret_draws");
    const json& st = j.at("stats");
    stats.destroyed = st.at(0);
    stats.heroes = st.at(1);
    stats.non_infantry = st.at(2);
    stats.flags_removed = st.at(3);
    stats.classes = st.at(4);
    stats.multi = st.at(5);
    j.at("inf_dp").get_to(inf_dp);
    j.at("free_units").get_to(free_units);
    j.at("esc_vp").get_to(esc_vp);
    shock_unit = j.at("shock").at(0);
    shock_seg = j.at("shock").at(1);
    shock_mask = j.at("shock").at(2);
    retreat = j.at("retreat").get<std::vector<int>>();
    const json& p = j.at("pending");
    pending.active = p.at(0);
    pending.source = p.at(1);
    pending.attacker = p.at(2);
    pending.faction = p.at(3);
    pending.chart = p.at(4).get<std::array<int, 5>>();
    pending.precision = p.at(5);
    pending.assault = p.at(6);
    pending.flat_dice = p.at(7);
    pending.chain = p.at(8);
    pending.deviate = p.at(9);
    pending.sniper = p.at(10);
    pending.flat = p.at(11);
    pending.seg = p.at(12);
    pending.queue = p.at(13).get<std::vector<int>>();
    pending.dice = p.at(14);
    pending.rolled = p.at(15).get<std::vector<int>>();
    pending.resume = p.at(16);
    pending.damaged = p.at(17).get<std::vector<int>>();
    pending.gas = p.at(18);
    pending.gas_seg = p.at(19);
    pending.owner = p.at(20);
    pending.window = p.at(21);
    pending.rerolled = p.at(22);
    pending.take_cover = p.at(23);
    threshold_reached = j.at("threshold_reached");
    tie_continuation = j.at("tie_continuation");
    winner = j.at("winner");
    end_reason = j.at("end_reason");
    moves = j.at("moves");
  } catch (const json::exception& e) {
    throw std::runtime_error(std::string("rivet state: ") + e.what());
  }
}

uint64_t RivetState::hash() const {
  // Every field is in to_json(); hashing its canonical dump covers the whole state.
  Hasher h;
  h.add(to_json().dump());
  return h.value();
}

std::unique_ptr<State> RivetState::determinize(int seat, Rng& rng) const {
  // Re-deal what `seat` cannot see: the other hands and both decks, from the unseen cards.
  auto s = std::make_unique<RivetState>(*this);
  auto redeal = [&](std::vector<int>& deck_set, PerSeat<std::vector<int>>& hand) {
    std::vector<int> pool = deck_set;
    for (int f : {kAllies, kBismark})
      if (f != seat)
        pool.insert(pool.end(), hand[static_cast<size_t>(f)].begin(),
                    hand[static_cast<size_t>(f)].end());
    for (size_t i = pool.size(); i > 1; --i)
      std::swap(pool[i - 1], pool[rng.below(static_cast<uint32_t>(i))]);
    size_t k = 0;
    for (int f : {kAllies, kBismark}) {
      if (f == seat) continue;
      for (int& c : hand[static_cast<size_t>(f)]) c = pool[k++];
    }
    deck_set.assign(pool.begin() + static_cast<long>(k), pool.end());
    std::sort(deck_set.begin(), deck_set.end());
  };
  redeal(s->deck, s->hands);
  redeal(s->sm_deck, s->secrets);
  return s;
}

std::string RivetState::render_text(int seat) const {
  (void)seat;
  const Board& b = board();
  std::ostringstream o;
  o << "Rivet Wars mission " << mission().id << " (" << mission().name << "), round " << round
    << ", " << faction_id(active) << " to play\n";
  o << "VP allies " << vp[0] << "/" << mission().vp[0] << ", bismark " << vp[1] << "/"
    << mission().vp[1] << "; rivets " << rivets[0] << " / " << rivets[1] << "; DP " << dp[active]
    << "\n    ";
  for (int c = 0; c < b.cols; ++c) o << "   " << static_cast<char>('a' + c) << "    ";
  o << "\n";
  for (int r = 0; r < b.rows; ++r) {
    o << (r + 1 < 10 ? " " : "") << r + 1 << "  ";
    for (int c = 0; c < b.cols; ++c) {
      const int s = b.seg(c, r);
      std::string cell;
      const int t = b.territory[static_cast<size_t>(s)];
      cell += t == kAllies    ? (b.deploy[static_cast<size_t>(s)][0] ? 'a' : 'A')
              : t == kBismark ? (b.deploy[static_cast<size_t>(s)][1] ? 'b' : 'B')
                              : '.';
      for (const TerrainPiece& p : terrain)
        if (b.seg(p.col, p.row) == s) cell += "OUWMT"[static_cast<int>(p.type)];
      for (const GasCloud& g : clouds)
        if (g.seg == s) cell += 'g';
      for (size_t i = 0; i < so_segs.size(); ++i)
        if (so_segs[i] == s && flags[i] >= 0) cell += flags[i] == kAllies ? 'f' : 'F';
      for (const Unit& u : units)
        if (u.seg == s) cell += (u.owner == kAllies ? "a" : "b") + std::to_string(u.id);
      cell.resize(8, ' ');
      o << cell;
    }
    o << "\n";
  }
  // Hands: the seat's own cards in full, the other's only as counts (RW §5.1, hidden).
  const auto& data = game_->data();
  for (int f : {kAllies, kBismark}) {
    const auto& h = hands[static_cast<size_t>(f)];
    const auto& sm = secrets[static_cast<size_t>(f)];
    if (f == seat) {
      o << "  your Action! cards:";
      if (h.empty()) o << " none";
      o << "\n";
      for (int c : h) {
        const ActionCard& card = data.actions[static_cast<size_t>(c)];
        o << "    " << card.id << " " << card.name << " (W" << card.window << "): " << card.rules
          << "\n";
      }
      o << "  your secret missions:";
      if (sm.empty()) o << " none";
      o << "\n";
      for (int c : sm) {
        const SecretMission& m = data.secrets[static_cast<size_t>(c)];
        o << "    " << m.id << " " << m.name << " (" << m.vp << " VP): " << m.condition << "\n";
      }
    } else {
      o << "  " << faction_id(f) << " holds " << h.size() << " Action! card(s) and " << sm.size()
        << " secret mission(s)\n";
    }
  }
  o << "  Action! deck " << deck.size() << ", discard " << discard.size() << "; gas clouds "
    << clouds.size() << "\n";
  for (const Unit& u : units) {
    o << "  u" << u.id << " " << faction_id(u.owner) << " " << type_of(u).name;
    if (u.plug >= 0) o << " + " << game_->data().units[static_cast<size_t>(u.plug)].name;
    o << " in " << seg_name(u.seg) << "." << mask_name(u.fields) << ", " << max_hp(u) - u.damage
      << "/" << max_hp(u) << " HP\n";
  }
  return o.str();
}

}  // namespace feldherr::rivet
