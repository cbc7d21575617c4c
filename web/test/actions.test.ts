import { describe, expect, it } from 'vitest';
import { actingUnits, actionsOfUnit, askBefore, clickTargets, groupByVerb, irreversible, parseAll, placeOnlyActions, wantsOdds } from '../src/actions';

// Legal actions as the server sends them: verb, typed arguments, role, labels.
const u = (value: string) => ({ kind: 'unit' as const, value });
const p = (value: string, role?: string) => ({ kind: 'place' as const, value, ...(role ? { role } : {}) });
const label = (en: string, de = en) => ({ en, de });
const legal = [
  { id: '1', text: 'select us.m4a1-1', verb: 'select', args: [u('us.m4a1-1')], role: 'other' as const, label: label('Select M4A1 1', 'M4A1 1 auswählen') },
  { id: '2', text: 'fire us.m4a1-1 de.panther-1', verb: 'fire', args: [u('us.m4a1-1'), u('de.panther-1')], role: 'attack' as const, label: label('M4A1 1 fires at Panther 1') },
  { id: '3', text: 'fire us.m4a1-2 de.panther-1 with-hq', verb: 'fire', args: [u('us.m4a1-2'), u('de.panther-1'), { kind: 'word' as const, value: 'with-hq' }], role: 'attack' as const, label: label('M4A1 2 fires at Panther 1 (with-hq)') },
  { id: '4', text: 'move A-K08', verb: 'move', args: [p('A-K08')], role: 'move' as const, label: label('Move to A-K08', 'Nach A-K08 ziehen'), cost: 2, note: '2 MP, 3 left', note_de: '2 BP, noch 3' },
  { id: '5', text: 'end-impulse', verb: 'end-impulse', args: [], role: 'decline' as const, label: label('End the impulse') },
  { id: '6', text: 'place us.m4a1-2 A-C03', verb: 'place', args: [u('us.m4a1-2'), p('A-C03')], role: 'move' as const, label: label('Set up M4A1 2 in A-C03') },
  { id: '7', text: 'assign us.hmg us.m4a1-1', verb: 'assign', args: [u('us.hmg'), u('us.m4a1-1')], role: 'other' as const, label: label('Give HMG to M4A1 1') },
];

describe('legal actions read for the board', () => {
  const parsed = parseAll(legal);

  it('takes verb, units, places, role, label and cost from the server, never from the text', () => {
    expect(parsed[1]).toMatchObject({ verb: 'fire', units: ['us.m4a1-1', 'de.panther-1'], places: [], role: 'attack' });
    expect(parsed[3]).toMatchObject({ verb: 'move', units: [], places: ['A-K08'], cost: 2, note: '2 MP, 3 left' });
    expect(parsed[0].label).toBe('Select M4A1 1');
    expect(parseAll(legal, 'de')[0].label).toBe('M4A1 1 auswählen');
  });

  it("shows the note in the UI's language: the German where the server sends one (note_de)", () => {
    expect(parseAll(legal, 'de')[3]).toMatchObject({ label: 'Nach A-K08 ziehen', note: '2 BP, noch 3' });
    // A note the same in both languages comes without note_de: the German UI shows `note`.
    const same = { id: '10', text: 'fire x y', verb: 'fire', note: '50%' };
    expect(parseAll([same], 'de')[0].note).toBe('50%');
    expect(parseAll([{ id: '11', text: 'pass' }], 'de')[0].note).toBe('');
    // A text without its structure (an older server) is shown as it is and names nothing.
    expect(parseAll([{ id: '8', text: 'roll 4 6' }])[0]).toMatchObject({ verb: '', label: 'roll 4 6', units: [], places: [] });
  });

  it("takes a step's destination from the server (Rivet Wars)", () => {
    const [step] = parseAll([{ id: '9', text: 'step u2 SE SW', verb: 'step', args: [u('u2'), { kind: 'dir' as const, value: 'SE' }, { kind: 'dir' as const, value: 'SW' }, p('c4', 'to')], role: 'move' as const, label: label('Move Rifleman u2 SE (SW)') }]);
    expect(step.places).toEqual(['c4']);
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
  });
});

describe('headings, irreversible actions and questions before sending', () => {
  const mk = (x: Partial<LegalActionLike>) => ({ id: '1', text: 'x', ...x });
  type LegalActionLike = { id: string; text: string; verb?: string; role?: 'decline' | 'confirm' | 'other'; label?: { en: string; de: string }; title?: { en: string; de: string }; warn?: { en: string; de: string } };
  const list = [
    mk({ id: '1', text: 'move u1 c4', verb: 'step', role: 'other', label: label('Move Rifleman u1'), title: { en: 'Move', de: 'Ziehen' } }),
    mk({ id: '2', text: 'concede', verb: 'concede', role: 'confirm', label: label('Concede the battle', 'Schlacht aufgeben'), title: { en: 'Concede', de: 'Aufgeben' } }),
    mk({ id: '3', text: 'end', verb: 'end', role: 'decline', label: label('End the phase', 'Phase beenden'), title: { en: 'End the phase', de: 'Phase beenden' }, warn: { en: '2 units can still move (Rifleman u1, Rifleman u2)', de: '2 Einheiten können noch ziehen (Schütze u1, Schütze u2)' } }),
    mk({ id: '4', text: 'pass', verb: 'pass', role: 'decline', label: label('Pass', 'Passen') }),
  ];

  it("heads each verb's group in the UI's language, the verb itself where the server sends no heading", () => {
    expect(parseAll(list, 'de')[0].title).toBe('Ziehen');
    expect(parseAll(list, 'en')[0].title).toBe('Move');
    expect(parseAll(list, 'de')[3].title).toBe('pass');
  });

  it('keeps conceding out of the groups, apart', () => {
    const parsed = parseAll(list);
    expect(groupByVerb(parsed).map(([v]) => v)).toEqual(['step', 'end', 'pass']);
    expect(irreversible(parsed).map((a) => a.text)).toEqual(['concede']);
  });

  it("asks before conceding and before an ending the server warns of, in the UI's language", () => {
    const de = parseAll(list, 'de');
    expect(askBefore(de[1], 'de')).toBe('Schlacht aufgeben: Das lässt sich nicht zurücknehmen. Wirklich?');
    expect(askBefore(de[2], 'de')).toBe('2 Einheiten können noch ziehen (Schütze u1, Schütze u2). Trotzdem: Phase beenden?');
    expect(askBefore(parseAll(list, 'en')[2], 'en')).toBe('2 units can still move (Rifleman u1, Rifleman u2). End the phase anyway?');
    expect(askBefore(de[0], 'de')).toBeNull();
    expect(askBefore(de[3], 'de')).toBeNull();
  });
});
