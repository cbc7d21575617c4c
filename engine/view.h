// What a viewer (a seat, or kObserver for a spectator) is shown of a position, and what it may
// ask: one function for every channel (the server's messages, the terminal, the conformance
// battery), so that each text a player reads passes through that player's view.
//
// Hidden information stays hidden when every part of a View, and every odds answer, is the same
// for a position and for any determinize(viewer) of it: the conformance battery checks exactly
// that (engine/conformance.h), so a game that names a hidden card in a prompt fails its tests.
#pragma once

#include <functional>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "engine/game.h"
#include "engine/json_text.h"

namespace feldherr {

// One legal action as the deciding seat sees it.
struct ViewedAction {
  Action action;
  Text note;        // annotate(action): cost, odds summary, in English and German (empty when none)
  ActionInfo info;  // action_info(action, viewer): its text (describe_for), verb, arguments, label
  // An ending while units could still act: what could (engine/ending.h); empty otherwise. Only
  // with ViewOptions::warnings.
  Text warn;
};

struct View {
  int viewer = kObserver;
  json observation;                 // observe(viewer); null with ViewOptions::observation_text
  std::string observation_text;     // with ViewOptions::observation_text: observe(viewer).dump()
  Decision decision;                // decision_for(viewer)
  std::string decline;              // describe_for(*decision.decline, viewer); "" when none
  std::vector<ViewedAction> legal;  // the viewer's legal actions when it owes the decision
  std::string text;                 // render_text(viewer), when ViewOptions::text
  std::string text_de;              // render_text_in(viewer, Lang::kDe), when ViewOptions::text
};

struct ViewOptions {
  bool text = false;  // include the terminal's text picture
  bool notes = true;  // annotate the legal actions
  bool legal = true;  // list the legal actions (when the viewer decides)
  // The observation as JSON text (View::observation_text, State::append_observation) instead of
  // the tree View::observation: what the server sends, without building the tree.
  bool observation_text = false;
  // Warn of endings while units could still act (ViewedAction::warn), given the seat whose action
  // opened the decision (Session::last_actor; kNobody when none): a window the other side opened
  // warns of none.
  bool warnings = false;
  int last_actor = kNobody;
};

View view_of(const State& state, int viewer, const ViewOptions& options = {});

// A seat's name as the server and logs write it: the side id, "chance", "observer", "nobody".
std::string seat_label(const Game& game, int seat);

// The decision as JSON ({"seat","kind","prompt","prompt_de","decline"}, and "roll_seat" on a
// window about a seat's roll), the form the server sends.
json decision_json(const Game& game, const View& view);
// The same as JSON text, appended to `out`: byte for byte decision_json(game, view).dump().
void append_decision_json(const Game& game, const View& view, std::string& out);
// The legal actions as JSON ([{"id","text","note","note_de","verb","args","role","label"}], ids as
// decimal strings; `note_de` only where the German note differs from `note`; docs/protocol.md
// "Legal actions").
json legal_json(const View& view);
// The same list as JSON text, appended to `out`: what the server sends (no JSON tree per action).
void append_legal_json(const View& view, std::string& out);

// The members of action_info_json(info), without the braces, appended to `out` as JSON text
// (engine/verbs.cc).
void append_action_info_members(const ActionInfo& info, std::string& out);

// ---- Odds ----------------------------------------------------------------------------------

// A game's own odds of a legal action (GameModule::odds); null json when it has none for it.
using OddsHook = std::function<json(const State& state, const Action& action)>;

struct OddsAnswer {
  // "odds"; or a refusal: "not_your_decision", "illegal", "no_odds".
  std::string code;
  std::string message;  // the refusal's reason
  std::string action;   // the action as the viewer sees it (describe_for), when legal
  json odds;            // when code == "odds"
  bool ok() const { return code == "odds"; }
};

// The answer to `viewer`'s question about the odds of `action` (docs/protocol.md "odds").
// Odds are for the asking seat's own decision only: any other viewer (another seat, an observer)
// gets one refusal whatever the position holds, so asking reveals nothing. For the deciding seat:
// an action that is not legal is refused; otherwise the game's hook or, without one, the
// distribution of the roll the action causes (engine/roll_odds.h), each outcome as the viewer may
// see it. An answer that changes when what the viewer cannot see is re-sampled (a draw from a
// deck that the opponent's hand thins) would tell the viewer something hidden, and is refused
// ("no_odds") instead.
OddsAnswer odds_for(const State& state, int viewer, const Action& action, const OddsHook& hook);

// The answer as the server's message: {"type":"odds","action","action_id","odds"} or
// {"type":"error","code","message"}.
json odds_json(const OddsAnswer& answer, const Action& action);

}  // namespace feldherr
