// The legal actions of the seat, grouped by verb under the verb's heading in the UI's language
// (the server's `title`), irreversible ones (conceding) apart at the end; the selected unit's actions first (those it is
// the first unit of, or those `ofUnit` picks: a Planspiel assault names its attackers after the
// field, each of them its subject).
import { groupByVerb, irreversible, type ParsedAction } from '../actions';
import { t } from '../i18n';

export function ActionPanel(props: {
  actions: ParsedAction[];
  selected: string | null;
  /** The selected unit's name as the player reads it (WSR: "M4A1 Sherman 2"), else its id. */
  selectedName?: string;
  onAction: (a: ParsedAction) => void;
  onClear: () => void;
  ofUnit?: (a: ParsedAction, unit: string) => boolean;
  /** No connection: the buttons are shown but cannot be pressed. */
  disabled?: boolean;
}) {
  const of = props.ofUnit ?? ((a: ParsedAction, unit: string) => a.units[0] === unit);
  const mine = props.selected ? props.actions.filter((a) => of(a, props.selected!)) : [];
  const groups = groupByVerb(props.actions);
  const apart = irreversible(props.actions);
  return (
    <section class="panel actions" data-testid="actions">
      {props.selected && (
        <div class="unit-actions">
          <h3>
            {t('unitActions')} <span title={props.selected}>{props.selectedName ?? props.selected}</span>{' '}
            <button class="small-btn" onClick={props.onClear}>
              ×
            </button>
          </h3>
          {mine.length === 0 && <div class="small">—</div>}
          <ActionButtons actions={mine} onAction={props.onAction} disabled={props.disabled} />
        </div>
      )}
      <h3>{t('allActions')}</h3>
      {groups.map(([verb, list]) => (
        <details key={verb} open={list.length <= 12 || props.actions.length <= 40} data-verb={verb}>
          <summary title={verb}>
            {list[0].title} <span class="small">({list.length})</span>
          </summary>
          <ActionButtons actions={list} onAction={props.onAction} disabled={props.disabled} />
        </details>
      ))}
      {apart.length > 0 && (
        <div class="irreversible" data-testid="irreversible">
          <h3>{t('irreversibleActions')}</h3>
          <ActionButtons actions={apart} onAction={props.onAction} disabled={props.disabled} />
        </div>
      )}
    </section>
  );
}

function ActionButtons(props: { actions: ParsedAction[]; onAction: (a: ParsedAction) => void; disabled?: boolean }) {
  return (
    <div class="action-list">
      {props.actions.map((a) => (
        <button key={a.id} class={`action ${a.role === 'confirm' ? 'danger' : ''}`} data-action={a.text} data-role={a.role} data-warn={a.warn || undefined} title={a.warn || a.note || a.text} disabled={props.disabled} onClick={() => props.onAction(a)}>
          {a.label}
          {a.note && <span class="small"> · {a.note}</span>}
        </button>
      ))}
    </div>
  );
}
