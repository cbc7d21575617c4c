// The exact odds of a Pocket Battles order or reaction before it is made (GameModule::odds: the
// web UI's odds panel and `feldherr odds log`). Every face of the rolled dice is enumerated (at
// most 2 d6, 36 outcomes): no sampling. The summary is in English and German ("summary",
// "summary_de"); the tables are translated by the web UI.
//
// PB Gefecht 2 / PB Beschießen 2: each rolled die scores one hit per printed die of the unit
// (its surviving troops) showing the rolled number. There are no saves in Pocket Battles: every
// hit is a wound (PB Wunden), so "net hits" are the hits.
#include <fmt/format.h>

#include <algorithm>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "games/pocket/pocket.h"

namespace feldherr::pocket {

namespace {

double Expected(const std::vector<double>& p) {
  double e = 0;
  for (size_t k = 0; k < p.size(); ++k) e += static_cast<double>(k) * p[k];
  return e;
}

// The answer's summary in English and German ("summary", "summary_de").
void Summary(json& j, const Text& summary) {
  j["summary"] = summary.en;
  j["summary_de"] = summary.de;
}

// "2 dice" / "2 Würfeln" (after "with" / "mit").
Text Dice(int dice) {
  return say("{0} {1}", "{0} {2}", dice, dice == 1 ? "die" : "dice",
             dice == 1 ? "Würfel" : "Würfeln");
}

// A melee: `striker` rolls `dice` combat dice at `struck`, which strikes back with 1 die if it
// survives (PB Gefecht, Rückschlag; shown with all its dice, before its losses).
json Melee(const PocketState& s, int striker, int struck, int dice, const std::string& rule) {
  const Unit& x = s.units[static_cast<size_t>(striker)];
  const Unit& y = s.units[static_cast<size_t>(struck)];
  const std::vector<double> hits = HitDistribution(x.cm, dice);
  const std::vector<double> back = HitDistribution(y.cm, 1);
  const double e = Expected(hits);
  const Text with = Dice(dice);
  json j = {{"kind", "pocket-melee"},
            {"params", {{"dice", dice}, {"saves", false}}},
            {"net_hits", hits},
            {"strike_back", back},
            {"expected_net_hits", e}};
  Summary(j,
          say("{0} strikes {1} with {2} against its printed combat dice: no hit {4:.1f}%, expected "
              "hits {5:.2f}; {1} strikes back with 1 die (expected {6:.2f}, before its "
              "losses) ({7})",
              "{0} schlägt {1} mit {3} gegen seine gedruckten Gefechtswürfel: kein Treffer "
              "{4:.1Lf}\u00a0%, erwartete Treffer {5:.2Lf}; {1} schlägt mit 1 Würfel zurück "
              "(Rückschlag, "
              "erwartet {6:.2Lf}, vor seinen Verlusten) ({7})",
              s.unit_label(striker), s.unit_label(struck), with.en, with.de, 100 * hits[0], e,
              Expected(back), rule));
  return j;
}

json Shot(const PocketState& s, int shooter, int target, const std::string& rule) {
  const Unit& x = s.units[static_cast<size_t>(shooter)];
  const std::vector<double> hits = HitDistribution(x.sm, 1);
  const double e = Expected(hits);
  const bool into_combat = s.units[static_cast<size_t>(target)].combat >= 0;
  json j = {{"kind", "pocket-shoot"},
            {"params", {{"dice", 1}, {"saves", false}}},
            {"net_hits", hits},
            {"expected_net_hits", e}};
  Summary(j, say("{0} shoots at {1} with 1 die against its printed shooting dice: no hit {2:.1f}%, "
                 "expected hits {3:.2f}{4} ({6})",
                 "{0} beschießt {1} mit 1 Würfel gegen seine gedruckten Schusswürfel: kein "
                 "Treffer {2:.1Lf}\u00a0%, erwartete Treffer {3:.2Lf}{5} ({6})",
                 s.unit_label(shooter), s.unit_label(target), 100 * hits[0], e,
                 into_combat ? "; into a combat the hits are split among its units (A2)" : "",
                 into_combat ? "; in ein Gefecht hinein werden die Treffer auf seine Einheiten "
                               "verteilt (A2)"
                             : "",
                 rule));
  return j;
}

bool ValidUnit(const PocketState& s, int u) {
  return u >= 0 && u < s.n_units;
}

}  // namespace

std::vector<double> HitDistribution(const std::array<uint8_t, 7>& faces, int rolled) {
  const int most = *std::max_element(faces.begin() + 1, faces.end());
  std::vector<double> p(static_cast<size_t>(rolled * most) + 1, 0.0);
  if (rolled == 1) {
    for (int a = 1; a <= 6; ++a) p[faces[static_cast<size_t>(a)]] += 1.0 / 6;
  } else {
    // PB Gefecht 1-2: the two dice each score their matches (A11 in docs/rules/pocket.md).
    for (int a = 1; a <= 6; ++a)
      for (int b = 1; b <= 6; ++b)
        p[static_cast<size_t>(faces[static_cast<size_t>(a)] + faces[static_cast<size_t>(b)])] +=
            1.0 / 36;
  }
  return p;
}

json PocketOdds(const State& state, const Action& action) {
  const auto* s = dynamic_cast<const PocketState*>(&state);
  if (s == nullptr || s->phase != kBattle || !s->why_illegal(action).empty()) return nullptr;
  const int a = action.argc > 0 ? action.arg(0) : -1;
  const int b = action.argc > 1 ? action.arg(1) : -1;
  switch (action.verb) {
    case kAttack: {
      if (!ValidUnit(*s, a)) return nullptr;
      if (action.argc == 2 && ValidUnit(*s, b))  // flank or rear: the defender may only wait
        return Melee(*s, a, b, 2, "PB Aktion 2, Gefecht 1-2");
      // A frontal attack: the defender's reaction decides whom it strikes; the attacker's two
      // dice are the same against any target.
      const std::vector<double> hits = HitDistribution(s->units[static_cast<size_t>(a)].cm, 2);
      json j = {{"kind", "pocket-melee"},
                {"params", {{"dice", 2}, {"saves", false}}},
                {"net_hits", hits},
                {"expected_net_hits", Expected(hits)}};
      Summary(
          j, say("{0} attacks with 2 dice (first strike) against its printed combat dice: no "
                 "hit {1:.1f}%, expected hits {2:.2f}; the defender reacts first (intercept, shoot "
                 "or wait; PB Aktion 2)",
                 "{0} greift mit 2 Würfeln an (Erstschlag) gegen seine gedruckten "
                 "Gefechtswürfel: kein Treffer {1:.1Lf}\u00a0%, erwartete Treffer {2:.2Lf}; der "
                 "Verteidiger reagiert zuerst (abfangen, zurückschießen oder abwarten; PB "
                 "Aktion 2)",
                 s->unit_label(a), 100 * hits[0], Expected(hits)));
      return j;
    }
    case kContinue:
      if (!ValidUnit(*s, a) || !ValidUnit(*s, b)) return nullptr;
      return Melee(*s, a, b, 1, "PB Aktion 3, Gefecht 2");
    case kShoot:
      if (!ValidUnit(*s, a) || !ValidUnit(*s, b)) return nullptr;
      return Shot(*s, a, b, "PB Aktion 5, Beschießen 2");
    case kReactIntercept:  // the attacker strikes the interceptor first, with its extra die
      if (s->steps.empty() || !ValidUnit(*s, a)) return nullptr;
      return Melee(*s, s->top().a, a, 2, "PB Aktion 2 A, Gefecht 1-2");
    case kReactShoot:
      if (s->steps.empty() || !ValidUnit(*s, a)) return nullptr;
      return Shot(*s, a, s->top().a, "PB Aktion 2 B, Beschießen 2");
    default:
      return nullptr;
  }
}

}  // namespace feldherr::pocket
