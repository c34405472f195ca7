'use client';
import { useState } from 'react';
import { ProblemAlert } from '../../../_components/problem-alert';
import { ScrollRegion } from '../../../_components/scroll-region';
import { SectionCard } from '../../../_components/section-card';
import { Skeleton } from '../../../_components/skeleton';
import { WeekBars } from '../../../_components/week-bars';
import { addDays, mondayOf, todayIn } from '../../../_lib/efforts';
import { problemOf } from '../../../_lib/problem';
import { trpc } from '../../../_lib/trpc';
import { distanceNumber, formatDuration, elevationNumber, unitLabels } from '../../../_lib/units';
import { useMe } from '../../../_lib/use-me';
import type { StatsInput } from '@/server/services/stats/schemas';

type Period = StatsInput['period'];

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** The range each period shows: 12 weeks, 12 months or 10 years up to today. */
function rangeOf(period: Period, today: string): { start_date: string; end_date: string } {
  if (period === 'week') return { start_date: addDays(mondayOf(today), -77), end_date: today };
  if (period === 'month') return { start_date: `${Number(today.slice(0, 4)) - 1}-${today.slice(5, 7)}-01`, end_date: today };
  return { start_date: `${Number(today.slice(0, 4)) - 9}-01-01`, end_date: today };
}

function bucketLabel(period: Period, start: string): string {
  if (period === 'year') return start.slice(0, 4);
  if (period === 'month') return `${MONTHS[Number(start.slice(5, 7)) - 1]} ${start.slice(2, 4)}`;
  return `${Number(start.slice(8))} ${MONTHS[Number(start.slice(5, 7)) - 1]}`;
}

/** CONTRACT: … Statistics and calendar: totals per week, month or year, and distance year over year. */
export function StatisticsScreen() {
  const { me, units, timezone } = useMe();
  const [period, setPeriod] = useState<Period>('week');
  const today = todayIn(timezone);
  const year = Number(today.slice(0, 4));
  const stats = trpc.progress.stats.useQuery({ period, ...rangeOf(period, today) }, { enabled: me.isSuccess });
  const yoy = trpc.progress.stats.useQuery({ period: 'month', start_date: `${year - 1}-01-01`, end_date: `${year}-12-31` }, { enabled: me.isSuccess });
  const labels = unitLabels(units);
  return (
    <div>
      <h1>Statistics</h1>
      <fieldset className="period-switch">
        <legend>Period</legend>
        {(['week', 'month', 'year'] as const).map((p) => (
          <label key={p}>
            <input type="radio" name="period" value={p} checked={period === p} onChange={() => setPeriod(p)} /> {p[0]!.toUpperCase() + p.slice(1)}
          </label>
        ))}
      </fieldset>
      {(stats.error ?? yoy.error) ? <ProblemAlert problem={problemOf((stats.error ?? yoy.error)!)} /> : null}
      <SectionCard title={`Distance per ${period}`} testId="stats-chart">
        {stats.data ? <WeekBars buckets={stats.data} units={units} label={(s) => bucketLabel(period, s)} /> : <Skeleton height="12rem" />}
      </SectionCard>
      <div className="two-col">
        <SectionCard title={`Totals per ${period}`}>
          {stats.data ? (
            <ScrollRegion label="Totals table">
              <table className="compact" data-testid="stats-table">
                <thead>
                  <tr>
                    <th scope="col">{period[0]!.toUpperCase() + period.slice(1)}</th>
                    <th scope="col" className="num">
                      Activities
                    </th>
                    <th scope="col" className="num">
                      Distance ({labels.distance})
                    </th>
                    <th scope="col" className="num">
                      Moving time
                    </th>
                    <th scope="col" className="num">
                      Climb ({labels.elevation})
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {[...stats.data].reverse().map((b) => (
                    <tr key={b.start}>
                      <th scope="row">{bucketLabel(period, b.start)}</th>
                      <td className="num">{b.count}</td>
                      <td className="num">{distanceNumber(b.distance, units)}</td>
                      <td className="num">{formatDuration(b.moving_time)}</td>
                      <td className="num">{elevationNumber(b.elevation_gain, units)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </ScrollRegion>
          ) : (
            <Skeleton height="12rem" />
          )}
        </SectionCard>
        <SectionCard title={`Distance, ${year} against ${year - 1}`} testId="year-over-year">
          {yoy.data ? (
            <ScrollRegion label="Year over year table">
              <table className="compact">
                <thead>
                  <tr>
                    <th scope="col">Month</th>
                    <th scope="col" className="num">
                      {year - 1} ({labels.distance})
                    </th>
                    <th scope="col" className="num">
                      {year} ({labels.distance})
                    </th>
                    <th scope="col" className="num">
                      {year} so far ({labels.distance})
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {MONTHS.map((m, i) => {
                    const last = yoy.data[i]!;
                    const now = yoy.data[i + 12]!;
                    const soFar = yoy.data.slice(12, 13 + i).reduce((n, b) => n + b.distance, 0);
                    return (
                      <tr key={m}>
                        <th scope="row">{m}</th>
                        <td className="num">{distanceNumber(last.distance, units)}</td>
                        <td className="num">{distanceNumber(now.distance, units)}</td>
                        <td className="num">{distanceNumber(soFar, units)}</td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </ScrollRegion>
          ) : (
            <Skeleton height="12rem" />
          )}
        </SectionCard>
      </div>
    </div>
  );
}
