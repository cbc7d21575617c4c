// A minimal observable value (for the language switch): components subscribe with useSignal.
export interface Signal<T> {
  value: T;
  subscribe(fn: (v: T) => void): () => void;
}

export function signal<T>(initial: T): Signal<T> {
  let v = initial;
  const subs = new Set<(v: T) => void>();
  return {
    get value() {
      return v;
    },
    set value(n: T) {
      v = n;
      for (const s of subs) s(n);
    },
    subscribe(fn) {
      subs.add(fn);
      return () => subs.delete(fn);
    },
  };
}
