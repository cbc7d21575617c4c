// White Star Rising advanced rules: air support (WSR 11.3). Each aircraft counter of a side
// (GameSetup::air, from the scenario's `air`) goes into the cup at the start of its turn and is
// drawn like a marker (`draw us.p-47`); when drawn it must be used (11.3):
// - 11.3.1 step 1: its owner places it on a target hex (`air-target <hex>`);
// - step 2: the other side fires AA units at it, one at a time (`flak <unit>`, `no-flak`): good
//   order, no Ops complete, the target hex in range ([REC] A-26), blue AA firepower by the fire
//   combat rules (6.1); each AA unit that fires gets Ops complete;
// - step 3: the aircraft rolls its armor dice against each AA attack (save number: G-9, the
//   counter data); net hits add up over the sortie;
// - step 4: two net hits destroy it; one disrupts it: the abort die, 1-3 removed, 4-6 back into
//   the cup in the MRP;
// - 11.3.2 step 1: accuracy die, 1 a miss (the other side picks an adjacent hex, `air-drift`,
//   [REC] A-27 even an empty one), 2 gold firepower -1 die, 3-6 full firepower;
// - steps 2-4 (R.2): gold dice against the hex; the IP cancels the first hit (8.1, A-22); the
//   defence roll is the hex's soft-target terrain dice + 1 if concealed ([REC] A-27: every unit
//   in the hex meets 6.1.5), no hard-target die; even hits, the odd hit at random; HQ loss checks;
// - step 5: the status die: greater than the hits scored (before the defence roll) the aircraft
//   returns to the cup at the start of the next turn ([REC] A-27: the MRP's refill), otherwise it
//   is removed from play.
// Every die is a chance action (kFireDice, kOddHit), held for fate points like any roll.
#include <algorithm>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "games/wsr/combat.h"
#include "games/wsr/emit.h"  // last: defines Emit and Fail
#include "games/wsr/scenario.h"
#include "games/wsr/side_words.h"
#include "games/wsr/state.h"

namespace feldherr::wsr {

int WsrState::air_in_cup() const {
  int n = 0;
  for (size_t k = 0; k < game_->setup().air.size(); ++k) n += air[k] == kAirInCup ? 1 : 0;
  return n;
}

std::string WsrState::air_label(int k) const {
  return game_->air_label(k);
}

std::string WsrGame::air_label(int k) const {
  const auto& list = setup_.air;
  if (k < 0 || k >= static_cast<int>(list.size())) return "?";
  int same = 0, index = 0;
  for (size_t j = 0; j < list.size(); ++j)
    if (list[j].counter == list[static_cast<size_t>(k)].counter) {
      ++same;
      if (static_cast<int>(j) <= k) ++index;
    }
  const std::string& id = list[static_cast<size_t>(k)].counter;
  return same > 1 ? id + "-" + std::to_string(index) : id;
}

const CounterType& WsrState::air_counter(int k) const {
  return *game_->data().FindCounter(game_->setup().air[static_cast<size_t>(k)].counter);
}

int WsrState::air_side(int k) const {
  return game_->setup().air[static_cast<size_t>(k)].side;
}

bool WsrState::air_step(int kind) {
  return kind >= kStepAirTarget && kind <= kStepAirStatus;
}

// WSR 11.3: at the start of the turn named by the scenario the aircraft goes into the cup; an
// aircraft returning (11.3.1 step 4, 11.3.2 step 5; [REC] A-27 the same moment) goes back in.
void WsrState::air_turn_start(EventList* ev) {
  const auto& list = game_->setup().air;
  // WSR-A11 air-withdrawn (counter, turn): "removed if it is still in play at the start of turn
  // 6" -- in the cup, waiting or returning.
  if (const Scenario* sc = scenario_data(); sc != nullptr)
    if (const SpecialRule* r = sc->FindRule("air-withdrawn");
        r != nullptr && turn >= r->Int("turn", 99))
      for (size_t k = 0; k < list.size(); ++k)
        if (list[k].counter == r->Str("counter") && air[k] != kAirRemoved) {
          air[k] = kAirRemoved;
          Emit(
              ev, "scenario",
              Text{"The aircraft " + air_label(static_cast<int>(k)) + " is withdrawn (turn " +
                       std::to_string(turn) + ", air-withdrawn).",
                   std::string("Das Flugzeug ") + air_label(static_cast<int>(k)) +
                       " wird abgezogen (Spielrunde " + std::to_string(turn) + ", air-withdrawn)."},
              list[k].side);
        }
  for (size_t k = 0; k < list.size(); ++k) {
    const int enters = air_entry_turn(static_cast<int>(k));
    const bool due = air[k] == kAirWaiting && enters > 0 && enters <= turn;
    if (!due && air[k] != kAirReturning) continue;
    Emit(ev, "WSR 11.3",
         Text{"The aircraft " + air_label(static_cast<int>(k)) +
                  (due ? " goes into the cup (turn " + std::to_string(turn) +
                             (list[k].turn == GameSetup::kAirOnTrigger ? ", air-trigger)." : ").")
                       : " returns to the cup."),
              std::string("Das Flugzeug ") + air_label(static_cast<int>(k)) +
                  (due ? " kommt in das Behältnis (Spielrunde " + std::to_string(turn) +
                             (list[k].turn == GameSetup::kAirOnTrigger ? ", air-trigger)." : ").")
                       : " kehrt in das Behältnis zurück.")},
         list[k].side);
    air[k] = kAirInCup;
  }
}

int WsrState::air_entry_turn(int k) const {
  const int t = game_->setup().air[static_cast<size_t>(k)].turn;
  return t == GameSetup::kAirOnTrigger ? air_trigger_turn : t;
}

// WSR 11.3 "when drawn it must be used by its owner".
bool WsrState::air_draw(int marker, EventList* ev) {
  const int k = marker - kAirMarker;
  if (k < 0 || k >= static_cast<int>(game_->setup().air.size())) return false;
  const int side = air_side(k);
  air[static_cast<size_t>(k)] = kAirOverMap;
  sortie = SortieRec{};
  sortie.k = static_cast<int8_t>(k);
  int targets = 0;
  for (int h = 0; h < game_->layout().size() && targets == 0; ++h)
    targets += can_air_target(h, nullptr) ? 1 : 0;
  if (targets == 0) {
    // [Decision] no hex holds an enemy unit it may attack (HQs may not be, 1.3.2): it cannot be
    // used and goes back into the cup at the start of the next turn.
    Emit(ev, "WSR 11.3",
         Text{"The aircraft " + air_label(k) +
                  " is drawn but no enemy unit it may attack is on the map; it returns to the cup "
                  "next turn.",
              std::string("Das Flugzeug ") + air_label(k) +
                  " wird gezogen, aber keine feindliche Einheit, die es angreifen darf, ist auf "
                  "dem Spielplan; es kehrt in der nächsten Spielrunde in das Behältnis zurück."},
         side);
    air[static_cast<size_t>(k)] = kAirReturning;
    sortie = SortieRec{};
    return true;
  }
  Emit(ev, "WSR 11.3",
       Text{"The aircraft " + air_label(k) + " is drawn: " + SideWordsOf(*game_, side).en +
                " must use it; place it on a target hex.",
            std::string("Das Flugzeug ") + air_label(k) +
                " wird gezogen: " + Capital(SideWordsOf(*game_, side).de) +
                " müssen es einsetzen; es auf ein Zielfeld stellen."},
       side);
  push(kStepAirTarget, -1, side);
  return true;
}

// WSR 11.3.1 step 1; [Decision] the target hex holds an enemy unit the aircraft may attack (not
// an HQ: 1.3.2, 11.3.2).
bool WsrState::can_air_target(int hex, Text* why) const {
  if (sortie.k < 0)
    return Fail(why, Text{"no aircraft is being used (WSR 11.3)",
                          "kein Flugzeug wird gerade eingesetzt (WSR 11.3)"});
  if (hex < 0 || hex >= game_->layout().size())
    return Fail(why, Text{"no such hex", "kein solches Feld"});
  const int side = air_side(sortie.k);
  for (int t = 0; t < n_units; ++t)
    if (on_map(t) && unit(t).hex == hex && side_of(t) != side && !info(t).hq && !loaded(t))
      return true;
  return Fail(
      why, Text{"no enemy unit the aircraft may attack is in " + hex_name(hex) +
                    " (WSR 11.3.1 step 1; HQs are no target, 1.3.2)",
                std::string("keine feindliche Einheit, die das Flugzeug angreifen darf, ist in ") +
                    hex_name(hex) + " (WSR 11.3.1 Schritt 1; HQs sind kein Ziel, 1.3.2)"});
}

// WSR 11.3.1 step 2, [REC] A-26: an AA unit of the other side in good order without Ops complete,
// the target hex within its range, its blue AA firepower by the fire combat rules (6.1).
bool WsrState::can_flak(int u, Text* why, FireParams* p) const {
  if (u < 0 || u >= n_units) return Fail(why, Text{"no such unit", "keine solche Einheit"});
  if (sortie.k < 0 || sortie.hex == kNoHex)
    return Fail(why, Text{"no aircraft is over a target (WSR 11.3.1)",
                          "kein Flugzeug ist über einem Ziel (WSR 11.3.1)"});
  if (!info(u).counter->aa || !face(u).aa.present())
    return Fail(why,
                Text{unit_label(u) + " is not an AA unit (WSR 11.1, 11.3.1)",
                     std::string(unit_label(u)) + " ist keine Flak-Einheit (WSR 11.1, 11.3.1)"});
  if (side_of(u) == air_side(sortie.k))
    return Fail(why, Text{unit_label(u) + " is on the aircraft's side (WSR 11.3.1 step 2)",
                          std::string(unit_label(u)) +
                              " ist auf der Seite des Flugzeugs (WSR 11.3.1 Schritt 2)"});
  if (!on_map(u))
    return Fail(why, Text{unit_label(u) + " is not on the map",
                          std::string(unit_label(u)) + " ist nicht auf dem Spielplan"});
  if (has(u, kDisrupted))
    return Fail(why, Text{unit_label(u) + " is disrupted: only AA units in good order fire at an " +
                              "aircraft (WSR 11.3.1 step 2)",
                          std::string(unit_label(u)) +
                              " ist zerschlagen: nur Flak-Einheiten in gutem Zustand feuern auf "
                              "ein Flugzeug (WSR 11.3.1 Schritt 2)"});
  if (has(u, kOpsComplete))
    return Fail(why, Text{unit_label(u) + " has Ops complete (WSR 11.3.1 step 2, A-26)",
                          std::string(unit_label(u)) +
                              " hat „Operationen beendet“ (WSR 11.3.1 Schritt 2, A-26)"});
  const Face& af = air_counter(sortie.k).face_for(false, false);
  const Weapon& w = face(u).aa;
  FireInput in;
  in.weapon = FireWeapon{w.fp, w.to_hit, w.range, w.underlined, w.enhanced};
  in.aa_at_aircraft = true;
  in.target = TargetClass::kAircraft;
  // [REC] A-26: the range from the AA unit to the target hex; [Decision] an aircraft over the AA
  // unit's own hex is at distance 1.
  in.distance = std::max(1, game_->layout().Distance(unit(u).hex, sortie.hex));
  in.armor = af.armor;
  in.save = af.save;
  const FireParams fp = ComputeFire(in);
  if (!fp.legality)
    return Fail(why, Text{unit_label(u) + " -> " + air_label(sortie.k) + " over " +
                              hex_name(sortie.hex) + ": " + fp.legality.reason + " (A-26)",
                          std::string(unit_label(u)) + " -> " + air_label(sortie.k) + " über " +
                              hex_name(sortie.hex) + ": " + fp.legality.reason_de + " (A-26)"});
  if (fp.dice > 15 || fp.defence_dice > 15)
    return Fail(why, Text{"more than 15 dice in one roll are not supported",
                          "mehr als 15 Würfel in einem Wurf werden nicht unterstützt"});
  if (p != nullptr) *p = fp;
  return true;
}

// WSR 11.3.2 step 1: a miss; [REC] A-27: any adjacent hex, even an empty one.
bool WsrState::can_air_drift(int hex, Text* why) const {
  if (sortie.k < 0 || sortie.hex == kNoHex)
    return Fail(why,
                Text{"no aircraft missed (WSR 11.3.2)", "kein Flugzeug hat verfehlt (WSR 11.3.2)"});
  if (hex < 0 || hex >= game_->layout().size())
    return Fail(why, Text{"no such hex", "kein solches Feld"});
  if (game_->layout().Distance(sortie.hex, hex) != 1)
    return Fail(why, Text{hex_name(hex) + " is not adjacent to " + hex_name(sortie.hex) +
                              " (WSR 11.3.2 step 1)",
                          std::string(hex_name(hex)) + " grenzt nicht an " + hex_name(sortie.hex) +
                              " (WSR 11.3.2 Schritt 1)"});
  return true;
}

void WsrState::air_actions(ActionList& out) const {
  const Step& t = top();
  const int n = game_->layout().size();
  if (t.kind == kStepAirTarget || t.kind == kStepAirDrift) {
    for (int h = 0; h < n; ++h)
      if (t.kind == kStepAirTarget ? can_air_target(h, nullptr) : can_air_drift(h, nullptr))
        out.push_back(Action(t.kind == kStepAirTarget ? kAirTarget : kAirDrift, {h}));
    return;
  }
  if (t.kind == kStepAirFlak) {
    for (int u = 0; u < n_units; ++u)
      if (can_flak(u, nullptr)) out.push_back(Action(kFlak, {u}));
    out.push_back(Action(kNoFlak, {}));
  }
}

void WsrState::apply_air_action(const Action& a, EventList* ev) {
  const int side = air_side(sortie.k);
  switch (a.verb) {
    case kAirTarget: {  // WSR 11.3.1 step 1
      pop();
      sortie.hex = static_cast<int16_t>(a.arg(0));
      Emit(ev, "WSR 11.3.1",
           Text{air_label(sortie.k) + " is placed over " + hex_name(sortie.hex) +
                    "; the other side may fire its AA units at it.",
                std::string(air_label(sortie.k)) + " wird über " + hex_name(sortie.hex) +
                    " gestellt; die andere Seite darf mit ihren Flak-Einheiten darauf feuern."},
           side);
      bool any = false;
      for (int u = 0; u < n_units && !any; ++u) any = can_flak(u, nullptr);
      if (any) {
        push(kStepAirFlak, -1, 1 - side);
      } else {
        air_flak_done(ev);
      }
      return;
    }
    case kFlak: {  // WSR 11.3.1 step 2, A-26: one AA unit fires, then gets Ops complete
      const int u = a.arg(0);
      FireParams p;
      can_flak(u, nullptr, &p);
      unit(u).flags |= kOpsComplete;
      Emit(ev, "WSR 11.3.1",
           Text{unit_label(u) + " fires at " + air_label(sortie.k) + " over " +
                    hex_name(sortie.hex) + " (" + RangeBandName(p.band) +
                    " range): " + DiceCount(p.dice) + " hitting on " + std::to_string(p.to_hit) +
                    "+; it gets Ops complete (A-26).",
                std::string(unit_label(u)) + " feuert auf " + air_label(sortie.k) + " über " +
                    hex_name(sortie.hex) + " (" + RangeBandNameDe(p.band) +
                    " Reichweite): " + DiceCountDe(p.dice) + ", Treffer ab " +
                    std::to_string(p.to_hit) + "+; es erhält „Operationen beendet“ (A-26)."},
           1 - side);
      push(kStepAirFlakAttack, p.dice, static_cast<int16_t>(u * 16 + p.to_hit));
      return;
    }
    case kNoFlak:  // WSR 11.3.1 step 2: no more AA fire
      pop();
      Emit(ev, "WSR 11.3.1",
           Text{"No more AA fire at " + air_label(sortie.k) + ".",
                std::string("Kein weiteres Flakfeuer auf ") + air_label(sortie.k) + "."},
           1 - side);
      air_flak_done(ev);
      return;
    case kAirDrift:  // WSR 11.3.2 step 1: the other side picks the hex
      pop();
      sortie.hex = static_cast<int16_t>(a.arg(0));
      Emit(ev, "WSR 11.3.2",
           Text{air_label(sortie.k) + " misses and attacks " + hex_name(sortie.hex) +
                    " instead (chosen by the other side, A-27).",
                std::string(air_label(sortie.k)) + " verfehlt und greift stattdessen " +
                    hex_name(sortie.hex) + " an (von der anderen Seite gewählt, A-27)."},
           1 - side);
      air_attack_start(ev);
      return;
    default:
      return;
  }
}

// WSR 11.3.1 step 4 after all AA fire: two net hits destroy the aircraft, one makes it
// abort (the abort die), none lets it attack (11.3.2).
void WsrState::air_flak_done(EventList* ev) {
  const int side = air_side(sortie.k);
  if (sortie.aa_hits >= 2) {
    Emit(ev, "WSR 11.3.1",
         Text{air_label(sortie.k) + " takes " + std::to_string(sortie.aa_hits) +
                  " net hits and is destroyed (removed from play).",
              std::string(air_label(sortie.k)) + " erhält " + std::to_string(sortie.aa_hits) +
                  " Netto-Treffer und wird zerstört (aus dem Spiel genommen)."},
         side);
    air[static_cast<size_t>(sortie.k)] = kAirRemoved;
    sortie = SortieRec{};
    return;
  }
  if (sortie.aa_hits == 1) {
    Emit(ev, "WSR 11.3.1",
         Text{air_label(sortie.k) +
                  " takes 1 net hit: disrupted, it aborts. Abort roll: 1-3 back to "
                  "base, 4-6 back into the cup in the MRP.",
              std::string(air_label(sortie.k)) +
                  " erhält 1 Netto-Treffer: zerschlagen, es bricht ab. Abbruchwurf: 1-3 zurück zur "
                  "Basis, 4-6 in der Marker-Entfernungsphase zurück in das Behältnis."},
         side);
    push(kStepAirAbort, -1, side);
    return;
  }
  push(kStepAirAccuracy, -1, side);
}

// WSR 11.3.2 steps 2-4 on sortie.hex: the status roll (step 5) lies below the attack's steps.
void WsrState::air_attack_start(EventList* ev) {
  const int side = air_side(sortie.k);
  push(kStepAirStatus, -1, side);
  std::vector<int> listed;
  air_targets(sortie.hex, listed);
  FireParams p;
  if (listed.empty() || !air_params(sortie.hex, &p) || p.dice <= 0) {
    Emit(ev, "WSR 11.3.2",
         Text{listed.empty()
                  ? "No unit is in " + hex_name(sortie.hex) + ": the attack has no effect."
                  : air_label(sortie.k) + " has no firepower left: no attack.",
              listed.empty() ? std::string("Niemand ist in ") + hex_name(sortie.hex) +
                                   ": der Angriff bleibt ohne Wirkung."
                             : air_label(sortie.k) + " hat keine Feuerstärke mehr: kein Angriff."},
         side);
    return;
  }
  Emit(ev, "WSR 11.3.2",
       Text{air_label(sortie.k) + " attacks " + hex_name(sortie.hex) + ": " + DiceCount(p.dice) +
                " hitting on " + std::to_string(p.to_hit) + "+.",
            std::string(air_label(sortie.k)) + " greift " + hex_name(sortie.hex) +
                " an: " + DiceCountDe(p.dice) + ", Treffer ab " + std::to_string(p.to_hit) + "+."},
       side);
  push(kStepAirAttack, -1, sortie.hex);
}

void WsrState::air_targets(int hex, std::vector<int>& out) const {
  barrage_targets(hex, out);  // every unit of both sides in the hex but HQs (1.3.2)
}

// R.2 for the air attack on `hex`: gold firepower (-1 die after an accuracy roll of 2), the IP's
// first-hit cancel (8.1, A-22), defence = soft-target terrain dice + 1 if concealed, 5-6.
bool WsrState::air_params(int hex, FireParams* p) const {
  if (sortie.k < 0) return false;
  const Face& af = air_counter(sortie.k).face_for(false, false);
  std::vector<int> listed;
  air_targets(hex, listed);
  FireInput in;
  in.mortar = true;  // a hex attack (R.2)
  in.weapon = FireWeapon{af.air.fp - sortie.partial, af.air.to_hit, 0, false, false};
  in.terrain_dice = game_->data().terrain[game_->terrain(hex)].defence_soft;
  in.improved_position = has_ip(hex);
  special_hex_fire_input(hex, in);  // special_rules.cc: B4 rubble defence
  in.hex_has_hard_target = false;   // WSR 11.3.2 step 3: no extra die for hard targets
  if (in.weapon.firepower <= 0) {
    *p = FireParams{};
    p->dice = 0;
    return false;
  }
  *p = ComputeFireAtBand(in, RangeBand::kNormal);
  // [REC] A-27: concealed if every unit in the hex meets 6.1.5 (none is moving at that moment).
  bool all = !listed.empty();
  for (int t : listed) {
    ConcealInput c;
    c.hex_has_wreck = has_wreck(hex);
    c.hex_has_ip = has_ip(hex);
    c.infantry_type = InfantryType(info(t).counter->kind) && !hard_target(t);
    c.terrain_conceals_infantry = game_->data().terrain[game_->terrain(hex)].conceals_infantry;
    c.ops_complete = has(t, kOpsComplete);
    for (int e = 0; e < n_units && !c.adjacent_good_order_enemy && !c.spotted_by_recon; ++e) {
      if (!on_map(e) || side_of(e) == side_of(t) || has(e, kDisrupted)) continue;
      const int d = game_->layout().Distance(unit(e).hex, hex);
      if (d == 1 && !info(e).hq) c.adjacent_good_order_enemy = true;
      if (info(e).counter->recon && d <= 4 && (d <= 1 || los_clear(unit(e).hex, hex)))
        c.spotted_by_recon = true;
    }
    all = all && Concealed(c);
  }
  if (all) p->defence_dice += 1;
  return p->legality.legal;
}

int WsrState::air_dice_count() const {
  const Step& s = top();
  switch (s.kind) {
    case kStepAirFlakAttack:
      return s.f;
    case kStepAirArmor:
      return air_counter(sortie.k).face_for(false, false).armor;
    case kStepAirAbort:
    case kStepAirAccuracy:
    case kStepAirStatus:
      return 1;
    default: {
      FireParams p;
      if (!air_params(sortie.hex, &p)) return 0;
      return s.kind == kStepAirAttack ? p.dice : p.defence_dice;
    }
  }
}

void WsrState::apply_air_dice(const Step& s, const Action& a, EventList* ev) {
  const int k = sortie.k, side = air_side(k);
  const std::vector<int> d = FireDiceOf(a);
  switch (s.kind) {
    case kStepAirFlakAttack: {  // WSR 11.3.1 step 2
      const int u = s.a / 16, to_hit = s.a % 16;
      // WSR 6.1.4, A-11: an enhanced ("+") firepower's extra die never adds a hit.
      const int hits = CountHits(d, to_hit, s.f - (face(u).aa.enhanced ? 1 : 0));
      Emit(ev, "WSR 11.3.1",
           Text{unit_label(u) + " rolls " + DiceText(d) + ": " + std::to_string(hits) + " hit" +
                    (hits == 1 ? "" : "s") + " on " + air_label(k) + ".",
                std::string(unit_label(u)) + " würfelt " + DiceTextDe(d) + ": " +
                    std::to_string(hits) + " Treffer auf " + air_label(k) + "."},
           side);
      const Face& af = air_counter(k).face_for(false, false);
      if (hits > 0 && af.armor > 0) {
        push(kStepAirArmor, -1, static_cast<int16_t>(hits));
        return;
      }
      sortie.aa_hits = static_cast<uint8_t>(std::min(sortie.aa_hits + hits, 15));
      break;
    }
    case kStepAirArmor: {  // WSR 11.3.1 step 3 (G-9: the counter's save number)
      const Face& af = air_counter(k).face_for(false, false);
      const int c = std::min<int>(s.a, CountCancels(d, af.save));
      Emit(ev, "WSR 11.3.1",
           Text{air_label(k) + " rolls its armor " + DiceText(d) + ": " + std::to_string(c) +
                    " cancelled (" + std::to_string(af.save) + "+, G-9).",
                std::string(air_label(k)) + " würfelt seine Panzerung " + DiceTextDe(d) + ": " +
                    std::to_string(c) + " aufgehoben (" + std::to_string(af.save) + "+, G-9)."},
           side);
      sortie.aa_hits = static_cast<uint8_t>(std::min(sortie.aa_hits + s.a - c, 15));
      break;
    }
    case kStepAirAbort: {  // WSR 11.3.1 step 4
      const bool back = d[0] >= 4;
      Emit(ev, "WSR 11.3.1",
           Text{"Abort roll " + std::to_string(d[0]) + ": " + air_label(k) +
                    (back ? " goes back into the cup in the MRP." : " returns to base (removed)."),
                std::string("Abbruchwurf ") + std::to_string(d[0]) + ": " + air_label(k) +
                    ((back ? " kommt in der Marker-Entfernungsphase zurück in das Behältnis."
                           : " kehrt zur Basis zurück (entfernt)."))},
           side);
      air[static_cast<size_t>(k)] = back ? kAirReturning : kAirRemoved;
      sortie = SortieRec{};
      return;
    }
    case kStepAirAccuracy: {  // WSR 11.3.2 step 1
      if (d[0] == 1) {
        Emit(ev, "WSR 11.3.2",
             Text{"Accuracy roll 1: a miss; the other side picks a hex adjacent to " +
                      hex_name(sortie.hex) + ".",
                  std::string("Treffsicherheitswurf 1: verfehlt; die andere Seite wählt ein an ") +
                      hex_name(sortie.hex) + " angrenzendes Feld."},
             side);
        push(kStepAirDrift, -1, 1 - side);
        return;
      }
      sortie.partial = d[0] == 2 ? 1 : 0;
      Emit(ev, "WSR 11.3.2",
           Text{"Accuracy roll " + std::to_string(d[0]) +
                    (d[0] == 2 ? ": partial, gold firepower -1 die." : ": full gold firepower."),
                std::string("Treffsicherheitswurf ") + std::to_string(d[0]) +
                    ((d[0] == 2 ? ": teilweise, goldene Feuerstärke -1 Würfel."
                                : ": volle goldene Feuerstärke."))},
           side);
      air_attack_start(ev);
      return;
    }
    case kStepAirAttack:
    case kStepAirDefence:
    case kStepAirOdd: {  // WSR 11.3.2 steps 2-4 (R.2, R.3)
      const int hex = sortie.hex;
      std::vector<int> listed;
      air_targets(hex, listed);
      if (s.kind == kStepAirOdd) {
        air_resolve_hex(s.a, a.arg(0), ev);
        return;
      }
      FireParams p;
      air_params(hex, &p);
      const int owner = listed.empty() ? 1 - side : side_of(listed[0]);
      int hits = s.a;
      if (s.kind == kStepAirAttack) {
        hits = CountHits(d, p.to_hit, p.hit_cap);
        sortie.hits = static_cast<uint8_t>(hits);  // step 5 compares the hits scored
        Emit(ev, "WSR 11.3.2",
             Text{air_label(k) + " on " + hex_name(hex) + ": " + DiceText(d) + ", " +
                      std::to_string(hits) + " hit" + (hits == 1 ? "" : "s") + ".",
                  std::string(air_label(k)) + " auf " + hex_name(hex) + ": " + DiceTextDe(d) +
                      ", " + std::to_string(hits) + " Treffer."},
             owner);
        if (hits > 0 && p.ip_cancels > 0) {  // WSR 8.1, A-22
          hits = std::max(0, hits - p.ip_cancels);
          Emit(ev, "WSR 8.1",
               Text{"The improved position in " + hex_name(hex) + " cancels one hit.",
                    std::string("Der Schützengraben in ") + hex_name(hex) +
                        " hebt einen Treffer auf."},
               owner);
        }
        if (hits > 0 && p.defence_dice > 0) {
          push(kStepAirDefence, -1, static_cast<int16_t>(hits));
          return;
        }
      } else {
        const int c = std::min(hits, CountCancels(d, p.save));
        Emit(ev, "WSR 11.3.2",
             Text{"The defender of " + hex_name(hex) + " rolls " + DiceText(d) + ": " +
                      std::to_string(c) + " cancelled (5-6).",
                  std::string("Der Verteidiger von ") + hex_name(hex) + " würfelt " +
                      DiceTextDe(d) + ": " + std::to_string(c) + " aufgehoben (5-6)."},
             owner);
        hits -= c;
      }
      // WSR 11.3.2 step 4 (as 11.2.1): even hits, the odd hit at random.
      if (listed.size() > 1 && hits % static_cast<int>(listed.size()) != 0) {
        push(kStepAirOdd, -1, static_cast<int16_t>(hits));
        return;
      }
      air_resolve_hex(hits, -1, ev);
      return;
    }
    case kStepAirStatus: {  // WSR 11.3.2 step 5
      const bool back = d[0] > sortie.hits;
      Emit(ev, "WSR 11.3.2",
           Text{"Status roll " + std::to_string(d[0]) + (back ? " > " : " <= ") +
                    std::to_string(sortie.hits) + " hits scored: " + air_label(k) +
                    (back ? " returns to the cup at the start of the next turn."
                          : " is removed from play."),
                std::string("Statuswurf ") + std::to_string(d[0]) + ((back ? " > " : " <= ")) +
                    std::to_string(sortie.hits) + " erzielte Treffer: " + air_label(k) +
                    ((back ? " kehrt zu Beginn der nächsten Spielrunde in das Behältnis zurück."
                           : " wird aus dem Spiel genommen."))},
           side);
      air[static_cast<size_t>(k)] = back ? kAirReturning : kAirRemoved;
      sortie = SortieRec{};
      return;
    }
    default:
      return;
  }
  // After an AA attack (flak or armor roll): more AA fire while the aircraft is not destroyed
  // and an AA unit may still fire, else step 4.
  bool more = sortie.aa_hits < 2;
  if (more) {
    bool any = false;
    for (int u = 0; u < n_units && !any; ++u) any = can_flak(u, nullptr);
    more = any;
  }
  if (!more) {
    pop();  // kStepAirFlak
    air_flak_done(ev);
  }
}

// WSR 11.3.2 step 4 (R.3): even hits, `odd` = the unit drawn for the odd hit (-1: none), then
// the HQ loss checks of the hex (1.3.2.2).
void WsrState::air_resolve_hex(int net, int odd, EventList* ev) {
  const int hex = sortie.hex;
  std::vector<int> listed;
  air_targets(hex, listed);
  if (listed.empty()) return;
  const int side = side_of(listed[0]);
  const bool elim = hit_hex_evenly(listed, net, odd, "WSR 11.3.2", ev);  // fire.cc, R.3
  if (net > 0) hq_loss_checks(hex, side, true, elim, ev);
}

int WsrState::air_affected_side() const {
  const Step& t = top();
  const int side = sortie.k >= 0 ? air_side(sortie.k) : 0;
  switch (t.kind) {
    case kStepAirAccuracy:  // the other side's units are the target
      return 1 - side;
    case kStepAirAttack:
    case kStepAirDefence:
    case kStepAirOdd: {
      std::vector<int> listed;
      air_targets(sortie.hex, listed);
      return listed.empty() ? 1 - side : side_of(listed[0]);
    }
    default:  // the AA dice, the armor, abort and status rolls concern the aircraft
      return side;
  }
}

Text WsrState::air_prompt() const {
  const Step& t = top();
  const std::string name = sortie.k >= 0 ? air_label(sortie.k) : "the aircraft";
  switch (t.kind) {
    case kStepAirTarget:
      return Text{
          "Place " + name + " on a target hex with an enemy unit (WSR 11.3.1 step 1).",
          std::string(name) +
              " auf ein Zielfeld mit einer feindlichen Einheit stellen (WSR 11.3.1 Schritt 1)."};
    case kStepAirFlak:
      return Text{name + " is over " + hex_name(sortie.hex) +
                      ": fire an AA unit at it or let it pass (WSR 11.3.1 step 2).",
                  std::string(name) + " ist über " + hex_name(sortie.hex) +
                      ": mit einer Flak-Einheit darauf feuern oder es vorbeilassen (WSR 11.3.1 "
                      "Schritt 2)."};
    case kStepAirFlakAttack:
      return Text{"Roll " + DiceCount(t.f) + ": AA fire of " + unit_label(t.a / 16) + " at " +
                      name + " (WSR 11.3.1).",
                  std::string(DiceCountDe(t.f)) + " werfen: Flakfeuer, " + unit_label(t.a / 16) +
                      " auf " + name + " (WSR 11.3.1)."};
    case kStepAirArmor:
      return Text{"Roll " + DiceCount(air_dice_count()) + ": armor of " + name +
                      " against AA hits (WSR 11.3.1 step 3).",
                  std::string(DiceCountDe(air_dice_count())) + " werfen: Panzerung, " + name +
                      " gegen Flak-Treffer (WSR 11.3.1 Schritt 3)."};
    case kStepAirAbort:
      return Text{
          "Roll 1 die: abort roll of " + name + "; 1-3 back to base, 4-6 back into the cup " +
              "(WSR 11.3.1 step 4).",
          std::string("1 Würfel werfen: Abbruchwurf von ") + name +
              "; 1-3 zurück zur Basis, 4-6 zurück in das Behältnis (WSR 11.3.1 Schritt 4)."};
    case kStepAirAccuracy:
      return Text{"Roll 1 die: accuracy of " + name + " over " + hex_name(sortie.hex) +
                      "; 1 miss, 2 firepower -1, 3-6 full (WSR 11.3.2 step 1).",
                  std::string("1 Würfel werfen: Treffsicherheit von ") + name + " über " +
                      hex_name(sortie.hex) +
                      "; 1 verfehlt, 2 Feuerstärke -1, 3-6 voll (WSR 11.3.2 Schritt 1)."};
    case kStepAirDrift:
      return Text{name + " missed: pick a hex adjacent to " + hex_name(sortie.hex) +
                      " as its target (WSR 11.3.2 step 1).",
                  std::string(name) + " hat verfehlt: ein an " + hex_name(sortie.hex) +
                      " angrenzendes Feld als Ziel wählen (WSR 11.3.2 Schritt 1)."};
    case kStepAirAttack:
    case kStepAirDefence:
      return Text{"Roll " + DiceCount(air_dice_count()) + ": " +
                      (t.kind == kStepAirAttack ? "air attack on " : "defence of ") +
                      hex_name(sortie.hex) + " (WSR 11.3.2).",
                  std::string(DiceCountDe(air_dice_count())) + " werfen: " +
                      ((t.kind == kStepAirAttack ? "Luftangriff auf " : "Verteidigung von ")) +
                      hex_name(sortie.hex) + " (WSR 11.3.2)."};
    case kStepAirOdd:
      return Text{"Draw the unit in " + hex_name(sortie.hex) +
                      " that takes the odd hit (WSR 11.3.2 step 4).",
                  std::string("Die Einheit in ") + hex_name(sortie.hex) +
                      " ziehen, die den überzähligen Treffer erhält (WSR 11.3.2 Schritt 4)."};
    default:
      return Text{"Roll 1 die: status of " + name +
                      "; greater than the hits scored returns it to " +
                      "the cup (WSR 11.3.2 step 5).",
                  std::string("1 Würfel werfen: Status von ") + name +
                      "; mehr als die erzielten Treffer schickt es in das Behältnis zurück (WSR "
                      "11.3.2 Schritt 5)."};
  }
}

Text WsrState::air_why_illegal(const Action& a) const {
  Text why;
  const int t = steps.empty() ? -1 : top().kind;
  switch (a.verb) {
    case kAirTarget:
      if (t != kStepAirTarget)
        return Text{"no aircraft is being placed now (WSR 11.3.1 step 1)",
                    "gerade wird kein Flugzeug platziert (WSR 11.3.1 Schritt 1)"};
      if (!can_air_target(a.arg(0), &why)) return why;
      break;
    case kFlak:
      if (t != kStepAirFlak)
        return Text{"no AA fire at an aircraft now (WSR 11.3.1 step 2)",
                    "jetzt kein Flakfeuer auf ein Flugzeug (WSR 11.3.1 Schritt 2)"};
      if (!can_flak(a.arg(0), &why)) return why;
      break;
    case kNoFlak:
      if (t != kStepAirFlak)
        return Text{"no AA fire at an aircraft now (WSR 11.3.1 step 2)",
                    "jetzt kein Flakfeuer auf ein Flugzeug (WSR 11.3.1 Schritt 2)"};
      break;
    case kAirDrift:
      if (t != kStepAirDrift)
        return Text{"no aircraft missed (WSR 11.3.2 step 1)",
                    "kein Flugzeug hat verfehlt (WSR 11.3.2 Schritt 1)"};
      if (!can_air_drift(a.arg(0), &why)) return why;
      break;
    default:
      break;
  }
  return not_legal_now();
}

std::string WsrState::air_describe(const Action& a) const {
  const auto hex = [&](int h) { return hex_name(h < game_->layout().size() ? h : -1); };
  switch (a.verb) {
    case kAirTarget:
      return "air-target " + hex(a.arg(0));
    case kFlak:
      return "flak " + (a.arg(0) < n_units ? unit_label(a.arg(0)) : "u" + std::to_string(a.arg(0)));
    case kNoFlak:
      return "no-flak";
    default:
      return "air-drift " + hex(a.arg(0));
  }
}

bool WsrState::air_default() const {
  if (sortie.k >= 0) return false;
  for (uint8_t p : air)
    if (p != kAirWaiting) return false;
  return true;
}

bool WsrState::air_state_ok(const Step& st) const {
  if (sortie.k < 0 || air[static_cast<size_t>(sortie.k)] != kAirOverMap) return false;
  const int side = air_side(sortie.k);
  switch (st.kind) {
    case kStepAirTarget:
      return st.a == side;
    case kStepAirFlak:
    case kStepAirDrift:
      return st.a == 1 - side && sortie.hex != kNoHex;
    case kStepAirFlakAttack:
      return st.a >= 0 && st.a / 16 < n_units && st.f >= 0 && st.f <= 15;
    default:
      return true;
  }
}

json WsrState::air_to_json() const {
  return {{"place", air},
          {"sortie", {sortie.k, sortie.hex, sortie.aa_hits, sortie.partial, sortie.hits}}};
}

void WsrState::air_from_json(const json& j) {
  const auto bad = [](const char* what) { throw std::runtime_error(std::string("/air: ") + what); };
  air = j.at("place").get<std::array<uint8_t, kMaxAircraft>>();
  const size_t n = game_->setup().air.size();
  for (size_t k = 0; k < kMaxAircraft; ++k)
    if (air[k] > kAirRemoved || (k >= n && air[k] != kAirWaiting)) bad("bad aircraft place");
  const json& r = j.at("sortie");
  sortie.k = r.at(0).get<int8_t>();
  sortie.hex = r.at(1).get<int16_t>();
  sortie.aa_hits = r.at(2).get<uint8_t>();
  sortie.partial = r.at(3).get<uint8_t>();
  sortie.hits = r.at(4).get<uint8_t>();
  if (sortie.k >= static_cast<int>(n) || sortie.k < -1 || sortie.hex < kNoHex ||
      sortie.hex >= game_->layout().size() || sortie.partial > 1 || sortie.aa_hits > 15)
    bad("bad sortie");
}

uint64_t WsrState::air_digest() const {
  uint64_t h = 0x2545f4914f6cdd1dULL;
  const auto mix = [&h](uint64_t v) { h = (h ^ v) * 0x100000001b3ULL + (h >> 29); };
  for (uint8_t p : air) mix(p);
  mix((static_cast<uint64_t>(static_cast<uint8_t>(sortie.k)) << 40) |
      (static_cast<uint64_t>(static_cast<uint16_t>(sortie.hex)) << 24) |
      (static_cast<uint64_t>(sortie.aa_hits) << 16) | (static_cast<uint64_t>(sortie.partial) << 8) |
      sortie.hits);
  return h;
}

std::string WsrState::air_invariant() const {
  bool step = false;
  for (const Step& s : steps) step = step || air_step(s.kind);
  int over = 0;
  for (size_t k = 0; k < game_->setup().air.size(); ++k) over += air[k] == kAirOverMap ? 1 : 0;
  if (step && sortie.k < 0) return "an air step without an aircraft in use (WSR 11.3)";
  if (!step && sortie.k >= 0) return "an aircraft in use without its step (WSR 11.3)";
  if (over != (sortie.k >= 0 ? 1 : 0)) return "an aircraft over the map without a sortie (11.3)";
  return "";
}

// observation.cc / render.cc: the place of each aircraft as a word.
std::string AirPlaceName(int place) {
  switch (place) {
    case WsrState::kAirWaiting:
      return "waiting";
    case WsrState::kAirInCup:
      return "cup";
    case WsrState::kAirReturning:
      return "returning";
    case WsrState::kAirOverMap:
      return "over-map";
    default:
      return "removed";
  }
}

}  // namespace feldherr::wsr
