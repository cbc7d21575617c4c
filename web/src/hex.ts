// Hex geometry of the White Star Rising maps (docs/hex-geometry.md): flat-topped hexes in
// straight north-south columns. The board JSON gives each hex's doubled coordinates (c, y) and
// its centre in units of the hex radius: x = 1.5 c, y = sqrt(3)/2 y. Hexside directions are
// N, NE, SE, S, SW, NW = 0..5 (clockwise from north, as in geometry/hex.h). SVG y points down.

export const SQRT3 = Math.sqrt(3);

export interface Point {
  x: number;
  y: number;
}

/** Centre of the hex of doubled coordinates (c, y), radius r. */
export function hexCenter(c: number, y: number, r = 1): Point {
  return { x: 1.5 * c * r, y: (SQRT3 / 2) * y * r };
}

/** The six corners of a flat-topped hex, starting east, clockwise (SVG coordinates). */
export function hexCorners(center: Point, r: number): Point[] {
  const out: Point[] = [];
  for (let k = 0; k < 6; k++) {
    const a = (Math.PI / 3) * k;
    out.push({ x: center.x + r * Math.cos(a), y: center.y + r * Math.sin(a) });
  }
  return out;
}

/** SVG `points` attribute of a hex polygon. */
export function hexPoints(center: Point, r: number): string {
  return hexCorners(center, r)
    .map((p) => `${round(p.x)},${round(p.y)}`)
    .join(' ');
}

// Corner indices (of hexCorners) bounding hexside d: N is between the corners at 240 and 300
// degrees, NE between 300 and 0, and so on clockwise.
const SIDE_CORNERS: [number, number][] = [
  [4, 5],
  [5, 0],
  [0, 1],
  [1, 2],
  [2, 3],
  [3, 4],
];

/** The two end points of hexside `dir` of a hex. */
export function hexside(center: Point, r: number, dir: number): [Point, Point] {
  const c = hexCorners(center, r);
  const [a, b] = SIDE_CORNERS[((dir % 6) + 6) % 6];
  return [c[a], c[b]];
}

/** The midpoint of hexside `dir` (where a road leaves the hex). */
export function hexsideMidpoint(center: Point, r: number, dir: number): Point {
  const [a, b] = hexside(center, r, dir);
  return { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
}

/** Neighbour offsets in doubled coordinates (dC, dY) by direction N, NE, SE, S, SW, NW. */
export const DIR_OFFSETS: [number, number][] = [
  [0, -2],
  [1, -1],
  [1, 1],
  [0, 2],
  [-1, 1],
  [-1, -1],
];

/** Direction from hex a to its neighbour b, or -1. */
export function dirBetween(a: { c: number; y: number }, b: { c: number; y: number }): number {
  return DIR_OFFSETS.findIndex(([dc, dy]) => a.c + dc === b.c && a.y + dy === b.y);
}

/** Hex distance of doubled coordinates (WSR 0: target counted, origin not). */
export function hexDistance(a: { c: number; y: number }, b: { c: number; y: number }): number {
  const dc = Math.abs(a.c - b.c);
  const dy = Math.abs(a.y - b.y);
  return dc + Math.max(0, (dy - dc) / 2);
}

// ---------------------------------------------------------------------------------------------
// View transform (zoom with the wheel, pan by dragging): screen = world * scale + (tx, ty).

export interface View {
  scale: number;
  tx: number;
  ty: number;
}

export const MIN_SCALE = 0.2;
export const MAX_SCALE = 8;

/**
 * Zooms by `factor` keeping the world point under the screen point (px, py) fixed; the scale
 * stays within [min, max] (the map passes limits relative to its fitted scale).
 */
export function zoomAt(
  v: View,
  factor: number,
  px: number,
  py: number,
  min = MIN_SCALE,
  max = MAX_SCALE,
): View {
  const scale = Math.min(max, Math.max(min, v.scale * factor));
  const f = scale / v.scale;
  return { scale, tx: px - (px - v.tx) * f, ty: py - (py - v.ty) * f };
}

/** Pans by a screen offset. */
export function panBy(v: View, dx: number, dy: number): View {
  return { scale: v.scale, tx: v.tx + dx, ty: v.ty + dy };
}

/** The view that fits the world rectangle into a width x height viewport with a margin. */
export function fitView(
  bounds: { min_x: number; min_y: number; max_x: number; max_y: number },
  width: number,
  height: number,
  margin = 10,
  cover = false,
): View {
  const w = bounds.max_x - bounds.min_x;
  const h = bounds.max_y - bounds.min_y;
  // cover: the map fills the box (and is cut at two sides), for a narrow box (a phone).
  const pick = cover ? Math.max : Math.min;
  const scale = Math.max(1e-6, pick((width - 2 * margin) / w, (height - 2 * margin) / h));
  return {
    scale,
    tx: margin - bounds.min_x * scale + (width - 2 * margin - w * scale) / 2,
    ty: margin - bounds.min_y * scale + (height - 2 * margin - h * scale) / 2,
  };
}

function round(v: number): number {
  return Math.round(v * 1000) / 1000;
}
