'use client';
import { useLocale, useTranslations } from 'next-intl';
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { buildCharts, formatX, fullXAxis, type Streams, type XAxis } from '../../../../_lib/activity-series';
import type { HoverBus } from '../../../../_lib/hover-bus';
import { indexAtOrBefore } from '../../../../_lib/simplify';
import type { Units } from '../../../../_lib/units';
import { useColorScheme } from '../../../../_lib/use-color-scheme';
import { ChartPanel } from './chart-panel';
import { ChartZoomControls } from './chart-zoom-controls';

interface Props {
  /** the samples the zoomed charts show (first and last index), or null when they show it all */
  onStretch?: (stretch: [number, number] | null) => void;
  streams: Streams;
  units: Units;
  activityType: string;
  hover: HoverBus;
  reservedCharts: number;
}

const sameRange = (a: [number, number], b: [number, number]) => Math.abs(a[0] - b[0]) + Math.abs(a[1] - b[1]) < 1e-6 * Math.max(1, Math.abs(b[1] - b[0]));

/** Elevation, pace or speed, heart rate, power and cadence against distance or time, one shared cursor. */
export function ActivityCharts({ streams, units, activityType, hover, reservedCharts, onStretch }: Props) {
  const t = useTranslations('activity.charts');
  const locale = useLocale();
  const hasDistance = Boolean(streams.distance?.some((v) => v != null));
  const [axis, setAxis] = useState<XAxis>(hasDistance ? 'distance' : 'time');
  const scheme = useColorScheme();
  const syncKey = useId();
  const fullX = useMemo(() => fullXAxis(streams, axis, units), [streams, axis, units]);
  const charts = useMemo(
    () => (fullX ? buildCharts(streams, fullX, units, activityType, { locale, title: (key) => t(`series.${key}`) }) : []),
    [streams, fullX, units, activityType, locale, t],
  );
  const xRange = useMemo<[number, number]>(() => [fullX?.[0] ?? 0, fullX?.[fullX.length - 1] ?? 1], [fullX]);
  const format = useMemo(() => formatX(axis, units, locale), [axis, units, locale]);
  const [ready, setReady] = useState(0);
  const [zoom, setZoom] = useState<[number, number] | null>(null);
  const lastIndex = useRef<number | null>(null);

  const onCursor = useCallback(
    (xValue: number | null) => {
      const index = xValue == null || !fullX ? null : Math.max(0, indexAtOrBefore(fullX, xValue));
      if (index === lastIndex.current) return;
      lastIndex.current = index;
      hover.emit(index);
    },
    [fullX, hover],
  );
  const onReady = useCallback(() => setReady((n) => n + 1), []);
  // every synced chart may report the same selection: keep the first, ignore its echoes
  const onZoom = useCallback((range: [number, number] | null) => setZoom((current) => (range && current && sameRange(range, current) ? current : range)), []);
  const chooseAxis = (next: XAxis) => {
    setReady(0);
    setZoom(null);
    setAxis(next);
  };

  useEffect(() => {
    if (onStretch) onStretch(zoom && fullX ? [Math.max(0, indexAtOrBefore(fullX, zoom[0])), Math.max(0, indexAtOrBefore(fullX, zoom[1]))] : null);
  }, [zoom, fullX, onStretch]);

  const allReady = charts.length > 0 && ready >= charts.length;
  useEffect(() => {
    if (allReady) performance.mark('stride:charts-ready');
  }, [allReady]);
  return (
    <section className="card" aria-labelledby="charts-heading" data-testid="charts" data-ready={allReady}>
      <div className="section-head">
        <h2 id="charts-heading">{t('title')}</h2>
        {charts.length ? <ChartZoomControls full={xRange} zoom={zoom} format={format} onZoom={onZoom} /> : null}
        <fieldset className="chart-controls" style={{ border: 0, padding: 0, margin: 0 }}>
          <legend className="visually-hidden">{t('axis')}</legend>
          <label className="choice">
            <input type="radio" name="x-axis" value="distance" checked={axis === 'distance'} disabled={!hasDistance} onChange={() => chooseAxis('distance')} />{' '}
            {t('distance')}
          </label>
          <label className="choice">
            <input type="radio" name="x-axis" value="time" checked={axis === 'time'} onChange={() => chooseAxis('time')} /> {t('time')}
          </label>
        </fieldset>
      </div>
      <div className="charts" style={{ minHeight: `${Math.max(charts.length, reservedCharts) * 200}px` }}>
        {charts.length === 0 ? <p className="empty">{t('empty')}</p> : null}
        {charts.map((series) => (
          <ChartPanel
            key={`${axis}:${series.key}`}
            series={series}
            xLabel={axis === 'time' ? t('time') : t('distance')}
            syncKey={syncKey}
            xRange={xRange}
            zoom={zoom}
            onZoom={onZoom}
            formatX={format}
            scheme={scheme}
            onCursor={onCursor}
            onReady={onReady}
          />
        ))}
      </div>
    </section>
  );
}
