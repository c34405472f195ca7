'use client';
import Link from 'next/link';
import { useState } from 'react';
import { Figure } from '../../../_components/figure';
import { ProblemAlert } from '../../../_components/problem-alert';
import { SectionCard } from '../../../_components/section-card';
import { Skeleton } from '../../../_components/skeleton';
import { addDays, todayIn } from '../../../_lib/efforts';
import { formReading, FRESH_ABOVE, TIRED_BELOW } from '../../../_lib/form-reading';
import { problemOf } from '../../../_lib/problem';
import { trpc } from '../../../_lib/trpc';
import { useMe } from '../../../_lib/use-me';
import { FitnessChart } from './fitness-chart';
import { MAX_FITNESS_DAYS } from '@/server/services/training-load/schemas';

const RANGES = [
  { key: '90d', label: '90 days', days: 90 },
  { key: '1y', label: '1 year', days: 365 },
  { key: 'all', label: 'All time', days: MAX_FITNESS_DAYS },
] as const;
type RangeKey = (typeof RANGES)[number]['key'];

const READING_TEXT = {
  fresh: `Fresh: form above +${FRESH_ABOVE}, rested enough to race or to train hard.`,
  neutral: `Neutral: form between ${TIRED_BELOW} and +${FRESH_ABOVE}, training and recovery in balance.`,
  tired: `Tired: form below ${TIRED_BELOW}, fatigue outweighs fitness; recover before the next hard day.`,
} as const;

/** CONTRACT: … Training load: fitness, fatigue and form over 90 days, a year or all time, and today's form. */
export function FitnessScreen() {
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
      <h1>Fitness</h1>
      {thresholds.data && thresholds.data.length === 0 ? (
        <p className="notice" role="note">
          Training load needs your thresholds (maximum and resting heart rate, LTHR, FTP). <Link href="/settings/thresholds">Enter them</Link>; every activity
          is then measured again.
        </p>
      ) : null}
      <fieldset className="period-switch">
        <legend>Range</legend>
        {RANGES.map((r) => (
          <label key={r.key}>
            <input type="radio" name="range" value={r.key} checked={range === r.key} onChange={() => setRange(r.key)} /> {r.label}
          </label>
        ))}
      </fieldset>
      {fitness.error ? <ProblemAlert problem={problemOf(fitness.error)} /> : null}
      <SectionCard title="Today" testId="current-form">
        {!now || !reading ? (
          <Skeleton lines={2} />
        ) : (
          <dl className="figures">
            <Figure label="Form (TSB)" value={`${now.tsb.toFixed(1)} · ${reading}`} />
            <Figure label="Fitness (CTL)" value={now.ctl.toFixed(1)} />
            <Figure label="Fatigue (ATL)" value={now.atl.toFixed(1)} />
          </dl>
        )}
        {reading ? (
          <p className="muted small" data-testid="form-reading">
            {READING_TEXT[reading]}
          </p>
        ) : null}
      </SectionCard>
      <SectionCard title="Fitness, fatigue and form">
        {days ? days.length > 1 ? <FitnessChart days={days} /> : <p className="empty">No training load yet.</p> : <Skeleton height="18rem" />}
      </SectionCard>
    </div>
  );
}
