import type { ReactNode } from 'react';

/**
 * A wide table's horizontal scroller. It is focusable and named, so keyboard users can scroll it
 * with the arrow keys (axe: scrollable-region-focusable) and screen readers announce what it holds.
 */
export function ScrollRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="table-scroll" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}
