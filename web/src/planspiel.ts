// Planspiel: reading the observation (PlanspielState::observe: units by id, fields as [x, y])
// against the static board (games/planspiel/module.cc: fields, roads, objectives, unit types by
// id), and the seat's structured legal actions as clicks on the board. Fields are named "x,y",
// the word the action texts use for a place, so a legal action's place argument is a field id.
import type { ParsedAction } from './actions';
import { type Lang, t } from './i18n';
import type { PlanspielBoard, PsField, PsObservation, PsUnitType, PsWork } from './types';

export interface PsUnit {
  id: string;
  party: string;
  type?: PsUnitType;
  typeId: string;
  status: 'on_board' | 'waiting' | 'lost';
  field: string | null; // "x,y" on the board, else null
  x: number;
  y: number;
  suppression: number; // 0, or the level 3..6 of its marker (PS §8.14)
  moved: boolean;
  fired: boolean;
  camouflaged: boolean;
  detected: boolean; // detected marker
  arrives: number; // a reinforcement's game turn, 0 otherwise
  entry: string | null; // a reinforcement's entry field
  moving: boolean; // the unit whose move is under way
  wreck: string | null; // a lost unit's wreck in a defile (PS §2.3, §6.10), else null
  digging: boolean; // its dug-in marker lies face down: the first half-turn of digging done (PS §12.3)
  work: PsWork | null; // its work of this half-turn (G-38): it does nothing else, and has not fired
}

export type Highlight = 'move' | 'target' | 'assault' | 'act';

/** The field id of (x, y), as the action texts write a place. */
export function fieldId(x: number, y: number): string {
  return `${x},${y}`;
}

/** (x, y) of a field id, or null for a word that names no field. */
export function parseFieldId(id: string): [number, number] | null {
  const m = /^(\d+),(\d+)$/.exec(id);
  return m ? [Number(m[1]), Number(m[2])] : null;
}

/** The board's field at (x, y), or undefined off the board. */
export function fieldAt(board: PlanspielBoard, x: number, y: number): PsField | undefined {
  if (x < 0 || y < 0 || x >= board.width || y >= board.height) return undefined;
  return board.fields[y * board.width + x];
}

/** The observation's units joined with the board's unit types. */
export function psUnits(board: PlanspielBoard, obs: Partial<PsObservation> | null | undefined): PsUnit[] {
  const types = new Map(board.unit_types.map((t) => [t.id, t]));
  const rows = Array.isArray(obs?.units) ? obs.units : [];
  const moving = obs?.moving?.unit ?? null;
  return rows.map((u) => {
    const f = u.status === 'on_board' && Array.isArray(u.field) ? u.field : null;
    return {
      id: u.id,
      party: u.party,
      type: types.get(u.type),
      typeId: u.type,
      status: u.status,
      field: f ? fieldId(f[0], f[1]) : null,
      x: f ? f[0] : -1,
      y: f ? f[1] : -1,
      suppression: u.suppression ?? 0,
      moved: !!u.moved,
      fired: !!u.fired,
      camouflaged: !!u.camouflaged,
      detected: !!u.detected_marker,
      arrives: u.arrives ?? 0,
      entry: Array.isArray(u.entry) ? fieldId(u.entry[0], u.entry[1]) : null,
      moving: u.id === moving,
      wreck: Array.isArray(u.wreck) ? fieldId(u.wreck[0], u.wreck[1]) : null,
      digging: u.dug_in === 'face_down',
      work: u.work === 'dig' || u.work === 'camouflage' || u.work === 'recover' ? u.work : null,
    };
  });
}

/** The words of a unit's markers and state of the half-turn, as its counter's tooltip and its panel list them. */
export function psStateWords(u: PsUnit, l?: Lang): string[] {
  const out: string[] = [];
  if (u.suppression > 0) out.push(`${t('psSuppression', l)} ${u.suppression}`);
  if (u.camouflaged) out.push(t('psCamouflaged', l));
  if (u.digging) out.push(t(u.work === 'dig' ? 'psMarkerFaceDown' : 'psDigging', l));
  if (u.detected) out.push(t('psDetected', l));
  if (u.moved) out.push(t('psMoved', l));
  if (u.fired) out.push(t('psFired', l));
  if (u.work) out.push(t(psWorkKey[u.work], l));
  if (u.moving) out.push(t('psMoving', l));
  return out;
}

/** The header's phase: "set-up" while the parties set up (scenarios §1.5), else the phase of the half-turn (PS §3.2). */
export function psPhaseText(obs: Partial<PsObservation>, l?: Lang): string {
  if ((obs.steps ?? []).some((st) => st.kind === 'set-up')) return t('psSetUp', l);
  return `${t('psPhase', l)} ${obs.phase ?? ''}`;
}

/** The turn in the rulebook's words (PS §3.1: "Zug", not WSR's "Runde"): game turn of the total and the cycle's day turn. */
export function psTurnText(obs: Partial<PsObservation>, l?: Lang): string {
  return `${t('psTurn', l)} ${obs.turn ?? ''}/${obs.game_turns ?? ''} (D${obs.cycle_turn ?? ''})`;
}

const psWorkKey = { dig: 'psWork_dig', camouflage: 'psWork_camouflage', recover: 'psWork_recover' } as const;

/** The field positions (PS §12.3): the board's pre-dug ones and those dug in play that the observation shows. */
export function psPositions(board: PlanspielBoard, obs: Partial<PsObservation> | null | undefined): [number, number][] {
  const out: [number, number][] = [...board.dug_in];
  for (const p of Array.isArray(obs?.positions) ? obs.positions : []) if (!out.some(([x, y]) => x === p[0] && y === p[1])) out.push([p[0], p[1]]);
  return out;
}

/** Units on the board by field id, in observation order (the moving unit last, on top). */
export function unitsByField(units: PsUnit[]): Map<string, PsUnit[]> {
  const out = new Map<string, PsUnit[]>();
  for (const u of units) {
    if (!u.field) continue;
    const list = out.get(u.field) ?? [];
    list.push(u);
    out.set(u.field, list);
  }
  for (const list of out.values()) list.sort((a, b) => Number(a.moving) - Number(b.moving));
  return out;
}

/** Who controls each objective field now: field id -> "red", "blue" or "none". */
export function controlByField(obs: Partial<PsObservation> | null | undefined): Map<string, string> {
  const out = new Map<string, string>();
  for (const c of Array.isArray(obs?.control) ? obs.control : []) out.set(fieldId(c.field[0], c.field[1]), c.controller);
  return out;
}

/** The name of the objective set a field belongs to, by field id. */
export function objectiveFields(board: PlanspielBoard): Map<string, string> {
  const out = new Map<string, string>();
  for (const o of board.objectives) for (const f of o.fields) out.set(fieldId(f[0], f[1]), o.id);
  return out;
}

/** The display name of an objective set in language `l`: the situation's place name ("crossing"
 * -> "Übergang" in German), else its id, as the situation loader names a set without a name. */
export function objectiveName(
  objectives: { id: string; name?: string; name_de?: string }[],
  id: string,
  l: Lang,
): string {
  const o = objectives.find((x) => x.id === id);
  const name = l === 'de' ? (o?.name_de ?? o?.name) : o?.name;
  return name ?? id;
}

/**
 * An action of the selected unit naming no field but only that unit (self-smoke): made in the
 * unit's own field, like the loading steps that name it (mount, dismount, limber, unlimber).
 */
function inOwnField(a: ParsedAction, selected: string | null): boolean {
  return selected !== null && a.places.length === 0 && a.units.length === 1 && a.units[0] === selected && a.role !== 'decline';
}

/**
 * Where a click on the board sends an action of the selected unit: field id -> actions. A move,
 * a fire, a counter-move or a loading step names the unit first and the field second; an assault
 * names the field first and its attackers after it, the selected unit among them. An action
 * naming the selected unit alone (self-smoke) is sent by a click on its own field (`fieldOf`, the
 * unit's field). Actions naming no unit but a field are offered whatever is selected. Nothing is
 * computed: every entry is a legal action.
 */
export function psClickTargets(actions: ParsedAction[], selected: string | null, fieldOf?: (id: string) => string | null): Map<string, ParsedAction[]> {
  const out = new Map<string, ParsedAction[]>();
  const own = selected !== null && fieldOf ? fieldOf(selected) : null;
  for (const a of actions) {
    let place: string | null = a.places.length > 0 ? a.places[a.places.length - 1] : null;
    if (place === null && own !== null && inOwnField(a, selected)) place = own;
    if (place === null) continue;
    if (a.units.length > 0 && (selected === null || !a.units.includes(selected))) continue;
    const list = out.get(place);
    if (list) list.push(a);
    else out.set(place, [a]);
  }
  return out;
}

/**
 * The selected unit's actions that no field click stands for (the announcement of a simultaneous
 * movement, which names several units): offered as buttons beside the board. With `fieldOf`, an
 * action naming the unit alone is in its own field (psClickTargets), not a button.
 */
export function psUnitActions(actions: ParsedAction[], selected: string | null, fieldOf?: (id: string) => string | null): ParsedAction[] {
  if (selected === null) return [];
  const own = fieldOf ? fieldOf(selected) : null;
  return actions.filter((a) => a.places.length === 0 && a.role !== 'decline' && a.units.includes(selected) && !(own !== null && inOwnField(a, selected)));
}

/**
 * How each target field is marked: an assault over a fire over a move on the same field; a field
 * with only other steps (mount, dismount, limber, unlimber, recover, self-smoke) green.
 */
export function highlightsOf(targets: Map<string, ParsedAction[]>): Map<string, Highlight> {
  const out = new Map<string, Highlight>();
  for (const [place, list] of targets) {
    if (list.some((a) => a.verb === 'assault')) out.set(place, 'assault');
    else if (list.some((a) => a.role === 'attack')) out.set(place, 'target');
    else if (list.some((a) => a.role === 'move')) out.set(place, 'move');
    else out.set(place, 'act');
  }
  return out;
}

/** Units that are named by some action (move, fire, assault), i.e. can act now. */
export function psActingUnits(actions: ParsedAction[]): Set<string> {
  const out = new Set<string>();
  for (const a of actions) for (const u of a.units) out.add(u);
  return out;
}

/** Whether the board's values of a type carry a stand-in (a value not from the rules). */
export function hasStandIn(t: PsUnitType): boolean {
  return t.speeds.provenance === 'stand-in' || Object.values(t.provenance).includes('stand-in');
}

/** PS §8.14: the colour of a suppression marker of level 3 (red), 4 (grey), 5 and 6 (black). */
export function suppressionColour(level: number): string {
  return level <= 0 ? 'none' : level === 3 ? '#c62828' : level === 4 ? '#8a8a8a' : '#111';
}

/** A short symbol of the unit category for the counter (NATO-like shapes are drawn by the map). */
export function categoryShape(category: string | undefined): 'infantry' | 'weapon' | 'armour' | 'sp' | 'apc' | 'wheeled' | 'riders' {
  switch (category) {
    case 'figure_base':
      return 'infantry';
    case 'weapon_base':
      return 'weapon';
    case 'combat_vehicle':
      return 'armour';
    case 'sp_gun':
      return 'sp';
    case 'apc':
      return 'apc';
    case 'transport':
      return 'wheeled';
    case 'riders':
      return 'riders';
    default:
      return 'infantry';
  }
}

/** The fill colour of a terrain symbol. */
export const PS_TERRAIN_COLOURS: Record<string, string> = {
  open: '#e9e4c4',
  forest: '#6f9a55',
  'built-up': '#cdb796',
  rocks: '#a39f96',
  swamp: '#a9c0a0',
  water: '#7fb0dc',
  bridge: '#7fb0dc',
};

export const PARTY_COLOURS: Record<string, string> = {
  red: '#b5372f',
  blue: '#2f5fae',
};
