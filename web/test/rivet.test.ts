import { describe, expect, it } from 'vitest';
import { rivetFlags, rivetPieces, rivetUnits } from '../src/rivet';
import type { RivetBoard } from '../src/types';

// A 2x2 board in the shape of games/rivet/web_board.cc's answer.
const board: RivetBoard = {
  kind: 'segments',
  game: 'rivet',
  scenario: 'mission-1',
  title: 't',
  seats: ['allies', 'bismark'],
  cols: 2,
  rows: 2,
  vp: [3, 3],
  segments: [
    { id: 'a1', territory: 'bismark', deploy: ['bismark'], duckboard: [false, false, false, false] },
    { id: 'b1', territory: null, deploy: [], duckboard: [false, false, false, false] },
    { id: 'a2', territory: 'allies', deploy: ['allies'], duckboard: [false, false, false, false] },
    { id: 'b2', territory: 'allies', deploy: [], duckboard: [false, false, false, false] },
  ],
  sos: ['b1'],
  terrain_names: ['so', 'bunker', 'wire', 'minefield', 'tank_trap'],
  fields: ['NW', 'NE', 'SW', 'SE'],
  unit_types: [
    { id: 'rifleman', name: 'Rifleman', name_de: 'Schütze', faction: 'allies', class: 'infantry', hp: 1, hero: false, base_fields: 1 },
    { id: 'tank', name: 'Tank', name_de: 'Panzer', faction: 'bismark', class: 'tank', hp: 3, hero: false, base_fields: 2 },
    { id: 'gun', name: 'Gun', name_de: 'Kanone', faction: 'bismark', class: 'plug', hp: 1, hero: false, base_fields: 0 },
  ],
  unit_fields: { id: 0, type: 1, plug: 2, owner: 3, seg: 4, fields: 5, damage: 6, combat: 7, move: 17, bogged: 25 },
};

function unitRow(id: number, type: number, plug: number, owner: number, seg: number, fields: number, damage: number, combat = 0) {
  const r: any[] = new Array(26).fill(0);
  Object.assign(r, { 0: id, 1: type, 2: plug, 3: owner, 4: seg, 5: fields, 6: damage, 7: combat });
  return r;
}

describe('Rivet Wars observation read against the board', () => {
  const obs = {
    units: [unitRow(3, 0, -1, 0, 2, 0b0001, 0), unitRow(7, 1, 2, 1, 0, 0b0011, 1, 2)],
    terrain: [[0, 1, 0, 3], [2, 0, 1, 0]],
    flags: [1],
  };

  it('decodes units: label, segment, fields, hit points with the plug, activation', () => {
    const [r, t] = rivetUnits(board, obs);
    expect(r).toMatchObject({ label: 'u3', owner: 'allies', seg: 'a2', fields: [0], hp: 1, maxHp: 1, activated: false });
    expect(r.type?.name).toBe('Rifleman');
    expect(t).toMatchObject({ label: 'u7', owner: 'bismark', seg: 'a1', fields: [0, 1], hp: 3, maxHp: 4, activated: true });
    expect(t.plug?.name).toBe('Gun');
  });

  it('places terrain pieces and SO flags on their segments', () => {
    expect(rivetPieces(board, obs)).toEqual([
      { kind: 'so', seg: 'b1', field: 3 },
      { kind: 'wire', seg: 'a2', field: 0 },
    ]);
    expect([...rivetFlags(board, obs)]).toEqual([['b1', 'bismark']]);
    expect([...rivetFlags(board, { flags: [-1] })]).toEqual([]);
  });
});
