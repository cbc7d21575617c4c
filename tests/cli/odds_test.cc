// `feldherr odds` (docs/cli.md) run in-process (cli::run) with the product's data: WSR fire
// (WSR 6.1, the T-6.1-1 Easy Eight versus Panther example) and Pocket Battles melee and shooting
// (PB Gefecht 1-2, PB Beschießen 2).
#include "games/wsr/odds.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <sstream>

#include "cli/cli.h"
#include "games/planspiel/fire.h"
#include "games/planspiel/fire_data.h"
#include "games/planspiel/state.h"
#include "games/planspiel/units.h"
#include "games/wsr/data.h"

namespace feldherr {
namespace {

using ::testing::HasSubstr;

struct OddsRun {
  int code = -1;
  std::string out;
  std::string err;
};

OddsRun Odds(std::vector<std::string> args) {
  args.insert(args.begin(), "odds");
  static const Registry empty;
  std::istringstream in;
  std::ostringstream out, err;
  OddsRun r;
  r.code = cli::run(args, empty, in, out, err);
  r.out = out.str();
  r.err = err.str();
  return r;
}

nlohmann::json Json(std::vector<std::string> args) {
  args.push_back("--json");
  const OddsRun r = Odds(args);
  EXPECT_EQ(r.code, cli::kExitOk) << r.err;
  return nlohmann::json::parse(r.out);
}

double SumOf(const nlohmann::json& object) {
  double sum = 0;
  for (const auto& [key, value] : object.items()) sum += value.get<double>();
  return sum;
}

const std::vector<std::string> kEasyEight{"wsr",      "fire",    "--attacker", "M4A3E8",
                                          "--target", "Panther", "--terrain",  "woods",
                                          "--band",   "normal"};

TEST(CliOdds, WSR_6_1_T1_IssueExampleMatchesTheOddsLibrary) {
  const nlohmann::json j = Json(kEasyEight);
  EXPECT_EQ(j["params"]["attacker"], "us.m4a3e8");
  EXPECT_EQ(j["params"]["target"], "de.panther");
  EXPECT_EQ(j["params"]["dice"], 3);
  EXPECT_EQ(j["params"]["to_hit"], 4);
  EXPECT_EQ(j["params"]["defence_dice"], 4);
  EXPECT_EQ(j["params"]["save"], 5);
  EXPECT_NEAR(SumOf(j["net_hits"]), 1.0, 1e-12);
  EXPECT_NEAR(SumOf(j["results"]), 1.0, 1e-12);
  const wsr::Data& d = wsr::ShippedData();
  const wsr::FireOdds o = wsr::OddsOfFireAtBand(
      *d.FindCounter("us.m4a3e8"), *d.FindCounter("de.panther"), d.terrain[wsr::Terrain::kWoods],
      wsr::FireSituation{}, wsr::RangeBand::kNormal);
  ASSERT_EQ(j["net_hits"].size(), o.net_hits.size());
  for (size_t k = 0; k < o.net_hits.size(); ++k) {
    EXPECT_NEAR(j["net_hits"][std::to_string(k)].get<double>(), o.net_hits[k], 1e-12);
  }
  // One net hit disrupts the good-order Panther (WSR 6.1.7), two reduce it, three eliminate it.
  EXPECT_NEAR(j["results"]["disrupted"].get<double>(), o.net_hits[1], 1e-12);
  EXPECT_NEAR(j["results"]["eliminated"].get<double>(), o.net_hits[3], 1e-12);
}

TEST(CliOdds, WSR_6_1_T1_TablePrintsParametersAndFourDecimals) {
  const OddsRun r = Odds(kEasyEight);
  ASSERT_EQ(r.code, cli::kExitOk) << r.err;
  EXPECT_THAT(r.out, HasSubstr("attack: 3 dice, hit on 4+"));
  EXPECT_THAT(r.out, HasSubstr("defence: 4 dice, save on 5+"));
  EXPECT_THAT(r.out, HasSubstr("exact"));
  // P(0 net hits) = 16/27 (from Bin(3, 1/2) hits against Bin(4, 1/3) saves).
  EXPECT_THAT(r.out, HasSubstr("0.5926"));
  EXPECT_THAT(r.out, HasSubstr("no-effect"));
}

TEST(CliOdds, WSR_6_1_1_RangeInHexesGivesTheBand) {
  std::vector<std::string> args{"wsr",     "fire",      "--attacker", "us.m4a3e8", "--target",
                                "panther", "--terrain", "Woods",      "--range",   "2"};
  const nlohmann::json j = Json(args);
  EXPECT_EQ(j["params"]["band"], "short");
  EXPECT_EQ(j["params"]["range"], 2);
  EXPECT_NEAR(SumOf(j["net_hits"]), 1.0, 1e-12);
  args.back() = "13";  // beyond 2 x range 6: refused with the rule
  const OddsRun r = Odds(args);
  EXPECT_EQ(r.code, cli::kExitUsage);
  EXPECT_THAT(r.err, HasSubstr("WSR 6.1.1"));
}

TEST(CliOdds, UnknownNamesExitTwoListingCandidates) {
  OddsRun r = Odds({"wsr", "fire", "--attacker", "Easy", "--target", "Panther", "--terrain",
                    "woods", "--band", "normal"});
  EXPECT_EQ(r.code, cli::kExitUsage);
  EXPECT_THAT(r.err, HasSubstr("us.m4a3e8"));  // "Easy" is contained in its alias
  r = Odds({"wsr", "fire", "--attacker", "M4A3E8", "--target", "Panther", "--terrain", "swamp",
            "--band", "normal"});
  EXPECT_EQ(r.code, cli::kExitUsage);
  EXPECT_THAT(r.err, HasSubstr("woods"));
  r = Odds({"wsr", "fire", "--attacker", "M4A3E8", "--target", "Panther", "--terrain", "woods"});
  EXPECT_EQ(r.code, cli::kExitUsage);
  EXPECT_THAT(r.err, HasSubstr("--band"));
  r = Odds({"pocket", "melee", "--attacker", "elves.no-such"});
  EXPECT_EQ(r.code, cli::kExitUsage);
  EXPECT_THAT(r.err, HasSubstr("elves.mounted-guard"));
  r = Odds({"pocket", "shoot", "--dice", "2,7"});
  EXPECT_EQ(r.code, cli::kExitUsage);
}

TEST(CliOdds, WSR_6_3_AssaultMatchesTheOddsLibrary) {
  const nlohmann::json j =
      Json({"wsr", "assault", "--attacker", "us.infantry,us.infantry", "--defender", "de.infantry",
            "--terrain", "woods", "--attacker-hq", "1"});
  EXPECT_EQ(j["combat"], "assault");
  EXPECT_NEAR(SumOf(j["net_hits"]), 1.0, 1e-12);
  EXPECT_NEAR(SumOf(j["results"]), 1.0, 1e-12);
  const wsr::Data& d = wsr::ShippedData();
  wsr::AssaultInput in;
  const wsr::CounterType& us = *d.FindCounter("us.infantry");
  in.attackers = {wsr::MakeAssaultUnit(us, false, {}, 1), wsr::MakeAssaultUnit(us, false, {})};
  in.defenders = {wsr::MakeAssaultUnit(*d.FindCounter("de.infantry"), false, {})};
  const wsr::AssaultOdds o = wsr::OddsOfAssault(in);
  ASSERT_EQ(j["net_hits"].size(), o.defenders_take.size());
  for (size_t k = 0; k < o.defenders_take.size(); ++k) {
    EXPECT_NEAR(j["net_hits"][std::to_string(k)].get<double>(), o.defenders_take[k], 1e-12);
  }
  EXPECT_NEAR(j["results"]["defenders-eliminated"].get<double>(), o.outcome[0], 1e-12);
  EXPECT_EQ(j["unit_results"]["attackers"].size(), 2u);
}

TEST(CliOdds, WSR_6_4_OverrunIntoWoodsIsRefusedWithTheRule) {
  const OddsRun r = Odds({"wsr", "assault", "--attacker", "M4A3E8", "--defender", "de.infantry",
                          "--terrain", "woods", "--overrun"});
  EXPECT_EQ(r.code, cli::kExitUsage);
  EXPECT_THAT(r.err, HasSubstr("WSR 6.4"));
  const nlohmann::json j = Json({"wsr", "assault", "--attacker", "M4A3E8", "--defender",
                                 "de.infantry", "--terrain", "clear", "--overrun"});
  EXPECT_EQ(j["combat"], "overrun");
  EXPECT_NEAR(SumOf(j["results"]), 1.0, 1e-12);
}

TEST(CliOdds, WSR_6_1_MortarHexAttackMatchesTheOddsLibrary) {
  const nlohmann::json j =
      Json({"wsr", "mortar", "--attacker", "de.81mm-mortar", "--target",
            "us.infantry,us.infantry:reduced", "--terrain", "woods", "--band", "normal"});
  EXPECT_EQ(j["combat"], "mortar");
  EXPECT_NEAR(SumOf(j["net_hits"]), 1.0, 1e-12);
  EXPECT_EQ(j["results"].size(), 2u);
  for (const auto& [unit, results] : j["results"].items()) EXPECT_NEAR(SumOf(results), 1.0, 1e-12);
  const wsr::Data& d = wsr::ShippedData();
  const wsr::FireParams p =
      wsr::ComputeFireAtBand(wsr::MakeMortarInput(*d.FindCounter("de.81mm-mortar"), false,
                                                  d.terrain[wsr::Terrain::kWoods], 1, false, false),
                             wsr::RangeBand::kNormal);
  wsr::UnitState reduced;
  reduced.reduced = true;
  const wsr::HexAttackOdds o = wsr::OddsOfHexAttack(p, {wsr::UnitState{}, reduced});
  ASSERT_EQ(j["net_hits"].size(), o.net_hits.size());
  for (size_t k = 0; k < o.net_hits.size(); ++k) {
    EXPECT_NEAR(j["net_hits"][std::to_string(k)].get<double>(), o.net_hits[k], 1e-12);
  }
  EXPECT_NEAR(j["results"]["2 us.infantry:reduced"]["eliminated"].get<double>(),
              o.unit_result[1][static_cast<size_t>(wsr::CombatResult::kEliminated)], 1e-12);
}

TEST(CliOdds, WSR_11_2_ArtilleryStrikeFourDiceOnFive) {
  // "1 x 45": 4 dice hitting on 5+, against a lone infantry platoon in clear (the shipped chart
  // gives soft targets in clear no defence dice): net hits ~ Bin(4, 1/3).
  const nlohmann::json j = Json({"wsr", "artillery", "--firepower", "4", "--to-hit", "5",
                                 "--target", "us.infantry", "--terrain", "clear"});
  EXPECT_EQ(j["params"]["dice"], 4);
  EXPECT_NEAR(SumOf(j["net_hits"]), 1.0, 1e-12);
  ASSERT_EQ(j["params"]["defence_dice"], 0);
  EXPECT_NEAR(j["net_hits"]["0"].get<double>(), 16.0 / 81, 1e-12);
  EXPECT_NEAR(j["net_hits"]["4"].get<double>(), 1.0 / 81, 1e-12);
}

TEST(CliOdds, WSR_11_2_ArtilleryWithTheAccuracyDieAndSmoke) {
  // "1 x 45" with --accuracy: the die shows 1 with 1/6 (no effect), else Bin(4, 1/3) as above.
  const nlohmann::json j = Json({"wsr", "artillery", "--firepower", "4", "--to-hit", "5",
                                 "--target", "us.infantry", "--terrain", "clear", "--accuracy"});
  EXPECT_EQ(j["params"]["accuracy"], true);
  EXPECT_NEAR(SumOf(j["net_hits"]), 1.0, 1e-12);
  EXPECT_NEAR(j["net_hits"]["0"].get<double>(), 1.0 / 6 + 5.0 / 6 * 16.0 / 81, 1e-12);
  EXPECT_NEAR(j["net_hits"]["4"].get<double>(), 5.0 / 6 / 81, 1e-12);
  const nlohmann::json s = Json({"wsr", "smoke"});
  EXPECT_EQ(s["combat"], "smoke");
  EXPECT_NEAR(s["results"]["smoke-2"].get<double>(), 5.0 / 6, 1e-12);
  EXPECT_NEAR(s["results"]["no-effect"].get<double>(), 1.0 / 6, 1e-12);
}

TEST(CliOdds, WSR_11_1_AaFirepowerAtAHardTargetHitsOnSix) {
  // The M16 (stand-in AA 4 dice) at a Panther at normal range: 4 dice hitting on 6 (WSR 11.1).
  const nlohmann::json j = Json({"wsr", "fire", "--attacker", "us.m16", "--target", "Panther",
                                 "--terrain", "clear", "--band", "normal", "--aa"});
  EXPECT_EQ(j["params"]["dice"], 4);
  EXPECT_EQ(j["params"]["to_hit"], 6);
  EXPECT_EQ(j["params"]["aa"], true);
  const OddsRun r = Odds({"wsr", "fire", "--attacker", "us.m16", "--target", "Panther", "--terrain",
                          "clear", "--band", "extended", "--aa"});
  EXPECT_EQ(r.code, cli::kExitUsage);
  EXPECT_THAT(r.err, HasSubstr("WSR 11.1"));
}

TEST(CliOdds, WSR_11_3_1_FlakAtAnAircraftWithItsArmorDice) {
  // The Wirbelwind (stand-in AA 4 dice to-hit 5) at the P-47 (G-9 stand-in armor 2, save 5) at
  // normal range: hits Bin(4, 1/3), each armor die cancels with 1/3; no net hit with
  // 16/81 + 32/81 * 5/9 + 24/81 * 1/9 = 328/729: it attacks.
  const nlohmann::json j = Json(
      {"wsr", "flak", "--attacker", "de.wirbelwind", "--aircraft", "us.p-47", "--band", "normal"});
  EXPECT_EQ(j["combat"], "flak");
  EXPECT_EQ(j["params"]["dice"], 4);
  EXPECT_EQ(j["params"]["to_hit"], 5);
  EXPECT_EQ(j["params"]["defence_dice"], 2);
  EXPECT_EQ(j["params"]["save"], 5);
  EXPECT_NEAR(j["results"]["attacks"].get<double>(), 328.0 / 729, 1e-12);
  const double sum = j["results"]["attacks"].get<double>() + j["results"]["aborts"].get<double>() +
                     j["results"]["destroyed"].get<double>();
  EXPECT_NEAR(sum, 1.0, 1e-12);
  EXPECT_NEAR(j["removed"].get<double>(),
              j["results"]["destroyed"].get<double>() + j["results"]["aborts"].get<double>() / 2,
              1e-12);
  const OddsRun r =
      Odds({"wsr", "flak", "--attacker", "us.m4a1", "--aircraft", "us.p-47", "--band", "normal"});
  EXPECT_EQ(r.code, cli::kExitUsage);
  EXPECT_THAT(r.err, HasSubstr("not an AA unit"));
}

TEST(CliOdds, WSR_11_3_2_AirAttackWithTheAccuracyDieAndTheStatusRoll) {
  // The P-47 (4 dice hitting on 4) on an infantry platoon in the open: with the accuracy die, 4/6
  // full Bin(4, 1/2), 1/6 partial Bin(3, 1/2), 1/6 a miss elsewhere; the status die returns it
  // with (6 - E[hits]) / 6 after an attack, always after a miss.
  const nlohmann::json j = Json({"wsr", "air", "--aircraft", "us.p-47", "--target", "de.infantry",
                                 "--terrain", "clear", "--accuracy"});
  EXPECT_EQ(j["combat"], "air");
  EXPECT_NEAR(SumOf(j["net_hits"]), 1.0, 1e-12);
  EXPECT_NEAR(j["net_hits"]["0"].get<double>(), 4.0 / 6 / 16 + 1.0 / 6 / 8 + 1.0 / 6, 1e-12);
  EXPECT_NEAR(j["returns"].get<double>(), (4.0 / 6) * (4.0 / 6) + (1.0 / 6) * (4.5 / 6) + 1.0 / 6,
              1e-12);
  // Concealed infantry in woods: 1 terrain die + 1 for concealment (WSR 11.3.2 step 3, A-27).
  const nlohmann::json w = Json({"wsr", "air", "--aircraft", "us.p-47", "--target", "de.infantry",
                                 "--terrain", "woods", "--concealed"});
  EXPECT_EQ(w["params"]["defence_dice"], 2);
  EXPECT_EQ(w["params"]["dice"], 4);
}

TEST(CliOdds, NoCombatGivenExitsTwo) {
  const OddsRun r = Odds({});
  EXPECT_EQ(r.code, cli::kExitUsage);
  EXPECT_THAT(r.err, HasSubstr("wsr fire"));
}

TEST(CliOdds, PB_Gefecht1_AttackerRollsTwoDiceHandCount) {
  const nlohmann::json j = Json({"pocket", "melee", "--attacker-dice", "3,3,4,4,5", "--attack"});
  EXPECT_EQ(j["params"]["rolled_dice"], 2);
  EXPECT_NEAR(SumOf(j["hits"]), 1.0, 1e-12);
  EXPECT_EQ(j["hits"], j["net_hits"]);  // no saves in Pocket Battles
  // 3 hits: a 3 or 4 (two matches) with a 5 (one match), either order: 4 of 36.
  EXPECT_NEAR(j["net_hits"]["3"].get<double>(), 4.0 / 36, 1e-12);
  EXPECT_NEAR(j["at_least"]["3"].get<double>(), 8.0 / 36, 1e-12);
  // Without --attack (strike back): 1 die, at most 2 hits.
  const nlohmann::json back = Json({"pocket", "melee", "--attacker-dice", "3,3,4,4,5"});
  EXPECT_EQ(back["net_hits"].size(), 3u);
  EXPECT_NEAR(back["net_hits"]["2"].get<double>(), 2.0 / 6, 1e-12);
}

TEST(CliOdds, PB_Gefecht2_TroopNamesSumTheirPrintedDice) {
  const nlohmann::json by_name = Json({"pocket", "melee", "--attacker",
                                       "elves.mounted-guard,elves.mounted-guard,elves.spearman",
                                       "--attack", "--defender", "elves.spearman"});
  EXPECT_EQ(by_name["params"]["troops"].size(), 3u);
  EXPECT_NEAR(SumOf(by_name["net_hits"]), 1.0, 1e-12);
  EXPECT_NEAR(SumOf(by_name["defender"]["net_hits"]), 1.0, 1e-12);
  EXPECT_EQ(by_name["defender"]["params"]["rolled_dice"], 1);
  std::string dice;
  for (const auto& d : by_name["params"]["printed_dice"])
    dice += (dice.empty() ? "" : ",") + std::to_string(d.get<int>());
  const nlohmann::json by_dice = Json({"pocket", "melee", "--attacker-dice", dice, "--attack"});
  EXPECT_EQ(by_dice["net_hits"], by_name["net_hits"]);
}

TEST(CliOdds, PB_Beschiessen2_OneDie) {
  const nlohmann::json j = Json({"pocket", "shoot", "--dice", "2,6"});
  EXPECT_NEAR(j["net_hits"]["0"].get<double>(), 4.0 / 6, 1e-12);
  EXPECT_NEAR(j["net_hits"]["1"].get<double>(), 2.0 / 6, 1e-12);
  const OddsRun table = Odds({"pocket", "shoot", "--dice", "2,6"});
  EXPECT_EQ(table.code, cli::kExitOk);
  EXPECT_THAT(table.out, HasSubstr("0.6667"));
}

// More printed dice than one roll is computed for (255) is a bad command line (exit 2, naming
// the option), not an internal error (exit 1).
TEST(CliOdds, PocketMoreThan255DiceIsAUsageErrorNamingTheOption) {
  std::string dice = "1";
  for (int i = 1; i < 256; ++i) dice += ",1";
  OddsRun melee = Odds({"pocket", "melee", "--attacker-dice", dice});
  EXPECT_EQ(melee.code, cli::kExitUsage) << melee.err;
  EXPECT_THAT(melee.err, HasSubstr("--attacker-dice"));
  EXPECT_THAT(melee.err, HasSubstr("256 printed dice, at most 255"));
  OddsRun defender =
      Odds({"pocket", "melee", "--attacker-dice", "1", "--defender-dice", dice, "--attack"});
  EXPECT_EQ(defender.code, cli::kExitUsage) << defender.err;
  EXPECT_THAT(defender.err, HasSubstr("--defender-dice"));
  OddsRun shoot = Odds({"pocket", "shoot", "--dice", dice});
  EXPECT_EQ(shoot.code, cli::kExitUsage) << shoot.err;
  EXPECT_THAT(shoot.err, HasSubstr("--dice"));
  // 255 dice are computed.
  EXPECT_EQ(Odds({"pocket", "melee", "--attacker-dice", dice.substr(2)}).code, cli::kExitOk);
}

}  // namespace
}  // namespace feldherr

namespace feldherr {
namespace {

// `feldherr odds planspiel fire` gives the game's own fire odds (planspiel::OddsIn36) of one
// unit type at another: PZIV at INF in the open, 2 LE.
TEST(CliOdds, PS_8_6_FireOfAUnitTypeMatchesTheGamesOdds) {
  const nlohmann::json j =
      Json({"planspiel", "fire", "--firer", "PZIV", "--target", "INF", "--range", "2"});
  EXPECT_EQ(j["rule"], "PS §8.6-§8.12");
  EXPECT_NEAR(SumOf(j["outcomes"]), 1.0, 1e-12);
  namespace ps = planspiel;
  const auto& types = ps::shipped_unit_types();
  ps::FireSituation s;
  s.range = 2;
  const auto odds =
      ps::OddsIn36(ps::shipped_fire_data(),
                   ps::WeaponOfType(ps::shipped_fire_data(), *ps::find_unit_type(types, "PZIV")),
                   {}, ps::TargetOfType(*ps::find_unit_type(types, "INF"), ps::Cover::kNone), s);
  for (int o = 0; o < ps::kOutcomeCount; ++o) {
    const char* name = ps::outcome_name(static_cast<ps::Outcome>(o));
    EXPECT_NEAR(j["outcomes"][name].get<double>(), odds[static_cast<size_t>(o)] / 36.0, 1e-12)
        << name;
  }
}

// AE-05: the 3.7 cm anti-tank gun is below the minimum calibre against a medium tank.
TEST(CliOdds, PS_AE_05_BelowTheMinimumCalibreNoEffect) {
  const nlohmann::json j =
      Json({"planspiel", "fire", "--firer", "PAK37", "--target", "T3485", "--range", "2"});
  EXPECT_EQ(j["outcomes"]["no effect"], 1.0);
}

// PS §10.2: three bases against one in a building, +2 against +1: 21 of the 31 decided throws.
// PS §10.6: an overrun into forest, the defenders +1: 10 of 31.
TEST(CliOdds, PS_10_2_AssaultAndPS_10_6_OverrunChances) {
  const nlohmann::json a =
      Json({"planspiel", "assault", "--attackers", "3", "--defenders", "1", "--cover", "building"});
  EXPECT_NEAR(a["win"].get<double>(), 21.0 / 31.0, 1e-12);
  EXPECT_EQ(a["rule"], "PS §10.2");
  const nlohmann::json o = Json({"planspiel", "overrun", "--terrain", "forest"});
  EXPECT_NEAR(o["win"].get<double>(), 10.0 / 31.0, 1e-12);
  EXPECT_NEAR(Json({"planspiel", "overrun"})["win"].get<double>(), 0.5, 1e-12);
}

// PS §9.3, §9.8: a PzKpfw IV meeting a T-34/85 at 2 LE rolls at +0 against +1 and wins 10 of the 31
// decided throws (the game's own OpposedFireOdds); an unarmed truck can only escape (G-30).
TEST(CliOdds, PS_9_3_FalseCounterMoveOpposedRoll) {
  const nlohmann::json j =
      Json({"planspiel", "meet", "--unit", "PZIV", "--mover", "T3485", "--range", "2"});
  EXPECT_EQ(j["rule"], "PS §9.3, §9.8");
  EXPECT_EQ(j["unit_modifier"], 0);
  EXPECT_EQ(j["mover_modifier"], 1);
  EXPECT_NEAR(j["win"].get<double>(), 10.0 / 31.0, 1e-12);
  EXPECT_NEAR(SumOf(j["on_mover"]), 1.0, 1e-12);
  EXPECT_NEAR(SumOf(j["on_unit"]), 1.0, 1e-12);
  const nlohmann::json t = Json({"planspiel", "meet", "--unit", "PZIV", "--mover", "LKW"});
  EXPECT_EQ(t["on_unit"]["no effect"], 1.0);
}

TEST(CliOdds, PlanspielFireOutOfRangeOrUnknownTypeExitsTwo) {
  OddsRun r = Odds({"planspiel", "fire", "--firer", "INF", "--target", "INF", "--range", "3"});
  EXPECT_EQ(r.code, cli::kExitUsage);
  EXPECT_THAT(r.err, HasSubstr("PS §8.4: the target is out of range"));
  r = Odds({"planspiel", "fire", "--firer", "TIGER", "--target", "INF"});
  EXPECT_EQ(r.code, cli::kExitUsage);
  EXPECT_THAT(r.err, HasSubstr("--firer 'TIGER' is no unit type (known: INF,"));
}

}  // namespace
}  // namespace feldherr
