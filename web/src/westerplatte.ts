// 7 Tage der Westerplatte: reading the observation (WpState::observe, games/westerplatte/state.cc)
// against the static board (games/westerplatte/web_board.cc), the board's click targets from the
// legal actions, the moves and actions left in the turn (WP 7.1), and the UI's words for the board
// in English and German (the rulebook's German terms: Wache, Abwehrfeld, Angriffsleiste, ...).
import type { ParsedAction } from './actions';
import { lang, type Lang } from './i18n';
import type { WpBoard, WpObservation } from './types';

// ---- words -----------------------------------------------------------------------------------

const WP_STRINGS = {
  en: {
    morale: 'Morale',
    ammo: 'Ammo',
    supply: 'supply',
    bricks: 'bricks',
    surplus: 'surplus bricks',
    day: 'Day',
    dayPiles: 'Day piles',
    deck: 'Attack deck',
    cards: 'cards',
    under: 'sent under',
    events: 'Events left',
    eventsResolved: 'resolved',
    turnOf: 'Turn of',
    movesLeft: 'Moves left',
    actionsLeft: 'Actions left',
    withExtraMove: '+1 with the extra-movement marker',
    restrictedNow: 'restricted movement this turn (−1)',
    extraMove: 'extra movement',
    restricted: 'restricted movement',
    extraAction: 'extra action',
    lane: 'Lane',
    field: 'Forward defence field',
    post: 'Guard post',
    mine: 'Mine',
    mg: 'MG detachment',
    howitzer: 'Howitzer battery',
    endurance: 'endurance',
    speed: 'speed',
    power: 'power',
    fires: 'fires in the German attack',
    burned: 'burned path',
    shells: 'shells',
    mines: 'mines',
    rebuildBricks: 'bricks',
    takes: 'takes',
    troops: 'troops',
    hint: 'Click an officer, then a highlighted field. Blue: move, red: attack, yellow: another action.',
    hintOne: 'Click a highlighted field or lane. Blue: move, red: attack, yellow: another action.',
    officer: 'Officer',
    won: 'The defenders held the Westerplatte.',
    lost: 'The Westerplatte has fallen.',
    greenSide: 'green tiles and morale track',
    redSide: 'red tiles and morale track',
  },
  de: {
    morale: 'Moral',
    ammo: 'Munition',
    supply: 'Vorrat',
    bricks: 'Mauerziegel',
    surplus: 'zusätzlicher Vorrat an Mauerziegeln',
    day: 'Tag',
    dayPiles: 'Abwurfstapel',
    deck: 'Angriffskartenstapel',
    cards: 'Karten',
    under: 'darunter gelegt',
    events: 'Ereigniskarten übrig',
    eventsResolved: 'aufgedeckt',
    turnOf: 'Runde von',
    movesLeft: 'Bewegungen übrig',
    actionsLeft: 'Aktionen übrig',
    withExtraMove: '+1 mit dem Marker „Zusatz-Bewegung“',
    restrictedNow: 'eingeschränkte Bewegung in dieser Runde (−1)',
    extraMove: 'Zusatz-Bewegung',
    restricted: 'eingeschränkte Bewegung',
    extraAction: 'Zusatz-Aktion',
    lane: 'Leiste',
    field: 'Vorgeschobenes Abwehrfeld',
    post: 'Wache',
    mine: 'Mine',
    mg: 'MG-Abteilung',
    howitzer: 'Geschützbatterie',
    endurance: 'Ausdauer',
    speed: 'Schnelligkeit',
    power: 'Angriffskraft',
    fires: 'schießt beim deutschen Angriff',
    burned: 'verbrannter Durchgang',
    shells: 'Mörsergranaten',
    mines: 'Minen',
    rebuildBricks: 'Mauerziegel',
    takes: 'erhält',
    troops: 'Truppen',
    hint: 'Einen Offizier anklicken, dann ein markiertes Feld. Blau: bewegen, rot: angreifen, gelb: andere Aktion.',
    hintOne: 'Ein markiertes Feld oder eine Leiste anklicken. Blau: bewegen, rot: angreifen, gelb: andere Aktion.',
    officer: 'Offizier',
    won: 'Die Verteidiger haben die Westerplatte gehalten.',
    lost: 'Die Westerplatte ist gefallen.',
    greenSide: 'grüne Aktionsplättchen und Moralleiste',
    redSide: 'rote Aktionsplättchen und Moralleiste',
  },
} satisfies Record<Lang, Record<string, string>>;

export type WpKey = keyof (typeof WP_STRINGS)['en'];

/** A board word in the UI's language. */
export function wpT(key: WpKey, l: Lang = lang.value): string {
  return WP_STRINGS[l][key] ?? WP_STRINGS.en[key];
}

/** Keys one language has and the other lacks (both must be complete). */
export function wpMissingKeys(): string[] {
  const en = Object.keys(WP_STRINGS.en);
  const de = Object.keys(WP_STRINGS.de);
  return [...en.filter((k) => !de.includes(k)).map((k) => `de.${k}`), ...de.filter((k) => !en.includes(k)).map((k) => `en.${k}`)];
}

/** An action tile's name in the UI's language ("Wiederaufbau der Mauer"). */
export function tileName(board: WpBoard, id: string | null | undefined, l: Lang = lang.value): string {
  if (!id) return '?';
  const tile = board.tiles.find((x) => x.id === id);
  if (!tile) return id;
  return l === 'de' ? tile.name_de : tile.name;
}

// ---- places ----------------------------------------------------------------------------------

/** A click place of the board: a field ("F:T3"), a lane ("L:D") or a player ("P:p2"). Fields and
 * lanes share the letters A-E, so the kind is part of the key. */
export const fieldKey = (id: string) => `F:${id}`;
export const laneKey = (id: string) => `L:${id}`;
export const playerKey = (seat: string) => `P:${seat}`;

/** The field on which the action tile `tile` lies (obs.fields[].tile), or null. */
export function fieldOfTile(obs: WpObservation | null | undefined, tile: string): string | null {
  return obs?.fields?.find((f) => f.tile === tile)?.id ?? null;
}

/** The one officer that may move now, when there is exactly one (then a click on a field moves
 * it without selecting it first); else null. */
export function soleMover(actions: ParsedAction[]): string | null {
  const movers = new Set(actions.filter((a) => a.verb === 'move' && a.units.length > 0).map((a) => a.units[0]));
  return movers.size === 1 ? [...movers][0] : null;
}

/** The places an action is clicked on: the lanes of `fire`, `mortar`, `mine`, `push` (each lane of
 * a push), the field of `move` (of the selected officer), `place`, `rebuild`, `overflow`,
 * `reinforce`, the guard post of the tile `morale`, `ammo` and `stock K` use, the player a `give`
 * names. `end` and Chance's actions have none. */
export function placesOf(a: ParsedAction, obs: WpObservation | null | undefined): string[] {
  // The word argument of push ("B+E"), stock ("mortar") and give ("p2").
  const words = (a.words[0] ?? '').split('+');
  switch (a.verb) {
    case 'fire':
    case 'mortar':
    case 'mine':
      return a.places.slice(0, 1).map(laneKey);
    case 'push':
      return words.filter((w) => /^[A-E]$/.test(w)).map(laneKey);
    case 'move':
    case 'place':
    case 'rebuild':
    case 'overflow':
    case 'reinforce':
      return a.places.slice(-1).map(fieldKey);
    case 'morale':
    case 'ammo': {
      const f = fieldOfTile(obs, a.verb);
      return f ? [fieldKey(f)] : [];
    }
    case 'stock': {
      const f = fieldOfTile(obs, words[0]);
      return f ? [fieldKey(f)] : [];
    }
    case 'give':
      return words[0] ? [playerKey(words[0])] : [];
    default:
      return [];
  }
}

/** Where a click sends an action: place key -> actions. Moves count only for the selected officer
 * (or the sole officer that may move); every other action is there whatever is selected. */
export function wpClickTargets(actions: ParsedAction[], selected: string | null, obs: WpObservation | null | undefined): Map<string, ParsedAction[]> {
  const mover = selected ?? soleMover(actions);
  const out = new Map<string, ParsedAction[]>();
  for (const a of actions) {
    if (a.verb === 'move' && a.units[0] !== mover) continue;
    for (const p of placesOf(a, obs)) {
      const list = out.get(p);
      if (list) list.push(a);
      else out.set(p, [a]);
    }
  }
  return out;
}

/** The highlight of each place: "move" (a move or the placement), "attack" (fire, mortar) or
 * "act" (any other action). */
export function wpHighlights(targets: Map<string, ParsedAction[]>): Map<string, string> {
  const out = new Map<string, string>();
  for (const [p, list] of targets) {
    if (list.some((a) => a.role === 'attack')) out.set(p, 'attack');
    else if (list.some((a) => a.verb === 'move' || a.verb === 'place')) out.set(p, 'move');
    else out.set(p, 'act');
  }
  return out;
}

// ---- the turn (WP 7.1) -----------------------------------------------------------------------

export interface WpTurnLeft {
  /** Moves left without a marker. */
  moves: number;
  /** Solo (W10): the moves left of each officer (each up to 2); else the one officer's. */
  perOfficer: { id: string; left: number }[];
  /** An extra-movement marker could give one more move (to an officer that has moved twice). */
  extraMove: boolean;
  actions: number;
  restricted: boolean;
}

/** What is left of the active player's turn, as the engine counts it (actions.cc
 * move_budget_left and the action rule); null outside a turn. */
export function turnLeft(obs: WpObservation | null | undefined): WpTurnLeft | null {
  const turn = obs?.turn;
  if (!obs || !turn) return null;
  const solo = (obs.players?.length ?? 1) === 1;
  const player = obs.players?.find((p) => p.seat === obs.active_player);
  const restricted = turn.restricted ? 1 : 0;
  const [m0, m1] = turn.officer_moves ?? [0, 0];
  const officers = (obs.officers ?? []).filter((o) => o.seat === obs.active_player);
  let moves: number;
  let perOfficer: { id: string; left: number }[];
  if (solo) {
    const cap = Math.max(0, 4 - restricted - m0 - m1);
    const l0 = Math.max(0, 2 - m0);
    const l1 = Math.max(0, 2 - m1);
    moves = Math.min(cap, l0 + l1);
    perOfficer = officers.map((o, i) => ({ id: o.id, left: Math.min(cap, i === 0 ? l0 : l1) }));
  } else {
    moves = Math.max(0, 2 - restricted - m0);
    perOfficer = officers.map((o) => ({ id: o.id, left: moves }));
  }
  const extraMove = !turn.restricted && !turn.extra_move && (player?.extra_move ?? 0) > 0;
  const bonus = (player?.extra_action ?? 0) > 0 && !turn.extra_action ? 1 : 0;
  const actions = turn.actions === 0 ? 1 + bonus : turn.actions === 1 ? bonus : 0;
  return { moves, perOfficer, extraMove, actions, restricted: !!turn.restricted };
}

// ---- cards and lanes -------------------------------------------------------------------------

/** The lane space of a troop as an index, 0 = I (entry) ... 3 = IV (at the wall). */
export function spaceIndex(board: WpBoard, space: string): number {
  return Math.max(0, board.spaces.indexOf(space));
}

/** Whether the troop fires in the German attack (WP 7.3): a howitzer always, an MG on the last
 * space. */
export function troopFires(board: WpBoard, troop: { kind: string; space: string }): boolean {
  return troop.kind === 'howitzer' || spaceIndex(board, troop.space) === board.spaces.length - 1;
}

/** The card of the box with this id (board.cards), or undefined. */
export function cardOf(board: WpBoard, id: string) {
  return board.cards.find((c) => c.id === id);
}

/** How many cards lie on each day pile 1..7 (pile 8: cards beyond day 7). */
export function pileCounts(obs: WpObservation | null | undefined): number[] {
  const out = [0, 0, 0, 0, 0, 0, 0, 0];
  for (const p of obs?.day_piles ?? []) if (p.day >= 1 && p.day <= 8) out[p.day - 1] = p.cards.length;
  return out;
}

/** A morale level's colour class: low (L1-L3), high (H1-H3), start or an empty space. */
export function moraleClass(level: string): 'low' | 'high' | 'start' | 'empty' {
  if (level.startsWith('L')) return 'low';
  if (level.startsWith('H')) return 'high';
  return level === 'START' ? 'start' : 'empty';
}

/** Splits a name into lines of at most `width` characters at spaces (tile names on the posts). */
export function wrapWords(text: string, width: number): string[] {
  const lines: string[] = [];
  for (const w of text.split(' ')) {
    const last = lines[lines.length - 1];
    if (last !== undefined && last.length + 1 + w.length <= width) lines[lines.length - 1] = `${last} ${w}`;
    else lines.push(w);
  }
  return lines;
}
