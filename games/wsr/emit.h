// Event and refusal helpers of the WSR rules files (include it last, after the other headers:
// it defines the macros Emit and Fail).
//
// Emit(ev, rule, text[, seat]) appends an Event when events are collected; Fail(why, text)
// stores the reason of a refusal when the caller asks why and returns false. The text is a Text
// (engine/text.h): the English and the German side by side, Text{en, de}. perf: both are
// macros that skip building the text (the arguments are not evaluated) when `ev` / `why` is
// null, which is what search and random play pass; so no argument of an Emit or Fail may change
// the state (every call in games/wsr/ builds text only).
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "engine/game.h"

namespace feldherr::wsr::detail {

inline void EmitEvent(EventList* ev, const char* rule, Text text, int seat = kNobody) {
  ev->push_back(Event::said(rule, std::move(text), seat));
}

inline bool FailWith(Text* why, Text text) {
  *why = std::move(text);
  return false;
}

}  // namespace feldherr::wsr::detail

namespace feldherr::wsr {

// The faces of a roll in a text: "3, 5, 6", or "none".
inline std::string DiceText(const std::vector<int>& dice) {
  std::string s;
  for (int d : dice) s += (s.empty() ? "" : ", ") + std::to_string(d);
  return s.empty() ? "none" : s;
}

// The faces in a German text: "3, 5, 6", or "keine".
inline std::string DiceTextDe(const std::vector<int>& dice) {
  const std::string s = DiceText(dice);
  return dice.empty() ? "keine" : s;
}

// "1 die", "3 dice": a number of dice in a text.
inline std::string DiceCount(int n) {
  return std::to_string(n) + (n == 1 ? " die" : " dice");
}

// "1 Würfel", "3 Würfel": a number of dice in a German text.
inline std::string DiceCountDe(int n) {
  return std::to_string(n) + " Würfel";
}

// "mit 1 Würfel", "mit 3 Würfeln": a number of dice after "mit" in a German text.
inline std::string MitWuerfelnDe(int n) {
  return "mit " + std::to_string(n) + (n == 1 ? " Würfel" : " Würfeln");
}

// "1 hex", "4 hexes", "1 hit": a number of things in a text, `one` for 1, else `many`.
inline std::string CountOf(int n, const char* one, const char* many) {
  return std::to_string(n) + " " + (n == 1 ? one : many);
}

}  // namespace feldherr::wsr

#define Emit(ev, ...) ((ev) ? ::feldherr::wsr::detail::EmitEvent(ev, __VA_ARGS__) : void())
#define Fail(why, ...) ((why) ? ::feldherr::wsr::detail::FailWith(why, __VA_ARGS__) : false)
