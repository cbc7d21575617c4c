// Reading the White Star Rising observation (WsrState::observe, games/wsr/observation.cc: named
// fields, units by label, hexes by the map's hex id, each unit with the face it shows) against the
// static board (games/wsr/board.cc), which gives the hexes' positions and the counters' names.
import type { Counter, Face, WsrBoard, WsrObservation } from './types';
import type { Point } from './hex';
import { lang, said, type Lang } from './i18n';

export interface WsrUnit {
  index: number;
  label: string;
  seat: string;
  side: number;
  formation: string;
  counter: Counter;
  face: Face; // the face up with its printed values (CounterType::face_for)
  hex: number; // index into board.hexes, -1 off the map
  hexId: string | null;
  startHex: number; // index into board.hexes at the start of the impulse, -1 none
  mpSpent: number;
  sw: string | null; // support weapon counter id held
  reduced: boolean;
  mounted: boolean;
  disrupted: boolean;
  opsComplete: boolean;
  outOfCommand: boolean;
  moving: boolean;
  moved: boolean;
  gone: boolean;
  offMap: boolean;
  hq: boolean;
  carriedBy: string | null; // WSR 5.2: the label of the carrier it rides in
}

export interface HexMarkers {
  controller: number; // seat index, -1 none (WSR 12.2)
  wreck: boolean;
  ip: boolean;
  mine: boolean;
  smoke: number; // WSR 11.2.2: 2 or 1 (Smoke 2 / Smoke 1), 0 none
  barrage: boolean; // WSR 11.2.1: the Barrage marker of the strike being resolved
  aircraft: string[]; // WSR 11.3: the aircraft over the hex (its target hex)
  exitSeats: string[]; // G-12: the seats whose units may leave the map here
  boundary: boolean; // WSR-A6: a hex of the red boundary line
  destroyedBridge: boolean; // WSR-A12: a destroyed bridge (a river hex now)
}

const hexIndexes = new WeakMap<WsrBoard, Map<string, number>>();

/** The index into board.hexes of a hex id, -1 for null or an id not on the board. */
export function hexIndex(board: WsrBoard, id: string | null | undefined): number {
  if (!id) return -1;
  let m = hexIndexes.get(board);
  if (!m) {
    m = new Map(board.hexes.map((h) => [h.id, h.i]));
    hexIndexes.set(board, m);
  }
  return m.get(id) ?? -1;
}

/** The observation's units joined with the board's hexes and counters. */
export function observedUnits(obs: WsrObservation | null | undefined, board: WsrBoard): WsrUnit[] {
  const rows = Array.isArray(obs?.units) ? obs.units : [];
  return rows.map((u, i) => {
    const counter = board.counters[u.counter];
    return {
      index: i,
      label: u.label,
      seat: u.seat,
      side: board.seats.indexOf(u.seat),
      formation: u.formation,
      counter,
      face: u.face,
      hex: hexIndex(board, u.hex),
      hexId: u.hex,
      startHex: hexIndex(board, u.start_hex),
      mpSpent: u.mp_spent,
      sw: u.sw,
      reduced: u.reduced,
      mounted: u.mounted,
      disrupted: u.disrupted,
      opsComplete: u.ops_complete,
      outOfCommand: u.out_of_command,
      moving: u.moving,
      moved: u.moved,
      gone: u.gone,
      offMap: u.off_map,
      hq: u.hq,
      carriedBy: u.carried_by ?? null,
    };
  });
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

/** Control and markers of board hex `hex` (an index into board.hexes). */
export function hexMarkers(obs: WsrObservation | null | undefined, board: WsrBoard, hex: number): HexMarkers {
  const id = board.hexes[hex]?.id;
  const m = obs?.hexes?.[id];
  const art = obs?.artillery;
  return {
    controller: m?.controller ? board.seats.indexOf(m.controller) : -1,
    wreck: !!m?.wreck,
    ip: !!m?.ip,
    mine: !!m?.mine,
    smoke: art?.smoke?.find((s) => s.hex === id)?.level ?? 0,
    barrage: !!id && art?.barrage === id,
    aircraft: (obs?.air ?? []).filter((a) => !!id && a.hex === id).map((a) => a.aircraft),
    exitSeats: (board.exits ?? []).filter((e) => e.hexes.includes(hex)).map((e) => e.seat),
    boundary: !!board.boundary?.hexes.includes(hex),
    // WSR-A12 bridges destroyed before play (board), WSR-A4 a bridge blown in play (observation).
    destroyedBridge: !!board.hexes[hex]?.destroyed_bridge || (obs?.destroyed_bridges ?? []).includes(hex),
  };
}

/** G-12: units of each seat that have left the map (the observation's units with `exited`). */
export function exitedCounts(obs: WsrObservation | null | undefined, board: WsrBoard): Record<string, number> {
  const out: Record<string, number> = {};
  for (const s of board.seats) out[s] = 0;
  for (const u of obs?.units ?? []) if (u.exited !== undefined) out[u.seat] = (out[u.seat] ?? 0) + 1;
  return out;
}

const EDGE_VECTORS: Record<string, Point> = {
  north: { x: 0, y: -1 },
  south: { x: 0, y: 1 },
  east: { x: 1, y: 0 },
  west: { x: -1, y: 0 },
};

/** G-12: the arrow of exit hex `hex` toward the map edge `edge` its units leave across: a shaft
 * from inside the hex to its rim and the arrow head's three corners (SVG coordinates, hex radius
 * 1); null for an unknown edge. */
export function exitArrow(board: WsrBoard, hex: number, edge: string): { from: Point; to: Point; head: Point[] } | null {
  const h = board.hexes[hex];
  const v = EDGE_VECTORS[edge];
  if (!h || !v) return null;
  const at = (k: number, side = 0): Point => ({ x: h.px + v.x * k - v.y * side, y: h.py + v.y * k + v.x * side });
  return { from: at(0.15), to: at(0.62), head: [at(0.95), at(0.62, 0.2), at(0.62, -0.2)] };
}

/** WSR-A6: the red boundary line as SVG polylines through the centres of its hexes. */
export function boundaryLines(board: WsrBoard): string[] {
  return (board.boundary?.paths ?? []).map((p) => p.map((i) => `${board.hexes[i].px},${board.hexes[i].py}`).join(' '));
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

/** A unit's name as the game's action labels write it (the server's WsrState::arg_name): the
 * counter's name in the reader's language, with the label's number when it has one
 * ("us.m4a1-2" -> "M4A1 Sherman 2", "us.57mm-atg" -> "57mm ATG", in German "57mm Pak"); a label
 * that is the counter's own id has none ("us.hq-2-16" -> "2/16th Infantry HQ"). */
export function unitName(u: { label: string; counter: { name: string; name_de?: string; id?: string } }, l: Lang = lang.value): string {
  const name = said(u.counter.name, u.counter.name_de, l);
  const m = u.label === u.counter.id ? null : /-([0-9]+)$/.exec(u.label);
  return m ? `${name} ${m[1]}` : name;
}
