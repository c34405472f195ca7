'use client';
import Link from 'next/link';
import { useState } from 'react';
import { useTranslations } from 'next-intl';
import { Figure } from '../../../_components/figure';
import { ProblemAlert } from '../../../_components/problem-alert';
import { SectionCard } from '../../../_components/section-card';
import { Skeleton } from '../../../_components/skeleton';
import { todayIn } from '../../../_lib/efforts';
import { formReading, FRESH_ABOVE, TIRED_BELOW } from '../../../_lib/form-reading';
import { problemOf } from '../../../_lib/problem';
import { trpc } from '../../../_lib/trpc';
import { useFormats } from '../../../_lib/use-formats';
import { useMe } from '../../../_lib/use-me';
import { FitnessChart } from './fitness-chart';
import { MAX_FITNESS_DAYS } from '@/server/services/training-load/schemas';
import { addDays } from '@/server/util/local-day';

const RANGES = [
  { key: '90d', label: 'days90', days: 90 },
  { key: '1y', label: 'year', days: 365 },
  { key: 'all', label: 'allTime', days: MAX_FITNESS_DAYS },
] as const;
type RangeKey = (typeof RANGES)[number]['key'];

/** CONTRACT: … Training load: fitness, fatigue and form over 90 days, a year or all time, and today's form. */
export function FitnessScreen() {
  const t = useTranslations('trainingLoad.fitness');
  const f = useFormats();
  const { me, timezone } = useMe();
  const [range, setRange] = useState<RangeKey>('90d');
  const today = todayIn(timezone);
  const span = RANGES.find((r) => r.key === range)!.days;
  const fitness = trpc.trainingLoad.fitness.useQuery({ start_date: addDays(today, 1 - span), end_date: today }, { enabled: me.isSuccess });
  const thresholds = trpc.trainingLoad.thresholds.useQuery();
  // all time starts at the first day with anything to show
  const first = fitness.data?.findIndex((d) => d.load || d.ctl || d.atl) ?? -1;
  const days = fitness.data ? (first < 0 ? [] : fitness.data.slice(first)) : null;
  const now = fitness.data?.at(-1);
  const reading = now ? formReading(now.tsb) : null;
  return (
    <div>
      <h1>{t('title')}</h1>
      {thresholds.data && thresholds.data.length === 0 ? (
        <p className="notice" role="note">
          {t.rich('needsThresholds', { link: (text) => <Link href="/settings/thresholds">{text}</Link> })}
        </p>
      ) : null}
      <fieldset className="period-switch">
        <legend>{t('range')}</legend>
        {RANGES.map((r) => (
          <label key={r.key}>
            <input type="radio" name="range" value={r.key} checked={range === r.key} onChange={() => setRange(r.key)} /> {t(r.label)}
          </label>
        ))}
      </fieldset>
      {fitness.error ? <ProblemAlert problem={problemOf(fitness.error)} /> : null}
      <SectionCard title={t('today')} testId="current-form">
        {!now || !reading ? (
          <Skeleton lines={2} />
        ) : (
          <dl className="figures">
            <Figure label={t('form')} value={`${f.number(now.tsb, 1)} · ${t(`reading.${reading}`)}`} />
            <Figure label={t('fitness')} value={f.number(now.ctl, 1)} />
            <Figure label={t('fatigue')} value={f.number(now.atl, 1)} />
          </dl>
        )}
        {reading ? (
          <p className="muted small" data-testid="form-reading">
            {t(`readingText.${reading}`, { fresh: f.number(FRESH_ABOVE), tired: f.number(TIRED_BELOW) })}
          </p>
        ) : null}
      </SectionCard>
      <SectionCard title={t('chartTitle')}>
        {days ? days.length > 1 ? <FitnessChart days={days} /> : <p className="empty">{t('empty')}</p> : <Skeleton height="18rem" />}
      </SectionCard>
    </div>
  );
}
