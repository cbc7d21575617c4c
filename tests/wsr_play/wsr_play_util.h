// Helpers for the White Star Rising scenario-game tests: the shipped basic scenarios as games,
// actions applied by their text form with legality checked.
#pragma once

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "games/wsr/data.h"
#include "games/wsr/scenario_game.h"
#include "games/wsr/state.h"

namespace feldherr::wsr::testing {

// `text` with every run of spaces and line breaks as one space: the terminal board's sentences
// whatever the 80-column wrapping (games/wsr/render.cc) did to them.
inline std::string Flat(const std::string& text) {
  std::string out;
  for (char c : text) {
    const bool space = c == ' ' || c == '\n';
    if (!space)
      out += c;
    else if (!out.empty() && out.back() != ' ')
      out += ' ';
  }
  return out;
}

inline std::shared_ptr<const WsrGame> ScenarioGame(const std::string& id) {
  return MakeScenarioGame(ShippedData(), LoadShippedScenario(id));
}

struct Play {
  std::shared_ptr<const WsrGame> game;
  std::unique_ptr<State> state;
  EventList events;

  explicit Play(const std::string& id) : game(ScenarioGame(id)), state(game->new_initial_state()) {}
  explicit Play(std::shared_ptr<const WsrGame> g)
      : game(std::move(g)), state(game->new_initial_state()) {}

  WsrState& s() { return static_cast<WsrState&>(*state); }
  int hex(const char* id) const { return game->layout().Index(id); }
  int unit(const char* label) const {
    const int u = game->unit_by_label(label);
    EXPECT_GE(u, 0) << label;
    return u;
  }
  int seat(const char* side) const { return game->seat_index(side); }
  Action parse(const std::string& text) {
    Action a;
    std::string err;
    EXPECT_TRUE(state->parse(text, a, err)) << text << ": " << err;
    return a;
  }
  void act(const std::string& text) {
    const Action a = parse(text);
    const std::string why = state->why_illegal(a);
    ASSERT_EQ(why, "") << text;
    state->apply(a, &events);
  }
  std::string why(const std::string& text) { return state->why_illegal(parse(text)); }
  bool logged(const std::string& rule) const {
    for (const Event& e : events)
      if (e.rule == rule) return true;
    return false;
  }
};

}  // namespace feldherr::wsr::testing
