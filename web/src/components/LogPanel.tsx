// The log: every action with the events it caused, each event with its rule citation.
import { useEffect, useRef } from 'preact/hooks';
import { said, sideName, t } from '../i18n';
import type { GameEvent, LogEntry } from '../types';
import { SEAT_COLOURS } from '../wsr';

export function LogPanel(props: { entries: LogEntry[]; upTo?: number; autoScroll?: boolean; game?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const entries = props.upTo === undefined ? props.entries : props.entries.filter((e) => e.n <= props.upTo!);
  useEffect(() => {
    if (props.autoScroll !== false && ref.current) ref.current.scrollTop = ref.current.scrollHeight;
  }, [entries.length]);
  return (
    <section class="panel log">
      <h3>{t('log')}</h3>
      <div class="log-body" ref={ref} data-testid="log">
        {foldLog(entries).map(({ first, entry: e }) => (
          <div key={e.n} class={`log-entry ${props.upTo !== undefined && props.upTo >= first && props.upTo <= e.n ? 'current' : ''}`}>
            <div class="log-action">
              <span class="n">{first === e.n ? e.n : `${first}–${e.n}`}</span>
              <span class="seat" style={{ color: SEAT_COLOURS[e.seat] }}>
                {props.game ? sideName(props.game, e.seat) : e.seat}
              </span>{' '}
              {e.label ? (
                <span class="log-label" title={e.text}>
                  {said(e.label.en, e.label.de)}
                </span>
              ) : (
                <code>{e.text}</code>
              )}
              {first !== e.n && <span class="log-count"> ({e.n - first + 1}×)</span>}
            </div>
            {e.events.map((ev, k) => (
              <div key={k} class="log-event">
                {ev.rule && <span class="rule" title={ev.rule}>{ev.rule}</span>} {said(ev.text, ev.text_de)}
              </div>
            ))}
          </div>
        ))}
      </div>
    </section>
  );
}

/**
 * The log's lines: consecutive actions of one seat that read alike and caused no event but the
 * last (a counter-move window passed at every field of an enemy move) are one line, numbered
 * `first`–`entry.n`, with the last one's events. Chance actions (dice) keep a line each.
 */
export function foldLog(entries: LogEntry[]): { first: number; entry: LogEntry }[] {
  const lines: { first: number; entry: LogEntry }[] = [];
  const reads = (e: LogEntry) => `${e.seat}\u0000${e.label?.en ?? e.text}`;
  for (const e of entries) {
    const prev = lines[lines.length - 1];
    if (
      prev &&
      e.seat !== 'chance' &&
      prev.entry.n + 1 === e.n &&
      prev.entry.events.length === 0 &&
      reads(prev.entry) === reads(e)
    ) {
      prev.entry = e;
      continue;
    }
    lines.push({ first: e.n, entry: e });
  }
  return lines;
}

/** Merges new actions/events (state messages) into the log, without duplicates, ordered by n. */
export function mergeLog(
  log: LogEntry[],
  actions: { n: number; seat: string; text: string; label?: LogEntry['label'] }[] | undefined,
  events: GameEvent[] | undefined,
): LogEntry[] {
  const byN = new Map(log.map((e) => [e.n, e]));
  let changed = false;
  for (const a of actions ?? []) {
    if (byN.has(a.n)) continue;
    byN.set(a.n, { n: a.n, seat: a.seat, text: a.text, label: a.label, events: [] });
    changed = true;
    for (const ev of events ?? []) if (ev.n === a.n) byN.get(a.n)!.events.push(ev);
  }
  if (!changed) return log;
  return [...byN.values()].sort((a, b) => a.n - b.n);
}

/** Union of two logs by action number (the newer copy of an entry wins). */
export function unionLog(a: LogEntry[], b: LogEntry[]): LogEntry[] {
  const byN = new Map(a.map((e) => [e.n, e]));
  for (const e of b) byN.set(e.n, e);
  return [...byN.values()].sort((x, y) => x.n - y.n);
}
