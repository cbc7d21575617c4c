// Rivet Wars odds for the web UI's odds panel and `feldherr odds log` (GameModule::odds): the
// outcome of a whole attack, every attack die (RW §8.1 step 7: a hit when any die + precision
// shows 5 or more) and deviation card (RW §8.4) enumerated, grouped by the damage each unit
// takes (engine/roll_odds.h whole_roll_odds), each outcome and the summary in English and German.
#include <fmt/format.h>

#include <algorithm>
#include <string>

#include "engine/roll_odds.h"
#include "games/rivet/rivet.h"

namespace feldherr::rivet {

namespace {

// "Light Tank (u7) 1 damage, Rifleman (u3) destroyed" or "no damage"; "; then PROMPT" when the
// attack waits for an Action! card decision (content §6.2 windows W4, W8, W9). In German with
// the units' German names (RW Spielregeln): "Leichter Panzer (u7) 1 Schaden, Schütze (u3)
// vernichtet", "kein Schaden", "; dann PROMPT".
// The prompt is the one `viewer` (the seat asking for the odds) may read (decision_for).
Text damage_label(const State& before_state, const State& after_state, int viewer) {
  const auto& before = static_cast<const RivetState&>(before_state);
  const auto& after = static_cast<const RivetState&>(after_state);
  Text text;
  for (const Unit& u : before.units) {
    const Unit* now = after.unit(u.id);
    Text what;
    if (now == nullptr)
      what = {"destroyed", "vernichtet"};  // RW §8.3
    else if (now->damage > u.damage)
      what = say("{} damage", "{} Schaden", now->damage - u.damage);
    if (what.en.empty()) continue;
    const UnitType& t = before.type_of(u);
    const std::string& name_de = t.german.empty() ? t.name : t.german;
    const std::string id = " (u" + std::to_string(u.id) + ") ";
    text.en += (text.en.empty() ? "" : ", ") + t.name + id + what.en;
    text.de += (text.de.empty() ? "" : ", ") + name_de + id + what.de;
  }
  if (text.en.empty()) text = {"no damage", "kein Schaden"};
  if (!after.is_terminal() && after.pending.active && after.pending.window != 0) {
    const Decision then = after.decision_for(viewer);
    text.en += "; then " + then.prompt;
    text.de += "; dann " + then.prompt_in(Lang::kDe);
  }
  return text;
}

}  // namespace

json rivet_odds(const State& state, const Action& action) {
  // Actions that start an attack (a weapon attack, a snipe, an Action! card that attacks) get
  // the whole attack; any other action that leads to a roll or draw gets the next one.
  const int viewer = state.current_seat();
  if (viewer != kAllies && viewer != kBismark) return nullptr;
  std::unique_ptr<State> next = state.clone();
  // A card drawn from the Action! deck (deviation, gas drift, the card phase) or the secret
  // missions comes from cards the asking seat cannot tell from the opponent's hand: to it, every
  // card of either is equally likely to be drawn. The odds draw from that pool, so they are the
  // same in every position the seat cannot tell apart (the opponent's hand stays as it is: what
  // it shows of a window is public, content §6.2).
  auto& pooled = static_cast<RivetState&>(*next);
  const size_t opponent = static_cast<size_t>(1 - viewer);
  pooled.deck.insert(pooled.deck.end(), pooled.hands[opponent].begin(),
                     pooled.hands[opponent].end());
  std::sort(pooled.deck.begin(), pooled.deck.end());
  pooled.sm_deck.insert(pooled.sm_deck.end(), pooled.secrets[opponent].begin(),
                        pooled.secrets[opponent].end());
  std::sort(pooled.sm_deck.begin(), pooled.sm_deck.end());
  const std::unique_ptr<State> pooled_before = next->clone();
  next->apply(action, nullptr);
  const auto& rs = static_cast<const RivetState&>(*next);
  if (rs.is_terminal() || rs.current_seat() != kChance) return nullptr;
  if (!rs.pending.active) {
    RollOddsOptions o;
    o.viewer = viewer;
    return next_roll_odds(*pooled_before, action, o);
  }
  json j = whole_roll_odds(rs, [viewer](const State& before, const State& after) {
    return damage_label(before, after, viewer);
  });
  if (j.is_null()) return j;
  double hit = 0;
  for (const json& o : j["outcomes"])
    if (o["text"].get<std::string>().rfind("no damage", 0) != 0) hit += o["p"].get<double>();
  // Set when sampled.
  const std::string sampling = j.value("summary", ""), sampling_de = j.value("summary_de", "");
  const Text summary =
      say("any damage {0:.1f} % (a die + precision of 5 or more hits, RW §8.1 step 7){1}",
          "mindestens 1 Schaden {0:.1Lf}\u00a0% (ein Würfel + Präzision von 5 oder mehr trifft, RW "
          "§8.1 "
          "Schritt 7){2}",
          100 * hit, sampling.empty() ? "" : "; " + sampling,
          sampling_de.empty() ? "" : "; " + sampling_de);
  j["summary"] = summary.en;
  j["summary_de"] = summary.de;
  return j;
}

}  // namespace feldherr::rivet
