// The procedure steps of White Star Rising in one table (engine/steps.h): for each kind of step,
// the kind of decision it is, who decides it, and how Chance decides it when no seat does.
// current_seat, decision, legal_actions, chance_outcomes, sample_chance and why_illegal read the
// row of the step on top of WsrState::steps; a new step kind is a row here and its own prompt,
// actions and effect where its rule lives.

#include "games/wsr/state.h"

namespace feldherr::wsr {

namespace {

using S = StepSeat;
using D = StepDice;

// Indexed by StepKind.
constexpr StepSpec kSteps[] = {
    {"draw", S::kChance, D::kDraw},            // kStepDraw (WSR 3.1)
    {"roll", S::kChance, D::kTwoDice},         // kStepCommand (WSR 4.2)
    {"roll", S::kChance, D::kTwoDice},         // kStepReorg (WSR 4.3)
    {"operations", S::kSide, D::kNone},        // kStepOperations (WSR 4.4)
    {"move", S::kSide, D::kNone},              // kStepMove (WSR 5.0-5.2)
    {"opfire", S::kOpponent, D::kNone},        // kStepHexEntered (WSR 6.2)
    {"place-hq", S::kSide, D::kNone},          // kStepPlaceHq (WSR 1.3.2.3)
    {"roll", S::kChance, D::kFireDice},        // kStepFireAttack (WSR 6.1)
    {"roll", S::kChance, D::kFireDice},        // kStepFireDefence (WSR 6.1)
    {"roll", S::kChance, D::kFireDice},        // kStepMortarAttack (WSR 6.1)
    {"roll", S::kChance, D::kFireDice},        // kStepMortarDefence (WSR 6.1)
    {"odd-hit", S::kChance, D::kFireDice},     // kStepMortarOdd (WSR 6.1)
    {"roll", S::kChance, D::kFireDice},        // kStepHqLoss (WSR 6.1.5)
    {"fate", S::kSeatA, D::kNone},             // kStepFate (WSR 10.0)
    {"setup", S::kSeatA, D::kNone},            // kStepSetup (WSR 2.0)
    {"assault", S::kSide, D::kNone},           // kStepAssault (WSR 6.3, 6.4)
    {"support", S::kSeatA, D::kNone},          // kStepAssaultSupport (WSR 6.3 step 1)
    {"roll", S::kChance, D::kFireDice},        // kStepAssaultRoll (WSR 6.3 steps 2-3)
    {"odd-hit", S::kChance, D::kFireDice},     // kStepAssaultOdd (WSR 6.3 step 4)
    {"retreat", S::kDefender, D::kNone},       // kStepRetreat (WSR 6.3 step 7)
    {"mine", S::kOpponent, D::kNone},          // kStepPlaceMine (WSR 8.2.1)
    {"roll", S::kChance, D::kFireDice},        // kStepMineAttack (WSR 8.2.1)
    {"odd-hit", S::kChance, D::kFireDice},     // kStepMineOdd (WSR 8.2.1)
    {"roll", S::kChance, D::kFireDice},        // kStepMineClear (WSR 8.2.2)
    {"roll", S::kChance, D::kFireDice},        // kStepEntryRoll (scenario B1)
    {"first-activation", S::kSide, D::kNone},  // kStepFirstActivation (scenario rules)
    {"roll", S::kChance, D::kTwoDice},         // kStepChaosRoll (WSR 9.0)
    {"chaos-pick", S::kOpponent, D::kNone},    // kStepChaosPick (WSR 9.0)
    {"roll", S::kChance, D::kFireDice},        // kStepMortarAccuracy (WSR 6.1, A-08)
    {"roll", S::kChance, D::kFireDice},        // kStepArtyAccuracy (WSR 11.2)
    {"barrage", S::kSide, D::kNone},           // kStepBarrage (WSR 11.2.1; advance() drives it)
    {"roll", S::kChance, D::kFireDice},        // kStepArtyAttack (WSR 11.2.1 step 2)
    {"roll", S::kChance, D::kFireDice},        // kStepArtyDefence (WSR 11.2.1 step 3)
    {"odd-hit", S::kChance, D::kFireDice},     // kStepArtyOdd (WSR 11.2.1 step 4)
    {"air-target", S::kSeatA, D::kNone},       // kStepAirTarget (WSR 11.3.1 step 1)
    {"flak", S::kSeatA, D::kNone},             // kStepAirFlak (WSR 11.3.1 step 2)
    {"roll", S::kChance, D::kFireDice},        // kStepAirFlakAttack (WSR 11.3.1 step 2)
    {"roll", S::kChance, D::kFireDice},        // kStepAirArmor (WSR 11.3.1 step 3)
    {"roll", S::kChance, D::kFireDice},        // kStepAirAbort (WSR 11.3.1 step 4)
    {"roll", S::kChance, D::kFireDice},        // kStepAirAccuracy (WSR 11.3.2 step 1)
    {"air-drift", S::kSeatA, D::kNone},        // kStepAirDrift (WSR 11.3.2 step 1)
    {"roll", S::kChance, D::kFireDice},        // kStepAirAttack (WSR 11.3.2 step 2)
    {"roll", S::kChance, D::kFireDice},        // kStepAirDefence (WSR 11.3.2 step 3)
    {"odd-hit", S::kChance, D::kFireDice},     // kStepAirOdd (WSR 11.3.2 step 4)
    {"roll", S::kChance, D::kFireDice},        // kStepAirStatus (WSR 11.3.2 step 5)
    {"place-sw", S::kSide, D::kNone},          // kStepSwPlace (WSR 11.4)
    {"roll", S::kChance, D::kFireDice},        // kStepSwLossRoll (WSR 11.4)
    {"sw-loss", S::kSeatA, D::kNone},          // kStepSwLossPick (WSR 11.4)
    {"roll", S::kChance, D::kFireDice},        // kStepBridgeRoll (A4 blow-the-bridge)
    {"roll", S::kChance, D::kFireDice},        // kStepDdRoll (A7 dd-tanks)
    {"designate", S::kSeatA, D::kNone},        // kStepDesignate (A5 designated marker)
    {"pre-strike", S::kSeatA, D::kNone},       // kStepPreStrike (A7 pre-game-strike)
    {"place", S::kSide, D::kNone},             // kStepLand (A7 place-on-activation)
};
static_assert(one_row_per_kind(kSteps, kNumStepKinds), "one row per StepKind");
static_assert(chance_decides_iff_chance_rolls(kSteps),
              "a step is Chance's exactly when Chance rolls for it");
static_assert(every_row_names_its_decision(kSteps), "every step names its decision kind");

// The markers in the cup a draw picks from: formation, end-turn and chaos markers, aircraft and
// designated markers (WSR 3.1, 9.0, 11.3, A5).
int markers_in_cup(const WsrState& s) {
  return s.cup_formation_markers() + s.cup_end_turn + s.chaos_cup + s.air_in_cup() +
         s.designated_cup;
}

}  // namespace

const StepSpec& step_spec(int kind) {
  return kSteps[static_cast<size_t>(kind)];
}

int WsrState::current_seat() const {
  if (phase == kOver) return kNobody;
  if (steps.empty()) return kNobody;  // not reached: advance() always leaves a step
  const Step& t = top();
  switch (step_spec(t.kind).seat) {
    case S::kChance:
      return kChance;
    case S::kSide:
      return t.f >= 0 ? game_->formation(t.f).side : kNobody;
    case S::kOpponent:
      return 1 - game_->formation(t.f).side;
    case S::kSeatA:
      return t.a;
    case S::kDefender:
      return 1 - assault.side;
  }
  return kNobody;
}

bool WsrState::fire_chance() const {
  return !steps.empty() && step_spec(top().kind).dice == D::kFireDice;
}

std::vector<ChanceOutcome> WsrState::chance_outcomes() const {
  std::vector<ChanceOutcome> out;
  if (phase == kOver || steps.empty()) return out;
  switch (step_spec(top().kind).dice) {
    case D::kDraw: {
      const int total = markers_in_cup(*this);
      for (int f = 0; f < game_->num_formations(); ++f)
        if (cup[static_cast<size_t>(f)] > 0)
          out.push_back(
              {Action(kDraw, {f}), static_cast<double>(cup[static_cast<size_t>(f)]) / total});
      if (cup_end_turn > 0)
        out.push_back({Action(kDraw, {kEndTurnMarker}), static_cast<double>(cup_end_turn) / total});
      if (chaos_cup > 0)
        out.push_back({Action(kDraw, {kChaosMarker}), static_cast<double>(chaos_cup) / total});
      for (size_t k = 0; k < game_->setup().air.size(); ++k)  // air.cc (WSR 11.3)
        if (air[k] == kAirInCup)
          out.push_back({Action(kDraw, {kAirMarker + static_cast<int>(k)}), 1.0 / total});
      if (designated_cup > 0)  // special_rules.cc (A5)
        out.push_back(
            {Action(kDraw, {kDesignatedMarker}), static_cast<double>(designated_cup) / total});
      return out;
    }
    case D::kTwoDice:
      // Two dice, unordered (d1 <= d2): the dice stay visible for fate re-rolls (WSR 10.0).
      for (int a = 1; a <= 6; ++a)
        for (int b = a; b <= 6; ++b)
          out.push_back({Action(kRoll, {a, b}), (a == b ? 1.0 : 2.0) / 36});
      return out;
    case D::kFireDice:
      return fire_dice_outcomes();
    case D::kNone:
      return out;
  }
  return out;
}

Action WsrState::sample_chance(Rng& rng) const {
  switch (step_spec(top().kind).dice) {
    case D::kDraw: {
      const int total = markers_in_cup(*this);
      int r = static_cast<int>(rng.below(static_cast<uint32_t>(total)));
      for (int f = 0; f < game_->num_formations(); ++f) {
        r -= cup[static_cast<size_t>(f)];
        if (r < 0) return Action(kDraw, {f});
      }
      if (r < cup_end_turn) return Action(kDraw, {kEndTurnMarker});
      r -= cup_end_turn;
      if (r < chaos_cup) return Action(kDraw, {kChaosMarker});
      r -= chaos_cup;
      for (size_t k = 0; k < game_->setup().air.size(); ++k)  // air.cc (WSR 11.3)
        if (air[k] == kAirInCup && r-- == 0)
          return Action(kDraw, {kAirMarker + static_cast<int>(k)});
      if (r < designated_cup) return Action(kDraw, {kDesignatedMarker});  // A5
      return Action(kDraw, {kChaosMarker});  // not reached: r < markers_in_cup
    }
    case D::kFireDice:
      return sample_fire_dice(rng);
    case D::kTwoDice:
    case D::kNone:
      break;
  }
  int a = rng.d6(), b = rng.d6();
  if (a > b) std::swap(a, b);
  return Action(kRoll, {a, b});
}

}  // namespace feldherr::wsr
