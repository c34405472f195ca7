'use client';
import { useTranslations } from 'next-intl';

type Range = [number, number];

interface Props {
  full: Range;
  zoom: Range | null;
  format: (value: number) => string;
  onZoom: (range: Range | null) => void;
}

/** Narrowest zoom: a fiftieth of the activity (a few hundred metres of a long ride). */
const MIN_FRACTION = 1 / 50;

/** Keeps a span of `width` around `centre` inside the activity. */
function clamp(full: Range, centre: number, width: number): Range | null {
  const span = full[1] - full[0];
  if (width >= span) return null;
  const w = Math.max(width, span * MIN_FRACTION);
  // at (or a rounding error from) either end the window touches it exactly, so "earlier" and
  // "later" can tell it is there
  const slack = span * 1e-9;
  if (centre + w / 2 >= full[1] - slack) return [full[1] - w, full[1]];
  if (centre - w / 2 <= full[0] + slack) return [full[0], full[0] + w];
  return [centre - w / 2, centre + w / 2];
}

/**
 * The keyboard's way to zoom (a drag across a chart is the mouse's): zoom in and out around the
 * middle of what is shown, move earlier or later by half a view, and back to the whole activity.
 */
export function ChartZoomControls({ full, zoom, format, onZoom }: Props) {
  const t = useTranslations('activity.charts');
  const [min, max] = zoom ?? full;
  const width = max - min;
  const centre = (min + max) / 2;
  return (
    <div className="chart-zoom" role="group" aria-label={t('zoomGroup')}>
      <span className="muted small" aria-live="polite" data-testid={zoom ? 'chart-zoom' : undefined}>
        {zoom ? t('showing', { from: format(min), to: format(max) }) : t('dragToZoom')}
      </span>
      <button type="button" className="compact" onClick={() => onZoom(clamp(full, centre, width / 2))} aria-label={t('zoomIn')}>
        +
      </button>
      <button type="button" className="compact" disabled={!zoom} onClick={() => onZoom(clamp(full, centre, width * 2))} aria-label={t('zoomOut')}>
        −
      </button>
      <button
        type="button"
        className="compact"
        disabled={!zoom || min <= full[0]}
        onClick={() => onZoom(clamp(full, centre - width / 2, width))}
        aria-label={t('earlier')}
      >
        ←
      </button>
      <button
        type="button"
        className="compact"
        disabled={!zoom || max >= full[1]}
        onClick={() => onZoom(clamp(full, centre + width / 2, width))}
        aria-label={t('later')}
      >
        →
      </button>
      {zoom ? (
        <button type="button" className="compact" onClick={() => onZoom(null)}>
          {t('reset')}
        </button>
      ) : null}
    </div>
  );
}
