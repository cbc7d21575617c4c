// White Star Rising: the scenario's briefing, open while the game is set up: the victory
// conditions and special rules as the scenario data words them (in English and German), what
// each objective means (the zone, its hexes, who must do what with it, the result
// it decides) and the reinforcement schedule (formation markers entering the cup later, forces
// entering on a turn, by a die-roll table or by a special rule), in the UI's language. A value
// the data marks stand-in says it is not the printed value. Board JSON `briefing`
// (games/wsr/briefing.cc, docs/web.md).
import { useLang } from '../hooks';
import { lang, said, sideName, t, type Lang } from '../i18n';
import type { WsrBoard, WsrObjective, WsrReinforcement } from '../types';
import { briefingLines } from './WsrPanels';

const W = {
  en: {
    objectives: 'Objectives',
    reinforcements: 'Reinforcements',
    none: 'none: every unit starts on the map',
    control_all: '{s} must control all of its hexes',
    control_count: '{s} must control at least {n} of its hexes',
    occupy: '{s} must have at least {n} units in it',
    exit: '{s} must exit at least {n} units from it',
    other: '{s}: {k}',
    notPrefix: 'must not hold: ',
    decides: 'decides: {r}',
    win: 'win for the {s}',
    decisive: 'decisive win for the {s}',
    marginal: 'marginal win for the {s}',
    tactical: 'tactical win for the {s}',
    draw: 'draw',
    marker: 'Turn {n}: the marker of {f} goes into the cup ({s})',
    turn: 'Turn {n}: {f} ({s}) enter at {z}: {u}',
    random: '{f} ({s}): {u}. At each activation of {f} a die: {rows}',
    noEntry: 'no entry, roll again',
    special: '{f} ({s}): {u}, placed by the special rule {r}',
    standIn: 'stand-in: not the printed value',
    hexes: 'hexes',
  },
  de: {
    objectives: 'Ziele',
    reinforcements: 'Verstärkungen',
    none: 'keine: alle Einheiten beginnen auf der Karte',
    control_all: '{s} müssen alle seine Felder kontrollieren',
    control_count: '{s} müssen mindestens {n} seiner Felder kontrollieren',
    occupy: '{s} müssen mindestens {n} Einheiten darin haben',
    exit: '{s} müssen mindestens {n} Einheiten von dort hinausziehen',
    other: '{s}: {k}',
    notPrefix: 'darf nicht gelten: ',
    decides: 'entscheidet: {r}',
    win: 'Sieg für {s}',
    decisive: 'entscheidender Sieg für {s}',
    marginal: 'knapper Sieg für {s}',
    tactical: 'taktischer Sieg für {s}',
    draw: 'Unentschieden',
    marker: 'Runde {n}: der Marker von {f} kommt in den Becher ({s})',
    turn: 'Runde {n}: {f} ({s}) treten bei {z} ein: {u}',
    random: '{f} ({s}): {u}. Bei jeder Aktivierung von {f} ein Würfel: {rows}',
    noEntry: 'kein Eintritt, nächstes Mal erneut würfeln',
    special: '{f} ({s}): {u}, aufgestellt nach der Sonderregel {r}',
    standIn: 'Platzhalter: nicht der gedruckte Wert',
    hexes: 'Felder',
  },
};

function fill(s: string, v: Record<string, string | number>): string {
  return s.replace(/\{(\w+)\}/g, (m, k) => (k in v ? String(v[k]) : m));
}

/** "decisive win for the US" for the result "us-decisive" ("de", "draw", ...). */
export function resultWords(result: string, l: Lang = lang.value): string {
  if (result === 'draw') return W[l].draw;
  const [seat, tier] = result.split('-');
  const key = (tier ?? 'win') as 'win' | 'decisive' | 'marginal' | 'tactical';
  return fill(W[l][key] ?? W[l].win, { s: sideName('wsr', seat, l) });
}

/** What an objective means, one line: "Ste Jeanne (A-G08 …): Germans must control all of its
 * hexes — decides: win for the Germans". */
export function objectiveLine(board: WsrBoard, o: WsrObjective, l: Lang = lang.value): string {
  const s = sideName('wsr', o.side, l);
  const k = o.kind as keyof (typeof W)['en'];
  const what = fill(['control_all', 'control_count', 'occupy', 'exit'].includes(o.kind) ? W[l][k] : W[l].other, { s, n: o.count, k: o.kind });
  const hexes = o.hexes.map((i) => board.hexes[i]?.id ?? String(i));
  const shown = hexes.length <= 8 ? hexes.join(' ') : `${hexes.length} ${W[l].hexes}`;
  const mark = o.stand_in ? ` († ${W[l].standIn})` : '';
  return `${said(o.text, o.text_de, l)} (${shown})${mark}: ${o.negated ? W[l].notPrefix : ''}${what} — ${fill(W[l].decides, { r: resultWords(o.result, l) })}`;
}

/** When a reinforcement arrives, one line in the UI's language. */
export function reinforcementLine(r: WsrReinforcement, l: Lang = lang.value): string {
  const s = sideName('wsr', r.side, l);
  const u = (r.units ?? []).map((x) => (x.count > 1 ? `${x.count}× ` : '') + said(x.name, x.name_de, l)).join(', ');
  const f = said(r.name, r.name_de, l);
  const mark = r.stand_in ? ` († ${W[l].standIn})` : '';
  if (r.arrival === 'marker') return fill(W[l].marker, { n: r.turn ?? 0, f, s }) + mark;
  if (r.arrival === 'turn') return fill(W[l].turn, { n: r.turn ?? 0, f, s, z: said(r.zone_text ?? '', r.zone_text_de, l), u }) + mark;
  if (r.arrival === 'random') {
    const rows = (r.table ?? []).map((row) => `${rollsText(row.rolls)} ${said(row.zone_text, row.zone_text_de, l) || W[l].noEntry}`).join('; ');
    return fill(W[l].random, { f, s, u, rows }) + mark;
  }
  return fill(W[l].special, { f, s, u, r: r.rule ?? '' }) + mark;
}

function rollsText(rolls: number[]): string {
  if (rolls.length > 1 && rolls[rolls.length - 1] - rolls[0] === rolls.length - 1) return `${rolls[0]}-${rolls[rolls.length - 1]}:`;
  return `${rolls.join(', ')}:`;
}

export function WsrBriefing(props: { board: WsrBoard; open: boolean }) {
  useLang();
  const b = props.board.briefing;
  if (!b) return null;
  const l = lang.value;
  const german = b.victory_de !== undefined;
  return (
    <details class="panel briefing" data-testid="briefing" open={props.open}>
      <summary>
        <b>{t('briefing')}</b> · {b.code} {said(b.title, b.title_de, l)} ({b.date}, {b.turns} {t('turns')})
      </summary>
      {briefingLines(props.board).map(([head, text], k) => (
        <p key={k}>
          <b>{head}:</b> {text}
        </p>
      ))}
      {l === 'de' && !german && <p class="small">{t('briefingEnglishOnly')}</p>}
      {b.objectives && b.objectives.length > 0 && (
        <div data-testid="briefing-objectives">
          <b>{W[l].objectives}:</b>
          <ul>
            {b.objectives.map((o, k) => (
              <li key={k} class={o.stand_in ? 'standin-note' : ''}>
                {objectiveLine(props.board, o, l)}
              </li>
            ))}
          </ul>
        </div>
      )}
      {b.reinforcements && (
        <div data-testid="briefing-reinforcements">
          <b>{W[l].reinforcements}:</b>{' '}
          {b.reinforcements.length === 0 ? (
            W[l].none
          ) : (
            <ul>
              {b.reinforcements.map((r, k) => (
                <li key={k} class={r.stand_in ? 'standin-note' : ''}>
                  {reinforcementLine(r, l)}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </details>
  );
}
