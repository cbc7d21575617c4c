import { afterEach, describe, expect, it } from 'vitest';
import { autoDecline, declinedSummary, impulseOf, loadPrefs, modeOf, noteWindow, NO_PREFS, savePrefs, setMode, soloSeat, type SkipPrefs } from '../src/autodecline';
import type { LegalAction } from '../src/types';

// State messages as the server sends them (docs/protocol.md): a WSR fate window of "us" with
// its decline `no-fate`, an opportunity-fire window, an ordinary decision.
const label = (en: string, de: string) => ({ en, de });
const noFate: LegalAction = { id: '11', text: 'no-fate', verb: 'no-fate', args: [], role: 'decline', label: label('No fate points', 'Keine Schicksalspunkte') };
const reroll: LegalAction = { id: '12', text: 'fate reroll', verb: 'fate', args: [{ kind: 'word', value: 'reroll' }], role: 'other' };
const noOpfire: LegalAction = { id: '21', text: 'no-opfire', verb: 'no-opfire', args: [], role: 'decline', label: label('No opportunity fire', 'Kein Gelegenheitsfeuer') };
const endImpulse: LegalAction = { id: '31', text: 'end-impulse', verb: 'end-impulse', args: [], role: 'decline' };

const fateMsg = (over: Partial<{ seat: string; decider: string; decline: string | null; legal: LegalAction[]; roll: string }> = {}) => ({
  seat: over.seat ?? 'us',
  decision: {
    seat: over.decider ?? 'us',
    kind: 'fate',
    prompt: 'The Americans have 3 fate points; ...',
    decline: over.decline === undefined ? 'no-fate' : over.decline,
    ...(over.roll ? { roll_seat: over.roll } : {}),
  },
  legal: over.legal ?? [reroll, noFate],
  result: null,
});
const opfireMsg = { seat: 'us', decision: { seat: 'us', kind: 'opfire', prompt: '...', decline: 'no-opfire' }, legal: [noOpfire], result: null };
const opsMsg = { seat: 'us', decision: { seat: 'us', kind: 'operations', prompt: '...', decline: null }, legal: [endImpulse], result: null };

const declining = (kinds: string[]): SkipPrefs => kinds.reduce((p, k) => setMode(p, k, 'decline', null), NO_PREFS);

describe('reaction windows declined automatically', () => {
  it('asks by default: nothing is sent without a choice', () => {
    expect(autoDecline(fateMsg(), NO_PREFS, null)).toBeNull();
    expect(autoDecline(opfireMsg, NO_PREFS, null)).toBeNull();
  });

  it('sends the decision own decline for a kind set to decline', () => {
    expect(autoDecline(fateMsg(), declining(['fate']), null)).toBe(noFate);
    expect(autoDecline(opfireMsg, declining(['fate']), null)).toBeNull();
    expect(autoDecline(opfireMsg, declining(['fate', 'opfire']), null)).toBe(noOpfire);
  });

  it('never declines a decision without a decline, even a decline-role action of that kind', () => {
    const prefs = declining(['fate', 'operations']);
    expect(autoDecline(opsMsg, prefs, null)).toBeNull();
    expect(autoDecline(fateMsg({ decline: null }), prefs, null)).toBeNull();
  });

  it('never declines for another seat, an observer, a finished game, or a decline not legal', () => {
    const prefs = declining(['fate']);
    expect(autoDecline(fateMsg({ decider: 'de', legal: [] }), prefs, null)).toBeNull();
    expect(autoDecline(fateMsg({ seat: 'observer', legal: [] }), prefs, null)).toBeNull();
    expect(autoDecline({ ...fateMsg(), result: { summary: 'us wins', reason: '' } }, prefs, null)).toBeNull();
    expect(autoDecline(fateMsg({ legal: [reroll] }), prefs, null)).toBeNull();
  });

  it('"this impulse" declines while the impulse lasts, then asks again', () => {
    const prefs = setMode(NO_PREFS, 'opfire', 'impulse', '2:de.kg-1:1');
    expect(modeOf(prefs, 'opfire', '2:de.kg-1:1')).toBe('impulse');
    expect(autoDecline(opfireMsg, prefs, '2:de.kg-1:1')).toBe(noOpfire);
    expect(autoDecline(opfireMsg, prefs, '2:de.kg-2:1')).toBeNull();
    expect(modeOf(prefs, 'opfire', '2:de.kg-2:1')).toBe('ask');
    expect(autoDecline(opfireMsg, prefs, null)).toBeNull();
    // Without an impulse in the observation the choice cannot be made: it stays "ask".
    expect(modeOf(setMode(NO_PREFS, 'opfire', 'impulse', null), 'opfire', null)).toBe('ask');
  });

  it('"only on my rolls" declines the windows on the other side\'s rolls and asks on its own', () => {
    const prefs = setMode(NO_PREFS, 'fate', 'own', null);
    expect(modeOf(prefs, 'fate', null)).toBe('own');
    expect(autoDecline(fateMsg({ roll: 'de' }), prefs, null)).toBe(noFate);
    expect(autoDecline(fateMsg({ roll: 'us' }), prefs, null)).toBeNull();
    // A window about no side's roll (the WSR chaos table) is asked.
    expect(autoDecline(fateMsg(), prefs, null)).toBeNull();
    // Another seat's window is never declined, whatever the roll.
    expect(autoDecline(fateMsg({ decider: 'de', legal: [], roll: 'us' }), prefs, null)).toBeNull();
    // "always ask" and "never" ignore whose roll it is.
    expect(autoDecline(fateMsg({ roll: 'de' }), NO_PREFS, null)).toBeNull();
    expect(autoDecline(fateMsg({ roll: 'us' }), declining(['fate']), null)).toBe(noFate);
  });

  // A Planspiel counter-move window (PS §9.2) of Blue, passive: with only its pass, and with a
  // true fire counter-move besides.
  const pass: LegalAction = { id: '41', text: 'pass', verb: 'pass', args: [], role: 'decline', label: label('Pass: no counter-move', 'Verzichten: kein Gegenzug') };
  const fire: LegalAction = { id: '42', text: 'fire B-P1 5,6', verb: 'fire', args: [], role: 'attack' };
  const concede: LegalAction = { id: '43', text: 'concede', verb: 'concede', args: [], role: 'confirm' };
  const counterMsg = (legal: LegalAction[]) => ({ seat: 'blue', decision: { seat: 'blue', kind: 'counter-move', prompt: '...', decline: 'pass' }, legal, result: null });

  it('"ask only when I can answer" declines a window whose decline is all the seat can do', () => {
    const solo = true;
    // The default of a seat that plays alone against computer players.
    expect(modeOf(NO_PREFS, 'counter-move', null, solo)).toBe('choice');
    expect(autoDecline(counterMsg([pass]), NO_PREFS, null, solo)).toBe(pass);
    expect(autoDecline(counterMsg([pass, concede]), NO_PREFS, null, solo)).toBe(pass);
    expect(autoDecline(counterMsg([fire, pass]), NO_PREFS, null, solo)).toBeNull();
    // Chosen "ask me", the window is asked even with nothing but its decline.
    expect(autoDecline(counterMsg([pass]), setMode(NO_PREFS, 'counter-move', 'ask', null), null, solo)).toBeNull();
  });

  it('"ask only when I can answer" is "ask" against a human opponent, who could read the timing', () => {
    const chosen = setMode(NO_PREFS, 'counter-move', 'choice', null);
    expect(modeOf(NO_PREFS, 'counter-move', null, false)).toBe('ask');
    expect(modeOf(chosen, 'counter-move', null, false)).toBe('ask');
    expect(autoDecline(counterMsg([pass]), chosen, null, false)).toBeNull();
    expect(autoDecline(counterMsg([pass]), NO_PREFS, null, false)).toBeNull();
  });

  it('a seat is solo when every other side is a computer player', () => {
    expect(soloSeat('blue', { red: 'ai:easy', blue: 'human' })).toBe(true);
    expect(soloSeat('p1', { p1: 'human', p2: 'heuristic', p3: 'mcts:1' })).toBe(true);
    expect(soloSeat('blue', { red: 'human', blue: 'human' })).toBe(false);
    expect(soloSeat('observer', { red: 'ai:easy', blue: 'human' })).toBe(false);
    expect(soloSeat('blue', null)).toBe(false);
    expect(soloSeat('green', { red: 'ai:easy', blue: 'human' })).toBe(false);
  });

  it('marks a kind as about rolls once a window of it names whose roll it is', () => {
    let p = noteWindow(NO_PREFS, opfireMsg);
    p = noteWindow(p, fateMsg());
    expect(p.seen[1]).toEqual({ kind: 'fate', label: label('No fate points', 'Keine Schicksalspunkte') });
    p = noteWindow(p, fateMsg({ roll: 'de' }));
    expect(p.seen).toEqual([
      { kind: 'opfire', label: label('No opportunity fire', 'Kein Gelegenheitsfeuer') },
      { kind: 'fate', label: label('No fate points', 'Keine Schicksalspunkte'), rolls: true },
    ]);
    expect(noteWindow(p, fateMsg({ roll: 'us' }))).toBe(p);
    expect(noteWindow(p, fateMsg())).toBe(p);
  });

  it('lists each decline-able kind of this seat once, with its decline label', () => {
    let p = noteWindow(NO_PREFS, fateMsg());
    p = noteWindow(p, fateMsg());
    p = noteWindow(p, opsMsg);
    p = noteWindow(p, fateMsg({ decider: 'de', legal: [] }));
    p = noteWindow(p, opfireMsg);
    expect(p.seen).toEqual([
      { kind: 'fate', label: label('No fate points', 'Keine Schicksalspunkte') },
      { kind: 'opfire', label: label('No opportunity fire', 'Kein Gelegenheitsfeuer') },
    ]);
    expect(noteWindow(p, fateMsg())).toBe(p);
  });

  it('reads the WSR impulse from the observation', () => {
    const obs = { turn: 3, active_formation: 'kg-a', formations: [{ id: 'kg-a', impulses: 2 }] };
    expect(impulseOf(obs)).toBe('3:kg-a:2');
    expect(impulseOf({ ...obs, formations: [{ id: 'kg-a', impulses: 3 }] })).not.toBe(impulseOf(obs));
    expect(impulseOf({ turn: 3, active_formation: null })).toBeNull();
    expect(impulseOf({ phase: 'x' })).toBeNull();
    expect(impulseOf(undefined)).toBeNull();
  });
});

describe('preferences stored per game and seat', () => {
  const store = new Map<string, string>();
  (globalThis as any).localStorage = {
    getItem: (k: string) => store.get(k) ?? null,
    setItem: (k: string, v: string) => void store.set(k, v),
  };
  afterEach(() => store.clear());

  it('keeps each game and seat apart, "ask" where nothing is stored', () => {
    const prefs = noteWindow(declining(['fate']), fateMsg());
    savePrefs('g1', 'us', prefs);
    expect(loadPrefs('g1', 'us')).toEqual(prefs);
    expect(loadPrefs('g1', 'de')).toEqual(NO_PREFS);
    expect(loadPrefs('g2', 'us')).toEqual(NO_PREFS);
    savePrefs('g1', 'de', declining(['opfire']));
    expect(loadPrefs('g1', 'us')).toEqual(prefs);
    store.set('feldherr.autodecline', 'not json');
    expect(loadPrefs('g1', 'us')).toEqual(NO_PREFS);
  });
});

describe('what was declined for the player', () => {
  it('names each declined window once, with its count, in both languages', () => {
    expect(declinedSummary([noOpfire, noFate, noOpfire, noOpfire], 'en')).toBe('No opportunity fire (3×) · No fate points');
    expect(declinedSummary([noOpfire, noOpfire], 'de')).toBe('Kein Gelegenheitsfeuer (2×)');
    expect(declinedSummary([endImpulse], 'de')).toBe('end-impulse');
    expect(declinedSummary([], 'en')).toBe('');
  });
});
