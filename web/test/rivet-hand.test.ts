// Rivet Wars' hand, secret missions, SO fields and unit values (src/rivet.ts, read by
// components/RivetHand.tsx and RivetField.tsx) on the fixtures the C++ side writes
// (tests/rivet/observation_fixtures_test.cc): the viewer's own cards by name and text in both
// languages, nothing of another seat's, a card played by the legal actions that name it.
import { describe, expect, it } from 'vitest';
import { parseAll } from '../src/actions';
import { cardActions, rivetCard, rivetHand, soFields, unitValues, worst } from '../src/rivet';
import type { LegalAction, RivetBoard, RivetObservation } from '../src/types';

const files = import.meta.glob('./fixtures/*.json', { eager: true, import: 'default' }) as Record<string, any>;
const fixture = (name: string): any => files[`./fixtures/${name}.json`];

describe('Rivet hand and secret missions (RW §5.1)', () => {
  const board = fixture('rivet-mission-5-board') as RivetBoard;
  const allies = fixture('rivet-mission-5-allies').observation as RivetObservation;
  const observer = fixture('rivet-mission-5-observer').observation as RivetObservation;

  it('the seat reads its own cards and missions with name and text, in English and German', () => {
    const en = rivetHand(board, allies, 'allies', 'en');
    const de = rivetHand(board, allies, 'allies', 'de');
    expect(en.cards.map((c) => c.id)).toEqual(allies.seats.allies.hand);
    expect(en.secrets.map((c) => c.id)).toEqual(allies.seats.allies.secrets);
    expect(en.cards[0]).toMatchObject({ id: 'AC-22', name: 'Forward Depot', kind: 'action', window: 2, provenance: 'stand-in' });
    expect(de.cards[0]).toMatchObject({ id: 'AC-22', name: 'Vorgeschobenes Depot' });
    expect(de.cards[0].text).toMatch(/Aufstellungssegmente/);
    expect(en.secrets[0]).toMatchObject({ id: 'SM-06', name: 'Scrap Metal', vp: 1, check: 'this_turn' });
    expect(en.secrets[0].text).toMatch(/enemy cavalry, support or tank unit/);
    expect(de.secrets[0].name).toBe('Schrott');
    for (const c of [...en.cards, ...en.secrets, ...de.cards, ...de.secrets]) expect(c.text.length).toBeGreaterThan(10);
  });

  it("nothing of the other seat's cards, and nothing for an observer", () => {
    expect(rivetHand(board, allies, 'bismark', 'en')).toEqual({ cards: [], secrets: [] });
    for (const seat of ['allies', 'bismark']) expect(rivetHand(board, observer, seat, 'en')).toEqual({ cards: [], secrets: [] });
    expect(JSON.stringify(observer)).not.toMatch(/AC-22|SM-06|SM-07/);
  });

  it('the board is the public catalogue: every card in both languages, no hand', () => {
    expect(board.action_cards).toHaveLength(24);
    expect(board.secret_missions).toHaveLength(10);
    for (const c of board.action_cards) expect(c.name_de && c.rules_de && c.name_de !== c.name).toBeTruthy();
    for (const m of board.secret_missions) expect(m.goal && m.goal_de).toBeTruthy();
    expect(JSON.stringify(board)).not.toMatch(/"hand"|"deck"|"secrets"/);
    expect(rivetCard(board, 'AC-19', 'de')?.name).toBe('Blindgänger');
    expect(rivetCard(board, 'nope', 'en')).toBeNull();
  });
});

describe('Rivet card plays from the legal actions', () => {
  const legal: LegalAction[] = [
    { id: '1', text: 'play AC-05 u3', verb: 'play', args: [{ kind: 'card', value: 'AC-05' }, { kind: 'unit', value: 'u3' }], label: { en: 'Play AC-05 Sharpshooter: u3', de: 'AC-05 Meisterschütze ausspielen: u3' } },
    { id: '2', text: 'play AC-05 u4', verb: 'play', args: [{ kind: 'card', value: 'AC-05' }, { kind: 'unit', value: 'u4' }] },
    { id: '3', text: 'play AC-23', verb: 'play', args: [{ kind: 'card', value: 'AC-23' }] },
    { id: '4', text: 'discard AC-02', verb: 'discard', args: [{ kind: 'card', value: 'AC-02' }] },
    { id: '5', text: 'draw AC-09', verb: 'draw', args: [{ kind: 'card', value: 'AC-09' }] },
    { id: '6', text: 'end', verb: 'end', args: [] },
  ];
  it('by card: a click plays the only action, or chooses among several', () => {
    const m = cardActions(legal, parseAll(legal, 'de'));
    expect([...m.keys()].sort()).toEqual(['AC-02', 'AC-05', 'AC-23']);
    expect(m.get('AC-05')!.map((a) => a.id)).toEqual(['1', '2']);
    expect(m.get('AC-05')![0].label).toBe('AC-05 Meisterschütze ausspielen: u3');
    expect(m.get('AC-23')!.map((a) => a.text)).toEqual(['play AC-23']);
    expect(m.has('AC-09')).toBe(false); // a chance draw is no card of the hand
  });
});

describe('Rivet SO fields and unit values (RW §10, content §2.3)', () => {
  const board = fixture('rivet-mission-1-board') as RivetBoard;
  const obs = fixture('rivet-mission-1-allies').observation as RivetObservation;

  it("each SO segment's field, as the observation's SO pieces stand", () => {
    const m = soFields(board);
    expect([...m.keys()].sort()).toEqual([...board.sos].sort());
    expect(m.get('d3')).toBe('SE');
    for (const p of obs.terrain.filter((x) => x.kind === 'so')) expect(m.get(p.seg)).toBe(p.field);
  });

  it('every printed value with its provenance; a stand-in is marked', () => {
    const rifleman = board.unit_types.find((u) => u.id === 'rifleman')!;
    const rows = unitValues(rifleman, 'de');
    const by = new Map(rows.map((r) => [r.key, r]));
    expect(by.get('range')).toMatchObject({ value: '2 / 0' });
    expect(by.get('baseFields')).toMatchObject({ value: '1', provenance: 'stand-in' });
    expect(by.get('cost')).toMatchObject({ value: '1 AP', provenance: 'public-unverified' });
    expect(unitValues(rifleman, 'en').find((r) => r.key === 'cost')?.value).toBe('1 DP');
    expect(by.get('abilities')?.value).toBe('Läufer (+1)');
    expect(by.get('weapon 1')).toMatchObject({ value: '1× [3 0 0 0 0]', provenance: 'public-unverified' });
    expect(by.get('deviates 1')).toMatchObject({ value: '—', provenance: 'stand-in' });
    expect(unitValues(rifleman, 'en').find((r) => r.key === 'abilities')?.value).toBe('Runner (+1)');
    for (const t of board.unit_types) for (const r of unitValues(t, 'en')) expect(r.provenance, `${t.id} ${r.key}`).not.toBe('');
    expect(worst('rules-text', 'stand-in')).toBe('stand-in');
  });
});
