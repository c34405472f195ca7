'use client';
import { useTranslations } from 'next-intl';
import 'uplot/dist/uPlot.min.css';
import { useCallback, useRef } from 'react';
import type uPlotType from 'uplot';
import { toWeight, type Units } from '../../../_lib/units';
import { useLocaleFormats } from '../../../_lib/use-formats';
import { cssVar, useUplot } from '../../../_lib/use-uplot';

const HEIGHT = 200;

/** The weight log over time (uPlot, x = day). */
export function WeightChart({ entries, units }: { entries: { created_at: string; weight: number }[]; units: Units }) {
  const t = useTranslations('settings.weight');
  const f = useLocaleFormats(units, null);
  const container = useRef<HTMLDivElement>(null);
  const build = useCallback(() => {
    const grid = cssVar('--chart-grid', 'rgba(0,0,0,.08)');
    const axis = { stroke: cssVar('--muted', '#666'), grid: { stroke: grid }, ticks: { stroke: grid } };
    const data: uPlotType.AlignedData = [entries.map((e) => Date.parse(`${e.created_at}T12:00:00Z`) / 1000), entries.map((e) => toWeight(e.weight, units))];
    const series: uPlotType.Options['series'] = [
      {},
      { label: t('weight', { unit: f.labels.weight }), stroke: '#2f6fed', width: 2, points: { size: 6 }, value: (_u, v) => (v == null ? '—' : f.number(v, 1)) },
    ];
    return { options: { scales: { x: { time: true } }, axes: [axis, { ...axis, size: 48 }], series }, data };
  }, [entries, units, t, f]);
  useUplot(container, HEIGHT, build);
  return <div ref={container} style={{ minHeight: HEIGHT + 30 }} role="img" aria-label={t('overTime')} data-testid="weight-chart" />;
}
