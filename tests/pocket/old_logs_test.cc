// Logs written by an earlier rules version replay as they were played (Registry::create_for_log,
// GameModule::log_options): rules pocket-1 took the order marker that becomes a wound marker by
// the engine's pick (E4, now `wound_marker=most-orders`), where pocket-2 asks the owner (A19).
#include <gtest/gtest.h>

#include <string>

#include "engine/registry.h"
#include "engine/replay.h"

namespace feldherr::pocket {
namespace {

TEST(PocketLogs, A19_Pocket1LogsVerifyWithTheEnginesPickAndDivergeUnderTodaysDefault) {
  const std::string path =
      std::string(FELDHERR_SOURCE_DIR) + "/tests/pocket/data/pocket-1-many-orders-seed-3.jsonl";
  const ReplayFile replay = load_replay(path);
  ASSERT_EQ(replay.rules_version, "pocket-1");
  auto as_played =
      all_games().create_for_log(replay_game_id(replay), replay.options, replay.rules_version);
  const VerifyReport report = verify_replay(*as_played, replay, path);
  EXPECT_TRUE(report.ok) << report.error;
  EXPECT_EQ(report.actions, 208);
  EXPECT_EQ(report.result_summary, "orcs wins");
  // The same header under today's defaults asks the owner which marker to give up, where the
  // log goes on with the next action: it diverges.
  auto today = all_games().create(replay_game_id(replay), replay.options);
  const VerifyReport fresh = verify_replay(*today, replay, path);
  EXPECT_FALSE(fresh.ok);
  EXPECT_NE(fresh.error.find("choose the unit that gives up"), std::string::npos) << fresh.error;
  // A log of today's rules keeps its own options.
  Options options = {{"wound_marker", "choose"}};
  EXPECT_EQ(all_games().create_for_log("pocket", options, "pocket-2")->options(),
            all_games().create("pocket", options)->options());
}

}  // namespace
}  // namespace feldherr::pocket
