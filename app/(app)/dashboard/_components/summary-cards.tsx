'use client';
import { useTranslations } from 'next-intl';
import type { Units } from '../../../_lib/units';
import { useLocaleFormats } from '../../../_lib/use-formats';
import type { SummaryResponse } from '@/server/services/stats/schemas';

const CARDS = ['this_week', 'this_month', 'this_year', 'all_time'] as const;

/** CONTRACT: … Statistics and calendar: the summary as cards, with the weekly streak. */
export function SummaryCards({ summary, units }: { summary: SummaryResponse; units: Units }) {
  const t = useTranslations('dashboard.summary');
  const f = useLocaleFormats(units, null);
  return (
    <div className="summary-cards" data-testid="summary-cards">
      {CARDS.map((key) => (
        <section key={key} className="card" aria-label={t(key)}>
          <h2>{t(key)}</h2>
          <p className="big">{f.distance(summary[key].distance)}</p>
          <p className="muted small">
            {t('activities', { count: summary[key].count })} · {f.duration(summary[key].moving_time)}
          </p>
        </section>
      ))}
      <section className="card" aria-label={t('streak')}>
        <h2>{t('streak')}</h2>
        <p className="big">{t('weeks', { count: summary.streak_weeks })}</p>
        <p className="muted small">{t('inARow')}</p>
      </section>
    </div>
  );
}
