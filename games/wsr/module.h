// White Star Rising's registry entry (data validation only until the rules land, issue 3).
#pragma once

#include "engine/registry.h"

namespace feldherr::wsr {

GameModule wsr_data_module();

}  // namespace feldherr::wsr
