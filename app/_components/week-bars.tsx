'use client';
import { useTranslations } from 'next-intl';
import { byFamily, FAMILY_COLORS } from '../_lib/sport-colors';
import { useSportFamilyName } from '../_lib/sport-names';
import { toDistance, type Units } from '../_lib/units';
import { useLocaleFormats } from '../_lib/use-formats';
import { SPORT_FAMILIES } from '@/server/services/efforts/sport-families';
import type { StatsBucket } from '@/server/services/stats/schemas';

/** Period labels under the bars: at most this many, each spanning the bars it stands for, so no language widens the page. */
const MAX_LABELS = 6;

/** A round top for the value axis (1, 2, 2.5 or 5 times a power of ten) at or above `max`. */
export function niceMax(max: number): number {
  if (max <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(max));
  return [1, 2, 2.5, 5, 10].map((m) => m * power).find((top) => top >= max)!;
}

/** Distance per bucket as bars stacked by sport family over a titled distance axis; the numbers are in each bar's label. */
export function WeekBars({ buckets, units, label }: { buckets: StatsBucket[]; units: Units; label: (start: string) => string }) {
  const t = useTranslations('charts');
  const axes = useTranslations('chartAxes');
  const f = useLocaleFormats(units, null);
  const familyName = useSportFamilyName();
  const top = niceMax(Math.max(0, ...buckets.map((b) => toDistance(b.distance, units))));
  const ticks = [0, top / 2, top];
  const present = SPORT_FAMILIES.filter((family) => buckets.some((b) => byFamily(b.by_type)[family]));
  const step = Math.max(1, Math.ceil(buckets.length / MAX_LABELS));
  const columns = { gridTemplateColumns: `repeat(${buckets.length}, minmax(0, 1fr))` };
  return (
    <figure className="week-chart" data-testid="week-bars">
      <p className="axis-title" data-testid="value-axis-title" aria-hidden="true">
        {axes('distance', { unit: f.labels.distance })}
      </p>
      <div className="week-plot">
        <div className="week-axis" data-testid="value-axis" aria-hidden="true">
          {ticks.map((tick) => (
            <span key={tick} className="tick" style={{ bottom: `${(tick / top) * 100}%` }}>
              {f.number(tick, tick % 1 ? 1 : 0)}
            </span>
          ))}
        </div>
        <div className="week-bars" style={columns}>
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
                  families[family] ? (
                    <span key={family} style={{ height: `${(toDistance(families[family], units) / top) * 100}%`, background: FAMILY_COLORS[family] }} />
                  ) : null,
                )}
              </div>
            );
          })}
        </div>
      </div>
      <div className="week-labels" aria-hidden="true" style={columns}>
        {buckets.map((b, i) =>
          i % step === 0 ? (
            <span key={b.start} style={{ gridColumn: `${i + 1} / span ${Math.min(step, buckets.length - i)}` }}>
              {label(b.start)}
            </span>
          ) : null,
        )}
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
