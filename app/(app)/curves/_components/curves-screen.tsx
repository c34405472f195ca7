'use client';
import { useTranslations } from 'next-intl';
import Link from 'next/link';
import { useMemo, useState } from 'react';
import { SportFamilyOptions } from '../../../_components/activity-type-options';
import { ProblemAlert } from '../../../_components/problem-alert';
import { ScrollRegion } from '../../../_components/scroll-region';
import { SectionCard } from '../../../_components/section-card';
import { Skeleton } from '../../../_components/skeleton';
import { durationName, todayIn, useEffortDistanceName } from '../../../_lib/efforts';
import { problemOf } from '../../../_lib/problem';
import { trpc } from '../../../_lib/trpc';
import { useFormats } from '../../../_lib/use-formats';
import { useMe } from '../../../_lib/use-me';
import type { SportFamily } from '@/server/services/efforts/sport-families';
import type { CurveKind, CurvePoint } from '@/server/services/performance/schemas';
import { PerformanceModels } from './performance-models';
import { SeasonCurvesChart } from './season-curves-chart';
import { ThresholdSuggestions } from './threshold-suggestions';

const KINDS: CurveKind[] = ['power', 'pace', 'gap_pace', 'hr'];
const DEFAULT_FAMILY: Record<CurveKind, SportFamily> = { power: 'ride', pace: 'run', gap_pace: 'run', hr: 'run' };

/**
 * Curves (issue 52): this season (1 January to today) against the last, per
 * duration or distance, with the activity each best came from; then the models and the open
 * threshold suggestions.
 */
export function CurvesScreen() {
  const t = useTranslations('curves');
  const f = useFormats();
  const { me, timezone } = useMe();
  const distanceName = useEffortDistanceName();
  const [kind, setKind] = useState<CurveKind>('power');
  const [family, setFamily] = useState<SportFamily>(DEFAULT_FAMILY.power);
  const today = todayIn(timezone);
  const year = Number(today.slice(0, 4));
  const thisSeason = { start_date: `${year}-01-01`, end_date: today };
  const lastSeason = { start_date: `${year - 1}-01-01`, end_date: `${year - 1}-12-31` };
  const current = trpc.performance.curves.useQuery({ kind, type: family, ...thisSeason }, { enabled: me.isSuccess });
  const previous = trpc.performance.curves.useQuery({ kind, type: family, ...lastSeason }, { enabled: me.isSuccess });
  const byDistance = kind === 'pace' || kind === 'gap_pace';
  const measures = [...new Set([...(current.data?.points ?? []), ...(previous.data?.points ?? [])].map((p) => p.measure))].sort((a, b) => a - b);
  const cell = (points: CurvePoint[] | undefined, measure: number) => {
    const p = points?.find((q) => q.measure === measure);
    if (!p) return '—';
    const value = kind === 'power' ? `${p.value} W` : kind === 'hr' ? `${p.value} bpm` : `${f.clock(p.value)} · ${f.pace(p.measure / p.value)}`;
    return <Link href={`/activities/${p.activity_id}`}>{value}</Link>;
  };
  const error = current.error ?? previous.error;
  const seasons = useMemo(
    () =>
      current.data && previous.data
        ? ([
            { label: t('thisSeason', { year }), points: current.data.points },
            { label: t('lastSeason', { year: year - 1 }), points: previous.data.points },
          ] as const)
        : null,
    [current.data, previous.data, t, year],
  );
  return (
    <div>
      <h1>{t('title')}</h1>
      <ThresholdSuggestions />
      <div className="period-switch">
        <label>
          {t('kind')}
          <select
            value={kind}
            onChange={(e) => {
              const next = e.target.value as CurveKind;
              setKind(next);
              setFamily(DEFAULT_FAMILY[next]);
            }}
          >
            {KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`kinds.${k}`)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('sport')}
          <select value={family} onChange={(e) => setFamily(e.target.value as SportFamily)}>
            <SportFamilyOptions />
          </select>
        </label>
      </div>
      {error ? <ProblemAlert problem={problemOf(error)} /> : null}
      <SectionCard title={t(`kinds.${kind}`)} testId="curves-table">
        <p className="muted">{t(`explain.${kind}`)}</p>
        {!current.data || !previous.data || !seasons ? (
          <Skeleton height="12rem" />
        ) : measures.length === 0 ? (
          <p className="muted">{t('empty')}</p>
        ) : (
          <>
            <SeasonCurvesChart kind={kind} seasons={seasons} />
            <ScrollRegion label={t('table')}>
              <table className="compact">
                <thead>
                  <tr>
                    <th scope="col">{byDistance ? t('distance') : t('duration')}</th>
                    <th scope="col">{t('thisSeason', { year })}</th>
                    <th scope="col">{t('lastSeason', { year: year - 1 })}</th>
                  </tr>
                </thead>
                <tbody>
                  {measures.map((m) => (
                    <tr key={m}>
                      <th scope="row">{byDistance ? distanceName(m) : durationName(m)}</th>
                      <td>{cell(current.data.points, m)}</td>
                      <td>{cell(previous.data.points, m)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </ScrollRegion>
          </>
        )}
      </SectionCard>
      <PerformanceModels enabled={me.isSuccess} />
    </div>
  );
}
