import { describe, expect, it } from 'vitest';
import { OddsPanel } from '../src/components/OddsPanel';
import { lang } from '../src/i18n';
import { text } from './tree';
describe('the odds panel', () => {
  const odds = { result: { 'no-effect': 0.75, eliminated: 0.25 }, expected_net_hits: 0.5 };
  const panel = (o: any) => text((OddsPanel as any)({ action: 'fire a b', odds: o, onConfirm: () => {}, onCancel: () => {} }));

  it('names the expected net hits in the UI language, once (WSR 6.1)', () => {
    const before = lang.value;
    try {
      lang.value = 'de';
      expect(panel(odds)).toContain('erwartete Netto-Treffer: 0.50');
      expect(panel(odds)).toContain('eliminiert');
      expect(panel(odds)).not.toContain('E[net hits]');
      // The game's own summary says it already: no second line.
      const summed = panel({ ...odds, summary: 'expected net hits 0.50', summary_de: 'erwartete Netto-Treffer 0.50' });
      expect(summed.match(/Netto-Treffer/g)?.length).toBe(1);
      lang.value = 'en';
      expect(panel(odds)).toContain('expected net hits: 0.50');
    } finally {
      lang.value = before;
    }
  });
});
