// The legal actions of the seat, grouped by verb; the selected unit's actions first.
import { groupByVerb, type ParsedAction } from '../actions';
import { t } from '../i18n';

export function ActionPanel(props: {
  actions: ParsedAction[];
  selected: string | null;
  onAction: (a: ParsedAction) => void;
  onClear: () => void;
}) {
  const mine = props.selected ? props.actions.filter((a) => a.units[0] === props.selected) : [];
  const groups = groupByVerb(props.actions);
  return (
    <section class="panel actions" data-testid="actions">
      {props.selected && (
        <div class="unit-actions">
          <h3>
            {t('unitActions')} {props.selected}{' '}
            <button class="small-btn" onClick={props.onClear}>
              ×
            </button>
          </h3>
          {mine.length === 0 && <div class="small">—</div>}
          <ActionButtons actions={mine} onAction={props.onAction} />
        </div>
      )}
      <h3>{t('allActions')}</h3>
      {groups.map(([verb, list]) => (
        <details key={verb} open={list.length <= 12 || props.actions.length <= 40} data-verb={verb}>
          <summary>
            {verb} <span class="small">({list.length})</span>
          </summary>
          <ActionButtons actions={list} onAction={props.onAction} />
        </details>
      ))}
    </section>
  );
}

function ActionButtons(props: { actions: ParsedAction[]; onAction: (a: ParsedAction) => void }) {
  return (
    <div class="action-list">
      {props.actions.map((a) => (
        <button key={a.id} class="action" data-action={a.text} data-role={a.role} title={a.note || a.text} onClick={() => props.onAction(a)}>
          {a.label}
          {a.note && <span class="small"> · {a.note}</span>}
        </button>
      ))}
    </div>
  );
}
