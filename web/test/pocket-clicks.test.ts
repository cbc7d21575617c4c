// Pocket Battles' actions made on the battlefield (src/pocket.ts stackClick, tileActions): the
// structured arguments of the server's legal actions say which stack or tile a click means.
import { describe, expect, it } from 'vitest';
import { clickTargets, parseAll } from '../src/actions';
import { stackActions, stackClick, tileActions, unitCell, pocketUnits } from '../src/pocket';
import type { PocketBoard } from '../src/types';

const files = import.meta.glob('./fixtures/pocket-*.json', { eager: true, import: 'default' }) as Record<string, any>;
const fixture = (name: string): any => files[`./fixtures/${name}.json`];
const u = (value: string) => ({ kind: 'unit' as const, value });
const tr = (value: string) => ({ kind: 'troop' as const, value });
const p = (value: string, cell: string) => ({ kind: 'place' as const, value, cell });
const ids = (c: ReturnType<typeof stackClick>) => (c.kind === 'actions' ? c.actions.map((a) => a.text) : c.kind);

describe('Pocket actions on stacks and tiles', () => {
  it('a formation: the troop joins the unit whose stack is clicked; a new unit stays a button (PB Aufbau)', () => {
    const actions = parseAll([
      { id: '1', text: 'new-unit', verb: 'new-unit', args: [], role: 'other' },
      { id: '2', text: 'unit o1', verb: 'unit', args: [u('o1')], role: 'other' },
      { id: '3', text: 'unit o3', verb: 'unit', args: [u('o3')], role: 'other' },
    ]);
    expect(ids(stackClick(actions, null, 'o1', false))).toEqual(['unit o1']);
    expect(ids(stackClick(actions, 'o1', 'o3', false))).toEqual(['unit o3']);
    expect(ids(stackClick(actions, null, 'o2', false))).toBe('select');
    expect([...stackActions(actions).keys()]).toEqual(['o1', 'o3']);
  });

  it('a reaction: one click on the stack that intercepts or shoots; waiting stays a button', () => {
    const actions = parseAll([
      { id: '1', text: 'react intercept o8', verb: 'react intercept', args: [u('o8')], role: 'attack' },
      { id: '2', text: 'react shoot o8', verb: 'react shoot', args: [u('o8')], role: 'attack' },
      { id: '3', text: 'react shoot o2', verb: 'react shoot', args: [u('o2')], role: 'attack' },
      { id: '4', text: 'react wait', verb: 'react wait', args: [], role: 'decline' },
    ]);
    // Two reactions of o8: the chooser offers both.
    expect(ids(stackClick(actions, null, 'o8', false))).toEqual(['react intercept o8', 'react shoot o8']);
    expect(ids(stackClick(actions, null, 'o2', false))).toEqual(['react shoot o2']);
    expect([...stackActions(actions).values()].flat().some((a) => a.role === 'decline')).toBe(false);
  });

  it("the target of an attack: one click on the enemy's stack, even in a highlighted cell", () => {
    const actions = parseAll([
      { id: '1', text: 'target e2', verb: 'target', args: [u('e2')], role: 'attack' },
      { id: '2', text: 'target e3', verb: 'target', args: [u('e3')], role: 'attack' },
    ]);
    expect(ids(stackClick(actions, null, 'e2', true))).toEqual(['target e2']);
    expect(ids(stackClick(actions, 'o1', 'e3', false))).toEqual(['target e3']);
  });

  it('a unit in combat (fixture): a click selects it and marks the enemy it fights on against; a second click leaves the combat', () => {
    const fx = fixture('pocket-orcs-vs-elves-deciding');
    const board = fixture('pocket-orcs-vs-elves-board') as PocketBoard;
    const actions = parseAll(fx.legal);
    const units = pocketUnits(fx.observation);
    const cellOf = (l: string) => {
      const x = units.find((v) => v.label === l);
      return x ? unitCell(board, x) : null;
    };
    expect(ids(stackClick(actions, null, 'o1', false))).toBe('select');
    const e1 = cellOf('e1')!;
    expect(clickTargets(actions, 'o1', cellOf).get(e1)?.map((a) => a.text)).toEqual(['continue o1 e1']);
    expect(ids(stackClick(actions, 'o1', 'o1', false))).toEqual(['leave o1']);
    // The enemy's stack in the highlighted cell stands for the cell (the target of o1).
    expect(ids(stackClick(actions, 'o1', 'e1', true))).toBe('cell');
    // Every action naming a unit is a cell click of its unit or a click on a stack: no unit
    // action is left to a button.
    for (const a of actions.filter((x) => x.units.length > 0)) {
      const cell = [...clickTargets(actions, a.units[0], cellOf).values()].flat().includes(a);
      const stack = (stackActions(actions).get(a.units[0]) ?? []).includes(a);
      expect(cell || stack, a.text).toBe(true);
    }
  });

  it('casualties: a click on the tile of the troop to wound or remove; a special ability on its tile', () => {
    const actions = parseAll([
      { id: '1', text: 'wound o1.hobgoblin', verb: 'wound', args: [tr('o1.hobgoblin')], role: 'other' },
      { id: '2', text: 'remove o1.hobgoblin', verb: 'remove', args: [tr('o1.hobgoblin')], role: 'other' },
      { id: '3', text: 'remove o1.goblin.2', verb: 'remove', args: [tr('o1.goblin.2')], role: 'other' },
      { id: '4', text: 'special o2 o2.shaman', verb: 'special', args: [u('o2'), tr('o2.shaman')], role: 'other' },
      { id: '5', text: 'move o2 left-front', verb: 'move', args: [u('o2'), p('left-front', '3:0')], role: 'move' },
    ]);
    const tiles = tileActions(actions);
    expect(tiles.get('o1.hobgoblin')!.map((a) => a.text)).toEqual(['wound o1.hobgoblin', 'remove o1.hobgoblin']);
    expect(tiles.get('o1.goblin.2')!.map((a) => a.text)).toEqual(['remove o1.goblin.2']);
    expect(tiles.get('o2.shaman')!.map((a) => a.text)).toEqual(['special o2 o2.shaman']);
    // Neither is a click on the whole stack: o2 is selected as usual and moves by its cell.
    expect(stackActions(actions).size).toBe(0);
    expect(ids(stackClick(actions, null, 'o2', false))).toBe('select');
  });
});
