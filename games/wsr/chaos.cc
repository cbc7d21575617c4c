// White Star Rising chaos (WSR 9.0, [Rec] A-35; the chaos table is a stand-in, gap G-2 of
// docs/rules/wsr.md: data/wsr/chaos.toml, Data::chaos).
//
// - Chaos markers are a third kind of marker in the cup (`draw chaos`, kChaosMarker), drawn
//   with probability count / all markers. They do not keep the turn going: the operations
//   phase ends when no formation marker is left (WSR 3.1, advance()).
// - Scenario markers (GameSetup::chaos, from Scenario::chaos; B1's is a `variation` added only
//   with the option chaos_variation) join the cup at the start of their turn (A-35: the
//   scenario turn governs); a marker not drawn stays in the cup into the next turn.
// - A drawn chaos marker is followed by a 2d6 chance roll (kStepChaosRoll, a kRoll action, so
//   fate windows apply, WSR 10.0 "any roll") read on the chaos table.
// - WSR 9.0: a result that affects "the player whose formation marker is drawn next" is stored
//   until the next formation marker is drawn (chaos_res, chaos_f == -1) and applied to that
//   formation's impulse right after the 4.1 cleanup; if the turn ends first it is ignored and
//   the marker goes back into the cup. Results affecting both sides apply at once. A used
//   marker is removed from play (9.0 "unless the scenario says otherwise").
// - Effects (ChaosEffect): fate (+amount fate points), disrupt / ops-complete (the opponent
//   picks `amount` units of the formation with `chaos-pick <unit>`; HQs are never disrupted,
//   1.3.2.2, and never act alone, A-03, so they are not picked; disrupted without HQ loss
//   check), rally (4.3 without a roll for every disrupted unit), all-in-command (4.2 without
//   tests), firepower (+/- amount dice on every attack of the formation this impulse: fire,
//   mortar fire, assault and overrun attackers; never below 1 die).
// - The table's `drawing-side` kind has no meaning in WSR (who draws has no game effect, 3.1):
//   the shipped table no longer uses it; a table that does is read as `both-sides`.
#include <algorithm>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>

#include "engine/game.h"
#include "games/wsr/emit.h"  // last: defines Emit and Fail
#include "games/wsr/side_words.h"
#include "games/wsr/state.h"

namespace feldherr::wsr {

namespace {

// Results whose effect names a formation wait for the next formation drawn (WSR 9.0).
bool Stored(const ChaosResult& r) {
  return r.affects == ChaosAffects::kNextFormation ||
         (r.effect != ChaosEffect::kNone && r.effect != ChaosEffect::kFate);
}

bool PickEffect(ChaosEffect e) {
  return e == ChaosEffect::kDisrupt || e == ChaosEffect::kOpsComplete;
}

std::string ResultText(const ChaosResult& r) {
  return std::to_string(r.roll) + " \"" + r.name + "\" (" + r.text + ")";
}

// The chaos result's text in German (its English where the table has no German).
const std::string& ChaosTextDe(const ChaosResult& r) {
  return r.text_de.empty() ? r.text : r.text_de;
}

std::string ResultTextDe(const ChaosResult& r) {
  return std::to_string(r.roll) + " „" + (r.name_de.empty() ? r.name : r.name_de) + "“ (" +
         ChaosTextDe(r) + ")";
}

}  // namespace

int WsrState::scheduled_chaos(int t) const {
  int n = 0;
  for (const GameSetup::Chaos& c : game_->setup().chaos)
    if (c.turn == t) n += std::max(c.count, 0);
  return n;
}

void WsrState::chaos_turn_start(EventList* ev) {
  const int n = scheduled_chaos(turn);
  if (n == 0) return;
  chaos_cup = static_cast<uint8_t>(std::min(chaos_cup + n, 255));
  Emit(ev, "WSR 9.0",
       Text{std::to_string(n) + " chaos marker" + (n > 1 ? "s go" : " goes") +
                " into the cup (turn " + std::to_string(turn) + "; " + std::to_string(chaos_cup) +
                " in the cup).",
            std::string(std::to_string(n)) + " " +
                ((n > 1 ? "Chaos-Marker kommen" : "Chaos-Marker kommt")) +
                " in das Behältnis (Spielrunde " + std::to_string(turn) + "; " +
                std::to_string(chaos_cup) + " im Behältnis)."});
}

void WsrState::chaos_turn_end(EventList* ev) {
  if (n_chaos > 0 && chaos_f < 0) {
    // WSR 9.0: the turn ended before another formation was drawn: ignored, back into the cup.
    chaos_cup = static_cast<uint8_t>(chaos_cup + n_chaos);
    Emit(ev, "WSR 9.0",
         Text{"The turn ends before another formation marker is drawn: the chaos result" +
                  std::string(n_chaos > 1 ? "s are" : " is") + " ignored and the marker" +
                  (n_chaos > 1 ? "s go" : " goes") + " back into the cup.",
              std::string(
                  "Die Spielrunde endet, bevor ein weiterer Formations-Marker gezogen wird: ") +
                  (std::string(n_chaos > 1 ? "die Chaos-Ergebnisse werden"
                                           : "das Chaos-Ergebnis wird")) +
                  " ignoriert und " + ((n_chaos > 1 ? "die Marker kommen" : "der Marker kommt")) +
                  " zurück in das Behältnis."});
  }
  n_chaos = 0;
  chaos_res = {};
  chaos_f = -1;
}

bool WsrState::chaos_draw(int marker, EventList* ev) {
  if (chaos_f >= 0) {  // the results of the last impulse are used up: removed from play (9.0)
    n_chaos = 0;
    chaos_res = {};
    chaos_f = -1;
  }
  if (marker == kChaosMarker) {
    --chaos_cup;
    Emit(ev, "WSR 9.0",
         Text{"Chaos marker drawn: roll 2 dice on the chaos table.",
              "Chaos-Marker gezogen: 2 Würfel auf der Chaostabelle werfen."});
    push(kStepChaosRoll, -1, -1);
    return true;
  }
  if (marker < game_->num_formations() && n_chaos > 0) {
    chaos_f = static_cast<int8_t>(marker);  // WSR 9.0: the formation whose marker is drawn next
    Emit(ev, "WSR 9.0",
         Text{"The stored chaos result" + std::string(n_chaos > 1 ? "s apply" : " applies") +
                  " to " + game_->formation(marker).data->name + ".",
              std::string(std::string(n_chaos > 1 ? "Die gespeicherten Chaos-Ergebnisse gelten"
                                                  : "Das gespeicherte Chaos-Ergebnis gilt")) +
                  " für " + game_->formation(marker).data->name_de + "."},
         game_->formation(marker).side);
  }
  return false;
}

void WsrState::apply_chaos_roll(int d1, int d2, EventList* ev) {
  pop();  // kStepChaosRoll
  const ChaosResult& r = game_->data().chaos.ForRoll(d1 + d2);
  const std::string head = "Chaos roll " + std::to_string(d1) + "+" + std::to_string(d2) + ": ";
  const std::string head_de = "Chaos-Wurf " + std::to_string(d1) + "+" + std::to_string(d2) + ": ";
  if (Stored(r) && n_chaos < chaos_res.size()) {
    chaos_res[n_chaos++] = static_cast<uint8_t>(r.roll);
    Emit(ev, "WSR 9.0",
         Text{head + ResultText(r) + " -- applies to the formation whose marker is drawn next.",
              std::string(head_de) + ResultTextDe(r) +
                  " -- gilt für die Formation, deren Marker als Nächstes gezogen wird."});
    return;
  }
  // Applies at once (both sides; `drawing-side` read as both sides); the marker is removed.
  if (r.effect == ChaosEffect::kFate && r.amount > 0) {
    for (int s = 0; s < 2; ++s)
      fate_points[static_cast<size_t>(s)] = static_cast<uint8_t>(
          std::min(fate_points[static_cast<size_t>(s)] + r.amount, 99));  // WSR 10.0
    Emit(ev, "WSR 9.0",
         Text{head + ResultText(r) + " -- both sides gain " + std::to_string(r.amount) +
                  " fate point" + (r.amount > 1 ? "s" : "") + "; the marker is removed.",
              std::string(head_de) + ResultTextDe(r) + " -- beide Seiten erhalten " +
                  std::to_string(r.amount) + " " +
                  ((r.amount > 1 ? "Schicksalspunkte" : "Schicksalspunkt")) +
                  "; der Marker wird entfernt."});
    return;
  }
  Emit(ev, "WSR 9.0",
       Text{head + ResultText(r) + " -- the marker is removed.",
            std::string(head_de) + ResultTextDe(r) + " -- der Marker wird entfernt."});
}

bool WsrState::chaos_active(ChaosEffect e, int f) const {
  if (f < 0 || f != chaos_f || f != active_f) return false;
  for (int k = 0; k < n_chaos; ++k)
    if (game_->data().chaos.ForRoll(chaos_res[static_cast<size_t>(k)]).effect == e) return true;
  return false;
}

int WsrState::chaos_amount(ChaosEffect e, int f) const {
  if (f < 0 || f != chaos_f || f != active_f) return 0;
  int n = 0;
  for (int k = 0; k < n_chaos; ++k) {
    const ChaosResult& r = game_->data().chaos.ForRoll(chaos_res[static_cast<size_t>(k)]);
    if (r.effect == e) n += r.amount;
  }
  return n;
}

int WsrState::chaos_dice(int u, int dice) const {
  if (chaos_f < 0 || dice <= 0) return 0;  // fast path: no chaos result in play
  const int d = chaos_amount(ChaosEffect::kFirepower, info(u).formation);
  return std::max(d, 1 - dice);  // at least 1 die (chaos.toml)
}

// WSR 9.0: the stored results take effect right after the 4.1 cleanup of chaos_f's impulse.
// Called at the end of begin_impulse, so the picks resolve before the command tests (pushed
// below them); all-in-command (command_phase), rally (reorganization_phase) and firepower
// (chaos_dice) are read where those steps happen.
void WsrState::chaos_impulse_start(int f, EventList* ev) {
  if (f != chaos_f || n_chaos == 0) return;
  const FormationInfo& fi = game_->formation(f);
  std::vector<int> cand;
  // Picks: pushed so that the first result is decided first.
  for (int k = n_chaos - 1; k >= 0; --k) {
    const ChaosResult& r = game_->data().chaos.ForRoll(chaos_res[static_cast<size_t>(k)]);
    if (r.effect == ChaosEffect::kFate && r.amount > 0) {
      fate_points[fi.side] =
          static_cast<uint8_t>(std::min(fate_points[fi.side] + r.amount, 99));  // WSR 10.0
      Emit(ev, "WSR 9.0",
           Text{"Chaos \"" + r.name + "\": " + SideWordsOf(*game_, fi.side).en + " gain " +
                    std::to_string(r.amount) + " fate point" + (r.amount > 1 ? "s" : "") + ".",
                std::string("Chaos „") + ((r.name_de.empty() ? r.name : r.name_de)) +
                    "“: " + Capital(SideWordsOf(*game_, fi.side).de) + " erhalten " +
                    std::to_string(r.amount) + " " +
                    ((r.amount > 1 ? "Schicksalspunkte" : "Schicksalspunkt")) + "."},
           fi.side);
    } else if (PickEffect(r.effect) && r.amount > 0) {
      chaos_pick_candidates(f, r.effect, cand);
      if (cand.empty()) {
        Emit(ev, "WSR 9.0",
             Text{"Chaos \"" + r.name + "\": no unit of " + fi.data->name + " to pick.",
                  std::string("Chaos „") + ((r.name_de.empty() ? r.name : r.name_de)) +
                      "“: keine Einheit von " + fi.data->name_de + " zur Auswahl."},
             fi.side);
        continue;
      }
      push(kStepChaosPick, f, static_cast<int>(r.effect) * 100 + r.amount);
    } else {
      Emit(ev, "WSR 9.0",
           Text{"Chaos \"" + r.name + "\" for " + fi.data->name + ": " + r.text,
                std::string("Chaos „") + ((r.name_de.empty() ? r.name : r.name_de)) + "“ für " +
                    fi.data->name_de + ": " + ChaosTextDe(r)},
           fi.side);
    }
  }
}

void WsrState::chaos_pick_candidates(int f, ChaosEffect e, std::vector<int>& out) const {
  out.clear();
  for (int u = 0; u < n_units; ++u) {
    if (info(u).formation != f || !on_map(u) || info(u).hq) continue;
    if (loaded(u)) continue;  // carrier.cc: a passenger shares its carrier's state (5.2.4, A-38)
    if (e == ChaosEffect::kDisrupt ? has(u, kDisrupted) : has(u, kOpsComplete)) continue;
    out.push_back(u);
  }
}

void WsrState::chaos_pick_actions(ActionList& out) const {
  std::vector<int> cand;
  chaos_pick_candidates(top().f, static_cast<ChaosEffect>(top().a / 100), cand);
  for (int u : cand) out.push_back(Action(kChaosPick, {u}));
}

void WsrState::apply_chaos_pick(int u, EventList* ev) {
  Step& t = top();
  const int f = t.f;
  const auto e = static_cast<ChaosEffect>(t.a / 100);
  const int left = t.a % 100 - 1;
  const int picker = 1 - game_->formation(f).side;
  if (e == ChaosEffect::kDisrupt) {
    unit(u).flags |= kDisrupted;  // no HQ loss check (chaos.toml)
  } else {
    unit(u).flags |= kOpsComplete;
  }
  Emit(ev, "WSR 9.0",
       Text{Capital(SideWordsOf(*game_, picker).en) + " pick " + unit_label(u) + ": " +
                (e == ChaosEffect::kDisrupt ? "disrupted (chaos)." : "Ops complete (chaos)."),
            Capital(SideWordsOf(*game_, picker).de) + " wählen " + unit_label(u) + ": " +
                ((e == ChaosEffect::kDisrupt ? "zerschlagen (Chaos)."
                                             : "„Operationen beendet“ (Chaos)."))},
       picker);
  std::vector<int> cand;
  chaos_pick_candidates(f, e, cand);
  if (left > 0 && !cand.empty()) {
    t.a = static_cast<int16_t>(static_cast<int>(e) * 100 + left);
    return;
  }
  pop();
  // WSR 9.0: a later result's pick, pushed while the formation still had units for it, may find
  // none left once this one took the last: it passes, as a result with no unit to pick does.
  while (!steps.empty() && top().kind == kStepChaosPick) {
    const Step& next = top();
    chaos_pick_candidates(next.f, static_cast<ChaosEffect>(next.a / 100), cand);
    if (!cand.empty()) break;
    const Formation& fd = *game_->formation(next.f).data;
    Emit(ev, "WSR 9.0",
         Text{"Chaos: no unit of " + fd.name + " left to pick.",
              "Chaos: keine Einheit von " + fd.name_de + " mehr zur Auswahl."},
         picker);
    pop();
  }
}

Text WsrState::chaos_why_illegal(const Action& a) const {
  if (steps.empty() || top().kind != kStepChaosPick)
    return Text{"no chaos result asks for a unit now (WSR 9.0)",
                "gerade verlangt kein Chaos-Ergebnis eine Einheit (WSR 9.0)"};
  if (a.verb != kChaosPick) {
    const Text prompt = chaos_prompt();
    return {"a chaos result is pending: " + prompt.en, "ein Chaos-Ergebnis steht an: " + prompt.de};
  }
  const int u = a.arg(0);
  if (u < 0 || u >= n_units) return Text{"no such unit", "keine solche Einheit"};
  const auto e = static_cast<ChaosEffect>(top().a / 100);
  if (info(u).formation != top().f)
    return Text{unit_label(u) + " is not a unit of " + game_->formation(top().f).data->name +
                    ", the formation the chaos result affects (WSR 9.0)",
                std::string(unit_label(u)) + " ist keine Einheit von " +
                    game_->formation(top().f).data->name_de +
                    ", der Formation, die das Chaos-Ergebnis trifft (WSR 9.0)"};
  if (!on_map(u))
    return Text{unit_label(u) + " is not on the map",
                std::string(unit_label(u)) + " ist nicht auf dem Spielplan"};
  if (info(u).hq)
    return Text{"HQs are not picked: never disrupted (1.3.2.2), never act alone (A-03)",
                "HQs werden nicht gewählt: nie zerschlagen (1.3.2.2), nie allein handelnd (A-03)"};
  return Text{e == ChaosEffect::kDisrupt ? unit_label(u) + " is already disrupted"
                                         : unit_label(u) + " already has Ops complete",
              e == ChaosEffect::kDisrupt ? unit_label(u) + " ist bereits zerschlagen"
                                         : unit_label(u) + " hat bereits „Operationen beendet“"};
}

Text WsrState::chaos_prompt() const {
  const Step& t = top();
  const auto e = static_cast<ChaosEffect>(t.a / 100);
  return Text{
      Capital(SideWordsOf(*game_, 1 - game_->formation(t.f).side).en) + " pick " +
          std::to_string(t.a % 100) + " more unit(s) of " + game_->formation(t.f).data->name +
          (e == ChaosEffect::kDisrupt ? " to be disrupted" : " to receive Ops complete") +
          " (WSR 9.0, chaos table).",
      Capital(SideWordsOf(*game_, 1 - game_->formation(t.f).side).de) + " wählen noch " +
          std::to_string(t.a % 100) + " Einheit(en) von " + game_->formation(t.f).data->name_de +
          ", die " +
          ((e == ChaosEffect::kDisrupt ? "zerschlagen werden" : "„Operationen beendet“ erhalten")) +
          " (WSR 9.0, Chaostabelle)."};
}

bool WsrState::chaos_state_ok(const Step& st) const {
  if (st.kind == kStepChaosRoll) return st.f == -1 && st.a == -1;
  const auto e = static_cast<ChaosEffect>(st.a / 100);
  return st.f >= 0 && st.f < game_->num_formations() && st.a > 0 && PickEffect(e) && st.a % 100 > 0;
}

json WsrState::chaos_to_json() const {
  json res = json::array();
  for (int k = 0; k < n_chaos; ++k) res.push_back(chaos_res[static_cast<size_t>(k)]);
  return {chaos_cup, res, chaos_f};
}

void WsrState::chaos_from_json(const json& j) {
  chaos_cup = j.at(0).get<uint8_t>();
  const json& res = j.at(1);
  if (res.size() > chaos_res.size()) throw std::runtime_error("/chaos: too many results");
  n_chaos = static_cast<uint8_t>(res.size());
  chaos_res = {};
  for (size_t k = 0; k < res.size(); ++k) {
    chaos_res[k] = res[k].get<uint8_t>();
    if (chaos_res[k] < 2 || chaos_res[k] > 12) throw std::runtime_error("/chaos: bad roll");
  }
  chaos_f = j.at(2).get<int8_t>();
  if (chaos_f < -1 || chaos_f >= game_->num_formations())
    throw std::runtime_error("/chaos: formation out of range");
}

uint64_t WsrState::chaos_digest() const {
  uint64_t h = chaos_cup | (static_cast<uint64_t>(n_chaos) << 8) |
               (static_cast<uint64_t>(static_cast<uint8_t>(chaos_f)) << 16);
  for (int k = 0; k < 4; ++k)
    h |= static_cast<uint64_t>(chaos_res[static_cast<size_t>(k)]) << (24 + 8 * k);
  return h;
}

std::string WsrState::chaos_invariant() const {
  if (n_chaos > chaos_res.size()) return "too many stored chaos results (WSR 9.0)";
  if (chaos_f >= 0 && n_chaos == 0) return "chaos formation without a stored result";
  for (int k = 0; k < n_chaos; ++k)
    if (chaos_res[static_cast<size_t>(k)] < 2 || chaos_res[static_cast<size_t>(k)] > 12)
      return "stored chaos result out of 2-12";
  return "";
}

}  // namespace feldherr::wsr
