'use client';
import { useTranslations } from 'next-intl';
import { Figure } from '../../../../_components/figure';
import { ScrollRegion } from '../../../../_components/scroll-region';
import { SectionCard } from '../../../../_components/section-card';
import type { Units } from '../../../../_lib/units';
import { useLocaleFormats } from '../../../../_lib/use-formats';
import type { ActivityGapResponse } from '@/server/services/performance/schemas';

/** s/km on the wire → the speed the pace formatters take */
const speedOf = (secondsPerKm: number | null) => (secondsPerKm ? 1000 / secondsPerKm : null);

/**
 * Grade-adjusted pace (issue 52): a run's average GAP and its kilometre splits
 * with pace beside GAP (the laps table adds its own GAP column). Nothing for runs without altitude.
 */
export function GradeAdjustedPace({ gap, units }: { gap: ActivityGapResponse | undefined; units: Units }) {
  const t = useTranslations('activity.gap');
  const f = useLocaleFormats(units, null);
  if (!gap || gap.average_gap === null) return null;
  return (
    <SectionCard title={t('title')} testId="activity-gap">
      <dl className="figures">
        <Figure label={t('average')} value={f.pace(speedOf(gap.average_gap))} />
      </dl>
      <p className="muted">{t('explain')}</p>
      {gap.splits.length ? (
        <ScrollRegion label={t('splits')}>
          <table className="compact" data-testid="gap-splits">
            <thead>
              <tr>
                <th scope="col">{t('split')}</th>
                <th scope="col" className="num">
                  {t('time')}
                </th>
                <th scope="col" className="num">
                  {t('pace')}
                  <span className="unit">{f.labels.pace}</span>
                </th>
                <th scope="col" className="num">
                  {t('gap')}
                  <span className="unit">{f.labels.pace}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {gap.splits.map((s) => (
                <tr key={s.split}>
                  <th scope="row">{s.split}</th>
                  <td className="num">{f.duration(s.elapsed_time)}</td>
                  <td className="num">{f.paceNumber(speedOf(s.pace))}</td>
                  <td className="num">{f.paceNumber(speedOf(s.gap))}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      ) : null}
    </SectionCard>
  );
}
