// JSON text written directly, without building a JSON tree: for the hot paths that write a
// message or a state (engine/fields.h, append_legal_json in engine/view.h), byte for byte what
// nlohmann's dump() writes for the same value.
#pragma once

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
    separate();
    out_ += '"';
    out_ += k;
    out_ += "\":";
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
    separate();
    append_json_int(out_, v);
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
    out_ += "null";
    return *this;
  }
  // A value given as JSON text (written elsewhere), spliced in as it is.
  JsonText& raw(std::string_view text) {
    separate();
    out_ += text;
    return *this;
  }
  JsonText& num(std::string_view k, int64_t v) { return key(k).num(v); }
  JsonText& str(std::string_view k, std::string_view v) { return key(k).str(v); }
  JsonText& flag(std::string_view k, bool v) { return key(k).flag(v); }
  JsonText& null(std::string_view k) { return key(k).null(); }

 private:
  struct Open {
    char close;
    bool first;
  };
  // The comma before a value or key that is not the first of its object or array.
  void separate() {
    if (after_key_) {
      after_key_ = false;
    } else if (depth_ > 0) {
      if (!open_[depth_ - 1].first) out_ += ',';
      open_[depth_ - 1].first = false;
    }
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
