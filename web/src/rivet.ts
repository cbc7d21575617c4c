// Rivet Wars: reading the observation (RivetState::observe) against the static board
// (games/rivet/web_board.cc).
import type { RivetBoard, RivetUnitType } from './types';

export interface RivetUnit {
  label: string; // "u7", as in the action texts
  type?: RivetUnitType;
  plug?: RivetUnitType;
  owner: string;
  seg: string; // segment id ("d4")
  fields: number[]; // 0 NW, 1 NE, 2 SW, 3 SE
  hp: number; // hit points left
  maxHp: number;
  activated: boolean; // combat or movement activation under way or done this turn
  bogged: boolean;
}

export interface RivetPiece {
  kind: string; // "so", "bunker", "wire", "minefield", "tank_trap"
  seg: string;
  field: number;
}

export function rivetUnits(board: RivetBoard, obs: any): RivetUnit[] {
  const f = board.unit_fields;
  const rows: any[] = Array.isArray(obs?.units) ? obs.units : [];
  return rows.map((r) => {
    const type = board.unit_types[r[f.type]];
    const plug = r[f.plug] >= 0 ? board.unit_types[r[f.plug]] : undefined;
    const maxHp = (type?.hp ?? 1) + (plug?.hp ?? 0);
    const mask = Number(r[f.fields]);
    return {
      label: `u${r[f.id]}`,
      type,
      plug,
      owner: board.seats[r[f.owner]] ?? String(r[f.owner]),
      seg: board.segments[r[f.seg]]?.id ?? '?',
      fields: [0, 1, 2, 3].filter((k) => (mask >> k) & 1),
      hp: maxHp - Number(r[f.damage]),
      maxHp,
      activated: Number(r[f.combat]) > 0 || Number(r[f.move]) > 0,
      bogged: !!r[f.bogged],
    };
  });
}

/** Terrain pieces on the board now (obs.terrain rows: type, col, row, field). */
export function rivetPieces(board: RivetBoard, obs: any): RivetPiece[] {
  const rows: any[] = Array.isArray(obs?.terrain) ? obs.terrain : [];
  return rows.map(([type, col, row, field]) => ({
    kind: board.terrain_names[type] ?? '?',
    seg: board.segments[row * board.cols + col]?.id ?? '?',
    field,
  }));
}

/** Who holds each SO's flag: segment id -> seat (obs.flags, in the order of board.sos). */
export function rivetFlags(board: RivetBoard, obs: any): Map<string, string> {
  const out = new Map<string, string>();
  const flags: any[] = Array.isArray(obs?.flags) ? obs.flags : [];
  board.sos.forEach((seg, i) => {
    if (flags[i] >= 0) out.set(seg, board.seats[flags[i]]);
  });
  return out;
}
