#include "tests/engine/toy_game.h"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <nlohmann/json.hpp>
#include <sstream>
#include <stdexcept>
#include <vector>

#include "engine/fields.h"
#include "engine/hash.h"
#include "engine/verbs.h"

namespace feldherr::toy {

namespace {

constexpr std::array<const char*, kNumBugs> kBugNames = {"none",
                                                         "clone-drops-field",
                                                         "hash-ignores-field",
                                                         "hash-unstable",
                                                         "json-drops-field",
                                                         "observe-leaks-card",
                                                         "duplicate-action",
                                                         "parse-mismatch",
                                                         "dead-end",
                                                         "runaway",
                                                         "bad-probabilities",
                                                         "json-loads-wrong-turn",
                                                         "prompt-names-card",
                                                         "deal-text-shows-card",
                                                         "press-shows-card",
                                                         "deal-rule-shows-card"};

const char* phase_name(DiceRaceState::Phase p) {
  switch (p) {
    case DiceRaceState::kDealing:
      return "dealing";
    case DiceRaceState::kTurn:
      return "turn";
    case DiceRaceState::kRolling:
      return "rolling";
    case DiceRaceState::kOver:
      return "over";
  }
  return "?";
}

// Row i is verb i (enum Verb).
using enum VerbRole;
constexpr VerbSpec kVerbs[] = {
    {"deal", "number", kOther, "Deal a card of {1}", "Karte {1} geben", "Deal", "Geben"},
    {"dice", "number", kOther, "Roll {1} d6", "{1} W6 werfen", "Roll dice", "Würfeln"},
    {"press", "", kOther, "Press (double score, a 1 scores nothing)",
     "Pressen (doppelte Punkte, eine 1 zählt nichts)", "Press", "Drücken"},
    {"reveal", "", kOther, "Reveal the card", "Karte aufdecken", "Reveal", "Aufdecken"},
    {"pass", "", kDecline, "Pass", "Passen", "Pass", "Passen"},
    {"roll", "number number?", kOther, "Roll: {1}[ and {2}]", "Wurf: {1}[ und {2}]", "Dice",
     "Würfe"},
};

bool small_int(std::string_view s, int lo, int hi, int& out) {
  auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
  return ec == std::errc() && ptr == s.data() + s.size() && out >= lo && out <= hi;
}

std::string validate_target(std::string_view v) {
  int t = 0;
  return small_int(v, 1, 500, t) ? "" : "the target must be a whole number from 1 to 500";
}
std::string validate_bug(std::string_view v) {
  Bug b;
  return bug_from_name(v, b) ? "" : "unknown bug name";
}

}  // namespace

const char* bug_name(Bug bug) {
  return kBugNames[static_cast<size_t>(bug)];
}

bool bug_from_name(std::string_view name, Bug& out) {
  for (int i = 0; i < kNumBugs; ++i) {
    if (name == kBugNames[static_cast<size_t>(i)]) {
      out = static_cast<Bug>(i);
      return true;
    }
  }
  return false;
}

// ---------------------------------------------------------------------------------------------
// DiceRaceState

DiceRaceState::DiceRaceState(const DiceRaceGame& game) : game_(&game) {}

const Game& DiceRaceState::game() const {
  return *game_;
}

const std::string& DiceRaceState::seat_name(int seat) const {
  return game_->seats()[static_cast<size_t>(seat)];
}

int DiceRaceState::current_seat() const {
  switch (phase_) {
    case kDealing:
    case kRolling:
      return kChance;
    case kTurn:
      return turn_;
    case kOver:
      return kNobody;
  }
  return kNobody;
}

Decision DiceRaceState::decision() const {
  switch (phase_) {
    case kDealing:
      return {kChance, "deal",
              fmt::format("Deal {}'s hidden card (DR §1)", seat_name(card_[0] == 0 ? 0 : 1)),
              std::nullopt};
    case kRolling:
      return {kChance, "roll", fmt::format("Roll {} d6 for {} (DR §3)", dice_, seat_name(turn_)),
              std::nullopt};
    case kTurn:
      return {turn_, "turn",
              fmt::format("{}: roll 1 or 2 dice, press, reveal or pass (DR §2)", seat_name(turn_)),
              std::nullopt};
    case kOver:
      break;
  }
  return {kNobody, "over", "The game is over (DR §5)", std::nullopt};
}

// The prompt names no card; the planted bug tells every viewer the card of the seat to move.
Decision DiceRaceState::decision_for(int viewer) const {
  Decision d = decision();
  if (game_->bug() == Bug::kPromptNamesCard && phase_ == kTurn)
    d.prompt +=
        fmt::format(" ({} holds a {})", seat_name(turn_), card_[static_cast<size_t>(turn_)]);
  (void)viewer;
  return d;
}

void DiceRaceState::legal_actions(ActionList& out) const {
  out.clear();
  switch (phase_) {
    case kDealing:
    case kRolling:
      for (const auto& o : chance_outcomes()) out.push_back(o.action);
      return;
    case kOver:
      return;
    case kTurn:
      break;
  }
  if (game_->bug() == Bug::kDeadEnd && rolls_ == 2) return;
  out.push_back(Action(kDice, {1}));
  out.push_back(Action(kDice, {2}));
  if (rolls_ == 0 && !pressed_) out.push_back(Action(kPress, {}));
  if (!revealed_[static_cast<size_t>(turn_)]) out.push_back(Action(kReveal, {}));
  out.push_back(Action(kPass, {}));
  if (game_->bug() == Bug::kDuplicateAction) out.push_back(Action(kPass, {}));
}

std::vector<ChanceOutcome> DiceRaceState::chance_outcomes() const {
  std::vector<ChanceOutcome> out;
  if (phase_ == kDealing) {
    for (int v = 1; v <= 6; ++v) out.push_back({Action(kDeal, {v}), 1.0 / 6});
  } else if (phase_ == kRolling && dice_ == 1) {
    for (int v = 1; v <= 6; ++v) out.push_back({Action(kRoll, {v}), 1.0 / 6});
  } else if (phase_ == kRolling) {
    // Two dice as an unordered pair (a <= b): doubles 1/36, others 2/36.
    for (int a = 1; a <= 6; ++a) {
      for (int b = a; b <= 6; ++b) {
        double p = game_->bug() == Bug::kBadProbabilities ? 1.0 / 36 : (a == b ? 1.0 : 2.0) / 36;
        out.push_back({Action(kRoll, {a, b}), p});
      }
    }
  }
  return out;
}

Action DiceRaceState::sample_chance(Rng& rng) const {
  // Same distribution as chance_outcomes(), without building the list.
  if (phase_ == kDealing) return Action(kDeal, {rng.d6()});
  if (dice_ == 1) return Action(kRoll, {rng.d6()});
  int a = rng.d6(), b = rng.d6();
  return Action(kRoll, {std::min(a, b), std::max(a, b)});
}

void DiceRaceState::end_turn() {
  turn_ = 1 - turn_;
  pressed_ = false;
  rolls_ = 0;
  ++turns_;
  phase_ = kTurn;
  if (turns_ >= kTurnLimit && game_->bug() != Bug::kRunaway) {
    phase_ = kOver;  // DR §5: after 100 turns the higher position wins
    winner_ = pos_[0] > pos_[1] ? 0 : pos_[1] > pos_[0] ? 1 : 2;
  }
}

void DiceRaceState::check_target(int seat, EventList* events) {
  if (pos_[static_cast<size_t>(seat)] < game_->target()) return;
  phase_ = kOver;
  winner_ = seat;
  if (events != nullptr)
    events->push_back({"DR §5",
                       fmt::format("{} reaches {} and wins.", seat_name(seat), game_->target()),
                       seat, std::nullopt});
}

void DiceRaceState::apply(const Action& action, EventList* events) {
  ++moves_;
  size_t t = static_cast<size_t>(turn_);
  switch (action.verb) {
    case kDeal: {
      int who = card_[0] == 0 ? 0 : 1;
      card_[static_cast<size_t>(who)] = action.arg(0);
      if (events != nullptr)
        events->push_back(
            {game_->bug() == Bug::kDealRuleShowsCard ? fmt::format("DR §1 (card {})", action.arg(0))
                                                     : "DR §1",
             fmt::format("{} is dealt a hidden card.", seat_name(who)), who, std::nullopt});
      if (who == 1) phase_ = kTurn;
      return;
    }
    case kDice:
      dice_ = action.arg(0);
      phase_ = kRolling;
      return;
    case kPress:
      pressed_ = true;
      if (events != nullptr)
        events->push_back(
            {"DR §2", fmt::format("{} presses: rolls score double this turn.", seat_name(turn_)),
             turn_, std::nullopt});
      if (game_->bug() == Bug::kPressShowsCard && card_[t] == 6) end_turn();
      return;
    case kReveal:
      revealed_[t] = true;
      pos_[t] += card_[t];
      if (events != nullptr)
        events->push_back({"DR §4",
                           fmt::format("{} reveals a {} and advances to {}.", seat_name(turn_),
                                       card_[t], pos_[t]),
                           turn_, std::nullopt});
      check_target(turn_, events);
      return;
    case kPass:
      if (events != nullptr)
        events->push_back(
            {"DR §2", fmt::format("{} passes.", seat_name(turn_)), turn_, std::nullopt});
      end_turn();
      return;
    case kRoll: {
      int total = 0;
      bool one = false;
      for (int i = 0; i < action.argc; ++i) {
        total += action.arg(i);
        one = one || action.arg(i) == 1;
      }
      // DR §2: a pressed roll scores double, or nothing if it shows a 1.
      int score = pressed_ ? (one ? 0 : 2 * total) : total;
      if (game_->bug() == Bug::kRunaway) score = 0;
      pos_[t] += score;
      ++rolls_;
      phase_ = kTurn;
      if (events != nullptr)
        events->push_back({"DR §3",
                           fmt::format("{} rolls {} and scores {}: now at {}.", seat_name(turn_),
                                       describe(action).substr(5), score, pos_[t]),
                           turn_, std::nullopt});
      check_target(turn_, events);
      if (phase_ != kOver && rolls_ >= kMaxRollsPerTurn) end_turn();  // DR §3
      return;
    }
    default:
      return;
  }
}

std::string DiceRaceState::why_illegal(const Action& action) const {
  if (phase_ == kOver) return "DR §5: the game is over";
  ActionList legal;
  legal_actions(legal);
  if (std::find(legal.begin(), legal.end(), action) != legal.end()) return "";
  bool chance_verb = action.verb == kDeal || action.verb == kRoll;
  if (phase_ != kTurn) {
    if (!chance_verb)
      return fmt::format("DR §{}: Chance owes the {}, no seat may act now",
                         phase_ == kDealing ? 1 : 3, phase_ == kDealing ? "deal" : "roll");
    return phase_ == kDealing ? "DR §1: a card is worth 1 to 6"
                              : fmt::format(
                                    "DR §3: the roll must show {} dice of 1 to 6, in "
                                    "increasing order",
                                    dice_);
  }
  if (chance_verb) return "DR §3: dice and cards come from Chance, not from a seat";
  switch (action.verb) {
    case kDice:
      return "DR §2: roll 1 or 2 dice";
    case kPress:
      return pressed_ ? "DR §2: already pressed this turn"
                      : "DR §2: press only before the first roll of the turn";
    case kReveal:
      return fmt::format("DR §4: {}'s card is already revealed", seat_name(turn_));
    case kPass:
      return "DR §2: pass takes no argument";
    default:
      return "DR §2: unknown verb";
  }
}

Result DiceRaceState::result() const {
  Result r;
  r.returns = {0.0, 0.0};
  if (winner_ == 0 || winner_ == 1) {
    r.returns[static_cast<size_t>(winner_)] = 1.0;
    r.returns[static_cast<size_t>(1 - winner_)] = -1.0;
    r.summary = seat_name(winner_) + " wins";
    r.reason = turns_ >= kTurnLimit && pos_[static_cast<size_t>(winner_)] < game_->target()
                   ? fmt::format("higher position after {} turns (DR §5)", kTurnLimit)
                   : fmt::format("{} reached {} (DR §5)", seat_name(winner_), game_->target());
  } else {
    r.summary = "draw";
    r.reason = fmt::format("equal positions after {} turns (DR §5)", kTurnLimit);
  }
  return r;
}

std::unique_ptr<State> DiceRaceState::clone() const {
  auto c = std::make_unique<DiceRaceState>(*this);
  if (game_->bug() == Bug::kCloneDropsField) c->pressed_ = false;
  return c;
}

std::string DiceRaceState::describe(const Action& action) const {
  return describe_by_table(kVerbs, action);
}

// DR §1: the card dealt is seen only by the seat it is dealt to.
std::string DiceRaceState::describe_for(const Action& action, int viewer) const {
  const int who = card_[0] == 0 ? 0 : 1;
  if (action.verb == kDeal && viewer != who && viewer != kNobody &&
      game_->bug() != Bug::kDealTextShowsCard)
    return "deal (hidden)";
  return describe(action);
}

// The toy game's reasons are English only, like its other texts (also those of the engine's
// table reader, which come in both languages).
bool DiceRaceState::parse_text(std::string_view text, Action& out, Text& error) const {
  if (!parse_by_table(kVerbs, text, out, error)) {
    error.de.clear();
    return false;
  }
  const auto face = [&](int i) { return out.arg(i) >= 1 && out.arg(i) <= 6; };
  if (out.verb == kDice && (out.arg(0) < 1 || out.arg(0) > 2))
    error = {"dice: roll 1 or 2 dice (DR §2)", ""};
  if (out.verb == kDeal && !face(0)) error = {"deal: a card is worth 1 to 6 (DR §1)", ""};
  if (out.verb == kRoll && (!face(0) || (out.argc == 2 && !face(1))))
    error = {"roll: dice show 1 to 6 (DR §3)", ""};
  if (!error.en.empty()) return false;
  // Two dice are an unordered pair: "roll 5 2" is read as "roll 2 5".
  if (out.verb == kRoll && out.argc == 2 && out.arg(0) > out.arg(1))
    out = Action(kRoll, {out.arg(1), out.arg(0)});
  if (game_->bug() == Bug::kParseMismatch && out.verb == kDice) out = Action(kDice, {1});
  return true;
}

bool DiceRaceState::reveals_information(const Action& action) const {
  return action.verb == kReveal;  // DR §4
}

json DiceRaceState::observe(int seat) const {
  json cards = json::array();
  for (int i = 0; i < 2; ++i) {
    size_t s = static_cast<size_t>(i);
    if (card_[s] == 0)
      cards.push_back(nullptr);
    else if (i == seat || revealed_[s] || game_->bug() == Bug::kObserveLeaksCard)
      cards.push_back(card_[s]);
    else
      cards.push_back("hidden");
  }
  return {{"seat", seat},          {"pos", pos_},         {"cards", cards},
          {"revealed", revealed_}, {"turn", turn_},       {"phase", phase_name(phase_)},
          {"dice", dice_},         {"pressed", pressed_}, {"rolls", rolls_},
          {"turns", turns_},       {"moves", moves_},     {"winner", winner_}};
}

std::unique_ptr<State> DiceRaceState::determinize(int seat, Rng& rng) const {
  auto d = std::make_unique<DiceRaceState>(*this);
  for (size_t i = 0; i < 2; ++i)
    if (static_cast<int>(i) != seat && card_[i] != 0 && !revealed_[i]) d->card_[i] = rng.d6();
  return d;
}

json DiceRaceState::to_json() const {
  json j = fields_to_json(*this);
  if (game_->bug() == Bug::kJsonDropsField) j.erase("rolls");
  return j;
}

uint64_t DiceRaceState::hash() const {
  Hasher h;
  if (game_->bug() == Bug::kHashIgnoresField) {
    DiceRaceState blind = *this;
    blind.card_ = {};
    fields_hash(h, blind);
  } else {
    fields_hash(h, *this);
  }
  if (game_->bug() == Bug::kHashUnstable) h.add(++hash_calls_);
  return h.value();
}

std::string DiceRaceState::render_text(int seat) const {
  std::ostringstream o;
  for (int i = 0; i < 2; ++i) {
    size_t s = static_cast<size_t>(i);
    std::string card = card_[s] == 0                 ? "-"
                       : (i == seat || revealed_[s]) ? std::to_string(card_[s])
                                                     : "?";
    o << fmt::format("{:<5} {:>3}/{} card {}{}\n", seat_name(i), pos_[s], game_->target(), card,
                     i == turn_ && phase_ != kOver ? "  <- to move" : "");
  }
  if (pressed_) o << "pressed\n";
  return o.str();
}

// ---------------------------------------------------------------------------------------------
// DiceRaceGame

DiceRaceGame::DiceRaceGame(int target, Bug bug)
    : target_(target),
      bug_(bug),
      options_{{"target", std::to_string(target)}, {"bug", bug_name(bug)}} {}

VerbTable DiceRaceGame::verbs() const {
  return kVerbs;
}

std::unique_ptr<State> DiceRaceGame::new_initial_state() const {
  return std::make_unique<DiceRaceState>(*this);
}

std::unique_ptr<State> DiceRaceGame::state_from_json(const json& j) const {
  auto s = std::make_unique<DiceRaceState>(*this);
  // A missing `rolls` reads as 0, so that the planted json-drops-field bug shows as a changed
  // hash, which the battery must report, rather than as a load failure.
  if (j.is_object() && !j.contains("rolls")) {
    json k = j;
    k["rolls"] = 0;
    fields_from_json(k, *s);
  } else {
    fields_from_json(j, *s);
  }
  if (bug_ == Bug::kJsonLoadsWrongTurn) s->turn_ = 1 - s->turn_;
  return s;
}

std::shared_ptr<const DiceRaceGame> make_dice_race(int target, Bug bug) {
  return std::make_shared<const DiceRaceGame>(target, bug);
}

void apply_all(State& state, std::initializer_list<std::string_view> texts) {
  for (std::string_view text : texts) {
    Action a;
    std::string error;
    if (!state.parse(text, a, error))
      throw std::logic_error(fmt::format("cannot parse '{}': {}", text, error));
    if (std::string why = state.why_illegal(a); !why.empty())
      throw std::logic_error(fmt::format("illegal '{}': {}", text, why));
    state.apply(a);
  }
}

GameModule dice_race_module() {
  GameModule m;
  m.id = "dice-race";
  m.title = "Dice Race (engine test fixture)";
  m.scenarios = {{"race", "Race to the target"}};
  m.options = {
      {"target", "20", "position that wins (1..500)", &validate_target},
      {"bug", "none", "deliberate bug for testing the conformance battery", &validate_bug}};
  m.create = [](std::string_view, const Options& options) -> std::shared_ptr<const Game> {
    int target = 20;
    Bug bug = Bug::kNone;
    for (const auto& [k, v] : options) {
      if (k == "target") small_int(v, 1, 500, target);
      if (k == "bug") bug_from_name(v, bug);
    }
    return make_dice_race(target, bug);
  };
  m.invariant = [](const State& s) -> std::string {
    const auto& d = dynamic_cast<const DiceRaceState&>(s);
    if (d.rolls() >= kMaxRollsPerTurn && !d.is_terminal()) return "DR §3: more than 3 rolls";
    for (int i = 0; i < 2; ++i)
      if (d.position(i) < 0) return "position below 0";
    return "";
  };
  return m;
}

}  // namespace feldherr::toy
