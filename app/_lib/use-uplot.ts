'use client';
import { useEffect, useRef, type RefObject } from 'react';
import type uPlotType from 'uplot';

const MIN_WIDTH = 200;

export interface UplotSpec {
  options: Omit<uPlotType.Options, 'width' | 'height'>;
  data: uPlotType.AlignedData;
  /** called once the chart is drawn */
  drawn?: () => void;
}

/** A colour of the page's theme (CSS custom property), so charts follow light and dark mode. */
export function cssVar(name: string, fallback: string): string {
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim() || fallback;
}

/**
 * A uPlot chart in `container`: uPlot is loaded on demand, drawn at the container's width,
 * resized with it, and destroyed on unmount or when `build` changes (memoize it with useCallback).
 * Answers the live chart (null until drawn) for changes that should not rebuild it, like a zoom.
 */
export function useUplot(container: RefObject<HTMLDivElement | null>, height: number, build: () => UplotSpec): RefObject<uPlotType | null> {
  const live = useRef<uPlotType | null>(null);
  useEffect(() => {
    let plot: uPlotType | null = null;
    let observer: ResizeObserver | null = null;
    let disposed = false;
    void import('uplot').then(({ default: uPlot }) => {
      const el = container.current;
      if (disposed || !el) return;
      const { options, data, drawn } = build();
      let width = Math.max(MIN_WIDTH, el.clientWidth);
      plot = new uPlot({ ...options, width, height }, data, el);
      live.current = plot;
      observer = new ResizeObserver(() => {
        const next = Math.max(MIN_WIDTH, el.clientWidth);
        if (next === width) return; // the first callback only reports the size we drew at
        width = next;
        plot?.setSize({ width, height });
      });
      observer.observe(el);
      drawn?.();
    });
    return () => {
      disposed = true;
      observer?.disconnect();
      plot?.destroy();
      live.current = null;
    };
  }, [container, height, build]);
  return live;
}
