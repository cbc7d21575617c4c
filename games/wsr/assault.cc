// White Star Rising: assault (WSR 6.3, 6.3.1, 6.3.1.1) and overrun (WSR 6.4) in the game state,
// R.4: both sides roll before any hit is applied. The numbers come from games/wsr/combat.h
// (ComputeAssault, CountHits, AllocateEven, ApplyHits via hit_unit, DecideAssaultOutcome); every
// roll is a chance decision (kFireDice per unit, kOddHit for the odd hit) applied through
// apply_fire_dice -> apply_assault_dice. The procedure is a kStepAssault record driven by
// advance() with its data in WsrState::assault (phases below); decisions (HQ support, retreat
// hex) are steps above it.
#include <algorithm>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>
#include <vector>

#include "games/wsr/board.h"
#include "games/wsr/combat.h"
#include "games/wsr/emit.h"  // last: defines Emit and Fail
#include "games/wsr/odds.h"
#include "games/wsr/state.h"

namespace feldherr::wsr {

namespace {

// Phases of the kStepAssault record.
enum AssaultPhase : uint8_t {
  kPhaseSupport = 0,  // 6.3 step 1: HQ support chosen
  kPhaseRoll,         // steps 2-3: the rolls are pushed
  kPhaseOdd,          // step 4: odd hits drawn
  kPhaseApply,        // step 4-5: hits applied, HQ loss checks pushed
  kPhaseOutcome,      // step 6-7: return / retreat
  kPhaseFinish,       // step 8: Ops complete, the move step
};

}  // namespace

bool WsrState::assault_step(int kind) {
  return (kind >= kStepAssault && kind <= kStepRetreat) ||
         (kind >= kStepPlaceMine && kind <= kStepMineClear);
}

bool WsrState::in_enemy_hex() const {
  return n_group > 0 && enemy_in(unit(group[0]).hex, side_of(group[0]));
}

namespace {

// The HQ/SHQ of `side` in `hex`, or -1 (one per side per hex, A-03).
int HqIn(const WsrState& s, int hex, int side) {
  if (side != 0 && side != 1) return -1;
  for (int h : s.wgame().side_units(side))  // perf: the units with side_of(h) == side
    if (h < s.n_units && s.info(h).hq && s.on_map(h) && s.unit(h).hex == hex) return h;
  return -1;
}

UnitState StateOf(const WsrState& s, int u) {
  UnitState st;
  st.disrupted = s.has(u, kDisrupted);
  st.reduced = s.has(u, kReduced);
  st.single_step = s.info(u).counter->steps == 1;
  return st;
}

// AssaultInput for attackers `att` entering `hex` against `def`; `support` per side (-1 none).
AssaultInput BuildInput(const WsrState& s, int hex, bool overrun, const std::vector<int>& att,
                        const std::vector<int>& def, int support_att, int support_def,
                        int att_side) {
  AssaultInput in;
  in.overrun = overrun;
  const TerrainType& t = s.wgame().data().terrain[s.wgame().terrain(hex)];
  in.city = t.terrain == Terrain::kCity;
  in.clear_or_hill = t.overrun;
  in.improved_position = s.has_ip(hex);  // WSR 8.1, A-14: first hit on the defending side
  for (int side_idx = 0; side_idx < 2; ++side_idx) {
    const std::vector<int>& units = side_idx == 0 ? att : def;
    const int sup = side_idx == 0 ? support_att : support_def;
    const int side = side_idx == 0 ? att_side : 1 - att_side;
    for (int u : units) {
      int hq_dice = 0;
      if (u == sup) {
        const int h = HqIn(s, hex, side);
        if (h >= 0) hq_dice = s.face(h).command_value;
      }
      AssaultUnit a =
          MakeAssaultUnit(*s.info(u).counter, s.has(u, kMounted), StateOf(s, u), hq_dice);
      // A-13 is checked at initiation (can_assault); an attacker disrupted on entry (by a mine)
      // still rolls normally (own reading: no rule cancels the assault).
      if (side_idx == 0) a.disrupted = false;
      if (side_idx == 0 && a.strength > 0)  // chaos.cc (WSR 9.0): firepower of the attackers
        a.extra_dice += s.chaos_dice(u, a.strength + a.hq_dice + (a.enhanced ? 1 : 0));
      (side_idx == 0 ? in.attackers : in.defenders).push_back(a);
    }
  }
  return in;
}

// The combat units of an assault into `to` (WSR 6.3, 1.3.2.2: HQs never attack or defend): the
// moving stack's and the enemy's in `to`.
void AssaultSides(const WsrState& s, int to, std::vector<int>& att, std::vector<int>& def) {
  att.clear();
  def.clear();
  const int side = s.side_of(s.group[0]);
  for (int k = 0; k < s.n_group; ++k)
    if (!s.info(s.group[static_cast<size_t>(k)]).hq) att.push_back(s.group[static_cast<size_t>(k)]);
  for (int u = 0; u < s.n_units; ++u)
    if (s.on_map(u) && s.unit(u).hex == to && s.side_of(u) != side && !s.info(u).hq &&
        !s.loaded(u))  // carrier.cc: a passenger shares its carrier's results (5.2.4, A-38)
      def.push_back(u);
}

// The listed units still on the map (a mine may eliminate an attacker at entry).
void Listed(const WsrState& s, const std::array<int8_t, 2>& a, std::vector<int>& out) {
  out.clear();
  for (int8_t u : a)
    if (u >= 0 && s.on_map(u)) out.push_back(u);
}

}  // namespace

// GameModule::odds for `assault HEX` / `overrun HEX` (board.h): the exchange of WSR 6.3 / 6.4
// with the moving stack as it stands, before any HQ support is chosen (step 1 comes after the
// declaration) and before a minefield in the hex is met.
nlohmann::json AssaultOddsJson(const WsrState& s, int hex, bool overrun) {
  using nlohmann::json;
  if (!s.can_assault(hex, overrun, nullptr)) return nullptr;
  const int side = s.side_of(s.group[0]);
  std::vector<int> att, def;
  AssaultSides(s, hex, att, def);
  const AssaultInput in = BuildInput(s, hex, overrun, att, def, -1, -1, side);
  if (in.attackers.size() > 4 || in.defenders.size() > 4) return nullptr;
  const AssaultOdds o = OddsOfAssault(in);
  json outcome = json::object();
  for (size_t k = 0; k < o.outcome.size(); ++k) {
    const auto oc = static_cast<AssaultOutcome>(k);
    const bool fits =
        overrun ? oc != AssaultOutcome::kDefendersRetreat && oc != AssaultOutcome::kAttackersReturn
                : oc != AssaultOutcome::kOverrunContinues && oc != AssaultOutcome::kOverrunReturns;
    if (fits || o.outcome[k] > 0) outcome[AssaultOutcomeName(oc)] = o.outcome[k];
  }
  json units = json::object();
  auto add_units = [&](const std::vector<int>& ids, const std::vector<ResultOdds>& r) {
    for (size_t i = 0; i < ids.size() && i < r.size(); ++i) {
      json x = json::object();
      for (int c = 0; c < kNumCombatResults; ++c)
        x[CombatResultName(static_cast<CombatResult>(c))] = r[i][static_cast<size_t>(c)];
      units[s.unit_label(ids[i])] = x;
    }
  };
  add_units(att, o.attacker_result);
  add_units(def, o.defender_result);
  std::vector<double> taken = o.defenders_take;  // without impossible high counts
  while (taken.size() > 1 && taken.back() == 0.0) taken.pop_back();
  double expected = 0;
  for (size_t k = 0; k < o.defenders_take.size(); ++k)
    expected += static_cast<double>(k) * o.defenders_take[k];
  const char* rule = overrun ? "WSR 6.4" : "WSR 6.3";
  const double win = o.outcome[static_cast<size_t>(AssaultOutcome::kDefendersEliminated)] +
                     o.outcome[static_cast<size_t>(AssaultOutcome::kDefendersRetreat)] +
                     o.outcome[static_cast<size_t>(AssaultOutcome::kOverrunContinues)];
  const Text summary = say(
      "{0} into {2}: {3} against {4}, expected hits on the defenders {5:.2f} (after any improved "
      "position); the attackers take the hex or go on with {6:.1f}% ({7}; without HQ support, "
      "chosen next)",
      "{1} auf {2}: {3} gegen {4}, erwartete Treffer bei den Verteidigern {5:.2Lf} (nach einem "
      "etwaigen Schützengraben); die Angreifer nehmen das Feld oder ziehen weiter mit "
      "{6:.1Lf}\u00a0% "
      "({7}; ohne HQ-Unterstützung, die danach gewählt wird)",
      overrun ? "overrun" : "assault", overrun ? "Überrennen" : "Sturmangriff", s.hex_name(hex),
      att.size(), def.size(), expected, 100 * win, rule);
  return {{"kind", overrun ? "wsr-overrun" : "wsr-assault"},
          {"summary", summary.en},
          {"summary_de", summary.de},
          {"hits_by_attackers", o.hits_by_attackers},
          {"hits_by_defenders", o.hits_by_defenders},
          {"net_hits", taken},
          {"result", outcome},
          {"units", units},
          {"expected_net_hits", expected}};
}

// [REC] A-02: an HQ supports at most one attacking unit of its hex per impulse (own or enemy)
// with its command value; the owner chooses by declaring the attack "with-hq".
int WsrState::free_hq_support(int u) const {
  if (!on_map(u)) return -1;
  const int h = HqIn(*this, unit(u).hex, side_of(u));
  if (h < 0 || has(h, kHqSupported) || face(h).command_value <= 0) return -1;
  return h;
}

void WsrState::use_hq_support(int u, EventList* ev) {
  const int h = free_hq_support(u);
  if (h < 0) return;
  unit(h).flags |= kHqSupported;
  unit(u).flags |= kHqBonus;
  Emit(ev, "WSR 6.1",
       Text{unit_label(h) + " supports " + unit_label(u) + " with its command value " +
                std::to_string(face(h).command_value) + " (A-02: once this impulse).",
            std::string(unit_label(h)) + " unterstützt " + unit_label(u) +
                " mit seinem Befehlswert " + std::to_string(face(h).command_value) +
                " (A-02: einmal in diesem Impuls)."},
       side_of(u));
}

// WSR 6.3 (initiation), 6.4 (who/where, cost, MP to leave, once per hex), A-13, A-16.
bool WsrState::can_assault(int to, bool overrun, Text* why) const {
  const char* rule = overrun ? "WSR 6.4" : "WSR 6.3";
  if (steps.empty() || top().kind != kStepMove || n_group == 0)
    return Fail(why,
                Text{std::string("select a unit first: an ") + (overrun ? "overrun" : "assault") +
                         " is made by moving (" + rule + ")",
                     std::string("zuerst eine Einheit auswählen: ") +
                         ((overrun ? "Überrennen" : "ein Sturmangriff")) +
                         " geschieht durch Bewegung (" + rule + ")"});
  const HexLayout& L = game_->layout();
  const int from = unit(group[0]).hex;
  const int side = side_of(group[0]);
  if (to < 0 || to >= L.size()) return Fail(why, Text{"no such hex", "kein solches Feld"});
  if (!L.Adjacent(from, to))
    return Fail(
        why, Text{hex_name(to) + " is not adjacent to " + hex_name(from) + " (WSR 5.0)",
                  std::string(hex_name(to)) + " grenzt nicht an " + hex_name(from) + " (WSR 5.0)"});
  if (in_enemy_hex())
    return Fail(why, Text{"the stack must first leave " + hex_name(from) +
                              " into a hex without enemy units (WSR 6.4)",
                          std::string("der Stapel muss ") + hex_name(from) +
                              " zuerst in ein Feld ohne feindliche Einheiten verlassen (WSR 6.4)"});
  // carrier.cc ([REC] A-38): passengers take part only once unloaded (5.2.2).
  for (int k = 0; k < n_group; ++k)
    if (passengers_of(group[static_cast<size_t>(k)]) > 0)
      return Fail(why, Text{unit_label(group[static_cast<size_t>(k)]) +
                                " carries passengers: unload them before an " +
                                (overrun ? "overrun" : "assault") + " (" + rule + ", A-38)",
                            std::string(unit_label(group[static_cast<size_t>(k)])) +
                                " hat Mitfahrer: sie vor " +
                                ((overrun ? "dem Überrennen" : "dem Sturmangriff")) + " abladen (" +
                                rule + ", A-38)"});
  std::vector<int> att, def;
  AssaultSides(*this, to, att, def);
  if (def.empty())
    return Fail(why, Text{hex_name(to) + " holds no enemy combat unit (" + std::string(rule) + ")",
                          std::string(hex_name(to)) + " enthält keine feindliche Kampfeinheit (" +
                              std::string(rule) + ")"});
  if (att.empty())
    return Fail(why, Text{"an HQ cannot attack (WSR 1.3.2.2)",
                          "ein HQ kann nicht angreifen (WSR 1.3.2.2)"});
  if (att.size() > static_cast<size_t>(kStackLimit))
    return Fail(why, Text{"stacking: more than 2 combat units in " + hex_name(to) + " (WSR 1.4)",
                          std::string("Stapeln: mehr als 2 Kampfeinheiten in ") + hex_name(to) +
                              " (WSR 1.4)"});
  const AssaultInput in = BuildInput(*this, to, overrun, att, def, -1, -1, side);
  for (size_t k = 0; k < att.size(); ++k) {
    if (in.attackers[k].strength <= 0)
      return Fail(
          why,
          Text{unit_label(att[k]) + " has no assault strength and may not attack (" + rule + ")",
               std::string(unit_label(att[k])) +
                   " hat keine Sturmangriffsstärke und darf nicht angreifen (" + rule + ")"});
    if (has(att[k], kDisrupted))
      return Fail(why, Text{"disrupted " + unit_label(att[k]) +
                                " may not assault or overrun (WSR 6.1.7, A-13)",
                            std::string("die zerschlagene Einheit ") + unit_label(att[k]) +
                                " darf weder stürmen noch überrennen (WSR 6.1.7, A-13)"});
    if (!overrun && in.attackers[k].star)
      return Fail(why, Text{unit_label(att[k]) +
                                " has a star after its assault to-hit and may not initiate an "
                                "assault (WSR 6.3)",
                            std::string(unit_label(att[k])) +
                                " hat einen Stern hinter seiner Sturmangriffs-Trefferzahl und darf "
                                "keinen Sturmangriff beginnen (WSR 6.3)"});
    if (overrun && !hard_target(att[k]))
      return Fail(
          why, Text{unit_label(att[k]) + " is not an armored vehicle (WSR 6.4)",
                    std::string(unit_label(att[k])) + " ist kein gepanzertes Fahrzeug (WSR 6.4)"});
  }
  const AssaultParams p = ComputeAssault(in);
  if (!p.legality) return Fail(why, Text{p.legality.reason, std::string(p.legality.reason_de)});
  // MP: normal cost, +1 for an overrun (WSR 6.4); each member pays its own (5.0).
  const int extra = overrun ? 1 : 0;
  for (int k = 0; k < n_group; ++k) {
    const int u = group[static_cast<size_t>(k)];
    const int c = step_cost(u, from, to);
    if (c < 0)
      return Fail(why,
                  Text{hex_name(to) + " is impassable (WSR 5.0, terrain chart)",
                       std::string(hex_name(to)) + " ist unpassierbar (WSR 5.0, Geländetabelle)"});
    if (c + extra > mp_left(u))
      return Fail(why, Text{unit_label(u) + " needs " + std::to_string(c + extra) + " MP to " +
                                (overrun ? "overrun " : "enter ") + hex_name(to) + " and has " +
                                std::to_string(mp_left(u)) + " (" + rule + ")",
                            std::string(unit_label(u)) + " braucht " + std::to_string(c + extra) +
                                " BP, um " + hex_name(to) + " zu " +
                                ((overrun ? "überrennen" : "betreten")) + ", und hat " +
                                std::to_string(mp_left(u)) + " (" + rule + ")"});
    if (info(u).hq) {
      bool escorted = false;
      for (int v : att) escorted = escorted || info(v).formation == info(u).formation;
      if (!escorted)
        return Fail(why,
                    Text{"an HQ may move only together with a unit of its formation (WSR 1.3.2)",
                         "ein HQ darf sich nur zusammen mit einer Einheit seiner Formation bewegen "
                         "(WSR 1.3.2)"});
    }
  }
  // WSR 1.3.2 / A-03: an HQ staying behind keeps a unit of its formation.
  if (!hqs_keep_company(from, why)) return false;
  if (overrun) {
    // WSR 6.4: not the same hex twice per impulse.
    for (int k = 0; k < n_overruns; ++k)
      for (int u : att)
        if (overrun_unit[static_cast<size_t>(k)] == u && overrun_hex[static_cast<size_t>(k)] == to)
          return Fail(why, Text{unit_label(u) + " already overran " + hex_name(to) +
                                    " this impulse (WSR 6.4)",
                                std::string(unit_label(u)) + " hat " + hex_name(to) +
                                    " in diesem Impuls bereits überrannt (WSR 6.4)"});
    if (n_overruns + static_cast<int>(att.size()) > static_cast<int>(overrun_unit.size()))
      return Fail(
          why, Text{"no more overruns can be recorded this impulse (WSR 6.4)",
                    "in diesem Impuls können keine weiteren Überrennen vermerkt werden (WSR 6.4)"});
    // WSR 6.4: enough MP left to leave into an adjacent hex without enemy units (one hex the
    // whole stack can reach, since it moves on together).
    bool exit = false;
    for (int d = 0; d < kHexDirs && !exit; ++d) {
      const int nb = L.Neighbour(to, d);
      if (nb < 0 || enemy_in(nb, side)) continue;
      // The stack must be able to enter it (1.4 stacking, one HQ per side; the origin hex is
      // counted without the stack, which has left it).
      int combat = static_cast<int>(att.size());
      bool hq = false;
      for (int v = 0; v < n_units; ++v) {
        if (!on_map(v) || unit(v).hex != nb || side_of(v) != side || in_group(v)) continue;
        if (info(v).hq) {
          hq = true;
        } else {
          ++combat;
        }
      }
      bool group_hq = false;
      for (int k = 0; k < n_group; ++k)
        group_hq = group_hq || info(group[static_cast<size_t>(k)]).hq;
      if (combat > kStackLimit || (hq && group_hq)) continue;
      bool all = true;
      for (int k = 0; k < n_group && all; ++k) {
        const int u = group[static_cast<size_t>(k)];
        const int c = step_cost(u, to, nb);
        all = c >= 0 && c <= mp_left(u) - step_cost(u, from, to) - 1;
      }
      exit = all;
    }
    if (!exit)
      return Fail(
          why,
          Text{"after the overrun the stack would lack the MP to leave " + hex_name(to) +
                   " into a hex without enemy units (WSR 6.4)",
               std::string("nach dem Überrennen hätte der Stapel nicht mehr die BP, um ") +
                   hex_name(to) + " in ein Feld ohne feindliche Einheiten zu verlassen (WSR 6.4)"});
  }
  return true;
}

void WsrState::assault_move_actions(ActionList& out, const Around* around) const {
  if (n_group == 0) return;
  const int from = unit(group[0]).hex;
  const int side = side_of(group[0]);
  for (int d = 0; d < kHexDirs; ++d) {
    const int nb = game_->layout().Neighbour(from, d);
    if (nb < 0) continue;
    if (around != nullptr ? around->enemy[static_cast<size_t>(d)] == 0 : !enemy_in(nb, side))
      continue;
    if (can_assault(nb, false, nullptr)) out.push_back(Action(kAssault, {nb}));
    if (can_assault(nb, true, nullptr)) out.push_back(Action(kOverrun, {nb}));
  }
}

// ---------------------------------------------------------------------------------------------
// The procedure.

namespace {

void StartAssault(WsrState& s, int to, bool overrun, EventList* ev) {
  const int from = s.unit(s.group[0]).hex;
  const int side = s.side_of(s.group[0]);
  WsrState::AssaultRec& A = s.assault;
  A = WsrState::AssaultRec{};
  A.hex = static_cast<int16_t>(to);
  A.from = static_cast<int16_t>(from);
  A.side = static_cast<uint8_t>(side);
  A.overrun = overrun ? 1 : 0;
  std::string names;
  int na = 0, nd = 0;
  for (int k = 0; k < s.n_group; ++k) {
    const int u = s.group[static_cast<size_t>(k)];
    const int c = s.step_cost(u, from, to) + (overrun ? 1 : 0);
    Unit& x = s.unit(u);
    x.mp_spent = static_cast<uint8_t>(x.mp_spent + c);
    x.hex = static_cast<int16_t>(to);
    x.flags |= kMovedThisImpulse;
    if (!s.info(u).hq) {
      A.attackers[static_cast<size_t>(na++)] = static_cast<int8_t>(u);
      if (overrun && s.n_overruns < s.overrun_unit.size()) {
        s.overrun_unit[s.n_overruns] = static_cast<int8_t>(u);
        s.overrun_hex[s.n_overruns] = static_cast<int16_t>(to);
        ++s.n_overruns;
      }
    }
    names += (names.empty() ? "" : ", ") + s.unit_label(u) + " " + std::to_string(c) + " MP";
  }
  std::string defs;
  for (int u = 0; u < s.n_units; ++u)
    if (s.on_map(u) && s.unit(u).hex == to && s.side_of(u) != side && !s.info(u).hq &&
        !s.loaded(u) && nd < 2) {  // carrier.cc: passengers are no defenders (5.2.4, A-38)
      A.defenders[static_cast<size_t>(nd++)] = static_cast<int8_t>(u);
      defs += (defs.empty() ? "" : ", ") + s.unit_label(u);
    }
  ++s.group_steps;
  Emit(ev, overrun ? "WSR 6.4" : "WSR 6.3",
       Text{names + (overrun ? " overrun " : " assault ") + s.hex_name(to) + " from " +
                s.hex_name(from) + "; defending: " + defs + ".",
            std::string(names) + ((overrun ? " überrennen " : " stürmen ")) + s.hex_name(to) +
                " von " + s.hex_name(from) + " aus; Verteidiger: " + defs + "."},
       side);
  s.push(kStepAssault, s.active_f, to);
  // WSR 8.2.1, [REC] A-23: a mine in the hex attacks every entering stack first.
  if (s.has_mine(to)) s.push(kStepMineAttack, 0, to);
}

}  // namespace

namespace {

// Units of `idx` (0 attackers, 1 defenders) that may get the HQ bonus, and the HQ.
void SupportCandidates(const WsrState& s, int idx, std::vector<int>& out, int* hq) {
  out.clear();
  const auto& A = s.assault;
  const int side = idx == 0 ? A.side : 1 - A.side;
  *hq = HqIn(s, A.hex, side);
  if (*hq < 0 || s.face(*hq).command_value <= 0) return;
  // Own reading (6.4, docs/wsr-combat.md): overrun defenders use their unmodified strength.
  if (idx == 1 && A.overrun) return;
  std::vector<int> units;
  Listed(s, idx == 0 ? A.attackers : A.defenders, units);
  for (int u : units)
    if (s.on_map(u) && s.face(u).assault.strength > 0) out.push_back(u);
}

}  // namespace

namespace {

// WSR 6.3 step 7: hexes the retreating units (assault.retreat) may enter, the ones farthest from
// the attackers' origin hex ([REC] A-14: the stack retreats together; stacking applies).
void RetreatHexes(const WsrState& s, std::vector<int>& out) {
  out.clear();
  const auto& A = s.assault;
  const HexLayout& L = s.wgame().layout();
  const int def_side = 1 - A.side;
  int combat = 0;
  bool hq = false;
  for (int8_t u : A.retreat) {
    if (u < 0 || !s.on_map(u)) continue;
    if (s.info(u).hq) {
      hq = true;
    } else {
      ++combat;
    }
    combat += s.passengers_of(u);  // carrier.cc: a truck's passenger retreats with it
  }
  // The attackers now stand in the assault hex or (returned) in their origin hex.
  int att_hex = A.hex;
  for (int8_t u : A.attackers)
    if (u >= 0 && s.on_map(u)) att_hex = s.unit(u).hex;
  std::vector<int> legal;
  int best = -1;
  for (int d = 0; d < kHexDirs; ++d) {
    const int nb = L.Neighbour(A.hex, d);
    if (nb < 0 || s.enemy_in(nb, def_side)) continue;  // (a) not enemy-occupied
    bool ok = true;
    for (int8_t u : A.retreat)
      if (u >= 0 && s.on_map(u) && s.step_cost(u, A.hex, nb) < 0) ok = false;  // impassable
    // (b) not adjacent to an enemy unit, except adjacency to the attackers' hex.
    for (int e = 0; e < s.n_units && ok; ++e)
      if (s.on_map(e) && s.side_of(e) == A.side && s.unit(e).hex != att_hex &&
          L.Distance(s.unit(e).hex, nb) <= 1)
        ok = false;
    if (ok && s.combat_units_in(nb, def_side) + combat > kStackLimit) ok = false;  // 1.4, A-41
    if (ok && hq && s.hq_in(nb, def_side)) ok = false;
    if (!ok) continue;
    const int dist = L.Distance(nb, A.from);
    if (dist > best) {
      best = dist;
      legal.clear();
    }
    if (dist == best) legal.push_back(nb);
  }
  out = legal;
}

}  // namespace

void WsrState::assault_actions(ActionList& out) const {
  const Step& t = top();
  switch (t.kind) {
    case kStepAssaultSupport: {
      std::vector<int> c;
      int hq = -1;
      SupportCandidates(*this, t.a == assault.side ? 0 : 1, c, &hq);
      for (int u : c) out.push_back(Action(kSupport, {u}));
      return;
    }
    case kStepRetreat: {
      std::vector<int> hexes;
      RetreatHexes(*this, hexes);
      for (int h : hexes) out.push_back(Action(kRetreat, {h}));
      return;
    }
    case kStepPlaceMine:
      out.push_back(Action(kPlaceMine, {t.a}));
      out.push_back(Action(kNoMine, {}));
      return;
    default:
      for (const ChanceOutcome& o : chance_outcomes()) out.push_back(o.action);
      return;
  }
}

void WsrState::assault_decision(feldherr::Decision& d) const {
  const Step& t = top();
  const std::string what = assault.overrun ? "overrun" : "assault";
  const std::string was = assault.overrun ? "Überrennen" : "Sturmangriff";
  switch (t.kind) {
    case kStepAssaultSupport:
      d.say({"Choose the unit your HQ supports in the " + what + " of " + hex_name(assault.hex) +
                 " (WSR 6.3 step 1).",
             "Die Einheit wählen, die dein HQ beim " + was + " von " + hex_name(assault.hex) +
                 " unterstützt (WSR 6.3 Schritt 1)."});
      return;
    case kStepRetreat:
      d.say({"Choose the hex the defenders of " + hex_name(assault.hex) +
                 " retreat into (WSR 6.3 step 7).",
             "Das Feld wählen, in das sich die Verteidiger von " + hex_name(assault.hex) +
                 " zurückziehen (WSR 6.3 Schritt 7)."});
      return;
    case kStepPlaceMine:
      d.decline = Action(kNoMine, {});
      d.say({"Enemy units entered the empty hex " + hex_name(t.a) +
                 ": place a mine there or not (WSR 8.2.1).",
             "Feindliche Einheiten haben das leere Feld " + hex_name(t.a) +
                 " betreten: dort eine Mine legen oder nicht (WSR 8.2.1)."});
      return;
    case kStepAssaultRoll:
      d.say({"Roll " + DiceCount(assault_dice_count()) + ": " +
                 (side_of(t.a) == assault.side ? what + " of " : "counter-attack of ") +
                 unit_label(t.a) + " in " + hex_name(assault.hex) +
                 (assault.overrun ? " (WSR 6.4)." : " (WSR 6.3)."),
             DiceCountDe(assault_dice_count()) + " werfen: " +
                 (side_of(t.a) == assault.side ? was + " von " : "Gegenangriff von ") +
                 unit_label(t.a) + " in " + hex_name(assault.hex) +
                 (assault.overrun ? " (WSR 6.4)." : " (WSR 6.3).")});
      return;
    case kStepAssaultOdd:
      d.say({"Draw the " + std::string(t.a == 0 ? "attacking" : "defending") +
                 " unit that takes the odd hit (WSR 6.3 step 4).",
             "Die " + std::string(t.a == 0 ? "angreifende" : "verteidigende") +
                 " Einheit ziehen, die den überzähligen Treffer erhält (WSR 6.3 Schritt 4)."});
      return;
    case kStepMineAttack:
      d.say({"Roll 2 dice: mine attack in " + hex_name(t.a) + " (WSR 8.2.1).",
             "2 Würfel werfen: Minenangriff in " + hex_name(t.a) + " (WSR 8.2.1)."});
      return;
    case kStepMineOdd:
      d.say({"Draw the unit in " + hex_name(t.a) + " that takes the odd mine hit (WSR 8.2.1).",
             "Die Einheit in " + hex_name(t.a) +
                 " ziehen, die den überzähligen Minentreffer erhält (WSR 8.2.1)."});
      return;
    case kStepMineClear:
      d.say({"Roll " + DiceCount(assault_dice_count()) + ": " + unit_label(t.f) +
                 " clears the mine in " + hex_name(t.a) + " (WSR 8.2.2).",
             DiceCountDe(assault_dice_count()) + " werfen: " + unit_label(t.f) +
                 " räumt die Mine in " + hex_name(t.a) + " (WSR 8.2.2)."});
      return;
    default:
      d.say({"The " + what + " of " + hex_name(assault.hex) + " is being resolved.",
             std::string(assault.overrun ? "Das Überrennen" : "Der Sturmangriff") + " von " +
                 hex_name(assault.hex) + " wird abgewickelt."});
      return;
  }
}

namespace {

// The params of the current exchange (recomputed from the record; nothing changes until the
// hits are applied).
AssaultParams CurrentParams(const WsrState& s, AssaultInput* in_out, std::vector<int>* att,
                            std::vector<int>* def) {
  const auto& A = s.assault;
  std::vector<int> a, d;
  Listed(s, A.attackers, a);
  Listed(s, A.defenders, d);
  AssaultInput in = BuildInput(s, A.hex, A.overrun != 0, a, d, A.support[0], A.support[1], A.side);
  if (in_out) *in_out = in;
  if (att) *att = a;
  if (def) *def = d;
  return ComputeAssault(in);
}

}  // namespace

bool WsrState::assault_roll_of(int u, AssaultRoll* roll) const {
  std::vector<int> att, def;
  const AssaultParams p = CurrentParams(*this, nullptr, &att, &def);
  if (!p.legality) return false;
  for (size_t k = 0; k < att.size(); ++k)
    if (att[k] == u) return *roll = p.attackers[k], true;
  for (size_t k = 0; k < def.size(); ++k)
    if (def[k] == u) return *roll = p.defenders[k], true;
  return false;
}

int WsrState::assault_dice_count() const {
  const Step& t = top();
  if (t.kind == kStepMineAttack) return 2;  // WSR 8.2.1
  if (t.kind == kStepMineClear)
    return info(t.f).counter->kind == UnitKind::kEngineers ? 2 : 1;  // WSR 8.2.2
  if (t.kind != kStepAssaultRoll) return 0;
  std::vector<int> att, def;
  const AssaultParams p = CurrentParams(*this, nullptr, &att, &def);
  if (!p.legality) return 0;
  for (size_t k = 0; k < att.size(); ++k)
    if (att[k] == t.a) return p.attackers[k].dice;
  for (size_t k = 0; k < def.size(); ++k)
    if (def[k] == t.a) return p.defenders[k].dice;
  return 0;
}

std::vector<ChanceOutcome> WsrState::assault_odd_outcomes() const {
  std::vector<ChanceOutcome> out;
  const Step& t = top();
  std::vector<int> listed;
  if (t.kind == kStepAssaultOdd) {
    Listed(*this, t.a == 0 ? assault.attackers : assault.defenders, listed);
  } else {  // kStepMineOdd: the entering combat units in the hex
    mine_targets(t.a, listed);
  }
  for (int u : listed)
    out.push_back({Action(kOddHit, {u}), 1.0 / static_cast<double>(listed.size())});
  return out;
}

namespace {

// WSR 6.3 step 7: the retreating units move together into `to`.
void DoRetreat(WsrState& s, int to, EventList* ev) {
  std::string names;
  for (int8_t u : s.assault.retreat) {
    if (u < 0 || !s.on_map(u)) continue;
    s.unit(u).hex = static_cast<int16_t>(to);
    names += (names.empty() ? "" : ", ") + s.unit_label(u);
  }
  s.enter_hex(to, 1 - s.assault.side);
  Emit(ev, "WSR 6.3",
       Text{names + " retreat to " + s.hex_name(to) + " (step 7).",
            std::string(names) + " ziehen sich nach " + s.hex_name(to) + " zurück (Schritt 7)."},
       1 - s.assault.side);
  // WSR 8.2.1, [REC] A-23: a mine attacks every later entry, a retreat too (the retreat list
  // stays set until the assault record is cleared: mine_targets reads it).
  if (s.has_mine(to)) s.push(kStepMineAttack, 0, to);
}

}  // namespace

void WsrState::apply_assault_action(const Action& a, EventList* ev) {
  switch (a.verb) {
    case kAssault:
    case kOverrun:
      StartAssault(*this, a.arg(0), a.verb == kOverrun, ev);
      return;
    case kSupport: {
      const int idx = side_of(a.arg(0)) == assault.side ? 0 : 1;
      assault.support[static_cast<size_t>(idx)] = static_cast<int8_t>(a.arg(0));
      pop();
      Emit(ev, "WSR 6.3",
           Text{"The HQ supports " + unit_label(a.arg(0)) + " with its command value (step 1).",
                std::string("Das HQ unterstützt ") + unit_label(a.arg(0)) +
                    " mit seinem Befehlswert (Schritt 1)."},
           side_of(a.arg(0)));
      return;
    }
    case kRetreat:
      pop();
      DoRetreat(*this, a.arg(0), ev);
      return;
    default:
      apply_mine_action(a, ev);  // fortification.cc (WSR 8.2)
      return;
  }
}

// A roll of the assault (unit t.a) or its odd hit; mine rolls are in fortification.cc.
void WsrState::apply_assault_dice(const Step& s, const Action& a, EventList* ev) {
  if (s.kind == kStepAssaultOdd) {
    assault.odd[static_cast<size_t>(s.a)] = static_cast<int8_t>(a.arg(0));
    Emit(ev, "WSR 6.3",
         Text{unit_label(a.arg(0)) + " takes the odd hit (step 4).",
              std::string(unit_label(a.arg(0))) + " erhält den überzähligen Treffer (Schritt 4)."},
         side_of(a.arg(0)));
    return;
  }
  if (s.kind != kStepAssaultRoll) {
    apply_mine_dice(s, a, ev);  // fortification.cc (WSR 8.2)
    return;
  }
  std::vector<int> att, def;
  const AssaultParams p = CurrentParams(*this, nullptr, &att, &def);
  const std::vector<int> dice = FireDiceOf(a);
  const AssaultRoll* r = nullptr;
  int idx = 0;
  for (size_t k = 0; k < att.size(); ++k)
    if (att[k] == s.a) r = &p.attackers[k];
  for (size_t k = 0; k < def.size(); ++k)
    if (def[k] == s.a) {
      r = &p.defenders[k];
      idx = 1;
    }
  if (r == nullptr) return;
  const int hits = CountHits(dice, r->to_hit, r->hit_cap);
  assault.hits[static_cast<size_t>(idx)] =
      static_cast<uint8_t>(assault.hits[static_cast<size_t>(idx)] + hits);
  Emit(ev, assault.overrun ? "WSR 6.4" : "WSR 6.3",
       Text{unit_label(s.a) + (idx == 0 ? " attacks" : " counter-attacks") + " with " +
                DiceCount(r->dice) + " hitting on " + std::to_string(r->to_hit) +
                "+: " + DiceText(dice) + ", " + std::to_string(hits) + " hit" +
                (hits == 1 ? "" : "s") + ".",
            std::string(unit_label(s.a)) + (idx == 0 ? " greift " : " greift zurück ") +
                MitWuerfelnDe(r->dice) + " an, Treffer ab " + std::to_string(r->to_hit) +
                "+: " + DiceTextDe(dice) + ", " + std::to_string(hits) + " Treffer."},
       side_of(s.a));
}

void WsrState::assault_advance(EventList* ev) {
  AssaultRec& A = assault;
  const bool ov = A.overrun != 0;
  const char* rule = ov ? "WSR 6.4" : "WSR 6.3";
  switch (A.phase) {
    case kPhaseSupport: {
      // Step 1: an HQ supports one unit of its side; with one candidate no choice is needed.
      A.phase = kPhaseRoll;
      for (int idx = 1; idx >= 0; --idx) {  // pushed defenders first: the attacker decides first
        std::vector<int> c;
        int hq = -1;
        SupportCandidates(*this, idx, c, &hq);
        if (c.size() == 1) {
          A.support[static_cast<size_t>(idx)] = static_cast<int8_t>(c[0]);
          Emit(ev, rule,
               Text{unit_label(hq) + " adds its command value " +
                        std::to_string(face(hq).command_value) + " to " + unit_label(c[0]) + ".",
                    std::string(unit_label(hq)) + " addiert seinen Befehlswert " +
                        std::to_string(face(hq).command_value) + " zu " + unit_label(c[0]) + "."},
               side_of(hq));
        } else if (c.size() > 1) {
          push(kStepAssaultSupport, active_f, idx == 0 ? A.side : 1 - A.side);
        }
      }
      return;
    }
    case kPhaseRoll: {
      // Steps 2-3: every unit with an assault strength rolls; nothing is applied yet (R.4).
      A.phase = kPhaseOdd;
      std::vector<int> att, def;
      const AssaultParams p = CurrentParams(*this, nullptr, &att, &def);
      if (!p.legality) {  // a mine eliminated every attacker at entry: nothing to resolve
        Emit(ev, rule,
             Text{"The " + std::string(ov ? "overrun" : "assault") + " of " + hex_name(A.hex) +
                      " does not take place: " + p.legality.reason,
                  std::string(std::string(ov ? "Das Überrennen" : "Der Sturmangriff")) + " von " +
                      hex_name(A.hex) + " findet nicht statt: " + p.legality.reason_de});
        A.outcome = static_cast<uint8_t>(AssaultOutcome::kAttackersReturn);
        A.phase = kPhaseFinish;
        return;
      }
      for (int k = static_cast<int>(def.size()) - 1; k >= 0; --k)
        if (p.defenders[static_cast<size_t>(k)].rolls && p.defenders[static_cast<size_t>(k)].dice)
          push(kStepAssaultRoll, 0, def[static_cast<size_t>(k)]);
      for (int k = static_cast<int>(att.size()) - 1; k >= 0; --k)
        if (p.attackers[static_cast<size_t>(k)].rolls && p.attackers[static_cast<size_t>(k)].dice)
          push(kStepAssaultRoll, 0, att[static_cast<size_t>(k)]);
      return;
    }
    case kPhaseOdd: {
      // Step 4: the odd hit of an uneven distribution goes to a random unit.
      A.phase = kPhaseApply;
      AssaultInput in;
      std::vector<int> att, def;
      const AssaultParams p = CurrentParams(*this, &in, &att, &def);
      const int att_take = A.hits[1];
      const int def_take = std::max(0, A.hits[0] - p.ip_cancels);
      if (att.size() > 1 && att_take % static_cast<int>(att.size()) != 0)
        push(kStepAssaultOdd, 0, 0);
      if (def.size() > 1 && def_take % static_cast<int>(def.size()) != 0)
        push(kStepAssaultOdd, 0, 1);
      return;
    }
    case kPhaseApply: {
      A.phase = kPhaseOutcome;
      AssaultInput in;
      std::vector<int> att, def;
      const AssaultParams p = CurrentParams(*this, &in, &att, &def);
      const int att_take = A.hits[1];
      const int ip = std::min<int>(A.hits[0], p.ip_cancels);
      const int def_take = A.hits[0] - ip;
      if (ip > 0)
        Emit(ev, "WSR 8.1",
             Text{"The improved position in " + hex_name(A.hex) + " cancels one hit.",
                  std::string("Der Schützengraben in ") + hex_name(A.hex) +
                      " hebt einen Treffer auf."},
             1 - A.side);
      auto odd_of = [&](const std::vector<int>& listed, int take, int odd) {
        std::vector<int> r;
        if (listed.size() > 1 && take % static_cast<int>(listed.size()) != 0)
          for (size_t k = 0; k < listed.size(); ++k)
            if (listed[k] == odd) r.push_back(static_cast<int>(k));
        return r;
      };
      const std::vector<int> ao = odd_of(att, att_take, A.odd[0]);
      const std::vector<int> dodd = odd_of(def, def_take, A.odd[1]);
      const std::vector<int> ah = AllocateEven(att_take, static_cast<int>(att.size()), ao);
      const std::vector<int> dh = AllocateEven(def_take, static_cast<int>(def.size()), dodd);
      // A unit without assault strength always retreats if it survives ([REC] A-14).
      std::vector<bool> no_strength;
      for (const AssaultUnit& u : in.defenders) no_strength.push_back(u.strength <= 0);
      bool att_hit = false, att_elim = false, def_hit = false, def_elim = false, all_def = true;
      std::vector<bool> att_hurt(att.size(), false);
      for (size_t k = 0; k < att.size(); ++k) {
        const Text text = hit_unit(att[k], ah[k]);
        Emit(ev, ah[k] > 0 ? "WSR 6.1.7" : rule, Text{text.en + ".", text.de + "."}, A.side);
        att_hit = att_hit || ah[k] > 0;
        att_hurt[k] = ah[k] > 0;
        att_elim = att_elim || has(att[k], kGone);
      }
      for (size_t k = 0; k < def.size(); ++k) {
        const Text text = hit_unit(def[k], dh[k]);
        Emit(ev, dh[k] > 0 ? "WSR 6.1.7" : rule, Text{text.en + ".", text.de + "."}, 1 - A.side);
        def_hit = def_hit || dh[k] > 0;
        def_elim = def_elim || has(def[k], kGone);
        all_def = all_def && has(def[k], kGone);
      }
      for (int u : att)  // eliminated attackers leave the moving stack
        if (has(u, kGone) && in_group(u)) leave_group(u);
      // [REC] A-14: compare the hits taken after the IP.
      bool any_att_hurt = false;
      for (size_t k = 0; k < att.size(); ++k)
        any_att_hurt = any_att_hurt || (att_hurt[k] && !has(att[k], kGone));
      const AssaultOutcome o = DecideAssaultOutcome(ov, def_take, att_take, all_def, any_att_hurt);
      A.outcome = static_cast<uint8_t>(o);
      // Retreating defenders: all survivors when the defenders lost, else the survivors
      // without an assault strength; never in an overrun.
      A.retreat = {-1, -1, -1};
      int nr = 0;
      bool whole = o == AssaultOutcome::kDefendersRetreat;
      if (!ov) {
        for (size_t k = 0; k < def.size(); ++k)
          if (!has(def[k], kGone) && (whole || no_strength[k]))
            A.retreat[static_cast<size_t>(nr++)] = static_cast<int8_t>(def[k]);
        // The defenders' HQ goes with them unless a unit of its formation stays ([REC] A-14).
        const int hq = HqIn(*this, A.hex, 1 - A.side);
        if (hq >= 0 && nr > 0) {
          bool stays = false;
          for (int d : def)
            if (!has(d, kGone) && info(d).formation == info(hq).formation) {
              bool retreating = false;
              for (int8_t r : A.retreat) retreating = retreating || r == d;
              stays = stays || !retreating;
            }
          if (!stays) A.retreat[static_cast<size_t>(nr++)] = static_cast<int8_t>(hq);
        }
      }
      Emit(ev, rule,
           Text{std::string("Outcome: ") + AssaultOutcomeWords(o) + " (attackers took " +
                    std::to_string(att_take) + ", defenders " + std::to_string(def_take) + ").",
                std::string("Ergebnis: ") + AssaultOutcomeWordsDe(o) +
                    " (die Angreifer erhielten " + std::to_string(att_take) + ", die Verteidiger " +
                    std::to_string(def_take) + ")."});
      // Step 5: HQ loss checks for the HQs of both sides in the hex (pushed: resolved next).
      hq_loss_checks(A.hex, A.side, att_hit, att_elim, ev);
      hq_loss_checks(A.hex, 1 - A.side, def_hit, def_elim, ev);
      return;
    }
    case kPhaseOutcome: {
      A.phase = kPhaseFinish;
      const auto o = static_cast<AssaultOutcome>(A.outcome);
      // The attackers (and their HQ) in the hex.
      std::vector<int> movers;
      for (int k = 0; k < n_group; ++k) {
        const int u = group[static_cast<size_t>(k)];
        if (on_map(u) && unit(u).hex == A.hex) movers.push_back(u);
      }
      if (o == AssaultOutcome::kAttackersReturn) {
        // Step 6: back into the hex they came from.
        std::string names;
        for (int u : movers) {
          unit(u).hex = A.from;
          names += (names.empty() ? "" : ", ") + unit_label(u);
        }
        if (!names.empty())
          Emit(ev, rule,
               Text{names + " return to " + hex_name(A.from) + ".",
                    std::string(names) + " kehren nach " + hex_name(A.from) + " zurück."},
               A.side);
      } else if (o == AssaultOutcome::kOverrunReturns || o == AssaultOutcome::kOverrunContinues) {
        // WSR 6.4: disrupted or reduced vehicles return to the hex they came from and stop;
        // the others move on. An HQ goes with the vehicles of its formation that move on.
        std::vector<int> back;
        for (int u : movers)
          if (!info(u).hq && has(u, kDisrupted)) back.push_back(u);
        for (int u : movers) {
          if (!info(u).hq) continue;
          bool escorted = false;
          for (int v : movers)
            if (!info(v).hq && info(v).formation == info(u).formation &&
                std::find(back.begin(), back.end(), v) == back.end())
              escorted = true;
          if (!escorted) back.push_back(u);
        }
        for (int u : back) {
          unit(u).hex = A.from;
          finish_unit_move(u);
          leave_group(u);
          Emit(ev, rule,
               Text{unit_label(u) + " returns to " + hex_name(A.from) + " and stops.",
                    std::string(unit_label(u)) + " kehrt nach " + hex_name(A.from) +
                        " zurück und hält an."},
               A.side);
        }
      } else {
        enter_hex(A.hex, A.side);  // WSR 12.2: the attackers hold the hex
      }
      bool retreat = false;
      for (int8_t u : A.retreat) retreat = retreat || (u >= 0 && on_map(u));
      if (retreat) {
        std::vector<int> hexes;
        RetreatHexes(*this, hexes);
        if (hexes.empty()) {
          // Step 7: no legal hex: the retreating units are eliminated.
          for (int8_t u : A.retreat) {
            if (u < 0 || !on_map(u)) continue;
            if (info(u).hq) {
              apply_hq_loss(u, HqLoss::kEliminated, ev);
            } else {
              const Text text = hit_unit(u, 4);  // before Emit: Emit is lazy (perf)
              Emit(ev, "WSR 6.3",
                   Text{unit_label(u) + " cannot retreat: " + text.en + ".",
                        std::string(unit_label(u)) + " kann sich nicht zurückziehen: " + text.de +
                            "."},
                   1 - A.side);
            }
          }
          A.retreat = {-1, -1, -1};
        } else if (hexes.size() == 1) {
          DoRetreat(*this, hexes[0], ev);
        } else {
          push(kStepRetreat, active_f, A.hex);
        }
      }
      return;
    }
    default: {
      // Step 8: Ops complete for attackers and defenders (A-16: not the overrun defenders).
      if (!ov) {
        for (int8_t d : A.defenders)
          if (d >= 0 && on_map(d)) unit(d).flags |= kOpsComplete;
      }
      pop();  // kStepAssault
      if (!ov || n_group == 0) {
        std::string names;
        for (int k = 0; k < n_group; ++k) {
          finish_unit_move(group[static_cast<size_t>(k)]);
          names += (names.empty() ? "" : ", ") + unit_label(group[static_cast<size_t>(k)]);
        }
        n_group = 0;
        group_origin = kNoHex;
        group_steps = 0;
        if (!steps.empty() && top().kind == kStepMove) pop();
        if (!names.empty())
          Emit(ev, rule,
               Text{names + ": Ops complete.", std::string(names) + ": „Operationen beendet“."},
               A.side);
      } else {
        // The overrun goes on: the stack must leave into a hex without enemy units.
        overrun_passing = enemy_in(A.hex, A.side) ? A.hex : kNoHex;
        Emit(ev, "WSR 6.4",
             Text{"The overrunning stack may move on.",
                  "Der überrennende Stapel darf weiterziehen."},
             A.side);
      }
      A = AssaultRec{};
      return;
    }
  }
}

Text WsrState::assault_why_illegal(const Action& a) const {
  Text why;
  switch (a.verb) {
    case kAssault:
    case kOverrun:
      can_assault(a.arg(0), a.verb == kOverrun, &why);
      return why;
    case kSupport:
      if (steps.empty() || top().kind != kStepAssaultSupport)
        return Text{"no HQ support is being chosen (WSR 6.3 step 1)",
                    "gerade wird keine HQ-Unterstützung gewählt (WSR 6.3 Schritt 1)"};
      return Text{"the HQ supports one unit of its side with an assault strength in the hex (6.3)",
                  "das HQ unterstützt eine Einheit seiner Seite mit einer Sturmangriffsstärke im "
                  "Feld (6.3)"};
    case kRetreat:
      if (steps.empty() || top().kind != kStepRetreat)
        return Text{"no unit is retreating (WSR 6.3)", "keine Einheit zieht sich zurück (WSR 6.3)"};
      return Text{
          "retreat away from the attacker's origin hex, not into or next to an enemy "
          "(except the attacker's hex), stacking applies (WSR 6.3 step 7, A-14)",
          "Rückzug weg vom Ausgangsfeld des Angreifers, nicht in oder neben einen Feind (außer dem "
          "Feld des Angreifers), Stapeln gilt (WSR 6.3 Schritt 7, A-14)"};
    case kPlaceMine:
    case kNoMine:
      if (steps.empty() || top().kind != kStepPlaceMine)
        return Text{
            "mines are placed right after an enemy unit enters an unoccupied hex "
            "(WSR 8.2.1)",
            "Minen werden direkt gelegt, nachdem eine feindliche Einheit ein unbesetztes Feld "
            "betreten hat (WSR 8.2.1)"};
      return Text{"the mine goes into the hex just entered (WSR 8.2.1)",
                  "die Mine kommt in das gerade betretene Feld (WSR 8.2.1)"};
    case kClearMine:
      can_clear_mine(a.arg(0), a.arg(1), &why);
      return why;
    default:
      return {};
  }
}

std::string WsrState::assault_describe(const Action& a) const {
  auto hex = [&](int h) { return hex_name(h < game_->layout().size() ? h : -1); };
  auto unit_name = [&](int u) { return u < n_units ? unit_label(u) : "u" + std::to_string(u); };
  switch (a.verb) {
    case kAssault:
      return "assault " + hex(a.arg(0));
    case kOverrun:
      return "overrun " + hex(a.arg(0));
    case kSupport:
      return "support " + unit_name(a.arg(0));
    case kRetreat:
      return "retreat " + hex(a.arg(0));
    case kPlaceMine:
      return "mine " + hex(a.arg(0));
    case kNoMine:
      return "no-mine";
    case kClearMine:
      return "clear-mine " + unit_name(a.arg(0)) + " " + hex(a.arg(1));
    default:
      return "";
  }
}

bool WsrState::assault_parse(const std::vector<std::string>& w, Action& out, Text& error) const {
  auto hex_arg = [&](const std::string& s, int* h) { return parse_hex_arg(s, h, error); };
  auto unit_arg = [&](const std::string& s, int* u) { return parse_unit_arg(s, u, error); };
  const std::string& v = w[0];
  int x = 0, y = 0;
  const std::pair<const char*, Verb> hex_verbs[] = {
      {"assault", kAssault}, {"overrun", kOverrun}, {"retreat", kRetreat}, {"mine", kPlaceMine}};
  for (const auto& [name, verb] : hex_verbs)
    if (v == name && w.size() == 2) {
      if (!hex_arg(w[1], &x)) return false;
      out = Action(verb, {x});
      return true;
    }
  if (v == "support" && w.size() == 2) {
    if (!unit_arg(w[1], &x)) return false;
    out = Action(kSupport, {x});
    return true;
  }
  if (v == "no-mine" && w.size() == 1) {
    out = Action(kNoMine, {});
    return true;
  }
  if (v == "clear-mine" && w.size() == 3) {
    if (!unit_arg(w[1], &x) || !hex_arg(w[2], &y)) return false;
    out = Action(kClearMine, {x, y});
    return true;
  }
  return false;
}

bool WsrState::assault_state_ok(const Step& st) const {
  const int nu = n_units, nh = game_->layout().size();
  switch (st.kind) {
    case kStepAssault:
    case kStepRetreat:
    case kStepPlaceMine:
      return st.a >= 0 && st.a < nh && assault_step(st.kind);
    case kStepAssaultSupport:
      return st.a == 0 || st.a == 1;
    case kStepAssaultRoll:
      return st.a >= 0 && st.a < nu;
    case kStepAssaultOdd:
      return st.a == 0 || st.a == 1;
    case kStepMineAttack:
    case kStepMineOdd:
      return st.a >= 0 && st.a < nh && st.f >= 0 && st.f <= 2;
    case kStepMineClear:
      return st.a >= 0 && st.a < nh && st.f >= 0 && st.f < nu;
    default:
      return false;
  }
}

json WsrState::assault_to_json() const {
  const AssaultRec& A = assault;
  json j;
  j["hex"] = A.hex;
  j["from"] = A.from;
  j["side"] = A.side;
  j["overrun"] = A.overrun;
  j["phase"] = A.phase;
  j["outcome"] = A.outcome;
  j["attackers"] = A.attackers;
  j["defenders"] = A.defenders;
  j["support"] = A.support;
  j["hits"] = A.hits;
  j["odd"] = A.odd;
  j["retreat"] = A.retreat;
  j["overrun_passing"] = overrun_passing;
  json ov = json::array();
  for (int k = 0; k < n_overruns; ++k)
    ov.push_back({overrun_unit[static_cast<size_t>(k)], overrun_hex[static_cast<size_t>(k)]});
  j["overruns"] = ov;
  j["mines_left"] = mines_left;
  return j;
}

void WsrState::assault_from_json(const json& j) {
  AssaultRec& A = assault;
  const int nu = n_units, nh = game_->layout().size();
  auto bad = [](const std::string& what) { throw std::runtime_error("wsr state: " + what); };
  A.hex = j.at("hex").get<int16_t>();
  A.from = j.at("from").get<int16_t>();
  A.side = j.at("side").get<uint8_t>();
  A.overrun = j.at("overrun").get<uint8_t>();
  A.phase = j.at("phase").get<uint8_t>();
  A.outcome = j.at("outcome").get<uint8_t>();
  A.attackers = j.at("attackers").get<std::array<int8_t, 2>>();
  A.defenders = j.at("defenders").get<std::array<int8_t, 2>>();
  A.support = j.at("support").get<std::array<int8_t, 2>>();
  A.hits = j.at("hits").get<std::array<uint8_t, 2>>();
  A.odd = j.at("odd").get<std::array<int8_t, 2>>();
  A.retreat = j.at("retreat").get<std::array<int8_t, 3>>();
  overrun_passing = j.at("overrun_passing").get<int16_t>();
  const json& ov = j.at("overruns");
  if (ov.size() > overrun_unit.size()) bad("/assault/overruns: too many");
  n_overruns = static_cast<uint8_t>(ov.size());
  for (size_t k = 0; k < ov.size(); ++k) {
    overrun_unit[k] = ov[k].at(0).get<int8_t>();
    overrun_hex[k] = ov[k].at(1).get<int16_t>();
    if (overrun_unit[k] < 0 || overrun_unit[k] >= nu || overrun_hex[k] < 0 || overrun_hex[k] >= nh)
      bad("/assault/overruns: out of range");
  }
  mines_left = j.at("mines_left").get<std::array<uint8_t, 2>>();
  n_wrecks = 0;  // derived from the wreck bits of control (loaded before)
  for (int i = 0; i < nh; ++i)
    if (control[static_cast<size_t>(i)] & kWreckBit) ++n_wrecks;
  if (A.hex < -1 || A.hex >= nh || A.from < -1 || A.from >= nh || A.side > 1 ||
      A.phase > kPhaseFinish || overrun_passing < -1 || overrun_passing >= nh)
    bad("/assault: out of range");
  for (auto* arr : {&A.attackers, &A.defenders, &A.support, &A.odd})
    for (int8_t u : *arr)
      if (u < -1 || u >= nu) bad("/assault: unit out of range");
  for (int8_t u : A.retreat)
    if (u < -1 || u >= nu) bad("/assault: unit out of range");
}

uint64_t WsrState::assault_digest() const {
  const AssaultRec& A = assault;
  uint64_t h = 1469598103934665603ull;
  auto mix = [&](uint64_t v) { h = (h ^ v) * 1099511628211ull; };
  mix(static_cast<uint16_t>(A.hex));
  mix(static_cast<uint16_t>(A.from));
  mix(A.side | A.overrun << 8 | A.phase << 16 | static_cast<uint64_t>(A.outcome) << 24);
  for (int8_t u : A.attackers) mix(static_cast<uint8_t>(u));
  for (int8_t u : A.defenders) mix(static_cast<uint8_t>(u) + 256);
  for (int8_t u : A.support) mix(static_cast<uint8_t>(u) + 512);
  for (uint8_t u : A.hits) mix(u + 768);
  for (int8_t u : A.odd) mix(static_cast<uint8_t>(u) + 1024);
  for (int8_t u : A.retreat) mix(static_cast<uint8_t>(u) + 1280);
  mix(static_cast<uint16_t>(overrun_passing) + (static_cast<uint64_t>(n_overruns) << 16));
  for (int k = 0; k < n_overruns; ++k)
    mix(static_cast<uint64_t>(static_cast<uint8_t>(overrun_unit[static_cast<size_t>(k)])) << 16 |
        static_cast<uint16_t>(overrun_hex[static_cast<size_t>(k)]));
  mix(static_cast<uint64_t>(mines_left[0]) | static_cast<uint64_t>(mines_left[1]) << 8);
  return h;
}

}  // namespace feldherr::wsr
