import { describe, expect, it } from 'vitest';
import { OddsPanel } from '../src/components/OddsPanel';
import { decimal, lang, percent } from '../src/i18n';
import { text } from './tree';
describe('the odds panel', () => {
  const odds = { result: { 'no-effect': 0.75, eliminated: 0.25 }, expected_net_hits: 0.5 };
  const panel = (o: any) => text((OddsPanel as any)({ action: 'fire a b', odds: o, onConfirm: () => {}, onCancel: () => {} }));

  it('names the expected net hits in the UI language, once (WSR 6.1)', () => {
    const before = lang.value;
    try {
      lang.value = 'de';
      expect(panel(odds)).toContain('erwartete Netto-Treffer: 0,50');
      expect(panel(odds)).toContain('75,0\u00a0%');
      expect(panel(odds)).toContain('eliminiert');
      expect(panel(odds)).not.toContain('E[net hits]');
      // The game's own summary says it already: no second line.
      const summed = panel({ ...odds, summary: 'expected net hits 0.50', summary_de: 'erwartete Netto-Treffer 0,50' });
      expect(summed.match(/Netto-Treffer/g)?.length).toBe(1);
      lang.value = 'en';
      expect(panel(odds)).toContain('expected net hits: 0.50');
      expect(panel(odds)).toContain('75.0%');
    } finally {
      lang.value = before;
    }
  });

  it('writes numbers as the reader does and rounds a tie as the summary beside it (fmt)', () => {
    expect(percent(0.8125, 'en')).toBe('81.2%');
    expect(percent(0.8125, 'de')).toBe('81,2\u00a0%');
    expect(percent(0.8135, 'en')).toBe('81.3%'); // not a tie in binary: the nearest
    expect(percent(0.6875, 'de')).toBe('68,8\u00a0%'); // 68.75: the tie goes to the even 8
    expect(decimal(2.5, 0, 'en')).toBe('2');
    expect(decimal(-2.5, 0, 'en')).toBe('-2');
    expect(decimal(0.125, 2, 'de')).toBe('0,12');
    expect(decimal(1 / 3, 2, 'de')).toBe('0,33');
  });
});
