'use client';
import { useTranslations } from 'next-intl';
import Link from 'next/link';
import { PrBadge } from '../../../_components/pr-badge';
import { ProblemAlert } from '../../../_components/problem-alert';
import { SectionCard } from '../../../_components/section-card';
import { Skeleton } from '../../../_components/skeleton';
import { WeekBars } from '../../../_components/week-bars';
import { addDays, durationName, mondayOf, todayIn, useEffortDistanceName } from '../../../_lib/efforts';
import { problemOf } from '../../../_lib/problem';
import { trpc } from '../../../_lib/trpc';
import { formatClock } from '../../../_lib/units';
import { useFormats } from '../../../_lib/use-formats';
import { useMe } from '../../../_lib/use-me';
import { MonthCalendar } from './month-calendar';
import { SummaryCards } from './summary-cards';

/** The signed-in home: summary cards, 12 weeks by sport, this month's calendar, recent records. */
export function DashboardScreen() {
  const t = useTranslations('dashboard');
  const f = useFormats();
  const distanceName = useEffortDistanceName();
  const { me, units, timezone } = useMe();
  const today = todayIn(timezone);
  const ready = me.isSuccess;
  const summary = trpc.progress.summary.useQuery(undefined, { enabled: ready });
  const weeks = trpc.progress.stats.useQuery({ period: 'week', start_date: addDays(mondayOf(today), -77), end_date: today }, { enabled: ready });
  const calendar = trpc.progress.calendar.useQuery({ month: today.slice(0, 7) }, { enabled: ready });
  const recent = trpc.progress.recentRecords.useQuery({ limit: 6 }, { enabled: ready });
  const error = summary.error ?? weeks.error ?? calendar.error ?? recent.error;
  return (
    <div className="dashboard">
      <h1>{t('title')}</h1>
      {error ? <ProblemAlert problem={problemOf(error)} /> : null}
      {summary.data ? <SummaryCards summary={summary.data} units={units} /> : <Skeleton height="7rem" />}
      <div className="two-col">
        <SectionCard title={t('lastWeeks')}>
          {weeks.data ? <WeekBars buckets={weeks.data} units={units} label={(start) => f.dayMonth(start)} /> : <Skeleton height="12rem" />}
        </SectionCard>
        <SectionCard title={t('recentRecords')} testId="recent-records">
          {!recent.data ? (
            <Skeleton lines={4} />
          ) : recent.data.length === 0 ? (
            <p className="muted">{t('noRecords')}</p>
          ) : (
            <ul className="plain-list">
              {recent.data.map((r) => (
                <li key={`${r.activity_id}-${r.kind}-${r.measure}`}>
                  <PrBadge rank={1} />{' '}
                  {r.kind === 'distance'
                    ? t('distanceRecord', { distance: distanceName(r.measure), time: formatClock(r.value) })
                    : t('powerRecord', { duration: durationName(r.measure), watts: r.value })}{' '}
                  · <Link href={`/activities/${r.activity_id}`}>{r.activity_name}</Link>
                </li>
              ))}
            </ul>
          )}
          <p>
            <Link href="/records">{t('allRecords')}</Link>
          </p>
        </SectionCard>
      </div>
      <SectionCard title={t('thisMonth', { month: f.month(today.slice(0, 7)) })}>
        {calendar.data ? <MonthCalendar days={calendar.data} today={today} units={units} /> : <Skeleton height="16rem" />}
      </SectionCard>
    </div>
  );
}
