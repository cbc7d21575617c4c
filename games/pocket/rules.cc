// Pocket Battles rules: legal actions, apply, and the procedure stack (docs/rules/pocket.md).
#include <fmt/format.h>

#include <algorithm>

#include "games/pocket/pocket.h"

namespace feldherr::pocket {

namespace {

inline void emit(EventList* ev, const char* rule, Text text, int seat) {
  if (ev) ev->push_back(Event::said(rule, std::move(text), seat));
}

const char* side_name(int seat) {
  return seat == kOrcs ? "Orc" : "Elf";
}

// "Orkeinheit", "Elfeneinheit".
const char* side_unit_de(int seat) {
  return seat == kOrcs ? "Orkeinheit" : "Elfeneinheit";
}

// Bipartite matching (Kuhn) used by the formation checks: every "left" item (a unit without a
// troop with life points, or a no-LP troop still to be placed) needs its own "right" item (a
// troop with LP still to be placed, or a unit with LP and room). An edge exists when the combined
// unit respects the formation value limit (PB Aufbau 5, PB §12).
struct Item {
  bool is_unit;
  int size;
  int minfv;
};

bool edge(const Item& l, const Item& r) {
  if (l.is_unit && r.is_unit) return false;  // two existing units never merge
  return l.size + r.size <= std::min(l.minfv, r.minfv);
}

bool try_kuhn(int v, const Item* left, const Item* right, int nr, int* match_r, bool* used) {
  for (int r = 0; r < nr; ++r) {
    if (used[r] || !edge(left[v], right[r])) continue;
    used[r] = true;
    if (match_r[r] < 0 || try_kuhn(match_r[r], left, right, nr, match_r, used)) {
      match_r[r] = v;
      return true;
    }
  }
  return false;
}

bool saturating_matching(const Item* left, int nl, const Item* right, int nr) {
  if (nl > nr) return false;
  int match_r[kMaxTroops + kMaxUnits];
  bool used[kMaxTroops + kMaxUnits];
  for (int r = 0; r < nr; ++r) match_r[r] = -1;
  for (int v = 0; v < nl; ++v) {
    for (int r = 0; r < nr; ++r) used[r] = false;
    if (!try_kuhn(v, left, right, nr, match_r, used)) return false;
  }
  return true;
}

}  // namespace

// ---------------------------------------------------------------------------------------------
// Small helpers

const TypeInfo& PocketState::type_of(int t) const {
  const Troop& tr = troops[static_cast<size_t>(t)];
  return game_->type(tr.owner, tr.type);
}

void PocketState::push(StepKind k, int a, int b, int n) {
  Step s;
  s.kind = k;
  s.a = static_cast<int16_t>(a);
  s.b = static_cast<int16_t>(b);
  s.n = static_cast<uint8_t>(n);
  steps.push(s);
}

int PocketState::top_troop(int u) const {
  for (int t = 0; t < n_troops; ++t)
    if (troops[static_cast<size_t>(t)].unit == u) return t;
  return -1;
}

void PocketState::refresh_unit(int u) {
  Unit& un = units[static_cast<size_t>(u)];
  un.cm.fill(0);
  un.sm.fill(0);
  un.alive = 0;
  un.lp_alive = 0;
  un.traits = kAllSwift;
  for (int t = 0; t < n_troops; ++t) {
    const Troop& tr = troops[static_cast<size_t>(t)];
    if (tr.unit != u || tr.status != kActive) continue;
    const TypeInfo& ti = type_of(t);
    ++un.alive;
    if (ti.lp > 0) ++un.lp_alive;
    for (int f = 1; f <= 6; ++f) {
      un.cm[static_cast<size_t>(f)] += ti.cm[static_cast<size_t>(f)];
      un.sm[static_cast<size_t>(f)] += ti.sm[static_cast<size_t>(f)];
    }
    if (ti.regenerate) un.traits |= kHasRegenerate;
    if (ti.heal) un.traits |= kHasHeal;
    if (ti.long_range) un.traits |= kHasLongRange;
    if (!ti.swift) un.traits &= static_cast<uint8_t>(~kAllSwift);
  }
  if (un.alive == 0) un.traits = 0;
}

bool PocketState::combat_contains(int c, int u) const {
  return units[static_cast<size_t>(u)].combat == c;
}

bool PocketState::marker_source_available(int seat) const {
  if (players[static_cast<size_t>(seat)].pool > 0) return true;
  for (int u = 0; u < n_units; ++u)
    if (units[static_cast<size_t>(u)].owner == seat && units[static_cast<size_t>(u)].orders > 0)
      return true;
  return false;
}

bool PocketState::marker_choice_needed(int seat) const {
  if (game_->opts().wound_marker != WoundMarker::kChoose) return false;
  if (players[static_cast<size_t>(seat)].pool > 0) return false;
  int sources = 0;
  for (int u = 0; u < n_units; ++u)
    if (units[static_cast<size_t>(u)].owner == seat && units[static_cast<size_t>(u)].orders > 0)
      ++sources;
  return sources > 1;
}

int PocketState::most_orders_unit(int seat) const {
  int from = -1;
  for (int u = 0; u < n_units; ++u) {
    const Unit& un = units[static_cast<size_t>(u)];
    if (un.owner == seat && un.orders > 0 &&
        (from < 0 || un.orders > units[static_cast<size_t>(from)].orders))
      from = u;
  }
  return from;
}

int PocketState::next_unformed(int seat) const {
  for (int t = 0; t < n_troops; ++t) {
    const Troop& tr = troops[static_cast<size_t>(t)];
    if (tr.owner == seat && tr.status == kSelected) return t;
  }
  return -1;
}

// PB Aufbau 4 + PB §12, E1: a no-LP troop may only be picked when every picked no-LP troop can
// still get its own host troop with LP (so unit formation can never reach a dead end).
bool PocketState::selection_feasible_with(int seat, int extra_type) const {
  Item left[kMaxTroops], right[kMaxTroops];
  int nl = 0, nr = 0;
  auto add = [&](const TypeInfo& ti) {
    if (ti.lp == 0)
      left[nl++] = Item{false, 1, ti.fv};
    else
      right[nr++] = Item{false, 1, ti.fv};
  };
  for (int t = 0; t < n_troops; ++t)
    if (troops[static_cast<size_t>(t)].owner == seat) add(type_of(t));
  if (extra_type >= 0) add(game_->type(seat, extra_type));
  return saturating_matching(left, nl, right, nr);
}

// PB Aufbau 5 + PB §12, E2: after troop `skip_troop` joins `join_unit` (or founds a new unit), can
// the remaining troops still be formed so that every unit has a troop with LP and respects its
// formation value? (Sufficient check by matching; it always leaves at least one legal choice.)
bool PocketState::formation_feasible(int seat, int skip_troop, int join_unit, bool new_unit) const {
  Item left[kMaxTroops + kMaxUnits], right[kMaxTroops + kMaxUnits];
  int nl = 0, nr = 0;
  const TypeInfo& st = type_of(skip_troop);
  for (int u = 0; u < n_units; ++u) {
    const Unit& un = units[static_cast<size_t>(u)];
    if (un.owner != seat) continue;
    int size = un.size, minfv = un.minfv;
    bool hosted = un.lp_alive > 0;
    if (u == join_unit) {
      size += 1;
      minfv = std::min(minfv, st.fv);
      hosted = hosted || st.lp > 0;
    }
    if (size > minfv) return false;
    if (!hosted)
      left[nl++] = Item{true, size, minfv};
    else if (size < minfv)
      right[nr++] = Item{true, size, minfv};
  }
  if (new_unit) {
    if (st.lp > 0)
      right[nr++] = Item{true, 1, st.fv};
    else
      left[nl++] = Item{true, 1, st.fv};
  }
  for (int t = 0; t < n_troops; ++t) {
    const Troop& tr = troops[static_cast<size_t>(t)];
    if (tr.owner != seat || tr.status != kSelected || t == skip_troop) continue;
    const TypeInfo& ti = type_of(t);
    if (ti.lp == 0)
      left[nl++] = Item{false, 1, ti.fv};
    else
      right[nr++] = Item{false, 1, ti.fv};
  }
  return saturating_matching(left, nl, right, nr);
}

int PocketState::enemy_count_in(int col, int zone, int enemy) const {
  int n = 0;
  for (int u = 0; u < n_units; ++u) {
    const Unit& un = units[static_cast<size_t>(u)];
    if (un.owner == enemy && un.alive && un.zone == zone && un.col == col) ++n;
  }
  return n;
}

// ---------------------------------------------------------------------------------------------
// Legal actions

// PB Aktion 2 (attacking a unit already in a combat): joining a 1-vs-1 makes 2 vs 1; attacking
// one of two outnumbering units splits the combat. A16 [REC]: with three_vs_one=forbid a
// combat never exceeds 2 vs 1 (allow: up to 3 vs 1, no split).
bool PocketState::valid_target_for(int attacker, int target) const {
  const Unit& v = units[static_cast<size_t>(target)];
  if (v.combat < 0) return true;
  const Combat& c = combats[static_cast<size_t>(v.combat)];
  int sv = v.owner, sa = units[static_cast<size_t>(attacker)].owner;
  if (c.n[static_cast<size_t>(sv)] >= 2) return true;  // split
  int cap = game_->opts().allow_three_vs_one ? 3 : 2;
  return c.n[static_cast<size_t>(sa)] + 1 <= cap;
}

void PocketState::primary_targets(int attacker, int col, ActionList& out) const {
  int enemy = 1 - units[static_cast<size_t>(attacker)].owner;
  for (int v = 0; v < n_units; ++v) {
    const Unit& un = units[static_cast<size_t>(v)];
    if (un.owner != enemy || !un.alive || un.col != col) continue;
    if (un.zone == kFront || (un.zone == kCombatZone && un.combat >= 0))
      if (valid_target_for(attacker, v)) out.push_back(Action(kTarget, {v}));
  }
}

// Fills attack actions for unit u (in its front zone, with combat dice). PB Aktion 2 cases:
// primary (enemy in front or combat zone of the sector): "attack u", target chosen after the
// reaction; rear attack; flank attack (no enemy unit in the sector at all).
void PocketState::attack_targets(int u, ActionList* out, bool* primary, int* n_targets) const {
  const Unit& a = units[static_cast<size_t>(u)];
  int enemy = 1 - a.owner, col = a.col;
  bool any_primary = false, any_valid_primary = false, any_rear = false;
  for (int v = 0; v < n_units; ++v) {
    const Unit& un = units[static_cast<size_t>(v)];
    if (un.owner != enemy || !un.alive || un.col != col) continue;
    if (un.zone == kFront || un.zone == kCombatZone) {
      any_primary = true;
      if (valid_target_for(u, v)) any_valid_primary = true;
    } else if (un.zone == kRear) {
      any_rear = true;
    }
  }
  *primary = any_primary;
  *n_targets = 0;
  if (any_primary) {
    if (any_valid_primary) {
      *n_targets = 1;
      if (out) out->push_back(Action(kAttack, {u}));
    }
    return;
  }
  for (int v = 0; v < n_units; ++v) {
    const Unit& un = units[static_cast<size_t>(v)];
    if (un.owner != enemy || !un.alive) continue;
    bool ok;
    if (any_rear)  // rear attack: PB "Angriffe ohne gegnerische Einheit in der Frontzone"
      ok = un.col == col && un.zone == kRear;
    else  // flank attack: PB "Angriffe ohne gegnerische Einheit in dem Sektor"
      ok = (un.col == col - 1 || un.col == col + 1) &&
           (un.zone == kRear || un.zone == kFront || un.zone == kCombatZone) &&
           valid_target_for(u, v);
    if (ok) {
      ++*n_targets;
      if (out) out->push_back(Action(kAttack, {u, v}));
    }
  }
}

// PB Aktion 5 target priority 1/2/3 (+ long-range trait).
void PocketState::shoot_targets(int u, ActionList& out) const {
  const Unit& s = units[static_cast<size_t>(u)];
  int enemy = 1 - s.owner, col = s.col;
  int p1 = 0, rear = 0, combat_any = 0;
  for (int v = 0; v < n_units; ++v) {
    const Unit& un = units[static_cast<size_t>(v)];
    if (!un.alive || un.col != col) continue;
    if (un.zone == kCombatZone) ++combat_any;
    if (un.owner != enemy) continue;
    if (un.zone == kFront || un.zone == kCombatZone) ++p1;
    if (un.zone == kRear) ++rear;
  }
  bool long_range = (s.traits & kHasLongRange) != 0;
  for (int v = 0; v < n_units; ++v) {
    const Unit& un = units[static_cast<size_t>(v)];
    if (un.owner != enemy || !un.alive) continue;
    bool ok = false;
    if (p1 > 0) {
      ok = un.col == col && (un.zone == kFront || un.zone == kCombatZone);
      if (long_range && un.col == col && un.zone == kRear) ok = true;  // trait long-range
    } else if (rear > 0) {
      ok = un.col == col && un.zone == kRear;
    } else if (combat_any == 0) {
      ok =
          (un.col == col - 1 || un.col == col + 1) && (un.zone == kFront || un.zone == kCombatZone);
    }
    if (ok) out.push_back(Action(kShoot, {u, v}));
  }
}

void PocketState::order_actions(ActionList& out) const {
  const PlayerState& p = players[static_cast<size_t>(active)];
  bool specials_allowed = !(a_first_turn && active == seat_a);  // PB Aktion 6
  for (int u = 0; u < n_units; ++u) {
    const Unit& un = units[static_cast<size_t>(u)];
    if (un.owner != active || !un.alive || un.zone == kGone) continue;
    if (un.flags & kRedeployed) continue;  // PB Phase 1
    if (un.orders + 1 > p.pool) continue;  // PB §6
    if (un.zone == kRear || un.zone == kFront) {
      int seg = un.zone * 3 + un.col;
      uint8_t mask = game_->reach(seg, (un.traits & kAllSwift) ? 2 : 1);
      for (int s = 0; s < 6; ++s)
        if (mask & (1u << s)) out.push_back(Action(kMove, {u, s}));
    }
    if (un.zone == kFront) {
      if (un.has_combat()) {
        bool primary;
        int n;
        attack_targets(u, &out, &primary, &n);
      }
      if (un.has_shooting()) shoot_targets(u, out);
    }
    // Spec §13 [REC]: a unit in a combat can only continue or leave (no move, shoot, attack
    // or special trait; moves and shooting need the rear/front zone anyway).
    if (un.zone != kCombatZone && specials_allowed && (un.traits & (kHasRegenerate | kHasHeal))) {
      for (int t = 0; t < n_troops; ++t) {
        const Troop& tr = troops[static_cast<size_t>(t)];
        if (tr.status != kActive || tr.wounds == 0 || tr.owner != active) continue;
        const Unit& tu = units[static_cast<size_t>(tr.unit)];
        bool ok = false;
        if (tr.unit == u)
          ok = type_of(t).regenerate;  // trait regenerate: this troop heals itself
        else
          ok = (un.traits & kHasHeal) && tu.col == un.col && tu.zone != kGone;  // trait heal
        if (!ok) continue;
        // E6: identical troops (same unit, type and wounds) are one choice.
        bool dup = false;
        for (int t2 = 0; t2 < t && !dup; ++t2) {
          const Troop& o = troops[static_cast<size_t>(t2)];
          dup = o.status == kActive && o.unit == tr.unit && o.type == tr.type &&
                o.wounds == tr.wounds;
        }
        if (!dup) out.push_back(Action(kSpecial, {u, t}));
      }
    }
    if (un.zone == kCombatZone && un.combat >= 0 && (un.flags & kContactAtStart)) {
      const Combat& c = combats[static_cast<size_t>(un.combat)];
      int e = 1 - un.owner;
      for (int i = 0; i < c.n[static_cast<size_t>(e)]; ++i)
        out.push_back(Action(kContinue, {u, c.u[static_cast<size_t>(e)][static_cast<size_t>(i)]}));
      out.push_back(Action(kLeave, {u}));
    }
  }
}

void PocketState::alloc_actions(int u, ActionList& out) const {
  int owner = units[static_cast<size_t>(u)].owner;
  bool markers = marker_source_available(owner);
  for (int t = 0; t < n_troops; ++t) {
    const Troop& tr = troops[static_cast<size_t>(t)];
    if (tr.unit != u || tr.status != kActive) continue;
    const TypeInfo& ti = type_of(t);
    if (ti.lp == 0) continue;  // PB §12, A18 [REC]: no wound may be assigned to a Waldläufer
    bool dup = false;          // E6: identical troops are one choice
    for (int t2 = 0; t2 < t && !dup; ++t2) {
      const Troop& o = troops[static_cast<size_t>(t2)];
      dup = o.unit == u && o.status == kActive && o.type == tr.type && o.wounds == tr.wounds;
    }
    if (dup) continue;
    out.push_back(Action(kRemove, {t}));
    // A9 [REC]: a troop is removed when its wounds reach its LP, so a marker may only be
    // placed while wounds + 1 < LP. A17 [REC]: the final wound on a troop is "remove", never a
    // new marker (the markers already on it are set aside).
    if (ti.lp > 1 && tr.wounds + 1 < ti.lp && markers) out.push_back(Action(kWound, {t}));
  }
}

bool PocketState::can_redeploy_to(int u, int seg, int max_steps) const {
  const Unit& un = units[static_cast<size_t>(u)];
  if (un.zone != kRear && un.zone != kFront) return false;
  return ((game_->reach(un.zone * 3 + un.col, max_steps) >> seg) & 1) != 0;
}

void PocketState::legal_actions(ActionList& out) const {
  out.clear();
  switch (phase) {
    case kOver:
      return;
    case kSelect: {
      const PlayerState& p = players[static_cast<size_t>(sel_seat)];
      const Army& army = game_->army(sel_seat);
      int nt = game_->num_types(sel_seat);
      uint8_t have[256] = {};
      for (int t = 0; t < n_troops; ++t)
        if (troops[static_cast<size_t>(t)].owner == sel_seat)
          ++have[troops[static_cast<size_t>(t)].type];
      for (int ty = 0; ty < nt; ++ty) {
        const TypeInfo& ti = game_->type(sel_seat, ty);
        if (p.picked_dp + ti.dp > game_->opts().points) continue;
        if (p.n_troops >= kMaxTroopsPerSide) continue;
        if (have[ty] >= army.troops[static_cast<size_t>(ty)].count) continue;
        if (ti.lp == 0 && !selection_feasible_with(sel_seat, ty)) continue;
        out.push_back(Action(kPick, {ty}));
      }
      if (p.n_troops > 0) out.push_back(Action(kSelectDone, {}));
      out.push_back(Action(kConcede, {}));
      return;
    }
    case kForm: {
      int t = form_troop;
      if (formation_feasible(sel_seat, t, -1, true)) out.push_back(Action(kNewUnit, {}));
      for (int u = 0; u < n_units; ++u)
        if (units[static_cast<size_t>(u)].owner == sel_seat &&
            formation_feasible(sel_seat, t, u, false))
          out.push_back(Action(kJoinUnit, {u}));
      out.push_back(Action(kConcede, {}));
      return;
    }
    case kRollAB:
      for (int a = 1; a <= 6; ++a)
        for (int b = 1; b <= 6; ++b) out.push_back(Action(kRoll, {a, b}));
      return;
    case kPlacement:
      for (int u = 0; u < n_units; ++u)
        if (units[static_cast<size_t>(u)].owner == active &&
            units[static_cast<size_t>(u)].zone == kUnplaced)
          for (int s = 0; s < 6; ++s) out.push_back(Action(kPlace, {u, s}));
      out.push_back(Action(kConcede, {}));
      return;
    case kRoundEnd:
      for (int t = 0; t < n_troops; ++t) {
        const Troop& tr = troops[static_cast<size_t>(t)];
        if (tr.owner != sel_seat || tr.status != kActive || tr.wounds == 0) continue;
        bool dup = false;
        for (int t2 = 0; t2 < t && !dup; ++t2) {
          const Troop& o = troops[static_cast<size_t>(t2)];
          dup = o.unit == tr.unit && o.status == kActive && o.type == tr.type &&
                o.wounds == tr.wounds;
        }
        if (!dup) out.push_back(Action(kRemove, {t}));
      }
      out.push_back(Action(kSelectDone, {}));
      out.push_back(Action(kConcede, {}));
      return;
    case kBattle:
      break;
  }
  if (!steps.empty()) {
    const Step& s = top();
    switch (s.kind) {
      case kStepReact: {
        if (s.b < 0) {
          int d = 1 - active;
          int col = units[static_cast<size_t>(s.a)].col;
          int pool = players[static_cast<size_t>(d)].pool;
          for (int v = 0; v < n_units; ++v) {
            const Unit& un = units[static_cast<size_t>(v)];
            if (un.owner != d || !un.alive || un.zone != kFront || un.col != col) continue;
            if (un.orders + 1 > pool) continue;  // A10 [REC]: reactions are orders, normal cost
            if (un.has_combat()) out.push_back(Action(kReactIntercept, {v}));
            if (un.has_shooting()) out.push_back(Action(kReactShoot, {v}));
          }
        }
        out.push_back(Action(kReactWait, {}));
        out.push_back(Action(kConcede, {}));
        return;
      }
      case kStepChooseTarget:
        primary_targets(s.a, units[static_cast<size_t>(s.a)].col, out);
        out.push_back(Action(kConcede, {}));
        return;
      case kStepMeleeRoll:
        if (s.n == 2) {
          for (int a = 1; a <= 6; ++a)
            for (int b = 1; b <= 6; ++b) out.push_back(Action(kRoll, {a, b}));
        } else {
          for (int a = 1; a <= 6; ++a) out.push_back(Action(kRoll, {a}));
        }
        return;
      case kStepShootRoll:
        for (int a = 1; a <= 6; ++a) out.push_back(Action(kRoll, {a}));
        return;
      case kStepAlloc:
        alloc_actions(s.a, out);
        out.push_back(Action(kConcede, {}));
        return;
      case kStepMarkerSource: {
        // PB Wunden 2, A19 [REC]: every own unit carrying order markers may give one up.
        int owner = troops[static_cast<size_t>(s.a)].owner;
        for (int u = 0; u < n_units; ++u)
          if (units[static_cast<size_t>(u)].owner == owner &&
              units[static_cast<size_t>(u)].orders > 0)
            out.push_back(Action(kMarkerFrom, {u}));
        out.push_back(Action(kConcede, {}));
        return;
      }
      default:
        return;  // automatic steps never wait for a decision
    }
  }
  if (stage == kPhase1) {
    for (int u = 0; u < n_units; ++u) {
      const Unit& un = units[static_cast<size_t>(u)];
      if (un.owner != active || !un.alive || (un.zone != kRear && un.zone != kFront)) continue;
      uint8_t mask = game_->reach(un.zone * 3 + un.col, (un.traits & kAllSwift) ? 2 : 1);
      for (int sg = 0; sg < 6; ++sg)
        if (mask & (1u << sg)) out.push_back(Action(kRedeploy, {u, sg}));
    }
    out.push_back(Action(kSkip, {}));
    out.push_back(Action(kConcede, {}));
    return;
  }
  order_actions(out);
  if (stage == kPhase2)
    out.push_back(Action(kPass, {}));
  else
    out.push_back(Action(kEndTurn, {}));
  out.push_back(Action(kConcede, {}));
}

int PocketState::current_seat() const {
  switch (phase) {
    case kOver:
      return kNobody;
    case kSelect:
    case kForm:
    case kRoundEnd:
      return sel_seat;
    case kRollAB:
      return kChance;
    case kPlacement:
      return active;
    default:
      break;
  }
  if (!steps.empty()) {
    const Step& s = top();
    switch (s.kind) {
      case kStepReact:
        return 1 - active;
      case kStepChooseTarget:
        return active;
      case kStepMeleeRoll:
      case kStepShootRoll:
        return kChance;
      case kStepAlloc:
        return units[static_cast<size_t>(s.a)].owner;
      case kStepMarkerSource:
        return troops[static_cast<size_t>(s.a)].owner;
      default:
        break;
    }
  }
  return active;
}

std::vector<ChanceOutcome> PocketState::chance_outcomes() const {
  std::vector<ChanceOutcome> out;
  if (current_seat() != kChance) return out;
  ActionList acts;
  legal_actions(acts);
  double p = 1.0 / static_cast<double>(acts.size());
  for (const Action& a : acts) out.push_back(ChanceOutcome{a, p});
  return out;
}

Action PocketState::sample_chance(Rng& rng) const {
  bool two = phase == kRollAB || (!steps.empty() && top().kind == kStepMeleeRoll && top().n == 2);
  int a = rng.d6();
  if (two) {
    int b = rng.d6();
    return Action(kRoll, {a, b});
  }
  return Action(kRoll, {a});
}

// ---------------------------------------------------------------------------------------------
// Effects

bool PocketState::pay_order(int u, EventList* ev, const char* what, const char* what_de) {
  Unit& un = units[static_cast<size_t>(u)];
  PlayerState& p = players[static_cast<size_t>(un.owner)];
  int cost = un.orders + 1;  // PB §6: markers on the unit + 1 (2^(n-1)); A8 [REC]: order side only
  p.pool = static_cast<int16_t>(p.pool - cost);
  un.orders = static_cast<uint8_t>(un.orders + cost);
  if (ev)
    emit(ev, "PB §6",
         say("The {0} give unit {1} the order {2} for {3} marker{4} ({5} on the unit, {6} left in "
             "the pool).",
             "Die {7} geben Einheit {1} den Befehl {8} für {3} Befehlsmarker ({5} auf der "
             "Einheit, {6} bleiben im Vorrat).",
             game_->seats()[un.owner], unit_label(u), what, cost, cost == 1 ? "" : "s", un.orders,
             p.pool, seat_de(un.owner), what_de),
         un.owner);
  return true;
}

int PocketState::new_combat(int col) {
  for (int c = 0; c < kMaxCombats; ++c) {
    Combat& cb = combats[static_cast<size_t>(c)];
    if (cb.col < 0) {
      cb.col = static_cast<int8_t>(col);
      cb.n = {0, 0};
      cb.u = {};
      return c;
    }
  }
  return -1;  // cannot happen: a combat needs two units and there are at most kMaxUnits
}

namespace {
void add_to_combat(Combat& c, int side, int u) {
  c.u[static_cast<size_t>(side)][c.n[static_cast<size_t>(side)]++] = static_cast<int16_t>(u);
}
}  // namespace

void PocketState::leave_combat_slot(int u) {
  Unit& un = units[static_cast<size_t>(u)];
  if (un.combat < 0) return;
  Combat& c = combats[static_cast<size_t>(un.combat)];
  auto& side = c.u[un.owner];
  uint8_t& n = c.n[un.owner];
  for (int i = 0; i < n; ++i) {
    if (side[static_cast<size_t>(i)] == u) {
      for (int j = i; j + 1 < n; ++j)
        side[static_cast<size_t>(j)] = side[static_cast<size_t>(j + 1)];
      --n;
      break;
    }
  }
  un.combat = -1;
}

// PB Gefecht 3 / PB Aktion 4: a unit no longer in contact with any enemy withdraws to its own
// front zone of the sector where the combat took place.
void PocketState::settle_combat(int ci, EventList* ev) {
  Combat& c = combats[static_cast<size_t>(ci)];
  if (c.col < 0) return;
  if (c.n[0] > 0 && c.n[1] > 0) return;
  for (int side = 0; side < 2; ++side) {
    for (int i = 0; i < c.n[static_cast<size_t>(side)]; ++i) {
      int u = c.u[static_cast<size_t>(side)][static_cast<size_t>(i)];
      Unit& un = units[static_cast<size_t>(u)];
      un.combat = -1;
      un.zone = kFront;
      un.col = c.col;
      if (ev)
        emit(ev, "PB Gefecht 3",
             say("{0} unit {1} is no longer in contact and withdraws to its {2}.",
                 "{3} {1} ist nicht mehr in Kontakt und zieht sich zurück nach {4}.",
                 side_name(un.owner), unit_label(u), seg_name(un.owner, kFront, un.col),
                 side_unit_de(un.owner), seg_de(un.owner, kFront, un.col)),
             un.owner);
    }
  }
  c.col = -1;
  c.n = {0, 0};
}

void PocketState::destroy_unit_if_empty(int u, EventList* ev) {
  Unit& un = units[static_cast<size_t>(u)];
  if (un.alive > 0 || un.zone == kGone) return;
  int c = un.combat;
  leave_combat_slot(u);
  un.zone = kGone;
  // E5: order markers of a destroyed unit are set aside and return at round end (PB Spielablauf).
  PlayerState& p = players[static_cast<size_t>(un.owner)];
  p.deferred = static_cast<int16_t>(p.deferred + un.orders);
  un.orders = 0;
  if (ev)
    emit(ev, "PB Gefecht 3",
         say("{0} unit {1} is destroyed.", "{2} {1} ist vernichtet.", side_name(un.owner),
             unit_label(u), side_unit_de(un.owner)),
         un.owner);
  if (c >= 0) settle_combat(c, ev);
}

// PB Wunden: a removed troop goes to the opponent (scoring); its wound markers are set aside
// until round end (defer) or, for voluntary removal at round end, return to the pool at once.
void PocketState::remove_troop(int t, bool defer, EventList* ev, const char* why,
                               const char* why_de) {
  Troop& tr = troops[static_cast<size_t>(t)];
  int o = tr.owner, u = tr.unit;
  PlayerState& p = players[static_cast<size_t>(o)];
  if (defer)
    p.deferred = static_cast<int16_t>(p.deferred + tr.wounds);
  else
    p.pool = static_cast<int16_t>(p.pool + tr.wounds);
  int w = tr.wounds;
  tr.wounds = 0;
  tr.status = kRemoved;
  const TypeInfo& ti = type_of(t);
  PlayerState& q = players[static_cast<size_t>(1 - o)];
  q.captured_dp = static_cast<int16_t>(q.captured_dp + ti.dp);
  if (ev)
    emit(ev, "PB Wunden",
         say("The {0} remove {1}: {2}{3}; the {4} now hold {5} destroyed DP.",
             "Die {6} entfernen {10}: {7}{8}; die {9} halten jetzt {5} vernichtete AP.", seat_id(o),
             troop_name(t, Lang::kEn), why,
             w ? fmt::format(", its {} wound marker{} {}", w, w == 1 ? "" : "s",
                             defer ? "set aside until round end" : "back to the pool")
               : std::string(),
             seat_id(1 - o), q.captured_dp, seat_de(o), why_de && *why_de ? why_de : why,
             w ? fmt::format(
                     ", {} Wundenmarker {}", w,
                     defer ? "bis zum Ende der Schlachtrunde beiseite" : "zurück in den Vorrat")
               : std::string(),
             seat_de(1 - o), troop_name(t, Lang::kDe)),
         o);
  refresh_unit(u);
  Unit& un = units[static_cast<size_t>(u)];
  if (un.alive > 0 && un.lp_alive == 0) {
    // PB §12, A14 [REC]: a Waldläufer left alone in its unit is removed at once and handed to
    // the opponent like any other loss.
    for (int t2 = 0; t2 < n_troops; ++t2)
      if (troops[static_cast<size_t>(t2)].unit == u &&
          troops[static_cast<size_t>(t2)].status == kActive)
        remove_troop(t2, defer, ev, "left alone without troops with life points, PB §12",
                     "allein ohne Truppen mit Lebenspunkten, PB §12");
    return;
  }
  destroy_unit_if_empty(u, ev);
}

// PB Wunden: the wound marker comes from the pool, else from order markers on a unit, else the
// troop is removed (checked by the caller). Which unit gives up an order marker is the owner's
// choice (A19 [REC], `from`, asked by kStepMarkerSource); without a choice to make (one source
// only) or with the option wound_marker=most-orders it is E4: the unit carrying the most order
// markers, the lowest number on ties.
void PocketState::give_wound(int t, int from, EventList* ev) {
  Troop& tr = troops[static_cast<size_t>(t)];
  PlayerState& p = players[static_cast<size_t>(tr.owner)];
  if (p.pool > 0) {
    --p.pool;
    from = -1;
  } else {
    if (from < 0) from = most_orders_unit(tr.owner);
    --units[static_cast<size_t>(from)].orders;
  }
  ++tr.wounds;
  if (ev)
    emit(ev, "PB Wunden",
         say("The {0} place a wound marker on {1}: {2} of {3} LP lost, marker from {4}.",
             "Die {5} legen einen Wundenmarker auf {7}: {2} von {3} LP verloren, Marker aus {6}.",
             game_->seats()[tr.owner], troop_name(t, Lang::kEn), tr.wounds, type_of(t).lp,
             from < 0 ? std::string("the pool") : "the order markers on " + unit_label(from),
             seat_de(tr.owner),
             from < 0 ? std::string("dem Vorrat") : "den Befehlsmarkern auf " + unit_label(from),
             troop_name(t, Lang::kDe)),
         tr.owner);
}

// PB "In ein Gefecht hineinschießen": hits split evenly among all units of the combat, friendly
// units included. A2 [REC]: each unit takes ceil(hits / units); option shoot_split=conserve
// gives floor shares and the remainder one by one in the order below.
void PocketState::distribute_shooting(int shooter, int target, int hits, EventList* ev) {
  const Unit& tv = units[static_cast<size_t>(target)];
  if (tv.combat < 0) {
    if (hits > 0) push(kStepAlloc, target, shooter, hits);
    return;
  }
  const Combat& c = combats[static_cast<size_t>(tv.combat)];
  int enemy = tv.owner, friendly = units[static_cast<size_t>(shooter)].owner;
  int order[2 * kMaxPerSide], n = 0;
  order[n++] = target;  // named target first, then other enemy units, then friendly units
  for (int i = 0; i < c.n[static_cast<size_t>(enemy)]; ++i)
    if (c.u[static_cast<size_t>(enemy)][static_cast<size_t>(i)] != target)
      order[n++] = c.u[static_cast<size_t>(enemy)][static_cast<size_t>(i)];
  if (friendly != enemy)
    for (int i = 0; i < c.n[static_cast<size_t>(friendly)]; ++i)
      order[n++] = c.u[static_cast<size_t>(friendly)][static_cast<size_t>(i)];
  int share[2 * kMaxPerSide];
  for (int i = 0; i < n; ++i) {
    if (game_->opts().shoot_split == ShootSplit::kCeil)
      share[i] = (hits + n - 1) / n;  // A2 [REC]: "gleichmäßig (aufgerundet)", every unit
    else
      share[i] = hits / n + (i < hits % n ? 1 : 0);  // A2 alternative: hit total conserved
  }
  if (ev) {
    std::string parts, parts_de;
    for (int i = 0; i < n; ++i) {
      parts += fmt::format("{}{} to {}", i ? ", " : "", share[i], unit_label(order[i]));
      parts_de += fmt::format("{}{} an {}", i ? ", " : "", share[i], unit_label(order[i]));
    }
    emit(ev, "PB Beschießen",
         say("Shooting into a combat: {0} hit{1} split among {2} units ({3}).",
             "In ein Gefecht hineinschießen: {0} Treffer verteilt auf {2} Einheiten ({4}).", hits,
             hits == 1 ? "" : "s", n, parts, parts_de),
         friendly);
  }
  for (int i = n - 1; i >= 0; --i)
    if (share[i] > 0) push(kStepAlloc, order[i], shooter, share[i]);
}

// PB Aktion 2: put attacker and target in contact in the combat zone.
void PocketState::engage(int att, int v, EventList* ev) {
  Unit& a = units[static_cast<size_t>(att)];
  Unit& t = units[static_cast<size_t>(v)];
  if (t.combat < 0) {
    // Rear (A5 [REC]) and flank (A4 [REC]) targets are pulled into the attacker's combat zone.
    int c = new_combat(a.col);
    add_to_combat(combats[static_cast<size_t>(c)], a.owner, att);
    add_to_combat(combats[static_cast<size_t>(c)], t.owner, v);
    a.combat = static_cast<int8_t>(c);
    t.combat = static_cast<int8_t>(c);
    t.zone = kCombatZone;
    t.col = a.col;
    if (ev)
      emit(ev, "PB Aktion 2",
           say("{0} and {1} are in contact in the combat zone of the orcs' {2} sector.",
               "{0} und {1} sind in Kontakt in der Gefechtszone des {3} Sektors der Orks.",
               unit_label(att), unit_label(v),
               a.col == 0   ? "left"
               : a.col == 1 ? "centre"
                            : "right",
               a.col == 0   ? "linken"
               : a.col == 1 ? "mittleren"
                            : "rechten"),
           a.owner);
    return;
  }
  int ci = t.combat;
  Combat& c = combats[static_cast<size_t>(ci)];
  a.col = c.col;  // E7: the attacker joins the combat where it is (a flank target in a combat)
  if (c.n[t.owner] >= 2) {
    // The outnumbered player attacks one of the two outnumbering units: split into two combats.
    leave_combat_slot(v);
    int c2 = new_combat(c.col);
    add_to_combat(combats[static_cast<size_t>(c2)], a.owner, att);
    add_to_combat(combats[static_cast<size_t>(c2)], t.owner, v);
    a.combat = static_cast<int8_t>(c2);
    t.combat = static_cast<int8_t>(c2);
    if (ev)
      emit(ev, "PB Aktion 2",
           say("{} attacks {} of an outnumbering pair: the combat splits into two "
               "separate combats.",
               "{} greift {} aus einem überlegenen Paar an: das Gefecht teilt sich in zwei "
               "getrennte Gefechte.",
               unit_label(att), unit_label(v)),
           a.owner);
  } else {
    add_to_combat(c, a.owner, att);
    a.combat = static_cast<int8_t>(ci);
    if (ev)
      emit(ev, "PB Aktion 2",
           say("{} joins the combat against {} ({} vs 1).",
               "{} schließt sich dem Gefecht gegen {} an ({} gegen 1).", unit_label(att),
               unit_label(v), c.n[a.owner]),
           a.owner);
  }
}

// ---------------------------------------------------------------------------------------------
// Turn and round structure

void PocketState::start_battle(EventList* ev) {
  // PB Aufstellung 4: all stacks are revealed.
  if (ev)
    emit(ev, "PB Aufstellung 4",
         {"All units are placed; the stacks are revealed.",
          "Alle Einheiten sind aufgestellt; die Stapel werden aufgedeckt."},
         kNobody);
  for (int s = 0; s < 2; ++s) {
    PlayerState& p = players[static_cast<size_t>(s)];
    p.pool = p.total;
  }
  phase = kBattle;
  round = 0;
  begin_round(seat_a, ev);
}

void PocketState::begin_round(int first, EventList* ev) {
  ++round;
  round_first = static_cast<int8_t>(first);
  if (players[0].pool == 0 && players[1].pool == 0) {
    // Not covered by the text: neither player has a marker to start a round (all markers are
    // wound markers). E8: the game ends and is decided like a round-end victory check
    // without the threshold (higher destroyed DP; tie -> player B).
    int a = players[0].captured_dp, b = players[1].captured_dp;
    winner = static_cast<uint8_t>(a > b ? 0 : b > a ? 1 : player_b());
    win_reason = a == b ? kWinTieB : kWinHigher;
    phase = kOver;
    if (ev)
      emit(ev, "PB Spielende",
           {"Neither player has an order marker left: the game ends.",
            "Keiner der Spieler hat noch einen Befehlsmarker: das Spiel endet."},
           kNobody);
    return;
  }
  if (ev)
    emit(ev, "PB Spielablauf",
         say("Battle round {0} begins; the {1} have the first turn.",
             "Schlachtrunde {0} beginnt; die {2} haben den ersten Spielzug.", round, seat_id(first),
             seat_de(first)),
         first);
  begin_turn(players[static_cast<size_t>(first)].pool > 0 ? first : 1 - first, ev);
}

void PocketState::begin_turn(int seat, EventList* ev) {
  active = static_cast<int8_t>(seat);
  bool can_redeploy = false;
  for (int u = 0; u < n_units; ++u) {
    Unit& un = units[static_cast<size_t>(u)];
    un.flags = 0;
    // A12 [REC]: continue/leave need contact with an enemy unit at the start of the turn.
    if (un.combat >= 0) un.flags |= kContactAtStart;
    if (un.owner == seat && un.alive && (un.zone == kRear || un.zone == kFront))
      can_redeploy = true;
  }
  stage = can_redeploy ? kPhase1 : kPhase2;
}

void PocketState::end_turn(EventList* ev) {
  for (int u = 0; u < n_units; ++u) units[static_cast<size_t>(u)].flags = 0;
  if (active == seat_a) a_first_turn = false;
  int o = 1 - active;
  // PB Spielablauf: a player without markers takes no turns; the round ends when both are out.
  if (players[static_cast<size_t>(o)].pool > 0)
    begin_turn(o, ev);
  else if (players[static_cast<size_t>(active)].pool > 0)
    begin_turn(active, ev);
  else
    round_end(ev);
}

// PB Spielablauf / spec §10 (A7 [REC]): victory check first, then markers return, then voluntary
// removal of wounded troops.
void PocketState::round_end(EventList* ev) {
  int a = players[0].captured_dp, b = players[1].captured_dp;
  // A3 [REC]: the threshold is half of the DP the opponent actually built.
  bool wa = 2 * a >= players[1].built_dp, wb = 2 * b >= players[0].built_dp;
  if (ev)
    emit(ev, "PB Spielende",
         say("End of battle round {}: orcs destroyed {} of {} DP, elves destroyed {} of "
             "{} DP.",
             "Ende der Schlachtrunde {}: die Orks haben {} von {} AP vernichtet, die Elfen {} von "
             "{} AP.",
             round, a, players[1].built_dp, b, players[0].built_dp),
         kNobody);
  if (wa || wb) {
    if (wa && wb) {
      winner = static_cast<uint8_t>(a > b ? 0 : b > a ? 1 : player_b());
      win_reason = a == b ? kWinTieB : kWinHigher;
    } else {
      winner = wa ? 0 : 1;
      win_reason = kWinThreshold;
    }
    phase = kOver;
    steps.clear();
    if (ev)
      emit(ev, "PB Spielende",
           say("The {0} win.", "Die {1} gewinnen.", game_->seats()[winner], seat_de(winner)),
           winner);
    return;
  }
  for (int s = 0; s < 2; ++s) {
    PlayerState& p = players[static_cast<size_t>(s)];
    int back = p.passed + p.deferred;
    for (int u = 0; u < n_units; ++u) {
      Unit& un = units[static_cast<size_t>(u)];
      if (un.owner == s) {
        back += un.orders;
        un.orders = 0;
      }
    }
    p.pool = static_cast<int16_t>(p.pool + back);
    p.passed = 0;
    p.deferred = 0;
  }
  phase = kRoundEnd;
  sel_seat = round_first;
  if (has_wounded(sel_seat)) return;
  sel_seat = static_cast<int8_t>(1 - round_first);
  if (has_wounded(sel_seat)) return;
  after_round_end_removal(ev);
}

bool PocketState::has_wounded(int seat) const {
  for (int t = 0; t < n_troops; ++t) {
    const Troop& tr = troops[static_cast<size_t>(t)];
    if (tr.owner == seat && tr.status == kActive && tr.wounds > 0) return true;
  }
  return false;
}

void PocketState::after_round_end_removal(EventList* ev) {
  phase = kBattle;
  begin_round(1 - round_first, ev);  // PB Spielablauf: the first player alternates
}

void PocketState::advance(EventList* ev) {
  while (phase == kBattle) {
    if (steps.empty()) {
      if (stage != kResolving) return;
      // The order is resolved (PB Phase 2). A1 [REC]: one order per turn, unless many-orders.
      if (game_->opts().turn == TurnMode::kManyOrders &&
          players[static_cast<size_t>(active)].pool > 0) {
        stage = kMoreOrders;
        return;
      }
      end_turn(ev);
      continue;
    }
    Step& s = top();
    switch (s.kind) {
      case kStepReact:
        return;
      case kStepChooseTarget: {
        if (!unit_alive(s.a)) {
          pop();
          continue;
        }
        bool any = false;
        int enemy = 1 - units[static_cast<size_t>(s.a)].owner;
        for (int v = 0; v < n_units && !any; ++v) {
          const Unit& un = units[static_cast<size_t>(v)];
          any = un.owner == enemy && un.alive && un.col == units[static_cast<size_t>(s.a)].col &&
                (un.zone == kFront || (un.zone == kCombatZone && un.combat >= 0)) &&
                valid_target_for(s.a, v);
        }
        if (!any) {  // cannot happen by construction; keep the state legal anyway
          Unit& un = units[static_cast<size_t>(s.a)];
          un.zone = kFront;
          pop();
          continue;
        }
        return;
      }
      case kStepMeleeRoll:
        if (!unit_alive(s.a) || !unit_alive(s.b)) {
          pop();
          continue;
        }
        if (!units[static_cast<size_t>(s.a)].has_combat()) {
          // E9: a unit without combat dice cannot hit; its strike is skipped without a roll.
          if (ev)
            emit(
                ev, "PB Gefecht 2",
                say("Unit {} has no combat dice and cannot hit.",
                    "Einheit {} hat keine Gefechtswürfel und kann nicht treffen.", unit_label(s.a)),
                units[static_cast<size_t>(s.a)].owner);
          pop();
          continue;
        }
        return;
      case kStepShootRoll:
        if (!unit_alive(s.a) || !unit_alive(s.b)) {
          pop();
          continue;
        }
        return;
      case kStepStrikeBack: {
        int x = s.a, y = s.b;
        pop();
        // PB Gefecht (Rückschlag): the struck unit strikes back with 1 die if it survived; never
        // an extra die. A13 [REC]: in a 2 vs 1 only the attacked unit strikes back, and only at
        // the unit that struck it.
        if (unit_alive(x) && unit_alive(y) && units[static_cast<size_t>(x)].combat >= 0 &&
            units[static_cast<size_t>(x)].combat == units[static_cast<size_t>(y)].combat)
          push(kStepMeleeRoll, y, x, 1);
        continue;
      }
      case kStepAlloc:
        if (!unit_alive(s.a) || s.n == 0) {
          pop();
          continue;
        }
        return;
      case kStepMarkerSource:
        return;  // the owner's decision (A19)
      case kStepLeaveStrike: {
        int w = s.a, u = s.b;
        pop();
        if (unit_alive(w) && unit_alive(u) && units[static_cast<size_t>(w)].combat >= 0 &&
            units[static_cast<size_t>(w)].combat == units[static_cast<size_t>(u)].combat)
          push(kStepMeleeRoll, w, u, 1);
        continue;
      }
      case kStepLeaveFinish: {
        int u = s.a, c = s.b;
        pop();
        if (unit_alive(u) && units[static_cast<size_t>(u)].combat == c) {
          leave_combat_slot(u);
          Unit& un = units[static_cast<size_t>(u)];
          un.zone = kFront;
          un.col = combats[static_cast<size_t>(c)].col;
          if (ev)
            emit(ev, "PB Aktion 4",
                 say("{0} leaves the combat and withdraws to its {1}.",
                     "{0} verlässt das Gefecht und zieht sich zurück nach {2}.", unit_label(u),
                     seg_name(un.owner, kFront, un.col), seg_de(un.owner, kFront, un.col)),
                 un.owner);
          settle_combat(c, ev);
        }
        continue;
      }
      default:
        pop();
        continue;
    }
  }
}

// ---------------------------------------------------------------------------------------------
// apply

namespace {
std::string dice_list(const PocketState& st, int u, bool shooting) {
  std::vector<int> faces;
  for (int t = 0; t < st.n_troops; ++t) {
    const Troop& tr = st.troops[static_cast<size_t>(t)];
    if (tr.unit != u || tr.status != kActive) continue;
    const TypeInfo& ti = st.type_of(t);
    for (int f = 1; f <= 6; ++f)
      for (int k = 0; k < (shooting ? ti.sm : ti.cm)[static_cast<size_t>(f)]; ++k)
        faces.push_back(f);
  }
  std::sort(faces.begin(), faces.end());
  std::string s;
  for (size_t i = 0; i < faces.size(); ++i) s += (i ? "," : "") + std::to_string(faces[i]);
  return s.empty() ? "none" : s;
}
}  // namespace

void PocketState::apply(const Action& action, EventList* ev) {
  ++moves;
  int seat = current_seat();
  switch (action.verb) {
    case kConcede:
      winner = static_cast<uint8_t>(1 - seat);
      win_reason = kWinConcede;
      phase = kOver;
      steps.clear();
      if (ev)
        emit(ev, "PB Spielende 1",
             say("The {0} concede; the {1} win.", "Die {2} geben auf; die {3} gewinnen.",
                 seat_id(seat), seat_id(1 - seat), seat_de(seat), seat_de(1 - seat)),
             seat);
      return;
    case kPick: {
      int ty = action.arg(0);
      Troop& tr = troops[static_cast<size_t>(n_troops++)];
      tr = Troop{};
      tr.type = static_cast<uint8_t>(ty);
      tr.owner = static_cast<uint8_t>(sel_seat);
      tr.status = kSelected;
      PlayerState& p = players[static_cast<size_t>(sel_seat)];
      p.picked_dp = static_cast<int16_t>(p.picked_dp + game_->type(sel_seat, ty).dp);
      ++p.n_troops;
      if (ev)
        // Hidden information: the event names neither the type nor its DP (PB Aufbau 6).
        emit(ev, "PB Aufbau 4",
             say("The {0} pick a troop ({1} so far).", "Die {2} wählen eine Truppe ({1} bisher).",
                 seat_id(sel_seat), p.n_troops, seat_de(sel_seat)),
             sel_seat);
      return;
    }
    case kSelectDone:
      if (phase == kSelect) {
        PlayerState& p = players[static_cast<size_t>(sel_seat)];
        p.built_dp = p.picked_dp;
        if (ev)
          emit(ev, "PB Aufbau 4",
               say("The {0} have chosen {1} troops.", "Die {2} haben {1} Truppen gewählt.",
                   seat_id(sel_seat), p.n_troops, seat_de(sel_seat)),
               sel_seat);
        if (sel_seat == 0) {
          sel_seat = 1;
        } else {
          phase = kForm;
          sel_seat = 0;
          form_troop = static_cast<int16_t>(next_unformed(0));
        }
      } else {  // kRoundEnd: this player is done removing wounded troops
        if (sel_seat == round_first) {
          sel_seat = static_cast<int8_t>(1 - round_first);
          if (has_wounded(sel_seat)) return;
        }
        after_round_end_removal(ev);
      }
      return;
    case kNewUnit:
    case kJoinUnit: {
      int t = form_troop;
      Troop& tr = troops[static_cast<size_t>(t)];
      const TypeInfo& ti = type_of(t);
      int u;
      if (action.verb == kNewUnit) {
        u = n_units++;
        Unit& un = units[static_cast<size_t>(u)];
        un = Unit{};
        un.owner = static_cast<uint8_t>(sel_seat);
        un.number = static_cast<uint8_t>(++players[static_cast<size_t>(sel_seat)].n_units);
        un.zone = kUnplaced;
      } else {
        u = action.arg(0);
      }
      Unit& un = units[static_cast<size_t>(u)];
      tr.unit = static_cast<int16_t>(u);
      tr.status = kActive;
      ++un.size;
      un.minfv = static_cast<uint8_t>(std::min<int>(un.minfv, ti.fv));
      // Ordinal labels for repeated types within a unit.
      int same = 0, first_same = -1;
      for (int t2 = 0; t2 < n_troops; ++t2)
        if (troops[static_cast<size_t>(t2)].unit == u &&
            troops[static_cast<size_t>(t2)].type == tr.type) {
          if (first_same < 0) first_same = t2;
          ++same;
        }
      if (same >= 2) {
        if (same == 2) troops[static_cast<size_t>(first_same)].ordinal = 1;
        tr.ordinal = static_cast<uint8_t>(same);
      }
      refresh_unit(u);
      if (ev) {
        // Which unit a troop joins stays secret until the stacks are shown (PB Aufbau 6).
        const bool fresh = action.verb == kNewUnit;
        ev->push_back(Event::said(
            "PB Aufbau 5",
            say("The {0} put a troop into unit {1} ({2} troop{3}).",
                "Die {4} legen eine Truppe in Einheit {1} ({2} Truppe{5}).", seat_id(sel_seat),
                unit_label(u), un.size, un.size == 1 ? "" : "s", seat_de(sel_seat),
                un.size == 1 ? "" : "n"),
            sel_seat,
            say("The {0} put a troop into {1}.", "Die {2} legen eine Truppe in {3}.",
                seat_id(sel_seat), fresh ? "a new unit" : "one of their units", seat_de(sel_seat),
                fresh ? "eine neue Einheit" : "eine ihrer Einheiten")));
      }
      int next = next_unformed(sel_seat);
      if (next < 0 && sel_seat == 0) {
        sel_seat = 1;
        next = next_unformed(1);
      }
      form_troop = static_cast<int16_t>(next);
      if (next < 0) {
        phase = kRollAB;
        sel_seat = 0;
      }
      return;
    }
    case kPlace: {
      int u = action.arg(0), sg = action.arg(1);
      Unit& un = units[static_cast<size_t>(u)];
      un.zone = static_cast<int8_t>(sg / 3);
      un.col = static_cast<int8_t>(sg % 3);
      if (ev)
        emit(ev, "PB Aufstellung 3",
             say("The {0} place unit {1} (a stack of {2}) in their {3}.",
                 "Die {4} stellen Einheit {1} (ein Stapel aus {2}) nach {5}.",
                 game_->seats()[un.owner], unit_label(u), un.size,
                 seg_name(un.owner, un.zone, un.col), seat_de(un.owner),
                 seg_de(un.owner, un.zone, un.col)),
             un.owner);
      auto unplaced = [&](int s) {
        for (int v = 0; v < n_units; ++v)
          if (units[static_cast<size_t>(v)].owner == s &&
              units[static_cast<size_t>(v)].zone == kUnplaced)
            return true;
        return false;
      };
      if (unplaced(1 - active))
        active = static_cast<int8_t>(1 - active);
      else if (!unplaced(active))
        start_battle(ev);
      return;
    }
    case kRoll:
      break;
    case kSkip:
      stage = kPhase2;
      return;
    case kRedeploy: {
      int u = action.arg(0), sg = action.arg(1);
      Unit& un = units[static_cast<size_t>(u)];
      if (ev)
        emit(ev, "PB Phase 1",
             say("The {0} redeploy {1} from their {2} to their {3}; it may receive no order this "
                 "turn.",
                 "Die {4} stationieren {1} von {5} nach {6} um; sie darf in diesem Spielzug "
                 "keinen Befehl erhalten.",
                 game_->seats()[un.owner], unit_label(u), seg_name(un.owner, un.zone, un.col),
                 seg_name(un.owner, sg / 3, sg % 3), seat_de(un.owner),
                 seg_de(un.owner, un.zone, un.col), seg_de(un.owner, sg / 3, sg % 3)),
             un.owner);
      un.zone = static_cast<int8_t>(sg / 3);
      un.col = static_cast<int8_t>(sg % 3);
      un.flags |= kRedeployed;
      stage = kPhase2;
      return;
    }
    case kMove: {
      int u = action.arg(0), sg = action.arg(1);
      pay_order(u, ev, "tactical move (PB Aktion 1)", "Taktische Bewegung (PB Aktion 1)");
      Unit& un = units[static_cast<size_t>(u)];
      if (ev)
        emit(ev, "PB Aktion 1",
             say("{0} moves from its {1} to its {2}.", "{0} bewegt sich von {3} nach {4}.",
                 unit_label(u), seg_name(un.owner, un.zone, un.col),
                 seg_name(un.owner, sg / 3, sg % 3), seg_de(un.owner, un.zone, un.col),
                 seg_de(un.owner, sg / 3, sg % 3)),
             un.owner);
      un.zone = static_cast<int8_t>(sg / 3);
      un.col = static_cast<int8_t>(sg % 3);
      stage = kResolving;
      advance(ev);
      return;
    }
    case kAttack: {
      int u = action.arg(0);
      pay_order(u, ev, "attack (PB Aktion 2)", "Angriff (PB Aktion 2)");
      Unit& un = units[static_cast<size_t>(u)];
      un.zone = kCombatZone;
      un.flags |= kAttacked;
      stage = kResolving;
      if (action.argc == 1) {
        if (ev)
          emit(ev, "PB Aktion 2",
               say("{0} charges into the combat zone; the {1} choose a reaction.",
                   "{0} stürmt in die Gefechtszone; die {2} wählen eine Reaktion.", unit_label(u),
                   game_->seats()[1 - un.owner], seat_de(1 - un.owner)),
               un.owner);
        push(kStepReact, u, -1, 0);
      } else {
        int v = action.arg(1);
        bool flank = units[static_cast<size_t>(v)].col != un.col;
        if (ev)
          emit(
              ev, flank ? "PB Aktion 2 (Flankenangriff)" : "PB Aktion 2 (Rückraum)",
              say("{0} makes a {1} attack on {2}; the defender may only wait.",
                  "{0} greift {2} {3} an; der Verteidiger darf nur abwarten.", unit_label(u),
                  flank ? "flank" : "rear", unit_label(v), flank ? "in der Flanke" : "im Rückraum"),
              un.owner);
        push(kStepReact, u, v, 1);
      }
      advance(ev);
      return;
    }
    case kReactWait: {
      Step s = top();
      pop();
      if (ev)
        emit(ev, "PB Aktion 2 C",
             say("The {0} wait.", "Die {1} warten ab.", seat_id(1 - active), seat_de(1 - active)),
             1 - active);
      if (s.b < 0) {
        push(kStepChooseTarget, s.a, -1, 0);
      } else {
        engage(s.a, s.b, ev);
        push(kStepStrikeBack, s.a, s.b, 0);
        push(kStepMeleeRoll, s.a, s.b, 2);
      }
      advance(ev);
      return;
    }
    case kReactIntercept: {
      Step s = top();
      pop();
      int v = action.arg(0);
      pay_order(v, ev, "intercept (PB Aktion 2 A)", "Abfangen (PB Aktion 2 A)");
      Unit& d = units[static_cast<size_t>(v)];
      d.zone = kCombatZone;
      engage(s.a, v, ev);
      push(kStepStrikeBack, s.a, v, 0);
      push(kStepMeleeRoll, s.a, v, 2);  // the attacker strikes first, with the extra die
      advance(ev);
      return;
    }
    case kReactShoot: {
      Step s = top();
      pop();
      int v = action.arg(0);
      pay_order(v, ev, "shoot at the attacker (PB Aktion 2 B)",
                "Beschießen des Angreifers (PB Aktion 2 B)");
      push(kStepChooseTarget, s.a, -1, 0);
      push(kStepShootRoll, v, s.a, 1);
      advance(ev);
      return;
    }
    case kTarget: {
      int att = top().a, v = action.arg(0);
      pop();
      engage(att, v, ev);
      push(kStepStrikeBack, att, v, 0);
      push(kStepMeleeRoll, att, v, 2);
      advance(ev);
      return;
    }
    case kContinue: {
      int u = action.arg(0), v = action.arg(1);
      pay_order(u, ev, "continue combat (PB Aktion 3)", "Gefecht fortführen (PB Aktion 3)");
      stage = kResolving;
      push(kStepStrikeBack, u, v, 0);
      push(kStepMeleeRoll, u, v, 1);  // no extra die (PB Aktion 3)
      advance(ev);
      return;
    }
    case kLeave: {
      int u = action.arg(0);
      pay_order(u, ev, "leave combat (PB Aktion 4)", "Gefecht verlassen (PB Aktion 4)");
      stage = kResolving;
      int ci = units[static_cast<size_t>(u)].combat;
      const Combat& c = combats[static_cast<size_t>(ci)];
      int e = 1 - units[static_cast<size_t>(u)].owner;
      push(kStepLeaveFinish, u, ci, 0);
      // Every opposing unit of the combat strikes once, like a strike-back; E10: in the order
      // they joined the combat.
      for (int i = c.n[static_cast<size_t>(e)] - 1; i >= 0; --i)
        push(kStepLeaveStrike, c.u[static_cast<size_t>(e)][static_cast<size_t>(i)], u, 0);
      advance(ev);
      return;
    }
    case kShoot: {
      int u = action.arg(0), v = action.arg(1);
      pay_order(u, ev, "shoot (PB Aktion 5)", "Beschießen (PB Aktion 5)");
      stage = kResolving;
      push(kStepShootRoll, u, v, 1);
      advance(ev);
      return;
    }
    case kSpecial: {
      int u = action.arg(0), t = action.arg(1);
      pay_order(u, ev, "use a special trait (PB Aktion 6)",
                "Sonderfähigkeit einsetzen (PB Aktion 6)");
      Troop& tr = troops[static_cast<size_t>(t)];
      --tr.wounds;
      ++players[static_cast<size_t>(tr.owner)].pool;
      if (ev)
        emit(ev, "PB Aktion 6",
             say("{0} {1} {2}: 1 wound marker returns to the pool.",
                 "{0} {3} {4}: 1 Wundenmarker kehrt in den Vorrat zurück.", unit_label(u),
                 tr.unit == u ? "regenerates" : "heals", troop_name(t, Lang::kEn),
                 tr.unit == u ? "regeneriert" : "heilt", troop_name(t, Lang::kDe)),
             tr.owner);
      stage = kResolving;
      advance(ev);
      return;
    }
    case kPass: {
      PlayerState& p = players[static_cast<size_t>(active)];
      --p.pool;
      ++p.passed;
      if (ev)
        emit(ev, "PB Aktion 7",
             say("The {0} pass and set 1 marker aside ({1} left).",
                 "Die {2} passen und legen 1 Befehlsmarker beiseite ({1} übrig).", seat_id(active),
                 p.pool, seat_de(active)),
             active);
      end_turn(ev);
      advance(ev);
      return;
    }
    case kEndTurn:
      end_turn(ev);
      advance(ev);
      return;
    case kWound: {
      int t = action.arg(0);
      --top().n;
      if (marker_choice_needed(troops[static_cast<size_t>(t)].owner)) {
        // PB Wunden 2, A19 [REC]: the pool is empty; the owner says which of his units gives up
        // an order marker before the wound marker is placed.
        push(kStepMarkerSource, t, -1, 0);
        return;
      }
      give_wound(t, -1, ev);
      advance(ev);
      return;
    }
    case kMarkerFrom: {
      int t = top().a;
      pop();
      give_wound(t, action.arg(0), ev);
      advance(ev);
      return;
    }
    case kRemove: {
      int t = action.arg(0);
      if (phase == kRoundEnd) {
        // A6 [REC]: a voluntarily removed troop counts as destroyed (handed to the opponent);
        // its wound markers return to the pool at once.
        remove_troop(t, false, ev, "voluntary removal at round end, PB Spielablauf",
                     "freiwillig entfernt am Ende der Schlachtrunde, PB Spielablauf");
        return;
      }
      Step& s = top();
      --s.n;
      remove_troop(t, true, ev, "wound, PB Wunden", "Wunde, PB Wunden");
      advance(ev);
      return;
    }
    default:
      return;
  }
  // kRoll
  if (phase == kRollAB) {
    int a = action.arg(0), b = action.arg(1);
    last_roll = {static_cast<uint8_t>(a), static_cast<uint8_t>(b)};
    if (a == b) {
      ++rerolls;  // A15 [REC]: ties are re-rolled
      if (ev)
        emit(
            ev, "PB Aufstellung 2",
            say("Both roll {}: tie, roll again.", "Beide würfeln {}: Gleichstand, neu würfeln.", a),
            kNobody);
      return;
    }
    seat_a = static_cast<int8_t>(a > b ? 0 : 1);
    if (ev)
      emit(ev, "PB Aufstellung 2",
           say("Orcs roll {0}, elves roll {1}: {2} are player A, {3} player B.",
               "Die Orks würfeln {0}, die Elfen {1}: die {4} sind Spieler A, die {5} Spieler B.", a,
               b, seat_id(seat_a), seat_id(1 - seat_a), seat_de(seat_a), seat_de(1 - seat_a)),
           seat_a);
    phase = kPlacement;
    active = seat_a;
    return;
  }
  Step s = top();
  pop();
  if (s.kind == kStepMeleeRoll) {
    const Unit& x = units[static_cast<size_t>(s.a)];
    int hits = x.cm[static_cast<size_t>(action.arg(0))];
    if (action.argc == 2) hits += x.cm[static_cast<size_t>(action.arg(1))];  // A11: each die
    if (ev)
      emit(ev, "PB Gefecht 2",
           say("{0} unit {1} rolls {2}: {3} hit{4} on {5} (combat dice {6}).",
               "{7} {1} würfelt {8}: {3} Treffer gegen {5} (Gefechtswürfel {6}).",
               side_name(x.owner), unit_label(s.a),
               action.argc == 2 ? fmt::format("{} and {}", action.arg(0), action.arg(1))
                                : std::to_string(action.arg(0)),
               hits, hits == 1 ? "" : "s", unit_label(s.b), dice_list(*this, s.a, false),
               side_unit_de(x.owner),
               action.argc == 2 ? fmt::format("{} und {}", action.arg(0), action.arg(1))
                                : std::to_string(action.arg(0))),
           x.owner);
    if (hits > 0) push(kStepAlloc, s.b, s.a, hits);
  } else {  // kStepShootRoll
    const Unit& x = units[static_cast<size_t>(s.a)];
    int hits = x.sm[static_cast<size_t>(action.arg(0))];
    if (ev)
      emit(ev, "PB Beschießen 2",
           say("{0} unit {1} shoots at {2} and rolls {3}: {4} hit{5} (shooting dice {6}).",
               "{7} {1} beschießt {2} und würfelt {3}: {4} Treffer (Schusswürfel {6}).",
               side_name(x.owner), unit_label(s.a), unit_label(s.b), action.arg(0), hits,
               hits == 1 ? "" : "s", dice_list(*this, s.a, true), side_unit_de(x.owner)),
           x.owner);
    distribute_shooting(s.a, s.b, hits, ev);
  }
  advance(ev);
}

}  // namespace feldherr::pocket
