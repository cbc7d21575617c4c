// JSON text written directly, without building a JSON tree: for the hot paths that write a
// message or a state (engine/fields.h, append_legal_json in engine/view.h), byte for byte what
// nlohmann's dump() writes for the same value.
#pragma once

#include <charconv>
#include <cstdint>
#include <string>
#include <string_view>

namespace feldherr {

// `s` as a JSON string literal, escaped as nlohmann's dump() escapes it (UTF-8 passes through).
void append_json_string(std::string& out, std::string_view s);

// A whole number as dump() writes it.
void append_json_int(std::string& out, int64_t v);

// true or false.
inline void append_json_bool(std::string& out, bool b) {
  out += b ? "true" : "false";
}

// A JSON value written member by member in the order given, with the commas and colons in their
// places: `w.obj().num("a", 1).arr("b").str("x").end().end()` writes {"a":1,"b":["x"]}. dump()
// writes an object's keys sorted, so a writer that must equal it gives them sorted. Keys are
// written as given (no escaping: they are the writer's own identifiers). Nesting up to 8 deep.
class JsonText {
 public:
  explicit JsonText(std::string& out) : out_(out) {}

  JsonText& obj() { return open('{', '}'); }
  JsonText& arr() { return open('[', ']'); }
  JsonText& obj(std::string_view key) { return this->key(key).obj(); }
  JsonText& arr(std::string_view key) { return this->key(key).arr(); }
  // Closes the innermost object or array.
  JsonText& end() {
    out_ += open_[--depth_].close;
    return *this;
  }

  JsonText& key(std::string_view k) {
    if (k.size() > kShortKey) return long_key(k);
    char buf[kShortKey + 4];
    char* p = put_key(buf, k);
    out_.append(buf, static_cast<size_t>(p - buf));
    after_key_ = true;
    return *this;
  }
  // A key that comes from data (a side's name): escaped as a string.
  JsonText& escaped_key(std::string_view k) {
    separate();
    append_json_string(out_, k);
    out_ += ':';
    after_key_ = true;
    return *this;
  }
  JsonText& num(int64_t v) {
    char buf[24];
    char* p = buf;
    if (comma()) *p++ = ',';
    p = put_int(p, v);
    out_.append(buf, static_cast<size_t>(p - buf));
    return *this;
  }
  JsonText& str(std::string_view v) {
    separate();
    append_json_string(out_, v);
    return *this;
  }
  JsonText& flag(bool v) {
    separate();
    append_json_bool(out_, v);
    return *this;
  }
  JsonText& null() {
    separate();
    out_.append("null", 4);
    return *this;
  }
  // A value given as JSON text (written elsewhere), spliced in as it is.
  JsonText& raw(std::string_view text) {
    separate();
    out_ += text;
    return *this;
  }
  // A member written with one append: its comma, its key and its value.
  JsonText& num(std::string_view k, int64_t v) {
    if (k.size() > kShortKey) return key(k).num(v);
    char buf[kShortKey + 4 + 24];
    char* p = put_int(put_key(buf, k), v);
    out_.append(buf, static_cast<size_t>(p - buf));
    return *this;
  }
  JsonText& str(std::string_view k, std::string_view v) { return key(k).str(v); }
  JsonText& flag(std::string_view k, bool v) {
    if (k.size() > kShortKey) return key(k).flag(v);
    char buf[kShortKey + 4 + 5];
    char* p = put_key(buf, k);
    const std::string_view b = v ? std::string_view("true") : std::string_view("false");
    for (char c : b) *p++ = c;
    out_.append(buf, static_cast<size_t>(p - buf));
    return *this;
  }
  JsonText& null(std::string_view k) { return key(k).null(); }

 private:
  static constexpr size_t kShortKey = 40;  // keys up to this long are written from a buffer
  struct Open {
    char close;
    bool first;
  };
  // Whether the value or key to come needs a comma before it (it is not the first of its object
  // or array); the state moves past it.
  bool comma() {
    if (after_key_) {
      after_key_ = false;
      return false;
    }
    if (depth_ == 0) return false;
    const bool first = open_[depth_ - 1].first;
    open_[depth_ - 1].first = false;
    return !first;
  }
  // The comma before a value or key that is not the first of its object or array.
  void separate() {
    if (comma()) out_ += ',';
  }
  // Writes [,]"k": at `p` (k at most kShortKey bytes); returns the end.
  char* put_key(char* p, std::string_view k) {
    if (comma()) *p++ = ',';
    *p++ = '"';
    for (char c : k) *p++ = c;
    *p++ = '"';
    *p++ = ':';
    return p;
  }
  static char* put_int(char* p, int64_t v) { return std::to_chars(p, p + 24, v).ptr; }
  JsonText& long_key(std::string_view k) {
    separate();
    out_ += '"';
    out_ += k;
    out_ += "\":";
    after_key_ = true;
    return *this;
  }
  JsonText& open(char o, char c) {
    separate();
    out_ += o;
    open_[depth_++] = {c, true};
    return *this;
  }

  std::string& out_;
  Open open_[8] = {};
  int depth_ = 0;
  bool after_key_ = false;
};

}  // namespace feldherr
