'use client';
import 'uplot/dist/uPlot.min.css';
import { useTranslations } from 'next-intl';
import { useCallback, useEffect, useRef } from 'react';
import type uPlotType from 'uplot';
import type { ChartSeries } from '../../../../_lib/activity-series';
import { cssVar, useUplot, type UplotSpec } from '../../../../_lib/use-uplot';

interface Props {
  series: ChartSeries;
  xLabel: string;
  syncKey: string;
  /** the whole activity on the x axis */
  xRange: [number, number];
  /** the part shown after a drag-select, null for all */
  zoom: [number, number] | null;
  onZoom: (range: [number, number] | null) => void;
  formatX: (value: number) => string;
  scheme: 'light' | 'dark';
  onCursor: (xValue: number | null) => void;
  onReady: () => void;
}

const HEIGHT = 150;
/** pace ticks fall on whole quarter, half and full minutes */
const PACE_STEPS = [15, 30, 60, 120, 300, 600];
/** a drag narrower than this many pixels is a click, not a zoom */
const MIN_SELECT_PX = 5;

/** The drawn x range on the chart's element, for tests and for anyone inspecting the page. */
function showRange(u: uPlotType): void {
  const el = u.root.parentElement;
  if (!el) return;
  el.dataset.xMin = String(u.scales.x?.min);
  el.dataset.xMax = String(u.scales.x?.max);
}

/** One uPlot chart of a reduced series; the cursor is shared by sync key with its siblings. */
export function ChartPanel({ series, xLabel, syncKey, xRange, zoom, onZoom, formatX, scheme, onCursor, onReady }: Props) {
  const t = useTranslations('activity.charts');
  const container = useRef<HTMLDivElement>(null);
  // the latest callbacks and visible range without re-creating the chart
  const callbacks = useRef({ onCursor, onReady, onZoom });
  const visible = useRef(zoom ?? xRange);
  useEffect(() => {
    callbacks.current = { onCursor, onReady, onZoom };
  });

  const build = useCallback((): UplotSpec => {
    const fg = cssVar('--muted', '#666');
    const grid = cssVar('--chart-grid', 'rgba(0,0,0,0.08)');
    const axis = { stroke: fg, grid: { stroke: grid, width: 1 }, ticks: { stroke: grid, width: 1 }, font: '11px system-ui, sans-serif' };
    const options: UplotSpec['options'] = {
      legend: { show: true, live: true },
      // a drag selects a range: the parent zooms every chart to it (setScale happens there, once)
      cursor: { sync: { key: syncKey }, drag: { x: true, y: false, setScale: false }, points: { size: 7 } },
      scales: { x: { time: false, range: () => visible.current }, y: { dir: series.invert ? -1 : 1, ...(series.range ? { range: series.range } : {}) } },
      axes: [
        { ...axis, values: (_u, splits) => splits.map(formatX) },
        { ...axis, size: 52, values: (_u, splits) => splits.map(series.format), ...(series.invert ? { incrs: PACE_STEPS } : {}) },
      ],
      series: [
        { label: xLabel, value: (_u, v) => (v == null ? '—' : formatX(v)) },
        {
          label: `${series.title} (${series.unit})`,
          stroke: series.color,
          width: 1.5,
          // an inverted axis would fill towards the top: pace is a line only
          fill: series.invert ? undefined : `${series.color}22`,
          spanGaps: false,
          value: (_u, v) => (v == null ? '—' : series.format(v)),
        },
        ...(series.line
          ? [
              {
                label: `${series.line.title} (${series.unit})`,
                stroke: series.line.color,
                width: 1.5,
                // dashed: told apart from the first line without its colour
                dash: [6, 3],
                spanGaps: false,
                value: (_u: uPlotType, v: number | null) => (v == null ? '—' : series.format(v)),
              },
            ]
          : []),
      ],
      hooks: {
        ready: [
          (u) => {
            u.over.addEventListener('dblclick', () => callbacks.current.onZoom(null));
            showRange(u);
          },
        ],
        setSelect: [
          (u) => {
            if (u.select.width < MIN_SELECT_PX) return;
            const range: [number, number] = [u.posToVal(u.select.left, 'x'), u.posToVal(u.select.left + u.select.width, 'x')];
            u.setSelect({ left: 0, top: 0, width: 0, height: 0 }, false);
            callbacks.current.onZoom(range);
          },
        ],
        setScale: [(u, key) => key === 'x' && showRange(u)],
        setCursor: [
          (u) => {
            const idx = u.cursor.idx;
            callbacks.current.onCursor(idx == null ? null : (u.data[0][idx] ?? null));
          },
        ],
      },
    };
    const data = (series.line ? [...series.data, series.line.values] : series.data) as uPlotType.AlignedData;
    return { options, data, drawn: () => callbacks.current.onReady() };
    // the scheme is not read here, but a change of it must redraw with the new theme colours
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [series, xLabel, syncKey, formatX, scheme]);
  const plot = useUplot(container, HEIGHT, build);
  useEffect(() => {
    const [min, max] = zoom ?? xRange;
    if (visible.current[0] === min && visible.current[1] === max) return;
    visible.current = [min, max];
    plot.current?.setScale('x', { min, max });
  }, [zoom, xRange, plot]);

  return (
    <figure className="chart-figure" style={{ margin: 0 }}>
      <figcaption className="chart-title">
        {series.title} <span className="muted">({series.unit})</span>
        {series.line ? (
          <ul className="legend chart-legend" aria-label={t('legend')} data-testid={`legend-${series.key}`}>
            <li>
              <span className="swatch" style={{ background: series.color }} aria-hidden="true" />
              {series.title}
            </li>
            <li>
              <span className="swatch dashed" style={{ borderColor: series.line.color }} aria-hidden="true" />
              {series.line.title}
            </li>
          </ul>
        ) : null}
      </figcaption>
      <div
        ref={container}
        className="chart"
        data-testid={`chart-${series.key}`}
        data-lines={series.line ? `${series.key} ${series.line.key}` : series.key}
        role="img"
        aria-label={t('chartLabel', { title: series.line ? t('twoLines', { first: series.title, second: series.line.title }) : series.title })}
      />
    </figure>
  );
}
