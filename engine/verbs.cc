// Reading action texts by a game's verb table (engine/verbs.h).
#include "engine/verbs.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <optional>
#include <shared_mutex>
#include <span>
#include <unordered_map>

#include "engine/action.h"
#include "engine/text.h"
#include "engine/view.h"

namespace feldherr {

namespace {

std::vector<std::string_view> words_of(std::string_view text) {
  std::vector<std::string_view> out;
  // One allocation: at most one word more than there are spaces.
  out.reserve(static_cast<size_t>(std::count(text.begin(), text.end(), ' ')) + 1);
  size_t i = 0;
  while (i < text.size()) {
    while (i < text.size() && text[i] == ' ') ++i;
    size_t j = i;
    while (j < text.size() && text[j] != ' ') ++j;
    if (j > i) out.push_back(text.substr(i, j - i));
    i = j;
  }
  return out;
}

struct KindSpec {
  ArgKind kind = ArgKind::kWord;
  char repeat = 0;  // 0, '*' or '?'
};

std::optional<ArgKind> kind_of(std::string_view name) {
  static constexpr std::pair<std::string_view, ArgKind> kNames[] = {
      {"unit", ArgKind::kUnit},     {"troop", ArgKind::kTroop},   {"type", ArgKind::kType},
      {"place", ArgKind::kPlace},   {"dir", ArgKind::kDirection}, {"card", ArgKind::kCard},
      {"number", ArgKind::kNumber}, {"word", ArgKind::kWord},
  };
  for (const auto& [n, k] : kNames)
    if (n == name) return k;
  return std::nullopt;
}

// The kinds of a row ("unit place?"); nullopt when a kind is unknown or a repeated kind is not
// the only one.
std::optional<std::vector<KindSpec>> kinds_of(std::string_view args) {
  std::vector<KindSpec> out;
  int repeated = 0;
  for (std::string_view w : words_of(args)) {
    KindSpec k;
    if (w.back() == '*' || w.back() == '?') {
      k.repeat = w.back();
      w.remove_suffix(1);
      ++repeated;
    }
    auto kind = kind_of(w);
    if (!kind) return std::nullopt;
    k.kind = *kind;
    out.push_back(k);
  }
  if (repeated > 1) return std::nullopt;
  return out;
}

bool hidden_word(std::string_view w) {
  return w == "?" || (w.size() >= 2 && w.front() == '(' && w.back() == ')');
}

// How many arguments a row takes: its fixed kinds, its optional ones, and whether one kind takes
// any number.
struct ArgCount {
  size_t fixed = 0, optional = 0;
  bool many = false;
};
ArgCount count_args(const std::vector<KindSpec>& kinds) {
  ArgCount c;
  for (const KindSpec& k : kinds) {
    c.fixed += k.repeat == 0 ? 1 : 0;
    c.optional += k.repeat == '?' ? 1 : 0;
    c.many = c.many || k.repeat == '*';
  }
  return c;
}

// How many of `argc` arguments a kind takes when `argc` fits its row (a repeated kind takes what
// the fixed ones leave).
size_t take_of(const KindSpec& k, const ArgCount& c, size_t argc) {
  return k.repeat == '*' ? argc - c.fixed : k.repeat == '?' ? (argc > c.fixed ? 1 : 0) : 1;
}
bool fits(const ArgCount& c, size_t argc) {
  return argc >= c.fixed && (c.many || argc <= c.fixed + c.optional);
}

// A label template cut into its parts once: literal runs, placeholders {N}, and the bounds of
// [bracketed] parts.
struct LabelPart {
  enum Kind : uint8_t { kText, kSlot, kOpen, kClose } kind = kText;
  std::string_view text;  // kText
  size_t slot = 0;        // kSlot: the placeholder's number N of {N}
};
std::vector<LabelPart> label_parts(std::string_view tmpl) {
  std::vector<LabelPart> out;
  bool in_bracket = false;
  size_t run = 0;  // start of the literal run being collected
  auto flush = [&](size_t end) {
    if (end > run) out.push_back({LabelPart::kText, tmpl.substr(run, end - run), 0});
  };
  for (size_t i = 0; i < tmpl.size(); ++i) {
    const char c = tmpl[i];
    if (c == '[' && !in_bracket) {
      flush(i);
      out.push_back({LabelPart::kOpen, {}, 0});
      in_bracket = true;
      run = i + 1;
    } else if (c == ']' && in_bracket) {
      flush(i);
      out.push_back({LabelPart::kClose, {}, 0});
      in_bracket = false;
      run = i + 1;
    } else if (c == '{') {
      const size_t close = tmpl.find('}', i);
      if (close == std::string_view::npos) continue;  // a literal '{'
      flush(i);
      size_t n = 0;
      for (size_t k = i + 1; k < close; ++k) n = n * 10 + static_cast<size_t>(tmpl[k] - '0');
      out.push_back({LabelPart::kSlot, {}, n});
      i = close;
      run = close + 1;
    }
  }
  flush(tmpl.size());
  return out;
}

// Fills a label template: {N} is the names of the N-th kind's words (joined with ", "); a
// [bracketed] part is dropped when a placeholder inside it is empty.
std::string fill_parts(const std::vector<LabelPart>& parts, std::span<const std::string> slots) {
  std::string out, part;
  size_t bytes = 0;  // at most what the label takes: one allocation
  for (const LabelPart& p : parts) bytes += p.text.size();
  for (const std::string& slot : slots) bytes += slot.size();
  out.reserve(bytes);
  bool in_bracket = false, part_empty = false;
  for (const LabelPart& p : parts) {
    std::string& to = in_bracket ? part : out;
    switch (p.kind) {
      case LabelPart::kText:
        to += p.text;
        break;
      case LabelPart::kOpen:
        in_bracket = true;
        part.clear();
        part_empty = false;
        break;
      case LabelPart::kClose:
        in_bracket = false;
        if (!part_empty) out += part;
        break;
      case LabelPart::kSlot: {
        if (p.slot >= 1 && p.slot <= slots.size() && !slots[p.slot - 1].empty())
          to += slots[p.slot - 1];
        else if (in_bracket)
          part_empty = true;
        break;
      }
    }
  }
  return out;
}

// A table as read_action uses it: each row's kinds and labels parsed once, the rows indexed by
// the first word of their verb. Built on first use of a table and kept by the table's address: a
// verb table is a game's static data, never a temporary.
struct ParsedRow {
  const VerbSpec* spec = nullptr;
  size_t verb_words = 0;
  std::optional<std::vector<KindSpec>> kinds;
  ArgCount count;                 // of *kinds
  std::vector<LabelPart> en, de;  // the labels' parts
};
using TableIndex = std::unordered_map<std::string_view, std::vector<ParsedRow>>;

const TableIndex& index_of(VerbTable table) {
  // The last table asked for on this thread: a server thread reads one game's actions in a row.
  thread_local const VerbSpec* last_table = nullptr;
  thread_local const TableIndex* last_index = nullptr;
  if (last_index && last_table == table.data()) return *last_index;
  static std::shared_mutex mu;
  static std::unordered_map<const VerbSpec*, std::unique_ptr<TableIndex>> indexes;
  {
    std::shared_lock lock(mu);
    auto it = indexes.find(table.data());
    if (it != indexes.end()) {
      last_table = table.data();
      last_index = it->second.get();
      return *last_index;
    }
  }
  auto index = std::make_unique<TableIndex>();
  for (const VerbSpec& spec : table) {
    const std::vector<std::string_view> verb = words_of(spec.verb);
    if (verb.empty()) continue;
    ParsedRow row{&spec, verb.size(),          kinds_of(spec.args),
                  {},    label_parts(spec.en), label_parts(spec.de)};
    if (row.kinds) row.count = count_args(*row.kinds);
    (*index)[verb.front()].push_back(std::move(row));
  }
  std::unique_lock lock(mu);
  auto& slot = indexes[table.data()];
  if (!slot) slot = std::move(index);
  last_table = table.data();
  last_index = slot.get();
  return *slot;
}

}  // namespace

namespace {

// How many of `argc` arguments each kind of a row takes (a repeated kind takes what the fixed
// ones leave); nullopt when `argc` does not fit the row.
std::optional<std::vector<size_t>> split_args(const std::vector<KindSpec>& kinds, size_t argc) {
  const ArgCount c = count_args(kinds);
  if (argc < c.fixed || (!c.many && argc > c.fixed + c.optional)) return std::nullopt;
  std::vector<size_t> take;
  for (const KindSpec& k : kinds)
    take.push_back(k.repeat == '*'   ? argc - c.fixed
                   : k.repeat == '?' ? (argc > c.fixed ? 1 : 0)
                                     : 1);
  return take;
}

Text takes(std::string_view verb, const std::vector<KindSpec>& kinds) {
  const ArgCount c = count_args(kinds);
  if (c.many)
    return say("'{}' takes at least {} argument(s)", "'{}' braucht mindestens {} Angabe(n)", verb,
               c.fixed);
  if (c.optional == 0)
    return say("'{}' takes {} argument(s)", "'{}' braucht {} Angabe(n)", verb, c.fixed);
  return say("'{}' takes {} to {} arguments", "'{}' braucht {} bis {} Angaben", verb, c.fixed,
             c.fixed + c.optional);
}

// "no unit", "keine Einheit": what a word that names no value of `kind` is not, in German.
std::string_view none_of_de(ArgKind kind) {
  switch (kind) {
    case ArgKind::kUnit:
      return "keine Einheit";
    case ArgKind::kTroop:
      return "keine Truppe";
    case ArgKind::kType:
      return "kein Typ";
    case ArgKind::kPlace:
      return "kein Ort";
    case ArgKind::kDirection:
      return "keine Richtung";
    case ArgKind::kCard:
      return "keine Karte";
    case ArgKind::kNumber:
      return "keine Zahl";
    case ArgKind::kWord:
    case ArgKind::kHidden:
      break;
  }
  return "kein gültiges Wort";
}

}  // namespace

namespace {

// The row of `table` whose verb matches the most leading words of `text` (nullptr: none).
const ParsedRow* row_of(VerbTable table, std::string_view text, std::string_view first_word) {
  const ParsedRow* row = nullptr;
  const TableIndex& index = index_of(table);
  if (auto it = first_word.empty() ? index.end() : index.find(first_word); it != index.end()) {
    for (const ParsedRow& r : it->second) {
      const std::string_view v = r.spec->verb;
      if (text.substr(0, v.size()) != v || (text.size() > v.size() && text[v.size()] != ' '))
        continue;
      if (!row || r.verb_words > row->verb_words) row = &r;
    }
  }
  return row;
}

// The kinds the words after the verb are split among, when the row has kinds and the words fit
// them (nullptr: the text is read as bare words).
const std::vector<KindSpec>* kinds_fitting(const ParsedRow* row, size_t words) {
  if (!row || !row->kinds || !fits(row->count, words - row->verb_words)) return nullptr;
  return &*row->kinds;
}

}  // namespace

VerbRole read_role(VerbTable table, std::string_view text) {
  // As read_action, without listing the words: only the first and their number are needed.
  std::string_view first;
  size_t words = 0;
  for (size_t i = 0; i < text.size();) {
    while (i < text.size() && text[i] == ' ') ++i;
    size_t j = i;
    while (j < text.size() && text[j] != ' ') ++j;
    if (j > i && words++ == 0) first = text.substr(i, j - i);
    i = j;
  }
  const ParsedRow* row = row_of(table, text, first);
  return kinds_fitting(row, words) ? row->spec->role : ActionInfo{}.role;
}

namespace {

// The words of a text (words_of) without an allocation for up to 16 of them: read_action runs
// for every legal action of every view.
class Words {
 public:
  explicit Words(std::string_view text) {
    size_t i = 0;
    while (i < text.size()) {
      while (i < text.size() && text[i] == ' ') ++i;
      size_t j = i;
      while (j < text.size() && text[j] != ' ') ++j;
      if (j > i) push(text.substr(i, j - i));
      i = j;
    }
  }
  size_t size() const { return n_; }
  bool empty() const { return n_ == 0; }
  std::string_view operator[](size_t i) const { return n_ <= kSmall ? small_[i] : big_[i]; }
  std::string_view front() const { return (*this)[0]; }

 private:
  static constexpr size_t kSmall = 16;
  void push(std::string_view w) {
    if (n_ < kSmall) {
      small_[n_++] = w;
      return;
    }
    if (n_ == kSmall) big_.assign(small_.begin(), small_.end());
    big_.push_back(w);
    ++n_;
  }
  std::array<std::string_view, kSmall> small_;
  std::vector<std::string_view> big_;
  size_t n_ = 0;
};

// read_action of a text the info takes over.
ActionInfo read_owned(VerbTable table, std::string&& owned, const ArgNamer& name) {
  ActionInfo info;
  info.text = std::move(owned);
  const std::string_view text = info.text;
  const Words words(text);
  const ParsedRow* row = row_of(table, text, words.empty() ? std::string_view() : words.front());
  const size_t verb_words = row ? row->verb_words : 0;
  // The words after the verb are split among the kinds: a repeated kind takes what the others
  // leave.
  const std::vector<KindSpec>* kinds = kinds_fitting(row, words.size());
  if (!kinds) {
    info.label_en = info.label_de = info.text;
    info.args.reserve(words.size());
    for (size_t i = 0; i < words.size(); ++i) {
      const std::string_view w = words[i];
      info.args.push_back(
          {hidden_word(w) ? ArgKind::kHidden : ArgKind::kWord, std::string(w), "", ""});
    }
    return info;
  }
  info.verb = row->spec->verb;
  info.role = row->spec->role;
  const size_t argc = words.size() - verb_words;
  info.args.reserve(argc);
  // The names of each kind's words: without an allocation for the usual few kinds.
  constexpr size_t kFewKinds = 4;
  std::array<std::string, kFewKinds> few_en, few_de;
  std::vector<std::string> many_en, many_de;
  const bool few = kinds->size() <= kFewKinds;
  if (!few) {
    many_en.resize(kinds->size());
    many_de.resize(kinds->size());
  }
  const std::span<std::string> names_en =
      few ? std::span<std::string>(few_en.data(), kinds->size()) : std::span<std::string>(many_en);
  const std::span<std::string> names_de =
      few ? std::span<std::string>(few_de.data(), kinds->size()) : std::span<std::string>(many_de);
  size_t at = verb_words;
  for (size_t i = 0; i < kinds->size(); ++i) {
    std::string& en = names_en[i];
    for (size_t n = take_of((*kinds)[i], row->count, argc); n > 0; --n, ++at) {
      const std::string_view w = words[at];
      const ArgKind kind = hidden_word(w) ? ArgKind::kHidden : (*kinds)[i].kind;
      ActionArg& arg = info.args.emplace_back();
      arg.kind = kind;
      arg.value = w;
      const bool named = name && kind != ArgKind::kHidden;
      if (!en.empty()) en += ", ";
      if (named)
        en += name(kind, w, Lang::kEn);
      else
        en += w;
      if (!name) continue;  // the German names are the English ones
      std::string& de = names_de[i];
      if (!de.empty()) de += ", ";
      if (named)
        de += name(kind, w, Lang::kDe);
      else if (w == "(hidden)")  // a masked word reads as the games' German boards say it
        de += "(verdeckt)";
      else
        de += w;
    }
  }
  info.title_en = row->spec->title_en;
  info.title_de = row->spec->title_de.empty() ? row->spec->title_en : row->spec->title_de;
  info.label_en = fill_parts(row->en, names_en);
  info.label_de = fill_parts(row->de, name ? names_de : names_en);
  return info;
}

}  // namespace

ActionInfo read_action(VerbTable table, std::string_view text, const ArgNamer& name) {
  return read_owned(table, std::string(text), name);
}

ActionInfo read_owned_action(VerbTable table, std::string text, const ArgNamer& name) {
  return read_owned(table, std::move(text), name);
}

std::string describe_by_table(VerbTable table, const Action& action, const ArgCodec& codec) {
  if (action.verb >= table.size()) return "verb" + std::to_string(action.verb);
  const VerbSpec& row = table[action.verb];
  std::string out(row.verb);
  const auto kinds = kinds_of(row.args);
  const auto take = kinds ? split_args(*kinds, action.argc) : std::nullopt;
  int i = 0;
  for (size_t k = 0; take && k < take->size(); ++k) {
    for (size_t n = 0; n < (*take)[k]; ++n, ++i) {
      out += ' ';
      out += codec.write ? codec.write((*kinds)[k].kind, action.arg(i))
                         : std::to_string(action.arg(i));
    }
  }
  for (; i < action.argc; ++i) out += " " + std::to_string(action.arg(i));  // argc fits no row
  return out;
}

namespace {

// The row whose verb `words` begin with (the longest such verb: "react intercept" before
// "react"), or null.
const ParsedRow* row_of(VerbTable table, const std::vector<std::string_view>& words) {
  const ParsedRow* row = nullptr;
  const TableIndex& index = index_of(table);
  if (auto it = index.find(words.front()); it != index.end()) {
    for (const ParsedRow& r : it->second) {
      if (r.verb_words > words.size()) continue;
      bool match = true;
      const std::vector<std::string_view> verb = words_of(r.spec->verb);
      for (size_t i = 0; i < verb.size(); ++i) match = match && verb[i] == words[i];
      if (match && (!row || r.verb_words > row->verb_words)) row = &r;
    }
  }
  return row;
}

Text unknown_verb(VerbTable table, std::string_view word) {
  std::string en, de;
  for (size_t i = 0; i < table.size(); ++i) {
    const bool last = i + 1 == table.size();
    en += (i == 0 ? "" : last ? " or " : ", ") + std::string(table[i].verb);
    de += (i == 0 ? "" : last ? " oder " : ", ") + std::string(table[i].verb);
  }
  return say("unknown action '{0}' (expected {1})", "unbekannte Aktion '{0}' (erwartet: {2})",
             clip_text(word, 40), en, de);
}

// The row `words` name whose count of arguments fits, or null with `why` ("unknown action ...",
// "'move' takes 2 argument(s)"); `words` is not empty.
const ParsedRow* fitting_row(VerbTable table, const std::vector<std::string_view>& words,
                             Text& why) {
  const ParsedRow* row = row_of(table, words);
  if (!row || !row->kinds) {
    why = unknown_verb(table, words.front());
    return nullptr;
  }
  const size_t argc = words.size() - row->verb_words;
  if (!split_args(*row->kinds, argc) || argc > static_cast<size_t>(Action::kMaxArgs)) {
    why = takes(row->spec->verb, *row->kinds);
    return nullptr;
  }
  return row;
}

}  // namespace

std::optional<Text> verb_mismatch(VerbTable table, std::string_view text) {
  const std::vector<std::string_view> words = words_of(text);
  if (words.empty()) return Text{"empty action", "leere Aktion"};
  Text why;
  if (!fitting_row(table, words, why)) return why;
  return std::nullopt;
}

bool parse_by_table(VerbTable table, std::string_view text, Action& out, Text& error,
                    const ArgCodec& codec) {
  const std::vector<std::string_view> words = words_of(text);
  if (words.empty()) {
    error = {"empty action", "leere Aktion"};
    return false;
  }
  const ParsedRow* row = fitting_row(table, words, error);
  if (!row) return false;
  const auto take = split_args(*row->kinds, words.size() - row->verb_words);
  Action a;
  a.verb = static_cast<uint8_t>(row->spec - table.data());
  size_t w = row->verb_words;
  for (size_t k = 0; k < take->size(); ++k) {
    for (size_t n = 0; n < (*take)[k]; ++n, ++w) {
      int value = -1;
      const ArgKind kind = (*row->kinds)[k].kind;
      if (codec.read) {
        if (!codec.read(kind, words[w], value, error)) value = -1;
      } else {
        const auto [end, ec] =
            std::from_chars(words[w].data(), words[w].data() + words[w].size(), value);
        if (ec != std::errc() || end != words[w].data() + words[w].size()) value = -1;
      }
      if (value < 0 || value > Action::kMaxArg) {
        if (error.en.empty())
          error = say("'{0}': '{1}' is not a {2}", "'{0}': '{1}' ist {3}", row->spec->verb,
                      words[w], to_string(kind), none_of_de(kind));
        return false;
      }
      a.args[a.argc++] = static_cast<uint16_t>(value);
    }
  }
  out = a;
  return true;
}

std::string check_verb_table(VerbTable table) {
  for (size_t i = 0; i < table.size(); ++i) {
    const VerbSpec& row = table[i];
    const std::string where = "verb '" + std::string(row.verb) + "'";
    if (words_of(row.verb).empty()) return "row " + std::to_string(i) + ": no verb";
    for (size_t j = 0; j < i; ++j)
      if (table[j].verb == row.verb) return where + " twice";
    auto kinds = kinds_of(row.args);
    if (!kinds) return where + ": bad argument kinds '" + std::string(row.args) + "'";
    if (row.title_en.empty() != table[0].title_en.empty() ||
        (!row.title_en.empty() && row.title_de.empty()))
      return where + ": a heading is missing (a table heads every verb in both languages or none)";
    for (std::string_view label : {row.en, row.de}) {
      if (label.empty()) return where + ": a label is missing";
      for (size_t at = label.find('{'); at != std::string_view::npos;
           at = label.find('{', at + 1)) {
        const size_t close = label.find('}', at);
        if (close == std::string_view::npos || close == at + 1)
          return where + ": bad placeholder in '" + std::string(label) + "'";
        size_t n = 0;
        for (size_t k = at + 1; k < close; ++k) {
          if (label[k] < '0' || label[k] > '9')
            return where + ": bad placeholder in '" + std::string(label) + "'";
          n = n * 10 + static_cast<size_t>(label[k] - '0');
        }
        if (n < 1 || n > kinds->size())
          return where + ": {" + std::to_string(n) + "} names no argument in '" +
                 std::string(label) + "'";
      }
    }
  }
  return "";
}

std::string_view to_string(ArgKind kind) {
  switch (kind) {
    case ArgKind::kUnit:
      return "unit";
    case ArgKind::kTroop:
      return "troop";
    case ArgKind::kType:
      return "type";
    case ArgKind::kPlace:
      return "place";
    case ArgKind::kDirection:
      return "dir";
    case ArgKind::kCard:
      return "card";
    case ArgKind::kNumber:
      return "number";
    case ArgKind::kWord:
      return "word";
    case ArgKind::kHidden:
      return "hidden";
  }
  return "word";
}

std::string_view to_string(VerbRole role) {
  switch (role) {
    case VerbRole::kOther:
      return "other";
    case VerbRole::kMove:
      return "move";
    case VerbRole::kAttack:
      return "attack";
    case VerbRole::kDecline:
      return "decline";
    case VerbRole::kConfirm:
      return "confirm";
  }
  return "other";
}

namespace {

// `v` as a JSON string when it needs no escape (the table's own words: kinds and roles).
void append_plain_string(std::string& out, std::string_view v) {
  out += '"';
  out += v;
  out += '"';
}

}  // namespace

void append_action_info_members(const ActionInfo& info, std::string& out) {
  using namespace std::string_view_literals;
  out += "\"verb\":"sv;
  append_json_string(out, info.verb);
  out += ",\"args\":["sv;
  for (size_t i = 0; i < info.args.size(); ++i) {
    const ActionArg& a = info.args[i];
    out += i ? ",{\"kind\":"sv : "{\"kind\":"sv;
    append_plain_string(out, to_string(a.kind));
    out += ",\"value\":"sv;
    append_json_string(out, a.value);
    if (!a.role.empty()) {
      out += ",\"role\":"sv;
      append_json_string(out, a.role);
    }
    if (!a.cell.empty()) {
      out += ",\"cell\":"sv;
      append_json_string(out, a.cell);
    }
    out += '}';
  }
  out += "],\"role\":"sv;
  append_plain_string(out, to_string(info.role));
  out += ",\"label\":{\"en\":"sv;
  append_json_string(out, info.label_en);
  out += ",\"de\":"sv;
  append_json_string(out, info.label_de);
  out += '}';
  if (!info.title_en.empty()) {
    out += ",\"title\":{\"en\":"sv;
    append_json_string(out, info.title_en);
    out += ",\"de\":"sv;
    append_json_string(out, info.title_de);
    out += '}';
  }
  if (info.cost >= 0) {
    out += ",\"cost\":"sv;
    append_json_int(out, info.cost);
  }
}

json action_info_json(const ActionInfo& info) {
  std::string text = "{";
  append_action_info_members(info, text);
  text += '}';
  return json::parse(text);
}

}  // namespace feldherr
