#include "engine/odds_text.h"

#include <fmt/format.h>

#include <ostream>

namespace feldherr {

std::string odds_probability(double p) {
  return fmt::format("{:.4f}", p);
}

nlohmann::json distribution_json(const std::vector<double>& p) {
  nlohmann::json j = nlohmann::json::object();
  for (size_t k = 0; k < p.size(); ++k) j[std::to_string(k)] = p[k];
  return j;
}

void print_distribution(std::ostream& out, std::string_view what, const std::vector<double>& p) {
  out << fmt::format("{:>10}  probability  at least", what) << '\n';
  std::vector<double> at_least(p.size() + 1, 0.0);
  for (size_t k = p.size(); k-- > 0;) at_least[k] = at_least[k + 1] + p[k];
  for (size_t k = 0; k < p.size(); ++k) {
    out << fmt::format("{:>10}  {:>11}  {:>8}\n", k, odds_probability(p[k]),
                       odds_probability(at_least[k]));
  }
}

double expected_count(const std::vector<double>& p) {
  double e = 0;
  for (size_t k = 0; k < p.size(); ++k) e += static_cast<double>(k) * p[k];
  return e;
}

std::string comma_list(const std::vector<std::string>& items) {
  std::string s;
  for (const std::string& item : items) s += (s.empty() ? "" : ", ") + item;
  return s;
}

std::vector<std::string> split_commas(const std::string& text) {
  std::vector<std::string> parts;
  std::string part;
  for (char c : text + ",") {
    if (c == ',') {
      while (!part.empty() && part.back() == ' ') part.pop_back();
      const size_t start = part.find_first_not_of(' ');
      parts.push_back(start == std::string::npos ? "" : part.substr(start));
      part.clear();
    } else {
      part += c;
    }
  }
  return parts;
}

}  // namespace feldherr
