// White Star Rising scenario games: a loaded Scenario (games/wsr/scenario.h) turned into a
// WsrGame (games/wsr/state.h). docs/wsr-play.md describes the mapping.
//
// Seats: the scenario's [[side]] order (the four basic scenarios: de = seat 0, us = seat 1).
// Every counter of every force becomes one SetupUnit (counts expanded, file order) with
// `force` set and no hex: kOffMap until the setup phase (WSR 2.0, setup.cc) places it, or until
// it arrives (reinforcements, another module). Support weapons become GameSetup::support_weapons,
// assigned to a platoon of their force in the setup phase (WSR 1.3.4.1).
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "games/wsr/scenario.h"
#include "games/wsr/state.h"

namespace feldherr::wsr {

// The scenarios the `wsr` module offers: the basic ones (WSR 12.0: rules 1.0-10.0) and the
// advanced ones whose special rules and setup the rules engine plays (docs/wsr-play.md).
const std::vector<std::string>& PlayableScenarioIds();

// The special-rule hooks (KnownSpecialRules) the rules engine implements; ScenarioSetup refuses
// a scenario with any other hook, naming it.
const std::vector<std::string>& ImplementedSpecialRules();

// The special rules of `sc` the rules engine does not implement (file order).
std::vector<const SpecialRule*> MissingSpecialRules(const Scenario& sc);

// Why `sc` cannot be played, in English and German: the special rules of the file the rules
// engine does not implement ("WSR-A7 Omaha Beach ... needs the special rule 'dd-tanks', not
// implemented yet (dd-tanks: ...)" / "... braucht die Sonderregel 'dd-tanks', noch nicht
// umgesetzt (...)"); empty when every one is implemented.
Text MissingSpecialRulesText(const Scenario& sc);

// For a shipped scenario file data/wsr/scenarios/<id>.toml that the module does not offer: why
// (MissingSpecialRulesText; a fault of the file in English); an empty text for an id without
// such a file or one whose rules are all implemented (GameModule::unavailable, module.cc).
Text UnavailableScenario(std::string_view id);

// data_dir()/wsr/scenarios/<id>.toml loaded against ShippedData(). Throws DataError.
std::shared_ptr<const Scenario> LoadShippedScenario(std::string_view id);

// The zone ids the victory conditions (and points scoring) name, in first-use order.
std::vector<std::string> VictoryZones(const Scenario& sc);

// The GameSetup of a scenario. Throws DataError naming the scenario file for what the rules
// cannot play yet (exit conditions, G-12) or a force with more SWs than infantry-type platoons.
// chaos_variation: also the chaos markers the scenario lists as a variation (WSR 9.0, B1).
// Mines come from the sides (WSR 8.2); IPs placed during setup (WSR 8.1) are refused.
GameSetup ScenarioSetup(const Data& data, std::shared_ptr<const Scenario> sc,
                        bool chaos_variation = false);

// The game of a scenario on scenario.layout.
std::shared_ptr<const WsrGame> MakeScenarioGame(const Data& data,
                                                std::shared_ptr<const Scenario> sc,
                                                WsrOptions options = {});

}  // namespace feldherr::wsr
