// White Star Rising side panels: the briefing's paragraphs (its victory conditions and special
// rules as the scenario data words them, shown by WsrBriefing.tsx) and the key of the map's
// scenario markings (exit hexes per side with the units exited, the red boundary line, destroyed
// bridges, smoke, Barrage and aircraft markers on the map now).
import { lang, said, sideName, t } from '../i18n';
import type { WsrBoard, WsrObservation } from '../types';
import { exitedCounts, SEAT_COLOURS } from '../wsr';

/** The briefing's paragraphs in the UI's language (the scenario data gives each text in English
 * and German): [heading, text] pairs. */
export function briefingLines(board: WsrBoard, l = lang.value): [string, string][] {
  const b = board.briefing;
  if (!b) return [];
  const out: [string, string][] = [[t('victoryConditions', l), said(b.victory, b.victory_de, l)]];
  for (const r of b.special_rules) out.push([t('specialRule', l), said(r.text, r.text_de, l)]);
  return out;
}

/** The map key entries that apply to this board and position: [css class, colour, text]. */
export function mapKeyEntries(board: WsrBoard, obs: WsrObservation | null | undefined, l = lang.value): { kind: string; colour: string; text: string }[] {
  const out: { kind: string; colour: string; text: string }[] = [];
  const exited = exitedCounts(obs, board);
  for (const e of board.exits ?? []) {
    const n = exited[e.seat] ?? 0;
    out.push({
      kind: 'exit',
      colour: SEAT_COLOURS[e.seat] ?? '#000',
      text: `${t('exitHexes', l).replace('{s}', sideName('wsr', e.seat, l))}: ${said(e.text, e.text_de, l)} · ${t('exitedUnits', l).replace('{n}', String(n))}`,
    });
  }
  if (board.boundary) out.push({ kind: 'boundary', colour: '#d21f1f', text: `${t('boundaryLine', l)}: ${said(board.boundary.text, board.boundary.text_de, l)}` });
  if ((board.destroyed_bridges ?? []).length > 0 || (obs?.destroyed_bridges ?? []).length > 0) out.push({ kind: 'destroyed-bridge', colour: '#222', text: t('destroyedBridge', l) });
  const art = obs?.artillery;
  if ((art?.smoke ?? []).length > 0) out.push({ kind: 'smoke', colour: '#ccc', text: `S2/S1 ${t('smoke', l)}` });
  if (art?.barrage) out.push({ kind: 'barrage', colour: '#e80', text: `B ${t('barrage', l)}` });
  if ((obs?.air ?? []).some((a) => a.hex)) out.push({ kind: 'aircraft', colour: '#26a', text: `✈ ${t('aircraft', l)}` });
  return out;
}

export function WsrMapKey(props: { board: WsrBoard; obs: WsrObservation | null | undefined }) {
  const entries = mapKeyEntries(props.board, props.obs);
  if (entries.length === 0) return null;
  return (
    <section class="panel mapkey" data-testid="mapkey">
      <h3>{t('mapKey')}</h3>
      {entries.map((e, k) => (
        <div key={k} class="small" data-key={e.kind}>
          <span class={`swatch ${e.kind === 'boundary' ? 'line' : ''}`} style={e.kind === 'boundary' ? {} : { background: e.colour }} />
          {e.text}
        </div>
      ))}
    </section>
  );
}
