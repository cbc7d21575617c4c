// Pocket Battles' battlefield: 3 sectors x 5 rows (each side's rear and front, the shared combat
// zone), units as stacks of tiles; the opponent's hidden troops are face down. A click on a stack
// or a tile makes the legal action that names it (src/pocket.ts stackClick, tileActions): the
// stack a troop joins, the target, the reacting unit, the troop to wound or remove; such stacks
// and tiles are ringed.
import { lang, sideName, t } from '../i18n';
import { useLang } from '../hooks';
import type { ParsedAction } from '../actions';
import { cellKey, hiddenCount, stackClick, tileActions, troopType, unitCell, pocketScore, type PocketUnit } from '../pocket';
import type { PocketBoard, TroopType } from '../types';
import { SEAT_COLOURS } from '../wsr';

export interface PocketFieldProps {
  board: PocketBoard;
  obs: any;
  units: PocketUnit[];
  selected: string | null;
  highlights: Map<string, string>; // cell key -> class
  actingUnits: Set<string>;
  onUnit: (label: string) => void;
  onCell: (key: string) => void;
  /** The seat's legal actions: those naming a stack or a tile are made by clicking it. */
  actions: ParsedAction[];
  /** Make one of these actions (the chooser when more than one). */
  onActions: (list: ParsedAction[]) => void;
}

export function PocketField(props: PocketFieldProps) {
  const { board } = props;
  useLang();
  const inCell = new Map<string, PocketUnit[]>();
  const unplaced: PocketUnit[] = [];
  for (const u of props.units) {
    if (u.zone === board.zone_ids.gone) continue;
    const k = unitCell(board, u);
    if (!k) {
      unplaced.push(u);
      continue;
    }
    inCell.set(k, [...(inCell.get(k) ?? []), u]);
  }
  const players: any[] = props.obs?.players ?? [];
  return (
    <div class="pocket" data-testid="pocket-field">
      <div class="pocket-players">
        {players.map((p) => (
          <span key={p.seat} class="pplayer" style={{ borderColor: SEAT_COLOURS[p.seat] }}>
            <b>{sideName('pocket', p.seat)}</b> {pocketScore(p)}
          </span>
        ))}
      </div>
      {props.actions.some((a) => a.units.length > 0 || a.troops.length > 0) && (
        <div class="small" data-testid="pocket-hint">
          {t('pocketClickHint')}
        </div>
      )}
      <div class="field">
        {board.rows.map((row, r) => (
          <div key={r} class={`frow zone-${row.name}`}>
            <div class="rowname">
              {row.owner ? sideName('pocket', row.owner) : ''} {t((row.name === 'combat' ? 'combat' : row.name) as any)}
            </div>
            {[0, 1, 2].map((col) => {
              const key = cellKey(r, col);
              const hl = props.highlights.get(key);
              return (
                <div key={col} class={`cell ${hl ? 'hl ' + hl : ''}`} data-cell={key} onClick={() => hl && props.onCell(key)}>
                  {(inCell.get(key) ?? []).map((u) => (
                    <Stack key={u.label} {...props} unit={u} />
                  ))}
                </div>
              );
            })}
          </div>
        ))}
      </div>
      {(props.obs?.unformed?.length > 0 || props.obs?.forming) && (
        <div class="unplaced" data-testid="unformed">
          <span class="small">{t('unformed')}:</span>
          {props.obs?.forming && (
            <div class="forming">
              <Tile type={troopType(board, props.obs.forming)} wounds={0} />
            </div>
          )}
          {(props.obs?.unformed ?? []).map((id: string, k: number) => (
            <Tile key={k} type={troopType(board, id)} wounds={0} />
          ))}
        </div>
      )}
      {unplaced.length > 0 && (
        <div class="unplaced">
          <span class="small">{t('unplaced')}:</span>
          {unplaced.map((u) => (
            <Stack key={u.label} {...props} unit={u} />
          ))}
        </div>
      )}
    </div>
  );
}

function Stack(props: PocketFieldProps & { unit: PocketUnit }) {
  const u = props.unit;
  const hidden = hiddenCount(u);
  const cell = unitCell(props.board, u);
  const click = stackClick(props.actions, props.selected, u.label, !!(cell && props.highlights.get(cell)));
  const tiles = tileActions(props.actions);
  const cls = [
    'stack',
    props.selected === u.label ? 'selected' : '',
    props.actingUnits.has(u.label) ? 'acting' : '',
    click.kind === 'actions' ? 'act' : '',
  ].join(' ');
  return (
    <div
      class={cls}
      data-unit={u.label}
      style={{ borderColor: SEAT_COLOURS[u.owner] }}
      title={click.kind === 'actions' ? click.actions.map((a) => a.label).join(' · ') : undefined}
      onClick={(e) => {
        e.stopPropagation();
        if (click.kind === 'cell' && cell) props.onCell(cell);
        else if (click.kind === 'actions') props.onActions(click.actions);
        else props.onUnit(u.label);
      }}
    >
      <div class="stack-head">
        <b>{u.label}</b>
        {u.orders > 0 && <span class="badge" title={t('orders')}>⚑{u.orders}</span>}
        {u.combat >= 0 && <span class="badge combat">⚔</span>}
      </div>
      {u.troops
        .filter((tr) => !tr.removed)
        .map((tr, k) => {
          const acts = tr.label ? tiles.get(tr.label) : undefined;
          return (
            <Tile
              key={k}
              type={troopType(props.board, tr.type)}
              wounds={tr.wounds}
              troop={tr.label}
              actions={acts}
              onClick={
                acts
                  ? (e: Event) => {
                      e.stopPropagation();
                      props.onActions(acts);
                    }
                  : undefined
              }
            />
          );
        })}
      {Array.from({ length: hidden }, (_, k) => (
        <div key={'h' + k} class="tile facedown" title={t('hidden')}>
          ?
        </div>
      ))}
    </div>
  );
}

export function Tile(props: { type?: TroopType; wounds: number; troop?: string; actions?: ParsedAction[]; onClick?: (e: Event) => void }) {
  const tt = props.type;
  if (!tt) return <div class="tile facedown">?</div>;
  const de = lang.value === 'de';
  const acts = props.actions ?? [];
  return (
    <div
      class={`tile ${acts.length > 0 ? 'act' : ''}`}
      data-troop={props.troop}
      title={acts.length > 0 ? acts.map((a) => a.label).join(' · ') : tt.traits.join(', ')}
      onClick={props.onClick}
    >
      <div class="tname">{de ? tt.name_de : tt.name}</div>
      <div class="dice">
        {tt.combat_dice.map((d, k) => (
          <span key={'c' + k} class="die black">
            {d}
          </span>
        ))}
        {tt.shooting_dice.map((d, k) => (
          <span key={'s' + k} class="die white">
            {d}
          </span>
        ))}
      </div>
      <div class="tstats">
        {t('pbDp')} {tt.dp} · {t('pbFv')} {tt.fv === 0 ? '*' : tt.fv} · LP {tt.lp}
        {props.wounds > 0 && <span class="wounds"> {'●'.repeat(props.wounds)}</span>}
      </div>
    </div>
  );
}
