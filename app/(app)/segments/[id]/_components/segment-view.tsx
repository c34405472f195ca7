'use client';
import { now } from '@/server/clock';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useMemo, useState } from 'react';
import { ConfirmButton } from '../../../../_components/confirm-button';
import { PrBadge } from '../../../../_components/pr-badge';
import { ProblemAlert } from '../../../../_components/problem-alert';
import { SectionCard } from '../../../../_components/section-card';
import { Skeleton } from '../../../../_components/skeleton';
import { formatDate } from '../../../../_lib/dates';
import { HoverBus } from '../../../../_lib/hover-bus';
import { problemOf } from '../../../../_lib/problem';
import { trpc } from '../../../../_lib/trpc';
import { formatClock, formatDistance, formatSpeed } from '../../../../_lib/units';
import { useMe } from '../../../../_lib/use-me';
import { RouteMap } from '../../../activities/[id]/_components/route-map';
import { EffortsOverTime } from './efforts-over-time';
import { ElevationProfile } from './elevation-profile';
import { decodePolyline } from '@/server/formats/route/decode-polyline';
import type { MapTiles } from '@/server/map-tiles';

/** CONTRACT: Explorer, goals, gear components, segments: a segment's map, its efforts over time and the leaderboard. */
export function SegmentView({ id, tiles }: { id: number; tiles: MapTiles | null }) {
  const t = useTranslations('segments');
  const locale = useLocale();
  const router = useRouter();
  const { units, timezone } = useMe();
  const [year, setYear] = useState<number | undefined>(undefined);
  const segment = trpc.segments.get.useQuery({ id });
  // the history is matched by a job after the segment is made: ask again until a pass shows
  const efforts = trpc.segments.efforts.useQuery({ id, year }, { refetchInterval: (query) => (query.state.data?.length ? false : 2000) });
  const profile = trpc.segments.profile.useQuery({ id });
  // the profile is read from a matched pass: ask again when the passes change
  const passes = efforts.data?.length ?? 0;
  const refetchProfile = profile.refetch;
  useEffect(() => {
    if (passes) void refetchProfile();
  }, [passes, refetchProfile]);
  const rematch = trpc.segments.rematch.useMutation({ onSuccess: () => void efforts.refetch() });
  const remove = trpc.segments.delete.useMutation({ onSuccess: () => router.push('/segments') });
  const hover = useMemo(() => new HoverBus(), []);
  const line = useMemo(() => {
    const flat = segment.data ? decodePolyline(segment.data.polyline) : new Float64Array();
    return { lat: Array.from(flat.filter((_, i) => i % 2 === 0)), lon: Array.from(flat.filter((_, i) => i % 2 === 1)) };
  }, [segment.data]);
  if (segment.error) return <ProblemAlert problem={problemOf(segment.error)} />;
  const s = segment.data;
  const thisYear = now().getFullYear();
  return (
    <article className="activity-layout" aria-busy={!s}>
      <section className="card">
        {s ? (
          <>
            <h1>{s.name}</h1>
            <p className="muted">
              {formatDistance(s.distance, units, locale)} · {t('effortCount', { count: s.effort_count })}
            </p>
            <div className="section-head">
              <button type="button" onClick={() => rematch.mutate({ id })} disabled={rematch.isPending}>
                {t('rematch')}
              </button>
              <ConfirmButton label={t('delete')} title={t('delete')} confirmLabel={t('delete')} onConfirm={() => remove.mutateAsync({ id })}>
                {t('deleteConfirm')}
              </ConfirmButton>
            </div>
          </>
        ) : (
          <Skeleton lines={2} />
        )}
      </section>
      {s ? <RouteMap lat={line.lat} lon={line.lon} tiles={tiles} hover={hover} /> : <div className="map skeleton-block" aria-hidden="true" />}
      <ElevationProfile profile={profile.data} units={units} />
      <SectionCard
        title={t('leaderboard')}
        testId="segment-leaderboard"
        actions={
          <label>
            {t('year')}{' '}
            <select value={year ?? ''} onChange={(event) => setYear(event.target.value ? Number(event.target.value) : undefined)}>
              <option value="">{t('allYears')}</option>
              {Array.from({ length: 10 }, (_, i) => thisYear - i).map((y) => (
                <option key={y} value={y}>
                  {y}
                </option>
              ))}
            </select>
          </label>
        }
      >
        {efforts.data ? <EffortsOverTime efforts={efforts.data} label={t('effortsOverTime')} /> : null}
        {!efforts.data ? (
          <Skeleton lines={4} />
        ) : efforts.data.length ? (
          <table className="table">
            <thead>
              <tr>
                <th scope="col">#</th>
                <th scope="col">{t('date')}</th>
                <th scope="col">{t('time')}</th>
                <th scope="col">{t('speed')}</th>
                <th scope="col">{t('hr')}</th>
                <th scope="col">{t('power')}</th>
                <th scope="col">{t('record')}</th>
              </tr>
            </thead>
            <tbody>
              {efforts.data.map((e, i) => (
                <tr key={e.id}>
                  <td>{i + 1}</td>
                  <th scope="row">
                    <Link href={`/activities/${e.activity_id}`}>{formatDate(e.start_time, timezone, locale)}</Link>
                  </th>
                  <td>{formatClock(Math.round(e.elapsed_time))}</td>
                  <td>{formatSpeed(e.average_speed, units, locale)}</td>
                  <td>{e.average_hr ?? '—'}</td>
                  <td>{e.average_power ?? '—'}</td>
                  <td>
                    <PrBadge rank={e.pr_rank} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : (
          <p className="empty">{t('noEfforts')}</p>
        )}
        {rematch.error ? <ProblemAlert problem={problemOf(rematch.error)} /> : null}
      </SectionCard>
    </article>
  );
}
