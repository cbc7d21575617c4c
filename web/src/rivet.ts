// Rivet Wars: reading the observation (RivetState::observe, games/rivet/observation.cc: named
// fields) against the static board (games/rivet/web_board.cc: unit types by id).
import type { RivetBoard, RivetObservation, RivetObservedUnit, RivetUnitType } from './types';

export interface RivetUnit {
  label: string; // "u7", as in the action texts
  type?: RivetUnitType;
  plug?: RivetUnitType;
  owner: string;
  seg: string; // segment id ("d4")
  fields: string[]; // field names ("NW", "NE", "SW", "SE")
  hp: number; // hit points left
  maxHp: number;
  activated: boolean; // combat or movement activation under way or done this turn
  bogged: boolean;
}

export interface RivetPiece {
  kind: string; // "so", "bunker", "wire", "minefield", "tank_trap"
  seg: string;
  field: string; // "NW" ...
}

/** The observation's units, their type and plug joined with the board's unit types by id. */
export function rivetUnits(board: RivetBoard, obs: Partial<RivetObservation> | null | undefined): RivetUnit[] {
  const types = new Map(board.unit_types.map((t) => [t.id, t]));
  const units: RivetObservedUnit[] = Array.isArray(obs?.units) ? obs.units : [];
  return units.map((u) => ({
    label: u.label,
    type: types.get(u.type),
    plug: u.plug === null ? undefined : types.get(u.plug),
    owner: u.owner,
    seg: u.seg,
    fields: Array.isArray(u.fields) ? u.fields : [],
    hp: u.hp,
    maxHp: u.max_hp,
    activated: !!u.activated,
    bogged: !!u.bogged,
  }));
}

/** Terrain pieces on the board now (obs.terrain: {kind, seg, field}). */
export function rivetPieces(obs: Partial<RivetObservation> | null | undefined): RivetPiece[] {
  const pieces = Array.isArray(obs?.terrain) ? obs.terrain : [];
  return pieces.map((p) => ({ kind: p.kind, seg: p.seg, field: p.field }));
}

/** Who holds each SO's flag: segment id -> side (obs.flags; SOs without a flag are left out). */
export function rivetFlags(obs: Partial<RivetObservation> | null | undefined): Map<string, string> {
  const out = new Map<string, string>();
  for (const [seg, side] of Object.entries(obs?.flags ?? {})) if (side) out.set(seg, side);
  return out;
}
