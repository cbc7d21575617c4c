// The structured form of Pocket Battles actions: segments named in words in both languages.
#include <gtest/gtest.h>

#include "engine/registry.h"
#include "engine/rng.h"
#include "games/pocket/board.h"
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

// PB Aktion 2 A/B: intercepting and shooting at the attacker strike a blow, so they are attacks
// (role attack: the web asks their odds before sending them, as for an attack), while waiting
// declines the reaction.
TEST(PocketActionInfo, PB_Aktion2_InterceptAndShootAreAttacksWaitDeclines) {
  auto game = all_games().create("pocket/orcs-vs-elves", {});
  EXPECT_EQ(read_action(game->verbs(), "react intercept e3").role, VerbRole::kAttack);
  EXPECT_EQ(read_action(game->verbs(), "react shoot e3").role, VerbRole::kAttack);
  EXPECT_EQ(read_action(game->verbs(), "react wait").role, VerbRole::kDecline);
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

// PB Schlachtfeld: the orcs' left is the elves' right. A segment word carries the cell of the
// board description (games/pocket/board.cc) it names for the side that reads it.
TEST(PocketActionInfo, PB_Schlachtfeld_ASegmentCarriesItsBoardCell) {
  EXPECT_EQ(segment_cell(kOrcs, "left-rear"), "4:0");
  EXPECT_EQ(segment_cell(kElves, "left-rear"), "0:2");
  EXPECT_EQ(segment_cell(kElves, "right-front"), "1:0");
  EXPECT_EQ(segment_cell(kOrcs, "centre-combat"), "2:1");
  EXPECT_EQ(segment_cell(kElves, "left-combat"), "2:2");
  EXPECT_EQ(segment_cell(kOrcs, "nowhere"), "");
  // Every cell of the board description holds the name its owner's cell words give it.
  auto game = all_games().create("pocket/orcs-vs-elves", {});
  const json board = BoardJson(*game);
  for (int owner : {kOrcs, kElves}) {
    for (int row = 0; row < 5; ++row) {
      const json& r = board["rows"][static_cast<size_t>(row)];
      if (r["owner"] != game->seats()[static_cast<size_t>(owner)]) continue;
      for (size_t col = 0; col < 3; ++col) {
        const std::string word = r["segments"][col];
        EXPECT_EQ(segment_cell(owner, word), std::to_string(row) + ":" + std::to_string(col));
      }
    }
  }
  // In play: the legal moves of a deciding seat carry the cells.
  auto state = game->new_initial_state();
  Rng rng(4);
  for (int i = 0; i < 4000 && !state->is_terminal(); ++i) {
    if (state->current_seat() == kChance) {
      state->apply(state->sample_chance(rng));
      continue;
    }
    const ActionList legal = state->legal_actions();
    bool checked = false;
    for (const Action& a : legal) {
      const ActionInfo info = state->action_info(a, state->current_seat());
      for (const ActionArg& arg : info.args) {
        if (arg.kind != ArgKind::kPlace) continue;
        EXPECT_EQ(arg.cell, segment_cell(state->current_seat(), arg.value)) << info.text;
        EXPECT_NE(arg.cell, "") << info.text;
        checked = true;
      }
    }
    if (checked) return;
    ActionList play;  // anything but conceding, which would end the game at once
    for (const Action& a : legal)
      if (!state->is_concession(a)) play.push_back(a);
    state->apply(play[rng.below(static_cast<uint32_t>(play.size()))]);
  }
  FAIL() << "no move with a segment met";
}

}  // namespace
}  // namespace feldherr::pocket
