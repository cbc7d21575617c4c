// Helpers for the Westerplatte tests: games through the registry, a deterministic setup with
// injected chance outcomes, and positions built by hand.
#pragma once

#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "engine/registry.h"
#include "games/westerplatte/tasks.h"
#include "games/westerplatte/westerplatte.h"

namespace feldherr::westerplatte::testing {

// The field index of a field name ("C", "N1", ...).
inline int field(const char* n) {
  return field_from_name(n);
}

inline std::shared_ptr<const Game> make_game(const std::string& level, int players) {
  return all_games().create("westerplatte/" + level, {{"players", std::to_string(players)}});
}

inline int card_index(const WpState& s, const std::string& id) {
  const auto& cards = s.wp().data().cards;
  for (size_t i = 0; i < cards.size(); ++i)
    if (cards[i].id == id) return static_cast<int>(i);
  ADD_FAILURE() << "no card " << id;
  return 0;
}
inline int event_index(const WpState& s, const std::string& id) {
  const auto& ev = s.wp().data().events;
  for (size_t i = 0; i < ev.size(); ++i)
    if (ev[i].id == id) return static_cast<int>(i);
  ADD_FAILURE() << "no event " << id;
  return 0;
}

inline Action act(const WpState& s, const std::string& text) {
  Action a;
  std::string error;
  EXPECT_TRUE(s.parse(text, a, error)) << text << ": " << error;
  return a;
}

// Applies a legal action given by its text; fails the test if it is illegal.
inline void play(WpState& s, const std::string& text, EventList* ev = nullptr) {
  Action a = act(s, text);
  const std::string why = s.why_illegal(a);
  ASSERT_EQ(why, "") << text;
  s.apply(a, ev);
}

// Empties the lanes (cards back into the deck) so a test can place its own troops.
inline void clear_lanes(WpState& s) {
  for (int l = 0; l < kLanes; ++l) {
    const int c = s.lane_card_[static_cast<size_t>(l)];
    if (c >= 0) s.card_loc_[static_cast<size_t>(c)] = WpState::kInDeck;
    s.lane_card_[static_cast<size_t>(l)] = -1;
    s.lane_space_[static_cast<size_t>(l)] = 0;
    s.lane_damage_[static_cast<size_t>(l)] = 0;
  }
}

// Tiles T1..T6 = morale, mortar, mines, rebuild, ammo, push_back; all officers on `start`;
// opening cards P1-22 (discarded for 1-2 players), then P1-23 and P1-24 placed (morale losses
// would move morale, so the tests reset morale to START afterwards) or, for 3-4 players, three.
// Returns the state at p1's move-and-action phase with empty lanes and morale at START.
inline std::unique_ptr<WpState> fresh(const std::string& level, int players,
                                      const std::string& start = "C") {
  static std::shared_ptr<const Game> games[3][5];
  const int li = level == "easy" ? 0 : level == "medium" ? 1 : 2;
  auto& g = games[li][players];
  if (!g) g = make_game(level, players);
  auto st = g->new_initial_state();
  auto* s = static_cast<WpState*>(st.release());
  std::unique_ptr<WpState> out(s);
  const char* tiles[] = {"morale", "mortar", "mines", "rebuild", "ammo", "push_back"};
  for (int i = 0; i < 6; ++i)
    play(*s, std::string("tile T") + std::to_string(i + 1) + " " + tiles[i]);
  // WP 5 step 9: officers start on a forward field; the test then stands them on `start`.
  for (int o = 0; o < s->wp().num_officers(); ++o)
    play(*s, "place o" + std::to_string(o + 1) + " C");
  // Opening: troop cards on lanes A, B (and C).
  if (players <= 2) play(*s, "draw P1-22");
  play(*s, "draw P1-02");
  play(*s, "draw P1-05");
  if (players >= 3) play(*s, "draw P1-08");
  clear_lanes(*s);
  for (int o = 0; o < s->wp().num_officers(); ++o)
    s->officer_at_[static_cast<size_t>(o)] = static_cast<int8_t>(field_from_name(start));
  s->morale_ = static_cast<int8_t>(s->start_index());
  EXPECT_EQ(s->tasks_.back().type, tPlayer);
  return out;
}

}  // namespace feldherr::westerplatte::testing
