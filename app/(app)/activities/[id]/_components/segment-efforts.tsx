'use client';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useRef, useState } from 'react';
import { ProblemAlert } from '../../../../_components/problem-alert';
import { SectionCard } from '../../../../_components/section-card';
import { SegmentEffortsTable } from '../../../../_components/segment-efforts-table';
import { problemOf } from '../../../../_lib/problem';
import { trpc } from '../../../../_lib/trpc';
import { formatDistance, type Units } from '../../../../_lib/units';
import { SEGMENT_NAME_FIELD } from './map-stretch-bar';

/**
 * CONTRACT: Explorer, goals, gear components, segments: the activity's passes over its owner's
 * segments with PR badges, and a segment made of the stretch the charts are zoomed to.
 */
export function SegmentEfforts({
  id,
  stretch,
  onStretch,
  distance,
  units,
}: {
  id: number;
  stretch: [number, number] | null;
  /** the keyboard's way to choose a stretch (a drag across a chart or two clicks on the map are the mouse's) */
  onStretch: (stretch: [number, number] | null) => void;
  distance: (number | null)[] | undefined;
  units: Units;
}) {
  const t = useTranslations('segments');
  const locale = useLocale();
  // a segment made or matched since this page was last open changes the list: always ask again
  const efforts = trpc.segments.activityEfforts.useQuery({ id }, { refetchOnMount: 'always' });
  const router = useRouter();
  const [name, setName] = useState('');
  const create = trpc.segments.create.useMutation({ onSuccess: (segment) => router.push(`/segments/${segment.id}`) });
  const metres = stretch && distance ? (distance[stretch[1]] ?? 0) - (distance[stretch[0]] ?? 0) : null;
  const perUnit = units === 'imperial' ? 1609.344 : 1000;
  const unit = units === 'imperial' ? 'mi' : 'km';
  const at = (i: number) => ((distance?.[i] ?? 0) / perUnit).toFixed(2);
  // what the fields show: the chosen stretch's ends, until the user types in them
  const [typed, setTyped] = useState<{ from: string; to: string } | null>(null);
  const mine = useRef<[number, number] | null>(null);
  // a stretch chosen on the charts shows in the fields again
  useEffect(() => {
    if (stretch !== mine.current) setTyped(null);
  }, [stretch]);
  const shown = typed ?? { from: stretch ? at(stretch[0]) : '', to: stretch ? at(stretch[1]) : '' };
  const choose = (next: { from: string; to: string }) => {
    setTyped(next);
    const [from, to] = [Number(next.from) * perUnit, Number(next.to) * perUnit];
    if (!distance || next.from === '' || next.to === '' || !(to > from)) return onStretch(null);
    // the first sample at or past each distance
    const index = (m: number) => distance.findIndex((d) => d != null && d >= m);
    const [i, j] = [index(from), index(to)];
    mine.current = i >= 0 && j > i ? [i, j] : i >= 0 && j < 0 && from < (distance.at(-1) ?? 0) ? [i, distance.length - 1] : null;
    onStretch(mine.current);
  };
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
        <p className="muted small">{stretch ? t('stretch', { distance: formatDistance(metres, units, locale) }) : t('stretchHint')}</p>
        <label>
          {t('stretchFrom', { unit })}{' '}
          <input
            type="number"
            inputMode="decimal"
            min={0}
            step={0.01}
            value={shown.from}
            onChange={(event) => choose({ ...shown, from: event.target.value })}
          />
        </label>
        <label>
          {t('stretchTo', { unit })}{' '}
          <input type="number" inputMode="decimal" min={0} step={0.01} value={shown.to} onChange={(event) => choose({ ...shown, to: event.target.value })} />
        </label>
        <label>
          {t('segmentName')}{' '}
          <input id={SEGMENT_NAME_FIELD} value={name} onChange={(event) => setName(event.target.value)} maxLength={100} disabled={!stretch} />
        </label>
        <button type="submit" disabled={!stretch || create.isPending}>
          {t('makeFromStretch')}
        </button>
      </form>
      {create.error ? <ProblemAlert problem={problemOf(create.error)} /> : null}
    </SectionCard>
  );
}
