import { describe, expect, it } from 'vitest';
import { rivetFlags, rivetPieces, rivetUnits } from '../src/rivet';
import type { RivetBoard, RivetObservedUnit, RivetUnitType } from '../src/types';

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
  uses_action_cards: true,
  uses_secret_missions: true,
  so_fields: [{ seg: 'b1', field: 'SE' }],
  unit_types: [
    utype({ id: 'rifleman', name: 'Rifleman', name_de: 'Schütze', faction: 'allies', class: 'infantry', hp: 1, hero: false, base_fields: 1 }),
    utype({ id: 'tank', name: 'Tank', name_de: 'Panzer', faction: 'bismark', class: 'tank', hp: 3, hero: false, base_fields: 2 }),
    utype({ id: 'gun', name: 'Gun', name_de: 'Kanone', faction: 'bismark', class: 'plug', hp: 1, hero: false, base_fields: 0 }),
  ],
  action_cards: [
    { id: 'AC-07', name: 'Lucky Charm', name_de: 'Glücksbringer', window: 4, deviation: 'ON', rules: 'Re-roll.', rules_de: 'Neu würfeln.', quote: 'q', quote_de: 'z', provenance: 'stand-in' },
  ],
  secret_missions: [
    { id: 'SM-09', name: 'War Chest', name_de: 'Kriegskasse', vp: 1, check: 'end_of_turn', condition: 'rivets(self) >= 5', goal: '5 rivets', goal_de: '5 Rivets', provenance: 'stand-in' },
  ],
};

// A unit type with the values the tests here do not read.
function utype(t: Pick<RivetUnitType, 'id' | 'name' | 'name_de' | 'faction' | 'class' | 'hp' | 'hero' | 'base_fields'>): RivetUnitType {
  return { ...t, miniatures: 1, cost: 1, rivets: 0, move: 1, armour: 0, armour_public_value: null, range_ground: 1, range_air: 0, loot: 0, sockets: 0, abilities: [], weapons: [], provenance: {} };
}

// A unit as games/rivet/observation.cc names it.
function unit(label: string, type: string, plug: string | null, owner: string, seg: string, fields: string[], hp: number, maxHp: number, combat: 'ready' | 'active' | 'done' = 'ready'): RivetObservedUnit {
  return {
    label, type, plug, owner, seg, fields, hp, max_hp: maxHp, damage: maxHp - hp,
    activated: combat !== 'ready', combat, move: 'ready', bogged: false,
    attacked: false, dashed: false, rapid_used: false, shots: [0, 0, 0, 0], rush_left: 0, dash_left: 0,
    rush_diagonal: false, buff_range: 0, buff_rapid: 0, mp_left: 0, diagonal_used: false, placed: false,
    card_precision: 0, card_assault: 0, card_sniper: false, card_extra_weapon: null,
  };
}

describe('Rivet Wars observation read against the board', () => {
  const obs = {
    units: [unit('u3', 'rifleman', null, 'allies', 'a2', ['NW'], 1, 1), unit('u7', 'tank', 'gun', 'bismark', 'a1', ['NW', 'NE'], 3, 4, 'done')],
    terrain: [
      { kind: 'so', seg: 'b1', field: 'SE' },
      { kind: 'wire', seg: 'a2', field: 'NW' },
    ],
    flags: { b1: 'bismark' },
  };

  it('reads units by name: label, type and plug by id, segment, fields, hit points, activation', () => {
    const [r, t] = rivetUnits(board, obs);
    expect(r).toMatchObject({ label: 'u3', owner: 'allies', seg: 'a2', fields: ['NW'], hp: 1, maxHp: 1, activated: false });
    expect(r.type?.name).toBe('Rifleman');
    expect(r.plug).toBeUndefined();
    expect(t).toMatchObject({ label: 'u7', owner: 'bismark', seg: 'a1', fields: ['NW', 'NE'], hp: 3, maxHp: 4, activated: true });
    expect(t.type?.name).toBe('Tank');
    expect(t.plug?.name).toBe('Gun');
    expect(rivetUnits(board, null)).toEqual([]);
  });

  it('reads terrain pieces and SO flags by segment; an SO without a flag is left out', () => {
    expect(rivetPieces(obs)).toEqual([
      { kind: 'so', seg: 'b1', field: 'SE' },
      { kind: 'wire', seg: 'a2', field: 'NW' },
    ]);
    expect([...rivetFlags(obs)]).toEqual([['b1', 'bismark']]);
    expect([...rivetFlags({ flags: { b1: null } })]).toEqual([]);
  });
});
