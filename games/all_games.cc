#include "engine/registry.h"
#include "games/planspiel/module.h"
#include "games/pocket/pocket.h"
#include "games/rivet/rivet.h"
#include "games/westerplatte/ai.h"
#include "games/wsr/module.h"

namespace feldherr {

const Registry& all_games() {
  static const Registry registry = [] {
    Registry r;
    r.add(pocket::pocket_module());
    r.add(wsr::wsr_module());                    // basic scenarios B1-B4 and advanced ones
    r.add(westerplatte::westerplatte_module());  // 7 Tage der Westerplatte (cooperative)
    r.add(rivet::rivet_module());                // Rivet Wars: missions 1-10 (docs/rivet.md)
    r.add(planspiel::planspiel_module());        // rules being built: data only (docs/planspiel.md)
    return r;
  }();
  return registry;
}

}  // namespace feldherr
