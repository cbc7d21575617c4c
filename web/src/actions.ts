// The legal actions of a seat, read for the UI from their structured form (the server's verb,
// typed arguments, role and label: docs/protocol.md "Legal actions"): which unit an action is
// about, which place a click on the board means. Legality always comes from the server's list;
// this module only finds the entries of that list a click means, and never reads action texts.
import { said, t, type Lang } from './i18n';
import type { ActionRole, LegalAction } from './types';

export interface ParsedAction {
  id: string;
  text: string;
  verb: string;
  role: ActionRole;
  /** The plain-language label in the UI's language (the text when the server gives none). */
  label: string;
  /** Units named by the action, in order. */
  units: string[];
  /** Places named (WSR hexes, Pocket cells, Rivet segments; a step's destination), in order. */
  places: string[];
  /** Words named (Westerplatte's `push B+E`, `stock mortar`, `give p2`), in order. */
  words: string[];
  /** Kinds of unit named, not yet on the board (Pocket's `pick orcs.grunt`), in order. */
  types: string[];
  /** Troops of a unit named (Pocket's `wound o1.goblin.2`: a tile of a stack), in order. */
  troops: string[];
  /** What it costs (a move's MP), when the game says. */
  cost: number | null;
  /** The game's note (cost, odds) in the UI's language ("" when none). */
  note: string;
  /** The verb's heading in the UI's language (the verb itself when the server gives none). */
  title: string;
  /** An ending while units could still act: the server's warning in the UI's language, or "". */
  warn: string;
}

export function parseAction(a: LegalAction, lang: Lang = 'en'): ParsedAction {
  const args = a.args ?? [];
  return {
    id: a.id,
    text: a.text,
    verb: a.verb ?? '',
    role: a.role ?? 'other',
    label: a.label?.[lang] || a.text,
    units: args.filter((x) => x.kind === 'unit').map((x) => x.value),
    places: args.filter((x) => x.kind === 'place').map((x) => x.cell ?? x.value),
    words: args.filter((x) => x.kind === 'word').map((x) => x.value),
    types: args.filter((x) => x.kind === 'type').map((x) => x.value),
    troops: args.filter((x) => x.kind === 'troop').map((x) => x.value),
    cost: a.cost ?? null,
    note: said(a.note ?? '', a.note_de, lang),
    title: a.title?.[lang] || a.verb || '',
    warn: a.warn?.[lang] ?? '',
  };
}

export function parseAll(legal: LegalAction[], lang: Lang = 'en'): ParsedAction[] {
  return legal.map((a) => parseAction(a, lang));
}

/**
 * Actions grouped by verb, verbs in the order of their first action. Irreversible actions (role
 * `confirm`: conceding) are left out: the panel shows them apart (`irreversible`).
 */
export function groupByVerb(actions: ParsedAction[]): [string, ParsedAction[]][] {
  const groups = new Map<string, ParsedAction[]>();
  for (const a of actions) {
    if (a.role === 'confirm') continue;
    const g = groups.get(a.verb);
    if (g) g.push(a);
    else groups.set(a.verb, [a]);
  }
  return [...groups.entries()];
}

/** Irreversible actions (role `confirm`: conceding), shown apart from the others. */
export function irreversible(actions: ParsedAction[]): ParsedAction[] {
  return actions.filter((a) => a.role === 'confirm');
}

/**
 * The question asked before sending `a`, in the UI's language, or null when it is sent at once:
 * an irreversible action (role `confirm`), and an ending while units could still act (the
 * server's `warn`: "2 units can still move (...). End the phase anyway?").
 */
export function askBefore(a: ParsedAction, l: Lang = 'en'): string | null {
  if (a.role === 'confirm') return t('askIrreversible', l).replace('{a}', a.label);
  if (a.warn) return t('askEndAnyway', l).replace('{w}', a.warn).replace('{a}', a.label);
  return null;
}

/** Actions about unit `label`: it is the first unit the action names. */
export function actionsOfUnit(actions: ParsedAction[], label: string): ParsedAction[] {
  return actions.filter((a) => a.units[0] === label);
}

/** Actions naming no unit but a place (WSR `move A-K08`, `retreat`, `mine`, `place-hq`). */
export function placeOnlyActions(actions: ParsedAction[]): ParsedAction[] {
  return actions.filter((a) => a.units.length === 0 && a.places.length > 0);
}

/**
 * Where a click may send an action, for the selected unit (or none): place -> actions. An
 * action's click place is its last named place, or else the place of its second unit (the
 * target); actions about another unit are left out.
 */
export function clickTargets(
  actions: ParsedAction[],
  selected: string | null,
  placeOfUnit: (label: string) => string | null,
): Map<string, ParsedAction[]> {
  const out = new Map<string, ParsedAction[]>();
  const add = (place: string | null, a: ParsedAction) => {
    if (!place) return;
    const list = out.get(place);
    if (list) list.push(a);
    else out.set(place, [a]);
  };
  for (const a of actions) {
    if (a.units.length > 0 && a.units[0] !== selected) continue;
    if (a.places.length > 0) add(a.places[a.places.length - 1], a);
    else if (a.units.length > 1) add(placeOfUnit(a.units[a.units.length - 1]), a);
  }
  return out;
}

/** Units that are the subject of some action (clickable as "has actions"). */
export function actingUnits(actions: ParsedAction[]): Set<string> {
  return new Set(actions.filter((a) => a.units.length > 0).map((a) => a.units[0]));
}

/** Actions that roll dice against a target: the UI asks for the odds before sending. */
export function wantsOdds(a: ParsedAction): boolean {
  return a.role === 'attack';
}
