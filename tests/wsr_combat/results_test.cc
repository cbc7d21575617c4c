// WSR 6.1.7 combat results table (exhaustive), wrecks and the HQ loss check (1.3.2.2).
#include <gtest/gtest.h>

#include "games/wsr/combat.h"

namespace feldherr::wsr {
namespace {

UnitState S(bool disrupted, bool reduced, bool single_step = false) {
  UnitState u;
  u.disrupted = disrupted;
  u.reduced = reduced;
  u.single_step = single_step;
  return u;
}

// Expected final state per the table of WSR 6.1.7: {disrupted, reduced, eliminated}.
struct Row {
  UnitState before;
  int hits;
  bool disrupted, reduced, eliminated;
  CombatResult result;
};

TEST(WsrResults, WSR_6_1_7_ResultsTableExhaustive) {
  const CombatResult N = CombatResult::kNoEffect, D = CombatResult::kDisrupted,
                     R = CombatResult::kReduced, E = CombatResult::kEliminated;
  std::vector<Row> rows;
  for (int h = 0; h <= 6; ++h) {
    // good order, full
    rows.push_back({S(false, false), h, h >= 1, h >= 2, h >= 3,
                    h == 0   ? N
                    : h == 1 ? D
                    : h == 2 ? R
                             : E});
    // good order, reduced / single-step
    for (bool single : {false, true}) {
      rows.push_back({S(false, !single, single), h, h >= 1, !single, h >= 2,
                      h == 0   ? N
                      : h == 1 ? D
                               : E});
    }
    // disrupted, full
    rows.push_back({S(true, false), h, true, h >= 1, h >= 2, h == 0 ? N : h == 1 ? R : E});
    // disrupted, reduced / single-step
    for (bool single : {false, true}) {
      rows.push_back({S(true, !single, single), h, true, !single, h >= 1, h == 0 ? N : E});
    }
  }
  for (const Row& row : rows) {
    const HitsApplied a = ApplyHits(row.before, row.hits);
    SCOPED_TRACE(testing::Message()
                 << "disrupted=" << row.before.disrupted << " reduced=" << row.before.reduced
                 << " single=" << row.before.single_step << " hits=" << row.hits);
    EXPECT_EQ(a.after.eliminated, row.eliminated);
    if (!row.eliminated) {
      EXPECT_EQ(a.after.disrupted, row.disrupted);
      EXPECT_EQ(a.after.reduced, row.reduced);
    }
    EXPECT_EQ(a.result, row.result);
  }
}

TEST(WsrResults, WSR_6_1_7_T1_TwoHitsThenOne) {
  const HitsApplied first = ApplyHits(UnitState{}, 2);
  EXPECT_TRUE(first.after.disrupted);
  EXPECT_TRUE(first.after.reduced);
  EXPECT_FALSE(first.after.eliminated);
  EXPECT_EQ(first.steps_lost, 1);
  const HitsApplied second = ApplyHits(first.after, 1);
  EXPECT_TRUE(second.after.eliminated);
  EXPECT_EQ(second.result, CombatResult::kEliminated);
}

TEST(WsrResults, WSR_6_2_DisruptedByOpportunityFireEndsMove) {
  EXPECT_FALSE(OpportunityFireEndsMove(ApplyHits(UnitState{}, 0)));
  EXPECT_TRUE(OpportunityFireEndsMove(ApplyHits(UnitState{}, 1)));
  EXPECT_TRUE(OpportunityFireEndsMove(ApplyHits(UnitState{}, 2)));
  EXPECT_FALSE(OpportunityFireEndsMove(ApplyHits(UnitState{}, 3)));  // eliminated
}

TEST(WsrResults, WSR_6_1_7_WreckOnePerHex) {
  WreckInput tank;
  tank.hard_target_face = true;
  EXPECT_TRUE(PlacesWreck(tank));
  tank.hex_has_wreck = true;
  EXPECT_FALSE(PlacesWreck(tank));
  WreckInput infantry;
  EXPECT_FALSE(WreckEligible(infantry));
  WreckInput mech;  // dismounted mech/mot infantry: still a wreck (1.3.1.1.1)
  mech.transport_counter = true;
  EXPECT_TRUE(PlacesWreck(mech));
  WreckInput hq;
  hq.vehicle_hq = true;
  EXPECT_TRUE(PlacesWreck(hq));
  WreckInput aa;
  aa.aa_unit = true;
  EXPECT_TRUE(PlacesWreck(aa));
  WreckInput back;
  back.wreck_back = true;
  EXPECT_TRUE(PlacesWreck(back));
}

TEST(WsrResults, WSR_1_3_2_2_T1_HqLossDieOneReduces) {
  HqLossInput in;
  in.any_unit_disrupted_or_reduced = true;
  EXPECT_TRUE(HqLossCheckNeeded(in));
  EXPECT_EQ(HqLossCheck(in, 1), HqLoss::kReduced);
  EXPECT_EQ(HqLossCheck(in, 2), HqLoss::kNone);
  in.hq_reduced = true;
  EXPECT_EQ(HqLossCheck(in, 1), HqLoss::kEliminated);
  HqLossInput shq;
  shq.any_unit_disrupted_or_reduced = true;
  shq.hq_single_step = true;
  EXPECT_EQ(HqLossCheck(shq, 1), HqLoss::kEliminated);
}

TEST(WsrResults, WSR_1_3_2_2_T2_EliminationSubtractsTwo) {
  HqLossInput in;
  in.any_unit_disrupted_or_reduced = true;
  in.any_unit_eliminated = true;
  EXPECT_EQ(HqLossCheck(in, 3), HqLoss::kReduced);
  EXPECT_EQ(HqLossCheck(in, 4), HqLoss::kNone);
}

TEST(WsrResults, WSR_1_3_2_2_T3_AllEliminatedNoRoll) {
  HqLossInput in;
  in.any_unit_eliminated = true;
  in.all_units_eliminated = true;
  EXPECT_FALSE(HqLossCheckNeeded(in));
  EXPECT_EQ(HqLossCheck(in, 6), HqLoss::kEliminated);
  EXPECT_FALSE(HqLossCheckNeeded(HqLossInput{}));
  EXPECT_EQ(HqLossCheck(HqLossInput{}, 1), HqLoss::kNone);
}

}  // namespace
}  // namespace feldherr::wsr
