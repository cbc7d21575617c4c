// Ending while units could still act (engine/ending.h).
#include "engine/ending.h"

#include <algorithm>
#include <memory>
#include <string>
#include <vector>

#include "engine/verbs.h"

namespace feldherr {

namespace {

// The first unit an action names ("" when none).
std::string first_unit_of(const ActionInfo& info) {
  for (const ActionArg& arg : info.args)
    if (arg.kind == ArgKind::kUnit) return arg.value;
  return "";
}

}  // namespace

// Ending (a kDecline action: end, done, pass) while units of the seat could still move or act:
// the units named by its other move and attack actions; the kinds of unit its move actions
// naming no unit would bring in (Rivet Wars' deployment, RW §7); and, one step ahead, those
// that follow at once one of its other actions (Rivet Wars: activating a segment lets its units
// move, RW §9); a move or attack that follows naming no unit is of the unit the action named
// (White Star Rising: `select` a unit, then `move` to a hex, WSR 4.4). A decision that already
// moves something (a move naming no unit: a stack under way) is not looked behind: the units its
// other actions name join or leave that move. A window the other side opened (opportunity fire at
// its move, a counter-move), and any decision whose own decline the action is (a reaction window,
// even one reached after the seat's own forced pass), is declined without a question: declining
// is the usual answer there. A
// game without a verb table has no roles: its decision's decline is the end, and the other legal
// actions are counted.
namespace {

// `known_legal`/`known_infos`: the legal actions and their infos when the caller has them
// (nullptr: listed here, once the action is known to be an ending worth a question).
Text units_still_able_given(const State& state, const Action& action, bool has_verbs,
                            int last_actor, const ActionList* known_legal,
                            const std::vector<ActionInfo>* known_infos) {
  const int seat = state.current_seat();
  // The action's role; an action among `known_legal` is legal (no need to ask why_illegal).
  VerbRole action_role;
  bool known = false;
  if (known_legal != nullptr) {
    const auto at = std::find(known_legal->begin(), known_legal->end(), action);
    known = at != known_legal->end();
    action_role = known ? (*known_infos)[static_cast<size_t>(at - known_legal->begin())].role
                        : state.action_info(action, seat).role;
  } else {
    action_role = state.action_info(action, seat).role;
  }
  if (has_verbs && action_role != VerbRole::kDecline) return {};
  const Decision decision = state.decision_for(seat);
  if (decision.keeps_listed_setup) return {};
  const bool is_decline = decision.decline && *decision.decline == action;
  if (!has_verbs && !is_decline) return {};
  // A reaction window (the decision's own decline: opportunity fire, fate, a counter-move) is
  // declined without a question, whoever's action opened it.
  if (has_verbs && is_decline) return {};
  // An action the rules refuse now ends nothing: it is refused with its reason, unasked.
  if (!known && !state.why_illegal(action).empty()) return {};
  if (last_actor >= 0 && last_actor != seat) return {};  // the other side opened this window
  ActionList listed;
  std::vector<ActionInfo> listed_infos;
  if (known_legal == nullptr) {
    listed = state.legal_actions();
    listed_infos.reserve(listed.size());
    for (const Action& a : listed) listed_infos.push_back(state.action_info(a, seat));
  }
  const ActionList& all_legal = known_legal != nullptr ? *known_legal : listed;
  const std::vector<ActionInfo>& all_infos = known_infos != nullptr ? *known_infos : listed_infos;
  // The actions a player chooses among (every legal action but a concession), with their infos.
  ActionList legal;
  std::vector<const ActionInfo*> info_of;
  for (size_t i = 0; i < all_legal.size(); ++i) {
    if (state.is_concession(all_legal[i])) continue;
    legal.push_back(all_legal[i]);
    info_of.push_back(&all_infos[i]);
  }
  if (!has_verbs) {
    const size_t others = legal.size() - 1;
    if (others < 2) return {};
    return say("{0} other actions are still possible", "{0} andere Aktionen sind noch möglich",
               others);
  }
  std::vector<std::string> units, kinds;
  bool only_moves = true;
  auto add = [&](const std::string& unit, VerbRole role) {
    if (unit.empty()) return;
    if (role != VerbRole::kMove) only_moves = false;
    if (std::find(units.begin(), units.end(), unit) == units.end()) units.push_back(unit);
  };
  auto is_act = [](VerbRole role) { return role == VerbRole::kMove || role == VerbRole::kAttack; };
  auto first_kind = [](const ActionInfo& o) {
    for (const ActionArg& arg : o.args)
      if (arg.kind == ArgKind::kType) return arg.value;
    return std::string();
  };
  ActionList next_legal;   // one step ahead (the buffer is reused)
  bool under_way = false;  // a move naming no unit: something is moving now
  for (size_t i = 0; i < legal.size(); ++i) {
    const ActionInfo& o = *info_of[i];
    if (legal[i] != action && o.role == VerbRole::kMove && first_unit_of(o).empty() &&
        first_kind(o).empty())
      under_way = true;
  }
  for (size_t i = 0; i < legal.size(); ++i) {
    const Action& other = legal[i];
    if (other == action) continue;
    const ActionInfo& o = *info_of[i];
    const std::string unit = first_unit_of(o);
    if (is_act(o.role)) {
      add(unit, o.role);
      const std::string kind = unit.empty() ? first_kind(o) : "";
      if (!kind.empty() && std::find(kinds.begin(), kinds.end(), kind) == kinds.end())
        kinds.push_back(kind);
    } else if (o.role == VerbRole::kOther && (unit.empty() || !under_way)) {
      // One step ahead: what the seat may do right after it (its own decision again).
      std::unique_ptr<State> next = state.clone();
      next->apply(other);
      if (next->current_seat() != seat) continue;
      next->legal_actions(next_legal);
      for (const Action& then : next_legal) {
        if (!is_act(next->action_role(then, seat))) continue;
        const ActionInfo t = next->action_info(then, seat);
        const std::string moved = first_unit_of(t);
        add(moved.empty() ? unit : moved, t.role);  // naming no unit: the one just named moves
      }
    }
  }
  if (units.empty() && !kinds.empty()) {
    std::string names_en, names_de;
    for (size_t i = 0; i < kinds.size(); ++i) {
      names_en += (i == 0 ? "" : ", ") + state.arg_name(ArgKind::kType, kinds[i], Lang::kEn);
      names_de += (i == 0 ? "" : ", ") + state.arg_name(ArgKind::kType, kinds[i], Lang::kDe);
    }
    return say("Units can still be deployed ({0})",
               "Es können noch Einheiten aufgestellt werden ({1})", names_en, names_de);
  }
  if (units.empty()) return {};
  std::string names_en, names_de;
  for (size_t i = 0; i < units.size() && i < 8; ++i) {
    names_en += (i == 0 ? "" : ", ") + state.arg_name(ArgKind::kUnit, units[i], Lang::kEn);
    names_de += (i == 0 ? "" : ", ") + state.arg_name(ArgKind::kUnit, units[i], Lang::kDe);
  }
  if (units.size() > 8) names_en += ", ...", names_de += ", ...";
  const size_t n = units.size();
  // A set-up (a decision of kind "setup"): the units are placed, not moved, and a game may offer
  // only the next of them, so no count.
  if (only_moves && decision.kind == "setup")
    return say("Units are still to be set up by hand ({0})",
               "Es sind noch Einheiten von Hand aufzustellen ({1})", names_en, names_de);
  if (only_moves)
    return n == 1 ? say("1 unit can still move ({0})", "1 Einheit kann noch ziehen ({1})", names_en,
                        names_de)
                  : say("{0} units can still move ({1})", "{0} Einheiten können noch ziehen ({2})",
                        n, names_en, names_de);
  return n == 1 ? say("1 unit can still act ({0})", "1 Einheit kann noch handeln ({1})", names_en,
                      names_de)
                : say("{0} units can still act ({1})", "{0} Einheiten können noch handeln ({2})", n,
                      names_en, names_de);
}

}  // namespace

Text units_still_able(const State& state, const Action& action, bool has_verbs, int last_actor) {
  return units_still_able_given(state, action, has_verbs, last_actor, nullptr, nullptr);
}

Text units_still_able(const State& state, const Action& action, bool has_verbs, int last_actor,
                      const ActionList& legal, const std::vector<ActionInfo>& infos) {
  return units_still_able_given(state, action, has_verbs, last_actor, &legal, &infos);
}

}  // namespace feldherr
