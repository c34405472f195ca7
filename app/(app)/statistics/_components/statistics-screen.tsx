'use client';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { ProblemAlert } from '../../../_components/problem-alert';
import { ScrollRegion } from '../../../_components/scroll-region';
import { SectionCard } from '../../../_components/section-card';
import { EddingtonCard } from './eddington-card';
import { Skeleton } from '../../../_components/skeleton';
import { WeekBars } from '../../../_components/week-bars';
import { todayIn } from '../../../_lib/efforts';
import { problemOf } from '../../../_lib/problem';
import { trpc } from '../../../_lib/trpc';
import { useFormats, type Formats } from '../../../_lib/use-formats';
import { useMe } from '../../../_lib/use-me';
import type { StatsInput } from '@/server/services/stats/schemas';
import { addDays, mondayOf } from '@/server/util/local-day';

type Period = StatsInput['period'];

/** The range each period shows: 12 weeks, 12 months or 10 years up to today. */
function rangeOf(period: Period, today: string): { start_date: string; end_date: string } {
  if (period === 'week') return { start_date: addDays(mondayOf(today), -77), end_date: today };
  if (period === 'month') return { start_date: `${Number(today.slice(0, 4)) - 1}-${today.slice(5, 7)}-01`, end_date: today };
  return { start_date: `${Number(today.slice(0, 4)) - 9}-01-01`, end_date: today };
}

/** A bucket's name: the year, the month's short name with the year's last two digits, or the week's first day. */
function bucketLabel(f: Formats, period: Period, start: string): string {
  if (period === 'year') return start.slice(0, 4);
  if (period === 'month') return `${f.shortMonth(start)} ${start.slice(2, 4)}`;
  return f.dayMonth(start);
}

/** CONTRACT: … Statistics and calendar: totals per week, month or year, and distance year over year. */
export function StatisticsScreen() {
  const t = useTranslations('statistics');
  const f = useFormats();
  const { me, units, timezone } = useMe();
  const [period, setPeriod] = useState<Period>('week');
  const today = todayIn(timezone);
  const year = Number(today.slice(0, 4));
  const stats = trpc.progress.stats.useQuery({ period, ...rangeOf(period, today) }, { enabled: me.isSuccess });
  const yoy = trpc.progress.stats.useQuery({ period: 'month', start_date: `${year - 1}-01-01`, end_date: `${year}-12-31` }, { enabled: me.isSuccess });
  const labels = f.labels;
  const months = Array.from({ length: 12 }, (_, i) => `${year}-${String(i + 1).padStart(2, '0')}-01`);
  return (
    <div>
      <h1>{t('title')}</h1>
      <fieldset className="period-switch">
        <legend>{t('period')}</legend>
        {(['week', 'month', 'year'] as const).map((p) => (
          <label key={p}>
            <input type="radio" name="period" value={p} checked={period === p} onChange={() => setPeriod(p)} /> {t(`periods.${p}`)}
          </label>
        ))}
      </fieldset>
      {(stats.error ?? yoy.error) ? <ProblemAlert problem={problemOf((stats.error ?? yoy.error)!)} /> : null}
      <SectionCard title={t('distancePer', { period })} testId="stats-chart">
        {stats.data ? <WeekBars buckets={stats.data} units={units} label={(s) => bucketLabel(f, period, s)} /> : <Skeleton height="12rem" />}
      </SectionCard>
      <div className="two-col">
        <SectionCard title={t('totalsPer', { period })}>
          {stats.data ? (
            <ScrollRegion label={t('totalsTable')}>
              <table className="compact" data-testid="stats-table">
                <thead>
                  <tr>
                    <th scope="col">{t(`periods.${period}`)}</th>
                    <th scope="col" className="num">
                      {t('activities')}
                    </th>
                    <th scope="col" className="num">
                      {t('distance', { unit: labels.distance })}
                    </th>
                    <th scope="col" className="num">
                      {t('movingTime')}
                    </th>
                    <th scope="col" className="num">
                      {t('climb', { unit: labels.elevation })}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {[...stats.data].reverse().map((b) => (
                    <tr key={b.start}>
                      <th scope="row">{bucketLabel(f, period, b.start)}</th>
                      <td className="num">{f.number(b.count)}</td>
                      <td className="num">{f.distanceNumber(b.distance)}</td>
                      <td className="num">{f.duration(b.moving_time)}</td>
                      <td className="num">{f.elevationNumber(b.elevation_gain)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </ScrollRegion>
          ) : (
            <Skeleton height="12rem" />
          )}
        </SectionCard>
        <SectionCard title={t('yearOverYear', { year, previous: year - 1 })} testId="year-over-year">
          {yoy.data ? (
            <ScrollRegion label={t('yearOverYearTable')}>
              <table className="compact">
                <thead>
                  <tr>
                    <th scope="col">{t('month')}</th>
                    <th scope="col" className="num">
                      {t('yearDistance', { year: year - 1, unit: labels.distance })}
                    </th>
                    <th scope="col" className="num">
                      {t('yearDistance', { year, unit: labels.distance })}
                    </th>
                    <th scope="col" className="num">
                      {t('soFar', { year, unit: labels.distance })}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {months.map((m, i) => {
                    const last = yoy.data[i]!;
                    const now = yoy.data[i + 12]!;
                    const soFar = yoy.data.slice(12, 13 + i).reduce((n, b) => n + b.distance, 0);
                    return (
                      <tr key={m}>
                        <th scope="row">{f.shortMonth(m)}</th>
                        <td className="num">{f.distanceNumber(last.distance)}</td>
                        <td className="num">{f.distanceNumber(now.distance)}</td>
                        <td className="num">{f.distanceNumber(soFar)}</td>
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
      <EddingtonCard />
    </div>
  );
}
