#include "engine/game.h"

#include <algorithm>
#include <nlohmann/json.hpp>

namespace feldherr {

Action State::sample_chance(Rng& rng) const {
  auto outcomes = chance_outcomes();
  double r = rng.unit();
  double acc = 0.0;
  for (const auto& o : outcomes) {
    acc += o.probability;
    if (r < acc) return o.action;
  }
  return outcomes.back().action;  // rounding: the last outcome absorbs the remainder
}

ActionInfo State::action_info(const Action& action, int viewer) const {
  return read_owned_action(game().verbs(), describe_for(action, viewer),
                           [this](ArgKind kind, std::string_view word, Lang lang) {
                             return arg_name(kind, word, lang);
                           });
}

VerbRole State::action_role(const Action& action, int viewer) const {
  return read_role(game().verbs(), describe_for(action, viewer));
}

void State::append_observation(int seat, std::string& out) const {
  out += observe(seat).dump();
}

std::string State::why_illegal(const Action& action) const {
  if (is_terminal()) return "the game is over";
  ActionList legal;
  legal_actions(legal);
  if (std::find(legal.begin(), legal.end(), action) != legal.end()) return "";
  return "not a legal action now (" + decision().prompt + ")";
}

bool State::parse(std::string_view text, Action& out, std::string& error) const {
  Text reason;
  const bool ok = parse_text(text, out, reason);
  error = std::move(reason.en);
  return ok;
}

Text Game::side_name(int seat) const {
  const std::string& id = seats().at(static_cast<size_t>(seat));
  return {id, id};
}

// Side names match without regard to ASCII case ("P1" is p1, "US" is us): the issues and the
// rulebooks write them either way, and no game has two sides differing only in case.
int Game::seat_index(std::string_view side) const {
  const auto lower = [](char c) {
    return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
  };
  const auto& s = seats();
  for (size_t i = 0; i < s.size(); ++i) {
    if (s[i].size() != side.size()) continue;
    bool same = true;
    for (size_t k = 0; k < side.size() && same; ++k) same = lower(s[i][k]) == lower(side[k]);
    if (same) return static_cast<int>(i);
  }
  return -1;
}

}  // namespace feldherr
