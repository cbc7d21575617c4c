// Planspiel transport and towing in play (PS §4.4-§4.5, §6.4, G-13) on PS-2 "Dorf und Brücke":
// mounting and dismounting, limbering and unlimbering, a load moving and seen with its carrier,
// half speed, the extra field on foot, a knocked-out carrier dropping its load; and the situation's
// transport pairs as data (strict FILE:LINE errors).
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <iterator>
#include <memory>
#include <stdexcept>
#include <string>

#include "engine/registry.h"
#include "engine/replay.h"
#include "games/planspiel/fire.h"
#include "games/planspiel/state.h"
#include "planspiel_test_util.h"

namespace feldherr::planspiel {
namespace {

class PlanspielTransport : public testing::Ps2Fixture {};

bool Has(const std::string& text, const std::string& what) {
  return text.find(what) != std::string::npos;
}

// PS §4.4: a mounted unit is one unit with its carrier: it moves with it, is seen with it, is no
// target of its own, and neither moves nor fires by itself.
TEST_F(PlanspielTransport, PS_4_4_MountedUnitMovesAndIsSeenWithItsCarrier) {
  const int a = U("R-A1"), g = U("R-G1");
  EXPECT_EQ(s_->unit(g).aboard, a);
  EXPECT_TRUE(Has(Why("move R-G1 4,5"), "PS §4.4: R-G1 is aboard R-A1"));
  Play({"move R-A1 6,6"});
  EXPECT_EQ(s_->field_of(g), (Field{6, 6}));
  EXPECT_EQ(s_->unit(g).aboard, a);
  // Seen with the carrier: out of Blue's sight behind the ridge, then in it at (13,7).
  EXPECT_FALSE(s_->visible_to(g, kPartyBlue));
  s_->place_for_test(a, {13, 7});
  EXPECT_EQ(s_->field_of(g), (Field{13, 7}));
  EXPECT_TRUE(s_->visible_to(a, kPartyBlue));
  EXPECT_TRUE(s_->visible_to(g, kPartyBlue));
  // Fire at the field affects only the vehicle.
  EXPECT_EQ(s_->targets_in(U("B-H1"), {13, 7}), std::vector<int>{a});
  EXPECT_TRUE(s_->fire_targets(g).empty());
}

// PS §4.4, §6.4, G-13: dismounting needs the carrier to have moved at most half its speed (of the
// allowance its move had: road 8 or terrain 4 for a half-track); then the figures move one more
// field on foot.
TEST_F(PlanspielTransport, PS_4_4_G_13_DismountAfterHalfSpeedThenOneFieldOnFoot) {
  Play({"move R-T2 9,8", "move R-A2 7,8"});  // 4 fields along the road: half of 8
  EXPECT_EQ(Why("dismount R-G2 7,8"), "");
  EXPECT_TRUE(Listed("dismount R-G2 7,8"));
  Play({"dismount R-G2 7,8"});
  EXPECT_EQ(s_->unit(U("R-G2")).aboard, -1);
  // The extra foot move: one field, even along the road (infantry road speed 2).
  EXPECT_TRUE(Reaches("R-G2", {8, 8}));
  EXPECT_FALSE(Reaches("R-G2", {9, 8}));
  EXPECT_TRUE(Has(Why("mount R-G2 7,8"), "got on or off once this half-turn"));
  // Three fields across country is more than half of the terrain allowance 4.
  Play({"move R-A1 6,5"});
  const std::string why = Why("dismount R-G1 6,5");
  EXPECT_TRUE(Has(why, "PS §6.4, G-13: R-A1 moved 3 fields, more than half its speed (2 of 4)"))
      << why;
  EXPECT_FALSE(Listed("dismount R-G1 6,5"));
}

// PS §4.4, G-13: dismounting first leaves the carrier half its speed for its own move.
TEST_F(PlanspielTransport, PS_4_4_G_13_CarrierMovesAtHalfSpeedAfterItsLoadGotOff) {
  EXPECT_TRUE(Reaches("R-A3", {7, 10}));  // 4 fields across country
  Play({"dismount R-G3 3,10"});
  EXPECT_FALSE(Reaches("R-A3", {7, 10}));
  EXPECT_TRUE(Reaches("R-A3", {5, 10}));
  EXPECT_TRUE(Reaches("R-A3", {5, 8}));   // road fields reached across country: 2
  EXPECT_FALSE(Reaches("R-A3", {6, 9}));  // 3 fields
}

// PS §4.4: figures may move one field on foot and then mount; the carrier then moves at half
// speed and takes them along. Mounting needs the carrier's field.
TEST_F(PlanspielTransport, PS_4_4_OneFieldOnFootThenMount) {
  Play({"dismount R-G1 3,6", "move R-G1 4,5", "fertig", "fertig"});
  ASSERT_EQ(s_->active(), kPartyRed);
  EXPECT_TRUE(Has(Why("mount R-G1 4,5"), "PS §4.4: R-G1 mounts only in the field of R-A1 (3,6)"));
  Play({"move R-G1 3,6"});
  EXPECT_EQ(Why("mount R-G1 3,6"), "");
  Play({"mount R-G1 3,6"});
  EXPECT_EQ(s_->unit(U("R-G1")).aboard, U("R-A1"));
  EXPECT_FALSE(Reaches("R-A1", {6, 6}));  // 3 fields: more than half speed
  Play({"move R-A1 5,6"});
  EXPECT_EQ(s_->field_of(U("R-G1")), (Field{5, 6}));
}

// PS §4.4: the grenadiers of a suppressed APC cannot dismount.
TEST_F(PlanspielTransport, PS_4_4_SuppressedApcGrenadiersCannotDismount) {
  EXPECT_EQ(Why("dismount R-G1 3,6"), "");
  s_->set_suppression_for_test(U("R-A1"), 3);
  EXPECT_TRUE(Has(Why("dismount R-G1 3,6"), "PS §4.4: the grenadiers of the suppressed APC R-A1"));
}

// PS §4.4 (S-2 "AT gun counter-move"): an SPW entering (13,7) draws B-P1's counter-move at +1; a
// natural 6 knocks it out and its grenadiers get off suppressed with a casualty roll (a 3: they
// survive with a black marker).
TEST_F(PlanspielTransport, PS_4_4_KnockedOutCarrierDropsItsLoadWithACasualtyRoll) {
  const int a = U("R-A1"), g = U("R-G1");
  s_->place_for_test(a, {12, 7});
  Play({"move R-A1 13,7"}, true);
  ASSERT_EQ(s_->step(), StepKind::kCounterMove);
  ASSERT_TRUE(s_->may_counter(U("B-P1"), nullptr));
  EXPECT_EQ(Net("B-P1", "R-A1"), 1);
  Play({"fire B-P1 13,7", "roll 6"}, true);
  EXPECT_EQ(s_->unit(a).status, UnitStatus::kLost);
  EXPECT_EQ(s_->unit(g).status, UnitStatus::kOnBoard);
  EXPECT_EQ(s_->unit(g).aboard, -1);
  EXPECT_EQ(s_->unit(g).suppression, 6);
  EXPECT_EQ(s_->field_of(g), (Field{13, 7}));
  EXPECT_EQ(s_->decision().prompt, "Casualty roll of R-G1 (PS §8.12)");
  Play({"roll 3"}, true);
  EXPECT_EQ(s_->unit(g).status, UnitStatus::kOnBoard);
  EXPECT_EQ(s_->losses(kPartyRed), 1);  // the APC; the grenadiers survive
  // Now a target of its own.
  EXPECT_EQ(s_->targets_in(U("B-H1"), {13, 7}), std::vector<int>{g});
}

// Replays the actions of a stored log of tests/planspiel/data/ (each must be legal) on a fresh
// state of its situation; `events` are the last action's.
std::unique_ptr<State> ReplayStored(const std::string& name, EventList& events) {
  const std::string path = std::string(FELDHERR_SOURCE_DIR) + "/tests/planspiel/data/" + name;
  const ReplayFile replay = load_replay(path);
  std::unique_ptr<State> state = make_planspiel(replay.scenario)->new_initial_state();
  for (const ReplayEntry& e : replay.entries) {
    if (e.kind != ReplayEntry::kAction) continue;
    Action a;
    std::string error;
    if (!state->parse(e.text, a, error) || !state->why_illegal(a).empty())
      throw std::logic_error(path + ":" + std::to_string(e.line) + ": cannot apply " + e.text);
    events.clear();
    state->apply(a, &events);
  }
  return state;
}

// PS §4.4, §5.4 (reading): a carrier knocked out while it passes through a field of its own units
// drops its load there; where the field is then over the stacking limit, the load congests it
// (resolved in its party's next half-turn), as a movement counter-move does. The position is a
// random game of PS-3 found by the conformance battery: R-Z1, towing R-P1 through 5,9 where Red's
// units already fill the limit, is knocked out there by B-T3's false counter-move.
TEST(PlanspielTransportInPassage, PS_5_4_ALoadDroppedInPassageCongestsAFieldOverTheLimit) {
  EventList events;
  const std::unique_ptr<State> state =
      ReplayStored("ps-3-carrier-knocked-out-in-passage.jsonl", events);
  const auto& s = dynamic_cast<const PlanspielState&>(*state);
  const int z = s.ps().unit_index("R-Z1"), p = s.ps().unit_index("R-P1");
  EXPECT_EQ(s.unit(z).status, UnitStatus::kLost);
  EXPECT_EQ(s.field_of(p), (Field{5, 9}));
  EXPECT_TRUE(s.unit(p).congesting);
  EXPECT_EQ(all_games().find("planspiel")->invariant(s), "");
  bool told = false;
  for (const Event& e : events)
    told = told || (Has(e.text, "R-P1 gets off the knocked-out R-Z1") &&
                    Has(e.text, "The field is congested (PS §5.4)"));
  EXPECT_TRUE(told);
}

// PS §5.4: a tow that congests a tank's field through its limbered gun (a like model of the tank)
// keeps the field congested at the end of the enemy's half-turn, until its own party resolves it.
// The position is a random game of PS-3 found by the conformance battery: R-Z1 with R-P1 limbered
// evaded into R-T1's field at 11,8 in Blue's half-turn; after Blue's FERTIG the field was over
// the limit without its mark.
TEST(PlanspielTransportInPassage, PS_5_4_ATowCongestingThroughItsGunStaysMarkedUntilResolved) {
  EventList events;
  const std::unique_ptr<State> state =
      ReplayStored("ps-3-tow-congests-through-its-gun.jsonl", events);
  const auto& s = dynamic_cast<const PlanspielState&>(*state);
  const int t = s.ps().unit_index("R-T1"), z = s.ps().unit_index("R-Z1"),
            p = s.ps().unit_index("R-P1");
  ASSERT_EQ(s.field_of(z), (Field{11, 8}));
  ASSERT_EQ(s.field_of(t), (Field{11, 8}));
  EXPECT_EQ(s.unit(p).aboard, z);
  EXPECT_TRUE(s.unit(z).congesting);
  EXPECT_EQ(all_games().find("planspiel")->invariant(s), "");
  EXPECT_FALSE(s.congested(kPartyRed).empty());
}

// PS §4.4: the casualty roll of a dropped load eliminates it on 4+.
TEST_F(PlanspielTransport, PS_4_4_DroppedLoadEliminatedOnFourPlus) {
  const int a = U("R-A1"), g = U("R-G1");
  s_->place_for_test(a, {12, 7});
  Play({"move R-A1 13,7"}, true);
  Play({"fire B-P1 13,7", "roll 6", "roll 4"}, true);
  EXPECT_EQ(s_->unit(g).status, UnitStatus::kLost);
  EXPECT_EQ(s_->losses(kPartyRed), 2);
}

// PS §7.5 (reading): the AT gun's detection roll finds it only for an enemy unit that still has it
// in sight: here the fire knocked out the APC and the dropped grenadiers are eliminated, and every
// other Red unit stands behind the ridge.
TEST_F(PlanspielTransport, PS_7_5_DetectionRollNeedsAnEnemyInSight) {
  s_->place_for_test(U("R-A1"), {12, 7});
  Play({"move R-A1 13,7"}, true);
  Play({"fire B-P1 13,7", "roll 6", "roll 4"}, true);  // knocked out; the casualty roll eliminates
  ASSERT_EQ(s_->unit(U("R-G1")).status, UnitStatus::kLost);
  ASSERT_EQ(s_->decision().prompt, "Red rolls 4+ to detect the AT gun that fired (PS §7.5)");
  const EventList ev = Play({"roll 6"});
  EXPECT_FALSE(s_->unit(U("B-P1")).detected_marker);
  EXPECT_TRUE(s_->unit(U("B-P1")).camouflaged);
  bool told = false;
  for (const Event& e : ev) told = told || Has(e.text, "no unit of Red has the AT gun in sight");
  EXPECT_TRUE(told);
}

// PS §4.4-§4.5, G-13: a weapon base limbers to its tow in its field, moves with it at half speed,
// and is unlimbered to fire; limbering and unlimbering are its activity of the half-turn.
TEST_F(PlanspielTransport, PS_4_4_LimberTowAndUnlimber) {
  const int f = U("R-F1"), z = U("R-Z1");
  EXPECT_TRUE(Has(Why("limber B-P1 15,6"), "PS §3.1"));
  EXPECT_TRUE(Has(Why("mount R-F1 2,7"), "only figures mount"));
  Play({"limber R-F1 2,7"});
  EXPECT_EQ(s_->unit(f).aboard, z);
  EXPECT_FALSE(Reaches("R-Z1", {6, 7}));  // 4 fields across country: more than half of 4
  Play({"move R-Z1 4,7"});
  EXPECT_EQ(s_->field_of(f), (Field{4, 7}));
  Play({"fertig", "fertig"});
  EXPECT_TRUE(Has(Why("indirect R-F1 15,8"), "PS §4.4: R-F1 is aboard R-Z1"));
  Play({"unlimber R-F1 4,7"});
  EXPECT_EQ(s_->unit(f).aboard, -1);
  EXPECT_TRUE(s_->move_targets(f).empty());
  Play({"fertig", "fertig"});
  // Observed fire again in phase 2 (R-T1 on the crest sees the pre-detected B-I1).
  s_->place_for_test(U("R-T1"), {11, 8});
  EXPECT_EQ(Why("indirect R-F1 15,8"), "");
}

// PS §4.4: a weapon limbers only where its tow stands; Blue's guns start apart from their tows.
TEST_F(PlanspielTransport, PS_4_4_LimberOnlyInTheTowsField) {
  Play({"fertig"});
  EXPECT_TRUE(
      Has(Why("limber B-P1 15,6"), "PS §4.4: B-P1 limbers up only in the field of B-Z1 (21,7)"));
  s_->place_for_test(U("B-Z1"), {15, 6});
  EXPECT_EQ(Why("limber B-P1 15,6"), "");
  EXPECT_TRUE(Has(Why("limber B-P1 14,6"), "in its own field 15,6"));
}

// PS §4.4 ("A substitute tow or transport may be used like a truck, but it must suit the weapon
// and roughly correspond to the original vehicle model"; "A weapon without a suitable vehicle can
// only be used where it stands"), reading R-ST: with its tow B-Z1 lost, B-P1 limbers to the truck
// B-L4 once B-I4 has got off it (one unit per transport, PS §4.5); B-I4 cannot remount while the
// gun is aboard; the truck moves at half speed with the gun (G-13), which unlimbers from it.
TEST_F(PlanspielTransport, PS_4_4_SubstituteTowForAWeaponWhoseTowIsLost) {
  const int p = U("B-P1"), l = U("B-L4");
  Play({"fertig"});
  ASSERT_EQ(s_->active(), kPartyBlue);
  s_->remove_for_test(U("B-Z1"));
  EXPECT_FALSE(Listed("limber B-P1 15,6"));
  EXPECT_EQ(Why("limber B-P1 15,6"),
            "PS §4.4: the tow B-Z1 of B-P1 is lost and no suitable vehicle stands in 15,6: a "
            "weapon without a suitable vehicle is used only where it stands");
  s_->place_for_test(l, {15, 6});
  ASSERT_EQ(s_->field_of(U("B-I4")), (Field{15, 6}));
  EXPECT_EQ(Why("limber B-P1 15,6"),
            "PS §4.5: B-L4 carries or tows one unit, and B-I4 is aboard it");
  Play({"dismount B-I4 15,6"});
  EXPECT_TRUE(Listed("limber B-P1 15,6"));
  const EventList ev = Play({"limber B-P1 15,6"});
  EXPECT_EQ(s_->unit(p).aboard, l);
  EXPECT_TRUE(std::any_of(ev.begin(), ev.end(), [](const Event& e) {
    return e.text == "B-P1 limbers up to B-L4 in 15,6 (a substitute tow).";
  }));
  EXPECT_TRUE(Has(Why("mount B-I4 15,6"),
                  "PS §4.5: B-L4 carries or tows one unit, and B-P1 is "
                  "aboard it"));
  // G-13: half of the terrain allowance after the gun was hooked on.
  const std::vector<Field> reach = s_->move_targets(l);
  ASSERT_FALSE(reach.empty());
  for (Field f : reach) EXPECT_LE(Distance({15, 6}, f), 2) << f.x << "," << f.y;
  Play({"move B-L4 " + std::to_string(reach[0].x) + "," + std::to_string(reach[0].y)});
  EXPECT_EQ(s_->field_of(p), reach[0]);
  Play({"fertig", "fertig"});
  ASSERT_EQ(s_->active(), kPartyBlue);
  const std::string at = std::to_string(reach[0].x) + "," + std::to_string(reach[0].y);
  Play({"unlimber B-P1 " + at});
  EXPECT_EQ(s_->unit(p).aboard, -1);
  EXPECT_EQ(s_->load_of(l), -1);
}

// PS §4.4, §4.5, reading R-ST: a substitute tow suits the weapon only as an unarmed transport or
// tow (not a tank or an APC), and not another operational weapon's own tow, which carries that
// weapon's ammunition.
TEST_F(PlanspielTransport, PS_4_4_SubstituteTowMustSuitTheWeapon) {
  s_->remove_for_test(U("R-Z1"));
  s_->place_for_test(U("R-T1"), {2, 7});
  EXPECT_FALSE(Listed("limber R-F1 2,7"));
  EXPECT_EQ(Why("limber R-F1 2,7"),
            "PS §4.4, §4.5: R-T1 is no transport or tow: a substitute tow must suit the weapon and "
            "roughly correspond to the original vehicle model (R-Z1)");
  EXPECT_EQ(s_->why_illegal_text(A("limber R-F1 2,7")).de,
            "PS §4.4, §4.5: R-T1 ist kein Transport- oder Zugfahrzeug: ein Ersatzzugmittel muss "
            "zur Waffe passen und etwa dem Originalfahrzeugmodell (R-Z1) entsprechen");
  Play({"fertig"});
  s_->remove_for_test(U("B-Z1"));
  s_->place_for_test(U("B-Z2"), {15, 6});
  EXPECT_EQ(Why("limber B-P1 15,6"),
            "PS §4.4: B-Z2 carries the ammunition of B-P2 and may not be used for other tasks "
            "while B-P2 is operational");
  s_->remove_for_test(U("B-P2"));
  EXPECT_EQ(Why("limber B-P1 15,6"), "");
}

// PS §4.4 ("Zugmittel von schweren Waffen können, solange ihre Waffe noch einsatzfähig ist, nicht
// zum Transport anderer Truppen eingesetzt werden"), reading R-FT: once its weapon is lost, the
// tow carries figures like a truck: one unit (PS §4.5), mounting and dismounting at half speed
// (G-13) with the one field on foot after dismounting.
TEST_F(PlanspielTransport, PS_4_4_FreeTowCarriesFiguresLikeATruck) {
  const int i1 = U("B-I1"), z1 = U("B-Z1");
  Play({"fertig"});
  ASSERT_EQ(s_->active(), kPartyBlue);
  EXPECT_EQ(Why("mount B-I1 15,8"),
            "PS §4.4: B-I1 has no carrier of its own and no free tow stands in 15,8");
  s_->place_for_test(i1, {21, 7});  // with B-Z1, the tow of the operational B-P1
  EXPECT_FALSE(Listed("mount B-I1 21,7"));
  EXPECT_EQ(Why("mount B-I1 21,7"),
            "PS §4.4: the tow B-Z1 carries the ammunition of B-P1 and may not carry other troops "
            "while B-P1 is operational");
  EXPECT_EQ(s_->why_illegal_text(A("mount B-I1 21,7")).de,
            "PS §4.4: das Zugmittel B-Z1 führt die Munition von B-P1 mit und darf nicht zum "
            "Transport anderer Truppen eingesetzt werden, solange B-P1 einsatzfähig ist");
  s_->remove_for_test(U("B-P1"));
  ASSERT_TRUE(Listed("mount B-I1 21,7"));
  const EventList ev = Play({"mount B-I1 21,7"});
  EXPECT_EQ(s_->unit(i1).aboard, z1);
  EXPECT_TRUE(std::any_of(ev.begin(), ev.end(), [](const Event& e) {
    return e.text == "B-I1 mounts on B-Z1 in 21,7 (a free tow, as a truck)." &&
           e.text_de.find("(ein freies Zugmittel, wie ein LKW)") != std::string::npos;
  }));
  // PS §4.5: one unit per transport.
  s_->place_for_test(U("B-I2"), {21, 7});
  EXPECT_EQ(Why("mount B-I2 21,7"),
            "PS §4.5: B-Z1 carries or tows one unit, and B-I1 is aboard it");
  // G-13: the tow moves at most half its speed after its load got on, and the figures with it.
  const std::vector<Field> reach = s_->move_targets(z1);
  ASSERT_FALSE(reach.empty());
  const Field to = reach.back();
  const int allowance = Allowance(MoveProfileOf(s_->ps().type(z1)), false);
  EXPECT_LE(Distance({21, 7}, to), HalfSpeed(allowance));
  const std::string at = std::to_string(to.x) + "," + std::to_string(to.y);
  Play({"move B-Z1 " + at});
  EXPECT_EQ(s_->field_of(i1), to);
  Play({"fertig", "fertig"});
  ASSERT_EQ(s_->active(), kPartyBlue);
  Play({"dismount B-I1 " + at});
  EXPECT_EQ(s_->unit(i1).aboard, -1);
  // PS §4.4: one more field on foot after dismounting.
  const std::vector<Field> foot = s_->move_targets(i1);
  ASSERT_FALSE(foot.empty());
  for (Field f : foot) EXPECT_LE(Distance(to, f), 1) << f.x << "," << f.y;
}

// PS §4.4 ("Im Spiel dürfen nur Fahrzeugmodelle als Zugmittel verwendet werden, die sowohl
// leistungsmäßig als auch für den Munitions- und Mannschaftstransport geeignet sind"), reading
// R-ST: a substitute tow weighs at least the weapon's tow_weight_t (stand-in). On PS-3 Blue's light
// field howitzer B-F1 (needs 8 t) loses its tractor B-Z1; the 3 t truck B-L1 is too light.
class PlanspielTransportPs3 : public testing::Ps2Fixture {
 protected:
  std::string SituationId() const override { return "ps-3"; }
};

TEST_F(PlanspielTransportPs3, PS_4_4_SubstituteTowMustBeHeavyEnough) {
  Play({"fertig"});
  ASSERT_EQ(s_->active(), kPartyBlue);
  const int f1 = U("B-F1");
  const Field at = s_->field_of(f1);
  const std::string here = std::to_string(at.x) + "," + std::to_string(at.y);
  Play({"unlimber B-F1 " + here});
  Play({"fertig", "fertig"});
  ASSERT_EQ(s_->active(), kPartyBlue);
  s_->remove_for_test(U("B-Z1"));
  s_->place_for_test(U("B-L1"), at);
  EXPECT_FALSE(Listed("limber B-F1 " + here));
  EXPECT_EQ(Why("limber B-F1 " + here),
            "PS §4.4: B-L1 (3 t) is too light to tow B-F1: a substitute tow must suit the weapon "
            "in performance (at least 8 t)");
  EXPECT_EQ(s_->why_illegal_text(A("limber B-F1 " + here)).de,
            "PS §4.4: B-L1 (3 t) ist zu leicht, um B-F1 zu ziehen: ein Ersatzzugmittel muss "
            "leistungsmäßig zur Waffe passen (mindestens 8 t)");
  // Without B-L1 in its field the howitzer has no vehicle at all and stays where it stands.
  s_->place_for_test(U("B-L1"), {at.x, at.y == 0 ? 1 : at.y - 1});
  EXPECT_NE(Why("limber B-F1 " + here).find("no suitable vehicle stands in"), std::string::npos);
}

// The original tows of the shipped situations suit their weapons by the same measure.
TEST(PlanspielTransportData, PS_4_4_OriginalTowsAreHeavyEnough) {
  for (const char* id : {"ps-1", "ps-2", "ps-3"}) {
    const auto g = make_planspiel(id);
    const Situation& sit = g->situation();
    for (size_t u = 0; u < sit.units.size(); ++u) {
      const int tow = sit.units[u].carrier;
      const UnitType& t = g->type(static_cast<int>(u));
      if (t.category != Category::kHeavyWeaponBase || tow < 0) continue;
      EXPECT_GE(g->type(tow).weight_t, t.tow_weight_t) << id << " " << sit.units[u].id;
    }
  }
}

// S-2 "Reinforcement B-I4": B-L4 enters with B-I4 on game turn 6 at (23,8); to let it dismount it
// moves at most 5 fields (half of the road allowance 10), the entry step included, e.g. to
// (19,8); B-I4 then goes one field on foot onto the bridge.
TEST_F(PlanspielTransport, S_2_ReinforcementB_I4DismountsAfterHalfSpeed) {
  s_->set_turn_for_test(6);
  Play({"fertig"});
  ASSERT_EQ(s_->active(), kPartyBlue);
  EXPECT_TRUE(Has(Why("move B-I4 23,8"), "aboard B-L4"));
  Play({"move B-L4 19,8"});
  EXPECT_EQ(s_->field_of(U("B-I4")), (Field{19, 8}));
  EXPECT_EQ(s_->unit(U("B-I4")).status, UnitStatus::kOnBoard);
  EXPECT_EQ(s_->unit(U("B-L4")).moved, 5);
  Play({"dismount B-I4 19,8", "move B-I4 18,8"});
  EXPECT_EQ(s_->field_of(U("B-I4")), (Field{18, 8}));
  // Six fields are too many.
  Restart();
  s_->set_turn_for_test(6);
  Play({"fertig", "move B-L4 18,8"});
  EXPECT_TRUE(Has(Why("dismount B-I4 18,8"),
                  "B-L4 moved 6 fields, more than half its speed (5 of "
                  "10)"));
}

// PS §7.5: what Red reads of Blue's getting on and off out of its sight: a hidden move (a move
// that an unseen enemy stops at once leaves Red the same view).
TEST_F(PlanspielTransport, PS_7_5_HiddenMountingIsMasked) {
  Play({"fertig"});
  s_->place_for_test(U("B-Z1"), {15, 6});
  const Action a = A("limber B-P1 15,6");
  EXPECT_EQ(s_->describe_for(a, kPartyRed), "move (hidden) (hidden)");
  EXPECT_EQ(s_->describe_for(a, kPartyBlue), "limber B-P1 15,6");
}

// ---------------------------------------------------------------- the pairs as data

std::string Ps2() {
  std::ifstream in(testing::DataDir() + "/situation-ps2.toml");
  return std::string(std::istreambuf_iterator<char>(in), {});
}

std::string BadPs2(const std::string& from, const std::string& to) {
  return testing::BadSituation(Ps2(), from, to);
}

int LineOfPs2(const std::string& what) {
  return testing::LineIn(Ps2(), what);
}

TEST(PlanspielTransportData, PS_4_4_TransportPairsOfPs2) {
  const Situation* s = find_situation("ps-2");
  ASSERT_NE(s, nullptr);
  const auto unit = [&](const std::string& id) -> const SituationUnit& {
    for (const SituationUnit& u : s->units)
      if (u.id == id) return u;
    throw std::logic_error(id);
  };
  const auto index = [&](const std::string& id) {
    return static_cast<int>(&unit(id) - s->units.data());
  };
  EXPECT_EQ(unit("B-I4").carrier, index("B-L4"));
  EXPECT_TRUE(unit("B-I4").carried);
  EXPECT_EQ(unit("B-I4").arrives, 6);
  EXPECT_EQ(unit("B-L4").load, index("B-I4"));
  EXPECT_EQ(unit("R-F1").carrier, index("R-Z1"));
  EXPECT_FALSE(unit("R-F1").carried);  // unlimbered
  EXPECT_EQ(unit("B-P1").carrier, index("B-Z1"));
  EXPECT_EQ(unit("R-G4").carrier, index("R-A4"));
  EXPECT_EQ(unit("R-G4").arrives, 4);
  EXPECT_EQ(s->units.size(), 25u);
}

TEST(PlanspielTransportData, PS_4_4_BadReferencesNameTheirLine) {
  std::string e = BadPs2("carrier = \"R-A1\"", "carrier = \"R-A9\"");
  EXPECT_TRUE(Has(e, ":" + std::to_string(LineOfPs2("carrier = \"R-A1\"")) +
                         ": field 'carrier' names no [[unit]] of the situation (is 'R-A9')"))
      << e;
  e = BadPs2("carrier = \"R-A1\"", "carrier = \"R-A2\"");
  EXPECT_TRUE(Has(e, "names R-A2, which does not name R-G1 in 'carries'")) << e;
  e = BadPs2("carries = \"R-G1\"", "carries = \"R-G2\"");
  EXPECT_TRUE(Has(e, ":" + std::to_string(LineOfPs2("carrier = \"R-A1\"")) +
                         ": field 'carrier' names R-A1, which does not name R-G1 in 'carries'"))
      << e;
  e = BadPs2("tow = \"B-Z1\"", "tow = \"B-Z2\"");
  EXPECT_TRUE(Has(e, "names B-Z2, which does not name B-P1 in 'tow_of'")) << e;
  e = BadPs2("state = \"unlimbered\"", "state = \"mounted\"");
  EXPECT_TRUE(Has(e, "\"limbered\" or \"unlimbered\"")) << e;
  // Limbered, B-P1 would have to stand with its tow.
  e = BadPs2("state = \"unlimbered\"", "state = \"limbered\"");
  EXPECT_TRUE(Has(e, "stands in its carrier's field 21,7")) << e;
  // A tractor tows weapons; it carries no figures (PS §4.5).
  e = BadPs2("tow_of = \"B-P1\"", "carries = \"B-P1\"");
  EXPECT_FALSE(e.empty());
  // PS §4.4: a tow carries its weapon's ammunition and no other troops.
  e = BadPs2(
      "tow_of = \"B-P1\"\nprovenance = { party = \"stand-in\", type = \"stand-in\", "
      "field = \"stand-in\", tow_of = \"stand-in\" }",
      "tow_of = \"B-P1\"\ncarries = \"B-I1\"\nprovenance = { party = \"stand-in\", type = "
      "\"stand-in\", field = \"stand-in\", tow_of = \"stand-in\", carries = \"stand-in\" }");
  EXPECT_TRUE(Has(e, ":" + std::to_string(LineOfPs2("tow_of = \"B-P1\"")) +
                         ": a tow carries its weapon's ammunition and no other troops: a vehicle "
                         "names 'carries' or 'tow_of', not both (PS §4.4)"))
      << e;
  e = BadPs2("type = \"SPW\"\nfield = \"3,6\"", "type = \"ZGKW\"\nfield = \"3,6\"");
  EXPECT_TRUE(Has(e, "a ZGKW (capacity tow_one_weapon) cannot carry a PZG (PS §4.5)")) << e;
  e = BadPs2(
      "provenance = { party = \"stand-in\", type = \"stand-in\", field = \"stand-in\", "
      "arrives = \"stand-in\", carrier = \"stand-in\", state = \"stand-in\" }",
      "provenance = { party = \"stand-in\", type = \"stand-in\", field = \"stand-in\", "
      "arrives = \"stand-in\", carrier = \"stand-in\" }");
  EXPECT_TRUE(Has(e, "value 'state'")) << e;
}

}  // namespace
}  // namespace feldherr::planspiel
