'use client';
import Link from 'next/link';
import { PrBadge } from '../../../_components/pr-badge';
import { ProblemAlert } from '../../../_components/problem-alert';
import { SectionCard } from '../../../_components/section-card';
import { Skeleton } from '../../../_components/skeleton';
import { WeekBars } from '../../../_components/week-bars';
import { addDays, durationName, effortDistanceName, mondayOf, todayIn } from '../../../_lib/efforts';
import { formatDate } from '../../../_lib/dates';
import { problemOf } from '../../../_lib/problem';
import { trpc } from '../../../_lib/trpc';
import { formatClock } from '../../../_lib/units';
import { useMe } from '../../../_lib/use-me';
import { MonthCalendar } from './month-calendar';
import { SummaryCards } from './summary-cards';

/** The signed-in home: summary cards, 12 weeks by sport, this month's calendar, recent records. */
export function DashboardScreen() {
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
      <h1>Dashboard</h1>
      {error ? <ProblemAlert problem={problemOf(error)} /> : null}
      {summary.data ? <SummaryCards summary={summary.data} units={units} /> : <Skeleton height="7rem" />}
      <div className="two-col">
        <SectionCard title="Last 12 weeks">
          {weeks.data ? (
            <WeekBars buckets={weeks.data} units={units} label={(start) => formatDate(`${start}T12:00:00Z`, 'UTC').replace(/ \d{4}$/, '')} />
          ) : (
            <Skeleton height="12rem" />
          )}
        </SectionCard>
        <SectionCard title="Recent personal records" testId="recent-records">
          {!recent.data ? (
            <Skeleton lines={4} />
          ) : recent.data.length === 0 ? (
            <p className="muted">No records yet: upload a run or a ride with power.</p>
          ) : (
            <ul className="plain-list">
              {recent.data.map((r) => (
                <li key={`${r.activity_id}-${r.kind}-${r.measure}`}>
                  <PrBadge rank={1} />{' '}
                  {r.kind === 'distance' ? `${effortDistanceName(r.measure)} in ${formatClock(r.value)}` : `${durationName(r.measure)} at ${r.value} W`} ·{' '}
                  <Link href={`/activities/${r.activity_id}`}>{r.activity_name}</Link>
                </li>
              ))}
            </ul>
          )}
          <p>
            <Link href="/records">All records</Link>
          </p>
        </SectionCard>
      </div>
      <SectionCard
        title={`This month · ${new Date(`${today.slice(0, 7)}-01T12:00:00Z`).toLocaleDateString('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' })}`}
      >
        {calendar.data ? <MonthCalendar days={calendar.data} today={today} units={units} /> : <Skeleton height="16rem" />}
      </SectionCard>
    </div>
  );
}
