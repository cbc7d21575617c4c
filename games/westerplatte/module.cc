// 7 Tage der Westerplatte module for the registry: scenarios westerplatte/easy|medium|hard,
// option players=1..4, seats p1..pN (the seat list depends on the option; each Game is created
// for one option set, so Game::seats() is fixed per game).
#include <charconv>
#include <nlohmann/json.hpp>

#include "engine/registry.h"
#include "games/westerplatte/ai.h"
#include "games/westerplatte/westerplatte.h"

namespace feldherr::westerplatte {

namespace {
std::string validate_players(std::string_view v) {
  return v == "1" || v == "2" || v == "3" || v == "4" ? "" : "players is 1, 2, 3 or 4 (WP 1)";
}
}  // namespace

GameModule westerplatte_module() {
  GameModule m;
  m.id = "westerplatte";
  m.title = "7 Tage der Westerplatte (cooperative, 1-4 defenders)";
  m.title_de = "7 Tage der Westerplatte (kooperativ, 1-4 Verteidiger)";
  m.scenarios = {
      {"easy", "Easy: green tiles and track, 6 positive events (WP 3)",
       "Einfach: grüne Aktionsplättchen und Moralleiste, 6 positive Ereignisse (WP 3)"},
      {"medium", "Medium: green tiles and track, 3 positive + 3 negative events (WP 3)",
       "Mäßig schwierig: grüne Aktionsplättchen und Moralleiste, 3 positive + 3 negative "
       "Ereignisse (WP 3)"},
      {"hard", "Hard: red tiles and track, 3 positive + 3 negative events (WP 3)",
       "Schwierig: rote Aktionsplättchen und Moralleiste, 3 positive + 3 negative Ereignisse "
       "(WP 3)"}};
  m.options = {{"players", "1",
                "number of defenders 1-4; seats p1..pN; solo plays two officers in one turn (W10)",
                &validate_players}};
  m.create = [](std::string_view scenario, const Options& options) -> std::shared_ptr<const Game> {
    Rules r;
    if (scenario == "easy")
      r.level = Level::kEasy;
    else if (scenario == "medium")
      r.level = Level::kMedium;
    else if (scenario == "hard")
      r.level = Level::kHard;
    else
      throw std::runtime_error("westerplatte: unknown scenario '" + std::string(scenario) + "'");
    for (const auto& [k, v] : options)
      if (k == "players") r.players = v[0] - '0';
    auto data = std::make_shared<const Data>(shipped_data());
    return std::make_shared<WpGame>(data, r, std::string(scenario), options);
  };
  m.make_heuristic = [](int seat, uint64_t seed) { return make_heuristic(seat, seed); };
  // Rollouts of the heuristic team to the end of the game over the 4 best first actions of its
  // plans, holding its choice (docs/ai.md "Westerplatte"); a 2-defender game plays out in a few
  // milliseconds, a solo one (two officers in one turn) in about 0.1 s, where the second ends the
  // search first.
  m.mcts_search = ":guided:d0:sh4:e0:hold:cap64";
  m.ai_levels = {"heuristic", "mcts", "mcts:3:guided:d0:sh4:e0:hold:cap192"};
  m.evaluate = [](const State& s, int seat) { return evaluate(s, seat); };
  m.board = [](const Game& g) { return wp_board_json(g); };
  m.odds = [](const State& s, const Action& a) { return wp_odds(s, a); };
  m.data_subdir = "westerplatte";
  m.validate_file = [](const std::string& path) { validate_data_file(path); };
  m.invariant = [](const State& s) -> std::string {
    const auto* ws = dynamic_cast<const WpState*>(&s);
    if (!ws) return "not a Westerplatte state";
    return ws->invariant_violation();
  };
  return m;
}

}  // namespace feldherr::westerplatte
