// A game's verb table: the words of its action texts, the kind of each argument, and a short
// label in plain language (English and German). From it the engine builds the structured form
// of a legal action that a UI acts on (which unit an action is about, which place or target a
// click on the board means, which label a button reads) without parsing action texts or
// knowing any game's rules.
//
// An action text is "VERB ARG ARG ...", the verb one word or two ("react intercept o6"). A
// table row gives the verb, the kinds of its arguments ("unit place") and label templates whose
// {1}, {2}, ... stand for the arguments of the first, second, ... kind. Text in [brackets] is
// left out when an argument inside it is absent. A kind ending in `*` takes any number of words
// (zero or more), `?` at most one; the kinds after it take the text's last words.
#pragma once

#include <functional>
#include <nlohmann/json_fwd.hpp>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "engine/text.h"

namespace feldherr {

using json = nlohmann::json;
struct Action;  // engine/action.h

// What an argument names. A UI relates `unit` and `troop` to the pieces it draws and `place` to
// the board's hexes, segments, zones or fields.
enum class ArgKind : uint8_t {
  kUnit,       // a unit or counter on the board
  kTroop,      // one troop (figure) of a unit
  kType,       // a kind of unit or troop, not yet on the board
  kPlace,      // a hex, segment, zone, field or lane
  kDirection,  // a compass direction or a facing
  kCard,       // a card
  kNumber,     // a die face, a count
  kWord,       // a fixed word of the verb ("with-hq", "rebuild")
  kHidden,     // masked for this viewer
};

// How a UI offers an action.
enum class VerbRole : uint8_t {
  kOther,    // a button
  kMove,     // goes somewhere: a click on its place (highlighted as a move)
  kAttack,   // hits something: a click on its target; the UI may ask the odds first
  kDecline,  // a "no" or "done" answer offered next to the prompt
  kConfirm,  // irreversible beyond its turn (conceding): the UI asks before sending
};

struct VerbSpec {
  std::string_view verb;  // "move", "react intercept"
  std::string_view args;  // kinds, space-separated: "unit place", "number*", "unit unit?"
  VerbRole role = VerbRole::kOther;
  std::string_view en;  // "Move {1} to {2}"
  std::string_view de;  // "{1} nach {2} ziehen"
  // The verb's heading in plain language, for a list of actions grouped by verb ("Move",
  // "Ziehen"); empty in a table without headings (the verb itself is shown then).
  std::string_view title_en = {};
  std::string_view title_de = {};
};

using VerbTable = std::span<const VerbSpec>;

struct ActionArg {
  ArgKind kind = ArgKind::kWord;
  std::string value;  // the word of the text
  std::string role;   // "" or what a game adds: "to" (where a step ends)
  // "" or, for a place word that depends on whose side it is read from (Pocket's "left-front"),
  // the key of the cell of the game's board description that it names ("3:0").
  std::string cell;
};

// The structured form of one action as a viewer sees it.
struct ActionInfo {
  std::string text;  // the action's text as the viewer sees it (State::describe_for)
  std::string verb;  // "" when the table has no row for the text
  std::vector<ActionArg> args;
  VerbRole role = VerbRole::kOther;
  std::string label_en, label_de;
  std::string title_en, title_de;  // the verb's heading (VerbSpec::title_en), "" when none
  int cost = -1;  // what it costs in the game's own unit (a move's MP), -1 when nothing
};

// The display name of an argument in a label of language `lang` ("M4A3E8 2" for "us.m4a3e8-2";
// "rechts hinten" for "right-rear"); the word itself when the game has none.
using ArgNamer = std::function<std::string(ArgKind kind, std::string_view word, Lang lang)>;

// Reads `text` by `table`. A text no row matches gets an empty verb, its words as kWord
// arguments and the text itself as its labels. A word that is "?" or in parentheses is kHidden.
ActionInfo read_action(VerbTable table, std::string_view text, const ArgNamer& name = {});
// The same for a text the info takes over as its `text` (State::action_info: no copy of it).
ActionInfo read_owned_action(VerbTable table, std::string text, const ArgNamer& name = {});
// read_action(table, text).role alone: the row is matched, nothing is named or filled in.
VerbRole read_role(VerbTable table, std::string_view text);

// Action texts written and read by the table alone, for a game whose Action::verb is the row of
// its table and each of whose arguments is one word. The codec turns an argument of a kind into
// its word and back; without one, an argument is a whole number. A game whose texts need more
// (a card with its own arguments) writes its describe/parse by hand.
struct ArgCodec {
  std::function<std::string(ArgKind kind, int value)> write;
  // False, with `error` saying why in both languages, when the word names no value of the kind.
  std::function<bool(ArgKind kind, std::string_view word, int& value, Text& error)> read;
};
std::string describe_by_table(VerbTable table, const Action& action, const ArgCodec& codec = {});
// Reads `text`; false with `error` naming the verbs or the count of arguments a verb takes.
bool parse_by_table(VerbTable table, std::string_view text, Action& out, Text& error,
                    const ArgCodec& codec = {});

// Why the words of `text` fit no row of `table`: empty, a verb the table does not have (naming
// its verbs) or a count of arguments the verb does not take (naming the count); nullopt when
// they fit one. A game that reads its texts by hand says this where its own reader finds
// nothing, so that "select x y" is answered "'select' takes 1 argument(s)", not "unknown".
std::optional<Text> verb_mismatch(VerbTable table, std::string_view text);

// Checks a table: verbs unique, kinds known, every placeholder of a label names an argument.
// Returns "" or the first problem.
std::string check_verb_table(VerbTable table);

std::string_view to_string(ArgKind kind);
std::string_view to_string(VerbRole role);

// {"verb","args":[{"kind","value"[,"role"][,"cell"]}],"role","label":{"en","de"}
//  [,"title":{"en","de"}][,"cost"]}
// (the text is written beside it, as the legal action's "text")
json action_info_json(const ActionInfo& info);

}  // namespace feldherr
