// White Star Rising: leaving the map (gap G-12 [Rec]: "from a hex on that edge, spend 1 MP [or
// the cost of a clear hex] to leave; exited units are removed and do not return"). The exit
// hexes of a side are the zones its victory conditions count exits from (`exit` conditions,
// `exited` scoring rules; docs/wsr-scenarios.md). The moving stack (WSR 5.1) exits as a whole
// with `exit` while it stands on such a hex and every unit of it has the MP left; the units are
// marked kGone | kExited with the hex they left from (WsrState::exit_hex), which the victory
// conditions read (victory.cc). Also the JSON and hash of exit_hex.
#include <algorithm>
#include <nlohmann/json.hpp>
#include <string>
#include <utility>
#include <vector>

#include "engine/hash.h"
#include "games/wsr/emit.h"  // last: defines Emit and Fail
#include "games/wsr/scenario.h"
#include "games/wsr/side_words.h"
#include "games/wsr/special_rules.h"
#include "games/wsr/state.h"

namespace feldherr::wsr {

namespace {

void CollectExitZones(const Condition& c, const std::string& side,
                      std::vector<std::pair<std::string, std::string>>& out) {
  const std::string& who = c.by.empty() ? side : c.by;
  if (c.kind == ConditionKind::kExit && !c.zone.empty()) out.emplace_back(who, c.zone);
  for (const Condition& k : c.children) CollectExitZones(k, who, out);
}

}  // namespace

std::vector<std::pair<std::string, std::string>> ExitZones(const Scenario& sc) {
  std::vector<std::pair<std::string, std::string>> out;
  for (const Outcome& o : sc.victory.outcomes) CollectExitZones(o.condition, o.side, out);
  for (const ScoreRule& r : sc.victory.scoring)
    if (r.per == ScoreEvent::kExited && !r.zone.empty()) out.emplace_back(r.side, r.zone);
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

int WsrState::exit_cost(int u) const {
  // G-12 [Rec]: the cost of a clear hex for the unit (1 MP on the shipped terrain chart).
  return game_->data().terrain[Terrain::kClear].move_cost(hard_target(u));
}

bool WsrState::can_exit_map(Text* why) const {
  if (steps.empty() || top().kind != kStepMove || n_group == 0)
    return Fail(why, Text{"only a moving stack leaves the map (G-12, WSR 5.0)",
                          "nur ein sich bewegender Stapel verlässt den Spielplan (G-12, WSR 5.0)"});
  // perf: asked without a reason, the exit hex test (below, G-12) before the scan for enemies.
  if (!why && !game_->exit_hex(side_of(group[0]), unit(group[0]).hex)) return false;
  if (in_enemy_hex())
    return Fail(
        why, Text{"the overrunning stack must first leave the enemy hex (WSR 6.4)",
                  "der überrennende Stapel muss zuerst das feindliche Feld verlassen (WSR 6.4)"});
  const int lead = group[0];
  const int side = side_of(lead);
  const int hex = unit(lead).hex;
  if (!game_->exit_hex(side, hex))
    return Fail(
        why,
        Text{hex_name(hex) + " is not an exit hex of " + SideWordsOf(*game_, side).en +
                 " (G-12: units leave the map only where the victory conditions count " + "exits)",
             std::string(hex_name(hex)) + " ist kein Ausgangsfeld " +
                 SideWordsOf(*game_, side).de_gen +
                 " (G-12: Einheiten verlassen den Spielplan nur dort, wo die Siegbedingungen es "
                 "zählen)"});
  for (int k = 0; k < n_group; ++k) {
    const int u = group[static_cast<size_t>(k)];
    if (mp_left(u) < exit_cost(u))
      return Fail(why,
                  Text{unit_label(u) + " needs " + std::to_string(exit_cost(u)) +
                           " MP to leave the map and has " + std::to_string(mp_left(u)) + " (G-12)",
                       std::string(unit_label(u)) + " braucht " + std::to_string(exit_cost(u)) +
                           " BP, um den Spielplan zu verlassen, und hat " +
                           std::to_string(mp_left(u)) + " (G-12)"});
  }
  return true;
}

void WsrState::exit_actions(ActionList& out) const {
  if (can_exit_map(nullptr)) out.push_back(Action(kExitMap, {}));
}

void WsrState::apply_exit_map(EventList* ev) {
  const int hex = unit(group[0]).hex;
  const int side = side_of(group[0]);
  std::string names;
  for (int k = 0; k < n_group; ++k) {
    const int u = group[static_cast<size_t>(k)];
    Unit& x = unit(u);
    x.mp_spent = static_cast<uint8_t>(x.mp_spent + exit_cost(u));
    x.hex = kNoHex;
    x.start_hex = kNoHex;
    x.flags =
        static_cast<uint16_t>((x.flags & (kReduced | kMounted | kDisrupted)) | kGone | kExited);
    exit_hex[static_cast<size_t>(u)] = static_cast<int16_t>(hex);
    names += (names.empty() ? "" : ", ") + unit_label(u);
  }
  n_group = 0;
  group_origin = kNoHex;
  group_steps = 0;
  pop();  // kStepMove
  Emit(ev, "G-12",
       Text{names + " leave the map from " + hex_name(hex) + " (exited: they do not return).",
            std::string(names) + " verlassen den Spielplan über " + hex_name(hex) +
                " (ausgetreten: sie kehren nicht zurück)."},
       side);
}

int WsrState::exited_count() const {
  int n = 0;
  for (int u = 0; u < n_units; ++u) n += has(u, kExited) ? 1 : 0;
  return n;
}

// JSON and hash: only games with an exited unit carry them (arrival.cc scenario_to_json adds
// the list), so that other states keep their JSON and hash.

json WsrState::exits_to_json() const {
  json j = json::array();
  for (int u = 0; u < n_units; ++u)
    if (has(u, kExited)) j.push_back({u, exit_hex[static_cast<size_t>(u)]});
  return j;
}

void WsrState::exits_from_json(const json& j) {
  exit_hex.fill(kNoHex);
  for (const json& e : j) {
    const int u = e.at(0).get<int>(), h = e.at(1).get<int>();
    if (u < 0 || u >= n_units || h < 0 || h >= game_->layout().size())
      throw std::runtime_error("/scenario: exit out of range");
    exit_hex[static_cast<size_t>(u)] = static_cast<int16_t>(h);
  }
}

uint64_t WsrState::exits_digest() const {
  Hasher h;
  for (int u = 0; u < n_units; ++u)
    if (has(u, kExited))
      h.add(static_cast<uint64_t>(u)).add_signed(exit_hex[static_cast<size_t>(u)]);
  return h.value();
}

std::string WsrState::exit_invariant() const {
  for (int u = 0; u < n_units; ++u) {
    const bool exited = has(u, kExited);
    if (exited && (!has(u, kGone) || exit_hex[static_cast<size_t>(u)] == kNoHex))
      return unit_label(u) + " exited but is not gone or has no exit hex (G-12)";
    if (!exited && exit_hex[static_cast<size_t>(u)] != kNoHex)
      return unit_label(u) + " has an exit hex but did not exit (G-12)";
  }
  return "";
}

}  // namespace feldherr::wsr
