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
import type { FitnessDay } from '@/server/formats/metrics/fitness-series';
import { addDays } from '@/server/util/local-day';

const RANGES = [
  { key: '90d', label: 'days90', days: 90 },
  { key: '1y', label: 'year', days: 365 },
  { key: 'all', label: 'allTime', days: MAX_FITNESS_DAYS },
] as const;
type RangeKey = (typeof RANGES)[number]['key'];

/** The days of the last `span` days of the history (which ends today). */
const lastDays = (days: FitnessDay[], span: number) => days.slice(Math.max(0, days.length - span));
const hasLoad = (days: FitnessDay[]) => days.some((d) => d.load > 0);

/**
 * CONTRACT: … Training load: fitness, fatigue and form over 90 days, a year or all time, and
 * today's form. The history is read once, from the first activity's day; the range shown first is
 * the shortest that holds load (so a person whose last load is older than 90 days sees it), and
 * with none the card says what gives load.
 */
export function FitnessScreen() {
  const t = useTranslations('trainingLoad.fitness');
  const empty = useTranslations('fitnessEmpty');
  const f = useFormats();
  const { me, timezone } = useMe();
  const [chosen, setChosen] = useState<RangeKey | null>(null);
  const today = todayIn(timezone);
  const summary = trpc.progress.summary.useQuery(undefined, { enabled: me.isSuccess });
  const earliest = addDays(today, 1 - MAX_FITNESS_DAYS);
  const from = summary.data?.first_day && summary.data.first_day > earliest && summary.data.first_day < today ? summary.data.first_day : earliest;
  const fitness = trpc.trainingLoad.fitness.useQuery({ start_date: summary.data?.first_day ? from : today, end_date: today }, { enabled: summary.isSuccess });
  const thresholds = trpc.trainingLoad.thresholds.useQuery();
  const history = fitness.data ?? null;
  const range = chosen ?? (history ? (RANGES.find((r) => hasLoad(lastDays(history, r.days)))?.key ?? '90d') : '90d');
  const span = RANGES.find((r) => r.key === range)!.days;
  // all time starts at the first day with anything to show
  const shown = history ? lastDays(history, span) : null;
  const first = shown?.findIndex((d) => d.load || d.ctl || d.atl) ?? -1;
  const days = shown ? (first < 0 ? [] : shown.slice(first)) : null;
  const now = history?.at(-1);
  const reading = now ? formReading(now.tsb) : null;
  const noThresholds = thresholds.data?.length === 0;
  return (
    <div className="stack-lg">
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
            <input type="radio" name="range" value={r.key} checked={range === r.key} onChange={() => setChosen(r.key)} /> {t(r.label)}
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
        {!days ? (
          <Skeleton height="18rem" />
        ) : days.length > 1 ? (
          <FitnessChart days={days} />
        ) : (
          <p className="empty" data-testid="fitness-empty">
            {empty.rich(noThresholds ? 'noThresholds' : 'noLoad', {
              link: (text) => <Link href={noThresholds ? '/settings/thresholds' : '/activities'}>{text}</Link>,
            })}
          </p>
        )}
      </SectionCard>
    </div>
  );
}
