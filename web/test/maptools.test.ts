import { describe, expect, it } from 'vitest';
import { h, type VNode } from 'preact';
import { kids, text } from './tree';
import { MapTools, ZOOM_STEP } from '../src/components/MapTools';
import { t } from '../src/i18n';


describe('the map toolbar (WSR and Planspiel maps)', () => {
  it('fits, zooms in and out by one step, shows the hint and what the map adds', () => {
    const calls: string[] = [];
    const extra = h('span', { class: 'small' }, '· click a counter');
    const props = { fit: () => calls.push('fit'), zoomBy: (f: number) => calls.push(`zoom ${f}`), children: extra };
    const tree = (MapTools as any)(props) as VNode<any>;
    expect(tree.props.class).toBe('map-tools');
    const parts = kids(tree);
    const buttons = parts.filter((p) => p.type === 'button');
    expect(buttons.map(text)).toEqual([t('fit'), '+', '−']);
    for (const b of buttons) b.props.onClick();
    expect(calls).toEqual(['fit', `zoom ${ZOOM_STEP}`, `zoom ${1 / ZOOM_STEP}`]);
    expect(ZOOM_STEP).toBe(1.3);
    expect(parts.some((p) => p.props?.class === 'small zoom-hint' && text(p) === t('zoomHint'))).toBe(true);
    expect(parts[parts.length - 1]).toBe(extra);
  });

  it('has nothing after the hint when the map adds nothing', () => {
    const tree = (MapTools as any)({ fit: () => {}, zoomBy: () => {} }) as VNode<any>;
    const parts = kids(tree);
    expect(parts.length).toBe(4);
    expect(parts[3].props.class).toBe('small zoom-hint');
  });
});
