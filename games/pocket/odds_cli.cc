// Exact odds of Pocket Battles rolls described by their printed dice (PB Gefecht 1-2, PB
// Beschießen 2), and the command `feldherr odds pocket melee|shoot` (docs/cli.md) that prints them.
// At most 2 d6 are rolled (36 outcomes), so every outcome is enumerated: no sampling. The command
// reaches the CLI through GameModule::odds_command (games/pocket/module.cc).
#include "games/pocket/odds_cli.h"

#include <fmt/format.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <array>
#include <cctype>
#include <memory>
#include <nlohmann/json.hpp>
#include <ostream>
#include <stdexcept>
#include <string>
#include <vector>

#include "engine/odds_text.h"
#include "engine/replay.h"
#include "games/pocket/pocket.h"

namespace feldherr::pocket {

namespace {

const char* const kArmies[] = {"orcs", "elves"};

std::string Lower(std::string_view text) {
  std::string s(text);
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

}  // namespace

std::vector<double> PocketHits(const std::vector<int>& printed, int rolled) {
  if (rolled < 1 || rolled > 2) throw std::invalid_argument("PocketHits: roll 1 or 2 dice");
  if (printed.size() > 255) throw std::invalid_argument("PocketHits: at most 255 printed dice");
  std::array<uint8_t, 7> faces{};  // faces[f]: printed dice showing f
  for (int f : printed) {
    if (f < 1 || f > 6) throw std::invalid_argument("PocketHits: die faces are 1..6");
    ++faces[static_cast<size_t>(f)];
  }
  return HitDistribution(faces, rolled);  // games/pocket/odds.cc
}

const TroopType* FindPocketTroop(std::string_view name, std::vector<std::string>* candidates) {
  const std::string wanted = Lower(name);
  std::vector<const TroopType*> found;
  std::vector<std::string> containing, all;
  for (const char* army_id : kArmies) {
    for (const TroopType& t : shipped_army(army_id).troops) {
      all.push_back(t.id);
      if (Lower(t.id) == wanted) return &t;  // an id is unique
      if (Lower(t.name) == wanted || Lower(t.name_de) == wanted) found.push_back(&t);
      if (Lower(t.id).find(wanted) != std::string::npos ||
          Lower(t.name).find(wanted) != std::string::npos) {
        containing.push_back(t.id);
      }
    }
  }
  if (found.size() == 1) return found.front();
  if (candidates != nullptr) {
    candidates->clear();
    if (found.size() > 1) {
      for (const TroopType* t : found) candidates->push_back(t->id);
    } else {
      *candidates = containing.empty() ? all : containing;
    }
  }
  return nullptr;
}

std::vector<int> PocketUnitDice(const std::vector<const TroopType*>& troops, bool shooting) {
  std::vector<int> dice;
  for (const TroopType* t : troops) {
    const std::vector<int>& d = shooting ? t->shooting_dice : t->combat_dice;
    dice.insert(dice.end(), d.begin(), d.end());
  }
  return dice;
}

namespace {

// The options of both combats (melee: attacker and defender; shoot: dice or shooter).
struct OddsArgs {
  bool json = false;
  std::string attacker, attacker_dice, defender, defender_dice, dice, shooter;
  bool attack = false;
};

// The most printed dice one Pocket roll is computed for (PocketHits).
constexpr size_t kMaxPocketDice = 255;

void CheckDiceCount(size_t count, const char* option) {
  if (count > kMaxPocketDice) {
    throw UsageError(
        fmt::format("bad {}: {} printed dice, at most {}", option, count, kMaxPocketDice));
  }
}

std::vector<int> ParseDice(const std::string& text, const char* option) {
  std::vector<int> dice;
  for (const std::string& part : split_commas(text)) {
    if (part.size() != 1 || part[0] < '1' || part[0] > '6') {
      throw UsageError(fmt::format("bad {} '{}': printed die faces 1..6, e.g. 3,3,4,4,5", option,
                                   clip_text(text)));
    }
    dice.push_back(part[0] - '0');
  }
  CheckDiceCount(dice.size(), option);
  return dice;
}

struct PocketUnit {
  std::vector<int> dice;
  std::vector<std::string> troops;  // ids, when given by troop names
};

// --X-dice 3,3,4 or --X elves.spearman,elves.archer (exactly one of them).
PocketUnit UnitFrom(const std::string& dice_text, const std::string& troops_text,
                    const char* dice_option, const char* troops_option, bool shooting) {
  if (dice_text.empty() == troops_text.empty()) {
    throw UsageError(fmt::format("give either {} or {}", dice_option, troops_option));
  }
  PocketUnit u;
  if (!dice_text.empty()) {
    u.dice = ParseDice(dice_text, dice_option);
    return u;
  }
  std::vector<const TroopType*> troops;
  for (const std::string& name : split_commas(troops_text)) {
    std::vector<std::string> candidates;
    const TroopType* t = FindPocketTroop(name, &candidates);
    if (t == nullptr) {
      throw UsageError(fmt::format("unknown or ambiguous troop '{}' for {}; candidates: {}", name,
                                   troops_option, comma_list(candidates)));
    }
    troops.push_back(t);
    u.troops.push_back(t->id);
  }
  u.dice = PocketUnitDice(troops, shooting);
  CheckDiceCount(u.dice.size(), troops_option);
  return u;
}

nlohmann::json RollJson(const PocketUnit& u, int rolled, const std::vector<double>& hits) {
  nlohmann::json j;
  j["params"] = {{"printed_dice", u.dice}, {"rolled_dice", rolled}};
  if (!u.troops.empty()) j["params"]["troops"] = u.troops;
  j["hits"] = distribution_json(hits);
  j["net_hits"] = distribution_json(hits);  // Pocket Battles has no saves
  nlohmann::json at_least = nlohmann::json::object();
  double tail = 0.0;
  for (size_t k = hits.size(); k-- > 0;) {
    tail += hits[k];
    at_least[std::to_string(k)] = tail;
  }
  j["at_least"] = at_least;
  j["expected_hits"] = expected_count(hits);
  return j;
}

std::string DiceText(const std::vector<int>& dice) {
  std::vector<std::string> parts;
  for (int d : dice) parts.push_back(std::to_string(d));
  return parts.empty() ? "none" : comma_list(parts);
}

void PrintRoll(std::ostream& out, const std::string& title, const PocketUnit& u, int rolled,
               const std::vector<double>& hits) {
  out << fmt::format("{}: printed dice {}{}; rolls {} d6\n", title, DiceText(u.dice),
                     u.troops.empty() ? "" : " (" + comma_list(u.troops) + ")", rolled);
  print_distribution(out, "hits", hits);
  out << fmt::format("expected hits: {:.4f}\n", expected_count(hits));
}

void PrintMeleeOdds(const OddsArgs& a, std::ostream& out) {
  const PocketUnit att =
      UnitFrom(a.attacker_dice, a.attacker, "--attacker-dice", "--attacker", false);
  const bool with_defender = !a.defender_dice.empty() || !a.defender.empty();
  PocketUnit def;
  if (with_defender)
    def = UnitFrom(a.defender_dice, a.defender, "--defender-dice", "--defender", false);
  const int rolled = PocketMeleeDiceRolled(a.attack);
  const std::vector<double> hits = PocketHits(att.dice, rolled);
  std::vector<double> back;
  if (with_defender) back = PocketHits(def.dice, 1);
  if (a.json) {
    nlohmann::json j = RollJson(att, rolled, hits);
    j["game"] = "pocket";
    j["combat"] = "melee";
    j["method"] = "exact enumeration";
    j["params"]["attack"] = a.attack;
    if (with_defender) {
      j["defender"] = RollJson(def, 1, back);
      j["defender"]["params"]["strikes_back_with_printed_dice"] = true;
    }
    out << j.dump(2) << '\n';
    return;
  }
  out << "Pocket Battles melee (PB Gefecht 1-2): one hit per printed combat die matching a "
         "rolled die\n";
  out << "exact: every outcome of the dice enumerated (no sampling)\n\n";
  PrintRoll(out, a.attack ? "attacking unit (first strike, 2 dice)" : "unit striking (1 die)", att,
            rolled, hits);
  if (with_defender) {
    out << '\n';
    PrintRoll(out, "defender strikes back (1 die; with all the dice given, before its losses)", def,
              1, back);
  }
}

void PrintShootOdds(const OddsArgs& a, std::ostream& out) {
  const PocketUnit u = UnitFrom(a.dice, a.shooter, "--dice", "--shooter", true);
  const std::vector<double> hits = PocketHits(u.dice, 1);
  if (a.json) {
    nlohmann::json j = RollJson(u, 1, hits);
    j["game"] = "pocket";
    j["combat"] = "shoot";
    j["method"] = "exact enumeration";
    out << j.dump(2) << '\n';
    return;
  }
  out << "Pocket Battles shooting (PB Beschießen 2): one hit per printed shooting die matching "
         "the rolled die\n";
  out << "exact: every outcome of the die enumerated (no sampling)\n\n";
  PrintRoll(out, "shooting unit", u, 1, hits);
}

// `odds log` for an action whose game gives no odds of its own (the outcomes of the roll it
// causes) or whose game answers with a list of outcomes (engine/roll_odds.h, Rivet Wars), exact

// The combats as subcommands of `feldherr odds pocket`, filling `a`.
void AddCombats(CLI::App& command, OddsArgs& a) {
  CLI::App* melee = command.add_subcommand("melee", "Melee strike (PB Gefecht 1-2)");
  melee->add_option("--attacker-dice", a.attacker_dice, "Printed combat dice of the striking unit")
      ->type_name("3,3,4,...");
  melee->add_option("--attacker", a.attacker, "Troops of the striking unit (their combat dice)")
      ->type_name("TROOP,...");
  melee->add_flag("--attack", a.attack,
                  "The unit is the attacker striking first: 2 dice (PB Gefecht 1); else 1 die");
  melee->add_option("--defender-dice", a.defender_dice, "Printed combat dice of the defender")
      ->type_name("3,3,4,...");
  melee->add_option("--defender", a.defender, "Troops of the defender (their combat dice)")
      ->type_name("TROOP,...");
  melee->add_flag("--json", a.json, "Print the distributions as JSON");
  CLI::App* shoot = command.add_subcommand("shoot", "Shooting (PB Beschießen 2): 1 die");
  shoot->add_option("--dice", a.dice, "Printed shooting dice of the unit")->type_name("2,6,...");
  shoot->add_option("--shooter", a.shooter, "Troops of the unit (their shooting dice)")
      ->type_name("TROOP,...");
  shoot->add_flag("--json", a.json, "Print the distributions as JSON");
}

}  // namespace

OddsCommand pocket_odds_command() {
  return MakeOddsCommand<OddsArgs>(
      "Pocket Battles combats", AddCombats,
      [](const OddsArgs& a, const std::string& combat, std::ostream& out) {
        if (combat == "melee") return PrintMeleeOdds(a, out);
        if (combat == "shoot") return PrintShootOdds(a, out);
        throw UsageError("odds pocket: no combat '" + combat + "'");
      });
}

}  // namespace feldherr::pocket
