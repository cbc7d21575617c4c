// Errors with a place: bad data files, bad logs, bad user input.
#pragma once

#include <stdexcept>
#include <string>

namespace feldherr {

// A malformed data file, replay or message. what() is "FILE:LINE: message" (or
// "FILE: $.json.path: message"), ready to print.
class DataError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Directory of the shipped data files (units, armies, maps, scenarios). Taken from the
// FELDHERR_DATA environment variable if set, otherwise the source tree's data/ directory
// compiled in as FELDHERR_DATA_DIR.
std::string data_dir();

}  // namespace feldherr
