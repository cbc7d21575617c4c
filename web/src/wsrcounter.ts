// White Star Rising counters on the web map, the pure parts: the NATO symbol of a counter (by its
// kind from the counter catalogue, counters-*.toml), the formation colours, a short name for the
// counter's top band, the fan-out layout of a stack, the first view (readable counters centred
// on the player's units), and what a click on a counter means among the server's legal actions
// (never a rule: only which entries of the `legal` list a click names). Words of the map in
// English and German (`wsrT`).
import { fitView, type View } from './hex';
import type { ParsedAction } from './actions';
import { lang, type Lang } from './i18n';
import type { Counter, WsrBoard } from './types';
import type { WsrUnit } from './wsr';

// ------------------------------------------------------------------------------ NATO symbols

/** The NATO symbol drawn in a counter's frame (APP-6 style, simplified). */
export type NatoSymbol =
  | 'infantry' // X
  | 'paratroopers' // X and a parachute arc
  | 'engineers' // the bridge (E)
  | 'mech-infantry' // X in an oval
  | 'armor' // oval
  | 'armor-recon' // oval and a slash
  | 'recon' // slash
  | 'armor-aa' // oval and the air defence dome
  | 'hq' // a flag on its staff
  | 'shq' // a flag with S
  | 'at-gun' // the anti-tank Λ
  | 'at-weapon' // a small Λ over a bar (bazooka, Panzerschreck, PIAT)
  | 'artillery' // a dot
  | 'aa-gun' // the air defence dome
  | 'mortar' // an upward arrow on a circle
  | 'hmg' // MG
  | 'truck' // wheels
  | 'aircraft' // wings
  | 'unknown';

/** The symbol of a counter type (its catalogue `kind`, `recon`, `aa`, and whether the face has an
 * AP value: a gun without one is artillery). An HQ is an HQ whatever vehicle it shows. */
export function natoSymbol(counter: Pick<Counter, 'kind' | 'recon' | 'aa'>, face?: { ap: unknown } | null): NatoSymbol {
  switch (counter.kind) {
    case 'hq':
      return 'hq';
    case 'shq':
      return 'shq';
    case 'armor':
      if (counter.recon) return 'armor-recon';
      if (counter.aa) return 'armor-aa';
      return 'armor';
    case 'infantry':
      return counter.recon ? 'recon' : 'infantry';
    case 'paratroopers':
    case 'engineers':
    case 'mech-infantry':
    case 'at-weapon':
    case 'aa-gun':
    case 'mortar':
    case 'hmg':
    case 'truck':
    case 'aircraft':
      return counter.kind;
    case 'gun':
      return face && !face.ap ? 'artillery' : 'at-gun';
    default:
      return counter.recon ? 'recon' : 'unknown';
  }
}

// ------------------------------------------------------------------------------ colours

/** Each side's formation colours (the counter's fill), in the order of the board's formations of
 * that side: distinct within a side, and the two sides' families apart (side 0 greys and blues,
 * side 1 greens and browns). */
export const FORMATION_PALETTES: string[][] = [
  ['#4e5d6c', '#2f4a6d', '#6a5773', '#3f6b68', '#6d5b4b', '#33383f'],
  ['#55702b', '#7a5a2b', '#2d6a4f', '#8a7a2a', '#6b3f2f', '#4a5e3a'],
];

/** The side's colour, the counter's border. */
export const SIDE_BORDERS: string[] = ['#111820', '#d9e6a0'];

/** Fill colour of each formation id: the n-th formation of a side takes the side's n-th colour. */
export function formationColours(board: Pick<WsrBoard, 'formations'>): Map<string, string> {
  const out = new Map<string, string>();
  const seen = new Map<number, number>();
  for (const f of board.formations ?? []) {
    const side = f.side ?? 0;
    const k = seen.get(side) ?? 0;
    seen.set(side, k + 1);
    const palette = FORMATION_PALETTES[side % FORMATION_PALETTES.length];
    out.set(f.id, palette[k % palette.length]);
  }
  return out;
}

// ------------------------------------------------------------------------------ names

const ABBREVIATIONS: [RegExp, string][] = [
  [/\s*\([^)]*\)/g, ''], // "75mm ATG (PaK 40)" -> "75mm ATG"
  [/\s*"[^"]*"/g, ''], // 'M4A3E8 "Easy Eight"' -> "M4A3E8"
  [/Kampfgruppe/g, 'KG'],
  [/Schwere Panzer-Zug/g, 's.Pz.Zug'],
  [/Panzer-Zug/g, 'Pz.Zug'],
  [/Aufklärungs-Zug/g, 'Aufkl.'],
  [/Schützen-Bataillon/g, 'Schtz.'],
  [/Fallschirm-Zug/g, 'FJ-Zug'],
  [/Fallschirmjäger/g, 'FJ'],
  [/Panzergrenadiere/g, 'PzGren'],
  [/Paratroops/g, 'Para'],
  [/Paratroopers/g, 'Para'],
  [/Mechani[sz]ed infantry/gi, 'Mech Inf'],
  [/Mechanisierte Infanterie/g, 'Mech Inf'],
  [/Infanterie/g, 'Inf'],
  [/ Granatwerfer/g, ' GrW'],
  [/Schweres MG/g, 'sMG'],
  [/Aufklärung/g, 'Aufkl.'],
  [/Panzer IV/g, 'Pz IV'],
  [/Infantry/g, 'Inf'],
  [/Engineers/g, 'Eng'],
  [/Pioniere/g, 'Pio'],
  [/ mortar/gi, ' Mtr'],
  [/Heavy MG/g, 'HMG'],
  [/Recon/g, 'Rcn'],
  [/Armor/g, 'Arm'],
  [/Combat Command/g, 'CC'],
  [/Thunderbolt/g, ''],
];

/** The longest name that the counter's top band shows readably. */
export const SHORT_NAME_MAX = 11;

/** A unit's short name for its counter: the counter's name without its notes, the usual
 * abbreviations, and the number of the unit ("us.m4a3e8-2" -> "M4A3E8 2"); when that is longer
 * than SHORT_NAME_MAX, its first word (the model: "M4A1 Sherman 2" -> "M4A1 2"; an HQ keeps
 * "HQ": "507th Para HQ" -> "507th HQ"). */
export function shortName(u: { label: string; counter: { name: string; name_de?: string; id?: string } }, l: Lang = lang.value): string {
  let s = l === 'de' && u.counter.name_de ? u.counter.name_de : u.counter.name;
  for (const [re, by] of ABBREVIATIONS) s = s.replace(re, by);
  s = s.replace(/\s+/g, ' ').trim();
  // The label's number, unless the label is the counter's own id ("us.hq-507").
  const m = u.label === u.counter.id ? null : /-([0-9]+)$/.exec(u.label);
  const num = m ? ` ${m[1]}` : '';
  if ((s + num).length <= SHORT_NAME_MAX) return s + num;
  const words = s.split(' ');
  const hq = / S?HQ$/.exec(s)?.[0] ?? '';
  return words[0] + (words.length > 1 ? hq : '') + num;
}

/** The font size (world units) that fits `text` into `width` (a glyph ~0.58 em wide), at most
 * `max` and at least `min`. */
export function fitFont(text: string, width: number, max: number, min = 0.1): number {
  const f = width / (Math.max(1, text.length) * 0.58);
  return Math.max(min, Math.min(max, f));
}

// ------------------------------------------------------------------------------ stacks

/** A counter's side in hex radii (a hex is 2 wide, 1.73 high). */
export const COUNTER_SIZE = 1.25;

export interface Offset {
  dx: number;
  dy: number;
}

/** The top-left corners (relative to the hex centre) of the n counters of a fanned-out stack:
 * rows of at most `perRow` side by side, `gap` apart, the whole block centred on the hex. */
export function fanLayout(n: number, size = COUNTER_SIZE, gap = 0.1, perRow = 4): Offset[] {
  const rows = Math.ceil(n / perRow);
  const height = rows * size + (rows - 1) * gap;
  const out: Offset[] = [];
  for (let k = 0; k < n; k++) {
    const row = Math.floor(k / perRow);
    const inRow = Math.min(perRow, n - row * perRow);
    const width = inRow * size + (inRow - 1) * gap;
    const col = k % perRow;
    out.push({ dx: -width / 2 + col * (size + gap), dy: -height / 2 + row * (size + gap) });
  }
  return out;
}

/** The shift (world units) that brings a fanned stack's box (world coordinates) inside the
 * map's window of width x height pixels under view `v`, where it fits; none where it is inside. */
export function fanShift(
  box: { x0: number; y0: number; x1: number; y1: number },
  v: View,
  width: number,
  height: number,
): Offset {
  const axis = (lo: number, hi: number, t: number, size: number) => {
    const a = lo * v.scale + t;
    const b = hi * v.scale + t;
    if (b - a > size) return 0;
    if (a < 0) return -a / v.scale;
    if (b > size) return (size - b) / v.scale;
    return 0;
  };
  return { dx: width > 0 ? axis(box.x0, box.x1, v.tx, width) : 0, dy: height > 0 ? axis(box.y0, box.y1, v.ty, height) : 0 };
}

/** The top-left corners of a collapsed stack of n counters: each lower counter a little up and
 * to the right of the one on it (at most three edges shown), the top counter last. */
export function collapsedLayout(n: number, size = COUNTER_SIZE, step = 0.09): Offset[] {
  const shown = Math.min(n, 3);
  return Array.from({ length: n }, (_, k) => {
    const depth = Math.max(0, Math.min(shown - 1, n - 1 - k)); // 0 for the top counter
    return { dx: -size / 2 + depth * step, dy: -size / 2 - depth * step };
  });
}

/** The stack in drawing order: the selected unit on top, then the moving ones, HQs below. */
export function stackOrder(stack: WsrUnit[], selected: string | null): WsrUnit[] {
  const rank = (u: WsrUnit) => (u.label === selected ? 3 : u.moving ? 2 : u.hq ? 0 : 1);
  return [...stack].sort((a, b) => rank(a) - rank(b));
}

// ------------------------------------------------------------------------------ first view

/** The smallest counter (in screen pixels) the map opens with. */
export const READABLE_COUNTER_PX = 60;
export const READABLE_COUNTER_PX_PHONE = 52;

/** The view the map opens with: counters (COUNTER_SIZE hex radii) at least `minPx` wide, or
 * the whole map if it is larger; centred on `focus` (world points, e.g. the player's units), kept
 * inside the map's bounds. */
export function startView(
  bounds: { min_x: number; min_y: number; max_x: number; max_y: number },
  width: number,
  height: number,
  focus: { x: number; y: number }[],
  minPx: number,
  cover = false,
): View {
  const fitted = fitView(bounds, width, height, 10, cover);
  const scale = Math.max(fitted.scale, minPx / COUNTER_SIZE);
  if (scale === fitted.scale) return fitted;
  const cx = focus.length ? focus.reduce((s, p) => s + p.x, 0) / focus.length : (bounds.min_x + bounds.max_x) / 2;
  const cy = focus.length ? focus.reduce((s, p) => s + p.y, 0) / focus.length : (bounds.min_y + bounds.max_y) / 2;
  const m = 1.2; // a hex radius of margin beyond the outer hex centres
  const clamp = (t: number, lo: number, hi: number) => (lo > hi ? (lo + hi) / 2 : Math.max(lo, Math.min(hi, t)));
  return {
    scale,
    tx: clamp(width / 2 - cx * scale, width - (bounds.max_x + m) * scale, -(bounds.min_x - m) * scale),
    ty: clamp(height / 2 - cy * scale, height - (bounds.max_y + m) * scale, -(bounds.min_y - m) * scale),
  };
}

/** Where the first view looks: the units on the map of the seat that acts now (the units named
 * by the legal actions), else the hexes the legal actions name (a setup's hexes), else the
 * objectives, else nothing (the map's centre). */
export function focusPoints(board: WsrBoard, units: WsrUnit[], acting: Set<string>, places: string[] = []): { x: number; y: number }[] {
  const seats = new Set(units.filter((u) => acting.has(u.label)).map((u) => u.seat));
  const mine = units.filter((u) => seats.has(u.seat) && u.hex >= 0 && !u.gone);
  const at = (i: number) => ({ x: board.hexes[i].px, y: board.hexes[i].py });
  if (mine.length) return mine.map((u) => at(u.hex));
  const named = [...new Set(places)].map((id) => board.hexes.findIndex((h) => h.id === id)).filter((i) => i >= 0);
  if (named.length) return named.map(at);
  return (board.objectives ?? []).map(at);
}

// ------------------------------------------------------------------------------ clicks

/** What a click on unit `unit`'s counter (in hex `hexId`) means:
 * - `actions`: the selected unit's actions that name the clicked unit last (fire / opportunity
 *   fire at it, `load` onto it, `assign` to it, an ambush of it): sent (one) or chosen (several);
 * - `hex`: the hex is highlighted for the selected unit or the moving stack and the clicked
 *   counter is not a unit to select there: the hex's actions (as a click on the hex);
 * - `select`: select the unit (its own actions are shown). */
export type CounterClick = { kind: 'actions'; actions: ParsedAction[] } | { kind: 'hex' } | { kind: 'select' };

export function counterClick(
  actions: ParsedAction[],
  selected: string | null,
  unit: string,
  highlighted: boolean,
  acting: Set<string>,
): CounterClick {
  if (selected && selected !== unit) {
    const pair = pairActions(actions, selected).filter((a) => a.units[a.units.length - 1] === unit);
    if (pair.length) return { kind: 'actions', actions: pair };
  }
  if (highlighted && ((selected !== null && selected !== unit) || !acting.has(unit))) return { kind: 'hex' };
  return { kind: 'select' };
}

/** The selected unit's actions naming a second unit, sent by clicking that unit's counter
 * (`fire U T`, `opfire`, `fire-move`, `load U TRUCK`, `assign SW U`, `ambush U HEX T`); not the
 * moves (`enter U U HEX` is a click on the hex). */
export function pairActions(actions: ParsedAction[], selected: string): ParsedAction[] {
  return actions.filter((a) => a.units.length >= 2 && a.units[0] === selected && a.role !== 'move');
}

/** The units the selected unit's pair actions name (marked on the map: click them), with the
 * strongest role: 'target' for an attack, else 'other'. */
export function pairTargets(actions: ParsedAction[], selected: string | null): Map<string, 'target' | 'other'> {
  const out = new Map<string, 'target' | 'other'>();
  if (!selected) return out;
  for (const a of pairActions(actions, selected)) {
    const u = a.units[a.units.length - 1];
    if (a.role === 'attack') out.set(u, 'target');
    else if (!out.has(u)) out.set(u, 'other');
  }
  return out;
}

/** The actions a unit's card offers as buttons: those naming this unit and no other unit nor a
 * place (begin its move, mount, dismount, unload, leave behind, HQ support, AA fire, blow the
 * bridge, take the odd hit, the chaos pick, a fate point's second action, the support weapon). */
export function unitMenu(actions: ParsedAction[], unit: string): ParsedAction[] {
  return actions.filter((a) => a.units.length === 1 && a.units[0] === unit && a.places.length === 0);
}

/** The short button label of a unit's action in the UI's language (the server's label where the
 * map has no shorter word). */
export function menuLabel(a: ParsedAction, l: Lang = lang.value): string {
  const key = `verb_${a.verb}` as WsrKey;
  return key in WSR_STRINGS.en ? wsrT(key, l) : a.label;
}

// ------------------------------------------------------------------------------ words

const WSR_STRINGS = {
  en: {
    verb_select: 'Move',
    verb_mount: 'Mount',
    verb_dismount: 'Dismount',
    verb_unload: 'Unload',
    verb_drop: 'Leave behind',
    verb_support: 'HQ support',
    verb_flak: 'Fire at the aircraft',
    'verb_blow-bridge': 'Blow the bridge',
    'verb_odd-hit': 'Take the odd hit',
    'verb_chaos-pick': 'Chaos strikes this unit',
    'verb_fate ops': 'Act again (fate point)',
    clickUnits: 'click a ringed counter (red: fire at it)',
    clickHexes: 'click a highlighted hex',
    stackOf: '{n} units: point at the stack or tap it to spread it',
    formation: 'Formation',
    reducedSide: 'reduced side',
    fullSide: 'full side',
    activated: 'formation activated',
    spent: 'operations complete',
    suppressed: 'disrupted',
    ooc: 'out of command',
    carried: 'carried',
    close: 'Close',
    or: 'or',
    choose: 'Choose',
    moved: 'moved',
    command: 'command',
    supportWeapon: 'support weapon',
    armour: 'armour / save',
    mf: 'movement',
    assault: 'assault',
    offMap: 'off the map',
  },
  de: {
    verb_select: 'Bewegen',
    verb_mount: 'Aufsitzen',
    verb_dismount: 'Absitzen',
    verb_unload: 'Absteigen',
    verb_drop: 'Zurücklassen',
    verb_support: 'HQ-Unterstützung',
    verb_flak: 'Auf das Flugzeug feuern',
    'verb_blow-bridge': 'Brücke sprengen',
    'verb_odd-hit': 'Überzähligen Treffer nehmen',
    'verb_chaos-pick': 'Chaos trifft diese Einheit',
    'verb_fate ops': 'Erneut handeln (Schicksalspunkt)',
    clickUnits: 'umrandeten Spielstein anklicken (rot: auf ihn feuern)',
    clickHexes: 'hervorgehobenes Feld anklicken',
    stackOf: '{n} Einheiten: auf den Stapel zeigen oder tippen, um ihn aufzufächern',
    formation: 'Formation',
    reducedSide: 'reduzierte Seite',
    fullSide: 'volle Seite',
    activated: 'Formation aktiviert',
    spent: 'Operationen beendet',
    suppressed: 'desorganisiert',
    ooc: 'ohne Befehl',
    carried: 'transportiert',
    close: 'Schließen',
    or: 'oder',
    choose: 'Auswählen',
    moved: 'gezogen',
    command: 'Befehl',
    supportWeapon: 'Unterstützungswaffe',
    armour: 'Panzerung / Rettung',
    mf: 'Bewegung',
    assault: 'Nahkampf',
    offMap: 'nicht auf der Karte',
  },
} as const;

export type WsrKey = keyof (typeof WSR_STRINGS)['en'];

/** A word of the WSR map in the UI's language. */
export function wsrT(key: WsrKey, l: Lang = lang.value): string {
  return WSR_STRINGS[l][key] ?? WSR_STRINGS.en[key];
}

/** Keys missing in a language (unit-tested empty). */
export function wsrMissingKeys(): string[] {
  const en = Object.keys(WSR_STRINGS.en);
  const de = Object.keys(WSR_STRINGS.de);
  return [...en.filter((k) => !de.includes(k)), ...de.filter((k) => !en.includes(k))];
}
