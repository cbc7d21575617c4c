// Rivet Wars: the observation (RivetState::observe), the position as a viewer sees it, with named
// fields (docs/web.md "Observations"). Units by label ("u7", as in the action texts), unit types,
// Action! cards and secret missions by id, segments by name ("d4"), fields by name ("NW"), seats
// by side id; a reader needs only the board JSON (web_board.cc) for the static map, never the
// state's layout (to_json, which stays the private serialisation).
//
// Hidden (RW §5.1): the other seat's Action! cards and secret missions (only their counts) and
// the contents of both decks (only their sizes: they would tell the opponent's hand). An observer
// sees no hand. Everything else is public.
#include <nlohmann/json.hpp>
#include <string>

#include "games/rivet/rivet.h"

namespace feldherr::rivet {

namespace {

const char* PhaseName(Phase p) {
  switch (p) {
    case Phase::kInitiative:
      return "initiative";
    case Phase::kDeployment:
      return "deployment";
    case Phase::kCombat:
      return "combat";
    case Phase::kMovement:
      return "movement";
    case Phase::kCards:
      return "cards";
    case Phase::kStartGas:
      return "start-gas";
    case Phase::kWrapUp:
      return "wrap-up";
    case Phase::kOver:
      return "over";
  }
  return "?";
}

// A unit's combat or movement activation this turn (RW §8.1, §9): 0, 1, 2.
const char* ActivationName(int a) {
  return a == 0 ? "ready" : a == 1 ? "active" : "done";
}

const char* CardStepName(int step) {
  return step == 0 ? "discard" : step == 1 ? "draw" : "secret-draws";
}

const char* AttackSourceName(int source) {
  return source == 0 ? "weapon" : source == 1 ? "minefield" : "tank-shock";
}

json Fields(int mask) {
  json out = json::array();
  for (int f = 0; f < 4; ++f)
    if ((mask >> f) & 1) out.push_back(field_name(f));
  return out;
}

json Label(int id) {
  return id < 0 ? json(nullptr) : json("u" + std::to_string(id));
}

json Labels(const std::vector<int>& ids) {
  json out = json::array();
  for (int id : ids) out.push_back(Label(id));
  return out;
}

json Side(int f) {
  return f == kAllies || f == kBismark ? json(faction_id(f)) : json(nullptr);
}

}  // namespace

json RivetState::observe(int seat) const {
  const RivetData& data = game_->data();
  const Board& b = board();
  const auto seg = [&](int s) -> json { return s < 0 ? json(nullptr) : json(b.seg_name(s)); };
  const auto type_id = [&](int t) -> json {
    return t < 0 ? json(nullptr) : json(data.units[static_cast<size_t>(t)].id);
  };
  const auto card_ids = [&](const std::vector<int>& cards) {
    json out = json::array();
    for (int c : cards) out.push_back(data.actions[static_cast<size_t>(c)].id);
    return out;
  };
  const auto secret_ids = [&](const std::vector<int>& cards) {
    json out = json::array();
    for (int c : cards) out.push_back(data.secrets[static_cast<size_t>(c)].id);
    return out;
  };

  json j;
  j["round"] = round;
  j["phase"] = PhaseName(phase);
  j["active"] = faction_id(active);
  j["first"] = faction_id(first);  // first player of the round (RW §4.5)
  j["turn_in_round"] = turn_in_round;
  j["moves"] = moves;

  json seats = json::object();
  for (int f : {kAllies, kBismark}) {
    const size_t k = static_cast<size_t>(f);
    json s = {{"vp", vp[k]},
              {"vp_needed", mission().vp[k]},  // RW §13
              {"dp", dp[k]},
              {"rivets", rivets[k]},
              {"infantry_dp", inf_dp[k]},      // mission 8
              {"free_units", free_units[k]},   // mission 10
              {"escalation_vp", esc_vp[k]},    // mission 10
              {"hand_size", hands[k].size()},  // RW §5.1
              {"secrets_count", secrets[k].size()}};
    // The cards themselves only to their owner.
    s["hand"] = f == seat ? card_ids(hands[k]) : json(nullptr);
    s["secrets"] = f == seat ? secret_ids(secrets[k]) : json(nullptr);
    seats[faction_id(f)] = s;
  }
  j["seats"] = seats;

  json us = json::array();
  for (const Unit& u : units) {
    json shots = json::array();
    for (int n : u.shots) shots.push_back(n);
    us.push_back({{"label", Label(u.id)},
                  {"type", type_id(u.type)},
                  {"plug", type_id(u.plug)},
                  {"owner", faction_id(u.owner)},
                  {"seg", seg(u.seg)},
                  {"fields", Fields(u.fields)},
                  {"hp", max_hp(u) - u.damage},
                  {"max_hp", max_hp(u)},
                  {"damage", u.damage},
                  {"activated", u.combat > 0 || u.move > 0},
                  {"combat", ActivationName(u.combat)},
                  {"move", ActivationName(u.move)},
                  {"bogged", u.bogged},  // AC-11
                  // The current activation (RW §8.1, §9, §11; content §6.4).
                  {"attacked", u.attacked},
                  {"dashed", u.dashed},
                  {"rapid_used", u.rapid_used},
                  {"shots", shots},
                  {"rush_left", u.rush_left},
                  {"dash_left", u.dash_left},
                  {"rush_diagonal", u.rush_diag},
                  {"buff_range", u.buff_range},
                  {"buff_rapid", u.buff_rapid},
                  {"mp_left", u.mp_left},
                  {"diagonal_used", u.diag_used},
                  {"placed", u.placed},
                  {"card_precision", u.card_precision},
                  {"card_assault", u.card_assault},
                  {"card_sniper", u.card_sniper},
                  {"card_extra_weapon", u.card_extra < 0 ? json(nullptr) : json(u.card_extra)}});
  }
  j["units"] = us;

  json ts = json::array();
  for (const TerrainPiece& p : terrain)
    ts.push_back({{"kind", terrain_name(p.type)},
                  {"seg", seg(b.seg(p.col, p.row))},
                  {"field", field_name(p.field)}});
  j["terrain"] = ts;
  json fl = json::object();  // every SO segment: the side whose flag stands there, or null
  for (size_t i = 0; i < flags.size(); ++i) fl[b.seg_name(so_segs[i])] = Side(flags[i]);
  j["flags"] = fl;
  json heroes = json::array();  // hero types deployed once (RW §7.3)
  for (size_t t = 0; t < hero_used.size(); ++t)
    if (hero_used[t]) heroes.push_back(data.units[t].id);
  j["heroes_used"] = heroes;

  // Action! cards and secret missions (RW §5.1, content §6, §7): deck sizes, public piles.
  j["cards"] = {{"deck", deck.size()},
                {"discard", card_ids(discard)},
                {"secret_deck", sm_deck.size()},
                {"secrets_fulfilled", secret_ids(sm_discard)},
                {"step", CardStepName(card_step)},
                {"secret_draws", secret_draws}};
  j["windows"] = {{"open", window_open},
                  {"used", window_used},
                  {"forward_depot", forward_depot},  // AC-22
                  {"w5_used", w5_used}};
  json sm = json::array();  // AC-10
  for (const auto& [s, f] : smoke) sm.push_back({{"seg", seg(s)}, {"seat", Side(f)}});
  j["smoke"] = sm;
  j["turn_stats"] = {{"destroyed", stats.destroyed},       {"heroes", stats.heroes},
                     {"non_infantry", stats.non_infantry}, {"flags_removed", stats.flags_removed},
                     {"classes", stats.classes},           {"multi", stats.multi}};

  j["activated_seg"] = seg(activated_seg);
  // Gas (RW §11): the clouds, the attacks waiting and the cloud waiting for its drift card.
  json cl = json::array();
  for (const GasCloud& c : clouds)
    cl.push_back({{"seg", seg(c.seg)},
                  {"owner", Side(c.owner)},
                  {"created", c.created},
                  {"chart", c.chart}});
  j["clouds"] = cl;
  json gj = json::array();
  for (const GasJob& g : gas_jobs) {
    if (g.cloud >= 0)
      gj.push_back({{"drift", g.cloud}});
    else
      gj.push_back({{"seg", seg(g.seg)},
                    {"owner", Side(g.owner)},
                    {"chart", g.chart},
                    {"units", Labels(g.units)}});
  }
  j["gas_jobs"] = gj;
  j["gas_drift"] = gas_drift < 0 ? json(nullptr) : json(gas_drift);
  // Mission 9's paradrop (RW §12, R11).
  j["paradrop"] = {{"left", para_left},
                   {"origin", seg(para_origin)},
                   {"aim", seg(para_aim)},
                   {"done", para_done}};
  // Tank Shock (RW §11): the tank, where it enters, and the defenders still to retreat.
  j["shock"] = shock_unit < 0 ? json(nullptr)
                              : json({{"unit", Label(shock_unit)},
                                      {"seg", seg(shock_seg)},
                                      {"fields", Fields(shock_mask)}});
  j["retreat"] = Labels(retreat);

  // The attack being resolved (RW §8.1 steps 4-8).
  if (pending.active) {
    const Pending& p = pending;
    j["attack"] = {{"source", AttackSourceName(p.source)},
                   {"attacker", Label(p.attacker)},
                   {"seat", Side(p.faction)},
                   {"chart", p.chart},
                   {"precision", p.precision},
                   {"assault", p.assault},
                   {"flat_dice", p.flat_dice},
                   {"chain", p.chain},
                   {"deviate", p.deviate},
                   {"sniper", p.sniper},
                   {"flat", p.flat},
                   {"gas", p.gas},
                   {"gas_seg", seg(p.gas_seg)},
                   {"gas_owner", Side(p.owner)},
                   {"seg", seg(p.seg)},
                   {"queue", Labels(p.queue)},
                   {"dice", p.dice},
                   {"rolled", p.rolled},
                   {"damaged", Labels(p.damaged)},
                   {"window", p.window == 0 ? json(nullptr) : json("W" + std::to_string(p.window))},
                   {"rerolled", p.rerolled},
                   {"take_cover", p.take_cover},
                   {"resume", PhaseName(static_cast<Phase>(p.resume))}};
  } else {
    j["attack"] = nullptr;
  }

  j["threshold_reached"] = threshold_reached;
  j["tie_continuation"] = tie_continuation;  // R15
  j["winner"] = winner == 2 ? json("draw") : Side(winner);
  j["end_reason"] = end_reason;
  return j;
}

}  // namespace feldherr::rivet
