// Field lists: a state names its fields once, and its JSON form, its loading with errors that
// name the field, and its hash all come from that one list.
//
// A type takes part by a static member template that calls the visitor once per field:
//
//   struct Task {
//     uint8_t type = 0;
//     int8_t a = 0, b = 0;
//     static constexpr bool kFieldsAsArray = true;  // JSON [type, a, b] instead of an object
//     template <class S, class V>
//     static void field_list(S& s, V& v) {
//       v("type", s.type)("a", s.a)("b", s.b);
//     }
//   };
//
// `S` is the type itself or its const form, so one list serves reading and writing. An integer
// field (or an array of them) may give the values it takes, `v("card", s.card, 0, 6)`, which
// loading checks. A `v.group("name", x, y, z)` writes several fields as one JSON array (a pair of
// counters that belong together). The rules for each kind of value:
//
//   value                  JSON                             hash (engine/hash.h)
//   bool, integer          number (a bool as true/false)    one word (signed: sign-extended)
//   enum                   its number                       one word
//   std::string            string                           its length and characters
//   std::array, PerSeat    array of exactly N               each element
//   std::vector            array                            its length, then each element
//   std::pair              [first, second]                  first, then second
//   a type with fields     object, or array if AsArray      each field in list order
//
// Loading checks the JSON type and the range of every integer and names the place of the first
// problem ("$.units[3][4]: expected an integer in -128..127"); what the rules require of the
// values (a unit type that exists) the game checks after loading.
#pragma once

#include <algorithm>
#include <array>
#include <charconv>
#include <concepts>
#include <cstdint>
#include <limits>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "engine/hash.h"
#include "engine/json_text.h"
#include "engine/per_seat.h"

namespace feldherr {

namespace fields_detail {

template <class T>
struct is_std_array : std::false_type {};
template <class T, size_t N>
struct is_std_array<std::array<T, N>> : std::true_type {};
template <class T>
struct is_vector : std::false_type {};
template <class T, class A>
struct is_vector<std::vector<T, A>> : std::true_type {};
template <class T>
struct is_pair : std::false_type {};
template <class A, class B>
struct is_pair<std::pair<A, B>> : std::true_type {};
template <class T>
struct is_per_seat : std::false_type {};
template <class T>
struct is_per_seat<PerSeat<T>> : std::true_type {};

struct Probe {
  template <class T>
  Probe& operator()(const char*, T&) {
    return *this;
  }
  template <class T>
  Probe& operator()(const char*, T&, int64_t, int64_t) {
    return *this;
  }
  template <class... T>
  Probe& group(const char*, T&...) {
    return *this;
  }
};

template <class T>
concept HasFields = requires(T& t, Probe& p) {
  T::field_list(t, p);
};

template <class T>
constexpr bool as_array() {
  if constexpr (requires { T::kFieldsAsArray; })
    return T::kFieldsAsArray;
  else
    return false;
}

[[noreturn]] inline void fail(const std::string& path, const std::string& what) {
  throw std::runtime_error(path + ": " + what);
}

// ---- writing

template <class T>
nlohmann::json encode(const T& v);

struct Writer {
  nlohmann::json* out;
  bool array;
  template <class T>
  Writer& operator()(const char* name, const T& v) {
    if (array)
      out->push_back(encode(v));
    else
      (*out)[name] = encode(v);
    return *this;
  }
  template <class T>
  Writer& operator()(const char* name, const T& v, int64_t, int64_t) {
    return (*this)(name, v);
  }
  template <class... T>
  Writer& group(const char* name, const T&... v) {
    nlohmann::json a = nlohmann::json::array();
    (a.push_back(encode(v)), ...);
    if (array)
      out->push_back(std::move(a));
    else
      (*out)[name] = std::move(a);
    return *this;
  }
};

template <class T>
nlohmann::json encode(const T& v) {
  if constexpr (HasFields<T>) {
    nlohmann::json j = as_array<T>() ? nlohmann::json::array() : nlohmann::json::object();
    Writer w{&j, as_array<T>()};
    T::field_list(v, w);
    return j;
  } else if constexpr (std::is_same_v<T, bool> || std::is_same_v<T, std::string>) {
    return v;
  } else if constexpr (std::is_enum_v<T>) {
    return static_cast<std::underlying_type_t<T>>(v);
  } else if constexpr (std::is_integral_v<T>) {
    if constexpr (std::is_signed_v<T>)
      return static_cast<int64_t>(v);
    else
      return static_cast<uint64_t>(v);
  } else if constexpr (is_pair<T>::value) {
    return nlohmann::json::array({encode(v.first), encode(v.second)});
  } else if constexpr (is_per_seat<T>::value) {
    return encode(v.v);
  } else {
    static_assert(is_std_array<T>::value || is_vector<T>::value, "a type without a field codec");
    nlohmann::json a = nlohmann::json::array();
    for (const auto& x : v) a.push_back(encode(static_cast<const typename T::value_type&>(x)));
    return a;
  }
}

// ---- loading

// The values an integer field may take, as declared in the list: v("card", s.card, 0, 6).
struct Bounds {
  int64_t lo, hi;
};

template <class T>
void decode(const nlohmann::json& j, T& v, const std::string& path, const Bounds* bounds = nullptr);

struct Reader {
  const nlohmann::json* in;
  const std::string* path;
  bool array;
  size_t index = 0;

  const nlohmann::json& next(const char* name, std::string& where) {
    if (array) {
      where = *path + "[" + std::to_string(index) + "]";
      return (*in)[index++];
    }
    where = *path + "." + name;
    auto it = in->find(name);
    if (it == in->end()) fail(where, "missing");
    return *it;
  }
  template <class T>
  Reader& operator()(const char* name, T& v) {
    std::string where;
    const nlohmann::json& j = next(name, where);
    decode(j, v, where);
    return *this;
  }
  template <class T>
  Reader& operator()(const char* name, T& v, int64_t lo, int64_t hi) {
    std::string where;
    const nlohmann::json& j = next(name, where);
    const Bounds b{lo, hi};
    decode(j, v, where, &b);
    return *this;
  }
  template <class... T>
  Reader& group(const char* name, T&... v) {
    std::string where;
    const nlohmann::json& j = next(name, where);
    if (!j.is_array() || j.size() != sizeof...(T))
      fail(where, "expected an array of " + std::to_string(sizeof...(T)));
    size_t i = 0;
    ((decode(j[i], v, where + "[" + std::to_string(i) + "]"), ++i), ...);
    return *this;
  }
};

struct Counter {
  size_t n = 0;
  template <class T>
  Counter& operator()(const char*, const T&, int64_t = 0, int64_t = 0) {
    ++n;
    return *this;
  }
  template <class... T>
  Counter& group(const char*, const T&...) {
    ++n;
    return *this;
  }
};

template <class T>
void decode(const nlohmann::json& j, T& v, const std::string& path, const Bounds* bounds) {
  if constexpr (HasFields<T>) {
    if constexpr (as_array<T>()) {
      Counter c;
      T::field_list(v, c);
      if (!j.is_array() || j.size() != c.n)
        fail(path, "expected an array of " + std::to_string(c.n));
    } else {
      if (!j.is_object()) fail(path, "expected an object");
    }
    Reader r{&j, &path, as_array<T>()};
    T::field_list(v, r);
  } else if constexpr (std::is_same_v<T, bool>) {
    if (!j.is_boolean()) fail(path, "expected true or false");
    v = j.get<bool>();
  } else if constexpr (std::is_same_v<T, std::string>) {
    if (!j.is_string()) fail(path, "expected a string");
    v = j.get<std::string>();
  } else if constexpr (std::is_enum_v<T>) {
    std::underlying_type_t<T> u{};
    decode(j, u, path, bounds);
    v = static_cast<T>(u);
  } else if constexpr (std::is_integral_v<T>) {
    const auto lo = bounds ? bounds->lo : static_cast<int64_t>(std::numeric_limits<T>::min());
    const auto hi = bounds ? static_cast<uint64_t>(bounds->hi)
                           : static_cast<uint64_t>(std::numeric_limits<T>::max());
    const auto range = [&] {
      fail(path, "expected an integer in " + std::to_string(lo) + ".." + std::to_string(hi));
    };
    if (j.is_number_unsigned()) {
      const uint64_t x = j.get<uint64_t>();
      if (x > hi || (lo > 0 && x < static_cast<uint64_t>(lo))) range();
      v = static_cast<T>(x);
    } else if (j.is_number_integer()) {
      const int64_t x = j.get<int64_t>();
      if (x < lo || (x >= 0 && static_cast<uint64_t>(x) > hi)) range();
      v = static_cast<T>(x);
    } else {
      range();
    }
  } else if constexpr (is_pair<T>::value) {
    if (!j.is_array() || j.size() != 2) fail(path, "expected an array of 2");
    decode(j[0], v.first, path + "[0]", bounds);
    decode(j[1], v.second, path + "[1]", bounds);
  } else if constexpr (is_per_seat<T>::value) {
    decode(j, v.v, path, bounds);
  } else if constexpr (is_std_array<T>::value) {
    if (!j.is_array() || j.size() != v.size())
      fail(path, "expected an array of " + std::to_string(v.size()));
    for (size_t i = 0; i < v.size(); ++i)
      decode(j[i], v[i], path + "[" + std::to_string(i) + "]", bounds);
  } else {
    static_assert(is_vector<T>::value, "a type without a field codec");
    if (!j.is_array()) fail(path, "expected an array");
    v.clear();
    v.reserve(j.size());
    for (size_t i = 0; i < j.size(); ++i) {
      typename T::value_type x{};
      decode(j[i], x, path + "[" + std::to_string(i) + "]", bounds);
      v.push_back(std::move(x));
    }
  }
}

// ---- the JSON text, as nlohmann's dump() writes the tree encode() builds

template <class T>
void write_text(const T& v, std::string& out);

// An object's members in key order, as nlohmann keeps them (std::map).
struct TextWriter {
  std::vector<std::pair<std::string_view, std::string>>* members;  // object
  std::string* out;                                                // array
  bool first = true;
  std::string& slot(const char* name) {
    if (members) {
      members->emplace_back(name, std::string());
      return members->back().second;
    }
    if (!first) *out += ',';
    first = false;
    return *out;
  }
  template <class T>
  TextWriter& operator()(const char* name, const T& v, int64_t = 0, int64_t = 0) {
    write_text(v, slot(name));
    return *this;
  }
  template <class... T>
  TextWriter& group(const char* name, const T&... v) {
    std::string& to = slot(name);
    to += '[';
    bool first_value = true;
    ((to += first_value ? "" : ",", first_value = false, write_text(v, to)), ...);
    to += ']';
    return *this;
  }
};

template <class T>
void write_text(const T& v, std::string& out) {
  if constexpr (HasFields<T>) {
    if constexpr (as_array<T>()) {
      out += '[';
      TextWriter w{nullptr, &out};
      T::field_list(v, w);
      out += ']';
    } else {
      std::vector<std::pair<std::string_view, std::string>> members;
      TextWriter w{&members, nullptr};
      T::field_list(v, w);
      std::sort(members.begin(), members.end(),
                [](const auto& a, const auto& b) { return a.first < b.first; });
      out += '{';
      for (size_t i = 0; i < members.size(); ++i) {
        if (i) out += ',';
        append_json_string(out, members[i].first);
        out += ':';
        out += members[i].second;
      }
      out += '}';
    }
  } else if constexpr (std::is_same_v<T, bool>) {
    out += v ? "true" : "false";
  } else if constexpr (std::is_same_v<T, std::string>) {
    append_json_string(out, v);
  } else if constexpr (std::is_enum_v<T>) {
    write_text(static_cast<std::underlying_type_t<T>>(v), out);
  } else if constexpr (std::is_integral_v<T>) {
    char buf[24];
    const auto r = std::is_signed_v<T>
                       ? std::to_chars(buf, buf + sizeof buf, static_cast<int64_t>(v))
                       : std::to_chars(buf, buf + sizeof buf, static_cast<uint64_t>(v));
    out.append(buf, r.ptr);
  } else if constexpr (is_pair<T>::value) {
    out += '[';
    write_text(v.first, out);
    out += ',';
    write_text(v.second, out);
    out += ']';
  } else if constexpr (is_per_seat<T>::value) {
    write_text(v.v, out);
  } else {
    static_assert(is_std_array<T>::value || is_vector<T>::value, "a type without a field codec");
    out += '[';
    bool first = true;
    for (const auto& x : v) {
      if (!first) out += ',';
      first = false;
      write_text(static_cast<const typename T::value_type&>(x), out);
    }
    out += ']';
  }
}

// ---- hashing

template <class T>
void hash_value(Hasher& h, const T& v);

struct HashVisitor {
  Hasher* h;
  template <class T>
  HashVisitor& operator()(const char*, const T& v, int64_t = 0, int64_t = 0) {
    hash_value(*h, v);
    return *this;
  }
  template <class... T>
  HashVisitor& group(const char*, const T&... v) {
    (hash_value(*h, v), ...);
    return *this;
  }
};

template <class T>
void hash_value(Hasher& h, const T& v) {
  if constexpr (HasFields<T>) {
    HashVisitor hv{&h};
    T::field_list(v, hv);
  } else if constexpr (std::is_same_v<T, std::string>) {
    h.add(std::string_view(v));
  } else if constexpr (std::is_enum_v<T>) {
    hash_value(h, static_cast<std::underlying_type_t<T>>(v));
  } else if constexpr (std::is_integral_v<T>) {
    if constexpr (std::is_signed_v<T>)
      h.add_signed(v);
    else
      h.add(static_cast<uint64_t>(v));
  } else if constexpr (is_pair<T>::value) {
    hash_value(h, v.first);
    hash_value(h, v.second);
  } else if constexpr (is_per_seat<T>::value || is_std_array<T>::value) {
    for (const auto& x : v) hash_value(h, x);
  } else {
    static_assert(is_vector<T>::value, "a type without a field codec");
    h.add(static_cast<uint64_t>(v.size()));
    for (const auto& x : v) hash_value(h, static_cast<const typename T::value_type&>(x));
  }
}

}  // namespace fields_detail

// The JSON form of `v` (an object, or an array for a type with kFieldsAsArray).
template <class T>
nlohmann::json fields_to_json(const T& v) {
  return fields_detail::encode(v);
}

// Loads `v` from `j`; throws std::runtime_error naming the place of the first problem.
template <class T>
void fields_from_json(const nlohmann::json& j, T& v) {
  fields_detail::decode(j, v, "$");
}

// Appends the text nlohmann's dump() writes for fields_to_json(v), without building the tree
// (object members in key order, no blanks).
template <class T>
void fields_json_text(const T& v, std::string& out) {
  fields_detail::write_text(v, out);
}

// Adds every field of `v` to `h`, in list order.
template <class T>
Hasher& fields_hash(Hasher& h, const T& v) {
  fields_detail::hash_value(h, v);
  return h;
}

}  // namespace feldherr
