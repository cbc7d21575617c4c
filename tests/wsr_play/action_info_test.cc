// The structured form of White Star Rising actions (WsrState::action_info): a move carries the
// MP it costs, fire at a hex names a place, units are named by their counters.
#include <gtest/gtest.h>

#include "engine/rng.h"
#include "tests/wsr_play/wsr_play_util.h"

namespace feldherr::wsr {
namespace {

// WSR 5.0: the cost a move shows is the MP the moving unit spends entering the hex.
TEST(WsrActionInfo, WSR_5_0_AMoveCarriesTheMpItCosts) {
  testing::Play p("noville");
  Rng rng(5);
  int checked = 0;
  for (int n = 0; n < 3000 && !p.state->is_terminal() && checked < 30; ++n) {
    WsrState& s = p.s();
    ActionList legal;
    s.legal_actions(legal);
    for (const Action& a : legal) {
      if (a.verb != kMoveTo || s.n_group != 1) continue;
      const ActionInfo info = s.action_info(a, s.current_seat());
      ASSERT_GE(info.cost, 0) << s.describe(a);
      ASSERT_EQ(info.args.size(), 1u);
      EXPECT_EQ(info.args[0].kind, ArgKind::kPlace);
      const int u = s.group[0];
      auto after = s.clone();
      after->apply(a);
      const auto& moved = static_cast<const WsrState&>(*after).units[static_cast<size_t>(u)];
      EXPECT_EQ(moved.mp_spent - s.units[static_cast<size_t>(u)].mp_spent, info.cost)
          << s.describe(a);
      ++checked;
    }
    p.state->apply(legal[rng.below(static_cast<uint32_t>(legal.size()))]);
  }
  EXPECT_GE(checked, 30);
}

TEST(WsrActionInfo, UnitsAreNamedByTheirCounters) {
  testing::Play p("noville");
  const WsrState& s = p.s();
  const int panther = p.unit("de.panther-1");
  EXPECT_EQ(s.arg_name(ArgKind::kUnit, "de.panther-1", Lang::kEn),
            s.info(panther).counter->name + " 1");
  const int sherman = p.unit("us.m4a3e8");
  EXPECT_EQ(s.arg_name(ArgKind::kUnit, "us.m4a3e8", Lang::kDe), s.info(sherman).counter->name);
  EXPECT_EQ(s.arg_name(ArgKind::kPlace, "A-I08", Lang::kEn), "A-I08");
}

}  // namespace
}  // namespace feldherr::wsr
