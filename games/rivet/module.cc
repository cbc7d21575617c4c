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
  const size_t types = data.units.size();
  weapons_.resize(types * (types + 1));
  for (size_t t = 0; t < types; ++t)
    for (size_t plug = 0; plug <= types; ++plug) {
      std::vector<Weapon>& w = weapons_[t * (types + 1) + plug];
      w = data.units[t].weapons;
      if (plug > 0)
        w.insert(w.end(), data.units[plug - 1].weapons.begin(), data.units[plug - 1].weapons.end());
    }
  scenario_ = "mission-" + std::to_string(mission_id);
  options_ = {{"initiative", options.initiative == InitiativeRule::kEveryRound ? "round" : "game"},
              {"max_rounds", options.max_rounds > 0 ? std::to_string(options.max_rounds) : "none"}};
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

// A round count 1..1000, or 0 for "none"; -1 if `v` is neither.
int RoundCount(std::string_view v) {
  if (v == "none") return 0;
  int n = 0;
  auto [p, ec] = std::from_chars(v.data(), v.data() + v.size(), n);
  if (ec != std::errc() || p != v.data() + v.size() || n < 1 || n > 1000) return -1;
  return n;
}

std::string validate_initiative(std::string_view v) {
  return v == "round" || v == "game" ? "" : "initiative must be round or game";
}

std::string validate_max_rounds(std::string_view v) {
  return RoundCount(v) >= 0 ? "" : "max_rounds must be none or a whole number 1..1000";
}

std::string validate_round_limit(std::string_view v) {
  return RoundCount(v) >= 0 ? "" : "round_limit must be none or a whole number 1..1000";
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
    // The data's name is the German one with the English in brackets: "Holt die Flagge
    // (Capture the Flag)"; the German title drops the brackets.
    const std::string& name = shipped_rivet_data().missions[static_cast<size_t>(id - 1)].name;
    const size_t bracket = name.rfind(" (");
    const std::string prefix = "Mission " + std::to_string(id) + ": ";
    m.scenarios.push_back(
        {"mission-" + std::to_string(id), prefix + name,
         prefix + (bracket == std::string::npos ? name : name.substr(0, bracket))});
  }
  m.options = {
      {"initiative", "round",
       "round: initiative rolled at the start of every round (RW §4.5 R1, the literal reading); "
       "game: rolled once, at the start of the game",
       &validate_initiative},
      {"max_rounds", "none",
       "none, or rounds after which the side with more VP wins, equal VP a draw (no rule)",
       &validate_max_rounds},
      // Logs and stored games from before `initiative` and `max_rounds` name only this option
      // (then 30 by default); they replay as they were played: initiative once, that cap.
      {"round_limit", "none",
       "only for logs written before initiative and max_rounds existed: N plays as "
       "initiative=game max_rounds=N",
       &validate_round_limit}};
  m.create = [](std::string_view scenario, const Options& options) -> std::shared_ptr<const Game> {
    int id = 0;
    for (int p : playable_missions())
      if (scenario == "mission-" + std::to_string(p)) id = p;
    if (id == 0)
      throw std::runtime_error("rivet: unknown scenario '" + std::string(scenario) + "'");
    RivetOptions o;
    int legacy_limit = 0;
    for (const auto& [k, v] : options) {
      if (k == "initiative")
        o.initiative = v == "game" ? InitiativeRule::kOncePerGame : InitiativeRule::kEveryRound;
      if (k == "max_rounds") o.max_rounds = RoundCount(v);
      if (k == "round_limit") legacy_limit = RoundCount(v);
    }
    if (legacy_limit > 0) {
      if (o.max_rounds > 0)
        throw UsageError("rivet: round_limit (old logs) and max_rounds exclude each other");
      o.initiative = InitiativeRule::kOncePerGame;
      o.max_rounds = legacy_limit;
      o.legacy_w1 = true;
    }
    return std::make_shared<RivetGame>(shipped_rivet_data(), id, o);
  };
  m.make_heuristic = [](int seat, uint64_t seed) { return make_rivet_heuristic(seat, seed); };
  m.evaluate = [](const State& s, int seat) { return rivet_evaluate(s, seat); };
  // The computer's levels (docs/ai.md "Difficulty levels"): `ai:normal` and `ai:hard` play
  // rollouts of the heuristic to the end of the game, sequential halving over every root action
  // with common random numbers, holding the heuristic's first choice unless a finalist beats it
  // by a standard error of their paired results; at most 800 rollouts or 1 s a decision, and
  // 2,400 or 3 s. Over the heuristic's 8 best actions alone the search wins fewer games where
  // the heuristic plays badly: the moves that win lie outside its 8 best (docs/ai.md "The
  // Planspiel and Rivet Wars").
  m.mcts_search = ":guided:d0:shall:e0:hold:cap800";
  m.ai_levels = {"heuristic", "mcts", "mcts:3:guided:d0:shall:e0:hold:cap2400"};
  m.odds = [](const State& s, const Action& a) { return rivet_odds(s, a); };
  m.luck = &rivet_luck;  // luck.cc: replay --luck
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
