// The toolbar above a zoomable map (WSR, Planspiel): Fit, + and − (zooming about the map's
// centre by ZOOM_STEP), the mouse hint, and whatever the map adds after it.
import type { ComponentChildren } from 'preact';
import { t } from '../i18n';

/** The factor of one + (and 1 / it of one −). */
export const ZOOM_STEP = 1.3;

export function MapTools(props: { fit: () => void; zoomBy: (factor: number) => void; children?: ComponentChildren }) {
  return (
    <div class="map-tools">
      <button onClick={props.fit}>{t('fit')}</button>
      <button onClick={() => props.zoomBy(ZOOM_STEP)} title="+">
        +
      </button>
      <button onClick={() => props.zoomBy(1 / ZOOM_STEP)} title="−">
        −
      </button>
      <span class="small zoom-hint">{t('zoomHint')}</span>
      {props.children}
    </div>
  );
}
