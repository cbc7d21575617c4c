// The Planspiel state (games/planspiel/state.h). Rule ids resolve in docs/rules/planspiel.md.
#include "games/planspiel/state.h"

#include <fmt/format.h>

#include <algorithm>
#include <bit>
#include <charconv>
#include <cstring>
#include <map>
#include <mutex>
#include <nlohmann/json.hpp>
#include <numeric>
#include <sstream>
#include <stdexcept>
#include <type_traits>

#include "engine/fields.h"
#include "engine/hash.h"
#include "engine/verbs.h"

namespace feldherr::planspiel {

namespace {

// ---- the step table (engine/steps.h)
// kOwner: the party of the step's unit (PS §8.16: the owner of the vehicle).
enum class Who : uint8_t { kActive, kPassive, kChance, kNobody, kOwner };
enum class Dice : uint8_t { kNone, kD6 };
constexpr StepRow<Who, Dice> kSteps[] = {
    {"act", Who::kActive, Dice::kNone},            // kAct
    {"roll", Who::kChance, Dice::kD6},             // kEffectRoll
    {"roll", Who::kChance, Dice::kD6},             // kCasualty
    {"roll", Who::kChance, Dice::kD6},             // kChanceHit
    {"roll", Who::kChance, Dice::kD6},             // kLuckyHit
    {"roll", Who::kChance, Dice::kD6},             // kDetectAtGun
    {"roll", Who::kChance, Dice::kD6},             // kAttackRoll
    {"roll", Who::kChance, Dice::kD6},             // kDefendRoll
    {"counter-move", Who::kPassive, Dice::kNone},  // kCounterMove
    {"over", Who::kNobody, Dice::kNone},           // kOver
    {"roll", Who::kChance, Dice::kD6},             // kMeetRoll
    {"roll", Who::kChance, Dice::kD6},             // kMoverRoll
    {"set-up", Who::kActive, Dice::kNone},         // kSetUp
    {"self-smoke", Who::kOwner, Dice::kNone},      // kSelfSmoke
    {"roll", Who::kChance, Dice::kD6},             // kSmokeRoll
    {"move-together", Who::kActive, Dice::kNone},  // kPlanMove
    {"roll", Who::kChance, Dice::kD6},             // kRecoverRoll
    {"roll", Who::kChance, Dice::kD6},             // kAntiTankRoll
    {"counter-move", Who::kPassive, Dice::kNone},  // kAntiTankEvade
};
static_assert(one_row_per_kind(kSteps, kNumStepKinds));
static_assert(chance_decides_iff_chance_rolls(kSteps));
static_assert(every_row_names_its_decision(kSteps));

const StepRow<Who, Dice>& RowOf(StepKind k) {
  return kSteps[static_cast<size_t>(k)];
}

// PS §7.5: whatever a unit its enemy does not see did (moved, mounted, dug in, camouflaged), the
// enemy and the observer read "An unseen enemy unit moves." citing PS §7.5, so that neither the
// text nor the rule tells them which.
Event UnseenUnitEvent(std::string rule, Text text, int party) {
  Event e = Event::said(
      std::move(rule), std::move(text), party,
      Text{"An unseen enemy unit moves.", "Eine nicht erkannte feindliche Einheit bewegt sich."});
  e.others_rule = "PS §7.5";
  return e;
}

// ---- the verb table: row i is verb i (enum Verb)
constexpr VerbSpec kVerbs[] = {
    {"move", "unit place", VerbRole::kMove, "Move {1} to {2}", "{1} nach {2} ziehen", "Move",
     "Ziehen"},
    {"fire", "unit place", VerbRole::kAttack, "{1} fires at {2}", "{1} feuert auf {2}", "Fire",
     "Feuern"},
    {"fertig", "", VerbRole::kDecline, "FERTIG: end the half-turn", "FERTIG: Teilzug beenden",
     "End the half-turn", "Teilzug beenden"},
    {"roll", "number", VerbRole::kOther, "Roll: {1}", "Wurf: {1}", "Dice", "Würfe"},
    {"assault", "place unit*", VerbRole::kAttack, "Assault {1} with {2}", "Nahkampf: {2} gegen {1}",
     "Assault", "Nahkampf"},
    {"pass", "", VerbRole::kDecline, "Pass: no counter-move", "Verzichten: kein Gegenzug",
     "No counter-move", "Kein Gegenzug"},
    {"indirect", "unit place", VerbRole::kAttack, "{1} fires indirect at {2}",
     "{1} schießt im Steilfeuer auf {2}", "Indirect fire", "Steilfeuer"},
    {"mount", "unit place", VerbRole::kOther, "{1} mounts in {2}", "{1} sitzt in {2} auf", "Mount",
     "Aufsitzen"},
    {"dismount", "unit place", VerbRole::kOther, "{1} dismounts in {2}", "{1} sitzt in {2} ab",
     "Dismount", "Absitzen"},
    {"limber", "unit place", VerbRole::kOther, "{1} limbers up in {2}", "{1} protzt in {2} auf",
     "Limber up", "Aufprotzen"},
    {"unlimber", "unit place", VerbRole::kOther, "{1} unlimbers in {2}", "{1} protzt in {2} ab",
     "Unlimber", "Abprotzen"},
    {"overrun", "unit place", VerbRole::kAttack, "{1} overruns {2}", "{1} überrollt {2}", "Overrun",
     "Überrollen"},
    {"antitank", "unit place", VerbRole::kAttack, "{1} fights the tanks in {2} at close quarters",
     "Panzernahbekämpfung: {1} gegen die Fahrzeuge in {2}", "Close anti-tank combat",
     "Panzernahbekämpfung"},
    {"mountedattack", "unit place", VerbRole::kAttack, "{1} attacks {2} mounted",
     "{1} greift {2} aufgesessen an", "Mounted attack", "Aufgesessener Angriff"},
    {"meet", "unit place", VerbRole::kAttack, "{1} meets the mover at {2} (false counter-move)",
     "{1} stellt sich dem Gegner bei {2} (unechter Gegenzug)", "False counter-move",
     "Unechter Gegenzug"},
    {"evade", "unit place", VerbRole::kMove, "{1} evades to {2} (movement counter-move)",
     "{1} weicht nach {2} aus (Bewegungsgegenzug)", "Movement counter-move", "Bewegungsgegenzug"},
    {"place", "unit place", VerbRole::kMove, "Set up {1} in {2}", "{1} in {2} aufstellen", "Set up",
     "Aufstellen"},
    {"concentrate", "place unit*", VerbRole::kAttack, "{2} concentrate their fire on {1}",
     "Feuerzusammenfassung: {2} auf {1}", "Concentrated fire", "Feuerzusammenfassung"},
    {"smoke", "unit", VerbRole::kOther, "{1} tries self-smoke", "{1} versucht Selbsteinnebelung",
     "Self-smoke", "Selbsteinnebelung"},
    {"withdraw", "unit place", VerbRole::kMove, "{1} withdraws to {2}",
     "{1} setzt sich nach {2} ab", "Withdraw", "Absetzen"},
    {"together", "unit*", VerbRole::kMove, "{1} move simultaneously (announced)",
     "{1} bewegen sich gleichzeitig (angesagt)", "Simultaneous move", "Gleichzeitige Bewegung"},
    {"displace", "unit place", VerbRole::kMove, "{1} is displaced to {2}",
     "{1} wird nach {2} verdrängt", "Displaced", "Verdrängen"},
    {"recover", "unit place", VerbRole::kOther, "{1} recovers the wreck in {2}",
     "{1} birgt das Schadfahrzeug in {2}", "Recover a wreck", "Schadfahrzeug bergen"},
    {"dig", "unit", VerbRole::kOther, "{1} digs in (field position)",
     "{1} gräbt sich ein (Feldstellung)", "Dig in", "Eingraben"},
    {"camouflage", "unit", VerbRole::kOther, "{1} camouflages", "{1} tarnt sich", "Camouflage",
     "Tarnen"},
};

const char* kLoadVerbName[] = {"mounts", "dismounts", "limbers up", "unlimbers"};
const char* kLoadVerbInfDe[] = {"aufsitzen", "absitzen", "aufprotzen", "abprotzen"};
const char* kLoadNounDe[] = {"Aufsitzen", "Absitzen", "Aufprotzen", "Abprotzen"};

bool IsLoadVerb(int verb) {
  return verb == kMount || verb == kDismount || verb == kLimber || verb == kUnlimber;
}

// PS §5.1 with PS §4.4: the mover and its load may end the move together in a field.
// (MayEndMoveIn of each in turn, the field holding those before it; counted without copying the
// field.)
bool MayEndWithLoad(const FieldContents& field, const Occupant& me,
                    const std::vector<Occupant>& load) {
  if (!MayEndMoveIn(field, me)) return false;
  for (size_t k = 0; k < load.size(); ++k) {
    const Occupant& o = load[k];
    if (o.cls == StackClass::kFigureBase || o.with_own_carrier) continue;  // does not count
    const auto same = [&o](const Occupant& x) {
      return x.party == o.party && x.cls == o.cls && !x.with_own_carrier;
    };
    if (same(me)) return false;
    for (size_t j = 0; j < k; ++j)
      if (same(load[j])) return false;
    for (const Occupant& x : field)
      if (same(x)) return false;
  }
  return true;
}

Field FieldAt(const Board& b, int index) {
  return {index % b.width(), index / b.width()};
}

// PS §8.6 read for a close-combat total (G-32): 2 or less nothing, 6 or more level 6.
int LevelOfTotal(int total) {
  return total <= 2 ? 0 : std::min(total, 6);
}

bool IsBase(const UnitType& t) {
  return t.category == Category::kFigureBase || t.category == Category::kHeavyWeaponBase ||
         t.category == Category::kRiders;
}

// A refusal: the rule and reason into `why` (when asked), false. The text is built only when
// asked: legal-action generation asks with `why` null many times per position.
#define PS_REFUSE(why, ...) ((why) ? (*(why) = Text(__VA_ARGS__), false) : false)

const char* kLevelName[] = {"no effect", "", "", "red", "grey", "black", "black"};
const char* kLevelNameDe[] = {"keine Wirkung", "", "", "rot", "grau", "schwarz", "schwarz"};

// An effect level in words: "level 5 (black)", "Wirkungsstufe 5 (schwarz)" (PS §8.14).
Text LevelText(int level) {
  if (level == 0) return {"no effect", "keine Wirkung"};
  return say("level {0} ({1})", "Wirkungsstufe {0} ({2})", level, kLevelName[level],
             kLevelNameDe[level]);
}

// The parties as the texts name them (PS: Partei Rot, Partei Blau); party_name() is the
// lowercase id of data files, actions and JSON.
const char* PartyDe(int party) {
  return party == kPartyRed ? "Rot" : "Blau";
}
const char* PartyEn(int party) {
  return party == kPartyRed ? "Red" : "Blue";
}

// "sitzt auf B-T1 auf", "protzt von B-Z1 ab": the German of "mounts on B-T1" and the like.
std::string LoadSentenceDe(int which, const std::string& carrier) {
  switch (which) {
    case 0:
      return "sitzt auf " + carrier + " auf";
    case 1:
      return "sitzt von " + carrier + " ab";
    case 2:
      return "protzt an " + carrier + " auf";
    default:
      return "protzt von " + carrier + " ab";
  }
}

// Why a fire is not possible, citing its rule (fire.h), in both languages.
Text RejectionSaid(FireRejection r) {
  return say("{}: {}", "{0}: {2}", rejection_rule(r), rejection_text(r), rejection_text_de(r));
}

bool IsAtGun(const UnitType& t) {
  return t.category == Category::kHeavyWeaponBase && t.gun != GunClass::kNone;
}

// Scenarios §1.7: a base or model that counts as a loss and as a combat element.
bool IsCombatElement(const UnitType& t) {
  return t.category != Category::kTransport;
}

// G-01: the units that take control of a field.
bool QualifiesForControl(const UnitType& t) {
  return t.category == Category::kFigureBase || t.category == Category::kHeavyWeaponBase ||
         t.category == Category::kRiders || t.category == Category::kCombatVehicle ||
         t.category == Category::kApc;
}

// The range-table row of a catalogue weapon: its printed name, with or without the table's
// calibre note in brackets.
std::string RangeRowId(const FireData& data, const std::string& printed) {
  for (const RangeRow& r : data.ranges)
    if (r.name == printed || r.name.rfind(printed + " (", 0) == 0) return r.id;
  return "";
}

// The ids of positions (PlanspielState::SeenCache::position), from 1.
std::atomic<uint64_t> next_position_id{1};
std::atomic<uint64_t> next_game_instance{1};  // PlanspielGame::instance

// Action(verb, {unit, field}) built in place (the legal actions make many).
Action UnitFieldAction(int verb, int u, int field) {
  Action a;
  a.verb = static_cast<uint8_t>(verb);
  a.argc = 2;
  a.args[0] = static_cast<uint16_t>(u);
  a.args[1] = static_cast<uint16_t>(field);
  return a;
}

// UnitFieldAction(verb, u, field) for each of `fields` in order, appended to `out`.
void AppendUnitFields(ActionList& out, int verb, int u, const std::vector<Field>& fields,
                      const Board& b) {
  if (fields.empty()) return;
  size_t at = out.size();
  out.resize(at + fields.size());  // value-initialized: arguments 2 and 3 are 0
  for (Field f : fields) {
    Action& a = out[at++];
    a.verb = static_cast<uint8_t>(verb);
    a.argc = 2;
    a.args[0] = static_cast<uint16_t>(u);
    a.args[1] = static_cast<uint16_t>(b.index(f));
  }
}

}  // namespace

// =============================================================================================
// PlanspielGame

PlanspielGame::PlanspielGame(const Situation& situation, const Board& board,
                             const std::vector<UnitType>& types, const FireData& fire)
    : situation_(&situation),
      board_(&board),
      fire_(&fire),
      scenario_(situation.id),
      los_(std::make_unique<std::atomic<uint8_t>[]>(
          static_cast<size_t>(board.width() * board.height() * board.width() * board.height()))),
      instance_(next_game_instance.fetch_add(1)) {
  for (const SituationUnit& u : situation.units) {
    const UnitType* t = find_unit_type(types, u.type);
    if (t == nullptr) throw std::runtime_error("unknown unit type " + u.type);
    types_.push_back(t);
    weapons_.push_back(WeaponOfType(fire, *t));
    flat_ranges_.push_back(WeaponRange(fire, weapons_.back(), Trajectory::kFlat));
    move_profiles_.push_back(MoveProfileOf(*t));
    if (t->category == Category::kTransport && t->capacity == Capacity::kTowOneWeapon)
      tows_.push_back(static_cast<int>(types_.size()) - 1);
    party_units_.at(static_cast<size_t>(u.party)).push_back(static_cast<int>(types_.size()) - 1);
    parties_.push_back(static_cast<uint8_t>(u.party));
  }
  for (const ObjectiveSet& o : situation.objectives)
    for (Field f : o.fields)
      if (std::find(objective_fields_.begin(), objective_fields_.end(), f) ==
          objective_fields_.end())
        objective_fields_.push_back(f);
  // The steps of each field to its eight neighbours, per mover (the board does not change).
  const int w = board.width(), h = board.height();
  steps_.assign(static_cast<size_t>(w * h * 8), 0);
  next_to_cover_.assign(static_cast<size_t>(w * h), 0);
  stand_.assign(static_cast<size_t>(w * h), 0);
  for (int i = 0; i < w * h; ++i) {
    const Field f{i % w, i / w};
    const bool cover =
        board.terrain(f) == Terrain::kForest || board.terrain(f) == Terrain::kBuiltUp;
    stand_[static_cast<size_t>(i)] = static_cast<uint8_t>(
        (Passable(board, f, Mover::kFoot) ? 1 : 0) | (Passable(board, f, Mover::kVehicle) ? 2 : 0) |
        (cover && !board.road(f) ? 4 : 0));
  }
  for (int i = 0; i < w * h; ++i) {
    const Field f{i % w, i / w};
    for (int d = 0; d < 8; ++d) {
      const int k = d < 4 ? d : d + 1;  // the neighbours in row order, the field itself skipped
      const Field t{f.x + k % 3 - 1, f.y + k / 3 - 1};
      if (!board.on_board(t)) continue;
      if (board.terrain(t) == Terrain::kForest || board.terrain(t) == Terrain::kBuiltUp)
        next_to_cover_[static_cast<size_t>(i)] = 1;
      uint8_t bits = kStepOnBoard;
      if (CanStep(board, f, t, Mover::kFoot) == StepResult::kOk) bits |= kStepFoot;
      if (CanStep(board, f, t, Mover::kVehicle) == StepResult::kOk) bits |= kStepVehicle;
      if (IsRoadStep(board, f, t)) bits |= kStepRoad;
      if (PassageRestricted(board, f, t)) bits |= kStepPassage;
      steps_[static_cast<size_t>(i * 8 + d)] = bits;
    }
  }
  step_masks_.assign(static_cast<size_t>(w * h * 4), 0);
  for (int k = 0; k < 4; ++k) {
    const uint8_t need =
        static_cast<uint8_t>((k & 1 ? kStepVehicle : kStepFoot) | (k & 2 ? kStepRoad : 0));
    for (int i = 0; i < w * h; ++i)
      for (int d = 0; d < 8; ++d)
        if ((steps_[static_cast<size_t>(i * 8 + d)] & need) == need)
          step_masks_[static_cast<size_t>(k * w * h + i)] |= static_cast<uint8_t>(1u << d);
  }
}

VerbTable PlanspielGame::verbs() const {
  return kVerbs;
}

bool PlanspielGame::sees(Field from, Field to) const {
  const Board& b = *board_;
  if (!b.on_board(from) || !b.on_board(to)) return false;
  const size_t n = static_cast<size_t>(b.width() * b.height());
  const auto i = static_cast<size_t>(b.index(from)), j = static_cast<size_t>(b.index(to));
  std::atomic<uint8_t>& known = los_[i * n + j];
  uint8_t v = known.load(std::memory_order_relaxed);
  if (v == 0) {
    v = HasLos(b, from, to) ? 1 : 2;
    known.store(v, std::memory_order_relaxed);
    // PS §7.2: sight runs centre to centre and is the same both ways (G-08: the same fields
    // between, the same higher end), so the pair is kept for the way back too.
    los_[j * n + i].store(v, std::memory_order_relaxed);
  }
  return v == 1;
}

bool PlanspielGame::dug_in(Field f) const {
  return std::find(situation_->dug_in.begin(), situation_->dug_in.end(), f) !=
         situation_->dug_in.end();
}

int PlanspielGame::unit_index(std::string_view id) const {
  for (size_t i = 0; i < situation_->units.size(); ++i)
    if (situation_->units[i].id == id) return static_cast<int>(i);
  return -1;
}

std::unique_ptr<State> PlanspielGame::new_initial_state() const {
  return std::make_unique<PlanspielState>(*this);
}

std::unique_ptr<State> PlanspielGame::state_from_json(const json& j) const {
  auto s = std::make_unique<PlanspielState>(*this);
  fields_from_json(j, *s);
  if (s->units_.size() != situation_->units.size())
    throw std::runtime_error("$.units: expected one entry per unit of the situation");
  if (s->control_.size() != objective_fields_.size())
    throw std::runtime_error("$.control: expected one entry per objective field");
  s->steps_.clear();
  if (!j.contains("steps") || !j["steps"].is_array())
    throw std::runtime_error("$.steps: expected an array");
  for (const json& e : j["steps"]) {
    PsStep st;
    if (!e.is_array() || e.size() < 4 || e.size() > 5)
      throw std::runtime_error("$.steps: expected [kind, unit, field, indirect, concentration]");
    const int k = e[0].get<int>();
    if (k < 0 || k >= kNumStepKinds) throw std::runtime_error("$.steps: unknown step kind");
    st.kind = static_cast<StepKind>(k);
    st.unit = e[1].get<int>();
    st.field = e[2].get<int>();
    st.indirect = e[3].get<bool>();
    st.concentration = e.size() == 5 ? e[4].get<int>() : 1;
    if (st.concentration < 1 || st.concentration > 3)
      throw std::runtime_error("$.steps: concentration out of range 1..3");
    s->steps_.push(st);
  }
  s->reason_ = j.value("reason", "");
  s->done_mutating();
  return s;
}

std::shared_ptr<const PlanspielGame> make_planspiel(const std::string& situation_id) {
  // One game per shipped situation, shared by every game played on it (the Planspiel has no
  // options): its line-of-sight table is filled once for all of them.
  static std::mutex mu;
  static std::map<std::string, std::shared_ptr<const PlanspielGame>> games;
  std::lock_guard lock(mu);
  if (auto it = games.find(situation_id); it != games.end()) return it->second;
  const Situation* s = find_situation(situation_id);
  if (s == nullptr) throw std::runtime_error("no Planspiel situation '" + situation_id + "'");
  const BoardData* b = find_planspiel_board(s->board);
  if (b == nullptr) throw std::runtime_error("no Planspiel board '" + s->board + "'");
  auto game = std::make_shared<const PlanspielGame>(*s, b->board, shipped_unit_types(),
                                                    shipped_fire_data());
  games.emplace(situation_id, game);
  return game;
}

// =============================================================================================
// PlanspielState: set-up (scenarios §1.5)

PlanspielState::PlanspielState(const PlanspielGame& game) : game_(&game) {
  const Situation& s = game.situation();
  active_ = s.first_mover;
  for (const SituationUnit& su : s.units) {
    UnitState u;
    u.x = su.field.x;
    u.y = su.field.y;
    u.status = su.arrives > 0 ? UnitStatus::kWaiting : UnitStatus::kOnBoard;
    u.camouflaged = su.camouflaged;
    u.detected_marker = su.detected;
    u.aboard = su.carried ? su.carrier : -1;
    units_.push_back(u);
  }
  for (Field f : game.objective_fields()) {
    int c = -1;
    for (const ObjectiveSet& o : s.objectives)
      for (size_t i = 0; i < o.fields.size(); ++i)
        if (o.fields[i] == f) c = o.controller[i];
    control_.push_back(c);
  }
  // Scenarios §1.5: a party with a set-up zone places its units before the first half-turn.
  if (const std::vector<int> order = setup_order(); !order.empty()) {
    active_ = order.front();
    push(StepKind::kSetUp, -1, -1);
  }
}

std::vector<int> PlanspielState::setup_order() const {
  const Situation& s = game_->situation();
  std::vector<int> out;
  for (int p : {s.first_mover, 1 - s.first_mover})
    if (s.zone_of(p) != nullptr) out.push_back(p);
  return out;
}

bool PlanspielState::may_place(int u, Field f, Text* why) const {
  return may_place_in(u, f, nullptr, why);
}

bool PlanspielState::may_place_in(int u, Field f, const std::vector<std::vector<int>>* standing,
                                  Text* why) const {
  return may_place_unit(u, why) && may_place_at(placing(u), f, standing, why);
}

bool PlanspielState::may_place_unit(int u, Text* why) const {
  if (!setting_up())
    return PS_REFUSE(why, {"scenarios §1.5: units are placed only during the set-up",
                           "scenarios §1.5: Einheiten werden nur beim Aufstellen platziert"});
  if (u < 0 || u >= num_units())
    return PS_REFUSE(why, {"PS §4.1: no such unit", "PS §4.1: diese Einheit gibt es nicht"});
  const SituationUnit& su = game_->situation().units[static_cast<size_t>(u)];
  const UnitState& s = unit(u);
  if (su.party != active_)
    return PS_REFUSE(
        why, say("scenarios §1.5: {0} sets up now, not {1}'s {2}",
                 "scenarios §1.5: {3} stellt jetzt auf, nicht die Einheit {2} von {4}",
                 PartyEn(active_), PartyEn(su.party), su.id, PartyDe(active_), PartyDe(su.party)));
  if (s.status == UnitStatus::kWaiting)
    return PS_REFUSE(why, say("scenarios §1.6: {} is a reinforcement and enters in play",
                              "scenarios §1.6: {} ist eine Verstärkung und kommt im Spiel", su.id));
  if (s.aboard >= 0)
    return PS_REFUSE(why, say("scenarios §1.5: {0} is aboard {1} and is set up with it",
                              "scenarios §1.5: {0} ist auf {1} und wird mit ihm aufgestellt", su.id,
                              uid(s.aboard)));
  if (s.has_moved)
    return PS_REFUSE(why,
                     say("scenarios §1.5: {0} is set up in {1} already (each unit is placed once)",
                         "scenarios §1.5: {0} steht schon in {1} (jede Einheit wird einmal "
                         "aufgestellt)",
                         su.id, field_text(field_of(u))));
  return true;
}

PlanspielState::Placing PlanspielState::placing(int u) const {
  Placing p;
  p.u = u;
  p.party = party_of(u);
  p.me = OccupantOf(type_of(u), p.party);
  if (const int l = load_of(u); l >= 0) p.load.push_back(OccupantOf(type_of(l), p.party));
  p.empty_ok = MayEndWithLoad({}, p.me, p.load);
  const SituationUnit& su = game_->situation().units[static_cast<size_t>(u)];
  p.zone = game_->situation().zone_of(su.party);
  p.at = field_of(u);
  p.mover = type_of(u).terrain;
  p.towed = type_of(u).category == Category::kHeavyWeaponBase && su.carrier >= 0;
  return p;
}

bool PlanspielState::may_place_at(const Placing& p, Field f,
                                  const std::vector<std::vector<int>>* standing, Text* why) const {
  const int u = p.u;
  const Board& b = game_->board();
  const SituationUnit& su = game_->situation().units[static_cast<size_t>(u)];
  const SetupZone* z = p.zone;
  if (!b.on_board(f))
    return PS_REFUSE(why, {"PS §2.1: no such field", "PS §2.1: dieses Feld gibt es nicht"});
  if (z == nullptr || !z->contains(f))
    return PS_REFUSE(
        why, z == nullptr
                 ? say("scenarios §1.5: {0}'s set-up is fixed",
                       "scenarios §1.5: {1} stellt fest auf", PartyEn(su.party), PartyDe(su.party))
                 : say("scenarios §1.5: {0} is outside {1}'s set-up zone x {3}..{4}, "
                       "y {5}..{6}",
                       "scenarios §1.5: {0} liegt außerhalb des Aufstellungsraums von "
                       "{2}, x {3}..{4}, y {5}..{6}",
                       field_text(f), PartyEn(su.party), PartyDe(su.party), z->from.x, z->to.x,
                       z->from.y, z->to.y));
  if (f == p.at)
    return PS_REFUSE(why, say("scenarios §1.5: {0} stands in {1} already",
                              "scenarios §1.5: {0} steht schon in {1}", su.id, field_text(f)));
  // Scenarios §1.5: no vehicle and no towed weapon in a forest or built-up field off the road.
  if (!game_->may_stand(f, p.mover, p.towed))
    return PS_REFUSE(
        why, say("scenarios §1.5, G-04: a {0} cannot stand in {1}",
                 "scenarios §1.5, G-04: ein {0} kann nicht in {1} stehen", su.type, field_text(f)));
  // PS §5.1, G-06: within the stacking limit with the unit's load (which stays aboard).
  thread_local FieldContents there;  // reused: the set-up asks for every field of the zone
  there.clear();
  const auto add = [&](int o) {
    if (o != u && unit(o).aboard != u && unit(o).status == UnitStatus::kOnBoard && field_of(o) == f)
      there.push_back(OccupantOf(type_of(o), party_of(o)));
  };
  if (standing) {
    for (const int o : (*standing)[static_cast<size_t>(b.index(f))]) add(o);
  } else {
    for (int o = 0; o < num_units(); ++o) add(o);
  }
  if (there.empty() ? !p.empty_ok : !MayEndWithLoad(there, p.me, p.load))
    return PS_REFUSE(why, say("scenarios §1.5, PS §5.1: {0} in {1} would break the stacking limit",
                              "scenarios §1.5, PS §5.1: {0} in {1} überschritte die Stapelgrenze",
                              su.id, field_text(f)));
  return true;
}

void PlanspielState::end_setup(EventList* events) {
  const int done = active_;
  steps_.pop();
  for (UnitState& u : units_) u.has_moved = false;
  const std::vector<int> order = setup_order();
  const bool next = order.size() == 2 && done == order.front();
  if (events)
    events->push_back(Event::said("scenarios §1.5", say("{0} has set up.", "{1} hat aufgestellt.",
                                                        PartyEn(done), PartyDe(done))));
  if (next) {
    active_ = order.back();
    push(StepKind::kSetUp, -1, -1);
    return;
  }
  active_ = game_->situation().first_mover;
  phase_ = 2;
  if (events)
    events->push_back(
        Event::said("PS §3.1",
                    say("Game turn {0}: {1}'s half-turn.", "Zug {0}: Teilzug von {2}.", turn_,
                        PartyEn(active_), PartyDe(active_)),
                    active_));
}

const Game& PlanspielState::game() const {
  return *game_;
}
const std::string& PlanspielState::uid(int u) const {
  return game_->situation().units[static_cast<size_t>(u)].id;
}
const UnitType& PlanspielState::type_of(int u) const {
  return game_->type(u);
}
std::string PlanspielState::field_text(Field f) const {
  return fmt::format("{},{}", f.x, f.y);
}

void PlanspielState::place_for_test(int u, Field f) {
  UnitState& s = units_[static_cast<size_t>(u)];
  s.x = f.x;
  s.y = f.y;
  s.status = UnitStatus::kOnBoard;
  carry_along(u);
  done_mutating();
}

StepKind PlanspielState::step() const {
  if (over_) return StepKind::kOver;
  return steps_.empty() ? StepKind::kAct : steps_.top().kind;
}

// =============================================================================================
// Detection (PS §7.3-§7.6)

namespace {

// PS §7.4: the detection row of a unit of type `type` in field `f`.
DetectionRow RowAt(const Board& b, const UnitType& type, Field f, bool camouflaged, bool shown) {
  if (type.target_size == TargetSize::kLarge)
    return camouflaged ? DetectionRow::kLargeCamouflaged : DetectionRow::kLargeOnLand;
  // Reading: a camouflaged small target counts as in position (PS §7.6 gives one row).
  if (camouflaged) return DetectionRow::kSmallCamouflagedInPosition;
  const Terrain t = b.terrain(f);
  if (t == Terrain::kForest || t == Terrain::kBuiltUp) {
    if (IsInsideForest(b, f)) return DetectionRow::kSmallInsideForest;
    return shown ? DetectionRow::kSmallAtEdgeAfterFiring : DetectionRow::kSmallAtEdgeNotFired;
  }
  return DetectionRow::kSmallOnLand;
}

}  // namespace

DetectionRow PlanspielState::detection_row(int u) const {
  return RowAt(game_->board(), type_of(u), field_of(u), unit(u).camouflaged, unit(u).shown > 0);
}

bool PlanspielState::detects(int u, int o) const {
  if (unit(u).status != UnitStatus::kOnBoard || unit(o).status != UnitStatus::kOnBoard)
    return false;
  // PS §8.16, G-28: a model in its own smoke is detected only from its own field.
  if (unit(o).smoke > 0) return field_of(u) == field_of(o);
  const int range = unit(o).detected_marker ? 99 : DetectionRange(detection_row(o), false);
  return game_->within_detection(field_of(u), field_of(o), range);
}

bool PlanspielState::detected_by(int o, int party, bool posts_only) const {
  if (unit(o).status != UnitStatus::kOnBoard) return false;
  const Field f = field_of(o);
  // Scenarios §1.5: a detected marker lets every enemy unit with a line of sight detect it.
  const int range = unit(o).detected_marker ? 99 : DetectionRange(detection_row(o), false);
  for (int u = 0; u < num_units(); ++u) {
    if (party_of(u) != party || unit(u).status != UnitStatus::kOnBoard) continue;
    if (posts_only) {
      const Category c = type_of(u).category;
      if (c != Category::kFigureBase && c != Category::kCombatVehicle && c != Category::kApc)
        continue;
    }
    // PS §8.16, G-28: a model in its own smoke is detected only from its own field.
    if (unit(o).smoke > 0 ? field_of(u) == f : game_->within_detection(field_of(u), f, range))
      return true;
  }
  return false;
}

bool PlanspielState::visible_to(int u, int party) const {
  if (party_of(u) == party) return true;
  if (setting_up()) return false;  // scenarios §1.5: the set-ups are hidden from each other
  // PS §4.4: a carried unit is seen with its carrier ("markers may show full or empty vehicles").
  if (unit(u).aboard >= 0) return visible_to(unit(u).aboard, party);
  // detected_by(u, party, false), as seen_enemies works it out (an enemy on the board, not
  // aboard: the units it lists, those that units of the other party detect), without the list.
  if (unit(u).status != UnitStatus::kOnBoard) return false;
  if (!seen_cache_.checked || seen_cache_.mutating) check_seen_counts();
  return seen_cache_.count[static_cast<size_t>(u)] > 0;
}

int PlanspielState::detection_range_now(int o) const {
  if (unit(o).status != UnitStatus::kOnBoard) return 0;
  // Scenarios §1.5: a detected marker lets every enemy unit with a line of sight detect it.
  return unit(o).detected_marker ? 99 : DetectionRange(detection_row(o), false);
}

inline bool PlanspielState::detects_keyed(const SeenKey& observer, const SeenKey& target,
                                          int range) const {
  // PS §4.4: fire at a carrier affects only the vehicle: its load is no target of its own.
  if (observer.status != UnitStatus::kOnBoard || target.status != UnitStatus::kOnBoard ||
      target.aboard >= 0)
    return false;
  // PS §8.16, G-28: a model in its own smoke is detected only from its own field.
  if (target.smoke) return observer.x == target.x && observer.y == target.y;
  return game_->within_detection({observer.x, observer.y}, {target.x, target.y}, range);
}

void PlanspielState::update_seen_counts() const {
  SeenCache& c = seen_cache_;
  const size_t n = units_.size();
  if (c.key.size() != n) {  // a fresh cache: every pair
    c.key.clear();
    c.bits.clear();
    for (const UnitState& u : units_) {
      c.key.push_back(SeenKeyOf(u));
      c.bits.push_back(SeenBitsOf(u));
    }
    c.range.assign(n, 0);
    for (size_t o = 0; o < n; ++o) c.range[o] = detection_range_now(static_cast<int>(o));
    c.count.assign(n, 0);
    c.pair.assign(n * n, 0);
    for (size_t o = 0; o < n; ++o)
      for (size_t u = 0; u < n; ++u)
        if (party_of(static_cast<int>(u)) != party_of(static_cast<int>(o)) &&
            detects_keyed(c.key[u], c.key[o], c.range[o])) {
          ++c.count[o];
          c.pair[o * n + u] = 1;
        }
    for (auto& t : c.contents) t.all = true;
    c.changed = true;
    return;
  }
  // Byte for byte the units of the last call: no key changed (the cheap test first; a unit whose
  // bytes differ is compared key by key below).
  static_assert(std::is_trivially_copyable_v<UnitState>);
  if (c.snapshot.size() == n &&
      std::memcmp(c.snapshot.data(), units_.data(), n * sizeof(UnitState)) == 0)
    return;
  c.snapshot = units_;
  // The units whose key changed; only the pairs with one of them change their detection.
  thread_local std::vector<int> moved;
  thread_local std::vector<uint8_t> is_moved;
  moved.clear();
  for (size_t i = 0; i < n; ++i)
    if (c.bits[i] != SeenBitsOf(units_[i])) moved.push_back(static_cast<int>(i));
  if (moved.empty()) return;
  c.changed = true;
  is_moved.assign(n, 0);
  for (int m : moved) {
    const auto i = static_cast<size_t>(m);
    is_moved[i] = 1;
    c.key[i] = SeenKeyOf(units_[i]);
    c.bits[i] = SeenBitsOf(units_[i]);
    c.range[i] = detection_range_now(m);
    c.mark_contents(m);  // its field, status or carrier: its place in the contents tables
  }
  for (int m : moved) {
    const auto mi = static_cast<size_t>(m);
    const int pm = party_of(m);
    const SeenKey& km = c.key[mi];
    static_assert(kParties == 2);
    for (const int o : game_->party_units(enemy(pm))) {  // the other party's, in unit order
      const auto v = static_cast<size_t>(o);
      // A pair of two changed units is worked out once, from the first of them.
      if (is_moved[v] && v < mi) continue;
      // The pair's detection both ways now against what was counted (SeenCache::pair).
      const SeenKey& kv = c.key[v];
      const uint8_t v_by_m = detects_keyed(km, kv, c.range[v]) ? 1 : 0;
      const uint8_t m_by_v = detects_keyed(kv, km, c.range[mi]) ? 1 : 0;
      uint8_t& was_v = c.pair[v * n + mi];
      uint8_t& was_m = c.pair[mi * n + v];
      c.count[v] += v_by_m - was_v;
      c.count[mi] += m_by_v - was_m;
      was_v = v_by_m;
      was_m = m_by_v;
    }
  }
}

void PlanspielState::check_seen_counts() const {
  // Worked out again only when a unit's position, status or markers changed since.
  if (!seen_cache_.checked || seen_cache_.mutating) {
    seen_cache_.changed = seen_cache_.setting_up != setting_up();
    update_seen_counts();
    if (seen_cache_.changed) {
      // Scenarios §1.5: the set-up hides every enemy unit; its start or end changes them all.
      if (seen_cache_.setting_up != setting_up())
        for (auto& c : seen_cache_.contents) c.all = true;
      seen_cache_.setting_up = setting_up();
      seen_cache_.seen_valid.fill(false);
      for (auto& c : seen_cache_.contents) c.valid = false;
      seen_cache_.loads_valid = false;
    }
    seen_cache_.checked = !seen_cache_.mutating;
    if (seen_cache_.checked && !seen_cache_.loads_valid) {
      std::vector<int>& loads = seen_cache_.loads;
      loads.assign(units_.size(), -1);
      // load_of: the first unit aboard each carrier.
      for (int u = num_units() - 1; u >= 0; --u)
        if (const int c = unit(u).aboard; c >= 0 && c < num_units())
          loads[static_cast<size_t>(c)] = u;
      seen_cache_.loads_valid = true;
    }
  }
}

const std::vector<int>& PlanspielState::seen_enemies_worked_out(int party) const {
  check_seen_counts();
  std::vector<int>& out = seen_cache_.seen[static_cast<size_t>(party)];
  if (seen_cache_.seen_valid[static_cast<size_t>(party)]) return out;
  out.clear();  // its storage reused
  std::vector<uint8_t>& mask = seen_cache_.seen_mask;
  const auto bit = static_cast<uint8_t>(1u << party);
  mask.resize(units_.size(), 0);
  // detected_by(o, party, false): the party's units on the board that detect o, counted per
  // pair (update_seen_counts). PS §4.4: a carried unit is no target of its own.
  // Only the other party's units carry the bit: with two parties, its units in unit order.
  static_assert(kParties == 2);
  const bool setting = setting_up();
  for (const int o : game_->party_units(enemy(party))) {
    const auto i = static_cast<size_t>(o);
    const UnitState& s = units_[i];
    const bool seen =
        !setting && s.status == UnitStatus::kOnBoard && s.aboard < 0 && seen_cache_.count[i] > 0;
    if (seen != ((mask[i] & bit) != 0)) {
      // The party's sight of it flipped: its place in the party's contents table, and that of
      // the units it carries (PS §4.4: seen with their carrier).
      SeenCache::Contents& t = seen_cache_.contents[static_cast<size_t>(party)];
      t.mark(o);
      for (int l = 0; l < num_units(); ++l)
        if (units_[static_cast<size_t>(l)].aboard == o) t.mark(l);
    }
    mask[i] = static_cast<uint8_t>(seen ? mask[i] | bit : mask[i] & ~bit);
    if (seen) out.push_back(o);
  }
  seen_cache_.seen_valid[static_cast<size_t>(party)] = true;
  return out;
}

std::vector<int> PlanspielState::seen_enemies_in(int party, Field f) const {
  std::vector<int> out;
  for (int o : seen_enemies(party))
    if (field_of(o) == f) out.push_back(o);
  return out;
}

bool PlanspielState::shown_to(int u, int viewer) const {
  if (viewer == kNobody) return true;
  const int party = party_of(u);
  if (viewer == kObserver) return visible_to(u, enemy(party));
  return visible_to(u, viewer);
}

std::string PlanspielState::masked_unit(int u, int viewer) const {
  return shown_to(u, viewer) ? uid(u) : "(hidden)";
}

// The German texts name a unit the viewer does not see as the action labels do (engine/verbs.cc).
std::string PlanspielState::masked_unit_de(int u, int viewer) const {
  return shown_to(u, viewer) ? uid(u) : "(verdeckt)";
}

// =============================================================================================
// Movement (PS §6, §5, G-07, scenarios §1.6)

void PlanspielState::contents_seen_by(int party, int except, SeenContents& out) const {
  out.table = &party_contents(party);
  out.own_count = 0;
  if (except < 0) return;
  const SeenCache::Contents& c = seen_cache_.contents[static_cast<size_t>(party)];
  const Board& b = game_->board();
  // The fields where `except` or its load (PS §4.4: one unit aboard a carrier, load_of) stand
  // seen: there the contents without them.
  for (const int o : {except, load_of(except)}) {
    if (o < 0 || unit(o).status != UnitStatus::kOnBoard) continue;
    const size_t i = static_cast<size_t>(b.index(field_of(o)));
    const std::vector<int>& ids = c.ids[i];
    if (std::find(ids.begin(), ids.end(), o) == ids.end()) continue;  // not seen: not there
    bool known = false;
    for (size_t k = 0; k < out.own_count; ++k) known = known || out.own[k].first == i;
    if (known) continue;
    if (out.own.size() == out.own_count) out.own.emplace_back();
    auto& [at, f] = out.own[out.own_count++];
    at = i;
    f.clear();
    for (size_t j = 0; j < ids.size(); ++j)
      if (ids[j] != except && unit(ids[j]).aboard != except) f.push_back(c.fields[i][j]);
  }
}

const std::vector<FieldContents>& PlanspielState::party_contents(int party) const {
  seen_enemies(party);  // checks the units against the cache's keys (and clears it if changed)
  SeenCache::Contents& c = seen_cache_.contents[static_cast<size_t>(party)];
  if (c.valid) return c.fields;
  const Board& b = game_->board();
  const size_t n = units_.size();
  // Per unit, where it stands in the table: its field's index + 1, 0 when it is not there.
  const auto slot_of = [&](int o) -> uint32_t {
    if (unit(o).status != UnitStatus::kOnBoard ||
        (party_of(o) != party && !visible_known(o, party)))
      return 0;
    return static_cast<uint32_t>(b.index(field_of(o)) + 1);
  };
  // The table is up to date with every unit but the pending ones.
  const auto up_to_date = [&c] {
    for (const int o : c.pending) c.is_pending[static_cast<size_t>(o)] = 0;
    c.pending.clear();
    c.all = false;
    c.valid = true;
  };
  if (c.slot.size() != n || c.fields.size() != static_cast<size_t>(b.width() * b.height())) {
    // A new table (a fresh cache or a copy's): every unit in unit order.
    c.fields.assign(static_cast<size_t>(b.width() * b.height()), {});
    c.ids.assign(c.fields.size(), {});
    c.slot.assign(n, 0);
    for (int o = 0; o < num_units(); ++o) {
      const uint32_t v = slot_of(o);
      c.slot[static_cast<size_t>(o)] = v;
      if (v == 0) continue;
      c.fields[v - 1].push_back(OccupantOf(type_of(o), party_of(o)));
      c.ids[v - 1].push_back(o);
    }
    up_to_date();
    return c.fields;
  }
  // The units whose place in the table changed leave their old field and join their new one at
  // their place in unit order (whatever order they are looked at in).
  thread_local std::vector<int> every;
  if (c.all && every.size() != n) {
    every.resize(n);
    std::iota(every.begin(), every.end(), 0);
  }
  for (const int o : c.all ? every : c.pending) {
    const auto oi = static_cast<size_t>(o);
    const uint32_t v = slot_of(o);
    if (v == c.slot[oi]) continue;
    if (const uint32_t old = c.slot[oi]; old != 0) {
      std::vector<int>& ids = c.ids[old - 1];
      const auto at = std::find(ids.begin(), ids.end(), o) - ids.begin();
      ids.erase(ids.begin() + at);
      c.fields[old - 1].erase(c.fields[old - 1].begin() + at);
    }
    if (v != 0) {
      std::vector<int>& ids = c.ids[v - 1];
      const auto at = std::lower_bound(ids.begin(), ids.end(), o) - ids.begin();
      ids.insert(ids.begin() + at, o);
      c.fields[v - 1].insert(c.fields[v - 1].begin() + at, OccupantOf(type_of(o), party_of(o)));
    }
    c.slot[oi] = v;
  }
  up_to_date();
  return c.fields;
}

int PlanspielState::move_cap(int u) const {
  const MoveProfile p = game_->move_profile(u);
  int cap = -1;
  // PS §6.4: a unit that fired moves at most combat speed.
  if (unit(u).fired) cap = MaxMoveToFireDirect(p);
  // PS §8.14: armoured troops at levels 3 and 4 still move at terrain speed.
  if (unit(u).suppression >= 3) cap = cap < 0 ? p.terrain : std::min(cap, p.terrain);
  // PS §4.4: after dismounting, figures without heavy weapons move one more field on foot.
  if (unit(u).loaded && IsBase(type_of(u))) {
    const int extra = ExtraFootMoveAfterDismounting(type_of(u).category != Category::kFigureBase);
    cap = cap < 0 ? extra : std::min(cap, extra);
  }
  return cap;
}

bool PlanspielState::may_move(int u, Text* why) const {
  const SituationUnit& su = game_->situation().units[static_cast<size_t>(u)];
  const UnitState& s = unit(u);
  if (su.party != active_)
    return PS_REFUSE(
        why, {"PS §3.1: only the active party moves", "PS §3.1: nur die aktive Partei bewegt"});
  if (s.status == UnitStatus::kLost)
    return PS_REFUSE(why,
                     say("scenarios §1.7: {} is lost", "scenarios §1.7: {} ist verloren", su.id));
  if (s.status == UnitStatus::kWaiting && turn_ < su.arrives)
    return PS_REFUSE(why, say("scenarios §1.6: {} arrives in game turn {}",
                              "scenarios §1.6: {} trifft im Zug {} ein", su.id, su.arrives));
  if (s.aboard >= 0)
    return PS_REFUSE(why,
                     say("PS §4.4: {} is aboard {} and moves with it",
                         "PS §4.4: {} ist auf {} aufgesessen und fährt mit", su.id, uid(s.aboard)));
  if (s.work != 0) return work_refusal(u, why);
  if (s.has_moved)
    return PS_REFUSE(why, say("PS §3.4: {} has moved this half-turn",
                              "PS §3.4: {} hat sich in diesem Teilzug schon bewegt", su.id));
  const MoveProfile p = game_->move_profile(u);
  if (p.terrain <= 0 && p.road <= 0)
    return PS_REFUSE(why, say("PS §4.4: {} cannot move on its own",
                              "PS §4.4: {} kann sich nicht aus eigener Kraft bewegen", su.id));
  if (s.fired && !p.moves_and_fires)
    return PS_REFUSE(why, say("PS §3.4: {} fired this half-turn and may not also move",
                              "PS §3.4: {} hat in diesem Teilzug gefeuert und darf sich nicht auch "
                              "bewegen",
                              su.id));
  if (s.suppression >= 5)
    return PS_REFUSE(why,
                     say("PS §8.14: {} is suppressed black and cannot move",
                         "PS §8.14: {} ist schwarz niedergehalten und bewegungsunfähig", su.id));
  if (s.suppression >= 3 && type_of(u).armour == ArmourClass::kNone)
    return PS_REFUSE(why,
                     say("PS §8.14: {} is suppressed and in cover: unarmoured troops cannot move",
                         "PS §8.14: {} ist niedergehalten und in Deckung: ungepanzerte Truppen "
                         "sind bewegungsunfähig",
                         su.id));
  return true;
}

// PS §4.4, §4.5, §6.4, G-13: getting on and off a carrier, limbering and unlimbering.
bool PlanspielState::may_load(int u, int verb, Text* why) const {
  if (!IsLoadVerb(verb))
    return PS_REFUSE(why, {"PS §4.4: not a mounting action", "PS §4.4: kein Auf- oder Absitzen"});
  if (step() != StepKind::kAct)
    return PS_REFUSE(why, {"PS §3.2: only in the active party's activity",
                           "PS §3.2: nur während der Tätigkeit der aktiven Partei"});
  const SituationUnit& su = game_->situation().units[static_cast<size_t>(u)];
  const UnitState& s = unit(u);
  const bool weapon = verb == kLimber || verb == kUnlimber;
  const bool on = verb == kMount || verb == kLimber;
  const char* what = kLoadVerbName[verb - kMount];
  const char* what_de = kLoadVerbInfDe[verb - kMount];
  if (su.party != active_)
    return PS_REFUSE(
        why, {"PS §3.1: only the active party acts", "PS §3.1: nur die aktive Partei handelt"});
  if (weapon != (type_of(u).category == Category::kHeavyWeaponBase))
    return PS_REFUSE(why, weapon ? Text{"PS §4.4: only a weapon base limbers or unlimbers",
                                        "PS §4.4: nur eine Waffenbase protzt auf oder ab"}
                                 : Text{"PS §4.4: only figures mount or dismount; a weapon base "
                                        "limbers",
                                        "PS §4.4: nur Figuren sitzen auf oder ab; eine Waffenbase "
                                        "protzt auf"});
  // Getting off: the vehicle it is aboard (a substitute tow or a free tow, PS §4.4, when not its
  // own).
  int c = !on && s.aboard >= 0 ? s.aboard : su.carrier;
  // PS §4.4: figures without their own carrier in their field may mount a free tow there (its
  // weapon lost), used like a truck.
  if (verb == kMount && s.aboard < 0 &&
      (c < 0 || unit(c).status != UnitStatus::kOnBoard || !(field_of(c) == field_of(u)))) {
    if (const int t = free_tow(u, nullptr); t >= 0) {
      c = t;
    } else if (c < 0) {
      if (!why) return false;
      Text no;
      free_tow(u, &no);
      *why = !no.en.empty() ? no
                            : say("PS §4.4: {0} has no carrier of its own and no free tow stands "
                                  "in {1}",
                                  "PS §4.4: {0} hat kein eigenes Transportfahrzeug und in {1} "
                                  "steht kein freies Zugmittel",
                                  su.id, field_text(field_of(u)));
      return false;
    }
  }
  if (c < 0)
    return PS_REFUSE(
        why, say("PS §4.4: {0} has no {1} of its own", "PS §4.4: {0} hat kein eigenes {2}", su.id,
                 weapon ? "tow" : "carrier", weapon ? "Zugmittel" : "Transportfahrzeug"));
  // PS §4.4: a weapon whose own tow is lost limbers to a suitable substitute in its field, or
  // can only be used where it stands.
  if (weapon && on && unit(c).status == UnitStatus::kLost) {
    c = substitute_tow(u, why);
    if (c < 0) return false;
  }
  const UnitState& cs = unit(c);
  if (s.status != UnitStatus::kOnBoard || cs.status != UnitStatus::kOnBoard)
    return PS_REFUSE(why,
                     say("PS §4.4: {} and {} must both be on the board",
                         "PS §4.4: {} und {} müssen beide auf der Platte sein", su.id, uid(c)));
  if (on && s.aboard >= 0)
    return PS_REFUSE(
        why, say("PS §4.4: {} is aboard already", "PS §4.4: {} ist schon aufgesessen", su.id));
  if (!on && s.aboard < 0)
    return PS_REFUSE(why,
                     say("PS §4.4: {} is not aboard", "PS §4.4: {} ist nicht aufgesessen", su.id));
  if (on && !(field_of(u) == field_of(c)))
    return PS_REFUSE(why, say("PS §4.4: {0} {1} only in the field of {3} ({4})",
                              "PS §4.4: {0} kann nur im Feld von {3} ({4}) {2}", su.id, what,
                              what_de, uid(c), field_text(field_of(c))));
  // PS §4.5: one transport carries or tows one unit (a substitute tow may hold another's load).
  if (on) {
    const int l = load_of(c);
    if (l >= 0 && l != u)
      return PS_REFUSE(why, say("PS §4.5: {0} carries or tows one unit, and {1} is aboard it",
                                "PS §4.5: {0} trägt oder zieht eine Einheit, und {1} ist schon "
                                "darauf",
                                uid(c), uid(l)));
  }
  // G-38: a unit at work (digging in, camouflaging) does nothing else this half-turn.
  if (s.work != 0) return work_refusal(u, why);
  // Reading: one getting on or off per unit and half-turn.
  if (s.loaded)
    return PS_REFUSE(
        why, say("PS §4.4: {} got on or off once this half-turn",
                 "PS §4.4: {} ist in diesem Teilzug schon einmal auf- oder abgesessen", su.id));
  if (on) {
    // PS §4.4: figures without heavy weapons move at most one field on foot before mounting;
    // heavy weapons not at all.
    const int extra = ExtraFootMoveAfterDismounting(weapon);
    if (s.moved > extra)
      return PS_REFUSE(why, say("PS §4.4: {0} moved {1} field(s); at most {2} before it {3}",
                                "PS §4.4: {0} hat sich {1} Feld(er) bewegt; höchstens {2} vor dem "
                                "{4}",
                                su.id, s.moved, extra, what, kLoadNounDe[verb - kMount]));
    if (s.suppression >= 3)
      return PS_REFUSE(why, say("PS §8.14: {} is suppressed and cannot move",
                                "PS §8.14: {} ist niedergehalten und bewegungsunfähig", su.id));
    if (s.fled && type_of(c).category == Category::kApc)
      return PS_REFUSE(why, say("PS §4.4: after a flight, {} cannot remount its APC {}",
                                "PS §4.4: nach einer Flucht kann {} nicht wieder auf seinen "
                                "Schützenpanzer {} aufsitzen",
                                su.id, uid(c)));
  }
  if (verb == kDismount && type_of(c).category == Category::kApc && cs.suppression >= 3)
    return PS_REFUSE(why,
                     say("PS §4.4: the grenadiers of the suppressed APC {} cannot dismount",
                         "PS §4.4: die Panzergrenadiere des niedergehaltenen Schützenpanzers {} "
                         "können nicht absitzen",
                         uid(c)));
  // PS §8.14 reading: tank riders suppressed with their armoured vehicle stay aboard, as the
  // grenadiers of an APC (troops on armoured vehicles move only with it at levels 3 and 4).
  if (verb == kDismount && type_of(c).armour != ArmourClass::kNone &&
      (cs.suppression >= 3 || s.suppression >= 3))
    return PS_REFUSE(
        why, say("PS §8.14: {0} is suppressed with {1} and stays aboard",
                 "PS §8.14: {0} ist mit {1} niedergehalten und bleibt aufgesessen", su.id, uid(c)));
  // PS §6.4, G-13: the vehicle moves, or has moved, at most half its speed in the half-turn.
  if (cs.has_moved) {
    const int allowance = Allowance(game_->move_profile(c), cs.road_move);
    if (!MayMountOrDismount(allowance, cs.moved))
      return PS_REFUSE(why,
                       say("PS §6.4, G-13: {} moved {} fields, more than half its speed ({} of "
                           "{})",
                           "PS §6.4, G-13: {} hat sich {} Felder bewegt, mehr als die halbe "
                           "Geschwindigkeit ({} von {})",
                           uid(c), cs.moved, HalfSpeed(allowance), allowance));
  }
  return true;
}

// PS §4.4 ("A substitute tow or transport may be used like a truck, but it must suit the weapon
// and roughly correspond to the original vehicle model"), reading R-ST (docs/rules/planspiel.md
// §4.4): an unarmed transport model of the weapon's party in the weapon's field that may tow a
// weapon base (§4.5: a normal transport or a tow), free of any load, and not the own tow of another
// weapon still operational (its ammunition is aboard); the first such in unit order.
int PlanspielState::substitute_tow(int u, Text* why) const {
  const SituationUnit& su = game_->situation().units[static_cast<size_t>(u)];
  const Field at = field_of(u);
  int first_refused = -1;
  Text refusal;
  for (int v = 0; v < num_units(); ++v) {
    if (v == u || v == su.carrier || party_of(v) != su.party) continue;
    const UnitState& vs = unit(v);
    if (vs.status != UnitStatus::kOnBoard || vs.aboard >= 0 || !(field_of(v) == at)) continue;
    const UnitType& t = type_of(v);
    if (t.terrain != Mover::kVehicle || IsBase(t)) continue;
    Text no;
    const int own = game_->situation().units[static_cast<size_t>(v)].load;
    if (t.category != Category::kTransport ||
        (t.capacity != Capacity::kOneBase && t.capacity != Capacity::kTowOneWeapon)) {
      no =
          say("PS §4.4, §4.5: {0} is no transport or tow: a substitute tow must suit the weapon "
              "and roughly correspond to the original vehicle model ({1})",
              "PS §4.4, §4.5: {0} ist kein Transport- oder Zugfahrzeug: ein Ersatzzugmittel muss "
              "zur Waffe passen und etwa dem Originalfahrzeugmodell ({1}) entsprechen",
              uid(v), uid(su.carrier));
    } else if (t.weight_t < type_of(u).tow_weight_t) {
      // Reading R-ST: "leistungsmäßig geeignet" by the catalogue's weights (tow_weight_t).
      no =
          say("PS §4.4: {0} ({1} t) is too light to tow {2}: a substitute tow must suit the "
              "weapon in performance (at least {3} t)",
              "PS §4.4: {0} ({1} t) ist zu leicht, um {2} zu ziehen: ein Ersatzzugmittel muss "
              "leistungsmäßig zur Waffe passen (mindestens {3} t)",
              uid(v), t.weight_t, su.id, type_of(u).tow_weight_t);
    } else if (const int l = load_of(v); l >= 0) {
      no = say("PS §4.5: {0} carries or tows one unit, and {1} is aboard it",
               "PS §4.5: {0} trägt oder zieht eine Einheit, und {1} ist schon darauf", uid(v),
               uid(l));
    } else if (own >= 0 && type_of(own).category == Category::kHeavyWeaponBase &&
               unit(own).status != UnitStatus::kLost) {
      no =
          say("PS §4.4: {0} carries the ammunition of {1} and may not be used for other tasks "
              "while {1} is operational",
              "PS §4.4: {0} führt die Munition von {1} mit und darf nicht für andere Aufgaben "
              "verwendet werden, solange {1} einsatzfähig ist",
              uid(v), uid(own));
    } else {
      return v;
    }
    if (first_refused < 0) {
      first_refused = v;
      refusal = no;
    }
  }
  if (first_refused >= 0) return why ? (*why = refusal, -1) : -1;
  if (why)
    *why =
        say("PS §4.4: the tow {1} of {0} is lost and no suitable vehicle stands in {2}: a "
            "weapon without a suitable vehicle is used only where it stands",
            "PS §4.4: das Zugmittel {1} von {0} ist ausgefallen und in {2} steht kein "
            "geeignetes Fahrzeug: eine Waffe ohne geeignetes Fahrzeug wird nur ortsfest "
            "eingesetzt",
            su.id, uid(su.carrier), field_text(at));
  return -1;
}

// PS §4.4 ("Zugmittel von schweren Waffen können, solange ihre Waffe noch einsatzfähig ist, nicht
// zum Transport anderer Truppen eingesetzt werden"; "Ein Ersatzzugfahrzeugmodell kann wie ein LKW
// eingesetzt werden"), reading R-FT (docs/rules/planspiel.md §4.4): a tow of figure base `u`'s
// party in its field whose own weapon is lost carries other troops like a truck, one unit (§4.5);
// the first such in unit order. A tow whose weapon is operational is refused with the rule.
int PlanspielState::free_tow(int u, Text* why) const {
  const int party = party_of(u);
  const Field at = field_of(u);
  for (int v : game_->tows()) {  // the tows (PS §4.5), in unit order
    const UnitState& vs = unit(v);
    if (vs.x != at.x || vs.y != at.y || v == u || vs.status != UnitStatus::kOnBoard ||
        vs.aboard >= 0 || party_of(v) != party)
      continue;
    const int own = game_->situation().units[static_cast<size_t>(v)].load;
    const bool ammunition = own >= 0 && unit(own).status != UnitStatus::kLost;
    const int l = ammunition ? -1 : load_of(v);
    if (!ammunition && l < 0) return v;
    // The refusal's text only when it is asked for (the legal actions ask without).
    if (!why || !why->en.empty()) continue;
    Text no;
    if (ammunition) {
      no =
          say("PS §4.4: the tow {0} carries the ammunition of {1} and may not carry other troops "
              "while {1} is operational",
              "PS §4.4: das Zugmittel {0} führt die Munition von {1} mit und darf nicht zum "
              "Transport anderer Truppen eingesetzt werden, solange {1} einsatzfähig ist",
              uid(v), uid(own));
    } else {
      no = say("PS §4.5: {0} carries or tows one unit, and {1} is aboard it",
               "PS §4.5: {0} trägt oder zieht eine Einheit, und {1} ist schon darauf", uid(v),
               uid(l));
    }
    *why = no;
  }
  return -1;
}

bool PlanspielState::may_overrun(int u, Field f, Text* why) const {
  if (step() != StepKind::kAct)
    return PS_REFUSE(why, {"PS §3.2: only in the active party's activity",
                           "PS §3.2: nur während der Tätigkeit der aktiven Partei"});
  const Board& b = game_->board();
  const SituationUnit& su = game_->situation().units[static_cast<size_t>(u)];
  const UnitState& s = unit(u);
  const UnitType& t = type_of(u);
  if (su.party != active_)
    return PS_REFUSE(
        why, {"PS §3.1: only the active party acts", "PS §3.1: nur die aktive Partei handelt"});
  if (s.status != UnitStatus::kOnBoard || s.aboard >= 0)
    return PS_REFUSE(why, say("PS §10.6: {} is not on the board on its own",
                              "PS §10.6: {} steht nicht selbst auf der Platte", su.id));
  if (!t.can_overrun)
    return PS_REFUSE(
        why, say("PS §10.6, G-37: only tracked combat vehicles overrun; {} cannot",
                 "PS §10.6, G-37: nur Kettenfahrzeuge überrollen; {} kann es nicht", su.id));
  if (s.work != 0) return work_refusal(u, why);
  if (s.fired)
    return PS_REFUSE(why, say("PS §3.4: {} has fired this half-turn (the overrun is its attack)",
                              "PS §3.4: {} hat in diesem Teilzug gefeuert (das Überrollen ist sein "
                              "Angriff)",
                              su.id));
  if (s.suppression >= 5)
    return PS_REFUSE(why,
                     say("PS §8.14: {} is suppressed black and cannot move",
                         "PS §8.14: {} ist schwarz niedergehalten und bewegungsunfähig", su.id));
  if (!b.on_board(f) || Distance(field_of(u), f) != 1)
    return PS_REFUSE(why, {"PS §10.6: the vehicle drives into an adjacent field",
                           "PS §10.6: das Fahrzeug fährt in ein angrenzendes Feld ein"});
  const std::vector<int> d = seen_enemies_in(su.party, f);
  if (d.empty())
    return PS_REFUSE(why,
                     say("PS §10.6: an overrun is against enemy troops {0} sees in {2}",
                         "PS §10.6: überrollt werden feindliche Truppen, die {1} in {2} erkannt "
                         "hat",
                         PartyEn(su.party), PartyDe(su.party), field_text(f)));
  for (int o : d)
    if (!IsBase(type_of(o)))
      return PS_REFUSE(why, say("PS §10.6, G-37: only weapon and figure bases are overrun; {} is a "
                                "vehicle (anti-tank close combat, not built)",
                                "PS §10.6, G-37: überrollt werden nur Waffen- und Figurenbasen; {} "
                                "ist ein Fahrzeug (Panzernahbekämpfung)",
                                uid(o)));
  if (wreck_at(f) >= 0)
    return PS_REFUSE(why, say("PS §2.3, §6.10: the wreck of {} in {} blocks vehicles until it is "
                              "recovered",
                              "PS §2.3, §6.10: das Schadfahrzeug {} in {} sperrt Fahrzeuge, bis es "
                              "geborgen ist",
                              uid(wreck_at(f)), field_text(f)));
  if (CanStep(b, field_of(u), f, t.terrain) != StepResult::kOk)
    return PS_REFUSE(why, say("PS §10.6, PS §6.5: {} cannot drive from {} into {}",
                              "PS §10.6, PS §6.5: {} kann nicht von {} nach {} fahren", su.id,
                              field_text(field_of(u)), field_text(f)));
  // G-37: only with movement left to enter the field (G-12: a road step after road steps only).
  const MoveProfile p = game_->move_profile(u);
  int allowance = Allowance(p, (!s.has_moved || s.road_move) && IsRoadStep(b, field_of(u), f));
  if (const int cap = move_cap(u); cap >= 0) allowance = std::min(allowance, cap);
  if (s.moved + 1 > allowance)
    return PS_REFUSE(why, say("G-37: {} has no movement left to enter {} ({} of {} fields moved)",
                              "G-37: {} hat keine Bewegung mehr, um {} zu erreichen ({} von {} "
                              "Feldern bewegt)",
                              su.id, field_text(f), s.moved, allowance));
  return true;
}

bool PlanspielState::may_antitank(int u, Field f, Text* why) const {
  if (step() != StepKind::kAct)
    return PS_REFUSE(why, {"PS §3.2: only in the active party's activity",
                           "PS §3.2: nur während der Tätigkeit der aktiven Partei"});
  const Board& b = game_->board();
  const SituationUnit& su = game_->situation().units[static_cast<size_t>(u)];
  const UnitState& s = unit(u);
  if (su.party != active_)
    return PS_REFUSE(
        why, {"PS §3.1: only the active party acts", "PS §3.1: nur die aktive Partei handelt"});
  if (type_of(u).category != Category::kFigureBase)
    return PS_REFUSE(why, {"PS §10.5: anti-tank close combat is fought by figures",
                           "PS §10.5: die Panzernahbekämpfung führen Figuren"});
  if (s.status != UnitStatus::kOnBoard || s.aboard >= 0)
    return PS_REFUSE(why, say("PS §10.5: {} is not on the board on its own",
                              "PS §10.5: {} steht nicht selbst auf der Platte", su.id));
  // PS §10.5: from movement; the close fighters' suppression is ignored.
  if (s.work != 0) return work_refusal(u, why);
  if (s.has_moved || s.fired)
    return PS_REFUSE(why,
                     say("PS §3.4: {} has moved or fired this half-turn",
                         "PS §3.4: {} hat sich in diesem Teilzug bewegt oder gefeuert", su.id));
  // G-36: figures that start their half-turn in the vehicle's field (a mixed field, G-07) fight
  // it there with an effect roll; else they move into the adjacent field.
  const bool in_field = b.on_board(f) && f == field_of(u);
  if (!in_field && (!b.on_board(f) || Distance(field_of(u), f) != 1))
    return PS_REFUSE(why, {"PS §10.5: the figures move into an adjacent field, or fight in their "
                           "own (G-36)",
                           "PS §10.5: die Figuren gehen in ein angrenzendes Feld oder kämpfen im "
                           "eigenen (G-36)"});
  const std::vector<int> d = seen_enemies_in(su.party, f);
  if (d.empty())
    return PS_REFUSE(why, say("PS §10.5: anti-tank close combat is against enemy vehicles {0} sees "
                              "in {2}",
                              "PS §10.5: die Panzernahbekämpfung richtet sich gegen feindliche "
                              "Fahrzeuge, die {1} in {2} erkannt hat",
                              PartyEn(su.party), PartyDe(su.party), field_text(f)));
  for (int o : d) {
    if (IsBase(type_of(o)))
      return PS_REFUSE(why, say("PS §10.5: {} holds figures: infantry close combat comes first "
                                "(assault)",
                                "PS §10.5: in {} stehen Figuren: zuerst wird der infanteristische "
                                "Nahkampf ausgefochten",
                                field_text(f)));
    if (type_of(o).armour == ArmourClass::kNone)
      return PS_REFUSE(why, say("PS §10.5: anti-tank close combat is against armoured vehicles; {} "
                                "is unarmoured",
                                "PS §10.5: die Panzernahbekämpfung richtet sich gegen gepanzerte "
                                "Fahrzeuge; {} ist ungepanzert",
                                uid(o)));
  }
  if (!in_field && CanStep(b, field_of(u), f, Mover::kFoot) != StepResult::kOk)
    return PS_REFUSE(why, say("PS §10.5, PS §6.5: {} cannot move from {} into {}",
                              "PS §10.5, PS §6.5: {} kann nicht von {} nach {} gehen", su.id,
                              field_text(field_of(u)), field_text(f)));
  return true;
}

bool PlanspielState::may_mounted_attack(int c, Field f, Text* why) const {
  if (step() != StepKind::kAct)
    return PS_REFUSE(why, {"PS §3.2: only in the active party's activity",
                           "PS §3.2: nur während der Tätigkeit der aktiven Partei"});
  const Board& b = game_->board();
  const SituationUnit& sc = game_->situation().units[static_cast<size_t>(c)];
  const UnitState& cs = unit(c);
  if (sc.party != active_)
    return PS_REFUSE(
        why, {"PS §3.1: only the active party acts", "PS §3.1: nur die aktive Partei handelt"});
  const int l = load_of(c);
  if (l < 0 || type_of(l).category != Category::kFigureBase)
    return PS_REFUSE(why,
                     say("PS §10.4: a mounted attack is made by a vehicle carrying figures; {} "
                         "carries none",
                         "PS §10.4: ein aufgesessener Angriff braucht ein Fahrzeug mit Figuren; "
                         "{} trägt keine",
                         sc.id));
  if (cs.status != UnitStatus::kOnBoard)
    return PS_REFUSE(why, say("PS §10.4: {} is not on the board",
                              "PS §10.4: {} ist nicht auf der Platte", sc.id));
  if (cs.work != 0) return work_refusal(c, why);
  if (cs.fired)
    return PS_REFUSE(why, say("PS §3.4: {} has fired this half-turn",
                              "PS §3.4: {} hat in diesem Teilzug gefeuert", sc.id));
  if (cs.suppression >= 5)
    return PS_REFUSE(why,
                     say("PS §8.14: {} is suppressed black and cannot move",
                         "PS §8.14: {} ist schwarz niedergehalten und bewegungsunfähig", sc.id));
  if (unit(l).loaded)
    return PS_REFUSE(
        why, say("PS §4.4: {} got on or off once this half-turn",
                 "PS §4.4: {} ist in diesem Teilzug schon einmal auf- oder abgesessen", uid(l)));
  if (type_of(c).armour != ArmourClass::kNone && type_of(c).category != Category::kApc &&
      (cs.suppression >= 3 || unit(l).suppression >= 3))
    return PS_REFUSE(
        why, say("PS §8.14: {0} is suppressed with {1} and stays aboard",
                 "PS §8.14: {0} ist mit {1} niedergehalten und bleibt aufgesessen", uid(l), sc.id));
  if (type_of(c).category == Category::kApc && cs.suppression >= 3)
    return PS_REFUSE(why,
                     say("PS §4.4: the grenadiers of the suppressed APC {} cannot dismount",
                         "PS §4.4: die Panzergrenadiere des niedergehaltenen Schützenpanzers {} "
                         "können nicht absitzen",
                         sc.id));
  if (!b.on_board(f) || Distance(field_of(c), f) != 1)
    return PS_REFUSE(why, {"PS §10.4: the vehicle drives into an adjacent field",
                           "PS §10.4: das Fahrzeug fährt in ein angrenzendes Feld ein"});
  const std::vector<int> d = seen_enemies_in(sc.party, f);
  if (d.empty())
    return PS_REFUSE(why, say("PS §10.4: a mounted attack is against enemy figures {0} sees in {2}",
                              "PS §10.4: ein aufgesessener Angriff richtet sich gegen feindliche "
                              "Figuren, die {1} in {2} erkannt hat",
                              PartyEn(sc.party), PartyDe(sc.party), field_text(f)));
  for (int o : d)
    if (!IsBase(type_of(o)))
      return PS_REFUSE(why, say("PS §10.4: {} holds the vehicle {}: a mounted attack is against "
                                "figures",
                                "PS §10.4: in {} steht das Fahrzeug {}: ein aufgesessener Angriff "
                                "richtet sich gegen Figuren",
                                field_text(f), uid(o)));
  if (CanStep(b, field_of(c), f, type_of(c).terrain) != StepResult::kOk)
    return PS_REFUSE(why, say("PS §10.4, PS §6.5: {} cannot drive from {} into {}",
                              "PS §10.4, PS §6.5: {} kann nicht von {} nach {} fahren", sc.id,
                              field_text(field_of(c)), field_text(f)));
  // PS §10.4 [REC], G-13: the figures dismount, so the vehicle moves at most half its speed.
  const int allowance = Allowance(game_->move_profile(c),
                                  (!cs.has_moved || cs.road_move) && IsRoadStep(b, field_of(c), f));
  if (!MayMountOrDismount(allowance, cs.moved + 1))
    return PS_REFUSE(why,
                     say("PS §10.4, G-13: {} would move {} fields, more than half its speed ({} "
                         "of {})",
                         "PS §10.4, G-13: {} würde sich {} Felder bewegen, mehr als die halbe "
                         "Geschwindigkeit ({} von {})",
                         sc.id, cs.moved + 1, HalfSpeed(allowance), allowance));
  return true;
}

int PlanspielState::load_of(int c) const {
  // Outside apply() (the keys compared since the last change), from the table kept with the
  // seen enemies: the loads depend only on the units' `aboard`, part of their keys.
  if (seen_cache_.checked && !seen_cache_.mutating && seen_cache_.loads_valid)
    return seen_cache_.loads[static_cast<size_t>(c)];
  for (int u = 0; u < num_units(); ++u)
    if (unit(u).aboard == c) return u;
  return -1;
}

bool PlanspielState::enter_mixed_field(int v, Field f) {
  const int party = party_of(v);
  // Reading: as far as its party's stacking limit in the field allows (PS §5.1, G-06).
  FieldContents own;
  for (int o = 0; o < num_units(); ++o)
    if (o != v && unit(o).aboard != v && party_of(o) == party &&
        unit(o).status == UnitStatus::kOnBoard && field_of(o) == f)
      own.push_back(OccupantOf(type_of(o), party));
  std::vector<Occupant> load;
  if (const int l = load_of(v); l >= 0) load.push_back(OccupantOf(type_of(l), party));
  if (!MayEndWithLoad(own, OccupantOf(type_of(v), party), load)) return false;
  UnitState& vs = units_[static_cast<size_t>(v)];
  vs.x = f.x;
  vs.y = f.y;
  ++vs.moved;
  carry_along(v);
  return true;
}

bool PlanspielState::only_figures_of(Field f, int party) const {
  for (int o = 0; o < num_units(); ++o)
    if (party_of(o) == party && unit(o).status == UnitStatus::kOnBoard && field_of(o) == f &&
        type_of(o).category != Category::kFigureBase && type_of(o).category != Category::kRiders)
      return false;
  return true;
}

void PlanspielState::carry_along(int c) {
  const UnitState& cs = units_[static_cast<size_t>(c)];
  for (UnitState& s : units_)
    if (&s != &cs && s.aboard == c) {
      s.x = cs.x;
      s.y = cs.y;
      s.status = cs.status;
    }
}

std::vector<std::unique_ptr<PlanspielState::SearchBuffers>>& PlanspielState::search_pool() {
  thread_local std::vector<std::unique_ptr<SearchBuffers>> pool;
  return pool;
}

void PlanspielState::SearchBuffersBack::operator()(SearchBuffers* b) const {
  search_pool().emplace_back(b);
}

// Breadth-first search for the shortest legal paths of unit u, along the road only (G-12) and
// across country; the units its party sees close fields (G-07) and stop it (PS §5.3).
uint64_t PlanspielState::new_position_id() {
  return next_position_id.fetch_add(1);
}

PlanspielState::Search PlanspielState::search(int u, bool wrecks, int target) const {
  Search r;
  {
    auto& pool = search_pool();
    if (pool.empty()) {
      r.buf.reset(new SearchBuffers);
    } else {
      r.buf.reset(pool.back().release());
      pool.pop_back();
    }
  }
  r.buf->closed.clear();
  const Board& b = game_->board();
  const SituationUnit& su = game_->situation().units[static_cast<size_t>(u)];
  const MoveProfile p = game_->move_profile(u);
  const int cap = move_cap(u);
  // contents_seen_by(party, u): the party's table, and the fields of the mover and its load
  // without them.
  contents_seen_by(su.party, u, r.buf->seen);  // the mover's load moves with it
  r.board = &b;
  r.party = su.party;
  const Occupant me = OccupantOf(type_of(u), su.party);
  r.me = me;
  // PS §2.3, §6.10: a wreck closes its defile field to vehicles and towed weapons (reading: they
  // can neither pass it nor stand beside it there; pure figure bases are exempt).
  if (wrecks && p.mover == Mover::kVehicle)
    for (const UnitState& w : units_)
      if (w.wreck) {
        if (r.wrecked.empty()) r.wrecked.assign(static_cast<size_t>(b.width() * b.height()), 0);
        r.wrecked[static_cast<size_t>(b.index({w.x, w.y}))] = 1;
      }
  if (const int l = load_of(u); l >= 0) r.load.push_back(OccupantOf(type_of(l), su.party));
  r.outside = unit(u).status == UnitStatus::kWaiting;
  // The start fields: the unit's own, or for a reinforcement its entry field and, while that is
  // not free, the nearest free edge fields within 2 of it, either side (scenarios §1.6, PS-3
  // §5.7).
  std::array<Field, 8> starts;
  size_t num_starts = 0;
  if (!r.outside) {
    starts[num_starts++] = field_of(u);
    r.start_at = static_cast<size_t>(b.index(field_of(u)));
  } else {
    // Enterable: no enemy, and the unit may stand there; free besides: no own vehicle or
    // weapon model that would end its move there (PS §5.3).
    const auto enterable = [&](Field e) {
      const FieldContents& c = r.at(static_cast<size_t>(b.index(e)));
      for (const Occupant& o : c)
        if (o.party != su.party) return false;
      if (!r.wrecked.empty() && r.wrecked[static_cast<size_t>(b.index(e))]) return false;
      return Passable(b, e, p.mover) && MayEndWithLoad(c, me, r.load);
    };
    const auto free = [&](Field e) {
      for (const Occupant& o : r.at(static_cast<size_t>(b.index(e))))
        if (o.model && me.model) return false;
      return enterable(e);
    };
    if (enterable(su.field)) starts[num_starts++] = su.field;
    if (!free(su.field)) {
      int nearest = -1;
      for (Field e : SameEdgeFieldsWithin(b, su.field, 2))
        if (free(e) && (nearest < 0 || Distance(e, su.field) == nearest)) {
          nearest = Distance(e, su.field);
          starts[num_starts++] = e;
        }
    }
  }
  const size_t n = static_cast<size_t>(b.width() * b.height());
  r.buf->reached.assign((n + 63) / 64, 0);
  uint64_t* const reached = r.buf->reached.data();
  // With a target: reached along the road beyond the start, no search across country is needed
  // (path_from takes the road path).
  bool target_by_road = false;
  for (int road_only = 1; road_only >= 0; --road_only) {
    int limit = road_only ? p.road : p.terrain;
    // PS §6.4, G-13: a vehicle whose load got on or off this half-turn moves at most half speed.
    // (a substitute tow, PS §4.4, as its own carrier).
    if (unit(u).loaded && (su.load >= 0 || !IsBase(type_of(u)))) limit = HalfSpeed(limit);
    if (cap >= 0) limit = std::min(limit, cap);
    const size_t ro = static_cast<size_t>(road_only);
    std::vector<int>& dist = r.buf->dist[ro];
    std::vector<int>& parent = r.buf->parent[ro];
    std::vector<uint8_t>& stop = r.buf->stop[ro];
    std::vector<int>& queue = r.buf->queue[ro];
    size_t& len = r.buf->len[ro];
    if (dist.size() != n || r.buf->width != b.width()) {
      dist.assign(n, -1);
      parent.assign(n, -1);
      stop.assign(n, 0);
      // Every field is queued at most once (its distance is set when it is queued).
      queue.assign(n, 0);
      len = 0;
    }
    // The fields the last search with these buffers reached: unreached again. Their parent and
    // stop are read only where a field is reached, and set when it is.
    for (size_t k = 0; k < len; ++k) dist[static_cast<size_t>(queue[k])] = -1;
    len = 0;
    if (target_by_road) break;
    // Raw views of the arrays and of the contents (Search::at): the byte stores to `stop` would
    // otherwise make the vectors' storage be looked up again after each.
    int* const dp = dist.data();
    int* const pp = parent.data();
    uint8_t* const sp = stop.data();
    int* const qp = queue.data();
    size_t tail = 0;  // first in, first out from `head`
    for (size_t k = 0; k < num_starts; ++k) {
      const Field s0 = starts[k];
      if (r.outside && road_only && !b.road(s0)) continue;
      const size_t i = static_cast<size_t>(b.index(s0));
      if (r.outside && limit < 1) continue;
      dp[i] = r.outside ? 1 : 0;
      pp[i] = -1;
      sp[i] = 0;
      reached[i / 64] |= uint64_t{1} << (i % 64);
      if (r.outside)
        for (const Occupant& o : r.at(i))
          if (o.model && me.model && o.party == su.party) sp[i] = 1;
      qp[tail++] = static_cast<int>(i);
    }
    // The neighbours in row order the mover may step to (PlanspielGame::step_masks: CanStep,
    // IsRoadStep), one bit each.
    const uint8_t* masks = game_->step_masks(p.mover != Mover::kFoot, road_only != 0);
    const uint8_t* steps = game_->step_row(0);  // step_bits(i, d): steps[i * 8 + d]
    // The index steps to the neighbours in that order (the masks keep them on the board).
    const std::ptrdiff_t w = b.width();
    const std::array<std::ptrdiff_t, 8> offset{-w - 1, -w, -w + 1, -1, 1, w - 1, w, w + 1};
    const bool no_wrecks = r.wrecked.empty();
    const SeenContents& seen = r.buf->seen;
    const FieldContents* const table = seen.table->data();
    // The fields of the mover and its load (SeenContents::own) in locals: the stores to `stop`
    // may alias them.
    const size_t own_count = seen.own_count;
    const size_t own0 = own_count > 0 ? seen.own[0].first : n;
    const bool own0_empty = own_count > 0 && seen.own[0].second.empty();
    const auto empty_at = [&](size_t i) {
      if (i == own0) return own0_empty;
      for (size_t k = 1; k < own_count; ++k)
        if (seen.own[k].first == i) return seen.own[k].second.empty();
      return table[i].empty();
    };
    // A field's parent is set when it is first reached: once the target is reached, its path
    // is what the whole search gives.
    const size_t target_at = target >= 0 ? static_cast<size_t>(target) : n;
    const auto target_reached = [&] { return target_at < n && dp[target_at] >= 0; };
    size_t head = 0;
    while (head < tail && !target_reached()) {
      const size_t fi = static_cast<size_t>(qp[head++]);
      if (sp[fi] || dp[fi] >= limit) continue;
      const int next = dp[fi] + 1;
      for (unsigned m = masks[fi]; m != 0; m &= m - 1) {
        const auto d = static_cast<size_t>(std::countr_zero(m));
        const size_t ti = static_cast<size_t>(static_cast<std::ptrdiff_t>(fi) + offset[d]);
        if (dp[ti] >= 0) continue;
        // Search::entry; a field where the party sees nobody and no wreck lies is free.
        Entry e = Entry::kFree;
        if (!no_wrecks || !empty_at(ti))
          e = r.entry_at(ti,
                         [&] { return (steps[fi * 8 + d] & PlanspielGame::kStepPassage) != 0; });
        if (e == Entry::kClosed) {
          r.buf->closed.push_back(static_cast<int>(ti));
          continue;
        }
        dp[ti] = next;
        pp[ti] = static_cast<int>(fi);
        sp[ti] = e == Entry::kEndsMove ? 1 : 0;
        qp[tail++] = static_cast<int>(ti);
        reached[ti / 64] |= uint64_t{1} << (ti % 64);
      }
    }
    len = tail;
    if (road_only && target >= 0 && dist[static_cast<size_t>(target)] > 0) target_by_road = true;
  }
  r.buf->width = b.width();
  r.cap = cap;
  return r;
}

bool PlanspielState::path_from(const Search& s, int u, Field dest, Path& path, bool forced,
                               bool check) const {
  const Board& b = game_->board();
  const size_t di = static_cast<size_t>(b.index(dest));
  if (!forced && !MayEndWithLoad(s.at(di), s.me, s.load)) return false;  // PS §5.1, §5.4
  for (size_t road_only : {size_t{1}, size_t{0}}) {
    const int d = s.dist(road_only)[di];
    if (d < 0 || (!s.outside && d == 0)) continue;
    path.fields.clear();
    path.fields.reserve(static_cast<size_t>(d) + 1);
    path.from_outside = s.outside;
    path.road_only = road_only == 1;
    for (int i = static_cast<int>(di); i >= 0; i = s.parent(road_only)[static_cast<size_t>(i)])
      path.fields.push_back({i % b.width(), i / b.width()});
    std::reverse(path.fields.begin(), path.fields.end());
    if (!check) return true;
    const PathCheck checked = CheckPath(
        b, game_->move_profile(u), path.fields, s.cap,
        [&s](Field from, Field to) { return s.entry(from, to); }, s.outside);
    if (checked.result != PathResult::kOk)
      throw std::logic_error(fmt::format("planspiel: path of {} to {} fails CheckPath: {}", uid(u),
                                         field_text(dest), path_result_name(checked.result)));
    return true;
  }
  return false;
}

bool PlanspielState::find_path(int u, Field dest, Path& path, bool forced, bool check) const {
  // A search kept from this position's legal actions gives the same path (kept_path).
  if (!forced && !seen_cache_.mutating && kept_path(seen_cache_.position, u, dest, path, check))
    return true;
  const Board& b = game_->board();
  return path_from(search(u, true, b.on_board(dest) ? b.index(dest) : -1), u, dest, path, forced,
                   check);
}

// PS §6.7: a withdrawal is a backward move from the enemy units the mover's party sees (its
// knowledge) that have its start field in the range of their flat fire: no field of the path is
// closer to any of them than the field before, and the end is farther from each than the start.
bool PlanspielState::withdraws_along(int u, const Path& path, Text* why) const {
  const int party = party_of(u);
  if (path.from_outside || path.fields.size() < 2)
    return PS_REFUSE(why, say("PS §6.7: {} is not on the board",
                              "PS §6.7: {} ist nicht auf der Platte", uid(u)));
  const Field start = path.fields.front();
  bool any = false;
  for (int e : seen_enemies(party)) {
    if (!flat_threat(e, start)) continue;
    const Field fe = field_of(e);
    any = true;
    for (size_t i = 1; i < path.fields.size(); ++i)
      if (Distance(fe, path.fields[i]) < Distance(fe, path.fields[i - 1]))
        return PS_REFUSE(why,
                         say("PS §6.7: the path to {} comes closer to {} in {}: no withdrawal",
                             "PS §6.7: der Weg nach {} nähert sich {} in {}: kein Absetzen",
                             field_text(path.fields.back()), uid(e), field_text(path.fields[i])));
    if (Distance(fe, path.fields.back()) <= Distance(fe, start))
      return PS_REFUSE(why, say("PS §6.7: {} does not increase the distance to {}: no withdrawal",
                                "PS §6.7: {} vergrößert den Abstand zu {} nicht: kein Absetzen",
                                field_text(path.fields.back()), uid(e)));
  }
  if (!any)
    return PS_REFUSE(why, say("PS §6.7: {} is in the flat-fire range of no enemy unit {} sees",
                              "PS §6.7: {} ist in der Flachfeuer-Reichweite keiner feindlichen "
                              "Einheit, die {} erkannt hat",
                              uid(u), PartyEn(party), PartyDe(party)));
  return true;
}

int PlanspielState::wreck_at(Field f) const {
  for (int w = 0; w < num_units(); ++w)
    if (unit(w).wreck && field_of(w) == f) return w;
  return -1;
}

bool PlanspielState::may_recover(int u, Field f, Text* why) const {
  const Board& b = game_->board();
  const SituationUnit& su = game_->situation().units[static_cast<size_t>(u)];
  const UnitState& s = unit(u);
  const UnitType& t = type_of(u);
  if (step() != StepKind::kAct)
    return PS_REFUSE(why, {"PS §3.2: only in the active party's activity",
                           "PS §3.2: nur während der Tätigkeit der aktiven Partei"});
  if (su.party != active_)
    return PS_REFUSE(
        why, {"PS §3.1: only the active party recovers", "PS §3.1: nur die aktive Partei birgt"});
  if (s.status != UnitStatus::kOnBoard || s.aboard >= 0)
    return PS_REFUSE(why, say("PS §6.10: {} is not on the board on its own",
                              "PS §6.10: {} steht nicht selbständig auf der Platte", su.id));
  if (t.terrain != Mover::kVehicle || IsBase(t))
    return PS_REFUSE(why,
                     say("PS §6.10: a vehicle model recovers; {} is none",
                         "PS §6.10: geborgen wird mit einem Fahrzeugmodell; {} ist keines", su.id));
  if (s.suppression > 0)
    return PS_REFUSE(why,
                     say("PS §6.10, §12.1: {} is suppressed and cannot work",
                         "PS §6.10, §12.1: {} ist niedergehalten und kann nicht arbeiten", su.id));
  if (s.work != 0) return work_refusal(u, why);
  if (s.has_moved || s.fired || s.loaded)
    return PS_REFUSE(why, say("G-38: a recovery occupies {} for its whole half-turn; it has acted "
                              "already",
                              "G-38: eine Bergung beansprucht {} den ganzen Teilzug; es war schon "
                              "tätig",
                              su.id));
  // PS §4.4, §16: a tow carries its weapon's ammunition and may not be used for other tasks
  // while the weapon is operational (reading: not lost).
  if (const int l = su.load; l >= 0 && type_of(l).category == Category::kHeavyWeaponBase &&
                             unit(l).status != UnitStatus::kLost)
    return PS_REFUSE(why,
                     say("PS §4.4: {0} carries the ammunition of {1} and may not be used for "
                         "other tasks while {1} is operational",
                         "PS §4.4: {0} führt die Munition von {1} mit und darf nicht für andere "
                         "Aufgaben verwendet werden, solange {1} einsatzfähig ist",
                         su.id, uid(l)));
  if (!b.on_board(f) || wreck_at(f) < 0)
    return PS_REFUSE(why, say("PS §6.10: there is no wreck in {}",
                              "PS §6.10: in {} steht kein "
                              "Schadfahrzeug",
                              b.on_board(f) ? field_text(f) : std::string("-")));
  const int w = wreck_at(f);
  // Reading: the wreck fills the defile field, so the vehicle works from an adjacent field it
  // could drive into the wreck's field from (PS §6.10 "or in an adjacent field", §12.1).
  if (Distance(field_of(u), f) != 1 || CanStep(b, field_of(u), f, t.terrain) != StepResult::kOk)
    return PS_REFUSE(why, say("PS §6.10, §12.1: {} must stand next to the wreck in {}, where it "
                              "could drive in",
                              "PS §6.10, §12.1: {} muss neben dem Schadfahrzeug in {} stehen, von "
                              "wo es hineinfahren könnte",
                              su.id, field_text(f)));
  if (t.weight_t < type_of(w).weight_t)
    return PS_REFUSE(
        why, say("PS §6.10: {0} ({1} t) is lighter than the wreck of {2} ({3} t)",
                 "PS §6.10: {0} ({1} t) ist leichter als das Schadfahrzeug {2} ({3} t)", su.id,
                 t.weight_t, uid(w), type_of(w).weight_t));
  return true;
}

std::vector<Field> PlanspielState::recover_targets(int u) const {
  std::vector<Field> out;
  const UnitType& t = type_of(u);
  if (t.terrain != Mover::kVehicle || IsBase(t) || unit(u).status != UnitStatus::kOnBoard)
    return out;
  // Without a wreck on the board (kept per position) nothing to recover.
  if (seen_cache_.position != 0 && !seen_cache_.mutating && !kept_for_position().any_wreck)
    return out;
  for (int w = 0; w < num_units(); ++w)
    if (unit(w).wreck && Distance(field_of(u), field_of(w)) == 1 &&
        std::find(out.begin(), out.end(), field_of(w)) == out.end() &&
        may_recover(u, field_of(w), nullptr))
      out.push_back(field_of(w));
  return out;
}

bool PlanspielState::may_withdraw(int u, Field f, Text* why) const {
  if (!may_move(u, why)) return false;
  if (unit(u).status != UnitStatus::kOnBoard)
    return PS_REFUSE(why, say("PS §6.7: {} is not on the board",
                              "PS §6.7: {} ist nicht auf der Platte", uid(u)));
  Path path;
  if (!find_path(u, f, path, /*forced=*/false, /*check=*/false))
    return PS_REFUSE(why, say("PS §6, §5.1, G-07: {} cannot reach {} this half-turn",
                              "PS §6, §5.1, G-07: {} kann {} in diesem Teilzug nicht erreichen",
                              uid(u), field_text(f)));
  return withdraws_along(u, path, why);
}

bool PlanspielState::flat_threat(int e, Field at) const {
  const UnitType& t = type_of(e);
  return t.has_weapon && t.weapon.flat >= 0 && Distance(field_of(e), at) <= game_->flat_range(e);
}

bool PlanspielState::threatened(int u) const {
  for (int e : seen_enemies(party_of(u)))
    if (flat_threat(e, field_of(u))) return true;
  return false;
}

std::vector<Field> PlanspielState::withdraw_targets(int u) const {
  std::vector<Field> out;
  if (step() != StepKind::kAct || unit(u).status != UnitStatus::kOnBoard || !may_move(u, nullptr))
    return out;
  // PS §6.7: without a seen enemy that has the start field in flat-fire range no path is a
  // withdrawal (withdraws_along); the search is not needed then.
  if (!threatened(u)) return out;
  const Search s = search(u);
  for (Field f : reachable(s)) {
    Path path;
    if (path_from(s, u, f, path, false, false) && withdraws_along(u, path, nullptr))
      out.push_back(f);
  }
  return out;
}

const std::vector<Field>& PlanspielState::move_and_withdraw_fields(int u, std::vector<Field>& moves,
                                                                   std::vector<Field>& withdrawals,
                                                                   const KeptSearch** kept) const {
  moves.clear();
  withdrawals.clear();
  if (kept) *kept = nullptr;
  const bool planned = step() == StepKind::kPlanMove && u == planning_unit();
  if ((step() != StepKind::kAct && !planned) || !may_move(u, nullptr)) return moves;
  // The search kept from an earlier position while nothing it reads has changed (kept_search_for),
  // else a new one, kept for the next position and for the move's path when one of these moves
  // is applied (kept_path).
  Search local;
  const KeptSearch* k = nullptr;
  const Search& s = position_search(u, local, &k);
  if (!k) reachable(local, moves);
  if (kept) *kept = k;
  const std::vector<Field>& fields = k ? kept_moves(*k) : moves;  // the kept ones not copied
  // withdraw_targets, over the same search and fields.
  if (step() == StepKind::kAct && unit(u).status == UnitStatus::kOnBoard && threatened(u)) {
    // PS §6.7: a withdrawal ends farther from each enemy unit that has its start in flat-fire
    // range (withdraws_along): the path is traced only to the fields that do.
    thread_local std::vector<Field> threats;
    threats.clear();
    const Field start = field_of(u);
    for (int e : seen_enemies(party_of(u)))
      if (flat_threat(e, start)) threats.push_back(field_of(e));
    thread_local Path path;  // its storage reused
    for (Field f : fields) {
      bool farther = true;
      for (const Field fe : threats) farther = farther && Distance(fe, f) > Distance(fe, start);
      if (farther && path_from(s, u, f, path, false, false) && withdraws_along(u, path, nullptr))
        withdrawals.push_back(f);
    }
  }
  return fields;
}

const PlanspielState::Search& PlanspielState::position_search(int u, Search& local,
                                                              const KeptSearch** kept) const {
  const KeptSearch* k = kept_search_for(u);
  if (!k) {
    Search s = search(u);
    if (s.outside || seen_cache_.position == 0 || seen_cache_.mutating) {
      local = std::move(s);  // not kept
    } else {
      k = &keep_search(u, std::move(s));
    }
  }
  if (kept) *kept = k;
  return k ? k->search : local;
}

const std::vector<Field>& PlanspielState::kept_moves(const KeptSearch& k) const {
  if (!k.moves_set) {
    reachable(k.search, k.moves);
    k.moves_set = true;
    k.actions_set = false;
  }
  return k.moves;
}

const std::vector<Action>& PlanspielState::kept_move_actions(const KeptSearch& k, int u) const {
  const std::vector<Field>& moves = kept_moves(k);
  if (!k.actions_set) {
    k.move_actions.clear();
    AppendUnitFields(k.move_actions, kMove, u, moves, game_->board());
    k.actions_set = true;
  }
  return k.move_actions;
}

PlanspielState::KeptSearches& PlanspielState::kept_searches() {
  search_pool();  // made first, gone last: the kept searches give their buffers back to it
  thread_local KeptSearches kept;
  return kept;
}

uint64_t PlanspielState::search_signature(int u) const {
  const UnitState& s = unit(u);
  return static_cast<uint64_t>(static_cast<uint16_t>(s.x)) |
         static_cast<uint64_t>(static_cast<uint16_t>(s.y)) << 16 |
         static_cast<uint64_t>(s.status) << 32 | static_cast<uint64_t>(s.fired) << 34 |
         static_cast<uint64_t>(s.loaded) << 35 |
         static_cast<uint64_t>(s.suppression >= 3) << 36 |  // move_cap (PS §8.14)
         static_cast<uint64_t>(static_cast<uint16_t>(load_of(u) + 1)) << 44;
}

void PlanspielState::table_signature(int party, std::vector<uint32_t>& out) const {
  // The slots of the party's contents table (its own units all, the other party's as it sees
  // them: SeenCache::Contents::slot), brought up to date first, with each unit's carrier.
  party_contents(party);
  const std::vector<uint32_t>& slot = seen_cache_.contents[static_cast<size_t>(party)].slot;
  out.resize(static_cast<size_t>(num_units()));
  for (size_t o = 0; o < out.size(); ++o)
    out[o] = slot[o] == 0 ? 0 : slot[o] | static_cast<uint32_t>(units_[o].aboard + 1) << 16;
}

PlanspielState::KeptSearches& PlanspielState::kept_for_position() const {
  KeptSearches& kept = kept_searches();
  if (kept.game != game_->instance()) {
    kept.searches.clear();
    kept.game = game_->instance();
    kept.position = 0;
  }
  if (kept.searches.size() != static_cast<size_t>(num_units()))
    kept.searches.resize(static_cast<size_t>(num_units()));
  const uint64_t position = seen_cache_.position;
  if (kept.position != position) {
    kept.position = position;
    kept.table_set.fill(false);
    const Board& b = game_->board();
    uint64_t w = 0;
    kept.any_wreck = false;
    for (int o = 0; o < num_units(); ++o)
      if (unit(o).wreck) {
        w = w * 1000003 + static_cast<uint64_t>((o + 1) * 4096 + b.index(field_of(o)));
        kept.any_wreck = true;
      }
    kept.wrecks = w;
  }
  return kept;
}

const std::vector<uint32_t>& PlanspielState::kept_table(KeptSearches& kept, int party) const {
  const size_t p = static_cast<size_t>(party);
  if (!kept.table_set[p]) {
    table_signature(party, kept.table[p]);
    kept.table_set[p] = true;
  }
  return kept.table[p];
}

PlanspielState::KeptSearch* PlanspielState::kept_search_for(int u) const {
  const uint64_t position = seen_cache_.position;
  if (position == 0 || seen_cache_.mutating || unit(u).status != UnitStatus::kOnBoard ||
      kept_searches().off)
    return nullptr;
  KeptSearches& kept = kept_for_position();
  KeptSearch& k = kept.searches[static_cast<size_t>(u)];
  if (!k.filled) return nullptr;
  if (k.position == position) {
    // The same position, maybe kept by another state (a clone, since gone): this state's table.
    k.search.buf->seen.table = &party_contents(k.party);
    return &k;
  }
  if (k.unit_sig != search_signature(u) || k.wrecks != kept.wrecks) return nullptr;
  const std::vector<uint32_t>& now = kept_table(kept, k.party);
  if (k.table != now) {
    // Only the fields whose contents the search read matter (Search::read), and of those only
    // what the search's entry rule reads (PassageEntry, PS §5.3, G-07): whether an enemy unit
    // stands there, and for a model mover whether an own model does (entry_classes). The mover's
    // own fields (its contents without it, kept with the search) are read whole; so are the
    // fields it reached, where the end of a move is checked against the stacking limit: those
    // fields are checked again in the kept move fields (update_move_field).
    const SeenContents& seen = k.search.buf->seen;
    thread_local std::vector<size_t> ends;  // the fields reached whose contents changed
    ends.clear();
    thread_local std::vector<int> changed;  // the units whose entry in the table changed
    changed.clear();
    for (size_t o = 0; o < now.size(); ++o)
      if (k.table[o] != now[o]) changed.push_back(static_cast<int>(o));
    party_contents(k.party);  // up to date with `now`: the units in each field (ids)
    const std::vector<std::vector<int>>& ids =
        seen_cache_.contents[static_cast<size_t>(k.party)].ids;
    for (const int c : changed) {
      const auto o = static_cast<size_t>(c);
      for (const uint32_t v : {k.table[o], now[o]}) {
        if (v == 0) continue;
        const size_t i = static_cast<size_t>(v & 0xffff) - 1;
        if (!k.search.read(i)) continue;
        for (size_t j = 0; j < seen.own_count; ++j)
          if (seen.own[j].first == i) return nullptr;
        const auto [was, is] =
            entry_classes(k.table, now, i, k.party, k.search.me.model, ids[i], changed);
        // Only whether an own model stands there changed: with an enemy unit there the field
        // stays closed; without one the entry changes only by a step bound by the passage rule,
        // and only the step that first reached the field counts.
        if (was != is && (!OnlyOwnModelCameOrWent(was, is) ||
                          (!(was & kEnemyThere) && entered_by_passage(k.search, i))))
          return nullptr;
        if (k.search.dist(0)[i] >= 0 || k.search.dist(1)[i] >= 0) ends.push_back(i);
      }
    }
    k.table = now;
    k.position = position;
    k.search.buf->seen.table = &party_contents(k.party);
    // The move fields kept: those fields checked again (PS §5.1 with the load).
    if (k.moves_set)
      for (const size_t i : ends) update_move_field(k, i);
    return &k;
  }
  k.position = position;
  // The same contents in this state's own table (maybe another state's: a clone, a copy).
  k.search.buf->seen.table = &party_contents(k.party);
  return &k;
}

void PlanspielState::update_move_field(const KeptSearch& k, size_t i) const {
  if (i == k.search.start_at) return;  // no move field
  const Board& b = game_->board();
  const bool end = MayEndWithLoad(k.search.at(i), k.search.me, k.search.load);
  // The move fields are in board order (reachable).
  const auto at = std::lower_bound(k.moves.begin(), k.moves.end(), i, [&](Field f, size_t j) {
    return static_cast<size_t>(b.index(f)) < j;
  });
  const bool listed = at != k.moves.end() && static_cast<size_t>(b.index(*at)) == i;
  if (end == listed) return;
  // The move actions, when worked out, follow the fields (the same order).
  const std::ptrdiff_t n = at - k.moves.begin();
  if (end) {
    k.moves.insert(at, FieldAt(b, static_cast<int>(i)));
    if (k.actions_set)
      k.move_actions.insert(k.move_actions.begin() + n,
                            UnitFieldAction(kMove, k.unit, static_cast<int>(i)));
  } else {
    k.moves.erase(at);
    if (k.actions_set) k.move_actions.erase(k.move_actions.begin() + n);
  }
}

std::pair<int, int> PlanspielState::entry_classes(const std::vector<uint32_t>& was,
                                                  const std::vector<uint32_t>& is, size_t i,
                                                  int party, bool model,
                                                  const std::vector<int>& in_is,
                                                  const std::vector<int>& changed) const {
  // Per unit, its class bit where its entry puts it in field i: the units there in `is`, and of
  // those only the unchanged ones in `was`, with the changed ones that `was` puts there.
  std::pair<int, int> c{0, 0};
  const auto bit = [&](int u) {
    return party_of(u) != party                           ? kEnemyThere
           : model && OccupantOf(type_of(u), party).model ? kOwnModelThere
                                                          : 0;
  };
  for (const int u : in_is) {
    const int b = bit(u);
    c.second |= b;
    if (was[static_cast<size_t>(u)] == is[static_cast<size_t>(u)]) c.first |= b;
  }
  for (const int u : changed)
    if (const uint32_t v = was[static_cast<size_t>(u)];
        v != 0 && static_cast<size_t>(v & 0xffff) - 1 == i)
      c.first |= bit(u);
  return c;
}

bool PlanspielState::entered_by_passage(const Search& s, size_t i) const {
  const int w = game_->board().width();
  for (size_t road_only : {size_t{0}, size_t{1}}) {
    if (s.dist(road_only)[i] < 0) continue;  // not reached: not entered (no enemy closes it)
    const int from = s.parent(road_only)[i];
    if (from < 0) return true;  // a start field
    const int to = static_cast<int>(i);
    // The neighbour `to` of `from` in row order (PlanspielGame::step_bits).
    const int k = (to / w - from / w + 1) * 3 + (to % w - from % w + 1);
    const int d = k < 4 ? k : k - 1;
    if (game_->step_bits(from, d) & PlanspielGame::kStepPassage) return true;
  }
  return false;
}

PlanspielState::KeptSearch& PlanspielState::keep_search(int u, Search&& s) const {
  KeptSearches& kept = kept_for_position();
  KeptSearch& k = kept.searches[static_cast<size_t>(u)];
  k.unit = u;
  k.party = s.party;
  k.search = std::move(s);
  k.filled = true;
  k.moves_set = false;
  k.actions_set = false;
  k.position = seen_cache_.position;
  k.unit_sig = search_signature(u);
  k.wrecks = kept.wrecks;
  k.table = kept_table(kept, k.party);
  return k;
}

bool PlanspielState::kept_path(uint64_t position, int u, Field dest, Path& path, bool check) const {
  KeptSearches& kept = kept_searches();
  if (position == 0 || kept.game != game_->instance() || !game_->board().on_board(dest) ||
      static_cast<size_t>(u) >= kept.searches.size())
    return false;
  KeptSearch& k = kept.searches[static_cast<size_t>(u)];
  if (!k.filled || k.position != position) return false;
  // The same position, maybe in another state (a clone): its own contents table.
  k.search.buf->seen.table = &party_contents(k.party);
  return path_from(k.search, u, dest, path, false, check);
}

bool PlanspielState::withdrawn_from(int p) const {
  if (!moving_.withdrawal || moving_.start < 0 || moving_.next < 1) return false;
  const Board& b = game_->board();
  const Field at = field_of(p), now = field_of(moving_.unit);
  const int prev = moving_.previous();
  return Distance(at, now) > Distance(at, FieldAt(b, moving_.start)) &&
         Distance(at, now) >= Distance(at, FieldAt(b, prev));
}

std::vector<Field> PlanspielState::move_targets(int u) const {
  std::vector<Field> out;
  // PS §9.6: during the planning of a simultaneous movement, the next unit of the group.
  const bool planned = step() == StepKind::kPlanMove && u == planning_unit();
  if ((step() != StepKind::kAct && !planned) || !may_move(u, nullptr)) return out;
  if (const KeptSearch* k = kept_search_for(u)) return kept_moves(*k);
  return reachable(search(u));
}

std::vector<Field> PlanspielState::reachable(const Search& s) const {
  std::vector<Field> out;
  reachable(s, out);
  return out;
}

void PlanspielState::reachable(const Search& s, std::vector<Field>& out) const {
  out.clear();
  const Board& b = game_->board();
  // The fields either search reached, in board order.
  const std::vector<uint64_t>& bits = s.reached_bits();
  // PS §5.1: whether the mover and its load may end in a field where its party sees nobody.
  const bool empty_ok = MayEndWithLoad({}, s.me, s.load);
  // The fields of the mover and its load (SeenContents::own) are mostly the start alone: the
  // others' contents straight from the party's table then.
  const SeenContents& seen = s.buf->seen;
  const bool own_at_start =
      seen.own_count == 0 || (seen.own_count == 1 && seen.own[0].first == s.start_at);
  for (size_t w = 0; w < bits.size(); ++w)
    for (uint64_t m = bits[w]; m; m &= m - 1) {
      const size_t i = w * 64 + static_cast<size_t>(std::countr_zero(m));
      // Every field reached but the start is reached at a distance of 1 or more.
      if (i == s.start_at) continue;
      const FieldContents& c = own_at_start ? (*seen.table)[i] : seen.at(i);
      if (c.empty() ? empty_ok : MayEndWithLoad(c, s.me, s.load))
        out.push_back(FieldAt(b, static_cast<int>(i)));
    }
}

// Moves one field at a time (PS §9.2): after each step the passive party may answer with
// counter-moves (PS §9.2-§9.4); an enemy unit the mover's party did not see stops it in the field
// before (G-07).
void PlanspielState::advance_move(EventList* events) {
  const Board& b = game_->board();
  while (true) {
    // PS §9.6: the units of a simultaneous group advance one field each in turn.
    if (moving_.unit < 0) {
      if (group_.empty()) return;
      next_in_group();
    } else if (moving_.stepped) {
      group_.push_back(std::move(moving_));  // moving_ is the next unit's below
      next_in_group();
    }
    const int u = moving_.unit;
    UnitState& s = units_[static_cast<size_t>(u)];
    const int party = party_of(u);
    if (s.status == UnitStatus::kLost) {
      moving_ = MoveState{};
      continue;
    }
    if (moving_.next >= static_cast<int>(moving_.path.size())) {
      finish_move(events, -1);
      continue;
    }
    // PS §8.14: counter-move fire may stop it: black stops everyone, red or grey stops
    // unarmoured troops, and armoured ones go on at terrain speed at most.
    if (s.status == UnitStatus::kOnBoard && moving_.next > 0) {
      const bool armoured = type_of(u).armour != ArmourClass::kNone;
      if (s.suppression >= 5 || (s.suppression >= 3 && !armoured) ||
          (s.suppression >= 3 && s.moved >= game_->move_profile(u).terrain)) {
        finish_move(events, -1);
        continue;
      }
    }
    const Field t = FieldAt(b, moving_.path[static_cast<size_t>(moving_.next)]);
    if (const int o = enemy_in(t, party); o >= 0) {
      finish_move(events, o);
      continue;
    }
    // PS §9.6, §2.3, §5.3: in a simultaneous group a unit does not pass another of its own
    // vehicles on a road, in a defile or on a bridge: it stops before it.
    if (moving_.simultaneous && moving_.next > 0) {
      const Field from = FieldAt(b, moving_.path[static_cast<size_t>(moving_.next - 1)]);
      // What the party sees in `t` without the mover and its load (contents_seen_by): no enemy
      // unit stands there (enemy_in above), so its own units there, in unit order.
      thread_local FieldContents there;  // its storage reused
      there.clear();
      for (const int o : game_->party_units(party))
        if (o != u && unit(o).aboard != u && unit(o).status == UnitStatus::kOnBoard &&
            field_of(o) == t)
          there.push_back(OccupantOf(type_of(o), party));
      const Entry e = PassageEntry(b, from, t, there, party, OccupantOf(type_of(u), party).model);
      const bool last = moving_.next + 1 == static_cast<int>(moving_.path.size());
      if (e == Entry::kClosed || (e == Entry::kEndsMove && !last)) {
        finish_move(events, -1);
        continue;
      }
    }
    const bool was_outside = s.status == UnitStatus::kWaiting;
    s.status = UnitStatus::kOnBoard;
    s.x = t.x;
    s.y = t.y;
    ++s.moved;
    ++moving_.next;
    s.camouflaged = false;      // PS §7.6
    s.shown = 0;                // it fired from its old place (PS §7.4)
    s.detected_marker = false;  // scenarios §1.5
    s.position_marker = false;  // PS §9.2 [REC]: moving removes it
    s.congesting = false;       // PS §5.4: it leaves the field it congested
    s.dig_field = -1;           // PS §12.3, G-38: moving interrupts the digging
    moving_.stepped = moving_.simultaneous;
    (void)was_outside;
    carry_along(u);
    // The window opens after every step while the passive party has a unit on the board, whether
    // or not one may fire: that it may is hidden from the mover.
    bool passive_on_board = false;
    static_assert(kParties == 2);
    for (const int o : game_->party_units(enemy(party)))
      passive_on_board = passive_on_board || unit(o).status == UnitStatus::kOnBoard;
    if (passive_on_board) {
      for (UnitState& o : units_) o.countered = false;
      push(StepKind::kCounterMove, u, -1);
      return;
    }
  }
}

void PlanspielState::next_in_group() {
  moving_ = std::move(group_.front());
  group_.erase(group_.begin());
  if (!moving_.stepped) return;
  // Every unit of the group has advanced one field: a new round (G-29: each passive unit may
  // counter one unit of the group again).
  moving_.stepped = false;
  for (MoveState& m : group_) m.stepped = false;
  for (UnitState& o : units_) o.group_target = -1;
}

void PlanspielState::finish_move(EventList* events, int blocked_by) {
  const Board& b = game_->board();
  const int u = moving_.unit;
  UnitState& s = units_[static_cast<size_t>(u)];
  const int party = party_of(u);
  const bool entered = moving_.start < 0;
  // PS §5.1 reading: a move cut short ends in the last field of its path so far where the unit
  // may stand (own units are all seen).
  if (s.status == UnitStatus::kOnBoard) {
    // What the party sees in a field of the path without the mover and its load
    // (contents_seen_by): where no enemy unit stands, its own units there in unit order; else
    // from its contents table.
    thread_local SeenContents contents;  // its storage reused
    thread_local FieldContents own;
    bool seen = false;
    const auto contents_at = [&](int i) -> const FieldContents& {
      const Field f = FieldAt(b, i);
      if (enemy_in(f, party) >= 0) {
        if (!seen) contents_seen_by(party, u, contents);
        seen = true;
        return contents.at(static_cast<size_t>(i));
      }
      own.clear();
      for (const int o : game_->party_units(party))
        if (o != u && unit(o).aboard != u && unit(o).status == UnitStatus::kOnBoard &&
            field_of(o) == f)
          own.push_back(OccupantOf(type_of(o), party));
      return own;
    };
    const Occupant me = OccupantOf(type_of(u), party);
    std::vector<Occupant> load;
    if (const int l = load_of(u); l >= 0) load.push_back(OccupantOf(type_of(l), party));
    int at = moving_.next - 1;
    while (at >= 0 && !MayEndWithLoad(contents_at(moving_.path[static_cast<size_t>(at)]), me, load))
      --at;
    if (at < 0 && entered) {
      s.status = UnitStatus::kWaiting;
      s.moved = 0;
    } else {
      const Field end =
          at < 0 ? FieldAt(b, moving_.start) : FieldAt(b, moving_.path[static_cast<size_t>(at)]);
      s.x = end.x;
      s.y = end.y;
      s.moved = at + 1;
    }
    carry_along(u);
  }
  if (events) {
    const bool now_shown = shown_to(u, enemy(party));
    const Text cannot = say("{} cannot enter the board.", "{} kann nicht auf die Platte.", uid(u));
    Text text;
    if (s.status == UnitStatus::kWaiting)
      text = cannot;
    else
      text =
          say("{0} {1} {3} ({4} field{5}).", "{0} {2} {3} ({4} Feld{6}).", uid(u),
              entered              ? "enters at"
              : moving_.withdrawal ? "withdraws to"
                                   : "moves to",
              entered              ? "kommt auf die Platte bei"
              : moving_.withdrawal ? "setzt sich ab nach"
                                   : "zieht nach",
              field_text(field_of(u)), s.moved, s.moved == 1 ? "" : "s", s.moved == 1 ? "" : "er");
    if (blocked_by >= 0) {
      const Text stop =
          say(" It runs into an enemy unit in {} it had not detected and stops (G-07).",
              " Es stößt in {} auf eine nicht erkannte feindliche Einheit und bleibt stehen "
              "(G-07).",
              field_text(field_of(blocked_by)));
      text.en += stop.en;
      text.de += stop.de;
    }
    const char* rule = moving_.withdrawal ? "PS §6.7" : "PS §6";
    std::optional<Text> others;
    if (s.status == UnitStatus::kWaiting)
      others = cannot;
    else if (!now_shown && moving_.was_shown)
      others = say("{} moves out of sight.", "{} zieht außer Sicht.", uid(u));
    else if (now_shown && (blocked_by >= 0 || !moving_.was_shown))
      others = say("{0} {1} {3}.", "{0} {2} {3}.", uid(u), entered ? "enters at" : "moves to",
                   entered ? "kommt auf die Platte bei" : "zieht nach", field_text(field_of(u)));
    events->push_back(s.status != UnitStatus::kWaiting && !now_shown && !moving_.was_shown
                          ? UnseenUnitEvent(rule, std::move(text), party)
                          : Event::said(rule, std::move(text), party, std::move(others)));
  }
  moving_ = MoveState{};
}

Field PlanspielState::counter_field() const {
  return moving_.work >= 0 ? FieldAt(game_->board(), moving_.work) : field_of(moving_.unit);
}

// PS §9.2, §9.3: a ready passive unit answers the mover's new field if it can fire direct there
// (range, line of sight, the mover detected), is not black, and the step brought the mover into
// its range, closer within it, or sideways within it (the lateral move); G-29: once per passive
// unit and step.
bool PlanspielState::may_counter_fire(int p, const char* rule, Text* why) const {
  if (step() != StepKind::kCounterMove || moving_.unit < 0)
    return PS_REFUSE(why, {"PS §9.1: no window is open", "PS §9.1: kein Gegenzug ist möglich"});
  const SituationUnit& sp = game_->situation().units[static_cast<size_t>(p)];
  const UnitState& ps = unit(p);
  const UnitType& t = type_of(p);
  const int m = moving_.unit;
  if (sp.party == active_)
    return PS_REFUSE(why, {"PS §9.1: only the passive party makes counter-moves",
                           "PS §9.1: nur die passive Partei macht Gegenzüge"});
  if (ps.status != UnitStatus::kOnBoard || unit(m).status != UnitStatus::kOnBoard)
    return PS_REFUSE(
        why, say("{}: the unit or the mover is not on the board",
                 "{}: die Einheit oder die bewegte Einheit ist nicht auf der Platte", rule));
  if (ps.aboard >= 0)
    return PS_REFUSE(why, say("PS §4.4: {} is aboard {}", "PS §4.4: {} ist auf {} aufgesessen",
                              sp.id, uid(ps.aboard)));
  if (!t.has_weapon || t.weapon.flat < 0)
    return PS_REFUSE(
        why, say("{}: {} has no direct fire", "{}: {} hat kein direktes Feuer", rule, sp.id));
  if (ps.suppression >= 5)
    return PS_REFUSE(
        why, say("{}: {} is suppressed black", "{}: {} ist schwarz niedergehalten", rule, sp.id));
  if (ps.countered)
    return PS_REFUSE(why,
                     say("G-29: {} has countered this step already",
                         "G-29: {} hat bei diesem Schritt schon einen Gegenzug gemacht", sp.id));
  if (moving_.simultaneous && ps.group_target >= 0 && ps.group_target != m)
    return PS_REFUSE(why, say("PS §9.6, G-29: {0} has countered {1} in this round of the "
                              "simultaneous movement (one unit of the group at a time)",
                              "PS §9.6, G-29: {0} hat in dieser Runde der gleichzeitigen Bewegung "
                              "schon {1} bekämpft (nur eine Einheit der Gruppe auf einmal)",
                              sp.id, uid(ps.group_target)));
  // PS §9.2: the range and the approach (asked below after the detection, where they tell the
  // refusal) first when no refusal is asked for: most passive units are refused by them, before
  // the look at what the party sees after the step.
  if (!why) {
    const int d = Distance(field_of(p), counter_field());
    if (d > game_->flat_range(p)) return false;
    const int prev = moving_.previous();
    if (moving_.work < 0 && prev >= 0 && d > Distance(field_of(p), FieldAt(game_->board(), prev)))
      return false;
  }
  if (congested_fired(p))
    return PS_REFUSE(why,
                     say("PS §5.4: {} stands in a congested field from which a like troop has "
                         "fired this half-turn",
                         "PS §5.4: {} steht in einem gestauten Feld, aus dem in diesem Teilzug "
                         "schon eine gleichartige Truppe gefeuert hat",
                         sp.id));
  if (!visible_to(m, sp.party))
    return PS_REFUSE(why, say("{}: the mover is not detected",
                              "{}: die bewegte Einheit ist nicht "
                              "erkannt",
                              rule));
  // PS §6.10, §9.1: against a recovery attempt the wreck's field counts, as if the vehicle
  // worked there; it needs no approach, only the wreck within range.
  const Field now = counter_field();
  const int range = game_->flat_range(p);
  const int d1 = Distance(field_of(p), now);
  const int prev_index = moving_.previous();
  if (d1 > range)
    return PS_REFUSE(why, moving_.work >= 0
                              ? say("PS §6.10: the wreck in {} is out of range of {}",
                                    "PS §6.10: das Schadfahrzeug in {} ist außer Reichweite von {}",
                                    field_text(now), sp.id)
                              : say("{}: the mover is out of range",
                                    "{}: die bewegte Einheit ist außer Reichweite", rule));
  if (moving_.work < 0 && prev_index >= 0 &&
      d1 > Distance(field_of(p), FieldAt(game_->board(), prev_index)))
    return PS_REFUSE(why, say("{}: a withdrawal gives no counter-move",
                              "{}: ein Absetzen gibt keinen Feuergegenzug", rule));
  if (withdrawn_from(p))
    return PS_REFUSE(why,
                     say("{}, PS §6.7: the ordered withdrawal has increased the distance: no "
                         "counter-move",
                         "{}, PS §6.7: das befohlene Absetzen hat den Abstand vergrößert: kein "
                         "Gegenzug",
                         rule));
  if (own_in(now, sp.party) >= 0) return PS_REFUSE(why, mixed_field_refusal(now, sp.party));
  Firer firer;
  firer.suppression = ps.suppression;
  const auto r = CheckFire(game_->fire_data(), weapon_of(p), firer, fire_situation(p, now));
  if (!r.empty()) return PS_REFUSE(why, RejectionSaid(r[0]));
  return true;
}

// PS §9.2: combat vehicles and SP guns (and APCs, scenarios reading 1) need a position marker.
bool PlanspielState::may_counter(int p, Text* why) const {
  return may_counter_fire(p, "PS §9.2", why) && counter_entitled(p, why);
}

bool PlanspielState::counter_entitled(int p, Text* why) const {
  if (type_of(p).moves_and_fires && !unit(p).position_marker && moving_.work >= 0)
    return PS_REFUSE(why, say("PS §9.2, §6.10: {} has no position marker: it is not entitled to a "
                              "counter-move against the recovery",
                              "PS §9.2, §6.10: {} hat kein Stellungszeichen: es ist zu keinem "
                              "Gegenzug gegen die Bergung berechtigt",
                              uid(p)));
  if (type_of(p).moves_and_fires && !unit(p).position_marker)
    return PS_REFUSE(
        why, say("PS §9.2: {} has no position marker (only a false counter-move)",
                 "PS §9.2: {} hat kein Stellungszeichen (nur ein unechter Gegenzug)", uid(p)));
  return true;
}

// PS §9.3: combat vehicles and SP guns without a position marker answer by an opposed roll.
bool PlanspielState::may_meet(int p, Text* why) const {
  return may_counter_fire(p, "PS §9.3", why) && meet_entitled(p, why);
}

bool PlanspielState::meet_entitled(int p, Text* why) const {
  if (moving_.work >= 0)
    return PS_REFUSE(why, {"PS §6.10, §9.1: work from an adjacent field is answered by a true fire "
                           "counter-move only; a recovery is no approach for a meeting engagement",
                           "PS §6.10, §9.1: Arbeit aus einem Nachbarfeld wird nur mit echtem "
                           "Feuergegenzug bekämpft; eine Bergung ist keine Annäherung für ein "
                           "Begegnungsgefecht"});
  if (!type_of(p).moves_and_fires)
    return PS_REFUSE(why, say("PS §9.3: only combat vehicles and SP guns make false counter-moves; "
                              "{} fires a true one",
                              "PS §9.3: unechte Gegenzüge machen nur Kampffahrzeuge und "
                              "Selbstfahrlafetten; {} feuert einen echten",
                              uid(p)));
  if (unit(p).position_marker)
    return PS_REFUSE(
        why, say("PS §9.3: {} has a position marker and fires a true counter-move",
                 "PS §9.3: {} hat ein Stellungszeichen und feuert einen echten Gegenzug", uid(p)));
  return true;
}

bool PlanspielState::engages(int m, int p, Field at, bool moved) const {
  const UnitType& t = type_of(m);
  if (!t.has_weapon || t.weapon.flat < 0 || unit(m).status != UnitStatus::kOnBoard) return false;
  const Field from = field_of(m);
  const int d = Distance(from, at);
  const int range = game_->flat_range(m);
  if (d == 0 || d > range || !game_->sees(from, at)) return false;  // G-51, PS §8.4, §7.2
  // Moving removes camouflage, the "after firing" detection and a detected marker (PS §7.4-§7.6,
  // scenarios §1.5).
  const UnitState& ps = unit(p);
  const bool marker = !moved && ps.detected_marker;
  const DetectionRow row =
      RowAt(game_->board(), type_of(p), at, !moved && ps.camouflaged, !moved && ps.shown > 0);
  return d <= (marker ? 99 : DetectionRange(row, false));
}

// PS §9.4: a passive troop faster than 1 LE that itself detects the approaching mover, which could
// now engage it by direct fire, withdraws (G-48) to the nearest field within its allowance where
// the mover cannot engage it from where it stands.
bool PlanspielState::may_evade(int p, Text* why) const {
  std::vector<Field> fields;
  return may_evade_to(p, why, fields);
}

bool PlanspielState::may_evade_to(int p, Text* why, std::vector<Field>& fields) const {
  if (step() != StepKind::kCounterMove || moving_.unit < 0)
    return PS_REFUSE(why, {"PS §9.1: no window is open", "PS §9.1: kein Gegenzug ist möglich"});
  const UnitState& ps = unit(p);
  const UnitType& t = type_of(p);
  const int m = moving_.unit;
  const std::string& id = uid(p);
  if (party_of(p) == active_)
    return PS_REFUSE(why, {"PS §9.1: only the passive party makes counter-moves",
                           "PS §9.1: nur die passive Partei macht Gegenzüge"});
  if (moving_.work >= 0)
    return PS_REFUSE(why, {"PS §6.10, §9.4: a recovery attempt is no approach; no movement "
                           "counter-move",
                           "PS §6.10, §9.4: ein Bergeversuch ist keine Annäherung; kein "
                           "Bewegungsgegenzug"});
  if (ps.status != UnitStatus::kOnBoard || unit(m).status != UnitStatus::kOnBoard)
    return PS_REFUSE(why,
                     {"PS §9.4: the unit or the mover is not on the board",
                      "PS §9.4: die Einheit oder die bewegte Einheit ist nicht auf der Platte"});
  if (ps.aboard >= 0)
    return PS_REFUSE(why,
                     say("PS §4.4: {} is aboard {} and moves with it",
                         "PS §4.4: {} ist auf {} aufgesessen und fährt mit", id, uid(ps.aboard)));
  // The mover's approach (asked last below, where it tells the refusal) first when no refusal is
  // asked for: most passive units are refused by it, before the look at detection.
  const int prev_index = moving_.previous();
  if (!why && prev_index >= 0 &&
      Distance(field_of(p), field_of(m)) >
          Distance(field_of(p), FieldAt(game_->board(), prev_index)))
    return false;
  // Without a refusal asked for, what engages() asks first of the mover (a flat-fire weapon, the
  // unit within its range) too, before the rest.
  if (!why) {
    const UnitType& mt = type_of(m);
    const int d = Distance(field_of(m), field_of(p));
    if (!mt.has_weapon || mt.weapon.flat < 0 || d == 0 || d > game_->flat_range(m)) return false;
  }
  if (game_->move_profile(p).terrain <= 1)
    return PS_REFUSE(why, say("PS §9.4: {} is not faster than 1 LE",
                              "PS §9.4: {} ist nicht schneller als 1 LE", id));
  if (ps.suppression >= 5)
    return PS_REFUSE(why, say("PS §8.14: {} is suppressed black and cannot move",
                              "PS §8.14: {} ist schwarz niedergehalten und bewegungsunfähig", id));
  if (ps.suppression >= 3 && t.armour == ArmourClass::kNone)
    return PS_REFUSE(why, say("PS §8.14: {} is suppressed: unarmoured troops cannot move",
                              "PS §8.14: {} ist niedergehalten: ungepanzerte Truppen sind "
                              "bewegungsunfähig",
                              id));
  if (ps.countered)
    return PS_REFUSE(why, say("G-29: {} has countered this step already",
                              "G-29: {} hat bei diesem Schritt schon einen Gegenzug gemacht", id));
  if (moving_.simultaneous && ps.group_target >= 0 && ps.group_target != m)
    return PS_REFUSE(why, say("PS §9.6, G-29: {0} has countered {1} in this round of the "
                              "simultaneous movement (one unit of the group at a time)",
                              "PS §9.6, G-29: {0} hat in dieser Runde der gleichzeitigen Bewegung "
                              "schon {1} bekämpft (nur eine Einheit der Gruppe auf einmal)",
                              id, uid(ps.group_target)));
  if (!detects(p, m))
    return PS_REFUSE(why, say("PS §9.4: {} does not itself detect the mover",
                              "PS §9.4: {} erkennt die bewegte Einheit nicht selbst", id));
  if (!engages(m, p, field_of(p), false))
    return PS_REFUSE(why,
                     say("PS §9.4: the mover cannot engage {} by direct fire from where it "
                         "stands",
                         "PS §9.4: die bewegte Einheit kann {} von ihrem Feld aus nicht direkt "
                         "bekämpfen",
                         id));
  if (prev_index >= 0 && Distance(field_of(p), field_of(m)) >
                             Distance(field_of(p), FieldAt(game_->board(), prev_index)))
    return PS_REFUSE(why, {"PS §9.4: the mover withdraws: no approach to evade",
                           "PS §9.4: die bewegte Einheit setzt sich ab: keine Annäherung"});
  if (withdrawn_from(p))
    return PS_REFUSE(why,
                     {"PS §9.4, §6.7: the ordered withdrawal has increased the distance: no "
                      "approach to evade",
                      "PS §9.4, §6.7: das befohlene Absetzen hat den Abstand vergrößert: keine "
                      "Annäherung"});
  fields = evade_fields(p);
  if (fields.empty())
    return PS_REFUSE(why, say("PS §9.4, G-48: {} reaches no field out of the mover's direct fire",
                              "PS §9.4, G-48: {} erreicht kein Feld außerhalb des direkten Feuers "
                              "der bewegten Einheit",
                              id));
  return true;
}

std::vector<Field> PlanspielState::evade_fields(int p) const {
  return withdrawal_fields(p, true);
}

std::vector<Field> PlanspielState::withdrawal_fields(int p, bool forced) const {
  return withdrawal_fields_from(p, moving_.unit, forced);
}

// PS §10.5 ("Eine angriffsweise Panzernahbekämpfung aus der Bewegung ist zulässig. In diesem Fall
// kann das Ziel einen Bewegungsgegenzug durchführen oder durch Gegenwürfeln wehren"), §9.4: the
// attacked vehicle, faster than 1 LE, that itself detects the attacking figures, withdraws before
// the opposed roll to the nearest field out of their direct fire from where they stand (G-48).
bool PlanspielState::may_evade_antitank(int v, Text* why) const {
  std::vector<Field> fields;
  return may_evade_antitank_to(v, why, fields);
}

bool PlanspielState::may_evade_antitank_to(int v, Text* why, std::vector<Field>& fields) const {
  if (step() != StepKind::kAntiTankEvade || assault_.field < 0)
    return PS_REFUSE(why, {"PS §10.5: no anti-tank close combat from movement is announced",
                           "PS §10.5: keine angriffsweise Panzernahbekämpfung ist angesagt"});
  const UnitState& vs = unit(v);
  const UnitType& t = type_of(v);
  const int a = assault_.attackers[0];
  const std::string& id = uid(v);
  if (party_of(v) == active_)
    return PS_REFUSE(why, {"PS §9.1: only the passive party makes counter-moves",
                           "PS §9.1: nur die passive Partei macht Gegenzüge"});
  if (vs.status != UnitStatus::kOnBoard || vs.aboard >= 0 || t.armour == ArmourClass::kNone ||
      IsBase(t) || game_->board().index(field_of(v)) != assault_.field)
    return PS_REFUSE(why, say("PS §10.5: {} is no armoured vehicle attacked in {}",
                              "PS §10.5: {} ist kein in {} angegriffenes gepanzertes Fahrzeug", id,
                              field_text(FieldAt(game_->board(), assault_.field))));
  if (game_->move_profile(v).terrain <= 1)
    return PS_REFUSE(why, say("PS §9.4: {} is not faster than 1 LE",
                              "PS §9.4: {} ist nicht schneller als 1 LE", id));
  if (vs.suppression >= 5)
    return PS_REFUSE(why, say("PS §8.14: {} is suppressed black and cannot move",
                              "PS §8.14: {} ist schwarz niedergehalten und bewegungsunfähig", id));
  if (!detects(v, a))
    return PS_REFUSE(why, say("PS §9.4: {} does not itself detect the attacking figures",
                              "PS §9.4: {} erkennt die angreifenden Figuren nicht selbst", id));
  fields = antitank_evade_fields(v);
  if (fields.empty())
    return PS_REFUSE(why, say("PS §9.4, G-48: {} reaches no field out of the figures' direct fire",
                              "PS §9.4, G-48: {} erreicht kein Feld außerhalb des direkten Feuers "
                              "der Figuren",
                              id));
  return true;
}

std::vector<Field> PlanspielState::antitank_evade_fields(int v) const {
  if (assault_.field < 0) return {};
  return withdrawal_fields_from(v, assault_.attackers[0], true);
}

std::vector<Field> PlanspielState::withdrawal_fields_from(int p, int m, bool forced) const {
  std::vector<Field> out;
  if (m < 0) return out;
  const Board& b = game_->board();
  Search local;
  const Search& s = position_search(p, local, nullptr);
  // The fields either search reached, in board order (elsewhere both distances are -1).
  const std::vector<uint64_t>& bits = s.reached_bits();
  int best = 1 << 20;
  for (size_t w = 0; w < bits.size(); ++w)
    for (uint64_t word = bits[w]; word; word &= word - 1) {
      const size_t k = w * 64 + static_cast<size_t>(std::countr_zero(word));
      int d = -1;
      for (size_t r : {size_t{0}, size_t{1}})
        if (s.dist(r)[k] > 0 && (d < 0 || s.dist(r)[k] < d)) d = s.dist(r)[k];
      // PS §5.4: a movement counter-move may congest a field (`forced`); a displaced unit goes
      // where it stands within the limit.
      if (d < 0 || d > best || (!forced && !MayEndWithLoad(s.at(k), s.me, s.load))) continue;
      const Field f = FieldAt(b, static_cast<int>(k));
      if (engages(m, p, f, true)) continue;
      if (d < best) out.clear();
      best = d;
      out.push_back(f);
    }
  return out;
}

bool PlanspielState::over_limit(int u) const {
  if (unit(u).status != UnitStatus::kOnBoard) return false;
  // Only a movement counter-move, or the load of a carrier knocked out in passage, puts a field
  // over the limit, and it marks the unit it brought there (`congesting`) until the field is
  // within the limit again: none there, none over.
  // Whether any unit is marked is kept per position (outside apply()).
  if (!seen_cache_.mutating) {
    if (seen_cache_.congesting_epoch != seen_cache_.epoch) {
      bool any = false;
      for (const UnitState& o : units_)
        any = any || (o.congesting && o.status == UnitStatus::kOnBoard);
      seen_cache_.any_congesting = any;
      seen_cache_.congesting_epoch = seen_cache_.epoch;
    }
    if (!seen_cache_.any_congesting) return false;
  }
  return over_limit_marked(u);
}

bool PlanspielState::over_limit_marked(int u) const {
  bool marked = false;
  for (int o = 0; o < num_units() && !marked; ++o)
    marked =
        unit(o).congesting && unit(o).status == UnitStatus::kOnBoard && field_of(o) == field_of(u);
  return marked && over_stacked(u);
}

bool PlanspielState::over_stacked(int u) const {
  FieldContents here;
  for (int o = 0; o < num_units(); ++o)
    if (unit(o).status == UnitStatus::kOnBoard && field_of(o) == field_of(u))
      here.push_back(OccupantOf(type_of(o), party_of(o)));
  const std::vector<StackClass> over = OverStacked(here, party_of(u));
  return std::find(over.begin(), over.end(), StackClassOf(type_of(u))) != over.end();
}

bool PlanspielState::congested_fired(int u) const {
  if (!over_limit(u)) return false;
  const StackClass c = StackClassOf(type_of(u));
  for (int o = 0; o < num_units(); ++o)
    if (o != u && unit(o).status == UnitStatus::kOnBoard && unit(o).fired &&
        party_of(o) == party_of(u) && field_of(o) == field_of(u) && unit(o).aboard < 0 &&
        StackClassOf(type_of(o)) == c)
      return true;
  return false;
}

std::vector<int> PlanspielState::congested(int party) const {
  std::vector<int> out;
  // over_limit is false for every unit while no unit on the board is marked congesting.
  bool marked = false;
  for (const UnitState& o : units_)
    marked = marked || (o.congesting && o.status == UnitStatus::kOnBoard);
  if (!marked) return out;
  for (int u = 0; u < num_units(); ++u)
    if (party_of(u) == party && over_limit(u)) out.push_back(u);
  return out;
}

bool PlanspielState::congestion_open(Text* why) const {
  for (int u : congested(active_)) {
    const int m = unit(u).aboard >= 0 ? unit(u).aboard : u;  // a load moves with its carrier
    if (may_move(m, nullptr) && !move_targets(m).empty())
      return PS_REFUSE(why, say("PS §5.4: the congestion in {0} is resolved in this half-turn: {1} "
                                "can still move away",
                                "PS §5.4: die Stauung in {0} wird in diesem Teilzug aufgelöst: {1} "
                                "kann noch wegziehen",
                                field_text(field_of(u)), uid(m)));
  }
  return true;
}

// PS §5.4: a like model already standing in the field a movement counter-move of this step has
// congested may be displaced; it joins the withdrawal as a movement counter-move of its own
// (G-48), into a field within the limit (the domino effect ends there).
bool PlanspielState::may_displace(int d, Text* why) const {
  if (step() != StepKind::kCounterMove || moving_.unit < 0)
    return PS_REFUSE(why,
                     {"PS §5.4: a unit is displaced only at once when a movement counter-move "
                      "congests its field",
                      "PS §5.4: verdrängt wird nur sofort, wenn ein Bewegungsgegenzug das Feld "
                      "staut"});
  if (d < 0 || d >= num_units())
    return PS_REFUSE(why, {"PS §4.1: no such unit", "PS §4.1: diese Einheit gibt es nicht"});
  const UnitState& ds = unit(d);
  const std::string& id = uid(d);
  if (party_of(d) == active_)
    return PS_REFUSE(why, {"PS §9.1: only the passive party makes counter-moves",
                           "PS §9.1: nur die passive Partei macht Gegenzüge"});
  if (ds.status != UnitStatus::kOnBoard || ds.aboard >= 0)
    return PS_REFUSE(why, say("PS §5.4: {} is not on the board on its own",
                              "PS §5.4: {} steht nicht selbst auf der Platte", id));
  // The evader (or its load) is of d's class: d is over the limit with it.
  bool by_evader = false;
  for (int o = 0; o < num_units(); ++o)
    if (o != d && unit(o).congesting && unit(o).countered && unit(o).evaded &&
        unit(o).status == UnitStatus::kOnBoard && field_of(o) == field_of(d))
      by_evader = true;
  if (!by_evader || !over_limit(d))
    return PS_REFUSE(why, say("PS §5.4: no movement counter-move of this step has congested the "
                              "field of {} with a like model",
                              "PS §5.4: kein Bewegungsgegenzug dieses Schritts hat das Feld von {} "
                              "mit einem gleichartigen Modell gestaut",
                              id));
  if (ds.countered)
    return PS_REFUSE(why, say("G-29: {} has countered this step already",
                              "G-29: {} hat bei diesem Schritt schon einen Gegenzug gemacht", id));
  if (game_->move_profile(d).terrain <= 1)
    return PS_REFUSE(why, say("PS §9.4: {} is not faster than 1 LE",
                              "PS §9.4: {} ist nicht schneller als 1 LE", id));
  if (ds.suppression >= 5)
    return PS_REFUSE(why, say("PS §8.14: {} is suppressed black and cannot move",
                              "PS §8.14: {} ist schwarz niedergehalten und bewegungsunfähig", id));
  if (ds.suppression >= 3 && type_of(d).armour == ArmourClass::kNone)
    return PS_REFUSE(why, say("PS §8.14: {} is suppressed: unarmoured troops cannot move",
                              "PS §8.14: {} ist niedergehalten: ungepanzerte Truppen sind "
                              "bewegungsunfähig",
                              id));
  if (displace_fields(d).empty())
    return PS_REFUSE(why, say("PS §5.4, G-48: {} reaches no field within the stacking limit out of "
                              "the mover's direct fire",
                              "PS §5.4, G-48: {} erreicht kein Feld innerhalb der Stapelgrenze "
                              "außerhalb des direkten Feuers der bewegten Einheit",
                              id));
  return true;
}

std::vector<Field> PlanspielState::displace_fields(int d) const {
  return withdrawal_fields(d, false);
}

int PlanspielState::planning_unit() const {
  if (step() != StepKind::kPlanMove) return -1;
  for (const MoveState& m : group_)
    if (m.path.empty()) return m.unit;
  return -1;
}

// PS §9.6: the attacker announces simultaneity and names the units; reading: two or three (as a
// superiority attack), each able to move now, in unit order (the order they advance in).
bool PlanspielState::may_move_together(const std::vector<int>& units, Text* why) const {
  if (step() != StepKind::kAct)
    return PS_REFUSE(why, {"PS §3.2: only in the active party's activity",
                           "PS §3.2: nur während der Tätigkeit der aktiven Partei"});
  if (units.size() < 2 || units.size() > 3)
    return PS_REFUSE(why, {"PS §9.6: a simultaneous movement names two or three units",
                           "PS §9.6: eine gleichzeitige Bewegung nennt zwei oder drei Einheiten"});
  for (size_t i = 0; i < units.size(); ++i) {
    const int u = units[i];
    if (u < 0 || u >= num_units())
      return PS_REFUSE(why, {"PS §4.1: no such unit", "PS §4.1: diese Einheit gibt es nicht"});
    if (i > 0 && units[i - 1] >= u)
      return PS_REFUSE(why, {"PS §9.6: each unit is named once, in unit order",
                             "PS §9.6: jede Einheit wird einmal genannt, in der Reihenfolge der "
                             "Einheiten"});
    if (!may_move(u, why)) return false;
    if (move_targets(u).empty())
      return PS_REFUSE(why, say("PS §6: {} has no field to move to",
                                "PS §6: {} hat kein Feld, in das es ziehen kann", uid(u)));
  }
  return true;
}

OpposedFire OpposedFireOdds(const FireData& data, const OpposedSide& counter,
                            const OpposedSide& mover, bool mover_fires) {
  OpposedFire r;
  const FireTarget& tm = mover.as_target;
  const FireTarget& tp = counter.as_target;
  int a = NetModifier(Modifiers(data, counter.weapon, counter.firer, tm, counter.situation));
  r.counter_harms = RegimeOf(data, counter.weapon, tm, counter.situation) != Regime::kNoEffect;
  // G-30: a mover that cannot fire at the unit (unarmed, out of range, no line of sight, black)
  // still rolls, at normal chance, and inflicts nothing.
  int c = mover_fires ? NetModifier(Modifiers(data, mover.weapon, mover.firer, tp, mover.situation))
                      : 0;
  r.mover_harms =
      mover_fires && RegimeOf(data, mover.weapon, tp, mover.situation) != Regime::kNoEffect;
  // PS §9.8 item 2 (reading): the common part of two plus (or two minus) values cancels, so the
  // inferior party rolls at normal chance (or the superior one does).
  if (a > 0 && c > 0) {
    const int k = std::min(a, c);
    a -= k;
    c -= k;
  } else if (a < 0 && c < 0) {
    const int k = std::max(a, c);
    a -= k;
    c -= k;
  }
  r.counter_mod = a;
  r.mover_mod = c;
  int decided = 0, wins = 0;
  std::array<double, kOutcomeCount> on_m{}, on_p{};
  for (int np = 1; np <= 6; ++np)
    for (int nm = 1; nm <= 6; ++nm) {
      const int tp_total = np + a, tm_total = nm + c;
      if (tp_total == tm_total) continue;
      ++decided;
      const bool p_wins = tp_total > tm_total;
      if (p_wins) ++wins;
      (p_wins ? on_p : on_m)[static_cast<size_t>(Outcome::kNone)] += 1.0;
      const bool harms = p_wins ? r.counter_harms : r.mover_harms;
      auto& on = p_wins ? on_m : on_p;
      if (!harms) {
        on[static_cast<size_t>(Outcome::kNone)] += 1.0;
        continue;
      }
      const Effect e = p_wins
                           ? ResolveOpposedTotal(data, counter.weapon, tm, counter.situation, np, a)
                           : ResolveOpposedTotal(data, mover.weapon, tp, mover.situation, nm, c);
      for (int second = 1; second <= 6; ++second)
        on[static_cast<size_t>(FinalOutcome(e, second))] += 1.0 / 6;
    }
  if (decided > 0) {
    r.counter_wins = static_cast<double>(wins) / decided;
    for (size_t o = 0; o < on_m.size(); ++o) {
      r.on_mover[o] = on_m[o] / decided;
      r.on_counter[o] = on_p[o] / decided;
    }
  }
  return r;
}

PlanspielState::Meeting PlanspielState::meeting(int p) const {
  const int m = moving_.unit;
  if (m < 0 || p < 0) return {};
  const FireData& data = game_->fire_data();
  OpposedSide cp, cm;
  cp.weapon = weapon_of(p);
  cp.firer.suppression = unit(p).suppression;
  cp.as_target = target_of(p);
  cp.situation = fire_situation(p, field_of(m));
  cm.weapon = weapon_of(m);
  cm.firer.suppression = unit(m).suppression;
  cm.as_target = target_of(m);
  cm.situation = fire_situation(m, field_of(p));
  const UnitType& mt = type_of(m);
  const bool fires = mt.has_weapon && mt.weapon.flat >= 0 &&
                     CheckFire(data, cm.weapon, cm.firer, cm.situation).empty();
  return OpposedFireOdds(data, cp, cm, fires);
}

void PlanspielState::resolve_meeting(int mover_roll, EventList* events) {
  const Board& b = game_->board();
  const int p = moving_.meeting, m = moving_.unit;
  const int np = moving_.meeting_roll, nm = mover_roll;
  const Meeting mt = meeting(p);
  const int tp = np + mt.counter_mod, tm = nm + mt.mover_mod;
  // The texts name the counter-moving unit as the mover's party sees it (it fired: PS §7.4).
  const auto tell = [&](const Text& seen, const Text& unseen) {
    if (!events) return;
    const int party = party_of(p);
    events->push_back(
        Event::said("PS §9.3", seen, party,
                    shown_to(p, enemy(party)) ? std::nullopt : std::optional<Text>(unseen)));
  };
  const auto totals = [&](const std::string& who, const std::string& who_de) {
    return say("False counter-move at {0}: {1} {2} {3:+d} = {4} against {5} {6} {7:+d} = {8}",
               "Unechter Gegenzug bei {0}: {9} {2} {3:+d} = {4} gegen {5} {6} {7:+d} = {8}",
               field_text(field_of(m)), who, np, mt.counter_mod, tp, uid(m), nm, mt.mover_mod, tm,
               who_de);
  };
  moving_.last_counter = tp;
  moving_.last_mover = tm;
  // The texts are written only when the events are asked for.
  Text seen_totals, unseen_totals;
  if (events) {
    seen_totals = totals(uid(p), uid(p));
    unseen_totals = totals("(hidden)", "(verdeckt)");
  }
  if (tp == tm) {
    // PS §9.8 item 3: a tie is rolled again.
    if (events)
      tell({seen_totals.en + ": a tie, both roll again.",
            seen_totals.de + ": Gleichstand, beide würfeln noch einmal."},
           {unseen_totals.en + ": a tie, both roll again.",
            unseen_totals.de + ": Gleichstand, beide würfeln noch einmal."});
    moving_.meeting_roll = 0;
    push(StepKind::kMoverRoll, m, b.index(field_of(p)));
    push(StepKind::kMeetRoll, p, b.index(field_of(m)));
    return;
  }
  const bool p_wins = tp > tm;
  const int winner = p_wins ? p : m, loser = p_wins ? m : p;
  const bool harms = p_wins ? mt.counter_harms : mt.mover_harms;
  // The unit the other party does not see is "(hidden)", "(verdeckt)" in German.
  const auto result = [&](const std::string& w, const std::string& l) {
    const auto de = [](const std::string& x) { return x == "(hidden)" ? "(verdeckt)" : x; };
    return Text{
        fmt::format(": {} wins; {}", w,
                    harms ? "only " + l + " is affected." : "it cannot harm " + l + " (G-30)."),
        fmt::format(": {} siegt; {}", de(w),
                    harms ? "nur " + de(l) + " ist betroffen."
                          : "es kann " + de(l) + " nicht schaden (G-30).")};
  };
  if (events) {
    const std::string pw = p_wins ? uid(p) : uid(m), pl = p_wins ? uid(m) : uid(p);
    const std::string uw = p_wins ? "(hidden)" : uid(m), ul = p_wins ? uid(m) : "(hidden)";
    const Text r_seen = result(pw, pl), r_unseen = result(uw, ul);
    tell({seen_totals.en + r_seen.en, seen_totals.de + r_seen.de},
         {unseen_totals.en + r_unseen.en, unseen_totals.de + r_unseen.de});
  }
  moving_.meeting = -1;
  moving_.meeting_roll = 0;
  if (!harms) return;
  // PS §9.3: only the loser is affected, at the level of the winner's total.
  const Field at = field_of(loser);
  const FireSituation sit = fire_situation(winner, at);
  const Effect e = ResolveOpposedTotal(game_->fire_data(), weapon_of(winner), target_of(loser), sit,
                                       p_wins ? np : nm, p_wins ? mt.counter_mod : mt.mover_mod);
  UnitState& ls = units_[static_cast<size_t>(loser)];
  if (events) {
    const bool below = e.level == 0 && RegimeOf(game_->fire_data(), weapon_of(winner),
                                                target_of(loser), sit) == Regime::kNoEffect;
    const Text lv = below ? Text{"below the minimum calibre, no effect (PS §8.9)",
                                 "unter dem Mindestkaliber, keine Wirkung (PS §8.9)"}
                          : LevelText(e.level);
    const auto effect = [&](const std::string& who, const std::string& who_de) {
      return say("Total {0} against {1}: {2}.", "Summe {0} gegen {4}: {3}.", p_wins ? tp : tm, who,
                 lv.en, lv.de, who_de);
    };
    const int party = party_of(loser);
    const bool hidden = !shown_to(loser, enemy(party));
    events->push_back(
        Event::said("PS §8.7", effect(uid(loser), uid(loser)), party,
                    hidden ? std::optional<Text>(effect("(hidden)", "(verdeckt)")) : std::nullopt));
  }
  if (e.suppression > ls.suppression) ls.suppression = e.suppression;  // PS §8.13
  if (e.knocked_out) {
    lose(loser, "PS §8.7", {"knocked out", "ausgeschaltet"}, events, true);
    return;
  }
  if (e.lucky_hit_roll) push(StepKind::kLuckyHit, loser, -1);
  if (e.chance_hit_roll) push(StepKind::kChanceHit, loser, -1);
  if (e.casualty_roll) push(StepKind::kCasualty, loser, -1);
}

void PlanspielState::evade(int p, Field dest, bool displaced, EventList* events) {
  const Board& b = game_->board();
  const int party = party_of(p);
  UnitState& s = units_[static_cast<size_t>(p)];
  const bool was_shown = shown_to(p, enemy(party));
  Path path;
  if (!find_path(p, dest, path, !displaced))
    throw std::logic_error("planspiel: apply of an illegal evade");
  // The withdrawal runs along its path; an enemy unit its party did not see stops it in the last
  // field before where it may stand (G-07, PS §5.1; a movement counter-move may congest it, PS
  // §5.4).
  thread_local SeenContents contents;  // its storage reused
  contents_seen_by(party, p, contents);
  const Occupant me = OccupantOf(type_of(p), party);
  std::vector<Occupant> load;
  if (const int l = load_of(p); l >= 0) load.push_back(OccupantOf(type_of(l), party));
  Field end = path.fields.front();
  bool stopped = false;
  for (size_t i = 1; i < path.fields.size(); ++i) {
    const Field f = path.fields[i];
    if (enemy_in(f, party) >= 0) {
      stopped = true;
      break;
    }
    if (!displaced || MayEndWithLoad(contents.at(static_cast<size_t>(b.index(f))), me, load))
      end = f;
  }
  s.x = end.x;
  s.y = end.y;
  s.position_marker = false;  // PS §9.4: lost at once
  s.evaded = true;
  s.countered = true;
  if (moving_.simultaneous) s.group_target = moving_.unit;  // PS §9.6, G-29
  s.camouflaged = false;                                    // PS §7.6
  s.shown = 0;                                              // PS §7.4: it fired from its old place
  s.detected_marker = false;                                // scenarios §1.5
  carry_along(p);
  // PS §5.4: a second like model in the field: congestion, resolved in the party's next
  // half-turn (or at once by displacing the other one).
  s.congesting = !displaced;  // over_limit looks for the mark
  const int its_load = load_of(p);
  const bool congests =
      !displaced && (over_limit(p) || (its_load >= 0 && over_limit(its_load)));  // or its load
  s.congesting = congests;
  if (!events) return;
  const bool now_shown = shown_to(p, enemy(party));
  Text text = displaced
                  ? say("{} is displaced to {} and joins the withdrawal (PS §5.4); it loses any "
                        "position marker.",
                        "{} wird nach {} verdrängt und schließt sich dem Absetzen an (PS §5.4); "
                        "es verliert ein Stellungszeichen.",
                        uid(p), field_text(end))
                  : say("{} makes a movement counter-move to {} and loses any position marker.",
                        "{} macht einen Bewegungsgegenzug nach {} und verliert ein "
                        "Stellungszeichen.",
                        uid(p), field_text(end));
  if (congests) {
    text.en += std::string(
                   " The field is congested (PS §5.4): only one like troop may fire from "
                   "it until ") +
               PartyEn(party) + " resolves it in its next half-turn.";
    text.de += std::string(
                   " Das Feld ist gestaut (PS §5.4): nur eine gleichartige Truppe darf "
                   "daraus feuern, bis ") +
               PartyDe(party) + " die Stauung im nächsten Teilzug auflöst.";
  }
  if (stopped) {
    text.en += " It runs into an enemy unit it had not detected and stops (G-07).";
    text.de += " Es stößt auf eine nicht erkannte feindliche Einheit und bleibt stehen (G-07).";
  }
  std::optional<Text> others;
  if (!now_shown)
    others = was_shown ? say("{} withdraws out of sight (movement counter-move).",
                             "{} weicht außer Sicht aus (Bewegungsgegenzug).", uid(p))
                       : Text{"An unseen enemy unit withdraws (movement counter-move).",
                              "Eine nicht erkannte feindliche Einheit weicht aus "
                              "(Bewegungsgegenzug)."};
  else if (stopped || congests || displaced)
    others = say("{} withdraws to {} (movement counter-move).",
                 "{} weicht nach {} aus (Bewegungsgegenzug).", uid(p), field_text(end));
  events->push_back(
      Event::said(displaced ? "PS §5.4" : "PS §9.4", std::move(text), party, std::move(others)));
}

// =============================================================================================
// Fire (PS §8)

FireWeapon WeaponOfType(const FireData& data, const UnitType& t) {
  FireWeapon w;
  w.row = RangeRowId(data, t.weapon.row);
  w.calibre_mm = static_cast<int>(t.weapon.calibre_cm * 10.0 + 0.5);
  w.gun_class = t.gun;
  w.overlong = t.weapon.overlong;
  w.short_gun = t.weapon.short_gun;
  return w;
}

FireTarget TargetOfType(const UnitType& t, Cover cover) {
  FireTarget ft;
  ft.category = t.category;
  ft.armour = t.armour;
  // PS §8.8 #1: figures and weapon bases in a field position or a building; vehicles get no
  // cover there (G-04).
  const bool base = t.category == Category::kFigureBase ||
                    t.category == Category::kHeavyWeaponBase || t.category == Category::kRiders;
  if (base) ft.cover = cover;
  return ft;
}

const FireWeapon& PlanspielState::weapon_of(int u) const {
  return game_->weapon(u);
}

FireTarget PlanspielState::target_of(int u) const {
  const Field f = field_of(u);
  FireTarget ft =
      TargetOfType(type_of(u), position_covers(u, f) ? Cover::kFieldPosition
                               : game_->board().terrain(f) == Terrain::kBuiltUp ? Cover::kBuilding
                                                                                : Cover::kNone);
  ft.carries_figures = load_of(u) >= 0;  // PS §8.14: a vehicle with its load aboard
  return ft;
}

FireSituation PlanspielState::fire_situation(int firer, Field f, bool indirect,
                                             int concentration) const {
  FireSituation s;
  s.concentration = concentration;
  s.laying = indirect ? Laying::kIndirect : Laying::kDirect;
  s.trajectory = indirect ? Trajectory::kHighAngle : Trajectory::kFlat;
  s.range = Distance(field_of(firer), f);
  s.line_of_sight = indirect || game_->sees(field_of(firer), f);
  s.target_detected = true;  // only fields with seen targets are offered (targets_in)
  s.observer = indirect;     // only observed fields are offered (indirect_targets)
  return s;
}

bool PlanspielState::observed(int o, int party) const {
  return detected_by(o, party, true);
}

bool PlanspielState::may_fire_at_all(int u, const char* board_rule, const Text& party_text,
                                     Text* why) const {
  const UnitState& s = unit(u);
  const std::string& id = uid(u);
  if (party_of(u) != active_) return PS_REFUSE(why, party_text);
  if (s.status != UnitStatus::kOnBoard)
    return PS_REFUSE(
        why, say("{}: {} is not on the board", "{}: {} ist nicht auf der Platte", board_rule, id));
  if (s.aboard >= 0)
    return PS_REFUSE(why, say("PS §4.4: {} is aboard {}; it fires after getting off",
                              "PS §4.4: {} ist auf {} aufgesessen; es feuert nach dem Absitzen", id,
                              uid(s.aboard)));
  if (s.work != 0) return work_refusal(u, why);
  if (s.fired)
    return PS_REFUSE(why, say("PS §3.4: {} has fired this half-turn",
                              "PS §3.4: {} hat in diesem Teilzug gefeuert", id));
  if (s.suppression >= 5)
    return PS_REFUSE(why, say("PS §8.14: {} is suppressed black and cannot fire",
                              "PS §8.14: {} ist schwarz niedergehalten und feuerunfähig", id));
  if (congested_fired(u))
    return PS_REFUSE(why,
                     say("PS §5.4: {} stands in a congested field from which a like troop has "
                         "fired this half-turn",
                         "PS §5.4: {} steht in einem gestauten Feld, aus dem in diesem Teilzug "
                         "schon eine gleichartige Truppe gefeuert hat",
                         id));
  return true;
}

bool PlanspielState::may_fire_indirect(int u, Text* why) const {
  static const Text kActiveOnly{"PS §3.1: only the active party fires",
                                "PS §3.1: nur die aktive Partei feuert"};
  const UnitType& t = type_of(u);
  // Without a refusal asked for, the weapon and the phase (asked below) first: most units are
  // refused by them.
  if (!why && (!t.has_weapon || !t.weapon.indirect || t.weapon.high_angle < 0 || phase_ != 2))
    return false;
  if (!may_fire_at_all(u, "PS §8.3", kActiveOnly, why)) return false;
  if (!t.has_weapon || !t.weapon.indirect || t.weapon.high_angle < 0)
    return PS_REFUSE(why, {"PS §8.3: only mortars, rocket launchers and artillery fire indirect",
                           "PS §8.3: indirektes Feuer geben nur Granatwerfer, Raketenwerfer und "
                           "Artillerie"});
  if (phase_ != 2)
    return PS_REFUSE(why, {"PS §3.2: indirect fire comes in phase 2, before any other activity on "
                           "the ground",
                           "PS §3.2: Steilfeuer kommt in Phase 2, vor allen anderen Tätigkeiten am "
                           "Boden"});
  return true;
}

std::vector<Field> PlanspielState::indirect_targets(int u) const {
  std::vector<Field> out;
  if (step() != StepKind::kAct || !may_fire_indirect(u, nullptr)) return out;
  const int party = party_of(u);
  Firer firer;
  firer.suppression = unit(u).suppression;
  const FireWeapon& w = weapon_of(u);
  for (int o : seen_enemies(party)) {
    if (!observed(o, party)) continue;
    const Field f = field_of(o);
    if (std::find(out.begin(), out.end(), f) != out.end()) continue;
    if (own_in(f, party) >= 0) continue;  // G-07: no fire into a mixed field
    if (CheckFire(game_->fire_data(), w, firer, fire_situation(u, f, true)).empty())
      out.push_back(f);
  }
  const Board& b = game_->board();
  std::sort(out.begin(), out.end(), [&](Field a, Field c) { return b.index(a) < b.index(c); });
  return out;
}

PlanspielState::FireAction PlanspielState::fire_of(const Action& a) const {
  FireAction out;
  if (a.verb != kFire && a.verb != kIndirect && a.verb != kConcentrate) return out;
  const Board& b = game_->board();
  const bool together = a.verb == kConcentrate;
  out.ok = true;
  out.indirect = a.verb != kFire;
  out.unit = a.arg(together ? 1 : 0);
  if (together) {
    out.concentration = a.argc - 1;
    for (int i = 2; i < a.argc; ++i)
      if (unit(a.arg(i)).suppression > unit(out.unit).suppression) out.unit = a.arg(i);
  }
  out.field = FieldAt(b, a.arg(together ? 0 : 1));
  return out;
}

int PlanspielState::shown_weapon(const Action& a, int viewer) const {
  int first = -1;
  bool all = true;
  for (int i = 1; i < a.argc; ++i) {
    if (!shown_to(a.arg(i), viewer))
      all = false;
    else if (first < 0)
      first = a.arg(i);
  }
  return all ? kAllShown : first;
}

bool PlanspielState::similar_weapons(int u, int v) const {
  const FireWeapon &a = weapon_of(u), &b = weapon_of(v);
  if (!a.row.empty() || !b.row.empty()) return a.row == b.row;
  return a.kind == b.kind && a.calibre_mm == b.calibre_mm;
}

std::vector<std::vector<int>> PlanspielState::concentrations(Field f) const {
  std::vector<std::vector<int>> out;
  std::vector<int> c;
  for (int u = 0; u < num_units(); ++u) {
    const std::vector<Field> t = indirect_targets(u);
    if (std::find(t.begin(), t.end(), f) != t.end()) c.push_back(u);
  }
  // G-17: every weapon needs range and an observer (indirect_targets); the same row.
  const size_t n = c.size();
  for (size_t x = 0; x < n; ++x)
    for (size_t y = x + 1; y < n; ++y) {
      if (!similar_weapons(c[x], c[y])) continue;
      out.push_back({c[x], c[y]});
      for (size_t z = y + 1; z < n; ++z)
        if (similar_weapons(c[x], c[z])) out.push_back({c[x], c[y], c[z]});
    }
  return out;
}

bool PlanspielState::may_fire(int u, Text* why) const {
  static const Text kActiveOnly{"PS §3.1: only the active party fires (counter-moves: PS §9)",
                                "PS §3.1: nur die aktive Partei feuert (Gegenzüge: PS §9)"};
  const UnitType& t = type_of(u);
  // Without a refusal asked for, the weapon (asked below) first.
  if (!why && (!t.has_weapon || t.weapon.flat < 0)) return false;
  if (!may_fire_at_all(u, "PS §8.1", kActiveOnly, why)) return false;
  const SituationUnit& su = game_->situation().units[static_cast<size_t>(u)];
  const UnitState& s = unit(u);
  if (!t.has_weapon || t.weapon.flat < 0)
    return PS_REFUSE(why, say("PS §8.2: {} has no flat-fire weapon",
                              "PS §8.2: {} hat keine Flachfeuerwaffe", su.id));
  if (s.has_moved) {
    const MoveProfile p = game_->move_profile(u);
    if (!p.moves_and_fires)
      return PS_REFUSE(
          why, say("PS §3.4: {} moved this half-turn and may not fire",
                   "PS §3.4: {} hat sich in diesem Teilzug bewegt und darf nicht feuern", su.id));
    if (s.moved > MaxMoveToFireDirect(p))
      return PS_REFUSE(why, say("PS §6.4: {} moved {} fields, more than combat speed {}",
                                "PS §6.4: {} hat sich {} Felder bewegt, mehr als die "
                                "Gefechtsgeschwindigkeit {}",
                                su.id, s.moved, MaxMoveToFireDirect(p)));
  }
  return true;
}

int PlanspielState::own_in(Field f, int party) const {
  for (int o = 0; o < num_units(); ++o)
    if (party_of(o) == party && unit(o).status == UnitStatus::kOnBoard && field_of(o) == f)
      return o;
  return -1;
}

Text PlanspielState::mixed_field_refusal(Field f, int party) const {
  return say(
      "G-07: {0} also holds own units ({1}): no fire into it, only close combat, anti-tank "
      "close combat or an overrun",
      "G-07: in {0} stehen auch eigene Truppen ({1}): kein Feuer hinein, nur Nahkampf, "
      "Panzernahbekämpfung oder Überrollen",
      field_text(f), uid(own_in(f, party)));
}

std::vector<int> PlanspielState::targets_in(int firer, Field f) const {
  std::vector<int> out = seen_enemies_in(party_of(firer), f);
  // PS §6.10, §9.1: the vehicle recovering the wreck in `f` is fired at as if it stood there.
  if (moving_.work >= 0 && moving_.unit >= 0 && FieldAt(game_->board(), moving_.work) == f &&
      party_of(firer) != party_of(moving_.unit) && visible_to(moving_.unit, party_of(firer)))
    out.push_back(moving_.unit);
  return out;
}

std::vector<Field> PlanspielState::fire_targets(int u) const {
  std::vector<Field> out;
  if (step() != StepKind::kAct) return out;
  // The targets are fields of seen enemy units: without one, no need to ask may_fire.
  const std::vector<int>& enemies = seen_enemies(party_of(u));
  // CheckFire refuses a field out of the flat range (or without one): not asked for it, nor
  // may_fire without a seen enemy in range.
  const int range = game_->flat_range(u);
  bool in_range = false;
  if (range != kNoRange)
    for (int o : enemies) in_range = in_range || Distance(field_of(u), field_of(o)) <= range;
  if (!in_range || !may_fire(u, nullptr)) return out;
  Firer firer;
  firer.suppression = unit(u).suppression;
  const FireWeapon& w = weapon_of(u);
  for (size_t k = 0; k < enemies.size(); ++k) {
    const Field f = field_of(enemies[k]);
    // Each field once: where the first of its seen enemy units is listed.
    bool earlier = false;
    for (size_t j = 0; j < k && !earlier; ++j) earlier = field_of(enemies[j]) == f;
    if (earlier) continue;
    if (range == kNoRange || Distance(field_of(u), f) > range) continue;
    if (own_in(f, party_of(u)) >= 0) continue;  // G-07: no fire into a mixed field
    if (CheckFire(game_->fire_data(), w, firer, fire_situation(u, f)).empty()) out.push_back(f);
  }
  const Board& b = game_->board();
  std::sort(out.begin(), out.end(), [&](Field a, Field c) { return b.index(a) < b.index(c); });
  return out;
}

// =============================================================================================
// Close combat (PS §10.1-§10.3, G-32 to G-35)

std::vector<int> PlanspielState::assault_candidates(Field f) const {
  std::vector<int> out;
  if (step() != StepKind::kAct) return out;
  const Board& b = game_->board();
  bool seen_base = false;
  for (int o : seen_enemies(active_)) {
    if (field_of(o) != f) continue;
    if (!IsBase(type_of(o))) return out;  // PS §10.5: vehicles need anti-tank close combat
    seen_base = true;
  }
  if (!seen_base) return out;
  for (const int u : game_->party_units(active_)) {  // in unit order
    if (unit(u).status != UnitStatus::kOnBoard || Distance(field_of(u), f) != 1) continue;
    // [REC] Heavy-weapon bases defend but do not attack (PS §10.2 item 1).
    if (type_of(u).category != Category::kFigureBase) continue;
    if (!may_move(u, nullptr)) continue;
    if (CanStep(b, field_of(u), f, Mover::kFoot) != StepResult::kOk) continue;
    out.push_back(u);
  }
  return out;
}

std::vector<int> PlanspielState::defenders() const {
  if (assault_.field < 0) return {};
  return seen_enemies_in(party_of(assault_.attackers[0]), FieldAt(game_->board(), assault_.field));
}

int PlanspielState::defence_bonus(Field f, int attacker_party) const {
  int bases = 0;
  for (int o : seen_enemies_in(attacker_party, f))
    if (IsBase(type_of(o))) ++bases;
  const bool cover = dug_in(f) || game_->board().terrain(f) == Terrain::kBuiltUp;
  return std::max(0, bases - 1) + (cover ? 1 : 0);
}

// G-34: the neighbours n with n . d < 0 for the direction d towards every attacker's origin,
// passable on foot, free of enemy units; the one straight away from the attack first.
std::vector<Field> PlanspielState::flight_fields(int u, Field f,
                                                 const std::vector<Field>& from) const {
  const Board& b = game_->board();
  const int party = party_of(u);
  std::vector<std::pair<int, Field>> ranked;
  for (int dy = -1; dy <= 1; ++dy)
    for (int dx = -1; dx <= 1; ++dx) {
      if (dx == 0 && dy == 0) continue;
      int score = 0;
      bool ok = true;
      for (Field o : from) {
        const int ddx = (o.x > f.x) - (o.x < f.x), ddy = (o.y > f.y) - (o.y < f.y);
        const int dot = dx * ddx + dy * ddy;
        ok = ok && dot < 0;
        score += dot;
      }
      const Field t{f.x + dx, f.y + dy};
      if (!ok || !b.on_board(t) || CanStep(b, f, t, Mover::kFoot) != StepResult::kOk) continue;
      if (enemy_in(t, party) < 0) ranked.push_back({score * 100 + b.index(t), t});
    }
  std::sort(ranked.begin(), ranked.end(),
            [](const auto& a, const auto& c) { return a.first < c.first; });
  std::vector<Field> out;
  for (const auto& r : ranked) out.push_back(r.second);
  return out;
}

int PlanspielState::enemy_in(Field f, int party) const {
  // The first in unit order: the other party's units, in unit order.
  static_assert(kParties == 2);
  for (const int o : game_->party_units(enemy(party)))
    if (unit(o).status == UnitStatus::kOnBoard && field_of(o) == f) return o;
  return -1;
}

void PlanspielState::flee(int u, Field from, const std::vector<Field>& away, int level,
                          const char* rule, std::vector<int>& casualty, EventList* events) {
  const std::vector<Field> to = flight_fields(u, from, away);
  if (to.empty()) {
    lose(u, "G-34", {"captured: no flight field is free", "gefangen: kein Fluchtfeld ist frei"},
         events);
    return;
  }
  UnitState& us = units_[static_cast<size_t>(u)];
  us.x = to[0].x;
  us.y = to[0].y;
  us.suppression = std::max(us.suppression, level);
  us.camouflaged = false;
  us.fled = true;
  if (level == 6) casualty.push_back(u);
  if (events) {
    const Text lv = LevelText(level);
    events->push_back(
        Event::said(rule, say("{0} flees to {1} with {2}.", "{0} flieht nach {1} mit {3}.", uid(u),
                              field_text(to[0]), lv.en, lv.de)));
  }
}

// The end of a close combat, an overrun or an anti-tank close combat: the totals stay public
// (observation last_close_combat), and each base to roll for its casualty does so, the first
// named first.
void PlanspielState::end_close_combat(int field, int attack_total, int defence_total,
                                      const std::vector<int>& casualty) {
  assault_ = AssaultState{};
  assault_.last_field = field;
  assault_.last_attack = attack_total;
  assault_.last_defence = defence_total;
  for (auto it = casualty.rbegin(); it != casualty.rend(); ++it)
    if (unit(*it).status == UnitStatus::kOnBoard) push(StepKind::kCasualty, *it, -1);
}

void PlanspielState::resolve_close_combat(int defend_roll, EventList* events) {
  const Board& b = game_->board();
  const Field f = FieldAt(b, assault_.field);
  std::vector<int> attackers;
  for (int a : assault_.attackers)
    if (a >= 0) attackers.push_back(a);
  const int party = game_->situation().units[static_cast<size_t>(attackers[0])].party;
  const int carrier = assault_.carrier;  // PS §10.4: a mounted attack
  const std::vector<int> defs = defenders();
  const int a_total = assault_.attack_roll + attack_bonus(static_cast<int>(attackers.size()));
  const int d_total = defend_roll + defence_bonus(f, party);
  // PS §10.2 item 4: modifiers are not netted; a tie is rolled again.
  if (a_total == d_total) {
    if (events)
      events->push_back(
          Event::said("PS §10.2",
                      say("Close combat at {}: {} against {}, a tie: both roll again.",
                          "Nahkampf bei {}: {} gegen {}, Gleichstand: beide würfeln noch einmal.",
                          field_text(f), a_total, d_total),
                      party));
    assault_.attack_roll = 0;
    push(StepKind::kDefendRoll, -1, assault_.field);
    push(StepKind::kAttackRoll, -1, assault_.field);
    return;
  }
  const bool attacker_wins = a_total > d_total;
  const int w_total = std::max(a_total, d_total), l_total = std::min(a_total, d_total);
  const std::vector<int>& winners = attacker_wins ? attackers : defs;
  if (events)
    events->push_back(Event::said(
        "PS §10.2",
        say("Close combat at {0}: attacker {1} + {2} = {3}, defender {4} + {5} = {6}: the {7} "
            "wins.",
            "Nahkampf bei {0}: Angreifer {1} + {2} = {3}, Verteidiger {4} + {5} = {6}: {8} "
            "siegt.",
            field_text(f), assault_.attack_roll, a_total - assault_.attack_roll, a_total,
            defend_roll, d_total - defend_roll, d_total, attacker_wins ? "attacker" : "defender",
            attacker_wins ? "der Angreifer" : "der Verteidiger"),
        party));
  // G-32: each side's total goes through the effect table onto the other side.
  std::vector<int> casualty;
  const int on_winners = LevelOfTotal(l_total);
  for (int w : winners) {
    UnitState& ws = units_[static_cast<size_t>(w)];
    ws.suppression = std::max(ws.suppression, on_winners == 6 ? 6 : on_winners);
    if (on_winners == 6) casualty.push_back(w);
  }
  const int on_losers = std::max(3, LevelOfTotal(w_total));  // G-35: at least red
  std::vector<Field> origins;
  for (int a : attackers) origins.push_back(field_of(a));
  if (attacker_wins) {
    // PS §10.3: the defenders flee or are lost; the attackers take the field.
    for (int d : defs) {
      if (type_of(d).category == Category::kHeavyWeaponBase) {
        lose(d, "PS §10.3",
             {"lost: its crew had to flee and leave the weapon",
              "verloren: die Bedienung musste fliehen und die Waffe liegen lassen"},
             events);
        continue;
      }
      flee(d, f, origins, on_losers, "PS §10.3", casualty, events);
    }
    for (int a : attackers) {
      UnitState& as = units_[static_cast<size_t>(a)];
      as.x = f.x;
      as.y = f.y;
    }
    // PS §10.4: the vehicle of a mounted attack drives in with its figures (reading: when no
    // enemy unit is left there, G-07).
    // PS §2.3, §6.10: not into a wreck's defile field.
    if (carrier >= 0 && enemy_in(f, party) < 0 && unit(carrier).status == UnitStatus::kOnBoard &&
        wreck_at(f) < 0) {
      UnitState& cs = units_[static_cast<size_t>(carrier)];
      cs.x = f.x;
      cs.y = f.y;
      ++cs.moved;
    }
  } else if (carrier >= 0) {
    // PS §10.4: after a failed mounted attack the figures must flee (reading: from the field they
    // attacked from, away from the attacked field); an armoured vehicle stays behind in the
    // attacked field beside the enemy (a mixed field, G-07), an unarmoured one is lost.
    for (int a : attackers) flee(a, field_of(a), {f}, on_losers, "PS §10.4", casualty, events);
    if (unit(carrier).status == UnitStatus::kOnBoard) {
      if (type_of(carrier).armour == ArmourClass::kNone) {
        lose(carrier, "PS §10.4",
             {"lost after the failed mounted attack",
              "verloren nach dem gescheiterten aufgesessenen Angriff"},
             events);
      } else if (wreck_at(f) < 0 && only_figures_of(f, enemy(party)) &&
                 enter_mixed_field(carrier, f) && events) {
        // PS §2.3, §6.10: not into a wreck's defile field. Reading: a mixed field is one party's
        // figure bases with the other's vehicle (G-07); beside an enemy weapon base the vehicle
        // stays where it came from.
        events->push_back(
            Event::said("PS §10.4",
                        say("{0} stays behind in {1} beside the enemy (a mixed field, G-07).",
                            "{0} bleibt in {1} neben dem Feind zurück (ein gemischtes Feld, G-07).",
                            uid(carrier), field_text(f)),
                        party));
      }
    }
  } else {
    // Reading: the attackers fall back to the fields they attacked from, suppressed (G-35).
    for (int a : attackers) {
      UnitState& as = units_[static_cast<size_t>(a)];
      as.suppression = std::max(as.suppression, on_losers);
    }
    // G-33: after a failed superiority attack only one attacking base makes the casualty roll.
    if (on_losers == 6) casualty.push_back(attackers[0]);
  }
  for (int a : attackers) {
    UnitState& as = units_[static_cast<size_t>(a)];
    as.has_moved = true;
    as.fired = true;  // the close combat is its activity (PS §3.4)
    as.moved = attacker_wins ? 1 : 0;
    as.camouflaged = false;
  }
  end_close_combat(b.index(f), a_total, d_total, casualty);
}

// PS §10.6, §9.8, G-37: the vehicle's natural die against the defenders' (+1 in a town or forest
// field, their suppression ignored); a tie is rolled again; only the winner's total takes effect.
void PlanspielState::resolve_overrun(int defend_roll, EventList* events) {
  const Board& b = game_->board();
  const Field f = FieldAt(b, assault_.field);
  const int v = assault_.attackers[0];
  const int party = party_of(v);
  const std::vector<int> defs = defenders();
  const int bonus = overrun_bonus(f);
  const int a_total = assault_.attack_roll;
  const int d_total = defend_roll + bonus;
  if (a_total == d_total) {
    if (events)
      events->push_back(
          Event::said("PS §9.8",
                      say("Overrun of {}: {} against {}, a tie: both roll again.",
                          "Überrollen von {}: {} gegen {}, Gleichstand: beide würfeln noch einmal.",
                          field_text(f), a_total, d_total),
                      party));
    assault_.attack_roll = 0;
    push(StepKind::kDefendRoll, -1, assault_.field);
    push(StepKind::kAttackRoll, -1, assault_.field);
    return;
  }
  const bool vehicle_wins = a_total > d_total;
  if (events) {
    const auto text = [&](const std::string& who, const std::string& who_de) {
      return say("Overrun of {0} by {1}: vehicle {3}, defenders {4} + {5} = {6}: the {7} wins.",
                 "Überrollen von {0} durch {2}: Fahrzeug {3}, Verteidiger {4} + {5} = {6}: {8} "
                 "siegt.",
                 field_text(f), who, who_de, a_total, defend_roll, bonus, d_total,
                 vehicle_wins ? "vehicle" : "defence",
                 vehicle_wins ? "das Fahrzeug" : "die Verteidigung");
    };
    events->push_back(Event::said(
        "PS §10.6", text(uid(v), uid(v)), party,
        shown_to(v, enemy(party))
            ? std::nullopt
            : std::optional<Text>(text("an unseen vehicle", "ein nicht erkanntes Fahrzeug"))));
  }
  UnitState& vs = units_[static_cast<size_t>(v)];
  vs.has_moved = true;
  vs.fired = true;  // the overrun is its attack of the half-turn (PS §3.4)
  vs.position_marker = false;
  vs.camouflaged = false;
  std::vector<int> casualty;
  if (vehicle_wins) {
    const int level = LevelOfTotal(a_total);
    for (int d : defs) {
      if (type_of(d).category == Category::kHeavyWeaponBase) {
        lose(d, "PS §10.6", {"destroyed by the overrun", "durch das Überrollen vernichtet"},
             events);
        continue;
      }
      // G-37: a figure base left in the field takes the level of the vehicle's total.
      UnitState& ds = units_[static_cast<size_t>(d)];
      ds.suppression = std::max(ds.suppression, level);
      ds.camouflaged = false;
      if (level == 6) casualty.push_back(d);
    }
    // PS §10.6 ("fährt in das feindliche Feld ein"), §5.5, G-07: the winning vehicle drives into
    // the field; figure bases left there share it with the vehicle (a mixed field).
    enter_mixed_field(v, f);
  } else {
    const int level = LevelOfTotal(d_total);
    if (level == 6)
      lose(v, "PS §10.6", {"knocked out by the defenders", "von den Verteidigern ausgeschaltet"},
           events, true);
    else
      vs.suppression = std::max(vs.suppression, level);
  }
  end_close_combat(b.index(f), a_total, d_total, casualty);
}

// PS §10.5, G-36: the figures' die (+1 in a town or forest field, their suppression ignored, no
// massing bonus) against the vehicle's (normal chance); a tie is rolled again; only the winner's
// total takes effect, on every vehicle in the field or on the figures, who do not flee.
void PlanspielState::resolve_antitank(int defend_roll, EventList* events) {
  const Board& b = game_->board();
  const Field f = FieldAt(b, assault_.field);
  const int a = assault_.attackers[0];
  const int party = party_of(a);
  const std::vector<int> vehicles = defenders();
  const Terrain terrain = b.terrain(f);
  const int bonus = terrain == Terrain::kForest || terrain == Terrain::kBuiltUp ? 1 : 0;
  const int a_total = assault_.attack_roll + bonus;
  const int d_total = defend_roll;
  if (a_total == d_total) {
    if (events)
      events->push_back(Event::said(
          "PS §9.8",
          say("Anti-tank close combat at {}: {} against {}, a tie: both roll again.",
              "Panzernahbekämpfung bei {}: {} gegen {}, Gleichstand: beide würfeln noch einmal.",
              field_text(f), a_total, d_total),
          party));
    assault_.attack_roll = 0;
    push(StepKind::kDefendRoll, -1, assault_.field);
    push(StepKind::kAttackRoll, -1, assault_.field);
    return;
  }
  const bool figures_win = a_total > d_total;
  if (events)
    events->push_back(
        Event::said("PS §10.5",
                    say("Anti-tank close combat at {0}: figures {1} + {2} = {3}, vehicle {4}: {5}.",
                        "Panzernahbekämpfung bei {0}: Figuren {1} + {2} = {3}, Fahrzeug {4}: {6}.",
                        field_text(f), assault_.attack_roll, bonus, a_total, d_total,
                        figures_win ? "the figures win" : "the vehicle wins",
                        figures_win ? "die Figuren siegen" : "das Fahrzeug siegt"),
                    party));
  UnitState& as = units_[static_cast<size_t>(a)];
  as.has_moved = true;
  as.fired = true;  // the close combat is its activity (PS §3.4)
  as.camouflaged = false;
  std::vector<int> casualty;
  if (figures_win) {
    const int level = LevelOfTotal(a_total);
    for (int v : vehicles) {
      if (level == 6) {
        lose(v, "PS §10.5", {"knocked out at close quarters", "im Nahkampf ausgeschaltet"}, events,
             true);
        continue;
      }
      UnitState& vs = units_[static_cast<size_t>(v)];
      vs.suppression = std::max(vs.suppression, level);
    }
  } else {
    const int level = LevelOfTotal(d_total);
    as.suppression = std::max(as.suppression, level);
    if (level == 6) casualty.push_back(a);
  }
  // PS §10.5 ("figures move into the vehicle's field"), G-36, G-07: the figures stay in the field
  // they moved into, whoever won (losers do not flee); with an enemy vehicle left there it is a
  // mixed field. Figure bases mass without limit (G-06).
  as.x = f.x;
  as.y = f.y;
  as.moved = 1;
  end_close_combat(b.index(f), a_total, d_total, casualty);
}

// G-36: normal chance, +1 in a town or forest field (PS §10.5); 3 red, 4 grey, 5 black, 6
// knocked out, on every enemy armoured vehicle in the field.
void PlanspielState::resolve_antitank_in_field(int u, int n, EventList* events) {
  const Board& b = game_->board();
  const Field f = field_of(u);
  const int party = party_of(u);
  const Terrain terrain = b.terrain(f);
  const int bonus = terrain == Terrain::kForest || terrain == Terrain::kBuiltUp ? 1 : 0;
  const int level = EffectLevel(n, bonus);
  for (int v = 0; v < num_units(); ++v) {
    if (party_of(v) == party || unit(v).status != UnitStatus::kOnBoard || unit(v).aboard >= 0 ||
        !(field_of(v) == f) || type_of(v).armour == ArmourClass::kNone)
      continue;
    const Text lv = LevelText(level);
    if (events)
      events->push_back(Event::said(
          "G-36",
          say("Anti-tank close combat in {0}: natural {1} (+{2} town or forest) against {3}: {4}.",
              "Panzernahbekämpfung in {0}: Würfel {1} (+{2} Ortschaft oder Wald) gegen {3}: {5}.",
              field_text(f), n, bonus, uid(v), lv.en, lv.de),
          party_of(v)));
    if (level == 6) {
      lose(v, "G-36", {"knocked out at close quarters", "im Nahkampf ausgeschaltet"}, events, true);
      continue;
    }
    UnitState& vs = units_[static_cast<size_t>(v)];
    vs.suppression = std::max(vs.suppression, level);
  }
}

// =============================================================================================
// The contract

int PlanspielState::current_seat() const {
  switch (RowOf(step()).seat) {
    case Who::kActive:
      return active_;
    case Who::kPassive:
      return enemy(active_);
    case Who::kChance:
      return feldherr::kChance;
    case Who::kOwner:
      return party_of(steps_.top().unit);
    case Who::kNobody:
      break;
  }
  return feldherr::kNobody;
}

Decision PlanspielState::decision() const {
  return decision_for(kNobody);
}

Decision PlanspielState::decision_for(int viewer) const {
  const StepKind k = step();
  Decision d;
  d.seat = current_seat();
  d.kind = RowOf(k).decision;
  const Situation& s = game_->situation();
  const Board& b = game_->board();
  switch (k) {
    case StepKind::kAct:
      d.say(say("Game turn {0} of {1}, {2}'s half-turn, phase {4}: {5} (PS §3.2)",
                "Zug {0} von {1}, Teilzug von {3}, Phase {4}: {6} (PS §3.2)", turn_, s.game_turns,
                PartyEn(active_), PartyDe(active_), phase_,
                phase_ == 2 ? "indirect fire first, or move, fire, assault or FERTIG"
                            : "move, fire, assault or FERTIG",
                phase_ == 2 ? "zuerst Steilfeuer, oder bewegen, feuern, Nahkampf oder FERTIG"
                            : "bewegen, feuern, Nahkampf oder FERTIG"));
      // No `decline`: FERTIG ends the party's own half-turn; only windows such as the
      // counter-move may be declined automatically (engine/game.h Decision::decline).
      break;
    case StepKind::kEffectRoll:
      d.say(say("Effect roll of {0}'s fire at {2} (PS §8.6)",
                "Wirkungswurf für das Feuer von {1} auf {2} (PS §8.6)",
                masked_unit(steps_.top().unit, viewer), masked_unit_de(steps_.top().unit, viewer),
                field_text({steps_.top().field % b.width(), steps_.top().field / b.width()})));
      break;
    case StepKind::kCasualty:
      d.say(say("Casualty roll of {} (PS §8.12)", "Ausfallwurf für {} (PS §8.12)",
                uid(steps_.top().unit)));
      break;
    case StepKind::kChanceHit:
      d.say(say("Chance-hit roll against {} (PS §8.12)", "Zufallstreffer-Wurf gegen {} (PS §8.12)",
                uid(steps_.top().unit)));
      break;
    case StepKind::kLuckyHit:
      d.say(say("Lucky-hit roll against {} (PS §8.12, G-27)",
                "Glückstreffer-Wurf gegen {} (PS §8.12, G-27)", uid(steps_.top().unit)));
      break;
    case StepKind::kDetectAtGun: {
      const int finder = enemy(party_of(steps_.top().unit));
      d.say(say("{0} rolls 4+ to detect the AT gun that fired (PS §7.5)",
                "{1} würfelt 4+, um die Panzerabwehrkanone zu erkennen, die gefeuert hat (PS §7.5)",
                PartyEn(finder), PartyDe(finder)));
      break;
    }
    case StepKind::kAttackRoll: {
      const std::string at = field_text(FieldAt(b, assault_.field));
      d.say(assault_.antitank
                ? say("Anti-tank close combat at {}: the figures' die (PS §10.5)",
                      "Panzernahbekämpfung bei {}: der Würfel der Figuren (PS §10.5)", at)
            : assault_.overrun ? say("Overrun of {}: the vehicle's die (PS §10.6)",
                                     "Überrollen von {}: der Würfel des Fahrzeugs (PS §10.6)", at)
                               : say("Close combat at {}: the attacker's die (PS §10.2)",
                                     "Nahkampf bei {}: der Würfel des Angreifers (PS §10.2)", at));
      break;
    }
    case StepKind::kDefendRoll: {
      const std::string at = field_text(FieldAt(b, assault_.field));
      d.say(assault_.antitank
                ? say("Anti-tank close combat at {}: the vehicle's die (PS §10.5)",
                      "Panzernahbekämpfung bei {}: der Würfel des Fahrzeugs (PS §10.5)", at)
            : assault_.overrun
                ? say("Overrun of {}: the defenders' die (PS §10.6)",
                      "Überrollen von {}: der Würfel der Verteidiger (PS §10.6)", at)
                : say("Close combat at {}: the defender's die (PS §10.2)",
                      "Nahkampf bei {}: der Würfel des Verteidigers (PS §10.2)", at));
      break;
    }
    case StepKind::kCounterMove:
      if (moving_.work >= 0) {
        d.say(
            say("{0}: a unit of {1} tries to recover the wreck in {4}; answer with a true fire "
                "counter-move at that field or pass (PS §6.10, §9.1)",
                "{2}: eine Einheit von {3} versucht, das Schadfahrzeug in {4} zu bergen; mit "
                "einem echten Feuergegenzug auf dieses Feld antworten oder verzichten "
                "(PS §6.10, §9.1)",
                PartyEn(enemy(active_)), PartyEn(active_), PartyDe(enemy(active_)),
                PartyDe(active_), field_text(counter_field())));
        d.decline = Action(kPass, {});
        break;
      }
      d.say(say(
          "{0}: a unit of {1} moves; answer with a counter-move (true fire, false "
          "counter-move or movement counter-move) or pass (PS §9.2-§9.4)",
          "{2}: eine Einheit von {3} bewegt sich; mit einem Gegenzug antworten (echter "
          "Feuergegenzug, unechter Gegenzug oder Bewegungsgegenzug) oder verzichten "
          "(PS §9.2-§9.4)",
          PartyEn(enemy(active_)), PartyEn(active_), PartyDe(enemy(active_)), PartyDe(active_)));
      d.decline = Action(kPass, {});
      break;
    case StepKind::kMeetRoll:
      d.say(say("False counter-move at {0}: the die of {1} (PS §9.3, §9.8)",
                "Unechter Gegenzug bei {0}: der Würfel von {2} (PS §9.3, §9.8)",
                field_text(field_of(moving_.unit)), masked_unit(moving_.meeting, viewer),
                masked_unit_de(moving_.meeting, viewer)));
      break;
    case StepKind::kMoverRoll:
      d.say(say("False counter-move at {0}: the die of the mover {1} (PS §9.3, §9.8)",
                "Unechter Gegenzug bei {0}: der Würfel der bewegten Einheit {2} (PS §9.3, §9.8)",
                field_text(field_of(moving_.unit)), masked_unit(moving_.unit, viewer),
                masked_unit_de(moving_.unit, viewer)));
      break;
    case StepKind::kOver:
      d.say({"The game is over (scenarios §1.7)", "Das Spiel ist vorbei (scenarios §1.7)"});
      break;
    case StepKind::kSelfSmoke:
      d.say(say("{} is suppressed black: try self-smoke (5+) or pass (PS §8.16)",
                "{} ist schwarz niedergehalten: Selbsteinnebelung versuchen (5+) oder "
                "verzichten (PS §8.16)",
                uid(steps_.top().unit)));
      d.decline = Action(kPass, {});
      break;
    case StepKind::kSmokeRoll:
      d.say(say("Self-smoke roll of {} (PS §8.16)", "Wurf zur Selbsteinnebelung von {} (PS §8.16)",
                uid(steps_.top().unit)));
      break;
    case StepKind::kAntiTankEvade:
      d.say(
          say("{0}: enemy figures attack the vehicles in {4} at close quarters from their "
              "movement; answer with a movement counter-move of a vehicle there, or pass to "
              "defend by the opposed roll (PS §10.5, §9.4)",
              "{2}: feindliche Figuren greifen die Fahrzeuge in {4} aus der Bewegung im "
              "Panzernahkampf an; mit einem Bewegungsgegenzug eines Fahrzeugs dort antworten "
              "oder verzichten und durch Gegenwürfeln abwehren (PS §10.5, §9.4)",
              PartyEn(enemy(active_)), PartyEn(active_), PartyDe(enemy(active_)), PartyDe(active_),
              field_text(FieldAt(b, assault_.field))));
      d.decline = Action(kPass, {});
      break;
    case StepKind::kAntiTankRoll:
      d.say(say("Anti-tank close combat in {}: the figures' effect roll (G-36)",
                "Panzernahbekämpfung in {}: der Wirkungswurf der Figuren (G-36)",
                field_text(FieldAt(game_->board(), steps_.top().field))));
      break;
    case StepKind::kRecoverRoll:
      d.say(say("Recovery roll of {0} at the wreck in {2}, 4+ (PS §6.10)",
                "Bergewurf von {1} am Schadfahrzeug in {2}, 4+ (PS §6.10)",
                masked_unit(steps_.top().unit, viewer), masked_unit_de(steps_.top().unit, viewer),
                field_text(FieldAt(game_->board(), steps_.top().field))));
      break;
    case StepKind::kPlanMove:
      d.say(say("Simultaneous movement: the field {0} moves to (PS §9.6)",
                "Gleichzeitige Bewegung: das Ziel von {1} (PS §9.6)",
                masked_unit(planning_unit(), viewer), masked_unit_de(planning_unit(), viewer)));
      break;
    case StepKind::kSetUp: {
      const SetupZone* z = s.zone_of(active_);
      d.say(
          say("Set-up: {0} places its units in its zone x {2}..{3}, y {4}..{5}, each once; "
              "FERTIG keeps the others in their listed fields (scenarios §1.5)",
              "Aufstellung: {1} stellt seine Einheiten in seinem Raum x {2}..{3}, y {4}..{5} "
              "auf, jede einmal; FERTIG lässt die übrigen auf ihren vorgesehenen Feldern "
              "(scenarios §1.5)",
              PartyEn(active_), PartyDe(active_), z ? z->from.x : 0, z ? z->to.x : 0,
              z ? z->from.y : 0, z ? z->to.y : 0));
      d.keeps_listed_setup = true;  // scenarios §1.5: FERTIG forfeits nothing
      break;
    }
  }
  return d;
}

ActionInfo PlanspielState::action_info(const Action& action, int viewer) const {
  ActionInfo info = State::action_info(action, viewer);
  if (action.verb == kFertig && step() == StepKind::kSetUp) {
    info.label_en = "FERTIG: the others stay in their listed fields";
    info.label_de = "FERTIG: die übrigen bleiben auf ihren vorgesehenen Feldern";
    info.title_en = "End the set-up";
    info.title_de = "Aufstellung beenden";
  }
  return info;
}

void PlanspielState::legal_actions(ActionList& out) const {
  out.clear();
  const StepKind k = step();
  if (k == StepKind::kOver) return;
  if (RowOf(k).seat == Who::kChance) {
    for (int v = 1; v <= 6; ++v) out.push_back(Action(kRoll, {v}));
    return;
  }
  const Board& b = game_->board();
  if (k == StepKind::kSetUp) {
    // Scenarios §1.5: each own unit once to a field of the zone; FERTIG keeps the rest.
    if (const SetupZone* z = game_->situation().zone_of(active_)) {
      // The units standing in each field, in unit order (may_place_at looks at those only);
      // kept on the thread, emptied where they stood.
      thread_local std::vector<std::vector<int>> standing;
      standing.resize(static_cast<size_t>(b.width() * b.height()));
      for (int o = 0; o < num_units(); ++o)
        if (unit(o).status == UnitStatus::kOnBoard)
          standing[static_cast<size_t>(b.index(field_of(o)))].push_back(o);
      for (int u = 0; u < num_units(); ++u) {
        // may_place refuses a reinforcement, a load and a unit placed already in every field
        // (may_place_unit); the unit's part of the field checks is worked out once (placing).
        if (!may_place_unit(u, nullptr)) continue;
        const Placing p = placing(u);
        for (int y = z->from.y; y <= z->to.y; ++y)
          for (int x = z->from.x; x <= z->to.x; ++x)
            if (may_place_at(p, {x, y}, &standing, nullptr))
              out.push_back(UnitFieldAction(kPlace, u, b.index({x, y})));
      }
      for (int o = 0; o < num_units(); ++o)
        if (unit(o).status == UnitStatus::kOnBoard)
          standing[static_cast<size_t>(b.index(field_of(o)))].clear();
    }
    out.push_back(Action(kFertig, {}));
    return;
  }
  if (k == StepKind::kSelfSmoke) {
    out.push_back(Action(kSmoke, {steps_.top().unit}));
    out.push_back(Action(kPass, {}));
    return;
  }
  if (k == StepKind::kAntiTankEvade) {
    // PS §10.5, §9.4: the attacked vehicles' movement counter-moves, or defend (pass).
    std::vector<Field> fields;
    for (int v = 0; v < num_units(); ++v)
      if (may_evade_antitank_to(v, nullptr, fields))
        for (Field f : fields) out.push_back(Action(kEvade, {v, b.index(f)}));
    out.push_back(Action(kPass, {}));
    return;
  }
  if (k == StepKind::kCounterMove) {
    const int at = b.index(counter_field());
    // may_displace needs an evader that congested a field in this step (PS §5.4).
    bool displacing = false;
    for (const UnitState& o : units_)
      displacing = displacing ||
                   (o.congesting && o.countered && o.evaded && o.status == UnitStatus::kOnBoard);
    std::vector<Field> evades;
    // What may_counter_fire and may_evade_to ask first without a reason (every refusal before
    // it refuses too): the mover's approach (PS §9.2, §9.4) and the ranges of direct fire, once
    // per window here.
    const int m = moving_.unit;
    const Field now = counter_field();
    const int prev = moving_.previous();
    const Field before = prev >= 0 ? FieldAt(b, prev) : now;
    const UnitType* mt = m >= 0 ? &type_of(m) : nullptr;
    const int mover_range = moving_.work < 0 && mt && mt->has_weapon && mt->weapon.flat >= 0
                                ? game_->flat_range(m)
                                : -1;
    // PS §9.1: the active party's units make no counter-moves (every check below refuses): the
    // passive party's units, in unit order.
    static_assert(kParties == 2);
    for (const int p : game_->party_units(enemy(active_))) {
      const int d = Distance(field_of(p), now);
      const bool away = moving_.work < 0 && prev >= 0 && d > Distance(field_of(p), before);
      // may_counter and may_meet share may_counter_fire: it is asked once.
      const bool fires =
          !away && d <= game_->flat_range(p) && may_counter_fire(p, "PS §9.2", nullptr);
      if (fires && counter_entitled(p, nullptr)) out.push_back(Action(kFire, {p, at}));
      if (fires && meet_entitled(p, nullptr)) out.push_back(Action(kMeet, {p, at}));
      if (!away && d > 0 && d <= mover_range && may_evade_to(p, nullptr, evades))
        for (Field f : evades) out.push_back(Action(kEvade, {p, b.index(f)}));
      if (displacing && may_displace(p, nullptr))
        for (Field f : displace_fields(p)) out.push_back(Action(kDisplace, {p, b.index(f)}));
    }
    out.push_back(Action(kPass, {}));
    return;
  }
  if (k == StepKind::kPlanMove) {
    // move_targets, with the move actions kept with the unit's search (kept_move_actions).
    const int u = planning_unit();
    thread_local std::vector<Field> moves, no_withdrawals;
    const KeptSearch* kept_search = nullptr;
    move_and_withdraw_fields(u, moves, no_withdrawals, &kept_search);
    if (kept_search) {
      const std::vector<Action>& actions = kept_move_actions(*kept_search, u);
      out.insert(out.end(), actions.begin(), actions.end());
    } else {
      AppendUnitFields(out, kMove, u, moves, b);
    }
    return;
  }
  // PS §3.1: only the active party moves, fires and attacks (every check below refuses the
  // passive party's units, and the movement searches are not needed for them).
  // Scratch lists of this thread, their storage reused from one call to the next.
  thread_local std::vector<int> indirect_fields, movers, enemy_fields;
  thread_local std::vector<Field> targets, withdrawals;
  indirect_fields.clear();
  // PS §3.2: indirect fire comes in phase 2 only (indirect_targets lists none later).
  if (phase_ == 2)
    for (const int u : game_->party_units(active_))
      for (Field f : indirect_targets(u)) {
        out.push_back(Action(kIndirect, {u, b.index(f)}));
        indirect_fields.push_back(b.index(f));
      }
  // PS §8.3, G-17: every set of two or three similar weapons firing together at a field.
  std::sort(indirect_fields.begin(), indirect_fields.end());
  indirect_fields.erase(std::unique(indirect_fields.begin(), indirect_fields.end()),
                        indirect_fields.end());
  for (int i : indirect_fields)
    for (const std::vector<int>& c : concentrations(FieldAt(b, i)))
      out.push_back(c.size() == 2 ? Action(kConcentrate, {i, c[0], c[1]})
                                  : Action(kConcentrate, {i, c[0], c[1], c[2]}));
  movers.clear();  // PS §9.6: the units that may move now
  // PS §6.10: a recovery needs a wreck on the board (recover_targets lists none without one).
  bool wreck_on_board = false;
  for (const UnitState& w : units_) wreck_on_board = wreck_on_board || w.wreck;
  // The fields where the active party sees an enemy: overruns, anti-tank close combat and
  // mounted attacks go only into such a field (seen_enemies_in, PS §10.4-§10.6).
  thread_local std::vector<uint8_t> enemy_at;
  enemy_at.assign(static_cast<size_t>(b.width() * b.height()), 0);
  const bool enemy_seen = !seen_enemies(active_).empty();
  for (int o : seen_enemies(active_)) enemy_at[static_cast<size_t>(b.index(field_of(o)))] = 1;
  for (const int u : game_->party_units(active_)) {
    // move_targets, withdraw_targets (the move fields maybe those kept with the unit's search,
    // with their actions)
    const KeptSearch* kept_search = nullptr;
    const std::vector<Field>& moves =
        move_and_withdraw_fields(u, targets, withdrawals, &kept_search);
    if (!moves.empty()) movers.push_back(u);
    if (kept_search) {
      const std::vector<Action>& actions = kept_move_actions(*kept_search, u);
      out.insert(out.end(), actions.begin(), actions.end());
    } else {
      AppendUnitFields(out, kMove, u, moves, b);
    }
    // (the empty lists, the most, not passed on)
    if (!withdrawals.empty()) AppendUnitFields(out, kWithdraw, u, withdrawals, b);
    if (const std::vector<Field> fire = fire_targets(u); !fire.empty())
      AppendUnitFields(out, kFire, u, fire, b);
    if (wreck_on_board)
      for (Field f : recover_targets(u)) out.push_back(Action(kRecover, {u, b.index(f)}));
    // Digging in and camouflaging need a unit on the board on its own that has not acted and is
    // not suppressed (G-38, PS §12.1, §7.6): the others are not asked.
    const UnitState& us = unit(u);
    if (us.status == UnitStatus::kOnBoard && us.aboard < 0 && us.suppression == 0 && us.work == 0 &&
        !us.has_moved && !us.fired && !us.loaded) {
      if (may_dig(u, nullptr)) out.push_back(Action(kDig, {u}));
      if (may_camouflage(u, nullptr)) out.push_back(Action(kCamouflage, {u}));
    }
    // PS §4.4: of mount, dismount, limber and unlimber only the one the unit's kind (a weapon
    // base limbers) and place (aboard or not) name may be allowed, and only to a unit on the board
    // that has not got on or off nor worked this half-turn; getting on, only after at most one
    // field on foot and unsuppressed (may_load refuses the rest).
    if (us.status == UnitStatus::kOnBoard && !us.loaded && us.work == 0 &&
        (us.aboard >= 0 || (us.moved <= 1 && us.suppression < 3))) {
      const bool heavy = type_of(u).category == Category::kHeavyWeaponBase;
      const int v = us.aboard >= 0 ? (heavy ? kUnlimber : kDismount) : (heavy ? kLimber : kMount);
      if (may_load(u, v, nullptr)) out.push_back(UnitFieldAction(v, u, b.index(field_of(u))));
    }
    const bool overruns = type_of(u).can_overrun;
    const bool fights = type_of(u).category == Category::kFigureBase;
    const int load = load_of(u);
    // PS §10.4: only a carrier with figures aboard may make a mounted attack (may_mounted_attack).
    const bool rides = load >= 0 && type_of(load).category == Category::kFigureBase;
    // Only next to a seen enemy (its neighbours are looked at then).
    bool enemy_near = false;
    if (enemy_seen && (overruns || fights || load >= 0) && unit(u).status == UnitStatus::kOnBoard)
      for (int o : seen_enemies(active_))
        enemy_near = enemy_near || Distance(field_of(o), field_of(u)) <= 1;
    if (enemy_near)
      for (int dy = -1; dy <= 1; ++dy)
        for (int dx = -1; dx <= 1; ++dx) {
          const Field t{unit(u).x + dx, unit(u).y + dy};
          if (!(dx || dy) || !b.on_board(t) || !enemy_at[static_cast<size_t>(b.index(t))]) continue;
          if (overruns && may_overrun(u, t, nullptr))
            out.push_back(Action(kOverrun, {u, b.index(t)}));
          if (fights && may_antitank(u, t, nullptr))
            out.push_back(Action(kAntiTank, {u, b.index(t)}));
          if (rides && may_mounted_attack(u, t, nullptr))
            out.push_back(Action(kMountedAttack, {u, b.index(t)}));
        }
    // G-36: in its own field (a mixed field).
    if (fights && unit(u).status == UnitStatus::kOnBoard &&
        enemy_at[static_cast<size_t>(b.index(field_of(u)))] &&
        may_antitank(u, field_of(u), nullptr))
      out.push_back(Action(kAntiTank, {u, b.index(field_of(u))}));
  }
  // PS §10.2: every set of one to three bases that may assault a field together (a field with
  // a seen enemy base: assault_candidates), in field order.
  enemy_fields.clear();
  for (int o : seen_enemies(active_)) enemy_fields.push_back(b.index(field_of(o)));
  std::sort(enemy_fields.begin(), enemy_fields.end());
  enemy_fields.erase(std::unique(enemy_fields.begin(), enemy_fields.end()), enemy_fields.end());
  for (int i : enemy_fields) {
    const std::vector<int> c = assault_candidates(FieldAt(b, i));
    const size_t n = c.size();
    for (size_t x = 0; x < n; ++x) {
      out.push_back(Action(kAssault, {i, c[x]}));
      for (size_t y = x + 1; y < n; ++y) {
        out.push_back(Action(kAssault, {i, c[x], c[y]}));
        for (size_t z = y + 1; z < n; ++z) out.push_back(Action(kAssault, {i, c[x], c[y], c[z]}));
      }
    }
  }
  // PS §9.6: every pair and triple of units that may move, announced as simultaneous (written
  // in place: there are many).
  const size_t nm = movers.size();
  if (nm >= 2) {
    size_t at = out.size();
    out.resize(at + nm * (nm - 1) / 2 + nm * (nm - 1) * (nm - 2) / 6);
    Action a;
    a.verb = kTogether;
    for (size_t x = 0; x < nm; ++x)
      for (size_t y = x + 1; y < nm; ++y) {
        a.argc = 2;
        a.args = {static_cast<uint16_t>(movers[x]), static_cast<uint16_t>(movers[y]), 0, 0};
        out[at++] = a;
        a.argc = 3;
        for (size_t z = y + 1; z < nm; ++z) {
          a.args[2] = static_cast<uint16_t>(movers[z]);
          out[at++] = a;
        }
      }
  }
  if (congestion_open(nullptr)) out.push_back(Action(kFertig, {}));
}

std::vector<ChanceOutcome> PlanspielState::chance_outcomes() const {
  std::vector<ChanceOutcome> out;
  if (RowOf(step()).seat != Who::kChance) return out;
  for (int v = 1; v <= 6; ++v) out.push_back({Action(kRoll, {v}), 1.0 / 6});
  return out;
}

Action PlanspielState::sample_chance(Rng& rng) const {
  return Action(kRoll, {rng.d6()});
}

Text PlanspielState::why_illegal_text(const Action& action) const {
  const StepKind k = step();
  if (k == StepKind::kOver)
    return {"scenarios §1.7: the game is over", "scenarios §1.7: das Spiel ist vorbei"};
  const bool chance = RowOf(k).seat == Who::kChance;
  if (chance != (action.verb == kRoll))
    return chance ? Text{"PS §8.6: a die is due; Chance rolls it",
                         "PS §8.6: ein Würfelwurf ist fällig; der Zufall würfelt"}
                  : Text{"PS §8.6: dice come from Chance", "PS §8.6: Würfel wirft der Zufall"};
  if (chance)
    return action.arg(0) >= 1 && action.arg(0) <= 6
               ? Text{}
               : Text{"PS §8.6: a die shows 1 to 6", "PS §8.6: ein Würfel zeigt 1 bis 6"};
  static const Text no_unit{"PS §4.1: no such unit", "PS §4.1: diese Einheit gibt es nicht"};
  static const Text no_field{"PS §2.1: no such field", "PS §2.1: dieses Feld gibt es nicht"};
  Text why;
  if (k == StepKind::kSetUp || action.verb == kPlace) {
    if (k == StepKind::kSetUp && action.verb == kFertig) return {};
    if (action.verb != kPlace)
      return {"scenarios §1.5: the set-up comes first: place units in the zone or FERTIG",
              "scenarios §1.5: zuerst wird aufgestellt: Einheiten im Raum platzieren oder FERTIG"};
    const Board& bb = game_->board();
    if (action.arg(1) < 0 || action.arg(1) >= bb.width() * bb.height()) return no_field;
    return may_place(action.arg(0), FieldAt(bb, action.arg(1)), &why) ? Text{} : why;
  }
  if (k == StepKind::kSelfSmoke) {
    if (action.verb == kPass) return {};
    if (action.verb == kSmoke && action.arg(0) == steps_.top().unit) return {};
    return say("PS §8.16: {} may try self-smoke now, or pass",
               "PS §8.16: {} darf jetzt die Selbsteinnebelung versuchen oder verzichten",
               uid(steps_.top().unit));
  }
  if (action.verb == kSmoke)
    return {"PS §8.16: self-smoke only at once after a combat vehicle is suppressed black",
            "PS §8.16: Selbsteinnebelung nur sofort, nachdem ein Kampffahrzeug schwarz "
            "niedergehalten wurde"};
  if (k == StepKind::kAntiTankEvade) {
    if (action.verb == kPass) return {};
    if (action.verb != kEvade)
      return {
          "PS §10.5: the attacked vehicles make a movement counter-move or defend by the "
          "opposed roll (pass)",
          "PS §10.5: die angegriffenen Fahrzeuge machen einen Bewegungsgegenzug oder wehren "
          "sich durch Gegenwürfeln (verzichten)"};
    const int p = action.arg(0);
    if (p < 0 || p >= num_units()) return no_unit;
    const Board& bb = game_->board();
    if (action.arg(1) < 0 || action.arg(1) >= bb.width() * bb.height()) return no_field;
    if (!may_evade_antitank(p, &why)) return why;
    const std::vector<Field> to = antitank_evade_fields(p);
    if (std::find(to.begin(), to.end(), FieldAt(bb, action.arg(1))) != to.end()) return {};
    std::string list;
    for (Field f : to) list += (list.empty() ? "" : ", ") + field_text(f);
    return say(
        "G-48: {} withdraws only as far as needed, to the nearest field out of the figures' "
        "direct fire: {}",
        "G-48: {} weicht nur so weit wie nötig aus, in das nächste Feld außerhalb des direkten "
        "Feuers der Figuren: {}",
        uid(p), list);
  }
  if (k == StepKind::kCounterMove) {
    if (action.verb == kPass) return {};
    if (action.verb != kFire && action.verb != kMeet && action.verb != kEvade &&
        action.verb != kDisplace)
      return {
          "PS §9.1: in a counter-move window the passive party fires, meets the mover, "
          "evades or passes",
          "PS §9.1: beim Gegenzug feuert die passive Partei, stellt sich, weicht aus oder "
          "verzichtet"};
    const int p = action.arg(0);
    if (p < 0 || p >= num_units()) return no_unit;
    const Board& bb = game_->board();
    if (action.arg(1) < 0 || action.arg(1) >= bb.width() * bb.height()) return no_field;
    if (action.verb == kDisplace) {
      if (!may_displace(p, &why)) return why;
      const std::vector<Field> to = displace_fields(p);
      if (std::find(to.begin(), to.end(), FieldAt(bb, action.arg(1))) != to.end()) return {};
      std::string list;
      for (Field f : to) list += (list.empty() ? "" : ", ") + field_text(f);
      return say(
          "PS §5.4, G-48: {} joins the withdrawal only as far as needed, to the nearest field "
          "within the stacking limit out of the mover's direct fire: {}",
          "PS §5.4, G-48: {} schließt sich dem Absetzen nur so weit wie nötig an, in das nächste "
          "Feld innerhalb der Stapelgrenze außerhalb des direkten Feuers der bewegten Einheit: {}",
          uid(p), list);
    }
    if (action.verb == kEvade) {
      if (!may_evade(p, &why)) return why;
      const std::vector<Field> to = evade_fields(p);
      if (std::find(to.begin(), to.end(), FieldAt(bb, action.arg(1))) != to.end()) return {};
      std::string list;
      for (Field f : to) list += (list.empty() ? "" : ", ") + field_text(f);
      return say(
          "G-48: {} withdraws only as far as needed, to the nearest field out of the "
          "mover's direct fire: {}",
          "G-48: {} weicht nur so weit wie nötig aus, in das nächste Feld außerhalb des "
          "direkten Feuers der bewegten Einheit: {}",
          uid(p), list);
    }
    if (action.verb == kMeet ? !may_meet(p, &why) : !may_counter(p, &why)) return why;
    if (action.arg(1) != bb.index(counter_field()))
      return moving_.work >= 0
                 ? say("PS §6.10, §9.1: a counter-move against the recovery fires at the wreck's "
                       "field {}, where the vehicle works",
                       "PS §6.10, §9.1: ein Gegenzug gegen die Bergung feuert auf das Feld {} des "
                       "Schadfahrzeugs, an dem das Fahrzeug arbeitet",
                       field_text(counter_field()))
                 : Text{"G-22: a counter-move fires at the mover's field only",
                        "G-22: ein Gegenzug feuert nur auf das Feld der bewegten Einheit"};
    return {};
  }
  if (k == StepKind::kPlanMove) {
    // PS §9.6: the named units get their fields in turn, before any of them moves.
    const int next = planning_unit();
    if (action.verb != kMove || action.arg(0) != next)
      return say("PS §9.6: the simultaneous movement is announced: give {} its field (move)",
                 "PS §9.6: die Gleichzeitigkeit ist angesagt: zuerst das Ziel von {} angeben "
                 "(ziehen)",
                 uid(next));
    const Board& bb = game_->board();
    if (action.arg(1) < 0 || action.arg(1) >= bb.width() * bb.height()) return no_field;
    const std::vector<Field> t = move_targets(next);
    if (std::find(t.begin(), t.end(), FieldAt(bb, action.arg(1))) != t.end()) return {};
    return say("PS §6, §5.1, G-07: {} cannot reach {} this half-turn",
               "PS §6, §5.1, G-07: {} kann {} in diesem Teilzug nicht erreichen", uid(next),
               field_text(FieldAt(bb, action.arg(1))));
  }
  if (action.verb == kPass)
    return {"PS §9.1: pass answers a counter-move window only",
            "PS §9.1: verzichten kann man nur auf einen Gegenzug"};
  if (action.verb == kDisplace) {
    Text w;
    (void)may_displace(action.arg(0), &w);
    return w;
  }
  if (action.verb == kTogether) {
    std::vector<int> units;
    for (int i = 0; i < action.argc; ++i) units.push_back(action.arg(i));
    return may_move_together(units, &why) ? Text{} : why;
  }
  if (action.verb == kMeet || action.verb == kEvade)
    return {"PS §9.1: false and movement counter-moves answer a counter-move window only",
            "PS §9.1: unechte Gegenzüge und Bewegungsgegenzüge gibt es nur als Antwort auf "
            "einen Gegenzug"};
  if (action.verb == kFertig) return congestion_open(&why) ? Text{} : why;
  if (action.verb == kAssault) {
    const Board& bb = game_->board();
    if (action.argc < 2 || action.argc > 4)
      return {"PS §10.2: an assault names a field and 1 to 3 bases",
              "PS §10.2: ein Nahkampf nennt ein Feld und 1 bis 3 Basen"};
    if (action.arg(0) < 0 || action.arg(0) >= bb.width() * bb.height()) return no_field;
    const Field f = FieldAt(bb, action.arg(0));
    bool seen_base = false;
    for (int o : seen_enemies_in(active_, f)) {
      if (!IsBase(type_of(o)))
        return {
            "PS §10.5: infantry close combat is against figures; a vehicle in the field needs "
            "anti-tank close combat (not built)",
            "PS §10.5: der infanteristische Nahkampf richtet sich gegen Figuren; ein Fahrzeug "
            "im Feld braucht die Panzernahbekämpfung"};
      seen_base = true;
    }
    if (!seen_base)
      return say("PS §10.1: close combat is against enemy figures {0} sees in the field",
                 "PS §10.1: der Nahkampf richtet sich gegen feindliche Figuren, die {1} im Feld "
                 "erkannt hat",
                 PartyEn(active_), PartyDe(active_));
    const std::vector<int> c = assault_candidates(f);
    for (int i = 1; i < action.argc; ++i) {
      const int u = action.arg(i);
      if (i > 1 && u <= action.arg(i - 1))
        return {"PS §10.2: name each attacking base once, in order",
                "PS §10.2: jede angreifende Base einmal nennen, der Reihe nach"};
      if (std::find(c.begin(), c.end(), u) == c.end()) {
        if (u < 0 || u >= num_units()) return no_unit;
        if (!may_move(u, &why)) return why;
        if (type_of(u).category != Category::kFigureBase)
          return {"PS §10.2: only figure bases attack; heavy-weapon crews defend but do not attack",
                  "PS §10.2: nur Figurenbasen greifen an; die Bedienungen schwerer Waffen "
                  "verteidigen sich, greifen aber nicht an"};
        return say("PS §10.1: {} must stand next to {} and be able to storm into it",
                   "PS §10.1: {} muss neben {} stehen und hineinstürmen können", uid(u),
                   field_text(f));
      }
    }
    return {};
  }
  if (action.verb == kConcentrate) {
    const Board& bb = game_->board();
    if (action.argc < 3 || action.argc > 4)
      return {
          "PS §8.3: a fire concentration names a field and two or three weapons (the engine's "
          "limit)",
          "PS §8.3: eine Feuerzusammenfassung nennt ein Feld und zwei oder drei Waffen (Grenze "
          "der Engine)"};
    if (action.arg(0) < 0 || action.arg(0) >= bb.width() * bb.height()) return no_field;
    for (int i = 1; i < action.argc; ++i) {
      const int u = action.arg(i);
      if (u < 0 || u >= num_units()) return no_unit;
      if (i > 1 && u <= action.arg(i - 1))
        return {"PS §8.3: name each weapon once, in order",
                "PS §8.3: jede Waffe einmal nennen, der Reihe nach"};
      // G-17: each weapon needs range and an observer as if it fired alone.
      const Text alone = why_illegal_text(Action(kIndirect, {u, action.arg(0)}));
      if (!alone.en.empty()) return alone;
      if (i > 1 && !similar_weapons(action.arg(1), u))
        return say(
            "PS §8.3, G-17: only similar high-angle weapons (the same range-table row) "
            "concentrate their fire; {} and {} differ",
            "PS §8.3, G-17: nur gleichartige Steilfeuerwaffen (dieselbe Zeile der "
            "Schussweitentafel) fassen ihr Feuer zusammen; {} und {} sind verschieden",
            uid(action.arg(1)), uid(u));
    }
    return {};
  }
  if (action.verb == kDig || action.verb == kCamouflage) {
    const int w = action.arg(0);
    if (w < 0 || w >= num_units()) return no_unit;
    return (action.verb == kDig ? may_dig(w, &why) : may_camouflage(w, &why)) ? Text{} : why;
  }
  const int u = action.arg(0);
  if (u < 0 || u >= num_units()) return no_unit;
  const Board& b = game_->board();
  const Field f{action.arg(1) % b.width(), action.arg(1) / b.width()};
  if (action.arg(1) < 0 || action.arg(1) >= b.width() * b.height()) return no_field;
  if (action.verb == kOverrun) return may_overrun(u, f, &why) ? Text{} : why;
  if (action.verb == kAntiTank) return may_antitank(u, f, &why) ? Text{} : why;
  if (action.verb == kMountedAttack) return may_mounted_attack(u, f, &why) ? Text{} : why;
  if (IsLoadVerb(action.verb)) {
    if (!may_load(u, action.verb, &why)) return why;
    if (!(f == field_of(u)))
      return say("PS §4.4: {0} {1} in its own field {3}",
                 "PS §4.4: {0} kann nur in seinem eigenen Feld {3} {2}", uid(u),
                 kLoadVerbName[action.verb - kMount], kLoadVerbInfDe[action.verb - kMount],
                 field_text(field_of(u)));
    return {};
  }
  if (action.verb == kIndirect) {
    if (!may_fire_indirect(u, &why)) return why;
    const std::vector<Field> t = indirect_targets(u);
    if (std::find(t.begin(), t.end(), f) != t.end()) return {};
    if (own_in(f, active_) >= 0) return mixed_field_refusal(f, active_);
    Firer firer;
    firer.suppression = unit(u).suppression;
    const auto r = CheckFire(game_->fire_data(), weapon_of(u), firer, fire_situation(u, f, true));
    if (!r.empty()) return RejectionSaid(r[0]);
    return say("PS §8.3: no observation post of {0} detects an enemy unit in {2}",
               "PS §8.3: keine Beobachtungsstelle von {1} hat eine feindliche Einheit in {2} "
               "erkannt",
               PartyEn(active_), PartyDe(active_), field_text(f));
  }
  if (action.verb == kWithdraw) {
    if (!may_withdraw(u, f, &why)) return why;
    return {};
  }
  if (action.verb == kMove) {
    if (!may_move(u, &why)) return why;
    Path path;
    if (!find_path(u, f, path, /*forced=*/false, /*check=*/false)) {
      // PS §2.3, §6.10: a wreck in a defile closes the way (or the field) to vehicles.
      if (path_from(search(u, false), u, f, path))
        for (Field w : path.fields)
          if (wreck_at(w) >= 0)
            return say(
                "PS §2.3, §6.10: the wreck of {} in the defile {} blocks the way of {} to {} "
                "until it is recovered",
                "PS §2.3, §6.10: das Schadfahrzeug {} in der Enge {} sperrt {} den Weg nach "
                "{}, bis es geborgen ist",
                uid(wreck_at(w)), field_text(w), uid(u), field_text(f));
      return say("PS §6, §5.1, G-07: {} cannot reach {} this half-turn",
                 "PS §6, §5.1, G-07: {} kann {} in diesem Teilzug nicht erreichen", uid(u),
                 field_text(f));
    }
    return {};
  }
  if (action.verb == kRecover) return may_recover(u, f, &why) ? Text{} : why;
  if (action.verb == kFire) {
    if (!may_fire(u, &why)) return why;
    if (targets_in(u, f).empty())
      return say("PS §8.1: direct fire only at detected targets; {0} sees none in {2}",
                 "PS §8.1: direktes Feuer nur auf erkannte Ziele; {1} hat in {2} keines erkannt",
                 PartyEn(active_), PartyDe(active_), field_text(f));
    if (own_in(f, active_) >= 0) return mixed_field_refusal(f, active_);
    Firer firer;
    firer.suppression = unit(u).suppression;
    const auto r = CheckFire(game_->fire_data(), weapon_of(u), firer, fire_situation(u, f));
    if (!r.empty()) return RejectionSaid(r[0]);
    return {};
  }
  return {"unknown action", "unbekannte Aktion"};
}

// =============================================================================================
// apply

void PlanspielState::lose(int u, const std::string& rule, const Text& how, EventList* events,
                          bool knocked_out) {
  UnitState& s = units_[static_cast<size_t>(u)];
  // PS §2.3, §6.10: a weapon or vehicle model knocked out in a defile stays there as an obstacle
  // until it is recovered (reading: a field that is a defile for any direction of movement; a
  // model aboard its carrier or tow goes with it).
  const bool wreck = knocked_out && s.status == UnitStatus::kOnBoard && s.aboard < 0 &&
                     type_of(u).terrain == Mover::kVehicle &&
                     IsDefileAnyDirection(game_->board(), field_of(u));
  s.status = UnitStatus::kLost;
  s.suppression = 0;
  s.wreck = wreck;
  const int party = party_of(u);
  if (IsCombatElement(type_of(u))) ++losses_[static_cast<size_t>(party)];
  if (events)
    events->push_back(Event::said(
        rule,
        say("{0} is {1}; {3} has lost {5} (scenarios §1.7).",
            "{0} ist {2}; Verluste von {4}: {5} (scenarios §1.7).", uid(u), how.en, how.de,
            PartyEn(party), PartyDe(party), losses_[static_cast<size_t>(party)]),
        party));
  if (wreck && events)
    events->push_back(Event::said(
        "PS §2.3, §6.10",
        say("{0} stays in the defile {1} as a wreck: no vehicle passes it until it is recovered.",
            "{0} bleibt in der Enge {1} als Hindernis stehen: kein Fahrzeug kommt vorbei, bis es "
            "geborgen ist.",
            uid(u), field_text(field_of(u))),
        party));
  // PS §4.4: a knocked-out carrier drops its load, suppressed (black), with a casualty roll.
  if (const int l = load_of(u); l >= 0) {
    UnitState& ls = units_[static_cast<size_t>(l)];
    ls.aboard = -1;
    if (ls.status != UnitStatus::kOnBoard) {  // lost before it entered the board
      lose(l, "PS §4.4", {"lost with its carrier", "mit seinem Fahrzeug verloren"}, events);
      return;
    }
    ls.suppression = 6;
    ls.loaded = true;
    ls.has_moved = true;
    // PS §5.4 (reading): a carrier knocked out in passage through its own units drops its load in
    // a field that may then be over the stacking limit; the load congests it, as a movement
    // counter-move does, until its party resolves it in its next half-turn.
    ls.congesting = over_stacked(l);
    if (events) {
      Text text =
          say("{} gets off the knocked-out {}, suppressed (black), and makes a casualty roll.",
              "{} sitzt vom ausgeschalteten {} ab, niedergehalten (schwarz), und macht einen "
              "Ausfallwurf.",
              uid(l), uid(u));
      if (ls.congesting) {
        const Text congested =
            say(" The field is congested (PS §5.4): only one like troop may fire from it until "
                "{0} resolves it in its next half-turn.",
                " Das Feld ist gestaut (PS §5.4): nur eine gleichartige Truppe darf daraus "
                "feuern, bis {1} die Stauung im nächsten Teilzug auflöst.",
                PartyEn(party), PartyDe(party));
        text.en += congested.en;
        text.de += congested.de;
      }
      events->push_back(Event::said("PS §4.4", text, party));
    }
    push(StepKind::kCasualty, l, -1);
  }
}

void PlanspielState::resolve_recovery(int u, Field f, int n, EventList* events) {
  const int w = wreck_at(f);
  const int party = party_of(u);
  const bool shown = shown_to(u, enemy(party));
  if (n < 4 || w < 0) {  // PS §6.10, G-38: it may try again in its next half-turn
    if (events) {
      const auto told = [&](const std::string& who) {
        return say("Recovery roll {0}: {1} does not get the wreck in {2} away this half-turn.",
                   "Bergewurf {0}: {1} bekommt das Schadfahrzeug in {2} in diesem Teilzug nicht "
                   "weg.",
                   n, who, field_text(f));
      };
      events->push_back(
          Event::said("PS §6.10", told(uid(u)), party,
                      shown ? std::nullopt : std::optional<Text>(told("an unseen enemy unit"))));
    }
    return;
  }
  // PS §6.10: the wreck is removed at once; the recovery vehicle takes its place (reading: when
  // the field holds no enemy and the stacking limit allows it; else it stays where it stands).
  units_[static_cast<size_t>(w)].wreck = false;
  FieldContents there;
  bool enemy_there = false;
  for (int o = 0; o < num_units(); ++o)
    if (o != u && unit(o).aboard != u && unit(o).status == UnitStatus::kOnBoard &&
        field_of(o) == f) {
      if (party_of(o) != party) enemy_there = true;
      there.push_back(OccupantOf(type_of(o), party_of(o)));
    }
  std::vector<Occupant> load;
  if (const int l = load_of(u); l >= 0) load.push_back(OccupantOf(type_of(l), party));
  const bool moves = !enemy_there && MayEndWithLoad(there, OccupantOf(type_of(u), party), load);
  if (moves) {
    UnitState& us = units_[static_cast<size_t>(u)];
    us.x = f.x;
    us.y = f.y;
    us.camouflaged = false;
    us.has_moved = true;  // it drove into the wreck's field
    ++us.moved;
    carry_along(u);
  }
  if (events) {
    const auto told = [&](const std::string& who) {
      return moves ? say("Recovery roll {0}: {1} tows the wreck of {2} away and takes its place "
                         "in {3}.",
                         "Bergewurf {0}: {1} schleppt das Schadfahrzeug {2} weg und nimmt seinen "
                         "Platz in {3} ein.",
                         n, who, uid(w), field_text(f))
                   : say("Recovery roll {0}: {1} tows the wreck of {2} in {3} away.",
                         "Bergewurf {0}: {1} schleppt das Schadfahrzeug {2} in {3} weg.", n, who,
                         uid(w), field_text(f));
    };
    const bool seen_after = shown_to(u, enemy(party));
    events->push_back(Event::said(
        "PS §6.10", told(uid(u)), party,
        shown || seen_after ? std::nullopt
                            : std::optional<Text>(say(
                                  "Recovery roll {0}: the wreck of {1} in {2} is towed away.",
                                  "Bergewurf {0}: das Schadfahrzeug {1} in {2} wird weggeschleppt.",
                                  n, uid(w), field_text(f)))));
  }
}

bool PlanspielState::self_smoke_due(int t, int before) const {
  // Reading: "combat-vehicle model" is the combat-vehicle category.
  // PS §9.6: no self-smoke while an announced simultaneous movement is in progress.
  return !moving_.simultaneous && type_of(t).category == Category::kCombatVehicle &&
         unit(t).status == UnitStatus::kOnBoard && unit(t).aboard < 0 && before < 5 &&
         unit(t).suppression == 5;
}

void PlanspielState::resolve_effect(int firer, Field f, int natural, bool indirect,
                                    int concentration, EventList* events) {
  const int party = party_of(firer);
  Firer fs;
  fs.suppression = unit(firer).suppression;
  fs.fired_this_turn = false;
  const FireWeapon& w = weapon_of(firer);
  const FireSituation sit = fire_situation(firer, f, indirect, concentration);
  // G-21: one natural die for every target in the field, each read with its own modifiers. The
  // targets are the enemy units the firer's party sees there (reading, PS §8.1, §8.13).
  std::vector<int> targets;
  for (int o : targets_in(firer, f))
    if (party == active_ || o == moving_.unit)  // G-22: a counter-move hits only the mover
      targets.push_back(o);
  // Second rolls resolve in the order of the targets: push them in reverse.
  std::vector<PsStep> second;
  for (int t : targets) {
    const FireTarget ft = target_of(t);
    const Effect e = ResolveEffectRoll(game_->fire_data(), w, fs, ft, sit, natural);
    const int net = NetModifier(Modifiers(game_->fire_data(), w, fs, ft, sit));
    UnitState& ts = units_[static_cast<size_t>(t)];
    const int before = ts.suppression;
    if (events) {
      std::string mods, mods_de;
      for (const Modifier& m : Modifiers(game_->fire_data(), w, fs, ft, sit)) {
        mods += fmt::format("{}{:+d} {} ({})", mods.empty() ? "" : ", ", m.value,
                            modifier_label(m.row), modifier_rule(m.row));
        mods_de += fmt::format("{}{:+d} {} ({})", mods_de.empty() ? "" : ", ", m.value,
                               modifier_label_de(m.row), modifier_rule(m.row));
      }
      const bool below =
          e.level == 0 && RegimeOf(game_->fire_data(), w, ft, sit) == Regime::kNoEffect;
      const Text lv = below ? Text{"below the minimum calibre, no effect (PS §8.9)",
                                   "unter dem Mindestkaliber, keine Wirkung (PS §8.9)"}
                            : LevelText(e.level);
      events->push_back(Event::said(
          "PS §8.7",
          say("Natural {0} against {1}{2}: {4}.", "Würfel {0} gegen {1}{3}: {5}.", natural, uid(t),
              mods.empty() ? std::string(" (net 0)") : fmt::format(" ({}; net {:+d})", mods, net),
              mods_de.empty() ? std::string(" (insgesamt 0)")
                              : fmt::format(" ({}; insgesamt {:+d})", mods_de, net),
              lv.en, lv.de),
          party_of(t)));
    }
    if (e.suppression > ts.suppression) ts.suppression = e.suppression;  // PS §8.13
    // PS §8.14: the load of a vehicle hit shares its level; on an unarmoured land vehicle it gets
    // off at once in the vehicle's field and takes cover (a knocked-out carrier's load gets off
    // with a casualty roll: lose()).
    if (const int l = load_of(t); l >= 0 && e.passenger_suppression > 0 && !e.knocked_out) {
      UnitState& ls = units_[static_cast<size_t>(l)];
      ls.suppression = std::max(ls.suppression, e.passenger_suppression);
      if (e.passengers_dismount) {
        ls.aboard = -1;
        ls.loaded = true;
      }
      if (events) {
        const Text lv = LevelText(ls.suppression);
        events->push_back(Event::said(
            "PS §8.14",
            e.passengers_dismount
                ? say("{0} gets off {1} at once and takes cover in {2}: {3}.",
                      "{0} sitzt sofort von {1} ab und geht in {2} in Deckung: {4}.", uid(l),
                      uid(t), field_text(field_of(t)), lv.en, lv.de)
                : say("{0} aboard {1} is suppressed with it: {2}.",
                      "{0} auf {1} ist mit ihm niedergehalten: {3}.", uid(l), uid(t), lv.en, lv.de),
            party_of(l)));
      }
    }
    if (e.knocked_out) {
      lose(t, "PS §8.7", {"knocked out", "ausgeschaltet"}, events, true);
      continue;
    }
    if (e.casualty_roll) second.push_back({StepKind::kCasualty, t, -1});
    if (e.chance_hit_roll) second.push_back({StepKind::kChanceHit, t, -1});
    if (e.lucky_hit_roll) second.push_back({StepKind::kLuckyHit, t, -1});
    // PS §8.16: at once after its effect (and after a lucky-hit roll that leaves it black).
    if (self_smoke_due(t, before)) second.push_back({StepKind::kSelfSmoke, t, -1});
  }
  for (auto it = second.rbegin(); it != second.rend(); ++it) steps_.push(*it);
}

void PlanspielState::open_close_combat(int shown, int attacker, int field, const char* rule,
                                       Text seen, Text unseen, EventList* events) {
  assault_.field = field;
  assault_.attackers = {attacker, -1, -1};
  assault_.attack_roll = 0;
  push(StepKind::kDefendRoll, -1, field);
  push(StepKind::kAttackRoll, -1, field);
  if (!events) return;
  const int party = party_of(shown);
  events->push_back(Event::said(
      rule, std::move(seen), party,
      shown_to(shown, enemy(party)) ? std::nullopt : std::optional<Text>(std::move(unseen))));
}

void PlanspielState::apply(const Action& action, EventList* events) {
  const uint64_t position = seen_cache_.position;  // before the change (kept_path)
  // A move's path and whether the other party sees the mover as it sets out (PS §9.2), read
  // before the change begins (nothing before the move below changes a unit): the search and the
  // seen enemies kept for this position hold.
  thread_local Path start_path;  // its storage reused
  bool start_shown = false;
  if (action.verb == kMove || action.verb == kWithdraw) {
    const int u = action.arg(0);
    const Field f = FieldAt(game_->board(), action.arg(1));
    if (!kept_path(position, u, f, start_path) && !find_path(u, f, start_path))
      throw std::logic_error("planspiel: apply of an illegal move");
    start_shown = shown_to(u, enemy(party_of(u)));
  }
  // The seen-enemies cache compares its keys on every query until the change is done.
  struct Mutating {
    PlanspielState& s;
    explicit Mutating(PlanspielState& st) : s(st) { s.start_mutating(); }
    ~Mutating() { s.done_mutating(); }
  } mutating(*this);
  ++moves_;
  const Board& b = game_->board();
  if (action.verb == kRoll) {
    const PsStep st = steps_.top();
    steps_.pop();
    const int n = action.arg(0);
    switch (st.kind) {
      case StepKind::kEffectRoll:
        resolve_effect(st.unit, {st.field % b.width(), st.field / b.width()}, n, st.indirect,
                       st.concentration, events);
        break;
      case StepKind::kCasualty:
        if (CasualtyRollEliminates(n)) {
          lose(st.unit, "PS §8.12",
               say("eliminated by the casualty roll ({})", "durch den Ausfallwurf ({}) ausgefallen",
                   n),
               events, true);
        } else if (events) {
          events->push_back(
              Event::said("PS §8.12",
                          say("Casualty roll {}: {} survives with a black marker.",
                              "Ausfallwurf {}: {} bleibt mit schwarzem Niedergehaltenzeichen.", n,
                              uid(st.unit)),
                          party_of(st.unit)));
        }
        break;
      case StepKind::kChanceHit: {
        const int level = ChanceHitLevel(n);
        if (level == 6) {
          lose(st.unit, "PS §8.12",
               say("knocked out by a chance hit ({})",
                   "durch einen Zufallstreffer ({}) ausgeschaltet", n),
               events, true);
        } else {
          UnitState& ts = units_[static_cast<size_t>(st.unit)];
          const int before = ts.suppression;
          ts.suppression = std::max(ts.suppression, level);
          if (self_smoke_due(st.unit, before)) push(StepKind::kSelfSmoke, st.unit, -1);
          if (events) {
            const Text lv = LevelText(level);
            events->push_back(Event::said(
                "PS §8.12",
                say("Chance-hit roll {0} against {1}: {2}.",
                    "Zufallstreffer-Wurf {0} gegen {1}: {3}.", n, uid(st.unit), lv.en, lv.de),
                party_of(st.unit)));
          }
        }
        break;
      }
      case StepKind::kLuckyHit:
        if (LuckyHitKnocksOut(n)) {
          lose(st.unit, "G-27",
               say("knocked out by a lucky hit ({})",
                   "durch einen Glückstreffer ({}) ausgeschaltet", n),
               events, true);
        } else if (events) {
          events->push_back(Event::said(
              "G-27",
              say("Lucky-hit roll {}: no lucky hit, {} keeps level 5.",
                  "Glückstreffer-Wurf {}: kein Glückstreffer, {} behält Wirkungsstufe 5.", n,
                  uid(st.unit)),
              party_of(st.unit)));
        }
        break;
      case StepKind::kDetectAtGun: {
        UnitState& g = units_[static_cast<size_t>(st.unit)];
        const int finder = enemy(party_of(st.unit));
        // Reading: the roll finds the gun only for an enemy unit that has it in sight (the found
        // gun is seen by every such unit, scenarios §1.5); with none left it finds nothing.
        bool sight = false;
        for (int o = 0; o < num_units(); ++o)
          if (party_of(o) == finder && unit(o).status == UnitStatus::kOnBoard &&
              g.status == UnitStatus::kOnBoard &&
              game_->within_detection(field_of(o), field_of(st.unit), 99))
            sight = true;
        if (sight && n >= 4) {
          g.camouflaged = false;
          g.detected_marker = true;
        }
        if (events)
          events->push_back(Event::said(
              "PS §7.5",
              !sight   ? say("Detection roll {0}: no unit of {1} has the AT gun in sight.",
                             "Aufklärungswurf {0}: keine Einheit von {2} hat die "
                               "Panzerabwehrkanone in Sicht.",
                             n, PartyEn(finder), PartyDe(finder))
              : n >= 4 ? say("Detection roll {0}: {1} finds the AT gun {3}.",
                             "Aufklärungswurf {0}: {2} erkennt die Panzerabwehrkanone {3}.", n,
                             PartyEn(finder), PartyDe(finder), uid(st.unit))
                       : say("Detection roll {0}: {1} does not find the AT gun that fired.",
                             "Aufklärungswurf {0}: {2} erkennt die Panzerabwehrkanone nicht, die "
                             "gefeuert hat.",
                             n, PartyEn(finder), PartyDe(finder)),
              finder));
        break;
      }
      case StepKind::kAttackRoll:
        assault_.attack_roll = n;
        break;
      case StepKind::kDefendRoll:
        if (assault_.overrun)
          resolve_overrun(n, events);
        else if (assault_.antitank)
          resolve_antitank(n, events);
        else
          resolve_close_combat(n, events);
        break;
      case StepKind::kMeetRoll:
        moving_.meeting_roll = n;
        break;
      case StepKind::kMoverRoll:
        resolve_meeting(n, events);
        break;
      case StepKind::kSmokeRoll: {
        // PS §8.16: 5+; G-28: it stands in smoke through this half-turn and the next.
        const bool ok = n >= 5;
        if (ok) units_[static_cast<size_t>(st.unit)].smoke = 2;
        if (events)
          events->push_back(Event::said(
              "PS §8.16",
              ok ? say("Self-smoke roll {}: {} is in its own smoke (detectable only from its "
                       "field) until the end of the next half-turn.",
                       "Wurf zur Selbsteinnebelung {}: {} steht im eigenen Nebel (nur aus dem "
                       "eigenen Feld erkennbar) bis zum Ende des nächsten Teilzugs.",
                       n, uid(st.unit))
                 : say("Self-smoke roll {}: {} fails to smoke itself in.",
                       "Wurf zur Selbsteinnebelung {}: {} gelingt die Selbsteinnebelung nicht.", n,
                       uid(st.unit)),
              party_of(st.unit)));
        break;
      }
      case StepKind::kRecoverRoll:
        resolve_recovery(st.unit, FieldAt(b, st.field), n, events);
        break;
      case StepKind::kAntiTankRoll:
        resolve_antitank_in_field(st.unit, n, events);
        break;
      case StepKind::kAct:
      case StepKind::kCounterMove:
      case StepKind::kAntiTankEvade:
      case StepKind::kOver:
      case StepKind::kSetUp:
      case StepKind::kSelfSmoke:
      case StepKind::kPlanMove:
        break;
    }
    // PS §8.16: the window of a vehicle lost by a later roll (a lucky hit) closes unopened.
    while (step() == StepKind::kSelfSmoke && unit(steps_.top().unit).status != UnitStatus::kOnBoard)
      steps_.pop();
    return;
  }
  if (step() == StepKind::kAntiTankEvade) {
    // PS §10.5, §9.4: a vehicle evades, or the passive party defends by the opposed roll (pass).
    if (action.verb == kPass) {
      steps_.pop();
      return;
    }
    const Field f = FieldAt(b, assault_.field);
    const int a = assault_.attackers[0];
    const int party = party_of(a);
    evade(action.arg(0), FieldAt(b, action.arg(1)), false, events);
    bool left = false, may = false;
    for (int v = 0; v < num_units(); ++v)
      if (party_of(v) != party && unit(v).status == UnitStatus::kOnBoard && unit(v).aboard < 0 &&
          field_of(v) == f && type_of(v).armour != ArmourClass::kNone && !IsBase(type_of(v))) {
        left = true;
        may = may || may_evade_antitank(v, nullptr);
      }
    if (left) {
      if (!may) steps_.pop();  // the others defend by the opposed roll
      return;
    }
    // No vehicle is left to fight: no close combat. Reading: the figures have made their move
    // and go into the field they attacked (PS §10.5: "figures move into the vehicle's field")
    // unless an enemy unit is still there.
    steps_.pop();  // the window
    steps_.pop();  // the figures' die
    steps_.pop();  // the vehicle's die
    UnitState& as = units_[static_cast<size_t>(a)];
    as.has_moved = true;
    as.fired = true;  // the attack was its activity (PS §3.4)
    as.camouflaged = false;
    const bool enters = enemy_in(f, party) < 0;
    if (enters) {
      as.x = f.x;
      as.y = f.y;
      as.moved = 1;
    }
    const AssaultState last = assault_;
    assault_ = AssaultState{};
    assault_.last_field = last.last_field;
    assault_.last_attack = last.last_attack;
    assault_.last_defence = last.last_defence;
    if (events)
      events->push_back(Event::said(
          "PS §10.5",
          enters ? say("The vehicles have evaded: no anti-tank close combat; {} moves into {}.",
                       "Die Fahrzeuge sind ausgewichen: keine Panzernahbekämpfung; {} geht nach "
                       "{}.",
                       uid(a), field_text(f))
                 : say("The vehicles have evaded: no anti-tank close combat; {} stays in {}.",
                       "Die Fahrzeuge sind ausgewichen: keine Panzernahbekämpfung; {} bleibt in "
                       "{}.",
                       uid(a), field_text(field_of(a))),
          party,
          shown_to(a, enemy(party))
              ? std::nullopt
              : std::optional<Text>(Text{"The vehicles have evaded: no anti-tank close combat.",
                                         "Die Fahrzeuge sind ausgewichen: keine "
                                         "Panzernahbekämpfung."})));
    return;
  }
  if (step() == StepKind::kSelfSmoke) {
    // PS §8.16: the owner tries self-smoke (a roll follows) or passes.
    const int t = steps_.top().unit;
    steps_.pop();
    if (action.verb == kSmoke) {
      push(StepKind::kSmokeRoll, t, -1);
      if (events)
        events->push_back(Event::said("PS §8.16",
                                      say("{} tries to escape by self-smoke (5+).",
                                          "{} versucht, sich durch Selbsteinnebelung der weiteren "
                                          "Waffenwirkung zu entziehen (5+).",
                                          uid(t)),
                                      party_of(t)));
    }
    return;
  }
  if (action.verb == kConcentrate) {
    // PS §8.3, G-17: the weapons fire together with one die at +1 per additional weapon; each has
    // fired and loses its camouflage (PS §7.6) but is not seen by it (as kIndirect). Reading: the
    // die is read with the marker of the most suppressed of them (its own weapon effect, §8.14).
    const FireAction fa = fire_of(action);
    std::string who;
    for (int i = 1; i < action.argc; ++i) {
      UnitState& us = units_[static_cast<size_t>(action.arg(i))];
      us.fired = true;
      us.camouflaged = false;
      who += (i > 1 ? ", " : "") + uid(action.arg(i));
    }
    const int n = fa.concentration;
    steps_.push({StepKind::kEffectRoll, fa.unit, action.arg(0), true, n});
    if (events) {
      // PS §7.5: the enemy reads it as the indirect fire of the first weapon it sees (or of an
      // unseen unit) unless it sees them all (describe_for reads the same).
      const Field at = FieldAt(b, action.arg(0));
      const int shown = shown_weapon(action, enemy(active_));
      const Text told = say("{0} concentrate their fire on {1}: one die, {2:+d}.",
                            "Feuerzusammenfassung von {0} auf {1}: ein Würfel, {2:+d}.", who,
                            field_text(at), n - 1);
      if (shown == kAllShown)
        events->push_back(Event::said("PS §8.3", told, active_));
      else
        events->push_back(Event::said(
            "PS §8.3", told, active_,
            shown >= 0 ? say("{} fires indirect at {}.", "{} schießt im Steilfeuer auf {}.",
                             uid(shown), field_text(at))
                       : say("An unseen enemy unit fires indirect at {}.",
                             "Eine nicht erkannte feindliche Einheit schießt im Steilfeuer auf {}.",
                             field_text(at))));
    }
    return;
  }
  // PS §3.2: the first other activity of the active party ends phase 2.
  if (phase_ == 2 &&
      (action.verb == kMove || action.verb == kWithdraw || action.verb == kAssault ||
       action.verb == kTogether || IsLoadVerb(action.verb) || action.verb == kOverrun ||
       action.verb == kAntiTank || action.verb == kMountedAttack || action.verb == kRecover ||
       action.verb == kDig || action.verb == kCamouflage ||
       (action.verb == kFire && step() == StepKind::kAct))) {
    phase_ = 3;
    if (events)
      events->push_back(Event::said("PS §3.2",
                                    {"Phase 3: movement, direct fire and close combat.",
                                     "Phase 3: Bewegung, direktes Feuer und Nahkampf."},
                                    active_));
  }
  if (action.verb == kDig || action.verb == kCamouflage) {
    apply_work(action, events);
    return;
  }
  if (action.verb == kRecover) {
    // PS §6.10, G-38: the attempt occupies the vehicle for its whole half-turn (its work state:
    // it neither moves nor fires, and has not fired, PS §5.4); the 4+ follows.
    const int u = action.arg(0);
    units_[static_cast<size_t>(u)].work = UnitState::kWorkRecover;
    push(StepKind::kRecoverRoll, u, action.arg(1));
    // PS §6.10, §9.1: before the roll, the enemy's weapons in range of the wreck may fire at the
    // vehicle as if it stood in the wreck's field (the window opens whenever the passive party
    // has a unit on the board, as after a step of a move: that one may answer is hidden).
    bool passive_on_board = false;
    for (int o = 0; o < num_units(); ++o)
      if (unit(o).status == UnitStatus::kOnBoard && party_of(o) != active_) passive_on_board = true;
    if (passive_on_board) {
      moving_ = MoveState{};
      moving_.unit = u;
      moving_.start = b.index(field_of(u));
      moving_.was_shown = shown_to(u, enemy(active_));
      moving_.work = action.arg(1);
      for (UnitState& o : units_) o.countered = false;
      push(StepKind::kCounterMove, u, -1);
    }
    if (events) {
      const Field at = FieldAt(b, action.arg(1));
      const Text told = say("{0} tries to tow away the wreck of {1} in {2} (4+).",
                            "{0} versucht, das Schadfahrzeug {1} in {2} wegzuschleppen (4+).",
                            uid(u), uid(wreck_at(at)), field_text(at));
      if (shown_to(u, enemy(active_)))
        events->push_back(Event::said("PS §6.10", told, active_));
      else
        events->push_back(Event::said(
            "PS §6.10", told, active_,
            say("An unseen enemy unit tries to tow away the wreck of {0} in {1} (4+).",
                "Eine nicht erkannte feindliche Einheit versucht, das Schadfahrzeug {0} in {1} "
                "wegzuschleppen (4+).",
                uid(wreck_at(at)), field_text(at))));
    }
    return;
  }
  if (action.verb == kAssault) {
    assault_.field = -1;
    assault_.attackers = {-1, -1, -1};
    assault_.attack_roll = 0;
    assault_.field = action.arg(0);
    for (int i = 1; i < action.argc; ++i)
      assault_.attackers[static_cast<size_t>(i - 1)] = action.arg(i);
    push(StepKind::kDefendRoll, -1, action.arg(0));
    push(StepKind::kAttackRoll, -1, action.arg(0));
    if (events) {
      std::string who;
      for (int i = 1; i < action.argc; ++i) who += (i > 1 ? ", " : "") + uid(action.arg(i));
      const bool together = action.argc > 2;
      events->push_back(Event::said(
          "PS §10.2",
          say("{0} assault{1} {2}{3}.", "{0} {4} {2} im Nahkampf an{5}.", who, together ? "" : "s",
              field_text(FieldAt(b, action.arg(0))),
              together ? " together (simultaneity announced)" : "", together ? "greifen" : "greift",
              together ? " (Gleichzeitigkeit angesagt)" : ""),
          active_));
    }
    return;
  }
  if (action.verb == kPass && moving_.work >= 0) {
    // PS §6.10: the window of a recovery attempt closes; a vehicle the counter-moves have
    // suppressed or knocked out cannot work, and the attempt fails without its roll.
    steps_.pop();
    const int u = moving_.unit;
    const Field at = FieldAt(b, moving_.work);
    moving_ = MoveState{};
    if (step() == StepKind::kRecoverRoll && steps_.top().unit == u &&
        (unit(u).status != UnitStatus::kOnBoard || unit(u).suppression > 0)) {
      steps_.pop();
      if (events && unit(u).status == UnitStatus::kOnBoard)
        events->push_back(Event::said(
            "PS §6.10",
            say("{0} is suppressed by the counter-move and cannot recover the wreck in {1} this "
                "half-turn.",
                "{0} ist durch den Gegenzug niedergehalten und kann das Schadfahrzeug in {1} in "
                "diesem Teilzug nicht bergen.",
                uid(u), field_text(at)),
            party_of(u)));
    }
    return;
  }
  if (action.verb == kPass) {
    steps_.pop();
    advance_move(events);
    return;
  }
  if (action.verb == kEvade || action.verb == kDisplace) {
    evade(action.arg(0), FieldAt(b, action.arg(1)), action.verb == kDisplace, events);
    return;
  }
  if (action.verb == kTogether) {
    // PS §9.6: the units named advance one field each in turn once each has its field.
    group_.clear();
    for (UnitState& o : units_) o.group_target = -1;  // G-29: a new group, nobody countered yet
    for (int i = 0; i < action.argc; ++i) {
      MoveState m;
      m.unit = action.arg(i);
      m.simultaneous = true;
      group_.push_back(m);
    }
    push(StepKind::kPlanMove, -1, -1);
    if (events) {
      std::string seen, masked, masked_de;
      for (int i = 0; i < action.argc; ++i) {
        seen += (i > 0 ? ", " : "") + uid(action.arg(i));
        masked += (i > 0 ? ", " : "") + masked_unit(action.arg(i), enemy(active_));
        masked_de += (i > 0 ? ", " : "") + masked_unit_de(action.arg(i), enemy(active_));
      }
      const auto text = [](const std::string& units, const std::string& units_de) {
        return say("Simultaneity announced: {0} move together, one field each in turn (PS §9.6).",
                   "Gleichzeitigkeit angesagt: {1} bewegen sich gleichzeitig, abwechselnd je ein "
                   "Feld (PS §9.6).",
                   units, units_de);
      };
      events->push_back(Event::said(
          "PS §9.6", text(seen, seen), active_,
          seen == masked ? std::nullopt : std::optional<Text>(text(masked, masked_de))));
    }
    return;
  }
  if (action.verb == kMeet) {
    // PS §9.3: the unit answers the approach; it fires, so it shows itself (PS §7.4-§7.5).
    const int p = action.arg(0);
    UnitState& ps = units_[static_cast<size_t>(p)];
    const int m = moving_.unit;
    ps.countered = true;
    if (moving_.simultaneous) ps.group_target = m;  // PS §9.6, G-29
    ps.fired = true;
    ps.shown = 2;
    ps.camouflaged = false;
    moving_.meeting = p;
    moving_.meeting_roll = 0;
    push(StepKind::kMoverRoll, m, b.index(field_of(p)));
    push(StepKind::kMeetRoll, p, b.index(field_of(m)));
    if (events) {
      const int party = party_of(p);
      const Text text =
          say("{} answers {} at {} with a false counter-move (meeting engagement, "
              "PS §9.3): both roll.",
              "{} stellt sich {} bei {} im Begegnungsgefecht (unechter Gegenzug, "
              "PS §9.3): beide würfeln.",
              uid(p), uid(m), field_text(field_of(m)));
      events->push_back(Event::said(
          "PS §9.3", text, party,
          shown_to(p, enemy(party))
              ? std::nullopt
              : std::optional<Text>(say("An unseen enemy unit answers {} at {} with a false "
                                        "counter-move: both roll.",
                                        "Eine nicht erkannte feindliche Einheit stellt sich {} "
                                        "bei {} im Begegnungsgefecht: beide würfeln.",
                                        uid(m), field_text(field_of(m))))));
    }
    return;
  }
  if (action.verb == kFertig && setting_up()) {
    end_setup(events);
    return;
  }
  if (action.verb == kFertig) {
    if (events)
      events->push_back(Event::said(
          "PS §3.2", say("{}: FERTIG.", "{1}: FERTIG.", PartyEn(active_), PartyDe(active_)),
          active_));
    end_half_turn(events);
    return;
  }
  if (action.verb == kPlace) {
    // Scenarios §1.5: the unit and its load go to the field; the other party reads nothing of it.
    const int u = action.arg(0);
    const Field f = FieldAt(b, action.arg(1));
    UnitState& s = units_[static_cast<size_t>(u)];
    s.x = f.x;
    s.y = f.y;
    s.has_moved = true;
    carry_along(u);
    if (events)
      events->push_back(Event::said(
          "scenarios §1.5",
          say("{} is set up in {}.", "{} wird in {} aufgestellt.", uid(u), field_text(f)), active_,
          say("{} sets up a unit.", "{1} stellt eine Einheit auf.", PartyEn(active_),
              PartyDe(active_))));
    return;
  }
  const int u = action.arg(0);
  const Field f{action.arg(1) % b.width(), action.arg(1) / b.width()};
  UnitState& s = units_[static_cast<size_t>(u)];
  const int party = party_of(u);
  if (action.verb == kMountedAttack) {
    // PS §10.4: the vehicle drives at the field, its figures dismount and attack at once.
    const int l = load_of(u);
    UnitState& ls = units_[static_cast<size_t>(l)];
    ls.aboard = -1;
    ls.loaded = true;
    s.loaded = true;
    s.has_moved = true;
    s.position_marker = false;
    s.camouflaged = false;
    assault_.carrier = u;
    open_close_combat(
        u, l, action.arg(1), "PS §10.4",
        say("{} drives at {}; {} dismounts and attacks.",
            "{} fährt auf {} zu; {} sitzt ab und greift an.", uid(u), field_text(f), uid(l)),
        say("An unseen enemy vehicle attacks {} mounted.",
            "Ein nicht erkanntes feindliches Fahrzeug greift {} aufgesessen an.", field_text(f)),
        events);
    return;
  }
  if (action.verb == kAntiTank && f == field_of(u)) {
    // G-36: the figures in the vehicle's field make an effect roll against it (a chance step).
    s.has_moved = true;
    s.fired = true;  // the close combat is its activity (PS §3.4)
    s.camouflaged = false;
    push(StepKind::kAntiTankRoll, u, action.arg(1));
    if (events)
      events->push_back(Event::said(
          "G-36",
          say("{} fights the vehicles in its field {} at close quarters (an effect roll).",
              "{} bekämpft die Fahrzeuge in seinem Feld {} im Panzernahkampf (ein Wirkungswurf).",
              uid(u), field_text(f)),
          party,
          shown_to(u, enemy(party))
              ? std::nullopt
              : std::optional<Text>(say("Unseen enemy figures attack the vehicles in {}.",
                                        "Nicht erkannte feindliche Figuren greifen die Fahrzeuge "
                                        "in {} an.",
                                        field_text(f)))));
    return;
  }
  if (action.verb == kAntiTank) {
    assault_.antitank = true;
    open_close_combat(
        u, u, action.arg(1), "PS §10.5",
        say("{} fights the vehicles in {} at close quarters.",
            "{} bekämpft die Fahrzeuge in {} im Panzernahkampf.", uid(u), field_text(f)),
        say("Unseen enemy figures attack the vehicles in {}.",
            "Nicht erkannte feindliche Figuren greifen die Fahrzeuge in {} an.", field_text(f)),
        events);
    // PS §10.5: before the opposed roll the target may make a movement counter-move (§9.4). The
    // window opens whether or not a vehicle may evade: which may is hidden from the attacker.
    push(StepKind::kAntiTankEvade, u, action.arg(1));
    return;
  }
  if (action.verb == kOverrun) {
    assault_.overrun = true;
    open_close_combat(u, u, action.arg(1), "PS §10.6",
                      say("{} overruns {}.", "{} überrollt {}.", uid(u), field_text(f)),
                      say("An unseen enemy vehicle overruns {}.",
                          "Ein nicht erkanntes feindliches Fahrzeug überrollt {}.", field_text(f)),
                      events);
    return;
  }
  if (IsLoadVerb(action.verb)) {
    const SituationUnit& su = game_->situation().units[static_cast<size_t>(u)];
    const bool on = action.verb == kMount || action.verb == kLimber;
    // PS §4.4: the vehicle it gets off, or its own carrier or tow, or a substitute tow.
    int carrier = !on && s.aboard >= 0 ? s.aboard : su.carrier;
    bool substitute = false;
    if (action.verb == kLimber && unit(carrier).status == UnitStatus::kLost) {
      substitute = true;
      carrier = substitute_tow(u, nullptr);
    } else if (action.verb == kMount &&
               (carrier < 0 || unit(carrier).status != UnitStatus::kOnBoard ||
                !(field_of(carrier) == field_of(u)))) {
      substitute = true;  // PS §4.4: a free tow, used like a truck
      carrier = free_tow(u, nullptr);
    }
    UnitState& c = units_[static_cast<size_t>(carrier)];
    const bool shown = shown_to(u, enemy(party));
    s.aboard = on ? carrier : -1;
    s.loaded = true;
    c.loaded = true;
    s.camouflaged = false;
    s.detected_marker = false;
    // PS §4.5: loading or unloading a heavy weapon is its activity of the half-turn.
    if (action.verb == kLimber || action.verb == kUnlimber) s.has_moved = true;
    carry_along(carrier);
    if (events) {
      Text said = say("{0} {1} {2} in {3}{5}.", "{0} {4} in {3}{6}.", uid(u),
                      kLoadVerbName[action.verb - kMount],
                      (on ? (action.verb == kMount ? "on " : "to ") : "from ") + uid(carrier),
                      field_text(f), LoadSentenceDe(action.verb - kMount, uid(carrier)),
                      !substitute                   ? ""
                      : on && action.verb == kMount ? " (a free tow, as a truck)"
                                                    : " (a substitute tow)",
                      !substitute                   ? ""
                      : on && action.verb == kMount ? " (ein freies Zugmittel, wie ein LKW)"
                                                    : " (als Ersatzzugmittel)");
      // PS §7.5: read as an unseen unit's move, which a move that an unseen enemy stops at once
      // is too (the same view).
      events->push_back(shown ? Event::said("PS §4.4", std::move(said), party)
                              : UnseenUnitEvent("PS §4.4", std::move(said), party));
    }
    return;
  }
  if (action.verb == kMove || action.verb == kWithdraw) {
    // The search of the legal actions of this position, kept, or a new one (the same path).
    const Path& path = start_path;
    const bool planning = step() == StepKind::kPlanMove;
    s.road_move = path.road_only;
    MoveState m;
    m.unit = u;
    m.was_shown = start_shown;
    m.start = path.from_outside ? -1 : b.index(path.fields[0]);
    m.path.reserve(path.fields.size());
    for (size_t i = path.from_outside ? 0 : 1; i < path.fields.size(); ++i)
      m.path.push_back(b.index(path.fields[i]));
    m.withdrawal = action.verb == kWithdraw;  // PS §6.7
    s.has_moved = true;
    s.moved = 0;
    if (planning) {
      // PS §9.6: its field is given; when the last unit has its field, the first one steps off.
      m.simultaneous = true;
      for (MoveState& g : group_)
        if (g.unit == u) g = m;
      if (planning_unit() >= 0) return;
      steps_.pop();
      moving_ = MoveState{};
    } else {
      moving_ = std::move(m);
    }
    advance_move(events);
    return;
  }
  if (action.verb == kIndirect) {
    // PS §8.3: observed high-angle fire; the firer is not seen by it (counter-battery detection,
    // PS §7.8, is not in stage 1), but it loses its camouflage (PS §7.6).
    s.fired = true;
    s.camouflaged = false;
    steps_.push({StepKind::kEffectRoll, u, action.arg(1), true});
    if (events)
      events->push_back(Event::said(
          "PS §8.3",
          say("{} fires indirect at {}.", "{} schießt im Steilfeuer auf {}.", uid(u),
              field_text(f)),
          party,
          shown_to(u, enemy(party))
              ? std::nullopt
              : std::optional<Text>(say("An unseen enemy unit fires indirect at {}.",
                                        "Eine nicht erkannte feindliche Einheit schießt im "
                                        "Steilfeuer auf {}.",
                                        field_text(f)))));
    return;
  }
  // kFire: announce, then the effect roll (PS §8.1, §8.6).
  if (step() == StepKind::kCounterMove) {
    s.countered = true;
    if (moving_.simultaneous) s.group_target = moving_.unit;  // PS §9.6, G-29
  }
  s.fired = true;
  s.shown = 2;  // PS §7.4: detected as having fired until the end of the enemy's next half-turn
  const bool camouflaged_at_gun = s.camouflaged && IsAtGun(type_of(u));
  s.camouflaged = false;  // PS §7.5: camouflaged troops reveal themselves by firing
  if (camouflaged_at_gun) {
    // PS §7.5: a camouflaged AT gun stays hard to spot: an enemy observer in an adjacent field
    // finds it; otherwise the enemy rolls 4+. Reading: until then it keeps counting as
    // camouflaged.
    bool adjacent = false;
    for (int o = 0; o < num_units(); ++o)
      if (unit(o).status == UnitStatus::kOnBoard && party_of(o) != party &&
          Distance(field_of(o), field_of(u)) <= 1 && game_->sees(field_of(o), field_of(u)))
        adjacent = true;
    if (!adjacent) {
      s.camouflaged = true;
      push(StepKind::kDetectAtGun, u, -1);
    }
  }
  push(StepKind::kEffectRoll, u, action.arg(1));
  if (events) {
    const bool shown = shown_to(u, enemy(party));
    events->push_back(Event::said(
        "PS §8.1", say("{} fires at {}.", "{} feuert auf {}.", uid(u), field_text(f)), party,
        shown ? std::nullopt
              : std::optional<Text>(say("An unseen enemy unit fires at {}.",
                                        "Eine nicht erkannte feindliche Einheit feuert auf {}.",
                                        field_text(f)))));
  }
}

// PS §3.7: the end of a half-turn.
void PlanspielState::end_half_turn(EventList* events) {
  const int ending = active_;
  // 1. Stacking: every own move ended within the limit (PS §5.1); a field a movement counter-move
  //    congested (PS §5.4) stays so until its party's next half-turn, whose FERTIG waits while a
  //    unit in it can still move away (congestion_open).
  // 2. G-05: the suppression markers on the ending party's own units are removed.
  for (int u = 0; u < num_units(); ++u) {
    UnitState& s = units_[static_cast<size_t>(u)];
    if (party_of(u) == ending && s.suppression > 0 && s.status == UnitStatus::kOnBoard) {
      s.suppression = 0;
      if (events)
        events->push_back(Event::said(
            "G-05",
            say("The suppression marker of {} is removed.",
                "Das Niedergehaltenzeichen von {} wird entfernt.", uid(u)),
            ending,
            shown_to(u, enemy(ending))
                ? std::nullopt
                : std::optional<Text>(Text{"A suppression marker is removed.",
                                           "Ein Niedergehaltenzeichen wird entfernt."})));
    }
  }
  // 3. No smoke in stage 1 besides self-smoke. 4. Per-half-turn flags; the "after firing"
  //    detection runs down (PS §7.4). 5. No work in progress.
  // PS §9.2: a combat vehicle that did not move in its own half-turn takes a position marker.
  for (int u = 0; u < num_units(); ++u) {
    UnitState& s = units_[static_cast<size_t>(u)];
    // Reading: a vehicle that spent the half-turn recovering a wreck (PS §6.10) is hooked to it,
    // not in a position.
    if (party_of(u) == ending && s.status == UnitStatus::kOnBoard && type_of(u).moves_and_fires &&
        !s.has_moved && !s.evaded && s.work != UnitState::kWorkRecover)
      s.position_marker = true;
    // PS §9.4: after a movement counter-move no marker in the unit's next own half-turn.
    if (party_of(u) == ending) s.evaded = false;
  }
  // PS §5.4: a congestion is resolved when the field is within the limit again; a tow or carrier
  // that congested it through its load (a limbered gun) stays marked while the load is over.
  std::vector<int> resolved;
  for (int u = 0; u < num_units(); ++u)
    if (units_[static_cast<size_t>(u)].congesting && !over_limit(u) &&
        (load_of(u) < 0 || !over_limit(load_of(u))))
      resolved.push_back(u);
  for (const int u : resolved) units_[static_cast<size_t>(u)].congesting = false;
  drop_unfinished_digging(ending);
  for (UnitState& s : units_) {
    s.group_target = -1;
    s.moved = 0;
    s.has_moved = false;
    s.fired = false;
    s.loaded = false;
    s.road_move = false;
    s.work = 0;  // G-38
    if (s.shown > 0) --s.shown;
    if (s.smoke > 0) --s.smoke;  // G-28: through this half-turn and the next
  }
  update_control(events);
  // Scenarios §1.7: annihilation.
  for (int p = 0; p < kParties; ++p)
    if (!has_combat_element(p)) {
      winner_ = enemy(p);
      outcome_ = -1;
      finish(events, say("{0} has no combat element on the board and none to arrive; {1} wins "
                         "(scenarios §1.7)",
                         "{2} hat kein Kampfelement mehr auf der Platte und keines mehr zu "
                         "erwarten; {3} gewinnt (scenarios §1.7)",
                         PartyEn(p), PartyEn(enemy(p)), PartyDe(p), PartyDe(enemy(p))));
      return;
    }
  const Situation& sit = game_->situation();
  if (ending != sit.first_mover) {
    if (turn_ >= sit.game_turns) {
      // Scenarios §1.7: the first matching line of the outcome list.
      for (size_t i = 0; i < sit.outcomes.size(); ++i) {
        bool all = true;
        for (const Condition& c : sit.outcomes[i].when) {
          if (c.kind == Condition::Kind::kMargin) {
            const int margin = victory_points(c.party) - victory_points(enemy(c.party));
            all = all && margin >= c.min && margin <= c.max;
          } else if (c.kind == Condition::Kind::kControls) {
            int n = 0;
            for (const ObjectiveSet& o : sit.objectives)
              if (o.id == c.set)
                for (Field f : o.fields)
                  for (size_t k = 0; k < game_->objective_fields().size(); ++k)
                    if (game_->objective_fields()[k] == f && control_[k] == c.party) ++n;
            all = all && n >= c.min && n <= c.max;
          } else {
            const int mine = losses_[static_cast<size_t>(c.party)];
            const int theirs = losses_[static_cast<size_t>(enemy(c.party))];
            all = all && (c.kind == Condition::Kind::kFewerLosses ? mine < theirs : mine <= theirs);
          }
        }
        if (all) {
          winner_ = sit.outcomes[i].winner;
          outcome_ = static_cast<int>(i);
          const OutcomeLine& line = sit.outcomes[i];
          Text why =
              say("{0}; losses Red {2}, Blue {3}", "{1}; Verluste Rot {2}, Blau {3}", line.text,
                  line.text_de.empty() ? line.text : line.text_de, losses_[0], losses_[1]);
          bool scored = false;  // PS-3 §5.5: the outcome is by victory points
          for (const ObjectiveSet& o : sit.objectives) scored = scored || o.vp > 0;
          const Text vp = scored ? say("; VP Red {0}, Blue {1}", "; Siegpunkte Rot {0}, Blau {1}",
                                       victory_points(kPartyRed), victory_points(kPartyBlue))
                                 : Text{};
          finish(events,
                 {why.en + vp.en + " (scenarios §1.7)", why.de + vp.de + " (scenarios §1.7)"});
          return;
        }
      }
    }
    ++turn_;
  }
  active_ = enemy(ending);
  phase_ = 2;
  if (events)
    events->push_back(
        Event::said("PS §3.1",
                    say("Game turn {0}: {1}'s half-turn.", "Zug {0}: Teilzug von {2}.", turn_,
                        PartyEn(active_), PartyDe(active_)),
                    active_));
}

void PlanspielState::update_control(EventList* events) {
  const auto& fields = game_->objective_fields();
  for (size_t k = 0; k < fields.size(); ++k) {
    std::array<bool, kParties> present{};
    for (int u = 0; u < num_units(); ++u)
      if (unit(u).status == UnitStatus::kOnBoard && field_of(u) == fields[k] &&
          QualifiesForControl(type_of(u)))
        present[static_cast<size_t>(party_of(u))] = true;
    const int now = present[0] && !present[1]   ? kPartyRed
                    : present[1] && !present[0] ? kPartyBlue
                                                : -1;
    if (now >= 0 && now != control_[k]) {
      control_[k] = now;
      if (events)
        events->push_back(Event::said("G-01",
                                      say("{0} takes control of {2}.", "{1} nimmt {2} in Besitz.",
                                          PartyEn(now), PartyDe(now), field_text(fields[k])),
                                      now));
    }
  }
}

int PlanspielState::victory_points(int party) const {
  int vp = losses_[static_cast<size_t>(enemy(party))];
  for (const ObjectiveSet& o : game_->situation().objectives)
    for (Field f : o.fields)
      for (size_t k = 0; k < game_->objective_fields().size(); ++k)
        if (game_->objective_fields()[k] == f && control_[k] == party) vp += o.vp;
  return vp;
}

bool PlanspielState::has_combat_element(int party) const {
  for (int u = 0; u < num_units(); ++u)
    if (party_of(u) == party && unit(u).status != UnitStatus::kLost && IsCombatElement(type_of(u)))
      return true;
  return false;
}

void PlanspielState::finish(EventList* events, const Text& why) {
  over_ = true;
  steps_.clear();
  reason_ = why.en;
  reason_de_ = why.de;
  if (events) events->push_back(Event::said("scenarios §1.7", {why.en + ".", why.de + "."}));
}

Result PlanspielState::result() const {
  Result r;
  r.returns = {0.0, 0.0};
  if (winner_ == kPartyRed || winner_ == kPartyBlue) {
    r.returns[static_cast<size_t>(winner_)] = 1.0;
    r.returns[static_cast<size_t>(enemy(winner_))] = -1.0;
    r.summary = std::string(party_name(winner_)) + " wins";
    r.headline = winner_ == kPartyRed ? Text{"Red wins.", "Rot gewinnt."}
                                      : Text{"Blue wins.", "Blau gewinnt."};
  } else {
    r.summary = "draw";
    r.headline = {"Draw.", "Unentschieden."};
  }
  r.say_reason({reason_, reason_de_});
  return r;
}

std::unique_ptr<State> PlanspielState::clone() const {
  return std::make_unique<PlanspielState>(*this);
}

// =============================================================================================
// Texts

namespace {

ArgCodec Codec(const PlanspielState& s) {
  ArgCodec c;
  c.write = [&s](ArgKind kind, int v) -> std::string {
    if (kind == ArgKind::kUnit) return s.ps().situation().units[static_cast<size_t>(v)].id;
    if (kind == ArgKind::kPlace)
      return fmt::format("{},{}", v % s.ps().board().width(), v / s.ps().board().width());
    return std::to_string(v);
  };
  c.read = [&s](ArgKind kind, std::string_view word, int& v, Text& error) {
    if (kind == ArgKind::kUnit) {
      v = s.ps().unit_index(word);
      if (v < 0)
        error = say("no unit '{}' in this situation", "keine Einheit '{}' in dieser Lage", word);
      return v >= 0;
    }
    if (kind == ArgKind::kPlace) {
      const size_t comma = word.find(',');
      int x = -1, y = -1;
      if (comma != std::string_view::npos) {
        std::from_chars(word.data(), word.data() + comma, x);
        std::from_chars(word.data() + comma + 1, word.data() + word.size(), y);
      }
      const Board& b = s.ps().board();
      if (!b.on_board({x, y})) {
        error =
            say("'{}' is no field of the board (x,y)", "'{}' ist kein Feld der Platte (x,y)", word);
        return false;
      }
      v = b.index({x, y});
      return true;
    }
    auto [p, ec] = std::from_chars(word.data(), word.data() + word.size(), v);
    if (ec != std::errc() || p != word.data() + word.size() || v < 1 || v > 6) {
      error = {"a die shows 1 to 6", "ein Würfel zeigt 1 bis 6"};
      return false;
    }
    return true;
  };
  return c;
}

}  // namespace

std::string PlanspielState::describe(const Action& action) const {
  return describe_by_table(kVerbs, action, Codec(*this));
}

// PS §7.5: what the other party may read of an action: a unit it does not see is "(hidden)", and
// so is the field a move ends in when the mover is out of its sight there.
std::string PlanspielState::describe_for(const Action& action, int viewer) const {
  // PS §8.16: the vehicle was just fired at, so the enemy sees it.
  if (action.verb == kSmoke) return describe(action);
  if (action.verb == kPlace && viewer != kNobody && viewer != party_of(action.arg(0)))
    return "place (hidden)";  // scenarios §1.5: the set-ups are hidden from each other
  if (action.verb == kConcentrate && viewer != kNobody && viewer != active_) {
    const int shown = shown_weapon(action, viewer);
    if (shown != kAllShown)
      return fmt::format("indirect {} {}", shown >= 0 ? uid(shown) : "(hidden)",
                         field_text(FieldAt(game_->board(), action.arg(0))));
  }
  if (action.verb == kAssault && viewer != kNobody && viewer != active_) {
    std::string out = "assault " + field_text(FieldAt(game_->board(), action.arg(0)));
    for (int i = 1; i < action.argc; ++i) out += " " + masked_unit(action.arg(i), viewer);
    return out;
  }
  if ((action.verb == kOverrun || action.verb == kAntiTank || action.verb == kMountedAttack) &&
      viewer != kNobody && viewer != active_)
    return fmt::format("{} {} {}", kVerbs[action.verb].verb, masked_unit(action.arg(0), viewer),
                       field_text(FieldAt(game_->board(), action.arg(1))));
  if (action.verb == kRecover && viewer != kNobody && viewer != active_)
    return fmt::format("recover {} {}", masked_unit(action.arg(0), viewer),
                       field_text(FieldAt(game_->board(), action.arg(1))));
  if (action.verb == kIndirect && viewer != kNobody && viewer != active_)
    return fmt::format("indirect {} {}", masked_unit(action.arg(0), viewer),
                       field_text(FieldAt(game_->board(), action.arg(1))));
  if ((IsLoadVerb(action.verb) || action.verb == kDig || action.verb == kCamouflage) &&
      viewer != kNobody && viewer != active_ && !shown_to(action.arg(0), viewer))
    return "move (hidden) (hidden)";  // as a hidden move (PS §7.5: the same view)
  if (action.verb == kTogether && viewer != kNobody && viewer != active_) {
    std::string out = "together";
    for (int i = 0; i < action.argc; ++i) out += " " + masked_unit(action.arg(i), viewer);
    return out;
  }
  if ((action.verb == kMeet || action.verb == kEvade || action.verb == kDisplace) &&
      viewer != kNobody && viewer != party_of(action.arg(0))) {
    // PS §9.3: the unit shows itself by firing; PS §9.4: a withdrawal is seen where it ends in
    // sight of the viewer; PS §5.4: a displaced unit reads as a movement counter-move (the
    // congestion is not shown).
    const int u = action.arg(0);
    PlanspielState after = *this;
    after.apply(action, nullptr);
    const bool seen = after.shown_to(u, viewer);
    if (action.verb == kMeet)
      return fmt::format("meet {} {}", seen ? uid(u) : "(hidden)",
                         field_text(FieldAt(game_->board(), action.arg(1))));
    return fmt::format("evade {} {}", seen || shown_to(u, viewer) ? uid(u) : "(hidden)",
                       seen ? field_text(after.field_of(u)) : "(hidden)");
  }
  if (viewer == kNobody ||
      (action.verb != kMove && action.verb != kFire && action.verb != kWithdraw))
    return describe(action);
  const int u = action.arg(0);
  const int party = party_of(u);
  if (viewer == party) return describe(action);
  const Board& b = game_->board();
  const Field f{action.arg(1) % b.width(), action.arg(1) / b.width()};
  if (action.verb == kFire) {
    // The firer shows itself by firing unless it stays unseen (PS §7.4-§7.5).
    PlanspielState after = *this;
    after.apply(action, nullptr);
    return fmt::format("fire {} {}", after.shown_to(u, viewer) ? uid(u) : "(hidden)",
                       field_text(f));
  }
  // The other party sees the steps as they happen, not where the move is meant to end (nor that
  // it is ordered as a withdrawal, PS §6.7: its steps show it).
  return fmt::format("move {} (hidden)", shown_to(u, viewer) ? uid(u) : "(hidden)");
}

bool PlanspielState::parse_text(std::string_view text, Action& out, Text& error) const {
  if (!parse_by_table(kVerbs, text, out, error, Codec(*this))) return false;
  if (out.verb == kTogether) {  // PS §9.6: two or three units, in unit order
    if (out.argc < 2 || out.argc > 3) {
      error = {"together UNIT UNIT [UNIT]: two or three units move simultaneously (PS §9.6)",
               "together EINHEIT EINHEIT [EINHEIT]: zwei oder drei Einheiten bewegen sich "
               "gleichzeitig (PS §9.6)"};
      return false;
    }
    std::vector<int> units;
    for (int i = 0; i < out.argc; ++i) units.push_back(out.arg(i));
    std::sort(units.begin(), units.end());
    out = units.size() == 2 ? Action(kTogether, {units[0], units[1]})
                            : Action(kTogether, {units[0], units[1], units[2]});
    return true;
  }
  if (out.verb == kConcentrate && (out.argc < 3 || out.argc > 4)) {
    error = {"concentrate FIELD UNIT UNIT [UNIT]: two or three similar weapons (PS §8.3)",
             "concentrate FELD EINHEIT EINHEIT [EINHEIT]: zwei oder drei gleichartige Waffen "
             "(PS §8.3)"};
    return false;
  }
  if (out.verb == kAssault || out.verb == kConcentrate) {  // the units in unit order
    if (out.argc < 2 || out.argc > 4) {
      error = {"assault FIELD UNIT [UNIT [UNIT]]: one to three attacking bases (PS §10.2)",
               "assault FELD EINHEIT [EINHEIT [EINHEIT]]: eine bis drei angreifende Basen "
               "(PS §10.2)"};
      return false;
    }
    std::vector<int> units;
    for (int i = 1; i < out.argc; ++i) units.push_back(out.arg(i));
    std::sort(units.begin(), units.end());
    std::vector<int> all{out.arg(0)};
    all.insert(all.end(), units.begin(), units.end());
    const int verb = out.verb;
    if (all.size() == 2) out = Action(verb, {all[0], all[1]});
    if (all.size() == 3) out = Action(verb, {all[0], all[1], all[2]});
    if (all.size() == 4) out = Action(verb, {all[0], all[1], all[2], all[3]});
  }
  return true;
}

// Every action of a party changes who sees whom or shows what was unseen: a move brings units
// into or out of sight (also of units the other party does not see, which see the mover), a fire
// shows the firer (PS §7.4-§7.5), an assault shows both sides of the field, and FERTIG ends the
// half-turn with field control and the end of the game, which unseen units decide. So every
// action of a seat closes the undo window (docs/architecture.md "Undo belongs to the rules").
bool PlanspielState::reveals_information(const Action& action) const {
  return action.verb != kRoll;
}

// PS §10.2: the chance that an assault wins, ties rolled again: P(win) / (1 - P(tie)).
namespace {

// An opposed roll of one die each, the attacker's total `diff` ahead (PS §10.2 item 4, §10.6):
// how many of the 36 throws it wins and how many are decided (ties are rolled again).
std::pair<int, int> OpposedThrows(int diff) {
  int win = 0, tie = 0;
  for (int a = 1; a <= 6; ++a)
    for (int d = 1; d <= 6; ++d) {
      if (a + diff > d) ++win;
      if (a + diff == d) ++tie;
    }
  return {win, 36 - tie};
}

}  // namespace

double OpposedWinChance(int diff) {
  const auto [win, decided] = OpposedThrows(diff);
  return decided == 0 ? 0.0 : static_cast<double>(win) / static_cast<double>(decided);
}

double PlanspielState::assault_win_chance(const Action& action) const {
  const Field f = FieldAt(game_->board(), action.arg(0));
  return OpposedWinChance(attack_bonus(action.argc - 1) - defence_bonus(f, active_));
}

int PlanspielState::overrun_bonus(Field f) const {
  const Terrain terrain = game_->board().terrain(f);
  return terrain == Terrain::kForest || terrain == Terrain::kBuiltUp ? 1 : 0;
}

Text PlanspielState::annotate(const Action& action) const {
  if (action.verb == kAssault) {
    const Field f = FieldAt(game_->board(), action.arg(0));
    const auto [win, decided] =
        OpposedThrows(attack_bonus(action.argc - 1) - defence_bonus(f, active_));
    return say("+{} against +{}: wins {}/{}", "+{} gegen +{}: gewinnt {}/{}",
               attack_bonus(action.argc - 1), defence_bonus(f, active_), win, decided);
  }
  if (action.verb == kMeet && moving_.unit >= 0) {
    const Meeting m = meeting(action.arg(0));
    const auto [win, decided] = OpposedThrows(m.counter_mod - m.mover_mod);
    const std::string_view harmless = m.counter_harms ? "" : ", cannot harm the mover";
    const std::string_view harmless_de = m.counter_harms ? "" : ", kann dem Gegner nicht schaden";
    return say("{0:+d} against {1:+d}: wins {2}/{3}{4}", "{0:+d} gegen {1:+d}: gewinnt {2}/{3}{5}",
               m.counter_mod, m.mover_mod, win, decided, harmless, harmless_de);
  }
  const FireAction fa = fire_of(action);
  if (!fa.ok) return {};
  const int u = fa.unit;
  const Field f = fa.field;
  Firer fs;
  fs.suppression = unit(u).suppression;
  Text out;
  for (int t : targets_in(u, f)) {
    const auto odds = OddsIn36(game_->fire_data(), weapon_of(u), fs, target_of(t),
                               fire_situation(u, f, fa.indirect, fa.concentration));
    const int effect = 36 - odds[0];
    const int out_of_action = odds[static_cast<size_t>(Outcome::kKnockedOut)] +
                              odds[static_cast<size_t>(Outcome::kEliminated)];
    const std::string_view sep = out.en.empty() ? "" : "; ";
    const Text one =
        say("{}{}: effect {}/36, out {}/36", "{}{}: Wirkung {}/36, außer Gefecht {}/36", sep,
            uid(t), effect, out_of_action);
    out.en += one.en;
    out.de += one.de;
  }
  return out;
}

// =============================================================================================
// Views

json PlanspielState::observe(int seat) const {
  json units = json::array();
  for (int u = 0; u < num_units(); ++u) {
    const UnitState& s = unit(u);
    const SituationUnit& su = game_->situation().units[static_cast<size_t>(u)];
    json j = {{"id", su.id}, {"type", su.type}, {"party", party_name(su.party)}};
    if (s.status == UnitStatus::kLost) {
      j["status"] = "lost";
      if (s.wreck) j["wreck"] = {s.x, s.y};  // PS §2.3, §6.10: public
    } else if (s.status == UnitStatus::kWaiting) {
      j["status"] = "waiting";
      j["arrives"] = su.arrives;
      j["entry"] = {su.field.x, su.field.y};
    } else if (!shown_to(u, seat)) {
      continue;  // PS §7.5: not detected by this viewer
    } else {
      j["status"] = "on_board";
      j["field"] = {s.x, s.y};
      j["suppression"] = s.suppression;
      j["moved"] = s.has_moved;
      j["fired"] = s.fired;
      // G-38: its work of this half-turn.
      if (s.work != 0)
        j["work"] = s.work == UnitState::kWorkDig          ? "dig"
                    : s.work == UnitState::kWorkCamouflage ? "camouflage"
                                                           : "recover";
      j["camouflaged"] = s.camouflaged;
      j["detected_marker"] = s.detected_marker;
      if (s.smoke > 0) j["smoke"] = true;                // PS §8.16: in its own smoke
      if (dig_stage(u) == 1) j["dug_in"] = "face_down";  // PS §12.3: the first half-turn done
    }
    if (s.status == UnitStatus::kWaiting) j["moved"] = s.has_moved;
    if (s.aboard >= 0) j["aboard"] = uid(s.aboard);  // PS §4.4: mounted or limbered
    units.push_back(j);
  }
  json control = json::array();
  for (size_t k = 0; k < control_.size(); ++k)
    control.push_back({{"field", {game_->objective_fields()[k].x, game_->objective_fields()[k].y}},
                       {"controller", control_[k] < 0 ? "none" : party_name(control_[k])}});
  json steps = json::array();
  for (const PsStep& st : steps_) {
    json e = {{"kind", RowOf(st.kind).decision}, {"step", static_cast<int>(st.kind)}};
    if (st.unit >= 0) e["unit"] = masked_unit(st.unit, seat);
    if (st.field >= 0)
      e["field"] = {st.field % game_->board().width(), st.field / game_->board().width()};
    steps.push_back(e);
  }
  json assault = nullptr;
  if (assault_.field >= 0) {
    json attackers = json::array();
    for (int a : assault_.attackers)
      if (a >= 0) attackers.push_back(masked_unit(a, seat));
    assault = {{"field",
                {assault_.field % game_->board().width(), assault_.field / game_->board().width()}},
               {"attackers", attackers},
               {"attack_roll", assault_.attack_roll}};
  }
  json moving = nullptr;
  if (moving_.unit >= 0) {
    moving = {{"unit", masked_unit(moving_.unit, seat)}, {"fields", unit(moving_.unit).moved}};
    // PS §9.3, §9.8: a false counter-move's dice and totals are rolled in the open.
    if (moving_.meeting >= 0)
      moving["meeting"] = {{"unit", masked_unit(moving_.meeting, seat)},
                           {"roll", moving_.meeting_roll}};
    if (moving_.last_counter != 0 || moving_.last_mover != 0)
      moving["last_meeting"] = {{"counter_total", moving_.last_counter},
                                {"mover_total", moving_.last_mover}};
  }
  // PS §9.6: the units of an announced simultaneous movement still moving (the announcement
  // names them to both parties), in unit order, as far as shown.
  json together = nullptr;
  if (!group_.empty() || moving_.simultaneous) {
    std::vector<int> g;
    if (moving_.unit >= 0 && moving_.simultaneous) g.push_back(moving_.unit);
    for (const MoveState& m : group_) g.push_back(m.unit);
    std::sort(g.begin(), g.end());
    together = json::array();
    for (int u : g) together.push_back(masked_unit(u, seat));
  }
  json last_close_combat = nullptr;
  if (assault_.last_field >= 0)
    last_close_combat = {{"field",
                          {assault_.last_field % game_->board().width(),
                           assault_.last_field / game_->board().width()}},
                         {"attacker_total", assault_.last_attack},
                         {"defender_total", assault_.last_defence}};
  json out = {{"situation", game_->situation().id},
              {"last_close_combat", last_close_combat},
              {"moving", moving},
              {"together", together},
              {"assault", assault},
              {"turn", turn_},
              {"phase", phase_},
              {"game_turns", game_->situation().game_turns},
              {"cycle_turn", game_->situation().start_cycle_turn + turn_ - 1},
              {"active", party_name(active_)},
              {"units", units},
              {"losses", {{"red", losses_[0]}, {"blue", losses_[1]}}},
              {"control", control},
              {"steps", steps},
              {"over", over_},
              {"moves", moves_}};
  observe_positions(seat, out);
  return out;
}

// PS §7.5: re-samples where the units hidden from the viewer stand: each goes to a random field
// where it could stand, and keeps it only if nobody's view changes (every unit stays seen or
// unseen by each party as before), so that every text the viewer reads stays the same.
std::unique_ptr<State> PlanspielState::determinize(int seat, Rng& rng) const {
  auto d = std::make_unique<PlanspielState>(*this);
  if (over_) return d;
  d->start_mutating();  // its units move below (the seen-enemies cache compares its keys)
  const Board& b = game_->board();
  const auto matrix = [](const PlanspielState& s) {
    std::vector<uint8_t> m;
    for (int u = 0; u < s.num_units(); ++u)
      for (int p = 0; p < kParties; ++p) m.push_back(s.visible_to(u, p) ? 1 : 0);
    return m;
  };
  const std::vector<uint8_t> before = matrix(*this);
  // Units named by a pending step stay where they are (the procedure refers to them).
  const auto pinned = [&](int u) {
    for (const PsStep& st : steps_)
      if (st.unit == u) return true;
    for (int a : assault_.attackers)
      if (a == u) return true;
    for (const MoveState& m : group_)  // PS §9.6: the simultaneous group
      if (m.unit == u) return true;
    // A load stays with its carrier; the vehicle of a mounted attack follows its figures.
    return u == moving_.unit || u == moving_.meeting || unit(u).aboard >= 0 ||
           u == assault_.carrier;
  };
  for (int u = 0; u < num_units(); ++u) {
    if (unit(u).status != UnitStatus::kOnBoard || shown_to(u, seat) || pinned(u)) continue;
    // Scenarios §1.5: during the set-up a unit of a party with a zone may stand anywhere in it;
    // a fixed set-up is the situation's and stays.
    const SetupZone* zone = setting_up() ? game_->situation().zone_of(party_of(u)) : nullptr;
    if (setting_up() && zone == nullptr) continue;
    const Mover m = type_of(u).terrain;
    for (int tries = 0; tries < 12; ++tries) {
      const Field f =
          zone ? Field{rng.between(zone->from.x, zone->to.x), rng.between(zone->from.y, zone->to.y)}
               : Field{rng.between(0, b.width() - 1), rng.between(0, b.height() - 1)};
      if (!Passable(b, f, m) || position_shown(f, seat)) continue;
      if (m == Mover::kVehicle && wreck_at(f) >= 0) continue;  // PS §6.10: closed to vehicles
      bool empty = true;
      for (int o = 0; o < num_units(); ++o)
        if (d->unit(o).status == UnitStatus::kOnBoard && d->field_of(o) == f) empty = false;
      if (!empty || position_shown(field_of(u), seat) != position_shown(f, seat)) continue;
      if ((b.terrain(f) == Terrain::kBuiltUp) != (b.terrain(field_of(u)) == Terrain::kBuiltUp))
        continue;
      const Field old = d->field_of(u);
      d->units_[static_cast<size_t>(u)].x = f.x;
      d->units_[static_cast<size_t>(u)].y = f.y;
      d->carry_along(u);
      if (matrix(*d) == before) break;
      d->units_[static_cast<size_t>(u)].x = old.x;
      d->units_[static_cast<size_t>(u)].y = old.y;
      d->carry_along(u);
    }
  }
  d->done_mutating();
  return d;
}

json PlanspielState::to_json() const {
  json j = fields_to_json(*this);
  json steps = json::array();
  for (const PsStep& st : steps_)
    steps.push_back({static_cast<int>(st.kind), st.unit, st.field, st.indirect, st.concentration});
  j["steps"] = steps;
  j["reason"] = reason_;
  return j;
}

uint64_t PlanspielState::hash() const {
  Hasher h;
  fields_hash(h, *this);
  h.add(static_cast<uint64_t>(steps_.size()));
  for (const PsStep& st : steps_) fields_hash(h, st);
  return h.value();
}

std::string PlanspielState::render_text_in(int seat, Lang lang) const {
  const bool de = lang == Lang::kDe;
  auto t = [de](const char* en, const char* german) { return de ? german : en; };
  auto party = [de](int p) -> std::string { return de ? PartyDe(p) : PartyEn(p); };
  const Board& b = game_->board();
  const Situation& sit = game_->situation();
  std::ostringstream o;
  o << fmt::format(fmt::runtime(t("{} - game turn {}/{} (D{}), {}'s half-turn; losses Red {}, Blue "
                                  "{}\n",
                                  "{} - Zug {}/{} (D{}), Teilzug von {}; Verluste Rot {}, Blau "
                                  "{}\n")),
                   de && !sit.title_de.empty() ? sit.title_de : sit.title, turn_, sit.game_turns,
                   sit.start_cycle_turn + turn_ - 1, party(active_), losses_[0], losses_[1]);
  if (setting_up())  // scenarios §1.5
    o << fmt::format(fmt::runtime(t("set-up of {} in its zone, before game turn 1\n",
                                    "Aufstellung von {} in seinem Raum, vor Zug 1\n")),
                     party(active_));
  o << "    ";
  for (int x = 0; x < b.width(); ++x) o << fmt::format("{:>3}", x);
  o << "\n";
  for (int y = 0; y < b.height(); ++y) {
    o << fmt::format("{:>3} ", y);
    for (int x = 0; x < b.width(); ++x) {
      std::string cell(1, TerrainChar(b.terrain({x, y}), b.road({x, y})));
      int red = 0, blue = 0;
      for (int u = 0; u < num_units(); ++u)
        if (unit(u).status == UnitStatus::kOnBoard && field_of(u) == Field{x, y} &&
            shown_to(u, seat))
          (party_of(u) == kPartyRed ? red : blue)++;
      std::string mark = red && blue ? "rb"
                         : red       ? "r" + std::to_string(red)
                         : blue      ? "b" + std::to_string(blue)
                                     : " " + cell;
      if (position_shown({x, y}, seat) && mark[0] == ' ') mark = " o";
      o << fmt::format("{:>3}", mark);
    }
    o << "\n";
  }
  // The letters of the situation maps (scenarios §1.3 legend, ParseTerrainChar).
  o << t(
      "(r2/b2: 2 units of Red/Blue; o: field position; terrain: . open, = road, F forest,\n"
      " f forest with road, B built-up, b built-up with road, R rocks, S swamp, W water,\n"
      " H bridge)\n",
      "(r2/b2: 2 Einheiten von Rot/Blau; o: Feldstellung; Gelände: . offen, = Straße,\n"
      " F Hochwald, f Hochwald mit Straße, B Siedlung, b Siedlung mit Straße, R Felsen,\n"
      " S Sumpf, W Gewässer, H feste Brücke)\n");
  for (int u = 0; u < num_units(); ++u) {
    const UnitState& s = unit(u);
    const SituationUnit& su = sit.units[static_cast<size_t>(u)];
    if (s.status == UnitStatus::kOnBoard && !shown_to(u, seat)) continue;
    std::string where =
        s.status == UnitStatus::kLost ? t("lost", "verloren")
        : s.status == UnitStatus::kWaiting
            ? fmt::format(fmt::runtime(t("arrives turn {} at {}", "trifft in Zug {} bei {} ein")),
                          su.arrives, field_text(su.field))
            : field_text(field_of(u));
    std::string marks;
    if (s.status == UnitStatus::kOnBoard) {
      if (s.suppression) marks += " " + LevelText(s.suppression).in(lang);
      if (s.camouflaged) marks += t(" camouflaged", " getarnt");
      if (dig_stage(u) == 1)
        marks += t(" digging in (marker face down)", " gräbt sich ein (Zeichen verkehrt)");
      if (s.detected_marker) marks += t(" detected", " aufgeklärt");
      if (s.has_moved) marks += fmt::format(fmt::runtime(t(" moved {}", " bewegt {}")), s.moved);
      if (s.fired) marks += t(" fired", " gefeuert");
      if (s.work == UnitState::kWorkDig)
        marks += t(" working: digs in", " arbeitet: gräbt sich ein");
      if (s.work == UnitState::kWorkCamouflage)
        marks += t(" working: camouflages", " arbeitet: tarnt sich");
      if (s.work == UnitState::kWorkRecover)
        marks += t(" working: recovers a wreck", " arbeitet: birgt ein Schadfahrzeug");
      if (s.aboard >= 0) marks += t(" aboard ", " aufgesessen auf ") + uid(s.aboard);
    }
    o << fmt::format("  {:<5} {:<5} {:<5} {}{}\n", party(su.party), su.id, su.type, where, marks);
  }
  std::string ctl;
  for (size_t k = 0; k < control_.size(); ++k)
    ctl += fmt::format(" {}={}", field_text(game_->objective_fields()[k]),
                       control_[k] < 0 ? t("none", "niemand") : party(control_[k]));
  o << t("control:", "Besitz:") << ctl << "\n";
  return o.str();
}

// =============================================================================================
// Works: field positions dug in play and camouflage (PS §12.3, §7.6, G-38, G-54)

int PlanspielState::position_party(Field f) const {
  if (positions_.empty()) return -1;
  const int i = game_->board().index(f);
  for (int p : positions_)
    if (p / 2 == i) return p % 2;
  return -1;
}

bool PlanspielState::dug_in(Field f) const {
  return game_->dug_in(f) || position_party(f) >= 0;
}

bool PlanspielState::position_covers(int u, Field f) const {
  if (game_->dug_in(f)) return true;
  const int dug_by = position_party(f);
  if (dug_by < 0) return false;
  if (dug_by == party_of(u)) return true;
  // PS §12.3: a captured position serves its captor at once, but not during counter-moves:
  // not the mover (and its load) while the enemy may answer its move.
  return !(moving_.unit >= 0 && (moving_.unit == u || unit(u).aboard == moving_.unit));
}

bool PlanspielState::position_shown(Field f, int viewer) const {
  if (game_->dug_in(f)) return true;  // the situation's, public
  const int dug_by = position_party(f);
  if (dug_by < 0) return false;
  if (viewer == kNobody) return true;
  // Reading (PS §7.5): a position dug in play is shown to the party that dug it and to a party
  // that sees a unit in its field (its own or a detected enemy one); detection has no memory.
  const auto shown = [&](int party) {
    if (party == dug_by) return true;
    for (int o = 0; o < num_units(); ++o)
      if (unit(o).status == UnitStatus::kOnBoard && field_of(o) == f && shown_to(o, party))
        return true;
    return false;
  };
  if (viewer == kObserver) return shown(kPartyRed) || shown(kPartyBlue);
  return viewer >= 0 && viewer < kParties && shown(viewer);
}

void PlanspielState::observe_positions(int seat, json& out) const {
  if (positions_.empty()) return;
  const Board& b = game_->board();
  json shown = json::array();
  for (int p : positions_) {
    const Field f = FieldAt(b, p / 2);
    if (position_shown(f, seat)) shown.push_back({f.x, f.y});
  }
  if (!shown.empty()) out["positions"] = shown;  // PS §12.3: dug in play, face up
}

int PlanspielState::dig_stage(int u) const {
  const UnitState& s = unit(u);
  return s.dig_field >= 0 && s.status == UnitStatus::kOnBoard && s.aboard < 0 &&
                 s.dig_field == game_->board().index(field_of(u))
             ? 1
             : 0;
}

void PlanspielState::drop_unfinished_digging(int ending) {
  for (int u = 0; u < num_units(); ++u) {
    UnitState& s = units_[static_cast<size_t>(u)];
    if (s.dig_field < 0) continue;
    // G-52: the two digging half-turns are consecutive own half-turns; a move interrupts (G-38).
    const bool idle = party_of(u) == ending && s.work != UnitState::kWorkDig;
    if (dig_stage(u) == 0 || idle) s.dig_field = -1;
  }
}

bool PlanspielState::work_refusal(int u, Text* why) const {
  switch (unit(u).work) {
    case UnitState::kWorkDig:
      return PS_REFUSE(why, say("G-38: {} is digging in this half-turn and does nothing else",
                                "G-38: {} gräbt sich in diesem Teilzug ein und tut nichts "
                                "anderes",
                                uid(u)));
    case UnitState::kWorkRecover:
      return PS_REFUSE(why, say("PS §6.10, G-38: {} is recovering a wreck this half-turn and does "
                                "nothing else",
                                "PS §6.10, G-38: {} birgt in diesem Teilzug ein Schadfahrzeug und "
                                "tut nichts anderes",
                                uid(u)));
    default:
      return PS_REFUSE(why, say("PS §7.6, G-38: {} is camouflaging this half-turn and does "
                                "nothing else",
                                "PS §7.6, G-38: {} tarnt sich in diesem Teilzug und tut nichts "
                                "anderes",
                                uid(u)));
  }
}

bool PlanspielState::may_start_work(int u, int work, Text* why) const {
  const bool dig = work == UnitState::kWorkDig;
  if (u < 0 || u >= num_units())
    return PS_REFUSE(why, {"PS §4.1: no such unit", "PS §4.1: diese Einheit gibt es nicht"});
  if (step() != StepKind::kAct)
    return PS_REFUSE(why, {"PS §3.2: only in the active party's activity",
                           "PS §3.2: nur während der Tätigkeit der aktiven Partei"});
  if (party_of(u) != active_)
    return PS_REFUSE(why, dig ? Text{"PS §3.1: only the active party digs in",
                                     "PS §3.1: nur die aktive Partei gräbt sich ein"}
                              : Text{"PS §3.1: only the active party camouflages",
                                     "PS §3.1: nur die aktive Partei tarnt sich"});
  if (unit(u).status != UnitStatus::kOnBoard || unit(u).aboard >= 0)
    return PS_REFUSE(why, say("{}: {} is not on the board on its own",
                              "{}: {} steht nicht selbständig auf der Platte",
                              dig ? "PS §12.3" : "PS §7.6", uid(u)));
  return true;
}

bool PlanspielState::may_dig(int u, Text* why) const {
  if (!may_start_work(u, UnitState::kWorkDig, why)) return false;
  const UnitState& s = unit(u);
  const UnitType& t = type_of(u);
  const std::string& id = uid(u);
  if (t.category != Category::kFigureBase)
    return PS_REFUSE(why, say("PS §12.3: only figures dig in; vehicles and heavy-weapon models "
                              "cannot dig in during a tactical game ({} is no figure base)",
                              "PS §12.3: eingraben können sich nur Figuren; für Fahrzeuge und "
                              "schwere Waffen gibt es im taktischen Spiel keine Feldstellungen "
                              "({} ist keine Figurenbase)",
                              id));
  if (s.camouflaged)
    return PS_REFUSE(why, say("PS §7.6, §12.3: {} is camouflaged; camouflaged troops cannot dig "
                              "in (digging comes before camouflage)",
                              "PS §7.6, §12.3: {} ist getarnt; getarnte Truppen können sich nicht "
                              "eingraben (das Eingraben kommt vor dem Tarnen)",
                              id));
  if (s.suppression > 0)
    return PS_REFUSE(why, say("PS §12.1, G-38: {} is suppressed and cannot work",
                              "PS §12.1, G-38: {} ist niedergehalten und kann nicht arbeiten", id));
  if (s.work != 0) return work_refusal(u, why);
  if (s.has_moved || s.fired || s.loaded)
    return PS_REFUSE(why, say("PS §12.3, G-38: digging in occupies {} for its whole half-turn; it "
                              "has acted already",
                              "PS §12.3, G-38: das Eingraben beansprucht {} den ganzen Teilzug; "
                              "es war schon tätig",
                              id));
  if (dug_in(field_of(u)))
    return PS_REFUSE(
        why, say("PS §12.3: {} already holds a field position",
                 "PS §12.3: in {} gibt es schon eine Feldstellung", field_text(field_of(u))));
  return true;
}

bool PlanspielState::may_camouflage(int u, Text* why) const {
  // Without a refusal asked for, the unit's own state (asked below) first.
  if (!why && (unit(u).camouflaged || unit(u).suppression > 0)) return false;
  if (!may_start_work(u, UnitState::kWorkCamouflage, why)) return false;
  const Board& b = game_->board();
  const UnitState& s = unit(u);
  const UnitType& t = type_of(u);
  const std::string& id = uid(u);
  if (s.camouflaged)
    return PS_REFUSE(
        why, say("PS §7.6: {} is camouflaged already", "PS §7.6: {} ist schon getarnt", id));
  if (s.suppression > 0)
    return PS_REFUSE(why,
                     say("PS §7.6, §12.1: {} is suppressed and cannot camouflage",
                         "PS §7.6, §12.1: {} ist niedergehalten und kann sich nicht tarnen", id));
  if (s.work != 0) return work_refusal(u, why);
  if (s.has_moved || s.fired || s.loaded)
    return PS_REFUSE(why, say("PS §7.6, G-38: camouflaging takes {} its whole half-turn; it has "
                              "acted already",
                              "PS §7.6, G-38: das Tarnen beansprucht {} den ganzen Teilzug; es "
                              "war schon tätig",
                              id));
  // PS §7.6, G-04, G-54: where a vehicle or heavy-weapon model may camouflage; without a refusal
  // asked for, asked before the look at the enemy units.
  const auto place_ok = [&](Text* reason) {
    if (t.target_size == TargetSize::kLarge) {
      const Terrain here = b.terrain(field_of(u));
      if (here == Terrain::kForest || here == Terrain::kBuiltUp)
        return PS_REFUSE(reason,
                         say("G-04: {} stands on the road of a forest or built-up field, where "
                             "vehicles and towed weapons cannot camouflage",
                             "G-04: {} steht auf der Straße eines Wald- oder Ortsfeldes, wo "
                             "sich Fahrzeuge und gezogene Waffen nicht tarnen können",
                             id));
      if (!game_->next_to_cover(field_of(u)))
        return PS_REFUSE(reason,
                         say("PS §7.6, G-54: {} is a vehicle or heavy-weapon model; it "
                             "camouflages only in a field next to a forest or built-up field",
                             "PS §7.6, G-54: {} ist ein Fahrzeug- oder schweres Waffenmodell; "
                             "es tarnt sich nur in einem Feld neben einem Wald- oder Ortsfeld",
                             id));
    }
    return true;
  };
  if (!why && !place_ok(nullptr)) return false;
  // Reading (PS §7.5): "out of enemy sight and outside immediate threat (4 LE)" as the party
  // knows it: of the enemy units it sees, none within 4 LE and none detecting the unit.
  const int party = party_of(u);
  for (int e : seen_enemies(party)) {
    if (Distance(field_of(e), field_of(u)) <= 4)
      return PS_REFUSE(why, say("PS §7.6: {} is within 4 LE of the enemy unit {} (immediate "
                                "threat) and cannot camouflage",
                                "PS §7.6: {} ist innerhalb von 4 LE von der feindlichen Einheit "
                                "{} (unmittelbare Feindbedrohung) und kann sich nicht tarnen",
                                id, uid(e)));
    if (detects(e, u))
      return PS_REFUSE(why, say("PS §7.6: {} is in sight of the enemy unit {} and cannot "
                                "camouflage",
                                "PS §7.6: {} ist in Feindeinsicht von {} und kann sich nicht "
                                "tarnen",
                                id, uid(e)));
  }
  return why ? place_ok(why) : true;
}

void PlanspielState::apply_work(const Action& action, EventList* events) {
  const int u = action.arg(0);
  UnitState& s = units_[static_cast<size_t>(u)];
  const int party = party_of(u);
  const Board& b = game_->board();
  const Field f = field_of(u);
  const bool shown = shown_to(u, enemy(party));
  // G-38: the work occupies the unit for its whole half-turn: it neither moves nor fires (its
  // own state `work`, which every check of a unit's activity asks; it has not fired, PS §5.4).
  Text said;
  std::string rule = "PS §12.3";
  if (action.verb == kDig) {
    s.work = UnitState::kWorkDig;
    if (dig_stage(u) == 1) {
      // PS §12.3, G-38: the second own half-turn turns the marker face up, no die roll; the
      // position belongs to the field.
      s.dig_field = -1;
      positions_.push_back(b.index(f) * 2 + party);
      said =
          say("{0} digs in for the second half-turn: the dug-in marker in {1} is turned face up "
              "(a field position: weapon effect -1, +1 to the defender in close combat).",
              "{0} gräbt sich den zweiten Teilzug ein: das Eingegrabenzeichen in {1} wird "
              "umgedreht (Feldstellung: Waffenwirkung -1, +1 für den Verteidiger im Nahkampf).",
              uid(u), field_text(f));
    } else {
      s.dig_field = b.index(f);  // PS §12.3: face down, no effect yet
      said =
          say("{0} digs in at {1}: the dug-in marker lies face down (no cover before the "
              "second half-turn of digging).",
              "{0} gräbt sich in {1} ein: das Eingegrabenzeichen liegt verkehrt (keine Deckung "
              "vor dem zweiten Teilzug des Eingrabens).",
              uid(u), field_text(f));
    }
  } else {
    rule = "PS §7.6";
    s.work = UnitState::kWorkCamouflage;
    s.camouflaged = true;
    // PS §7.6: a combat vehicle or SP gun that camouflages takes a position marker with it,
    // which stays when the camouflage goes.
    const Category c = type_of(u).category;
    const bool marker = c == Category::kCombatVehicle || c == Category::kSpGun;
    if (marker) s.position_marker = true;
    said = marker ? say("{0} camouflages in {1} (camouflage marker and position marker).",
                        "{0} tarnt sich in {1} (Tarnzeichen und Stellungszeichen).", uid(u),
                        field_text(f))
                  : say("{0} camouflages in {1} (camouflage marker).",
                        "{0} tarnt sich in {1} (Tarnzeichen).", uid(u), field_text(f));
  }
  if (events)
    // PS §7.5: an unseen unit's work reads as an unseen unit's move (the same view).
    events->push_back(shown ? Event::said(rule, std::move(said), party)
                            : UnseenUnitEvent(rule, std::move(said), party));
}

bool PlanspielState::move_path(int u, Field dest, std::vector<Field>& fields) const {
  Path path;
  fields.clear();
  // Not checked against CheckPath: applying the move checks the path it takes (find_path).
  if (!find_path(u, dest, path, /*forced=*/false, /*check=*/false)) return false;
  fields = std::move(path.fields);
  return true;
}

}  // namespace feldherr::planspiel

#undef PS_REFUSE
