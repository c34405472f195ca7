'use client';
import { useEffect } from 'react';
import { labelTableCells } from '../_lib/table-card-labels';

/**
 * Keeps the tables inside `#content` labelled for their phone (card) layout while pages render
 * and re-render them; at most once a frame however busy the page is (charts redraw often).
 */
export function TableCards() {
  useEffect(() => {
    const content = document.getElementById('content');
    if (!content) return;
    let frame = 0;
    const label = () => {
      frame = 0;
      // uPlot's legend is a table too, and stays one
      for (const table of content.querySelectorAll<HTMLTableElement>('table:not(.u-legend)')) labelTableCells(table);
    };
    label();
    // attribute changes are not observed: setting data-label must not wake the observer again
    const observer = new MutationObserver(() => {
      frame ||= requestAnimationFrame(label);
    });
    observer.observe(content, { childList: true, subtree: true, characterData: true });
    return () => {
      observer.disconnect();
      cancelAnimationFrame(frame);
    };
  }, []);
  return null;
}
