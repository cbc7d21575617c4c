// The shipped White Star Rising data (data/wsr), loaded once for the data tests.
#pragma once

#include <string>

#include "games/wsr/data.h"

namespace feldherr::wsr::data_test {

inline const Data& D() {
  static const Data d = LoadData(std::string(FELDHERR_SOURCE_DIR) + "/data/wsr");
  return d;
}

}  // namespace feldherr::wsr::data_test
