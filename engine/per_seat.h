// One value per seat of a two-sided game, indexed by the seat number: seats are ints everywhere
// in the engine, and a std::array indexed by an int is a sign conversion at every use.
#pragma once

#include <array>
#include <concepts>
#include <cstddef>
#include <nlohmann/json.hpp>

namespace feldherr {

template <class T>
struct PerSeat {
  std::array<T, 2> v{};

  // Any integer: a seat number (int) or an index (size_t).
  template <std::integral I>
  T& operator[](I seat) {
    return v[static_cast<size_t>(seat)];
  }
  template <std::integral I>
  const T& operator[](I seat) const {
    return v[static_cast<size_t>(seat)];
  }
  auto begin() { return v.begin(); }
  auto end() { return v.end(); }
  auto begin() const { return v.begin(); }
  auto end() const { return v.end(); }
  static constexpr size_t size() { return 2; }
  friend bool operator==(const PerSeat&, const PerSeat&) = default;
};

// As a JSON array of two values.
template <class T>
void to_json(nlohmann::json& j, const PerSeat<T>& p) {
  j = p.v;
}
template <class T>
void from_json(const nlohmann::json& j, PerSeat<T>& p) {
  j.get_to(p.v);
}

}  // namespace feldherr
