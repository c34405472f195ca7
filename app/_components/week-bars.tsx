'use client';
import { useTranslations } from 'next-intl';
import { byFamily, FAMILY_COLORS } from '../_lib/sport-colors';
import { useSportFamilyName } from '../_lib/sport-names';
import type { Units } from '../_lib/units';
import { useLocaleFormats } from '../_lib/use-formats';
import { SPORT_FAMILIES } from '@/server/services/efforts/sport-families';
import type { StatsBucket } from '@/server/services/stats/schemas';

/** Distance per bucket as bars stacked by sport family; the numbers are in each bar's label. */
export function WeekBars({ buckets, units, label }: { buckets: StatsBucket[]; units: Units; label: (start: string) => string }) {
  const t = useTranslations('charts');
  const f = useLocaleFormats(units, null);
  const familyName = useSportFamilyName();
  const max = Math.max(1, ...buckets.map((b) => b.distance));
  const present = SPORT_FAMILIES.filter((family) => buckets.some((b) => byFamily(b.by_type)[family]));
  return (
    <figure className="week-chart" data-testid="week-bars">
      <div className="week-bars" style={{ gridTemplateColumns: `repeat(${buckets.length}, 1fr)` }}>
        {buckets.map((b) => {
          const families = byFamily(b.by_type);
          return (
            <div
              key={b.start}
              className="bar"
              role="img"
              aria-label={t('bucket', { period: label(b.start), distance: f.distance(b.distance), count: b.count })}
            >
              {present.map((family) =>
                families[family] ? <span key={family} style={{ height: `${(families[family] / max) * 100}%`, background: FAMILY_COLORS[family] }} /> : null,
              )}
            </div>
          );
        })}
      </div>
      <div className="week-labels" aria-hidden="true" style={{ gridTemplateColumns: `repeat(${buckets.length}, 1fr)` }}>
        {buckets.map((b) => (
          <span key={b.start}>{label(b.start)}</span>
        ))}
      </div>
      <ul className="legend" aria-label={t('sports')}>
        {present.map((family) => (
          <li key={family}>
            <span className="swatch" style={{ background: FAMILY_COLORS[family] }} aria-hidden="true" />
            {familyName(family)}
          </li>
        ))}
      </ul>
    </figure>
  );
}
