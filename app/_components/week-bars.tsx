import { byFamily, FAMILY_COLORS, FAMILY_NAMES } from '../_lib/sport-colors';
import { formatDistance, type Units } from '../_lib/units';
import { SPORT_FAMILIES } from '@/server/services/efforts/sport-families';
import type { StatsBucket } from '@/server/services/stats/schemas';

/** Distance per bucket as bars stacked by sport family; the numbers are in each bar's label. */
export function WeekBars({ buckets, units, label }: { buckets: StatsBucket[]; units: Units; label: (start: string) => string }) {
  const max = Math.max(1, ...buckets.map((b) => b.distance));
  const present = SPORT_FAMILIES.filter((f) => buckets.some((b) => byFamily(b.by_type)[f]));
  return (
    <figure className="week-chart" data-testid="week-bars">
      <div className="week-bars" style={{ gridTemplateColumns: `repeat(${buckets.length}, 1fr)` }}>
        {buckets.map((b) => {
          const families = byFamily(b.by_type);
          return (
            <div key={b.start} className="bar" role="img" aria-label={`${label(b.start)}: ${formatDistance(b.distance, units)}, ${b.count} activities`}>
              {present.map((f) => (families[f] ? <span key={f} style={{ height: `${(families[f] / max) * 100}%`, background: FAMILY_COLORS[f] }} /> : null))}
            </div>
          );
        })}
      </div>
      <div className="week-labels" aria-hidden="true" style={{ gridTemplateColumns: `repeat(${buckets.length}, 1fr)` }}>
        {buckets.map((b) => (
          <span key={b.start}>{label(b.start)}</span>
        ))}
      </div>
      <ul className="legend" aria-label="Sports">
        {present.map((f) => (
          <li key={f}>
            <span className="swatch" style={{ background: FAMILY_COLORS[f] }} aria-hidden="true" />
            {FAMILY_NAMES[f]}
          </li>
        ))}
      </ul>
    </figure>
  );
}
