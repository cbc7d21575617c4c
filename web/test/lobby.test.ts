import { describe, expect, it } from 'vitest';
import { clampInt, playersFor, seatsFor, titleIn, widgetOf } from '../src/lobby';
import { resultText, said, sideName, t } from '../src/i18n';
import { mergeLog } from '../src/components/LogPanel';
import { tabTitle } from '../src/title';
import { replayKey } from '../src/components/ReplayView';
import { bySeverity, oddsTables, rowLabel, tableTitle } from '../src/components/OddsPanel';
import type { CatalogGame } from '../src/types';

// As the server's catalog describes Westerplatte (tests/server/web_assets_test.cc).
const wp: CatalogGame = {
  id: 'westerplatte',
  title: '7 Tage der Westerplatte',
  scenarios: [{ id: 'easy', title: 'Easy' }],
  options: [
    {
      name: 'players', default: '1', kind: 'int', min: 1, max: 4, step: 1,
      seats_for: { '1': ['p1'], '2': ['p1', 'p2'], '3': ['p1', 'p2', 'p3'], '4': ['p1', 'p2', 'p3', 'p4'] },
    },
  ],
  seats: ['p1'],
  players: ['human', 'ai:easy', 'ai:normal', 'random'],
};

describe('lobby', () => {
  it("shows game and scenario titles in the UI's language (the catalog's title_de)", () => {
    const wsr = { title: 'White Star Rising', title_de: 'White Star Rising' };
    const noville = { title: 'WSR-B1 Noville, Belgium (1944-12-19)', title_de: 'WSR-B1 Noville, Belgien (1944-12-19)' };
    expect(titleIn(noville, 'de')).toBe('WSR-B1 Noville, Belgien (1944-12-19)');
    expect(titleIn(noville, 'en')).toBe('WSR-B1 Noville, Belgium (1944-12-19)');
    expect(titleIn(wsr, 'de')).toBe('White Star Rising');
    // A catalog without German titles (an older server): the English.
    expect(titleIn(wp.scenarios[0], 'de')).toBe('Easy');
  });

  it('gives the seats an option value names (Westerplatte players=2 has p2, which can be an AI)', () => {
    expect(seatsFor(wp, { players: '1' })).toEqual(['p1']);
    expect(seatsFor(wp, { players: '2' })).toEqual(['p1', 'p2']);
    expect(seatsFor(wp, {})).toEqual(['p1']);
    const p = playersFor(wp, seatsFor(wp, { players: '3' }), { p1: 'human', p2: 'random' });
    expect(p).toEqual({ p1: 'human', p2: 'random', p3: 'ai:normal' });
  });

  it('starts a computer seat at the normal level, or the nearest level the server offers', () => {
    const easyOnly = { ...wp, players: ['human', 'ai:easy', 'random'] };
    expect(playersFor(easyOnly, ['p1', 'p2'], {})).toEqual({ p1: 'human', p2: 'ai:easy' });
    const none = { ...wp, players: ['human', 'random'] };
    expect(playersFor(none, ['p1', 'p2'], {})).toEqual({ p1: 'human', p2: 'human' });
  });

  it('offers a widget per option kind', () => {
    expect(widgetOf({ name: 'chaos_variation', default: 'false', kind: 'bool' })).toEqual({ kind: 'bool' });
    expect(widgetOf({ name: 'turn', default: 'one-order', kind: 'choice', choices: ['one-order', 'many-orders'] })).toEqual({
      kind: 'choice',
      choices: ['one-order', 'many-orders'],
    });
    expect(widgetOf({ name: 'max_rounds', default: 'none', kind: 'int', min: 1, max: 1000, step: 1, choices: ['none'] })).toEqual({
      kind: 'int', min: 1, max: 1000, step: 1, words: ['none'],
    });
    expect(widgetOf({ name: 'x', default: '' })).toEqual({ kind: 'text' });
  });

  it('clamps a typed number to the range and the step', () => {
    const points = { min: 10, max: 200, step: 10 };
    expect(clampInt(points, '64')).toBe(60);
    expect(clampInt(points, '5000')).toBe(200);
    expect(clampInt(points, '-3')).toBe(10);
    expect(clampInt(points, '')).toBeNull();
    expect(clampInt(points, 'abc')).toBeNull();
  });

  it('names the sides in both languages', () => {
    expect(sideName('wsr', 'de', 'de')).toBe('Deutsche');
    expect(sideName('wsr', 'de', 'en')).toBe('Germans');
    expect(sideName('wsr', 'us', 'en')).toBe('US');
    expect(sideName('planspiel', 'red', 'en')).toBe('Red');
    expect(sideName('planspiel', 'blue', 'de')).toBe('Blau');
    expect(sideName('westerplatte', 'p2', 'de')).toBe('Verteidiger 2');
    expect(sideName('unknown', 'x9', 'en')).toBe('x9');
    expect(sideName('wsr', 'chance', 'de')).toBe('Zufall');
    expect(sideName('rivet', 'chance', 'en')).toBe('Chance'); // as the terminal's log writes it
  });

  it('writes the result from the returns, not "orcs wins"', () => {
    const r = { summary: 'orcs wins', reason: 'elves lost their last unit', returns: { orcs: 1, elves: -1 } };
    expect(resultText('pocket', r, 'en')).toBe('Winner: Orcs');
    expect(resultText('pocket', r, 'de')).toBe('Sieger: Orks');
    expect(resultText('pocket', { summary: 'draw', returns: { orcs: 0, elves: 0 } }, 'en')).toBe('Draw');
    expect(resultText('pocket', { summary: 's' }, 'en')).toBe('s');
    expect(resultText('wsr', { summary: 'stopped', returns: { us: 0, de: 0 } }, 'en')).toBe('stopped');
    expect(resultText('wsr', { summary: 'stopped', returns: { us: 0, de: 0 } }, 'de')).toBe('abgebrochen');
  });
});

describe("the games' own texts in two languages", () => {
  it('shows a prompt, an event or a reason in German in the German UI, else in English', () => {
    const prompt = { en: 'orcs: pick a troop or say done (PB Aufbau 4)', de: 'Orks: eine Truppe wählen oder fertig (PB Aufbau 4)' };
    expect(said(prompt.en, prompt.de, 'de')).toBe(prompt.de);
    expect(said(prompt.en, prompt.de, 'en')).toBe(prompt.en);
    // A game without German (or an older server) reads English in both languages.
    expect(said('us: choose an order (WSR 4.2)', undefined, 'de')).toBe('us: choose an order (WSR 4.2)');
    expect(said('us: choose an order (WSR 4.2)', '', 'de')).toBe('us: choose an order (WSR 4.2)');
  });

  it('keeps the German of the events in the log', () => {
    const log = mergeLog(
      [],
      [{ n: 3, seat: 'orcs', text: 'pick orcs.troll' }],
      [{ n: 3, rule: 'PB Aufbau 4', text: 'The orcs pick a troop (1 so far).', text_de: 'Die Orks wählen eine Truppe (1 bisher).', seat: 'orcs' }],
    );
    expect(log[0].events[0].text_de).toBe('Die Orks wählen eine Truppe (1 bisher).');
  });
});

describe('tab title and replay keys', () => {
  it("says in the tab when it is the player's turn", () => {
    expect(tabTitle(true, false, 'WSR', 'en')).toBe('● Your turn — Feldherr');
    expect(tabTitle(true, false, 'WSR', 'de')).toBe('● Du bist am Zug — Feldherr');
    expect(tabTitle(false, false, 'WSR', 'en')).toBe('Feldherr — WSR');
    expect(tabTitle(true, true, 'WSR', 'en')).toBe(t('tabOver', 'en'));
  });

  it('steps with the arrow keys and jumps with Home / End', () => {
    expect(replayKey('ArrowLeft', 5, 99)).toBe(4);
    expect(replayKey('ArrowRight', 5, 99)).toBe(6);
    expect(replayKey('Home', 5, 99)).toBe(0);
    expect(replayKey('End', 5, 99)).toBe(99);
    expect(replayKey('a', 5, 99)).toBeNull();
  });
});

describe('odds rows', () => {
  it('orders the results by severity, whatever the order of the JSON keys', () => {
    const tb = oddsTables({ result: { disrupted: 0.2, eliminated: 0.1, 'no-effect': 0.5, reduced: 0.2 } });
    expect(tb[0].rows.map((r) => r.label)).toEqual(['no-effect', 'disrupted', 'reduced', 'eliminated']);
    expect(bySeverity([{ label: '10', p: 0.1 }, { label: '2', p: 0.9 }]).map((r) => r.label)).toEqual(['2', '10']);
    const text = [{ label: 'b', p: 0.5 }, { label: 'a', p: 0.5 }];
    expect(bySeverity(text)).toEqual(text);
  });

  it('labels hits with the right number and results in German', () => {
    expect(rowLabel('hits', '1', 'en')).toBe('1 hit');
    expect(rowLabel('net_hits', '3', 'en')).toBe('3 hits');
    expect(rowLabel('hits', '0', 'en')).toBe('0 hits');
    expect(rowLabel('result', 'no-effect', 'de')).toBe('ohne Wirkung');
    expect(rowLabel('result', 'eliminated', 'en')).toBe('eliminated');
    // The word of the German rulebooks (WSR 6.1.7, Rivet Wars) and of the odds summary beneath.
    expect(rowLabel('result', 'eliminated', 'de')).toBe('eliminiert');
    expect(rowLabel('outcomes', 'roll 1', 'en')).toBe('roll 1');
  });

  it('names WSR assault, smoke and AA results in German (WSR 6.3, 6.4, 11.2.2, 11.3.1)', () => {
    expect(rowLabel('result', 'defenders-retreat', 'de')).toBe('Verteidiger ziehen sich zurück');
    expect(rowLabel('result', 'overrun-continues', 'en')).toBe('overrun continues');
    expect(rowLabel('results', 'smoke-2', 'de')).toBe('Rauch-2-Marker');
    expect(rowLabel('results', 'aborts', 'de')).toBe('bricht ab');
    expect(rowLabel('results', 'destroyed', 'de')).toBe('zerstört');
    expect(tableTitle('hexes.A-I02.net_hits', 'de')).toBe('je Feld · A-I02 · Netto-Treffer (nach etwaigen Rettungswürfen)');
    // Outside a table of results a label stays as it is.
    expect(rowLabel('outcomes', 'aborts', 'de')).toBe('aborts');
  });
});

describe('odds table headings', () => {
  it('name what each distribution counts, in both languages, not the JSON key', () => {
    expect(tableTitle('net_hits', 'en')).toBe('net hits (after any saves)');
    expect(tableTitle('net_hits', 'de')).toBe('Netto-Treffer (nach etwaigen Rettungswürfen)');
    expect(tableTitle('result', 'de')).toBe('Ergebnis beim Ziel');
    expect(tableTitle('units.Panther 1.result', 'en')).toBe('per unit · Panther 1 · result on the target');
    expect(tableTitle('something_new', 'en')).toBe('something_new');
    // The "1 hit" rows still read the key, whatever the heading says.
    expect(rowLabel('net_hits', '1', 'de')).toBe('1 Treffer');
  });
});
