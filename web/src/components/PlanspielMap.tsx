// The Planspiel board as SVG: square fields coloured and patterned by terrain, shaded by contour
// level with contour lines between levels, roads between field centres, bridges, pre-dug
// positions, objectives ringed in their controller's colour, coordinates, and the units as
// counters (party colour, a symbol of the category, id and type, suppression / camouflage /
// detected markers, moved and fired marks, ⚒ on a unit at work this half-turn (G-38: digging in,
// camouflaging, recovering a wreck; the counter dimmed as done), the moving unit ringed); zoom with the wheel and pan
// by dragging. Highlighted fields (where a click sends a legal action of the selected unit) are
// blue for a move, red for a fire, orange for an assault, green for a step in the unit's own
// field (mount, dismount, limber, unlimber, self-smoke: a second click on the selected counter
// makes it). Beside it: the counter's values with
// their provenance, a field's details, the reinforcements and the lost units.
import { fitView } from '../hex';
import { useMapView } from '../hooks';
import { lang, said, t, tOr } from '../i18n';
import { MapTools } from './MapTools';
import {
  categoryShape,
  controlByField,
  fieldAt,
  fieldId,
  hasStandIn,
  objectiveFields,
  objectiveName,
  psPositions,
  psStateWords,
  PARTY_COLOURS,
  PS_TERRAIN_COLOURS,
  suppressionColour,
  unitsByField,
  type Highlight,
  type PsUnit,
} from '../planspiel';
import type { PlanspielBoard, PsObservation, PsUnitType } from '../types';

export interface PlanspielMapProps {
  board: PlanspielBoard;
  obs: PsObservation;
  units: PsUnit[];
  selected: string | null;
  highlights: Map<string, Highlight>; // field id -> kind
  actingUnits: Set<string>;
  onUnit: (id: string) => void;
  onField: (id: string) => void;
}

const COUNTER = 0.68;
// Two to four units in a field stand side by side in a 2 x 2 grid of smaller counters; more
// than four (never within the stacking limits) overlap in the last cell.
const SMALL = 0.45;
const GRID: [number, number][] = [
  [0.04, 0.06],
  [0.51, 0.06],
  [0.04, 0.52],
  [0.51, 0.52],
];
function counterPlace(k: number, n: number): { dx: number; dy: number; size: number } {
  if (n === 1) return { dx: 0.5 - COUNTER / 2, dy: 0.5 - COUNTER / 2 + 0.04, size: COUNTER };
  if (n === 2) return { dx: GRID[k][0], dy: 0.29, size: SMALL };
  const [dx, dy] = GRID[Math.min(k, 3)];
  return { dx: dx + Math.max(0, k - 3) * 0.05, dy: dy + Math.max(0, k - 3) * 0.05, size: SMALL };
}

export function PlanspielMap(props: PlanspielMapProps) {
  const { board, obs } = props;
  const bounds = { min_x: -0.55, min_y: -0.55, max_x: board.width + 0.1, max_y: board.height + 0.1 };
  const { svgRef, view, fit, zoomBy, clickOk, pointer } = useMapView({
    fit: (w, h) => fitView(bounds, w || 800, h || 600),
    maxZoom: 6,
    refitOnResize: true,
    deps: [board],
  });

  const control = controlByField(obs);
  const objectives = objectiveFields(board);
  const byField = unitsByField(props.units);
  const waiting = props.units.filter((u) => u.status === 'waiting' && u.entry);
  const assault = obs?.assault ? fieldId(obs.assault.field[0], obs.assault.field[1]) : null;

  // Contour lines: the edges between fields of different level.
  const contours: { x1: number; y1: number; x2: number; y2: number }[] = [];
  for (const f of board.fields) {
    const e = fieldAt(board, f.x + 1, f.y);
    if (e && e.level !== f.level) contours.push({ x1: f.x + 1, y1: f.y, x2: f.x + 1, y2: f.y + 1 });
    const s = fieldAt(board, f.x, f.y + 1);
    if (s && s.level !== f.level) contours.push({ x1: f.x, y1: f.y + 1, x2: f.x + 1, y2: f.y + 1 });
  }

  return (
    <div class="map-wrap">
      <MapTools fit={fit} zoomBy={zoomBy}>
        {props.actingUnits.size > 0 && <span class="small">· {t('psClickHint')}</span>}
      </MapTools>
      <div class="ps-legend small" data-testid="ps-legend">
        {[...new Set(board.fields.map((f) => f.terrain))].map((tr) => (
          <span key={tr}>
            <i class="ps-swatch" style={{ background: PS_TERRAIN_COLOURS[tr] ?? '#ddd' }} /> {tOr(`psTerrain_${tr}`, tr)}
          </span>
        ))}
        {board.roads.length > 0 && (
          <span>
            <i class="ps-swatch" style={{ background: '#6e5a44' }} /> {t('psRoad')}
          </span>
        )}
        <span>
          <i class="ps-swatch ps-level-swatch" /> {t('psLevel')} ▲
        </span>
        {board.dug_in.length > 0 && <span>⌒ {t('psDugIn')}</span>}
        <span>
          <i class="ps-swatch" style={{ background: suppressionColour(3) }} />
          <i class="ps-swatch" style={{ background: suppressionColour(4) }} />
          <i class="ps-swatch" style={{ background: suppressionColour(5) }} /> {t('psSuppression')} 3-6
        </span>
        <span>≋ {t('psCamouflaged')}</span>
        <span>◉ {t('psDetected')}</span>
        <span>» {t('psMoved')}</span>
        <span>✶ {t('psFired')}</span>
        <span>⚒ {t('psAtWork')}</span>
      </div>
      <svg
        ref={svgRef}
        class="map ps-map"
        data-testid="planspiel-map"
        onPointerDown={pointer.onPointerDown}
        onPointerMove={pointer.onPointerMove}
        onPointerUp={pointer.onPointerUp}
        onPointerLeave={pointer.onPointerUp}
      >
        <defs>
          <pattern id="ps-forest" patternUnits="userSpaceOnUse" width="0.5" height="0.5">
            <circle cx="0.14" cy="0.15" r="0.09" class="ps-tree" />
            <circle cx="0.38" cy="0.37" r="0.09" class="ps-tree" />
          </pattern>
          <pattern id="ps-built-up" patternUnits="userSpaceOnUse" width="0.5" height="0.5">
            <rect x="0.08" y="0.1" width="0.2" height="0.14" class="ps-house" />
            <rect x="0.3" y="0.3" width="0.14" height="0.12" class="ps-house" />
          </pattern>
          <pattern id="ps-swamp" patternUnits="userSpaceOnUse" width="0.33" height="0.25">
            <line x1="0.04" y1="0.14" x2="0.2" y2="0.14" class="ps-reed" />
            <line x1="0.12" y1="0.06" x2="0.12" y2="0.14" class="ps-reed" />
          </pattern>
          <pattern id="ps-rocks" patternUnits="userSpaceOnUse" width="0.5" height="0.5">
            <polygon points="0.05,0.4 0.18,0.12 0.3,0.4" class="ps-rock" />
            <polygon points="0.28,0.22 0.38,0.05 0.48,0.22" class="ps-rock" />
          </pattern>
          <pattern id="ps-water" patternUnits="userSpaceOnUse" width="0.5" height="0.25">
            <path d="M0 0.15 Q0.125 0.05 0.25 0.15 T0.5 0.15" class="ps-wave" />
          </pattern>
        </defs>
        {view && (
          <g transform={`translate(${view.tx},${view.ty}) scale(${view.scale})`}>
            <g class="terrain">
              {board.fields.map((f) => (
                <g key={`${f.x},${f.y}`} data-terrain={f.terrain}>
                  <rect x={f.x} y={f.y} width={1} height={1} fill={PS_TERRAIN_COLOURS[f.terrain] ?? '#ddd'} />
                  {f.terrain !== 'open' && f.terrain !== 'bridge' && (
                    <rect x={f.x} y={f.y} width={1} height={1} fill={`url(#ps-${f.terrain})`} />
                  )}
                  {f.level > 0 && <rect x={f.x} y={f.y} width={1} height={1} class="ps-level" fill-opacity={0.13 * f.level} />}
                  <rect x={f.x} y={f.y} width={1} height={1} class="ps-grid" stroke-width={0.015} />
                </g>
              ))}
            </g>
            <g class="contours">
              {contours.map((c, k) => (
                <line key={k} {...c} class="ps-contour" stroke-width={0.07} />
              ))}
            </g>
            <g class="roads">
              {board.roads.map((r, k) => (
                <line
                  key={k}
                  x1={r.from[0] + 0.5}
                  y1={r.from[1] + 0.5}
                  x2={r.to[0] + 0.5}
                  y2={r.to[1] + 0.5}
                  class="ps-road"
                  stroke-width={0.22}
                />
              ))}
              {board.roads.map((r, k) => (
                <line
                  key={`i${k}`}
                  x1={r.from[0] + 0.5}
                  y1={r.from[1] + 0.5}
                  x2={r.to[0] + 0.5}
                  y2={r.to[1] + 0.5}
                  class="ps-road-inner"
                  stroke-width={0.13}
                />
              ))}
              {board.bridges.map(([x, y]) => (
                <g key={`b${x},${y}`} class="ps-bridge">
                  <rect x={x + 0.28} y={y} width={0.44} height={1} />
                </g>
              ))}
            </g>
            <g class="labels">
              {Array.from({ length: board.width }, (_, x) => (
                <text key={`c${x}`} x={x + 0.5} y={-0.18} class="ps-coord" font-size={0.26}>
                  {x}
                </text>
              ))}
              {Array.from({ length: board.height }, (_, y) => (
                <text key={`r${y}`} x={-0.25} y={y + 0.58} class="ps-coord" font-size={0.26}>
                  {y}
                </text>
              ))}
              {board.fields.map((f) => (
                <text key={`f${f.x},${f.y}`} x={f.x + 0.04} y={f.y + 0.14} class="ps-fieldid" font-size={0.11}>
                  {f.x},{f.y}
                  {f.level > 0 ? ` ▲${f.level}` : ''}
                </text>
              ))}
            </g>
            <g class="markers">
              {psPositions(board, obs).map(([x, y]) => (
                <g key={`d${x},${y}`} class="ps-dugin">
                  <title>{t('psDugIn')}</title>
                  <path d={`M${x + 0.18} ${y + 0.86} Q${x + 0.5} ${y + 0.62} ${x + 0.82} ${y + 0.86}`} stroke-width={0.07} />
                </g>
              ))}
              {[...objectives.entries()].map(([id, name]) => {
                const [x, y] = id.split(',').map(Number);
                const who = control.get(id) ?? 'none';
                const colour = PARTY_COLOURS[who] ?? '#555';
                return (
                  <g key={`o${id}`} class="ps-objective" data-objective={id} data-controller={who}>
                    <title>
                      {t('objective')} {objectiveName(board.objectives, name, lang.value)}: {t('psControl')} {who === 'none' ? t('psNobody') : tOr(`psParty_${who}`, who)}
                    </title>
                    <rect x={x + 0.05} y={y + 0.05} width={0.9} height={0.9} stroke={colour} stroke-width={0.06} class="ps-objring" />
                    <path d={`M${x + 0.78} ${y + 0.08} v0.3 M${x + 0.78} ${y + 0.08} h0.16 l-0.04 0.06 l0.04 0.06 h-0.16`} fill={colour} stroke={colour} stroke-width={0.025} />
                  </g>
                );
              })}
              {board.objectives.map((o) => (
                <text key={`n${o.id}`} x={o.fields[0][0] + 0.5} y={o.fields[0][1] - 0.06} class="ps-objname" font-size={0.19}>
                  {objectiveName(board.objectives, o.id, lang.value)}
                </text>
              ))}
              {waiting.map((u, k) => {
                const [x, y] = u.entry!.split(',').map(Number);
                return (
                  <g key={`w${u.id}`} class="ps-entry" data-entry={u.id}>
                    <title>
                      {u.id} {u.typeId}: {t('psArrives').replace('{t}', String(u.arrives)).replace('{f}', u.entry!)}
                    </title>
                    <rect x={x + 0.1 + k * 0.06} y={y + 0.55} width={0.8} height={0.3} rx={0.04} stroke={PARTY_COLOURS[u.party]} stroke-width={0.03} />
                    <text x={x + 0.5 + k * 0.06} y={y + 0.76} font-size={0.15} fill={PARTY_COLOURS[u.party]}>
                      ⇣ {u.id} ({u.arrives})
                    </text>
                  </g>
                );
              })}
            </g>
            <g class="hits">
              {board.fields.map((f) => {
                const id = fieldId(f.x, f.y);
                const cls = props.highlights.get(id);
                return (
                  <rect
                    key={id}
                    x={f.x + 0.03}
                    y={f.y + 0.03}
                    width={0.94}
                    height={0.94}
                    class={`hit ${cls ?? ''}`}
                    stroke-width={cls ? 0.07 : 0}
                    data-field={id}
                    onClick={() => clickOk() && props.onField(id)}
                  >
                    <title>
                      {id} · {tOr(`psTerrain_${f.terrain}`, f.terrain)}
                      {f.road ? ` · ${t('psRoad')}` : ''} · {t('psLevel')} {f.level}
                    </title>
                  </rect>
                );
              })}
            </g>
            <g class="counters">
              {[...byField.entries()].map(([id, stack]) => {
                const [fx, fy] = id.split(',').map(Number);
                const n = stack.length;
                const rank = (u: PsUnit) => (u.id === props.selected ? 2 : u.moving ? 1 : 0);
                const list = [...stack].sort((a, b) => rank(a) - rank(b));
                // In the grid each unit keeps its place (observation order); on top: selected, moving.
                const place = new Map(stack.map((u, k) => [u.id, counterPlace(k, n)]));
                return list.map((u) => (
                  <Counter
                    key={u.id}
                    unit={u}
                    x={fx + place.get(u.id)!.dx}
                    y={fy + place.get(u.id)!.dy}
                    size={place.get(u.id)!.size}
                    selected={props.selected === u.id}
                    acting={props.actingUnits.has(u.id)}
                    onClick={() => {
                      if (!clickOk()) return;
                      // The selected counter again: the actions in its own field; another counter in
                      // a highlighted field that cannot act itself: the field (a target).
                      if (props.highlights.has(id) && (u.id === props.selected || !props.actingUnits.has(u.id))) props.onField(id);
                      else props.onUnit(u.id);
                    }}
                  />
                ));
              })}
            </g>
            {props.units
              .filter((u) => u.wreck)
              .map((u) => {
                const [wx, wy] = u.wreck!.split(',').map(Number);
                return (
                  <text key={`wreck-${u.id}`} x={wx + 0.5} y={wy + 0.62} class="ps-wreck" font-size={0.45} data-wreck={u.id}>
                    ✖
                  </text>
                );
              })}
            {assault && (
              <text x={Number(assault.split(',')[0]) + 0.5} y={Number(assault.split(',')[1]) + 0.35} class="ps-assault" font-size={0.4}>
                ⚔
              </text>
            )}
          </g>
        )}
      </svg>
    </div>
  );
}

/** The NATO-like symbol of a category inside a w x h box at (x, y). */
function CategorySymbol(props: { shape: ReturnType<typeof categoryShape>; x: number; y: number; w: number; h: number }) {
  const { x, y, w, h } = props;
  const cx = x + w / 2;
  const cy = y + h / 2;
  const lw = 0.022;
  const box = <rect x={x} y={y} width={w} height={h} class="ps-symbox" stroke-width={lw} />;
  const cross = (
    <>
      <line x1={x} y1={y} x2={x + w} y2={y + h} class="ps-sym" stroke-width={lw} />
      <line x1={x} y1={y + h} x2={x + w} y2={y} class="ps-sym" stroke-width={lw} />
    </>
  );
  const oval = <ellipse cx={cx} cy={cy} rx={w * 0.36} ry={h * 0.3} class="ps-sym" fill="none" stroke-width={lw} />;
  switch (props.shape) {
    case 'infantry':
      return (
        <g>
          {box}
          {cross}
        </g>
      );
    case 'weapon':
      return (
        <g>
          {box}
          <line x1={cx} y1={y + h * 0.15} x2={cx} y2={y + h * 0.85} class="ps-sym" stroke-width={lw * 1.4} />
          <line x1={cx - w * 0.18} y1={y + h * 0.35} x2={cx} y2={y + h * 0.15} class="ps-sym" stroke-width={lw} />
          <line x1={cx + w * 0.18} y1={y + h * 0.35} x2={cx} y2={y + h * 0.15} class="ps-sym" stroke-width={lw} />
        </g>
      );
    case 'armour':
      return (
        <g>
          {box}
          {oval}
        </g>
      );
    case 'sp':
      return (
        <g>
          {box}
          {oval}
          <line x1={cx} y1={y + h * 0.2} x2={cx} y2={y + h * 0.8} class="ps-sym" stroke-width={lw} />
        </g>
      );
    case 'apc':
      return (
        <g>
          {box}
          {cross}
          {oval}
        </g>
      );
    case 'wheeled':
      return (
        <g>
          {box}
          <circle cx={cx - w * 0.2} cy={y + h * 0.72} r={h * 0.12} class="ps-sym" fill="none" stroke-width={lw} />
          <circle cx={cx + w * 0.2} cy={y + h * 0.72} r={h * 0.12} class="ps-sym" fill="none" stroke-width={lw} />
        </g>
      );
    case 'riders':
      return (
        <g>
          {box}
          <line x1={x} y1={y + h} x2={x + w} y2={y} class="ps-sym" stroke-width={lw} />
        </g>
      );
  }
}

function unitSummary(u: PsUnit): string {
  return [`${u.id} · ${u.typeId}${u.type ? ' — ' + said(u.type.name, u.type.name_de) : ''}`, ...psStateWords(u)].join(' · ');
}

/** A counter: party colour, id, category symbol, type id, markers. */
function Counter(props: { unit: PsUnit; x: number; y: number; size: number; selected: boolean; acting: boolean; onClick: () => void }) {
  const u = props.unit;
  const { x, y, size: s } = props;
  const cls = ['counter', props.selected ? 'selected' : '', props.acting ? 'acting' : '', u.moving ? 'moving' : '', (u.moved && u.fired) || u.work ? 'done' : '']
    .filter(Boolean)
    .join(' ');
  const fs = s * 0.2;
  const m = Math.max(0.17, s * 0.36); // marker chip size
  return (
    <g class={cls} data-unit={u.id} data-field={u.field ?? ''} data-party={u.party} onClick={props.onClick}>
      <title>{unitSummary(u)}</title>
      <rect x={x} y={y} width={s} height={s} rx={0.05} fill={PARTY_COLOURS[u.party] ?? '#777'} class="counter-body" stroke-width={props.selected ? 0.07 : 0.03} />
      <text x={x + s / 2} y={y + fs * 1.05} font-size={fs} class="cname">
        {u.id}
      </text>
      <CategorySymbol shape={categoryShape(u.type?.category)} x={x + s * 0.22} y={y + s * 0.32} w={s * 0.56} h={s * 0.32} />
      <text x={x + s / 2} y={y + s - fs * 0.35} font-size={fs * 0.95}>
        {u.typeId}
      </text>
      {u.suppression > 0 && (
        <g class="ps-mark" data-mark="suppression">
          <rect x={x + s - m * 0.55} y={y - m * 0.5} width={m} height={m} rx={0.03} fill={suppressionColour(u.suppression)} stroke="#fff" stroke-width={0.02} />
          <text x={x + s - m * 0.05} y={y + m * 0.25} font-size={m * 0.75} fill="#fff">
            {u.suppression}
          </text>
        </g>
      )}
      {u.camouflaged && (
        <g class="ps-mark" data-mark="camouflaged">
          <rect x={x - m * 0.3} y={y - m * 0.3} width={m} height={m} rx={m / 2} fill="#3d6b2a" stroke="#fff" stroke-width={0.02} />
          <text x={x + m * 0.2} y={y + m * 0.45} font-size={m * 0.7} fill="#fff">
            ≋
          </text>
        </g>
      )}
      {u.digging && (
        <g class="ps-mark" data-mark="digging">
          <title>{t('psDigging')}</title>
          <rect x={x + s - m * 0.55} y={y + s - m * 0.7} width={m} height={m} rx={0.03} fill="#8a7a5c" stroke="#fff" stroke-width={0.02} stroke-dasharray="0.04 0.03" />
          <text x={x + s - m * 0.05} y={y + s + m * 0.05} font-size={m * 0.7} fill="#fff">
            ⌓
          </text>
        </g>
      )}
      {u.detected && (
        <g class="ps-mark" data-mark="detected">
          <rect x={x - m * 0.3} y={y + s - m * 0.7} width={m} height={m} rx={m / 2} fill="#f2c230" stroke="#333" stroke-width={0.02} />
          <text x={x + m * 0.2} y={y + s + m * 0.05} font-size={m * 0.7} fill="#222">
            ◉
          </text>
        </g>
      )}
      {u.moved && (
        <text x={x + s * 0.14} y={y + s * 0.28 + fs * 0.9} font-size={fs} class="ps-flag">
          »
        </text>
      )}
      {u.fired && (
        <text x={x + s * 0.86} y={y + s * 0.28 + fs * 0.9} font-size={fs} class="ps-flag">
          ✶
        </text>
      )}
      {u.work && (
        <text x={x + s * 0.86} y={y + s * 0.28 + fs * 0.9} font-size={fs} class="ps-flag ps-work" data-mark="work" data-work={u.work}>
          <title>{t(`psWork_${u.work}`)}</title>⚒
        </text>
      )}
    </g>
  );
}

function Prov(props: { p: string | undefined }) {
  if (!props.p) return null;
  const standIn = props.p === 'stand-in';
  return (
    <span class={`prov ${standIn ? 'standin' : ''}`} data-prov={props.p} title={standIn ? t('psStandInNote') : undefined}>
      {tOr(`psProv_${props.p}`, props.p)}
    </span>
  );
}

function classText(c: string): string {
  return c === 'none' ? '—' : tOr(`psClass_${c}`, c);
}

/** The values of a counter's type for inspection, each with its provenance. */
export function PsTypeValues(props: { type: PsUnitType }) {
  const tp = props.type;
  const p = tp.provenance;
  const w = tp.weapon;
  const row = (label: string, value: string, prov: string | undefined, key?: string) => (
    <tr key={key ?? label}>
      <th>{label}</th>
      <td>{value}</td>
      <td>
        <Prov p={prov} />
      </td>
    </tr>
  );
  return (
    <table class="ps-values" data-testid="ps-values">
      <tbody>
        {row(t('psCategory'), tOr(`psCat_${tp.category}`, tp.category), p.category)}
        {row(t('psMover'), tp.terrain === 'foot' ? t('psFoot') : t('psVehicle'), p.terrain)}
        {row(t('psSpeeds'), `${tp.speeds.road} / ${tp.speeds.terrain} / ${tp.speeds.combat} LE`, tp.speeds.provenance)}
        {w && row(t('psWeapon'), w.row, p['weapon.row'])}
        {w && w.flat >= 0 && row(t('psFlat'), `${w.flat} LE`, p['weapon.flat'])}
        {w && w.high_angle >= 0 && row(t('psHighAngle'), `${w.high_angle} LE${w.indirect ? ' · ' + t('psIndirect') : ''}`, p['weapon.high_angle'])}
        {w && row(t('psCalibre'), `${w.calibre_cm} cm${w.overlong ? ' L/60+' : ''}${w.short ? ' (short)' : ''}`, p['weapon.calibre_cm'])}
        {row(t('psArmour'), classText(tp.armour_class), p.armour_class)}
        {row(t('psGun'), classText(tp.gun_class), p.gun_class)}
        {row(t('psTarget'), `${tOr(`psSize_${tp.target_size}`, tp.target_size)} · ${tOr(`psTc_${tp.target_class}`, tp.target_class)}`, p.target_size)}
        {tp.weight_t > 0 && row(t('psWeight'), `${tp.weight_t} t`, p.weight_t)}
        {tp.capacity !== 'none' && row(t('psCapacity'), tOr(`psCap_${tp.capacity}`, tp.capacity), p.capacity)}
      </tbody>
    </table>
  );
}

/** The selected counter: its state and its type's values. */
export function PsUnitPanel(props: { unit: PsUnit; onClose: () => void }) {
  const u = props.unit;
  const states: string[] = [];
  if (u.status === 'waiting') states.push(t('psArrives').replace('{t}', String(u.arrives)).replace('{f}', u.entry ?? '?'));
  if (u.status === 'lost') states.push(t('psLost'));
  if (u.wreck) states.push(t('psWreck').replace('{f}', u.wreck));
  if (u.field) states.push(`${t('psField')} ${u.field}`);
  states.push(...psStateWords(u));
  return (
    <section class="panel ps-unit" data-testid="ps-unit" data-unit={u.id}>
      <h3>
        <span class="ps-swatch" style={{ background: PARTY_COLOURS[u.party] }} /> {u.id} · {u.typeId}{' '}
        <button class="small-btn" onClick={props.onClose}>
          ×
        </button>
      </h3>
      {u.type && <div class="small">{said(u.type.name, u.type.name_de)}</div>}
      <div class="small">{states.join(' · ') || '—'}</div>
      {u.type && <PsTypeValues type={u.type} />}
      {u.type && hasStandIn(u.type) && <div class="small standin-note">{t('psStandInNote')}</div>}
    </section>
  );
}

/** A field: terrain, road, level, objective and control, dug-in position, units. */
export function PsFieldPanel(props: { board: PlanspielBoard; obs: PsObservation; units: PsUnit[]; field: string; onUnit: (id: string) => void; onClose: () => void }) {
  const [x, y] = props.field.split(',').map(Number);
  const f = fieldAt(props.board, x, y);
  if (!f) return null;
  const objective = objectiveFields(props.board).get(props.field);
  const who = controlByField(props.obs).get(props.field);
  const dug = psPositions(props.board, props.obs).some(([a, b]) => a === x && b === y);
  const here = props.units.filter((u) => u.field === props.field);
  return (
    <section class="panel ps-field" data-testid="ps-field">
      <h3>
        {t('psField')} {props.field} · {tOr(`psTerrain_${f.terrain}`, f.terrain)}{' '}
        <button class="small-btn" onClick={props.onClose}>
          ×
        </button>
      </h3>
      <div class="small">
        {f.road && `${t('psRoad')} · `}
        {t('psLevel')} {f.level}
        {dug && ` · ${t('psDugIn')}`}
        {objective && ` · ${t('objective')} ${objectiveName(props.board.objectives, objective, lang.value)}: ${t('psControl')} ${who && who !== 'none' ? tOr(`psParty_${who}`, who) : t('psNobody')}`}
      </div>
      {here.map((u) => (
        <div key={u.id} class="unitline" onClick={() => props.onUnit(u.id)}>
          <span class="ps-swatch" style={{ background: PARTY_COLOURS[u.party] }} /> <b>{u.id}</b> {u.type ? said(u.type.name, u.type.name_de) : u.typeId}
        </div>
      ))}
    </section>
  );
}

/** Reinforcements not yet on the board and lost units. */
export function PsOffBoard(props: { units: PsUnit[]; acting: Set<string>; selected: string | null; onUnit: (id: string) => void }) {
  const waiting = props.units.filter((u) => u.status === 'waiting');
  const lost = props.units.filter((u) => u.status === 'lost');
  if (waiting.length === 0 && lost.length === 0) return null;
  const chip = (u: PsUnit, title: string) => (
    <button
      key={u.id}
      class={`chip-btn ${props.selected === u.id ? 'on' : ''} ${props.acting.has(u.id) ? 'acting' : ''}`}
      data-unit={u.id}
      style={{ borderLeft: `5px solid ${PARTY_COLOURS[u.party]}` }}
      onClick={() => props.onUnit(u.id)}
      title={title}
    >
      {u.id} {u.typeId}
    </button>
  );
  return (
    <section class="panel offmap" data-testid="ps-offboard">
      {waiting.length > 0 && (
        <>
          <h3>{t('psWaiting')}</h3>
          <div class="chips">
            {waiting.map((u) => chip(u, t('psArrives').replace('{t}', String(u.arrives)).replace('{f}', u.entry ?? '?')))}
          </div>
        </>
      )}
      {lost.length > 0 && (
        <>
          <h3>{t('psLost')}</h3>
          <div class="chips">{lost.map((u) => chip(u, t('psLost')))}</div>
        </>
      )}
    </section>
  );
}
