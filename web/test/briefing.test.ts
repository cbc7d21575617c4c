import { describe, expect, it } from 'vitest';
import { parseAll } from '../src/actions';
import { armyRows } from '../src/pocket';
import { objectiveLine, reinforcementLine, resultWords } from '../src/components/WsrBriefing';
import { briefingLines } from '../src/components/WsrPanels';
import type { PocketBoard, WsrBoard, WsrObjective, WsrReinforcement } from '../src/types';

// A briefing when a game opens (WSR objectives and reinforcements; the Pocket
// army's costs and values before a pick), every stand-in marked "not the printed value".

const board = { hexes: [{ id: 'A-G08' }, { id: 'A-H08' }, { id: 'A-G09' }, { id: 'A-H09' }] } as unknown as WsrBoard;
const steJeanne: WsrObjective = { zone: 'ste-jeanne', text: 'all hexes of Ste Jeanne', text_de: 'alle Felder von Ste Jeanne', hexes: [0, 1, 2, 3], result: 'de', side: 'de', kind: 'control_all', count: 0, negated: false, stand_in: true };

describe('WSR briefing', () => {
  it('says what an objective means, in English and German, and marks stand-in hexes', () => {
    expect(objectiveLine(board, steJeanne, 'en')).toBe(
      'all hexes of Ste Jeanne (A-G08 A-H08 A-G09 A-H09) († stand-in: not the printed value): Germans must control all of its hexes — decides: win for the Germans',
    );
    expect(objectiveLine(board, steJeanne, 'de')).toBe(
      'alle Felder von Ste Jeanne (A-G08 A-H08 A-G09 A-H09) († Platzhalter: nicht der gedruckte Wert): Deutsche müssen alle seine Felder kontrollieren — entscheidet: Sieg für Deutsche',
    );
    expect(objectiveLine(board, steJeanne, 'de')).toContain('nicht der gedruckte Wert');
    expect(objectiveLine(board, { ...steJeanne, stand_in: false, kind: 'exit', count: 3, side: 'us', result: 'us-decisive' }, 'en')).toBe(
      'all hexes of Ste Jeanne (A-G08 A-H08 A-G09 A-H09): US must exit at least 3 units from it — decides: decisive win for the US',
    );
    expect(resultWords('draw', 'de')).toBe('Unentschieden');
  });

  it('gives the reinforcement schedule: by turn, by marker, by the die-roll table', () => {
    const beck: WsrReinforcement = {
      arrival: 'random', formation: 'de.beck', name: 'Kampfgruppe Beck', side: 'de', stand_in: false,
      units: [{ counter: 'de.tiger-i', name: 'Tiger I', count: 1 }, { counter: 'de.stug-iii', name: 'StuG III', count: 2 }],
      table: [{ rolls: [1, 2], zone_text: 'J1, K1 or L1', zone_text_de: 'J1, K1 oder L1' }, { rolls: [5], zone_text: 'U6', zone_text_de: 'U6' }, { rolls: [6], zone_text: '', zone_text_de: '' }],
    };
    expect(reinforcementLine(beck, 'en')).toBe(
      'Kampfgruppe Beck (Germans): Tiger I, 2× StuG III. At each activation of Kampfgruppe Beck a die: 1-2: J1, K1 or L1; 5: U6; 6: no entry, roll again',
    );
    expect(reinforcementLine(beck, 'de')).toBe(
      'Kampfgruppe Beck (Deutsche): Tiger I, 2× StuG III. Bei jeder Aktivierung von Kampfgruppe Beck ein Würfel: 1-2: J1, K1 oder L1; 5: U6; 6: kein Eintritt, nächstes Mal erneut würfeln',
    );
    const marker: WsrReinforcement = { arrival: 'marker', formation: 'de.aufkl-4', name: 'Aufklärungs-Zug 4', side: 'de', turn: 5, stand_in: true };
    expect(reinforcementLine(marker, 'en')).toBe('Turn 5: the marker of Aufklärungs-Zug 4 goes into the cup (Germans) († stand-in: not the printed value)');
    expect(reinforcementLine(marker, 'de')).toBe('Runde 5: der Marker von Aufklärungs-Zug 4 kommt in den Becher (Deutsche) († Platzhalter: nicht der gedruckte Wert)');
    const turn: WsrReinforcement = { arrival: 'turn', formation: 'us.cca', name: 'CCA', side: 'us', turn: 3, zone_text: 'the road at the east edge of map A', zone_text_de: 'Straße am Ostrand von Spielplan A', units: [{ counter: 'us.m4a1', name: 'M4A1', count: 2 }], stand_in: false };
    expect(reinforcementLine(turn, 'en')).toBe('Turn 3: CCA (US) enter at the road at the east edge of map A: 2× M4A1');
    expect(reinforcementLine(turn, 'de')).toBe('Runde 3: CCA (US) treten bei Straße am Ostrand von Spielplan A ein: 2× M4A1');
  });

  it("gives the victory conditions and special rules in the UI's language", () => {
    const briefed = {
      ...board,
      briefing: {
        code: 'WSR-B1', title: 'Noville, Belgium', title_de: 'Noville, Belgien', date: '1944-12-19', place: 'Noville, Belgium', place_de: 'Noville, Belgien', turns: 8,
        victory: 'The German wins if he controls all hexes of Ste Jeanne; otherwise the US wins.',
        victory_de: 'Um zu gewinnen, muss der deutsche Spieler alle Felder von Ste Jeanne kontrollieren. Ansonsten gewinnt der amerikanische Spieler.',
        special_rules: [{ id: 'm18-fire-and-move', text: 'The M18 may fire then spend 3 MP.', text_de: 'Der M18-Zug darf feuern und dann 3 Bewegungspunkte ausgeben.' }],
      },
    } as unknown as WsrBoard;
    expect(briefingLines(briefed, 'en')).toEqual([
      ['Victory conditions', 'The German wins if he controls all hexes of Ste Jeanne; otherwise the US wins.'],
      ['Special rule', 'The M18 may fire then spend 3 MP.'],
    ]);
    expect(briefingLines(briefed, 'de')).toEqual([
      ['Siegbedingungen', 'Um zu gewinnen, muss der deutsche Spieler alle Felder von Ste Jeanne kontrollieren. Ansonsten gewinnt der amerikanische Spieler.'],
      ['Sonderregel', 'Der M18-Zug darf feuern und dann 3 Bewegungspunkte ausgeben.'],
    ]);
  });
});

describe('Pocket army before the picks', () => {
  const pocket = {
    armies: [
      {
        seat: 'elves', id: 'elves', name: 'Elves',
        troops: [
          { id: 'elves.archer', name: 'Archer', name_de: 'Bogenschützen', count: 5, combat_dice: [1], shooting_dice: [3, 5], traits: [], dp: 4, fv: 4, lp: 1, provenance: { count: 'public-unverified', dp: 'stand-in', fv: 'rules-text' } },
          { id: 'elves.ranger', name: 'Pathfinder', name_de: 'Waldläufer', count: 2, combat_dice: [], shooting_dice: [], traits: ['scout'], dp: 3, fv: 0, lp: 0 },
        ],
      },
    ],
  } as unknown as PocketBoard;
  const legal = [{ id: '1', text: 'pick elves.archer', verb: 'pick', args: [{ kind: 'type' as const, value: 'elves.archer' }], role: 'other' as const, label: { en: 'Pick Archer', de: 'Bogenschützen wählen' } }];

  it("lists each troop's cost (DP) and values, its stand-ins and its legal pick", () => {
    const rows = armyRows(pocket, 'elves', parseAll(legal), 'de');
    expect(rows.map((r) => r.name)).toEqual(['Bogenschützen', 'Waldläufer']);
    expect(rows[0]).toMatchObject({ dp: 4, fv: '4', lp: '1', combat: '1', shooting: '3 5', count: 5, standIn: ['dp'] });
    expect(rows[0].pick?.text).toBe('pick elves.archer');
    expect(rows[1]).toMatchObject({ fv: '*', lp: '—', combat: '—', pick: null, standIn: [] });
    expect(armyRows(pocket, 'orcs', parseAll(legal))).toEqual([]);
  });
});
