// Pocket Battles: the army a side picks its troops from (PB Aufbau 4), each troop with its cost
// (DP) and values before the pick; a stand-in value is marked "not the printed value". Shown to
// the deciding seat while it picks (a legal `pick`), and on demand otherwise.
import type { ParsedAction } from '../actions';
import { useLang } from '../hooks';
import { sideName, t, tOr } from '../i18n';
import { armyRows } from '../pocket';
import type { PocketBoard } from '../types';

export function PocketArmy(props: { board: PocketBoard; seat: string; actions: ParsedAction[]; onAction: (a: ParsedAction) => void; disabled?: boolean }) {
  useLang();
  const rows = armyRows(props.board, props.seat, props.actions);
  if (rows.length === 0) return null;
  const picking = rows.some((r) => r.pick);
  const anyStandIn = rows.some((r) => r.standIn.length > 0);
  const v = (r: (typeof rows)[number], field: string, text: string | number) => (
    <td class={r.standIn.includes(field) ? 'standin' : ''} title={r.standIn.includes(field) ? `${t('pbStandIn')}` : undefined}>
      {text}
      {r.standIn.includes(field) && <sup>†</sup>}
    </td>
  );
  return (
    <details class="panel pocket-army" data-testid="pocket-army" open={picking}>
      <summary>
        <b>{t('pbArmy').replace('{s}', sideName('pocket', props.seat))}</b>
      </summary>
      <div class="army-scroll">
      <table class="army-table">
        <thead>
          <tr>
            <th>{t('pbTroop')}</th>
            <th title={t('pbDpHelp')}>{t('pbDp')}</th>
            <th title={t('pbFvHelp')}>{t('pbFv')}</th>
            <th title={t('pbLpHelp')}>LP</th>
            <th title={t('pbCombatDice')}>{t('pbCombatDice')}</th>
            <th title={t('pbShootingDice')}>{t('pbShootingDice')}</th>
            <th title={t('pbInBoxHelp')}>{t('pbInBox')}</th>
            {picking && <th />}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.id} data-troop={r.id}>
              <td class={r.standIn.includes('name') ? 'standin' : ''}>
                {r.name}
                {r.traits.length > 0 && <span class="small"> ({r.traits.map((x) => tOr(`pbTrait_${x}`, x)).join(', ')})</span>}
              </td>
              {v(r, 'dp', r.dp)}
              {v(r, 'fv', r.fv)}
              {v(r, 'lp', r.lp)}
              {v(r, 'combat_dice', r.combat)}
              {v(r, 'shooting_dice', r.shooting)}
              {v(r, 'count', r.count)}
              {picking && (
                <td>
                  {r.pick && (
                    <button class="small-btn" data-action={r.pick.text} disabled={props.disabled} onClick={() => props.onAction(r.pick!)}>
                      {t('pbPick')}
                    </button>
                  )}
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
      </div>
      {anyStandIn && <div class="small standin-note">† {t('pbStandIn')}</div>}
    </details>
  );
}
