// The structured form of Pocket Battles actions: segments named in words in both languages.
#include <gtest/gtest.h>

#include "engine/registry.h"
#include "games/pocket/pocket.h"

namespace feldherr::pocket {
namespace {

// PB Schlachtfeld: a segment is a column and a zone, from its owner's side.
TEST(PocketActionInfo, PB_Schlachtfeld_SegmentsAreNamedInWords) {
  auto game = all_games().create("pocket/orcs-vs-elves", {});
  auto state = game->new_initial_state();
  EXPECT_EQ(state->arg_name(ArgKind::kPlace, "right-rear", Lang::kEn), "right rear");
  EXPECT_EQ(state->arg_name(ArgKind::kPlace, "right-rear", Lang::kDe), "rechts hinten");
  EXPECT_EQ(state->arg_name(ArgKind::kPlace, "left-front", Lang::kDe), "links vorne");
  EXPECT_EQ(state->arg_name(ArgKind::kPlace, "centre-combat", Lang::kDe), "Kampfzone Mitte");
  EXPECT_EQ(state->arg_name(ArgKind::kUnit, "e3", Lang::kDe), "e3");
  const ActionInfo info =
      read_action(game->verbs(), "redeploy e3 right-rear",
                  [&](ArgKind k, std::string_view w, Lang l) { return state->arg_name(k, w, l); });
  EXPECT_EQ(info.label_en, "Redeploy e3 to right rear");
  EXPECT_EQ(info.label_de, "e3 nach rechts hinten umgruppieren");
}

// A troop type and a troop are named by their tile's name in the label's language, a troop with
// its number and unit (PB Einheiten: a unit is a stack of troop tiles).
TEST(PocketActionInfo, PB_Einheiten_TroopsAndTypesAreNamedByTheirTiles) {
  auto game = all_games().create("pocket/orcs-vs-elves", {});
  auto state = game->new_initial_state();
  auto name = [&](ArgKind k, std::string_view w, Lang l) { return state->arg_name(k, w, l); };
  const ActionInfo pick = read_action(game->verbs(), "pick orcs.boulder-thrower", name);
  EXPECT_EQ(pick.label_en, "Pick Boulder Thrower");
  EXPECT_EQ(pick.label_de, "Felsenwerfer wählen");
  EXPECT_EQ(state->arg_name(ArgKind::kTroop, "e3.mounted-guard.2", Lang::kDe),
            "Berittene Wächter 2 (e3)");
  EXPECT_EQ(state->arg_name(ArgKind::kTroop, "o1.bugbear", Lang::kEn), "Bugbear (o1)");
  EXPECT_EQ(state->arg_name(ArgKind::kType, "orcs.no-such-tile", Lang::kEn), "orcs.no-such-tile");
}

}  // namespace
}  // namespace feldherr::pocket
