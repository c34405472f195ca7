import Link from 'next/link';
import { activityTypeLabel } from '../../../_lib/activity-types';
import { formatDistance, type Units } from '../../../_lib/units';
import type { CalendarResponse } from '@/server/services/stats/schemas';

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

/** CONTRACT: … Statistics and calendar: the month, Monday first, each day with its activities. */
export function MonthCalendar({ days, today, units }: { days: CalendarResponse; today: string; units: Units }) {
  const lead = days.length ? (new Date(`${days[0]!.date}T00:00:00Z`).getUTCDay() + 6) % 7 : 0;
  return (
    <div data-testid="month-calendar">
      <div className="month-calendar" aria-hidden="true">
        {WEEKDAYS.map((d) => (
          <span key={d} className="weekday">
            {d}
          </span>
        ))}
      </div>
      <ol className="month-calendar" aria-label="Days of the month">
        {Array.from({ length: lead }, (_, i) => (
          <li key={`lead-${i}`} aria-hidden="true" />
        ))}
        {days.map((day) => (
          <li key={day.date} className={day.date === today ? 'day today' : 'day'} aria-current={day.date === today ? 'date' : undefined}>
            <span className="muted">{Number(day.date.slice(8))}</span>
            {day.activities.map((a) => (
              <Link key={a.id} href={`/activities/${a.id}`} title={`${a.name} · ${activityTypeLabel(a.activity_type)} · ${formatDistance(a.distance, units)}`}>
                {a.name}
              </Link>
            ))}
          </li>
        ))}
      </ol>
    </div>
  );
}
