// What the fuzz harnesses (fuzz/*.cc) throw when the code under test breaks its contract, as
// opposed to refusing malformed input, which is the correct answer: libFuzzer reports the
// escaping exception as a crash, test_fuzz as a failure.
#pragma once

#include <stdexcept>
#include <string>

namespace feldherr::fuzz {

struct Violation : std::logic_error {
  using std::logic_error::logic_error;
};

inline void check(bool ok, const std::string& what) {
  if (!ok) throw Violation(what);
}

}  // namespace feldherr::fuzz
