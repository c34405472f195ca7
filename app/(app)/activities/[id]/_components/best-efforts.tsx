'use client';
import { PowerCurveChart } from '../../../../_components/power-curve-chart';
import { PrBadge } from '../../../../_components/pr-badge';
import { ScrollRegion } from '../../../../_components/scroll-region';
import { SectionCard } from '../../../../_components/section-card';
import { durationName, effortDistanceName } from '../../../../_lib/efforts';
import { formatClock, formatPace, type Units } from '../../../../_lib/units';
import type { BestEffortsResponse } from '@/server/services/efforts/schemas';

/** CONTRACT: … Best efforts and records: the activity's best efforts and power curve with PR badges. */
export function BestEfforts({ data, units }: { data: BestEffortsResponse | undefined; units: Units }) {
  if (!data) return <div className="skeleton-block" style={{ height: '12rem' }} aria-hidden="true" />;
  if (!data.efforts.length && !data.power_curve.length) return null;
  return (
    <div className="two-col">
      {data.efforts.length ? (
        <SectionCard title="Best efforts" testId="best-efforts">
          <ScrollRegion label="Best efforts table">
            <table className="compact">
              <thead>
                <tr>
                  <th scope="col">Distance</th>
                  <th scope="col" className="num">
                    Time
                  </th>
                  <th scope="col" className="num">
                    Pace
                  </th>
                  <th scope="col">Record</th>
                </tr>
              </thead>
              <tbody>
                {data.efforts.map((e) => (
                  <tr key={e.distance}>
                    <th scope="row">{effortDistanceName(e.distance)}</th>
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
        <SectionCard title="Power curve" testId="activity-power-curve">
          <PowerCurveChart points={data.power_curve} label="Best mean power for each duration of this activity" />
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
