import { describe, expect, it } from 'vitest';
import { faceSummary, hexMarkers, observedUnits, stacks } from '../src/wsr';
import { cellKey, hiddenCount, pocketScore, unitCell } from '../src/pocket';
import { oddsTables } from '../src/components/OddsPanel';
import { foldLog, mergeLog, unionLog } from '../src/components/LogPanel';
import { parseRoute } from '../src/route';
import { missingKeys, playerLabel, t } from '../src/i18n';
import type { Counter, Face, LogEntry, PocketBoard, WsrBoard, WsrObservation, WsrObsUnit } from '../src/types';

const face = (mf: number, extra: Partial<Face> = {}): Face => ({
  symbol: 'vehicle', target: 'hard', silhouette: '', ap: { fp: 3, to_hit: 4, range: 8, underlined: false, enhanced: false },
  he: null, aa: null, air: null, armor: 3, save: 4, mf, carrier: false, assault: null, ...extra,
});
const tank: Counter = { id: 'us.m4', name: 'M4', name_de: 'M4', nation: 'us', kind: 'armor', recon: false, aa: false, transport: false, steps: 2, wreck_back: true,
  faces: { full: face(6), reduced: face(5) } };
const ht: Counter = { id: 'us.ht', name: 'HT', name_de: 'HT', nation: 'us', kind: 'mech-infantry', recon: false, aa: false, transport: true, steps: 2, wreck_back: false,
  faces: { 'mounted-full': face(7, { target: 'soft' }), 'mounted-reduced': face(6), 'dismounted-full': face(4), 'dismounted-reduced': face(3) } };
const hq: Counter = { ...tank, id: 'us.hq', name: 'HQ', kind: 'hq', faces: { full: face(5, { command_value: 2, command_range: 3, ap: null, armor: 0 }) } };

const board = {
  kind: 'hex', seats: ['us', 'de'],
  hexes: [
    { i: 0, id: 'A-C04', c: 3, y: 4, cost: [[1, 2], [1, 1], [3, 4], [-1, -1], [1, 1], [1, 1]] },
    { i: 1, id: 'A-D04', c: 4, y: 5 },
    { i: 2, id: 'A-C03', c: 3, y: 2 },
    { i: 3, id: 'A-C05', c: 3, y: 6 },
  ],
  units: [
    { i: 0, label: 'us.m4-1', side: 0, seat: 'us', formation: 0, counter: 'us.m4', hq: false, shq: false },
    { i: 1, label: 'us.ht-1', side: 0, seat: 'us', formation: 0, counter: 'us.ht', hq: false, shq: false },
    { i: 2, label: 'us.hq', side: 0, seat: 'us', formation: 0, counter: 'us.hq', hq: true, shq: false },
    { i: 3, label: 'de.x', side: 1, seat: 'de', formation: 1, counter: 'us.m4', hq: false, shq: false },
  ],
  sws: [{ i: 0, label: 'us.hmg', counter: 'us.hmg', side: 0, formation: 0 }],
  counters: { 'us.m4': tank, 'us.ht': ht, 'us.hq': hq },
} as unknown as WsrBoard;

// A unit of the observation (WsrState::observe) with every flag off unless given.
const unit = (label: string, seat: string, counter: string, f: Face, extra: Partial<WsrObsUnit> = {}): WsrObsUnit => ({
  label, seat, formation: `${seat}.f`, counter, hex: 'A-C04', start_hex: 'A-C04', hq: false, reduced: false, mounted: false,
  disrupted: false, ops_complete: false, out_of_command: false, moving: false, moved: false, gone: false, off_map: false,
  hq_supported: false, sw: null, mp_spent: 0, face: f, ...extra,
});

const observation = (units: WsrObsUnit[], hexes: WsrObservation['hexes'] = {}): WsrObservation =>
  ({ phase: 'operations', turn: 1, turns: 6, units, hexes, seats: {} }) as unknown as WsrObservation;

describe('WSR observation read against the board (WsrState::observe, named fields)', () => {
  const obs = observation(
    [
      unit('us.m4-1', 'us', 'us.m4', { ...tank.faces.reduced, name: 'reduced' }, { reduced: true, disrupted: true, sw: 'us.hmg' }),
      unit('us.ht-1', 'us', 'us.ht', { ...ht.faces['mounted-full'], name: 'mounted-full' }, { mounted: true, ops_complete: true, mp_spent: 3, start_hex: 'A-D04' }),
      unit('us.hq', 'us', 'us.hq', { ...hq.faces.full, name: 'full' }, { out_of_command: true, hq: true }),
      unit('de.x', 'de', 'us.m4', { ...tank.faces.full, name: 'full' }, { gone: true, hex: null, start_hex: null }),
    ],
    {
      'A-D04': { controller: 'us', entered_last: null, wreck: false, ip: false, mine: false },
      'A-C03': { controller: 'de', entered_last: 'de', wreck: true, ip: false, mine: false },
      'A-C05': { controller: null, entered_last: null, wreck: false, ip: true, mine: true },
    },
  );
  const us = observedUnits(obs, board);

  it('joins units with the board: hex ids to hexes, counters, seats', () => {
    expect(us[0]).toMatchObject({ hex: 0, hexId: 'A-C04', reduced: true, disrupted: true, opsComplete: false, sw: 'us.hmg', side: 0 });
    expect(us[0].counter).toBe(tank);
    expect(us[1]).toMatchObject({ mounted: true, opsComplete: true, mpSpent: 3, startHex: 1, sw: null });
    expect(us[2]).toMatchObject({ outOfCommand: true, hq: true });
    expect(us[3]).toMatchObject({ gone: true, hex: -1, hexId: null, side: 1 });
    expect(observedUnits(undefined, board)).toEqual([]);
  });

  it('stacks units by hex, HQs last, the eliminated left out', () => {
    const s = stacks(us);
    expect([...s.keys()]).toEqual([0]);
    expect(s.get(0)!.map((u) => u.label)).toEqual(['us.m4-1', 'us.ht-1', 'us.hq']);
  });

  it('summarises the printed values of the face the observation shows', () => {
    expect(faceSummary(us[0].face)).toBe('AP 3-4+-8 Arm 3/4+ MF 5');
    expect(faceSummary(us[1].face)).toBe('AP 3-4+-8 Arm 3/4+ MF 7');
    expect(faceSummary(us[2].face)).toContain('Cmd 2/3');
  });

  // A hex without markers (no exit, boundary, destroyed bridge or aircraft in this board).
  const NONE = { wreck: false, ip: false, mine: false, smoke: 0, barrage: false, aircraft: [], exitSeats: [], boundary: false, destroyedBridge: false };
  it('reads control and markers per hex by hex id', () => {
    expect(hexMarkers(obs, board, 0)).toEqual({ ...NONE, controller: -1 });
    expect(hexMarkers(obs, board, 1).controller).toBe(0);
    expect(hexMarkers(obs, board, 2)).toEqual({ ...NONE, controller: 1, wreck: true });
    expect(hexMarkers(obs, board, 3)).toMatchObject({ controller: -1, ip: true, mine: true });
  });

  it('reads the smoke and Barrage markers of WSR 11.2 from the artillery block', () => {
    const art: WsrObservation = {
      ...obs,
      artillery: {
        support: { us: [{ strike: 'he-34', kind: 'he', firepower: 3, to_hit: 4, left: 1 }], de: [] },
        called_this_impulse: 1,
        per_impulse: 2,
        strike: { caller: 'us.hq', seat: 'us', strike: 'he-34', hex: 'A-C04', landed: true },
        barrage: 'A-C04',
        smoke: [{ hex: 'A-C03', level: 2 }, { hex: 'A-D04', level: 1 }],
      },
    };
    expect(hexMarkers(art, board, 0)).toMatchObject({ barrage: true, smoke: 0 });
    expect(hexMarkers(art, board, 1)).toMatchObject({ controller: 0, smoke: 1, barrage: false });
    expect(hexMarkers(art, board, 2)).toMatchObject({ wreck: true, smoke: 2 });
  });
});

describe('Pocket battlefield cells', () => {
  const pb = {
    kind: 'zones', seats: ['orcs', 'elves'],
    rows: [
      { owner: 'elves', zone: 0, name: 'rear', segments: ['right-rear', 'centre-rear', 'left-rear'] },
      { owner: 'elves', zone: 1, name: 'front', segments: [] },
      { owner: null, zone: 2, name: 'combat', segments: [] },
      { owner: 'orcs', zone: 1, name: 'front', segments: [] },
      { owner: 'orcs', zone: 0, name: 'rear', segments: [] },
    ],
    zone_ids: { unplaced: -1, rear: 0, front: 1, combat: 2, gone: 3 },
  } as unknown as PocketBoard;

  it('places units by zone and absolute column; counts hidden troops', () => {
    const u = { label: 'e1', owner: 'elves', zone: 1, col: 2, segment: 'left-front', combat: -1, orders: 0, flags: 0, height: 3, alive: 3, troops: [{ type: 'elves.archer', wounds: 0, removed: false, top: true }] };
    expect(unitCell(pb, u)).toBe(cellKey(1, 2));
    expect(unitCell(pb, { ...u, zone: -1 })).toBeNull();
    expect(hiddenCount(u)).toBe(2);
  });
});

describe('odds, log, routes, strings', () => {
  it('finds the distributions of an odds answer', () => {
    const tb = oddsTables({ hits: [0.5, 0.5], result: [0.25, 0.25, 0.25, 0.25], expected_net_hits: 1.2, params: { dice: 3 } });
    expect(tb.map((x) => x.title)).toEqual(['result', 'hits']);
    expect(tb[0].rows[3]).toEqual({ label: 'eliminated', p: 0.25 });
    const w = oddsTables({ kind: 'wsr-fire', summary: 's', params: { dice: 3, band: 'normal' }, result: { 'no-effect': 0.5, eliminated: 0.5 } });
    expect(w).toEqual([{ title: 'result', rows: [{ label: 'no-effect', p: 0.5 }, { label: 'eliminated', p: 0.5 }] }]);
    const g = oddsTables({ kind: 'next-roll', outcomes: [{ text: 'roll 1', p: 0.5 }, { text: 'roll 2', p: 0.5 }] });
    expect(g[0].rows.map((r) => r.label)).toEqual(['roll 1', 'roll 2']);
  });

  it('merges log entries without duplicates', () => {
    const a = mergeLog([], [{ n: 1, seat: 'us', text: 'x' }], [{ n: 1, rule: 'WSR 3.1', text: 'e' }]);
    expect(a).toEqual([{ n: 1, seat: 'us', text: 'x', events: [{ n: 1, rule: 'WSR 3.1', text: 'e' }] }]);
    expect(mergeLog(a, [{ n: 1, seat: 'us', text: 'x' }], [])).toBe(a);
    const b = unionLog([{ n: 2, seat: 'de', text: 'y', events: [] }], a);
    expect(b.map((e) => e.n)).toEqual([1, 2]);
  });

  it('folds alike passes in a row into one log line (PS 9.1: a window at every field of a move)', () => {
    const pass = (n: number, events: LogEntry['events'] = []): LogEntry => ({
      n, seat: 'blue', text: 'pass', label: { en: 'Pass: no counter-move', de: 'Verzichten: kein Gegenzug' }, events,
    });
    const moved = [{ n: 5, rule: 'PS §6', text: 'R-T1 moves to 5,6 (3 fields).' }];
    const roll = (n: number): LogEntry => ({ n, seat: 'chance', text: 'roll 4', events: [] });
    const lines = foldLog([
      { n: 1, seat: 'red', text: 'move R-T1 5,6', events: [] },
      pass(2), pass(3), pass(4), pass(5, moved),
      pass(6), roll(7), roll(8), pass(9), pass(10),
    ]);
    expect(lines.map((l) => [l.first, l.entry.n])).toEqual([[1, 1], [2, 5], [6, 6], [7, 7], [8, 8], [9, 10]]);
    expect(lines[1].entry.events).toEqual(moved); // the last one's events under the folded line
  });

  it('parses routes', () => {
    expect(parseRoute('#/')).toEqual({ page: 'lobby' });
    expect(parseRoute('#/game/abc?token=t1')).toEqual({ page: 'game', id: 'abc', token: 't1' });
    expect(parseRoute('#/replay/abc')).toEqual({ page: 'replay', id: 'abc', token: undefined });
  });

  it('has every string in German and English', () => {
    expect(missingKeys()).toEqual([]);
    expect(t('undo', 'de')).toBe('Zurücknehmen');
    expect(t('undo', 'en')).toBe('Undo');
  });

  it('labels the MCTS seats of the catalog with their time per move', () => {
    expect(playerLabel('mcts', 'en')).toBe('AI (search, 1 s per move)');
    expect(playerLabel('mcts:0.3', 'de')).toBe('KI (Suche, 0.3 s pro Zug)');
    expect(playerLabel('heuristic', 'en')).toBe('AI (heuristic)');
    expect(playerLabel('mcts:500it', 'en')).toBe('mcts:500it');
  });

  it('names the difficulty levels in both languages', () => {
    expect(playerLabel('ai:easy', 'en')).toBe('Computer: easy');
    expect(playerLabel('ai:normal', 'de')).toBe('Computer: mittel');
    expect(playerLabel('ai:hard', 'de')).toBe('Computer: schwer');
  });
});

describe("a Pocket side's score line", () => {
  it('says whose DP were destroyed (the enemy’s), in both languages', () => {
    const orcs = { seat: 'orcs', pool: 4, total: 6, captured_dp: 12 };
    expect(pocketScore(orcs, 'en')).toBe('markers 4/6 · enemy DP destroyed: 12');
    expect(pocketScore(orcs, 'de')).toBe('Marker 4/6 · vernichtete AP des Gegners: 12');
  });
});
