'use client';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { MonthCalendar } from '../../../_components/month-calendar';
import { ProblemAlert } from '../../../_components/problem-alert';
import { SectionCard } from '../../../_components/section-card';
import { Skeleton } from '../../../_components/skeleton';
import { todayIn } from '../../../_lib/efforts';
import { problemOf } from '../../../_lib/problem';
import { shiftPeriods } from '../../../_lib/stats-window';
import { trpc } from '../../../_lib/trpc';
import { useFormats } from '../../../_lib/use-formats';
import { useMe } from '../../../_lib/use-me';

/** CONTRACT: … Statistics and calendar: GET /stats/calendar a month at a time, earlier and later months a click away. */
export function CalendarScreen() {
  const t = useTranslations('calendarPage');
  const f = useFormats();
  const { me, units, timezone } = useMe();
  const today = todayIn(timezone);
  const [month, setMonth] = useState<string | null>(null);
  const shown = month ?? today.slice(0, 7);
  const move = (n: number) => setMonth(shiftPeriods('month', `${shown}-01`, n).slice(0, 7));
  const calendar = trpc.progress.calendar.useQuery({ month: shown }, { enabled: me.isSuccess, placeholderData: (previous) => previous });
  const count = calendar.data?.reduce((n, day) => n + day.activities.length, 0) ?? 0;
  return (
    <div className="stack-lg">
      <h1>{t('title')}</h1>
      <nav className="stats-nav row" aria-label={t('navigation')}>
        <button type="button" onClick={() => move(-1)}>
          {t('previous')}
        </button>
        <p className="stats-range" data-testid="calendar-month" aria-live="polite">
          {f.month(shown)}
        </p>
        <button type="button" onClick={() => move(1)}>
          {t('next')}
        </button>
        <button type="button" onClick={() => setMonth(null)} disabled={shown === today.slice(0, 7)}>
          {t('thisMonth')}
        </button>
      </nav>
      {calendar.error ? <ProblemAlert problem={problemOf(calendar.error)} /> : null}
      <SectionCard title={t('month', { month: f.month(shown), count })} testId="calendar">
        {calendar.data ? <MonthCalendar days={calendar.data} today={today} units={units} /> : <Skeleton height="20rem" />}
      </SectionCard>
    </div>
  );
}
