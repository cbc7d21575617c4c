// Rivet Wars: reading the observation (RivetState::observe, games/rivet/observation.cc: named
// fields) against the static board (games/rivet/web_board.cc: unit types by id).
import type { ParsedAction } from './actions';
import { t as say, type Lang } from './i18n';
import type { LegalAction, RivetBoard, RivetObservation, RivetObservedUnit, RivetUnitType } from './types';

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

/** An Action! card or secret mission as the player reads it, in the UI's language. */
export interface RivetCardText {
  id: string;
  kind: 'action' | 'secret';
  name: string;
  text: string; // the rules (a card) or the goal (a mission)
  quote: string; // "" for a mission
  window: number | null; // W1..W9 (a card)
  deviation: string | null; // the deviation diagram's outcome (a card)
  vp: number | null; // a mission's VP
  check: string | null; // end_of_turn | this_turn (a mission)
  provenance: string;
}

/** The card or mission `id` of the board's catalogue in `lang`; null for an unknown id. */
export function rivetCard(board: RivetBoard, id: string, lang: Lang): RivetCardText | null {
  const de = lang === 'de';
  const pick = (en: string, german: string | undefined) => (de && german ? german : en);
  const c = (board.action_cards ?? []).find((x) => x.id === id);
  if (c)
    return {
      id, kind: 'action', name: pick(c.name, c.name_de), text: pick(c.rules, c.rules_de), quote: pick(c.quote ?? '', c.quote_de),
      window: c.window, deviation: c.deviation ?? null, vp: null, check: null, provenance: c.provenance ?? '',
    };
  const m = (board.secret_missions ?? []).find((x) => x.id === id);
  if (m)
    return {
      id, kind: 'secret', name: pick(m.name, m.name_de), text: pick(m.goal || m.condition, m.goal_de), quote: '',
      window: null, deviation: null, vp: m.vp, check: m.check ?? null, provenance: m.provenance ?? '',
    };
  return null;
}

/** The viewer's own Action! cards and secret missions: only its own seat's observation names them
 * (observation.cc gives the other seat and observers null); empty for anyone else. */
export function rivetHand(board: RivetBoard, obs: Partial<RivetObservation> | null | undefined, seat: string, lang: Lang): { cards: RivetCardText[]; secrets: RivetCardText[] } {
  const s = obs?.seats?.[seat];
  const read = (ids: string[] | null | undefined) =>
    (Array.isArray(ids) ? ids : []).map((id) => rivetCard(board, id, lang) ?? ({ id, kind: 'action', name: id, text: '', quote: '', window: null, deviation: null, vp: null, check: null, provenance: '' } as RivetCardText));
  return { cards: read(s?.hand), secrets: read(s?.secrets) };
}

/** The legal actions that name a card first (play AC-04 u7 w1, discard AC-02, draw-secret SM-03),
 * by card id: a click on the card in the hand chooses among them. */
export function cardActions(legal: LegalAction[], actions: ParsedAction[]): Map<string, ParsedAction[]> {
  const byId = new Map(actions.map((a) => [a.id, a]));
  const out = new Map<string, ParsedAction[]>();
  for (const a of legal) {
    const first = a.args?.[0];
    if (!first || first.kind !== 'card' || !['play', 'discard'].includes(a.verb ?? '')) continue;
    const p = byId.get(a.id);
    if (!p) continue;
    const list = out.get(first.value);
    if (list) list.push(p);
    else out.set(first.value, [p]);
  }
  return out;
}

/** The field of each SO: segment id -> field name ("NW" ...), from the board's so_fields. */
export function soFields(board: RivetBoard): Map<string, string> {
  return new Map((board.so_fields ?? []).map((f) => [f.seg, f.field]));
}

/** A unit type's values for inspection: [field, value, provenance], in the stat card's order. A
 * field whose provenance is stand-in is not the printed value (content §2.3). */
export function unitValues(t: RivetUnitType, lang: Lang): { key: string; value: string; provenance: string }[] {
  const p = t.provenance ?? {};
  const v = (x: number | string | null | undefined) => (x === null || x === undefined ? '—' : String(x));
  const rows: { key: string; value: string; provenance: string }[] = [
    { key: 'class', value: t.class, provenance: p.class ?? '' }, // the UI names it (rivetClass_*)
    { key: 'cost', value: `${v(t.cost)} ${say('rivetDp', lang)}${t.rivets ? ` + ${t.rivets} R` : ''}`, provenance: p.cost ?? '' },
    { key: 'move', value: v(t.move), provenance: p.move ?? '' },
    { key: 'armour', value: v(t.armour) + (t.armour_public_value !== null && t.armour_public_value !== undefined ? ` (${t.armour_public_value})` : ''), provenance: p.armour ?? '' },
    { key: 'hp', value: v(t.hp), provenance: p.hp ?? '' },
    { key: 'range', value: `${v(t.range_ground)} / ${v(t.range_air)}`, provenance: worst(p.range_ground, p.range_air) },
    { key: 'loot', value: v(t.loot), provenance: p.loot ?? '' },
    { key: 'sockets', value: v(t.sockets), provenance: p.sockets ?? '' },
    { key: 'baseFields', value: v(t.base_fields), provenance: p.base_fields ?? '' },
    { key: 'miniatures', value: v(t.miniatures), provenance: p.miniatures ?? '' },
    { key: 'abilities', value: (t.abilities ?? []).map((a) => (lang === 'de' ? a.text_de : a.text)).join(', ') || '—', provenance: p.abilities ?? '' },
  ];
  (t.weapons ?? []).forEach((w, i) => {
    rows.push({
      key: `weapon ${i + 1}`,
      value: `${w.attacks}× [${w.dice.join(' ')}]${w.rules.length ? ' ' + w.rules.join(', ') : ''}`,
      provenance: worst(p['weapons.attacks'], p['weapons.dice'], p['weapons.rules']),
    });
    rows.push({ key: `deviates ${i + 1}`, value: w.deviates ? '✓' : '—', provenance: p['weapons.deviates'] ?? '' });
  });
  return rows;
}

/** The least certain of several provenances: stand-in before public-unverified before rules-text. */
export function worst(...ps: (string | undefined)[]): string {
  for (const k of ['stand-in', 'public-unverified', 'rules-text']) if (ps.includes(k)) return k;
  return ps.find((x) => !!x) ?? '';
}
