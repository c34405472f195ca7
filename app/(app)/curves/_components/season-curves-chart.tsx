'use client';
import 'uplot/dist/uPlot.min.css';
import { useTranslations } from 'next-intl';
import { useCallback, useRef } from 'react';
import type uPlotType from 'uplot';
import { durationTicks } from '../../../_lib/duration-ticks';
import { durationName, useEffortDistanceName } from '../../../_lib/efforts';
import { formatClock, toPace, unitLabels } from '../../../_lib/units';
import { cssVar, useUplot, type UplotSpec } from '../../../_lib/use-uplot';
import { useFormats } from '../../../_lib/use-formats';
import type { CurveKind, CurvePoint } from '@/server/services/performance/schemas';

const HEIGHT = 240;
/** the distances labelled on the axis (the others are points between them: 805 m beside 1 km would overlap) */
const DISTANCE_TICKS = [400, 1000, 5000, 10000, 21097.5, 42195];
const LAST_SEASON_COLOR = '#5b7db8';

interface Season {
  label: string;
  points: CurvePoint[];
}

/**
 * Curves (issue 52): this season's and last season's curve on one chart, a line each, on a
 * logarithmic duration or distance axis; pace curves as pace in the profile's units (faster up).
 * The legend is HTML beside the chart (the canvas is an image to assistive technology); the
 * table below it gives the same values with the activities they came from.
 */
export function SeasonCurvesChart({ kind, seasons }: { kind: CurveKind; seasons: readonly [Season, Season] }) {
  const t = useTranslations('curves.chart');
  const kinds = useTranslations('curves.kinds');
  const axes = useTranslations('chartAxes');
  const distanceName = useEffortDistanceName();
  const { units } = useFormats();
  const container = useRef<HTMLDivElement>(null);
  const byDistance = kind === 'pace' || kind === 'gap_pace';

  const build = useCallback((): UplotSpec => {
    const fg = cssVar('--muted', '#666');
    const grid = cssVar('--chart-grid', 'rgba(0,0,0,0.08)');
    const accent = cssVar('--accent', '#c23f19');
    const axis = { stroke: fg, grid: { stroke: grid, width: 1 }, ticks: { stroke: grid, width: 1 }, font: '11px system-ui, sans-serif' };
    const label = { labelSize: 20, labelFont: '600 11px system-ui, sans-serif' };
    const measures = [...new Set(seasons.flatMap((s) => s.points.map((p) => p.measure)))].sort((a, b) => a - b);
    // pace per the profile's unit from a best's time over its distance; watts and bpm as they are
    const y = (p: CurvePoint | undefined) => (!p ? null : byDistance ? toPace(p.measure / p.value, units) : p.value);
    const columns = seasons.map((s) => measures.map((m) => y(s.points.find((p) => p.measure === m))));
    const format = (v: number) => (byDistance ? formatClock(v) : String(Math.round(v)));
    const name = (m: number) => (byDistance ? distanceName(m) : durationName(Math.round(m)));
    const yLabel = byDistance ? t('pace', { unit: unitLabels(units).pace }) : kind === 'power' ? axes('power') : t('heartRate');
    const line = (season: Season, color: string, dash?: number[]): uPlotType.Series => ({
      label: season.label,
      stroke: color,
      width: 2,
      ...(dash ? { dash } : {}),
      points: { show: true, size: 5 },
      spanGaps: true,
      value: (_u, v) => (v == null ? '—' : format(v)),
    });
    return {
      options: {
        legend: { show: true, live: true },
        scales: {
          x: { time: false, distr: 3, log: 10, range: (_u, min, max) => [min, Math.max(max, min + 1)] },
          y: byDistance ? { dir: -1 } : { range: (_u, min, max) => [Math.max(0, min * 0.9), max * 1.05] },
        },
        axes: [
          {
            ...axis,
            ...label,
            label: byDistance ? t('distanceLog') : axes('durationLog'),
            splits: (u, _axis, min, max) => (byDistance ? DISTANCE_TICKS.filter((d) => d >= min && d <= max) : durationTicks(min, max, u.width)),
            // uPlot's log axes null every split off its 1-2-5 pattern: ours are chosen already
            filter: (_u, splits) => splits,
            values: (_u, splits) => splits.map(name),
          },
          { ...axis, ...label, label: yLabel, size: 56, values: (_u, splits) => splits.map(format) },
        ],
        series: [
          { label: byDistance ? t('distance') : t('duration'), value: (_u, v) => (v == null ? '—' : name(v)) },
          line(seasons[0], accent),
          line(seasons[1], LAST_SEASON_COLOR, [6, 3]),
        ],
      },
      data: [measures, ...columns] as uPlotType.AlignedData,
    };
  }, [seasons, byDistance, kind, units, t, axes, distanceName]);
  useUplot(container, HEIGHT, build);

  return (
    <figure className="chart-figure season-curves" style={{ margin: 0 }}>
      <ul className="legend" aria-label={t('legend')} data-testid="season-curves-legend">
        <li>
          <span className="swatch" style={{ background: 'var(--accent)' }} aria-hidden="true" />
          {seasons[0].label}
        </li>
        <li>
          <span className="swatch dashed" style={{ borderColor: LAST_SEASON_COLOR }} aria-hidden="true" />
          {seasons[1].label}
        </li>
      </ul>
      <div
        ref={container}
        className="chart"
        role="img"
        aria-label={t('label', { kind: kinds(kind), first: seasons[0].label, second: seasons[1].label })}
        data-testid="season-curves-chart"
        data-series={seasons.map((s) => s.points.length).join(' ')}
      />
    </figure>
  );
}
