// Pocket Battles module for the registry.
#include <charconv>

#include "games/pocket/board.h"
#include "games/pocket/evaluate.h"
#include "games/pocket/heuristic.h"
#include "games/pocket/odds_cli.h"
#include "games/pocket/pocket.h"

namespace feldherr::pocket {

namespace {

// PB Aufbau 2; E11: up to 200 DP, each player gets points/10 markers although the box holds 20.
std::string validate_points(std::string_view v) {
  int n = 0;
  auto [p, ec] = std::from_chars(v.data(), v.data() + v.size(), n);
  if (ec != std::errc() || p != v.data() + v.size())
    return "points must be a whole number (PB Aufbau 2)";
  if (n < 10 || n > 200 || n % 10 != 0)
    return "points must be a multiple of 10 between 10 and 200 (PB Aufbau 2)";
  return "";
}
std::string validate_turn(std::string_view v) {
  return v == "one-order" || v == "many-orders" ? "" : "turn is one-order or many-orders (A1)";
}
std::string validate_split(std::string_view v) {
  return v == "ceil" || v == "conserve" ? "" : "shoot_split is ceil or conserve (A2)";
}
std::string validate_wound_marker(std::string_view v) {
  return v == "choose" || v == "most-orders" ? "" : "wound_marker is choose or most-orders (A19)";
}
std::string validate_3v1(std::string_view v) {
  return v == "forbid" || v == "allow" ? "" : "three_vs_one is forbid or allow (A16)";
}

}  // namespace

GameModule pocket_module() {
  GameModule m;
  m.id = "pocket";
  m.title = "Pocket Battles: Orcs vs Elves";
  m.title_de = "Pocket Battles: Orks gegen Elfen";
  m.scenarios = {{"orcs-vs-elves", "Orcs vs Elves, armies chosen at setup",
                  "Orks gegen Elfen, Armeen beim Aufbau gewählt"}};
  m.options = {
      {"points", "60", "agreed battle size in DP; markers = points/10 (PB Aufbau 2-3)",
       &validate_points},
      {"turn", "one-order",
       "one-order: one order or pass per turn [REC, A1]; many-orders: any number of orders",
       &validate_turn},
      {"shoot_split", "ceil",
       "shooting into a combat: ceil gives every unit its rounded-up share [REC, A2]; conserve "
       "splits the hit total",
       &validate_split},
      {"three_vs_one", "forbid", "forbid: combats never exceed 2 vs 1 [REC, A16]; allow: 3 vs 1",
       &validate_3v1},
      {"wound_marker", "choose",
       "pool empty: choose which unit gives up an order marker as wound marker [REC, A19]; "
       "most-orders: the unit with the most order markers, without a decision (E4)",
       &validate_wound_marker},
  };
  // Logs of rules pocket-1 name no wound_marker and were played with the engine's pick (E4);
  // the ones before shoot_split existed split a shot into a combat by its hit total.
  m.log_options = [](std::string_view rules_version, Options& options) {
    if (rules_version != "pocket-1") return;
    auto given = [&](const char* name) {
      for (const auto& [k, v] : options)
        if (k == name) return true;
      return false;
    };
    if (!given("wound_marker")) options.emplace_back("wound_marker", "most-orders");
    if (!given("shoot_split")) options.emplace_back("shoot_split", "conserve");
  };
  m.create = [](std::string_view scenario, const Options& options) -> std::shared_ptr<const Game> {
    if (scenario != "orcs-vs-elves")
      throw std::runtime_error("pocket: unknown scenario '" + std::string(scenario) + "'");
    return std::make_shared<PocketGame>(shipped_army("orcs"), shipped_army("elves"),
                                        parse_options(options));
  };
  m.make_heuristic = [](int seat, uint64_t seed) { return make_pocket_heuristic(seat, seed); };
  m.evaluate = [](const State& s, int seat) { return PocketEvaluate(s, seat); };  // evaluate.h
  // PB Aufbau 4-5, Aufstellung 3: army selection, unit formation and hidden placement are
  // decided long before the first die; MCTS seats leave them to the heuristic (docs/ai.md).
  m.setup_decision = [](const State& s) {
    return static_cast<const PocketState&>(s).phase < kBattle;
  };
  // More search measured weaker play against the heuristic (3,000-10,000 iterations 54-55 %,
  // 20,000 and 1 s uncapped 41-42 %; docs/ai.md "Iteration cap"): timed tree searches stop at
  // 10,000.
  m.mcts_iteration_cap = 10000;
  // The search of a plain `mcts` seat: rollouts of the heuristic to the end of the game,
  // sequential halving over its 8 best root actions with common random numbers, uncapped
  // (docs/ai.md "Strength": at 1 s per decision 143 of 190 games against the heuristic,
  // 75 %, where the tree search with the cap above won 57 %). The cap applies to seats that
  // ask for the tree search (e.g. "mcts:1s:random").
  m.mcts_search = ":guided:d0:sh:e0:nocap";
  m.data_subdir = "pocket";
  m.validate_file = [](const std::string& path) { (void)load_army(path); };
  m.board = [](const Game& g) { return BoardJson(g); };  // board.cc: the web UI's static board
  m.luck = &PocketLuck;                                  // luck.cc: replay --luck
  m.odds = &PocketOdds;                                  // odds.cc: odds panel, odds log
  m.odds_command = pocket_odds_command();                // odds_cli.cc: feldherr odds pocket ...
  m.invariant = [](const State& s) -> std::string {
    const auto* ps = dynamic_cast<const PocketState*>(&s);
    if (!ps) return "not a Pocket Battles state";
    return ps->invariant_violation();
  };
  return m;
}

}  // namespace feldherr::pocket
