'use client';
import { useTranslations } from 'next-intl';
import { PowerCurveChart } from '../../../../_components/power-curve-chart';
import { PrBadge } from '../../../../_components/pr-badge';
import { ScrollRegion } from '../../../../_components/scroll-region';
import { SectionCard } from '../../../../_components/section-card';
import { durationName, useEffortDistanceName } from '../../../../_lib/efforts';
import { formatClock, formatPace, type Units } from '../../../../_lib/units';
import type { BestEffortsResponse } from '@/server/services/efforts/schemas';

/** CONTRACT: … Best efforts and records: the activity's best efforts and power curve with PR badges. */
export function BestEfforts({ data, units }: { data: BestEffortsResponse | undefined; units: Units }) {
  const t = useTranslations('efforts');
  const distanceName = useEffortDistanceName();
  if (!data) return <div className="skeleton-block" style={{ height: '12rem' }} aria-hidden="true" />;
  if (!data.efforts.length && !data.power_curve.length) return null;
  return (
    <div className="two-col">
      {data.efforts.length ? (
        <SectionCard title={t('bestEfforts')} testId="best-efforts">
          <ScrollRegion label={t('bestEffortsTable')}>
            <table className="compact">
              <thead>
                <tr>
                  <th scope="col">{t('distance')}</th>
                  <th scope="col" className="num">
                    {t('time')}
                  </th>
                  <th scope="col" className="num">
                    {t('pace')}
                  </th>
                  <th scope="col">{t('record')}</th>
                </tr>
              </thead>
              <tbody>
                {data.efforts.map((e) => (
                  <tr key={e.distance}>
                    <th scope="row">{distanceName(e.distance)}</th>
                    <td className="num">{formatClock(e.elapsed_time)}</td>
                    <td className="num">{formatPace(e.elapsed_time > 0 ? e.distance / e.elapsed_time : null, units)}</td>
                    <td>
                      <PrBadge rank={e.pr_rank} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        </SectionCard>
      ) : null}
      {data.power_curve.length ? (
        <SectionCard title={t('powerCurve')} testId="activity-power-curve">
          <PowerCurveChart points={data.power_curve} label={t('powerCurveLabel')} />
          <ul className="pr-list">
            {data.power_curve
              .filter((p) => p.pr_rank)
              .map((p) => (
                <li key={p.duration}>
                  {durationName(p.duration)}: {p.watts} W <PrBadge rank={p.pr_rank} />
                </li>
              ))}
          </ul>
        </SectionCard>
      ) : null}
    </div>
  );
}
