'use client';
import { useTranslations } from 'next-intl';
import Link from 'next/link';
import { PrBadge } from '../../../_components/pr-badge';
import { ProblemAlert } from '../../../_components/problem-alert';
import { SectionCard } from '../../../_components/section-card';
import { Skeleton } from '../../../_components/skeleton';
import { WeekBars } from '../../../_components/week-bars';
import { useActivityName } from '../../../_lib/activity-name';
import { durationName, todayIn, useEffortDistanceName } from '../../../_lib/efforts';
import { problemOf } from '../../../_lib/problem';
import { trpc } from '../../../_lib/trpc';
import { formatClock } from '../../../_lib/units';
import { useFormats } from '../../../_lib/use-formats';
import { useMe } from '../../../_lib/use-me';
import { MonthCalendar } from '../../../_components/month-calendar';
import { GoalsCard } from './goals-card';
import { SummaryCards } from './summary-cards';

/** The signed-in home: summary cards, 12 weeks by sport, this month's calendar, recent records. */
export function DashboardScreen() {
  const t = useTranslations('dashboard');
  const calendarPage = useTranslations('calendarPage');
  const empty = useTranslations('emptyDashboard');
  const activityName = useActivityName();
  const f = useFormats();
  const distanceName = useEffortDistanceName();
  const { me, units } = useMe();
  // one read for the whole page, sent beside the profile's: the server knows today in the profile's timezone
  const dashboard = trpc.progress.dashboard.useQuery();
  const data = me.isSuccess ? dashboard.data : undefined;
  const error = dashboard.error;
  return (
    <div className="dashboard">
      <h1>{t('title')}</h1>
      {error ? <ProblemAlert problem={problemOf(error)} /> : null}
      {data && data.summary.all_time.count === 0 ? (
        <section className="card empty-cta" aria-labelledby="empty-dashboard" data-testid="empty-dashboard">
          <h2 id="empty-dashboard">{empty('title')}</h2>
          <p>{empty('text')}</p>
          <p className="row">
            <Link className="button primary" href="/activities">
              {empty('upload')}
            </Link>
            <Link className="button" href="/settings/import">
              {empty('import')}
            </Link>
          </p>
        </section>
      ) : null}
      {data ? <SummaryCards summary={data.summary} units={units} /> : <Skeleton height="7rem" />}
      <GoalsCard />
      <div className="two-col">
        <SectionCard title={t('lastWeeks')}>
          {data ? <WeekBars buckets={data.weeks} units={units} label={(start) => f.dayMonth(start)} /> : <Skeleton height="12rem" />}
        </SectionCard>
        <SectionCard title={t('recentRecords')} testId="recent-records">
          {!data ? (
            <Skeleton lines={4} />
          ) : data.recent_records.length === 0 ? (
            <p className="muted">{t('noRecords')}</p>
          ) : (
            <ul className="plain-list">
              {data.recent_records.map((r) => (
                <li key={`${r.activity_id}-${r.kind}-${r.measure}`}>
                  <PrBadge rank={1} />{' '}
                  {r.kind === 'distance'
                    ? t('distanceRecord', { distance: distanceName(r.measure), time: formatClock(r.value) })
                    : t('powerRecord', { duration: durationName(r.measure), watts: r.value })}{' '}
                  · <Link href={`/activities/${r.activity_id}`}>{activityName(r.activity_name, r.activity_type)}</Link>
                </li>
              ))}
            </ul>
          )}
          <p>
            <Link href="/records">{t('allRecords')}</Link>
          </p>
        </SectionCard>
      </div>
      <SectionCard
        title={t('thisMonth', { month: f.month((data?.today ?? todayIn(null)).slice(0, 7)) })}
        testId="dashboard-calendar"
        actions={<Link href="/calendar">{calendarPage('open')}</Link>}
      >
        {data ? <MonthCalendar days={data.calendar} today={data.today} units={units} /> : <Skeleton height="16rem" />}
      </SectionCard>
    </div>
  );
}
