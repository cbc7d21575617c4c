// What a viewer is shown and may ask (engine/view.h).
#include "engine/view.h"

#include <algorithm>
#include <charconv>
#include <memory>

#include "engine/ending.h"
#include "engine/rng.h"
#include "engine/roll_odds.h"

namespace feldherr {

View view_of(const State& state, int viewer, const ViewOptions& options) {
  View v;
  v.viewer = viewer;
  if (options.observation_text)
    state.append_observation(viewer, v.observation_text);
  else
    v.observation = state.observe(viewer);
  v.decision = state.decision_for(viewer);
  if (v.decision.decline) v.decline = state.describe_for(*v.decision.decline, viewer);
  if (options.legal && viewer >= 0 && !state.is_terminal() && state.current_seat() == viewer) {
    const ActionList legal = state.legal_actions();
    std::vector<ActionInfo> infos;
    infos.reserve(legal.size());
    v.legal.reserve(legal.size());
    for (const Action& a : legal) {
      ViewedAction& va = v.legal.emplace_back();
      va.action = a;
      if (options.notes) va.note = state.annotate(a);
      infos.push_back(state.action_info(a, viewer));
    }
    const bool has_verbs = !state.game().verbs().empty();
    for (size_t i = 0; i < legal.size(); ++i)
      if (options.warnings && infos[i].role == VerbRole::kDecline)
        v.legal[i].warn =
            units_still_able(state, legal[i], has_verbs, options.last_actor, legal, infos);
    for (size_t i = 0; i < legal.size(); ++i) v.legal[i].info = std::move(infos[i]);
  }
  if (options.text) {
    v.text = state.render_text(viewer);
    v.text_de = state.render_text_in(viewer, Lang::kDe);
  }
  return v;
}

std::string seat_label(const Game& game, int seat) {
  const auto& seats = game.seats();
  if (seat >= 0 && static_cast<size_t>(seat) < seats.size())
    return seats[static_cast<size_t>(seat)];
  if (seat == kChance) return "chance";
  if (seat == kObserver) return "observer";
  return "nobody";
}

json decision_json(const Game& game, const View& view) {
  json j{{"seat", seat_label(game, view.decision.seat)},
         {"kind", view.decision.kind},
         {"prompt", view.decision.prompt},
         {"prompt_de", view.decision.prompt_in(Lang::kDe)},
         {"decline", view.decision.decline ? json(view.decline) : json(nullptr)}};
  if (view.decision.roll_seat != kNobody)
    j["roll_seat"] = seat_label(game, view.decision.roll_seat);
  return j;
}

void append_decision_json(const Game& game, const View& view, std::string& out) {
  JsonText w(out);
  w.obj();
  if (view.decision.decline)
    w.str("decline", view.decline);
  else
    w.null("decline");
  w.str("kind", view.decision.kind).str("prompt", view.decision.prompt);
  w.str("prompt_de", view.decision.prompt_in(Lang::kDe));
  if (view.decision.roll_seat != kNobody)
    w.str("roll_seat", seat_label(game, view.decision.roll_seat));
  w.str("seat", seat_label(game, view.decision.seat)).end();
}

void append_legal_json(const View& view, std::string& out) {
  using namespace std::string_view_literals;
  out.reserve(out.size() + 2 + view.legal.size() * 320);  // about the bytes of an action
  out += '[';
  for (size_t i = 0; i < view.legal.size(); ++i) {
    const ViewedAction& a = view.legal[i];
    // {"id":"<id>","text": written at once
    char head[48];
    char* p = head;
    for (char c : i ? ",{\"id\":\""sv : "{\"id\":\""sv) *p++ = c;
    p = std::to_chars(p, p + 20, a.action.id()).ptr;
    for (char c : "\",\"text\":"sv) *p++ = c;
    out.append(head, static_cast<size_t>(p - head));
    append_json_string(out, a.info.text);
    if (!a.note.en.empty()) {
      out += ",\"note\":"sv;
      append_json_string(out, a.note.en);
      if (!a.note.de.empty() && a.note.de != a.note.en) {
        out += ",\"note_de\":"sv;
        append_json_string(out, a.note.de);
      }
    }
    out += ',';
    append_action_info_members(a.info, out);
    if (!a.warn.en.empty()) {
      out += ",\"warn\":{\"en\":"sv;
      append_json_string(out, a.warn.en);
      out += ",\"de\":"sv;
      append_json_string(out, a.warn.de);
      out += '}';
    }
    out += '}';
  }
  out += ']';
}

json legal_json(const View& view) {
  std::string text;
  append_legal_json(view, text);
  return json::parse(text);
}

namespace {

// The odds of a legal action of the deciding seat, as computed on `state` (which may be a
// determinisation): the game's hook, else the roll the action causes. Null json: none.
json raw_odds(const State& state, int viewer, const Action& action, const OddsHook& hook) {
  json odds = nullptr;
  if (hook) odds = hook(state, action);
  if (odds.is_null()) {
    RollOddsOptions o;
    o.viewer = viewer;
    odds = next_roll_odds(state, action, o);
  }
  return odds;
}

// Determinisations compared with the position before odds are given (view.h: an answer that
// depends on hidden information is refused). Fixed seeds: the same question gets the same answer.
constexpr uint64_t kOddsCheckSeeds[] = {0x6f646473'00000001ULL, 0x6f646473'00000002ULL,
                                        0x6f646473'00000003ULL};

}  // namespace

OddsAnswer odds_for(const State& state, int viewer, const Action& action, const OddsHook& hook) {
  OddsAnswer a;
  const int deciding = state.current_seat();
  if (viewer < 0 || state.is_terminal() || deciding != viewer) {
    a.code = "not_your_decision";
    a.message = "odds are given only to the seat that owes the decision, for its own actions";
    return a;
  }
  ActionList legal = state.legal_actions();
  if (std::find(legal.begin(), legal.end(), action) == legal.end()) {
    a.code = "illegal";
    a.message = "odds only for one of your legal actions now";
    return a;
  }
  a.action = state.describe_for(action, viewer);
  json odds = raw_odds(state, viewer, action, hook);
  if (odds.is_null()) {
    a.code = "no_odds";
    a.message = "'" + a.action + "' causes no roll";
    return a;
  }
  for (uint64_t seed : kOddsCheckSeeds) {
    Rng rng(seed);
    std::unique_ptr<State> other = state.determinize(viewer, rng);
    if (other->hash() == state.hash()) continue;  // nothing hidden from the viewer differs
    ActionList other_legal = other->legal_actions();
    bool same = std::find(other_legal.begin(), other_legal.end(), action) != other_legal.end() &&
                raw_odds(*other, viewer, action, hook) == odds;
    if (!same) {
      a.code = "no_odds";
      a.message = "the odds of '" + a.action + "' depend on what you cannot see";
      return a;
    }
  }
  a.code = "odds";
  a.odds = std::move(odds);
  return a;
}

json odds_json(const OddsAnswer& answer, const Action& action) {
  if (!answer.ok()) return {{"type", "error"}, {"code", answer.code}, {"message", answer.message}};
  return {{"type", "odds"},
          {"action", answer.action},
          {"action_id", std::to_string(action.id())},
          {"odds", answer.odds}};
}

}  // namespace feldherr
