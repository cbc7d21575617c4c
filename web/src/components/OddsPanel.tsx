// The odds of an attack before it is sent (the game module's odds function via the server):
// every distribution in the answer as bars, with Confirm / Cancel.
import { decimal, lang, percent, said, t, tOr, type Lang } from '../i18n';

const RESULT_NAMES = ['no-effect', 'disrupted', 'reduced', 'eliminated', 'reduced + disrupted'];
// The results on a target from the mildest to the worst.
const SEVERITY = ['no-effect', 'disrupted', 'reduced', 'reduced + disrupted', 'eliminated'];

/** A row's place in the order of severity: the results from "no effect" to "eliminated", numbers
 * (hits) ascending; other outcomes keep the game's order (null). */
export function severity(label: string): number | null {
  const k = SEVERITY.indexOf(label.replace(/ /g, '-').replace('-+-', ' + '));
  if (k >= 0) return k;
  return /^[0-9]+$/.test(label) ? Number(label) : null;
}

/** The rows in the order of severity, where every row has one; else as they are. */
export function bySeverity(rows: OddsRow[]): OddsRow[] {
  if (!rows.every((r) => severity(r.label) !== null)) return rows;
  return [...rows].sort((a, b) => severity(a.label)! - severity(b.label)!);
}

/** A row's label in the UI's language: a result's name (WSR: "no-effect", an assault's
 * "defenders-retreat", a smoke strike's "smoke-2", an aircraft's "aborts"), "1 hit" / "3 hits" in
 * a table of hits; any other label as it is (outcomes come in the UI's language: `text_de`). */
export function rowLabel(title: string, label: string, l: Lang = lang.value): string {
  const res = SEVERITY.find((r) => r === label.replace(/ /g, '-').replace('-+-', ' + '));
  if (res) return tOr(`oddsRes_${res}`, label, l);
  if (/hits/.test(title) && /^[0-9]+$/.test(label)) return label === '1' ? t('oddsHit', l) : t('oddsHits', l).replace('{n}', label);
  if (/result/.test(title)) return tOr(`oddsRes_${label}`, label, l);
  return label;
}

/** A table's heading in the UI's language: the answer's keys ("net_hits" -> "net hits (after any
 * saves)"); in a nested table ("units.Panther 1.result") a unit's name stays as it is. */
export function tableTitle(title: string, l: Lang = lang.value): string {
  return title
    .split('.')
    .map((k) => tOr(`oddsT_${k}`, k, l))
    .join(' · ');
}

export interface OddsRow {
  label: string;
  p: number;
}

/** Distributions found in an odds answer: arrays of probabilities and name -> probability maps. */
export function oddsTables(odds: any): { title: string; rows: OddsRow[] }[] {
  const out: { title: string; rows: OddsRow[] }[] = [];
  const visit = (v: any, title: string) => {
    if (Array.isArray(v) && v.length > 0 && v.every((x) => typeof x === 'number')) {
      const names = /result/.test(title) && v.length <= RESULT_NAMES.length ? RESULT_NAMES : null;
      out.push({ title, rows: v.map((p: number, k: number) => ({ label: names ? names[k] : String(k), p })) });
    } else if (Array.isArray(v) && v.length > 0 && v.every((x) => x && typeof x === 'object' && 'p' in x)) {
      // An outcome told in both languages (Westerplatte: `text_de`) in the UI's language.
      const text = (x: any) => (typeof x.text === 'string' ? said(x.text, x.text_de) : undefined);
      out.push({ title, rows: v.map((x: any) => ({ label: String(text(x) ?? x.label ?? x.outcome ?? x.result ?? x.hits ?? ''), p: Number(x.p) })) });
    } else if (v && typeof v === 'object' && !Array.isArray(v)) {
      const vals = Object.entries(v);
      if (vals.length > 0 && vals.every(([, x]) => typeof x === 'number' && x >= 0 && x <= 1) && Math.abs(vals.reduce((s, [, x]) => s + (x as number), 0) - 1) < 1e-6) {
        out.push({ title, rows: vals.map(([k, p]) => ({ label: k, p: p as number })) });
      } else {
        for (const [k, x] of vals) visit(x, title ? `${title}.${k}` : k);
      }
    }
  };
  visit(odds, '');
  for (const tb of out) tb.rows = bySeverity(tb.rows);
  // The result on the target first (WSR: no-effect / disrupted / reduced / eliminated).
  return out.sort((a, b) => Number(b.title === 'result') - Number(a.title === 'result'));
}

export function OddsPanel(props: {
  action: string;
  odds: any;
  error?: string;
  onConfirm: () => void;
  onCancel: () => void;
  /** No connection: Confirm cannot be pressed. */
  disabled?: boolean;
}) {
  const tables = props.odds ? oddsTables(props.odds) : [];
  return (
    <section class="panel odds" data-testid="odds">
      <h3>
        {t('oddsOf')} <code>{props.action}</code>
      </h3>
      {props.error && <div class="small odds-error">{props.error}</div>}
      {!props.odds && !props.error && <div class="small">…</div>}
      {tables.map((tb) => (
        <div key={tb.title} class="odds-table">
          <div class="small odds-title">{tableTitle(tb.title)}</div>
          {tb.rows.map((r) => (
            <div key={r.label} class="odds-row">
              <span class="olabel">{rowLabel(tb.title, r.label)}</span>
              <span class="bar">
                <span style={{ width: `${Math.round(r.p * 100)}%` }} />
              </span>
              <span class="pct">{percent(r.p)}</span>
            </div>
          ))}
        </div>
      ))}
      {props.odds && typeof props.odds.summary === 'string' && <div class="odds-summary">{said(props.odds.summary, props.odds.summary_de)}</div>}
      {props.odds && typeof props.odds.summary !== 'string' && typeof props.odds.expected_net_hits === 'number' && (
        <div class="small">
          {t('oddsNetHits')}: {decimal(props.odds.expected_net_hits, 2)}
        </div>
      )}
      <div class="buttons">
        <button class="primary" onClick={props.onConfirm} disabled={props.disabled} data-testid="odds-confirm">
          {t('confirm')}
        </button>
        <button onClick={props.onCancel}>{t('cancel')}</button>
      </div>
    </section>
  );
}
