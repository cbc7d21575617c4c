// WSR counters on the board (src/wsrcounter.ts): the NATO symbol by the counter's kind, the
// formation colours, the short names, the fan-out of a stack, the first view, and what a click on
// a counter means among the server's legal actions (load onto a truck, unload, fire at a unit,
// ambush, the chooser of fire with and without the HQ).
import { describe, expect, it } from 'vitest';
import { parseAll } from '../src/actions';
import type { WsrBoard, WsrObservation } from '../src/types';
import { observedUnits, unitName } from '../src/wsr';
import {
  collapsedLayout,
  COUNTER_SIZE,
  counterClick,
  fanLayout,
  fanShift,
  focusPoints,
  formationColours,
  menuLabel,
  natoSymbol,
  pairTargets,
  shortName,
  SHORT_NAME_MAX,
  startView,
  unitMenu,
  wsrMissingKeys,
} from '../src/wsrcounter';

const files = import.meta.glob('./fixtures/*.json', { eager: true, import: 'default' }) as Record<string, any>;
const board = files['./fixtures/wsr-noville-board.json'] as WsrBoard;
const play = files['./fixtures/wsr-noville-play.json'] as { observation: WsrObservation };

const u = (value: string) => ({ kind: 'unit' as const, value });
const p = (value: string) => ({ kind: 'place' as const, value });
const w = (value: string) => ({ kind: 'word' as const, value });
const label = (en: string, de = en) => ({ en, de });

describe('the NATO symbol of a counter follows its kind in the catalogue', () => {
  const c = (kind: string, extra: Partial<{ recon: boolean; aa: boolean }> = {}) => ({ kind, recon: false, aa: false, ...extra });
  it('infantry X, armour oval, recon slash, HQ flag, AT gun, mortar, AA, truck', () => {
    expect(natoSymbol(c('infantry'))).toBe('infantry');
    expect(natoSymbol(c('paratroopers'))).toBe('paratroopers');
    expect(natoSymbol(c('mech-infantry'))).toBe('mech-infantry');
    expect(natoSymbol(c('engineers'))).toBe('engineers');
    expect(natoSymbol(c('armor'))).toBe('armor');
    expect(natoSymbol(c('armor', { recon: true }))).toBe('armor-recon');
    expect(natoSymbol(c('armor', { aa: true }))).toBe('armor-aa');
    expect(natoSymbol(c('hq'))).toBe('hq');
    expect(natoSymbol(c('shq'))).toBe('shq');
    expect(natoSymbol(c('gun'), { ap: { fp: 2 } })).toBe('at-gun');
    expect(natoSymbol(c('gun'), { ap: null })).toBe('artillery');
    expect(natoSymbol(c('mortar'))).toBe('mortar');
    expect(natoSymbol(c('aa-gun'))).toBe('aa-gun');
    expect(natoSymbol(c('hmg'))).toBe('hmg');
    expect(natoSymbol(c('at-weapon'))).toBe('at-weapon');
    expect(natoSymbol(c('truck'))).toBe('truck');
    expect(natoSymbol(c('aircraft'))).toBe('aircraft');
    expect(natoSymbol(c('something-new'))).toBe('unknown');
  });

  it("every counter of the Noville board has a symbol of its own kind (an HQ shows the flag, not its vehicle)", () => {
    for (const counter of Object.values(board.counters)) expect(natoSymbol(counter, counter.faces.full ?? null)).not.toBe('unknown');
    expect(natoSymbol(board.counters['de.hq-beck'])).toBe('hq');
    expect(board.counters['de.hq-beck'].faces.full?.symbol).toBe('vehicle');
  });
});

describe('formation colours', () => {
  it('each formation of a side has its own colour, and no colour is shared across the sides', () => {
    const colours = formationColours(board);
    expect(colours.size).toBe(board.formations.length);
    const us = board.formations.filter((f) => f.seat === 'us').map((f) => colours.get(f.id));
    const de = board.formations.filter((f) => f.seat === 'de').map((f) => colours.get(f.id));
    expect(new Set(us).size).toBe(us.length);
    expect(us.some((c) => de.includes(c))).toBe(false);
  });
});

describe('short names on the counter', () => {
  const name = (label: string, n: string, id?: string) => shortName({ label, counter: { name: n, id } });
  it('drops notes, abbreviates, keeps the unit number, and never cuts a word', () => {
    expect(name('us.m4a3e8-2', 'M4A3E8 "Easy Eight"')).toBe('M4A3E8 2');
    expect(name('de.75mm-atg', '75mm ATG (PaK 40)')).toBe('75mm ATG');
    expect(name('us.paratroopers-1', 'Paratroopers')).toBe('Para 1');
    expect(name('de.hq-beck', 'Kampfgruppe Beck HQ')).toBe('KG Beck HQ');
    expect(name('us.hq-507', '507th Paratroops HQ', 'us.hq-507')).toBe('507th HQ');
    expect(name('us.m4a1-2', 'M4A1 Sherman')).toBe('M4A1 2');
    expect(name('de.panzer-iv-1', 'Panzer IV')).toBe('Pz IV 1');
  });
  it('every counter of the board fits the band', () => {
    for (const [id, counter] of Object.entries(board.counters)) expect(shortName({ label: `${id}-12`, counter }).length).toBeLessThanOrEqual(SHORT_NAME_MAX + 3);
  });
  it('in German, from the German rulebook\'s name (WSR 13.0: "Infanterie", "81mm Granatwerfer")', () => {
    const de = (label: string, n: string, nd: string) => shortName({ label, counter: { name: n, name_de: nd } }, 'de');
    expect(de('us.infantry-3', 'Infantry', 'Infanterie')).toBe('Inf 3');
    expect(de('us.81mm-mortar-1', '81mm mortar', '81mm Granatwerfer')).toBe('81mm GrW 1');
    expect(de('us.hmg-2', 'Heavy MG', 'Schweres MG')).toBe('sMG 2');
    expect(de('us.mech-infantry-1', 'Mechanized infantry', 'Mechanisierte Infanterie')).toBe('Mech Inf 1');
    expect(unitName({ label: 'us.infantry-3', counter: { name: 'Infantry', name_de: 'Infanterie' } }, 'de')).toBe('Infanterie 3');
    expect(unitName({ label: 'us.infantry-3', counter: { name: 'Infantry', name_de: 'Infanterie' } }, 'en')).toBe('Infantry 3');
    expect(unitName({ label: 'us.hq-2-16', counter: { id: 'us.hq-2-16', name: '2/16th Infantry HQ', name_de: '2/16. Infanterie HQ' } }, 'de')).toBe('2/16. Infanterie HQ');
    for (const [id, counter] of Object.entries(board.counters)) expect(shortName({ label: `${id}-12`, counter }, 'de').length).toBeLessThanOrEqual(SHORT_NAME_MAX + 3);
  });
});

describe('a stack fans out', () => {
  it('side by side, centred on the hex, no two counters overlapping', () => {
    for (const n of [2, 3, 4, 5, 7]) {
      const at = fanLayout(n);
      expect(at).toHaveLength(n);
      for (let a = 0; a < n; a++)
        for (let b = a + 1; b < n; b++) {
          const apart = Math.abs(at[a].dx - at[b].dx) >= COUNTER_SIZE || Math.abs(at[a].dy - at[b].dy) >= COUNTER_SIZE;
          expect(apart).toBe(true);
        }
      const xs = at.map((o) => o.dx);
      const ys = at.map((o) => o.dy);
      expect(Math.min(...xs) + Math.max(...xs) + COUNTER_SIZE).toBeCloseTo(0, 9);
      expect(Math.min(...ys) + Math.max(...ys) + COUNTER_SIZE).toBeCloseTo(0, 9);
    }
    expect(fanLayout(3).every((o) => o.dy === fanLayout(3)[0].dy)).toBe(true); // one row
    expect(new Set(fanLayout(5).map((o) => o.dy)).size).toBe(2); // rows of four
  });
  it("a stack at the window's edge spreads inwards, one inside stays where it is", () => {
    const v = { scale: 50, tx: 0, ty: 0 };
    // 3 world units wide at x 9..12 = 450..600 px: beyond a 500 px window by 100 px = 2 units.
    expect(fanShift({ x0: 9, y0: 1, x1: 12, y1: 2 }, v, 500, 400)).toEqual({ dx: -2, dy: 0 });
    expect(fanShift({ x0: -1, y0: 1, x1: 2, y1: 2 }, v, 500, 400)).toEqual({ dx: 1, dy: 0 });
    expect(fanShift({ x0: 2, y0: 1, x1: 5, y1: 2 }, v, 500, 400)).toEqual({ dx: 0, dy: 0 });
    expect(fanShift({ x0: 2, y0: 7.5, x1: 5, y1: 8.5 }, v, 500, 400).dy).toBeCloseTo(-0.5, 9);
    // Wider than the window: left alone.
    expect(fanShift({ x0: -5, y0: 1, x1: 20, y1: 2 }, v, 500, 400).dx).toBe(0);
  });
  it('closed, the top counter sits on the hex centre and at most three edges show', () => {
    const at = collapsedLayout(5);
    expect(at[4]).toEqual({ dx: -COUNTER_SIZE / 2, dy: -COUNTER_SIZE / 2 });
    expect(new Set(at.map((o) => o.dx)).size).toBe(3);
  });
});

describe('the first view', () => {
  const units = observedUnits(play.observation, board);
  it('counters readable (at least the asked pixels) where the fitted map is smaller', () => {
    const v = startView(board.bounds, 1000, 700, [], 60);
    expect(v.scale * COUNTER_SIZE).toBeGreaterThanOrEqual(60);
    const phone = startView(board.bounds, 390, 600, [], 52, true);
    expect(phone.scale * COUNTER_SIZE).toBeGreaterThanOrEqual(52);
  });
  it("centred on the acting side's units, kept inside the map", () => {
    const acting = new Set(units.filter((x) => x.seat === 'us' && x.hex >= 0).map((x) => x.label).slice(0, 1));
    const focus = focusPoints(board, units, acting);
    expect(focus.length).toBe(units.filter((x) => x.seat === 'us' && x.hex >= 0 && !x.gone).length);
    const v = startView(board.bounds, 1000, 700, focus, 60);
    const cx = focus.reduce((s, q) => s + q.x, 0) / focus.length;
    const sx = cx * v.scale + v.tx;
    // The units' centre on the screen's middle unless that would show beyond the map's edge.
    const leftEdge = (board.bounds.min_x - 1.2) * v.scale + v.tx;
    const rightEdge = (board.bounds.max_x + 1.2) * v.scale + v.tx;
    expect(Math.abs(sx - 500) < 1 || Math.abs(leftEdge) < 1 || Math.abs(rightEdge - 1000) < 1).toBe(true);
    expect(leftEdge).toBeLessThanOrEqual(0.001);
    expect(rightEdge).toBeGreaterThanOrEqual(999.999);
  });
  it('with no units on the map it looks at the hexes the actions name (a setup), else the objectives', () => {
    const focus = focusPoints(board, [], new Set());
    expect(focus.length).toBe(board.objectives.length);
    const setup = focusPoints(board, [], new Set(['us.paratroopers-1']), ['A-I09', 'A-J09', 'A-J09', 'no-such-hex']);
    const i09 = board.hexes.find((h) => h.id === 'A-I09')!;
    expect(setup).toHaveLength(2);
    expect(setup[0]).toEqual({ x: i09.px, y: i09.py });
  });
  it('a map smaller than the box is shown whole (the fitted view)', () => {
    const v = startView({ min_x: 0, min_y: 0, max_x: 4, max_y: 3 }, 1000, 700, [], 60);
    expect(v.scale).toBeGreaterThan(60);
  });
});

describe('clicks on counters send the actions that name them (WSR 5.2 separate carriers, fire, ambush)', () => {
  const legal = parseAll([
    { id: '1', text: 'load us.infantry-1 us.truck-1', verb: 'load', args: [u('us.infantry-1'), u('us.truck-1')], role: 'other', label: label('Infantry 1 boards Truck 1', 'Infantry 1 steigt auf Truck 1') },
    { id: '2', text: 'unload us.infantry-2', verb: 'unload', args: [u('us.infantry-2')], role: 'other', label: label('Infantry 2 unloads', 'Infantry 2 steigt ab') },
    { id: '3', text: 'select us.infantry-1', verb: 'select', args: [u('us.infantry-1')], role: 'other', label: label('Select Infantry 1', 'Infantry 1 auswählen') },
    { id: '4', text: 'fire us.m4a1-1 de.panther-1', verb: 'fire', args: [u('us.m4a1-1'), u('de.panther-1')], role: 'attack', label: label('M4A1 1 fires at Panther 1') },
    { id: '5', text: 'fire us.m4a1-1 de.panther-1 with-hq', verb: 'fire', args: [u('us.m4a1-1'), u('de.panther-1'), w('with-hq')], role: 'attack', label: label('M4A1 1 fires at Panther 1 (with-hq)') },
    { id: '6', text: 'ambush de.panther-2 B-R04 us.m4a3e8-1', verb: 'ambush', args: [u('de.panther-2'), p('B-R04'), u('us.m4a3e8-1')], role: 'attack', label: label('Ambush') },
    { id: '7', text: 'move A-K08', verb: 'move', args: [p('A-K08')], role: 'move', label: label('Move to A-K08') },
    { id: '8', text: 'end-impulse', verb: 'end-impulse', args: [], role: 'decline', label: label('End the impulse') },
    { id: '9', text: 'enter us.m4a1-2 us.m4a1-3 A-A01', verb: 'enter', args: [u('us.m4a1-2'), u('us.m4a1-3'), p('A-A01')], role: 'move', label: label('Enter') },
  ] as any);
  const acting = new Set(['us.infantry-1', 'us.infantry-2', 'us.m4a1-1', 'de.panther-2', 'us.m4a1-2', 'us.truck-1']);
  const ids = (c: ReturnType<typeof counterClick>) => (c.kind === 'actions' ? c.actions.map((a) => a.id) : c.kind);

  it('load: the passenger selected, a click on the truck loads it (even though the truck can act itself)', () => {
    expect(ids(counterClick(legal, 'us.infantry-1', 'us.truck-1', true, acting))).toEqual(['1']);
    expect(pairTargets(legal, 'us.infantry-1').get('us.truck-1')).toBe('other');
  });
  it("unload, move: buttons on the unit's card (no other unit, no place), labelled in the UI's language", () => {
    expect(unitMenu(legal, 'us.infantry-2').map((a) => a.id)).toEqual(['2']);
    expect(unitMenu(legal, 'us.infantry-1').map((a) => a.id)).toEqual(['3']);
    expect(menuLabel(unitMenu(legal, 'us.infantry-2')[0], 'en')).toBe('Unload');
    expect(menuLabel(unitMenu(legal, 'us.infantry-2')[0], 'de')).toBe('Absteigen');
    expect(menuLabel(unitMenu(legal, 'us.infantry-1')[0], 'de')).toBe('Bewegen');
    expect(unitMenu(legal, 'us.m4a1-1')).toEqual([]);
  });
  it('fire: the firer selected, a click on the enemy counter offers the fire with and without the HQ', () => {
    expect(ids(counterClick(legal, 'us.m4a1-1', 'de.panther-1', true, acting))).toEqual(['4', '5']);
    expect(pairTargets(legal, 'us.m4a1-1').get('de.panther-1')).toBe('target');
  });
  it('ambush: the ambusher selected, a click on its target', () => {
    expect(ids(counterClick(legal, 'de.panther-2', 'us.m4a3e8-1', false, acting))).toEqual(['6']);
  });
  it('a move or an entry is a click on the hex, never on a counter', () => {
    expect(ids(counterClick(legal, 'us.m4a1-2', 'us.m4a1-3', true, acting))).toBe('hex');
    expect(pairTargets(legal, 'us.m4a1-2').size).toBe(0);
  });
  it('a counter in a highlighted hex: the hex when another unit is selected or it cannot act, else it is selected', () => {
    expect(ids(counterClick(legal, null, 'de.panther-1', true, acting))).toBe('hex');
    expect(ids(counterClick(legal, 'us.infantry-2', 'us.infantry-1', true, acting))).toBe('hex');
    expect(ids(counterClick(legal, null, 'us.infantry-1', true, acting))).toBe('select');
    expect(ids(counterClick(legal, 'us.infantry-1', 'us.infantry-1', true, acting))).toBe('select');
    expect(ids(counterClick(legal, null, 'de.panther-1', false, acting))).toBe('select');
  });
  it('the map words exist in both languages', () => {
    expect(wsrMissingKeys()).toEqual([]);
  });
});
