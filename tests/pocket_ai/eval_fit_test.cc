// Data for fitting PocketEvaluate (docs/ai.md): battle positions of heuristic self-play games
// (10 % random moves for variety) with their features and the final result, as CSV. Disabled:
// run by hand with
//   POCKET_FIT_GAMES=2000 build/release/tests/test_pocket_ai --gtest_also_run_disabled_tests
//     --gtest_filter='PocketEvalFit.DISABLED_WriteFeatures' (writes /tmp/pocket_features.csv)
#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>

#include "engine/player.h"
#include "engine/registry.h"
#include "engine/rng.h"
#include "games/pocket/evaluate.h"
#include "games/pocket/heuristic.h"
#include "games/pocket/pocket.h"

namespace feldherr::pocket {
namespace {

TEST(PocketEvalFit, DISABLED_WriteFeatures) {
  const char* env = std::getenv("POCKET_FIT_GAMES");
  const int games = env ? std::atoi(env) : 200;
  auto game = all_games().create("pocket", {});
  std::ofstream out("/tmp/pocket_features.csv");
  out << "game,prog_me,prog_them,power,markers,units,win\n";
  for (int g = 0; g < games; ++g) {
    auto s = game->new_initial_state();
    auto h0 = make_pocket_heuristic(0, static_cast<uint64_t>(100 + g)),
         h1 = make_pocket_heuristic(1, static_cast<uint64_t>(200 + g));
    RandomPlayer r(static_cast<uint64_t>(300 + g));
    Rng rng(static_cast<uint64_t>(400 + g));
    struct Row {
      PocketFeatures f;
    };
    std::vector<Row> rows;
    int k = 0;
    while (!s->is_terminal()) {
      const int seat = s->current_seat();
      if (seat == kChance) {
        s->apply(s->sample_chance(rng));
        continue;
      }
      const auto& ps = static_cast<const PocketState&>(*s);
      if (ps.phase == kBattle && k++ % 4 == 0) rows.push_back({PocketBattleFeatures(*s, 0)});
      Player& p = rng.unit() < 0.1 ? static_cast<Player&>(r) : seat == 0 ? *h0 : *h1;
      s->apply(p.choose(*s));
    }
    const int win = s->result().returns[0] > 0 ? 1 : 0;
    for (const Row& x : rows)
      out << g << ',' << x.f.prog_me << ',' << x.f.prog_them << ',' << x.f.power << ','
          << x.f.markers << ',' << x.f.units << ',' << win << '\n';
  }
  SUCCEED();
}

}  // namespace
}  // namespace feldherr::pocket
