// White Star Rising 11.4 (optional rule, game option `sw_on_first_fire`): placing support
// weapons. It replaces 1.3.4.1: no SW is assigned during the setup (setup.cc setup_next_sw); when
// an infantry-type platoon without an SW fires (6.1, 6.2) while an SW of its force is still
// unplaced, its owner declares whether the platoon has it (`place-sw <sw> <platoon>` or `no-sw`,
// before the attack dice, so the attack uses it); from then on it stays with that platoon.
// Whenever one of a side's infantry platoons is eliminated while it has unplaced SWs, it rolls 1
// die, -1 for each further eliminated infantry platoon (modifier -(eliminated so far - 1)); a
// result of 1 or less lets the opponent eliminate one unplaced SW of his choice (`sw-loss <sw>`).
#include <algorithm>
#include <string>
#include <vector>

#include "games/wsr/emit.h"  // last: defines Emit and Fail
#include "games/wsr/side_words.h"
#include "games/wsr/state.h"

namespace feldherr::wsr {

namespace {

constexpr int kMaxPlacedSws = 64;  // sw_out is a 64-bit set

std::string SwLabel(const WsrGame& g, int k) {
  return k >= 0 && k < g.num_sws() ? g.sw_info(k).label : "sw" + std::to_string(k);
}

// The first unplaced SW of the same counter and force as k (equal choices are one action).
bool FirstOfItsKind(const WsrState& s, int k) {
  const WsrGame& g = s.wgame();
  for (int j = 0; j < k; ++j)
    if (s.sw_unplaced(j) && g.sw_info(j).counter == g.sw_info(k).counter &&
        g.sw_info(j).force == g.sw_info(k).force && g.sw_info(j).side == g.sw_info(k).side)
      return false;
  return true;
}

}  // namespace

bool WsrState::sw_step(int kind) {
  return kind >= kStepSwPlace && kind <= kStepSwLossPick;
}

bool WsrState::sw_unplaced(int k) const {
  if (!game_->opts().sw_on_first_fire || k < 0 || k >= game_->num_sws() || k >= kMaxPlacedSws)
    return false;
  if ((sw_out >> k & 1) != 0) return false;
  for (int u = 0; u < n_units; ++u)
    if (unit(u).sw == k + 1) return false;  // given directly (SetupUnit::sw)
  return true;
}

bool WsrState::can_place_sw(int k, int u, Text* why) const {
  if (steps.empty() || top().kind != kStepSwPlace || top().a != u)
    return Fail(why, Text{"an SW is placed when the platoon holding it fires for the first time "
                          "(WSR 11.4)",
                          "eine Unterstützungswaffe wird platziert, wenn der Zug, der sie trägt, "
                          "zum ersten Mal feuert (WSR 11.4)"});
  if (!sw_unplaced(k))
    return Fail(why, Text{SwLabel(*game_, k) + " is not an unplaced SW (WSR 11.4)",
                          std::string(SwLabel(*game_, k)) +
                              " ist keine unplatzierte Unterstützungswaffe (WSR 11.4)"});
  const WsrGame::SwInfo& si = game_->sw_info(k);
  if (si.side != side_of(u) || si.force != unit_force(u))
    return Fail(why,
                Text{"WSR 1.3.4.1, 11.4: " + si.label + " goes to a platoon of its own force; " +
                         unit_label(u) + " is not in it",
                     std::string("WSR 1.3.4.1, 11.4: ") + si.label +
                         " geht an einen Zug ihrer eigenen Truppe; " + unit_label(u) +
                         " gehört nicht dazu"});
  if (unit(u).sw != 0)
    return Fail(why, Text{unit_label(u) + " already holds an SW (one per platoon, WSR 1.3.4.1)",
                          std::string(unit_label(u)) +
                              " hat bereits eine Unterstützungswaffe (eine pro Zug, WSR 1.3.4.1)"});
  return true;
}

void WsrState::sw_fire_hook(int u) {
  if (!game_->opts().sw_on_first_fire || !info(u).counter->infantry_type() || unit(u).sw != 0)
    return;
  for (int k = 0; k < game_->num_sws(); ++k) {
    if (!sw_unplaced(k)) continue;
    const WsrGame::SwInfo& si = game_->sw_info(k);
    if (si.side == side_of(u) && si.force == unit_force(u)) {
      push(kStepSwPlace, info(u).formation, static_cast<int16_t>(u));  // above the attack roll
      return;
    }
  }
}

void WsrState::sw_loss_check() {
  if (!game_->opts().sw_on_first_fire) return;
  for (int side = 0; side < 2; ++side) {
    int lost = 0;
    for (int u = 0; u < n_units; ++u)
      if (side_of(u) == side && info(u).counter->infantry_type() && has(u, kGone) &&
          !has(u, kExited))
        ++lost;
    bool unplaced = false;
    for (int k = 0; k < game_->num_sws() && !unplaced; ++k)
      unplaced = sw_unplaced(k) && game_->sw_info(k).side == side;
    std::vector<int> rolls;  // one roll per platoon eliminated, the first on top
    while (inf_lost[static_cast<size_t>(side)] < lost) {
      ++inf_lost[static_cast<size_t>(side)];
      if (unplaced) rolls.push_back(inf_lost[static_cast<size_t>(side)]);
    }
    for (auto it = rolls.rbegin(); it != rolls.rend(); ++it)
      push(kStepSwLossRoll, side, static_cast<int16_t>(*it));
  }
}

void WsrState::apply_sw_loss_roll(const Step& s, int die, EventList* ev) {
  const int modified = die - (s.a - 1);
  auto who = [&] { return SideWordsOf(*game_, s.f); };
  bool any = false;
  for (int k = 0; k < game_->num_sws() && !any; ++k)
    any = sw_unplaced(k) && game_->sw_info(k).side == s.f;
  Emit(ev, "WSR 11.4",
       Text{Capital(who().en) + " roll " + std::to_string(die) + " - " + std::to_string(s.a - 1) +
                " = " + std::to_string(modified) + " for their unplaced SWs (" +
                std::to_string(s.a) + " infantry platoon" + (s.a == 1 ? "" : "s") +
                " eliminated): " +
                (modified <= 1 && any ? "the opponent eliminates one of them." : "no loss."),
            Capital(who().de) + " würfeln " + std::to_string(die) + " - " +
                std::to_string(s.a - 1) + " = " + std::to_string(modified) +
                " für ihre unplatzierten Unterstützungswaffen (" + std::to_string(s.a) + " " +
                ((s.a == 1 ? "Infanterie-Zug" : "Infanterie-Züge")) + " eliminiert): " +
                ((modified <= 1 && any ? "der Gegner eliminiert eine davon." : "kein Verlust."))},
       s.f);
  if (modified <= 1 && any) push(kStepSwLossPick, s.f, static_cast<int16_t>(1 - s.f));
}

void WsrState::sw_actions(ActionList& out) const {
  const Step& t = top();
  if (t.kind == kStepSwPlace) {
    for (int k = 0; k < game_->num_sws(); ++k)
      if (can_place_sw(k, t.a, nullptr) && FirstOfItsKind(*this, k))
        out.push_back(Action(kPlaceSw, {k, t.a}));
    out.push_back(Action(kNoSw, {}));
    return;
  }
  if (t.kind == kStepSwLossPick)
    for (int k = 0; k < game_->num_sws(); ++k)
      if (sw_unplaced(k) && game_->sw_info(k).side == 1 - t.a && FirstOfItsKind(*this, k))
        out.push_back(Action(kSwLoss, {k}));
}

void WsrState::apply_sw_action(const Action& a, EventList* ev) {
  const Step t = top();
  pop();
  switch (a.verb) {
    case kPlaceSw: {
      const int k = a.arg(0), u = a.arg(1);
      unit(u).sw = static_cast<uint8_t>(k + 1);
      sw_out |= uint64_t{1} << k;
      Emit(ev, "WSR 11.4",
           Text{unit_label(u) + " has " + SwLabel(*game_, k) +
                    ": placed as it fires for the first time; it stays with the platoon.",
                std::string(unit_label(u)) + " hat " + SwLabel(*game_, k) +
                    ": platziert, da er zum ersten Mal feuert; sie bleibt beim Zug."},
           side_of(u));
      return;
    }
    case kNoSw:
      Emit(ev, "WSR 11.4",
           Text{unit_label(t.a) + " fires without a support weapon.",
                std::string(unit_label(t.a)) + " feuert ohne Unterstützungswaffe."},
           side_of(t.a));
      return;
    case kSwLoss: {
      const int k = a.arg(0);
      sw_out |= uint64_t{1} << k;
      Emit(ev, "WSR 11.4",
           Text{Capital(SideWordsOf(*game_, t.a).en) + " eliminate the unplaced " +
                    SwLabel(*game_, k) + ".",
                Capital(SideWordsOf(*game_, t.a).de) + " eliminieren die unplatzierte " +
                    SwLabel(*game_, k) + "."},
           t.a);
      return;
    }
    default:
      return;
  }
}

Text WsrState::sw_prompt() const {
  const Step& t = top();
  if (t.kind == kStepSwPlace)
    return {unit_label(t.a) +
                " fires: give it one of its force's unplaced support weapons, or "
                "none (WSR 11.4).",
            unit_label(t.a) +
                " feuert: ihm eine unplatzierte Unterstützungswaffe seiner Truppe "
                "geben, oder keine (WSR 11.4)."};
  if (t.kind == kStepSwLossRoll)
    return {"Roll 1 die for the unplaced support weapons of " + SideWordsOf(*game_, t.f).en +
                " (WSR 11.4: 1 or less after -" + std::to_string(t.a - 1) + " loses one).",
            "1 Würfel für die unplatzierten Unterstützungswaffen " +
                SideWordsOf(*game_, t.f).de_gen + " werfen (WSR 11.4: bei 1 oder weniger nach -" +
                std::to_string(t.a - 1) + " geht eine verloren)."};
  return {"Choose the unplaced support weapon of " + SideWordsOf(*game_, 1 - t.a).en +
              " that is eliminated (WSR 11.4).",
          "Die unplatzierte Unterstützungswaffe " + SideWordsOf(*game_, 1 - t.a).de_gen +
              " wählen, die eliminiert wird (WSR 11.4)."};
}

Text WsrState::sw_why_illegal(const Action& a) const {
  Text why;
  const Step& t = top();
  switch (a.verb) {
    case kPlaceSw:
      can_place_sw(a.arg(0), a.arg(1), &why);
      break;
    case kNoSw:
      if (t.kind != kStepSwPlace)
        return {"no platoon is declaring a support weapon (WSR 11.4)",
                "kein Zug meldet gerade eine Unterstützungswaffe (WSR 11.4)"};
      break;
    case kSwLoss:
      if (t.kind != kStepSwLossPick)
        return {"no support weapon is lost now (WSR 11.4)",
                "gerade geht keine Unterstützungswaffe verloren (WSR 11.4)"};
      return {SwLabel(*game_, a.arg(0)) + " is not an unplaced SW of " +
                  SideWordsOf(*game_, 1 - t.a).en + " (WSR 11.4)",
              SwLabel(*game_, a.arg(0)) + " ist keine unplatzierte Unterstützungswaffe " +
                  SideWordsOf(*game_, 1 - t.a).de_gen + " (WSR 11.4)"};
    default:
      break;
  }
  if (!why.en.empty()) return why;
  return not_legal_now();
}

std::string WsrState::sw_describe(const Action& a) const {
  switch (a.verb) {
    case kPlaceSw:
      return "place-sw " + SwLabel(*game_, a.arg(0)) + " " +
             (a.arg(1) < n_units ? unit_label(a.arg(1)) : "u" + std::to_string(a.arg(1)));
    case kNoSw:
      return "no-sw";
    case kSwLoss:
      return "sw-loss " + SwLabel(*game_, a.arg(0));
    default:
      return "?";
  }
}

int WsrState::sw_parse(const std::vector<std::string>& w, Action& out, Text& error) const {
  auto sw_arg = [&](const std::string& s, int* k) {
    *k = game_->sw_by_label(s);
    if (*k < 0) error = say("no support weapon labelled '{}'", "keine Unterstützungswaffe '{}'", s);
    return *k >= 0;
  };
  if (w[0] == "place-sw" && w.size() == 3) {
    int k = 0;
    if (!sw_arg(w[1], &k)) return -1;
    int u = 0;
    if (!parse_unit_arg(w[2], &u, error)) return -1;
    out = Action(kPlaceSw, {k, u});
    return 1;
  }
  if (w[0] == "no-sw" && w.size() == 1) {
    out = Action(kNoSw, {});
    return 1;
  }
  if (w[0] == "sw-loss" && w.size() == 2) {
    int k = 0;
    if (!sw_arg(w[1], &k)) return -1;
    out = Action(kSwLoss, {k});
    return 1;
  }
  return 0;
}

bool WsrState::sw_state_ok(const Step& st) const {
  if (!game_->opts().sw_on_first_fire) return false;
  if (st.kind == kStepSwPlace)
    return st.f >= 0 && st.f < game_->num_formations() && st.a >= 0 && st.a < n_units;
  if (st.kind == kStepSwLossRoll) return st.f >= 0 && st.f <= 1 && st.a >= 1;
  return st.a >= 0 && st.a <= 1;
}

}  // namespace feldherr::wsr
