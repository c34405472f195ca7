import { Figure } from '../../../_components/figure';
import { formatDistance, formatDuration, formatElevation, type Units } from '../../../_lib/units';

interface Totals {
  count: number;
  distance: number;
  moving_time: number;
  elevation_gain: number;
}

/** Totals of the whole filtered set (not just this page); the row keeps its height while loading. */
export function ActivityTotals({ totals, units }: { totals: Totals | undefined; units: Units }) {
  const figures: [string, string][] = totals
    ? [
        ['Activities', totals.count.toLocaleString('en')],
        ['Distance', formatDistance(totals.distance, units)],
        ['Moving time', formatDuration(totals.moving_time)],
        ['Elevation gain', formatElevation(totals.elevation_gain, units)],
      ]
    : [];
  return (
    <dl className="totals" data-testid="totals" aria-live="polite" style={{ marginBlock: '1rem' }}>
      {figures.map(([label, value]) => (
        <Figure key={label} label={label} value={value} />
      ))}
    </dl>
  );
}
