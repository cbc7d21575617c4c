import { useEffect, useRef, useState } from 'preact/hooks';
import { panBy, zoomAt, type View } from './hex';
import { lang, type Lang } from './i18n';

/** Re-renders the component when the UI language changes; returns the language. */
export function useLang(): Lang {
  const [l, setL] = useState(lang.value);
  useEffect(() => lang.subscribe(setL), []);
  return l;
}

/** The current location hash, updated on navigation. */
export function useHash(): string {
  const [h, setH] = useState(location.hash);
  useEffect(() => {
    const on = () => setH(location.hash);
    addEventListener('hashchange', on);
    return () => removeEventListener('hashchange', on);
  }, []);
  return h;
}

/** A map's SVG view (docs/web.md "Boards"): fitted to the box when the map changes (and, with
 * `refitOnResize`, when the box changes size), zoomed with the wheel and the +/− buttons between
 * half and `maxZoom` times the fitted scale, panned by dragging. A click that ended a drag is
 * not a click (`clickOk`). */
export function useMapView(opts: {
  /** The fitted view of a box of this size (the Fit button; the zoom limits are relative to it). */
  fit: (width: number, height: number) => View;
  /** The view the map opens with (default: the fitted view). */
  start?: (width: number, height: number) => View;
  maxZoom: number;
  refitOnResize?: boolean;
  /** What the fitted view depends on (the board). */
  deps: unknown[];
}) {
  const svgRef = useRef<SVGSVGElement>(null);
  const [view, setView] = useState<View | null>(null);
  const fitScale = useRef(1);
  const drag = useRef<{ x: number; y: number; moved: boolean } | null>(null);

  const fitWith = (first: boolean) => {
    const el = svgRef.current;
    if (!el) return;
    const r = el.getBoundingClientRect();
    const v = opts.fit(r.width, r.height);
    fitScale.current = v.scale;
    setView(first && opts.start ? opts.start(r.width, r.height) : v);
  };
  const fit = () => fitWith(false);
  useEffect(() => fitWith(true), opts.deps);
  // Fit again when the map's box changes (window size, a legend wrapping in another language).
  useEffect(() => {
    const el = svgRef.current;
    if (!opts.refitOnResize || !el || typeof ResizeObserver === 'undefined') return;
    let last = '';
    const ro = new ResizeObserver(() => {
      const r = el.getBoundingClientRect();
      const size = `${Math.round(r.width)}x${Math.round(r.height)}`;
      if (size !== last) {
        last = size;
        fit();
      }
    });
    ro.observe(el);
    return () => ro.disconnect();
  }, opts.deps);

  const zoomAround = (factor: number, x: number, y: number) => {
    if (!view) return;
    const f = fitScale.current;
    setView(zoomAt(view, factor, x, y, f / 2, f * opts.maxZoom));
  };
  const zoomBy = (factor: number) => {
    const r = svgRef.current?.getBoundingClientRect();
    if (r) zoomAround(factor, r.width / 2, r.height / 2);
  };
  const onWheel = (e: WheelEvent) => {
    e.preventDefault();
    const r = svgRef.current?.getBoundingClientRect();
    if (r) zoomAround(e.deltaY < 0 ? 1.15 : 1 / 1.15, e.clientX - r.left, e.clientY - r.top);
  };
  useEffect(() => {
    const el = svgRef.current;
    if (!el) return;
    el.addEventListener('wheel', onWheel, { passive: false });
    return () => el.removeEventListener('wheel', onWheel);
  });

  const pointer = {
    onPointerDown: (e: PointerEvent) => {
      drag.current = { x: e.clientX, y: e.clientY, moved: false };
    },
    onPointerMove: (e: PointerEvent) => {
      const d = drag.current;
      if (!d || !view || (e.buttons & 1) === 0) return;
      const dx = e.clientX - d.x;
      const dy = e.clientY - d.y;
      if (!d.moved && Math.abs(dx) + Math.abs(dy) < 4) return;
      d.moved = true;
      d.x = e.clientX;
      d.y = e.clientY;
      setView(panBy(view, dx, dy));
    },
    onPointerUp: () => {
      setTimeout(() => (drag.current = null), 0);
    },
  };
  const clickOk = () => !drag.current?.moved;
  return { svgRef, view, fit, zoomBy, clickOk, pointer };
}
