// Decoding the White Star Rising observation (WsrState::observe = to_json: units as
// [hex, start_hex, flags, mp_spent, sw], control bits per hex) against the static board.
import { dirBetween } from './hex';
import type { Counter, Face, WsrBoard } from './types';

export interface WsrUnit {
  index: number;
  label: string;
  seat: string;
  side: number;
  counter: Counter;
  hex: number; // -1 off the map
  startHex: number;
  flags: number;
  mpSpent: number;
  sw: string | null; // support weapon counter id held
  reduced: boolean;
  mounted: boolean;
  disrupted: boolean;
  opsComplete: boolean;
  outOfCommand: boolean;
  moving: boolean;
  gone: boolean;
  offMap: boolean;
  hq: boolean;
}

export interface HexMarkers {
  controller: number; // seat index, -1 none (WSR 12.2)
  wreck: boolean;
  ip: boolean;
  mine: boolean;
}

export function decodeUnits(obs: any, board: WsrBoard): WsrUnit[] {
  const f = board.unit_flags;
  const rows: number[][] = Array.isArray(obs?.units) ? obs.units : [];
  return board.units.map((u, i) => {
    const [hex, startHex, flags, mpSpent, sw] = rows[i] ?? [-1, -1, f.gone ?? 128, 0, 0];
    const has = (name: string) => (flags & (f[name] ?? 0)) !== 0;
    const swInfo = sw > 0 ? board.sws[sw - 1] : undefined;
    return {
      index: i,
      label: u.label,
      seat: u.seat,
      side: u.side,
      counter: board.counters[u.counter],
      hex,
      startHex,
      flags,
      mpSpent,
      sw: swInfo ? swInfo.counter : null,
      reduced: has('reduced'),
      mounted: has('mounted'),
      disrupted: has('disrupted'),
      opsComplete: has('ops_complete'),
      outOfCommand: has('out_of_command'),
      moving: has('moving'),
      gone: has('gone'),
      offMap: has('off_map'),
      hq: u.hq || u.shq,
    };
  });
}

/** The face up (CounterType::face_for): transport counters by mounted, others full/reduced. */
export function faceOf(c: Counter, mounted: boolean, reduced: boolean): Face {
  const pick = (...names: string[]) => {
    for (const n of names) if (c.faces[n]) return c.faces[n];
    return Object.values(c.faces)[0];
  };
  if (c.transport) {
    const m = mounted ? 'mounted' : 'dismounted';
    return reduced ? pick(`${m}-reduced`, `${m}-full`) : pick(`${m}-full`);
  }
  return reduced ? pick('reduced', 'full') : pick('full');
}

/** Units on the map by hex, in unit order (HQs last so combat units sit on top). */
export function stacks(units: WsrUnit[]): Map<number, WsrUnit[]> {
  const out = new Map<number, WsrUnit[]>();
  for (const u of units) {
    if (u.hex < 0 || u.gone) continue;
    const list = out.get(u.hex) ?? [];
    list.push(u);
    out.set(u.hex, list);
  }
  for (const list of out.values()) list.sort((a, b) => Number(a.hq) - Number(b.hq));
  return out;
}

export function hexMarkers(obs: any, board: WsrBoard, hex: number): HexMarkers {
  const v: number = Array.isArray(obs?.control) ? (obs.control[hex] ?? 0) : 0;
  const b = board.control_bits;
  return {
    controller: (v & (b.controller_mask ?? 3)) - 1,
    wreck: (v & (b.wreck ?? 16)) !== 0,
    ip: (v & (b.ip ?? 32)) !== 0,
    mine: (v & (b.mine ?? 64)) !== 0,
  };
}

/** The printed values of a face in the counter's usual order: "AP 3-4-8 HE 2-5-6 A2/5 MF 6". */
export function faceSummary(face: Face): string {
  const parts: string[] = [];
  const w = (name: string, x: Face['ap']) => {
    if (!x) return;
    parts.push(`${name} ${x.fp}${x.enhanced ? '+' : ''}-${x.to_hit}+${x.range ? '-' + x.range : ''}`);
  };
  w('AP', face.ap);
  w('HE', face.he);
  w('AA', face.aa);
  w('Air', face.air);
  if (face.armor) parts.push(`Arm ${face.armor}/${face.save}+`);
  if (face.assault) parts.push(`Asl ${face.assault.strength}${face.assault.star ? '*' : ''}-${face.assault.to_hit}+`);
  if (face.command_value !== undefined) parts.push(`Cmd ${face.command_value}/${face.command_range}`);
  parts.push(`MF ${face.mf}`);
  return parts.join(' ');
}

/** Fill colour of a terrain id. */
export const TERRAIN_COLOURS: Record<string, string> = {
  clear: '#e8e2c4',
  woods: '#7fa45f',
  city: '#c9b49a',
  'built-up': '#b49e86',
  rough: '#c7b98a',
  hill: '#d9c48f',
  'wooded-hill': '#6b8f4e',
  river: '#8fb8de',
  bridge: '#a9a9a9',
  beach: '#f1e3a6',
  sea: '#5f8fc0',
};

export const SEAT_COLOURS: Record<string, string> = {
  us: '#7d8a4e',
  de: '#5f7a8f',
  uk: '#b08d57',
  orcs: '#6c8e3a',
  elves: '#3c6ea8',
  allies: '#8a6d3b',
  bismark: '#5a5f6b',
};

/**
 * MP the moving stack pays to enter each adjacent hex (WSR 5.0: the board's per-hexside costs,
 * the highest of the stack's units by target class; a wreck in the hex is not included).
 */
export function moveCosts(board: WsrBoard, units: WsrUnit[], targets: string[]): Map<string, number> {
  const out = new Map<string, number>();
  const movers = units.filter((u) => u.moving && u.hex >= 0);
  if (movers.length === 0) return out;
  const from = board.hexes[movers[0].hex];
  for (const id of targets) {
    const to = board.hexes.find((h) => h.id === id);
    if (!to || !from.cost) continue;
    const d = dirBetween(from, to);
    if (d < 0) continue;
    let cost = 0;
    for (const u of movers) {
      const hard = faceOf(u.counter, u.mounted, u.reduced).target === 'hard';
      const c = from.cost[d][hard ? 1 : 0];
      cost = c < 0 || cost < 0 ? -1 : Math.max(cost, c);
    }
    if (cost >= 0) out.set(id, cost);
  }
  return out;
}
