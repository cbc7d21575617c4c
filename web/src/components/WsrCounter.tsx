// A White Star Rising counter drawn as a counter (a square of COUNTER_SIZE hex radii): the
// formation's colour with the side's colour as its border, the short name in the top band (light
// on the reduced side, with the reduced corner), the NATO symbol in its frame, armour / save left
// of it and the MF right of it (circled on a carrier), AP and HE values (firepower-to hit-range)
// in their chips below, assault and support weapon at the foot; HQs show command value / range.
// State marks sit on the counter like markers: D (disrupted), OoC, Mtd, a moved arrow, and the
// ops-complete veil with its tick; an activated formation's counters carry a green dot.
import type { Face, Weapon } from '../types';
import type { WsrUnit } from '../wsr';
import { faceSummary, unitName } from '../wsr';
import { COUNTER_SIZE, fitFont, natoSymbol, shortName, wsrT, type NatoSymbol } from '../wsrcounter';

const S = 1; // the drawing's size; drawn at COUNTER_SIZE (world units: hex radii)

function weapon(w: Weapon | null): string {
  if (!w) return '';
  return `${w.fp}${w.enhanced ? '+' : ''}-${w.to_hit}${w.range ? '-' + w.range : ''}`;
}

export interface CounterProps {
  unit: WsrUnit;
  hexId: string;
  x: number;
  y: number;
  fill: string;
  border: string;
  formationName: string;
  activated: boolean;
  selected: boolean;
  acting: boolean;
  pair: 'target' | 'other' | null; // a unit the selected unit's action names: click it
  count?: number; // the stack's size, on its top counter when collapsed
  onClick: (e: MouseEvent) => void;
}

export function WsrCounter(p: CounterProps) {
  const u = p.unit;
  const face = u.face;
  const x = 0;
  const y = 0;
  const sym = natoSymbol(u.counter, face);
  const name = shortName(u);
  const cls = [
    'counter',
    'wsr-counter',
    p.selected ? 'selected' : '',
    p.acting ? 'acting' : '',
    u.opsComplete ? 'done' : '',
    u.moving ? 'moving' : '',
    u.reduced ? 'reduced' : '',
    p.pair ? `pair-${p.pair}` : '',
  ]
    .filter(Boolean)
    .join(' ');
  // The ring's own class (not a rule on the counter's class: Chromium kept a moved counter's old
  // ring colour when only its parent's class changed).
  const ring = p.selected ? 'selected' : p.pair ? `pair-${p.pair}` : u.moving ? 'moving' : p.acting ? 'acting' : null;
  const marks: [string, string, string][] = []; // text, class, title
  if (u.disrupted) marks.push(['D', 'm-disrupted', wsrT('suppressed')]);
  if (u.outOfCommand) marks.push(['OoC', 'm-ooc', wsrT('ooc')]);
  if (u.mounted && u.counter.transport) marks.push(['Mtd', 'm-mounted', '']);
  if (u.carriedBy) marks.push(['⛟', 'm-carried', wsrT('carried')]);
  if (u.moved && !u.moving && !u.opsComplete) marks.push(['➜', 'm-moved', wsrT('moved')]);
  const title = [
    unitName(u),
    p.formationName,
    u.reduced ? wsrT('reducedSide') : '',
    faceSummary(face),
    u.disrupted ? wsrT('suppressed') : '',
    u.opsComplete ? wsrT('spent') : '',
    u.outOfCommand ? wsrT('ooc') : '',
    u.carriedBy ? `${wsrT('carried')}: ${u.carriedBy}` : '',
    u.label,
  ]
    .filter(Boolean)
    .join(' · ');
  const ap = weapon(face.ap);
  const he = weapon(face.he) || (face.aa ? `AA ${weapon(face.aa)}` : '');
  return (
    <g
      class={cls}
      onClick={p.onClick}
      data-unit={u.label}
      data-hex={p.hexId}
      data-symbol={sym}
      data-reduced={u.reduced ? '1' : '0'}
      transform={`translate(${p.x},${p.y}) scale(${COUNTER_SIZE})`}
    >
      <title>{title}</title>
      {ring && <rect x={x - 0.07} y={y - 0.07} width={S + 0.14} height={S + 0.14} rx={0.1} class={`counter-ring ring-${ring}`} />}
      <rect x={x} y={y} width={S} height={S} rx={0.07} style={{ fill: p.fill, stroke: p.border }} stroke-width={0.06} class="counter-body" />
      <rect x={x + 0.03} y={y + 0.03} width={S - 0.06} height={0.24} rx={0.04} class={u.reduced ? 'name-band reduced' : 'name-band'} />
      <text x={x + S / 2} y={y + 0.21} font-size={fitFont(name, 0.9, 0.19)} class="cname">
        {name}
      </text>
      <Nato sym={sym} x={x + 0.3} y={y + 0.31} w={0.4} h={0.27} />
      {u.hq ? (
        <ValueChip x={x + 0.06} y={y + 0.63} w={0.88} text={`${wsrT('command')} ${face.command_value ?? ''}/${face.command_range ?? ''}`} cls="cmd" />
      ) : (
        <>
          {ap && <ValueChip x={x + 0.04} y={y + 0.63} w={0.45} text={ap} cls="ap" />}
          {he && <ValueChip x={x + 0.51} y={y + 0.63} w={0.45} text={he} cls="he" />}
        </>
      )}
      {face.armor > 0 && (
        <>
          <text x={x + 0.15} y={y + 0.47} font-size={0.21} class="cval armor">
            {face.armor}
          </text>
          <text x={x + 0.15} y={y + 0.6} font-size={0.12} class="cval save">
            {face.save}+
          </text>
        </>
      )}
      {face.carrier && <circle cx={x + 0.85} cy={y + 0.43} r={0.12} class="carrier-ring" />}
      <text x={x + 0.85} y={y + 0.5} font-size={0.21} class="cval mf">
        {face.mf}
      </text>
      {face.assault && (
        <text x={x + 0.06} y={y + 0.95} font-size={0.14} class="cval asl" text-anchor="start">
          {`${face.assault.strength}${face.assault.star ? '*' : ''}-${face.assault.to_hit}`}
        </text>
      )}
      {u.sw && (
        <text x={x + 0.5} y={y + 0.95} font-size={0.13} class="cval sw">
          SW
        </text>
      )}
      {u.reduced && <polygon points={`${x + S - 0.26},${y + S} ${x + S},${y + S - 0.26} ${x + S},${y + S}`} class="reduced-corner" />}
      {p.activated && !u.opsComplete && <circle cx={x + S - 0.1} cy={y + 0.15} r={0.06} class="activated-dot" />}
      {u.opsComplete && (
        <>
          <rect x={x} y={y} width={S} height={S} rx={0.07} class="done-veil" />
          <text x={x + S - 0.16} y={y + S - 0.08} font-size={0.24} class="done-tick">
            ✓
          </text>
        </>
      )}
      {marks.map(([text, c, t], k) => (
        <g key={c} class={`mark ${c}`}>
          {t && <title>{t}</title>}
          <rect x={x - 0.1 + k * 0.34} y={y - 0.14} width={0.32} height={0.22} rx={0.04} />
          <text x={x + 0.06 + k * 0.34} y={y + 0.02} font-size={0.15}>
            {text}
          </text>
        </g>
      ))}
      {p.count !== undefined && p.count > 1 && (
        <g class="stack-count">
          <circle cx={x + S} cy={y} r={0.17} />
          <text x={x + S} y={y + 0.065} font-size={0.18}>
            {p.count}
          </text>
        </g>
      )}
    </g>
  );
}

function ValueChip(p: { x: number; y: number; w: number; text: string; cls: string }) {
  return (
    <g class={`vchip ${p.cls}`}>
      <rect x={p.x} y={p.y} width={p.w} height={0.22} rx={0.04} />
      <text x={p.x + p.w / 2} y={p.y + 0.17} font-size={fitFont(p.text, p.w - 0.04, 0.19)}>
        {p.text}
      </text>
    </g>
  );
}

/** The NATO symbol in its frame (x, y top-left, w x h). */
export function Nato(p: { sym: NatoSymbol; x: number; y: number; w: number; h: number }) {
  const { sym, x, y, w, h } = p;
  const cx = x + w / 2;
  const cy = y + h / 2;
  const X = (
    <path d={`M${x},${y} L${x + w},${y + h} M${x + w},${y} L${x},${y + h}`} />
  );
  const oval = <ellipse cx={cx} cy={cy} rx={w * 0.3} ry={h * 0.27} />;
  const slash = <path d={`M${x},${y + h} L${x + w},${y}`} />;
  const dome = <path d={`M${x + 0.05},${y + h} Q${cx},${y - h * 0.15} ${x + w - 0.05},${y + h}`} />;
  let inner;
  switch (sym) {
    case 'infantry':
      inner = X;
      break;
    case 'paratroopers':
      inner = (
        <>
          {X}
          <path d={`M${cx - 0.07},${y + h - 0.01} Q${cx},${y + h - 0.11} ${cx + 0.07},${y + h - 0.01}`} class="fill" />
        </>
      );
      break;
    case 'engineers':
      inner = <path d={`M${x + 0.09},${cy + 0.05} V${cy - 0.04} H${x + w - 0.09} V${cy + 0.05} M${cx},${cy - 0.04} V${cy + 0.05}`} />;
      break;
    case 'mech-infantry':
      inner = (
        <>
          {X}
          {oval}
        </>
      );
      break;
    case 'armor':
      inner = oval;
      break;
    case 'armor-recon':
      inner = (
        <>
          {oval}
          {slash}
        </>
      );
      break;
    case 'armor-aa':
      inner = (
        <>
          {oval}
          {dome}
        </>
      );
      break;
    case 'recon':
      inner = slash;
      break;
    case 'hq':
    case 'shq':
      inner = (
        <>
          <path d={`M${x + 0.08},${y + h - 0.02} V${y + 0.03}`} />
          <rect x={x + 0.08} y={y + 0.03} width={0.2} height={0.12} class="fill" />
          {sym === 'shq' && (
            <text x={x + 0.33} y={y + h - 0.04} font-size={0.12} class="sym-text">
              S
            </text>
          )}
        </>
      );
      break;
    case 'at-gun':
      inner = <path d={`M${x + 0.08},${y + h - 0.03} L${cx},${y + 0.04} L${x + w - 0.08},${y + h - 0.03}`} />;
      break;
    case 'at-weapon':
      inner = <path d={`M${cx - 0.08},${y + h - 0.08} L${cx},${y + 0.05} L${cx + 0.08},${y + h - 0.08} M${cx - 0.1},${y + h - 0.04} H${cx + 0.1}`} />;
      break;
    case 'artillery':
      inner = <circle cx={cx} cy={cy} r={0.045} class="fill" />;
      break;
    case 'aa-gun':
      inner = dome;
      break;
    case 'mortar':
      inner = (
        <>
          <circle cx={cx} cy={y + h - 0.06} r={0.035} />
          <path d={`M${cx},${y + h - 0.095} V${y + 0.04} M${cx - 0.05},${y + 0.09} L${cx},${y + 0.04} L${cx + 0.05},${y + 0.09}`} />
        </>
      );
      break;
    case 'hmg':
      inner = (
        <text x={cx} y={cy + 0.05} font-size={0.14} class="sym-text">
          MG
        </text>
      );
      break;
    case 'truck':
      inner = (
        <>
          <path d={`M${x + 0.06},${cy} H${x + w - 0.06}`} />
          <circle cx={cx - 0.09} cy={cy + 0.07} r={0.035} />
          <circle cx={cx + 0.09} cy={cy + 0.07} r={0.035} />
        </>
      );
      break;
    case 'aircraft':
      inner = <path d={`M${x + 0.05},${cy - 0.01} H${x + w - 0.05} M${cx},${y + 0.03} V${y + h - 0.03} M${cx - 0.06},${y + h - 0.04} H${cx + 0.06}`} />;
      break;
    default:
      inner = (
        <text x={cx} y={cy + 0.05} font-size={0.14} class="sym-text">
          ?
        </text>
      );
  }
  return (
    <g class={`nato nato-${sym}`}>
      <rect x={x} y={y} width={w} height={h} class="frame" />
      {inner}
    </g>
  );
}

/** A face's values for the unit card: [label, value] rows. */
export function faceRows(face: Face): [string, string][] {
  const rows: [string, string][] = [];
  if (face.ap) rows.push(['AP', weapon(face.ap)]);
  if (face.he) rows.push(['HE', weapon(face.he)]);
  if (face.aa) rows.push(['AA', weapon(face.aa)]);
  if (face.armor) rows.push([wsrT('armour'), `${face.armor} / ${face.save}+`]);
  if (face.assault) rows.push([wsrT('assault'), `${face.assault.strength}${face.assault.star ? '*' : ''}-${face.assault.to_hit}`]);
  if (face.command_value !== undefined) rows.push([wsrT('command'), `${face.command_value} / ${face.command_range}`]);
  rows.push([wsrT('mf'), `${face.mf}${face.carrier ? ' ◯' : ''}`]);
  return rows;
}
