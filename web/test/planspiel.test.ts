// The Planspiel board and observations as the C++ side writes them (ObservationFixtures in
// tests/planspiel/module_test.cc: web/test/fixtures/planspiel-*.json), read with src/planspiel.ts:
// the board's fields, roads and objectives, the units joined with their types, and the legal
// actions of the selected unit as highlighted fields.
import { describe, expect, it } from 'vitest';
import { parseAll } from '../src/actions';
import {
  controlByField,
  fieldAt,
  fieldId,
  hasStandIn,
  highlightsOf,
  objectiveFields,
  objectiveName,
  parseFieldId,
  psActingUnits,
  psPhaseText,
  psTurnText,
  psClickTargets,
  psPositions,
  psStateWords,
  psUnitActions,
  psUnits,
  suppressionColour,
  unitsByField,
} from '../src/planspiel';
import { boardTitle } from '../src/title';
import type { PlanspielBoard, PsObservation } from '../src/types';

const files = import.meta.glob('./fixtures/planspiel-*.json', { eager: true, import: 'default' }) as Record<string, any>;
const fixture = (name: string): any => {
  const f = files[`./fixtures/${name}.json`];
  if (!f) throw new Error(`missing fixture ${name}.json`);
  return f;
};
const board = fixture('planspiel-ps-1-board') as PlanspielBoard;

describe('Planspiel board JSON (games/planspiel/module.cc)', () => {
  it('names the situation in the UI\'s language (title_de)', () => {
    expect(boardTitle(board, 'en')).toBe('Der Gutshof (the estate farm)');
    expect(boardTitle(board, 'de')).toBe('Der Gutshof');
  });
  it('gives every field row by row with terrain, road and contour level', () => {
    expect(board.kind).toBe('squares');
    expect(board.fields.length).toBe(board.width * board.height);
    board.fields.forEach((f, i) => expect([f.x, f.y]).toEqual([i % board.width, Math.floor(i / board.width)]));
    expect(fieldAt(board, 5, 3)).toEqual({ x: 5, y: 3, terrain: 'built-up', road: true, level: 1 });
    expect(fieldAt(board, 6, 3)?.road).toBe(false);
    expect(fieldAt(board, 9, 3)?.terrain).toBe('swamp');
    expect(fieldAt(board, 2, 6)?.terrain).toBe('forest');
    expect(fieldAt(board, 12, 0)).toBeUndefined();
    expect(fieldAt(board, -1, 0)).toBeUndefined();
  });

  it('links road fields that are orthogonal neighbours, each link once', () => {
    const keys = new Set<string>();
    for (const r of board.roads) {
      expect(Math.abs(r.from[0] - r.to[0]) + Math.abs(r.from[1] - r.to[1])).toBe(1);
      expect(fieldAt(board, ...r.from)?.road).toBe(true);
      expect(fieldAt(board, ...r.to)?.road).toBe(true);
      keys.add([r.from, r.to].map((f) => f.join(',')).sort().join('-'));
    }
    expect(keys.size).toBe(board.roads.length);
    expect(keys.has('5,2-5,3')).toBe(true);
  });

  it('names the objective fields and the unit types with the provenance of their values', () => {
    expect([...objectiveFields(board).entries()]).toEqual([
      ['5,3', 'gutshof'],
      ['6,3', 'gutshof'],
    ]);
    expect(objectiveName(board.objectives, 'gutshof', 'de')).toBe('Gutshof');
    // Scenarios §4.4: the place name of the data in the reader's language, else the id as the
    // situation loader gives it to a set without a name.
    const ps2 = [{ id: 'crossing', name: 'Crossing', name_de: 'Übergang' }, { id: 'village', name: 'Brückendorf' }];
    expect(objectiveName(ps2, 'crossing', 'de')).toBe('Übergang');
    expect(objectiveName(ps2, 'crossing', 'en')).toBe('Crossing');
    expect(objectiveName(ps2, 'village', 'de')).toBe('Brückendorf');
    expect(objectiveName([{ id: 'nordkuppe' }], 'nordkuppe', 'de')).toBe('nordkuppe');
    const inf = board.unit_types.find((t) => t.id === 'INF')!;
    expect(inf.speeds).toMatchObject({ road: 2, terrain: 1 });
    expect(inf.provenance['weapon.calibre_cm']).toBe('stand-in');
    expect(hasStandIn(inf)).toBe(true);
    for (const t of board.unit_types) for (const p of Object.values(t.provenance)) expect(['printed', 'rules-text', 'rules-example', 'public-unverified', 'stand-in']).toContain(p);
  });

  it('holds no unit', () => {
    expect(JSON.stringify(board)).not.toMatch(/"[RB]-[A-Z]\d"/);
  });
});

describe('Planspiel observations (PlanspielState::observe)', () => {
  it('a lost unit standing as a wreck in a defile keeps its field as the wreck (PS §2.3, §6.10)', () => {
    const obs = {
      units: [
        { id: 'R-T1', type: 'PZIV', party: 'red', status: 'lost', wreck: [18, 8] },
        { id: 'R-T2', type: 'PZIV', party: 'red', status: 'lost' },
      ],
    } as Partial<PsObservation>;
    const units = psUnits(board, obs);
    expect(units.map((u) => [u.id, u.wreck, u.field])).toEqual([
      ['R-T1', '18,8', null],
      ['R-T2', null, null],
    ]);
  });
  it('field positions: the pre-dug ones and those dug in play the observation shows; a face-down marker on its unit (PS §12.3)', () => {
    const obs = {
      units: [
        { id: 'B-I1', type: 'INF', party: 'blue', status: 'on_board', field: [7, 5], dug_in: 'face_down' },
        { id: 'B-I2', type: 'INF', party: 'blue', status: 'on_board', field: [8, 5] },
      ],
      positions: [[3, 8], [4, 4]],
    } as Partial<PsObservation>;
    expect(psUnits(board, obs).map((u) => [u.id, u.digging])).toEqual([
      ['B-I1', true],
      ['B-I2', false],
    ]);
    expect(psPositions(board, obs)).toEqual([...board.dug_in, [3, 8]]);
    expect(psPositions(board, {})).toEqual(board.dug_in);
  });
  it('the start as Red sees it: its own units on the board, no Blue unit but the reinforcement', () => {
    const fx = fixture('planspiel-ps-1-red');
    const units = psUnits(board, fx.observation as PsObservation);
    const onBoard = units.filter((u) => u.field !== null);
    expect(onBoard.map((u) => u.id)).toEqual(['R-I1', 'R-I2', 'R-I3', 'R-H1', 'R-T1']);
    for (const u of onBoard) {
      expect(u.type?.id).toBe(u.typeId);
      expect(fieldAt(board, u.x, u.y)).toBeDefined();
      expect(u.field).toBe(fieldId(u.x, u.y));
    }
    const waiting = units.filter((u) => u.status === 'waiting');
    expect(waiting.map((u) => [u.id, u.arrives, u.entry])).toEqual([['B-I3', 5, '5,0']]);
    expect(unitsByField(units).get('5,9')?.map((u) => u.id)).toEqual(['R-T1']);
    expect([...controlByField(fx.observation).entries()]).toEqual([
      ['5,3', 'blue'],
      ['6,3', 'blue'],
    ]);
  });

  it("every legal action's place is a field of the board", () => {
    for (const name of ['planspiel-ps-1-red', 'planspiel-ps-1-played-blue']) {
      for (const a of parseAll(fixture(name).legal)) {
        for (const p of a.places) {
          const xy = parseFieldId(p);
          expect(xy, `${a.text}`).not.toBeNull();
          expect(fieldAt(board, ...xy!)).toBeDefined();
        }
      }
    }
  });

  it('the start: a selected unit highlights exactly the fields of its moves', () => {
    const actions = parseAll(fixture('planspiel-ps-1-red').legal);
    expect(psClickTargets(actions, null).size).toBe(0);
    const targets = psClickTargets(actions, 'R-I1');
    const expected = actions.filter((a) => a.text.startsWith('move R-I1 ')).map((a) => a.text.split(' ')[2]);
    expect([...targets.keys()].sort()).toEqual(expected.sort());
    expect(new Set(highlightsOf(targets).values())).toEqual(new Set(['move']));
    expect([...psActingUnits(actions)].sort()).toEqual(['R-H1', 'R-I1', 'R-I2', 'R-I3', 'R-T1']);
  });

  it("Blue's half-turn: fire targets red, an assault orange, moves blue; FERTIG stays a button", () => {
    const fx = fixture('planspiel-ps-1-played-blue');
    const actions = parseAll(fx.legal);
    const units = psUnits(board, fx.observation as PsObservation);
    // The infantry B-I2 may move, fire at 7,4 and assault it: the assault marks the field.
    const b2 = highlightsOf(psClickTargets(actions, 'B-I2'));
    expect(b2.get('7,4')).toBe('assault');
    expect([...b2.entries()].filter(([, k]) => k === 'move').length).toBeGreaterThan(0);
    expect(psClickTargets(actions, 'B-I2').get('7,4')!.map((a) => a.verb).sort()).toEqual(['assault', 'fire']);
    // The HMG fires at the fields where Red units stand.
    const h1 = highlightsOf(psClickTargets(actions, 'B-H1'));
    const fires = [...h1.entries()].filter(([, k]) => k === 'target').map(([f]) => f);
    expect(fires.sort()).toEqual(['4,5', '7,4', '7,5']);
    for (const f of fires) expect(units.some((u) => u.field === f && u.party === 'red')).toBe(true);
    // Every click target of every unit is one of its legal actions, and no action of a unit is
    // missing: those without a field (the announcement of a simultaneous movement) are its buttons.
    for (const id of psActingUnits(actions)) {
      const clicks = [...psClickTargets(actions, id).values()].flat();
      const buttons = psUnitActions(actions, id);
      expect(clicks.every((a) => a.units.includes(id))).toBe(true);
      expect(buttons.every((a) => a.units.includes(id) && a.places.length === 0)).toBe(true);
      expect(clicks.length + buttons.length).toBe(actions.filter((a) => a.units.includes(id)).length);
    }
    expect(psUnitActions(actions, 'B-I1').some((a) => a.verb === 'together')).toBe(true);
    // FERTIG names no field: it is not on the board.
    const fertig = actions.find((a) => a.verb === 'fertig')!;
    expect(fertig.role).toBe('decline');
    expect(fertig.places).toEqual([]);
    expect([...psActingUnits(actions)].every((u) => u.startsWith('B-'))).toBe(true);
  });

  it('an assault by several units is a click of each attacker', () => {
    const actions = parseAll([
      { id: '1', text: 'assault 4,4 B-I1 B-I2', verb: 'assault', role: 'attack', args: [{ kind: 'place', value: '4,4' }, { kind: 'unit', value: 'B-I1' }, { kind: 'unit', value: 'B-I2' }] },
      { id: '2', text: 'fertig', verb: 'fertig', role: 'decline', args: [] },
    ]);
    for (const id of ['B-I1', 'B-I2']) expect(highlightsOf(psClickTargets(actions, id))).toEqual(new Map([['4,4', 'assault']]));
    expect(psClickTargets(actions, 'B-H1').size).toBe(0);
  });

  it("a step in the unit's own field: dismount, limber, self-smoke by a second click on the selected counter (PS §4.4, §8.16)", () => {
    const f = (value: string) => ({ kind: 'place' as const, value });
    const u = (value: string) => ({ kind: 'unit' as const, value });
    const actions = parseAll([
      { id: '1', text: 'dismount R-G1 3,6', verb: 'dismount', role: 'other', args: [u('R-G1'), f('3,6')] },
      { id: '2', text: 'move R-G1 3,5', verb: 'move', role: 'move', args: [u('R-G1'), f('3,5')] },
      { id: '3', text: 'smoke R-P1', verb: 'smoke', role: 'other', args: [u('R-P1')] },
      { id: '4', text: 'limber R-K1 2,2', verb: 'limber', role: 'other', args: [u('R-K1'), f('2,2')] },
      { id: '5', text: 'together R-G1 R-P1', verb: 'together', role: 'move', args: [u('R-G1'), u('R-P1')] },
      { id: '6', text: 'pass', verb: 'pass', role: 'decline', args: [] },
    ]);
    const fieldOf = (id: string) => ({ 'R-G1': '3,6', 'R-P1': '7,7', 'R-K1': '2,2' })[id] ?? null;
    expect(highlightsOf(psClickTargets(actions, 'R-G1', fieldOf))).toEqual(new Map([['3,6', 'act'], ['3,5', 'move']]));
    expect(highlightsOf(psClickTargets(actions, 'R-K1', fieldOf))).toEqual(new Map([['2,2', 'act']]));
    // Self-smoke names no field: it is made in the unit's own field, not by a button.
    expect(psClickTargets(actions, 'R-P1', fieldOf).get('7,7')!.map((a) => a.text)).toEqual(['smoke R-P1']);
    expect(psUnitActions(actions, 'R-P1', fieldOf).map((a) => a.text)).toEqual(['together R-G1 R-P1']);
    // Without the unit's field (not on the board) it stays a button; the announcement of a
    // simultaneous movement names several units and stays one too.
    expect(psClickTargets(actions, 'R-P1').size).toBe(0);
    expect(psUnitActions(actions, 'R-P1').map((a) => a.text)).toEqual(['smoke R-P1', 'together R-G1 R-P1']);
    expect(psClickTargets(actions, null, fieldOf).size).toBe(0);
  });

  it("a unit's work of the half-turn (G-38: digging in, camouflaging, recovering a wreck) in its state words, English and German", () => {
    const obs = {
      units: [
        { id: 'B-I1', type: 'INF', party: 'blue', status: 'on_board', field: [7, 5], moved: false, fired: false, work: 'dig', dug_in: 'face_down' },
        { id: 'B-I2', type: 'INF', party: 'blue', status: 'on_board', field: [8, 5], moved: false, fired: false, work: 'camouflage' },
        { id: 'B-T1', type: 'PZIV', party: 'blue', status: 'on_board', field: [9, 5], moved: true, fired: false, work: 'recover' },
        { id: 'B-I3', type: 'INF', party: 'blue', status: 'on_board', field: [6, 5], moved: false, fired: true },
        { id: 'B-I4', type: 'INF', party: 'blue', status: 'on_board', field: [6, 6], dug_in: 'face_down', work: 'sleep' },
      ],
    } as unknown as Partial<PsObservation>;
    const units = psUnits(board, obs);
    expect(units.map((u) => [u.id, u.work])).toEqual([
      ['B-I1', 'dig'],
      ['B-I2', 'camouflage'],
      ['B-T1', 'recover'],
      ['B-I3', null],
      ['B-I4', null],
    ]);
    const words = (l: 'en' | 'de') => units.map((u) => psStateWords(u, l).join(' · '));
    expect(words('en')).toEqual([
      'dug-in marker face down · digging in',
      'camouflaging',
      'moved · recovering a wreck',
      'fired',
      'digging in (marker face down)',
    ]);
    expect(words('de')).toEqual([
      'Eingegrabenzeichen verkehrt · gräbt sich ein',
      'tarnt sich',
      'bewegt · birgt ein Schadfahrzeug',
      'gefeuert',
      'gräbt sich ein (Zeichen verkehrt)',
    ]);
  });

  it('suppression markers and the moving unit are read from the observation', () => {
    const fx = fixture('planspiel-ps-1-played-blue');
    const obs = fx.observation as PsObservation;
    const units = psUnits(board, obs);
    expect(units.find((u) => u.id === 'B-H1')!.suppression).toBe(0);
    // The same position with a black marker on B-H1 (PS §8.14).
    const marked = { ...obs, units: obs.units.map((u) => (u.id === 'B-H1' ? { ...u, suppression: 5 } : u)) };
    const h1 = psUnits(board, marked).find((u) => u.id === 'B-H1')!;
    expect(h1.suppression).toBe(5);
    expect(suppressionColour(h1.suppression)).toBe('#111');
    expect(suppressionColour(3)).toBe('#c62828');
    expect(suppressionColour(4)).toBe('#8a8a8a');
    expect(suppressionColour(6)).toBe('#111');
    expect(units.some((u) => u.moving)).toBe(false);
    const moving = psUnits(board, { ...obs, moving: { unit: 'B-H1', fields: 1 } });
    expect(moving.filter((u) => u.moving).map((u) => u.id)).toEqual(['B-H1']);
  });
});

describe('the Planspiel header', () => {
  it('names the set-up while the parties set up (scenarios §1.5), else the phase (PS §3.2)', () => {
    const fx = fixture('planspiel-ps-1-red');
    const obs = fx.observation as PsObservation;
    expect(psPhaseText(obs, 'en')).toBe('phase 2');
    expect(psPhaseText(obs, 'de')).toBe('Phase 2');
    const setUp = { ...obs, steps: [{ kind: 'set-up', step: 0 }] };
    expect(psPhaseText(setUp, 'en')).toBe('set-up');
    expect(psPhaseText(setUp, 'de')).toBe('Aufstellung');
  });
  it('counts the game turns as the rulebook does: Zug, not Runde (PS §3.1)', () => {
    const obs = { turn: 5, game_turns: 12, cycle_turn: 9 } as Partial<PsObservation>;
    expect(psTurnText(obs, 'en')).toBe('Turn 5/12 (D9)');
    expect(psTurnText(obs, 'de')).toBe('Zug 5/12 (D9)');
  });
});
