// The observations the C++ side sends, as fixtures written by its ObservationFixtures.* tests
// (tests/observation_fixtures.h; docs/testing.md "Observation fixtures"), read with the web's own
// helpers: a change of an observation's layout on the C++ side fails here.
import { describe, expect, it } from 'vitest';
import { hexMarkers, observedUnits, stacks, faceSummary, unitName } from '../src/wsr';
import { hiddenCount, pocketUnits, unitCell } from '../src/pocket';
import { rivetFlags, rivetPieces, rivetUnits } from '../src/rivet';
import { parseAll } from '../src/actions';
import type { PocketBoard, RivetBoard, RivetObservation, WpObservation, WsrBoard, WsrObservation } from '../src/types';

const files = import.meta.glob('./fixtures/*.json', { eager: true, import: 'default' }) as Record<string, any>;
const fixture = (name: string): any => {
  const f = files[`./fixtures/${name}.json`];
  if (!f) throw new Error(`missing fixture ${name}.json`);
  return f;
};

describe('WSR observation fixtures (WsrState::observe)', () => {
  const board = fixture('wsr-noville-board') as WsrBoard;
  const hexIds = new Set(board.hexes.map((h) => h.id));

  for (const name of ['wsr-noville-setup', 'wsr-noville-play', 'wsr-noville-random']) {
    const fx = fixture(name);
    const obs = fx.observation as WsrObservation;
    const units = observedUnits(obs, board);

    it(`${name}: every unit of the board, with its counter, hex and face`, () => {
      expect(units.map((u) => u.label)).toEqual(board.units.map((u) => u.label));
      for (const u of units) {
        expect(u.counter?.id).toBe(board.units[u.index].counter);
        expect(u.side).toBe(board.units[u.index].side);
        expect(u.hq).toBe(board.units[u.index].hq || board.units[u.index].shq);
        // On the map exactly when the observation names a hex the board has.
        expect(u.hex >= 0).toBe(u.hexId !== null);
        if (u.hexId !== null) expect(board.hexes[u.hex].id).toBe(u.hexId);
        expect(u.hex < 0).toBe(u.gone || u.offMap);
        // The face shown is one of the counter's faces, with its printed values.
        expect(Object.keys(u.counter.faces)).toContain(u.face.name);
        const { name: _, ...values } = u.face;
        expect(values).toEqual(u.counter.faces[u.face.name!]);
        expect(faceSummary(u.face)).toMatch(/MF \d+$/);
        if (u.sw !== null) expect(board.counters[u.sw]).toBeDefined();
      }
    });

    it(`${name}: hex markers by hex id, control by seat`, () => {
      for (const [id, m] of Object.entries(obs.hexes)) {
        expect(hexIds.has(id)).toBe(true);
        const i = board.hexes.findIndex((h) => h.id === id);
        const read = hexMarkers(obs, board, i);
        expect(read.controller).toBe(m.controller === null ? -1 : board.seats.indexOf(m.controller));
        expect(read).toMatchObject({ wreck: m.wreck, ip: m.ip, mine: m.mine });
      }
      expect(obs.turn).toBeGreaterThanOrEqual(1);
      expect(Object.keys(obs.seats)).toEqual([...board.seats].sort());
      for (const s of board.seats) expect(obs.seats[s].fate_points).toBeGreaterThanOrEqual(0);
    });
  }

  it('wsr-noville-setup: the setup phase, every unit still off the map', () => {
    const obs = fixture('wsr-noville-setup').observation as WsrObservation;
    expect(obs.phase).toBe('setup');
    const units = observedUnits(obs, board);
    expect(units.every((u) => u.offMap && u.hex === -1)).toBe(true);
    expect(stacks(units).size).toBe(0);
  });

  it('wsr-noville-play: units in stacks, fire results and the moving stack', () => {
    const obs = fixture('wsr-noville-play').observation as WsrObservation;
    const units = observedUnits(obs, board);
    const on = units.filter((u) => u.hex >= 0 && !u.gone);
    const s = stacks(units);
    expect([...s.values()].flat().length).toBe(on.length);
    for (const [hex, list] of s) for (const u of list) expect(u.hex).toBe(hex);
    expect(units.some((u) => u.reduced)).toBe(true);
    expect(units.some((u) => u.disrupted)).toBe(true);
    expect(units.some((u) => u.gone && u.hexId === null)).toBe(true);
    expect(obs.moving).not.toBeNull();
    expect(units.filter((u) => u.moving).map((u) => u.label)).toEqual(obs.moving!.units);
    expect(Object.values(obs.hexes).some((m) => m.wreck)).toBe(true);
    // A reduced two-step unit shows its reduced face.
    const r = units.find((u) => u.reduced && u.counter.steps === 2 && !u.counter.transport);
    expect(r?.face.name).toBe('reduced');
  });
});

describe('Pocket Battles observation fixtures (PocketState::observe)', () => {
  const board = fixture('pocket-orcs-vs-elves-board') as PocketBoard;
  for (const name of ['pocket-orcs-vs-elves-orcs', 'pocket-orcs-vs-elves-observer']) {
    it(`${name}: units on the battlefield cells, hidden troops counted`, () => {
      const fx = fixture(name);
      const units = pocketUnits(fx.observation);
      expect(units.length).toBeGreaterThan(0);
      for (const u of units) {
        expect(board.seats).toContain(u.owner);
        if (u.zone >= 0 && u.zone <= 2) expect(unitCell(board, u)).not.toBeNull();
        expect(hiddenCount(u)).toBeGreaterThanOrEqual(0);
        expect(hiddenCount(u)).toBeLessThanOrEqual(u.height);
      }
    });
  }
});

describe('Rivet Wars observation fixtures (RivetState::observe)', () => {
  for (const [boardName, names] of [
    ['rivet-mission-1-board', ['rivet-mission-1-allies']],
    ['rivet-mission-2-board', ['rivet-mission-2-bismark', 'rivet-mission-2-observer']],
    ['rivet-mission-5-board', ['rivet-mission-5-allies', 'rivet-mission-5-observer']],
  ] as const) {
    const board = fixture(boardName) as RivetBoard;
    const segs = new Set(board.segments.map((s) => s.id));
    for (const name of names) {
      const fx = fixture(name);
      const obs = fx.observation as RivetObservation;

      it(`${name}: units with types, segments, fields and hit points; pieces and flags`, () => {
        const units = rivetUnits(board, obs);
        expect(units.length).toBeGreaterThan(0);
        expect(units.map((u) => u.label)).toEqual(obs.units.map((u) => u.label));
        for (const [k, u] of units.entries()) {
          expect(u.label).toMatch(/^u\d+$/);
          expect(u.type?.id).toBe(obs.units[k].type);
          if (obs.units[k].plug !== null) expect(u.plug?.id).toBe(obs.units[k].plug);
          expect(board.seats).toContain(u.owner);
          expect(segs.has(u.seg)).toBe(true);
          expect(u.fields.length).toBeGreaterThan(0);
          for (const f of u.fields) expect(board.fields).toContain(f);
          expect(u.hp).toBeGreaterThan(0);
          expect(u.hp).toBeLessThanOrEqual(u.maxHp);
          expect(u.maxHp).toBe((u.type?.hp ?? 0) + (u.plug?.hp ?? 0));
        }
        const pieces = rivetPieces(obs);
        expect(pieces.length).toBe(obs.terrain.length);
        for (const p of pieces) {
          expect(segs.has(p.seg)).toBe(true);
          expect(board.terrain_names).toContain(p.kind);
          expect(board.fields).toContain(p.field);
        }
        expect(Object.keys(obs.flags).sort()).toEqual([...board.sos].sort());
        for (const [seg, seat] of rivetFlags(obs)) {
          expect(segs.has(seg)).toBe(true);
          expect(board.seats).toContain(seat);
        }
      });

      it(`${name}: only the viewer's own cards and secret missions, by id; the rest counted`, () => {
        expect(Object.keys(obs.seats).sort()).toEqual([...board.seats].sort());
        expect(board.seats).toContain(obs.active);
        const cardIds = new Set(board.action_cards.map((c) => c.id));
        const secretIds = new Set(board.secret_missions.map((c) => c.id));
        for (const seat of board.seats) {
          const s = obs.seats[seat];
          if (seat === fx.viewer) {
            expect(s.hand?.length).toBe(s.hand_size);
            expect(s.secrets?.length).toBe(s.secrets_count);
            for (const c of s.hand ?? []) expect(cardIds.has(c)).toBe(true);
            for (const c of s.secrets ?? []) expect(secretIds.has(c)).toBe(true);
          } else {
            expect(s.hand).toBeNull();
            expect(s.secrets).toBeNull();
          }
          expect(s.vp_needed).toBe(board.vp[board.seats.indexOf(seat)]);
        }
        expect(typeof obs.cards.deck).toBe('number');
        expect(typeof obs.cards.secret_deck).toBe('number');
        for (const c of obs.cards.discard) expect(cardIds.has(c)).toBe(true);
      });
    }
  }

  it('rivet-mission-5-allies: a hand and secret missions in the viewer\'s seat, counts in the other', () => {
    const obs = fixture('rivet-mission-5-allies').observation as RivetObservation;
    expect(obs.seats.allies.secrets!.length).toBeGreaterThan(0);
    expect(obs.seats.bismark.secrets_count).toBeGreaterThan(0);
    expect(obs.seats.bismark.hand).toBeNull();
  });
});

describe('Westerplatte observation fixtures (WpState::observe)', () => {
  for (const name of ['westerplatte-medium-start', 'westerplatte-medium-play']) {
    it(`${name}: fields, lanes, players and cards by name`, () => {
      const obs = fixture(name).observation as WpObservation;
      expect(obs.fields.map((f) => f.id)).toEqual(['A', 'B', 'C', 'D', 'E', 'T1', 'T2', 'T3', 'T4', 'T5', 'T6']);
      for (const f of obs.fields) {
        expect(f.bricks).toBeGreaterThanOrEqual(0);
        expect(f.bricks).toBeLessThanOrEqual(obs.max_bricks);
      }
      expect(obs.lanes.map((l) => l.id)).toEqual(['A', 'B', 'C', 'D', 'E']);
      for (const l of obs.lanes)
        if (l.troop) {
          expect(['I', 'II', 'III', 'IV']).toContain(l.troop.space);
          expect(l.troop.damage).toBeLessThan(l.troop.endurance);
        }
      expect(obs.players.map((p) => p.seat)).toEqual(['p1', 'p2']);
      expect(obs.players.map((p) => p.seat)).toContain(obs.active_player);
      for (const o of obs.officers) if (o.field) expect(obs.fields.find((f) => f.id === o.field)?.officers).toContain(o.id);
      expect(obs.morale.track[obs.morale.index]).toBe(obs.morale.level);
      expect(obs.day).toBeGreaterThanOrEqual(1);
      expect(obs.outcome).toBe('running');
    });
  }

  it('westerplatte-medium-play: cards drawn onto the day piles', () => {
    const obs = fixture('westerplatte-medium-play').observation as WpObservation;
    expect(obs.day_piles.flatMap((p) => p.cards).length).toBeGreaterThan(0);
  });
});

// The structured legal actions the C++ side sends (State::action_info) with the fixtures whose
// viewer owes the decision, read by the web's actions.ts: every action has a verb, a role and a
// label in both languages; every unit and place it names is one the board shows.
describe('legal action fixtures (State::action_info)', () => {
  const withLegal = Object.keys(files)
    .map((f) => f.slice('./fixtures/'.length, -'.json'.length))
    .filter((name) => Array.isArray(fixture(name).legal) && fixture(name).legal.length > 0);

  it('some fixtures hold a seat deciding, in every game with a board', () => {
    for (const game of ['wsr', 'pocket', 'rivet']) expect(withLegal.some((n) => n.startsWith(game))).toBe(true);
  });

  for (const name of withLegal) {
    it(`${name}: verbs, roles and labels; units and places of the board`, () => {
      const fx = fixture(name);
      const en = parseAll(fx.legal, 'en');
      const de = parseAll(fx.legal, 'de');
      const game = String(fx.game);
      for (const [i, a] of en.entries()) {
        expect(a.verb, a.text).not.toBe('');
        expect(['other', 'move', 'attack', 'decline', 'confirm']).toContain(a.role);
        expect(a.label.length).toBeGreaterThan(0);
        expect(de[i].label.length).toBeGreaterThan(0);
        if (game.startsWith('wsr')) {
          const board = fixture('wsr-noville-board') as WsrBoard;
          const labels = new Set([...board.units.map((u) => u.label), ...(board.sws ?? []).map((s) => s.label)]);
          const hexes = new Set(board.hexes.map((h) => h.id));
          for (const u of a.units) expect(labels.has(u), `${a.text}: ${u}`).toBe(true);
          for (const p of a.places) expect(hexes.has(p), `${a.text}: ${p}`).toBe(true);
        }
        if (game.startsWith('pocket')) {
          // Each segment comes with its cell; in the mover's own rows the cell holds that name.
          const board = fixture('pocket-orcs-vs-elves-board') as PocketBoard;
          const args = (fx.legal[i].args ?? []).filter((x: { kind: string }) => x.kind === 'place');
          for (const x of args) {
            expect(x.cell, `${a.text}: ${x.value}`).toMatch(/^[0-4]:[0-2]$/);
            const [row, col] = String(x.cell).split(':').map(Number);
            if (board.rows[row].owner === fx.viewer) expect(board.rows[row].segments[col]).toBe(x.value);
          }
          expect(a.places).toEqual(args.map((x: { cell: string }) => x.cell));
        }
        if (game.startsWith('rivet')) {
          const board = fixture(`${game.replace('/', '-')}-board`) as RivetBoard;
          const segs = new Set(board.segments.map((s) => s.id));
          for (const p of a.places) expect(segs.has(p), `${a.text}: ${p}`).toBe(true);
          for (const u of a.units) expect(u).toMatch(/^u\d+$/);
        }
      }
    });
  }
});

describe('WSR unit names', () => {
  it("read as the game's action labels: the counter's name and the label's number", () => {
    const board = fixture('wsr-noville-board') as WsrBoard;
    const named = (label: string) => {
      const u = board.units.find((x) => x.label === label)!;
      return unitName({ label, counter: board.counters[u.counter] });
    };
    expect(named('us.m4a1-2')).toBe('M4A1 Sherman 2');
    expect(named('us.57mm-atg')).toBe('57mm ATG');
    expect(named('de.tiger-i')).toBe('Tiger I');
    expect(named('de.panther-1')).toBe('Panther 1');
  });
});
