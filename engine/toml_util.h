// Small helpers shared by the TOML data loaders of every game (games/*/data.cc,
// games/wsr/scenario.cc). Header-only: include it only from code that links toml++.
#pragma once

#include <toml++/toml.h>

#include <algorithm>
#include <cstddef>
#include <string_view>

namespace feldherr {

// "a table", "an integer", ...: how an error message names what a file holds.
inline const char* toml_type_name(toml::node_type t) {
  switch (t) {
    case toml::node_type::table:
      return "a table";
    case toml::node_type::array:
      return "an array";
    case toml::node_type::string:
      return "a string";
    case toml::node_type::integer:
      return "an integer";
    case toml::node_type::floating_point:
      return "a floating-point number";
    case toml::node_type::boolean:
      return "a boolean";
    case toml::node_type::date:
      return "a date";
    case toml::node_type::time:
      return "a time";
    case toml::node_type::date_time:
      return "a date-time";
    case toml::node_type::none:
      break;
  }
  return "nothing";
}

// An id of the data files: lower-case letters, digits and '-' (and '.' where `dots` is given,
// for ids qualified by their army or side), not empty, at most `max_length` characters.
inline bool is_data_slug(std::string_view s, size_t max_length = 64, bool dots = false) {
  if (s.empty() || s.size() > max_length) return false;
  return std::all_of(s.begin(), s.end(), [dots](char c) {
    return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || (dots && c == '.');
  });
}

}  // namespace feldherr
