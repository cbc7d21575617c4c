// 7 Tage der Westerplatte in the web: the board JSON and observations the C++ side writes as
// fixtures (tests/westerplatte/observation_fixtures_test.cc), read with src/westerplatte.ts: the
// click places of the legal actions (fields and lanes share the letters A-E), the moves and
// actions left of a turn (WP 7.1), the day piles, the board's words in both languages.
import { describe, expect, it } from 'vitest';
import { parseAll, type ParsedAction } from '../src/actions';
import type { WpBoard, WpObservation } from '../src/types';
import {
  fieldOfTile,
  moraleClass,
  pileCounts,
  placesOf,
  soleMover,
  spaceIndex,
  tileName,
  troopFires,
  turnLeft,
  wpClickTargets,
  wpHighlights,
  wpMissingKeys,
  wpT,
  wrapWords,
} from '../src/westerplatte';
import boardJson from './fixtures/westerplatte-medium-board.json';
import turnJson from './fixtures/westerplatte-medium-turn.json';
import playJson from './fixtures/westerplatte-medium-play.json';

const board = boardJson as unknown as WpBoard;
const turn = turnJson as unknown as { observation: WpObservation; legal: any[]; viewer: string };
const play = playJson as unknown as { observation: WpObservation };

/** A legal action as parseAction reads it, its arguments by the verb table (games/westerplatte/verbs.cc). */
function action(text: string, role: ParsedAction['role'] = 'other'): ParsedAction {
  const [verb, ...rest] = text.split(' ');
  const unitFirst = verb === 'move' || verb === 'place';
  return {
    id: text,
    text,
    verb,
    role,
    label: text,
    units: unitFirst ? [rest[0]] : [],
    places: unitFirst ? [rest[1]] : ['fire', 'mortar', 'mine', 'rebuild', 'overflow', 'reinforce'].includes(verb) ? [rest[0]] : [],
    words: ['push', 'stock', 'give'].includes(verb) ? [rest[0]] : verb === 'fire' ? [rest[1]] : [],
    types: [],
    troops: [],
    cost: null,
    note: '',
    title: verb,
    warn: '',
  };
}

describe('Westerplatte board JSON (web_board.cc)', () => {
  it('names the fields, lanes and tiles the observation names', () => {
    const obs = turn.observation;
    expect(board.kind).toBe('westerplatte');
    expect(board.fields.map((f) => f.id)).toEqual(obs.fields.map((f) => f.id));
    expect(board.lanes.map((l) => l.id)).toEqual(obs.lanes.map((l) => l.id));
    for (const f of obs.fields) if (f.tile) expect(board.tiles.map((x) => x.id)).toContain(f.tile);
    expect(board.morale_track.map((m) => m.level)).toEqual(obs.morale.track);
    // Every troop on a lane is a card of the box.
    for (const l of [...obs.lanes, ...play.observation.lanes]) if (l.troop) expect(board.cards.some((c) => c.id === l.troop!.card)).toBe(true);
  });

  it('lays the posts in a row behind the forward defence fields (content 1.2)', () => {
    const posts = board.fields.filter((f) => f.type === 'post');
    const fdfs = board.fields.filter((f) => f.type === 'fdf');
    expect(posts.map((f) => f.x)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(fdfs.map((f) => f.x)).toEqual([0.5, 1.5, 2.5, 3.5, 4.5]);
    expect(new Set(posts.map((f) => f.y))).toEqual(new Set([0]));
    expect(new Set(fdfs.map((f) => f.y))).toEqual(new Set([1]));
  });
});

describe('Westerplatte click places (WP 7.1, WP 7.2)', () => {
  const actions = parseAll(turn.legal, 'en');

  it('a move goes to its field, a mortar shot to its lane: B the field and B the lane apart', () => {
    const targets = wpClickTargets(actions, null, turn.observation);
    // One officer of p1 may move (o1): its fields are clickable without selecting it.
    expect(soleMover(actions)).toBe('o1');
    expect(targets.get('F:B')?.map((a) => a.text)).toEqual(['move o1 B']);
    expect(targets.get('L:B')?.map((a) => a.text)).toEqual(['mortar B']);
    expect(targets.get('L:E')?.map((a) => a.text)).toEqual(['mortar E']);
    expect([...targets.keys()].sort()).toEqual(['F:B', 'F:C', 'F:T2', 'F:T4', 'L:B', 'L:E']);
    const hl = wpHighlights(targets);
    expect(hl.get('F:B')).toBe('move');
    expect(hl.get('L:B')).toBe('attack');
    // `end` is no place of the board (a button next to the prompt).
    expect(placesOf(actions.find((a) => a.verb === 'end')!, turn.observation)).toEqual([]);
  });

  it('with two officers to move (solo, W10) only the selected one moves', () => {
    const two = [action('move o1 B', 'move'), action('move o2 D', 'move'), action('end', 'decline')];
    expect(soleMover(two)).toBeNull();
    expect([...wpClickTargets(two, null, turn.observation).keys()]).toEqual([]);
    expect([...wpClickTargets(two, 'o2', turn.observation).keys()]).toEqual(['F:D']);
  });

  it('tile actions on their post, push on each lane, give on the player, joint fire in a chooser', () => {
    const obs = turn.observation; // T1 rebuild, T2 morale, T3 mortar, T4 mines, T5 push_back, T6 ammo
    expect(fieldOfTile(obs, 'ammo')).toBe('T6');
    const list = [
      action('morale'),
      action('ammo'),
      action('stock mines'),
      action('push B+E'),
      action('give p2'),
      action('rebuild T1'),
      action('fire C o1', 'attack'),
      action('fire C o1+o2', 'attack'),
      action('mine A'),
      action('overflow T4'),
    ];
    const targets = wpClickTargets(list, null, obs);
    expect(targets.get('F:T2')?.map((a) => a.text)).toEqual(['morale']);
    expect(targets.get('F:T6')?.map((a) => a.text)).toEqual(['ammo']);
    expect(targets.get('F:T4')?.map((a) => a.text)).toEqual(['stock mines', 'overflow T4']);
    expect(targets.get('L:B')?.map((a) => a.text)).toEqual(['push B+E']);
    expect(targets.get('L:E')?.map((a) => a.text)).toEqual(['push B+E']);
    expect(targets.get('P:p2')?.map((a) => a.text)).toEqual(['give p2']);
    expect(targets.get('F:T1')?.map((a) => a.text)).toEqual(['rebuild T1']);
    expect(targets.get('L:C')?.map((a) => a.text)).toEqual(['fire C o1', 'fire C o1+o2']);
    expect(targets.get('L:A')?.map((a) => a.text)).toEqual(['mine A']);
    expect(wpHighlights(targets).get('L:C')).toBe('attack');
    expect(wpHighlights(targets).get('L:A')).toBe('act');
  });
});

describe('Westerplatte turn (WP 7.1)', () => {
  const base = turn.observation;
  const withTurn = (t: Partial<NonNullable<WpObservation['turn']>>, player: Partial<WpObservation['players'][number]> = {}, players?: WpObservation['players']) =>
    ({
      ...base,
      turn: { ...base.turn!, ...t },
      players: players ?? base.players.map((p) => (p.seat === base.active_player ? { ...p, ...player } : p)),
    }) as WpObservation;

  it('the fixture: one move made, one left, one action', () => {
    const left = turnLeft(base)!;
    expect(left.moves).toBe(1);
    expect(left.actions).toBe(1);
    expect(left.extraMove).toBe(false);
    expect(left.perOfficer).toEqual([{ id: 'o1', left: 1 }]);
  });

  it('markers: extra move offers a third move, restricted takes one, extra action a second action (WP 8)', () => {
    expect(turnLeft(withTurn({ officer_moves: [2, 0], moves: 2 }, { extra_move: 1 }))).toMatchObject({ moves: 0, extraMove: true });
    expect(turnLeft(withTurn({ officer_moves: [0, 0], moves: 0, restricted: true }))).toMatchObject({ moves: 1, restricted: true });
    expect(turnLeft(withTurn({ officer_moves: [0, 0], restricted: true }, { extra_move: 1 }))!.extraMove).toBe(false);
    expect(turnLeft(withTurn({ actions: 0 }, { extra_action: 1 }))!.actions).toBe(2);
    expect(turnLeft(withTurn({ actions: 1 }, { extra_action: 1 }))!.actions).toBe(1);
    expect(turnLeft(withTurn({ actions: 1 }))!.actions).toBe(0);
    expect(turnLeft({ ...base, turn: null })).toBeNull();
  });

  it('solo (W10): two officers, each up to 2 moves', () => {
    const solo = {
      ...withTurn({ officer_moves: [2, 1], moves: 3 }, {}, [{ seat: 'p1', ammo: 2, extra_move: 0, restricted: 0, extra_action: 0, given: 0 }]),
      active_player: 'p1',
      officers: [
        { id: 'o1', seat: 'p1', field: 'A' },
        { id: 'o2', seat: 'p1', field: 'B' },
      ],
    } as WpObservation;
    const left = turnLeft(solo)!;
    expect(left.moves).toBe(1);
    expect(left.perOfficer).toEqual([
      { id: 'o1', left: 0 },
      { id: 'o2', left: 1 },
    ]);
    const restricted = turnLeft({ ...solo, turn: { ...solo.turn!, officer_moves: [1, 1], moves: 2, restricted: true } })!;
    expect(restricted.moves).toBe(1);
  });
});

describe('Westerplatte lanes, piles, morale', () => {
  it('space index, who fires in the German attack (WP 7.3)', () => {
    expect(spaceIndex(board, 'I')).toBe(0);
    expect(spaceIndex(board, 'IV')).toBe(3);
    expect(troopFires(board, { kind: 'mg', space: 'IV' })).toBe(true);
    expect(troopFires(board, { kind: 'mg', space: 'III' })).toBe(false);
    expect(troopFires(board, { kind: 'howitzer', space: 'I' })).toBe(true);
  });

  it('the day piles of the played fixture (WP 6)', () => {
    const counts = pileCounts(play.observation);
    expect(counts.length).toBe(8);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(play.observation.day_piles.flatMap((p) => p.cards).length);
    expect(counts[0]).toBe(8); // day 1 full on day 3
  });

  it('morale levels and words in both languages', () => {
    expect(moraleClass('L2')).toBe('low');
    expect(moraleClass('H1')).toBe('high');
    expect(moraleClass('START')).toBe('start');
    expect(moraleClass('-')).toBe('empty');
    expect(wpMissingKeys()).toEqual([]);
    expect(wpT('dayPiles', 'de')).toBe('Abwurfstapel');
    expect(wpT('movesLeft', 'en')).toBe('Moves left');
    expect(tileName(board, 'rebuild', 'de')).toBe('Wiederaufbau der Mauer');
    expect(tileName(board, 'push_back', 'en')).toBe('push back');
    expect(wrapWords('Wiederaufbau der Mauer', 13)).toEqual(['Wiederaufbau', 'der Mauer']);
  });
});
