// The legal actions of a seat, read for the UI: grouped by verb, and related to the board
// (which unit an action is about, which hexes or units it targets). Legality always comes from
// the server's list; this module only finds the entries of that list a click means.
import type { LegalAction } from './types';

export interface ParsedAction {
  id: string;
  text: string;
  verb: string;
  words: string[];
  /** Unit labels named by the action, in order. */
  units: string[];
  /** Places named (WSR hex ids, Pocket segment names), in order. */
  places: string[];
}

export interface Vocabulary {
  isUnit(word: string): boolean;
  isPlace(word: string): boolean;
}

export function parseAction(a: LegalAction, vocab: Vocabulary): ParsedAction {
  const words = a.text.trim().split(/\s+/);
  const verb = words[0] ?? '';
  const units: string[] = [];
  const places: string[] = [];
  for (const w of words.slice(1)) {
    if (vocab.isUnit(w)) units.push(w);
    else if (vocab.isPlace(w)) places.push(w);
  }
  return { id: a.id, text: a.text, verb, words, units, places };
}

export function parseAll(legal: LegalAction[], vocab: Vocabulary): ParsedAction[] {
  return legal.map((a) => parseAction(a, vocab));
}

/** Actions grouped by verb, verbs in the order of their first action. */
export function groupByVerb(actions: ParsedAction[]): [string, ParsedAction[]][] {
  const groups = new Map<string, ParsedAction[]>();
  for (const a of actions) {
    const g = groups.get(a.verb);
    if (g) g.push(a);
    else groups.set(a.verb, [a]);
  }
  return [...groups.entries()];
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

/** Verbs whose actions roll dice against a target: ask for the odds before sending. */
export function wantsOdds(a: ParsedAction): boolean {
  // WSR fire/assault..., Pocket attack/continue/shoot, Rivet attack/snipe.
  return ['fire', 'opfire', 'fire-move', 'ambush', 'assault', 'overrun', 'shoot', 'attack', 'continue', 'snipe'].includes(
    a.verb,
  );
}
