'use client';
import 'uplot/dist/uPlot.min.css';
import { useTranslations } from 'next-intl';
import { useCallback, useEffect, useRef, useState } from 'react';
import type uPlotType from 'uplot';
import { useFormats } from '../../../_lib/use-formats';
import { cssVar, useUplot, type UplotSpec } from '../../../_lib/use-uplot';
import type { FitnessDay } from '@/server/formats/metrics/fitness-series';

const HEIGHT = 280;

/** Fitness (CTL), fatigue (ATL) and form (TSB) as lines over the daily load as bars (uPlot, x = day). */
export function FitnessChart({ days }: { days: FitnessDay[] }) {
  const t = useTranslations('trainingLoad.fitness');
  const axes = useTranslations('chartAxes');
  const f = useFormats();
  const container = useRef<HTMLDivElement>(null);
  // the bars' path builder comes with uPlot itself, which loads in the browser only
  const [bars, setBars] = useState<uPlotType.Series.PathBuilder | null>(null);
  useEffect(() => {
    void import('uplot').then(({ default: uPlot }) => setBars(() => uPlot.paths.bars!({ size: [0.7, 12] })));
  }, []);
  const build = useCallback((): UplotSpec => {
    const grid = cssVar('--chart-grid', 'rgba(0,0,0,.08)');
    const axis = { stroke: cssVar('--muted', '#666'), grid: { stroke: grid }, ticks: { stroke: grid }, font: '11px system-ui, sans-serif' };
    const title = { labelSize: 20, labelFont: '600 11px system-ui, sans-serif' };
    const fixed = (v: number | null) => (v == null ? '—' : f.number(v, 1));
    const series: uPlotType.Options['series'] = [
      // x is noon UTC of each calendar day: written back as that day
      { label: t('day'), value: (_u, v) => (v == null ? '—' : f.date(new Date(v * 1000).toISOString(), 'UTC')) },
      {
        label: t('load'),
        scale: 'load',
        stroke: cssVar('--muted', '#888'),
        fill: `${cssVar('--muted', '#888888')}55`,
        paths: bars ?? undefined,
        points: { show: false },
        value: (_u, v) => fixed(v),
      },
      { label: t('fitness'), stroke: '#2f6fed', width: 2, points: { show: false }, value: (_u, v) => fixed(v) },
      { label: t('fatigue'), stroke: '#d64550', width: 1.5, points: { show: false }, value: (_u, v) => fixed(v) },
      { label: t('form'), stroke: cssVar('--ok', '#1e7b3a'), width: 2, dash: [6, 4], points: { show: false }, value: (_u, v) => fixed(v) },
    ];
    return {
      options: {
        scales: { x: { time: true }, load: { range: (_u, _min, max) => [0, Math.max(50, max * 1.5)] } },
        axes: [
          { ...axis, label: axes('date'), ...title },
          { ...axis, size: 44, label: axes('trainingScore'), ...title },
          { ...axis, scale: 'load', side: 1, size: 44, grid: { show: false }, label: axes('dailyLoad'), ...title },
        ],
        series,
      },
      data: [
        days.map((d) => Date.parse(`${d.date}T12:00:00Z`) / 1000),
        days.map((d) => d.load),
        days.map((d) => d.ctl),
        days.map((d) => d.atl),
        days.map((d) => d.tsb),
      ],
    };
  }, [days, bars, t, f, axes]);
  useUplot(container, HEIGHT, build);
  return <div ref={container} style={{ minHeight: HEIGHT + 60 }} role="img" aria-label={t('chartLabel')} data-testid="fitness-chart" />;
}
