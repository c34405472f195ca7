'use client';
import { useTranslations } from 'next-intl';
import Link from 'next/link';
import { useActivityName } from '../_lib/activity-name';
import { useSportName } from '../_lib/sport-names';
import type { Units } from '../_lib/units';
import { useLocaleFormats } from '../_lib/use-formats';
import type { CalendarResponse } from '@/server/services/stats/schemas';

/**
 * CONTRACT: … Statistics and calendar: the month, each day with its activities. The grid starts
 * its weeks where the user's language starts them (Monday in most of Europe).
 */
export function MonthCalendar({ days, today, units }: { days: CalendarResponse; today: string; units: Units }) {
  const t = useTranslations('dashboard');
  const f = useLocaleFormats(units, null);
  const sportName = useSportName();
  const activityName = useActivityName();
  // ISO weekday of the first (1 Monday … 7 Sunday), then the cells before it in this week's order
  const firstWeekday = days.length ? new Date(`${days[0]!.date}T00:00:00Z`).getUTCDay() || 7 : f.weekStart;
  const lead = (firstWeekday - f.weekStart + 7) % 7;
  return (
    <div data-testid="month-calendar">
      <div className="month-calendar" aria-hidden="true">
        {f.weekdays.map((d) => (
          <span key={d} className="weekday">
            {d}
          </span>
        ))}
      </div>
      <ol className="month-calendar" aria-label={t('daysOfMonth')}>
        {Array.from({ length: lead }, (_, i) => (
          <li key={`lead-${i}`} aria-hidden="true" />
        ))}
        {days.map((day) => (
          <li key={day.date} className={day.date === today ? 'day today' : 'day'} aria-current={day.date === today ? 'date' : undefined}>
            <span className="muted">{Number(day.date.slice(8))}</span>
            {day.activities.map((a) => (
              <Link
                key={a.id}
                href={`/activities/${a.id}`}
                title={`${activityName(a.name, a.activity_type)} · ${sportName(a.activity_type)} · ${f.distance(a.distance)}`}
              >
                {activityName(a.name, a.activity_type)}
              </Link>
            ))}
          </li>
        ))}
      </ol>
    </div>
  );
}
