// The White Star Rising map as SVG: hexes coloured by terrain, roads, crests, place names,
// objectives, markers (wrecks, improved positions, mines, control, smoke, Barrage, aircraft,
// destroyed bridges), each side's exit hexes with an arrow toward the edge they leave across
// (G-12), the red boundary line (WSR-A6), counters with their printed values and state marks,
// stacks; zoom with the wheel and pan by dragging. Highlighted hexes
// (where a click sends an action) are outlined; the selected unit is ringed.
import { fitView, hexPoints, hexside, hexsideMidpoint } from '../hex';
import { useMapView } from '../hooks';
import { sideName, t } from '../i18n';
import type { WsrBoard, WsrObservation } from '../types';
import { MapTools } from './MapTools';
import { boundaryLines, exitArrow, hexMarkers, SEAT_COLOURS, stacks, TERRAIN_COLOURS, type WsrUnit } from '../wsr';

export interface WsrMapProps {
  board: WsrBoard;
  obs: WsrObservation;
  units: WsrUnit[];
  selected: string | null;
  highlights: Map<string, string>; // hex id -> css class ("target", "move", ...)
  costs?: Map<string, number>; // hex id -> MP to enter it (the moving stack)
  actingUnits: Set<string>;
  onUnit: (label: string) => void;
  onHex: (hexId: string) => void;
}

const STACK_DX = 0.16;
const STACK_DY = -0.16;
const COUNTER = 1.0;

export function WsrMap(props: WsrMapProps) {
  const { board, obs, units } = props;
  // A phone: the map fills the box's height (the hexes big enough to tap); drag to see the rest.
  const { svgRef, view, fit, zoomBy, clickOk, pointer } = useMapView({
    fit: (w, h) => fitView(board.bounds, w || 800, h || 600, 10, w > 0 && w < 500),
    maxZoom: 10,
    deps: [board],
  });

  const byHex = stacks(units);
  const objectives = new Set(board.objectives);
  const center = (i: number) => {
    const h = board.hexes[i];
    return { x: h.px, y: h.py };
  };

  return (
    <div class="map-wrap">
      <MapTools fit={fit} zoomBy={zoomBy} />
      <svg
        ref={svgRef}
        class="map"
        data-testid="wsr-map"
        onPointerDown={pointer.onPointerDown}
        onPointerMove={pointer.onPointerMove}
        onPointerUp={pointer.onPointerUp}
        onPointerLeave={pointer.onPointerUp}
      >
        {view && (
          <g transform={`translate(${view.tx},${view.ty}) scale(${view.scale})`}>
            <g class="terrain">
              {board.hexes.map((h) => (
                <polygon
                  key={h.i}
                  points={hexPoints({ x: h.px, y: h.py }, 1)}
                  fill={TERRAIN_COLOURS[h.terrain] ?? '#ddd'}
                  class="hex"
                  stroke-width={0.03}
                />
              ))}
            </g>
            <g class="rivers">
              {board.rivers.map((r) =>
                r.paths.map((p, k) => (
                  <polyline
                    key={r.id + k}
                    points={p.map((i) => `${center(i).x},${center(i).y}`).join(' ')}
                    class="river"
                    stroke-width={0.35}
                  />
                )),
              )}
            </g>
            <g class="roads">
              {board.hexes.flatMap((h) =>
                (h.road ?? []).map((d) => {
                  const c = { x: h.px, y: h.py };
                  const m = hexsideMidpoint(c, 1, d);
                  return <line key={`${h.i}-${d}`} x1={c.x} y1={c.y} x2={m.x} y2={m.y} class="road" stroke-width={0.14} />;
                }),
              )}
            </g>
            <g class="crests">
              {board.hexes.flatMap((h) =>
                (h.crest ?? []).map((d) => {
                  const [a, b] = hexside({ x: h.px, y: h.py }, 1, d);
                  return <line key={`${h.i}-${d}`} x1={a.x} y1={a.y} x2={b.x} y2={b.y} class="crest" stroke-width={0.1} />;
                }),
              )}
            </g>
            <g class="exits">
              {(board.exits ?? []).flatMap((e) =>
                e.hexes.map((i, k) => {
                  const h = board.hexes[i];
                  const a = exitArrow(board, i, e.edges[k] ?? e.edge);
                  const colour = SEAT_COLOURS[e.seat] ?? '#000';
                  return (
                    <g key={`${e.seat}-${i}`} class="exit" data-exit={e.seat} data-hex={h.id}>
                      <title>{`${t('exitHexes').replace('{s}', sideName('wsr', e.seat))}: ${e.text}`}</title>
                      <polygon points={hexPoints({ x: h.px, y: h.py }, 0.88)} stroke={colour} stroke-width={0.08} class="exit-hex" />
                      {a && (
                        <>
                          <line x1={a.from.x} y1={a.from.y} x2={a.to.x} y2={a.to.y} stroke={colour} stroke-width={0.12} class="exit-arrow" />
                          <polygon points={a.head.map((p) => `${p.x},${p.y}`).join(' ')} fill={colour} class="exit-arrow" />
                        </>
                      )}
                    </g>
                  );
                }),
              )}
            </g>
            <g class="boundary" data-testid="boundary">
              {boundaryLines(board).map((pts, k) => (
                <polyline key={k} points={pts} class="boundary-line" stroke-width={0.22}>
                  <title>{board.boundary?.text}</title>
                </polyline>
              ))}
            </g>
            <g class="labels">
              {board.hexes.map((h) => (
                <text key={h.i} x={h.px} y={h.py - 0.62} class="hexid" font-size={0.2}>
                  {h.id.slice(2)}
                </text>
              ))}
              {board.places.map((p) => {
                const h = board.hexes[p.hexes[0]];
                return (
                  <text key={p.id} x={h.px} y={h.py + 0.75} class="place" font-size={0.26}>
                    {p.name}
                  </text>
                );
              })}
            </g>
            <g class="markers">
              {board.hexes.map((h) => {
                const m = hexMarkers(obs, board, h.i);
                const c = { x: h.px, y: h.py };
                const out = [];
                if (objectives.has(h.i))
                  out.push(
                    <circle key="o" cx={c.x} cy={c.y} r={0.82} class="objective" stroke-width={0.07}
                      stroke={m.controller >= 0 ? SEAT_COLOURS[board.seats[m.controller]] ?? '#000' : '#b00'} />,
                  );
                if (m.wreck) out.push(<MarkerChip key="w" x={c.x - 0.55} y={c.y + 0.25} text="W" cls="wreck" title={t('wreck')} />);
                if (m.ip) out.push(<MarkerChip key="i" x={c.x + 0.2} y={c.y + 0.25} text="IP" cls="ip" title={t('ip')} />);
                if (m.mine) out.push(<MarkerChip key="m" x={c.x - 0.2} y={c.y - 0.6} text="✹" cls="mine" title={t('mine')} />);
                if (m.smoke > 0)
                  out.push(<MarkerChip key="s" x={c.x + 0.2} y={c.y - 0.6} text={`S${m.smoke}`} cls="smoke" title={t('smoke')} />);
                if (m.barrage)
                  out.push(<MarkerChip key="b" x={c.x - 0.55} y={c.y - 0.2} text="B" cls="barrage" title={t('barrage')} />);
                if (m.aircraft.length > 0)
                  out.push(
                    <MarkerChip key="a" x={c.x + 0.2} y={c.y - 0.2} text="✈" cls="aircraft" title={`${t('aircraft')}: ${m.aircraft.join(', ')}`} />,
                  );
                if (m.destroyedBridge)
                  out.push(<MarkerChip key="x" x={c.x - 0.18} y={c.y - 0.15} text="✕" cls="destroyed-bridge" title={t('destroyedBridge')} />);
                return out.length ? <g key={h.i}>{out}</g> : null;
              })}
            </g>
            <g class="hits">
              {board.hexes.map((h) => {
                const cls = props.highlights.get(h.id);
                return (
                  <polygon
                    key={h.i}
                    points={hexPoints({ x: h.px, y: h.py }, 0.97)}
                    class={`hit ${cls ?? ''}`}
                    stroke-width={cls ? 0.09 : 0}
                    data-hex={h.id}
                    onClick={() => clickOk() && props.onHex(h.id)}
                  />
                );
              })}
            </g>
            <g class="costs">
              {[...(props.costs ?? new Map<string, number>()).entries()].map(([id, mp]) => {
                const h = board.hexes.find((x) => x.id === id);
                return h ? (
                  <text key={id} x={h.px} y={h.py + 0.45} class="mpcost" font-size={0.32}>
                    {mp} MP
                  </text>
                ) : null;
              })}
            </g>
            <g class="counters">
              {[...byHex.entries()].map(([hex, stack]) => {
                const c = center(hex);
                const n = stack.length;
                // The selected and the moving units on top of their stack.
                const rank = (u: WsrUnit) => (u.label === props.selected ? 2 : u.moving ? 1 : 0);
                const list = [...stack].sort((a, b) => rank(a) - rank(b));
                return list.map((u, k) => {
                  const x = c.x - COUNTER / 2 + (k - (n - 1) / 2) * STACK_DX;
                  const y = c.y - COUNTER / 2 + (k - (n - 1) / 2) * STACK_DY;
                  return (
                    <CounterSvg
                      key={u.label}
                      hexId={board.hexes[hex].id}
                      unit={u}
                      x={x}
                      y={y}
                      selected={props.selected === u.label}
                      acting={props.actingUnits.has(u.label)}
                      target={!!props.highlights.get(board.hexes[hex].id)}
                      onClick={() => {
                        if (!clickOk()) return;
                        const hid = board.hexes[hex].id;
                        if (props.highlights.has(hid) && !props.actingUnits.has(u.label)) props.onHex(hid);
                        else props.onUnit(u.label);
                      }}
                    />
                  );
                });
              })}
            </g>
          </g>
        )}
      </svg>
    </div>
  );
}

function MarkerChip(props: { x: number; y: number; text: string; cls: string; title: string }) {
  return (
    <g class={`chip ${props.cls}`}>
      <title>{props.title}</title>
      <rect x={props.x} y={props.y} width={0.36} height={0.3} rx={0.04} />
      <text x={props.x + 0.18} y={props.y + 0.22} font-size={0.2}>
        {props.text}
      </text>
    </g>
  );
}

function weapon(w: { fp: number; to_hit: number; range: number; enhanced: boolean } | null): string {
  if (!w) return '';
  return `${w.fp}${w.enhanced ? '+' : ''}-${w.to_hit}${w.range ? '-' + w.range : ''}`;
}

/** A counter square with its printed values (face up) and state marks. */
export function CounterSvg(props: {
  unit: WsrUnit;
  hexId: string;
  x: number;
  y: number;
  selected: boolean;
  acting: boolean;
  target: boolean;
  onClick: () => void;
}) {
  const u = props.unit;
  const face = u.face;
  const s = COUNTER;
  const fill = SEAT_COLOURS[u.seat] ?? '#999';
  const { x, y } = props;
  const cls = ['counter', props.selected ? 'selected' : '', props.acting ? 'acting' : '', u.opsComplete ? 'done' : '', u.moving ? 'moving' : '']
    .filter(Boolean)
    .join(' ');
  const marks: string[] = [];
  if (u.disrupted) marks.push('D');
  if (u.outOfCommand) marks.push('OoC');
  if (u.mounted && u.counter.transport) marks.push('Mtd');
  const title = [
    u.label,
    u.counter.name,
    u.reduced ? t('reduced') : '',
    u.disrupted ? t('disrupted') : '',
    u.opsComplete ? t('opsComplete') : '',
    u.outOfCommand ? t('outOfCommand') : '',
    u.mounted && u.counter.transport ? t('mounted') : '',
    u.moving ? t('moving') : '',
  ]
    .filter(Boolean)
    .join(', ');
  return (
    <g class={cls} onClick={props.onClick} data-unit={u.label} data-hex={props.hexId}>
      <title>{title}</title>
      <rect x={x} y={y} width={s} height={s} rx={0.06} fill={fill} class="counter-body" stroke-width={props.selected ? 0.08 : 0.03} />
      {u.reduced && <rect x={x} y={y} width={s} height={0.12} class="reduced-band" />}
      <text x={x + s / 2} y={y + 0.24} font-size={0.17} class="cname">
        {u.counter.name.length > 11 ? u.counter.name.slice(0, 10) + '…' : u.counter.name}
      </text>
      {u.hq ? (
        <text x={x + s / 2} y={y + 0.55} font-size={0.2} class="cval">
          HQ {face.command_value ?? ''}/{face.command_range ?? ''}
        </text>
      ) : (
        <>
          <text x={x + 0.06} y={y + 0.5} font-size={0.17} class="cval ap" text-anchor="start">
            {weapon(face.ap)}
          </text>
          <text x={x + 0.06} y={y + 0.7} font-size={0.17} class="cval he" text-anchor="start">
            {weapon(face.he)}
          </text>
          {face.armor > 0 && (
            <text x={x + s - 0.06} y={y + 0.5} font-size={0.17} class="cval armor" text-anchor="end">
              {face.armor}/{face.save}
            </text>
          )}
        </>
      )}
      <text x={x + s - 0.06} y={y + 0.92} font-size={0.17} class="cval mf" text-anchor="end">
        {face.mf}
      </text>
      {face.assault && (
        <text x={x + 0.06} y={y + 0.92} font-size={0.15} class="cval asl" text-anchor="start">
          {face.assault.strength}
          {face.assault.star ? '*' : ''}-{face.assault.to_hit}
        </text>
      )}
      {u.sw && (
        <text x={x + s / 2} y={y + 0.92} font-size={0.13} class="cval sw">
          SW
        </text>
      )}
      {marks.length > 0 && (
        <g class="marks">
          <rect x={x + s - 0.42} y={y - 0.12} width={0.46} height={0.24} rx={0.05} class="mark-bg" />
          <text x={x + s - 0.19} y={y + 0.06} font-size={0.15} class="mark">
            {marks.join(' ')}
          </text>
        </g>
      )}
      {u.opsComplete && <rect x={x} y={y} width={s} height={s} rx={0.06} class="done-veil" />}
    </g>
  );
}
