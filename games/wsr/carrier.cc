// White Star Rising: separate carriers (WSR 1.2.1 circled MF, 5.2, gap G-11, [REC] A-38).
// A counter with a circled MF that is not a two-sided transport counter (the US and British
// trucks) carries one infantry platoon (infantry, paratroopers, engineers) with its support
// weapon. Loading and unloading follow 5.2.1 / 5.2.2 and the A-29 reading of the MP: loading
// costs 3 MP of the carrier's MF (the MF the platoon moves on from then), unloading 3 MP of the
// platoon's own MF, each counting the MP already spent this impulse. The passenger moves with
// its carrier, neither fires nor is a target (5.2.3), and takes the carrier's results (5.2.4).
// docs/wsr-rules.md "Separate carriers".
#include <algorithm>
#include <string>

#include "games/wsr/emit.h"  // last: defines Emit and Fail
#include "games/wsr/state.h"

namespace feldherr::wsr {

namespace {

// The flags a passenger shares with its carrier (5.2.4: one counter in 5.2).
constexpr uint16_t kCarriedFlags = kOpsComplete | kMovedThisImpulse | kDisrupted | kOutOfCommand;

}  // namespace

bool WsrState::passenger_kind(UnitKind k) {
  return k == UnitKind::kInfantry || k == UnitKind::kParatroopers || k == UnitKind::kEngineers;
}

bool WsrState::separate_carrier(int u) const {
  return info(u).separate_carrier;  // !transport, not an HQ, circled MF (WsrGame)
}

int WsrState::passengers_of(int c) const {
  if (!separate_carrier(c)) return 0;  // perf: most units carry nobody
  int n = 0;
  for (int u = 0; u < n_units; ++u)
    if (unit(u).carrier == c) ++n;
  return n;
}

bool WsrState::moves_with_group(int u) const {
  return in_group(u) || (loaded(u) && in_group(carrier_of(u)));
}

// A carrier or passenger may take part in a load or unload now: the operations decision of its
// formation (no stack moving) or the move of the carrier's stack.
namespace {

Text StepRefusal(const WsrState& s, int c) {
  return Text{"load and unload in the operations of the carrier's formation or while " +
                  s.unit_label(c) + " moves (WSR 4.4, 5.2, A-38)",
              std::string("Laden und Abladen in den Operationen der Formation des Transporters "
                          "oder während ") +
                  s.unit_label(c) + " zieht (WSR 4.4, 5.2, A-38)"};
}

}  // namespace

bool WsrState::can_load(int p, int c, Text* why) const {
  if (p < 0 || p >= n_units || c < 0 || c >= n_units)
    return Fail(why, Text{"no such unit", "keine solche Einheit"});
  if (steps.empty() || active_f < 0) return Fail(why, StepRefusal(*this, c));
  const int kind = top().kind;
  if (!(kind == kStepOperations || (kind == kStepMove && in_group(c))))
    return Fail(why, StepRefusal(*this, c));
  if (!separate_carrier(c))
    return Fail(why,
                Text{unit_label(c) + " has no circled movement factor: it carries no other "
                                     "counter (WSR 1.2.1, 5.2, A-38)",
                     std::string(unit_label(c)) + " hat keinen eingekreisten "
                                                  "Bewegungsfaktor: er transportiert keinen "
                                                  "anderen Spielstein (WSR 1.2.1, 5.2, A-38)"});
  if (!passenger_kind(info(p).counter->kind))
    return Fail(why,
                Text{unit_label(p) + " is not an infantry platoon: carriers carry infantry "
                                     "and support weapons (WSR 1.2.1, 5.2, A-38)",
                     std::string(unit_label(p)) + " ist kein Infanterie-Zug: Transporter "
                                                  "tragen Infanterie und "
                                                  "Unterstützungswaffen (WSR 1.2.1, 5.2, A-38)"});
  if (info(c).formation != active_f || info(p).formation != active_f)
    return Fail(why, Text{"carrier and platoon must both belong to the active formation "
                          "(WSR 4.4, A-38)",
                          "Transporter und Zug müssen beide zur aktiven Formation gehören "
                          "(WSR 4.4, A-38)"});
  if (!on_map(c) || !on_map(p) || unit(c).hex != unit(p).hex)
    return Fail(why, Text{unit_label(p) + " is not in " + unit_label(c) + "'s hex (WSR 5.2, A-38)",
                          std::string(unit_label(p)) + " ist nicht im Feld von " + unit_label(c) +
                              " (WSR 5.2, A-38)"});
  if (loaded(p))
    return Fail(why, Text{unit_label(p) + " already rides in " + unit_label(carrier_of(p)),
                          std::string(unit_label(p)) + " fährt bereits auf " +
                              unit_label(carrier_of(p)) + " mit"});
  if (passengers_of(c) >= kCarrierCapacity)
    return Fail(why,
                Text{unit_label(c) + " is full: one platoon per carrier (A-38)",
                     std::string(unit_label(c)) + " ist voll: ein Zug pro Transporter (A-38)"});
  if (in_enemy_hex())
    return Fail(
        why, Text{"the overrunning stack must leave the enemy hex first (WSR 6.4)",
                  "der überrennende Stapel muss zuerst das feindliche Feld verlassen (WSR 6.4)"});
  if (has(p, kDisrupted))
    return Fail(why, Text{"disrupted infantry cannot load (WSR 5.2.1, 6.1.7)",
                          "zerschlagene Infanterie kann nicht laden (WSR 5.2.1, 6.1.7)"});
  if (has(c, kDisrupted))
    return Fail(why, Text{"disrupted " + unit_label(c) +
                              " takes no passengers: carrier and passenger share their results "
                              "(WSR 5.2.4, A-38)",
                          std::string("der zerschlagene ") + unit_label(c) +
                              " nimmt keine Mitfahrer auf: Transporter und Mitfahrer teilen ihre "
                              "Ergebnisse (WSR 5.2.4, A-38)"});
  for (int u : {p, c}) {
    if (has(u, kOutOfCommand))
      return Fail(why,
                  Text{unit_label(u) + " is out of command and may not move (WSR 4.2)",
                       std::string(unit_label(u)) +
                           " ist außer Befehlsreichweite und darf sich nicht bewegen (WSR 4.2)"});
    if (has(u, kOpsComplete))
      return Fail(why, Text{unit_label(u) + " has Ops complete (WSR 5.0)",
                            std::string(unit_label(u)) + " hat „Operationen beendet“ (WSR 5.0)"});
  }
  if (has(p, kMoving) && !in_group(c))
    return Fail(why, Text{unit_label(p) + " is moving: it boards a carrier of its stack",
                          std::string(unit_label(p)) +
                              " bewegt sich: es steigt auf einen Transporter seines Stapels"});
  // A-29 read for a separate carrier: the MF of the carrier, less the MP either has spent.
  const int spent = std::max(unit(c).mp_spent, unit(p).mp_spent);
  if (mf(c) - spent - kMountCost < 0)
    return Fail(why,
                Text{"loading costs 3 MP of " + unit_label(c) + "'s MF " + std::to_string(mf(c)) +
                         ", " + std::to_string(spent) + " MP already spent (WSR 5.2.1, A-29, A-38)",
                     std::string("Laden kostet 3 BP von ") + unit_label(c) + " (BP " +
                         std::to_string(mf(c)) + "), " + std::to_string(spent) +
                         " BP bereits verbraucht (WSR 5.2.1, A-29, A-38)"});
  return true;
}

bool WsrState::can_unload(int p, Text* why) const {
  if (p < 0 || p >= n_units) return Fail(why, Text{"no such unit", "keine solche Einheit"});
  if (!loaded(p))
    return Fail(why, Text{unit_label(p) + " rides in no carrier (WSR 5.2.2, A-38)",
                          std::string(unit_label(p)) + " fährt auf keinem Transporter mit "
                                                       "(WSR 5.2.2, A-38)"});
  const int c = carrier_of(p);
  if (steps.empty() || active_f < 0 || info(c).formation != active_f)
    return Fail(why, StepRefusal(*this, c));
  const int kind = top().kind;
  if (!(kind == kStepOperations || (kind == kStepMove && in_group(c))))
    return Fail(why, StepRefusal(*this, c));
  if (in_enemy_hex())
    return Fail(
        why, Text{"the overrunning stack must leave the enemy hex first (WSR 6.4)",
                  "der überrennende Stapel muss zuerst das feindliche Feld verlassen (WSR 6.4)"});
  if (has(c, kOutOfCommand))
    return Fail(why,
                Text{unit_label(c) + " is out of command and may not move (WSR 4.2)",
                     std::string(unit_label(c)) +
                         " ist außer Befehlsreichweite und darf sich nicht bewegen (WSR 4.2)"});
  if (has(c, kOpsComplete))
    return Fail(why, Text{unit_label(c) + " has Ops complete (WSR 5.0)",
                          std::string(unit_label(c)) + " hat „Operationen beendet“ (WSR 5.0)"});
  // WSR 5.2.2: disrupted infantry may unload. A-29: 3 MP of the platoon's own MF.
  const int spent = unit(p).mp_spent;
  if (mf(p) - spent - kMountCost < 0)
    return Fail(why, Text{"unloading costs 3 MP of " + unit_label(p) + "'s own MF " +
                              std::to_string(mf(p)) + ", " + std::to_string(spent) +
                              " MP already spent (WSR 5.2.2, A-29, A-38)",
                          std::string("Abladen kostet 3 BP von ") + unit_label(p) + " (eigene BP " +
                              std::to_string(mf(p)) + "), " + std::to_string(spent) +
                              " BP bereits verbraucht (WSR 5.2.2, A-29, A-38)"});
  return true;
}

void WsrState::carrier_actions(ActionList& out) const {
  if (steps.empty() || active_f < 0) return;
  if (!game_->any_separate_carrier()) return;  // perf: nothing to load onto
  const bool moving = top().kind == kStepMove;
  for (int c = 0; c < n_units; ++c) {
    if (info(c).formation != active_f || !on_map(c) || (moving && !in_group(c))) continue;
    if (!separate_carrier(c)) continue;
    for (int p = 0; p < n_units; ++p) {
      if (unit(p).carrier == c) {
        if (can_unload(p, nullptr)) out.push_back(Action(kUnload, {p}));
      } else if (unit(p).hex == unit(c).hex && p != c && can_load(p, c, nullptr)) {
        out.push_back(Action(kLoad, {p, c}));
      }
    }
  }
}

void WsrState::apply_load(int p, int c, EventList* ev) {
  const int spent = std::max(unit(c).mp_spent, unit(p).mp_spent) + kMountCost;
  if (in_group(p)) {  // it leaves the stack and rides in the carrier
    int k = 0;
    while (group[static_cast<size_t>(k)] != p) ++k;
    for (; k + 1 < n_group; ++k) group[static_cast<size_t>(k)] = group[static_cast<size_t>(k + 1)];
    --n_group;
  }
  Unit& x = unit(c);
  x.mp_spent = static_cast<uint8_t>(spent);
  x.flags |= kMovedThisImpulse;
  Unit& y = unit(p);
  y.carrier = static_cast<int8_t>(c);
  y.flags &= static_cast<uint16_t>(~kMoving);
  carry_passengers();
  Emit(ev, "WSR 5.2.1",
       Text{unit_label(p) + " loads onto " + unit_label(c) + ": 3 MP of the carrier's MF, " +
                std::to_string(mp_left(c)) + " MP left (A-29, A-38).",
            std::string(unit_label(p)) + " steigt auf " + unit_label(c) +
                ": 3 BP der BP des Transporters, noch " + std::to_string(mp_left(c)) +
                " BP (A-29, A-38)."},
       side_of(c));
}

void WsrState::apply_unload(int p, EventList* ev) {
  const int c = carrier_of(p);
  Unit& y = unit(p);
  y.carrier = -1;
  y.mp_spent = static_cast<uint8_t>(y.mp_spent + kMountCost);
  y.flags |= kMovedThisImpulse;
  Emit(ev, "WSR 5.2.2",
       Text{unit_label(p) + " unloads from " + unit_label(c) + " in " + hex_name(y.hex) +
                ": 3 MP of its own MF, " + std::to_string(mp_left(p)) + " MP left (A-29, A-38).",
            std::string(unit_label(p)) + " steigt in " + hex_name(y.hex) + " von " + unit_label(c) +
                " ab: 3 BP der eigenen BP, noch " + std::to_string(mp_left(p)) +
                " BP (A-29, A-38)."},
       side_of(p));
}

void WsrState::carry_passengers() {
  // perf: only a separate carrier ever carries (loading and the scenario's `loaded` need one).
  if (!game_->any_separate_carrier()) return;
  for (int p = 0; p < n_units; ++p) {
    Unit& y = unit(p);
    if (y.carrier < 0) continue;
    const Unit& x = unit(y.carrier);
    // Not yet in play (a force to set up or to arrive, loaded by the scenario): the passenger
    // waits off the map with its carrier and comes on with it.
    if (x.hex == kNoHex && (x.flags & kOffMap) != 0) continue;
    if (x.hex == kNoHex) {
      // The carrier left the map: exited (G-12) with its passenger; eliminated carriers take
      // theirs with them in hit_unit (5.2.4), so this is the exit.
      if ((x.flags & kExited) != 0) {
        exit_hex[static_cast<size_t>(p)] = exit_hex[static_cast<size_t>(y.carrier)];
        y.flags = static_cast<uint16_t>((y.flags & (kReduced | kDisrupted)) | kGone | kExited);
      } else {
        y.flags = static_cast<uint16_t>((y.flags & ~kMoving) | kGone);
        y.sw = 0;
      }
      y.hex = kNoHex;
      y.carrier = -1;
      continue;
    }
    if ((y.flags & kOffMap) != 0) y.start_hex = x.start_hex;  // came on with its carrier
    y.hex = x.hex;
    y.mp_spent = x.mp_spent;
    y.flags = static_cast<uint16_t>((y.flags & ~(kCarriedFlags | kMoving | kOffMap)) |
                                    (x.flags & kCarriedFlags));
  }
}

void WsrState::passenger_results(int c, bool disrupted, bool stepped, bool eliminated, Text& text) {
  for (int p = 0; p < n_units; ++p) {
    if (unit(p).carrier != c) continue;
    Unit& y = unit(p);
    std::string en, de;
    if (eliminated || (stepped && (has(p, kReduced) || info(p).counter->steps == 1))) {
      const Text t = hit_unit(p, 3);  // eliminated whatever its state (6.1.7)
      en = t.en;
      de = t.de;
    } else {
      if (disrupted) y.flags |= kDisrupted;
      if (stepped) y.flags |= kReduced;
      if (!disrupted && !stepped) continue;
      en = unit_label(p) + (stepped ? ": reduced" : ": disrupted");
      de = std::string(unit_label(p)) + (stepped ? ": reduziert" : ": zerschlagen");
    }
    text.en += "; its passenger " + en + " (WSR 5.2.4, A-38)";
    text.de += "; sein Mitfahrer " + de + " (WSR 5.2.4, A-38)";
  }
}

Text WsrState::carrier_why_illegal(const Action& a) const {
  Text why;
  if (a.verb == kLoad) {
    can_load(a.argc > 0 ? a.arg(0) : -1, a.argc > 1 ? a.arg(1) : -1, &why);
  } else {
    can_unload(a.argc > 0 ? a.arg(0) : -1, &why);
  }
  return why;
}

std::string WsrState::carrier_invariant() const {
  for (int p = 0; p < n_units; ++p) {
    const int c = unit(p).carrier;
    if (c < 0) continue;
    if (c >= n_units || c == p) return unit_label(p) + ": carrier out of range";
    const bool waiting = has(c, kOffMap) && has(p, kOffMap);  // both still to come on
    if (!waiting && (!on_map(c) || unit(c).hex != unit(p).hex))
      return unit_label(p) + " is loaded but not in its carrier's hex (A-38)";
    if (!separate_carrier(c) || !passenger_kind(info(p).counter->kind))
      return unit_label(p) + " loaded in a unit that carries none (A-38)";
    if (passengers_of(c) > kCarrierCapacity) return unit_label(c) + " carries too many (A-38)";
    if (has(p, kMoving)) return unit_label(p) + " is loaded and moving on its own (A-38)";
  }
  return "";
}

}  // namespace feldherr::wsr
