// White Star Rising in the registry: the four basic scenarios (WSR 12.2.1-12.2.4) as playable
// games (games/wsr/scenario_game.h; the advanced ones need WSR 11.x), and `feldherr validate`
// of data/wsr/ (docs/wsr-play.md).
#include "games/wsr/module.h"

#include <algorithm>
#include <filesystem>

#include "engine/errors.h"
#include "games/wsr/board.h"
#include "games/wsr/data.h"
#include "games/wsr/heuristic.h"
#include "games/wsr/odds_cli.h"
#include "games/wsr/scenario.h"
#include "games/wsr/scenario_game.h"
#include "games/wsr/state.h"

namespace feldherr::wsr {

namespace {

namespace fs = std::filesystem;

// Validates one file of data/wsr/ by its name; files that refer to others (formations, map
// sheets) are checked together with what they refer to.
void validate_file(const std::string& path) {
  const fs::path p(path);
  const std::string name = p.filename().string();
  const std::string folder = p.parent_path().filename().string();
  const bool in_maps = folder == "maps", in_scenarios = folder == "scenarios";
  const fs::path root = in_maps || in_scenarios ? p.parent_path().parent_path() : p.parent_path();
  if (in_scenarios && p.extension() == ".toml") {
    (void)LoadScenario(path, LoadData(root.string()));  // a scenario refers to every other file
  } else if (in_maps && name.rfind("sheet-", 0) == 0 && p.extension() == ".toml") {
    (void)LoadSheet(path, LoadTerrainChart((root / "terrain.toml").string()));
  } else if (name == "terrain.toml") {
    (void)LoadTerrainChart(path);
  } else if (name.rfind("counters-", 0) == 0 && p.extension() == ".toml") {
    (void)LoadCounters(path);
  } else if (name == "chaos.toml") {
    (void)LoadChaosTable(path);
  } else if (name == "formations.toml") {
    (void)LoadFormations(path);
    (void)LoadData(root.string());  // the references between the files
  } else {
    throw DataError(
        path +
        ":1: not a White Star Rising data file (expected terrain.toml, "
        "counters-*.toml, formations.toml, chaos.toml, maps/sheet-*.toml or scenarios/*.toml)");
  }
}

std::string validate_bool(std::string_view v) {
  return v == "true" || v == "false" ? "" : "must be true or false";
}

}  // namespace

GameModule wsr_module() {
  GameModule m;
  m.id = "wsr";
  m.title = "White Star Rising";
  // Titles as "CODE title (date)" of the files, in English and German (`title_de`; checked by
  // tests/wsr_play); not loaded here so that every command starts without reading data/wsr.
  m.scenarios = {
      {"noville", "WSR-B1 Noville, Belgium (1944-12-19)", "WSR-B1 Noville, Belgien (1944-12-19)"},
      {"le-hauderie", "WSR-B2 Le Hauderie and Montmartin-en-Graignes, France (1944-06-12)",
       "WSR-B2 Le Hauderie und Montmartin-en-Graignes, Frankreich (1944-06-12)"},
      {"vierville", "WSR-B3 Vierville, France (1944-06-07)",
       "WSR-B3 Vierville, Frankreich (1944-06-07)"},
      {"koeln", "WSR-B4 Cologne, Germany (1945-03-06)", "WSR-B4 Köln, Deutschland (1945-03-06)"},
      {"chaumont", "WSR-A1 Chaumont, Belgium (1944-12-23)",
       "WSR-A1 Chaumont, Belgien (1944-12-23)"},
      {"paderborn", "WSR-A10 West of Paderborn, Germany (1945-03-29)",
       "WSR-A10 Westlich von Paderborn, Deutsches Reich (1945-03-29)"},
      {"luneville", "WSR-A9 Luneville, France (1944-09)", "WSR-A9 Luneville, Frankreich (1944-09)"},
      {"odon", "WSR-A8 Normandy, France (1944-06-27)", "WSR-A8 Normandie, Frankreich (1944-06-27)"},
      {"carentan", "WSR-A3 Southwest of Carentan, France (1944-06-13)",
       "WSR-A3 Südwestlich von Carentan, Frankreich (1944-06-13)"},
      {"arnhem", "WSR-A12 Arnhem, Netherlands (1944-09)", "WSR-A12 Arnheim, Niederlande (1944-09)"},
      {"elsenborn", "WSR-A6 Elsenborn, Germany (1944-12-18)",
       "WSR-A6 Elsenborn, Deutsches Reich (1944-12-18)"},
      {"bieville", "WSR-A11 Bieville, Normandy, France (1944-06-06)",
       "WSR-A11 Biéville, Normandie, Frankreich (1944-06-06)"},
      {"bastogne", "WSR-A2 Bastogne, Belgium (1944-12-25)",
       "WSR-A2 Bastogne, Belgien (1944-12-25)"},
      {"remagen", "WSR-A4 Remagen, Germany (1945-03-07)",
       "WSR-A4 Remagen, Deutsches Reich (1945-03-07)"},
      {"huertgen", "WSR-A5 Huertgen Forest, Germany (1944-11)",
       "WSR-A5 Hürtgenwald, Deutsches Reich (1944-11)"},
      {"omaha", "WSR-A7 Omaha Beach, Normandy, France (1944-06-06)",
       "WSR-A7 Omaha Beach, Normandie, Frankreich (1944-06-06)"}};
  m.options = {{"disrupted_movement_limits", "true",
                "[REC A-13] disrupted units may not move adjacent to or closer to enemies in LOS "
                "(WSR 6.1.7)",
                &validate_bool},
               {"chaos_variation", "false",
                "add the chaos markers a scenario lists as a variation (WSR 9.0; B1: one at the "
                "start of turn 5, if both players agree)",
                &validate_bool},
               {"sw_on_first_fire", "false",
                "optional rule WSR 11.4: support weapons are placed when a platoon fires for the "
                "first time (no assignment at setup; unplaced ones may be lost)",
                &validate_bool}};
  m.create = [](std::string_view scenario, const Options& options) -> std::shared_ptr<const Game> {
    const auto& ids = PlayableScenarioIds();
    if (std::find(ids.begin(), ids.end(), std::string(scenario)) == ids.end())
      throw std::runtime_error("wsr: unknown scenario '" + std::string(scenario) + "'");
    WsrOptions o;
    for (const auto& [name, value] : options) {
      if (name == "disrupted_movement_limits") o.disrupted_movement_limits = value == "true";
      if (name == "chaos_variation") o.chaos_variation = value == "true";    // chaos.cc, 9.0
      if (name == "sw_on_first_fire") o.sw_on_first_fire = value == "true";  // WSR 11.4
    }
    return MakeScenarioGame(ShippedData(), LoadShippedScenario(scenario), o);
  };
  // A shipped advanced scenario not offered yet answers with the special rules it still needs
  // (scenario_game.cc) rather than "unknown scenario".
  m.unavailable = [](std::string_view scenario) { return UnavailableScenario(scenario); };
  m.make_heuristic = [](int seat, uint64_t seed) { return make_wsr_heuristic(seat, seed); };
  m.evaluate = [](const State& s, int seat) {  // ai/mcts.h playout cut-offs
    return WsrEvaluate(static_cast<const WsrState&>(s), seat);
  };
  // The decisions of a stack's move once selected (WSR 5.0-5.2: who joins, the next hex, an
  // assault, the end of the move): a seat with ":heuristic-steps" leaves them to the heuristic's
  // plan for the move and searches which unit to select, whom to fire at, when to stop.
  m.step_decision = [](const State& s) {
    const auto& w = static_cast<const WsrState&>(s);
    return w.phase != kOver && !w.steps.empty() && w.top().kind == kStepMove;
  };
  // The computer's levels (docs/ai.md "Difficulty levels"): `ai:normal` and `ai:hard` play
  // rollouts of the heuristic (one move in ten at random) cut after 20 decisions and valued by
  // the evaluation, sequential halving over its 8 best actions with common random numbers,
  // holding its first choice unless a finalist beats it by a standard error of their paired
  // values; at most 200 rollouts or 1 s a decision, and 600 or 3 s. A rollout costs a few
  // milliseconds (a heuristic decision ~140-220 µs), so 200 fit in the second.
  m.mcts_search = ":guided:sh:hold:cap200";
  m.ai_levels = {"heuristic", "mcts", "mcts:3:guided:sh:hold:cap600"};
  m.data_subdir = "wsr";
  m.validate_file = validate_file;
  m.board = [](const Game& g) { return BoardJson(g); };  // board.cc: the web UI's static board
  m.odds = [](const State& s, const Action& a) { return FireOddsJson(s, a); };  // board.cc
  m.luck = &WsrLuck;  // luck.cc: replay --luck

  m.odds_command = wsr_odds_command();  // odds_cli.cc: feldherr odds wsr ...
  m.bench = &wsr_bench;                 // bench.cc: feldherr bench
  // feldherr bench: beside Noville (basic rules) an advanced scenario with HE and smoke
  // artillery and an aircraft (WSR 11.2, 11.3): wsr.paderborn.* metrics.
  m.bench_scenarios = {"paderborn"};
  m.invariant = [](const State& s) -> std::string {
    const auto* ws = dynamic_cast<const WsrState*>(&s);
    if (!ws) return "not a White Star Rising state";
    if (std::string bad = ws->invariant_violation(); !bad.empty()) return bad;
    // lone_hq.cc (WSR 1.3.2), checked in games played from a scenario (the conformance
    // batteries; hand-built test positions may hold an HQ alone to test other rules). Not while
    // a stack is moving (the HQ and its formation move hex by hex) or during setup (HQs last).
    if (ws->n_group > 0 || ws->setting_up()) return "";
    return ws->lone_hq();
  };
  return m;
}

}  // namespace feldherr::wsr
