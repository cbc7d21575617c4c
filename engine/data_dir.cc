#include <cstdlib>

#include "engine/errors.h"

namespace feldherr {

std::string data_dir() {
  if (const char* env = std::getenv("FELDHERR_DATA"); env != nullptr && *env != '\0') return env;
  return FELDHERR_DATA_DIR;
}

}  // namespace feldherr
