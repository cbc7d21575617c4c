#include "engine/session.h"

#include <charconv>

#include "engine/errors.h"

namespace feldherr {

Session::Session(std::shared_ptr<const Game> game)
    : game_(std::move(game)), state_(game_->new_initial_state()) {}

std::string Session::act(const Action& action, EventList* events) {
  int seat = state_->current_seat();
  if (seat == kNobody) return "the game is over";
  if (std::string why = state_->why_illegal(action); !why.empty()) return why;
  push(action, seat, state_->describe(action), events);
  return "";
}

void Session::act_legal(const Action& action, std::string text, EventList* events) {
  push(action, state_->current_seat(), std::move(text), events);
}

std::string Session::act_text(std::string_view text, EventList* events) {
  // A number picks from the legal action list (1-based), as shown to a human.
  int number = 0;
  auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), number);
  if (ec == std::errc() && ptr == text.data() + text.size()) {
    ActionList legal = state_->legal_actions();
    if (number < 1 || number > static_cast<int>(legal.size()))
      return "no action numbered " + std::string(text) + " (1.." + std::to_string(legal.size()) +
             ")";
    return act(legal[static_cast<size_t>(number - 1)], events);
  }
  Action action;
  std::string error;
  if (!state_->parse(text, action, error)) return error;
  return act(action, events);
}

void Session::roll(Rng& rng, EventList* events) {
  Action outcome = state_->sample_chance(rng);
  push(outcome, kChance, state_->describe(outcome), events);
}

void Session::push(const Action& action, int seat, std::string text, EventList* events) {
  // Undo policy (docs/architecture.md "Undo belongs to the rules"): chance and reveals close the
  // window; so does a new seat.
  bool closes = seat == kChance || state_->reveals_information(action);
  if (seat != undo_seat_) {
    undo_stack_.clear();
    undo_seat_ = seat;
  }
  if (!closes) undo_stack_.push_back(state_->clone());
  std::string shown = viewer_ == kNobody ? text : state_->describe_for(action, viewer_);
  Text label;
  if (label_) {
    const ActionInfo info = state_->action_info(action, viewer_);
    label = {info.label_en, info.label_de};
  }
  // An answer in a reaction window (its decision has a decline) or an ending hands over.
  const bool hands_over =
      seat != kChance &&
      ((!game_->verbs().empty() && state_->action_role(action, seat) == VerbRole::kDecline) ||
       state_->decision().decline.has_value());
  state_->apply(action, events);
  if (closes || state_->current_seat() != seat) undo_stack_.clear();
  history_.push_back(
      {seat, action, std::move(text), std::move(shown), std::move(label), hands_over});
  if (writer_) {
    int n = static_cast<int>(history_.size());
    std::string seat_name = seat >= 0 ? game_->seats()[static_cast<size_t>(seat)] : "chance";
    writer_->action(n, seat_name, history_.back().text, action.id());
    if (n % kHashEvery == 0) writer_->hash(n, state_->hash());
    if (state_->is_terminal()) writer_->result(n, state_->result(), state_->hash());
  }
}

int Session::last_actor() const {
  for (auto it = history_.rbegin(); it != history_.rend(); ++it)
    if (it->seat != kChance) return it->hands_over ? kNobody : it->seat;
  return kNobody;
}

bool Session::undo() {
  if (undo_stack_.empty()) return false;
  state_ = std::move(undo_stack_.back());
  undo_stack_.pop_back();
  history_.pop_back();
  if (writer_) writer_->undo(static_cast<int>(history_.size()) + 1);
  return true;
}

void Session::append_to(const std::string& path) {
  writer_.emplace(path, ReplayWriter::Append{});
}

void Session::record_to(const std::string& path, uint64_t seed,
                        const std::vector<std::string>& players) {
  writer_.emplace(path, *game_, seed, players);
  // Actions taken before recording started are written too, so the log is complete.
  for (size_t i = 0; i < history_.size(); ++i) {
    const auto& h = history_[i];
    std::string seat_name = h.seat >= 0 ? game_->seats()[static_cast<size_t>(h.seat)] : "chance";
    writer_->action(static_cast<int>(i + 1), seat_name, h.text, h.action.id());
  }
}

}  // namespace feldherr
