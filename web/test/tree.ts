import type { VNode } from 'preact';

// The rendered tree of a function component, its children flattened (no DOM needed).
export function kids(v: VNode<any>): any[] {
  const c = v.props.children;
  return (Array.isArray(c) ? c.flat(Infinity) : [c]).filter((x) => x !== null && x !== undefined && x !== false);
}

// The text of a rendered tree, its function components left out.
export function text(v: any): string {
  if (typeof v === 'string' || typeof v === 'number') return String(v);
  if (!v || !v.props) return '';
  return kids(v).map(text).join('');
}
