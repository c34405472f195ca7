'use client';
import { useTranslations } from 'next-intl';
import { BestEffortsTable } from '../../../../_components/best-efforts-table';
import { PowerCurveChart } from '../../../../_components/power-curve-chart';
import { PrBadge } from '../../../../_components/pr-badge';
import { SectionCard } from '../../../../_components/section-card';
import { durationName } from '../../../../_lib/efforts';
import type { Units } from '../../../../_lib/units';
import type { BestEffortsResponse } from '@/server/services/efforts/schemas';

/** CONTRACT: … Best efforts and records: the activity's best efforts and power curve with PR badges. */
export function BestEfforts({ data, units }: { data: BestEffortsResponse | undefined; units: Units }) {
  const t = useTranslations('efforts');
  if (!data) return <div className="skeleton-block" style={{ height: '12rem' }} aria-hidden="true" />;
  if (!data.efforts.length && !data.power_curve.length) return null;
  return (
    <div className="two-col">
      {data.efforts.length ? (
        <SectionCard title={t('bestEfforts')} testId="best-efforts">
          <BestEffortsTable
            label={t('bestEffortsTable')}
            efforts={data.efforts}
            units={units}
            lastHeading={t('record')}
            lastCell={(e) => <PrBadge rank={e.pr_rank} />}
          />
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
