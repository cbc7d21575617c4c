// White Star Rising advanced rules: artillery (WSR 11.2). Each seat's artillery support is a list
// of strike kinds (GameSetup::artillery, from the scenario's artillery_he "N x FT" and
// artillery_smoke): `call <unit> <hex> <strike>` is an operation of an HQ, SHQ or recon unit of
// the active formation on a hex in its LOS ([REC] A-24: at most two strikes per formation impulse,
// each caller calls before it does anything else, callers in command, recon units in good order).
// Every strike first rolls its 1-die accuracy (1: no effect, the strike is spent). An HE strike
// then places its Barrage marker and attacks the target hex and its six neighbours one hex at a
// time (11.2.1, R.2: firepower dice, the IP's cancel, a defence roll of the hex's soft-target
// terrain dice + 1 for a hard target, no concealment; R.3: even hits, the odd hit at random; HQ
// loss checks, 1.3.2.2). A smoke strike places a Smoke 2 marker (11.2.2): the LOS code adds the
// smoke areas (fortification.cc los_check, [REC] A-25), the marker removal phase flips Smoke 2 to
// Smoke 1 and removes Smoke 1 (smoke_marker_removal, WSR 3.2 step 2). Every die is a chance action
// (kFireDice, kOddHit), held for fate points like any roll (fate.cc). Scenario limits read from
// the scenario data: WSR-A6 `artillery-caller` (formation), WSR-A7 `artillery-limit` (per_turn).
#include <algorithm>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "games/wsr/combat.h"
#include "games/wsr/emit.h"       // last: defines Emit and Fail
#include "games/wsr/los_cache.h"  // perf: WsrFastPaths
#include "games/wsr/scenario.h"
#include "games/wsr/side_words.h"
#include "games/wsr/state.h"

namespace feldherr::wsr {

namespace {

constexpr int kBarrageHexes = 7;  // WSR 11.2: the target hex and its six neighbours

}  // namespace

const GameSetup::Strike& WsrState::strike_kind(int seat, int k) const {
  return game_->setup().artillery[static_cast<size_t>(seat)][static_cast<size_t>(k)];
}

// The strike's word in the action text: "he-45" for an HE strike of firepower 4, to-hit 5 (the
// book's "1 x 45"), "smoke".
std::string WsrState::strike_name(int seat, int k) const {
  if (seat < 0 || seat > 1 || k < 0 ||
      k >= static_cast<int>(game_->setup().artillery[static_cast<size_t>(seat)].size()))
    return "?";
  const GameSetup::Strike& st = strike_kind(seat, k);
  if (st.smoke) return "smoke";
  return "he-" + std::to_string(st.fp) + std::to_string(st.to_hit);
}

Text WsrState::strike_words(int seat, int k) const {
  const std::string name = strike_name(seat, k);
  if (name == "?") return {name, name};
  const GameSetup::Strike& st = strike_kind(seat, k);
  if (st.smoke) return {"smoke", "Rauch"};
  const std::string he = "HE " + std::to_string(st.fp) + "@" + std::to_string(st.to_hit);
  return {he, he};
}

bool WsrState::artillery_step(int kind) {
  return kind >= kStepArtyAccuracy && kind <= kStepArtyOdd;
}

int WsrState::smoke_at(int hex) const {
  for (int k = 0; k < n_smoke; ++k)
    if (smoke_hex[static_cast<size_t>(k)] == hex) return smoke_level[static_cast<size_t>(k)];
  return 0;
}

// WSR 11.2 "as the first action of an HQ, SHQ or recon unit of the active formation"; [REC] A-24.
bool WsrState::can_call_from(int u, Text* why) const {
  if (u < 0 || u >= n_units) return Fail(why, Text{"no such unit", "keine solche Einheit"});
  if (steps.empty() || top().kind != kStepOperations)
    return Fail(
        why,
        Text{"artillery is called as an operation of the active formation (WSR 11.2, 4.4)",
             "Artillerie wird als Operation der aktiven Formation angefordert (WSR 11.2, 4.4)"});
  if (active_f < 0 || info(u).formation != active_f)
    return Fail(
        why, Text{unit_label(u) + " does not belong to the active formation (WSR 11.2)",
                  std::string(unit_label(u)) + " gehört nicht zur aktiven Formation (WSR 11.2)"});
  if (!on_map(u))
    return Fail(why, Text{unit_label(u) + " is not on the map",
                          std::string(unit_label(u)) + " ist nicht auf dem Spielplan"});
  const bool recon = info(u).counter->recon;
  if (!info(u).hq && !recon)
    return Fail(
        why,
        Text{unit_label(u) + " cannot call artillery: only an HQ, SHQ or recon unit may (WSR 11.2, "
                             "1.3.3.2)",
             std::string(unit_label(u)) + " kann keine Artillerie anfordern: nur ein HQ, SHQ oder "
                                          "eine Aufklärungseinheit darf es (WSR 11.2, 1.3.3.2)"});
  // [REC] A-24: an SHQ or recon unit calls only while in command (the formation's HQ always is).
  if ((info(u).shq || recon) && has(u, kOutOfCommand))
    return Fail(
        why, Text{unit_label(u) + " is out of command and may not call artillery (A-24)",
                  std::string(unit_label(u)) +
                      " ist außer Befehlsreichweite und darf keine Artillerie anfordern (A-24)"});
  if (recon && has(u, kDisrupted))
    return Fail(
        why, Text{unit_label(u) + " is disrupted: a recon unit calls artillery only in good " +
                      "order (A-24)",
                  std::string(unit_label(u)) + " ist zerschlagen: eine Aufklärungseinheit fordert "
                                               "Artillerie nur in gutem Zustand an (A-24)"});
  // WSR 11.2 "the call must be its first action" ([REC] A-24: a unit may call several strikes
  // before it does anything else; the call itself gives no Ops complete).
  if (has(u, kOpsComplete))
    return Fail(
        why,
        Text{unit_label(u) + " has Ops complete: the call must be its first action " + "(WSR 11.2)",
             std::string(unit_label(u)) + " hat „Operationen beendet“: die Anforderung muss seine "
                                          "erste Aktion sein (WSR 11.2)"});
  if (has(u, kMovedThisImpulse))
    return Fail(
        why, Text{unit_label(u) + " has moved this impulse: the call must be its first " +
                      "action (WSR 11.2)",
                  std::string(unit_label(u)) + " hat sich in diesem Impuls bewegt: die Anforderung "
                                               "muss seine erste Aktion sein (WSR 11.2)"});
  if (strikes_impulse >= kStrikesPerImpulse)
    return Fail(why, Text{"at most " + std::to_string(kStrikesPerImpulse) +
                              " strikes may be called in a formation impulse (WSR 11.2, A-24)",
                          std::string("höchstens ") + std::to_string(kStrikesPerImpulse) +
                              " Artillerieschläge dürfen in einem Formations-Impuls angefordert "
                              "werden (WSR 11.2, A-24)"});
  // Scenario limits (WSR 11.2 "scenario restrictions exist"), hooks of the scenario data:
  if (const Scenario* sc = scenario_data()) {
    // WSR-A6 artillery-caller: only the HQ of `formation` calls its side's strikes.
    if (const SpecialRule* r = sc->FindRule("artillery-caller")) {
      const int f = game_->formation_index(r->Str("formation"));
      if (f >= 0 && game_->formation(f).side == side_of(u) &&
          (info(u).formation != f || !info(u).formation_hq))
        return Fail(
            why, Text{"only the HQ of " + game_->formation(f).data->name +
                          " may call the artillery strikes of " +
                          SideWordsOf(*game_, side_of(u)).en + " (WSR-A6 artillery-caller)",
                      std::string("nur das HQ von ") + game_->formation(f).data->name_de +
                          " darf die Artillerieschläge " + SideWordsOf(*game_, side_of(u)).de_gen +
                          " anfordern (WSR-A6 artillery-caller)"});
    }
    // WSR-A7 artillery-limit: at most `per_turn` strikes per turn ([Rec] both sides together).
    if (const SpecialRule* r = sc->FindRule("artillery-limit"))
      if (strikes_turn >= r->Int("per_turn", 2))
        return Fail(why,
                    Text{"at most " + std::to_string(r->Int("per_turn", 2)) +
                             " artillery strikes may be called per turn (WSR-A7 artillery-limit)",
                         std::string("höchstens ") + std::to_string(r->Int("per_turn", 2)) +
                             " Artillerieschläge dürfen pro Spielrunde angefordert werden (WSR-A7 "
                             "artillery-limit)"});
  }
  return true;
}

bool WsrState::strike_available(int seat, int hex, int k, Text* why) const {
  if (hex < 0 || hex >= game_->layout().size())
    return Fail(why, Text{"no such hex", "kein solches Feld"});
  const auto& kinds = game_->setup().artillery[static_cast<size_t>(seat)];
  if (k < 0 || k >= static_cast<int>(kinds.size()))
    return Fail(why, Text{Capital(SideWordsOf(*game_, seat).en) +
                              " have no such artillery support (WSR 11.2, scenario)",
                          Capital(SideWordsOf(*game_, seat).de) +
                              " haben keine solche Artillerieunterstützung (WSR 11.2, Szenario)"});
  if (strikes_left[static_cast<size_t>(seat)][static_cast<size_t>(k)] == 0)
    return Fail(why, Text{"no " + strike_words(seat, k).en +
                              " strike is left (WSR 11.2: N x FT = N strikes)",
                          std::string("kein Artillerieschlag ") + strike_words(seat, k).de +
                              " ist mehr übrig (WSR 11.2: N x FT = N Schläge)"});
  return true;
}

bool WsrState::can_call(int u, int hex, int k, Text* why) const {
  return can_call(u, hex, k, why, nullptr);
}

bool WsrState::can_call(int u, int hex, int k, Text* why, const std::vector<uint8_t>* area) const {
  if (u < 0 || u >= n_units) return Fail(why, Text{"no such unit", "keine solche Einheit"});
  const int seat = side_of(u);
  if (!strike_available(seat, hex, k, why)) return false;
  if (area == nullptr && !can_call_from(u, why)) return false;
  // perf: with `area` (no reason asked, every check pure) an HE strike without a target in its
  // seven hexes is refused before the LOS.
  if (area != nullptr && !strike_kind(seat, k).smoke && (*area)[static_cast<size_t>(hex)] == 0)
    return false;
  // WSR 11.2 "on a hex in that unit's LOS" (7.0: the own and adjacent hexes always are).
  const int from = unit(u).hex;
  if (game_->layout().Distance(from, hex) > 1 && !los_clear(from, hex))
    return Fail(
        why, Text{"no LOS from " + hex_name(from) + " to " + hex_name(hex) + ": " +
                      game_->los().Explain(from, hex, los_check(from, hex)) + " (WSR 11.2, 7.0)",
                  std::string("keine Sichtlinie von ") + hex_name(from) + " nach " + hex_name(hex) +
                      ": " + game_->los().Explain(from, hex, los_check(from, hex)) +
                      " (WSR 11.2, 7.0)"});
  const GameSetup::Strike& st = strike_kind(seat, k);
  if (st.smoke) {
    if (n_smoke >= kMaxSmoke && smoke_at(hex) == 0)
      return Fail(why, Text{"all " + std::to_string(kMaxSmoke) +
                                " smoke markers are on the map (WSR 11.2.2)",
                            std::string("alle ") + std::to_string(kMaxSmoke) +
                                " Rauch-Marker sind auf dem Spielplan (WSR 11.2.2)"});
    return true;
  }
  // [Decision] WSR 11.2.1 step 2 attacks only the hexes of the area that contain units: a strike
  // whose seven hexes hold no unit has no effect at all, so it is not offered.
  bool any = area != nullptr && (*area)[static_cast<size_t>(hex)] != 0;
  std::vector<int> listed;
  for (int i = 0; area == nullptr && i < kBarrageHexes && !any; ++i) {
    const int h = i == 0 ? hex : game_->layout().Neighbour(hex, i - 1);
    if (h < 0) continue;
    barrage_targets(h, listed);
    any = !listed.empty();
  }
  if (!any)
    return Fail(why,
                Text{"no unit is in " + hex_name(hex) +
                         " or its six neighbours: an HE strike there has no effect (WSR 11.2.1)",
                     std::string("keine Einheit ist in ") + hex_name(hex) +
                         " oder seinen sechs Nachbarfeldern: ein Artillerieschlag mit "
                         "Sprenggranaten bleibt dort ohne Wirkung (WSR 11.2.1)"});
  return true;
}

void WsrState::call_actions(ActionList& out) const {
  if (active_f < 0) return;
  const int seat = game_->formation(active_f).side;
  const auto& kinds = game_->setup().artillery[static_cast<size_t>(seat)];
  bool any = false;
  for (size_t k = 0; k < kinds.size(); ++k)
    any = any || strikes_left[static_cast<size_t>(seat)][k] > 0;
  if (!any) return;
  const int n = game_->layout().size();
  // perf (fast paths): the hexes whose barrage area holds a target, from one pass over the
  // units, and can_call_from once per unit, not per hex.
  std::vector<uint8_t> area;
  const std::vector<uint8_t>* ap = nullptr;
  if (WsrFastPaths()) {
    std::vector<uint8_t> held(static_cast<size_t>(n), 0);
    for (int t = 0; t < n_units; ++t)  // as barrage_targets lists them
      if (on_map(t) && !info(t).hq && !loaded(t)) held[static_cast<size_t>(unit(t).hex)] = 1;
    area.assign(static_cast<size_t>(n), 0);
    const HexLayout& L = game_->layout();
    for (int h = 0; h < n; ++h) {
      bool near = held[static_cast<size_t>(h)] != 0;
      for (int d = 0; d < kBarrageHexes - 1 && !near; ++d) {
        const int nb = L.Neighbour(h, d);
        near = nb >= 0 && held[static_cast<size_t>(nb)] != 0;
      }
      area[static_cast<size_t>(h)] = near ? 1 : 0;
    }
    ap = &area;
  }
  for (int u = 0; u < n_units; ++u) {
    if (!can_call_from(u, nullptr)) continue;
    for (int k = 0; k < static_cast<int>(kinds.size()); ++k) {
      if (strikes_left[static_cast<size_t>(seat)][static_cast<size_t>(k)] == 0) continue;
      for (int h = 0; h < n; ++h)
        if (can_call(u, h, k, nullptr, ap)) out.push_back(Action(kCall, {u, h, k}));
    }
  }
}

void WsrState::apply_call(int u, int hex, int k, EventList* ev) {
  const int seat = side_of(u);
  --strikes_left[static_cast<size_t>(seat)][static_cast<size_t>(k)];
  ++strikes_impulse;
  ++strikes_turn;
  strike = StrikeRec{static_cast<int16_t>(hex),
                     static_cast<int8_t>(u),
                     static_cast<uint8_t>(seat),
                     static_cast<uint8_t>(k),
                     0,
                     0};
  Emit(ev, "WSR 11.2",
       Text{unit_label(u) + " calls a " + strike_words(seat, k).en + " strike on " + hex_name(hex) +
                " (" +
                std::to_string(strikes_left[static_cast<size_t>(seat)][static_cast<size_t>(k)]) +
                " left); it keeps operating. Accuracy roll: 2-6 on target, 1 no effect (A-24).",
            std::string(unit_label(u)) + " fordert einen Artillerieschlag " +
                strike_words(seat, k).de + " auf " + hex_name(hex) + " an (noch " +
                std::to_string(strikes_left[static_cast<size_t>(seat)][static_cast<size_t>(k)]) +
                "); die Einheit operiert weiter. Treffsicherheitswurf: 2-6 im Ziel, 1 ohne Wirkung "
                "(A-24)."},
       seat);
  push(kStepArtyAccuracy, seat, hex);
}

void WsrState::barrage_targets(int hex, std::vector<int>& out) const {
  out.clear();
  // WSR 11.2 "all units (both sides)"; HQs are no target (1.3.2; they take the HQ loss check).
  for (int t = 0; t < n_units; ++t)
    if (on_map(t) && unit(t).hex == hex && !info(t).hq && !loaded(t))
      out.push_back(t);  // carrier.cc: a passenger shares its carrier's results (5.2.4, A-38)
}

// R.2 for one hex of an HE strike: the strike's firepower and to-hit (no range: band normal); the
// defence dice are the hex's soft-target terrain dice + 1 if a hard target is there (11.2.1 step
// 3, no concealment); an IP cancels the first hit (8.1, A-22).
bool WsrState::barrage_params(int hex, FireParams* p) const {
  if (strike.hex == kNoHex) return false;
  const GameSetup::Strike& st = strike_kind(strike.seat, strike.kind);
  std::vector<int> listed;
  barrage_targets(hex, listed);
  bool hard = false;
  for (int t : listed) hard = hard || hard_target(t);
  FireInput in;
  in.mortar = true;  // a hex attack (R.2)
  in.weapon = FireWeapon{st.fp, st.to_hit, 0, false, false};
  in.terrain_dice = game_->data().terrain[game_->terrain(hex)].defence_soft;
  in.hex_has_hard_target = hard;
  in.improved_position = has_ip(hex);
  special_hex_fire_input(hex, in);  // special_rules.cc: B4 rubble defence (A-36)
  *p = ComputeFireAtBand(in, RangeBand::kNormal);
  return p->legality.legal;
}

int WsrState::artillery_dice_count() const {
  const Step& s = top();
  if (s.kind == kStepArtyAccuracy) return 1;
  FireParams p;
  if (!barrage_params(s.a % kMaxHexes, &p)) return 0;
  return s.kind == kStepArtyAttack ? p.dice : p.defence_dice;
}

// advance(): the next hex of the strike's seven that holds units (11.2.1 step 2), or the end of
// the strike (step 6).
void WsrState::artillery_advance(EventList* ev) {
  while (strike.next < kBarrageHexes) {
    const int i = strike.next++;
    const int h = i == 0 ? strike.hex : game_->layout().Neighbour(strike.hex, i - 1);
    if (h < 0) continue;
    std::vector<int> listed;
    barrage_targets(h, listed);
    if (listed.empty()) continue;
    push(kStepArtyAttack, -1, h);
    return;
  }
  Emit(ev, "WSR 11.2.1",
       Text{"The Barrage marker is removed from " + hex_name(strike.hex) + ".",
            std::string("Der Artillerieschlag-Marker wird von ") + hex_name(strike.hex) +
                " entfernt."},
       strike.seat);
  pop();  // kStepBarrage
  strike = StrikeRec{};
}

void WsrState::apply_artillery_dice(const Step& s, const Action& a, EventList* ev) {
  if (s.kind == kStepArtyAccuracy) {
    const int die = FireDiceOf(a)[0];
    const int seat = strike.seat, hex = strike.hex;
    const GameSetup::Strike& st = strike_kind(seat, strike.kind);
    if (die == 1) {  // WSR 11.2: no effect; [REC] A-24: the strike is spent
      Emit(ev, "WSR 11.2",
           Text{"Accuracy roll 1: the " + strike_words(seat, strike.kind).en + " strike on " +
                    hex_name(hex) + " has no effect; the strike is spent (A-24).",
                std::string("Treffsicherheitswurf 1: der Artillerieschlag ") +
                    strike_words(seat, strike.kind).de + " auf " + hex_name(hex) +
                    " bleibt ohne Wirkung; der Schlag ist verbraucht (A-24)."},
           seat);
      strike = StrikeRec{};
      return;
    }
    if (st.smoke) {  // WSR 11.2.2: a Smoke 2 marker (a new strike on smoke renews it)
      int k = 0;
      while (k < n_smoke && smoke_hex[static_cast<size_t>(k)] != hex) ++k;
      if (k == n_smoke) ++n_smoke;
      smoke_hex[static_cast<size_t>(k)] = static_cast<int16_t>(hex);
      smoke_level[static_cast<size_t>(k)] = 2;
      Emit(ev, "WSR 11.2.2",
           Text{"Accuracy roll " + std::to_string(die) + ": a Smoke 2 marker in " + hex_name(hex) +
                    " blocks LOS into, through and out of it and its six neighbours (A-25).",
                std::string("Treffsicherheitswurf ") + std::to_string(die) +
                    ": ein Rauch-2-Marker in " + hex_name(hex) +
                    " blockiert die Sichtlinie in, durch und aus diesem Feld und seinen sechs "
                    "Nachbarfeldern (A-25)."},
           seat);
      strike = StrikeRec{};
      return;
    }
    strike.landed = 1;  // WSR 11.2.1 step 1: the Barrage marker
    Emit(ev, "WSR 11.2.1",
         Text{"Accuracy roll " + std::to_string(die) + ": the strike lands; Barrage marker on " +
                  hex_name(hex) + ". Each of the seven hexes with units is attacked with " +
                  DiceCount(st.fp) + " hitting on " + std::to_string(st.to_hit) + "+.",
              std::string("Treffsicherheitswurf ") + std::to_string(die) +
                  ": der Schlag liegt im Ziel; Artillerieschlag-Marker auf " + hex_name(hex) +
                  ". Jedes der sieben Felder mit Einheiten wird " + MitWuerfelnDe(st.fp) +
                  " angegriffen, Treffer ab " + std::to_string(st.to_hit) + "+."},
         seat);
    push(kStepBarrage, active_f, hex);
    return;
  }
  const int hex = s.a % kMaxHexes;
  std::vector<int> listed;
  barrage_targets(hex, listed);
  if (s.kind == kStepArtyOdd) {
    resolve_barrage_hex(hex, s.a / kMaxHexes, a.arg(0), ev);
    return;
  }
  FireParams p;
  barrage_params(hex, &p);
  const int owner = listed.empty() ? 1 - strike.seat : side_of(listed[0]);
  const std::vector<int> d = FireDiceOf(a);
  int hits = s.a / kMaxHexes;
  if (s.kind == kStepArtyAttack) {
    hits = CountHits(d, p.to_hit, p.hit_cap);
    Emit(ev, "WSR 11.2.1",
         Text{"Barrage on " + hex_name(hex) + ": " + DiceText(d) + ", " + std::to_string(hits) +
                  " hit" + (hits == 1 ? "" : "s") + ".",
              std::string("Artillerieschlag auf ") + hex_name(hex) + ": " + DiceTextDe(d) + ", " +
                  std::to_string(hits) + " Treffer."},
         owner);
    if (hits > 0 && p.ip_cancels > 0) {  // WSR 8.1, A-22: the IP cancels the first hit
      hits = std::max(0, hits - p.ip_cancels);
      Emit(ev, "WSR 8.1",
           Text{"The improved position in " + hex_name(hex) + " cancels one hit.",
                std::string("Der Schützengraben in ") + hex_name(hex) + " hebt einen Treffer auf."},
           owner);
    }
    if (hits > 0 && p.defence_dice > 0) {
      push(kStepArtyDefence, -1, static_cast<int16_t>(hex + kMaxHexes * hits));
      return;
    }
  } else {
    const int c = std::min(hits, CountCancels(d, p.save));
    Emit(ev, "WSR 11.2.1",
         Text{"The defender of " + hex_name(hex) + " rolls " + DiceText(d) + ": " +
                  std::to_string(c) + " cancelled (5-6, no concealment).",
              std::string("Der Verteidiger von ") + hex_name(hex) + " würfelt " + DiceTextDe(d) +
                  ": " + std::to_string(c) + " aufgehoben (5-6, keine Deckung)."},
         owner);
    hits -= c;
  }
  // WSR 11.2.1 step 4: every unit takes one hit before any takes two; the odd hit at random.
  if (listed.size() > 1 && hits % static_cast<int>(listed.size()) != 0) {
    push(kStepArtyOdd, -1, static_cast<int16_t>(hex + kMaxHexes * hits));
    return;
  }
  resolve_barrage_hex(hex, hits, -1, ev);
}

// WSR 11.2.1 steps 4-5 (R.3): even hits, `odd` = the unit drawn for the odd hit (-1: none), then
// the HQ loss checks of the hex (1.3.2.2).
void WsrState::resolve_barrage_hex(int hex, int net, int odd, EventList* ev) {
  std::vector<int> listed;
  barrage_targets(hex, listed);
  if (listed.empty()) return;
  const int side = side_of(listed[0]);
  const bool elim = hit_hex_evenly(listed, net, odd, "WSR 11.2.1", ev);  // fire.cc, R.3
  if (net > 0) hq_loss_checks(hex, side, true, elim, ev);                // WSR 11.2.1 step 5
}

Text WsrState::artillery_prompt() const {
  const Step& t = top();
  switch (t.kind) {
    case kStepArtyAccuracy:
      return Text{"Roll 1 die: accuracy of the " + strike_words(strike.seat, strike.kind).en +
                      " strike on " + hex_name(t.a) + "; 1 = no effect (WSR 11.2).",
                  std::string("1 Würfel werfen: Treffsicherheit des Artillerieschlags ") +
                      strike_words(strike.seat, strike.kind).de + " auf " + hex_name(t.a) +
                      "; 1 = keine Wirkung (WSR 11.2)."};
    case kStepArtyAttack:
    case kStepArtyDefence:
      return Text{
          "Roll " + DiceCount(artillery_dice_count()) + ": " +
              (t.kind == kStepArtyAttack ? "barrage on " : "defence of ") +
              hex_name(t.a % kMaxHexes) + " (WSR 11.2.1).",
          std::string(DiceCountDe(artillery_dice_count())) + " werfen: " +
              ((t.kind == kStepArtyAttack ? "Artillerieschlag auf " : "Verteidigung von ")) +
              hex_name(t.a % kMaxHexes) + " (WSR 11.2.1)."};
    case kStepArtyOdd:
      return Text{"Draw the unit in " + hex_name(t.a % kMaxHexes) +
                      " that takes the odd hit (WSR 11.2.1 step 4).",
                  std::string("Die Einheit in ") + hex_name(t.a % kMaxHexes) +
                      " ziehen, die den überzähligen Treffer erhält (WSR 11.2.1 Schritt 4)."};
    default:
      return Text{"The barrage on " + hex_name(t.a) + " is resolved hex by hex (WSR 11.2.1).",
                  std::string("Der Artillerieschlag auf ") + hex_name(t.a) +
                      " wird Feld für Feld abgewickelt (WSR 11.2.1)."};
  }
}

Text WsrState::call_why_illegal(const Action& a) const {
  Text why;
  if (a.argc < 3)
    return Text{"call <unit> <hex> <strike> (WSR 11.2)",
                "call <Einheit> <Feld> <Schlag> (WSR 11.2)"};
  if (!can_call(a.arg(0), a.arg(1), a.arg(2), &why)) return why;
  return not_legal_now();
}

// WSR 3.2 step 2, 11.2.2: every Smoke 1 marker on the map at the start of the MRP is removed,
// then every Smoke 2 marker is flipped to Smoke 1.
void WsrState::smoke_marker_removal(EventList* ev) {
  if (n_smoke == 0) return;
  int kept = 0;
  for (int k = 0; k < n_smoke; ++k) {
    const int hex = smoke_hex[static_cast<size_t>(k)];
    if (smoke_level[static_cast<size_t>(k)] <= 1) {
      Emit(ev, "WSR 11.2.2",
           Text{"The Smoke 1 marker in " + hex_name(hex) + " is removed.",
                std::string("Der Rauch-1-Marker in ") + hex_name(hex) + " wird entfernt."});
      continue;
    }
    Emit(
        ev, "WSR 11.2.2",
        Text{"The Smoke 2 marker in " + hex_name(hex) + " is flipped to Smoke 1.",
             std::string("Der Rauch-2-Marker in ") + hex_name(hex) + " wird auf Rauch 1 gedreht."});
    smoke_hex[static_cast<size_t>(kept)] = static_cast<int16_t>(hex);
    smoke_level[static_cast<size_t>(kept)] = 1;
    ++kept;
  }
  for (int k = kept; k < kMaxSmoke; ++k) {
    smoke_hex[static_cast<size_t>(k)] = 0;
    smoke_level[static_cast<size_t>(k)] = 0;
  }
  n_smoke = static_cast<uint8_t>(kept);
}

bool WsrState::artillery_default() const {
  if (strikes_impulse != 0 || strikes_turn != 0 || strike.hex != kNoHex || n_smoke != 0)
    return false;
  for (const auto& seat : strikes_left)
    for (uint8_t n : seat)
      if (n != 0) return false;
  return true;
}

bool WsrState::artillery_state_ok(const Step& st) const {
  const int nh = game_->layout().size();
  if (strike.hex == kNoHex) return false;
  switch (st.kind) {
    case kStepArtyAccuracy:
      return st.f == strike.seat && st.a == strike.hex && strike.landed == 0;
    case kStepBarrage:
      // f: the active formation; -1 for the WSR-A7 pre-game strike (before any activation).
      return st.a == strike.hex && strike.landed == 1 &&
             ((st.f >= 0 && st.f < game_->num_formations()) || (st.f == -1 && active_f < 0));
    default:
      return st.a >= 0 && st.a % kMaxHexes < nh && strike.landed == 1;
  }
}

json WsrState::artillery_to_json() const {
  json smoke = json::array();
  for (int k = 0; k < n_smoke; ++k)
    smoke.push_back({smoke_hex[static_cast<size_t>(k)], smoke_level[static_cast<size_t>(k)]});
  return {
      {"left", strikes_left},
      {"impulse", strikes_impulse},
      {"turn", strikes_turn},
      {"strike", {strike.hex, strike.caller, strike.seat, strike.kind, strike.landed, strike.next}},
      {"smoke", smoke}};
}

void WsrState::artillery_from_json(const json& j) {
  const auto bad = [](const char* what) {
    throw std::runtime_error(std::string("/artillery: ") + what);
  };
  strikes_left = j.at("left").get<std::array<std::array<uint8_t, kMaxStrikeKinds>, 2>>();
  for (size_t seat = 0; seat < 2; ++seat)
    for (size_t k = game_->setup().artillery[seat].size(); k < kMaxStrikeKinds; ++k)
      if (strikes_left[seat][k] != 0) bad("strikes of a kind the side does not have");
  strikes_impulse = j.at("impulse").get<uint8_t>();
  if (strikes_impulse > kStrikesPerImpulse) bad("too many strikes this impulse");
  strikes_turn = j.at("turn").get<uint8_t>();
  const json& r = j.at("strike");
  strike.hex = r.at(0).get<int16_t>();
  strike.caller = r.at(1).get<int8_t>();
  strike.seat = r.at(2).get<uint8_t>();
  strike.kind = r.at(3).get<uint8_t>();
  strike.landed = r.at(4).get<uint8_t>();
  strike.next = r.at(5).get<uint8_t>();
  if (strike.hex != kNoHex &&
      (strike.hex < 0 || strike.hex >= game_->layout().size() || strike.seat > 1 ||
       strike.kind >= game_->setup().artillery[strike.seat].size() || strike.caller < 0 ||
       strike.caller >= n_units || strike.landed > 1 || strike.next > kBarrageHexes))
    bad("bad strike");
  const json& sm = j.at("smoke");
  if (sm.size() > static_cast<size_t>(kMaxSmoke)) bad("too many smoke markers");
  n_smoke = static_cast<uint8_t>(sm.size());
  smoke_hex = {};
  smoke_level = {};
  for (size_t k = 0; k < sm.size(); ++k) {
    smoke_hex[k] = sm[k].at(0).get<int16_t>();
    smoke_level[k] = sm[k].at(1).get<uint8_t>();
    if (smoke_hex[k] < 0 || smoke_hex[k] >= game_->layout().size() || smoke_level[k] < 1 ||
        smoke_level[k] > 2)
      bad("bad smoke marker");
  }
}

uint64_t WsrState::artillery_digest() const {
  uint64_t h = 0x9e3779b97f4a7c15ULL;
  const auto mix = [&h](uint64_t v) { h = (h ^ v) * 0x100000001b3ULL + (h >> 29); };
  for (const auto& seat : strikes_left)
    for (uint8_t n : seat) mix(n);
  mix(strikes_impulse);
  mix(strikes_turn);
  mix((static_cast<uint64_t>(static_cast<uint16_t>(strike.hex)) << 40) |
      (static_cast<uint64_t>(static_cast<uint8_t>(strike.caller)) << 32) |
      (static_cast<uint64_t>(strike.seat) << 24) | (static_cast<uint64_t>(strike.kind) << 16) |
      (static_cast<uint64_t>(strike.landed) << 8) | strike.next);
  mix(n_smoke);
  for (int k = 0; k < n_smoke; ++k)
    mix((static_cast<uint64_t>(static_cast<uint16_t>(smoke_hex[static_cast<size_t>(k)])) << 8) |
        smoke_level[static_cast<size_t>(k)]);
  return h;
}

std::string WsrState::artillery_invariant() const {
  if (n_smoke > kMaxSmoke) return "too many smoke markers (WSR 11.2.2)";
  for (int k = 0; k < n_smoke; ++k) {
    const int lv = smoke_level[static_cast<size_t>(k)];
    if (lv < 1 || lv > 2) return "smoke marker level out of 1-2 (WSR 11.2.2)";
    for (int j = 0; j < k; ++j)
      if (smoke_hex[static_cast<size_t>(j)] == smoke_hex[static_cast<size_t>(k)])
        return "two smoke markers in one hex (WSR 11.2.2)";
  }
  if (strikes_impulse > kStrikesPerImpulse) return "more than two strikes in an impulse (A-24)";
  bool step = false;
  for (const Step& s : steps) step = step || artillery_step(s.kind);
  if (step && strike.hex == kNoHex) return "an artillery step without a strike (WSR 11.2)";
  if (!step && strike.hex != kNoHex) return "a strike without its artillery step (WSR 11.2)";
  return "";
}

}  // namespace feldherr::wsr
