'use client';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { ProblemAlert } from '../../../../_components/problem-alert';
import { SectionCard } from '../../../../_components/section-card';
import { SegmentEffortsTable } from '../../../../_components/segment-efforts-table';
import { problemOf } from '../../../../_lib/problem';
import { trpc } from '../../../../_lib/trpc';
import { formatDistance, type Units } from '../../../../_lib/units';

/**
 * CONTRACT: Explorer, goals, gear components, segments: the activity's passes over its owner's
 * segments with PR badges, and a segment made of the stretch the charts are zoomed to.
 */
export function SegmentEfforts({
  id,
  stretch,
  distance,
  units,
}: {
  id: number;
  stretch: [number, number] | null;
  distance: (number | null)[] | undefined;
  units: Units;
}) {
  const t = useTranslations('segments');
  // a segment made or matched since this page was last open changes the list: always ask again
  const efforts = trpc.segments.activityEfforts.useQuery({ id }, { refetchOnMount: 'always' });
  const router = useRouter();
  const [name, setName] = useState('');
  const create = trpc.segments.create.useMutation({ onSuccess: (segment) => router.push(`/segments/${segment.id}`) });
  const metres = stretch && distance ? (distance[stretch[1]] ?? 0) - (distance[stretch[0]] ?? 0) : null;
  return (
    <SectionCard title={t('onActivity')} testId="segment-efforts">
      {efforts.data?.length ? (
        <SegmentEffortsTable
          units={units}
          rows={efforts.data.map((e) => ({ ...e, key: e.id, name: <Link href={`/segments/${e.segment_id}`}>{e.segment_name}</Link> }))}
        />
      ) : (
        <p className="muted">{efforts.data ? t('noneOnActivity') : '…'}</p>
      )}
      <form
        className="inline-form"
        onSubmit={(event) => {
          event.preventDefault();
          if (stretch) create.mutate({ activity_id: id, start_index: stretch[0], end_index: stretch[1], ...(name.trim() ? { name: name.trim() } : {}) });
        }}
      >
        <p className="muted small">{stretch ? t('stretch', { distance: formatDistance(metres, units) }) : t('stretchHint')}</p>
        <label>
          {t('segmentName')} <input value={name} onChange={(event) => setName(event.target.value)} maxLength={100} disabled={!stretch} />
        </label>
        <button type="submit" disabled={!stretch || create.isPending}>
          {t('makeFromStretch')}
        </button>
      </form>
      {create.error ? <ProblemAlert problem={problemOf(create.error)} /> : null}
    </SectionCard>
  );
}
