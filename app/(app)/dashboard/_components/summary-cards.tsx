import { formatDistance, formatDuration, type Units } from '../../../_lib/units';
import type { SummaryResponse } from '@/server/services/stats/schemas';

const CARDS = [
  ['this_week', 'This week'],
  ['this_month', 'This month'],
  ['this_year', 'This year'],
  ['all_time', 'All time'],
] as const;

/** CONTRACT: … Statistics and calendar: the summary as cards, with the weekly streak. */
export function SummaryCards({ summary, units }: { summary: SummaryResponse; units: Units }) {
  return (
    <div className="summary-cards" data-testid="summary-cards">
      {CARDS.map(([key, title]) => (
        <section key={key} className="card" aria-label={title}>
          <h2>{title}</h2>
          <p className="big">{formatDistance(summary[key].distance, units)}</p>
          <p className="muted small">
            {summary[key].count} {summary[key].count === 1 ? 'activity' : 'activities'} · {formatDuration(summary[key].moving_time)}
          </p>
        </section>
      ))}
      <section className="card" aria-label="Weekly streak">
        <h2>Weekly streak</h2>
        <p className="big">
          {summary.streak_weeks} {summary.streak_weeks === 1 ? 'week' : 'weeks'}
        </p>
        <p className="muted small">in a row with an activity</p>
      </section>
    </div>
  );
}
