// The White Star Rising map as SVG: hexes coloured by terrain, roads, crests, place names,
// objectives, markers (wrecks, improved positions, mines, control, smoke, Barrage, aircraft,
// destroyed bridges), each side's exit hexes with an arrow toward the edge they leave across
// (G-12), the red boundary line (WSR-A6), counters drawn as counters (WsrCounter: NATO symbol,
// printed values in their places, formation colour, state marks), stacks with their count that
// fan out under the mouse or when tapped; zoom with the wheel and pan by dragging; it opens with
// readable counters centred on the acting side's units. Highlighted hexes (where a click sends
// an action) are outlined; the selected unit is ringed, the units its actions name (fire at,
// load onto) are marked and a click on one sends that action; the unit card on the map shows
// the selected unit and the buttons of its own actions (move, mount, unload, ...).
import { useEffect, useRef, useState } from 'preact/hooks';
import type { ParsedAction } from '../actions';
import { fitView, hexPoints, hexside, hexsideMidpoint } from '../hex';
import { useMapView } from '../hooks';
import { said, sideName, t } from '../i18n';
import type { WsrBoard, WsrObservation } from '../types';
import { MapTools } from './MapTools';
import { boundaryLines, exitArrow, hexMarkers, SEAT_COLOURS, stacks, TERRAIN_COLOURS, unitName, type WsrUnit } from '../wsr';
import {
  collapsedLayout,
  COUNTER_SIZE,
  counterClick,
  fanLayout,
  fanShift,
  focusPoints,
  formationColours,
  menuLabel,
  pairTargets,
  READABLE_COUNTER_PX,
  READABLE_COUNTER_PX_PHONE,
  SIDE_BORDERS,
  stackOrder,
  startView,
  unitMenu,
  wsrT,
} from '../wsrcounter';
import { faceRows, WsrCounter } from './WsrCounter';

export interface WsrMapProps {
  board: WsrBoard;
  obs: WsrObservation;
  units: WsrUnit[];
  selected: string | null;
  highlights: Map<string, string>; // hex id -> css class ("target", "move", ...)
  costs?: Map<string, number>; // hex id -> MP to enter it (the moving stack)
  actingUnits: Set<string>;
  /** The legal actions (a click on a counter may name one: fire at it, load onto it). */
  actions?: ParsedAction[];
  /** Sends (or, for an attack, first shows the odds of) an action. */
  onAction?: (a: ParsedAction) => void;
  onUnit: (label: string) => void;
  onHex: (hexId: string) => void;
}

/** How long the mouse rests on a stack before it spreads (ms). */
const HOVER_MS = 250;

export function WsrMap(props: WsrMapProps) {
  const { board, obs, units } = props;
  // A phone: the map fills the box's height (the hexes big enough to tap); drag to see the rest.
  const phone = (w: number) => w > 0 && w < 500;
  const { svgRef, view, fit, zoomBy, clickOk, pointer } = useMapView({
    fit: (w, h) => fitView(board.bounds, w || 800, h || 600, 10, phone(w)),
    start: (w, h) =>
      startView(
        board.bounds,
        w || 800,
        h || 600,
        focusPoints(board, units, props.actingUnits, (props.actions ?? []).flatMap((a) => a.places)),
        phone(w) ? READABLE_COUNTER_PX_PHONE : READABLE_COUNTER_PX,
        phone(w),
      ),
    maxZoom: 10,
    deps: [board],
  });
  const [hoverHex, setHoverHex] = useState<number | null>(null);
  const [pinnedHex, setPinnedHex] = useState<number | null>(null);
  const [chooser, setChooser] = useState<ParsedAction[] | null>(null);
  const [dismissed, setDismissed] = useState<string | null>(null);
  // A finger has no hover: a tap on a stack keeps it spread until a tap elsewhere.
  const touch = useRef(false);
  const hoverTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(hoverTimer.current), []);

  // A new decision closes a stack spread by a tap (its counters would cover the hexes to click).
  useEffect(() => setPinnedHex(null), [props.actions]);
  // One unit to act (a setup's next unit, a lone firer): it is selected, its hexes highlighted.
  const only = props.actingUnits.size === 1 ? [...props.actingUnits][0] : null;
  useEffect(() => {
    if (only && (props.selected === null || !props.actingUnits.has(props.selected)) && props.actions?.length) props.onUnit(only);
  }, [only]);

  const byHex = stacks(units);
  const objectives = new Set(board.objectives);
  const center = (i: number) => {
    const h = board.hexes[i];
    return { x: h.px, y: h.py };
  };
  const isFanned = (hex: number) => hex === hoverHex || hex === pinnedHex;
  const fills = formationColours(board);
  const formationName = (id: string) => {
    const f = board.formations.find((x) => x.id === id);
    return f ? said(f.name, f.name_de) : id;
  };
  const pairs = pairTargets(props.actions ?? [], props.selected);
  const activeFormation = obs.active_formation;

  // The unit card docks at the map's lower corner, or at its top when the selected counter is in
  // the map's lower half (it would cover the counter and the hexes around it).
  // Decided when a unit is selected, not while the map is dragged.
  const [cardTop, setCardTop] = useState(false);
  useEffect(() => {
    const u = units.find((x) => x.label === props.selected);
    const box = svgRef.current?.getBoundingClientRect();
    if (!u || u.hex < 0 || !view || !box) return;
    setCardTop(board.hexes[u.hex].py * view.scale + view.ty > box.height * 0.55);
  }, [props.selected]);
  const clickCounter = (u: WsrUnit, hex: number, n: number) => {
    if (!clickOk()) return;
    const hid = board.hexes[hex].id;
    const c = counterClick(props.actions ?? [], props.selected, u.label, props.highlights.has(hid), props.actingUnits);
    if (n > 1 && touch.current) {
      // A finger on a closed stack spreads it; an action on one of its units (or on its hex)
      // waits for a tap on that unit's counter.
      const closed = pinnedHex !== hex;
      setPinnedHex(hex);
      if (closed && c.kind !== 'select') return;
    }
    if (c.kind === 'actions') {
      if (c.actions.length === 1) {
        setChooser(null);
        props.onAction?.(c.actions[0]);
      } else setChooser(c.actions);
    } else if (c.kind === 'hex') {
      setChooser(null);
      props.onHex(hid);
    } else {
      setChooser(null);
      setDismissed(null);
      props.onUnit(u.label);
    }
  };
  const counter = (u: WsrUnit, hex: number, x: number, y: number, count?: number) => (
    <WsrCounter
      key={u.label}
      unit={u}
      hexId={board.hexes[hex].id}
      x={x}
      y={y}
      fill={fills.get(u.formation) ?? SEAT_COLOURS[u.seat] ?? '#777'}
      border={SIDE_BORDERS[Math.max(0, u.side) % SIDE_BORDERS.length]}
      formationName={formationName(u.formation)}
      activated={!!activeFormation && u.formation === activeFormation}
      selected={props.selected === u.label}
      acting={props.actingUnits.has(u.label)}
      pair={pairs.get(u.label) ?? null}
      count={count}
      onClick={() => clickCounter(u, hex, byHex.get(hex)?.length ?? 1)}
    />
  );

  return (
    <div class="map-wrap">
      <MapTools fit={fit} zoomBy={zoomBy} />
      <svg
        ref={svgRef}
        class="map"
        data-testid="wsr-map"
        onPointerDown={(e: PointerEvent) => {
          touch.current = e.pointerType !== 'mouse';
          pointer.onPointerDown(e);
        }}
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
                      <title>{`${t('exitHexes').replace('{s}', sideName('wsr', e.seat))}: ${said(e.text, e.text_de)}`}</title>
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
                  <title>{board.boundary ? said(board.boundary.text, board.boundary.text_de) : ''}</title>
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
                    {said(p.name, p.name_de)}
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
                    onClick={() => {
                      if (!clickOk()) return;
                      setPinnedHex(null);
                      setChooser(null);
                      props.onHex(h.id);
                    }}
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
                if (stack.length > 1 && isFanned(hex)) return null;
                const c = center(hex);
                const list = stackOrder(stack, props.selected);
                const at = collapsedLayout(list.length);
                return (
                  <g
                    key={hex}
                    class="wsr-stack"
                    data-stack={board.hexes[hex].id}
                    data-count={list.length}
                    onPointerEnter={(e: PointerEvent) => {
                      // The mouse resting on a stack for a moment spreads it (not a pass over it).
                      if (e.pointerType !== 'mouse' || list.length < 2) return;
                      clearTimeout(hoverTimer.current);
                      hoverTimer.current = setTimeout(() => setHoverHex(hex), HOVER_MS);
                    }}
                    onPointerLeave={() => clearTimeout(hoverTimer.current)}
                  >
                    {list.map((u, k) => counter(u, hex, c.x + at[k].dx, c.y + at[k].dy, k === list.length - 1 ? list.length : undefined))}
                  </g>
                );
              })}
            </g>
            <g class="fans">
              {[...byHex.entries()].map(([hex, stack]) => {
                if (stack.length < 2 || !isFanned(hex)) return null;
                const list = stackOrder(stack, props.selected);
                const at = fanLayout(list.length);
                const xs = at.map((o) => o.dx);
                const ys = at.map((o) => o.dy);
                const pad = 0.22;
                const size = COUNTER_SIZE;
                // Spread inside the window: a stack at its edge spreads inwards.
                const h0 = center(hex);
                const box = svgRef.current?.getBoundingClientRect();
                const shift = fanShift(
                  { x0: h0.x + Math.min(...xs) - pad, y0: h0.y + Math.min(...ys) - pad, x1: h0.x + Math.max(...xs) + size + pad, y1: h0.y + Math.max(...ys) + size + pad },
                  view,
                  box?.width ?? 0,
                  box?.height ?? 0,
                );
                const c = { x: h0.x + shift.dx, y: h0.y + shift.dy };
                return (
                  <g key={hex} class="wsr-stack fanned" data-stack={board.hexes[hex].id} data-count={list.length} onPointerLeave={() => setHoverHex(null)}>
                    <rect
                      class="fan-bg"
                      x={c.x + Math.min(...xs) - pad}
                      y={c.y + Math.min(...ys) - pad}
                      width={Math.max(...xs) - Math.min(...xs) + size + 2 * pad}
                      height={Math.max(...ys) - Math.min(...ys) + size + 2 * pad}
                      rx={0.12}
                      onClick={() => clickOk() && setPinnedHex(null)}
                    />
                    {list.map((u, k) => counter(u, hex, c.x + at[k].dx, c.y + at[k].dy))}
                  </g>
                );
              })}
            </g>
          </g>
        )}
      </svg>
      <WsrUnitCard
        board={board}
        top={cardTop}
        unit={props.units.find((u) => u.label === props.selected && u.label !== dismissed) ?? null}
        menu={props.selected ? unitMenu(props.actions ?? [], props.selected) : []}
        pairs={pairs.size > 0}
        hexes={props.highlights.size > 0}
        chooser={chooser}
        formationName={formationName}
        onAction={(a) => {
          setChooser(null);
          props.onAction?.(a);
        }}
        onClose={() => {
          setChooser(null);
          setDismissed(props.selected);
        }}
      />
    </div>
  );
}

/** The selected unit on the map: its full name, formation, side up, values and state, the
 * buttons of its own actions, the chooser of a counter click that named several, and what else a
 * click on the map does for it. */
function WsrUnitCard(p: {
  board: WsrBoard;
  top: boolean; // docked at the map's top (the selected counter is in the lower half)
  unit: WsrUnit | null;
  menu: ParsedAction[];
  pairs: boolean;
  hexes: boolean;
  chooser: ParsedAction[] | null;
  formationName: (id: string) => string;
  onAction: (a: ParsedAction) => void;
  onClose: () => void;
}) {
  const u = p.unit;
  if (!u && !p.chooser) return null;
  return (
    <div class={`wsr-card ${p.top ? 'top' : ''}`} data-testid="wsr-card" data-unit={u?.label ?? ''}>
      {u && (
        <>
          <div class="wsr-card-head">
            <b data-testid="wsr-card-name">{unitName(u)}</b>
            <button class="wsr-card-close" title={wsrT('close')} onClick={p.onClose}>
              ×
            </button>
          </div>
          <div class="small">
            {p.formationName(u.formation)} · {u.reduced ? wsrT('reducedSide') : wsrT('fullSide')}
            {u.hexId ? ` · ${u.hexId}` : ` · ${wsrT('offMap')}`}
            {[u.disrupted && wsrT('suppressed'), u.opsComplete && wsrT('spent'), u.outOfCommand && wsrT('ooc'), u.carriedBy && `${wsrT('carried')}: ${u.carriedBy}`]
              .filter(Boolean)
              .map((s) => ` · ${s}`)
              .join('')}
          </div>
          <div class="wsr-card-values small">
            {faceRows(u.face).map(([k, v]) => (
              <span key={k}>
                {k} <b>{v}</b>
              </span>
            ))}
          </div>
        </>
      )}
      {p.chooser ? (
        <div class="wsr-card-actions" data-testid="wsr-choice">
          <div class="small">{wsrT('choose')}:</div>
          {p.chooser.map((a) => (
            <button key={a.id} class="action" data-action={a.text} data-role={a.role} title={a.note || a.text} onClick={() => p.onAction(a)}>
              {a.label}
              {a.note ? <span class="note"> ({a.note})</span> : null}
            </button>
          ))}
        </div>
      ) : (
        (p.menu.length > 0 || p.pairs || p.hexes) && (
          <div class="wsr-card-actions" data-testid="wsr-unit-menu">
            {p.menu.map((a) => (
              <button key={a.id} class="action" data-action={a.text} data-role={a.role} title={a.label} onClick={() => p.onAction(a)}>
                {menuLabel(a)}
              </button>
            ))}
            {(p.pairs || p.hexes) && (
              <div class="small hint">
                {[p.pairs && wsrT('clickUnits'), p.hexes && wsrT('clickHexes')].filter(Boolean).join(` ${wsrT('or')} `).replace(/^./, (c) => c.toUpperCase())}
              </div>
            )}
          </div>
        )
      )}
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
