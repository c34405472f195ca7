'use client';
import 'uplot/dist/uPlot.min.css';
import { useEffect, useRef } from 'react';
import type uPlotType from 'uplot';
import { toWeight, unitLabels, type Units } from '../../../_lib/units';

const HEIGHT = 200;

/** The weight log over time (uPlot, x = day). */
export function WeightChart({ entries, units }: { entries: { created_at: string; weight: number }[]; units: Units }) {
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    let plot: uPlotType | null = null;
    let observer: ResizeObserver | null = null;
    let disposed = false;
    void import('uplot').then(({ default: uPlot }) => {
      const el = container.current;
      if (disposed || !el) return;
      const muted = getComputedStyle(document.documentElement).getPropertyValue('--muted').trim() || '#666';
      const grid = getComputedStyle(document.documentElement).getPropertyValue('--chart-grid').trim() || 'rgba(0,0,0,.08)';
      const axis = { stroke: muted, grid: { stroke: grid }, ticks: { stroke: grid } };
      const data: uPlotType.AlignedData = [entries.map((e) => Date.parse(`${e.created_at}T12:00:00Z`) / 1000), entries.map((e) => toWeight(e.weight, units))];
      plot = new uPlot(
        {
          width: Math.max(200, el.clientWidth),
          height: HEIGHT,
          scales: { x: { time: true } },
          axes: [axis, { ...axis, size: 48 }],
          series: [{}, { label: `Weight (${unitLabels(units).weight})`, stroke: '#2f6fed', width: 2, points: { size: 6 }, value: (_u, v) => (v == null ? '—' : v.toFixed(1)) }],
        },
        data,
        el,
      );
      observer = new ResizeObserver(() => plot?.setSize({ width: Math.max(200, el.clientWidth), height: HEIGHT }));
      observer.observe(el);
    });
    return () => {
      disposed = true;
      observer?.disconnect();
      plot?.destroy();
    };
  }, [entries, units]);
  return <div ref={container} style={{ minHeight: HEIGHT + 30 }} role="img" aria-label="Weight over time" data-testid="weight-chart" />;
}
