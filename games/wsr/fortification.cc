// White Star Rising: fortifications (WSR 8.0) in the game state -- improved positions (8.1,
// a per-hex marker bit that cancels the first hit of every attack on the hex except mines
// and makes the hex concealing terrain), mines (8.2, A-23, A-39: placed by the non-moving side
// right after an enemy unit enters an unoccupied hex, attacking every later entry before
// opportunity fire; cleared by infantry/engineers) and wreck markers as LOS markers (7.1 b).
// Dice are chance actions (kFireDice / kOddHit) applied through apply_fire_dice.
#include <algorithm>
#include <string>
#include <vector>

#include "engine/errors.h"
#include "games/wsr/combat.h"
#include "games/wsr/emit.h"  // last: defines Emit and Fail
#include "games/wsr/side_words.h"
#include "games/wsr/state.h"

namespace feldherr::wsr {

namespace {

constexpr int kMineDice = 2;   // WSR 8.2.1
constexpr int kMineToHit = 5;  // WSR 8.2.1: 5 or 6

}  // namespace

void WsrState::setup_fortifications() {
  const GameSetup& su = game_->setup();
  for (const std::string& h : su.improved_positions) {
    std::string err;
    const int i = game_->layout().TryIndex(h, &err);
    if (i < 0) throw DataError("setup: improved position: " + err);
    control[static_cast<size_t>(i)] |= kIpBit;  // WSR 8.1
  }
  for (int side = 0; side < 2; ++side)
    mines_left[static_cast<size_t>(side)] =
        static_cast<uint8_t>(std::clamp(su.mines[static_cast<size_t>(side)], 0, 255));
}

void WsrState::place_wreck(int hex) {
  control[static_cast<size_t>(hex)] |= kWreckBit;
  ++n_wrecks;
}

// WSR 7.1 b / 7.2 / A-20: wreck markers count like rough hexes; the LosMap takes them as
// per-hex LosMarker bytes.
LosResult WsrState::los_check(int from, int to) const {
  if (n_wrecks == 0 && n_smoke == 0) return game_->los().Check(from, to);
  const int n = game_->layout().size();
  std::array<uint8_t, kMaxHexes> markers{};
  for (int i = 0; i < n; ++i)
    if (control[static_cast<size_t>(i)] & kWreckBit) markers[static_cast<size_t>(i)] = kLosWreck;
  // WSR 11.2.2, [REC] A-25 (artillery.cc): a smoke marker blocks LOS into, through and out of
  // its hex and the six adjacent hexes, at both levels.
  if (n_smoke > 0) {
    for (int k = 0; k < n_smoke; ++k)
      markers[static_cast<size_t>(smoke_hex[static_cast<size_t>(k)])] |= kLosSmoke;
    MarkSmokeAreas(game_->layout(), std::span<uint8_t>(markers.data(), static_cast<size_t>(n)));
  }
  return game_->los().Check(from, to,
                            std::span<const uint8_t>(markers.data(), static_cast<size_t>(n)));
}

// ---------------------------------------------------------------------------------------------
// Mines (WSR 8.2.1).

// Called by apply_move right after kStepHexEntered is pushed: the steps pushed here resolve
// first, so mines attack before opportunity fire (8.2.1).
void WsrState::mines_on_entry(int hex, bool was_empty, EventList* ev) {
  if (n_group == 0) return;
  const int mover = side_of(group[0]);
  if (has_mine(hex)) {
    Emit(ev, "WSR 8.2.1",
         Text{"A mine in " + hex_name(hex) + " attacks the entering units.",
              std::string("Eine Mine in ") + hex_name(hex) +
                  " greift die eintretenden Einheiten an."});
    push(kStepMineAttack, 0, hex);
    return;
  }
  // [REC] A-23: "unoccupied" = no unit of either side in the hex before the entry.
  if (was_empty && mines_left[static_cast<size_t>(1 - mover)] > 0)
    push(kStepPlaceMine, active_f, hex);
}

void WsrState::apply_mine_action(const Action& a, EventList* ev) {
  switch (a.verb) {
    case kPlaceMine: {
      const int hex = top().a;
      const int side = 1 - game_->formation(top().f).side;
      pop();
      control[static_cast<size_t>(hex)] |= kMineBit;
      --mines_left[static_cast<size_t>(side)];
      Emit(ev, "WSR 8.2.1",
           Text{Capital(SideWordsOf(*game_, side).en) + " place a mine in " + hex_name(hex) + " (" +
                    std::to_string(mines_left[static_cast<size_t>(side)]) + " left).",
                Capital(SideWordsOf(*game_, side).de) + " legen eine Mine in " + hex_name(hex) +
                    " (noch " + std::to_string(mines_left[static_cast<size_t>(side)]) + ")."},
           side);
      push(kStepMineAttack, 0, hex);  // it attacks at once
      return;
    }
    case kNoMine:
      pop();
      return;
    case kClearMine: {
      const int u = a.arg(0), hex = a.arg(1);
      push(kStepMineClear, u, hex);
      Emit(ev, "WSR 8.2.2",
           Text{unit_label(u) + " tries to clear the mine in " + hex_name(hex) + ".",
                std::string(unit_label(u)) + " versucht, die Mine in " + hex_name(hex) +
                    " zu räumen."},
           side_of(u));
      return;
    }
    default:
      return;
  }
}

namespace {

// Entering combat units in `hex` (the moving stack's non-HQ units): HQs are not attacked by
// mines (1.3.2.2, 8.2.1).
void MineTargets(const WsrState& s, int hex, std::vector<int>& out) {
  s.mine_targets(hex, out);
}

// 8.2.1 hit assignment (even, the odd hit at random), results, HQ loss check.
void ResolveMine(WsrState& s, int hex, int hits, int odd, EventList* ev) {
  std::vector<int> targets;
  MineTargets(s, hex, targets);
  if (targets.empty()) return;
  const int side = s.side_of(targets[0]);
  std::vector<int> odd_idx;
  for (size_t k = 0; k < targets.size(); ++k)
    if (targets[k] == odd) odd_idx.push_back(static_cast<int>(k));
  const std::vector<int> per = AllocateEven(hits, static_cast<int>(targets.size()), odd_idx);
  bool elim = false;
  for (size_t k = 0; k < targets.size(); ++k) {
    const Text text = s.hit_unit(targets[k], per[k]);
    Emit(ev, per[k] > 0 ? "WSR 6.1.7" : "WSR 8.2.1", Text{text.en + ".", text.de + "."}, side);
    if (s.has(targets[k], kGone)) {
      elim = true;
      if (s.in_group(targets[k])) s.leave_group(targets[k]);
    }
  }
  if (s.n_group == 0) {  // the move is over: the OF window and the move step go too
    while (!s.steps.empty() && s.top().kind == kStepHexEntered) s.pop();
    if (!s.steps.empty() && s.top().kind == kStepMove) {
      s.group_origin = kNoHex;
      s.group_steps = 0;
      s.pop();
    }
  }
  // WSR 8.2.1: an HQ in the hex makes the HQ loss check when another unit there is hit.
  s.hq_loss_checks(hex, side, hits > 0, elim, ev);
}

}  // namespace

void WsrState::apply_mine_dice(const Step& s, const Action& a, EventList* ev) {
  const std::vector<int> dice = FireDiceOf(a);
  if (s.kind == kStepMineOdd) {
    Emit(ev, "WSR 8.2.1",
         Text{unit_label(a.arg(0)) + " takes the odd mine hit.",
              std::string(unit_label(a.arg(0))) + " erhält den überzähligen Minentreffer."},
         side_of(a.arg(0)));
    ResolveMine(*this, s.a, s.f, a.arg(0), ev);
    return;
  }
  if (s.kind == kStepMineClear) {
    // WSR 8.2.2, [REC] A-23: an even die removes the mine (engineers: either of 2 dice).
    const bool even = std::any_of(dice.begin(), dice.end(), [](int d) { return d % 2 == 0; });
    if (even) control[static_cast<size_t>(s.a)] &= static_cast<uint8_t>(~kMineBit);
    unit(s.f).flags |= kOpsComplete;
    Emit(ev, "WSR 8.2.2",
         Text{unit_label(s.f) + " rolls " + DiceText(dice) + ": the mine in " + hex_name(s.a) +
                  (even ? " is removed" : " stays") + "; Ops complete.",
              std::string(unit_label(s.f)) + " würfelt " + DiceTextDe(dice) + ": die Mine in " +
                  hex_name(s.a) + ((even ? " wird entfernt" : " bleibt")) +
                  "; „Operationen beendet“."},
         side_of(s.f));
    return;
  }
  // kStepMineAttack: 2 dice hitting on 5-6, no defence dice (8.2.1); IPs do not help.
  const int hits = CountHits(dice, kMineToHit, kMineDice);
  std::vector<int> targets;
  MineTargets(*this, s.a, targets);
  Emit(ev, "WSR 8.2.1",
       Text{"The mine in " + hex_name(s.a) + " rolls " + DiceText(dice) + ": " +
                std::to_string(hits) + " hit" + (hits == 1 ? "" : "s") + ".",
            std::string("Die Mine in ") + hex_name(s.a) + " würfelt " + DiceTextDe(dice) + ": " +
                std::to_string(hits) + " Treffer."});
  if (hits == 0 || targets.empty()) return;
  if (targets.size() > 1 && hits % static_cast<int>(targets.size()) != 0) {
    push(kStepMineOdd, hits, s.a);
    return;
  }
  ResolveMine(*this, s.a, hits, -1, ev);
}

void WsrState::mine_targets(int hex, std::vector<int>& out) const {
  out.clear();
  for (int8_t u : assault.retreat)  // WSR 6.3 step 7: a retreat into a mined hex
    if (u >= 0 && on_map(u) && !info(u).hq && unit(u).hex == hex) out.push_back(u);
  if (!out.empty()) return;
  for (int k = 0; k < n_group; ++k) {
    const int u = group[static_cast<size_t>(k)];
    if (!info(u).hq && on_map(u) && unit(u).hex == hex) out.push_back(u);
  }
}

// ---------------------------------------------------------------------------------------------
// Clearing mines (WSR 8.2.2, A-39).

bool WsrState::can_clear_mine(int u, int hex, Text* why) const {
  if (u < 0 || u >= n_units) return Fail(why, Text{"no such unit", "keine solche Einheit"});
  if (hex < 0 || hex >= game_->layout().size())
    return Fail(why, Text{"no such hex", "kein solches Feld"});
  if (steps.empty() || top().kind != kStepOperations)
    return Fail(why, Text{"clearing mines is an operation of the active formation (WSR 8.2.2)",
                          "Minenräumen ist eine Operation der aktiven Formation (WSR 8.2.2)"});
  if (active_f < 0 || info(u).formation != active_f)
    return Fail(why,
                Text{unit_label(u) + " does not belong to the active formation (WSR 4.4)",
                     std::string(unit_label(u)) + " gehört nicht zur aktiven Formation (WSR 4.4)"});
  if (!on_map(u))
    return Fail(why, Text{unit_label(u) + " is not on the map",
                          std::string(unit_label(u)) + " ist nicht auf dem Spielplan"});
  if (!info(u).counter->infantry_type() || hard_target(u))
    return Fail(why, Text{"only infantry and engineer units clear mines (WSR 8.2.2)",
                          "nur Infanterie und Pioniere räumen Minen (WSR 8.2.2)"});
  if (!has_mine(hex))
    return Fail(why, Text{hex_name(hex) + " holds no mine (WSR 8.2.2)",
                          std::string(hex_name(hex)) + " enthält keine Mine (WSR 8.2.2)"});
  if (has(u, kOutOfCommand))
    return Fail(
        why, Text{unit_label(u) + " is out of command (WSR 8.2.2, A-39)",
                  std::string(unit_label(u)) + " ist außer Befehlsreichweite (WSR 8.2.2, A-39)"});
  if (has(u, kOpsComplete))
    return Fail(why, Text{unit_label(u) + " has Ops complete (WSR 8.2.2)",
                          std::string(unit_label(u)) + " hat „Operationen beendet“ (WSR 8.2.2)"});
  if (has(u, kMovedThisImpulse) || unit(u).hex != unit(u).start_hex)
    return Fail(why,
                Text{unit_label(u) + " has moved this impulse (WSR 8.2.2)",
                     std::string(unit_label(u)) + " hat sich in diesem Impuls bewegt (WSR 8.2.2)"});
  if (game_->layout().Distance(unit(u).start_hex, hex) != 1)
    return Fail(why, Text{unit_label(u) + " did not begin its impulse adjacent to " +
                              hex_name(hex) + " (WSR 8.2.2)",
                          std::string(unit_label(u)) + " hat den Impuls nicht angrenzend an " +
                              hex_name(hex) + " begonnen (WSR 8.2.2)"});
  return true;
}

void WsrState::fortification_actions(ActionList& out) const {
  if (active_f < 0) return;
  for (int u : game_->formation_units(active_f)) {  // perf: the active formation's units
    if (u >= n_units) break;
    if (!on_map(u) || !info(u).counter->infantry_type()) continue;
    for (int d = 0; d < kHexDirs; ++d) {
      const int nb = game_->layout().Neighbour(unit(u).hex, d);
      if (nb >= 0 && has_mine(nb) && can_clear_mine(u, nb, nullptr))
        out.push_back(Action(kClearMine, {u, nb}));
    }
  }
}

}  // namespace feldherr::wsr
