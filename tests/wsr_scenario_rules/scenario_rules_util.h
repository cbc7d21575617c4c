// Helpers for the White Star Rising scenario-mechanics tests: positions of a loaded scenario
// (data/wsr/scenarios/*.toml) built by hand -- chosen units on chosen hexes, the others off the
// map as the scenario's forces say -- on the scenario's layout, with the scenario data attached
// (GameSetup::scenario_data), actions applied by their text form with legality checked.
#pragma once

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "games/wsr/data.h"
#include "games/wsr/scenario.h"
#include "games/wsr/state.h"

namespace feldherr::wsr::testing {

inline const Data& ScenData() {
  static const Data d = LoadData(std::string(FELDHERR_SOURCE_DIR) + "/data/wsr");
  return d;
}

inline std::shared_ptr<Scenario> LoadScen(const std::string& id) {
  return std::make_shared<Scenario>(LoadScenario(
      std::string(FELDHERR_SOURCE_DIR) + "/data/wsr/scenarios/" + id + ".toml", ScenData()));
}

// A unit of force `force` (index into Scenario::forces); empty hex = off the map (kOffMap).
inline SetupUnit SU(std::string counter, std::string hex, int force, bool mounted = false,
                    bool reduced = false) {
  SetupUnit u;
  u.counter = std::move(counter);
  u.hex = std::move(hex);
  u.force = force;
  u.mounted = mounted;
  u.reduced = reduced;
  return u;
}

// Seats in the scenario's side order; every formation of the scenario with one marker; each
// unit's formation is its force's formation.
inline GameSetup ScenSetup(std::shared_ptr<const Scenario> sc, std::vector<SetupUnit> units) {
  GameSetup g;
  g.scenario = sc->id;
  g.seats.clear();
  for (const Side& s : sc->sides) g.seats.push_back(s.id);
  for (const FormationSetup& fs : sc->formations) {
    SetupFormation f;
    f.id = fs.id;
    f.side = fs.side == g.seats[0] ? 0 : 1;
    f.markers = 1;
    g.formations.push_back(f);
  }
  for (SetupUnit& u : units) {
    if (u.force >= 0) u.formation = sc->forces[static_cast<size_t>(u.force)].formation;
    g.units.push_back(u);
  }
  g.turns = sc->turns;
  g.end_turn_markers = sc->end_turn_markers;
  g.scenario_data = sc;
  return g;
}

struct SPos {
  std::shared_ptr<const Scenario> sc;
  std::unique_ptr<WsrGame> game;
  std::unique_ptr<State> state;
  EventList events;

  SPos(std::shared_ptr<const Scenario> scen, std::vector<SetupUnit> units)
      : sc(scen),
        game(
            std::make_unique<WsrGame>(ScenData(), scen->layout, ScenSetup(scen, std::move(units)))),
        state(game->new_initial_state()) {}

  WsrState& s() { return static_cast<WsrState&>(*state); }
  int hex(const char* id) const { return game->layout().Index(id); }
  int unit(const char* label) const {
    int u = game->unit_by_label(label);
    EXPECT_GE(u, 0) << label;
    return u;
  }
  int formation(const char* id) const { return game->formation_index(id); }
  Action parse(const std::string& text) {
    Action a;
    std::string err;
    EXPECT_TRUE(state->parse(text, a, err)) << text << ": " << err;
    return a;
  }
  void act(const std::string& text) {
    Action a = parse(text);
    std::string why = state->why_illegal(a);
    ASSERT_EQ(why, "") << text << " (decision: " << state->decision().prompt << ")";
    // The text form round-trips (state contract).
    EXPECT_EQ(state->describe(a), [&] {
      Action b;
      std::string e;
      state->parse(state->describe(a), b, e);
      return state->describe(b);
    }());
    state->apply(a, &events);
    EXPECT_EQ(s().invariant_violation(), "") << "after " << text;
  }
  void acts(const std::vector<std::string>& texts) {
    for (const auto& t : texts) act(t);
  }
  std::string why(const std::string& text) { return state->why_illegal(parse(text)); }
  bool legal(const std::string& text) { return why(text).empty(); }
  int top_kind() { return !s().steps.empty() ? s().top().kind : -1; }
  // Applies `text` (a move or an entry), then declines the opportunity fire it allows (WSR 6.2).
  void go(const std::string& text) {
    act(text);
    while (top_kind() == kStepHexEntered) act("no-opfire");
  }
  // Passes the pending command tests (WSR 4.2) with a roll of 1 1.
  void pass_command() {
    while (top_kind() == kStepCommand) act("roll 1 1");
  }
  bool logged(const std::string& rule, const std::string& part = "") const {
    for (const Event& e : events)
      if (e.rule == rule && e.text.find(part) != std::string::npos) return true;
    return false;
  }
};

}  // namespace feldherr::wsr::testing
