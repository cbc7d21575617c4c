// Rivet Wars module for the registry: missions rivet/mission-N.
#include <charconv>
#include <nlohmann/json.hpp>

#include "engine/errors.h"
#include "games/rivet/rivet.h"

namespace feldherr::rivet {

RivetGame::RivetGame(const RivetData& data, int mission_id, RivetOptions options)
    : data_(&data), opts_(options) {
  if (mission_id < 1 || mission_id > static_cast<int>(data.missions.size()))
    throw std::runtime_error("rivet: no mission " + std::to_string(mission_id));
  mission_ = &data.missions[static_cast<size_t>(mission_id - 1)];
  board_ = compose_board(data, *mission_);
  scenario_ = "mission-" + std::to_string(mission_id);
  options_ = {{"round_limit", std::to_string(options.round_limit)}};
}

std::unique_ptr<State> RivetGame::new_initial_state() const {
  return std::make_unique<RivetState>(*this);
}

std::unique_ptr<State> RivetGame::state_from_json(const json& j) const {
  auto s = std::make_unique<RivetState>(*this);
  s->from_json(j);
  return s;
}

namespace {

std::string validate_round_limit(std::string_view v) {
  int n = 0;
  auto [p, ec] = std::from_chars(v.data(), v.data() + v.size(), n);
  if (ec != std::errc() || p != v.data() + v.size() || n < 1 || n > 1000)
    return "round_limit must be a whole number 1..1000";
  return "";
}

}  // namespace

// Missions whose special rules and card phase are implemented (all ten, docs/rivet.md).
const std::vector<int>& playable_missions() {
  static const std::vector<int> kPlayable = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10};
  return kPlayable;
}

GameModule rivet_module() {
  GameModule m;
  m.id = "rivet";
  m.title = "Rivet Wars: Eastern Front";
  for (int id : playable_missions()) {
    m.scenarios.push_back({"mission-" + std::to_string(id),
                           "Mission " + std::to_string(id) + ": " +
                               shipped_rivet_data().missions[static_cast<size_t>(id - 1)].name});
  }
  m.options = {{"round_limit", "30",
                "rounds after which the side with more VP wins (a safety net, not a rule)",
                &validate_round_limit}};
  m.create = [](std::string_view scenario, const Options& options) -> std::shared_ptr<const Game> {
    int id = 0;
    for (int p : playable_missions())
      if (scenario == "mission-" + std::to_string(p)) id = p;
    if (id == 0)
      throw std::runtime_error("rivet: unknown scenario '" + std::string(scenario) + "'");
    RivetOptions o;
    for (const auto& [k, v] : options)
      if (k == "round_limit") o.round_limit = std::stoi(v);
    return std::make_shared<RivetGame>(shipped_rivet_data(), id, o);
  };
  m.make_heuristic = [](int seat, uint64_t seed) { return make_rivet_heuristic(seat, seed); };
  m.evaluate = [](const State& s, int seat) { return rivet_evaluate(s, seat); };
  m.odds = [](const State& s, const Action& a) { return rivet_odds(s, a); };
  m.board = [](const Game& g) { return rivet_board_json(g); };
  m.data_subdir = "rivet";
  m.validate_file = [](const std::string& path) { validate_rivet_file(path); };
  m.invariant = [](const State& s) -> std::string {
    const auto* rs = dynamic_cast<const RivetState*>(&s);
    if (!rs) return "not a Rivet Wars state";
    return rs->invariant_violation();
  };
  return m;
}

}  // namespace feldherr::rivet
