// Reading action texts by a game's verb table (engine/verbs.h).
#include "engine/verbs.h"

#include <algorithm>
#include <nlohmann/json.hpp>
#include <optional>

namespace feldherr {

namespace {

std::vector<std::string_view> words_of(std::string_view text) {
  std::vector<std::string_view> out;
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

// Fills a label template: {N} is the names of the N-th kind's words (joined with ", "); a
// [bracketed] part is dropped when a placeholder inside it is empty.
std::string fill(std::string_view tmpl, const std::vector<std::string>& slots) {
  std::string out;
  std::string part;  // the bracketed part being built
  bool in_bracket = false, part_empty = false;
  for (size_t i = 0; i < tmpl.size(); ++i) {
    const char c = tmpl[i];
    std::string& to = in_bracket ? part : out;
    if (c == '[' && !in_bracket) {
      in_bracket = true;
      part.clear();
      part_empty = false;
    } else if (c == ']' && in_bracket) {
      in_bracket = false;
      if (!part_empty) out += part;
    } else if (c == '{') {
      const size_t close = tmpl.find('}', i);
      if (close == std::string_view::npos) {
        to += c;
        continue;
      }
      size_t n = 0;
      for (size_t k = i + 1; k < close; ++k) n = n * 10 + static_cast<size_t>(tmpl[k] - '0');
      const std::string& value = n >= 1 && n <= slots.size() ? slots[n - 1] : std::string();
      if (value.empty() && in_bracket) part_empty = true;
      to += value;
      i = close;
    } else {
      to += c;
    }
  }
  return out;
}

}  // namespace

ActionInfo read_action(VerbTable table, std::string_view text, const ArgNamer& name) {
  const std::vector<std::string_view> words = words_of(text);
  ActionInfo info;
  // The row whose verb matches the most leading words.
  const VerbSpec* row = nullptr;
  size_t verb_words = 0;
  for (const VerbSpec& spec : table) {
    const std::string_view v = spec.verb;
    if (text.substr(0, v.size()) != v || (text.size() > v.size() && text[v.size()] != ' '))
      continue;
    const size_t n = static_cast<size_t>(std::count(v.begin(), v.end(), ' ')) + 1;
    if (n > verb_words) {
      row = &spec;
      verb_words = n;
    }
  }
  auto kinds = row ? kinds_of(row->args) : std::nullopt;
  // The words after the verb, split among the kinds: a repeated kind takes what the others leave.
  std::vector<std::vector<std::string_view>> slots;
  if (kinds) {
    const size_t rest = words.size() - verb_words;
    size_t fixed = 0, optional = 0;
    bool many = false;
    for (const KindSpec& k : *kinds) {
      fixed += k.repeat == 0 ? 1 : 0;
      optional += k.repeat == '?' ? 1 : 0;
      many = many || k.repeat == '*';
    }
    if (rest < fixed || (!many && rest > fixed + optional)) {
      kinds.reset();
    } else {
      size_t at = verb_words;
      for (const KindSpec& k : *kinds) {
        size_t take = 1;
        if (k.repeat == '*') take = rest - fixed;
        if (k.repeat == '?') take = rest > fixed ? 1 : 0;
        slots.emplace_back(words.begin() + static_cast<std::ptrdiff_t>(at),
                           words.begin() + static_cast<std::ptrdiff_t>(at + take));
        at += take;
      }
    }
  }
  if (!kinds) {
    info.label_en = info.label_de = std::string(text);
    for (std::string_view w : words)
      info.args.push_back({hidden_word(w) ? ArgKind::kHidden : ArgKind::kWord, std::string(w), ""});
    return info;
  }
  info.verb = std::string(row->verb);
  info.role = row->role;
  std::vector<std::string> names_en, names_de;
  for (size_t i = 0; i < kinds->size(); ++i) {
    std::string en, de;
    for (std::string_view w : slots[i]) {
      const ArgKind kind = hidden_word(w) ? ArgKind::kHidden : (*kinds)[i].kind;
      info.args.push_back({kind, std::string(w), ""});
      const bool named = name && kind != ArgKind::kHidden;
      en += (en.empty() ? "" : ", ") + (named ? name(kind, w, Lang::kEn) : std::string(w));
      de += (de.empty() ? "" : ", ") + (named ? name(kind, w, Lang::kDe) : std::string(w));
    }
    names_en.push_back(std::move(en));
    names_de.push_back(std::move(de));
  }
  info.label_en = fill(row->en, names_en);
  info.label_de = fill(row->de, names_de);
  return info;
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

json action_info_json(const ActionInfo& info) {
  json args = json::array();
  for (const ActionArg& a : info.args) {
    json j = {{"kind", to_string(a.kind)}, {"value", a.value}};
    if (!a.role.empty()) j["role"] = a.role;
    args.push_back(std::move(j));
  }
  json j = {{"verb", info.verb},
            {"args", std::move(args)},
            {"role", to_string(info.role)},
            {"label", {{"en", info.label_en}, {"de", info.label_de}}}};
  if (info.cost >= 0) j["cost"] = info.cost;
  return j;
}

}  // namespace feldherr
