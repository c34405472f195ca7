'use client';
import 'uplot/dist/uPlot.min.css';
import { useTranslations } from 'next-intl';
import { useCallback, useRef } from 'react';
import { durationTicks } from '../_lib/duration-ticks';
import { durationName } from '../_lib/efforts';
import { cssVar, useUplot, type UplotSpec } from '../_lib/use-uplot';

const HEIGHT = 220;

/** Best mean power by duration on a logarithmic time axis (the activity's or the records'). */
export function PowerCurveChart({ points, label }: { points: { duration: number; watts: number }[]; label: string }) {
  const t = useTranslations('efforts');
  const axes = useTranslations('chartAxes');
  const container = useRef<HTMLDivElement>(null);
  const build = useCallback((): UplotSpec => {
    const fg = cssVar('--muted', '#666');
    const grid = cssVar('--chart-grid', 'rgba(0,0,0,0.08)');
    const accent = cssVar('--accent', '#c23f19');
    const axis = { stroke: fg, grid: { stroke: grid, width: 1 }, ticks: { stroke: grid, width: 1 }, font: '11px system-ui, sans-serif' };
    // the axis labels drawn last, on the element too: the canvas keeps no text to read back
    const shown = { x: [] as string[], y: [] as string[] };
    const publish = () => {
      container.current?.setAttribute('data-x-labels', shown.x.join('|'));
      container.current?.setAttribute('data-y-labels', shown.y.join('|'));
    };
    return {
      options: {
        hooks: { draw: [publish] },
        legend: { show: true, live: true },
        // the x range is the curve's own (a log scale would round it out to whole decades)
        scales: {
          x: { time: false, distr: 3, log: 10, range: (_u, min, max) => [min, Math.max(max, min + 1)] },
          y: { range: (_u, _min, max) => [0, Math.max(100, max * 1.1)] },
        },
        axes: [
          {
            ...axis,
            label: axes('durationLog'),
            labelSize: 20,
            labelFont: '600 11px system-ui, sans-serif',
            splits: (u, _axis, min, max) => durationTicks(min, max, u.width),
            // uPlot's log axes null every split off its 1-2-5 pattern (drawn as "0 s"): ours are chosen already
            filter: (_u, splits) => splits,
            values: (_u, splits) => (shown.x = splits.map((s) => durationName(Math.round(s)))),
          },
          {
            ...axis,
            label: axes('power'),
            labelSize: 20,
            labelFont: '600 11px system-ui, sans-serif',
            // room for four digits and the gap to the plot, so no watt label is clipped
            size: 52,
            values: (_u, splits) => (shown.y = splits.map((s) => String(Math.round(s)))),
          },
        ],
        series: [
          { label: t('duration'), value: (_u, v) => (v == null ? '—' : durationName(v)) },
          { label: t('bestMeanPower'), stroke: accent, width: 2, fill: `${accent}22`, points: { show: true, size: 5 } },
        ],
      },
      data: [points.map((p) => p.duration), points.map((p) => p.watts)],
    };
  }, [points, t, axes]);
  useUplot(container, HEIGHT, build);
  return <div ref={container} className="power-curve" role="img" aria-label={label} data-testid="power-curve" />;
}
