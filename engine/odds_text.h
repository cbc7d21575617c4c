// The text and JSON forms of a count distribution (hits, net hits, saves), shared by the odds
// commands of `feldherr odds` (docs/cli.md): the generic `odds log` (cli/odds.cc) and the games'
// parameter-driven commands (GameModule::odds_command). A distribution is P(count = k) for
// k = 0..n as a vector.
#pragma once

#include <iosfwd>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

namespace feldherr {

// A probability with four decimals ("0.5926").
std::string odds_probability(double p);

// {"0": p0, "1": p1, ...}.
nlohmann::json distribution_json(const std::vector<double>& p);

// The table "<what>  probability  at least", one row per count, P(count >= k) in the last column.
void print_distribution(std::ostream& out, std::string_view what, const std::vector<double>& p);

// The expected count: sum of k * P(count = k).
double expected_count(const std::vector<double>& p);

// "a, b, c" (an empty list gives "").
std::string comma_list(const std::vector<std::string>& items);

// "a, b ,c" split at the commas, each part without its outer spaces (parts may be empty).
std::vector<std::string> split_commas(const std::string& text);

}  // namespace feldherr
