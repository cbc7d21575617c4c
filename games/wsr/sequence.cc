// White Star Rising: sequence of play (WSR 3.1 cup draws, 3.2 marker removal, 3.2.1 withheld
// end-turn markers), the formation impulse up to operations (4.1 cleanup, 4.2 command, 4.3
// reorganization), HQ replacement (1.3.2.3) and hex control (12.2).
#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>
#include <string>

#include "games/wsr/emit.h"      // last: defines Emit and Fail
#include "games/wsr/scenario.h"  // start_play: marker turns (WSR 12.1)
#include "games/wsr/side_words.h"
#include "games/wsr/state.h"

namespace feldherr::wsr {

void WsrState::push(StepKind k, int f, int a) {
  steps.push({static_cast<uint8_t>(k), static_cast<int8_t>(f), static_cast<int16_t>(a)});
}

void WsrState::start_game(EventList* ev) {
  if (begin_setup(ev)) return;  // setup.cc: the WSR 2.0 setup decisions come first
  start_play(ev);
}

// WSR 2.0: after the setup the formation markers and end-turn markers go into the cup and play
// starts. Scenario games: only formations whose marker_turn is 1 (WSR 12.1; the others join at
// their turn). Scenario first activations (before the first draw) belong here.
void WsrState::start_play(EventList* ev) {
  if (const Scenario* sc = game_->setup().scenario_data.get()) {
    in_turn = 0;
    for (int f = 0; f < game_->num_formations(); ++f) {
      const FormationSetup* fs = sc->FindFormation(game_->formation(f).data->id);
      const bool now = fs == nullptr || fs->marker_turn == 1;
      cup[static_cast<size_t>(f)] = now ? game_->formation(f).markers : 0;
      if (cup[static_cast<size_t>(f)] > 0) in_turn |= static_cast<uint16_t>(1u << f);
    }
    cup_end_turn = static_cast<uint8_t>(std::clamp(game_->setup().end_turn_markers, 0, 8));
    chaos_cup = 0;
    chaos_turn_start(ev);     // chaos.cc (WSR 9.0, A-35): chaos markers of turn 1
    designated_turn_start();  // special_rules.cc: A5 designated-formation-marker
  }
  Emit(ev, "WSR 2.0",
       Text{"Turn 1: " + std::to_string(cup_formation_markers()) + " formation markers and " +
                std::to_string(cup_end_turn) + " end-turn markers go into the cup.",
            std::string("Spielrunde 1: ") + std::to_string(cup_formation_markers()) +
                " Formations-Marker und " + std::to_string(cup_end_turn) +
                " Rundenende-Marker kommen in das Behältnis."});
  advance(ev);
}

// Resolves automatic steps until a seat or Chance owes a decision.
void WsrState::advance(EventList* ev) {
  for (;;) {
    if (phase == kOver) return;
    if (steps.empty()) {
      if (phase != kOperations) return;         // not reached: the MRP always starts a turn or ends
      if (pre_strike_step(ev)) continue;        // special_rules.cc: A7 pre-game-strike
      if (first_activation_step(ev)) continue;  // arrival.cc: scenario first activations
      // WSR 3.1: the operations phase ends when no formation marker is left in the cup (other
      // markers do not keep the turn going; special_rules.cc: the A5 designated marker does
      // while it may still activate a formation).
      if (cup_formation_markers() == 0 && !designated_keeps_turn()) {
        Emit(ev, "WSR 3.1",
             Text{"No formation marker is left in the cup: the operations phase ends.",
                  "Kein Formations-Marker ist mehr im Behältnis: die Operationsphase endet."});
        end_operations_phase(ev);
        continue;
      }
      push(kStepDraw, -1, -1);
      return;
    }
    Step& t = top();
    if (t.kind == kStepReorg && t.a == -2) {  // the reorganization step begins (WSR 4.3)
      const int f = t.f;
      pop();
      reorganization_phase(f, ev);
      continue;
    }
    if (t.kind == kStepAssault) {  // assault.cc: the next phase of WSR 6.3 / 6.4
      assault_advance(ev);
      continue;
    }
    if (t.kind == kStepBarrage) {  // artillery.cc: the next hex of an HE strike (WSR 11.2.1)
      artillery_advance(ev);
      continue;
    }
    if (t.kind == kStepHexEntered) {
      // Mines (WSR 8.2.1, pushed above this step by apply_move) and then opportunity fire (WSR
      // 6.2, once per hex entered, A-12): the non-moving side decides while an eligible unit
      // has LOS and range.
      if (opfire_available()) return;
      pop();
      continue;
    }
    if (t.kind == kStepOperations && active_f >= 0) return;
    return;
  }
}

// WSR 3.1: a marker drawn from the cup.
void WsrState::apply_draw(int marker, EventList* ev) {
  pop();                                    // the draw step
  if (chaos_draw(marker, ev)) return;       // chaos.cc (WSR 9.0): chaos marker; stored results
  if (air_draw(marker, ev)) return;         // air.cc (WSR 11.3): an aircraft must be used
  if (designated_draw(marker, ev)) return;  // special_rules.cc: A5 designated marker
  if (marker == kEndTurnMarker) {
    --cup_end_turn;
    ++end_turn_drawn;
    const int total = game_->setup().end_turn_markers;
    const int ending = std::min(kEndTurnMarkersEndingTurn, std::max(total, 1));
    Emit(ev, "WSR 3.1",
         Text{"End-turn marker drawn (" + std::to_string(end_turn_drawn) + "): set aside.",
              std::string("Rundenende-Marker gezogen (") + std::to_string(end_turn_drawn) +
                  "): beiseite gelegt."});
    if (end_turn_drawn >= ending) {
      Emit(ev, "WSR 1.7.2",
           Text{"The second end-turn marker ends the operations phase.",
                "Der zweite Rundenende-Marker beendet die Operationsphase."});
      end_operations_phase(ev);
    }
    return;
  }
  --cup[static_cast<size_t>(marker)];
  if (designated_set_aside(marker, ev)) return;  // special_rules.cc: A5, no second activation
  Emit(
      ev, "WSR 3.1",
      Text{"Formation marker " + game_->formation(marker).data->name + " drawn: formation impulse.",
           std::string("Formations-Marker ") + game_->formation(marker).data->name_de +
               " gezogen: Formations-Impuls."},
      game_->formation(marker).side);
  begin_impulse(marker, ev);
}

// WSR 4.0-4.2: the impulse begins; the operations step is pushed first so that it surfaces
// after the command tests and reorganization rolls.
void WsrState::begin_impulse(int f, EventList* ev) {
  active_f = static_cast<int8_t>(f);
  ++activated[static_cast<size_t>(f)];
  strikes_impulse = 0;  // artillery.cc: [REC] A-24, two strikes per formation impulse
  const int side = game_->formation(f).side;
  // WSR 3.2.1: the withheld end-turn marker goes into the cup right after the last of the
  // side's formations not activated last turn has been activated.
  if (hold_until[static_cast<size_t>(side)] & (1u << f)) {
    hold_until[static_cast<size_t>(side)] &= static_cast<uint16_t>(~(1u << f));
    if (hold_until[static_cast<size_t>(side)] == 0) release_held_marker(side, ev);
  }
  // assault.cc / fire.cc: overruns (WSR 6.4 once per hex) and HQ support (A-02: one unit per
  // impulse, own or enemy) are counted per impulse.
  n_overruns = 0;
  for (int u = 0; u < n_units; ++u) unit(u).flags &= static_cast<uint16_t>(~kHqSupported);
  // WSR 4.1 cleanup: remove Ops complete and Out of Command markers from the formation.
  for (int u = 0; u < n_units; ++u) {
    if (info(u).formation != f) continue;
    Unit& x = unit(u);
    x.flags &= static_cast<uint16_t>(~(kOpsComplete | kOutOfCommand | kMovedThisImpulse));
    x.mp_spent = 0;
    x.start_hex = x.hex;
  }
  Emit(ev, "WSR 4.1",
       Text{"Cleanup: Ops complete and Out of Command markers of " +
                game_->formation(f).data->name + " removed.",
            std::string(
                "Aufräumen: die Marker „Operationen beendet“ und „Außer Befehlsreichweite“ von ") +
                game_->formation(f).data->name_de + " entfernt."},
       side);
  push(kStepOperations, f, -1);
  push(kStepReorg, f, -2);  // WSR 4.3 begins after every command test
  command_phase(f, ev);
  impulse_start_hooks(f, ev);  // arrival.cc: random entry roll (B1), resolved first
  chaos_impulse_start(f, ev);  // chaos.cc (WSR 9.0): results right after the 4.1 cleanup
}

void WsrState::release_held_marker(int side, EventList* ev) {
  if (held_end_turn[static_cast<size_t>(side)] == 0) return;
  cup_end_turn = static_cast<uint8_t>(cup_end_turn + held_end_turn[static_cast<size_t>(side)]);
  held_end_turn[static_cast<size_t>(side)] = 0;
  Emit(ev, "WSR 3.2.1",
       Text{Capital(SideWordsOf(*game_, side).en) +
                " put the withheld end-turn marker into the cup.",
            Capital(SideWordsOf(*game_, side).de) +
                " legen den zurückgehaltenen Rundenende-Marker in das Behältnis."},
       side);
}

// WSR 4.2: in command within the HQ's command range; within the SHQ's range
// while the SHQ is within 2x the HQ's range; recon units within 2x the HQ's range. Ranges are
// hex distances; LOS and terrain do not matter. Without an HQ on the map nobody is in range.
bool WsrState::in_command_range(int u) const {
  if (command_exempt(u)) return true;  // special_rules.cc: A3, A8 always; A9 up to a turn
  const FormationInfo& fi = game_->formation(info(u).formation);
  if (fi.hq < 0 || !on_map(fi.hq)) return false;
  if (u == fi.hq) return true;
  const HexLayout& L = game_->layout();
  const int range = face(fi.hq).command_range;
  const int d = L.Distance(unit(u).hex, unit(fi.hq).hex);
  if (info(u).counter->recon) return d <= 2 * range;  // WSR 1.3.3.2 Independent
  const bool shq_ok =
      fi.shq >= 0 && on_map(fi.shq) && L.Distance(unit(fi.shq).hex, unit(fi.hq).hex) <= 2 * range;
  if (u == fi.shq) return shq_ok;  // WSR 1.3.2.1 (A-01: 2x)
  if (d <= range) return true;
  return shq_ok && L.Distance(unit(u).hex, unit(fi.shq).hex) <= face(fi.shq).command_range;
}

int WsrState::units_in_command_range(int h, int hex) const {
  const HexLayout& L = game_->layout();
  int n = 0;
  for (int v : game_->formation_units(info(h).formation))
    if (v != h && on_map(v) && !info(v).hq && L.Distance(unit(v).hex, hex) <= face(h).command_range)
      ++n;
  return n;
}

void WsrState::command_phase(int f, EventList* ev) {
  // One test per hex (WSR 4.2) for the formation's units out of range; pushed in reverse so
  // that the lowest hex index is rolled first.
  if (chaos_active(ChaosEffect::kAllInCommand, f)) {  // chaos.cc (WSR 9.0): no tests
    Emit(ev, "WSR 9.0",
         Text{"Chaos: every unit of " + game_->formation(f).data->name +
                  " is in command this impulse.",
              std::string("Chaos: jede Einheit von ") + game_->formation(f).data->name_de +
                  " steht in diesem Impuls unter Befehl."},
         game_->formation(f).side);
    return;
  }
  std::vector<int> hexes;
  for (int u = 0; u < n_units; ++u) {
    if (info(u).formation != f || !on_map(u)) continue;
    if (in_command_range(u)) continue;
    if (std::find(hexes.begin(), hexes.end(), unit(u).hex) == hexes.end())
      hexes.push_back(unit(u).hex);
  }
  std::sort(hexes.begin(), hexes.end());
  if (hexes.empty())
    Emit(ev, "WSR 4.2",
         Text{"Every unit of " + game_->formation(f).data->name + " is within command range.",
              std::string("Jede Einheit von ") + game_->formation(f).data->name_de +
                  " ist innerhalb der Befehlsreichweite."},
         game_->formation(f).side);
  for (auto it = hexes.rbegin(); it != hexes.rend(); ++it) push(kStepCommand, f, *it);
}

int WsrState::morale_modifier_reorg(int u) const {
  // WSR 4.3: +1 out of command; minus the command value of the formation's HQ or SHQ in the
  // unit's hex (WSR 1.3.2.4).
  int m = has(u, kOutOfCommand) ? 1 : 0;
  const FormationInfo& fi = game_->formation(info(u).formation);
  int best = 0;
  for (int h : {fi.hq, fi.shq})
    if (h >= 0 && on_map(h) && unit(h).hex == unit(u).hex)
      best = std::max(best, face(h).command_value);
  return m - best;
}

void WsrState::reorganization_phase(int f, EventList* ev) {
  // One roll per disrupted unit (WSR 4.3), lowest unit index first.
  if (chaos_active(ChaosEffect::kRally, f)) {  // chaos.cc (WSR 9.0): 4.3 without a roll
    for (int u = 0; u < n_units; ++u) {
      if (info(u).formation != f || !on_map(u) || !has(u, kDisrupted)) continue;
      unit(u).flags &= static_cast<uint16_t>(~kDisrupted);
      Emit(ev, "WSR 9.0",
           Text{"Chaos: " + unit_label(u) + " reorganizes without a roll.",
                std::string("Chaos: ") + unit_label(u) + " reorganisiert ohne Wurf."},
           game_->formation(f).side);
    }
    return;
  }
  int n = 0;
  for (int u = n_units - 1; u >= 0; --u) {
    // carrier.cc: a passenger reorganizes with its carrier (WSR 5.2.4, A-38)
    if (info(u).formation == f && on_map(u) && has(u, kDisrupted) && !loaded(u)) {
      push(kStepReorg, f, u);
      ++n;
    }
  }
  if (n == 0)
    Emit(ev, "WSR 4.3",
         Text{"No disrupted unit to reorganize.", "Keine zerschlagene Einheit zu reorganisieren."},
         game_->formation(f).side);
}

void WsrState::apply_roll(int d1, int d2, EventList* ev, bool fate_in_command) {
  const Step t = top();
  pop();
  const FormationInfo& fi = game_->formation(t.f);
  const int sum = d1 + d2;
  const std::string dice = std::to_string(d1) + "+" + std::to_string(d2);
  if (t.kind == kStepCommand) {
    const bool pass = sum <= fi.morale || fate_in_command;  // WSR 1.6.1; 10.0
    std::string names;
    for (int u = 0; u < n_units; ++u) {
      if (info(u).formation != t.f || unit(u).hex != t.a || in_command_range(u)) continue;
      if (!pass) unit(u).flags |= kOutOfCommand;
      names += (names.empty() ? "" : ", ") + unit_label(u);
    }
    Emit(ev, "WSR 4.2",
         Text{"Command test in " + hex_name(t.a) + ": " + dice + " = " + std::to_string(sum) +
                  (sum <= fi.morale ? " <= " : " > ") + std::to_string(fi.morale) +
                  (fate_in_command ? " (a fate point puts the hex in command)" : "") + ": " +
                  names + (pass ? " in command." : " Out of Command."),
              std::string("Moraltest für den Befehls-Status in ") + hex_name(t.a) + ": " + dice +
                  " = " + std::to_string(sum) + ((sum <= fi.morale ? " <= " : " > ")) +
                  std::to_string(fi.morale) +
                  ((fate_in_command ? " (ein Schicksalspunkt stellt das Feld unter Befehl)" : "")) +
                  ": " + names + ((pass ? " unter Befehl." : " außer Befehlsreichweite."))},
         fi.side);
  } else if (t.kind == kStepReorg) {
    const int mod = morale_modifier_reorg(t.a);
    const int total = sum + mod;
    const bool pass = total <= fi.morale;
    if (pass) unit(t.a).flags &= static_cast<uint16_t>(~kDisrupted);
    Emit(ev, "WSR 4.3",
         Text{"Reorganization of " + unit_label(t.a) + ": " + dice +
                  (mod ? (mod > 0 ? " +" : " ") + std::to_string(mod) : std::string()) + " = " +
                  std::to_string(total) + (pass ? " <= " : " > ") + std::to_string(fi.morale) +
                  (pass ? ": back in good order." : ": stays disrupted."),
              std::string("Reorganisation von ") + unit_label(t.a) + ": " + dice +
                  ((mod ? (mod > 0 ? " +" : " ") + std::to_string(mod) : std::string())) + " = " +
                  std::to_string(total) + ((pass ? " <= " : " > ")) + std::to_string(fi.morale) +
                  ((pass ? ": wieder in gutem Zustand." : ": bleibt zerschlagen."))},
         fi.side);
  }
}

// WSR 4.4 ends: the side declares the formation's operations over.
void WsrState::end_impulse(EventList* ev) {
  const int f = top().f;
  pop();
  Emit(ev, "WSR 4.4",
       Text{game_->formation(f).data->name + " ends its impulse.",
            std::string("Der Impuls von ") + game_->formation(f).data->name_de + " endet."},
       game_->formation(f).side);
  active_f = -1;
}

void WsrState::end_operations_phase(EventList* ev) {
  steps.clear();
  active_f = -1;
  chaos_turn_end(ev);  // chaos.cc (WSR 9.0): waiting results ignored, markers back in the cup
  phase = kMarkerRemoval;
  marker_removal_phase(ev);
}

bool WsrState::formation_on_map(int f) const {
  for (int u = 0; u < n_units; ++u)
    // Units still to arrive keep the formation in play (arrival.cc, A-33).
    if (info(u).formation == f && (on_map(u) || has(u, kOffMap))) return true;
  return false;
}

// WSR 3.2 steps 1-2 (step 2, smoke markers: artillery.cc, WSR 11.2.2).
void WsrState::marker_removal_phase(EventList* ev) {
  for (int u = 0; u < n_units; ++u) unit(u).flags &= static_cast<uint16_t>(~kOpsComplete);
  Emit(ev, "WSR 3.2",
       Text{"Marker removal phase: all Ops complete markers removed.",
            "Marker-Entfernungsphase: alle Marker „Operationen beendet“ entfernt."});
  smoke_marker_removal(ev);
  hq_replacements(ev);
}

void WsrState::hq_replacement_candidates(int f, std::vector<int>& hexes) const {
  hexes.clear();
  const FormationInfo& fi = game_->formation(f);
  for (int u = 0; u < n_units; ++u) {
    if (info(u).formation != f || !on_map(u) || info(u).hq) continue;
    if (!hq_replacement_unit_ok(f, u)) continue;  // special_rules.cc: type, B2/B4 hooks
    if (hq_in(unit(u).hex, fi.side)) continue;    // one HQ/SHQ per hex (WSR 1.3.2, A-03)
    if (std::find(hexes.begin(), hexes.end(), unit(u).hex) == hexes.end())
      hexes.push_back(unit(u).hex);
  }
  std::sort(hexes.begin(), hexes.end());
}

void WsrState::place_hq(int f, int hex, EventList* ev) {
  const FormationInfo& fi = game_->formation(f);
  Unit& h = unit(fi.hq);
  h.hex = static_cast<int16_t>(hex);
  h.start_hex = h.hex;
  h.mp_spent = 0;
  h.flags = static_cast<uint16_t>((h.flags & kMounted) | kReduced);
  Emit(ev, "WSR 1.3.2.3",
       Text{"The HQ of " + fi.data->name + " returns reduced in " + hex_name(hex) + ".",
            std::string("Das HQ von ") + fi.data->name_de + " kehrt reduziert in " + hex_name(hex) +
                " zurück."},
       fi.side);
}

// WSR 3.2 step 3 / 1.3.2.3: eliminated HQs return in the SHQ's hex (the SHQ leaves for good),
// else in a hex with a unit of the HQ's type and formation (the owner chooses among several),
// else never.
void WsrState::hq_replacements(EventList* ev) {
  std::vector<int> hexes;
  for (int f = 0; f < game_->num_formations(); ++f) {
    const FormationInfo& fi = game_->formation(f);
    // An HQ still to arrive (kOffMap, arrival.cc) is not eliminated; one that left the map
    // (kExited, exit.cc G-12) does not return.
    if (fi.hq < 0 || on_map(fi.hq) || has(fi.hq, kPermanent | kOffMap | kExited)) continue;
    if (fi.shq >= 0 && on_map(fi.shq)) {
      const int hex = unit(fi.shq).hex;
      unit(fi.shq).hex = kNoHex;
      unit(fi.shq).flags = kGone | kPermanent;
      place_hq(f, hex, ev);
      Emit(ev, "WSR 1.3.2.3",
           Text{"The SHQ of " + fi.data->name + " is removed permanently.",
                std::string("Das SHQ von ") + fi.data->name_de + " wird dauerhaft entfernt."},
           fi.side);
      continue;
    }
    hq_replacement_candidates(f, hexes);
    if (hexes.empty()) {
      unit(fi.hq).flags |= kPermanent;
      Emit(ev, "WSR 1.3.2.3",
           Text{"The HQ of " + fi.data->name +
                    " cannot be replaced: eliminated permanently; every "
                    "unit of the formation rolls for command from now on.",
                std::string("Das HQ von ") + fi.data->name_de +
                    " kann nicht ersetzt werden: dauerhaft eliminiert; jede Einheit der Formation "
                    "würfelt ab jetzt für den Befehls-Status."},
           fi.side);
      continue;
    }
    if (hexes.size() == 1) {
      place_hq(f, hexes[0], ev);
      continue;
    }
    push(kStepPlaceHq, f, -1);
    return;
  }
  finish_marker_removal(ev);
}

// WSR 3.2 steps 4 and 6, then the next turn.
void WsrState::finish_marker_removal(EventList* ev) {
  const int nf = game_->num_formations();
  // WSR 3.2.1: formations whose marker was in the cup, with units on the map, that were
  // not activated this turn.
  std::array<uint16_t, 2> missed{};
  for (int f = 0; f < nf; ++f) {
    if ((in_turn & (1u << f)) && activated[static_cast<size_t>(f)] == 0 && formation_on_map(f) &&
        !withholding_exempt(f))  // special_rules.cc: A7 no-withheld-end-turn
      missed[game_->formation(f).side] |= static_cast<uint16_t>(1u << f);
  }
  // WSR 3.2 step 4: all formation and end-turn markers back into the cup; a formation without
  // units on the map is out of play.
  in_turn = 0;
  for (int f = 0; f < nf; ++f) {
    const bool alive = formation_on_map(f);
    // WSR 12.1 / A-33: a marker joins the cup at the start of its scenario turn (arrival.cc).
    cup[static_cast<size_t>(f)] = alive ? static_cast<uint8_t>(scheduled_markers(f, turn + 1)) : 0;
    if (cup[static_cast<size_t>(f)] > 0) in_turn |= static_cast<uint16_t>(1u << f);
    activated[static_cast<size_t>(f)] = 0;
  }
  int et = game_->setup().end_turn_markers;
  for (int s = 0; s < 2; ++s) {
    // "All end-turn markers but one" kept in hand: with the two markers of every scenario one
    // marker per side; if both sides withhold, none starts in the cup (WSR 3.2.1 [Text]).
    held_end_turn[static_cast<size_t>(s)] = 0;
    hold_until[static_cast<size_t>(s)] = missed[static_cast<size_t>(s)];
    if (missed[static_cast<size_t>(s)] && et > 0) {
      held_end_turn[static_cast<size_t>(s)] = 1;
      --et;
      Emit(
          ev, "WSR 3.2.1",
          Text{Capital(SideWordsOf(*game_, s).en) +
                   " had a formation that was not activated: one end-turn marker is withheld until "
                   "it has been activated.",
               Capital(SideWordsOf(*game_, s).de) +
                   " hatten eine Formation, die nicht aktiviert wurde: ein Rundenende-Marker wird "
                   "zurückgehalten, bis sie aktiviert wurde."},
          s);
    }
  }
  cup_end_turn = static_cast<uint8_t>(std::max(et, 0));
  end_turn_drawn = 0;
  Emit(ev, "WSR 3.2",
       Text{"Formation and end-turn markers go back into the cup.",
            "Formations- und Rundenende-Marker kommen zurück in das Behältnis."});
  bridge_turn_end(ev);    // special_rules.cc: A4 blow-the-bridge, checked in the MRP
  determine_control(ev);  // WSR 3.2 step 6, 12.2
  if (turn >= game_->setup().turns) {
    phase = kOver;
    Emit(ev, "WSR 12.1", Text{"The last turn is over.", "Die letzte Spielrunde ist vorbei."});
    return;
  }
  ++turn;
  strikes_turn = 0;  // artillery.cc: the A7 artillery-limit counts per turn
  phase = kOperations;
  Emit(ev, "WSR 3.0",
       Text{"Turn " + std::to_string(turn) + " begins.",
            std::string("Spielrunde ") + std::to_string(turn) + " beginnt."});
  chaos_turn_start(ev);     // chaos.cc (WSR 9.0, A-35): this turn's chaos markers
  air_turn_start(ev);       // air.cc (WSR 11.3, A-27): this turn's and returning aircraft
  designated_turn_start();  // special_rules.cc: A5 designated-formation-marker
}

// WSR 12.2: at the end of the MRP, a hex holding units of one side belongs to it;
// otherwise to the last side that entered it this turn; otherwise it keeps its controller.
void WsrState::determine_control(EventList* ev) {
  (void)ev;
  const int n = game_->layout().size();
  std::array<uint8_t, kMaxHexes> occ{};
  for (int u = 0; u < n_units; ++u)
    if (on_map(u)) occ[static_cast<size_t>(unit(u).hex)] |= static_cast<uint8_t>(1 << side_of(u));
  // perf: a hex nobody occupies, without a last side to enter it (bits 2-3) and without other
  // bits than its controller and markers, keeps its byte (the loop below rewrites it unchanged);
  // eight such hexes are skipped at once. The blown bridge is asked only when there is one.
  constexpr uint64_t kKeep = 0x0101010101010101ULL * static_cast<uint8_t>(~(kMarkerBits | 3));
  const bool blown = bridge == kBridgeBlown;
  for (int i = 0; i < n; ++i) {
    if (!blown && i % 8 == 0 && i + 8 <= n) {
      uint64_t c8 = 0, o8 = 0;
      std::memcpy(&c8, control.data() + i, 8);
      std::memcpy(&o8, occ.data() + i, 8);
      if ((c8 & kKeep) == 0 && o8 == 0) {
        i += 7;
        continue;
      }
    }
    uint8_t& c = control[static_cast<size_t>(i)];
    int owner = (c & 3) - 1;
    const int last = ((c >> 2) & 3) - 1;
    if (occ[static_cast<size_t>(i)] == 1) {
      owner = 0;
    } else if (occ[static_cast<size_t>(i)] == 2) {
      owner = 1;
    } else if (last >= 0) {
      owner = last;
    }
    if (blown && bridge_blown(i)) owner = -1;                   // A4: nobody holds it
    c = static_cast<uint8_t>((c & kMarkerBits) | (owner + 1));  // wrecks, IPs, mines stay
  }
}

void WsrState::enter_hex(int hex, int side) {
  uint8_t& c = control[static_cast<size_t>(hex)];
  c = static_cast<uint8_t>((c & (3 | kMarkerBits)) | ((side + 1) << 2));
  air_trigger_check(hex, side);  // special_rules.cc: A4 air-trigger
}

}  // namespace feldherr::wsr
