// The advanced WSR scenarios' markings on the web board, read from the board fixtures the C++
// ObservationFixtures tests write (tests/wsr_play/observation_fixtures_test.cc): each side's exit
// hexes with their arrows and the units exited (G-12), the A6 red boundary line, the map key and
// the scenario briefing (victory conditions, special rules) in both UI languages.
import { describe, expect, it } from 'vitest';
import { boundaryLines, exitArrow, exitedCounts, hexMarkers } from '../src/wsr';
import { briefingLines, mapKeyEntries } from '../src/components/WsrPanels';
import type { WsrBoard, WsrObservation } from '../src/types';

const files = import.meta.glob('./fixtures/*.json', { eager: true, import: 'default' }) as Record<string, any>;
const fixture = (name: string): any => {
  const f = files[`./fixtures/${name}.json`];
  if (!f) throw new Error(`missing fixture ${name}.json`);
  return f;
};

describe('WSR-A10 Paderborn: exit hexes of both sides (G-12)', () => {
  const board = fixture('wsr-paderborn-board') as WsrBoard;
  const exits = board.exits ?? [];

  it('the US leaves east, the German west, each hex with an arrow pointing off its edge', () => {
    expect(exits.map((e) => `${e.seat}:${e.edge}`).sort()).toEqual(['de:west', 'us:east']);
    for (const e of exits) {
      expect(e.hexes.length).toBeGreaterThan(0);
      for (const [k, i] of e.hexes.entries()) {
        expect(hexMarkers(null, board, i).exitSeats).toContain(e.seat);
        const a = exitArrow(board, i, e.edges[k])!;
        expect(a).not.toBeNull();
        const dx = a.head[0].x - a.from.x;
        expect(e.edge === 'east' ? dx > 0 : dx < 0).toBe(true);
        expect(a.head[0].y).toBeCloseTo(a.from.y, 9);
      }
    }
    // Hexes not on an exit zone carry no exit marking.
    const all = new Set(exits.flatMap((e) => e.hexes));
    const inner = board.hexes.find((h) => !all.has(h.i))!;
    expect(hexMarkers(null, board, inner.i).exitSeats).toEqual([]);
  });

  it('the map key names each exit zone with the units exited per side', () => {
    const obs = { units: [] } as unknown as WsrObservation;
    expect(exitedCounts(obs, board)).toEqual({ us: 0, de: 0 });
    const moved = {
      units: [
        { label: 'us.m4a1-1', seat: 'us', exited: 'B-U05' },
        { label: 'us.m4a1-2', seat: 'us', exited: 'B-U06' },
        { label: 'de.tiger-i', seat: 'de', hex: null },
      ],
    } as unknown as WsrObservation;
    expect(exitedCounts(moved, board)).toEqual({ us: 2, de: 0 });
    const key = mapKeyEntries(board, moved, 'en').filter((e) => e.kind === 'exit');
    expect(key.map((e) => e.text)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^Exit hexes of US \(G-12\): the east edge of map B · units exited: 2$/)]),
    );
    const de = mapKeyEntries(board, moved, 'de').filter((e) => e.kind === 'exit');
    expect(de.some((e) => e.text.startsWith('Ausgangsfelder von') && e.text.endsWith('vom Spielplan gezogene Einheiten: 0'))).toBe(true);
  });

  it('the P-47 over its target hex (WSR 11.3) is a marker of that hex and in the map key', () => {
    const hex = board.hexes[40];
    const obs = {
      units: [],
      air: [{ aircraft: 'us.p-47', counter: 'us.p-47', seat: 'us', enters_turn: 4, place: 'over-map', hex: hex.id, aa_hits: 0 }],
    } as unknown as WsrObservation;
    expect(hexMarkers(obs, board, hex.i).aircraft).toEqual(['us.p-47']);
    expect(hexMarkers(obs, board, hex.i + 1).aircraft).toEqual([]);
    expect(mapKeyEntries(board, obs, 'de').some((e) => e.kind === 'aircraft' && e.text === '✈ Flugzeug (WSR 11.3)')).toBe(true);
  });

  it('the briefing gives the victory conditions (points) as the scenario words them', () => {
    const lines = briefingLines(board, 'en');
    expect(lines[0][0]).toBe('Victory conditions');
    expect(lines[0][1]).toMatch(/^Points: German tank platoon eliminated 2 US points/);
    const de = briefingLines(board, 'de');
    expect(de[0][0]).toBe('Siegbedingungen');
    expect(de[0][1]).toMatch(/^Punkte: jeder eliminierte deutsche Panzer-Zug 2 amerikanische Punkte/);
    expect(de[1]).toEqual(['Sonderregel', board.briefing!.special_rules[0].text_de]);
  });
});

describe('WSR-A6 Elsenborn: the red boundary line', () => {
  const board = fixture('wsr-elsenborn-board') as WsrBoard;

  it('is drawn through the centres of its hexes and marks them', () => {
    const line = board.boundary!;
    expect(line.south_formation).toBe('de.dauer');
    expect(line.north_formation).toBe('de.107');
    const drawn = boundaryLines(board);
    expect(drawn.length).toBe(line.paths.length);
    const points = drawn.flatMap((p) => p.split(' '));
    expect(points.length).toBe(line.hexes.length);
    for (const i of line.hexes) {
      expect(points).toContain(`${board.hexes[i].px},${board.hexes[i].py}`);
      expect(hexMarkers(null, board, i).boundary).toBe(true);
    }
    const off = board.hexes.find((h) => !line.hexes.includes(h.i))!;
    expect(hexMarkers(null, board, off.i).boundary).toBe(false);
    expect(board.exits).toEqual([]);
  });

  it('the key and the briefing: the line, the victory conditions and the special rules', () => {
    const key = mapKeyEntries(board, null, 'de');
    expect(key.map((e) => e.kind)).toEqual(['boundary']);
    expect(key[0].text).toMatch(/^Rote Grenzlinie \(WSR-A6\): Kampfgruppe Dauer darf sich nicht nördlich/);
    expect(mapKeyEntries(board, null, 'en')[0].text).toMatch(/^Red boundary line \(WSR-A6\): Kampfgruppe Dauer may not move north/);
    const lines = briefingLines(board, 'en');
    expect(lines[0][1]).toMatch(/controls 2 of the 3 towns/);
    expect(lines.filter(([h]) => h === 'Special rule').length).toBe(board.briefing!.special_rules.length);
    expect(lines.some(([, text]) => /red boundary line/.test(text))).toBe(true);
  });
});

describe('WSR-B1 Noville: no advanced markings', () => {
  it('has no exits, boundary or destroyed bridges, and still a briefing', () => {
    const board = fixture('wsr-noville-board') as WsrBoard;
    expect(board.exits).toEqual([]);
    expect(board.boundary).toBeNull();
    expect(board.destroyed_bridges).toEqual([]);
    expect(mapKeyEntries(board, null, 'en')).toEqual([]);
    expect(briefingLines(board, 'en')[0][0]).toBe('Victory conditions');
  });
});

describe('WSR-A4 Remagen: a bridge blown in play', () => {
  // The board is static; the observation lists the bridges blown since (blow-the-bridge).
  const board = fixture('wsr-noville-board') as WsrBoard;
  it('is marked on its hex and in the map key once the observation lists it', () => {
    const hex = board.hexes[12].i;
    const before = { units: [], destroyed_bridges: [] } as unknown as WsrObservation;
    const after = { units: [], destroyed_bridges: [hex] } as unknown as WsrObservation;
    expect(hexMarkers(before, board, hex).destroyedBridge).toBe(false);
    expect(hexMarkers(after, board, hex).destroyedBridge).toBe(true);
    expect(hexMarkers(after, board, hex + 1).destroyedBridge).toBe(false);
    expect(mapKeyEntries(board, before, 'en').some((e) => e.kind === 'destroyed-bridge')).toBe(false);
    expect(mapKeyEntries(board, after, 'en').some((e) => e.kind === 'destroyed-bridge')).toBe(true);
  });
});
