// The odds of the roll an action causes (engine/roll_odds.h).
#include "engine/roll_odds.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "engine/rng.h"

namespace feldherr {

std::pair<double, double> wilson95(long long successes, long long n) {
  if (n <= 0) return {0.0, 1.0};
  constexpr double kZ95 = 1.959963984540054;  // the two-sided 95 % quantile of the normal law
  const double nn = static_cast<double>(n);
  const double p = static_cast<double>(successes) / nn;
  const double z2 = kZ95 * kZ95;
  const double denominator = 1 + z2 / nn;
  const double centre = (p + z2 / (2 * nn)) / denominator;
  const double half = kZ95 / denominator * std::sqrt(p * (1 - p) / nn + z2 / (4 * nn * nn));
  return {std::max(0.0, centre - half), std::min(1.0, centre + half)};
}

namespace {

// Chance decisions followed in one whole roll at most (a guard against a chance loop).
constexpr int kMaxRollSteps = 256;

// Each outcome's probability (exact) or sample count, by its English text, with its German
// (the first seen of the group: outcomes grouped under one English text read the same in German).
struct Tally {
  double p = 0;
  std::string de;
};
using ByText = std::map<std::string, Tally>;

void add(ByText& by_text, const Text& text, double p) {
  auto [it, fresh] = by_text.try_emplace(text.en);
  if (fresh) it->second.de = text.de.empty() ? text.en : text.de;
  it->second.p += p;
}

// The answer's JSON from outcome texts with their probabilities (exact) or sample counts, each
// outcome and the summary in English and German (`text_de`, `summary_de`).
nlohmann::json odds_json(const char* kind, const Text& prompt, const ByText& by_text, bool exact,
                         const RollOddsOptions& options, const Text& population) {
  using nlohmann::json;
  std::vector<std::pair<std::string, Tally>> rows(by_text.begin(), by_text.end());
  std::stable_sort(rows.begin(), rows.end(),
                   [](const auto& a, const auto& b) { return a.second.p > b.second.p; });
  json list = json::array();
  double other = 0;
  for (size_t i = 0; i < rows.size(); ++i) {
    if (i >= options.max_listed) {
      other += rows[i].second.p;
      continue;
    }
    json row = {{"text", rows[i].first}, {"text_de", rows[i].second.de}};
    if (exact) {
      row["p"] = rows[i].second.p;
    } else {
      const auto n = static_cast<long long>(rows[i].second.p);
      const auto [lo, hi] = wilson95(n, options.runs);
      row["p"] = rows[i].second.p / options.runs;
      row["ci"] = {lo, hi};
    }
    list.push_back(row);
  }
  if (other > 0)
    list.push_back({{"text", "other outcomes"},
                    {"text_de", "andere Ausgänge"},
                    {"p", exact ? other : other / options.runs}});
  json j = {{"kind", kind},
            {"prompt", prompt.en},
            {"prompt_de", prompt.in(Lang::kDe)},
            {"outcomes", list},
            {"exact", exact}};
  if (!exact) {
    j["method"] = "Monte Carlo";
    j["runs"] = options.runs;
    const Text summary =
        say("Monte Carlo: {0} sampled rolls of {1} (too many to enumerate); 95 % intervals per "
            "outcome",
            "Monte Carlo: {0} zufällig gezogene Würfe aus {2} (zu viele zum Aufzählen); "
            "95-%-Intervall je Ausgang",
            options.runs, population.en, population.in(Lang::kDe));
    j["summary"] = summary.en;
    j["summary_de"] = summary.de;
  }
  return j;
}

// Breadth-first over the chance decisions from `start` (Chance to decide), one decision per
// layer, identical states merged by State::hash (dice rolled one by one in another order, once
// their target is resolved); false when a layer holds more than `limit` distinct states (the
// caller then samples).
bool enumerate_roll(const State& start, const RollLabel& label, size_t limit, ByText& by_text) {
  std::vector<std::pair<std::unique_ptr<State>, double>> layer, next;
  layer.emplace_back(start.clone(), 1.0);
  std::unordered_map<uint64_t, size_t> index;  // state hash -> its place in `next`
  for (int step = 0; !layer.empty(); ++step) {
    next.clear();
    index.clear();
    for (auto& [s, p] : layer) {
      if (s->is_terminal() || s->current_seat() != kChance || step >= kMaxRollSteps) {
        add(by_text, label(start, *s), p);
        continue;
      }
      for (const ChanceOutcome& o : s->chance_outcomes()) {
        if (o.probability <= 0) continue;
        std::unique_ptr<State> child = s->clone();
        child->apply(o.action, nullptr);
        const auto [it, fresh] = index.try_emplace(child->hash(), next.size());
        if (fresh) {
          if (next.size() >= limit) return false;
          next.emplace_back(std::move(child), 0.0);
        }
        next[it->second].second += p * o.probability;
      }
    }
    layer.swap(next);
  }
  return true;
}

}  // namespace

nlohmann::json next_roll_odds(const State& state, const Action& action,
                              const RollOddsOptions& options) {
  std::unique_ptr<State> next = state.clone();
  next->apply(action, nullptr);
  if (next->is_terminal() || next->current_seat() != kChance) return nullptr;
  const std::vector<ChanceOutcome> outcomes = next->chance_outcomes();
  if (outcomes.empty()) return nullptr;
  const bool exact = outcomes.size() <= options.max_exact;
  const int viewer = options.viewer;
  // An outcome as the viewer may see it: its text (describe_for) and, in German, the label the
  // server shows for the action (State::action_info, read from that same masked text).
  ByText by_text;  // probability (exact) or count (sampled)
  auto tally = [&](const Action& a, double p) {
    const std::string en = viewer == kNobody ? next->describe(a) : next->describe_for(a, viewer);
    auto it = by_text.find(en);
    if (it == by_text.end())
      add(by_text, {en, next->action_info(a, viewer).label_de}, p);
    else
      it->second.p += p;
  };
  if (exact) {
    for (const ChanceOutcome& o : outcomes) tally(o.action, o.probability);
  } else {
    Rng rng(options.seed);
    for (int r = 0; r < options.runs; ++r) tally(next->sample_chance(rng), 1);
  }
  const Decision roll = viewer == kNobody ? next->decision() : next->decision_for(viewer);
  const std::string n = std::to_string(outcomes.size());
  return odds_json("next-roll", {roll.prompt, roll.prompt_in(Lang::kDe)}, by_text, exact, options,
                   {n + " possible outcomes", n + " möglichen Ausgängen"});
}

nlohmann::json whole_roll_odds(const State& rolling, const RollLabel& label,
                               const RollOddsOptions& options) {
  if (rolling.is_terminal() || rolling.current_seat() != kChance) return nullptr;
  ByText by_text;
  const bool exact = enumerate_roll(rolling, label, options.max_exact, by_text);
  if (!exact) {
    by_text.clear();
    Rng rng(options.seed);
    for (int r = 0; r < options.runs; ++r) {
      std::unique_ptr<State> s = rolling.clone();
      for (int k = 0; k < kMaxRollSteps && !s->is_terminal() && s->current_seat() == kChance; ++k)
        s->apply(s->sample_chance(rng), nullptr);
      add(by_text, label(rolling, *s), 1);
    }
  }
  const Decision roll = rolling.decision();
  const std::string n = std::to_string(options.max_exact);
  return odds_json("whole-roll", {roll.prompt, roll.prompt_in(Lang::kDe)}, by_text, exact, options,
                   {"more than " + n + " positions after one of its dice",
                    "mehr als " + n + " Stellungen nach einem seiner Würfel"});
}

}  // namespace feldherr
