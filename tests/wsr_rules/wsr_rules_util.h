// Helpers for the White Star Rising rules tests: positions built from explicit setups on map
// sheet A, actions applied by their text form with legality checked, chance outcomes injected.
#pragma once

#include <gtest/gtest.h>

#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "games/wsr/data.h"
#include "games/wsr/state.h"

namespace feldherr::wsr::testing {

inline const Data& TestData() {
  static const Data d = LoadData(std::string(FELDHERR_SOURCE_DIR) + "/data/wsr");
  return d;
}

inline SetupUnit U(std::string counter, std::string hex, std::string formation,
                   bool disrupted = false, bool mounted = false, bool reduced = false) {
  SetupUnit u;
  u.counter = std::move(counter);
  u.hex = std::move(hex);
  u.formation = std::move(formation);
  u.disrupted = disrupted;
  u.mounted = mounted;
  u.reduced = reduced;
  return u;
}

// A US (seat 0) vs German (seat 1) setup on sheet A with the given formations.
inline GameSetup MakeSetup(std::vector<SetupFormation> formations, std::vector<SetupUnit> units,
                           int turns = 3) {
  GameSetup s;
  s.formations = std::move(formations);
  s.units = std::move(units);
  s.turns = turns;
  return s;
}

struct Pos {
  std::unique_ptr<WsrGame> game;
  std::unique_ptr<State> state;
  EventList events;

  explicit Pos(GameSetup setup, WsrOptions o = {})
      : game(std::make_unique<WsrGame>(TestData(), HexLayout::Single('A'), std::move(setup), o)),
        state(game->new_initial_state()) {}

  WsrState& s() { return static_cast<WsrState&>(*state); }
  int hex(const char* id) const { return game->layout().Index(id); }
  int unit(const char* label) const {
    int u = game->unit_by_label(label);
    EXPECT_GE(u, 0) << label;
    return u;
  }
  Action parse(const std::string& text) {
    Action a;
    std::string err;
    EXPECT_TRUE(state->parse(text, a, err)) << text << ": " << err;
    return a;
  }
  // Applies the action named by `text`; fails the test if it is illegal.
  void act(const std::string& text) {
    Action a = parse(text);
    std::string why = state->why_illegal(a);
    ASSERT_EQ(why, "") << text;
    state->apply(a, &events);
  }
  void acts(const std::vector<std::string>& texts) {
    for (const auto& t : texts) act(t);
  }
  // Why the action is illegal ("" when legal).
  std::string why(const std::string& text) { return state->why_illegal(parse(text)); }
  bool legal(const std::string& text) { return why(text).empty(); }
  bool logged(const std::string& rule) const {
    for (const Event& e : events)
      if (e.rule == rule) return true;
    return false;
  }
};

// The formations of most rules tests: US Combat Command A (seat 0) and Kampfgruppe Beck (seat 1).
inline std::vector<SetupFormation> CcaBeck() {
  return {{"us.cca", 0, 1}, {"de.beck", 1, 1}};
}

// Draws `formation`; command tests and reorganization rolls all show `dice`.
inline void Activate(Pos& p, const std::string& formation, const std::string& dice = "roll 1 1") {
  p.act("draw " + formation);
  while (p.state->decision().kind == "roll" && !p.s().fire_chance()) p.act(dice);
  ASSERT_EQ(p.state->decision().kind, "operations");
}

// The game contract at `p`: the invariant holds, the JSON round trip keeps the state, and every
// legal action's text parses back to it.
inline void CheckContract(Pos& p) {
  EXPECT_EQ(p.s().invariant_violation(), "");
  auto back = p.game->state_from_json(p.state->to_json());
  EXPECT_EQ(back->hash(), p.state->hash());
  EXPECT_EQ(back->to_json(), p.state->to_json());
  ActionList l;
  p.state->legal_actions(l);
  for (const Action& a : l) {
    Action b;
    std::string err;
    ASSERT_TRUE(p.state->parse(p.state->describe(a), b, err)) << p.state->describe(a) << err;
    EXPECT_EQ(a, b) << p.state->describe(a);
  }
}

}  // namespace feldherr::wsr::testing
