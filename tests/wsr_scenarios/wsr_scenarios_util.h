// Helpers shared by the White Star Rising scenario tests: the shipped data and scenarios, the
// hexes of a zone and the units of a force.
#pragma once

#include <gtest/gtest.h>

#include <map>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "games/wsr/data.h"
#include "games/wsr/scenario.h"

namespace feldherr::wsr::scenario_test {

inline const Data& TheData() {
  static const Data data = LoadData(std::string(FELDHERR_SOURCE_DIR) + "/data/wsr");
  return data;
}

// The shipped scenario `id` (data/wsr/scenarios).
inline const Scenario& Get(const std::string& id) {
  static const std::vector<Scenario> all =
      LoadScenarios(std::string(FELDHERR_SOURCE_DIR) + "/data/wsr/scenarios", TheData());
  for (const Scenario& s : all) {
    if (s.id == id) return s;
  }
  throw std::runtime_error("no scenario " + id);
}

// Canonical ids of a zone, as strings, sorted.
inline std::set<std::string> Ids(const Scenario& s, const std::string& zone) {
  const Zone* z = s.FindZone(zone);
  EXPECT_NE(z, nullptr) << zone;
  std::set<std::string> out;
  if (z != nullptr) {
    for (const HexId& h : z->ids) out.insert(h.ToString());
  }
  return out;
}

// {counter -> count} of a force.
inline std::map<std::string, int> Units(const Force& f) {
  std::map<std::string, int> m;
  for (const ForceUnit& u : f.units) m[u.counter] += u.count;
  return m;
}

}  // namespace feldherr::wsr::scenario_test
