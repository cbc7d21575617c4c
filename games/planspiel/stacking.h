// Planspiel stacking and passage (docs/rules/planspiel.md PS §5): the stacking classes of G-06,
// the stacking limit at the end of a half-turn with its exceptions (massing of figure bases, a
// base with its own carrier, stacking forced by the enemy), congestion and displacement, passage
// through own units on roads, in defiles and on bridges, and enemy-occupied fields (G-07). Pure
// functions over a small description of what stands in a field; the game state will build it.
#pragma once

#include <cstdint>
#include <vector>

#include "games/planspiel/board.h"
#include "games/planspiel/movement.h"
#include "games/planspiel/units.h"

namespace feldherr::planspiel {

// G-06: the classes of "like weapon effect in direct fire". At most one model per class and party
// in a field at the end of a half-turn; figure bases are unlimited (massing).
enum class StackClass : uint8_t {
  kDirectFireGun,   // (a) tanks, assault guns, SP guns, AT guns, infantry and light guns
  kMachineWeapon,   // (b) APCs, MG-armed armoured cars, heavy-MG and AA-MG bases, AA up to 3.4 cm
  kAaGun,           // (c) AA guns from 3.5 cm
  kIndirectFire,    // (d) mortars, rocket launchers, artillery
  kUnarmedVehicle,  // (e) stand-alone unarmed vehicles
  kFigureBase,      // unlimited (massing)
};
const char* stack_class_name(StackClass c);  // "a", "b", "c", "d", "e", "figure_base"

// G-06 for a unit type: figure bases and riders are unlimited; a weapon that fires indirect is (d);
// an unarmed vehicle is (e); a gun with a gun class against armour is (a); any other armed model
// (machine weapons) is (b). No catalogue type is an AA gun, so (c) is never derived.
StackClass StackClassOf(const UnitType& type);

// One unit standing in a field, as the stacking rules see it.
struct Occupant {
  int party = 0;
  StackClass cls = StackClass::kFigureBase;
  // A figure or weapon base standing with its own transport or tow (carried, towed, or dismounted
  // beside it): exempt from the limit (PS §5.1). The carrier itself still counts.
  bool with_own_carrier = false;
  // A vehicle or weapon model (not a pure figure base): bound by the road, defile and bridge
  // passage rule (PS §5.3).
  bool model = false;
};
// What stands in one field.
using FieldContents = std::vector<Occupant>;

// Makes the occupant for a unit of a type.
Occupant OccupantOf(const UnitType& type, int party, bool with_own_carrier = false);

// PS §5.1, G-06: the classes in which `party` has more than one counting model in the field
// (figure bases and bases with their own carrier do not count). Empty: the field is within the
// limit.
std::vector<StackClass> OverStacked(const FieldContents& field, int party);
bool WithinStackingLimit(const FieldContents& field, int party);

// PS §5.1: whether a unit of the party may end its move in the field (its own entry makes no
// class hold two models). A unit that is already counted in `field` must not be passed again.
bool MayEndMoveIn(const FieldContents& field, const Occupant& mover);

// PS §5.4: a field over the limit because of the enemy (a movement counter-move, flight,
// suppression) is congested. Congestion is legal until the owner's next half-turn, which must
// resolve it; an over-limit field that the owner made itself is illegal at once.
enum class StackingState : uint8_t {
  kOk,
  kCongested,  // forced by the enemy: resolve in the owner's next half-turn
  kIllegal,    // over the limit by the owner's own movement
};
StackingState EndOfHalfTurnStacking(const FieldContents& field, int party, bool forced_by_enemy);
// PS §5.4: from a congested field only one unit of each like class may fire. Given how many units
// of the class have fired from the field this half-turn, whether another may.
bool CongestedClassMayFire(int already_fired_in_class);
// PS §5.4: the own units a congestion may displace: every other counting model of the party in
// the field with the incoming unit's class. The displaced unit may join the withdrawal.
std::vector<int> DisplacementCandidates(const FieldContents& field, const Occupant& incoming);

// PS §5.2: figure bases massed in one field: the party's figure bases there (each adds +1 in close
// combat beyond the first, each makes its own casualty roll).
int MassedFigureBases(const FieldContents& field, int party);

// How a unit enters a field that enemy units occupy (G-07).
enum class EnemyEntry : uint8_t {
  kMove,                 // ordinary movement
  kInfantryAssault,      // PS §10.1
  kMountedAttack,        // PS §10.4
  kAntiTankCloseCombat,  // PS §10.5, from movement
  kOverrun,              // PS §10.6
  kAssaultLanding,       // PS §14.3
  kParatrooperLanding,   // PS §15.10
};
// G-07: ordinary movement neither enters nor passes an enemy-occupied field; the six attack
// actions enter it and end the move there.
Entry EnterEnemyField(EnemyEntry how);

// PS §5.3: whether the step from -> to is bound by the passage rule: the target field is a bridge,
// a defile for the step's direction, or the step is a road step (the mover uses the road).
bool PassageRestricted(const Board& b, Field from, Field to);

// PS §5.3, §5.5, G-07: how a mover of `mover_party` enters the field `to` holding `field`:
//   * any enemy unit there: EnterEnemyField(how);
//   * own vehicle or weapon models there and a vehicle or weapon mover (`mover_model`) on a road,
//     in a defile or on a bridge (PassageRestricted): it may not pass, jump or overtake; it may
//     only end its move there;
//   * otherwise free (open terrain: own units never block; pure figure bases are exempt).
// The end field's stacking limit is MayEndMoveIn's business.
Entry PassageEntry(const Board& b, Field from, Field to, const FieldContents& field,
                   int mover_party, bool mover_model, EnemyEntry how = EnemyEntry::kMove);
// PassageEntry with PassageRestricted(b, from, to) given by `restricted()`, asked only when it
// decides (an own model in the field and a model mover).
template <class Restricted>
Entry PassageEntryWith(const FieldContents& field, int mover_party, bool mover_model,
                       Restricted restricted, EnemyEntry how = EnemyEntry::kMove) {
  bool own_model = false;
  for (const Occupant& o : field) {
    if (o.party != mover_party) return EnterEnemyField(how);
    if (o.model) own_model = true;
  }
  if (own_model && mover_model && restricted()) return Entry::kEndsMove;
  return Entry::kFree;
}

// An EntryRule (games/planspiel/movement.h) over a board of field contents (one per field,
// Board::index) for one mover.
EntryRule MakeEntryRule(const Board& b, const std::vector<FieldContents>& fields, int mover_party,
                        bool mover_model);

}  // namespace feldherr::planspiel
