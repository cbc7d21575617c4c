// Data for fitting WsrEvaluate (docs/wsr-ai.md "Evaluation"): positions of heuristic self-play
// games of the scenarios, with the terms the evaluation weighs (WsrEvaluationTerms) and the final
// result, as CSV. Disabled: run by hand with
//   WSR_FIT_GAMES=300 WSR_FIT_SCENARIOS=koeln,noville build/release/tests/test_wsr_ai
//     --gtest_also_run_disabled_tests --gtest_filter='WsrEvalFit.DISABLED_WriteTerms'
// (default: every playable scenario; writes WSR_FIT_OUT, default /tmp/wsr_eval_terms.csv), then
//   python3 scripts/fit_wsr_eval.py /tmp/wsr_eval_terms.csv
#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <string>
#include <vector>

#include "engine/player.h"
#include "engine/rng.h"
#include "games/wsr/data.h"
#include "games/wsr/heuristic.h"
#include "games/wsr/scenario_game.h"
#include "tests/wsr_ai/scenario_env.h"

namespace feldherr::wsr::testing {
namespace {

TEST(WsrEvalFit, DISABLED_WriteTerms) {
  const char* ge = std::getenv("WSR_FIT_GAMES");
  const char* oe = std::getenv("WSR_FIT_OUT");
  const int games = ge ? std::atoi(ge) : 100;
  std::ofstream out(oe ? oe : "/tmp/wsr_eval_terms.csv");
  out << "scenario,game,decision,turn,material,objective,proximity,progress,result\n";
  for (const std::string& id : ScenarioIdsFromEnv("WSR_FIT_SCENARIOS")) {
    auto game = MakeScenarioGame(ShippedData(), LoadShippedScenario(id));
    for (int g = 0; g < games; ++g) {
      const uint64_t gs = 7700 + static_cast<uint64_t>(g);
      auto h0 = make_wsr_heuristic(0, gs * 3 + 1), h1 = make_wsr_heuristic(1, gs * 3 + 2);
      RandomPlayer random(gs * 3 + 3);
      Rng rng(gs);
      auto s = game->new_initial_state();
      std::vector<std::string> rows;
      int decision = 0;
      while (!s->is_terminal() && decision < 20000) {
        const int seat = s->current_seat();
        if (seat == kChance) {
          s->apply(s->sample_chance(rng));
          continue;
        }
        const auto& ws = static_cast<const WsrState&>(*s);
        // A position every 10 decisions once the set-up is over (the search's cut-offs).
        if (ws.turn >= 1 && decision % 10 == 0) {
          const WsrEvalTerms t = WsrEvaluationTerms(ws);
          rows.push_back(std::to_string(decision) + ',' + std::to_string(ws.turn) + ',' +
                         std::to_string(t.material) + ',' + std::to_string(t.objective) + ',' +
                         std::to_string(t.proximity) + ',' + std::to_string(t.progress));
        }
        // 5 % random decisions, so that the positions are not all the heuristic's own.
        Player& p = rng.unit() < 0.05 ? static_cast<Player&>(random) : seat == 0 ? *h0 : *h1;
        s->apply(p.choose(*s));
        ++decision;
      }
      if (!s->is_terminal()) continue;
      const double result = s->result().returns[0];
      for (const std::string& row : rows)
        out << id << ',' << g << ',' << row << ',' << result << '\n';
    }
  }
  SUCCEED();
}

}  // namespace
}  // namespace feldherr::wsr::testing
