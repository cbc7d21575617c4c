// WSR 5.2 for separate carriers (gap G-11, [REC] A-38; games/wsr/carrier.cc): a truck (circled
// MF, WSR 1.2.1) carries one infantry platoon. Loading costs 3 MP of the carrier's MF and
// unloading 3 MP of the platoon's own MF, counting the MP already spent (5.2.1, 5.2.2 and the
// A-29 reading of the T-5.2-1 / T-5.2-2 numbers); disrupted infantry cannot load but can unload
// (5.2.1, 5.2.2); the passenger moves with its carrier, does not fire (5.2.3) and takes the
// carrier's results (5.2.4). No shipped scenario has trucks: the positions are built here (US
// truck: stand-in MF 6, soft, single step, wreck on the back). Map sheet A: row 01 is clear from
// H to L.
#include <gtest/gtest.h>

#include <algorithm>
#include <nlohmann/json.hpp>

#include "games/wsr/heuristic.h"
#include "tests/wsr_rules/wsr_rules_util.h"

namespace feldherr::wsr::testing {
namespace {

// The CCA HQ at A-L02 with a truck and an infantry platoon in `hex` (loaded when `loaded`),
// plus `more` US units; Beck's HQ at A-S10 with `de`.
Pos TruckPosition(const std::string& hex, bool loaded, std::vector<SetupUnit> more = {},
                  std::vector<SetupUnit> de = {}) {
  std::vector<SetupUnit> all = {U("us.hq-cca", "A-L02", "us.cca"), U("us.truck", hex, "us.cca"),
                                U("us.infantry", hex, "us.cca")};
  if (loaded) all[2].carried_by = 1;
  for (auto& u : more) all.push_back(u);
  all.push_back(U("de.hq-beck", "A-S10", "de.beck"));
  if (de.empty()) de = {U("de.panther", "A-S10", "de.beck")};
  for (auto& u : de) all.push_back(u);
  return Pos(MakeSetup(CcaBeck(), all));
}

bool CarrierOffered(Pos& p, const std::string& text) {
  ActionList l;
  p.state->legal_actions(l);
  return std::find(l.begin(), l.end(), p.parse(text)) != l.end();
}

// "roll" with `n` dice showing `face`.
std::string CarrierDice(int n, int face) {
  std::string s = "roll";
  for (int k = 0; k < n; ++k) s += " " + std::to_string(face);
  return s;
}

TEST(WsrCarrier, WSR_5_2_1_A38_LoadingCostsThreeMpOfTheCarriersMf) {
  Pos p = TruckPosition("A-K02", false);
  Activate(p, "us.cca");
  const int truck = p.unit("us.truck"), inf = p.unit("us.infantry");
  EXPECT_TRUE(p.s().separate_carrier(truck));
  EXPECT_TRUE(CarrierOffered(p, "load us.infantry us.truck"));  // in the operations decision (4.4)
  p.act("load us.infantry us.truck");
  EXPECT_TRUE(p.logged("WSR 5.2.1"));
  EXPECT_EQ(p.s().carrier_of(inf), truck);
  EXPECT_EQ(p.s().mp_left(truck), 6 - 3);  // as T-5.2-1: 3 MP of the MF moved on
  EXPECT_FALSE(p.legal("select us.infantry"));
  EXPECT_NE(p.why("select us.infantry").find("A-38"), std::string::npos);
  // The platoon moves with its carrier, on the carrier's MP.
  p.acts({"select us.truck", "move A-J02", "move A-I02"});
  EXPECT_EQ(p.s().unit(inf).hex, p.hex("A-I02"));
  EXPECT_EQ(p.s().mp_left(truck), 1);
  EXPECT_EQ(p.s().unit(inf).mp_spent, p.s().unit(truck).mp_spent);
  p.act("end-move");
  EXPECT_TRUE(p.s().has(inf, kOpsComplete));  // moved with it: Ops complete with it (5.0)
  CheckContract(p);
}

TEST(WsrCarrier, WSR_5_2_1_A38_LoadingCountsTheMpTheCarrierAlreadySpent) {
  // A-29 read for the carrier: 6 - 4 spent - 3 < 0 refuses; 6 - 3 - 3 = 0 allows.
  Pos p = TruckPosition("A-K02", false);
  Activate(p, "us.cca");
  p.acts({"select us.truck", "move A-J02", "move A-I02", "move A-H02", "move A-I02"});
  EXPECT_NE(p.why("load us.infantry us.truck").find("hex"), std::string::npos);
  Pos q = TruckPosition("A-K02", false);
  Activate(q, "us.cca");
  q.acts({"select us.truck", "move A-J02", "move A-K02"});  // 2 MP, back with the platoon
  EXPECT_TRUE(q.legal("load us.infantry us.truck"));        // 6 - 2 - 3 = 1
  q.acts({"move A-J02", "move A-K02"});                     // 4 MP spent
  const std::string why = q.why("load us.infantry us.truck");
  EXPECT_NE(why.find("A-29"), std::string::npos) << why;
  EXPECT_NE(why.find("A-38"), std::string::npos) << why;
}

TEST(WsrCarrier, WSR_5_2_2_A38_UnloadingCostsThreeMpOfThePlatoonsOwnMf) {
  // As T-5.2-2: a fresh loaded platoon unloads with 3 MP of its own MF 3 and has 0 MP left;
  // the truck still has its full MF.
  Pos p = TruckPosition("A-K02", true);
  Activate(p, "us.cca");
  const int truck = p.unit("us.truck"), inf = p.unit("us.infantry");
  EXPECT_TRUE(p.s().loaded(inf));
  EXPECT_TRUE(CarrierOffered(p, "unload us.infantry"));
  p.act("unload us.infantry");
  EXPECT_TRUE(p.logged("WSR 5.2.2"));
  EXPECT_FALSE(p.s().loaded(inf));
  EXPECT_EQ(p.s().mp_left(inf), 0);
  EXPECT_EQ(p.s().unit(inf).hex, p.hex("A-K02"));
  EXPECT_EQ(p.s().mp_left(truck), 6);
  p.acts({"select us.truck", "move A-J02"});
  EXPECT_EQ(p.s().unit(inf).hex, p.hex("A-K02"));  // it stays behind
  CheckContract(p);
}

TEST(WsrCarrier, WSR_5_2_2_A38_UnloadingNeedsMpOfThePlatoonsOwnMf) {
  // after the truck has spent 1 MP the platoon's own MF 3 - 1 - 3 < 0: it rides on and
  // unloads at the start of a later impulse.
  Pos p = TruckPosition("A-K02", true);
  Activate(p, "us.cca");
  p.act("select us.truck");
  EXPECT_TRUE(p.legal("unload us.infantry"));  // during the carrier's move, before a step
  p.act("move A-J02");
  const std::string why = p.why("unload us.infantry");
  EXPECT_NE(why.find("A-29"), std::string::npos) << why;
  EXPECT_NE(why.find("WSR 5.2.2"), std::string::npos) << why;
}

TEST(WsrCarrier, WSR_5_2_1_A38_DisruptedInfantryCannotLoadButCanUnload) {
  std::vector<SetupUnit> more = {U("us.truck", "A-I02", "us.cca"),
                                 U("us.infantry", "A-I02", "us.cca", true)};
  // Command tests pass, the reorganization roll fails.
  Pos q = TruckPosition("A-K02", true, more);
  q.act("draw us.cca");
  while (q.state->decision().kind == "roll") {
    const std::string prompt = q.state->decision().prompt;
    q.act(prompt.find("eorgani") != std::string::npos ? "roll 6 6" : "roll 1 1");
  }
  ASSERT_EQ(q.state->decision().kind, "operations");
  const std::string why = q.why("load us.infantry-2 us.truck-2");
  EXPECT_NE(why.find("WSR 5.2.1"), std::string::npos) << why;
  // A disrupted passenger unloads (5.2.2): disrupt the loaded one through its carrier.
  Pos r = TruckPosition("A-K02", true);
  r.s().unit(r.unit("us.truck")).flags |= kDisrupted;
  r.s().unit(r.unit("us.infantry")).flags |= kDisrupted;
  r.act("draw us.cca");
  while (r.state->decision().kind == "roll") {
    const std::string prompt = r.state->decision().prompt;
    r.act(prompt.find("eorgani") != std::string::npos ? "roll 6 6" : "roll 1 1");
  }
  EXPECT_TRUE(r.s().has(r.unit("us.infantry"), kDisrupted));
  EXPECT_TRUE(r.legal("unload us.infantry"));
  // ... and the passenger rolled no reorganization of its own: one roll for the carrier.
  EXPECT_EQ(std::count_if(r.events.begin(), r.events.end(),
                          [](const Event& e) { return e.rule == "WSR 4.3"; }),
            1);
}

TEST(WsrCarrier, WSR_5_2_A38_OnlyOneInfantryPlatoonRidesInATruck) {
  std::vector<SetupUnit> more = {U("us.m4a1", "A-J02", "us.cca"),
                                 U("us.mech-infantry", "A-J02", "us.cca")};
  Pos p = TruckPosition("A-K02", true, more);
  Activate(p, "us.cca");
  // A tank has no circled MF; mech infantry is its own transport (5.2), not a carrier.
  EXPECT_NE(p.why("load us.mech-infantry us.m4a1").find("WSR 1.2.1"), std::string::npos);
  EXPECT_NE(p.why("load us.m4a1 us.mech-infantry").find("A-38"), std::string::npos);
  // The platoon is in the truck already; a truck elsewhere takes no platoon from another hex.
  Pos q = TruckPosition("A-K02", true, {U("us.truck", "A-J02", "us.cca")});
  Activate(q, "us.cca");
  EXPECT_NE(q.why("load us.infantry us.truck-2").find("hex"), std::string::npos);
  EXPECT_NE(q.why("load us.infantry us.truck-1").find("already rides"), std::string::npos);
}

TEST(WsrCarrier, WSR_1_4_A38_PassengerAndCarrierAreTwoCountersForStacking) {
  Pos p = TruckPosition("A-K02", true, {U("us.m4a1", "A-J02", "us.cca")});
  Activate(p, "us.cca");
  p.act("select us.truck");
  const std::string why = p.why("move A-J02");
  EXPECT_NE(why.find("WSR 1.4"), std::string::npos) << why;
  EXPECT_TRUE(p.legal("move A-K01"));
}

TEST(WsrCarrier, WSR_5_2_3_A38_PassengerNeitherFiresNorIsATarget) {
  // A Panther 3 hexes from the loaded truck: it may fire at the truck only.
  Pos p = TruckPosition("A-K01", true, {}, {U("de.panther", "A-H01", "de.beck")});
  Activate(p, "de.beck");
  EXPECT_TRUE(p.legal("fire de.panther us.truck"));
  const std::string why = p.why("fire de.panther us.infantry");
  EXPECT_NE(why.find("WSR 5.2.4"), std::string::npos) << why;
  EXPECT_NE(why.find("A-38"), std::string::npos) << why;
  Pos q = TruckPosition("A-K01", true, {}, {U("de.panther", "A-H01", "de.beck")});
  Activate(q, "us.cca");
  const std::string w2 = q.why("fire us.infantry de.panther");
  EXPECT_NE(w2.find("WSR 5.2.3"), std::string::npos) << w2;
}

TEST(WsrCarrier, WSR_5_2_4_A38_PassengerTakesTheCarriersResults) {
  Pos p = TruckPosition("A-K01", true, {}, {U("de.panther", "A-H01", "de.beck")});
  Activate(p, "de.beck");
  const int truck = p.unit("us.truck"), inf = p.unit("us.infantry");
  p.act("fire de.panther us.truck");
  // One attack die a 6, the rest 1s: one hit; no defence die cancels it.
  const int n = p.s().fire_dice_count();
  p.act("roll 6" + (n > 1 ? CarrierDice(n - 1, 1).substr(4) : std::string()));
  while (p.state->decision().kind == "roll" && p.s().fire_chance())
    p.act(CarrierDice(p.s().fire_dice_count(), 1));
  EXPECT_TRUE(p.s().has(truck, kDisrupted));
  EXPECT_FALSE(p.s().has(truck, kGone));
  EXPECT_TRUE(p.s().has(inf, kDisrupted));  // 5.2.4: disrupted with its carrier
  EXPECT_FALSE(p.s().has(inf, kReduced));
  EXPECT_TRUE(p.s().loaded(inf));
  EXPECT_TRUE(p.logged("WSR 6.1"));
  CheckContract(p);
}

TEST(WsrCarrier, WSR_5_2_4_A38_OneHitDisruptsBothTwoEliminateBoth) {
  // Direct: the carrier's results on the passenger (hit_unit, as every attack applies them).
  Pos p = TruckPosition("A-K01", true);
  const int truck = p.unit("us.truck"), inf = p.unit("us.infantry");
  Text t = p.s().hit_unit(truck, 1);
  EXPECT_TRUE(p.s().has(truck, kDisrupted));
  EXPECT_TRUE(p.s().has(inf, kDisrupted));
  EXPECT_FALSE(p.s().has(inf, kReduced));
  EXPECT_NE(t.en.find("5.2.4"), std::string::npos) << t.en;
  t = p.s().hit_unit(truck, 1);  // disrupted single step: eliminated, the passenger too
  EXPECT_TRUE(p.s().has(truck, kGone));
  EXPECT_TRUE(p.s().has(inf, kGone));
  EXPECT_FALSE(p.s().loaded(inf));
  EXPECT_TRUE(p.s().has_wreck(p.hex("A-K01")));
  EXPECT_EQ(p.s().invariant_violation(), "");
}

TEST(WsrCarrier, WSR_6_2_A38_OpportunityFireTargetsTheLoadedCarrier) {
  // The loaded truck enters A-J01, 2 hexes from a Panther in good order.
  Pos p = TruckPosition("A-K01", true, {}, {U("de.panther", "A-H01", "de.beck")});
  Activate(p, "us.cca");
  p.acts({"select us.truck", "move A-J01"});
  ASSERT_EQ(p.state->current_seat(), 1);  // the opportunity-fire window (6.2)
  EXPECT_TRUE(p.legal("opfire de.panther us.truck"));
  EXPECT_FALSE(p.legal("opfire de.panther us.infantry"));
  EXPECT_NE(p.why("opfire de.panther us.infantry").find("A-38"), std::string::npos);
  p.act("opfire de.panther us.truck");
  const int n = p.s().fire_dice_count();  // one hit, not cancelled
  p.act("roll 6" + (n > 1 ? CarrierDice(n - 1, 1).substr(4) : std::string()));
  while (p.state->decision().kind == "roll" && p.s().fire_chance())
    p.act(CarrierDice(p.s().fire_dice_count(), 1));
  const int truck = p.unit("us.truck"), inf = p.unit("us.infantry");
  EXPECT_TRUE(p.s().has(truck, kDisrupted));
  EXPECT_TRUE(p.s().has(inf, kDisrupted));      // 5.2.4
  EXPECT_TRUE(p.s().has(truck, kOpsComplete));  // a disrupted mover ends its move (6.2)
  EXPECT_TRUE(p.s().has(inf, kOpsComplete));
  EXPECT_EQ(p.s().unit(inf).hex, p.hex("A-J01"));
  EXPECT_EQ(p.s().n_group, 0);
  EXPECT_EQ(p.s().invariant_violation(), "");
}

TEST(WsrCarrier, WSR_6_3_A38_ACarrierWithPassengersUnloadsBeforeAnAssault) {
  Pos p = TruckPosition("A-K01", true, {}, {U("de.panther", "A-J01", "de.beck")});
  Activate(p, "us.cca");
  p.act("select us.truck");
  EXPECT_NE(p.why("assault A-J01").find("A-38"), std::string::npos);
}

TEST(WsrCarrier, WSR_5_2_A38_SetupValidatesTheCarrier) {
  GameSetup s = MakeSetup(
      CcaBeck(), {U("us.hq-cca", "A-L02", "us.cca"), U("us.m4a1", "A-K02", "us.cca"),
                  U("us.infantry", "A-K02", "us.cca"), U("de.hq-beck", "A-S10", "de.beck")});
  s.units[2].carried_by = 1;
  EXPECT_THROW(WsrGame(TestData(), HexLayout::Single('A'), s), DataError);
  s.units[1].counter = "us.truck";
  s.units[1].hex = "A-K03";
  EXPECT_THROW(WsrGame(TestData(), HexLayout::Single('A'), s), DataError);  // not its hex
  s.units[1].hex = "A-K02";
  EXPECT_NO_THROW(WsrGame(TestData(), HexLayout::Single('A'), s));
}

TEST(WsrCarrier, WSR_5_2_A38_ObservationNamesTheCarrier) {
  Pos p = TruckPosition("A-K02", true);
  const json o = p.state->observe(1);  // no hidden information: both sides see it (5.2)
  bool found = false;
  for (const json& u : o.at("units"))
    if (u.at("label") == "us.infantry") {
      EXPECT_EQ(u.at("carried_by"), "us.truck");
      found = true;
    }
  EXPECT_TRUE(found);
  EXPECT_NE(p.state->render_text(0).find("in Truck"), std::string::npos);
}

TEST(WsrCarrier, WSR_5_2_A38_HeuristicLoadsFarFromTheEnemyAndUnloadsNearIt) {
  WsrHeuristicParams hp;
  Pos far = TruckPosition("A-K02", false);
  Activate(far, "us.cca");
  EXPECT_GT(WsrScore(far.s(), far.parse("load us.infantry us.truck"), hp), 0.0);
  Pos near = TruckPosition("A-K01", true, {}, {U("de.panther", "A-I01", "de.beck")});
  Activate(near, "us.cca");
  EXPECT_GT(WsrScore(near.s(), near.parse("unload us.infantry"), hp), 0.0);
}

}  // namespace
}  // namespace feldherr::wsr::testing
