// Helpers for the Pocket Battles rule tests: hand-made armies, a battle-position builder and
// text-driven actions with injected dice.
#pragma once

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "games/pocket/pocket.h"

namespace feldherr::pocket::testing {

inline TroopType make_type(const std::string& id, std::vector<int> combat,
                           std::vector<int> shooting, int dp, int fv, int lp,
                           std::vector<Trait> traits = {}, int count = 4) {
  TroopType t;
  t.id = id;
  t.name = id;
  t.name_de = id;
  t.count = count;
  t.combat_dice = std::move(combat);
  t.shooting_dice = std::move(shooting);
  t.traits = std::move(traits);
  t.dp = dp;
  t.fv = fv;
  t.lp = lp;
  return t;
}

// Elf troop type indices.
enum ElfType { kMountedGuard, kJavelin, kArcher, kFighter, kPathfinder, kHealer, kEagle, kLongbow };
// Orc troop type indices.
enum OrcType { kOrc, kTroll, kKobold, kGoblinArcher, kWolfRider, kBrute };

inline Army test_elves() {
  Army a;
  a.id = "elves";
  a.name = "Elves";
  a.troops = {
      make_type("elves.mounted-guard", {3, 4}, {}, 5, 3, 2),  // PB Gefecht example: LP 2
      make_type("elves.javelin", {5}, {}, 3, 3, 1),           // with 2 guards: dice 3,3,4,4,5
      make_type("elves.archer", {}, {5, 6}, 3, 3, 1),
      make_type("elves.fighter", {4}, {}, 2, 3, 1),                // Elfenkämpfer: FV 3
      make_type("elves.pathfinder", {6}, {}, 2, 3, kNoLP, {}, 1),  // Waldläufer: no LP
      make_type("elves.healer", {}, {}, 3, 2, 1, {Trait::kHeal}, 1),
      make_type("elves.eagle", {1, 2}, {}, 5, 2, 2, {Trait::kSwift}, 1),
      make_type("elves.longbow", {}, {6}, 4, 3, 1, {Trait::kLongRange}, 2),
  };
  return a;
}

inline Army test_orcs() {
  Army a;
  a.id = "orcs";
  a.name = "Orcs";
  a.troops = {
      make_type("orcs.orc", {4, 4}, {}, 3, 4, 1),  // rolls a 4: 2 hits (PB Gefecht example 3)
      make_type("orcs.troll", {3, 4, 5}, {}, 8, 1, 3, {Trait::kRegenerate}, 1),
      make_type("orcs.kobold", {6}, {}, 1, kStarFV, 1, {}, 2),
      make_type("orcs.goblin-archer", {}, {5, 6}, 2, 3, 1),
      make_type("orcs.wolf-rider", {5, 6}, {}, 4, 2, 2, {Trait::kSwift}, 2),
      make_type("orcs.brute", {1, 2, 3, 4, 5, 6}, {}, 6, 2, 2, {}, 2),
  };
  return a;
}

inline std::shared_ptr<PocketGame> make_game(PocketOptions o = {}) {
  return std::make_shared<PocketGame>(test_orcs(), test_elves(), o);
}

// Builds a battle position directly (setup is tested separately through actions).
class Battle {
 public:
  explicit Battle(PocketOptions o = {}) : game(make_game(o)) {
    state = std::make_unique<PocketState>(game.get());
  }
  // Adds a unit of `owner` with troops of the given types at (zone, owner-relative column:
  // 0 = the owner's left). Returns the unit id.
  int unit(int owner, std::vector<int> types, int zone, int rel_col) {
    PocketState& s = *state;
    int u = s.n_units++;
    Unit& un = s.units[static_cast<size_t>(u)];
    un = Unit{};
    un.owner = static_cast<uint8_t>(owner);
    un.number = static_cast<uint8_t>(++s.players[static_cast<size_t>(owner)].n_units);
    un.zone = static_cast<int8_t>(zone);
    un.col = static_cast<int8_t>(owner == kOrcs ? rel_col : 2 - rel_col);
    for (int ty : types) {
      int t = s.n_troops++;
      Troop& tr = s.troops[static_cast<size_t>(t)];
      tr = Troop{};
      tr.type = static_cast<uint8_t>(ty);
      tr.owner = static_cast<uint8_t>(owner);
      tr.unit = static_cast<int16_t>(u);
      tr.status = kActive;
      ++un.size;
      un.minfv = static_cast<uint8_t>(std::min<int>(un.minfv, game->type(owner, ty).fv));
      s.players[static_cast<size_t>(owner)].built_dp = static_cast<int16_t>(
          s.players[static_cast<size_t>(owner)].built_dp + game->type(owner, ty).dp);
      s.players[static_cast<size_t>(owner)].picked_dp = static_cast<int16_t>(
          s.players[static_cast<size_t>(owner)].picked_dp + game->type(owner, ty).dp);
      ++s.players[static_cast<size_t>(owner)].n_troops;
    }
    // Ordinals as formation sets them.
    for (int t = 0; t < s.n_troops; ++t) {
      Troop& tr = s.troops[static_cast<size_t>(t)];
      if (tr.unit != u) continue;
      int before = 0, total = 0;
      for (int t2 = 0; t2 < s.n_troops; ++t2)
        if (s.troops[static_cast<size_t>(t2)].unit == u &&
            s.troops[static_cast<size_t>(t2)].type == tr.type) {
          ++total;
          if (t2 <= t) ++before;
        }
      tr.ordinal = static_cast<uint8_t>(total >= 2 ? before : 0);
    }
    s.refresh_unit(u);
    return u;
  }
  // Same with an absolute column (0 = the orcs' left = the elves' right).
  int unit_abs(int owner, std::vector<int> types, int zone, int abs_col) {
    return unit(owner, std::move(types), zone, owner == kOrcs ? abs_col : 2 - abs_col);
  }
  // Puts two units in contact in a combat in the absolute column of the first.
  void contact(int a, int b) {
    PocketState& s = *state;
    int col = s.units[static_cast<size_t>(a)].col;
    int c = s.units[static_cast<size_t>(b)].combat >= 0 ? s.units[static_cast<size_t>(b)].combat
                                                        : s.new_combat(col);
    for (int u : {a, b}) {
      Unit& un = s.units[static_cast<size_t>(u)];
      if (un.combat == c) continue;
      un.combat = static_cast<int8_t>(c);
      un.zone = kCombatZone;
      un.col = static_cast<int8_t>(col);
      Combat& cb = s.combats[static_cast<size_t>(c)];
      cb.u[un.owner][cb.n[un.owner]++] = static_cast<int16_t>(u);
    }
  }
  // Starts battle round 1 with `player_a`; `active` takes the first turn (phase 2 unless
  // phase1 is true). Player A's first turn is over unless first_turn is true.
  void start(int player_a, int active, bool phase1 = false, bool first_turn = false) {
    PocketState& s = *state;
    s.phase = kBattle;
    s.seat_a = static_cast<int8_t>(player_a);
    s.round = 1;
    s.round_first = static_cast<int8_t>(player_a);
    s.a_first_turn = first_turn;
    for (auto& p : s.players) p.pool = p.total;
    s.begin_turn(active, nullptr);
    if (!phase1) s.stage = kPhase2;
  }
  // Applies an action given as text; fails the test if it does not parse or is illegal.
  void act(const std::string& text) {
    Action a;
    std::string err;
    ASSERT_TRUE(state->parse(text, a, err)) << text << ": " << err;
    std::string why = state->why_illegal(a);
    ASSERT_EQ(why, "") << text << "\n" << state->render_text(kObserver);
    state->apply(a, &events);
    std::string inv = state->invariant_violation();
    ASSERT_EQ(inv, "") << "after " << text;
  }
  // Ends the current turn by passing (skipping phase 1 first if it is offered).
  void pass_turn() {
    if (state->phase == kBattle && state->steps.empty() && state->stage == kPhase1) act("skip");
    act("pass");
  }
  // The reason why `text` is illegal ("" if legal).
  std::string why(const std::string& text) {
    Action a;
    std::string err;
    if (!state->parse(text, a, err)) return "parse: " + err;
    return state->why_illegal(a);
  }
  bool legal(const std::string& text) { return why(text).empty(); }
  // Texts of all legal actions.
  std::vector<std::string> legal_texts() {
    std::vector<std::string> out;
    for (const Action& a : state->legal_actions()) out.push_back(state->describe(a));
    return out;
  }
  const Unit& U(int u) const { return state->units[static_cast<size_t>(u)]; }
  const PlayerState& P(int s) const { return state->players[static_cast<size_t>(s)]; }
  int troop_of(int u, int type, int nth = 0) const {
    for (int t = 0; t < state->n_troops; ++t)
      if (state->troops[static_cast<size_t>(t)].unit == u &&
          state->troops[static_cast<size_t>(t)].type == type && nth-- == 0)
        return t;
    return -1;
  }
  std::string label(int u) const { return state->unit_label(u); }
  std::string tlabel(int t) const { return state->troop_label(t); }

  std::shared_ptr<PocketGame> game;
  std::unique_ptr<PocketState> state;
  EventList events;
};

}  // namespace feldherr::pocket::testing
