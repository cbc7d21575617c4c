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
        {entries.map((e) => (
          <div key={e.n} class={`log-entry ${props.upTo === e.n ? 'current' : ''}`}>
            <div class="log-action">
              <span class="n">{e.n}</span>
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
