// The structured form of Rivet Wars actions (RivetState::action_info): where a step ends and a
// card's arguments by kind, so that a UI needs no rules.
#include <gtest/gtest.h>

#include "engine/rng.h"
#include "tests/rivet/rivet_test_util.h"

namespace feldherr::rivet {
namespace {

using testing::MakeGame;

// RW §9, §11: a step's "to" place is the segment the unit stands on after the step.
TEST(RivetActionInfo, RW9_AStepNamesTheSegmentItLeadsTo) {
  auto game = MakeGame(1);
  int checked = 0;
  for (uint64_t seed = 1; seed <= 6 && checked < 20; ++seed) {
    Rng rng(seed);
    auto state = game->new_initial_state();
    auto& s = static_cast<RivetState&>(*state);
    for (int n = 0; n < 600 && !s.is_terminal(); ++n) {
      ActionList legal;
      s.legal_actions(legal);
      for (const Action& a : legal) {
        if (a.verb != kStep && a.verb != kRush && a.verb != kDash) continue;
        const ActionInfo info = s.action_info(a, s.current_seat());
        ASSERT_FALSE(info.args.empty());
        const ActionArg& to = info.args.back();
        ASSERT_EQ(to.role, "to") << s.describe(a);
        EXPECT_EQ(to.kind, ArgKind::kPlace);
        auto after = s.clone();
        after->apply(a);
        const Unit* u = static_cast<const RivetState&>(*after).unit(a.arg(0));
        ASSERT_NE(u, nullptr);
        EXPECT_EQ(s.seg_name(u->seg), to.value) << s.describe(a);
        ++checked;
      }
      s.apply(legal[rng.below(static_cast<uint32_t>(legal.size()))]);
    }
  }
  EXPECT_GE(checked, 20);
}

TEST(RivetActionInfo, LabelsNameUnitsByTypeAndCardsByTitle) {
  auto game = MakeGame(1);
  auto s = testing::Start(*game);
  const int id = testing::Put(*s, "rifleman", "d4", "NW");
  const std::string label = s->arg_name(ArgKind::kUnit, "u" + std::to_string(id), Lang::kEn);
  EXPECT_NE(label.find("u" + std::to_string(id)), std::string::npos);
  EXPECT_NE(label, "u" + std::to_string(id));  // the type's name comes first
  const auto& card = testing::ShippedData().actions.front();
  EXPECT_EQ(s->arg_name(ArgKind::kCard, card.id, Lang::kEn), card.id + " " + card.name);
  // German: the unit type's German name, east reads O(st).
  const std::string german = s->arg_name(ArgKind::kUnit, "u" + std::to_string(id), Lang::kDe);
  EXPECT_EQ(german, s->type_of(*s->unit(id)).german + " u" + std::to_string(id));
  EXPECT_EQ(s->arg_name(ArgKind::kDirection, "SE", Lang::kDe), "SO");
  EXPECT_EQ(s->arg_name(ArgKind::kDirection, "NW", Lang::kDe), "NW");
}

}  // namespace
}  // namespace feldherr::rivet
