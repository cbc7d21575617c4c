// The odds of the roll an action causes (engine/roll_odds.h).
#include "engine/roll_odds.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <memory>
#include <string>
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

nlohmann::json next_roll_odds(const State& state, const Action& action,
                              const RollOddsOptions& options) {
  using nlohmann::json;
  std::unique_ptr<State> next = state.clone();
  next->apply(action, nullptr);
  if (next->is_terminal() || next->current_seat() != kChance) return nullptr;
  const std::vector<ChanceOutcome> outcomes = next->chance_outcomes();
  if (outcomes.empty()) return nullptr;
  const bool exact = outcomes.size() <= options.max_exact;
  std::map<std::string, double> by_text;  // probability (exact) or count (sampled)
  if (exact) {
    for (const ChanceOutcome& o : outcomes) by_text[next->describe(o.action)] += o.probability;
  } else {
    Rng rng(options.seed);
    for (int r = 0; r < options.runs; ++r) by_text[next->describe(next->sample_chance(rng))] += 1;
  }
  std::vector<std::pair<std::string, double>> rows(by_text.begin(), by_text.end());
  std::stable_sort(rows.begin(), rows.end(),
                   [](const auto& a, const auto& b) { return a.second > b.second; });
  json list = json::array();
  double other = 0;
  for (size_t i = 0; i < rows.size(); ++i) {
    if (i >= options.max_listed) {
      other += rows[i].second;
      continue;
    }
    json row = {{"text", rows[i].first}};
    if (exact) {
      row["p"] = rows[i].second;
    } else {
      const auto n = static_cast<long long>(rows[i].second);
      const auto [lo, hi] = wilson95(n, options.runs);
      row["p"] = rows[i].second / options.runs;
      row["ci"] = {lo, hi};
    }
    list.push_back(row);
  }
  if (other > 0)
    list.push_back({{"text", "other outcomes"}, {"p", exact ? other : other / options.runs}});
  json j = {{"kind", "next-roll"},
            {"prompt", next->decision().prompt},
            {"outcomes", list},
            {"exact", exact}};
  if (!exact) {
    j["method"] = "Monte Carlo";
    j["runs"] = options.runs;
    j["summary"] = "Monte Carlo: " + std::to_string(options.runs) + " sampled rolls of " +
                   std::to_string(outcomes.size()) +
                   " possible outcomes (too many to enumerate); 95 % intervals per outcome";
  }
  return j;
}

}  // namespace feldherr
