// Tank riders and the suppression of carried troops (PS §4.4, §4.5, §8.14) on a test situation on
// the PS-2 board, west of the village in the open: Red's PzKpfw IV R-T1 at 4,6 carries the tank
// riders R-I1, Red's truck R-L1 at 4,10 carries R-I2; Blue's Panther B-T1 at 6,6 and PzKpfw IV
// B-T2 at 6,10 fire at them (two fields, in the open).
#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "engine/conformance.h"
#include "engine/registry.h"
#include "games/planspiel/module.h"
#include "games/planspiel/situation.h"
#include "games/planspiel/state.h"
#include "planspiel_test_util.h"

namespace feldherr::planspiel {
namespace {

const std::string kRidersSituation = testing::TestSituation{
    .id = "test-riders",
    .title = "Tank riders test",
    .board = "ps-2",
    .first_mover = "blue",
    .units = {{"R-T1", "red", "PZIV", "4,6", {{"carries", R"("R-I1")"}}},
              {"R-I1", "red", "INF", "4,6", {{"carrier", R"("R-T1")"}, {"state", R"("mounted")"}}},
              {"R-L1", "red", "LKW", "4,10", {{"carries", R"("R-I2")"}}},
              {"R-I2", "red", "INF", "4,10", {{"carrier", R"("R-L1")"}, {"state", R"("mounted")"}}},
              {"B-T1", "blue", "PANTHER", "6,6"},
              {"B-T2", "blue", "PZIV", "6,10"}},
    .objective = "junction",
    .objective_fields = {"16,8"}}.Toml();

class PlanspielRiders : public testing::SituationTest {
 protected:
  void SetUp() override { Load("situation-test-riders.toml", kRidersSituation, "ps-2"); }
  // Applies `text`, then passes the counter-move windows it opens (PS §9.2).
  EventList Do(const std::string& text) {
    EventList events = SituationTest::Do(text);
    while (state_->step() == StepKind::kCounterMove) state_->apply(Action(kPass, {}), &events);
    return events;
  }
};

// PS §4.4, §4.5: one pure figure base rides on a medium or heavy tank; mounted, it moves and is
// seen with the tank and is no target of its own (the fire at the field reads only the tank).
TEST_F(PlanspielRiders, PS_4_5_TankRidersRideWithTheirTank) {
  EXPECT_EQ(state_->unit(U("R-I1")).aboard, U("R-T1"));
  const std::vector<int> targets = state_->targets_in(U("B-T1"), {4, 6});
  ASSERT_EQ(targets.size(), 1u);
  EXPECT_EQ(targets[0], U("R-T1"));
  EXPECT_TRUE(state_->target_of(U("R-T1")).carries_figures);
  Do("fertig");  // Blue
  Do("move R-T1 4,5");
  EXPECT_EQ(state_->field_of(U("R-I1")), (Field{4, 5}));
  EXPECT_TRUE(Listed("dismount R-I1 4,5"));  // one field: within half speed (G-13)
}

// PS §4.5: a light tank takes no riders (capacity none); the loader names the line.
TEST_F(PlanspielRiders, PS_4_5_OnlyMediumAndHeavyTanksTakeRiders) {
  std::string text = kRidersSituation;
  const std::string from = "type = \"PZIV\"\nfield = \"4,6\"";
  text.replace(text.find(from), from.size(), "type = \"PZII\"\nfield = \"4,6\"");
  const std::string err =
      testing::LoadError("situation-bad-riders.toml", text, [](const std::string& path) {
        (void)load_situation(path, shipped_unit_types(), shipped_planspiel_boards());
      });
  EXPECT_NE(err.find("a PZII (capacity none) cannot carry a INF (PS §4.5)"), std::string::npos)
      << err;
}

// PS §8.14 ("Figures on APCs ... stay aboard when their vehicle is suppressed, and are suppressed
// at the same level"; reading for tank riders: troops on an armoured vehicle): the Panther's
// natural 3 (+1 heavy gun against medium armour) suppresses R-T1 grey and its riders with it;
// they stay aboard and cannot get off in Red's half-turn, nor attack mounted.
TEST_F(PlanspielRiders, PS_8_14_TankRidersAreSuppressedWithTheirTank) {
  Do("fire B-T1 4,6");
  const EventList ev = Do("roll 3");
  EXPECT_TRUE(Mentions(ev, "Natural 3 against R-T1"));
  EXPECT_TRUE(Mentions(ev, "R-I1 aboard R-T1 is suppressed with it: level 4 (grey)."));
  EXPECT_TRUE(Mentions(ev, "R-I1 auf R-T1 ist mit ihm niedergehalten", true));
  EXPECT_EQ(state_->unit(U("R-T1")).suppression, 4);
  EXPECT_EQ(state_->unit(U("R-I1")).suppression, 4);
  EXPECT_EQ(state_->unit(U("R-I1")).aboard, U("R-T1"));
  Do("fertig");  // Blue
  ASSERT_EQ(state_->active(), kPartyRed);
  EXPECT_FALSE(Listed("dismount R-I1 4,6"));
  EXPECT_EQ(Why("dismount R-I1 4,6"), "PS §8.14: R-I1 is suppressed with R-T1 and stays aboard");
  // PS §8.14: armoured troops at grey still move at terrain speed, the riders with them.
  Do("move R-T1 4,5");
  EXPECT_EQ(state_->field_of(U("R-I1")), (Field{4, 5}));
  // G-05: both markers go at the end of Red's half-turn.
  Do("fertig");
  EXPECT_EQ(state_->unit(U("R-I1")).suppression, 0);
}

// PS §8.14 ("Bei wirkungsvollem Feuer auf ungepanzerte Landfahrzeuge sitzen Figuren sofort ab und
// suchen Deckung im Gelände"): the PzKpfw IV's natural 3 at the truck (+2 flat fire against an
// unarmoured vehicle) gives black; R-I2 gets off at once in the truck's field, suppressed black,
// and is a unit of its own.
TEST_F(PlanspielRiders, PS_8_14_TroopsOnATruckGetOffAndTakeCover) {
  Do("fire B-T2 4,10");
  const EventList ev = Do("roll 3");
  EXPECT_TRUE(Mentions(ev, "Natural 3 against R-L1 (+2 flat fire against an unarmoured vehicle"));
  EXPECT_TRUE(Mentions(ev, "R-I2 gets off R-L1 at once and takes cover in 4,10: level 5 (black)."));
  EXPECT_TRUE(Mentions(ev, "R-I2 sitzt sofort von R-L1 ab und geht in 4,10 in Deckung", true));
  EXPECT_EQ(state_->unit(U("R-L1")).suppression, 5);
  EXPECT_EQ(state_->unit(U("R-I2")).aboard, -1);
  EXPECT_EQ(state_->unit(U("R-I2")).suppression, 5);
  EXPECT_EQ(state_->field_of(U("R-I2")), (Field{4, 10}));
  EXPECT_EQ(state_->load_of(U("R-L1")), -1);
  // A natural 2 fails: nobody gets off.
  Restart();
  Do("fire B-T2 4,10");
  Do("roll 2");
  EXPECT_EQ(state_->unit(U("R-I2")).aboard, U("R-L1"));
  EXPECT_EQ(state_->unit(U("R-I2")).suppression, 0);
}

// PS §7.5: the battery on the test situation plays riders, trucks and their getting off under
// fire with every view checked.
TEST_F(PlanspielRiders, PS_8_14_CarriedTroopsInTheBattery) {
  ConformanceOptions o;
  o.games = 30;
  o.seed = 5;
  o.invariant = all_games().find("planspiel")->invariant;
  o.odds = all_games().find("planspiel")->odds;
  const ConformanceReport r = run_conformance(*game_, o);
  for (const auto& f : r.failures) ADD_FAILURE() << f;
  EXPECT_EQ(r.terminated, o.games);
}

}  // namespace
}  // namespace feldherr::planspiel
