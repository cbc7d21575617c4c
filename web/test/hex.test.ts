import { describe, expect, it } from 'vitest';
import { dirBetween, fitView, hexCenter, hexCorners, hexDistance, hexside, hexsideMidpoint, panBy, SQRT3, zoomAt } from '../src/hex';

describe('hex geometry (docs/hex-geometry.md: flat-topped, doubled coordinates)', () => {
  it('places neighbours one hex apart in all six directions', () => {
    const dirs = [
      [0, -2], [1, -1], [1, 1], [0, 2], [-1, 1], [-1, -1],
    ];
    const o = hexCenter(5, 9);
    for (const [dc, dy] of dirs) {
      const n = hexCenter(5 + dc, 9 + dy);
      expect(Math.hypot(n.x - o.x, n.y - o.y)).toBeCloseTo(SQRT3, 9);
    }
  });

  it('has flat north and south sides', () => {
    const [a, b] = hexside({ x: 0, y: 0 }, 1, 0);
    expect(a.y).toBeCloseTo(b.y, 9);
    expect(a.y).toBeLessThan(0); // north is up (SVG y down)
    const [c, d] = hexside({ x: 0, y: 0 }, 1, 3);
    expect(c.y).toBeCloseTo(d.y, 9);
    expect(c.y).toBeGreaterThan(0);
  });

  it('puts each hexside midpoint halfway to the neighbour in that direction', () => {
    const dirs = [
      [0, -2], [1, -1], [1, 1], [0, 2], [-1, 1], [-1, -1],
    ];
    const o = hexCenter(4, 6);
    dirs.forEach(([dc, dy], d) => {
      const n = hexCenter(4 + dc, 6 + dy);
      const m = hexsideMidpoint(o, 1, d);
      expect(m.x).toBeCloseTo((o.x + n.x) / 2, 9);
      expect(m.y).toBeCloseTo((o.y + n.y) / 2, 9);
    });
  });

  it('finds the direction between neighbours', () => {
    expect(dirBetween({ c: 3, y: 4 }, { c: 3, y: 2 })).toBe(0);
    expect(dirBetween({ c: 3, y: 4 }, { c: 4, y: 5 })).toBe(2);
    expect(dirBetween({ c: 3, y: 4 }, { c: 2, y: 3 })).toBe(5);
    expect(dirBetween({ c: 3, y: 4 }, { c: 3, y: 8 })).toBe(-1);
  });

  it('has six corners at the radius', () => {
    for (const p of hexCorners({ x: 2, y: 3 }, 1.5)) expect(Math.hypot(p.x - 2, p.y - 3)).toBeCloseTo(1.5, 9);
  });

  it('measures distance as WSR 0 (target counted, origin not)', () => {
    expect(hexDistance({ c: 3, y: 4 }, { c: 3, y: 4 })).toBe(0);
    expect(hexDistance({ c: 3, y: 4 }, { c: 3, y: 10 })).toBe(3);
    expect(hexDistance({ c: 1, y: 2 }, { c: 5, y: 2 })).toBe(4);
    expect(hexDistance({ c: 1, y: 2 }, { c: 2, y: 9 })).toBe(4);
  });
});

describe('view transform', () => {
  it('zooms about the cursor, keeping the world point under it fixed', () => {
    const v = { scale: 2, tx: 10, ty: 20 };
    const px = 100, py = 50;
    const wx = (px - v.tx) / v.scale, wy = (py - v.ty) / v.scale;
    const z = zoomAt(v, 1.5, px, py);
    expect(z.scale).toBe(3);
    expect(wx * z.scale + z.tx).toBeCloseTo(px, 9);
    expect(wy * z.scale + z.ty).toBeCloseTo(py, 9);
  });

  it('clamps the zoom', () => {
    expect(zoomAt({ scale: 7, tx: 0, ty: 0 }, 10, 0, 0).scale).toBe(8);
    expect(zoomAt({ scale: 0.3, tx: 0, ty: 0 }, 0.01, 0, 0).scale).toBe(0.2);
    expect(zoomAt({ scale: 37.5, tx: 0, ty: 0 }, 1.15, 0, 0, 18, 375).scale).toBeCloseTo(43.125, 9);
    expect(zoomAt({ scale: 370, tx: 0, ty: 0 }, 1.15, 0, 0, 18, 375).scale).toBe(375);
  });

  it('pans and fits', () => {
    expect(panBy({ scale: 1, tx: 1, ty: 2 }, 3, 4)).toEqual({ scale: 1, tx: 4, ty: 6 });
    const f = fitView({ min_x: 0, min_y: 0, max_x: 100, max_y: 50 }, 220, 220, 10);
    expect(f.scale).toBeCloseTo(2, 9);
    expect(0 * f.scale + f.tx).toBeCloseTo(10, 9);
    expect(100 * f.scale + f.tx).toBeCloseTo(210, 9);
  });

  it('covers a narrow box with a wide map (a phone): the map fills the height, centred', () => {
    const c = fitView({ min_x: 0, min_y: 0, max_x: 100, max_y: 50 }, 220, 220, 10, true);
    expect(c.scale).toBeCloseTo(4, 9);
    expect(25 * c.scale + c.ty).toBeCloseTo(110, 9);
    expect(50 * c.scale + c.tx).toBeCloseTo(110, 9);
  });
});
