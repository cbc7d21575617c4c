// The strict TOML reader of the data loaders (Planspiel boards, situations, unit types and weapons
// tables; Rivet Wars' data files): every error is DataError("FILE:LINE: message") naming the
// field, and it never crashes on any input. A loader derives from it for its own kinds of value.
#pragma once

#include <toml++/toml.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "engine/errors.h"
#include "engine/toml_guard.h"
#include "engine/toml_util.h"

namespace feldherr {

class TomlReader {
 public:
  explicit TomlReader(std::string file) : file_(std::move(file)) {}

  [[noreturn]] void Fail(uint32_t line, const std::string& msg) const {
    throw DataError(file_ + ":" + std::to_string(line == 0 ? 1 : line) + ": " + msg);
  }
  [[noreturn]] void Fail(const toml::node& n, const std::string& msg) const {
    Fail(n.source().begin.line, msg);
  }

  toml::table Parse() const {
    const std::string swapped = toml_guard_swap(read_data_file(file_), file_);
    try {
      return toml::parse(std::string_view(swapped), std::string_view(file_));
    } catch (const toml::parse_error& e) {
      Fail(e.source().begin.line, "TOML syntax error: " + toml_guard_unswap(e.description()));
    }
  }

  void Keys(const toml::table& t, const std::vector<std::string_view>& allowed,
            const std::string& where) const {
    for (auto&& [k, v] : t) {
      if (std::find(allowed.begin(), allowed.end(), k.str()) == allowed.end()) {
        std::string list;
        for (auto a : allowed) list += (list.empty() ? "" : ", ") + std::string(a);
        Fail(k.source().begin.line, "unknown field '" + toml_guard_unswap(k.str()) + "' " + where +
                                        " (allowed: " + list + ")");
      }
    }
  }
  const toml::node& Req(const toml::table& t, std::string_view key,
                        const std::string& where) const {
    const toml::node* n = t.get(key);
    if (!n) Fail(t.source().begin.line, "missing field '" + std::string(key) + "' " + where);
    return *n;
  }
  std::string Str(const toml::node& n, std::string_view key, bool allow_empty = false) const {
    const auto* s = n.as_string();
    if (!s)
      Fail(n, "field '" + std::string(key) + "' must be a string, not " + toml_type_name(n.type()));
    if (!allow_empty && s->get().empty())
      Fail(n, "field '" + std::string(key) + "' must not be empty");
    return toml_guard_unswap(s->get());
  }
  std::vector<std::string> StrList(const toml::node& n, std::string_view key) const {
    std::vector<std::string> out;
    for (const toml::node& item : Arr(n, key)) out.push_back(Str(item, key));
    return out;
  }
  int Int(const toml::node& n, std::string_view key, int lo, int hi) const {
    const auto* v = n.as_integer();
    if (!v)
      Fail(n,
           "field '" + std::string(key) + "' must be an integer, not " + toml_type_name(n.type()));
    if (v->get() < lo || v->get() > hi) {
      Fail(n, "field '" + std::string(key) + "' must be between " + std::to_string(lo) + " and " +
                  std::to_string(hi) + " (is " + std::to_string(v->get()) + ")");
    }
    return static_cast<int>(v->get());
  }
  // A number: an integer or a float, lo < value <= hi.
  double Num(const toml::node& n, std::string_view key, double lo, double hi) const {
    double v = 0;
    if (const auto* i = n.as_integer())
      v = static_cast<double>(i->get());
    else if (const auto* f = n.as_floating_point())
      v = f->get();
    else
      Fail(n, "field '" + std::string(key) + "' must be a number, not " + toml_type_name(n.type()));
    if (!(v > lo && v <= hi))
      Fail(n, "field '" + std::string(key) + "' must be above " + Short(lo) + " and at most " +
                  Short(hi) + " (is " + Short(v) + ")");
    return v;
  }
  bool Bool(const toml::node& n, std::string_view key) const {
    const auto* b = n.as_boolean();
    if (!b)
      Fail(n, "field '" + std::string(key) + "' must be true or false, not " +
                  toml_type_name(n.type()));
    return b->get();
  }
  const toml::array& Arr(const toml::node& n, std::string_view key) const {
    const auto* a = n.as_array();
    if (!a)
      Fail(n, "field '" + std::string(key) + "' must be an array, not " + toml_type_name(n.type()));
    return *a;
  }
  const toml::table& Table(const toml::node& n, std::string_view key) const {
    const auto* t = n.as_table();
    if (!t)
      Fail(n, "field '" + std::string(key) + "' must be a table, not " + toml_type_name(n.type()));
    return *t;
  }
  // The array of tables `key` ([[key]]) at the top level; none is an empty array unless
  // `required`.
  const toml::array& Tables(const toml::table& root, std::string_view key, bool required) const {
    static const toml::array kEmpty;
    const toml::node* n = root.get(key);
    if (!n) {
      if (required) Fail(1, "missing [[" + std::string(key) + "]] tables");
      return kEmpty;
    }
    const auto* a = n->as_array();
    if (!a || !a->is_array_of_tables())
      Fail(*n, "field '" + std::string(key) + "' must be an array of tables ([[" +
                   std::string(key) + "]])");
    return *a;
  }

  const std::string& file() const { return file_; }
  static std::string Short(double v) {
    std::string s = std::to_string(v);
    while (!s.empty() && s.back() == '0') s.pop_back();
    if (!s.empty() && s.back() == '.') s.pop_back();
    return s;
  }

 private:
  std::string file_;
};

}  // namespace feldherr
