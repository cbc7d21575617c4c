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

}  // namespace feldherr
