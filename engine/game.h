// The core contract every game module implements (docs/architecture.md, "The core contract").
//
// A Game is immutable: created once per (game, scenario, options) and shared. It creates States.
// A State is the complete position, including the procedure stack of any multi-step rule in
// progress, so that clone() copies a game completely and apply() is a pure function of
// (state, action). States never do I/O, never read a clock and never roll dice themselves:
// every random event is a decision owed by Chance (seat kChance) whose outcomes are listed by
// chance_outcomes() and supplied as ordinary actions by whoever drives the game.
#pragma once

#include <cstdint>
#include <memory>
#include <nlohmann/json_fwd.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/action.h"
#include "engine/rng.h"
#include "engine/text.h"
#include "engine/verbs.h"

namespace feldherr {

using json = nlohmann::json;

// Seat numbers: 0..num_seats-1 are the game's sides in the order of Game::seats().
constexpr int kChance = -1;    // dice, draws and shuffles
constexpr int kNobody = -2;    // the game is over
constexpr int kObserver = -3;  // for observe(): a spectator who may see only public information

// Who owes the next decision, and what kind of decision it is.
struct Decision {
  int seat = kNobody;  // a seat, kChance, or kNobody when the game is over
  std::string kind;    // short machine name, e.g. "order", "reaction", "allocate-wound", "roll"
  std::string prompt;  // one sentence for a human, citing the rule, e.g. "Choose a reaction
                       // to the attack on sector 2 (PB Aktion 2)"
  // A reaction window the seat may simply decline (opportunity fire, fate points): the legal
  // action that declines it. UIs may let a player decline such windows of a kind automatically.
  std::optional<Action> decline;
  // A window about a die roll (fate points): the seat that made the roll by the rules, or whose
  // action it decides; kNobody when the window is about no seat's roll. UIs may decline such
  // windows automatically on the other seat's rolls only.
  int roll_seat = kNobody;
  // A set-up whose ending keeps every unit not placed by hand where the scenario lists it: ending
  // it forfeits nothing, so a UI asks no "units could still act" question (engine/ending.h).
  bool keeps_listed_setup = false;
  // The prompt in German; "" when the game has only English (engine/text.h).
  std::string prompt_de{};

  // Sets the prompt in both languages.
  void say(Text text) {
    prompt = std::move(text.en);
    prompt_de = std::move(text.de);
  }
  const std::string& prompt_in(Lang lang) const {
    return lang == Lang::kDe && !prompt_de.empty() ? prompt_de : prompt;
  }
};

// Something that happened, explained like a referee would. `rule` cites the rulebook
// ("PB Gefecht 2", "WSR 6.1.5"); `text` is a full sentence for the log.
struct Event {
  std::string rule;
  std::string text;
  int seat = kNobody;  // the seat the event concerns most, if any (for colouring logs)
  // Set when `text` tells what only `seat` may know (the unit a secret troop joins): what every
  // other viewer reads instead. Unset: `text` is for everyone.
  std::optional<std::string> others{};
  // `text` and `others` in German; "" and unset when the game has only English (engine/text.h).
  std::string text_de{};
  std::optional<std::string> others_de{};
  // The rule every other viewer reads cited with `others`, where the event's own rule would tell
  // them what `others` hides (the rule of digging in under "an unseen enemy unit moves"). Unset:
  // everyone reads `rule`.
  std::optional<std::string> others_rule{};

  // An event told in both languages; `others`, when given, is what every viewer but `seat`
  // reads instead.
  static Event said(std::string rule, Text text, int seat = kNobody,
                    std::optional<Text> others = std::nullopt) {
    Event e{std::move(rule), std::move(text.en), seat,
            std::nullopt,    std::move(text.de), std::nullopt};
    if (others) {
      e.others = std::move(others->en);
      e.others_de = std::move(others->de);
    }
    return e;
  }
};
using EventList = std::vector<Event>;

// The event's text as `viewer` (a seat, kObserver, or kNobody for the all-seeing narrator) reads
// it, in `lang` (English where the game gave no German).
inline const std::string& event_text(const Event& event, int viewer, Lang lang = Lang::kEn) {
  const bool de = lang == Lang::kDe;
  if (!event.others || viewer == kNobody || viewer == event.seat)
    return de && !event.text_de.empty() ? event.text_de : event.text;
  return de && event.others_de && !event.others_de->empty() ? *event.others_de : *event.others;
}

// The rule `viewer` reads the event cited with (`others_rule` where `event_text` gives `others`).
inline const std::string& event_rule(const Event& event, int viewer) {
  if (!event.others || !event.others_rule || viewer == kNobody || viewer == event.seat)
    return event.rule;
  return *event.others_rule;
}

// Final result. `returns` has one entry per seat (+1 win, -1 loss, 0 draw; cooperative games give
// all seats the same value). `summary` is the machine form of the result, by side ids, that
// replay logs record and scripts read (the CLI's last line without the "result: " prefix), e.g.
// "orcs wins", "draw", "defenders win"; `headline` is the sentence a player reads.
struct Result {
  std::vector<double> returns;
  std::string summary;
  std::string reason;       // why, citing the rule: "orcs destroyed 32 of 60 DP (PB Spielende)"
  std::string reason_de{};  // `reason` in German; "" when the game has only English
  // "The orcs win." / "Die Orks gewinnen."; empty when the game has none (then `summary`).
  Text headline{};

  void say_reason(Text text) {
    reason = std::move(text.en);
    reason_de = std::move(text.de);
  }
  const std::string& reason_in(Lang lang) const {
    return lang == Lang::kDe && !reason_de.empty() ? reason_de : reason;
  }
  const std::string& headline_in(Lang lang) const {
    return headline.en.empty() ? summary : headline.in(lang);
  }
};

class Game;

class State {
 public:
  virtual ~State() = default;

  virtual const Game& game() const = 0;

  // Who must decide now. Never fails; kNobody exactly when is_terminal().
  virtual int current_seat() const = 0;
  // current_seat() with the kind and prompt text (slower: builds strings). The all-seeing
  // referee's form: it may name hidden things (the card a reaction would play). Nothing sent to
  // a player or observer comes from here; they get decision_for().
  virtual Decision decision() const = 0;
  // The decision as `viewer` (a seat or kObserver) may see it: its prompt and decline name
  // nothing hidden from that viewer. The conformance battery checks that it is unchanged by
  // determinize(viewer). The default is decision(), right for a game whose prompts name nothing
  // hidden; a game with hidden information overrides it where a prompt names any.
  virtual Decision decision_for(int viewer) const {
    (void)viewer;
    return decision();
  }

  // The complete list of legal actions for current_seat(), without duplicates, in a stable order.
  // Non-empty whenever a seat (not Chance, not kNobody) owes a decision. For Chance it equals the
  // actions of chance_outcomes(). `out` is cleared first (callers reuse the buffer).
  virtual void legal_actions(ActionList& out) const = 0;
  ActionList legal_actions() const {
    ActionList out;
    legal_actions(out);
    return out;
  }

  // While current_seat() == kChance: every outcome with its probability.
  virtual std::vector<ChanceOutcome> chance_outcomes() const = 0;
  // Draws one chance outcome with `rng`. The default samples chance_outcomes(); games override
  // it with a faster equivalent that must draw from the same distribution.
  virtual Action sample_chance(Rng& rng) const;

  // Applies a legal action. Illegal actions must be rejected by the caller via check_legal();
  // apply() on an illegal action is a programming error. If `events` is given, the events the
  // action caused are appended to it (games skip building event text when it is null).
  virtual void apply(const Action& action, EventList* events = nullptr) = 0;

  // Returns an empty string if `action` is legal now, otherwise the reason citing the rule
  // ("PB Phase 1: a redeployed unit may receive no order this turn"). The default checks
  // membership in legal_actions(); games override it to explain *why* an action is illegal.
  virtual std::string why_illegal(const Action& action) const;
  // The reason in both languages ("" in both if `action` is legal). The default is
  // why_illegal() in English only; a game with German texts overrides it (and why_illegal()
  // returns its English).
  virtual Text why_illegal_text(const Action& action) const { return {why_illegal(action), ""}; }

  virtual bool is_terminal() const = 0;
  virtual Result result() const = 0;  // only when is_terminal()

  virtual std::unique_ptr<State> clone() const = 0;

  // Text form of an action in this position (arguments may be rendered with names that depend on
  // the state, e.g. unit labels). parse_text() accepts exactly what describe() produces (and may
  // accept more, e.g. aliases); on text that names no action it returns false with the reason in
  // both languages, for the terminal to show in its player's (docs/cli.md "The human seat").
  virtual std::string describe(const Action& action) const = 0;
  virtual bool parse_text(std::string_view text, Action& out, Text& error) const = 0;
  // parse_text() with the reason in English, for logs, files and the server's API.
  bool parse(std::string_view text, Action& out, std::string& error) const;
  // The text form of `action` as `viewer` may see it, in this state (before the action): an
  // action that carries information hidden from the viewer is masked, e.g. the opponent's
  // "pick elves.archer" becomes "pick (hidden)". kNobody means an all-seeing narrator.
  virtual std::string describe_for(const Action& action, int viewer) const {
    (void)viewer;
    return describe(action);
  }

  // The structured form of `action` as `viewer` sees it: its verb, typed arguments and a short
  // label in plain language (engine/verbs.h), for a UI to act on. The default reads
  // describe_for(action, viewer) by game().verbs(), naming arguments with arg_name(); a game
  // overrides it to add what a UI cannot know without its rules (where a step ends).
  virtual ActionInfo action_info(const Action& action, int viewer) const;
  // action_info(action, viewer).role, without naming the arguments or filling the labels (the
  // one-step look-ahead of engine/ending.cc asks it of every action a step on). An override of
  // action_info adds to the arguments, never changes the role. The default reads the role of
  // describe_for(action, viewer) by game().verbs(); a game whose Action::verb is the row of its
  // table may answer from the row without writing the text (the same role: Verbs.* checks it).
  virtual VerbRole action_role(const Action& action, int viewer) const;
  // The name of an argument word in a label of language `lang` ("M4A3E8 2" for
  // "us.m4a3e8-2"). Only words the viewer sees reach it. The default is the word itself.
  virtual std::string arg_name(ArgKind kind, std::string_view word, Lang lang) const {
    (void)kind;
    (void)lang;
    return std::string(word);
  }

  // Undo policy (docs/architecture.md "Undo belongs to the rules"): true if applying `action`
  // reveals hidden information, which closes the undo window. Chance actions and a change of
  // deciding seat close it too; the engine's Session checks those itself.
  virtual bool reveals_information(const Action& action) const {
    (void)action;
    return false;
  }

  // A short note a UI shows next to a legal action (its cost, its odds): "2 MP, 4 left",
  // "3 dice at 4+, P(hit) 0.70", in English and German (engine/text.h; `de` empty where the game
  // has only English). Computed once, worded in both languages: the odds behind a note are not
  // computed twice. Never needed to play; empty when the game has nothing to add.
  virtual Text annotate(const Action& action) const {
    (void)action;
    return {};
  }

  // True if `action` gives up the game (a concession). The random player and the conformance
  // battery avoid such actions unless nothing else is legal, so random games are played out.
  virtual bool is_concession(const Action& action) const {
    (void)action;
    return false;
  }

  // What `seat` (or kObserver) may know, as JSON. Must contain no information hidden from that
  // seat: the conformance battery checks that observe(seat) is unchanged by determinize(seat).
  virtual json observe(int seat) const = 0;
  // observe(seat) as JSON text appended to `out`, byte for byte observe(seat).dump(): what the
  // server sends (engine/view.h ViewOptions::observation_text). The default dumps observe(); a
  // game may write the text directly, without the JSON tree (Pocket Battles does); the
  // conformance battery checks that both agree.
  virtual void append_observation(int seat, std::string& out) const;
  // A state drawn at random among those consistent with observe(seat): the hidden information is
  // re-sampled (IS-MCTS determinisation). Games without hidden information return clone().
  virtual std::unique_ptr<State> determinize(int seat, Rng& rng) const = 0;

  // The whole state as JSON; Game::state_from_json() restores an equal state.
  virtual json to_json() const = 0;
  // A 64-bit hash of the whole state; equal states have equal hashes, on every platform.
  virtual uint64_t hash() const = 0;

  // A text picture of the board for a terminal, from `seat`'s point of view.
  virtual std::string render_text(int seat) const = 0;
  // The picture in `lang` (engine/text.h); the default is render_text(), English.
  virtual std::string render_text_in(int seat, Lang lang) const {
    (void)lang;
    return render_text(seat);
  }

  // Number of actions applied since the initial state (including chance actions).
  virtual int move_number() const = 0;
};

// A rules option, e.g. points=60 or one_action_per_turn=true.
struct OptionSpec {
  std::string name;
  std::string default_value;
  std::string description;
  // Returns "" if `value` is acceptable, otherwise why not.
  std::string (*validate)(std::string_view value) = nullptr;
};

struct ScenarioInfo {
  std::string id;          // "orcs-vs-elves"
  std::string title;       // "Orcs vs Elves, armies chosen at setup"
  std::string title_de{};  // the title in German; "" when it is the same
  const std::string& title_in(Lang lang) const {
    return lang == Lang::kDe && !title_de.empty() ? title_de : title;
  }
};

using Options = std::vector<std::pair<std::string, std::string>>;  // name, value (resolved)

class Game {
 public:
  virtual ~Game() = default;
  virtual std::string_view id() const = 0;  // "pocket"
  virtual std::string_view scenario() const = 0;
  virtual const Options& options() const = 0;
  virtual const std::vector<std::string>& seats() const = 0;  // side ids, e.g. {"orcs","elves"}
  // A side as a player reads it, in English and German, capitalized for the start of a line or
  // a heading ("Orcs" / "Orks", "Germans" / "Deutsche"); the side id where the game names none.
  virtual Text side_name(int seat) const;
  // The verbs of the game's action texts (engine/verbs.h); empty: the texts are shown as they are.
  virtual VerbTable verbs() const { return {}; }
  virtual std::unique_ptr<State> new_initial_state() const = 0;
  // Throws std::runtime_error naming the JSON path on malformed input.
  virtual std::unique_ptr<State> state_from_json(const json& j) const = 0;
  // A version string of the rules implementation, stored in replays.
  virtual std::string_view rules_version() const = 0;

  int seat_index(std::string_view side) const;  // -1 if unknown
};

}  // namespace feldherr
