// Pocket Battles: reading the observation (PocketState::observe) against the static board.
import { lang, t, type Lang } from './i18n';
import type { ParsedAction } from './actions';
import type { PocketBoard, TroopType } from './types';

export interface PocketTroop {
  type: string;
  wounds: number;
  removed: boolean;
  label?: string;
  top?: boolean;
}

export interface PocketUnit {
  label: string;
  owner: string;
  zone: number;
  col: number;
  segment: string;
  combat: number;
  orders: number;
  flags: number;
  height: number;
  alive: number;
  troops: PocketTroop[];
}

export function pocketUnits(obs: any): PocketUnit[] {
  return Array.isArray(obs?.units) ? (obs.units as PocketUnit[]) : [];
}

/** Row of the battlefield (index into board.rows) holding zone `zone` of `owner`, or -1. */
export function rowOf(board: PocketBoard, owner: string, zone: number): number {
  return board.rows.findIndex((r) => r.zone === zone && (r.owner === owner || r.owner === null));
}

/** "row:col" key of a cell. */
export function cellKey(row: number, col: number): string {
  return `${row}:${col}`;
}

export function unitCell(board: PocketBoard, u: PocketUnit): string | null {
  if (u.zone < 0 || u.zone > 2) return null;
  const row = rowOf(board, u.owner, u.zone);
  return row < 0 ? null : cellKey(row, u.col);
}

export function troopType(board: PocketBoard, id: string): TroopType | undefined {
  for (const a of board.armies) {
    const t = a.troops.find((x) => x.id === id);
    if (t) return t;
  }
  return undefined;
}

/** Troops of a stack the viewer cannot see (face down): height minus visible, never < 0. */
export function hiddenCount(u: PocketUnit): number {
  return Math.max(0, u.height - u.troops.length);
}

/** A side's line above the battlefield after its name: its order markers in the pool of its
 * total, and the DP of the enemy's troops it has destroyed (its score, PB Spielende), e.g.
 * "markers 4/6 · enemy DP destroyed: 12". */
export function pocketScore(p: { pool: number; total: number; captured_dp: number }, l: Lang = lang.value): string {
  return `${t('pool', l)} ${p.pool}/${p.total} · ${t('destroyed', l).replace('{n}', String(p.captured_dp))}`;
}

/** One troop type of a side's army as the army list shows it before a pick (PB Aufbau 4). */
export interface ArmyRow {
  id: string;
  name: string;
  count: number;
  dp: number;
  /** Formation value ("*" for the star, PB §12) and life points ("—" for none). */
  fv: string;
  lp: string;
  combat: string;
  shooting: string;
  traits: string[];
  /** The fields whose value is a stand-in (not the printed value). */
  standIn: string[];
  /** The legal `pick` of this troop now, or null. */
  pick: ParsedAction | null;
}

/** The army of `seat` with each troop's cost (DP) and values, its stand-ins and its legal pick. */
export function armyRows(board: PocketBoard, seat: string, actions: ParsedAction[], l: Lang = lang.value): ArmyRow[] {
  const army = board.armies.find((a) => a.seat === seat);
  if (!army) return [];
  const picks = new Map<string, ParsedAction>();
  for (const a of actions) if (a.verb === 'pick' && a.types.length > 0) picks.set(a.types[0], a);
  const dice = (d: number[]) => (d.length === 0 ? '—' : d.join(' '));
  return army.troops.map((tt) => ({
    id: tt.id,
    name: l === 'de' && tt.name_de ? tt.name_de : tt.name,
    count: tt.count,
    dp: tt.dp,
    fv: tt.fv === 0 ? '*' : String(tt.fv),
    lp: tt.lp === 0 ? '—' : String(tt.lp),
    combat: dice(tt.combat_dice),
    shooting: dice(tt.shooting_dice),
    traits: tt.traits,
    standIn: Object.entries(tt.provenance ?? {})
      .filter(([, p]) => p === 'stand-in')
      .map(([f]) => f),
    pick: picks.get(tt.id) ?? null,
  }));
}

/**
 * Pocket actions made on a stack itself: those naming one unit and nothing else on the board (no
 * place, no second unit, no troop): join it (`unit o3`), attack with it, react with it, choose it
 * as the target, leave the combat, take a wound marker from it. By unit label, in list order.
 * Endings and declines (role `decline`) name no unit and stay buttons.
 */
export function stackActions(actions: ParsedAction[]): Map<string, ParsedAction[]> {
  const out = new Map<string, ParsedAction[]>();
  for (const a of actions) {
    if (a.units.length !== 1 || a.places.length > 0 || a.troops.length > 0 || a.types.length > 0) continue;
    const list = out.get(a.units[0]);
    if (list) list.push(a);
    else out.set(a.units[0], [a]);
  }
  return out;
}

/**
 * Pocket actions made on a troop's tile: those naming a troop (wound it, remove it, use its
 * special ability), by the troop's label (`o1.goblin.2`, the observation's troop label).
 */
export function tileActions(actions: ParsedAction[]): Map<string, ParsedAction[]> {
  const out = new Map<string, ParsedAction[]>();
  for (const a of actions) {
    const troop = a.troops[a.troops.length - 1];
    if (troop === undefined) continue;
    const list = out.get(troop);
    if (list) list.push(a);
    else out.set(troop, [a]);
  }
  return out;
}

export type StackClick = { kind: 'cell' } | { kind: 'actions'; actions: ParsedAction[] } | { kind: 'select' };

/**
 * What a click on the stack `label` means. In a highlighted cell, a stack that cannot act itself
 * stands for its cell (the target of the selected unit). A stack's own actions (stackActions) are
 * made by a click on it when it has nothing else to do on the board (one click: the target, the
 * reacting unit, the unit a troop joins), else by a second click once it is selected (the first
 * selects it and shows where it may go). Otherwise the click selects it.
 */
export function stackClick(actions: ParsedAction[], selected: string | null, label: string, inHighlightedCell: boolean): StackClick {
  const own = stackActions(actions).get(label) ?? [];
  const other = actions.some((a) => a.units[0] === label && !own.includes(a));
  if (inHighlightedCell && own.length === 0 && !other) return { kind: 'cell' };
  if (own.length > 0 && (selected === label || !other)) return { kind: 'actions', actions: own };
  return { kind: 'select' };
}
