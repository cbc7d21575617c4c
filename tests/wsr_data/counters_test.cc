// White Star Rising counters (data/wsr/counters-*.toml): the values that the rulebook's worked
// examples and text fix are exactly those (tests named after the rule or example), and the
// stand-ins keep the structure the rules need (tests named StandIn_...).
#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "games/wsr/data.h"
#include "tests/wsr_data/wsr_data_util.h"

namespace feldherr::wsr {
namespace {

using data_test::D;

const CounterType& C(const std::string& id) {
  const CounterType* c = D().FindCounter(id);
  if (c == nullptr) throw std::runtime_error("no counter " + id);
  return *c;
}

// To-hit after WSR 6.1.1 (extended range +1) and 6.1.2 (short range -1); -1 if out of range.
// (The rules module implements this properly; here it only reads the data as the examples do.)
int ToHitAt(const Weapon& w, int distance) {
  if (w.underlined) return distance <= w.range ? w.to_hit : -1;
  if (distance > 2 * w.range) return -1;
  if (distance > w.range) return w.to_hit == 6 ? 6 : w.to_hit + 1;
  if (distance <= w.range / 2) return w.to_hit - 1;
  return w.to_hit;
}

int Hits(const std::vector<int>& dice, int to_hit) {
  return static_cast<int>(
      std::count_if(dice.begin(), dice.end(), [&](int d) { return d >= to_hit; }));
}

// WSR 6.1 example: Easy Eight (AP 3, to-hit 4) fires at a Panther platoon (armor 3, save 5) in
// woods (+1 die): 6, 4, 3 = 2 hits; the German rolls 4 dice 3, 2, 4, 6 = 1 cancelled; 1 hit
// disrupts the Panther.
TEST(WsrCounters, WSR_6_1_Example_M4A3E8VersusPanther_Values) {
  const Face& e8 = C("us.m4a3e8").face(FaceId::kFull);
  const Face& panther = C("de.panther").face(FaceId::kFull);
  EXPECT_EQ(e8.ap.fp, 3);
  EXPECT_EQ(e8.ap.to_hit, 4);
  EXPECT_EQ(panther.armor, 3);
  EXPECT_EQ(panther.save, 5);
  EXPECT_EQ(panther.target_class(), TargetClass::kHard);
  EXPECT_EQ(e8.provenance.Of("ap.fp"), Provenance::kRulesExample);
  EXPECT_EQ(e8.provenance.Of("ap.to_hit"), Provenance::kRulesExample);
  EXPECT_EQ(panther.provenance.Of("armor"), Provenance::kRulesExample);
  EXPECT_EQ(panther.provenance.Of("save"), Provenance::kRulesExample);
  EXPECT_FALSE(e8.ap.enhanced);
  const int hits = Hits({6, 4, 3}, e8.ap.to_hit);
  EXPECT_EQ(hits, 2);
  const int defence_dice = panther.armor + D().terrain[Terrain::kWoods].defence_hard;
  EXPECT_EQ(defence_dice, 4);
  EXPECT_EQ(hits - Hits({3, 2, 4, 6}, panther.save), 1);
}

// WSR 6.1 example: a US 81mm mortar at a clear hex 10 hexes away rolls 2 dice, a 4 and a 6:
// 1 hit. So 2 dice, and at 10 hexes a 4 misses and a 6 hits.
TEST(WsrCounters, WSR_6_1_Example_81mmMortar_Values) {
  const CounterType& m = C("us.81mm-mortar");
  EXPECT_EQ(m.kind, UnitKind::kMortar);
  const Face& f = m.face(FaceId::kDismountedFull);
  EXPECT_EQ(f.he.fp, 2);
  const int to_hit = ToHitAt(f.he, 10);
  ASSERT_GT(to_hit, 0) << "10 hexes must be in range";
  EXPECT_EQ(Hits({4, 6}, to_hit), 1);
  EXPECT_EQ(f.target_class(), TargetClass::kSoft);
}

// WSR 6.1.1 example: M4A1 AP to-hit 5, range 5; at 6-10 hexes to-hit 6.
TEST(WsrCounters, WSR_6_1_1_Example_M4A1ExtendedRange_Values) {
  const Face& f = C("us.m4a1").face(FaceId::kFull);
  EXPECT_EQ(f.ap.to_hit, 5);
  EXPECT_EQ(f.ap.range, 5);
  EXPECT_FALSE(f.ap.underlined);
  for (int d = 6; d <= 10; ++d) EXPECT_EQ(ToHitAt(f.ap, d), 6) << d;
  EXPECT_EQ(ToHitAt(f.ap, 11), -1);
}

// WSR 6.1.2 example: Panzer IV AP to-hit 4, range 6; at most 3 hexes: to-hit 3.
TEST(WsrCounters, WSR_6_1_2_Example_PanzerIVShortRange_Values) {
  const Face& f = C("de.panzer-iv").face(FaceId::kFull);
  EXPECT_EQ(f.ap.to_hit, 4);
  EXPECT_EQ(f.ap.range, 6);
  EXPECT_FALSE(f.ap.underlined);
  for (int d = 1; d <= 3; ++d) EXPECT_EQ(ToHitAt(f.ap, d), 3) << d;
  EXPECT_EQ(ToHitAt(f.ap, 4), 4);
}

// WSR 6.1.4 example: a paratroop platoon ("Fallschirmjäger-Zug", the rulebook's word for the
// paratroopers of every nation) has assault strength 3+: it rolls 4 dice and counts 3.
TEST(WsrCounters, WSR_6_1_4_Example_ParatroopersAssault3Plus_Values) {
  for (const char* id : {"us.paratroopers", "de.paratroopers", "uk.paratroopers"}) {
    const Face& f = C(id).face(FaceId::kFull);
    EXPECT_EQ(f.assault.strength, 3) << id;
    EXPECT_TRUE(f.assault.enhanced) << id;
    EXPECT_EQ(f.provenance.Of("assault.strength"), Provenance::kRulesExample) << id;
  }
}

// WSR 6.3 example: a Beck SdKfz 251 platoon stacked with the full-strength Panzer IV Beck HQ
// rolls 3 dice: 1 for its assault strength, 2 for the HQ's command value.
TEST(WsrCounters, WSR_6_3_Example_SdKfz251WithBeckHq_Values) {
  const CounterType& pg = C("de.panzergrenadiere");
  const Face& mounted = pg.face(FaceId::kMountedFull);
  EXPECT_EQ(mounted.silhouette, "SdKfz 251");
  EXPECT_EQ(mounted.assault.strength, 1);
  EXPECT_EQ(mounted.target_class(), TargetClass::kHard);
  const CounterType& hq = C("de.hq-beck");
  EXPECT_EQ(hq.kind, UnitKind::kHq);
  EXPECT_EQ(hq.face(FaceId::kFull).command_value, 2);
  EXPECT_EQ(hq.face(FaceId::kFull).silhouette, "Panzer IV");
  EXPECT_EQ(hq.face(FaceId::kFull).symbol, Symbol::kVehicle);
  EXPECT_EQ(hq.hq_type, "de.panzer-iv");
  EXPECT_EQ(mounted.assault.strength + hq.face(FaceId::kFull).command_value, 3);
  EXPECT_EQ(D().formations.Find("de.beck")->hq, "de.hq-beck");
}

// WSR 5.2 example: a fresh US mech infantry platoon: M3 half-track face MF 5 (mounting leaves
// 5 - 3 = 2), NATO face MF 3 (dismounting leaves 0).
TEST(WsrCounters, WSR_5_2_Example_MechInfantryMountDismount_Values) {
  const CounterType& mi = C("us.mech-infantry");
  EXPECT_TRUE(mi.transport);
  const Face& mounted = mi.face(FaceId::kMountedFull);
  const Face& dismounted = mi.face(FaceId::kDismountedFull);
  EXPECT_EQ(mounted.silhouette, "M3 half-track");
  EXPECT_EQ(mounted.mf, 5);
  EXPECT_EQ(dismounted.mf, 3);
  EXPECT_EQ(mounted.mf - 3, 2);
  EXPECT_EQ(dismounted.mf - 3, 0);
  EXPECT_EQ(mounted.provenance.Of("mf"), Provenance::kRulesExample);
  EXPECT_EQ(dismounted.provenance.Of("mf"), Provenance::kRulesExample);
}

// B4 example: the reduced Panther rolls 4, 5, 4 = 3 hits at normal range (we put the example on
// AP firepower: 3 dice, to-hit 4).
TEST(WsrCounters, WSR_B4_Example_ReducedPantherAmbush_Values) {
  const Face& f = C("de.panther").face(FaceId::kReduced);
  ASSERT_TRUE(f.present);
  EXPECT_EQ(f.ap.fp, 3);
  EXPECT_LE(f.ap.to_hit, 4);
  EXPECT_EQ(Hits({4, 5, 4}, f.ap.to_hit), 3);
  EXPECT_EQ(f.provenance.Of("ap.fp"), Provenance::kRulesExample);
}

// WSR 1.3: the face up decides the class: Panzergrenadiere dismounted are soft, mounted hard;
// a truck (NATO symbol and silhouette) is soft.
TEST(WsrCounters, WSR_1_3_TargetClassByFace) {
  const CounterType& pg = C("de.panzergrenadiere");
  EXPECT_EQ(pg.face_for(false, false).target_class(), TargetClass::kSoft);
  EXPECT_EQ(pg.face_for(true, false).target_class(), TargetClass::kHard);
  EXPECT_EQ(pg.face_for(true, true).target_class(), TargetClass::kHard);
  EXPECT_EQ(C("us.truck").face(FaceId::kFull).target_class(), TargetClass::kSoft);
  EXPECT_EQ(C("us.p-47").face(FaceId::kFull).target_class(), TargetClass::kAircraft);
}

// WSR 1.3.2.3 example: the CCA HQ is replaced on a CCA M4A1 platoon; A6: CCA SHQ (M4A3E8).
// 13.0: Panzer-Zug 172 HQ Panzer IV (1944) / Panther (1945); WSG HQ Firefly.
TEST(WsrCounters, WSR_1_3_2_3_Example_HqTypes) {
  EXPECT_EQ(C("us.hq-cca").hq_type, "us.m4a1");
  EXPECT_EQ(C("us.shq-cca").hq_type, "us.m4a3e8");
  EXPECT_EQ(C("us.shq-cca").kind, UnitKind::kShq);
  EXPECT_EQ(C("de.hq-pz-172-44").hq_type, "de.panzer-iv");
  EXPECT_EQ(C("de.hq-pz-172-45").hq_type, "de.panther");
  EXPECT_EQ(C("uk.hq-wsg").hq_type, "uk.firefly");
}

// WSR 1.3.2.1: an SHQ has a single strength step; WSR 1.3.2.2: HQs flip to a reduced side.
TEST(WsrCounters, WSR_1_3_2_HqSteps) {
  for (const CounterSet& set : D().counters) {
    for (const CounterType& c : set.counters) {
      if (c.kind == UnitKind::kShq) {
        EXPECT_EQ(c.steps, 1) << c.id;
        EXPECT_FALSE(c.has_face(FaceId::kReduced)) << c.id;
      }
      if (c.kind == UnitKind::kHq) {
        EXPECT_TRUE(c.has_face(FaceId::kReduced)) << c.id;
      }
    }
  }
}

// WSR 1.3.4.3: HMG +1 range, +1 HE firepower; bazooka / Panzerschreck (and PIAT) a red "+".
TEST(WsrCounters, WSR_1_3_4_3_SupportWeaponValues) {
  for (const char* id : {"us.hmg", "de.hmg", "uk.hmg"}) {
    const Face& f = C(id).face(FaceId::kFull);
    EXPECT_EQ(f.he_bonus, 1) << id;
    EXPECT_EQ(f.range_bonus, 1) << id;
    EXPECT_FALSE(f.ap_enhanced) << id;
  }
  for (const char* id : {"us.bazooka", "de.panzerschreck", "uk.piat"}) {
    EXPECT_TRUE(C(id).face(FaceId::kFull).ap_enhanced) << id;
  }
}

// WSR 11.1: the AA units are M16, Crusader AA, Wirbelwind (vehicles, hard) and the 20mm
// Vierling (gun, soft); single step.
TEST(WsrCounters, WSR_11_1_AaUnits) {
  for (const char* id : {"us.m16", "uk.crusader-aa", "de.wirbelwind", "de.20mm-vierling"}) {
    const CounterType& c = C(id);
    EXPECT_TRUE(c.aa) << id;
    EXPECT_EQ(c.steps, 1) << id;
    EXPECT_TRUE(c.face_for(false, false).aa.present()) << id;
  }
  EXPECT_EQ(C("de.wirbelwind").face(FaceId::kFull).target_class(), TargetClass::kHard);
  EXPECT_EQ(C("de.20mm-vierling").face(FaceId::kDismountedFull).target_class(), TargetClass::kSoft);
  int aa_units = 0;
  for (const CounterSet& set : D().counters) {
    for (const CounterType& c : set.counters) aa_units += c.aa ? 1 : 0;
  }
  EXPECT_EQ(aa_units, 4);
}

// B3 and A3 remove the enhanced firepower of Panzergrenadiere without vehicles: on foot they
// have it.
TEST(WsrCounters, WSR_B3_A3_DismountedPanzergrenadiereEnhanced) {
  const CounterType& pg = C("de.panzergrenadiere");
  EXPECT_TRUE(pg.face(FaceId::kDismountedFull).he.enhanced);
  EXPECT_TRUE(pg.face(FaceId::kDismountedReduced).he.enhanced);
  EXPECT_EQ(pg.face(FaceId::kDismountedFull).provenance.Of("he.enhanced"), Provenance::kRulesText);
}

// Public game report (docs/rules/wsr.md G-3): M18 3 dice, base to-hit 4; Tiger I saves on 4+.
TEST(WsrCounters, PublicReport_M18VersusTiger_Values) {
  const Face& m18 = C("us.m18").face(FaceId::kFull);
  EXPECT_EQ(m18.ap.fp, 3);
  EXPECT_EQ(m18.ap.to_hit, 4);
  EXPECT_EQ(m18.provenance.Of("ap.fp"), Provenance::kPublicUnverified);
  const Face& tiger = C("de.tiger-i").face(FaceId::kFull);
  EXPECT_EQ(tiger.save, 4);
  EXPECT_EQ(tiger.provenance.Of("save"), Provenance::kPublicUnverified);
}

// The exact list of values with rulebook provenance, so that these marks can be trusted.
TEST(WsrCounters, RulebookExampleProvenanceOnlyForExampleValues) {
  std::set<std::string> got;
  for (const CounterSet& set : D().counters) {
    for (const CounterType& c : set.counters) {
      for (int i = 0; i < kNumFaces; ++i) {
        const Face& f = c.faces[static_cast<size_t>(i)];
        if (!f.present) continue;
        for (const auto& [field, p] : f.provenance.fields) {
          if (p == Provenance::kRulesExample && field != "symbol" && field != "silhouette") {
            got.insert(c.id + "/" + FaceName(static_cast<FaceId>(i)) + "/" + field);
          }
        }
        EXPECT_NE(f.provenance.fallback, Provenance::kRulesExample) << c.id;
      }
    }
  }
  const std::set<std::string> want = {
      "us.m4a3e8/full/ap.fp",
      "us.m4a3e8/full/ap.to_hit",
      "us.m4a1/full/ap.to_hit",
      "us.m4a1/full/ap.range",
      "de.panther/full/armor",
      "de.panther/full/save",
      "de.panther/reduced/ap.fp",
      "de.panther/reduced/ap.to_hit",
      "de.panzer-iv/full/ap.to_hit",
      "de.panzer-iv/full/ap.range",
      "de.hq-beck/full/command_value",
      "us.81mm-mortar/dismounted-full/he.fp",
      "us.81mm-mortar/dismounted-full/he.to_hit",
      "us.mech-infantry/mounted-full/mf",
      "us.mech-infantry/dismounted-full/mf",
      "de.panzergrenadiere/mounted-full/assault.strength",
      "us.paratroopers/full/assault.strength",
      "us.paratroopers/full/assault.enhanced",
      "de.paratroopers/full/assault.strength",
      "de.paratroopers/full/assault.enhanced",
      "uk.paratroopers/full/assault.strength",
      "uk.paratroopers/full/assault.enhanced",
  };
  EXPECT_EQ(got, want);
}

// Stand-in design rules: a reduced face is never stronger than the full face; transport
// counters can mount and dismount under A-29 (each face MF >= 3); steps and faces agree.
TEST(WsrCounters, StandIn_ReducedNeverStrongerAndFlipsPossible) {
  for (const CounterSet& set : D().counters) {
    for (const CounterType& c : set.counters) {
      const std::vector<std::pair<FaceId, FaceId>> pairs =
          c.transport ? std::vector<std::pair<FaceId, FaceId>>{{FaceId::kMountedFull,
                                                                FaceId::kMountedReduced},
                                                               {FaceId::kDismountedFull,
                                                                FaceId::kDismountedReduced}}
                      : std::vector<std::pair<FaceId, FaceId>>{{FaceId::kFull, FaceId::kReduced}};
      for (const auto& [full_id, red_id] : pairs) {
        ASSERT_TRUE(c.has_face(full_id)) << c.id;
        if (c.steps == 1) {
          EXPECT_FALSE(c.has_face(red_id)) << c.id;
          continue;
        }
        const Face& full = c.face(full_id);
        const Face& red = c.face(red_id);
        ASSERT_TRUE(red.present) << c.id;
        EXPECT_LE(red.ap.fp, full.ap.fp) << c.id;
        EXPECT_LE(red.he.fp, full.he.fp) << c.id;
        EXPECT_LE(red.assault.strength, full.assault.strength) << c.id;
        EXPECT_LE(red.command_value, full.command_value) << c.id;
        EXPECT_LE(red.mf, full.mf) << c.id;
        EXPECT_EQ(red.symbol, full.symbol) << c.id;
      }
      if (c.transport) {
        EXPECT_GE(c.face(FaceId::kMountedFull).mf, 3) << c.id;
        EXPECT_GE(c.face(FaceId::kDismountedFull).mf, 3) << c.id;
      }
    }
  }
}

// Stand-in: armored vehicles have AP or HE firepower and an MF; infantry-type units can attack
// soft targets; guns have AP firepower; every counter name or alias resolves uniquely.
TEST(WsrCounters, StandIn_EveryCombatUnitCanDoItsJob) {
  for (const CounterSet& set : D().counters) {
    for (const CounterType& c : set.counters) {
      const Face& f = c.face_for(false, false);
      switch (c.kind) {
        case UnitKind::kArmor:
          EXPECT_TRUE(f.ap.present() || f.he.present()) << c.id;
          EXPECT_GT(f.armor + f.save, 0) << c.id;
          break;
        case UnitKind::kInfantry:
        case UnitKind::kParatroopers:
        case UnitKind::kEngineers:
        case UnitKind::kMechInfantry:
          EXPECT_TRUE(f.he.present()) << c.id;
          EXPECT_TRUE(f.assault.present()) << c.id;
          EXPECT_TRUE(c.infantry_type()) << c.id;
          break;
        case UnitKind::kGun:
          EXPECT_TRUE(f.ap.present()) << c.id;
          break;
        case UnitKind::kMortar:
          EXPECT_TRUE(f.he.present()) << c.id;
          break;
        default:
          break;
      }
      EXPECT_EQ(set.FindByName(c.name), &c) << c.id;
      for (const std::string& a : c.aliases) EXPECT_EQ(set.FindByName(a), &c) << c.id << " " << a;
    }
  }
}

}  // namespace
}  // namespace feldherr::wsr
