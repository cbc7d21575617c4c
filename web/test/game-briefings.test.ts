// The briefings of Rivet Wars, Westerplatte and the Planspiel (src/briefing.ts) read from the boards
// the C++ tests write (web/test/fixtures/*-board.json, ObservationFixtures.*): each section in
// English and German, the data's own texts in both languages, every stand-in marked "not the
// printed value", and the briefing opening by itself only on first sight.
import { describe, expect, it } from 'vitest';
import { briefingSeen, markBriefingSeen, psBriefing, rivetBriefing, segmentRuns, wpBriefing, type BriefingSection } from '../src/briefing';
import type { PlanspielBoard, PsObservation, RivetBoard, WpBoard } from '../src/types';

const files = import.meta.glob('./fixtures/*.json', { eager: true, import: 'default' }) as Record<string, any>;
const fixture = (name: string): any => {
  const f = files[`./fixtures/${name}.json`];
  if (!f) throw new Error(`missing fixture ${name}.json`);
  return f;
};
const section = (s: BriefingSection[], key: string): string[] => (s.find((x) => x.key === key)?.lines ?? []).map((l) => l.text);

describe('Rivet Wars briefing', () => {
  const board = fixture('rivet-mission-1-board') as RivetBoard;

  it("gives mission 1's goal, the field of each SO (stand-in marked), deployment and no round limit", () => {
    const en = rivetBriefing(board, 'en');
    expect(section(en, 'goal')).toEqual([
      'SO capture = 1 VP each; first to 6 VP wins.',
      'VP to win: Allies 6, Bismark 6.',
      'No round limit: play goes on until a side has its VP (RW §13).',
    ]);
    expect(section(en, 'objectives').slice(0, 4)).toEqual([
      'd3: the south-east field of the segment († stand-in: not the printed value)',
      'f3: the south-west field of the segment († stand-in: not the printed value)',
      'd4: the north-east field of the segment († stand-in: not the printed value)',
      'f4: the north-west field of the segment († stand-in: not the printed value)',
    ]);
    expect(en.find((s) => s.key === 'objectives')!.lines[0].standIn).toBe(true);
    expect(section(en, 'special')).toEqual(['No Action! cards and no secret missions are drawn.']);
    const forces = section(en, 'forces');
    expect(forces[0]).toBe('The Allies deploy in a6–i6 († stand-in: not the printed value)');
    expect(forces[1]).toBe('Bismark deploys in a1–i1 († stand-in: not the printed value)');
    expect(forces).toContain('Each turn: DP Allies 4, Bismark 4; rivets 0 per side.');
    expect(forces).toContain('The initiative roll decides who takes the first turn (RW §4.5).');
    expect(forces).toContain('No Action! cards are drawn.');
  });

  it('reads German from the data and words the rest in German', () => {
    const de = rivetBriefing(board, 'de');
    expect(section(de, 'goal')[0]).toContain('zuerst 6 SP');
    expect(section(de, 'special')).toEqual(['Die Spieler ziehen keine Action!-Karten und keine Geheimen Missionen.']);
    expect(section(de, 'objectives')[0]).toBe('d3: das südöstliche Feld des Segments († Platzhalter: nicht der gedruckte Wert)');
    expect(section(de, 'forces')[0]).toBe('Die Alliierten stellen in a6–i6 auf († Platzhalter: nicht der gedruckte Wert)');
    expect(section(de, 'forces')[1]).toBe('Die Bismarks stellen in a1–i1 auf († Platzhalter: nicht der gedruckte Wert)');
  });

  it('names the side that takes the first turn as a sentence subject in both languages', () => {
    for (const [first, en, de] of [
      ['allies', 'The Allies take the first turn.', 'Die Alliierten machen den ersten Zug.'],
      ['bismark', 'Bismark takes the first turn.', 'Die Bismarks machen den ersten Zug.'],
    ] as const) {
      const b = { ...board, briefing: { ...board.briefing!, first_player: first } } as RivetBoard;
      expect(section(rivetBriefing(b, 'en'), 'forces')).toContain(en);
      expect(section(rivetBriefing(b, 'de'), 'forces')).toContain(de);
    }
  });

  it('names a round limit and the own-cards note where the mission deals cards', () => {
    const b = { ...board, briefing: { ...board.briefing!, max_rounds: 12, action_cards: true, secret_missions: true } } as RivetBoard;
    const en = rivetBriefing(b, 'en');
    expect(section(en, 'goal')).toContain('Round limit 12 (option max_rounds, no rule): then more VP wins, equal VP is a draw.');
    expect(section(en, 'forces')).toContain('Your own Action! cards and secret missions are shown to you alone (the other side sees only how many).');
  });

  it('writes segments as runs', () => {
    expect(segmentRuns(['a1', 'b1', 'c1', 'd1', 'b2', 'e2', 'h2'])).toBe('a1–d1, b2, e2, h2');
    expect(segmentRuns(['a1', 'b1', 'd1'])).toBe('a1, b1, d1');
  });
});

describe('Westerplatte briefing', () => {
  const board = fixture('westerplatte-medium-board') as WpBoard;

  it('tells the situation, how each side wins, the lanes with their stand-in overflow posts and the opening', () => {
    const en = wpBriefing(board, 'en');
    const situation = section(en, 'situation');
    expect(situation[0]).toContain('Polish Military Transit Depot on the Westerplatte');
    expect(situation).toContain('The defenders win if they hold out 7 days: the 8th card lands on the day-7 pile and they survive that turn (WP 11).');
    expect(situation).toContain('The Germans win as soon as 2 guard posts hold no bricks (WP 11).');
    const lanes = section(en, 'board');
    expect(lanes).toContain(
      'Each lane faces the forward defence field of its letter; damage a field cannot take goes to one of its two guard posts: A → T1/T2, B → T2/T3, C → T3/T4, D → T4/T5, E → T5/T6 († stand-in: not the printed value)',
    );
    expect(section(en, 'turn')).toContain('After each of days 1–6 an event card: 3 positive and 3 negative in this level (WP 3).');
    const de = wpBriefing(board, 'de');
    expect(section(de, 'situation')).toContain('Die Deutschen gewinnen, sobald auf 2 Wachen keine Mauerziegel mehr liegen (WP 11).');
    expect(section(de, 'board')[1]).toMatch(/^Jede Leiste liegt vor dem vorgeschobenen Abwehrfeld ihres Buchstabens; .* C → T3\/T4, .*\(† Platzhalter: nicht der gedruckte Wert\)$/);
  });

  it('words the player count: solo with two officers, or one officer each', () => {
    const solo = { ...board, briefing: { ...board.briefing!, players: 1, officers: 2 } } as WpBoard;
    expect(section(wpBriefing(solo, 'en'), 'situation')[1]).toBe('One player with 2 officers (solo).');
    const three = { ...board, briefing: { ...board.briefing!, players: 3, officers: 3, opening_discard: 0, opening_cards: 3 } } as WpBoard;
    expect(section(wpBriefing(three, 'de'), 'situation')[1]).toBe('3 Spieler, je ein Offizier.');
    expect(section(wpBriefing(three, 'en'), 'turn')).toContain('Opening: 3 cards come into play without troop movement (WP 5).');
  });
});

describe('Planspiel briefing', () => {
  const board = fixture('planspiel-ps-1-board') as PlanspielBoard;
  const red = fixture('planspiel-ps-1-red').observation as PsObservation;

  it("gives PS-1's tasks, time, objective, reinforcement and outcome list, every stand-in marked", () => {
    const en = psBriefing(board, red, 'red', 'en');
    const tasks = section(en, 'tasks');
    expect(tasks[0]).toMatch(/^Red: Attack and take the Gutshof/);
    expect(tasks[0]).toContain('(† stand-in: not the printed value)');
    expect(section(en, 'time')[0]).toBe(
      '12 game turns (cycle turns D5–D16); Red moves first. The outcome is judged after Blue’s half-turn of the last game turn. († stand-in: not the printed value)',
    );
    expect(section(en, 'objectives')).toEqual(['Gutshof (fields 5,3 6,3): held by Blue at the start († stand-in: not the printed value)']);
    expect(section(en, 'reinforcements')[0]).toMatch(/^Game turn 5: Blue .+ enters at 5,0 \(† stand-in/);
    const outcomes = section(en, 'outcomes');
    expect(outcomes).toHaveLength(5);
    expect(outcomes[0]).toBe('1. Red victory: Red controls the Gutshof († stand-in: not the printed value)');
    expect(outcomes[4]).toBe('5. Draw: the Gutshof is split and the losses are equal († stand-in: not the printed value)');
  });

  it('counts turns in German as the rulebook does: Zug and Teilzug (PS §3.1)', () => {
    const de = psBriefing(board, red, 'red', 'de');
    expect(section(de, 'time')[0]).toMatch(/^12 Züge \(Züge D5–D16 des Tageszyklus\); Rot zieht zuerst\. Der Ausgang wird nach dem Teilzug von Blau im letzten Zug bestimmt\./);
    expect(section(de, 'reinforcements')[0]).toMatch(/^Zug 5: Blau .+ tritt bei 5,0 ein/);
    expect(section(de, 'tasks').join(' ')).toContain('nach Blaus Teilzug im letzten Zug beide Felder halten');
  });

  it('lists only the forces the observation holds: no undetected Blue unit for Red', () => {
    const forces = section(psBriefing(board, red, 'red', 'en'), 'forces');
    expect(forces[0]).toMatch(/^Red: 3× /);
    expect(forces.some((f) => f.startsWith('Blue:'))).toBe(false);
    expect(forces).toContain('Enemy units you have not detected are not listed (PS §7.5).');
  });

  it('reads the German texts from the data', () => {
    const de = psBriefing(board, red, 'red', 'de');
    expect(section(de, 'tasks')[1]).toMatch(/^Blau: Den Gutshof verteidigen/);
    expect(section(de, 'outcomes')[1]).toBe('2. Sieg Blau: Blau hält den Gutshof († Platzhalter: nicht der gedruckte Wert)');
    expect(section(de, 'objectives')[0]).toContain('zu Beginn gehalten von Blau');
    // The forces by the catalogue's German type names (units.toml name_de).
    expect(section(de, 'forces')[0]).toMatch(/^Rot: 3× Schützenkompanie/);
    expect(section(psBriefing(board, red, 'red', 'en'), 'forces')[0]).toMatch(/^Red: 3× Infantry company \(Schützenkompanie\)/);
  });
});

describe('briefing on first sight', () => {
  it('opens until this browser has shown it to the seat once', () => {
    const store = new Map<string, string>();
    const s = { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v) };
    expect(briefingSeen('g1', 'red', s)).toBe(false);
    markBriefingSeen('g1', 'red', s);
    expect(briefingSeen('g1', 'red', s)).toBe(true);
    expect(briefingSeen('g1', 'blue', s)).toBe(false);
  });
});
