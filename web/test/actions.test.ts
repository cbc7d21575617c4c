import { describe, expect, it } from 'vitest';
import { actingUnits, actionsOfUnit, clickTargets, groupByVerb, parseAll, placeOnlyActions, wantsOdds } from '../src/actions';

const units = new Set(['us.m4a1-1', 'us.m4a1-2', 'de.panther-1', 'us.hmg']);
const vocab = { isUnit: (w: string) => units.has(w), isPlace: (w: string) => /^[A-D]-[A-U]\d\d$/.test(w) };
const legal = [
  { id: '1', text: 'select us.m4a1-1' },
  { id: '2', text: 'fire us.m4a1-1 de.panther-1' },
  { id: '3', text: 'fire us.m4a1-2 de.panther-1 with-hq' },
  { id: '4', text: 'move A-K08' },
  { id: '5', text: 'end-impulse' },
  { id: '6', text: 'place us.m4a1-2 A-C03' },
  { id: '7', text: 'assign us.hmg us.m4a1-1' },
];

describe('legal actions read for the board', () => {
  const parsed = parseAll(legal, vocab);

  it('splits verb, units and places', () => {
    expect(parsed[1]).toMatchObject({ verb: 'fire', units: ['us.m4a1-1', 'de.panther-1'], places: [] });
    expect(parsed[3]).toMatchObject({ verb: 'move', units: [], places: ['A-K08'] });
    expect(parsed[2].words).toContain('with-hq');
  });

  it('groups by verb in first-seen order', () => {
    const g = groupByVerb(parsed);
    expect(g.map(([v]) => v)).toEqual(['select', 'fire', 'move', 'end-impulse', 'place', 'assign']);
    expect(g[1][1].map((a) => a.id)).toEqual(['2', '3']);
  });

  it("finds a unit's actions and the place-only ones", () => {
    expect(actionsOfUnit(parsed, 'us.m4a1-1').map((a) => a.id)).toEqual(['1', '2']);
    expect(placeOnlyActions(parsed).map((a) => a.id)).toEqual(['4']);
    expect([...actingUnits(parsed)].sort()).toEqual(['us.hmg', 'us.m4a1-1', 'us.m4a1-2']);
  });

  it('maps clicks: targets of the selected unit, and moves of the group', () => {
    const where = (l: string) => (l === 'de.panther-1' ? 'A-K10' : l === 'us.m4a1-1' ? 'A-K09' : null);
    const t1 = clickTargets(parsed, 'us.m4a1-1', where);
    expect(t1.get('A-K10')?.map((a) => a.id)).toEqual(['2']);
    expect(t1.get('A-K08')?.map((a) => a.id)).toEqual(['4']);
    expect(t1.has('A-C03')).toBe(false); // place of another unit
    expect(t1.has('A-K09')).toBe(false); // `assign us.hmg ...` is about the SW, not the tank
    const t2 = clickTargets(parsed, 'us.m4a1-2', where);
    expect(t2.get('A-C03')?.map((a) => a.id)).toEqual(['6']);
    expect(t2.get('A-K10')?.map((a) => a.id)).toEqual(['3']);
    const none = clickTargets(parsed, null, where);
    expect([...none.keys()]).toEqual(['A-K08']);
  });

  it('asks for odds before attacks only', () => {
    expect(wantsOdds(parsed[1])).toBe(true);
    expect(wantsOdds(parsed[3])).toBe(false);
    // Rivet Wars: a Sniper's attack on one unit rolls dice too.
    const [snipe] = parseAll([{ id: '9', text: 'snipe u3 w1 u7' }], vocab);
    expect(wantsOdds(snipe)).toBe(true);
  });
});
