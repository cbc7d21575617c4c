// Planspiel stacking and passage (games/planspiel/stacking.h).
#include "games/planspiel/stacking.h"

#include <array>

namespace feldherr::planspiel {

const char* stack_class_name(StackClass c) {
  switch (c) {
    case StackClass::kDirectFireGun:
      return "a";
    case StackClass::kMachineWeapon:
      return "b";
    case StackClass::kAaGun:
      return "c";
    case StackClass::kIndirectFire:
      return "d";
    case StackClass::kUnarmedVehicle:
      return "e";
    case StackClass::kFigureBase:
      return "figure_base";
  }
  return "?";
}

StackClass StackClassOf(const UnitType& type) {
  if (type.category == Category::kFigureBase || type.category == Category::kRiders)
    return StackClass::kFigureBase;
  if (!type.has_weapon) return StackClass::kUnarmedVehicle;
  if (type.weapon.indirect) return StackClass::kIndirectFire;
  if (type.gun != GunClass::kNone) return StackClass::kDirectFireGun;
  return StackClass::kMachineWeapon;
}

Occupant OccupantOf(const UnitType& type, int party, bool with_own_carrier) {
  Occupant o;
  o.party = party;
  o.cls = StackClassOf(type);
  o.with_own_carrier = with_own_carrier;
  o.model = type.category != Category::kFigureBase && type.category != Category::kRiders;
  return o;
}

namespace {

bool Counts(const Occupant& o) {
  return o.cls != StackClass::kFigureBase && !o.with_own_carrier;
}

constexpr int kClasses = 5;

std::array<int, kClasses> CountByClass(const FieldContents& field, int party) {
  std::array<int, kClasses> n{};
  for (const Occupant& o : field)
    if (o.party == party && Counts(o)) ++n[static_cast<size_t>(o.cls)];
  return n;
}

}  // namespace

std::vector<StackClass> OverStacked(const FieldContents& field, int party) {
  const std::array<int, kClasses> n = CountByClass(field, party);
  std::vector<StackClass> out;
  for (int c = 0; c < kClasses; ++c)
    if (n[static_cast<size_t>(c)] > 1) out.push_back(static_cast<StackClass>(c));
  return out;
}

bool WithinStackingLimit(const FieldContents& field, int party) {
  return OverStacked(field, party).empty();
}

bool MayEndMoveIn(const FieldContents& field, const Occupant& mover) {
  if (!Counts(mover)) return true;
  return CountByClass(field, mover.party)[static_cast<size_t>(mover.cls)] == 0;
}

StackingState EndOfHalfTurnStacking(const FieldContents& field, int party, bool forced_by_enemy) {
  if (WithinStackingLimit(field, party)) return StackingState::kOk;
  return forced_by_enemy ? StackingState::kCongested : StackingState::kIllegal;
}

bool CongestedClassMayFire(int already_fired_in_class) {
  return already_fired_in_class == 0;
}

std::vector<int> DisplacementCandidates(const FieldContents& field, const Occupant& incoming) {
  std::vector<int> out;
  if (!Counts(incoming)) return out;
  for (size_t i = 0; i < field.size(); ++i) {
    const Occupant& o = field[i];
    if (o.party == incoming.party && Counts(o) && o.cls == incoming.cls)
      out.push_back(static_cast<int>(i));
  }
  return out;
}

int MassedFigureBases(const FieldContents& field, int party) {
  int n = 0;
  for (const Occupant& o : field)
    if (o.party == party && o.cls == StackClass::kFigureBase) ++n;
  return n;
}

Entry EnterEnemyField(EnemyEntry how) {
  return how == EnemyEntry::kMove ? Entry::kClosed : Entry::kEndsMove;
}

bool PassageRestricted(const Board& b, Field from, Field to) {
  if (b.terrain(to) == Terrain::kBridge) return true;
  int dir = -1;
  for (int d = 0; d < 8; ++d)
    if (Step(from, d) == to) dir = d;
  if (dir >= 0 && IsDefileForStep(b, to, dir)) return true;
  return IsRoadStep(b, from, to);
}

Entry PassageEntry(const Board& b, Field from, Field to, const FieldContents& field,
                   int mover_party, bool mover_model, EnemyEntry how) {
  return PassageEntryWith(
      field, mover_party, mover_model, [&] { return PassageRestricted(b, from, to); }, how);
}

EntryRule MakeEntryRule(const Board& b, const std::vector<FieldContents>& fields, int mover_party,
                        bool mover_model) {
  return [&b, &fields, mover_party, mover_model](Field from, Field to) {
    return PassageEntry(b, from, to, fields[static_cast<size_t>(b.index(to))], mover_party,
                        mover_model);
  };
}

}  // namespace feldherr::planspiel
