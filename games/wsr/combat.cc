// White Star Rising combat resolution (WSR 6.1-6.4, 8.1, 11.2.1, Appendix R). See combat.h and
// docs/wsr-combat.md.
#include "games/wsr/combat.h"

#include <fmt/format.h>

#include <algorithm>
#include <stdexcept>

namespace feldherr::wsr {
namespace {

Legality Illegal(std::string reason, std::string reason_de) {
  return Legality{false, std::move(reason), std::move(reason_de)};
}

void CheckDie(int d) {
  if (d < 1 || d > 6) throw std::invalid_argument(fmt::format("die value {} not in 1..6", d));
}

}  // namespace

const char* RangeBandNameDe(RangeBand b) {
  switch (b) {
    case RangeBand::kShort:
      return "reduzierte";
    case RangeBand::kNormal:
      return "normale";
    case RangeBand::kExtended:
      return "erweiterte";
    case RangeBand::kOutOfRange:
      return "außer";
  }
  return "?";
}

const char* CombatResultWords(CombatResult r) {
  return r == CombatResult::kNoEffect ? "no effect" : CombatResultName(r);
}

const char* CombatResultWordsDe(CombatResult r) {
  switch (r) {
    case CombatResult::kNoEffect:
      return "keine Wirkung";
    case CombatResult::kDisrupted:
      return "zerschlagen";
    case CombatResult::kReduced:
      return "reduziert";
    case CombatResult::kEliminated:
      return "eliminiert";
  }
  return "?";
}

const char* AssaultOutcomeWords(AssaultOutcome o) {
  switch (o) {
    case AssaultOutcome::kDefendersEliminated:
      return "defenders eliminated";
    case AssaultOutcome::kDefendersRetreat:
      return "defenders retreat";
    case AssaultOutcome::kAttackersReturn:
      return "attackers return";
    case AssaultOutcome::kOverrunContinues:
      return "overrun continues";
    case AssaultOutcome::kOverrunReturns:
      return "overrun returns";
  }
  return "?";
}

const char* AssaultOutcomeWordsDe(AssaultOutcome o) {
  switch (o) {
    case AssaultOutcome::kDefendersEliminated:
      return "Verteidiger eliminiert";
    case AssaultOutcome::kDefendersRetreat:
      return "Verteidiger ziehen sich zurück";
    case AssaultOutcome::kAttackersReturn:
      return "Angreifer kehren zurück";
    case AssaultOutcome::kOverrunContinues:
      return "das Überrennen geht weiter";
    case AssaultOutcome::kOverrunReturns:
      return "die Überrennenden kehren zurück";
  }
  return "?";
}

const char* RangeBandName(RangeBand b) {
  switch (b) {
    case RangeBand::kShort:
      return "short";
    case RangeBand::kNormal:
      return "normal";
    case RangeBand::kExtended:
      return "extended";
    case RangeBand::kOutOfRange:
      return "out-of-range";
  }
  return "?";
}

bool RangeBandFromName(std::string_view name, RangeBand* out) {
  for (RangeBand b :
       {RangeBand::kShort, RangeBand::kNormal, RangeBand::kExtended, RangeBand::kOutOfRange}) {
    if (name == RangeBandName(b)) {
      *out = b;
      return true;
    }
  }
  return false;
}

RangeBand BandOf(int distance, int range, bool underlined) {
  if (distance < 1) return RangeBand::kOutOfRange;
  if (underlined) return distance <= range ? RangeBand::kNormal : RangeBand::kOutOfRange;
  if (distance <= range / 2) return RangeBand::kShort;  // WSR 6.1.2: half, rounded down
  if (distance <= range) return RangeBand::kNormal;
  if (distance <= 2 * range) return RangeBand::kExtended;  // WSR 6.1.1
  return RangeBand::kOutOfRange;
}

// ---------------------------------------------------------------------------------------------
// Fire combat.

namespace {

FireParams Compute(const FireInput& in, RangeBand band, int distance) {
  FireParams p;
  p.band = band;
  const FireWeapon& w = in.weapon;
  if (w.firepower <= 0) {
    const bool hard = in.target == TargetClass::kHard;
    p.legality = Illegal(hard ? "WSR 6.1: the unit has no AP firepower to attack a hard target"
                              : "WSR 6.1: the unit has no HE firepower to attack a soft target",
                         hard ? "WSR 6.1: die Einheit hat keine panzerbrechende Feuerstärke, um "
                                "ein hartes Ziel anzugreifen"
                              : "WSR 6.1: die Einheit hat keine Feuerstärke mit Sprenggranaten, "
                                "um ein weiches Ziel anzugreifen");
    return p;
  }
  if (in.target == TargetClass::kAircraft && !in.mortar && !in.aa_at_aircraft) {
    p.legality = Illegal("WSR 11.3.1: aircraft are attacked only by AA fire",
                         "WSR 11.3.1: Flugzeuge werden nur von Flak-Feuer angegriffen");
    return p;
  }
  const int range = w.range + in.sw_range;  // R.1: HMG +1 range (A-10: HE only, caller decides)
  int dice = w.firepower + in.sw_dice;      // R.1: HMG +1 firepower
  int to_hit = w.to_hit;
  if (in.aa_at_hard_target) {
    if (in.target != TargetClass::kHard) {
      p.legality = Illegal(
          "WSR 11.1: AA firepower may be used against aircraft and hard targets only (a soft "
          "target is attacked with HE)",
          "WSR 11.1: Flak-Feuerstärke darf nur gegen Flugzeuge und harte Ziele eingesetzt werden "
          "(ein weiches Ziel wird mit Sprenggranaten angegriffen)");
      return p;
    }
    to_hit = 6;  // WSR 11.1
    if (band == RangeBand::kExtended) {
      p.legality = Illegal(
          "WSR 11.1: AA firepower may be used against hard targets up to normal range only",
          "WSR 11.1: Flak-Feuerstärke darf gegen harte Ziele nur bis zur normalen Reichweite "
          "eingesetzt werden");
      return p;
    }
  }
  switch (band) {
    case RangeBand::kOutOfRange:
      if (distance < 1) {
        p.legality = Illegal("WSR 6.1: the target must be in another hex (distance >= 1)",
                             "WSR 6.1: das Ziel muss in einem anderen Feld sein (Entfernung >= 1)");
      } else if (w.underlined) {
        p.legality = Illegal(
            fmt::format(
                "WSR 6.1.3: underlined range {} may not fire beyond its printed range ({} hexes)",
                range, distance),
            fmt::format("WSR 6.1.3: die unterstrichene Reichweite {} darf nicht über ihre "
                        "aufgedruckte Reichweite hinaus feuern ({} Felder)",
                        range, distance));
      } else {
        p.legality =
            Illegal(fmt::format("WSR 6.1.1: {} hexes is beyond twice the range {} (maximum {})",
                                distance, range, 2 * range),
                    fmt::format("WSR 6.1.1: {} Felder liegen jenseits der doppelten Reichweite {} "
                                "(höchstens {})",
                                distance, range, 2 * range));
      }
      return p;
    case RangeBand::kShort:
      // WSR 6.1.2: to-hit -1 at <= half the printed range (rounded down); never underlined.
      if (w.underlined) {
        p.legality = Illegal("WSR 6.1.3: an underlined range gets no short-range bonus",
                             "WSR 6.1.3: eine unterstrichene Reichweite erhält keinen Bonus für "
                             "reduzierte Reichweite");
        return p;
      }
      if (range / 2 < 1) {
        p.legality = Illegal(
            fmt::format("WSR 6.1.2: range {} has no short range (half the range rounds down to 0)",
                        range),
            fmt::format("WSR 6.1.2: Reichweite {} hat keine reduzierte Reichweite (die halbe "
                        "Reichweite wird auf 0 abgerundet)",
                        range));
        return p;
      }
      to_hit -= 1;
      break;
    case RangeBand::kNormal:
      break;
    case RangeBand::kExtended:
      if (w.underlined) {
        p.legality = Illegal("WSR 6.1.3: an underlined range may not fire at extended range",
                             "WSR 6.1.3: eine unterstrichene Reichweite darf nicht auf erweiterte "
                             "Reichweite feuern");
        return p;
      }
      if (w.to_hit >= 6) {
        // WSR 6.1.1: unmodified to-hit 6: firepower -1 instead of to-hit +1.
        dice -= 1;
        if (dice < 1) {
          p.legality =
              Illegal("WSR 6.1.1: firepower 1 with to-hit 6 cannot fire at extended range",
                      "WSR 6.1.1: Feuerstärke 1 mit Trefferzahl 6 kann nicht auf erweiterte "
                      "Reichweite feuern");
          return p;
        }
      } else {
        to_hit += 1;
      }
      break;
  }
  to_hit += in.to_hit_modifier;
  if (to_hit > 6) {
    // [REC] A-09: every point above 6 becomes -1 firepower; the to-hit stays 6.
    dice -= to_hit - 6;
    to_hit = 6;
    if (dice < 1) {
      p.legality =
          Illegal("WSR 6.1.1 (A-09): a to-hit above 6 costs one die per point and no die is left",
                  "WSR 6.1.1 (A-09): eine Trefferzahl über 6 kostet einen Würfel pro Punkt, und "
                  "kein Würfel ist übrig");
      return p;
    }
  }
  to_hit = std::max(to_hit, 1);  // [REC] A-09: a to-hit below 1 is treated as 1
  const int own = dice - in.sw_dice;
  dice += in.hq_dice + in.extra_dice;
  // WSR 6.1.4: the "+" adds one die; [REC] A-11: the cap is all dice rolled - 1 (HQ, SW and
  // bonus dice raise it; the "+" die never adds a hit). Alternative: the unit's own value.
  p.hit_cap = w.enhanced && !in.rules.enhanced_cap_all_dice ? std::max(own, 0) : dice;
  p.dice = dice + (w.enhanced ? 1 : 0);
  p.to_hit = to_hit;
  // WSR 8.1: the IP cancels the first hit before the defence roll ([REC] A-22: mortar fire too).
  p.ip_cancels = in.improved_position ? 1 : 0;
  if (in.mortar) {
    // WSR 6.1 mortars / R.2: soft-target terrain dice + 1 if a hard target is in the hex; 5-6
    // cancels; [REC] A-08: no concealment die.
    p.defence_dice = std::max(0, in.terrain_dice) + (in.hex_has_hard_target ? 1 : 0);
    p.save = 5;
  } else if (in.target == TargetClass::kAircraft) {
    // WSR 11.3.1 step 3: the aircraft rolls its armor value; each die >= its save number
    // cancels one AA hit (G-9: the save number of the counter data).
    p.defence_dice = std::max(0, in.armor);
    p.save = in.save;
  } else if (in.target == TargetClass::kHard) {
    // WSR 6.1 / 6.1.6: armor + terrain + concealment, the bonus capped at 2.
    p.defence_dice =
        std::max(0, in.armor) + std::min(2, std::max(0, in.terrain_dice) + (in.concealed ? 1 : 0));
    p.save = in.save;
    if (p.defence_dice > 0 && (p.save < 1 || p.save > 6)) {
      p.legality = Illegal(
          fmt::format("WSR 6.1: a hard target needs a save number 1..6, got {}", p.save),
          fmt::format("WSR 6.1: ein hartes Ziel braucht eine Schutzzahl 1..6, nicht {}", p.save));
      return p;
    }
  } else {
    // WSR 6.1 / 6.1.6: soft target: terrain + concealment, no cap; each 5 or 6 cancels.
    p.defence_dice = std::max(0, in.terrain_dice) + (in.concealed ? 1 : 0);
    p.save = 5;
  }
  return p;
}

}  // namespace

FireParams ComputeFire(const FireInput& in) {
  const int range = in.weapon.range + in.sw_range;
  return Compute(in, BandOf(in.distance, range, in.weapon.underlined), in.distance);
}

FireParams ComputeFireAtBand(const FireInput& in, RangeBand band) {
  const int range = in.weapon.range + in.sw_range;
  int distance = range;
  if (band == RangeBand::kShort) distance = std::max(1, range / 2);
  if (band == RangeBand::kExtended) distance = range + 1;
  if (band == RangeBand::kOutOfRange) distance = 2 * range + 1;
  return Compute(in, band, distance);
}

int CountHits(std::span<const int> dice, int to_hit, int cap) {
  int hits = 0;
  for (int d : dice) {
    CheckDie(d);
    if (d >= to_hit) ++hits;
  }
  return std::min(hits, std::max(cap, 0));
}

int CountCancels(std::span<const int> dice, int save) {
  int n = 0;
  for (int d : dice) {
    CheckDie(d);
    if (d >= save) ++n;
  }
  return n;
}

FireOutcome ResolveFire(const FireParams& p, std::span<const int> attack,
                        std::span<const int> defence) {
  if (!p.legality) throw std::invalid_argument("ResolveFire: illegal attack: " + p.legality.reason);
  if (static_cast<int>(attack.size()) != p.dice) {
    throw std::invalid_argument(
        fmt::format("ResolveFire: {} attack dice given, {} to roll", attack.size(), p.dice));
  }
  if (static_cast<int>(defence.size()) != p.defence_dice) {
    throw std::invalid_argument(fmt::format("ResolveFire: {} defence dice given, {} to roll",
                                            defence.size(), p.defence_dice));
  }
  FireOutcome o;
  o.hits = CountHits(attack, p.to_hit, p.hit_cap);
  o.ip_cancelled = std::min(o.hits, p.ip_cancels);
  const int left = o.hits - o.ip_cancelled;
  o.cancelled = std::min(left, CountCancels(defence, p.save));
  o.net_hits = left - o.cancelled;
  return o;
}

// ---------------------------------------------------------------------------------------------
// Results.

const char* CombatResultName(CombatResult r) {
  switch (r) {
    case CombatResult::kNoEffect:
      return "no-effect";
    case CombatResult::kDisrupted:
      return "disrupted";
    case CombatResult::kReduced:
      return "reduced";
    case CombatResult::kEliminated:
      return "eliminated";
  }
  return "?";
}

HitsApplied ApplyHits(const UnitState& before, int hits) {
  HitsApplied r;
  r.after = before;
  UnitState& u = r.after;
  for (int i = 0; i < hits && !u.eliminated; ++i) {
    if (!u.disrupted) {
      u.disrupted = true;  // WSR 6.1.7: the first hit on a good-order unit disrupts it
    } else if (!u.reduced && !u.single_step) {
      u.reduced = true;  // full -> reduced face, stays disrupted
      ++r.steps_lost;
    } else {
      u.eliminated = true;  // reduced or single-step -> eliminated
      ++r.steps_lost;
    }
  }
  if (u.eliminated && !before.eliminated) {
    r.result = CombatResult::kEliminated;
  } else if (r.steps_lost > 0) {
    r.result = CombatResult::kReduced;
  } else if (u.disrupted && !before.disrupted) {
    r.result = CombatResult::kDisrupted;
  } else {
    r.result = CombatResult::kNoEffect;
  }
  return r;
}

bool OpportunityFireEndsMove(const HitsApplied& r) {
  return !r.after.eliminated && r.after.disrupted;
}

bool WreckEligible(const WreckInput& w) {
  return w.hard_target_face || w.transport_counter || w.vehicle_hq || w.aa_unit || w.wreck_back;
}

bool PlacesWreck(const WreckInput& w) {
  return WreckEligible(w) && !w.hex_has_wreck;
}

bool Concealed(const ConcealInput& c) {
  // WSR 6.1.5, [REC] A-06: wreck/IP conceal any unit; terrain conceals infantry-type units only.
  const bool cover =
      c.hex_has_wreck || c.hex_has_ip || (c.infantry_type && c.terrain_conceals_infantry);
  return cover && !c.ops_complete && !c.moving && !c.adjacent_good_order_enemy &&
         !c.spotted_by_recon;
}

// ---------------------------------------------------------------------------------------------
// Even allocation and hex attacks.

std::vector<int> AllocateEven(int hits, int units, std::span<const int> odd_recipients) {
  if (units < 1) throw std::invalid_argument("AllocateEven: no unit to take hits");
  if (hits < 0) throw std::invalid_argument("AllocateEven: negative hits");
  std::vector<int> out(static_cast<size_t>(units), hits / units);
  const int odd = hits % units;
  if (static_cast<int>(odd_recipients.size()) != odd) {
    throw std::invalid_argument(
        fmt::format("AllocateEven: {} hits on {} units leave {} odd hits, {} recipients given",
                    hits, units, odd, odd_recipients.size()));
  }
  for (int i : odd_recipients) {
    if (i < 0 || i >= units || out[static_cast<size_t>(i)] != hits / units) {
      throw std::invalid_argument("AllocateEven: odd-hit recipients must be distinct units");
    }
    ++out[static_cast<size_t>(i)];
  }
  return out;
}

HexAttackOutcome ResolveHexAttack(const FireParams& p, std::span<const int> attack,
                                  std::span<const int> defence, std::span<const UnitState> units,
                                  std::span<const int> odd_recipients) {
  HexAttackOutcome o;
  o.fire = ResolveFire(p, attack, defence);
  o.hits_per_unit = AllocateEven(o.fire.net_hits, static_cast<int>(units.size()), odd_recipients);
  for (size_t i = 0; i < units.size(); ++i)
    o.results.push_back(ApplyHits(units[i], o.hits_per_unit[i]));
  return o;
}

// ---------------------------------------------------------------------------------------------
// HQ loss check.

bool HqLossCheckNeeded(const HqLossInput& in) {
  return !in.all_units_eliminated && (in.any_unit_disrupted_or_reduced || in.any_unit_eliminated);
}

HqLoss HqLossCheck(const HqLossInput& in, int die) {
  if (in.all_units_eliminated) return HqLoss::kEliminated;  // WSR 1.3.2.2: no roll
  if (!HqLossCheckNeeded(in)) return HqLoss::kNone;
  CheckDie(die);
  const int result = die - (in.any_unit_eliminated ? 2 : 0);
  if (result > 1) return HqLoss::kNone;
  // [REC] A-04: an SHQ (single step) is eliminated.
  return in.hq_reduced || in.hq_single_step ? HqLoss::kEliminated : HqLoss::kReduced;
}

// ---------------------------------------------------------------------------------------------
// Assault and overrun.

const char* AssaultOutcomeName(AssaultOutcome o) {
  switch (o) {
    case AssaultOutcome::kDefendersEliminated:
      return "defenders-eliminated";
    case AssaultOutcome::kDefendersRetreat:
      return "defenders-retreat";
    case AssaultOutcome::kAttackersReturn:
      return "attackers-return";
    case AssaultOutcome::kOverrunContinues:
      return "overrun-continues";
    case AssaultOutcome::kOverrunReturns:
      return "overrun-returns";
  }
  return "?";
}

namespace {

bool AllArmored(const std::vector<AssaultUnit>& side) {
  return !side.empty() && std::all_of(side.begin(), side.end(),
                                      [](const AssaultUnit& u) { return u.armored_vehicle; });
}

AssaultRoll RollOf(const AssaultUnit& u, bool attacker, const AssaultInput& in,
                   bool enemy_all_armored) {
  AssaultRoll r;
  if (u.strength <= 0) return r;  // WSR 6.3: no assault strength, no attack or counter-attack
  r.rolls = true;
  int strength = u.strength;
  int to_hit = u.to_hit;
  if (!attacker && u.disrupted) {
    to_hit = 6;  // WSR 6.3 step 3, 6.1.7; [REC] A-16 in an overrun too
  } else if (u.infantry_type && !u.disrupted && enemy_all_armored) {
    // WSR 6.3.1: infantry against armored vehicles only: to-hit -1; 6.3.1.1 in a city also
    // strength +1 ([REC] A-15: -1 in total, not -2).
    to_hit -= 1;
    if (in.city && !in.overrun) {
      strength += 1;
      if (in.rules.city_bonus_cumulative) to_hit -= 1;  // A-15 alternative: -2 in total
    }
  }
  if (attacker && in.overrun) strength *= 3;  // WSR 6.4: triple ([REC] A-16: HQ added after)
  const int dice = strength + u.hq_dice + u.extra_dice;
  r.to_hit = std::clamp(to_hit, 1, 6);
  // WSR 6.1.4 / [REC] A-11 (alternative: the unit's own, bonus-free strength).
  r.hit_cap = u.enhanced && !in.rules.enhanced_cap_all_dice ? strength : dice;
  r.dice = dice + (u.enhanced ? 1 : 0);
  return r;
}

}  // namespace

AssaultParams ComputeAssault(const AssaultInput& in) {
  AssaultParams p;
  const char* what = in.overrun ? "WSR 6.4" : "WSR 6.3";
  if (in.attackers.empty() || in.defenders.empty()) {
    p.legality =
        Illegal(fmt::format("{}: an assault needs attackers and defenders", what),
                fmt::format("{}: ein Sturmangriff braucht Angreifer und Verteidiger", what));
    return p;
  }
  if (in.attackers.size() > 2 || in.defenders.size() > 2) {
    p.legality =
        Illegal(fmt::format("{}: at most 2 units per side in the hex (stacking 1.4)", what),
                fmt::format("{}: höchstens 2 Einheiten pro Seite im Feld (Stapeln 1.4)", what));
    return p;
  }
  for (const auto* side : {&in.attackers, &in.defenders}) {
    int supported = 0;
    for (const AssaultUnit& u : *side) supported += u.hq_dice > 0 ? 1 : 0;
    if (supported > 1) {
      p.legality = Illegal(
          fmt::format(
              "{}: an HQ adds its command value to one unit of its side only (WSR 6.3 step 1, "
              "A-02)",
              what),
          fmt::format("{}: ein HQ addiert seinen Befehlswert nur zu einer Einheit seiner Seite "
                      "(WSR 6.3 Schritt 1, A-02)",
                      what));
      return p;
    }
  }
  for (const AssaultUnit& u : in.attackers) {
    if (u.strength <= 0) {
      p.legality = Illegal(
          fmt::format("{}: a unit without assault strength may not attack", what),
          fmt::format("{}: eine Einheit ohne Sturmangriffsstärke darf nicht angreifen", what));
      return p;
    }
    if (u.disrupted) {
      p.legality =
          Illegal(fmt::format("{}: disrupted units may not assault or overrun (6.1.7, A-13)", what),
                  fmt::format("{}: zerschlagene Einheiten dürfen weder stürmen noch überrennen "
                              "(6.1.7, A-13)",
                              what));
      return p;
    }
    if (u.star && !in.overrun) {
      p.legality = Illegal(
          "WSR 6.3: a unit with a star after its assault to-hit may not "
          "initiate an assault",
          "WSR 6.3: eine Einheit mit einem Stern hinter ihrer Sturmangriffs-Trefferzahl darf "
          "keinen Sturmangriff beginnen");
      return p;
    }
    if (in.overrun && !u.armored_vehicle) {
      p.legality = Illegal("WSR 6.4: only armored vehicles may overrun",
                           "WSR 6.4: nur gepanzerte Fahrzeuge dürfen überrennen");
      return p;
    }
  }
  if (in.overrun) {
    for (const AssaultUnit& u : in.defenders) {
      if (u.hq_dice > 0 || u.extra_dice > 0) {
        // Reading (German text "nicht-modifizierte Sturmangriffs-Stärke"): the counter-attack
        // uses the printed strength, so no HQ or bonus dice for the overrun defenders.
        p.legality =
            Illegal("WSR 6.4: the defenders counter-attack with their unmodified assault strength",
                    "WSR 6.4: die Verteidiger greifen mit ihrer nicht-modifizierten "
                    "Sturmangriffs-Stärke zurück an");
        return p;
      }
    }
    if (!in.clear_or_hill) {
      p.legality = Illegal("WSR 6.4: overrun only into a clear or hill hex",
                           "WSR 6.4: Überrennen nur in ein Feld mit offenem Gelände oder Hügel");
      return p;
    }
    for (const AssaultUnit& u : in.defenders) {
      if (u.armored_vehicle) {
        p.legality =
            Illegal("WSR 6.4 (A-16): overrun only against hexes holding soft targets only",
                    "WSR 6.4 (A-16): Überrennen nur gegen Felder, die nur weiche Ziele enthalten");
        return p;
      }
    }
  }
  const bool defenders_armored = AllArmored(in.defenders);
  const bool attackers_armored = AllArmored(in.attackers);
  for (const AssaultUnit& u : in.attackers) {
    p.attackers.push_back(RollOf(u, true, in, defenders_armored));
  }
  for (const AssaultUnit& u : in.defenders) {
    p.defenders.push_back(RollOf(u, false, in, attackers_armored));
  }
  // WSR 8.1, [REC]: an IP cancels the first hit on the defending side only.
  p.ip_cancels = in.improved_position ? 1 : 0;
  return p;
}

AssaultOutcome DecideAssaultOutcome(bool overrun, int defenders_take, int attackers_take,
                                    bool all_defenders_eliminated,
                                    bool any_attacker_disrupted_or_reduced) {
  if (overrun) {
    // WSR 6.4: disrupted or reduced vehicles return to their origin hex; [REC] A-16: defenders
    // never retreat.
    return any_attacker_disrupted_or_reduced ? AssaultOutcome::kOverrunReturns
                                             : AssaultOutcome::kOverrunContinues;
  }
  // WSR 6.3 step 6; [REC] A-14: hits compared after the IP.
  if (all_defenders_eliminated) return AssaultOutcome::kDefendersEliminated;
  if (defenders_take > attackers_take) return AssaultOutcome::kDefendersRetreat;
  return AssaultOutcome::kAttackersReturn;
}

AssaultExchange ResolveAssault(const AssaultInput& in, const AssaultParams& p,
                               std::span<const std::vector<int>> attacker_dice,
                               std::span<const std::vector<int>> defender_dice,
                               std::span<const int> attacker_odd_recipients,
                               std::span<const int> defender_odd_recipients) {
  if (!p.legality) throw std::invalid_argument("ResolveAssault: illegal: " + p.legality.reason);
  auto roll_side = [](const std::vector<AssaultRoll>& rolls, std::span<const std::vector<int>> dice,
                      const char* side) {
    if (dice.size() != rolls.size()) {
      throw std::invalid_argument(
          fmt::format("ResolveAssault: {} dice lists for {} {}", dice.size(), rolls.size(), side));
    }
    int hits = 0;
    for (size_t i = 0; i < rolls.size(); ++i) {
      const int want = rolls[i].rolls ? rolls[i].dice : 0;
      if (static_cast<int>(dice[i].size()) != want) {
        throw std::invalid_argument(
            fmt::format("ResolveAssault: {} unit {}: {} dice given, {} "
                        "to roll",
                        side, i, dice[i].size(), want));
      }
      hits += CountHits(dice[i], rolls[i].to_hit, rolls[i].hit_cap);
    }
    return hits;
  };
  AssaultExchange x;
  // WSR 6.3 steps 2-3 / 6.4: both sides roll before any hit is applied (R.4).
  x.hits_by_attackers = roll_side(p.attackers, attacker_dice, "attackers");
  x.hits_by_defenders = roll_side(p.defenders, defender_dice, "defenders");
  x.defenders_take = std::max(0, x.hits_by_attackers - p.ip_cancels);
  x.attackers_take = x.hits_by_defenders;
  // WSR 6.3 step 4 / 6.4: even distribution, the odd hit at random (input).
  x.attacker_hits = AllocateEven(x.attackers_take, static_cast<int>(in.attackers.size()),
                                 attacker_odd_recipients);
  x.defender_hits = AllocateEven(x.defenders_take, static_cast<int>(in.defenders.size()),
                                 defender_odd_recipients);
  bool all_def_elim = true;
  bool att_hurt = false;
  for (size_t i = 0; i < in.attackers.size(); ++i) {
    x.attacker_results.push_back(ApplyHits(in.attackers[i].state, x.attacker_hits[i]));
    att_hurt = att_hurt || x.attacker_results.back().result != CombatResult::kNoEffect;
  }
  for (size_t i = 0; i < in.defenders.size(); ++i) {
    x.defender_results.push_back(ApplyHits(in.defenders[i].state, x.defender_hits[i]));
    all_def_elim = all_def_elim && x.defender_results.back().after.eliminated;
  }
  // [REC] A-14: compare the hits taken after the IP (alternative: the hits scored).
  x.outcome = DecideAssaultOutcome(
      in.overrun, in.rules.compare_hits_after_ip ? x.defenders_take : x.hits_by_attackers,
      x.attackers_take, all_def_elim, att_hurt);
  for (size_t i = 0; i < in.defenders.size(); ++i) {
    const bool alive = !x.defender_results[i].after.eliminated;
    // WSR 6.3: survivors retreat when the defenders lost; [REC] A-14: a unit without assault
    // strength always retreats if it survives. [REC] A-16: never in an overrun.
    x.defender_must_retreat.push_back(
        !in.overrun && alive &&
        (x.outcome == AssaultOutcome::kDefendersRetreat || in.defenders[i].strength <= 0));
  }
  return x;
}

// ---------------------------------------------------------------------------------------------
// Convenience from the data model.

FireInput MakeFireInput(const CounterType& firer, const CounterType& target,
                        const TerrainType& terrain, const FireSituation& s) {
  const Face& ff = firer.face_for(s.firer_mounted, s.firer_reduced);
  const Face& tf = target.face_for(s.target_mounted, s.target_reduced);
  FireInput in;
  in.target = tf.target_class();
  const bool hard = in.target == TargetClass::kHard;
  // WSR 11.1: an AA unit may use its blue AA firepower against a hard target (ComputeFire: to-hit
  // 6, normal range at most; refused against a soft target).
  const Weapon& w = s.aa_weapon ? ff.aa : hard ? ff.ap : ff.he;
  in.weapon = FireWeapon{w.fp, w.to_hit, w.range, w.underlined, w.enhanced};
  in.aa_at_hard_target = s.aa_weapon;
  if (s.support_weapon != nullptr && !s.firer_mounted &&
      !s.aa_weapon) {  // [REC] A-10: no SW fire mounted
    if (hard) {
      // WSR 1.3.4.3: AT weapon makes the AP firepower enhanced ([REC] A-10: no second "+").
      in.weapon.enhanced = in.weapon.enhanced || s.support_weapon->ap_enhanced;
    } else {
      in.sw_dice = s.support_weapon->he_bonus;  // [REC] A-10: HMG bonuses on HE only
      in.sw_range = s.support_weapon->range_bonus;
    }
  }
  in.distance = s.distance;
  in.hq_dice = s.hq_dice;
  in.extra_dice = s.extra_dice;
  in.to_hit_modifier = s.to_hit_modifier;
  in.armor = tf.armor;
  in.save = tf.save;
  in.terrain_dice = terrain.defence(hard);
  in.concealed = s.concealed;
  in.improved_position = s.improved_position;
  return in;
}

FireInput MakeMortarInput(const CounterType& mortar, bool reduced, const TerrainType& terrain,
                          int distance, bool hex_has_hard_target, bool improved_position) {
  const Face& f = mortar.face_for(/*mounted=*/false, reduced);
  FireInput in;
  in.mortar = true;
  in.weapon = FireWeapon{f.he.fp, f.he.to_hit, f.he.range, f.he.underlined, f.he.enhanced};
  in.distance = distance;
  in.terrain_dice = terrain.defence_soft;
  in.hex_has_hard_target = hex_has_hard_target;
  in.improved_position = improved_position;
  return in;
}

AssaultUnit MakeAssaultUnit(const CounterType& c, bool mounted, const UnitState& state,
                            int hq_dice) {
  const Face& f = c.face_for(mounted, state.reduced);
  AssaultUnit u;
  u.strength = f.assault.strength;
  u.to_hit = f.assault.to_hit;
  u.star = f.assault.star;
  u.enhanced = f.assault.enhanced;
  u.armored_vehicle = f.target_class() == TargetClass::kHard;
  u.infantry_type = c.infantry_type() && !u.armored_vehicle;
  u.disrupted = state.disrupted;
  u.hq_dice = hq_dice;
  u.state = state;
  u.state.single_step = u.state.single_step || c.steps <= 1;
  return u;
}

}  // namespace feldherr::wsr
