// White Star Rising: fire combat in the game state -- direct fire during a formation's impulse
// (WSR 6.1, R.1), opportunity fire at a moving stack after each hex it enters (WSR 6.2, A-12),
// and the results (WSR 6.1.7, R.3: disrupted / reduced / eliminated, wreck markers). The numbers
// come from games/wsr/combat.h (ComputeFire, CountHits, CountCancels, ApplyHits); the dice are
// chance decisions: one kFireDice action per roll whose args hold the count of each face.
#include <algorithm>
#include <array>
#include <string>
#include <vector>

#include "games/wsr/combat.h"
#include "games/wsr/emit.h"  // last: defines Emit and Fail
#include "games/wsr/los_cache.h"
#include "games/wsr/state.h"

namespace feldherr::wsr {

// Two args of 12 bits: counts of faces 1-3 in arg 0, faces 4-6 in arg 1 (4 bits each), so the
// outcome of up to 15 dice fits one action and equal multisets are one outcome.
Action FireDiceAction(const std::vector<int>& dice) {
  int c[7] = {0, 0, 0, 0, 0, 0, 0};
  for (int d : dice) ++c[d];
  return Action(kFireDice, {c[1] | c[2] << 4 | c[3] << 8, c[4] | c[5] << 4 | c[6] << 8});
}

std::vector<int> FireDiceOf(const Action& a) {
  std::vector<int> dice;
  for (int face = 6; face >= 1; --face) {
    const int word = face <= 3 ? a.arg(0) : a.arg(1);
    const int n = (word >> (4 * ((face - 1) % 3))) & 15;
    for (int k = 0; k < n; ++k) dice.push_back(face);
  }
  return dice;
}

// R.1 numbers for `u` firing at `t`: weapon by the target's class, SW and HQ bonus, range band,
// concealment, defence dice.
bool WsrState::declared_fire_params(const Action& a, FireParams* p) const {
  if ((a.verb != kFire && a.verb != kOpFire) || a.argc < 2) return false;
  const int u = a.arg(0), t = a.arg(1);
  if (u < 0 || u >= n_units || t < 0 || t >= n_units) return false;
  WsrState c = *this;
  if (a.argc > 2 && a.arg(2) != 0) c.unit(u).flags |= kHqBonus;  // A-02 [REC] "with-hq"
  if (a.argc > 3 && a.arg(3) != 0) c.unit(u).flags |= kAaFire;   // WSR 11.1
  return c.can_fire(u, t, a.verb == kOpFire, nullptr, p);
}

bool WsrState::fire_params(int u, int t, FireParams* p, Text* why, bool los_clear_known) const {
  const int from = unit(u).hex, to = unit(t).hex;
  const int dist = game_->layout().Distance(from, to);
  // perf: out of range is refused whatever else holds (ComputeFire); asked without a reason,
  // refuse it before the concealment scan, the fire numbers and the LOS.
  if (!why && WsrFastPaths() && (dist < 1 || dist > fire_reach(u, hard_target(t), has(u, kAaFire))))
    return false;
  FireSituation s;
  s.distance = dist;
  s.target_mounted = has(t, kMounted);
  s.target_reduced = has(t, kReduced);
  s.firer_mounted = has(u, kMounted);
  s.firer_reduced = has(u, kReduced);
  if (sw(u) != nullptr) s.support_weapon = &sw(u)->face_for(false, false);  // WSR 1.3.4.3
  // WSR 6.1 HQ bonus, [REC] A-02: the HQ/SHQ of the firer's hex supports one attack per
  // impulse, the one its owner declared "with-hq" (kHqBonus on the firer; assault.cc).
  if (has(u, kHqBonus))
    for (int h = 0; h < n_units; ++h)
      if (info(h).hq && on_map(h) && unit(h).hex == from && side_of(h) == side_of(u))
        s.hq_dice = std::max(s.hq_dice, face(h).command_value);
  // WSR 6.1.5 concealment ([REC] A-06); a moving target is never concealed.
  ConcealInput c;
  c.hex_has_wreck = has_wreck(to);
  c.hex_has_ip = has_ip(to);  // WSR 8.1: an IP makes the hex concealing terrain
  c.infantry_type = InfantryType(info(t).counter->kind) && !hard_target(t);
  c.terrain_conceals_infantry = game_->data().terrain[game_->terrain(to)].conceals_infantry;
  c.ops_complete = has(t, kOpsComplete);
  c.moving = has(t, kMoving);
  // perf: the adjacency / recon scan can only matter if the target could be concealed at all
  // (Concealed() is false without cover, with Ops complete or moving), and it stops once one
  // of the two already reveals the target.
  const bool may_conceal =
      !WsrFastPaths() ||  // the reference computation scans always (perf_equivalence_test)
      ((c.hex_has_wreck || c.hex_has_ip || (c.infantry_type && c.terrain_conceals_infantry)) &&
       !c.ops_complete && !c.moving);
  for (int e : game_->side_units(side_of(u))) {  // perf: the units with side_of(e) == side_of(u)
    if (!may_conceal || c.adjacent_good_order_enemy || c.spotted_by_recon || e >= n_units) break;
    if (!on_map(e) || has(e, kDisrupted)) continue;
    const int d = game_->layout().Distance(unit(e).hex, to);
    if (d == 1 && !info(e).hq) c.adjacent_good_order_enemy = true;
    if (info(e).counter->recon && d <= 4 && (d <= 1 || los_clear(unit(e).hex, to)))
      c.spotted_by_recon = true;
  }
  s.concealed = Concealed(c);
  s.improved_position = has_ip(to);  // WSR 8.1: cancels the first hit (A-22: OF too)
  // WSR 11.1: the attack declared with the AA firepower (kAaFire, `fire <unit> <target> aa`).
  s.aa_weapon = has(u, kAaFire);
  if (s.aa_weapon && !info(u).counter->aa)
    return Fail(why, Text{unit_label(u) + " is not an AA unit and has no AA firepower (WSR 11.1)",
                          std::string(unit_label(u)) +
                              " ist keine Flak-Einheit und hat keine Flak-Feuerstärke (WSR 11.1)"});
  FireInput in = MakeFireInput(*info(u).counter, *info(t).counter,
                               game_->data().terrain[game_->terrain(to)], s);
  special_fire_input(u, t, in);  // special_rules.cc: B1 M18 to-hit, B3 no "+", B4 rubble
  if (in.weapon.firepower <= 0)
    return Fail(why, Text{unit_label(u) + " has no " +
                              (s.aa_weapon      ? "AA"
                               : hard_target(t) ? "AP"
                                                : "HE") +
                              " firepower against " + unit_label(t) + " (WSR 6.1)",
                          std::string(unit_label(u)) + " hat keine " +
                              ((s.aa_weapon      ? "Flak-Feuerstärke"
                                : hard_target(t) ? "panzerbrechende Feuerstärke"
                                                 : "Feuerstärke mit Sprenggranaten")) +
                              " gegen " + unit_label(t) + " (WSR 6.1)"});
  FireParams fp = ComputeFire(in);
  if (const int cd = chaos_dice(u, fp.dice); cd != 0) {  // chaos.cc (WSR 9.0): firepower
    in.extra_dice += cd;
    fp = ComputeFire(in);
  }
  if (!fp.legality)
    return Fail(why, Text{unit_label(u) + " -> " + unit_label(t) + ": " + fp.legality.reason,
                          std::string(unit_label(u)) + " -> " + unit_label(t) + ": " +
                              fp.legality.reason_de});
  // A kFireDice action holds at most 15 dice of each face (4 bits); no counter mix reaches it.
  if (fp.dice > 15 || fp.defence_dice > 15)
    return Fail(why, Text{"more than 15 dice in one roll are not supported",
                          "mehr als 15 Würfel in einem Wurf werden nicht unterstützt"});
  // WSR 7.0: LOS, always clear between adjacent hexes (6.1).
  if (dist > 1 && !los_clear_known && !los_clear(from, to))  // wreck markers (fortification.cc)
    return Fail(
        why,
        Text{"no LOS from " + hex_name(from) + " to " + hex_name(to) + ": " +
                 game_->los().Explain(from, to, los_check(from, to)) + " (WSR 6.1, 7.0)",
             std::string("keine Sichtlinie von ") + hex_name(from) + " nach " + hex_name(to) +
                 ": " + game_->los().Explain(from, to, los_check(from, to)) + " (WSR 6.1, 7.0)"});
  if (p) *p = fp;
  return true;
}

// Fire in the own impulse (not opportunity fire): an operation of an in-command unit of the
// active formation that has not moved this impulse. `fire` names the kind in the reason.
bool WsrState::may_fire_in_impulse(int u, const char* fire, Text* why) const {
  if (steps.empty() || top().kind != kStepOperations)
    return Fail(why,
                Text{std::string(fire) + " is an operation of the active formation (WSR 4.4, 6.1)",
                     std::string(std::string(fire)) +
                         " ist eine Operation der aktiven Formation (WSR 4.4, 6.1)"});
  if (active_f < 0 || info(u).formation != active_f)
    return Fail(why,
                Text{unit_label(u) + " does not belong to the active formation (WSR 4.4)",
                     std::string(unit_label(u)) + " gehört nicht zur aktiven Formation (WSR 4.4)"});
  if (has(u, kOutOfCommand))
    return Fail(why, Text{unit_label(u) + " is out of command and may not fire (WSR 4.2)",
                          std::string(unit_label(u)) +
                              " ist außer Befehlsreichweite und darf nicht feuern (WSR 4.2)"});
  if (has(u, kMovedThisImpulse))
    return Fail(why, Text{unit_label(u) + " moved this impulse and may not fire (WSR 5.0)",
                          std::string(unit_label(u)) +
                              " hat sich in diesem Impuls bewegt und darf nicht feuern (WSR 5.0)"});
  return true;
}

bool WsrState::can_fire(int u, int t, bool opportunity, Text* why, FireParams* p,
                        bool los_clear_known) const {
  if (u < 0 || u >= n_units || t < 0 || t >= n_units)
    return Fail(why, Text{"no such unit", "keine solche Einheit"});
  if (!on_map(u))
    return Fail(why, Text{unit_label(u) + " is not on the map",
                          std::string(unit_label(u)) + " ist nicht auf dem Spielplan"});
  if (!on_map(t))
    return Fail(why, Text{unit_label(t) + " is not on the map",
                          std::string(unit_label(t)) + " ist nicht auf dem Spielplan"});
  if (side_of(u) == side_of(t))
    return Fail(why, Text{unit_label(t) + " is not an enemy unit (WSR 6.1)",
                          std::string(unit_label(t)) + " ist keine feindliche Einheit (WSR 6.1)"});
  if (info(u).hq)
    return Fail(why,
                Text{"HQs cannot attack (WSR 1.3.2)", "HQs können nicht angreifen (WSR 1.3.2)"});
  const UnitKind k = info(u).counter->kind;
  if (k == UnitKind::kMortar)
    return Fail(why, Text{"mortars attack hexes, not units (WSR 6.1 mortars; not as OF, 6.2)",
                          "Granatwerfer greifen Felder an, keine Einheiten (WSR 6.1 Granatwerfer; "
                          "nicht als Gelegenheits-Feuer, 6.2)"});
  if (info(t).hq)
    return Fail(why,
                Text{"an HQ is not a target by itself; HQs suffer the HQ loss check (WSR 1.3.2.2)",
                     "ein HQ ist allein kein Ziel; HQs machen den HQ-Verlusttest (WSR 1.3.2.2)"});
  // carrier.cc (WSR 5.2.3, 5.2.4, [REC] A-38): a passenger neither fires nor is a target.
  if (loaded(u))
    return Fail(why, Text{unit_label(u) + " rides in " + unit_label(carrier_of(u)) +
                              " and does not fire (WSR 5.2.3, A-38)",
                          std::string(unit_label(u)) + " fährt auf " + unit_label(carrier_of(u)) +
                              " mit und feuert nicht (WSR 5.2.3, A-38)"});
  if (loaded(t))
    return Fail(why, Text{unit_label(t) + " rides in " + unit_label(carrier_of(t)) +
                              ": fire at the carrier, its passengers take its results "
                              "(WSR 5.2.4, A-38)",
                          std::string(unit_label(t)) + " fährt auf " + unit_label(carrier_of(t)) +
                              " mit: auf den Transporter feuern, die Mitfahrer erleiden dessen "
                              "Ergebnisse (WSR 5.2.4, A-38)"});
  if (opportunity) {
    if (steps.empty() || top().kind != kStepHexEntered)
      return Fail(why, Text{"opportunity fire only after an enemy unit enters a hex (WSR 6.2)",
                            "Gelegenheits-Feuer nur, nachdem eine feindliche Einheit ein Feld "
                            "betreten hat (WSR 6.2)"});
    if (!has(t, kMoving) || unit(t).hex != top().a)
      return Fail(
          why, Text{unit_label(t) + " did not just enter a hex (WSR 6.2)",
                    std::string(unit_label(t)) + " hat nicht gerade ein Feld betreten (WSR 6.2)"});
  } else if (combined_fire_window(u)) {
    // special_rules.cc: B1 m18-fire-and-move, the M18 fires after spending at most `mp` MP.
  } else {
    if (!may_fire_in_impulse(u, "direct fire", why)) return false;
  }
  if (has(u, kDisrupted))
    return Fail(
        why, Text{unit_label(u) + " is disrupted and may not fire (6.1.7)",
                  std::string(unit_label(u)) + " ist zerschlagen und darf nicht feuern (6.1.7)"});
  if (has(u, kOpsComplete))
    return Fail(why, Text{unit_label(u) + " has Ops complete (WSR 6.1)",
                          std::string(unit_label(u)) + " hat „Operationen beendet“ (WSR 6.1)"});
  return fire_params(u, t, p, why, los_clear_known);
}

// WSR 11.1: the same attack with the blue AA firepower (only AA units at hard targets; to-hit 6,
// normal range at most).
bool WsrState::can_fire_aa(int u, int t, bool opportunity, Text* why, FireParams* p) const {
  if (u < 0 || u >= n_units || t < 0 || t >= n_units)
    return Fail(why, Text{"no such unit", "keine solche Einheit"});
  if (!info(u).counter->aa)
    return Fail(why, Text{unit_label(u) + " is not an AA unit and has no AA firepower (WSR 11.1)",
                          std::string(unit_label(u)) +
                              " ist keine Flak-Einheit und hat keine Flak-Feuerstärke (WSR 11.1)"});
  WsrState c = *this;
  c.unit(u).flags |= kAaFire;
  return c.can_fire(u, t, opportunity, why, p);
}

void WsrState::fire_actions(ActionList& out) const {
  const bool fast = WsrFastPaths();  // los_cache.h: cheap refusals first (all checks are pure)
  const HexLayout& L = game_->layout();
  // perf: the enemies of the active side on the map, listed once for all firers (in unit order):
  // every firer of the active formation has the same enemies.
  struct Enemy {
    int16_t t, hex;
    bool hq, hard, loaded;
  };
  std::array<Enemy, kMaxUnits> enemies;
  size_t ne = 0;
  const int side = game_->formation(active_f).side;
  for (int t : game_->side_units(1 - side))  // perf: the units with side_of(t) != side
    if (t < n_units && on_map(t))
      enemies[ne++] =
          Enemy{static_cast<int16_t>(t), unit(t).hex, info(t).hq, hard_target(t), loaded(t)};
  // perf: only units of the active formation fire (both branches below ask for it).
  for (int u : game_->formation_units(active_f)) {
    if (u >= n_units) break;
    if (info(u).counter->kind == UnitKind::kMortar && on_map(u) &&
        !has(u, kDisrupted | kOpsComplete | kMounted)) {
      // The hexes of enemy units (not HQs), in hex order; perf: out of range dropped first.
      const int reach = mortar_reach(u);
      std::array<int16_t, kMaxUnits> hexes;
      size_t nh = 0;
      for (size_t k = 0; k < ne; ++k) {
        const Enemy& e = enemies[k];
        if (e.hq) continue;
        if (fast) {
          const int dist = L.Distance(unit(u).hex, e.hex);
          if (dist < 1 || dist > reach) continue;
        }
        hexes[nh++] = e.hex;
      }
      std::sort(hexes.begin(), hexes.begin() + static_cast<std::ptrdiff_t>(nh));
      nh = static_cast<size_t>(
          std::unique(hexes.begin(), hexes.begin() + static_cast<std::ptrdiff_t>(nh)) -
          hexes.begin());
      for (size_t k = 0; k < nh; ++k) {
        // perf: the hex's targets (hex_targets) from the enemy list instead of all units.
        HexTargets known;
        for (size_t j = 0; j < ne; ++j) {
          const Enemy& e = enemies[j];
          if (e.hex != hexes[k] || e.hq || e.loaded) continue;
          known.any = true;
          known.hard = known.hard || e.hard;
        }
        if (can_fire_hex(u, hexes[k], nullptr, nullptr, fast ? &known : nullptr))
          out.push_back(ActionOf(kFireHex, {u, hexes[k]}));
      }
      continue;
    }
    if (!on_map(u) || has(u, kDisrupted | kOpsComplete) || info(u).hq) continue;
    const int from = unit(u).hex;
    // The reach of `fire` (by the target's class) and of `fire ... aa` (hard targets only):
    // a target farther away than both is out of range for both (fire_reach).
    int reach[2] = {0, 0};
    if (fast) {
      const bool aa_now = has(u, kAaFire);
      const int reach_aa = info(u).counter->aa ? fire_reach(u, true, true) : 0;
      reach[0] = fire_reach(u, false, aa_now);
      reach[1] = std::max(fire_reach(u, true, aa_now), reach_aa);
    }
    int hq_support = -2;  // free_hq_support(u), A-02: asked once, when a target is found
    for (size_t k = 0; k < ne; ++k) {
      const Enemy& e = enemies[k];
      const int t = e.t;
      if (fast) {
        if (e.hq) continue;  // WSR 1.3.2.2
        const int dist = L.Distance(from, e.hex);
        if (dist < 1 || dist > reach[e.hard ? 1 : 0]) continue;  // WSR 6.1.1
        if (!los_clear(from, e.hex, dist)) continue;             // WSR 7.0
      }
      if (can_fire(u, t, false, nullptr, nullptr, fast)) {  // fast: LOS found clear above
        out.push_back(ActionOf(kFire, {u, t}));
        if (hq_support == -2) hq_support = free_hq_support(u);
        if (hq_support >= 0) out.push_back(ActionOf(kFire, {u, t, 1}));
      }
      if (info(u).counter->aa && e.hard && can_fire_aa(u, t, false, nullptr)) {
        out.push_back(ActionOf(kFire, {u, t, 0, 1}));  // WSR 11.1: AA firepower
        if (hq_support == -2) hq_support = free_hq_support(u);
        if (hq_support >= 0) out.push_back(ActionOf(kFire, {u, t, 1, 1}));
      }
    }
  }
}

void WsrState::opfire_actions(ActionList& out) const {
  opfire_scan(out, false);
}

bool WsrState::opfire_scan(ActionList& out, bool first) const {
  const int side = 1 - game_->formation(top().f).side;
  const bool fast = WsrFastPaths();
  const HexLayout& L = game_->layout();
  for (int u : game_->side_units(side)) {  // perf: the units with side_of(u) == side
    if (u >= n_units) break;
    if (!on_map(u) || has(u, kDisrupted | kOpsComplete) || info(u).hq) continue;
    for (int k = 0; k < n_group; ++k) {
      const int t = group[static_cast<size_t>(k)];
      // los_cache.h: range and LOS first (can_fire refuses a target out of range or out of LOS
      // anyway; the checks are pure). The reach as in fire_actions.
      if (fast && on_map(t)) {
        const int dist = L.Distance(unit(u).hex, unit(t).hex);
        if (dist < 1 || dist > game_->max_reach(u)) continue;  // a cheap bound first
        const bool hard = hard_target(t);
        int reach = fire_reach(u, hard, has(u, kAaFire));
        if (hard && info(u).counter->aa) reach = std::max(reach, fire_reach(u, true, true));
        if (dist > reach) continue;
        if (!los_clear(unit(u).hex, unit(t).hex, dist)) continue;
      }
      if (can_fire(u, t, true, nullptr, nullptr, fast && on_map(t))) {  // LOS found clear above
        out.push_back(ActionOf(kOpFire, {u, t}));
        if (first) return true;
        if (free_hq_support(u) >= 0) out.push_back(ActionOf(kOpFire, {u, t, 1}));
      }
      if (info(u).counter->aa && hard_target(t) && can_fire_aa(u, t, true, nullptr)) {
        out.push_back(ActionOf(kOpFire, {u, t, 0, 1}));  // WSR 11.1: AA firepower
        if (first) return true;
        if (free_hq_support(u) >= 0) out.push_back(ActionOf(kOpFire, {u, t, 1, 1}));
      }
    }
  }
  // [REC] A-12: mortars opportunity-fire directly at the hex just entered (the whole hex).
  HexTargets known;  // perf: the targets in the hex entered, found once for all mortars
  bool known_done = false;
  for (int u : game_->side_mortars(side)) {  // perf: the side's units of UnitKind::kMortar
    if (u >= n_units) break;
    if (!on_map(u) || has(u, kDisrupted | kOpsComplete | kMounted)) continue;
    if (!known_done) {
      for (int t : game_->side_units(1 - side))  // hex_fire_params: 1 - side_of(u)
        if (t < n_units && on_map(t) && unit(t).hex == top().a && !info(t).hq && !loaded(t)) {
          known.any = true;
          known.hard = known.hard || hard_target(t);
        }
      known_done = true;
    }
    if (can_fire_hex(u, top().a, nullptr, nullptr, fast ? &known : nullptr)) {
      out.push_back(ActionOf(kFireHex, {u, top().a}));
      if (first) return true;
    }
  }
  ambush_opfire_actions(out);  // special_rules.cc: B4 panther-ambush as opportunity fire
  if (!out.empty()) {
    if (first) return true;
    out.push_back(Action(kNoOpFire, {}));
    fate_ops_actions(side, out);  // WSR 10.0: a unit freed of Ops complete may then fire
  }
  return !out.empty();
}

bool WsrState::opfire_available() const {
  ActionList l;
  return opfire_scan(l, true);  // perf: stops at the first opportunity fire found
}

int WsrState::fire_dice_count() const {
  const Step& s = top();
  if (s.kind == kStepHqLoss || s.kind == kStepEntryRoll || s.kind == kStepMortarAccuracy ||
      s.kind == kStepSwLossRoll || s.kind == kStepBridgeRoll || s.kind == kStepDdRoll)
    return 1;  // 1.3.2.2; B1 entry roll; A-08 accuracy; 11.4 SW loss roll; A4 demolition; A7
  if (artillery_step(s.kind)) return artillery_dice_count();  // artillery.cc (WSR 11.2)
  if (air_step(s.kind)) return air_dice_count();              // air.cc (WSR 11.3)
  if (assault_step(s.kind)) return assault_dice_count();      // assault.cc (6.3, 6.4, 8.2)
  FireParams p;
  if (s.kind == kStepMortarAttack || s.kind == kStepMortarDefence) {
    if (!hex_fire_params(s.f, s.a % kMaxHexes, &p, nullptr)) return 0;
    return s.kind == kStepMortarAttack ? p.dice : p.defence_dice;
  }
  if (!fire_params(s.a / 128, s.a % 128, &p, nullptr)) return 0;
  return s.kind == kStepFireAttack ? p.dice : p.defence_dice;
}

// All multisets of n dice with their multinomial probabilities.
std::vector<ChanceOutcome> WsrState::fire_dice_outcomes() const {
  std::vector<ChanceOutcome> out;
  if (top().kind == kStepAssaultOdd || top().kind == kStepMineOdd) return assault_odd_outcomes();
  if (top().kind == kStepMortarOdd || top().kind == kStepArtyOdd ||
      top().kind == kStepAirOdd) {  // R.3: a unit at random
    std::vector<int> listed;
    if (top().kind == kStepAirOdd)
      air_targets(sortie.hex, listed);  // air.cc (WSR 11.3.2 step 4)
    else if (top().kind == kStepArtyOdd)
      barrage_targets(top().a % kMaxHexes, listed);  // artillery.cc (WSR 11.2.1 step 4)
    else
      hex_targets(top().a % kMaxHexes, 1 - side_of(top().f), listed);
    for (int t : listed)
      out.push_back({Action(kOddHit, {t}), 1.0 / static_cast<double>(listed.size())});
    return out;
  }
  const int n = fire_dice_count();
  double fact[16] = {1};
  for (int k = 1; k < 16; ++k) fact[k] = fact[k - 1] * k;
  double total = 1;
  for (int k = 0; k < n; ++k) total *= 6;
  std::vector<int> c(6, 0);
  // Enumerate counts c[0..5] summing to n.
  auto rec = [&](auto&& self, int face, int left) -> void {
    if (face == 5) {
      c[5] = left;
      std::vector<int> dice;
      double ways = fact[n];
      for (int f = 0; f < 6; ++f) {
        ways /= fact[c[static_cast<size_t>(f)]];
        for (int j = 0; j < c[static_cast<size_t>(f)]; ++j) dice.push_back(f + 1);
      }
      out.push_back({FireDiceAction(dice), ways / total});
      return;
    }
    for (int x = left; x >= 0; --x) {
      c[static_cast<size_t>(face)] = x;
      self(self, face + 1, left - x);
    }
  };
  rec(rec, 0, n);
  return out;
}

Action WsrState::sample_fire_dice(Rng& rng) const {
  if (top().kind == kStepMortarOdd || top().kind == kStepAssaultOdd || top().kind == kStepMineOdd ||
      top().kind == kStepArtyOdd || top().kind == kStepAirOdd) {
    const std::vector<ChanceOutcome> o = fire_dice_outcomes();
    return o[rng.below(static_cast<uint32_t>(o.size()))].action;
  }
  std::vector<int> dice(static_cast<size_t>(fire_dice_count()));
  for (int& d : dice) d = rng.d6();
  return FireDiceAction(dice);
}

void WsrState::apply_fire(int u, int t, EventList* ev) {
  FireParams p;
  fire_params(u, t, &p, nullptr);
  const bool op = top().kind == kStepHexEntered;
  // one attack per hex entered; the window closes with this attack.
  if (op) pop();
  push(kStepFireAttack, 0, static_cast<int16_t>(u * 128 + t));
  Emit(ev, op ? "WSR 6.2" : "WSR 6.1",
       Text{unit_label(u) + (op ? " opportunity-fires at " : " fires at ") + unit_label(t) + " (" +
                CountOf(game_->layout().Distance(unit(u).hex, unit(t).hex), "hex", "hexes") + ", " +
                RangeBandName(p.band) + " range): " + DiceCount(p.dice) + " hitting on " +
                std::to_string(p.to_hit) + "+, at most " + CountOf(p.hit_cap, "hit", "hits") + ".",
            std::string(unit_label(u)) +
                ((op ? " feuert als Gelegenheits-Feuer auf " : " feuert auf ")) + unit_label(t) +
                " (" +
                CountOf(game_->layout().Distance(unit(u).hex, unit(t).hex), "Feld", "Felder") +
                ", " + RangeBandNameDe(p.band) + " Reichweite): " + DiceCountDe(p.dice) +
                ", Treffer ab " + std::to_string(p.to_hit) + "+, höchstens " +
                CountOf(p.hit_cap, "Treffer", "Treffer") + "."},
       side_of(u));
  sw_fire_hook(u);  // sw_placement.cc (WSR 11.4 option): an unplaced SW may join this attack
}

void WsrState::apply_no_opfire(EventList* ev) {
  const int side = 1 - game_->formation(top().f).side;
  Emit(ev, "WSR 6.2",
       Text{"No opportunity fire in " + hex_name(top().a) + ".",
            std::string("Kein Gelegenheits-Feuer in ") + hex_name(top().a) + "."},
       side);
  pop();
}

void WsrState::apply_fire_dice(const Action& a, EventList* ev) {
  const Step s = top();
  pop();
  if (assault_step(s.kind)) {  // assault.cc / fortification.cc (WSR 6.3, 6.4, 8.2)
    apply_assault_dice(s, a, ev);
    return;
  }
  if (artillery_step(s.kind)) {  // artillery.cc (WSR 11.2)
    apply_artillery_dice(s, a, ev);
    return;
  }
  if (air_step(s.kind)) {  // air.cc (WSR 11.3)
    apply_air_dice(s, a, ev);
    return;
  }
  if (s.kind == kStepEntryRoll) {  // arrival.cc: B1 random entry
    apply_entry_roll(s, FireDiceOf(a)[0], ev);
    return;
  }
  if (s.kind == kStepDdRoll) {  // special_rules.cc (A7 dd-tanks)
    apply_dd_roll(s.a, FireDiceOf(a)[0], ev);
    return;
  }
  if (s.kind == kStepBridgeRoll) {  // special_rules.cc (A4 blow-the-bridge)
    apply_bridge_roll(s.a, FireDiceOf(a)[0], ev);
    return;
  }
  if (s.kind == kStepSwLossRoll) {  // sw_placement.cc (WSR 11.4)
    apply_sw_loss_roll(s, FireDiceOf(a)[0], ev);
    return;
  }
  if (s.kind == kStepHqLoss) {  // WSR 1.3.2.2
    const int die = FireDiceOf(a)[0];
    HqLossInput in;
    in.any_unit_disrupted_or_reduced = true;
    in.any_unit_eliminated = s.f == 1;
    in.hq_reduced = has(s.a, kReduced);
    in.hq_single_step = info(s.a).counter->steps == 1;
    Emit(ev, "WSR 1.3.2.2",
         Text{"HQ loss check of " + unit_label(s.a) + ": " + std::to_string(die) +
                  (s.f == 1 ? " - 2 (a unit was eliminated)" : "") + ".",
              std::string("HQ-Verlusttest von ") + unit_label(s.a) + ": " + std::to_string(die) +
                  ((s.f == 1 ? " - 2 (eine Einheit wurde eliminiert)" : "")) + "."},
         side_of(s.a));
    apply_hq_loss(s.a, HqLossCheck(in, die), ev);
    return;
  }
  if (s.kind == kStepMortarAccuracy) {  // WSR 6.1 indirect fire, 11.2, [REC] A-08
    const int die = FireDiceOf(a)[0];
    if (die == 1) {
      pop();  // the kStepMortarAttack below: the fire has no effect
      unit(s.f).flags |= kOpsComplete;
      Emit(
          ev, "WSR 6.1",
          Text{"Accuracy roll 1: the indirect fire of " + unit_label(s.f) + " at " + hex_name(s.a) +
                   " has no effect; " + unit_label(s.f) + " has Ops complete (A-08).",
               std::string("Treffsicherheitswurf 1: das indirekte Feuer von ") + unit_label(s.f) +
                   " auf " + hex_name(s.a) + " bleibt ohne Wirkung; " + unit_label(s.f) +
                   " hat „Operationen beendet“ (A-08)."},
          side_of(s.f));
    } else {
      Emit(ev, "WSR 6.1",
           Text{"Accuracy roll " + std::to_string(die) + ": the indirect fire lands on " +
                    hex_name(s.a) + " (A-08).",
                std::string("Treffsicherheitswurf ") + std::to_string(die) +
                    ": das indirekte Feuer liegt auf " + hex_name(s.a) + " (A-08)."},
           side_of(s.f));
    }
    return;
  }
  if (s.kind == kStepMortarAttack || s.kind == kStepMortarDefence ||
      s.kind == kStepMortarOdd) {  // WSR 6.1 mortars, R.2
    const int m = s.f, hex = s.a % kMaxHexes;
    FireParams mp;
    hex_fire_params(m, hex, &mp, nullptr);
    if (s.kind == kStepMortarOdd) {
      resolve_hex_fire(m, hex, s.a / kMaxHexes, a.arg(0), ev);
      return;
    }
    const std::vector<int> d = FireDiceOf(a);
    int hits = s.a / kMaxHexes;
    if (s.kind == kStepMortarAttack) {
      hits = CountHits(d, mp.to_hit, mp.hit_cap);
      Emit(ev, "WSR 6.1",
           Text{unit_label(m) + " rolls " + DiceText(d) + ": " + std::to_string(hits) + " hit" +
                    (hits == 1 ? "" : "s") + ".",
                std::string(unit_label(m)) + " würfelt " + DiceTextDe(d) + ": " +
                    std::to_string(hits) + " " + ((hits == 1 ? "Treffer" : "Treffer")) + "."},
           side_of(m));
      if (hits > 0 && mp.ip_cancels > 0) {  // WSR 8.1, A-22: the IP cancels the first hit
        hits = std::max(0, hits - mp.ip_cancels);
        Emit(ev, "WSR 8.1",
             Text{"The improved position in " + hex_name(hex) + " cancels one hit.",
                  std::string("Der Schützengraben in ") + hex_name(hex) +
                      " hebt einen Treffer auf."},
             1 - side_of(m));
      }
      if (hits > 0 && mp.defence_dice > 0) {
        push(kStepMortarDefence, m, static_cast<int16_t>(hex + kMaxHexes * hits));
        return;
      }
    } else {
      const int c = std::min(hits, CountCancels(d, mp.save));
      Emit(ev, "WSR 6.1",
           Text{"The defender rolls " + DiceText(d) + ": " + std::to_string(c) + " cancelled.",
                std::string("Der Verteidiger würfelt ") + DiceTextDe(d) + ": " + std::to_string(c) +
                    " aufgehoben."},
           1 - side_of(m));
      hits -= c;
    }
    std::vector<int> listed;
    hex_targets(hex, 1 - side_of(m), listed);
    if (listed.size() > 1 && hits % static_cast<int>(listed.size()) != 0) {
      push(kStepMortarOdd, m, static_cast<int16_t>(hex + kMaxHexes * hits));
      return;
    }
    resolve_hex_fire(m, hex, hits, -1, ev);
    return;
  }
  const int u = s.a / 128, t = s.a % 128;
  FireParams p;
  fire_params(u, t, &p, nullptr);
  const std::vector<int> dice = FireDiceOf(a);
  if (s.kind == kStepFireAttack) {
    int hits = CountHits(dice, p.to_hit, p.hit_cap);
    Emit(ev, "WSR 6.1",
         Text{unit_label(u) + " rolls " + DiceText(dice) + ": " + std::to_string(hits) + " hit" +
                  (hits == 1 ? "" : "s") + ".",
              std::string(unit_label(u)) + " würfelt " + DiceTextDe(dice) + ": " +
                  std::to_string(hits) + " Treffer."},
         side_of(u));
    hits += take_extra_hits(u, ev);  // special_rules.cc: B4 panther-ambush, before the defence
    if (hits - p.ip_cancels > 0 && p.defence_dice > 0) {
      push(kStepFireDefence, static_cast<int8_t>(hits), s.a);
      return;
    }
    resolve_fire(u, t, hits, {}, ev);
    return;
  }
  resolve_fire(u, t, s.f, dice, ev);
}

// WSR 6.1 defence, 6.1.7 / R.3 results, 6.2 a disrupted mover stops, Ops complete on the firer.
void WsrState::resolve_fire(int u, int t, int hits, const std::vector<int>& defence,
                            EventList* ev) {
  FireParams p;
  fire_params(u, t, &p, nullptr);
  const int ip = std::min(hits, p.ip_cancels);
  int left = hits - ip;
  const int cancels = std::min(left, CountCancels(defence, p.save));
  left -= cancels;
  if (!defence.empty())
    Emit(ev, "WSR 6.1",
         Text{unit_label(t) + " defends with " + DiceText(defence) + " (cancels on " +
                  std::to_string(p.save) + "+): " + std::to_string(cancels) + " hit" +
                  (cancels == 1 ? "" : "s") + " cancelled, " + std::to_string(left) + " left.",
              std::string(unit_label(t)) + " verteidigt sich mit " + DiceTextDe(defence) +
                  " (hebt ab " + std::to_string(p.save) + "+ auf): " + std::to_string(cancels) +
                  " Treffer aufgehoben, " + std::to_string(left) + " übrig."},
         side_of(t));
  const bool op = has(t, kMoving);
  const int hex = unit(t).hex;
  const Text text = hit_target(t, left);
  Emit(ev, left == 0 ? "WSR 6.1" : "WSR 6.1.7", Text{text.en + ".", text.de + "."}, side_of(t));
  unit(u).flags |= kOpsComplete;
  // the support was for this attack; WSR 11.1: so was the AA firepower.
  unit(u).flags &= static_cast<uint16_t>(~(kHqBonus | kAaFire));
  Emit(ev, op ? "WSR 6.2" : "WSR 6.1",
       Text{unit_label(u) + " has fired: Ops complete.",
            std::string(unit_label(u)) + " hat gefeuert: „Operationen beendet“."},
       side_of(u));
  if (left > 0) hq_loss_checks(hex, side_of(t), true, has(t, kGone), ev);
}

// Off the moving stack; HQs left without a unit of their formation stop too; an empty
// stack ends the move step.
void WsrState::leave_group(int t) {
  int k = 0;
  while (k < n_group && group[static_cast<size_t>(k)] != t) ++k;
  for (; k + 1 < n_group; ++k) group[static_cast<size_t>(k)] = group[static_cast<size_t>(k + 1)];
  if (k < n_group) --n_group;
  unit(t).flags &= static_cast<uint16_t>(~kMoving);
  bool combat_unit_left = false;
  for (int j = 0; j < n_group; ++j)
    if (!info(group[static_cast<size_t>(j)]).hq) combat_unit_left = true;
  if (!combat_unit_left) {
    for (int j = 0; j < n_group; ++j) finish_unit_move(group[static_cast<size_t>(j)]);
    n_group = 0;
  }
  if (n_group == 0 && !steps.empty() && top().kind == kStepMove) {
    group_origin = kNoHex;
    group_steps = 0;
    pop();
  }
}

// WSR 1.3.2.2 ([REC] A-04: one check per attack per HQ): all units of the hex eliminated -> the
// HQ is eliminated without a roll; else a unit disrupted/reduced/eliminated -> one die (chance).
// [Decision D-WSR-HQ1] "all units in the HQ's hex" is read together with 1.3.2 "an HQ must
// always be in a hex containing at least one unit of its own formation": an attack that
// eliminates the last unit of the HQ's formation in the hex eliminates the HQ, even if units of
// another formation stay there (the HQ could neither stay legally nor move alone, A-03).
void WsrState::hq_loss_checks(int hex, int side, bool hit, bool elim, EventList* ev) {
  if (!hit) return;
  bool units_left = false;
  for (int v = 0; v < n_units; ++v)
    if (on_map(v) && unit(v).hex == hex && side_of(v) == side && !info(v).hq) units_left = true;
  for (int h = 0; h < n_units; ++h) {
    if (!info(h).hq || !on_map(h) || unit(h).hex != hex || side_of(h) != side) continue;
    if (!units_left) {
      Emit(ev, "WSR 1.3.2.2",
           Text{"Every unit in " + hex_name(hex) + " was eliminated.",
                std::string("Jede Einheit in ") + hex_name(hex) + " wurde eliminiert."},
           side);
      apply_hq_loss(h, HqLoss::kEliminated, ev);
    } else if (!formation_unit_in(h, hex)) {
      Emit(ev, "WSR 1.3.2",
           Text{"The last unit of " + unit_label(h) + "'s formation in " + hex_name(hex) +
                    " was eliminated; an HQ must stay with its formation.",
                std::string("Die letzte Einheit der Formation von ") + unit_label(h) + " in " +
                    hex_name(hex) + " wurde eliminiert; ein HQ muss bei seiner Formation bleiben."},
           side);
      apply_hq_loss(h, HqLoss::kEliminated, ev);
    } else {
      push(kStepHqLoss, elim ? 1 : 0, static_cast<int16_t>(h));
    }
  }
}

void WsrState::apply_hq_loss(int hq, HqLoss loss, EventList* ev) {
  if (loss == HqLoss::kNone) {
    Emit(ev, "WSR 1.3.2.2",
         Text{unit_label(hq) + ": no effect.", std::string(unit_label(hq)) + ": keine Wirkung."},
         side_of(hq));
    return;
  }
  if (loss == HqLoss::kReduced) {
    unit(hq).flags |= kReduced;
    Emit(ev, "WSR 1.3.2.2",
         Text{unit_label(hq) + " is flipped to its reduced side.",
              std::string(unit_label(hq)) + " wird auf seine reduzierte Seite gedreht."},
         side_of(hq));
    return;
  }
  const bool moving = has(hq, kMoving);
  const Text text = hit_unit(hq, 3);  // eliminated; a vehicle HQ leaves a wreck
  if (moving) leave_group(hq);
  Emit(ev, "WSR 1.3.2.2", Text{text.en + ".", text.de + "."}, side_of(hq));
}

Text WsrState::fire_why_illegal(const Action& a) const {
  Text why;
  switch (a.verb) {
    case kFireHex:
      if (a.arg(1) >= game_->layout().size()) return Text{"no such hex", "kein solches Feld"};
      can_fire_hex(a.arg(0), a.arg(1), &why);
      break;
    case kOddHit:
      if (!steps.empty() && assault_step(top().kind))
        return Text{"the odd hit goes to one of the units sharing the hits (WSR 6.3 step 4, 8.2.1)",
                    "der überzählige Treffer geht an eine der Einheiten, die sich die Treffer "
                    "teilen (WSR 6.3 Schritt 4, 8.2.1)"};
      if (!steps.empty() && top().kind == kStepArtyOdd)
        return Text{"the odd hit goes to a unit in the barraged hex (WSR 11.2.1 step 4, R.3)",
                    "der überzählige Treffer geht an eine Einheit im beschossenen Feld (WSR 11.2.1 "
                    "Schritt 4, R.3)"};
      if (steps.empty() || top().kind != kStepMortarOdd)
        return Text{"no odd hit to assign (WSR 6.1)",
                    "kein überzähliger Treffer zu vergeben (WSR 6.1)"};
      return Text{
          "the odd hit goes to a unit in the attacked hex (WSR 6.1, R.3)",
          "der überzählige Treffer geht an eine Einheit im angegriffenen Feld (WSR 6.1, R.3)"};
    case kFire:
    case kOpFire:
      if (a.argc > 3 && a.arg(3) != 0) {  // WSR 11.1: AA firepower
        if (!can_fire_aa(a.arg(0), a.arg(1), a.verb == kOpFire, &why)) break;
      } else if (!can_fire(a.arg(0), a.arg(1), a.verb == kOpFire, &why)) {
        break;
      }
      if (a.argc > 2 && a.arg(2) != 0 && free_hq_support(a.arg(0)) < 0)
        return Text{
            "no HQ in the hex of " + unit_label(a.arg(0)) +
                " can still support an attack this impulse (WSR 6.1, A-02: one unit per impulse)",
            std::string("kein HQ im Feld von ") + unit_label(a.arg(0)) +
                " kann in diesem Impuls noch einen Angriff unterstützen (WSR 6.1, A-02: eine "
                "Einheit pro Impuls)"};
      break;
    case kNoOpFire:
      if (steps.empty() || top().kind != kStepHexEntered)
        return Text{"no opportunity fire is pending (WSR 6.2)",
                    "gerade steht kein Gelegenheits-Feuer an (WSR 6.2)"};
      break;
    case kFireDice:
      if (!fire_chance())
        return Text{"no attack or defence roll is pending (WSR 6.1)",
                    "gerade steht kein Angriffs- oder Verteidigungswurf an (WSR 6.1)"};
      return Text{
          "this roll takes exactly " + DiceCount(fire_dice_count()) + " showing 1-6 (WSR 6.1)",
          std::string("dieser Wurf braucht genau ") + DiceCountDe(fire_dice_count()) +
              " mit 1-6 (WSR 6.1)"};
    default:
      why = assault_why_illegal(a);  // assault.cc: assault, overrun, support, retreat, mines
      break;
  }
  if (!why.en.empty()) return why;
  return not_legal_now();
}

// ---------------------------------------------------------------------------------------------
// Mortar hex attack, direct fire only (WSR 6.1 mortars, R.2, [REC] A-08).

void WsrState::hex_targets(int hex, int side, std::vector<int>& out) const {
  out.clear();
  for (int t = 0; t < n_units; ++t)
    if (on_map(t) && unit(t).hex == hex && side_of(t) == side && !info(t).hq && !loaded(t))
      out.push_back(t);  // carrier.cc: a passenger shares its carrier's results (5.2.4, A-38)
}

int WsrState::mortar_reach(int u) const {
  const Weapon& w = info(u).counter->face_for(/*mounted=*/false, has(u, kReduced)).he;
  if (w.fp <= 0) return 0;
  return w.underlined ? w.range : 2 * w.range;  // WSR 6.1.3, 6.1.1 (as MakeMortarInput)
}

bool WsrState::hex_fire_params(int u, int hex, FireParams* p, Text* why,
                               const HexTargets* known) const {
  const int from = unit(u).hex;
  const int dist = game_->layout().Distance(from, hex);
  // perf: out of range is refused whatever else holds (ComputeFire); asked without a reason,
  // refuse it before anything else.
  if (!why && WsrFastPaths() && (dist < 1 || dist > mortar_reach(u))) return false;
  // The units hex_targets lists: is there one, and is one of them a hard target?
  bool any = false, hard = false;
  const int enemy = 1 - side_of(u);
  if (known != nullptr) {
    any = known->any;
    hard = known->hard;
  } else {
    for (int t = 0; t < n_units; ++t)
      if (on_map(t) && unit(t).hex == hex && side_of(t) == enemy && !info(t).hq && !loaded(t)) {
        any = true;
        hard = hard || hard_target(t);
      }
  }
  if (!any)
    return Fail(
        why, Text{hex_name(hex) + " holds no enemy unit to attack (WSR 6.1)",
                  std::string(hex_name(hex)) +
                      " enthält keine feindliche Einheit, die angegriffen werden kann (WSR 6.1)"});
  // perf: asked without a reason, the LOS and spotter refusals below (pure) come before the fire
  // numbers; `seen` keeps the answer for them (-1: not asked here).
  int seen = -1;
  if (!why && WsrFastPaths()) {
    seen = dist <= 1 || los_clear(from, hex) ? 1 : 0;
    if (seen == 0 &&
        ((!steps.empty() && top().kind == kStepHexEntered) || mortar_spotter(u, hex) < 0))
      return false;
  }
  // [REC] A-08: HE firepower of the unlimbered face, soft-target defence, no concealment.
  FireInput in = MakeMortarInput(*info(u).counter, has(u, kReduced),
                                 game_->data().terrain[game_->terrain(hex)], dist, hard,
                                 has_ip(hex));  // WSR 8.1, A-22
  special_hex_fire_input(hex, in);              // special_rules.cc: B4 rubble defence
  if (in.weapon.firepower <= 0)
    return Fail(
        why, Text{unit_label(u) + " has no HE firepower (6.1)",
                  std::string(unit_label(u)) + " hat keine Feuerstärke mit Sprenggranaten (6.1)"});
  FireParams fp = ComputeFire(in);
  if (const int cd = chaos_dice(u, fp.dice); cd != 0) {  // chaos.cc (WSR 9.0): firepower
    in.extra_dice += cd;
    fp = ComputeFire(in);
  }
  if (!fp.legality)
    return Fail(why, Text{unit_label(u) + " -> " + hex_name(hex) + ": " + fp.legality.reason,
                          std::string(unit_label(u)) + " -> " + hex_name(hex) + ": " +
                              fp.legality.reason_de});
  if (fp.dice > 15 || fp.defence_dice > 15)
    return Fail(why, Text{"more than 15 dice in one roll are not supported",
                          "mehr als 15 Würfel in einem Wurf werden nicht unterstützt"});
  // WSR 6.1 direct fire at a hex in the mortar's LOS; else indirect fire through a spotter,
  // never as opportunity fire (6.1, 6.2). [REC] A-08: range still counts from the mortar.
  if (seen < 0 && dist > 1 && !los_clear(from, hex)) {
    if (!steps.empty() && top().kind == kStepHexEntered)
      return Fail(
          why,
          Text{"no LOS from " + hex_name(from) + " to " + hex_name(hex) +
                   ": mortars may not fire indirectly as opportunity fire (WSR 6.1, 6.2)",
               std::string("keine Sichtlinie von ") + hex_name(from) + " nach " + hex_name(hex) +
                   ": Granatwerfer dürfen nicht indirekt als Gelegenheits-Feuer feuern (WSR 6.1, "
                   "6.2)"});
    if (mortar_spotter(u, hex) < 0)
      return Fail(
          why,
          Text{"no LOS from " + hex_name(from) + " to " + hex_name(hex) + " (" +
                   game_->los().Explain(from, hex, los_check(from, hex)) +
                   "), and no HQ, SHQ or recon unit of its formation in command sees " +
                   "the hex to spot for indirect fire (WSR 6.1, A-24)",
               std::string("keine Sichtlinie von ") + hex_name(from) + " nach " + hex_name(hex) +
                   " (" + game_->los().Explain(from, hex, los_check(from, hex)) +
                   "), und kein HQ, SHQ oder keine Aufklärungseinheit seiner Formation unter "
                   "Befehl sieht das Feld, um das indirekte Feuer zu beobachten (WSR 6.1, A-24)"});
  }
  if (p) *p = fp;
  return true;
}

bool WsrState::indirect_hex_fire(int u, int hex) const {
  const int from = unit(u).hex;
  return game_->layout().Distance(from, hex) > 1 && !los_clear(from, hex);
}

// WSR 6.1: "if an HQ, SHQ or recon unit of the same formation has LOS to the target hex".
// [REC] A-24: a recon unit spots only while in command and in good order, an SHQ only while in
// command (an Out of Command marker from 4.2); the formation HQ is always in command. [REC]
// A-08: spotting is not an action of the spotter (it "may continue its own operations
// normally"): no first-action condition, no Ops complete. The lowest unit index is named.
int WsrState::mortar_spotter(int u, int hex) const {
  for (int v : game_->spotters(info(u).formation)) {  // perf: the formation's HQs and recon
    if (v == u || !on_map(v)) continue;
    const bool recon = info(v).counter->recon;
    if (!info(v).hq && !recon) continue;
    if ((info(v).shq || recon) && has(v, kOutOfCommand)) continue;
    if (recon && has(v, kDisrupted)) continue;
    const int d = game_->layout().Distance(unit(v).hex, hex);
    if (d <= 1 || los_clear(unit(v).hex, hex)) return v;
  }
  return -1;
}

bool WsrState::can_fire_hex(int u, int hex, Text* why, FireParams* p,
                            const HexTargets* known) const {
  if (u < 0 || u >= n_units) return Fail(why, Text{"no such unit", "keine solche Einheit"});
  if (info(u).counter->kind != UnitKind::kMortar)
    return Fail(why, Text{unit_label(u) + " is not a mortar: units fire at units (WSR 6.1)",
                          std::string(unit_label(u)) +
                              " ist kein Granatwerfer: Einheiten feuern auf Einheiten (WSR 6.1)"});
  if (!on_map(u))
    return Fail(why, Text{unit_label(u) + " is not on the map",
                          std::string(unit_label(u)) + " ist nicht auf dem Spielplan"});
  if (!steps.empty() && top().kind == kStepHexEntered) {
    // [REC] A-12: a mortar may opportunity-fire directly at the hex just entered, attacking the
    // whole hex (hex_fire_params refuses indirect fire here). Out of command units may
    // opportunity-fire (WSR 4.2 forbids fire in the impulse, not OF).
    if (side_of(u) == game_->formation(top().f).side)
      return Fail(why,
                  Text{unit_label(u) + " belongs to the moving side (WSR 6.2)",
                       std::string(unit_label(u)) + " gehört zur sich bewegenden Seite (WSR 6.2)"});
    if (hex != top().a)
      return Fail(why, Text{"opportunity fire only at the hex just entered, " + hex_name(top().a) +
                                " (WSR 6.2, A-12)",
                            std::string("Gelegenheits-Feuer nur auf das gerade betretene Feld, ") +
                                hex_name(top().a) + " (WSR 6.2, A-12)"});
  } else {
    if (!may_fire_in_impulse(u, "mortar fire", why)) return false;
  }
  if (has(u, kMounted))
    return Fail(why,
                Text{unit_label(u) + " is limbered and may not fire (5.2)",
                     std::string(unit_label(u)) + " ist aufgeprotzt und darf nicht feuern (5.2)"});
  if (has(u, kDisrupted))
    return Fail(
        why, Text{unit_label(u) + " is disrupted and may not fire (6.1.7)",
                  std::string(unit_label(u)) + " ist zerschlagen und darf nicht feuern (6.1.7)"});
  if (has(u, kOpsComplete))
    return Fail(why, Text{unit_label(u) + " has Ops complete (WSR 6.1)",
                          std::string(unit_label(u)) + " hat „Operationen beendet“ (WSR 6.1)"});
  return hex_fire_params(u, hex, p, why, known);
}

void WsrState::apply_fire_hex(int u, int hex, EventList* ev) {
  FireParams p;
  hex_fire_params(u, hex, &p, nullptr);
  const bool op = top().kind == kStepHexEntered;
  if (op) pop();  // one attack per hex entered; the window closes with this attack
  const int spotter = op ? -1 : (indirect_hex_fire(u, hex) ? mortar_spotter(u, hex) : -1);
  push(kStepMortarAttack, u, static_cast<int16_t>(hex));
  // WSR 6.1 indirect fire "like an artillery barrage" (11.2), [REC] A-08: first the 1-die
  // accuracy roll (1 = no effect).
  if (spotter >= 0) push(kStepMortarAccuracy, u, static_cast<int16_t>(hex));
  Emit(ev, op ? "WSR 6.2" : "WSR 6.1",
       Text{unit_label(u) + (op ? " opportunity-fires at hex " : " fires at hex ") + hex_name(hex) +
                (spotter >= 0 ? " indirectly, spotted by " + unit_label(spotter) : std::string()) +
                " (" + RangeBandName(p.band) + " range): " + DiceCount(p.dice) + " hitting on " +
                std::to_string(p.to_hit) + "+; the defender rolls " +
                std::to_string(p.defence_dice) + "." +
                (spotter >= 0 ? " Accuracy roll first: 1 = no effect (A-08)." : ""),
            std::string(unit_label(u)) +
                ((op ? " feuert als Gelegenheits-Feuer auf das Feld " : " feuert auf das Feld ")) +
                hex_name(hex) +
                ((spotter >= 0 ? " indirekt, beobachtet von " + unit_label(spotter)
                               : std::string())) +
                " (" + RangeBandNameDe(p.band) + " Reichweite): " + DiceCountDe(p.dice) +
                ", Treffer ab " + std::to_string(p.to_hit) + "+; der Verteidiger würfelt " +
                MitWuerfelnDe(p.defence_dice) + "." +
                ((spotter >= 0 ? " Zuerst der Treffsicherheitswurf: 1 = keine Wirkung (A-08)."
                               : ""))},
       side_of(u));
}

// R.3 even distribution; `odd` = the unit drawn for the odd hit (-1 when none).
bool WsrState::hit_hex_evenly(const std::vector<int>& listed, int net, int odd, const char* rule,
                              EventList* ev) {
  std::vector<int> odd_idx;
  for (size_t k = 0; k < listed.size(); ++k)
    if (listed[k] == odd) odd_idx.push_back(static_cast<int>(k));
  const std::vector<int> per = AllocateEven(net, static_cast<int>(listed.size()), odd_idx);
  bool elim = false;
  for (size_t k = 0; k < listed.size(); ++k) {
    const int t = listed[k];
    const Text text = hit_target(t, per[k]);  // a moving target stops (6.2, A-12)
    Emit(ev, per[k] > 0 ? "WSR 6.1.7" : rule, Text{text.en + ".", text.de + "."}, side_of(t));
    elim = elim || has(t, kGone);
  }
  return elim;
}

void WsrState::resolve_hex_fire(int u, int hex, int net, int odd, EventList* ev) {
  std::vector<int> listed;
  hex_targets(hex, 1 - side_of(u), listed);
  const bool elim = hit_hex_evenly(listed, net, odd, "WSR 6.1", ev);
  unit(u).flags |= kOpsComplete;
  Emit(ev, "WSR 6.1",
       Text{unit_label(u) + " has fired: Ops complete.",
            std::string(unit_label(u)) + " hat gefeuert: „Operationen beendet“."},
       side_of(u));
  if (net > 0 && !listed.empty()) hq_loss_checks(hex, 1 - side_of(u), true, elim, ev);
}

// hit_unit on a target that may be moving: WSR 6.2, a disrupted mover ends its movement (Ops
// complete) and, stopped or eliminated, leaves the moving stack.
Text WsrState::hit_target(int t, int hits) {
  const bool moving = has(t, kMoving);
  Text text = hit_unit(t, hits);
  if (moving && !has(t, kGone) && has(t, kDisrupted) && hits > 0) {
    finish_unit_move(t);
    text.en += "; it ends its movement (WSR 6.2)";
    text.de += "; sie beendet ihre Bewegung (WSR 6.2)";
  }
  if (moving && !has(t, kMoving)) leave_group(t);
  return text;
}

Text WsrState::hit_unit(int t, int hits) {
  // carrier.cc: passengers stand where their carrier is hit (it may have just moved, retreated).
  if (separate_carrier(t)) carry_passengers();
  UnitState before;
  before.disrupted = has(t, kDisrupted);
  before.reduced = has(t, kReduced);
  before.single_step = info(t).counter->steps == 1;
  const HitsApplied r = ApplyHits(before, hits);
  Unit& x = unit(t);
  const int hex = x.hex;
  if (r.after.disrupted) x.flags |= kDisrupted;
  if (r.after.reduced) x.flags |= kReduced;
  Text text{unit_label(t) + ": " + CombatResultWords(r.result),
            unit_label(t) + ": " + CombatResultWordsDe(r.result)};
  if (r.after.eliminated) {
    WreckInput w;
    w.hard_target_face = hard_target(t);
    // B3 dismounted-only; carrier.cc: a passenger is a transported unit too (WSR 5.2, A-38)
    w.transport_counter = (info(t).counter->transport || loaded(t)) && !no_wreck(t);
    w.aa_unit = info(t).counter->aa;
    w.wreck_back = info(t).counter->wreck_back;
    w.hex_has_wreck = has_wreck(hex);
    if (PlacesWreck(w)) {
      place_wreck(hex);  // kWreckBit, counted for LOS (fortification.cc)
      text.en += "; a wreck marker is placed in " + hex_name(hex);
      text.de += "; ein Wrack-Marker wird in " + hex_name(hex) + " platziert";
    }
    if (x.sw != 0) {
      text.en += "; its " + sw(t)->name + " is removed (WSR 1.3.4.2)";
      text.de += "; die Unterstützungswaffe " + sw(t)->name_de + " wird entfernt (WSR 1.3.4.2)";
    }
    x.sw = 0;  // WSR 1.3.4.2: the SW goes with its platoon
    x.hex = kNoHex;
    x.carrier = -1;  // carrier.cc: an eliminated passenger leaves its carrier
    x.flags = static_cast<uint16_t>((x.flags & ~kMoving) | kGone);
  }
  // carrier.cc (WSR 5.2.4, A-38): the passengers of a separate carrier take its results.
  if (hits > 0 && separate_carrier(t) && passengers_of(t) > 0)
    passenger_results(t, r.after.disrupted && !before.disrupted,
                      r.after.reduced && !before.reduced && !r.after.eliminated, r.after.eliminated,
                      text);
  return text;
}

Text WsrState::fire_prompt() const {
  const Step& t = top();
  switch (t.kind) {
    case kStepFireAttack:
    case kStepFireDefence:
      return Text{"Roll " + DiceCount(fire_dice_count()) + ": " +
                      (t.kind == kStepFireAttack ? "attack of " : "defence of ") +
                      unit_label(t.a / 128) + " -> " + unit_label(t.a % 128) + " (WSR 6.1).",
                  std::string(DiceCountDe(fire_dice_count())) +
                      " werfen: " + ((t.kind == kStepFireAttack ? "Angriff " : "Verteidigung ")) +
                      unit_label(t.a / 128) + " -> " + unit_label(t.a % 128) + " (WSR 6.1)."};
    case kStepMortarAttack:
    case kStepMortarDefence:
      return Text{"Roll " + DiceCount(fire_dice_count()) + ": " +
                      (t.kind == kStepMortarAttack ? "attack of " : "defence against ") +
                      unit_label(t.f) + " at " + hex_name(t.a % kMaxHexes) + " (WSR 6.1 mortars).",
                  std::string(DiceCountDe(fire_dice_count())) +
                      " werfen: " + ((t.kind == kStepMortarAttack ? "Angriff " : "Verteidigung ")) +
                      unit_label(t.f) + " auf " + hex_name(t.a % kMaxHexes) +
                      " (WSR 6.1 Granatwerfer)."};
    case kStepHqLoss:
      return Text{
          "Roll 1 die: HQ loss check of " + unit_label(t.a) + " (WSR 1.3.2.2).",
          std::string("1 Würfel werfen: HQ-Verlusttest, ") + unit_label(t.a) + " (WSR 1.3.2.2)."};
    case kStepMortarAccuracy:
      return Text{"Roll 1 die: accuracy of the indirect fire of " + unit_label(t.f) + " at " +
                      hex_name(t.a) + "; 1 = no effect (WSR 6.1, A-08).",
                  std::string("1 Würfel werfen: Treffsicherheit des indirekten Feuers von ") +
                      unit_label(t.f) + " auf " + hex_name(t.a) +
                      "; 1 = keine Wirkung (WSR 6.1, A-08)."};
    default:
      return Text{
          "Draw the unit in " + hex_name(t.a % kMaxHexes) + " that takes the odd hit (WSR 6.1).",
          std::string("Die Einheit in ") + hex_name(t.a % kMaxHexes) +
              " ziehen, die den überzähligen Treffer erhält (WSR 6.1)."};
  }
}

}  // namespace feldherr::wsr
