// Pocket Battles' battlefield: 3 sectors x 5 rows (each side's rear and front, the shared combat
// zone), units as stacks of tiles; the opponent's hidden troops are face down.
import { lang, sideName, t } from '../i18n';
import { useLang } from '../hooks';
import { cellKey, hiddenCount, troopType, unitCell, pocketScore, type PocketUnit } from '../pocket';
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
  const cls = ['stack', props.selected === u.label ? 'selected' : '', props.actingUnits.has(u.label) ? 'acting' : ''].join(' ');
  const cell = unitCell(props.board, u);
  const target = cell ? props.highlights.get(cell) : undefined;
  return (
    <div
      class={cls}
      data-unit={u.label}
      style={{ borderColor: SEAT_COLOURS[u.owner] }}
      onClick={(e) => {
        e.stopPropagation();
        if (target && cell && !props.actingUnits.has(u.label)) props.onCell(cell);
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
        .map((tr, k) => (
          <Tile key={k} type={troopType(props.board, tr.type)} wounds={tr.wounds} />
        ))}
      {Array.from({ length: hidden }, (_, k) => (
        <div key={'h' + k} class="tile facedown" title={t('hidden')}>
          ?
        </div>
      ))}
    </div>
  );
}

export function Tile(props: { type?: TroopType; wounds: number }) {
  const tt = props.type;
  if (!tt) return <div class="tile facedown">?</div>;
  const de = lang.value === 'de';
  return (
    <div class="tile" title={tt.traits.join(', ')}>
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
        DP {tt.dp} · FV {tt.fv === 0 ? '*' : tt.fv} · LP {tt.lp}
        {props.wounds > 0 && <span class="wounds"> {'●'.repeat(props.wounds)}</span>}
      </div>
    </div>
  );
}
