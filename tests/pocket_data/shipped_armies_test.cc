// The shipped Pocket Battles armies (data/pocket/*.toml) against every fact the sources reveal
// (docs/rules/pocket.md §1, §4.2, §8, §9.2, §12, §14, §15.1, §16).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "engine/errors.h"
#include "games/pocket/data.h"

namespace feldherr::pocket {
namespace {

const Army& Orcs() {
  static const Army army = load_army(FELDHERR_SOURCE_DIR "/data/pocket/orcs.toml");
  return army;
}
const Army& Elves() {
  static const Army army = load_army(FELDHERR_SOURCE_DIR "/data/pocket/elves.toml");
  return army;
}

const TroopType& ByName(const Army& army, const std::string& name) {
  for (const TroopType& t : army.troops) {
    if (t.name == name) return t;
  }
  ADD_FAILURE() << "no troop named " << name << " in " << army.id;
  static const TroopType none;
  return none;
}

const TroopType& ByGermanName(const Army& army, const std::string& name_de) {
  for (const TroopType& t : army.troops) {
    if (t.name_de == name_de) return t;
  }
  ADD_FAILURE() << "no troop with German name " << name_de << " in " << army.id;
  static const TroopType none;
  return none;
}

Provenance ProvenanceOf(const TroopType& t, const std::string& field) {
  for (const auto& [f, p] : t.provenance) {
    if (f == field) return p;
  }
  ADD_FAILURE() << t.id << " has no provenance for " << field;
  return Provenance::kStandIn;
}

int TotalDP(const Army& army) {
  int total = 0;
  for (const TroopType& t : army.troops) total += t.dp * t.count;
  return total;
}

// Hits of one unit for the rolled dice: every rolled die scores once per printed combat die
// showing its value (PB Gefecht 2, spec §8 step 2, A11).
int CombatHits(const std::vector<const TroopType*>& unit, const std::vector<int>& rolls) {
  int hits = 0;
  for (int roll : rolls) {
    for (const TroopType* t : unit) hits += t->combat_matches(roll);
  }
  return hits;
}

// PB Aufbau 5, spec §4.2: unit size <= smallest FV, "*" ignored.
bool UnitSizeValid(const std::vector<const TroopType*>& unit) {
  for (const TroopType* t : unit) {
    if (t->fv != kStarFV && static_cast<int>(unit.size()) > t->fv) return false;
  }
  return true;
}

TEST(PocketData, ShippedFilesLoad) {
  EXPECT_EQ(Orcs().id, "orcs");
  EXPECT_EQ(Orcs().name, "Orcs");
  EXPECT_EQ(Elves().id, "elves");
  EXPECT_EQ(Elves().name, "Elves");
  EXPECT_EQ(Orcs().file, FELDHERR_SOURCE_DIR "/data/pocket/orcs.toml");
}

TEST(PocketData, ShippedArmyLoadsFromDataDirOnceAndRejectsUnknownIds) {
  setenv("FELDHERR_DATA", FELDHERR_SOURCE_DIR "/data", 1);
  const Army& orcs = shipped_army("orcs");
  const Army& again = shipped_army("orcs");
  EXPECT_EQ(&orcs, &again);  // cached
  EXPECT_EQ(orcs.tiles(), 30);
  EXPECT_EQ(shipped_army("elves").id, "elves");
  EXPECT_THROW(shipped_army("dwarves"), DataError);
  EXPECT_THROW(shipped_army("../pocket/orcs"), DataError);
  EXPECT_THROW(shipped_army(""), DataError);
}

// PB Inhalt: 60 troop tiles; spec §1/§16: 30 per army.
TEST(PocketData, PB_1_EachArmyHas30Tiles) {
  EXPECT_EQ(Orcs().tiles(), 30);
  EXPECT_EQ(Elves().tiles(), 30);
}

// Spec §16, public list (goblins.net): troop types and counts per army.
TEST(PocketData, PB_16_OrcTroopListMatchesPublicList) {
  const std::map<std::string, int> expected = {
      {"Boulder Thrower", 1}, {"Bugbear", 4}, {"Catapult", 1}, {"Chariot", 1},
      {"Fanatic", 1},         {"Gnoll", 2},   {"Goblin", 4},   {"Half-Orc", 4},
      {"Hobgoblin", 2},       {"Kobold", 2},  {"Orc", 4},      {"Shaman", 1},
      {"Standard Bearer", 1}, {"Troll", 1},   {"Warlord", 1}};
  std::map<std::string, int> actual;
  for (const TroopType& t : Orcs().troops) actual[t.name] += t.count;
  EXPECT_EQ(actual, expected);
}

TEST(PocketData, PB_16_ElfTroopListMatchesPublicList) {
  const std::map<std::string, int> expected = {
      {"Archer", 5},       {"Captain", 1},        {"Champion", 1},      {"Chariot", 1},
      {"Elite Archer", 4}, {"Elven Doe", 2},      {"Great Eagle", 1},   {"Hero", 1},
      {"Magess", 1},       {"Mounted Archer", 2}, {"Mounted Guard", 2}, {"Pathfinder", 1},
      {"Queen", 1},        {"Spearman", 5},       {"Treeman", 1},       {"Wood Pack", 1}};
  std::map<std::string, int> actual;
  for (const TroopType& t : Elves().troops) actual[t.name] += t.count;
  EXPECT_EQ(actual, expected);
}

// PB Aufbau 5, Beispiel, spec §4.2 / §14.2: the Elfenkämpfer have formation value 3.
TEST(PocketData, PB_4_2_ElfFightersHaveFV3) {
  const TroopType& t = ByGermanName(Elves(), "Elfenkämpfer");
  EXPECT_EQ(t.fv, 3);
  EXPECT_EQ(ProvenanceOf(t, "fv"), Provenance::kRulesText);
  EXPECT_EQ(ProvenanceOf(t, "name_de"), Provenance::kRulesText);
}

// PB Gefecht 3, Beispiel 1: "2 Truppen Berittene Wächter (je 2 LP)".
TEST(PocketData, PB_9_2_MountedGuardsHaveLP2) {
  const TroopType& t = ByGermanName(Elves(), "Berittene Wächter");
  EXPECT_EQ(t.name, "Mounted Guard");
  EXPECT_EQ(t.lp, 2);
  EXPECT_EQ(t.count, 2);  // the example unit holds two of them
  EXPECT_EQ(ProvenanceOf(t, "lp"), Provenance::kRulesText);
}

// PB Gefecht 3, Beispiel 1: "1 Truppe Speerwerfer (1 LP)" in the same unit as the Guards, which
// is therefore a valid unit of 3 (PB Aufbau 5) of one army.
TEST(PocketData, PB_9_2_JavelinThrowersHaveLP1AndShareAUnitWithMountedGuards) {
  const TroopType& guard = ByGermanName(Elves(), "Berittene Wächter");
  const TroopType& javelin = ByGermanName(Elves(), "Speerwerfer");
  EXPECT_EQ(javelin.lp, 1);
  EXPECT_EQ(ProvenanceOf(javelin, "lp"), Provenance::kRulesText);
  EXPECT_TRUE(UnitSizeValid({&guard, &guard, &javelin}));
}

// PB Gefecht 2, Beispiel 1 and 2 (spec §14.5/14.6): the unit of 2 Berittene Wächter and 1
// Speerwerfer (the unit of the wound examples) has the combat dice 3, 3, 4, 4, 5.
TEST(PocketData, PB_15_1_ExampleUnitCombatDiceAre33445) {
  const TroopType& guard = ByGermanName(Elves(), "Berittene Wächter");
  const TroopType& javelin = ByGermanName(Elves(), "Speerwerfer");
  std::vector<int> dice;
  for (const TroopType* t : {&guard, &guard, &javelin}) {
    dice.insert(dice.end(), t->combat_dice.begin(), t->combat_dice.end());
  }
  std::sort(dice.begin(), dice.end());
  EXPECT_EQ(dice, (std::vector<int>{3, 3, 4, 4, 5}));
  EXPECT_EQ(ProvenanceOf(guard, "combat_dice"), Provenance::kRulesExample);
  EXPECT_EQ(ProvenanceOf(javelin, "combat_dice"), Provenance::kRulesExample);
}

// Spec §14.5: a roll of 4 scores 2 hits; §14.6: rolls 4 and 5 score 2 + 1 = 3 hits.
TEST(PocketData, PB_8_ExampleUnitScores2HitsOnA4And3HitsOn4And5) {
  const TroopType& guard = ByGermanName(Elves(), "Berittene Wächter");
  const TroopType& javelin = ByGermanName(Elves(), "Speerwerfer");
  const std::vector<const TroopType*> unit = {&guard, &guard, &javelin};
  EXPECT_EQ(CombatHits(unit, {4}), 2);
  EXPECT_EQ(CombatHits(unit, {4, 5}), 3);
  EXPECT_EQ(CombatHits(unit, {1}), 0);
  EXPECT_EQ(CombatHits(unit, {6}), 0);
}

// PB Sonderfall Kobolde: formation value "*".
TEST(PocketData, PB_12_KoboldsHaveStarFV) {
  const TroopType& t = ByGermanName(Orcs(), "Kobolde");
  EXPECT_EQ(t.name, "Kobold");
  EXPECT_EQ(t.fv, kStarFV);
  EXPECT_EQ(ProvenanceOf(t, "fv"), Provenance::kRulesText);
}

// PB Sonderfall Waldläufer: no life points.
TEST(PocketData, PB_12_PathfindersHaveNoLP) {
  const TroopType& t = ByGermanName(Elves(), "Waldläufer");
  EXPECT_EQ(t.name, "Pathfinder");
  EXPECT_EQ(t.lp, kNoLP);
  EXPECT_EQ(ProvenanceOf(t, "lp"), Provenance::kRulesText);
}

// Only the Kobolds have FV "*" and only the Waldläufer have no LP: the rulebook calls both a
// special case ("Sonderfall").
TEST(PocketData, PB_12_OnlyKoboldsAndPathfindersAreSpecialCases) {
  for (const Army* army : {&Orcs(), &Elves()}) {
    for (const TroopType& t : army->troops) {
      if (t.name_de != "Kobolde") {
        EXPECT_NE(t.fv, kStarFV) << t.id;
      }
      if (t.name_de != "Waldläufer") {
        EXPECT_NE(t.lp, kNoLP) << t.id;
      }
    }
  }
}

// Spec §16: the Troll regenerates (public review).
TEST(PocketData, PB_16_TrollRegenerates) {
  const TroopType& t = ByName(Orcs(), "Troll");
  EXPECT_TRUE(t.has(Trait::kRegenerate));
  EXPECT_EQ(ProvenanceOf(t, "traits"), Provenance::kPublicUnverified);
}

// Spec §16 (brandora.de): the box holds tiles worth over 100 army points per faction; PB Aufbau
// 2-3: 20 markers = 100 DP per player is the biggest battle the box supports.
TEST(PocketData, PB_16_EachArmyIsWorthMoreThan100DP) {
  EXPECT_GT(TotalDP(Orcs()), 100);
  EXPECT_GT(TotalDP(Elves()), 100);
}

// Design target (docs/pocket-data.md): a 60-point army (PB Aufbau 3, Beispiel) holds about 8 to 15
// troops, i.e. the average tile is worth 4 to 7.5 DP; single tiles cost 2 to 10 DP.
TEST(PocketData, StandIn_A60PointArmyHoldsAbout8To15Troops) {
  for (const Army* army : {&Orcs(), &Elves()}) {
    const double average = static_cast<double>(TotalDP(*army)) / army->tiles();
    EXPECT_GE(60.0 / average, 8.0) << army->id;
    EXPECT_LE(60.0 / average, 15.0) << army->id;
    for (const TroopType& t : army->troops) {
      EXPECT_GE(t.dp, 2) << t.id;
      EXPECT_LE(t.dp, 10) << t.id;
    }
  }
}

// Spec §15.1: every value is either sourced or marked; the counts come from the public list.
TEST(PocketData, EveryValueHasExactlyOneProvenance) {
  const std::vector<std::string> fields = {
      "name", "name_de", "count", "combat_dice", "shooting_dice", "traits", "dp", "fv", "lp"};
  for (const Army* army : {&Orcs(), &Elves()}) {
    for (const TroopType& t : army->troops) {
      std::multiset<std::string> seen;
      for (const auto& [field, provenance] : t.provenance) seen.insert(field);
      for (const std::string& f : fields) EXPECT_EQ(seen.count(f), 1u) << t.id << " " << f;
      EXPECT_EQ(seen.size(), fields.size()) << t.id;
      EXPECT_EQ(ProvenanceOf(t, "count"), Provenance::kPublicUnverified) << t.id;
      EXPECT_EQ(ProvenanceOf(t, "name"), Provenance::kPublicUnverified) << t.id;
    }
  }
}

// Provenance "rules-text"/"rules-example" is claimed only for the values the rulebook fixes
// (spec §15.1), so that a reader can trust the marks.
TEST(PocketData, RulebookProvenanceOnlyForValuesTheRulebookGives) {
  const std::set<std::string> allowed = {"elves.champion/name_de",
                                         "elves.champion/fv",
                                         "elves.mounted-guard/name_de",
                                         "elves.mounted-guard/lp",
                                         "elves.mounted-guard/combat_dice",
                                         "elves.spearman/name_de",
                                         "elves.spearman/lp",
                                         "elves.spearman/combat_dice",
                                         "elves.pathfinder/name_de",
                                         "elves.pathfinder/lp",
                                         "orcs.kobold/name_de",
                                         "orcs.kobold/fv"};
  std::set<std::string> actual;
  for (const Army* army : {&Orcs(), &Elves()}) {
    for (const TroopType& t : army->troops) {
      for (const auto& [field, provenance] : t.provenance) {
        if (provenance == Provenance::kRulesText || provenance == Provenance::kRulesExample) {
          actual.insert(t.id + "/" + field);
        }
      }
    }
  }
  EXPECT_EQ(actual, allowed);
}

TEST(PocketData, TroopIdsAreUniqueAndPrefixedWithTheArmy) {
  for (const Army* army : {&Orcs(), &Elves()}) {
    std::set<std::string> ids;
    for (const TroopType& t : army->troops) {
      EXPECT_EQ(t.id.rfind(army->id + ".", 0), 0u) << t.id;
      EXPECT_TRUE(ids.insert(t.id).second) << t.id;
    }
  }
}

// The traits the brief assigns (docs/pocket-data.md): healers, long-range shooters.
TEST(PocketData, StandIn_TraitsOfHealersAndLongRangeShooters) {
  EXPECT_TRUE(ByName(Orcs(), "Shaman").has(Trait::kHeal));
  EXPECT_TRUE(ByName(Elves(), "Magess").has(Trait::kHeal));
  EXPECT_TRUE(ByName(Orcs(), "Catapult").has(Trait::kLongRange));
  EXPECT_TRUE(ByName(Orcs(), "Boulder Thrower").has(Trait::kLongRange));
  EXPECT_TRUE(ByName(Elves(), "Elite Archer").has(Trait::kLongRange));
  // Every long-range troop can shoot, every troop can do something.
  for (const Army* army : {&Orcs(), &Elves()}) {
    for (const TroopType& t : army->troops) {
      if (t.has(Trait::kLongRange)) {
        EXPECT_FALSE(t.shooting_dice.empty()) << t.id;
      }
      EXPECT_FALSE(t.combat_dice.empty() && t.shooting_dice.empty()) << t.id;
    }
  }
}

}  // namespace
}  // namespace feldherr::pocket
