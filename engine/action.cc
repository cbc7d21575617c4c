#include "engine/action.h"

#include <cassert>

namespace feldherr {

uint64_t Action::id() const {
  uint64_t id = (static_cast<uint64_t>(verb) << 3) | argc;
  for (int i = 0; i < kMaxArgs; ++i)
    id = (id << kArgBits) | (args[static_cast<size_t>(i)] & kMaxArg);
  return id;
}

Action Action::from_id(uint64_t id) {
  Action a;
  for (int i = kMaxArgs - 1; i >= 0; --i) {
    a.args[static_cast<size_t>(i)] = static_cast<uint16_t>(id & kMaxArg);
    id >>= kArgBits;
  }
  a.argc = static_cast<uint8_t>(id & 7);
  a.verb = static_cast<uint8_t>((id >> 3) & kMaxVerb);
  return a;
}

}  // namespace feldherr
