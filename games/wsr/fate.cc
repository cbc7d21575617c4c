// White Star Rising fate points (WSR 10.0, [Rec] A-28).
//
// A roll (the 2d6 of command and reorganization, every attack, defence and check die roll of
// fire combat and of the later rules, which all use kRoll or kFireDice) or a marker draw is not
// applied at once when a seat could spend fate points on it: the chance action is held in the
// state (fate_verb, fate_args) and a fate window (kStepFate) asks the seats in turn:
//   - the seat NOT concerned by the roll first, the concerned ("defending") seat last: after
//     every change the other seat may answer, and the window closes only when both have passed
//     since the last change, so the defender always has the last opportunity (WSR 10.0);
//   - `fate reroll` (1 point, A-28: the whole roll, own or the opponent's, repeatedly while
//     points last): the held roll is dropped and chance rolls again;
//   - `fate raise N` / `fate lower N` (1 point): one die showing N becomes N+1 / N-1 (1-6);
//   - `fate command` (1 point, WSR 4.2 "may be paid after the command roll"): the hex of the
//     pending command test is in command, whatever the dice show (offered to the formation's
//     owner when the roll fails);
//   - `fate redraw` (2 points, A-28 "just drawn", any kind of marker): the drawn marker goes
//     back into the cup before it is used and chance draws again;
//   - `no-fate`: pass.
// `fate ops <unit>` (2 points: remove Ops complete from one own unit) is offered outside the
// window, in the decisions where that unit's side may act: its operations decision and its
// opportunity-fire decision (a unit freed there may fire at once).
//
// The odd-hit pick (a random choice among units; the 6.1 book example decides it by a die) is
// held too, for `fate reroll` only (no die face to raise or lower). Not held: the rolls made
// when neither side has points left (then nothing can change and no window opens).
#include <algorithm>
#include <string>

#include "engine/game.h"
#include "games/wsr/emit.h"  // last: defines Emit and Fail
#include "games/wsr/side_words.h"
#include "games/wsr/state.h"

namespace feldherr::wsr {

namespace {

// A drawn marker: "end-turn marker" / "Rundenende-Marker", "formation marker Kampfgruppe Beck" /
// "Formations-Marker Kampfgruppe Beck" (its id, named by WsrGame::name_ids).
Text WsrDrawnMarker(const WsrState& s, const Action& draw) {
  const int m = draw.arg(0);
  const WsrGame& g = s.wgame();
  if (m == kEndTurnMarker) return {"end-turn marker", "Rundenende-Marker"};
  if (m == kChaosMarker) return {"chaos marker", "Chaos-Marker"};
  if (m == kDesignatedMarker)
    return {"designated formation marker", "Marker der ausgewählten Formation"};
  if (m >= kAirMarker)
    return {"aircraft marker " + s.air_label(m - kAirMarker),
            "Flugzeug-Marker " + s.air_label(m - kAirMarker)};
  if (m < g.num_formations())
    return {"formation marker " + g.formation(m).data->id,
            "Formations-Marker " + g.formation(m).data->id};
  return {s.describe(draw), s.describe(draw)};
}

constexpr int kRedrawCost = 2;  // WSR 10.0
constexpr int kOpsCost = 2;     // WSR 10.0

std::string DiceText(const Action& a) {
  std::string s;
  if (a.verb == kOddHit) return "of the odd hit";
  if (a.verb == kRoll) return std::to_string(a.arg(0)) + " " + std::to_string(a.arg(1));
  for (int d : FireDiceOf(a)) s += (s.empty() ? "" : " ") + std::to_string(d);
  return s;
}

bool HasFace(const Action& a, int face) {
  if (a.verb == kRoll) return a.arg(0) == face || a.arg(1) == face;
  const std::vector<int> dice = FireDiceOf(a);
  return std::find(dice.begin(), dice.end(), face) != dice.end();
}

// One die showing `face` becomes `face + delta`.
Action ChangeDie(const Action& a, int face, int delta) {
  if (a.verb == kRoll) {
    int d1 = a.arg(0), d2 = a.arg(1);
    if (d1 == face)
      d1 += delta;
    else
      d2 += delta;
    if (d1 > d2) std::swap(d1, d2);
    return Action(kRoll, {d1, d2});
  }
  std::vector<int> dice = FireDiceOf(a);
  *std::find(dice.begin(), dice.end(), face) += delta;
  return FireDiceAction(dice);
}

}  // namespace

bool WsrState::fate_can_spend(int seat, int cost) const {
  return seat >= 0 && seat < 2 && fate_points[static_cast<size_t>(seat)] >= cost;
}

Action WsrState::fate_pending() const {
  if (fate_verb == kDraw) return Action(kDraw, {fate_args[0]});
  if (fate_verb == kRoll) return Action(kRoll, {fate_args[0], fate_args[1]});
  if (fate_verb == kOddHit) return Action(kOddHit, {fate_args[0]});
  return Action(kFireDice, {fate_args[0], fate_args[1]});
}

// The seat the roll of the top (chance) step concerns: the owner of the tested, reorganizing,
// targeted or checking units; for a draw, the owner of the drawn formation (seat 1 for an
// end-turn marker). New roll steps fall back to the side that is not operating.
int WsrState::roll_affected_side() const {
  const Step& t = top();
  switch (t.kind) {
    case kStepCommand:
      return game_->formation(t.f).side;
    case kStepReorg:
      return side_of(t.a);
    case kStepFireAttack:
    case kStepFireDefence:
      return side_of(t.a % 128);
    case kStepMortarAttack:
    case kStepMortarDefence:
    case kStepMortarOdd:
    case kStepMortarAccuracy:
      return 1 - side_of(t.f);
    case kStepHqLoss:
      return side_of(t.a);
    case kStepSwLossRoll:  // sw_placement.cc (WSR 11.4): f = the rolling seat
      return t.f;
    case kStepArtyAccuracy:  // artillery.cc (WSR 11.2): f = the calling seat
      return 1 - t.f;
    case kStepArtyAttack:  // the owner of the units in the hex (11.2.1 step 3)
    case kStepArtyDefence:
    case kStepArtyOdd: {
      std::vector<int> listed;
      barrage_targets(t.a % kMaxHexes, listed);
      if (!listed.empty()) return side_of(listed[0]);
      return 1 - strike.seat;
    }
    default:
      if (air_step(t.kind)) return air_affected_side();  // air.cc (WSR 11.3)
      return active_f >= 0 ? 1 - game_->formation(active_f).side : 1;
  }
}

// The seat whose roll the fate window holds (Decision::roll_seat): the side that makes the roll
// by the rules -- the formation's owner its command test (4.2), the unit's owner its
// reorganization (4.3), the firer the attack dice and the target's owner the defence dice (6.1
// "Defence roll (by the target's owner)"), the owner of the units an odd hit falls on the pick
// (the 6.1 book example: the defender rolls it), the caller of a strike or the aircraft's owner
// their accuracy, attack and status rolls (11.2, 11.3); for a drawn marker, the owner of the
// formation or aircraft it activates. kNobody for a roll of no side (the chaos table, 9.0) and
// for the end-turn and designated markers.
int WsrState::roll_seat() const {
  if (steps.size() < 2 || top().kind != kStepFate) return kNobody;
  const Step& t = steps[steps.size() - 2];
  const int active = active_f >= 0 ? game_->formation(active_f).side : kNobody;
  const int aircraft = sortie.k >= 0 ? air_side(sortie.k) : kNobody;
  if (fate_verb == kDraw) {
    const int m = fate_args[0];
    if (m >= kAirMarker && m < kDesignatedMarker) return air_side(m - kAirMarker);
    return m < game_->num_formations() ? game_->formation(m).side : kNobody;
  }
  switch (t.kind) {
    case kStepCommand:
    case kStepEntryRoll:
      return game_->formation(t.f).side;
    case kStepReorg:
    case kStepHqLoss:
    case kStepAssaultRoll:
    case kStepBridgeRoll:
    case kStepDdRoll:
      return t.a >= 0 ? side_of(t.a) : active;
    case kStepFireAttack:
      return side_of(t.a / 128);
    case kStepFireDefence:
      return side_of(t.a % 128);
    case kStepMortarAttack:
    case kStepMortarAccuracy:
      return side_of(t.f);
    case kStepMortarDefence:
    case kStepMortarOdd:
      return 1 - side_of(t.f);
    case kStepAssaultOdd:  // a = 0: the attackers take the odd hit, 1: the defenders (6.3 step 4)
      return t.a == 0 ? assault.side : 1 - assault.side;
    case kStepMineAttack:  // the mine's owner: the other side than the entering units (8.2.1)
      return n_group > 0 ? 1 - side_of(group[0]) : (active >= 0 ? 1 - active : kNobody);
    case kStepMineOdd:
      return n_group > 0 ? side_of(group[0]) : active;
    case kStepMineClear:  // f = the clearing unit (8.2.2)
      return side_of(t.f);
    case kStepSwLossRoll:  // f = the rolling seat (11.4)
      return t.f;
    case kStepArtyAccuracy:  // f = the calling seat (11.2)
      return t.f;
    case kStepArtyAttack:
      return strike.seat;
    case kStepAirFlakAttack:  // a = the AA unit * 16 + its to-hit (11.3.1 step 2)
      return side_of(t.a / 16);
    case kStepAirArmor:
    case kStepAirAbort:
    case kStepAirAccuracy:
    case kStepAirAttack:
    case kStepAirStatus:
      return aircraft;
    case kStepArtyDefence:
    case kStepArtyOdd:
    case kStepAirDefence:
    case kStepAirOdd:
      return top().f;  // the owner of the units in the target hex (roll_affected_side)
    case kStepChaosRoll:
    default:
      return kNobody;
  }
}

bool WsrState::fate_intercept(const Action& a, EventList* ev) {
  if (a.verb == kFate) {
    const int use = a.arg(0);
    if (use == kFateOps) {  // outside the window: the unit's side pays 2
      const int u = a.arg(1), seat = side_of(u);
      fate_points[static_cast<size_t>(seat)] =
          static_cast<uint8_t>(fate_points[static_cast<size_t>(seat)] - kOpsCost);
      unit(u).flags &= static_cast<uint16_t>(~kOpsComplete);
      Emit(ev, "WSR 10.0",
           Text{Capital(SideWordsOf(*game_, seat).en) + " spend 2 fate points: " + unit_label(u) +
                    " loses its Ops complete marker.",
                Capital(SideWordsOf(*game_, seat).de) + " geben 2 Schicksalspunkte aus: " +
                    unit_label(u) + " verliert seinen Marker „Operationen beendet“."},
           seat);
      return true;
    }
    const int seat = top().a, other = 1 - seat;
    // The deciding side at the start of a sentence ("The Americans", "Die Amerikaner").
    auto who = [&] { return SideWordsOf(*game_, seat); };
    const Action held = fate_pending();
    switch (use) {
      case kFatePass: {
        fate_passed = static_cast<uint8_t>(fate_passed | (1u << seat));
        const bool other_may = fate_can_spend(other, fate_verb == kDraw ? kRedrawCost : 1) &&
                               (fate_passed & (1u << other)) == 0;
        if (other_may) {
          top().a = static_cast<int16_t>(other);
          return true;
        }
        pop();  // both passed since the last change: the roll or draw takes effect
        fate_verb = 0;
        fate_args = {};
        fate_last = -1;
        fate_passed = 0;
        dispatch(held, ev);
        return true;
      }
      case kFateReroll:
      case kFateRedraw: {
        const int cost = use == kFateRedraw ? kRedrawCost : 1;
        fate_points[static_cast<size_t>(seat)] =
            static_cast<uint8_t>(fate_points[static_cast<size_t>(seat)] - cost);
        Emit(
            ev, "WSR 10.0",
            Text{Capital(who().en) + " spend " + std::to_string(cost) + " fate point" +
                     (cost > 1 ? "s" : "") +
                     (use == kFateRedraw ? ": the drawn marker (" + WsrDrawnMarker(*this, held).en +
                                               ") goes back into the cup."
                                         : ": the roll " + DiceText(held) + " is rolled again."),
                 Capital(who().de) + " geben " + std::to_string(cost) + " " +
                     ((cost > 1 ? "Schicksalspunkte" : "Schicksalspunkt")) + " aus" +
                     ((use == kFateRedraw
                           ? ": der gezogene Marker (" + WsrDrawnMarker(*this, held).de +
                                 ") kommt zurück in das Behältnis."
                           : ": der Wurf " + DiceText(held) + " wird wiederholt."))},
            seat);
        pop();  // the chance step below rolls or draws again
        fate_verb = 0;
        fate_args = {};
        fate_last = static_cast<int8_t>(seat);
        fate_passed = 0;
        return true;
      }
      case kFateRaise:
      case kFateLower: {
        const int delta = use == kFateRaise ? 1 : -1;
        const Action changed = ChangeDie(held, a.arg(1), delta);
        fate_points[static_cast<size_t>(seat)] =
            static_cast<uint8_t>(fate_points[static_cast<size_t>(seat)] - 1);
        fate_args = {static_cast<uint16_t>(changed.arg(0)), static_cast<uint16_t>(changed.arg(1))};
        fate_last = static_cast<int8_t>(seat);
        fate_passed = 0;
        Emit(ev, "WSR 10.0",
             Text{Capital(who().en) + " spend 1 fate point: a " + std::to_string(a.arg(1)) +
                      " becomes a " + std::to_string(a.arg(1) + delta) + " (" + DiceText(held) +
                      " -> " + DiceText(changed) + ").",
                  Capital(who().de) + " geben 1 Schicksalspunkt aus: aus einer " +
                      std::to_string(a.arg(1)) + " wird eine " + std::to_string(a.arg(1) + delta) +
                      " (" + DiceText(held) + " -> " + DiceText(changed) + ")."},
             seat);
        // The other seat may answer (the defender has the last opportunity); if it cannot,
        // the same seat decides again; if neither can spend any more, the roll takes effect.
        if (fate_can_spend(other, 1)) {
          top().a = static_cast<int16_t>(other);
        } else if (!fate_can_spend(seat, 1)) {
          pop();
          fate_verb = 0;
          fate_args = {};
          fate_last = -1;
          fate_passed = 0;
          dispatch(changed, ev);
        }
        return true;
      }
      case kFateCommand: {
        fate_points[static_cast<size_t>(seat)] =
            static_cast<uint8_t>(fate_points[static_cast<size_t>(seat)] - 1);
        pop();
        fate_verb = 0;
        fate_args = {};
        fate_last = -1;
        fate_passed = 0;
        Emit(ev, "WSR 10.0",
             Text{Capital(who().en) + " spend 1 fate point: the hex " + hex_name(top().a) +
                      " is in command.",
                  Capital(who().de) + " geben 1 Schicksalspunkt aus: das Feld " +
                      hex_name(top().a) + " steht unter Befehl."},
             seat);
        apply_roll(held.arg(0), held.arg(1), ev, /*fate_in_command=*/true);
        return true;
      }
      default:
        return true;  // not reached: legality is checked before apply
    }
  }
  // A roll or a draw: hold it if a seat could change it. The odd hit (R.3) is decided by a die
  // in the book's example (6.1): it may be re-rolled, but it has no face to raise or lower.
  const bool roll = a.verb == kRoll || a.verb == kFireDice || a.verb == kOddHit;
  if (!roll && a.verb != kDraw) return false;
  const int cost = roll ? 1 : kRedrawCost;
  int first = -1;
  const int affected = roll ? roll_affected_side()
                            : (a.arg(0) >= kEndTurnMarker  // end-turn or chaos marker (9.0)
                                   ? 1
                                   : game_->formation(a.arg(0)).side);
  // After a re-roll the other seat answers first; on a fresh roll the unconcerned seat starts.
  const int order0 = fate_last >= 0 ? 1 - fate_last : 1 - affected;
  for (int seat : {order0, 1 - order0}) {
    if (fate_can_spend(seat, cost)) {
      first = seat;
      break;
    }
  }
  fate_last = -1;
  fate_passed = 0;
  if (first < 0) return false;
  fate_verb = a.verb;
  fate_args = {static_cast<uint16_t>(a.arg(0)), static_cast<uint16_t>(a.argc > 1 ? a.arg(1) : 0)};
  push(kStepFate, affected, first);
  // The log says what is held, by whom and for what, as the window's prompt does (fate_held).
  const Text held = fate_held(kNobody);
  Emit(ev, "WSR 10.0",
       Text{Capital(held.en) + " -- fate points may change it before it takes effect.",
            Capital(held.de) + " -- Schicksalspunkte können ihn noch ändern, bevor er wirkt."});
  return true;
}

void WsrState::fate_actions(ActionList& out) const {
  const int seat = top().a;
  out.push_back(Action(kFate, {kFatePass}));
  const Action held = fate_pending();
  if (fate_verb == kDraw) {
    if (fate_can_spend(seat, kRedrawCost)) out.push_back(Action(kFate, {kFateRedraw}));
    return;
  }
  if (!fate_can_spend(seat, 1)) return;
  out.push_back(Action(kFate, {kFateReroll}));
  if (fate_verb == kOddHit) return;  // a pick among units: re-roll only
  for (int face = 1; face <= 6; ++face) {
    if (!HasFace(held, face)) continue;
    if (face < 6) out.push_back(Action(kFate, {kFateRaise, face}));
    if (face > 1) out.push_back(Action(kFate, {kFateLower, face}));
  }
  // WSR 4.2 / 10.0: the owner may put the tested hex in command after a failed roll.
  const Step& under = steps[steps.size() - 2];
  if (under.kind == kStepCommand && game_->formation(under.f).side == seat &&
      held.arg(0) + held.arg(1) > game_->formation(under.f).morale)
    out.push_back(Action(kFate, {kFateCommand}));
}

void WsrState::fate_ops_actions(int seat, ActionList& out) const {
  if (!fate_can_spend(seat, kOpsCost)) return;
  for (int u = 0; u < n_units; ++u)
    // carrier.cc: a passenger shares its carrier's Ops complete (5.2.4, A-38): buy the carrier's.
    if (on_map(u) && side_of(u) == seat && has(u, kOpsComplete) && !loaded(u))
      out.push_back(Action(kFate, {kFateOps, u}));
}

Text WsrState::fate_why_illegal(const Action& a) const {
  if (a.verb != kFate) {
    const Text prompt = fate_prompt();
    return {"a fate decision is pending: " + prompt.en,
            "eine Schicksalsentscheidung steht an: " + prompt.de};
  }
  const int use = a.arg(0);
  if (use == kFateOps) {
    const int u = a.arg(1);
    if (u < 0 || u >= n_units) return Text{"no such unit", "keine solche Einheit"};
    if (!fate_can_spend(side_of(u), kOpsCost))
      return Text{"removing Ops complete costs 2 fate points (WSR 10.0)",
                  "„Operationen beendet“ zu entfernen kostet 2 Schicksalspunkte (WSR 10.0)"};
    if (!has(u, kOpsComplete))
      return Text{unit_label(u) + " has no Ops complete marker",
                  std::string(unit_label(u)) + " hat keinen Marker „Operationen beendet“"};
    return Text{"fate ops is possible only when " + SideWordsOf(*game_, side_of(u)).en +
                    " decide (their operations or opportunity fire; WSR 10.0)",
                std::string("fate ops ist nur möglich, wenn ") +
                    SideWordsOf(*game_, side_of(u)).de +
                    " entscheiden (ihre Operationen oder Gelegenheits-Feuer; WSR 10.0)"};
  }
  if (steps.empty() || top().kind != kStepFate)
    return Text{
        "no roll or draw is waiting for fate points now (WSR 10.0)",
        "gerade wartet kein Wurf und kein gezogener Marker auf Schicksalspunkte (WSR 10.0)"};
  const int seat = top().a;
  if (use == kFateRedraw && fate_verb != kDraw)
    return Text{"only a just-drawn marker goes back (10.0)",
                "nur ein gerade gezogener Marker geht zurück (10.0)"};
  if (fate_verb == kDraw && use != kFatePass && use != kFateRedraw)
    return Text{"a drawn marker can only be returned to the cup (fate redraw, WSR 10.0)",
                "ein gezogener Marker kann nur in das Behältnis zurückgelegt werden (fate redraw, "
                "WSR 10.0)"};
  if (!fate_can_spend(seat, use == kFateRedraw ? kRedrawCost : 1))
    return Text{"not enough fate points (WSR 10.0)", "nicht genug Schicksalspunkte (WSR 10.0)"};
  if ((use == kFateRaise || use == kFateLower) && fate_verb == kOddHit)
    return Text{"the odd hit has no die face to change: fate reroll (WSR 10.0)",
                "der überzählige Treffer hat keine Würfelseite zum Ändern: fate reroll (WSR 10.0)"};
  if ((use == kFateRaise || use == kFateLower) && !HasFace(fate_pending(), a.arg(1)))
    return Text{"no die shows " + std::to_string(a.arg(1)),
                std::string("kein Würfel zeigt ") + std::to_string(a.arg(1))};
  if (use == kFateRaise || use == kFateLower)
    return Text{"a die stays between 1 and 6 (A-28)", "ein Würfel bleibt zwischen 1 und 6 (A-28)"};
  if (use == kFateCommand)
    return Text{"fate command is for the owner of a failed command test (WSR 4.2, 10.0)",
                "fate command ist für den Besitzer eines nicht bestandenen Moraltests für den "
                "Befehls-Status (WSR 4.2, 10.0)"};
  return Text{"not a fate action", "keine Schicksalsaktion"};
}

namespace {

// What the roll held for a fate window decides: the chance step under the window (WSR 10.0).
Text RollPurpose(int kind) {
  switch (kind) {
    case kStepCommand:
      return {"command test (WSR 4.2)", "Befehlstest (WSR 4.2)"};
    case kStepReorg:
      return {"reorganization (WSR 4.3)", "Reorganisation (WSR 4.3)"};
    case kStepFireAttack:
      return {"attack of the fire (WSR 6.1)", "Angriff des Feuers (WSR 6.1)"};
    case kStepFireDefence:
      return {"defence against the fire (WSR 6.1)", "Verteidigung gegen das Feuer (WSR 6.1)"};
    case kStepMortarAttack:
      return {"attack of the mortar (WSR 6.1)", "Angriff des Mörsers (WSR 6.1)"};
    case kStepMortarDefence:
      return {"defence against the mortar (WSR 6.1)", "Verteidigung gegen den Mörser (WSR 6.1)"};
    case kStepMortarOdd:
      return {"odd hit of the mortar fire (WSR 6.1)",
              "überzähliger Treffer des Mörserfeuers (WSR 6.1)"};
    case kStepAssaultOdd:
      return {"odd hit of the assault (WSR 6.3)",
              "überzähliger Treffer des Sturmangriffs (WSR 6.3)"};
    case kStepMineOdd:
      return {"odd hit of the mine (WSR 8.2.1)", "überzähliger Treffer der Mine (WSR 8.2.1)"};
    case kStepArtyOdd:
      return {"odd hit of the barrage (WSR 11.2.1)",
              "überzähliger Treffer des Sperrfeuers (WSR 11.2.1)"};
    case kStepAirOdd:
      return {"odd hit of the air attack (WSR 11.3.2)",
              "überzähliger Treffer des Luftangriffs (WSR 11.3.2)"};
    case kStepMortarAccuracy:
      return {"accuracy of the mortar (WSR 6.1, A-08)",
              "Treffgenauigkeit des Mörsers (WSR 6.1, A-08)"};
    case kStepHqLoss:
      return {"HQ loss check (WSR 6.1.5)", "HQ-Verlustprüfung (WSR 6.1.5)"};
    case kStepAssaultRoll:
      return {"assault (WSR 6.3)", "Sturmangriff (WSR 6.3)"};
    case kStepMineAttack:
      return {"attack of the mine (WSR 8.2.1)", "Angriff der Mine (WSR 8.2.1)"};
    case kStepMineClear:
      return {"mine clearing (WSR 8.2.2)", "Minenräumung (WSR 8.2.2)"};
    case kStepEntryRoll:
      return {"entry of the reinforcements (scenario rules)",
              "Eintritt der Verstärkungen (Szenarioregeln)"};
    case kStepChaosRoll:
      return {"chaos table (WSR 9.0)", "Chaostabelle (WSR 9.0)"};
    case kStepArtyAccuracy:
      return {"accuracy of the strike (WSR 11.2)", "Treffgenauigkeit des Schlags (WSR 11.2)"};
    case kStepArtyAttack:
      return {"attack of the barrage (WSR 11.2.1)", "Angriff des Sperrfeuers (WSR 11.2.1)"};
    case kStepArtyDefence:
      return {"defence against the barrage (WSR 11.2.1)",
              "Verteidigung gegen das Sperrfeuer (WSR 11.2.1)"};
    case kStepAirFlakAttack:
      return {"flak against the aircraft (WSR 11.3.1)", "Flak gegen das Flugzeug (WSR 11.3.1)"};
    case kStepAirArmor:
      return {"armour of the aircraft against the flak (WSR 11.3.1)",
              "Panzerung des Flugzeugs gegen die Flak (WSR 11.3.1)"};
    case kStepAirAbort:
      return {"abort roll of the aircraft (WSR 11.3.1)", "Abbruchwurf des Flugzeugs (WSR 11.3.1)"};
    case kStepAirAccuracy:
      return {"accuracy of the air attack (WSR 11.3.2)",
              "Treffgenauigkeit des Luftangriffs (WSR 11.3.2)"};
    case kStepAirAttack:
      return {"air attack (WSR 11.3.2)", "Luftangriff (WSR 11.3.2)"};
    case kStepAirDefence:
      return {"defence against the air attack (WSR 11.3.2)",
              "Verteidigung gegen den Luftangriff (WSR 11.3.2)"};
    case kStepAirStatus:
      return {"return of the aircraft to the cup (WSR 11.3.2)",
              "Rückkehr des Flugzeugs in den Becher (WSR 11.3.2)"};
    case kStepSwLossRoll:
      return {"loss of the support weapon (WSR 11.4)",
              "Verlust der Unterstützungswaffe (WSR 11.4)"};
    case kStepBridgeRoll:
      return {"demolition of the bridge (WSR-A4)", "Sprengung der Brücke (WSR-A4)"};
    case kStepDdRoll:
      return {"swim of the DD tank (WSR-A7)", "Schwimmfahrt des DD-Panzers (WSR-A7)"};
    default:
      return {"", ""};
  }
}

}  // namespace

Text WsrState::fate_held(int viewer) const {
  // Whose roll or draw it is (Decision::roll_seat): the viewer's own, the other side's, or
  // nobody's (the chaos table, the end-turn marker).
  const int by = roll_seat();
  const std::string by_en = by == kNobody ? "" : " by " + SideWordsOf(*game_, by).en;
  const std::string by_de = by == kNobody ? "" : " " + SideWordsOf(*game_, by).de_gen;
  const bool own = by != kNobody && by == viewer;
  // What the roll decides (the chance step under the window); the fire names its units.
  const Step& under = steps.size() >= 2 ? steps[steps.size() - 2] : top();
  Text purpose = RollPurpose(under.kind);
  if (under.kind == kStepFireAttack || under.kind == kStepFireDefence) {
    const std::string firer = unit_label(under.a / 128), target = unit_label(under.a % 128);
    purpose = under.kind == kStepFireAttack
                  ? Text{"attack of " + firer + " firing at " + target + " (WSR 6.1)",
                         "Angriff, " + firer + " feuert auf " + target + " (WSR 6.1)"}
                  : Text{"defence of " + target + " against the fire of " + firer + " (WSR 6.1)",
                         "Verteidigung, " + firer + " feuert auf " + target + " (WSR 6.1)"};
  }
  if (fate_verb == kDraw)
    return {std::string(own ? "their own drawn marker (" : "the drawn marker (") +
                WsrDrawnMarker(*this, fate_pending()).en + ")" + (own ? "" : by_en),
            std::string(own ? "ihr eigener gezogener Marker (" : "der gezogene Marker (") +
                WsrDrawnMarker(*this, fate_pending()).de + ")" + (own ? "" : by_de)};
  if (fate_verb == kOddHit)
    // The pick of the unit an odd hit falls on, rolled by the owner of the units (6.1).
    return {"the " + purpose.en + " on " + describe(fate_pending()).substr(8) +
                (own             ? ", their own roll"
                 : by == kNobody ? ""
                                 : ", rolled by " + SideWordsOf(*game_, by).en),
            "der " + purpose.de + " auf " + describe(fate_pending()).substr(8) +
                (own             ? ", ihr eigener Wurf"
                 : by == kNobody ? ""
                                 : ", gewürfelt von " + SideWordsOf(*game_, by).de_dat)};
  return {std::string(own ? "their own roll " : "the roll ") + DiceText(fate_pending()) +
              (own ? "" : by_en) + (purpose.en.empty() ? "" : " for the " + purpose.en),
          std::string(own ? "ihr eigener Wurf " : "der Wurf ") + DiceText(fate_pending()) +
              (own ? "" : by_de) + (purpose.de.empty() ? "" : " für: " + purpose.de)};
}

Text WsrState::fate_prompt() const {
  const int seat = top().a;
  const SideWords who = SideWordsOf(*game_, seat);
  const Text held = fate_held(seat);
  std::string what = held.en, what_de = held.de;
  // In words: the actions' labels and typed forms are listed with the prompt.
  if (fate_verb == kDraw) {
    what += ": put it back into the cup (2 points)";
    what_de += ": ihn in das Behältnis zurücklegen (2 Punkte)";
  } else if (fate_verb == kOddHit) {
    what += ": roll it again (1 point)";
    what_de += ": ihn wiederholen (1 Punkt)";
  } else {
    what += ": roll it again, or raise or lower one die by 1, 1 point each";
    what_de += ": ihn wiederholen oder einen Würfel um 1 erhöhen oder senken, je 1 Punkt";
  }
  const int points = fate_points[static_cast<size_t>(seat)];
  return Text{Capital(who.en) + " have " + std::to_string(points) +
                  (points == 1 ? " fate point; " : " fate points; ") + what +
                  ", or spend none (WSR 10.0).",
              Capital(who.de) + " haben " + std::to_string(points) +
                  (points == 1 ? " Schicksalspunkt; " : " Schicksalspunkte; ") + what_de +
                  ", oder keinen ausgeben (WSR 10.0)."};
}

std::string WsrState::fate_describe(const Action& a) const {
  switch (a.arg(0)) {
    case kFatePass:
      return "no-fate";
    case kFateReroll:
      return "fate reroll";
    case kFateRaise:
      return "fate raise " + std::to_string(a.arg(1));
    case kFateLower:
      return "fate lower " + std::to_string(a.arg(1));
    case kFateCommand:
      return "fate command";
    case kFateRedraw:
      return "fate redraw";
    case kFateOps:
      return "fate ops " + (a.arg(1) < n_units ? unit_label(a.arg(1)) : std::to_string(a.arg(1)));
    default:
      return "fate ?";
  }
}

}  // namespace feldherr::wsr
