'use client';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useCallback } from 'react';
import type { MapTiles } from '@/server/map-tiles';
import { ProblemAlert } from '../../../_components/problem-alert';
import { Skeleton } from '../../../_components/skeleton';
import { problemOf } from '../../../_lib/problem';
import { trpc } from '../../../_lib/trpc';
import { formatClock, formatDistance } from '../../../_lib/units';
import { useMe } from '../../../_lib/use-me';
import { SegmentsMap } from './segments-map';

/** CONTRACT: Explorer, goals, gear components, segments: the caller's segments with their best times. */
export function SegmentsScreen({ tiles }: { tiles: MapTiles | null }) {
  const t = useTranslations('segments');
  const families = useTranslations('sportFamilies');
  const { units } = useMe();
  const list = trpc.segments.list.useQuery({});
  const router = useRouter();
  const open = useCallback((id: number) => router.push(`/segments/${id}`), [router]);
  return (
    <section className="card" aria-labelledby="segments-heading" data-testid="segments">
      <h1 id="segments-heading">{t('title')}</h1>
      {list.error ? <ProblemAlert problem={problemOf(list.error)} /> : null}
      {!list.data ? (
        <Skeleton lines={4} />
      ) : list.data.length ? (
        <>
          <SegmentsMap segments={list.data} tiles={tiles} onOpen={open} />
          <table className="table">
            <thead>
              <tr>
                <th scope="col">{t('name')}</th>
                <th scope="col">{t('sport')}</th>
                <th scope="col">{t('distance')}</th>
                <th scope="col">{t('efforts')}</th>
                <th scope="col">{t('best')}</th>
              </tr>
            </thead>
            <tbody>
              {list.data.map((s) => (
                <tr key={s.id}>
                  <th scope="row">
                    <Link href={`/segments/${s.id}`}>{s.name}</Link>
                  </th>
                  <td>{s.sport ? families(s.sport) : t('anySport')}</td>
                  <td>{formatDistance(s.distance, units)}</td>
                  <td>{s.effort_count}</td>
                  <td>{s.best_elapsed_time === null ? '—' : formatClock(Math.round(s.best_elapsed_time))}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      ) : (
        <p className="empty">{t('none')}</p>
      )}
    </section>
  );
}
