'use client';
import { useTranslations } from 'next-intl';
import { Figure } from '../../../_components/figure';
import type { Units } from '../../../_lib/units';
import { useLocaleFormats } from '../../../_lib/use-formats';

interface Totals {
  count: number;
  distance: number;
  moving_time: number;
  elevation_gain: number;
}

/** Totals of the whole filtered set (not just this page); the row keeps its height while loading. */
export function ActivityTotals({ totals, units }: { totals: Totals | undefined; units: Units }) {
  const t = useTranslations('activities');
  const f = useLocaleFormats(units, null);
  const figures: [string, string][] = totals
    ? [
        [t('totalCount'), f.number(totals.count)],
        [t('distance'), f.distance(totals.distance)],
        [t('movingTime'), f.duration(totals.moving_time)],
        [t('elevationGain'), f.elevation(totals.elevation_gain)],
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
