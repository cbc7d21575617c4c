// 7 Tage der Westerplatte's board (WP 2): the six guard posts with their action tiles and stocks,
// the five forward defence fields (bricks as stones, officers as pawns), the paths between them
// (a burned one in red), the five lanes A-E with the German troops on their spaces I-IV and the
// mines; beside it the turn (moves and actions left, WP 7.1), the morale track (WP 8), each
// defender's ammo and markers, the supplies, the day piles (WP 6), the deck and the events.
// Fields, lanes and players that are the place of a legal action are highlighted; a click sends
// it (GameView: one action at once, several in a chooser).
import { useLang } from '../hooks';
import { lang, sideName } from '../i18n';
import type { WpBoard, WpObservation } from '../types';
import {
  cardOf,
  fieldKey,
  laneKey,
  moraleClass,
  pileCounts,
  playerKey,
  spaceIndex,
  tileName,
  troopFires,
  turnLeft,
  wpT,
  wrapWords,
} from '../westerplatte';
import './westerplatte.css';

export interface WesterplatteBoardProps {
  board: WpBoard;
  obs: WpObservation;
  selected: string | null;
  /** place key ("F:T3", "L:D", "P:p2") -> "move" | "attack" | "act" */
  highlights: Map<string, string>;
  actingUnits: Set<string>;
  onUnit: (id: string) => void;
  onPlace: (key: string) => void;
  /** The viewer may act now (the hint is shown). */
  myTurn: boolean;
}

export const WP_SEAT_COLOURS: Record<string, string> = { p1: '#1f5fbf', p2: '#c2410c', p3: '#15803d', p4: '#7e22ce' };

// Layout: board units (web_board.cc) to SVG pixels.
const W = 720;
const px = (x: number) => 60 + x * 120;
const POST_Y = 78;
const FDF_Y = 250;
const LANE_TOP = 316;
const SPACE_H = 84;

export function WesterplatteBoard(props: WesterplatteBoardProps) {
  useLang();
  const { board, obs } = props;
  const nSpaces = board.spaces.length;
  const laneBottom = LANE_TOP + nSpaces * SPACE_H;
  const H = laneBottom + 34;
  const pos = new Map(board.fields.map((f) => [f.id, { x: px(f.x), y: f.type === 'post' ? POST_Y : FDF_Y }]));
  const fieldObs = new Map((obs.fields ?? []).map((f) => [f.id, f]));
  const burned = obs.burned_passage;
  const isBurned = (a: string, b: string) => !!burned && ((burned[0] === a && burned[1] === b) || (burned[0] === b && burned[1] === a));
  const hl = (key: string) => props.highlights.get(key);
  return (
    <div class="wp" data-testid="wp-board">
      <svg class="wp-svg" viewBox={`0 0 ${W} ${H}`} role="img" aria-label={board.title}>
        <rect class="wp-ground" x={0} y={0} width={W} height={FDF_Y + 40} />
        <rect class="wp-field-ground" x={0} y={FDF_Y + 40} width={W} height={H - FDF_Y - 40} />
        {board.paths.map(([a, b]) => {
          const p = pos.get(a);
          const q = pos.get(b);
          if (!p || !q) return null;
          const burnt = isBurned(a, b);
          return (
            <g key={`${a}-${b}`}>
              <line class={`wp-path ${burnt ? 'burned' : ''}`} x1={p.x} y1={p.y} x2={q.x} y2={q.y} />
              {burnt && (
                <text class="wp-fire" x={(p.x + q.x) / 2} y={(p.y + q.y) / 2 + 6} text-anchor="middle">
                  <title>{wpT('burned')}</title>🔥
                </text>
              )}
            </g>
          );
        })}
        {board.lanes.map((lane) => (
          <Lane key={lane.id} {...props} lane={lane} top={LANE_TOP} bottom={laneBottom} />
        ))}
        {board.fields.map((f) => {
          const o = fieldObs.get(f.id);
          const p = pos.get(f.id)!;
          const key = fieldKey(f.id);
          return f.type === 'post' ? (
            <Post key={f.id} {...props} id={f.id} x={p.x} y={p.y} o={o} hl={hl(key)} onClick={() => hl(key) && props.onPlace(key)} />
          ) : (
            <Fdf key={f.id} {...props} id={f.id} x={p.x} y={p.y} o={o} hl={hl(key)} onClick={() => hl(key) && props.onPlace(key)} />
          );
        })}
      </svg>
      <WpInfo {...props} />
    </div>
  );
}

type FieldObs = WpObservation['fields'][number] | undefined;

function Bricks(props: { n: number; max: number; x: number; y: number; w: number; h: number }) {
  const step = props.w + 2;
  const x0 = props.x - (props.max * step - 2) / 2;
  return (
    <g class="wp-bricks">
      {Array.from({ length: props.max }, (_, i) => (
        <rect key={i} class={i < props.n ? 'brick' : 'brick lost'} x={x0 + i * step} y={props.y} width={props.w} height={props.h} rx={1} />
      ))}
    </g>
  );
}

function Officers(props: WesterplatteBoardProps & { ids: string[]; x: number; y: number; r: number; fieldKey: string }) {
  const step = props.r * 2 + 3;
  const x0 = props.x - ((props.ids.length - 1) * step) / 2;
  return (
    <g>
      {props.ids.map((id, i) => {
        const seat = props.obs.officers?.find((o) => o.id === id)?.seat ?? 'p1';
        const sel = props.selected === id;
        const acting = props.actingUnits.has(id);
        return (
          <g
            key={id}
            class={`wp-officer ${sel ? 'selected' : ''} ${acting ? 'acting' : ''}`}
            data-unit={id}
            onClick={(e) => {
              e.stopPropagation();
              if (props.highlights.get(props.fieldKey) && !acting) props.onPlace(props.fieldKey);
              else props.onUnit(id);
            }}
          >
            <title>{`${wpT('officer')} ${id} (${sideName('westerplatte', seat)})`}</title>
            <circle cx={x0 + i * step} cy={props.y} r={props.r} fill={WP_SEAT_COLOURS[seat] ?? '#555'} />
            <text x={x0 + i * step} y={props.y + 4} text-anchor="middle">
              {id}
            </text>
          </g>
        );
      })}
    </g>
  );
}

function stockText(board: WpBoard, obs: WpObservation, tile: string | null | undefined): { short: string; long: string } {
  const value = board.tiles.find((x) => x.id === tile)?.value ?? 0;
  switch (tile) {
    case 'mortar':
      return { short: `◉ ${obs.stock?.shells ?? 0}/${value}`, long: `${obs.stock?.shells ?? 0}/${value} ${wpT('shells')}` };
    case 'mines':
      return { short: `✸ ${obs.stock?.mines ?? 0}/${value}`, long: `${obs.stock?.mines ?? 0}/${value} ${wpT('mines')}` };
    case 'rebuild':
      return { short: `▦ ${obs.stock?.rebuild ?? 0}/${value}`, long: `${obs.stock?.rebuild ?? 0}/${value} ${wpT('rebuildBricks')}` };
    case 'ammo':
      return { short: `+${value}`, long: `${wpT('takes')} ${value} ${wpT('ammo')}` };
    case 'push_back':
      return { short: `⇊ ${value}`, long: `${value} ${wpT('troops')}` };
    case 'morale':
      return { short: '+1 ♥', long: `+1 ${wpT('morale')}` };
    default:
      return { short: '', long: '' };
  }
}

function Post(props: WesterplatteBoardProps & { id: string; x: number; y: number; o: FieldObs; hl?: string; onClick: () => void }) {
  const { board, obs, o } = props;
  const w = 108;
  const h = 124;
  const top = props.y - h / 2;
  const name = tileName(board, o?.tile);
  const lines = wrapWords(name, 13).slice(0, 2);
  const stock = stockText(board, obs, o?.tile);
  const bricks = o?.bricks ?? 0;
  return (
    <g class={`wp-post ${props.hl ? `hl ${props.hl}` : ''} ${bricks === 0 ? 'destroyed' : ''}`} data-field={props.id} onClick={props.onClick}>
      <title>{`${wpT('post')} ${props.id}: ${name}${stock.long ? ` (${stock.long})` : ''} · ${bricks}/${board.max_bricks} ${wpT('bricks')}`}</title>
      <rect class="wp-post-box" x={props.x - w / 2} y={top} width={w} height={h} rx={6} />
      <text class="wp-id" x={props.x - w / 2 + 6} y={top + 15}>
        {props.id}
      </text>
      <text class="wp-stock" x={props.x + w / 2 - 6} y={top + 15} text-anchor="end">
        {stock.short}
      </text>
      {lines.map((line, i) => (
        <text key={i} class="wp-tile" x={props.x} y={top + 34 + i * 14} text-anchor="middle">
          {line}
        </text>
      ))}
      <Bricks n={bricks} max={board.max_bricks} x={props.x} y={top + 66} w={13} h={9} />
      <Officers {...props} ids={o?.officers ?? []} x={props.x} y={top + 98} r={13} fieldKey={fieldKey(props.id)} />
    </g>
  );
}

function Fdf(props: WesterplatteBoardProps & { id: string; x: number; y: number; o: FieldObs; hl?: string; onClick: () => void }) {
  const { board, o } = props;
  const bricks = o?.bricks ?? 0;
  return (
    <g class={`wp-fdf ${props.hl ? `hl ${props.hl}` : ''} ${bricks === 0 ? 'destroyed' : ''}`} data-field={props.id} onClick={props.onClick}>
      <title>{`${wpT('field')} ${props.id} · ${bricks}/${board.max_bricks} ${wpT('bricks')}`}</title>
      <circle class="wp-fdf-disc" cx={props.x} cy={props.y} r={50} />
      <text class="wp-fdf-id" x={props.x} y={props.y - 22} text-anchor="middle">
        {props.id}
      </text>
      <Bricks n={bricks} max={board.max_bricks} x={props.x} y={props.y - 12} w={11} h={8} />
      <Officers {...props} ids={o?.officers ?? []} x={props.x} y={props.y + 20} r={13} fieldKey={fieldKey(props.id)} />
    </g>
  );
}

function Lane(props: WesterplatteBoardProps & { lane: WpBoard['lanes'][number]; top: number; bottom: number }) {
  const { board, obs, lane } = props;
  const x = px(lane.x);
  const w = 104;
  const key = laneKey(lane.id);
  const h = props.highlights.get(key);
  const lo = obs.lanes?.find((l) => l.id === lane.id);
  const troop = lo?.troop ?? null;
  const n = board.spaces.length;
  // Space IV (the last) at the top, next to the wall; space I at the bottom edge.
  const spaceTop = (i: number) => props.top + (n - 1 - i) * SPACE_H;
  const card = troop ? cardOf(board, troop.card) : undefined;
  const fires = troop ? troopFires(board, troop) : false;
  const kindName = troop ? (troop.kind === 'howitzer' ? wpT('howitzer') : wpT('mg')) : '';
  const left = troop ? troop.endurance - troop.damage : 0;
  return (
    <g class={`wp-lane ${h ? `hl ${h}` : ''}`} data-lane={lane.id} onClick={() => h && props.onPlace(key)}>
      <title>{`${wpT('lane')} ${lane.id}`}</title>
      <rect class="wp-lane-box" x={x - w / 2} y={props.top} width={w} height={props.bottom - props.top} rx={4} />
      {board.spaces.map((s, i) => (
        <g key={s}>
          {i < n - 1 && <line class="wp-space-line" x1={x - w / 2} x2={x + w / 2} y1={spaceTop(i)} y2={spaceTop(i)} />}
          <text class="wp-space" x={x - w / 2 + 4} y={spaceTop(i) + 13}>
            {s}
          </text>
        </g>
      ))}
      <text class="wp-lane-id" x={x} y={props.bottom + 22} text-anchor="middle">
        {wpT('lane')} {lane.id}
      </text>
      {lo?.mine && (
        <g class="wp-mine">
          <title>{wpT('mine')}</title>
          <circle cx={x} cy={(props.top + props.bottom) / 2} r={15} />
          <text x={x} y={(props.top + props.bottom) / 2 + 5} text-anchor="middle">
            ✸
          </text>
        </g>
      )}
      {troop && (
        <g class={`wp-troop ${troop.kind} ${fires ? 'fires' : ''}`} data-card={troop.card}>
          <title>
            {`${kindName} ${troop.card}: ${wpT('endurance')} ${left}/${troop.endurance}` +
              (troop.kind === 'mg' ? `, ${wpT('speed')} ${troop.speed}` : '') +
              `, ${wpT('power')} ${troop.power}` +
              (fires ? ` · ${wpT('fires')}` : '') +
              (card?.phase ? ` · P${card.phase}` : '')}
          </title>
          <rect x={x - 44} y={spaceTop(spaceIndex(board, troop.space)) + 16} width={88} height={64} rx={5} />
          <text class="wp-troop-kind" x={x} y={spaceTop(spaceIndex(board, troop.space)) + 31} text-anchor="middle">
            {troop.kind === 'howitzer' ? 'HB' : 'MG'} {troop.card}
          </text>
          <text class="wp-troop-hp" x={x} y={spaceTop(spaceIndex(board, troop.space)) + 51} text-anchor="middle">
            {'♥'.repeat(Math.max(0, left))}
            {'♡'.repeat(Math.max(0, troop.damage))}
          </text>
          <text class="wp-troop-vals" x={x} y={spaceTop(spaceIndex(board, troop.space)) + 71} text-anchor="middle">
            {troop.kind === 'mg' ? `⇡${troop.speed} ` : ''}✹{troop.power}
          </text>
        </g>
      )}
    </g>
  );
}

function WpInfo(props: WesterplatteBoardProps) {
  const { board, obs } = props;
  const de = lang.value === 'de';
  const left = turnLeft(obs);
  const piles = pileCounts(obs);
  const track = obs.morale?.track ?? board.morale_track.map((m) => m.level);
  const effects = new Map(board.morale_track.map((m) => [m.level, de ? m.effect_de : m.effect]));
  const eventName = (id: string) => {
    const e = board.events.find((x) => x.id === id);
    return e ? `${id} ${de ? e.name_de : e.name}` : id;
  };
  const multi = (obs.players?.length ?? 1) > 1;
  return (
    <div class="wp-info">
      <section class="wp-box" data-testid="wp-turn">
        <div>
          <b>
            {wpT('day')} {obs.day}/{board.days}
          </b>{' '}
          · {wpT('turnOf')} <b>{sideName('westerplatte', obs.active_player)}</b>
        </div>
        {left && (
          <div class="wp-left">
            <span data-testid="wp-moves-left">
              {wpT('movesLeft')}: <b>{left.moves}</b>
            </span>
            {!multi && left.perOfficer.length > 1 && <span class="small"> ({left.perOfficer.map((o) => `${o.id} ${o.left}`).join(', ')})</span>}
            {' · '}
            <span data-testid="wp-actions-left">
              {wpT('actionsLeft')}: <b>{left.actions}</b>
            </span>
            {left.extraMove && <div class="small">{wpT('withExtraMove')}</div>}
            {left.restricted && <div class="small">{wpT('restrictedNow')}</div>}
          </div>
        )}
        {left && props.myTurn && <div class="small wp-hint">{multi ? wpT('hintOne') : wpT('hint')}</div>}
      </section>
      <section class="wp-box" data-testid="wp-morale">
        <div class="wp-label">{wpT('morale')}</div>
        <div class="wp-track">
          {track.map((level, i) => (
            <span
              key={i}
              class={`wp-mspace ${moraleClass(level)} ${i === obs.morale?.index ? 'on' : ''}`}
              title={effects.get(level) ?? level}
              data-level={level}
            >
              {level === '-' ? '·' : level === 'START' ? (de ? 'Start' : 'Start') : level}
            </span>
          ))}
        </div>
      </section>
      <section class="wp-box" data-testid="wp-players">
        {(obs.players ?? []).map((p) => {
          const key = playerKey(p.seat);
          const h = props.highlights.get(key);
          return (
            <div
              key={p.seat}
              class={`wp-player ${p.seat === obs.active_player ? 'active' : ''} ${h ? `hl ${h}` : ''}`}
              data-seat={p.seat}
              onClick={() => h && props.onPlace(key)}
            >
              <span class="wp-dot" style={{ background: WP_SEAT_COLOURS[p.seat] }} />
              <b>{sideName('westerplatte', p.seat)}</b>{' '}
              <span title={wpT('ammo')}>
                {wpT('ammo')} <b>{p.ammo}</b>
              </span>
              {p.extra_move > 0 && <span class="wp-marker" title={wpT('extraMove')}>⇈{p.extra_move}</span>}
              {p.restricted > 0 && <span class="wp-marker bad" title={wpT('restricted')}>⇊{p.restricted}</span>}
              {p.extra_action > 0 && <span class="wp-marker" title={wpT('extraAction')}>★{p.extra_action}</span>}
            </div>
          );
        })}
        <div class="small">
          {wpT('ammo')} ({wpT('supply')}): <b>{obs.ammo_supply}</b>
          {obs.surplus_bricks > 0 && (
            <>
              {' · '}
              {wpT('surplus')}: <b>{obs.surplus_bricks}</b>
            </>
          )}
        </div>
      </section>
      <section class="wp-box" data-testid="wp-piles">
        <div class="wp-label">{wpT('dayPiles')}</div>
        <div class="wp-piles">
          {piles.slice(0, board.days).map((n, i) => (
            <span key={i} class={`wp-pile ${i + 1 === obs.day ? 'on' : ''} ${n >= board.cards_per_day ? 'full' : ''}`} data-day={i + 1} title={(obs.day_piles?.[i]?.cards ?? []).join(', ')}>
              <span class="wp-pile-day">{i + 1}</span>
              <span class="wp-pile-bar">
                <span style={{ height: `${Math.round((100 * Math.min(n, board.cards_per_day)) / board.cards_per_day)}%` }} />
              </span>
              <span class="small">
                {n}/{board.cards_per_day}
              </span>
            </span>
          ))}
        </div>
        <div class="small">
          {wpT('deck')}: <b>{obs.deck?.cards ?? 0}</b> {wpT('cards')}
          {(obs.deck?.under?.length ?? 0) > 0 && ` (${wpT('under')}: ${obs.deck.under.join(', ')})`}
        </div>
        <div class="small">
          {wpT('events')}: +{obs.events?.positive_left ?? 0} −{obs.events?.negative_left ?? 0}
          {(obs.events?.resolved?.length ?? 0) > 0 && ` · ${wpT('eventsResolved')}: ${obs.events.resolved.map(eventName).join(', ')}`}
        </div>
      </section>
      {obs.outcome !== 'running' && <section class="wp-box wp-end">{obs.outcome === 'won' ? wpT('won') : wpT('lost')}</section>}
      <div class="small wp-level">
        {de ? board.level_title_de : board.level_title} · {board.side === 'red' ? wpT('redSide') : wpT('greenSide')}
      </div>
    </div>
  );
}
