'use client';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { SportFamilyOptions } from '../../../_components/activity-type-options';
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
import { firstWindowEnd, shiftPeriods, statsWindow, WINDOW_PERIODS } from '../../../_lib/stats-window';
import { type SportFamily } from '@/server/services/efforts/sport-families';
import type { StatsInput } from '@/server/services/stats/schemas';
import { addDays } from '@/server/util/local-day';

type Period = StatsInput['period'];

/** A bucket's name: the year, the month's short name with the year's last two digits, or the week's first day. */
function bucketLabel(f: Formats, period: Period, start: string): string {
  if (period === 'year') return start.slice(0, 4);
  if (period === 'month') return `${f.shortMonth(start)} ${start.slice(2, 4)}`;
  return f.dayMonth(start);
}

/** A window's bounds for its caption: weeks with their year too, so a window years back says when it is. */
function rangeLabel(f: Formats, period: Period, start: string, end: string): string {
  if (period === 'week') return `${f.date(`${start}T12:00:00Z`, 'UTC')} – ${f.date(`${end}T12:00:00Z`, 'UTC')}`;
  return `${bucketLabel(f, period, start)} – ${bucketLabel(f, period, end)}`;
}

/**
 * CONTRACT: … Statistics and calendar: totals per week, month or year over any window of the
 * history (earlier and later, back to the first activity's period), for one sport or all, and
 * distance year over year. Cards stack in the page's column: a new one is one more child.
 */
export function StatisticsScreen() {
  const t = useTranslations('statistics');
  const h = useTranslations('statsHistory');
  const f = useFormats();
  const { me, units, timezone } = useMe();
  const [period, setPeriod] = useState<Period>('week');
  const [family, setFamily] = useState<SportFamily | ''>('');
  const today = todayIn(timezone);
  const [end, setEnd] = useState<string | null>(null);
  const year = Number(today.slice(0, 4));
  const summary = trpc.progress.summary.useQuery(undefined, { enabled: me.isSuccess });
  const firstDay = summary.data?.first_day ?? null;
  const window = statsWindow(period, end ?? today, today, firstDay);
  const type = family ? { type: family } : {};
  const stats = trpc.progress.stats.useQuery(
    { period, start_date: window.start_date, end_date: window.end_date, ...type },
    { enabled: me.isSuccess && summary.isSuccess, placeholderData: (previous) => previous },
  );
  const yoy = trpc.progress.stats.useQuery({ period: 'month', start_date: `${year - 1}-01-01`, end_date: `${year}-12-31`, ...type }, { enabled: me.isSuccess });
  const labels = f.labels;
  const months = Array.from({ length: 12 }, (_, i) => `${year}-${String(i + 1).padStart(2, '0')}-01`);
  const error = stats.error ?? yoy.error ?? summary.error;
  return (
    <div className="stack-lg">
      <h1>{t('title')}</h1>
      <div className="stats-controls">
        <fieldset className="period-switch">
          <legend>{t('period')}</legend>
          {(['week', 'month', 'year'] as const).map((p) => (
            <label key={p}>
              <input type="radio" name="period" value={p} checked={period === p} onChange={() => setPeriod(p)} /> {t(`periods.${p}`)}
            </label>
          ))}
        </fieldset>
        <label className="field narrow">
          <span>{h('sport')}</span>
          <select value={family} onChange={(e) => setFamily(e.target.value as SportFamily | '')}>
            <option value="">{h('allSports')}</option>
            <SportFamilyOptions />
          </select>
        </label>
      </div>
      <nav className="stats-nav row" aria-label={h('navigation')}>
        <button type="button" onClick={() => firstDay && setEnd(firstWindowEnd(period, firstDay))} disabled={!window.hasEarlier}>
          {h('firstActivity')}
        </button>
        <button type="button" onClick={() => setEnd(addDays(window.start_date, -1))} disabled={!window.hasEarlier}>
          {h('earlier')}
        </button>
        <p className="stats-range" data-testid="stats-range" aria-live="polite">
          {rangeLabel(f, period, window.start_date, window.end_date)}
        </p>
        <button type="button" onClick={() => setEnd(shiftPeriods(period, window.end_date, WINDOW_PERIODS[period]))} disabled={!window.hasLater}>
          {h('later')}
        </button>
        <button type="button" onClick={() => setEnd(null)} disabled={!window.hasLater}>
          {h('latest')}
        </button>
      </nav>
      {error ? <ProblemAlert problem={problemOf(error)} /> : null}
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
