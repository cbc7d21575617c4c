import { useEffect, useState } from 'preact/hooks';
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
