#include "engine/registry.h"
#include "games/pocket/pocket.h"

namespace feldherr {

const Registry& all_games() {
  static const Registry registry = [] {
    Registry r;
    r.add(pocket::pocket_module());
    return r;
  }();
  return registry;
}

}  // namespace feldherr
