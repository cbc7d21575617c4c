// The procedure steps of Rivet Wars (engine/steps.h): RivetState::step() names the step due now
// from the phase and the records of what is in progress, and the step table says for each step
// the kind of its decision, who decides it and what Chance does when Chance decides it.
// current_seat, decision, decision_for, legal_actions, chance_outcomes and why_illegal switch on
// the step or read its row; the prompts, actions and effects stay with their rules (rules.cc,
// cards.cc).
#include "games/rivet/rivet.h"

namespace feldherr::rivet {

namespace {

using S = RivetStepSeat;
using D = RivetStepDice;

// Indexed by RivetStep.
constexpr RivetStepRow kSteps[] = {
    {"over", S::kNobody, D::kNone},            // kOver (RW §13)
    {"roll", S::kChance, D::kInitiative},      // kInitiative (RW §4.5 R1)
    {"reaction", S::kReaction, D::kNone},      // kReaction (content §6.2 W4, W8, W9)
    {"draw", S::kChance, D::kActionCard},      // kGasDrift (RW §11 Gas, R6)
    {"draw", S::kChance, D::kActionCard},      // kDeviationDraw (RW §8.4)
    {"roll", S::kChance, D::kAttackDie},       // kAttackRoll (RW §8.1 step 7)
    {"paradrop", S::kAlliedPlayer, D::kNone},  // kParadropAim (RW §12 mission 9, R11)
    {"draw", S::kChance, D::kActionCard},      // kParadropDraw (RW §12 mission 9, R11)
    {"retreat", S::kOther, D::kNone},          // kRetreat (RW §11 Tank Shock)
    {"draw", S::kChance, D::kActionCard},      // kCardDraw (RW §5.1 step 2)
    {"draw", S::kChance, D::kSecretMission},   // kSecretDraw (RW §5.1 step 3, AC-24)
    {"cards", S::kActive, D::kNone},           // kCards (RW §5.1 step 1, content §6.2 W1)
    {"deploy", S::kActive, D::kNone},          // kDeployment (RW §7)
    {"combat", S::kActive, D::kNone},          // kCombat (RW §8.1)
    {"move", S::kActive, D::kNone},            // kMovement (RW §9)
    {"wrap-up", S::kActive, D::kNone},         // kWrapUp (content §6.2 W7)
};
static_assert(one_row_per_kind(kSteps, static_cast<size_t>(RivetStep::kNumSteps)),
              "one row per RivetStep");
static_assert(chance_decides_iff_chance_rolls(kSteps),
              "a step is Chance's exactly when Chance rolls or draws for it");
static_assert(every_row_names_its_decision(kSteps), "every step names its decision kind");

}  // namespace

const RivetStepRow& step_row(RivetStep step) {
  return kSteps[static_cast<size_t>(step)];
}

// The precedence of what is in progress, written once: a window on the pending attack, then its
// deviation card and dice, a drifting gas cloud, the paradrop and a Tank Shock retreat all come
// before the decision of the phase itself.
RivetStep RivetState::step() const {
  if (phase == Phase::kOver) return RivetStep::kOver;  // RW §13
  // Content §6.2 W4, W8, W9: the window on the pending attack is open until a card is played
  // or the player ends it; its roll or hit waits.
  if (pending.active && pending.window != 0) return RivetStep::kReaction;
  if (phase == Phase::kInitiative) return RivetStep::kInitiative;  // RW §4.5 R1
  // RW §11 Gas (R6): at the start of its owner's turn a cloud drifts by a card before the gas
  // attacks it leads to.
  if (gas_drift >= 0) return RivetStep::kGasDrift;
  // RW §8.4: a deviating attack draws its card first; then the dice, one by one (RW §8.1
  // step 7).
  if (pending.active) return pending.deviate ? RivetStep::kDeviationDraw : RivetStep::kAttackRoll;
  // RW §12 mission 9 (R11): the Allied player aims the paradrop, then each Rifleman lands by
  // a card drawn from the segment he deviates from.
  if (para_left > 0) return para_origin < 0 ? RivetStep::kParadropAim : RivetStep::kParadropDraw;
  if (!retreat.empty()) return RivetStep::kRetreat;  // RW §11 Tank Shock: the survivors leave
  switch (phase) {
    case Phase::kCards:  // RW §5.1: discard (card_step 0), the draws, W1 (card_step 3)
      if (card_step == 1) return RivetStep::kCardDraw;
      if (card_step == 2 || card_step == 5) return RivetStep::kSecretDraw;  // 5: AC-24
      return RivetStep::kCards;
    case Phase::kDeployment:
      return RivetStep::kDeployment;  // RW §7
    case Phase::kCombat:
      return RivetStep::kCombat;  // RW §8.1
    case Phase::kMovement:
      return RivetStep::kMovement;  // RW §9
    case Phase::kWrapUp:
      return RivetStep::kWrapUp;  // content §6.2 W7
    case Phase::kStartGas:        // not reached: run_gas() leaves it with a step above or the cards
    case Phase::kInitiative:
    case Phase::kOver:
      break;
  }
  return RivetStep::kOver;
}

int RivetState::current_seat() const {
  switch (step_row(step()).seat) {
    case S::kNobody:
      return kNobody;
    case S::kChance:
      return kChance;
    case S::kActive:
      return active;
    case S::kOther:
      return 1 - active;
    case S::kReaction:
      return reaction_seat();
    case S::kAlliedPlayer:
      return kAllies;
  }
  return kNobody;
}

std::vector<ChanceOutcome> RivetState::chance_outcomes() const {
  std::vector<ChanceOutcome> out;
  switch (step_row(step()).dice) {
    case D::kNone:
      break;
    case D::kInitiative:  // one die per player, in seat order (RW §4.5 R1)
      for (int a = 1; a <= 6; ++a)
        for (int b = 1; b <= 6; ++b) out.push_back({Action(kInitiative, {a, b}), 1.0 / 36});
      break;
    case D::kActionCard:  // the deck is a set: every card in it is equally likely on top (E6)
      for (int c : deck)
        out.push_back({Action(kDraw, {c}), 1.0 / static_cast<double>(deck.size())});
      break;
    case D::kSecretMission:
      for (int c : sm_deck)
        out.push_back({Action(kDrawSecret, {c}), 1.0 / static_cast<double>(sm_deck.size())});
      break;
    case D::kAttackDie:
      for (int f = 1; f <= 6; ++f) out.push_back({Action(kDie, {f}), 1.0 / 6});
      break;
  }
  return out;
}

}  // namespace feldherr::rivet
