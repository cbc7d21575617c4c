// Rivet Wars' battlefield: the mission's segments (RW §3; each of 2x2 fields) in their grid,
// coloured by territory, with deployment marks, terrain pieces, SO flags, gas clouds and the
// units (owner's colour, hit points left, the fields they stand on); per side VP, rivets, DP and
// the Action! cards and secret missions (the viewer's own by name, with their texts in
// RivetHand.tsx; the other side's counted). Each
// segment shows its 2x2 fields: the SO on its field (RW §10), the terrain pieces on theirs and a
// dot per unit on each field it takes. Segments that are the target of a legal action of the
// selected unit (or of no unit: activate, deploy) are highlighted.
import { lang, sideName, t } from '../i18n';
import { useLang } from '../hooks';
import { rivetCard, rivetFlags, rivetPieces, soFields, type RivetPiece, type RivetUnit } from '../rivet';
import type { RivetBoard, RivetObservation } from '../types';
import { SEAT_COLOURS } from '../wsr';

export interface RivetFieldProps {
  board: RivetBoard;
  obs: RivetObservation;
  units: RivetUnit[];
  selected: string | null;
  highlights: Map<string, string>; // segment id -> class
  actingUnits: Set<string>;
  onUnit: (label: string) => void;
  onSegment: (id: string) => void;
  /** The game is over: nobody is to play. */
  over?: boolean;
}

const PIECE_ICON: Record<string, string> = { so: '★', bunker: '▣', wire: '#', minefield: '✸', tank_trap: '✕' };

export function RivetField(props: RivetFieldProps) {
  const { board, obs } = props;
  useLang();
  const pieces = rivetPieces(obs);
  const flags = rivetFlags(obs);
  const clouds = new Set<string>((Array.isArray(obs?.clouds) ? obs.clouds : []).map((c) => c.seg));
  const active = obs?.active ?? '';
  const soField = soFields(board);
  // The viewer's own cards by name (only its own observation lists them), the others counted.
  const cardName = (id: string) => rivetCard(board, id, lang.value)?.name ?? id;
  return (
    <div class="rivet" data-testid="rivet-field">
      <div class="pocket-players">
        <span>
          {t('round')} {obs?.round ?? 0}
          {!props.over && active && (
            <>
              {' '}
              · <b>{sideName('rivet', active)}</b> {t('toPlay')}
            </>
          )}
        </span>
        {board.seats.map((s, i) => {
          const seat = obs?.seats?.[s];
          return (
            <span key={s} class="pplayer" style={{ borderColor: SEAT_COLOURS[s] }} data-seat={s}>
              <b>{sideName('rivet', s)}</b> {t('vp')} {seat?.vp ?? 0}/{seat?.vp_needed ?? board.vp[i]} · {t('rivets')} {seat?.rivets ?? 0} · {t('rivetDp')} {seat?.dp ?? 0}
              {seat && (seat.hand_size > 0 || seat.secrets_count > 0) && (
                <span class="small" data-testid={`rivet-cards-${s}`}>
                  {' · Action! '}
                  {seat.hand ? seat.hand.map(cardName).join(', ') || '—' : seat.hand_size}
                  {' · SM '}
                  {seat.secrets ? seat.secrets.map(cardName).join(', ') || '—' : seat.secrets_count}
                </span>
              )}
            </span>
          );
        })}
      </div>
      <div class="rgrid" style={{ gridTemplateColumns: `var(--rowhead, 24px) repeat(${board.cols}, minmax(var(--segw, 96px), 1fr))` }}>
        <div />
        {Array.from({ length: board.cols }, (_, c) => (
          <div key={c} class="rowname center">
            {String.fromCharCode(97 + c)}
          </div>
        ))}
        {Array.from({ length: board.rows }, (_, r) => [
          <div key={`r${r}`} class="rowname">
            {r + 1}
          </div>,
          ...Array.from({ length: board.cols }, (_, c) => {
            const seg = board.segments[r * board.cols + c];
            const hl = props.highlights.get(seg.id);
            const here = props.units.filter((u) => u.seg === seg.id);
            const flag = flags.get(seg.id);
            return (
              <div
                key={seg.id}
                class={`rseg terr-${seg.territory ?? 'none'} ${hl ? 'hl ' + hl : ''}`}
                data-seg={seg.id}
                onClick={() => hl && props.onSegment(seg.id)}
              >
                <div class="rseg-head">
                  <span class="small">{seg.id}</span>
                  {seg.deploy.map((d) => (
                    <span key={d} class="badge" style={{ background: SEAT_COLOURS[d] }} title={`${t('deployZone')} ${d}`}>
                      ⇩
                    </span>
                  ))}
                  {flag && (
                    <span class="badge" style={{ background: SEAT_COLOURS[flag] }} title={`SO: ${flag}`}>
                      ⚑
                    </span>
                  )}
                  {clouds.has(seg.id) && <span class="badge gas">{t('gas')}</span>}
                </div>
                <SegFields fields={board.fields} pieces={pieces.filter((p) => p.seg === seg.id)} so={soField.get(seg.id)} flag={flag} units={here} />
                {here.map((u) => (
                  <Chip key={u.label} {...props} unit={u} />
                ))}
              </div>
            );
          }),
        ])}
      </div>
    </div>
  );
}

function Chip(props: RivetFieldProps & { unit: RivetUnit }) {
  const u = props.unit;
  const de = lang.value === 'de';
  const name = (tp?: { name: string; name_de: string }) => (tp ? (de && tp.name_de ? tp.name_de : tp.name) : '?');
  const target = props.highlights.get(u.seg);
  const cls = ['rchip', props.selected === u.label ? 'selected' : '', props.actingUnits.has(u.label) ? 'acting' : '', u.activated ? 'done' : ''].join(' ');
  return (
    <div
      class={cls}
      data-unit={u.label}
      style={{ borderColor: SEAT_COLOURS[u.owner] }}
      title={`${u.owner} ${name(u.type)}${u.plug ? ' + ' + name(u.plug) : ''} (${u.type?.class ?? ''})`}
      onClick={(e) => {
        e.stopPropagation();
        if (target && !props.actingUnits.has(u.label)) props.onSegment(u.seg);
        else props.onUnit(u.label);
      }}
    >
      <b>{u.label}</b> {name(u.type)}
      {u.plug && <span class="small"> + {name(u.plug)}</span>}
      <span class="hp">
        {'♥'.repeat(Math.max(0, u.hp))}
        {'♡'.repeat(Math.max(0, u.maxHp - u.hp))}
      </span>
      <span class="small"> {u.fields.join('+')}</span>
      {u.bogged && <span class="badge">bogged</span>}
    </div>
  );
}

/** The segment's 2x2 fields (NW NE / SW SE): the SO on its field (in the colour of the flag on it),
 * the other terrain pieces on theirs, a dot in its owner's colour per unit on each field it takes. */
function SegFields(props: { fields: string[]; pieces: RivetPiece[]; so?: string; flag?: string; units: RivetUnit[] }) {
  const names = props.fields.length === 4 ? props.fields : ['NW', 'NE', 'SW', 'SE'];
  return (
    <div class="rfields">
      {names.map((f) => {
        const isSo = props.so === f;
        const here = props.pieces.filter((p) => p.field === f && !(isSo && p.kind === 'so'));
        const units = props.units.filter((u) => u.fields.includes(f));
        return (
          <div
            key={f}
            class={`rfield ${isSo ? 'so' : ''}`}
            data-field={f}
            title={[isSo ? `${t('rivetSoField')} ${f}` : f, ...here.map((p) => p.kind), ...units.map((u) => u.label)].join(' · ')}
            style={isSo && props.flag ? { background: SEAT_COLOURS[props.flag] } : undefined}
          >
            {isSo && <span class="rso" data-testid="rivet-so">★</span>}
            {here.map((p, k) => (
              <span key={k} class="piece" data-piece={p.kind}>
                {PIECE_ICON[p.kind] ?? '?'}
              </span>
            ))}
            {units.map((u) => (
              <span key={u.label} class="rdot" style={{ background: SEAT_COLOURS[u.owner] }} />
            ))}
          </div>
        );
      })}
    </div>
  );
}
