// White Star Rising 1.3.2 [Text]: "An HQ must always be in a hex containing at least one unit of
// its own formation" (HQs and SHQs; A-05: attached units belong to the formation).
//
// Where the rules keep it: the setup phase (setup.cc: HQs are set up last, into a hex holding a
// unit of their formation), entry from off the map (arrival.cc can_enter_map: an HQ enters only
// with a unit of its formation), movement (movement.cc, A-03: an HQ moves only with a unit of
// its formation and is never left behind), retreat after an assault (assault.cc, A-14: the HQ
// retreats with its stack), HQ replacement (1.3.2.3: into a hex with a unit of the formation).
// lone_hq() reports a violation for the tests and the random-game batteries.
#include <string>

#include "games/wsr/state.h"

namespace feldherr::wsr {

bool WsrState::setting_up() const {
  for (const Step& s : steps)
    if (s.kind == kStepSetup) return true;
  return false;
}

std::string WsrState::lone_hq() const {
  for (int h = 0; h < n_units; ++h) {
    if (!info(h).hq || !on_map(h)) continue;
    if (formation_unit_in(h, unit(h).hex)) continue;
    return unit_label(h) + " is alone in " + hex_name(unit(h).hex) +
           ": an HQ must always be in a hex with a unit of its own formation (WSR 1.3.2)";
  }
  return "";
}

}  // namespace feldherr::wsr
