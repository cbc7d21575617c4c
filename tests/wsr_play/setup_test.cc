// The setup phase of a scenario game (WSR 2.0), support weapon assignment (WSR 1.3.4.1),
// stacking (1.4), setup requirements (B4) and auto-setup (games/wsr/setup.cc).
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <nlohmann/json.hpp>

#include "engine/view.h"
#include "games/wsr/scenario.h"
#include "tests/wsr_play/wsr_play_util.h"

namespace feldherr::wsr::testing {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

// WSR 2.0: the side named first (B1: us) places its units into their zones; nothing is drawn
// before the setup is over and the cup is empty.
TEST(WsrSetup, WSR_2_0_SetupFirstSidePlacesIntoItsZone) {
  Play p("noville");
  EXPECT_EQ(p.state->current_seat(), p.seat("us"));
  EXPECT_EQ(p.state->decision().kind, "setup");
  EXPECT_EQ(p.s().cup_formation_markers(), 0);
  EXPECT_THAT(p.why("place us.paratroopers-1 A-A01"), HasSubstr("WSR 2.0"));
  EXPECT_THAT(p.why("place us.paratroopers-1 A-A01"),
              HasSubstr("setup zone of Paratroopers 1 (any woods hexes within 2 hexes of K8)"));
  // Fixed order: the force's units in file order, its HQ after them (WSR 1.3.2).
  EXPECT_THAT(p.why("place us.hq-507 A-K08"), HasSubstr("next is Paratroopers 1"));
  // A-J07 is a wooded hill: not a plain woods hex of the zone (scenario decision "woods").
  EXPECT_THAT(p.why("place us.paratroopers-1 A-J07"), HasSubstr("not in the setup zone"));
  p.act("place us.paratroopers-1 A-K08");
  EXPECT_EQ(p.s().unit(p.unit("us.paratroopers-1")).hex, p.hex("A-K08"));
  EXPECT_FALSE(p.s().has(p.unit("us.paratroopers-1"), kOffMap));
  EXPECT_TRUE(p.logged("WSR 2.0"));
  // "place <hex>" places the next unit.
  p.act("place A-K08");
  EXPECT_EQ(p.s().unit(p.unit("us.paratroopers-2")).hex, p.hex("A-K08"));
}

// WSR 1.3.2 [Text]: "An HQ must always be in a hex containing at least one unit of its own
// formation": the HQ is set up after its force's units, only into a hex holding one of them.
// WSR 2.0: before setting up the rest automatically the player is told which units he could
// still set up by hand, in set-up words (not "can still move").
TEST(WsrSetup, WSR_2_0_AutoSetupNamesTheUnitsStillToBeSetUpByHand) {
  Play p("noville");
  ASSERT_EQ(p.state->decision().kind, "setup");
  ViewOptions o;
  o.warnings = true;
  const View v = view_of(*p.state, p.seat("us"), o);
  const auto auto_setup = std::find_if(v.legal.begin(), v.legal.end(), [](const ViewedAction& a) {
    return a.info.text == "auto-setup";
  });
  ASSERT_NE(auto_setup, v.legal.end());
  EXPECT_THAT(auto_setup->warn.en,
              HasSubstr("Units are still to be set up by hand (Paratroopers 1)"));
  EXPECT_THAT(auto_setup->warn.de,
              HasSubstr("Es sind noch Einheiten von Hand aufzustellen (Fallschirmjäger 1)"));
  EXPECT_THAT(auto_setup->warn.en, Not(HasSubstr("move")));
}

TEST(WsrSetup, WSR_1_3_2_HqMustStayWithAUnitOfItsFormation_Setup) {
  Play p("noville");
  for (const char* a : {"place A-K08", "place A-K08", "place A-K09", "place A-K09"}) p.act(a);
  EXPECT_EQ(p.s().setup_next_unit(p.seat("us")), p.unit("us.57mm-atg"));
  p.act("place A-J09");
  EXPECT_EQ(p.s().setup_next_unit(p.seat("us")), p.unit("us.hq-507"));
  // Every other hex of the zone holds no unit of the 507th.
  const Zone* z = p.game->setup().scenario_data->FindZone("507-setup");
  int refused = 0;
  for (int h : z->hexes) {
    const std::string name = p.game->layout().Name(h);
    if (name == "A-K08" || name == "A-K09" || name == "A-J09") continue;
    EXPECT_THAT(
        p.why("place us.hq-507 " + name),
        HasSubstr("WSR 1.3.2: an HQ must always be in a hex with a unit of its own formation"))
        << name;
    ++refused;
  }
  EXPECT_GT(refused, 0);
  p.act("place us.hq-507 A-J09");  // with the attached 57mm ATG
  EXPECT_EQ(p.s().lone_hq(), "");
  // CCA: its HQ after its seven units; never into a hex of the 507th only.
  for (const char* a : {"place A-H08", "place A-H08", "place A-G08", "place A-G08", "place A-G09",
                        "place A-G09", "place A-H09"})
    p.act(a);
  EXPECT_EQ(p.s().setup_next_unit(p.seat("us")), p.unit("us.hq-cca"));
  EXPECT_THAT(p.why("place us.hq-cca A-K08"), HasSubstr("own formation"));
  p.act("place us.hq-cca A-H08");
  // Every side's auto-setup keeps every HQ with its formation, in every basic scenario.
  for (const char* id : {"noville", "le-hauderie", "vierville", "koeln"}) {
    Play q(id);
    while (q.s().top().kind == kStepDdRoll || q.s().top().kind == kStepFate)
      q.act(q.s().top().kind == kStepFate ? "no-fate" : "roll 3");
    while (q.state->decision().kind == "setup") q.act("auto-setup");
    EXPECT_EQ(q.s().lone_hq(), "") << id;
    for (int u = 0; u < q.s().n_units; ++u) {
      if (q.s().info(u).hq && q.s().on_map(u)) {
        EXPECT_TRUE(q.s().formation_unit_in(u, q.s().unit(u).hex))
            << id << " " << q.s().unit_label(u);
      }
    }
  }
}

// The scenarios' "mounted" stand-in: a transport counter may be set up on either face (WSR
// 5.2); a counter without a mounted face may not.
TEST(WsrSetup, WSR_5_2_TransportCountersMayBeSetUpOnEitherFace) {
  Play p("noville");
  for (const char* a : {"place A-K08", "place A-K08", "place A-K09", "place A-K09", "place A-J09",
                        "place us.hq-507 A-K08", "place A-H08", "place A-H08"})
    p.act(a);
  EXPECT_THAT(p.why("place us.m4a1-2 A-G08 mounted"), HasSubstr("no mounted face"));
  p.act("place A-G08");
  ASSERT_TRUE(p.s().has(p.unit("us.mech-infantry-1"), kMounted));  // the file: mounted
  p.act("place us.mech-infantry-1 A-G09 dismounted");
  EXPECT_FALSE(p.s().has(p.unit("us.mech-infantry-1"), kMounted));
  EXPECT_FALSE(p.s().hard_target(p.unit("us.mech-infantry-1")));
  p.act("place A-G09 mounted");  // already mounted: placed as it is
  EXPECT_TRUE(p.s().has(p.unit("us.mech-infantry-2"), kMounted));
}

// WSR 1.4: at most 2 combat units per hex, one HQ/SHQ per hex, also in the setup.
TEST(WsrSetup, WSR_1_4_StackingHoldsInTheSetup) {
  Play p("noville");
  p.act("place us.paratroopers-1 A-K08");
  p.act("place us.paratroopers-2 A-K08");
  EXPECT_THAT(p.why("place us.60mm-mortar A-K08"), HasSubstr("WSR 1.4"));
  p.act("place us.60mm-mortar A-K09");
  p.act("place us.m18 A-K09");
  p.act("place us.57mm-atg A-J09");
  p.act("place us.hq-507 A-K08");
  for (const char* a :
       {"place A-H08", "place A-H08", "place A-G08", "place A-G08", "place A-G09", "place A-G09"})
    p.act(a);
  EXPECT_THAT(p.why("place us.81mm-mortar A-K08"), HasSubstr("WSR 1.4"));
  p.act("place us.81mm-mortar A-H09");
  // CCA's HQ may not join the 507th HQ in A-K08 (cca-setup covers columns A-M).
  EXPECT_THAT(p.why("place us.hq-cca A-K08"), HasSubstr("WSR 1.3.2"));
  p.act("place us.hq-cca A-H08");
}

// WSR 1.3.4.1: each SW goes to an infantry-type platoon of its own force, one per platoon,
// after the side's units are placed.
TEST(WsrSetup, WSR_1_3_4_1_SupportWeaponsGoToInfantryOfTheirForce) {
  Play p("noville");
  for (const char* a :
       {"place A-K08", "place A-K08", "place A-K09", "place A-K09", "place A-J09",
        "place us.hq-507 A-K08", "place A-H08", "place A-H08", "place A-G08", "place A-G08",
        "place A-G09", "place A-G09", "place A-H09", "place us.hq-cca A-H08"})
    p.act(a);
  EXPECT_EQ(p.s().setup_next_unit(p.seat("us")), -1);
  EXPECT_EQ(p.state->decision().kind, "setup");
  EXPECT_THAT(p.why("assign us.hmg us.mech-infantry-1"), HasSubstr("next is Bazooka"));
  EXPECT_THAT(p.why("assign us.bazooka us.m18"), HasSubstr("infantry-type"));
  EXPECT_THAT(p.why("assign us.bazooka us.mech-infantry-1"), HasSubstr("own force"));
  p.act("assign us.bazooka us.paratroopers-1");
  EXPECT_EQ(p.s().sw(p.unit("us.paratroopers-1")), ShippedData().FindCounter("us.bazooka"));
  p.act("assign us.hmg us.mech-infantry-2");
  EXPECT_EQ(p.s().sw(p.unit("us.mech-infantry-2"))->id, "us.hmg");
  // The US is done: the German sets up next.
  EXPECT_EQ(p.state->current_seat(), p.seat("de"));
  EXPECT_THAT(p.why("place de.hq-beck A-K01"), HasSubstr("WSR 2.0"));
  p.act("auto-setup");
  // Play starts: markers in the cup (WSR 2.0), Chance draws.
  EXPECT_EQ(p.state->current_seat(), kChance);
  EXPECT_EQ(p.s().cup_formation_markers(), 3);
  EXPECT_EQ(p.s().cup_end_turn_markers(), 2);
  EXPECT_TRUE(p.s().has(p.unit("de.tiger-i"), kOffMap));          // second element: arrives later
  EXPECT_NE(p.s().sw(p.unit("de.panzergrenadiere-1")), nullptr);  // de.hmg assigned
  EXPECT_EQ(p.s().invariant_violation(), "");
}

// WSR-B4: "at least one unit in a city hex in column N or O": a placement after which the
// remaining units could not meet it is refused.
TEST(WsrSetup, WSR_B4_SetupRequirementRefusesTheLastChanceElsewhere) {
  Play p("koeln");
  ASSERT_EQ(p.state->current_seat(), p.seat("de"));  // the German sets up first
  const Scenario& sc = *p.game->setup().scenario_data;
  const Zone* vslf = sc.FindZone("vslf");
  const Zone* no = sc.FindZone("vslf-n-o");
  std::vector<std::string> outside;
  for (int h : vslf->hexes)
    if (!no->Contains(h)) outside.push_back(p.game->layout().Name(h));
  ASSERT_GE(outside.size(), 3u);
  p.act("place de.panther-1 " + outside[0]);
  p.act("place de.infantry-1 " + outside[1]);
  p.act("place de.infantry-2 " + outside[1]);
  // The HQ comes last (WSR 1.3.2) and can only join a unit outside the zone.
  const std::string why = p.why("place de.infantry-3 " + outside[2]);
  EXPECT_THAT(why, HasSubstr("WSR-B4 setup requirement (WSR 2.0)"));
  EXPECT_THAT(p.why("place de.infantry-3 B-N05"), "");
  p.act("place de.infantry-3 B-N05");
  p.act("place de.hq-beck " + outside[0]);
  p.act("assign de.panzerschreck de.infantry-3");
  EXPECT_EQ(p.state->current_seat(), p.seat("us"));
  // The ambush Panther (special rule) is not set up.
  EXPECT_TRUE(p.s().has(p.unit("de.panther-2"), kOffMap));
}

TEST(WsrSetup, WSR_B4_AutoSetupMeetsTheRequirement) {
  Play p("koeln");
  p.act("auto-setup");
  const Zone* no = p.game->setup().scenario_data->FindZone("vslf-n-o");
  int inside = 0;
  for (int u = 0; u < p.s().n_units; ++u)
    if (p.s().on_map(u) && p.s().side_of(u) == p.seat("de") && no->Contains(p.s().unit(u).hex))
      ++inside;
  EXPECT_GE(inside, 1);
}

// auto-setup for both sides of every basic scenario: every setup unit placed in its zone,
// every SW of the side assigned, stacking kept, play starts.
TEST(WsrSetup, WSR_2_0_AutoSetupEveryBasicScenario) {
  for (const std::string& id : PlayableScenarioIds()) {
    SCOPED_TRACE(id);
    Play p(id);
    while (p.s().top().kind == kStepDdRoll || p.s().top().kind == kStepFate)
      p.act(p.s().top().kind == kStepFate ? "no-fate" : "roll 3");  // A7 dd-tanks first
    int guard = 0;
    while (p.state->decision().kind == "setup" && ++guard < 4) p.act("auto-setup");
    EXPECT_NE(p.state->decision().kind, "setup");
    EXPECT_EQ(p.s().invariant_violation(), "");
    const Scenario& sc = *p.game->setup().scenario_data;
    for (int u = 0; u < p.s().n_units; ++u) {
      const Force& f =
          sc.forces[static_cast<size_t>(p.game->setup().units[static_cast<size_t>(u)].force)];
      if (f.arrival == ArrivalKind::kSetup) {
        ASSERT_TRUE(p.s().on_map(u)) << p.s().unit_label(u);
        EXPECT_TRUE(sc.FindZone(f.zone)->Contains(p.s().unit(u).hex)) << p.s().unit_label(u);
      }
    }
    for (int k = 0; k < p.game->num_sws(); ++k) {
      int holders = 0;
      for (int u = 0; u < p.s().n_units; ++u) holders += p.s().unit(u).sw == k + 1 ? 1 : 0;
      EXPECT_EQ(holders, 1) << p.game->sw_info(k).label;
    }
    // Auto-setup is deterministic.
    Play q(id);
    while (q.s().top().kind == kStepDdRoll || q.s().top().kind == kStepFate)
      q.act(q.s().top().kind == kStepFate ? "no-fate" : "roll 3");
    while (q.state->decision().kind == "setup") q.act("auto-setup");
    EXPECT_EQ(q.state->hash(), p.state->hash());
  }
}

// WSR 2.0, Bieville (WSR-A11): the German tanks win by leaving over the west edge of map C column
// K. Their setup zone, map B columns H-K, takes in the land north of the Vire (B-F01 to B-K03),
// whose only bridge lies outside the playable area. Auto-setup sets no German combat unit up
// where no path over passable terrain (WSR 5.0: a river hex without a bridge is impassable, maps
// doc 2.3) leads to the exit; the zone has such hexes (B-H01), and stacking leaves room elsewhere.
TEST(WsrSetup, WSR_2_0_A11_AutoSetupSetsNoCombatUnitUpWhereNoPathLeadsToTheExit) {
  Play p("bieville");
  const HexLayout& L = p.game->layout();
  const Scenario& sc = *p.game->setup().scenario_data;
  const Zone* edge = sc.FindZone("west-edge");
  const Zone* zone = sc.FindZone("pz-setup");
  ASSERT_NE(edge, nullptr);
  ASSERT_NE(zone, nullptr);
  // linked[hard][h]: a path leads from h to the exit zone (searched back from the edge).
  std::vector<bool> linked[2];
  for (int hard = 0; hard < 2; ++hard) {
    std::vector<bool>& in = linked[hard];
    in.assign(static_cast<size_t>(L.size()), false);
    std::vector<int> queue(edge->hexes.begin(), edge->hexes.end());
    for (int h : queue) in[static_cast<size_t>(h)] = true;
    for (size_t q = 0; q < queue.size(); ++q)
      for (int d = 0; d < 6; ++d) {
        const int y = L.Neighbour(queue[q], d);
        if (y < 0 || in[static_cast<size_t>(y)] ||
            p.game->step_cost(y, OppositeDir(d), hard != 0) < 0)
          continue;
        in[static_cast<size_t>(y)] = true;
        queue.push_back(y);
      }
  }
  ASSERT_TRUE(zone->Contains(p.hex("B-H01")));
  EXPECT_FALSE(linked[1][static_cast<size_t>(p.hex("B-H01"))]) << "north of the Vire";
  const int de = p.seat("de");
  int guard = 0;
  while (p.state->decision().kind == "setup" && ++guard < 4) p.act("auto-setup");
  ASSERT_NE(p.state->decision().kind, "setup");
  int placed = 0;
  for (int u : p.game->side_units(de)) {
    if (!p.s().on_map(u) || p.s().info(u).hq) continue;
    ++placed;
    const bool hard = p.s().hard_target(u);
    EXPECT_TRUE(linked[hard ? 1 : 0][static_cast<size_t>(p.s().unit(u).hex)])
        << p.s().unit_label(u) << " in " << p.s().hex_name(p.s().unit(u).hex);
  }
  EXPECT_EQ(placed, 7) << "five Panzer IVs, the Wirbelwind and the Tiger";
}

// The setup decisions keep the state contract: text forms, JSON, hash.
TEST(WsrSetup, SetupActionsRoundTripAndJson) {
  Play p("le-hauderie");
  p.act("auto-setup");  // de
  for (int k = 0; k < 3; ++k) {
    ActionList legal = p.state->legal_actions();
    ASSERT_FALSE(legal.empty());
    for (const Action& a : legal) {
      Action b;
      std::string err;
      ASSERT_TRUE(p.state->parse(p.state->describe(a), b, err)) << p.state->describe(a) << err;
      EXPECT_EQ(a, b);
    }
    p.state->apply(legal.front(), &p.events);
    auto r = p.game->state_from_json(p.state->to_json());
    EXPECT_EQ(r->hash(), p.state->hash());
  }
  // The SW holder is part of the state (WSR 1.3.4.1): in the JSON, the hash and checked.
  json j = p.state->to_json();
  const auto holder = std::find_if(j["units"].begin(), j["units"].end(),
                                   [](const json& u) { return u.at(4).get<int>() != 0; });
  ASSERT_NE(holder, j["units"].end());
  (*holder)[4] = 0;
  EXPECT_NE(p.game->state_from_json(j)->hash(), p.state->hash());
  (*holder)[4] = 99;
  EXPECT_THROW(p.game->state_from_json(j), std::runtime_error);
}

}  // namespace
}  // namespace feldherr::wsr::testing

namespace feldherr::wsr::testing {
namespace {

// WSR 8.1, WSR-A2 [Rec]: the US places its 4 improved positions during its setup, after its
// units and support weapons, in hexes of its setup zone (A columns K-M), one per hex;
// auto-setup places the rest; then play starts.
TEST(WsrSetup, WSR_8_1_A2_ImprovedPositionsArePlacedDuringTheSetup) {
  Play p("bastogne");
  const int us = p.game->seat_index("us");
  int guard = 0;
  while (p.state->decision().kind == "setup" && ++guard < 200) {
    const int side = p.s().top().a;
    if (side != us) {
      p.act("auto-setup");
      continue;
    }
    if (p.s().setup_next_unit(side) < 0 && p.s().setup_next_sw(side) < 0) break;
    ActionList legal;
    p.state->legal_actions(legal);
    ASSERT_FALSE(legal.empty());
    p.act(p.state->describe(legal.front()));  // place / assign, not auto-setup
  }
  ASSERT_EQ(p.s().top().a, us);
  EXPECT_EQ(p.s().setup_ips_left(us), 4);
  EXPECT_NE(p.state->why_illegal(p.parse("place-ip A-A01")).find("setup zone"), std::string::npos);
  ActionList legal;
  p.state->legal_actions(legal);
  ASSERT_EQ(legal.front().verb, kPlaceIp);
  const int hex = legal.front().arg(0);
  p.act("place-ip " + p.s().hex_name(hex));
  EXPECT_EQ(p.s().setup_ips_left(us), 3);
  EXPECT_TRUE(p.s().has_ip(hex));
  EXPECT_NE(p.state->why_illegal(p.parse("place-ip " + p.s().hex_name(hex))), "");
  p.act("auto-setup");
  EXPECT_EQ(p.s().setup_ips_left(us), 0);
  int ips = 0;
  for (int h = 0; h < p.game->layout().size(); ++h) ips += p.s().has_ip(h) ? 1 : 0;
  EXPECT_EQ(ips, 4);
  while (p.state->decision().kind == "setup" && ++guard < 400) p.act("auto-setup");  // de
  EXPECT_NE(p.state->decision().kind, "setup");
}

}  // namespace
}  // namespace feldherr::wsr::testing
