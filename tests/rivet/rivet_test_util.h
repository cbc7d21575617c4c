// Helpers for the Rivet Wars tests: games on the shipped data (or a modified copy), units placed
// directly, actions applied by their text form with injected dice and draws.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <string>

#include "games/rivet/rivet.h"

namespace feldherr::rivet::testing {

inline const RivetData& ShippedData() {
  static const RivetData d = load_rivet_data(std::string(FELDHERR_SOURCE_DIR) + "/data/rivet");
  return d;
}

inline std::shared_ptr<RivetGame> MakeGame(int mission, const RivetData& data = ShippedData(),
                                           RivetOptions o = {}) {
  return std::make_shared<RivetGame>(data, mission, o);
}

// Options of a test that crosses a round boundary without the initiative roll of each round:
// initiative once, as the rule under test does not depend on it (RW §4.5 R1).
inline RivetOptions InitiativeOnce() {
  RivetOptions o;
  o.initiative = InitiativeRule::kOncePerGame;
  return o;
}

// Plays the card phase with the first cards of the decks and no discard (RW §5.1).
inline void Cards(RivetState& s) {
  while (s.phase == Phase::kCards) {
    if (s.current_seat() == kChance)
      s.apply(s.chance_outcomes().front().action);
    else
      s.apply(Action(kEnd, {}));
  }
}

// A state of `game` with the initiative decided (allies first unless `bismark_first`), in the
// first player's deployment phase, board empty.
inline std::unique_ptr<RivetState> Start(const RivetGame& game, bool bismark_first = false) {
  auto s =
      std::unique_ptr<RivetState>(static_cast<RivetState*>(game.new_initial_state().release()));
  if (s->phase == Phase::kInitiative) {
    EventList ev;
    s->apply(bismark_first ? Action(kInitiative, {1, 6}) : Action(kInitiative, {6, 1}), &ev);
  }
  Cards(*s);
  return s;
}

// Puts a unit of type `type` (unit id of the data) on `seg`/`mask`; returns its id.
inline int Put(RivetState& s, const std::string& type, const std::string& seg,
               const std::string& mask, int damage = 0) {
  Unit u;
  u.id = s.next_id++;
  u.type = s.rgame().data().unit_index(type);
  EXPECT_GE(u.type, 0) << type;
  u.owner = s.rgame().data().units[static_cast<size_t>(u.type)].faction;
  u.seg = s.board().parse_seg(seg);
  EXPECT_GE(u.seg, 0) << seg;
  u.fields = mask_from_name(mask);
  u.damage = damage;
  s.units.push_back(u);
  return u.id;
}

inline int Seg(const RivetState& s, const std::string& name) {
  return s.board().parse_seg(name);
}

// Applies a legal action given as text; fails the test if it is illegal.
inline void Do(RivetState& s, const std::string& text, EventList* ev = nullptr) {
  Action a;
  std::string error;
  ASSERT_TRUE(s.parse(text, a, error)) << text << ": " << error;
  ASSERT_EQ(s.why_illegal(a), "") << text;
  EXPECT_EQ(s.describe(a), text);
  s.apply(a, ev);
}

// The refusal reason of an action given as text ("" if it is legal).
inline std::string Why(const RivetState& s, const std::string& text) {
  Action a;
  std::string error;
  if (!s.parse(text, a, error)) return "unparsable: " + error;
  return s.why_illegal(a);
}

// Sets the state to `faction`'s combat (or movement) phase with nothing activated.
inline void EnterPhase(RivetState& s, int faction, Phase p) {
  s.active = faction;
  s.phase = p;
  s.activated_seg = -1;
  for (Unit& u : s.units) {
    u.combat = 0;
    u.move = 0;
  }
}

// The index of the Action! card `id` ("AC-19") in the shipped data, -1 if none.
inline int Card(const std::string& id) {
  const auto& d = ShippedData();
  for (size_t i = 0; i < d.actions.size(); ++i)
    if (d.actions[i].id == id) return static_cast<int>(i);
  return -1;
}

// Moves the Action! card `id` from the deck into `faction`'s hand.
inline void Give(RivetState& s, int faction, const std::string& id) {
  const int c = Card(id);
  s.deck.erase(std::find(s.deck.begin(), s.deck.end(), c));
  s.hands[static_cast<size_t>(faction)].push_back(c);
}

}  // namespace feldherr::rivet::testing
