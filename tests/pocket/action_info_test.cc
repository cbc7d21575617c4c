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

}  // namespace
}  // namespace feldherr::pocket
